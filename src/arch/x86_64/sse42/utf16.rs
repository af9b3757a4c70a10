//! [`Lanes`] for `__m128i` (SSE4.1 `pmaxud`/`packusdw`, SSSE3 `pshufb`),
//! and the SSE4.2 kernel's UTF-16/UTF-32 entries. The AVX2 kernel uses the
//! same impl (compiled there with VEX encodings).

use crate::arch::generic::utf16::{lanes_entries, Lanes};
use core::arch::x86_64::*;

impl Lanes for __m128i {
    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the caller guarantees SSE4.2 (trait contract).
        unsafe { _mm_setzero_si128() }
    }
    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_set1_epi16(x as i16) }
    }
    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_set1_epi32(x as i32) }
    }
    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees SSE4.2 and 16 readable bytes.
        unsafe { _mm_loadu_si128(src.cast()) }
    }
    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller guarantees SSE4.2 and 16 writable bytes.
        unsafe { _mm_storeu_si128(dst.cast(), self) }
    }
    #[inline(always)]
    unsafe fn and(self, o: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_and_si128(self, o) }
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_or_si128(self, o) }
    }
    #[inline(always)]
    unsafe fn xor(self, o: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_xor_si128(self, o) }
    }
    #[inline(always)]
    unsafe fn andnot(self, o: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2. `andnot(a, b)` is `!a & b`.
        unsafe { _mm_andnot_si128(o, self) }
    }
    #[inline(always)]
    unsafe fn add16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_add_epi16(self, o) }
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_slli_epi16::<N>(self) }
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_srli_epi16::<N>(self) }
    }
    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_cmpeq_epi16(self, o) }
    }
    #[inline(always)]
    unsafe fn eq32(self, o: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_cmpeq_epi32(self, o) }
    }
    #[inline(always)]
    unsafe fn max32(self, o: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2 (SSE4.1 `pmaxud`).
        unsafe { _mm_max_epu32(self, o) }
    }
    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2 (SSSE3 `pshufb`, which zeroes
        // lanes whose index has bit 7 set).
        unsafe { _mm_shuffle_epi8(self, idx) }
    }
    #[inline(always)]
    unsafe fn zip_lo16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_unpacklo_epi16(self, o) }
    }
    #[inline(always)]
    unsafe fn zip_hi16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_unpackhi_epi16(self, o) }
    }
    #[inline(always)]
    unsafe fn narrow16(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2. Signed saturation keeps
        // lanes below 0x80 and turns 0xFFFF (-1) into 0xFF.
        unsafe { _mm_packs_epi16(self, hi) }
    }
    #[inline(always)]
    unsafe fn narrow32(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2 (SSE4.1 `packusdw`), which
        // keeps lanes below 0x10000.
        unsafe { _mm_packus_epi32(self, hi) }
    }
    #[inline(always)]
    unsafe fn movemask(self) -> u16 {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_movemask_epi8(self) as u16 }
    }
    #[inline(always)]
    unsafe fn any(self) -> bool {
        // SAFETY: the caller guarantees SSE4.2 (SSE4.1 `ptest`).
        unsafe { _mm_testz_si128(self, self) == 0 }
    }
}

lanes_entries!(
    #[target_feature(enable = "sse4.2")]
    __m128i
);
