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
//! shows up. What remains is zero on valid input.
//!
//! The stream is cut into 64-byte blocks (2 × 32 bytes for AVX2, 4 × 16 for
//! SSE/NEON, 1 × 64 for AVX-512). The shifted vectors (`prev::<1..=3>`)
//! take their first bytes from the previous vector, so characters that
//! straddle a block boundary are checked in the block where they end. A
//! character still open at the end of a block ("is incomplete") is an
//! error only if the next block is all ASCII (which skips the full check)
//! or there is no next block; otherwise the next block's check sees it.
//!
//! # Error positions
//!
//! Every error is detected in the block holding the byte that makes it
//! invalid, and no later. So when a block is flagged, everything before it
//! was checked and found valid, except perhaps a character begun in its
//! last three bytes: exactly the contract of `scalar::utf8::rewind`, which
//! [`validate`] satisfies by reporting the start of the first flagged
//! block. [`is_valid`] keeps no positions: it ORs the error vectors of
//! every block into one register and tests it once.

use super::Simd;

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

/// The error bits of the `input` vector, given the vector `prev` before it
/// in the stream. Zero iff every byte of `input` is valid in its context.
#[inline(always)]
unsafe fn check_vector<V: Simd>(input: V, prev: V) -> V {
    // SAFETY: the caller guarantees V's ISA (contract of this fn); no
    // memory is accessed.
    unsafe {
        let prev1 = input.prev::<1>(prev);
        let low_nibble = V::splat(0x0F);
        let byte_1_high = prev1.shr4().lookup16(BYTE_1_HIGH);
        let byte_1_low = prev1.and(low_nibble).lookup16(BYTE_1_LOW);
        let byte_2_high = input.shr4().lookup16(BYTE_2_HIGH);
        let special = byte_1_high.and(byte_1_low).and(byte_2_high);
        // must_be_2_3_continuation, in bit 7: `p2 >= 0xE0` iff
        // `p2 - 0x60` (saturating) has bit 7 set, likewise `p3 >= 0xF0`.
        let third = input.prev::<2>(prev).saturating_sub(V::splat(0xE0 - 0x80));
        let fourth = input.prev::<3>(prev).saturating_sub(V::splat(0xF0 - 0x80));
        let must_be_23_80 = third.or(fourth).and(V::splat(0x80));
        must_be_23_80.xor(special)
    }
}

/// The vectors of one 64-byte block.
#[inline(always)]
unsafe fn load_block<V: Simd, const N: usize>(block: &[u8; BLOCK]) -> [V; N] {
    const { assert!(N * V::BYTES == BLOCK) };
    // SAFETY: `k * V::BYTES + V::BYTES <= N * V::BYTES == BLOCK`, so every
    // load stays inside `block`; the caller guarantees V's ISA.
    core::array::from_fn(|k| unsafe { V::load(block.as_ptr().add(k * V::BYTES)) })
}

/// Whether the whole block is ASCII: one OR tree and one test.
#[inline(always)]
unsafe fn is_ascii<V: Simd, const N: usize>(v: &[V; N]) -> bool {
    // SAFETY: the caller guarantees V's ISA.
    unsafe {
        let mut any = v[0];
        for x in &v[1..] {
            any = any.or(*x);
        }
        !any.any_high_bit()
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

impl<V: Simd> Carry<V> {
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: the caller guarantees V's ISA.
        unsafe { Carry { prev: V::splat(0), incomplete: V::splat(0) } }
    }

    /// The error bits of a non-ASCII block, and the carry updated past it.
    #[inline(always)]
    unsafe fn check<const N: usize>(&mut self, v: &[V; N]) -> V {
        // SAFETY: the caller guarantees V's ISA; the one load reads
        // `V::BYTES <= BLOCK` bytes at the end of a `BLOCK`-byte array.
        unsafe {
            let mut err = check_vector(v[0], self.prev);
            for k in 1..N {
                err = err.or(check_vector(v[k], v[k - 1]));
            }
            let last = v[N - 1];
            let max = V::load(INCOMPLETE_MAX.as_ptr().add(BLOCK - V::BYTES));
            self.prev = last;
            self.incomplete = last.saturating_sub(max);
            err
        }
    }

    /// The error bits of a block: the full check, or for an ASCII block
    /// only whether the block before left a character open.
    #[inline(always)]
    unsafe fn block<const N: usize>(&mut self, v: &[V; N]) -> V {
        // SAFETY: the caller guarantees V's ISA.
        unsafe {
            if is_ascii(v) {
                let err = self.incomplete;
                self.incomplete = V::splat(0);
                err
            } else {
                self.check(v)
            }
        }
    }
}

/// The last `tail.len() < BLOCK` bytes, padded with ASCII spaces to a
/// block, so the tail runs through the same code and nothing is read out of
/// bounds. Padding with ASCII also checks for a character left open at the
/// end: a lead byte followed by a space is an error.
#[inline(always)]
fn pad(tail: &[u8]) -> [u8; BLOCK] {
    let mut buf = [b' '; BLOCK];
    buf[..tail.len()].copy_from_slice(tail);
    buf
}

/// Validates `bytes`. `Err(pos)` gives the start of the first block with an
/// error, or `bytes.len()` if the input ends inside a character: the
/// contract of `scalar::utf8::rewind` (see the module docs).
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn validate<V: Simd, const N: usize>(bytes: &[u8]) -> Result<(), usize> {
    let (blocks, tail) = bytes.as_chunks::<BLOCK>();
    // SAFETY: the caller guarantees V's ISA; all memory is accessed through
    // references to whole blocks.
    unsafe {
        let mut carry = Carry::<V>::new();
        for (i, block) in blocks.iter().enumerate() {
            let v = load_block::<V, N>(block);
            if carry.block(&v).any_bit() {
                return Err(i * BLOCK);
            }
        }
        let at = blocks.len() * BLOCK;
        if !tail.is_empty() {
            let v = load_block::<V, N>(&pad(tail));
            if carry.block(&v).any_bit() {
                return Err(at);
            }
        } else if carry.incomplete.any_bit() {
            return Err(at);
        }
    }
    Ok(())
}

/// Whether `bytes` is valid UTF-8. Keeps no positions: the error bits of
/// all blocks are ORed into one vector, tested at the end.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn is_valid<V: Simd, const N: usize>(bytes: &[u8]) -> bool {
    let (blocks, tail) = bytes.as_chunks::<BLOCK>();
    // SAFETY: as in `validate`.
    unsafe {
        let mut carry = Carry::<V>::new();
        let mut err = V::splat(0);
        for block in blocks {
            let v = load_block::<V, N>(block);
            err = err.or(carry.block(&v));
        }
        if !tail.is_empty() {
            let v = load_block::<V, N>(&pad(tail));
            err = err.or(carry.block(&v));
        }
        !err.or(carry.incomplete).any_bit()
    }
}
