//! SSE4.2 (with the SSSE3 shuffles and the SSE4.1 `ptest` it implies):
//! 128-bit vectors, four per 64-byte block.

mod count;
mod utf8_to_wide;

use crate::arch::generic::{self, Shift, Simd};
use crate::arch::KernelFns;

mod utf16;
use core::arch::x86_64::*;

impl Simd for __m128i {
    const BYTES: usize = 16;
    type Small = Self;
    const SHIFT: Shift = Shift::Load;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller guarantees SSE4.2 (trait contract).
        unsafe { _mm_set1_epi8(b as i8) }
    }

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees SSE4.2 and 16 readable bytes at
        // `src`; `loadu` has no alignment requirement.
        unsafe { _mm_loadu_si128(src.cast()) }
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_or_si128(self, other) }
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_and_si128(self, other) }
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_xor_si128(self, other) }
    }

    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // SAFETY: the caller guarantees SSE4.2. No 8-bit shift: shift 16-bit
        // lanes and clear the bits that crossed from the high byte.
        unsafe { _mm_and_si128(_mm_srli_epi16::<4>(self), _mm_set1_epi8(0x0F)) }
    }

    #[inline(always)]
    unsafe fn lookup16(self, table: [u8; 16]) -> Self {
        // SAFETY: the caller guarantees SSE4.2 (SSSE3 `pshufb`); the load
        // reads the 16 bytes of `table`.
        unsafe { _mm_shuffle_epi8(_mm_loadu_si128(table.as_ptr().cast()), self) }
    }

    #[inline(always)]
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2 (SSSE3 `palignr`).
        unsafe {
            match N {
                1 => _mm_alignr_epi8::<15>(self, prev),
                2 => _mm_alignr_epi8::<14>(self, prev),
                3 => _mm_alignr_epi8::<13>(self, prev),
                _ => unreachable!(),
            }
        }
    }

    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_subs_epu8(self, other) }
    }

    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // SAFETY: the caller guarantees SSE4.2.
        unsafe { _mm_movemask_epi8(self) != 0 }
    }

    #[inline(always)]
    unsafe fn any_bit(self) -> bool {
        // SAFETY: the caller guarantees SSE4.2 (SSE4.1 `ptest`).
        unsafe { _mm_testz_si128(self, self) == 0 }
    }
}

#[target_feature(enable = "sse4.2")]
fn validate_utf8(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: this function is compiled with SSE4.2 and only reachable
    // through `FNS`, which `fns` hands out after detecting SSE4.2.
    unsafe { generic::utf8::validate::<__m128i, 4>(bytes) }
}

#[target_feature(enable = "sse4.2")]
fn is_valid_utf8(bytes: &[u8]) -> bool {
    // SAFETY: as in `validate_utf8`.
    unsafe { generic::utf8::is_valid::<__m128i, 4>(bytes) }
}

#[target_feature(enable = "sse4.2")]
fn validate_utf8_blocks(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: as in `validate_utf8`.
    unsafe { generic::utf8::validate_blocks::<__m128i, 4>(bytes) }
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

/// The SSE4.2 kernel, if this CPU has SSE4.2.
pub(crate) fn fns() -> Option<&'static KernelFns> {
    super::detected!("sse4.2").then_some(&FNS)
}
