//! [`Lanes`] for `uint8x16_t`, and the NEON kernel's UTF-16/UTF-32
//! entries (the generic 128-bit algorithms).

use crate::arch::generic::utf16::{lanes_entries, Lanes};
use core::arch::aarch64::*;

impl Lanes for uint8x16_t {
    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the caller guarantees NEON (trait contract).
        unsafe { vdupq_n_u8(0) }
    }
    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u16(vdupq_n_u16(x)) }
    }
    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u32(vdupq_n_u32(x)) }
    }
    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees NEON and 16 readable bytes.
        unsafe { vld1q_u8(src) }
    }
    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller guarantees NEON and 16 writable bytes.
        unsafe { vst1q_u8(dst, self) }
    }
    #[inline(always)]
    unsafe fn and(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vandq_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vorrq_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn xor(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { veorq_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn andnot(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON. `bic` is `self & !o`.
        unsafe { vbicq_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn add16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u16(vaddq_u16(vreinterpretq_u16_u8(self), vreinterpretq_u16_u8(o)))
        }
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u16(vshlq_n_u16::<N>(vreinterpretq_u16_u8(self))) }
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u16(vshrq_n_u16::<N>(vreinterpretq_u16_u8(self))) }
    }
    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u16(vceqq_u16(vreinterpretq_u16_u8(self), vreinterpretq_u16_u8(o)))
        }
    }
    #[inline(always)]
    unsafe fn eq32(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u32(vceqq_u32(vreinterpretq_u32_u8(self), vreinterpretq_u32_u8(o)))
        }
    }
    #[inline(always)]
    unsafe fn max32(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u32(vmaxq_u32(vreinterpretq_u32_u8(self), vreinterpretq_u32_u8(o)))
        }
    }
    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // SAFETY: the caller guarantees NEON. `tbl` gives zero for indices
        // of 16 and more.
        unsafe { vqtbl1q_u8(self, idx) }
    }
    #[inline(always)]
    unsafe fn zip_lo16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u16(vzip1q_u16(vreinterpretq_u16_u8(self), vreinterpretq_u16_u8(o)))
        }
    }
    #[inline(always)]
    unsafe fn zip_hi16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u16(vzip2q_u16(vreinterpretq_u16_u8(self), vreinterpretq_u16_u8(o)))
        }
    }
    #[inline(always)]
    unsafe fn narrow16(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees NEON. `uzp1` takes the even bytes:
        // the low byte of each little-endian 16-bit lane.
        unsafe { vuzp1q_u8(self, hi) }
    }
    #[inline(always)]
    unsafe fn narrow32(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees NEON. As `narrow16`, on 16-bit
        // halves of 32-bit lanes.
        unsafe {
            vreinterpretq_u8_u16(vuzp1q_u16(vreinterpretq_u16_u8(self), vreinterpretq_u16_u8(hi)))
        }
    }
    #[inline(always)]
    unsafe fn movemask(self) -> u16 {
        // SAFETY: the caller guarantees NEON; the load reads the 16 bytes of
        // `BITS`. Each byte's high bit, moved to bit `i % 8` and summed per
        // half.
        unsafe {
            const BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
            let bits = vandq_u8(
                vreinterpretq_u8_s8(vshrq_n_s8::<7>(vreinterpretq_s8_u8(self))),
                vld1q_u8(BITS.as_ptr()),
            );
            u16::from(vaddv_u8(vget_low_u8(bits))) | u16::from(vaddv_u8(vget_high_u8(bits))) << 8
        }
    }
    #[inline(always)]
    unsafe fn any(self) -> bool {
        // SAFETY: the caller guarantees NEON.
        unsafe { vmaxvq_u32(vreinterpretq_u32_u8(self)) != 0 }
    }
}

lanes_entries!(
    #[target_feature(enable = "neon")]
    uint8x16_t
);
