//! Streaming UTF-16 to UTF-8.

use super::bytes::PartialUnit;
use super::{CoderResult, Endian, StreamError};
use crate::error::{TranscodeError, Utf16Error, Utf16ErrorKind};
use crate::glue::str_buf::StrBuf;

/// Converts a stream of UTF-16 chunks (native, LE or BE `u16` units) to
/// UTF-8 in bounded output buffers, strictly
/// ([`decode_to_utf8`](Self::decode_to_utf8)) or lossily
/// ([`decode_to_utf8_lossy`](Self::decode_to_utf8_lossy)).
///
/// The same call protocol as [`Utf8Decoder`](super::Utf8Decoder): each
/// call returns `(CoderResult, read, written)`, and the final chunk (which
/// may be empty) is passed with `last = true`. A high surrogate at the end
/// of a chunk is kept until the next chunk shows whether a low surrogate
/// follows, so the output is that of the whole-buffer
/// [`utf16_to_utf8`](crate::utf16_to_utf8) (strict, errors positioned in
/// the stream) or [`String::from_utf16_lossy`](alloc::string::String::from_utf16_lossy) (lossy) for every chunking.
///
/// # Buffer sizes
///
/// - `dst.len() >= 4` guarantees progress on every call with non-empty
///   `src` (or with `last` and a pending high surrogate).
/// - `dst.len() >= self.max_utf8_len(src.len())` (at most
///   `3 * (src.len() + 1)`) guarantees that the call consumes all of `src`.
///
/// ```
/// use rapidutf::stream::{CoderResult, Utf16Decoder};
///
/// // "𝄞" (D834 DD1E) split between chunks, then a lone low surrogate.
/// let mut d = Utf16Decoder::new();
/// let mut out = Vec::new();
/// let mut buf = [0u8; 16];
/// for (chunk, last) in [(&[0x61, 0xD834][..], false), (&[0xDD1E, 0xDC00][..], true)] {
///     let (result, read, written) = d.decode_to_utf8_lossy(chunk, &mut buf, last);
///     assert_eq!((result, read), (CoderResult::InputEmpty, chunk.len()));
///     out.extend_from_slice(&buf[..written]);
/// }
/// assert_eq!(String::from_utf8(out).unwrap(), "a𝄞\u{FFFD}");
/// ```
#[derive(Clone, Debug)]
pub struct Utf16Decoder {
    endian: Endian,
    /// Stream offset (in units) of the first unit not yet converted.
    pub(super) pos: usize,
    /// A high surrogate (its value) at the end of the input so far.
    pub(super) carry: Option<u16>,
    /// The byte of a unit split between byte chunks.
    pub(super) partial: PartialUnit,
    /// Unpaired surrogates that the lossy methods replaced so far.
    pub(super) replaced: u64,
}

impl Default for Utf16Decoder {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl Utf16Decoder {
    /// A decoder reading native-endian UTF-16.
    ///
    /// ```
    /// let mut buf = [0u8; 8];
    /// let mut d = rapidutf::stream::Utf16Decoder::new();
    /// let (_, _, n) = d.decode_to_utf8(&[0x20AC], &mut buf, true).unwrap();
    /// assert_eq!(&buf[..n], "€".as_bytes());
    /// ```
    #[must_use]
    #[inline]
    pub const fn new() -> Self {
        Self::with_endian(Endian::NATIVE)
    }

    /// A decoder reading UTF-16 in the given byte order.
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf16Decoder};
    /// let be = [u16::from_ne_bytes([0x00, 0x41])]; // "A" in UTF-16BE
    /// let mut buf = [0u8; 4];
    /// let mut d = Utf16Decoder::with_endian(Endian::Big);
    /// assert_eq!(d.decode_to_utf8(&be, &mut buf, true).unwrap().2, 1);
    /// assert_eq!(buf[0], b'A');
    /// ```
    #[must_use]
    #[inline]
    pub const fn with_endian(endian: Endian) -> Self {
        Utf16Decoder { endian, pos: 0, carry: None, partial: PartialUnit::EMPTY, replaced: 0 }
    }

    /// The byte order of the input.
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf16Decoder};
    /// assert_eq!(Utf16Decoder::with_endian(Endian::Little).endian(), Endian::Little);
    /// ```
    #[must_use]
    #[inline]
    pub const fn endian(&self) -> Endian {
        self.endian
    }

    /// The number of units of the stream converted so far. A high
    /// surrogate kept for the next call is not counted.
    ///
    /// ```
    /// let mut buf = [0u8; 8];
    /// let mut d = rapidutf::stream::Utf16Decoder::new();
    /// d.decode_to_utf8(&[0x61, 0xD834], &mut buf, false).unwrap();
    /// assert_eq!(d.position(), 1);
    /// ```
    #[must_use]
    #[inline]
    pub const fn position(&self) -> usize {
        self.pos
    }

    /// An output length that lets the next call consume `src_len` units
    /// completely, strict or lossy: `3 * src_len`, plus 3 if a high
    /// surrogate is pending.
    ///
    /// ```
    /// let d = rapidutf::stream::Utf16Decoder::new();
    /// assert_eq!(d.max_utf8_len(4), 12);
    /// ```
    #[must_use]
    #[inline]
    pub const fn max_utf8_len(&self, src_len: usize) -> usize {
        src_len.saturating_add(self.carry.is_some() as usize).saturating_mul(3)
    }

    /// Converts the next chunk, strictly.
    ///
    /// Returns `(result, read, written)`: `src[..read]` was consumed and
    /// `dst[..written]` holds its conversion (a high surrogate at the end
    /// of `src` counts as read; it is kept for the next call).
    ///
    /// # Errors
    ///
    /// The stream's first unpaired surrogate, positioned from the start of
    /// the stream, with the progress made before it (see [`StreamError`]).
    /// With `last`, a high surrogate at the very end is
    /// [`UnpairedHigh`](Utf16ErrorKind::UnpairedHigh).
    ///
    /// ```
    /// use rapidutf::stream::Utf16Decoder;
    /// use rapidutf::Utf16ErrorKind;
    ///
    /// let mut buf = [0u8; 8];
    /// let mut d = Utf16Decoder::new();
    /// d.decode_to_utf8(&[0x61, 0xD800], &mut buf, false).unwrap();
    /// let e = d.decode_to_utf8(&[0x62], &mut buf, true).unwrap_err();
    /// assert_eq!((e.error().valid_up_to(), e.error().kind()), (1, Utf16ErrorKind::UnpairedHigh));
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_to_utf8(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf16Error>> {
        let mut out = StrBuf::new(dst);
        let (result, read) = self.run(src, &mut out, last, false)?;
        Ok((result, read, out.len()))
    }

    /// Converts the next chunk, replacing each unpaired surrogate with
    /// U+FFFD exactly as [`String::from_utf16_lossy`](alloc::string::String::from_utf16_lossy) does on the whole
    /// stream.
    ///
    /// Returns `(result, read, written)` as
    /// [`decode_to_utf8`](Self::decode_to_utf8) does.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf16Decoder};
    /// let mut buf = [0u8; 8];
    /// let mut d = Utf16Decoder::new();
    /// assert_eq!(d.decode_to_utf8_lossy(&[0xD800], &mut buf, false), (CoderResult::InputEmpty, 1, 0));
    /// assert_eq!(d.decode_to_utf8_lossy(&[0x41], &mut buf, true), (CoderResult::InputEmpty, 1, 4));
    /// assert_eq!(&buf[..4], "\u{FFFD}A".as_bytes());
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_to_utf8_lossy(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        let mut out = StrBuf::new(dst);
        match self.run(src, &mut out, last, true) {
            Ok((result, read)) => (result, read, out.len()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// The number of unpaired surrogates that
    /// [`decode_to_utf8_lossy`](Self::decode_to_utf8_lossy) has replaced
    /// so far (the `String` methods return theirs).
    #[cfg(feature = "std")]
    pub(crate) fn replaced(&self) -> u64 {
        self.replaced
    }

    fn transcode(
        &self,
        src: &[u16],
        out: &mut StrBuf<'_>,
    ) -> Result<usize, TranscodeError<Utf16Error>> {
        match self.endian {
            Endian::Little => crate::dispatch::utf16le_to_utf8(src, out),
            Endian::Big => crate::dispatch::utf16be_to_utf8(src, out),
        }
    }

    /// The conversion loop of the slice and `str` outputs: everything it
    /// writes goes through `out`, which holds only whole characters, so
    /// the text written ends on a character boundary at every return.
    /// Returns `(result, read)`; `out.len()` is what was written.
    pub(super) fn run(
        &mut self,
        src: &[u16],
        out: &mut StrBuf<'_>,
        last: bool,
        lossy: bool,
    ) -> Result<(CoderResult, usize), StreamError<Utf16Error>> {
        let mut i = 0;
        if let Some(high) = self.carry {
            let next = src.first().map(|&u| self.endian.read(u));
            match next {
                Some(low) if low & 0xFC00 == 0xDC00 => {
                    let c = 0x10000 + ((u32::from(high) & 0x3FF) << 10 | (u32::from(low) & 0x3FF));
                    // A pair always decodes to a scalar value.
                    if !out.push_char(char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER)) {
                        return Ok((CoderResult::OutputFull, 0));
                    }
                    i = 1;
                    self.pos += 2;
                }
                None if !last => return Ok((CoderResult::InputEmpty, 0)),
                _ => {
                    if !lossy {
                        let error = Utf16Error::new(self.pos, Utf16ErrorKind::UnpairedHigh);
                        return Err(StreamError { error, read: 0, written: 0 });
                    }
                    if !out.push_char(char::REPLACEMENT_CHARACTER) {
                        return Ok((CoderResult::OutputFull, 0));
                    }
                    self.replaced += 1;
                    self.pos += 1;
                }
            }
            self.carry = None;
        }
        // A chunk that ends with a high surrogate: convert the part before
        // it on its own, so that the bulk conversion does not stop at an
        // "unpaired" error there and convert everything twice.
        let ends_high = src.last().is_some_and(|&u| self.endian.read(u) & 0xFC00 == 0xD800);
        let cut = if ends_high && !last { src.len() - 1 } else { src.len() };
        while i < src.len() {
            let end = if i < cut { cut } else { src.len() };
            let rest = &src[i..end];
            // The transcoder commits its output to `out` (on an error,
            // the exact conversion of the valid prefix: `TranscodeError`'s
            // contract).
            let e = match self.transcode(rest, out) {
                Ok(_) => {
                    self.pos += rest.len();
                    i = end;
                    continue;
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
            if e.kind() == Utf16ErrorKind::UnpairedHigh && i + 1 == src.len() && !last {
                // The low surrogate may start the next chunk.
                self.carry = Some(self.endian.read(src[i]));
                return Ok((CoderResult::InputEmpty, src.len()));
            }
            if !lossy {
                let error = Utf16Error::new(self.pos, e.kind());
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
