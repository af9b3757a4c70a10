//! Windows-1252 as the WHATWG Encoding Standard defines it: bytes `00..7F`
//! and `A0..FF` are the code points of the same value; `80..9F` follow the
//! standard's index-windows-1252
//! (<https://encoding.spec.whatwg.org/index-windows-1252.txt>), where the
//! five bytes the Windows code page leaves undefined (`81`, `8D`, `8F`,
//! `90`, `9D`) are the C1 controls of the same value. Every byte decodes.

use super::ascii::is_ascii16;
use super::latin1::{ByteCharset, ToBytes};
use super::transcode::Decode;
use core::convert::Infallible;

/// The code points of bytes `80..9F`, from the WHATWG index (its pointers
/// 0 to 31).
pub(crate) const HIGH: [u16; 32] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80..87
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F, // 88..8F
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90..97
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178, // 98..9F
];

/// Bit `i` set where byte `0x80 + i` decodes to a character of three
/// UTF-8 bytes (U+0800 and above: `€`, the quotes, `™`, ...); the other
/// bytes `80..9F` take two, as every byte `A0..FF` does.
const THREE_BYTES: u32 = {
    let mut mask = 0;
    let mut i = 0;
    while i < 32 {
        if HIGH[i] >= 0x800 {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
};

/// The number of bytes of `src` whose character takes three UTF-8 bytes:
/// with the Latin-1 length (which counts two for each of them), the
/// UTF-8 length of Windows-1252 `src`.
///
/// Blocks of 32 bytes with no byte `80..9F` (most of any text: those are
/// punctuation) are skipped by a test the compiler vectorises.
pub(crate) fn three_byte_count(src: &[u8]) -> usize {
    let counted = |bytes: &[u8]| {
        bytes.iter().filter(|&&b| b & 0xE0 == 0x80 && THREE_BYTES >> (b & 0x1F) & 1 == 1).count()
    };
    let blocks = src.chunks_exact(32);
    let tail = counted(blocks.remainder());
    blocks
        .filter(|block| block.iter().fold(false, |any, &b| any | (b & 0xE0 == 0x80)))
        .map(counted)
        .sum::<usize>()
        + tail
}

/// Windows-1252 as a source of the generic scalar loop
/// (`super::transcode::transcode`): every byte is a character.
pub(crate) struct Windows1252;

impl Decode for Windows1252 {
    type Unit = u8;
    type Error = Infallible;
    #[inline(always)]
    fn decode(src: &[u8], i: usize) -> Result<(u32, usize), Infallible> {
        Ok((u32::from(decode(src[i])), 1))
    }
    #[inline(always)]
    fn is_ascii16(src: &[u8], i: usize) -> bool {
        is_ascii16(src, i)
    }
    #[inline(always)]
    fn ascii(u: u8) -> u8 {
        u
    }
}

/// The byte of code point `c` in Windows-1252, if it has one: the code
/// point itself for ASCII, `A0..=FF` and the five C1 controls the index
/// maps to themselves, else its place in [`HIGH`].
#[inline]
pub(crate) fn encode(c: u32) -> Option<u8> {
    match c {
        0..=0x7F | 0xA0..=0xFF | 0x81 | 0x8D | 0x8F | 0x90 | 0x9D => Some(c as u8),
        0x80..=0x9F => None,
        _ => {
            let k = BY_CODE_POINT.binary_search_by_key(&c, |&(cp, _)| u32::from(cp)).ok()?;
            Some(BY_CODE_POINT[k].1)
        }
    }
}

/// The 27 characters of [`HIGH`] above U+00FF with their bytes, sorted by
/// code point: the encoder's reverse index.
static BY_CODE_POINT: [(u16, u8); 27] = by_code_point();

const fn by_code_point() -> [(u16, u8); 27] {
    let mut t = [(0u16, 0u8); 27];
    let (mut i, mut n) = (0, 0);
    while i < 32 {
        if HIGH[i] > 0xFF {
            t[n] = (HIGH[i], 0x80 + i as u8);
            n += 1;
        }
        i += 1;
    }
    assert!(n == 27, "the index has 27 characters above U+00FF");
    // Insertion sort by code point (the index is in byte order).
    let mut i = 1;
    while i < 27 {
        let mut j = i;
        while j > 0 && t[j - 1].0 > t[j].0 {
            let x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
            j -= 1;
        }
        i += 1;
    }
    t
}

impl ByteCharset for Windows1252 {
    /// All but `81`, `8D`, `8F`, `90` and `9D`.
    const FOREIGN_C1: bool = true;
    #[inline(always)]
    fn byte(c: u32) -> Option<u8> {
        encode(c)
    }
}

/// Source encoding `D` on its way to Windows-1252: the byte of each
/// character, and a [`Latin1Error`](crate::error::Latin1Error) at the first
/// invalid character or one Windows-1252 cannot represent.
pub(crate) type ToWindows1252<D> = ToBytes<D, Windows1252>;

/// The character byte `b` stands for.
#[inline]
pub(crate) fn decode(b: u8) -> char {
    match b {
        0x80..=0x9F => {
            let c = HIGH[usize::from(b - 0x80)];
            // Every entry is a BMP code point outside the surrogates.
            char::from_u32(u32::from(c)).unwrap_or(char::REPLACEMENT_CHARACTER)
        }
        _ => char::from(b),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_byte_encodes_back() {
        for b in 0..=255u8 {
            assert_eq!(super::encode(u32::from(super::decode(b))), Some(b));
        }
        assert_eq!(super::encode(0x80), None);
        assert_eq!(super::encode(0x2123), None);
    }

    #[test]
    fn every_byte_decodes_to_a_distinct_char() {
        let mut seen = [0u32; 256];
        for b in 0..=255u8 {
            seen[usize::from(b)] = u32::from(super::decode(b));
        }
        seen.sort_unstable();
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(super::decode(0x80), '€');
        assert_eq!(super::decode(0x81), '\u{81}');
    }
}
