//! MySQL's `utf8mb3` (long called `utf8`): UTF-8 restricted to the Basic
//! Multilingual Plane, at most 3 bytes per character.
//!
//! Supplementary characters (UTF-8's 4-byte sequences) cannot be stored in
//! a `utf8mb3` column; [`validate_utf8mb3`] finds the first one, or the
//! first ordinary UTF-8 error, whichever comes first.
//!
//! ```
//! use rapidutf::utf8_variants::utf8mb3::{validate_utf8mb3, Utf8mb3ErrorKind};
//! assert_eq!(validate_utf8mb3("Grüße, 世界".as_bytes()), Ok("Grüße, 世界"));
//! let e = validate_utf8mb3("ok 😀".as_bytes()).unwrap_err();
//! assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (3, Some(4), Utf8mb3ErrorKind::SupplementaryCharacter));
//! ```

use super::scan::{find_ge_f0, four_byte_at, utf8_error};
use super::EncodingError;
use crate::error::Utf8ErrorKind;
use core::fmt;

/// Why the input is not `utf8mb3`.
///
/// ```
/// use rapidutf::utf8_variants::{validate_utf8mb3, Utf8mb3ErrorKind};
/// use rapidutf::Utf8ErrorKind;
/// let kind = |b: &[u8]| validate_utf8mb3(b).unwrap_err().kind();
/// assert_eq!(kind("𝄞".as_bytes()), Utf8mb3ErrorKind::SupplementaryCharacter);
/// assert_eq!(kind(b"\xE2\x82"), Utf8mb3ErrorKind::Utf8(Utf8ErrorKind::Truncated));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Utf8mb3ErrorKind {
    /// An ordinary UTF-8 error.
    Utf8(Utf8ErrorKind),
    /// A 4-byte sequence: a supplementary character (U+10000 and up).
    /// [`error_len`](EncodingError::error_len) is 4, or the bytes present
    /// if the input ends inside the sequence.
    SupplementaryCharacter,
}

impl fmt::Display for Utf8mb3ErrorKind {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Utf8(k) => super::fmt_utf8(f, *k),
            Self::SupplementaryCharacter => f.write_str(
                "supplementary character (utf8mb3 allows at most 3 bytes per character)",
            ),
        }
    }
}

/// The error of [`validate_utf8mb3`].
///
/// ```
/// let e: rapidutf::utf8_variants::Utf8mb3Error = rapidutf::utf8_variants::validate_utf8mb3(b"ab\xF0\x9F").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (2, Some(2))); // no completion would be allowed
/// ```
pub type Utf8mb3Error = EncodingError<Utf8mb3ErrorKind>;

/// Validates `utf8mb3`: UTF-8 without 4-byte sequences. One dispatched
/// UTF-8 validation plus a word-at-a-time scan for `F0..FF` bytes.
///
/// # Errors
///
/// The first supplementary character or UTF-8 error.
///
/// ```
/// use rapidutf::utf8_variants::{validate_utf8mb3, Utf8mb3ErrorKind};
/// use rapidutf::Utf8ErrorKind;
/// let e = validate_utf8mb3(b"a\xC0").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (1, Utf8mb3ErrorKind::Utf8(Utf8ErrorKind::InvalidByte)));
/// ```
#[inline]
pub fn validate_utf8mb3(src: &[u8]) -> Result<&str, Utf8mb3Error> {
    let (valid, err) = crate::validate::split_valid_utf8(src);
    if let Some(p) = find_ge_f0(valid.as_bytes()) {
        // In valid UTF-8, F0..F4 always leads a whole 4-byte character.
        return Err(EncodingError::new(p, 4, Utf8mb3ErrorKind::SupplementaryCharacter));
    }
    match err {
        None => Ok(valid),
        Some(e) => match four_byte_at(src, e.valid_up_to()) {
            Some(n) => Err(EncodingError::new(
                e.valid_up_to(),
                n as u8,
                Utf8mb3ErrorKind::SupplementaryCharacter,
            )),
            None => Err(utf8_error(e, Utf8mb3ErrorKind::Utf8)),
        },
    }
}
