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
use crate::error::{TranscodeError, Utf8Error};
use crate::scalar::transcode::{transcode, Decode, Encode, Utf16, Utf32, Utf8};
use crate::transcode::{Be, Le};
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
// Transcoding: a kernel converts a prefix, the scalar loop finishes.

/// Positions in an error, moved by an offset: how an error found by the
/// scalar finish in `src[read..]` becomes one in `src`.
pub(crate) trait ShiftError {
    /// The error with its input positions moved `by` units later.
    fn shift(self, by: usize) -> Self;
}

impl ShiftError for Utf8Error {
    #[inline(always)]
    fn shift(mut self, by: usize) -> Self {
        self.valid_up_to += by;
        self
    }
}

/// Below this many input units the transcoders do not call a kernel: the
/// kernels need a 64-byte window plus 16 bytes of margin to do anything.
pub(crate) const TRANSCODE_SHORT: usize = 64 + 16;

/// The one glue of every transcoder, dispatched or with a given kernel:
/// given the kernel's progress `(read, written)` (`src[..read]` valid and
/// converted into `dst[..written]`), runs the scalar loop on the rest and
/// moves the positions of its result by the progress.
#[inline(always)]
pub(crate) fn finish_transcode<D: Decode, E: Encode>(
    src: &[D::Unit],
    dst: &mut [E::Unit],
    (read, written): (usize, usize),
) -> Result<usize, TranscodeError<D::Error>>
where
    D::Error: ShiftError,
{
    debug_assert!(read <= src.len() && written <= dst.len(), "kernel progress out of range");
    match transcode::<D, E>(&src[read..], &mut dst[written..]) {
        Ok(n) => Ok(written + n),
        Err(TranscodeError::Invalid(e)) => Err(TranscodeError::Invalid(e.shift(read))),
        Err(TranscodeError::OutputTooSmall { read: r, written: w }) => {
            Err(TranscodeError::OutputTooSmall { read: read + r, written: written + w })
        }
    }
}

ifunc!(utf8_to_utf16le_raw(src: &[u8], dst: &mut [u16]) -> (usize, usize) = utf8_to_utf16le);
ifunc!(utf8_to_utf16be_raw(src: &[u8], dst: &mut [u16]) -> (usize, usize) = utf8_to_utf16be);
ifunc!(utf8_to_utf32_raw(src: &[u8], dst: &mut [u32]) -> (usize, usize) = utf8_to_utf32);

/// Defines a dispatched transcoder `$name` (short inputs scalar only, the
/// rest through `$raw`) and its one-kernel twin `$with` (always through
/// the kernel's `$field`). Plumbing only.
macro_rules! transcoder {
    ($name:ident, $with:ident, $raw:ident, $field:ident: $s:ty => $t:ty, $d:ty => $e:ty) => {
        #[inline]
        pub(crate) fn $name(
            src: &[$s],
            dst: &mut [$t],
        ) -> Result<usize, TranscodeError<<$d as Decode>::Error>> {
            let progress = if src.len() < TRANSCODE_SHORT { (0, 0) } else { $raw(src, dst) };
            finish_transcode::<$d, $e>(src, dst, progress)
        }

        pub(crate) fn $with(
            fns: &KernelFns,
            src: &[$s],
            dst: &mut [$t],
        ) -> Result<usize, TranscodeError<<$d as Decode>::Error>> {
            // SAFETY: `fns` came from `arch::fns`, which only returns tables
            // of kernels the running CPU supports.
            let progress = unsafe { (fns.$field)(src, dst) };
            finish_transcode::<$d, $e>(src, dst, progress)
        }
    };
}

transcoder!(utf8_to_utf16le, utf8_to_utf16le_with, utf8_to_utf16le_raw, utf8_to_utf16le:
    u8 => u16, Utf8 => Utf16<Le>);
transcoder!(utf8_to_utf16be, utf8_to_utf16be_with, utf8_to_utf16be_raw, utf8_to_utf16be:
    u8 => u16, Utf8 => Utf16<Be>);
transcoder!(utf8_to_utf32, utf8_to_utf32_with, utf8_to_utf32_raw, utf8_to_utf32:
    u8 => u32, Utf8 => Utf32);

/// Converts the longest valid prefix of `src` to native-endian UTF-16:
/// `(bytes read, units written, the error after the prefix)`. For lossy
/// conversion, which needs the output written before an error (the public
/// transcoders do not report it). `dst.len() >= src.len()` must hold.
#[cfg(feature = "alloc")]
pub(crate) fn utf8_to_utf16_until_error(
    src: &[u8],
    dst: &mut [u16],
) -> (usize, usize, Option<Utf8Error>) {
    type N = Utf16<crate::transcode::Native>;
    let (read, written) = if src.len() < TRANSCODE_SHORT {
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
            (valid, written + n, Some(e.shift(read)))
        }
        Err(TranscodeError::OutputTooSmall { .. }) => {
            unreachable!("valid UTF-8 needs no more units than bytes")
        }
    }
}
