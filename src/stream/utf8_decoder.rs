//! Streaming UTF-8 to UTF-16.

use super::utf8_outputs::{Output, ToUtf16};
use super::{CoderResult, Endian, StreamError};
use crate::error::Utf8Error;
use crate::strategy::ErrorStrategy;

/// Converts a stream of UTF-8 chunks to UTF-16 in bounded output buffers,
/// strictly ([`decode_to_utf16`](Self::decode_to_utf16)) or lossily
/// ([`decode_to_utf16_lossy`](Self::decode_to_utf16_lossy)).
///
/// Modelled on `encoding_rs::Decoder`: each call converts as much of `src`
/// as fits in `dst` and returns `(CoderResult, read, written)`. Pass
/// `last = true` with the final chunk (it may be empty) so that an
/// incomplete character at the end is reported (strict) or replaced
/// (lossy) rather than kept for more input.
///
/// The result does not depend on the chunking: the strict output and error
/// are those of [`utf8_to_utf16`](crate::utf8_to_utf16) on the whole
/// input (with the error's position counted from the start of the stream),
/// and the lossy output is that of [`String::from_utf8_lossy`](alloc::string::String::from_utf8_lossy) encoded as
/// UTF-16, even when a character or a maximal invalid subpart is split
/// between chunks.
///
/// # Buffer sizes
///
/// - `dst.len() >= 2` guarantees that every call with non-empty `src` (or
///   with `last` and a pending incomplete character) makes progress. With
///   a shorter `dst`, a call may return [`CoderResult::OutputFull`] having
///   read nothing, because the next character needs a surrogate pair.
/// - `dst.len() >= self.max_utf16_len(src.len())` (at most `src.len() + 1`)
///   guarantees that the call consumes all of `src`.
///
/// ```
/// use rapidutf::stream::{CoderResult, Utf8Decoder};
///
/// // "😀" (F0 9F 98 80) split in the middle, then a stray continuation.
/// let mut d = Utf8Decoder::new();
/// let mut out = Vec::new();
/// let mut buf = [0u16; 8];
/// for (chunk, last) in [(&b"\xF0\x9F"[..], false), (b"\x98\x80", false), (b"\x80", true)] {
///     let (result, read, written) = d.decode_to_utf16_lossy(chunk, &mut buf, last);
///     assert_eq!((result, read), (CoderResult::InputEmpty, chunk.len()));
///     out.extend_from_slice(&buf[..written]);
/// }
/// assert_eq!(String::from_utf16(&out).unwrap(), "😀\u{FFFD}");
/// ```
#[derive(Clone, Debug)]
pub struct Utf8Decoder {
    endian: Endian,
    /// Stream offset of the first byte not yet converted: the start of
    /// `carry`.
    pub(super) pos: usize,
    /// An incomplete but so far valid character at the end of the input.
    pub(super) carry: [u8; 4],
    pub(super) carry_len: u8,
    /// Maximal invalid subparts that the lossy methods handled so far.
    pub(super) replaced: u64,
}

impl Default for Utf8Decoder {
    fn default() -> Self {
        Self::new()
    }
}

impl Utf8Decoder {
    /// A decoder producing native-endian UTF-16.
    ///
    /// ```
    /// let mut buf = [0u16; 4];
    /// let mut d = rapidutf::stream::Utf8Decoder::new();
    /// assert_eq!(d.decode_to_utf16(b"hi", &mut buf, true).unwrap().2, 2);
    /// assert_eq!(buf[..2], [0x68, 0x69]);
    /// ```
    #[must_use]
    pub const fn new() -> Self {
        Self::with_endian(Endian::NATIVE)
    }

    /// A decoder producing UTF-16 in the given byte order.
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf8Decoder};
    /// let mut buf = [0u16; 4];
    /// let mut d = Utf8Decoder::with_endian(Endian::Big);
    /// d.decode_to_utf16("é".as_bytes(), &mut buf, true).unwrap();
    /// assert_eq!(buf[0].to_ne_bytes(), [0x00, 0xE9]);
    /// ```
    #[must_use]
    pub const fn with_endian(endian: Endian) -> Self {
        Utf8Decoder { endian, pos: 0, carry: [0; 4], carry_len: 0, replaced: 0 }
    }

    /// The byte order of the output.
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf8Decoder};
    /// assert_eq!(Utf8Decoder::new().endian(), Endian::NATIVE);
    /// ```
    #[must_use]
    pub const fn endian(&self) -> Endian {
        self.endian
    }

    /// The number of bytes of the stream converted so far. Bytes of an
    /// incomplete character kept for the next call are not counted.
    ///
    /// ```
    /// let mut buf = [0u16; 4];
    /// let mut d = rapidutf::stream::Utf8Decoder::new();
    /// d.decode_to_utf16(b"a\xE2\x82", &mut buf, false).unwrap();
    /// assert_eq!(d.position(), 1);
    /// ```
    #[must_use]
    pub const fn position(&self) -> usize {
        self.pos
    }

    /// An output length that lets the next call consume `src_len` bytes
    /// completely, strict or lossy with any [`ErrorStrategy`]: `src_len`
    /// plus the bytes of a pending incomplete character (at most 3; each
    /// byte makes at most one unit, and a character of 4 bytes two).
    ///
    /// ```
    /// let mut buf = [0u16; 4];
    /// let mut d = rapidutf::stream::Utf8Decoder::new();
    /// assert_eq!(d.max_utf16_len(10), 10);
    /// d.decode_to_utf16(b"\xF0\x9F\x98", &mut buf, false).unwrap();
    /// assert_eq!(d.max_utf16_len(1), 4); // 3 pending bytes, then 1
    /// ```
    #[must_use]
    pub const fn max_utf16_len(&self, src_len: usize) -> usize {
        src_len.saturating_add(self.carry_len as usize)
    }

    /// Converts the next chunk, strictly.
    ///
    /// Returns `(result, read, written)`: `src[..read]` was consumed and
    /// `dst[..written]` holds its conversion (bytes of an incomplete
    /// character at the end of `src` count as read; they are kept until
    /// the next call completes them).
    ///
    /// # Errors
    ///
    /// The stream's first invalid sequence, positioned from the start of
    /// the stream, with the progress made before it (see [`StreamError`]);
    /// with `last`, an incomplete character at the end is
    /// [`Truncated`](crate::Utf8ErrorKind::Truncated).
    ///
    /// ```
    /// use rapidutf::stream::Utf8Decoder;
    /// use rapidutf::Utf8ErrorKind;
    ///
    /// let mut buf = [0u16; 8];
    /// let mut d = Utf8Decoder::new();
    /// d.decode_to_utf16(b"abc", &mut buf, false).unwrap();
    /// let e = d.decode_to_utf16(b"d\xC0!", &mut buf, true).unwrap_err();
    /// assert_eq!((e.read(), e.written()), (1, 1));
    /// assert_eq!(e.error().valid_up_to(), 4);
    /// assert_eq!(e.error().kind(), Utf8ErrorKind::InvalidByte);
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    pub fn decode_to_utf16(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf8Error>> {
        let mut out = ToUtf16::new(self.endian, dst);
        let (result, read) = self.run_to(&mut out, src, last, None)?;
        Ok((result, read, out.written()))
    }

    /// Converts the next chunk, replacing each maximal invalid subpart
    /// with U+FFFD exactly as [`String::from_utf8_lossy`](alloc::string::String::from_utf8_lossy) does on the whole
    /// stream.
    ///
    /// Returns `(result, read, written)` as
    /// [`decode_to_utf16`](Self::decode_to_utf16) does.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf8Decoder};
    ///
    /// // "E1 A0" is one maximal subpart even when split; C0 is another.
    /// let mut buf = [0u16; 8];
    /// let mut d = Utf8Decoder::new();
    /// assert_eq!(d.decode_to_utf16_lossy(b"a\xE1", &mut buf, false), (CoderResult::InputEmpty, 2, 1));
    /// assert_eq!(d.decode_to_utf16_lossy(b"\xA0\xC0b", &mut buf, true), (CoderResult::InputEmpty, 3, 3));
    /// assert_eq!(buf[..3], [0xFFFD, 0xFFFD, 0x62]);
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    pub fn decode_to_utf16_lossy(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        let mut out = ToUtf16::new(self.endian, dst);
        match self.run_to(&mut out, src, last, Some(ErrorStrategy::Replace)) {
            Ok((result, read)) => (result, read, out.written()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }
}

/// Where an incomplete character at the end of `src` starts (`src.len()`
/// if there is none): the last lead byte among the final three bytes, if
/// the sequence it starts is longer than the bytes left.
pub(super) fn incomplete_tail(src: &[u8]) -> usize {
    let n = src.len();
    for k in 1..=n.min(3) {
        let b = src[n - k];
        if b >= 0xC0 {
            let width = match b {
                0xF0.. => 4,
                0xE0.. => 3,
                _ => 2,
            };
            return if width > k { n - k } else { n };
        }
        if b < 0x80 {
            break;
        }
    }
    n
}
