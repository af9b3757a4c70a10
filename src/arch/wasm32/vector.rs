//! The vector vocabulary on `v128` (WebAssembly `simd128`), implemented
//! once for the simd128 kernel: UTF-8 validation, counts, the steps of
//! UTF-8 to UTF-16/UTF-32, and the UTF-16/UTF-32 algorithms.
//!
//! The byte shuffle is `i8x16.swizzle`, which gives zero for every index
//! of 16 and more: the lookups here only use indices below 16, or `0x80`
//! for "zero", which it honours like `pshufb` and NEON's `tbl`.
//!
//! The intrinsics are safe functions (a module either has SIMD or does not
//! validate); only the loads and stores, which take pointers, are `unsafe`.

use crate::arch::generic::vector::{
    Count, Latin1Vector, Leads, Shift, Utf8Vector, Vector, WideVector,
};
use core::arch::wasm32::*;

// SAFETY: `v128` is 16 bytes of plain data, and `load`/`store` access
// exactly `BYTES` bytes (the obligations of `Vector`).
unsafe impl Vector for v128 {
    const BYTES: usize = 16;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        u8x16_splat(b)
    }

    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        u16x8_splat(x)
    }

    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        u32x4_splat(x)
    }

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `src`;
        // `v128.load` has no alignment requirement (the alignment is a
        // hint).
        unsafe { v128_load(src.cast()) }
    }

    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes at `dst`.
        unsafe { v128_store(dst.cast(), self) }
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        v128_and(self, other)
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        v128_or(self, other)
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        v128_xor(self, other)
    }

    #[inline(always)]
    unsafe fn any(self) -> bool {
        v128_any_true(self)
    }

    #[inline(always)]
    unsafe fn first_nonzero_lane(self) -> usize {
        // Bit `j` of the mask is set where lane `j` is zero; bit 16 stops
        // the count at 16.
        let zero = u32::from(u8x16_bitmask(u8x16_eq(self, u8x16_splat(0))));
        ((!zero & 0xFFFF) | 0x1_0000).trailing_zeros() as usize
    }

    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // Zero for indices of 16 and more (so for the `0x80` ones).
        i8x16_swizzle(self, idx)
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u64 {
        u64::from(u8x16_bitmask(self))
    }
}

// SAFETY: each method is the lane operation its doc describes (the
// validators built on them agree with the scalar reference in the tests
// of every kernel); `Small` is `Self`, a 16-byte vector.
unsafe impl Utf8Vector for v128 {
    type Small = Self;

    // `i8x16.shuffle` with constant indices builds the shifted vectors
    // from two registers, as NEON's `ext` does.
    const SHIFT: Shift = Shift::Shuffle;

    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        u8x16_shr(self, 4)
    }

    #[inline(always)]
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self {
        // Indices 0..16 pick from `prev`, 16..32 from `self`.
        match N {
            1 => i8x16_shuffle::<15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30>(
                prev, self,
            ),
            2 => i8x16_shuffle::<14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29>(
                prev, self,
            ),
            3 => i8x16_shuffle::<13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28>(
                prev, self,
            ),
            _ => unreachable!(),
        }
    }

    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        u8x16_sub_sat(self, other)
    }
}

// SAFETY: each method is the lane operation its doc describes (the
// counts agree with std's in the tests of every kernel).
unsafe impl Count for v128 {
    #[inline(always)]
    unsafe fn gt_i8(self, t: i8) -> Self {
        i8x16_gt(self, i8x16_splat(t))
    }

    #[inline(always)]
    unsafe fn lt_i8(self, t: i8) -> Self {
        i8x16_lt(self, i8x16_splat(t))
    }

    #[inline(always)]
    unsafe fn sub8(self, other: Self) -> Self {
        u8x16_sub(self, other)
    }

    #[inline(always)]
    unsafe fn sum8(self) -> u64 {
        // SAFETY: the trait's own method, under the same contract.
        unsafe { u32x4_extadd_pairwise_u16x8(u16x8_extadd_pairwise_u8x16(self)).sum32() }
    }

    #[inline(always)]
    unsafe fn count_eq16(self, other: Self, acc: Self) -> Self {
        // Equal lanes are all ones (-1).
        i16x8_sub(acc, i16x8_eq(self, other))
    }

    #[inline(always)]
    unsafe fn sum16(self) -> u64 {
        // SAFETY: the trait's own method, under the same contract.
        unsafe { u32x4_extadd_pairwise_u16x8(self).sum32() }
    }

    #[inline(always)]
    unsafe fn count_eq32(self, other: Self, acc: Self) -> Self {
        // Equal lanes are all ones (-1).
        i32x4_sub(acc, i32x4_eq(self, other))
    }

    #[inline(always)]
    unsafe fn narrow32_saturating(self, hi: Self) -> Self {
        // Signed saturation, as x86's `packssdw`: lanes below 0x8000 kept,
        // the others to 0x7FFF or (negative as `i32`) 0x8000..=0xFFFF.
        i16x8_narrow_i32x4(self, hi)
    }

    #[inline(always)]
    unsafe fn shr16_narrow_saturating<const N: i32>(self, hi: Self) -> Self {
        // After a shift by at least one every lane is below 0x8000: the
        // signed input of the unsigned saturation is the unsigned one.
        u8x16_narrow_i16x8(u16x8_shr(self, N as u32), u16x8_shr(hi, N as u32))
    }

    #[inline(always)]
    unsafe fn sum32(self) -> u64 {
        u64::from(u32x4_extract_lane::<0>(self))
            + u64::from(u32x4_extract_lane::<1>(self))
            + u64::from(u32x4_extract_lane::<2>(self))
            + u64::from(u32x4_extract_lane::<3>(self))
    }
}

// SAFETY: `lead_bits` sets the bits of exactly the bytes that are not
// continuations; the hooks keep their defaults, which touch nothing;
// `Wide` is `Self`.
unsafe impl Leads for v128 {
    type Wide = v128;

    #[inline(always)]
    unsafe fn lead_bits<const N: usize>(v: &[Self; N]) -> u64 {
        // Continuations are -128..=-65 as `i8`; the rest compare greater
        // than -65.
        let mut bits = 0;
        for (k, &x) in v.iter().enumerate() {
            let m = u8x16_bitmask(i8x16_gt(x, i8x16_splat(-65)));
            bits |= u64::from(m) << (16 * k);
        }
        bits
    }
}

// SAFETY: 16 bytes (`Vector`), and WebAssembly lanes are little-endian.
unsafe impl WideVector for v128 {
    #[inline(always)]
    unsafe fn andnot(self, o: Self) -> Self {
        // `v128.andnot(a, b)` is `a & !b`.
        v128_andnot(self, o)
    }

    #[inline(always)]
    unsafe fn add16(self, o: Self) -> Self {
        i16x8_add(self, o)
    }

    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        i16x8_shl(self, N as u32)
    }

    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        u16x8_shr(self, N as u32)
    }

    #[inline(always)]
    unsafe fn eq8(self, o: Self) -> Self {
        u8x16_eq(self, o)
    }

    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        i16x8_eq(self, o)
    }

    #[inline(always)]
    unsafe fn eq32(self, o: Self) -> Self {
        i32x4_eq(self, o)
    }

    #[inline(always)]
    unsafe fn min16(self, o: Self) -> Self {
        u16x8_min(self, o)
    }

    #[inline(always)]
    unsafe fn max32(self, o: Self) -> Self {
        u32x4_max(self, o)
    }

    #[inline(always)]
    unsafe fn zip_lo8(self, o: Self) -> Self {
        i8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(self, o)
    }

    #[inline(always)]
    unsafe fn zip_hi8(self, o: Self) -> Self {
        i8x16_shuffle::<8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31>(self, o)
    }

    #[inline(always)]
    unsafe fn zip_lo16(self, o: Self) -> Self {
        i16x8_shuffle::<0, 8, 1, 9, 2, 10, 3, 11>(self, o)
    }

    #[inline(always)]
    unsafe fn zip_hi16(self, o: Self) -> Self {
        i16x8_shuffle::<4, 12, 5, 13, 6, 14, 7, 15>(self, o)
    }

    #[inline(always)]
    unsafe fn narrow16(self, hi: Self) -> Self {
        // The even bytes: the low byte of each little-endian 16-bit lane.
        i8x16_shuffle::<0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30>(self, hi)
    }

    #[inline(always)]
    unsafe fn narrow16u(self, hi: Self) -> Self {
        // Unsigned saturation of the signed lanes keeps 0..=0xFF.
        u8x16_narrow_i16x8(self, hi)
    }

    #[inline(always)]
    unsafe fn narrow32(self, hi: Self) -> Self {
        // The even 16-bit halves: the low half of each 32-bit lane.
        i16x8_shuffle::<0, 2, 4, 6, 8, 10, 12, 14>(self, hi)
    }

    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        u32x4_shr(self, N as u32)
    }

    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        i32x4_shl(self, N as u32)
    }

    #[inline(always)]
    unsafe fn sub32(self, other: Self) -> Self {
        i32x4_sub(self, other)
    }

    #[inline(always)]
    unsafe fn widen8(self) -> (Self, Self) {
        (u16x8_extend_low_u8x16(self), u16x8_extend_high_u8x16(self))
    }

    #[inline(always)]
    unsafe fn widen16(self) -> (Self, Self) {
        (u32x4_extend_low_u16x8(self), u32x4_extend_high_u16x8(self))
    }
}

// SAFETY: the default hook touches nothing and converts nothing.
unsafe impl Latin1Vector for v128 {}
