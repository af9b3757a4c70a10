//! Derivatives of UTF-8 found in the wild: CESU-8, Java's Modified UTF-8,
//! WTF-8, Python's `surrogateescape` (PEP 383) and MirBSD's OPTU-8, and
//! MySQL's `utf8mb3`.
//!
//! Each has its own module; the functions are also re-exported here as one
//! grid of names:
//!
//! | | validate | decode | encode |
//! |---|---|---|---|
//! | [CESU-8](cesu8) | [`validate_cesu8`] | [`cesu8_to_string`], [`cesu8_to_utf16_vec`] | [`utf8_to_cesu8_vec`], [`utf16_to_cesu8_vec`] |
//! | [Modified UTF-8](mutf8) | [`validate_mutf8`] | [`mutf8_to_string`], [`mutf8_to_wtf8_vec`], [`mutf8_to_utf16_vec`] | [`utf8_to_mutf8_vec`], [`utf16_to_mutf8_vec`] |
//! | [WTF-8](wtf8) | [`validate_wtf8`] | [`wtf8_to_utf16_vec`] | [`utf16_to_wtf8_vec`], [`wtf8_concat`], [`wtf8_push`] |
//! | [PEP 383](surrogateescape) | (every byte string) | [`decode_surrogateescape`], [`decode_optu8`] | [`encode_surrogateescape`], [`encode_optu8`] |
//! | [`utf8mb3`] | [`validate_utf8mb3`] | | |
//!
//! The decoders and encoders allocate, so they need the `alloc` feature;
//! the validators do not. Their names follow the crate's grid, where a
//! bare `<from>_to_<to>` writes into a caller's buffer: the allocating
//! forms end in `_vec` (bytes or UTF-16 units) or are `<from>_to_string`
//! (text), as [`utf8_to_utf16_vec`](crate::utf8_to_utf16_vec) and
//! [`utf16_to_string`](crate::utf16_to_string) are. Input that is already
//! in the target form is borrowed where the signature allows (`Cow`, as
//! [`utf8_to_string_lossy`](crate::utf8_to_string_lossy) does): plain
//! UTF-8 without a NUL or a supplementary character is already CESU-8
//! and Modified UTF-8. UTF-16 is native-endian `[u16]` throughout.
//!
//! # Speed
//!
//! Real data in these forms is almost all plain UTF-8: the special
//! sequences (a NUL, a supplementary character, a surrogate) are rare.
//! So every function finds the special bytes with a word-at-a-time scan,
//! hands the stretches between them to the crate's UTF-8 validator and
//! transcoders (so to the active SIMD kernel wherever the crate has one),
//! and decodes only the special sequences one by one.
//!
//! # Errors
//!
//! Every derivative reports an [`EncodingError`] with the position of the
//! first invalid sequence, the length of that sequence (`None` when the
//! input ends inside one that more bytes could complete) and a kind enum
//! of its own, which wraps a [`Utf8ErrorKind`] for the errors the
//! derivative shares with UTF-8.
//!
//! ```
//! use rapidutf::utf8_variants::{validate_cesu8, Cesu8ErrorKind};
//! // U+1F600 as a CESU-8 surrogate pair is fine; as UTF-8's 4-byte form it is not.
//! assert!(validate_cesu8(b"\xED\xA0\xBD\xED\xB8\x80").is_ok());
//! let e = validate_cesu8("a😀".as_bytes()).unwrap_err();
//! assert_eq!((e.valid_up_to(), e.kind()), (1, Cesu8ErrorKind::FourByteSequence));
//! ```

use crate::error::Utf8ErrorKind;
use core::fmt;

pub mod cesu8;
pub mod mutf8;
mod scan;
pub mod surrogateescape;
pub mod utf8mb3;
pub mod wtf8;

#[cfg(feature = "alloc")]
pub use cesu8::{cesu8_to_string, cesu8_to_utf16_vec, utf16_to_cesu8_vec, utf8_to_cesu8_vec};
pub use cesu8::{validate_cesu8, Cesu8Error, Cesu8ErrorKind};
#[cfg(feature = "alloc")]
pub use mutf8::{
    mutf8_to_string, mutf8_to_utf16_vec, mutf8_to_wtf8_vec, utf16_to_mutf8_vec, utf8_to_mutf8_vec,
};
pub use mutf8::{validate_mutf8, Mutf8Error, Mutf8ErrorKind};
#[cfg(feature = "alloc")]
pub use surrogateescape::{
    decode_optu8, decode_surrogateescape, encode_optu8, encode_surrogateescape,
};
pub use utf8mb3::{validate_utf8mb3, Utf8mb3Error, Utf8mb3ErrorKind};
#[cfg(feature = "alloc")]
pub use wtf8::{utf16_to_wtf8_vec, wtf8_concat, wtf8_push, wtf8_to_utf16_vec};
pub use wtf8::{validate_wtf8, Wtf8Error, Wtf8ErrorKind};

/// The error of a derivative's validator or decoder: where the first
/// invalid sequence starts, how long it is, and a kind `K` specific to the
/// derivative (such as [`Cesu8ErrorKind`]).
///
/// Like [`Utf8Error`](crate::Utf8Error):
/// [`valid_up_to`](Self::valid_up_to) is the length of the longest valid
/// prefix, and [`error_len`](Self::error_len) is `None` exactly when the
/// input ends inside a sequence that more input could complete.
///
/// ```
/// use rapidutf::utf8_variants::{validate_mutf8, Mutf8ErrorKind};
/// let e = validate_mutf8(b"ab\x00").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (2, Some(1), Mutf8ErrorKind::NulByte));
/// assert_eq!(e.to_string(), "invalid sequence of 1 bytes from index 2: \
///     raw 00 byte (Modified UTF-8 encodes U+0000 as C0 80)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EncodingError<K> {
    pub(crate) valid_up_to: usize,
    // 0 encodes `None`.
    pub(crate) error_len: u8,
    pub(crate) kind: K,
}

impl<K: Copy> EncodingError<K> {
    pub(crate) const fn new(valid_up_to: usize, error_len: u8, kind: K) -> Self {
        EncodingError { valid_up_to, error_len, kind }
    }

    /// The length of the longest valid prefix of the input: the index of
    /// the invalid sequence.
    ///
    /// ```
    /// let e = rapidutf::utf8_variants::validate_wtf8(b"ok\xFF").unwrap_err();
    /// assert_eq!(e.valid_up_to(), 2);
    /// ```
    #[must_use]
    #[inline]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// The length of the invalid sequence (1 to 4 bytes, by kind), or
    /// `None` when the input ends inside a sequence that more input could
    /// complete.
    ///
    /// ```
    /// use rapidutf::utf8_variants::validate_cesu8;
    /// assert_eq!(validate_cesu8(b"\xED\xB0\x80").unwrap_err().error_len(), Some(3));
    /// assert_eq!(validate_cesu8(b"\xED\xA0\x80").unwrap_err().error_len(), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn error_len(&self) -> Option<usize> {
        match self.error_len {
            0 => None,
            n => Some(n as usize),
        }
    }

    /// What is wrong with the sequence.
    ///
    /// ```
    /// use rapidutf::utf8_variants::{validate_utf8mb3, Utf8mb3ErrorKind};
    /// let e = validate_utf8mb3("🎉".as_bytes()).unwrap_err();
    /// assert_eq!(e.kind(), Utf8mb3ErrorKind::SupplementaryCharacter);
    /// ```
    #[must_use]
    #[inline]
    pub const fn kind(&self) -> K {
        self.kind
    }
}

impl<K: fmt::Display + Copy> fmt::Display for EncodingError<K> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error_len() {
            Some(n) => {
                write!(
                    f,
                    "invalid sequence of {n} bytes from index {}: {}",
                    self.valid_up_to, self.kind
                )
            }
            None => write!(f, "incomplete sequence from index {}: {}", self.valid_up_to, self.kind),
        }
    }
}

impl<K: fmt::Debug + fmt::Display + Copy> core::error::Error for EncodingError<K> {}

/// Writes the `Display` of a kind that wraps a [`Utf8ErrorKind`].
fn fmt_utf8(f: &mut fmt::Formatter<'_>, kind: Utf8ErrorKind) -> fmt::Result {
    f.write_str(kind.description())
}

#[cfg(feature = "alloc")]
mod out {
    //! Appending transcoder output to vectors.
    use crate::error::TranscodeError;
    use alloc::vec::Vec;

    /// Appends valid UTF-8 as native-endian UTF-16, straight into the
    /// vector's spare capacity and without validating it again.
    pub(crate) fn push_utf16(out: &mut Vec<u16>, valid: &str) {
        crate::str_to_utf16_append(valid, out);
    }

    /// Appends the conversion of the longest valid prefix of native-endian
    /// UTF-16 `src` as UTF-8, and returns the error after it, if any. The
    /// prefix is converted once, into the spare capacity.
    pub(crate) fn push_utf8_prefix(out: &mut Vec<u8>, src: &[u16]) -> Option<crate::Utf16Error> {
        // Exact for the valid prefix.
        out.reserve(crate::utf8_len_from_utf16(src));
        match crate::dispatch::utf16_to_utf8(src, out) {
            Ok(_) => None,
            Err(TranscodeError::Invalid { error, .. }) => Some(error),
            Err(e) => unreachable!("{e:?} converting UTF-16 into room of its exact size"),
        }
    }

    /// Converts native-endian UTF-16 to UTF-8, handing each unit the
    /// transcoder rejects (a lone surrogate, positioned in `src`) to
    /// `lone`, which writes its bytes (at most 3) into the slice it gets
    /// and returns how many, or fails.
    ///
    /// Each valid stretch is converted once, into the spare capacity of
    /// one vector, so the time is linear however many lone surrogates
    /// there are.
    pub(crate) fn utf16_to_utf8_with<E>(
        src: &[u16],
        mut lone: impl FnMut(crate::Utf16Error, &mut [u8]) -> Result<usize, E>,
    ) -> Result<Vec<u8>, E> {
        // Exact for valid input; a lone surrogate may take a byte more
        // than the 2 it counts.
        let mut out = Vec::with_capacity(crate::utf8_len_from_utf16(src));
        let mut i = 0;
        while i < src.len() {
            match crate::dispatch::utf16_to_utf8(&src[i..], &mut out) {
                Ok(_) => break,
                Err(TranscodeError::Invalid { error, .. }) => {
                    i += error.valid_up_to();
                    let mut bytes = [0; 3];
                    let n = lone(crate::Utf16Error::new(i, error.kind()), &mut bytes)?;
                    out.extend_from_slice(&bytes[..n]);
                    i += 1;
                }
                Err(TranscodeError::OutputTooSmall { read, .. }) => {
                    // Lone surrogates took more than they count: more room
                    // (`reserve` at least doubles the capacity, so this
                    // happens a few times at most).
                    i += read;
                    out.reserve(crate::utf8_len_from_utf16(&src[i..]));
                }
            }
        }
        Ok(out)
    }

    /// Appends a code point (surrogates included) in generalized UTF-8.
    pub(crate) fn push_generalized(out: &mut Vec<u8>, c: u32) {
        if c < 0x80 {
            out.push(c as u8);
        } else if c < 0x800 {
            out.extend_from_slice(&[0xC0 | (c >> 6) as u8, 0x80 | (c & 0x3F) as u8]);
        } else if c < 0x10000 {
            out.extend_from_slice(&[
                0xE0 | (c >> 12) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ]);
        } else {
            out.extend_from_slice(&[
                0xF0 | (c >> 18) as u8,
                0x80 | ((c >> 12) & 0x3F) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ]);
        }
    }

    /// Appends a supplementary code point as a CESU-8 surrogate pair.
    pub(crate) fn push_cesu_pair(out: &mut Vec<u8>, c: u32) {
        let c = c - 0x10000;
        push_generalized(out, 0xD800 | (c >> 10));
        push_generalized(out, 0xDC00 | (c & 0x3FF));
    }

    /// Appends a supplementary code point as a UTF-16 surrogate pair.
    pub(crate) fn push_pair16(out: &mut Vec<u16>, c: u32) {
        let c = c - 0x10000;
        out.extend_from_slice(&[0xD800 | (c >> 10) as u16, 0xDC00 | (c & 0x3FF) as u16]);
    }
}
