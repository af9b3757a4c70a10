//! [`Utf8Bytes`], and the chunker that turns a stream of `Bytes` into
//! them, zero-copy where it can.

use crate::dispatch::valid_bytes::ValidBytes;
use crate::error::Utf8Error;
use crate::strategy::ErrorStrategy;
use crate::stream::Utf8Decoder;
use bytes::Bytes;
use core::fmt;
use core::ops::{Deref, Range};
use std::string::String;

/// A [`Bytes`] that holds UTF-8: cheap to clone and to slice (the memory
/// is shared), and a `&str` without a check ([`as_str`](Self::as_str),
/// `Deref<Target = str>`).
///
/// The adapters of this module hand out text as `Utf8Bytes`: where a
/// chunk's bytes are valid and end on a character boundary, the
/// `Utf8Bytes` shares the chunk's memory; only a character split between
/// chunks, and lossy replacements, are copied.
///
/// ```
/// use rapidutf::io::Utf8Bytes;
/// use bytes::Bytes;
///
/// let t = Utf8Bytes::from_bytes(Bytes::from_static("héllo".as_bytes())).unwrap();
/// assert_eq!(t.as_str(), "héllo");
/// assert_eq!(t.slice(0..3).unwrap(), "hé");
/// assert!(t.slice(0..2).is_none()); // inside "é"
/// assert!(Utf8Bytes::from_bytes(Bytes::from_static(b"\xFF")).is_err());
/// ```
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Utf8Bytes(ValidBytes);

impl Utf8Bytes {
    /// `bytes` if it is valid UTF-8 (validated once, by the active SIMD
    /// kernel).
    ///
    /// # Errors
    ///
    /// The [`Utf8Error`] of the first invalid sequence.
    ///
    /// ```
    /// use rapidutf::io::Utf8Bytes;
    /// let e = Utf8Bytes::from_bytes(bytes::Bytes::from_static(b"ab\xC0")).unwrap_err();
    /// assert_eq!(e.valid_up_to(), 2);
    /// ```
    #[inline]
    pub fn from_bytes(bytes: Bytes) -> Result<Self, Utf8Error> {
        match ValidBytes::split_valid(bytes) {
            (valid, None) => Ok(Utf8Bytes(valid)),
            (_, Some(e)) => Err(e),
        }
    }

    /// A `Utf8Bytes` of a string literal, without copying it.
    ///
    /// ```
    /// const HELLO: rapidutf::io::Utf8Bytes = rapidutf::io::Utf8Bytes::from_static("hello");
    /// assert_eq!(HELLO.len(), 5);
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_static(s: &'static str) -> Self {
        Utf8Bytes(ValidBytes::from_static(s))
    }

    /// The text.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::Utf8Bytes::from("é").as_str(), "é");
    /// ```
    #[must_use]
    #[inline]
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The text as a [`Bytes`] (sharing its memory).
    ///
    /// ```
    /// let t = rapidutf::io::Utf8Bytes::from("ok");
    /// assert_eq!(t.as_bytes(), &b"ok"[..]);
    /// ```
    #[must_use]
    #[inline]
    pub fn as_bytes(&self) -> &Bytes {
        self.0.bytes()
    }

    /// The part of the text at `range`, sharing its memory; `None` unless
    /// both ends are character boundaries within the text.
    ///
    /// ```
    /// let t = rapidutf::io::Utf8Bytes::from("a€b");
    /// assert_eq!(t.slice(1..4).unwrap(), "€");
    /// assert!(t.slice(1..3).is_none());
    /// ```
    #[must_use]
    #[inline]
    pub fn slice(&self, range: Range<usize>) -> Option<Self> {
        self.0.slice(range).map(Utf8Bytes)
    }

    /// The [`Bytes`] inside.
    ///
    /// ```
    /// let b: bytes::Bytes = rapidutf::io::Utf8Bytes::from("hi").into_bytes();
    /// assert_eq!(b, "hi");
    /// ```
    #[must_use]
    #[inline]
    pub fn into_bytes(self) -> Bytes {
        self.0.into_bytes()
    }

    pub(super) fn of(valid: ValidBytes) -> Self {
        Utf8Bytes(valid)
    }
}

impl Deref for Utf8Bytes {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Utf8Bytes {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<[u8]> for Utf8Bytes {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        self.as_str().as_bytes()
    }
}

impl core::borrow::Borrow<str> for Utf8Bytes {
    #[inline]
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<String> for Utf8Bytes {
    /// Takes the string's buffer, without copying it.
    #[inline]
    fn from(s: String) -> Self {
        Utf8Bytes(ValidBytes::from_string(s))
    }
}

impl From<&str> for Utf8Bytes {
    #[inline]
    fn from(s: &str) -> Self {
        Utf8Bytes::from(String::from(s))
    }
}

impl From<Utf8Bytes> for Bytes {
    #[inline]
    fn from(t: Utf8Bytes) -> Self {
        t.into_bytes()
    }
}

impl From<Utf8Bytes> for String {
    #[inline]
    fn from(t: Utf8Bytes) -> Self {
        String::from(t.as_str())
    }
}

impl PartialEq<str> for Utf8Bytes {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Utf8Bytes {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Utf8Bytes {
    #[inline]
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl fmt::Debug for Utf8Bytes {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Utf8Bytes {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text of one chunk: at most three pieces, in order.
#[derive(Debug, Default)]
pub(super) struct Pieces {
    /// The character completed from the previous chunk (copied).
    pub(super) head: Option<Utf8Bytes>,
    /// The chunk's valid bytes from there on (shared).
    pub(super) body: Option<Utf8Bytes>,
    /// The decoded rest after an invalid sequence (copied; lossy).
    pub(super) tail: Option<Utf8Bytes>,
}

impl Pieces {
    /// The pieces, in order, skipping empty ones.
    pub(super) fn into_iter(self) -> impl Iterator<Item = Utf8Bytes> {
        [self.head, self.body, self.tail].into_iter().flatten().filter(|t| !t.is_empty())
    }
}

/// Turns a stream of `Bytes` chunks into text, strictly or with an
/// [`ErrorStrategy`]: the valid part of each chunk after any character
/// carried from the previous one is validated once and handed out
/// sharing the chunk's memory; the carried character and everything from
/// the first invalid sequence on go through the [`Utf8Decoder`].
#[derive(Debug, Default)]
pub(super) struct Chunker {
    decoder: Utf8Decoder,
    strategy: Option<ErrorStrategy>,
    substituted: u64,
}

impl Chunker {
    pub(super) fn new(strategy: Option<ErrorStrategy>) -> Self {
        Chunker { decoder: Utf8Decoder::new(), strategy, substituted: 0 }
    }

    pub(super) fn substitutions(&self) -> u64 {
        self.substituted
    }

    /// Decodes `src` into `out` with the decoder (strict or lossy).
    fn decode(&mut self, src: &[u8], out: &mut String, last: bool) -> Result<(), Utf8Error> {
        match self.strategy {
            None => self.decoder.decode_to_string(src, out, last).map_err(|e| e.error()),
            Some(s) => {
                self.substituted +=
                    self.decoder.decode_to_string_lossy_with(src, out, last, s) as u64;
                Ok(())
            }
        }
    }

    /// The text of the next chunk (`last` with the final one, which may be
    /// empty), and, strictly, the stream's first invalid sequence
    /// (positioned in the stream) after that text.
    pub(super) fn push(&mut self, chunk: Bytes, last: bool) -> (Pieces, Option<Utf8Error>) {
        let mut pieces = Pieces::default();
        let mut i = 0;
        if !self.decoder.pending().is_empty() {
            // Byte by byte until the carried character is resolved (at
            // most 3 bytes, unless each byte starts another one).
            let mut head = String::new();
            let mut failed = None;
            while i < chunk.len() && !self.decoder.pending().is_empty() {
                failed = self.decode(&chunk[i..=i], &mut head, last && i + 1 == chunk.len()).err();
                i += 1;
                if failed.is_some() {
                    break;
                }
            }
            if chunk.is_empty() && last {
                // The stream ends inside the carried character.
                failed = self.decode(&[], &mut head, true).err();
            }
            pieces.head = Some(Utf8Bytes::from(head));
            if failed.is_some() || !self.decoder.pending().is_empty() {
                // An error, or the chunk ended before the character did.
                return (pieces, failed);
            }
        }
        let rest = chunk.slice(i..);
        let (valid, error) = ValidBytes::split_valid(rest.clone());
        let n = valid.as_str().len();
        self.decoder.skip_validated(n);
        pieces.body = Some(Utf8Bytes::of(valid));
        let mut failed = None;
        if error.is_some() || last {
            // An incomplete character at the end (kept for the next
            // chunk), or an invalid sequence (an error, or the lossy
            // decoding of the rest).
            let mut tail = String::new();
            failed = self.decode(&rest[n..], &mut tail, last).err();
            pieces.tail = Some(Utf8Bytes::from(tail));
        }
        (pieces, failed)
    }
}
