//! Lengths and counts: a per-unit amount, summed over the input.
//!
//! Every count of `crate::count` is a sum over the input's units of a small
//! amount that depends on the unit alone (see the definitions there, which
//! hold on *any* input): a UTF-8 byte counts 1 unless it is a continuation
//! byte, a UTF-16 unit needs 1, 2 or 3 UTF-8 bytes, and so on. So the
//! kernels need no carry between vectors and no validation: per vector,
//! one or two compares (or a nibble lookup) give each lane's amount, which
//! is added to per-lane counters; the counters are summed horizontally
//! ("flushed") only before they could overflow, and at the end.
//!
//! # Instructions per byte
//!
//! These run at cache bandwidth (about 100 GB/s from L1/L2 on Zen 4), so
//! the inner loops are a handful of instructions per vector:
//!
//! - `count_chars`: `amount = (b as i8) > -65`, one signed compare; the
//!   compare yields `-1` per counted lane, which is *subtracted* from the
//!   counters. AVX-512 compares into a mask register and counts it with
//!   `popcnt` into a scalar sum ([`Count::popcount_gt_i8`]), after
//!   counting bytes up to its first aligned load: one vector instruction
//!   per 64 bytes, with the rest on the scalar ports. The Latin-1 → UTF-8
//!   length is the same count with another threshold; the UTF-16 →
//!   UTF-32 and UTF-32 → UTF-16 lengths count their 16- and 32-bit
//!   compares the same way there.
//! - `utf16_len_from_utf8`: one more for each byte `>= F0`, so the amount
//!   is a function of the high nibble (1, 0 for `8..=B`, 2 for `F`): one
//!   nibble lookup of the *negated* amount, subtracted.
//! - 16- and 32-bit inputs: `amount = max - (number of "small" tests that
//!   hold)`, each test an AND with a mask and a compare for equality, so
//!   byte order costs nothing (the masks are byte-swapped instead of the
//!   input); the UTF-8 lengths pack two vectors into one first (see
//!   [`utf8_len_from_utf16`] and [`utf8_len_from_utf32`]).
//!
//! The main loop ([`fold`]) takes four 64-byte blocks per iteration
//! ([`CHUNK`]; two steps of a 128-byte pair per iteration where a pair
//! is wider than a block), each into its own counter vector so the
//! additions form four independent chains, and flushes the counters every
//! few dozen iterations (8-bit counters) or thousands (16- and 32-bit
//! ones). What it sums is an [`Amounts`].
//!
//! Measured on Zen 4 (AVX-512, lipsum files of 46-350 KB, geomean of the
//! best of 200 runs on a shared machine), against simdutf 7.7.1 (C++, via
//! the `simdutf` crate): `count_chars` 113 GB/s (simdutf 112),
//! `utf16_len_from_utf8` 108 (97), `utf8_len_from_utf16` 73 (50),
//! `utf8_len_from_utf32` 59 (48), the last with the earlier 32-bit form
//! (one vector per step), not yet measured there with the packed one.
//! On a Sapphire Rapids-class Xeon (AVX-512 with AMX), against simdutf's
//! icelake kernel at the worst of 18 buffer offsets: `count_chars` 138
//! GB/s (77; 71 with the masked subtract), the Latin-1 → UTF-8 length
//! 149 (122; 64 before).
//! The UTF-16 → UTF-32 and UTF-32 → UTF-16 lengths take the same popcount
//! loop there (`fold_popcount`, with an aligned start from 1 KiB): 128
//! and 146 GB/s at the worst offset (80 and 84; 84 and 91 before).

use super::vector::Count;
use crate::arch::generic::utf8::BLOCK;
use crate::byte_order::ByteOrder;
use core::marker::PhantomData;

/// The input length from which [`count_gt_i8`], [`fold_aligned`] and the popcount loops
/// count the elements before the first aligned vector apart, so that no
/// load straddles two cache lines; below it, that costs more than it
/// saves.
const ALIGN_FROM: usize = 1024;

/// Blocks per iteration of the main loop.
const UNROLL: usize = 4;
/// Bytes per iteration of the main loop.
const CHUNK: usize = UNROLL * BLOCK;

/// What [`fold`] sums: per step of `STEP` vectors, an amount per lane
/// added to counter vectors. A trait rather than a closure: its method is
/// `#[inline(always)]`, as the rest of a kernel is, where LLVM is free to
/// leave a closure out of line once it holds a dozen intrinsics, and
/// then, the closure lacking the kernel's target features, the intrinsics
/// out of line in it too (a call per intrinsic, 30 times slower).
trait Amounts<V: Count> {
    /// Vectors per step.
    const STEP: usize;
    /// The most steps a counter's lane may take before it is flushed: the
    /// bound of its lanes over the most one step adds to one.
    const MAX_STEPS: usize;
    /// `acc` plus the amounts of the `STEP * V::BYTES` bytes at `p`.
    ///
    /// # Safety
    ///
    /// The ISA of `V`, and `STEP * V::BYTES` readable bytes at `p`.
    unsafe fn add(&self, acc: V, p: *const u8) -> V;
    /// The sum of a counter's lanes.
    ///
    /// # Safety
    ///
    /// The ISA of `V`.
    unsafe fn flush(acc: V) -> u64;
}

/// Sums `A`'s amounts over the whole steps of `len` bytes at `src`. Each
/// iteration feeds [`UNROLL`] counter vectors, so that the additions form
/// that many independent chains, with a block's worth of steps each (at
/// least one), and the counters are flushed before any lane could take
/// more than `A::MAX_STEPS` steps (at least `CHUNK / V::BYTES`, what the
/// steps after the last iteration put into one counter).
///
/// Returns the sum and the number of bytes it covers, `len` rounded down
/// to a multiple of the step; the caller counts the rest.
///
/// # Safety
///
/// The CPU must support V's ISA, and `src..src + len` must be readable.
#[inline(always)]
unsafe fn fold<V: Count, A: Amounts<V>>(src: *const u8, len: usize, amounts: A) -> (u64, usize) {
    let span = A::STEP * V::BYTES;
    // Steps per counter per iteration, and iterations per flush.
    let per = if span >= BLOCK { 1 } else { BLOCK / span };
    let (chunk, flush_every) = (UNROLL * per * span, A::MAX_STEPS / per);
    // SAFETY: the caller guarantees the ISA and that `len` bytes at `src`
    // are readable; every step reads `span` bytes that end at most at
    // `src + len` (the chunk loop reads `chunk` bytes from `at` while
    // `at + chunk <= end`, the step loop `span` while `at + span <= end`).
    unsafe {
        let end = src.add(len);
        let mut at = src;
        let mut total = 0;
        while distance(at, end) >= chunk {
            let mut acc = [V::splat(0); UNROLL];
            let mut n = 0;
            while n < flush_every && distance(at, end) >= chunk {
                for (u, acc) in acc.iter_mut().enumerate() {
                    for k in 0..per {
                        *acc = amounts.add(*acc, at.add((u * per + k) * span));
                    }
                }
                at = at.add(chunk);
                n += 1;
            }
            for a in acc {
                total += A::flush(a);
            }
        }
        let mut acc = V::splat(0);
        while distance(at, end) >= span {
            acc = amounts.add(acc, at);
            at = at.add(span);
        }
        total += A::flush(acc);
        (total, distance(src, at))
    }
}

/// [`fold`] over the elements of `src` from its first vector boundary
/// (where `src` holds [`ALIGN_FROM`] bytes or more; from its start
/// otherwise), so that no load straddles two cache lines, with `scalar`,
/// the reference count, counting the elements before and after. Returns
/// `A`'s sum, the number of elements it covers, and `scalar`'s count of
/// the others.
///
/// # Safety
///
/// The CPU must support V's ISA; `T` is a unit of 1, 2 or 4 bytes.
#[inline(always)]
unsafe fn fold_aligned<V: Count, T, A: Amounts<V>>(
    src: &[T],
    amounts: A,
    scalar: impl Fn(&[T]) -> usize,
) -> (u64, usize, usize) {
    let head = super::aligned_head(src, V::BYTES, ALIGN_FROM);
    let rest = &src[head..];
    // SAFETY: the caller guarantees the ISA; `rest` is readable, its
    // `size_of_val(rest)` bytes.
    let (n, done) =
        unsafe { fold::<V, A>(rest.as_ptr().cast(), core::mem::size_of_val(rest), amounts) };
    let done = done / core::mem::size_of::<T>();
    (n, done, scalar(&src[..head]) + scalar(&rest[done..]))
}

/// One per byte greater than the threshold, as `i8` (`ABOVE`), or less
/// than it.
struct Bytes<const ABOVE: bool>(i8);

impl<V: Count, const ABOVE: bool> Amounts<V> for Bytes<ABOVE> {
    const STEP: usize = 1;
    const MAX_STEPS: usize = 255;
    #[inline(always)]
    unsafe fn add(&self, acc: V, p: *const u8) -> V {
        // SAFETY: the caller guarantees the ISA and the bytes.
        unsafe {
            let v = V::load(p);
            if ABOVE {
                v.count_gt_i8(acc, self.0)
            } else {
                v.count_lt_i8(acc, self.0)
            }
        }
    }
    #[inline(always)]
    unsafe fn flush(acc: V) -> u64 {
        // SAFETY: the caller guarantees the ISA.
        unsafe { acc.sum8() }
    }
}

/// The UTF-16 units of each byte as UTF-8: up to two.
struct Utf16Units;

impl<V: Count> Amounts<V> for Utf16Units {
    const STEP: usize = 1;
    const MAX_STEPS: usize = 127;
    #[inline(always)]
    unsafe fn add(&self, acc: V, p: *const u8) -> V {
        // SAFETY: the caller guarantees the ISA and the bytes.
        unsafe { acc.sub8(V::load(p).neg_utf16_units()) }
    }
    #[inline(always)]
    unsafe fn flush(acc: V) -> u64 {
        // SAFETY: the caller guarantees the ISA.
        unsafe { acc.sum8() }
    }
}

/// The UTF-8 deficit of UTF-16 units in byte order `O`, two vectors at a
/// time ([`Count::utf8_deficit16x2`]): up to two per byte lane.
struct Utf8Deficit<O>(PhantomData<O>);

impl<V: Count, O: ByteOrder> Amounts<V> for Utf8Deficit<O> {
    const STEP: usize = 2;
    const MAX_STEPS: usize = 127;
    #[inline(always)]
    unsafe fn add(&self, acc: V, p: *const u8) -> V {
        // SAFETY: the caller guarantees the ISA and the `2 * V::BYTES`
        // bytes.
        unsafe {
            let lo = super::utf16::load16::<V, O>(p.cast());
            let hi = super::utf16::load16::<V, O>(p.add(V::BYTES).cast());
            lo.utf8_deficit16x2(hi, acc)
        }
    }
    #[inline(always)]
    unsafe fn flush(acc: V) -> u64 {
        // SAFETY: the caller guarantees the ISA.
        unsafe { acc.sum8() }
    }
}

/// One per 16-bit lane equal to `value` under `mask`.
struct Masked16<V> {
    mask: V,
    value: V,
}

impl<V: Count> Amounts<V> for Masked16<V> {
    const STEP: usize = 1;
    // One per step, into lanes that `sum16` takes up to 0x7FFF.
    const MAX_STEPS: usize = 0x7FFF;
    #[inline(always)]
    unsafe fn add(&self, acc: V, p: *const u8) -> V {
        // SAFETY: the caller guarantees the ISA and the bytes.
        unsafe { V::load(p).and(self.mask).count_eq16(self.value, acc) }
    }
    #[inline(always)]
    unsafe fn flush(acc: V) -> u64 {
        // SAFETY: the caller guarantees the ISA.
        unsafe { acc.sum16() }
    }
}

/// One per UTF-32 value below `0x10000`, two vectors per step: the
/// values masked to their high halves, narrowed into one vector of 16-bit
/// lanes ([`Count::narrow32_saturating`], zero exactly where the masked
/// value is) and compared with zero. Five vector instructions per two
/// vectors, where a mask, a compare and a subtraction per vector took six
/// (and a shift by 16 instead of the mask took AVX2 on Zen 1 to 0.97×:
/// shifts issue on one of its four vector pipes). Measured on a Zen 1
/// EPYC, old and new alternating: SSE4.2 35 → 43 GB/s (2.1× → 3.1×
/// westmere), AVX2 42 → 49 (1.1× → 1.3× haswell).
struct Bmp32;

impl<V: Count> Amounts<V> for Bmp32 {
    const STEP: usize = 2;
    // One per step, into lanes that `sum16` takes up to 0x7FFF.
    const MAX_STEPS: usize = 0x7FFF;
    #[inline(always)]
    unsafe fn add(&self, acc: V, p: *const u8) -> V {
        // SAFETY: the caller guarantees the ISA and the `2 * V::BYTES`
        // bytes.
        unsafe {
            let m = V::splat32(!0xFFFF);
            let (lo, hi) = (V::load(p).and(m), V::load(p.add(V::BYTES)).and(m));
            lo.narrow32_saturating(hi).count_eq16(V::zero(), acc)
        }
    }
    #[inline(always)]
    unsafe fn flush(acc: V) -> u64 {
        // SAFETY: the caller guarantees the ISA.
        unsafe { acc.sum16() }
    }
}

/// For UTF-32 values, how many of "below `0x80`", "below `0x800`", "below
/// `0x10000`" hold, two vectors at a time in 16-bit lanes (see
/// [`utf8_len_from_utf32`]).
struct SmallValues32;

impl<V: Count> Amounts<V> for SmallValues32 {
    const STEP: usize = 2;
    // Up to three per step, into lanes that `sum16` takes up to 0x7FFF.
    const MAX_STEPS: usize = 0x7FFF / 3;
    #[inline(always)]
    unsafe fn add(&self, acc: V, p: *const u8) -> V {
        // SAFETY: the caller guarantees the ISA and the `2 * V::BYTES`
        // bytes.
        unsafe {
            let (lo, hi) = (V::load(p).shr32::<5>(), V::load(p.add(V::BYTES)).shr32::<5>());
            let s = lo.narrow32_saturating(hi);
            let zero = V::zero();
            let acc = s.and(V::splat16(!3)).count_eq16(zero, acc);
            let acc = s.and(V::splat16(!0x3F)).count_eq16(zero, acc);
            s.and(V::splat16(!0x7FF)).count_eq16(zero, acc)
        }
    }
    #[inline(always)]
    unsafe fn flush(acc: V) -> u64 {
        // SAFETY: the caller guarantees the ISA.
        unsafe { acc.sum16() }
    }
}

/// The bytes from `from` to `to`: `to.offset_from_unsigned(from)` (Rust
/// 1.87), for the crate's minimum Rust version.
///
/// # Safety
///
/// Both point into (or just past) one allocation, and `from <= to`.
#[inline(always)]
unsafe fn distance(from: *const u8, to: *const u8) -> usize {
    // SAFETY: one allocation (the caller), so `offset_from` is defined;
    // `from <= to`, so the difference is not negative and the cast exact.
    unsafe { to.offset_from(from) as usize }
}

/// The number of bytes of `src`, as `i8`, greater than `t`, over the
/// whole vectors of `src`, and the number of bytes that covers (the
/// caller counts the rest): [`fold`] into 8-bit counters, or where the ISA
/// counts a mask faster ([`Count::BY_POPCOUNT`]), the same four
/// vectors per iteration summed by [`Count::popcount_gt_i8`]. Where the
/// compare is not destructive ([`Count::DESTRUCTIVE_COMPARE`]), the
/// counters count the others, the bytes less than `t + 1`.
///
/// # Safety
///
/// The CPU must support V's ISA; `t < i8::MAX`.
#[inline(always)]
unsafe fn count_gt_i8<V: Count>(src: &[u8], t: i8) -> (u64, usize) {
    let (p, len) = (src.as_ptr(), src.len());
    // A load that straddles two cache lines costs twice the bandwidth of
    // the L1 here, where the loop does little else: count up to the first
    // boundary by bytes.
    let at = super::aligned_head(src, V::BYTES, ALIGN_FROM);
    let total = src[..at].iter().filter(|&&b| b as i8 > t).count() as u64;
    // SAFETY: the caller guarantees the ISA; `at <= len`, so the bytes
    // from `p + at` to `p + len` are readable.
    let (n, done) = unsafe {
        if V::BY_POPCOUNT {
            fold_popcount::<V>(p.add(at), len - at, |v| v.popcount_gt_i8(t))
        } else if V::DESTRUCTIVE_COMPARE {
            fold::<V, _>(p.add(at), len - at, Bytes::<true>(t))
        } else {
            let (below, done) = fold::<V, _>(p.add(at), len - at, Bytes::<false>(t + 1));
            (done as u64 - below, done)
        }
    };
    (total + n, at + done)
}

/// Sums `count(v)` over the whole vectors of `len` bytes at `p`, four per
/// iteration into two sums (two short chains of scalar adds), for the
/// ISAs that count a vector by `popcnt` ([`Count::BY_POPCOUNT`]). Returns
/// the sum and the bytes it covers, `len` rounded down to a multiple of
/// `V::BYTES`.
///
/// # Safety
///
/// The CPU must support V's ISA, and `p..p + len` must be readable.
#[inline(always)]
unsafe fn fold_popcount<V: Count>(
    p: *const u8,
    len: usize,
    count: impl Fn(V) -> u64,
) -> (u64, usize) {
    let (mut total, mut at) = (0, 0);
    // SAFETY: the caller guarantees the ISA; each load reads `V::BYTES`
    // bytes that end at most at `at + CHUNK <= len` (the chunk loop) or
    // at `at + V::BYTES <= len` (the vector loop).
    unsafe {
        while at + CHUNK <= len {
            let (mut even, mut odd) = (0, 0);
            let mut k = 0;
            while k < CHUNK / V::BYTES {
                even += count(V::load(p.add(at + k * V::BYTES)));
                odd += count(V::load(p.add(at + (k + 1) * V::BYTES)));
                k += 2;
            }
            total += even + odd;
            at += CHUNK;
        }
        while at + V::BYTES <= len {
            total += count(V::load(p.add(at)));
            at += V::BYTES;
        }
    }
    (total, at)
}

/// A length of `per` units for each element of `src`, less one for each
/// element that `flagged` counts in a vector, by popcount (the form of
/// the ISAs that set [`Count::BY_POPCOUNT`]): the aligned whole vectors
/// by [`fold_popcount`], the elements before the first (from
/// [`ALIGN_FROM`] bytes on, [`super::aligned_head`]) and after the last by
/// `scalar`, the reference count.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
unsafe fn len_by_popcount<V: Count, T>(
    src: &[T],
    per: usize,
    flagged: impl Fn(V) -> u64,
    scalar: impl Fn(&[T]) -> usize,
) -> usize {
    let size = core::mem::size_of::<T>();
    let head = super::aligned_head(src, V::BYTES, ALIGN_FROM);
    let rest = &src[head..];
    // SAFETY: the caller guarantees the ISA; `rest` is readable, its
    // `size_of_val(rest)` bytes.
    let (n, done) =
        unsafe { fold_popcount::<V>(rest.as_ptr().cast(), core::mem::size_of_val(rest), flagged) };
    let done = done / size;
    // `n <= per * done`: at most one less per element counted.
    scalar(&src[..head]) + per * done - n as usize + scalar(&rest[done..])
}

/// The number of bytes of `src` that are not continuation bytes.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn count_chars<V: Count>(src: &[u8]) -> usize {
    // SAFETY: the caller guarantees the ISA; `src` is readable.
    let (n, done) = unsafe { count_gt_i8::<V>(src, -0x41) };
    n as usize + crate::scalar::count::count_chars(&src[done..])
}

/// The number of UTF-16 units for UTF-8 `src`: non-continuation bytes, plus
/// one for each byte `>= F0`.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_len_from_utf8<V: Count>(src: &[u8]) -> usize {
    // SAFETY: the caller guarantees the ISA.
    let (n, _, rest) = unsafe {
        fold_aligned::<V, _, _>(src, Utf16Units, crate::scalar::count::utf16_len_from_utf8)
    };
    n as usize + rest
}

/// The number of UTF-8 bytes for Latin-1 `src`: two per byte `>= 0x80`,
/// one per ASCII byte, i.e. twice the length minus the ASCII bytes.
///
/// Where the count takes vector instructions (not [`Count::BY_POPCOUNT`]),
/// the whole chunks go through [`high_bytes_in_chunks`] first, which
/// skips the ASCII ones at one OR per vector. On a Zen 1 EPYC, old and new
/// alternating (medians of 8 to 10, four runs): ASCII +18–32 % with AVX2
/// and +34–51 % with SSE4.2; French in Latin-1 (a high byte in about 30)
/// from −6 % to +5 % between runs, −2 % on their mean.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn utf8_len_from_latin1<V: Count>(src: &[u8]) -> usize {
    let scalar = crate::scalar::latin1::utf8_len_from_latin1;
    let (head, high, chunked) = if V::BY_POPCOUNT {
        (0, 0, 0)
    } else {
        let head = super::aligned_head(src, V::BYTES, ALIGN_FROM);
        // SAFETY: the caller guarantees the ISA; `src[head..]` is readable.
        let (high, chunked) = unsafe { high_bytes_in_chunks::<V>(&src[head..]) };
        (head, high, chunked)
    };
    let rest = &src[head + chunked..];
    // SAFETY: the caller guarantees the ISA; `rest` is readable.
    let (ascii, done) = unsafe { count_gt_i8::<V>(rest, -1) };
    scalar(&src[..head]) + chunked + high as usize + 2 * done - ascii as usize
        + scalar(&rest[done..])
}

/// How many chunks [`high_bytes_in_chunks`] counts before it tests one for
/// ASCII again: 8 KiB, so that text with a non-ASCII byte in every chunk
/// pays for one test (and one chunk's counters added apart) in that many,
/// and ASCII text after it is found within that span.
const RECHECK_EVERY: usize = 32;

/// The bytes of `src` from `0x80` up, over its whole chunks ([`CHUNK`]
/// bytes), and the bytes those cover: Latin-1 text is often ASCII for
/// long stretches (English, markup, identifiers), which one OR per vector
/// shows, where the count takes a compare and a subtraction. So chunks are
/// tested for ASCII while they are ASCII; one that is not is counted, as
/// are the chunks after it, in groups of [`RECHECK_EVERY`] whose last is
/// counted apart, which shows whether it was ASCII, to go back to the
/// test. The count compares as [`count_gt_i8`] does: with an SSE compare
/// it counts the ASCII bytes, and the chunk's others are the high ones.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
unsafe fn high_bytes_in_chunks<V: Count>(src: &[u8]) -> (u64, usize) {
    let (p, len) = (src.as_ptr(), src.len());
    // Vectors per chunk, and per block: a block's go into one counter, so
    // that the additions form `UNROLL` independent chains.
    let (per, per_block) = (CHUNK / V::BYTES, BLOCK / V::BYTES);
    // Counters gain at most `per_block` per chunk: groups of chunks per
    // flush, before a counter could pass 255.
    let groups_per_flush = 255 / per_block / RECHECK_EVERY;
    const { assert!(255 / (BLOCK / V::BYTES) >= RECHECK_EVERY) };
    // What a counter gains on an ASCII chunk.
    let ascii_gain = if V::DESTRUCTIVE_COMPARE { per_block as u8 } else { 0 };
    let (mut at, mut high, mut counted, mut ascii) = (0, 0u64, 0, true);
    // SAFETY: the caller guarantees the ISA; every load reads `V::BYTES`
    // bytes inside a chunk `at..at + CHUNK` with `at + CHUNK <= len`.
    unsafe {
        let mut acc = [V::zero(); UNROLL];
        let mut groups = 0;
        while at + CHUNK <= len {
            if ascii {
                let or = (0..per).fold(V::zero(), |o, k| o.or(V::load(p.add(at + k * V::BYTES))));
                if !or.any_high_bit() {
                    at += CHUNK;
                    continue;
                }
            }
            // A group: the chunks before its last counted plainly, the
            // last into counters of its own, which also show whether it
            // was ASCII. The first is loaded again (see `opaque`): the test
            // above reads its vectors once.
            let first = super::opaque(p.add(at));
            let mut n = 0;
            while n + 1 < RECHECK_EVERY && at + 2 * CHUNK <= len {
                count_chunk(&mut acc, if n == 0 { first } else { p.add(at) });
                at += CHUNK;
                n += 1;
            }
            let mut last = [V::zero(); UNROLL];
            count_chunk(&mut last, if n == 0 { first } else { p.add(at) });
            at += CHUNK;
            counted += (n + 1) * CHUNK;
            let step = V::splat(ascii_gain);
            let off = (0..UNROLL).fold(V::zero(), |m, u| m.or(last[u].xor(step)));
            ascii = !off.any();
            for (a, l) in acc.iter_mut().zip(last) {
                *a = a.sub8(V::zero().sub8(l));
            }
            groups += 1;
            if groups == groups_per_flush {
                groups = 0;
                for a in &mut acc {
                    high += a.sum8();
                    *a = V::zero();
                }
            }
        }
        for a in acc {
            high += a.sum8();
        }
    }
    // With an SSE compare, `high` counted the ASCII bytes of the counted
    // chunks.
    let high = if V::DESTRUCTIVE_COMPARE { counted as u64 - high } else { high };
    (high, at)
}

/// The chunk at `q` into `acc`, a block per counter: its bytes from `0x80`
/// up, or its ASCII bytes where the compare is destructive (see
/// [`high_bytes_in_chunks`]). A function, not a closure, for the reason
/// [`Amounts`] gives.
///
/// # Safety
///
/// The CPU must support V's ISA, and [`CHUNK`] bytes at `q` are readable.
#[inline(always)]
unsafe fn count_chunk<V: Count>(acc: &mut [V; UNROLL], q: *const u8) {
    let per_block = BLOCK / V::BYTES;
    for (u, acc) in acc.iter_mut().enumerate() {
        for k in 0..per_block {
            // SAFETY: the caller guarantees the ISA and the chunk's bytes.
            unsafe {
                let v = V::load(q.add((u * per_block + k) * V::BYTES));
                *acc = if V::DESTRUCTIVE_COMPARE {
                    v.count_gt_i8(*acc, -1)
                } else {
                    v.count_lt_i8(*acc, 0)
                };
            }
        }
    }
}

/// The number of UTF-8 bytes for UTF-16 `src` in byte order `O`: per unit
/// 3, less its deficit: 2 below `0x80`, 1 below `0x800` and for a
/// surrogate (a pair takes 4 bytes). Two vectors per step, their deficits
/// in one vector of byte counters ([`Count::utf8_deficit16x2`]); units in
/// the other byte order are swapped first, one shuffle per vector.
///
/// Measured on a Sapphire Rapids-class Xeon against simdutf's kernel of
/// the same class (the two alternating; one vector per step with three
/// tests before): SSE4.2 22 → 33 GB/s (0.97× → 1.44× westmere), AVX2 40
/// → 55 (1.06× → 1.41× haswell), AVX-512 56 → 86 (1.10× → 1.67×
/// icelake; ours looked the top five bits up by `vpermw`).
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn utf8_len_from_utf16<V: Count, O: ByteOrder>(src: &[u16]) -> usize {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar count.
        return crate::scalar::count::utf8_len_from_utf16::<O>(src);
    }
    let scalar = crate::scalar::count::utf8_len_from_utf16::<O>;
    // SAFETY: the caller guarantees the ISA.
    let (deficit, done, rest) =
        unsafe { fold_aligned::<V, _, _>(src, Utf8Deficit::<O>(PhantomData), scalar) };
    3 * done - deficit as usize + rest
}

/// The number of UTF-32 values for UTF-16 `src` in byte order `O`: every
/// unit but low surrogates.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn utf32_len_from_utf16<V: Count, O: ByteOrder>(src: &[u16]) -> usize {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar count.
        return crate::scalar::count::utf32_len_from_utf16::<O>(src);
    }
    // SAFETY: the caller guarantees the ISA.
    let (lows, done, rest) = unsafe {
        let (hi6, low) = (V::splat16(O::write16(0xFC00)), V::splat16(O::write16(0xDC00)));
        if V::BY_POPCOUNT {
            // One per unit, less one per low surrogate.
            return len_by_popcount::<V, u16>(
                src,
                1,
                |v| v.and(hi6).popcount_eq16(low),
                crate::scalar::count::utf32_len_from_utf16::<O>,
            );
        }
        let lows = Masked16 { mask: hi6, value: low };
        fold_aligned::<V, _, _>(src, lows, crate::scalar::count::utf32_len_from_utf16::<O>)
    };
    done - lows as usize + rest
}

/// The number of UTF-8 bytes for UTF-32 `src`: per value 4, minus one for
/// each of "below `0x80`", "below `0x800`", "below `0x10000`" that holds.
///
/// Two vectors per step, in 16-bit lanes: each value shifted right by 5
/// and saturated to 16 bits by [`Count::narrow32_saturating`], which
/// keeps the three tests exact (below 4, `0x40` and `0x800`, bounds up to
/// `0x7FFF`) and halves the compares per value, which bound
/// the 32-bit form (three compares per vector; measured on an AMD EPYC
/// with AVX2, 13.5 GB/s against 21).
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn utf8_len_from_utf32<V: Count>(src: &[u32]) -> usize {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar count.
        return crate::scalar::count::utf8_len_from_utf32(src);
    }
    let scalar = crate::scalar::count::utf8_len_from_utf32;
    // SAFETY: the caller guarantees the ISA.
    let (small, done, rest) = unsafe { fold_aligned::<V, _, _>(src, SmallValues32, scalar) };
    4 * done - small as usize + rest
}

/// The number of UTF-16 units for UTF-32 `src`: two per value from
/// `0x10000`, one for the others.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_len_from_utf32<V: Count>(src: &[u32]) -> usize {
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar count.
        return crate::scalar::count::utf16_len_from_utf32(src);
    }
    // SAFETY: the caller guarantees the ISA.
    let (bmp, done, rest) = unsafe {
        let (zero, m16) = (V::splat(0), V::splat32(!0xFFFF));
        if V::BY_POPCOUNT {
            // Two per value, less one per BMP value.
            return len_by_popcount::<V, u32>(
                src,
                2,
                |v| v.and(m16).popcount_eq32(zero),
                crate::scalar::count::utf16_len_from_utf32,
            );
        }
        fold_aligned::<V, _, _>(src, Bmp32, crate::scalar::count::utf16_len_from_utf32)
    };
    2 * done - bmp as usize + rest
}

/// The number of bytes of `src` that are not continuation bytes, and the
/// largest PEP 393 kind its bytes imply (`scalar::count::kind_of_byte`:
/// 0 for ASCII, 1 up to `C3`, 2 up to `EF`, 3 from `F0`): for valid
/// UTF-8, the number of characters and the kind of the narrowest PEP 393
/// string that holds them. Defined on any input.
///
/// One pass, a block at a time: the count as in [`count_chars`], and three
/// accumulators of which bytes occur (any high bit, any byte above `C3`,
/// any above `EF`, by saturating subtraction), tested once at the end.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn count_chars_and_kind<V: Count>(src: &[u8]) -> (usize, u8) {
    // One count per lane per vector: flush before 255 vectors per counter.
    let blocks_per_flush = 255 / (BLOCK / V::BYTES);
    let (p, len) = (src.as_ptr(), src.len());
    let mut at = 0;
    let mut total = 0;
    // SAFETY: the caller guarantees the ISA; every load reads `V::BYTES`
    // bytes inside the block `at..at + BLOCK`, and `at + BLOCK <= len`.
    let kind = unsafe {
        let (above_c3, above_ef) = (V::splat(0xC3), V::splat(0xEF));
        let (mut high, mut bmp, mut astral) = (V::zero(), V::zero(), V::zero());
        while at + BLOCK <= len {
            let mut acc = V::zero();
            let mut n = 0;
            while n < blocks_per_flush && at + BLOCK <= len {
                for k in 0..BLOCK / V::BYTES {
                    let v = V::load(p.add(at + k * V::BYTES));
                    // (Constant per ISA: see `Count::BY_POPCOUNT`.)
                    if V::BY_POPCOUNT {
                        total += v.popcount_gt_i8(-0x41) as usize;
                    } else {
                        acc = v.count_gt_i8(acc, -0x41);
                    }
                    high = high.or(v);
                    bmp = bmp.or(v.saturating_sub(above_c3));
                    astral = astral.or(v.saturating_sub(above_ef));
                }
                at += BLOCK;
                n += 1;
            }
            total += acc.sum8() as usize;
        }
        if astral.any() {
            3
        } else if bmp.any() {
            2
        } else {
            u8::from(high.any_high_bit())
        }
    };
    let (n, tail) = crate::scalar::count::count_chars_and_kind(&src[at..]);
    (total + n, kind.max(tail))
}
