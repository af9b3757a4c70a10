//! The shared machinery of the derivatives: scans for the few bytes or
//! units that need special handling, generalized UTF-8 decoding (UTF-8
//! plus surrogate code points), and the driver that hands valid UTF-8
//! stretches to the dispatched validator and transcoders.

use super::EncodingError;
use crate::error::{Utf8Error, Utf8ErrorKind};
use crate::scalar::ascii::word;
use crate::scalar::utf8;

const HIGH: u64 = 0x8080_8080_8080_8080;
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// Per byte of `x`: the high bit set where the byte is `F0..=FF` (a 4-byte
/// lead, or a byte that never appears in UTF-8). Exact: each shift moves
/// bits 6, 5 and 4 of a byte to its own bit 7.
#[inline(always)]
fn ge_f0(x: u64) -> u64 {
    x & (x << 1) & (x << 2) & (x << 3) & HIGH
}

/// Nonzero if some byte of `x` is `00` or `F0..=FF` (a boolean: the bits
/// set need not mark the bytes). Adds `10` to every byte without carries,
/// which maps exactly those bytes to `00..=10`, then tests for a byte
/// below `11`.
#[inline(always)]
fn any_nul_or_ge_f0(x: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let y = ((x & LOW7) + 0x10 * ONES) ^ (x & HIGH);
    y.wrapping_sub(0x11 * ONES) & !y & HIGH
}

/// The index of the first byte for which `byte` holds, looking at 32
/// bytes at a time with `any` (nonzero if some byte of a word qualifies).
#[inline(always)]
fn find(bytes: &[u8], any: impl Fn(u64) -> u64, byte: impl Fn(u8) -> bool) -> Option<usize> {
    let mut i = 0;
    while i + 32 <= bytes.len() {
        let m = any(word(bytes, i))
            | any(word(bytes, i + 8))
            | any(word(bytes, i + 16))
            | any(word(bytes, i + 24));
        if m != 0 {
            break;
        }
        i += 32;
    }
    bytes[i..].iter().position(|&b| byte(b)).map(|p| i + p)
}

/// The first byte `F0..=FF`: in valid UTF-8, the lead of a 4-byte
/// (supplementary) character.
pub(crate) fn find_ge_f0(bytes: &[u8]) -> Option<usize> {
    find(bytes, ge_f0, |b| b >= 0xF0)
}

/// The first byte that is `00` or `F0..=FF`.
pub(crate) fn find_nul_or_ge_f0(bytes: &[u8]) -> Option<usize> {
    find(bytes, any_nul_or_ge_f0, |b| b == 0 || b >= 0xF0)
}

/// The first unit for which `hit` holds, testing 8 units at a time without
/// early exits (so the test vectorises).
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn find_unit(units: &[u16], hit: impl Fn(u16) -> bool) -> Option<usize> {
    let mut i = 0;
    while i + 8 <= units.len() {
        if units[i..i + 8].iter().fold(false, |acc, &u| acc | hit(u)) {
            break;
        }
        i += 8;
    }
    units[i..].iter().position(|&u| hit(u)).map(|p| i + p)
}

/// Whether `u` is a surrogate, U+D800..U+DFFF.
#[inline(always)]
pub(crate) const fn is_surrogate(u: u32) -> bool {
    u & 0xFFFF_F800 == 0xD800
}

/// Whether `u` is a high (leading) surrogate, U+D800..U+DBFF.
#[inline(always)]
pub(crate) const fn is_high(u: u32) -> bool {
    u & 0xFFFF_FC00 == 0xD800
}

/// Whether `u` is a low (trailing) surrogate, U+DC00..U+DFFF.
#[inline(always)]
pub(crate) const fn is_low(u: u32) -> bool {
    u & 0xFFFF_FC00 == 0xDC00
}

/// The supplementary code point of a surrogate pair.
#[inline(always)]
pub(crate) const fn pair(high: u32, low: u32) -> u32 {
    0x10000 + ((high & 0x3FF) << 10 | (low & 0x3FF))
}

/// Decodes one *generalized* UTF-8 code point at `src[i]`: UTF-8 that also
/// admits the surrogate code points `ED A0..BF 80..BF` (as WTF-8, CESU-8
/// and Modified UTF-8 do). `Ok((code point, width))`, or the UTF-8 error
/// at `i`, classified as UTF-8 would except that `ED A0..BF` is a valid
/// start.
pub(crate) fn decode_generalized(src: &[u8], i: usize) -> Result<(u32, usize), Utf8Error> {
    if src[i] == 0xED && matches!(src.get(i + 1), Some(0xA0..=0xBF)) {
        return match src.get(i + 2) {
            None => Err(Utf8Error::new(i, 0, Utf8ErrorKind::Truncated)),
            Some(&c) if utf8::is_continuation(c) => {
                Ok((0xD000 | (u32::from(src[i + 1]) & 0x3F) << 6 | (u32::from(c) & 0x3F), 3))
            }
            Some(_) => Err(Utf8Error::new(i, 2, Utf8ErrorKind::MissingContinuation)),
        };
    }
    utf8::decode(src, i).ok_or_else(|| utf8::error_at(src, i))
}

/// The surrogate code point encoded at `src[i]` (`ED A0..BF xx`), if any.
#[inline]
pub(crate) fn surrogate_at(src: &[u8], i: usize) -> Option<u32> {
    match decode_generalized(src.get(..i + 3)?, i) {
        Ok((c, 3)) if is_surrogate(c) => Some(c),
        _ => None,
    }
}

/// Whether `rest` is empty or a proper prefix of an encoded low
/// surrogate (`ED`, `ED B0..BF`): input that more bytes could turn into a
/// low surrogate.
pub(crate) fn is_low_prefix(rest: &[u8]) -> bool {
    matches!(rest, [] | [0xED] | [0xED, 0xB0..=0xBF])
}

/// For a sequence at `src[i]` that starts with a 4-byte lead `F0..=F4`:
/// `Some(len)` if it is a whole 4-byte character (4) or a truncated but so
/// far valid one (the bytes present). `None` for any other byte or an
/// invalid sequence (which is an ordinary UTF-8 error).
pub(crate) fn four_byte_at(src: &[u8], i: usize) -> Option<usize> {
    if !(0xF0..=0xF4).contains(&src[i]) {
        return None;
    }
    match utf8::decode(src, i) {
        Some((_, 4)) => Some(4),
        Some(_) => None,
        None => {
            let e = utf8::error_at(src, i);
            (e.kind() == Utf8ErrorKind::Truncated).then_some(src.len() - i)
        }
    }
}

/// Wraps an ordinary UTF-8 error as a derivative's error.
pub(crate) fn utf8_error<K>(e: Utf8Error, kind: impl Fn(Utf8ErrorKind) -> K) -> EncodingError<K> {
    EncodingError { valid_up_to: e.valid_up_to, error_len: e.error_len, kind: kind(e.kind) }
}

/// What [`walk`] found.
// Only the allocating converters read the stretches.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) enum Piece<'a> {
    /// Valid UTF-8 starting at this index, free of the stop bytes.
    Valid(usize, &'a str),
    /// At this index: a stop byte or a UTF-8 error; the callback handles
    /// the sequence there and returns how many bytes it took.
    Special(usize),
}

/// Splits `src` into maximal stretches of valid UTF-8 without stop bytes
/// (validated in bulk by the dispatched validator) and the positions
/// between them, calling `f` on each in order.
///
/// `find_stop` returns the first stop byte of a slice (`None` if there is
/// none). It is called once per stop byte, and the validator once per
/// stretch, so the work stays linear however dense the special sequences
/// are. A `Special` callback must take at least one byte or fail, and
/// must also accept an ordinary UTF-8 character there: it is called at
/// every `ED A0..FF`, valid or not.
pub(crate) fn walk<'a, E>(
    src: &'a [u8],
    find_stop: impl Fn(&[u8]) -> Option<usize>,
    mut f: impl FnMut(Piece<'a>) -> Result<usize, E>,
) -> Result<(), E> {
    let mut i = 0;
    let mut next_stop = find_stop(src).unwrap_or(src.len());
    while i < src.len() {
        if next_stop < i {
            next_stop = find_stop(&src[i..]).map_or(src.len(), |p| i + p);
        }
        // Encoded surrogates come in runs (a CESU-8 emoji is two of
        // them): take one directly rather than asking the validator to
        // confirm that it stops right here.
        let valid = if src[i] == 0xED && src.get(i + 1).is_some_and(|&b| b >= 0xA0) {
            ""
        } else {
            crate::validate::split_valid_utf8(&src[i..next_stop]).0
        };
        if !valid.is_empty() {
            f(Piece::Valid(i, valid))?;
            i += valid.len();
        }
        if i < src.len() {
            let n = f(Piece::Special(i))?;
            debug_assert!(n > 0);
            i += n.max(1);
        }
    }
    Ok(())
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use std::vec;

    /// Every byte value at every position of a word, over backgrounds of
    /// every byte value: the word tests flag exactly the words that hold
    /// a qualifying byte.
    #[test]
    fn word_tests_are_exact() {
        let nul_or_ge_f0 = |b: u8| b == 0 || b >= 0xF0;
        for bg in 0..=255u8 {
            for b in 0..=255u8 {
                for pos in 0..8 {
                    let mut w = [bg; 8];
                    w[pos] = b;
                    let x = u64::from_ne_bytes(w);
                    let expected = w.iter().any(|&c| c >= 0xF0);
                    assert_eq!(ge_f0(x) != 0, expected, "{w:x?}");
                    let expected = w.iter().any(|&c| nul_or_ge_f0(c));
                    assert_eq!(any_nul_or_ge_f0(x) != 0, expected, "{w:x?}");
                }
            }
        }
    }

    #[test]
    fn finds_the_first_qualifying_byte() {
        for len in [0, 1, 7, 31, 32, 33, 64, 100] {
            for at in 0..len {
                for b in [0x00, 0xF0, 0xF4, 0xFF] {
                    let mut v = vec![b'a'; len];
                    v[at] = b;
                    if at + 1 < len {
                        v[len - 1] = 0xF5; // a later hit must not win
                    }
                    assert_eq!(find_nul_or_ge_f0(&v), Some(at));
                    let expected =
                        if b == 0 { (at + 1 < len).then_some(len - 1) } else { Some(at) };
                    assert_eq!(find_ge_f0(&v), expected);
                }
            }
            assert_eq!(find_nul_or_ge_f0(&vec![0xEFu8; len]), None);
        }
    }
}
