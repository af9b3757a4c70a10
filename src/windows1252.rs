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
///   ([`Latin1ErrorKind::Unrepresentable`](crate::Latin1ErrorKind::Unrepresentable), with its position in bytes).
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
pub fn utf32_to_windows1252(
    src: &[u32],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf32Error>>> {
    encoder::utf32_to_windows1252(active_fns(), src, dst)
}

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod alloc_forms {
    use super::{Latin1Error, TranscodeError, Utf8Error};
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    /// Windows-1252 to a `String`.
    ///
    /// ```
    /// assert_eq!(rapidutf::windows1252_to_string(b"\x93hi\x94"), "“hi”");
    /// ```
    #[must_use]
    pub fn windows1252_to_string(src: &[u8]) -> String {
        // Three bytes for each byte `80..=FF` (the most any of them takes:
        // U+20AC for 0x80), one for each ASCII byte: always enough. From
        // the Latin-1 length, `len + high bytes`, counted at kernel speed
        // (a scalar pass counting the bytes `80..=9F` alone held the whole
        // conversion to 2.6 GB/s on mostly ASCII text, against 15 without).
        let room = utf8_room(src.len(), crate::utf8_len_from_latin1(src));
        let mut out = String::with_capacity(room);
        // Straight into the spare capacity, by the active kernel.
        match crate::dispatch::windows1252_to_utf8(src, &mut out) {
            Ok(_) => out,
            Err(TranscodeError::Invalid { error, .. }) => match error {},
            Err(TranscodeError::OutputTooSmall { .. }) => {
                unreachable!("room of a size that always suffices was too small")
            }
        }
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
pub use alloc_forms::{utf8_to_windows1252_vec, windows1252_to_string};
