//! [`Lanes`] for `wide::u8x16`, and the portable kernel's UTF-16/UTF-32
//! entries (the generic 128-bit algorithms), on little-endian targets.
//!
//! `wide` has the byte operations (and the shuffle and bitmask, native with
//! SSSE3, NEON or `simd128`); the 16- and 32-bit lane operations here are
//! plain loops over arrays, which the compiler vectorises where it can.

use crate::arch::generic::utf16::{lanes_entries, Lanes};
use wide::u8x16;

fn u16s(v: u8x16) -> [u16; 8] {
    let b = v.to_array();
    core::array::from_fn(|i| u16::from_le_bytes([b[2 * i], b[2 * i + 1]]))
}

fn from_u16s(a: [u16; 8]) -> u8x16 {
    u8x16::new(core::array::from_fn(|i| a[i / 2].to_le_bytes()[i % 2]))
}

fn u32s(v: u8x16) -> [u32; 4] {
    let b = v.to_array();
    core::array::from_fn(|i| {
        u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
    })
}

fn from_u32s(a: [u32; 4]) -> u8x16 {
    u8x16::new(core::array::from_fn(|i| a[i / 4].to_le_bytes()[i % 4]))
}

fn map16(v: u8x16, o: u8x16, f: impl Fn(u16, u16) -> u16) -> u8x16 {
    let (a, b) = (u16s(v), u16s(o));
    from_u16s(core::array::from_fn(|i| f(a[i], b[i])))
}

fn map32(v: u8x16, o: u8x16, f: impl Fn(u32, u32) -> u32) -> u8x16 {
    let (a, b) = (u32s(v), u32s(o));
    from_u32s(core::array::from_fn(|i| f(a[i], b[i])))
}

// The methods are `unsafe` for the ISA kernels; these are all safe (`wide`
// only uses what the build enables), so the contract holds trivially.
impl Lanes for u8x16 {
    #[inline(always)]
    unsafe fn zero() -> Self {
        u8x16::splat(0)
    }
    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        from_u16s([x; 8])
    }
    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        from_u32s([x; 4])
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
    unsafe fn and(self, o: Self) -> Self {
        self & o
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        self | o
    }
    #[inline(always)]
    unsafe fn xor(self, o: Self) -> Self {
        self ^ o
    }
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
    unsafe fn eq16(self, o: Self) -> Self {
        map16(self, o, |a, b| if a == b { u16::MAX } else { 0 })
    }
    #[inline(always)]
    unsafe fn eq32(self, o: Self) -> Self {
        map32(self, o, |a, b| if a == b { u32::MAX } else { 0 })
    }
    #[inline(always)]
    unsafe fn max32(self, o: Self) -> Self {
        map32(self, o, u32::max)
    }
    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // `wide` zeroes the lanes whose index is 16 or more.
        self.shuffle(idx)
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
    unsafe fn narrow32(self, hi: Self) -> Self {
        let (a, b) = (u32s(self), u32s(hi));
        from_u16s(core::array::from_fn(|i| if i < 4 { a[i] as u16 } else { b[i - 4] as u16 }))
    }
    #[inline(always)]
    unsafe fn movemask(self) -> u16 {
        self.to_bitmask() as u16
    }
    #[inline(always)]
    unsafe fn any(self) -> bool {
        self.to_array() != [0; 16]
    }
}

// `validate_utf32` is defined but not used by the portable table (see its
// `FNS`): the scalar validator is faster there.
lanes_entries!(
    #[allow(dead_code)]
    u8x16
);
