//! Runtime dispatch: one cached function pointer per entry point.
//!
//! Each entry point keeps a `static AtomicPtr` that starts out pointing at
//! its own `detect` function. The first call resolves the active kernel
//! ([`Kernel::active`], which honours `RAPIDUTF_KERNEL`), stores that
//! kernel's function in the pointer and calls it; every later call is one
//! relaxed load and an indirect call. A race between two first calls is
//! benign: both store the same pointer.
//!
//! Short inputs are handled before the indirect call where that pays (see
//! [`short`]): an indirect call and a SIMD prologue cost more than they
//! save on a few bytes, and ASCII is answered fastest inline.

use crate::arch::{Entry, KernelFns};
use crate::byte_order::{Be, ByteOrder, Le};
use crate::error::{ShiftPosition, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use crate::scalar::transcode::{transcode, Decode, Encode, Utf16, Utf32, Utf8};
use crate::{scalar, Kernel};
use core::sync::atomic::{AtomicPtr, Ordering::Relaxed};

/// Inputs shorter than this are checked by [`short`] first. It is one
/// block (64 bytes) plus the three bytes before the kernels' last,
/// overlapping block: below that, the kernels switch to 16-byte vectors.
pub(crate) const SHORT: usize = 64 + 3;

/// Below this many bytes the kernels are never called: a kernel's
/// shortest vector path (`arch::generic::utf8::SMALL_MIN`) needs 19.
const TINY: usize = 16 + 3;

/// Inputs shorter than [`SHORT`]: `Some(result)` when answered inline,
/// `None` when the kernel should run.
///
/// - Below 8 bytes (a character or two), `core::str::from_utf8`: it needs
///   no setup at all, and any test in front of it was measurably slower
///   on non-ASCII input. An error is found again by the rewind from 0.
/// - Then an ASCII test of a few overlapping words answers most short text
///   (two to three times faster than core from 8 bytes on).
/// - Other inputs of [`TINY`] bytes or more go to the kernel's 16-byte
///   vector path (twice as fast as core's decoder at 20 bytes), shorter
///   ones to the scalar DFA (faster than core on 3-byte scripts, up to
///   10 % slower on 2-byte ones at 8 to 18 bytes).
#[inline(always)]
fn short(bytes: &[u8]) -> Option<Result<(), usize>> {
    if bytes.len() < 8 {
        Some(core::str::from_utf8(bytes).map(|_| ()).map_err(|_| 0))
    } else if short_is_ascii(bytes) {
        Some(Ok(()))
    } else if bytes.len() >= TINY {
        None
    } else {
        Some(scalar::dfa::validate(bytes))
    }
}

/// Whether `bytes` (8 bytes up to [`SHORT`]) is ASCII: one OR of
/// unaligned words, the last one overlapping the others.
#[inline(always)]
fn short_is_ascii(bytes: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let Some(last) = bytes.last_chunk::<8>() else {
        return bytes.is_ascii();
    };
    let word = |w: &[u8; 8]| u64::from_ne_bytes(*w);
    let (words, _) = bytes.as_chunks::<8>();
    words.iter().fold(word(last), |acc, w| acc | word(w)) & HIGH == 0
}

/// The table of the active kernel.
fn active_fns() -> &'static KernelFns {
    // `Kernel::active` only ever returns an available kernel, and the
    // scalar one always exists.
    crate::arch::fns(Kernel::active()).unwrap_or(&scalar::FNS)
}

/// Defines a dispatched entry point `$name` that calls the active kernel's
/// `$field`. Plumbing only; no algorithm lives here.
macro_rules! ifunc {
    ($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $field:ident) => {
        #[inline]
        fn $name($($arg: $ty),*) -> $ret {
            type F = unsafe fn($($ty),*) -> $ret;
            static PTR: AtomicPtr<()> = AtomicPtr::new(detect as *mut ());
            fn detect($($arg: $ty),*) -> $ret {
                let f: F = active_fns().$field;
                PTR.store(f as *mut (), Relaxed);
                // SAFETY: `active_fns` returns the table of a kernel the
                // running CPU supports, so its functions may be called.
                unsafe { f($($arg),*) }
            }
            let p = PTR.load(Relaxed);
            // SAFETY: PTR only ever holds `detect` (a safe fn of this same
            // signature, so callable as `F`) or a function from an available
            // kernel's table, stored above; both are valid `F`s.
            let f = unsafe { core::mem::transmute::<*mut (), F>(p) };
            // SAFETY: see above: the function's target features are present.
            unsafe { f($($arg),*) }
        }
    };
}

ifunc!(validate_utf8_raw(bytes: &[u8]) -> Result<(), usize> = validate_utf8);
ifunc!(is_valid_utf8_raw(bytes: &[u8]) -> bool = is_valid_utf8);
// Only lossy decoding (alloc) uses the block-exact check.
#[cfg(feature = "alloc")]
ifunc!(validate_utf8_blocks_raw(bytes: &[u8]) -> Result<(), usize> = validate_utf8_blocks);

// Lengths and counts.
ifunc!(count_chars_raw(src: &[u8]) -> usize = count_chars);
ifunc!(utf16_len_from_utf8_raw(src: &[u8]) -> usize = utf16_len_from_utf8);
ifunc!(utf8_len_from_utf16le_raw(src: &[u16]) -> usize = utf8_len_from_utf16le);
ifunc!(utf8_len_from_utf16be_raw(src: &[u16]) -> usize = utf8_len_from_utf16be);
ifunc!(utf8_len_from_utf32_raw(src: &[u32]) -> usize = utf8_len_from_utf32);
ifunc!(utf16_len_from_utf32_raw(src: &[u32]) -> usize = utf16_len_from_utf32);
ifunc!(utf32_len_from_utf16le_raw(src: &[u16]) -> usize = utf32_len_from_utf16le);
ifunc!(utf32_len_from_utf16be_raw(src: &[u16]) -> usize = utf32_len_from_utf16be);

/// Below this many input bytes the counts run the scalar sum inline: the
/// kernels' main loop takes 256 bytes, and below 64 they would only run
/// their single-vector loop and the scalar tail anyway.
const SHORT_COUNT: usize = 64;

/// Defines the dispatched count `$name`: the scalar `$scalar` inline for
/// inputs under [`SHORT_COUNT`] bytes, else the kernel through `$raw`.
macro_rules! count_entry {
    ($name:ident($t:ty) = $raw:ident, $scalar:expr) => {
        #[doc = concat!("[`crate::", stringify!($name), "`].")]
        #[inline]
        pub(crate) fn $name(src: &[$t]) -> usize {
            if core::mem::size_of_val(src) < SHORT_COUNT {
                $scalar(src)
            } else {
                $raw(src)
            }
        }
    };
}

count_entry!(count_chars(u8) = count_chars_raw, scalar::count::count_chars);
count_entry!(utf16_len_from_utf8(u8) = utf16_len_from_utf8_raw, scalar::count::utf16_len_from_utf8);
count_entry!(
    utf8_len_from_utf16le(u16) = utf8_len_from_utf16le_raw,
    scalar::count::utf8_len_from_utf16::<crate::byte_order::Le>
);
count_entry!(
    utf8_len_from_utf16be(u16) = utf8_len_from_utf16be_raw,
    scalar::count::utf8_len_from_utf16::<crate::byte_order::Be>
);
count_entry!(
    utf8_len_from_utf32(u32) = utf8_len_from_utf32_raw,
    scalar::count::utf8_len_from_utf32
);
count_entry!(
    utf16_len_from_utf32(u32) = utf16_len_from_utf32_raw,
    scalar::count::utf16_len_from_utf32
);
count_entry!(
    utf32_len_from_utf16le(u16) = utf32_len_from_utf16le_raw,
    scalar::count::utf32_len_from_utf16::<crate::byte_order::Le>
);
count_entry!(
    utf32_len_from_utf16be(u16) = utf32_len_from_utf16be_raw,
    scalar::count::utf32_len_from_utf16::<crate::byte_order::Be>
);

/// Runs `kernel`'s UTF-8 validation and, on failure, the one cold rewind.
#[inline(always)]
fn finish(bytes: &[u8], result: Result<(), usize>) -> Result<&str, Utf8Error> {
    if let Err(pos) = result {
        if let Some(e) = scalar::utf8::rewind(bytes, pos) {
            return Err(e);
        }
        // The scalar rescan is the reference: a kernel that flagged a valid
        // input is a bug (caught by the tests), and the answer is "valid".
        debug_assert!(false, "kernel flagged valid input at {pos}");
    }
    // SAFETY: the input was validated above: either the kernel accepted it
    // or the scalar reference found no error.
    Ok(unsafe { core::str::from_utf8_unchecked(bytes) })
}

/// [`crate::validate_utf8`]: short inputs inline, the rest dispatched.
#[inline]
pub(crate) fn validate_utf8(bytes: &[u8]) -> Result<&str, Utf8Error> {
    let r = if bytes.len() < SHORT {
        short(bytes).unwrap_or_else(|| validate_utf8_raw(bytes))
    } else {
        validate_utf8_raw(bytes)
    };
    finish(bytes, r)
}

/// [`crate::is_valid_utf8`]: short inputs inline, the rest dispatched.
#[inline]
pub(crate) fn is_valid_utf8(bytes: &[u8]) -> bool {
    if bytes.len() < SHORT {
        short(bytes).map_or_else(|| is_valid_utf8_raw(bytes), |r| r.is_ok())
    } else {
        is_valid_utf8_raw(bytes)
    }
}

/// The longest valid prefix as a `str`, and the error after it, if any.
pub(crate) fn split_valid_utf8(bytes: &[u8]) -> (&str, Option<Utf8Error>) {
    split_result(bytes, validate_utf8(bytes))
}

/// As [`split_valid_utf8`], for input that is expected to hold errors: the
/// kernel reports errors to within a vector rather than a group of blocks
/// (`validate_utf8_blocks`), so the scalar rescan that finds the exact
/// error is short.
#[cfg(feature = "alloc")]
pub(crate) fn split_valid_utf8_blocks(bytes: &[u8]) -> (&str, Option<Utf8Error>) {
    let r = if bytes.len() < SHORT {
        short(bytes).unwrap_or_else(|| validate_utf8_blocks_raw(bytes))
    } else {
        validate_utf8_blocks_raw(bytes)
    };
    split(bytes, r)
}

/// The valid prefix and the error, from a kernel's answer.
#[cfg(feature = "alloc")]
#[inline(always)]
fn split(bytes: &[u8], r: Result<(), usize>) -> (&str, Option<Utf8Error>) {
    split_result(bytes, finish(bytes, r))
}

/// The valid prefix and the error, from a validation result.
#[inline(always)]
fn split_result<'a>(
    bytes: &'a [u8],
    r: Result<&'a str, Utf8Error>,
) -> (&'a str, Option<Utf8Error>) {
    match r {
        Ok(s) => (s, None),
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            // SAFETY: `valid_up_to` is, by contract, the length of the
            // longest valid prefix.
            (unsafe { core::str::from_utf8_unchecked(valid) }, Some(e))
        }
    }
}

/// For lossy decoding: as [`split_valid_utf8`] (the grouped check, fast
/// on valid input), but when the kernel flags a group of blocks past the
/// first, the check resumes at the start of the character there with
/// [`split_valid_utf8_blocks`], so the scalar rescan stays short however
/// large the groups.
#[cfg(feature = "alloc")]
pub(crate) fn split_valid_utf8_refined(bytes: &[u8]) -> (&str, Option<Utf8Error>) {
    let r = if bytes.len() < SHORT {
        short(bytes).unwrap_or_else(|| validate_utf8_raw(bytes))
    } else {
        validate_utf8_raw(bytes)
    };
    refine(bytes, r, split_valid_utf8_blocks)
}

/// The valid prefix and the error, from a grouped check's answer `r`,
/// refined with `blocks` (see [`split_valid_utf8_refined`]).
#[cfg(feature = "alloc")]
#[inline(always)]
fn refine(
    bytes: &[u8],
    r: Result<(), usize>,
    blocks: impl Fn(&[u8]) -> (&str, Option<Utf8Error>),
) -> (&str, Option<Utf8Error>) {
    let pos = match r {
        // Within the first block, the rescan is short already.
        Err(pos) if pos >= 64 => pos,
        _ => return split(bytes, r),
    };
    let start = scalar::utf8::char_start(bytes, pos);
    let (valid, err) = blocks(&bytes[start..]);
    let end = start + valid.len();
    // SAFETY: `bytes[..start]` is valid: the kernel's contract for `pos`
    // (valid up to an incomplete last character, which `char_start` backs
    // over), the same the rewind in `finish` relies on; `bytes[start..end]`
    // was just found valid, and starts on a character boundary.
    let valid = unsafe { core::str::from_utf8_unchecked(&bytes[..end]) };
    let err = err.map(|e| {
        let len = e.error_len().map_or(0, |n| n as u8);
        Utf8Error::new(start + e.valid_up_to(), len, e.kind())
    });
    (valid, err)
}

/// [`split_valid_utf8_refined`] (`blocks == false`) or
/// [`split_valid_utf8_blocks`] with one given kernel, on any length (for
/// `Kernel::utf8_to_string_lossy`).
#[cfg(feature = "alloc")]
pub(crate) fn split_valid_utf8_with<'a>(
    fns: &KernelFns,
    bytes: &'a [u8],
    blocks: bool,
) -> (&'a str, Option<Utf8Error>) {
    if blocks {
        return split_blocks_with(fns, bytes);
    }
    // SAFETY: `fns` came from `arch::fns`, which only returns tables of
    // kernels the running CPU supports.
    let r = unsafe { (fns.validate_utf8)(bytes) };
    refine(bytes, r, |b| split_blocks_with(fns, b))
}

/// [`split_valid_utf8_blocks`] with one given kernel, on any length.
#[cfg(feature = "alloc")]
fn split_blocks_with<'a>(fns: &KernelFns, bytes: &'a [u8]) -> (&'a str, Option<Utf8Error>) {
    // SAFETY: as in `split_valid_utf8_with`.
    let r = unsafe { (fns.validate_utf8_blocks)(bytes) };
    split(bytes, r)
}

/// `bytes` as a `String` if it is valid UTF-8, checked by the dispatched
/// kernel (faster than the check of `String::from_utf8`).
#[cfg(feature = "alloc")]
pub(crate) fn into_string(
    bytes: alloc::vec::Vec<u8>,
) -> Result<alloc::string::String, alloc::vec::Vec<u8>> {
    if is_valid_utf8(&bytes) {
        // SAFETY: just validated.
        Ok(unsafe { alloc::string::String::from_utf8_unchecked(bytes) })
    } else {
        Err(bytes)
    }
}

/// UTF-8 validation with one given kernel (for [`Kernel::validate_utf8`]).
pub(crate) fn validate_utf8_with<'a>(
    fns: &KernelFns,
    bytes: &'a [u8],
) -> Result<&'a str, Utf8Error> {
    // SAFETY: `fns` came from `arch::fns`, which only returns tables of
    // kernels the running CPU supports.
    let r = unsafe { (fns.validate_utf8)(bytes) };
    finish(bytes, r)
}

/// UTF-8 checking with one given kernel (for [`Kernel::is_valid_utf8`]).
pub(crate) fn is_valid_utf8_with(fns: &KernelFns, bytes: &[u8]) -> bool {
    // SAFETY: as in `validate_utf8_with`.
    unsafe { (fns.is_valid_utf8)(bytes) }
}

// ---------------------------------------------------------------------
// Transcoding and UTF-16/UTF-32 validation: kernel prefix + scalar finish.
// ---------------------------------------------------------------------

/// Below this many input units the transcoders and the UTF-16/UTF-32
/// validators do not call a kernel: the scalar loop runs inline. (The
/// kernels work in blocks of 16 to 32 units and leave a partial last block
/// to the scalar finish anyway.)
pub(crate) const SHORT_UNITS: usize = 32;

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
pub(crate) fn finish_transcode<D: Decode, E: Encode>(
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
fn finish_validate<T, E: ShiftPosition>(
    src: &[T],
    valid: usize,
    scalar: impl FnOnce(&[T]) -> Result<(), E>,
) -> Result<(), E> {
    debug_assert!(valid <= src.len(), "kernel overran its input");
    scalar(&src[valid..]).map_err(|e| e.shifted(valid))
}

/// A transcoder through one given kernel's entry (for the `Kernel`
/// methods): no short-input shortcut, so the tests exercise the kernel.
pub(crate) fn transcode_with<D: Entry<E>, E: Encode>(
    fns: &'static KernelFns,
    src: &[D::Unit],
    dst: &mut [E::Unit],
) -> Result<usize, TranscodeError<D::Error>>
where
    D::Error: ShiftPosition,
{
    // SAFETY: `fns` came from `arch::fns` (it is `'static` and only that
    // function hands tables out), which only returns tables of kernels the
    // running CPU supports, so their functions may be called.
    let progress = unsafe { D::entry(fns)(src, dst) };
    finish_transcode::<D, E>(src, dst, progress)
}

/// UTF-16 validation in byte order `O` through one kernel's entry.
pub(crate) fn validate_utf16_with<O: ByteOrder>(
    fns: &'static KernelFns,
    src: &[u16],
) -> Result<(), Utf16Error> {
    let entry = if O::SWAP == Le::SWAP { fns.validate_utf16le } else { fns.validate_utf16be };
    // SAFETY: as in `transcode_with`.
    let valid = unsafe { entry(src) };
    finish_validate(src, valid, scalar::utf16::validate::<O>)
}

/// UTF-32 validation through one kernel's entry.
pub(crate) fn validate_utf32_with(fns: &'static KernelFns, src: &[u32]) -> Result<(), Utf32Error> {
    // SAFETY: as in `transcode_with`.
    let valid = unsafe { (fns.validate_utf32)(src) };
    finish_validate(src, valid, scalar::utf32::validate)
}

/// Defines a dispatched transcoder `$name` over the entry `$field`: short
/// inputs go to the scalar loop inline, the rest to the active kernel and
/// the scalar finish. Plumbing only.
macro_rules! dispatched_transcoder {
    ($name:ident, $raw:ident = $field:ident: $s:ty => $d:ty, $dec:ty => $enc:ty) => {
        ifunc!($raw(src: &[$s], dst: &mut [$d]) -> (usize, usize) = $field);

        #[doc = concat!("The dispatched `", stringify!($field), "`: kernel prefix, scalar finish.")]
        #[inline]
        pub(crate) fn $name(
            src: &[$s],
            dst: &mut [$d],
        ) -> Result<usize, TranscodeError<<$dec as Decode>::Error>> {
            if src.len() < SHORT_UNITS {
                return transcode::<$dec, $enc>(src, dst);
            }
            let progress = $raw(src, dst);
            finish_transcode::<$dec, $enc>(src, dst, progress)
        }
    };
}

dispatched_transcoder!(utf16le_to_utf8, utf16le_to_utf8_raw = utf16le_to_utf8: u16 => u8, Utf16<Le> => Utf8);
dispatched_transcoder!(utf16be_to_utf8, utf16be_to_utf8_raw = utf16be_to_utf8: u16 => u8, Utf16<Be> => Utf8);
dispatched_transcoder!(utf32_to_utf8, utf32_to_utf8_raw = utf32_to_utf8: u32 => u8, Utf32 => Utf8);
dispatched_transcoder!(utf16le_to_utf32, utf16le_to_utf32_raw = utf16le_to_utf32: u16 => u32, Utf16<Le> => Utf32);
dispatched_transcoder!(utf16be_to_utf32, utf16be_to_utf32_raw = utf16be_to_utf32: u16 => u32, Utf16<Be> => Utf32);
dispatched_transcoder!(utf32_to_utf16le, utf32_to_utf16le_raw = utf32_to_utf16le: u32 => u16, Utf32 => Utf16<Le>);
dispatched_transcoder!(utf32_to_utf16be, utf32_to_utf16be_raw = utf32_to_utf16be: u32 => u16, Utf32 => Utf16<Be>);

dispatched_transcoder!(utf8_to_utf16le, utf8_to_utf16le_raw = utf8_to_utf16le: u8 => u16, Utf8 => Utf16<Le>);
dispatched_transcoder!(utf8_to_utf16be, utf8_to_utf16be_raw = utf8_to_utf16be: u8 => u16, Utf8 => Utf16<Be>);
dispatched_transcoder!(utf8_to_utf32, utf8_to_utf32_raw = utf8_to_utf32: u8 => u32, Utf8 => Utf32);

/// Converts the longest valid prefix of `src` to native-endian UTF-16:
/// `(bytes read, units written, the error after the prefix)`. For lossy
/// conversion, which needs the output written before an error (the public
/// transcoders do not report it). `dst.len() >= src.len()` must hold.
#[cfg(feature = "alloc")]
pub(crate) fn utf8_to_utf16_until_error(
    src: &[u8],
    dst: &mut [u16],
) -> (usize, usize, Option<Utf8Error>) {
    type N = Utf16<crate::byte_order::Native>;
    let (read, written) = if src.len() < SHORT_UNITS {
        (0, 0)
    } else if cfg!(target_endian = "little") {
        utf8_to_utf16le_raw(src, dst)
    } else {
        utf8_to_utf16be_raw(src, dst)
    };
    match transcode::<Utf8, N>(&src[read..], &mut dst[written..]) {
        Ok(n) => (src.len(), written + n, None),
        Err(TranscodeError::Invalid(e)) => {
            // Convert the valid stretch before the error again, to learn
            // how much it wrote: a few dozen bytes, since the kernel stops
            // at the window holding the error.
            let valid = read + e.valid_up_to();
            let n = match transcode::<Utf8, N>(&src[read..valid], &mut dst[written..]) {
                Ok(n) => n,
                Err(_) => unreachable!("valid UTF-8 needs no more units than bytes"),
            };
            (valid, written + n, Some(e.shifted(read)))
        }
        Err(TranscodeError::OutputTooSmall { .. }) => {
            unreachable!("valid UTF-8 needs no more units than bytes")
        }
    }
}

ifunc!(validate_utf16le_raw(src: &[u16]) -> usize = validate_utf16le);
ifunc!(validate_utf16be_raw(src: &[u16]) -> usize = validate_utf16be);
ifunc!(validate_utf32_raw(src: &[u32]) -> usize = validate_utf32);

/// The dispatched UTF-16LE validator.
#[inline]
pub(crate) fn validate_utf16le(src: &[u16]) -> Result<(), Utf16Error> {
    let valid = if src.len() < SHORT_UNITS { 0 } else { validate_utf16le_raw(src) };
    finish_validate(src, valid, scalar::utf16::validate::<Le>)
}

/// The dispatched UTF-16BE validator.
#[inline]
pub(crate) fn validate_utf16be(src: &[u16]) -> Result<(), Utf16Error> {
    let valid = if src.len() < SHORT_UNITS { 0 } else { validate_utf16be_raw(src) };
    finish_validate(src, valid, scalar::utf16::validate::<Be>)
}

/// The dispatched UTF-32 validator.
#[inline]
pub(crate) fn validate_utf32(src: &[u32]) -> Result<(), Utf32Error> {
    let valid = if src.len() < SHORT_UNITS { 0 } else { validate_utf32_raw(src) };
    finish_validate(src, valid, scalar::utf32::validate)
}

// The native-endian functions are the LE or BE ones.
#[cfg(target_endian = "big")]
pub(crate) use {
    utf16be_to_utf32 as utf16_to_utf32, utf16be_to_utf8 as utf16_to_utf8,
    utf32_to_utf16be as utf32_to_utf16, utf8_to_utf16be as utf8_to_utf16,
    validate_utf16be as validate_utf16,
};
#[cfg(target_endian = "little")]
pub(crate) use {
    utf16le_to_utf32 as utf16_to_utf32, utf16le_to_utf8 as utf16_to_utf8,
    utf32_to_utf16le as utf32_to_utf16, utf8_to_utf16le as utf8_to_utf16,
    validate_utf16le as validate_utf16,
};

/// A count entry point of a kernel.
type CountFn<T> = unsafe fn(&[T]) -> usize;

/// A count with one given kernel (for the `Kernel` count methods): the
/// entry `pick` selects from `fns`, on the whole input.
pub(crate) fn count_with<T>(
    fns: &KernelFns,
    pick: fn(&KernelFns) -> CountFn<T>,
    src: &[T],
) -> usize {
    // SAFETY: `fns` came from `arch::fns`, which only returns tables of
    // kernels the running CPU supports.
    unsafe { pick(fns)(src) }
}
