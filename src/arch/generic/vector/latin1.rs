//! [`Latin1Vector`]: the hook of Latin-1 to UTF-8 beyond [`WideVector`].

use super::WideVector;

/// The hook of Latin-1 to UTF-8 beyond [`WideVector`]: an ISA's own
/// conversion of a non-ASCII block, where it has a better algorithm than
/// widening and packing (AVX-512 VBMI2's byte expansion).
///
/// # Safety
///
/// An implementation of [`Latin1Vector::latin1_to_utf8_block`] writes
/// only within `dst[..2 * Self::BYTES]`, and when it returns `Some((r,
/// k))`, `1 <= r <= Self::BYTES`, `k <= 2 * Self::BYTES`, and `dst[..k]`
/// holds the UTF-8 of the first `r` bytes of `v`, whole characters (the
/// output may be a `String`'s spare capacity, committed as valid UTF-8;
/// bytes past `k` are scratch).
pub(crate) unsafe trait Latin1Vector: WideVector {
    /// Converts a prefix of the Latin-1 block `v` (not all ASCII) to
    /// UTF-8 at `dst`, which has `2 * Self::BYTES` writable bytes:
    /// `Some((bytes read, bytes written))`, at least one read. `None` (the
    /// default) leaves the block to the generic code.
    #[inline(always)]
    unsafe fn latin1_to_utf8_block(v: Self, dst: *mut u8) -> Option<(usize, usize)> {
        let _ = (v, dst);
        None
    }
}
