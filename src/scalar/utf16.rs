//! Scalar UTF-16 validation.

use crate::byte_order::ByteOrder;
use crate::error::{Utf16Error, Utf16ErrorKind};

/// Whether `u` is any surrogate, U+D800..U+DFFF.
#[inline(always)]
pub(crate) const fn is_surrogate(u: u16) -> bool {
    u & 0xF800 == 0xD800
}

/// Whether `u` is a low (trailing) surrogate, U+DC00..U+DFFF.
#[inline(always)]
pub(crate) const fn is_low(u: u16) -> bool {
    u & 0xFC00 == 0xDC00
}

/// Decodes the character at `src[i]` (in byte order `O`): `Ok((scalar
/// value, width in units))`, or the error at `i`.
#[inline(always)]
pub(crate) fn decode<O: ByteOrder>(src: &[u16], i: usize) -> Result<(u32, usize), Utf16Error> {
    let u = O::read16(src[i]);
    if !is_surrogate(u) {
        return Ok((u as u32, 1));
    }
    if is_low(u) {
        return Err(Utf16Error::new(i, Utf16ErrorKind::UnpairedLow));
    }
    match src.get(i + 1).map(|&v| O::read16(v)) {
        Some(v) if is_low(v) => {
            Ok((0x10000 + (((u as u32) & 0x3FF) << 10 | ((v as u32) & 0x3FF)), 2))
        }
        _ => Err(Utf16Error::new(i, Utf16ErrorKind::UnpairedHigh)),
    }
}

/// Validates UTF-16 in byte order `O`.
pub(crate) fn validate<O: ByteOrder>(src: &[u16]) -> Result<(), Utf16Error> {
    let mut i = 0;
    while i < src.len() {
        // Surrogates are rare: skip 4 non-surrogates at a time.
        if i + 4 <= src.len() && src[i..i + 4].iter().all(|&u| !is_surrogate(O::read16(u))) {
            i += 4;
            continue;
        }
        i += decode::<O>(src, i)?.1;
    }
    Ok(())
}
