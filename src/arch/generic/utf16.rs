//! UTF-16 and UTF-32: transcoding between them and to UTF-8, and
//! validation, at any register width: 128 bits (SSE4.2 on `__m128i`,
//! NEON, simd128 and the portable kernel) and 256 bits (AVX2 on
//! `__m256i`). Below, `u` is the units per vector (`V::BYTES / 2`: 8 or
//! 16).
//!
//! # UTF-16 to UTF-8 (Lemire & Muła, *Transcoding Billions of Unicode
//! Characters per Second with SIMD Instructions*, 2022)
//!
//! The main loop takes two vectors (`2u` units) at a time:
//!
//! - All ASCII (every unit `< 0x80`): narrow to bytes, one store; then
//!   four vectors per step while the run lasts.
//! - Otherwise each vector without surrogates goes to [`encode`]: if every
//!   unit is `< 0x800`, each becomes the two bytes of its 2-byte form in
//!   its own 16-bit lane (or its ASCII byte), and one byte shuffle per
//!   128-bit lane, from a 256-entry table keyed by the 8-bit mask of that
//!   lane's ASCII units, squeezes out the unused bytes. Otherwise each
//!   unit gets a 32-bit lane `[lead, cont, ascii, last]` that holds its
//!   3-byte form (bytes 0, 1, 3), its 2-byte form (bytes 1, 3) and its
//!   ASCII byte (byte 2), and shuffles from a 256-entry table keyed by two
//!   bits per unit (ASCII, `< 0x800`) pick what each unit needs, four
//!   units each. Each 128-bit lane's output is stored at its own offset.
//! - A vector of surrogate pairs, each in a 32-bit lane (emoji text, once
//!   a block starts on a pair), becomes as many bytes of UTF-8 as the
//!   vector has, with shifts and one shuffle: no compaction needed.
//! - Any other vector with a surrogate is converted by scalar code, which
//!   also finds unpaired surrogates: there the kernel stops and the
//!   caller's scalar finish reports the exact error. (A scalar block also
//!   realigns emoji text on pairs.)
//!
//! The tables are computed at compile time by `const fn`s below, 16 bytes
//! per row: one row per 128-bit lane at every width.
//!
//! UTF-32 to UTF-8 narrows two vectors to 16-bit lanes when they are all
//! in the BMP and reuses [`encode`]. UTF-16 to UTF-32 widens, and converts
//! vectors of pairs with shifts. UTF-32 to UTF-16 narrows runs of BMP
//! values, and gives each value of a vector with supplementary ones its
//! unit or pair, then squeezes out the unused halves
//! ([`values_to_utf16`]). Other blocks with supplementary characters go
//! through scalar code inside the kernel; blocks with an error stop it.
//!
//! A closure is a function of its own, which does not get the target
//! features of the `#[target_feature]` function the algorithm is inlined
//! into: left out of line, the vector operations in it would be calls. So
//! a closure with vector operations in it is only ever passed to an
//! `#[inline(always)]` helper, [`super::array`], which inlines it.
//!
//! Every entry follows the kernel contract of `arch::KernelFns`: it
//! returns `(read, written)` with `src[..read]` valid and converted into
//! `dst[..written]`, and never writes past `dst.len()` (each block first
//! checks that `dst` has room for its largest output plus the scratch of
//! its last store).

use super::Vector;
use crate::arch::Out;
use crate::byte_order::ByteOrder;
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
    /// `u16` lanes: all ones where `self == o`, else zero.
    unsafe fn eq16(self, o: Self) -> Self;
    /// `u32` lanes: all ones where `self == o`, else zero.
    unsafe fn eq32(self, o: Self) -> Self;
    /// `u32` lanes: the unsigned maximum.
    unsafe fn max32(self, o: Self) -> Self;
    /// Within each 128-bit lane, byte `i` is the lane's byte `idx[i]`, or
    /// zero where `idx[i] >= 0x80` (every other byte of `idx` is below 16).
    unsafe fn shuffle(self, idx: Self) -> Self;
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
    /// The high bit of byte `i` in bit `i`.
    unsafe fn movemask(self) -> u64;

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

    /// The 16-byte `table` in every 128-bit lane (a [`WideVector::shuffle`]
    /// index for all widths).
    #[inline(always)]
    unsafe fn table(table: &[u8; 16]) -> Self {
        // SAFETY: the caller guarantees the ISA. `Self::BYTES <= 64` bytes
        // of `buf` are initialised and read.
        unsafe {
            if Self::BYTES == 16 {
                return Self::load(table.as_ptr());
            }
            let mut buf = [0u8; 64];
            for k in 0..Self::BYTES / 16 {
                buf[16 * k..16 * k + 16].copy_from_slice(table);
            }
            Self::load(buf.as_ptr())
        }
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
            let rows: [&Pack; 4] = super::array(|k| &PACK_1_2[(key >> (8 * k)) as u8 as usize]);
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
            let rows: [&Pack; 8] = super::array(|j| &KEEP[(keep >> (8 * j)) as u8 as usize]);
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
struct Pack {
    idx: [u8; 16],
    len: u8,
}

const EMPTY: Pack = Pack { idx: [0x80; 16], len: 0 };

/// For 8 `u16` lanes, keyed by the mask of lanes to keep: the byte
/// shuffle that packs them to the front, and how many there are.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(super) struct Keep16 {
    pub(super) idx: [u8; 16],
    pub(super) len: u8,
}

pub(super) static KEEP16: [Keep16; 256] = keep16();

const fn keep16() -> [Keep16; 256] {
    let mut t = [Keep16 { idx: [0x80; 16], len: 0 }; 256];
    let mut key = 0;
    while key < 256 {
        let (mut n, mut lane) = (0, 0);
        while lane < 8 {
            if key >> lane & 1 == 1 {
                t[key].idx[2 * n] = 2 * lane as u8;
                t[key].idx[2 * n + 1] = 2 * lane as u8 + 1;
                n += 1;
            }
            lane += 1;
        }
        t[key].len = n as u8;
        key += 1;
    }
    t
}

/// For 8 units in 16-bit lanes `[lead, cont]` (or `[ascii, _]`), keyed by
/// the mask of ASCII units: the bytes to keep, in order.
static PACK_1_2: [Pack; 256] = pack_1_2();

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

/// For 4 units in 32-bit lanes `[lead, cont, ascii, last]` (a 3-byte
/// character in bytes 0, 1 and 3, a 2-byte one in bytes 1 and 3, ASCII in
/// byte 2), keyed by two bits per unit: bit `2j` "unit `j` is ASCII", bit
/// `2j + 1` "unit `j` is below 0x800".
static PACK_1_2_3: [Pack; 256] = pack_1_2_3();

const fn pack_1_2_3() -> [Pack; 256] {
    let mut t = [EMPTY; 256];
    let mut key = 0;
    while key < 256 {
        let (mut n, mut j) = (0, 0);
        while j < 4 {
            let (bytes, count): ([usize; 3], usize) = if key >> (2 * j) & 1 == 1 {
                ([2, 0, 0], 1)
            } else if key >> (2 * j + 1) & 1 == 1 {
                ([1, 3, 0], 2)
            } else {
                ([0, 1, 3], 3)
            };
            let mut b = 0;
            while b < count {
                t[key].idx[n] = (4 * j + bytes[b]) as u8;
                n += 1;
                b += 1;
            }
            j += 1;
        }
        t[key].len = n as u8;
        key += 1;
    }
    t
}

/// The byte shuffle that copies the low byte of every `u16` lane into both
/// of its bytes.
static DUP_LOW: [u8; 16] = [0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14];

/// The byte shuffle that swaps the two bytes of every `u16` lane.
static SWAP16: [u8; 16] = [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14];

/// `V::BYTES / 2` units at `src` as values.
#[inline(always)]
unsafe fn load16<V: WideVector, O: ByteOrder>(src: *const u16) -> V {
    // SAFETY: the caller guarantees the ISA and `V::BYTES` readable bytes.
    unsafe {
        let v = V::load(src.cast());
        if O::SWAP {
            v.shuffle(V::table(&SWAP16))
        } else {
            v
        }
    }
}

/// Stores `V::BYTES / 2` `u16` values at `dst` in byte order `O`.
#[inline(always)]
pub(super) unsafe fn store16<V: WideVector, O: ByteOrder>(v: V, dst: *mut u16) {
    // SAFETY: the caller guarantees the ISA and `V::BYTES` writable bytes.
    unsafe {
        let v = if O::SWAP { v.shuffle(V::table(&SWAP16)) } else { v };
        v.store(dst.cast());
    }
}

/// `u16` lanes: all ones where the unit is a surrogate.
#[inline(always)]
unsafe fn surrogates16<V: WideVector>(v: V) -> V {
    // SAFETY: the caller guarantees the ISA.
    unsafe { v.and(V::splat16(0xF800)).eq16(V::splat16(0xD800)) }
}

/// Whether any unit of `v` is a surrogate; first whether any is at least
/// 0x800, the test [`encode`] makes too (and the compiler shares), so that
/// text below 0x800 pays for one test.
#[inline(always)]
unsafe fn has_surrogates<V: WideVector>(v: V) -> bool {
    // SAFETY: the caller guarantees the ISA.
    unsafe { v.and(V::splat16(0xF800)).any() && surrogates16(v).any() }
}

/// `u32` lanes: all ones where the value is not a scalar value (a
/// surrogate or above U+10FFFF).
#[inline(always)]
unsafe fn invalid32<V: WideVector>(v: V) -> V {
    // SAFETY: the caller guarantees the ISA.
    unsafe {
        let max = V::splat32(0x10FFFF);
        let too_large = v.max32(max).eq32(max).xor_all();
        too_large.or(v.and(V::splat32(0xFFFF_F800)).eq32(V::splat32(0xD800)))
    }
}

/// Helpers derived from [`WideVector`].
trait LanesExt: WideVector {
    /// `!self`.
    unsafe fn xor_all(self) -> Self;
    /// `mask ? a : b`, bitwise.
    unsafe fn select(mask: Self, a: Self, b: Self) -> Self;
}

impl<V: WideVector> LanesExt for V {
    #[inline(always)]
    unsafe fn xor_all(self) -> Self {
        // SAFETY: the caller guarantees the ISA.
        unsafe { self.xor(V::splat32(u32::MAX)) }
    }
    #[inline(always)]
    unsafe fn select(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees the ISA.
        unsafe { a.and(mask).or(b.andnot(mask)) }
    }
}

/// Byte shuffle that moves each even `u16` lane into the odd lane after
/// it (zeroing the even lanes).
static EVEN_TO_ODD: [u8; 16] =
    [0x80, 0x80, 0, 1, 0x80, 0x80, 4, 5, 0x80, 0x80, 8, 9, 0x80, 0x80, 12, 13];

/// Byte shuffle that moves each odd `u16` lane into the even lane before
/// it (zeroing the odd lanes).
static ODD_TO_EVEN: [u8; 16] =
    [2, 3, 0x80, 0x80, 6, 7, 0x80, 0x80, 10, 11, 0x80, 0x80, 14, 15, 0x80, 0x80];

/// Whether the units `v` (values) are all surrogate pairs, each in a
/// 32-bit lane: the common case in emoji text once a block starts on a
/// pair.
#[inline(always)]
unsafe fn all_pairs<V: WideVector>(v: V) -> bool {
    // SAFETY: the caller guarantees the ISA.
    unsafe {
        // 0xDC00 in the odd (high) half of each 32-bit lane, 0xD800 in the
        // even one.
        let want = V::splat32(0xDC00_D800);
        let top = v.and(V::splat16(0xFC00));
        !top.eq16(want).xor_all().any()
    }
}

/// The high surrogates of [`all_pairs`] `v`: `(t, h)` with `t` every
/// unit's low 10 bits and `h`, in the even lanes, the code point's bits
/// 10..=20 (the high surrogate's bits plus 0x40, for the 0x10000 offset).
#[inline(always)]
unsafe fn pair_fields<V: WideVector>(v: V) -> (V, V) {
    // SAFETY: the caller guarantees the ISA.
    unsafe {
        let t = v.and(V::splat16(0x3FF));
        (t, t.add16(V::splat16(0x40)))
    }
}

/// Surrogate pairs (see [`all_pairs`]) as `V::BYTES` bytes of UTF-8: the
/// high surrogate's lane gives `[11110uuu, 10uuxxxx]`, the low one's
/// `[10xxyyyy, 10zzzzzz]` (with `uuuuuxxxxxx` from the high surrogate and
/// `yyyyzzzzzz` from the low one).
#[inline(always)]
unsafe fn pairs_to_utf8<V: WideVector>(v: V) -> V {
    // SAFETY: the caller guarantees the ISA.
    unsafe {
        let (t, h) = pair_fields(v);
        let first = h.shr16::<8>().or(h.shl16::<6>().and(V::splat16(0x3F00)));
        let first = first.or(V::splat16(0x80F0));
        let xx = h.and(V::splat16(3)).shl16::<4>().shuffle(V::table(&EVEN_TO_ODD));
        let second = t.shr16::<6>().or(t.shl16::<8>().and(V::splat16(0x3F00)));
        let second = second.or(V::splat16(0x8080)).or(xx);
        V::select(V::splat32(0xFFFF), first, second)
    }
}

/// The surrogate pairs of the supplementary scalar values in the 32-bit
/// lanes of `cp`: high surrogate in the low 16 bits. (Lanes below
/// U+10000 give garbage, for the caller to mask out.)
#[inline(always)]
pub(super) unsafe fn pairs<V: WideVector>(cp: V) -> V {
    // SAFETY: the caller guarantees the ISA.
    unsafe {
        let v = cp.sub32(V::splat32(0x1_0000));
        let high = v.shr32::<10>().or(V::splat32(0xD800));
        let low = v.and(V::splat32(0x3FF)).or(V::splat32(0xDC00)).shl32::<16>();
        high.or(low)
    }
}

/// Surrogate pairs (see [`all_pairs`]) as 32-bit code points.
#[inline(always)]
unsafe fn pairs_to_utf32<V: WideVector>(v: V) -> V {
    // SAFETY: the caller guarantees the ISA.
    unsafe {
        let (t, h) = pair_fields(v);
        // (h << 10) | low: bits 0..=15 in the even lane, 16..=20 (h >> 6)
        // in the odd one.
        let low = h.shl16::<10>().or(t.shuffle(V::table(&ODD_TO_EVEN)));
        let high = h.shr16::<6>().shuffle(V::table(&EVEN_TO_ODD));
        V::select(V::splat32(0xFFFF), low, high)
    }
}

/// Encodes the `V::BYTES / 2` units `v`, all below 0x800, as UTF-8 at
/// `dst`: 1 or 2 bytes each. Returns the bytes written (at most
/// `V::BYTES`); writes within `dst..dst + V::BYTES`.
#[inline(always)]
pub(super) unsafe fn encode_1_2<V: WideVector>(v: V, dst: *mut u8) -> usize {
    // SAFETY: the caller guarantees the ISA and the `V::BYTES` writable
    // bytes at `dst`, which is what `pack_1_2` needs.
    unsafe {
        let ascii = v.and(V::splat16(0xFF80)).eq16(V::zero());
        // [110aaaaa, 10bbbbbb] from 00000aaaaabbbbbb.
        let two = v.shr16::<6>().or(v.shl16::<8>().and(V::splat16(0x3F00)));
        let two = two.or(V::splat16(0x80C0));
        V::select(ascii, v, two).pack_1_2(ascii, dst)
    }
}

/// Encodes the `V::BYTES / 2` units `v` (values, no surrogates) as
/// UTF-8 at `dst`; returns the bytes written (at most `3 * V::BYTES / 2`).
/// Writes up to `3 * V::BYTES / 2 + 4` bytes at `dst`: the largest output
/// plus the scratch of its last 16-byte store.
///
/// Each 128-bit lane (8 units) is compacted by its own table row and
/// stored at its own offset.
#[inline(always)]
pub(super) unsafe fn encode<V: WideVector>(v: V, dst: *mut u8) -> usize {
    // SAFETY: the caller guarantees the ISA and `3 * V::BYTES / 2 + 4`
    // writable bytes at `dst`: each lane's 16-byte store starts where the
    // output so far ends, at most 12 (or 16) bytes per 4 (or 8) units
    // before the end of the whole output. The table rows are 16 readable
    // bytes, and their indices are < 16 or 0x80.
    unsafe {
        let zero = V::zero();
        let high = v.and(V::splat16(0xF800));
        if !high.any() {
            return encode_1_2(v, dst);
        }
        // 1, 2 or 3 bytes from aaaabbbbbbcccccc: p = [1110aaaa, 10bbbbbb]
        // (110bbbbb for 2-byte units, whose bits 6..=10 are all in b), q =
        // [the ASCII byte, 10cccccc], from the low byte copied into both
        // halves. The table picks what each unit needs (garbage elsewhere,
        // such as p for ASCII units, is never picked).
        let below800 = high.eq16(zero);
        let p = v.utf8_lead_payloads16().or(V::splat16(0x80E0));
        let q = v.shuffle(V::table(&DUP_LOW)).and(V::splat16(0x3F7F)).or(V::splat16(0x8000));
        if !below800.any() {
            // Every unit needs 3 bytes (CJK text): one constant row, 12
            // bytes per 4 units, no masks and no table lookups keyed by
            // them.
            let row = V::table(&PACK_1_2_3[0].idx);
            let (even, odd) = (p.zip_lo16(q).shuffle(row), p.zip_hi16(q).shuffle(row));
            for k in 0..V::BYTES / 16 {
                even.store_lane(k, dst.add(24 * k));
                odd.store_lane(k, dst.add(24 * k + 12));
            }
            return 3 * V::BYTES / 2;
        }
        let p = p.or(below800.and(V::splat16(0x4000)));
        let ascii = v.and(V::splat16(0xFF80)).eq16(zero);
        // Two bits per unit, in order: "is ASCII", "is below 0x800".
        const EVEN: u64 = 0x5555_5555_5555_5555;
        let key = ascii.movemask() & EVEN | below800.movemask() & !EVEN;
        // Within lane k, `zip_lo16` holds units 8k..8k+4 (key byte 2k) and
        // `zip_hi16` units 8k+4..8k+8 (key byte 2k + 1).
        let rows: [&Pack; 8] = super::array(|j| &PACK_1_2_3[(key >> (8 * j)) as u8 as usize]);
        let even = p.zip_lo16(q).shuffle(V::lanes([0, 2, 4, 6].map(|j| rows[j].idx.as_ptr())));
        let odd = p.zip_hi16(q).shuffle(V::lanes([1, 3, 5, 7].map(|j| rows[j].idx.as_ptr())));
        let mut n = 0;
        for k in 0..V::BYTES / 16 {
            even.store_lane(k, dst.add(n));
            n += usize::from(rows[2 * k].len);
            odd.store_lane(k, dst.add(n));
            n += usize::from(rows[2 * k + 1].len);
        }
        n
    }
}

/// Writes scalar value `c` as UTF-8 at `dst` (4 writable bytes); returns
/// its length.
#[inline(always)]
unsafe fn put_utf8(dst: *mut u8, c: u32) -> usize {
    let mut buf = [0; 4];
    let n = if c < 0x80 {
        buf[0] = c as u8;
        1
    } else if c < 0x800 {
        buf = [0xC0 | (c >> 6) as u8, 0x80 | (c & 0x3F) as u8, 0, 0];
        2
    } else if c < 0x10000 {
        buf = [0xE0 | (c >> 12) as u8, 0x80 | (c >> 6 & 0x3F) as u8, 0x80 | (c & 0x3F) as u8, 0];
        3
    } else {
        buf = [
            0xF0 | (c >> 18) as u8,
            0x80 | (c >> 12 & 0x3F) as u8,
            0x80 | (c >> 6 & 0x3F) as u8,
            0x80 | (c & 0x3F) as u8,
        ];
        4
    };
    // SAFETY: the caller guarantees 4 writable bytes at `dst`.
    unsafe { ptr::copy_nonoverlapping(buf.as_ptr(), dst, 4) };
    n
}

/// Converts the characters that start in `src[*i..end]` with `put`,
/// advancing `*i` and `*o`; `false` (with `*i` at the bad unit) on an
/// unpaired surrogate. The caller guarantees room for them.
#[inline(always)]
fn scalar16<O: ByteOrder>(
    src: &[u16],
    i: &mut usize,
    o: &mut usize,
    end: usize,
    mut put: impl FnMut(usize, u32) -> usize,
) -> bool {
    while *i < end {
        match crate::scalar::utf16::decode::<O>(src, *i) {
            Ok((c, w)) => {
                *o += put(*o, c);
                *i += w;
            }
            Err(_) => return false,
        }
    }
    true
}

/// UTF-16 in byte order `O` to UTF-8: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf8<V: WideVector, O: ByteOrder>(
    src: &[u16],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    // Units per vector.
    let u = V::BYTES / 2;
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let (mut i, mut o) = (0, 0);
    // Room for two vectors' worth of units of 3 bytes plus the scratch of
    // the last store.
    while i + 2 * u <= n && o + 4 * V::BYTES <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 2u <= n` makes the
        // two vector loads in bounds (and `i + 4u <= n` the four of the
        // ASCII run, whose two stores of `V::BYTES` bytes `o + 2 *
        // V::BYTES <= cap` covers). Each `encode` writes at most
        // 3u + 4 bytes at `o`, after at most 3u bytes of
        // the first, which `o + 4 * V::BYTES = o + 8u <= cap` covers;
        // `all_pairs` output is `V::BYTES` bytes per vector; `put_utf8`
        // writes 4 bytes per character of at most u + 1 units, at most
        // 4u + 4 <= 8u bytes.
        unsafe {
            let a = load16::<V, O>(sp.add(i));
            let b = load16::<V, O>(sp.add(i + u));
            let ascii = V::splat16(0xFF80);
            if !a.or(b).and(ascii).any() {
                a.narrow16(b).store(dp.add(o));
                i += 2 * u;
                o += 2 * u;
                // ASCII comes in runs: four vectors per step with one
                // test, until a step holds a non-ASCII unit (the outer
                // loop takes it from there).
                while i + 4 * u <= n && o + 4 * u <= cap {
                    let v = [
                        load16::<V, O>(sp.add(i)),
                        load16::<V, O>(sp.add(i + u)),
                        load16::<V, O>(sp.add(i + 2 * u)),
                        load16::<V, O>(sp.add(i + 3 * u)),
                    ];
                    if v[0].or(v[1]).or(v[2].or(v[3])).and(ascii).any() {
                        break;
                    }
                    v[0].narrow16(v[1]).store(dp.add(o));
                    v[2].narrow16(v[3]).store(dp.add(o + 2 * u));
                    i += 4 * u;
                    o += 4 * u;
                }
                continue;
            }
            if !has_surrogates(a) {
                o += encode(a, dp.add(o));
                i += u;
                if !has_surrogates(b) {
                    o += encode(b, dp.add(o));
                    i += u;
                }
                continue;
            }
            if all_pairs(a) {
                pairs_to_utf8(a).store(dp.add(o));
                i += u;
                o += 2 * u;
                if all_pairs(b) {
                    pairs_to_utf8(b).store(dp.add(o));
                    i += u;
                    o += 2 * u;
                }
                continue;
            }
            let end = i + u;
            if !scalar16::<O>(src, &mut i, &mut o, end, |o, c| put_utf8(dp.add(o), c)) {
                break;
            }
        }
    }
    (i, o)
}

/// UTF-32 to UTF-8: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf8<V: WideVector>(
    src: &[u32],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISA.
    unsafe { utf32_to_utf8_checked::<V, true>(src, dst) }
}

/// Chars (scalar values by their type) to UTF-8: the kernel prefix of
/// [`utf32_to_utf8`] without its checks.
#[inline(always)]
pub(crate) unsafe fn chars_to_utf8<V: WideVector>(
    src: &[char],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISA; every `char` is a scalar value.
    unsafe { utf32_to_utf8_checked::<V, false>(crate::arch::chars_as_u32(src), dst) }
}

/// UTF-32 to UTF-8, checking that each value is a scalar value (`CHECK`)
/// or knowing it.
///
/// # Safety
///
/// The ISA; without `CHECK`, every value of `src` is a scalar value.
#[inline(always)]
unsafe fn utf32_to_utf8_checked<V: WideVector, const CHECK: bool>(
    src: &[u32],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    // Values per vector.
    let w = V::BYTES / 4;
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let (mut i, mut o) = (0, 0);
    while i + 4 * w <= n && o + 4 * V::BYTES <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 4w <= n` covers the
        // four loads (`i + 8w <= n` the eight of the ASCII run, whose two
        // stores of `V::BYTES` bytes `o + 2 * V::BYTES <= cap` covers);
        // each half of u values writes at most 4u = 2 * V::BYTES bytes
        // (`encode`'s `3u + 4`, or u values of `put_utf8`), which
        // `o + 4 * V::BYTES <= cap` covers for both.
        unsafe {
            let p = sp.add(i).cast::<u8>();
            let b = V::BYTES;
            let v = [V::load(p), V::load(p.add(b)), V::load(p.add(2 * b)), V::load(p.add(3 * b))];
            let all = v[0].or(v[1]).or(v[2]).or(v[3]);
            let ascii = V::splat32(0xFFFF_FF80);
            if !all.and(ascii).any() {
                v[0].narrow32(v[1]).narrow16(v[2].narrow32(v[3])).store(dp.add(o));
                i += 4 * w;
                o += 4 * w;
                // ASCII comes in runs: eight vectors per step with one test.
                while i + 8 * w <= n && o + 8 * w <= cap {
                    let p = sp.add(i).cast::<u8>();
                    let x = [
                        V::load(p),
                        V::load(p.add(b)),
                        V::load(p.add(2 * b)),
                        V::load(p.add(3 * b)),
                        V::load(p.add(4 * b)),
                        V::load(p.add(5 * b)),
                        V::load(p.add(6 * b)),
                        V::load(p.add(7 * b)),
                    ];
                    let any = x[0].or(x[1]).or(x[2].or(x[3])).or(x[4].or(x[5]).or(x[6].or(x[7])));
                    if any.and(ascii).any() {
                        break;
                    }
                    x[0].narrow32(x[1]).narrow16(x[2].narrow32(x[3])).store(dp.add(o));
                    x[4].narrow32(x[5]).narrow16(x[6].narrow32(x[7])).store(dp.add(o + b));
                    i += 8 * w;
                    o += 8 * w;
                }
                continue;
            }
            // Two halves, written out: as a loop over `v`, the vectors
            // would go through the stack.
            if !utf32_half::<V, CHECK>(v[0], v[1], src, &mut i, dp, &mut o)
                || !utf32_half::<V, CHECK>(v[2], v[3], src, &mut i, dp, &mut o)
            {
                break;
            }
        }
    }
    (i, o)
}

/// The 2 * `V::BYTES / 4` values `a`, `c` at `src[*i..]` as UTF-8 at
/// `dst + *o`, advancing `*i` and `*o`; `false` (with nothing consumed) if
/// one of them is not a scalar value (tested only with `CHECK`).
///
/// # Safety
///
/// The ISA; `src[*i..]` holds the values; `dst + *o` has `2 * V::BYTES`
/// writable bytes; without `CHECK`, the values are scalar values.
#[inline(always)]
unsafe fn utf32_half<V: WideVector, const CHECK: bool>(
    a: V,
    c: V,
    src: &[u32],
    i: &mut usize,
    dst: *mut u8,
    o: &mut usize,
) -> bool {
    let u = V::BYTES / 2;
    // SAFETY: the caller guarantees the ISA and the room: `encode` writes
    // at most 3u + 4 <= 4u bytes, `put_utf8` 4 bytes per value.
    unsafe {
        if !a.or(c).and(V::splat32(0xFFFF_0000)).any() {
            let units = a.narrow32(c);
            if CHECK && has_surrogates(units) {
                return false;
            }
            *o += encode(units, dst.add(*o));
        } else {
            if CHECK && invalid32(a).or(invalid32(c)).any() {
                return false;
            }
            for &ch in &src[*i..*i + u] {
                *o += put_utf8(dst.add(*o), ch);
            }
        }
    }
    *i += u;
    true
}

/// UTF-16 in byte order `O` to UTF-32: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf32<V: WideVector, O: ByteOrder>(
    src: &[u16],
    dst: &mut Out<u32>,
) -> (usize, usize) {
    let u = V::BYTES / 2;
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u32>());
    let (mut i, mut o) = (0, 0);
    while i + 2 * u <= n && o + 2 * u <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 2u <= n` covers the
        // loads; 2u units give at most 2u values, which `o + 2u <= cap`
        // covers (the scalar path writes one value per character).
        unsafe {
            let a = load16::<V, O>(sp.add(i));
            let b = load16::<V, O>(sp.add(i + u));
            if !surrogates16(a).or(surrogates16(b)).any() {
                let out = dp.add(o).cast::<u8>();
                let (a0, a1) = a.widen16();
                let (b0, b1) = b.widen16();
                let w = V::BYTES;
                a0.store(out);
                a1.store(out.add(w));
                b0.store(out.add(2 * w));
                b1.store(out.add(3 * w));
                i += 2 * u;
                o += 2 * u;
                continue;
            }
            if all_pairs(a) && all_pairs(b) {
                let out = dp.add(o).cast::<u8>();
                pairs_to_utf32(a).store(out);
                pairs_to_utf32(b).store(out.add(V::BYTES));
                i += 2 * u;
                o += u;
                continue;
            }
            let put = |o: usize, c: u32| {
                dp.add(o).write_unaligned(c);
                1
            };
            let end = i + 2 * u;
            if !scalar16::<O>(src, &mut i, &mut o, end, put) {
                break;
            }
        }
    }
    (i, o)
}

/// UTF-32 to UTF-16 in byte order `O`: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf16<V: WideVector, O: ByteOrder>(
    src: &[u32],
    dst: &mut Out<u16>,
) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISA.
    unsafe { utf32_to_utf16_checked::<V, O, true>(src, dst) }
}

/// Chars to UTF-16 in byte order `O`: the kernel prefix of
/// [`utf32_to_utf16`] without its checks.
#[inline(always)]
pub(crate) unsafe fn chars_to_utf16<V: WideVector, O: ByteOrder>(
    src: &[char],
    dst: &mut Out<u16>,
) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISA; every `char` is a scalar value.
    unsafe { utf32_to_utf16_checked::<V, O, false>(crate::arch::chars_as_u32(src), dst) }
}

/// The values per chunk of UTF-32 to UTF-16's BMP run, as a multiple of
/// the units per vector: what the scalar finish redoes at most before an
/// error it finds (2 KiB of input with 16-byte vectors).
const RUN_CHUNK: usize = 64;

/// UTF-32 to UTF-16, checking the values (`CHECK`) or knowing them valid.
///
/// # Safety
///
/// The ISA; without `CHECK`, every value of `src` is a scalar value.
#[inline(always)]
unsafe fn utf32_to_utf16_checked<V: WideVector, O: ByteOrder, const CHECK: bool>(
    src: &[u32],
    dst: &mut Out<u16>,
) -> (usize, usize) {
    // Values per vector, and per narrowed vector.
    let (w, u) = (V::BYTES / 4, V::BYTES / 2);
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u16>());
    let (mut i, mut o) = (0, 0);
    'convert: while i + u <= n && o + 2 * u <= cap {
        // SAFETY: the caller guarantees the ISA. The BMP run's steps read
        // 2u values and store 2u units while `i + 2u <= end`, which keeps
        // both inside (`i` and `o` advance together there); the other
        // steps' `i + u <= n` covers their two loads of w values, and the
        // at most 2u units of u values are covered by `o + 2u <= cap`.
        unsafe {
            // The BMP run: values below 0x10000, one unit each, four
            // vectors per step, in a loop of its own. (Within the loop
            // below, the compiler laid this path out as a jump away and
            // back: three taken branches per step held SSE4.2 to half of
            // simdutf's speed on BMP text.) Surrogates, the only invalid
            // values below 0x10000, are not tested per step but gathered
            // over a chunk of steps and tested once: on one, the kernel
            // stops at the chunk's start and the scalar finish, which
            // finds the error, redoes at most the chunk.
            let end = n.min(i + (cap - o));
            loop {
                let (start_i, start_o) = (i, o);
                let stop = end.min(i + RUN_CHUNK * u);
                let mut bad = V::zero();
                let mut bmp = true;
                while i + 2 * u <= stop {
                    let a = V::load(sp.add(i).cast());
                    let b = V::load(sp.add(i + w).cast());
                    let c = V::load(sp.add(i + 2 * w).cast());
                    let d = V::load(sp.add(i + 3 * w).cast());
                    if a.or(b).or(c.or(d)).and(V::splat32(0xFFFF_0000)).any() {
                        bmp = false;
                        break;
                    }
                    // Below 0x10000, narrowing keeps the values.
                    let (ab, cd) = (a.narrow32(b), c.narrow32(d));
                    if CHECK {
                        bad = bad.or(surrogates16(ab)).or(surrogates16(cd));
                    }
                    store16::<V, O>(ab, dp.add(o));
                    store16::<V, O>(cd, dp.add(o + u));
                    i += 2 * u;
                    o += 2 * u;
                }
                if CHECK && bad.any() {
                    (i, o) = (start_i, start_o);
                    break 'convert;
                }
                if !bmp || stop == end {
                    break;
                }
            }
            // Values with supplementary ones among them, two vectors at a
            // time, until two are all in the BMP (emoji text stays here).
            loop {
                if i + u > n || o + 2 * u > cap {
                    break 'convert;
                }
                let a = V::load(sp.add(i).cast());
                let b = V::load(sp.add(i + w).cast());
                if CHECK && invalid32(a).or(invalid32(b)).any() {
                    break 'convert;
                }
                o += values_to_utf16::<V, O>(a, dp.add(o));
                o += values_to_utf16::<V, O>(b, dp.add(o));
                i += u;
                if !a.or(b).and(V::splat32(0xFFFF_0000)).any() {
                    break;
                }
            }
        }
    }
    (i, o)
}

/// Stores the scalar values `v` as UTF-16 in byte order `O` at `dst`, a
/// unit or a surrogate pair each; returns the units written. Writes within
/// `dst..dst + V::BYTES / 2` units (two per value at most).
///
/// Each value's 32-bit lane becomes its pair (high surrogate first) where
/// it is supplementary, and keeps the value in its low half where not;
/// then the high halves of the BMP lanes are dropped, by one shuffle per
/// 128-bit lane from [`KEEP16`]. A vector of nothing but supplementary
/// values (emoji text) is stored whole.
#[inline(always)]
unsafe fn values_to_utf16<V: WideVector, O: ByteOrder>(v: V, dst: *mut u16) -> usize {
    // SAFETY: the caller guarantees the ISA and `V::BYTES / 2` writable
    // units at `dst`. Lane `k`'s 16-byte store starts after the units
    // kept from the lanes before it, at most 8 each, so ends within
    // `8 * (k + 1) <= V::BYTES / 2` units. The rows are 16 readable bytes.
    unsafe {
        let bmp = v.and(V::splat32(0xFFFF_0000)).eq32(V::zero());
        let pairs = pairs(v);
        if !bmp.any() {
            store16::<V, O>(pairs, dst);
            return V::BYTES / 2;
        }
        let units = V::select(bmp, v, pairs);
        let units = if O::SWAP { units.shuffle(V::table(&SWAP16)) } else { units };
        // Every value's low half, and the high half of a pair.
        let keep = bmp.xor_all().mask16() | 0x5555_5555_5555_5555;
        let rows: [&Keep16; 4] = super::array(|k| &KEEP16[(keep >> (8 * k)) as u8 as usize]);
        let packed = units.shuffle(V::lanes(rows.map(|r| r.idx.as_ptr())));
        let mut n = 0;
        for (k, row) in rows.iter().enumerate().take(V::BYTES / 16) {
            packed.store_lane(k, dst.add(n).cast());
            n += usize::from(row.len);
        }
        n
    }
}

/// The length of a valid prefix of UTF-16 in byte order `O`.
///
/// A low surrogate is valid exactly where the unit before it is a high
/// surrogate, and a high one where the unit after it is a low one; so with
/// `prev` the vector one unit earlier, a block is valid when "is low" in
/// `cur` equals "is high" in `prev`, lane by lane. That test runs only for
/// blocks with a surrogate in them or just before them: a block without
/// surrogates can follow one that ended in a high surrogate, which the
/// check of that block notes (`pending`), so that the loop over text
/// without surrogates reads no unit twice and tests no scalar. Four
/// vectors per test while they last, then two: on an AMD EPYC with AVX2
/// (CPU family 23) the two changes took text without surrogates from 15
/// to 21 GB/s with 128-bit vectors and from 19 to 27 GB/s with 256-bit
/// ones (eight 128-bit vectors per test measured no faster).
#[inline(always)]
pub(crate) unsafe fn validate_utf16<V: WideVector, O: ByteOrder>(src: &[u16]) -> usize {
    let u = V::BYTES / 2;
    let n = src.len();
    // The first character by scalar code, so that every block has a unit
    // before it.
    let mut i = match src.first() {
        None => return 0,
        Some(_) => match crate::scalar::utf16::decode::<O>(src, 0) {
            Ok((_, w)) => w,
            Err(_) => return 0,
        },
    };
    let sp = src.as_ptr();
    let is_high = |u: u16| O::read16(u) & 0xFC00 == 0xD800;
    // Whether the unit before `i` is a high surrogate. Not after the first
    // character: it is whole.
    let mut pending = false;
    while i + 4 * u <= n {
        // SAFETY: the caller guarantees the ISA; `1 <= i` and `i + 4u <= n`
        // make the loads at `i .. i + 4u` in bounds, and those of `paired`
        // at `i - 1 .. i + 2u` and `i + 2u - 1 .. i + 4u`.
        unsafe {
            let v: [V; 4] = super::array(|k| load16::<V, O>(sp.add(i + k * u)));
            let s = surrogates16(v[0]).or(surrogates16(v[1]));
            let s = s.or(surrogates16(v[2]).or(surrogates16(v[3])));
            if !pending && !s.any() {
                i += 4 * u;
                continue;
            }
            if !paired::<V, O>(sp.add(i)) || !paired::<V, O>(sp.add(i + 2 * u)) {
                break;
            }
            i += 4 * u;
            pending = is_high(src[i - 1]);
        }
    }
    while i + 2 * u <= n {
        // SAFETY: as above, with `i + 2u <= n`.
        unsafe {
            let (a, b) = (load16::<V, O>(sp.add(i)), load16::<V, O>(sp.add(i + u)));
            if !pending && !surrogates16(a).or(surrogates16(b)).any() {
                i += 2 * u;
                continue;
            }
            if !paired::<V, O>(sp.add(i)) {
                break;
            }
            i += 2 * u;
            pending = is_high(src[i - 1]);
        }
    }
    // A high surrogate last is not known to be paired yet.
    if i > 0 && is_high(src[i - 1]) {
        i - 1
    } else {
        i
    }
}

/// Whether the two vectors of units at `at` pair their surrogates with
/// the units next to them (a high surrogate last is left to the next
/// block).
///
/// # Safety
///
/// The ISA; the `V::BYTES + 1` units from `at - 1` are readable.
#[inline(always)]
unsafe fn paired<V: WideVector, O: ByteOrder>(at: *const u16) -> bool {
    let u = V::BYTES / 2;
    // SAFETY: the caller guarantees the ISA and the units `at - 1 ..
    // at + 2u`, which the loads read.
    unsafe {
        let fc = V::splat16(0xFC00);
        let (high, low) = (V::splat16(0xD800), V::splat16(0xDC00));
        let (a, b) = (load16::<V, O>(at), load16::<V, O>(at.add(u)));
        let (pa, pb) = (load16::<V, O>(at.sub(1)), load16::<V, O>(at.add(u - 1)));
        let bad_a = a.and(fc).eq16(low).xor(pa.and(fc).eq16(high));
        let bad_b = b.and(fc).eq16(low).xor(pb.and(fc).eq16(high));
        !bad_a.or(bad_b).any()
    }
}

/// The length of a valid prefix of UTF-32.
#[inline(always)]
pub(crate) unsafe fn validate_utf32<V: WideVector>(src: &[u32]) -> usize {
    let w = V::BYTES / 4;
    let sp = src.as_ptr();
    let mut i = 0;
    while i + 4 * w <= src.len() {
        // SAFETY: the caller guarantees the ISA; `i + 4w <= len` covers the
        // four loads.
        unsafe {
            let p = sp.add(i).cast::<u8>();
            let b = V::BYTES;
            let v = [V::load(p), V::load(p.add(b)), V::load(p.add(2 * b)), V::load(p.add(3 * b))];
            let max = V::splat32(0x10FFFF);
            let m = v[0].max32(v[1]).max32(v[2].max32(v[3]));
            let (f8, d8) = (V::splat32(0xFFFF_F800), V::splat32(0xD800));
            let bad = v[0].and(f8).eq32(d8).or(v[1].and(f8).eq32(d8));
            let bad = bad.or(v[2].and(f8).eq32(d8)).or(v[3].and(f8).eq32(d8));
            if bad.or(m.max32(max).eq32(max).xor_all()).any() {
                break;
            }
            i += 4 * w;
        }
    }
    i
}
