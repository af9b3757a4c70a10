//! UTF-16 to UTF-32: the kernel prefix. Runs of units without
//! surrogates are widened; vectors of surrogate pairs are converted with
//! shifts; other blocks with surrogates go through scalar code inside the
//! kernel, and a block with an unpaired surrogate stops it. On long
//! inputs the loop runs from the output's first vector boundary
//! ([`to_aligned_output`]).

use super::super::vector::Utf8Vector;
use super::{all_pairs, any_surrogate, load16, pairs_to_utf32, scalar16, WideVector};
use crate::arch::Out;
use crate::byte_order::ByteOrder;

/// UTF-16 in byte order `O` to UTF-32: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf32<V: WideVector + Utf8Vector, O: ByteOrder>(
    src: &[u16],
    dst: &mut Out<u32>,
) -> (usize, usize) {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    let (mut i, mut o, ok) = to_aligned_output::<O>(src, dst, V::BYTES);
    if !ok {
        return (i, o);
    }
    let u = V::BYTES / 2;
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u32>());
    while i + 2 * u <= n && o + 2 * u <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 2u <= n` covers the
        // loads; 2u units give at most 2u values, which `o + 2u <= cap`
        // covers (the scalar path writes one value per character).
        unsafe {
            let a = load16::<V, O>(sp.add(i));
            let b = load16::<V, O>(sp.add(i + u));
            if !any_surrogate(&[a, b]) {
                let out = dp.add(o).cast::<u8>();
                let (a0, a1) = a.widen16();
                let (b0, b1) = b.widen16();
                let w = V::BYTES;
                a0.store(out);
                a1.store(out.add(w));
                b0.store(out.add(2 * w));
                b1.store(out.add(3 * w));
                i += 2 * u;
                o += 2 * u;
                continue;
            }
            if all_pairs(a) && all_pairs(b) {
                let out = dp.add(o).cast::<u8>();
                pairs_to_utf32(a).store(out);
                pairs_to_utf32(b).store(out.add(V::BYTES));
                i += 2 * u;
                o += u;
                continue;
            }
            let put = |o: usize, c: u32| {
                dp.add(o).write_unaligned(c);
                1
            };
            let end = i + 2 * u;
            if !scalar16::<O>(src, &mut i, &mut o, end, put) {
                break;
            }
        }
    }
    (i, o)
}

/// The input and output lengths, in units and values, from which
/// [`to_aligned_output`] converts the characters before the output's first
/// vector boundary one at a time. The loops that widen UTF-16 to UTF-32
/// are bound by their stores, two vectors per vector of input, and a
/// store that straddles two cache lines costs two: on a Sapphire
/// Rapids-class Xeon, from 28 to 19 GB/s of input with AVX-512 (stores of
/// 64 bytes), and from 27.5 to 20.5 with SSE4.2 and AVX2. Below it, the
/// head costs more than the alignment saves.
const ALIGN_OUTPUT_FROM: usize = 1024;

/// Converts the characters of UTF-16 `src` (byte order `O`) whose values
/// go before `dst`'s first `align`-byte boundary, one at a time, where
/// `src` and `dst` both hold at least [`ALIGN_OUTPUT_FROM`] elements (none
/// otherwise), so that the vector stores that follow are aligned. Returns
/// `(read, written, ok)`: `ok` is false where it stopped at an unpaired
/// surrogate, which ends the kernel's prefix there.
#[inline(always)]
pub(crate) fn to_aligned_output<O: ByteOrder>(
    src: &[u16],
    dst: &mut Out<u32>,
    align: usize,
) -> (usize, usize, bool) {
    let (mut i, mut o) = (0, 0);
    if src.len() < ALIGN_OUTPUT_FROM {
        return (i, o, true);
    }
    // Fewer than `align / 4` values, each from at most 2 of the 1,024
    // units or more.
    let head = super::super::aligned_head(dst, align, 4 * ALIGN_OUTPUT_FROM);
    while o < head {
        match crate::scalar::utf16::decode::<O>(src, i) {
            Ok((c, w)) => {
                dst[o].write(c);
                i += w;
                o += 1;
            }
            Err(_) => return (i, o, false),
        }
    }
    (i, o, true)
}
