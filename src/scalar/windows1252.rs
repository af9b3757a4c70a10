//! Windows-1252 as the WHATWG Encoding Standard defines it: bytes `00..7F`
//! and `A0..FF` are the code points of the same value; `80..9F` follow the
//! standard's index-windows-1252
//! (<https://encoding.spec.whatwg.org/index-windows-1252.txt>), where the
//! five bytes the Windows code page leaves undefined (`81`, `8D`, `8F`,
//! `90`, `9D`) are the C1 controls of the same value. Every byte decodes.

use super::ascii::is_ascii16;
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
