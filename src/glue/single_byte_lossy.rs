//! Lossy encoding from UTF-8 to Latin-1 and Windows-1252: every character
//! the target cannot represent, and every maximal invalid subpart of the
//! input, becomes one caller-chosen byte.
//!
//! The representable text runs on the kernel's SIMD Latin-1 prefix
//! encoder, exactly as the strict encoders do; where it stops (a
//! character above U+00FF, invalid input) a burst of scalar code encodes
//! or replaces characters one by one before the prefix is tried again.
//! One character always becomes one byte, which is what makes the
//! Windows-1252 fix-up cheap: a C1 control U+0080..=U+009F that the
//! Latin-1 prefix wrote as its own byte is replaced in place.

use super::windows1252::{foreign_c1, BURST};
use super::{into_sink, Sink, SHORT_UNITS};
use crate::arch::{KernelFns, Out};
use crate::error::TranscodeError;
use crate::scalar::latin1::{ByteCharset, Latin1};
use crate::scalar::transcode::{Decode, Str};
use crate::scalar::utf8;
use core::convert::Infallible;

/// The UTF-8 that a lossy encoder reads.
pub(crate) trait Source {
    /// The character at `src[i]` (`None` where the input is invalid) and
    /// the bytes it spans: a character's width, or the length of the
    /// maximal invalid subpart starting at `i` (the rest of the input for
    /// a sequence cut by its end), as `String::from_utf8_lossy` counts it.
    fn next(src: &[u8], i: usize) -> (Option<u32>, usize);
}

/// Bytes that may be invalid UTF-8.
pub(crate) struct Bytes;

/// The bytes of a `str`: valid by their type.
pub(crate) struct Valid;

impl Source for Bytes {
    #[inline(always)]
    fn next(src: &[u8], i: usize) -> (Option<u32>, usize) {
        match utf8::decode(src, i) {
            Some((c, w)) => (Some(c), w),
            None => (None, utf8::error_at(src, i).error_len().unwrap_or(src.len() - i)),
        }
    }
}

impl Source for Valid {
    #[inline(always)]
    fn next(src: &[u8], i: usize) -> (Option<u32>, usize) {
        match Str::decode(src, i) {
            Ok((c, w)) => (Some(c), w),
            Err(e) => match e {},
        }
    }
}

/// Encodes `src` into `dst`, replacing what `C` cannot represent (and, for
/// [`Bytes`], each maximal invalid subpart) with `replacement`, counted in
/// `replaced`.
///
/// Keeps the [`Out`] contract: it writes `dst` only, and on return
/// `dst[..w]` is written, where `w` is `Ok(w)` or the error's `written`.
/// The only error is `OutputTooSmall`, at a character or subpart boundary
/// (`replaced` then counts the replacements in `dst[..written]`).
fn encode<S: Source, C: ByteCharset>(
    fns: &KernelFns,
    src: &[u8],
    dst: &mut Out<u8>,
    replacement: u8,
    replaced: &mut usize,
) -> Result<usize, TranscodeError<Infallible>> {
    let (mut i, mut o) = (0, 0);
    while i < src.len() {
        if src.len() - i >= SHORT_UNITS {
            let (read, written) = fns.utf8_to_latin1_prefix(&src[i..], &mut dst[o..]);
            debug_assert!(
                read <= src.len() - i && written <= dst.len() - o,
                "kernel overran its input or output"
            );
            if C::FOREIGN_C1 {
                *replaced += replace_foreign_c1(fns, &mut dst[o..o + written], replacement);
            }
            i += read;
            o += written;
        }
        // The scalar burst: it may end past `stop`, inside no character.
        let stop = src.len().min(i + BURST);
        while i < stop {
            let (c, w) = S::next(src, i);
            let Some(slot) = dst.get_mut(o) else {
                return Err(TranscodeError::OutputTooSmall { read: i, written: o });
            };
            let byte = match c.and_then(C::byte) {
                Some(b) => b,
                None => {
                    *replaced += 1;
                    replacement
                }
            };
            slot.write(byte);
            o += 1;
            i += w;
        }
    }
    Ok(o)
}

/// Replaces, in `out` (all written by the Latin-1 prefix), each byte
/// `80..=9F` that Windows-1252 gives another character: the C1 control
/// the prefix wrote as its own value, which Windows-1252 cannot represent.
/// Returns how many it replaced.
fn replace_foreign_c1(fns: &KernelFns, out: &mut Out<u8>, replacement: u8) -> usize {
    // SAFETY: the kernel wrote every byte of `out` (the `Out` contract:
    // `out` is `dst[o..o + written]`), so they are initialised, and
    // `MaybeUninit<u8>` has the layout of `u8`.
    let out = unsafe { &mut *(out as *mut Out<u8> as *mut [u8]) };
    let (mut from, mut n) = (0, 0);
    while let Some(k) = foreign_c1(fns, &out[from..]) {
        out[from + k] = replacement;
        n += 1;
        from += k + 1;
    }
    n
}

/// `fns`' lossy UTF-8 (`S`) to `C` encoder into any sink: the result (the
/// only error is `OutputTooSmall`) and the replacements in what was
/// written.
pub(crate) fn encode_lossy<S: Source, C: ByteCharset, K: ?Sized + Sink<Latin1>>(
    fns: &KernelFns,
    src: &[u8],
    dst: &mut K,
    replacement: u8,
) -> (Result<usize, TranscodeError<Infallible>>, usize) {
    let mut replaced = 0;
    // SAFETY: `encode` keeps the `Out` contract (see its doc), and writes
    // bytes, which are all valid Latin-1 output.
    let r =
        unsafe { into_sink(dst, |out| encode::<S, C>(fns, src, out, replacement, &mut replaced)) };
    (r, replaced)
}

/// [`encode_lossy`] appended to `dst`: reserves `room` first (the
/// characters of `src`, a size that suffices unless the input has stray
/// continuation bytes, each of which becomes one byte too), then grows by
/// what is left of the input whenever it runs out. Returns the bytes
/// appended and the replacements.
#[cfg(feature = "alloc")]
pub(crate) fn append_lossy<S: Source, C: ByteCharset>(
    fns: &KernelFns,
    src: &[u8],
    dst: &mut alloc::vec::Vec<u8>,
    replacement: u8,
    room: usize,
) -> (usize, usize) {
    dst.reserve(room);
    let (mut i, mut total, mut replaced) = (0, 0, 0);
    loop {
        let (r, n) = encode_lossy::<S, C, _>(fns, &src[i..], dst, replacement);
        replaced += n;
        match r {
            Ok(written) => return (total + written, replaced),
            Err(TranscodeError::OutputTooSmall { read, written }) => {
                // Always progress: at least one byte of room is reserved,
                // and the encoder stops only where it has none.
                total += written;
                i += read;
                dst.reserve(src.len() - i);
            }
            Err(TranscodeError::Invalid { error, .. }) => match error {},
        }
    }
}
