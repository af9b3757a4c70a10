//! The rest of the naming grid: [`utf32_len_from_utf8`] (an alias of
//! [`count_chars`](crate::count_chars) under the grid's name) and the allocating `_vec`
//! conveniences for the directions that had none.

/// An alias of [`count_chars`](crate::count_chars), the canonical name,
/// under the naming grid's (`<output>_len_from_<input>`): the number of
/// UTF-32 values (code points) in UTF-8 `src`. Both are the same function.
///
/// On any input this is the number of bytes that are not continuation
/// bytes (`80..=BF`), so a buffer of this length always holds
/// [`utf8_to_utf32`](crate::utf8_to_utf32)'s output for the valid prefix.
///
/// ```
/// let s = "añ€😀";
/// assert_eq!(rapidutf::utf32_len_from_utf8(s.as_bytes()), s.chars().count());
/// assert_eq!(rapidutf::utf32_len_from_utf8(s.as_bytes()), rapidutf::count_chars(s.as_bytes()));
/// ```
#[must_use]
#[inline]
pub fn utf32_len_from_utf8(src: &[u8]) -> usize {
    crate::count_chars(src)
}

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod alloc_api {
    use crate::error::{Utf16Error, Utf32Error, Utf8Error};
    use alloc::vec::Vec;

    /// Converts UTF-8 to a new UTF-16LE vector.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf8Error`].
    ///
    /// ```
    /// let v = rapidutf::utf8_to_utf16le_vec("a€".as_bytes()).unwrap();
    /// assert_eq!(v, [0x61u16.to_le(), 0x20ACu16.to_le()]);
    /// ```
    #[inline]
    pub fn utf8_to_utf16le_vec(src: &[u8]) -> Result<Vec<u16>, Utf8Error> {
        crate::transcode::fresh(
            src.len(),
            1,
            |a, b| crate::utf16_len_from_utf8(&src[a..b]),
            |from, out| crate::dispatch::utf8_to_utf16le(&src[from..], out),
        )
    }

    /// Converts UTF-8 to a new UTF-16BE vector.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf8Error`].
    ///
    /// ```
    /// let v = rapidutf::utf8_to_utf16be_vec("a€".as_bytes()).unwrap();
    /// assert_eq!(v, [0x61u16.to_be(), 0x20ACu16.to_be()]);
    /// assert!(rapidutf::utf8_to_utf16be_vec(b"a\xC0").is_err());
    /// ```
    #[inline]
    pub fn utf8_to_utf16be_vec(src: &[u8]) -> Result<Vec<u16>, Utf8Error> {
        crate::transcode::fresh(
            src.len(),
            1,
            |a, b| crate::utf16_len_from_utf8(&src[a..b]),
            |from, out| crate::dispatch::utf8_to_utf16be(&src[from..], out),
        )
    }

    /// Converts native-endian UTF-16 to a new UTF-32 vector.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf16Error`].
    ///
    /// ```
    /// let src: Vec<u16> = "a😀".encode_utf16().collect();
    /// assert_eq!(rapidutf::utf16_to_utf32_vec(&src).unwrap(), [0x61, 0x1F600]);
    /// assert_eq!(rapidutf::utf16_to_utf32_vec(&[0xDE00]).unwrap_err().valid_up_to(), 0);
    /// ```
    #[inline]
    pub fn utf16_to_utf32_vec(src: &[u16]) -> Result<Vec<u32>, Utf16Error> {
        crate::transcode::fresh(
            src.len(),
            1,
            |a, b| crate::utf32_len_from_utf16(&src[a..b]),
            |from, out| crate::dispatch::utf16_to_utf32(&src[from..], out),
        )
    }

    /// Converts UTF-16LE to a new UTF-32 vector.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf16Error`].
    ///
    /// ```
    /// let src = [0xD83Du16.to_le(), 0xDE00u16.to_le()];
    /// assert_eq!(rapidutf::utf16le_to_utf32_vec(&src).unwrap(), [0x1F600]);
    /// ```
    #[inline]
    pub fn utf16le_to_utf32_vec(src: &[u16]) -> Result<Vec<u32>, Utf16Error> {
        crate::transcode::fresh(
            src.len(),
            1,
            |a, b| crate::utf32_len_from_utf16le(&src[a..b]),
            |from, out| crate::dispatch::utf16le_to_utf32(&src[from..], out),
        )
    }

    /// Converts UTF-16BE to a new UTF-32 vector.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf16Error`].
    ///
    /// ```
    /// let src = [0x41u16.to_be(), 0xE9u16.to_be()];
    /// assert_eq!(rapidutf::utf16be_to_utf32_vec(&src).unwrap(), [0x41, 0xE9]);
    /// ```
    #[inline]
    pub fn utf16be_to_utf32_vec(src: &[u16]) -> Result<Vec<u32>, Utf16Error> {
        crate::transcode::fresh(
            src.len(),
            1,
            |a, b| crate::utf32_len_from_utf16be(&src[a..b]),
            |from, out| crate::dispatch::utf16be_to_utf32(&src[from..], out),
        )
    }

    /// Converts UTF-32 to a new native-endian UTF-16 vector.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf32Error`].
    ///
    /// ```
    /// assert_eq!(rapidutf::utf32_to_utf16_vec(&[0x61, 0x1F600]).unwrap(), [0x61, 0xD83D, 0xDE00]);
    /// assert_eq!(rapidutf::utf32_to_utf16_vec(&[0x61, 0xD800]).unwrap_err().valid_up_to(), 1);
    /// ```
    #[inline]
    pub fn utf32_to_utf16_vec(src: &[u32]) -> Result<Vec<u16>, Utf32Error> {
        crate::transcode::fresh(
            src.len(),
            2,
            |a, b| crate::utf16_len_from_utf32(&src[a..b]),
            |from, out| crate::dispatch::utf32_to_utf16(&src[from..], out),
        )
    }

    /// Converts UTF-32 to a new UTF-16LE vector.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf32Error`].
    ///
    /// ```
    /// assert_eq!(rapidutf::utf32_to_utf16le_vec(&[0xE9]).unwrap(), [0xE9u16.to_le()]);
    /// ```
    #[inline]
    pub fn utf32_to_utf16le_vec(src: &[u32]) -> Result<Vec<u16>, Utf32Error> {
        crate::transcode::fresh(
            src.len(),
            2,
            |a, b| crate::utf16_len_from_utf32(&src[a..b]),
            |from, out| crate::dispatch::utf32_to_utf16le(&src[from..], out),
        )
    }

    /// Converts UTF-32 to a new UTF-16BE vector.
    ///
    /// # Errors
    ///
    /// The input's first [`Utf32Error`].
    ///
    /// ```
    /// assert_eq!(rapidutf::utf32_to_utf16be_vec(&[0xE9]).unwrap(), [0xE9u16.to_be()]);
    /// ```
    #[inline]
    pub fn utf32_to_utf16be_vec(src: &[u32]) -> Result<Vec<u16>, Utf32Error> {
        crate::transcode::fresh(
            src.len(),
            2,
            |a, b| crate::utf16_len_from_utf32(&src[a..b]),
            |from, out| crate::dispatch::utf32_to_utf16be(&src[from..], out),
        )
    }
}

#[cfg(feature = "alloc")]
pub use alloc_api::*;
