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
use crate::byte_order::{Le, Native};
use crate::error::{ShiftPosition, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use crate::scalar;
use crate::scalar::latin1::Latin1;
use crate::scalar::narrow::{Narrowing, UpTo};
use crate::scalar::transcode::{transcode, Decode, Encode, Utf16, Utf32, Utf8};
use core::mem::MaybeUninit;

pub(crate) mod lossy;
#[cfg(feature = "single-byte")]
pub(crate) mod single_byte_lossy;
#[cfg(feature = "stream")]
pub(crate) mod str_buf;
pub(crate) mod units;
#[cfg(feature = "single-byte")]
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

    /// Makes room for at least `additional` units in [`out`](Sink::out),
    /// where the sink can grow (a `Vec`); a caller's buffer stays as it
    /// is.
    #[inline(always)]
    fn reserve(&mut self, additional: usize) {
        let _ = additional;
    }
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
    #[inline(always)]
    fn reserve(&mut self, additional: usize) {
        alloc::vec::Vec::reserve(self, additional);
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

// ---------------------------------------------------------------------
// Narrowest forms: the input is converted into the narrowest form first,
// and where a character needs a wider one, what was written so far is
// widened into it and the conversion goes on there.
// ---------------------------------------------------------------------

/// The form a narrowest-form conversion wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// One byte per character, every character at most U+00FF.
    Latin1,
    /// Native-endian UTF-16 (for PEP 393: UCS-2, every character in the
    /// BMP).
    Utf16,
    /// UTF-32 (PEP 393's UCS-4).
    Utf32,
}

/// One stage of a narrowest-form conversion: the kernel's prefix of `src`
/// in `dst` (no kernel call for inputs under `min` units: the dispatched
/// functions' short-input policy; the `Kernel` methods pass 0), then the
/// scalar finish (`finish_transcode`).
#[inline(always)]
fn stage<D: Entry<E>, E: Encode>(
    fns: &KernelFns,
    min: usize,
    src: &[D::Unit],
    dst: &mut Out<E::Unit>,
) -> Result<usize, TranscodeError<D::Error>>
where
    D::Error: ShiftPosition,
{
    let progress = if src.len() < min {
        (0, 0)
    } else {
        // SAFETY: the entry comes from a `KernelFns`, which is only handed
        // out when the running CPU supports its kernel.
        unsafe { D::entry(fns)(src, dst) }
    };
    finish_transcode::<D, E>(src, dst, progress)
}

/// The end of a stage into a narrow form: `Ok((at, c, written))` where it
/// met the character `c` that needs a wider form, at input unit `at`,
/// with `written` units of the narrow form written before it; the input's
/// own error, or running out of room, as the whole conversion's error.
#[inline(always)]
fn wider_at<E>(e: TranscodeError<Narrowing<E>>) -> Result<(usize, u32, usize), TranscodeError<E>> {
    match e {
        TranscodeError::Invalid { error: Narrowing::Wider { at, c }, written } => {
            Ok((at, c, written))
        }
        TranscodeError::Invalid { error: Narrowing::Invalid(error), written } => {
            Err(TranscodeError::Invalid { error, written })
        }
        TranscodeError::OutputTooSmall { read, written } => {
            Err(TranscodeError::OutputTooSmall { read, written })
        }
    }
}

/// A later stage's result, moved into the whole conversion's frame: its
/// input started at unit `read` and its output at unit `written`.
#[inline(always)]
fn moved<E: ShiftPosition>(
    r: Result<usize, TranscodeError<E>>,
    read: usize,
    written: usize,
) -> Result<usize, TranscodeError<E>> {
    match r {
        Ok(n) => Ok(written + n),
        Err(TranscodeError::Invalid { error, written: w }) => {
            Err(TranscodeError::Invalid { error: error.shifted(read), written: written + w })
        }
        Err(TranscodeError::OutputTooSmall { read: r, written: w }) => {
            Err(TranscodeError::OutputTooSmall { read: read + r, written: written + w })
        }
    }
}

/// `out[..n]`, which a transcoder has written, as initialised units.
///
/// # Safety
///
/// `out[..n]` has been written (the [`Out`] contract of the transcoder
/// that returned `n`), and `n <= out.len()`.
#[inline(always)]
unsafe fn written<T>(out: &Out<T>, n: usize) -> &[T] {
    debug_assert!(n <= out.len(), "written past the output");
    // SAFETY: the caller guarantees that the first `n` units are
    // initialised; `MaybeUninit<T>` has the layout of `T`.
    unsafe { core::slice::from_raw_parts(out.as_ptr().cast::<T>(), n) }
}

/// Widens `narrow`, the output of a narrower stage, into `dst`, one unit
/// per unit (Latin-1 to UTF-16 or UTF-32, UCS-2 to UTF-32): a SIMD pass
/// at about the speed of a copy, much cheaper than converting that part of
/// the input again. `Err(k)` if `dst` holds only the first `k` units.
#[inline(always)]
fn widen<D: Entry<E>, E: Encode>(
    fns: &KernelFns,
    min: usize,
    narrow: &[D::Unit],
    dst: &mut Out<E::Unit>,
) -> Result<(), usize>
where
    D::Error: ShiftPosition,
    E::Unit: From<D::Unit>,
{
    if narrow.len() < min {
        // Too short for a kernel call to pay.
        let n = narrow.len().min(dst.len());
        for (d, &u) in dst[..n].iter_mut().zip(&narrow[..n]) {
            d.write(E::Unit::from(u));
        }
        return if n == narrow.len() { Ok(()) } else { Err(n) };
    }
    match stage::<D, E>(fns, min, narrow, dst) {
        Ok(n) => {
            debug_assert_eq!(n, narrow.len(), "widening is one to one");
            Ok(())
        }
        Err(TranscodeError::OutputTooSmall { written, .. }) => Err(written),
        // Latin-1 has no errors, and UCS-2 from valid UTF-8 has no
        // surrogates (UTF-8 cannot encode them).
        Err(TranscodeError::Invalid { .. }) => unreachable!("a narrow form held an invalid unit"),
    }
}

/// The error of a widening that found room for only `k` of the
/// characters of `src[..at]` (valid UTF-8): `dst` is full before the
/// character `k`, which starts at the `k`-th byte that is not a
/// continuation byte.
#[cold]
fn widened_too_small(src: &[u8], k: usize) -> TranscodeError<Utf8Error> {
    let read = src
        .iter()
        .enumerate()
        .filter(|&(_, &b)| (b as i8) >= -0x40)
        .nth(k)
        .map_or(src.len(), |(i, _)| i);
    TranscodeError::OutputTooSmall { read, written: k }
}

/// Inputs up to this long are looked at whole before the narrowest-form
/// conversions start (longer ones, their first 16 bytes): one validation
/// block.
const PEEK: usize = 64;

/// The index of the first byte of `src` that is not ASCII, if any (a word
/// at a time; `src` is short).
#[inline(always)]
fn first_non_ascii(src: &[u8]) -> Option<usize> {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let words = src.chunks_exact(8);
    let (tail, whole) = (words.remainder(), src.len() - src.len() % 8);
    let word = |w: &[u8]| u64::from_le_bytes(w.try_into().expect("8 bytes"));
    // Most text starts with ASCII: one test of all the words first.
    if words.clone().fold(0, |acc, w| acc | word(w)) & HIGH != 0 {
        for (k, w) in words.enumerate() {
            let high = word(w) & HIGH;
            if high != 0 {
                return Some(8 * k + high.trailing_zeros() as usize / 8);
            }
        }
    }
    tail.iter().position(|&b| b >= 0x80).map(|i| whole + i)
}

/// What the start of `src` says about its narrowest form.
enum Peek {
    /// All of `src` is ASCII, and no longer than [`PEEK`] bytes.
    Ascii,
    /// `src[..at]` is ASCII and `src[at]` is a byte `C4..=FF`: the lead
    /// of a character above U+00FF, or an error.
    WideAt(usize),
    /// Anything else: start with the narrowest form.
    Unknown,
}

#[inline(always)]
fn peek(src: &[u8]) -> Peek {
    // Longer inputs look at their first two words only: enough to catch a
    // wide character at the start, where the stages cost most, for little
    // on text that turns out to be Latin-1.
    let head = if src.len() <= PEEK { src } else { &src[..16] };
    match first_non_ascii(head) {
        None if src.len() <= PEEK => Peek::Ascii,
        Some(at) if src[at] >= 0xC4 => Peek::WideAt(at),
        _ => Peek::Unknown,
    }
}

/// Copies `src`, which is ASCII, into `latin1` and commits it, if it
/// fits.
#[inline(always)]
fn ascii_to_latin1<A: ?Sized + Sink<Latin1>>(src: &[u8], latin1: &mut A) -> Option<usize> {
    debug_assert!(src.is_ascii(), "not ASCII");
    latin1.reserve(src.len());
    // SAFETY: only the input's bytes are written.
    let out = unsafe { latin1.out() };
    let out = out.get_mut(..src.len())?;
    for (d, &b) in out.iter_mut().zip(src) {
        d.write(b);
    }
    // SAFETY: the loop wrote `src.len()` bytes of ASCII, valid Latin-1.
    unsafe { latin1.commit(src.len()) };
    Some(src.len())
}

/// Whether a conversion that started in a wide form at once, because the
/// peek found `src[..at]` ASCII and then a byte `C4..=FF` at `at`, gives
/// the narrowest-form result: unless it stopped at or before `at` (with
/// an error there, or for room), the character at `at` is valid and
/// needs the wide form, so the staged conversion would have widened
/// there and ended the same way.
#[inline(always)]
fn passed<E: ShiftPosition + HasPosition>(r: &Result<usize, TranscodeError<E>>, at: usize) -> bool {
    match r {
        Ok(_) => true,
        Err(TranscodeError::Invalid { error, .. }) => error.position() > at,
        Err(TranscodeError::OutputTooSmall { read, .. }) => *read > at,
    }
}

/// An error's position in input units.
pub(crate) trait HasPosition {
    fn position(&self) -> usize;
}

impl HasPosition for Utf8Error {
    #[inline(always)]
    fn position(&self) -> usize {
        self.valid_up_to()
    }
}

impl<E: HasPosition> HasPosition for Narrowing<E> {
    #[inline(always)]
    fn position(&self) -> usize {
        match self {
            Narrowing::Invalid(e) => e.position(),
            Narrowing::Wider { at, .. } => *at,
        }
    }
}

/// UTF-8 to Latin-1 if every character is at most U+00FF, else to
/// native-endian UTF-16: the form written and its length in units. On
/// success, the sink of the form written takes its output.
///
/// The result is that of the two-call path: `utf8_to_latin1` into
/// `latin1`, and if that stops at a character above U+00FF,
/// `utf8_to_utf16` into `utf16`. The work is not: the conversion runs to
/// Latin-1 until that character, then widens the Latin-1 written so far
/// into `utf16` (one SIMD pass, Latin-1 to UTF-16, at about the speed of
/// a copy) and goes on from the character into `utf16`. So the part
/// before it costs one conversion to Latin-1 and one widening, never a
/// second conversion from UTF-8.
///
/// First, a look at the start (all of an input up to [`PEEK`] bytes, else
/// its first 16): short ASCII is copied as
/// Latin-1, and where an ASCII start is followed by a byte that cannot be
/// Latin-1 (a lead `C4..=FF`), the conversion goes to UTF-16 at once
/// (falling back to the stages if it stops at or before that byte, where
/// an error or a full buffer would be reported in Latin-1).
///
/// Errors are in the frame of the whole input; `written` counts units of
/// the narrowest form that holds `src[..read]` (Latin-1 until the first
/// character above U+00FF, where Latin-1 bytes and UTF-16 units are both
/// one per character).
#[inline]
pub(crate) fn utf8_to_latin1_or_utf16_with<A, B>(
    fns: &KernelFns,
    min: usize,
    src: &[u8],
    latin1: &mut A,
    utf16: &mut B,
) -> Result<(Form, usize), TranscodeError<Utf8Error>>
where
    A: ?Sized + Sink<Latin1>,
    B: ?Sized + Sink<Utf16<Native>>,
{
    match peek(src) {
        Peek::Ascii => {
            if let Some(n) = ascii_to_latin1(src, latin1) {
                return Ok((Form::Latin1, n));
            }
        }
        Peek::WideAt(at) => {
            latin1.reserve(src.len());
            // SAFETY: only the length of the spare room is read.
            if unsafe { latin1.out() }.len() >= at {
                utf16.reserve(src.len());
                // SAFETY: as below.
                let wide = unsafe { utf16.out() };
                let r = stage::<Utf8, Utf16<Native>>(fns, min, src, wide);
                if passed(&r, at) {
                    let n = r?;
                    // SAFETY: the stage wrote `wide[..n]`, whole characters.
                    unsafe { utf16.commit(n) };
                    return Ok((Form::Utf16, n));
                }
            }
        }
        Peek::Unknown => {}
    }
    // A character per byte at most.
    latin1.reserve(src.len());
    // SAFETY: the conversion writes only initialised units (the `Out`
    // contract of the kernels and the scalar loop).
    let narrow = unsafe { latin1.out() };
    let (at, _, w) = match stage::<UpTo<Utf8, 0xFF>, Latin1>(fns, min, src, narrow) {
        Ok(n) => {
            // SAFETY: the stage wrote `n` bytes of Latin-1 through `out`.
            unsafe { latin1.commit(n) };
            return Ok((Form::Latin1, n));
        }
        Err(e) => wider_at(e)?,
    };
    // SAFETY: the stage wrote `narrow[..w]`.
    let narrow = unsafe { written(narrow, w) };
    // The prefix, then a unit per byte of the rest at most.
    utf16.reserve(w + (src.len() - at));
    // SAFETY: as for `latin1`.
    let wide = unsafe { utf16.out() };
    widen::<Latin1, Utf16<Native>>(fns, min, narrow, wide)
        .map_err(|k| widened_too_small(src, k))?;
    let r = stage::<Utf8, Utf16<Native>>(fns, min, &src[at..], &mut wide[w..]);
    let n = moved(r, at, w)?;
    // SAFETY: the widening and the stage wrote `wide[..n]`, whole
    // characters.
    unsafe { utf16.commit(n) };
    Ok((Form::Utf16, n))
}

/// UTF-8 to the narrowest PEP 393 form: Latin-1 (UCS-1, which the caller
/// tells from ASCII by its length) if every character is at most U+00FF,
/// else native-endian UCS-2 if every one is in the BMP, else UTF-32
/// (UCS-4). The form written and its length; on success, the sink of that
/// form takes its output.
///
/// As [`utf8_to_latin1_or_utf16_with`], one form at a time: at the first
/// character above U+00FF, the Latin-1 so far is widened into `ucs2` (or
/// straight into `ucs4`, if that character is above U+FFFF); at the first
/// one above U+FFFF, the UCS-2 so far is widened into `ucs4`. Each part of
/// the input is converted once, and widened at most twice. The same look
/// at the first bytes, and errors as there: `written` counts units of the
/// narrowest form of `src[..read]`.
#[inline]
pub(crate) fn utf8_to_pep393_with<A, B, C>(
    fns: &KernelFns,
    min: usize,
    src: &[u8],
    ucs1: &mut A,
    ucs2: &mut B,
    ucs4: &mut C,
) -> Result<(Form, usize), TranscodeError<Utf8Error>>
where
    A: ?Sized + Sink<Latin1>,
    B: ?Sized + Sink<Utf16<Native>>,
    C: ?Sized + Sink<Utf32>,
{
    match peek(src) {
        Peek::Ascii => {
            if let Some(n) = ascii_to_latin1(src, ucs1) {
                return Ok((Form::Latin1, n));
            }
        }
        Peek::WideAt(at) => {
            ucs1.reserve(src.len());
            // SAFETY: only the length of the spare room is read.
            if unsafe { ucs1.out() }.len() >= at {
                let r = if src[at] >= 0xF0 {
                    ucs4.reserve(src.len());
                    ucs4_onwards(fns, min, src, 0, 0, ucs4).map(|n| (Form::Utf32, n))
                } else {
                    ucs2.reserve(src.len());
                    ucs2_onwards(fns, min, src, 0, 0, ucs2, ucs4)
                };
                if passed(&r.as_ref().map(|&(_, n)| n).map_err(|e| *e), at) {
                    return r;
                }
            }
        }
        Peek::Unknown => {}
    }
    ucs1.reserve(src.len());
    // SAFETY: the conversion writes only initialised units (the `Out`
    // contract of the kernels and the scalar loop).
    let narrow = unsafe { ucs1.out() };
    let (at, c, w) = match stage::<UpTo<Utf8, 0xFF>, Latin1>(fns, min, src, narrow) {
        Ok(n) => {
            // SAFETY: the stage wrote `n` bytes of Latin-1 through `out`.
            unsafe { ucs1.commit(n) };
            return Ok((Form::Latin1, n));
        }
        Err(e) => wider_at(e)?,
    };
    // SAFETY: the stage wrote `narrow[..w]`.
    let narrow = unsafe { written(narrow, w) };
    if c <= 0xFFFF {
        ucs2.reserve(w + (src.len() - at));
        // SAFETY: as for `ucs1`.
        let mid = unsafe { ucs2.out() };
        widen::<Latin1, Utf16<Native>>(fns, min, narrow, mid)
            .map_err(|k| widened_too_small(src, k))?;
        ucs2_onwards(fns, min, src, at, w, ucs2, ucs4)
    } else {
        ucs4.reserve(w + (src.len() - at));
        // SAFETY: as for `ucs1`.
        let wide = unsafe { ucs4.out() };
        widen::<Latin1, Utf32>(fns, min, narrow, wide).map_err(|k| widened_too_small(src, k))?;
        ucs4_onwards(fns, min, src, at, w, ucs4).map(|n| (Form::Utf32, n))
    }
}

/// The UCS-2 stage of [`utf8_to_pep393_with`] from input byte `at`, with
/// `ucs2[..w]` written already and room reserved for the rest (a unit per
/// byte); on to UCS-4 at a character above U+FFFF.
fn ucs2_onwards<B, C>(
    fns: &KernelFns,
    min: usize,
    src: &[u8],
    at: usize,
    w: usize,
    ucs2: &mut B,
    ucs4: &mut C,
) -> Result<(Form, usize), TranscodeError<Utf8Error>>
where
    B: ?Sized + Sink<Utf16<Native>>,
    C: ?Sized + Sink<Utf32>,
{
    // SAFETY: the conversion writes only initialised units; the caller
    // wrote `[..w]` through an earlier `out` of the same sink, unchanged
    // since.
    let mid = unsafe { ucs2.out() };
    let r = stage::<UpTo<Utf8, 0xFFFF>, Utf16<Native>>(fns, min, &src[at..], &mut mid[w..]);
    let (at, _, w) = match moved(r, at, w) {
        Ok(n) => {
            // SAFETY: the widening and the stage wrote `mid[..n]`.
            unsafe { ucs2.commit(n) };
            return Ok((Form::Utf16, n));
        }
        Err(e) => wider_at(e)?,
    };
    // SAFETY: the widening and the stage wrote `mid[..w]`.
    let mid = unsafe { written(mid, w) };
    ucs4.reserve(w + (src.len() - at));
    // SAFETY: as for `ucs2`.
    let wide = unsafe { ucs4.out() };
    widen::<Utf16<Native>, Utf32>(fns, min, mid, wide).map_err(|k| widened_too_small(src, k))?;
    ucs4_onwards(fns, min, src, at, w, ucs4).map(|n| (Form::Utf32, n))
}

/// The UCS-4 stage of [`utf8_to_pep393_with`] from input byte `at`, with
/// `ucs4[..w]` written already and room reserved for the rest: the length
/// of the whole output.
fn ucs4_onwards<C: ?Sized + Sink<Utf32>>(
    fns: &KernelFns,
    min: usize,
    src: &[u8],
    at: usize,
    w: usize,
    ucs4: &mut C,
) -> Result<usize, TranscodeError<Utf8Error>> {
    // SAFETY: as in `ucs2_onwards`.
    let wide = unsafe { ucs4.out() };
    let r = stage::<Utf8, Utf32>(fns, min, &src[at..], &mut wide[w..]);
    let n = moved(r, at, w)?;
    // SAFETY: the widenings and the stage wrote `wide[..n]`.
    unsafe { ucs4.commit(n) };
    Ok(n)
}

/// Native-endian UTF-16 code units to Latin-1 if every unit is at most
/// `0xFF`, else the units themselves into `utf16` (as JavaScript strings
/// hold them: a lone surrogate is kept, and makes the string UTF-16 like
/// any unit above `0xFF`). The form written and its length; on success,
/// the sink of that form takes its output. On
/// [`TranscodeError::OutputTooSmall`], `written` counts units of the form
/// being written, which is also the number of input units read.
///
/// Narrowing stops at the first unit above `0xFF`; then the whole input
/// is copied, so the part before it costs one narrowing and one copy.
#[inline]
pub(crate) fn utf16_to_latin1_or_utf16_with<A, B>(
    fns: &KernelFns,
    min: usize,
    src: &[u16],
    latin1: &mut A,
    utf16: &mut B,
) -> Result<(Form, usize), TranscodeError<core::convert::Infallible>>
where
    A: ?Sized + Sink<Latin1>,
    B: ?Sized + Sink<Utf16<Native>>,
{
    latin1.reserve(src.len());
    // SAFETY: the conversion writes only initialised units (the `Out`
    // contract of the kernels and the scalar loop).
    let narrow = unsafe { latin1.out() };
    match stage::<UpTo<Utf16<Native>, 0xFF>, Latin1>(fns, min, src, narrow) {
        Ok(n) => {
            // SAFETY: the stage wrote `n` bytes of Latin-1 through `out`.
            unsafe { latin1.commit(n) };
            return Ok((Form::Latin1, n));
        }
        Err(TranscodeError::OutputTooSmall { read, written }) => {
            return Err(TranscodeError::OutputTooSmall { read, written })
        }
        // A unit above 0xFF, or a lone surrogate (which is one too).
        Err(TranscodeError::Invalid { .. }) => {}
    }
    utf16.reserve(src.len());
    // SAFETY: the copy writes the input's units, initialised values.
    let wide = unsafe { utf16.out() };
    let mut n = src.len().min(wide.len());
    // Never between the two halves of a surrogate pair.
    if n < src.len() && n > 0 && is_pair(src[n - 1], src[n]) {
        n -= 1;
    }
    for (d, &s) in wide.iter_mut().zip(&src[..n]) {
        d.write(s);
    }
    if n < src.len() {
        return Err(TranscodeError::OutputTooSmall { read: n, written: n });
    }
    // SAFETY: the loop wrote `wide[..n]`; UTF-16 units as they were in
    // the input (the UTF-16 sinks are `[u16]` and `Vec<u16>`, which hold
    // any units).
    unsafe { utf16.commit(n) };
    Ok((Form::Utf16, n))
}

/// Whether `hi` and `lo` (native-endian units) are a surrogate pair.
#[inline(always)]
fn is_pair(hi: u16, lo: u16) -> bool {
    let (hi, lo) = (Native::read16(hi), Native::read16(lo));
    (0xD800..0xDC00).contains(&hi) && (0xDC00..0xE000).contains(&lo)
}

// ---------------------------------------------------------------------
// encodeInto: possibly ill-formed UTF-16 into a bounded UTF-8 buffer.
// ---------------------------------------------------------------------

/// The most bytes past its progress that a kernel's UTF-16 to UTF-8
/// entry may write: each step needs room for four vectors of output
/// (`4 * 32` bytes with AVX2, the generic algorithm's widest), and the
/// AVX-512 entry 128 bytes. A test below checks it on every
/// kernel.
pub(crate) const UTF16_TO_UTF8_SCRATCH: usize = 128;

/// `TextEncoder.encodeInto` of the Encoding Standard: native, LE or BE
/// (`O`) UTF-16 `src` into as much UTF-8 as `dst` holds, each unpaired
/// surrogate as U+FFFD; `(units read, bytes written)`. `prefix` is the
/// kernel's UTF-16 to UTF-8 entry for `O` (not called on fewer than `min`
/// units).
///
/// Valid stretches go through the kernel and the scalar finish, which
/// stop at a lone surrogate (exactly: the scalar code finds it) or before
/// a character that does not fit; a lone surrogate becomes U+FFFD if its
/// three bytes fit.
///
/// The standard changes no byte of the destination past `written`, and
/// the kernels may write scratch up to [`UTF16_TO_UTF8_SCRATCH`] bytes
/// past their progress. So the kernel never sees the last
/// [`UTF16_TO_UTF8_SCRATCH`] units of `src`: the scalar code converts
/// them, and writes at least as many bytes, over any scratch, unless
/// `dst` fills up first; then the output ends within 3 bytes of its end,
/// and those last bytes are put back as they were.
pub(crate) fn encode_into<O: ByteOrder>(
    src: &[u16],
    dst: &mut [u8],
    min: usize,
    prefix: impl Fn(&[u16], &mut Out<u8>) -> (usize, usize),
    replaced: &mut usize,
) -> (usize, usize) {
    let last: [u8; 3] =
        core::array::from_fn(|k| dst.len().checked_sub(3 - k).map_or(0, |i| dst[i]));
    // The kernel's part ends before the last units, and not after the high
    // half of a pair (which would make it look unpaired).
    let mut body = src.len().saturating_sub(UTF16_TO_UTF8_SCRATCH);
    if body > 0 && (0xD800..0xDC00).contains(&O::read16(src[body - 1])) {
        body -= 1;
    }
    // SAFETY: the conversion writes only initialised bytes (the `Out`
    // contract of the kernels and the scalar loop) and U+FFFD's.
    let out = unsafe { Sink::<Utf8>::out(dst) };
    let (mut read, mut written) = (0, 0);
    loop {
        let end = if read < body { body } else { src.len() };
        let (s, d) = (&src[read..end], &mut out[written..]);
        let progress = if end == body && s.len() >= min { prefix(s, d) } else { (0, 0) };
        match finish_transcode::<Utf16<O>, Utf8>(s, d, progress) {
            Ok(n) => {
                read = end;
                written += n;
                if end == src.len() {
                    break;
                }
            }
            Err(TranscodeError::OutputTooSmall { read: r, written: w }) => {
                read += r;
                written += w;
                break;
            }
            Err(TranscodeError::Invalid { error, written: w }) => {
                read += error.valid_up_to();
                written += w;
                let Some(room) = out.get_mut(written..written + 3) else {
                    break;
                };
                for (b, &x) in room.iter_mut().zip("\u{FFFD}".as_bytes()) {
                    b.write(x);
                }
                read += 1;
                written += 3;
                *replaced += 1;
            }
        }
    }
    // Only a kernel's scratch can be there, within the last 3 bytes (see
    // above).
    let tail = out.len().saturating_sub(3);
    for i in written.max(tail)..out.len() {
        out[i].write(last[3 - (out.len() - i)]);
    }
    (read, written)
}

#[cfg(all(test, feature = "transcode", feature = "alloc"))]
mod tests {
    use super::UTF16_TO_UTF8_SCRATCH;
    use crate::Kernel;
    use alloc::vec::Vec;
    use core::mem::MaybeUninit;

    /// Every kernel's UTF-16 to UTF-8 entries write nothing further than
    /// [`UTF16_TO_UTF8_SCRATCH`] bytes past their progress, on text of
    /// every width and every output size, which `encode_into` relies on.
    #[test]
    fn utf16_to_utf8_scratch_stays_within_its_bound() {
        let texts = [
            "plain ASCII text, long enough for several vectors of it".repeat(6),
            "Grüße, Привет, שלום ".repeat(12),
            "你好，世界。".repeat(30),
            "😀🎉".repeat(40),
            "a😀é€".repeat(30),
        ];
        const CANARY: u8 = 0xA5;
        for k in Kernel::available() {
            let fns = k.fns();
            for text in &texts {
                let le: Vec<u16> = text.encode_utf16().map(u16::to_le).collect();
                let be: Vec<u16> = text.encode_utf16().map(u16::to_be).collect();
                for cap in (0..3 * le.len()).step_by(7) {
                    for (src, le_order) in [(&le, true), (&be, false)] {
                        let mut buf = alloc::vec![MaybeUninit::new(CANARY); cap];
                        let (_, written) = if le_order {
                            fns.utf16le_to_utf8_prefix(src, &mut buf)
                        } else {
                            fns.utf16be_to_utf8_prefix(src, &mut buf)
                        };
                        let from = (written + UTF16_TO_UTF8_SCRATCH).min(cap);
                        // SAFETY: every byte was initialised with the
                        // canary, and the kernel writes only bytes.
                        let past =
                            buf[from..].iter().position(|b| unsafe { b.assume_init() } != CANARY);
                        assert_eq!(past, None, "{k}: wrote past {written} + scratch, dst {cap}");
                    }
                }
            }
        }
    }
}
