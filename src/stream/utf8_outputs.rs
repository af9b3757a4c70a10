//! Where a [`Utf8Decoder`](super::Utf8Decoder) writes: the output forms
//! (UTF-8 into a `&str`-building buffer, UTF-16 in a byte order, UTF-32)
//! behind one trait, [`Output`], which its engine drives, with the
//! byte-level helpers the engine shares (a subpart's substitution, the
//! first character of a chunk, where an incomplete character starts).
//! Knows nothing of the decoder's state.

use super::Endian;
use crate::byte_order::{Be, Le};
use crate::dispatch::active_fns;
use crate::error::{TranscodeError, Utf8Error, Utf8ErrorKind};
use crate::glue::lossy::{utf8_lossy_sink, Lossy};
use crate::glue::str_buf::StrBuf;
use crate::scalar::transcode::{Utf16, Utf32, Utf8};
use crate::strategy::ErrorStrategy;
use crate::validate::split_valid_utf8;

/// An output form for UTF-8 input, over its destination: its bulk
/// conversion and how one character is written, both appending after what
/// was written so far.
pub(super) trait Output {
    /// A transcoder's contract (`Ok(units written)`, or the first problem
    /// in input order), with the units it wrote (on an error, the exact
    /// conversion of what came before it) already appended.
    fn transcode(&mut self, src: &[u8]) -> Result<usize, TranscodeError<Utf8Error>>;
    /// Appends the lossy decoding of `src` by the whole-buffer lossy
    /// engine (`glue::lossy`), each maximal invalid subpart handled by
    /// `strategy` and counted in `replaced`: `Ok(units written)` with all
    /// of `src` consumed, or `OutputTooSmall` at a character or subpart
    /// boundary, what was written before it appended. A character cut by
    /// the end of `src` is a subpart: the caller passes only the input
    /// whose decoding it wants decided.
    fn lossy(&mut self, src: &[u8], strategy: ErrorStrategy, replaced: &mut usize) -> Lossy;
    /// Appends `c`; false (and nothing written) if it does not fit.
    fn put(&mut self, c: char) -> bool;
    /// The units written so far.
    fn written(&self) -> usize;
    /// Drops what was written after the first `written` units (an earlier
    /// [`written`](Self::written)).
    fn rewind(&mut self, written: usize);
}

/// UTF-8 out, as text: valid stretches are validated by the SIMD
/// validator and copied as the `str`s it returns, so the output holds
/// whole characters only.
pub(super) struct StrOut<'a>(pub(super) StrBuf<'a>);
/// UTF-16 out in a byte order, through the SIMD transcoders.
pub(super) struct Utf16Out<'a> {
    endian: Endian,
    dst: &'a mut [u16],
    o: usize,
}
/// UTF-32 out, through the SIMD transcoder.
pub(super) struct Utf32Out<'a> {
    pub(super) dst: &'a mut [u32],
    pub(super) o: usize,
}

impl<'a> Utf16Out<'a> {
    pub(super) fn new(endian: Endian, dst: &'a mut [u16]) -> Self {
        Utf16Out { endian, dst, o: 0 }
    }
}

impl Output for StrOut<'_> {
    fn transcode(&mut self, src: &[u8]) -> Result<usize, TranscodeError<Utf8Error>> {
        // Only as much as fits is looked at.
        let w = src.len().min(self.0.room());
        let (valid, error) = split_valid_utf8(&src[..w]);
        let n = valid.len();
        self.0.push_str(valid);
        match error {
            None if w == src.len() => Ok(n),
            // All that fits is valid; the next character does not fit.
            None => Err(TranscodeError::OutputTooSmall { read: n, written: n }),
            // A character cut by the end of the room: it does not fit
            // (whether it is valid shows when there is room).
            Some(e) if w < src.len() && e.error_len().is_none() => {
                Err(TranscodeError::OutputTooSmall { read: n, written: n })
            }
            Some(error) => Err(TranscodeError::Invalid { error, written: n }),
        }
    }

    fn lossy(&mut self, src: &[u8], strategy: ErrorStrategy, replaced: &mut usize) -> Lossy {
        utf8_lossy_sink::<Utf8, _>(active_fns(), src, &mut self.0, strategy, false, replaced)
    }

    #[inline]
    fn put(&mut self, c: char) -> bool {
        self.0.push_char(c)
    }

    fn written(&self) -> usize {
        self.0.len()
    }

    fn rewind(&mut self, written: usize) {
        self.0.truncate(written);
    }
}

impl Output for Utf16Out<'_> {
    fn transcode(&mut self, src: &[u8]) -> Result<usize, TranscodeError<Utf8Error>> {
        let dst = &mut self.dst[self.o..];
        let r = match self.endian {
            Endian::Little => crate::utf8_to_utf16le(src, dst),
            Endian::Big => crate::utf8_to_utf16be(src, dst),
        };
        self.o += match &r {
            Ok(n) => *n,
            Err(e) => e.written(),
        };
        r
    }

    fn lossy(&mut self, src: &[u8], strategy: ErrorStrategy, replaced: &mut usize) -> Lossy {
        let (fns, dst) = (active_fns(), &mut self.dst[self.o..]);
        let r = match self.endian {
            Endian::Little => {
                utf8_lossy_sink::<Utf16<Le>, _>(fns, src, dst, strategy, false, replaced)
            }
            Endian::Big => {
                utf8_lossy_sink::<Utf16<Be>, _>(fns, src, dst, strategy, false, replaced)
            }
        };
        self.o += match &r {
            Ok(n) => *n,
            Err(e) => e.written(),
        };
        r
    }

    #[inline]
    fn put(&mut self, c: char) -> bool {
        let Some(out) = self.dst.get_mut(self.o..self.o + c.len_utf16()) else {
            return false;
        };
        for u in c.encode_utf16(out) {
            *u = self.endian.write(*u);
        }
        self.o += c.len_utf16();
        true
    }

    fn written(&self) -> usize {
        self.o
    }

    fn rewind(&mut self, written: usize) {
        self.o = written;
    }
}

impl Output for Utf32Out<'_> {
    fn transcode(&mut self, src: &[u8]) -> Result<usize, TranscodeError<Utf8Error>> {
        let r = crate::utf8_to_utf32(src, &mut self.dst[self.o..]);
        self.o += match &r {
            Ok(n) => *n,
            Err(e) => e.written(),
        };
        r
    }

    fn lossy(&mut self, src: &[u8], strategy: ErrorStrategy, replaced: &mut usize) -> Lossy {
        let dst = &mut self.dst[self.o..];
        let r = utf8_lossy_sink::<Utf32, _>(active_fns(), src, dst, strategy, false, replaced);
        self.o += match &r {
            Ok(n) => *n,
            Err(e) => e.written(),
        };
        r
    }

    #[inline]
    fn put(&mut self, c: char) -> bool {
        let Some(out) = self.dst.get_mut(self.o) else {
            return false;
        };
        *out = u32::from(c);
        self.o += 1;
        true
    }

    fn written(&self) -> usize {
        self.o
    }

    fn rewind(&mut self, written: usize) {
        self.o = written;
    }
}

/// Appends what `strategy` puts for the maximal invalid subpart `bad`,
/// all of it or nothing; false if it does not fit.
pub(super) fn substitute<O: Output>(out: &mut O, strategy: ErrorStrategy, bad: &[u8]) -> bool {
    let start = out.written();
    let fits = strategy.substitute(bad, |c| out.put(c));
    if !fits {
        out.rewind(start);
    }
    fits
}

/// The first character of `bytes` and its width, or the error at the
/// start of `bytes` (relative to it).
pub(super) fn decode_first(bytes: &[u8]) -> Result<(char, usize), Utf8Error> {
    let (valid, err) = match crate::validate_utf8(bytes) {
        Ok(s) => (s, None),
        Err(e) => (crate::validate_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(), Some(e)),
    };
    match (valid.chars().next(), err) {
        (Some(c), _) => Ok((c, c.len_utf8())),
        (None, Some(e)) => Err(e),
        // Empty input: nothing to decode yet.
        (None, None) => Err(Utf8Error::new(0, 0, Utf8ErrorKind::Truncated)),
    }
}

/// What the start of a chunk does to the incomplete character carried
/// from the previous one (see [`Utf8Decoder::complete_carry`](super::Utf8Decoder::complete_carry)).
pub(super) enum Carry {
    /// Nothing was carried.
    None,
    /// Still incomplete: the chunk (all of it) joins the carry.
    Pending,
    /// The carry and the chunk's first `usize` bytes make this character.
    Char(char, usize),
    /// The carry and the chunk's first `usize` bytes are a maximal invalid
    /// subpart, whose error (relative to the carry's start) this is; at
    /// the end of the stream, a truncated character is one too.
    Invalid(Utf8Error, usize),
}

/// Where the bytes of `src` from `from` on that a call can decide end:
/// `src.len()` with `last`, else before an incomplete character at the
/// end, which the decoder keeps for the next call.
pub(super) fn decided_end(src: &[u8], from: usize, last: bool) -> usize {
    if last {
        src.len()
    } else {
        from.max(incomplete_tail(src))
    }
}

/// Where an incomplete character at the end of `src` starts (`src.len()`
/// if there is none): the last lead byte among the final three bytes, if
/// the sequence it starts is longer than the bytes left and they are a
/// valid start of it (bytes that can no longer become a character, such
/// as `E0 80`, are decided with the rest).
fn incomplete_tail(src: &[u8]) -> usize {
    let n = src.len();
    for k in 1..=n.min(3) {
        let b = src[n - k];
        if b >= 0xC0 {
            let width = match b {
                0xF0.. => 4,
                0xE0.. => 3,
                _ => 2,
            };
            let open = |e: Utf8Error| e.error_len().is_none();
            return if width > k && crate::validate_utf8(&src[n - k..]).is_err_and(open) {
                n - k
            } else {
                n
            };
        }
        if b < 0x80 {
            break;
        }
    }
    n
}
