//! Encoding to Windows-1252: the SIMD Latin-1 prefix of a kernel, checked
//! for the bytes that Windows-1252 gives other characters, then scalar
//! code, in turns, into any [`Sink`] (a caller's initialised or
//! uninitialised buffer).

use super::{into_sink, write_copy, Sink, SHORT_UNITS};
use crate::arch::{KernelFns, Out};
use crate::byte_order::{Be, Le};
use crate::error::Utf8Error;
use crate::error::{Latin1Error, Latin1ErrorKind, TranscodeError, Utf16Error, Utf32Error};
use crate::scalar;
use crate::scalar::latin1::Latin1;
use crate::scalar::transcode::{Decode, Utf16, Utf32, Utf8};
use crate::scalar::windows1252::{encode, ToWindows1252};

/// The units the scalar code converts after the SIMD prefix stops (at a
/// block with a character Latin-1 lacks), before the SIMD prefix is tried
/// again: typographic text has such a character every few dozen bytes,
/// and a call into the kernel costs about as much as a few characters.
pub(super) const BURST: usize = 32;

/// A kernel's SIMD Latin-1 prefix encoder: `(read, written)` under the
/// [`Out`] contract.
type Prefix<T> = fn(&KernelFns, &[T], &mut Out<u8>) -> (usize, usize);

/// A scalar fast path from `(i, o)` towards `stop` (and the end of
/// `dst`), for characters it can vouch for: returns where it stopped.
type Run<T> = fn(&[T], &mut Out<u8>, usize, usize, usize) -> (usize, usize);

/// [`Run`] for UTF-8: ASCII, and the 2- and 3-byte sequences of
/// characters Windows-1252 has, checked as the UTF-8 grammar requires (a
/// 2-byte lead from `C2` is never overlong; a 3-byte sequence must decode
/// to U+0800 or above, and the index holds no surrogate). Anything else
/// is left to the exact decoder.
fn utf8_run(
    src: &[u8],
    dst: &mut Out<u8>,
    mut i: usize,
    mut o: usize,
    stop: usize,
) -> (usize, usize) {
    let cont = |b: u8| b & 0xC0 == 0x80;
    while i < stop && o < dst.len() {
        // Eight ASCII bytes at a time where there are eight.
        if let (Some(w), Some(out)) = (src[i..].first_chunk::<8>(), dst.get_mut(o..o + 8)) {
            if u64::from_ne_bytes(*w) & 0x8080_8080_8080_8080 == 0 {
                write_copy(out, w);
                i += 8;
                o += 8;
                continue;
            }
        }
        let b = src[i];
        let (c, w) = if b < 0x80 {
            (u32::from(b), 1)
        } else {
            match (b, src.get(i + 1).copied(), src.get(i + 2).copied()) {
                (0xC2..=0xDF, Some(n), _) if cont(n) => {
                    (u32::from(b & 0x1F) << 6 | u32::from(n & 0x3F), 2)
                }
                (0xE0..=0xEF, Some(n), Some(m)) if cont(n) && cont(m) => {
                    let c =
                        u32::from(b & 0x0F) << 12 | u32::from(n & 0x3F) << 6 | u32::from(m & 0x3F);
                    if c < 0x800 {
                        break;
                    }
                    (c, 3)
                }
                _ => break,
            }
        };
        let Some(byte) = encode(c) else { break };
        dst[o].write(byte);
        o += 1;
        i += w;
    }
    (i, o)
}

/// [`Run`] for UTF-16 and UTF-32, whose scalar decoders are cheap already.
fn no_run<T>(_: &[T], _: &mut Out<u8>, i: usize, o: usize, _: usize) -> (usize, usize) {
    (i, o)
}

/// Encodes `src` as Windows-1252 into `dst`, alternating between `fns`'
/// SIMD Latin-1 prefix (`prefix`) and scalar code: `run`, a fast path over
/// the characters it can vouch for, then the exact decoder (`D` decodes
/// the input, [`ToWindows1252`] maps each character), which takes over
/// where both stop and computes every error exactly.
///
/// Latin-1 writes the C1 controls U+0080..=U+009F as the bytes `80..=9F`,
/// which in Windows-1252 are other characters (but for five): the prefix's
/// output is checked for them, and the first one is an error.
///
/// Keeps the [`Out`] contract: it writes `dst` only, and `dst[..written]`
/// is the conversion of the input before the reported problem.
///
/// Every error is marked as one of Windows-1252 (its `Display` says so).
fn encode_into<D: Decode<Unit = T>, T: Copy>(
    fns: &KernelFns,
    src: &[T],
    dst: &mut Out<u8>,
    prefix: Prefix<T>,
    run: Run<T>,
) -> Result<usize, TranscodeError<Latin1Error<D::Error>>> {
    encode_any::<D, T>(fns, src, dst, prefix, run).map_err(|e| match e {
        TranscodeError::Invalid { error, written } => {
            TranscodeError::Invalid { error: error.in_windows1252(), written }
        }
        e @ TranscodeError::OutputTooSmall { .. } => e,
    })
}

/// [`encode_into`] before its errors are marked.
fn encode_any<D: Decode<Unit = T>, T: Copy>(
    fns: &KernelFns,
    src: &[T],
    dst: &mut Out<u8>,
    prefix: Prefix<T>,
    run: Run<T>,
) -> Result<usize, TranscodeError<Latin1Error<D::Error>>> {
    let (mut i, mut o) = (0, 0);
    while i < src.len() {
        if src.len() - i >= SHORT_UNITS {
            let (read, written) = prefix(fns, &src[i..], &mut dst[o..]);
            debug_assert!(written <= dst.len() - o, "kernel overran its output");
            // SAFETY: a kernel entry has written `written` bytes from `o`
            // on (the `Out` contract), so they are initialised.
            let out =
                unsafe { core::slice::from_raw_parts(dst.as_ptr().add(o).cast::<u8>(), written) };
            if let Some(k) = foreign_c1(fns, out) {
                // The first `k` characters converted; the next one is a
                // C1 control (decoded again for its exact position).
                let at = (0..k).fold(i, |at, _| at + D::decode(src, at).map_or(1, |(_, w)| w));
                let c = char::from(out[k]);
                let error = Latin1Error::new(at, Latin1ErrorKind::Unrepresentable(c));
                return Err(TranscodeError::Invalid { error, written: o + k });
            }
            i += read;
            o += written;
        }
        let stop = src.len().min(i + BURST);
        (i, o) = run(src, dst, i, o, stop);
        while i < stop {
            let (b, w) = ToWindows1252::<D>::decode(src, i)
                .map_err(|error| TranscodeError::Invalid { error, written: o })?;
            let Some(slot) = dst.get_mut(o) else {
                return Err(TranscodeError::OutputTooSmall { read: i, written: o });
            };
            slot.write(b as u8);
            o += 1;
            i += w;
        }
    }
    Ok(o)
}

/// The index of the first byte of `out` in `80..=9F` that Windows-1252
/// does not write for the character of the same value (all but `81`,
/// `8D`, `8F`, `90` and `9D`), if any. Eight bytes at a time: a byte is in
/// `80..=9F` iff its top three bits are `100`, and XOR makes exactly
/// those bytes zero for the classic zero-byte test.
pub(super) fn foreign_c1(fns: &KernelFns, out: &[u8]) -> Option<usize> {
    // Most text converts in ASCII stretches, which the SIMD test clears.
    let ascii = if out.len() < 64 { scalar::ascii::is_ascii(out) } else { fns.is_ascii(out) };
    if ascii {
        return None;
    }
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    let words = out.chunks_exact(8);
    let first = words.clone().position(|w| {
        let w: [u8; 8] = w.try_into().unwrap_or_default();
        let v = (u64::from_le_bytes(w) & 0xE0E0_E0E0_E0E0_E0E0) ^ HIGH_BITS;
        v.wrapping_sub(LOW) & !v & HIGH_BITS != 0
    });
    let from = first.map_or(out.len() - words.remainder().len(), |w| 8 * w);
    out[from..].iter().position(|&b| encode(u32::from(b)).is_none()).map(|k| from + k)
}

/// `fns`' UTF-8 to Windows-1252 into any sink.
pub(crate) fn utf8_to_windows1252<S: ?Sized + Sink<Latin1>>(
    fns: &KernelFns,
    src: &[u8],
    dst: &mut S,
) -> Result<usize, TranscodeError<Latin1Error<Utf8Error>>> {
    let prefix: Prefix<u8> = |fns, src, dst| fns.utf8_to_latin1_prefix(src, dst);
    // SAFETY: `encode_into` keeps the `Out` contract (see its doc).
    unsafe { into_sink(dst, |out| encode_into::<Utf8, u8>(fns, src, out, prefix, utf8_run)) }
}

/// `fns`' UTF-16LE to Windows-1252 into any sink.
pub(crate) fn utf16le_to_windows1252<S: ?Sized + Sink<Latin1>>(
    fns: &KernelFns,
    src: &[u16],
    dst: &mut S,
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    let prefix: Prefix<u16> = |fns, src, dst| fns.utf16le_to_latin1_prefix(src, dst);
    // SAFETY: `encode_into` keeps the `Out` contract (see its doc).
    unsafe { into_sink(dst, |out| encode_into::<Utf16<Le>, u16>(fns, src, out, prefix, no_run)) }
}

/// `fns`' UTF-16BE to Windows-1252 into any sink.
pub(crate) fn utf16be_to_windows1252<S: ?Sized + Sink<Latin1>>(
    fns: &KernelFns,
    src: &[u16],
    dst: &mut S,
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    let prefix: Prefix<u16> = |fns, src, dst| fns.utf16be_to_latin1_prefix(src, dst);
    // SAFETY: `encode_into` keeps the `Out` contract (see its doc).
    unsafe { into_sink(dst, |out| encode_into::<Utf16<Be>, u16>(fns, src, out, prefix, no_run)) }
}

/// `fns`' UTF-32 to Windows-1252 into any sink.
pub(crate) fn utf32_to_windows1252<S: ?Sized + Sink<Latin1>>(
    fns: &KernelFns,
    src: &[u32],
    dst: &mut S,
) -> Result<usize, TranscodeError<Latin1Error<Utf32Error>>> {
    let prefix: Prefix<u32> = |fns, src, dst| fns.utf32_to_latin1_prefix(src, dst);
    // SAFETY: `encode_into` keeps the `Out` contract (see its doc).
    unsafe { into_sink(dst, |out| encode_into::<Utf32, u32>(fns, src, out, prefix, no_run)) }
}
