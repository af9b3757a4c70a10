//! UTF-16 and UTF-32 to UTF-8 (and `char`s to UTF-8): the kernel
//! prefixes, as the [parent module](super) describes them.

use super::super::vector::Utf8Vector;
use super::{
    all_pairs, any_surrogate, encode, encode_1_2, encode_1_4, has_surrogates, invalid32, load16,
    pairs_to_utf8, put_utf8, scalar16, WideVector,
};
use crate::arch::Out;
use crate::byte_order::ByteOrder;

/// UTF-16 in byte order `O` to UTF-8: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf8<V: WideVector + Utf8Vector, O: ByteOrder>(
    src: &[u16],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    // Units per vector.
    let u = V::BYTES / 2;
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let (mut i, mut o) = (0, 0);
    // Room for two vectors' worth of units of 3 bytes plus the scratch of
    // the last store.
    while i + 2 * u <= n && o + 4 * V::BYTES <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 2u <= n` makes the
        // two vector loads in bounds (and `i + 4u <= n` the four of the
        // ASCII run, whose two stores of `V::BYTES` bytes `o + 2 *
        // V::BYTES <= cap` covers). Each `encode` writes at most
        // 3u + 4 bytes at `o`, after at most 3u bytes of
        // the first, which `o + 4 * V::BYTES = o + 8u <= cap` covers;
        // `encode_below_800` writes within `2 * V::BYTES` bytes;
        // `all_pairs` output is `V::BYTES` bytes per vector; `put_utf8`
        // writes 4 bytes per character of at most u + 1 units, at most
        // 4u + 4 <= 8u bytes. The group of four vectors: `i + 4u <= n`
        // covers its loads, `o + 8 * V::BYTES = o + 16u <= cap` its two
        // ASCII stores or four encodings (at most 12u + 4 bytes).
        unsafe {
            let ascii = V::splat16(0xFF80);
            // Four vectors at a time first, converted without a branch
            // per vector where none is a surrogate: in text with an
            // accent every few dozen letters (French), whether a vector
            // or a pair is ASCII is a coin toss that the branch predictor
            // loses, and four encodings cost less than the mispredictions
            // (see `group_to_utf8`).
            if i + 4 * u <= n && o + 8 * V::BYTES <= cap {
                let v = [
                    load16::<V, O>(sp.add(i)),
                    load16::<V, O>(sp.add(i + u)),
                    load16::<V, O>(sp.add(i + 2 * u)),
                    load16::<V, O>(sp.add(i + 3 * u)),
                ];
                let all = v[0].or(v[1]).or(v[2].or(v[3]));
                if !all.and(ascii).any() {
                    v[0].narrow16(v[1]).store(dp.add(o));
                    v[2].narrow16(v[3]).store(dp.add(o + 2 * u));
                    i += 4 * u;
                    o += 4 * u;
                    ascii_run16::<V, O>(src, dp, cap, &mut i, &mut o);
                    continue;
                }
                if let Some(k) = group_to_utf8(v, all, dp.add(o)) {
                    o += k;
                    i += 4 * u;
                    continue;
                }
            }
            let a = load16::<V, O>(sp.add(i));
            let b = load16::<V, O>(sp.add(i + u));
            if !a.or(b).and(ascii).any() {
                a.narrow16(b).store(dp.add(o));
                i += 2 * u;
                o += 2 * u;
                ascii_run16::<V, O>(src, dp, cap, &mut i, &mut o);
                continue;
            }
            if !a.or(b).and(V::splat16(0xF800)).any() {
                o += encode_below_800(a, b, dp.add(o));
                i += 2 * u;
                continue;
            }
            if !has_surrogates(a) {
                o += encode(a, dp.add(o));
                i += u;
                if !has_surrogates(b) {
                    o += encode(b, dp.add(o));
                    i += u;
                }
                continue;
            }
            if all_pairs(a) {
                pairs_to_utf8(a).store(dp.add(o));
                i += u;
                o += 2 * u;
                if all_pairs(b) {
                    pairs_to_utf8(b).store(dp.add(o));
                    i += u;
                    o += 2 * u;
                }
                continue;
            }
            let end = i + u;
            if !scalar16::<O>(src, &mut i, &mut o, end, |o, c| put_utf8(dp.add(o), c)) {
                break;
            }
        }
    }
    (i, o)
}

/// ASCII comes in runs: converts the ASCII at `src[*i..]` to `dst + *o`
/// (`cap` bytes), four vectors per step with one test, until a step holds
/// a non-ASCII unit (the caller takes it from there). The steps that fit
/// are counted first, so that the loop keeps one counter (ASCII with
/// SSE4.2 on a Zen 1 EPYC: 38 GB/s with two, 46 with one).
///
/// # Safety
///
/// The ISA; `dst` valid for writes of `cap` bytes; `*i <= src.len()` and
/// `*o <= cap`.
#[inline(always)]
unsafe fn ascii_run16<V: WideVector, O: ByteOrder>(
    src: &[u16],
    dst: *mut u8,
    cap: usize,
    i: &mut usize,
    o: &mut usize,
) {
    let (u, n, sp) = (V::BYTES / 2, src.len(), src.as_ptr());
    // SAFETY: the caller guarantees the ISA, `dst` and the positions;
    // `steps` keeps each step's four loads of `u` units in `src` and its
    // two stores of `2u` bytes in `dst`.
    unsafe {
        let ascii = V::splat16(0xFF80);
        // The steps that fit, counted once: one counter in the loop.
        let steps = (n - *i).min(cap - *o) / (4 * u);
        let (p, q) = (sp.add(*i), dst.add(*o));
        let mut k = 0;
        while k < steps {
            let at = p.add(4 * u * k);
            let v = [
                load16::<V, O>(at),
                load16::<V, O>(at.add(u)),
                load16::<V, O>(at.add(2 * u)),
                load16::<V, O>(at.add(3 * u)),
            ];
            if v[0].or(v[1]).or(v[2].or(v[3])).and(ascii).any() {
                break;
            }
            v[0].narrow16(v[1]).store(q.add(4 * u * k));
            v[2].narrow16(v[3]).store(q.add(4 * u * k + 2 * u));
            k += 1;
        }
        *i += 4 * u * k;
        *o += 4 * u * k;
    }
}

/// Four vectors of UTF-16 `v` (in little-endian lanes; `all` is their OR)
/// as UTF-8 at `dst`, without a branch per vector: `Some(bytes written)`
/// where none of them is a surrogate, else `None` (nothing written).
///
/// On a Zen 1 EPYC with SSE4.2, against one or two vectors per test with
/// a branch for each (medians of alternating runs, GB/s): French 4.7 to
/// 7.1, Russian 7.4 to 8.1, Japanese 2.9 to 4.1, Korean 3.5 to 3.7;
/// Chinese level, emoji (which take the pair path after this test fails)
/// 4.4 to 3.3, still three times simdutf's.
///
/// # Safety
///
/// The ISA; `V::LITTLE_LANES`; `4 * (3 * V::BYTES / 2) + 4` writable bytes
/// at `dst`.
#[inline(always)]
unsafe fn group_to_utf8<V: WideVector + Utf8Vector>(
    v: [V; 4],
    all: V,
    dst: *mut u8,
) -> Option<usize> {
    // SAFETY: the caller guarantees the ISA, the lanes and the room: each
    // `encode` writes at most `3 * V::BYTES / 2 + 4` bytes where the
    // output so far ends, and keeps at most `3 * V::BYTES / 2`.
    unsafe {
        // Written out: as loops over `v`, the vectors would go through
        // the stack.
        if !all.and(V::splat16(0xF800)).any() {
            let mut n = encode_1_2(v[0], dst);
            n += encode_1_2(v[1], dst.add(n));
            n += encode_1_2(v[2], dst.add(n));
            return Some(n + encode_1_2(v[3], dst.add(n)));
        }
        if any_surrogate(&v) {
            return None;
        }
        let mut n = encode(v[0], dst);
        n += encode(v[1], dst.add(n));
        n += encode(v[2], dst.add(n));
        Some(n + encode(v[3], dst.add(n)))
    }
}

/// UTF-32 to UTF-8: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf8<V: WideVector + Utf8Vector>(
    src: &[u32],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    // SAFETY: the caller guarantees the ISA.
    unsafe { utf32_to_utf8_checked::<V, true>(src, dst) }
}

/// Chars (scalar values by their type) to UTF-8: the kernel prefix of
/// [`utf32_to_utf8`] without its checks.
#[inline(always)]
pub(crate) unsafe fn chars_to_utf8<V: WideVector + Utf8Vector>(
    src: &[char],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    // SAFETY: the caller guarantees the ISA; every `char` is a scalar value.
    unsafe { utf32_to_utf8_checked::<V, false>(crate::arch::chars_as_u32(src), dst) }
}

/// UTF-32 to UTF-8, checking that each value is a scalar value (`CHECK`)
/// or knowing it.
///
/// # Safety
///
/// The ISA; without `CHECK`, every value of `src` is a scalar value.
#[inline(always)]
unsafe fn utf32_to_utf8_checked<V: WideVector + Utf8Vector, const CHECK: bool>(
    src: &[u32],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    // Values per vector.
    let w = V::BYTES / 4;
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let (mut i, mut o) = (0, 0);
    let room = |i: usize, o: usize| i + 4 * w <= n && o + 4 * V::BYTES + 8 <= cap;
    'blocks: while room(i, o) {
        // SAFETY: the caller guarantees the ISA; `i + 4w <= n` covers the
        // four loads (`i + 8w <= n` the eight of the ASCII run, whose two
        // stores of `V::BYTES` bytes `o + 2 * V::BYTES <= cap` covers);
        // the two `encode_1_2`s of u = `V::BYTES / 2` units write within
        // `2 * V::BYTES` bytes; each half of u values writes at most
        // 4u = 2 * V::BYTES bytes (`encode`'s `3u + 4`; two halves, `6u +
        // 4`), and the four `encode_1_4`s of a step
        // keep at most `V::BYTES` bytes each and write within 8 more, which
        // `o + 4 * V::BYTES + 8 <= cap` covers.
        unsafe {
            let p = sp.add(i).cast::<u8>();
            let b = V::BYTES;
            let v = [V::load(p), V::load(p.add(b)), V::load(p.add(2 * b)), V::load(p.add(3 * b))];
            let all = v[0].or(v[1]).or(v[2]).or(v[3]);
            let ascii = V::splat32(0xFFFF_FF80);
            if !all.and(ascii).any() {
                v[0].narrow32(v[1]).narrow16(v[2].narrow32(v[3])).store(dp.add(o));
                i += 4 * w;
                o += 4 * w;
                // ASCII comes in runs: eight vectors per step with one test.
                while i + 8 * w <= n && o + 8 * w <= cap {
                    let p = sp.add(i).cast::<u8>();
                    let x = [
                        V::load(p),
                        V::load(p.add(b)),
                        V::load(p.add(2 * b)),
                        V::load(p.add(3 * b)),
                        V::load(p.add(4 * b)),
                        V::load(p.add(5 * b)),
                        V::load(p.add(6 * b)),
                        V::load(p.add(7 * b)),
                    ];
                    let any = x[0].or(x[1]).or(x[2].or(x[3])).or(x[4].or(x[5]).or(x[6].or(x[7])));
                    if any.and(ascii).any() {
                        break;
                    }
                    x[0].narrow32(x[1]).narrow16(x[2].narrow32(x[3])).store(dp.add(o));
                    x[4].narrow32(x[5]).narrow16(x[6].narrow32(x[7])).store(dp.add(o + b));
                    i += 8 * w;
                    o += 8 * w;
                }
                continue;
            }
            let astral = V::splat32(0xFFFF_0000);
            if all.and(astral).any() {
                // Values from 0x10000 (emoji, historic scripts) come in
                // runs too: four vectors per step by `encode_1_4`, while
                // each step holds one. A loop of its own keeps its
                // constants out of the registers of the BMP path's.
                let mut v = v;
                loop {
                    if CHECK
                        && invalid32(v[0])
                            .or(invalid32(v[1]))
                            .or(invalid32(v[2]).or(invalid32(v[3])))
                            .any()
                    {
                        break 'blocks;
                    }
                    o += encode_1_4(v[0], dp.add(o));
                    o += encode_1_4(v[1], dp.add(o));
                    o += encode_1_4(v[2], dp.add(o));
                    o += encode_1_4(v[3], dp.add(o));
                    i += 4 * w;
                    if !room(i, o) {
                        break;
                    }
                    let p = sp.add(i).cast::<u8>();
                    v = [
                        V::load(p),
                        V::load(p.add(b)),
                        V::load(p.add(2 * b)),
                        V::load(p.add(3 * b)),
                    ];
                    if !v[0].or(v[1]).or(v[2]).or(v[3]).and(astral).any() {
                        break;
                    }
                }
                continue;
            }
            // Below 0x10000: two vectors of units, encoded without a
            // branch per vector (why: `group_to_utf8`). Zen 1 SSE4.2,
            // against a test of each half (GB/s): French 6.1 to 9.0,
            // Korean 4.8 to 5.5, Hindi 3.9 to 4.5; AVX2 French 7.1 to 7.8,
            // CJK level.
            let (lo, hi) = (v[0].narrow32(v[1]), v[2].narrow32(v[3]));
            if !lo.or(hi).and(V::splat16(0xF800)).any() {
                o += encode_1_2(lo, dp.add(o));
                o += encode_1_2(hi, dp.add(o));
                i += 4 * w;
                continue;
            }
            if !CHECK || !any_surrogate(&[lo, hi]) {
                o += encode(lo, dp.add(o));
                o += encode(hi, dp.add(o));
                i += 4 * w;
                continue;
            }
            // Two halves, written out: as a loop over `v`, the vectors
            // would go through the stack.
            if !utf32_half::<V, CHECK>(lo, &mut i, dp, &mut o)
                || !utf32_half::<V, CHECK>(hi, &mut i, dp, &mut o)
            {
                break;
            }
        }
    }
    (i, o)
}

/// Encodes the units of `a` then `b`, all below 0x800 (accented Latin,
/// Cyrillic, Greek, ...), as UTF-8 at `dst`; returns the bytes written.
/// Writes within `dst..dst + 2 * V::BYTES`.
///
/// One test of the pair serves both, where each vector's own tests of
/// surrogates and of 3-byte units cost two more branches (testing each
/// vector on its own first, which would spare CJK text the pair's test,
/// lost the gain on French). A first vector of ASCII, common where accents
/// are sparse (French: one 8-unit vector in seven holds one), is stored as
/// it is; only the first, as a test of the second too cost Cyrillic more
/// than it gained French. SSE4.2 UTF-16 to UTF-8 on a Sapphire
/// Rapids-class Xeon, against one `encode` per vector (medians of three
/// alternating runs): French 16.4 to 18.6 GB/s, Russian 13.2 to 13.0,
/// Chinese 7.7 to 7.5.
///
/// # Safety
///
/// The ISA; `2 * V::BYTES` writable bytes at `dst`.
#[inline(always)]
unsafe fn encode_below_800<V: WideVector>(a: V, b: V, dst: *mut u8) -> usize {
    // SAFETY: the caller guarantees the ISA and the room: each vector's
    // output is at most `V::BYTES` bytes, written within `V::BYTES` bytes
    // where the output so far ends (`encode_1_2`, or the store of an ASCII
    // vector).
    unsafe {
        let mut n = 0;
        if a.and(V::splat16(0xFF80)).any() {
            n += encode_1_2(a, dst);
        } else {
            a.narrow16(a).store(dst);
            n += V::BYTES / 2;
        }
        n + encode_1_2(b, dst.add(n))
    }
}

/// The `V::BYTES / 2` values `units` (narrowed to 16 bits; all were
/// below 0x10000) as UTF-8 at `dst + *o`, advancing `*i` past them and
/// `*o`; `false` (with nothing consumed) if one of them is a surrogate
/// (tested only with `CHECK`).
///
/// # Safety
///
/// The ISA; `dst + *o` has `2 * V::BYTES` writable bytes; without
/// `CHECK`, the values are scalar values.
#[inline(always)]
unsafe fn utf32_half<V: WideVector, const CHECK: bool>(
    units: V,
    i: &mut usize,
    dst: *mut u8,
    o: &mut usize,
) -> bool {
    let u = V::BYTES / 2;
    // SAFETY: the caller guarantees the ISA and the room: `encode` writes
    // at most 3u + 4 <= 4u bytes.
    unsafe {
        if CHECK && has_surrogates(units) {
            return false;
        }
        *o += encode(units, dst.add(*o));
    }
    *i += u;
    true
}
