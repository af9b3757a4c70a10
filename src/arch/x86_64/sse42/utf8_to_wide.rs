//! UTF-8 to UTF-16/UTF-32 with SSE4.2: the steps' 16-byte vocabulary
//! ([`Bytes16`], also used by the AVX2 and AVX-512 kernels, where the same
//! intrinsics compile to VEX/EVEX forms) and the entry points.

use crate::arch::generic::utf8_to_wide::{self, Bytes16, Leads, ToUtf16, ToUtf32};
use crate::byte_order::{Be, Le};
use core::arch::x86_64::*;

impl Leads for __m128i {
    #[inline(always)]
    unsafe fn lead_bits<const N: usize>(v: &[Self; N]) -> u64 {
        // SAFETY: the caller guarantees SSE4.2. Continuations are
        // -128..=-65 as `i8`; the rest compare greater than -65.
        unsafe {
            let mut bits = 0;
            for (k, &x) in v.iter().enumerate() {
                let m = _mm_movemask_epi8(_mm_cmpgt_epi8(x, _mm_set1_epi8(-65))) as u32;
                bits |= u64::from(m) << (16 * k);
            }
            bits
        }
    }
}

impl Bytes16 for __m128i {
    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees SSE2 and 16 readable bytes.
        unsafe { _mm_loadu_si128(src.cast()) }
    }
    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller guarantees SSE2 and 16 writable bytes.
        unsafe { _mm_storeu_si128(dst.cast(), self) }
    }
    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        // SAFETY: the caller guarantees SSE2.
        unsafe { _mm_set1_epi32(x as i32) }
    }
    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // SAFETY: the caller guarantees SSSE3 (`pshufb`: an index with bit 7
        // set yields 0, others select by their low four bits).
        unsafe { _mm_shuffle_epi8(self, idx) }
    }
    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller guarantees SSE2.
        unsafe { _mm_and_si128(self, other) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller guarantees SSE2.
        unsafe { _mm_or_si128(self, other) }
    }
    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: the caller guarantees SSE2.
        unsafe { _mm_xor_si128(self, other) }
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees SSE2.
        unsafe { _mm_srli_epi16::<N>(self) }
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees SSE2.
        unsafe { _mm_srli_epi32::<N>(self) }
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees SSE2.
        unsafe { _mm_slli_epi32::<N>(self) }
    }
    #[inline(always)]
    unsafe fn sub32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees SSE2.
        unsafe { _mm_sub_epi32(self, other) }
    }
    #[inline(always)]
    unsafe fn widen8(self) -> (Self, Self) {
        // SAFETY: the caller guarantees SSE2.
        unsafe {
            let z = _mm_setzero_si128();
            (_mm_unpacklo_epi8(self, z), _mm_unpackhi_epi8(self, z))
        }
    }
    #[inline(always)]
    unsafe fn widen16(self) -> (Self, Self) {
        // SAFETY: the caller guarantees SSE2.
        unsafe {
            let z = _mm_setzero_si128();
            (_mm_unpacklo_epi16(self, z), _mm_unpackhi_epi16(self, z))
        }
    }
}

#[target_feature(enable = "sse4.2")]
pub(super) fn utf8_to_utf16le(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: compiled with SSE4.2 and only reachable through the kernel's
    // `FNS`, which `fns` hands out after detecting SSE4.2.
    unsafe { utf8_to_wide::convert::<__m128i, __m128i, 4, ToUtf16<Le>>(src, dst) }
}

#[target_feature(enable = "sse4.2")]
pub(super) fn utf8_to_utf16be(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<__m128i, __m128i, 4, ToUtf16<Be>>(src, dst) }
}

#[target_feature(enable = "sse4.2")]
pub(super) fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<__m128i, __m128i, 4, ToUtf32>(src, dst) }
}
