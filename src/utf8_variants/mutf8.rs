//! Java's Modified UTF-8 (MUTF-8): the string format of
//! `DataOutput.writeUTF`, JNI, class-file constants and Android's dex.
//!
//! Modified UTF-8 is UTF-8 applied to Java's UTF-16 `char`s, one at a
//! time: U+0000 is written as the overlong pair `C0 80` (so the bytes
//! never contain `00` and survive C string handling), and every UTF-16
//! unit is 1 to 3 bytes, so a supplementary character becomes a
//! surrogate pair of two 3-byte sequences, as in
//! [CESU-8](super::cesu8). Java strings may hold *unpaired* surrogates, and
//! Java writes them the same way, so they are valid Modified UTF-8.
//!
//! This module is strict otherwise: a raw `00` byte, the UTF-8 4-byte
//! forms and every overlong form other than `C0 80` are errors. Decoding
//! to UTF-16 is total for valid input; decoding to UTF-8 fails on an
//! unpaired surrogate, which [`mutf8_to_wtf8_vec`] keeps instead.
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use rapidutf::utf8_variants::mutf8;
//! let units = [0x0000, 0x41, 0xD83D, 0xDE00, 0xDC00]; // NUL, A, 😀, a lone low surrogate
//! let bytes = mutf8::utf16_to_mutf8_vec(&units);
//! assert_eq!(bytes, b"\xC0\x80A\xED\xA0\xBD\xED\xB8\x80\xED\xB0\x80");
//! assert_eq!(mutf8::mutf8_to_utf16_vec(&bytes).unwrap(), units);
//! # }
//! ```

use super::scan::{
    decode_generalized, four_byte_at, is_high, is_low, pair, surrogate_at, utf8_error, walk, Piece,
};
use super::EncodingError;
use crate::error::Utf8ErrorKind;
use crate::scalar::utf8::is_continuation;
use core::fmt;

/// Why the input is not Modified UTF-8 (or, for [`mutf8_to_string`], not
/// convertible to UTF-8).
///
/// ```
/// use rapidutf::utf8_variants::{mutf8_to_string, validate_mutf8, Mutf8ErrorKind};
/// assert_eq!(validate_mutf8(b"\x00").unwrap_err().kind(), Mutf8ErrorKind::NulByte);
/// assert_eq!(validate_mutf8("😀".as_bytes()).unwrap_err().kind(), Mutf8ErrorKind::FourByteSequence);
/// assert_eq!(mutf8_to_string(b"\xED\xA0\x80!").unwrap_err().kind(), Mutf8ErrorKind::UnpairedHighSurrogate);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mutf8ErrorKind {
    /// An error Modified UTF-8 shares with UTF-8 (for example an overlong
    /// form other than `C0 80`, or the input ending inside a sequence).
    Utf8(Utf8ErrorKind),
    /// A raw `00` byte: U+0000 is written `C0 80`.
    NulByte,
    /// A UTF-8 4-byte sequence (lead byte `F0..F4`): supplementary
    /// characters are written as surrogate pairs.
    /// [`error_len`](EncodingError::error_len) is 4, or the bytes present
    /// if the input ends inside the sequence.
    FourByteSequence,
    /// From [`mutf8_to_string`] only: a high surrogate not followed by a low
    /// one, which UTF-8 cannot represent.
    UnpairedHighSurrogate,
    /// From [`mutf8_to_string`] only: a low surrogate without a high one
    /// before it.
    UnpairedLowSurrogate,
}

impl fmt::Display for Mutf8ErrorKind {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Utf8(k) => super::fmt_utf8(f, *k),
            Self::NulByte => f.write_str("raw 00 byte (Modified UTF-8 encodes U+0000 as C0 80)"),
            Self::FourByteSequence => f.write_str(
                "4-byte sequence (Modified UTF-8 encodes supplementary characters as surrogate pairs)",
            ),
            Self::UnpairedHighSurrogate => {
                f.write_str("unpaired high surrogate, which UTF-8 cannot represent")
            }
            Self::UnpairedLowSurrogate => {
                f.write_str("unpaired low surrogate, which UTF-8 cannot represent")
            }
        }
    }
}

/// The error of the Modified UTF-8 validator and decoders.
///
/// ```
/// let e: rapidutf::utf8_variants::Mutf8Error = rapidutf::utf8_variants::validate_mutf8(b"ab\xC0").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (2, None)); // C0 80 may follow
/// ```
pub type Mutf8Error = EncodingError<Mutf8ErrorKind>;

/// The code point at `src[i]`, where [`walk`] stopped (a `00` or `F0..FF`
/// byte, or a UTF-8 error): `Ok((code point, width))`, where the code point
/// may be a lone surrogate. With `join`, a high surrogate directly followed
/// by a low one is returned as their supplementary character.
fn special(src: &[u8], i: usize, join: bool) -> Result<(u32, usize), Mutf8Error> {
    let err = |len: usize, kind| Err(EncodingError::new(i, len as u8, kind));
    match src[i] {
        0x00 => return err(1, Mutf8ErrorKind::NulByte),
        0xC0 => {
            return match src.get(i + 1) {
                Some(0x80) => Ok((0, 2)),
                None => err(0, Mutf8ErrorKind::Utf8(Utf8ErrorKind::Truncated)),
                Some(&b) if is_continuation(b) => {
                    err(1, Mutf8ErrorKind::Utf8(Utf8ErrorKind::Overlong))
                }
                Some(_) => err(1, Mutf8ErrorKind::Utf8(Utf8ErrorKind::MissingContinuation)),
            }
        }
        _ => {}
    }
    if let Some(n) = four_byte_at(src, i) {
        return err(n, Mutf8ErrorKind::FourByteSequence);
    }
    let (c, width) = decode_generalized(src, i).map_err(|e| utf8_error(e, Mutf8ErrorKind::Utf8))?;
    if join && is_high(c) {
        if let Some(low) = surrogate_at(src, i + 3).filter(|&l| is_low(l)) {
            return Ok((pair(c, low), 6));
        }
    }
    Ok((c, width))
}

/// Validates Modified UTF-8.
///
/// Plain UTF-8 without NULs and supplementary characters is Modified
/// UTF-8 as it is, so this costs one dispatched UTF-8 validation plus a
/// scan for `00` and `F0..FF` bytes, with scalar work only at `C0 80` and
/// surrogates.
///
/// # Errors
///
/// The first invalid sequence, with its kind (see [`Mutf8ErrorKind`]).
///
/// ```
/// use rapidutf::utf8_variants::{validate_mutf8, Mutf8ErrorKind};
/// assert!(validate_mutf8(b"a\xC0\x80b").is_ok()); // "a\0b"
/// assert!(validate_mutf8(b"\xED\xB0\x80").is_ok()); // a lone low surrogate
/// let e = validate_mutf8(b"a\xC0\x81").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (1, Mutf8ErrorKind::Utf8(rapidutf::Utf8ErrorKind::Overlong)));
/// ```
#[inline]
pub fn validate_mutf8(src: &[u8]) -> Result<(), Mutf8Error> {
    walk(src, super::scan::find_nul_or_ge_f0, |piece| match piece {
        Piece::Valid(..) => Ok(0),
        Piece::Special(i) => special(src, i, false).map(|(_, n)| n),
    })
}

#[cfg(feature = "alloc")]
pub use alloc_api::*;

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod alloc_api {
    use super::*;
    use crate::scalar::utf8;
    use crate::utf8_variants::out::{
        push_cesu_pair, push_generalized, push_utf16, push_utf8_prefix,
    };
    use crate::utf8_variants::scan::{find_nul_or_ge_f0, find_unit, is_low_prefix, is_surrogate};
    use alloc::borrow::Cow;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// Decodes Modified UTF-8 to native-endian UTF-16: the `char`s Java
    /// wrote, unpaired surrogates included. Total on valid input.
    ///
    /// # Errors
    ///
    /// The first invalid sequence, as [`validate_mutf8`] reports it.
    ///
    /// ```
    /// use rapidutf::utf8_variants::mutf8_to_utf16_vec;
    /// assert_eq!(mutf8_to_utf16_vec(b"\xC0\x80\xED\xA0\x80").unwrap(), [0x0000, 0xD800]);
    /// ```
    #[inline]
    pub fn mutf8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, Mutf8Error> {
        let mut out = Vec::with_capacity(src.len());
        walk(src, find_nul_or_ge_f0, |piece| match piece {
            Piece::Valid(_, s) => {
                push_utf16(&mut out, s);
                Ok(0)
            }
            Piece::Special(i) => {
                // Without joining, every code point is a BMP one.
                let (c, n) = special(src, i, false)?;
                out.push(c as u16);
                Ok(n)
            }
        })?;
        Ok(out)
    }

    /// Decodes Modified UTF-8 to UTF-8: `C0 80` becomes `00` and each
    /// surrogate pair one 4-byte character. Borrows when there is nothing
    /// to change.
    ///
    /// # Errors
    ///
    /// The first invalid sequence, as [`validate_mutf8`] reports it, or
    /// the first unpaired surrogate
    /// ([`UnpairedHighSurrogate`](Mutf8ErrorKind::UnpairedHighSurrogate),
    /// [`UnpairedLowSurrogate`](Mutf8ErrorKind::UnpairedLowSurrogate); a
    /// high surrogate at the very end, or followed only by the start of a
    /// low one, is [`Truncated`](Utf8ErrorKind::Truncated)).
    ///
    /// ```
    /// use rapidutf::utf8_variants::{mutf8_to_string, Mutf8ErrorKind};
    /// assert_eq!(mutf8_to_string(b"a\xC0\x80\xED\xA0\xBD\xED\xB8\x80").unwrap(), "a\0😀");
    /// let e = mutf8_to_string(b"a\xED\xB8\x80").unwrap_err();
    /// assert_eq!((e.valid_up_to(), e.kind()), (1, Mutf8ErrorKind::UnpairedLowSurrogate));
    /// ```
    #[inline]
    pub fn mutf8_to_string(src: &[u8]) -> Result<Cow<'_, str>, Mutf8Error> {
        let mut out: Option<String> = None;
        let mut whole = "";
        walk(src, find_nul_or_ge_f0, |piece| {
            match piece {
                Piece::Valid(0, s) if s.len() == src.len() => whole = s,
                Piece::Valid(_, s) => {
                    out.get_or_insert_with(|| String::with_capacity(src.len())).push_str(s)
                }
                Piece::Special(i) => {
                    let (c, n) = special(src, i, true)?;
                    let Some(c) = char::from_u32(c) else {
                        // A lone surrogate.
                        let (len, kind) = if is_low(c) {
                            (3, Mutf8ErrorKind::UnpairedLowSurrogate)
                        } else if is_low_prefix(&src[i + 3..]) {
                            (0, Mutf8ErrorKind::Utf8(Utf8ErrorKind::Truncated))
                        } else {
                            (3, Mutf8ErrorKind::UnpairedHighSurrogate)
                        };
                        return Err(EncodingError::new(i, len, kind));
                    };
                    out.get_or_insert_with(|| String::with_capacity(src.len())).push(c);
                    return Ok(n);
                }
            }
            Ok(0)
        })?;
        Ok(out.map_or(Cow::Borrowed(whole), Cow::Owned))
    }

    /// Decodes Modified UTF-8 to [WTF-8](crate::utf8_variants::wtf8): like
    /// [`mutf8_to_string`], but unpaired surrogates are kept (as WTF-8's
    /// 3-byte forms), so it is total on valid input. Borrows when there is
    /// nothing to change.
    ///
    /// # Errors
    ///
    /// The first invalid sequence, as [`validate_mutf8`] reports it.
    ///
    /// ```
    /// use rapidutf::utf8_variants::mutf8_to_wtf8_vec;
    /// let wtf8 = mutf8_to_wtf8_vec(b"\xED\xA0\xBD\xED\xB8\x80\xED\xB0\x80").unwrap();
    /// assert_eq!(&wtf8[..], b"\xF0\x9F\x98\x80\xED\xB0\x80"); // 😀, then the lone DC00
    /// ```
    #[inline]
    pub fn mutf8_to_wtf8_vec(src: &[u8]) -> Result<Cow<'_, [u8]>, Mutf8Error> {
        let mut out: Option<Vec<u8>> = None;
        walk(src, find_nul_or_ge_f0, |piece| {
            match piece {
                Piece::Valid(0, s) if s.len() == src.len() => {}
                Piece::Valid(_, s) => out
                    .get_or_insert_with(|| Vec::with_capacity(src.len()))
                    .extend_from_slice(s.as_bytes()),
                Piece::Special(i) => {
                    let (c, n) = special(src, i, true)?;
                    push_generalized(out.get_or_insert_with(|| Vec::with_capacity(src.len())), c);
                    return Ok(n);
                }
            }
            Ok(0)
        })?;
        Ok(out.map_or(Cow::Borrowed(src), Cow::Owned))
    }

    /// Encodes UTF-8 as Modified UTF-8: U+0000 becomes `C0 80` and each
    /// 4-byte character a 6-byte surrogate pair. Borrows when there are
    /// neither.
    ///
    /// ```
    /// use rapidutf::utf8_variants::utf8_to_mutf8_vec;
    /// assert_eq!(&utf8_to_mutf8_vec("a\0😀")[..], b"a\xC0\x80\xED\xA0\xBD\xED\xB8\x80");
    /// ```
    #[must_use]
    #[inline]
    pub fn utf8_to_mutf8_vec(src: &str) -> Cow<'_, [u8]> {
        let src = src.as_bytes();
        let Some(first) = find_nul_or_ge_f0(src) else {
            return Cow::Borrowed(src);
        };
        let mut out = Vec::with_capacity(src.len() + src.len() / 2);
        let (mut i, mut stop) = (0, first);
        loop {
            out.extend_from_slice(&src[i..stop]);
            if stop == src.len() {
                break;
            }
            // A `str` byte F0..F4 leads a valid 4-byte character.
            let (c, width) = utf8::decode(src, stop).unwrap_or((0xFFFD, 1));
            match c {
                0 => out.extend_from_slice(&[0xC0, 0x80]),
                0x10000.. => push_cesu_pair(&mut out, c),
                _ => push_generalized(&mut out, c),
            }
            i = stop + width;
            stop = find_nul_or_ge_f0(&src[i..]).map_or(src.len(), |p| i + p);
        }
        Cow::Owned(out)
    }

    /// Encodes native-endian UTF-16 as Modified UTF-8, exactly as Java's
    /// `DataOutputStream.writeUTF` writes a string (without its 2-byte
    /// length prefix): every unit, paired or not, as 1 to 3 bytes, and
    /// U+0000 as `C0 80`. Total.
    ///
    /// ```
    /// use rapidutf::utf8_variants::utf16_to_mutf8_vec;
    /// assert_eq!(utf16_to_mutf8_vec(&[0x0000, 0xE9, 0xD800]), b"\xC0\x80\xC3\xA9\xED\xA0\x80");
    /// ```
    #[must_use]
    #[inline]
    pub fn utf16_to_mutf8_vec(src: &[u16]) -> Vec<u8> {
        let mut out = Vec::with_capacity(src.len() + src.len() / 2);
        let mut i = 0;
        while i < src.len() {
            let stop = find_unit(&src[i..], |u| u == 0 || is_surrogate(u32::from(u)))
                .map_or(src.len(), |p| i + p);
            // No surrogates in between, so no error.
            let _ = push_utf8_prefix(&mut out, &src[i..stop]);
            i = stop;
            match src.get(i) {
                None => break,
                Some(0) => out.extend_from_slice(&[0xC0, 0x80]),
                Some(&u) => push_generalized(&mut out, u32::from(u)),
            }
            i += 1;
        }
        out
    }
}
