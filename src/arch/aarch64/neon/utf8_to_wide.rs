//! UTF-8 to UTF-16/UTF-32 with NEON: the steps' 16-byte vocabulary and the
//! entry points.

use crate::arch::generic::utf8_to_wide::{self, Bytes16, Leads, ToUtf16, ToUtf32};
use crate::byte_order::{Be, Le};
use core::arch::aarch64::*;

impl Leads for uint8x16_t {
    #[inline(always)]
    unsafe fn lead_bits<const N: usize>(v: &[Self; N]) -> u64 {
        // SAFETY: the caller guarantees NEON. NEON has no `movemask`: AND
        // each comparison with its lane's bit weight (1..=128, twice per
        // vector), then three rounds of pairwise adds fold the 64 lanes of
        // the block into the 8 bytes of the mask, in order.
        unsafe {
            const WEIGHTS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
            let w = vld1q_u8(WEIGHTS.as_ptr());
            // Not a continuation: `b as i8 >= -64`.
            let m: [uint8x16_t; N] = core::array::from_fn(|k| {
                vandq_u8(vcgeq_s8(vreinterpretq_s8_u8(v[k]), vdupq_n_s8(-64)), w)
            });
            if N == 4 {
                let a = vpaddq_u8(m[0], m[1]);
                let b = vpaddq_u8(m[2], m[3]);
                let c = vpaddq_u8(a, b);
                let d = vpaddq_u8(c, c);
                vgetq_lane_u64::<0>(vreinterpretq_u64_u8(d))
            } else {
                let mut bits = 0u64;
                for (k, &x) in m.iter().enumerate() {
                    let s = vpaddq_u8(x, x);
                    let s = vpaddq_u8(s, s);
                    let s = vpaddq_u8(s, s);
                    bits |= u64::from(vgetq_lane_u16::<0>(vreinterpretq_u16_u8(s))) << (16 * k);
                }
                bits
            }
        }
    }
}

impl Bytes16 for uint8x16_t {
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
    unsafe fn splat32(x: u32) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u32(vdupq_n_u32(x)) }
    }
    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // SAFETY: the caller guarantees NEON. `tbl` yields 0 for any index
        // of 16 or more, which includes the 0x80 of the contract.
        unsafe { vqtbl1q_u8(self, idx) }
    }
    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vandq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vorrq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { veorq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u16(vshrq_n_u16::<N>(vreinterpretq_u16_u8(self))) }
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u32(vshrq_n_u32::<N>(vreinterpretq_u32_u8(self))) }
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u32(vshlq_n_u32::<N>(vreinterpretq_u32_u8(self))) }
    }
    #[inline(always)]
    unsafe fn sub32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u32(vsubq_u32(vreinterpretq_u32_u8(self), vreinterpretq_u32_u8(other)))
        }
    }
    #[inline(always)]
    unsafe fn widen8(self) -> (Self, Self) {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            (
                vreinterpretq_u8_u16(vmovl_u8(vget_low_u8(self))),
                vreinterpretq_u8_u16(vmovl_high_u8(self)),
            )
        }
    }
    #[inline(always)]
    unsafe fn widen16(self) -> (Self, Self) {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            let h = vreinterpretq_u16_u8(self);
            (
                vreinterpretq_u8_u32(vmovl_u16(vget_low_u16(h))),
                vreinterpretq_u8_u32(vmovl_high_u16(h)),
            )
        }
    }
}

#[target_feature(enable = "neon")]
pub(super) fn utf8_to_utf16le(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: compiled with NEON and only reachable through the kernel's
    // `FNS`, which `fns` hands out after detecting NEON.
    unsafe { utf8_to_wide::convert::<uint8x16_t, uint8x16_t, 4, ToUtf16<Le>>(src, dst) }
}

#[target_feature(enable = "neon")]
pub(super) fn utf8_to_utf16be(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<uint8x16_t, uint8x16_t, 4, ToUtf16<Be>>(src, dst) }
}

#[target_feature(enable = "neon")]
pub(super) fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<uint8x16_t, uint8x16_t, 4, ToUtf32>(src, dst) }
}
