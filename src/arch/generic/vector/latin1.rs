//! [`Latin1Vector`]: the hooks of Latin-1 to and from UTF-8 beyond
//! [`WideVector`].

use super::WideVector;

/// The hooks of Latin-1 to and from UTF-8 beyond [`WideVector`]: an ISA's
/// own conversion of a non-ASCII block, where it has a better algorithm
/// than the generic one (AVX-512's byte compress and mask registers).
///
/// # Safety
///
/// An implementation of [`Latin1Vector::latin1_to_utf8_block`] writes
/// only within `dst[..2 * Self::BYTES]`, and when it returns `Some((r,
/// k))`, `1 <= r <= Self::BYTES`, `k <= 2 * Self::BYTES`, and `dst[..k]`
/// holds the UTF-8 of the first `r` bytes of `v`, whole characters (the
/// output may be a `String`'s spare capacity, committed as valid UTF-8;
/// bytes past `k` are scratch). One of
/// [`Latin1Vector::utf8_to_latin1_block`] writes only within
/// `dst[..Self::BYTES]`, and returns `Some` exactly when its doc says,
/// with the Latin-1 of the block's characters in `dst[..k]`.
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

    /// Whether [`Latin1Vector::utf8_to_latin1_block`] is the ISA's own;
    /// false (the default) leaves every block to the generic code.
    const UTF8_TO_LATIN1_BLOCK: bool = false;

    /// Converts the UTF-8 block `v` (not all ASCII) to Latin-1 at `dst`,
    /// which has `Self::BYTES` writable bytes, where `carry` is 1 if the
    /// byte before the block is a lead (`C2`/`C3`, the last byte of `prev`,
    /// the block before) whose continuation starts this block, else 0:
    /// `Some((bytes written, carry after the block))`, writing every byte
    /// but the leads, where every byte from `0xC0` up is a `C2`/`C3` lead
    /// and the continuations are exactly the bytes after the leads; `None`
    /// otherwise (the kernel stops before the block). Only called where
    /// [`Latin1Vector::UTF8_TO_LATIN1_BLOCK`] is true.
    #[inline(always)]
    unsafe fn utf8_to_latin1_block(
        v: Self,
        prev: Self,
        carry: u64,
        dst: *mut u8,
    ) -> Option<(usize, u64)> {
        let _ = (v, prev, carry, dst);
        None
    }
}
