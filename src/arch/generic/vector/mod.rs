//! The vector vocabulary, every trait of it in this folder: [`Vector`],
//! the operations every register type shares (here), and the narrow
//! extensions one family of algorithms needs, each in its own file:
//! [`Utf8Vector`] (UTF-8 validation, `utf8.rs`), [`WideVector`] (16- and
//! 32-bit lanes, `wide.rs`), [`Count`] (the counts, `count.rs`),
//! [`Latin1Vector`] (`latin1.rs`), [`Leads`] and the conversion
//! [`Target`] (UTF-8 to UTF-16/UTF-32, `leads.rs`), and [`ByteSearch`]
//! (`search.rs`), which stands apart: a byte search on the vectors a
//! target always has, without detection.
//!
//! Each register type implements them once, in the file named for it
//! (`x86_64/vector/{m128,m256,m512}.rs`, `aarch64/neon/vector.rs`,
//! `wasm32/vector.rs`, `portable/vector.rs`); the algorithms in the
//! sibling modules are written against them. The default methods here
//! use nothing of those algorithms: the tables they read (the compaction
//! rows, a nibble table of the counts) live beside them.

mod count;
mod latin1;
mod leads;
mod search;
mod utf8;
mod wide;

pub(crate) use count::Count;
// The key of `Count::utf8_deficit16x2`, for the AVX-512 lookup by it.
#[cfg(all(target_arch = "x86_64", avx512_stable))]
pub(crate) use count::{DEFICIT_KEY_ADD, DEFICIT_KEY_ASCII};
pub(crate) use latin1::Latin1Vector;
pub(crate) use leads::{Leads, Target, Ucs2};
pub(crate) use search::ByteSearch;
pub(crate) use utf8::{Shift, Utf8Vector};
pub(crate) use wide::{Pack, WideVector, EMPTY, PACK_1_2};

/// A SIMD register of `BYTES` bytes, seen as `u8`, `u16` or `u32` lanes.
///
/// # Safety
///
/// The generic algorithms' memory safety relies on the implementation:
///
/// - `size_of::<Self>() == Self::BYTES`, and `Self` is plain data (every
///   bit pattern valid, no padding), so it may be copied out as bytes;
/// - [`Vector::load`] reads exactly `Self::BYTES` bytes at its pointer and
///   [`Vector::store`] writes exactly `Self::BYTES`, with no alignment
///   requirement;
/// - every method does what its doc says, for every lane.
///
/// Every method executes instructions of the implementing ISA: callers
/// must ensure the running CPU supports them. In practice the methods are
/// only called from generic code inlined into a `#[target_feature]`
/// function of that ISA, which is only reachable after detection.
pub(crate) unsafe trait Vector: Copy {
    /// Bytes per vector: 16, 32 or 64.
    const BYTES: usize;

    /// Whether bytes loaded into this vector and read as 16- or 32-bit
    /// lanes give the units in the order the algorithms' shuffle tables
    /// pick bytes by: true on little-endian targets. The algorithms over
    /// wider units (UTF-16 and UTF-32, Latin-1 and Windows-1252 to and
    /// from them, UTF-8 to them, the counts of wider units) test it first
    /// and, where it is false (aarch64_be, the portable kernel on
    /// big-endian targets), convert nothing, so that the scalar finish
    /// does the work (the counts count with scalar code). A constant: the
    /// test folds away, and a kernel table names the same algorithms on
    /// every target.
    const LITTLE_LANES: bool = cfg!(target_endian = "little");

    /// Whether a byte shuffle (`lookup16`, `shuffle`) is one instruction.
    /// The table-driven conversions (UTF-8 to UTF-16/UTF-32, Latin-1 to and
    /// from UTF-8, Windows-1252) only beat the scalar loop with one: they
    /// test it first and convert nothing where it is false (the portable
    /// kernel on baseline x86_64, where they ran at 0.47 GB/s against the
    /// scalar loop's 1.04 on UTF-8 to UTF-16, and 0.9 and 0.7 against 1.7
    /// and 1.0 on Latin-1 to and from UTF-8).
    const FAST_SHUFFLE: bool = true;

    /// All lanes zero.
    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the caller guarantees the ISA.
        unsafe { Self::splat(0) }
    }

    /// Every `u8` lane set to `b`.
    unsafe fn splat(b: u8) -> Self;

    /// Every `u16` lane set to `x`.
    unsafe fn splat16(x: u16) -> Self;

    /// Every `u32` lane set to `x`.
    unsafe fn splat32(x: u32) -> Self;

    /// Reads `Self::BYTES` bytes from `src`, which need not be aligned.
    ///
    /// # Safety
    ///
    /// Besides the ISA requirement: `src..src + Self::BYTES` must be
    /// readable.
    unsafe fn load(src: *const u8) -> Self;

    /// Writes `Self::BYTES` bytes to `dst`, which need not be aligned.
    ///
    /// # Safety
    ///
    /// Besides the ISA requirement: `dst..dst + Self::BYTES` must be
    /// writable.
    unsafe fn store(self, dst: *mut u8);

    /// Bitwise `self & other`.
    unsafe fn and(self, other: Self) -> Self;

    /// Bitwise `self | other`.
    unsafe fn or(self, other: Self) -> Self;

    /// Bitwise `self ^ other`.
    unsafe fn xor(self, other: Self) -> Self;

    /// Whether any bit is set.
    unsafe fn any(self) -> bool;

    /// Whether any `u8` lane has its high bit set (is not ASCII). The
    /// default tests [`Vector::movemask`]; an ISA with a cheaper test
    /// overrides it.
    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // SAFETY: the caller guarantees the ISA.
        unsafe { self.movemask() != 0 }
    }

    /// The high bit of byte `i` in bit `i`.
    unsafe fn movemask(self) -> u64;

    /// Within each 128-bit lane, byte `i` is the lane's byte `idx[i]`, or
    /// zero where `idx[i] >= 0x80` (every other byte of `idx` is below 16).
    unsafe fn shuffle(self, idx: Self) -> Self;

    /// The 16-byte `table` in every 128-bit lane (a [`Vector::shuffle`]
    /// index for all widths).
    #[inline(always)]
    unsafe fn table(table: &[u8; 16]) -> Self {
        // SAFETY: the caller guarantees the ISA. `Self::BYTES <= 64` bytes
        // of `buf` are initialised and read.
        unsafe {
            if Self::BYTES == 16 {
                return Self::load(table.as_ptr());
            }
            let mut buf = [0u8; 64];
            for k in 0..Self::BYTES / 16 {
                buf[16 * k..16 * k + 16].copy_from_slice(table);
            }
            Self::load(buf.as_ptr())
        }
    }

    /// The index of the lowest non-zero `u8` lane, or `Self::BYTES` if
    /// there is none (off the hot path: it locates an error).
    #[inline(always)]
    unsafe fn first_nonzero_lane(self) -> usize {
        const { assert!(core::mem::size_of::<Self>() == Self::BYTES && Self::BYTES <= 64) };
        let mut lanes = [0u8; 64];
        // SAFETY: `Self::BYTES <= 64` bytes of plain data (trait contract)
        // into a 64-byte array.
        unsafe {
            core::ptr::copy_nonoverlapping(
                core::ptr::addr_of!(self).cast::<u8>(),
                lanes.as_mut_ptr(),
                Self::BYTES,
            )
        };
        lanes[..Self::BYTES].iter().position(|&b| b != 0).unwrap_or(Self::BYTES)
    }
}
