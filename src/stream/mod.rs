//! Streaming: validate and transcode input that arrives in chunks.
//!
//! Every type here keeps a few units of state between calls (at most 3
//! bytes of an incomplete UTF-8 sequence, or one high surrogate, and with
//! byte input up to 3 bytes of a code unit), and hands
//! each chunk's bulk to the same functions as the whole-buffer API
//! ([`validate_utf8`](crate::validate_utf8) and the
//! [transcoders](crate::transcode)), so streaming runs at the speed of the
//! active kernel: with chunks of a few KiB, as fast as one whole-buffer
//! call.
//!
//! The results do not depend on how the input is split: for every
//! chunking, a stream's errors (positions counted from the start of the
//! stream) and its output, strict or lossy, are those of the whole-buffer
//! call on the concatenated input.
//!
//! - [`Utf8Validator`]: `push` chunks, then `finish`.
//! - [`Utf8Decoder`]: UTF-8 to UTF-16 (native, LE or BE) into bounded
//!   buffers, strict or lossy, in the style of `encoding_rs::Decoder`.
//! - [`Utf16Decoder`]: UTF-16 (native, LE or BE) to UTF-8, likewise.
//! - [`Utf8Decoder`] also converts UTF-8 to UTF-32
//!   ([`decode_to_utf32`](Utf8Decoder::decode_to_utf32)) and to UTF-8:
//!   [`decode_to_utf8_lossy`](Utf8Decoder::decode_to_utf8_lossy) is a
//!   chunked `String::from_utf8_lossy`.
//! - [`Utf32Decoder`]: UTF-32 to UTF-8, strict or lossy.
//! - Both also take their input as bytes, UTF-16LE/BE or UTF-32LE/BE at
//!   any address and split anywhere, a code unit's bytes included
//!   ([`Utf16Decoder::decode_bytes_to_utf8`],
//!   [`Utf32Decoder::decode_bytes_to_string`] and the other
//!   `decode_bytes_*` methods): a file or socket read into a `Vec<u8>` is
//!   decoded without a copy into units and without `unsafe` in the
//!   caller. Their positions are in bytes; a stream that ends inside a
//!   unit is an error in the strict methods and one U+FFFD in the lossy
//!   ones, as in the whole-buffer
//!   [`utf16le_bytes_to_string`](crate::utf16le_bytes_to_string).
//! - With `alloc`, every decoder also appends to a `String`
//!   ([`Utf8Decoder::decode_to_string`] and friends), always on a
//!   character boundary and without validating twice, and
//!   [`Utf8Decoder::validate_in_place`] validates a reader's own buffer.
//! - Every decoder that writes UTF-8 into a `&mut [u8]` also returns it as
//!   a `&str` ([`Utf8Decoder::decode_to_str`], [`Utf16Decoder::decode_to_str`],
//!   [`Utf32Decoder::decode_to_str`] and their `_lossy` forms), without
//!   validating it again and without `unsafe` in the caller.
//!
//! # Character boundaries
//!
//! Every call that writes UTF-8 (into a `&mut [u8]`, a `&str` or a
//! `String`) ends on a character boundary: what it wrote is valid UTF-8 on
//! its own. A character split between chunks (1 to 3 bytes of UTF-8, or a
//! high surrogate) counts as read and is kept in the decoder until the
//! chunk that completes it; a character that does not fit in `dst` is left
//! unread ([`CoderResult::OutputFull`]). With `last = true`, a character
//! still incomplete at the end is an error in the strict methods and one
//! U+FFFD in the lossy ones. Empty chunks are allowed anywhere.
//!
//! # Replacements
//!
//! The lossy methods never fail; each decoder counts what they replaced
//! ([`Utf8Decoder::replacements`], [`Utf16Decoder::replacements`],
//! [`Utf32Decoder::replacements`]): 0 exactly when the lossy output so
//! far is the strict one. The `String` methods also return their call's
//! count.
//!
//! ```
//! use rapidutf::stream::{CoderResult, Utf8Decoder};
//!
//! // "€" (E2 82 AC) split across two chunks, into a small buffer.
//! let mut decoder = Utf8Decoder::new();
//! let mut out = [0u16; 4];
//! assert_eq!(decoder.decode_to_utf16(b"a\xE2\x82", &mut out, false), Ok((CoderResult::InputEmpty, 3, 1)));
//! assert_eq!(out[0], u16::from(b'a'));
//! assert_eq!(decoder.decode_to_utf16(b"\xAC", &mut out, true), Ok((CoderResult::InputEmpty, 1, 1)));
//! assert_eq!(out[0], 0x20AC);
//! ```

pub use crate::byte_order::Endian;
use core::fmt;

mod bytes;
mod to_str;
#[cfg(feature = "alloc")]
mod to_string;
mod utf16_decoder;
mod utf32_decoder;
mod utf8_decoder;
mod utf8_outputs;
mod validator;

pub use utf16_decoder::Utf16Decoder;
pub use utf32_decoder::Utf32Decoder;
pub use utf8_decoder::Utf8Decoder;
pub use validator::Utf8Validator;

/// Why a streaming conversion call returned.
///
/// ```
/// use rapidutf::stream::{CoderResult, Utf8Decoder};
/// let mut d = Utf8Decoder::new();
/// let mut buf = [0u16; 2];
/// // Three characters do not fit in two units: convert, drain, repeat.
/// assert_eq!(d.decode_to_utf16(b"abc", &mut buf, true), Ok((CoderResult::OutputFull, 2, 2)));
/// assert_eq!(d.decode_to_utf16(b"c", &mut buf, true), Ok((CoderResult::InputEmpty, 1, 1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoderResult {
    /// All of `src` was consumed (converted, or kept as the start of a
    /// character that the next chunk completes). Call again with the next
    /// chunk.
    InputEmpty,
    /// `dst` has no room for the next character: call again with the rest
    /// of `src` (from the returned `read` on) and a fresh or drained `dst`.
    OutputFull,
}

/// A strict streaming conversion stopped at invalid input.
///
/// [`error`](Self::error) is positioned in the whole *stream* (counted from
/// its first unit, across all calls). [`read`](Self::read) and
/// [`written`](Self::written) describe this call: `src[..read]` was
/// consumed, and `dst[..written]` holds its conversion, which is
/// everything before the invalid sequence.
///
/// The invalid sequence itself is not consumed, so the decoder is left
/// exactly as after a call with `src[..read]`: calling the strict method
/// again with `src[read..]` reports the same error, and calling the lossy
/// method with `src[read..]` replaces it with U+FFFD and carries on.
///
/// ```
/// use rapidutf::stream::Utf8Decoder;
/// use rapidutf::Utf8ErrorKind;
/// let mut d = Utf8Decoder::new();
/// let mut buf = [0u16; 8];
/// d.decode_to_utf16(b"abc", &mut buf, false).unwrap();
/// let e = d.decode_to_utf16(b"de\xFFf", &mut buf, true).unwrap_err();
/// assert_eq!(e.error().valid_up_to(), 5); // counted from the start of the stream
/// assert_eq!(e.error().kind(), Utf8ErrorKind::InvalidByte);
/// assert_eq!((e.read(), e.written()), (2, 2)); // "de" was converted
/// assert_eq!(buf[..2], [0x64, 0x65]);
/// assert_eq!(e.to_string(), "invalid utf-8 sequence of 1 bytes from index 5: \
///     invalid byte (C0, C1 or F5..FF never appear in UTF-8)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StreamError<E> {
    pub(crate) error: E,
    pub(crate) read: usize,
    pub(crate) written: usize,
}

impl<E: Copy> StreamError<E> {
    /// The input error, with its position counted from the start of the
    /// stream.
    ///
    /// ```
    /// let mut d = rapidutf::stream::Utf16Decoder::new();
    /// let mut buf = [0u8; 8];
    /// d.decode_to_utf8(&[0x61, 0x62], &mut buf, false).unwrap();
    /// let e = d.decode_to_utf8(&[0xDC00], &mut buf, true).unwrap_err();
    /// assert_eq!(e.error().valid_up_to(), 2);
    /// ```
    #[must_use]
    #[inline]
    pub const fn error(&self) -> E {
        self.error
    }

    /// Input units of this call consumed before the invalid sequence.
    ///
    /// ```
    /// let mut d = rapidutf::stream::Utf8Decoder::new();
    /// let e = d.decode_to_utf16(b"ab\xC0", &mut [0u16; 4], true).unwrap_err();
    /// assert_eq!(e.read(), 2);
    /// ```
    #[must_use]
    #[inline]
    pub const fn read(&self) -> usize {
        self.read
    }

    /// Output units written by this call: the conversion of everything
    /// before the invalid sequence.
    ///
    /// ```
    /// let mut d = rapidutf::stream::Utf8Decoder::new();
    /// let e = d.decode_to_utf16(b"\xF0\x9F\x98\x80\xFF", &mut [0u16; 8], true).unwrap_err();
    /// assert_eq!(e.written(), 2); // the surrogate pair of U+1F600
    /// ```
    #[must_use]
    #[inline]
    pub const fn written(&self) -> usize {
        self.written
    }
}

impl<E: fmt::Display> fmt::Display for StreamError<E> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for StreamError<E> {}
