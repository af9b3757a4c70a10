//! Lengths and counts: `rapidutf_count_chars` and the
//! `rapidutf_<to>_len_from_<from>` functions. Each returns 0 for a null
//! pointer with a non-zero length (or a misaligned or too long buffer).
//!
//! The functions are written out one by one (no macro) so that the
//! header check in `tests/header.rs` reads their real signatures.

use crate::{input, no_unwind};
use crate::{RapidutfChar16, RapidutfChar32};

/// Applies a count to the C buffer `(src, len)`; 0 on an argument error.
///
/// # Safety
///
/// As [`input`].
unsafe fn count<T>(src: *const T, len: usize, f: impl FnOnce(&[T]) -> usize) -> usize {
    no_unwind(|| {
        // SAFETY: forwarded from the caller.
        match unsafe { input(src, len) } {
            Ok(s) => f(s),
            Err(_) => 0,
        }
    })
}

/// The number of code points in UTF-8 (on any input: the bytes that are not
/// continuation bytes).
///
/// # Safety
///
/// `src` addresses `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_count_chars(src: *const u8, len: usize) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::count_chars) }
}

/// The UTF-16 units needed for UTF-8 (exact for valid input).
///
/// # Safety
///
/// `src` addresses `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16_len_from_utf8(src: *const u8, len: usize) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf16_len_from_utf8) }
}

/// The UTF-8 bytes needed for native-endian UTF-16.
///
/// # Safety
///
/// `src` addresses `len` readable aligned `u16`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_len_from_utf16(
    src: *const RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf8_len_from_utf16) }
}

/// The UTF-8 bytes needed for UTF-16LE.
///
/// # Safety
///
/// `src` addresses `len` readable aligned `u16`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_len_from_utf16le(
    src: *const RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf8_len_from_utf16le) }
}

/// The UTF-8 bytes needed for UTF-16BE.
///
/// # Safety
///
/// `src` addresses `len` readable aligned `u16`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_len_from_utf16be(
    src: *const RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf8_len_from_utf16be) }
}

/// The UTF-8 bytes needed for UTF-32.
///
/// # Safety
///
/// `src` addresses `len` readable aligned `u32`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_len_from_utf32(
    src: *const RapidutfChar32,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf8_len_from_utf32) }
}

/// The UTF-16 units needed for UTF-32.
///
/// # Safety
///
/// `src` addresses `len` readable aligned `u32`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16_len_from_utf32(
    src: *const RapidutfChar32,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf16_len_from_utf32) }
}

/// The UTF-32 values (code points) in native-endian UTF-16.
///
/// # Safety
///
/// `src` addresses `len` readable aligned `u16`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32_len_from_utf16(
    src: *const RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf32_len_from_utf16) }
}

/// The UTF-32 values (code points) in UTF-16LE.
///
/// # Safety
///
/// `src` addresses `len` readable aligned `u16`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32_len_from_utf16le(
    src: *const RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf32_len_from_utf16le) }
}

/// The UTF-32 values (code points) in UTF-16BE.
///
/// # Safety
///
/// `src` addresses `len` readable aligned `u16`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32_len_from_utf16be(
    src: *const RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf32_len_from_utf16be) }
}

/// The UTF-32 values (code points) of UTF-8: [`rapidutf_count_chars`]
/// under the grid's name.
///
/// # Safety
///
/// `src` addresses `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32_len_from_utf8(src: *const u8, len: usize) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf32_len_from_utf8) }
}

/// The UTF-8 bytes of native-endian UTF-16 decoded lossily (each unpaired
/// surrogate as the 3 bytes of U+FFFD).
///
/// # Safety
///
/// `src` addresses `len` readable, aligned `u16`s, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_len_from_utf16_lossy(
    src: *const RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf8_len_from_utf16_lossy) }
}

/// [`rapidutf_utf8_len_from_utf16_lossy`] for UTF-16LE.
///
/// # Safety
///
/// As [`rapidutf_utf8_len_from_utf16_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_len_from_utf16le_lossy(
    src: *const RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf8_len_from_utf16le_lossy) }
}

/// [`rapidutf_utf8_len_from_utf16_lossy`] for UTF-16BE.
///
/// # Safety
///
/// As [`rapidutf_utf8_len_from_utf16_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_len_from_utf16be_lossy(
    src: *const RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { count(src, len, rapidutf::utf8_len_from_utf16be_lossy) }
}
