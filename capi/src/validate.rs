//! Validation: `rapidutf_validate_*`, `rapidutf_is_valid_utf8`,
//! `rapidutf_is_ascii`.

use crate::{input, no_unwind, CError, RapidutfResult};
use crate::{RapidutfChar16, RapidutfChar32};

/// Runs a validator over the C buffer `(src, len)`.
///
/// # Safety
///
/// As [`input`].
pub(crate) unsafe fn validate<T, E: CError>(
    src: *const T,
    len: usize,
    f: impl FnOnce(&[T]) -> Result<(), E>,
) -> RapidutfResult {
    no_unwind(|| {
        // SAFETY: forwarded from the caller.
        let src = match unsafe { input(src, len) } {
            Ok(s) => s,
            Err(status) => return RapidutfResult::argument(status),
        };
        match f(src) {
            Ok(()) => RapidutfResult::ok(len, 0),
            Err(e) => RapidutfResult::invalid(&e),
        }
    })
}

/// Validates UTF-8: `RAPIDUTF_OK` with `read == len`, or
/// `RAPIDUTF_INVALID_INPUT` with the error's position, kind and length.
///
/// # Safety
///
/// `src` addresses `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_validate_utf8(src: *const u8, len: usize) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { validate(src, len, |s| rapidutf::validate_utf8(s).map(|_| ())) }
}

/// Whether `(src, len)` is valid UTF-8 (`false` for a null pointer with a
/// non-zero length).
///
/// # Safety
///
/// `src` addresses `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_is_valid_utf8(src: *const u8, len: usize) -> bool {
    no_unwind(|| {
        // SAFETY: the caller's contract, as documented.
        match unsafe { input(src, len) } {
            Ok(s) => rapidutf::is_valid_utf8(s),
            Err(_) => false,
        }
    })
}

/// Whether every byte is ASCII (`false` for a null pointer with a
/// non-zero length).
///
/// # Safety
///
/// `src` addresses `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_is_ascii(src: *const u8, len: usize) -> bool {
    no_unwind(|| {
        // SAFETY: the caller's contract, as documented.
        match unsafe { input(src, len) } {
            Ok(s) => rapidutf::is_ascii(s),
            Err(_) => false,
        }
    })
}

/// Validates native-endian UTF-16 (`len` units).
///
/// # Safety
///
/// `src` addresses `len` readable, aligned `u16`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_validate_utf16(
    src: *const RapidutfChar16,
    len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { validate(src, len, rapidutf::validate_utf16) }
}

/// Validates UTF-16LE (`len` units).
///
/// # Safety
///
/// `src` addresses `len` readable, aligned `u16`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_validate_utf16le(
    src: *const RapidutfChar16,
    len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { validate(src, len, rapidutf::validate_utf16le) }
}

/// Validates UTF-16BE (`len` units).
///
/// # Safety
///
/// `src` addresses `len` readable, aligned `u16`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_validate_utf16be(
    src: *const RapidutfChar16,
    len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { validate(src, len, rapidutf::validate_utf16be) }
}

/// Validates UTF-32 (`len` values).
///
/// # Safety
///
/// `src` addresses `len` readable, aligned `u32`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_validate_utf32(
    src: *const RapidutfChar32,
    len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { validate(src, len, rapidutf::validate_utf32) }
}
