//! Transcoding between UTF-8, UTF-16 (native, LE, BE) and UTF-32.
//!
//! Every function validates its input in the same pass and reports problems
//! through [`TranscodeError`]: [`TranscodeError::Invalid`] with the input's
//! own error type (positions in *input* units), or
//! [`TranscodeError::OutputTooSmall`] with how far it got. No `dst` length,
//! however small, panics or writes out of bounds.
//!
//! The UTF-8 to UTF-16 and UTF-32 conversions run the active SIMD
//! [`Kernel`](crate::Kernel) (see [`Kernel::utf8_to_utf16le`](crate::Kernel::utf8_to_utf16le)
//! and friends to pick one): it validates and converts 64-byte windows
//! in one pass and stops at the first window with a problem, where the
//! scalar code takes over, so errors are exactly those of the scalar code.
//!
//! # Output sizes that always suffice
//!
//! | function | `dst.len()` that always suffices | exact size |
//! |---|---|---|
//! | `utf8_to_utf16*` | `src.len()` | [`utf16_len_from_utf8`](crate::utf16_len_from_utf8) |
//! | `utf8_to_utf32` | `src.len()` | [`count_chars`](crate::count_chars) |
//! | `utf16*_to_utf8` | `3 * src.len()` | [`utf8_len_from_utf16`](crate::utf8_len_from_utf16) |
//! | `utf16*_to_utf32` | `src.len()` | [`utf32_len_from_utf16`](crate::utf32_len_from_utf16) |
//! | `utf32_to_utf8` | `4 * src.len()` | [`utf8_len_from_utf32`](crate::utf8_len_from_utf32) |
//! | `utf32_to_utf16*` | `2 * src.len()` | [`utf16_len_from_utf32`](crate::utf16_len_from_utf32) |
//!
//! # Valid input: `&str` and `&[char]`
//!
//! A `&str` is valid UTF-8 and a `&[char]` holds scalar values, by their
//! types: [`str_to_utf16`], [`str_to_utf16le`], [`str_to_utf16be`],
//! [`str_to_utf32`], [`chars_to_utf8`], [`chars_to_utf16`],
//! [`chars_to_utf16le`] and [`chars_to_utf16be`] convert them without
//! validating again, on kernels of their own (the UTF-8 windows without
//! their validation, the UTF-32 blocks without their range checks). Their
//! only error is a `dst` that is too small, so with the sizes below they
//! cannot fail. They are named for the input's type rather than its
//! encoding (`str_to_utf16le`, not `utf8_to_utf16le`), as std's
//! `str::encode_utf16` and `char::encode_utf8` are: the name says that the
//! input is taken as proven valid, and the error type
//! (`TranscodeError<Infallible>`) that it cannot be invalid.
//!
//! | function | `dst.len()` that always suffices | exact size |
//! |---|---|---|
//! | `str_to_utf16*` | `src.len()` | [`utf16_len_from_utf8`](crate::utf16_len_from_utf8) |
//! | `str_to_utf32` | `src.len()` | [`utf32_len_from_utf8`](crate::utf32_len_from_utf8) |
//! | `chars_to_utf8` | `4 * src.len()` | [`utf8_len_from_chars`](crate::utf8_len_from_chars) |
//! | `chars_to_utf16*` | `2 * src.len()` | [`utf16_len_from_chars`](crate::utf16_len_from_chars) |
//!
//! # Appending to a `Vec` or `String`
//!
//! With `alloc`, every direction also has a form that appends to a
//! caller's `Vec<u16>`, `Vec<u32>` or (UTF-8 output) `String`:
//! [`utf8_to_utf16_append`], [`utf16_to_utf8_append`],
//! [`str_to_utf16_append`] and so on. It reserves the exact output size
//! (one counting pass, several times faster than the conversion) and the
//! kernel writes straight into the spare capacity: nothing is zero-filled
//! first, and a `String`'s contents are not validated again. On invalid
//! input the conversion of the valid prefix stays appended, so a caller
//! can report or replace the error and go on from `valid_up_to()`:
//!
//! ```
//! let mut out = String::from("> ");
//! let e = rapidutf::utf16_to_utf8_append(&[0x68, 0x69, 0xD800, 0x21], &mut out).unwrap_err();
//! assert_eq!((out.as_str(), e.valid_up_to()), ("> hi", 2));
//! ```
//!
//! The allocating forms (`_vec`, `_to_string`) write into spare capacity
//! too, but skip the counting pass over long inputs: they count the
//! output of the first 4096 input units exactly (4 KiB of UTF-8, 8 KiB of
//! UTF-16) and size the allocation for the whole input from it, with 1/16
//! to spare, but never above the conversion's worst case (the most
//! output any input of that length can have, `dst.len()` in the tables
//! above), so no input makes them allocate more than that. Text that
//! changes script further on costs at most one reallocation (the rest is
//! then counted exactly), and an allocation whose unused room exceeds
//! half the length (plus 4096 units) is shrunk, so the capacity stays
//! within 1.5 times the length plus 4096 units.
//!
//! # Byte order
//!
//! `utf16le`/`utf16be` functions read or write `u16` units whose *memory*
//! bytes are in that order (so a UTF-16BE file's bytes, viewed as `[u16]`,
//! convert directly without a swap pass); the plain `utf16` functions use
//! the target's native order.

#[cfg(feature = "alloc")]
use crate::error::ShiftPosition;
use crate::error::{TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use core::convert::Infallible;

/// Converts UTF-8 to native-endian UTF-16: `Ok(units written)`.
///
/// `dst.len() >= src.len()` always suffices.
///
/// ```
/// let mut buf = [0u16; 8];
/// let n = rapidutf::utf8_to_utf16("h€!".as_bytes(), &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x68, 0x20AC, 0x21]);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> Result<usize, TranscodeError<Utf8Error>> {
    crate::dispatch::utf8_to_utf16(src, dst)
}

/// Converts UTF-8 to UTF-16LE: `Ok(units written)`.
///
/// ```
/// let mut buf = [0u16; 4];
/// let n = rapidutf::utf8_to_utf16le("é€".as_bytes(), &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0xE9u16.to_le(), 0x20ACu16.to_le()]);
/// // A too-small buffer holds what fits, and says how far it got.
/// let e = rapidutf::utf8_to_utf16le("é€".as_bytes(), &mut buf[..1]).unwrap_err();
/// assert_eq!(e, rapidutf::TranscodeError::OutputTooSmall { read: 2, written: 1 });
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf8_to_utf16le(src: &[u8], dst: &mut [u16]) -> Result<usize, TranscodeError<Utf8Error>> {
    crate::dispatch::utf8_to_utf16le(src, dst)
}

/// Converts UTF-8 to UTF-16BE: `Ok(units written)`.
///
/// ```
/// let mut buf = [0u16; 4];
/// let n = rapidutf::utf8_to_utf16be("é€".as_bytes(), &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0xE9u16.to_be(), 0x20ACu16.to_be()]);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf8_to_utf16be(src: &[u8], dst: &mut [u16]) -> Result<usize, TranscodeError<Utf8Error>> {
    crate::dispatch::utf8_to_utf16be(src, dst)
}

/// Converts native-endian UTF-16 to UTF-8: `Ok(bytes written)`.
///
/// `dst.len() >= 3 * src.len()` always suffices.
///
/// ```
/// let src: Vec<u16> = "h€𝄞".encode_utf16().collect();
/// let mut buf = [0u8; 16];
/// let n = rapidutf::utf16_to_utf8(&src, &mut buf).unwrap();
/// assert_eq!(&buf[..n], "h€𝄞".as_bytes());
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16_to_utf8(src, dst)
}

/// Converts UTF-16LE to UTF-8: `Ok(bytes written)`.
///
/// ```
/// let src = [0x68u16.to_le(), 0x20ACu16.to_le()];
/// let mut buf = [0u8; 8];
/// let n = rapidutf::utf16le_to_utf8(&src, &mut buf).unwrap();
/// assert_eq!(&buf[..n], "h€".as_bytes());
/// // An unpaired surrogate is an error at its position.
/// let e = rapidutf::utf16le_to_utf8(&[0x61u16.to_le(), 0xD800u16.to_le()], &mut buf);
/// assert_eq!(e.unwrap_err().into_invalid().unwrap().valid_up_to(), 1);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf16le_to_utf8(src: &[u16], dst: &mut [u8]) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16le_to_utf8(src, dst)
}

/// Converts UTF-16BE to UTF-8: `Ok(bytes written)`.
///
/// ```
/// let src = [0x68u16.to_be(), 0x20ACu16.to_be()];
/// let mut buf = [0u8; 8];
/// let n = rapidutf::utf16be_to_utf8(&src, &mut buf).unwrap();
/// assert_eq!(&buf[..n], "h€".as_bytes());
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf16be_to_utf8(src: &[u16], dst: &mut [u8]) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16be_to_utf8(src, dst)
}

/// Converts UTF-8 to UTF-32: `Ok(values written)`.
///
/// `dst.len() >= src.len()` always suffices.
///
/// ```
/// let mut buf = [0u32; 4];
/// let n = rapidutf::utf8_to_utf32("a😀".as_bytes(), &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x61, 0x1F600]);
/// // Invalid input: the error says where.
/// let e = rapidutf::utf8_to_utf32(b"ab\xC0\x80", &mut buf).unwrap_err();
/// assert_eq!(e.into_invalid().unwrap().valid_up_to(), 2);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, TranscodeError<Utf8Error>> {
    crate::dispatch::utf8_to_utf32(src, dst)
}

/// Converts UTF-32 to UTF-8: `Ok(bytes written)`.
///
/// `dst.len() >= 4 * src.len()` always suffices.
///
/// ```
/// let mut buf = [0u8; 8];
/// let n = rapidutf::utf32_to_utf8(&[0x61, 0x1F600], &mut buf).unwrap();
/// assert_eq!(&buf[..n], "a😀".as_bytes());
/// // A surrogate or a value above U+10FFFF is an error.
/// assert!(rapidutf::utf32_to_utf8(&[0xD800], &mut buf).is_err());
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, TranscodeError<Utf32Error>> {
    crate::dispatch::utf32_to_utf8(src, dst)
}

/// Converts native-endian UTF-16 to UTF-32: `Ok(values written)`.
///
/// `dst.len() >= src.len()` always suffices.
///
/// ```
/// let src: Vec<u16> = "a😀".encode_utf16().collect();
/// let mut buf = [0u32; 4];
/// let n = rapidutf::utf16_to_utf32(&src, &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x61, 0x1F600]);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf16_to_utf32(src: &[u16], dst: &mut [u32]) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16_to_utf32(src, dst)
}

/// Converts UTF-16LE to UTF-32: `Ok(values written)`.
///
/// ```
/// let src = [0xD83Du16.to_le(), 0xDE00u16.to_le()];
/// let mut buf = [0u32; 2];
/// let n = rapidutf::utf16le_to_utf32(&src, &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x1F600]);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf16le_to_utf32(src: &[u16], dst: &mut [u32]) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16le_to_utf32(src, dst)
}

/// Converts UTF-16BE to UTF-32: `Ok(values written)`.
///
/// ```
/// let src = [0xD83Du16.to_be(), 0xDE00u16.to_be()];
/// let mut buf = [0u32; 2];
/// let n = rapidutf::utf16be_to_utf32(&src, &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x1F600]);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf16be_to_utf32(src: &[u16], dst: &mut [u32]) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16be_to_utf32(src, dst)
}

/// Converts UTF-32 to native-endian UTF-16: `Ok(units written)`.
///
/// `dst.len() >= 2 * src.len()` always suffices.
///
/// ```
/// let mut buf = [0u16; 4];
/// let n = rapidutf::utf32_to_utf16(&[0x61, 0x1F600], &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x61, 0xD83D, 0xDE00]);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf32_to_utf16(src: &[u32], dst: &mut [u16]) -> Result<usize, TranscodeError<Utf32Error>> {
    crate::dispatch::utf32_to_utf16(src, dst)
}

/// Converts UTF-32 to UTF-16LE: `Ok(units written)`.
///
/// ```
/// let mut buf = [0u16; 2];
/// let n = rapidutf::utf32_to_utf16le(&[0x1F600], &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0xD83Du16.to_le(), 0xDE00u16.to_le()]);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf32_to_utf16le(src: &[u32], dst: &mut [u16]) -> Result<usize, TranscodeError<Utf32Error>> {
    crate::dispatch::utf32_to_utf16le(src, dst)
}

/// Converts UTF-32 to UTF-16BE: `Ok(units written)`.
///
/// ```
/// let mut buf = [0u16; 2];
/// let n = rapidutf::utf32_to_utf16be(&[0x1F600], &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0xD83Du16.to_be(), 0xDE00u16.to_be()]);
/// ```
///
/// # Errors
///
/// [`TranscodeError::Invalid`] at the first invalid input unit, or
/// [`TranscodeError::OutputTooSmall`] when the next character does
/// not fit in `dst` (see the [module docs](crate::transcode) for
/// sizes that always suffice). Whichever comes first in the input
/// is reported.
#[inline]
pub fn utf32_to_utf16be(src: &[u32], dst: &mut [u16]) -> Result<usize, TranscodeError<Utf32Error>> {
    crate::dispatch::utf32_to_utf16be(src, dst)
}

/// Converts a `&str` to native-endian UTF-16 without validating it
/// again: `Ok(units written)`. The same units as
/// [`str::encode_utf16`], several times faster.
///
/// ```
/// let mut buf = [0u16; 8];
/// let n = rapidutf::str_to_utf16("h€𝄞", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x68, 0x20AC, 0xD834, 0xDD1E]);
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst`: the input is valid by its type, and
/// `dst.len() >= src.len()` always suffices (see the
/// [module docs](crate::transcode) for the exact sizes).
#[inline]
pub fn str_to_utf16(src: &str, dst: &mut [u16]) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::str_to_utf16(src, dst)
}

/// Converts a `&str` to UTF-16LE without validating it again:
/// `Ok(units written)`.
///
/// ```
/// let mut buf = [0u16; 4];
/// let n = rapidutf::str_to_utf16le("é!", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0xE9u16.to_le(), 0x21u16.to_le()]);
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst`: the input is valid by its type, and
/// `dst.len() >= src.len()` always suffices (see the
/// [module docs](crate::transcode) for the exact sizes).
#[inline]
pub fn str_to_utf16le(src: &str, dst: &mut [u16]) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::str_to_utf16le(src, dst)
}

/// Converts a `&str` to UTF-16BE without validating it again:
/// `Ok(units written)`.
///
/// ```
/// let mut buf = [0u16; 4];
/// let n = rapidutf::str_to_utf16be("é!", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0xE9u16.to_be(), 0x21u16.to_be()]);
/// // Too small a buffer is the only error: here after one character.
/// let e = rapidutf::str_to_utf16be("é!", &mut buf[..1]).unwrap_err();
/// assert_eq!(e, rapidutf::TranscodeError::OutputTooSmall { read: 2, written: 1 });
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst`: the input is valid by its type, and
/// `dst.len() >= src.len()` always suffices (see the
/// [module docs](crate::transcode) for the exact sizes).
#[inline]
pub fn str_to_utf16be(src: &str, dst: &mut [u16]) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::str_to_utf16be(src, dst)
}

/// Converts a `&str` to UTF-32 without validating it again:
/// `Ok(values written)`, the values of [`str::chars`].
///
/// ```
/// let mut buf = [0u32; 4];
/// let n = rapidutf::str_to_utf32("a😀", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x61, 0x1F600]);
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst`: the input is valid by its type, and
/// `dst.len() >= src.len()` always suffices (see the
/// [module docs](crate::transcode) for the exact sizes).
#[inline]
pub fn str_to_utf32(src: &str, dst: &mut [u32]) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::str_to_utf32(src, dst)
}

/// Converts chars to UTF-8 without checking them (a `char` is a scalar
/// value by its type): `Ok(bytes written)`.
///
/// ```
/// let mut buf = [0u8; 8];
/// let n = rapidutf::chars_to_utf8(&['a', 'é', '😀'], &mut buf).unwrap();
/// assert_eq!(&buf[..n], "aé😀".as_bytes());
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst`: the input is valid by its type, and
/// `dst.len() >= 4 * src.len()` always suffices (see the
/// [module docs](crate::transcode) for the exact sizes).
#[inline]
pub fn chars_to_utf8(src: &[char], dst: &mut [u8]) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::chars_to_utf8(src, dst)
}

/// Converts chars to native-endian UTF-16 without checking them:
/// `Ok(units written)`.
///
/// ```
/// let mut buf = [0u16; 4];
/// let n = rapidutf::chars_to_utf16(&['a', '😀'], &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x61, 0xD83D, 0xDE00]);
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst`: the input is valid by its type, and
/// `dst.len() >= 2 * src.len()` always suffices (see the
/// [module docs](crate::transcode) for the exact sizes).
#[inline]
pub fn chars_to_utf16(src: &[char], dst: &mut [u16]) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::chars_to_utf16(src, dst)
}

/// Converts chars to UTF-16LE without checking them: `Ok(units
/// written)`.
///
/// ```
/// let mut buf = [0u16; 2];
/// let n = rapidutf::chars_to_utf16le(&['€'], &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x20ACu16.to_le()]);
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst`: the input is valid by its type, and
/// `dst.len() >= 2 * src.len()` always suffices (see the
/// [module docs](crate::transcode) for the exact sizes).
#[inline]
pub fn chars_to_utf16le(
    src: &[char],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::chars_to_utf16le(src, dst)
}

/// Converts chars to UTF-16BE without checking them: `Ok(units
/// written)`.
///
/// ```
/// let mut buf = [0u16; 2];
/// let n = rapidutf::chars_to_utf16be(&['€'], &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x20ACu16.to_be()]);
/// ```
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character
/// does not fit in `dst`: the input is valid by its type, and
/// `dst.len() >= 2 * src.len()` always suffices (see the
/// [module docs](crate::transcode) for the exact sizes).
#[inline]
pub fn chars_to_utf16be(
    src: &[char],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::chars_to_utf16be(src, dst)
}

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod alloc_api {
    use super::*;
    use crate::error::{in_room, in_room_total};
    use crate::glue::Growable;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// Input units whose output is counted exactly before a new vector or
    /// string is allocated: the conversion of a longer input first gets the
    /// room that its first `SAMPLE` units need, scaled to its length.
    const SAMPLE: usize = 4096;

    /// A new vector or string holding the conversion of an input of `len`
    /// units, without a counting pass over all of it first.
    ///
    /// The exact output size of a long input costs a full pass, 10-30% of
    /// the conversion's time. The worst-case size costs nothing to
    /// compute, but holds up to four times the memory needed, and
    /// shrinking it afterwards made glibc map and unmap the buffer on
    /// every call (a shrunk mapping does not raise its mapping threshold
    /// as a freed one does): 1.2 GB/s instead of 8 on Chinese text. So
    /// only the first [`SAMPLE`] units are counted, and the input is
    /// assumed to go on alike (with 1/16 more room, for text that varies).
    /// Where it does not and the room runs out, the conversion stops at a
    /// character boundary, the exact size of the rest is reserved (one
    /// reallocation), and it goes on; where the unused room exceeds half
    /// the length plus [`SAMPLE`] units, the output is shrunk once.
    ///
    /// The room never exceeds the plain worst case, `worst` output units
    /// per input unit (3 for UTF-16 to UTF-8, 4 for UTF-32 to UTF-8, ...):
    /// a sample denser than the rest of the input (its first 4096 units
    /// CJK or emoji, then ASCII) would otherwise reserve up to 1.33 times
    /// the worst case of the whole input (the sample's rate, rounded up to
    /// whole samples, plus 1/16). No input gets more than the size that
    /// allocating the worst case outright would take, and the regrow,
    /// which reserves the exact size of the rest, ends at the exact size.
    ///
    /// `count(from, to)` is the exact output size of input units
    /// `from..to`; `convert(from, out)` converts the input from unit
    /// `from` (a character boundary) on into `out`'s spare capacity.
    #[inline]
    pub(crate) fn fresh<S: Growable, E: ShiftPosition>(
        len: usize,
        worst: usize,
        count: impl Fn(usize, usize) -> usize,
        mut convert: impl FnMut(usize, &mut S) -> Result<usize, TranscodeError<E>>,
    ) -> Result<S, E> {
        let room = if len <= 2 * SAMPLE {
            count(0, len)
        } else {
            // Saturating: a product that large could not be allocated
            // anyway, and the reservation below fails as it would.
            let sampled = count(0, SAMPLE).saturating_mul(len / SAMPLE + 1);
            sampled.saturating_add(sampled / 16).min(len.saturating_mul(worst))
        };
        let mut out = S::default();
        out.reserve(room);
        match convert(0, &mut out) {
            Ok(_) => {}
            Err(TranscodeError::Invalid { error, .. }) => return Err(error),
            Err(TranscodeError::OutputTooSmall { read, .. }) => {
                // `read` is a character boundary; the exact size of the
                // rest fits the conversion of any valid prefix of it.
                out.reserve(count(read, len));
                in_room(convert(read, &mut out)).map_err(|e| e.shifted(read))?;
            }
        }
        let (used, capacity) = out.len_and_capacity();
        if capacity - used > used / 2 + SAMPLE {
            out.shrink_to_fit();
        }
        Ok(out)
    }

    /// [`fresh`] for input that cannot be invalid.
    #[inline]
    fn fresh_valid<S: Growable>(
        len: usize,
        worst: usize,
        count: impl Fn(usize, usize) -> usize,
        convert: impl FnMut(usize, &mut S) -> Result<usize, TranscodeError<Infallible>>,
    ) -> S {
        match fresh(len, worst, count, convert) {
            Ok(out) => out,
            Err(never) => match never {},
        }
    }

    /// Appends the native-endian UTF-16 of UTF-8 `src` to `dst`:
    /// `Ok(units appended)`, written straight into `dst`'s spare
    /// capacity (reserved at the exact size).
    ///
    /// ```
    /// let mut v = vec![0x3E];
    /// assert_eq!(rapidutf::utf8_to_utf16_append("é€".as_bytes(), &mut v), Ok(2));
    /// assert_eq!(v, [0x3E, 0xE9, 0x20AC]);
    /// let e = rapidutf::utf8_to_utf16_append(b"ok\xFF", &mut v).unwrap_err();
    /// assert_eq!((e.valid_up_to(), v.len()), (2, 5));
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf8_to_utf16_append(src: &[u8], dst: &mut Vec<u16>) -> Result<usize, Utf8Error> {
        dst.reserve(crate::utf16_len_from_utf8(src));
        in_room(crate::dispatch::utf8_to_utf16(src, dst))
    }

    /// [`utf8_to_utf16_append`] to UTF-16LE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf8_to_utf16le_append("€".as_bytes(), &mut v).unwrap();
    /// assert_eq!(v, [0x20ACu16.to_le()]);
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf8_to_utf16le_append(src: &[u8], dst: &mut Vec<u16>) -> Result<usize, Utf8Error> {
        dst.reserve(crate::utf16_len_from_utf8(src));
        in_room(crate::dispatch::utf8_to_utf16le(src, dst))
    }

    /// [`utf8_to_utf16_append`] to UTF-16BE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf8_to_utf16be_append("€".as_bytes(), &mut v).unwrap();
    /// assert_eq!(v, [0x20ACu16.to_be()]);
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf8_to_utf16be_append(src: &[u8], dst: &mut Vec<u16>) -> Result<usize, Utf8Error> {
        dst.reserve(crate::utf16_len_from_utf8(src));
        in_room(crate::dispatch::utf8_to_utf16be(src, dst))
    }

    /// Appends the UTF-32 of UTF-8 `src` to `dst`: `Ok(values
    /// appended)`, written straight into the spare capacity.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf8_to_utf32_append("a😀".as_bytes(), &mut v).unwrap();
    /// assert_eq!(v, [0x61, 0x1F600]);
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf8_to_utf32_append(src: &[u8], dst: &mut Vec<u32>) -> Result<usize, Utf8Error> {
        dst.reserve(crate::count_chars(src));
        in_room(crate::dispatch::utf8_to_utf32(src, dst))
    }

    /// Appends the UTF-8 of native-endian UTF-16 `src` to `dst`:
    /// `Ok(bytes appended)`, written straight into the string's spare
    /// capacity (no zero-fill, and no second validation of the
    /// output).
    ///
    /// ```
    /// let mut s = String::from("say ");
    /// let units: Vec<u16> = "héllo".encode_utf16().collect();
    /// assert_eq!(rapidutf::utf16_to_utf8_append(&units, &mut s), Ok(6));
    /// assert_eq!(s, "say héllo");
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf16_to_utf8_append(src: &[u16], dst: &mut String) -> Result<usize, Utf16Error> {
        dst.reserve(crate::utf8_len_from_utf16(src));
        in_room(crate::dispatch::utf16_to_utf8(src, dst))
    }

    /// [`utf16_to_utf8_append`] from UTF-16LE.
    ///
    /// ```
    /// let mut s = String::new();
    /// rapidutf::utf16le_to_utf8_append(&[0x20ACu16.to_le()], &mut s).unwrap();
    /// assert_eq!(s, "€");
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf16le_to_utf8_append(src: &[u16], dst: &mut String) -> Result<usize, Utf16Error> {
        dst.reserve(crate::utf8_len_from_utf16le(src));
        in_room(crate::dispatch::utf16le_to_utf8(src, dst))
    }

    /// [`utf16_to_utf8_append`] from UTF-16BE.
    ///
    /// ```
    /// let mut s = String::new();
    /// rapidutf::utf16be_to_utf8_append(&[0x20ACu16.to_be()], &mut s).unwrap();
    /// assert_eq!(s, "€");
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf16be_to_utf8_append(src: &[u16], dst: &mut String) -> Result<usize, Utf16Error> {
        dst.reserve(crate::utf8_len_from_utf16be(src));
        in_room(crate::dispatch::utf16be_to_utf8(src, dst))
    }

    /// Appends the UTF-8 of UTF-32 `src` to `dst`: `Ok(bytes
    /// appended)`.
    ///
    /// ```
    /// let mut s = String::new();
    /// rapidutf::utf32_to_utf8_append(&[0x61, 0x1F600], &mut s).unwrap();
    /// assert_eq!(s, "a😀");
    /// assert!(rapidutf::utf32_to_utf8_append(&[0x110000], &mut s).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf32_to_utf8_append(src: &[u32], dst: &mut String) -> Result<usize, Utf32Error> {
        dst.reserve(crate::utf8_len_from_utf32(src));
        in_room(crate::dispatch::utf32_to_utf8(src, dst))
    }

    /// Appends the UTF-32 of native-endian UTF-16 `src` to `dst`:
    /// `Ok(values appended)`.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf16_to_utf32_append(&[0x61, 0xD83D, 0xDE00], &mut v).unwrap();
    /// assert_eq!(v, [0x61, 0x1F600]);
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf16_to_utf32_append(src: &[u16], dst: &mut Vec<u32>) -> Result<usize, Utf16Error> {
        dst.reserve(crate::utf32_len_from_utf16(src));
        in_room(crate::dispatch::utf16_to_utf32(src, dst))
    }

    /// [`utf16_to_utf32_append`] from UTF-16LE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf16le_to_utf32_append(&[0xE9u16.to_le()], &mut v).unwrap();
    /// assert_eq!(v, [0xE9]);
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf16le_to_utf32_append(src: &[u16], dst: &mut Vec<u32>) -> Result<usize, Utf16Error> {
        dst.reserve(crate::utf32_len_from_utf16le(src));
        in_room(crate::dispatch::utf16le_to_utf32(src, dst))
    }

    /// [`utf16_to_utf32_append`] from UTF-16BE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf16be_to_utf32_append(&[0xE9u16.to_be()], &mut v).unwrap();
    /// assert_eq!(v, [0xE9]);
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf16be_to_utf32_append(src: &[u16], dst: &mut Vec<u32>) -> Result<usize, Utf16Error> {
        dst.reserve(crate::utf32_len_from_utf16be(src));
        in_room(crate::dispatch::utf16be_to_utf32(src, dst))
    }

    /// Appends the native-endian UTF-16 of UTF-32 `src` to `dst`:
    /// `Ok(units appended)`.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf32_to_utf16_append(&[0x1F600], &mut v).unwrap();
    /// assert_eq!(v, [0xD83D, 0xDE00]);
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf32_to_utf16_append(src: &[u32], dst: &mut Vec<u16>) -> Result<usize, Utf32Error> {
        dst.reserve(crate::utf16_len_from_utf32(src));
        in_room(crate::dispatch::utf32_to_utf16(src, dst))
    }

    /// [`utf32_to_utf16_append`] to UTF-16LE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf32_to_utf16le_append(&[0xE9], &mut v).unwrap();
    /// assert_eq!(v, [0xE9u16.to_le()]);
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf32_to_utf16le_append(src: &[u32], dst: &mut Vec<u16>) -> Result<usize, Utf32Error> {
        dst.reserve(crate::utf16_len_from_utf32(src));
        in_room(crate::dispatch::utf32_to_utf16le(src, dst))
    }

    /// [`utf32_to_utf16_append`] to UTF-16BE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf32_to_utf16be_append(&[0xE9], &mut v).unwrap();
    /// assert_eq!(v, [0xE9u16.to_be()]);
    /// ```
    ///
    /// # Errors
    ///
    /// The input's first error. The conversion of the valid prefix
    /// before it (`src[..e.valid_up_to()]`) stays appended: truncate
    /// `dst` to its old length to undo it.
    #[inline]
    pub fn utf32_to_utf16be_append(src: &[u32], dst: &mut Vec<u16>) -> Result<usize, Utf32Error> {
        dst.reserve(crate::utf16_len_from_utf32(src));
        in_room(crate::dispatch::utf32_to_utf16be(src, dst))
    }

    /// Appends the native-endian UTF-16 of `src` to `dst`, without
    /// validating it again: the units appended. The same as
    /// `dst.extend(src.encode_utf16())`, written straight into the
    /// spare capacity at kernel speed.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// assert_eq!(rapidutf::str_to_utf16_append("a😀", &mut v), 3);
    /// assert_eq!(v, "a😀".encode_utf16().collect::<Vec<u16>>());
    /// ```
    #[inline]
    pub fn str_to_utf16_append(src: &str, dst: &mut Vec<u16>) -> usize {
        dst.reserve(crate::utf16_len_from_utf8(src.as_bytes()));
        in_room_total(crate::dispatch::str_to_utf16(src, dst))
    }

    /// [`str_to_utf16_append`] to UTF-16LE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::str_to_utf16le_append("€", &mut v);
    /// assert_eq!(v, [0x20ACu16.to_le()]);
    /// ```
    #[inline]
    pub fn str_to_utf16le_append(src: &str, dst: &mut Vec<u16>) -> usize {
        dst.reserve(crate::utf16_len_from_utf8(src.as_bytes()));
        in_room_total(crate::dispatch::str_to_utf16le(src, dst))
    }

    /// [`str_to_utf16_append`] to UTF-16BE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::str_to_utf16be_append("€", &mut v);
    /// assert_eq!(v, [0x20ACu16.to_be()]);
    /// ```
    #[inline]
    pub fn str_to_utf16be_append(src: &str, dst: &mut Vec<u16>) -> usize {
        dst.reserve(crate::utf16_len_from_utf8(src.as_bytes()));
        in_room_total(crate::dispatch::str_to_utf16be(src, dst))
    }

    /// Appends the UTF-32 of `src` (its chars' values) to `dst`,
    /// without validating it again: the values appended.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// assert_eq!(rapidutf::str_to_utf32_append("añ", &mut v), 2);
    /// assert_eq!(v, [0x61, 0xF1]);
    /// ```
    #[inline]
    pub fn str_to_utf32_append(src: &str, dst: &mut Vec<u32>) -> usize {
        dst.reserve(crate::count_chars(src.as_bytes()));
        in_room_total(crate::dispatch::str_to_utf32(src, dst))
    }

    /// Appends the UTF-8 of `src` to `dst`: the bytes appended. The
    /// same as `dst.extend(src)`, at kernel speed.
    ///
    /// ```
    /// let mut s = String::from("x");
    /// assert_eq!(rapidutf::chars_to_utf8_append(&['é', '€'], &mut s), 5);
    /// assert_eq!(s, "xé€");
    /// ```
    #[inline]
    pub fn chars_to_utf8_append(src: &[char], dst: &mut String) -> usize {
        dst.reserve(crate::utf8_len_from_chars(src));
        in_room_total(crate::dispatch::chars_to_utf8(src, dst))
    }

    /// Appends the native-endian UTF-16 of `src` to `dst`: the units
    /// appended.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// assert_eq!(rapidutf::chars_to_utf16_append(&['😀'], &mut v), 2);
    /// assert_eq!(v, [0xD83D, 0xDE00]);
    /// ```
    #[inline]
    pub fn chars_to_utf16_append(src: &[char], dst: &mut Vec<u16>) -> usize {
        dst.reserve(crate::utf16_len_from_chars(src));
        in_room_total(crate::dispatch::chars_to_utf16(src, dst))
    }

    /// [`chars_to_utf16_append`] to UTF-16LE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::chars_to_utf16le_append(&['€'], &mut v);
    /// assert_eq!(v, [0x20ACu16.to_le()]);
    /// ```
    #[inline]
    pub fn chars_to_utf16le_append(src: &[char], dst: &mut Vec<u16>) -> usize {
        dst.reserve(crate::utf16_len_from_chars(src));
        in_room_total(crate::dispatch::chars_to_utf16le(src, dst))
    }

    /// [`chars_to_utf16_append`] to UTF-16BE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::chars_to_utf16be_append(&['€'], &mut v);
    /// assert_eq!(v, [0x20ACu16.to_be()]);
    /// ```
    #[inline]
    pub fn chars_to_utf16be_append(src: &[char], dst: &mut Vec<u16>) -> usize {
        dst.reserve(crate::utf16_len_from_chars(src));
        in_room_total(crate::dispatch::chars_to_utf16be(src, dst))
    }

    /// Converts UTF-8 to a new native-endian UTF-16 vector.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf8Error`].
    ///
    /// ```
    /// let v = rapidutf::utf8_to_utf16_vec("aé".as_bytes()).unwrap();
    /// assert_eq!(v, [0x61, 0xE9]);
    /// assert!(rapidutf::utf8_to_utf16_vec(b"\xFF").is_err());
    /// ```
    #[inline]
    pub fn utf8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, Utf8Error> {
        fresh(
            src.len(),
            1,
            |a, b| crate::utf16_len_from_utf8(&src[a..b]),
            |from, out| crate::dispatch::utf8_to_utf16(&src[from..], out),
        )
    }

    /// Converts UTF-8 to a new UTF-32 vector.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf8Error`].
    ///
    /// ```
    /// assert_eq!(rapidutf::utf8_to_utf32_vec("a😀".as_bytes()).unwrap(), [0x61, 0x1F600]);
    /// assert_eq!(rapidutf::utf8_to_utf32_vec(b"a\xC0").unwrap_err().valid_up_to(), 1);
    /// ```
    #[inline]
    pub fn utf8_to_utf32_vec(src: &[u8]) -> Result<Vec<u32>, Utf8Error> {
        fresh(
            src.len(),
            1,
            |a, b| crate::count_chars(&src[a..b]),
            |from, out| crate::dispatch::utf8_to_utf32(&src[from..], out),
        )
    }

    /// Converts native-endian UTF-16 to a `String`, like
    /// [`String::from_utf16`] but with the position and kind of the error.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf16Error`].
    ///
    /// ```
    /// let s = rapidutf::utf16_to_string(&[0xD834, 0xDD1E]).unwrap();
    /// assert_eq!(s, "𝄞");
    /// let e = rapidutf::utf16_to_string(&[0x61, 0xDD1E]).unwrap_err();
    /// assert_eq!(e.valid_up_to(), 1);
    /// ```
    #[inline]
    pub fn utf16_to_string(src: &[u16]) -> Result<String, Utf16Error> {
        fresh(
            src.len(),
            3,
            |a, b| crate::utf8_len_from_utf16(&src[a..b]),
            |from, out| crate::dispatch::utf16_to_utf8(&src[from..], out),
        )
    }

    /// Converts UTF-16LE to a `String`.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf16Error`].
    ///
    /// ```
    /// let s = rapidutf::utf16le_to_string(&[0x68u16.to_le(), 0x69u16.to_le()]).unwrap();
    /// assert_eq!(s, "hi");
    /// ```
    #[inline]
    pub fn utf16le_to_string(src: &[u16]) -> Result<String, Utf16Error> {
        fresh(
            src.len(),
            3,
            |a, b| crate::utf8_len_from_utf16le(&src[a..b]),
            |from, out| crate::dispatch::utf16le_to_utf8(&src[from..], out),
        )
    }

    /// Converts UTF-16BE to a `String`.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf16Error`].
    ///
    /// ```
    /// let s = rapidutf::utf16be_to_string(&[0x68u16.to_be(), 0x69u16.to_be()]).unwrap();
    /// assert_eq!(s, "hi");
    /// ```
    #[inline]
    pub fn utf16be_to_string(src: &[u16]) -> Result<String, Utf16Error> {
        fresh(
            src.len(),
            3,
            |a, b| crate::utf8_len_from_utf16be(&src[a..b]),
            |from, out| crate::dispatch::utf16be_to_utf8(&src[from..], out),
        )
    }

    /// Converts UTF-32 to a `String`.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf32Error`].
    ///
    /// ```
    /// assert_eq!(rapidutf::utf32_to_string(&[0x61, 0x1F600]).unwrap(), "a😀");
    /// assert!(rapidutf::utf32_to_string(&[0xD800]).is_err());
    /// ```
    #[inline]
    pub fn utf32_to_string(src: &[u32]) -> Result<String, Utf32Error> {
        fresh(
            src.len(),
            4,
            |a, b| crate::utf8_len_from_utf32(&src[a..b]),
            |from, out| crate::dispatch::utf32_to_utf8(&src[from..], out),
        )
    }

    /// Converts a `&str` to a new native-endian UTF-16 vector, without validating it again:
    /// `s.encode_utf16().collect()` at kernel speed.
    ///
    /// ```
    /// assert_eq!(rapidutf::str_to_utf16_vec("h€"), [0x68, 0x20AC]);
    /// ```
    #[must_use]
    #[inline]
    pub fn str_to_utf16_vec(src: &str) -> Vec<u16> {
        fresh_valid(
            src.len(),
            1,
            |a, b| crate::utf16_len_from_utf8(&src.as_bytes()[a..b]),
            |from, out| crate::dispatch::str_to_utf16(&src[from..], out),
        )
    }

    /// [`str_to_utf16_vec`] to UTF-16LE.
    ///
    /// ```
    /// assert_eq!(rapidutf::str_to_utf16le_vec("€"), [0x20ACu16.to_le()]);
    /// ```
    #[must_use]
    #[inline]
    pub fn str_to_utf16le_vec(src: &str) -> Vec<u16> {
        fresh_valid(
            src.len(),
            1,
            |a, b| crate::utf16_len_from_utf8(&src.as_bytes()[a..b]),
            |from, out| crate::dispatch::str_to_utf16le(&src[from..], out),
        )
    }

    /// [`str_to_utf16_vec`] to UTF-16BE.
    ///
    /// ```
    /// assert_eq!(rapidutf::str_to_utf16be_vec("€"), [0x20ACu16.to_be()]);
    /// ```
    #[must_use]
    #[inline]
    pub fn str_to_utf16be_vec(src: &str) -> Vec<u16> {
        fresh_valid(
            src.len(),
            1,
            |a, b| crate::utf16_len_from_utf8(&src.as_bytes()[a..b]),
            |from, out| crate::dispatch::str_to_utf16be(&src[from..], out),
        )
    }

    /// Converts a `&str` to a new UTF-32 vector (its chars' values), without validating it again.
    ///
    /// ```
    /// assert_eq!(rapidutf::str_to_utf32_vec("a😀"), [0x61, 0x1F600]);
    /// ```
    #[must_use]
    #[inline]
    pub fn str_to_utf32_vec(src: &str) -> Vec<u32> {
        fresh_valid(
            src.len(),
            1,
            |a, b| crate::count_chars(&src.as_bytes()[a..b]),
            |from, out| crate::dispatch::str_to_utf32(&src[from..], out),
        )
    }

    /// Converts chars to a `String`:
    /// `src.iter().collect::<String>()` at kernel speed.
    ///
    /// ```
    /// assert_eq!(rapidutf::chars_to_string(&['a', 'é', '😀']), "aé😀");
    /// ```
    #[must_use]
    #[inline]
    pub fn chars_to_string(src: &[char]) -> String {
        fresh_valid(
            src.len(),
            4,
            |a, b| crate::utf8_len_from_chars(&src[a..b]),
            |from, out| crate::dispatch::chars_to_utf8(&src[from..], out),
        )
    }

    /// Converts chars to a new native-endian UTF-16 vector.
    ///
    /// ```
    /// assert_eq!(rapidutf::chars_to_utf16_vec(&['a', '😀']), [0x61, 0xD83D, 0xDE00]);
    /// ```
    #[must_use]
    #[inline]
    pub fn chars_to_utf16_vec(src: &[char]) -> Vec<u16> {
        fresh_valid(
            src.len(),
            2,
            |a, b| crate::utf16_len_from_chars(&src[a..b]),
            |from, out| crate::dispatch::chars_to_utf16(&src[from..], out),
        )
    }

    /// [`chars_to_utf16_vec`] to UTF-16LE.
    ///
    /// ```
    /// assert_eq!(rapidutf::chars_to_utf16le_vec(&['€']), [0x20ACu16.to_le()]);
    /// ```
    #[must_use]
    #[inline]
    pub fn chars_to_utf16le_vec(src: &[char]) -> Vec<u16> {
        fresh_valid(
            src.len(),
            2,
            |a, b| crate::utf16_len_from_chars(&src[a..b]),
            |from, out| crate::dispatch::chars_to_utf16le(&src[from..], out),
        )
    }

    /// [`chars_to_utf16_vec`] to UTF-16BE.
    ///
    /// ```
    /// assert_eq!(rapidutf::chars_to_utf16be_vec(&['€']), [0x20ACu16.to_be()]);
    /// ```
    #[must_use]
    #[inline]
    pub fn chars_to_utf16be_vec(src: &[char]) -> Vec<u16> {
        fresh_valid(
            src.len(),
            2,
            |a, b| crate::utf16_len_from_chars(&src[a..b]),
            |from, out| crate::dispatch::chars_to_utf16be(&src[from..], out),
        )
    }
}

#[cfg(feature = "alloc")]
pub use alloc_api::*;
