//! Exact UTF-8 errors, and single-character decoding.
//!
//! The grammar (RFC 3629 section 4), which the `match` arms below follow:
//!
//! ```text
//! UTF8-1 = %x00-7F
//! UTF8-2 = %xC2-DF UTF8-tail
//! UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
//!          %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
//! UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
//!          %xF4 %x80-8F 2( UTF8-tail )
//! ```

use crate::error::{Utf8Error, Utf8ErrorKind};

/// Whether `b` is a continuation byte (`10xxxxxx`).
#[inline(always)]
pub(crate) const fn is_continuation(b: u8) -> bool {
    (b as i8) < -0x40
}

/// For a lead byte: the sequence width and the range allowed for the
/// second byte. `None` for bytes that cannot start a multi-byte sequence.
#[inline(always)]
const fn lead_info(b: u8) -> Option<(usize, u8, u8)> {
    Some(match b {
        0xC2..=0xDF => (2, 0x80, 0xBF),
        0xE0 => (3, 0xA0, 0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80, 0xBF),
        0xED => (3, 0x80, 0x9F),
        0xF0 => (4, 0x90, 0xBF),
        0xF1..=0xF3 => (4, 0x80, 0xBF),
        0xF4 => (4, 0x80, 0x8F),
        _ => return None,
    })
}

/// The error at `bytes[i]`, which is a non-ASCII byte that does not start a
/// valid character. Classifies the maximal invalid subpart starting there.
#[cold]
pub(crate) fn error_at(bytes: &[u8], i: usize) -> Utf8Error {
    let b = bytes[i];
    let Some((width, lo, hi)) = lead_info(b) else {
        let kind = if is_continuation(b) {
            Utf8ErrorKind::UnexpectedContinuation
        } else {
            Utf8ErrorKind::InvalidByte
        };
        return Utf8Error::new(i, 1, kind);
    };
    let Some(&second) = bytes.get(i + 1) else {
        return Utf8Error::new(i, 0, Utf8ErrorKind::Truncated);
    };
    if !(lo..=hi).contains(&second) {
        let kind = match (b, is_continuation(second)) {
            (_, false) => Utf8ErrorKind::MissingContinuation,
            (0xE0 | 0xF0, true) => Utf8ErrorKind::Overlong,
            (0xED, true) => Utf8ErrorKind::Surrogate,
            (0xF4, true) => Utf8ErrorKind::TooLarge,
            // Only E0, ED, F0 and F4 restrict their second byte below the
            // full continuation range.
            _ => unreachable!("lead {b:#x} rejects continuation {second:#x}"),
        };
        return Utf8Error::new(i, 1, kind);
    }
    for k in 2..width {
        match bytes.get(i + k) {
            None => return Utf8Error::new(i, 0, Utf8ErrorKind::Truncated),
            Some(&c) if !is_continuation(c) => {
                return Utf8Error::new(i, k as u8, Utf8ErrorKind::MissingContinuation)
            }
            Some(_) => {}
        }
    }
    unreachable!("error_at called on a valid character at {i}")
}

/// Decodes the non-ASCII character at `bytes[i]` in one pass, for the hot
/// loop of lossy decoding through dense errors: `Ok((scalar value,
/// width))`, or `Err(n)` where no valid character starts there, `n` being
/// the length of the maximal invalid subpart (Unicode 3.9), 1 to 3 bytes,
/// or all the bytes left when the input ends inside a character that is
/// valid so far. The same answers as [`decode`] and [`error_at`]'s
/// lengths.
#[inline(always)]
pub(crate) fn decode_or_subpart(bytes: &[u8], i: usize) -> Result<(u32, usize), usize> {
    let b = bytes[i];
    let Some((width, lo, hi)) = lead_info(b) else {
        return Err(1);
    };
    // Where four bytes are left (nearly always), one bounds check, and no
    // loop over the continuations.
    if let Some(&[_, second, third, fourth]) = bytes[i..].first_chunk::<4>() {
        if second < lo || second > hi {
            return Err(1);
        }
        let c2 = ((b as u32) & (0x7F >> width)) << 6 | (second as u32 & 0x3F);
        if width == 2 {
            return Ok((c2, 2));
        }
        if !is_continuation(third) {
            return Err(2);
        }
        let c3 = c2 << 6 | (third as u32 & 0x3F);
        if width == 3 {
            return Ok((c3, 3));
        }
        if !is_continuation(fourth) {
            return Err(3);
        }
        return Ok((c3 << 6 | (fourth as u32 & 0x3F), 4));
    }
    let rest = bytes.len() - i;
    let Some(&second) = bytes.get(i + 1) else {
        return Err(rest);
    };
    if second < lo || second > hi {
        return Err(1);
    }
    let mut c = ((b as u32) & (0x7F >> width)) << 6 | (second as u32 & 0x3F);
    for k in 2..width {
        let Some(&t) = bytes.get(i + k) else {
            return Err(rest);
        };
        if !is_continuation(t) {
            return Err(k);
        }
        c = c << 6 | (t as u32 & 0x3F);
    }
    Ok((c, width))
}

/// Decodes the character at `bytes[i]`: `Some((scalar value, width))`, or
/// `None` if no valid character starts there (including truncation).
#[inline(always)]
pub(crate) fn decode(bytes: &[u8], i: usize) -> Option<(u32, usize)> {
    let b = *bytes.get(i)?;
    if b < 0x80 {
        return Some((b as u32, 1));
    }
    let (width, lo, hi) = lead_info(b)?;
    let second = *bytes.get(i + 1)?;
    if second < lo || second > hi {
        return None;
    }
    let mut c = ((b as u32) & (0x7F >> width)) << 6 | (second as u32 & 0x3F);
    for k in 2..width {
        let t = *bytes.get(i + k)?;
        if !is_continuation(t) {
            return None;
        }
        c = c << 6 | (t as u32 & 0x3F);
    }
    Some((c, width))
}

/// The first error in `bytes`, scanning from `start`, which must be a
/// character boundary with `bytes[..start]` valid. `None` if there is none.
pub(crate) fn first_error_from(bytes: &[u8], start: usize) -> Option<Utf8Error> {
    let mut i = start;
    while i < bytes.len() {
        i += super::ascii::ascii_prefix_len(&bytes[i..]);
        if i == bytes.len() {
            break;
        }
        match decode(bytes, i) {
            Some((_, w)) => i += w,
            None => return Some(error_at(bytes, i)),
        }
    }
    None
}

/// The one error path of every UTF-8 validator: turns "something is wrong
/// at or after `pos`" into the exact [`Utf8Error`].
///
/// Contract: `bytes[..pos]` is valid UTF-8 except perhaps for an incomplete
/// last character (at most 3 bytes), and the first error lies in or after
/// that character. Every kernel guarantees this for the start of the block
/// it flags (errors are detected at the latest in the block after the one
/// holding the lead byte, and a sequence is at most 4 bytes).
///
/// Backs up over at most 3 continuation bytes plus their lead, which is the
/// start of the last (possibly incomplete) character, then rescans with
/// the scalar decoder.
///
/// Returns `None` if there is no error after all; kernels treat that as
/// valid (the scalar answer is the reference).
#[cold]
#[inline(never)]
pub(crate) fn rewind(bytes: &[u8], pos: usize) -> Option<Utf8Error> {
    first_error_from(bytes, char_start(bytes, pos))
}

/// Under the contract of [`rewind`] for `pos`: the start of the last,
/// possibly incomplete, character of `bytes[..pos]` (backing up over at
/// most 3 continuation bytes and their lead), a character boundary with
/// everything before it valid.
#[inline]
pub(crate) fn char_start(bytes: &[u8], pos: usize) -> usize {
    let pos = pos.min(bytes.len());
    let mut start = pos;
    while start > 0 && pos - start < 3 && is_continuation(bytes[start - 1]) {
        start -= 1;
    }
    if start > 0 && bytes[start - 1] >= 0xC0 {
        start -= 1;
    }
    start
}

#[cfg(test)]
mod tests {
    use super::{decode, decode_or_subpart, error_at};

    /// `decode_or_subpart` is `decode`, or `error_at`'s length where that
    /// fails (all the rest for a truncated character), for every sequence
    /// of up to three bytes from the bytes that decide UTF-8's grammar,
    /// alone and followed by more input.
    #[test]
    fn decode_or_subpart_is_decode_and_error_len() {
        let bytes = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
            0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ];
        let mut checked = 0;
        for &a in &bytes {
            for &b in &bytes {
                for &c in &bytes {
                    for tail in [&[][..], &[0x80, 0x80][..], &[0x41][..]] {
                        let s = [&[a, b, c][..], tail].concat();
                        for len in 1..=s.len() {
                            let s = &s[..len];
                            if s[0] < 0x80 {
                                continue;
                            }
                            let want = decode(s, 0)
                                .ok_or_else(|| error_at(s, 0).error_len().unwrap_or(s.len()));
                            assert_eq!(decode_or_subpart(s, 0), want, "{s:02X?}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
