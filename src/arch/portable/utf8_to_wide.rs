//! UTF-8 to UTF-16/UTF-32 over `wide`: the steps' 16-byte vocabulary for
//! `u8x16` and the entry points.
//!
//! The 16- and 32-bit lane operations view the same 16 bytes as `u16x8`
//! or `u32x4`; the algorithm's lanes are little-endian, so the entries
//! exist only on little-endian targets (big-endian ones use the scalar
//! loop, see `super::FNS`).

use crate::arch::generic::utf8_to_wide::{self, Bytes16, Leads, ToUtf16, ToUtf32};
use crate::byte_order::{Be, Le};
use wide::{i8x16, u16x8, u32x4, u8x16};

/// The same 16 bytes as another `wide` vector type.
#[inline(always)]
fn view<A: Copy, B: Copy>(a: A) -> B {
    const { assert!(size_of::<A>() == 16 && size_of::<B>() == 16) };
    // SAFETY: only instantiated with `wide`'s 16-byte integer vectors
    // (asserted size), plain data for which every bit pattern is valid.
    unsafe { core::mem::transmute_copy(&a) }
}

impl Leads for u8x16 {
    #[inline(always)]
    unsafe fn lead_bits<const N: usize>(v: &[Self; N]) -> u64 {
        let mut bits = 0;
        for (k, &x) in v.iter().enumerate() {
            // Not a continuation: greater than -65 as `i8`.
            let lead = view::<u8x16, i8x16>(x).simd_gt(i8x16::splat(-65));
            bits |= u64::from(lead.to_bitmask()) << (16 * k);
        }
        bits
    }
}

impl Bytes16 for u8x16 {
    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `src`.
        u8x16::new(unsafe { src.cast::<[u8; 16]>().read_unaligned() })
    }
    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes at `dst`.
        unsafe { dst.cast::<[u8; 16]>().write_unaligned(self.to_array()) }
    }
    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        view(u32x4::splat(x))
    }
    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // `wide`'s shuffle yields 0 for indices of 16 and more.
        self.shuffle(idx)
    }
    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        self & other
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        self | other
    }
    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        self ^ other
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        view(view::<u8x16, u16x8>(self) >> N as u32)
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        view(view::<u8x16, u32x4>(self) >> N as u32)
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        view(view::<u8x16, u32x4>(self) << N as u32)
    }
    #[inline(always)]
    unsafe fn sub32(self, other: Self) -> Self {
        view(view::<u8x16, u32x4>(self) - view::<u8x16, u32x4>(other))
    }
    #[inline(always)]
    unsafe fn widen8(self) -> (Self, Self) {
        let a = self.to_array();
        let lo = u16x8::new(core::array::from_fn(|i| u16::from(a[i])));
        let hi = u16x8::new(core::array::from_fn(|i| u16::from(a[8 + i])));
        (view(lo), view(hi))
    }
    #[inline(always)]
    unsafe fn widen16(self) -> (Self, Self) {
        let a = view::<u8x16, u16x8>(self).to_array();
        let lo = u32x4::new(core::array::from_fn(|i| u32::from(a[i])));
        let hi = u32x4::new(core::array::from_fn(|i| u32::from(a[4 + i])));
        (view(lo), view(hi))
    }
}

pub(super) fn utf8_to_utf16le(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: `u8x16`'s methods need no CPU features beyond the build's.
    unsafe { utf8_to_wide::convert::<u8x16, u8x16, 4, ToUtf16<Le>>(src, dst) }
}

pub(super) fn utf8_to_utf16be(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<u8x16, u8x16, 4, ToUtf16<Be>>(src, dst) }
}

pub(super) fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> (usize, usize) {
    // SAFETY: as in `utf8_to_utf16le`.
    unsafe { utf8_to_wide::convert::<u8x16, u8x16, 4, ToUtf32>(src, dst) }
}
