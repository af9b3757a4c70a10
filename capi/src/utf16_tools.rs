//! UTF-16 helpers: `rapidutf_swap_utf16_bytes[_in_place]`,
//! `rapidutf_make_utf16*_well_formed`, `rapidutf_to_well_formed_utf16*`,
//! and the lossy UTF-8 lengths `rapidutf_utf8_len_from_utf16*_lossy`.
//!
//! The functions are written out one by one (no macro) so that the header
//! check in `tests/header.rs` reads their real signatures.

use crate::RapidutfChar16;
use crate::{buffers, in_place, no_unwind, RapidutfResult, RAPIDUTF_OUTPUT_TOO_SMALL};
use core::mem::MaybeUninit;

/// What the well-formedness functions return for an argument error: no
/// count of replaced units can be that large.
const ARGUMENT_ERROR: usize = usize::MAX;

/// Swaps the bytes of each of the `src_len` units of `src` into `dst`
/// (UTF-16LE to UTF-16BE and back): `RAPIDUTF_OK` with `read == written ==
/// src_len`, or `RAPIDUTF_OUTPUT_TOO_SMALL` with nothing written when
/// `dst_len < src_len`.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s and `dst` `dst_len`
/// writable ones (or the lengths are 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_swap_utf16_bytes(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    no_unwind(|| {
        // SAFETY: the caller's contract, as documented.
        let (s, d) = match unsafe { buffers(src, src_len, dst, dst_len) } {
            Ok(b) => b,
            Err(r) => return r,
        };
        if d.len() < s.len() {
            return RapidutfResult::argument(RAPIDUTF_OUTPUT_TOO_SMALL);
        }
        for (d, &u) in d.iter_mut().zip(s) {
            d.write(u.swap_bytes());
        }
        RapidutfResult::ok(s.len(), s.len())
    })
}

/// Swaps the bytes of each of the `len` units of `buf` in place:
/// `RAPIDUTF_OK` with `read == written == len`.
///
/// # Safety
///
/// `buf` addresses `len` readable and writable, aligned `u16`s (or `len` is
/// 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_swap_utf16_bytes_in_place(
    buf: *mut RapidutfChar16,
    len: usize,
) -> RapidutfResult {
    no_unwind(|| {
        // SAFETY: the caller's contract: `buf` is the input, initialised.
        match unsafe { in_place(buf, len) } {
            Ok(b) => {
                rapidutf::swap_utf16_bytes_in_place(b);
                RapidutfResult::ok(len, len)
            }
            Err(status) => RapidutfResult::argument(status),
        }
    })
}

/// Runs an in-place repair over `(buf, len)`; `ARGUMENT_ERROR` on a bad
/// argument.
///
/// # Safety
///
/// As [`in_place`].
unsafe fn repair(
    buf: *mut RapidutfChar16,
    len: usize,
    f: impl FnOnce(&mut [u16]) -> usize,
) -> usize {
    no_unwind(|| {
        // SAFETY: forwarded from the caller.
        match unsafe { in_place(buf, len) } {
            Ok(b) => f(b),
            Err(_) => ARGUMENT_ERROR,
        }
    })
}

/// Replaces each unpaired surrogate of native-endian UTF-16 in place with
/// U+FFFD (what `String.prototype.toWellFormed` does); returns how many
/// were replaced, or `SIZE_MAX` for a null `buf` with a non-zero `len` or
/// a misaligned one.
///
/// # Safety
///
/// `buf` addresses `len` readable and writable, aligned `u16`s (or `len` is
/// 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_make_utf16_well_formed(
    buf: *mut RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { repair(buf, len, rapidutf::make_utf16_well_formed) }
}

/// [`rapidutf_make_utf16_well_formed`] for UTF-16LE units.
///
/// # Safety
///
/// As [`rapidutf_make_utf16_well_formed`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_make_utf16le_well_formed(
    buf: *mut RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { repair(buf, len, rapidutf::make_utf16le_well_formed) }
}

/// [`rapidutf_make_utf16_well_formed`] for UTF-16BE units.
///
/// # Safety
///
/// As [`rapidutf_make_utf16_well_formed`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_make_utf16be_well_formed(
    buf: *mut RapidutfChar16,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { repair(buf, len, rapidutf::make_utf16be_well_formed) }
}

/// Copies `(src, src_len)` into `dst` (possibly uninitialised), then
/// replaces each unpaired surrogate of the copy in place with U+FFFD, via
/// `f`; `ARGUMENT_ERROR` on a bad argument or a `dst` shorter than `src`.
///
/// # Safety
///
/// As [`buffers`].
unsafe fn copy_repaired(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
    f: impl FnOnce(&mut [u16]) -> usize,
) -> usize {
    no_unwind(|| {
        // SAFETY: forwarded from the caller.
        let Ok((s, d)) = (unsafe { buffers(src, src_len, dst, dst_len) }) else {
            return ARGUMENT_ERROR;
        };
        match initialise(d, s) {
            Some(copy) => f(copy),
            None => ARGUMENT_ERROR,
        }
    })
}

/// Copies `src` into the start of `dst` and returns that part,
/// initialised, as a `&mut [u16]`; `None` if `dst` is shorter.
fn initialise<'a>(dst: &'a mut [MaybeUninit<u16>], src: &[u16]) -> Option<&'a mut [u16]> {
    let dst = dst.get_mut(..src.len())?;
    for (d, &u) in dst.iter_mut().zip(src) {
        d.write(u);
    }
    // SAFETY: each of the `src.len()` units of `dst` was just written;
    // `MaybeUninit<u16>` has `u16`'s layout.
    Some(unsafe { &mut *(dst as *mut [MaybeUninit<u16>] as *mut [u16]) })
}

/// Copies native-endian UTF-16 into `dst` (`dst_len >= src_len`) with each
/// unpaired surrogate replaced by U+FFFD; returns how many were replaced,
/// or `SIZE_MAX` for a bad argument or a `dst` shorter than `src` (then
/// nothing is written).
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s and `dst` `dst_len`
/// writable ones (or the lengths are 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_to_well_formed_utf16(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { copy_repaired(src, src_len, dst, dst_len, rapidutf::make_utf16_well_formed) }
}

/// [`rapidutf_to_well_formed_utf16`] for UTF-16LE units.
///
/// # Safety
///
/// As [`rapidutf_to_well_formed_utf16`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_to_well_formed_utf16le(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { copy_repaired(src, src_len, dst, dst_len, rapidutf::make_utf16le_well_formed) }
}

/// [`rapidutf_to_well_formed_utf16`] for UTF-16BE units.
///
/// # Safety
///
/// As [`rapidutf_to_well_formed_utf16`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_to_well_formed_utf16be(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> usize {
    // SAFETY: the caller's contract, as documented.
    unsafe { copy_repaired(src, src_len, dst, dst_len, rapidutf::make_utf16be_well_formed) }
}
