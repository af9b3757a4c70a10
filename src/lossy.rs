//! Lossy decoding: every maximal invalid subpart becomes one U+FFFD, the
//! Unicode "best practice" that `String::from_utf8_lossy` follows, so the
//! output is byte-identical to std's.

use crate::scalar::utf16::decode;
use crate::transcode::{Be, ByteOrder, Le, Native};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// Decodes UTF-8, replacing each maximal invalid subpart with U+FFFD.
/// Byte-identical to [`String::from_utf8_lossy`]; borrows when the input
/// is valid.
///
/// ```
/// // E1 A0 C0: "E1 A0" is a truncated sequence, then C0 is invalid alone.
/// let s = rapidutf::utf8_to_string_lossy(b"a\xE1\xA0\xC0b");
/// assert_eq!(s, "a\u{FFFD}\u{FFFD}b");
/// ```
pub fn utf8_to_string_lossy(src: &[u8]) -> Cow<'_, str> {
    let (valid, mut err) = crate::dispatch::split_valid_utf8(src);
    let Some(mut e) = err else {
        return Cow::Borrowed(valid);
    };
    let mut out = String::with_capacity(src.len() + 2);
    out.push_str(valid);
    let mut rest = src;
    loop {
        out.push('\u{FFFD}');
        match e.error_len() {
            None => break,
            Some(n) => rest = &rest[e.valid_up_to() + n..],
        }
        let (valid, next) = crate::dispatch::split_valid_utf8(rest);
        out.push_str(valid);
        err = next;
        match err {
            Some(next) => e = next,
            None => break,
        }
    }
    Cow::Owned(out)
}

fn utf16_lossy<O: ByteOrder>(src: &[u16]) -> String {
    let mut out = String::with_capacity(crate::count::utf8_len_from_utf16(src));
    let mut i = 0;
    while i < src.len() {
        match decode::<O>(src, i) {
            Ok((c, w)) => {
                // `decode` only returns scalar values.
                out.push(char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER));
                i += w;
            }
            Err(_) => {
                out.push(char::REPLACEMENT_CHARACTER);
                i += 1;
            }
        }
    }
    out
}

/// Decodes native-endian UTF-16, replacing each unpaired surrogate with
/// U+FFFD. Identical to [`String::from_utf16_lossy`].
///
/// ```
/// assert_eq!(rapidutf::utf16_to_string_lossy(&[0x61, 0xDC00, 0x62]), "a\u{FFFD}b");
/// ```
#[must_use]
pub fn utf16_to_string_lossy(src: &[u16]) -> String {
    utf16_lossy::<Native>(src)
}

/// [`utf16_to_string_lossy`] for UTF-16LE.
#[must_use]
pub fn utf16le_to_string_lossy(src: &[u16]) -> String {
    utf16_lossy::<Le>(src)
}

/// [`utf16_to_string_lossy`] for UTF-16BE.
#[must_use]
pub fn utf16be_to_string_lossy(src: &[u16]) -> String {
    utf16_lossy::<Be>(src)
}

/// Converts UTF-8 to native-endian UTF-16, replacing each maximal invalid
/// subpart with U+FFFD. Identical to
/// `String::from_utf8_lossy(src).encode_utf16().collect::<Vec<u16>>()`,
/// without the intermediate string: valid stretches go through the SIMD
/// transcoder, each error through the error layer.
///
/// ```
/// let v = rapidutf::utf8_to_utf16_lossy(b"a\xE1\xA0\xC0b");
/// assert_eq!(v, [0x61, 0xFFFD, 0xFFFD, 0x62]);
/// ```
#[must_use]
pub fn utf8_to_utf16_lossy(src: &[u8]) -> Vec<u16> {
    // Valid UTF-8 needs at most one unit per byte, and each replaced
    // subpart is at least one byte: `src.len()` units always suffice.
    let mut out = vec![0u16; src.len()];
    let (mut i, mut o) = (0, 0);
    while i < src.len() {
        let (read, written, err) =
            crate::dispatch::utf8_to_utf16_until_error(&src[i..], &mut out[o..]);
        i += read;
        o += written;
        let Some(e) = err else { break };
        out[o] = 0xFFFD;
        o += 1;
        match e.error_len() {
            Some(n) => i += n,
            None => break,
        }
    }
    out.truncate(o);
    out
}
