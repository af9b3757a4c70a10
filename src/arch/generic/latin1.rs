//! Latin-1 (ISO-8859-1) to and from UTF-8, UTF-16 and UTF-32. UTF-8 in
//! either direction runs on 128-bit vectors (SSE4.2, AVX2 and AVX-512 on
//! `__m128i`, NEON, `simd128`, and the portable kernel on `wide::u8x16`);
//! UTF-16 and UTF-32 at any width (256 bits with AVX2).
//!
//! - Latin-1 to UTF-8: ASCII runs are copied 64 bytes per step; a 16-byte
//!   block with a byte `>= 0x80` is widened to two vectors of 8 units and
//!   each is encoded by the UTF-16 code's 1-or-2-byte path
//!   ([`super::utf16::encode`]: one shift-and-or and one compaction
//!   shuffle).
//! - Latin-1 to UTF-16 and UTF-32: zero extension.
//! - UTF-16 and UTF-32 to Latin-1: a test that every unit is at most
//!   `0xFF`, then an unsigned narrowing; any other block stops the kernel.
//! - UTF-8 to Latin-1: ASCII runs are copied; a block of ASCII, `C2`/`C3`
//!   leads and their continuations is decoded in place (each lead becomes
//!   `(lead & 3) << 6 | (next & 0x3F)`) and the continuation bytes are
//!   squeezed out with one shuffle per half from a 256-entry table. A lead
//!   that ends the block is left to the next one. Any other byte `>= 0x80`
//!   is either invalid UTF-8 or a character above U+00FF, an error either
//!   way: the kernel stops, and the scalar finish reports it exactly.
//!
//! Every entry follows the kernel contract of `arch::KernelFns`: it
//! returns `(read, written)` with `src[..read]` valid (and representable)
//! and converted into `dst[..written]`, and never writes past `dst.len()`.

use super::utf16::{encode, store16, WideVector};
use super::{Utf8Vector, Vector};
use crate::arch::Out;
use crate::byte_order::ByteOrder;

/// The byte shuffle that swaps the two bytes of every `u16` lane.
static SWAP16: [u8; 16] = [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14];
/// Byte shuffle to the next byte: byte `i` is byte `i + 1` (the last zero).
static NEXT: [u8; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0x80];

/// By high nibble: `0xFF` for `C`, the high nibble of `C2` and `C3`.
const LEAD_HIGH: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0, 0, 0];
/// By low nibble: `0xFF` for `2` and `3`, the low nibbles of `C2` and `C3`.
const LEAD_LOW: [u8; 16] = [0, 0, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// One row of [`KEEP`]: a byte shuffle and how many bytes it keeps.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Keep {
    idx: [u8; 16],
    len: u8,
}

/// For 8 bytes, keyed by the mask of the bytes to drop: the others, in
/// order, in the first bytes of the shuffle (the rest `0x80`, zero).
static KEEP: [Keep; 256] = keep();

const fn keep() -> [Keep; 256] {
    let mut t = [Keep { idx: [0x80; 16], len: 0 }; 256];
    let mut key = 0;
    while key < 256 {
        let (mut n, mut i) = (0, 0);
        while i < 8 {
            if key >> i & 1 == 0 {
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

/// Copies the run of 64-byte ASCII blocks at `src[*i..]` to `dst[*o..]`,
/// advancing `*i` and `*o`, while both have 64 bytes left.
#[inline(always)]
unsafe fn ascii_run<V: Vector>(src: &[u8], dst: &mut Out<u8>, i: &mut usize, o: &mut usize) {
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    while *i + 64 <= src.len() && *o + 64 <= dst.len() {
        // SAFETY: the caller guarantees the ISA; `*i + 64 <= len` covers
        // the four loads and `*o + 64 <= cap` the four stores.
        unsafe {
            let p = sp.add(*i);
            let v = [V::load(p), V::load(p.add(16)), V::load(p.add(32)), V::load(p.add(48))];
            if v[0].or(v[1]).or(v[2].or(v[3])).any_high_bit() {
                return;
            }
            let q = dp.add(*o);
            v[0].store(q);
            v[1].store(q.add(16));
            v[2].store(q.add(32));
            v[3].store(q.add(48));
        }
        *i += 64;
        *o += 64;
    }
}

/// Latin-1 to UTF-8: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf8<V: WideVector>(
    src: &[u8],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    const { assert!(V::BYTES == 16) };
    let (n, cap) = (src.len(), dst.len());
    let (mut i, mut o) = (0, 0);
    while i + 16 <= n && o + 16 <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 16 <= n` covers the
        // load and `o + 16 <= cap` the ASCII store; the two `encode`s
        // (each at most 16 bytes of output, but 28 writable bytes needed
        // at its start) write at most to `o + 16 + 28`, which `o + 48 <=
        // cap` covers.
        unsafe {
            let v = V::load(src.as_ptr().add(i));
            if !v.any_high_bit() {
                v.store(dst.as_mut_ptr().cast::<u8>().add(o));
                i += 16;
                o += 16;
                ascii_run::<V>(src, dst, &mut i, &mut o);
                continue;
            }
            if o + 48 > cap {
                break;
            }
            // Every unit is below 0x100: `encode` takes its 1-or-2-byte
            // path.
            let (a, b) = v.widen8();
            let dp = dst.as_mut_ptr().cast::<u8>();
            o += encode(a, dp.add(o));
            o += encode(b, dp.add(o));
            i += 16;
        }
    }
    (i, o)
}

/// Latin-1 to UTF-16 in byte order `O`: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf16<V: WideVector, O: ByteOrder>(
    src: &[u8],
    dst: &mut Out<u16>,
) -> (usize, usize) {
    let w = V::BYTES;
    let (n, cap) = (src.len(), dst.len());
    let (mut i, mut o) = (0, 0);
    while i + w <= n && o + w <= cap {
        // SAFETY: the caller guarantees the ISA; `i + w <= n` covers the
        // load and `o + w <= cap` the two stores of `w / 2` units.
        unsafe {
            let (a, b) = V::load(src.as_ptr().add(i)).widen8();
            let dp = dst.as_mut_ptr().cast::<u16>().add(o);
            store16::<V, O>(a, dp);
            store16::<V, O>(b, dp.add(w / 2));
        }
        i += w;
        o += w;
    }
    (i, o)
}

/// Latin-1 to UTF-32: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf32<V: WideVector>(
    src: &[u8],
    dst: &mut Out<u32>,
) -> (usize, usize) {
    let w = V::BYTES;
    let (n, cap) = (src.len(), dst.len());
    let (mut i, mut o) = (0, 0);
    while i + w <= n && o + w <= cap {
        // SAFETY: the caller guarantees the ISA; `i + w <= n` covers the
        // load and `o + w <= cap` the four stores of `w / 4` values.
        unsafe {
            let (a, b) = V::load(src.as_ptr().add(i)).widen8();
            let (a0, a1) = a.widen16();
            let (b0, b1) = b.widen16();
            let dp = dst.as_mut_ptr().cast::<u32>().add(o).cast::<u8>();
            a0.store(dp);
            a1.store(dp.add(w));
            b0.store(dp.add(2 * w));
            b1.store(dp.add(3 * w));
        }
        i += w;
        o += w;
    }
    (i, o)
}

/// UTF-16 in byte order `O` to Latin-1: the kernel prefix. Stops before
/// the first block with a unit above `0xFF`.
#[inline(always)]
pub(crate) unsafe fn utf16_to_latin1<V: WideVector, O: ByteOrder>(
    src: &[u16],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    // Units per vector.
    let u = V::BYTES / 2;
    let (n, cap) = (src.len(), dst.len());
    let (mut i, mut o) = (0, 0);
    while i + 2 * u <= n && o + 2 * u <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 2u <= n` covers the
        // two loads of u units and `o + 2u <= cap` the store.
        unsafe {
            let p = src.as_ptr().add(i).cast::<u8>();
            let (a, b) = (V::load(p), V::load(p.add(V::BYTES)));
            // The high byte of each unit, wherever `O` puts it.
            if a.or(b).and(V::splat16(O::write16(0xFF00))).any() {
                break;
            }
            let (a, b) = if O::SWAP {
                let swap = V::table(&SWAP16);
                (a.shuffle(swap), b.shuffle(swap))
            } else {
                (a, b)
            };
            a.narrow16u(b).store(dst.as_mut_ptr().cast::<u8>().add(o));
        }
        i += 2 * u;
        o += 2 * u;
    }
    (i, o)
}

/// UTF-32 to Latin-1: the kernel prefix. Stops before the first block
/// with a value above `0xFF`.
#[inline(always)]
pub(crate) unsafe fn utf32_to_latin1<V: WideVector>(
    src: &[u32],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    // Values per vector.
    let w = V::BYTES / 4;
    let (n, cap) = (src.len(), dst.len());
    let (mut i, mut o) = (0, 0);
    while i + 4 * w <= n && o + 4 * w <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 4w <= n` covers the
        // four loads of w values and `o + 4w <= cap` the store. `narrow32`
        // needs values below 0x10000, and the test before it leaves only
        // values up to 0xFF.
        unsafe {
            let p = src.as_ptr().add(i).cast::<u8>();
            let b = V::BYTES;
            let v = [V::load(p), V::load(p.add(b)), V::load(p.add(2 * b)), V::load(p.add(3 * b))];
            if v[0].or(v[1]).or(v[2].or(v[3])).and(V::splat32(0xFFFF_FF00)).any() {
                break;
            }
            let (lo, hi) = (v[0].narrow32(v[1]), v[2].narrow32(v[3]));
            lo.narrow16u(hi).store(dst.as_mut_ptr().cast::<u8>().add(o));
        }
        i += 4 * w;
        o += 4 * w;
    }
    (i, o)
}

/// UTF-8 to Latin-1: the kernel prefix. Stops before the first block with
/// a byte `>= 0x80` that is not a `C2` or `C3` lead or its continuation.
#[inline(always)]
pub(crate) unsafe fn utf8_to_latin1<V: WideVector + Utf8Vector>(
    src: &[u8],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    const { assert!(V::BYTES == 16) };
    let (n, cap) = (src.len(), dst.len());
    let (mut i, mut o) = (0, 0);
    while i + 16 <= n && o + 16 <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 16 <= n` covers the
        // load and `o + 16 <= cap` the ASCII store; the two 16-byte stores
        // of a mixed block end at most at `o + 8 + 16`, which `o + 32 <=
        // cap` covers. The shuffle rows are 16 readable bytes with indices
        // below 16 (or with bit 7 set, before and after the OR with 8).
        unsafe {
            let v = V::load(src.as_ptr().add(i));
            if !v.any_high_bit() {
                v.store(dst.as_mut_ptr().cast::<u8>().add(o));
                i += 16;
                o += 16;
                ascii_run::<V>(src, dst, &mut i, &mut o);
                continue;
            }
            if o + 32 > cap {
                break;
            }
            // `0xFF` in the bytes `C2` and `C3`.
            let leads = v.lookup_high_nibble(LEAD_HIGH).and(v.lookup_low_nibble(LEAD_LOW));
            let lead = leads.movemask() as u16;
            let high = v.movemask() as u16;
            // Bit 6 of each byte, in bit 7 (a 16-bit shift moves no bit
            // into bit 7 of another byte).
            let bit6 = v.shl16::<1>().movemask() as u16;
            let cont = high & !bit6;
            // A lead last in the block is decoded with the next block
            // (without a branch: in Latin-1 letters it is a coin toss).
            let drop_last = lead & 0x8000;
            let len = 16 - usize::from(drop_last >> 15);
            let (lead, high) = (lead & !drop_last, high & !drop_last);
            // Every byte >= 0x80 is a `C2`/`C3` lead or a continuation,
            // and the continuations are exactly the bytes after the leads.
            if high != lead | cont || cont != lead << 1 {
                break;
            }
            let next = v.shuffle(V::load(NEXT.as_ptr()));
            let pair = v.and(V::splat(3)).shl16::<6>().or(next.and(V::splat(0x3F)));
            let bytes = pair.and(leads).or(v.andnot(leads));
            let dropped = cont | drop_last;
            let lo = &KEEP[usize::from(dropped as u8)];
            let hi = &KEEP[usize::from(dropped >> 8)];
            let dp = dst.as_mut_ptr().cast::<u8>().add(o);
            bytes.shuffle(V::load(lo.idx.as_ptr())).store(dp);
            let n0 = usize::from(lo.len);
            bytes.shuffle(V::load(hi.idx.as_ptr()).or(V::splat(8))).store(dp.add(n0));
            o += n0 + usize::from(hi.len);
            i += len;
        }
    }
    (i, o)
}
