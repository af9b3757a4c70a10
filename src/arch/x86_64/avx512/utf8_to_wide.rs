//! UTF-8 to UTF-16/UTF-32 with AVX-512: 512-bit validation and ASCII
//! tests, and an AVX-512 VBMI2 conversion of whole windows of 1- to 3-byte
//! characters (after Clausecker & Lemire, *Transcoding Unicode Characters
//! with AVX-512 Instructions*, 2023), with a 32-bit-lane variant for
//! windows that hold 4-byte characters. (The 16-byte steps of the SSE4.2
//! kernel are instantiated too, but valid windows never reach them.)
//! Windows of ASCII and 2-byte characters skip the block validation: a
//! few mask tests check them (`Leads::checked_window`), and the next
//! window's start is read from memory rather than from the masks, so that
//! the loop's chain from window to window is a load and an add. On a
//! Sapphire Rapids-class Xeon, UTF-8 to UTF-16 of Cyrillic, Greek, Arabic
//! and Hebrew text went from 7.0 GB/s (0.72x simdutf's icelake kernel)
//! to 13.5 GB/s (1.47x).
//! The other validated windows end where their last lead is, which is
//! read from memory too; windows of nothing but 3-byte characters (CJK)
//! or 4-byte ones (emoji) advance by a constant and are converted by
//! constant permutes and shuffles.
//!
//! Why an ISA-specific algorithm: `vpcompressb` gathers the first, second
//! and third bytes of up to 63 characters into three registers in one
//! instruction each, with no serial dependency, where the steps chain one
//! table lookup per 12 bytes (each step's start depends on the last's).

use crate::arch::generic::utf8_to_wide::four_byte_chars;
use crate::arch::generic::vector::{Leads, Target};
use core::arch::x86_64::*;

/// Converts 32 characters given their first, second and third bytes
/// (zero-extended to 16 bits; garbage past the last character) and stores
/// them as 32 units at `dst`.
#[inline(always)]
unsafe fn finish32<T: Target, const THREE: bool>(
    b0: __m512i,
    b1: __m512i,
    b2: __m512i,
    dst: *mut T::Unit,
) {
    // SAFETY: the caller guarantees AVX-512 F/BW and room for 32 units.
    unsafe {
        let two = _mm512_cmpge_epu16_mask(b0, _mm512_set1_epi16(0xC0));
        let low1 = _mm512_and_si512(b1, _mm512_set1_epi16(0x3F));
        // 110yyyyy 10xxxxxx: yyyyy << 6 | xxxxxx.
        let v2 = _mm512_or_si512(
            _mm512_slli_epi16::<6>(_mm512_and_si512(b0, _mm512_set1_epi16(0x1F))),
            low1,
        );
        let mut u = _mm512_mask_mov_epi16(b0, two, v2);
        if THREE {
            let three = _mm512_cmpge_epu16_mask(b0, _mm512_set1_epi16(0xE0));
            let low2 = _mm512_and_si512(b2, _mm512_set1_epi16(0x3F));
            // 1110zzzz 10yyyyyy 10xxxxxx: the shift by 12 drops the marker.
            let v3 = _mm512_or_si512(
                _mm512_or_si512(_mm512_slli_epi16::<12>(b0), _mm512_slli_epi16::<6>(low1)),
                low2,
            );
            u = _mm512_mask_mov_epi16(u, three, v3);
        }
        store32::<T>(u, dst);
    }
}

/// The 32 units of the characters of the low (or with `HIGH`, the high)
/// halves of `leads` (`lead - C2`, or 0 for ASCII) and `lasts` (the last
/// bytes): see `Leads::checked_window`.
#[inline(always)]
unsafe fn two_byte_units<const HIGH: bool>(leads: __m512i, lasts: __m512i) -> __m512i {
    // SAFETY: the caller guarantees AVX-512 F/BW.
    unsafe {
        let (leads, lasts) = if HIGH {
            (_mm512_extracti64x4_epi64::<1>(leads), _mm512_extracti64x4_epi64::<1>(lasts))
        } else {
            (_mm512_castsi512_si256(leads), _mm512_castsi512_si256(lasts))
        };
        _mm512_add_epi16(
            _mm512_slli_epi16::<6>(_mm512_cvtepu8_epi16(leads)),
            _mm512_cvtepu8_epi16(lasts),
        )
    }
}

/// Stores the 32 units of `u` at `dst` as the target's units.
#[inline(always)]
unsafe fn store32<T: Target>(u: __m512i, dst: *mut T::Unit) {
    // SAFETY: the caller guarantees AVX-512 F/BW and room for 32 units.
    unsafe {
        let d = dst.cast::<__m512i>();
        if T::UTF32 {
            _mm512_storeu_si512(d, _mm512_cvtepu16_epi32(_mm512_castsi512_si256(u)));
            _mm512_storeu_si512(d.add(1), _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(u)));
        } else if T::SWAP {
            _mm512_storeu_si512(
                d,
                _mm512_or_si512(_mm512_slli_epi16::<8>(u), _mm512_srli_epi16::<8>(u)),
            );
        } else {
            _mm512_storeu_si512(d, u);
        }
    }
}

/// Converts the characters of a window that has 4-byte ones, `keep`
/// marking their first bytes: the first to fourth bytes of each are
/// gathered with `vpcompressb`, and every 16 characters are converted in
/// 32-bit lanes; for UTF-16, the supplementary ones become surrogate
/// pairs in their lane and `vpcompressw` packs the units. Returns the
/// units written.
///
/// # Safety
///
/// AVX-512 F/BW/VBMI2; 64 + 3 readable bytes at `at`, room for 64 + 16
/// units at `dst`.
#[inline(always)]
unsafe fn with_four<T: Target>(x: __m512i, at: *const u8, keep: u64, dst: *mut T::Unit) -> usize {
    // SAFETY: the caller guarantees the ISA and the readable bytes (the
    // loads at `at + 1..=3` end at `at + 67`). Writes: round `r` (16
    // characters) starts at `o <= 16 * r` units and UTF-32 stores 16
    // values, so ends at most at 64 units; UTF-16 stores with a mask of
    // the units it counts, whose total is at most one per byte of the
    // characters: 67 bytes at most (the last may end 3 bytes past the
    // window).
    // The stack arrays are 64 bytes and read 16 at `16 * r`, `r < 4`.
    unsafe {
        let mut bytes = [[0u8; 64]; 4];
        _mm512_storeu_si512(bytes[0].as_mut_ptr().cast(), _mm512_maskz_compress_epi8(keep, x));
        for (k, b) in bytes.iter_mut().enumerate().skip(1) {
            let shifted = _mm512_loadu_si512(at.add(k).cast());
            _mm512_storeu_si512(b.as_mut_ptr().cast(), _mm512_maskz_compress_epi8(keep, shifted));
        }
        let chars = keep.count_ones() as usize;
        let mut o = 0;
        let mut r = 0;
        while 16 * r < chars {
            let q = |k: usize| {
                _mm512_cvtepu8_epi32(_mm_loadu_si128(bytes[k][16 * r..].as_ptr().cast()))
            };
            let (b0, b1, b2, b3) = (q(0), q(1), q(2), q(3));
            let m6 = _mm512_set1_epi32(0x3F);
            let (l1, l2, l3) =
                (_mm512_and_si512(b1, m6), _mm512_and_si512(b2, m6), _mm512_and_si512(b3, m6));
            let two = _mm512_cmpge_epu32_mask(b0, _mm512_set1_epi32(0xC0));
            let three = _mm512_cmpge_epu32_mask(b0, _mm512_set1_epi32(0xE0));
            let four = _mm512_cmpge_epu32_mask(b0, _mm512_set1_epi32(0xF0));
            let v2 = _mm512_or_si512(
                _mm512_slli_epi32::<6>(_mm512_and_si512(b0, _mm512_set1_epi32(0x1F))),
                l1,
            );
            let v3 = _mm512_or_si512(
                _mm512_slli_epi32::<12>(_mm512_and_si512(b0, _mm512_set1_epi32(0x0F))),
                _mm512_or_si512(_mm512_slli_epi32::<6>(l1), l2),
            );
            let v4 = _mm512_or_si512(
                _mm512_or_si512(
                    _mm512_slli_epi32::<18>(_mm512_and_si512(b0, _mm512_set1_epi32(0x07))),
                    _mm512_slli_epi32::<12>(l1),
                ),
                _mm512_or_si512(_mm512_slli_epi32::<6>(l2), l3),
            );
            let cp = _mm512_mask_mov_epi32(
                _mm512_mask_mov_epi32(_mm512_mask_mov_epi32(b0, two, v2), three, v3),
                four,
                v4,
            );
            let n = (chars - 16 * r).min(16);
            if T::UTF32 {
                _mm512_storeu_si512(dst.add(o).cast(), cp);
                o += n;
            } else {
                let s = _mm512_sub_epi32(v4, _mm512_set1_epi32(0x1_0000));
                let high = _mm512_or_si512(_mm512_srli_epi32::<10>(s), _mm512_set1_epi32(0xD800));
                let low = _mm512_or_si512(
                    _mm512_and_si512(s, _mm512_set1_epi32(0x3FF)),
                    _mm512_set1_epi32(0xDC00),
                );
                let pair = _mm512_or_si512(high, _mm512_slli_epi32::<16>(low));
                let mut w = _mm512_mask_mov_epi32(cp, four, pair);
                if T::SWAP {
                    w = _mm512_or_si512(_mm512_slli_epi16::<8>(w), _mm512_srli_epi16::<8>(w));
                }
                let lanes = ((1u32 << n) - 1) as u16;
                if four & lanes == lanes {
                    // All pairs (emoji): no packing.
                    let store = ((1u64 << (2 * n)) - 1) as u32;
                    _mm512_mask_storeu_epi16(dst.add(o).cast(), store, w);
                    o += 2 * n;
                } else {
                    // The low unit of each of the `n` lanes, and the high
                    // one where it is not zero (a low surrogate).
                    let nonzero = _mm512_test_epi16_mask(w, w);
                    let units = ((0x5555_5555 | (nonzero & 0xAAAA_AAAA)) as u64
                        & ((1u64 << (2 * n)) - 1)) as u32;
                    let packed = _mm512_maskz_compress_epi16(units, w);
                    let count = units.count_ones() as usize;
                    let store = ((1u64 << count) - 1) as u32;
                    _mm512_mask_storeu_epi16(dst.add(o).cast(), store, packed);
                    o += count;
                }
            }
            r += 1;
        }
        o
    }
}

// SAFETY: `lead_bits` sets the bits of the bytes that compare above
// -65 as `i8`, exactly the non-continuations; `store_ascii_window`
// writes its 64 units through the AVX2 type's, and the window hooks
// convert with `convert_chars`, whose room and reads are theirs (see
// the SAFETY comments there); `Wide` is implied by AVX-512's features.
unsafe impl Leads for __m512i {
    // Unused: `convert_window` takes every valid window.
    type Wide = __m128i;

    #[inline(always)]
    unsafe fn lead_bits<const N: usize>(v: &[Self; N]) -> u64 {
        // SAFETY: the caller guarantees AVX-512BW. Continuations are
        // -128..=-65 as `i8`; the rest compare greater than -65.
        unsafe { _mm512_cmpgt_epi8_mask(v[0], _mm512_set1_epi8(-65)) }
    }

    #[inline(always)]
    unsafe fn store_ascii_window<T: Target, const N: usize>(
        v: &[Self; N],
        dst: *mut T::Unit,
    ) -> bool {
        // SAFETY: the caller guarantees AVX-512F (so AVX2) and room for 64
        // units at `dst`; the stores write 32 bytes each, in order, exactly
        // that. 256-bit stores measured faster on Zen 4 (38.7 against 38.0
        // GB/s on ASCII) than 512-bit ones.
        unsafe {
            let mut d = dst.cast::<__m256i>();
            let x = v[0];
            let (lo, hi) = (_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64::<1>(x));
            let quarters = [
                _mm256_castsi256_si128(lo),
                _mm256_extracti128_si256::<1>(lo),
                _mm256_castsi256_si128(hi),
                _mm256_extracti128_si256::<1>(hi),
            ];
            for h in quarters {
                if T::UTF32 {
                    _mm256_storeu_si256(d, _mm256_cvtepu8_epi32(h));
                    _mm256_storeu_si256(d.add(1), _mm256_cvtepu8_epi32(_mm_srli_si128::<8>(h)));
                    d = d.add(2);
                } else {
                    let w = _mm256_cvtepu8_epi16(h);
                    // Big-endian: the byte goes high, which is a shift.
                    let w = if T::SWAP { _mm256_slli_epi16::<8>(w) } else { w };
                    _mm256_storeu_si256(d, w);
                    d = d.add(1);
                }
            }
            true
        }
    }

    #[inline(always)]
    unsafe fn convert_window<T: Target, const N: usize>(
        v: &[Self; N],
        at: *const u8,
        dst: *mut T::Unit,
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller guarantees AVX-512 F/BW/VBMI2, 64 + 16
        // readable bytes at `at` and room for 64 + 16 units at `dst`: what
        // `convert_chars` needs.
        unsafe {
            let x = v[0];
            let leads = _mm512_cmpgt_epi8_mask(x, _mm512_set1_epi8(-65));
            // A window of 3-byte characters from its first byte (21 whole
            // ones, and the lead of the next at byte 63): the advance is
            // a constant, so the next window's load waits on a predicted
            // branch rather than on this window's masks. Chinese text:
            // 6.1 to 10.4 GB/s.
            if leads == THREES {
                three_byte_units::<T>(x, at, 0, dst);
                return Some((63, 21));
            }
            // The same for sixteen 4-byte characters: the fifteen before
            // the last lead, at byte 60.
            if leads == FOURS {
                four_byte_chars::<__m512i, T>(at, dst);
                return Some((60, if T::UTF32 { 15 } else { 30 }));
            }
            // The characters before the last lead byte are complete, and
            // validated with the window; that byte found from memory.
            let last = last_lead(at);
            let keep = leads & ((1u64 << last) - 1);
            if keep == 0 {
                return None;
            }
            Some((last, convert_chars::<T>(x, at, keep, dst)))
        }
    }

    /// Windows of ASCII and 2-byte characters (every byte below `E0`,
    /// most windows of Latin-script, Cyrillic, Greek, Arabic and Hebrew
    /// text), after simdutf's icelake kernel: valid iff every byte with
    /// its high bit set is a 2-byte lead (`C2..=DF`) or a continuation
    /// byte, and the continuation bytes are exactly the bytes after a lead
    /// (so none comes first): four compares into masks and a few scalar
    /// tests, where the block validation takes a dozen vector
    /// instructions. A lead in the last byte is left for the next window.
    /// The characters' leads and last bytes are gathered with
    /// `vpcompressb`, and each unit is `(lead - C2) << 6` plus its last
    /// byte, whose `80` tag the `- C2` (rather than `- C0`) cancels; an
    /// ASCII character has no lead and its byte as the last.
    #[inline(always)]
    unsafe fn checked_window<T: Target, const N: usize>(
        v: &[Self; N],
        at: *const u8,
        dst: *mut T::Unit,
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller guarantees AVX-512 F/BW/VBMI2 and POPCNT, 64
        // readable bytes at `at` (the window, and the byte read below is
        // its last) and room for `BLOCK + MARGIN` units at `dst`: the
        // stores write 64 units.
        unsafe {
            let x = v[0];
            if _mm512_cmpge_epu8_mask(x, _mm512_set1_epi8(0xE0u8 as i8)) != 0 {
                return None;
            }
            let high = _mm512_movepi8_mask(x);
            let lead = _mm512_cmpge_epu8_mask(x, _mm512_set1_epi8(0xC2u8 as i8));
            let cont = _mm512_cmplt_epi8_mask(x, _mm512_set1_epi8(-0x40));
            if high != lead | cont || cont != lead << 1 {
                return None;
            }
            // The window is valid, so its last byte is a lead iff it is
            // at least C0: read from memory, the next window's start does
            // not wait for the compares above.
            // (A volatile read, or LLVM extracts it from a vector load,
            // which puts two more instructions' latency on the chain from
            // one window's start to the next: 30 % of the speed.)
            let open = usize::from(at.add(63).read_volatile() >= 0xC0);
            // The characters start at the bytes other than continuation
            // bytes and end at the bytes other than leads. A lead in the
            // last byte is a start without an end: its lead is gathered
            // after the others, into a unit past the count.
            let (starts, ends) = (!cont, !lead);
            let tags = _mm512_maskz_sub_epi8(lead, x, _mm512_set1_epi8(0xC2u8 as i8));
            let leads = _mm512_maskz_compress_epi8(starts, tags);
            let lasts = _mm512_maskz_compress_epi8(ends, x);
            // Both halves, whatever the count: on Cyrillic or Greek text
            // a window holds about 32 characters, and a test of the count
            // would mispredict half the time.
            store32::<T>(two_byte_units::<false>(leads, lasts), dst);
            store32::<T>(two_byte_units::<true>(leads, lasts), dst.add(32));
            let chars = ends.count_ones() as usize;
            Some((64 - open, chars))
        }
    }

    const VALID_WINDOWS: bool = true;

    #[inline(always)]
    unsafe fn convert_valid_window<T: Target, const N: usize>(
        v: &[Self; N],
        at: *const u8,
        dst: *mut T::Unit,
    ) -> usize {
        // SAFETY: the caller guarantees AVX-512 F/BW/VBMI2, valid input
        // with 64 + 16 readable bytes at `at` and room for 64 + 16 units
        // at `dst`: what `convert_chars` needs, every character that
        // starts in the window being whole within `at + 67`.
        unsafe {
            let x = v[0];
            let leads = _mm512_cmpgt_epi8_mask(x, _mm512_set1_epi8(-65));
            convert_chars::<T>(x, at, leads, dst)
        }
    }
}

/// The position of the last byte of the validated window at `at` that is
/// not a continuation byte (the lead of the character that runs to or
/// past the window's end): one of its last four, as a valid window has a
/// lead there. Found from those four bytes read from memory, so that the
/// next window's load, which starts there, waits on these loads and four
/// scalar operations rather than on this window's compare and mask move
/// (the chain from window to window bounds the loop on text that is not
/// all of one width: Korean 6.2 to 7.0 GB/s, Hindi 6.2 to 6.8). The reads
/// are volatile, or LLVM extracts the bytes from the window's vector load.
///
/// # Safety
///
/// 64 readable bytes at `at`.
#[inline(always)]
unsafe fn last_lead(at: *const u8) -> usize {
    // SAFETY: the caller guarantees bytes `at..at + 64`; byte reads are
    // aligned.
    let tail = |k: usize| unsafe { u32::from(at.add(60 + k).read_volatile()) } << (8 * k);
    let w = tail(0) | tail(1) | tail(2) | tail(3);
    // A byte's top two bits are `10` iff it is a continuation byte. (The
    // `| 1` only keeps an invalid window, which the callers never pass,
    // from overflowing: it reads as a lead at byte 60.)
    let not_cont = (w ^ 0x8080_8080) & 0xC0C0_C0C0;
    60 + (31 - (not_cont | 1).leading_zeros() as usize) / 8
}

/// The leads of a window of 3-byte characters from its first byte.
const THREES: u64 = 0x9249_2492_4924_9249;
/// The leads of a window of 4-byte characters from its first byte.
const FOURS: u64 = 0x1111_1111_1111_1111;

/// For [`three_byte_units`], per phase `e` (the first character's first
/// byte): `vpermi2b` indices over the window `x` (bytes 0..64, indices
/// 0..64) and the 64 bytes from byte 16 (indices 64..128) that put the
/// last byte of character `k` (`e + 3k + 2`) in the low byte of 16-bit
/// lane `k` and its middle byte in the high byte (`LOW`), or its first
/// byte in the high byte (`LEAD`; the low byte is zeroed by a mask).
/// Lanes past the 22nd character repeat its indices.
const THREE_BYTE_IDX: [[[u8; 64]; 3]; 2] = {
    let mut t = [[[0; 64]; 3]; 2];
    let mut e = 0;
    while e < 3 {
        let mut k = 0;
        while k < 32 {
            let first = e + 3 * if k < 22 { k } else { 21 };
            t[0][e][2 * k] = byte_index(first + 2);
            t[0][e][2 * k + 1] = byte_index(first + 1);
            t[1][e][2 * k + 1] = byte_index(first);
            k += 1;
        }
        e += 1;
    }
    t
};

/// The `vpermi2b` index of byte `b` of the input: `x`'s byte, or byte
/// `b - 16` of the second register.
const fn byte_index(b: usize) -> u8 {
    (if b < 64 { b } else { b + 48 }) as u8
}

/// Converts the 3-byte characters that start at bytes `e`, `e + 3`, ..
/// of the window `x` loaded from `at` (up to 22 of them, the last ending
/// at most at byte 65) to 32 units at `dst`, the caller counting those
/// the window holds: two `vpermi2b` gather each character's bytes into a
/// 16-bit lane, and a few shifts and masks compose its unit, where the
/// compress path of `convert_chars` gathers the bytes of each position
/// separately. (Alone, it measured no faster on Chinese text than that
/// path, 6.0 to 6.2 GB/s: the loop waited on the chain from window to
/// window. With the constant advance of `convert_window`, 10.4.)
///
/// # Safety
///
/// AVX-512 F/BW/VBMI; `e < 3`; 80 readable bytes at `at` and room for 32
/// units at `dst`.
#[inline(always)]
unsafe fn three_byte_units<T: Target>(x: __m512i, at: *const u8, e: usize, dst: *mut T::Unit) {
    // SAFETY: the caller guarantees the ISA, the 80 bytes (the load reads
    // bytes 16..80) and the room (`store32` writes 32 units). The index
    // rows are 64-byte arrays, `e < 3`.
    unsafe {
        let y = _mm512_loadu_si512(at.add(16).cast());
        let row = |r: usize| _mm512_loadu_si512(THREE_BYTE_IDX[r][e].as_ptr().cast());
        let low = _mm512_permutex2var_epi8(x, row(0), y);
        let lead = _mm512_maskz_permutex2var_epi8(0xAAAA_AAAA_AAAA_AAAA, x, row(1), y);
        // The last byte's 6 bits, the middle byte's 6 above them, and the
        // lead's 4: shifting the lead from bit 8 to bit 12 drops its
        // marker bits off the lane's top.
        let m6 = _mm512_set1_epi16(0x3F);
        let u = _mm512_or_si512(
            _mm512_or_si512(
                _mm512_and_si512(low, m6),
                _mm512_srli_epi16::<2>(_mm512_and_si512(low, _mm512_set1_epi16(0x3F00))),
            ),
            _mm512_slli_epi16::<4>(lead),
        );
        store32::<T>(u, dst);
    }
}

/// Converts the characters of valid UTF-8 whose first bytes are marked in
/// `keep`, in the window `x` loaded from `at`: the first, second and third
/// bytes of each are gathered with `vpcompressb`, and 32 characters at a
/// time are converted in 16-bit lanes (`with_four` for windows with
/// 4-byte characters). Returns the units written.
///
/// # Safety
///
/// AVX-512 F/BW/VBMI2; the characters marked in `keep` are valid UTF-8
/// and end at most 3 bytes past the window; 64 + 16 readable bytes at
/// `at` (the loads at `at + 1` and `at + 2` read up to `at + 66`); room
/// for 64 + 16 units at `dst` (the stores write 64 units).
#[inline(always)]
unsafe fn convert_chars<T: Target>(
    x: __m512i,
    at: *const u8,
    keep: u64,
    dst: *mut T::Unit,
) -> usize {
    // SAFETY: the caller guarantees the ISA, the readable bytes and the
    // room.
    unsafe {
        if keep == 0 {
            return 0;
        }
        if _mm512_cmpge_epu8_mask(x, _mm512_set1_epi8(0xF0u8 as i8)) != 0 {
            // Sixteen 4-byte characters (emoji), all that start in a
            // window of valid input: the bytes between the marked leads
            // are continuations, so each marked character but the last
            // has four bytes, and so has the last where it starts at byte
            // 60 with a 4-byte lead. (A window of the validating loop
            // whose last lead, unmarked, is at byte 61 to 63 can mark
            // these leads too; the one at 60 is then shorter, and not
            // such a lead. Its window of fifteen, with the last lead at
            // 60, `convert_window` takes itself.) Constant shuffles in
            // 32-bit lanes, where `with_four` gathers with four
            // compresses and packs. The `&str` loop's windows, 64 bytes
            // apart, meet such a run at any phase `e`: its sixteen
            // characters then start at `e` and end by byte 67, which is
            // readable.
            let e = keep.trailing_zeros() as usize;
            if e < 4 && keep == FOURS << e && at.add(60 + e).read() >= 0xF0 {
                four_byte_chars::<__m512i, T>(at.add(e), dst);
                return if T::UTF32 { 16 } else { 32 };
            }
            return with_four::<T>(x, at, keep, dst);
        }
        // Characters of 3 bytes only (most windows of CJK text): every
        // third byte from the first marked one, `e`, is marked, through
        // the last, `top`, which is a 3-byte lead. The bytes between marks
        // are continuations, so every marked character has three bytes.
        let (e, top) = (keep.trailing_zeros() as usize, 63 - keep.leading_zeros() as usize);
        if e < 3
            && keep == (THREES << e) & (u64::MAX >> (63 - top))
            && at.add(top).read() >> 4 == 0xE
        {
            three_byte_units::<T>(x, at, e, dst);
            return keep.count_ones() as usize;
        }
        let b0 = _mm512_maskz_compress_epi8(keep, x);
        let b1 = _mm512_maskz_compress_epi8(keep, _mm512_loadu_si512(at.add(1).cast()));
        let chars = keep.count_ones() as usize;
        let lo = |b: __m512i| _mm512_cvtepu8_epi16(_mm512_castsi512_si256(b));
        let hi = |b: __m512i| _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(b));
        // Third bytes only where there are 3-byte characters (the
        // Cyrillic, Greek, Arabic, Hebrew... windows have none).
        if _mm512_cmpge_epu8_mask(x, _mm512_set1_epi8(0xE0u8 as i8)) != 0 {
            let b2 = _mm512_maskz_compress_epi8(keep, _mm512_loadu_si512(at.add(2).cast()));
            finish32::<T, true>(lo(b0), lo(b1), lo(b2), dst);
            if chars > 32 {
                finish32::<T, true>(hi(b0), hi(b1), hi(b2), dst.add(32));
            }
        } else {
            let z = _mm512_setzero_si512();
            finish32::<T, false>(lo(b0), lo(b1), z, dst);
            if chars > 32 {
                finish32::<T, false>(hi(b0), hi(b1), z, dst.add(32));
            }
        }
        chars
    }
}
