//! `std::io` adapters: read only valid UTF-8, read other encodings as
//! UTF-8, and write UTF-8 as other encodings, with characters split
//! between reads or writes handled exactly.
//!
//! Decoding each network or pipe chunk on its own breaks every character
//! that a chunk boundary cuts; these types keep the few bytes of such a
//! character until the next chunk completes it (on the decoders of
//! [`crate::stream`]), so their output never depends on how the input
//! was split, and each error is reported at its position in the whole
//! stream.
//!
//! - [`Utf8Reader`]: a [`Read`](std::io::Read) + [`BufRead`](std::io::BufRead)
//!   that passes on only valid UTF-8: strict ([`Utf8Reader::new`], an
//!   [`InvalidData`](std::io::ErrorKind::InvalidData) error at the first
//!   invalid sequence) or lossy ([`Utf8Reader::lossy`], each maximal
//!   invalid subpart handled by an [`ErrorStrategy`](crate::ErrorStrategy)).
//! - [`DecodeReader`]: UTF-16LE/BE, UTF-32LE/BE, Latin-1, Windows-1252 or
//!   UTF-8 input, chosen by the caller or by a byte order mark, read as
//!   UTF-8.
//! - [`EncodeWriter`]: a [`Write`](std::io::Write) that takes UTF-8 and
//!   writes UTF-16LE/BE, UTF-32LE/BE, Latin-1 or Windows-1252, with an
//!   optional byte order mark.
//!
//! With the optional features (off by default; each needs the Rust
//! version its dependencies need):
//!
//! - `bytes`: `Utf8Bytes`, a `bytes::Bytes` that holds UTF-8.
//! - `tokio` (Rust 1.85, as tokio and tokio-util need):
//!   `tokio_util::codec` codecs for text (`Utf8Codec`) and for lines
//!   (`Utf8LinesCodec`, a chunk-safe `LinesCodec` that validates each
//!   byte once, in SIMD passes over all the complete lines at hand, and
//!   hands them out as `Utf8Bytes` that share the read buffer), and
//!   `LinesCodec`, a drop-in for tokio-util's with its `String` lines
//!   and `LinesCodecError`; all three also encode, for a `Framed` that
//!   writes; and
//!   `AsyncUtf8Reader` (`AsyncRead` + `AsyncBufRead`, with its own
//!   `read_line` and `lines`, which append text already validated).
//! - `futures` (Rust 1.81): `Utf8Stream`, a `Stream` of
//!   `Result<Bytes, E>` as a stream of `Utf8Bytes`, zero-copy where a
//!   chunk ends on a character boundary.
//!
//! # Reading lines and strings without validating twice
//!
//! `BufRead::read_line`, `BufRead::lines` and `Read::read_to_string` as
//! std provides them validate what they read once more, which on these
//! readers would be wasted work. Both readers override `read_line` and
//! `read_to_string` (so `lines()`, which calls `read_line`, and generic
//! code over `R: BufRead` benefit too): their text is kept in a `String`,
//! and a line is appended from it as a `&str`, never checked again.
//!
//! ```
//! use std::io::BufRead;
//! use rapidutf::io::Utf8Reader;
//!
//! // "é" (C3 A9) arrives split between two reads.
//! let chunks: [&[u8]; 2] = [b"caf\xC3", b"\xA9\nthe end"];
//! let source = std::io::Read::chain(chunks[0], chunks[1]);
//! let lines: Vec<String> = Utf8Reader::new(source).lines().collect::<Result<_, _>>()?;
//! assert_eq!(lines, ["café", "the end"]);
//! # Ok::<(), std::io::Error>(())
//! ```

#[cfg(feature = "tokio")]
mod async_reader;
#[cfg(feature = "futures")]
mod bytes_stream;
#[cfg(feature = "tokio")]
mod codec;
mod decode_reader;
mod encode_writer;
mod text_reader;
#[cfg(feature = "bytes")]
mod utf8_bytes;
mod utf8_reader;

#[cfg(feature = "tokio")]
#[cfg_attr(docsrs, doc(cfg(feature = "tokio")))]
pub use async_reader::{AsyncUtf8Lines, AsyncUtf8Reader};
#[cfg(feature = "futures")]
#[cfg_attr(docsrs, doc(cfg(feature = "futures")))]
pub use bytes_stream::{Utf8Stream, Utf8StreamError};
#[cfg(feature = "tokio")]
#[cfg_attr(docsrs, doc(cfg(feature = "tokio")))]
pub use codec::{CodecError, LinesCodec, Utf8Codec, Utf8LinesCodec};
pub use decode_reader::{BomHandling, DecodeError, DecodeErrorKind, DecodeReader};
pub use encode_writer::EncodeWriter;
#[cfg(feature = "bytes")]
#[cfg_attr(docsrs, doc(cfg(feature = "bytes")))]
pub use utf8_bytes::Utf8Bytes;
pub use utf8_reader::Utf8Reader;

use crate::bom::Bom;
use core::fmt;

/// A character encoding that [`DecodeReader`] reads and [`EncodeWriter`]
/// writes.
///
/// ```
/// use rapidutf::io::Encoding;
/// assert_eq!(Encoding::Utf16Le.name(), "UTF-16LE");
/// assert_eq!(Encoding::Utf16Le.bom(), Some(&b"\xFF\xFE"[..]));
/// assert_eq!(Encoding::Latin1.bom(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Encoding {
    /// UTF-8.
    Utf8,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
    /// UTF-32, little-endian.
    Utf32Le,
    /// UTF-32, big-endian.
    Utf32Be,
    /// ISO-8859-1: byte `b` is U+00`b`.
    Latin1,
    /// Windows-1252 as the WHATWG Encoding Standard defines it (every byte
    /// decodes; `80` is `€`).
    Windows1252,
}

impl Encoding {
    /// Every encoding. A slice, not an array: a new encoding (the enum is
    /// `#[non_exhaustive]`) lengthens it without changing its type.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::Encoding::ALL.len(), 7);
    /// ```
    pub const ALL: &'static [Encoding] = &[
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf32Le,
        Encoding::Utf32Be,
        Encoding::Latin1,
        Encoding::Windows1252,
    ];

    /// The encoding's usual name: `UTF-8`, `UTF-16LE`, ..., `ISO-8859-1`,
    /// `windows-1252`.
    ///
    /// ```
    /// assert_eq!(rapidutf::io::Encoding::Latin1.name(), "ISO-8859-1");
    /// ```
    #[must_use]
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Utf32Le => "UTF-32LE",
            Encoding::Utf32Be => "UTF-32BE",
            Encoding::Latin1 => "ISO-8859-1",
            Encoding::Windows1252 => "windows-1252",
        }
    }

    /// The byte order mark of a Unicode encoding form (U+FEFF encoded in
    /// it); `None` for Latin-1 and Windows-1252.
    ///
    /// ```
    /// use rapidutf::io::Encoding;
    /// assert_eq!(Encoding::Utf32Be.bom(), Some(&b"\x00\x00\xFE\xFF"[..]));
    /// ```
    #[must_use]
    #[inline]
    pub const fn bom(self) -> Option<&'static [u8]> {
        match self.as_bom() {
            Some(b) => Some(b.bytes()),
            None => None,
        }
    }

    const fn as_bom(self) -> Option<Bom> {
        match self {
            Encoding::Utf8 => Some(Bom::Utf8),
            Encoding::Utf16Le => Some(Bom::Utf16Le),
            Encoding::Utf16Be => Some(Bom::Utf16Be),
            Encoding::Utf32Le => Some(Bom::Utf32Le),
            Encoding::Utf32Be => Some(Bom::Utf32Be),
            Encoding::Latin1 | Encoding::Windows1252 => None,
        }
    }

    /// The size of a code unit in bytes: 1, 2 or 4.
    const fn unit(self) -> u64 {
        match self {
            Encoding::Utf16Le | Encoding::Utf16Be => 2,
            Encoding::Utf32Le | Encoding::Utf32Be => 4,
            _ => 1,
        }
    }
}

impl fmt::Display for Encoding {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<crate::DetectedEncoding> for Encoding {
    /// The encoding that [`detect_encoding`](crate::detect_encoding) named.
    ///
    /// ```
    /// use rapidutf::io::Encoding;
    /// let d = rapidutf::detect_encoding(b"\xFF\xFEh\x00i\x00");
    /// assert_eq!(Encoding::from(d.encoding()), Encoding::Utf16Le);
    /// ```
    #[inline]
    fn from(e: crate::DetectedEncoding) -> Self {
        use crate::DetectedEncoding as D;
        match e {
            D::Utf8 => Encoding::Utf8,
            D::Utf16Le => Encoding::Utf16Le,
            D::Utf16Be => Encoding::Utf16Be,
            D::Utf32Le => Encoding::Utf32Le,
            D::Utf32Be => Encoding::Utf32Be,
            D::Windows1252 => Encoding::Windows1252,
        }
    }
}

/// An [`InvalidData`](std::io::ErrorKind::InvalidData) error carrying
/// `e`, which `get_ref()`, `into_inner()` and `downcast` return.
fn invalid_data<E: std::error::Error + Send + Sync + 'static>(e: E) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, e)
}
