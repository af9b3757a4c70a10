//! The decoders' `&str` outputs, and how many replacements a stream's
//! lossy decoding made.
//!
//! The UTF-8 that a decoder writes into a caller's `&mut [u8]` is whole
//! characters at every return: a character split between chunks is kept
//! in the decoder until the chunk that completes it, and one that does
//! not fit in `dst` is left for the next call. So the bytes a call writes
//! are always valid UTF-8 on their own, and these methods return them as
//! the `&str` they are, without validating the decoder's own output again
//! and without `unsafe` in the caller. They share the conversion loops of
//! the `&mut [u8]` methods, whose output goes through a buffer type that
//! only takes whole characters; its one `from_utf8_unchecked` is argued
//! where it is, beside the crate's other trusted outputs.

use super::{CoderResult, StreamError, Utf16Decoder, Utf32Decoder, Utf8Decoder};
use crate::error::{Utf16Error, Utf32Error, Utf8Error};
use crate::glue::str_buf::StrBuf;
use crate::strategy::ErrorStrategy;

use super::utf8_outputs::StrOut;

impl Utf8Decoder {
    /// Copies the next chunk into `dst` if it is valid UTF-8, strictly,
    /// and returns what this call wrote as a `&str`: the streaming
    /// [`core::str::from_utf8`] into a bounded buffer.
    ///
    /// Returns `(result, read, text)`: `src[..read]` was consumed and
    /// `text` (a prefix of `dst`) is its conversion. `text` always ends on
    /// a character boundary: the bytes of a character split at the end of
    /// `src` count as read and are kept until the call that completes them
    /// (so `text` may be shorter than `read`, or longer, when it starts
    /// with a character kept from the previous call); a character that
    /// does not fit in `dst` is not read
    /// ([`CoderResult::OutputFull`]). `dst.len() >= 4` guarantees progress;
    /// `dst.len() >= self.max_utf8_len(src.len())` that all of `src` is
    /// read.
    ///
    /// # Errors
    ///
    /// The stream's first invalid sequence, positioned from the start of
    /// the stream, with the progress made before it (see
    /// [`StreamError`]: `dst[..written]` holds the valid text before it);
    /// with `last`, an incomplete character at the end is
    /// [`Truncated`](crate::Utf8ErrorKind::Truncated).
    ///
    /// # Panics
    ///
    /// Never: every `dst` size, empty ones included, is handled.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf8Decoder};
    /// let mut d = Utf8Decoder::new();
    /// let mut buf = [0u8; 16];
    /// // "é" (C3 A9) split between two reads.
    /// assert_eq!(d.decode_to_str(b"caf\xC3", &mut buf, false), Ok((CoderResult::InputEmpty, 4, "caf")));
    /// assert_eq!(d.decode_to_str(b"\xA9!", &mut buf, true), Ok((CoderResult::InputEmpty, 2, "é!")));
    /// // An invalid byte: the error, positioned in the stream.
    /// let e = d.decode_to_str(b"\xFF", &mut buf, true).unwrap_err();
    /// assert_eq!(e.error().valid_up_to(), 6);
    /// ```
    #[must_use = "`read` says how much of `src` was consumed"]
    #[inline]
    pub fn decode_to_str<'a>(
        &mut self,
        src: &[u8],
        dst: &'a mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, &'a str), StreamError<Utf8Error>> {
        let mut out = StrOut(StrBuf::new(dst));
        let (result, read) = self.run_to(&mut out, src, last, None)?;
        Ok((result, read, out.0.into_str()))
    }

    /// [`decode_to_str`](Self::decode_to_str), replacing each maximal
    /// invalid subpart with U+FFFD: the concatenated texts are
    /// byte-identical to [`String::from_utf8_lossy`](alloc::string::String::from_utf8_lossy)
    /// of the whole stream, for every chunking. With `last`, an incomplete
    /// character at the end becomes one U+FFFD.
    ///
    /// Returns `(result, read, text)`; every replacement is counted in
    /// [`replacements`](Self::replacements).
    ///
    /// # Panics
    ///
    /// Never: every `dst` size is handled (`dst.len() >= 4` guarantees
    /// progress).
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf8Decoder};
    /// let mut d = Utf8Decoder::new();
    /// let mut buf = [0u8; 16];
    /// assert_eq!(d.decode_to_str_lossy(b"a\xFFb\xE2\x82", &mut buf, false), (CoderResult::InputEmpty, 5, "a\u{FFFD}b"));
    /// assert_eq!(d.decode_to_str_lossy(b"", &mut buf, true), (CoderResult::InputEmpty, 0, "\u{FFFD}"));
    /// assert_eq!(d.replacements(), 2);
    /// ```
    #[must_use = "`read` says how much of `src` was consumed"]
    #[inline]
    pub fn decode_to_str_lossy<'a>(
        &mut self,
        src: &[u8],
        dst: &'a mut [u8],
        last: bool,
    ) -> (CoderResult, usize, &'a str) {
        self.decode_to_str_lossy_with(src, dst, last, ErrorStrategy::Replace)
    }

    /// [`decode_to_str`](Self::decode_to_str) with an [`ErrorStrategy`]
    /// for each maximal invalid subpart: the concatenated texts equal
    /// [`utf8_to_string_lossy_with`](crate::utf8_to_string_lossy_with) of
    /// the whole stream, for every chunking. Each subpart's substitute is
    /// written whole or not at all (`dst.len() >= 9` guarantees progress).
    ///
    /// Returns `(result, read, text)`; every subpart handled is counted in
    /// [`replacements`](Self::replacements).
    ///
    /// # Panics
    ///
    /// Never: every `dst` size is handled.
    ///
    /// ```
    /// use rapidutf::{stream::Utf8Decoder, ErrorStrategy};
    /// let mut d = Utf8Decoder::new();
    /// let mut buf = [0u8; 16];
    /// let (_, _, text) = d.decode_to_str_lossy_with(b"5 \x80", &mut buf, true, ErrorStrategy::Windows1252);
    /// assert_eq!(text, "5 €");
    /// ```
    #[must_use = "`read` says how much of `src` was consumed"]
    #[inline]
    pub fn decode_to_str_lossy_with<'a>(
        &mut self,
        src: &[u8],
        dst: &'a mut [u8],
        last: bool,
        strategy: ErrorStrategy,
    ) -> (CoderResult, usize, &'a str) {
        let mut out = StrOut(StrBuf::new(dst));
        match self.run_to(&mut out, src, last, Some(strategy)) {
            Ok((result, read)) => (result, read, out.0.into_str()),
            // The lossy path substitutes errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// The number of maximal invalid subparts that this decoder's lossy
    /// methods have handled (replaced, or substituted by an
    /// [`ErrorStrategy`]) since it was created: 0 exactly when the lossy
    /// output so far equals the strict one. A call's own count is the
    /// difference across it (the `String` methods also return theirs).
    ///
    /// The slice and `str` methods keep the `(result, read, written)`
    /// shape of the strict ones, so the count lives here rather than in
    /// their results: one integer answers both "was anything replaced in
    /// this stream" (`> 0`) and "in this call".
    ///
    /// ```
    /// use rapidutf::stream::Utf8Decoder;
    /// let mut d = Utf8Decoder::new();
    /// let mut buf = [0u16; 8];
    /// let _ = d.decode_to_utf16_lossy(b"ok", &mut buf, false);
    /// assert_eq!(d.replacements(), 0);
    /// let _ = d.decode_to_utf16_lossy(b"\xC0\xFF", &mut buf, true);
    /// assert_eq!(d.replacements(), 2);
    /// ```
    #[must_use]
    #[inline]
    pub const fn replacements(&self) -> u64 {
        self.replaced
    }
}

impl Utf16Decoder {
    /// Converts the next chunk to UTF-8 in `dst`, strictly, and returns
    /// what this call wrote as a `&str`.
    ///
    /// Returns `(result, read, text)` as
    /// [`decode_to_utf8`](Self::decode_to_utf8) returns
    /// `(result, read, written)`, with `text == dst[..written]`. `text`
    /// always ends on a character boundary: a high surrogate at the end of
    /// `src` counts as read and is kept until the next call shows whether
    /// a low surrogate follows; a character that does not fit in `dst` is
    /// not read. `dst.len() >= 4` guarantees progress;
    /// `dst.len() >= self.max_utf8_len(src.len())` that all of `src` is
    /// read.
    ///
    /// # Errors
    ///
    /// The stream's first unpaired surrogate, positioned from the start of
    /// the stream, with the progress made before it (see [`StreamError`]);
    /// with `last`, a high surrogate at the very end is
    /// [`UnpairedHigh`](crate::Utf16ErrorKind::UnpairedHigh).
    ///
    /// # Panics
    ///
    /// Never: every `dst` size is handled.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf16Decoder};
    /// let mut d = Utf16Decoder::new();
    /// let mut buf = [0u8; 16];
    /// // "a𝄞" with the surrogate pair D834 DD1E split between chunks.
    /// assert_eq!(d.decode_to_str(&[0x61, 0xD834], &mut buf, false), Ok((CoderResult::InputEmpty, 2, "a")));
    /// assert_eq!(d.decode_to_str(&[0xDD1E], &mut buf, true), Ok((CoderResult::InputEmpty, 1, "𝄞")));
    /// ```
    #[must_use = "`read` says how much of `src` was consumed"]
    #[inline]
    pub fn decode_to_str<'a>(
        &mut self,
        src: &[u16],
        dst: &'a mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, &'a str), StreamError<Utf16Error>> {
        let mut out = StrBuf::new(dst);
        let (result, read) = self.run(src, &mut out, last, false)?;
        Ok((result, read, out.into_str()))
    }

    /// [`decode_to_str`](Self::decode_to_str), replacing each unpaired
    /// surrogate with U+FFFD: the concatenated texts equal
    /// [`String::from_utf16_lossy`](alloc::string::String::from_utf16_lossy)
    /// of the whole stream, for every chunking. With `last`, a high
    /// surrogate at the very end becomes U+FFFD.
    ///
    /// Returns `(result, read, text)`; every replacement is counted in
    /// [`replacements`](Self::replacements).
    ///
    /// # Panics
    ///
    /// Never: every `dst` size is handled.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf16Decoder};
    /// let mut d = Utf16Decoder::new();
    /// let mut buf = [0u8; 16];
    /// assert_eq!(d.decode_to_str_lossy(&[0x41, 0xD800], &mut buf, true), (CoderResult::InputEmpty, 2, "A\u{FFFD}"));
    /// assert_eq!(d.replacements(), 1);
    /// ```
    #[must_use = "`read` says how much of `src` was consumed"]
    #[inline]
    pub fn decode_to_str_lossy<'a>(
        &mut self,
        src: &[u16],
        dst: &'a mut [u8],
        last: bool,
    ) -> (CoderResult, usize, &'a str) {
        let mut out = StrBuf::new(dst);
        match self.run(src, &mut out, last, true) {
            Ok((result, read)) => (result, read, out.into_str()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// The number of unpaired surrogates that this decoder's lossy
    /// methods have replaced since it was created: 0 exactly when the
    /// lossy output so far equals the strict one. A call's own count is
    /// the difference across it (see
    /// [`Utf8Decoder::replacements`] for why it lives here).
    ///
    /// ```
    /// let mut d = rapidutf::stream::Utf16Decoder::new();
    /// let _ = d.decode_to_utf8_lossy(&[0xDC00, 0x61, 0xD800], &mut [0u8; 16], true);
    /// assert_eq!(d.replacements(), 2);
    /// ```
    #[must_use]
    #[inline]
    pub const fn replacements(&self) -> u64 {
        self.replaced
    }
}

impl Utf32Decoder {
    /// Converts the next chunk to UTF-8 in `dst`, strictly, and returns
    /// what this call wrote as a `&str`.
    ///
    /// Returns `(result, read, text)` as
    /// [`decode_to_utf8`](Self::decode_to_utf8) returns
    /// `(result, read, written)`, with `text == dst[..written]`; a
    /// character that does not fit in `dst` is not read, so `text` always
    /// ends on a character boundary. `dst.len() >= 4` guarantees
    /// progress; `dst.len() >= self.max_utf8_len(src.len())` that all of
    /// `src` is read.
    ///
    /// # Errors
    ///
    /// The stream's first value that is not a Unicode scalar value,
    /// positioned from the start of the stream, with the progress made
    /// before it (see [`StreamError`]).
    ///
    /// # Panics
    ///
    /// Never: every `dst` size is handled.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf32Decoder};
    /// let mut d = Utf32Decoder::new();
    /// let mut buf = [0u8; 5];
    /// // "😀" fits, "é" not any more: it is read by the next call.
    /// assert_eq!(d.decode_to_str(&[0x1F600, 0xE9], &mut buf, true), Ok((CoderResult::OutputFull, 1, "😀")));
    /// assert_eq!(d.decode_to_str(&[0xE9], &mut buf, true), Ok((CoderResult::InputEmpty, 1, "é")));
    /// ```
    #[must_use = "`read` says how much of `src` was consumed"]
    #[inline]
    pub fn decode_to_str<'a>(
        &mut self,
        src: &[u32],
        dst: &'a mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, &'a str), StreamError<Utf32Error>> {
        let _ = last;
        let mut out = StrBuf::new(dst);
        let (result, read) = self.run(src, &mut out, false)?;
        Ok((result, read, out.into_str()))
    }

    /// [`decode_to_str`](Self::decode_to_str), replacing each value that
    /// is not a Unicode scalar value with U+FFFD.
    ///
    /// Returns `(result, read, text)`; every replacement is counted in
    /// [`replacements`](Self::replacements).
    ///
    /// # Panics
    ///
    /// Never: every `dst` size is handled.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Utf32Decoder};
    /// let mut d = Utf32Decoder::new();
    /// let mut buf = [0u8; 8];
    /// assert_eq!(d.decode_to_str_lossy(&[0x61, 0x110000], &mut buf, true), (CoderResult::InputEmpty, 2, "a\u{FFFD}"));
    /// assert_eq!(d.replacements(), 1);
    /// ```
    #[must_use = "`read` says how much of `src` was consumed"]
    #[inline]
    pub fn decode_to_str_lossy<'a>(
        &mut self,
        src: &[u32],
        dst: &'a mut [u8],
        last: bool,
    ) -> (CoderResult, usize, &'a str) {
        let _ = last;
        let mut out = StrBuf::new(dst);
        match self.run(src, &mut out, true) {
            Ok((result, read)) => (result, read, out.into_str()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// The number of values that this decoder's lossy methods have
    /// replaced since it was created: 0 exactly when the lossy output so
    /// far equals the strict one. A call's own count is the difference
    /// across it (see [`Utf8Decoder::replacements`] for why it lives
    /// here).
    ///
    /// ```
    /// let mut d = rapidutf::stream::Utf32Decoder::new();
    /// let _ = d.decode_to_utf8_lossy(&[0xD800, 0x61], &mut [0u8; 8], true);
    /// assert_eq!(d.replacements(), 1);
    /// ```
    #[must_use]
    #[inline]
    pub const fn replacements(&self) -> u64 {
        self.replaced
    }
}
