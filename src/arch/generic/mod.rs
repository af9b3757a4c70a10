//! Each SIMD algorithm, written once against the vector traits: [`Vector`]
//! and its narrow extensions ([`Utf8Vector`] here, `count::Count`,
//! `utf8_to_wide::Leads`, `utf16::WideVector`).
//!
//! Everything here is `#[inline(always)]` and generic: on its own it
//! compiles to nothing. An ISA module (`x86_64::avx2`, `aarch64::neon`,
//! ...) implements the traits for its register type and instantiates the
//! algorithms inside a `#[target_feature]` function, which is where the
//! code is generated, with that ISA's instructions.
//!
//! This module stays private: the functions are `unsafe` because the trait
//! methods are (they execute the ISA's instructions), and only an ISA
//! module, after runtime detection, can vouch that they may run.

pub(crate) mod count;
// Only the I/O adapters search for bytes, and with vectors only where the
// target has them in its baseline (`arch::find_byte`).
#[cfg_attr(
    not(all(
        feature = "std",
        feature = "stream",
        feature = "single-byte",
        any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        )
    )),
    allow(dead_code)
)]
pub(crate) mod find;
pub(crate) mod latin1;
pub(crate) mod str_to_wide;
pub(crate) mod utf16;
pub(crate) mod utf8;
pub(crate) mod utf8_to_wide;
mod vector;
pub(crate) mod windows1252;

pub(crate) use vector::Vector;

/// `core::array::from_fn`, always inlined. The algorithms build their
/// arrays of vectors and table rows with it: core's may be left out of
/// line in a large kernel function, and then every block pays a call, the
/// vectors' round trip through memory and a `vzeroupper` before the call
/// (seen in a variant of the UTF-8 validation loop: inputs of 128 to 384
/// bytes ran at a third of the speed).
#[inline(always)]
pub(crate) fn array<T: Copy, const N: usize>(mut f: impl FnMut(usize) -> T) -> [T; N] {
    const { assert!(N > 0) };
    let mut out = [f(0); N];
    for (k, x) in out.iter_mut().enumerate().skip(1) {
        *x = f(k);
    }
    out
}

/// `bytes` as whole `N`-byte blocks and the bytes after them:
/// `<[u8]>::as_chunks` (Rust 1.88), for the crate's minimum Rust version.
#[inline(always)]
pub(crate) fn as_chunks<const N: usize>(bytes: &[u8]) -> (&[[u8; N]], &[u8]) {
    const { assert!(N > 0) };
    let (blocks, tail) = bytes.split_at(bytes.len() / N * N);
    // SAFETY: `[u8; N]` has size `N` and alignment 1, and `blocks` is
    // `blocks.len() / N` whole arrays of initialised bytes, borrowed
    // shared for the returned slice's lifetime.
    let blocks = unsafe { core::slice::from_raw_parts(blocks.as_ptr().cast(), blocks.len() / N) };
    (blocks, tail)
}

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

    /// Lane-wise `table[self]`. Every lane of `self` is below 16. On ISAs
    /// with 256- or 512-bit shuffles that work per 128-bit lane, the table
    /// is replicated into each lane.
    unsafe fn lookup16(self, table: [u8; 16]) -> Self;

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
    /// than one: fewer tests where a test is a multi-step reduction (NEON's
    /// `umaxv`), for one more test at the end of the run.
    const ASCII_PAIRS: bool = false;

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
        unsafe { utf8::xor_must_be_23_80(special, prev2, prev3) }
    }
}
