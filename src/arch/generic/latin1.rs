//! Latin-1 (ISO-8859-1) to and from UTF-8, UTF-16 and UTF-32, at any
//! register width: the kernel's widest vectors (512 bits with AVX-512,
//! 256 with AVX2, 128 elsewhere), and the ISA's 16-byte vectors
//! (`Utf8Vector::Small`) for what is left, or for inputs shorter than one
//! wide block.
//!
//! - Latin-1 to UTF-8: ASCII runs are copied four vectors per step. With
//!   16-byte vectors, a group of four that is not all ASCII is encoded
//!   whole, byte by byte ([`encode_latin1`]). With wider vectors, a block
//!   with a byte `>= 0x80` copies its ASCII halves and widens the others
//!   to `u16`, each encoded by the UTF-16 code's 1-or-2-byte path
//!   ([`super::utf16::encode_1_2`]: one shift-and-or, then
//!   `WideVector::pack_1_2`), unless the ISA converts the block its own
//!   way ([`Latin1Vector`]: AVX-512 VBMI2 compresses).
//! - UTF-8 to Latin-1: ASCII runs are copied; in a block of ASCII, `C2`/`C3`
//!   leads and their continuations, two nibble lookups classify the bytes,
//!   each continuation takes bit 0 of the lead before it into its bit 6
//!   (`C3 A9` is `E9`), and `WideVector::compress` drops the leads. The
//!   blocks follow each other at a fixed stride whatever their content: a
//!   lead that ends one carries into the next as one bit, so no block's
//!   start waits on the last one's data (with a variable stride the loop
//!   ran at a quarter of the speed, on the latency of that chain). Any
//!   other byte `>= 0x80` is either invalid UTF-8 or a character above
//!   U+00FF, an error either way: the kernel stops, and the scalar finish
//!   reports it exactly.
//! - Latin-1 to UTF-16 and UTF-32: zero extension; UTF-16 and UTF-32 to
//!   Latin-1: a test that every unit is at most `0xFF`, then an unsigned
//!   narrowing, and any other block stops the kernel. These are one to one
//!   ([`one_to_one`]): after the first block, the side with the larger
//!   elements is accessed aligned, and one last block overlapping the one
//!   before it converts the end of the input.
//!
//! Every entry follows the kernel contract of `arch::KernelFns`: it
//! returns `(read, written)` with `src[..read]` valid (and representable)
//! and converted into `dst[..written]`, and never writes past `dst.len()`.
//! It only writes `dst` (the [`Out`] contract), through `MaybeUninit`
//! pointers cast to the unit type, and never reads it.

use super::array;
use super::utf16::encode_1_2;
use super::vector::{Latin1Vector, Pack, Shift, Target, Utf8Vector, Vector, WideVector, PACK_1_2};
use crate::arch::Out;
use crate::byte_order::ByteOrder;
use crate::scalar::transcode::{Utf16, Utf32};

/// The byte shuffle that swaps the two bytes of every `u16` lane.
static SWAP16: [u8; 16] = [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14];

/// The classes of UTF-8 to Latin-1, one bit each (ASCII is none of them).
/// `LEAD` is the high bit, for a movemask.
const LEAD: u8 = 0x80;
/// A continuation byte: bit 6, where the lead `C3` adds its bit.
const CONT: u8 = 0x40;
/// A byte `C0`, `C1` or `C4..=CF`: invalid or above U+00FF.
const BAD_C: u8 = 0x01;
/// A byte `D0..=FF`: a lead of a character above U+00FF (or invalid).
const BAD_X: u8 = 0x02;
/// The classes by high nibble ...
const CLASS_HIGH: [u8; 16] =
    [0, 0, 0, 0, 0, 0, 0, 0, CONT, CONT, CONT, CONT, LEAD | BAD_C, BAD_X, BAD_X, BAD_X];
/// ... and by low nibble: a byte's class is the AND of the two. `LEAD`
/// survives only for `C2` and `C3`, `BAD_C` only for the other `C`s.
const CLASS_LOW: [u8; 16] = {
    let mut t = [CONT | BAD_C | BAD_X; 16];
    t[2] = CONT | LEAD | BAD_X;
    t[3] = CONT | LEAD | BAD_X;
    t
};

/// The elements from `at` to the next address aligned to `align` bytes
/// (`at` is aligned to its elements, whose size divides `align`). After a
/// first vector written or read unaligned, the next one starts there, so
/// that the accesses that follow are aligned: an access that crosses a
/// cache line costs two. Measured on Zen 4, Latin-1 to UTF-16 with
/// 64-byte stores runs at 34 GB/s with `dst` 16 bytes past a line, and at
/// 38 aligned.
#[inline(always)]
fn to_aligned<T>(at: *const T, align: usize) -> usize {
    (at as usize).wrapping_neg() % align / core::mem::size_of::<T>()
}

/// Copies the run of ASCII at `src[*i..]` to `dst[*o..]`, four vectors
/// per step, advancing `*i` and `*o`, while both have four vectors left;
/// after the first step, the stores are aligned (why: [`to_aligned`]).
#[inline(always)]
pub(super) unsafe fn ascii_run<V: Vector>(
    src: &[u8],
    dst: &mut Out<u8>,
    i: &mut usize,
    o: &mut usize,
) {
    let w = V::BYTES;
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    if *i + 4 * w > src.len() || *o + 4 * w > dst.len() {
        return;
    }
    // SAFETY: the caller guarantees the ISA; the four vectors at `*i` and
    // `*o` are in bounds by the test above.
    if !unsafe { copy_ascii4::<V>(sp.add(*i), dp.add(*o)) } {
        return;
    }
    // On to the last vector boundary of `dst` in what was written (copying
    // is one to one, so `src` follows). Only once the run has four
    // vectors: aligning after every ASCII block would convert the bytes up
    // to the boundary twice, which costs text with a non-ASCII letter every
    // few dozen bytes more than the alignment saves.
    let step = 4 * w - (dp as usize + *o) % w;
    *i += step;
    *o += step;
    // The steps that fit, counted once; the loop moves two pointers to
    // one end, where counting the offsets of both sides kept four
    // counters (NEON: 18 instructions a step, 14 this way).
    let steps = (src.len() - *i).min(dst.len() - *o) / (4 * w);
    // SAFETY: `steps` keeps every step's `4 * w` bytes within `src` from
    // `*i` and within `dst` from `*o`, so `end` and every pointer the loop
    // forms are in bounds (or one past); the caller guarantees the ISA.
    unsafe {
        let start = sp.add(*i);
        let end = start.add(steps * 4 * w);
        let (mut s, mut d) = (start, dp.add(*o));
        while s < end && copy_ascii4::<V>(s, d) {
            s = s.add(4 * w);
            d = d.add(4 * w);
        }
        let done = s.offset_from(start) as usize;
        *i += done;
        *o += done;
    }
}

/// Copies the four vectors at `p` to `q` if their bytes are ASCII:
/// whether it did.
///
/// # Safety
///
/// The ISA of `V`; `p..p + 4 * V::BYTES` readable and `q..q + 4 *
/// V::BYTES` writable.
#[inline(always)]
unsafe fn copy_ascii4<V: Vector>(p: *const u8, q: *mut u8) -> bool {
    let w = V::BYTES;
    // SAFETY: the caller guarantees the ISA and the bytes.
    unsafe {
        let v = [V::load(p), V::load(p.add(w)), V::load(p.add(2 * w)), V::load(p.add(3 * w))];
        if v[0].or(v[1]).or(v[2].or(v[3])).any_high_bit() {
            return false;
        }
        v[0].store(q);
        v[1].store(q.add(w));
        v[2].store(q.add(2 * w));
        v[3].store(q.add(3 * w));
    }
    true
}

/// Latin-1 to UTF-8: the kernel prefix. Blocks of `V`, then of the ISA's
/// 16-byte vectors for the rest.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf8<V: Latin1Vector + Utf8Vector>(
    src: &[u8],
    dst: &mut Out<u8>,
) -> (usize, usize)
where
    V::Small: Latin1Vector,
{
    if !(V::LITTLE_LANES && V::FAST_SHUFFLE) {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    let (mut i, mut o) = if V::BYTES == 64 { latin1_to_utf8_head(src, dst, 64) } else { (0, 0) };
    // SAFETY: the caller guarantees the ISA, whose 16-byte vectors `Small`
    // are.
    unsafe {
        latin1_to_utf8_blocks::<V>(src, dst, &mut i, &mut o);
        latin1_to_utf8_blocks::<V::Small>(src, dst, &mut i, &mut o);
    }
    (i, o)
}

/// The input length from which [`latin1_to_utf8`] converts the bytes
/// before the input's first vector boundary one at a time, so that the
/// blocks' loads that follow are aligned (text with an accent every few
/// dozen bytes keeps them so: its ASCII runs are too short for
/// [`ascii_run`], which aligns the stores instead). With AVX-512 on a
/// Sapphire Rapids-class Xeon, western text ran at 20.5 GB/s aligned and
/// 17.5 at the worst offset, 20.3 with the head; with AVX2 and SSE4.2,
/// whose loads cross a line at most every other time, the worst offset
/// was within 5 % of the aligned speed, and the head gained nothing: it
/// is for vectors of a whole line. Below this length, the head costs more
/// than the alignment saves.
const LATIN1_ALIGN_FROM: usize = 1024;

/// The bytes of Latin-1 `src` before its first `align`-byte boundary (from
/// [`LATIN1_ALIGN_FROM`] bytes on; none otherwise) as UTF-8 in `dst`, one
/// at a time, where `dst` has room for them: `(read, written)`.
#[inline(always)]
fn latin1_to_utf8_head(src: &[u8], dst: &mut Out<u8>, align: usize) -> (usize, usize) {
    let head = super::aligned_head(src, align, LATIN1_ALIGN_FROM);
    let (mut i, mut o) = (0, 0);
    if dst.len() < 2 * head {
        return (i, o);
    }
    for &b in &src[..head] {
        if b < 0x80 {
            dst[o].write(b);
            o += 1;
        } else {
            dst[o].write(0xC0 | b >> 6);
            dst[o + 1].write(0x80 | (b & 0x3F));
            o += 2;
        }
        i += 1;
    }
    (i, o)
}

/// Latin-1 to UTF-8 in blocks of `V`, from `src[*i..]` to `dst[*o..]`:
/// with 16-byte vectors, groups of four first.
#[inline(always)]
unsafe fn latin1_to_utf8_blocks<V: Latin1Vector>(
    src: &[u8],
    dst: &mut Out<u8>,
    i: &mut usize,
    o: &mut usize,
) {
    let w = V::BYTES;
    let (n, cap) = (src.len(), dst.len());
    // With 16-byte vectors, four at a time, and a group that is not all
    // ASCII encoded whole, without a branch per vector: in text with an
    // accent every few dozen bytes, whether a 16-byte vector is ASCII is a
    // coin toss that the branch predictor loses, and the encoding of one
    // vector ([`encode_latin1`]) costs less than the mispredictions.
    // Western text on a Zen 1 EPYC with SSE4.2: 3.4 GB/s with a branch per
    // vector and per half, 4.5 with the branches and `encode_latin1`, 5.7
    // in groups. Wider vectors keep the branches: with AVX2, groups of 128
    // bytes ran at 5.3 GB/s there against 5.9 one vector at a time with
    // the ASCII halves copied.
    while w == 16 && *i + 4 * w <= n && *o + 8 * w <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 4w <= n` covers the
        // loads, and `o + 8w <= cap` the ASCII stores and the four
        // encodings (each writes within `2w` bytes of its start, and keeps
        // at most `2w`).
        unsafe {
            let p = src.as_ptr().add(*i);
            let v = [V::load(p), V::load(p.add(w)), V::load(p.add(2 * w)), V::load(p.add(3 * w))];
            let dp = dst.as_mut_ptr().cast::<u8>();
            if !v[0].or(v[1]).or(v[2].or(v[3])).any_high_bit() {
                let at = dp.add(*o);
                for (k, x) in v.into_iter().enumerate() {
                    x.store(at.add(k * w));
                }
                *i += 4 * w;
                *o += 4 * w;
                ascii_run::<V>(src, dst, i, o);
                continue;
            }
            for x in v {
                *o += encode_latin1(x, dp.add(*o));
            }
            *i += 4 * w;
        }
    }
    while *i + w <= n && *o + 2 * w <= cap {
        // SAFETY: the caller guarantees the ISA; `i + w <= n` covers the
        // load and `o + 2w <= cap` the ASCII store, the hook's room and
        // the two halves (an `encode_1_2` writes within `w` bytes of its
        // start, a copy `w / 2`, and the first half keeps at most `w`).
        unsafe {
            let v = V::load(src.as_ptr().add(*i));
            if !v.any_high_bit() {
                let at = dst.as_mut_ptr().cast::<u8>().add(*o);
                v.store(at);
                *i += w;
                *o += w;
                ascii_run::<V>(src, dst, i, o);
                continue;
            }
            let dp = dst.as_mut_ptr().cast::<u8>();
            if let Some((r, k)) = V::latin1_to_utf8_block(v, dp.add(*o)) {
                *i += r;
                *o += k;
                continue;
            }
            // Every unit is below 0x100: 1 or 2 bytes each. Each half
            // block that is ASCII is copied as it is: text with a few
            // non-ASCII letters (western European, one byte in thirty) has
            // many such halves among its non-ASCII blocks, and a copy
            // costs far less than encoding.
            let half = w / 2;
            let high = v.movemask();
            let (a, b) = v.widen8();
            let sp = src.as_ptr().add(*i);
            for (k, units) in [a, b].into_iter().enumerate() {
                if high >> (k * half) & ((1 << half) - 1) == 0 {
                    core::ptr::copy_nonoverlapping(sp.add(k * half), dp.add(*o), half);
                    *o += half;
                } else {
                    *o += encode_1_2(units, dp.add(*o));
                }
            }
            *i += w;
        }
    }
}

/// Encodes the Latin-1 block `v` as UTF-8 at `dst`: returns the bytes
/// written (at most `2 * V::BYTES`), writing within `dst..dst + 2 *
/// V::BYTES`.
///
/// Each byte's two-byte form is built byte by byte: the lead is `C2` or
/// `C3` by bit 6 of the byte, the continuation is the byte with bit 6
/// cleared, and an ASCII byte takes the lead's place as it is; the zips
/// pair them into `u16` lanes `[first, continuation]`, and each 8 units'
/// row of `PACK_1_2`, keyed by the ASCII bytes straight from the block's
/// mask, drops the continuations of the ASCII bytes.
#[inline(always)]
unsafe fn encode_latin1<V: WideVector>(v: V, dst: *mut u8) -> usize {
    // SAFETY: the caller guarantees the ISA and the `2 * V::BYTES`
    // writable bytes at `dst`: the 16-byte store of each 8 units starts at
    // the bytes kept before them, at most 16 per 8 units before, so it
    // ends within `2 * V::BYTES`. The rows are 16 readable bytes with
    // indices below 16 or 0x80.
    unsafe {
        let lead = v.and(V::splat(0x40)).shr16::<6>().or(V::splat(0xC2));
        let cont = v.and(V::splat(0xBF));
        let ascii = v.and(V::splat(0x80)).eq8(V::zero());
        let first = lead.andnot(ascii).or(v.and(ascii));
        let (lo, hi) = (first.zip_lo8(cont), first.zip_hi8(cont));
        let key = !v.movemask();
        let rows_lo: [&Pack; 4] = array(|k| &PACK_1_2[(key >> (16 * k)) as u8 as usize]);
        let rows_hi: [&Pack; 4] = array(|k| &PACK_1_2[(key >> (16 * k + 8)) as u8 as usize]);
        let lo = lo.shuffle(V::lanes(rows_lo.map(|r| r.idx.as_ptr())));
        let hi = hi.shuffle(V::lanes(rows_hi.map(|r| r.idx.as_ptr())));
        let mut n = 0;
        for k in 0..V::BYTES / 16 {
            lo.store_lane(k, dst.add(n));
            n += usize::from(rows_lo[k].len);
            hi.store_lane(k, dst.add(n));
            n += usize::from(rows_hi[k].len);
        }
        n
    }
}

/// A one-to-one conversion: element `k` of the input gives element `k`
/// of the output (so `read == written`), converted in blocks of
/// `V::BYTES` elements, by [`one_to_one`].
///
/// # Safety
///
/// [`OneToOne::len`] is at most the input's and the output's length in
/// elements, and [`OneToOne::block`] reads and writes only elements
/// `at..at + V::BYTES` and keeps its doc's promise on failure: the blocks
/// [`one_to_one`] runs stay in bounds by the first, and the output it
/// reports as converted stays so by the second.
unsafe trait OneToOne {
    /// The elements of input that `dst` has room for.
    fn len(&self) -> usize;
    /// [`to_aligned`] from element 0 of the side whose accesses are
    /// aligned (the larger elements).
    fn to_aligned(&self, align: usize) -> usize;
    /// Converts elements `at..at + V::BYTES`, or returns `false`, having
    /// written nothing, if one of them cannot be. Writing nothing matters:
    /// [`one_to_one`]'s last block overlaps the one before it, whose
    /// output is part of the prefix it reports as converted.
    ///
    /// # Safety
    ///
    /// The ISA of `V`; `at + V::BYTES <= self.len()`.
    unsafe fn block<V: WideVector + Utf8Vector>(&mut self, at: usize) -> bool;
}

/// Drives a [`OneToOne`] conversion in blocks of `V`, or of the ISA's
/// 16-byte vectors if the input is shorter than one block: the prefix
/// converted, `(read, written)`.
///
/// The first block is converted where it is; the next starts where the
/// aligned side is aligned to the vector size (at most one block later,
/// so nothing is skipped, and a few elements are converted twice); then
/// whole blocks; then one last block that ends where the input does,
/// overlapping the one before it, so that the whole input is converted.
#[inline(always)]
unsafe fn one_to_one<V: WideVector + Utf8Vector, C: OneToOne>(c: &mut C) -> (usize, usize)
where
    V::Small: WideVector + Utf8Vector,
{
    // SAFETY: the caller guarantees the ISA, whose 16-byte vectors `Small`
    // are.
    unsafe {
        if V::BYTES > 16 && c.len() < V::BYTES {
            one_to_one_in::<V::Small, C>(c)
        } else {
            one_to_one_in::<V, C>(c)
        }
    }
}

/// [`one_to_one`] in blocks of `V`.
#[inline(always)]
unsafe fn one_to_one_in<V: WideVector + Utf8Vector, C: OneToOne>(c: &mut C) -> (usize, usize) {
    let (w, len) = (V::BYTES, c.len());
    // SAFETY: the caller guarantees the ISA; every block is in bounds:
    // `0 + w <= len`, `i + w <= len` in the loop, and `len - w` for the
    // last.
    unsafe {
        if len < w || !c.block::<V>(0) {
            return (0, 0);
        }
        let mut i = match c.to_aligned(w) {
            0 => w,
            k => k,
        };
        // Four blocks a step, where the loop's own count, compare and
        // branch weigh on a block of a load, a widening and a store (NEON,
        // counted under qemu: Latin-1 to UTF-16 from 9 instructions a
        // block to 5; on a Zen 1 EPYC, UTF-16 to Latin-1 from 26.8 to 30.4
        // GB/s with AVX2 and from 29.4 to 37.5 with SSE4.2, Latin-1 to
        // UTF-16 within 1.5 %). A block that fails stops the step there.
        while len - i >= 4 * w {
            for k in 0..4 {
                if !c.block::<V>(i + k * w) {
                    return (i + k * w, i + k * w);
                }
            }
            i += 4 * w;
        }
        while i + w <= len {
            if !c.block::<V>(i) {
                return (i, i);
            }
            i += w;
        }
        if i < len && c.block::<V>(len - w) {
            i = len;
        }
        (i, i)
    }
}

/// How the bytes of a single-byte encoding become UTF-16 code units, a
/// vector at a time.
pub(super) trait ByteUnits {
    /// The code units of the bytes of `v` as two vectors of `u16` lanes
    /// (the low and the high half of the bytes, in order).
    ///
    /// # Safety
    ///
    /// The ISA of `V`.
    unsafe fn units<V: WideVector + Utf8Vector>(v: V) -> (V, V);
}

/// Latin-1: every byte is its own code point.
pub(super) struct Latin1Units;

impl ByteUnits for Latin1Units {
    #[inline(always)]
    unsafe fn units<V: WideVector + Utf8Vector>(v: V) -> (V, V) {
        // SAFETY: the caller guarantees the ISA.
        unsafe { v.widen8() }
    }
}

/// Stores the `u16` lanes of `a`, then those of `b`, at `dst` as units
/// of `T`: UTF-16 in its byte order, or zero-extended to UTF-32.
///
/// # Safety
///
/// The ISA of `V`; room for `V::BYTES` units at `dst`.
#[inline(always)]
unsafe fn store_units<V: WideVector, T: Target>(a: V, b: V, dst: *mut T::Unit) {
    let w = V::BYTES;
    // SAFETY: the caller guarantees the ISA and the room: `V::BYTES`
    // units are `2 * w` bytes of UTF-16 or `4 * w` of UTF-32.
    unsafe {
        let d = dst.cast::<u8>();
        if T::UTF32 {
            let (a0, a1) = a.widen16();
            let (b0, b1) = b.widen16();
            a0.store(d);
            a1.store(d.add(w));
            b0.store(d.add(2 * w));
            b1.store(d.add(3 * w));
        } else if T::SWAP {
            let swap = V::table(&SWAP16);
            a.shuffle(swap).store(d);
            b.shuffle(swap).store(d.add(w));
        } else {
            a.store(d);
            b.store(d.add(w));
        }
    }
}

/// [`bytes_to_wide`].
struct BytesToWide<'a, M, T: Target> {
    src: &'a [u8],
    dst: &'a mut Out<T::Unit>,
    units: core::marker::PhantomData<M>,
}

// SAFETY: `len` is the shorter of the two buffers; `block` loads and
// stores exactly the block's `V::BYTES` elements, and never fails.
unsafe impl<M: ByteUnits, T: Target> OneToOne for BytesToWide<'_, M, T> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.src.len().min(self.dst.len())
    }

    fn to_aligned(&self, align: usize) -> usize {
        to_aligned(self.dst.as_ptr().cast::<T::Unit>(), align)
    }

    #[inline(always)]
    unsafe fn block<V: WideVector + Utf8Vector>(&mut self, at: usize) -> bool {
        // SAFETY: the caller guarantees the ISA and `at + V::BYTES <=
        // len`, which covers the load and the `V::BYTES` units stored.
        unsafe {
            let (a, b) = M::units(V::load(self.src.as_ptr().add(at)));
            store_units::<V, T>(a, b, self.dst.as_mut_ptr().cast::<T::Unit>().add(at));
        }
        true
    }
}

/// A single-byte encoding whose bytes [`ByteUnits`] `M` maps to UTF-16 or
/// UTF-32 (`T`): the kernel prefix (see [`one_to_one`]). Every byte is a
/// character, so it stops only where the input or `dst` runs short.
#[inline(always)]
pub(super) unsafe fn bytes_to_wide<V: WideVector + Utf8Vector, M: ByteUnits, T: Target>(
    src: &[u8],
    dst: &mut Out<T::Unit>,
) -> (usize, usize)
where
    V::Small: WideVector + Utf8Vector,
{
    let mut c = BytesToWide::<M, T> { src, dst, units: core::marker::PhantomData };
    // SAFETY: the caller guarantees the ISA.
    unsafe { one_to_one::<V, _>(&mut c) }
}

/// Latin-1 to UTF-16 in byte order `O`: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf16<V: WideVector + Utf8Vector, O: ByteOrder>(
    src: &[u8],
    dst: &mut Out<u16>,
) -> (usize, usize)
where
    V::Small: WideVector + Utf8Vector,
{
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    // SAFETY: the caller guarantees the ISA.
    unsafe { bytes_to_wide::<V, Latin1Units, Utf16<O>>(src, dst) }
}

/// Latin-1 to UTF-32: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf32<V: WideVector + Utf8Vector>(
    src: &[u8],
    dst: &mut Out<u32>,
) -> (usize, usize)
where
    V::Small: WideVector + Utf8Vector,
{
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    // SAFETY: the caller guarantees the ISA.
    unsafe { bytes_to_wide::<V, Latin1Units, Utf32>(src, dst) }
}

/// [`utf16_to_latin1`].
struct Utf16ToLatin1<'a, O> {
    src: &'a [u16],
    dst: &'a mut Out<u8>,
    order: core::marker::PhantomData<O>,
}

// SAFETY: `len` is the shorter of the two buffers; `block` loads the
// block's `V::BYTES` units and stores its `V::BYTES` bytes, only after the
// test that can fail.
unsafe impl<O: ByteOrder> OneToOne for Utf16ToLatin1<'_, O> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.src.len().min(self.dst.len())
    }

    fn to_aligned(&self, align: usize) -> usize {
        to_aligned(self.src.as_ptr(), align)
    }

    #[inline(always)]
    unsafe fn block<V: WideVector + Utf8Vector>(&mut self, at: usize) -> bool {
        let w = V::BYTES;
        // SAFETY: the caller guarantees the ISA and `at + w <= len`, which
        // covers the two loads of `w / 2` units and the store.
        unsafe {
            let p = self.src.as_ptr().add(at);
            let (a, b) = (V::load(p.cast()), V::load(p.add(w / 2).cast()));
            // The high byte of each unit, wherever `O` puts it.
            if a.or(b).and(V::splat16(O::write16(0xFF00))).any() {
                return false;
            }
            // Every unit is below 0x100: in the other byte order its
            // value is the lane's high byte, shifted down (where a byte
            // swap would need a table).
            let (a, b) = if O::SWAP { (a.shr16::<8>(), b.shr16::<8>()) } else { (a, b) };
            a.narrow16u(b).store(self.dst.as_mut_ptr().cast::<u8>().add(at));
        }
        true
    }
}

/// UTF-16 in byte order `O` to Latin-1: the kernel prefix (see
/// [`one_to_one`]). Stops before the first block with a unit above
/// `0xFF`.
#[inline(always)]
pub(crate) unsafe fn utf16_to_latin1<V: WideVector + Utf8Vector, O: ByteOrder>(
    src: &[u16],
    dst: &mut Out<u8>,
) -> (usize, usize)
where
    V::Small: WideVector + Utf8Vector,
{
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    let mut c = Utf16ToLatin1::<O> { src, dst, order: core::marker::PhantomData };
    // SAFETY: the caller guarantees the ISA.
    unsafe { one_to_one::<V, _>(&mut c) }
}

/// [`utf32_to_latin1`].
struct Utf32ToLatin1<'a> {
    src: &'a [u32],
    dst: &'a mut Out<u8>,
}

// SAFETY: as for `Utf16ToLatin1`, with `V::BYTES` values of 32 bits.
unsafe impl OneToOne for Utf32ToLatin1<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.src.len().min(self.dst.len())
    }

    fn to_aligned(&self, align: usize) -> usize {
        to_aligned(self.src.as_ptr(), align)
    }

    #[inline(always)]
    unsafe fn block<V: WideVector + Utf8Vector>(&mut self, at: usize) -> bool {
        let b = V::BYTES;
        // SAFETY: the caller guarantees the ISA and `at + b <= len`, which
        // covers the four loads of `b / 4` values and the store.
        // `narrow32` needs values below 0x10000, and the test before it
        // leaves only values up to 0xFF.
        unsafe {
            let q = self.src.as_ptr().add(at).cast::<u8>();
            let v = [V::load(q), V::load(q.add(b)), V::load(q.add(2 * b)), V::load(q.add(3 * b))];
            if v[0].or(v[1]).or(v[2].or(v[3])).and(V::splat32(0xFFFF_FF00)).any() {
                return false;
            }
            let (lo, hi) = (v[0].narrow32(v[1]), v[2].narrow32(v[3]));
            lo.narrow16u(hi).store(self.dst.as_mut_ptr().cast::<u8>().add(at));
        }
        true
    }
}

/// UTF-32 to Latin-1: the kernel prefix (see [`one_to_one`]). Stops
/// before the first block with a value above `0xFF`.
#[inline(always)]
pub(crate) unsafe fn utf32_to_latin1<V: WideVector + Utf8Vector>(
    src: &[u32],
    dst: &mut Out<u8>,
) -> (usize, usize)
where
    V::Small: WideVector + Utf8Vector,
{
    if !V::LITTLE_LANES {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    // SAFETY: the caller guarantees the ISA.
    unsafe { one_to_one::<V, _>(&mut Utf32ToLatin1 { src, dst }) }
}

/// UTF-8 to Latin-1: the kernel prefix. Stops before the first block with
/// a byte `>= 0x80` that is not a `C2` or `C3` lead or its continuation
/// (and before a lead that ends the input). Blocks of `V`, then of the
/// ISA's 16-byte vectors for the rest.
///
/// The blocks are consecutive, whatever their content: a lead that ends a
/// block carries into the next, so where a block starts never waits on
/// the last one's data.
#[inline(always)]
pub(crate) unsafe fn utf8_to_latin1<V: Latin1Vector + Utf8Vector>(
    src: &[u8],
    dst: &mut Out<u8>,
) -> (usize, usize)
where
    V::Small: Latin1Vector + Utf8Vector,
{
    if !(V::LITTLE_LANES && V::FAST_SHUFFLE) {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    // 1 if the last byte before `i` is a lead, not converted yet.
    let (mut i, mut o, mut carry) = (0, 0, 0);
    // SAFETY: the caller guarantees the ISA, whose 16-byte vectors `Small`
    // are.
    unsafe {
        if utf8_to_latin1_blocks::<V>(src, dst, &mut i, &mut o, &mut carry) {
            utf8_to_latin1_blocks::<V::Small>(src, dst, &mut i, &mut o, &mut carry);
        }
    }
    (i - carry as usize, o)
}

/// UTF-8 to Latin-1 in blocks of `V`, from `src[*i..]` to `dst[*o..]`;
/// `false` if it stopped at a block it cannot convert.
#[inline(always)]
unsafe fn utf8_to_latin1_blocks<V: Latin1Vector + Utf8Vector>(
    src: &[u8],
    dst: &mut Out<u8>,
    i: &mut usize,
    o: &mut usize,
    carry: &mut u64,
) -> bool {
    let w = V::BYTES;
    // The bits of a block's masks.
    let all = u64::MAX >> (64 - w);
    let (n, cap) = (src.len(), dst.len());
    let sp = src.as_ptr();
    // SAFETY: the caller guarantees the ISA; the load reads the `w` bytes
    // before `*i`.
    let mut prev = unsafe {
        if *i >= w {
            V::load(sp.add(*i - w))
        } else {
            V::zero()
        }
    };
    while *i + w <= n && *o + w + 8 <= cap {
        // SAFETY: the caller guarantees the ISA; `i + w <= n` covers the
        // load (and the one at `i - 1`, for `i >= 1`) and `o + w + 8 <= cap`
        // the ASCII store and `compress`. The class tables are 16 bytes.
        unsafe {
            let v = V::load(sp.add(*i));
            if !v.any_high_bit() {
                if *carry != 0 {
                    // A lead followed by ASCII.
                    return false;
                }
                let at = dst.as_mut_ptr().cast::<u8>().add(*o);
                v.store(at);
                *i += w;
                *o += w;
                ascii_run::<V>(src, dst, i, o);
                // The block before `*i` is all ASCII (so `carry` stays 0);
                // where the input does not reach back a whole block, zeros
                // stand in for it: no continuation can follow ASCII, and only
                // continuations read the byte before them.
                prev = if *i >= w { V::load(sp.add(*i - w)) } else { V::zero() };
                continue;
            }
            if V::UTF8_TO_LATIN1_BLOCK {
                let at = dst.as_mut_ptr().cast::<u8>().add(*o);
                let Some((k, c)) = V::utf8_to_latin1_block(v, prev, *carry, at) else {
                    return false;
                };
                *o += k;
                *carry = c;
                prev = v;
                *i += w;
                continue;
            }
            let class = v.lookup_high_nibble(CLASS_HIGH).and(v.lookup_low_nibble(CLASS_LOW));
            if class.and(V::splat(BAD_C | BAD_X)).any() {
                return false;
            }
            // Every byte >= 0x80 is now a `C2`/`C3` lead or a continuation;
            // the continuations must be exactly the bytes after the leads.
            let lead = class.movemask();
            let cont = v.movemask() & !lead;
            if cont != (lead << 1 | *carry) & all {
                return false;
            }
            // The byte before each byte, for the lead's bit 0 (1 for `C3`)
            // in bit 6 of its continuation.
            let before = if V::SHIFT == Shift::Shuffle || *i == 0 {
                v.prev::<1>(prev)
            } else {
                V::load(sp.add(*i - 1))
            };
            let bytes = v.or(before.shl16::<6>().and(class).and(V::splat(CONT)));
            *o += bytes.compress(!lead & all, dst.as_mut_ptr().cast::<u8>().add(*o));
            *carry = lead >> (w - 1);
            prev = v;
            *i += w;
        }
    }
    true
}
