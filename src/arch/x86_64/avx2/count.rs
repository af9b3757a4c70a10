//! The counting operations ([`Count`]) on AVX2 vectors, and the count
//! entry points of the AVX2 kernel.

use crate::arch::generic::count::{count_fns, Count};
use core::arch::x86_64::*;

impl Count for __m256i {
    #[inline(always)]
    unsafe fn gt_i8(self, t: i8) -> Self {
        // SAFETY: the caller guarantees AVX2 (trait contract).
        unsafe { _mm256_cmpgt_epi8(self, _mm256_set1_epi8(t)) }
    }

    #[inline(always)]
    unsafe fn sub8(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_sub_epi8(self, other) }
    }

    #[inline(always)]
    unsafe fn sum8(self) -> u64 {
        // SAFETY: the caller guarantees AVX2. `vpsadbw` against zero sums
        // each 8 bytes into a 64-bit lane; then the four lanes.
        unsafe {
            let s = _mm256_sad_epu8(self, _mm256_setzero_si256());
            let s = _mm_add_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256::<1>(s));
            (_mm_cvtsi128_si64(s) + _mm_extract_epi64::<1>(s)) as u64
        }
    }

    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_set1_epi16(x as i16) }
    }

    #[inline(always)]
    unsafe fn count_eq16(self, other: Self, acc: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. Equal lanes are -1.
        unsafe { _mm256_sub_epi16(acc, _mm256_cmpeq_epi16(self, other)) }
    }

    #[inline(always)]
    unsafe fn sum16(self) -> u64 {
        // SAFETY: the caller guarantees AVX2. `vpmaddwd` with ones adds
        // pairs of lanes into 32-bit lanes (signed, but every lane is at
        // most 0x7FFF by contract).
        unsafe { _mm256_madd_epi16(self, _mm256_set1_epi16(1)).sum32() }
    }

    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_set1_epi32(x as i32) }
    }

    #[inline(always)]
    unsafe fn count_eq32(self, other: Self, acc: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. Equal lanes are -1.
        unsafe { _mm256_sub_epi32(acc, _mm256_cmpeq_epi32(self, other)) }
    }

    #[inline(always)]
    unsafe fn sum32(self) -> u64 {
        // SAFETY: `__m256i` and `[u32; 8]` have the same size and every
        // bit pattern is valid for both.
        let lanes: [u32; 8] = unsafe { core::mem::transmute(self) };
        lanes.iter().map(|&x| u64::from(x)).sum()
    }

    #[inline(always)]
    unsafe fn first_nonzero_lane(self) -> usize {
        // SAFETY: the caller guarantees AVX2. Bit `j` of the mask is set
        // where lane `j` is zero.
        unsafe {
            let zero = _mm256_movemask_epi8(_mm256_cmpeq_epi8(self, _mm256_setzero_si256()));
            (!(zero as u32)).trailing_zeros() as usize
        }
    }
}

count_fns!(
    #[target_feature(enable = "avx2")]
    __m256i
);
