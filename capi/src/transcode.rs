//! Transcoding into caller buffers: `rapidutf_<from>_to_<to>`, all
//! directions between UTF-8, UTF-16 (native, LE, BE) and UTF-32.
//!
//! Written out one by one (no macro) so that the header check in
//! `tests/header.rs` reads their real signatures.

use crate::{buffers, no_unwind, CError, RapidutfResult};
use crate::{RapidutfChar16, RapidutfChar32};
use core::mem::MaybeUninit;
use rapidutf::TranscodeError;

/// Runs a transcoder from the C buffer `(src, src_len)` into
/// `(dst, dst_len)`, which may be uninitialised (one of
/// [`rapidutf::uninit`]'s).
///
/// # Safety
///
/// As [`input`] for `src` and [`output`] for `dst`.
pub(crate) unsafe fn transcode<S, D, E: CError>(
    src: *const S,
    src_len: usize,
    dst: *mut D,
    dst_len: usize,
    f: impl FnOnce(&[S], &mut [MaybeUninit<D>]) -> Result<usize, TranscodeError<E>>,
) -> RapidutfResult {
    no_unwind(|| {
        // SAFETY: forwarded from the caller.
        let (s, d) = match unsafe { buffers(src, src_len, dst, dst_len) } {
            Ok(b) => b,
            Err(r) => return r,
        };
        match f(s, d) {
            Ok(n) => RapidutfResult::ok(src_len, n),
            Err(e) => RapidutfResult::from_transcode(&e),
        }
    })
}

/// Converts UTF-8 to native-endian UTF-16. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_utf16(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf8_to_utf16) }
}

/// Converts UTF-8 to UTF-16LE. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_utf16le(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf8_to_utf16le) }
}

/// Converts UTF-8 to UTF-16BE. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_utf16be(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf8_to_utf16be) }
}

/// Converts native-endian UTF-16 to UTF-8. `dst_len >= 3 * src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and `dst`
/// `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16_to_utf8(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16_to_utf8) }
}

/// Converts UTF-16LE to UTF-8. `dst_len >= 3 * src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and `dst`
/// `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16le_to_utf8(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16le_to_utf8) }
}

/// Converts UTF-16BE to UTF-8. `dst_len >= 3 * src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and `dst`
/// `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16be_to_utf8(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16be_to_utf8) }
}

/// Converts UTF-8 to UTF-32. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u32`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_utf32(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar32,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf8_to_utf32) }
}

/// Converts UTF-32 to UTF-8. `dst_len >= 4 * src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u32`s (or `src_len` is 0) and `dst`
/// `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32_to_utf8(
    src: *const RapidutfChar32,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf32_to_utf8) }
}

/// Converts native-endian UTF-16 to UTF-32. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u32`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16_to_utf32(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut RapidutfChar32,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16_to_utf32) }
}

/// Converts UTF-16LE to UTF-32. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u32`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16le_to_utf32(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut RapidutfChar32,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16le_to_utf32) }
}

/// Converts UTF-16BE to UTF-32. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u32`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16be_to_utf32(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut RapidutfChar32,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16be_to_utf32) }
}

/// Converts UTF-32 to native-endian UTF-16. `dst_len >= 2 * src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u32`s (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32_to_utf16(
    src: *const RapidutfChar32,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf32_to_utf16) }
}

/// Converts UTF-32 to UTF-16LE. `dst_len >= 2 * src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u32`s (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32_to_utf16le(
    src: *const RapidutfChar32,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf32_to_utf16le) }
}

/// Converts UTF-32 to UTF-16BE. `dst_len >= 2 * src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u32`s (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32_to_utf16be(
    src: *const RapidutfChar32,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf32_to_utf16be) }
}
