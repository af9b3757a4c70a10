//! Windows-1252, as the WHATWG Encoding Standard defines it: to and from
//! UTF-8, UTF-16 (native, LE, BE) and UTF-32.
//!
//! Bytes `00..=7F` and `A0..=FF` are the code points of the same value, as
//! in Latin-1. Bytes `80..=9F` follow the standard's index-windows-1252:
//! 27 of them are typographic characters (`80` is `€`, `93` and `94` are
//! `“` and `”`, ...), and the five the Windows code page leaves undefined
//! (`81`, `8D`, `8F`, `90`, `9D`) are the C1 controls of the same value.
//! So every byte decodes, and every decoded text encodes back to the same
//! bytes. (Python's `cp1252` codec differs only there: it rejects those
//! five bytes.)
//!
//! - **From Windows-1252** (`windows1252_to_*`): every input converts, so
//!   the only error is [`TranscodeError::OutputTooSmall`].
//! - **To Windows-1252** (`*_to_windows1252`): the input is validated as
//!   it is converted, and the conversion stops at the first character that
//!   is invalid in the input's own encoding or that Windows-1252 cannot
//!   represent (everything above U+00FF but the 27, and the 27 C1 controls
//!   U+0080..=U+009F whose bytes stand for those), with a [`Latin1Error`]
//!   that says which and where, in input units.
//! - **Lossy, from UTF-8** ([`utf8_to_windows1252_lossy`],
//!   [`str_to_windows1252_lossy`], and with `alloc` their `_vec` and
//!   `_append` forms): a caller-chosen byte for each character
//!   Windows-1252 cannot represent and each maximal invalid subpart, with
//!   the count of replacements ([`Lossy`]).
//!
//! - **Lengths**: [`utf8_len_from_windows1252`] (exact, at kernel speed),
//!   [`windows1252_len_from_utf8`] (the characters: the size that always
//!   suffices), and the UTF-16 and UTF-32 ones (one unit per byte).
//! - **Allocating forms** (`alloc`): `windows1252_to_string`, the `_vec`
//!   forms and the `_append` forms that write into a `String`'s or `Vec`'s
//!   spare capacity, as the Latin-1 module has them.
//!
//! The same buffer rules as [`transcode`](crate::transcode) apply: no
//! `dst` length, however small, panics or writes out of bounds, and
//! [`TranscodeError::OutputTooSmall`] reports how much was converted.
//!
//! # Output sizes that always suffice
//!
//! | function | `dst.len()` that always suffices |
//! |---|---|
//! | `windows1252_to_utf8` | `3 * src.len()` (`€` and the others are 3 bytes) |
//! | `windows1252_to_utf16*`, `windows1252_to_utf32` | `src.len()` |
//! | `*_to_windows1252` | `src.len()` |
//!
//! # Speed
//!
//! Decoding runs in the SIMD kernels of the active
//! [`Kernel`](crate::Kernel): a block is widened as Latin-1, and a block
//! that holds bytes `80..=9F` gets their code points from the index in
//! registers (see `arch::generic::windows1252`). Encoding converts the
//! Latin-1 stretches with the SIMD Latin-1 encoders and the characters of
//! the bytes `80..=9F` by table.

use crate::dispatch::active_fns;
use crate::error::{Latin1Error, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use crate::glue::windows1252 as encoder;
use core::convert::Infallible;

/// Windows-1252 to UTF-8.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character does
/// not fit in `dst` (`3 * src.len()` always suffices): every byte is a
/// Windows-1252 character.
///
/// ```
/// let mut dst = [0u8; 16];
/// let n = rapidutf::windows1252_to_utf8(b"\x93caf\xE9\x94 \x80", &mut dst).unwrap();
/// assert_eq!(&dst[..n], "“café” €".as_bytes());
/// ```
#[inline]
pub fn windows1252_to_utf8(
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::windows1252_to_utf8(src, dst)
}

/// Windows-1252 to native-endian UTF-16.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when `dst` is shorter than
/// `src` (one unit per byte).
///
/// ```
/// let mut dst = [0u16; 4];
/// let n = rapidutf::windows1252_to_utf16(b"\x80 5", &mut dst).unwrap();
/// assert_eq!(&dst[..n], &[0x20AC, 0x20, 0x35]);
/// ```
#[inline]
pub fn windows1252_to_utf16(
    src: &[u8],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::windows1252_to_utf16(src, dst)
}

/// Windows-1252 to UTF-16LE: each unit is stored little-endian, whatever
/// the machine's byte order.
///
/// # Errors
///
/// As [`windows1252_to_utf16`].
///
/// ```
/// let mut dst = [0u16; 2];
/// rapidutf::windows1252_to_utf16le(b"\x80", &mut dst).unwrap();
/// assert_eq!(u16::from_le(dst[0]), 0x20AC);
/// ```
#[inline]
pub fn windows1252_to_utf16le(
    src: &[u8],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::windows1252_to_utf16le(src, dst)
}

/// Windows-1252 to UTF-16BE: each unit is stored big-endian, whatever the
/// machine's byte order.
///
/// # Errors
///
/// As [`windows1252_to_utf16`].
///
/// ```
/// let mut dst = [0u16; 2];
/// rapidutf::windows1252_to_utf16be(b"\x80", &mut dst).unwrap();
/// assert_eq!(u16::from_be(dst[0]), 0x20AC);
/// ```
#[inline]
pub fn windows1252_to_utf16be(
    src: &[u8],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::windows1252_to_utf16be(src, dst)
}

/// Windows-1252 to UTF-32.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when `dst` is shorter than
/// `src` (one value per byte).
///
/// ```
/// let mut dst = [0u32; 2];
/// let n = rapidutf::windows1252_to_utf32(b"\x99!", &mut dst).unwrap();
/// assert_eq!(&dst[..n], &[0x2122, 0x21]);
/// ```
#[inline]
pub fn windows1252_to_utf32(
    src: &[u8],
    dst: &mut [u32],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::windows1252_to_utf32(src, dst)
}

/// UTF-8 to Windows-1252.
///
/// # Errors
///
/// - [`TranscodeError::Invalid`] with a [`Latin1Error`] at the first
///   character that is invalid UTF-8 (the kind carries the
///   [`Utf8Error`]) or that Windows-1252 cannot represent
///   ([`Latin1ErrorKind::Unrepresentable`](crate::Latin1ErrorKind::Unrepresentable),
///   with its position in bytes).
/// - [`TranscodeError::OutputTooSmall`] when the next character does not
///   fit in `dst` (`src.len()` always suffices).
///
/// ```
/// use rapidutf::Latin1ErrorKind;
/// let mut dst = [0u8; 16];
/// let n = rapidutf::utf8_to_windows1252("“café” €".as_bytes(), &mut dst).unwrap();
/// assert_eq!(&dst[..n], b"\x93caf\xE9\x94 \x80");
///
/// let e = rapidutf::utf8_to_windows1252("ok →".as_bytes(), &mut dst).unwrap_err();
/// let rapidutf::TranscodeError::Invalid { error: e, .. } = e else { unreachable!() };
/// assert_eq!((e.valid_up_to(), e.kind()), (3, Latin1ErrorKind::Unrepresentable('→')));
/// ```
#[inline]
pub fn utf8_to_windows1252(
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf8Error>>> {
    encoder::utf8_to_windows1252(active_fns(), src, dst)
}

/// Native-endian UTF-16 to Windows-1252.
///
/// # Errors
///
/// As [`utf8_to_windows1252`], with positions in units and the
/// [`Utf16Error`] of an unpaired surrogate.
///
/// ```
/// let mut dst = [0u8; 4];
/// let n = rapidutf::utf16_to_windows1252(&[0x20AC, 0x35], &mut dst).unwrap();
/// assert_eq!(&dst[..n], b"\x805");
/// ```
#[inline]
pub fn utf16_to_windows1252(
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    #[cfg(target_endian = "little")]
    return utf16le_to_windows1252(src, dst);
    #[cfg(target_endian = "big")]
    return utf16be_to_windows1252(src, dst);
}

/// UTF-16LE to Windows-1252.
///
/// # Errors
///
/// As [`utf16_to_windows1252`].
///
/// ```
/// let mut dst = [0u8; 4];
/// let n = rapidutf::utf16le_to_windows1252(&[0x20ACu16.to_le()], &mut dst).unwrap();
/// assert_eq!(&dst[..n], b"\x80");
/// ```
#[inline]
pub fn utf16le_to_windows1252(
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    encoder::utf16le_to_windows1252(active_fns(), src, dst)
}

/// UTF-16BE to Windows-1252.
///
/// # Errors
///
/// As [`utf16_to_windows1252`].
///
/// ```
/// let mut dst = [0u8; 4];
/// let n = rapidutf::utf16be_to_windows1252(&[0x20ACu16.to_be()], &mut dst).unwrap();
/// assert_eq!(&dst[..n], b"\x80");
/// ```
#[inline]
pub fn utf16be_to_windows1252(
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    encoder::utf16be_to_windows1252(active_fns(), src, dst)
}

/// UTF-32 to Windows-1252.
///
/// # Errors
///
/// As [`utf8_to_windows1252`], with positions in values and the
/// [`Utf32Error`] of a value that is not a scalar value.
///
/// ```
/// let mut dst = [0u8; 4];
/// let n = rapidutf::utf32_to_windows1252(&[0x2122, 0xE9], &mut dst).unwrap();
/// assert_eq!(&dst[..n], b"\x99\xE9");
/// ```
#[inline]
pub fn utf32_to_windows1252(
    src: &[u32],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf32Error>>> {
    encoder::utf32_to_windows1252(active_fns(), src, dst)
}

/// The number of UTF-8 bytes for Windows-1252 `src`: one per ASCII byte,
/// two per byte `A0..=FF` and per byte `80..=9F` whose character is below
/// U+0800 (`ƒ`, `Š`, `Œ`, ... and the five C1 controls), three for the
/// others (`€`, the quotes, `™`, ...): `windows1252_to_string(src).len()`,
/// without converting.
///
/// ```
/// assert_eq!(rapidutf::utf8_len_from_windows1252(b"caf\xE9 \x80 \x8A"), 5 + 1 + 3 + 1 + 2);
/// ```
#[must_use]
#[inline]
pub fn utf8_len_from_windows1252(src: &[u8]) -> usize {
    crate::dispatch::utf8_len_from_latin1(src) + crate::scalar::windows1252::three_byte_count(src)
}

/// The number of UTF-16 units for Windows-1252 `src`: `src.len()` (every
/// character of Windows-1252 is in the Basic Multilingual Plane).
///
/// ```
/// assert_eq!(rapidutf::utf16_len_from_windows1252(b"\x80 5"), 3);
/// ```
#[must_use]
#[inline]
pub const fn utf16_len_from_windows1252(src: &[u8]) -> usize {
    src.len()
}

/// The number of UTF-32 values for Windows-1252 `src`: `src.len()`.
///
/// ```
/// assert_eq!(rapidutf::utf32_len_from_windows1252(b"\x80 5"), 3);
/// ```
#[must_use]
#[inline]
pub const fn utf32_len_from_windows1252(src: &[u8]) -> usize {
    src.len()
}

/// The number of Windows-1252 bytes for UTF-8 `src`: its number of
/// characters, [`count_chars`](crate::count_chars).
///
/// On any input, the bytes that are not continuation bytes; a buffer of
/// this size always holds the conversion of the input's valid and
/// representable prefix.
///
/// ```
/// assert_eq!(rapidutf::windows1252_len_from_utf8("“café” €".as_bytes()), 8);
/// ```
#[must_use]
#[inline]
pub fn windows1252_len_from_utf8(src: &[u8]) -> usize {
    crate::dispatch::count_chars(src)
}

/// The number of Windows-1252 bytes for UTF-16 `src` (any byte order):
/// `src.len()`, one per unit (a conversion that succeeds has no surrogate
/// pairs).
///
/// ```
/// assert_eq!(rapidutf::windows1252_len_from_utf16(&[0x20AC, 0x35]), 2);
/// ```
#[must_use]
#[inline]
pub const fn windows1252_len_from_utf16(src: &[u16]) -> usize {
    src.len()
}

/// The number of Windows-1252 bytes for UTF-32 `src`: `src.len()`.
///
/// ```
/// assert_eq!(rapidutf::windows1252_len_from_utf32(&[0x2122, 0xE9]), 2);
/// ```
#[must_use]
#[inline]
pub const fn windows1252_len_from_utf32(src: &[u32]) -> usize {
    src.len()
}

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod alloc_forms {
    use super::{encoder, Latin1Error, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
    use crate::dispatch::active_fns;
    use crate::error::{in_room, in_room_total};
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    /// Appends the UTF-8 of Windows-1252 `src` to `dst`: the bytes
    /// appended, written straight into the string's spare capacity.
    ///
    /// ```
    /// let mut s = String::from("> ");
    /// assert_eq!(rapidutf::windows1252_to_utf8_append(b"\x93caf\xE9\x94", &mut s), 11);
    /// assert_eq!(s, "> “café”");
    /// ```
    #[inline]
    pub fn windows1252_to_utf8_append(src: &[u8], dst: &mut String) -> usize {
        dst.reserve(utf8_room(src.len(), crate::utf8_len_from_latin1(src)));
        in_room_total(crate::dispatch::windows1252_to_utf8(src, dst))
    }

    /// Appends the native-endian UTF-16 of Windows-1252 `src` to `dst`:
    /// the units appended (one per byte).
    ///
    /// ```
    /// let mut v = vec![0x3E];
    /// assert_eq!(rapidutf::windows1252_to_utf16_append(b"\x80!", &mut v), 2);
    /// assert_eq!(v, [0x3E, 0x20AC, 0x21]);
    /// ```
    #[inline]
    pub fn windows1252_to_utf16_append(src: &[u8], dst: &mut Vec<u16>) -> usize {
        dst.reserve(src.len());
        in_room_total(crate::dispatch::windows1252_to_utf16(src, dst))
    }

    /// [`windows1252_to_utf16_append`] to UTF-16LE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::windows1252_to_utf16le_append(b"\x80", &mut v);
    /// assert_eq!(v, [0x20ACu16.to_le()]);
    /// ```
    #[inline]
    pub fn windows1252_to_utf16le_append(src: &[u8], dst: &mut Vec<u16>) -> usize {
        dst.reserve(src.len());
        in_room_total(crate::dispatch::windows1252_to_utf16le(src, dst))
    }

    /// [`windows1252_to_utf16_append`] to UTF-16BE.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::windows1252_to_utf16be_append(b"\x80", &mut v);
    /// assert_eq!(v, [0x20ACu16.to_be()]);
    /// ```
    #[inline]
    pub fn windows1252_to_utf16be_append(src: &[u8], dst: &mut Vec<u16>) -> usize {
        dst.reserve(src.len());
        in_room_total(crate::dispatch::windows1252_to_utf16be(src, dst))
    }

    /// Appends the UTF-32 of Windows-1252 `src` to `dst`: the values
    /// appended (one per byte).
    ///
    /// ```
    /// let mut v = Vec::new();
    /// assert_eq!(rapidutf::windows1252_to_utf32_append(b"\x99!", &mut v), 2);
    /// assert_eq!(v, [0x2122, 0x21]);
    /// ```
    #[inline]
    pub fn windows1252_to_utf32_append(src: &[u8], dst: &mut Vec<u32>) -> usize {
        dst.reserve(src.len());
        in_room_total(crate::dispatch::windows1252_to_utf32(src, dst))
    }

    /// Converts Windows-1252 to native-endian UTF-16, allocated at its
    /// exact size.
    ///
    /// ```
    /// assert_eq!(rapidutf::windows1252_to_utf16_vec(b"\x93hi\x94"), [0x201C, 0x68, 0x69, 0x201D]);
    /// ```
    #[must_use]
    #[inline]
    pub fn windows1252_to_utf16_vec(src: &[u8]) -> Vec<u16> {
        let mut v = Vec::new();
        windows1252_to_utf16_append(src, &mut v);
        v
    }

    /// [`windows1252_to_utf16_vec`] to UTF-16LE.
    ///
    /// ```
    /// assert_eq!(rapidutf::windows1252_to_utf16le_vec(b"\x80"), [0x20ACu16.to_le()]);
    /// ```
    #[must_use]
    #[inline]
    pub fn windows1252_to_utf16le_vec(src: &[u8]) -> Vec<u16> {
        let mut v = Vec::new();
        windows1252_to_utf16le_append(src, &mut v);
        v
    }

    /// [`windows1252_to_utf16_vec`] to UTF-16BE.
    ///
    /// ```
    /// assert_eq!(rapidutf::windows1252_to_utf16be_vec(b"\x80"), [0x20ACu16.to_be()]);
    /// ```
    #[must_use]
    #[inline]
    pub fn windows1252_to_utf16be_vec(src: &[u8]) -> Vec<u16> {
        let mut v = Vec::new();
        windows1252_to_utf16be_append(src, &mut v);
        v
    }

    /// Converts Windows-1252 to UTF-32, allocated at its exact size.
    ///
    /// ```
    /// assert_eq!(rapidutf::windows1252_to_utf32_vec(b"\x99!"), [0x2122, 0x21]);
    /// ```
    #[must_use]
    #[inline]
    pub fn windows1252_to_utf32_vec(src: &[u8]) -> Vec<u32> {
        let mut v = Vec::new();
        windows1252_to_utf32_append(src, &mut v);
        v
    }

    /// Appends the Windows-1252 of UTF-8 `src` to `dst`: `Ok(bytes
    /// appended)`.
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of [`super::utf8_to_windows1252`]: the first
    /// character that is invalid UTF-8 or that Windows-1252 cannot
    /// represent. The conversion of the input before it stays appended.
    ///
    /// ```
    /// let mut v = b"> ".to_vec();
    /// assert_eq!(rapidutf::utf8_to_windows1252_append("5 €".as_bytes(), &mut v), Ok(3));
    /// assert_eq!(v, b"> 5 \x80");
    /// assert!(rapidutf::utf8_to_windows1252_append("ok Ω".as_bytes(), &mut v).is_err());
    /// assert_eq!(v, b"> 5 \x80ok ");
    /// ```
    #[inline]
    pub fn utf8_to_windows1252_append(
        src: &[u8],
        dst: &mut Vec<u8>,
    ) -> Result<usize, Latin1Error<Utf8Error>> {
        dst.reserve(super::windows1252_len_from_utf8(src));
        in_room(encoder::utf8_to_windows1252(active_fns(), src, dst))
    }

    /// Appends the Windows-1252 of native-endian UTF-16 `src` to `dst`:
    /// `Ok(bytes appended)`.
    ///
    /// # Errors
    ///
    /// As [`utf8_to_windows1252_append`], with positions in units and the
    /// [`Utf16Error`] of an unpaired surrogate.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// assert_eq!(rapidutf::utf16_to_windows1252_append(&[0x20AC, 0x35], &mut v), Ok(2));
    /// assert_eq!(v, b"\x805");
    /// ```
    #[inline]
    pub fn utf16_to_windows1252_append(
        src: &[u16],
        dst: &mut Vec<u8>,
    ) -> Result<usize, Latin1Error<Utf16Error>> {
        #[cfg(target_endian = "little")]
        return utf16le_to_windows1252_append(src, dst);
        #[cfg(target_endian = "big")]
        return utf16be_to_windows1252_append(src, dst);
    }

    /// [`utf16_to_windows1252_append`] from UTF-16LE.
    ///
    /// # Errors
    ///
    /// As [`utf16_to_windows1252_append`].
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf16le_to_windows1252_append(&[0x20ACu16.to_le()], &mut v).unwrap();
    /// assert_eq!(v, b"\x80");
    /// ```
    #[inline]
    pub fn utf16le_to_windows1252_append(
        src: &[u16],
        dst: &mut Vec<u8>,
    ) -> Result<usize, Latin1Error<Utf16Error>> {
        dst.reserve(src.len());
        in_room(encoder::utf16le_to_windows1252(active_fns(), src, dst))
    }

    /// [`utf16_to_windows1252_append`] from UTF-16BE.
    ///
    /// # Errors
    ///
    /// As [`utf16_to_windows1252_append`].
    ///
    /// ```
    /// let mut v = Vec::new();
    /// rapidutf::utf16be_to_windows1252_append(&[0x20ACu16.to_be()], &mut v).unwrap();
    /// assert_eq!(v, b"\x80");
    /// ```
    #[inline]
    pub fn utf16be_to_windows1252_append(
        src: &[u16],
        dst: &mut Vec<u8>,
    ) -> Result<usize, Latin1Error<Utf16Error>> {
        dst.reserve(src.len());
        in_room(encoder::utf16be_to_windows1252(active_fns(), src, dst))
    }

    /// Appends the Windows-1252 of UTF-32 `src` to `dst`: `Ok(bytes
    /// appended)`.
    ///
    /// # Errors
    ///
    /// As [`utf8_to_windows1252_append`], with positions in values and the
    /// [`Utf32Error`] of a value that is not a scalar value.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// assert_eq!(rapidutf::utf32_to_windows1252_append(&[0x2122, 0xE9], &mut v), Ok(2));
    /// assert_eq!(v, b"\x99\xE9");
    /// assert!(rapidutf::utf32_to_windows1252_append(&[0x3A9], &mut v).is_err());
    /// ```
    #[inline]
    pub fn utf32_to_windows1252_append(
        src: &[u32],
        dst: &mut Vec<u8>,
    ) -> Result<usize, Latin1Error<Utf32Error>> {
        dst.reserve(src.len());
        in_room(encoder::utf32_to_windows1252(active_fns(), src, dst))
    }

    /// Native-endian UTF-16 to a `Vec` of Windows-1252 bytes.
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of [`super::utf16_to_windows1252`]: an unpaired
    /// surrogate, or a character Windows-1252 cannot represent.
    ///
    /// ```
    /// assert_eq!(rapidutf::utf16_to_windows1252_vec(&[0x201C, 0x68, 0x201D]).unwrap(), b"\x93h\x94");
    /// assert!(rapidutf::utf16_to_windows1252_vec(&[0xD800]).is_err());
    /// ```
    #[inline]
    pub fn utf16_to_windows1252_vec(src: &[u16]) -> Result<Vec<u8>, Latin1Error<Utf16Error>> {
        let mut v = Vec::new();
        utf16_to_windows1252_append(src, &mut v)?;
        Ok(v)
    }

    /// [`utf16_to_windows1252_vec`] from UTF-16LE.
    ///
    /// # Errors
    ///
    /// As [`utf16_to_windows1252_vec`].
    ///
    /// ```
    /// assert_eq!(rapidutf::utf16le_to_windows1252_vec(&[0x20ACu16.to_le()]).unwrap(), b"\x80");
    /// ```
    #[inline]
    pub fn utf16le_to_windows1252_vec(src: &[u16]) -> Result<Vec<u8>, Latin1Error<Utf16Error>> {
        let mut v = Vec::new();
        utf16le_to_windows1252_append(src, &mut v)?;
        Ok(v)
    }

    /// [`utf16_to_windows1252_vec`] from UTF-16BE.
    ///
    /// # Errors
    ///
    /// As [`utf16_to_windows1252_vec`].
    ///
    /// ```
    /// assert_eq!(rapidutf::utf16be_to_windows1252_vec(&[0x20ACu16.to_be()]).unwrap(), b"\x80");
    /// ```
    #[inline]
    pub fn utf16be_to_windows1252_vec(src: &[u16]) -> Result<Vec<u8>, Latin1Error<Utf16Error>> {
        let mut v = Vec::new();
        utf16be_to_windows1252_append(src, &mut v)?;
        Ok(v)
    }

    /// UTF-32 to a `Vec` of Windows-1252 bytes.
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of [`super::utf32_to_windows1252`]: a value that
    /// is not a scalar value, or a character Windows-1252 cannot represent.
    ///
    /// ```
    /// assert_eq!(rapidutf::utf32_to_windows1252_vec(&[0x2122, 0xE9]).unwrap(), b"\x99\xE9");
    /// assert!(rapidutf::utf32_to_windows1252_vec(&[0x110000]).is_err());
    /// ```
    #[inline]
    pub fn utf32_to_windows1252_vec(src: &[u32]) -> Result<Vec<u8>, Latin1Error<Utf32Error>> {
        let mut v = Vec::new();
        utf32_to_windows1252_append(src, &mut v)?;
        Ok(v)
    }

    /// Windows-1252 to a `String`.
    ///
    /// ```
    /// assert_eq!(rapidutf::windows1252_to_string(b"\x93hi\x94"), "“hi”");
    /// ```
    #[must_use]
    #[inline]
    pub fn windows1252_to_string(src: &[u8]) -> String {
        // Three bytes for each byte `80..=FF` (the most any of them takes:
        // U+20AC for 0x80), one for each ASCII byte: always enough. From
        // the Latin-1 length, `len + high bytes`, counted at kernel speed
        // (a scalar pass counting the bytes `80..=9F` alone held the whole
        // conversion to 2.6 GB/s on mostly ASCII text, against 15 without).
        let room = utf8_room(src.len(), crate::utf8_len_from_latin1(src));
        let mut out = String::with_capacity(room);
        // Straight into the spare capacity, by the active kernel.
        in_room_total(crate::dispatch::windows1252_to_utf8(src, &mut out));
        out
    }

    /// The room [`windows1252_to_string`] reserves for `len` bytes whose
    /// Latin-1 text takes `latin1` bytes of UTF-8 (`len` plus the bytes
    /// `80..=FF`): one more byte for each of those, the most any takes.
    ///
    /// On a 32-bit target that sum exceeds `usize::MAX` from about 1.43 GB
    /// of non-ASCII input: it saturates (never wraps) to `usize::MAX`, a
    /// capacity the allocation refuses (as any beyond `isize::MAX` bytes),
    /// and rightly:
    /// the output, at least `latin1` bytes, is at least half the sum, so
    /// more than `isize::MAX` bytes.
    fn utf8_room(len: usize, latin1: usize) -> usize {
        latin1.saturating_add(latin1 - len)
    }

    /// UTF-8 to a `Vec` of Windows-1252 bytes.
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of [`super::utf8_to_windows1252`]: invalid UTF-8,
    /// or a character Windows-1252 cannot represent.
    ///
    /// ```
    /// assert_eq!(rapidutf::utf8_to_windows1252_vec("5 €".as_bytes()).unwrap(), b"5 \x80");
    /// assert!(rapidutf::utf8_to_windows1252_vec("Ω".as_bytes()).is_err());
    /// ```
    #[inline]
    pub fn utf8_to_windows1252_vec(src: &[u8]) -> Result<Vec<u8>, Latin1Error<Utf8Error>> {
        let mut dst = vec![0u8; src.len()];
        match super::utf8_to_windows1252(src, &mut dst) {
            Ok(n) => {
                dst.truncate(n);
                Ok(dst)
            }
            Err(TranscodeError::Invalid { error: e, .. }) => Err(e),
            // Cannot happen: one byte per input byte always suffices; the
            // error would be a stand-in.
            Err(TranscodeError::OutputTooSmall { read, .. }) => Err(Latin1Error::new(
                read,
                crate::error::Latin1ErrorKind::Unrepresentable(char::REPLACEMENT_CHARACTER),
            )
            .in_windows1252()),
        }
    }

    #[cfg(test)]
    mod tests {
        /// The room is the sum while it fits, and saturates where it would
        /// wrap (on 32-bit targets, from about 1.43 GB of input), so the
        /// allocation fails instead of reserving a wrapped, small size.
        #[test]
        fn room_saturates_instead_of_wrapping() {
            assert_eq!(super::utf8_room(10, 14), 18);
            assert_eq!(super::utf8_room(0, 0), 0);
            let len = usize::MAX / 3 + 1;
            assert_eq!(super::utf8_room(len, 2 * len), usize::MAX);
            assert_eq!(super::utf8_room(usize::MAX / 2, usize::MAX), usize::MAX);
        }
    }
}

#[cfg(feature = "alloc")]
pub use alloc_forms::{
    utf16_to_windows1252_append, utf16_to_windows1252_vec, utf16be_to_windows1252_append,
    utf16be_to_windows1252_vec, utf16le_to_windows1252_append, utf16le_to_windows1252_vec,
    utf32_to_windows1252_append, utf32_to_windows1252_vec, utf8_to_windows1252_append,
    utf8_to_windows1252_vec, windows1252_to_string, windows1252_to_utf16_append,
    windows1252_to_utf16_vec, windows1252_to_utf16be_append, windows1252_to_utf16be_vec,
    windows1252_to_utf16le_append, windows1252_to_utf16le_vec, windows1252_to_utf32_append,
    windows1252_to_utf32_vec, windows1252_to_utf8_append,
};

// ---------------------------------------------------------------------
// Lossy encoding from UTF-8: a caller-chosen byte for what Windows-1252
// cannot represent.
// ---------------------------------------------------------------------

use crate::error::Lossy;
use crate::glue::single_byte_lossy::{self, Bytes, Valid};
use crate::scalar::windows1252::Windows1252;

/// Converts UTF-8 to Windows-1252, writing `replacement` for each
/// character Windows-1252 cannot represent and for each maximal invalid
/// subpart of the input (the units `String::from_utf8_lossy` replaces
/// with one U+FFFD each): `Ok` with the bytes written and the number of
/// replacements.
///
/// The characters it cannot represent are those of
/// [`utf8_to_windows1252`]'s error: everything above U+00FF but the 27
/// of the bytes `80..=9F`, and the C1 controls U+0080..=U+009F whose
/// bytes stand for those. Python's `s.encode("cp1252", errors="replace")`
/// is this with `b'?'`, but for the five controls U+0081, U+008D, U+008F,
/// U+0090 and U+009D, which the WHATWG index maps to their own bytes and
/// Python replaces. The representable text runs on the same SIMD kernel
/// as [`utf8_to_windows1252`]; only the replacements take the scalar
/// path.
///
/// `dst.len() >= src.len()` always suffices.
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
/// let r = rapidutf::utf8_to_windows1252_lossy("“5 €” → ok".as_bytes(), &mut buf, b'?').unwrap();
/// assert_eq!(r, Lossy { output: 10, replaced: 1 });
/// assert_eq!(&buf[..r.output], b"\x935 \x80\x94 ? ok");
///
/// let r = rapidutf::utf8_to_windows1252_lossy(b"\xC0\x80!", &mut buf, b'?').unwrap();
/// assert_eq!((&buf[..r.output], r.replaced), (&b"??!"[..], 2));
/// ```
#[inline]
pub fn utf8_to_windows1252_lossy(
    src: &[u8],
    dst: &mut [u8],
    replacement: u8,
) -> Result<Lossy<usize>, TranscodeError<Infallible>> {
    let (r, replaced) = single_byte_lossy::encode_lossy::<Bytes, Windows1252, _>(
        active_fns(),
        src,
        dst,
        replacement,
    );
    r.map(|output| Lossy { output, replaced })
}

/// Converts a `str` to Windows-1252, writing `replacement` for each
/// character Windows-1252 cannot represent: `Ok` with the bytes written
/// and the number of replacements.
///
/// As [`utf8_to_windows1252_lossy`] for input known to be valid.
/// `dst.len() >= src.chars().count()` always suffices
/// ([`windows1252_len_from_utf8`] counts it at kernel speed), and so does
/// `src.len()`.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], as for
/// [`utf8_to_windows1252_lossy`].
///
/// ```
/// let mut buf = [0u8; 8];
/// let r = rapidutf::str_to_windows1252_lossy("Ω = €", &mut buf, b'?').unwrap();
/// assert_eq!((&buf[..r.output], r.replaced), (&b"? = \x80"[..], 1));
/// ```
#[inline]
pub fn str_to_windows1252_lossy(
    src: &str,
    dst: &mut [u8],
    replacement: u8,
) -> Result<Lossy<usize>, TranscodeError<Infallible>> {
    let (r, replaced) = single_byte_lossy::encode_lossy::<Valid, Windows1252, _>(
        active_fns(),
        src.as_bytes(),
        dst,
        replacement,
    );
    r.map(|output| Lossy { output, replaced })
}

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod lossy_alloc {
    use super::{active_fns, single_byte_lossy, Bytes, Lossy, Valid, Windows1252};
    use alloc::vec::Vec;

    /// Appends the Windows-1252 of UTF-8 `src` to `dst`, writing
    /// `replacement` for each character Windows-1252 cannot represent and
    /// each maximal invalid subpart: the bytes appended and the number of
    /// replacements.
    ///
    /// Reserves the input's character count and writes into the spare
    /// capacity; never fails.
    ///
    /// ```
    /// let mut v = b"> ".to_vec();
    /// let r = rapidutf::utf8_to_windows1252_lossy_append(b"5 \xE2\x82\xAC \xFF", &mut v, b'?');
    /// assert_eq!((r.output, r.replaced), (5, 1));
    /// assert_eq!(v, b"> 5 \x80 ?");
    /// ```
    #[inline]
    pub fn utf8_to_windows1252_lossy_append(
        src: &[u8],
        dst: &mut Vec<u8>,
        replacement: u8,
    ) -> Lossy<usize> {
        let room = crate::dispatch::count_chars(src);
        let (output, replaced) = single_byte_lossy::append_lossy::<Bytes, Windows1252>(
            active_fns(),
            src,
            dst,
            replacement,
            room,
        );
        Lossy { output, replaced }
    }

    /// Appends the Windows-1252 of `src` to `dst`, writing `replacement`
    /// for each character Windows-1252 cannot represent: the bytes
    /// appended and the number of replacements.
    ///
    /// ```
    /// let mut v = Vec::new();
    /// let r = rapidutf::str_to_windows1252_lossy_append("“naïve” ≠ ok", &mut v, b'?');
    /// assert_eq!((r.output, r.replaced), (12, 1));
    /// assert_eq!(v, b"\x93na\xEFve\x94 ? ok");
    /// ```
    #[inline]
    pub fn str_to_windows1252_lossy_append(
        src: &str,
        dst: &mut Vec<u8>,
        replacement: u8,
    ) -> Lossy<usize> {
        let room = crate::dispatch::count_chars(src.as_bytes());
        let (output, replaced) = single_byte_lossy::append_lossy::<Valid, Windows1252>(
            active_fns(),
            src.as_bytes(),
            dst,
            replacement,
            room,
        );
        Lossy { output, replaced }
    }

    /// Converts UTF-8 to a new Windows-1252 vector, writing `replacement`
    /// for each character Windows-1252 cannot represent and each maximal
    /// invalid subpart: the vector and the number of replacements.
    ///
    /// ```
    /// let r = rapidutf::utf8_to_windows1252_lossy_vec("€ ≈ $".as_bytes(), b'?');
    /// assert_eq!((r.output.as_slice(), r.replaced), (&b"\x80 ? $"[..], 1));
    /// ```
    #[inline]
    pub fn utf8_to_windows1252_lossy_vec(src: &[u8], replacement: u8) -> Lossy<Vec<u8>> {
        let mut output = Vec::new();
        let Lossy { replaced, .. } =
            utf8_to_windows1252_lossy_append(src, &mut output, replacement);
        Lossy { output, replaced }
    }

    /// Converts a `str` to a new Windows-1252 vector, writing
    /// `replacement` for each character Windows-1252 cannot represent: the
    /// vector and the number of replacements.
    ///
    /// ```
    /// let r = rapidutf::str_to_windows1252_lossy_vec("“hi”", b'?');
    /// assert_eq!((r.output.as_slice(), r.had_replacements()), (&b"\x93hi\x94"[..], false));
    /// ```
    #[inline]
    pub fn str_to_windows1252_lossy_vec(src: &str, replacement: u8) -> Lossy<Vec<u8>> {
        let mut output = Vec::new();
        let Lossy { replaced, .. } = str_to_windows1252_lossy_append(src, &mut output, replacement);
        Lossy { output, replaced }
    }
}

#[cfg(feature = "alloc")]
pub use lossy_alloc::{
    str_to_windows1252_lossy_append, str_to_windows1252_lossy_vec,
    utf8_to_windows1252_lossy_append, utf8_to_windows1252_lossy_vec,
};
