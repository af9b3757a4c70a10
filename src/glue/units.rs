//! Byte input viewed as code units without a copy, where its address
//! allows, and unit storage viewed as bytes: the one place the byte-input
//! functions ([`crate::bytes_input`]) and the readers
//! ([`crate::io`]) reinterpret memory.

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

/// The memory of `units` as bytes (each unit's bytes in memory order): a
/// read or a copy brings bytes straight into unit storage, which then
/// holds the units as stored.
#[cfg(all(feature = "std", feature = "stream", feature = "single-byte"))]
#[inline]
pub(crate) fn u16s_as_bytes_mut(units: &mut [u16]) -> &mut [u8] {
    let len = units.len() * 2;
    // SAFETY: the pointer and `len` cover exactly the memory of `units`,
    // which the returned slice borrows mutably for its lifetime, so nothing
    // else reads or writes it meanwhile; `u8` has alignment 1, and every
    // byte pattern is a valid `u16`, so any bytes written through the
    // slice leave valid units.
    unsafe { core::slice::from_raw_parts_mut(units.as_mut_ptr().cast::<u8>(), len) }
}

/// Writes the items of `units` into `dst` in order, as many as both hold,
/// and returns the part of `dst` written, initialised: a buffer filled
/// without being cleared first.
#[inline(always)]
pub(crate) fn fill<T: Copy>(
    dst: &mut [core::mem::MaybeUninit<T>],
    units: impl Iterator<Item = T>,
) -> &mut [T] {
    let mut n = 0;
    for (d, u) in dst.iter_mut().zip(units) {
        d.write(u);
        n += 1;
    }
    let written = &mut dst[..n];
    // SAFETY: the loop wrote each of the first `n` elements, and
    // `MaybeUninit<T>` has the layout of `T`.
    unsafe { &mut *(written as *mut [core::mem::MaybeUninit<T>] as *mut [T]) }
}
