//! "A kernel converts or checks a prefix, the scalar code finishes": the
//! one place that turns a kernel's answer into the crate's exact results
//! and errors, for the dispatched entry points and for the `Kernel`
//! methods alike.
//!
//! The kernels only notice *that* a block is bad (or stop early for any
//! other reason); the scalar reference then finishes the rest and is the
//! only code that computes errors, so every kernel reports exactly the
//! same errors.
//!
//! # The no-false-negative invariant
//!
//! Every `from_utf8_unchecked` after a kernel rests on one invariant of
//! the SIMD UTF-8 validators: **they have no false negatives**. A kernel
//! that returns `Ok(())` has checked the whole input, and one that returns
//! `Err(pos)` has checked `bytes[..pos]` up to an incomplete last
//! character; the scalar rescan starts at (or just before) `pos`, so the
//! validity of everything before it is the kernel's word alone. In debug
//! builds each site cross-checks that word against the scalar validator
//! with a `debug_assert!`, so every debug test run checks the invariant.

use crate::arch::{Entry, KernelFns};
use crate::byte_order::ByteOrder;
use crate::byte_order::Le;
use crate::error::{ShiftPosition, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use crate::scalar;
use crate::scalar::transcode::{transcode, Encode};

/// Whether `bytes` is valid UTF-8 by the scalar reference: the debug
/// cross-check of the no-false-negative invariant (see the module docs).
#[inline]
pub(crate) fn scalar_valid(bytes: &[u8]) -> bool {
    scalar::dfa::is_valid(bytes)
}

/// A kernel's UTF-8 answer `result` for `bytes`, made exact: on `Err(pos)`
/// the one cold rewind finds the exact error.
#[inline(always)]
pub(crate) fn finish_utf8(bytes: &[u8], result: Result<(), usize>) -> Result<&str, Utf8Error> {
    if let Err(pos) = result {
        if let Some(e) = scalar::utf8::rewind(bytes, pos) {
            return Err(e);
        }
        // The scalar rescan is the reference: a kernel that flagged a valid
        // input is a bug (caught by the tests), and the answer is "valid".
        debug_assert!(false, "kernel flagged valid input at {pos}");
    }
    debug_assert!(scalar_valid(bytes), "a UTF-8 kernel accepted invalid input");
    // SAFETY: either the kernel accepted the input, and the SIMD validators
    // have no false negatives (see the module docs; cross-checked above in
    // debug builds), or the rewind found no error: it rescans from the
    // kernel's position, before which the input is valid by the same
    // invariant.
    Ok(unsafe { core::str::from_utf8_unchecked(bytes) })
}

/// The valid prefix and the error, from a validation result.
#[inline(always)]
pub(crate) fn split_result<'a>(
    bytes: &'a [u8],
    r: Result<&'a str, Utf8Error>,
) -> (&'a str, Option<Utf8Error>) {
    match r {
        Ok(s) => (s, None),
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            debug_assert!(scalar_valid(valid), "valid_up_to past an error");
            // SAFETY: `valid_up_to` is, by contract, the length of the
            // longest valid prefix: the rewind computed it exactly, on a
            // prefix the kernel vouched for (no false negatives, see the
            // module docs).
            (unsafe { core::str::from_utf8_unchecked(valid) }, Some(e))
        }
    }
}

/// The "kernel prefix + scalar finish" glue of every transcoder, whichever
/// the direction.
///
/// A kernel transcoder converts a prefix and returns its progress
/// `(read, written)`: `src[..read]` is valid and `dst[..written]` is its
/// exact conversion (see `arch::KernelFns`). It stops wherever it likes:
/// before a block with an error, before the last partial block, or when
/// `dst` might not hold a whole block's output. This runs the generic
/// scalar loop (`scalar::transcode::transcode::<D, E>`) on the rest,
/// `src[read..]` into `dst[written..]`, and moves the positions in its
/// result back into the caller's frame: the error's `valid_up_to` and
/// `OutputTooSmall`'s `read` by `read`, `written` by `written`. Because
/// the prefix is valid and ends on a character boundary, the scalar
/// answer about the rest is the exact answer about the whole.
#[inline(always)]
pub(crate) fn finish_transcode<D: crate::scalar::transcode::Decode, E: Encode>(
    src: &[D::Unit],
    dst: &mut [E::Unit],
    (read, written): (usize, usize),
) -> Result<usize, TranscodeError<D::Error>>
where
    D::Error: ShiftPosition,
{
    debug_assert!(read <= src.len() && written <= dst.len(), "kernel overran its input or output");
    match transcode::<D, E>(&src[read..], &mut dst[written..]) {
        Ok(n) => Ok(written + n),
        Err(TranscodeError::Invalid(e)) => Err(TranscodeError::Invalid(e.shifted(read))),
        Err(TranscodeError::OutputTooSmall { read: r, written: w }) => {
            Err(TranscodeError::OutputTooSmall { read: read + r, written: written + w })
        }
    }
}

/// The validators' glue: the kernel vouches for `src[..valid]` (a whole
/// number of characters), the scalar validator checks the rest, and its
/// error is moved by `valid`.
#[inline(always)]
pub(crate) fn finish_validate<T, E: ShiftPosition>(
    src: &[T],
    valid: usize,
    scalar: impl FnOnce(&[T]) -> Result<(), E>,
) -> Result<(), E> {
    debug_assert!(valid <= src.len(), "kernel overran its input");
    scalar(&src[valid..]).map_err(|e| e.shifted(valid))
}

// ---------------------------------------------------------------------
// One given kernel, on any length (the `Kernel` methods): no short-input
// shortcut, so the tests exercise the kernel.
// ---------------------------------------------------------------------

/// UTF-8 validation with one given kernel.
pub(crate) fn validate_utf8_with<'a>(
    fns: &KernelFns,
    bytes: &'a [u8],
) -> Result<&'a str, Utf8Error> {
    finish_utf8(bytes, fns.validate_utf8(bytes))
}

/// A transcoder through one given kernel's entry for the direction.
pub(crate) fn transcode_with<D: Entry<E>, E: Encode>(
    fns: &KernelFns,
    src: &[D::Unit],
    dst: &mut [E::Unit],
) -> Result<usize, TranscodeError<D::Error>>
where
    D::Error: ShiftPosition,
{
    // SAFETY: the entry comes from a `KernelFns`, which is only handed out
    // when the running CPU supports its kernel.
    let progress = unsafe { D::entry(fns)(src, dst) };
    finish_transcode::<D, E>(src, dst, progress)
}

/// UTF-16 validation in byte order `O` through one kernel's entry.
pub(crate) fn validate_utf16_with<O: ByteOrder>(
    fns: &KernelFns,
    src: &[u16],
) -> Result<(), Utf16Error> {
    let valid = if O::SWAP == Le::SWAP {
        fns.validate_utf16le_prefix(src)
    } else {
        fns.validate_utf16be_prefix(src)
    };
    finish_validate(src, valid, scalar::utf16::validate::<O>)
}

/// UTF-32 validation through one kernel's entry.
pub(crate) fn validate_utf32_with(fns: &KernelFns, src: &[u32]) -> Result<(), Utf32Error> {
    let valid = fns.validate_utf32_prefix(src);
    finish_validate(src, valid, scalar::utf32::validate)
}
