//! Windows-1252 (as the WHATWG Encoding Standard defines it) to UTF-8,
//! UTF-16 and UTF-32.
//!
//! Windows-1252 is Latin-1 except for the 32 bytes `80..=9F`, so each
//! block runs as the Latin-1 decoders do (`super::latin1`), and a block
//! that holds any of those bytes gets their code points in registers: the
//! index of `80..=9F` is kept as four 16-byte planes (the low and the high
//! byte of the code points of `8x` and of `9x`), looked up by each byte's
//! low nibble and chosen by its high nibble. The code points are then
//! units like any others: zero-extended for UTF-16 and UTF-32, and encoded
//! by the UTF-16 code's 1-, 2- or 3-byte path for UTF-8 (`€` is U+20AC).
//!
//! - To UTF-8: 16-byte vectors (as Latin-1 to UTF-8); ASCII runs are
//!   copied 64 bytes per step.
//! - To UTF-16 and UTF-32: any width.
//!
//! Every byte is a character, so the kernels stop only where the input or
//! `dst` runs short, under the kernel contract of `arch::KernelFns`:
//! `(read, written)`, `src[..read]` converted into `dst[..written]`, and
//! never a write past `dst.len()`. They only write `dst` (the [`Out`]
//! contract), through `MaybeUninit` pointers cast to the unit type, and
//! never read it.

use super::latin1::{ascii_run, bytes_to_wide, ByteUnits};
use super::utf16::encode;
use super::vector::WideVector;
use super::Utf8Vector;
use crate::arch::Out;
use crate::byte_order::ByteOrder;
use crate::scalar::transcode::{Utf16, Utf32};
use crate::scalar::windows1252::HIGH;

/// The byte planes of the index: `PLANES[2 * h + p]` holds byte `p` (0:
/// low, 1: high) of the code point of byte `0x80 + 16 * h + n` at `n`.
static PLANES: [[u8; 16]; 4] = planes();

const fn planes() -> [[u8; 16]; 4] {
    let mut t = [[0; 16]; 4];
    let mut i = 0;
    while i < 32 {
        let (h, n) = (i / 16, i % 16);
        t[2 * h][n] = HIGH[i] as u8;
        t[2 * h + 1][n] = (HIGH[i] >> 8) as u8;
        i += 1;
    }
    t
}

/// By high nibble: `0xFF` for the bytes `80..=9F`.
const C1: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0];
/// By high nibble: `0xFF` for the bytes `90..=9F`.
const NINE: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0, 0, 0, 0, 0, 0];

/// `mask ? a : b`, bitwise.
#[inline(always)]
unsafe fn select<V: WideVector>(mask: V, a: V, b: V) -> V {
    // SAFETY: the caller guarantees the ISA.
    unsafe { a.and(mask).or(b.andnot(mask)) }
}

/// The code points of the bytes `v` as two vectors of `u16` lanes (the
/// low and the high half of the bytes, in order). A block without bytes
/// `80..=9F` (most blocks of most text) is only widened, as in Latin-1.
#[inline(always)]
unsafe fn units<V: WideVector + Utf8Vector>(v: V) -> (V, V) {
    // SAFETY: the caller guarantees the ISA.
    unsafe {
        let c1 = v.lookup_high_nibble(C1);
        if !c1.any() {
            return v.widen8();
        }
        let nine = v.lookup_high_nibble(NINE);
        let lo = select(c1, plane(v, nine, 0), v);
        let hi = plane(v, nine, 1).and(c1);
        let (l0, l1) = lo.widen8();
        let (h0, h1) = hi.widen8();
        (l0.or(h0.shl16::<8>()), l1.or(h1.shl16::<8>()))
    }
}

/// Byte `p` (0: low, 1: high) of the code point of each byte of `v` in
/// `80..=9F` (`nine` marks the bytes `90..=9F`); garbage in other lanes.
/// (A function, not a closure: a closure is not always inlined, and one
/// compiled apart from the kernel's target features passes every vector
/// through memory.)
#[inline(always)]
unsafe fn plane<V: WideVector + Utf8Vector>(v: V, nine: V, p: usize) -> V {
    // SAFETY: the caller guarantees the ISA.
    unsafe { select(nine, v.lookup_low_nibble(PLANES[2 + p]), v.lookup_low_nibble(PLANES[p])) }
}

/// Windows-1252 to UTF-8: the kernel prefix.
#[inline(always)]
pub(crate) unsafe fn windows1252_to_utf8<V: WideVector + Utf8Vector>(
    src: &[u8],
    dst: &mut Out<u8>,
) -> (usize, usize) {
    if !(V::LITTLE_LANES && V::FAST_SHUFFLE) {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    const { assert!(V::BYTES == 16) };
    let (n, cap) = (src.len(), dst.len());
    let (mut i, mut o) = (0, 0);
    while i + 16 <= n && o + 16 <= cap {
        // SAFETY: the caller guarantees the ISA; `i + 16 <= n` covers the
        // load and `o + 16 <= cap` the ASCII store. Each `encode` of 8
        // units writes at most 8 * 3 + 4 bytes at its start and returns at
        // most 24, so the second one ends by `o + 24 + 28`, which `o + 52
        // <= cap` covers.
        unsafe {
            let v = V::load(src.as_ptr().add(i));
            if !v.any_high_bit() {
                v.store(dst.as_mut_ptr().cast::<u8>().add(o));
                i += 16;
                o += 16;
                ascii_run::<V>(src, dst, &mut i, &mut o);
                continue;
            }
            if o + 52 > cap {
                break;
            }
            let (a, b) = units(v);
            let dp = dst.as_mut_ptr().cast::<u8>();
            o += encode(a, dp.add(o));
            o += encode(b, dp.add(o));
            i += 16;
        }
    }
    (i, o)
}

/// The code points of Windows-1252 bytes, for [`bytes_to_wide`].
struct Windows1252Units;

impl ByteUnits for Windows1252Units {
    #[inline(always)]
    unsafe fn units<V: WideVector + Utf8Vector>(v: V) -> (V, V) {
        // SAFETY: the caller guarantees the ISA.
        unsafe { units(v) }
    }
}

/// Windows-1252 to UTF-16 in byte order `O`: the kernel prefix, as
/// Latin-1's (see `latin1::bytes_to_wide`).
#[inline(always)]
pub(crate) unsafe fn windows1252_to_utf16<V: WideVector + Utf8Vector, O: ByteOrder>(
    src: &[u8],
    dst: &mut Out<u16>,
) -> (usize, usize)
where
    V::Small: WideVector + Utf8Vector,
{
    if !(V::LITTLE_LANES && V::FAST_SHUFFLE) {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    // SAFETY: the caller guarantees the ISA.
    unsafe { bytes_to_wide::<V, Windows1252Units, Utf16<O>>(src, dst) }
}

/// Windows-1252 to UTF-32: the kernel prefix, as Latin-1's.
#[inline(always)]
pub(crate) unsafe fn windows1252_to_utf32<V: WideVector + Utf8Vector>(
    src: &[u8],
    dst: &mut Out<u32>,
) -> (usize, usize)
where
    V::Small: WideVector + Utf8Vector,
{
    if !(V::LITTLE_LANES && V::FAST_SHUFFLE) {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    // SAFETY: the caller guarantees the ISA.
    unsafe { bytes_to_wide::<V, Windows1252Units, Utf32>(src, dst) }
}
