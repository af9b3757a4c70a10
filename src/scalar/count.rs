//! Lengths and counts. Each is a branch-free sum that the compiler
//! vectorises; each is defined on *every* input (see the public docs in
//! `crate::count`), not only on valid ones.

/// Bytes that are not continuation bytes.
pub(crate) fn count_chars(src: &[u8]) -> usize {
    src.iter().map(|&b| ((b as i8) >= -0x40) as usize).sum()
}

/// Non-continuation bytes, plus one more for each four-byte lead.
pub(crate) fn utf16_len_from_utf8(src: &[u8]) -> usize {
    src.iter().map(|&b| ((b as i8) >= -0x40) as usize + (b >= 0xF0) as usize).sum()
}

/// 1, 2 or 3 bytes per unit, and 2 per surrogate (so 4 per pair).
pub(crate) fn utf8_len_from_utf16<O: crate::transcode::ByteOrder>(src: &[u16]) -> usize {
    src.iter()
        .map(|&u| {
            let u = O::read16(u);
            1 + (u >= 0x80) as usize + (u >= 0x800) as usize
                - super::utf16::is_surrogate(u) as usize
        })
        .sum()
}

/// 1 to 4 bytes per value by magnitude.
pub(crate) fn utf8_len_from_utf32(src: &[u32]) -> usize {
    src.iter()
        .map(|&c| 1 + (c >= 0x80) as usize + (c >= 0x800) as usize + (c >= 0x10000) as usize)
        .sum()
}

/// Units of UTF-16 per UTF-32 value: 2 above the BMP.
pub(crate) fn utf16_len_from_utf32(src: &[u32]) -> usize {
    src.iter().map(|&c| 1 + (c >= 0x10000) as usize).sum()
}

/// UTF-32 values per UTF-16 input: every unit but low surrogates.
pub(crate) fn utf32_len_from_utf16<O: crate::transcode::ByteOrder>(src: &[u16]) -> usize {
    src.iter().map(|&u| !super::utf16::is_low(O::read16(u)) as usize).sum()
}
