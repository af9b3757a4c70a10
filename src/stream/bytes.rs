//! The UTF-16 and UTF-32 decoders' byte input (`decode_bytes_*`): a
//! stream of UTF-16LE/BE or UTF-32LE/BE as `&[u8]` chunks at any address
//! and of any length, the bytes of a code unit split between chunks kept
//! in the decoder until the chunk that completes it.
//!
//! Each chunk's whole units go to the decoder's `&[u16]`/`&[u32]` loop:
//! in place where the chunk's address allows (UTF-16 at an even address,
//! UTF-32 in the target's order at a multiple of 4), else through the
//! byte-input functions' stack buffer ([`for_each_run`]), so a chunk is
//! converted as fast as the whole-buffer
//! [`utf16le_bytes_to_utf8`](crate::utf16le_bytes_to_utf8) converts it.
//!
//! Positions are in bytes: an error's `valid_up_to` is its byte offset in
//! the stream (twice or four times the unit position), and `read` counts
//! bytes of the chunk. The end of a stream inside a code unit is
//! [`IncompleteUnit`](crate::Utf16ErrorKind::IncompleteUnit) in the strict
//! methods and one U+FFFD in the lossy ones; after a high surrogate that
//! the partial unit leaves unpaired, the strict error is that surrogate's
//! and the lossy U+FFFD stands for both (the WHATWG UTF-16 decoder's
//! single end-of-queue error), exactly as the whole-buffer functions
//! ([`utf16le_bytes_to_string_lossy`](crate::utf16le_bytes_to_string_lossy))
//! have it.

use super::{CoderResult, Endian, StreamError, Utf16Decoder, Utf32Decoder};
use crate::byte_order::{Be, Le};
use crate::bytes_input::{for_each_run, UnitBytes};
use crate::bytes_input::{Utf16Bytes, Utf32Bytes};
use crate::error::{Utf16Error, Utf16ErrorKind, Utf32Error, Utf32ErrorKind};
use crate::glue::str_buf::StrBuf;
use core::ops::ControlFlow;

/// The first bytes of a code unit that the input so far ends inside.
#[derive(Clone, Copy, Debug)]
pub(super) struct PartialUnit {
    bytes: [u8; 4],
    len: usize,
}

impl PartialUnit {
    /// No bytes pending.
    pub(super) const EMPTY: PartialUnit = PartialUnit { bytes: [0; 4], len: 0 };

    /// The pending bytes.
    fn as_slice(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// Appends `more` (which leaves the unit still incomplete).
    fn extend(&mut self, more: &[u8]) {
        self.bytes[self.len..self.len + more.len()].copy_from_slice(more);
        self.len += more.len();
    }
}

/// A decoder of code units that takes byte input: what the byte shell
/// (`feed`, `run_bytes`, `run_bytes_to_string`, `end_in_unit`)
/// needs of it, each hook a line or two on either decoder.
pub(super) trait ByteInput: Sized {
    /// The code unit of the decoder's `&[u16]`/`&[u32]` input.
    type Unit: Copy;
    /// The input's error.
    type Error: Copy;
    /// The bytes of a code unit split between chunks.
    fn partial(&mut self) -> &mut PartialUnit;
    /// The replacements the lossy methods made so far.
    fn replaced(&mut self) -> &mut u64;
    /// [`feed`] with the byte encoding of the decoder's byte order.
    fn feed_bytes(
        &mut self,
        src: &[u8],
        last: bool,
        step: &mut Step<'_, Self, Self::Unit, Self::Error>,
    ) -> Result<Fed, StreamError<Self::Error>>;
    /// The decoder's unit loop into a `StrBuf` (its `run`).
    fn run_units(
        &mut self,
        units: &[Self::Unit],
        out: &mut StrBuf<'_>,
        last: bool,
        lossy: bool,
    ) -> Result<(CoderResult, usize), StreamError<Self::Error>>;
    /// The decoder's unit loop appending to a `String` (its
    /// `run_to_string`): the replacements made.
    #[cfg(feature = "alloc")]
    fn units_to_string(
        &mut self,
        units: &[Self::Unit],
        dst: &mut alloc::string::String,
        last: bool,
        lossy: bool,
    ) -> Result<usize, StreamError<Self::Error>>;
    /// The strict error of a stream that ends inside a unit, at the
    /// position (in bytes) of what is pending.
    fn end_error(&self) -> Self::Error;
    /// Forgets what is pending before a partial last unit (a high
    /// surrogate), which the one U+FFFD of the end stands for too.
    fn drop_pending(&mut self);
}

impl ByteInput for Utf16Decoder {
    type Unit = u16;
    type Error = Utf16Error;
    fn partial(&mut self) -> &mut PartialUnit {
        &mut self.partial
    }
    fn replaced(&mut self) -> &mut u64 {
        &mut self.replaced
    }
    fn feed_bytes(
        &mut self,
        src: &[u8],
        last: bool,
        step: &mut Step<'_, Self, u16, Utf16Error>,
    ) -> Result<Fed, StreamError<Utf16Error>> {
        match self.endian() {
            Endian::Little => feed::<Utf16Bytes<Le>, Self>(self, src, last, step),
            Endian::Big => feed::<Utf16Bytes<Be>, Self>(self, src, last, step),
        }
    }
    fn run_units(
        &mut self,
        units: &[u16],
        out: &mut StrBuf<'_>,
        last: bool,
        lossy: bool,
    ) -> Result<(CoderResult, usize), StreamError<Utf16Error>> {
        self.run(units, out, last, lossy)
    }
    #[cfg(feature = "alloc")]
    fn units_to_string(
        &mut self,
        units: &[u16],
        dst: &mut alloc::string::String,
        last: bool,
        lossy: bool,
    ) -> Result<usize, StreamError<Utf16Error>> {
        self.run_to_string(units, dst, last, lossy)
    }
    fn end_error(&self) -> Utf16Error {
        let kind = match self.carry {
            Some(_) => Utf16ErrorKind::UnpairedHigh,
            None => Utf16ErrorKind::IncompleteUnit,
        };
        Utf16Error::new(2 * self.pos, kind)
    }
    fn drop_pending(&mut self) {
        if self.carry.take().is_some() {
            self.pos += 1;
        }
    }
}

impl ByteInput for Utf32Decoder {
    type Unit = u32;
    type Error = Utf32Error;
    fn partial(&mut self) -> &mut PartialUnit {
        &mut self.partial
    }
    fn replaced(&mut self) -> &mut u64 {
        &mut self.replaced
    }
    fn feed_bytes(
        &mut self,
        src: &[u8],
        last: bool,
        step: &mut Step<'_, Self, u32, Utf32Error>,
    ) -> Result<Fed, StreamError<Utf32Error>> {
        match self.endian() {
            Endian::Little => feed::<Utf32Bytes<Le>, Self>(self, src, last, step),
            Endian::Big => feed::<Utf32Bytes<Be>, Self>(self, src, last, step),
        }
    }
    fn run_units(
        &mut self,
        units: &[u32],
        out: &mut StrBuf<'_>,
        _last: bool,
        lossy: bool,
    ) -> Result<(CoderResult, usize), StreamError<Utf32Error>> {
        self.run(units, out, lossy)
    }
    #[cfg(feature = "alloc")]
    fn units_to_string(
        &mut self,
        units: &[u32],
        dst: &mut alloc::string::String,
        _last: bool,
        lossy: bool,
    ) -> Result<usize, StreamError<Utf32Error>> {
        self.run_to_string(units, dst, lossy)
    }
    fn end_error(&self) -> Utf32Error {
        Utf32Error::new(4 * self.pos, Utf32ErrorKind::IncompleteUnit)
    }
    fn drop_pending(&mut self) {}
}

/// How [`feed`] left a chunk.
pub(super) enum Fed {
    /// `(result, bytes read)`, as a `decode_bytes_*` call returns it.
    Done(CoderResult, usize),
    /// `last`, and the stream ends inside a code unit whose bytes start at
    /// `src[at..]` (or, at 0, in the pending partial unit): the decoder
    /// reports or replaces it.
    Incomplete { at: usize },
}

/// One step of a decoder's unit loop: `(units, last)` to
/// `(result, units read)`, or a strict error whose `read` counts units of
/// `units` and whose position is in units of the stream.
pub(super) type Step<'s, D, U, E> =
    dyn FnMut(&mut D, &[U], bool) -> Result<(CoderResult, usize), StreamError<E>> + 's;

/// Feeds the code units of the byte chunk `src` (encoding `U`) to `step`:
/// first the pending partial unit completed from `src`'s first bytes, then
/// the whole units (in place or copied, see the module docs). `step`'s
/// `last` is true only for the units that end the stream, so that with a
/// partial unit at the very end a high surrogate before it stays pending
/// for the decoder's end-of-stream step. Errors come back in bytes.
fn feed<U: UnitBytes, D: ByteInput>(
    d: &mut D,
    src: &[u8],
    last: bool,
    step: &mut Step<'_, D, U::Unit, U::Error>,
) -> Result<Fed, StreamError<U::Error>> {
    let size = U::SIZE;
    let in_bytes = |e: StreamError<U::Error>, at: usize| StreamError {
        error: U::in_bytes(e.error, 0),
        read: at + e.read * size,
        written: e.written,
    };
    let mut i = 0;
    let pending = *d.partial();
    if pending.len > 0 {
        let need = size - pending.len;
        if src.len() < need {
            if last {
                return Ok(Fed::Incomplete { at: 0 });
            }
            d.partial().extend(src);
            return Ok(Fed::Done(CoderResult::InputEmpty, src.len()));
        }
        let mut bytes = pending.bytes;
        bytes[pending.len..size].copy_from_slice(&src[..need]);
        let unit = U::load(&bytes[..size]);
        // A one-unit step reads all or nothing: on `OutputFull` nothing of
        // `src` is read and the partial unit stays as it was.
        match step(d, &[unit], last && src.len() == need) {
            Ok((CoderResult::InputEmpty, _)) => {}
            Ok((CoderResult::OutputFull, _)) => return Ok(Fed::Done(CoderResult::OutputFull, 0)),
            Err(e) => return Err(in_bytes(e, 0)),
        }
        *d.partial() = PartialUnit::EMPTY;
        i = need;
    }
    let rest = &src[i..];
    let tail = rest.len() % size;
    let whole = &rest[..rest.len() - tail];
    let ends = last && tail == 0;
    if whole.is_empty() {
        // The decoder still sees the end of the stream (a high surrogate
        // it keeps is then unpaired).
        if let (CoderResult::OutputFull, _) = step(d, &[], ends).map_err(|e| in_bytes(e, i))? {
            return Ok(Fed::Done(CoderResult::OutputFull, i));
        }
    } else {
        let flow = for_each_run::<U, _>(whole, |units, at| {
            let end = ends && at + units.len() * size == whole.len();
            match step(d, units, end) {
                Ok((CoderResult::InputEmpty, _)) => ControlFlow::Continue(()),
                Ok((CoderResult::OutputFull, read)) => ControlFlow::Break(Ok(i + at + read * size)),
                Err(e) => ControlFlow::Break(Err(in_bytes(e, i + at))),
            }
        });
        if let ControlFlow::Break(r) = flow {
            return r.map(|read| Fed::Done(CoderResult::OutputFull, read));
        }
    }
    let at = src.len() - tail;
    if tail > 0 {
        if last {
            return Ok(Fed::Incomplete { at });
        }
        d.partial().extend(&src[at..]);
    }
    Ok(Fed::Done(CoderResult::InputEmpty, src.len()))
}

/// The end of the stream inside a code unit at `src[at..]` (`src` being
/// `len` bytes): the strict error (`written` so far), or one U+FFFD
/// through `push` for the partial unit and anything pending before it.
fn end_in_unit<D: ByteInput>(
    d: &mut D,
    (at, len): (usize, usize),
    lossy: bool,
    written: usize,
    push: impl FnOnce() -> bool,
) -> Result<(CoderResult, usize), StreamError<D::Error>> {
    if !lossy {
        return Err(StreamError { error: d.end_error(), read: at, written });
    }
    if !push() {
        return Ok((CoderResult::OutputFull, at));
    }
    d.drop_pending();
    *d.partial() = PartialUnit::EMPTY;
    *d.replaced() += 1;
    Ok((CoderResult::InputEmpty, len))
}

/// The byte-input loop of the slice and `str` outputs.
fn run_bytes<D: ByteInput>(
    d: &mut D,
    src: &[u8],
    out: &mut StrBuf<'_>,
    last: bool,
    lossy: bool,
) -> Result<(CoderResult, usize), StreamError<D::Error>> {
    let fed =
        d.feed_bytes(src, last, &mut |d, units, last| d.run_units(units, out, last, lossy))?;
    match fed {
        Fed::Done(result, read) => Ok((result, read)),
        Fed::Incomplete { at } => {
            let written = out.len();
            end_in_unit(d, (at, src.len()), lossy, written, || {
                out.push_char(char::REPLACEMENT_CHARACTER)
            })
        }
    }
}

/// The byte-input loop of the `String` outputs: returns the number of
/// replacements.
#[cfg(feature = "alloc")]
fn run_bytes_to_string<D: ByteInput>(
    d: &mut D,
    src: &[u8],
    dst: &mut alloc::string::String,
    last: bool,
    lossy: bool,
) -> Result<usize, StreamError<D::Error>> {
    let (start, before) = (dst.len(), *d.replaced());
    let fed = d.feed_bytes(src, last, &mut |d, units, last| {
        d.units_to_string(units, dst, last, lossy).map(|_| (CoderResult::InputEmpty, units.len()))
    });
    let fed = fed.map_err(|e| StreamError { written: dst.len() - start, ..e })?;
    if let Fed::Incomplete { at } = fed {
        end_in_unit(d, (at, src.len()), lossy, dst.len() - start, || {
            dst.push(char::REPLACEMENT_CHARACTER);
            true
        })?;
    }
    Ok((*d.replaced() - before) as usize)
}

impl Utf16Decoder {
    /// Takes out the byte of a unit split between byte chunks, for a
    /// reader that reads the bytes after it straight into unit storage
    /// (and gives back, with [`keep_pending_byte`](Self::keep_pending_byte),
    /// the byte its own read leaves over).
    #[cfg(all(feature = "std", feature = "single-byte"))]
    pub(crate) fn take_pending_byte(&mut self) -> Option<u8> {
        let byte = self.partial.as_slice().first().copied();
        self.partial = PartialUnit::EMPTY;
        byte
    }

    /// Keeps `byte` as the first half of the next unit (none is pending).
    #[cfg(all(feature = "std", feature = "single-byte"))]
    pub(crate) fn keep_pending_byte(&mut self, byte: u8) {
        debug_assert_eq!(self.partial.len, 0, "a byte is already pending");
        self.partial.extend(&[byte]);
    }

    /// The bytes of a unit split between byte chunks, kept for the next
    /// call (empty after a `&[u16]` call, and after a chunk that ends on
    /// a unit boundary).
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf16Decoder};
    /// let mut d = Utf16Decoder::with_endian(Endian::Little);
    /// let mut buf = [0u8; 8];
    /// let _ = d.decode_bytes_to_utf8(&[0x61, 0x00, 0xAC], &mut buf, false).unwrap();
    /// assert_eq!(d.pending_bytes(), &[0xAC]);
    /// ```
    #[must_use]
    #[inline]
    pub fn pending_bytes(&self) -> &[u8] {
        self.partial.as_slice()
    }

    /// An output length that lets the next byte call consume `src_len`
    /// bytes completely, strict or lossy: 3 bytes for each unit that the
    /// pending bytes and `src_len` make (a partial last unit counted as
    /// one, for its U+FFFD), plus 3 if a high surrogate is pending.
    ///
    /// ```
    /// let d = rapidutf::stream::Utf16Decoder::new();
    /// assert_eq!(d.max_utf8_len_for_bytes(5), 9);
    /// ```
    #[must_use]
    #[inline]
    pub const fn max_utf8_len_for_bytes(&self, src_len: usize) -> usize {
        let units = src_len.saturating_add(self.partial.len).saturating_add(1) / 2;
        units.saturating_add(self.carry.is_some() as usize).saturating_mul(3)
    }

    /// Converts the next chunk of UTF-16 bytes (in the decoder's
    /// [byte order](Self::endian)) to UTF-8, strictly: the byte-input form
    /// of [`decode_to_utf8`](Self::decode_to_utf8), for input read as
    /// bytes at any address and split anywhere, a unit's two bytes
    /// included.
    ///
    /// Returns `(result, read, written)`: `src[..read]` was consumed (a
    /// trailing odd byte, or a high surrogate, counts as read and is kept
    /// for the next call) and `dst[..written]` holds its conversion,
    /// ending on a character boundary. `dst.len() >= 4` guarantees
    /// progress, and
    /// `dst.len() >= self.max_utf8_len_for_bytes(src.len())` that all of
    /// `src` is read.
    ///
    /// # Errors
    ///
    /// The stream's first unpaired surrogate at its byte offset in the
    /// stream, or, with `last`, a stream that ends inside a unit
    /// ([`IncompleteUnit`](Utf16ErrorKind::IncompleteUnit) at that unit;
    /// [`UnpairedHigh`](Utf16ErrorKind::UnpairedHigh) if a high surrogate
    /// comes before it), with the progress made before it in bytes (see
    /// [`StreamError`]).
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Endian, Utf16Decoder};
    /// use rapidutf::Utf16ErrorKind;
    ///
    /// // "h€" in UTF-16LE (68 00 AC 20), split inside the euro sign.
    /// let mut d = Utf16Decoder::with_endian(Endian::Little);
    /// let mut buf = [0u8; 8];
    /// assert_eq!(d.decode_bytes_to_utf8(&[0x68, 0x00, 0xAC], &mut buf, false), Ok((CoderResult::InputEmpty, 3, 1)));
    /// assert_eq!(d.decode_bytes_to_utf8(&[0x20], &mut buf, false), Ok((CoderResult::InputEmpty, 1, 3)));
    /// assert_eq!(&buf[..3], "€".as_bytes());
    /// // A stream that ends after half a unit.
    /// let e = d.decode_bytes_to_utf8(&[0x41], &mut buf, true).unwrap_err();
    /// assert_eq!((e.error().valid_up_to(), e.error().kind()), (4, Utf16ErrorKind::IncompleteUnit));
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_bytes_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf16Error>> {
        let mut out = StrBuf::new(dst);
        let (result, read) = run_bytes(self, src, &mut out, last, false)?;
        Ok((result, read, out.len()))
    }

    /// [`decode_bytes_to_utf8`](Self::decode_bytes_to_utf8), replacing
    /// each unpaired surrogate with U+FFFD, and a stream that ends inside
    /// a unit with one more (one in all, after a high surrogate): the
    /// output of
    /// [`utf16le_bytes_to_string_lossy`](crate::utf16le_bytes_to_string_lossy)
    /// on the whole stream, for every chunking. Every replacement is
    /// counted in [`replacements`](Self::replacements).
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Endian, Utf16Decoder};
    /// let mut d = Utf16Decoder::with_endian(Endian::Big);
    /// let mut buf = [0u8; 8];
    /// // "A" in UTF-16BE, then an odd byte at the end of the stream.
    /// assert_eq!(d.decode_bytes_to_utf8_lossy(&[0x00, 0x41, 0xD8], &mut buf, true), (CoderResult::InputEmpty, 3, 4));
    /// assert_eq!(&buf[..4], "A\u{FFFD}".as_bytes());
    /// assert_eq!(d.replacements(), 1);
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_bytes_to_utf8_lossy(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        let mut out = StrBuf::new(dst);
        match run_bytes(self, src, &mut out, last, true) {
            Ok((result, read)) => (result, read, out.len()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// [`decode_bytes_to_utf8`](Self::decode_bytes_to_utf8), returning
    /// what this call wrote as a `&str` (`dst[..written]`, which ends on a
    /// character boundary).
    ///
    /// # Errors
    ///
    /// As [`decode_bytes_to_utf8`](Self::decode_bytes_to_utf8).
    ///
    /// # Panics
    ///
    /// Never: every `dst` size is handled.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Endian, Utf16Decoder};
    /// let mut d = Utf16Decoder::with_endian(Endian::Little);
    /// let mut buf = [0u8; 8];
    /// // "𝄞" (D834 DD1E), cut after three of its four bytes.
    /// assert_eq!(d.decode_bytes_to_str(&[0x34, 0xD8, 0x1E], &mut buf, false), Ok((CoderResult::InputEmpty, 3, "")));
    /// assert_eq!(d.decode_bytes_to_str(&[0xDD], &mut buf, true), Ok((CoderResult::InputEmpty, 1, "𝄞")));
    /// ```
    #[must_use = "`read` says how much of `src` was consumed"]
    #[inline]
    pub fn decode_bytes_to_str<'a>(
        &mut self,
        src: &[u8],
        dst: &'a mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, &'a str), StreamError<Utf16Error>> {
        let mut out = StrBuf::new(dst);
        let (result, read) = run_bytes(self, src, &mut out, last, false)?;
        Ok((result, read, out.into_str()))
    }

    /// [`decode_bytes_to_utf8_lossy`](Self::decode_bytes_to_utf8_lossy),
    /// returning what this call wrote as a `&str`.
    ///
    /// # Panics
    ///
    /// Never: every `dst` size is handled.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Endian, Utf16Decoder};
    /// let mut d = Utf16Decoder::with_endian(Endian::Little);
    /// let mut buf = [0u8; 8];
    /// // A lone high surrogate, then the stream ends inside a unit: one U+FFFD.
    /// assert_eq!(d.decode_bytes_to_str_lossy(&[0x00, 0xD8, 0x41], &mut buf, true), (CoderResult::InputEmpty, 3, "\u{FFFD}"));
    /// ```
    #[must_use = "`read` says how much of `src` was consumed"]
    #[inline]
    pub fn decode_bytes_to_str_lossy<'a>(
        &mut self,
        src: &[u8],
        dst: &'a mut [u8],
        last: bool,
    ) -> (CoderResult, usize, &'a str) {
        let mut out = StrBuf::new(dst);
        match run_bytes(self, src, &mut out, last, true) {
            Ok((result, read)) => (result, read, out.into_str()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }
}

#[cfg(feature = "alloc")]
impl Utf16Decoder {
    /// Appends the UTF-8 of the next chunk of UTF-16 bytes (in the
    /// decoder's [byte order](Self::endian)) to `dst`, strictly: the
    /// byte-input form of [`decode_to_string`](Self::decode_to_string).
    /// All of `src` is consumed (a trailing odd byte, or a high surrogate,
    /// is kept for the next call).
    ///
    /// # Errors
    ///
    /// As [`decode_bytes_to_utf8`](Self::decode_bytes_to_utf8), `written`
    /// counting the bytes appended.
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf16Decoder};
    /// // A UTF-16LE file read in chunks of 3 bytes.
    /// let file = [0x68, 0x00, 0x69, 0x00, 0x3D, 0xD8, 0x00, 0xDE];
    /// let mut d = Utf16Decoder::with_endian(Endian::Little);
    /// let mut s = String::new();
    /// for (k, chunk) in file.chunks(3).enumerate() {
    ///     d.decode_bytes_to_string(chunk, &mut s, k == 2).unwrap();
    /// }
    /// assert_eq!(s, "hi😀");
    /// ```
    #[inline]
    pub fn decode_bytes_to_string(
        &mut self,
        src: &[u8],
        dst: &mut alloc::string::String,
        last: bool,
    ) -> Result<(), StreamError<Utf16Error>> {
        run_bytes_to_string(self, src, dst, last, false).map(|_| ())
    }

    /// Appends the UTF-8 of the next chunk of UTF-16 bytes to `dst`,
    /// lossily, as
    /// [`decode_bytes_to_utf8_lossy`](Self::decode_bytes_to_utf8_lossy)
    /// converts it. Returns the number of replacements this call made.
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf16Decoder};
    /// let mut d = Utf16Decoder::with_endian(Endian::Big);
    /// let mut s = String::new();
    /// assert_eq!(d.decode_bytes_to_string_lossy(&[0xDC, 0x00, 0x00], &mut s, false), 1);
    /// assert_eq!(d.decode_bytes_to_string_lossy(&[0x41], &mut s, true), 0);
    /// assert_eq!(s, "\u{FFFD}A");
    /// ```
    #[inline]
    pub fn decode_bytes_to_string_lossy(
        &mut self,
        src: &[u8],
        dst: &mut alloc::string::String,
        last: bool,
    ) -> usize {
        match run_bytes_to_string(self, src, dst, last, true) {
            Ok(n) => n,
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }
}

impl Utf32Decoder {
    /// The bytes of a value split between byte chunks, kept for the next
    /// call.
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf32Decoder};
    /// let mut d = Utf32Decoder::with_endian(Endian::Little);
    /// let mut buf = [0u8; 8];
    /// let _ = d.decode_bytes_to_utf8(&[0x61, 0, 0, 0, 0xAC, 0x20], &mut buf, false).unwrap();
    /// assert_eq!(d.pending_bytes(), &[0xAC, 0x20]);
    /// ```
    #[must_use]
    #[inline]
    pub fn pending_bytes(&self) -> &[u8] {
        self.partial.as_slice()
    }

    /// An output length that lets the next byte call consume `src_len`
    /// bytes completely, strict or lossy: 4 bytes for each value that the
    /// pending bytes and `src_len` make, a partial last value counted as
    /// one (for its U+FFFD).
    ///
    /// ```
    /// let d = rapidutf::stream::Utf32Decoder::new();
    /// assert_eq!(d.max_utf8_len_for_bytes(9), 12);
    /// ```
    #[must_use]
    #[inline]
    pub const fn max_utf8_len_for_bytes(&self, src_len: usize) -> usize {
        let values = src_len.saturating_add(self.partial.len).saturating_add(3) / 4;
        values.saturating_mul(4)
    }

    /// Converts the next chunk of UTF-32 bytes (in the decoder's
    /// [byte order](Self::endian)) to UTF-8, strictly: the byte-input form
    /// of [`decode_to_utf8`](Self::decode_to_utf8), for input read as
    /// bytes at any address and split anywhere, inside a value included.
    ///
    /// Returns `(result, read, written)` as
    /// [`Utf16Decoder::decode_bytes_to_utf8`] does; `dst.len() >= 4`
    /// guarantees progress, and
    /// `dst.len() >= self.max_utf8_len_for_bytes(src.len())` that all of
    /// `src` is read.
    ///
    /// # Errors
    ///
    /// The stream's first value that is not a Unicode scalar value at its
    /// byte offset in the stream, or, with `last`, a stream that ends
    /// inside a value
    /// ([`IncompleteUnit`](Utf32ErrorKind::IncompleteUnit)), with the
    /// progress made before it in bytes (see [`StreamError`]).
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Endian, Utf32Decoder};
    /// use rapidutf::Utf32ErrorKind;
    ///
    /// // "😀" in UTF-32BE (00 01 F6 00), split after two bytes, then a surrogate.
    /// let mut d = Utf32Decoder::with_endian(Endian::Big);
    /// let mut buf = [0u8; 8];
    /// assert_eq!(d.decode_bytes_to_utf8(&[0x00, 0x01], &mut buf, false), Ok((CoderResult::InputEmpty, 2, 0)));
    /// assert_eq!(d.decode_bytes_to_utf8(&[0xF6, 0x00], &mut buf, false), Ok((CoderResult::InputEmpty, 2, 4)));
    /// let e = d.decode_bytes_to_utf8(&[0, 0, 0xD8, 0], &mut buf, true).unwrap_err();
    /// assert_eq!((e.error().valid_up_to(), e.error().kind()), (4, Utf32ErrorKind::Surrogate));
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_bytes_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), StreamError<Utf32Error>> {
        let mut out = StrBuf::new(dst);
        let (result, read) = run_bytes(self, src, &mut out, last, false)?;
        Ok((result, read, out.len()))
    }

    /// [`decode_bytes_to_utf8`](Self::decode_bytes_to_utf8), replacing
    /// each value that is not a Unicode scalar value with U+FFFD, and a
    /// stream that ends inside a value with one more: the output of
    /// [`utf32le_bytes_to_string_lossy`](crate::utf32le_bytes_to_string_lossy)
    /// on the whole stream, for every chunking. Every replacement is
    /// counted in [`replacements`](Self::replacements).
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Endian, Utf32Decoder};
    /// let mut d = Utf32Decoder::with_endian(Endian::Little);
    /// let mut buf = [0u8; 8];
    /// assert_eq!(d.decode_bytes_to_utf8_lossy(&[0x41, 0, 0, 0, 0x42], &mut buf, true), (CoderResult::InputEmpty, 5, 4));
    /// assert_eq!(&buf[..4], "A\u{FFFD}".as_bytes());
    /// ```
    #[must_use = "`read` and `written` say how much of `src` was consumed and of `dst` filled"]
    #[inline]
    pub fn decode_bytes_to_utf8_lossy(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        let mut out = StrBuf::new(dst);
        match run_bytes(self, src, &mut out, last, true) {
            Ok((result, read)) => (result, read, out.len()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }

    /// [`decode_bytes_to_utf8`](Self::decode_bytes_to_utf8), returning
    /// what this call wrote as a `&str`.
    ///
    /// # Errors
    ///
    /// As [`decode_bytes_to_utf8`](Self::decode_bytes_to_utf8).
    ///
    /// # Panics
    ///
    /// Never: every `dst` size is handled.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Endian, Utf32Decoder};
    /// let mut d = Utf32Decoder::with_endian(Endian::Little);
    /// let mut buf = [0u8; 8];
    /// assert_eq!(d.decode_bytes_to_str(&[0xE9, 0, 0, 0], &mut buf, true), Ok((CoderResult::InputEmpty, 4, "é")));
    /// ```
    #[must_use = "`read` says how much of `src` was consumed"]
    #[inline]
    pub fn decode_bytes_to_str<'a>(
        &mut self,
        src: &[u8],
        dst: &'a mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, &'a str), StreamError<Utf32Error>> {
        let mut out = StrBuf::new(dst);
        let (result, read) = run_bytes(self, src, &mut out, last, false)?;
        Ok((result, read, out.into_str()))
    }

    /// [`decode_bytes_to_utf8_lossy`](Self::decode_bytes_to_utf8_lossy),
    /// returning what this call wrote as a `&str`.
    ///
    /// # Panics
    ///
    /// Never: every `dst` size is handled.
    ///
    /// ```
    /// use rapidutf::stream::{CoderResult, Endian, Utf32Decoder};
    /// let mut d = Utf32Decoder::with_endian(Endian::Big);
    /// let mut buf = [0u8; 8];
    /// assert_eq!(d.decode_bytes_to_str_lossy(&[0, 0x11, 0, 0], &mut buf, true), (CoderResult::InputEmpty, 4, "\u{FFFD}"));
    /// ```
    #[must_use = "`read` says how much of `src` was consumed"]
    #[inline]
    pub fn decode_bytes_to_str_lossy<'a>(
        &mut self,
        src: &[u8],
        dst: &'a mut [u8],
        last: bool,
    ) -> (CoderResult, usize, &'a str) {
        let mut out = StrBuf::new(dst);
        match run_bytes(self, src, &mut out, last, true) {
            Ok((result, read)) => (result, read, out.into_str()),
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }
}

#[cfg(feature = "alloc")]
impl Utf32Decoder {
    /// Appends the UTF-8 of the next chunk of UTF-32 bytes (in the
    /// decoder's [byte order](Self::endian)) to `dst`, strictly: the
    /// byte-input form of [`decode_to_string`](Self::decode_to_string).
    /// All of `src` is consumed (the bytes of a value it ends inside are
    /// kept for the next call).
    ///
    /// # Errors
    ///
    /// As [`decode_bytes_to_utf8`](Self::decode_bytes_to_utf8), `written`
    /// counting the bytes appended.
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf32Decoder};
    /// let file = [0x68, 0, 0, 0, 0x00, 0xF6, 0x01, 0x00];
    /// let mut d = Utf32Decoder::with_endian(Endian::Little);
    /// let mut s = String::new();
    /// for (k, chunk) in file.chunks(3).enumerate() {
    ///     d.decode_bytes_to_string(chunk, &mut s, k == 2).unwrap();
    /// }
    /// assert_eq!(s, "h😀");
    /// ```
    #[inline]
    pub fn decode_bytes_to_string(
        &mut self,
        src: &[u8],
        dst: &mut alloc::string::String,
        last: bool,
    ) -> Result<(), StreamError<Utf32Error>> {
        run_bytes_to_string(self, src, dst, last, false).map(|_| ())
    }

    /// Appends the UTF-8 of the next chunk of UTF-32 bytes to `dst`,
    /// lossily, as
    /// [`decode_bytes_to_utf8_lossy`](Self::decode_bytes_to_utf8_lossy)
    /// converts it. Returns the number of replacements this call made.
    ///
    /// ```
    /// use rapidutf::stream::{Endian, Utf32Decoder};
    /// let mut d = Utf32Decoder::with_endian(Endian::Little);
    /// let mut s = String::new();
    /// assert_eq!(d.decode_bytes_to_string_lossy(&[0x00, 0xD8, 0, 0, 0x41], &mut s, true), 2);
    /// assert_eq!(s, "\u{FFFD}\u{FFFD}");
    /// ```
    #[inline]
    pub fn decode_bytes_to_string_lossy(
        &mut self,
        src: &[u8],
        dst: &mut alloc::string::String,
        last: bool,
    ) -> usize {
        match run_bytes_to_string(self, src, dst, last, true) {
            Ok(n) => n,
            // The lossy path replaces errors instead of returning them.
            Err(e) => unreachable!("lossy decoding returned {e:?}"),
        }
    }
}
