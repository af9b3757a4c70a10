//! Chunked UTF-8 validation.

use crate::error::{Utf8Error, Utf8ErrorKind};
use crate::scalar::utf8;

/// Validates UTF-8 that arrives in chunks of any size.
///
/// Each chunk is validated in bulk by [`validate_utf8`](crate::validate_utf8)
/// (the active SIMD kernel); only a character split between chunks (at most
/// 3 bytes are carried over) is looked at byte by byte.
///
/// Errors are exactly those of `validate_utf8` on the whole stream:
/// [`valid_up_to`](Utf8Error::valid_up_to) counts from the first byte of
/// the stream, and [`error_len`](Utf8Error::error_len) and
/// [`kind`](Utf8Error::kind) do not depend on where the chunks were cut. A
/// [`Truncated`](Utf8ErrorKind::Truncated) error can only come from
/// [`finish`](Self::finish), since before that more input may complete
/// the character.
///
/// ```
/// use rapidutf::stream::Utf8Validator;
/// use rapidutf::Utf8ErrorKind;
///
/// let mut v = Utf8Validator::new();
/// for chunk in [&b"caf"[..], b"\xC3", b"", b"\xA9 ok"] {
///     v.push(chunk).unwrap();
/// }
/// assert_eq!(v.finish(), Ok(()));
///
/// // "ab" then an overlong E0 80 80 split over two chunks.
/// let mut v = Utf8Validator::new();
/// v.push(b"ab\xE0").unwrap(); // E0 could still start a valid character
/// let e = v.push(b"\x80\x80").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (2, Some(1), Utf8ErrorKind::Overlong));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Utf8Validator {
    /// Stream offset of the first byte not yet known to end a valid
    /// character: the start of `carry`.
    valid_up_to: usize,
    /// The incomplete character at the end of the input so far.
    carry: [u8; 4],
    carry_len: u8,
    /// The first error, once seen; every later call returns it.
    error: Option<Utf8Error>,
}

impl Utf8Validator {
    /// A validator at the start of a stream.
    ///
    /// ```
    /// assert_eq!(rapidutf::stream::Utf8Validator::new().finish(), Ok(()));
    /// ```
    #[must_use]
    #[inline]
    pub const fn new() -> Self {
        Utf8Validator { valid_up_to: 0, carry: [0; 4], carry_len: 0, error: None }
    }

    /// The number of bytes so far known to be valid: every byte pushed,
    /// except an incomplete character at the end (at most 3 bytes). After
    /// an error, the error's [`valid_up_to`](Utf8Error::valid_up_to).
    ///
    /// ```
    /// let mut v = rapidutf::stream::Utf8Validator::new();
    /// v.push(b"ab\xF0\x9F").unwrap();
    /// assert_eq!(v.valid_up_to(), 2);
    /// v.push(b"\x98\x80cd\xFF").unwrap_err();
    /// assert_eq!(v.valid_up_to(), 8);
    /// ```
    #[must_use]
    #[inline]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// Validates the next chunk.
    ///
    /// # Errors
    ///
    /// The stream's first invalid sequence, as soon as it is certain: once
    /// this returns an error, every later `push` and `finish` returns the
    /// same error.
    ///
    /// ```
    /// let mut v = rapidutf::stream::Utf8Validator::new();
    /// v.push(b"\xF0\x9F").unwrap();
    /// v.push(b"\x98").unwrap();
    /// v.push(b"\x80!").unwrap();
    /// assert!(v.finish().is_ok());
    /// ```
    #[inline]
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), Utf8Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let r = self.push_inner(chunk);
        if let Err(e) = r {
            self.error = Some(e);
            self.valid_up_to = e.valid_up_to();
        }
        r
    }

    fn push_inner(&mut self, mut chunk: &[u8]) -> Result<(), Utf8Error> {
        if self.carry_len > 0 {
            // Complete the carried character from the front of the chunk.
            let have = self.carry_len as usize;
            let take = chunk.len().min(4 - have);
            let mut buf = self.carry;
            buf[have..have + take].copy_from_slice(&chunk[..take]);
            let buf = &buf[..have + take];
            match utf8::decode(buf, 0) {
                Some((_, width)) => {
                    chunk = &chunk[width - have..];
                    self.valid_up_to += width;
                    self.carry_len = 0;
                }
                None => {
                    let e = utf8::error_at(buf, 0);
                    if e.kind() == Utf8ErrorKind::Truncated {
                        // Still incomplete, so the chunk was too short to
                        // finish it and is all in `buf` now.
                        self.carry[..buf.len()].copy_from_slice(buf);
                        self.carry_len = buf.len() as u8;
                        return Ok(());
                    }
                    return Err(Utf8Error::new(self.valid_up_to, e.error_len, e.kind()));
                }
            }
        }
        match crate::validate_utf8(chunk) {
            Ok(_) => {
                self.valid_up_to += chunk.len();
                Ok(())
            }
            Err(e) if e.error_len().is_some() => {
                Err(Utf8Error::new(self.valid_up_to + e.valid_up_to(), e.error_len, e.kind()))
            }
            Err(e) => {
                // A truncated character at the end: carry it (1 to 3 bytes).
                let tail = &chunk[e.valid_up_to()..];
                self.carry[..tail.len()].copy_from_slice(tail);
                self.carry_len = tail.len() as u8;
                self.valid_up_to += e.valid_up_to();
                Ok(())
            }
        }
    }

    /// Ends the stream.
    ///
    /// # Errors
    ///
    /// The error an earlier [`push`](Self::push) returned, or
    /// [`Truncated`](Utf8ErrorKind::Truncated) if the stream ends inside a
    /// character.
    ///
    /// ```
    /// use rapidutf::Utf8ErrorKind;
    /// let mut v = rapidutf::stream::Utf8Validator::new();
    /// v.push(b"ok\xE2\x82").unwrap();
    /// let e = v.finish().unwrap_err();
    /// assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (2, None, Utf8ErrorKind::Truncated));
    /// ```
    #[inline]
    pub fn finish(self) -> Result<(), Utf8Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if self.carry_len > 0 {
            return Err(Utf8Error::new(self.valid_up_to, 0, Utf8ErrorKind::Truncated));
        }
        Ok(())
    }
}
