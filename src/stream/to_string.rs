//! The decoders' `String` outputs, and UTF-8 validated where it lies.
//!
//! A `String` grows, so these calls always consume the whole chunk; what
//! they append always ends on a character boundary, and valid stretches
//! reach the string without a second validation: UTF-8 as the `&str` that
//! validation returns, UTF-16 and UTF-32 through the SIMD transcoders,
//! written straight into the string's spare capacity. The readers of
//! [`crate::io`] are built on them.

use super::utf8_outputs::{decided_end, Carry};
use super::{StreamError, Utf16Decoder, Utf32Decoder, Utf8Decoder};
use crate::dispatch::active_fns;
use crate::error::{TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error, Utf8Error};
use crate::strategy::ErrorStrategy;
use crate::validate::split_valid_utf8;
use alloc::string::String;

impl Utf8Decoder {
    /// The bytes of an incomplete character kept from the previous call
    /// (at most 3), which the next chunk may complete.
    ///
    /// ```
    /// let mut d = rapidutf::stream::Utf8Decoder::new();
    /// let mut s = String::new();
    /// d.decode_to_string(b"a\xF0\x9F", &mut s, false).unwrap();
    /// assert_eq!((s.as_str(), d.pending()), ("a", &b"\xF0\x9F"[..]));
    /// ```
    #[must_use]
    #[inline]
    pub fn pending(&self) -> &[u8] {
        &self.carry[..self.carry_len as usize]
    }

    /// Appends the next chunk to `dst` if it is valid UTF-8, strictly: the
    /// streaming [`core::str::from_utf8`] into a `String`. All of `src` is
    /// consumed (an incomplete character at its end is kept, and appended
    /// by the call that completes it), and `dst` always ends on a
    /// character boundary. Valid stretches are validated once, by the
    /// active SIMD kernel, and copied.
    ///
    /// # Errors
    ///
    /// The stream's first invalid sequence, positioned from the start of
    /// the stream (see [`StreamError`]: `read` bytes of `src` were
    /// consumed and `written` bytes appended before it); with `last`, an
    /// incomplete character at the end is
    /// [`Truncated`](crate::Utf8ErrorKind::Truncated).
    ///
    /// ```
    /// use rapidutf::stream::Utf8Decoder;
    /// let mut d = Utf8Decoder::new();
    /// let mut s = String::new();
    /// d.decode_to_string(b"caf\xC3", &mut s, false).unwrap();
    /// assert_eq!(s, "caf");
    /// d.decode_to_string(b"\xA9!", &mut s, true).unwrap();
    /// assert_eq!(s, "café!");
    /// let e = d.decode_to_string(b"\xFF", &mut s, true).unwrap_err();
    /// assert_eq!(e.error().valid_up_to(), 6);
    /// ```
    #[inline]
    pub fn decode_to_string(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
    ) -> Result<(), StreamError<Utf8Error>> {
        self.run_to_string(src, dst, last, None).map(|_| ())
    }

    /// Appends the next chunk to `dst`, handling each maximal invalid
    /// subpart with `strategy`: the concatenated output equals
    /// [`utf8_to_string_lossy_with`](crate::utf8_to_string_lossy_with) of
    /// the whole stream (with [`ErrorStrategy::Replace`],
    /// [`String::from_utf8_lossy`]) for every chunking. All of `src` is
    /// consumed; `dst` always ends on a character boundary.
    ///
    /// Returns the number of maximal invalid subparts this call handled
    /// (0 when everything so far was valid).
    ///
    /// ```
    /// use rapidutf::{stream::Utf8Decoder, ErrorStrategy};
    /// let mut d = Utf8Decoder::new();
    /// let mut s = String::new();
    /// // "E1 A0" is one subpart even when split, C0 another.
    /// assert_eq!(d.decode_to_string_lossy_with(b"a\xE1", &mut s, false, ErrorStrategy::Replace), 0);
    /// assert_eq!(d.decode_to_string_lossy_with(b"\xA0\xC0b", &mut s, true, ErrorStrategy::Replace), 2);
    /// assert_eq!(s, "a\u{FFFD}\u{FFFD}b");
    /// ```
    #[inline]
    pub fn decode_to_string_lossy_with(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
        strategy: ErrorStrategy,
    ) -> usize {
        match self.run_to_string(src, dst, last, Some(strategy)) {
            Ok(n) => n,
            // The lossy path substitutes errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// Validates the next chunk without copying it, for readers that
    /// validate in their own buffer: the bytes of [`pending`](Self::pending)
    /// (as they were before the call) followed by `src` are the stream's
    /// next bytes, and the first `n` of them, where `Ok(n)` is returned,
    /// are complete valid characters. The rest of `src` (an incomplete
    /// character at its end, at most 3 bytes) becomes pending, unless
    /// `last`.
    ///
    /// # Errors
    ///
    /// As [`decode_to_string`](Self::decode_to_string); the error's
    /// [`written`](StreamError::written) is the number of bytes, counted
    /// as `n` is, that are valid before the error.
    ///
    /// ```
    /// use rapidutf::stream::Utf8Decoder;
    /// let mut d = Utf8Decoder::new();
    /// // A reader's buffer: "€" arrives in two reads.
    /// assert_eq!(d.validate_in_place(b"ab\xE2\x82", false), Ok(2));
    /// let mut buf = d.pending().to_vec(); // E2 82 go first
    /// buf.extend_from_slice(b"\xACc");
    /// assert_eq!(d.validate_in_place(&buf[2..], true), Ok(4)); // all of "€c"
    /// ```
    #[inline]
    pub fn validate_in_place(
        &mut self,
        src: &[u8],
        last: bool,
    ) -> Result<usize, StreamError<Utf8Error>> {
        let start = self.pos;
        let mut i = 0;
        match self.complete_carry(src, last) {
            Carry::None => {}
            Carry::Pending => return Ok(0),
            Carry::Char(_, taken) => i = self.commit_carry(taken),
            Carry::Invalid(e, _) => {
                let error = Utf8Error::new(self.pos, e.error_len, e.kind());
                return Err(StreamError { error, read: 0, written: 0 });
            }
        }
        match crate::validate_utf8(&src[i..]) {
            Ok(_) => self.pos += src.len() - i,
            Err(e) => {
                self.pos += e.valid_up_to();
                let tail = &src[i + e.valid_up_to()..];
                if e.error_len().is_some() || last {
                    let error = Utf8Error::new(self.pos, e.error_len, e.kind());
                    let read = i + e.valid_up_to();
                    return Err(StreamError { error, read, written: self.pos - start });
                }
                self.keep(tail);
            }
        }
        Ok(self.pos - start)
    }

    /// Counts `n` bytes of the stream that the caller validated itself
    /// (with no character pending): the zero-copy paths of [`crate::io`]
    /// validate a chunk in place and let the decoder take over after it.
    #[cfg(feature = "bytes")]
    pub(crate) fn skip_validated(&mut self, n: usize) {
        debug_assert_eq!(self.carry_len, 0, "skipping bytes with a character pending");
        self.pos += n;
    }

    /// The `String` conversion: the pending character first, then `src`,
    /// through the lossy engine (errors substituted) or as the `&str`
    /// that validation returns (strict: the first error reported).
    /// Returns the number of subparts substituted.
    fn run_to_string(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
        on_error: Option<ErrorStrategy>,
    ) -> Result<usize, StreamError<Utf8Error>> {
        let start = dst.len();
        let mut substituted = 0;
        let mut i = 0;
        match self.complete_carry(src, last) {
            Carry::None => {}
            Carry::Pending => return Ok(0),
            Carry::Char(c, taken) => {
                dst.push(c);
                i = self.commit_carry(taken);
            }
            Carry::Invalid(e, taken) => {
                let Some(strategy) = on_error else {
                    let error = Utf8Error::new(self.pos, e.error_len, e.kind());
                    return Err(StreamError { error, read: 0, written: 0 });
                };
                let (subpart, n) = self.carried_subpart(src, taken);
                strategy.substitute(&subpart[..n], |c| {
                    dst.push(c);
                    true
                });
                substituted += 1;
                self.replaced += 1;
                i = self.commit_carry(taken);
            }
        }
        if let Some(strategy) = on_error {
            // Lossy: the engine of the whole-buffer lossy functions up to
            // an incomplete character at the end, which is kept (with
            // `last`, the engine replaces it).
            let cut = decided_end(src, i, last);
            let mut replaced = 0;
            dst.reserve(cut - i);
            let fns = active_fns();
            crate::lossy::append_utf8_lossy(fns, &src[i..cut], dst, strategy, false, &mut replaced);
            self.replaced += replaced as u64;
            self.pos += cut - i;
            self.keep(&src[cut..]);
            return Ok(substituted + replaced);
        }
        // Strict: the valid stretch, then the error or a character that
        // the end of the chunk cuts short.
        let (valid, error) = split_valid_utf8(&src[i..]);
        dst.push_str(valid);
        i += valid.len();
        self.pos += valid.len();
        if let Some(e) = error {
            if e.error_len().is_some() || last {
                let error = Utf8Error::new(self.pos, e.error_len, e.kind());
                return Err(StreamError { error, read: i, written: dst.len() - start });
            }
            // An incomplete character ends the chunk: keep it.
            self.keep(&src[i..]);
        }
        Ok(substituted)
    }
}

impl Utf16Decoder {
    /// The high surrogate kept from the previous call (its value), which a
    /// low surrogate at the start of the next chunk would complete.
    ///
    /// ```
    /// let mut d = rapidutf::stream::Utf16Decoder::new();
    /// let mut s = String::new();
    /// d.decode_to_string(&[0x61, 0xD834], &mut s, false).unwrap();
    /// assert_eq!(d.pending(), Some(0xD834));
    /// ```
    #[must_use]
    #[inline]
    pub fn pending(&self) -> Option<u16> {
        self.carry
    }

    /// Appends the UTF-8 of the next chunk to `dst`, strictly. All of
    /// `src` is consumed (a high surrogate at its end is kept until the
    /// next chunk shows whether a low surrogate follows); valid stretches
    /// go through the SIMD transcoder straight into the string's spare
    /// capacity.
    ///
    /// # Errors
    ///
    /// The stream's first unpaired surrogate, positioned from the start of
    /// the stream (see [`StreamError`]; `written` counts bytes appended).
    ///
    /// ```
    /// use rapidutf::stream::Utf16Decoder;
    /// let mut d = Utf16Decoder::new();
    /// let mut s = String::new();
    /// d.decode_to_string(&[0x61, 0xD834], &mut s, false).unwrap();
    /// d.decode_to_string(&[0xDD1E], &mut s, true).unwrap();
    /// assert_eq!(s, "a𝄞");
    /// ```
    #[inline]
    pub fn decode_to_string(
        &mut self,
        src: &[u16],
        dst: &mut String,
        last: bool,
    ) -> Result<(), StreamError<Utf16Error>> {
        self.run_to_string(src, dst, last, false).map(|_| ())
    }

    /// Appends the UTF-8 of the next chunk to `dst`, each unpaired
    /// surrogate as U+FFFD: the concatenated output is
    /// [`String::from_utf16_lossy`] of the whole stream, for every
    /// chunking. Returns the number of surrogates replaced.
    ///
    /// ```
    /// use rapidutf::stream::Utf16Decoder;
    /// let mut d = Utf16Decoder::new();
    /// let mut s = String::new();
    /// assert_eq!(d.decode_to_string_lossy(&[0xD800], &mut s, false), 0);
    /// assert_eq!(d.decode_to_string_lossy(&[0x41], &mut s, true), 1);
    /// assert_eq!(s, "\u{FFFD}A");
    /// ```
    #[inline]
    pub fn decode_to_string_lossy(&mut self, src: &[u16], dst: &mut String, last: bool) -> usize {
        match self.run_to_string(src, dst, last, true) {
            Ok(n) => n,
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    fn append(&self, src: &[u16], dst: &mut String) -> Result<usize, TranscodeError<Utf16Error>> {
        match self.endian() {
            super::Endian::Little => crate::dispatch::utf16le_to_utf8(src, dst),
            super::Endian::Big => crate::dispatch::utf16be_to_utf8(src, dst),
        }
    }

    pub(super) fn run_to_string(
        &mut self,
        src: &[u16],
        dst: &mut String,
        last: bool,
        lossy: bool,
    ) -> Result<usize, StreamError<Utf16Error>> {
        let start = dst.len();
        let mut replaced = 0;
        let mut i = 0;
        if let Some(high) = self.carry {
            match src.first().map(|&u| self.endian().read(u)) {
                Some(low) if low & 0xFC00 == 0xDC00 => {
                    let c = 0x10000 + ((u32::from(high) & 0x3FF) << 10 | (u32::from(low) & 0x3FF));
                    // A pair always decodes to a scalar value.
                    dst.push(char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER));
                    i = 1;
                    self.pos += 2;
                }
                None if !last => return Ok(0),
                _ => {
                    if !lossy {
                        let error = Utf16Error::new(self.pos, Utf16ErrorKind::UnpairedHigh);
                        return Err(StreamError { error, read: 0, written: 0 });
                    }
                    dst.push(char::REPLACEMENT_CHARACTER);
                    replaced += 1;
                    self.replaced += 1;
                    self.pos += 1;
                }
            }
            self.carry = None;
        }
        // A high surrogate at the end waits for the next chunk.
        let ends_high = src[i..].last().is_some_and(|&u| self.endian().read(u) & 0xFC00 == 0xD800);
        let end = if ends_high && !last { src.len() - 1 } else { src.len() };
        // Three bytes per unit always suffice.
        dst.reserve(3 * (end - i));
        while i < end {
            let rest = &src[i..end];
            match self.append(rest, dst) {
                Ok(_) => {
                    self.pos += rest.len();
                    i = end;
                }
                Err(TranscodeError::Invalid { error, .. }) => {
                    // The valid prefix is appended; an unpaired surrogate
                    // follows it.
                    let v = error.valid_up_to();
                    (i, self.pos) = (i + v, self.pos + v);
                    if !lossy {
                        let error = Utf16Error::new(self.pos, error.kind());
                        return Err(StreamError { error, read: i, written: dst.len() - start });
                    }
                    dst.push(char::REPLACEMENT_CHARACTER);
                    replaced += 1;
                    self.replaced += 1;
                    (i, self.pos) = (i + 1, self.pos + 1);
                }
                Err(TranscodeError::OutputTooSmall { read, .. }) => {
                    // Cannot happen with the room reserved; go on.
                    (i, self.pos) = (i + read, self.pos + read);
                    dst.reserve(3 * (end - i));
                }
            }
        }
        if end < src.len() {
            self.carry = Some(self.endian().read(src[end]));
        }
        Ok(replaced)
    }
}

impl Utf32Decoder {
    /// Appends the UTF-8 of the next chunk to `dst`, strictly, through the
    /// SIMD transcoder straight into the string's spare capacity.
    ///
    /// # Errors
    ///
    /// The stream's first value that is not a Unicode scalar value,
    /// positioned from the start of the stream (see [`StreamError`];
    /// `written` counts bytes appended).
    ///
    /// ```
    /// use rapidutf::stream::Utf32Decoder;
    /// let mut d = Utf32Decoder::new();
    /// let mut s = String::new();
    /// d.decode_to_string(&[0x61, 0x1F600], &mut s, true).unwrap();
    /// assert_eq!(s, "a😀");
    /// let e = d.decode_to_string(&[0xD800], &mut s, true).unwrap_err();
    /// assert_eq!(e.error().valid_up_to(), 2);
    /// ```
    #[inline]
    pub fn decode_to_string(
        &mut self,
        src: &[u32],
        dst: &mut String,
        last: bool,
    ) -> Result<(), StreamError<Utf32Error>> {
        let _ = last;
        self.run_to_string(src, dst, false).map(|_| ())
    }

    /// Appends the UTF-8 of the next chunk to `dst`, each value that is
    /// not a Unicode scalar value as U+FFFD. Returns the number of values
    /// replaced.
    ///
    /// ```
    /// use rapidutf::stream::Utf32Decoder;
    /// let mut d = Utf32Decoder::new();
    /// let mut s = String::new();
    /// assert_eq!(d.decode_to_string_lossy(&[0x110000, 0x41], &mut s, true), 1);
    /// assert_eq!(s, "\u{FFFD}A");
    /// ```
    #[inline]
    pub fn decode_to_string_lossy(&mut self, src: &[u32], dst: &mut String, last: bool) -> usize {
        let _ = last;
        match self.run_to_string(src, dst, true) {
            Ok(n) => n,
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    pub(super) fn run_to_string(
        &mut self,
        src: &[u32],
        dst: &mut String,
        lossy: bool,
    ) -> Result<usize, StreamError<Utf32Error>> {
        let start = dst.len();
        let (mut i, mut replaced) = (0, 0);
        // Four bytes per value always suffice.
        dst.reserve(4 * src.len());
        while i < src.len() {
            let rest = &src[i..];
            match crate::dispatch::utf32_to_utf8(rest, dst) {
                Ok(_) => {
                    self.pos += rest.len();
                    i = src.len();
                }
                Err(TranscodeError::Invalid { error, .. }) => {
                    let v = error.valid_up_to();
                    (i, self.pos) = (i + v, self.pos + v);
                    if !lossy {
                        let error = Utf32Error::new(self.pos, error.kind());
                        return Err(StreamError { error, read: i, written: dst.len() - start });
                    }
                    dst.push(char::REPLACEMENT_CHARACTER);
                    replaced += 1;
                    self.replaced += 1;
                    (i, self.pos) = (i + 1, self.pos + 1);
                }
                Err(TranscodeError::OutputTooSmall { read, .. }) => {
                    // Cannot happen with the room reserved; go on.
                    (i, self.pos) = (i + read, self.pos + read);
                    dst.reserve(4 * (src.len() - i));
                }
            }
        }
        Ok(replaced)
    }
}
