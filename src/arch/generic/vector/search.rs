//! [`ByteSearch`]: the operations of a byte search, apart from [`Vector`](super::Vector)
//! (it runs without detection, on a target's baseline).

/// The operations of a byte search (this module's), on a register type
/// whose target has them in its baseline: SSE2 on x86_64, NEON on
/// aarch64. The search runs them where it is inlined, with no detection
/// and no `#[target_feature]`: a line reader calls it once a line, too
/// often for a call through a kernel's table.
///
/// # Safety
///
/// `load` reads exactly `Self::BYTES` bytes at its pointer, with no
/// alignment requirement; `eq_mask` does what its doc says; and every
/// method executes only instructions of the target's baseline (what every
/// CPU of the target has, with no `-C target-feature`).
pub(crate) unsafe trait ByteSearch: Copy {
    /// Bytes per vector: at most 16.
    const BYTES: usize;
    /// Bits of [`ByteSearch::eq_mask`] per lane: 1 to 4.
    const LANE_BITS: u32;
    /// Every lane `b`.
    unsafe fn splat(b: u8) -> Self;
    /// `Self::BYTES` bytes at `src`, unaligned.
    unsafe fn load(src: *const u8) -> Self;
    /// The lanes equal to `needle`'s: bits `i * LANE_BITS..(i + 1) *
    /// LANE_BITS` all set where lane `i` is equal, all clear where not.
    unsafe fn eq_mask(self, needle: Self) -> u64;
}
