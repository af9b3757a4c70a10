//! The vector vocabulary on `wide::u8x16`, implemented once for the
//! portable kernel.
//!
//! The trait methods are `unsafe` for the ISA kernels; these are all safe
//! (`wide` only uses what the build enables), so the contract holds
//! trivially. The 16- and 32-bit lane operations view the same 16 bytes as
//! arrays or as `u16x8`/`u32x4`: `wide` has those lane types, but
//! converting between them needs `bytemuck`, and the compiler turns these
//! small fixed-size loops into the same vector code where the target has
//! it.

use super::NATIVE_SHUFFLE;
use crate::arch::generic::vector::{
    Count, Latin1Vector, Leads, Shift, Utf8Vector, Vector, WideVector,
};
use wide::{i8x16, u16x8, u32x4, u8x16, CmpGt};

// SAFETY: `u8x16` is 16 bytes of plain data, and `load`/`store` access exactly
// `BYTES` bytes (the obligations of `Vector`).
unsafe impl Vector for u8x16 {
    const BYTES: usize = 16;
    const FAST_SHUFFLE: bool = NATIVE_SHUFFLE;

    #[inline(always)]
    unsafe fn zero() -> Self {
        u8x16::splat(0)
    }

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        u8x16::splat(b)
    }

    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        from_lanes::<8, 2>([x.to_ne_bytes(); 8])
    }

    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        from_lanes::<4, 4>([x.to_ne_bytes(); 4])
    }

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `src`;
        // `read_unaligned` has no alignment requirement.
        u8x16::new(unsafe { src.cast::<[u8; 16]>().read_unaligned() })
    }

    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes at `dst`.
        unsafe { dst.cast::<[u8; 16]>().write_unaligned(self.to_array()) }
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
    unsafe fn any(self) -> bool {
        self.to_array() != [0; 16]
    }

    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // `wide` selects lane `idx & 15`, or zero where bit 7 is set.
        self.swizzle_relaxed(idx)
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u64 {
        u64::from(self.move_mask() as u16)
    }
}

// SAFETY: each method is the lane operation its doc describes (the
// validators built on them agree with the scalar reference in the tests
// of every kernel); `Small` is `Self`, a 16-byte vector.
unsafe impl Utf8Vector for u8x16 {
    type Small = Self;

    const SHIFT: Shift = Shift::Load;

    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // `wide` shifts 16-bit lanes, not bytes: shift those and drop the
        // bits each byte took from its neighbour.
        view::<u16x8, u8x16>(view::<u8x16, u16x8>(self) >> 4) & u8x16::splat(0x0F)
    }

    #[inline(always)]
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self {
        let (p, s) = (prev.to_array(), self.to_array());
        let mut out = [0; 16];
        out[..N].copy_from_slice(&p[16 - N..]);
        out[N..].copy_from_slice(&s[..16 - N]);
        u8x16::new(out)
    }

    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        u8x16::saturating_sub(self, other)
    }

    #[inline(always)]
    unsafe fn lookup16(self, table: [u8; 16]) -> Self {
        if NATIVE_SHUFFLE {
            u8x16::new(table).swizzle_relaxed(self)
        } else {
            // `wide`'s fallback for `shuffle` tests every index against 16;
            // ours are known to be below 16, so a plain table read per lane
            // does (masked, so the compiler can drop the bounds check).
            let idx = self.to_array();
            u8x16::new(core::array::from_fn(|i| table[usize::from(idx[i] & 15)]))
        }
    }
}

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

// As for `Utf8Vector`, the methods are safe here: `wide` only uses what the
// build enables.
// SAFETY: each method is the lane operation its doc describes (the
// counts agree with std's in the tests of every kernel).
unsafe impl Count for u8x16 {
    #[inline(always)]
    unsafe fn gt_i8(self, t: i8) -> Self {
        // `from_fn` rather than `<[u8; 16]>::map`: the latter's `try_map`
        // stayed out of line in the kernel (`ci/inlining.sh`).
        let b = self.to_array();
        u8x16::new(core::array::from_fn(|i| if (b[i] as i8) > t { 0xFF } else { 0 }))
    }

    #[inline(always)]
    unsafe fn lt_i8(self, t: i8) -> Self {
        let b = self.to_array();
        u8x16::new(core::array::from_fn(|i| if (b[i] as i8) < t { 0xFF } else { 0 }))
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
        let b = self.to_array();
        u8x16::new(core::array::from_fn(|i| 0u8.wrapping_sub(units(b[i]))))
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
    unsafe fn count_eq32(self, other: Self, acc: Self) -> Self {
        let (a, b, c) = (lanes::<4, 4>(self), lanes::<4, 4>(other), lanes::<4, 4>(acc));
        from_lanes::<4, 4>(core::array::from_fn(|i| {
            u32::from_ne_bytes(c[i]).wrapping_add(u32::from(a[i] == b[i])).to_ne_bytes()
        }))
    }

    #[inline(always)]
    unsafe fn narrow32_saturating(self, hi: Self) -> Self {
        // Native-endian lanes, as the other counting methods and the loads
        // of the counted values (this kernel counts on big-endian targets
        // too).
        let (a, b) = (lanes::<4, 4>(self), lanes::<4, 4>(hi));
        let sat = |x: [u8; 4]| (u32::from_ne_bytes(x).min(0xFFFF) as u16).to_ne_bytes();
        from_lanes::<8, 2>(core::array::from_fn(|i| if i < 4 { sat(a[i]) } else { sat(b[i - 4]) }))
    }

    #[inline(always)]
    unsafe fn shr16_narrow_saturating<const N: i32>(self, hi: Self) -> Self {
        // Little-endian lanes, as the `WideVector` methods this one follows
        // (its only user runs on little-endian lanes).
        let (a, b) = (u16s(self), u16s(hi));
        let sat = |x: u16| (x >> N).min(0xFF) as u8;
        u8x16::new(core::array::from_fn(|i| if i < 8 { sat(a[i]) } else { sat(b[i - 8]) }))
    }

    #[inline(always)]
    unsafe fn sum32(self) -> u64 {
        lanes::<4, 4>(self).iter().map(|&l| u64::from(u32::from_ne_bytes(l))).sum()
    }
}

/// The same 16 bytes as another `wide` vector type.
#[inline(always)]
fn view<A: Copy, B: Copy>(a: A) -> B {
    const { assert!(size_of::<A>() == 16 && size_of::<B>() == 16) };
    // SAFETY: only instantiated with `wide`'s 16-byte integer vectors
    // (asserted size), plain data for which every bit pattern is valid.
    unsafe { core::mem::transmute_copy(&a) }
}

// SAFETY: `lead_bits` sets the bits of exactly the bytes that are not
// continuations; the hooks keep their defaults, which touch nothing;
// `Wide` is `Self`.
unsafe impl Leads for u8x16 {
    type Wide = u8x16;

    #[inline(always)]
    unsafe fn lead_bits<const N: usize>(v: &[Self; N]) -> u64 {
        let mut bits = 0;
        for (k, &x) in v.iter().enumerate() {
            // Not a continuation: greater than -65 as `i8`.
            let lead = view::<u8x16, i8x16>(x).cmp_gt(i8x16::splat(-65));
            bits |= u64::from(lead.move_mask() as u16) << (16 * k);
        }
        bits
    }
}

#[inline(always)]
fn u16s(v: u8x16) -> [u16; 8] {
    let b = v.to_array();
    core::array::from_fn(|i| u16::from_le_bytes([b[2 * i], b[2 * i + 1]]))
}

#[inline(always)]
fn from_u16s(a: [u16; 8]) -> u8x16 {
    u8x16::new(core::array::from_fn(|i| a[i / 2].to_le_bytes()[i % 2]))
}

#[inline(always)]
fn u32s(v: u8x16) -> [u32; 4] {
    let b = v.to_array();
    core::array::from_fn(|i| {
        u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
    })
}

#[inline(always)]
fn from_u32s(a: [u32; 4]) -> u8x16 {
    u8x16::new(core::array::from_fn(|i| a[i / 4].to_le_bytes()[i % 4]))
}

#[inline(always)]
fn map16(v: u8x16, o: u8x16, f: impl Fn(u16, u16) -> u16) -> u8x16 {
    let (a, b) = (u16s(v), u16s(o));
    from_u16s(core::array::from_fn(|i| f(a[i], b[i])))
}

#[inline(always)]
fn map32(v: u8x16, o: u8x16, f: impl Fn(u32, u32) -> u32) -> u8x16 {
    let (a, b) = (u32s(v), u32s(o));
    from_u32s(core::array::from_fn(|i| f(a[i], b[i])))
}

// The methods are `unsafe` for the ISA kernels; these are all safe (`wide`
// only uses what the build enables), so the contract holds trivially.
// SAFETY: 16 bytes (`Vector`), and the 16- and 32-bit lane views read the
// bytes as native-endian integers, little-endian on every target whose
// table uses these algorithms (big-endian ones use `arch::scalar::skip`).
unsafe impl WideVector for u8x16 {
    #[inline(always)]
    unsafe fn andnot(self, o: Self) -> Self {
        self & !o
    }

    #[inline(always)]
    unsafe fn add16(self, o: Self) -> Self {
        map16(self, o, u16::wrapping_add)
    }

    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        map16(self, self, |a, _| a << N)
    }

    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        map16(self, self, |a, _| a >> N)
    }

    #[inline(always)]
    unsafe fn eq8(self, o: Self) -> Self {
        let (a, b) = (self.to_array(), o.to_array());
        u8x16::new(core::array::from_fn(|i| if a[i] == b[i] { 0xFF } else { 0 }))
    }

    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        map16(self, o, |a, b| if a == b { u16::MAX } else { 0 })
    }

    #[inline(always)]
    unsafe fn eq32(self, o: Self) -> Self {
        map32(self, o, |a, b| if a == b { u32::MAX } else { 0 })
    }

    #[inline(always)]
    unsafe fn min16(self, o: Self) -> Self {
        map16(self, o, u16::min)
    }

    #[inline(always)]
    unsafe fn max32(self, o: Self) -> Self {
        map32(self, o, u32::max)
    }

    #[inline(always)]
    unsafe fn zip_lo8(self, o: Self) -> Self {
        let (a, b) = (self.to_array(), o.to_array());
        u8x16::new(core::array::from_fn(|i| if i % 2 == 0 { a[i / 2] } else { b[i / 2] }))
    }

    #[inline(always)]
    unsafe fn zip_hi8(self, o: Self) -> Self {
        let (a, b) = (self.to_array(), o.to_array());
        u8x16::new(core::array::from_fn(|i| if i % 2 == 0 { a[8 + i / 2] } else { b[8 + i / 2] }))
    }

    #[inline(always)]
    unsafe fn zip_lo16(self, o: Self) -> Self {
        let (a, b) = (u16s(self), u16s(o));
        from_u16s(core::array::from_fn(|i| if i % 2 == 0 { a[i / 2] } else { b[i / 2] }))
    }

    #[inline(always)]
    unsafe fn zip_hi16(self, o: Self) -> Self {
        let (a, b) = (u16s(self), u16s(o));
        from_u16s(core::array::from_fn(|i| if i % 2 == 0 { a[4 + i / 2] } else { b[4 + i / 2] }))
    }

    #[inline(always)]
    unsafe fn narrow16(self, hi: Self) -> Self {
        let (a, b) = (u16s(self), u16s(hi));
        u8x16::new(core::array::from_fn(|i| if i < 8 { a[i] as u8 } else { b[i - 8] as u8 }))
    }

    #[inline(always)]
    unsafe fn narrow16u(self, hi: Self) -> Self {
        let (a, b) = (u16s(self), u16s(hi));
        u8x16::new(core::array::from_fn(|i| if i < 8 { a[i] as u8 } else { b[i - 8] as u8 }))
    }

    #[inline(always)]
    unsafe fn narrow32(self, hi: Self) -> Self {
        let (a, b) = (u32s(self), u32s(hi));
        from_u16s(core::array::from_fn(|i| if i < 4 { a[i] as u16 } else { b[i - 4] as u16 }))
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

// `validate_utf32` is implemented but not in the portable table (see
// `mod.rs`): the scalar validator is faster there.

// SAFETY: the default hook touches nothing and converts nothing.
unsafe impl Latin1Vector for u8x16 {}
