//! UTF-8 to UTF-16 (either byte order) and UTF-32, validating in the same
//! pass: the method of Lemire & Muła, *Transcoding Billions of Unicode
//! Characters per Second with SIMD Instructions* (Software: Practice and
//! Experience, 2022), with the validation of [`super::utf8`].
//!
//! # The main loop
//!
//! One loop, `windows`, serves both conversions: [`convert`] validates
//! as it goes, [`convert_valid`] takes a `&str`. The input is read in
//! 64-byte *windows*. A window is
//!
//! - all ASCII: then it starts on a character boundary and is valid, and
//!   is widened directly (zero-extended to 16 or 32 bits, byte-swapped for
//!   UTF-16BE), 64 units for 64 bytes;
//! - otherwise, when validating, it is validated with the lookup algorithm
//!   against the three bytes before it, and if that finds an error the
//!   kernel stops at the window's start, leaving the exact error to the
//!   scalar finish (see `KernelFns`); then its characters are converted
//!   by one of the window conversions below, the same in both modes.
//!
//! What differs is where the next window starts. The validating loop
//! starts each window on a character boundary and consumes only the
//! characters its validation has seen whole: the next window starts after
//! the last character converted, so windows overlap by the few bytes of a
//! character cut by the window's end (which are validated twice,
//! harmlessly). A character ending on the window's last byte is left for
//! the next window too: the validation of this one cannot tell whether it
//! is complete. So where a window starts depends on the bytes just loaded
//! (a load, a mask, a count of leading zeros, an add), a chain of about
//! fifteen cycles per window that the conversion cannot hide. Valid input
//! needs no such care: every window of a `&str` is the next 64 bytes,
//! whatever they hold, so the windows' loads do not wait on each other,
//! and a character that runs past a window's end is converted by the
//! window where it ends (or, by an ISA that converts whole windows, where
//! it starts). That is worth 1.2-1.4x on the geomean of nine languages'
//! text (up to 1.9x on one), which is why the loop takes its step from
//! the mode.
//!
//! The steps read up to 16 bytes from a position `<= MAX_STEP_START`, so
//! the loop runs while a window and [`MARGIN`] more bytes remain; it also
//! stops when `dst` has fewer than `BLOCK + MARGIN` units of room (a
//! window writes at most one unit per input byte, and the steps store up
//! to 16 units of scratch beyond what they count). Where the loop stops,
//! the scalar finish takes over at a character boundary: the first
//! character not yet converted.
//!
//! # Windows of valid input
//!
//! Without validation, the windows that do not start on a boundary are
//! converted as follows.
//!
//! - An ISA that converts whole windows of valid input itself
//!   ([`Leads::VALID_WINDOWS`], the AVX-512 kernel) converts the
//!   characters that *start* in the window, a last one that runs past its
//!   end included (the bytes after the window are readable).
//! - Otherwise a window of nothing but 3-byte characters (CJK text), at
//!   any of the three phases, goes to [`three_byte_chars`], and another
//!   window without 4-byte characters to [`bmp_window`]. Both convert the
//!   characters that *end* in the window: the bytes before the window come
//!   from the input (not zeros), so a character that starts in the
//!   previous window and ends in this one is converted here, and the last
//!   byte's end bit comes from the byte after the window.
//! - A window of sixteen 4-byte characters (emoji), from its first byte
//!   to its last, goes to [`four_byte_chars`].
//! - Another window with a 4-byte character goes to the steps, which need a
//!   character boundary: they start at the first character not yet
//!   converted and end on a boundary, as in the validating loop.
//!
//! # Steps
//!
//! A step looks at the 16 bytes from a character boundary and at the
//! 12-bit *end-of-character mask* of the first 12 (bit `i` set iff byte `i`
//! is the last of a character: byte `i + 1` is not a continuation). The
//! mask determines the lengths of the complete characters in those bytes,
//! and so a byte shuffle that gathers each character's bytes into a 16- or
//! 32-bit lane, last byte lowest; shifts and masks then squeeze out the
//! UTF-8 marker bits. A table generated at compile time ([`TABLES`], by a
//! `const fn`) maps each of the 4096 masks to one of 303
//! shuffle patterns, of three kinds:
//!
//! - up to six 1- or 2-byte characters, into 16-bit lanes;
//! - up to four 1- to 3-byte characters, into 32-bit lanes, then narrowed;
//! - up to three 1- to 4-byte characters, into 32-bit lanes; for UTF-16,
//!   the supplementary ones become surrogate pairs in their lane and a
//!   second shuffle (keyed by which lanes hold pairs) packs the units.
//!
//! Sixteen ASCII bytes and four 4-byte characters (emoji) have their own
//! faster paths, taken when the mask of 16 bytes says so.
//!
//! # Windows without 4-byte characters
//!
//! The steps wait on each other: where a step ends depends on a table
//! load keyed by where the last one ended. A window with no 4-byte
//! character (no byte `F0..=FF`: all of Cyrillic, Greek, Arabic, Hebrew,
//! the Indic scripts, CJK and Hangul, mixed with ASCII) is converted
//! instead by [`bmp_window`], 16 bytes at a time with nothing carried but
//! the output position: each byte gets the UTF-16 unit of the character
//! that ends there, computed from it and the two bytes before it, and the
//! end-of-character mask picks the bytes that do end a character, by one
//! shuffle per 8 units from a 256-entry table. A window of nothing but
//! 3-byte characters (most of CJK text) has a faster way still,
//! [`three_byte_chars`]: constant shuffles put the three bytes of eight
//! characters into eight 16-bit lanes.
//! A window of nothing but 4-byte characters (emoji) goes to
//! [`four_byte_chars`], which reverses each 32-bit lane's bytes with a
//! constant shuffle and composes the scalar values there.

use super::utf16::{pairs, Keep16, KEEP16};
use super::utf8;
use super::vector::{Count, Leads, Target, WideVector};
use super::Utf8Vector;
use crate::arch::Out;

/// Bytes per window (the validation block).
pub(super) const BLOCK: usize = utf8::BLOCK;

/// The steps start at most here in a window, so that the 12 bits of mask
/// they use are known (`52 + 11 <= 63`).
pub(super) const MAX_STEP_START: usize = BLOCK - 12;

/// Bytes the main loop needs after a window, and units of room in `dst`
/// beyond one window's output: a step at [`MAX_STEP_START`] reads 16 bytes
/// and stores up to 16 units past its start.
pub(super) const MARGIN: usize = 16;

/// The pattern kinds (see the module docs).
const KIND_2: u8 = 0;
const KIND_3: u8 = 1;
const KIND_4: u8 = 2;

/// One shuffle pattern: how to gather the characters of a step into lanes.
#[derive(Clone, Copy)]
struct Pattern {
    /// The `WideVector::shuffle` index vector.
    shuffle: [u8; 16],
    /// [`KIND_2`], [`KIND_3`] or [`KIND_4`].
    kind: u8,
    /// Characters converted.
    chars: u8,
    /// UTF-16 units written: `chars` plus one per 4-byte character.
    units16: u8,
    /// For [`KIND_4`]: bit `k` set iff character `k` has 4 bytes.
    pairs: u8,
}

/// At most this many distinct patterns (the generator asserts it).
const MAX_PATTERNS: usize = 320;

/// The step tables, built by [`build_tables`].
struct Tables {
    /// Per 12-bit mask: `pattern << 4 | bytes consumed`; 0 consumed for a
    /// mask that valid UTF-8 cannot produce.
    index: [u16; 4096],
    patterns: [Pattern; MAX_PATTERNS],
    /// For [`KIND_4`] and UTF-16, per `pairs`: the lane mask of the lanes
    /// holding pairs, and the shuffle that packs the 16-bit units in
    /// little- and in big-endian order.
    pair_mask: [[u8; 16]; 8],
    pack_le: [[u8; 16]; 8],
    pack_be: [[u8; 16]; 8],
}

/// Shuffle index that yields a zero byte.
const Z: u8 = 0x80;

/// Whether the first `chars` of `lens` exist and are at most `max` bytes.
const fn fits(lens: &[usize; 12], chars: usize, max: usize) -> bool {
    let mut k = 0;
    while k < chars {
        if lens[k] > max {
            return false;
        }
        k += 1;
    }
    chars > 0
}

const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

/// The number of pattern keys: a kind (3) and a character count (0 to 6)
/// above the lengths less one of up to six characters (2 bits each).
const KEYS: usize = (3 * 7) << 12;

const fn build_tables() -> Tables {
    const EMPTY: Pattern = Pattern { shuffle: [Z; 16], kind: 0, chars: 0, units16: 0, pairs: 0 };
    let mut t = Tables {
        index: [0; 4096],
        patterns: [EMPTY; MAX_PATTERNS],
        pair_mask: [[0; 16]; 8],
        pack_le: [[Z; 16]; 8],
        pack_be: [[Z; 16]; 8],
    };
    // Each pattern's slot, by its key (kind, character count and
    // lengths), to share patterns between masks. A direct map rather than
    // a search of the patterns so far: the compile-time interpreter runs
    // this loop, and searching made the table take half a second of every
    // build.
    let mut slot = [u16::MAX; KEYS];
    let mut count = 0;
    let mut mask = 0;
    while mask < 4096 {
        // The lengths of the complete characters.
        let mut lens = [0usize; 12];
        let (mut n, mut start, mut i) = (0, 0, 0);
        while i < 12 {
            if mask >> i & 1 == 1 {
                lens[n] = i + 1 - start;
                n += 1;
                start = i + 1;
            }
            i += 1;
        }
        // The kind: the first that takes all of its leading characters.
        let (kind, chars) = if fits(&lens, min(n, 6), 2) {
            (KIND_2, min(n, 6))
        } else if fits(&lens, min(n, 4), 3) {
            (KIND_3, min(n, 4))
        } else if fits(&lens, min(n, 3), 4) {
            (KIND_4, min(n, 3))
        } else {
            // Not valid UTF-8 (a character longer than 4 bytes, or none
            // ending in 12 bytes): consume nothing.
            mask += 1;
            continue;
        };
        let mut key = (kind as usize * 7 + chars) << 12;
        let mut k = 0;
        let mut consumed = 0;
        while k < chars {
            key |= (lens[k] - 1) << (2 * k);
            consumed += lens[k];
            k += 1;
        }
        let mut p = slot[key] as usize;
        if p == u16::MAX as usize {
            assert!(count < MAX_PATTERNS, "too many step patterns");
            p = count;
            slot[key] = p as u16;
            count += 1;
            let lane = if kind == KIND_2 { 2 } else { 4 };
            let mut pat =
                Pattern { shuffle: [Z; 16], kind, chars: chars as u8, units16: 0, pairs: 0 };
            let (mut k, mut s) = (0, 0);
            while k < chars {
                // Lane `k` holds the character's bytes, last one lowest.
                let mut j = 0;
                while j < lens[k] {
                    pat.shuffle[lane * k + j] = (s + lens[k] - 1 - j) as u8;
                    j += 1;
                }
                if lens[k] == 4 {
                    pat.pairs |= 1 << k;
                }
                s += lens[k];
                k += 1;
            }
            pat.units16 = pat.chars + pat.pairs.count_ones() as u8;
            t.patterns[p] = pat;
        }
        t.index[mask] = (p << 4 | consumed) as u16;
        mask += 1;
    }
    // Packing the three 32-bit lanes of KIND_4: the low unit of each lane,
    // and the high one too where the lane holds a pair.
    let mut pairs = 0;
    while pairs < 8 {
        let (mut k, mut o) = (0, 0);
        while k < 3 {
            let units = if pairs >> k & 1 == 1 { 2 } else { 1 };
            let mut u = 0;
            while u < units {
                let b = 4 * k + 2 * u;
                t.pack_le[pairs][2 * o] = b as u8;
                t.pack_le[pairs][2 * o + 1] = b as u8 + 1;
                t.pack_be[pairs][2 * o] = b as u8 + 1;
                t.pack_be[pairs][2 * o + 1] = b as u8;
                o += 1;
                u += 1;
            }
            if units == 2 {
                let mut j = 0;
                while j < 4 {
                    t.pair_mask[pairs][4 * k + j] = 0xFF;
                    j += 1;
                }
            }
            k += 1;
        }
        pairs += 1;
    }
    t
}

/// The step tables (8 KiB of index, 6 KiB of patterns). Only built with
/// the transcoders: they cost a tenth of a second of compile time.
#[cfg(feature = "transcode")]
static TABLES: Tables = build_tables();

/// Loads a 16-byte table row.
#[inline(always)]
unsafe fn row<H: WideVector>(r: &[u8; 16]) -> H {
    // SAFETY: the caller guarantees H's ISA; `r` is 16 readable bytes.
    unsafe { H::load(r.as_ptr()) }
}

/// Byte-swaps each 16-bit lane if `swap`.
#[inline(always)]
unsafe fn order16<H: WideVector>(v: H, swap: bool) -> H {
    const SWAP: [u8; 16] = [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14];
    // SAFETY: the caller guarantees H's ISA.
    unsafe {
        if swap {
            v.shuffle(H::table(&SWAP))
        } else {
            v
        }
    }
}

/// Stores 16 bytes `v`, already known to be ASCII, as 16 units at `dst`.
#[inline(always)]
unsafe fn store_ascii16<H: WideVector, T: Target>(v: H, dst: *mut T::Unit) {
    // SAFETY: the caller guarantees H's ISA and room for 16 units at `dst`.
    unsafe {
        let d = dst.cast::<u8>();
        let (lo, hi) = v.widen8();
        if T::UTF32 {
            let (a, b) = lo.widen16();
            let (c, e) = hi.widen16();
            a.store(d);
            b.store(d.add(16));
            c.store(d.add(32));
            e.store(d.add(48));
        } else {
            order16(lo, T::SWAP).store(d);
            order16(hi, T::SWAP).store(d.add(16));
        }
    }
}

/// After an ASCII window: converts the rest of the ASCII run at `p`, two
/// windows per test, while two windows and [`MARGIN`] more bytes remain
/// in `src` and as many units of room at `o` in `dst` (`dst_len` units
/// at `out`). Returns the new `(p, o)`: `p` is then a character boundary.
///
/// # Safety
///
/// The ISAs of `V` and `H`; `out` valid for writes of `dst_len` units.
#[inline(always)]
pub(super) unsafe fn ascii_run<V: Leads, H: WideVector, T: Target, const N: usize>(
    src: &[u8],
    out: *mut T::Unit,
    dst_len: usize,
    mut p: usize,
    mut o: usize,
) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISAs and `out`; the loop condition
    // keeps the two windows' reads inside `src` and their stores inside
    // `dst`. The step back stays inside the run just converted.
    unsafe {
        let mut aligned = false;
        while p + 2 * BLOCK + MARGIN <= src.len() && o + 2 * BLOCK + MARGIN <= dst_len {
            let at = src.as_ptr().add(p);
            let a: [V; N] = super::array(|k| V::load(at.add(k * V::BYTES)));
            let b: [V; N] = super::array(|k| V::load(at.add(BLOCK + k * V::BYTES)));
            let mut any = a[0].or(b[0]);
            for k in 1..N {
                any = any.or(a[k]).or(b[k]);
            }
            if any.any_high_bit() {
                break;
            }
            store_ascii_window::<V, H, T, N>(&a, at, out.add(o));
            store_ascii_window::<V, H, T, N>(&b, at.add(BLOCK), out.add(o + BLOCK));
            p += 2 * BLOCK;
            o += 2 * BLOCK;
            if !aligned {
                // A long run: step back up to 31 units (ASCII, converted
                // already, so converted twice) to where the output is
                // aligned to 64 bytes, so that the stores that follow do
                // not straddle cache lines.
                aligned = true;
                let d = out.add(o) as usize % 64 / core::mem::size_of::<T::Unit>();
                p -= d;
                o -= d;
            }
        }
    }
    (p, o)
}

/// Whether the window `v`, folded to `top` by [`Leads::window_top`], holds
/// a byte `F0..=FF`: in valid UTF-8, the lead of a 4-byte character.
#[inline(always)]
unsafe fn has_four_byte_lead<V: Leads, const N: usize>(v: &[V; N], top: V) -> bool {
    let folded = if V::WINDOW_MAX { core::slice::from_ref(&top) } else { v };
    // SAFETY: the caller guarantees V's ISA.
    unsafe { any_above(folded, 0xEF) }
}

/// The steps from the character boundary `at`, while a step starts at
/// most [`MAX_STEP_START`] bytes in: returns the bytes consumed and the
/// units written. Fewer than `MAX_STEP_START + 1` bytes consumed means a
/// step met a mask that valid UTF-8 cannot produce.
///
/// # Safety
///
/// H's ISA; `MAX_STEP_START + 16` readable bytes at `at` and room for
/// `MAX_STEP_START + 16` units at `dst`; `ends` is the end-of-character
/// mask of the bytes from `at` (unknown bits 0).
#[cfg(feature = "transcode")]
#[inline(always)]
pub(super) unsafe fn steps<H: WideVector, T: Target>(
    at: *const u8,
    ends: u64,
    dst: *mut T::Unit,
) -> (usize, usize) {
    let (mut pos, mut o) = (0, 0);
    // SAFETY: each step reads 16 bytes at `at + pos` and writes up to 16
    // units at `dst + o`, with `o <= pos` (at most a unit per byte, and a
    // 4-byte character's two units), within what the caller provides.
    unsafe {
        while pos <= MAX_STEP_START {
            let (c, w) = step::<H, T>(at.add(pos), ends >> pos, dst.add(o));
            if c == 0 {
                break;
            }
            pos += c;
            o += w;
        }
    }
    (pos, o)
}

/// Stores the ASCII window `v`, loaded from `at`, as `BLOCK` units at
/// `dst`: the ISA's way, or 16 bytes at a time.
#[inline(always)]
pub(super) unsafe fn store_ascii_window<V: Leads, H: WideVector, T: Target, const N: usize>(
    v: &[V; N],
    at: *const u8,
    dst: *mut T::Unit,
) {
    // SAFETY: the caller guarantees the ISAs, `BLOCK` readable bytes at
    // `at` and room for `BLOCK` units at `dst`.
    unsafe {
        if !V::store_ascii_window::<T, N>(v, dst) {
            for k in 0..BLOCK / 16 {
                store_ascii16::<H, T>(H::load(at.add(16 * k)), dst.add(16 * k));
            }
        }
    }
}

/// The scalar values of the 4-byte-or-shorter characters gathered in the
/// 32-bit lanes of `perm` (last byte lowest, zeros above the first).
#[inline(always)]
unsafe fn compose4<H: WideVector>(perm: H) -> H {
    // SAFETY: the caller guarantees H's ISA.
    unsafe {
        let ascii = perm.and(H::splat32(0x7F));
        let second = perm.and(H::splat32(0x3F00)).shr32::<2>();
        // Byte 2 is a continuation (6 bits) or the lead of a 3-byte
        // character (4 bits); for a lead, bit 6 is set, and clears the
        // marker bit 5 that the 0x3F mask let through.
        let third = perm.and(H::splat32(0x3F_0000));
        let lead3 = perm.and(H::splat32(0x40_0000)).shr32::<1>();
        let third = third.xor(lead3).shr32::<4>();
        let fourth = perm.and(H::splat32(0x0700_0000)).shr32::<6>();
        ascii.or(second).or(third).or(fourth)
    }
}

/// One step at `src`: converts the complete characters among the first 12
/// (or 16) bytes, per `ends` (the end-of-character mask from `src` on;
/// unknown bits are 0). Returns the bytes consumed and units written (0
/// consumed for a mask valid UTF-8 cannot produce).
///
/// # Safety
///
/// H's ISA; 16 readable bytes at `src`, room for 16 units at `dst`.
#[cfg(feature = "transcode")]
#[inline(always)]
pub(super) unsafe fn step<H: WideVector, T: Target>(
    src: *const u8,
    ends: u64,
    dst: *mut T::Unit,
) -> (usize, usize) {
    // SAFETY: the caller guarantees H's ISA, the 16 bytes at `src` and the
    // 16 units at `dst`, in bytes `16 * size_of::<T::Unit>() / 2 >= 32`;
    // every store below writes at most that many bytes from `dst`. Table
    // rows are 16-byte arrays.
    unsafe {
        let input = H::load(src);
        let d = dst.cast::<u8>();
        let swap = T::SWAP;
        let m16 = ends & 0xFFFF;
        if m16 == 0xFFFF {
            store_ascii16::<H, T>(input, dst);
            return (16, 16);
        }
        if m16 == 0x8888 {
            // Four 4-byte characters: reverse each 32-bit lane.
            const REV: [u8; 16] = [3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12];
            let cp = compose4(input.shuffle(row(&REV)));
            if T::UTF32 {
                cp.store(d);
                return (16, 4);
            }
            order16(pairs(cp), swap).store(d);
            return (16, 8);
        }
        // The common runs of one width take paths of their own, with a
        // constant shuffle and a constant step: the table path's step
        // depends on a table load, and each step's start on the last one's
        // step, so there the loop waits on load latency; here on nothing
        // but a predicted branch.
        let (consumed, kind, chars, shuffle) = if m16 == 0xAAAA {
            const TWO: [u8; 16] = [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14];
            (16, KIND_2, 8, &TWO)
        } else if ends & 0xFFF == 0x924 {
            const THREE: [u8; 16] = [2, 1, 0, Z, 5, 4, 3, Z, 8, 7, 6, Z, 11, 10, 9, Z];
            (12, KIND_3, 4, &THREE)
        } else {
            let entry = TABLES.index[(ends & 0xFFF) as usize];
            let p = &TABLES.patterns[usize::from(entry >> 4)];
            (usize::from(entry & 15), p.kind, usize::from(p.chars), &p.shuffle)
        };
        let perm = input.shuffle(row(shuffle));
        match kind {
            KIND_2 => {
                let ascii = perm.and(H::splat32(0x007F_007F));
                let high = perm.and(H::splat32(0x1F00_1F00)).shr16::<2>();
                let u = ascii.or(high);
                if T::UTF32 {
                    let (a, b) = u.widen16();
                    a.store(d);
                    b.store(d.add(16));
                } else {
                    order16(u, swap).store(d);
                }
                (consumed, chars)
            }
            KIND_3 => {
                let ascii = perm.and(H::splat32(0x7F));
                let second = perm.and(H::splat32(0x3F00)).shr32::<2>();
                let third = perm.and(H::splat32(0x0F_0000)).shr32::<4>();
                let cp = ascii.or(second).or(third);
                if T::UTF32 {
                    cp.store(d);
                } else {
                    // The low 16 bits of each lane, in order.
                    const NARROW_LE: [u8; 16] = [0, 1, 4, 5, 8, 9, 12, 13, Z, Z, Z, Z, Z, Z, Z, Z];
                    const NARROW_BE: [u8; 16] = [1, 0, 5, 4, 9, 8, 13, 12, Z, Z, Z, Z, Z, Z, Z, Z];
                    let narrow = if swap { &NARROW_BE } else { &NARROW_LE };
                    cp.shuffle(row(narrow)).store(d);
                }
                (consumed, chars)
            }
            _ => {
                let cp = compose4(perm);
                if T::UTF32 {
                    cp.store(d);
                    return (consumed, chars);
                }
                // Only the table has KIND_4 patterns.
                let p = &TABLES.patterns[usize::from(TABLES.index[(ends & 0xFFF) as usize] >> 4)];
                let k = usize::from(p.pairs);
                let m = row::<H>(&TABLES.pair_mask[k]);
                // cp where the lane has no pair, the pair where it has.
                let units = cp.xor(cp.xor(pairs(cp)).and(m));
                let pack = if swap { &TABLES.pack_be[k] } else { &TABLES.pack_le[k] };
                units.shuffle(row(pack)).store(d);
                (consumed, usize::from(p.units16))
            }
        }
    }
}

/// Stores 128-bit lane `k` of `packed` (8 `u16` values, packed by a
/// [`KEEP16`] row that keeps `kept` of them) at `dst` as units of `T`.
///
/// # Safety
///
/// W's ISA; room for 8 units at `dst`.
#[inline(always)]
unsafe fn store_kept<W: WideVector, T: Target>(packed: W, k: usize, kept: u8, dst: *mut T::Unit) {
    // SAFETY: the caller guarantees W's ISA and the room: 16 bytes for
    // UTF-16, 32 for UTF-32.
    unsafe {
        if T::UTF32 && W::BYTES == 16 {
            // Widening a 16-byte vector takes two shuffles and two stores;
            // the second half matters only when more than four units are
            // kept, which is rare in CJK text (eight bytes hold two or
            // three characters): sse42 on Chinese 0.91 to 0.95x westmere.
            // With paired stores the test costs more than the half (NEON:
            // UTF-8 to UTF-32 of two-byte scripts 6 % fewer instructions).
            let (lo, hi) = packed.widen16();
            lo.store(dst.cast());
            if W::PAIRED_STORES || kept > 4 {
                hi.store(dst.cast::<u8>().add(16));
            }
        } else if T::UTF32 {
            packed.store_lane_wide16(k, dst.cast());
        } else {
            packed.store_lane(k, dst.cast());
        }
    }
}

/// Converts the complete characters of a validated window at `at` that
/// has no 4-byte character, given its end-of-character mask `ends` (bit 63
/// unknown, so 0): returns the bytes consumed (through the last character
/// that ends in the window) and the units written.
///
/// For the byte `c` at which a character ends, with `b` and `a` the two
/// bytes before it, the character's UTF-16 unit is
///
/// - `c`, if `c` is ASCII;
/// - `(b & 0x1F) << 6 | c & 0x3F` if `b` is a lead (a 2-byte character:
///   the lead's bit 5 is 0, so `b & 0x3F` serves too);
/// - `(a & 0x0F) << 12 | (b & 0x3F) << 6 | c & 0x3F` if `b` is a
///   continuation (a 3-byte character).
///
/// With `TWO` the caller knows that no character ending in the window
/// has three bytes (the window starts on a boundary and holds no byte of
/// `E0` or more): the third case and its operations (`a`, and whether
/// `b` is a lead) are left out.
///
/// That is computed in every byte lane, as a low and a high byte
/// interleaved into 16-bit lanes; lanes where no character ends hold
/// garbage and are dropped. With `load` (the ISA's
/// [`Leads::LOAD_PREV`]), the bytes `b` and `a` of each vector are loaded
/// again from memory, one and two bytes earlier, rather than shifted in
/// from the vector before (`palignr`): loads run on other ports than the
/// shifts and shuffles this loop is bound by (SSE4.2 on Chinese text: 3%
/// faster). Elsewhere they are shifted in, from `prev` (the vector before
/// the window) for the first: loads measured 6% slower with AVX2 (lipsum
/// geomean), and the AVX-512 kernel, whose windows rarely come here, lost
/// 30% in its own window loop with them in the code. Either way the two bytes
/// before the window are zero where the window starts on a character
/// boundary (then no character that ends in it reads them), or the
/// input's own (which serve too); where a character of valid input runs
/// into the window they must be its first bytes. `before` says that the
/// two bytes before `at` are the input's and readable. `W` is any width:
/// each 128-bit lane's 16 bytes give two vectors of 8 units, packed by
/// their own table rows.
///
/// # Safety
///
/// W's ISA; `BLOCK` readable bytes at `at`, and with `before` the two
/// bytes before it; room for `BLOCK + 8` units at `dst`.
#[inline(always)]
pub(super) unsafe fn bmp_window<W: WideVector + Count, T: Target, const TWO: bool>(
    at: *const u8,
    ends: u64,
    prev: W,
    load: bool,
    before: bool,
    dst: *mut T::Unit,
) -> (usize, usize) {
    let mut o = 0;
    // SAFETY: the caller guarantees W's ISA, the window's bytes and the
    // room. The loads one and two bytes before a vector stay in the window
    // after its first vector, and before it only with `before`, when the
    // caller guarantees those two bytes. Each `store_kept` keeps at most 8
    // units of the 8 it stores, so
    // the stores end at most 8 units past the units kept, at most one per
    // byte of the window. The rows are 16 readable bytes.
    unsafe {
        let mut prev = prev;
        for k in 0..BLOCK / W::BYTES {
            let here = at.add(W::BYTES * k);
            let c = W::load(here);
            let (b, a) = if load && (k > 0 || before) {
                (W::load(here.sub(1)), W::load(here.sub(2)))
            } else {
                (c.prev::<1>(prev), c.prev::<2>(prev))
            };
            prev = c;
            let ascii = c.gt_i8(-1);
            // The low byte: bb_cccccc; the high byte: aaaa_bbbb (bbb for a
            // 2-byte character, whose lead has nothing in `aaaa`). The
            // 16-bit shifts move bits across bytes only where the masks
            // clear them.
            let lo = c.and(W::splat(0x3F)).or(b.shl16::<6>().and(W::splat(0xC0)));
            let lo = c.and(ascii).or(lo.andnot(ascii));
            let hi = b.shr16::<2>().and(W::splat(0x0F));
            let hi = if TWO {
                hi
            } else {
                // Not a continuation: where `c` is one, `b` is then a lead.
                let b_lead = b.gt_i8(-65);
                hi.or(a.shl16::<4>().and(W::splat(0xF0)).andnot(b_lead))
            };
            let hi = hi.andnot(ascii);
            // Row 2j packs the first 8 bytes of 128-bit lane j, row 2j + 1
            // the last 8.
            let keep = ends >> (W::BYTES * k);
            let rows: [&Keep16; 8] = super::array(|j| &KEEP16[(keep >> (8 * j)) as u8 as usize]);
            let first =
                lo.zip_lo8(hi).shuffle(W::lanes([0, 2, 4, 6].map(|j| rows[j].idx.as_ptr())));
            let last = lo.zip_hi8(hi).shuffle(W::lanes([1, 3, 5, 7].map(|j| rows[j].idx.as_ptr())));
            let (first, last) = (order16(first, T::SWAP), order16(last, T::SWAP));
            for j in 0..W::BYTES / 16 {
                store_kept::<W, T>(first, j, rows[2 * j].len, dst.add(o));
                o += usize::from(rows[2 * j].len);
                store_kept::<W, T>(last, j, rows[2 * j + 1].len, dst.add(o));
                o += usize::from(rows[2 * j + 1].len);
            }
        }
    }
    // `ends` is not zero: a valid window holds a character that ends in
    // its first 62 bytes.
    (64 - ends.leading_zeros() as usize, o)
}

/// [`Leads::two_byte_window`] from the ISA's vectors `v` of a window:
/// valid iff it has no byte of `C0`, `C1` or `E0..=FF`, and its
/// continuation bytes are exactly the bytes after its 2-byte leads (so
/// none comes first; a lead on the last byte waits for the next window).
/// A saturating subtract first (a byte of `E0` or more), then two
/// compares and three mask moves per vector, where the block validation
/// takes a dozen vector instructions and its own mask moves.
///
/// # Safety
///
/// W's ISA.
// The x86 kernels use it (their mask moves are one instruction; NEON's
// take several).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn two_byte_valid<W: WideVector + Count>(v: &[W]) -> bool {
    // SAFETY: the caller guarantees W's ISA.
    unsafe {
        if any_above(v, 0xDF) {
            return false;
        }
        // As `i8`: continuations -128..=-65, C0 and C1 -64 and -63,
        // 2-byte leads -62..=-33 (no byte above them, by the test above).
        let (mut high, mut not_cont, mut above_c1) = (0u64, 0u64, 0u64);
        for (k, &x) in v.iter().enumerate() {
            let shift = k * W::BYTES;
            high |= x.movemask() << shift;
            not_cont |= x.gt_i8(-65).movemask() << shift;
            above_c1 |= x.gt_i8(-63).movemask() << shift;
        }
        let leads = above_c1 & high;
        let c0_c1 = high & not_cont & !above_c1;
        c0_c1 == 0 && !not_cont == leads << 1
    }
}

/// Whether the vectors `v` hold a byte above `t`: a saturating
/// subtraction a vector and an OR tree.
///
/// # Safety
///
/// V's ISA.
#[inline(always)]
unsafe fn any_above<V: Utf8Vector>(v: &[V], t: u8) -> bool {
    // SAFETY: the caller guarantees V's ISA.
    unsafe {
        let mut above = V::zero();
        for &x in v {
            above = above.or(x.saturating_sub(V::splat(t)));
        }
        above.any()
    }
}

/// After a window of ASCII and 2-byte characters: converts the windows
/// of 1- and 2-byte characters at `p` with [`bmp_window`] (without its
/// 3-byte terms), while a window and [`MARGIN`] more bytes remain in
/// `src` and as many units of room at `o` in `dst` (`dst_len` units at
/// `out`). With `CHECK` a window is one that [`Leads::two_byte_window`]
/// passes, unvalidated; without, `src` is valid and a window is one whose
/// largest byte ([`Leads::window_top`], where it is the maximum) is below
/// `E0`. Returns the new `(p, o)`: `p` is then a character boundary. Its
/// own loop, entered only from such a window, so that text of other
/// scripts does not pay for the test, nor the main loop for its
/// registers.
///
/// # Safety
///
/// V's ISA; `out` valid for writes of `dst_len` units; `p` a character
/// boundary past the start of `src`; without `CHECK`, `src` valid UTF-8.
#[inline(always)]
unsafe fn two_byte_run<V: Leads, T: Target, const N: usize, const CHECK: bool>(
    src: &[u8],
    out: *mut T::Unit,
    dst_len: usize,
    mut p: usize,
    mut o: usize,
) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISA and `out`; the loop condition
    // keeps each window's reads inside `src` and `bmp_window`'s writes
    // (`BLOCK + 8` units) inside `dst`.
    unsafe {
        while p + BLOCK + MARGIN <= src.len() && o + BLOCK + MARGIN <= dst_len {
            let at = src.as_ptr().add(p);
            let v: [V; N] = super::array(|k| V::load(at.add(k * V::BYTES)));
            let two = if CHECK {
                V::two_byte_window(&v)
            } else {
                V::WINDOW_MAX && !any_above(&[V::window_top(&v)], 0xDF)
            };
            if !two {
                break;
            }
            // From a boundary, with no byte of `E0` or more: only 1- and
            // 2-byte characters end in the window.
            let ends = V::lead_bits(&v) >> 1;
            let zero = <V::Wide as super::Vector>::zero();
            let (c, w) = bmp_window::<V::Wide, T, true>(at, ends, zero, false, true, out.add(o));
            p += c;
            o += w;
        }
    }
    (p, o)
}

/// The end-of-character mask of a window of 3-byte characters that
/// starts on the first byte of one: 21 of them end at bytes 2, 5, .., 62
/// (byte 63 is the lead of the next; bit 63 is unknown). Most windows of
/// CJK text.
pub(super) const THREE_BYTE_WINDOW: u64 = 0x4924_9249_2492_4924;

/// For 8 characters of 3 bytes from a 24-byte block loaded as two vectors
/// `x` (bytes 0..16) and `y` (bytes 8..24): the shuffles of
/// [`three_byte_chars`]. Rows 0 and 1 (from `x` and from `y`) put each
/// character's last byte in the low byte of its 16-bit lane and the
/// middle byte in the high byte; rows 2 and 3 its lead in the high byte,
/// zero below.
const THREE_BYTE_ROWS: [[u8; 16]; 4] = {
    let mut t = [[Z; 16]; 4];
    let mut i = 0;
    while i < 8 {
        // Characters 0..5 lie in `x` (bytes ..15), 5..8 in `y`.
        let (r, base) = if i < 5 { (0, 0) } else { (1, 8) };
        let first = 3 * i - base;
        t[r][2 * i] = (first + 2) as u8;
        t[r][2 * i + 1] = (first + 1) as u8;
        t[r + 2][2 * i + 1] = first as u8;
        i += 1;
    }
    t
};

/// Converts 24 characters of 3 bytes from `src` (72 bytes) to 24 units at
/// `dst`, the caller counting as many of them as the input holds: the
/// rest is scratch, converted from whatever bytes follow. Eight
/// characters per 128-bit lane in 16-bit lanes: two constant shuffles per
/// input vector and a handful of masks and shifts per 24 bytes, where
/// [`bmp_window`] spends two dozen operations per 16; nothing depends on a
/// table or on the block before. With 32-byte vectors `W` (AVX2), the
/// first 16 characters take one block of two lanes, which halves the
/// shuffles and masks of 48 bytes; the last eight, 16-byte vectors `H`.
///
/// # Safety
///
/// The ISAs of `W` and `H` (16-byte vectors); 72 readable bytes at `src`
/// and room for 24 units at `dst`.
#[inline(always)]
pub(super) unsafe fn three_byte_chars<W: WideVector, H: WideVector, T: Target>(
    src: *const u8,
    dst: *mut T::Unit,
) {
    const { assert!(H::BYTES == 16) };
    // SAFETY: the caller guarantees the ISAs; the block of `W` reads
    // bytes `..48` and writes 16 units, and each block of `H` from `c`
    // characters on reads bytes `3c..3c + 24 <= 72` and writes units
    // `c..c + 8 <= 24`.
    unsafe {
        let mut c = 0;
        if W::BYTES == 32 {
            three_byte_block::<W, T>(src, dst);
            c = 16;
        }
        while c < 24 {
            three_byte_block::<H, T>(src.add(3 * c), dst.add(c));
            c += 8;
        }
    }
}

/// Converts the `X::BYTES / 2` characters of 3 bytes at `src` to as many
/// units at `dst`: 128-bit lane `j` takes the eight from byte `24j`.
///
/// # Safety
///
/// X's ISA; `X::BYTES * 3 / 2` readable bytes at `src`, room for
/// `X::BYTES / 2` units at `dst`.
#[inline(always)]
unsafe fn three_byte_block<X: WideVector, T: Target>(src: *const u8, dst: *mut T::Unit) {
    // SAFETY: the caller guarantees X's ISA. Lane `j < X::BYTES / 16`
    // reads bytes `24j..24j + 24`, inside the caller's `X::BYTES * 3 / 2`;
    // the pointers of the lanes past `X::BYTES / 16` are not read
    // (`wrapping_add`: they may point past `src`'s object). The stores
    // write `X::BYTES / 2` units. The rows are 16-byte arrays.
    unsafe {
        let rows = &THREE_BYTE_ROWS;
        let lanes = |from: usize| X::lanes([0, 1, 2, 3].map(|j| src.wrapping_add(24 * j + from)));
        let (x, y) = (lanes(0), lanes(8));
        let low = x.shuffle(X::table(&rows[0])).or(y.shuffle(X::table(&rows[1])));
        let lead = x.shuffle(X::table(&rows[2])).or(y.shuffle(X::table(&rows[3])));
        // Last byte's 6 bits, the middle byte's 6 above them, and the
        // lead's 4: shifting the lead from bit 8 to bit 12 drops its
        // marker bits off the lane's top.
        let unit = low
            .and(X::splat16(0x3F))
            .or(low.and(X::splat16(0x3F00)).shr16::<2>())
            .or(lead.shl16::<4>());
        let d = dst.cast::<u8>();
        if T::UTF32 {
            for j in 0..X::BYTES / 16 {
                unit.store_lane_wide16(j, d.add(32 * j));
            }
        } else {
            order16(unit, T::SWAP).store(d);
        }
    }
}

/// The end-of-character mask of a window of 4-byte characters that
/// starts on the first byte of one: 16 of them, ending at bytes 3, 7, ..,
/// 63. (Emoji text, and the supplementary planes' scripts.)
pub(super) const FOUR_BYTE_WINDOW: u64 = 0x8888_8888_8888_8888;

/// Converts the 16 characters of 4 bytes at `src` (64 bytes): 32 units of
/// UTF-16 (surrogate pairs) or 16 of UTF-32 at `dst`, `W::BYTES / 4`
/// characters per vector with constant shuffles. The caller counts as
/// many as the input holds (a last one that its mask does not show to be
/// whole is scratch). Not for a BMP-only target.
///
/// # Safety
///
/// W's ISA; 64 readable bytes at `src`, 64 writable bytes at `dst`.
#[inline(always)]
pub(crate) unsafe fn four_byte_chars<W: WideVector, T: Target>(src: *const u8, dst: *mut T::Unit) {
    // Each lane's bytes reversed: last byte lowest, as `compose4` takes.
    const REV: [u8; 16] = [3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12];
    // SAFETY: the caller guarantees W's ISA and the bytes: vector `k`
    // reads bytes `W::BYTES * k..` and writes as many bytes of units from
    // `W::BYTES * k` (four UTF-8 bytes become one pair or one UTF-32
    // unit), up to 64.
    unsafe {
        for k in 0..64 / W::BYTES {
            let cp = compose4(W::load(src.add(W::BYTES * k)).shuffle(W::table(&REV)));
            let d = dst.cast::<u8>().add(W::BYTES * k);
            if T::UTF32 {
                cp.store(d);
            } else {
                order16(pairs(cp), T::SWAP).store(d);
            }
        }
    }
}

/// Converts the longest prefix of `src` it can, under the kernel contract
/// (see `KernelFns`): returns `(read, written)` with `src[..read]` valid
/// and its conversion in `dst[..written]`; for a BMP-only target
/// ([`Target::BMP`]), `src[..read]` also has no 4-byte character.
///
/// `V` and `N` are the validation vectors of a 64-byte block, `H` the
/// 16-byte vectors of the steps (the same ISA).
///
/// # Safety
///
/// The CPU must support the ISAs of `V` and `H`.
#[cfg(feature = "transcode")]
#[inline(always)]
pub(crate) unsafe fn convert<V: Leads, H: WideVector, const N: usize, T: Target>(
    src: &[u8],
    dst: &mut Out<T::Unit>,
) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISAs.
    unsafe { windows::<V, H, N, T, true>(src, dst) }
}

/// [`convert`] for a `&str`: the same windows without their validation.
///
/// # Safety
///
/// The CPU must support the ISAs of `V` and `H`.
#[cfg(feature = "transcode")]
#[inline(always)]
pub(crate) unsafe fn convert_valid<V: Leads, H: WideVector, const N: usize, T: Target>(
    src: &str,
    dst: &mut Out<T::Unit>,
) -> (usize, usize) {
    // SAFETY: the caller guarantees the ISAs; a `str` is valid UTF-8.
    unsafe { windows::<V, H, N, T, false>(src.as_bytes(), dst) }
}

/// The window loop (see the module docs) of [`convert`] (`CHECK`: `src`
/// is any bytes) and [`convert_valid`] (`src` is valid UTF-8), under the
/// kernel contract.
///
/// # Safety
///
/// The ISAs of `V` and `H`; without `CHECK`, `src` is valid UTF-8.
#[cfg(feature = "transcode")]
#[inline(always)]
unsafe fn windows<V: Leads, H: WideVector, const N: usize, T: Target, const CHECK: bool>(
    src: &[u8],
    dst: &mut Out<T::Unit>,
) -> (usize, usize) {
    if !(V::LITTLE_LANES && V::FAST_SHUFFLE) {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    const { assert!(N * V::BYTES == BLOCK && H::BYTES == 16) };
    let (base, out) = (src.as_ptr(), dst.as_mut_ptr().cast::<T::Unit>());
    let (mut p, mut o) = (0, 0);
    // Where a character runs from before `p` past it: `inside` if it is
    // not converted yet (after `bmp_window` or `three_byte_chars`, which
    // convert the characters that end in a window), `ahead` if it is
    // (after `convert_valid_window`, which converts those that start in
    // it). Both clear where `p` is a character boundary, as it always is
    // with `CHECK`.
    let (mut inside, mut ahead) = (false, false);
    // SAFETY: the caller guarantees the ISAs, and without `CHECK` that
    // `src` is valid UTF-8. With `CHECK`, a window is converted only after
    // its validation passed, and only the characters that it shows whole
    // (those that end before its last byte; the ISA's windows as their
    // contracts say): the conversions assume nothing of their input but
    // that it is valid. Reads: a window reads `p..p + BLOCK` and, for the
    // next byte's end bit or the ISA's windows (their contracts), up to
    // `p + BLOCK + MARGIN`, inside `src` by the loop condition (two ASCII
    // windows under their own); the validation's shifted loads reach back
    // to `p - V::BYTES`, only when `p > 0`, so after a window, which
    // advanced `p` by more than `MAX_STEP_START >= V::BYTES` (or the loop
    // ended); the vector before the window is read for `bmp_window` only
    // when `p >= W::BYTES`; `three_byte_chars` reads 72 bytes from `p + e
    // - 2 >= 0`, `e < 3`, so below `p + BLOCK + MARGIN`, and writes 24
    // units; `four_byte_chars` reads the window and writes 64 bytes (32
    // units at most); the steps read 16 bytes at most `MAX_STEP_START`
    // after their start, which is at most 3 bytes before `p`; the
    // two-byte runs as their contract says. Writes: a window writes at
    // most `BLOCK + MARGIN` units at `o` (one per byte, plus a 4-byte
    // character's second unit for each of its 4 bytes, plus the scratch of
    // the last store; the ISA's windows by their contracts), inside `dst`
    // by the loop condition.
    unsafe {
        while p + BLOCK + MARGIN <= src.len() && o + BLOCK + MARGIN <= dst.len() {
            let at = base.add(p);
            let v: [V; N] = super::array(|k| V::load(at.add(k * V::BYTES)));
            let top = V::window_top(&v);
            if !top.any_high_bit() {
                // ASCII: `p` is a boundary (a window that starts inside a
                // character starts with a continuation byte; with `CHECK`
                // every window starts on one), so the window is valid.
                store_ascii_window::<V, H, T, N>(&v, at, out.add(o));
                p += BLOCK;
                o += BLOCK;
                (inside, ahead) = (false, false);
                (p, o) = ascii_run::<V, H, T, N>(src, out, dst.len(), p, o);
                continue;
            }
            if CHECK {
                if let Some((c, w)) = V::checked_window::<T, N>(&v, at, out.add(o)) {
                    p += c;
                    o += w;
                    continue;
                }
                let err = if p == 0 {
                    utf8::check_first_block::<V, N>(&v)
                } else {
                    utf8::check_block_at::<V, N>(&v, at)
                };
                if err.any() {
                    break;
                }
            }
            // A BMP-only target stops before the window of a 4-byte
            // character; every path below then sees windows without one.
            if T::BMP && has_four_byte_lead(&v, top) {
                break;
            }
            if V::VALID_WINDOWS {
                if !CHECK {
                    o += V::convert_valid_window::<T, N>(&v, at, out.add(o));
                    p += BLOCK;
                    ahead = true;
                    continue;
                }
                if let Some((c, w)) = V::convert_window::<T, N>(&v, at, out.add(o)) {
                    p += c;
                    o += w;
                    // A valid window's last lead byte is one of its last
                    // four, so this always continues; the test keeps the
                    // invariant of the shifted loads (see the SAFETY
                    // comment) local.
                    if c > MAX_STEP_START {
                        continue;
                    }
                    break;
                }
            }
            // Bit 63: whether the byte after the window starts a
            // character, so that one ending on byte 63 is converted. With
            // `CHECK` it stays unknown (0): the window's validation has not
            // seen that byte, so a character ending on byte 63 may be cut
            // short.
            let last = u64::from(!CHECK && !is_continuation(src[p + BLOCK]));
            let ends = V::lead_bits(&v) >> 1 | last << 63;
            // A window of 3-byte characters. With `CHECK` it starts on a
            // boundary: its 21 characters, 63 bytes. Otherwise at any of
            // the three phases: the characters that end in it, the first
            // of which ends at byte `e` and so starts at `e - 2` (before
            // the window where `e < 2`), if it has three bytes, which its
            // end bit alone does not say: its first byte must be a 3-byte
            // lead. The others lie between two end bits three apart. Where
            // the window does not end on a boundary (`e > 0`), the
            // character that runs past it starts at byte `61 + e`, and its
            // end bits cannot say whether it has three bytes or four: it
            // must not be a 4-byte lead, since the window after this one
            // goes to `bmp_window`, which takes every character ending in
            // it for a BMP one.
            let e = ends.trailing_zeros() as usize;
            let three = if CHECK {
                ends == THREE_BYTE_WINDOW
            } else {
                e < 3
                    && ends == THREE_BYTE_WINDOW >> (2 - e) | (u64::from(e == 0) << 63)
                    && p + e >= 2
                    && src[p + e - 2] >> 4 == 0xE
                    && (e == 0 || src[p + BLOCK - 3 + e] < 0xF0)
            };
            // An ISA that converts windows itself (AVX-512) gets here only
            // with `CHECK`, on a window it declined, never one of 3-byte
            // or 4-byte characters; the paths are left out of its loop,
            // where their code alone cost the AVX-512 kernel 15-25% on CJK
            // and Hindi text (register allocation).
            if !V::VALID_WINDOWS && three {
                if CHECK {
                    three_byte_chars::<V::Wide, H, T>(at, out.add(o));
                    o += 21;
                    p += 63;
                } else {
                    three_byte_chars::<V::Wide, H, T>(at.add(e).sub(2), out.add(o));
                    o += if e == 0 { 22 } else { 21 };
                    p += BLOCK;
                    inside = is_continuation(src[p]);
                }
                continue;
            }
            // A window of 4-byte characters from its first byte: valid
            // input has no other way to end a character at every fourth
            // byte (a character that began before the window would have to
            // end in its first three). With `CHECK`, the 15 that end
            // before byte 63; otherwise all 16. A BMP-only target stopped
            // before it.
            if !V::VALID_WINDOWS && !T::BMP && ends == FOUR_BYTE_WINDOW & !(u64::from(CHECK) << 63)
            {
                let chars = if CHECK { 15 } else { 16 };
                four_byte_chars::<V::Wide, T>(at, out.add(o));
                o += if T::UTF32 { chars } else { 2 * chars };
                p += 4 * chars;
                inside = false;
                continue;
            }
            // Windows without a 4-byte character. With `CHECK` the window
            // starts on a boundary and ends after the last character that
            // ends in it. Otherwise it ends at its last byte: one after
            // the steps starts on a boundary; one after `bmp_window` holds
            // no 4-byte character that started before it (`bmp_window` had
            // none), and the bytes before it are read.
            let w = <V::Wide as super::Vector>::BYTES;
            if !has_four_byte_lead(&v, top) && (CHECK || p == 0 || p >= w) {
                let prev = if CHECK || p == 0 {
                    <V::Wide as super::Vector>::zero()
                } else {
                    <V::Wide as super::Vector>::load(at.sub(w))
                };
                let load = V::LOAD_PREV;
                let (c, written) =
                    bmp_window::<V::Wide, T, false>(at, ends, prev, load, p > 0, out.add(o));
                o += written;
                if !CHECK && V::WINDOW_MAX && !any_above(&[top], 0xDF) {
                    // Text of 2-byte characters, where the ISA folds the
                    // window to its maximum: the next windows are likely
                    // to have no byte above `DF` either. `c` ends on a
                    // boundary (`ends` knows the byte after the window).
                    p += c;
                    inside = false;
                    (p, o) = two_byte_run::<V, T, N, false>(src, out, dst.len(), p, o);
                    continue;
                }
                if !CHECK {
                    p += BLOCK;
                    inside = is_continuation(src[p]);
                    continue;
                }
                p += c;
                // As after `convert_window`: the last character ends in
                // the last four bytes.
                if c <= MAX_STEP_START {
                    break;
                }
                if V::TWO_BYTE && !any_above(&v, 0xDF) {
                    // Text of 2-byte characters: the next windows are
                    // likely to pass a test cheaper than the validation.
                    (p, o) = two_byte_run::<V, T, N, true>(src, out, dst.len(), p, o);
                }
                continue;
            }
            // The steps, from the first character not yet converted: the
            // window from there, or this one, whose mask serves without
            // the byte after it (the steps' unknown bits are 0).
            let ends = if inside {
                while is_continuation(src[p]) {
                    p -= 1;
                }
                inside = false;
                let at = base.add(p);
                let v: [V; N] = super::array(|k| V::load(at.add(k * V::BYTES)));
                V::lead_bits(&v) >> 1
            } else {
                ends & !(1 << 63)
            };
            let at = base.add(p);
            let (pos, w) = steps::<H, T>(at, ends, out.add(o));
            o += w;
            p += pos;
            if pos <= MAX_STEP_START {
                // Cannot happen on valid input; stop for the scalar code,
                // which is the reference.
                break;
            }
        }
    }
    // The scalar finish starts at the first character not yet converted.
    if ahead {
        while p < src.len() && is_continuation(src[p]) {
            p += 1;
        }
    } else if inside {
        while is_continuation(src[p]) {
            p -= 1;
        }
    }
    (p, o)
}

/// Whether `b` is a UTF-8 continuation byte (`80..=BF`).
#[cfg(feature = "transcode")]
#[inline(always)]
fn is_continuation(b: u8) -> bool {
    (b as i8) < -64
}
