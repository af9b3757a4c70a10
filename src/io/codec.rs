//! `tokio_util::codec` codecs: text chunks ([`Utf8Codec`]), lines
//! ([`Utf8LinesCodec`]), and lines as `String`s ([`LinesCodec`], a
//! drop-in for tokio-util's).

use super::text_reader::{find_newline, rfind_newline};
use super::utf8_bytes::{Chunker, Utf8Bytes};
use crate::dispatch::valid_bytes::ValidBytes;
use crate::error::Utf8Error;
use crate::strategy::ErrorStrategy;
use bytes::{Buf, Bytes, BytesMut};
use core::fmt;
use std::collections::VecDeque;
use std::io;
use std::string::String;
use tokio_util::codec::{Decoder, Encoder, LinesCodecError};

/// The error of [`Utf8Codec`] and [`Utf8LinesCodec`].
///
/// ```
/// use rapidutf::io::CodecError;
/// let e = CodecError::from(std::io::Error::other("gone"));
/// assert_eq!(e.to_string(), "gone");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum CodecError {
    /// A line longer than the codec's maximum (see
    /// [`Utf8LinesCodec::new_with_max_length`]); the codec skips it.
    MaxLineLengthExceeded,
    /// Invalid UTF-8 (strict codecs), positioned in the whole stream.
    InvalidUtf8(Utf8Error),
    /// An error of the underlying I/O.
    Io(io::Error),
}

impl fmt::Display for CodecError {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodecError::MaxLineLengthExceeded => f.write_str("max line length exceeded"),
            CodecError::InvalidUtf8(e) => e.fmt(f),
            CodecError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CodecError {
    #[inline]
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CodecError::MaxLineLengthExceeded => None,
            CodecError::InvalidUtf8(e) => Some(e),
            CodecError::Io(e) => Some(e),
        }
    }
}

impl From<io::Error> for CodecError {
    #[inline]
    fn from(e: io::Error) -> Self {
        CodecError::Io(e)
    }
}

/// A [`Decoder`] that turns bytes into text as they arrive, for streams
/// that are text but not lines (a chat, a log, an LLM's tokens): each
/// frame is a [`Utf8Bytes`] of everything received so far up to the last
/// complete character, so a character split between reads is never
/// broken. Valid input is handed out without copying (the frame shares
/// the read buffer's memory); the concatenated frames are the whole
/// stream's text, whatever the reads.
///
/// Strict ([`Utf8Codec::new`]): the text before the first invalid
/// sequence, then [`CodecError::InvalidUtf8`] with its position in the
/// stream; lossy ([`Utf8Codec::lossy`]): each maximal invalid subpart as
/// the [`ErrorStrategy`] says (with `Replace`, the WHATWG `TextDecoder`
/// streaming output).
///
/// ```
/// use bytes::BytesMut;
/// use tokio_util::codec::Decoder;
/// use rapidutf::io::Utf8Codec;
///
/// let mut codec = Utf8Codec::new();
/// let mut buf = BytesMut::from(&b"caf\xC3"[..]);
/// assert_eq!(codec.decode(&mut buf)?.unwrap(), "caf");
/// assert_eq!(codec.decode(&mut buf)?, None); // C3 waits for the next read
/// buf.extend_from_slice(b"\xA9!");
/// assert_eq!(codec.decode(&mut buf)?.unwrap(), "é");
/// assert_eq!(codec.decode(&mut buf)?.unwrap(), "!");
/// assert_eq!(codec.decode_eof(&mut buf)?, None);
/// # Ok::<(), rapidutf::io::CodecError>(())
/// ```
#[derive(Debug, Default)]
pub struct Utf8Codec {
    chunker: Chunker,
    ready: VecDeque<Utf8Bytes>,
    error: Option<Utf8Error>,
    ended: bool,
}

impl Utf8Codec {
    /// A strict codec.
    ///
    /// ```
    /// let codec = rapidutf::io::Utf8Codec::new();
    /// assert_eq!(codec.substitutions(), 0);
    /// ```
    #[must_use]
    #[inline]
    pub fn new() -> Self {
        Self::default()
    }

    /// A lossy codec: each maximal invalid subpart handled by `strategy`.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use tokio_util::codec::Decoder;
    /// use rapidutf::{io::Utf8Codec, ErrorStrategy};
    /// let mut codec = Utf8Codec::lossy(ErrorStrategy::Replace);
    /// let mut buf = BytesMut::from(&b"a\xFF"[..]);
    /// let mut text = String::new();
    /// while let Some(t) = codec.decode_eof(&mut buf)? {
    ///     text.push_str(&t);
    /// }
    /// assert_eq!(text, "a\u{FFFD}");
    /// # Ok::<(), rapidutf::io::CodecError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn lossy(strategy: ErrorStrategy) -> Self {
        Utf8Codec { chunker: Chunker::new(Some(strategy)), ..Self::default() }
    }

    /// The number of maximal invalid subparts a lossy codec has handled.
    ///
    /// ```
    /// let codec = rapidutf::io::Utf8Codec::lossy(rapidutf::ErrorStrategy::Ignore);
    /// assert_eq!(codec.substitutions(), 0);
    /// ```
    #[must_use]
    #[inline]
    pub fn substitutions(&self) -> u64 {
        self.chunker.substitutions()
    }

    fn next(&mut self, src: &mut BytesMut, last: bool) -> Result<Option<Utf8Bytes>, CodecError> {
        if let Some(t) = self.ready.pop_front() {
            return Ok(Some(t));
        }
        if let Some(e) = self.error {
            return Err(CodecError::InvalidUtf8(e));
        }
        if self.ended || (src.is_empty() && !last) {
            return Ok(None);
        }
        self.ended = last;
        let (pieces, error) = self.chunker.push(src.split().freeze(), last);
        self.ready.extend(pieces.into_iter());
        self.error = error;
        match self.ready.pop_front() {
            Some(t) => Ok(Some(t)),
            None => match self.error {
                Some(e) => Err(CodecError::InvalidUtf8(e)),
                None => Ok(None),
            },
        }
    }
}

impl Decoder for Utf8Codec {
    type Item = Utf8Bytes;
    type Error = CodecError;

    #[inline]
    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Utf8Bytes>, CodecError> {
        self.next(src, false)
    }

    #[inline]
    fn decode_eof(&mut self, src: &mut BytesMut) -> Result<Option<Utf8Bytes>, CodecError> {
        self.next(src, true)
    }
}

/// Text out, for a `Framed` that also writes: the string's bytes as they
/// are, which [`Utf8Codec`] decodes back to the same text whatever the
/// reads. A `&str` or [`Utf8Bytes`] is valid by its type, so nothing is
/// checked and the only error is none.
///
/// ```
/// use bytes::BytesMut;
/// use tokio_util::codec::Encoder;
/// use rapidutf::io::Utf8Codec;
///
/// let mut buf = BytesMut::new();
/// Utf8Codec::new().encode("café", &mut buf)?;
/// assert_eq!(&buf[..], "café".as_bytes());
/// # Ok::<(), rapidutf::io::CodecError>(())
/// ```
impl<T: AsRef<str>> Encoder<T> for Utf8Codec {
    type Error = CodecError;

    #[inline]
    fn encode(&mut self, text: T, dst: &mut BytesMut) -> Result<(), CodecError> {
        dst.extend_from_slice(text.as_ref().as_bytes());
        Ok(())
    }
}

/// A chunk-safe, validating drop-in for `tokio_util::codec::LinesCodec`,
/// for reading and writing (see its [`Encoder`] below): the same framing (lines end at `\n`, a `\r` before it is removed, the
/// last line needs no `\n`, an optional maximum length after which the
/// rest of a line is skipped), with lines as [`Utf8Bytes`] that share the
/// read buffer's memory.
///
/// Each time lines are complete in the buffer, all of them are taken at
/// once and validated in one SIMD pass, and each line is then handed out
/// by a newline search and a slice: no per-line validation, allocation or
/// copy. Strict ([`new`](Self::new)): [`CodecError::InvalidUtf8`] for a
/// line with invalid UTF-8, positioned in the whole stream; lossy
/// ([`lossy`](Self::lossy)): such a line decoded with the
/// [`ErrorStrategy`] (a maximal invalid subpart never holds a `\n`, so
/// line by line is the same as the whole stream; without a maximum line
/// length, the lines taken are decoded together, in one pass from their
/// first error).
///
/// ```
/// use bytes::BytesMut;
/// use tokio_util::codec::Decoder;
/// use rapidutf::io::Utf8LinesCodec;
///
/// let mut codec = Utf8LinesCodec::new();
/// let mut buf = BytesMut::from(&b"caf\xC3"[..]);
/// assert_eq!(codec.decode(&mut buf)?, None);
/// buf.extend_from_slice(b"\xA9\r\nnext\nlast");
/// assert_eq!(codec.decode(&mut buf)?.unwrap(), "café");
/// assert_eq!(codec.decode(&mut buf)?.unwrap(), "next");
/// assert_eq!(codec.decode(&mut buf)?, None);
/// assert_eq!(codec.decode_eof(&mut buf)?.unwrap(), "last");
/// # Ok::<(), rapidutf::io::CodecError>(())
/// ```
#[derive(Debug)]
pub struct Utf8LinesCodec {
    max_length: usize,
    strategy: Option<ErrorStrategy>,
    /// Complete lines taken from the buffer; those before `at` are
    /// handed out.
    region: Bytes,
    at: usize,
    /// The valid prefix of `region` (sharing its memory).
    valid: ValidBytes,
    /// The error after `valid` (its position in the stream), if any.
    error: Option<Utf8Error>,
    /// The stream offset of `region[0]`.
    region_pos: usize,
    /// The stream offset of the buffer's first byte.
    consumed: usize,
    /// Where the newline search of an incomplete line resumes.
    next_index: usize,
    /// Skipping the rest of a line that was too long.
    is_discarding: bool,
    substituted: u64,
}

impl Default for Utf8LinesCodec {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl Utf8LinesCodec {
    /// A strict codec with no maximum line length.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::Utf8LinesCodec::new().max_length(), usize::MAX);
    /// ```
    #[must_use]
    #[inline]
    pub fn new() -> Self {
        Utf8LinesCodec {
            max_length: usize::MAX,
            strategy: None,
            region: Bytes::new(),
            at: 0,
            valid: ValidBytes::default(),
            error: None,
            region_pos: 0,
            consumed: 0,
            next_index: 0,
            is_discarding: false,
            substituted: 0,
        }
    }

    /// A strict codec whose lines may be at most `max_length` bytes (not
    /// counting the `\n`); as `LinesCodec`'s, a longer line is one
    /// [`CodecError::MaxLineLengthExceeded`], and its rest is skipped.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use tokio_util::codec::Decoder;
    /// use rapidutf::io::{CodecError, Utf8LinesCodec};
    /// let mut codec = Utf8LinesCodec::new_with_max_length(3);
    /// let mut buf = BytesMut::from(&b"abcdef\nok\n"[..]);
    /// assert!(matches!(codec.decode(&mut buf), Err(CodecError::MaxLineLengthExceeded)));
    /// assert_eq!(codec.decode(&mut buf)?.unwrap(), "ok");
    /// # Ok::<(), CodecError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn new_with_max_length(max_length: usize) -> Self {
        Utf8LinesCodec { max_length, ..Self::new() }
    }

    /// A lossy codec: each maximal invalid subpart handled by `strategy`.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use tokio_util::codec::Decoder;
    /// use rapidutf::{io::Utf8LinesCodec, ErrorStrategy};
    /// let mut codec = Utf8LinesCodec::lossy(ErrorStrategy::Windows1252);
    /// let mut buf = BytesMut::from(&b"5 \x80\n"[..]);
    /// assert_eq!(codec.decode(&mut buf)?.unwrap(), "5 €");
    /// # Ok::<(), rapidutf::io::CodecError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn lossy(strategy: ErrorStrategy) -> Self {
        Utf8LinesCodec { strategy: Some(strategy), ..Self::new() }
    }

    /// This codec with a maximum line length (see
    /// [`new_with_max_length`](Self::new_with_max_length)).
    ///
    /// ```
    /// use rapidutf::{io::Utf8LinesCodec, ErrorStrategy};
    /// let codec = Utf8LinesCodec::lossy(ErrorStrategy::Replace).with_max_length(1 << 20);
    /// assert_eq!(codec.max_length(), 1 << 20);
    /// ```
    #[must_use]
    #[inline]
    pub fn with_max_length(mut self, max_length: usize) -> Self {
        self.max_length = max_length;
        self
    }

    /// The maximum line length.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::Utf8LinesCodec::new_with_max_length(80).max_length(), 80);
    /// ```
    #[must_use]
    #[inline]
    pub fn max_length(&self) -> usize {
        self.max_length
    }

    /// The number of maximal invalid subparts a lossy codec has handled.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::Utf8LinesCodec::new().substitutions(), 0);
    /// ```
    #[must_use]
    #[inline]
    pub fn substitutions(&self) -> u64 {
        self.substituted
    }

    /// Takes `buf[..n]` (complete lines) as the region, validated once.
    fn take_region(&mut self, buf: &mut BytesMut, n: usize) {
        self.region_pos = self.consumed;
        self.consumed += n;
        self.region = buf.split_to(n).freeze();
        self.at = 0;
        self.revalidate(false);
        if let (Some(s), usize::MAX, Some(e)) = (self.strategy, self.max_length, self.error) {
            self.decode_region(s, e);
        }
    }

    /// A lossy codec without a maximum line length: replaces a region
    /// that holds an error with its decoding, in one pass from the
    /// error, so that each of its lines is then handed out as a valid
    /// line is. The same lines as decoding each line on its own: a
    /// maximal invalid subpart never holds a `\n`, and the region ends
    /// with one (or with the stream). A maximum length counts the bytes
    /// read, so a codec with one decodes line by line instead.
    fn decode_region(&mut self, strategy: ErrorStrategy, error: Utf8Error) {
        let valid = self.valid.as_str();
        let at = Utf8Error::new(valid.len(), error.error_len, error.kind());
        let mut replaced = 0;
        let text =
            crate::lossy::utf8_lossy_from(&self.region, (valid, Some(at)), strategy, &mut replaced)
                .into_owned();
        self.substituted += replaced as u64;
        self.valid = ValidBytes::from_string(text);
        self.region = self.valid.bytes().clone();
        self.error = None;
    }

    /// Validates the region from its start: right after an invalid line
    /// (`after_error`), where more errors are likely, with block-exact
    /// error positions, as lossy decoding does.
    fn revalidate(&mut self, after_error: bool) {
        let region = self.region.clone();
        let (valid, error) = match after_error {
            false => ValidBytes::split_valid(region),
            true => ValidBytes::split_with(region, crate::lossy::split_valid_utf8_blocks),
        };
        let at = self.region_pos;
        self.error = error.map(|e| Utf8Error::new(at + e.valid_up_to(), e.error_len, e.kind()));
        self.valid = valid;
    }

    /// The next line of the region, or `Ok(None)` if it is empty. Inlined
    /// into the decoder: a line goes out as a few words in registers,
    /// where a call would return it through memory (and the caller's
    /// wide reload of those narrow stores waits for them, the codec's
    /// largest single cost in a profile). It has `decode`'s own type for
    /// the same reason: an `Option<Result<..>>` turned into a
    /// `Result<Option<..>>` moved the line to another offset, a wide
    /// store and a reload 8 bytes further on that also waited (3 % of
    /// the strict codec's time). A line that holds the invalid sequence
    /// takes the cold path.
    #[inline(always)]
    fn pop_line(&mut self) -> Result<Option<Utf8Bytes>, CodecError> {
        let start = self.at;
        if start >= self.region.len() {
            return Ok(None);
        }
        // The region holds complete lines only (the last one of the
        // stream may lack its newline).
        let nl = find_newline(&self.region[start..]).map_or(self.region.len(), |i| start + i);
        let too_long = nl - start > self.max_length;
        let valid_len = self.valid.as_str().len();
        let valid = nl < valid_len || (nl == valid_len && self.error.is_none());
        if valid && !too_long {
            let end = if nl > start && self.region[nl - 1] == b'\r' { nl - 1 } else { nl };
            self.at = nl + 1;
            return match self.valid.slice(start..end) {
                Some(line) => Ok(Some(Utf8Bytes::of(line))),
                None => unreachable!("a newline is a character boundary"),
            };
        }
        self.pop_long_or_invalid(start, nl, too_long, valid).map(Some)
    }

    /// [`pop_line`](Self::pop_line) for the line `region[start..nl]` when
    /// it is too long or not `valid` (it holds the invalid sequence).
    #[cold]
    #[inline(never)]
    fn pop_long_or_invalid(
        &mut self,
        start: usize,
        nl: usize,
        too_long: bool,
        valid: bool,
    ) -> Result<Utf8Bytes, CodecError> {
        if valid {
            // Too long, and valid: the region stays as it is.
            self.at = nl + 1;
            return Err(CodecError::MaxLineLengthExceeded);
        }
        let line = match (too_long, self.strategy, self.error) {
            (true, _, _) => Err(CodecError::MaxLineLengthExceeded),
            (false, Some(s), _) => {
                // Decoded first: a `\r` that ends the decoded line goes,
                // as it would from the whole decoded stream.
                let mut text = String::new();
                let mut d = crate::stream::Utf8Decoder::new();
                let n = d.decode_to_string_lossy_with(&self.region[start..nl], &mut text, true, s);
                self.substituted += n as u64;
                if text.ends_with('\r') {
                    text.pop();
                }
                Ok(Utf8Bytes::from(text))
            }
            (false, None, Some(e)) => Err(CodecError::InvalidUtf8(e)),
            (false, None, None) => unreachable!("a line past the valid prefix without an error"),
        };
        // Validate what follows the line, from its start.
        let next = (nl + 1).min(self.region.len());
        self.region.advance(next);
        self.region_pos += next;
        self.at = 0;
        self.revalidate(true);
        line
    }

    fn decode_line(&mut self, buf: &mut BytesMut) -> Result<Option<Utf8Bytes>, CodecError> {
        loop {
            if let line @ (Ok(Some(_)) | Err(_)) = self.pop_line() {
                return line;
            }
            // As LinesCodec: search at most `max_length + 1` bytes.
            let read_to = self.max_length.saturating_add(1).min(buf.len());
            let found = find_newline(&buf[self.next_index..read_to]).map(|i| i + self.next_index);
            match (self.is_discarding, found) {
                (true, Some(nl)) => {
                    buf.advance(nl + 1);
                    self.consumed += nl + 1;
                    self.is_discarding = false;
                    self.next_index = 0;
                }
                (true, None) => {
                    buf.advance(read_to);
                    self.consumed += read_to;
                    self.next_index = 0;
                    if buf.is_empty() {
                        return Ok(None);
                    }
                }
                (false, Some(_)) => {
                    // Take every complete line in the buffer at once.
                    let last_nl = rfind_newline(buf).expect("a newline was found");
                    self.next_index = 0;
                    self.take_region(buf, last_nl + 1);
                }
                (false, None) if buf.len() > self.max_length => {
                    self.is_discarding = true;
                    return Err(CodecError::MaxLineLengthExceeded);
                }
                (false, None) => {
                    self.next_index = read_to;
                    return Ok(None);
                }
            }
        }
    }
}

impl Decoder for Utf8LinesCodec {
    type Item = Utf8Bytes;
    type Error = CodecError;

    // Inlined into the caller's `FramedRead`: most calls hand out a line
    // already found in the region, a few instructions, and return it in
    // registers rather than through memory.
    #[inline]
    fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<Utf8Bytes>, CodecError> {
        match self.pop_line() {
            Ok(None) => self.decode_line(buf),
            line => line,
        }
    }

    #[inline]
    fn decode_eof(&mut self, buf: &mut BytesMut) -> Result<Option<Utf8Bytes>, CodecError> {
        if let Some(line) = self.decode_line(buf)? {
            return Ok(Some(line));
        }
        self.next_index = 0;
        // No terminating newline: the rest, if any, is the last line.
        if buf.is_empty() || &buf[..] == b"\r" {
            return Ok(None);
        }
        let n = buf.len();
        self.take_region(buf, n);
        match self.pop_line()? {
            // A last line that decodes to nothing (lossy) or to a lone
            // `\r` is no line, as with `LinesCodec` on the decoded text.
            Some(line) if line.is_empty() => Ok(None),
            line => Ok(line),
        }
    }
}

/// Lines out, as `LinesCodec` writes them: the line, then `\n`. As
/// there, a line is not searched for newlines: one that holds a `\n` is
/// read back as two lines.
///
/// ```
/// use bytes::BytesMut;
/// use tokio_util::codec::{Decoder, Encoder, LinesCodecError};
/// use rapidutf::io::Utf8LinesCodec;
///
/// let mut codec = Utf8LinesCodec::new();
/// let mut buf = BytesMut::new();
/// codec.encode("café", &mut buf)?;
/// codec.encode(String::from("thé"), &mut buf)?;
/// assert_eq!(&buf[..], "café\nthé\n".as_bytes());
/// assert_eq!(codec.decode(&mut buf)?.unwrap(), "café");
/// assert_eq!(codec.decode(&mut buf)?.unwrap(), "thé");
/// # Ok::<(), rapidutf::io::CodecError>(())
/// ```
impl<T: AsRef<str>> Encoder<T> for Utf8LinesCodec {
    type Error = CodecError;

    #[inline]
    fn encode(&mut self, line: T, dst: &mut BytesMut) -> Result<(), CodecError> {
        let line = line.as_ref().as_bytes();
        dst.reserve(line.len() + 1);
        dst.extend_from_slice(line);
        dst.extend_from_slice(b"\n");
        Ok(())
    }
}

/// A drop-in for `tokio_util::codec::LinesCodec`, with its name, item
/// (`String`), error type (`LinesCodecError`) and constructors, so that
/// switching is a change of path: a [`Utf8LinesCodec`] underneath, which
/// validates every line taken from a read in one SIMD pass, and one copy
/// of each line into its `String` (as `LinesCodec` makes).
///
/// Invalid UTF-8 is, as with `LinesCodec`, a `LinesCodecError::Io` of
/// kind `InvalidData` for that line, after which decoding goes on with
/// the next one; its source is the crate's [`Utf8Error`], positioned in
/// the whole stream, where `LinesCodec` says only that the input is not
/// UTF-8. A lossy codec ([`lossy`](Self::lossy)) decodes such a line
/// with an [`ErrorStrategy`] instead. [`Utf8LinesCodec`] hands out the
/// lines without the copy, as [`Utf8Bytes`].
///
/// ```
/// use bytes::BytesMut;
/// use tokio_util::codec::{Decoder, LinesCodecError};
/// use rapidutf::io::LinesCodec;
///
/// let mut codec = LinesCodec::new();
/// let mut buf = BytesMut::from(&b"caf\xC3"[..]);
/// assert_eq!(codec.decode(&mut buf)?, None); // C3 waits for the next read
/// buf.extend_from_slice(b"\xA9\r\n\xFF\nlast");
/// let line: String = codec.decode(&mut buf)?.unwrap();
/// assert_eq!(line, "café");
/// match codec.decode(&mut buf) {
///     Err(LinesCodecError::Io(e)) => {
///         assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
///         let at = e.get_ref().unwrap().downcast_ref::<rapidutf::Utf8Error>().unwrap();
///         assert_eq!(at.valid_up_to(), 7); // the 0xFF's offset in the stream
///     }
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(codec.decode_eof(&mut buf)?.unwrap(), "last");
/// # Ok::<(), LinesCodecError>(())
/// ```
#[derive(Debug, Default)]
pub struct LinesCodec {
    inner: Utf8LinesCodec,
}

impl LinesCodec {
    /// A strict codec with no maximum line length, as
    /// `LinesCodec::new`.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::LinesCodec::new().max_length(), usize::MAX);
    /// ```
    #[must_use]
    #[inline]
    pub fn new() -> Self {
        LinesCodec { inner: Utf8LinesCodec::new() }
    }

    /// A strict codec whose lines may be at most `max_length` bytes (not
    /// counting the `\n`), as `LinesCodec::new_with_max_length`: a longer
    /// line is one `LinesCodecError::MaxLineLengthExceeded`, and its rest
    /// is skipped.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use tokio_util::codec::{Decoder, LinesCodecError};
    /// use rapidutf::io::LinesCodec;
    /// let mut codec = LinesCodec::new_with_max_length(3);
    /// let mut buf = BytesMut::from(&b"abcdef\nok\n"[..]);
    /// assert!(matches!(codec.decode(&mut buf), Err(LinesCodecError::MaxLineLengthExceeded)));
    /// assert_eq!(codec.decode(&mut buf)?.unwrap(), "ok");
    /// # Ok::<(), LinesCodecError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn new_with_max_length(max_length: usize) -> Self {
        LinesCodec { inner: Utf8LinesCodec::new_with_max_length(max_length) }
    }

    /// A lossy codec: each maximal invalid subpart handled by `strategy`
    /// (with [`ErrorStrategy::Replace`], a line reads as
    /// `String::from_utf8_lossy` would read it).
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use tokio_util::codec::Decoder;
    /// use rapidutf::{io::LinesCodec, ErrorStrategy};
    /// let mut codec = LinesCodec::lossy(ErrorStrategy::Replace);
    /// let mut buf = BytesMut::from(&b"caf\xE9\n"[..]);
    /// assert_eq!(codec.decode(&mut buf)?.unwrap(), "caf\u{FFFD}");
    /// assert_eq!(codec.substitutions(), 1);
    /// # Ok::<(), tokio_util::codec::LinesCodecError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn lossy(strategy: ErrorStrategy) -> Self {
        LinesCodec { inner: Utf8LinesCodec::lossy(strategy) }
    }

    /// This codec with a maximum line length (see
    /// [`new_with_max_length`](Self::new_with_max_length)).
    ///
    /// ```
    /// use rapidutf::{io::LinesCodec, ErrorStrategy};
    /// let codec = LinesCodec::lossy(ErrorStrategy::Replace).with_max_length(1 << 20);
    /// assert_eq!(codec.max_length(), 1 << 20);
    /// ```
    #[must_use]
    #[inline]
    pub fn with_max_length(self, max_length: usize) -> Self {
        LinesCodec { inner: self.inner.with_max_length(max_length) }
    }

    /// The maximum line length, as `LinesCodec::max_length`.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::LinesCodec::new_with_max_length(80).max_length(), 80);
    /// ```
    #[must_use]
    #[inline]
    pub fn max_length(&self) -> usize {
        self.inner.max_length()
    }

    /// The number of maximal invalid subparts a lossy codec has handled.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::LinesCodec::new().substitutions(), 0);
    /// ```
    #[must_use]
    #[inline]
    pub fn substitutions(&self) -> u64 {
        self.inner.substitutions()
    }
}

/// `LinesCodec`'s error for one of this crate's: invalid UTF-8 becomes an
/// `io::Error` of kind `InvalidData`, as `LinesCodec` reports it, with
/// the positioned [`Utf8Error`] as its source.
#[cold]
fn lines_codec_error(e: CodecError) -> LinesCodecError {
    match e {
        CodecError::MaxLineLengthExceeded => LinesCodecError::MaxLineLengthExceeded,
        CodecError::InvalidUtf8(e) => {
            LinesCodecError::Io(io::Error::new(io::ErrorKind::InvalidData, e))
        }
        CodecError::Io(e) => LinesCodecError::Io(e),
    }
}

impl Decoder for LinesCodec {
    type Item = String;
    type Error = LinesCodecError;

    #[inline]
    fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<String>, LinesCodecError> {
        match self.inner.decode(buf) {
            Ok(line) => Ok(line.map(String::from)),
            Err(e) => Err(lines_codec_error(e)),
        }
    }

    #[inline]
    fn decode_eof(&mut self, buf: &mut BytesMut) -> Result<Option<String>, LinesCodecError> {
        match self.inner.decode_eof(buf) {
            Ok(line) => Ok(line.map(String::from)),
            Err(e) => Err(lines_codec_error(e)),
        }
    }
}

/// Lines out, as `LinesCodec` writes them: the line, then `\n`.
///
/// ```
/// use bytes::BytesMut;
/// use tokio_util::codec::{Decoder, Encoder, LinesCodecError};
/// use rapidutf::io::LinesCodec;
///
/// let mut codec = LinesCodec::new();
/// let mut buf = BytesMut::new();
/// codec.encode("thé", &mut buf)?;
/// assert_eq!(&buf[..], "thé\n".as_bytes());
/// assert_eq!(codec.decode(&mut buf)?.unwrap(), "thé");
/// # Ok::<(), tokio_util::codec::LinesCodecError>(())
/// ```
impl<T: AsRef<str>> Encoder<T> for LinesCodec {
    type Error = LinesCodecError;

    #[inline]
    fn encode(&mut self, line: T, dst: &mut BytesMut) -> Result<(), LinesCodecError> {
        self.inner.encode(line, dst).map_err(lines_codec_error)
    }
}
