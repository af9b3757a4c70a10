//! [`Utf8Reader`]: a reader that passes on only valid UTF-8.

use super::text_reader::{read_retrying, Decode, TextReader, DEFAULT_CAPACITY};
use crate::error::Utf8Error;
use crate::strategy::ErrorStrategy;
use crate::stream::Utf8Decoder;
use std::io::{self, BufRead, Read};
use std::string::String;

/// The UTF-8 decoder of a [`Utf8Reader`], strict or with a strategy.
#[derive(Debug)]
pub(super) struct Utf8Decode {
    pub(super) decoder: Utf8Decoder,
    strategy: Option<ErrorStrategy>,
    substituted: u64,
}

impl Utf8Decode {
    pub(super) fn new(strategy: Option<ErrorStrategy>) -> Self {
        Utf8Decode { decoder: Utf8Decoder::new(), strategy, substituted: 0 }
    }

    #[cfg(feature = "tokio")]
    pub(super) fn substitutions(&self) -> u64 {
        self.substituted
    }
}

impl Decode for Utf8Decode {
    type Error = Utf8Error;

    fn decode(&mut self, raw: &[u8], out: &mut String, last: bool) -> Result<(), Utf8Error> {
        match self.strategy {
            None => self.decoder.decode_to_string(raw, out, last).map_err(|e| e.error()),
            Some(s) => {
                let n = self.decoder.decode_to_string_lossy_with(raw, out, last, s);
                self.substituted += n as u64;
                Ok(())
            }
        }
    }
}

/// A reader that passes on only valid UTF-8: everything it returns, in
/// the order returned, is valid UTF-8, however the inner reader's chunks
/// cut the characters.
///
/// - [`Utf8Reader::new`] is strict: the valid text before the first
///   invalid sequence is returned, then every read fails with an
///   [`InvalidData`](io::ErrorKind::InvalidData) error whose
///   [`get_ref`](io::Error::get_ref) (or `into_inner`) is the crate's
///   [`Utf8Error`], positioned in the whole stream (its
///   [`valid_up_to`](Utf8Error::valid_up_to) counts from the first byte
///   the reader read). A stream that ends inside a character is a
///   [`Truncated`](crate::Utf8ErrorKind::Truncated) error.
/// - [`Utf8Reader::lossy`] replaces each maximal invalid subpart as its
///   [`ErrorStrategy`] says: the text read is exactly
///   [`utf8_to_string_lossy_with`](crate::utf8_to_string_lossy_with) of
///   the whole stream (with [`ErrorStrategy::Replace`],
///   `String::from_utf8_lossy`, and the output of the WHATWG Encoding
///   Standard's streaming UTF-8 decoder).
///
/// It implements [`Read`] and [`BufRead`]. Its `read_line`,
/// `read_to_string` and therefore `lines` append the decoded text as
/// `&str`s, without the second validation that std's versions of those
/// methods do. A strict `read` into a buffer at least as large as the
/// reader's [capacity](Self::capacity) validates in place, in the
/// caller's buffer: the inner reader's bytes are copied once, as they
/// would be without validation.
///
/// # Errors
///
/// Besides the decoding errors above, the inner reader's errors, as they
/// come.
///
/// ```
/// use std::io::Read;
/// use rapidutf::io::Utf8Reader;
/// use rapidutf::{ErrorStrategy, Utf8Error, Utf8ErrorKind};
///
/// let mut s = String::new();
/// Utf8Reader::new(&b"caf\xC3\xA9"[..]).read_to_string(&mut s)?;
/// assert_eq!(s, "café");
///
/// // Strict: the error, positioned in the stream.
/// let e = Utf8Reader::new(&b"ok\xFF"[..]).read_to_string(&mut s).unwrap_err();
/// assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
/// let utf8 = e.get_ref().and_then(|e| e.downcast_ref::<Utf8Error>()).unwrap();
/// assert_eq!((utf8.valid_up_to(), utf8.kind()), (2, Utf8ErrorKind::InvalidByte));
///
/// // Lossy.
/// let mut s = String::new();
/// Utf8Reader::lossy(&b"ok\xFF"[..], ErrorStrategy::Replace).read_to_string(&mut s)?;
/// assert_eq!(s, "ok\u{FFFD}");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Utf8Reader<R> {
    core: TextReader<R, Utf8Decode>,
}

impl<R: Read> Utf8Reader<R> {
    /// A strict reader: an error at the first invalid sequence.
    ///
    /// ```
    /// use std::io::Read;
    /// let mut r = rapidutf::io::Utf8Reader::new(&b"a\xE2\x82"[..]);
    /// let mut buf = [0u8; 16];
    /// assert_eq!(r.read(&mut buf)?, 1); // "a"; E2 82 may still become "€"
    /// let e = r.read(&mut buf).unwrap_err(); // the stream ends inside it
    /// assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[inline]
    pub fn new(inner: R) -> Self {
        Self::build(inner, None, DEFAULT_CAPACITY)
    }

    /// A lossy reader: each maximal invalid subpart handled by `strategy`.
    ///
    /// ```
    /// use std::io::Read;
    /// use rapidutf::{io::Utf8Reader, ErrorStrategy};
    /// let mut s = String::new();
    /// Utf8Reader::lossy(&b"caf\xE9"[..], ErrorStrategy::Latin1).read_to_string(&mut s)?;
    /// assert_eq!(s, "café");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[inline]
    pub fn lossy(inner: R, strategy: ErrorStrategy) -> Self {
        Self::build(inner, Some(strategy), DEFAULT_CAPACITY)
    }

    /// A strict reader whose raw buffer holds `capacity` bytes (at least
    /// 4; the default is 8 KiB): each read of the inner reader asks for
    /// that many.
    ///
    /// ```
    /// let r = rapidutf::io::Utf8Reader::with_capacity(64 * 1024, std::io::empty());
    /// assert_eq!(r.capacity(), 64 * 1024);
    /// ```
    #[inline]
    pub fn with_capacity(capacity: usize, inner: R) -> Self {
        Self::build(inner, None, capacity)
    }

    /// A lossy reader with a raw buffer of `capacity` bytes.
    ///
    /// ```
    /// use rapidutf::{io::Utf8Reader, ErrorStrategy};
    /// let r = Utf8Reader::lossy_with_capacity(1024, std::io::empty(), ErrorStrategy::Ignore);
    /// assert_eq!(r.capacity(), 1024);
    /// ```
    #[inline]
    pub fn lossy_with_capacity(capacity: usize, inner: R, strategy: ErrorStrategy) -> Self {
        Self::build(inner, Some(strategy), capacity)
    }

    fn build(inner: R, strategy: Option<ErrorStrategy>, capacity: usize) -> Self {
        Utf8Reader { core: TextReader::new(inner, Utf8Decode::new(strategy), capacity) }
    }

    /// The size of the raw buffer.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::Utf8Reader::new(std::io::empty()).capacity(), 8192);
    /// ```
    #[must_use]
    #[inline]
    pub fn capacity(&self) -> usize {
        self.core.capacity()
    }

    /// The number of maximal invalid subparts a lossy reader has handled
    /// so far (always 0 for a strict one): whether, and how often, the
    /// text read differs from the bytes.
    ///
    /// ```
    /// use std::io::Read;
    /// use rapidutf::{io::Utf8Reader, ErrorStrategy};
    /// let mut r = Utf8Reader::lossy(&b"a\xFFb\xC0"[..], ErrorStrategy::Replace);
    /// std::io::copy(&mut r, &mut std::io::sink())?;
    /// assert_eq!(r.substitutions(), 2);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn substitutions(&self) -> u64 {
        self.core.decoder.substituted
    }

    /// The inner reader.
    ///
    /// ```
    /// let r = rapidutf::io::Utf8Reader::new(&b"abc"[..]);
    /// assert_eq!(*r.get_ref(), b"abc");
    /// ```
    #[inline]
    pub fn get_ref(&self) -> &R {
        &self.core.inner
    }

    /// The inner reader, mutably. Reading from it directly skips the
    /// validation of what it returns.
    ///
    /// ```
    /// let mut r = rapidutf::io::Utf8Reader::new(&b"abc"[..]);
    /// assert_eq!(r.get_mut().len(), 3);
    /// ```
    #[inline]
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.core.inner
    }

    /// The inner reader; text decoded but not yet read is lost.
    ///
    /// ```
    /// let r = rapidutf::io::Utf8Reader::new(&b"abc"[..]);
    /// assert_eq!(r.into_inner(), b"abc");
    /// ```
    #[inline]
    pub fn into_inner(self) -> R {
        self.core.inner
    }

    /// A strict read into a large `out`, validated in place: the pending
    /// bytes of a split character go first, the inner reader's bytes
    /// after them, and the complete characters are returned.
    fn read_in_place(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if let Some(e) = self.core.error() {
            return Err(super::invalid_data(e));
        }
        loop {
            let decoder = &mut self.core.decoder.decoder;
            let c = decoder.pending().len();
            out[..c].copy_from_slice(decoder.pending());
            let n = read_retrying(&mut self.core.inner, &mut out[c..])?;
            let last = n == 0;
            match decoder.validate_in_place(&out[c..c + n], last) {
                // Only the pending character grew: read again.
                Ok(0) if !last => {}
                Ok(valid) => {
                    if last {
                        self.core.set_done();
                    }
                    return Ok(valid);
                }
                Err(e) => {
                    self.core.set_error(e.error());
                    if e.written() > 0 {
                        return Ok(e.written());
                    }
                    return Err(super::invalid_data(e.error()));
                }
            }
        }
    }
}

impl<R: Read> Read for Utf8Reader<R> {
    #[inline]
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let strict = self.core.decoder.strategy.is_none();
        if strict && self.core.is_empty() && out.len() >= self.core.capacity() {
            return self.read_in_place(out);
        }
        self.core.read(out)
    }

    /// Appends the rest of the stream to `buf`, validated once. As std's:
    /// on invalid data (strict), nothing is appended.
    #[inline]
    fn read_to_string(&mut self, buf: &mut String) -> io::Result<usize> {
        self.core.read_to_string(buf)
    }
}

impl<R: Read> BufRead for Utf8Reader<R> {
    #[inline]
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.core.fill_buf()
    }

    #[inline]
    fn consume(&mut self, amt: usize) {
        self.core.consume(amt);
    }

    /// Appends the next line, validated once. As std's: on invalid data
    /// (strict), nothing is appended.
    #[inline]
    fn read_line(&mut self, buf: &mut String) -> io::Result<usize> {
        self.core.read_line(buf)
    }
}
