//! What `validate` says about an error: the offending byte or unit, and
//! what was allowed at that point.
//!
//! The library's error kinds say *why* input is invalid; a person fixing
//! a file also wants to see *which* byte broke the rule and which bytes
//! would have been accepted there. The ranges are those of the UTF-8
//! grammar (RFC 3629, section 4): after `E0` the second byte must be
//! `A0..BF`, after `ED` `80..9F`, after `F0` `90..BF`, after `F4` `80..8F`,
//! and `80..BF` everywhere else a continuation byte is due.
//!
//! [`Context`] adds the `-v` view: the bytes around the error in hex, with
//! carets under the offending sequence.

use rapidutf::{Utf16ErrorKind, Utf32ErrorKind, Utf8ErrorKind};
use std::fmt::{self, Write as _};

/// The bytes that may start a character.
const STARTS: &str = "00..7F or C2..F4";

/// The range allowed for the continuation byte after `seq` (one to three
/// bytes of a well-formed beginning): RFC 3629's restrictions on the second
/// byte, `80..BF` otherwise.
fn allowed_after(seq: &[u8]) -> &'static str {
    match seq {
        [0xE0] => "A0..BF",
        [0xED] => "80..9F",
        [0xF0] => "90..BF",
        [0xF4] => "80..8F",
        _ => "80..BF",
    }
}

/// "2nd", "3rd", "4th".
fn ordinal(n: usize) -> &'static str {
    match n {
        2 => "2nd",
        3 => "3rd",
        _ => "4th",
    }
}

/// `seq` as hex bytes separated by spaces.
fn hex(seq: &[u8]) -> String {
    let mut s = String::new();
    for (i, b) in seq.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{b:02X}");
    }
    s
}

/// The message for a UTF-8 error of `kind`. `bad` holds the input from
/// the start of the offending sequence (as many bytes as are at hand, at
/// least the sequence and the byte that broke it, unless the input ended),
/// and `error_len` is [`rapidutf::Utf8Error::error_len`].
pub fn utf8(kind: Utf8ErrorKind, bad: &[u8], error_len: Option<usize>) -> String {
    let Some(&first) = bad.first() else {
        return kind.to_string();
    };
    // The sequence is the maximal valid beginning (`error_len` bytes, or
    // the rest of the input); the byte after it broke the rule.
    let len = error_len.unwrap_or(bad.len()).clamp(1, 3).min(bad.len());
    let seq = &bad[..len];
    let rule =
        format!("after {} the {} byte must be {}", hex(seq), ordinal(len + 1), allowed_after(seq));
    let found = match bad.get(len).filter(|_| error_len.is_some()) {
        Some(b) => format!("found {b:02X}"),
        None => "found the end of the input".to_owned(),
    };
    match kind {
        Utf8ErrorKind::InvalidByte => {
            format!("invalid byte {first:02X} (C0, C1 and F5..FF never appear in UTF-8), expected {STARTS}")
        }
        Utf8ErrorKind::UnexpectedContinuation => {
            format!("unexpected continuation byte {first:02X}, expected the start of a character, {STARTS}")
        }
        Utf8ErrorKind::Overlong => format!("overlong encoding: {rule}, {found}"),
        Utf8ErrorKind::Surrogate => format!("encoded surrogate: {rule}, {found}"),
        Utf8ErrorKind::TooLarge => format!("code point above U+10FFFF: {rule}, {found}"),
        Utf8ErrorKind::MissingContinuation => format!("missing continuation byte: {rule}, {found}"),
        Utf8ErrorKind::Truncated => format!("input ends inside a character: {rule}"),
        _ => format!("{kind}: {rule}, {found}"),
    }
}

/// The message for a UTF-16 error of `kind` at unit `unit`, followed by
/// `next` (`None` at the end of the input).
pub fn utf16(kind: Utf16ErrorKind, unit: u16, next: Option<u16>) -> String {
    match kind {
        Utf16ErrorKind::UnpairedHigh => {
            let found = match next {
                Some(u) => format!("found {u:04X}"),
                None => "found the end of the input".to_owned(),
            };
            format!("unpaired high surrogate {unit:04X}: a low surrogate DC00..DFFF must follow, {found}")
        }
        Utf16ErrorKind::UnpairedLow => format!(
            "unpaired low surrogate {unit:04X}, expected 0000..D7FF, E000..FFFF or a high surrogate D800..DBFF"
        ),
        _ => format!("{kind}: found {unit:04X}"),
    }
}

/// The message for a UTF-32 error of `kind` at value `value`.
pub fn utf32(kind: Utf32ErrorKind, value: u32) -> String {
    let what = match kind {
        Utf32ErrorKind::Surrogate => "surrogate",
        Utf32ErrorKind::TooLarge => "value above 10FFFF",
        _ => "invalid value",
    };
    format!("{what} {value:08X}, expected 00000000..0000D7FF or 0000E000..0010FFFF")
}

/// The bytes around an error, for `validate -v`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The input offset of `bytes[0]`.
    pub start: u64,
    /// Some bytes before the error, the offending sequence, and some after.
    pub bytes: Vec<u8>,
    /// Where the offending sequence starts in `bytes`.
    pub mark: usize,
    /// How many bytes the carets cover (at least 1).
    pub mark_len: usize,
}

/// Bytes shown before the offending sequence.
pub const BEFORE: usize = 16;
/// Bytes shown from the offending sequence on.
pub const FROM: usize = 8;

impl Context {
    /// The context of an error at `bytes[at..]`, where `bytes` starts at
    /// input offset `offset`; the carets cover `mark_len` bytes.
    pub fn new(bytes: &[u8], offset: u64, at: usize, mark_len: usize) -> Context {
        let lo = at.saturating_sub(BEFORE);
        let hi = bytes.len().min(at + FROM.max(mark_len));
        Context {
            start: offset + lo as u64,
            bytes: bytes[lo..hi].to_vec(),
            mark: at - lo,
            mark_len: mark_len.clamp(1, hi.saturating_sub(at).max(1)),
        }
    }
}

impl fmt::Display for Context {
    /// Two lines: the offset and the bytes in hex, then carets under the
    /// offending bytes (no trailing newline).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head = format!("  {:08X}: ", self.start);
        write!(f, "{head}{}", hex(&self.bytes))?;
        let pad = head.len() + 3 * self.mark;
        let carets = 3 * self.mark_len - 1;
        write!(f, "\n{:pad$}{:^<carets$}", "", "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(bytes: &[u8]) -> String {
        let e = rapidutf::validate_utf8(bytes).expect_err("invalid");
        utf8(e.kind(), &bytes[e.valid_up_to()..], e.error_len())
    }

    #[test]
    fn utf8_messages_name_the_byte_and_the_range() {
        let cases: [(&[u8], &str); 11] = [
            (b"a\xE0\x80\x80", "overlong encoding: after E0 the 2nd byte must be A0..BF, found 80"),
            (b"\xED\xA0\x80", "encoded surrogate: after ED the 2nd byte must be 80..9F, found A0"),
            (b"\xF0\x8F\xBF", "overlong encoding: after F0 the 2nd byte must be 90..BF, found 8F"),
            (b"\xF4\x90\x80", "code point above U+10FFFF: after F4 the 2nd byte must be 80..8F, found 90"),
            (b"\xE2\x82\x41", "missing continuation byte: after E2 82 the 3rd byte must be 80..BF, found 41"),
            (b"\xF0\x9F\x98A", "missing continuation byte: after F0 9F 98 the 4th byte must be 80..BF, found 41"),
            (b"\xC3\xFF", "missing continuation byte: after C3 the 2nd byte must be 80..BF, found FF"),
            (b"x\xE2\x82", "input ends inside a character: after E2 82 the 3rd byte must be 80..BF"),
            (b"\xF4", "input ends inside a character: after F4 the 2nd byte must be 80..8F"),
            (b"\xC0\xAF", "invalid byte C0 (C0, C1 and F5..FF never appear in UTF-8), expected 00..7F or C2..F4"),
            (b"ab\x80", "unexpected continuation byte 80, expected the start of a character, 00..7F or C2..F4"),
        ];
        for (bytes, want) in cases {
            assert_eq!(message(bytes), want, "{bytes:02X?}");
        }
    }

    #[test]
    fn utf16_and_utf32_messages() {
        assert_eq!(
            utf16(Utf16ErrorKind::UnpairedHigh, 0xD83D, Some(0x41)),
            "unpaired high surrogate D83D: a low surrogate DC00..DFFF must follow, found 0041"
        );
        assert!(utf16(Utf16ErrorKind::UnpairedHigh, 0xD83D, None).ends_with("the end of the input"));
        assert!(utf16(Utf16ErrorKind::UnpairedLow, 0xDC00, Some(1))
            .starts_with("unpaired low surrogate DC00"));
        assert_eq!(
            utf32(Utf32ErrorKind::TooLarge, 0x11_0000),
            "value above 10FFFF 00110000, expected 00000000..0000D7FF or 0000E000..0010FFFF"
        );
    }

    #[test]
    fn context_marks_the_offending_bytes() {
        let bytes: Vec<u8> = (0..40).collect();
        let c = Context::new(&bytes, 100, 20, 2);
        assert_eq!(c.start, 104);
        assert_eq!(c.bytes, (4..28).collect::<Vec<u8>>());
        assert_eq!(c.mark, 16);
        let text = c.to_string();
        let (hexes, carets) = text.split_once('\n').unwrap();
        let col = carets.find('^').unwrap();
        assert_eq!(&hexes[col..col + 5], "14 15");
        assert_eq!(carets.trim_start(), "^^^^^");
        // At the very start, and with the offending byte last.
        let c = Context::new(&[0xFF], 0, 0, 1);
        assert_eq!(c.to_string(), "  00000000: FF\n            ^^");
        let c = Context::new(b"ab\xE2\x82", 0, 2, 2);
        assert!(c.to_string().ends_with("^^^^^"));
    }
}
