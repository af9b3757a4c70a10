//! Streaming UTF-8 to UTF-16, UTF-32 and UTF-8 (validated or lossy: a
//! chunked `from_utf8_lossy`): [`Utf8Decoder`], its engine and its public
//! methods, on the output forms of [`super::utf8_outputs`].
//!
//! The decoder's state is input bytes only (an incomplete character at the
//! end of a chunk), so the same decoder may switch between output forms
//! from one call to the next.

use super::utf8_outputs::{
    decided_end, decode_first, substitute, Carry, Output, StrOut, Utf16Out, Utf32Out,
};
use super::{CoderResult, Endian, StreamError};
use crate::error::{TranscodeError, Utf8Error, Utf8ErrorKind};
use crate::glue::str_buf::StrBuf;
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
    #[inline]
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
    #[inline]
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
    #[inline]
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
    #[inline]
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
    #[inline]
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
    #[inline]
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
    #[inline]
    pub fn decode_to_utf16(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf8Error>> {
        let mut out = Utf16Out::new(self.endian, dst);
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
    #[inline]
    pub fn decode_to_utf16_lossy(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        let mut out = Utf16Out::new(self.endian, dst);
        match self.run_to(&mut out, src, last, Some(ErrorStrategy::Replace)) {
            Ok((result, read)) => (result, read, out.written()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }
}

impl Utf8Decoder {
    /// Completes, or gives up on, the carried character with the front of
    /// `src`; changes nothing but the carry, and that only for
    /// [`Carry::Pending`] (then `src` is all taken). Call
    /// [`commit_carry`](Self::commit_carry) once the result is used.
    pub(super) fn complete_carry(&mut self, src: &[u8], last: bool) -> Carry {
        if self.carry_len == 0 {
            return Carry::None;
        }
        let have = self.carry_len as usize;
        let take = src.len().min(4 - have);
        let mut buf = self.carry;
        buf[have..have + take].copy_from_slice(&src[..take]);
        let buf = &buf[..have + take];
        match decode_first(buf) {
            Ok((c, width)) => Carry::Char(c, width - have),
            Err(e) if e.kind() == Utf8ErrorKind::Truncated && !last => {
                // Still incomplete: `src` was too short to finish it, so all
                // of it is in `buf`.
                self.carry[..buf.len()].copy_from_slice(buf);
                self.carry_len = buf.len() as u8;
                Carry::Pending
            }
            // The maximal subpart starts with the carry (a valid prefix)
            // and may take bytes of `src`; when truncated at the end of the
            // stream it is the carry and all of `src`.
            Err(e) => Carry::Invalid(e, e.error_len().unwrap_or(buf.len()) - have),
        }
    }

    /// The maximal invalid subpart that [`Carry::Invalid`] found: the
    /// carried bytes and the first `taken` bytes of `src` (at most four in
    /// all, as `complete_carry` takes), and its length.
    pub(super) fn carried_subpart(&self, src: &[u8], taken: usize) -> ([u8; 4], usize) {
        let mut subpart = self.carry;
        subpart[self.carry_len as usize..][..taken].copy_from_slice(&src[..taken]);
        (subpart, self.carry_len as usize + taken)
    }

    /// Keeps `tail`, an incomplete character that ends the chunk (at most
    /// three bytes), for the next call.
    pub(super) fn keep(&mut self, tail: &[u8]) {
        self.carry[..tail.len()].copy_from_slice(tail);
        self.carry_len = tail.len() as u8;
    }

    /// Drops the carry, which the first `taken` bytes of the chunk
    /// completed (as a character or a subpart); returns `taken`.
    pub(super) fn commit_carry(&mut self, taken: usize) -> usize {
        self.pos += self.carry_len as usize + taken;
        self.carry_len = 0;
        taken
    }
}

impl Utf8Decoder {
    /// An output length that lets the next
    /// [`decode_to_utf32`](Self::decode_to_utf32) or
    /// [`decode_to_utf32_lossy`](Self::decode_to_utf32_lossy) call
    /// consume `src_len` bytes completely, with any [`ErrorStrategy`]:
    /// `src_len` plus the bytes of a pending incomplete character (each
    /// byte makes at most one value). Any non-empty `dst` makes progress
    /// (with the `Latin1` and `Windows1252` strategies, `dst.len() >= 3`).
    ///
    /// ```
    /// let mut d = rapidutf::stream::Utf8Decoder::new();
    /// assert_eq!(d.max_utf32_len(10), 10);
    /// d.decode_to_utf32(b"\xE2\x82", &mut [0u32; 4], false).unwrap();
    /// assert_eq!(d.max_utf32_len(0), 2); // a truncated character at `last`
    /// ```
    #[must_use]
    #[inline]
    pub const fn max_utf32_len(&self, src_len: usize) -> usize {
        src_len.saturating_add(self.carry_len as usize)
    }

    /// An output length that lets the next
    /// [`decode_to_utf8`](Self::decode_to_utf8) or
    /// [`decode_to_utf8_lossy`](Self::decode_to_utf8_lossy) call consume
    /// `src_len` bytes completely, with any [`ErrorStrategy`]: 3 bytes per
    /// byte of `src_len` and of a pending incomplete character (an invalid
    /// byte may become the 3 bytes of U+FFFD or of `€`).
    /// `dst.len() >= 4` guarantees progress on every call (with the
    /// `Latin1` and `Windows1252` strategies, `dst.len() >= 9`).
    ///
    /// ```
    /// let d = rapidutf::stream::Utf8Decoder::new();
    /// assert_eq!(d.max_utf8_len(10), 30);
    /// ```
    #[must_use]
    #[inline]
    pub const fn max_utf8_len(&self, src_len: usize) -> usize {
        src_len.saturating_add(self.carry_len as usize).saturating_mul(3)
    }

    /// Converts the next chunk to UTF-32, strictly.
    ///
    /// The same protocol as [`decode_to_utf16`](Self::decode_to_utf16):
    /// returns `(result, read, written)`, keeps an incomplete character at
    /// the end of `src` for the next call, and the result is that of
    /// [`utf8_to_utf32`](crate::utf8_to_utf32) on the whole stream, for
    /// every chunking. The decoder's [`endian`](Self::endian) does not
    /// apply (UTF-32 is native-endian).
    ///
    /// # Errors
    ///
    /// The stream's first invalid sequence, positioned from the start of
    /// the stream, with the progress made before it (see
    /// [`StreamError`]); with `last`, an incomplete character at the end
    /// is [`Truncated`](Utf8ErrorKind::Truncated).
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf8Decoder};
    /// let mut d = Utf8Decoder::new();
    /// let mut buf = [0u32; 4];
    /// assert_eq!(d.decode_to_utf32(b"a\xF0\x9F", &mut buf, false), Ok((CoderResult::InputEmpty, 3, 1)));
    /// assert_eq!(d.decode_to_utf32(b"\x98\x80", &mut buf, true), Ok((CoderResult::InputEmpty, 2, 1)));
    /// assert_eq!(buf[0], 0x1F600);
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_to_utf32(
        &mut self,
        src: &[u8],
        dst: &mut [u32],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf8Error>> {
        let mut out = Utf32Out { dst, o: 0 };
        let (result, read) = self.run_to(&mut out, src, last, None)?;
        Ok((result, read, out.written()))
    }

    /// Converts the next chunk to UTF-32, replacing each maximal invalid
    /// subpart with U+FFFD exactly as
    /// [`String::from_utf8_lossy`](alloc::string::String::from_utf8_lossy)
    /// does on the whole stream.
    ///
    /// Returns `(result, read, written)` as
    /// [`decode_to_utf32`](Self::decode_to_utf32) does.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf8Decoder};
    /// let mut d = Utf8Decoder::new();
    /// let mut buf = [0u32; 4];
    /// assert_eq!(d.decode_to_utf32_lossy(b"a\xE1", &mut buf, false), (CoderResult::InputEmpty, 2, 1));
    /// assert_eq!(d.decode_to_utf32_lossy(b"\xA0", &mut buf, true), (CoderResult::InputEmpty, 1, 1));
    /// assert_eq!(buf[0], 0xFFFD);
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_to_utf32_lossy(
        &mut self,
        src: &[u8],
        dst: &mut [u32],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        let mut out = Utf32Out { dst, o: 0 };
        match self.run_to(&mut out, src, last, Some(ErrorStrategy::Replace)) {
            Ok((result, read)) => (result, read, out.written()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// Copies the next chunk to `dst` if it is valid UTF-8, strictly: a
    /// chunked validator whose output is the stream itself, cut at
    /// character boundaries.
    ///
    /// Returns `(result, read, written)`; an incomplete character at the
    /// end of `src` is kept and written by the call that completes it.
    ///
    /// # Errors
    ///
    /// As [`decode_to_utf32`](Self::decode_to_utf32).
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf8Decoder};
    /// let mut d = Utf8Decoder::new();
    /// let mut buf = [0u8; 8];
    /// assert_eq!(d.decode_to_utf8(b"h\xC3", &mut buf, false), Ok((CoderResult::InputEmpty, 2, 1)));
    /// assert_eq!(d.decode_to_utf8(b"\xA9", &mut buf, true), Ok((CoderResult::InputEmpty, 1, 2)));
    /// assert_eq!(&buf[..2], "é".as_bytes());
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf8Error>> {
        let mut out = StrOut(StrBuf::new(dst));
        let (result, read) = self.run_to(&mut out, src, last, None)?;
        Ok((result, read, out.written()))
    }

    /// A chunked [`String::from_utf8_lossy`](alloc::string::String::from_utf8_lossy):
    /// copies the next chunk to `dst`, replacing each maximal invalid
    /// subpart with U+FFFD, so that the concatenated output is
    /// byte-identical to `from_utf8_lossy` of the whole stream for every
    /// chunking. Valid stretches are checked by the SIMD validator and
    /// copied.
    ///
    /// Returns `(result, read, written)` as
    /// [`decode_to_utf16`](Self::decode_to_utf16) does. With
    /// `dst.len() >= 4` every call makes progress; with
    /// `dst.len() >= self.max_utf8_len(src.len())` it consumes all of
    /// `src`.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf8Decoder};
    ///
    /// // A terminal reading a child's output in small pieces.
    /// let mut d = Utf8Decoder::new();
    /// let mut out = Vec::new();
    /// let mut buf = [0u8; 64];
    /// for (chunk, last) in [(&b"caf\xC3"[..], false), (b"\xA9 \xF0\x9F", false), (b"!", true)] {
    ///     let (result, read, written) = d.decode_to_utf8_lossy(chunk, &mut buf, last);
    ///     assert_eq!((result, read), (CoderResult::InputEmpty, chunk.len()));
    ///     out.extend_from_slice(&buf[..written]);
    /// }
    /// assert_eq!(out, String::from_utf8_lossy(b"caf\xC3\xA9 \xF0\x9F!").as_bytes());
    /// assert_eq!(out, "café \u{FFFD}!".as_bytes());
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_to_utf8_lossy(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        let mut out = StrOut(StrBuf::new(dst));
        match self.run_to(&mut out, src, last, Some(ErrorStrategy::Replace)) {
            Ok((result, read)) => (result, read, out.written()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// Converts the next chunk to UTF-8 with an [`ErrorStrategy`] for each
    /// maximal invalid subpart: the concatenated output equals
    /// [`utf8_to_string_lossy_with`](crate::utf8_to_string_lossy_with) of
    /// the whole stream, for every chunking (a subpart split between chunks
    /// included). With [`ErrorStrategy::Replace`] it is
    /// [`decode_to_utf8_lossy`](Self::decode_to_utf8_lossy).
    ///
    /// Returns `(result, read, written)` as
    /// [`decode_to_utf16`](Self::decode_to_utf16) does. Each subpart's
    /// replacement is written whole or not at all: `dst.len() >= 9`
    /// guarantees progress; `dst.len() >= self.max_utf8_len(src.len())`
    /// that all of `src` is consumed.
    ///
    /// ```
    /// use rapidutf::{stream::Utf8Decoder, ErrorStrategy};
    /// // A log line with a Windows-1252 byte, split inside a UTF-8 "é".
    /// let mut d = Utf8Decoder::new();
    /// let (mut out, mut buf) = (Vec::new(), [0u8; 32]);
    /// for (chunk, last) in [(&b"caf\xC3"[..], false), (b"\xA9 \x80 5", true)] {
    ///     let (_, _, n) = d.decode_to_utf8_lossy_with(chunk, &mut buf, last, ErrorStrategy::Windows1252);
    ///     out.extend_from_slice(&buf[..n]);
    /// }
    /// assert_eq!(out, "café € 5".as_bytes());
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_to_utf8_lossy_with(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
        strategy: ErrorStrategy,
    ) -> (CoderResult, usize, usize) {
        let mut out = StrOut(StrBuf::new(dst));
        match self.run_to(&mut out, src, last, Some(strategy)) {
            Ok((result, read)) => (result, read, out.written()),
            // The lossy path substitutes errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// Converts the next chunk to UTF-32 with an [`ErrorStrategy`] for
    /// each maximal invalid subpart, as
    /// [`decode_to_utf8_lossy_with`](Self::decode_to_utf8_lossy_with) does
    /// for UTF-8 (`dst.len() >= 3` guarantees progress).
    ///
    /// ```
    /// use rapidutf::{stream::Utf8Decoder, ErrorStrategy};
    /// let mut d = Utf8Decoder::new();
    /// let mut buf = [0u32; 8];
    /// let (_, read, n) = d.decode_to_utf32_lossy_with(b"a\xE9b", &mut buf, true, ErrorStrategy::Latin1);
    /// assert_eq!((read, &buf[..n]), (3, &[0x61, 0xE9, 0x62][..]));
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_to_utf32_lossy_with(
        &mut self,
        src: &[u8],
        dst: &mut [u32],
        last: bool,
        strategy: ErrorStrategy,
    ) -> (CoderResult, usize, usize) {
        let mut out = Utf32Out { dst, o: 0 };
        match self.run_to(&mut out, src, last, Some(strategy)) {
            Ok((result, read)) => (result, read, out.written()),
            // The lossy path substitutes errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// Converts the next chunk to UTF-16 in the decoder's byte order with
    /// an [`ErrorStrategy`] for each maximal invalid subpart; the
    /// concatenated output equals
    /// [`utf8_to_utf16_lossy_with`](crate::utf8_to_utf16_lossy_with) of
    /// the whole stream (in that byte order) for every chunking.
    /// `dst.len() >= 3` guarantees progress.
    ///
    /// ```
    /// use rapidutf::{stream::Utf8Decoder, ErrorStrategy};
    /// let mut d = Utf8Decoder::new();
    /// let mut buf = [0u16; 8];
    /// let (_, _, n) = d.decode_to_utf16_lossy_with(b"a\xE2\x82", &mut buf, false, ErrorStrategy::Ignore);
    /// assert_eq!(n, 1); // "E2 82" may still become a character
    /// let (_, _, m) = d.decode_to_utf16_lossy_with(b"b", &mut buf[n..], true, ErrorStrategy::Ignore);
    /// assert_eq!(buf[..n + m], [0x61, 0x62]);
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_to_utf16_lossy_with(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
        strategy: ErrorStrategy,
    ) -> (CoderResult, usize, usize) {
        let mut out = Utf16Out::new(self.endian(), dst);
        match self.run_to(&mut out, src, last, Some(strategy)) {
            Ok((result, read)) => (result, read, out.written()),
            // The lossy path substitutes errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// The conversion loop, for any output form: the pending character
    /// first, then the bulk of `src`, through `O::lossy` (the lossy
    /// engine) when lossy, and through `O::transcode` with the first error
    /// reported when strict; then the character a chunk ends inside, kept
    /// or decided. Returns `(result, read)`; `out.written()` is what was
    /// written.
    pub(super) fn run_to<O: Output>(
        &mut self,
        out: &mut O,
        src: &[u8],
        last: bool,
        on_error: Option<ErrorStrategy>,
    ) -> Result<(CoderResult, usize), StreamError<Utf8Error>> {
        let mut i = 0;
        match self.complete_carry(src, last) {
            Carry::None => {}
            Carry::Pending => return Ok((CoderResult::InputEmpty, src.len())),
            Carry::Char(c, taken) => {
                if !out.put(c) {
                    return Ok((CoderResult::OutputFull, 0));
                }
                i = self.commit_carry(taken);
            }
            Carry::Invalid(e, taken) => {
                let Some(strategy) = on_error else {
                    let error = Utf8Error::new(self.pos, e.error_len, e.kind());
                    return Err(StreamError { error, read: 0, written: 0 });
                };
                let (subpart, n) = self.carried_subpart(src, taken);
                if !substitute(out, strategy, &subpart[..n]) {
                    return Ok((CoderResult::OutputFull, 0));
                }
                self.replaced += 1;
                i = self.commit_carry(taken);
            }
        }
        // A chunk usually ends inside a character. Convert the part before
        // that character on its own, so that the bulk conversion does not
        // stop at a "truncated" error and convert everything twice.
        let cut = decided_end(src, i, last);
        if let Some(strategy) = on_error {
            // Lossy: up to that character, the engine of the whole-buffer
            // lossy functions (scalar code while errors are dense); the
            // loop below keeps the character or decides it.
            let mut replaced = 0;
            let r = out.lossy(&src[i..cut], strategy, &mut replaced);
            self.replaced += replaced as u64;
            match r {
                Ok(_) => {
                    self.pos += cut - i;
                    i = cut;
                }
                Err(TranscodeError::OutputTooSmall { read, .. }) => {
                    self.pos += read;
                    return Ok((CoderResult::OutputFull, i + read));
                }
                Err(TranscodeError::Invalid { error, .. }) => match error {},
            }
        }
        while i < src.len() {
            let end = if i < cut { cut } else { src.len() };
            let rest = &src[i..end];
            let mut e = match out.transcode(rest) {
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
            // What was written is the exact conversion of the valid
            // prefix (`TranscodeError`'s contract).
            let v = e.valid_up_to();
            i += v;
            self.pos += v;
            if e.error_len().is_none() && end < src.len() {
                // Cut short at `cut`, where a lead byte follows: the error
                // in full context is a missing continuation.
                if let Err(full) = decode_first(&src[i..src.len().min(i + 4)]) {
                    e = full;
                }
            }
            let n = match e.error_len() {
                Some(n) => n,
                None if !last => {
                    // An incomplete character ends the chunk: keep it.
                    self.keep(&src[i..]);
                    return Ok((CoderResult::InputEmpty, src.len()));
                }
                None => src.len() - i,
            };
            let Some(strategy) = on_error else {
                let error = Utf8Error::new(self.pos, e.error_len, e.kind());
                return Err(StreamError { error, read: i, written: out.written() });
            };
            if !substitute(out, strategy, &src[i..i + n]) {
                return Ok((CoderResult::OutputFull, i));
            }
            self.replaced += 1;
            i += n;
            self.pos += n;
        }
        Ok((CoderResult::InputEmpty, src.len()))
    }
}
