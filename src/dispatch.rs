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

use crate::arch::KernelFns;
use crate::error::Utf8Error;
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
