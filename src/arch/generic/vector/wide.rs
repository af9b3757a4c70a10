//! [`WideVector`]: the operations on 16- and 32-bit lanes beyond
//! [`Vector`], with the compaction tables behind its default byte
//! compactions (`pack_1_2`, `compress`), which the UTF-16/UTF-32
//! algorithms' own tables share the row type of ([`Pack`]).

use super::Vector;
use crate::arch::generic::array;
use core::ptr;

/// The operations on 16- and 32-bit lanes beyond [`Vector`]: the
/// vocabulary of the UTF-16/UTF-32 algorithms (at any register width) and
/// of the 16-byte steps of UTF-8 to UTF-16/UTF-32.
///
/// A vector of `Self::BYTES` bytes is `Self::BYTES / 16` *lanes* of 128
/// bits. Byte shuffles and the zips work within each lane, as `pshufb`,
/// `vpshufb` and `punpck*` do, so that 16-byte tables serve every width;
/// the widening and narrowing operations and the masks keep the whole
/// vector in order.
///
/// # Safety
///
/// Besides [`Vector`]'s obligations: `Self::BYTES` is 16, 32 or 64, the
/// 16- and 32-bit lanes are little-endian, as in memory on the targets
/// whose kernels use them, and [`WideVector::store_lane`] writes exactly
/// 16 bytes. Like [`Vector`]'s, each method executes instructions of the
/// implementing ISA, so callers must ensure the CPU supports them.
pub(crate) unsafe trait WideVector: Vector {
    /// Whether two adjacent vector stores take one instruction (NEON's
    /// `stp`): then storing a half that may turn out to be scratch costs
    /// less than the compare and branch that would skip it.
    const PAIRED_STORES: bool = false;

    /// `self & !o`.
    unsafe fn andnot(self, o: Self) -> Self;
    /// `u16` lanes: `self + o`, wrapping.
    unsafe fn add16(self, o: Self) -> Self;
    /// `u16` lanes shifted left by `N` (`0 < N < 16`).
    unsafe fn shl16<const N: i32>(self) -> Self;
    /// `u16` lanes shifted right (logical) by `N` (`0 < N < 16`).
    unsafe fn shr16<const N: i32>(self) -> Self;
    /// `u32` lanes shifted right (logical) by `N`.
    unsafe fn shr32<const N: i32>(self) -> Self;
    /// `u32` lanes shifted left by `N`.
    unsafe fn shl32<const N: i32>(self) -> Self;
    /// `u32` lanes: `self - o`, wrapping.
    unsafe fn sub32(self, o: Self) -> Self;
    /// `u8` lanes: all ones where `self == o`, else zero.
    unsafe fn eq8(self, o: Self) -> Self;
    /// `u16` lanes: all ones where `self == o`, else zero.
    unsafe fn eq16(self, o: Self) -> Self;
    /// `u32` lanes: all ones where `self == o`, else zero.
    unsafe fn eq32(self, o: Self) -> Self;
    /// `u16` lanes: the unsigned minimum.
    unsafe fn min16(self, o: Self) -> Self;
    /// `u32` lanes: the unsigned maximum.
    unsafe fn max32(self, o: Self) -> Self;
    /// Within each 128-bit lane, the bytes `[self0, o0, self1, o1, ...,
    /// self7, o7]`.
    unsafe fn zip_lo8(self, o: Self) -> Self;
    /// Within each 128-bit lane, the bytes `[self8, o8, ..., self15, o15]`.
    unsafe fn zip_hi8(self, o: Self) -> Self;
    /// Within each 128-bit lane, the `u16` lanes
    /// `[self0, o0, self1, o1, self2, o2, self3, o3]`.
    unsafe fn zip_lo16(self, o: Self) -> Self;
    /// Within each 128-bit lane, the `u16` lanes `[self4, o4, ..., self7, o7]`.
    unsafe fn zip_hi16(self, o: Self) -> Self;
    /// The low and the high half of the bytes, zero-extended to 16 bits.
    unsafe fn widen8(self) -> (Self, Self);
    /// The low and the high half of the 16-bit lanes, zero-extended to 32
    /// bits.
    unsafe fn widen16(self) -> (Self, Self);
    /// The low byte of each `u16` lane of `self` then of `hi`. Every lane
    /// is below `0x80` or `0xFFFF`.
    unsafe fn narrow16(self, hi: Self) -> Self;
    /// The low `u16` of each `u32` lane of `self` then of `hi`. Every lane
    /// is below `0x10000`.
    unsafe fn narrow32(self, hi: Self) -> Self;
    /// The low byte of each `u16` lane of `self` then of `hi`. Every lane
    /// is at most `0xFF`.
    unsafe fn narrow16u(self, hi: Self) -> Self;

    /// For each `u16` lane `aaaa_bbbbbb_cccccc`: `00bbbbbb_0000aaaa`, the
    /// payloads of the first two bytes of its 3-byte UTF-8 form (in memory
    /// order: `aaaa`, then `bbbbbb`). Two shifts by default; an ISA with a
    /// byte multiply-add does it with one shift and a multiply, which runs
    /// on other ports than the shifts and shuffles that the UTF-8 encoder
    /// is otherwise bound by.
    #[inline(always)]
    unsafe fn utf8_lead_payloads16(self) -> Self {
        // SAFETY: the caller guarantees the ISA.
        unsafe { self.shr16::<12>().or(self.shl16::<2>().and(Self::splat16(0x3F00))) }
    }

    /// The high bit of `u16` lane `i` in bit `i`, for lanes that are all
    /// ones or zero.
    #[inline(always)]
    unsafe fn mask16(self) -> u64 {
        // SAFETY: the caller guarantees the ISA; every lane is 0 or 0xFFFF.
        unsafe { self.narrow16(Self::zero()).movemask() }
    }

    /// Two bits per `u16` lane, in order: bit `2i` from lane `i` of
    /// `self`, bit `2i + 1` from lane `i` of `hi` (lanes of all ones or
    /// zero). Two byte masks by default; an ISA whose byte mask takes
    /// several instructions (NEON) merges the vectors first and takes one.
    #[inline(always)]
    unsafe fn mask16_pair(self, hi: Self) -> u64 {
        const EVEN: u64 = 0x5555_5555_5555_5555;
        // SAFETY: the caller guarantees the ISA.
        unsafe { self.movemask() & EVEN | hi.movemask() & !EVEN }
    }

    /// 128-bit lane `k` from the 16 bytes at `rows[k]`, for each lane.
    ///
    /// # Safety
    ///
    /// Besides the ISA: `rows[k]` is 16 readable bytes for every
    /// `k < Self::BYTES / 16`.
    #[inline(always)]
    unsafe fn lanes(rows: [*const u8; 4]) -> Self {
        // SAFETY: the caller guarantees the ISA and the rows. `Self::BYTES
        // <= 64` bytes of `buf` are initialised and read.
        unsafe {
            if Self::BYTES == 16 {
                return Self::load(rows[0]);
            }
            let mut buf = [0u8; 64];
            for (k, row) in rows.iter().enumerate().take(Self::BYTES / 16) {
                ptr::copy_nonoverlapping(*row, buf.as_mut_ptr().add(16 * k), 16);
            }
            Self::load(buf.as_ptr())
        }
    }

    /// Writes the eight `u16` lanes of 128-bit lane `k` (`k < Self::BYTES /
    /// 16`) zero-extended to 32 bits: 32 bytes at `dst`.
    ///
    /// # Safety
    ///
    /// Besides the ISA: `dst..dst + 32` is writable.
    #[inline(always)]
    unsafe fn store_lane_wide16(self, k: usize, dst: *mut u8) {
        // SAFETY: the caller guarantees the ISA and the 32 bytes at `dst`;
        // `buf` holds `Self::BYTES <= 64` bytes and `16 * k + 16 <=
        // Self::BYTES`.
        unsafe {
            if Self::BYTES == 16 {
                let (a, b) = self.widen16();
                a.store(dst);
                return b.store(dst.add(16));
            }
            let mut buf = [0u8; 64];
            self.store(buf.as_mut_ptr());
            for i in 0..8 {
                let unit = u16::from_le_bytes([buf[16 * k + 2 * i], buf[16 * k + 2 * i + 1]]);
                ptr::write_unaligned(dst.add(4 * i).cast::<u32>(), u32::from(unit).to_le());
            }
        }
    }

    /// Stores the `u16` lanes of `self` at `dst` as one or two bytes each,
    /// in order: the low byte, then the high byte too where the lane of
    /// `one` is zero (`one` has lanes of all ones or zero); returns the
    /// bytes kept. Writes within `dst..dst + Self::BYTES`.
    ///
    /// The default packs each 128-bit lane with a byte shuffle from a
    /// 256-entry table and stores the lanes one after the other; an ISA
    /// with a byte compress instruction overrides it.
    ///
    /// # Safety
    ///
    /// Besides the ISA: `dst..dst + Self::BYTES` is writable.
    #[inline(always)]
    unsafe fn pack_1_2(self, one: Self, dst: *mut u8) -> usize {
        // SAFETY: the caller guarantees the ISA and the `Self::BYTES`
        // bytes at `dst`: lane `k`'s 16-byte store starts at the bytes
        // kept before it, at most 16 per lane before it, so it ends within
        // `16 * (k + 1) <= Self::BYTES`. The rows are 16 readable bytes
        // with indices below 16 or 0x80.
        unsafe {
            let key = one.mask16();
            let rows: [&Pack; 4] = array(|k| &PACK_1_2[(key >> (8 * k)) as u8 as usize]);
            let packed = self.shuffle(Self::lanes(rows.map(|r| r.idx.as_ptr())));
            let mut n = 0;
            for (k, row) in rows.iter().enumerate().take(Self::BYTES / 16) {
                packed.store_lane(k, dst.add(n));
                n += usize::from(row.len);
            }
            n
        }
    }

    /// Stores the bytes of `self` whose bit is set in `keep` (bit `i` for
    /// byte `i`), in order, at `dst`; returns how many. Writes within
    /// `dst..dst + Self::BYTES + 8`.
    ///
    /// The default packs each 8 bytes with a byte shuffle from a
    /// 256-entry table and stores them one after the other (16 bytes
    /// each); an ISA with a byte compress instruction overrides it.
    ///
    /// # Safety
    ///
    /// Besides the ISA: `dst..dst + Self::BYTES + 8` is writable.
    #[inline(always)]
    unsafe fn compress(self, keep: u64, dst: *mut u8) -> usize {
        // SAFETY: the caller guarantees the ISA and the bytes at `dst`:
        // the 16-byte store of bytes `8j..8j + 8` starts at the bytes kept
        // before them, at most `8j`, so it ends within `8j + 16 <=
        // Self::BYTES + 8`. The rows are 16 readable bytes with indices
        // below 8 or 0x80 (and below 16 or at least 0x80 after the OR
        // with 8).
        unsafe {
            let rows: [&Pack; 8] = array(|j| &KEEP[(keep >> (8 * j)) as u8 as usize]);
            let first = self.shuffle(Self::lanes([0, 2, 4, 6].map(|j| rows[j].idx.as_ptr())));
            let second = self.shuffle(
                Self::lanes([1, 3, 5, 7].map(|j| rows[j].idx.as_ptr())).or(Self::splat(8)),
            );
            let mut n = 0;
            for k in 0..Self::BYTES / 16 {
                first.store_lane(k, dst.add(n));
                n += usize::from(rows[2 * k].len);
                second.store_lane(k, dst.add(n));
                n += usize::from(rows[2 * k + 1].len);
            }
            n
        }
    }

    /// Writes 128-bit lane `k` (`k < Self::BYTES / 16`) to the 16 bytes at
    /// `dst`.
    ///
    /// # Safety
    ///
    /// Besides the ISA: `dst..dst + 16` is writable.
    #[inline(always)]
    unsafe fn store_lane(self, k: usize, dst: *mut u8) {
        // SAFETY: the caller guarantees the ISA and the 16 bytes at `dst`;
        // `buf` holds `Self::BYTES <= 64` bytes and `16 * k + 16 <=
        // Self::BYTES`.
        unsafe {
            if Self::BYTES == 16 {
                return self.store(dst);
            }
            let mut buf = [0u8; 64];
            self.store(buf.as_mut_ptr());
            ptr::copy_nonoverlapping(buf.as_ptr().add(16 * k), dst, 16);
        }
    }
}

/// One row of a compaction table: a byte shuffle and how many bytes it
/// keeps.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(crate) struct Pack {
    pub(crate) idx: [u8; 16],
    pub(crate) len: u8,
}

pub(crate) const EMPTY: Pack = Pack { idx: [0x80; 16], len: 0 };

/// For 8 units in 16-bit lanes `[lead, cont]` (or `[ascii, _]`), keyed by
/// the mask of ASCII units: the bytes to keep, in order.
pub(crate) static PACK_1_2: [Pack; 256] = pack_1_2();

const fn pack_1_2() -> [Pack; 256] {
    let mut t = [EMPTY; 256];
    let mut key = 0;
    while key < 256 {
        let (mut n, mut i) = (0, 0);
        while i < 8 {
            t[key].idx[n] = 2 * i as u8;
            n += 1;
            if key >> i & 1 == 0 {
                t[key].idx[n] = 2 * i as u8 + 1;
                n += 1;
            }
            i += 1;
        }
        t[key].len = n as u8;
        key += 1;
    }
    t
}

/// For 8 bytes, keyed by the mask of the bytes to keep: those bytes, in
/// order.
static KEEP: [Pack; 256] = keep();

const fn keep() -> [Pack; 256] {
    let mut t = [EMPTY; 256];
    let mut key = 0;
    while key < 256 {
        let (mut n, mut i) = (0, 0);
        while i < 8 {
            if key >> i & 1 == 1 {
                t[key].idx[n] = i as u8;
                n += 1;
            }
            i += 1;
        }
        t[key].len = n as u8;
        key += 1;
    }
    t
}
