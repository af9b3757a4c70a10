//! A UTF-8 decoder stress test of the project's own, built from the
//! specifications: the encoding form of RFC 3629 (section 3, and the
//! syntax of section 4) and the Unicode Standard's chapter 3 (D92, table
//! 3-7 of well-formed byte sequences, and the "maximal subpart" practice
//! for replacing ill-formed ones, U+FFFD per maximal subpart).
//!
//! [`cases`] lists every case: well-formed characters at the edge of each
//! row of table 3-7, and ill-formed sequences of every kind (lone
//! continuation bytes, lead bytes without their continuation, sequences cut
//! short, bytes that never occur, overlong forms, surrogates, values above
//! U+10FFFF, the five- and six-byte forms of the original UTF-8), alone and
//! run together. [`document`] puts them in one text, a line per case, each
//! between ASCII labels, as a decoder's error handling meets them in a
//! file.

/// One case: what it shows, its bytes, and whether they are well-formed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// What the case is, in ASCII.
    pub label: String,
    /// The bytes under test.
    pub bytes: Vec<u8>,
    /// Whether the bytes are well-formed UTF-8.
    pub valid: bool,
}

fn case(label: impl Into<String>, bytes: impl Into<Vec<u8>>, valid: bool) -> Case {
    Case { label: label.into(), bytes: bytes.into(), valid }
}

/// The UTF-8 of `c`, written out from RFC 3629's table (not by
/// `char::encode_utf8`, which the tests use as their oracle).
fn utf8(c: u32) -> Vec<u8> {
    match c {
        0..=0x7F => vec![c as u8],
        0x80..=0x7FF => vec![0xC0 | (c >> 6) as u8, 0x80 | (c & 0x3F) as u8],
        0x800..=0xFFFF => {
            vec![0xE0 | (c >> 12) as u8, 0x80 | ((c >> 6) & 0x3F) as u8, 0x80 | (c & 0x3F) as u8]
        }
        _ => vec![
            0xF0 | (c >> 18) as u8,
            0x80 | ((c >> 12) & 0x3F) as u8,
            0x80 | ((c >> 6) & 0x3F) as u8,
            0x80 | (c & 0x3F) as u8,
        ],
    }
}

/// `c` in `n` bytes by the bit pattern of the original UTF-8 (1 to 6
/// bytes), whether or not `n` is the shortest form: overlong forms, and
/// the five- and six-byte forms RFC 3629 removed.
fn pattern(c: u32, n: usize) -> Vec<u8> {
    if n == 1 {
        return vec![c as u8];
    }
    let lead_bits = (0xFFu32 << (8 - n)) & 0xFF;
    let mut out = vec![(lead_bits | (c >> (6 * (n - 1)))) as u8];
    for i in (0..n - 1).rev() {
        out.push(0x80 | ((c >> (6 * i)) & 0x3F) as u8);
    }
    out
}

/// Every case, in the order of [`document`].
pub fn cases() -> Vec<Case> {
    let mut v = Vec::new();

    // Well-formed: the first and last value of each row of table 3-7, and
    // the values around the surrogates and the noncharacters (which are
    // scalar values, so well-formed).
    for c in [
        0x01, 0x7F, 0x80, 0x7FF, 0x800, 0xFFF, 0x1000, 0xCFFF, 0xD000, 0xD7FF, 0xE000, 0xFFFD,
        0xFFFE, 0xFFFF, 0xFDD0, 0xFDEF, 0x10000, 0x3FFFF, 0x40000, 0xFFFFF, 0x100000, 0x10FFFF,
    ] {
        v.push(case(format!("U+{c:04X}"), utf8(c), true));
    }
    v.push(case("text in five scripts", "Ünïcödé, Юникод, Γράμμα, 文字, 😀".as_bytes(), true));

    // Continuation bytes where a character must start.
    for b in [0x80u8, 0x8F, 0x90, 0x9F, 0xA0, 0xBF] {
        v.push(case(format!("continuation byte {b:02X} alone"), [b], false));
    }
    for n in 2..=7 {
        let run: Vec<u8> = (0..n).map(|i| 0x80 + 0x0B * i as u8).collect();
        v.push(case(format!("{n} continuation bytes"), run, false));
    }
    v.push(case("every continuation byte", (0x80..=0xBFu8).collect::<Vec<_>>(), false));

    // Each lead byte followed by a space instead of its continuation.
    for (from, to) in [(0xC0u8, 0xDFu8), (0xE0, 0xEF), (0xF0, 0xF7), (0xF8, 0xFB), (0xFC, 0xFD)] {
        let bytes: Vec<u8> = (from..=to).flat_map(|b| [b, b' ']).collect();
        v.push(case(format!("lead bytes {from:02X}..{to:02X}, each before a space"), bytes, false));
    }

    // Characters cut short: each length of each multi-byte form, the last
    // one to three bytes missing; then all of them in a row.
    let mut all_cut = Vec::new();
    for c in [0x80u32, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF] {
        let full = utf8(c);
        for keep in 1..full.len() {
            let cut = full[..keep].to_vec();
            all_cut.extend_from_slice(&cut);
            v.push(case(format!("U+{c:04X} with {} of {} bytes", keep, full.len()), cut, false));
        }
    }
    v.push(case("every cut character above, in a row", all_cut, false));
    v.push(case("a cut character at the end of the text", [b'e', b'n', b'd', 0xE2, 0x82], false));

    // Bytes that never occur in UTF-8.
    v.push(case("byte FE", [0xFE], false));
    v.push(case("byte FF", [0xFF], false));
    v.push(case("FE FE FF FF", [0xFE, 0xFE, 0xFF, 0xFF], false));

    // Overlong forms: a character in more bytes than it needs.
    for c in [0x2Fu32, 0x00] {
        for n in 2..=6 {
            v.push(case(format!("U+{c:04X} overlong in {n} bytes"), pattern(c, n), false));
        }
    }
    for (n, c) in [(2usize, 0x7Fu32), (3, 0x7FF), (4, 0xFFFF), (5, 0x1F_FFFF), (6, 0x3FF_FFFF)] {
        v.push(case(format!("largest overlong {n}-byte form (U+{c:04X})"), pattern(c, n), false));
    }

    // Surrogates, which are not scalar values: alone, paired as UTF-16
    // would pair them (CESU-8), and reversed.
    for s in [0xD800u32, 0xDB7F, 0xDB80, 0xDBFF, 0xDC00, 0xDF80, 0xDFFF] {
        v.push(case(format!("surrogate U+{s:04X}"), pattern(s, 3), false));
    }
    for (hi, lo) in [(0xD800u32, 0xDC00u32), (0xD83D, 0xDE00), (0xDBFF, 0xDFFF)] {
        let bytes = [pattern(hi, 3), pattern(lo, 3)].concat();
        v.push(case(format!("surrogate pair {hi:04X} {lo:04X}"), bytes, false));
    }
    v.push(case(
        "low then high surrogate",
        [pattern(0xDC00, 3), pattern(0xD800, 3)].concat(),
        false,
    ));

    // Beyond U+10FFFF: four-byte forms up to the pattern's limit, then the
    // five- and six-byte forms.
    for c in [0x110000u32, 0x13FFFF, 0x140000, 0x1FFFFF] {
        v.push(case(format!("U+{c:X} in 4 bytes"), pattern(c, 4), false));
    }
    for (c, n) in [(0x200000u32, 5usize), (0x3FFFFFF, 5), (0x4000000, 6), (0x7FFFFFFF, 6)] {
        v.push(case(format!("U+{c:X} in {n} bytes"), pattern(c, n), false));
    }

    // Maximal subparts: a valid start of a sequence ended by a byte that
    // cannot continue it is one error, and the byte starts anew. Each of
    // these mixes several, between letters.
    v.push(case(
        "cut sequences of each length between letters",
        [&b"a"[..], &[0xC3], b"b", &[0xE2, 0x82], b"c", &[0xF0, 0x9F, 0x98], b"d"].concat(),
        false,
    ));
    v.push(case(
        "second bytes out of range for E0, ED, F0, F4",
        [&[0xE0, 0x80, 0x80][..], &[0xED, 0xA0, 0x80], &[0xF0, 0x80, 0x80], &[0xF4, 0x90, 0x80]]
            .concat(),
        false,
    ));
    v.push(case(
        "a lead byte where a continuation is due",
        [&[0xE2, 0xC3, 0xA9][..], &[0xF0, 0x9F, 0xE2, 0x82, 0xAC]].concat(),
        false,
    ));
    v.push(case("C0 and C1 before continuations", [0xC0, 0xAF, 0xC1, 0xBF, 0x41], false));
    v
}

/// The cases as one text: a line per case, `label: |bytes|`, under a
/// heading; the line of a well-formed case says so.
pub fn document() -> Vec<u8> {
    let mut out =
        b"UTF-8 decoder stress test (rapidutf, from RFC 3629 and Unicode ch. 3)\n\n".to_vec();
    for c in cases() {
        let tag = if c.valid { "well-formed" } else { "ill-formed" };
        out.extend_from_slice(format!("{} ({tag}): |", c.label).as_bytes());
        out.extend_from_slice(&c.bytes);
        out.extend_from_slice(b"|\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_case_is_what_it_says_by_core() {
        for c in cases() {
            assert_eq!(core::str::from_utf8(&c.bytes).is_ok(), c.valid, "{}", c.label);
        }
    }

    #[test]
    fn the_encoder_agrees_with_core_on_scalar_values() {
        for c in (0..0x11_0000).step_by(97).chain([0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000]) {
            if let Some(ch) = char::from_u32(c) {
                assert_eq!(utf8(c), ch.to_string().into_bytes(), "U+{c:04X}");
                let n = ch.len_utf8();
                assert_eq!(pattern(c, n), utf8(c), "U+{c:04X}");
            }
        }
    }

    #[test]
    fn the_document_has_every_case_and_errors() {
        let d = document();
        assert!(core::str::from_utf8(&d).is_err());
        let lines = d.split(|&b| b == b'\n').filter(|l| l.ends_with(b"|")).count();
        assert!(lines >= cases().len(), "{lines}");
    }
}
