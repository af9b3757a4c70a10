//! Latin-1 (ISO-8859-1) to and from UTF-8, UTF-16 (native, LE, BE) and
//! UTF-32: `rapidutf_latin1_to_<to>`, `rapidutf_<from>_to_latin1` and
//! `rapidutf_utf8_len_from_latin1`.
//!
//! A character above U+00FF in a conversion to Latin-1 is
//! [`RAPIDUTF_INVALID_INPUT`](crate::RAPIDUTF_INVALID_INPUT) with
//! [`RAPIDUTF_KIND_UNREPRESENTABLE`], `read` at the character and
//! `error_len` its length in input units; input that is invalid in its own
//! encoding reports that encoding's kind, as the other transcoders do.
//!
//! Written out one by one (no macro) so that the header check in
//! `tests/header.rs` reads their real signatures.

use crate::transcode::transcode;
use crate::{input, no_unwind, CError, RapidutfResult};
use crate::{RapidutfChar16, RapidutfChar32};
use core::mem::MaybeUninit;
use rapidutf::{Latin1Error, Latin1ErrorKind, Utf16Error, Utf32Error, Utf8Error};
use std::convert::Infallible;

/// A conversion to Latin-1: the character is valid but above U+00FF.
pub const RAPIDUTF_KIND_UNREPRESENTABLE: i32 = 12;

impl CError for Infallible {
    fn kind_code(&self) -> i32 {
        match *self {}
    }
    fn position(&self) -> usize {
        match *self {}
    }
    fn length(&self) -> usize {
        match *self {}
    }
}

/// Implements [`CError`] for the Latin-1 error of source error `$e`, whose
/// characters are `$width` units long. Plumbing only.
macro_rules! latin1_error {
    ($($e:ty: $width:expr;)*) => {$(
        impl CError for Latin1Error<$e> {
            fn kind_code(&self) -> i32 {
                match self.kind() {
                    Latin1ErrorKind::Invalid(e) => e.kind_code(),
                    Latin1ErrorKind::Unrepresentable(_) => RAPIDUTF_KIND_UNREPRESENTABLE,
                    _ => crate::RAPIDUTF_KIND_OTHER,
                }
            }
            fn position(&self) -> usize {
                self.valid_up_to()
            }
            fn length(&self) -> usize {
                match self.kind() {
                    Latin1ErrorKind::Invalid(e) => e.length(),
                    Latin1ErrorKind::Unrepresentable(c) => $width(c),
                    _ => 0,
                }
            }
        }
    )*};
}

latin1_error! {
    Utf8Error: char::len_utf8;
    Utf16Error: char::len_utf16;
    Utf32Error: |_: char| 1;
}

/// Converts Latin-1 (ISO-8859-1) to UTF-8. `dst_len >= 2 * src_len` always suffices.
///
/// Latin-1 has no invalid input: the only errors are `RAPIDUTF_OUTPUT_TOO_SMALL` and argument errors.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_latin1_to_utf8(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::latin1_to_utf8) }
}

/// Converts Latin-1 to native-endian UTF-16. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_latin1_to_utf16(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::latin1_to_utf16) }
}

/// Converts Latin-1 to UTF-16LE. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_latin1_to_utf16le(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::latin1_to_utf16le) }
}

/// Converts Latin-1 to UTF-16BE. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_latin1_to_utf16be(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::latin1_to_utf16be) }
}

/// Converts Latin-1 to UTF-32. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, aligned `u32`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_latin1_to_utf32(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar32,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::latin1_to_utf32) }
}

/// Converts UTF-8 to Latin-1. `dst_len >= src_len` always suffices.
///
/// A character above U+00FF is `RAPIDUTF_INVALID_INPUT` with `RAPIDUTF_KIND_UNREPRESENTABLE`.
///
/// # Safety
///
/// `src` addresses `src_len` readable, bytes (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_latin1(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf8_to_latin1) }
}

/// Converts UTF-8 to Latin-1, writing `replacement` for each character
/// above U+00FF and for each maximal invalid subpart of the input (what
/// `String::from_utf8_lossy` replaces with U+FFFD): never
/// `RAPIDUTF_INVALID_INPUT`. The number of replacements goes to
/// `*replaced` unless it is null, on `RAPIDUTF_OK` and on
/// `RAPIDUTF_OUTPUT_TOO_SMALL` (those in `src[0 .. read)`, so the counts of
/// calls that resume at `src + read` add up). `dst_len >= src_len` always
/// suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0), `dst`
/// `dst_len` writable bytes (or `dst_len` is 0), and `replaced` is null or
/// addresses a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_latin1_lossy(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    replacement: u8,
    replaced: *mut usize,
) -> RapidutfResult {
    let f = |s: &[u8], d: &mut [MaybeUninit<u8>]| {
        rapidutf::uninit::utf8_to_latin1_lossy(s, d, replacement)
    };
    // SAFETY: the caller's contract, as documented.
    unsafe { crate::lossy::lossy(src, src_len, dst, dst_len, replaced, f) }
}

/// Converts native-endian UTF-16 to Latin-1. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16_to_latin1(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16_to_latin1) }
}

/// Converts UTF-16LE to Latin-1. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16le_to_latin1(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16le_to_latin1) }
}

/// Converts UTF-16BE to Latin-1. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16be_to_latin1(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf16be_to_latin1) }
}

/// Converts UTF-32 to Latin-1. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u32`s (or `src_len` is 0) and
/// `dst` `dst_len` writable, bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf32_to_latin1(
    src: *const RapidutfChar32,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { transcode(src, src_len, dst, dst_len, rapidutf::uninit::utf32_to_latin1) }
}

/// The UTF-8 bytes needed for Latin-1: one per byte below 0x80, two per
/// other byte. 0 for a null `src` with `len > 0`.
///
/// # Safety
///
/// `src` addresses `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_len_from_latin1(src: *const u8, len: usize) -> usize {
    no_unwind(|| {
        // SAFETY: the caller's contract, as documented.
        match unsafe { input(src, len) } {
            Ok(s) => rapidutf::utf8_len_from_latin1(s),
            Err(_) => 0,
        }
    })
}
