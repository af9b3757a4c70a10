//! UTF-16 to UTF-32: the kernel prefix. Runs of units without
//! surrogates are widened; vectors of surrogate pairs are converted with
//! shifts; other blocks with surrogates go through scalar code inside the
//! kernel, and a block with an unpaired surrogate stops it.

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
    let u = V::BYTES / 2;
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u32>());
    let (mut i, mut o) = (0, 0);
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
