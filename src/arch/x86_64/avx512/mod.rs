//! AVX-512 (F, BW, VBMI and VBMI2): one 512-bit vector per 64-byte block.
//!
//! VBMI pays twice: the nibble lookups use `vpermb`, whose 64-byte table
//! makes the masking of the default `shr4`/`lookup16` unnecessary, and
//! `prev::<N>` is one `vpermt2b` across the whole register (used for the
//! first block and short tails; the main loop loads the shifted vectors,
//! see `Simd::SHIFT`). The kernel therefore requires VBMI, and
//! for the transcoders VBMI2 (`vpcompressb`, see `utf8_to_wide`): Ice
//! Lake, Zen 4 and later have both; older AVX-512 CPUs (and Cannon Lake,
//! which lacks VBMI2) use the AVX2 kernel.

mod utf8_to_wide;

mod count;

use crate::arch::generic::{self, Shift, Simd};
use crate::arch::KernelFns;

mod utf16;
use core::arch::x86_64::*;

/// `0, 1, ..., 127`: the `vpermt2b` index vector for `prev::<N>` is the 64
/// bytes at offset `64 - N`.
const IOTA: [u8; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// `table` in each 128-bit lane.
#[inline(always)]
unsafe fn replicate(table: [u8; 16]) -> __m512i {
    // SAFETY: the caller guarantees AVX-512F; the load reads the 16 bytes
    // of `table`.
    unsafe { _mm512_broadcast_i32x4(_mm_loadu_si128(table.as_ptr().cast())) }
}

impl Simd for __m512i {
    const BYTES: usize = 64;
    type Small = __m128i;
    const SHIFT: Shift = Shift::LoadInRuns;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller guarantees AVX-512 F/BW (trait contract).
        unsafe { _mm512_set1_epi8(b as i8) }
    }

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees AVX-512F and 64 readable bytes at
        // `src`; `loadu` has no alignment requirement.
        unsafe { _mm512_loadu_si512(src.cast()) }
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { _mm512_or_si512(self, other) }
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { _mm512_and_si512(self, other) }
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { _mm512_xor_si512(self, other) }
    }

    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // SAFETY: the caller guarantees AVX-512 F/BW. No 8-bit shift: shift
        // 16-bit lanes and clear the bits that crossed from the high byte.
        unsafe { _mm512_and_si512(_mm512_srli_epi16::<4>(self), _mm512_set1_epi8(0x0F)) }
    }

    #[inline(always)]
    unsafe fn lookup16(self, table: [u8; 16]) -> Self {
        // SAFETY: the caller guarantees AVX-512 F/BW; the load reads the 16
        // bytes of `table`. `vpshufb` looks up each 128-bit lane in its own
        // copy.
        unsafe {
            let t = _mm512_broadcast_i32x4(_mm_loadu_si128(table.as_ptr().cast()));
            _mm512_shuffle_epi8(t, self)
        }
    }

    #[inline(always)]
    unsafe fn lookup_high_nibble(self, table: [u8; 16]) -> Self {
        // SAFETY: the caller guarantees AVX-512 BW/VBMI. `vpermb` indexes a
        // 64-byte table with the low six bits of each lane and ignores the
        // rest. After a 16-bit shift by 4, bits 0..=3 of each byte are its
        // high nibble and bits 4..=5 are whatever crossed over from the next
        // byte; a table of four copies of `table` makes those bits
        // irrelevant, which saves the AND of the default.
        unsafe { _mm512_permutexvar_epi8(_mm512_srli_epi16::<4>(self), replicate(table)) }
    }

    #[inline(always)]
    unsafe fn lookup_low_nibble(self, table: [u8; 16]) -> Self {
        // SAFETY: the caller guarantees AVX-512 VBMI. As above: with four
        // copies of `table`, bits 4..=5 of the index do not matter and
        // `vpermb` ignores bits 6..=7, so no AND is needed.
        unsafe { _mm512_permutexvar_epi8(self, replicate(table)) }
    }

    #[inline(always)]
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512 VBMI; the index load reads
        // 64 bytes at `64 - N <= 64` of the 128-byte `IOTA`. `vpermt2b`
        // picks byte `64 - N + i` of the 128-byte concatenation
        // [prev, self] for lane `i`: one instruction, across all lanes.
        unsafe {
            let idx = _mm512_loadu_si512(IOTA.as_ptr().add(64 - N).cast());
            _mm512_permutex2var_epi8(prev, idx, self)
        }
    }

    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { _mm512_subs_epu8(self, other) }
    }

    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // SAFETY: the caller guarantees AVX-512F (and AVX2, which it
        // implies). OR the two halves and `vpmovmskb` them: measured a
        // little faster on Zen 4 than `vpmovb2m` + `kortest`, in the branch
        // that decides the ASCII fast path.
        unsafe {
            let halves =
                _mm256_or_si256(_mm512_castsi512_si256(self), _mm512_extracti64x4_epi64::<1>(self));
            _mm256_movemask_epi8(halves) != 0
        }
    }

    #[inline(always)]
    unsafe fn any_bit(self) -> bool {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { _mm512_test_epi64_mask(self, self) != 0 }
    }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn validate_utf8(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: this function is compiled with AVX-512 F/BW/VBMI and only
    // reachable through `FNS`, which `fns` hands out after detecting them.
    unsafe { generic::utf8::validate::<__m512i, 1>(bytes) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn is_valid_utf8(bytes: &[u8]) -> bool {
    // SAFETY: as in `validate_utf8`.
    unsafe { generic::utf8::is_valid::<__m512i, 1>(bytes) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn validate_utf8_blocks(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: as in `validate_utf8`.
    unsafe { generic::utf8::validate_blocks::<__m512i, 1>(bytes) }
}

static FNS: KernelFns = KernelFns {
    validate_utf8,
    is_valid_utf8,
    // UTF-16 and UTF-32.
    utf16le_to_utf8: utf16::utf16le_to_utf8,
    utf16be_to_utf8: utf16::utf16be_to_utf8,
    utf32_to_utf8: utf16::utf32_to_utf8,
    utf16le_to_utf32: utf16::utf16le_to_utf32,
    utf16be_to_utf32: utf16::utf16be_to_utf32,
    utf32_to_utf16le: utf16::utf32_to_utf16le,
    utf32_to_utf16be: utf16::utf32_to_utf16be,
    validate_utf16le: utf16::validate_utf16le,
    validate_utf16be: utf16::validate_utf16be,
    validate_utf32: utf16::validate_utf32,
    // Lossy decoding.
    validate_utf8_blocks,
    // Lengths and counts (`crate::count`; `arch::generic::count`): the
    // definitions hold on any input.
    count_chars: count::count_chars,
    utf16_len_from_utf8: count::utf16_len_from_utf8,
    utf8_len_from_utf16le: count::utf8_len_from_utf16le,
    utf8_len_from_utf16be: count::utf8_len_from_utf16be,
    utf8_len_from_utf32: count::utf8_len_from_utf32,
    utf16_len_from_utf32: count::utf16_len_from_utf32,
    utf32_len_from_utf16le: count::utf32_len_from_utf16le,
    utf32_len_from_utf16be: count::utf32_len_from_utf16be,
    // UTF-8 to UTF-16/UTF-32 (issue 4, branch x4-u8).
    utf8_to_utf16le: utf8_to_wide::utf8_to_utf16le,
    utf8_to_utf16be: utf8_to_wide::utf8_to_utf16be,
    utf8_to_utf32: utf8_to_wide::utf8_to_utf32,
};

/// The AVX-512 kernel, if this CPU has AVX-512 F, BW, CD, VBMI and VBMI2
/// (CD and VBMI2 for the UTF-16/UTF-32 entries, see `utf16`; every CPU
/// with VBMI but one, Cannon Lake, has them).
pub(crate) fn fns() -> Option<&'static KernelFns> {
    super::detected!("avx512f", "avx512bw", "avx512cd", "avx512vbmi", "avx512vbmi2").then_some(&FNS)
}
