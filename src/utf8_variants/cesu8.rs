//! CESU-8, the "Compatibility Encoding Scheme for UTF-16: 8-Bit" of
//! [Unicode Technical Report #26](https://www.unicode.org/reports/tr26/).
//!
//! CESU-8 is UTF-8 applied to UTF-16 code units: characters of the BMP are
//! encoded as in UTF-8, and each supplementary character as its UTF-16
//! surrogate pair, each surrogate in the 3-byte form (`ED A0..AF xx`
//! followed by `ED B0..BF xx`, six bytes in all). Its byte order therefore
//! sorts like UTF-16. Oracle Database's `UTF8` character set is CESU-8.
//!
//! This module is strict: the 4-byte forms of UTF-8 are errors, a
//! surrogate must be a high one directly followed by a low one, and
//! everything UTF-8 forbids (overlong forms, bytes `C0`, `C1`, `F5..FF`,
//! code points above U+10FFFF) stays forbidden. U+0000 is the byte `00`
//! (Java's Modified UTF-8, which differs there, is in
//! [`mutf8`](super::mutf8)).
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use rapidutf::utf8_variants::cesu8;
//! let bytes = cesu8::utf8_to_cesu8_vec("a😀");
//! assert_eq!(&bytes[..], b"a\xED\xA0\xBD\xED\xB8\x80");
//! assert_eq!(cesu8::cesu8_to_string(&bytes).unwrap(), "a😀");
//! # }
//! ```

use super::scan::{
    decode_generalized, four_byte_at, is_high, is_low, is_low_prefix, pair, surrogate_at,
    utf8_error, walk, Piece,
};
use super::EncodingError;
use crate::error::Utf8ErrorKind;
use core::fmt;

/// Why the input is not CESU-8.
///
/// ```
/// use rapidutf::utf8_variants::{validate_cesu8, Cesu8ErrorKind};
/// use rapidutf::Utf8ErrorKind;
/// let kind = |b: &[u8]| validate_cesu8(b).unwrap_err().kind();
/// assert_eq!(kind(b"\xF0\x9F\x98\x80"), Cesu8ErrorKind::FourByteSequence);
/// assert_eq!(kind(b"\xED\xA0\x80!"), Cesu8ErrorKind::UnpairedHighSurrogate);
/// assert_eq!(kind(b"\xED\xB0\x80"), Cesu8ErrorKind::UnpairedLowSurrogate);
/// assert_eq!(kind(b"\xC0\x80"), Cesu8ErrorKind::Utf8(Utf8ErrorKind::InvalidByte));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Cesu8ErrorKind {
    /// An error CESU-8 shares with UTF-8 (for example an overlong form, or
    /// [`Truncated`](Utf8ErrorKind::Truncated): the input ends inside a
    /// sequence, including a high surrogate whose low surrogate would
    /// follow).
    Utf8(Utf8ErrorKind),
    /// A UTF-8 4-byte sequence (lead byte `F0..F4`): CESU-8 writes a
    /// supplementary character as a surrogate pair instead.
    /// [`error_len`](EncodingError::error_len) is 4, or the bytes present
    /// if the input ends inside the sequence.
    FourByteSequence,
    /// A high surrogate (`ED A0..AF xx`) not directly followed by a low
    /// one.
    UnpairedHighSurrogate,
    /// A low surrogate (`ED B0..BF xx`) without a high one before it.
    UnpairedLowSurrogate,
}

impl fmt::Display for Cesu8ErrorKind {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Utf8(k) => super::fmt_utf8(f, *k),
            Self::FourByteSequence => f.write_str(
                "4-byte sequence (CESU-8 encodes supplementary characters as surrogate pairs)",
            ),
            Self::UnpairedHighSurrogate => {
                f.write_str("high surrogate not followed by a low surrogate")
            }
            Self::UnpairedLowSurrogate => {
                f.write_str("low surrogate not preceded by a high surrogate")
            }
        }
    }
}

/// The error of the CESU-8 validator and decoders.
///
/// ```
/// let e: rapidutf::utf8_variants::Cesu8Error = rapidutf::utf8_variants::validate_cesu8(b"a\xF0").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (1, Some(1)));
/// ```
pub type Cesu8Error = EncodingError<Cesu8ErrorKind>;

/// The character at `src[i]`, where [`walk`] stopped (a 4-byte lead or a
/// UTF-8 error): `Ok((scalar value, width))` for a surrogate pair.
fn special(src: &[u8], i: usize) -> Result<(u32, usize), Cesu8Error> {
    if let Some(n) = four_byte_at(src, i) {
        return Err(EncodingError::new(i, n as u8, Cesu8ErrorKind::FourByteSequence));
    }
    let (c, width) = decode_generalized(src, i).map_err(|e| utf8_error(e, Cesu8ErrorKind::Utf8))?;
    if is_high(c) {
        if let Some(low) = surrogate_at(src, i + 3).filter(|&l| is_low(l)) {
            return Ok((pair(c, low), 6));
        }
        if is_low_prefix(&src[i + 3..]) {
            let kind = Cesu8ErrorKind::Utf8(Utf8ErrorKind::Truncated);
            return Err(EncodingError::new(i, 0, kind));
        }
        return Err(EncodingError::new(i, 3, Cesu8ErrorKind::UnpairedHighSurrogate));
    }
    if is_low(c) {
        return Err(EncodingError::new(i, 3, Cesu8ErrorKind::UnpairedLowSurrogate));
    }
    // Not reached from `walk` (it stops only at errors and 4-byte leads),
    // but an ordinary character is what it is.
    Ok((c, width))
}

/// Validates CESU-8.
///
/// Plain UTF-8 without supplementary characters is CESU-8 as it is, so
/// this costs one dispatched UTF-8 validation plus a scan for `F0..FF`
/// bytes, with scalar work only at surrogate pairs.
///
/// # Errors
///
/// The first invalid sequence, with its kind (see [`Cesu8ErrorKind`]).
///
/// ```
/// use rapidutf::utf8_variants::{validate_cesu8, Cesu8ErrorKind};
/// assert!(validate_cesu8("naïve".as_bytes()).is_ok());
/// assert!(validate_cesu8(b"\xED\xA0\x80\xED\xB0\x80").is_ok()); // U+10000
/// let e = validate_cesu8(b"x\xED\xB0\x80").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (1, Cesu8ErrorKind::UnpairedLowSurrogate));
/// ```
#[inline]
pub fn validate_cesu8(src: &[u8]) -> Result<(), Cesu8Error> {
    walk(src, super::scan::find_ge_f0, |piece| match piece {
        Piece::Valid(..) => Ok(0),
        Piece::Special(i) => special(src, i).map(|(_, n)| n),
    })
}

#[cfg(feature = "alloc")]
pub use alloc_api::*;

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod alloc_api {
    use super::*;
    use crate::error::{Utf16Error, Utf16ErrorKind};
    use crate::scalar::utf8;
    use crate::utf8_variants::out::{
        push_cesu_pair, push_generalized, push_pair16, push_utf16, push_utf8_prefix,
    };
    use crate::utf8_variants::scan::{find_ge_f0, find_unit, is_surrogate};
    use alloc::borrow::Cow;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// Decodes CESU-8 to UTF-8, joining each surrogate pair into one
    /// 4-byte character. Borrows when the input has no pairs (it is then
    /// UTF-8 already).
    ///
    /// # Errors
    ///
    /// The first invalid sequence, as [`validate_cesu8`] reports it.
    ///
    /// ```
    /// use rapidutf::utf8_variants::cesu8_to_string;
    /// assert_eq!(cesu8_to_string(b"\xED\xA0\xBD\xED\xB8\x80!").unwrap(), "😀!");
    /// assert!(matches!(cesu8_to_string(b"plain").unwrap(), std::borrow::Cow::Borrowed("plain")));
    /// assert!(cesu8_to_string("😀".as_bytes()).is_err());
    /// ```
    #[inline]
    pub fn cesu8_to_string(src: &[u8]) -> Result<Cow<'_, str>, Cesu8Error> {
        let mut out: Option<String> = None;
        let mut whole = "";
        walk(src, find_ge_f0, |piece| {
            match piece {
                Piece::Valid(0, s) if s.len() == src.len() => whole = s,
                Piece::Valid(_, s) => {
                    out.get_or_insert_with(|| String::with_capacity(src.len())).push_str(s)
                }
                Piece::Special(i) => {
                    let (c, n) = special(src, i)?;
                    // `special` returns only scalar values.
                    let c = char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
                    out.get_or_insert_with(|| String::with_capacity(src.len())).push(c);
                    return Ok(n);
                }
            }
            Ok(0)
        })?;
        Ok(out.map_or(Cow::Borrowed(whole), Cow::Owned))
    }

    /// Decodes CESU-8 to native-endian UTF-16 (where a CESU-8 surrogate
    /// pair is just the same pair).
    ///
    /// # Errors
    ///
    /// The first invalid sequence, as [`validate_cesu8`] reports it.
    ///
    /// ```
    /// use rapidutf::utf8_variants::cesu8_to_utf16_vec;
    /// assert_eq!(cesu8_to_utf16_vec(b"a\xED\xA0\xBD\xED\xB8\x80").unwrap(), [0x61, 0xD83D, 0xDE00]);
    /// ```
    #[inline]
    pub fn cesu8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, Cesu8Error> {
        let mut out = Vec::with_capacity(src.len());
        walk(src, find_ge_f0, |piece| match piece {
            Piece::Valid(_, s) => {
                push_utf16(&mut out, s);
                Ok(0)
            }
            Piece::Special(i) => {
                let (c, n) = special(src, i)?;
                if c >= 0x10000 {
                    push_pair16(&mut out, c);
                } else {
                    out.push(c as u16);
                }
                Ok(n)
            }
        })?;
        Ok(out)
    }

    /// Encodes UTF-8 as CESU-8: each 4-byte character becomes a 6-byte
    /// surrogate pair. Borrows when there is none.
    ///
    /// ```
    /// use rapidutf::utf8_variants::utf8_to_cesu8_vec;
    /// assert_eq!(&utf8_to_cesu8_vec("𝄞")[..], b"\xED\xA0\xB4\xED\xB4\x9E");
    /// assert!(matches!(utf8_to_cesu8_vec("é"), std::borrow::Cow::Borrowed(_)));
    /// ```
    #[must_use]
    #[inline]
    pub fn utf8_to_cesu8_vec(src: &str) -> Cow<'_, [u8]> {
        let src = src.as_bytes();
        let Some(first) = find_ge_f0(src) else {
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
            if width == 4 {
                push_cesu_pair(&mut out, c);
            } else {
                push_generalized(&mut out, c);
            }
            i = stop + width;
            stop = find_ge_f0(&src[i..]).map_or(src.len(), |p| i + p);
        }
        Cow::Owned(out)
    }

    /// Encodes native-endian UTF-16 as CESU-8: every unit as 1 to 3
    /// bytes, so each surrogate pair as two 3-byte sequences.
    ///
    /// # Errors
    ///
    /// The first unpaired surrogate: CESU-8 has no form for it (see
    /// [`utf16_to_mutf8_vec`](crate::utf8_variants::utf16_to_mutf8_vec) or
    /// [`utf16_to_wtf8_vec`](crate::utf8_variants::utf16_to_wtf8_vec) for encodings that
    /// do).
    ///
    /// ```
    /// use rapidutf::utf8_variants::utf16_to_cesu8_vec;
    /// assert_eq!(utf16_to_cesu8_vec(&[0x41, 0xD83D, 0xDE00]).unwrap(), b"A\xED\xA0\xBD\xED\xB8\x80");
    /// assert_eq!(utf16_to_cesu8_vec(&[0x41, 0xDE00]).unwrap_err().valid_up_to(), 1);
    /// ```
    #[inline]
    pub fn utf16_to_cesu8_vec(src: &[u16]) -> Result<Vec<u8>, Utf16Error> {
        let mut out = Vec::with_capacity(src.len() + src.len() / 2);
        let mut i = 0;
        while i < src.len() {
            let stop =
                find_unit(&src[i..], |u| is_surrogate(u32::from(u))).map_or(src.len(), |p| i + p);
            // No surrogates in between, so no error.
            let _ = push_utf8_prefix(&mut out, &src[i..stop]);
            i = stop;
            let Some(&u) = src.get(i) else { break };
            let u = u32::from(u);
            match src.get(i + 1).map(|&v| u32::from(v)) {
                Some(v) if is_high(u) && is_low(v) => {
                    push_generalized(&mut out, u);
                    push_generalized(&mut out, v);
                    i += 2;
                }
                _ => {
                    let kind = if is_high(u) {
                        Utf16ErrorKind::UnpairedHigh
                    } else {
                        Utf16ErrorKind::UnpairedLow
                    };
                    return Err(Utf16Error::new(i, kind));
                }
            }
        }
        Ok(out)
    }
}
