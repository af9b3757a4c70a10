//! UTF-8 to UTF-16/UTF-32 with AVX-512: 512-bit validation and ASCII
//! tests, the 16-byte steps of the SSE4.2 kernel (EVEX/VEX-encoded here).

use crate::arch::generic::utf8_to_wide::{self, Leads, ToUtf16, ToUtf32};
use crate::transcode::{Be, Le};
use core::arch::x86_64::*;

impl Leads for __m512i {
    #[inline(always)]
    unsafe fn lead_bits<const N: usize>(v: &[Self; N]) -> u64 {
        // SAFETY: the caller guarantees AVX-512BW. Continuations are
        // -128..=-65 as `i8`; the rest compare greater than -65.
        unsafe {
            let mut bits = 0;
            for (k, &x) in v.iter().enumerate().take(1) {
                bits |= _mm512_cmpgt_epi8_mask(x, _mm512_set1_epi8(-65)) << (64 * k);
            }
            bits
        }
    }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub(super) fn utf8_to_utf16le(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: compiled with AVX-512 F/BW/VBMI (which imply SSE4.2 for the
    // steps) and only reachable through the kernel's `FNS`, handed out
    // after detection.
    unsafe { utf8_to_wide::convert::<__m512i, __m128i, 1, ToUtf16<Le>>(src, dst) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub(super) fn utf8_to_utf16be(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<__m512i, __m128i, 1, ToUtf16<Be>>(src, dst) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub(super) fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<__m512i, __m128i, 1, ToUtf32>(src, dst) }
}
