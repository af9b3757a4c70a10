//! Runtime dispatch: one cached function pointer per entry point.
//!
//! Each entry point keeps a `static AtomicPtr` that starts out pointing at
//! its own `detect` function. The first call resolves the active kernel
//! ([`Kernel::active`], which honours `RAPIDUTF_KERNEL`), stores that
//! kernel's function in the pointer and calls it; every later call is one
//! relaxed load and an indirect call. A race between two first calls is
//! benign: both store the same pointer.
//!
//! Inputs shorter than [`SHORT`] bytes never reach the indirect call: the
//! scalar DFA handles them inline, where the compiler can see through it
//! (an indirect call and a SIMD prologue cost more than they save there).

use crate::arch::KernelFns;
use crate::error::Utf8Error;
use crate::{scalar, Kernel};
use core::sync::atomic::{AtomicPtr, Ordering::Relaxed};

/// Below this many bytes the kernels are not called: [`short`] answers
/// inline. A kernel needs one whole block (64 bytes) plus the three bytes
/// before its last, overlapping block to avoid copying the input into a
/// padded buffer, which costs more than the DFA below that length; from
/// there on the kernels beat the DFA and `core::str::from_utf8` at every
/// length (measured up to 4 KiB on ASCII, Cyrillic and Chinese text).
pub(crate) const SHORT: usize = 64 + 3;

/// Validation of inputs shorter than [`SHORT`], inline: an ASCII test of a
/// few overlapping words, then the scalar DFA for the rest, except for
/// non-ASCII inputs under 8 bytes, a character or two, where
/// `core::str::from_utf8` (which needs no setup at all) is measurably
/// faster; an error is then found again by the rewind from 0, the same
/// short scan.
#[inline(always)]
fn short(bytes: &[u8]) -> Result<(), usize> {
    if short_is_ascii(bytes) {
        Ok(())
    } else if bytes.len() < 8 {
        core::str::from_utf8(bytes).map(|_| ()).map_err(|_| 0)
    } else {
        scalar::dfa::validate(bytes)
    }
}

/// Whether `bytes` (shorter than [`SHORT`]) is ASCII, with overlapping
/// unaligned word reads instead of a byte loop.
#[inline(always)]
fn short_is_ascii(bytes: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let word = |w: &[u8; 8]| u64::from_ne_bytes(*w);
    let half = |w: &[u8; 4]| u32::from_ne_bytes(*w);
    if let Some(last) = bytes.last_chunk::<8>() {
        let (words, _) = bytes.as_chunks::<8>();
        words.iter().fold(word(last), |acc, w| acc | word(w)) & HIGH == 0
    } else if let (Some(a), Some(b)) = (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
        (half(a) | half(b)) & HIGH as u32 == 0
    } else {
        bytes.iter().all(|&b| b < 0x80)
    }
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
    scalar::count::utf8_len_from_utf16::<crate::transcode::Le>
);
count_entry!(
    utf8_len_from_utf16be(u16) = utf8_len_from_utf16be_raw,
    scalar::count::utf8_len_from_utf16::<crate::transcode::Be>
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
    scalar::count::utf32_len_from_utf16::<crate::transcode::Le>
);
count_entry!(
    utf32_len_from_utf16be(u16) = utf32_len_from_utf16be_raw,
    scalar::count::utf32_len_from_utf16::<crate::transcode::Be>
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
    let r = if bytes.len() < SHORT { short(bytes) } else { validate_utf8_raw(bytes) };
    finish(bytes, r)
}

/// [`crate::is_valid_utf8`]: short inputs inline, the rest dispatched.
#[inline]
pub(crate) fn is_valid_utf8(bytes: &[u8]) -> bool {
    if bytes.len() < SHORT {
        short(bytes).is_ok()
    } else {
        is_valid_utf8_raw(bytes)
    }
}

/// The longest valid prefix as a `str`, and the error after it, if any.
#[cfg(feature = "alloc")]
pub(crate) fn split_valid_utf8(bytes: &[u8]) -> (&str, Option<Utf8Error>) {
    match validate_utf8(bytes) {
        Ok(s) => (s, None),
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            // SAFETY: `valid_up_to` is, by contract, the length of the
            // longest valid prefix.
            (unsafe { core::str::from_utf8_unchecked(valid) }, Some(e))
        }
    }
}

/// As [`split_valid_utf8`], for input that is expected to hold errors: the
/// kernel reports errors to within a vector rather than a group of blocks
/// (`validate_utf8_blocks`), so the scalar rescan that finds the exact
/// error is short.
#[cfg(feature = "alloc")]
pub(crate) fn split_valid_utf8_blocks(bytes: &[u8]) -> (&str, Option<Utf8Error>) {
    let r = if bytes.len() < SHORT { short(bytes) } else { validate_utf8_blocks_raw(bytes) };
    split(bytes, r)
}

/// The valid prefix and the error, from a kernel's answer.
#[cfg(feature = "alloc")]
#[inline(always)]
fn split(bytes: &[u8], r: Result<(), usize>) -> (&str, Option<Utf8Error>) {
    match finish(bytes, r) {
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
    let r = if bytes.len() < SHORT { short(bytes) } else { validate_utf8_raw(bytes) };
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
