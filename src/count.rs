//! Lengths and counts.
//!
//! Each function is exact on valid input, and on *any* input returns the
//! documented count (never a panic), so they can size buffers before
//! validation: a buffer of the returned size always holds the conversion
//! of the input's valid prefix.
//!
//! Inputs from 64 bytes on run the active kernel's vectorised count
//! (`arch::generic::count`), shorter ones a scalar sum inline.

use crate::dispatch as imp;

/// The number of code points in UTF-8 `src`.
///
/// On any input this is the number of bytes that are not continuation
/// bytes (`80..=BF`).
///
/// ```
/// assert_eq!(rapidutf::count_chars("añ€😀".as_bytes()), 4);
/// ```
#[inline]
#[must_use]
pub fn count_chars(src: &[u8]) -> usize {
    imp::count_chars(src)
}

/// The number of UTF-16 units needed for UTF-8 `src`.
///
/// On any input: the bytes that are not continuation bytes, plus one for
/// each byte `F0..=FF`.
///
/// ```
/// assert_eq!(rapidutf::utf16_len_from_utf8("a€😀".as_bytes()), 4);
/// ```
#[inline]
#[must_use]
pub fn utf16_len_from_utf8(src: &[u8]) -> usize {
    imp::utf16_len_from_utf8(src)
}

/// The number of UTF-8 bytes needed for native-endian UTF-16 `src`.
///
/// On any input: 1, 2 or 3 bytes per unit by value, except 2 per surrogate
/// (so 4 per valid pair).
///
/// ```
/// let s: Vec<u16> = "a€😀".encode_utf16().collect();
/// assert_eq!(rapidutf::utf8_len_from_utf16(&s), 1 + 3 + 4);
/// ```
#[inline]
#[must_use]
pub fn utf8_len_from_utf16(src: &[u16]) -> usize {
    if cfg!(target_endian = "little") {
        imp::utf8_len_from_utf16le(src)
    } else {
        imp::utf8_len_from_utf16be(src)
    }
}

/// [`utf8_len_from_utf16`] for UTF-16LE.
#[inline]
#[must_use]
pub fn utf8_len_from_utf16le(src: &[u16]) -> usize {
    imp::utf8_len_from_utf16le(src)
}

/// [`utf8_len_from_utf16`] for UTF-16BE.
#[inline]
#[must_use]
pub fn utf8_len_from_utf16be(src: &[u16]) -> usize {
    imp::utf8_len_from_utf16be(src)
}

/// The number of UTF-8 bytes needed for UTF-32 `src`.
///
/// On any input: 1 to 4 bytes per value by magnitude (`< 0x80`, `< 0x800`,
/// `< 0x10000`, the rest).
#[inline]
#[must_use]
pub fn utf8_len_from_utf32(src: &[u32]) -> usize {
    imp::utf8_len_from_utf32(src)
}

/// The number of UTF-16 units needed for UTF-32 `src`: one per value, two
/// for values from `0x10000`.
#[inline]
#[must_use]
pub fn utf16_len_from_utf32(src: &[u32]) -> usize {
    imp::utf16_len_from_utf32(src)
}

/// The number of UTF-32 values (code points) in native-endian UTF-16
/// `src`: every unit except low surrogates.
#[inline]
#[must_use]
pub fn utf32_len_from_utf16(src: &[u16]) -> usize {
    if cfg!(target_endian = "little") {
        imp::utf32_len_from_utf16le(src)
    } else {
        imp::utf32_len_from_utf16be(src)
    }
}

/// [`utf32_len_from_utf16`] for UTF-16LE.
#[inline]
#[must_use]
pub fn utf32_len_from_utf16le(src: &[u16]) -> usize {
    imp::utf32_len_from_utf16le(src)
}

/// [`utf32_len_from_utf16`] for UTF-16BE.
#[inline]
#[must_use]
pub fn utf32_len_from_utf16be(src: &[u16]) -> usize {
    imp::utf32_len_from_utf16be(src)
}

/// The number of UTF-8 bytes of chars `src`: the sum of
/// [`char::len_utf8`], counted by the kernel's UTF-32 count.
///
/// ```
/// assert_eq!(rapidutf::utf8_len_from_chars(&['a', 'é', '€', '😀']), 1 + 2 + 3 + 4);
/// ```
#[inline]
#[must_use]
pub fn utf8_len_from_chars(src: &[char]) -> usize {
    imp::utf8_len_from_utf32(crate::arch::chars_as_u32(src))
}

/// The number of UTF-16 units of chars `src`: the sum of
/// [`char::len_utf16`].
///
/// ```
/// assert_eq!(rapidutf::utf16_len_from_chars(&['a', '€', '😀']), 1 + 1 + 2);
/// ```
#[inline]
#[must_use]
pub fn utf16_len_from_chars(src: &[char]) -> usize {
    imp::utf16_len_from_utf32(crate::arch::chars_as_u32(src))
}
