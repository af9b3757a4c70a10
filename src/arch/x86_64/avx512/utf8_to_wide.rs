//! UTF-8 to UTF-16/UTF-32 with AVX-512: 512-bit validation and ASCII
//! tests, and an AVX-512 VBMI2 conversion of whole windows of 1- to 3-byte
//! characters (after Clausecker & Lemire, *Transcoding Unicode Characters
//! with AVX-512 Instructions*, 2023); windows with 4-byte characters take
//! the 16-byte steps of the SSE4.2 kernel (EVEX/VEX-encoded here).
//!
//! Why an ISA-specific algorithm: `vpcompressb` gathers the first, second
//! and third bytes of up to 63 characters into three registers in one
//! instruction each, with no serial dependency, where the steps chain one
//! table lookup per 12 bytes (each step's start depends on the last's).

use crate::arch::generic::utf8_to_wide::{self, Leads, Target, ToUtf16, ToUtf32};
use crate::transcode::{Be, Le};
use core::arch::x86_64::*;

/// Converts 32 characters given their first, second and third bytes
/// (zero-extended to 16 bits; garbage past the last character) and stores
/// them as 32 units at `dst`.
#[inline(always)]
unsafe fn finish32<T: Target, const THREE: bool>(
    b0: __m512i,
    b1: __m512i,
    b2: __m512i,
    dst: *mut T::Unit,
) {
    // SAFETY: the caller guarantees AVX-512 F/BW and room for 32 units.
    unsafe {
        let two = _mm512_cmpge_epu16_mask(b0, _mm512_set1_epi16(0xC0));
        let low1 = _mm512_and_si512(b1, _mm512_set1_epi16(0x3F));
        // 110yyyyy 10xxxxxx: yyyyy << 6 | xxxxxx.
        let v2 = _mm512_or_si512(
            _mm512_slli_epi16::<6>(_mm512_and_si512(b0, _mm512_set1_epi16(0x1F))),
            low1,
        );
        let mut u = _mm512_mask_mov_epi16(b0, two, v2);
        if THREE {
            let three = _mm512_cmpge_epu16_mask(b0, _mm512_set1_epi16(0xE0));
            let low2 = _mm512_and_si512(b2, _mm512_set1_epi16(0x3F));
            // 1110zzzz 10yyyyyy 10xxxxxx: the shift by 12 drops the marker.
            let v3 = _mm512_or_si512(
                _mm512_or_si512(_mm512_slli_epi16::<12>(b0), _mm512_slli_epi16::<6>(low1)),
                low2,
            );
            u = _mm512_mask_mov_epi16(u, three, v3);
        }
        let d = dst.cast::<__m512i>();
        if T::UTF32 {
            _mm512_storeu_si512(d, _mm512_cvtepu16_epi32(_mm512_castsi512_si256(u)));
            _mm512_storeu_si512(d.add(1), _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(u)));
        } else if T::swap() {
            _mm512_storeu_si512(
                d,
                _mm512_or_si512(_mm512_slli_epi16::<8>(u), _mm512_srli_epi16::<8>(u)),
            );
        } else {
            _mm512_storeu_si512(d, u);
        }
    }
}

impl Leads for __m512i {
    #[inline(always)]
    unsafe fn lead_bits<const N: usize>(v: &[Self; N]) -> u64 {
        // SAFETY: the caller guarantees AVX-512BW. Continuations are
        // -128..=-65 as `i8`; the rest compare greater than -65.
        unsafe { _mm512_cmpgt_epi8_mask(v[0], _mm512_set1_epi8(-65)) }
    }

    #[inline(always)]
    unsafe fn store_ascii_window<T: Target, const N: usize>(
        v: &[Self; N],
        dst: *mut T::Unit,
    ) -> bool {
        // SAFETY: the caller guarantees AVX-512F (so AVX2) and room for 64
        // units at `dst`. Through the AVX2 kernel's 256-bit stores, which
        // measured faster on Zen 4 (38.7 against 38.0 GB/s on ASCII) than
        // 512-bit ones.
        unsafe {
            let x = v[0];
            let halves = [_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64::<1>(x)];
            <__m256i as Leads>::store_ascii_window::<T, 2>(&halves, dst)
        }
    }

    #[inline(always)]
    unsafe fn convert_window<T: Target, const N: usize>(
        v: &[Self; N],
        at: *const u8,
        dst: *mut T::Unit,
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller guarantees AVX-512 F/BW/VBMI2, 64 + 16
        // readable bytes at `at` (the loads at `at + 1` and `at + 2` read up
        // to `at + 66`) and room for 64 + 16 units at `dst` (the stores
        // write 64 units).
        unsafe {
            let x = v[0];
            if _mm512_cmpge_epu8_mask(x, _mm512_set1_epi8(0xF0u8 as i8)) != 0 {
                return None;
            }
            let leads = _mm512_cmpgt_epi8_mask(x, _mm512_set1_epi8(-65));
            // The characters before the last lead byte are complete, and
            // validated with the window.
            let last = 63 - leads.leading_zeros() as usize;
            let keep = leads & ((1u64 << last) - 1);
            if keep == 0 {
                return None;
            }
            let b0 = _mm512_maskz_compress_epi8(keep, x);
            let b1 = _mm512_maskz_compress_epi8(keep, _mm512_loadu_si512(at.add(1).cast()));
            let chars = keep.count_ones() as usize;
            let lo = |b: __m512i| _mm512_cvtepu8_epi16(_mm512_castsi512_si256(b));
            let hi = |b: __m512i| _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(b));
            // Third bytes only where there are 3-byte characters (the
            // Cyrillic, Greek, Arabic, Hebrew... windows have none).
            if _mm512_cmpge_epu8_mask(x, _mm512_set1_epi8(0xE0u8 as i8)) != 0 {
                let b2 = _mm512_maskz_compress_epi8(keep, _mm512_loadu_si512(at.add(2).cast()));
                finish32::<T, true>(lo(b0), lo(b1), lo(b2), dst);
                if chars > 32 {
                    finish32::<T, true>(hi(b0), hi(b1), hi(b2), dst.add(32));
                }
            } else {
                let z = _mm512_setzero_si512();
                finish32::<T, false>(lo(b0), lo(b1), z, dst);
                if chars > 32 {
                    finish32::<T, false>(hi(b0), hi(b1), z, dst.add(32));
                }
            }
            Some((last, chars))
        }
    }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2")]
pub(super) fn utf8_to_utf16le(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: compiled with AVX-512 F/BW/VBMI/VBMI2 (which imply SSE4.2
    // for the steps) and only reachable through the kernel's `FNS`,
    // handed out after detection.
    unsafe { utf8_to_wide::convert::<__m512i, __m128i, 1, ToUtf16<Le>>(src, dst) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2")]
pub(super) fn utf8_to_utf16be(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<__m512i, __m128i, 1, ToUtf16<Be>>(src, dst) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2")]
pub(super) fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<__m512i, __m128i, 1, ToUtf32>(src, dst) }
}
