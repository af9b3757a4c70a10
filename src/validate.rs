//! Validation: UTF-8 (dispatched to the best SIMD kernel), UTF-16, UTF-32
//! and ASCII.

use crate::error::{Utf16Error, Utf32Error, Utf8Error};

/// Validates UTF-8, like [`core::str::from_utf8`] but faster, with the
/// error's [`kind`](Utf8Error::kind) besides core's `valid_up_to` and
/// `error_len`.
///
/// # Errors
///
/// The first invalid sequence, exactly as core reports it.
///
/// ```
/// assert_eq!(rapidutf::validate_utf8(b"caf\xC3\xA9"), Ok("café"));
///
/// let e = rapidutf::validate_utf8(b"ab\xED\xA0\x80").unwrap_err();
/// assert_eq!(e.valid_up_to(), 2);
/// assert_eq!(e.error_len(), Some(1));
/// assert_eq!(e.kind(), rapidutf::Utf8ErrorKind::Surrogate);
/// ```
#[inline]
pub fn validate_utf8(bytes: &[u8]) -> Result<&str, Utf8Error> {
    crate::dispatch::validate_utf8(bytes)
}

/// Whether `bytes` is valid UTF-8. Never computes an error position, so it
/// is the fastest check when the reason does not matter.
///
/// ```
/// assert!(rapidutf::is_valid_utf8("😀".as_bytes()));
/// assert!(!rapidutf::is_valid_utf8(b"\xC0\x80"));
/// ```
#[inline]
#[must_use]
pub fn is_valid_utf8(bytes: &[u8]) -> bool {
    crate::dispatch::is_valid_utf8(bytes)
}

/// Whether every byte is ASCII (below `0x80`).
///
/// ```
/// assert!(rapidutf::is_ascii(b"plain"));
/// assert!(!rapidutf::is_ascii("é".as_bytes()));
/// ```
#[inline]
#[must_use]
pub fn is_ascii(bytes: &[u8]) -> bool {
    crate::dispatch::is_ascii(bytes)
}

/// Validates native-endian UTF-16: every surrogate must be paired.
///
/// # Errors
///
/// The first unpaired surrogate, with its index and whether it is high or
/// low.
///
/// ```
/// use rapidutf::Utf16ErrorKind;
/// assert!(rapidutf::validate_utf16(&[0x61, 0xD83D, 0xDE00]).is_ok());
/// let e = rapidutf::validate_utf16(&[0x61, 0xD83D, 0x62]).unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (1, Utf16ErrorKind::UnpairedHigh));
/// ```
#[inline]
pub fn validate_utf16(src: &[u16]) -> Result<(), Utf16Error> {
    crate::dispatch::validate_utf16(src)
}

/// [`validate_utf16`] for UTF-16LE units.
///
/// # Errors
///
/// As [`validate_utf16`].
#[inline]
pub fn validate_utf16le(src: &[u16]) -> Result<(), Utf16Error> {
    crate::dispatch::validate_utf16le(src)
}

/// [`validate_utf16`] for UTF-16BE units.
///
/// # Errors
///
/// As [`validate_utf16`].
#[inline]
pub fn validate_utf16be(src: &[u16]) -> Result<(), Utf16Error> {
    crate::dispatch::validate_utf16be(src)
}

/// Whether native-endian UTF-16 `src` is well-formed (every surrogate
/// paired): [`validate_utf16`]`(src).is_ok()`, as
/// [`is_valid_utf8`] is for UTF-8.
///
/// ```
/// assert!(rapidutf::is_valid_utf16(&[0x61, 0xD83D, 0xDE00]));
/// assert!(!rapidutf::is_valid_utf16(&[0x61, 0xDE00]));
/// ```
#[inline]
#[must_use]
pub fn is_valid_utf16(src: &[u16]) -> bool {
    crate::dispatch::validate_utf16(src).is_ok()
}

/// [`is_valid_utf16`] for UTF-16LE units.
///
/// ```
/// let units = [0xD83Du16.to_le(), 0xDE00u16.to_le()];
/// assert!(rapidutf::is_valid_utf16le(&units));
/// assert!(!rapidutf::is_valid_utf16le(&units[..1]));
/// ```
#[inline]
#[must_use]
pub fn is_valid_utf16le(src: &[u16]) -> bool {
    crate::dispatch::validate_utf16le(src).is_ok()
}

/// [`is_valid_utf16`] for UTF-16BE units.
///
/// ```
/// let units = [0xD83Du16.to_be(), 0xDE00u16.to_be()];
/// assert!(rapidutf::is_valid_utf16be(&units));
/// assert!(!rapidutf::is_valid_utf16be(&units[1..]));
/// ```
#[inline]
#[must_use]
pub fn is_valid_utf16be(src: &[u16]) -> bool {
    crate::dispatch::validate_utf16be(src).is_ok()
}

/// Whether every value of `src` is a Unicode scalar value (no surrogate,
/// nothing above U+10FFFF): [`validate_utf32`]`(src).is_ok()`.
///
/// ```
/// assert!(rapidutf::is_valid_utf32(&[0x61, 0x10FFFF]));
/// assert!(!rapidutf::is_valid_utf32(&[0x61, 0xD800]));
/// assert!(!rapidutf::is_valid_utf32(&[0x110000]));
/// ```
#[inline]
#[must_use]
pub fn is_valid_utf32(src: &[u32]) -> bool {
    crate::dispatch::validate_utf32(src).is_ok()
}

/// Validates UTF-32: every value must be a Unicode scalar value.
///
/// # Errors
///
/// The first surrogate or value above U+10FFFF, with its index.
///
/// ```
/// use rapidutf::Utf32ErrorKind;
/// let e = rapidutf::validate_utf32(&[0x61, 0x110000]).unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (1, Utf32ErrorKind::TooLarge));
/// ```
#[inline]
pub fn validate_utf32(src: &[u32]) -> Result<(), Utf32Error> {
    crate::dispatch::validate_utf32(src)
}

/// The longest valid prefix of `bytes` as a `str`, and the error after
/// it, if any (for the derivatives, whose plain-UTF-8 stretches take the
/// SIMD path).
pub(crate) fn split_valid_utf8(bytes: &[u8]) -> (&str, Option<Utf8Error>) {
    crate::glue::split_result(bytes, validate_utf8(bytes))
}
