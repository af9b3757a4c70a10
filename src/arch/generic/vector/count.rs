//! [`Count`]: the vector operations of the counting kernels.

use super::{Utf8Vector, WideVector};

/// The vector operations of the counting kernels, beyond [`Utf8Vector`] and
/// [`WideVector`]: lane-wise
/// compares, subtraction and horizontal sums, on 8-, 16- and 32-bit lanes.
///
/// Every method executes instructions of the implementing ISA, and
/// callers must ensure the CPU supports them.
///
/// # Safety
///
/// [`Utf8Vector`]'s contract, and: every method does exactly what its doc
/// says, for every lane, including the bounds it states (`sum16` of lanes
/// up to `0x7FFF`). Besides the counts (which size the room that the
/// allocating and appending conversions reserve), `gt_i8` classifies the
/// bytes whose UTF-16/UTF-32 units `utf8_to_wide::bmp_window` writes into
/// the output the glue commits.
pub(crate) unsafe trait Count: Utf8Vector + WideVector {
    /// `0xFF` in each lane whose value, as `i8`, is greater than `t`; `0`
    /// elsewhere.
    unsafe fn gt_i8(self, t: i8) -> Self;

    /// `0xFF` in each lane whose value, as `i8`, is less than `t`; `0`
    /// elsewhere: the compare with the constant first (`t > self`), where
    /// x86 takes `self` from memory.
    unsafe fn lt_i8(self, t: i8) -> Self;

    /// Whether the compare overwrites its first operand (SSE's two-operand
    /// encoding). Where it does not (VEX, NEON, wasm), the byte counts
    /// compare `t > self` ([`Count::lt_i8`]), so that AVX2 folds each load
    /// into its compare, one instruction per vector fewer: the Latin-1 →
    /// UTF-8 length 55 → 67 GB/s on Zen 1. SSE would need a copy of `t`
    /// per vector for that (25 % slower there), so it compares `self > t`.
    const DESTRUCTIVE_COMPARE: bool = false;

    /// Lane-wise wrapping `self - other` on `u8`.
    unsafe fn sub8(self, other: Self) -> Self;

    /// `acc` plus one in each lane where `self`, as `i8`, is greater than
    /// `t`. The default is [`Count::gt_i8`] and [`Count::sub8`].
    #[inline(always)]
    unsafe fn count_gt_i8(self, acc: Self, t: i8) -> Self {
        // SAFETY: the caller guarantees the ISA.
        unsafe { acc.sub8(self.gt_i8(t)) }
    }

    /// `acc` plus one in each lane where `self`, as `i8`, is less than
    /// `t`: [`Count::lt_i8`] and [`Count::sub8`].
    #[inline(always)]
    unsafe fn count_lt_i8(self, acc: Self, t: i8) -> Self {
        // SAFETY: the caller guarantees the ISA.
        unsafe { acc.sub8(self.lt_i8(t)) }
    }

    /// The sum of the `u8` lanes.
    unsafe fn sum8(self) -> u64;

    /// Whether the `popcount_*` methods count a vector in fewer vector
    /// instructions than the `count_*` ones into counters: true where
    /// a compare yields a mask register, which moves to a general register
    /// for `popcnt` and a scalar add (AVX-512). There the compare is the
    /// only vector instruction per vector, and the rest runs on the scalar
    /// ports; the masked subtract it replaces becomes two more vector
    /// instructions once LLVM rewrites it (`vpmovm2b`, `vpsubb`).
    const BY_POPCOUNT: bool = false;

    /// The number of lanes whose value, as `i8`, is greater than `t`. The
    /// default is [`Count::count_gt_i8`] and [`Count::sum8`], correct on
    /// every ISA; the ISAs that set [`Count::BY_POPCOUNT`] override it.
    #[inline(always)]
    unsafe fn popcount_gt_i8(self, t: i8) -> u64 {
        // SAFETY: the caller guarantees the ISA.
        unsafe { self.count_gt_i8(Self::splat(0), t).sum8() }
    }

    /// Minus the UTF-16 units of each lane's byte as UTF-8 (see
    /// [`utf16_len_from_utf8`]): one nibble lookup by default. The portable
    /// kernel overrides it where its lookup is a loop.
    ///
    /// [`utf16_len_from_utf8`]: crate::arch::generic::count::utf16_len_from_utf8
    #[inline(always)]
    unsafe fn neg_utf16_units(self) -> Self {
        // SAFETY: the caller guarantees the ISA.
        unsafe { self.lookup_high_nibble(NEG_UTF16_UNITS) }
    }

    /// `acc` plus one in each 16-bit lane where `self == other`.
    unsafe fn count_eq16(self, other: Self, acc: Self) -> Self;

    /// The number of 16-bit lanes where `self == other`: by default
    /// [`Count::count_eq16`] and [`Count::sum16`]; see
    /// [`Count::BY_POPCOUNT`].
    #[inline(always)]
    unsafe fn popcount_eq16(self, other: Self) -> u64 {
        // SAFETY: the caller guarantees the ISA.
        unsafe { self.count_eq16(other, Self::splat(0)).sum16() }
    }

    /// The sum of the `u16` lanes, each of which is at most `0x7FFF`.
    unsafe fn sum16(self) -> u64;

    /// `acc` plus, in one byte lane per unit of `self` then `hi` (units in
    /// little-endian lanes, the lanes in an order of the ISA's choosing:
    /// its users add over all of them), how many bytes *fewer* than 3 the
    /// unit's UTF-8 takes: 2 below `0x80`, 1 below `0x800` and for a
    /// surrogate, else 0 (see [`utf8_len_from_utf16`]).
    ///
    /// The default keys each unit by one byte, `(unit + 0x2800) >> 7`
    /// saturated: the addition moves the surrogates to the bottom (keys
    /// `0x00..=0x0F`) and everything below `0x800` to keys `0x50..=0x5F`,
    /// of which `0x50` is ASCII, so that the amount is one lookup by the
    /// key's high nibble and one compare. Two vectors' keys fill one, so
    /// the lookup, the compare and the additions run once per 2 vectors:
    /// 11 instructions for 2 x86 vectors where three tests per vector
    /// took 16. AVX-512 looks the whole amount up by a 7-bit key instead.
    ///
    /// [`utf8_len_from_utf16`]: crate::arch::generic::count::utf8_len_from_utf16
    #[inline(always)]
    unsafe fn utf8_deficit16x2(self, hi: Self, acc: Self) -> Self {
        // SAFETY: the caller guarantees the ISA.
        unsafe {
            let shift = Self::splat16(DEFICIT_KEY_ADD);
            let key = self.add16(shift).shr16_narrow_saturating::<7>(hi.add16(shift));
            let ascii = key.eq8(Self::splat(DEFICIT_KEY_ASCII));
            acc.sub8(key.lookup_high_nibble(NEG_DEFICIT_BY_KEY_HIGH)).sub8(ascii)
        }
    }

    /// The `u16` lanes of `self` then of `hi` shifted right by `N` (`1 <=
    /// N <= 8`) and saturated to `u8` (`0xFF` from `0x100` up), in an
    /// order of the ISA's choosing, as [`Count::narrow32_saturating`].
    unsafe fn shr16_narrow_saturating<const N: i32>(self, hi: Self) -> Self;

    /// `acc` plus one in each 32-bit lane where `self == other`.
    unsafe fn count_eq32(self, other: Self, acc: Self) -> Self;

    /// The number of 32-bit lanes where `self == other`: by default
    /// [`Count::count_eq32`] and [`Count::sum32`]; see
    /// [`Count::BY_POPCOUNT`].
    #[inline(always)]
    unsafe fn popcount_eq32(self, other: Self) -> u64 {
        // SAFETY: the caller guarantees the ISA.
        unsafe { self.count_eq32(other, Self::splat(0)).sum32() }
    }

    /// The sum of the `u32` lanes.
    unsafe fn sum32(self) -> u64;

    /// The `u32` lanes of `self` and of `hi`, saturated into the `u16`
    /// lanes of one vector, in an order of the ISA's choosing (x86's packs
    /// keep each 128-bit lane's halves together; its users add over all
    /// lanes): a lane below `0x8000` is kept, any other becomes a lane of
    /// `0x7FFF` or more. So a lane is zero exactly where its `u32` lane
    /// is, and below a bound up to `0x7FFF` exactly where that is. The
    /// saturation is signed (x86's `packssdw`, wasm) or unsigned (NEON's
    /// `uqxtn`), whichever the ISA narrows in one instruction.
    unsafe fn narrow32_saturating(self, hi: Self) -> Self;
}

/// Minus the UTF-16 units per UTF-8 byte, by high nibble: `-1` (`0xFF`)
/// for ASCII and leads, `0` for continuations, `-2` (`0xFE`) for `F0..=FF`.
const NEG_UTF16_UNITS: [u8; 16] =
    [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFE];

/// What [`Count::utf8_deficit16x2`] adds to a unit before its shift by 7:
/// surrogates (`0xD800..=0xDFFF`) become `0x0000..=0x07FF`, the units
/// below `0x800` become `0x2800..=0x2FFF`, the rest `0x0800..=0x27FF`
/// (from `0xE000`) and `0x3000..=0xFFFF` (from `0x800`).
pub(crate) const DEFICIT_KEY_ADD: u16 = 0x2800;

/// The key of the units below `0x80`: `0x2800 >> 7`.
pub(crate) const DEFICIT_KEY_ASCII: u8 = (DEFICIT_KEY_ADD >> 7) as u8;

/// Minus the deficit of a key's high nibble: `-1` for the surrogates'
/// nibble (0) and for that of the units below `0x800` (5; ASCII's second
/// one is the compare with [`DEFICIT_KEY_ASCII`]), `0` for the others.
const NEG_DEFICIT_BY_KEY_HIGH: [u8; 16] = {
    let mut t = [0; 16];
    t[0] = 0xFF;
    t[(DEFICIT_KEY_ASCII >> 4) as usize] = 0xFF;
    t
};
