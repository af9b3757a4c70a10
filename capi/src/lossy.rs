//! Lossy decoding into caller buffers: each maximal invalid subpart
//! (UTF-8) or unpaired surrogate (UTF-16) becomes one U+FFFD, exactly as
//! Rust's `String::from_utf8_lossy` / `from_utf16_lossy` do.
//!
//! Every function is bounded: with an output of the documented size it
//! returns `RAPIDUTF_OK` having read everything; with less it stops at a
//! character (or replaced subpart) boundary with
//! `RAPIDUTF_OUTPUT_TOO_SMALL`, `read` and `written`, and a second call on
//! `src + read` continues the output exactly as one big call would have.

use crate::{buffers, no_unwind, RapidutfResult};
use core::convert::Infallible;
use core::mem::MaybeUninit;
use rapidutf::{ErrorStrategy, TranscodeError};

/// Runs a bounded lossy decoder of [`rapidutf::uninit`] over the C
/// buffers: `RAPIDUTF_OK` once all of the input is decoded, else
/// `RAPIDUTF_OUTPUT_TOO_SMALL` at the boundary where it stopped.
///
/// # Safety
///
/// As [`input`](crate::input) for `src` and [`output`](crate::output)
/// for `dst`.
pub(crate) unsafe fn lossy<S, D>(
    src: *const S,
    src_len: usize,
    dst: *mut D,
    dst_len: usize,
    f: impl FnOnce(&[S], &mut [MaybeUninit<D>]) -> Result<usize, TranscodeError<Infallible>>,
) -> RapidutfResult {
    no_unwind(|| {
        // SAFETY: forwarded from the caller.
        let (s, d) = match unsafe { buffers(src, src_len, dst, dst_len) } {
            Ok(b) => b,
            Err(r) => return r,
        };
        match f(s, d) {
            Ok(written) => RapidutfResult::ok(src_len, written),
            Err(TranscodeError::OutputTooSmall { read, written }) => {
                RapidutfResult::too_small(read, written)
            }
            Err(TranscodeError::Invalid { error, .. }) => match error {},
            // A problem a newer library may report: none can arise here,
            // and stopping at the start is always a valid answer.
            Err(_) => RapidutfResult::too_small(0, 0),
        }
    })
}

/// Decodes UTF-8 into UTF-8, replacing each maximal invalid subpart with
/// U+FFFD (`EF BF BD`). `dst_len >= 3 * src_len` always suffices;
/// `dst_len >= src_len` suffices for valid input.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_string_lossy(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy(src, src_len, dst, dst_len, |s, d| {
            rapidutf::uninit::utf8_to_utf8_lossy(s, d, ErrorStrategy::Replace)
        })
    }
}

/// Decodes UTF-8 into native-endian UTF-16, replacing each maximal invalid
/// subpart with U+FFFD. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_utf16_lossy(
    src: *const u8,
    src_len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy(src, src_len, dst, dst_len, |s, d| {
            rapidutf::uninit::utf8_to_utf16_lossy(s, d, ErrorStrategy::Replace)
        })
    }
}

/// Decodes native-endian UTF-16 into UTF-8, replacing each unpaired
/// surrogate with U+FFFD. `dst_len >= 3 * src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0)
/// and `dst` `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16_to_string_lossy(
    src: *const u16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { lossy(src, src_len, dst, dst_len, rapidutf::uninit::utf16_to_utf8_lossy) }
}

/// [`rapidutf_utf16_to_string_lossy`] for UTF-16LE input.
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16le_to_string_lossy(
    src: *const u16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { lossy(src, src_len, dst, dst_len, rapidutf::uninit::utf16le_to_utf8_lossy) }
}

/// [`rapidutf_utf16_to_string_lossy`] for UTF-16BE input.
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16be_to_string_lossy(
    src: *const u16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { lossy(src, src_len, dst, dst_len, rapidutf::uninit::utf16be_to_utf8_lossy) }
}
