//! The vector vocabulary on `__m256i` (AVX2), implemented once: UTF-8
//! validation, counts, the ASCII and lead-byte tests of UTF-8 to
//! UTF-16/UTF-32, and the UTF-16/UTF-32 algorithms.
//!
//! `prev::<N>` needs a lane-crossing `vperm2i128` besides the `vpalignr`,
//! and shuffles are what the algorithm is short of, so the main loop loads
//! the shifted vectors from memory instead (`Shift::Load`): 24 GB/s
//! instead of 18 on non-ASCII text on Zen 4.

use crate::arch::generic::utf8_to_wide::two_byte_valid;
use crate::arch::generic::vector::{
    Count, Latin1Vector, Leads, Shift, Utf8Vector, Vector, WideVector,
};
use core::arch::x86_64::*;

// SAFETY: `__m256i` is 32 bytes of plain data, and `load`/`store` access exactly
// `BYTES` bytes (the obligations of `Vector`).
unsafe impl Vector for __m256i {
    const BYTES: usize = 32;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller guarantees AVX2 (trait contract).
        unsafe { _mm256_set1_epi8(b as i8) }
    }

    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_set1_epi16(x as i16) }
    }

    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_set1_epi32(x as i32) }
    }

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees AVX2 and 32 readable bytes at `src`;
        // `loadu` has no alignment requirement.
        unsafe { _mm256_loadu_si256(src.cast()) }
    }

    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller guarantees AVX and 32 writable bytes at `dst`;
        // `storeu` has no alignment requirement.
        unsafe { _mm256_storeu_si256(dst.cast(), self) }
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_and_si256(self, other) }
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_or_si256(self, other) }
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_xor_si256(self, other) }
    }

    #[inline(always)]
    unsafe fn any(self) -> bool {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_testz_si256(self, self) == 0 }
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

    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. `vpshufb` works within each
        // 128-bit lane and zeroes bytes whose index has bit 7 set.
        unsafe { _mm256_shuffle_epi8(self, idx) }
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u64 {
        // SAFETY: the caller guarantees AVX2.
        unsafe { u64::from(_mm256_movemask_epi8(self) as u32) }
    }

    #[inline(always)]
    unsafe fn table(table: &[u8; 16]) -> Self {
        // SAFETY: the caller guarantees AVX2; `table` is 16 readable bytes.
        unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(table.as_ptr().cast())) }
    }
}

// SAFETY: each method is the lane operation its doc describes (the
// validators built on them agree with the scalar reference in the tests
// of every kernel); `Small` is `__m128i`, the 16-byte vector of the same ISA.
unsafe impl Utf8Vector for __m256i {
    const ASCII_PAIRS: bool = true;

    type Small = __m128i;

    const SHIFT: Shift = Shift::Load;

    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // SAFETY: the caller guarantees AVX2. There is no 8-bit shift: shift
        // 16-bit lanes and clear the bits that crossed from the high byte.
        unsafe { _mm256_and_si256(_mm256_srli_epi16::<4>(self), _mm256_set1_epi8(0x0F)) }
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
}

// SAFETY: each method is the lane operation its doc describes (the
// counts agree with std's in the tests of every kernel).
unsafe impl Count for __m256i {
    #[inline(always)]
    unsafe fn gt_i8(self, t: i8) -> Self {
        // SAFETY: the caller guarantees AVX2 (trait contract).
        unsafe { _mm256_cmpgt_epi8(self, _mm256_set1_epi8(t)) }
    }

    #[inline(always)]
    unsafe fn lt_i8(self, t: i8) -> Self {
        // SAFETY: the caller guarantees AVX2 (trait contract).
        unsafe { _mm256_cmpgt_epi8(_mm256_set1_epi8(t), self) }
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
    unsafe fn count_eq32(self, other: Self, acc: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. Equal lanes are -1.
        unsafe { _mm256_sub_epi32(acc, _mm256_cmpeq_epi32(self, other)) }
    }

    #[inline(always)]
    unsafe fn narrow32_saturating(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees AVX2; `vpackssdw` packs within each
        // 128-bit lane (the order the trait allows), with the signed
        // saturation of `__m128i`'s, which the contract allows.
        unsafe { _mm256_packs_epi32(self, hi) }
    }

    #[inline(always)]
    unsafe fn shr16_narrow_saturating<const N: i32>(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. As for `__m128i`; `vpackuswb`
        // packs within each 128-bit lane, the order the trait allows.
        unsafe { _mm256_packus_epi16(_mm256_srli_epi16::<N>(self), _mm256_srli_epi16::<N>(hi)) }
    }

    #[inline(always)]
    unsafe fn sum32(self) -> u64 {
        // SAFETY: `__m256i` and `[u32; 8]` have the same size and every
        // bit pattern is valid for both.
        let lanes: [u32; 8] = unsafe { core::mem::transmute(self) };
        lanes.iter().map(|&x| u64::from(x)).sum()
    }
}

// SAFETY: `lead_bits` sets the bits of the bytes that compare above
// -65 as `i8`, exactly the non-continuations; the window hooks keep
// their defaults, which touch nothing; `Wide` is `Self`. ASCII windows
// are widened 16 bytes at a time by the generic code (128-bit loads,
// `vpmovzxbw`/`vpunpckhbw` and stores): on a Zen 1 EPYC, whose 256-bit
// operations are split in two, widening each 32 bytes with
// `vextracti128` and two cross-lane `vpmovzxbw ymm` ran ASCII UTF-8 to
// UTF-16 at 14.9 GB/s, and at 19.9 this way (UTF-32: 8.5 and 9.4).
unsafe impl Leads for __m256i {
    type Wide = __m256i;

    #[inline(always)]
    unsafe fn lead_bits<const N: usize>(v: &[Self; N]) -> u64 {
        // SAFETY: the caller guarantees AVX2. Continuations are -128..=-65
        // as `i8`; the rest compare greater than -65.
        unsafe {
            let mut bits = 0;
            for (k, &x) in v.iter().enumerate() {
                let m = _mm256_movemask_epi8(_mm256_cmpgt_epi8(x, _mm256_set1_epi8(-65))) as u32;
                bits |= u64::from(m) << (32 * k);
            }
            bits
        }
    }

    const TWO_BYTE: bool = true;

    #[inline(always)]
    unsafe fn two_byte_window<const N: usize>(v: &[Self; N]) -> bool {
        // SAFETY: the caller guarantees AVX2.
        unsafe { two_byte_valid(v) }
    }
}

// SAFETY: 32 bytes (two 128-bit lanes), little-endian lanes, and
// `store_lane` writes 16 bytes (the obligations beyond `Vector`'s).
unsafe impl WideVector for __m256i {
    #[inline(always)]
    unsafe fn andnot(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. `andnot(a, b)` is `!a & b`.
        unsafe { _mm256_andnot_si256(o, self) }
    }

    #[inline(always)]
    unsafe fn add16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_add_epi16(self, o) }
    }

    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_slli_epi16::<N>(self) }
    }

    #[inline(always)]
    unsafe fn utf8_lead_payloads16(self) -> Self {
        // `(v >> 4) & 0x0FFC` holds `bbbbbb00` in its low byte and `aaaa`
        // in its high one; `_mm256_maddubs_epi16` by the bytes `0x40, 0x01`
        // sums `bbbbbb00 * 64` (`bbbbbb << 8`) and `aaaa`, at most 16143:
        // no saturation.
        // SAFETY: the caller guarantees AVX2, which has `vpmaddubsw` on 256 bits.
        unsafe {
            let s = _mm256_and_si256(_mm256_srli_epi16::<4>(self), _mm256_set1_epi16(0x0FFC));
            _mm256_maddubs_epi16(s, _mm256_set1_epi16(0x0140))
        }
    }

    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_srli_epi16::<N>(self) }
    }

    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_srli_epi32::<N>(self) }
    }

    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_slli_epi32::<N>(self) }
    }

    #[inline(always)]
    unsafe fn sub32(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_sub_epi32(self, o) }
    }

    #[inline(always)]
    unsafe fn eq8(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_cmpeq_epi8(self, o) }
    }

    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_cmpeq_epi16(self, o) }
    }

    #[inline(always)]
    unsafe fn eq32(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_cmpeq_epi32(self, o) }
    }

    #[inline(always)]
    unsafe fn min16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_min_epu16(self, o) }
    }

    #[inline(always)]
    unsafe fn max32(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_max_epu32(self, o) }
    }

    #[inline(always)]
    unsafe fn zip_lo8(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2 (per 128-bit lane).
        unsafe { _mm256_unpacklo_epi8(self, o) }
    }

    #[inline(always)]
    unsafe fn zip_hi8(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2 (per 128-bit lane).
        unsafe { _mm256_unpackhi_epi8(self, o) }
    }

    #[inline(always)]
    unsafe fn zip_lo16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2 (per 128-bit lane).
        unsafe { _mm256_unpacklo_epi16(self, o) }
    }

    #[inline(always)]
    unsafe fn zip_hi16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees AVX2 (per 128-bit lane).
        unsafe { _mm256_unpackhi_epi16(self, o) }
    }

    #[inline(always)]
    unsafe fn widen8(self) -> (Self, Self) {
        // SAFETY: the caller guarantees AVX2.
        unsafe {
            let lo = _mm256_castsi256_si128(self);
            let hi = _mm256_extracti128_si256::<1>(self);
            (_mm256_cvtepu8_epi16(lo), _mm256_cvtepu8_epi16(hi))
        }
    }

    #[inline(always)]
    unsafe fn widen16(self) -> (Self, Self) {
        // SAFETY: the caller guarantees AVX2.
        unsafe {
            let lo = _mm256_castsi256_si128(self);
            let hi = _mm256_extracti128_si256::<1>(self);
            (_mm256_cvtepu16_epi32(lo), _mm256_cvtepu16_epi32(hi))
        }
    }

    #[inline(always)]
    unsafe fn narrow16(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. Signed saturation keeps lanes
        // below 0x80 and turns 0xFFFF (-1) into 0xFF; `vpacksswb` packs per
        // 128-bit lane (self.0, hi.0, self.1, hi.1 in 64-bit quarters), and
        // the permutation puts the quarters back in order.
        unsafe { _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packs_epi16(self, hi)) }
    }

    #[inline(always)]
    unsafe fn narrow16u(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. `vpackuswb` keeps lanes up to
        // 0xFF and packs per 128-bit lane, as in `narrow16`.
        unsafe { _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi16(self, hi)) }
    }

    #[inline(always)]
    unsafe fn narrow32(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. `vpackusdw` keeps lanes below
        // 0x10000 and packs per 128-bit lane, as in `narrow16`.
        unsafe { _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi32(self, hi)) }
    }

    #[inline(always)]
    unsafe fn mask16(self) -> u64 {
        // SAFETY: the caller guarantees AVX2. Packing per 128-bit lane
        // leaves lane k's eight bits at bit 16k of the byte mask, with
        // zeros between: two shifts instead of a lane-crossing permute.
        unsafe {
            let m = u64::from(
                _mm256_movemask_epi8(_mm256_packs_epi16(self, _mm256_setzero_si256())) as u32,
            );
            (m & 0xFF) | (m >> 8 & 0xFF00)
        }
    }

    #[inline(always)]
    unsafe fn lanes(rows: [*const u8; 4]) -> Self {
        // SAFETY: the caller guarantees AVX2 and 16 readable bytes at
        // `rows[0]` and `rows[1]`.
        unsafe { _mm256_loadu2_m128i(rows[1].cast(), rows[0].cast()) }
    }

    #[inline(always)]
    unsafe fn store_lane_wide16(self, k: usize, dst: *mut u8) {
        // SAFETY: the caller guarantees AVX2 and 32 writable bytes at `dst`.
        unsafe {
            let lane = if k == 0 {
                _mm256_castsi256_si128(self)
            } else {
                _mm256_extracti128_si256::<1>(self)
            };
            _mm256_storeu_si256(dst.cast(), _mm256_cvtepu16_epi32(lane));
        }
    }

    #[inline(always)]
    unsafe fn store_lane(self, k: usize, dst: *mut u8) {
        // SAFETY: the caller guarantees AVX2 and 16 writable bytes at `dst`.
        unsafe {
            let lane = if k == 0 {
                _mm256_castsi256_si128(self)
            } else {
                _mm256_extracti128_si256::<1>(self)
            };
            _mm_storeu_si128(dst.cast(), lane);
        }
    }
}

// SAFETY: the default hook touches nothing and converts nothing.
unsafe impl Latin1Vector for __m256i {}
