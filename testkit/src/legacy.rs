//! Legacy 8-bit inputs made from the lipsum corpus, whose Latin file is
//! pure ASCII: the benchmarks of Latin-1 and Windows-1252 need text with
//! bytes above `0x7F` too.
//!
//! - `ascii`: the Latin lipsum file itself;
//! - `western`: the same text with every third `e`, `a`, `u` and `o`
//!   accented (é à ü ö): Western European text, one byte in eleven above
//!   `0x7F`, all of them Latin-1 letters;
//! - `typographic` (Windows-1252 only): `western` with the punctuation of
//!   text written on Windows: “quotes” (`93`/`94`) around every twelfth
//!   word, an apostrophe (`92`) in every ninth, an en dash (`96`) every
//!   fifty words and a euro sign (`80`) every two hundred: about one byte
//!   of `80..=9F` in thirty.

use crate::lipsum_file;

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
    let ascii = lipsum_file("Latin", "utf8");
    assert!(ascii.is_ascii(), "the Latin lipsum file is ASCII");
    let western = accented(&ascii);
    vec![("ascii", ascii), ("western", western)]
}

/// `ascii`, `western` and `typographic` (see the module docs), by name.
pub fn windows1252_inputs() -> Vec<(&'static str, Vec<u8>)> {
    let mut inputs = latin1_inputs();
    let typographic = typographic(&inputs[1].1);
    inputs.push(("typographic", typographic));
    inputs
}

fn accented(ascii: &[u8]) -> Vec<u8> {
    const ACCENTED: [(u8, u8); 4] = [(b'e', 0xE9), (b'a', 0xE0), (b'u', 0xFC), (b'o', 0xF6)];
    let mut n = 0;
    ascii
        .iter()
        .map(|&b| match ACCENTED.iter().find(|(from, _)| *from == b) {
            Some(&(_, to)) => {
                n += 1;
                if n % 3 == 0 {
                    to
                } else {
                    b
                }
            }
            None => b,
        })
        .collect()
}

fn typographic(western: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(western.len() + western.len() / 16);
    for (i, word) in western.split(|&b| b == b' ').enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        if i % 50 == 25 {
            out.extend_from_slice(b"\x96 ");
        }
        if i % 200 == 100 {
            out.extend_from_slice(b"5 \x80 ");
        }
        let quoted = i % 12 == 0;
        if quoted {
            out.push(0x93);
        }
        out.extend_from_slice(word);
        if i % 9 == 4 {
            out.extend_from_slice(b"\x92s");
        }
        if quoted {
            out.push(0x94);
        }
    }
    out
}
