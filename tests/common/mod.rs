//! Shared by the integration tests: the kernel list every kernel-level test
//! iterates over, and the corpus.
#![allow(dead_code)]

use rapidutf::Kernel;
use std::path::PathBuf;
use std::sync::Once;

/// Every kernel this CPU can run. Each kernel-level test loops over this,
/// so one `cargo test` covers all of them.
///
/// If `RAPIDUTF_REQUIRE_KERNELS` (comma-separated names) names a kernel
/// that is not available, this panics, so every kernel-level test fails
/// rather than silently testing fewer kernels than CI expects.
pub fn kernels() -> Vec<Kernel> {
    let available: Vec<Kernel> = Kernel::available().collect();
    if let Ok(required) = std::env::var("RAPIDUTF_REQUIRE_KERNELS") {
        for name in required.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let k: Kernel = name.parse().unwrap_or_else(|_| {
                panic!("RAPIDUTF_REQUIRE_KERNELS names unknown kernel {name:?}")
            });
            assert!(
                available.contains(&k),
                "RAPIDUTF_REQUIRE_KERNELS requires {name}, but it is not available here \
                 (available: {available:?})"
            );
        }
    }
    static REPORT: Once = Once::new();
    REPORT.call_once(|| {
        let skipped: Vec<&str> =
            Kernel::ALL.iter().filter(|k| !available.contains(k)).map(|k| k.name()).collect();
        let tested: Vec<&str> = available.iter().map(|k| k.name()).collect();
        eprintln!("rapidutf kernels tested: {tested:?}; skipped (unavailable): {skipped:?}");
    });
    available
}

/// The directory of the copied unicode_lipsum corpus.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/lipsum")
}

/// The nine lipsum languages.
pub const LANGUAGES: [&str; 9] =
    ["Arabic", "Chinese", "Emoji", "Hebrew", "Hindi", "Japanese", "Korean", "Latin", "Russian"];

/// `(language, bytes)` of every lipsum file in the given form
/// (`"utf8"`, `"utf16"` or `"utf32"`).
pub fn lipsum(form: &str) -> Vec<(&'static str, Vec<u8>)> {
    LANGUAGES
        .iter()
        .map(|lang| {
            let path = data_dir().join(format!("{lang}-Lipsum.{form}.txt"));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (*lang, bytes)
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Oracles and generators shared by the test files. Every expected value here
// is computed from std (`core::str::from_utf8`, `char::decode_utf16`,
// `char::from_u32`, `char::encode_utf8/16`) or from the written spec, never
// from the library.
// ---------------------------------------------------------------------------

use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;
use rapidutf::{TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error, Utf32ErrorKind};
use rapidutf::{Utf8Error, Utf8ErrorKind};
use std::fmt::Debug;

/// A proptest config with `default_cases` cases, unless `PROPTEST_CASES`
/// says otherwise.
pub fn proptest_config(default_cases: u32) -> ProptestConfig {
    let cases =
        std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(default_cases);
    ProptestConfig { cases, ..ProptestConfig::default() }
}

/// A UTF-8 error as `(valid_up_to, error_len, kind)`.
pub type Utf8Exp = (usize, Option<usize>, Utf8ErrorKind);
/// A UTF-16 error as `(valid_up_to, kind)`.
pub type Utf16Exp = (usize, Utf16ErrorKind);
/// A UTF-32 error as `(valid_up_to, kind)`.
pub type Utf32Exp = (usize, Utf32ErrorKind);

/// The kind of the UTF-8 error at `valid_up_to`, classified independently
/// from the written rule (the maximal invalid subpart at `valid_up_to`).
pub fn oracle_kind(bytes: &[u8], valid_up_to: usize, error_len: Option<usize>) -> Utf8ErrorKind {
    use Utf8ErrorKind::*;
    let b0 = bytes[valid_up_to];
    let b1 = bytes.get(valid_up_to + 1).copied();
    match (b0, b1) {
        (0xC0 | 0xC1 | 0xF5..=0xFF, _) => InvalidByte,
        (0x80..=0xBF, _) => UnexpectedContinuation,
        (0xE0, Some(0x80..=0x9F)) | (0xF0, Some(0x80..=0x8F)) => Overlong,
        (0xED, Some(0xA0..=0xBF)) => Surrogate,
        (0xF4, Some(0x90..=0xBF)) => TooLarge,
        _ if error_len.is_none() => Truncated,
        _ => MissingContinuation,
    }
}

/// `core::str::from_utf8`, with the error as a [`Utf8Exp`].
pub fn utf8_oracle(bytes: &[u8]) -> Result<&str, Utf8Exp> {
    core::str::from_utf8(bytes).map_err(|e| {
        let (v, l) = (e.valid_up_to(), e.error_len());
        (v, l, oracle_kind(bytes, v, l))
    })
}

/// A library error, as the comparable tuple of the oracles.
pub trait Key {
    type K: PartialEq + Debug + Copy;
    fn key(&self) -> Self::K;
}

impl Key for Utf8Error {
    type K = Utf8Exp;
    fn key(&self) -> Utf8Exp {
        (self.valid_up_to(), self.error_len(), self.kind())
    }
}

impl Key for Utf16Error {
    type K = Utf16Exp;
    fn key(&self) -> Utf16Exp {
        (self.valid_up_to(), self.kind())
    }
}

impl Key for Utf32Error {
    type K = Utf32Exp;
    fn key(&self) -> Utf32Exp {
        (self.valid_up_to(), self.kind())
    }
}

/// A validation result with the `&str` replaced by its length, for
/// comparing and printing. (A `&str` that a buggy kernel wrongly accepted
/// is not UTF-8, and formatting it in a failure message would panic inside
/// the panic and abort the whole test binary without a useful message.)
pub fn utf8_res(r: Result<&str, Utf8Error>) -> Result<usize, Utf8Exp> {
    r.map(str::len).map_err(|e| e.key())
}

/// The error of a validation that must fail (see [`utf8_res`] for why not
/// `unwrap_err`).
pub fn utf8_err(r: Result<&str, Utf8Error>) -> Utf8Error {
    match r {
        Ok(s) => panic!("accepted an invalid input of {} bytes", s.len()),
        Err(e) => e,
    }
}

/// Checks `validate_utf8`/`is_valid_utf8` (free functions and every kernel
/// in `ks`) against core on `bytes`.
pub fn check_utf8(ks: &[Kernel], bytes: &[u8]) {
    let expected = utf8_oracle(bytes).map(str::len);
    let check = |who: &str, got: Result<&str, Utf8Error>, valid: bool| {
        if let Ok(s) = got {
            assert!(
                s.as_ptr() == bytes.as_ptr() && s.len() == bytes.len(),
                "{who}: Ok must borrow the whole input"
            );
        }
        assert_eq!(utf8_res(got), expected, "{who} on {bytes:02X?}");
        assert_eq!(valid, expected.is_ok(), "{who}: is_valid_utf8 on {bytes:02X?}");
    };
    check("free fns", rapidutf::validate_utf8(bytes), rapidutf::is_valid_utf8(bytes));
    for &k in ks {
        check(k.name(), k.validate_utf8(bytes), k.is_valid_utf8(bytes));
    }
}

/// Byte order of UTF-16 units in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Native,
    Le,
    Be,
}

impl Order {
    pub const ALL: [Order; 3] = [Order::Native, Order::Le, Order::Be];
    /// A value, to a unit as stored in memory in this order.
    pub fn store(self, v: u16) -> u16 {
        match self {
            Order::Native => v,
            Order::Le => v.to_le(),
            Order::Be => v.to_be(),
        }
    }
    /// A unit in memory, to its value.
    pub fn load(self, u: u16) -> u16 {
        match self {
            Order::Native => u,
            Order::Le => u16::from_le(u),
            Order::Be => u16::from_be(u),
        }
    }
    pub fn encode(self, values: &[u16]) -> Vec<u16> {
        values.iter().map(|&v| self.store(v)).collect()
    }
}

/// A decoded input: the chars of its longest valid prefix, each with its
/// width in input units, and the error after it.
#[derive(Clone, Debug)]
pub struct Decoded<K> {
    pub chars: Vec<(char, usize)>,
    pub err: Option<K>,
}

/// UTF-8 input, decoded by core.
pub fn dec_utf8(bytes: &[u8]) -> Decoded<Utf8Exp> {
    let (valid, err) = match utf8_oracle(bytes) {
        Ok(s) => (s, None),
        Err(e) => (core::str::from_utf8(&bytes[..e.0]).unwrap(), Some(e)),
    };
    Decoded { chars: valid.chars().map(|c| (c, c.len_utf8())).collect(), err }
}

/// UTF-16 input in byte order `order`, decoded by `char::decode_utf16`.
pub fn dec_utf16(units: &[u16], order: Order) -> Decoded<Utf16Exp> {
    let mut chars = Vec::new();
    let mut at = 0;
    for r in char::decode_utf16(units.iter().map(|&u| order.load(u))) {
        match r {
            Ok(c) => {
                chars.push((c, c.len_utf16()));
                at += c.len_utf16();
            }
            Err(e) => {
                let kind = if (0xD800..0xDC00).contains(&e.unpaired_surrogate()) {
                    Utf16ErrorKind::UnpairedHigh
                } else {
                    Utf16ErrorKind::UnpairedLow
                };
                return Decoded { chars, err: Some((at, kind)) };
            }
        }
    }
    Decoded { chars, err: None }
}

/// UTF-32 input, decoded by `char::from_u32`.
pub fn dec_utf32(values: &[u32]) -> Decoded<Utf32Exp> {
    let mut chars = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        match char::from_u32(v) {
            Some(c) => chars.push((c, 1)),
            None => {
                let kind = if v > 0x10FFFF {
                    Utf32ErrorKind::TooLarge
                } else {
                    assert!((0xD800..=0xDFFF).contains(&v));
                    Utf32ErrorKind::Surrogate
                };
                return Decoded { chars, err: Some((i, kind)) };
            }
        }
    }
    Decoded { chars, err: None }
}

/// Encodes a char as UTF-8 (std).
pub fn enc_utf8(c: char, out: &mut Vec<u8>) {
    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
}

/// Encodes a char as UTF-16 (std) in byte order `order`.
pub fn enc_utf16(order: Order) -> impl Fn(char, &mut Vec<u16>) {
    move |c, out| out.extend(c.encode_utf16(&mut [0; 2]).iter().map(|&u| order.store(u)))
}

/// Encodes a char as UTF-32.
pub fn enc_utf32(c: char, out: &mut Vec<u32>) {
    out.push(c as u32);
}

/// What a transcoder must return, as a comparable value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<K, D> {
    /// `Ok(n)`, with `dst[..n]`.
    Ok(Vec<D>),
    /// `Invalid(e)` (the output is unspecified).
    Invalid(K),
    /// `OutputTooSmall { read, written }`, with `dst[..written]`.
    TooSmall { read: usize, written: usize, out: Vec<D> },
}

/// The expected outcome of transcoding `dec` into a buffer of `dst_len`
/// units: the largest whole-character prefix that fits, and the first of
/// "does not fit" and "invalid" in input order.
pub fn expect<K: Copy, D>(
    dec: &Decoded<K>,
    enc: &impl Fn(char, &mut Vec<D>),
    dst_len: usize,
) -> Outcome<K, D> {
    let mut out = Vec::new();
    let mut read = 0;
    for &(c, w) in &dec.chars {
        let before = out.len();
        enc(c, &mut out);
        if out.len() > dst_len {
            out.truncate(before);
            return Outcome::TooSmall { read, written: before, out };
        }
        read += w;
    }
    match &dec.err {
        Some(e) => Outcome::Invalid(*e),
        None => Outcome::Ok(out),
    }
}

/// A transcoder, as a plain function pointer.
pub type Transcoder<S, D, E> = fn(&[S], &mut [D]) -> Result<usize, TranscodeError<E>>;

/// Units past the end of `dst`, inside the same allocation, that must
/// stay untouched (a kernel writing out of bounds would change them).
pub const GUARD: usize = 64;

/// Runs `f` on `src` with a `dst_len`-unit buffer (pre-filled with `fill`)
/// and returns what it did as an [`Outcome`]. The buffer is the start of a
/// larger allocation whose tail must not be written.
pub fn run<S, D: Copy + Debug + PartialEq + From<u8>, E: Key>(
    f: Transcoder<S, D, E>,
    src: &[S],
    dst_len: usize,
    fill: D,
) -> Outcome<E::K, D> {
    let canary = D::from(0xA5);
    let mut buf = vec![fill; dst_len + GUARD];
    buf[dst_len..].fill(canary);
    let result = f(src, &mut buf[..dst_len]);
    assert!(
        buf[dst_len..].iter().all(|&u| u == canary),
        "wrote past the end of a {dst_len}-unit dst: {:X?}",
        &buf[dst_len..]
    );
    let dst = &buf[..dst_len];
    match result {
        Ok(n) => {
            assert!(n <= dst_len, "Ok({n}) but dst has {dst_len} units");
            Outcome::Ok(dst[..n].to_vec())
        }
        Err(TranscodeError::Invalid(e)) => Outcome::Invalid(e.key()),
        Err(TranscodeError::OutputTooSmall { read, written }) => {
            assert!(written <= dst_len, "written {written} > dst {dst_len}");
            assert!(read <= src.len(), "read {read} > src {}", src.len());
            Outcome::TooSmall { read, written, out: dst[..written].to_vec() }
        }
    }
}

/// Checks transcoder `f` on `src` with a buffer of `dst_len` units against
/// the oracle.
pub fn check_transcoder<S: Debug, D: Copy + Debug + PartialEq + Default + From<u8>, E: Key>(
    name: &str,
    f: Transcoder<S, D, E>,
    src: &[S],
    dec: &Decoded<E::K>,
    enc: &impl Fn(char, &mut Vec<D>),
    dst_len: usize,
) {
    let want = expect(dec, enc, dst_len);
    let got = run(f, src, dst_len, D::default());
    assert_eq!(got, want, "{name}: src {src:X?}, dst_len {dst_len}");
}

/// The output length a valid conversion needs (all of the valid prefix).
pub fn needed<K, D>(dec: &Decoded<K>, enc: &impl Fn(char, &mut Vec<D>)) -> usize {
    let mut out = Vec::new();
    for &(c, _) in &dec.chars {
        enc(c, &mut out);
    }
    out.len()
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
                s.extend(std::iter::repeat_n('x', n));
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

// --------------------- whole-API checks per source form --------------------

/// A UTF-16-source function of each byte order.
pub struct Utf16Fns {
    pub name: &'static str,
    pub to_utf8: Transcoder<u16, u8, Utf16Error>,
    pub to_utf32: Transcoder<u16, u32, Utf16Error>,
    pub validate: fn(&[u16]) -> Result<(), Utf16Error>,
    #[cfg(feature = "alloc")]
    pub to_string: fn(&[u16]) -> Result<String, Utf16Error>,
    #[cfg(feature = "alloc")]
    pub lossy: fn(&[u16]) -> String,
    pub utf8_len: fn(&[u16]) -> usize,
}

/// The UTF-16-source functions for `order`.
pub fn utf16_fns(order: Order) -> Utf16Fns {
    match order {
        Order::Native => Utf16Fns {
            name: "utf16",
            to_utf8: rapidutf::utf16_to_utf8,
            to_utf32: rapidutf::utf16_to_utf32,
            validate: rapidutf::validate_utf16,
            #[cfg(feature = "alloc")]
            to_string: rapidutf::utf16_to_string,
            #[cfg(feature = "alloc")]
            lossy: rapidutf::utf16_to_string_lossy,
            utf8_len: rapidutf::utf8_len_from_utf16,
        },
        Order::Le => Utf16Fns {
            name: "utf16le",
            to_utf8: rapidutf::utf16le_to_utf8,
            to_utf32: rapidutf::utf16le_to_utf32,
            validate: rapidutf::validate_utf16le,
            #[cfg(feature = "alloc")]
            to_string: rapidutf::utf16le_to_string,
            #[cfg(feature = "alloc")]
            lossy: rapidutf::utf16le_to_string_lossy,
            utf8_len: rapidutf::utf8_len_from_utf16le,
        },
        Order::Be => Utf16Fns {
            name: "utf16be",
            to_utf8: rapidutf::utf16be_to_utf8,
            to_utf32: rapidutf::utf16be_to_utf32,
            validate: rapidutf::validate_utf16be,
            #[cfg(feature = "alloc")]
            to_string: rapidutf::utf16be_to_string,
            #[cfg(feature = "alloc")]
            lossy: rapidutf::utf16be_to_string_lossy,
            utf8_len: rapidutf::utf8_len_from_utf16be,
        },
    }
}

/// The UTF-8-to-UTF-16 transcoder for `order`.
pub fn utf8_to_utf16_fn(order: Order) -> Transcoder<u8, u16, Utf8Error> {
    match order {
        Order::Native => rapidutf::utf8_to_utf16,
        Order::Le => rapidutf::utf8_to_utf16le,
        Order::Be => rapidutf::utf8_to_utf16be,
    }
}

/// The UTF-32-to-UTF-16 transcoder for `order`.
pub fn utf32_to_utf16_fn(order: Order) -> Transcoder<u32, u16, Utf32Error> {
    match order {
        Order::Native => rapidutf::utf32_to_utf16,
        Order::Le => rapidutf::utf32_to_utf16le,
        Order::Be => rapidutf::utf32_to_utf16be,
    }
}

/// Every UTF-8-source transcoder and `_vec` function on `bytes`, against
/// std, with the buffer size that always suffices, the exact size, and
/// `extra_dst` (any size) if given.
pub fn check_utf8_source(bytes: &[u8], extra_dst: Option<usize>) {
    let dec = dec_utf8(bytes);
    for order in Order::ALL {
        let enc = enc_utf16(order);
        let f = utf8_to_utf16_fn(order);
        let name = format!("utf8_to_utf16 ({order:?})");
        check_transcoder(&name, f, bytes, &dec, &enc, bytes.len());
        check_transcoder(&name, f, bytes, &dec, &enc, needed(&dec, &enc));
        if let Some(n) = extra_dst {
            check_transcoder(&name, f, bytes, &dec, &enc, n);
        }
    }
    let f: Transcoder<u8, u32, Utf8Error> = rapidutf::utf8_to_utf32;
    check_transcoder("utf8_to_utf32", f, bytes, &dec, &enc_utf32, bytes.len());
    check_transcoder("utf8_to_utf32", f, bytes, &dec, &enc_utf32, dec.chars.len());
    if let Some(n) = extra_dst {
        check_transcoder("utf8_to_utf32", f, bytes, &dec, &enc_utf32, n);
    }
    #[cfg(feature = "alloc")]
    {
        let (want16, want32) = match (&dec.err, core::str::from_utf8(bytes)) {
            (None, Ok(s)) => {
                (Ok(s.encode_utf16().collect()), Ok(s.chars().map(u32::from).collect()))
            }
            (Some(e), Err(_)) => (Err(*e), Err(*e)),
            _ => unreachable!(),
        };
        let got16 = rapidutf::utf8_to_utf16_vec(bytes).map_err(|e| e.key());
        assert_eq!(got16, want16, "{bytes:02X?}");
        let got32 = rapidutf::utf8_to_utf32_vec(bytes).map_err(|e| e.key());
        assert_eq!(got32, want32, "{bytes:02X?}");
    }
}

/// Every UTF-16-source function (native, LE, BE) on `values` (UTF-16 code
/// unit values, stored in each byte order in turn), against std.
pub fn check_utf16_source(values: &[u16], extra_dst: Option<usize>) {
    #[cfg(feature = "alloc")]
    let std_lossy = String::from_utf16_lossy(values);
    #[cfg(feature = "alloc")]
    let std_string = String::from_utf16(values);
    for order in Order::ALL {
        // Followed in memory by low surrogates, which must not be read.
        let buf = padded(&order.encode(values), order.store(0xDC00));
        let src = &buf[..values.len()];
        let dec = dec_utf16(src, order);
        let fns = utf16_fns(order);
        let n8 = needed(&dec, &enc_utf8);
        for n in [3 * src.len(), n8].into_iter().chain(extra_dst) {
            check_transcoder(fns.name, fns.to_utf8, src, &dec, &enc_utf8, n);
        }
        for n in [src.len(), dec.chars.len()].into_iter().chain(extra_dst) {
            check_transcoder(fns.name, fns.to_utf32, src, &dec, &enc_utf32, n);
        }
        let want = match &dec.err {
            None => Ok(()),
            Some(e) => Err(*e),
        };
        assert_eq!((fns.validate)(src).map_err(|e| e.key()), want, "{} {values:X?}", fns.name);
        #[cfg(feature = "alloc")]
        {
            let got = (fns.to_string)(src);
            match (&std_string, &dec.err) {
                (Ok(s), None) => assert_eq!(got.as_ref(), Ok(s), "{} {values:X?}", fns.name),
                (Err(_), Some(e)) => {
                    assert_eq!(got.map_err(|e| e.key()), Err(*e), "{} {values:X?}", fns.name)
                }
                _ => unreachable!("std disagrees with itself"),
            }
            assert_eq!((fns.lossy)(src), std_lossy, "{} lossy {values:X?}", fns.name);
        }
    }
}

/// Every UTF-32-source function on `values`, against std.
pub fn check_utf32_source(values: &[u32], extra_dst: Option<usize>) {
    let dec = dec_utf32(values);
    let f: Transcoder<u32, u8, Utf32Error> = rapidutf::utf32_to_utf8;
    for n in [4 * values.len(), needed(&dec, &enc_utf8)].into_iter().chain(extra_dst) {
        check_transcoder("utf32_to_utf8", f, values, &dec, &enc_utf8, n);
    }
    for order in Order::ALL {
        let enc = enc_utf16(order);
        let f = utf32_to_utf16_fn(order);
        let name = format!("utf32_to_utf16 ({order:?})");
        for n in [2 * values.len(), needed(&dec, &enc)].into_iter().chain(extra_dst) {
            check_transcoder(&name, f, values, &dec, &enc, n);
        }
    }
    let want = match &dec.err {
        None => Ok(()),
        Some(e) => Err(*e),
    };
    assert_eq!(rapidutf::validate_utf32(values).map_err(|e| e.key()), want, "{values:X?}");
    #[cfg(feature = "alloc")]
    {
        let want_string = match &dec.err {
            None => Ok(dec.chars.iter().map(|&(c, _)| c).collect::<String>()),
            Some(e) => Err(*e),
        };
        assert_eq!(rapidutf::utf32_to_string(values).map_err(|e| e.key()), want_string);
    }
}

/// `v` followed, in the same allocation, by `GUARD` copies of `garbage`;
/// slice it back to `v.len()` to check that nothing reads past the end.
pub fn padded<T: Copy>(v: &[T], garbage: T) -> Vec<T> {
    let mut p = Vec::with_capacity(v.len() + GUARD);
    p.extend_from_slice(v);
    p.resize(v.len() + GUARD, garbage);
    p
}

/// A command that runs this test binary again, as a child process.
///
/// Under an emulator (CI runs the tests under `qemu-x86_64 -cpu ...` and
/// `qemu-aarch64`), the child must run under the same emulator, or it
/// would see the host CPU: `RAPIDUTF_TEST_RUNNER`, when set, is the
/// command prefix (whitespace-separated) the child is started with.
pub fn self_command() -> std::process::Command {
    let exe = std::env::current_exe().expect("the test binary's path");
    let runner = std::env::var("RAPIDUTF_TEST_RUNNER").unwrap_or_default();
    let mut words = runner.split_whitespace();
    match words.next() {
        Some(program) => {
            let mut cmd = std::process::Command::new(program);
            cmd.args(words).arg(exe);
            cmd
        }
        None => std::process::Command::new(exe),
    }
}

/// Runs this test binary again once per available kernel other than the
/// active one, with `RAPIDUTF_KERNEL` naming it, skipping the test
/// `caller` (which calls this), and asserts that every child passes: so
/// the tests of APIs that always dispatch cover every kernel.
///
/// Does nothing in such a child, or when the caller set
/// `RAPIDUTF_KERNEL` itself.
pub fn rerun_under_every_kernel(caller: &str) {
    if std::env::var_os("RAPIDUTF_KERNEL").is_some() {
        return;
    }
    for k in kernels() {
        if k == Kernel::active() {
            continue;
        }
        let out = self_command()
            .env("RAPIDUTF_KERNEL", k.name())
            .args(["--skip", caller, "--test-threads", "2"])
            .output()
            .expect("re-running the test binary");
        let log = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "with RAPIDUTF_KERNEL={k}:\n{log}");
        assert!(log.contains("test result: ok"), "with RAPIDUTF_KERNEL={k}:\n{log}");
    }
}

// The documented definitions of the lengths and counts (src/count.rs),
// written independently of the library, for tests/counts.rs and
// tests/simd_counts.rs.

/// "the number of bytes that are not continuation bytes (`80..=BF`)"
pub fn def_count_chars(b: &[u8]) -> usize {
    b.iter().filter(|&&x| !(0x80..=0xBF).contains(&x)).count()
}
/// "the bytes that are not continuation bytes, plus one for each byte
/// `F0..=FF`"
pub fn def_utf16_len_from_utf8(b: &[u8]) -> usize {
    def_count_chars(b) + b.iter().filter(|&&x| x >= 0xF0).count()
}
/// "1, 2 or 3 bytes per unit by value, except 2 per surrogate"
pub fn def_utf8_len_from_utf16(v: &[u16]) -> usize {
    v.iter()
        .map(|&u| match u {
            0..=0x7F => 1,
            0x80..=0x7FF => 2,
            0xD800..=0xDFFF => 2,
            _ => 3,
        })
        .sum()
}
/// "1 to 4 bytes per value by magnitude (< 0x80, < 0x800, < 0x10000, the
/// rest)"
pub fn def_utf8_len_from_utf32(v: &[u32]) -> usize {
    v.iter()
        .map(|&c| match c {
            0..=0x7F => 1,
            0x80..=0x7FF => 2,
            0x800..=0xFFFF => 3,
            _ => 4,
        })
        .sum()
}
/// "one per value, two for values from 0x10000"
pub fn def_utf16_len_from_utf32(v: &[u32]) -> usize {
    v.iter().map(|&c| if c >= 0x10000 { 2 } else { 1 }).sum()
}
/// "every unit except low surrogates"
pub fn def_utf32_len_from_utf16(v: &[u16]) -> usize {
    v.iter().filter(|&&u| !(0xDC00..=0xDFFF).contains(&u)).count()
}
