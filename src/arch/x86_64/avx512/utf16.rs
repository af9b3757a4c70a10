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
//! UTF-16 feeds it 16 zero-extended units. A block of 32 units with
//! surrogates first compresses (`vpcompressw`) the units that start a
//! character, and the units after them, to the front, so that each high
//! surrogate's lane meets its low surrogate and becomes the pair's code
//! point (emoji text: 32 units, 16 characters, one [`encode16`]). A pair
//! split by the block boundary is left for the next block (31 units
//! consumed). Unpaired surrogates show as a mismatch between the "is low"
//! mask and the "is high" mask shifted by one, and stop the kernel.
//!
//! Fast paths: 32 units that are 16 surrogate pairs, each in a 32-bit
//! lane (emoji text), go straight to code points and 4-byte characters in
//! place; 32 ASCII units (`vpmovwb`) and 32 units below U+0800 (two
//! bytes per unit in its 16-bit lane, one compress) for UTF-16; 64 ASCII
//! values (two packs and a permute) and 32 values below U+0800 (narrowed
//! to 16 bits, then as UTF-16) for UTF-32; 64 BMP values for UTF-32 to
//! UTF-16.
//!
//! Every block checks that `dst` has room for its largest output plus the
//! scratch of its 64-byte store, so no store ever passes `dst.len()`.

use crate::arch::generic::aligned_head;
use crate::arch::generic::utf16::{to_aligned_output, valid_utf32_head};
use crate::arch::Out;
use crate::byte_order::ByteOrder;
use core::arch::x86_64::*;

/// Per leading-zero count of a 32-bit lane (the index is `lz & 31`, so
/// `lz = 32`, the value 0, is entry 0): the marker bytes of the UTF-8
/// encoding of a code point with that many leading zeros (the entries for
/// 1 to 10 leading zeros, values above U+10FFFF, are never used).
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

/// 32 units at `src`, as values.
#[inline(always)]
unsafe fn load32<O: ByteOrder>(src: *const u16) -> __m512i {
    // SAFETY: the caller guarantees AVX-512 BW and 64 readable bytes.
    unsafe {
        let v = _mm512_loadu_si512(src.cast());
        if O::SWAP {
            _mm512_shuffle_epi8(v, swap16())
        } else {
            v
        }
    }
}

/// Encodes the 16 code points in `c` (scalar values) as
/// UTF-8: the compressed bytes, and the mask of bytes kept (4 bits per
/// lane; its population count is the length).
#[inline(always)]
unsafe fn encode16(c: __m512i) -> (__m512i, u64) {
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
        (_mm512_maskz_compress_epi8(keep, bytes), keep)
    }
}

/// Index vector for `vpermw`: lane `i` takes lane `i + 1` (lane 31 takes
/// itself; it is never used).
const NEXT: [u16; 32] = {
    let mut t = [31; 32];
    let mut i = 0;
    while i < 31 {
        t[i] = i as u16 + 1;
        i += 1;
    }
    t
};

/// The characters of 32 units `v` (values) that contain surrogates: the
/// code points of the first `chars` characters in two vectors of 16
/// 32-bit lanes (zero after them), `chars`, and the units consumed (31 if
/// the last unit is a high surrogate, whose pair the next block takes, else
/// 32); `None` if a surrogate is unpaired.
///
/// The units that start a character are compressed to the front (`lead`),
/// and so are the units after them (`trail`); in a high surrogate's lane
/// the two make the pair's code point.
#[inline(always)]
unsafe fn pairs32(v: __m512i) -> Option<([__m512i; 2], usize, usize)> {
    // SAFETY: the caller guarantees AVX-512 F/BW/VBMI2; the index load reads
    // the 64 bytes of `NEXT`.
    unsafe {
        let top = _mm512_and_si512(v, _mm512_set1_epi16(0xFC00u16 as i16));
        let high = _mm512_cmpeq_epi16_mask(top, _mm512_set1_epi16(0xD800u16 as i16));
        let low = _mm512_cmpeq_epi16_mask(top, _mm512_set1_epi16(0xDC00u16 as i16));
        let paired = high & 0x7FFF_FFFF;
        if low != paired << 1 {
            return None;
        }
        let starts = !(low | (high & 0x8000_0000));
        let next = _mm512_permutexvar_epi16(_mm512_loadu_si512(NEXT.as_ptr().cast()), v);
        let lead = _mm512_maskz_compress_epi16(starts, v);
        let trail = _mm512_maskz_compress_epi16(starts, next);
        let halves = [
            combine(_mm512_castsi512_si256(lead), _mm512_castsi512_si256(trail)),
            combine(_mm512_extracti64x4_epi64::<1>(lead), _mm512_extracti64x4_epi64::<1>(trail)),
        ];
        Some((halves, starts.count_ones() as usize, 32 - (high >> 31) as usize))
    }
}

/// 16 leading units `lead` and the units after them, `trail`, as code
/// points: where `lead` is a high surrogate, the pair's.
#[inline(always)]
unsafe fn combine(lead: __m256i, trail: __m256i) -> __m512i {
    // SAFETY: the caller guarantees AVX-512F.
    unsafe {
        let (c, t) = (_mm512_cvtepu16_epi32(lead), _mm512_cvtepu16_epi32(trail));
        let is_high = _mm512_cmpeq_epi32_mask(
            _mm512_and_si512(c, _mm512_set1_epi32(0xFC00)),
            _mm512_set1_epi32(0xD800),
        );
        // ((hi - 0xD800) << 10) + (lo - 0xDC00) + 0x10000
        let k = 0x10000 - (0xD800 << 10) - 0xDC00;
        let cp =
            _mm512_add_epi32(_mm512_add_epi32(_mm512_slli_epi32::<10>(c), t), _mm512_set1_epi32(k));
        _mm512_mask_mov_epi32(c, is_high, cp)
    }
}

/// Whether the 32 units `v` are 16 surrogate pairs, each in a 32-bit lane
/// (emoji text, once a block starts on a pair).
#[inline(always)]
unsafe fn sixteen_pairs(v: __m512i) -> bool {
    // SAFETY: the caller guarantees AVX-512 F/BW.
    unsafe {
        let top = _mm512_and_si512(v, _mm512_set1_epi16(0xFC00u16 as i16));
        _mm512_cmpeq_epi16_mask(top, _mm512_set1_epi32(0xDC00_D800u32 as i32)) == u32::MAX
    }
}

/// 16 surrogate pairs (see [`sixteen_pairs`]) as their 16 code points.
#[inline(always)]
unsafe fn pairs_to_code_points(v: __m512i) -> __m512i {
    // SAFETY: the caller guarantees AVX-512F.
    unsafe {
        let ten = _mm512_set1_epi32(0x3FF);
        // ((high & 0x3FF) + 0x40) << 10 | (low & 0x3FF)
        let high = _mm512_add_epi32(_mm512_and_si512(v, ten), _mm512_set1_epi32(0x40));
        let low = _mm512_and_si512(_mm512_srli_epi32::<16>(v), ten);
        _mm512_or_si512(_mm512_slli_epi32::<10>(high), low)
    }
}

/// 16 surrogate pairs (see [`sixteen_pairs`]) as 64 bytes of UTF-8: each
/// pair's 32-bit lane gives its 4 bytes in place, no compaction needed.
#[inline(always)]
unsafe fn pairs_to_utf8(v: __m512i) -> __m512i {
    // SAFETY: the caller guarantees AVX-512 F/VBMI.
    unsafe {
        let c = pairs_to_code_points(v);
        // Bytes [c >> 18, c >> 12, c >> 6, c] of each 32-bit lane, as in
        // `encode16`, masked to 6 bits, with the 4-byte marker.
        let groups = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(0x2026_2C32_0006_0C12), c);
        _mm512_ternarylogic_epi32::<0xEA>(
            groups,
            _mm512_set1_epi32(0x3F3F_3F3F),
            _mm512_set1_epi32(0x8080_80F0u32 as i32),
        )
    }
}

/// The bytes of the first `chars` (at most 16) lanes of a `keep` mask from
/// [`encode16`].
#[inline(always)]
fn prefix_len(keep: u64, chars: usize) -> usize {
    let lanes = if chars >= 16 { u64::MAX } else { (1u64 << (4 * chars)) - 1 };
    (keep & lanes).count_ones() as usize
}

/// Encodes 32 units `v` (values below U+0800; `non_ascii` marks those of
/// 0x80 and above) as UTF-8: the compressed bytes and their length.
#[inline(always)]
unsafe fn two_bytes(v: __m512i, non_ascii: u32) -> (__m512i, usize) {
    // SAFETY: the caller guarantees AVX-512 F/BW/VBMI2.
    unsafe {
        // [110aaaaa, 10bbbbbb] per 16-bit lane, or the ASCII byte.
        let a = _mm512_srli_epi16::<6>(v);
        let b = _mm512_slli_epi16::<8>(v);
        // a | (b & 0x3F00), then | 0x80C0
        let two = _mm512_ternarylogic_epi32::<0xF8>(a, b, _mm512_set1_epi16(0x3F00));
        let two = _mm512_or_si512(two, _mm512_set1_epi16(0x80C0u16 as i16));
        let bytes = _mm512_mask_mov_epi16(v, non_ascii, two);
        // Every lead byte, and the second bytes (high bit set) of 2-byte
        // characters.
        let keep = _mm512_movepi8_mask(bytes) | 0x5555_5555_5555_5555;
        (_mm512_maskz_compress_epi8(keep, bytes), keep.count_ones() as usize)
    }
}

/// `vpermt2w` indices that take the low 16 bits of the 32-bit lanes of
/// two vectors, in order.
const LOW_WORDS: [u16; 32] = {
    let mut t = [0; 32];
    let mut k = 0;
    while k < 32 {
        t[k] = 2 * k as u16;
        k += 1;
    }
    t
};

/// The 32 values of `a` then `b`, each below 0x10000, as 16-bit lanes.
#[inline(always)]
unsafe fn narrow32(a: __m512i, b: __m512i) -> __m512i {
    // SAFETY: the caller guarantees AVX-512BW; the load reads the 64 bytes
    // of `LOW_WORDS`.
    unsafe { _mm512_permutex2var_epi16(a, _mm512_loadu_si512(LOW_WORDS.as_ptr().cast()), b) }
}

/// UTF-16 in byte order `O` to UTF-8.
#[inline(always)]
pub(super) unsafe fn utf16_to_utf8<O: ByteOrder>(src: &[u16], dst: &mut Out<u8>) -> (usize, usize) {
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let (mut i, mut o) = (0, 0);
    // 32 units give at most 96 bytes, but in up to two 64-byte stores, and
    // the first half's 16 code points may all come from surrogate pairs
    // (4 bytes each), so the second store starts up to 64 bytes after the
    // first: 128 bytes of room. (112 was a real overrun, found by the
    // guard-zone proptest of tests/it/transcode_to_utf8.rs.)
    while i + 32 <= n && o + 128 <= cap {
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
                let (packed, len) = two_bytes(v, non_ascii);
                _mm512_storeu_si512(dp.add(o).cast(), packed);
                i += 32;
                o += len;
                continue;
            }
            let surrogates = _mm512_cmpeq_epi16_mask(
                _mm512_and_si512(v, _mm512_set1_epi16(0xF800u16 as i16)),
                _mm512_set1_epi16(0xD800u16 as i16),
            );
            if surrogates != 0 && sixteen_pairs(v) {
                _mm512_storeu_si512(dp.add(o).cast(), pairs_to_utf8(v));
                i += 32;
                o += 64;
                continue;
            }
            let (halves, chars, used) = if surrogates == 0 {
                let halves = [
                    _mm512_cvtepu16_epi32(_mm512_castsi512_si256(v)),
                    _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(v)),
                ];
                (halves, 32, 32)
            } else {
                match pairs32(v) {
                    Some(p) => p,
                    None => return (i, o),
                }
            };
            let (bytes, keep) = encode16(halves[0]);
            _mm512_storeu_si512(dp.add(o).cast(), bytes);
            o += prefix_len(keep, chars);
            if chars > 16 {
                let (bytes, keep) = encode16(halves[1]);
                _mm512_storeu_si512(dp.add(o).cast(), bytes);
                o += prefix_len(keep, chars - 16);
            }
            i += used;
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
pub(super) unsafe fn utf32_to_utf8(src: &[u32], dst: &mut Out<u8>) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISA.
    unsafe { utf32_to_utf8_checked::<true>(src, dst) }
}

/// Chars to UTF-8: [`utf32_to_utf8`] without its checks.
#[inline(always)]
pub(super) unsafe fn chars_to_utf8(src: &[char], dst: &mut Out<u8>) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISA; every `char` is a scalar value.
    unsafe { utf32_to_utf8_checked::<false>(crate::arch::chars_as_u32(src), dst) }
}

/// UTF-32 to UTF-8, checking the values (`CHECK`) or knowing them valid.
///
/// # Safety
///
/// The ISA; without `CHECK`, every value of `src` is a scalar value.
#[inline(always)]
unsafe fn utf32_to_utf8_checked<const CHECK: bool>(
    src: &[u32],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let (mut i, mut o) = (0, 0);
    // Blocks of 64 values: at most 4 stores of 64 bytes, each at most 64
    // bytes after the previous one.
    while i + 64 <= n && o + 256 <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 64 <= n` covers the
        // loads; the stores are covered as said above.
        unsafe {
            let p = sp.add(i);
            let v = [
                _mm512_loadu_si512(p.cast()),
                _mm512_loadu_si512(p.add(16).cast()),
                _mm512_loadu_si512(p.add(32).cast()),
                _mm512_loadu_si512(p.add(48).cast()),
            ];
            let all = _mm512_or_si512(_mm512_or_si512(v[0], v[1]), _mm512_or_si512(v[2], v[3]));
            if _mm512_test_epi32_mask(all, _mm512_set1_epi32(!0x7F)) == 0 {
                // Pack within 128-bit lanes, then put the 4-byte groups in
                // order.
                let ab = _mm512_packus_epi32(v[0], v[1]);
                let cd = _mm512_packus_epi32(v[2], v[3]);
                let abcd = _mm512_packus_epi16(ab, cd);
                let idx = _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0);
                _mm512_storeu_si512(dp.add(o).cast(), _mm512_permutexvar_epi32(idx, abcd));
                i += 64;
                o += 64;
                continue;
            }
            if _mm512_test_epi32_mask(all, _mm512_set1_epi32(!0x7FF)) == 0 {
                // All below U+0800 (so valid): as UTF-16, 32 at a time.
                for (a, b) in [(v[0], v[1]), (v[2], v[3])] {
                    let u = narrow32(a, b);
                    let non_ascii = _mm512_cmpge_epu16_mask(u, _mm512_set1_epi16(0x80));
                    let (packed, len) = two_bytes(u, non_ascii);
                    _mm512_storeu_si512(dp.add(o).cast(), packed);
                    o += len;
                }
                i += 64;
                continue;
            }
            for c in v {
                if CHECK && invalid32(c) {
                    return (i, o);
                }
                let (bytes, keep) = encode16(c);
                _mm512_storeu_si512(dp.add(o).cast(), bytes);
                i += 16;
                o += keep.count_ones() as usize;
            }
        }
    }
    // The rest, 16 values at a time: at most 64 bytes, one 64-byte store.
    while i + 16 <= n && o + 64 <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 16 <= n` covers the
        // load, `o + 64 <= cap` the store.
        unsafe {
            let c = _mm512_loadu_si512(sp.add(i).cast());
            if CHECK && invalid32(c) {
                break;
            }
            let (bytes, keep) = encode16(c);
            _mm512_storeu_si512(dp.add(o).cast(), bytes);
            i += 16;
            o += keep.count_ones() as usize;
        }
    }
    (i, o)
}

/// UTF-16 in byte order `O` to UTF-32: from the output's first cache-line
/// boundary on a long input (one character at a time before it, one value
/// each), 32 units at a time.
#[inline(always)]
pub(super) unsafe fn utf16_to_utf32<O: ByteOrder>(
    src: &[u16],
    dst: &mut Out<u32>,
) -> (usize, usize) {
    // The stores are whole cache lines.
    let (mut i, mut o, ok) = to_aligned_output::<O>(src, dst, 64);
    if !ok {
        return (i, o);
    }
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u32>());
    while i + 32 <= n && o + 32 <= cap {
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
            if sixteen_pairs(v) {
                _mm512_storeu_si512(dp.add(o).cast(), pairs_to_code_points(v));
                i += 32;
                o += 16;
                continue;
            }
            let Some((halves, chars, used)) = pairs32(v) else {
                return (i, o);
            };
            _mm512_storeu_si512(dp.add(o).cast(), halves[0]);
            _mm512_storeu_si512(dp.add(o + 16).cast(), halves[1]);
            i += used;
            o += chars;
        }
    }
    (i, o)
}

/// UTF-32 to UTF-16 in byte order `O`.
#[inline(always)]
pub(super) unsafe fn utf32_to_utf16<O: ByteOrder>(
    src: &[u32],
    dst: &mut Out<u16>,
) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISA.
    unsafe { utf32_to_utf16_checked::<O, true>(src, dst) }
}

/// Chars to UTF-16 in byte order `O`: [`utf32_to_utf16`] without its
/// checks.
#[inline(always)]
pub(super) unsafe fn chars_to_utf16<O: ByteOrder>(
    src: &[char],
    dst: &mut Out<u16>,
) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISA; every `char` is a scalar value.
    unsafe { utf32_to_utf16_checked::<O, false>(crate::arch::chars_as_u32(src), dst) }
}

/// UTF-32 to UTF-16 in byte order `O`, checking the values (`CHECK`) or
/// knowing them valid.
///
/// # Safety
///
/// The ISA; without `CHECK`, every value of `src` is a scalar value.
#[inline(always)]
unsafe fn utf32_to_utf16_checked<O: ByteOrder, const CHECK: bool>(
    src: &[u32],
    dst: &mut Out<u16>,
) -> (usize, usize) {
    let (n, cap) = (src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u16>());
    let (mut i, mut o) = (0, 0);
    while i + 16 <= n && o + 32 <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 64 <= n` (or 16)
        // covers the loads; the stores write 64 units at `o` after checking
        // the room for them, or 16 or 32 units.
        unsafe {
            if i + 64 <= n && o + 64 <= cap {
                let p = sp.add(i);
                let v = [
                    _mm512_loadu_si512(p.cast()),
                    _mm512_loadu_si512(p.add(16).cast()),
                    _mm512_loadu_si512(p.add(32).cast()),
                    _mm512_loadu_si512(p.add(48).cast()),
                ];
                let all = _mm512_or_si512(_mm512_or_si512(v[0], v[1]), _mm512_or_si512(v[2], v[3]));
                if _mm512_test_epi32_mask(all, _mm512_set1_epi32(!0xFFFF)) == 0 {
                    let (ab, cd) = (narrow32(v[0], v[1]), narrow32(v[2], v[3]));
                    let f8 = _mm512_set1_epi16(0xF800u16 as i16);
                    let d8 = _mm512_set1_epi16(0xD800u16 as i16);
                    let sur = _mm512_cmpeq_epi16_mask(_mm512_and_si512(ab, f8), d8)
                        | _mm512_cmpeq_epi16_mask(_mm512_and_si512(cd, f8), d8);
                    if !CHECK || sur == 0 {
                        let (ab, cd) = if O::SWAP {
                            (_mm512_shuffle_epi8(ab, swap16()), _mm512_shuffle_epi8(cd, swap16()))
                        } else {
                            (ab, cd)
                        };
                        _mm512_storeu_si512(dp.add(o).cast(), ab);
                        _mm512_storeu_si512(dp.add(o + 32).cast(), cd);
                        i += 64;
                        o += 64;
                        continue;
                    }
                }
            }
            let c = _mm512_loadu_si512(sp.add(i).cast());
            if CHECK && invalid32(c) {
                break;
            }
            let supplementary = _mm512_cmpge_epu32_mask(c, _mm512_set1_epi32(0x10000));
            if supplementary == 0 {
                let u = _mm512_cvtepi32_epi16(c);
                let u = if O::SWAP {
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
            if supplementary == u16::MAX {
                // Only pairs: 32 units in place.
                let pair = if O::SWAP { _mm512_shuffle_epi8(pair, swap16()) } else { pair };
                _mm512_storeu_si512(dp.add(o).cast(), pair);
                i += 16;
                o += 32;
                continue;
            }
            let units = _mm512_mask_mov_epi32(c, supplementary, pair);
            // Even units always; odd ones where they are a low surrogate.
            let keep = 0x5555_5555 | _mm512_movepi16_mask(units);
            let packed = _mm512_maskz_compress_epi16(keep, units);
            let packed = if O::SWAP { _mm512_shuffle_epi8(packed, swap16()) } else { packed };
            _mm512_storeu_si512(dp.add(o).cast(), packed);
            i += 16;
            o += keep.count_ones() as usize;
        }
    }
    (i, o)
}

/// The input size in bytes from which the validators below check the
/// units before the first cache-line boundary one at a time and run
/// their 64-byte loads from the boundary: a load that straddles two lines
/// took UTF-16 validation of text without surrogates from about 150 to
/// 90 GB/s on a Sapphire Rapids-class Xeon. Below it, the head costs more
/// than the alignment saves.
const ALIGN_FROM: usize = 4096;

/// The length of a valid prefix of UTF-16 in byte order `O`.
///
/// From the first cache-line boundary of an input of [`ALIGN_FROM`] bytes
/// or more ([`aligned_head`]; the units before it one character at a
/// time), 128 units at a time, with one test for "no surrogate": the
/// minimum of `u ^ 0xD800` over the block, which is below 0x800 exactly
/// where some unit is a surrogate. A block with surrogates (or after a
/// high surrogate) is checked 64 units at a time on 64-bit masks: "is
/// low" must be "is high" shifted by one, with the carry from the
/// previous units.
#[inline(always)]
pub(super) unsafe fn validate_utf16<O: ByteOrder>(src: &[u16]) -> usize {
    let sp = src.as_ptr();
    let head = aligned_head(src, 64, ALIGN_FROM);
    let mut i = 0;
    while i < head {
        // A pair across the boundary takes `i` one past it, and the loop
        // below then runs one unit off the boundary (its loads are
        // unaligned loads either way).
        match crate::scalar::utf16::decode::<O>(src, i) {
            Ok((_, w)) => i += w,
            Err(_) => return i,
        }
    }
    let mut carry = 0u64;
    while i + 64 <= src.len() {
        // SAFETY: the caller guarantees the ISA; `i + 128 <= len` (or 64)
        // covers the loads.
        unsafe {
            let d8 = _mm512_set1_epi16(0xD800u16 as i16);
            if carry == 0 && i + 128 <= src.len() {
                let p = sp.add(i);
                let x = [
                    _mm512_xor_si512(load32::<O>(p), d8),
                    _mm512_xor_si512(load32::<O>(p.add(32)), d8),
                    _mm512_xor_si512(load32::<O>(p.add(64)), d8),
                    _mm512_xor_si512(load32::<O>(p.add(96)), d8),
                ];
                let min =
                    _mm512_min_epu16(_mm512_min_epu16(x[0], x[1]), _mm512_min_epu16(x[2], x[3]));
                if _mm512_cmplt_epu16_mask(min, _mm512_set1_epi16(0x800)) == 0 {
                    i += 128;
                    continue;
                }
            }
            let a = load32::<O>(sp.add(i));
            let b = load32::<O>(sp.add(i + 32));
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

/// The length of a valid prefix of UTF-32: from the first cache-line
/// boundary of an input of [`ALIGN_FROM`] bytes or more
/// ([`aligned_head`]; the values before it one at a time), 64 values at
/// a time, the maximum and the minimum of `c ^ 0xD800` (below 0x800 for
/// surrogates).
#[inline(always)]
pub(super) unsafe fn validate_utf32(src: &[u32]) -> usize {
    let sp = src.as_ptr();
    let mut i = match valid_utf32_head(src, 64, ALIGN_FROM) {
        Ok(head) => head,
        Err(bad) => return bad,
    };
    while i + 64 <= src.len() {
        // SAFETY: the caller guarantees the ISA; `i + 64 <= len` covers the
        // four loads.
        unsafe {
            let p = sp.add(i);
            let v = [
                _mm512_loadu_si512(p.cast()),
                _mm512_loadu_si512(p.add(16).cast()),
                _mm512_loadu_si512(p.add(32).cast()),
                _mm512_loadu_si512(p.add(48).cast()),
            ];
            let max = _mm512_max_epu32(_mm512_max_epu32(v[0], v[1]), _mm512_max_epu32(v[2], v[3]));
            let d8 = _mm512_set1_epi32(0xD800);
            let x = [
                _mm512_xor_si512(v[0], d8),
                _mm512_xor_si512(v[1], d8),
                _mm512_xor_si512(v[2], d8),
                _mm512_xor_si512(v[3], d8),
            ];
            let min = _mm512_min_epu32(_mm512_min_epu32(x[0], x[1]), _mm512_min_epu32(x[2], x[3]));
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
