//! Line and column of a position in text, and the isutf8-style report.
//!
//! # What the numbers mean
//!
//! A report reads `FILE: line L, char C, byte B: MESSAGE`, the format of
//! isutf8 (moreutils), with these meanings:
//!
//! - **line** `L`: 1-based; a line ends after each U+000A.
//! - **char** `C`: the 1-based column of the offending sequence within its
//!   line, counted in *characters* (code points) of the valid text before
//!   it. isutf8 prints `1 + ` the *byte* column here for files (and the
//!   0-based byte column for stdin); the two agree on ASCII lines, and
//!   counting characters is what the word "char" promises on every other.
//! - **byte** `B`: the 0-based byte offset of the offending sequence in the
//!   input, as in isutf8 (for UTF-16/UTF-32 too, BOM included).

use crate::explain::Context;
use std::fmt;

/// Counts lines and the column over valid text, incrementally.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineCol {
    newlines: u64,
    /// Characters since the last newline.
    column: u64,
}

impl LineCol {
    /// The position after the valid UTF-8 `text`.
    #[cfg(test)]
    pub fn of_utf8(text: &[u8]) -> LineCol {
        let mut p = LineCol::default();
        p.advance_utf8(text);
        p
    }

    /// Moves past valid UTF-8 `text`.
    pub fn advance_utf8(&mut self, text: &[u8]) {
        match text.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                self.newlines += count_newlines(&text[..=last]);
                self.column = rapidutf::count_chars(&text[last + 1..]) as u64;
            }
            None => self.column += rapidutf::count_chars(text) as u64,
        }
    }

    /// Moves past valid text in a UTF-8 derivative (generalized UTF-8,
    /// where `C0 80` and each encoded surrogate count as one character and
    /// an encoded surrogate pair as one). `text` must not split a pair.
    pub fn advance_derived(&mut self, text: &[u8]) {
        self.advance_utf8(text);
        let line = match text.iter().rposition(|&b| b == b'\n') {
            Some(last) => &text[last + 1..],
            None => text,
        };
        self.column -= encoded_pairs(line);
    }

    /// Moves past text in an 8-bit encoding, where every byte is a
    /// character.
    pub fn advance_bytes(&mut self, text: &[u8]) {
        match text.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                self.newlines += count_newlines(&text[..=last]);
                self.column = (text.len() - last - 1) as u64;
            }
            None => self.column += text.len() as u64,
        }
    }

    /// Moves past valid UTF-16 `units` given in memory order `read`. (The
    /// counts are sums the compiler vectorises; only the last line is
    /// searched for.)
    pub fn advance_utf16(&mut self, units: &[u16], read: impl Fn(u16) -> u16 + Copy) {
        // The low half of a (valid, hence paired) surrogate pair belongs
        // to the character its high half started.
        let chars = |units: &[u16]| {
            units.iter().map(|&u| u64::from(!matches!(read(u), 0xDC00..=0xDFFF))).sum::<u64>()
        };
        match units.iter().rposition(|&u| read(u) == 0x0A) {
            Some(last) => {
                self.newlines +=
                    units[..=last].iter().map(|&u| u64::from(read(u) == 0x0A)).sum::<u64>();
                self.column = chars(&units[last + 1..]);
            }
            None => self.column += chars(units),
        }
    }

    /// Moves past valid UTF-32 `values`.
    pub fn advance_utf32(&mut self, values: &[u32]) {
        match values.iter().rposition(|&v| v == 0x0A) {
            Some(last) => {
                self.newlines += values[..=last].iter().map(|&v| u64::from(v == 0x0A)).sum::<u64>();
                self.column = (values.len() - last - 1) as u64;
            }
            None => self.column += values.len() as u64,
        }
    }

    /// The 1-based line number.
    pub fn line(&self) -> u64 {
        self.newlines + 1
    }

    /// The 1-based column, in characters.
    pub fn char(&self) -> u64 {
        self.column + 1
    }
}

/// The number of encoded surrogate pairs (`ED A0..AF xx ED B0..BF xx`) in
/// `text`.
fn encoded_pairs(text: &[u8]) -> u64 {
    let mut n = 0;
    let mut i = 0;
    while let Some(p) = text[i..].iter().position(|&b| b == 0xED) {
        let at = i + p;
        match text.get(at..at + 6) {
            Some([0xED, 0xA0..=0xAF, _, 0xED, 0xB0..=0xBF, _]) => {
                n += 1;
                i = at + 6;
            }
            _ => i = at + 1,
        }
    }
    n
}

fn count_newlines(text: &[u8]) -> u64 {
    // Summing bytes of 0/1 in blocks keeps the loop vectorisable.
    text.chunks(255)
        .map(|c| c.iter().map(|&b| u8::from(b == b'\n')).fold(0u8, u8::wrapping_add) as u64)
        .sum()
}

/// An invalid input: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The 0-based byte offset of the offending sequence.
    pub byte: u64,
    /// Line and column of the offending sequence.
    pub at: LineCol,
    /// What is wrong and what was expected.
    pub message: String,
    /// Whether the input merely ends inside a character (or unit), which
    /// iconv words differently from an invalid sequence.
    pub incomplete: bool,
    /// The bytes around the error, for `validate -v` (where the scanner
    /// had them).
    pub context: Option<Context>,
}

impl Problem {
    /// The report after the input's name and `": "` (which the caller
    /// writes as the name's own bytes), without a newline.
    pub fn report(&self) -> impl fmt::Display + '_ {
        Report(self)
    }
}

struct Report<'a>(&'a Problem);

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        write!(f, "line {}, char {}, byte {}: {}", p.at.line(), p.at.char(), p.byte, p.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_lines_and_columns() {
        let p = LineCol::of_utf8("ab\nçé€\n😀x".as_bytes());
        assert_eq!((p.line(), p.char()), (3, 3));
        let mut q = LineCol::default();
        for piece in ["ab\nç", "é€", "\n😀", "x"] {
            q.advance_utf8(piece.as_bytes());
        }
        assert_eq!(p, q);
        assert_eq!(LineCol::of_utf8(b""), LineCol::default());
        let many = "\n".repeat(1000);
        assert_eq!(LineCol::of_utf8(many.as_bytes()).line(), 1001);
    }

    #[test]
    fn utf16_and_utf32_agree_with_utf8() {
        let text = "ab\nçé€\n😀x𝄞";
        let units: Vec<u16> = text.encode_utf16().collect();
        let values: Vec<u32> = text.chars().map(u32::from).collect();
        let mut p16 = LineCol::default();
        p16.advance_utf16(&units, |u| u);
        let mut p32 = LineCol::default();
        p32.advance_utf32(&values);
        assert_eq!(p16, LineCol::of_utf8(text.as_bytes()));
        assert_eq!(p32, LineCol::of_utf8(text.as_bytes()));
        // In pieces, a surrogate pair split between two.
        let (mut q16, mut q32) = (LineCol::default(), LineCol::default());
        for cut in [&units[..2], &units[2..8], &units[8..]] {
            q16.advance_utf16(cut, |u| u);
        }
        for cut in [&values[..3], &values[3..]] {
            q32.advance_utf32(cut);
        }
        assert_eq!((q16, q32), (p16, p32));
        let mut b = LineCol::default();
        b.advance_bytes(b"ab\n\xE9\xE9");
        b.advance_bytes(b"x");
        assert_eq!((b.line(), b.char()), (2, 4));
    }

    #[test]
    fn derived_columns_count_pairs_and_c0_80_once() {
        // a, NUL as C0 80, U+1F600 as a pair, a lone high surrogate, b.
        let mut p = LineCol::default();
        p.advance_derived(b"x\na\xC0\x80\xED\xA0\xBD\xED\xB8\x80\xED\xA0\x80b");
        assert_eq!((p.line(), p.char()), (2, 6));
        let mut q = LineCol::default();
        q.advance_derived(b"\xED\xA0\xBD\xED\xB8\x80\n\xED\xA0\xBD\xED\xB8\x80");
        assert_eq!((q.line(), q.char()), (2, 2));
    }

    #[test]
    fn report_format() {
        let at = LineCol::of_utf8(b"a\nbc");
        let p = Problem { byte: 17, at, message: "oops".into(), incomplete: false, context: None };
        assert_eq!(p.report().to_string(), "line 2, char 3, byte 17: oops");
    }
}
