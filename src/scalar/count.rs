//! Lengths and counts. Each is a branch-free sum that the compiler
//! vectorises; each is defined on *every* input (see the public docs in
//! `crate::count`), not only on valid ones.

/// Sums `amount` over `src` in `u8` counters, `chunk` bytes at a time (so
/// `chunk * max(amount)` must fit in a `u8`): byte-wide sums are what the
/// compiler vectorises well (one compare and one add per 16 bytes with
/// SSE2), where a `usize` sum widens every byte to 64 bits.
#[inline(always)]
fn sum_u8(src: &[u8], chunk: usize, amount: impl Fn(u8) -> u8) -> usize {
    src.chunks(chunk).map(|c| c.iter().fold(0u8, |n, &b| n + amount(b)) as usize).sum()
}

/// Bytes that are not continuation bytes.
pub(crate) fn count_chars(src: &[u8]) -> usize {
    sum_u8(src, 255, |b| ((b as i8) >= -0x40) as u8)
}

/// Non-continuation bytes, plus one more for each four-byte lead.
pub(crate) fn utf16_len_from_utf8(src: &[u8]) -> usize {
    sum_u8(src, 127, |b| ((b as i8) >= -0x40) as u8 + (b >= 0xF0) as u8)
}

/// 1, 2 or 3 bytes per unit, and 2 per surrogate (so 4 per pair).
pub(crate) fn utf8_len_from_utf16<O: crate::byte_order::ByteOrder>(src: &[u16]) -> usize {
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
pub(crate) fn utf32_len_from_utf16<O: crate::byte_order::ByteOrder>(src: &[u16]) -> usize {
    src.iter().map(|&u| !super::utf16::is_low(O::read16(u)) as usize).sum()
}

/// The PEP 393 kind that a UTF-8 byte implies on valid input: 0 for
/// ASCII, 1 for the continuation bytes and the leads of U+0080..=U+00FF
/// (`C2`, `C3`), 2 for the other leads of the BMP (`C4..=EF`), 3 for the
/// leads of supplementary characters (`F0..=FF`).
#[inline(always)]
pub(crate) fn kind_of_byte(b: u8) -> u8 {
    (b >= 0x80) as u8 + (b >= 0xC4) as u8 + (b >= 0xF0) as u8
}

/// Bytes that are not continuation bytes, and the largest
/// [`kind_of_byte`] of any byte (0 for empty input).
pub(crate) fn count_chars_and_kind(src: &[u8]) -> (usize, u8) {
    let max = src.iter().fold(0, |m, &b| m.max(b));
    (count_chars(src), kind_of_byte(max))
}
