//! A caller's byte buffer that only ever holds valid UTF-8 in its filled
//! prefix, so that the streaming decoders can hand back that prefix as a
//! `&str` without validating their own output again.
//!
//! Everything that reaches [`StrBuf`]'s prefix is whole characters by
//! construction: a `&str` or a `char` copied in, or the output of a
//! transcoder to UTF-8 committed through [`Sink`], whose contract for
//! `Utf8` is the second invariant of the module docs of `glue` (the same
//! one a `String` sink trusts). The one `from_utf8_unchecked` rests on
//! that, and debug builds check every commit.

use super::{scalar_valid, Sink};
use crate::arch::Out;
use crate::scalar::transcode::Utf8;

/// `buf[..len]` is valid UTF-8 (the type's invariant); `buf[len..]` is
/// room. No method shrinks `len` to anything but a character boundary.
pub(crate) struct StrBuf<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> StrBuf<'a> {
    /// An empty text over all of `buf` (whose bytes are overwritten).
    #[inline]
    pub(crate) fn new(buf: &'a mut [u8]) -> Self {
        StrBuf { buf, len: 0 }
    }

    /// The bytes of text held.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The bytes of room left.
    #[inline]
    pub(crate) fn room(&self) -> usize {
        self.buf.len() - self.len
    }

    /// Appends `c`; false (and nothing written) if it does not fit.
    #[inline]
    pub(crate) fn push_char(&mut self, c: char) -> bool {
        let n = c.len_utf8();
        let Some(out) = self.buf.get_mut(self.len..self.len + n) else {
            return false;
        };
        c.encode_utf8(out);
        self.len += n;
        true
    }

    /// Appends `s`; false (and nothing written) if it does not fit.
    #[inline]
    pub(crate) fn push_str(&mut self, s: &str) -> bool {
        let Some(out) = self.buf.get_mut(self.len..self.len + s.len()) else {
            return false;
        };
        out.copy_from_slice(s.as_bytes());
        self.len += s.len();
        true
    }

    /// Drops the text after `len` bytes, if `len` is a character boundary
    /// of it (as every earlier [`len`](Self::len) is); else changes
    /// nothing.
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        if self.as_str().is_char_boundary(len) {
            self.len = len;
        }
    }

    /// The text so far.
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        // SAFETY: the type's invariant: `buf[..len]` was filled only by
        // `push_char` and `push_str` (whole characters, copied from a
        // `char` and a `str`) and by `commit` (whole characters of valid
        // UTF-8, the contract of `Sink` for `Utf8`), each appending
        // right after the text held; `truncate` cuts only at a character
        // boundary.
        unsafe { core::str::from_utf8_unchecked(&self.buf[..self.len]) }
    }

    /// The text, for the buffer's whole lifetime.
    #[inline]
    pub(crate) fn into_str(self) -> &'a str {
        let StrBuf { buf, len } = self;
        // SAFETY: as in `as_str`: `buf[..len]` is valid UTF-8 by the
        // type's invariant.
        unsafe { core::str::from_utf8_unchecked(&buf[..len]) }
    }
}

// SAFETY: the room is the caller's initialised memory, and `out`'s
// contract keeps it so; `commit` takes only whole characters of valid
// UTF-8 (its contract for `Utf8`: the transcoders write nothing else, the
// second invariant of the module docs), so the text stays valid UTF-8.
// Only UTF-8 output can reach a `StrBuf`: the impl is for `Utf8` alone.
unsafe impl Sink<Utf8> for StrBuf<'_> {
    #[inline(always)]
    unsafe fn out(&mut self) -> &mut Out<u8> {
        let room: *mut [u8] = &mut self.buf[self.len..];
        // SAFETY: `MaybeUninit<u8>` has the size, alignment and validity
        // of `u8` minus the initialisation guarantee, so the cast is a
        // valid reborrow of the same memory; the caller writes only
        // initialised values through it (the `out` contract).
        unsafe { &mut *(room as *mut Out<u8>) }
    }
    #[inline(always)]
    unsafe fn commit(&mut self, written: usize) {
        debug_assert!(written <= self.room(), "committed past the room");
        debug_assert!(
            scalar_valid(&self.buf[self.len..self.len + written]),
            "a transcoder to UTF-8 wrote invalid UTF-8"
        );
        self.len += written;
    }
}
