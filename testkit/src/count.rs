//! The documented definitions of the lengths and counts (the crate
//! documentation of `rapidutf::count`), written independently of the
//! library: exact on valid input, and the definition on any input.

/// "the number of bytes that are not continuation bytes (`80..=BF`)"
pub fn def_count_chars(b: &[u8]) -> usize {
    b.iter().filter(|&&x| !(0x80..=0xBF).contains(&x)).count()
}
/// "the bytes that are not continuation bytes, plus one for each byte
/// `F0..=FF`"
pub fn def_utf16_len_from_utf8(b: &[u8]) -> usize {
    def_count_chars(b) + b.iter().filter(|&&x| x >= 0xF0).count()
}
/// "1, 2 or 3 bytes per unit by value, except 2 per surrogate"
pub fn def_utf8_len_from_utf16(v: &[u16]) -> usize {
    v.iter()
        .map(|&u| match u {
            0..=0x7F => 1,
            0x80..=0x7FF => 2,
            0xD800..=0xDFFF => 2,
            _ => 3,
        })
        .sum()
}
/// "1 to 4 bytes per value by magnitude (< 0x80, < 0x800, < 0x10000, the
/// rest)"
pub fn def_utf8_len_from_utf32(v: &[u32]) -> usize {
    v.iter()
        .map(|&c| match c {
            0..=0x7F => 1,
            0x80..=0x7FF => 2,
            0x800..=0xFFFF => 3,
            _ => 4,
        })
        .sum()
}
/// "one per value, two for values from 0x10000"
pub fn def_utf16_len_from_utf32(v: &[u32]) -> usize {
    v.iter().map(|&c| if c >= 0x10000 { 2 } else { 1 }).sum()
}
/// "every unit except low surrogates"
pub fn def_utf32_len_from_utf16(v: &[u16]) -> usize {
    v.iter().filter(|&&u| !(0xDC00..=0xDFFF).contains(&u)).count()
}
