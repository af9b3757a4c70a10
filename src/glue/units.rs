//! Byte input viewed as code units without a copy, where its address
//! allows: the one place the byte-input functions
//! ([`crate::bytes_input`]) reinterpret memory.

/// `bytes` as `u16`s in memory order, if it starts on a 2-byte boundary
/// and holds whole units; `None` otherwise (the caller then copies it in
/// chunks).
#[inline]
pub(crate) fn as_u16s(bytes: &[u8]) -> Option<&[u16]> {
    // SAFETY: every bit pattern is a valid `u16`, and `align_to` only
    // puts properly aligned, in-bounds memory in the middle slice, which
    // borrows from `bytes` for the same lifetime.
    let (prefix, units, suffix) = unsafe { bytes.align_to::<u16>() };
    (prefix.is_empty() && suffix.is_empty()).then_some(units)
}

/// `bytes` as `u32`s in memory order, if it starts on a 4-byte boundary
/// and holds whole units; `None` otherwise.
#[inline]
pub(crate) fn as_u32s(bytes: &[u8]) -> Option<&[u32]> {
    // SAFETY: as in `as_u16s`: every bit pattern is a valid `u32`, and
    // the middle slice is aligned, in bounds and borrowed from `bytes`.
    let (prefix, units, suffix) = unsafe { bytes.align_to::<u32>() };
    (prefix.is_empty() && suffix.is_empty()).then_some(units)
}
