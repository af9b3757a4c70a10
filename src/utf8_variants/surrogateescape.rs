//! Lossless decoding of arbitrary bytes as UTF-8: Python's
//! `surrogateescape` error handler ([PEP 383]) and MirBSD's OPTU-8.
//!
//! Both decode valid UTF-8 as usual and turn every byte of an invalid
//! sequence into a code point of its own, carrying the byte value in its
//! low 8 bits: U+DC80..U+DCFF (lone low surrogates, PEP 383) or
//! U+EF80..U+EFFF (private use characters, OPTU-8). Only bytes `80..FF` can
//! be invalid, so 128 code points suffice. Encoding turns those code
//! points back into the raw bytes.
//!
//! The invalid bytes are exactly those of CPython's
//! `bytes.decode("utf-8", "surrogateescape")`: the bytes of each maximal
//! invalid subpart (the ones [`String::from_utf8_lossy`](alloc::string::String::from_utf8_lossy) replaces with
//! one U+FFFD each), escaped one by one. So `E1 A0 C0` becomes `DCE1 DCA0
//! DCC0`, and an encoded surrogate `ED A0 80` becomes `DCED DCA0 DC80`.
//!
//! # Round trips
//!
//! - `surrogateescape`: for every byte string `b`,
//!   `encode_surrogateescape(&decode_surrogateescape(b)) == b`. Encoding
//!   rejects lone surrogates other than U+DC80..U+DCFF (a valid surrogate
//!   pair is a character, even if its low half is in that range).
//! - OPTU-8 decodes into valid UTF-16, which is its point, but it is
//!   **not injective**: a real U+EF80..U+EFFF in the input (`EE BE 80` to
//!   `EE BF BF`) decodes to the same code point as an escaped byte, and
//!   encodes back as the raw byte. So the round trip holds exactly for
//!   byte strings that do not contain those private use characters. MirBSD
//!   accepts this, as the range is reserved for the purpose there.
//!
//! [PEP 383]: https://peps.python.org/pep-0383/
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use rapidutf::utf8_variants::surrogateescape::{decode_surrogateescape, encode_surrogateescape};
//! let bytes = b"caf\xE9 \xE2\x82\xAC"; // Latin-1 "é", then a UTF-8 "€"
//! let units = decode_surrogateescape(bytes);
//! assert_eq!(units, [0x63, 0x61, 0x66, 0xDCE9, 0x20, 0x20AC]);
//! assert_eq!(encode_surrogateescape(&units).unwrap(), bytes);
//! # }
//! ```

#[cfg(feature = "alloc")]
pub use alloc_api::*;

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
mod alloc_api {
    use crate::error::{TranscodeError, Utf16Error, Utf16ErrorKind};
    use crate::utf8_variants::out::{push_utf8_prefix, utf16_to_utf8_with};
    use crate::utf8_variants::scan::{find_unit, is_high};
    use alloc::vec::Vec;

    /// Decodes with each invalid byte mapped to `base | byte`.
    fn decode_escaped(src: &[u8], base: u16) -> Vec<u16> {
        // Every byte yields at most one unit (a 4-byte character two), so
        // the output never outgrows `src.len()` units.
        let mut out = Vec::with_capacity(src.len());
        let mut i = 0;
        while i < src.len() {
            // The valid stretch, converted once into the spare capacity.
            let e = match crate::dispatch::utf8_to_utf16(&src[i..], &mut out) {
                Ok(_) => break,
                Err(TranscodeError::Invalid { error, .. }) => error,
                Err(e) => unreachable!("{e:?} decoding into src.len() units"),
            };
            i += e.valid_up_to();
            let n = e.error_len().unwrap_or(src.len() - i);
            out.extend(src[i..i + n].iter().map(|&b| base | u16::from(b)));
            i += n;
        }
        out
    }

    /// Decodes bytes as UTF-8 with Python's `surrogateescape` handler:
    /// every byte of an invalid sequence becomes U+DC80..U+DCFF (`0xDC00 |
    /// byte`). Native-endian UTF-16 out; total and lossless.
    ///
    /// The valid stretches go through the dispatched UTF-8 to UTF-16
    /// transcoder.
    ///
    /// ```
    /// use rapidutf::utf8_variants::decode_surrogateescape;
    /// assert_eq!(decode_surrogateescape(b"a\xE1\xA0\xC0"), [0x61, 0xDCE1, 0xDCA0, 0xDCC0]);
    /// assert_eq!(decode_surrogateescape(b"\xED\xA0\x80"), [0xDCED, 0xDCA0, 0xDC80]);
    /// ```
    #[must_use]
    #[inline]
    pub fn decode_surrogateescape(src: &[u8]) -> Vec<u16> {
        decode_escaped(src, 0xDC00)
    }

    /// Decodes bytes as UTF-8 with MirBSD's OPTU-8 convention: every byte
    /// of an invalid sequence becomes U+EF80..U+EFFF (`0xEF00 | byte`).
    /// The output is always valid UTF-16. See the [module docs](crate::utf8_variants::surrogateescape) for
    /// why this is not injective.
    ///
    /// ```
    /// use rapidutf::utf8_variants::decode_optu8;
    /// assert_eq!(decode_optu8(b"a\xFF"), [0x61, 0xEFFF]);
    /// ```
    #[must_use]
    #[inline]
    pub fn decode_optu8(src: &[u8]) -> Vec<u16> {
        decode_escaped(src, 0xEF00)
    }

    /// Encodes native-endian UTF-16 as UTF-8 with Python's
    /// `surrogateescape` handler: each lone U+DC80..U+DCFF becomes the raw
    /// byte `80..FF`. The inverse of [`decode_surrogateescape`].
    ///
    /// # Errors
    ///
    /// The first lone surrogate that is not an escaped byte: a high
    /// surrogate ([`UnpairedHigh`](Utf16ErrorKind::UnpairedHigh)) or a low
    /// one outside U+DC80..U+DCFF
    /// ([`UnpairedLow`](Utf16ErrorKind::UnpairedLow)).
    ///
    /// ```
    /// use rapidutf::utf8_variants::encode_surrogateescape;
    /// assert_eq!(encode_surrogateescape(&[0x61, 0xDCFF]).unwrap(), b"a\xFF");
    /// assert_eq!(encode_surrogateescape(&[0x61, 0xDC7F]).unwrap_err().valid_up_to(), 1);
    /// ```
    #[inline]
    pub fn encode_surrogateescape(src: &[u16]) -> Result<Vec<u8>, Utf16Error> {
        utf16_to_utf8_with(src, |e, out| match src[e.valid_up_to()] {
            u @ 0xDC80..=0xDCFF => {
                out[0] = u as u8;
                Ok(1)
            }
            _ => Err(e),
        })
    }

    /// Encodes native-endian UTF-16 as UTF-8 with MirBSD's OPTU-8
    /// convention: each U+EF80..U+EFFF becomes the raw byte `80..FF`. The
    /// inverse of [`decode_optu8`] on its image.
    ///
    /// # Errors
    ///
    /// The first unpaired surrogate.
    ///
    /// ```
    /// use rapidutf::utf8_variants::encode_optu8;
    /// assert_eq!(encode_optu8(&[0x61, 0xEFFF]).unwrap(), b"a\xFF");
    /// assert!(encode_optu8(&[0xDCFF]).is_err());
    /// ```
    #[inline]
    pub fn encode_optu8(src: &[u16]) -> Result<Vec<u8>, Utf16Error> {
        let mut out = Vec::with_capacity(src.len());
        let mut i = 0;
        while i < src.len() {
            let stop = find_unit(&src[i..], |u| (0xEF80..=0xEFFF).contains(&u))
                .map_or(src.len(), |p| i + p);
            if let Some(e) = push_utf8_prefix(&mut out, &src[i..stop]) {
                let at = i + e.valid_up_to();
                // A high surrogate cut from its low half by the stop is
                // still unpaired: the stop unit is no low surrogate.
                let kind = if is_high(u32::from(src[at])) {
                    Utf16ErrorKind::UnpairedHigh
                } else {
                    e.kind()
                };
                return Err(Utf16Error::new(at, kind));
            }
            i = stop;
            if let Some(&u) = src.get(i) {
                out.push(u as u8);
                i += 1;
            }
        }
        Ok(out)
    }
}
