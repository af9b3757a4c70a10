//! The buffered core of the readers: raw bytes from the inner reader are
//! decoded into a `String`, which `fill_buf` hands out and from which
//! lines and strings are appended as `&str`, without a second
//! validation.

use std::io::{self, ErrorKind, Read};
use std::string::String;
use std::vec::Vec;

/// Turns raw chunks of the inner reader into text.
pub(super) trait Decode {
    /// A decoding error (positioned in the whole stream).
    type Error: std::error::Error + Copy + Send + Sync + 'static;

    /// Appends the text of the next chunk to `out`; `last` with the final
    /// (empty) chunk. On an error, the text before it is appended.
    fn decode(&mut self, raw: &[u8], out: &mut String, last: bool) -> Result<(), Self::Error>;
}

/// The default size of the raw buffer, as `std::io::BufReader`'s.
pub(super) const DEFAULT_CAPACITY: usize = 8 * 1024;

/// A reader of decoded text: the inner reader, its decoder, the raw
/// buffer, and the decoded text not yet consumed (`text[pos..]`).
#[derive(Debug)]
pub(super) struct TextReader<R, D: Decode> {
    pub(super) inner: R,
    pub(super) decoder: D,
    raw: Vec<u8>,
    text: String,
    pos: usize,
    /// The inner reader has ended and the decoder was told so.
    done: bool,
    /// The decoding error; every read after the text before it returns
    /// it again.
    error: Option<D::Error>,
}

impl<R: Read, D: Decode> TextReader<R, D> {
    pub(super) fn new(inner: R, decoder: D, capacity: usize) -> Self {
        TextReader {
            inner,
            decoder,
            raw: std::vec![0; capacity.max(4)],
            text: String::new(),
            pos: 0,
            done: false,
            error: None,
        }
    }

    /// A raw buffer of `capacity` bytes (at least 4) instead.
    pub(super) fn set_capacity(&mut self, capacity: usize) {
        self.raw = std::vec![0; capacity.max(4)];
    }

    pub(super) fn capacity(&self) -> usize {
        self.raw.len()
    }

    /// The decoded text not yet consumed.
    pub(super) fn buffer(&self) -> &[u8] {
        &self.text.as_bytes()[self.pos..]
    }

    pub(super) fn is_empty(&self) -> bool {
        self.pos == self.text.len()
    }

    /// The stored decoding error, if the stream has reached it.
    pub(super) fn error(&self) -> Option<D::Error> {
        self.error
    }

    pub(super) fn set_error(&mut self, e: D::Error) {
        self.error = Some(e);
    }

    pub(super) fn set_done(&mut self) {
        self.done = true;
    }

    pub(super) fn is_done(&self) -> bool {
        self.done
    }

    /// The inner reader and the decoder, for readers that decode straight
    /// into the caller's buffer.
    pub(super) fn parts(&mut self) -> (&mut R, &mut D) {
        (&mut self.inner, &mut self.decoder)
    }

    /// Ends the stream into the text buffer (the decoder's last call),
    /// after the direct path met the end.
    pub(super) fn finish(&mut self) {
        self.text.clear();
        self.pos = 0;
        let mut text = core::mem::take(&mut self.text);
        if let Err(e) = self.decoder.decode(&[], &mut text, true) {
            self.error = Some(e);
        }
        self.text = text;
        self.done = true;
    }

    /// Reads the inner reader once (retrying when interrupted) into the
    /// raw buffer and decodes what came into `out`; `Ok(false)` once the
    /// stream has ended. A decoding error is stored, after the text before
    /// it has been appended, and returned by the next call.
    fn decode_next(&mut self, out: &mut String) -> io::Result<bool> {
        if let Some(e) = self.error {
            return Err(super::invalid_data(e));
        }
        if self.done {
            return Ok(false);
        }
        let n = read_retrying(&mut self.inner, &mut self.raw)?;
        self.done = n == 0;
        if let Err(e) = self.decoder.decode(&self.raw[..n], out, self.done) {
            self.error = Some(e);
        }
        Ok(true)
    }

    pub(super) fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.is_empty() {
            self.text.clear();
            self.pos = 0;
            let mut text = core::mem::take(&mut self.text);
            let more = self.decode_next(&mut text);
            self.text = text;
            if !more? {
                break;
            }
        }
        Ok(self.buffer())
    }

    pub(super) fn consume(&mut self, amt: usize) {
        self.pos = (self.pos + amt).min(self.text.len());
    }

    pub(super) fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(out.len());
        out[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }

    /// The unconsumed text as a `str`: an error if a `read` or `consume`
    /// stopped inside a character (as std's `read_line` would report the
    /// rest of that character).
    fn rest(&self) -> io::Result<&str> {
        self.text.get(self.pos..).ok_or_else(inside_character)
    }

    /// `BufRead::read_line`, appending `&str`s of the decoded text.
    pub(super) fn read_line(&mut self, buf: &mut String) -> io::Result<usize> {
        let start = buf.len();
        loop {
            let r = self.fill_buf().map(|avail| avail.is_empty());
            match r {
                Ok(true) => return Ok(buf.len() - start),
                Ok(false) => {}
                Err(e) => return Err(self.undo_on_invalid(buf, start, e)),
            }
            if append_line(&self.text, &mut self.pos, buf)?.1 {
                return Ok(buf.len() - start);
            }
        }
    }

    /// `Read::read_to_string`: the buffered text, then each read decoded
    /// straight into `buf`.
    pub(super) fn read_to_string(&mut self, buf: &mut String) -> io::Result<usize> {
        let start = buf.len();
        buf.push_str(self.rest()?);
        self.pos = self.text.len();
        loop {
            match self.decode_next(buf) {
                Ok(true) => {}
                Ok(false) => return Ok(buf.len() - start),
                Err(e) => return Err(self.undo_on_invalid(buf, start, e)),
            }
        }
    }

    fn undo_on_invalid(&self, buf: &mut String, start: usize, e: io::Error) -> io::Error {
        undo_on_invalid(self.error.is_some(), buf, start, e)
    }
}

/// Appends `text[*pos..]` up to and including its first `\n` (all of it
/// if it has none) to `buf`, advancing `*pos`: the bytes appended, and
/// whether a `\n` ended them. A `\n` ends a character, so both ends are
/// boundaries; `*pos` itself may not be ([`inside_character`]).
pub(super) fn append_line(
    text: &str,
    pos: &mut usize,
    buf: &mut String,
) -> io::Result<(usize, bool)> {
    let rest = text.get(*pos..).ok_or_else(inside_character)?;
    let (n, found) = match find_newline(rest.as_bytes()) {
        Some(i) => (i + 1, true),
        None => (rest.len(), false),
    };
    buf.push_str(&rest[..n]);
    *pos += n;
    Ok((n, found))
}

/// As std's `read_line` and `read_to_string` do, a call that meets
/// invalid data (`decode_error`: the reader's decoder reported it)
/// appends nothing: `buf` goes back to its length `start`.
pub(super) fn undo_on_invalid(
    decode_error: bool,
    buf: &mut String,
    start: usize,
    e: io::Error,
) -> io::Error {
    if decode_error && e.kind() == ErrorKind::InvalidData {
        buf.truncate(start);
    }
    e
}

/// The error of a line or string read that starts inside a character,
/// after a byte-wise `read` or `consume` that stopped in the middle of
/// one (std's `read_line` would report the rest of that character).
pub(super) fn inside_character() -> io::Error {
    io::Error::new(
        ErrorKind::InvalidData,
        "the reader is inside a character: an earlier read or consume stopped in the middle of one",
    )
}

/// Reads once into `buf`, retrying when interrupted (as std's readers
/// do).
pub(super) fn read_retrying(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match r.read(buf) {
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            r => return r,
        }
    }
}

/// The index of the first `\n` in `bytes`: `arch::find_byte`, with the
/// target's baseline vectors. Always inlined: it is most of the lines
/// codec's work per line, and with callers in the readers too, LLVM's
/// plain `#[inline]` left the codec 4 % slower (measured with
/// `bench/examples/io.rs`).
#[inline(always)]
pub(crate) fn find_newline(bytes: &[u8]) -> Option<usize> {
    crate::arch::find_byte(bytes, b'\n')
}

/// The index of the last `\n` in `bytes` (once a batch of lines, a word
/// at a time).
#[cfg(feature = "tokio")]
#[inline]
pub(crate) fn rfind_newline(bytes: &[u8]) -> Option<usize> {
    crate::scalar::find::rfind_byte(bytes, b'\n')
}
