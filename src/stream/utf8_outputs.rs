//! Streaming UTF-8 to UTF-32, and UTF-8 to UTF-8 (validated or lossy: a
//! chunked `from_utf8_lossy`), on [`Utf8Decoder`].
//!
//! The decoder's state is input bytes only (an incomplete character at the
//! end of a chunk), so the same decoder may switch between output forms
//! from one call to the next.

use super::utf8_decoder::incomplete_tail;
use super::{CoderResult, Endian, StreamError, Utf8Decoder};
use crate::error::{TranscodeError, Utf8Error, Utf8ErrorKind};
use crate::glue::str_buf::StrBuf;
use crate::strategy::ErrorStrategy;
use crate::validate::split_valid_utf8;

/// An output form for UTF-8 input, over its destination: its bulk
/// conversion and how one character is written, both appending after what
/// was written so far.
pub(super) trait Output {
    /// A transcoder's contract (`Ok(units written)`, or the first problem
    /// in input order), with the units it wrote (on an error, the exact
    /// conversion of what came before it) already appended.
    fn transcode(&mut self, src: &[u8]) -> Result<usize, TranscodeError<Utf8Error>>;
    /// Appends `c`; false (and nothing written) if it does not fit.
    fn put(&mut self, c: char) -> bool;
    /// The units written so far.
    fn written(&self) -> usize;
    /// Drops what was written after the first `written` units (an earlier
    /// [`written`](Self::written)).
    fn rewind(&mut self, written: usize);
}

/// UTF-8 out, as text: valid stretches are validated by the SIMD
/// validator and copied as the `str`s it returns, so the output holds
/// whole characters only.
pub(super) struct ToUtf8<'a>(pub(super) StrBuf<'a>);
/// UTF-16 out in a byte order, through the SIMD transcoders.
pub(super) struct ToUtf16<'a> {
    endian: Endian,
    dst: &'a mut [u16],
    o: usize,
}
/// UTF-32 out, through the SIMD transcoder.
struct ToUtf32<'a> {
    dst: &'a mut [u32],
    o: usize,
}

impl<'a> ToUtf16<'a> {
    pub(super) fn new(endian: Endian, dst: &'a mut [u16]) -> Self {
        ToUtf16 { endian, dst, o: 0 }
    }
}

impl Output for ToUtf8<'_> {
    fn transcode(&mut self, src: &[u8]) -> Result<usize, TranscodeError<Utf8Error>> {
        // Only as much as fits is looked at.
        let w = src.len().min(self.0.room());
        let (valid, error) = split_valid_utf8(&src[..w]);
        let n = valid.len();
        self.0.push_str(valid);
        match error {
            None if w == src.len() => Ok(n),
            // All that fits is valid; the next character does not fit.
            None => Err(TranscodeError::OutputTooSmall { read: n, written: n }),
            // A character cut by the end of the room: it does not fit
            // (whether it is valid shows when there is room).
            Some(e) if w < src.len() && e.error_len().is_none() => {
                Err(TranscodeError::OutputTooSmall { read: n, written: n })
            }
            Some(error) => Err(TranscodeError::Invalid { error, written: n }),
        }
    }

    #[inline]
    fn put(&mut self, c: char) -> bool {
        self.0.push_char(c)
    }

    fn written(&self) -> usize {
        self.0.len()
    }

    fn rewind(&mut self, written: usize) {
        self.0.truncate(written);
    }
}

impl Output for ToUtf16<'_> {
    fn transcode(&mut self, src: &[u8]) -> Result<usize, TranscodeError<Utf8Error>> {
        let dst = &mut self.dst[self.o..];
        let r = match self.endian {
            Endian::Little => crate::utf8_to_utf16le(src, dst),
            Endian::Big => crate::utf8_to_utf16be(src, dst),
        };
        self.o += match &r {
            Ok(n) => *n,
            Err(e) => e.written(),
        };
        r
    }

    #[inline]
    fn put(&mut self, c: char) -> bool {
        let Some(out) = self.dst.get_mut(self.o..self.o + c.len_utf16()) else {
            return false;
        };
        for u in c.encode_utf16(out) {
            *u = self.endian.write(*u);
        }
        self.o += c.len_utf16();
        true
    }

    fn written(&self) -> usize {
        self.o
    }

    fn rewind(&mut self, written: usize) {
        self.o = written;
    }
}

impl Output for ToUtf32<'_> {
    fn transcode(&mut self, src: &[u8]) -> Result<usize, TranscodeError<Utf8Error>> {
        let r = crate::utf8_to_utf32(src, &mut self.dst[self.o..]);
        self.o += match &r {
            Ok(n) => *n,
            Err(e) => e.written(),
        };
        r
    }

    #[inline]
    fn put(&mut self, c: char) -> bool {
        let Some(out) = self.dst.get_mut(self.o) else {
            return false;
        };
        *out = u32::from(c);
        self.o += 1;
        true
    }

    fn written(&self) -> usize {
        self.o
    }

    fn rewind(&mut self, written: usize) {
        self.o = written;
    }
}

/// Appends what `strategy` puts for the maximal invalid subpart `bad`,
/// all of it or nothing; false if it does not fit.
fn substitute<O: Output>(out: &mut O, strategy: ErrorStrategy, bad: &[u8]) -> bool {
    let start = out.written();
    let fits = strategy.substitute(bad, |c| out.put(c));
    if !fits {
        out.rewind(start);
    }
    fits
}

/// The first character of `bytes` and its width, or the error at the
/// start of `bytes` (relative to it).
pub(super) fn decode_first(bytes: &[u8]) -> Result<(char, usize), Utf8Error> {
    let (valid, err) = match crate::validate_utf8(bytes) {
        Ok(s) => (s, None),
        Err(e) => (crate::validate_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(), Some(e)),
    };
    match (valid.chars().next(), err) {
        (Some(c), _) => Ok((c, c.len_utf8())),
        (None, Some(e)) => Err(e),
        // Empty input: nothing to decode yet.
        (None, None) => Err(Utf8Error::new(0, 0, Utf8ErrorKind::Truncated)),
    }
}

/// What the start of a chunk does to the incomplete character carried
/// from the previous one (see [`Utf8Decoder::complete_carry`]).
pub(super) enum Carry {
    /// Nothing was carried.
    None,
    /// Still incomplete: the chunk (all of it) joins the carry.
    Pending,
    /// The carry and the chunk's first `usize` bytes make this character.
    Char(char, usize),
    /// The carry and the chunk's first `usize` bytes are a maximal invalid
    /// subpart, whose error (relative to the carry's start) this is; at
    /// the end of the stream, a truncated character is one too.
    Invalid(Utf8Error, usize),
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
    pub fn decode_to_utf32(
        &mut self,
        src: &[u8],
        dst: &mut [u32],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf8Error>> {
        let mut out = ToUtf32 { dst, o: 0 };
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
    pub fn decode_to_utf32_lossy(
        &mut self,
        src: &[u8],
        dst: &mut [u32],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        let mut out = ToUtf32 { dst, o: 0 };
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
    pub fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf8Error>> {
        let mut out = ToUtf8(StrBuf::new(dst));
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
    pub fn decode_to_utf8_lossy(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        let mut out = ToUtf8(StrBuf::new(dst));
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
    pub fn decode_to_utf8_lossy_with(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
        strategy: ErrorStrategy,
    ) -> (CoderResult, usize, usize) {
        let mut out = ToUtf8(StrBuf::new(dst));
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
    pub fn decode_to_utf32_lossy_with(
        &mut self,
        src: &[u8],
        dst: &mut [u32],
        last: bool,
        strategy: ErrorStrategy,
    ) -> (CoderResult, usize, usize) {
        let mut out = ToUtf32 { dst, o: 0 };
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
    pub fn decode_to_utf16_lossy_with(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
        strategy: ErrorStrategy,
    ) -> (CoderResult, usize, usize) {
        let mut out = ToUtf16::new(self.endian(), dst);
        match self.run_to(&mut out, src, last, Some(strategy)) {
            Ok((result, read)) => (result, read, out.written()),
            // The lossy path substitutes errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// The conversion loop, for any output form: the pending character
    /// first, then the bulk of `src` through `O::transcode`, with errors
    /// substituted (lossy) or reported (strict). Returns `(result, read)`;
    /// `out.written()` is what was written.
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
                let mut subpart = self.carry;
                subpart[self.carry_len as usize..][..taken].copy_from_slice(&src[..taken]);
                let n = self.carry_len as usize + taken;
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
        let cut = if last { src.len() } else { i.max(incomplete_tail(src)) };
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
                    let tail = &src[i..];
                    self.carry[..tail.len()].copy_from_slice(tail);
                    self.carry_len = tail.len() as u8;
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
