//! AVX2: 256-bit vectors, two per 64-byte block.
//!
//! `prev::<N>` needs a lane-crossing `vperm2i128` besides the `vpalignr`,
//! and shuffles are what the algorithm is short of, so the main loop loads
//! the shifted vectors from memory instead (`Shift::Load`): 24 GB/s
//! instead of 18 on non-ASCII text on Zen 4.

mod count;
mod utf8_to_wide;

use crate::arch::generic::{self, Shift, Simd};
use crate::arch::KernelFns;

mod utf16;
use core::arch::x86_64::*;

impl Simd for __m256i {
    const BYTES: usize = 32;
    type Small = __m128i;
    const SHIFT: Shift = Shift::Load;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller guarantees AVX2 (trait contract).
        unsafe { _mm256_set1_epi8(b as i8) }
    }

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees AVX2 and 32 readable bytes at `src`;
        // `loadu` has no alignment requirement.
        unsafe { _mm256_loadu_si256(src.cast()) }
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_or_si256(self, other) }
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_and_si256(self, other) }
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_xor_si256(self, other) }
    }

    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // SAFETY: the caller guarantees AVX2. There is no 8-bit shift: shift
        // 16-bit lanes and clear the bits that crossed from the high byte.
        unsafe { _mm256_and_si256(_mm256_srli_epi16::<4>(self), _mm256_set1_epi8(0x0F)) }
    }

    #[inline(always)]
    unsafe fn lookup16(self, table: [u8; 16]) -> Self {
        // SAFETY: the caller guarantees AVX2; the load reads the 16 bytes of
        // `table`. `vpshufb` looks up each 128-bit lane in its own copy.
        unsafe {
            let t = _mm256_broadcastsi128_si256(_mm_loadu_si128(table.as_ptr().cast()));
            _mm256_shuffle_epi8(t, self)
        }
    }

    #[inline(always)]
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. `vperm2i128` builds
        // [prev.hi, self.lo]; `vpalignr` then shifts each 128-bit lane of
        // `self` right by N bytes, filling from the lane before it.
        unsafe {
            let before = _mm256_permute2x128_si256::<0x21>(prev, self);
            match N {
                1 => _mm256_alignr_epi8::<15>(self, before),
                2 => _mm256_alignr_epi8::<14>(self, before),
                3 => _mm256_alignr_epi8::<13>(self, before),
                _ => unreachable!(),
            }
        }
    }

    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_subs_epu8(self, other) }
    }

    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_movemask_epi8(self) != 0 }
    }

    #[inline(always)]
    unsafe fn any_bit(self) -> bool {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_testz_si256(self, self) == 0 }
    }
}

#[target_feature(enable = "avx2")]
fn validate_utf8(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: this function is compiled with AVX2 and only reachable
    // through `FNS`, which `fns` hands out after detecting AVX2.
    unsafe { generic::utf8::validate::<__m256i, 2>(bytes) }
}

#[target_feature(enable = "avx2")]
fn is_valid_utf8(bytes: &[u8]) -> bool {
    // SAFETY: as in `validate_utf8`.
    unsafe { generic::utf8::is_valid::<__m256i, 2>(bytes) }
}

#[target_feature(enable = "avx2")]
fn validate_utf8_blocks(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: as in `validate_utf8`.
    unsafe { generic::utf8::validate_blocks::<__m256i, 2>(bytes) }
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

/// The AVX2 kernel, if this CPU has AVX2.
pub(crate) fn fns() -> Option<&'static KernelFns> {
    super::detected!("avx2").then_some(&FNS)
}
