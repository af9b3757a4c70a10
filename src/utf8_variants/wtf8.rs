//! [WTF-8](https://simonsapin.github.io/wtf-8/), the "Wobbly
//! Transformation Format": UTF-8 extended to represent potentially
//! ill-formed UTF-16 (Windows file names, JavaScript strings) losslessly.
//!
//! WTF-8 is *generalized UTF-8* (UTF-8 that also encodes the surrogate
//! code points U+D800..U+DFFF as `ED A0..BF xx`) with one restriction: a
//! high surrogate must not be directly followed by a low one, because
//! that pair is written as its 4-byte supplementary character. So each
//! `[u16]` has exactly one WTF-8 form, well-formed UTF-16 maps to its
//! UTF-8, and concatenation has to join a trailing high surrogate with a
//! leading low one ([`wtf8_concat`]).
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use rapidutf::utf8_variants::wtf8;
//! let units = [0x61, 0xD800, 0x62, 0xD83D, 0xDE00]; // a, lone D800, b, 😀
//! let bytes = wtf8::utf16_to_wtf8_vec(&units);
//! assert_eq!(bytes, b"a\xED\xA0\x80b\xF0\x9F\x98\x80");
//! assert_eq!(wtf8::wtf8_to_utf16_vec(&bytes).unwrap(), units);
//! # }
//! ```

use super::scan::{decode_generalized, is_high, is_low, surrogate_at, utf8_error, walk, Piece};
use super::EncodingError;
use crate::error::Utf8ErrorKind;
use core::fmt;

/// Why the input is not WTF-8.
///
/// ```
/// use rapidutf::utf8_variants::{validate_wtf8, Wtf8ErrorKind};
/// use rapidutf::Utf8ErrorKind;
/// let kind = |b: &[u8]| validate_wtf8(b).unwrap_err().kind();
/// assert_eq!(kind(b"\xED\xA0\x80\xED\xB0\x80"), Wtf8ErrorKind::SurrogatePair);
/// assert_eq!(kind(b"\xF4\x90\x80\x80"), Wtf8ErrorKind::Utf8(Utf8ErrorKind::TooLarge));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Wtf8ErrorKind {
    /// An error WTF-8 shares with UTF-8 (surrogates aside, WTF-8 forbids
    /// what UTF-8 forbids).
    Utf8(Utf8ErrorKind),
    /// An encoded low surrogate directly after an encoded high surrogate:
    /// the pair must be written as one 4-byte sequence. The error is the
    /// low surrogate's 3 bytes (the lone high surrogate before it is valid).
    SurrogatePair,
}

impl fmt::Display for Wtf8ErrorKind {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Utf8(k) => super::fmt_utf8(f, *k),
            Self::SurrogatePair => f.write_str(
                "low surrogate after a high surrogate (WTF-8 encodes the pair as one 4-byte sequence)",
            ),
        }
    }
}

/// The error of the WTF-8 validator and decoder.
///
/// ```
/// let e: rapidutf::utf8_variants::Wtf8Error = rapidutf::utf8_variants::validate_wtf8(b"a\x80").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (1, Some(1)));
/// ```
pub type Wtf8Error = EncodingError<Wtf8ErrorKind>;

/// The code point at `src[i]`, where [`walk`] stopped (a UTF-8 error, so a
/// surrogate if it is valid WTF-8): `Ok((code point, width))`.
fn special(src: &[u8], i: usize) -> Result<(u32, usize), Wtf8Error> {
    let (c, width) = decode_generalized(src, i).map_err(|e| utf8_error(e, Wtf8ErrorKind::Utf8))?;
    if is_high(c) && surrogate_at(src, i + 3).is_some_and(is_low) {
        return Err(EncodingError::new(i + 3, 3, Wtf8ErrorKind::SurrogatePair));
    }
    Ok((c, width))
}

/// Validates WTF-8.
///
/// UTF-8 is WTF-8, so this is one dispatched UTF-8 validation, with scalar
/// work only at encoded surrogates.
///
/// # Errors
///
/// The first invalid sequence, with its kind (see [`Wtf8ErrorKind`]).
///
/// ```
/// use rapidutf::utf8_variants::{validate_wtf8, Wtf8ErrorKind};
/// assert!(validate_wtf8("😀".as_bytes()).is_ok());
/// assert!(validate_wtf8(b"\xED\xA0\x80").is_ok()); // a lone high surrogate
/// let e = validate_wtf8(b"\xED\xA0\xBD\xED\xB8\x80").unwrap_err(); // an encoded pair
/// assert_eq!((e.valid_up_to(), e.kind()), (3, Wtf8ErrorKind::SurrogatePair));
/// ```
#[inline]
pub fn validate_wtf8(src: &[u8]) -> Result<(), Wtf8Error> {
    walk(
        src,
        |_| None,
        |piece| match piece {
            Piece::Valid(..) => Ok(0),
            Piece::Special(i) => special(src, i).map(|(_, n)| n),
        },
    )
}

#[cfg(feature = "alloc")]
pub use alloc_api::*;

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod alloc_api {
    use super::*;
    use crate::utf8_variants::out::{push_generalized, push_utf16, utf16_to_utf8_with};
    use alloc::vec::Vec;

    /// Decodes WTF-8 to native-endian UTF-16 (potentially ill-formed: the
    /// encoded surrogates become lone surrogates). The inverse of
    /// [`utf16_to_wtf8_vec`].
    ///
    /// # Errors
    ///
    /// The first invalid sequence, as [`validate_wtf8`] reports it.
    ///
    /// ```
    /// use rapidutf::utf8_variants::wtf8_to_utf16_vec;
    /// assert_eq!(wtf8_to_utf16_vec(b"\xED\xB0\x80\xF0\x9F\x98\x80").unwrap(), [0xDC00, 0xD83D, 0xDE00]);
    /// ```
    #[inline]
    pub fn wtf8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, Wtf8Error> {
        let mut out = Vec::with_capacity(src.len());
        walk(
            src,
            |_| None,
            |piece| match piece {
                Piece::Valid(_, s) => {
                    push_utf16(&mut out, s);
                    Ok(0)
                }
                Piece::Special(i) => {
                    // Only surrogates (BMP code points) stop the walk.
                    let (c, n) = special(src, i)?;
                    out.push(c as u16);
                    Ok(n)
                }
            },
        )?;
        Ok(out)
    }

    /// Encodes any native-endian `[u16]` as WTF-8: surrogate pairs as
    /// 4-byte characters, unpaired surrogates as 3-byte sequences. Total,
    /// and the inverse of [`wtf8_to_utf16_vec`]. The valid stretches go
    /// through the dispatched UTF-16 to UTF-8 transcoder.
    ///
    /// ```
    /// use rapidutf::utf8_variants::utf16_to_wtf8_vec;
    /// assert_eq!(utf16_to_wtf8_vec(&[0xDBFF, 0x41]), b"\xED\xAF\xBFA");
    /// ```
    #[must_use]
    #[inline]
    pub fn utf16_to_wtf8_vec(src: &[u16]) -> Vec<u8> {
        let written = utf16_to_utf8_with(src, |e, out| {
            // A lone surrogate, in generalized UTF-8's 3-byte form.
            let u = src[e.valid_up_to()];
            out[0] = 0xE0 | (u >> 12) as u8;
            out[1] = 0x80 | ((u >> 6) & 0x3F) as u8;
            out[2] = 0x80 | (u & 0x3F) as u8;
            Ok::<_, core::convert::Infallible>(3)
        });
        match written {
            Ok(out) => out,
            Err(never) => match never {},
        }
    }

    /// Appends WTF-8 `src` to WTF-8 `dst`, as the WTF-8 specification's
    /// concatenation: if `dst` ends with a high surrogate and `src` starts
    /// with a low one, the two become one 4-byte character (simply
    /// appending the bytes would produce an encoded surrogate pair, which
    /// is not WTF-8). If both are valid WTF-8, so is the result.
    ///
    /// ```
    /// use rapidutf::utf8_variants::wtf8_push;
    /// let mut s = b"a\xED\xA0\xBD".to_vec(); // a, lone D83D
    /// wtf8_push(&mut s, b"\xED\xB8\x80b"); // lone DE00, b
    /// assert_eq!(s, "a😀b".as_bytes());
    /// ```
    #[inline]
    pub fn wtf8_push(dst: &mut Vec<u8>, src: &[u8]) {
        let n = dst.len();
        let high = n >= 3 && surrogate_at(dst, n - 3).is_some_and(is_high);
        if let (true, Some(low)) = (high, surrogate_at(src, 0).filter(|&l| is_low(l))) {
            let high = surrogate_at(dst, n - 3).unwrap_or(0xD800);
            dst.truncate(n - 3);
            push_generalized(dst, crate::utf8_variants::scan::pair(high, low));
            dst.extend_from_slice(&src[3..]);
        } else {
            dst.extend_from_slice(src);
        }
    }

    /// Concatenates two WTF-8 strings (see [`wtf8_push`]).
    ///
    /// ```
    /// use rapidutf::utf8_variants::wtf8_concat;
    /// assert_eq!(wtf8_concat(b"\xED\xA0\x80", b"\xED\xB0\x80"), b"\xF0\x90\x80\x80"); // U+10000
    /// assert_eq!(wtf8_concat(b"\xED\xB0\x80", b"\xED\xA0\x80"), b"\xED\xB0\x80\xED\xA0\x80");
    /// ```
    #[must_use]
    #[inline]
    pub fn wtf8_concat(a: &[u8], b: &[u8]) -> Vec<u8> {
        let mut v = Vec::with_capacity(a.len() + b.len());
        v.extend_from_slice(a);
        wtf8_push(&mut v, b);
        v
    }
}
