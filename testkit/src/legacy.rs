//! Legacy 8-bit inputs for the Latin-1 and Windows-1252 tests and
//! benchmarks, generated ([`crate::textgen::legacy`]):
//!
//! - `ascii`: the generated Latin (ASCII) text;
//! - `western`: generated French prose in Latin-1, about one byte in
//!   thirty above `0x7F`, all of them Latin-1 letters;
//! - `typographic` (Windows-1252 only): French prose with the punctuation
//!   of text written on Windows (`’`, `“”`, `–`, `€`), about one byte in
//!   forty in `0x80..=0x9F`.
//!
//! And the Windows-1252 table, from the fixture CPython wrote.

use crate::corpus::{generated, SEED, TEST_LEN};
use crate::textgen;

/// The character of every Windows-1252 byte, from
/// `tests/fixtures/windows1252.txt` (written by CPython's `cp1252` codec,
/// with the WHATWG Encoding Standard's mapping of the five bytes CPython
/// leaves undefined: the C1 control of the same value).
pub fn windows1252_table() -> [char; 256] {
    let text = include_str!("../../tests/fixtures/windows1252.txt");
    let mut t = ['\0'; 256];
    let mut seen = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let (b, c) = line.split_once(' ').expect("`byte code-point` lines");
        let b = usize::from_str_radix(b, 16).expect("a hex byte");
        let c = u32::from_str_radix(c.trim(), 16).expect("a hex code point");
        t[b] = char::from_u32(c).expect("a scalar value");
        seen += 1;
    }
    assert_eq!(seen, 256, "the fixture maps every byte");
    t
}

/// The byte of `c` in Windows-1252, by a search of [`windows1252_table`].
pub fn windows1252_byte(table: &[char; 256], c: char) -> Option<u8> {
    table.iter().position(|&x| x == c).map(|b| b as u8)
}

/// `ascii` and `western` (see the module docs), by name.
pub fn latin1_inputs() -> Vec<(&'static str, Vec<u8>)> {
    let ascii = generated("Latin", TEST_LEN).into_bytes();
    assert!(ascii.is_ascii(), "the Latin text is ASCII");
    vec![("ascii", ascii), ("western", textgen::legacy::latin1(SEED, TEST_LEN))]
}

/// `ascii`, `western` and `typographic` (see the module docs), by name.
pub fn windows1252_inputs() -> Vec<(&'static str, Vec<u8>)> {
    let mut inputs = latin1_inputs();
    inputs.push(("typographic", textgen::legacy::windows1252(SEED, TEST_LEN)));
    inputs
}

/// The reference of the lossy encoders from UTF-8 to a single-byte
/// encoding: `String::from_utf8_lossy` (one U+FFFD per maximal invalid
/// subpart), then each character's byte by `byte`, or `replacement` where
/// it has none (U+FFFD included); the bytes and the number of
/// replacements.
pub fn encode_lossy(
    src: &[u8],
    replacement: u8,
    byte: impl Fn(char) -> Option<u8>,
) -> (Vec<u8>, usize) {
    let mut replaced = 0;
    let out = String::from_utf8_lossy(src)
        .chars()
        .map(|c| {
            byte(c).unwrap_or_else(|| {
                replaced += 1;
                replacement
            })
        })
        .collect();
    (out, replaced)
}

/// [`encode_lossy`] to Latin-1.
pub fn latin1_encode_lossy(src: &[u8], replacement: u8) -> (Vec<u8>, usize) {
    encode_lossy(src, replacement, |c| u8::try_from(u32::from(c)).ok())
}

/// [`encode_lossy`] to Windows-1252, by [`windows1252_table`].
pub fn windows1252_encode_lossy(src: &[u8], replacement: u8) -> (Vec<u8>, usize) {
    let table = windows1252_table();
    encode_lossy(src, replacement, |c| windows1252_byte(&table, c))
}
