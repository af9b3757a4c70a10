//! The counting operations ([`Count`]) on NEON vectors, and the count
//! entry points of the NEON kernel.

use crate::arch::generic::count::{count_fns, Count};
use core::arch::aarch64::*;

impl Count for uint8x16_t {
    #[inline(always)]
    unsafe fn gt_i8(self, t: i8) -> Self {
        // SAFETY: the caller guarantees NEON (trait contract).
        unsafe { vcgtq_s8(vreinterpretq_s8_u8(self), vdupq_n_s8(t)) }
    }

    #[inline(always)]
    unsafe fn sub8(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vsubq_u8(self, other) }
    }

    #[inline(always)]
    unsafe fn sum8(self) -> u64 {
        // SAFETY: the caller guarantees NEON. `uaddlv` widens as it adds.
        unsafe { u64::from(vaddlvq_u8(self)) }
    }

    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u16(vdupq_n_u16(x)) }
    }

    #[inline(always)]
    unsafe fn count_eq16(self, other: Self, acc: Self) -> Self {
        // SAFETY: the caller guarantees NEON. Equal lanes are all ones.
        unsafe {
            let eq = vceqq_u16(vreinterpretq_u16_u8(self), vreinterpretq_u16_u8(other));
            vreinterpretq_u8_u16(vsubq_u16(vreinterpretq_u16_u8(acc), eq))
        }
    }

    #[inline(always)]
    unsafe fn sum16(self) -> u64 {
        // SAFETY: the caller guarantees NEON.
        unsafe { u64::from(vaddlvq_u16(vreinterpretq_u16_u8(self))) }
    }

    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u32(vdupq_n_u32(x)) }
    }

    #[inline(always)]
    unsafe fn count_eq32(self, other: Self, acc: Self) -> Self {
        // SAFETY: the caller guarantees NEON. Equal lanes are all ones.
        unsafe {
            let eq = vceqq_u32(vreinterpretq_u32_u8(self), vreinterpretq_u32_u8(other));
            vreinterpretq_u8_u32(vsubq_u32(vreinterpretq_u32_u8(acc), eq))
        }
    }

    #[inline(always)]
    unsafe fn sum32(self) -> u64 {
        // SAFETY: the caller guarantees NEON.
        unsafe { vaddlvq_u32(vreinterpretq_u32_u8(self)) }
    }
}

count_fns!(
    #[target_feature(enable = "neon")]
    uint8x16_t
);
