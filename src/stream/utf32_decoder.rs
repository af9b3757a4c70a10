//! Streaming UTF-32 to UTF-8.

use super::{CoderResult, StreamError};
use crate::error::{TranscodeError, Utf32Error};

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
#[derive(Clone, Debug, Default)]
pub struct Utf32Decoder {
    /// Stream offset (in values) of the first value not yet converted.
    pub(super) pos: usize,
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
    pub const fn new() -> Self {
        Utf32Decoder { pos: 0 }
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
    pub fn decode_to_utf8(
        &mut self,
        src: &[u32],
        dst: &mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf32Error>> {
        self.run(src, dst, last, false)
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
    pub fn decode_to_utf8_lossy(
        &mut self,
        src: &[u32],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        match self.run(src, dst, last, true) {
            Ok(r) => r,
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    fn run(
        &mut self,
        src: &[u32],
        dst: &mut [u8],
        _last: bool,
        lossy: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf32Error>> {
        let (mut i, mut o) = (0, 0);
        while i < src.len() {
            let rest = &src[i..];
            let out = &mut dst[o..];
            let (e, written) = match crate::utf32_to_utf8(rest, out) {
                Ok(n) => {
                    self.pos += rest.len();
                    o += n;
                    break;
                }
                Err(TranscodeError::OutputTooSmall { read, written }) => {
                    self.pos += read;
                    return Ok((CoderResult::OutputFull, i + read, o + written));
                }
                Err(TranscodeError::Invalid { error: e, written }) => (e, written),
            };
            // `written` units are the exact conversion of the valid prefix
            // (`TranscodeError`'s contract).
            let v = e.valid_up_to();
            o += written;
            i += v;
            self.pos += v;
            if !lossy {
                let error = Utf32Error::new(self.pos, e.kind());
                return Err(StreamError { error, read: i, written: o });
            }
            let Some(out) = dst.get_mut(o..o + 3) else {
                return Ok((CoderResult::OutputFull, i, o));
            };
            char::REPLACEMENT_CHARACTER.encode_utf8(out);
            o += 3;
            i += 1;
            self.pos += 1;
        }
        Ok((CoderResult::InputEmpty, src.len(), o))
    }
}
