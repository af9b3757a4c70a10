//! UTF-16 and UTF-32 validation: the kernel prefixes.

use super::super::array;
use super::super::vector::Utf8Vector;
use super::{any_surrogate, load16, LanesExt, WideVector};
use crate::byte_order::ByteOrder;

/// The length of a valid prefix of UTF-16 in byte order `O`.
///
/// A low surrogate is valid exactly where the unit before it is a high
/// surrogate, and a high one where the unit after it is a low one; so a
/// block is valid when "is low" equals "is high" one unit earlier, lane by
/// lane ([`pairs`]; the high-surrogate lanes of the block before carry
/// one at its end into the test of the next). That test runs only for
/// blocks with a surrogate in them, or after a block that had one
/// (`pending`): text without surrogates pays one test per block, and text
/// dense in them (emoji among ASCII) goes from block to block on the pair
/// test alone, with a branch that stays predictable where pairs straddle
/// blocks at random.
/// Four vectors per test while they last, then two: on an AMD EPYC with
/// AVX2 (CPU family 23) this took text without surrogates from 15 to
/// 21 GB/s with 128-bit vectors and from 19 to 27 GB/s with 256-bit ones
/// (eight 128-bit vectors per test measured no faster).
#[inline(always)]
pub(crate) unsafe fn validate_utf16<V: WideVector + Utf8Vector, O: ByteOrder>(
    src: &[u16],
) -> usize {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return 0;
    }
    let u = V::BYTES / 2;
    let n = src.len();
    // The first character by scalar code: it is whole, so no surrogate
    // before the first block waits for its pair.
    let mut i = match src.first() {
        None => return 0,
        Some(_) => match crate::scalar::utf16::decode::<O>(src, 0) {
            Ok((_, w)) => w,
            Err(_) => return 0,
        },
    };
    let sp = src.as_ptr();
    // Whether the block before had a surrogate; and the high-surrogate
    // lanes of its last packed vector (zero after a block without
    // surrogates), whose last lane says whether it ended in one.
    let mut pending = false;
    // SAFETY: the caller guarantees the ISA.
    let mut highs = unsafe { V::zero() };
    while i + 4 * u <= n {
        // SAFETY: the caller guarantees the ISA; `i + 4u <= n` makes the
        // loads at `i .. i + 4u` in bounds.
        unsafe {
            if !pending {
                let v: [V; 4] = array(|k| load16::<V, O>(sp.add(i + k * u)));
                if !any_surrogate(&v) {
                    i += 4 * u;
                    continue;
                }
            }
            // Loaded again for the pair test (see `opaque`), so that the
            // test above takes its vectors from memory.
            let q = super::super::opaque(sp.add(i));
            let v: [V; 4] = array(|k| load16::<V, O>(q.add(k * u)));
            let (bad0, seen0, h0) = pairs(v[0], v[1], highs);
            let (bad1, seen1, h1) = pairs(v[2], v[3], h0);
            if bad0.or(bad1).any() {
                break;
            }
            i += 4 * u;
            pending = seen0.or(seen1).any();
            highs = h1;
        }
    }
    while i + 2 * u <= n {
        // SAFETY: as above, with `i + 2u <= n`.
        unsafe {
            let (a, b) = (load16::<V, O>(sp.add(i)), load16::<V, O>(sp.add(i + u)));
            if !pending && !any_surrogate(&[a, b]) {
                i += 2 * u;
                continue;
            }
            let (bad, seen, h) = pairs(a, b, highs);
            if bad.any() {
                break;
            }
            i += 2 * u;
            pending = seen.any();
            highs = h;
        }
    }
    // A high surrogate last is not known to be paired yet.
    let is_high = |u: u16| O::read16(u) & 0xFC00 == 0xD800;
    if i > 0 && is_high(src[i - 1]) {
        i - 1
    } else {
        i
    }
}

/// The pair test of the units of `a` then `b` (in native order), on their
/// high bytes packed into one vector: lanes that are a low surrogate not
/// after a high one, or a high one before a unit that is not low (nonzero
/// in `bad`); the lanes that are surrogates (`seen`); and the lanes that
/// are high surrogates, for the next call's `highs_before`, which is the
/// previous call's (a high surrogate in the last lane waits for the next
/// block).
///
/// On the high bytes, a unit is a high surrogate when its byte masked by
/// `0xFC` is `0xD8`, a low one when it is `0xDC`: two vectors of units
/// take one mask and two compares (and the one-unit shift one `prev`),
/// where the units themselves took two of each and two more loads.
///
/// # Safety
///
/// The ISA.
#[inline(always)]
unsafe fn pairs<V: WideVector + Utf8Vector>(a: V, b: V, highs_before: V) -> (V, V, V) {
    // SAFETY: the caller guarantees the ISA; after the shifts every lane
    // is at most 0xFF, as `narrow16u` requires.
    unsafe {
        let t = a.shr16::<8>().narrow16u(b.shr16::<8>()).and(V::splat(0xFC));
        let (high, low) = (t.eq8(V::splat(0xD8)), t.eq8(V::splat(0xDC)));
        let bad = low.xor(high.prev::<1>(highs_before));
        (bad, high.or(low), high)
    }
}

/// The input size in bytes from which [`validate_utf32`] checks the values
/// before the first vector boundary apart ([`valid_utf32_head`]): a load
/// that straddles two cache lines costs two, and took AVX2 from 80 to 65
/// GB/s on a Sapphire Rapids-class Xeon. Below it, the head costs more
/// than the alignment saves.
const UTF32_ALIGN_FROM: usize = 4096;

/// The values of `src` before its first `align`-byte boundary, where `src`
/// holds `from` bytes or more (none otherwise), checked one at a time, so
/// that a validator's loads can run from the boundary: `Ok` with their
/// number where every one is a scalar value, else `Err` with the position
/// of the first that is not.
#[inline(always)]
pub(crate) fn valid_utf32_head(src: &[u32], align: usize, from: usize) -> Result<usize, usize> {
    let head = super::super::aligned_head(src, align, from);
    match src[..head].iter().position(|&c| char::from_u32(c).is_none()) {
        Some(bad) => Err(bad),
        None => Ok(head),
    }
}

/// The maximum of four vectors of UTF-32 at `p`, and the maximum of the
/// four less 0xE000 (wrapping): a value above U+10FFFF makes the first
/// exceed 0x10FFFF, and subtracting 0xE000 takes the surrogates
/// 0xD800..=0xDFFF to the top 0x800 values and every other value below
/// them, so a surrogate makes the second exceed 0xFFFF_F7FF. Both are
/// unsigned maximums, so a run of blocks folds into one pair and one test
/// ([`utf32_maxima_ok`]).
///
/// # Safety
///
/// The CPU must support V's ISA, and `4 * V::BYTES` bytes at `p` must be
/// readable.
#[inline(always)]
unsafe fn utf32_maxima<V: WideVector>(p: *const u8) -> (V, V) {
    let b = V::BYTES;
    // SAFETY: the caller guarantees the ISA and the four vectors' bytes.
    unsafe {
        let v = [V::load(p), V::load(p.add(b)), V::load(p.add(2 * b)), V::load(p.add(3 * b))];
        let e000 = V::splat32(0xE000);
        let m = v[0].max32(v[1]).max32(v[2].max32(v[3]));
        let t = v[0].sub32(e000).max32(v[1].sub32(e000));
        (m, t.max32(v[2].sub32(e000).max32(v[3].sub32(e000))))
    }
}

/// Whether maximums from [`utf32_maxima`] (of any number of blocks) show
/// only scalar values.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
unsafe fn utf32_maxima_ok<V: WideVector>((m, t): (V, V)) -> bool {
    // SAFETY: the caller guarantees the ISA.
    unsafe {
        let (max, off_max) = (V::splat32(0x10FFFF), V::splat32(0xFFFF_F7FF));
        !m.max32(max).eq32(max).and(t.max32(off_max).eq32(off_max)).xor_all().any()
    }
}

/// The maximum of the four vectors of UTF-32 at `p`: with every value below
/// 0xD800, they are all scalar values ([`all_below_surrogates`]).
///
/// # Safety
///
/// As [`utf32_maxima`].
#[inline(always)]
unsafe fn utf32_max<V: WideVector>(p: *const u8) -> V {
    let b = V::BYTES;
    // SAFETY: the caller guarantees the ISA and the four vectors' bytes.
    unsafe {
        let v = [V::load(p), V::load(p.add(b)), V::load(p.add(2 * b)), V::load(p.add(3 * b))];
        v[0].max32(v[1]).max32(v[2].max32(v[3]))
    }
}

/// Whether every lane of `m` is below 0xD800, the first surrogate.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
unsafe fn all_below_surrogates<V: WideVector>(m: V) -> bool {
    // SAFETY: the caller guarantees the ISA.
    unsafe {
        let top = V::splat32(0xD7FF);
        !m.max32(top).eq32(top).xor_all().any()
    }
}

/// Blocks of four vectors per test in [`validate_utf32`]'s first loop.
/// Testing each block took a third of the loop's instructions (two more
/// maximums, two compares, an AND and the test of the mask); over four
/// blocks it is a twelfth, and a run with an error goes back to the
/// one-block loop from the start of its run, so the prefix still ends at
/// the block with the error. On a Zen 1 EPYC (64 KiB of text as UTF-32,
/// aligned): SSE4.2 from 28 to 36 GB/s, AVX2 from 31.6 to 37.7 (there
/// the loop is bound by the two pipes that take `pmaxud`, two per
/// vector).
const UTF32_RUN: usize = 4;

/// The length of a valid prefix of UTF-32: from the first vector boundary
/// on long inputs, runs of [`UTF32_RUN`] blocks of four vectors tested
/// once, then blocks tested one by one.
///
/// Most text has no value from 0xD800 up (every script of the BMP's
/// first 55,296 code points: Latin, Cyrillic, Greek, Arabic, Hebrew, the
/// Indic scripts, Hangul, the CJK ideographs), and there one maximum per
/// vector shows a run valid, where the full test takes two and an add
/// (`pmaxud` issues on two of Zen 1's four vector pipes). So while runs
/// stay below 0xD800 the loop tests only that, and a run that does not
/// is tested in full (reloaded, see `opaque`), as are the runs after it
/// until one is below 0xD800 again: text with values above (emoji, CJK
/// with fullwidth punctuation) runs the full test alone, as before. On a
/// Zen 1 EPYC, old and new alternating: AVX2 32 → 64 GB/s and SSE4.2
/// 1.9× faster on every lipsum text but emoji, which is level.
#[inline(always)]
pub(crate) unsafe fn validate_utf32<V: WideVector>(src: &[u32]) -> usize {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return 0;
    }
    let head = match valid_utf32_head(src, V::BYTES, UTF32_ALIGN_FROM) {
        Ok(head) => head,
        Err(bad) => return bad,
    };
    let src = &src[head..];
    let block = V::BYTES; // values per block of four vectors
    let sp = src.as_ptr().cast::<u8>();
    let mut i = 0;
    // Whether the last run had only values below 0xD800.
    let mut below = true;
    while i + UTF32_RUN * block <= src.len() {
        // SAFETY: the caller guarantees the ISA; `i + UTF32_RUN * block <=
        // len` covers the run's loads, `4 * V::BYTES` bytes (`block`
        // values) per block.
        let ok = unsafe {
            if below {
                let mut m = utf32_max::<V>(sp.add(4 * i));
                for k in 1..UTF32_RUN {
                    m = m.max32(utf32_max::<V>(sp.add(4 * (i + k * block))));
                }
                if all_below_surrogates(m) {
                    i += UTF32_RUN * block;
                    continue;
                }
            }
            let p = super::super::opaque(sp.add(4 * i));
            let (mut m, mut t) = utf32_maxima::<V>(p);
            for k in 1..UTF32_RUN {
                let (m2, t2) = utf32_maxima::<V>(p.add(4 * k * block));
                (m, t) = (m.max32(m2), t.max32(t2));
            }
            below = all_below_surrogates(m);
            utf32_maxima_ok((m, t))
        };
        if !ok {
            break;
        }
        i += UTF32_RUN * block;
    }
    while i + block <= src.len() {
        // SAFETY: the caller guarantees the ISA; `i + block <= len` covers
        // the block's loads.
        if !unsafe { utf32_maxima_ok(utf32_maxima::<V>(sp.add(4 * i))) } {
            break;
        }
        i += block;
    }
    head + i
}

#[cfg(test)]
mod tests {
    extern crate std;
    use crate::Kernel;
    use std::format;
    use std::string::String;
    use std::vec::Vec;

    /// Where std's decoder meets the first error in `units`, if any.
    fn first_error(units: &[u16]) -> Option<usize> {
        char::decode_utf16(units.iter().copied())
            .try_fold(0, |i, c| c.map(|c| i + c.len_utf16()).map_err(|_| i))
            .err()
    }

    /// The kernels' valid prefixes of UTF-16 and UTF-32, against where the
    /// first error is. The library's results cannot show a prefix that
    /// stops early (the scalar finish completes it, only slower), so this
    /// is the test that notices one: on valid text every SIMD kernel must
    /// reach within two blocks of the end, and on invalid text it must
    /// stop at or before the error, on a character boundary. The text has
    /// surrogate pairs at every phase against the blocks, dense (every
    /// other character) and sparse, in both byte orders. (On big-endian
    /// targets the kernels leave units wider than a byte to the scalar
    /// code, and the portable kernel leaves UTF-32 to it everywhere: their
    /// prefixes are then empty, by design.)
    #[test]
    fn prefixes_reach_the_end_of_valid_text_and_stop_at_errors() {
        let pattern = |len: usize, phase: usize, every: usize| -> String {
            (0..len)
                .map(|k| match (k + phase) % every {
                    0 => '😀',
                    1 => 'é',
                    2 => '中',
                    _ => 'a',
                })
                .collect()
        };
        for kernel in Kernel::available().filter(|&k| k != Kernel::Scalar) {
            let fns = kernel.fns();
            for every in [2, 3, 5, 37, 200] {
                for phase in 0..every.min(70) {
                    let s = pattern(300, phase, every);
                    let le: Vec<u16> = s.encode_utf16().collect();
                    let be: Vec<u16> = le.iter().map(|u| u.swap_bytes()).collect();
                    let n = le.len();
                    let what = format!("{kernel:?} every {every} phase {phase}");
                    let reach = |p: usize, n: usize| p + 130 >= n || cfg!(target_endian = "big");
                    for (p, order) in [
                        (fns.validate_utf16le_prefix(&le), "LE"),
                        (fns.validate_utf16be_prefix(&be), "BE"),
                    ] {
                        assert!(p <= n && reach(p, n), "{what} {order}: {p} of {n}");
                        assert!(char::decode_utf16(le[..p].iter().copied()).all(|c| c.is_ok()));
                    }
                    let v: Vec<u32> = s.chars().map(u32::from).collect();
                    let p = fns.validate_utf32_prefix(&v);
                    let vouches = kernel != Kernel::Portable;
                    assert!(p <= v.len(), "{what} UTF-32: {p}");
                    assert!(reach(p, v.len()) || !vouches, "{what} UTF-32: {p}");
                    // An error at every seventh unit: a lone surrogate in
                    // place of a unit (a high one where a low one was), the
                    // first or the last of its kind.
                    for at in (0..n).step_by(7) {
                        let mut bad = le.clone();
                        let (high, low) =
                            if at % 2 == 0 { (0xD800, 0xDC00) } else { (0xDBFF, 0xDFFF) };
                        bad[at] = if bad[at] & 0xFC00 == 0xDC00 { high } else { low };
                        let first = first_error(&bad).expect("an error");
                        let swapped: Vec<u16> = bad.iter().map(|u| u.swap_bytes()).collect();
                        for p in [
                            fns.validate_utf16le_prefix(&bad),
                            fns.validate_utf16be_prefix(&swapped),
                        ] {
                            assert!(p <= first, "{what} error at {at}: {p} > {first}");
                            assert!(char::decode_utf16(bad[..p].iter().copied()).all(|c| c.is_ok()));
                        }
                    }
                }
            }
        }
    }

    /// Inputs long enough for the kernels that check the units before the
    /// first vector boundary apart (4 KiB and more: AVX-512's UTF-16 and
    /// UTF-32, every kernel's UTF-32), starting at every unit offset across
    /// a line: valid ones must be covered to within
    /// two blocks of the end, and an error in the head, at the boundary or
    /// just after it must stop the prefix there; a pair may straddle the
    /// boundary.
    #[test]
    fn long_inputs_at_every_start_offset() {
        let text: String = (0..3000)
            .map(|k| match k % 5 {
                0 => '😀',
                1 => 'é',
                _ => 'a',
            })
            .collect();
        let le: Vec<u16> = text.encode_utf16().collect();
        let values: Vec<u32> = text.chars().map(u32::from).collect();
        for kernel in Kernel::available().filter(|&k| k != Kernel::Scalar) {
            let fns = kernel.fns();
            for start in 0..40 {
                let units = &le[start..];
                // A slice that starts inside a pair starts with an error.
                let first_ok = !(0xDC00..0xE000).contains(&units[0]);
                let p = fns.validate_utf16le_prefix(units);
                let what = format!("{kernel:?} from {start}");
                if first_ok {
                    assert!(p + 130 >= units.len() || cfg!(target_endian = "big"), "{what}: {p}");
                } else {
                    assert_eq!(p, 0, "{what}");
                }
                // The errors go into a copy of the whole buffer, sliced as
                // `units` is, so that they meet the same alignments.
                for at in [0, 1, 2, 5, 17, 30, 31, 32, 33, 40, 64, 70] {
                    // A lone low surrogate, or (in place of a pair's low
                    // half) an ASCII unit after its high half.
                    let mut whole = le.clone();
                    let bad = &mut whole[start..];
                    bad[at] = if (0xDC00..0xE000).contains(&bad[at]) { 0x61 } else { 0xDFFF };
                    // (Valid again where the slice started inside a pair.)
                    let first = first_error(bad).unwrap_or(bad.len());
                    let p = fns.validate_utf16le_prefix(bad);
                    assert!(p <= first, "{what}, error at {first}: {p}");
                    assert!(char::decode_utf16(bad[..p].iter().copied()).all(|c| c.is_ok()));
                }
                let p = fns.validate_utf32_prefix(&values[start..]);
                assert!(p <= values.len() - start, "{what}: {p}");
                for at in [0, 1, 3, 7, 15, 16, 17, 40] {
                    for wrong in [0xD800, 0xDFFF, 0x11_0000] {
                        let mut whole = values.clone();
                        let bad = &mut whole[start..];
                        bad[at] = wrong;
                        let p = fns.validate_utf32_prefix(bad);
                        assert!(p <= at, "{what}, {wrong:#X} at {at}: {p}");
                    }
                }
            }
        }
    }
}
