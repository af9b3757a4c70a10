//! [`DecodeReader`]: UTF-16, UTF-32, Latin-1, Windows-1252 or UTF-8
//! input, read as UTF-8.

use super::text_reader::{Decode, TextReader, DEFAULT_CAPACITY};
use super::Encoding;
use crate::error::{Utf16ErrorKind, Utf32ErrorKind, Utf8ErrorKind};
use crate::strategy::ErrorStrategy;
use crate::stream::{Endian, Utf16Decoder, Utf32Decoder, Utf8Decoder};
use core::fmt;
use std::io::{self, BufRead, Read};
use std::string::String;
use std::vec::Vec;

/// What a [`DecodeReader`] does with a byte order mark at the start of
/// the stream.
///
/// ```
/// use std::io::Read;
/// use rapidutf::io::{BomHandling, DecodeReader, Encoding};
/// let bytes = b"\xEF\xBB\xBFhi";
/// let read = |b: BomHandling| -> std::io::Result<String> {
///     let mut s = String::new();
///     DecodeReader::new(&bytes[..], Encoding::Utf8).with_bom_handling(b).read_to_string(&mut s)?;
///     Ok(s)
/// };
/// assert_eq!(read(BomHandling::Sniff)?, "hi");
/// assert_eq!(read(BomHandling::Strip)?, "hi");
/// assert_eq!(read(BomHandling::Keep)?, "\u{FEFF}hi");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BomHandling {
    /// The WHATWG Encoding Standard's *decode*: a UTF-8, UTF-16LE or
    /// UTF-16BE byte order mark overrides the encoding given and is
    /// removed (as `encoding_rs_io` does by default). When the encoding
    /// given is UTF-32LE or UTF-32BE, its own mark (`FF FE 00 00`,
    /// `00 00 FE FF`) is looked for first, so that it is not taken for a
    /// UTF-16 one.
    #[default]
    Sniff,
    /// Only a byte order mark of the encoding given is removed (the
    /// Standard's *UTF-8 decode*, for every Unicode encoding form); any
    /// other is text.
    Strip,
    /// No byte order mark is looked for: U+FEFF at the start is text (the
    /// Standard's *decode without BOM*).
    Keep,
}

/// Why a strict [`DecodeReader`] stopped.
///
/// ```
/// use rapidutf::io::DecodeErrorKind;
/// use rapidutf::Utf16ErrorKind;
/// assert_ne!(DecodeErrorKind::Utf16(Utf16ErrorKind::UnpairedLow), DecodeErrorKind::IncompleteUnit);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// Invalid UTF-8.
    Utf8(Utf8ErrorKind),
    /// An unpaired surrogate in UTF-16.
    Utf16(Utf16ErrorKind),
    /// A UTF-32 value that is not a Unicode scalar value.
    Utf32(Utf32ErrorKind),
    /// The stream ends inside a code unit (an odd number of bytes of
    /// UTF-16, or not a multiple of 4 of UTF-32).
    IncompleteUnit,
}

/// The error of a strict [`DecodeReader`]: the encoding, the kind of
/// error, and where it is, in bytes from the start of the stream (a byte
/// order mark included).
///
/// It is the [`get_ref`](io::Error::get_ref) of the
/// [`InvalidData`](io::ErrorKind::InvalidData) error the reader returns.
///
/// ```
/// use std::io::Read;
/// use rapidutf::io::{DecodeError, DecodeErrorKind, DecodeReader, Encoding};
/// use rapidutf::Utf16ErrorKind;
/// // A UTF-16LE BOM, "a", then a lone low surrogate.
/// let bytes = b"\xFF\xFEa\x00\x00\xDC";
/// let mut s = String::new();
/// let e = DecodeReader::new(&bytes[..], Encoding::Utf16Le).read_to_string(&mut s).unwrap_err();
/// let e = e.get_ref().and_then(|e| e.downcast_ref::<DecodeError>()).unwrap();
/// assert_eq!(e.position(), 4);
/// assert_eq!(e.kind(), DecodeErrorKind::Utf16(Utf16ErrorKind::UnpairedLow));
/// assert_eq!(e.encoding(), Encoding::Utf16Le);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeError {
    encoding: Encoding,
    position: u64,
    kind: DecodeErrorKind,
}

impl DecodeError {
    /// The encoding being read.
    ///
    /// ```
    /// # use std::io::Read;
    /// # use rapidutf::io::{DecodeError, DecodeReader, Encoding};
    /// let e = DecodeReader::new(&b"\xFF"[..], Encoding::Utf8).read_to_string(&mut String::new()).unwrap_err();
    /// let e = e.into_inner().unwrap().downcast::<DecodeError>().unwrap();
    /// assert_eq!(e.encoding(), Encoding::Utf8);
    /// ```
    #[must_use]
    #[inline]
    pub const fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The position of the invalid sequence, in bytes from the start of
    /// the stream.
    ///
    /// ```
    /// # use std::io::Read;
    /// # use rapidutf::io::{DecodeError, DecodeReader, Encoding};
    /// let e = DecodeReader::new(&b"abc\xFF"[..], Encoding::Utf8).read_to_string(&mut String::new()).unwrap_err();
    /// let e = e.into_inner().unwrap().downcast::<DecodeError>().unwrap();
    /// assert_eq!(e.position(), 3);
    /// ```
    #[must_use]
    #[inline]
    pub const fn position(&self) -> u64 {
        self.position
    }

    /// What is wrong there.
    ///
    /// ```
    /// # use std::io::Read;
    /// # use rapidutf::io::{DecodeError, DecodeErrorKind, DecodeReader, Encoding};
    /// let e = DecodeReader::new(&b"a\x00b"[..], Encoding::Utf16Le).read_to_string(&mut String::new()).unwrap_err();
    /// let e = e.into_inner().unwrap().downcast::<DecodeError>().unwrap();
    /// assert_eq!((e.kind(), e.position()), (DecodeErrorKind::IncompleteUnit, 2));
    /// ```
    #[must_use]
    #[inline]
    pub const fn kind(&self) -> DecodeErrorKind {
        self.kind
    }
}

impl fmt::Display for DecodeError {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {} at byte {}: ", self.encoding, self.position)?;
        match self.kind {
            DecodeErrorKind::Utf8(k) => f.write_str(k.description()),
            DecodeErrorKind::Utf16(k) => k.fmt(f),
            DecodeErrorKind::Utf32(k) => k.fmt(f),
            DecodeErrorKind::IncompleteUnit => f.write_str("the stream ends inside a code unit"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// The decoder of one encoding, once the encoding is known.
#[derive(Debug)]
enum Units {
    Utf8(Utf8Decoder),
    Utf16(Utf16Decoder),
    Utf32(Utf32Decoder),
    Latin1,
    Windows1252,
}

/// The decoding state of a [`DecodeReader`].
#[derive(Debug)]
pub(super) struct Decoding {
    encoding: Encoding,
    bom: BomHandling,
    lossy: bool,
    /// The first bytes, kept until they show whether a BOM starts the
    /// stream; `None` once that is decided.
    head: Option<([u8; 4], usize)>,
    bom_len: u64,
    units: Units,
    /// The direct path's unit storage (UTF-16, read into as bytes): the
    /// units `direct[dpos..dlen]` are read but not yet decoded.
    direct: Vec<u16>,
    dpos: usize,
    dlen: usize,
    substituted: u64,
}

impl Decoding {
    fn new(encoding: Encoding, lossy: bool) -> Self {
        Decoding {
            encoding,
            bom: BomHandling::Sniff,
            lossy,
            head: Some(([0; 4], 0)),
            bom_len: 0,
            units: Units::Latin1,
            direct: Vec::new(),
            dpos: 0,
            dlen: 0,
            substituted: 0,
        }
    }

    /// The encoding and BOM length that `head` shows, or `None` while
    /// more bytes could still complete a mark.
    fn sniff(&self, head: &[u8], last: bool) -> Option<(Encoding, usize)> {
        let own = [self.encoding];
        let whatwg = [self.encoding, Encoding::Utf8, Encoding::Utf16Be, Encoding::Utf16Le];
        let candidates: &[Encoding] = match self.bom {
            BomHandling::Keep => &[],
            BomHandling::Strip => &own,
            // The declared encoding first only if it is UTF-32, whose
            // marks start like UTF-16LE's or are not WHATWG's.
            BomHandling::Sniff => match self.encoding {
                Encoding::Utf32Le | Encoding::Utf32Be => &whatwg,
                _ => &whatwg[1..],
            },
        };
        for &enc in candidates {
            let Some(bom) = enc.bom() else { continue };
            if head.starts_with(bom) {
                return Some((enc, bom.len()));
            }
            if bom.starts_with(head) && !last {
                return None;
            }
        }
        Some((self.encoding, 0))
    }

    fn start(&mut self, encoding: Encoding, bom_len: usize) {
        self.encoding = encoding;
        self.bom_len = bom_len as u64;
        self.units = match encoding {
            Encoding::Utf8 => Units::Utf8(Utf8Decoder::new()),
            Encoding::Utf16Le => Units::Utf16(Utf16Decoder::with_endian(Endian::Little)),
            Encoding::Utf16Be => Units::Utf16(Utf16Decoder::with_endian(Endian::Big)),
            Encoding::Utf32Le => Units::Utf32(Utf32Decoder::with_endian(Endian::Little)),
            Encoding::Utf32Be => Units::Utf32(Utf32Decoder::with_endian(Endian::Big)),
            Encoding::Latin1 => Units::Latin1,
            Encoding::Windows1252 => Units::Windows1252,
        };
    }

    fn error(&self, units: usize, kind: DecodeErrorKind) -> DecodeError {
        let position = self.bom_len + units as u64 * self.encoding.unit();
        DecodeError { encoding: self.encoding, position, kind }
    }

    /// Decodes the bytes of the stream after the BOM.
    fn feed(&mut self, raw: &[u8], out: &mut String, last: bool) -> Result<(), DecodeError> {
        match self.encoding {
            Encoding::Utf8 => self.feed_utf8(raw, out, last),
            Encoding::Latin1 => {
                crate::latin1_to_utf8_append(raw, out);
                Ok(())
            }
            Encoding::Windows1252 => {
                // Three bytes for each byte 80..=FF, one for each other.
                let latin1 = crate::utf8_len_from_latin1(raw);
                out.reserve(latin1 + (latin1 - raw.len()));
                crate::error::in_room_total(crate::dispatch::windows1252_to_utf8(raw, out));
                Ok(())
            }
            Encoding::Utf16Le | Encoding::Utf16Be => self.feed_utf16(raw, out, last),
            Encoding::Utf32Le | Encoding::Utf32Be => self.feed_utf32(raw, out, last),
        }
    }

    fn feed_utf8(&mut self, raw: &[u8], out: &mut String, last: bool) -> Result<(), DecodeError> {
        let Units::Utf8(d) = &mut self.units else { unreachable!("UTF-8 without its decoder") };
        if self.lossy {
            let n = d.decode_to_string_lossy_with(raw, out, last, ErrorStrategy::Replace);
            self.substituted += n as u64;
            return Ok(());
        }
        let r = d.decode_to_string(raw, out, last);
        r.map_err(|e| {
            let e = e.error();
            self.error(e.valid_up_to(), DecodeErrorKind::Utf8(e.kind()))
        })
    }

    fn feed_utf16(&mut self, raw: &[u8], out: &mut String, last: bool) -> Result<(), DecodeError> {
        let Units::Utf16(d) = &mut self.units else { unreachable!("UTF-16 without its decoder") };
        // Units the direct path read but did not decode go first (a byte
        // it read after them waits in the decoder); then the bytes, which
        // the decoder's byte input assembles into units, carrying a unit
        // split between reads.
        let units = &self.direct[self.dpos..self.dlen];
        self.dpos = self.dlen;
        if self.lossy {
            let n = d.decode_to_string_lossy(units, out, false)
                + d.decode_bytes_to_string_lossy(raw, out, last);
            self.substituted += n as u64;
            return Ok(());
        }
        // Positions: in units for the unit input, in bytes for the bytes.
        let at = match d.decode_to_string(units, out, false) {
            Ok(()) => d.decode_bytes_to_string(raw, out, last).map_err(|e| (e.error(), 1)),
            Err(e) => Err((e.error(), 2)),
        };
        at.map_err(|(e, unit)| {
            let kind = match e.kind() {
                Utf16ErrorKind::IncompleteUnit => DecodeErrorKind::IncompleteUnit,
                kind => DecodeErrorKind::Utf16(kind),
            };
            let position = self.bom_len + (unit * e.valid_up_to()) as u64;
            DecodeError { encoding: self.encoding, position, kind }
        })
    }

    /// Whether reads may decode straight into the caller's buffer: UTF-16,
    /// once the BOM is settled.
    fn direct(&self) -> bool {
        self.head.is_none() && matches!(self.units, Units::Utf16(..))
    }

    /// The direct path's read: the inner reader's bytes go straight into
    /// the unit storage, after the odd byte of a unit split between reads
    /// (which [`drain_units`](Self::drain_units) must have emptied); the
    /// bytes read (0 at the end of the stream).
    fn read_units(&mut self, inner: &mut impl Read, capacity: usize) -> io::Result<usize> {
        if self.direct.len() < capacity / 2 + 1 {
            self.direct = std::vec![0; capacity / 2 + 1];
        }
        let Units::Utf16(d) = &mut self.units else { return Ok(0) };
        let odd = d.take_pending_byte();
        let bytes = crate::glue::units::u16s_as_bytes_mut(&mut self.direct);
        let from = usize::from(odd.is_some());
        if let Some(b) = odd {
            bytes[0] = b;
        }
        let n = super::text_reader::read_retrying(inner, &mut bytes[from..]);
        let total = from + *n.as_ref().unwrap_or(&0);
        if total % 2 == 1 {
            // A unit split between reads: its first byte waits in the
            // decoder (the one taken out above, at the end of the stream).
            d.keep_pending_byte(bytes[total - 1]);
        }
        let n = n?;
        if n > 0 {
            (self.dpos, self.dlen) = (0, total / 2);
        }
        Ok(n)
    }

    /// Decodes the units the direct path holds into `out`: the bytes
    /// written, or those and the strict error after them.
    fn drain_units(&mut self, out: &mut [u8]) -> Result<usize, (usize, DecodeError)> {
        let Units::Utf16(d) = &mut self.units else { return Ok(0) };
        let src = &self.direct[self.dpos..self.dlen];
        if src.is_empty() {
            return Ok(0);
        }
        if self.lossy {
            let before = d.replaced();
            let (_, read, written) = d.decode_to_utf8_lossy(src, out, false);
            self.substituted += d.replaced() - before;
            self.dpos += read;
            return Ok(written);
        }
        match d.decode_to_utf8(src, out, false) {
            Ok((_, read, written)) => {
                self.dpos += read;
                Ok(written)
            }
            Err(e) => {
                self.dpos += e.read();
                let (written, e) = (e.written(), e.error());
                Err((written, self.error(e.valid_up_to(), DecodeErrorKind::Utf16(e.kind()))))
            }
        }
    }

    fn feed_utf32(&mut self, raw: &[u8], out: &mut String, last: bool) -> Result<(), DecodeError> {
        let Units::Utf32(d) = &mut self.units else { unreachable!("UTF-32 without its decoder") };
        // The decoder's byte input carries a value split between reads.
        if self.lossy {
            self.substituted += d.decode_bytes_to_string_lossy(raw, out, last) as u64;
            return Ok(());
        }
        let r = d.decode_bytes_to_string(raw, out, last);
        r.map_err(|e| {
            let e = e.error();
            let kind = match e.kind() {
                Utf32ErrorKind::IncompleteUnit => DecodeErrorKind::IncompleteUnit,
                kind => DecodeErrorKind::Utf32(kind),
            };
            DecodeError {
                encoding: self.encoding,
                position: self.bom_len + e.valid_up_to() as u64,
                kind,
            }
        })
    }
}

impl Decode for Decoding {
    type Error = DecodeError;

    fn decode(&mut self, raw: &[u8], out: &mut String, last: bool) -> Result<(), DecodeError> {
        let Some((mut head, len)) = self.head else {
            return self.feed(raw, out, last);
        };
        let take = (4 - len).min(raw.len());
        head[len..len + take].copy_from_slice(&raw[..take]);
        let len = len + take;
        let Some((encoding, bom_len)) = self.sniff(&head[..len], last) else {
            self.head = Some((head, len));
            return Ok(());
        };
        self.head = None;
        self.start(encoding, bom_len);
        let rest = &raw[take..];
        self.feed(&head[bom_len..len], out, last && rest.is_empty())?;
        if rest.is_empty() {
            return Ok(());
        }
        self.feed(rest, out, last)
    }
}

/// A reader of text in another encoding (UTF-16LE/BE, UTF-32LE/BE,
/// Latin-1, Windows-1252, or UTF-8), read as UTF-8: the job of
/// `encoding_rs_io::DecodeReaderBytes`, on the SIMD transcoders.
///
/// It implements [`Read`] and [`BufRead`]; like [`Utf8Reader`](super::Utf8Reader),
/// its `read_line`, `read_to_string` and `lines` append text without
/// validating it again. A byte order mark is handled as [`BomHandling`]
/// says (by default, as the WHATWG Encoding Standard's *decode*: it
/// overrides the encoding given and is removed). Code units and
/// characters split between the inner reader's chunks are put together.
///
/// - [`DecodeReader::new`] is strict: the text before the first invalid
///   sequence is returned, then every read fails with an
///   [`InvalidData`](io::ErrorKind::InvalidData) error whose `get_ref()`
///   is a [`DecodeError`] (encoding, kind, byte position in the stream).
/// - [`DecodeReader::lossy`] puts U+FFFD in place of each error, as the
///   Encoding Standard's decoders do: the text is that of
///   `String::from_utf8_lossy`, `String::from_utf16_lossy` or, for UTF-32,
///   each invalid value as U+FFFD; a stream that ends inside a code unit
///   (or, in UTF-16, a high surrogate and an odd byte) gets one U+FFFD.
///
/// Latin-1 and Windows-1252 (the WHATWG mapping, every byte decodes) have
/// no invalid input.
///
/// # Errors
///
/// The decoding errors above, and the inner reader's errors as they come.
///
/// ```
/// use std::io::{BufRead, Read};
/// use rapidutf::io::{DecodeReader, Encoding};
///
/// // A UTF-16LE file with its BOM, "€1\n" and "é".
/// let file: &[u8] = b"\xFF\xFE\xAC\x20\x31\x00\x0A\x00\xE9\x00";
/// let r = DecodeReader::new(file, Encoding::Utf16Le);
/// let lines: Vec<String> = r.lines().collect::<Result<_, _>>()?;
/// assert_eq!(lines, ["€1", "é"]);
///
/// // Sniffing: a BOM decides, UTF-8 otherwise.
/// let mut s = String::new();
/// DecodeReader::sniff(&b"\xFE\xFF\x00h\x00i"[..]).read_to_string(&mut s)?;
/// assert_eq!(s, "hi");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct DecodeReader<R> {
    core: TextReader<R, Decoding>,
}

impl<R: Read> DecodeReader<R> {
    /// A strict reader of `encoding`.
    ///
    /// ```
    /// use std::io::Read;
    /// use rapidutf::io::{DecodeReader, Encoding};
    /// let mut s = String::new();
    /// DecodeReader::new(&b"\x93hi\x94"[..], Encoding::Windows1252).read_to_string(&mut s)?;
    /// assert_eq!(s, "“hi”");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[inline]
    pub fn new(inner: R, encoding: Encoding) -> Self {
        DecodeReader {
            core: TextReader::new(inner, Decoding::new(encoding, false), DEFAULT_CAPACITY),
        }
    }

    /// A lossy reader of `encoding`: U+FFFD for each error.
    ///
    /// ```
    /// use std::io::Read;
    /// use rapidutf::io::{DecodeReader, Encoding};
    /// let mut s = String::new();
    /// DecodeReader::lossy(&b"\x00\xD8a\x00"[..], Encoding::Utf16Le).read_to_string(&mut s)?;
    /// assert_eq!(s, "\u{FFFD}a");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[inline]
    pub fn lossy(inner: R, encoding: Encoding) -> Self {
        DecodeReader {
            core: TextReader::new(inner, Decoding::new(encoding, true), DEFAULT_CAPACITY),
        }
    }

    /// A strict reader of UTF-8, or of the encoding a byte order mark
    /// names (UTF-8, UTF-16LE or UTF-16BE, as the WHATWG Encoding
    /// Standard sniffs): `DecodeReader::new(inner, Encoding::Utf8)`.
    ///
    /// ```
    /// use std::io::Read;
    /// let mut s = String::new();
    /// rapidutf::io::DecodeReader::sniff(&b"\xFF\xFEo\x00k\x00"[..]).read_to_string(&mut s)?;
    /// assert_eq!(s, "ok");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[inline]
    pub fn sniff(inner: R) -> Self {
        Self::new(inner, Encoding::Utf8)
    }

    /// Sets what is done with a byte order mark (before the first read;
    /// later, it changes nothing).
    ///
    /// ```
    /// use std::io::Read;
    /// use rapidutf::io::{BomHandling, DecodeReader, Encoding};
    /// let mut s = String::new();
    /// let r = DecodeReader::new(&b"\xFF\xFEa\x00"[..], Encoding::Utf16Le);
    /// r.with_bom_handling(BomHandling::Keep).read_to_string(&mut s)?;
    /// assert_eq!(s, "\u{FEFF}a");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn with_bom_handling(mut self, bom: BomHandling) -> Self {
        self.core.decoder.bom = bom;
        self
    }

    /// Sets the size of the raw buffer (at least 4 bytes; the default is
    /// 8 KiB), before the first read.
    ///
    /// ```
    /// use rapidutf::io::{DecodeReader, Encoding};
    /// let r = DecodeReader::new(std::io::empty(), Encoding::Utf16Le).with_buffer_capacity(65536);
    /// assert_eq!(r.capacity(), 65536);
    /// ```
    #[must_use]
    #[inline]
    pub fn with_buffer_capacity(mut self, capacity: usize) -> Self {
        self.core.set_capacity(capacity);
        self
    }

    /// The size of the raw buffer.
    ///
    /// ```
    /// use rapidutf::io::{DecodeReader, Encoding};
    /// assert_eq!(DecodeReader::new(std::io::empty(), Encoding::Latin1).capacity(), 8192);
    /// ```
    #[must_use]
    #[inline]
    pub fn capacity(&self) -> usize {
        self.core.capacity()
    }

    /// The encoding being read: the one given, or, once the first bytes
    /// are read, the one a byte order mark named.
    ///
    /// ```
    /// use std::io::BufRead;
    /// use rapidutf::io::{DecodeReader, Encoding};
    /// let mut r = DecodeReader::sniff(&b"\xFE\xFF\x00a"[..]);
    /// r.fill_buf()?;
    /// assert_eq!(r.encoding(), Encoding::Utf16Be);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn encoding(&self) -> Encoding {
        self.core.decoder.encoding
    }

    /// The number of errors a lossy reader has replaced so far (always 0
    /// for a strict one).
    ///
    /// ```
    /// use rapidutf::io::{DecodeReader, Encoding};
    /// let mut r = DecodeReader::lossy(&b"\x00\xDC\x00\xDC"[..], Encoding::Utf16Le);
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
    /// use rapidutf::io::{DecodeReader, Encoding};
    /// let r = DecodeReader::new(&b"abc"[..], Encoding::Latin1);
    /// assert_eq!(*r.get_ref(), b"abc");
    /// ```
    #[inline]
    pub fn get_ref(&self) -> &R {
        &self.core.inner
    }

    /// The inner reader, mutably. Reading from it directly skips the
    /// decoding of what it returns.
    ///
    /// ```
    /// use rapidutf::io::{DecodeReader, Encoding};
    /// let mut r = DecodeReader::new(&b"abc"[..], Encoding::Latin1);
    /// assert_eq!(r.get_mut().len(), 3);
    /// ```
    #[inline]
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.core.inner
    }

    /// The inner reader; text decoded but not yet read is lost.
    ///
    /// ```
    /// use rapidutf::io::{DecodeReader, Encoding};
    /// let r = DecodeReader::new(&b"abc"[..], Encoding::Latin1);
    /// assert_eq!(r.into_inner(), b"abc");
    /// ```
    #[inline]
    pub fn into_inner(self) -> R {
        self.core.inner
    }
}

impl<R: Read> DecodeReader<R> {
    /// A read into a large `out` decoded straight into it (UTF-16, once
    /// the BOM is settled), without the text buffer's copy.
    fn read_direct(&mut self, out: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.core.decoder.drain_units(out) {
                Ok(0) => {}
                Ok(n) => return Ok(n),
                Err((n, e)) => {
                    self.core.set_error(e);
                    return if n > 0 { Ok(n) } else { Err(super::invalid_data(e)) };
                }
            }
            let capacity = self.core.capacity();
            let (inner, decoder) = self.core.parts();
            if decoder.read_units(inner, capacity)? == 0 {
                // The end: the last decoding goes through the text buffer.
                self.core.finish();
                return self.core.read(out);
            }
        }
    }
}

impl<R: Read> Read for DecodeReader<R> {
    #[inline]
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let core = &self.core;
        let direct = core.is_empty() && core.error().is_none() && !core.is_done();
        if direct && out.len() >= core.capacity() && core.decoder.direct() {
            return self.read_direct(out);
        }
        self.core.read(out)
    }

    /// Appends the rest of the stream to `buf`, decoded straight into it.
    /// As std's: on invalid data (strict), nothing is appended.
    #[inline]
    fn read_to_string(&mut self, buf: &mut String) -> io::Result<usize> {
        self.core.read_to_string(buf)
    }
}

impl<R: Read> BufRead for DecodeReader<R> {
    #[inline]
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.core.fill_buf()
    }

    #[inline]
    fn consume(&mut self, amt: usize) {
        self.core.consume(amt);
    }

    /// Appends the next line without validating it again. As std's: on
    /// invalid data (strict), nothing is appended.
    #[inline]
    fn read_line(&mut self, buf: &mut String) -> io::Result<usize> {
        self.core.read_line(buf)
    }
}
