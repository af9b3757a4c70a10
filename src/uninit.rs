//! Conversions into uninitialised memory: every buffer transcoder of the
//! crate, and bounded lossy decoding, with `dst` a
//! `&mut [MaybeUninit<T>]` instead of a `&mut [T]`.
//!
//! For output whose memory nothing has written yet: a `Vec`'s spare
//! capacity (the `_append` functions do that for a `Vec` or `String` of
//! their own), a buffer from an arena or a foreign allocator, a string
//! object of a foreign runtime allocated at its final size (a JavaScript
//! string of UTF-16 units, a Python `str` of Latin-1, UCS-2 or UCS-4 units
//! as PEP 393 lays them out). It need not be zero-filled first, which for
//! large outputs costs about as much as a fast conversion, and it is
//! never read.
//!
//! Each function is its buffer counterpart (same name at the crate root)
//! with the same results and errors, and this guarantee: on `Ok(n)`, or an
//! error `e`, the first `n` (or [`e.written()`](TranscodeError::written))
//! units of `dst` are initialised, and hold the output. Units past them
//! may have been written with scratch values and are not output; a caller
//! that needs them initialised must write them itself.
//!
//! ```
//! // Straight into a vector's spare capacity, with no zero-fill.
//! let src = "héllo wörld".as_bytes();
//! let mut v: Vec<u16> = Vec::with_capacity(src.len());
//! let n = rapidutf::uninit::utf8_to_utf16(src, v.spare_capacity_mut()).unwrap();
//! // SAFETY: the first `n` units were written.
//! unsafe { v.set_len(n) };
//! assert_eq!(String::from_utf16(&v).unwrap(), "héllo wörld");
//! ```
//!
//! The lossy encoders ([`utf8_to_latin1_lossy`] and its neighbours)
//! return their crate-root counterpart's count around the result
//! (`Lossy<Result<..>>`), so that it survives
//! [`TranscodeError::OutputTooSmall`].
//!
//! The bounded lossy decoders ([`utf8_to_utf8_lossy`],
//! [`utf8_to_utf16_lossy`], [`utf16_to_utf8_lossy`] and their byte
//! orders) replace what is invalid as the crate's allocating lossy
//! functions do, and stop where the output runs out of room; their
//! `_report` forms ([`utf8_to_utf16_lossy_report`], ...) also count the
//! replacements, in a [`Lossy`] around the same result.

use crate::byte_order::{Be, Le, Native};
use crate::dispatch::active_fns;
#[cfg(feature = "single-byte")]
use crate::error::Latin1Error;
use crate::error::{Lossy, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use crate::glue::lossy::{utf16_lossy_into, utf8_lossy_into};
use crate::glue::Uninit;
use crate::scalar::transcode::{Utf16, Utf8};
use crate::strategy::ErrorStrategy;
use core::convert::Infallible;
use core::mem::MaybeUninit;

/// [`crate::utf8_to_utf16`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf8_to_utf16`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = "h€".as_bytes();
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf8_to_utf16(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x68, 0x20AC]);
/// ```
#[inline]
pub fn utf8_to_utf16(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Utf8Error>> {
    crate::dispatch::utf8_to_utf16(src, &mut Uninit(dst))
}

/// [`crate::utf8_to_utf16le`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf8_to_utf16le`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = "h€".as_bytes();
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf8_to_utf16le(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x68u16.to_le(), 0x20ACu16.to_le()]);
/// ```
#[inline]
pub fn utf8_to_utf16le(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Utf8Error>> {
    crate::dispatch::utf8_to_utf16le(src, &mut Uninit(dst))
}

/// [`crate::utf8_to_utf16be`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf8_to_utf16be`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = "h€".as_bytes();
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf8_to_utf16be(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x68u16.to_be(), 0x20ACu16.to_be()]);
/// ```
#[inline]
pub fn utf8_to_utf16be(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Utf8Error>> {
    crate::dispatch::utf8_to_utf16be(src, &mut Uninit(dst))
}

/// [`crate::utf16_to_utf8`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 3 * src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16_to_utf8`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0x68, 0x20AC];
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let n = rapidutf::uninit::utf16_to_utf8(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "h€".as_bytes());
/// ```
#[inline]
pub fn utf16_to_utf8(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16_to_utf8(src, &mut Uninit(dst))
}

/// [`crate::utf16le_to_utf8`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 3 * src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16le_to_utf8`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0x68u16.to_le(), 0x20ACu16.to_le()];
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let n = rapidutf::uninit::utf16le_to_utf8(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "h€".as_bytes());
/// ```
#[inline]
pub fn utf16le_to_utf8(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16le_to_utf8(src, &mut Uninit(dst))
}

/// [`crate::utf16be_to_utf8`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 3 * src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16be_to_utf8`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0x68u16.to_be(), 0x20ACu16.to_be()];
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let n = rapidutf::uninit::utf16be_to_utf8(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "h€".as_bytes());
/// ```
#[inline]
pub fn utf16be_to_utf8(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16be_to_utf8(src, &mut Uninit(dst))
}

/// [`crate::utf8_to_utf32`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf8_to_utf32`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = "a😀".as_bytes();
/// let mut v: Vec<u32> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf8_to_utf32(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x61, 0x1F600]);
/// ```
#[inline]
pub fn utf8_to_utf32(
    src: &[u8],
    dst: &mut [MaybeUninit<u32>],
) -> Result<usize, TranscodeError<Utf8Error>> {
    crate::dispatch::utf8_to_utf32(src, &mut Uninit(dst))
}

/// [`crate::utf32_to_utf8`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 4 * src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf32_to_utf8`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u32] = &[0x61, 0x1F600];
/// let mut v: Vec<u8> = Vec::with_capacity(4 * src.len());
/// let n = rapidutf::uninit::utf32_to_utf8(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "a😀".as_bytes());
/// ```
#[inline]
pub fn utf32_to_utf8(
    src: &[u32],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Utf32Error>> {
    crate::dispatch::utf32_to_utf8(src, &mut Uninit(dst))
}

/// [`crate::utf16le_bytes_to_utf8`] into uninitialised memory (see the
/// [module docs](self)): UTF-16LE given as bytes, at any address and of any
/// length. `dst.len() >= 3 * (src.len() / 2)` always suffices.
///
/// # Errors
///
/// As [`crate::utf16le_bytes_to_utf8`]: the input's first error (a partial
/// last unit included) or [`TranscodeError::OutputTooSmall`], whichever
/// comes first in the input, positioned in bytes. Either way
/// `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u8] = b"h\x00\xAC\x20";
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf16le_bytes_to_utf8(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "h€".as_bytes());
/// ```
#[inline]
pub fn utf16le_bytes_to_utf8(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::bytes_input::to_utf8::<crate::bytes_input::Utf16Bytes<crate::byte_order::Le>, _>(
        src, dst,
    )
}

/// [`crate::utf16be_bytes_to_utf8`] into uninitialised memory (see the
/// [module docs](self)): UTF-16BE given as bytes, at any address and of any
/// length. `dst.len() >= 3 * (src.len() / 2)` always suffices.
///
/// # Errors
///
/// As [`crate::utf16be_bytes_to_utf8`]: the input's first error (a partial
/// last unit included) or [`TranscodeError::OutputTooSmall`], whichever
/// comes first in the input, positioned in bytes. Either way
/// `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u8] = b"\x00h\x20\xAC";
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf16be_bytes_to_utf8(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "h€".as_bytes());
/// ```
#[inline]
pub fn utf16be_bytes_to_utf8(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::bytes_input::to_utf8::<crate::bytes_input::Utf16Bytes<crate::byte_order::Be>, _>(
        src, dst,
    )
}

/// [`crate::utf32le_bytes_to_utf8`] into uninitialised memory (see the
/// [module docs](self)): UTF-32LE given as bytes, at any address and of any
/// length. `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf32le_bytes_to_utf8`]: the input's first error (a partial
/// last unit included) or [`TranscodeError::OutputTooSmall`], whichever
/// comes first in the input, positioned in bytes. Either way
/// `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u8] = b"a\x00\x00\x00\x00\xF6\x01\x00";
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf32le_bytes_to_utf8(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "a😀".as_bytes());
/// ```
#[inline]
pub fn utf32le_bytes_to_utf8(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Utf32Error>> {
    crate::bytes_input::to_utf8::<crate::bytes_input::Utf32Bytes<crate::byte_order::Le>, _>(
        src, dst,
    )
}

/// [`crate::utf32be_bytes_to_utf8`] into uninitialised memory (see the
/// [module docs](self)): UTF-32BE given as bytes, at any address and of any
/// length. `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf32be_bytes_to_utf8`]: the input's first error (a partial
/// last unit included) or [`TranscodeError::OutputTooSmall`], whichever
/// comes first in the input, positioned in bytes. Either way
/// `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u8] = b"\x00\x00\x00a\x00\x01\xF6\x00";
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf32be_bytes_to_utf8(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "a😀".as_bytes());
/// ```
#[inline]
pub fn utf32be_bytes_to_utf8(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Utf32Error>> {
    crate::bytes_input::to_utf8::<crate::bytes_input::Utf32Bytes<crate::byte_order::Be>, _>(
        src, dst,
    )
}

/// [`crate::utf16_to_utf32`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16_to_utf32`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0x61, 0xD83D, 0xDE00];
/// let mut v: Vec<u32> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf16_to_utf32(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x61, 0x1F600]);
/// ```
#[inline]
pub fn utf16_to_utf32(
    src: &[u16],
    dst: &mut [MaybeUninit<u32>],
) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16_to_utf32(src, &mut Uninit(dst))
}

/// [`crate::utf16le_to_utf32`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16le_to_utf32`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0xD83Du16.to_le(), 0xDE00u16.to_le()];
/// let mut v: Vec<u32> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf16le_to_utf32(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x1F600]);
/// ```
#[inline]
pub fn utf16le_to_utf32(
    src: &[u16],
    dst: &mut [MaybeUninit<u32>],
) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16le_to_utf32(src, &mut Uninit(dst))
}

/// [`crate::utf16be_to_utf32`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16be_to_utf32`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0xD83Du16.to_be(), 0xDE00u16.to_be()];
/// let mut v: Vec<u32> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf16be_to_utf32(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x1F600]);
/// ```
#[inline]
pub fn utf16be_to_utf32(
    src: &[u16],
    dst: &mut [MaybeUninit<u32>],
) -> Result<usize, TranscodeError<Utf16Error>> {
    crate::dispatch::utf16be_to_utf32(src, &mut Uninit(dst))
}

/// [`crate::utf32_to_utf16`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 2 * src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf32_to_utf16`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u32] = &[0x61, 0x1F600];
/// let mut v: Vec<u16> = Vec::with_capacity(2 * src.len());
/// let n = rapidutf::uninit::utf32_to_utf16(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x61, 0xD83D, 0xDE00]);
/// ```
#[inline]
pub fn utf32_to_utf16(
    src: &[u32],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Utf32Error>> {
    crate::dispatch::utf32_to_utf16(src, &mut Uninit(dst))
}

/// [`crate::utf32_to_utf16le`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 2 * src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf32_to_utf16le`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u32] = &[0x1F600];
/// let mut v: Vec<u16> = Vec::with_capacity(2 * src.len());
/// let n = rapidutf::uninit::utf32_to_utf16le(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0xD83Du16.to_le(), 0xDE00u16.to_le()]);
/// ```
#[inline]
pub fn utf32_to_utf16le(
    src: &[u32],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Utf32Error>> {
    crate::dispatch::utf32_to_utf16le(src, &mut Uninit(dst))
}

/// [`crate::utf32_to_utf16be`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 2 * src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf32_to_utf16be`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u32] = &[0x1F600];
/// let mut v: Vec<u16> = Vec::with_capacity(2 * src.len());
/// let n = rapidutf::uninit::utf32_to_utf16be(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0xD83Du16.to_be(), 0xDE00u16.to_be()]);
/// ```
#[inline]
pub fn utf32_to_utf16be(
    src: &[u32],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Utf32Error>> {
    crate::dispatch::utf32_to_utf16be(src, &mut Uninit(dst))
}

/// [`crate::str_to_utf16`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = "h€";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::str_to_utf16(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x68, 0x20AC]);
/// ```
#[inline]
pub fn str_to_utf16(
    src: &str,
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::str_to_utf16(src, &mut Uninit(dst))
}

/// [`crate::str_to_utf16le`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = "h€";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::str_to_utf16le(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x68u16.to_le(), 0x20ACu16.to_le()]);
/// ```
#[inline]
pub fn str_to_utf16le(
    src: &str,
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::str_to_utf16le(src, &mut Uninit(dst))
}

/// [`crate::str_to_utf16be`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = "h€";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::str_to_utf16be(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x68u16.to_be(), 0x20ACu16.to_be()]);
/// ```
#[inline]
pub fn str_to_utf16be(
    src: &str,
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::str_to_utf16be(src, &mut Uninit(dst))
}

/// [`crate::str_to_utf32`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = "a😀";
/// let mut v: Vec<u32> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::str_to_utf32(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x61, 0x1F600]);
/// ```
#[inline]
pub fn str_to_utf32(
    src: &str,
    dst: &mut [MaybeUninit<u32>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::str_to_utf32(src, &mut Uninit(dst))
}

/// [`crate::chars_to_utf8`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 4 * src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[char] = &['a', '😀'];
/// let mut v: Vec<u8> = Vec::with_capacity(4 * src.len());
/// let n = rapidutf::uninit::chars_to_utf8(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "a😀".as_bytes());
/// ```
#[inline]
pub fn chars_to_utf8(
    src: &[char],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::chars_to_utf8(src, &mut Uninit(dst))
}

/// [`crate::chars_to_utf16`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 2 * src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[char] = &['a', '😀'];
/// let mut v: Vec<u16> = Vec::with_capacity(2 * src.len());
/// let n = rapidutf::uninit::chars_to_utf16(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x61, 0xD83D, 0xDE00]);
/// ```
#[inline]
pub fn chars_to_utf16(
    src: &[char],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::chars_to_utf16(src, &mut Uninit(dst))
}

/// [`crate::chars_to_utf16le`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 2 * src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[char] = &['€'];
/// let mut v: Vec<u16> = Vec::with_capacity(2 * src.len());
/// let n = rapidutf::uninit::chars_to_utf16le(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x20ACu16.to_le()]);
/// ```
#[inline]
pub fn chars_to_utf16le(
    src: &[char],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::chars_to_utf16le(src, &mut Uninit(dst))
}

/// [`crate::chars_to_utf16be`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 2 * src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[char] = &['€'];
/// let mut v: Vec<u16> = Vec::with_capacity(2 * src.len());
/// let n = rapidutf::uninit::chars_to_utf16be(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x20ACu16.to_be()]);
/// ```
#[inline]
pub fn chars_to_utf16be(
    src: &[char],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::chars_to_utf16be(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::latin1_to_utf8`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 2 * src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = b"Gr\xFC\xDFe";
/// let mut v: Vec<u8> = Vec::with_capacity(2 * src.len());
/// let n = rapidutf::uninit::latin1_to_utf8(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "Grüße".as_bytes());
/// ```
#[inline]
pub fn latin1_to_utf8(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::latin1_to_utf8(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::latin1_to_utf16`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = b"\xE9!";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::latin1_to_utf16(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0xE9, 0x21]);
/// ```
#[inline]
pub fn latin1_to_utf16(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::latin1_to_utf16(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::latin1_to_utf16le`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = b"\xE9";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::latin1_to_utf16le(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0xE9u16.to_le()]);
/// ```
#[inline]
pub fn latin1_to_utf16le(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::latin1_to_utf16le(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::latin1_to_utf16be`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = b"\xE9";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::latin1_to_utf16be(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0xE9u16.to_be()]);
/// ```
#[inline]
pub fn latin1_to_utf16be(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::latin1_to_utf16be(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::latin1_to_utf32`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = b"\xE9!";
/// let mut v: Vec<u32> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::latin1_to_utf32(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0xE9, 0x21]);
/// ```
#[inline]
pub fn latin1_to_utf32(
    src: &[u8],
    dst: &mut [MaybeUninit<u32>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::latin1_to_utf32(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf8_to_latin1`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf8_to_latin1`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = "café".as_bytes();
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf8_to_latin1(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, b"caf\xE9");
/// ```
#[inline]
pub fn utf8_to_latin1(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Latin1Error<Utf8Error>>> {
    crate::dispatch::utf8_to_latin1(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf16_to_latin1`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16_to_latin1`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0x63, 0xE9];
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf16_to_latin1(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, b"c\xE9");
/// ```
#[inline]
pub fn utf16_to_latin1(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    crate::dispatch::utf16_to_latin1(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf16le_to_latin1`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16le_to_latin1`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0xE9u16.to_le()];
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf16le_to_latin1(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, b"\xE9");
/// ```
#[inline]
pub fn utf16le_to_latin1(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    crate::dispatch::utf16le_to_latin1(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf16be_to_latin1`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16be_to_latin1`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0xE9u16.to_be()];
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf16be_to_latin1(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, b"\xE9");
/// ```
#[inline]
pub fn utf16be_to_latin1(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    crate::dispatch::utf16be_to_latin1(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf32_to_latin1`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf32_to_latin1`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u32] = &[0x63, 0xE9];
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf32_to_latin1(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, b"c\xE9");
/// ```
#[inline]
pub fn utf32_to_latin1(
    src: &[u32],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Latin1Error<Utf32Error>>> {
    crate::dispatch::utf32_to_latin1(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::windows1252_to_utf8`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= 3 * src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = b"\x93hi\x94 \x80";
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let n = rapidutf::uninit::windows1252_to_utf8(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "“hi” €".as_bytes());
/// ```
#[inline]
pub fn windows1252_to_utf8(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::windows1252_to_utf8(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::windows1252_to_utf16`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = b"\x80!";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::windows1252_to_utf16(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x20AC, 0x21]);
/// ```
#[inline]
pub fn windows1252_to_utf16(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::windows1252_to_utf16(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::windows1252_to_utf16le`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = b"\x80";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::windows1252_to_utf16le(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x20ACu16.to_le()]);
/// ```
#[inline]
pub fn windows1252_to_utf16le(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::windows1252_to_utf16le(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::windows1252_to_utf16be`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = b"\x80";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::windows1252_to_utf16be(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x20ACu16.to_be()]);
/// ```
#[inline]
pub fn windows1252_to_utf16be(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::windows1252_to_utf16be(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::windows1252_to_utf32`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`]: the input cannot be invalid.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = b"\x80!";
/// let mut v: Vec<u32> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::windows1252_to_utf32(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, [0x20AC, 0x21]);
/// ```
#[inline]
pub fn windows1252_to_utf32(
    src: &[u8],
    dst: &mut [MaybeUninit<u32>],
) -> Result<usize, TranscodeError<Infallible>> {
    crate::dispatch::windows1252_to_utf32(src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf8_to_windows1252`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf8_to_windows1252`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src = "5 €".as_bytes();
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf8_to_windows1252(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, b"5 \x80");
/// ```
#[inline]
pub fn utf8_to_windows1252(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Latin1Error<Utf8Error>>> {
    crate::glue::windows1252::utf8_to_windows1252(active_fns(), src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf16_to_windows1252`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16_to_windows1252`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0x35, 0x20AC];
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf16_to_windows1252(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, b"5\x80");
/// ```
#[inline]
pub fn utf16_to_windows1252(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    #[cfg(target_endian = "little")]
    return utf16le_to_windows1252(src, dst);
    #[cfg(target_endian = "big")]
    return utf16be_to_windows1252(src, dst);
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf16le_to_windows1252`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16le_to_windows1252`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0x20ACu16.to_le()];
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf16le_to_windows1252(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, b"\x80");
/// ```
#[inline]
pub fn utf16le_to_windows1252(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    crate::glue::windows1252::utf16le_to_windows1252(active_fns(), src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf16be_to_windows1252`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf16be_to_windows1252`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u16] = &[0x20ACu16.to_be()];
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf16be_to_windows1252(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, b"\x80");
/// ```
#[inline]
pub fn utf16be_to_windows1252(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>> {
    crate::glue::windows1252::utf16be_to_windows1252(active_fns(), src, &mut Uninit(dst))
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf32_to_windows1252`] into uninitialised memory (see the [module
/// docs](self)). `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// As [`crate::utf32_to_windows1252`]: the input's first error or
/// [`TranscodeError::OutputTooSmall`], whichever comes first in the input.
/// Either way `dst[..e.written()]` is initialised.
///
/// ```
/// let src: &[u32] = &[0x35, 0x20AC];
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf32_to_windows1252(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, b"5\x80");
/// ```
#[inline]
pub fn utf32_to_windows1252(
    src: &[u32],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Latin1Error<Utf32Error>>> {
    crate::glue::windows1252::utf32_to_windows1252(active_fns(), src, &mut Uninit(dst))
}

// The lossy encoders to Latin-1 and Windows-1252. Their count is kept
// also when `dst` runs out (a `Lossy` around the result, as in the
// `_report` forms below), so that the counts of an encoding done in
// pieces add up.

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf8_to_latin1_lossy`] into uninitialised memory (see the [module
/// docs](self)): Latin-1, `replacement` for each character it lacks and each maximal invalid subpart.
/// `dst.len() >= src.len()` always suffices.
///
/// `output` is the result: `Ok(bytes written)`, or only
/// [`TranscodeError::OutputTooSmall`] at a character boundary when the
/// next does not fit (`dst[..written]` initialised, a call on
/// `src[read..]` goes on where this one stopped); `replaced` counts the
/// replacements in the part of `src` that was read.
///
/// ```
/// let src = "5 € for ½".as_bytes();
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let r = rapidutf::uninit::utf8_to_latin1_lossy(src, v.spare_capacity_mut(), b'?');
/// let n = r.output.unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!((v.as_slice(), r.replaced), (&b"5 ? for \xBD"[..], 1));
/// ```
#[inline]
pub fn utf8_to_latin1_lossy(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    replacement: u8,
) -> Lossy<Result<usize, TranscodeError<Infallible>>> {
    use crate::glue::single_byte_lossy::{encode_lossy, Bytes};
    let (output, replaced) = encode_lossy::<Bytes, crate::scalar::latin1::Latin1, _>(
        active_fns(),
        src,
        &mut Uninit(dst),
        replacement,
    );
    Lossy { output, replaced }
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::str_to_latin1_lossy`] into uninitialised memory (see the [module
/// docs](self)): Latin-1, `replacement` for each character it lacks.
/// `dst.len() >= src.len()` always suffices.
///
/// `output` is the result: `Ok(bytes written)`, or only
/// [`TranscodeError::OutputTooSmall`] at a character boundary when the
/// next does not fit (`dst[..written]` initialised, a call on
/// `src[read..]` goes on where this one stopped); `replaced` counts the
/// replacements in the part of `src` that was read.
///
/// ```
/// let src = "5 € for ½";
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let r = rapidutf::uninit::str_to_latin1_lossy(src, v.spare_capacity_mut(), b'?');
/// let n = r.output.unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!((v.as_slice(), r.replaced), (&b"5 ? for \xBD"[..], 1));
/// ```
#[inline]
pub fn str_to_latin1_lossy(
    src: &str,
    dst: &mut [MaybeUninit<u8>],
    replacement: u8,
) -> Lossy<Result<usize, TranscodeError<Infallible>>> {
    use crate::glue::single_byte_lossy::{encode_lossy, Valid};
    let (output, replaced) = encode_lossy::<Valid, crate::scalar::latin1::Latin1, _>(
        active_fns(),
        src.as_bytes(),
        &mut Uninit(dst),
        replacement,
    );
    Lossy { output, replaced }
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::utf8_to_windows1252_lossy`] into uninitialised memory (see the [module
/// docs](self)): Windows-1252, `replacement` for each character it lacks and each maximal invalid subpart.
/// `dst.len() >= src.len()` always suffices.
///
/// `output` is the result: `Ok(bytes written)`, or only
/// [`TranscodeError::OutputTooSmall`] at a character boundary when the
/// next does not fit (`dst[..written]` initialised, a call on
/// `src[read..]` goes on where this one stopped); `replaced` counts the
/// replacements in the part of `src` that was read.
///
/// ```
/// let src = "5 € for Ω".as_bytes();
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let r = rapidutf::uninit::utf8_to_windows1252_lossy(src, v.spare_capacity_mut(), b'?');
/// let n = r.output.unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!((v.as_slice(), r.replaced), (&b"5 \x80 for ?"[..], 1));
/// ```
#[inline]
pub fn utf8_to_windows1252_lossy(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    replacement: u8,
) -> Lossy<Result<usize, TranscodeError<Infallible>>> {
    use crate::glue::single_byte_lossy::{encode_lossy, Bytes};
    let (output, replaced) = encode_lossy::<Bytes, crate::scalar::windows1252::Windows1252, _>(
        active_fns(),
        src,
        &mut Uninit(dst),
        replacement,
    );
    Lossy { output, replaced }
}

#[cfg(feature = "single-byte")]
#[cfg_attr(docsrs, doc(cfg(feature = "single-byte")))]
/// [`crate::str_to_windows1252_lossy`] into uninitialised memory (see the [module
/// docs](self)): Windows-1252, `replacement` for each character it lacks.
/// `dst.len() >= src.len()` always suffices.
///
/// `output` is the result: `Ok(bytes written)`, or only
/// [`TranscodeError::OutputTooSmall`] at a character boundary when the
/// next does not fit (`dst[..written]` initialised, a call on
/// `src[read..]` goes on where this one stopped); `replaced` counts the
/// replacements in the part of `src` that was read.
///
/// ```
/// let src = "5 € for Ω";
/// let mut v: Vec<u8> = Vec::with_capacity(src.len());
/// let r = rapidutf::uninit::str_to_windows1252_lossy(src, v.spare_capacity_mut(), b'?');
/// let n = r.output.unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!((v.as_slice(), r.replaced), (&b"5 \x80 for ?"[..], 1));
/// ```
#[inline]
pub fn str_to_windows1252_lossy(
    src: &str,
    dst: &mut [MaybeUninit<u8>],
    replacement: u8,
) -> Lossy<Result<usize, TranscodeError<Infallible>>> {
    use crate::glue::single_byte_lossy::{encode_lossy, Valid};
    let (output, replaced) = encode_lossy::<Valid, crate::scalar::windows1252::Windows1252, _>(
        active_fns(),
        src.as_bytes(),
        &mut Uninit(dst),
        replacement,
    );
    Lossy { output, replaced }
}

/// Decodes UTF-8 into UTF-8, handling each maximal invalid subpart
/// with `strategy` ([`ErrorStrategy::Replace`]: one U+FFFD each, as
/// [`String::from_utf8_lossy`](alloc::string::String::from_utf8_lossy)
/// does): `Ok(units written)` once all of `src` is decoded.
/// `dst.len() >= 3 * src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`] `{ read, written }`, at a
/// character or subpart boundary when the next does not fit:
/// `dst[..written]` is the decoding of `src[..read]`, and a call on
/// `src[read..]` goes on exactly as one call with more room would have.
///
/// ```
/// use rapidutf::ErrorStrategy;
/// let src = b"caf\xE9 \xF0\x9F\x98";
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let n = rapidutf::uninit::utf8_to_utf8_lossy(src, v.spare_capacity_mut(), ErrorStrategy::Replace).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "caf\u{FFFD} \u{FFFD}".as_bytes());
/// ```
#[inline]
pub fn utf8_to_utf8_lossy(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    strategy: ErrorStrategy,
) -> Result<usize, TranscodeError<Infallible>> {
    utf8_lossy_into::<Utf8>(active_fns(), src, dst, strategy, false, &mut 0)
}

/// Decodes UTF-8 into native-endian UTF-16, handling each maximal invalid subpart
/// with `strategy` ([`ErrorStrategy::Replace`]: one U+FFFD each, as
/// [`String::from_utf8_lossy`](alloc::string::String::from_utf8_lossy)
/// does): `Ok(units written)` once all of `src` is decoded.
/// `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`] `{ read, written }`, at a
/// character or subpart boundary when the next does not fit:
/// `dst[..written]` is the decoding of `src[..read]`, and a call on
/// `src[read..]` goes on exactly as one call with more room would have.
///
/// ```
/// use rapidutf::ErrorStrategy;
/// let src = b"caf\xE9 \xF0\x9F\x98";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf8_to_utf16_lossy(src, v.spare_capacity_mut(), ErrorStrategy::Replace).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "caf\u{FFFD} \u{FFFD}".encode_utf16().collect::<Vec<u16>>());
/// ```
#[inline]
pub fn utf8_to_utf16_lossy(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
    strategy: ErrorStrategy,
) -> Result<usize, TranscodeError<Infallible>> {
    utf8_lossy_into::<Utf16<Native>>(active_fns(), src, dst, strategy, false, &mut 0)
}

/// Decodes UTF-8 into UTF-16LE, handling each maximal invalid subpart
/// with `strategy` ([`ErrorStrategy::Replace`]: one U+FFFD each, as
/// [`String::from_utf8_lossy`](alloc::string::String::from_utf8_lossy)
/// does): `Ok(units written)` once all of `src` is decoded.
/// `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`] `{ read, written }`, at a
/// character or subpart boundary when the next does not fit:
/// `dst[..written]` is the decoding of `src[..read]`, and a call on
/// `src[read..]` goes on exactly as one call with more room would have.
///
/// ```
/// use rapidutf::ErrorStrategy;
/// let src = b"caf\xE9 \xF0\x9F\x98";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf8_to_utf16le_lossy(src, v.spare_capacity_mut(), ErrorStrategy::Replace).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "caf\u{FFFD} \u{FFFD}".encode_utf16().map(u16::to_le).collect::<Vec<u16>>());
/// ```
#[inline]
pub fn utf8_to_utf16le_lossy(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
    strategy: ErrorStrategy,
) -> Result<usize, TranscodeError<Infallible>> {
    utf8_lossy_into::<Utf16<Le>>(active_fns(), src, dst, strategy, false, &mut 0)
}

/// Decodes UTF-8 into UTF-16BE, handling each maximal invalid subpart
/// with `strategy` ([`ErrorStrategy::Replace`]: one U+FFFD each, as
/// [`String::from_utf8_lossy`](alloc::string::String::from_utf8_lossy)
/// does): `Ok(units written)` once all of `src` is decoded.
/// `dst.len() >= src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`] `{ read, written }`, at a
/// character or subpart boundary when the next does not fit:
/// `dst[..written]` is the decoding of `src[..read]`, and a call on
/// `src[read..]` goes on exactly as one call with more room would have.
///
/// ```
/// use rapidutf::ErrorStrategy;
/// let src = b"caf\xE9 \xF0\x9F\x98";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let n = rapidutf::uninit::utf8_to_utf16be_lossy(src, v.spare_capacity_mut(), ErrorStrategy::Replace).unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "caf\u{FFFD} \u{FFFD}".encode_utf16().map(u16::to_be).collect::<Vec<u16>>());
/// ```
#[inline]
pub fn utf8_to_utf16be_lossy(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
    strategy: ErrorStrategy,
) -> Result<usize, TranscodeError<Infallible>> {
    utf8_lossy_into::<Utf16<Be>>(active_fns(), src, dst, strategy, false, &mut 0)
}

/// Decodes native-endian UTF-16 into UTF-8, replacing each unpaired surrogate with
/// U+FFFD as [`String::from_utf16_lossy`](alloc::string::String::from_utf16_lossy)
/// does: `Ok(bytes written)` once all of `src` is decoded.
/// `dst.len() >= 3 * src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`] `{ read, written }`, between
/// characters when the next does not fit: `dst[..written]` is the
/// decoding of `src[..read]`, and a call on `src[read..]` goes on exactly
/// as one call with more room would have.
///
/// ```
/// let src: &[u16] = &[0x61, 0xDC00, 0x62];
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let n = rapidutf::uninit::utf16_to_utf8_lossy(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "a\u{FFFD}b".as_bytes());
/// ```
#[inline]
pub fn utf16_to_utf8_lossy(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Infallible>> {
    utf16_lossy_into::<Native>(active_fns(), src, dst, &mut 0)
}

/// Decodes UTF-16LE into UTF-8, replacing each unpaired surrogate with
/// U+FFFD as [`String::from_utf16_lossy`](alloc::string::String::from_utf16_lossy)
/// does: `Ok(bytes written)` once all of `src` is decoded.
/// `dst.len() >= 3 * src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`] `{ read, written }`, between
/// characters when the next does not fit: `dst[..written]` is the
/// decoding of `src[..read]`, and a call on `src[read..]` goes on exactly
/// as one call with more room would have.
///
/// ```
/// let src: &[u16] = &[0x61u16.to_le(), 0xDC00u16.to_le(), 0x62u16.to_le()];
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let n = rapidutf::uninit::utf16le_to_utf8_lossy(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "a\u{FFFD}b".as_bytes());
/// ```
#[inline]
pub fn utf16le_to_utf8_lossy(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Infallible>> {
    utf16_lossy_into::<Le>(active_fns(), src, dst, &mut 0)
}

/// Decodes UTF-16BE into UTF-8, replacing each unpaired surrogate with
/// U+FFFD as [`String::from_utf16_lossy`](alloc::string::String::from_utf16_lossy)
/// does: `Ok(bytes written)` once all of `src` is decoded.
/// `dst.len() >= 3 * src.len()` always suffices.
///
/// # Errors
///
/// Only [`TranscodeError::OutputTooSmall`] `{ read, written }`, between
/// characters when the next does not fit: `dst[..written]` is the
/// decoding of `src[..read]`, and a call on `src[read..]` goes on exactly
/// as one call with more room would have.
///
/// ```
/// let src: &[u16] = &[0x61u16.to_be(), 0xDC00u16.to_be(), 0x62u16.to_be()];
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let n = rapidutf::uninit::utf16be_to_utf8_lossy(src, v.spare_capacity_mut()).unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!(v, "a\u{FFFD}b".as_bytes());
/// ```
#[inline]
pub fn utf16be_to_utf8_lossy(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, TranscodeError<Infallible>> {
    utf16_lossy_into::<Be>(active_fns(), src, dst, &mut 0)
}

// The `_report` forms: the same decoding, and the number of replacements
// in the part of `src` that was read, also when `dst` ran out of room (so
// that a caller who resumes from `read` adds up the counts of the calls).
/// [`utf8_to_utf8_lossy`], also counting the replacements: one per maximal
/// invalid subpart of `src` (whatever `strategy` writes for it).
///
/// `output` is [`utf8_to_utf8_lossy`]'s result; `replaced` counts the replacements in
/// the part of `src` that was read, all of it on `Ok`, `src[..read]` on
/// [`TranscodeError::OutputTooSmall`], so the counts of a decoding done in
/// pieces add up to the count of one call.
///
/// ```
/// use rapidutf::{uninit, ErrorStrategy};
/// let src = b"caf\xE9 \xF0\x9F\x98 ok";
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let r = uninit::utf8_to_utf8_lossy_report(src, v.spare_capacity_mut(), ErrorStrategy::Replace);
/// let n = r.output.unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!((v.as_slice(), r.replaced), ("caf\u{FFFD} \u{FFFD} ok".as_bytes(), 2));
///
/// // Out of room after the first replacement: it is counted, and the
/// // rest of the input is the next call's.
/// let mut small = [core::mem::MaybeUninit::uninit(); 6];
/// let r = uninit::utf8_to_utf8_lossy_report(src, &mut small, ErrorStrategy::Replace);
/// assert_eq!(r.replaced, 1);
/// assert_eq!(r.output, Err(rapidutf::TranscodeError::OutputTooSmall { read: 4, written: 6 }));
/// ```
#[inline]
pub fn utf8_to_utf8_lossy_report(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
    strategy: ErrorStrategy,
) -> Lossy<Result<usize, TranscodeError<Infallible>>> {
    let mut replaced = 0;
    let output = utf8_lossy_into::<Utf8>(active_fns(), src, dst, strategy, false, &mut replaced);
    Lossy { output, replaced }
}
/// [`utf8_to_utf16_lossy`], also counting the replacements: one per maximal
/// invalid subpart of `src` (whatever `strategy` writes for it).
///
/// `output` is [`utf8_to_utf16_lossy`]'s result; `replaced` counts the replacements in
/// the part of `src` that was read, all of it on `Ok`, `src[..read]` on
/// [`TranscodeError::OutputTooSmall`], so the counts of a decoding done in
/// pieces add up to the count of one call.
///
/// ```
/// use rapidutf::{uninit, ErrorStrategy};
/// let src = b"caf\xE9 \xF0\x9F\x98 ok";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let r = uninit::utf8_to_utf16_lossy_report(src, v.spare_capacity_mut(), ErrorStrategy::Replace);
/// let n = r.output.unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// let want: Vec<u16> = "caf\u{FFFD} \u{FFFD} ok".encode_utf16().collect();
/// assert_eq!((v, r.replaced), (want, 2));
/// ```
#[inline]
pub fn utf8_to_utf16_lossy_report(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
    strategy: ErrorStrategy,
) -> Lossy<Result<usize, TranscodeError<Infallible>>> {
    let mut replaced = 0;
    let output =
        utf8_lossy_into::<Utf16<Native>>(active_fns(), src, dst, strategy, false, &mut replaced);
    Lossy { output, replaced }
}
/// [`utf8_to_utf16le_lossy`], also counting the replacements: one per maximal
/// invalid subpart of `src` (whatever `strategy` writes for it).
///
/// `output` is [`utf8_to_utf16le_lossy`]'s result; `replaced` counts the replacements in
/// the part of `src` that was read, all of it on `Ok`, `src[..read]` on
/// [`TranscodeError::OutputTooSmall`], so the counts of a decoding done in
/// pieces add up to the count of one call.
///
/// ```
/// use rapidutf::{uninit, ErrorStrategy};
/// let src = b"caf\xE9 \xF0\x9F\x98 ok";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let r = uninit::utf8_to_utf16le_lossy_report(src, v.spare_capacity_mut(), ErrorStrategy::Replace);
/// let n = r.output.unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// let want: Vec<u16> = "caf\u{FFFD} \u{FFFD} ok".encode_utf16().map(u16::to_le).collect();
/// assert_eq!((v, r.replaced), (want, 2));
/// ```
#[inline]
pub fn utf8_to_utf16le_lossy_report(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
    strategy: ErrorStrategy,
) -> Lossy<Result<usize, TranscodeError<Infallible>>> {
    let mut replaced = 0;
    let output =
        utf8_lossy_into::<Utf16<Le>>(active_fns(), src, dst, strategy, false, &mut replaced);
    Lossy { output, replaced }
}
/// [`utf8_to_utf16be_lossy`], also counting the replacements: one per maximal
/// invalid subpart of `src` (whatever `strategy` writes for it).
///
/// `output` is [`utf8_to_utf16be_lossy`]'s result; `replaced` counts the replacements in
/// the part of `src` that was read, all of it on `Ok`, `src[..read]` on
/// [`TranscodeError::OutputTooSmall`], so the counts of a decoding done in
/// pieces add up to the count of one call.
///
/// ```
/// use rapidutf::{uninit, ErrorStrategy};
/// let src = b"caf\xE9 \xF0\x9F\x98 ok";
/// let mut v: Vec<u16> = Vec::with_capacity(src.len());
/// let r = uninit::utf8_to_utf16be_lossy_report(src, v.spare_capacity_mut(), ErrorStrategy::Replace);
/// let n = r.output.unwrap();
/// // SAFETY: the first `n` units were written.
/// unsafe { v.set_len(n) };
/// let want: Vec<u16> = "caf\u{FFFD} \u{FFFD} ok".encode_utf16().map(u16::to_be).collect();
/// assert_eq!((v, r.replaced), (want, 2));
/// ```
#[inline]
pub fn utf8_to_utf16be_lossy_report(
    src: &[u8],
    dst: &mut [MaybeUninit<u16>],
    strategy: ErrorStrategy,
) -> Lossy<Result<usize, TranscodeError<Infallible>>> {
    let mut replaced = 0;
    let output =
        utf8_lossy_into::<Utf16<Be>>(active_fns(), src, dst, strategy, false, &mut replaced);
    Lossy { output, replaced }
}
/// [`utf16_to_utf8_lossy`], also counting the replacements: one per unpaired
/// surrogate.
///
/// `output` is [`utf16_to_utf8_lossy`]'s result; `replaced` counts the replacements in
/// the part of `src` that was read, all of it on `Ok`, `src[..read]` on
/// [`TranscodeError::OutputTooSmall`], so the counts of a decoding done in
/// pieces add up to the count of one call.
///
/// ```
/// let src: Vec<u16> = [0x61, 0xDC00, 0x62, 0xD800].into_iter().collect();
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let r = rapidutf::uninit::utf16_to_utf8_lossy_report(&src, v.spare_capacity_mut());
/// let n = r.output.unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!((v.as_slice(), r.replaced), ("a\u{FFFD}b\u{FFFD}".as_bytes(), 2));
/// ```
#[inline]
pub fn utf16_to_utf8_lossy_report(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Lossy<Result<usize, TranscodeError<Infallible>>> {
    let mut replaced = 0;
    let output = utf16_lossy_into::<Native>(active_fns(), src, dst, &mut replaced);
    Lossy { output, replaced }
}
/// [`utf16le_to_utf8_lossy`], also counting the replacements: one per unpaired
/// surrogate.
///
/// `output` is [`utf16le_to_utf8_lossy`]'s result; `replaced` counts the replacements in
/// the part of `src` that was read, all of it on `Ok`, `src[..read]` on
/// [`TranscodeError::OutputTooSmall`], so the counts of a decoding done in
/// pieces add up to the count of one call.
///
/// ```
/// let src: Vec<u16> = [0x61, 0xDC00, 0x62, 0xD800].into_iter().map(u16::to_le).collect();
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let r = rapidutf::uninit::utf16le_to_utf8_lossy_report(&src, v.spare_capacity_mut());
/// let n = r.output.unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!((v.as_slice(), r.replaced), ("a\u{FFFD}b\u{FFFD}".as_bytes(), 2));
/// ```
#[inline]
pub fn utf16le_to_utf8_lossy_report(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Lossy<Result<usize, TranscodeError<Infallible>>> {
    let mut replaced = 0;
    let output = utf16_lossy_into::<Le>(active_fns(), src, dst, &mut replaced);
    Lossy { output, replaced }
}
/// [`utf16be_to_utf8_lossy`], also counting the replacements: one per unpaired
/// surrogate.
///
/// `output` is [`utf16be_to_utf8_lossy`]'s result; `replaced` counts the replacements in
/// the part of `src` that was read, all of it on `Ok`, `src[..read]` on
/// [`TranscodeError::OutputTooSmall`], so the counts of a decoding done in
/// pieces add up to the count of one call.
///
/// ```
/// let src: Vec<u16> = [0x61, 0xDC00, 0x62, 0xD800].into_iter().map(u16::to_be).collect();
/// let mut v: Vec<u8> = Vec::with_capacity(3 * src.len());
/// let r = rapidutf::uninit::utf16be_to_utf8_lossy_report(&src, v.spare_capacity_mut());
/// let n = r.output.unwrap();
/// // SAFETY: the first `n` bytes were written.
/// unsafe { v.set_len(n) };
/// assert_eq!((v.as_slice(), r.replaced), ("a\u{FFFD}b\u{FFFD}".as_bytes(), 2));
/// ```
#[inline]
pub fn utf16be_to_utf8_lossy_report(
    src: &[u16],
    dst: &mut [MaybeUninit<u8>],
) -> Lossy<Result<usize, TranscodeError<Infallible>>> {
    let mut replaced = 0;
    let output = utf16_lossy_into::<Be>(active_fns(), src, dst, &mut replaced);
    Lossy { output, replaced }
}
