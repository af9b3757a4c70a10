//! The UTF-8 derivatives (CESU-8, Modified UTF-8, WTF-8, `utf8mb3`) and
//! Python's `surrogateescape`, window by window, on top of the library's
//! whole-buffer functions in [`rapidutf::utf8_variants`].
//!
//! # Cutting windows
//!
//! The library's derivative functions take a whole buffer. The tool hands
//! them one window at a time, cut by [`safe_cut`] a little before the
//! window's end at a place that splits neither a character nor a 6-byte
//! surrogate pair (CESU-8, Modified UTF-8) nor a high surrogate from the
//! low one after it (which WTF-8 forbids as a pair). Every sequence, and
//! every look-ahead the validators make, is at most 6 bytes long, so an
//! error more than [`MARGIN`] bytes before the end of the window is judged
//! exactly as in the whole input; the bytes after the cut start the next
//! window. Memory stays bounded by a few times the window size.

use crate::encoding::{Derivative, Form, Legacy};
use rapidutf::utf8_variants as d;
use std::borrow::Cow;

/// How far before the end of a window (that is not the input's last) its
/// bytes are cut: more than the longest sequence or look-ahead (6 bytes).
pub const MARGIN: usize = 16;

/// Where to cut a window that is not the input's last: at most [`MARGIN`]
/// bytes before its end, where a new sequence starts in every UTF-8
/// derivative and in the maximal-subpart segmentation of invalid UTF-8
/// (so in `surrogateescape` and lossy decoding), and not right after an
/// encoded high surrogate (`ED A0..AF xx`), which may pair with what
/// follows.
///
/// That is a byte that is no continuation byte, or a continuation byte
/// after three others (no sequence is longer than 4 bytes, so it cannot
/// belong to the one before it).
pub fn safe_cut(bytes: &[u8]) -> usize {
    let start = bytes.len().saturating_sub(MARGIN);
    let continuation = |i: usize| bytes[i] & 0xC0 == 0x80;
    let mut c = start;
    while c > 0 && start - c < 3 && continuation(c) {
        c -= 1;
    }
    if c > 0 && continuation(c) {
        c = start;
    }
    if c >= 3 && matches!(bytes[c - 3..c], [0xED, 0xA0..=0xAF, _]) {
        c -= 3;
    }
    c
}

/// An invalid sequence found in a piece of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derived {
    /// Its offset in the piece, in input units (bytes, or 16/32-bit units).
    pub at: usize,
    /// Its length in units, or `None` when the input ends inside it.
    pub len: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl Derived {
    fn of<K: std::fmt::Display + Copy>(e: d::EncodingError<K>) -> Derived {
        Derived { at: e.valid_up_to(), len: e.error_len(), message: e.kind().to_string() }
    }

    fn utf8(e: rapidutf::Utf8Error) -> Derived {
        Derived { at: e.valid_up_to(), len: e.error_len(), message: e.kind().to_string() }
    }

    /// A UTF-16 error in a piece of `n` units: a high surrogate in the last
    /// unit is an incomplete character (pieces only end in one at the end
    /// of the input).
    fn utf16(e: rapidutf::Utf16Error, n: usize) -> Derived {
        let at = e.valid_up_to();
        let end = e.kind() == rapidutf::Utf16ErrorKind::UnpairedHigh && at + 1 == n;
        Derived { at, len: if end { None } else { Some(1) }, message: e.kind().to_string() }
    }
}

/// Validates `bytes` in derivative `d`.
///
/// # Errors
///
/// The first invalid sequence.
pub fn validate(which: Derivative, bytes: &[u8]) -> Result<(), Derived> {
    match which {
        Derivative::Cesu8 => d::validate_cesu8(bytes).map_err(Derived::of),
        Derivative::Mutf8 => d::validate_mutf8(bytes).map_err(Derived::of),
        Derivative::Wtf8 => d::validate_wtf8(bytes).map_err(Derived::of),
        Derivative::Utf8mb3 => d::validate_utf8mb3(bytes).map(|_| ()).map_err(Derived::of),
    }
}

/// How byte input is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByteSource {
    /// UTF-8, strictly.
    Utf8,
    /// UTF-8 with `surrogateescape`: each byte of an invalid sequence
    /// becomes U+DC80..U+DCFF. Never fails.
    Escape,
    /// A derivative.
    Derived(Derivative),
}

/// A decoded piece of input, on its way to the output form.
pub enum Decoded<'a> {
    /// Valid UTF-8.
    Str(Cow<'a, str>),
    /// Native-endian UTF-16 that may hold lone surrogates: only produced
    /// for outputs that can carry them (UTF-16 from `surrogateescape`,
    /// WTF-8, Modified UTF-8).
    Wide(Vec<u16>),
    /// The output bytes themselves.
    Raw(Cow<'a, [u8]>),
}

/// The message for a lone surrogate that the output cannot represent.
fn unrepresentable(to: Form) -> String {
    format!("lone surrogate, which {} cannot represent", form_name(to))
}

fn form_name(form: Form) -> &'static str {
    match form {
        Form::Utf8 => "UTF-8",
        Form::Utf16(_) => "UTF-16",
        Form::Ucs2(_) => "UCS-2",
        Form::Utf32(_) => "UTF-32",
        Form::Derived(Derivative::Cesu8) => "CESU-8",
        Form::Derived(Derivative::Mutf8) => "Modified UTF-8",
        Form::Derived(Derivative::Wtf8) => "WTF-8",
        Form::Derived(Derivative::Utf8mb3) => "utf8mb3",
        Form::Legacy(Legacy::Latin1) => "ISO-8859-1",
        Form::Legacy(Legacy::Cp1252) => "Windows-1252",
        Form::Legacy(Legacy::Ascii) => "ASCII",
    }
}

/// Decodes a piece of byte input for output form `to`.
///
/// # Errors
///
/// The first invalid sequence of the piece, or the first lone surrogate
/// that `to` cannot represent.
pub fn decode_bytes(from: ByteSource, bytes: &[u8], to: Form) -> Result<Decoded<'_>, Derived> {
    fn str(s: &str) -> Decoded<'_> {
        Decoded::Str(Cow::Borrowed(s))
    }
    Ok(match from {
        // Decoding then encoding would give the bytes back.
        ByteSource::Escape if to == Form::Utf8 => Decoded::Raw(Cow::Borrowed(bytes)),
        ByteSource::Escape => Decoded::Wide(d::decode_surrogateescape(bytes)),
        ByteSource::Derived(w) if Form::Derived(w) == to => {
            validate(w, bytes)?;
            Decoded::Raw(Cow::Borrowed(bytes))
        }
        ByteSource::Utf8 => str(rapidutf::validate_utf8(bytes).map_err(Derived::utf8)?),
        ByteSource::Derived(Derivative::Utf8mb3) => {
            str(d::validate_utf8mb3(bytes).map_err(Derived::of)?)
        }
        ByteSource::Derived(Derivative::Cesu8) => {
            Decoded::Str(d::cesu8_to_string(bytes).map_err(Derived::of)?)
        }
        ByteSource::Derived(Derivative::Mutf8) => match to {
            Form::Derived(Derivative::Wtf8) => {
                Decoded::Raw(d::mutf8_to_wtf8_vec(bytes).map_err(Derived::of)?)
            }
            _ => Decoded::Str(d::mutf8_to_string(bytes).map_err(Derived::of)?),
        },
        ByteSource::Derived(Derivative::Wtf8) => match to {
            Form::Derived(Derivative::Mutf8) => {
                Decoded::Wide(d::wtf8_to_utf16_vec(bytes).map_err(Derived::of)?)
            }
            _ => match rapidutf::validate_utf8(bytes) {
                Ok(s) => str(s),
                Err(e) => {
                    // The first UTF-8 error is a WTF-8 error too, or an
                    // encoded (lone) surrogate.
                    let at = e.valid_up_to();
                    // (Eight bytes hold the sequence and its look-ahead.)
                    let around = &bytes[at..bytes.len().min(at + 8)];
                    return Err(match d::validate_wtf8(around) {
                        Err(w) if w.valid_up_to() == 0 => Derived { at, ..Derived::of(w) },
                        _ => Derived { at, len: Some(3), message: unrepresentable(to) },
                    });
                }
            },
        },
    })
}

/// Decodes a piece of UTF-16 input (native-endian values) for output form
/// `to`; with `escape`, for `surrogateescape` UTF-8 output.
///
/// # Errors
///
/// The first lone surrogate that `to` cannot represent (or, with
/// `escape`, that is no escaped byte U+DC80..U+DCFF).
pub fn decode_units(units: Vec<u16>, to: Form, escape: bool) -> Result<Decoded<'static>, Derived> {
    let n = units.len();
    match to {
        Form::Utf8 if escape => d::encode_surrogateescape(&units)
            .map(|b| Decoded::Raw(Cow::Owned(b)))
            .map_err(|e| Derived::utf16(e, n)),
        Form::Derived(w) if w.holds_lone_surrogates() => Ok(Decoded::Wide(units)),
        _ => rapidutf::utf16_to_string(&units)
            .map(|s| Decoded::Str(Cow::Owned(s)))
            .map_err(|e| Derived { message: unrepresentable(to), ..Derived::utf16(e, n) }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_split_no_sequence() {
        let pair = b"\xED\xA0\xBD\xED\xB8\x80";
        for filler in 0..40 {
            for tail in [
                &pair[..],
                "😀".as_bytes(),
                b"\xC0\x80",
                b"\x80\x80\x80\x80\x80",
                b"\xE2\x82\x80\x80\x80",
                b"\xF0\x9F\x98\x80\x80\x80\x80x",
            ] {
                let mut bytes = vec![b'a'; filler];
                while bytes.len() < 64 {
                    bytes.extend_from_slice(tail);
                }
                let c = safe_cut(&bytes);
                assert!(c + MARGIN + 6 >= bytes.len() && c + MARGIN <= bytes.len());
                assert!(c == 0 || !matches!(bytes[c - 3..c], [0xED, 0xA0..=0xAF, _]));
                // Each piece is lossy-decoded like the whole.
                let whole = String::from_utf8_lossy(&bytes);
                let parts =
                    String::from_utf8_lossy(&bytes[..c]) + String::from_utf8_lossy(&bytes[c..]);
                assert_eq!(whole, parts, "{filler} {tail:?}");
            }
        }
    }

    #[test]
    fn wtf8_surrogates_are_reported_for_utf8_output() {
        let e = decode_bytes(ByteSource::Derived(Derivative::Wtf8), b"ab\xED\xA0\x80", Form::Utf8)
            .err()
            .unwrap();
        assert_eq!((e.at, e.len), (2, Some(3)));
        assert!(e.message.contains("lone surrogate"), "{}", e.message);
        let e = decode_bytes(ByteSource::Derived(Derivative::Wtf8), b"ab\xFF", Form::Utf8)
            .err()
            .unwrap();
        assert_eq!((e.at, e.len), (2, Some(1)));
    }
}
