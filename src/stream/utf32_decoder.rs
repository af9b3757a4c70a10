//! Streaming UTF-32 to UTF-8.

use super::bytes::PartialUnit;
use super::{CoderResult, Endian, StreamError};
use crate::error::{TranscodeError, Utf32Error};
use crate::glue::str_buf::StrBuf;

/// Converts a stream of UTF-32 chunks (native-endian `u32` values) to
/// UTF-8 in bounded output buffers, strictly
/// ([`decode_to_utf8`](Self::decode_to_utf8)) or lossily
/// ([`decode_to_utf8_lossy`](Self::decode_to_utf8_lossy)).
///
/// The same call protocol as [`Utf16Decoder`](super::Utf16Decoder): each
/// call returns `(CoderResult, read, written)`. UTF-32 values are never
/// split, so nothing is carried between calls; the decoder counts the
/// stream's position for its errors, and `last` is accepted for a uniform
/// protocol. The output is that of the whole-buffer
/// [`utf32_to_utf8`](crate::utf32_to_utf8) (strict, errors positioned in
/// the stream) or of decoding each invalid value as U+FFFD (lossy), for
/// every chunking.
///
/// # Buffer sizes
///
/// - `dst.len() >= 4` guarantees progress on every call with non-empty
///   `src`.
/// - `dst.len() >= self.max_utf8_len(src.len())` (`4 * src.len()`)
///   guarantees that the call consumes all of `src`.
///
/// ```
/// use rapidutf::stream::{CoderResult, Utf32Decoder};
///
/// let mut d = Utf32Decoder::new();
/// let mut out = Vec::new();
/// let mut buf = [0u8; 8];
/// for (chunk, last) in [(&[0x61, 0x1F600][..], false), (&[0xD800, 0x62][..], true)] {
///     let (result, read, written) = d.decode_to_utf8_lossy(chunk, &mut buf, last);
///     assert_eq!((result, read), (CoderResult::InputEmpty, chunk.len()));
///     out.extend_from_slice(&buf[..written]);
/// }
/// assert_eq!(String::from_utf8(out).unwrap(), "a😀\u{FFFD}b");
/// ```
#[derive(Clone, Debug)]
pub struct Utf32Decoder {
    /// The byte order of byte input (`decode_bytes_*`).
    pub(super) endian: Endian,
    /// Stream offset (in values) of the first value not yet converted.
    pub(super) pos: usize,
    /// The bytes of a value split between byte chunks.
    pub(super) partial: PartialUnit,
    /// Values that the lossy methods replaced so far.
    pub(super) replaced: u64,
}

impl Default for Utf32Decoder {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl Utf32Decoder {
    /// A new decoder, at the start of a stream.
    ///
    /// ```
    /// let mut buf = [0u8; 4];
    /// let mut d = rapidutf::stream::Utf32Decoder::new();
    /// let (_, _, n) = d.decode_to_utf8(&[0x20AC], &mut buf, true).unwrap();
    /// assert_eq!(&buf[..n], "€".as_bytes());
    /// ```
    #[must_use]
    #[inline]
    pub const fn new() -> Self {
        Self::with_endian(Endian::NATIVE)
    }

    /// A decoder whose byte input
    /// ([`decode_bytes_to_utf8`](Self::decode_bytes_to_utf8) and the
    /// other `decode_bytes_*` methods) is UTF-32 in the given byte order:
    /// UTF-32LE or UTF-32BE. Values given as `&[u32]` are values, in
    /// every decoder, as everywhere in the crate's UTF-32 API.
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf32Decoder};
    /// let mut d = Utf32Decoder::with_endian(Endian::Big);
    /// let mut s = String::new();
    /// d.decode_bytes_to_string(&[0, 0, 0x20, 0xAC], &mut s, true).unwrap();
    /// assert_eq!(s, "€");
    /// ```
    #[must_use]
    #[inline]
    pub const fn with_endian(endian: Endian) -> Self {
        Utf32Decoder { endian, pos: 0, partial: PartialUnit::EMPTY, replaced: 0 }
    }

    /// The byte order of the decoder's byte input.
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf32Decoder};
    /// assert_eq!(Utf32Decoder::with_endian(Endian::Big).endian(), Endian::Big);
    /// assert_eq!(Utf32Decoder::new().endian(), Endian::NATIVE);
    /// ```
    #[must_use]
    #[inline]
    pub const fn endian(&self) -> Endian {
        self.endian
    }

    /// The number of values of the stream converted so far.
    ///
    /// ```
    /// let mut buf = [0u8; 8];
    /// let mut d = rapidutf::stream::Utf32Decoder::new();
    /// d.decode_to_utf8(&[0x61, 0x62], &mut buf, false).unwrap();
    /// assert_eq!(d.position(), 2);
    /// ```
    #[must_use]
    #[inline]
    pub const fn position(&self) -> usize {
        self.pos
    }

    /// An output length that lets the next call consume `src_len` values
    /// completely, strict or lossy: `4 * src_len`.
    ///
    /// ```
    /// let d = rapidutf::stream::Utf32Decoder::new();
    /// assert_eq!(d.max_utf8_len(3), 12);
    /// ```
    #[must_use]
    #[inline]
    pub const fn max_utf8_len(&self, src_len: usize) -> usize {
        src_len.saturating_mul(4)
    }

    /// Converts the next chunk, strictly.
    ///
    /// Returns `(result, read, written)`: `src[..read]` was consumed and
    /// `dst[..written]` holds its conversion.
    ///
    /// # Errors
    ///
    /// The stream's first value that is not a Unicode scalar value,
    /// positioned from the start of the stream, with the progress made
    /// before it (see [`StreamError`]).
    ///
    /// ```
    /// use rapidutf::stream::Utf32Decoder;
    /// use rapidutf::Utf32ErrorKind;
    ///
    /// let mut buf = [0u8; 8];
    /// let mut d = Utf32Decoder::new();
    /// d.decode_to_utf8(&[0x61], &mut buf, false).unwrap();
    /// let e = d.decode_to_utf8(&[0x62, 0x110000], &mut buf, true).unwrap_err();
    /// assert_eq!((e.error().valid_up_to(), e.error().kind()), (2, Utf32ErrorKind::TooLarge));
    /// assert_eq!((e.read(), e.written()), (1, 1));
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_to_utf8(
        &mut self,
        src: &[u32],
        dst: &mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf32Error>> {
        let _ = last;
        let mut out = StrBuf::new(dst);
        let (result, read) = self.run(src, &mut out, false)?;
        Ok((result, read, out.len()))
    }

    /// Converts the next chunk, replacing each value that is not a
    /// Unicode scalar value (a surrogate, or above U+10FFFF) with U+FFFD.
    ///
    /// Returns `(result, read, written)` as
    /// [`decode_to_utf8`](Self::decode_to_utf8) does.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf32Decoder};
    /// let mut buf = [0u8; 8];
    /// let mut d = Utf32Decoder::new();
    /// assert_eq!(d.decode_to_utf8_lossy(&[0xDFFF, 0x41], &mut buf, true), (CoderResult::InputEmpty, 2, 4));
    /// assert_eq!(&buf[..4], "\u{FFFD}A".as_bytes());
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_to_utf8_lossy(
        &mut self,
        src: &[u32],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        let _ = last;
        let mut out = StrBuf::new(dst);
        match self.run(src, &mut out, true) {
            Ok((result, read)) => (result, read, out.len()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// The conversion loop of the slice and `str` outputs, through `out`
    /// (whole characters only). Returns `(result, read)`; `out.len()` is
    /// what was written.
    pub(super) fn run(
        &mut self,
        src: &[u32],
        out: &mut StrBuf<'_>,
        lossy: bool,
    ) -> Result<(CoderResult, usize), StreamError<Utf32Error>> {
        let mut i = 0;
        while i < src.len() {
            let rest = &src[i..];
            // The transcoder commits its output to `out` (on an error, the
            // exact conversion of the valid prefix).
            let e = match crate::dispatch::utf32_to_utf8(rest, out) {
                Ok(_) => {
                    self.pos += rest.len();
                    break;
                }
                Err(TranscodeError::OutputTooSmall { read, .. }) => {
                    self.pos += read;
                    return Ok((CoderResult::OutputFull, i + read));
                }
                Err(TranscodeError::Invalid { error: e, .. }) => e,
            };
            let v = e.valid_up_to();
            i += v;
            self.pos += v;
            if !lossy {
                let error = Utf32Error::new(self.pos, e.kind());
                return Err(StreamError { error, read: i, written: out.len() });
            }
            if !out.push_char(char::REPLACEMENT_CHARACTER) {
                return Ok((CoderResult::OutputFull, i));
            }
            self.replaced += 1;
            i += 1;
            self.pos += 1;
        }
        Ok((CoderResult::InputEmpty, src.len()))
    }
}
