//! Latin-1 (ISO-8859-1): byte `b` is the code point U+00`b`, for all 256
//! bytes, so every byte decodes and exactly the code points up to U+00FF
//! encode.
//!
//! [`Latin1`] is a source and a target of the generic scalar loop
//! (`super::transcode::transcode`). A conversion *to* Latin-1 decodes its
//! input with [`ToLatin1`], which turns a character above U+00FF into an
//! error, so the Latin-1 encoder only ever sees code points it can write.

use super::ascii::is_ascii16;
use super::transcode::{Decode, Encode};
use crate::error::{Latin1Error, Latin1ErrorKind};
use core::convert::Infallible;
use core::marker::PhantomData;

/// Latin-1 as a source or target.
pub(crate) struct Latin1;

impl Decode for Latin1 {
    type Unit = u8;
    type Error = Infallible;
    #[inline(always)]
    fn decode(src: &[u8], i: usize) -> Result<(u32, usize), Infallible> {
        Ok((u32::from(src[i]), 1))
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

impl Encode for Latin1 {
    type Unit = u8;
    /// `c` is at most `0xFF`: the decoders of conversions to single-byte
    /// encodings are [`ToBytes`], which hand on a byte and stop before
    /// any character without one.
    #[inline(always)]
    fn encode(dst: &mut [core::mem::MaybeUninit<u8>], c: u32) -> Option<usize> {
        debug_assert!(c <= 0xFF, "U+{c:04X} reached the Latin-1 encoder");
        dst.first_mut()?.write(c as u8);
        Some(1)
    }
    #[inline(always)]
    fn from_ascii(b: u8) -> u8 {
        b
    }
}

/// A single-byte encoding that a conversion can target: which byte, if
/// any, stands for a code point.
pub(crate) trait ByteCharset {
    /// The byte of code point `c` (a scalar value), or `None` if the
    /// encoding cannot represent it.
    fn byte(c: u32) -> Option<u8>;

    /// Whether some of the bytes `80..=9F`, which Latin-1 gives the C1
    /// controls U+0080..=U+009F, stand for other characters here: then a
    /// C1 control that a Latin-1 encoder wrote as its own byte must be
    /// mended (the lossy encoders run the SIMD Latin-1 encoder first).
    const FOREIGN_C1: bool;
}

impl ByteCharset for Latin1 {
    const FOREIGN_C1: bool = false;
    #[inline(always)]
    fn byte(c: u32) -> Option<u8> {
        u8::try_from(c).ok()
    }
}

/// Source encoding `D` on its way to the single-byte encoding `C`: the
/// byte of each character (as the "code point" the scalar loop hands on
/// to the [`Latin1`] encoder, which writes it as it is), and a
/// [`Latin1Error`] at the first character that is invalid or that `C`
/// cannot represent.
pub(crate) struct ToBytes<D, C>(PhantomData<(D, C)>);

/// Source encoding `D` on its way to Latin-1: its characters up to U+00FF.
pub(crate) type ToLatin1<D> = ToBytes<D, Latin1>;

impl<D: Decode, C: ByteCharset> Decode for ToBytes<D, C> {
    type Unit = D::Unit;
    type Error = Latin1Error<D::Error>;
    #[inline(always)]
    fn decode(src: &[D::Unit], i: usize) -> Result<(u32, usize), Self::Error> {
        match D::decode(src, i) {
            Ok((c, w)) => match C::byte(c) {
                Some(b) => Ok((u32::from(b), w)),
                None => {
                    // The decoders only return scalar values.
                    let c = char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
                    Err(Latin1Error::new(i, Latin1ErrorKind::Unrepresentable(c)))
                }
            },
            // The decoders report an error at the character they were asked
            // for: its position is `i`.
            Err(e) => Err(Latin1Error::new(i, Latin1ErrorKind::Invalid(e))),
        }
    }
    #[inline(always)]
    fn is_ascii16(src: &[D::Unit], i: usize) -> bool {
        D::is_ascii16(src, i)
    }
    #[inline(always)]
    fn ascii(u: D::Unit) -> u8 {
        D::ascii(u)
    }
}

/// UTF-8 bytes for Latin-1: one per byte, two per byte `>= 0x80`.
pub(crate) fn utf8_len_from_latin1(src: &[u8]) -> usize {
    src.len()
        + src.chunks(255).map(|c| c.iter().fold(0u8, |n, &b| n + (b >> 7)) as usize).sum::<usize>()
}
