//! proptest strategies for the inputs that matter to the library: chars
//! weighted to every encoded width and its edges, valid text with long
//! ASCII runs, valid text with a few unit edits, and units drawn from the
//! edges of the byte, UTF-16 and UTF-32 value classes.

use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;
use std::fmt::Debug;

/// A proptest config with `default_cases` cases, unless `PROPTEST_CASES`
/// says otherwise.
pub fn proptest_config(default_cases: u32) -> ProptestConfig {
    let cases =
        std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(default_cases);
    ProptestConfig { cases, ..ProptestConfig::default() }
}

// ----------------------------- generators ---------------------------------

/// Chars weighted towards every UTF-8 width and the edges between them.
/// (A plain map from two integers: much cheaper to generate than a union
/// of strategies, which matters in debug builds.)
pub fn arb_char() -> impl Strategy<Value = char> + Clone {
    (any::<u8>(), any::<u32>()).prop_map(|(class, x)| char_of(class, x))
}

/// The char of class `class % 16` picked by `x`.
pub fn char_of(class: u8, x: u32) -> char {
    const EDGES: [char; 13] = [
        '\0',
        '\x7F',
        '\u{80}',
        '\u{7FF}',
        '\u{800}',
        '\u{D7FF}',
        '\u{E000}',
        '\u{FEFF}',
        '\u{FFFD}',
        '\u{FFFF}',
        '\u{10000}',
        '\u{10FFFF}',
        '\n',
    ];
    let c = match class % 16 {
        0..=5 => 0x20 + x % 0x5F,
        6 => EDGES[x as usize % EDGES.len()] as u32,
        7..=8 => 0x80 + x % 0x780,
        9..=10 => 0x800 + x % (0xD800 - 0x800),
        11 => 0xE000 + x % 0x2000,
        12..=13 => 0x10000 + x % 0x100000,
        _ => x % 0x110000,
    };
    char::from_u32(c).unwrap_or('\u{FFFD}')
}

/// Valid text of 0..`max` chars, sometimes with long ASCII runs.
pub fn arb_text(max: usize) -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::collection::vec(arb_char(), 0..max).prop_map(|v| v.into_iter().collect()),
        1 => (prop::collection::vec(arb_char(), 0..max / 4), 0..max, prop::collection::vec(arb_char(), 0..max / 4))
            .prop_map(|(a, n, b)| {
                let mut s: String = a.into_iter().collect();
                s.extend(std::iter::repeat('x').take(n));
                s.extend(b);
                s
            }),
    ]
}

/// An edit applied to a sequence of units.
#[derive(Clone, Debug)]
pub enum Edit<T> {
    Set(usize, T),
    Insert(usize, T),
    Remove(usize),
    Truncate(usize),
}

/// Applies `edits` (indices taken modulo the current length).
pub fn apply<T: Copy>(mut v: Vec<T>, edits: &[Edit<T>]) -> Vec<T> {
    for e in edits {
        let n = v.len();
        match *e {
            Edit::Set(i, x) if n > 0 => v[i % n] = x,
            Edit::Insert(i, x) => v.insert(i % (n + 1), x),
            Edit::Remove(i) if n > 0 => {
                v.remove(i % n);
            }
            Edit::Truncate(i) => v.truncate(i % (n + 1)),
            _ => {}
        }
    }
    v
}

pub fn arb_edits<T: Debug + Clone + 'static>(
    unit: impl Strategy<Value = T> + Clone + 'static,
) -> impl Strategy<Value = Vec<Edit<T>>> {
    let edit = prop_oneof![
        4 => (any::<usize>(), unit.clone()).prop_map(|(i, x)| Edit::Set(i, x)),
        3 => (any::<usize>(), unit).prop_map(|(i, x)| Edit::Insert(i, x)),
        2 => any::<usize>().prop_map(Edit::Remove),
        1 => any::<usize>().prop_map(Edit::Truncate),
    ];
    prop::collection::vec(edit, 1..4)
}

/// Bytes that matter to UTF-8 validation: a third arbitrary, the rest from
/// the edges of the byte classes.
pub fn arb_utf8_byte() -> impl Strategy<Value = u8> + Clone {
    const EDGES: [u8; 27] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
        0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF,
    ];
    any::<(u8, u8)>().prop_map(|(sel, b)| if sel < 85 { b } else { EDGES[b as usize % 27] })
}

/// UTF-8 test input: arbitrary bytes, valid text, or valid text with a few
/// byte edits; lengths up to several SIMD blocks.
pub fn arb_utf8_input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        1 => prop::collection::vec(arb_utf8_byte(), 0..600),
        1 => arb_text(300).prop_map(String::into_bytes),
        3 => (arb_text(300), arb_edits(arb_utf8_byte()))
            .prop_map(|(s, e)| apply(s.into_bytes(), &e)),
    ]
}

/// UTF-16 values that matter: arbitrary, surrogates, and edges.
pub fn arb_utf16_value() -> impl Strategy<Value = u16> + Clone {
    const EDGES: [u16; 12] = [
        0x0000, 0x007F, 0x0080, 0x07FF, 0x0800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000,
        0xFFFF,
    ];
    any::<(u8, u16)>().prop_map(|(sel, u)| match sel % 3 {
        0 => u,
        1 => 0xD800 | (u & 0x7FF),
        _ => EDGES[u as usize % EDGES.len()],
    })
}

/// UTF-16 values (native domain): valid text, edited text, or arbitrary.
pub fn arb_utf16_input() -> impl Strategy<Value = Vec<u16>> {
    prop_oneof![
        1 => prop::collection::vec(arb_utf16_value(), 0..400),
        1 => arb_text(300).prop_map(|s| s.encode_utf16().collect()),
        3 => (arb_text(300), arb_edits(arb_utf16_value()))
            .prop_map(|(s, e)| apply(s.encode_utf16().collect(), &e)),
    ]
}

/// UTF-32 values that matter: arbitrary, surrogates, just above
/// U+10FFFF, and edges.
pub fn arb_utf32_value() -> impl Strategy<Value = u32> + Clone {
    const EDGES: [u32; 16] = [
        0,
        0x7F,
        0x80,
        0x7FF,
        0x800,
        0xD7FF,
        0xD800,
        0xDFFF,
        0xE000,
        0xFFFF,
        0x10000,
        0x10FFFF,
        0x110000,
        0x1FFFFF,
        0x8000_0000,
        u32::MAX,
    ];
    any::<(u8, u32)>().prop_map(|(sel, x)| match sel % 4 {
        0 => x,
        1 => 0xD800 | (x & 0x7FF),
        2 => 0x10FF00 + (x & 0x1FF),
        _ => EDGES[x as usize % EDGES.len()],
    })
}

/// UTF-32 input: valid text, edited text, or arbitrary values.
pub fn arb_utf32_input() -> impl Strategy<Value = Vec<u32>> {
    prop_oneof![
        1 => prop::collection::vec(arb_utf32_value(), 0..300),
        1 => arb_text(300).prop_map(|s| s.chars().map(u32::from).collect()),
        3 => (arb_text(300), arb_edits(arb_utf32_value()))
            .prop_map(|(s, e)| apply(s.chars().map(u32::from).collect(), &e)),
    ]
}
