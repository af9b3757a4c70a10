//! [`Leads`]: the hooks of UTF-8 to UTF-16/UTF-32 beyond [`Utf8Vector`],
//! and [`Target`], the output of those conversions as the algorithms
//! see it (its unit, whether it is UTF-32, swapped or BMP-only),
//! implemented for the scalar reference's encodings and for [`Ucs2`].

use super::{Count, Utf8Vector, WideVector};
use crate::scalar::transcode::{Utf16, Utf32};

/// The operations a validation vector type needs beyond [`Utf8Vector`].
///
/// # Safety
///
/// [`Utf8Vector`]'s contract, and an implementation promises:
///
/// - [`Leads::lead_bits`] is exact: the conversion loops find character
///   boundaries, and how far they advance in `src` and `dst`, from it;
/// - the hooks write only where their docs give room (`BLOCK` units for
///   [`Leads::store_ascii_window`]; `BLOCK + MARGIN` for
///   [`Leads::convert_window`] and [`Leads::convert_valid_window`]),
///   read only the bytes their docs make readable, and return counts
///   within those bounds that describe what they converted exactly;
/// - [`Leads::window_top`] has a byte with its high bit set exactly where
///   the window holds a non-ASCII byte, and with [`Leads::WINDOW_MAX`] each
///   of its bytes is the largest of that lane's in the window;
/// - [`Leads::Wide`]'s instructions are implied by `Self`'s.
pub(crate) unsafe trait Leads: Utf8Vector {
    /// The vectors of [`bmp_window`]: the widest of the ISA with the
    /// [`WideVector`] vocabulary. Its instructions must be implied by
    /// `Self`'s.
    ///
    /// [`bmp_window`]: crate::arch::generic::utf8_to_wide::bmp_window
    type Wide: WideVector + Count;

    /// For the `N` vectors of a block: bit `i` of the result is set iff
    /// byte `i` of the block is not a continuation byte (`80..=BF`).
    unsafe fn lead_bits<const N: usize>(v: &[Self; N]) -> u64;

    /// Stores the ASCII window `v` as `BLOCK` units at `dst`, where the
    /// ISA widens faster than the 16-byte steps' vocabulary does; `false`
    /// (the default) if it leaves that to them.
    #[inline(always)]
    unsafe fn store_ascii_window<T: Target, const N: usize>(
        v: &[Self; N],
        dst: *mut T::Unit,
    ) -> bool {
        let _ = (v, dst);
        false
    }

    /// An ISA's own conversion of a whole validated, non-ASCII window `v`
    /// loaded from `at` (with [`MARGIN`] more bytes readable and room for
    /// `BLOCK + MARGIN` units at `dst`), where it has a better algorithm
    /// than the steps: `Some((bytes consumed, units written))`, consuming
    /// only characters that end before the window's last lead byte.
    /// `None` (the default) leaves the window to the steps.
    ///
    /// [`MARGIN`]: crate::arch::generic::utf8_to_wide::MARGIN
    #[inline(always)]
    unsafe fn convert_window<T: Target, const N: usize>(
        v: &[Self; N],
        at: *const u8,
        dst: *mut T::Unit,
    ) -> Option<(usize, usize)> {
        let _ = (v, at, dst);
        None
    }

    /// An ISA's own check *and* conversion of a non-ASCII window `v`
    /// loaded from `at` (with [`MARGIN`] more bytes readable and room for
    /// `BLOCK + MARGIN` units at `dst`), for a class of windows it checks
    /// in fewer instructions than the block validation: `Some((bytes
    /// consumed, units written))` if the window is of that class and its
    /// characters are valid, consuming every character that ends in it,
    /// and more than [`MAX_STEP_START`] bytes. The window starts where the
    /// loop stands, a character boundary except perhaps at the start of
    /// the input; the check must not assume it (a continuation byte first
    /// fails it). `None` (the default) leaves the window to the validating
    /// path, which finds any error there.
    ///
    /// [`MARGIN`]: crate::arch::generic::utf8_to_wide::MARGIN
    /// [`MAX_STEP_START`]: crate::arch::generic::utf8_to_wide::MAX_STEP_START
    #[inline(always)]
    unsafe fn checked_window<T: Target, const N: usize>(
        v: &[Self; N],
        at: *const u8,
        dst: *mut T::Unit,
    ) -> Option<(usize, usize)> {
        let _ = (v, at, dst);
        None
    }

    /// Whether the non-ASCII window `v` is a valid window of ASCII and
    /// 2-byte characters (most windows of Cyrillic, Greek, Arabic and
    /// Hebrew text), by a test cheaper than the block validation: after a
    /// window converted by [`bmp_window`] that holds no byte of `E0` or
    /// more, the loop takes the windows that pass it (see
    /// `utf8_to_wide::two_byte_run`). `false` (the default) leaves every window to the
    /// validation. The test must not assume that the window starts on a
    /// character boundary (a continuation byte first fails it).
    ///
    /// [`bmp_window`]: crate::arch::generic::utf8_to_wide::bmp_window
    #[inline(always)]
    unsafe fn two_byte_window<const N: usize>(v: &[Self; N]) -> bool {
        let _ = v;
        false
    }

    /// Whether the ISA has [`Leads::two_byte_window`].
    const TWO_BYTE: bool = false;

    /// Whether the ISA converts every non-ASCII window of valid input
    /// itself, with [`Leads::convert_valid_window`]. Such an ISA (AVX-512)
    /// takes every validated window with [`Leads::convert_window`] too, so
    /// the validating loop leaves the generic 3- and 4-byte window
    /// paths out of its code, where it would only cost registers (windows it declined
    /// would still be converted right, by `bmp_window` or the steps).
    const VALID_WINDOWS: bool = false;

    /// Whether [`Leads::window_top`] is the lane-wise maximum of the
    /// window's vectors: then the UTF-8 transcoders test it for a 4-byte
    /// lead with one saturating subtraction rather than one per vector,
    /// and for a window of 1- and 2-byte characters with one more, which
    /// lets valid input enter the run of such windows. A per-ISA choice,
    /// made where measured: NEON; AVX2, where the maximum stays live across
    /// the window's paths, lost 3 % on the lipsum geomean (Zen 1; Japanese
    /// 10 %).
    const WINDOW_MAX: bool = false;

    /// The window `v` folded for the transcoders' tests of its bytes: the
    /// OR of its vectors by default, the lane-wise maximum where
    /// [`Leads::WINDOW_MAX`] says so. Either has a high bit set where the
    /// window holds a non-ASCII byte.
    #[inline(always)]
    unsafe fn window_top<const N: usize>(v: &[Self; N]) -> Self {
        // SAFETY: the caller guarantees the ISA.
        unsafe {
            let mut top = v[0];
            for x in &v[1..] {
                top = top.or(*x);
            }
            top
        }
    }

    /// Whether [`bmp_window`] loads each vector's preceding bytes from
    /// memory rather than shifting them in: a per-ISA choice, made where
    /// measured (SSE4.2); the default shifts.
    ///
    /// [`bmp_window`]: crate::arch::generic::utf8_to_wide::bmp_window
    const LOAD_PREV: bool = false;

    /// An ISA's own conversion of a non-ASCII window `v` of *valid* input
    /// loaded from `at` (with [`MARGIN`] more bytes readable and room for
    /// `BLOCK + MARGIN` units at `dst`): converts exactly the characters
    /// whose first byte is in the window, including one that ends past
    /// it, and returns the units written. Only called where
    /// [`Leads::VALID_WINDOWS`] says so.
    ///
    /// [`MARGIN`]: crate::arch::generic::utf8_to_wide::MARGIN
    #[inline(always)]
    unsafe fn convert_valid_window<T: Target, const N: usize>(
        v: &[Self; N],
        at: *const u8,
        dst: *mut T::Unit,
    ) -> usize {
        let _ = (v, at, dst);
        0
    }
}

/// The output of a conversion: UTF-16 in a byte order, or UTF-32.
///
/// # Safety
///
/// `Unit` is `u16` with `UTF32 == false`, or `u32` with `UTF32 == true`:
/// the algorithms size their stores in bytes from `UTF32` and write them
/// through pointers to `Unit`.
pub(crate) unsafe trait Target {
    /// The code unit.
    type Unit: Copy;
    /// Whether the target is UTF-32.
    const UTF32: bool;
    /// For UTF-16: whether units are byte-swapped (`ByteOrder::SWAP`).
    const SWAP: bool;
    /// Whether the target holds only the Basic Multilingual Plane (UCS-2):
    /// then the conversion stops before any window with a 4-byte
    /// character, and the scalar finish says which character it is.
    const BMP: bool = false;
}

/// UCS-2 in native byte order: UTF-16 without surrogate pairs, the
/// two-byte form of PEP 393 strings. The characters it takes are one unit
/// each, as in UTF-16. (UTF-16 and UTF-32 are the scalar reference's
/// encodings, [`Utf16`] and [`Utf32`], as in the kernels' entry list.)
pub(crate) struct Ucs2;

// SAFETY: `u16` units, not UTF-32.
unsafe impl<O: crate::byte_order::ByteOrder> Target for Utf16<O> {
    type Unit = u16;
    const UTF32: bool = false;
    const SWAP: bool = O::SWAP;
}

// SAFETY: `u32` values, UTF-32.
unsafe impl Target for Utf32 {
    type Unit = u32;
    const UTF32: bool = true;
    const SWAP: bool = false;
}

// SAFETY: `u16` units, not UTF-32.
unsafe impl Target for Ucs2 {
    type Unit = u16;
    const UTF32: bool = false;
    const SWAP: bool = false;
    const BMP: bool = true;
}
