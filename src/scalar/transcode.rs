//! Scalar transcoding, written once: a decoder for the source form, an
//! encoder for the target form, and one loop that joins them.
//!
//! The loop's contract is the public one (see [`crate::TranscodeError`]):
//! problems are reported in input order, output is only ever written whole
//! characters at a time, and every index is bounds-checked, so no `dst`
//! length can panic or write out of bounds.

use super::ascii::is_ascii16;
use super::{utf16, utf32, utf8};
use crate::byte_order::ByteOrder;
use crate::error::{TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use core::convert::Infallible;
use core::marker::PhantomData;
use core::mem::MaybeUninit;

/// A source encoding.
pub(crate) trait Decode {
    type Unit: Copy;
    type Error;
    /// The character at `src[i]`, and its width in units.
    fn decode(src: &[Self::Unit], i: usize) -> Result<(u32, usize), Self::Error>;
    /// Whether the 16 units at `src[i]` are all ASCII (`src[i + 15]` must
    /// exist).
    fn is_ascii16(src: &[Self::Unit], i: usize) -> bool;
    /// The value of a unit already known to be ASCII.
    fn ascii(u: Self::Unit) -> u8;
}

/// A target encoding.
pub(crate) trait Encode {
    type Unit: Copy;
    /// Writes `c` at the start of `dst`; the number of units written, or
    /// `None` if `dst` is too short (then nothing was written). Never
    /// reads `dst`, which may be uninitialised.
    fn encode(dst: &mut [MaybeUninit<Self::Unit>], c: u32) -> Option<usize>;
    fn from_ascii(b: u8) -> Self::Unit;
}

/// UTF-8 as a source or target.
pub(crate) struct Utf8;
/// The bytes of a `&str` as a source: valid UTF-8 by the type, decoded
/// without checks (and without an error type).
pub(crate) struct Str;
/// `char`s as a source: scalar values by the type.
pub(crate) struct Chars;
/// UTF-16 in byte order `O`, as a source or target.
pub(crate) struct Utf16<O>(PhantomData<O>);
/// UTF-32 (native order), as a source or target.
pub(crate) struct Utf32;

impl Decode for Utf8 {
    type Unit = u8;
    type Error = Utf8Error;
    #[inline(always)]
    fn decode(src: &[u8], i: usize) -> Result<(u32, usize), Utf8Error> {
        utf8::decode(src, i).ok_or_else(|| utf8::error_at(src, i))
    }
    #[inline(always)]
    fn is_ascii16(src: &[u8], i: usize) -> bool {
        is_ascii16(src, i)
    }
    #[inline(always)]
    fn ascii(u: u8) -> u8 {
        u
    }
}

impl Decode for Str {
    type Unit = u8;
    type Error = Infallible;
    /// `src` is valid UTF-8 (a `str`'s bytes), so the lead byte gives the
    /// length and the continuation bytes are there; every index is still
    /// bounds-checked (a missing byte would read as 0, not panic).
    #[inline(always)]
    fn decode(src: &[u8], i: usize) -> Result<(u32, usize), Infallible> {
        let b0 = u32::from(src[i]);
        let cont = |k: usize| src.get(i + k).map_or(0, |&b| u32::from(b) & 0x3F);
        Ok(if b0 < 0x80 {
            (b0, 1)
        } else if b0 < 0xE0 {
            ((b0 & 0x1F) << 6 | cont(1), 2)
        } else if b0 < 0xF0 {
            ((b0 & 0x0F) << 12 | cont(1) << 6 | cont(2), 3)
        } else {
            ((b0 & 0x07) << 18 | cont(1) << 12 | cont(2) << 6 | cont(3), 4)
        })
    }
    #[inline(always)]
    fn is_ascii16(src: &[u8], i: usize) -> bool {
        is_ascii16(src, i)
    }
    #[inline(always)]
    fn ascii(u: u8) -> u8 {
        u
    }
}

impl Decode for Chars {
    type Unit = char;
    type Error = Infallible;
    #[inline(always)]
    fn decode(src: &[char], i: usize) -> Result<(u32, usize), Infallible> {
        Ok((u32::from(src[i]), 1))
    }
    #[inline(always)]
    fn is_ascii16(src: &[char], i: usize) -> bool {
        src[i..i + 16].iter().fold(0, |acc, &c| acc | u32::from(c)) < 0x80
    }
    #[inline(always)]
    fn ascii(u: char) -> u8 {
        u as u8
    }
}

impl Encode for Utf8 {
    type Unit = u8;
    #[inline(always)]
    fn encode(dst: &mut [MaybeUninit<u8>], c: u32) -> Option<usize> {
        if c < 0x80 {
            dst.first_mut()?.write(c as u8);
            return Some(1);
        }
        let n = if c < 0x800 {
            2
        } else if c < 0x10000 {
            3
        } else {
            4
        };
        let out = dst.get_mut(..n)?;
        // Lead byte: the length marker (n ones then a zero) and top bits.
        out[0].write(((0xF00u32 >> n) as u8) | (c >> (6 * (n - 1))) as u8);
        for (k, b) in out[1..].iter_mut().enumerate() {
            b.write(0x80 | ((c >> (6 * (n - 2 - k))) & 0x3F) as u8);
        }
        Some(n)
    }
    #[inline(always)]
    fn from_ascii(b: u8) -> u8 {
        b
    }
}

impl<O: ByteOrder> Decode for Utf16<O> {
    type Unit = u16;
    type Error = Utf16Error;
    #[inline(always)]
    fn decode(src: &[u16], i: usize) -> Result<(u32, usize), Utf16Error> {
        utf16::decode::<O>(src, i)
    }
    #[inline(always)]
    fn is_ascii16(src: &[u16], i: usize) -> bool {
        src[i..i + 16].iter().fold(0, |acc, &u| acc | O::read16(u)) < 0x80
    }
    #[inline(always)]
    fn ascii(u: u16) -> u8 {
        O::read16(u) as u8
    }
}

impl<O: ByteOrder> Encode for Utf16<O> {
    type Unit = u16;
    #[inline(always)]
    fn encode(dst: &mut [MaybeUninit<u16>], c: u32) -> Option<usize> {
        if c < 0x10000 {
            dst.first_mut()?.write(O::write16(c as u16));
            Some(1)
        } else {
            let out = dst.get_mut(..2)?;
            let c = c - 0x10000;
            out[0].write(O::write16(0xD800 | (c >> 10) as u16));
            out[1].write(O::write16(0xDC00 | (c & 0x3FF) as u16));
            Some(2)
        }
    }
    #[inline(always)]
    fn from_ascii(b: u8) -> u16 {
        O::write16(b as u16)
    }
}

impl Decode for Utf32 {
    type Unit = u32;
    type Error = Utf32Error;
    #[inline(always)]
    fn decode(src: &[u32], i: usize) -> Result<(u32, usize), Utf32Error> {
        utf32::check(src[i], i).map(|c| (c, 1))
    }
    #[inline(always)]
    fn is_ascii16(src: &[u32], i: usize) -> bool {
        src[i..i + 16].iter().fold(0, |acc, &u| acc | u) < 0x80
    }
    #[inline(always)]
    fn ascii(u: u32) -> u8 {
        u as u8
    }
}

impl Encode for Utf32 {
    type Unit = u32;
    #[inline(always)]
    fn encode(dst: &mut [MaybeUninit<u32>], c: u32) -> Option<usize> {
        dst.first_mut()?.write(c);
        Some(1)
    }
    #[inline(always)]
    fn from_ascii(b: u8) -> u32 {
        b as u32
    }
}

/// Transcodes `src` (as `D`) into `dst` (as `E`): `Ok(units written)`.
///
/// Writes `dst[..written]` (as reported in the result, error or not) and
/// never reads `dst`, so it may be uninitialised.
#[inline]
pub(crate) fn transcode<D: Decode, E: Encode>(
    src: &[D::Unit],
    dst: &mut [MaybeUninit<E::Unit>],
) -> Result<usize, TranscodeError<D::Error>> {
    let (mut i, mut o) = (0, 0);
    while i < src.len() {
        if i + 16 <= src.len() && o + 16 <= dst.len() && D::is_ascii16(src, i) {
            for (d, &s) in dst[o..o + 16].iter_mut().zip(&src[i..i + 16]) {
                d.write(E::from_ascii(D::ascii(s)));
            }
            i += 16;
            o += 16;
            continue;
        }
        let (c, w) = match D::decode(src, i) {
            Ok(cw) => cw,
            Err(error) => return Err(TranscodeError::Invalid { error, written: o }),
        };
        match E::encode(&mut dst[o..], c) {
            Some(n) => o += n,
            None => return Err(TranscodeError::OutputTooSmall { read: i, written: o }),
        }
        i += w;
    }
    Ok(o)
}
