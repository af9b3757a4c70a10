//! [`EncodeWriter`]: UTF-8 in, another encoding out.

use super::Encoding;
use crate::error::{Latin1Error, Latin1ErrorKind, TranscodeError, Utf8Error};
use crate::stream::Utf8Decoder;
use std::io::{self, Write};
use std::string::String;
use std::vec::Vec;

/// The first error of an [`EncodeWriter`], kept: every later write
/// returns it again.
#[derive(Clone, Copy, Debug)]
enum Failure {
    /// Invalid UTF-8 input.
    Utf8(Utf8Error),
    /// A character the target encoding cannot represent.
    Unrepresentable(Latin1Error<Utf8Error>),
}

impl Failure {
    fn to_io(self) -> io::Error {
        match self {
            Failure::Utf8(e) => super::invalid_data(e),
            Failure::Unrepresentable(e) => super::invalid_data(e),
        }
    }
}

/// A writer that takes UTF-8 and writes it to the inner writer in another
/// encoding: UTF-16LE/BE, UTF-32LE/BE, Latin-1, Windows-1252 (or UTF-8,
/// validated).
///
/// A character split between `write` calls is kept until the call that
/// completes it, so any split of valid UTF-8 writes the same bytes.
/// [`with_bom`](Self::with_bom) writes a byte order mark first.
///
/// Call [`finish`](Self::finish) at the end: it reports a character left
/// incomplete and returns the inner writer. Dropping the writer flushes
/// the inner writer but cannot report that error.
///
/// # Errors
///
/// Each error is an [`InvalidData`](io::ErrorKind::InvalidData)
/// [`io::Error`] whose `get_ref()` says what and where, counted in bytes
/// of the UTF-8 written to this writer since it was made:
///
/// - invalid UTF-8: the crate's [`Utf8Error`];
/// - a character that Latin-1 (above U+00FF) or Windows-1252 cannot
///   represent: a [`Latin1Error`] whose
///   [`unrepresentable`](Latin1Error::unrepresentable) is the character.
///
/// `write` first accepts the input before the error (returning its
/// length), and fails at the next call; `write_all` therefore fails with
/// everything before the error written. After an error, every call fails
/// with it again.
///
/// ```
/// use std::io::Write;
/// use rapidutf::io::{EncodeWriter, Encoding};
/// use rapidutf::Latin1Error;
///
/// let mut w = EncodeWriter::new(Vec::new(), Encoding::Utf16Le).with_bom();
/// w.write_all(b"h\xC3")?; // "é" split between writes
/// w.write_all(b"\xA9")?;
/// assert_eq!(w.finish()?, b"\xFF\xFEh\x00\xE9\x00");
///
/// let mut w = EncodeWriter::new(Vec::new(), Encoding::Latin1);
/// let e = w.write_all("café €5".as_bytes()).unwrap_err();
/// let e = e.get_ref().and_then(|e| e.downcast_ref::<Latin1Error<rapidutf::Utf8Error>>()).unwrap();
/// assert_eq!((e.valid_up_to(), e.unrepresentable()), (6, Some('€')));
/// assert_eq!(w.get_ref(), b"caf\xE9 ");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct EncodeWriter<W: Write> {
    inner: Option<W>,
    encoding: Encoding,
    decoder: Utf8Decoder,
    /// Validated input of one call.
    text: String,
    /// Its encoding, written to `inner` before the call returns.
    out: Vec<u8>,
    units16: Vec<u16>,
    units32: Vec<u32>,
    bom: bool,
    error: Option<Failure>,
}

impl<W: Write> EncodeWriter<W> {
    /// A writer of `encoding`, without a byte order mark.
    ///
    /// ```
    /// use std::io::Write;
    /// use rapidutf::io::{EncodeWriter, Encoding};
    /// let mut w = EncodeWriter::new(Vec::new(), Encoding::Utf32Be);
    /// w.write_all("😀".as_bytes())?;
    /// assert_eq!(w.finish()?, [0x00, 0x01, 0xF6, 0x00]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[inline]
    pub fn new(inner: W, encoding: Encoding) -> Self {
        EncodeWriter {
            inner: Some(inner),
            encoding,
            decoder: Utf8Decoder::new(),
            text: String::new(),
            out: Vec::new(),
            units16: Vec::new(),
            units32: Vec::new(),
            bom: false,
            error: None,
        }
    }

    /// Writes the encoding's byte order mark before the first output (for
    /// Latin-1 and Windows-1252, which have none, nothing).
    ///
    /// ```
    /// use rapidutf::io::{EncodeWriter, Encoding};
    /// let w = EncodeWriter::new(Vec::new(), Encoding::Utf16Be).with_bom();
    /// assert_eq!(w.finish()?, b"\xFE\xFF");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn with_bom(mut self) -> Self {
        self.bom = true;
        self
    }

    /// The encoding written.
    ///
    /// ```
    /// use rapidutf::io::{EncodeWriter, Encoding};
    /// assert_eq!(EncodeWriter::new(std::io::sink(), Encoding::Latin1).encoding(), Encoding::Latin1);
    /// ```
    #[must_use]
    #[inline]
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The inner writer.
    ///
    /// ```
    /// use std::io::Write;
    /// use rapidutf::io::{EncodeWriter, Encoding};
    /// let mut w = EncodeWriter::new(Vec::new(), Encoding::Latin1);
    /// w.write_all(b"ok")?;
    /// assert_eq!(w.get_ref(), b"ok");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[inline]
    pub fn get_ref(&self) -> &W {
        self.inner
            .as_ref()
            .expect("the inner writer is only taken by `finish`, which consumes self")
    }

    /// The inner writer, mutably. Writing to it directly bypasses the
    /// encoding.
    ///
    /// ```
    /// use rapidutf::io::{EncodeWriter, Encoding};
    /// let mut w = EncodeWriter::new(Vec::new(), Encoding::Latin1);
    /// w.get_mut().push(b'!');
    /// assert_eq!(w.get_ref(), b"!");
    /// ```
    #[inline]
    pub fn get_mut(&mut self) -> &mut W {
        self.inner
            .as_mut()
            .expect("the inner writer is only taken by `finish`, which consumes self")
    }

    /// Ends the stream: flushes, and returns the inner writer.
    ///
    /// # Errors
    ///
    /// The writer's error, if a write failed; a
    /// [`Truncated`](crate::Utf8ErrorKind::Truncated) [`Utf8Error`] if
    /// the input ends inside a character; the inner writer's errors.
    ///
    /// ```
    /// use std::io::Write;
    /// use rapidutf::io::{EncodeWriter, Encoding};
    /// let mut w = EncodeWriter::new(Vec::new(), Encoding::Utf16Le);
    /// w.write_all(b"a\xE2\x82")?; // "€" without its last byte
    /// let e = w.finish().unwrap_err();
    /// assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[inline]
    pub fn finish(mut self) -> io::Result<W> {
        self.encode(&[], true)?;
        self.flush()?;
        Ok(self.inner.take().expect("the inner writer is only taken here"))
    }

    /// Validates and encodes `src` and writes the result to the inner
    /// writer; returns how much of `src` was taken.
    fn encode(&mut self, src: &[u8], last: bool) -> io::Result<usize> {
        if let Some(e) = self.error {
            return Err(e.to_io());
        }
        // The stream offset of `text[0]`: the start of a character carried
        // from the previous call, whose bytes come before `src`.
        let start = self.decoder.position();
        let carried = self.decoder.pending().len();
        self.text.clear();
        let mut taken = src.len();
        if let Err(e) = self.decoder.decode_to_string(src, &mut self.text, last) {
            self.error = Some(Failure::Utf8(e.error()));
            taken = e.read();
        }
        self.out.clear();
        if self.bom {
            self.bom = false;
            self.out.extend_from_slice(self.encoding.bom().unwrap_or_default());
        }
        if let Err(e) = self.encode_text() {
            // Only the characters before the unrepresentable one are
            // encoded; the input taken ends there too.
            let at = e.valid_up_to();
            let c = e.unrepresentable().unwrap_or(char::REPLACEMENT_CHARACTER);
            let e = Latin1Error::new(start + at, Latin1ErrorKind::Unrepresentable(c));
            self.error = Some(Failure::Unrepresentable(e));
            taken = taken.min(at.saturating_sub(carried));
        }
        self.inner
            .as_mut()
            .expect("the inner writer is only taken by `finish`")
            .write_all(&self.out)?;
        match self.error {
            Some(e) if taken == 0 => Err(e.to_io()),
            _ => Ok(taken),
        }
    }

    /// Appends the encoding of `self.text` to `self.out`; on an
    /// unrepresentable character, the encoding of the text before it, and
    /// its error (positioned in `self.text`).
    fn encode_text(&mut self) -> Result<(), Latin1Error<Utf8Error>> {
        let text = self.text.as_str();
        let bytes16 = |units: &[u16], out: &mut Vec<u8>| {
            out.extend(units.iter().flat_map(|u| u.to_ne_bytes()));
        };
        match self.encoding {
            Encoding::Utf8 => self.out.extend_from_slice(text.as_bytes()),
            Encoding::Utf16Le | Encoding::Utf16Be => {
                self.units16.clear();
                if self.encoding == Encoding::Utf16Le {
                    crate::str_to_utf16le_append(text, &mut self.units16);
                } else {
                    crate::str_to_utf16be_append(text, &mut self.units16);
                }
                bytes16(&self.units16, &mut self.out);
            }
            Encoding::Utf32Le | Encoding::Utf32Be => {
                self.units32.clear();
                crate::str_to_utf32_append(text, &mut self.units32);
                let big = self.encoding == Encoding::Utf32Be;
                self.out.extend(self.units32.iter().flat_map(|&v| {
                    if big {
                        v.to_be_bytes()
                    } else {
                        v.to_le_bytes()
                    }
                }));
            }
            Encoding::Latin1 => {
                // The input is valid: the only error is an unrepresentable
                // character, after the encoding of the text before it.
                crate::utf8_to_latin1_append(text.as_bytes(), &mut self.out)?;
            }
            Encoding::Windows1252 => {
                let at = self.out.len();
                self.out.resize(at + text.len(), 0);
                match crate::utf8_to_windows1252(text.as_bytes(), &mut self.out[at..]) {
                    Ok(n) => self.out.truncate(at + n),
                    Err(TranscodeError::Invalid { error, written }) => {
                        self.out.truncate(at + written);
                        return Err(error);
                    }
                    Err(TranscodeError::OutputTooSmall { .. }) => {
                        unreachable!("one byte per byte of UTF-8 always suffices")
                    }
                }
            }
        }
        Ok(())
    }
}

impl<W: Write> Write for EncodeWriter<W> {
    #[inline]
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.encode(buf, false)
    }

    #[inline]
    fn flush(&mut self) -> io::Result<()> {
        self.get_mut().flush()
    }
}

impl<W: Write> Drop for EncodeWriter<W> {
    #[inline]
    fn drop(&mut self) {
        if let Some(w) = self.inner.as_mut() {
            // Errors cannot be reported from here: `finish` reports them.
            let _ = w.flush();
        }
    }
}
