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
//! in the BMP and reuses [`encode`]; runs of blocks with supplementary
//! values go through [`encode_1_4`] (every value's 4-byte form, the lead
//! of each shorter form in place, compressed by the bytes each value
//! keeps), in a loop of their own. UTF-16 to UTF-32 widens, and converts
//! vectors of pairs with shifts. UTF-32 to UTF-16 narrows runs of BMP
//! values, and gives each value of a vector with supplementary ones its
//! unit or pair, then squeezes out the unused halves
//! (`to_utf16::values_to_utf16`). Other blocks with supplementary
//! characters go through scalar code inside the kernel; blocks with an
//! error stop it.
//!
//! # Where each part lives
//!
//! One file per direction, each holding its entries (the kernel
//! prefixes, re-exported here) and the helpers only it uses:
//! `to_utf8` (UTF-16, UTF-32 and `char`s to UTF-8), `to_utf32` (UTF-16
//! to UTF-32), `to_utf16` (UTF-32 and `char`s to UTF-16) and `validate`
//! (UTF-16 and UTF-32). This module holds what they share and what the
//! other algorithms borrow: [`WideVector`], the compaction tables, the
//! loads and stores in a byte order, the surrogate tests, the
//! conversions of pairs, and [`encode`] (which UTF-8 output from UTF-32,
//! Latin-1 and Windows-1252 reuses).
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

use super::vector::{Pack, Utf8Vector, WideVector, EMPTY};
use crate::byte_order::ByteOrder;
use core::ptr;

mod to_utf16;
mod to_utf32;
mod to_utf8;
mod validate;

pub(crate) use to_utf16::{chars_to_utf16, utf32_to_utf16};
pub(crate) use to_utf32::utf16_to_utf32;
pub(crate) use to_utf8::{chars_to_utf8, utf16_to_utf8, utf32_to_utf8};
pub(crate) use validate::{validate_utf16, validate_utf32};
// The heads the AVX-512 kernel's own loops share.
#[cfg(all(target_arch = "x86_64", avx512_stable))]
pub(crate) use {to_utf32::to_aligned_output, validate::valid_utf32_head};

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
pub(super) unsafe fn load16<V: WideVector, O: ByteOrder>(src: *const u16) -> V {
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

/// `u16` lanes: the unit plus 0x2800 (wrapping), which takes the
/// surrogates 0xD800..=0xDFFF to 0..0x800 and every other unit to 0x800
/// and above. The minimum of these keys over many vectors then says
/// whether any unit was a surrogate ([`any_surrogate_key`]): an add and a
/// minimum per vector, where a mask, a compare and an OR took three.
#[inline(always)]
unsafe fn surrogate_key<V: WideVector>(v: V) -> V {
    // SAFETY: the caller guarantees the ISA.
    unsafe { v.add16(V::splat16(0x2800)) }
}

/// Whether any lane of `keys` ([`surrogate_key`]s, or a minimum of them)
/// is a surrogate's: its high byte below 8, where a saturating subtraction
/// from the bytes of 0x0800 leaves a nonzero byte.
///
/// # Safety
///
/// The ISA; `V::LITTLE_LANES` (a unit's high byte is its second).
#[inline(always)]
unsafe fn any_surrogate_key<V: WideVector + Utf8Vector>(keys: V) -> bool {
    // SAFETY: the caller guarantees the ISA.
    unsafe { V::splat16(0x0800).saturating_sub(keys).any() }
}

/// Whether any unit of the vectors `v` is a surrogate.
///
/// # Safety
///
/// The ISA; `V::LITTLE_LANES`.
#[inline(always)]
unsafe fn any_surrogate<V: WideVector + Utf8Vector, const N: usize>(v: &[V; N]) -> bool {
    // SAFETY: the caller guarantees the ISA and the lanes' byte order.
    unsafe {
        let keys = v[1..].iter().fold(surrogate_key(v[0]), |m, &x| m.min16(surrogate_key(x)));
        any_surrogate_key(keys)
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

/// Encodes the `V::BYTES / 4` scalar values `v` (32-bit lanes) as UTF-8
/// at `dst`, 1 to 4 bytes each: every value's 4-byte form is built with
/// the lead bytes of the shorter forms in place, and
/// [`WideVector::compress`] drops the leading bytes a value does not need.
/// Returns the bytes written (at most `V::BYTES`); writes within `dst..dst
/// + V::BYTES + 8`.
#[inline(always)]
pub(super) unsafe fn encode_1_4<V: WideVector>(v: V, dst: *mut u8) -> usize {
    // SAFETY: the caller guarantees the ISA and the `V::BYTES + 8`
    // writable bytes at `dst`, which is what `compress` needs.
    unsafe {
        // Few vector constants: the callers inline this into loops whose
        // other paths need their registers.
        let zero = V::zero();
        let below80 = v.shr32::<7>().eq32(zero);
        let below800 = v.shr32::<11>().eq32(zero);
        let below10000 = v.shr32::<16>().eq32(zero);
        // Each lane's bytes in memory order, [11110aaa, 10bbbbbb,
        // 10cccccc, 10dddddd] from the 21 bits aaabbbbbbccccccdddddd; below
        // 0x10000 the second byte is the lead 1110bbbb (bbbbbb < 16), below
        // 0x800 the third is 110ccccc (cccccc < 32), below 0x80 the fourth
        // is the value.
        let a = v.shr32::<18>();
        let b = v.shr32::<4>().and(V::splat32(0x3F00));
        let c = v.shl32::<10>().and(V::splat32(0x3F_0000));
        let d = v.shl32::<24>().and(V::splat32(0x3F00_0000));
        // 0x6000 and 0x40_0000 from the all-ones lanes of the masks.
        let marks = V::splat32(0x8080_80F0)
            .or(below10000.shr32::<30>().shl32::<13>())
            .or(below800.shr32::<31>().shl32::<22>());
        let bytes = V::select(below80, v.shl32::<24>(), a.or(b).or(c.or(d)).or(marks));
        // The leading bytes each value drops: the first from 0x10000 down,
        // the second from 0x800, the third from 0x80 (each mask has all
        // four bits of its lanes set).
        const FIRST: u64 = 0x1111_1111_1111_1111;
        let drop = below10000.movemask() & FIRST
            | below800.movemask() & FIRST << 1
            | below80.movemask() & FIRST << 2;
        let lanes = u64::MAX >> (64 - V::BYTES);
        bytes.compress(!drop & lanes, dst)
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
        let key = ascii.mask16_pair(below800);
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
