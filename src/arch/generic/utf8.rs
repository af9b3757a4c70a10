//! UTF-8 validation: the "lookup" algorithm of Keiser & Lemire, *Validating
//! UTF-8 In Less Than One Instruction Per Byte* (Software: Practice and
//! Experience, 2021), as in simdjson/simdutf (`utf8_lookup4_algorithm.h`).
//!
//! # The idea
//!
//! Every error in UTF-8 is visible in a window of at most four consecutive
//! bytes, and almost all of them in a window of two. For each byte `b` and
//! the byte `p1` before it, three 16-entry tables, indexed by the high
//! nibble of `p1`, the low nibble of `p1` and the high nibble of `b`, give a
//! set of error classes (one per bit, see [`TOO_SHORT`] and friends) that
//! the nibble is compatible with. ANDing the three sets leaves a bit set
//! exactly where the pair is invalid:
//!
//! ```text
//! special = BYTE_1_HIGH[p1 >> 4] & BYTE_1_LOW[p1 & 15] & BYTE_2_HIGH[b >> 4]
//! ```
//!
//! One class is not an error by itself: [`TWO_CONTS`] (a continuation after
//! a continuation) is legal exactly when `b` is the third byte of a 3- or
//! 4-byte character or the fourth of a 4-byte one, i.e. when the byte two
//! back is `>= 0xE0` or the byte three back is `>= 0xF0`. That condition,
//! `must_be_2_3_continuation`, is computed from the input shifted by two and
//! three bytes and XORed into bit 7: a `TWO_CONTS` that must be one cancels
//! out, a missing one (an ASCII or lead byte where a continuation must be)
//! shows up. What remains is zero on valid input. (NEON folds it in with
//! one instruction fewer, by adding compare masks to the tables' result
//! with `TWO_CONTS` in bit 0: `Utf8Vector::fold_must_be_23`.)
//!
//! The stream is cut into 64-byte blocks (2 × 32 bytes for AVX2, 4 × 16 for
//! SSE/NEON, 1 × 64 for AVX-512). The vectors shifted by one to three bytes
//! are loaded from the input at offsets -1, -2 and -3 where the ISA prefers
//! that (`Utf8Vector::SHIFT`: loads are cheaper than AVX2's lane-crossing
//! shuffles, and than NEON's `ext` on cores with two vector pipes), or
//! built with `Utf8Vector::prev` from the previous vector (the first block,
//! short tails, WebAssembly), so characters that straddle a block boundary
//! are checked in the block where they end. A character still open at the
//! end of a block ("is incomplete") is an error only if the next block is
//! all ASCII (which skips the full check) or there is no next block;
//! otherwise the next block's check sees it. The ASCII blocks at the start
//! of the input are skipped before any of that is set up: a few hundred
//! bytes of ASCII, most buffers a parser meets, cost a load and a test per
//! block and no more (per two blocks where `Utf8Vector::ASCII_PAIRS` says
//! so).
//!
//! The end of the input is checked as one more block, the last 64 bytes,
//! overlapping what was already checked; inputs shorter than that use
//! overlapping 16-byte vectors ([`small`]), and below 19 bytes the scalar
//! DFA answers (dispatch never sends those here). Nothing is copied.
//!
//! # Error positions
//!
//! Every error is detected in the block holding the byte that makes it
//! invalid, and no later. So when a block is flagged, everything before it
//! was checked and found valid, except perhaps a character begun in its
//! last three bytes: exactly the contract of `scalar::utf8::rewind`.
//! [`validate`] tests the error vector once per [`GROUP`] blocks and
//! reports the group's start, which keeps that contract. [`is_valid`]
//! keeps no positions: it ORs the error vectors of every block into one
//! register and tests it once, at the end.

use super::vector::{Shift, Utf8Vector};

/// Bytes per block: the unit of the main loop and of the ASCII fast path.
pub(crate) const BLOCK: usize = 64;

// The error classes, one bit each, of the three lookup tables.
/// A lead byte followed by a non-continuation (`11______ 0_______` or
/// `11______ 11______`).
const TOO_SHORT: u8 = 1 << 0;
/// An ASCII byte followed by a continuation (`0_______ 10______`).
const TOO_LONG: u8 = 1 << 1;
/// `E0` followed by `80..=9F`.
const OVERLONG_3: u8 = 1 << 2;
/// `F4` followed by `90..=BF`, or `F5..=FF` followed by `90..=BF`.
const TOO_LARGE: u8 = 1 << 3;
/// `ED` followed by `A0..=BF`.
const SURROGATE: u8 = 1 << 4;
/// `C0` or `C1` followed by a continuation.
const OVERLONG_2: u8 = 1 << 5;
/// `F5..=FF` followed by `80..=8F`.
const TOO_LARGE_1000: u8 = 1 << 6;
/// `F0` followed by `80..=8F` (shares a bit with [`TOO_LARGE_1000`]: the
/// high nibble of the second byte is 8 in both, and the first byte's low
/// nibble tells them apart).
const OVERLONG_4: u8 = 1 << 6;
/// A continuation followed by a continuation: legal only inside a 3- or
/// 4-byte character, which `must_be_2_3_continuation` decides.
const TWO_CONTS: u8 = 1 << 7;
/// The classes whose first byte can have any low nibble.
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// Indexed by the high nibble of the first byte of the pair.
const BYTE_1_HIGH: [u8; 16] = [
    // 0_______: ASCII
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    // 10______: continuation
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    // 1100____: C0..CF
    TOO_SHORT | OVERLONG_2,
    // 1101____: D0..DF
    TOO_SHORT,
    // 1110____: E0..EF
    TOO_SHORT | OVERLONG_3 | SURROGATE,
    // 1111____: F0..FF
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
];

/// Indexed by the low nibble of the first byte of the pair.
const BYTE_1_LOW: [u8; 16] = [
    // ____0000: C0, E0, F0
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
    // ____0001: C1
    CARRY | OVERLONG_2,
    // ____001_
    CARRY,
    CARRY,
    // ____0100: F4
    CARRY | TOO_LARGE,
    // ____0101 and up: F5..FF
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    // ____1101: ED
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
];

/// Indexed by the high nibble of the second byte of the pair.
const BYTE_2_HIGH: [u8; 16] = [
    // 0_______: ASCII
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    // 1000____: 80..8F
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    // 1001____: 90..9F
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    // 101_____: A0..BF
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    // 11______: lead bytes
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
];

/// The largest value each of the last bytes of a block may have without
/// opening a character that continues into the next block: the last byte
/// must be below `C0`, the one before below `E0`, the one before that below
/// `F0`. `saturating_sub` against the last `V::BYTES` of this is non-zero
/// exactly where a character is left open.
const INCOMPLETE_MAX: [u8; BLOCK] = {
    let mut t = [0xFF; BLOCK];
    t[BLOCK - 3] = 0xF0 - 1;
    t[BLOCK - 2] = 0xE0 - 1;
    t[BLOCK - 1] = 0xC0 - 1;
    t
};

/// `table` with bits 0 and 7 of every entry exchanged: the tables of an
/// ISA whose [`Utf8Vector::fold_must_be_23`] wants [`TWO_CONTS`] in bit 0
/// (and [`TOO_SHORT`] moves to bit 7; the classes are only bits of a set).
const fn two_conts_in_bit_0(table: [u8; 16]) -> [u8; 16] {
    let mut t = table;
    let mut i = 0;
    while i < 16 {
        let b = table[i];
        t[i] = (b & 0x7E) | (b >> 7) | ((b & 1) << 7);
        i += 1;
    }
    t
}

/// The error bits of the `input` vector, given the same stream shifted by
/// one, two and three bytes. Zero iff every byte of `input` is valid in its
/// context.
#[inline(always)]
unsafe fn check_vector<V: Utf8Vector>(input: V, prev1: V, prev2: V, prev3: V) -> V {
    let (b1h, b1l, b2h) = if V::TWO_CONTS_IN_BIT_0 {
        (
            const { two_conts_in_bit_0(BYTE_1_HIGH) },
            const { two_conts_in_bit_0(BYTE_1_LOW) },
            const { two_conts_in_bit_0(BYTE_2_HIGH) },
        )
    } else {
        (BYTE_1_HIGH, BYTE_1_LOW, BYTE_2_HIGH)
    };
    // SAFETY: the caller guarantees V's ISA (contract of this fn); no
    // memory is accessed.
    unsafe {
        let byte_1_high = prev1.lookup_high_nibble(b1h);
        let byte_1_low = prev1.lookup_low_nibble(b1l);
        let byte_2_high = input.lookup_high_nibble(b2h);
        let special = byte_1_high.and(byte_1_low).and(byte_2_high);
        V::fold_must_be_23(special, prev2, prev3)
    }
}

/// The vectors of one 64-byte block.
#[inline(always)]
unsafe fn load_block<V: Utf8Vector, const N: usize>(block: &[u8; BLOCK]) -> [V; N] {
    const { assert!(N * V::BYTES == BLOCK) };
    // SAFETY: `k * V::BYTES + V::BYTES <= N * V::BYTES == BLOCK`, so every
    // load stays inside `block`; the caller guarantees V's ISA.
    super::array(|k| unsafe { V::load(block.as_ptr().add(k * V::BYTES)) })
}

/// Whether the whole block is ASCII: one OR tree and one test.
#[inline(always)]
unsafe fn is_ascii<V: Utf8Vector, const N: usize>(v: &[V; N]) -> bool {
    // SAFETY: the caller guarantees V's ISA.
    unsafe { !or_tree(v).any_high_bit() }
}

/// The OR of a block's vectors: its high bits say whether it is ASCII.
#[inline(always)]
unsafe fn or_tree<V: Utf8Vector, const N: usize>(v: &[V; N]) -> V {
    // SAFETY: the caller guarantees V's ISA.
    unsafe {
        let mut any = v[0];
        for x in &v[1..] {
            any = any.or(*x);
        }
        any
    }
}

/// Whether two blocks are ASCII.
#[inline(always)]
unsafe fn is_ascii2<V: Utf8Vector, const N: usize>(a: &[V; N], b: &[V; N]) -> bool {
    // SAFETY: the caller guarantees V's ISA.
    unsafe {
        let mut any = a[0].or(b[0]);
        for k in 1..N {
            any = any.or(a[k]).or(b[k]);
        }
        !any.any_high_bit()
    }
}

/// Whether every byte of `bytes` is ASCII: four blocks per test while they
/// last (one OR tree, one test: an early exit within 256 bytes of the
/// first non-ASCII byte), then one block at a time, then the last `BLOCK`
/// bytes again, overlapping what came before; below one block, the
/// scalar word loop.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn all_ascii<V: Utf8Vector, const N: usize>(mut bytes: &[u8]) -> bool {
    let Some(last) = bytes.last_chunk::<BLOCK>() else {
        return crate::scalar::ascii::is_ascii(bytes);
    };
    if bytes.len() >= ALIGN_FROM {
        // The first block, then the blocks from the first cache-line
        // boundary on (a test of a byte twice is harmless).
        // SAFETY: the caller guarantees V's ISA; the block is `bytes`'s.
        let first = unsafe { load_block::<V, N>(bytes.first_chunk::<BLOCK>().unwrap_or(last)) };
        // SAFETY: as above.
        if !unsafe { is_ascii::<V, N>(&first) } {
            return false;
        }
        bytes = &bytes[bytes.as_ptr().align_offset(BLOCK)..];
    }
    let (blocks, _) = super::as_chunks::<BLOCK>(bytes);
    let mut fours = blocks.chunks_exact(4);
    // SAFETY: the caller guarantees V's ISA; every block is a whole
    // `[u8; BLOCK]` of `bytes`, `last` included.
    unsafe {
        for f in &mut fours {
            let (a, b) = (load_block::<V, N>(&f[0]), load_block::<V, N>(&f[1]));
            let (c, d) = (load_block::<V, N>(&f[2]), load_block::<V, N>(&f[3]));
            let ab: [V; N] = super::array(|k| a[k].or(b[k]));
            let cd: [V; N] = super::array(|k| c[k].or(d[k]));
            if !is_ascii2::<V, N>(&ab, &cd) {
                return false;
            }
        }
        for b in fours.remainder() {
            if !is_ascii::<V, N>(&load_block::<V, N>(b)) {
                return false;
            }
        }
        is_ascii::<V, N>(&load_block::<V, N>(last))
    }
}

/// The input length from which the validators and [`all_ascii`] run
/// their block loops from a cache-line boundary ([`aligned_split`]): on
/// ASCII, where the loop is a load and a test, a 64-byte load that
/// straddles two lines halves the speed with AVX-512. Below it, the check
/// of the part before the boundary costs more than the split saves.
const ALIGN_FROM: usize = 4096;

/// Where the validators split an input of at least [`ALIGN_FROM`] bytes
/// into two that they check one after the other: the first cache-line
/// boundary (of `BLOCK` bytes) at or after the start whose byte is not a
/// continuation byte, among the first eight; 0 (no split) if the input
/// starts on one or none of the eight qualifies.
///
/// Either part is valid alone iff the whole is valid: a character that the
/// first part leaves open is an error in the whole as well (the byte after
/// it is no continuation byte), and the second starts where a character
/// must. So the first error of the whole is the first error of the first
/// part, or the second part's plus the split.
#[inline(always)]
fn aligned_split(bytes: &[u8]) -> usize {
    debug_assert!(bytes.len() >= ALIGN_FROM);
    let mut at = bytes.as_ptr().align_offset(BLOCK);
    if at == 0 || at >= BLOCK {
        return 0;
    }
    for _ in 0..8 {
        // `at < 8 * BLOCK < ALIGN_FROM`: in bounds.
        if (bytes[at] as i8) >= -0x40 {
            return at;
        }
        at += BLOCK;
    }
    0
}

/// The leading blocks that [`first_non_ascii`] tests one at a time before
/// it takes pairs (where [`Utf8Vector::ASCII_PAIRS`] says so): JSON text
/// cut into slices of 128 to 512 bytes validated 5 to 10 % slower with
/// pairs from the first block on a Zen 1 EPYC (AVX2), its first non-ASCII
/// byte within a few blocks.
const SINGLE_FIRST: usize = 4;

/// The first block of `blocks` that is not ASCII, as its index and its
/// vectors. The validators skip the ASCII blocks before it ahead of any of
/// their own setup, which is most of the time a few hundred bytes of ASCII
/// take, and check it with the vectors already loaded. (Skipping to 64-byte
/// aligned blocks after the first, so that no load straddles two cache
/// lines, measured slower at 128 to 384 bytes: the overlapping last block
/// it needs costs more. Long inputs are split at a line boundary instead:
/// see [`aligned_split`].)
#[inline(always)]
unsafe fn first_non_ascii<V: Utf8Vector, const N: usize>(
    blocks: &[[u8; BLOCK]],
) -> Option<(usize, [V; N])> {
    // SAFETY: the caller guarantees V's ISA; blocks are read through
    // references to them.
    unsafe {
        let mut from = 0;
        if V::ASCII_PAIRS && blocks.len() > SINGLE_FIRST {
            // The first blocks one at a time: a short run costs no pair
            // test that fails. Then two blocks per test; at the first pair
            // that is not all ASCII, the first of its blocks that is not.
            for (i, b) in blocks[..SINGLE_FIRST].iter().enumerate() {
                let v = load_block::<V, N>(b);
                if !is_ascii(&v) {
                    return Some((i, v));
                }
            }
            from = SINGLE_FIRST;
            for pair in blocks[from..].chunks_exact(2) {
                let (a, b) = (load_block::<V, N>(&pair[0]), load_block::<V, N>(&pair[1]));
                if !is_ascii2(&a, &b) {
                    return Some(if is_ascii(&a) { (from + 1, b) } else { (from, a) });
                }
                from += 2;
            }
        }
        for (i, b) in blocks.iter().enumerate().skip(from) {
            let v = load_block::<V, N>(b);
            if !is_ascii(&v) {
                return Some((i, v));
            }
        }
        None
    }
}

/// What one block hands to the next.
#[derive(Clone, Copy)]
struct Carry<V> {
    /// The last vector of the previous non-ASCII block. (After an ASCII
    /// block it is stale, which is harmless: it then ends with a complete
    /// character, or `incomplete` has already flagged an error.)
    prev: V,
    /// Non-zero iff the previous non-ASCII block ended inside a character.
    incomplete: V,
}

impl<V: Utf8Vector> Carry<V> {
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: the caller guarantees V's ISA.
        unsafe { Carry { prev: V::splat(0), incomplete: V::splat(0) } }
    }

    /// The error bits of a non-ASCII block, and the carry updated past it.
    /// The vectors shifted by one to three bytes are built from `v` and the
    /// previous block's last vector.
    #[inline(always)]
    unsafe fn check<const N: usize>(&mut self, v: &[V; N]) -> V {
        // SAFETY: the caller guarantees V's ISA.
        unsafe {
            let shifted =
                |x: V, p: V| check_vector(x, x.prev::<1>(p), x.prev::<2>(p), x.prev::<3>(p));
            let mut err = shifted(v[0], self.prev);
            for k in 1..N {
                err = err.or(shifted(v[k], v[k - 1]));
            }
            self.update(v);
            err
        }
    }

    /// As [`Self::check`], but the shifted vectors are loaded from memory:
    /// `at` points to the block, and the three bytes before it are
    /// readable through it (it is derived from a reference that covers
    /// them, not from one to the block alone).
    #[inline(always)]
    unsafe fn check_loaded<const N: usize>(&mut self, v: &[V; N], at: *const u8) -> V {
        // SAFETY: the caller guarantees V's ISA, and that
        // `at - 3 .. at + BLOCK` is readable; `k * V::BYTES + V::BYTES <=
        // BLOCK`.
        unsafe {
            if V::SHIFT != Shift::Shuffle {
                self.check_from_memory(v, at)
            } else {
                self.check(v)
            }
        }
    }

    /// [`Self::check_loaded`] regardless of [`Utf8Vector::SHIFT`]: for
    /// a block that does not follow the last one checked.
    #[inline(always)]
    unsafe fn check_from_memory<const N: usize>(&mut self, v: &[V; N], at: *const u8) -> V {
        // SAFETY: as in `check_loaded`.
        unsafe {
            let mut err = V::splat(0);
            for (k, &x) in v.iter().enumerate() {
                let p = at.add(k * V::BYTES);
                let e = check_vector(x, V::load(p.sub(1)), V::load(p.sub(2)), V::load(p.sub(3)));
                err = err.or(e);
            }
            self.update(v);
            err
        }
    }

    #[inline(always)]
    unsafe fn update<const N: usize>(&mut self, v: &[V; N]) {
        // SAFETY: the caller guarantees V's ISA; the load reads
        // `V::BYTES <= BLOCK` bytes at the end of a `BLOCK`-byte array.
        unsafe {
            let last = v[N - 1];
            let max = V::load(INCOMPLETE_MAX.as_ptr().add(BLOCK - V::BYTES));
            self.prev = last;
            self.incomplete = last.saturating_sub(max);
        }
    }

    /// The error bits of a block: the full check (with the shifted vectors
    /// loaded from memory, see [`Self::check_loaded`]), or for an ASCII
    /// block only whether the block before left a character open.
    #[inline(always)]
    unsafe fn block_loaded<const N: usize>(&mut self, v: &[V; N], at: *const u8) -> V {
        // SAFETY: the caller guarantees V's ISA and the readable range.
        unsafe {
            if is_ascii(v) {
                let err = self.incomplete;
                self.incomplete = V::splat(0);
                err
            } else {
                self.check_loaded(v, at)
            }
        }
    }
}

/// The error bits of one block, `v`, loaded from `at`, checked against the
/// three bytes before it: zero iff every byte of the block is valid in its
/// context (a character left open at the block's end is not an error
/// here). For callers that move through the input by other steps than
/// whole blocks, such as the transcoders.
///
/// # Safety
///
/// V's ISA; `at - 3 .. at + BLOCK` readable, through a pointer whose
/// provenance covers it. With [`Utf8Vector::SHIFT`] `Shuffle`, the vector
/// before the block is loaded instead, so `at - V::BYTES ..` must be.
#[inline(always)]
pub(crate) unsafe fn check_block_at<V: Utf8Vector, const N: usize>(v: &[V; N], at: *const u8) -> V {
    // SAFETY: the caller guarantees the ISA and the readable range.
    unsafe {
        let mut carry = Carry::<V>::new();
        if V::SHIFT != Shift::Shuffle {
            carry.check_from_memory(v, at)
        } else {
            carry.prev = V::load(at.sub(V::BYTES));
            carry.check(v)
        }
    }
}

/// The error bits of the first block of the input (nothing before it), as
/// [`check_block_at`].
///
/// # Safety
///
/// V's ISA.
#[inline(always)]
pub(crate) unsafe fn check_first_block<V: Utf8Vector, const N: usize>(v: &[V; N]) -> V {
    // SAFETY: the caller guarantees the ISA.
    unsafe { Carry::<V>::new().check(v) }
}

/// How many blocks [`validate`] runs between tests of the error vector,
/// once it meets a non-ASCII block (each block of the group still takes the
/// ASCII path if it can: skipping that test would cost mostly-ASCII text
/// far more than it saves on dense text). Testing the error after every
/// block costs about 5 % with AVX2 and 15 % with AVX-512 on non-ASCII text;
/// reporting the group's start instead of the block's only lengthens the
/// cold scalar rescan by at most `GROUP * BLOCK` bytes.
/// [`validate_blocks`] uses groups of one block instead, for callers that
/// expect errors (lossy decoding) and so pay for that rescan often.
const GROUP: usize = 8;

/// The main loop over the whole blocks of the input from `blocks[from]` on,
/// `from >= 1`: the caller has checked the blocks before (so the three
/// bytes before each block are there). ORs the error bits into `err`.
/// With `POSITIONS`, tests them after each group of blocks and returns
/// `Err(pos)` when they are set, `pos` the start of the group's first
/// block plus `lane(err)`; without, never tests them.
///
/// `lane` may return 0, or the lowest lane index with error bits: the
/// error vector of a group is the OR of the error vectors of its vectors
/// (lane `j` of vector `k` of block `b` stands for byte `b * BLOCK + k *
/// V::BYTES + j`), so its lowest set lane is at most the offset of the
/// first error detected in the group, and `pos` still meets the contract
/// of `scalar::utf8::rewind`. (An error only seen as a character left
/// open before an ASCII block is reported at that block's start.)
#[inline(always)]
unsafe fn scan<V: Utf8Vector, const N: usize, const POSITIONS: bool, const GROUP: usize>(
    carry: &mut Carry<V>,
    blocks: &[[u8; BLOCK]],
    from: usize,
    err: &mut V,
    lane: impl Fn(V) -> usize,
) -> Result<(), usize> {
    // SAFETY: the caller guarantees V's ISA. Blocks are read through
    // references to them, and the shifted loads of block `i >= 1` through
    // `base`, a pointer to all the blocks: they read the three bytes before
    // block `i`, which end block `i - 1`.
    unsafe {
        let base = blocks.as_ptr().cast::<u8>();
        let mut i = from;
        // The last group was not ASCII in any block (see
        // `Utf8Vector::DENSE_RUNS`).
        let mut dense = false;
        while i < blocks.len() {
            let v = load_block::<V, N>(&blocks[i]);
            if is_ascii(&v) {
                *err = err.or(carry.incomplete);
                carry.incomplete = V::splat(0);
                if POSITIONS && err.any() {
                    return Err(i * BLOCK);
                }
                dense = false;
                i += 1;
                // The rest of an ASCII run needs no more than the test, done
                // two blocks at a time.
                while i + 2 <= blocks.len() {
                    let a = load_block::<V, N>(&blocks[i]);
                    let b = load_block::<V, N>(&blocks[i + 1]);
                    if !is_ascii2(&a, &b) {
                        break;
                    }
                    i += 2;
                }
                continue;
            }
            // A non-ASCII block: check it and run the next `GROUP - 1`
            // blocks, then test the error once.
            let start = i;
            let e = if V::SHIFT == Shift::LoadInRuns {
                carry.check(&v)
            } else {
                carry.check_loaded(&v, base.add(i * BLOCK))
            };
            *err = err.or(e);
            i += 1;
            let end = blocks.len().min(start + GROUP);
            if V::DENSE_RUNS && dense {
                // Every block checked, none tested: an ASCII block is
                // checked as any other (the check is exact on ASCII too),
                // and the next group's first block, tested at the top of
                // the loop, ends the run when it is ASCII.
                while i < end {
                    let v = load_block::<V, N>(&blocks[i]);
                    *err = err.or(carry.check_loaded(&v, base.add(i * BLOCK)));
                    i += 1;
                }
            } else if V::DENSE_RUNS {
                // As below, and whether every block had a high bit: one AND
                // of the reductions that the tests make anyway.
                let mut all = 0x80;
                while i < end {
                    let v = load_block::<V, N>(&blocks[i]);
                    let high = or_tree(&v).high_byte();
                    all &= high;
                    *err = err.or(if high < 0x80 {
                        core::mem::replace(&mut carry.incomplete, V::splat(0))
                    } else {
                        carry.check_loaded(&v, base.add(i * BLOCK))
                    });
                    i += 1;
                }
                dense = all >= 0x80;
            } else {
                while i < end {
                    let v = load_block::<V, N>(&blocks[i]);
                    *err = err.or(carry.block_loaded(&v, base.add(i * BLOCK)));
                    i += 1;
                }
            }
            if POSITIONS && err.any() {
                return Err(start * BLOCK + lane(*err));
            }
        }
        Ok(())
    }
}

/// The shortest input [`small`] takes: one 16-byte vector and the three
/// bytes before a second, overlapping one.
pub(crate) const SMALL_MIN: usize = 16 + 3;

/// Whether `bytes`, with `SMALL_MIN <= bytes.len() < BLOCK + 3`, is valid:
/// too short for the block loop without a padded copy, so checked with
/// 16-byte vectors at offsets 0, 16, 32, ... and `len - 16`, the last
/// overlapping the one before (checking a byte twice is harmless). Each
/// vector but the first loads its shifted copies from the input, which has
/// the three bytes before it; the first shifts in zeros, as the block loop
/// does at the start of the input.
#[inline(always)]
unsafe fn small<S: Utf8Vector>(bytes: &[u8]) -> bool {
    const { assert!(S::BYTES == 16) };
    let len = bytes.len();
    debug_assert!((SMALL_MIN..BLOCK + 3).contains(&len));
    let p = bytes.as_ptr();
    // SAFETY: the caller guarantees S's ISA. Loads at `at >= 16` read
    // `at - 3 .. at + 16`, within `bytes` because `at + 16 <= len`; the last
    // one is at `len - 16 >= 3`.
    unsafe {
        let shifted = |at: usize| {
            let q = p.add(at);
            check_vector(S::load(q), S::load(q.sub(1)), S::load(q.sub(2)), S::load(q.sub(3)))
        };
        let (first, zero) = (S::load(p), S::splat(0));
        let mut err = check_vector(
            first,
            first.prev::<1>(zero),
            first.prev::<2>(zero),
            first.prev::<3>(zero),
        );
        let mut at = 16;
        while at + 16 <= len {
            err = err.or(shifted(at));
            at += 16;
        }
        if at < len {
            err = err.or(shifted(len - 16));
        }
        let last = S::load(p.add(len - 16));
        let max = S::load(INCOMPLETE_MAX.as_ptr().add(BLOCK - 16));
        !err.or(last.saturating_sub(max)).any()
    }
}

/// Whether `bytes`, shorter than `BLOCK + 3` (too short for the block
/// loop's overlapping last block), is valid: with [`small`] from
/// [`SMALL_MIN`] bytes on, below that by the scalar DFA, which needs no
/// padded copy (dispatch answers those inputs itself and never calls a
/// kernel with them).
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
unsafe fn short<V: Utf8Vector>(bytes: &[u8]) -> bool {
    debug_assert!(bytes.len() < BLOCK + 3);
    if bytes.len() < SMALL_MIN {
        crate::scalar::dfa::is_valid(bytes)
    } else {
        // SAFETY: the caller guarantees V's ISA, which includes V::Small's;
        // the length is `small`'s.
        unsafe { small::<V::Small>(bytes) }
    }
}

/// Validates `bytes`. `Err(pos)` gives the start of the first group of
/// blocks with an error (see [`GROUP`]), or `bytes.len()` if the input ends
/// inside a character: the contract of `scalar::utf8::rewind` (see the
/// module docs).
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn validate<V: Utf8Vector, const N: usize>(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: the caller guarantees V's ISA.
    unsafe { validate_grouped::<V, N, GROUP>(bytes, |_| 0) }
}

/// As [`validate`], but `Err(pos)` is within a few bytes of the error:
/// the error is tested after every non-ASCII block, and `pos` is the
/// block's start plus the lowest lane with error bits (see [`scan`]), so
/// the scalar rescan after an error is short (at most one vector; about
/// four bytes with AVX-512). Slower on valid input than [`validate`]; for
/// lossy decoding, which expects errors.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn validate_blocks<V: Utf8Vector, const N: usize>(
    bytes: &[u8],
) -> Result<(), usize> {
    // SAFETY: the caller guarantees V's ISA.
    unsafe { validate_grouped::<V, N, 1>(bytes, |e| e.first_nonzero_lane()) }
}

/// [`validate`] with groups of `G` blocks, and error positions refined by
/// `lane` (see [`scan`]): [`validate_part`] on each side of the
/// [`aligned_split`] of a long input (in a loop, so that the code is
/// there once).
#[inline(always)]
unsafe fn validate_grouped<V: Utf8Vector, const N: usize, const G: usize>(
    bytes: &[u8],
    lane: impl Fn(V) -> usize + Copy,
) -> Result<(), usize> {
    let split = if bytes.len() >= ALIGN_FROM { aligned_split(bytes) } else { 0 };
    let mut from = 0;
    for part in [&bytes[..split], &bytes[split..]] {
        if !part.is_empty() {
            // SAFETY: the caller guarantees V's ISA.
            unsafe { validate_part::<V, N, G>(part, lane) }.map_err(|pos| from + pos)?;
        }
        from += part.len();
    }
    Ok(())
}

/// [`validate_grouped`] of one part: the whole input, or one side of its
/// split.
#[inline(always)]
unsafe fn validate_part<V: Utf8Vector, const N: usize, const G: usize>(
    bytes: &[u8],
    lane: impl Fn(V) -> usize,
) -> Result<(), usize> {
    if bytes.len() < BLOCK + 3 {
        // SAFETY: the caller guarantees V's ISA.
        return if unsafe { short::<V>(bytes) } { Ok(()) } else { Err(0) };
    }
    let (blocks, tail) = super::as_chunks::<BLOCK>(bytes);
    // SAFETY: the caller guarantees V's ISA; the blocks after the first
    // have their three bytes before them in the input.
    unsafe {
        // A fresh carry (zeros before the block) is right for the first
        // non-ASCII block wherever it is: all the carry says of the bytes
        // before a block is whether they end a character, and ASCII does.
        let mut carry = Carry::<V>::new();
        if let Some((skip, first)) = first_non_ascii::<V, N>(blocks) {
            let mut err = carry.check(&first);
            if err.any() {
                return Err(skip * BLOCK + lane(err));
            }
            scan::<V, N, true, G>(&mut carry, blocks, skip + 1, &mut err, lane)?;
        }
        let (err, at) = end::<V, N>(&mut carry, bytes, tail.len());
        if err.any() {
            Err(at)
        } else {
            Ok(())
        }
    }
}

/// The error bits of the end of `bytes` after its whole blocks (the last
/// `tail` bytes), including a character left open at the very end, and the
/// position to report them at.
///
/// The input holds a block and three more bytes (shorter inputs never get
/// here), so the last `BLOCK` bytes are checked as one block, overlapping
/// bytes already checked, with their real predecessors: no copy, and
/// checking a byte twice is harmless. (If that block is all ASCII, the
/// carry's open character must still be flagged, exactly as for a block
/// that follows on; if it is not, the full check sees the bytes after the
/// last whole block in context.)
#[inline(always)]
unsafe fn end<V: Utf8Vector, const N: usize>(
    carry: &mut Carry<V>,
    bytes: &[u8],
    tail: usize,
) -> (V, usize) {
    let len = bytes.len();
    debug_assert!(len >= BLOCK + 3);
    // SAFETY: the caller guarantees V's ISA. The overlapping block starts at
    // `len - BLOCK >= 3`, so its three predecessors are in `bytes`.
    unsafe {
        if tail == 0 {
            return (carry.incomplete, len);
        }
        let Some(last) = bytes.last_chunk::<BLOCK>().filter(|_| len >= BLOCK + 3) else {
            // Not reached (see above); [`short`]'s answer keeps it total:
            // `Err(0)` is always a valid position to rescan from.
            return (V::splat(if short::<V>(bytes) { 0 } else { 0xFF }), 0);
        };
        let v = load_block::<V, N>(last);
        let err = if is_ascii(&v) {
            carry.incomplete
        } else {
            // Through `bytes`, whose provenance covers the bytes before
            // `last`.
            carry.check_from_memory(&v, bytes.as_ptr().add(len - BLOCK))
        };
        (err.or(carry.incomplete), len - BLOCK)
    }
}

/// Whether `bytes` is valid UTF-8. Keeps no positions: the error bits of
/// all blocks are ORed into one vector, tested at the end.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn is_valid<V: Utf8Vector, const N: usize>(bytes: &[u8]) -> bool {
    // As in `validate_grouped`: each side of the split of a long input.
    let split = if bytes.len() >= ALIGN_FROM { aligned_split(bytes) } else { 0 };
    for part in [&bytes[..split], &bytes[split..]] {
        // SAFETY: the caller guarantees V's ISA.
        if !part.is_empty() && !unsafe { is_valid_part::<V, N>(part) } {
            return false;
        }
    }
    true
}

/// [`is_valid`] of one part: the whole input, or one side of its split.
#[inline(always)]
unsafe fn is_valid_part<V: Utf8Vector, const N: usize>(bytes: &[u8]) -> bool {
    if bytes.len() < BLOCK + 3 {
        // SAFETY: the caller guarantees V's ISA.
        return unsafe { short::<V>(bytes) };
    }
    let (blocks, tail) = super::as_chunks::<BLOCK>(bytes);
    // SAFETY: as in `validate`.
    unsafe {
        let mut carry = Carry::<V>::new();
        let mut err = V::splat(0);
        if let Some((skip, first)) = first_non_ascii::<V, N>(blocks) {
            err = carry.check(&first);
            // Without positions, `scan` never returns early.
            let _ = scan::<V, N, false, GROUP>(&mut carry, blocks, skip + 1, &mut err, |_| 0);
        }
        !err.or(end::<V, N>(&mut carry, bytes, tail.len()).0).any()
    }
}
