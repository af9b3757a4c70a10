//! The AVX-512 kernel's UTF-16/UTF-32 entries: an algorithm of its own.
//!
//! VBMI2's byte and word compress (`vpcompressb`/`vpcompressw`) turn
//! transcoding into "compute every possible output byte in a fixed place,
//! then squeeze out the unused ones", with no shuffle tables (Clausecker &
//! Lemire, *Transcoding Unicode Characters with AVX-512 Instructions*,
//! 2023). That is a different algorithm from the table-driven 128-bit one
//! in `generic::utf16` (which ISAs without a compress instruction need),
//! hence this ISA-specific file.
//!
//! # To UTF-8, 16 code points at a time ([`encode16`])
//!
//! Each 32-bit lane holds one code point `c` and becomes the 4 bytes
//! `[c >> 18, c >> 12, c >> 6, c]` (one `vpmultishiftqb`), each masked to 6
//! bits and ORed with a per-lane "marker": the continuation bit `0x80` in
//! the bytes the character uses and its lead-byte bits in the first of
//! them. The marker comes from a 32-entry table indexed by the lane's
//! leading-zero count (`vplzcntd`, `vpermt2d`), which determines the
//! length. The marker's high bits are also the mask of bytes to keep
//! (`vpmovb2m`), and `vpcompressb` packs them. ASCII lanes keep only byte
//! 0, which is replaced by `c` itself.
//!
//! UTF-16 feeds it 16 zero-extended units; a high surrogate's lane gets the
//! pair's code point (computed with the next lane) and the low surrogate's
//! lane a value whose leading-zero count selects an empty marker. A pair
//! split by the block boundary is left for the next block (15 units
//! consumed). Unpaired surrogates show as a mismatch between the "is low"
//! mask and the "is high" mask shifted by one, and stop the kernel.
//!
//! Fast paths: 32 ASCII units (`vpmovwb`) and 32 units below U+0800 (two
//! bytes per unit in its 16-bit lane, one compress) for UTF-16; 64 ASCII
//! values (two packs and a permute) for UTF-32.
//!
//! Every block checks that `dst` has room for its largest output plus the
//! scratch of its 64-byte store, so no store ever passes `dst.len()`.

use crate::transcode::{Be, ByteOrder, Le};
use core::arch::x86_64::*;

/// Per leading-zero count of a 32-bit lane (the index is `lz & 31`, so
/// `lz = 32`, the value 0, is entry 0): the marker bytes of the UTF-8
/// encoding of a code point with that many leading zeros. Entry 1 (`lz =
/// 1`) is the empty marker of the low surrogate lanes ([`SKIP`]).
const MARKERS: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut lz = 0;
    while lz <= 32 {
        let bits = 32 - lz;
        t[lz & 31] = match bits {
            0..=7 => 0x0000_0080,
            8..=11 => 0x80C0_0000,
            12..=16 => 0x8080_E000,
            17..=21 => 0x8080_80F0,
            _ => 0,
        };
        lz += 1;
    }
    t
};

/// A lane value that encodes to nothing: its leading-zero count, 1,
/// selects an empty marker.
const SKIP: i32 = 0x4000_0000;

/// Byte shuffle that swaps the bytes of every 16-bit lane.
#[inline(always)]
unsafe fn swap16() -> __m512i {
    // SAFETY: the caller guarantees AVX-512F.
    unsafe {
        _mm512_set_epi64(
            0x0E0F_0C0D_0A0B_0809,
            0x0607_0405_0203_0001,
            0x0E0F_0C0D_0A0B_0809,
            0x0607_0405_0203_0001,
            0x0E0F_0C0D_0A0B_0809,
            0x0607_0405_0203_0001,
            0x0E0F_0C0D_0A0B_0809,
            0x0607_0405_0203_0001,
        )
    }
}

/// Whether units in byte order `O` need a byte swap.
#[inline(always)]
fn swaps<O: ByteOrder>() -> bool {
    O::read16(0x0102) != 0x0102
}

/// 32 units at `src`, as values.
#[inline(always)]
unsafe fn load32<O: ByteOrder>(src: *const u16) -> __m512i {
    // SAFETY: the caller guarantees AVX-512 BW and 64 readable bytes.
    unsafe {
        let v = _mm512_loadu_si512(src.cast());
        if swaps::<O>() {
            _mm512_shuffle_epi8(v, swap16())
        } else {
            v
        }
    }
}

/// Encodes the 16 code points in `c` (valid scalar values, or [`SKIP`]) as
/// UTF-8: the compressed bytes (the first `len` lanes) and `len`.
#[inline(always)]
unsafe fn encode16(c: __m512i) -> (__m512i, u32) {
    // SAFETY: the caller guarantees AVX-512 F/BW/CD/VBMI/VBMI2; the table
    // loads read the 128 bytes of `MARKERS`.
    unsafe {
        let lz = _mm512_lzcnt_epi32(c);
        let t = MARKERS.as_ptr();
        let marker = _mm512_permutex2var_epi32(
            _mm512_loadu_si512(t.cast()),
            lz,
            _mm512_loadu_si512(t.add(16).cast()),
        );
        // Bytes [c >> 18, c >> 12, c >> 6, c] of each 32-bit lane (bit
        // offsets in the 64-bit lane: +32 for the odd 32-bit lane).
        let groups = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(0x2026_2C32_0006_0C12), c);
        // (groups & 0x3F) | marker
        let bytes =
            _mm512_ternarylogic_epi32::<0xEA>(groups, _mm512_set1_epi32(0x3F3F_3F3F), marker);
        let ascii = _mm512_cmplt_epu32_mask(c, _mm512_set1_epi32(0x80));
        let bytes = _mm512_mask_mov_epi32(bytes, ascii, c);
        let keep = _mm512_movepi8_mask(marker);
        (_mm512_maskz_compress_epi8(keep, bytes), keep.count_ones())
    }
}

/// The 16 units in `c` (values, zero-extended to 32 bits) as code points
/// for [`encode16`] or a 32-bit store: each pair's code point in its high
/// surrogate's lane, [`SKIP`] in its low surrogate's lane and in lane 15 if
/// that is a high surrogate (whose pair the next block takes). Returns the
/// lanes, the mask of lanes that hold a character, and the units consumed
/// (15 or 16); `None` on an unpaired surrogate.
#[inline(always)]
unsafe fn pairs16(c: __m512i) -> Option<(__m512i, u16, usize)> {
    // SAFETY: the caller guarantees AVX-512F.
    unsafe {
        let top = _mm512_and_si512(c, _mm512_set1_epi32(0xFC00));
        let high = _mm512_cmpeq_epi32_mask(top, _mm512_set1_epi32(0xD800));
        let low = _mm512_cmpeq_epi32_mask(top, _mm512_set1_epi32(0xDC00));
        let paired = high & 0x7FFF;
        if low != paired << 1 {
            return None;
        }
        // ((hi - 0xD800) << 10) + (lo - 0xDC00) + 0x10000
        let next = _mm512_alignr_epi32::<1>(_mm512_setzero_si512(), c);
        let k = 0x10000 - (0xD800 << 10) - 0xDC00;
        let cp = _mm512_add_epi32(
            _mm512_add_epi32(_mm512_slli_epi32::<10>(c), next),
            _mm512_set1_epi32(k),
        );
        let c = _mm512_mask_mov_epi32(c, paired, cp);
        let skip = low | (high & 0x8000);
        let c = _mm512_mask_mov_epi32(c, skip, _mm512_set1_epi32(SKIP));
        Some((c, !skip, 16 - usize::from(high >> 15)))
    }
}

/// UTF-16 in byte order `O` to UTF-8.
#[inline(always)]
unsafe fn utf16_to_utf8<O: ByteOrder>(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let (mut i, mut o) = (0, 0);
    // 32 units give at most 96 bytes, written as two 64-byte stores at
    // most 48 bytes apart: 112 bytes of room.
    while i + 32 <= n && cap - o >= 112 {
        // SAFETY: the caller guarantees the ISA; `i + 32 <= n` covers the
        // load; the stores are covered as said above.
        unsafe {
            let v = load32::<O>(sp.add(i));
            let non_ascii = _mm512_cmpge_epu16_mask(v, _mm512_set1_epi16(0x80));
            if non_ascii == 0 {
                _mm256_storeu_si256(dp.add(o).cast(), _mm512_cvtepi16_epi8(v));
                i += 32;
                o += 32;
                continue;
            }
            if _mm512_cmpge_epu16_mask(v, _mm512_set1_epi16(0x800)) == 0 {
                // [110aaaaa, 10bbbbbb] per 16-bit lane, or the ASCII byte.
                let a = _mm512_srli_epi16::<6>(v);
                let b = _mm512_slli_epi16::<8>(v);
                // a | (b & 0x3F00), then | 0x80C0
                let two = _mm512_ternarylogic_epi32::<0xF8>(a, b, _mm512_set1_epi16(0x3F00));
                let two = _mm512_or_si512(two, _mm512_set1_epi16(0x80C0u16 as i16));
                let bytes = _mm512_mask_mov_epi16(v, non_ascii, two);
                let keep = _mm512_movepi8_mask(bytes) | 0x5555_5555_5555_5555;
                let packed = _mm512_maskz_compress_epi8(keep, bytes);
                _mm512_storeu_si512(dp.add(o).cast(), packed);
                i += 32;
                o += keep.count_ones() as usize;
                continue;
            }
            for half in [_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64::<1>(v)] {
                let c = _mm512_cvtepu16_epi32(half);
                let surrogates = _mm512_cmpeq_epi32_mask(
                    _mm512_and_si512(c, _mm512_set1_epi32(0xF800)),
                    _mm512_set1_epi32(0xD800),
                );
                let (c, used) = if surrogates == 0 {
                    (c, 16)
                } else {
                    match pairs16(c) {
                        Some((c, _, used)) => (c, used),
                        None => return (i, o),
                    }
                };
                let (bytes, len) = encode16(c);
                _mm512_storeu_si512(dp.add(o).cast(), bytes);
                i += used;
                o += len as usize;
                if used < 16 {
                    break;
                }
            }
        }
    }
    (i, o)
}

/// Whether any of the 16 values in `c` is not a scalar value.
#[inline(always)]
unsafe fn invalid32(c: __m512i) -> bool {
    // SAFETY: the caller guarantees AVX-512F.
    unsafe {
        let large = _mm512_cmpgt_epu32_mask(c, _mm512_set1_epi32(0x10FFFF));
        let sur = _mm512_cmpeq_epi32_mask(
            _mm512_and_si512(c, _mm512_set1_epi32(0xFFFF_F800u32 as i32)),
            _mm512_set1_epi32(0xD800),
        );
        large | sur != 0
    }
}

/// UTF-32 to UTF-8.
#[inline(always)]
unsafe fn utf32_to_utf8_prefix(src: &[u32], dst: &mut [u8]) -> (usize, usize) {
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let (mut i, mut o) = (0, 0);
    // 16 values give at most 64 bytes, written as one 64-byte store.
    while i + 16 <= n && cap - o >= 64 {
        // SAFETY: the caller guarantees the ISA; `i + 64 <= n` (or 16)
        // covers the loads; the ASCII store writes 64 bytes, the other
        // stores 64 bytes at `o`, within the room checked.
        unsafe {
            if i + 64 <= n {
                let p = sp.add(i);
                let v: [__m512i; 4] =
                    core::array::from_fn(|k| _mm512_loadu_si512(p.add(16 * k).cast()));
                let all =
                    _mm512_or_si512(_mm512_or_si512(v[0], v[1]), _mm512_or_si512(v[2], v[3]));
                if _mm512_test_epi32_mask(all, _mm512_set1_epi32(!0x7F)) == 0 {
                    // Pack within 128-bit lanes, then put the 4-byte groups
                    // in order.
                    let ab = _mm512_packus_epi32(v[0], v[1]);
                    let cd = _mm512_packus_epi32(v[2], v[3]);
                    let abcd = _mm512_packus_epi16(ab, cd);
                    let idx =
                        _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0);
                    _mm512_storeu_si512(dp.add(o).cast(), _mm512_permutexvar_epi32(idx, abcd));
                    i += 64;
                    o += 64;
                    continue;
                }
            }
            let c = _mm512_loadu_si512(sp.add(i).cast());
            if invalid32(c) {
                break;
            }
            let (bytes, len) = encode16(c);
            _mm512_storeu_si512(dp.add(o).cast(), bytes);
            i += 16;
            o += len as usize;
        }
    }
    (i, o)
}

/// UTF-16 in byte order `O` to UTF-32.
#[inline(always)]
unsafe fn utf16_to_utf32<O: ByteOrder>(src: &[u16], dst: &mut [u32]) -> (usize, usize) {
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let (mut i, mut o) = (0, 0);
    while i + 32 <= n && cap - o >= 32 {
        // SAFETY: the caller guarantees the ISA; `i + 32 <= n` covers the
        // load; at most two 16-value stores at `o` and `o + 16`.
        unsafe {
            let v = load32::<O>(sp.add(i));
            let sur = _mm512_cmpeq_epi16_mask(
                _mm512_and_si512(v, _mm512_set1_epi16(0xF800u16 as i16)),
                _mm512_set1_epi16(0xD800u16 as i16),
            );
            let (lo, hi) = (_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64::<1>(v));
            if sur == 0 {
                _mm512_storeu_si512(dp.add(o).cast(), _mm512_cvtepu16_epi32(lo));
                _mm512_storeu_si512(dp.add(o + 16).cast(), _mm512_cvtepu16_epi32(hi));
                i += 32;
                o += 32;
                continue;
            }
            for half in [lo, hi] {
                let Some((c, chars, used)) = pairs16(_mm512_cvtepu16_epi32(half)) else {
                    return (i, o);
                };
                _mm512_storeu_si512(dp.add(o).cast(), _mm512_maskz_compress_epi32(chars, c));
                i += used;
                o += chars.count_ones() as usize;
                if used < 16 {
                    break;
                }
            }
        }
    }
    (i, o)
}

/// UTF-32 to UTF-16 in byte order `O`.
#[inline(always)]
unsafe fn utf32_to_utf16<O: ByteOrder>(src: &[u32], dst: &mut [u16]) -> (usize, usize) {
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let (mut i, mut o) = (0, 0);
    while i + 16 <= n && cap - o >= 32 {
        // SAFETY: the caller guarantees the ISA; `i + 16 <= n` covers the
        // load; the stores write 32 or 64 bytes (16 or 32 units) at `o`.
        unsafe {
            let c = _mm512_loadu_si512(sp.add(i).cast());
            if invalid32(c) {
                break;
            }
            let supplementary = _mm512_cmpge_epu32_mask(c, _mm512_set1_epi32(0x10000));
            if supplementary == 0 {
                let u = _mm512_cvtepi32_epi16(c);
                let u = if swaps::<O>() {
                    _mm256_shuffle_epi8(u, _mm512_castsi512_si256(swap16()))
                } else {
                    u
                };
                _mm256_storeu_si256(dp.add(o).cast(), u);
                i += 16;
                o += 16;
                continue;
            }
            // [0xD800 | c' >> 10, 0xDC00 | c' & 0x3FF] with c' = c - 0x10000.
            let s = _mm512_sub_epi32(c, _mm512_set1_epi32(0x10000));
            let high = _mm512_or_si512(_mm512_srli_epi32::<10>(s), _mm512_set1_epi32(0xD800));
            let low = _mm512_slli_epi32::<16>(_mm512_and_si512(s, _mm512_set1_epi32(0x3FF)));
            let pair = _mm512_or_si512(
                _mm512_or_si512(high, low),
                _mm512_set1_epi32(0xDC00_0000u32 as i32),
            );
            let units = _mm512_mask_mov_epi32(c, supplementary, pair);
            // Even units always; odd ones where they are a low surrogate.
            let keep = 0x5555_5555 | _mm512_movepi16_mask(units);
            let packed = _mm512_maskz_compress_epi16(keep, units);
            let packed = if swaps::<O>() { _mm512_shuffle_epi8(packed, swap16()) } else { packed };
            _mm512_storeu_si512(dp.add(o).cast(), packed);
            i += 16;
            o += keep.count_ones() as usize;
        }
    }
    (i, o)
}

/// The length of a valid prefix of UTF-16 in byte order `O`: 64 units at
/// a time, the pairing checked on 64-bit masks ("is low" must be "is high"
/// shifted by one, with the carry from the previous block).
#[inline(always)]
unsafe fn validate_utf16<O: ByteOrder>(src: &[u16]) -> usize {
    let sp = src.as_ptr();
    let (mut i, mut carry) = (0, 0u64);
    while i + 64 <= src.len() {
        // SAFETY: the caller guarantees the ISA; `i + 64 <= len` covers the
        // two loads.
        unsafe {
            let a = load32::<O>(sp.add(i));
            let b = load32::<O>(sp.add(i + 32));
            let f8 = _mm512_set1_epi16(0xF800u16 as i16);
            let d8 = _mm512_set1_epi16(0xD800u16 as i16);
            let sur = _mm512_cmpeq_epi16_mask(_mm512_and_si512(a, f8), d8) as u64
                | (_mm512_cmpeq_epi16_mask(_mm512_and_si512(b, f8), d8) as u64) << 32;
            if sur | carry == 0 {
                i += 64;
                continue;
            }
            let fc = _mm512_set1_epi16(0xFC00u16 as i16);
            let dc = _mm512_set1_epi16(0xDC00u16 as i16);
            let (ta, tb) = (_mm512_and_si512(a, fc), _mm512_and_si512(b, fc));
            let high = _mm512_cmpeq_epi16_mask(ta, d8) as u64
                | (_mm512_cmpeq_epi16_mask(tb, d8) as u64) << 32;
            let low = _mm512_cmpeq_epi16_mask(ta, dc) as u64
                | (_mm512_cmpeq_epi16_mask(tb, dc) as u64) << 32;
            if low != (high << 1 | carry) {
                break;
            }
            carry = high >> 63;
            i += 64;
        }
    }
    // A high surrogate last is not known to be paired yet.
    i - carry as usize
}

/// The length of a valid prefix of UTF-32: 64 values at a time, the
/// maximum and the minimum of `c ^ 0xD800` (below 0x800 for surrogates).
#[inline(always)]
unsafe fn validate_utf32_prefix(src: &[u32]) -> usize {
    let sp = src.as_ptr();
    let mut i = 0;
    while i + 64 <= src.len() {
        // SAFETY: the caller guarantees the ISA; `i + 64 <= len` covers the
        // four loads.
        unsafe {
            let p = sp.add(i);
            let v: [__m512i; 4] =
                core::array::from_fn(|k| _mm512_loadu_si512(p.add(16 * k).cast()));
            let max =
                _mm512_max_epu32(_mm512_max_epu32(v[0], v[1]), _mm512_max_epu32(v[2], v[3]));
            let d8 = _mm512_set1_epi32(0xD800);
            let x: [__m512i; 4] = core::array::from_fn(|k| _mm512_xor_si512(v[k], d8));
            let min =
                _mm512_min_epu32(_mm512_min_epu32(x[0], x[1]), _mm512_min_epu32(x[2], x[3]));
            let bad = _mm512_cmpgt_epu32_mask(max, _mm512_set1_epi32(0x10FFFF))
                | _mm512_cmplt_epu32_mask(min, _mm512_set1_epi32(0x800));
            if bad != 0 {
                break;
            }
            i += 64;
        }
    }
    i
}

// The entries. SAFETY (every one): compiled with the kernel's features and
// only reachable through its `FNS`, which `super::fns` hands out after
// detecting them.

#[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
pub(super) fn utf16le_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    // SAFETY: see above.
    unsafe { utf16_to_utf8::<Le>(src, dst) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
pub(super) fn utf16be_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    // SAFETY: see above.
    unsafe { utf16_to_utf8::<Be>(src, dst) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
pub(super) fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> (usize, usize) {
    // SAFETY: see above.
    unsafe { utf32_to_utf8_prefix(src, dst) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
pub(super) fn utf16le_to_utf32(src: &[u16], dst: &mut [u32]) -> (usize, usize) {
    // SAFETY: see above.
    unsafe { utf16_to_utf32::<Le>(src, dst) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
pub(super) fn utf16be_to_utf32(src: &[u16], dst: &mut [u32]) -> (usize, usize) {
    // SAFETY: see above.
    unsafe { utf16_to_utf32::<Be>(src, dst) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
pub(super) fn utf32_to_utf16le(src: &[u32], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: see above.
    unsafe { utf32_to_utf16::<Le>(src, dst) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
pub(super) fn utf32_to_utf16be(src: &[u32], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: see above.
    unsafe { utf32_to_utf16::<Be>(src, dst) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
pub(super) fn validate_utf16le(src: &[u16]) -> usize {
    // SAFETY: see above.
    unsafe { validate_utf16::<Le>(src) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
pub(super) fn validate_utf16be(src: &[u16]) -> usize {
    // SAFETY: see above.
    unsafe { validate_utf16::<Be>(src) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2")]
pub(super) fn validate_utf32(src: &[u32]) -> usize {
    // SAFETY: see above.
    unsafe { validate_utf32_prefix(src) }
}
