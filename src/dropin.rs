//! Drop-in replacements for `core::str::from_utf8`,
//! `core::str::from_utf8_mut` and `String::from_utf8`, with exactly their
//! contracts (the same results and the same `valid_up_to`/`error_len` on
//! every input), validated by the active SIMD kernel.

use crate::error::Utf8Error;

/// Converts a byte slice to a string slice: a drop-in for
/// [`core::str::from_utf8`], validated by the active SIMD kernel.
///
/// An alias of [`validate_utf8`](crate::validate_utf8), the canonical name,
/// under core's: the same function.
///
/// # Errors
///
/// The first invalid sequence, with core's `valid_up_to()` and
/// `error_len()` (and a [`kind`](Utf8Error::kind)).
///
/// ```
/// assert_eq!(rapidutf::from_utf8(b"caf\xC3\xA9"), Ok("café"));
///
/// let e = rapidutf::from_utf8(b"ab\xE2\x82").unwrap_err();
/// let core_e = core::str::from_utf8(b"ab\xE2\x82").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (core_e.valid_up_to(), core_e.error_len()));
/// ```
#[inline]
pub fn from_utf8(bytes: &[u8]) -> Result<&str, Utf8Error> {
    crate::validate_utf8(bytes)
}

/// Converts a mutable byte slice to a mutable string slice: a drop-in for
/// [`core::str::from_utf8_mut`].
///
/// # Errors
///
/// As [`from_utf8`].
///
/// ```
/// let mut bytes = *b"hello";
/// let s = rapidutf::from_utf8_mut(&mut bytes).unwrap();
/// s.make_ascii_uppercase();
/// assert_eq!(s, "HELLO");
///
/// let mut bad = *b"a\xFF";
/// assert_eq!(rapidutf::from_utf8_mut(&mut bad).unwrap_err().valid_up_to(), 1);
/// ```
#[inline]
pub fn from_utf8_mut(bytes: &mut [u8]) -> Result<&mut str, Utf8Error> {
    crate::dispatch::str_from_utf8_mut(bytes)
}

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod alloc_api {
    use super::Utf8Error;
    use alloc::string::String;
    use alloc::vec::Vec;
    use core::fmt;

    /// Converts a vector of bytes to a `String` without copying: a drop-in
    /// for [`String::from_utf8`].
    ///
    /// The vector's buffer becomes the string's; on failure the error
    /// gives the vector back ([`FromUtf8Error::into_bytes`]).
    ///
    /// # Errors
    ///
    /// A [`FromUtf8Error`] holding the bytes and the first invalid
    /// sequence ([`FromUtf8Error::utf8_error`]), with core's
    /// `valid_up_to()` and `error_len()`.
    ///
    /// ```
    /// let bytes = "grüß".as_bytes().to_vec();
    /// let ptr = bytes.as_ptr();
    /// let s = rapidutf::string_from_utf8(bytes).unwrap();
    /// assert_eq!(s, "grüß");
    /// assert_eq!(s.as_ptr(), ptr); // not copied
    ///
    /// let e = rapidutf::string_from_utf8(b"ab\xC0".to_vec()).unwrap_err();
    /// assert_eq!(e.utf8_error().valid_up_to(), 2);
    /// assert_eq!(e.into_bytes(), b"ab\xC0");
    /// ```
    #[inline]
    pub fn string_from_utf8(bytes: Vec<u8>) -> Result<String, FromUtf8Error> {
        crate::dispatch::string_from_utf8(bytes)
            .map_err(|(bytes, error)| FromUtf8Error { bytes, error })
    }

    /// The error of [`string_from_utf8`]: the bytes that were not valid
    /// UTF-8, and why. The counterpart of std's
    /// [`FromUtf8Error`](alloc::string::FromUtf8Error), with the same
    /// methods. Its `Display` is std's message followed by the reason
    /// (the [`Utf8Error`]'s `Display`).
    ///
    /// ```
    /// let e = rapidutf::string_from_utf8(vec![0x61, 0xFF]).unwrap_err();
    /// let std_e = String::from_utf8(vec![0x61, 0xFF]).unwrap_err();
    /// assert_eq!(e.as_bytes(), std_e.as_bytes());
    /// assert_eq!(e.utf8_error().valid_up_to(), std_e.utf8_error().valid_up_to());
    /// assert_eq!(e.utf8_error().error_len(), std_e.utf8_error().error_len());
    /// assert_eq!(
    ///     e.to_string(),
    ///     format!("{std_e}: invalid byte (C0, C1 or F5..FF never appear in UTF-8)")
    /// );
    /// ```
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct FromUtf8Error {
        bytes: Vec<u8>,
        error: Utf8Error,
    }

    impl FromUtf8Error {
        /// The bytes that were being converted.
        ///
        /// ```
        /// let e = rapidutf::string_from_utf8(vec![0xC3]).unwrap_err();
        /// assert_eq!(e.as_bytes(), [0xC3]);
        /// ```
        #[must_use]
        #[inline]
        pub fn as_bytes(&self) -> &[u8] {
            &self.bytes
        }

        /// The bytes that were being converted, given back (no copy).
        ///
        /// ```
        /// let e = rapidutf::string_from_utf8(vec![0x61, 0x80]).unwrap_err();
        /// assert_eq!(e.into_bytes(), vec![0x61, 0x80]);
        /// ```
        #[must_use = "`self` is consumed; use `as_bytes` to borrow"]
        #[inline]
        pub fn into_bytes(self) -> Vec<u8> {
            self.bytes
        }

        /// Why the bytes are not UTF-8: the same [`Utf8Error`] that
        /// [`from_utf8`](crate::from_utf8) returns for them.
        ///
        /// ```
        /// use rapidutf::Utf8ErrorKind;
        /// let e = rapidutf::string_from_utf8(b"a\xE0\x80\x80".to_vec()).unwrap_err();
        /// assert_eq!(e.utf8_error().valid_up_to(), 1);
        /// assert_eq!(e.utf8_error().kind(), Utf8ErrorKind::Overlong);
        /// ```
        #[must_use]
        #[inline]
        pub fn utf8_error(&self) -> Utf8Error {
            self.error
        }
    }

    impl fmt::Display for FromUtf8Error {
        #[inline]
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            fmt::Display::fmt(&self.error, f)
        }
    }

    // As std's: no `source`, since `Display` already shows the
    // `Utf8Error` (a chain would print it twice).
    impl core::error::Error for FromUtf8Error {}
}

#[cfg(feature = "alloc")]
pub use alloc_api::{string_from_utf8, FromUtf8Error};
