//! [`Utf8Vector`]: the operations of UTF-8 validation beyond [`Vector`],
//! and [`Shift`], each ISA's way of building the shifted vectors.

use super::Vector;

/// How to build the input shifted by one to three bytes, given the
/// previous vector: a choice per ISA, by measurement.
// Which variants a build uses depends on its kernels: `Shuffle` NEON and
// simd128, `Load` the x86 and portable ones, `LoadInRuns` AVX-512.
#[allow(dead_code)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shift {
    /// Always with [`Utf8Vector::prev`].
    Shuffle,
    /// With unaligned loads at offsets -1, -2 and -3 wherever the input has
    /// those bytes: cheaper where `prev` needs a lane-crossing shuffle
    /// (AVX2) or shuffle ports are the bottleneck.
    Load,
    /// As [`Shift::Load`], except for the non-ASCII block that follows an
    /// ASCII one or starts a new group of blocks, which uses [`Utf8Vector::prev`]
    /// with the carried vector. Measured with AVX-512 on Zen 4: up to 20 %
    /// faster than [`Shift::Load`] on mostly-ASCII text with scattered
    /// non-ASCII characters, as fast on dense text. (With AVX2 it costs
    /// 4 % on dense text instead.)
    LoadInRuns,
}

/// The operations of UTF-8 validation beyond [`Vector`]: nibble lookups,
/// byte shifts across vectors, saturating subtraction.
///
/// Like [`Vector`]'s, every method executes instructions of the
/// implementing ISA (callers guarantee the CPU supports them).
///
/// # Safety
///
/// Memory safety rests on what these methods compute, not only on
/// [`Vector`]'s loads and stores: the SIMD validators are built from them,
/// and every `&str` the crate makes after a kernel relies on those
/// validators having no false negatives (see `crate::glue`). An
/// implementation promises:
///
/// - every method does exactly what its doc says, for every lane;
/// - [`Utf8Vector::Small`] is a 16-byte vector of the same ISA whose
///   instructions `Self`'s imply, under this same contract.
pub(crate) unsafe trait Utf8Vector: Vector {
    /// The 16-byte vector of the same ISA (`Self` if it is one), for inputs
    /// too short for a whole block. Its instructions must be implied by
    /// `Self`'s (the generic code calls it under `Self`'s contract).
    type Small: Utf8Vector;

    /// How the generic code builds the vectors shifted by one to three
    /// bytes in the main loop (see [`Shift`]).
    const SHIFT: Shift;

    /// Lane-wise `self >> 4` (the high nibble of each byte).
    unsafe fn shr4(self) -> Self;

    /// Lane-wise `table[self]`. Every lane of `self` is below 16: the
    /// table in every 128-bit lane ([`Vector::table`]), shuffled by `self`.
    #[inline(always)]
    unsafe fn lookup16(self, table: [u8; 16]) -> Self {
        // SAFETY: the caller guarantees the ISA; every index is below 16.
        unsafe { Self::table(&table).shuffle(self) }
    }

    /// The vector that starts `N` bytes earlier in the stream: the last `N`
    /// bytes of `prev` followed by the first `Self::BYTES - N` bytes of
    /// `self`. `N` is 1, 2 or 3.
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self;

    /// Lane-wise `table[self >> 4]`. The default is [`Utf8Vector::shr4`] and
    /// [`Utf8Vector::lookup16`]; an ISA with a cheaper way overrides it.
    #[inline(always)]
    unsafe fn lookup_high_nibble(self, table: [u8; 16]) -> Self {
        // SAFETY: the caller guarantees the ISA; `shr4` leaves lanes < 16.
        unsafe { self.shr4().lookup16(table) }
    }

    /// Lane-wise `table[self & 15]`. The default is an AND and
    /// [`Utf8Vector::lookup16`]; an ISA with a cheaper way overrides it.
    #[inline(always)]
    unsafe fn lookup_low_nibble(self, table: [u8; 16]) -> Self {
        // SAFETY: the caller guarantees the ISA; the AND leaves lanes < 16.
        unsafe { self.and(Self::splat(0x0F)).lookup16(table) }
    }

    /// Lane-wise `self.saturating_sub(other)` on `u8`.
    unsafe fn saturating_sub(self, other: Self) -> Self;

    /// Whether the validators skip the ASCII blocks at the start of the
    /// input two blocks per test (one OR tree over both, one test) rather
    /// than one, after the first few: fewer tests where a test is a
    /// multi-step reduction (NEON's `umaxv`), or where the loop is little
    /// more than its test (x86: ASCII with SSE4.2 on a Zen 1 EPYC, 57 to 69
    /// GB/s), for one more test at the end of the run.
    const ASCII_PAIRS: bool = false;

    /// Whether the validators check a group's blocks without testing each
    /// for ASCII first where the group before was not ASCII in any block:
    /// in text with few ASCII blocks (Cyrillic, CJK, Arabic, Hindi, JSON
    /// of such strings) the test of every block is work that never pays.
    /// NEON, counted under qemu: the test is an OR tree, a `umaxv` and a
    /// branch, and such text goes from 1.27 to 1.14 instructions a byte.
    /// Knowing whether a tested group had an ASCII block costs one AND a
    /// block ([`Utf8Vector::high_byte`]), which text with a non-ASCII
    /// character every 40 to 1,000 bytes pays: 3 to 5 % more
    /// instructions, 0.01 to 0.04 a byte against the 0.13 saved. A group
    /// after an ASCII block is tested block by block, so such text keeps
    /// its ASCII blocks cheap. Off on x86, where the test is a mask move
    /// and a branch, and where the trade was not measured.
    const DENSE_RUNS: bool = false;

    /// A byte whose bit 7 is set iff some lane's is: the largest lane
    /// where the ISA reduces to it in one step (NEON's `umaxv`), so that
    /// [`Utf8Vector::DENSE_RUNS`] tracks a group with one AND of it.
    #[inline(always)]
    unsafe fn high_byte(self) -> u8 {
        // SAFETY: the caller guarantees the ISA.
        unsafe { u8::from(self.any_high_bit()) << 7 }
    }

    /// Whether [`Utf8Vector::fold_must_be_23`] wants the lookup tables'
    /// `TWO_CONTS` class (a continuation after a continuation) in bit 0
    /// instead of bit 7.
    const TWO_CONTS_IN_BIT_0: bool = false;

    /// The error bits of a vector: `special`, the AND of the three nibble
    /// lookups, with must_be_2_3_continuation (`prev2 >= 0xE0 || prev3 >=
    /// 0xF0`, the bytes two and three back) folded in, so that a
    /// `TWO_CONTS` is cancelled exactly where it must be one and a missing
    /// one shows. Zero iff the vector is valid in its context. The default
    /// builds that condition in bit 7 and XORs it in
    /// (`utf8::xor_must_be_23_80`); an ISA with a cheaper way overrides it
    /// (and [`Utf8Vector::TWO_CONTS_IN_BIT_0`] if its way needs that).
    #[inline(always)]
    unsafe fn fold_must_be_23(special: Self, prev2: Self, prev3: Self) -> Self {
        // SAFETY: the caller guarantees the ISA.
        unsafe { xor_must_be_23_80(special, prev2, prev3) }
    }
}

/// [`Utf8Vector::fold_must_be_23`]'s default: must_be_2_3_continuation in
/// bit 7, XORed into `special`. `p2 >= 0xE0` iff `p2 - 0x60` (saturating)
/// has bit 7 set, likewise `p3 >= 0xF0`.
///
/// # Safety
///
/// The CPU must support V's ISA.
#[inline(always)]
pub(crate) unsafe fn xor_must_be_23_80<V: Utf8Vector>(special: V, prev2: V, prev3: V) -> V {
    // SAFETY: the caller guarantees V's ISA.
    unsafe {
        let third = prev2.saturating_sub(V::splat(0xE0 - 0x80));
        let fourth = prev3.saturating_sub(V::splat(0xF0 - 0x80));
        let must_be_23_80 = third.or(fourth).and(V::splat(0x80));
        must_be_23_80.xor(special)
    }
}
