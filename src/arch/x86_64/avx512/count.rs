//! The counting operations ([`Count`]) on AVX-512 vectors, and the count
//! entry points of the AVX-512 kernel.
//!
//! AVX-512 compares into mask registers; a masked subtract of -1 then
//! counts in one more instruction, instead of turning the mask into a
//! vector first.

use crate::arch::generic::count::{count_fns, Count};
use crate::byte_order::ByteOrder;
use core::arch::x86_64::*;

/// The UTF-8 deficit (3 minus the length, ignoring the `< 0x80` case) of a
/// UTF-16 unit by its top five bits: 1 below `0x800` (index 0), 1 for
/// surrogates (`0xD800..=0xDFFF`, index 27), else 0. As 16-bit lanes.
const DEFICIT_BY_TOP5: [u16; 32] = {
    let mut t = [0; 32];
    t[0] = 1;
    t[0x1B] = 1;
    t
};

impl Count for __m512i {
    #[inline(always)]
    unsafe fn gt_i8(self, t: i8) -> Self {
        // SAFETY: the caller guarantees AVX-512 BW (trait contract).
        unsafe { _mm512_movm_epi8(_mm512_cmpgt_epi8_mask(self, _mm512_set1_epi8(t))) }
    }

    #[inline(always)]
    unsafe fn sub8(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512 BW.
        unsafe { _mm512_sub_epi8(self, other) }
    }

    #[inline(always)]
    unsafe fn count_gt_i8(self, acc: Self, t: i8) -> Self {
        // SAFETY: the caller guarantees AVX-512 BW. `acc - (-1)` in the
        // lanes of the mask, `acc` elsewhere.
        unsafe {
            let m = _mm512_cmpgt_epi8_mask(self, _mm512_set1_epi8(t));
            _mm512_mask_sub_epi8(acc, m, acc, _mm512_set1_epi8(-1))
        }
    }

    #[inline(always)]
    unsafe fn sum8(self) -> u64 {
        // SAFETY: the caller guarantees AVX-512 BW. `vpsadbw` against zero
        // sums each 8 bytes into a 64-bit lane; then the eight lanes.
        unsafe { _mm512_reduce_add_epi64(_mm512_sad_epu8(self, _mm512_setzero_si512())) as u64 }
    }

    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        // SAFETY: the caller guarantees AVX-512 BW.
        unsafe { _mm512_set1_epi16(x as i16) }
    }

    #[inline(always)]
    unsafe fn count_eq16(self, other: Self, acc: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512 BW.
        unsafe {
            let m = _mm512_cmpeq_epi16_mask(self, other);
            _mm512_mask_sub_epi16(acc, m, acc, _mm512_set1_epi16(-1))
        }
    }

    #[inline(always)]
    unsafe fn sum16(self) -> u64 {
        // SAFETY: the caller guarantees AVX-512 BW. `vpmaddwd` with ones
        // adds pairs of lanes into 32-bit lanes (signed, but every lane is
        // at most 0x7FFF by contract).
        unsafe { _mm512_reduce_add_epi32(_mm512_madd_epi16(self, _mm512_set1_epi16(1))) as u64 }
    }

    #[inline(always)]
    unsafe fn utf8_deficit16<O: ByteOrder>(self, acc: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512 BW; the table load reads
        // the 64 bytes of `DEFICIT_BY_TOP5`. A genuinely different
        // algorithm: `vpermw` looks up 32 16-bit entries by the low five
        // bits of each index lane, so the "below 0x800" and "surrogate"
        // tests are one shift and one lookup, and `vptestnmw` does the
        // "below 0x80" test without an AND: 5 instructions instead of 8.
        // The top five bits of a unit are bits 11..=15 of its value: a
        // shift by 11 for little-endian; for big-endian they are bits
        // 3..=7 of the lane in memory, and `vpermw` ignores the bits above
        // the low five of a shift by 3.
        unsafe {
            let table = _mm512_loadu_si512(DEFICIT_BY_TOP5.as_ptr().cast());
            let is_le = O::write16(0x00FF) == 0x00FF_u16.to_le();
            let idx =
                if is_le { _mm512_srli_epi16::<11>(self) } else { _mm512_srli_epi16::<3>(self) };
            let acc = _mm512_add_epi16(acc, _mm512_permutexvar_epi16(idx, table));
            let ascii = _mm512_testn_epi16_mask(self, Self::splat16(O::write16(0xFF80)));
            _mm512_mask_sub_epi16(acc, ascii, acc, _mm512_set1_epi16(-1))
        }
    }

    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        // SAFETY: the caller guarantees AVX-512 F.
        unsafe { _mm512_set1_epi32(x as i32) }
    }

    #[inline(always)]
    unsafe fn count_eq32(self, other: Self, acc: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512 F.
        unsafe {
            let m = _mm512_cmpeq_epi32_mask(self, other);
            _mm512_mask_sub_epi32(acc, m, acc, _mm512_set1_epi32(-1))
        }
    }

    #[inline(always)]
    unsafe fn sum32(self) -> u64 {
        // SAFETY: `__m512i` and `[u32; 16]` have the same size and every
        // bit pattern is valid for both.
        let lanes: [u32; 16] = unsafe { core::mem::transmute(self) };
        lanes.iter().map(|&x| u64::from(x)).sum()
    }

    #[inline(always)]
    unsafe fn first_nonzero_lane(self) -> usize {
        // SAFETY: the caller guarantees AVX-512 BW.
        unsafe { _mm512_test_epi8_mask(self, self).trailing_zeros() as usize }
    }
}

count_fns!(
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    __m512i
);
