//! Windows-1252 (as the WHATWG Encoding Standard defines it) to and from
//! UTF-8, UTF-16 (native, LE, BE) and UTF-32:
//! `rapidutf_windows1252_to_<to>` and `rapidutf_<from>_to_windows1252`.
//!
//! Every byte decodes (the five bytes the code page leaves undefined,
//! `81 8D 8F 90 9D`, are the C1 controls of the same value). A character
//! Windows-1252 cannot represent, in a conversion to it, is
//! [`RAPIDUTF_INVALID_INPUT`](crate::RAPIDUTF_INVALID_INPUT) with
//! [`RAPIDUTF_KIND_UNREPRESENTABLE`](crate::RAPIDUTF_KIND_UNREPRESENTABLE),
//! as for Latin-1.
//!
//! Written out one by one (no macro) so that the header check in
//! `tests/header.rs` reads their real signatures.

use crate::transcode::transcode;
use crate::RapidutfResult;
use crate::{RapidutfChar16, RapidutfChar32};

/// Converts Windows-1252 to UTF-8. `dst_len >= 3 * src_len` always suffices (`€` and the
/// other characters of bytes `80..9F` are 3 bytes).
///
/// Windows-1252 has no invalid input (every byte is a character): the only errors are `RAPIDUTF_OUTPUT_TOO_SMALL` and argument errors.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_windows1252_to_utf8(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::windows1252_to_utf8) }
}

/// Converts Windows-1252 to native-endian UTF-16. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_windows1252_to_utf16(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::windows1252_to_utf16) }
}

/// Converts Windows-1252 to UTF-16LE. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_windows1252_to_utf16le(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::windows1252_to_utf16le) }
}

/// Converts Windows-1252 to UTF-16BE. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_windows1252_to_utf16be(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::windows1252_to_utf16be) }
}

/// Converts Windows-1252 to UTF-32. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, aligned `u32`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_windows1252_to_utf32(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar32,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::windows1252_to_utf32) }
}

/// Converts UTF-8 to Windows-1252. `dst_len >= src_len` always suffices.
///
/// A character Windows-1252 lacks is `RAPIDUTF_INVALID_INPUT` with `RAPIDUTF_KIND_UNREPRESENTABLE`.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_windows1252(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf8_to_windows1252) }
}

/// Converts UTF-8 to Windows-1252, writing `replacement` for each
/// character Windows-1252 lacks and for each maximal invalid subpart of
/// the input: never `RAPIDUTF_INVALID_INPUT`. The number of replacements
/// goes to `*replaced` unless it is null, as for
/// `rapidutf_utf8_to_latin1_lossy`. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0), `dst`
/// `dst_len` writable bytes (or `dst_len` is 0), and `replaced` is null or
/// addresses a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_windows1252_lossy(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    replacement: u8,
    replaced: *mut usize,
) -> RapidutfResult {
    let f = |s: &[u8], d: &mut [core::mem::MaybeUninit<u8>]| {
        rapidutf::uninit::utf8_to_windows1252_lossy(s, d, replacement)
    };
    // SAFETY: the caller's contract, as documented.
    unsafe { crate::lossy::lossy(src, src_len, dst, dst_len, replaced, f) }
}

/// Converts native-endian UTF-16 to Windows-1252. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16_to_windows1252(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16_to_windows1252) }
}

/// Converts UTF-16LE to Windows-1252. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16le_to_windows1252(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16le_to_windows1252) }
}

/// Converts UTF-16BE to Windows-1252. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16be_to_windows1252(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16be_to_windows1252) }
}

/// Converts UTF-32 to Windows-1252. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u32`s (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32_to_windows1252(
    src: *const RapidutfChar32,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf32_to_windows1252) }
}
