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

use crate::arch::{Entry, KernelFns, Out, ValidEntry};
use crate::byte_order::ByteOrder;
use crate::byte_order::Le;
use crate::error::{ShiftPosition, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use crate::scalar;
use crate::scalar::transcode::{transcode, Decode, Encode};

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
///
/// Like the kernel and the scalar loop, it never reads `dst`, and on
/// return every unit of `dst[..w]` has been written, where `w` is `Ok(w)`
/// or the error's [`written`](TranscodeError::written): the contract of
/// [`Out`] that [`Sink::commit`] relies on.
#[inline(always)]
pub(crate) fn finish_transcode<D: Decode, E: Encode>(
    src: &[D::Unit],
    dst: &mut Out<E::Unit>,
    (read, written): (usize, usize),
) -> Result<usize, TranscodeError<D::Error>>
where
    D::Error: ShiftPosition,
{
    debug_assert!(read <= src.len() && written <= dst.len(), "kernel overran its input or output");
    match transcode::<D, E>(&src[read..], &mut dst[written..]) {
        Ok(n) => Ok(written + n),
        Err(TranscodeError::Invalid { error, written: w }) => {
            Err(TranscodeError::Invalid { error: error.shifted(read), written: written + w })
        }
        Err(TranscodeError::OutputTooSmall { read: r, written: w }) => {
            Err(TranscodeError::OutputTooSmall { read: read + r, written: written + w })
        }
    }
}

/// Where a transcoder writes its output in encoding `E`: a caller's
/// initialised buffer (`[T]`), the spare capacity of a `Vec<T>`, or, for
/// UTF-8, that of a `String`. The dispatched transcoders and the `Kernel`
/// methods take any sink, so that one transcoder serves the slice
/// functions and the appending ones alike, and no output is ever
/// zero-filled first.
///
/// # Safety
///
/// An implementation's [`out`](Sink::out) is memory the transcoders may
/// write (any values of `E::Unit`), and [`commit`](Sink::commit) makes
/// the first `written` units of it part of the sink's contents; the
/// implementations below argue why each may.
pub(crate) unsafe trait Sink<E: Encode> {
    /// The output buffer.
    ///
    /// # Safety
    ///
    /// Only initialised values of `E::Unit` may be written through it: for
    /// a `[T]` it is the caller's initialised memory. The transcoders of
    /// this crate only ever write such values (the [`Out`] contract).
    unsafe fn out(&mut self) -> &mut Out<E::Unit>;

    /// Takes the first `written` units of [`out`](Sink::out) as output
    /// (a `Vec`'s length grows by `written`; a slice has nothing to do).
    ///
    /// # Safety
    ///
    /// Those units have been written through the last [`out`](Sink::out),
    /// with values of `E::Unit` that are valid output for `E` (for UTF-8,
    /// whole characters of valid UTF-8), and nothing changed the sink
    /// since.
    unsafe fn commit(&mut self, written: usize);
}

// SAFETY: the memory is the caller's, initialised, and `out`'s contract
// keeps it so; a slice has no length to update.
unsafe impl<E: Encode> Sink<E> for [E::Unit] {
    #[inline(always)]
    unsafe fn out(&mut self) -> &mut Out<E::Unit> {
        let p: *mut [E::Unit] = self;
        // SAFETY: `MaybeUninit<T>` has the size, alignment and validity of
        // `T` minus the initialisation guarantee, so the cast is a valid
        // reborrow of the same memory; the caller writes only initialised
        // values through it, so the slice stays initialised.
        unsafe { &mut *(p as *mut Out<E::Unit>) }
    }
    #[inline(always)]
    unsafe fn commit(&mut self, _: usize) {}
}

// SAFETY: the spare capacity is the vector's own memory, which any value
// may be written to; `commit` makes a prefix of it initialised elements,
// as its contract guarantees they are.
#[cfg(feature = "alloc")]
unsafe impl<E: Encode> Sink<E> for alloc::vec::Vec<E::Unit> {
    #[inline(always)]
    unsafe fn out(&mut self) -> &mut Out<E::Unit> {
        self.spare_capacity_mut()
    }
    #[inline(always)]
    unsafe fn commit(&mut self, written: usize) {
        debug_assert!(written <= self.capacity() - self.len(), "committed past the capacity");
        // SAFETY: the caller guarantees that the first `written` units of
        // the spare capacity (at most its length) were written with values
        // of `T`, so `len + written` elements are initialised and within
        // the capacity.
        unsafe { self.set_len(self.len() + written) }
    }
}

// SAFETY: as for `Vec<u8>`, on the string's bytes; the contract of
// `commit` for UTF-8 (whole characters of valid UTF-8) keeps the string
// valid UTF-8. Only UTF-8 output can reach a `String`: the impl is for
// `Utf8` alone.
#[cfg(feature = "alloc")]
unsafe impl Sink<scalar::transcode::Utf8> for alloc::string::String {
    #[inline(always)]
    unsafe fn out(&mut self) -> &mut Out<u8> {
        // SAFETY: writing bytes into the spare capacity leaves the
        // string's contents (its first `len` bytes) unchanged.
        unsafe { self.as_mut_vec() }.spare_capacity_mut()
    }
    #[inline(always)]
    unsafe fn commit(&mut self, written: usize) {
        // SAFETY: the caller guarantees `written` initialised bytes of
        // whole, valid UTF-8 characters after the string's contents, so
        // the longer string is valid UTF-8 (checked in debug builds).
        let v = unsafe { self.as_mut_vec() };
        let old = v.len();
        // SAFETY: as for `Vec<u8>`, by the same contract.
        unsafe { <alloc::vec::Vec<u8> as Sink<scalar::transcode::Utf8>>::commit(v, written) };
        debug_assert!(scalar_valid(&v[old..]), "a transcoder to UTF-8 wrote invalid UTF-8");
    }
}

/// Runs `convert`, a transcoder under the [`Out`] contract, on the sink
/// `dst`, and commits what it wrote (error or not).
///
/// # Safety
///
/// `convert` follows the [`Out`] contract: on return, every unit of
/// `dst[..w]` has been written with valid output for `E`, where `w` is
/// `Ok(w)` or the error's `written`.
#[inline(always)]
pub(crate) unsafe fn into_sink<E: Encode, S: ?Sized + Sink<E>, R>(
    dst: &mut S,
    convert: impl FnOnce(&mut Out<E::Unit>) -> Result<usize, TranscodeError<R>>,
) -> Result<usize, TranscodeError<R>> {
    // SAFETY: `convert` writes only initialised values (the caller's
    // guarantee).
    let r = convert(unsafe { dst.out() });
    let written = match &r {
        Ok(n) => *n,
        Err(e) => e.written(),
    };
    // SAFETY: the caller guarantees that `convert` wrote `dst[..written]`
    // with valid output, through the `out` just taken.
    unsafe { dst.commit(written) };
    r
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

/// A transcoder through one given kernel's entry for the direction, into
/// any [`Sink`].
pub(crate) fn transcode_with<D: Entry<E>, E: Encode, S: ?Sized + Sink<E>>(
    fns: &KernelFns,
    src: &[D::Unit],
    dst: &mut S,
) -> Result<usize, TranscodeError<D::Error>>
where
    D::Error: ShiftPosition,
{
    let convert = |dst: &mut Out<E::Unit>| {
        // SAFETY: the entry comes from a `KernelFns`, which is only handed
        // out when the running CPU supports its kernel.
        let progress = unsafe { D::entry(fns)(src, dst) };
        finish_transcode::<D, E>(src, dst, progress)
    };
    // SAFETY: a kernel entry then the scalar finish: `finish_transcode`
    // keeps the `Out` contract.
    unsafe { into_sink(dst, convert) }
}

/// A transcoder of valid input (a `&str` or chars) through one given
/// kernel's entry for the direction, into any [`Sink`].
pub(crate) fn valid_with<D: ValidEntry<E>, E: Encode, S: ?Sized + Sink<E>>(
    fns: &KernelFns,
    src: &D::Src,
    dst: &mut S,
) -> Result<usize, TranscodeError<D::Error>>
where
    D::Error: ShiftPosition,
{
    let convert = |dst: &mut Out<E::Unit>| {
        // SAFETY: the entry comes from a `KernelFns`, which is only handed
        // out when the running CPU supports its kernel.
        let progress = unsafe { D::entry(fns)(src, dst) };
        finish_transcode::<D, E>(src.as_ref(), dst, progress)
    };
    // SAFETY: a kernel entry then the scalar finish: `finish_transcode`
    // keeps the `Out` contract.
    unsafe { into_sink(dst, convert) }
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
