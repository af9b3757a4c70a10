//! UTF-8 to UTF-16/UTF-32 with AVX2: 256-bit validation and ASCII tests,
//! the 16-byte steps of the SSE4.2 kernel (VEX-encoded here).

use crate::arch::generic::utf8_to_wide::{self, Leads, Target, ToUtf16, ToUtf32};
use crate::byte_order::{Be, Le};
use core::arch::x86_64::*;

impl Leads for __m256i {
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

    #[inline(always)]
    unsafe fn store_ascii_window<T: Target, const N: usize>(
        v: &[Self; N],
        dst: *mut T::Unit,
    ) -> bool {
        // SAFETY: the caller guarantees AVX2 and room for `32 * N` units at
        // `dst`; the stores write 32 bytes each, in order, exactly that.
        unsafe {
            let mut d = dst.cast::<__m256i>();
            for &x in v {
                let halves = [_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x)];
                for h in halves {
                    if T::UTF32 {
                        _mm256_storeu_si256(d, _mm256_cvtepu8_epi32(h));
                        _mm256_storeu_si256(d.add(1), _mm256_cvtepu8_epi32(_mm_srli_si128::<8>(h)));
                        d = d.add(2);
                    } else {
                        let w = _mm256_cvtepu8_epi16(h);
                        // Big-endian: the byte goes high, which is a shift.
                        let w = if T::SWAP { _mm256_slli_epi16::<8>(w) } else { w };
                        _mm256_storeu_si256(d, w);
                        d = d.add(1);
                    }
                }
            }
            true
        }
    }
}

#[target_feature(enable = "avx2")]
pub(super) fn utf8_to_utf16le(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: compiled with AVX2 (which implies SSE4.2 for the steps) and
    // only reachable through the kernel's `FNS`, handed out after detection.
    unsafe { utf8_to_wide::convert::<__m256i, __m128i, 2, ToUtf16<Le>>(src, dst) }
}

#[target_feature(enable = "avx2")]
pub(super) fn utf8_to_utf16be(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<__m256i, __m128i, 2, ToUtf16<Be>>(src, dst) }
}

#[target_feature(enable = "avx2")]
pub(super) fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<__m256i, __m128i, 2, ToUtf32>(src, dst) }
}
