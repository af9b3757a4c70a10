//! Latin-1 (ISO-8859-1): to and from UTF-8, UTF-16 (native, LE, BE) and
//! UTF-32.
//!
//! Latin-1 is one byte per character: byte `b` is the code point
//! U+00`b`, for all 256 bytes (so the C1 controls `80..=9F` are those
//! code points, not the Windows-1252 characters that web browsers show
//! for a page labelled `iso-8859-1`).
//!
//! - **From Latin-1** (`latin1_to_*`): every input converts, so the only
//!   error is [`TranscodeError::OutputTooSmall`]; the error type's `E`
//!   is [`Infallible`].
//! - **To Latin-1** (`*_to_latin1`): the input is validated as it is
//!   converted, and the conversion stops at the first character that is
//!   invalid in the input's own encoding or above U+00FF, with a
//!   [`Latin1Error`] that says which
//!   ([`Latin1ErrorKind`](crate::Latin1ErrorKind)) and where (in input
//!   units).
//! - **Lossy, from UTF-8** ([`utf8_to_latin1_lossy`],
//!   [`str_to_latin1_lossy`], and with `alloc` their `_vec` and `_append`
//!   forms): a caller-chosen byte for each character above U+00FF and each
//!   maximal invalid subpart, with the count of replacements
//!   ([`Lossy`]).
//!
//! The same buffer rules as [`transcode`](crate::transcode) apply: no
//! `dst` length, however small, panics or writes out of bounds, and
//! [`TranscodeError::OutputTooSmall`] reports how much was converted.
//!
//! # Output sizes that always suffice
//!
//! | function | `dst.len()` that always suffices | exact size |
//! |---|---|---|
//! | `latin1_to_utf8` | `2 * src.len()` | [`utf8_len_from_latin1`] |
//! | `latin1_to_utf16*` | `src.len()` | [`utf16_len_from_latin1`] |
//! | `latin1_to_utf32` | `src.len()` | [`utf32_len_from_latin1`] |
//! | `utf8_to_latin1` | `src.len()` | [`latin1_len_from_utf8`] |
//! | `utf16*_to_latin1` | `src.len()` | [`latin1_len_from_utf16`] |
//! | `utf32_to_latin1` | `src.len()` | [`latin1_len_from_utf32`] |
//!
//! Each conversion runs the active SIMD [`Kernel`](crate::Kernel) on a
//! prefix (ASCII at copy speed, Latin-1 letters in SIMD too) and the
//! scalar code on the rest, which is the only code that computes errors.

use crate::error::{Latin1Error, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use core::convert::Infallible;

/// Converts Latin-1 to UTF-8: `Ok(bytes written)`.
///
/// `dst.len() >= 2 * src.len()` always suffices; the exact size is
/// [`utf8_len_from_latin1`].
///
/// ```
/// let mut buf = [0u8; 8];
/// let n = rapidutf::latin1_to_utf8(b"caf\xE9", &mut buf).unwrap();
/// assert_eq!(&buf[..n], "café".as_bytes());
///
/// let mut tiny = [0u8; 4];
/// let e = rapidutf::latin1_to_utf8(b"caf\xE9", &mut tiny).unwrap_err();
/// assert_eq!(e, rapidutf::TranscodeError::OutputTooSmall { read: 3, written: 3 });
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst` (see the [module docs](crate::latin1) for
/// sizes that always suffice): every byte is a Latin-1 character.
#[inline]
pub fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::latin1_to_utf8(src, dst)
}

/// Converts Latin-1 to native-endian UTF-16: `Ok(units written)`, one
/// per byte.
///
/// `dst.len() >= src.len()` always suffices.
///
/// ```
/// let mut buf = [0u16; 4];
/// let n = rapidutf::latin1_to_utf16(b"\xC0a", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0xC0, 0x61]);
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst` (see the [module docs](crate::latin1) for
/// sizes that always suffice): every byte is a Latin-1 character.
#[inline]
pub fn latin1_to_utf16(src: &[u8], dst: &mut [u16]) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::latin1_to_utf16(src, dst)
}

/// Converts Latin-1 to UTF-16LE: `Ok(units written)`.
///
/// ```
/// let mut buf = [0u16; 4];
/// let n = rapidutf::latin1_to_utf16le(b"\xFF", &mut buf).unwrap();
/// // Units whose bytes in memory are little-endian.
/// assert_eq!(buf[..n], [0xFF_u16.to_le()]);
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst` (see the [module docs](crate::latin1) for
/// sizes that always suffice): every byte is a Latin-1 character.
#[inline]
pub fn latin1_to_utf16le(src: &[u8], dst: &mut [u16]) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::latin1_to_utf16le(src, dst)
}

/// Converts Latin-1 to UTF-16BE: `Ok(units written)`.
///
/// ```
/// let mut buf = [0u16; 4];
/// let n = rapidutf::latin1_to_utf16be(b"\xFF", &mut buf).unwrap();
/// // Units whose bytes in memory are big-endian.
/// assert_eq!(buf[..n], [0xFF_u16.to_be()]);
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst` (see the [module docs](crate::latin1) for
/// sizes that always suffice): every byte is a Latin-1 character.
#[inline]
pub fn latin1_to_utf16be(src: &[u8], dst: &mut [u16]) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::latin1_to_utf16be(src, dst)
}

/// Converts Latin-1 to UTF-32: `Ok(values written)`, one per byte.
///
/// `dst.len() >= src.len()` always suffices.
///
/// ```
/// let mut buf = [0u32; 4];
/// let n = rapidutf::latin1_to_utf32(b"\xB5m", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0xB5, 0x6D]);
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst` (see the [module docs](crate::latin1) for
/// sizes that always suffice): every byte is a Latin-1 character.
#[inline]
pub fn latin1_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::latin1_to_utf32(src, dst)
}

/// Converts UTF-8 to Latin-1: `Ok(bytes written)`.
///
/// `dst.len() >= src.len()` always suffices; the exact size is
/// [`latin1_len_from_utf8`].
///
/// ```
/// use rapidutf::{Latin1ErrorKind, TranscodeError};
/// let mut buf = [0u8; 8];
/// let n = rapidutf::utf8_to_latin1("café".as_bytes(), &mut buf).unwrap();
/// assert_eq!(&buf[..n], b"caf\xE9");
///
/// // A character above U+00FF, at byte 1.
/// let Err(TranscodeError::Invalid { error: e, .. }) = rapidutf::utf8_to_latin1("a€".as_bytes(), &mut buf)
/// else { panic!() };
/// assert_eq!(e.valid_up_to(), 1);
/// assert_eq!(e.kind(), Latin1ErrorKind::Unrepresentable('€'));
///
/// // Invalid UTF-8: the validator's own error.
/// let Err(TranscodeError::Invalid { error: e, .. }) = rapidutf::utf8_to_latin1(b"ab\xC3", &mut buf)
/// else { panic!() };
/// assert_eq!(e.valid_up_to(), 2);
/// assert_eq!(e.invalid().unwrap().kind(), rapidutf::Utf8ErrorKind::Truncated);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] with a [`Latin1Error`] at the first
/// character that is invalid in the input or above U+00FF, or
/// [`TranscodeError::OutputTooSmall`] when `dst` is full before the
/// end (`dst.len() >= src.len()` always suffices). Whichever comes
/// first in the input is reported.
#[inline]
pub fn utf8_to_latin1(
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf8Error>>> {
    crate::dispatch::utf8_to_latin1(src, dst)
}

/// Converts native-endian UTF-16 to Latin-1: `Ok(bytes written)`, one
/// per unit.
///
/// ```
/// use rapidutf::{Latin1ErrorKind, TranscodeError};
/// let mut buf = [0u8; 4];
/// let n = rapidutf::utf16_to_latin1(&[0x61, 0xE9], &mut buf).unwrap();
/// assert_eq!(&buf[..n], b"a\xE9");
/// let e = rapidutf::utf16_to_latin1(&[0x61, 0x100], &mut buf).unwrap_err();
/// assert_eq!(e.invalid().unwrap().kind(), Latin1ErrorKind::Unrepresentable('\u{100}'));
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] with a [`Latin1Error`] at the first
/// character that is invalid in the input or above U+00FF, or
/// [`TranscodeError::OutputTooSmall`] when `dst` is full before the
/// end (`dst.len() >= src.len()` always suffices). Whichever comes
/// first in the input is reported.
#[inline]
pub fn utf16_to_latin1(
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    crate::dispatch::utf16_to_latin1(src, dst)
}

/// Converts UTF-16LE to Latin-1: `Ok(bytes written)`.
///
/// ```
/// let mut buf = [0u8; 4];
/// let src = [0xE9_u16.to_le()];
/// assert_eq!(rapidutf::utf16le_to_latin1(&src, &mut buf), Ok(1));
/// assert_eq!(buf[0], 0xE9);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] with a [`Latin1Error`] at the first
/// character that is invalid in the input or above U+00FF, or
/// [`TranscodeError::OutputTooSmall`] when `dst` is full before the
/// end (`dst.len() >= src.len()` always suffices). Whichever comes
/// first in the input is reported.
#[inline]
pub fn utf16le_to_latin1(
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    crate::dispatch::utf16le_to_latin1(src, dst)
}

/// Converts UTF-16BE to Latin-1: `Ok(bytes written)`.
///
/// ```
/// let mut buf = [0u8; 4];
/// let src = [0xE9_u16.to_be()];
/// assert_eq!(rapidutf::utf16be_to_latin1(&src, &mut buf), Ok(1));
/// assert_eq!(buf[0], 0xE9);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] with a [`Latin1Error`] at the first
/// character that is invalid in the input or above U+00FF, or
/// [`TranscodeError::OutputTooSmall`] when `dst` is full before the
/// end (`dst.len() >= src.len()` always suffices). Whichever comes
/// first in the input is reported.
#[inline]
pub fn utf16be_to_latin1(
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    crate::dispatch::utf16be_to_latin1(src, dst)
}

/// Converts UTF-32 to Latin-1: `Ok(bytes written)`, one per value.
///
/// ```
/// let mut buf = [0u8; 4];
/// assert_eq!(rapidutf::utf32_to_latin1(&[0x41, 0xFF], &mut buf), Ok(2));
/// assert_eq!(&buf[..2], b"A\xFF");
/// let e = rapidutf::utf32_to_latin1(&[0x41, 0xD800], &mut buf).unwrap_err();
/// assert!(e.invalid().unwrap().invalid().is_some());
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] with a [`Latin1Error`] at the first
/// character that is invalid in the input or above U+00FF, or
/// [`TranscodeError::OutputTooSmall`] when `dst` is full before the
/// end (`dst.len() >= src.len()` always suffices). Whichever comes
/// first in the input is reported.
#[inline]
pub fn utf32_to_latin1(
    src: &[u32],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf32Error>>> {
    crate::dispatch::utf32_to_latin1(src, dst)
}

/// The number of UTF-8 bytes for Latin-1 `src`: one per ASCII byte, two
/// per byte `80..=FF`.
///
/// ```
/// assert_eq!(rapidutf::utf8_len_from_latin1(b"caf\xE9"), 5);
/// ```
#[must_use]
#[inline]
pub fn utf8_len_from_latin1(src: &[u8]) -> usize {
    crate::dispatch::utf8_len_from_latin1(src)
}

/// The number of UTF-16 units for Latin-1 `src`: `src.len()`.
///
/// ```
/// assert_eq!(rapidutf::utf16_len_from_latin1(b"caf\xE9"), 4);
/// ```
#[must_use]
#[inline]
pub const fn utf16_len_from_latin1(src: &[u8]) -> usize {
    src.len()
}

/// The number of UTF-32 values for Latin-1 `src`: `src.len()`.
///
/// ```
/// assert_eq!(rapidutf::utf32_len_from_latin1(b"caf\xE9"), 4);
/// ```
#[must_use]
#[inline]
pub const fn utf32_len_from_latin1(src: &[u8]) -> usize {
    src.len()
}

/// The number of Latin-1 bytes for UTF-8 `src`: its number of characters,
/// [`count_chars`](crate::count_chars).
///
/// On any input, the bytes that are not continuation bytes; a buffer of
/// this size always holds the conversion of the input's valid and
/// representable prefix.
///
/// ```
/// assert_eq!(rapidutf::latin1_len_from_utf8("café".as_bytes()), 4);
/// ```
#[must_use]
#[inline]
pub fn latin1_len_from_utf8(src: &[u8]) -> usize {
    crate::dispatch::count_chars(src)
}

/// The number of Latin-1 bytes for UTF-16 `src` (any byte order):
/// `src.len()`, one per unit (a conversion that succeeds has only units up
/// to `0xFF`).
///
/// ```
/// assert_eq!(rapidutf::latin1_len_from_utf16(&[0x63, 0xE9]), 2);
/// ```
#[must_use]
#[inline]
pub const fn latin1_len_from_utf16(src: &[u16]) -> usize {
    src.len()
}

/// The number of Latin-1 bytes for UTF-32 `src`: `src.len()`.
///
/// ```
/// assert_eq!(rapidutf::latin1_len_from_utf32(&[0x63, 0xE9]), 2);
/// ```
#[must_use]
#[inline]
pub const fn latin1_len_from_utf32(src: &[u32]) -> usize {
    src.len()
}

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod alloc_api {
    use super::*;
    use crate::error::{in_room, in_room_total};
    use alloc::string::String;
    use alloc::vec::Vec;

    /// Appends the UTF-8 of Latin-1 `src` to `dst`: the bytes
    /// appended, written straight into the string's spare capacity.
    ///
    /// ```
    /// let mut s = String::from("a ");
    /// assert_eq!(rapidutf::latin1_to_utf8_append(b"caf\xE9", &mut s), 5);
    /// assert_eq!(s, "a café");
    /// ```
    #[inline]
    pub fn latin1_to_utf8_append(src: &[u8], dst: &mut String) -> usize {
        dst.reserve(utf8_len_from_latin1(src));
        in_room_total(crate::dispatch::latin1_to_utf8(src, dst))
    }

    /// Appends the native-endian UTF-16 of Latin-1 `src` to `dst`: the
    /// units appended.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::latin1_to_utf16_append(b"\xE9!", &mut v);
    /// assert_eq!(v, [0xE9, 0x21]);
    /// ```
    #[inline]
    pub fn latin1_to_utf16_append(src: &[u8], dst: &mut Vec<u16>) -> usize {
        dst.reserve(utf16_len_from_latin1(src));
        in_room_total(crate::dispatch::latin1_to_utf16(src, dst))
    }

    /// [`latin1_to_utf16_append`] to UTF-16LE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::latin1_to_utf16le_append(b"\xE9", &mut v);
    /// assert_eq!(v, [0xE9u16.to_le()]);
    /// ```
    #[inline]
    pub fn latin1_to_utf16le_append(src: &[u8], dst: &mut Vec<u16>) -> usize {
        dst.reserve(utf16_len_from_latin1(src));
        in_room_total(crate::dispatch::latin1_to_utf16le(src, dst))
    }

    /// [`latin1_to_utf16_append`] to UTF-16BE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::latin1_to_utf16be_append(b"\xE9", &mut v);
    /// assert_eq!(v, [0xE9u16.to_be()]);
    /// ```
    #[inline]
    pub fn latin1_to_utf16be_append(src: &[u8], dst: &mut Vec<u16>) -> usize {
        dst.reserve(utf16_len_from_latin1(src));
        in_room_total(crate::dispatch::latin1_to_utf16be(src, dst))
    }

    /// Appends the UTF-32 of Latin-1 `src` to `dst`: the values
    /// appended.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::latin1_to_utf32_append(b"\xE9!", &mut v);
    /// assert_eq!(v, [0xE9, 0x21]);
    /// ```
    #[inline]
    pub fn latin1_to_utf32_append(src: &[u8], dst: &mut Vec<u32>) -> usize {
        dst.reserve(utf32_len_from_latin1(src));
        in_room_total(crate::dispatch::latin1_to_utf32(src, dst))
    }

    /// Appends the Latin-1 of UTF-8 `src` to `dst`: `Ok(bytes
    /// appended)`.
    ///
    /// ```
    /// let mut v = b"> ".to_vec();
    /// assert_eq!(rapidutf::utf8_to_latin1_append("café".as_bytes(), &mut v), Ok(4));
    /// assert_eq!(v, b"> caf\xE9");
    /// ```
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of the first character that is invalid
    /// in the input or above U+00FF. The conversion of the input
    /// before it stays appended.
    #[inline]
    pub fn utf8_to_latin1_append(
        src: &[u8],
        dst: &mut Vec<u8>,
    ) -> Result<usize, Latin1Error<Utf8Error>> {
        dst.reserve(latin1_len_from_utf8(src));
        in_room(crate::dispatch::utf8_to_latin1(src, dst))
    }

    /// Appends the Latin-1 of native-endian UTF-16 `src` to `dst`:
    /// `Ok(bytes appended)`.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf16_to_latin1_append(&[0x63, 0xE9], &mut v).unwrap();
    /// assert_eq!(v, b"c\xE9");
    /// ```
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of the first character that is invalid
    /// in the input or above U+00FF. The conversion of the input
    /// before it stays appended.
    #[inline]
    pub fn utf16_to_latin1_append(
        src: &[u16],
        dst: &mut Vec<u8>,
    ) -> Result<usize, Latin1Error<Utf16Error>> {
        dst.reserve(latin1_len_from_utf16(src));
        in_room(crate::dispatch::utf16_to_latin1(src, dst))
    }

    /// [`utf16_to_latin1_append`] from UTF-16LE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf16le_to_latin1_append(&[0xE9u16.to_le()], &mut v).unwrap();
    /// assert_eq!(v, b"\xE9");
    /// ```
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of the first character that is invalid
    /// in the input or above U+00FF. The conversion of the input
    /// before it stays appended.
    #[inline]
    pub fn utf16le_to_latin1_append(
        src: &[u16],
        dst: &mut Vec<u8>,
    ) -> Result<usize, Latin1Error<Utf16Error>> {
        dst.reserve(latin1_len_from_utf16(src));
        in_room(crate::dispatch::utf16le_to_latin1(src, dst))
    }

    /// [`utf16_to_latin1_append`] from UTF-16BE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf16be_to_latin1_append(&[0xE9u16.to_be()], &mut v).unwrap();
    /// assert_eq!(v, b"\xE9");
    /// ```
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of the first character that is invalid
    /// in the input or above U+00FF. The conversion of the input
    /// before it stays appended.
    #[inline]
    pub fn utf16be_to_latin1_append(
        src: &[u16],
        dst: &mut Vec<u8>,
    ) -> Result<usize, Latin1Error<Utf16Error>> {
        dst.reserve(latin1_len_from_utf16(src));
        in_room(crate::dispatch::utf16be_to_latin1(src, dst))
    }

    /// Appends the Latin-1 of UTF-32 `src` to `dst`: `Ok(bytes
    /// appended)`.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf32_to_latin1_append(&[0x63, 0xE9], &mut v).unwrap();
    /// assert_eq!(v, b"c\xE9");
    /// assert!(rapidutf::utf32_to_latin1_append(&[0x20AC], &mut v).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of the first character that is invalid
    /// in the input or above U+00FF. The conversion of the input
    /// before it stays appended.
    #[inline]
    pub fn utf32_to_latin1_append(
        src: &[u32],
        dst: &mut Vec<u8>,
    ) -> Result<usize, Latin1Error<Utf32Error>> {
        dst.reserve(latin1_len_from_utf32(src));
        in_room(crate::dispatch::utf32_to_latin1(src, dst))
    }

    /// Converts Latin-1 to a `String`, allocated at its exact size.
    ///
    /// ```
    /// assert_eq!(rapidutf::latin1_to_string(b"Gr\xFC\xDFe"), "Grüße");
    /// ```
    #[must_use]
    #[inline]
    pub fn latin1_to_string(src: &[u8]) -> String {
        let mut s = String::new();
        latin1_to_utf8_append(src, &mut s);
        s
    }

    /// Converts Latin-1 to a new native-endian UTF-16 vector.
    ///
    /// ```
    /// assert_eq!(rapidutf::latin1_to_utf16_vec(b"\xE9!"), [0xE9, 0x21]);
    /// ```
    #[must_use]
    #[inline]
    pub fn latin1_to_utf16_vec(src: &[u8]) -> Vec<u16> {
        let mut v = Vec::new();
        latin1_to_utf16_append(src, &mut v);
        v
    }

    /// Converts Latin-1 to a new UTF-16LE vector.
    ///
    /// ```
    /// assert_eq!(rapidutf::latin1_to_utf16le_vec(b"\xE9"), [0xE9u16.to_le()]);
    /// ```
    #[must_use]
    #[inline]
    pub fn latin1_to_utf16le_vec(src: &[u8]) -> Vec<u16> {
        let mut v = Vec::new();
        latin1_to_utf16le_append(src, &mut v);
        v
    }

    /// Converts Latin-1 to a new UTF-16BE vector.
    ///
    /// ```
    /// assert_eq!(rapidutf::latin1_to_utf16be_vec(b"\xE9"), [0xE9u16.to_be()]);
    /// ```
    #[must_use]
    #[inline]
    pub fn latin1_to_utf16be_vec(src: &[u8]) -> Vec<u16> {
        let mut v = Vec::new();
        latin1_to_utf16be_append(src, &mut v);
        v
    }

    /// Converts Latin-1 to a new UTF-32 vector.
    ///
    /// ```
    /// assert_eq!(rapidutf::latin1_to_utf32_vec(b"\xE9!"), [0xE9, 0x21]);
    /// ```
    #[must_use]
    #[inline]
    pub fn latin1_to_utf32_vec(src: &[u8]) -> Vec<u32> {
        let mut v = Vec::new();
        latin1_to_utf32_append(src, &mut v);
        v
    }

    /// Converts UTF-8 to a new Latin-1 vector.
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of the first character that is invalid UTF-8 or
    /// above U+00FF.
    ///
    /// ```
    /// assert_eq!(rapidutf::utf8_to_latin1_vec("Grüße".as_bytes()).unwrap(), b"Gr\xFC\xDFe");
    /// let e = rapidutf::utf8_to_latin1_vec("10 €".as_bytes()).unwrap_err();
    /// assert_eq!((e.valid_up_to(), e.unrepresentable()), (3, Some('€')));
    /// ```
    #[inline]
    pub fn utf8_to_latin1_vec(src: &[u8]) -> Result<Vec<u8>, Latin1Error<Utf8Error>> {
        let mut v = Vec::new();
        utf8_to_latin1_append(src, &mut v)?;
        Ok(v)
    }

    /// Converts native-endian UTF-16 to a new Latin-1 vector.
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of the first unpaired surrogate or character
    /// above U+00FF.
    ///
    /// ```
    /// assert_eq!(rapidutf::utf16_to_latin1_vec(&[0xFC]).unwrap(), b"\xFC");
    /// assert!(rapidutf::utf16_to_latin1_vec(&[0xDC00]).unwrap_err().invalid().is_some());
    /// ```
    #[inline]
    pub fn utf16_to_latin1_vec(src: &[u16]) -> Result<Vec<u8>, Latin1Error<Utf16Error>> {
        let mut v = Vec::new();
        utf16_to_latin1_append(src, &mut v)?;
        Ok(v)
    }

    /// Converts UTF-16LE to a new Latin-1 vector.
    ///
    /// # Errors
    ///
    /// As [`utf16_to_latin1_vec`].
    ///
    /// ```
    /// assert_eq!(rapidutf::utf16le_to_latin1_vec(&[0xFCu16.to_le()]).unwrap(), b"\xFC");
    /// ```
    #[inline]
    pub fn utf16le_to_latin1_vec(src: &[u16]) -> Result<Vec<u8>, Latin1Error<Utf16Error>> {
        let mut v = Vec::new();
        utf16le_to_latin1_append(src, &mut v)?;
        Ok(v)
    }

    /// Converts UTF-16BE to a new Latin-1 vector.
    ///
    /// # Errors
    ///
    /// As [`utf16_to_latin1_vec`].
    ///
    /// ```
    /// assert_eq!(rapidutf::utf16be_to_latin1_vec(&[0xFCu16.to_be()]).unwrap(), b"\xFC");
    /// ```
    #[inline]
    pub fn utf16be_to_latin1_vec(src: &[u16]) -> Result<Vec<u8>, Latin1Error<Utf16Error>> {
        let mut v = Vec::new();
        utf16be_to_latin1_append(src, &mut v)?;
        Ok(v)
    }

    /// Converts UTF-32 to a new Latin-1 vector.
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of the first value that is not a scalar value
    /// or is above U+00FF.
    ///
    /// ```
    /// assert_eq!(rapidutf::utf32_to_latin1_vec(&[0xFC]).unwrap(), b"\xFC");
    /// assert!(rapidutf::utf32_to_latin1_vec(&[0x1F600]).is_err());
    /// ```
    #[inline]
    pub fn utf32_to_latin1_vec(src: &[u32]) -> Result<Vec<u8>, Latin1Error<Utf32Error>> {
        let mut v = Vec::new();
        utf32_to_latin1_append(src, &mut v)?;
        Ok(v)
    }
}

#[cfg(feature = "alloc")]
pub use alloc_api::*;

// ---------------------------------------------------------------------
// Lossy encoding from UTF-8: a caller-chosen byte for what Latin-1
// cannot represent.
// ---------------------------------------------------------------------

use crate::error::Lossy;
use crate::glue::single_byte_lossy::{self, Bytes, Valid};
use crate::scalar::latin1::Latin1;

/// Converts UTF-8 to Latin-1, writing `replacement` for each character
/// above U+00FF and for each maximal invalid subpart of the input (the
/// units `String::from_utf8_lossy` replaces with one U+FFFD each): `Ok` with the bytes written and the
/// number of replacements.
///
/// Python's `s.encode("latin-1", errors="replace")` is this with
/// `b'?'`. The representable text runs on the same SIMD kernel as
/// [`utf8_to_latin1`], at the same speed; only the replacements take the
/// scalar path.
///
/// `dst.len() >= src.len()` always suffices (one byte per character or
/// invalid subpart).
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when `dst` is full before the
/// end: `read` and `written` are at a character boundary, so the caller
/// can go on from `src[read..]` with more room. (The replacements in the
/// part written are not reported then; a `dst` of `src.len()` bytes never
/// runs out.)
///
/// ```
/// use rapidutf::Lossy;
/// let mut buf = [0u8; 16];
/// let r = rapidutf::utf8_to_latin1_lossy("5 € for ½".as_bytes(), &mut buf, b'?').unwrap();
/// assert_eq!(r, Lossy { output: 9, replaced: 1 });
/// assert_eq!(&buf[..r.output], b"5 ? for \xBD");
///
/// // Invalid UTF-8: one replacement per maximal invalid subpart.
/// let r = rapidutf::utf8_to_latin1_lossy(b"a\xF0\x9F\x98b\xFF", &mut buf, b'?').unwrap();
/// assert_eq!((&buf[..r.output], r.replaced), (&b"a?b?"[..], 2));
///
/// let e = rapidutf::utf8_to_latin1_lossy("ab€".as_bytes(), &mut buf[..2], b'?').unwrap_err();
/// assert_eq!(e, rapidutf::TranscodeError::OutputTooSmall { read: 2, written: 2 });
/// ```
#[inline]
pub fn utf8_to_latin1_lossy(
    src: &[u8],
    dst: &mut [u8],
    replacement: u8,
) -> Result<Lossy<usize>, TranscodeError<Infallible>> {
    let (r, replaced) = single_byte_lossy::encode_lossy::<Bytes, Latin1, _>(
        crate::dispatch::active_fns(),
        src,
        dst,
        replacement,
    );
    r.map(|output| Lossy { output, replaced })
}

/// Converts a `str` to Latin-1, writing `replacement` for each character
/// above U+00FF: `Ok` with the bytes written and the number of
/// replacements.
///
/// As [`utf8_to_latin1_lossy`] for input known to be valid.
/// `dst.len() >= src.chars().count()` always suffices
/// ([`latin1_len_from_utf8`] counts it at kernel speed), and so does
/// `src.len()`.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], as for
/// [`utf8_to_latin1_lossy`].
///
/// ```
/// let mut buf = [0u8; 8];
/// let r = rapidutf::str_to_latin1_lossy("Ωmega", &mut buf, b'?').unwrap();
/// assert_eq!((&buf[..r.output], r.had_replacements()), (&b"?mega"[..], true));
/// ```
#[inline]
pub fn str_to_latin1_lossy(
    src: &str,
    dst: &mut [u8],
    replacement: u8,
) -> Result<Lossy<usize>, TranscodeError<Infallible>> {
    let (r, replaced) = single_byte_lossy::encode_lossy::<Valid, Latin1, _>(
        crate::dispatch::active_fns(),
        src.as_bytes(),
        dst,
        replacement,
    );
    r.map(|output| Lossy { output, replaced })
}

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod lossy_alloc {
    use super::{single_byte_lossy, Bytes, Latin1, Lossy, Valid};
    use alloc::vec::Vec;

    /// Appends the Latin-1 of UTF-8 `src` to `dst`, writing `replacement`
    /// for each character above U+00FF and each maximal invalid subpart:
    /// the bytes appended and the number of replacements.
    ///
    /// Reserves the input's character count and writes into the spare
    /// capacity; never fails.
    ///
    /// ```
    /// let mut v = b"> ".to_vec();
    /// let r = rapidutf::utf8_to_latin1_lossy_append(b"caf\xC3\xA9 \xE2\x82", &mut v, b'?');
    /// assert_eq!((r.output, r.replaced), (6, 1));
    /// assert_eq!(v, b"> caf\xE9 ?");
    /// ```
    #[inline]
    pub fn utf8_to_latin1_lossy_append(
        src: &[u8],
        dst: &mut Vec<u8>,
        replacement: u8,
    ) -> Lossy<usize> {
        let room = crate::dispatch::count_chars(src);
        let fns = crate::dispatch::active_fns();
        let (output, replaced) =
            single_byte_lossy::append_lossy::<Bytes, Latin1>(fns, src, dst, replacement, room);
        Lossy { output, replaced }
    }

    /// Appends the Latin-1 of `src` to `dst`, writing `replacement` for
    /// each character above U+00FF: the bytes appended and the number of
    /// replacements.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// let r = rapidutf::str_to_latin1_lossy_append("naïve “quote”", &mut v, b'"');
    /// assert_eq!((r.output, r.replaced), (13, 2));
    /// assert_eq!(v, b"na\xEFve \"quote\"");
    /// ```
    #[inline]
    pub fn str_to_latin1_lossy_append(
        src: &str,
        dst: &mut Vec<u8>,
        replacement: u8,
    ) -> Lossy<usize> {
        let room = crate::dispatch::count_chars(src.as_bytes());
        let fns = crate::dispatch::active_fns();
        let (output, replaced) = single_byte_lossy::append_lossy::<Valid, Latin1>(
            fns,
            src.as_bytes(),
            dst,
            replacement,
            room,
        );
        Lossy { output, replaced }
    }

    /// Converts UTF-8 to a new Latin-1 vector, writing `replacement` for
    /// each character above U+00FF and each maximal invalid subpart: the
    /// vector and the number of replacements.
    ///
    /// Python's `s.encode("latin-1", errors="replace")` for `b'?'`.
    ///
    /// ```
    /// let r = rapidutf::utf8_to_latin1_lossy_vec("10 € \u{2260} 10 £".as_bytes(), b'?');
    /// assert_eq!(r.output, b"10 ? ? 10 \xA3");
    /// assert_eq!(r.replaced, 2);
    /// ```
    #[inline]
    pub fn utf8_to_latin1_lossy_vec(src: &[u8], replacement: u8) -> Lossy<Vec<u8>> {
        let mut output = Vec::new();
        let Lossy { replaced, .. } = utf8_to_latin1_lossy_append(src, &mut output, replacement);
        Lossy { output, replaced }
    }

    /// Converts a `str` to a new Latin-1 vector, writing `replacement` for
    /// each character above U+00FF: the vector and the number of
    /// replacements.
    ///
    /// ```
    /// let r = rapidutf::str_to_latin1_lossy_vec("Grüße", b'?');
    /// assert_eq!((r.output.as_slice(), r.had_replacements()), (&b"Gr\xFC\xDFe"[..], false));
    /// ```
    #[inline]
    pub fn str_to_latin1_lossy_vec(src: &str, replacement: u8) -> Lossy<Vec<u8>> {
        let mut output = Vec::new();
        let Lossy { replaced, .. } = str_to_latin1_lossy_append(src, &mut output, replacement);
        Lossy { output, replaced }
    }
}

#[cfg(feature = "alloc")]
pub use lossy_alloc::{
    str_to_latin1_lossy_append, str_to_latin1_lossy_vec, utf8_to_latin1_lossy_append,
    utf8_to_latin1_lossy_vec,
};

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use crate::Kernel;

    /// Every SIMD kernel converts Latin-1 letters in its prefix, rather
    /// than leaving them all to the scalar finish.
    #[test]
    fn simd_kernels_convert_a_prefix() {
        let latin1: [u8; 64] =
            core::array::from_fn(|i| if i % 2 == 0 { 0xE9 } else { b'a' + i as u8 % 26 });
        let s: alloc::string::String = latin1.iter().map(|&b| b as char).collect();
        let utf16: alloc::vec::Vec<u16> = s.encode_utf16().map(u16::to_le).collect();
        let utf16be: alloc::vec::Vec<u16> = s.encode_utf16().map(u16::to_be).collect();
        let utf32: alloc::vec::Vec<u32> = s.chars().map(u32::from).collect();
        // On big-endian targets the kernels leave it all to the scalar code.
        if cfg!(target_endian = "big") {
            return;
        }
        for k in Kernel::available().filter(|&k| k != Kernel::Scalar) {
            let f = k.fns();
            // Output the kernels only write: uninitialised, as spare
            // capacity is.
            use core::mem::MaybeUninit;
            let mut b8 = [MaybeUninit::<u8>::uninit(); 128];
            let mut b16 = [MaybeUninit::<u16>::uninit(); 64];
            let mut b32 = [MaybeUninit::<u32>::uninit(); 64];
            let want = |(read, written): (usize, usize), min: usize, what: &str| {
                assert!(read >= min && written > 0, "{k} {what}: {read} units converted");
            };
            // The portable kernel leaves UTF-8 to the scalar loop where it
            // has no one-instruction shuffle.
            if k != Kernel::Portable || crate::arch::PORTABLE_NATIVE_SHUFFLE {
                want(f.latin1_to_utf8_prefix(&latin1, &mut b8), 48, "latin1_to_utf8");
                want(f.utf8_to_latin1_prefix(s.as_bytes(), &mut b8), 64, "utf8_to_latin1");
            }
            want(f.latin1_to_utf16le_prefix(&latin1, &mut b16), 64, "latin1_to_utf16le");
            want(f.latin1_to_utf16be_prefix(&latin1, &mut b16), 64, "latin1_to_utf16be");
            want(f.latin1_to_utf32_prefix(&latin1, &mut b32), 64, "latin1_to_utf32");
            want(f.utf16le_to_latin1_prefix(&utf16, &mut b8), 64, "utf16le_to_latin1");
            want(f.utf16be_to_latin1_prefix(&utf16be, &mut b8), 64, "utf16be_to_latin1");
            want(f.utf32_to_latin1_prefix(&utf32, &mut b8), 64, "utf32_to_latin1");
        }
    }
}
