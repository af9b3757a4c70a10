//! Drop-ins that return std's own error types:
//! [`core::str::Utf8Error`] and [`std::string::FromUtf8Error`].
//!
//! Migrating from `core::str::from_utf8` to [`from_utf8`] here is a change
//! of path and nothing else: `?` into an error type with
//! `From<core::str::Utf8Error>` (what `thiserror`'s `#[from]` generates),
//! signatures that name std's types, and snapshot tests of `Display` or
//! `Debug` text all keep working, because the error *is* std's.
//!
//! The SIMD validator checks the input. Only when it finds an error does
//! core's own validator run, on the input up to the end of the first
//! invalid sequence, to build std's error value (its fields are private,
//! so running core is the only way to get one). That cold path costs one
//! scalar pass over the valid prefix.
//!
//! Which to pick:
//!
//! - `compat` when the error flows into code written for std's types, or
//!   its text is compared;
//! - the crate root's [`from_utf8`](crate::from_utf8) and
//!   [`validate_utf8`](crate::validate_utf8) when you want the error's
//!   [`kind`](crate::Utf8Error::kind) (why the sequence is invalid), or
//!   the fastest error path (it never runs core).
//!
//! Both have exactly core's results, `valid_up_to` and `error_len`
//! included.
//!
//! ```
//! #[derive(Debug)]
//! enum ParseError {
//!     Utf8(std::str::Utf8Error),
//! }
//!
//! impl From<std::str::Utf8Error> for ParseError {
//!     fn from(e: std::str::Utf8Error) -> Self {
//!         ParseError::Utf8(e)
//!     }
//! }
//!
//! fn field(body: &[u8]) -> Result<&str, ParseError> {
//!     Ok(rapidutf::compat::from_utf8(body)?)
//! }
//!
//! assert_eq!(field(b"caf\xC3\xA9").unwrap(), "café");
//! let ParseError::Utf8(e) = field(b"caf\xC3").unwrap_err();
//! assert_eq!(e, std::str::from_utf8(b"caf\xC3").unwrap_err());
//! ```

use crate::error::Utf8Error;

/// Converts a byte slice to a string slice: [`core::str::from_utf8`]'s
/// signature and results, validated by the active SIMD kernel.
///
/// # Errors
///
/// Core's own [`core::str::Utf8Error`] for `bytes`: the same value,
/// `Display` and `Debug` as `core::str::from_utf8(bytes)` gives.
///
/// ```
/// assert_eq!(rapidutf::compat::from_utf8(b"caf\xC3\xA9"), Ok("caf\u{e9}"));
///
/// let e = rapidutf::compat::from_utf8(b"ab\xE2\x82").unwrap_err();
/// assert_eq!(e, core::str::from_utf8(b"ab\xE2\x82").unwrap_err());
/// assert_eq!(e.to_string(), "incomplete utf-8 byte sequence from index 2");
/// ```
#[inline]
pub fn from_utf8(bytes: &[u8]) -> Result<&str, core::str::Utf8Error> {
    match crate::validate_utf8(bytes) {
        Ok(s) => Ok(s),
        Err(e) => match core_error(bytes, e) {
            Some(e) => Err(e),
            None => core::str::from_utf8(bytes),
        },
    }
}

/// Converts a mutable byte slice to a mutable string slice:
/// [`core::str::from_utf8_mut`]'s signature and results, validated by the
/// active SIMD kernel.
///
/// # Errors
///
/// As [`from_utf8`]: core's own error for `bytes`.
///
/// ```
/// let mut bytes = *b"hello";
/// let s = rapidutf::compat::from_utf8_mut(&mut bytes).unwrap();
/// s.make_ascii_uppercase();
/// assert_eq!(s, "HELLO");
///
/// let mut bad = *b"a\xFF";
/// let e = rapidutf::compat::from_utf8_mut(&mut bad).unwrap_err();
/// assert_eq!(e, core::str::from_utf8(b"a\xFF").unwrap_err());
/// ```
#[inline]
pub fn from_utf8_mut(bytes: &mut [u8]) -> Result<&mut str, core::str::Utf8Error> {
    crate::dispatch::str_from_utf8_mut_else(bytes, |bytes, e| match core_error(bytes, e) {
        Some(e) => Err(e),
        None => core::str::from_utf8_mut(bytes),
    })
}

/// Core's error for `bytes`, in which the SIMD validator found `error`:
/// core's validator run on `bytes` up to the byte that ends the first
/// invalid sequence, where it stops with the same error. That is the byte
/// *after* the maximal invalid subpart (`E0 80` is an error of length 1
/// only because of the `80`: `E0` alone is a truncated character), or the
/// end of a truncated input. No shorter input has that error: its
/// `valid_up_to` counts from the start, so the whole valid prefix must be
/// there.
///
/// `None` would mean that core accepts that prefix, a validator bug; the
/// callers then return core's verdict on the whole input, so the result
/// is core's in every case.
#[cold]
#[inline(never)]
fn core_error(bytes: &[u8], error: Utf8Error) -> Option<core::str::Utf8Error> {
    let end = match error.error_len() {
        Some(n) => error.valid_up_to() + n + 1,
        None => bytes.len(),
    };
    core::str::from_utf8(bytes.get(..end).unwrap_or(bytes)).err()
}

#[cfg(feature = "alloc")]
pub use alloc_api::string_from_utf8;

#[cfg(feature = "alloc")]
mod alloc_api {
    use alloc::string::{FromUtf8Error, String};
    use alloc::vec::Vec;

    /// Converts a vector of bytes to a `String` without copying:
    /// [`String::from_utf8`]'s signature and results, validated by the
    /// active SIMD kernel.
    ///
    /// # Errors
    ///
    /// std's own [`FromUtf8Error`], holding the vector (its buffer, not a
    /// copy) and the same [`core::str::Utf8Error`] as `String::from_utf8`
    /// gives.
    ///
    /// ```
    /// let bytes = "gr\u{fc}\u{df}".as_bytes().to_vec();
    /// let ptr = bytes.as_ptr();
    /// let s = rapidutf::compat::string_from_utf8(bytes).unwrap();
    /// assert_eq!(s.as_ptr(), ptr); // not copied
    ///
    /// let e = rapidutf::compat::string_from_utf8(b"ab\xC0".to_vec()).unwrap_err();
    /// assert_eq!(e, String::from_utf8(b"ab\xC0".to_vec()).unwrap_err());
    /// assert_eq!(e.into_bytes(), b"ab\xC0");
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    #[inline]
    pub fn string_from_utf8(bytes: Vec<u8>) -> Result<String, FromUtf8Error> {
        crate::dispatch::string_from_utf8(bytes).or_else(|(bytes, _)| std_from_utf8(bytes))
    }

    /// std's result for `bytes`, in which the SIMD validator found an
    /// error: `String::from_utf8` stops at the first invalid sequence, so
    /// it reads only the valid prefix and that sequence (as `core_error`
    /// does), and the vector moves into its error uncopied.
    #[cold]
    #[inline(never)]
    fn std_from_utf8(bytes: Vec<u8>) -> Result<String, FromUtf8Error> {
        String::from_utf8(bytes)
    }
}
