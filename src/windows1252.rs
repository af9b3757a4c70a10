//! Windows-1252, as the WHATWG Encoding Standard defines it: to and from
//! UTF-8, UTF-16 (native, LE, BE) and UTF-32.
//!
//! Bytes `00..=7F` and `A0..=FF` are the code points of the same value, as
//! in Latin-1. Bytes `80..=9F` follow the standard's index-windows-1252:
//! 27 of them are typographic characters (`80` is `€`, `93` and `94` are
//! `“` and `”`, ...), and the five the Windows code page leaves undefined
//! (`81`, `8D`, `8F`, `90`, `9D`) are the C1 controls of the same value.
//! So every byte decodes, and every decoded text encodes back to the same
//! bytes. (Python's `cp1252` codec differs only there: it rejects those
//! five bytes.)
//!
//! - **From Windows-1252** (`windows1252_to_*`): every input converts, so
//!   the only error is [`TranscodeError::OutputTooSmall`].
//! - **To Windows-1252** (`*_to_windows1252`): the input is validated as
//!   it is converted, and the conversion stops at the first character that
//!   is invalid in the input's own encoding or that Windows-1252 cannot
//!   represent (everything above U+00FF but the 27, and the 27 C1 controls
//!   U+0080..=U+009F whose bytes stand for those), with a [`Latin1Error`]
//!   that says which and where, in input units.
//!
//! The same buffer rules as [`transcode`](crate::transcode) apply: no
//! `dst` length, however small, panics or writes out of bounds, and
//! [`TranscodeError::OutputTooSmall`] reports how much was converted.
//!
//! # Output sizes that always suffice
//!
//! | function | `dst.len()` that always suffices |
//! |---|---|
//! | `windows1252_to_utf8` | `3 * src.len()` (`€` and the others are 3 bytes) |
//! | `windows1252_to_utf16*`, `windows1252_to_utf32` | `src.len()` |
//! | `*_to_windows1252` | `src.len()` |
//!
//! # Speed
//!
//! Everything but the bytes `80..=9F` is Latin-1, so the stretches between
//! them go through the SIMD Latin-1 transcoders of the active
//! [`Kernel`](crate::Kernel); the bytes `80..=9F` are found eight at a time
//! and converted by table.

use crate::error::{
    Latin1Error, Latin1ErrorKind, TranscodeError, Utf16Error, Utf32Error, Utf8Error,
};
use crate::scalar::windows1252::{decode, HIGH};
use core::convert::Infallible;

/// A Latin-1 decoder into units `U` (`latin1_to_utf8`, ...).
type Decoder<U> = fn(&[u8], &mut [U]) -> Result<usize, TranscodeError<Infallible>>;

/// A Latin-1 encoder from units `T` with input errors `E`
/// (`utf8_to_latin1`, ...).
type Encoder<T, E> = fn(&[T], &mut [u8]) -> Result<usize, TranscodeError<Latin1Error<E>>>;

/// The index of the first byte of `src[from..]` in `80..=9F` (the bytes
/// whose character is not the Latin-1 one), or `src.len()`.
fn next_high(src: &[u8], from: usize) -> usize {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    let mut i = from;
    while let Some(chunk) = src.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        // A byte is in 80..=9F iff its top three bits are 100: XOR makes
        // exactly those bytes zero, and the classic zero-byte test finds
        // the lowest one (a borrow only runs upward from a zero byte).
        let v = (u64::from_le_bytes(*chunk) & 0xE0E0_E0E0_E0E0_E0E0) ^ HIGH_BITS;
        let zero = v.wrapping_sub(LOW) & !v & HIGH_BITS;
        if zero != 0 {
            return i + (zero.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < src.len() && src[i] & 0xE0 != 0x80 {
        i += 1;
    }
    i
}

/// Whether byte `b` of a Latin-1 output is one Windows-1252 cannot hold:
/// `80..=9F` stand for other characters there, except the five undefined
/// ones, which stand for themselves.
fn foreign_c1(b: u8) -> bool {
    (0x80..=0x9F).contains(&b) && !matches!(b, 0x81 | 0x8D | 0x8F | 0x90 | 0x9D)
}

/// The byte of character `c` in `80..=9F`, if it has one (`€` is `80`, ...;
/// the five C1 controls are Latin-1 already and never come here).
fn high_byte(c: char) -> Option<u8> {
    let pos = HIGH.iter().position(|&h| u32::from(h) == u32::from(c) && h > 0xFF)?;
    u8::try_from(0x80 + pos).ok()
}

/// Decodes `src` into `dst`: the stretches without bytes `80..=9F` by
/// `stretch` (a Latin-1 transcoder), each byte `80..=9F` by `put`, which
/// writes its character at the start of the slice it gets and returns the
/// units written, or `None` if they do not fit.
fn decode_into<U>(
    src: &[u8],
    dst: &mut [U],
    stretch: Decoder<U>,
    put: fn(char, &mut [U]) -> Option<usize>,
) -> Result<usize, TranscodeError<Infallible>> {
    let (mut i, mut o) = (0, 0);
    loop {
        let end = next_high(src, i);
        match stretch(&src[i..end], &mut dst[o..]) {
            Ok(written) => o += written,
            Err(TranscodeError::OutputTooSmall { read, written }) => {
                return Err(TranscodeError::OutputTooSmall { read: i + read, written: o + written })
            }
            Err(TranscodeError::Invalid { error, .. }) => match error {},
        }
        let Some(&b) = src.get(end) else {
            return Ok(o);
        };
        match put(decode(b), &mut dst[o..]) {
            Some(written) => o += written,
            None => return Err(TranscodeError::OutputTooSmall { read: end, written: o }),
        }
        i = end + 1;
    }
}

fn put_utf8(c: char, dst: &mut [u8]) -> Option<usize> {
    let n = c.len_utf8();
    c.encode_utf8(dst.get_mut(..n)?);
    Some(n)
}

/// The characters of bytes `80..=9F` are all in the BMP: one unit each.
fn put_utf16(c: char, dst: &mut [u16]) -> Option<usize> {
    *dst.first_mut()? = c as u16;
    Some(1)
}

fn put_utf16le(c: char, dst: &mut [u16]) -> Option<usize> {
    *dst.first_mut()? = (c as u16).to_le();
    Some(1)
}

fn put_utf16be(c: char, dst: &mut [u16]) -> Option<usize> {
    *dst.first_mut()? = (c as u16).to_be();
    Some(1)
}

fn put_utf32(c: char, dst: &mut [u32]) -> Option<usize> {
    *dst.first_mut()? = u32::from(c);
    Some(1)
}

/// How an input encoding meets [`encode_into`].
struct Source<T, E> {
    /// The Latin-1 encoder of this input encoding.
    to_latin1: Encoder<T, E>,
    /// The input's own validator: the exact error of invalid input.
    validate: fn(&[T]) -> Result<(), E>,
    /// The input units of the first `n` characters of `src`, all of them
    /// at most U+00FF.
    units: fn(src: &[T], n: usize) -> usize,
    /// The input units of character `c`.
    len: fn(c: char) -> usize,
}

/// Encodes `src` as Windows-1252 into `dst`: Latin-1 stretches by the
/// Latin-1 encoder, each character it cannot represent by table when
/// Windows-1252 has it, and every output byte `80..=9F` checked, since
/// Latin-1 writes them for the C1 controls.
fn encode_into<T, E>(
    src: &[T],
    dst: &mut [u8],
    s: &Source<T, E>,
) -> Result<usize, TranscodeError<Latin1Error<E>>> {
    let (mut i, mut o) = (0, 0);
    loop {
        // How much of the rest converts as Latin-1, and why it stops.
        let (read, written, stop) = match (s.to_latin1)(&src[i..], &mut dst[o..]) {
            Ok(written) => (src.len() - i, written, None),
            Err(TranscodeError::OutputTooSmall { read, written }) => (read, written, None),
            // The prefix before the error is converted: `written` units.
            Err(TranscodeError::Invalid { error, written }) => {
                (error.valid_up_to(), written, Some(error.kind))
            }
        };
        let out = &dst[o..o + written];
        let mut k = next_high(out, 0);
        while k < out.len() {
            if foreign_c1(out[k]) {
                let at = i + (s.units)(&src[i..], k);
                let c = char::from(out[k]);
                let error = Latin1Error::new(at, Latin1ErrorKind::Unrepresentable(c));
                return Err(TranscodeError::Invalid { error, written: o + k });
            }
            k = next_high(out, k + 1);
        }
        i += read;
        o += written;
        match stop {
            None if i == src.len() => return Ok(o),
            None => return Err(TranscodeError::OutputTooSmall { read: i, written: o }),
            Some(Latin1ErrorKind::Unrepresentable(c)) => match high_byte(c) {
                Some(b) => {
                    let Some(slot) = dst.get_mut(o) else {
                        return Err(TranscodeError::OutputTooSmall { read: i, written: o });
                    };
                    *slot = b;
                    o += 1;
                    i += (s.len)(c);
                }
                None => {
                    let kind = Latin1ErrorKind::Unrepresentable(c);
                    let error = Latin1Error::new(i, kind);
                    return Err(TranscodeError::Invalid { error, written: o });
                }
            },
            Some(Latin1ErrorKind::Invalid(_)) => {
                // The input's own error, at its position in all of `src`:
                // everything before `i` is valid, so the validator's first
                // error is at `i`.
                let e = match (s.validate)(src) {
                    Err(e) => Latin1ErrorKind::Invalid(e),
                    // Cannot happen: the encoder found an error.
                    Ok(()) => return Err(TranscodeError::OutputTooSmall { read: i, written: o }),
                };
                return Err(TranscodeError::Invalid { error: Latin1Error::new(i, e), written: o });
            }
        }
    }
}

/// UTF-8: characters up to U+00FF are one byte below `80`, else two.
fn utf8_units(src: &[u8], n: usize) -> usize {
    let mut i = 0;
    for _ in 0..n {
        i += if src[i] < 0x80 { 1 } else { 2 };
    }
    i
}

/// UTF-16 and UTF-32: characters up to U+00FF are one unit.
fn one_unit<T>(_: &[T], n: usize) -> usize {
    n
}

const FROM_UTF8: Source<u8, Utf8Error> = Source {
    to_latin1: crate::utf8_to_latin1,
    validate: |s| crate::validate_utf8(s).map(|_| ()),
    units: utf8_units,
    len: char::len_utf8,
};

const fn from_utf16(
    to_latin1: Encoder<u16, Utf16Error>,
    validate: fn(&[u16]) -> Result<(), Utf16Error>,
) -> Source<u16, Utf16Error> {
    Source { to_latin1, validate, units: one_unit, len: char::len_utf16 }
}

const FROM_UTF32: Source<u32, Utf32Error> = Source {
    to_latin1: crate::utf32_to_latin1,
    validate: crate::validate_utf32,
    units: one_unit,
    len: |_| 1,
};

/// Windows-1252 to UTF-8.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when the next character does
/// not fit in `dst` (`3 * src.len()` always suffices): every byte is a
/// Windows-1252 character.
///
/// ```
/// let mut dst = [0u8; 16];
/// let n = rapidutf::windows1252_to_utf8(b"\x93caf\xE9\x94 \x80", &mut dst).unwrap();
/// assert_eq!(&dst[..n], "“café” €".as_bytes());
/// ```
pub fn windows1252_to_utf8(
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Infallible>> {
    decode_into(src, dst, crate::latin1_to_utf8, put_utf8)
}

/// Windows-1252 to native-endian UTF-16.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when `dst` is shorter than
/// `src` (one unit per byte).
///
/// ```
/// let mut dst = [0u16; 4];
/// let n = rapidutf::windows1252_to_utf16(b"\x80 5", &mut dst).unwrap();
/// assert_eq!(&dst[..n], &[0x20AC, 0x20, 0x35]);
/// ```
pub fn windows1252_to_utf16(
    src: &[u8],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    decode_into(src, dst, crate::latin1_to_utf16, put_utf16)
}

/// Windows-1252 to UTF-16LE: each unit is stored little-endian, whatever
/// the machine's byte order.
///
/// # Errors
///
/// As [`windows1252_to_utf16`].
///
/// ```
/// let mut dst = [0u16; 2];
/// rapidutf::windows1252_to_utf16le(b"\x80", &mut dst).unwrap();
/// assert_eq!(u16::from_le(dst[0]), 0x20AC);
/// ```
pub fn windows1252_to_utf16le(
    src: &[u8],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    decode_into(src, dst, crate::latin1_to_utf16le, put_utf16le)
}

/// Windows-1252 to UTF-16BE: each unit is stored big-endian, whatever the
/// machine's byte order.
///
/// # Errors
///
/// As [`windows1252_to_utf16`].
///
/// ```
/// let mut dst = [0u16; 2];
/// rapidutf::windows1252_to_utf16be(b"\x80", &mut dst).unwrap();
/// assert_eq!(u16::from_be(dst[0]), 0x20AC);
/// ```
pub fn windows1252_to_utf16be(
    src: &[u8],
    dst: &mut [u16],
) -> Result<usize, TranscodeError<Infallible>> {
    decode_into(src, dst, crate::latin1_to_utf16be, put_utf16be)
}

/// Windows-1252 to UTF-32.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`], when `dst` is shorter than
/// `src` (one value per byte).
///
/// ```
/// let mut dst = [0u32; 2];
/// let n = rapidutf::windows1252_to_utf32(b"\x99!", &mut dst).unwrap();
/// assert_eq!(&dst[..n], &[0x2122, 0x21]);
/// ```
pub fn windows1252_to_utf32(
    src: &[u8],
    dst: &mut [u32],
) -> Result<usize, TranscodeError<Infallible>> {
    decode_into(src, dst, crate::latin1_to_utf32, put_utf32)
}

/// UTF-8 to Windows-1252.
///
/// # Errors
///
/// - [`TranscodeError::Invalid`] with a [`Latin1Error`] at the first
///   character that is invalid UTF-8 (the kind carries the
///   [`Utf8Error`]) or that Windows-1252 cannot represent
///   ([`Latin1ErrorKind::Unrepresentable`], with its position in bytes).
/// - [`TranscodeError::OutputTooSmall`] when the next character does not
///   fit in `dst` (`src.len()` always suffices).
///
/// ```
/// use rapidutf::Latin1ErrorKind;
/// let mut dst = [0u8; 16];
/// let n = rapidutf::utf8_to_windows1252("“café” €".as_bytes(), &mut dst).unwrap();
/// assert_eq!(&dst[..n], b"\x93caf\xE9\x94 \x80");
///
/// let e = rapidutf::utf8_to_windows1252("ok →".as_bytes(), &mut dst).unwrap_err();
/// let rapidutf::TranscodeError::Invalid { error: e, .. } = e else { unreachable!() };
/// assert_eq!((e.valid_up_to(), e.kind()), (3, Latin1ErrorKind::Unrepresentable('→')));
/// ```
pub fn utf8_to_windows1252(
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf8Error>>> {
    encode_into(src, dst, &FROM_UTF8)
}

/// Native-endian UTF-16 to Windows-1252.
///
/// # Errors
///
/// As [`utf8_to_windows1252`], with positions in units and the
/// [`Utf16Error`] of an unpaired surrogate.
///
/// ```
/// let mut dst = [0u8; 4];
/// let n = rapidutf::utf16_to_windows1252(&[0x20AC, 0x35], &mut dst).unwrap();
/// assert_eq!(&dst[..n], b"\x805");
/// ```
pub fn utf16_to_windows1252(
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    encode_into(src, dst, &from_utf16(crate::utf16_to_latin1, crate::validate_utf16))
}

/// UTF-16LE to Windows-1252.
///
/// # Errors
///
/// As [`utf16_to_windows1252`].
///
/// ```
/// let mut dst = [0u8; 4];
/// let n = rapidutf::utf16le_to_windows1252(&[0x20ACu16.to_le()], &mut dst).unwrap();
/// assert_eq!(&dst[..n], b"\x80");
/// ```
pub fn utf16le_to_windows1252(
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    encode_into(src, dst, &from_utf16(crate::utf16le_to_latin1, crate::validate_utf16le))
}

/// UTF-16BE to Windows-1252.
///
/// # Errors
///
/// As [`utf16_to_windows1252`].
///
/// ```
/// let mut dst = [0u8; 4];
/// let n = rapidutf::utf16be_to_windows1252(&[0x20ACu16.to_be()], &mut dst).unwrap();
/// assert_eq!(&dst[..n], b"\x80");
/// ```
pub fn utf16be_to_windows1252(
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    encode_into(src, dst, &from_utf16(crate::utf16be_to_latin1, crate::validate_utf16be))
}

/// UTF-32 to Windows-1252.
///
/// # Errors
///
/// As [`utf8_to_windows1252`], with positions in values and the
/// [`Utf32Error`] of a value that is not a scalar value.
///
/// ```
/// let mut dst = [0u8; 4];
/// let n = rapidutf::utf32_to_windows1252(&[0x2122, 0xE9], &mut dst).unwrap();
/// assert_eq!(&dst[..n], b"\x99\xE9");
/// ```
pub fn utf32_to_windows1252(
    src: &[u32],
    dst: &mut [u8],
) -> Result<usize, TranscodeError<Latin1Error<Utf32Error>>> {
    encode_into(src, dst, &FROM_UTF32)
}

#[cfg(feature = "alloc")]
mod alloc_forms {
    use super::{Latin1Error, TranscodeError, Utf8Error};
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    /// Windows-1252 to a `String`.
    ///
    /// ```
    /// assert_eq!(rapidutf::windows1252_to_string(b"\x93hi\x94"), "“hi”");
    /// ```
    #[must_use]
    pub fn windows1252_to_string(src: &[u8]) -> String {
        // Exact but for the bytes `80..=9F`, most of which take one byte
        // more than their Latin-1 count.
        let mut out = String::with_capacity(crate::utf8_len_from_latin1(src));
        let mut i = 0;
        loop {
            // Each stretch straight into the spare capacity, by the
            // Latin-1 kernel.
            let end = super::next_high(src, i);
            crate::latin1_to_utf8_append(&src[i..end], &mut out);
            let Some(&b) = src.get(end) else {
                return out;
            };
            out.push(super::decode(b));
            i = end + 1;
        }
    }

    /// UTF-8 to a `Vec` of Windows-1252 bytes.
    ///
    /// # Errors
    ///
    /// The [`Latin1Error`] of [`super::utf8_to_windows1252`]: invalid UTF-8,
    /// or a character Windows-1252 cannot represent.
    ///
    /// ```
    /// assert_eq!(rapidutf::utf8_to_windows1252_vec("5 €".as_bytes()).unwrap(), b"5 \x80");
    /// assert!(rapidutf::utf8_to_windows1252_vec("Ω".as_bytes()).is_err());
    /// ```
    pub fn utf8_to_windows1252_vec(src: &[u8]) -> Result<Vec<u8>, Latin1Error<Utf8Error>> {
        let mut dst = vec![0u8; src.len()];
        match super::utf8_to_windows1252(src, &mut dst) {
            Ok(n) => {
                dst.truncate(n);
                Ok(dst)
            }
            Err(TranscodeError::Invalid { error: e, .. }) => Err(e),
            // Cannot happen: one byte per input byte always suffices; the
            // error would be a stand-in.
            Err(TranscodeError::OutputTooSmall { read, .. }) => Err(Latin1Error::new(
                read,
                crate::error::Latin1ErrorKind::Unrepresentable(char::REPLACEMENT_CHARACTER),
            )),
        }
    }
}

#[cfg(feature = "alloc")]
pub use alloc_forms::{utf8_to_windows1252_vec, windows1252_to_string};
