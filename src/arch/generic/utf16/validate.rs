//! UTF-16 and UTF-32 validation: the kernel prefixes.

use super::super::array;
use super::{load16, surrogates16, LanesExt, WideVector};
use crate::byte_order::ByteOrder;

/// The length of a valid prefix of UTF-16 in byte order `O`.
///
/// A low surrogate is valid exactly where the unit before it is a high
/// surrogate, and a high one where the unit after it is a low one; so with
/// `prev` the vector one unit earlier, a block is valid when "is low" in
/// `cur` equals "is high" in `prev`, lane by lane. That test runs only for
/// blocks with a surrogate in them or just before them: a block without
/// surrogates can follow one that ended in a high surrogate, which the
/// check of that block notes (`pending`), so that the loop over text
/// without surrogates reads no unit twice and tests no scalar. Four
/// vectors per test while they last, then two: on an AMD EPYC with AVX2
/// (CPU family 23) the two changes took text without surrogates from 15
/// to 21 GB/s with 128-bit vectors and from 19 to 27 GB/s with 256-bit
/// ones (eight 128-bit vectors per test measured no faster).
#[inline(always)]
pub(crate) unsafe fn validate_utf16<V: WideVector, O: ByteOrder>(src: &[u16]) -> usize {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return 0;
    }
    let u = V::BYTES / 2;
    let n = src.len();
    // The first character by scalar code, so that every block has a unit
    // before it.
    let mut i = match src.first() {
        None => return 0,
        Some(_) => match crate::scalar::utf16::decode::<O>(src, 0) {
            Ok((_, w)) => w,
            Err(_) => return 0,
        },
    };
    let sp = src.as_ptr();
    let is_high = |u: u16| O::read16(u) & 0xFC00 == 0xD800;
    // Whether the unit before `i` is a high surrogate. Not after the first
    // character: it is whole.
    let mut pending = false;
    while i + 4 * u <= n {
        // SAFETY: the caller guarantees the ISA; `1 <= i` and `i + 4u <= n`
        // make the loads at `i .. i + 4u` in bounds, and those of `paired`
        // at `i - 1 .. i + 2u` and `i + 2u - 1 .. i + 4u`.
        unsafe {
            let v: [V; 4] = array(|k| load16::<V, O>(sp.add(i + k * u)));
            let s = surrogates16(v[0]).or(surrogates16(v[1]));
            let s = s.or(surrogates16(v[2]).or(surrogates16(v[3])));
            if !pending && !s.any() {
                i += 4 * u;
                continue;
            }
            if !paired::<V, O>(sp.add(i)) || !paired::<V, O>(sp.add(i + 2 * u)) {
                break;
            }
            i += 4 * u;
            pending = is_high(src[i - 1]);
        }
    }
    while i + 2 * u <= n {
        // SAFETY: as above, with `i + 2u <= n`.
        unsafe {
            let (a, b) = (load16::<V, O>(sp.add(i)), load16::<V, O>(sp.add(i + u)));
            if !pending && !surrogates16(a).or(surrogates16(b)).any() {
                i += 2 * u;
                continue;
            }
            if !paired::<V, O>(sp.add(i)) {
                break;
            }
            i += 2 * u;
            pending = is_high(src[i - 1]);
        }
    }
    // A high surrogate last is not known to be paired yet.
    if i > 0 && is_high(src[i - 1]) {
        i - 1
    } else {
        i
    }
}

/// Whether the two vectors of units at `at` pair their surrogates with
/// the units next to them (a high surrogate last is left to the next
/// block).
///
/// # Safety
///
/// The ISA; the `V::BYTES + 1` units from `at - 1` are readable.
#[inline(always)]
unsafe fn paired<V: WideVector, O: ByteOrder>(at: *const u16) -> bool {
    let u = V::BYTES / 2;
    // SAFETY: the caller guarantees the ISA and the units `at - 1 ..
    // at + 2u`, which the loads read.
    unsafe {
        let fc = V::splat16(0xFC00);
        let (high, low) = (V::splat16(0xD800), V::splat16(0xDC00));
        let (a, b) = (load16::<V, O>(at), load16::<V, O>(at.add(u)));
        let (pa, pb) = (load16::<V, O>(at.sub(1)), load16::<V, O>(at.add(u - 1)));
        let bad_a = a.and(fc).eq16(low).xor(pa.and(fc).eq16(high));
        let bad_b = b.and(fc).eq16(low).xor(pb.and(fc).eq16(high));
        !bad_a.or(bad_b).any()
    }
}

/// The length of a valid prefix of UTF-32.
#[inline(always)]
pub(crate) unsafe fn validate_utf32<V: WideVector>(src: &[u32]) -> usize {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return 0;
    }
    let w = V::BYTES / 4;
    let sp = src.as_ptr();
    let mut i = 0;
    while i + 4 * w <= src.len() {
        // SAFETY: the caller guarantees the ISA; `i + 4w <= len` covers the
        // four loads.
        unsafe {
            let p = sp.add(i).cast::<u8>();
            let b = V::BYTES;
            let v = [V::load(p), V::load(p.add(b)), V::load(p.add(2 * b)), V::load(p.add(3 * b))];
            // Above U+10FFFF: the maximum is. A surrogate: subtracting
            // 0xE000 (wrapping) takes 0xD800..=0xDFFF to the top 0x800
            // values and every other value below them, so the maximum of
            // the differences is above 0xFFFF_F7FF. Two maximums and one
            // test per step, instead of a compare per vector.
            let (max, e000, off_max) =
                (V::splat32(0x10FFFF), V::splat32(0xE000), V::splat32(0xFFFF_F7FF));
            let m = v[0].max32(v[1]).max32(v[2].max32(v[3]));
            let t = v[0].sub32(e000).max32(v[1].sub32(e000));
            let t = t.max32(v[2].sub32(e000).max32(v[3].sub32(e000)));
            let ok = m.max32(max).eq32(max).and(t.max32(off_max).eq32(off_max));
            if ok.xor_all().any() {
                break;
            }
            i += 4 * w;
        }
    }
    i
}
