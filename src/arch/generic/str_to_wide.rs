//! A `&str` to UTF-16 (either byte order) and UTF-32: the windows of
//! [`super::utf8_to_wide`] without their validation, and without the
//! serial dependency that validation imposes.
//!
//! The validating loop must start each window on a character boundary
//! and consume only the characters its validation has seen whole, so
//! where the next window starts depends on the bytes just loaded (a load,
//! a mask, a count of leading zeros, an add): a chain of about fifteen
//! cycles per window that the conversion cannot hide. Valid input needs
//! no such care: every window here is the next 64 bytes, whatever they
//! hold, so the windows' loads do not wait on each other.
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
//! Where the loop stops, the scalar finish takes over at a character
//! boundary: the first character not yet converted.

// The module's items are built with the transcoders only (the steps'
// tables are); the module itself stays, so that the kernel tables' imports
// do not depend on the features.
#[cfg(feature = "transcode")]
use super::utf8_to_wide::{
    ascii_run, bmp_window, four_byte_chars, has_four_byte_lead, steps, store_ascii_window,
    three_byte_chars, BLOCK, FOUR_BYTE_WINDOW, MARGIN, MAX_STEP_START, THREE_BYTE_WINDOW,
};
#[cfg(feature = "transcode")]
use super::vector::{Leads, Target, WideVector};
#[cfg(feature = "transcode")]
use super::Vector;
#[cfg(feature = "transcode")]
use crate::arch::Out;

/// Whether `b` is a UTF-8 continuation byte (`80..=BF`).
#[cfg(feature = "transcode")]
#[inline(always)]
fn is_continuation(b: u8) -> bool {
    (b as i8) < -64
}

/// Converts the longest prefix of `src` it can, under the kernel contract
/// (see `KernelFns`): returns `(read, written)` with `src[..read]` ending
/// on a character boundary and converted into `dst[..written]`.
///
/// `V` and `N` are the vectors of a 64-byte window, `H` the 16-byte
/// vectors of the steps (the same ISA).
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
    if !(V::LITTLE_LANES && V::FAST_SHUFFLE) {
        // Not for these lanes (see `Vector`): the scalar finish does it.
        return (0, 0);
    }
    const { assert!(N * V::BYTES == BLOCK && H::BYTES == 16) };
    let src = src.as_bytes();
    let (base, out) = (src.as_ptr(), dst.as_mut_ptr().cast::<T::Unit>());
    let (mut p, mut o) = (0, 0);
    // Set where the characters up to `p` are converted but one that runs
    // from before `p` past it is not (after `bmp_window`); clear where
    // `p` is a boundary or (`V::VALID_WINDOWS`) where a character that
    // runs past `p` is converted already.
    let mut inside = false;
    // SAFETY: the caller guarantees the ISAs; `src` is valid UTF-8 (a
    // `str`), which is all that the conversions of a window assume of a
    // window that passed validation in `utf8_to_wide::convert`. Reads: a
    // window reads `p..p + BLOCK` and, for the next byte's end bit or
    // `convert_valid_window`, up to `p + BLOCK + MARGIN`, all inside `src`
    // by the loop condition (two ASCII windows under their own); the
    // vector before the window is read only when `p >= W::BYTES`;
    // `three_byte_chars` reads 72 bytes from `p + e - 2 >= 0`, `e < 3`, so
    // below `p + BLOCK + MARGIN`, and writes 24 units; `four_byte_chars`
    // reads the window and writes 64 bytes (32 units at most); the
    // steps read 16 bytes at most `MAX_STEP_START` after their start,
    // which is at most 3 bytes before `p`. Writes: a window writes at most
    // `BLOCK + MARGIN` units at `o` (one per byte, plus a 4-byte
    // character's second unit for each of its 4 bytes, plus the scratch of
    // the last store; `convert_valid_window` by its contract), inside
    // `dst` by the loop condition.
    unsafe {
        while p + BLOCK + MARGIN <= src.len() && o + BLOCK + MARGIN <= dst.len() {
            let at = base.add(p);
            let v: [V; N] = super::array(|k| V::load(at.add(k * V::BYTES)));
            let mut any = v[0];
            for x in &v[1..] {
                any = any.or(*x);
            }
            if !any.any_high_bit() {
                // ASCII: `p` is a boundary (no continuation byte at `p`).
                store_ascii_window::<V, H, T, N>(&v, at, out.add(o));
                p += BLOCK;
                o += BLOCK;
                inside = false;
                (p, o) = ascii_run::<V, H, T, N>(src, out, dst.len(), p, o);
                continue;
            }
            if V::VALID_WINDOWS {
                o += V::convert_valid_window::<T, N>(&v, at, out.add(o));
                p += BLOCK;
                continue;
            }
            // Bit 63: whether the byte after the window starts a
            // character, so that one ending on byte 63 is converted.
            let last = u64::from(!is_continuation(src[p + BLOCK]));
            let ends = V::lead_bits(&v) >> 1 | last << 63;
            // A window of 3-byte characters, at any of the three phases:
            // the characters that end in it, the first of which ends at
            // byte `e` and so starts at `e - 2` (before the window where
            // `e < 2`), if it has three bytes, which its end bit alone
            // does not say: its first byte must be a 3-byte lead. The
            // others lie between two end bits three apart. Where the
            // window does not end on a boundary (`e > 0`), the character
            // that runs past it starts at byte `61 + e`, and its end bits
            // cannot say whether it has three bytes or four: it must not
            // be a 4-byte lead, since the window after this one goes to
            // `bmp_window`, which takes every character ending in it for
            // a BMP one.
            let e = ends.trailing_zeros() as usize;
            if e < 3
                && ends == THREE_BYTE_WINDOW >> (2 - e) | (u64::from(e == 0) << 63)
                && p + e >= 2
                && src[p + e - 2] >> 4 == 0xE
                && (e == 0 || src[p + BLOCK - 3 + e] < 0xF0)
            {
                let chars = if e == 0 { 22 } else { 21 };
                three_byte_chars::<V::Wide, H, T>(at.add(e).sub(2), out.add(o));
                o += chars;
                p += BLOCK;
                inside = is_continuation(src[p]);
                continue;
            }
            // A window of 4-byte characters from its first byte to its
            // last: valid input has no other way to end a character at
            // every fourth byte (a character that began before the window
            // would have to end in its first three).
            if !T::BMP && ends == FOUR_BYTE_WINDOW {
                four_byte_chars::<V::Wide, T>(at, out.add(o));
                o += if T::UTF32 { 16 } else { 32 };
                p += BLOCK;
                inside = false;
                continue;
            }
            // A window after the steps starts on a boundary; one after
            // `bmp_window` holds no 4-byte character that started before
            // it (`bmp_window` had none).
            let w = <V::Wide as Vector>::BYTES;
            if !has_four_byte_lead(&v) && (p == 0 || p >= w) {
                let prev = if p == 0 { V::Wide::zero() } else { V::Wide::load(at.sub(w)) };
                let load = V::LOAD_PREV;
                let (_, written) =
                    bmp_window::<V::Wide, T>(at, ends, prev, load, p > 0, out.add(o));
                o += written;
                p += BLOCK;
                inside = is_continuation(src[p]);
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
                // Cannot happen on valid input; stop for the scalar code.
                break;
            }
        }
    }
    // The scalar finish starts at the first character not yet converted.
    if V::VALID_WINDOWS {
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
