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
//! # What the crate's `str`s and `String`s rest on
//!
//! Two invariants of the kernels, which release builds trust and debug
//! builds check at every use.
//!
//! **The SIMD UTF-8 validators have no false negatives.** Every
//! `from_utf8_unchecked` after a kernel rests on it. A kernel that returns
//! `Ok(())` has checked the whole input, and one that returns `Err(pos)`
//! has checked `bytes[..pos]` up to an incomplete last character; the
//! scalar rescan starts at (or just before) `pos`, so the validity of
//! everything before it is the kernel's word alone. In debug builds each
//! site cross-checks that word against the scalar validator with a
//! `debug_assert!`.
//!
//! **The transcoders to UTF-8 write only whole characters of valid
//! UTF-8** (the [`Out`] contract for `E = Utf8`): the kernels from UTF-16,
//! UTF-32, `char`s, Latin-1 and Windows-1252, the scalar encoder after
//! them, and lossy decoding's engine. A `String` output ([`Sink::commit`]
//! for `String`: `utf16_to_string`, `utf32_to_string`, `chars_to_string`,
//! `latin1_to_string`, `windows1252_to_string`, the lossy functions and
//! the `_append` forms) takes their output as its contents unchecked, so
//! a slip in one of those kernels would be undefined behaviour, not a
//! wrong value. In debug builds the commit validates what it takes.
//!
//! Checking that output in release builds too was measured and left out:
//! `is_valid_utf8` after each conversion cost +9 to +20 % on Latin text
//! and +40 to +82 % on the other scripts of the lipsum files (UTF-16 to
//! UTF-8 the most; AVX2 kernel, AMD EPYC, bench/examples/output_check.rs),
//! for a property the encoders hold by construction: each writes the
//! UTF-8 of a scalar value it has decoded from validated input (a
//! surrogate or a value above U+10FFFF never reaches them). What makes the
//! trust safe is that every test and fuzz run, being a debug build,
//! checks every commit: the tests run each kernel on every input shape
//! (characters of every length at every offset of a block, errors at every
//! offset, every `dst` size, the corpus), and the fuzz targets compare
//! every kernel with std on arbitrary and long structured inputs.

use crate::arch::{Entry, KernelFns, Out, ValidEntry};
use crate::byte_order::ByteOrder;
use crate::byte_order::Le;
use crate::error::{ShiftPosition, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use crate::scalar;
use crate::scalar::transcode::{transcode, Decode, Encode};
use core::mem::MaybeUninit;

pub(crate) mod lossy;
#[cfg(feature = "legacy")]
pub(crate) mod windows1252;

/// Below this many input units the transcoders and the UTF-16/UTF-32
/// validators do not call a kernel: the scalar loop runs inline. (The
/// kernels work in blocks of 16 to 32 units and leave a partial last block
/// to the scalar finish anyway.)
pub(crate) const SHORT_UNITS: usize = 32;

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
        // whole, valid UTF-8 characters after the string's contents (the
        // transcoders to UTF-8 write nothing else: the second invariant of
        // the module docs, trusted in release builds and checked below in
        // debug builds), so the longer string is valid UTF-8.
        let v = unsafe { self.as_mut_vec() };
        let old = v.len();
        // SAFETY: as for `Vec<u8>`, by the same contract.
        unsafe { <alloc::vec::Vec<u8> as Sink<scalar::transcode::Utf8>>::commit(v, written) };
        debug_assert!(scalar_valid(&v[old..]), "a transcoder to UTF-8 wrote invalid UTF-8");
    }
}

#[cfg(feature = "alloc")]
/// The growable outputs: `Vec<T>` and `String`.
pub(crate) trait Growable: Default {
    /// `Vec::reserve_exact` / `String::reserve_exact`: no amortised
    /// doubling, which would leave the output up to half empty.
    fn reserve(&mut self, additional: usize);
    /// The units held, and the units allocated.
    fn len_and_capacity(&self) -> (usize, usize);
    /// `Vec::shrink_to_fit` / `String::shrink_to_fit`.
    fn shrink_to_fit(&mut self);
}
#[cfg(feature = "alloc")]
impl<T> Growable for alloc::vec::Vec<T> {
    #[inline]
    fn reserve(&mut self, additional: usize) {
        alloc::vec::Vec::reserve_exact(self, additional);
    }
    #[inline]
    fn len_and_capacity(&self) -> (usize, usize) {
        (self.len(), self.capacity())
    }
    #[inline]
    fn shrink_to_fit(&mut self) {
        alloc::vec::Vec::shrink_to_fit(self);
    }
}
#[cfg(feature = "alloc")]
impl Growable for alloc::string::String {
    #[inline]
    fn reserve(&mut self, additional: usize) {
        alloc::string::String::reserve_exact(self, additional);
    }
    #[inline]
    fn len_and_capacity(&self) -> (usize, usize) {
        (self.len(), self.capacity())
    }
    #[inline]
    fn shrink_to_fit(&mut self) {
        alloc::string::String::shrink_to_fit(self);
    }
}

/// A caller's uninitialised buffer as a [`Sink`]: the output of the
/// functions of [`crate::uninit`] and of the C ABI, whose callers learn
/// from the result how many units were written.
pub(crate) struct Uninit<'a, T>(pub(crate) &'a mut [MaybeUninit<T>]);

// SAFETY: the caller's memory, to which any value of `E::Unit` may be
// written; there is no length to update (the result says how many units
// are initialised, the [`Out`] contract's `written`).
unsafe impl<E: Encode> Sink<E> for Uninit<'_, E::Unit> {
    #[inline(always)]
    unsafe fn out(&mut self) -> &mut Out<E::Unit> {
        self.0
    }
    #[inline(always)]
    unsafe fn commit(&mut self, _: usize) {}
}

/// Writes `src` into `dst[..src.len()]` and returns those units, now
/// initialised, as a slice. Safe code's way to fill part of an [`Out`]
/// and go on working on it in place.
///
/// # Panics
///
/// If `dst` is shorter than `src` (callers size it first).
#[inline]
pub(crate) fn write_copy<'a, T: Copy>(dst: &'a mut Out<T>, src: &[T]) -> &'a mut [T] {
    let dst = &mut dst[..src.len()];
    // SAFETY: `MaybeUninit<T>` has `T`'s size and alignment, and the two
    // slices are distinct borrows of `src.len()` elements each.
    unsafe {
        core::ptr::copy_nonoverlapping(src.as_ptr(), dst.as_mut_ptr().cast::<T>(), src.len());
    }
    // SAFETY: every element of `dst` was just written.
    unsafe { &mut *(dst as *mut Out<T> as *mut [T]) }
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
