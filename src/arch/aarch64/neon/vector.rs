//! The vector vocabulary on `uint8x16_t` (NEON), implemented once for the
//! NEON kernel: UTF-8 validation, counts, the steps of UTF-8 to
//! UTF-16/UTF-32, and the UTF-16/UTF-32 algorithms.

use crate::arch::generic::vector::{
    Count, Latin1Vector, Leads, Shift, Utf8Vector, Vector, WideVector,
};
use core::arch::aarch64::*;

// SAFETY: `uint8x16_t` is 16 bytes of plain data, and `load`/`store` access exactly
// `BYTES` bytes (the obligations of `Vector`).
unsafe impl Vector for uint8x16_t {
    const BYTES: usize = 16;

    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the caller guarantees NEON (trait contract).
        unsafe { vdupq_n_u8(0) }
    }

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller guarantees NEON (trait contract).
        unsafe { vdupq_n_u8(b) }
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
        // SAFETY: the caller guarantees NEON and 16 readable bytes at `src`;
        // `ld1` has no alignment requirement.
        unsafe { vld1q_u8(src) }
    }

    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller guarantees NEON and 16 writable bytes.
        unsafe { vst1q_u8(dst, self) }
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
    unsafe fn any(self) -> bool {
        // SAFETY: the caller guarantees NEON. A pairwise max folds the 16
        // bytes into 8 that are all zero iff the vector is, read as one
        // `u64`: as many instructions as `umaxv` and a general-register
        // test, but `umaxp` is one simple operation where `umaxv` is a
        // multi-step reduction (3 cycles of throughput on Neoverse N1).
        unsafe { vgetq_lane_u64::<0>(vreinterpretq_u64_u8(vpmaxq_u8(self, self))) != 0 }
    }

    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // SAFETY: the caller guarantees NEON.
        unsafe { vmaxvq_u8(self) >= 0x80 }
    }

    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // SAFETY: the caller guarantees NEON. `tbl` gives zero for indices
        // of 16 and more.
        unsafe { vqtbl1q_u8(self, idx) }
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u64 {
        // SAFETY: the caller guarantees NEON; the load reads the 16 bytes of
        // `BITS`. Each byte's high bit, moved to bit `i % 8` and summed per
        // half.
        unsafe {
            const BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
            let bits = vandq_u8(
                vreinterpretq_u8_s8(vshrq_n_s8::<7>(vreinterpretq_s8_u8(self))),
                vld1q_u8(BITS.as_ptr()),
            );
            u64::from(vaddv_u8(vget_low_u8(bits))) | u64::from(vaddv_u8(vget_high_u8(bits))) << 8
        }
    }
}

// SAFETY: each method is the lane operation its doc describes (the
// validators built on them agree with the scalar reference in the tests
// of every kernel); `Small` is `Self`, a 16-byte vector.
unsafe impl Utf8Vector for uint8x16_t {
    type Small = Self;

    /// Loads at offsets -1 to -3 rather than `ext`: as many instructions,
    /// but loads leave the vector pipes (two on Neoverse N1) to the
    /// lookups. On the Chinese lipsum file, llvm-mca's N1 model put UTF-8
    /// validation at 34 instead of 40 cycles per 64 bytes (simulated
    /// cycles of the executed blocks, `bench/neon/count.sh`), V1 level.
    const SHIFT: Shift = Shift::Load;

    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vshrq_n_u8::<4>(self) }
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

    const ASCII_PAIRS: bool = true;

    const DENSE_RUNS: bool = true;

    #[inline(always)]
    unsafe fn high_byte(self) -> u8 {
        // SAFETY: the caller guarantees NEON.
        unsafe { vmaxvq_u8(self) }
    }

    const TWO_CONTS_IN_BIT_0: bool = true;

    #[inline(always)]
    unsafe fn fold_must_be_23(special: Self, prev2: Self, prev3: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        //
        // `cmhi` gives all ones (-1) where its condition holds, so the sum
        // subtracts 1 from `special` exactly where a third or fourth byte
        // of a character must be: four instructions instead of five. With
        // `TWO_CONTS` in bit 0, that turns a `TWO_CONTS` there into zero
        // (no borrow: the bit was set), leaves the other error bits, and
        // turns a missing one into a non-zero lane (`special - 1` is zero
        // only when `special` is exactly `TWO_CONTS`). Elsewhere `special`
        // is unchanged. Both conditions at once (-2) mean a lead byte
        // after a 4-byte lead, itself an error two lanes back, which that
        // lane reports whatever this one says.
        unsafe {
            let third = vcgtq_u8(prev2, vdupq_n_u8(0xE0 - 1));
            let fourth = vcgtq_u8(prev3, vdupq_n_u8(0xF0 - 1));
            vaddq_u8(vaddq_u8(special, third), fourth)
        }
    }
}

// SAFETY: each method is the lane operation its doc describes (the
// counts agree with std's in the tests of every kernel).
unsafe impl Count for uint8x16_t {
    #[inline(always)]
    unsafe fn gt_i8(self, t: i8) -> Self {
        // SAFETY: the caller guarantees NEON (trait contract).
        unsafe { vcgtq_s8(vreinterpretq_s8_u8(self), vdupq_n_s8(t)) }
    }

    #[inline(always)]
    unsafe fn lt_i8(self, t: i8) -> Self {
        // SAFETY: the caller guarantees NEON (trait contract).
        unsafe { vcltq_s8(vreinterpretq_s8_u8(self), vdupq_n_s8(t)) }
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
    unsafe fn count_eq32(self, other: Self, acc: Self) -> Self {
        // SAFETY: the caller guarantees NEON. Equal lanes are all ones.
        unsafe {
            let eq = vceqq_u32(vreinterpretq_u32_u8(self), vreinterpretq_u32_u8(other));
            vreinterpretq_u8_u32(vsubq_u32(vreinterpretq_u32_u8(acc), eq))
        }
    }

    #[inline(always)]
    unsafe fn narrow32_saturating(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees NEON; `uqxtn` narrows unsigned
        // lanes with saturation.
        unsafe {
            let lo = vqmovn_u32(vreinterpretq_u32_u8(self));
            vreinterpretq_u8_u16(vcombine_u16(lo, vqmovn_u32(vreinterpretq_u32_u8(hi))))
        }
    }

    #[inline(always)]
    unsafe fn shr16_narrow_saturating<const N: i32>(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees NEON; `uqshrn` shifts and narrows
        // with unsigned saturation in one instruction (`1 <= N <= 8`, as
        // the intrinsic requires).
        unsafe {
            let lo = vqshrn_n_u16::<N>(vreinterpretq_u16_u8(self));
            vqshrn_high_n_u16::<N>(lo, vreinterpretq_u16_u8(hi))
        }
    }

    #[inline(always)]
    unsafe fn sum32(self) -> u64 {
        // SAFETY: the caller guarantees NEON.
        unsafe { vaddlvq_u32(vreinterpretq_u32_u8(self)) }
    }
}

/// `addp`: the pairwise sums of the bytes of `a`, then of `b`. Not
/// `vpaddq_u8`: where the lanes hold disjoint bits (the bit weights of a
/// mask), LLVM rewrites that intrinsic as `uzp1`, `uzp2` and `orr`, three
/// instructions for one (UTF-8 to UTF-16 of two-byte scripts: 4 % more
/// instructions under qemu, llvm-mca's Neoverse models 6 % more cycles).
#[inline(always)]
unsafe fn addp(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t {
    let r: uint8x16_t;
    // SAFETY: the caller guarantees NEON; one register instruction, no
    // memory, stack or flags.
    unsafe {
        core::arch::asm!(
            "addp {r:v}.16b, {a:v}.16b, {b:v}.16b",
            r = lateout(vreg) r,
            a = in(vreg) a,
            b = in(vreg) b,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

// SAFETY: `lead_bits` sets the bits of exactly the bytes that are not
// continuations; the hooks keep their defaults, which touch nothing;
// `Wide` is `Self`.
unsafe impl Leads for uint8x16_t {
    type Wide = uint8x16_t;

    const WINDOW_MAX: bool = true;

    #[inline(always)]
    unsafe fn window_top<const N: usize>(v: &[Self; N]) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { v[1..].iter().fold(v[0], |top, &x| vmaxq_u8(top, x)) }
    }

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
                let a = addp(m[0], m[1]);
                let b = addp(m[2], m[3]);
                let c = addp(a, b);
                let d = addp(c, c);
                vgetq_lane_u64::<0>(vreinterpretq_u64_u8(d))
            } else {
                let mut bits = 0u64;
                for (k, &x) in m.iter().enumerate() {
                    let s = addp(x, x);
                    let s = addp(s, s);
                    let s = addp(s, s);
                    bits |= u64::from(vgetq_lane_u16::<0>(vreinterpretq_u16_u8(s))) << (16 * k);
                }
                bits
            }
        }
    }
}

// SAFETY: 16 bytes (`Vector`); the lanes are little-endian on the
// little-endian targets whose NEON table uses these algorithms (aarch64_be
// uses `arch::scalar::skip`).
unsafe impl WideVector for uint8x16_t {
    const PAIRED_STORES: bool = true;

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
    unsafe fn eq8(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vceqq_u8(self, o) }
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
    unsafe fn min16(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u16(vminq_u16(vreinterpretq_u16_u8(self), vreinterpretq_u16_u8(o)))
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
    unsafe fn zip_lo8(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vzip1q_u8(self, o) }
    }

    #[inline(always)]
    unsafe fn zip_hi8(self, o: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vzip2q_u8(self, o) }
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
    unsafe fn narrow16u(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees NEON. Every lane is at most 0xFF,
        // so keeping the low byte of each loses nothing.
        unsafe {
            vcombine_u8(vmovn_u16(vreinterpretq_u16_u8(self)), vmovn_u16(vreinterpretq_u16_u8(hi)))
        }
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
    unsafe fn mask16_pair(self, hi: Self) -> u64 {
        // SAFETY: the caller guarantees NEON. The low byte of each lane
        // from `self`, the high byte from `hi`: one byte mask.
        unsafe { vbslq_u8(vreinterpretq_u8_u16(vdupq_n_u16(0x00FF)), self, hi).movemask() }
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

// SAFETY: the default hook touches nothing and converts nothing.
unsafe impl Latin1Vector for uint8x16_t {}

// SAFETY: `load` reads exactly 16 bytes, unaligned; `eq_mask` sets the
// four bits `4i..4i + 4` where byte `i` is equal (`cmeq`, then `shrn` by 4
// narrows each 16-bit lane's two bytes to a byte of two nibbles); every
// instruction is NEON, part of the aarch64 baseline.
unsafe impl crate::arch::generic::vector::ByteSearch for uint8x16_t {
    const BYTES: usize = 16;
    const LANE_BITS: u32 = 4;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: NEON, the aarch64 baseline.
        unsafe { vdupq_n_u8(b) }
    }

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: NEON, the aarch64 baseline; the caller guarantees 16
        // readable bytes at `src`.
        unsafe { vld1q_u8(src) }
    }

    #[inline(always)]
    unsafe fn eq_mask(self, needle: Self) -> u64 {
        // SAFETY: NEON, the aarch64 baseline.
        unsafe {
            let eq = vreinterpretq_u16_u8(vceqq_u8(self, needle));
            vget_lane_u64::<0>(vreinterpret_u64_u8(vshrn_n_u16::<4>(eq)))
        }
    }
}
