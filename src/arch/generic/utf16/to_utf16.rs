//! UTF-32 (and `char`s) to UTF-16: the kernel prefixes, as the
//! [parent module](super) describes them.

use super::super::array;
use super::super::vector::Utf8Vector;
use super::{
    any_surrogate_key, invalid32, pairs, store16, surrogate_key, Keep16, LanesExt, WideVector,
    KEEP16, SWAP16,
};
use crate::arch::Out;
use crate::byte_order::ByteOrder;

/// UTF-32 to UTF-16 in byte order `O`: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf16<V: WideVector + Utf8Vector, O: ByteOrder>(
    src: &[u32],
    dst: &mut Out<u16>,
) -> (usize, usize) {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    // SAFETY: the caller guarantees the ISA.
    unsafe { utf32_to_utf16_checked::<V, O, true>(src, dst) }
}

/// Chars to UTF-16 in byte order `O`: the kernel prefix of
/// [`utf32_to_utf16`] without its checks.
#[inline(always)]
pub(crate) unsafe fn chars_to_utf16<V: WideVector + Utf8Vector, O: ByteOrder>(
    src: &[char],
    dst: &mut Out<u16>,
) -> (usize, usize) {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    // SAFETY: the caller guarantees the ISA; every `char` is a scalar value.
    unsafe { utf32_to_utf16_checked::<V, O, false>(crate::arch::chars_as_u32(src), dst) }
}

/// The values per chunk of UTF-32 to UTF-16's BMP run, as a multiple of
/// the units per vector: what the scalar finish redoes at most before an
/// error it finds (2 KiB of input with 16-byte vectors).
const RUN_CHUNK: usize = 64;

/// UTF-32 to UTF-16, checking the values (`CHECK`) or knowing them valid.
///
/// # Safety
///
/// The ISA; without `CHECK`, every value of `src` is a scalar value.
#[inline(always)]
unsafe fn utf32_to_utf16_checked<V: WideVector + Utf8Vector, O: ByteOrder, const CHECK: bool>(
    src: &[u32],
    dst: &mut Out<u16>,
) -> (usize, usize) {
    let (head, out, ok) = to_aligned_input::<O>(src, dst, V::BYTES);
    if !ok {
        return (head, out);
    }
    // The loop on the slices after the head, from 0. Measured aligned on
    // SSE4.2 against simdutf's westmere kernel: 1.10x, where the same loop
    // started at the head's ends ran at 0.98x even with the head empty
    // (and at 0.99x before there was a head): the compiler's code for it
    // differs, not the work.
    // SAFETY: the caller guarantees the ISA and, without `CHECK`, the
    // values.
    let (i, o) = unsafe { utf32_to_utf16_loop::<V, O, CHECK>(&src[head..], &mut dst[out..]) };
    (head + i, out + o)
}

/// The loop of [`utf32_to_utf16_checked`], from the start of `src` and
/// `dst`.
///
/// # Safety
///
/// As [`utf32_to_utf16_checked`].
#[inline(always)]
unsafe fn utf32_to_utf16_loop<V: WideVector + Utf8Vector, O: ByteOrder, const CHECK: bool>(
    src: &[u32],
    dst: &mut Out<u16>,
) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    // Values per vector, and per narrowed vector.
    let (w, u) = (V::BYTES / 4, V::BYTES / 2);
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u16>());
    'convert: while i + u <= n && o + 2 * u <= cap {
        // SAFETY: the caller guarantees the ISA. The BMP run's steps read
        // 2u values and store 2u units while `i + 2u <= end`, which keeps
        // both inside (`i` and `o` advance together there); the other
        // steps' `i + u <= n` covers their two loads of w values, and the
        // at most 2u units of u values are covered by `o + 2u <= cap`.
        unsafe {
            // The BMP run: values below 0x10000, one unit each, four
            // vectors per step, in a loop of its own. (Within the loop
            // below, the compiler laid this path out as a jump away and
            // back: three taken branches per step held SSE4.2 to half of
            // simdutf's speed on BMP text.) Surrogates, the only invalid
            // values below 0x10000, are not tested per step but gathered
            // over a chunk of steps and tested once: on one, the kernel
            // stops at the chunk's start and the scalar finish, which
            // finds the error, redoes at most the chunk.
            let end = n.min(i + (cap - o));
            loop {
                let (start_i, start_o) = (i, o);
                let stop = end.min(i + RUN_CHUNK * u);
                // The minimum surrogate key of the chunk's units.
                let mut keys = V::splat16(0xFFFF);
                let mut bmp = true;
                while i + 2 * u <= stop {
                    let a = V::load(sp.add(i).cast());
                    let b = V::load(sp.add(i + w).cast());
                    let c = V::load(sp.add(i + 2 * w).cast());
                    let d = V::load(sp.add(i + 3 * w).cast());
                    if a.or(b).or(c.or(d)).and(V::splat32(0xFFFF_0000)).any() {
                        bmp = false;
                        break;
                    }
                    // Below 0x10000, narrowing keeps the values.
                    let (ab, cd) = (a.narrow32(b), c.narrow32(d));
                    if CHECK {
                        keys = keys.min16(surrogate_key(ab)).min16(surrogate_key(cd));
                    }
                    store16::<V, O>(ab, dp.add(o));
                    store16::<V, O>(cd, dp.add(o + u));
                    i += 2 * u;
                    o += 2 * u;
                }
                if CHECK && any_surrogate_key(keys) {
                    (i, o) = (start_i, start_o);
                    break 'convert;
                }
                if !bmp || stop == end {
                    break;
                }
            }
            // Values with supplementary ones among them, two vectors at a
            // time, until two are all in the BMP (emoji text stays here).
            loop {
                if i + u > n || o + 2 * u > cap {
                    break 'convert;
                }
                let a = V::load(sp.add(i).cast());
                let b = V::load(sp.add(i + w).cast());
                if CHECK && invalid32(a).or(invalid32(b)).any() {
                    break 'convert;
                }
                o += values_to_utf16::<V, O>(a, dp.add(o));
                o += values_to_utf16::<V, O>(b, dp.add(o));
                i += u;
                if !a.or(b).and(V::splat32(0xFFFF_0000)).any() {
                    break;
                }
            }
        }
    }
    (i, o)
}

/// The input and output lengths, in values and units, from which
/// [`to_aligned_input`] converts the values before the input's first
/// vector boundary one at a time: the loop reads two vectors of input for
/// each one it stores, and a load that straddles two cache lines costs
/// two (SSE4.2 on a Sapphire Rapids-class Xeon: 43.8 GB/s aligned, 39.2
/// at the worst offset). Below it, the head costs more than the alignment
/// saves.
const ALIGN_INPUT_FROM: usize = 1024;

/// Converts the values of UTF-32 `src` before its first `align`-byte
/// boundary to UTF-16 in byte order `O`, one at a time, where `src` and
/// `dst` both hold at least [`ALIGN_INPUT_FROM`] elements (none
/// otherwise), so that the vector loads that follow are aligned. Returns
/// `(read, written, ok)`: `ok` is false where it stopped at a value that
/// is not a scalar value, which ends the kernel's prefix there.
#[inline(always)]
fn to_aligned_input<O: ByteOrder>(
    src: &[u32],
    dst: &mut Out<u16>,
    align: usize,
) -> (usize, usize, bool) {
    let (mut i, mut o) = (0, 0);
    if dst.len() < ALIGN_INPUT_FROM {
        return (i, o, true);
    }
    // Fewer than `align / 4` values, two units each at most, into the
    // 1,024 units or more.
    let head = super::super::aligned_head(src, align, 4 * ALIGN_INPUT_FROM);
    while i < head {
        let Some(c) = char::from_u32(src[i]) else {
            return (i, o, false);
        };
        for unit in c.encode_utf16(&mut [0; 2]) {
            dst[o].write(O::write16(*unit));
            o += 1;
        }
        i += 1;
    }
    (i, o, true)
}

/// Stores the scalar values `v` as UTF-16 in byte order `O` at `dst`, a
/// unit or a surrogate pair each; returns the units written. Writes within
/// `dst..dst + V::BYTES / 2` units (two per value at most).
///
/// Each value's 32-bit lane becomes its pair (high surrogate first) where
/// it is supplementary, and keeps the value in its low half where not;
/// then the high halves of the BMP lanes are dropped, by one shuffle per
/// 128-bit lane from [`KEEP16`]. A vector of nothing but supplementary
/// values (emoji text) is stored whole.
#[inline(always)]
unsafe fn values_to_utf16<V: WideVector, O: ByteOrder>(v: V, dst: *mut u16) -> usize {
    // SAFETY: the caller guarantees the ISA and `V::BYTES / 2` writable
    // units at `dst`. Lane `k`'s 16-byte store starts after the units
    // kept from the lanes before it, at most 8 each, so ends within
    // `8 * (k + 1) <= V::BYTES / 2` units. The rows are 16 readable bytes.
    unsafe {
        let bmp = v.and(V::splat32(0xFFFF_0000)).eq32(V::zero());
        let pairs = pairs(v);
        if !bmp.any() {
            store16::<V, O>(pairs, dst);
            return V::BYTES / 2;
        }
        let units = V::select(bmp, v, pairs);
        let units = if O::SWAP { units.shuffle(V::table(&SWAP16)) } else { units };
        // Every value's low half, and the high half of a pair.
        let keep = bmp.xor_all().mask16() | 0x5555_5555_5555_5555;
        let rows: [&Keep16; 4] = array(|k| &KEEP16[(keep >> (8 * k)) as u8 as usize]);
        let packed = units.shuffle(V::lanes(rows.map(|r| r.idx.as_ptr())));
        let mut n = 0;
        for (k, row) in rows.iter().enumerate().take(V::BYTES / 16) {
            packed.store_lane(k, dst.add(n).cast());
            n += usize::from(row.len);
        }
        n
    }
}
