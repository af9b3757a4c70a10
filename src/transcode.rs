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
//! # Byte order
//!
//! `utf16le`/`utf16be` functions read or write `u16` units whose *memory*
//! bytes are in that order (so a UTF-16BE file's bytes, viewed as `[u16]`,
//! convert directly without a swap pass); the plain `utf16` functions use
//! the target's native order.

use crate::error::{TranscodeError, Utf16Error, Utf32Error, Utf8Error};

/// Defines one public transcoder; the doc comes from the call site.
/// (Plumbing only.) It calls `crate::dispatch::$name`: the SIMD kernel
/// converts a prefix, the scalar loop finishes.
macro_rules! transcoder {
    ($(#[$doc:meta])* $name:ident: $src:ty => $dst:ty, $err:ty, dispatch) => {
        $(#[$doc])*
        ///
        /// # Errors
        ///
        /// [`TranscodeError::Invalid`] at the first invalid input unit, or
        /// [`TranscodeError::OutputTooSmall`] when the next character does
        /// not fit in `dst` (see the [module docs](crate::transcode) for
        /// sizes that always suffice). Whichever comes first in the input
        /// is reported.
        #[inline]
        pub fn $name(src: &[$src], dst: &mut [$dst]) -> Result<usize, TranscodeError<$err>> {
            crate::dispatch::$name(src, dst)
        }
    };
}

transcoder!(
    /// Converts UTF-8 to native-endian UTF-16: `Ok(units written)`.
    ///
    /// `dst.len() >= src.len()` always suffices.
    ///
    /// ```
    /// let mut buf = [0u16; 8];
    /// let n = rapidutf::utf8_to_utf16("h€!".as_bytes(), &mut buf).unwrap();
    /// assert_eq!(&buf[..n], &[0x68, 0x20AC, 0x21]);
    /// ```
    utf8_to_utf16: u8 => u16, Utf8Error, dispatch
);
transcoder!(
    /// Converts UTF-8 to UTF-16LE: `Ok(units written)`.
    utf8_to_utf16le: u8 => u16, Utf8Error, dispatch
);
transcoder!(
    /// Converts UTF-8 to UTF-16BE: `Ok(units written)`.
    utf8_to_utf16be: u8 => u16, Utf8Error, dispatch
);
transcoder!(
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
    utf16_to_utf8: u16 => u8, Utf16Error, dispatch
);
transcoder!(
    /// Converts UTF-16LE to UTF-8: `Ok(bytes written)`.
    utf16le_to_utf8: u16 => u8, Utf16Error, dispatch
);
transcoder!(
    /// Converts UTF-16BE to UTF-8: `Ok(bytes written)`.
    utf16be_to_utf8: u16 => u8, Utf16Error, dispatch
);
transcoder!(
    /// Converts UTF-8 to UTF-32: `Ok(values written)`.
    ///
    /// `dst.len() >= src.len()` always suffices.
    utf8_to_utf32: u8 => u32, Utf8Error, dispatch
);
transcoder!(
    /// Converts UTF-32 to UTF-8: `Ok(bytes written)`.
    ///
    /// `dst.len() >= 4 * src.len()` always suffices.
    utf32_to_utf8: u32 => u8, Utf32Error, dispatch
);
transcoder!(
    /// Converts native-endian UTF-16 to UTF-32: `Ok(values written)`.
    ///
    /// `dst.len() >= src.len()` always suffices.
    utf16_to_utf32: u16 => u32, Utf16Error, dispatch
);
transcoder!(
    /// Converts UTF-16LE to UTF-32: `Ok(values written)`.
    utf16le_to_utf32: u16 => u32, Utf16Error, dispatch
);
transcoder!(
    /// Converts UTF-16BE to UTF-32: `Ok(values written)`.
    utf16be_to_utf32: u16 => u32, Utf16Error, dispatch
);
transcoder!(
    /// Converts UTF-32 to native-endian UTF-16: `Ok(units written)`.
    ///
    /// `dst.len() >= 2 * src.len()` always suffices.
    utf32_to_utf16: u32 => u16, Utf32Error, dispatch
);
transcoder!(
    /// Converts UTF-32 to UTF-16LE: `Ok(units written)`.
    utf32_to_utf16le: u32 => u16, Utf32Error, dispatch
);
transcoder!(
    /// Converts UTF-32 to UTF-16BE: `Ok(units written)`.
    utf32_to_utf16be: u32 => u16, Utf32Error, dispatch
);

#[cfg(feature = "alloc")]
mod alloc_api {
    use super::*;
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    /// Unwraps a conversion into a buffer of the exact size: running out
    /// of room is impossible, because the exact-length functions count a
    /// valid prefix exactly and the conversion stops at the first invalid
    /// unit before writing anything for it.
    fn exact<E>(r: Result<usize, TranscodeError<E>>) -> Result<usize, E> {
        match r {
            Ok(n) => Ok(n),
            Err(TranscodeError::Invalid { error: e, .. }) => Err(e),
            Err(TranscodeError::OutputTooSmall { .. }) => {
                unreachable!("exact-size buffer was too small")
            }
        }
    }

    /// Converts UTF-8 to a new native-endian UTF-16 vector, allocated at
    /// its exact size.
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
    pub fn utf8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, Utf8Error> {
        let mut v = vec![0u16; crate::utf16_len_from_utf8(src)];
        let n = exact(utf8_to_utf16(src, &mut v))?;
        v.truncate(n);
        Ok(v)
    }

    /// Converts UTF-8 to a new UTF-32 vector, allocated at its exact size.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf8Error`].
    pub fn utf8_to_utf32_vec(src: &[u8]) -> Result<Vec<u32>, Utf8Error> {
        let mut v = vec![0u32; crate::count_chars(src)];
        let n = exact(utf8_to_utf32(src, &mut v))?;
        v.truncate(n);
        Ok(v)
    }

    fn into_string(mut v: Vec<u8>, n: usize) -> String {
        v.truncate(n);
        // The transcoders only ever write whole, valid UTF-8 characters.
        match String::from_utf8(v) {
            Ok(s) => s,
            Err(_) => unreachable!("transcoder wrote invalid UTF-8"),
        }
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
    pub fn utf16_to_string(src: &[u16]) -> Result<String, Utf16Error> {
        let mut v = vec![0u8; crate::utf8_len_from_utf16(src)];
        let n = exact(utf16_to_utf8(src, &mut v))?;
        Ok(into_string(v, n))
    }

    /// Converts UTF-16LE to a `String`.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf16Error`].
    pub fn utf16le_to_string(src: &[u16]) -> Result<String, Utf16Error> {
        let mut v = vec![0u8; crate::utf8_len_from_utf16le(src)];
        let n = exact(utf16le_to_utf8(src, &mut v))?;
        Ok(into_string(v, n))
    }

    /// Converts UTF-16BE to a `String`.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf16Error`].
    pub fn utf16be_to_string(src: &[u16]) -> Result<String, Utf16Error> {
        let mut v = vec![0u8; crate::utf8_len_from_utf16be(src)];
        let n = exact(utf16be_to_utf8(src, &mut v))?;
        Ok(into_string(v, n))
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
    pub fn utf32_to_string(src: &[u32]) -> Result<String, Utf32Error> {
        let mut v = vec![0u8; crate::utf8_len_from_utf32(src)];
        let n = exact(utf32_to_utf8(src, &mut v))?;
        Ok(into_string(v, n))
    }
}

#[cfg(feature = "alloc")]
pub use alloc_api::*;
