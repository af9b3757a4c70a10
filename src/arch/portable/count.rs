//! The counting operations ([`Count`]) on `wide::u8x16`, and the count
//! entry points of the portable kernel.
//!
//! The 16- and 32-bit lane operations go through arrays: `wide` has those
//! lane types, but converting between them needs `bytemuck`, and the
//! compiler turns these small fixed-size loops into the same vector code
//! where the target has it.

use crate::arch::generic::count::{count_fns, Count};
use wide::u8x16;

/// The lanes of `v` as `N` native-endian integers of `W` bytes each.
#[inline(always)]
fn lanes<const N: usize, const W: usize>(v: u8x16) -> [[u8; W]; N] {
    let bytes = v.to_array();
    core::array::from_fn(|i| core::array::from_fn(|j| bytes[i * W + j]))
}

/// The vector of `N` lanes of `W` bytes each.
#[inline(always)]
fn from_lanes<const N: usize, const W: usize>(l: [[u8; W]; N]) -> u8x16 {
    u8x16::new(core::array::from_fn(|k| l[k / W][k % W]))
}

// As for `Simd`, the methods are safe here: `wide` only uses what the
// build enables.
impl Count for u8x16 {
    #[inline(always)]
    unsafe fn gt_i8(self, t: i8) -> Self {
        u8x16::new(self.to_array().map(|b| if (b as i8) > t { 0xFF } else { 0 }))
    }

    #[inline(always)]
    unsafe fn sub8(self, other: Self) -> Self {
        self - other
    }

    #[inline(always)]
    unsafe fn sum8(self) -> u64 {
        self.to_array().iter().map(|&b| u64::from(b)).sum()
    }

    #[inline(always)]
    unsafe fn neg_utf16_units(self) -> Self {
        // Without a native shuffle, `lookup16` is a loop over the lanes;
        // two compares vectorise instead (and cost about the same with
        // one).
        let units = |b: u8| ((b as i8) >= -0x40) as u8 + (b >= 0xF0) as u8;
        u8x16::new(self.to_array().map(|b| 0u8.wrapping_sub(units(b))))
    }

    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        from_lanes::<8, 2>([x.to_ne_bytes(); 8])
    }

    #[inline(always)]
    unsafe fn count_eq16(self, other: Self, acc: Self) -> Self {
        let (a, b, c) = (lanes::<8, 2>(self), lanes::<8, 2>(other), lanes::<8, 2>(acc));
        from_lanes::<8, 2>(core::array::from_fn(|i| {
            u16::from_ne_bytes(c[i]).wrapping_add(u16::from(a[i] == b[i])).to_ne_bytes()
        }))
    }

    #[inline(always)]
    unsafe fn sum16(self) -> u64 {
        lanes::<8, 2>(self).iter().map(|&l| u64::from(u16::from_ne_bytes(l))).sum()
    }

    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        from_lanes::<4, 4>([x.to_ne_bytes(); 4])
    }

    #[inline(always)]
    unsafe fn count_eq32(self, other: Self, acc: Self) -> Self {
        let (a, b, c) = (lanes::<4, 4>(self), lanes::<4, 4>(other), lanes::<4, 4>(acc));
        from_lanes::<4, 4>(core::array::from_fn(|i| {
            u32::from_ne_bytes(c[i]).wrapping_add(u32::from(a[i] == b[i])).to_ne_bytes()
        }))
    }

    #[inline(always)]
    unsafe fn sum32(self) -> u64 {
        lanes::<4, 4>(self).iter().map(|&l| u64::from(u32::from_ne_bytes(l))).sum()
    }
}

count_fns!(u8x16);
