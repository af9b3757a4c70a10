//! Scalar UTF-32 validation.

use crate::error::{Utf32Error, Utf32ErrorKind};

/// Checks one value; the error carries position `i`.
#[inline(always)]
pub(crate) fn check(c: u32, i: usize) -> Result<u32, Utf32Error> {
    if c > 0x10FFFF {
        Err(Utf32Error::new(i, Utf32ErrorKind::TooLarge))
    } else if c & 0xFFFF_F800 == 0xD800 {
        Err(Utf32Error::new(i, Utf32ErrorKind::Surrogate))
    } else {
        Ok(c)
    }
}

/// Validates UTF-32: a branch-free pass over the whole input that
/// vectorises, then a scalar search for the position only if it failed.
pub(crate) fn validate(src: &[u32]) -> Result<(), Utf32Error> {
    let bad = src.iter().fold(false, |bad, &c| bad | (c > 0x10FFFF) | (c & 0xFFFF_F800 == 0xD800));
    if !bad {
        return Ok(());
    }
    for (i, &c) in src.iter().enumerate() {
        check(c, i)?;
    }
    unreachable!("a bad value was seen but not found again")
}
