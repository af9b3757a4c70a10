//! NEON (Advanced SIMD): 128-bit vectors, four per 64-byte block.

mod count;
mod utf8_to_wide;

use crate::arch::generic::{self, Shift, Simd};
use crate::arch::KernelFns;

mod utf16;
use crate::scalar::no_prefix;
use core::arch::aarch64::*;

impl Simd for uint8x16_t {
    const BYTES: usize = 16;
    type Small = Self;
    const SHIFT: Shift = Shift::Shuffle;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller guarantees NEON (trait contract).
        unsafe { vdupq_n_u8(b) }
    }

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees NEON and 16 readable bytes at `src`;
        // `ld1` has no alignment requirement.
        unsafe { vld1q_u8(src) }
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vorrq_u8(self, other) }
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vandq_u8(self, other) }
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { veorq_u8(self, other) }
    }

    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vshrq_n_u8::<4>(self) }
    }

    #[inline(always)]
    unsafe fn lookup16(self, table: [u8; 16]) -> Self {
        // SAFETY: the caller guarantees NEON; the load reads the 16 bytes of
        // `table`.
        unsafe { vqtbl1q_u8(vld1q_u8(table.as_ptr()), self) }
    }

    #[inline(always)]
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees NEON. `ext` takes bytes 16 - N.. of
        // `prev` followed by the first 16 - N bytes of `self`.
        unsafe {
            match N {
                1 => vextq_u8::<15>(prev, self),
                2 => vextq_u8::<14>(prev, self),
                3 => vextq_u8::<13>(prev, self),
                _ => unreachable!(),
            }
        }
    }

    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vqsubq_u8(self, other) }
    }

    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // SAFETY: the caller guarantees NEON.
        unsafe { vmaxvq_u8(self) >= 0x80 }
    }

    #[inline(always)]
    unsafe fn any_bit(self) -> bool {
        // SAFETY: the caller guarantees NEON.
        unsafe { vmaxvq_u8(self) != 0 }
    }
}

#[target_feature(enable = "neon")]
fn validate_utf8(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: this function is compiled with NEON and only reachable
    // through `FNS`, which `fns` hands out after detecting NEON.
    unsafe { generic::utf8::validate::<uint8x16_t, 4>(bytes) }
}

#[target_feature(enable = "neon")]
fn is_valid_utf8(bytes: &[u8]) -> bool {
    // SAFETY: as in `validate_utf8`.
    unsafe { generic::utf8::is_valid::<uint8x16_t, 4>(bytes) }
}

#[target_feature(enable = "neon")]
fn validate_utf8_blocks(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: as in `validate_utf8`.
    unsafe { generic::utf8::validate_blocks::<uint8x16_t, 4>(bytes) }
}

/// Whether the target is little-endian (see `FNS`).
const LE: bool = cfg!(target_endian = "little");

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
    // UTF-8 to UTF-16/UTF-32 (issue 4, branch x4-u8): the algorithm's
    // lanes are little-endian, so on aarch64_be the scalar loop does it.
    utf8_to_utf16le: if LE { utf8_to_wide::utf8_to_utf16le } else { no_prefix },
    utf8_to_utf16be: if LE { utf8_to_wide::utf8_to_utf16be } else { no_prefix },
    utf8_to_utf32: if LE { utf8_to_wide::utf8_to_utf32 } else { no_prefix },
};

/// The NEON kernel, if this CPU has NEON (every standard aarch64 CPU).
pub(crate) fn fns() -> Option<&'static KernelFns> {
    super::detected!("neon").then_some(&FNS)
}
