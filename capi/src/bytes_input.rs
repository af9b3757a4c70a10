//! UTF-16 and UTF-32 given as bytes: `rapidutf_validate_utf16le_bytes`,
//! `rapidutf_utf16le_bytes_to_utf8` and the same for UTF-16BE, UTF-32LE
//! and UTF-32BE, for a file or a network buffer read as bytes: any
//! address (never `RAPIDUTF_MISALIGNED`) and any length.
//!
//! Positions (`read`, and `error_len`) are in bytes. A length that is not
//! a whole number of units is `RAPIDUTF_INVALID_INPUT` with
//! [`RAPIDUTF_KIND_INCOMPLETE_UNIT`] at the partial unit (`error_len` its
//! 1 to 3 bytes), after everything before it; an unpaired surrogate has
//! `error_len` 2, an invalid UTF-32 value 4.
//!
//! Written out one by one (no macro) so that the header check in
//! `tests/header.rs` reads their real signatures.

use crate::validate::validate;
use crate::{buffers, no_unwind, CError, RapidutfResult};
use core::mem::MaybeUninit;
use rapidutf::{TranscodeError, Utf16Error, Utf32Error};

/// UTF-16 or UTF-32 given as bytes: the input ends inside a code unit
/// (`error_len` is the number of bytes of the partial unit).
pub const RAPIDUTF_KIND_INCOMPLETE_UNIT: i32 = 14;

/// An error of a byte-input function, whose lengths are in bytes: `size`
/// bytes for an invalid unit, and the rest of the input for a partial
/// one.
#[derive(Clone, Copy)]
pub(crate) struct InBytes<E> {
    pub(crate) error: E,
    pub(crate) size: usize,
    pub(crate) src_len: usize,
}

impl<E: CError> CError for InBytes<E> {
    fn kind_code(&self) -> i32 {
        self.error.kind_code()
    }
    fn position(&self) -> usize {
        self.error.position()
    }
    fn length(&self) -> usize {
        if self.kind_code() == RAPIDUTF_KIND_INCOMPLETE_UNIT {
            self.src_len - self.position()
        } else {
            self.size
        }
    }
}

/// Runs a byte-input transcoder from `(src, src_len)` into `(dst, dst_len)`
/// (possibly uninitialised), its errors' lengths in bytes.
///
/// # Safety
///
/// As [`crate::input`] for `src` and [`crate::output`] for `dst`.
unsafe fn to_utf8<E: CError>(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    size: usize,
    f: impl FnOnce(&[u8], &mut [MaybeUninit<u8>]) -> Result<usize, TranscodeError<E>>,
) -> RapidutfResult {
    no_unwind(|| {
        // SAFETY: forwarded from the caller.
        let (s, d) = match unsafe { buffers(src, src_len, dst, dst_len) } {
            Ok(b) => b,
            Err(r) => return r,
        };
        match f(s, d) {
            Ok(n) => RapidutfResult::ok(src_len, n),
            Err(TranscodeError::Invalid { error, written }) => {
                let error = InBytes { error, size, src_len };
                RapidutfResult::from_transcode(&TranscodeError::Invalid { error, written })
            }
            Err(e) => RapidutfResult::from_transcode(&e),
        }
    })
}

/// Validates UTF-16LE given as bytes (`len` bytes, at any address): every
/// surrogate paired and `len` even. Positions are in bytes.
///
/// # Safety
///
/// `src` addresses `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_validate_utf16le_bytes(
    src: *const u8,
    len: usize,
) -> RapidutfResult {
    let f = |s: &[u8]| {
        rapidutf::validate_utf16le_bytes(s).map_err(|error| InBytes {
            error,
            size: 2,
            src_len: len,
        })
    };
    // SAFETY: the caller's contract, as documented.
    unsafe { validate(src, len, f) }
}

/// Validates UTF-16BE given as bytes (`len` bytes, at any address).
///
/// # Safety
///
/// `src` addresses `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_validate_utf16be_bytes(
    src: *const u8,
    len: usize,
) -> RapidutfResult {
    let f = |s: &[u8]| {
        rapidutf::validate_utf16be_bytes(s).map_err(|error| InBytes {
            error,
            size: 2,
            src_len: len,
        })
    };
    // SAFETY: the caller's contract, as documented.
    unsafe { validate(src, len, f) }
}

/// Validates UTF-32LE given as bytes (`len` bytes, at any address): every
/// value a Unicode scalar value and `len` a multiple of 4.
///
/// # Safety
///
/// `src` addresses `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_validate_utf32le_bytes(
    src: *const u8,
    len: usize,
) -> RapidutfResult {
    let f = |s: &[u8]| {
        rapidutf::validate_utf32le_bytes(s).map_err(|error| InBytes {
            error,
            size: 4,
            src_len: len,
        })
    };
    // SAFETY: the caller's contract, as documented.
    unsafe { validate(src, len, f) }
}

/// Validates UTF-32BE given as bytes (`len` bytes, at any address).
///
/// # Safety
///
/// `src` addresses `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_validate_utf32be_bytes(
    src: *const u8,
    len: usize,
) -> RapidutfResult {
    let f = |s: &[u8]| {
        rapidutf::validate_utf32be_bytes(s).map_err(|error| InBytes {
            error,
            size: 4,
            src_len: len,
        })
    };
    // SAFETY: the caller's contract, as documented.
    unsafe { validate(src, len, f) }
}

/// Converts UTF-16LE given as bytes (any address, any length) to UTF-8.
/// `dst_len >= 3 * (src_len / 2)` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16le_bytes_to_utf8(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    let f = rapidutf::uninit::utf16le_bytes_to_utf8;
    // SAFETY: the caller's contract, as documented.
    unsafe { to_utf8::<Utf16Error>(src, src_len, dst, dst_len, 2, f) }
}

/// Converts UTF-16BE given as bytes (any address, any length) to UTF-8.
/// `dst_len >= 3 * (src_len / 2)` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16be_bytes_to_utf8(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    let f = rapidutf::uninit::utf16be_bytes_to_utf8;
    // SAFETY: the caller's contract, as documented.
    unsafe { to_utf8::<Utf16Error>(src, src_len, dst, dst_len, 2, f) }
}

/// Converts UTF-32LE given as bytes (any address, any length) to UTF-8.
/// `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32le_bytes_to_utf8(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    let f = rapidutf::uninit::utf32le_bytes_to_utf8;
    // SAFETY: the caller's contract, as documented.
    unsafe { to_utf8::<Utf32Error>(src, src_len, dst, dst_len, 4, f) }
}

/// Converts UTF-32BE given as bytes (any address, any length) to UTF-8.
/// `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32be_bytes_to_utf8(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    let f = rapidutf::uninit::utf32be_bytes_to_utf8;
    // SAFETY: the caller's contract, as documented.
    unsafe { to_utf8::<Utf32Error>(src, src_len, dst, dst_len, 4, f) }
}
