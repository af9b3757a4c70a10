//! The C ABI of rapidutf: every function of the library's free-function
//! API as `rapidutf_<rust name>`, over caller-owned buffers, declared in
//! `include/rapidutf.h` (hand-written; `tests/header.rs` checks it against
//! this crate's signatures, structs and constants). `install.sh`
//! installs it as the C library `librapidutf` (static and shared, with
//! pkg-config and CMake files).
//!
//! # Contracts shared by every function
//!
//! - **Buffers** are a pointer and a length in *units* (`uint8_t`,
//!   `uint16_t` or `uint32_t` elements, never bytes unless the unit is a
//!   byte). A null pointer with length 0 is an empty buffer. A null
//!   pointer with a non-zero length, a `uint16_t`/`uint32_t` pointer that
//!   is not aligned for its type, a buffer longer than `PTRDIFF_MAX`
//!   bytes, or an output that overlaps the input are reported as a status
//!   ([`RAPIDUTF_NULL_POINTER`], [`RAPIDUTF_MISALIGNED`],
//!   [`RAPIDUTF_TOO_LONG`], [`RAPIDUTF_OVERLAP`]) by the functions that
//!   return a [`RapidutfResult`]; the others return `false`, `0` or
//!   [`RAPIDUTF_BOM_NONE`]. What cannot be checked stays the caller's
//!   duty: a non-null pointer must address as many readable (input) or
//!   writable (output) units as its length says, for the whole call.
//! - **Output buffers** are only written, never read, and only
//!   `dst[..written]` (plus, after invalid input, unspecified units before
//!   `dst_len`) is touched. They may be uninitialised memory: they are
//!   seen as `&mut [MaybeUninit<T>]` end to end ([`output`], then the
//!   library's [`rapidutf::uninit`] functions), never as `&mut [T]`.
//! - **Out-pointers** of one value (`bom_len`, `candidates`,
//!   `string_index`) may be null (no value wanted); a misaligned one is
//!   [`RAPIDUTF_MISALIGNED`] (see each function), never silently skipped.
//! - **No panic crosses the boundary.** The library never panics on any
//!   input, and this shim neither indexes nor unwraps. Each exported body
//!   also runs under `no_unwind`, which aborts the process should a panic
//!   ever start to unwind out of it (Rust itself also aborts an unwind
//!   that reaches an `extern "C"` function): a C caller sees either a
//!   result or a deterministic `abort()`, never undefined behaviour.

#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(clippy::undocumented_unsafe_blocks)]

mod bytes_input;
mod count;
mod info;
mod latin1;
mod lossy;
mod misc;
mod text;
mod transcode;
mod utf16_tools;
mod validate;
mod windows1252;

pub use bytes_input::*;
pub use count::*;
pub use info::*;
pub use latin1::*;
pub use lossy::*;
pub use misc::*;
pub use text::*;
pub use transcode::*;
pub use utf16_tools::*;
pub use validate::*;
pub use windows1252::*;

use core::mem::MaybeUninit;
use rapidutf::{
    TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error, Utf32ErrorKind, Utf8Error,
    Utf8ErrorKind,
};

/// A UTF-16 code unit (`rapidutf_char16` in C): `char16_t` in C++ and
/// `uint_least16_t` (which is what `<uchar.h>` makes `char16_t`) in C, so
/// that `std::u16string` data and `char16_t` arrays pass without a cast.
/// The same size, alignment and calling convention as `u16`.
pub type RapidutfChar16 = u16;

/// A UTF-32 code unit (`rapidutf_char32` in C): `char32_t` in C++ and
/// `uint_least32_t` in C (see [`RapidutfChar16`]).
pub type RapidutfChar32 = u32;

/// The outcome of a validation, transcoding or lossy decoding call
/// (`rapidutf_result` in C).
///
/// Which fields mean what depends on `status`; see the header.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RapidutfResult {
    /// One of the `RAPIDUTF_*` status codes ([`RAPIDUTF_OK`], ...).
    pub status: i32,
    /// With [`RAPIDUTF_INVALID_INPUT`], one of the `RAPIDUTF_KIND_*`
    /// codes; otherwise [`RAPIDUTF_KIND_NONE`].
    pub kind: i32,
    /// Input units consumed: all of them on success, the position of the
    /// error for invalid input, the units converted when the output is too
    /// small; 0 for argument errors.
    pub read: usize,
    /// Output units written (0 for validation, invalid input and argument
    /// errors).
    pub written: usize,
    /// With invalid input: the length in input units of the invalid
    /// sequence at `read` (UTF-8: the maximal invalid subpart, 1 to 3
    /// bytes, or 0 when the input ends inside a character; UTF-16 and
    /// UTF-32: 1). Otherwise 0.
    pub error_len: usize,
}

/// Success.
pub const RAPIDUTF_OK: i32 = 0;
/// The input is invalid at `read`; `kind` and `error_len` say how.
pub const RAPIDUTF_INVALID_INPUT: i32 = 1;
/// The output buffer has no room for the next character.
pub const RAPIDUTF_OUTPUT_TOO_SMALL: i32 = 2;
/// A null pointer with a non-zero length.
pub const RAPIDUTF_NULL_POINTER: i32 = 3;
/// A `uint16_t` or `uint32_t` pointer not aligned for its type.
pub const RAPIDUTF_MISALIGNED: i32 = 4;
/// A buffer longer than `PTRDIFF_MAX` bytes.
pub const RAPIDUTF_TOO_LONG: i32 = 5;
/// The output buffer overlaps the input buffer.
pub const RAPIDUTF_OVERLAP: i32 = 6;

/// No error (every status but [`RAPIDUTF_INVALID_INPUT`]).
pub const RAPIDUTF_KIND_NONE: i32 = 0;
/// UTF-8: a byte that never appears in UTF-8 (`C0`, `C1`, `F5..FF`).
pub const RAPIDUTF_KIND_INVALID_BYTE: i32 = 1;
/// UTF-8: a continuation byte where a character should start.
pub const RAPIDUTF_KIND_UNEXPECTED_CONTINUATION: i32 = 2;
/// UTF-8: an overlong form (`E0 80..9F`, `F0 80..8F`).
pub const RAPIDUTF_KIND_OVERLONG: i32 = 3;
/// UTF-8: an encoded surrogate (`ED A0..BF`); UTF-32: a surrogate value.
pub const RAPIDUTF_KIND_SURROGATE: i32 = 4;
/// UTF-8: a code point above U+10FFFF (`F4 90..BF`); UTF-32: a value
/// above 0x10FFFF.
pub const RAPIDUTF_KIND_TOO_LARGE: i32 = 5;
/// UTF-8: a lead byte cut short by a byte that is no allowed continuation.
pub const RAPIDUTF_KIND_MISSING_CONTINUATION: i32 = 6;
/// UTF-8: the input ends inside a character (`error_len` is 0).
pub const RAPIDUTF_KIND_TRUNCATED: i32 = 7;
/// UTF-16: a high surrogate not followed by a low one.
pub const RAPIDUTF_KIND_UNPAIRED_HIGH: i32 = 8;
/// UTF-16: a low surrogate not preceded by a high one.
pub const RAPIDUTF_KIND_UNPAIRED_LOW: i32 = 9;
/// A kind that a newer library version added and this ABI has no code
/// for yet.
pub const RAPIDUTF_KIND_OTHER: i32 = 127;

/// An abort bomb: dropped only while a panic unwinds (the normal path
/// forgets it), and then aborts the process.
struct AbortOnUnwind;

impl Drop for AbortOnUnwind {
    fn drop(&mut self) {
        std::process::abort();
    }
}

/// Runs `f`, aborting the process if it panics, so that no unwind ever
/// leaves an exported function.
#[inline(always)]
pub(crate) fn no_unwind<R>(f: impl FnOnce() -> R) -> R {
    let bomb = AbortOnUnwind;
    let r = f();
    core::mem::forget(bomb);
    r
}

impl RapidutfResult {
    pub(crate) const fn ok(read: usize, written: usize) -> Self {
        RapidutfResult {
            status: RAPIDUTF_OK,
            kind: RAPIDUTF_KIND_NONE,
            read,
            written,
            error_len: 0,
        }
    }

    pub(crate) const fn too_small(read: usize, written: usize) -> Self {
        RapidutfResult {
            status: RAPIDUTF_OUTPUT_TOO_SMALL,
            kind: RAPIDUTF_KIND_NONE,
            read,
            written,
            error_len: 0,
        }
    }

    /// An argument error: `status` is one of the pointer/length statuses.
    pub(crate) const fn argument(status: i32) -> Self {
        RapidutfResult { status, kind: RAPIDUTF_KIND_NONE, read: 0, written: 0, error_len: 0 }
    }

    pub(crate) fn invalid<E: CError>(e: &E) -> Self {
        RapidutfResult {
            status: RAPIDUTF_INVALID_INPUT,
            kind: e.kind_code(),
            read: e.position(),
            written: 0,
            error_len: e.length(),
        }
    }

    pub(crate) fn from_transcode<E: CError>(e: &TranscodeError<E>) -> Self {
        match e {
            TranscodeError::OutputTooSmall { read, written, .. } => {
                Self::too_small(*read, *written)
            }
            other => match other.invalid() {
                Some(e) => Self::invalid(e),
                // A problem that a newer library reports and this ABI has
                // no status for: still invalid input, position unknown.
                None => RapidutfResult {
                    status: RAPIDUTF_INVALID_INPUT,
                    kind: RAPIDUTF_KIND_OTHER,
                    read: 0,
                    written: 0,
                    error_len: 0,
                },
            },
        }
    }
}

/// The library's error types, as the C result's fields.
pub(crate) trait CError {
    fn kind_code(&self) -> i32;
    fn position(&self) -> usize;
    fn length(&self) -> usize;
}

impl CError for Utf8Error {
    fn kind_code(&self) -> i32 {
        match self.kind() {
            Utf8ErrorKind::InvalidByte => RAPIDUTF_KIND_INVALID_BYTE,
            Utf8ErrorKind::UnexpectedContinuation => RAPIDUTF_KIND_UNEXPECTED_CONTINUATION,
            Utf8ErrorKind::Overlong => RAPIDUTF_KIND_OVERLONG,
            Utf8ErrorKind::Surrogate => RAPIDUTF_KIND_SURROGATE,
            Utf8ErrorKind::TooLarge => RAPIDUTF_KIND_TOO_LARGE,
            Utf8ErrorKind::MissingContinuation => RAPIDUTF_KIND_MISSING_CONTINUATION,
            Utf8ErrorKind::Truncated => RAPIDUTF_KIND_TRUNCATED,
            _ => RAPIDUTF_KIND_OTHER,
        }
    }
    fn position(&self) -> usize {
        self.valid_up_to()
    }
    fn length(&self) -> usize {
        self.error_len().unwrap_or(0)
    }
}

impl CError for Utf16Error {
    fn kind_code(&self) -> i32 {
        match self.kind() {
            Utf16ErrorKind::UnpairedHigh => RAPIDUTF_KIND_UNPAIRED_HIGH,
            Utf16ErrorKind::UnpairedLow => RAPIDUTF_KIND_UNPAIRED_LOW,
            Utf16ErrorKind::IncompleteUnit => RAPIDUTF_KIND_INCOMPLETE_UNIT,
            _ => RAPIDUTF_KIND_OTHER,
        }
    }
    fn position(&self) -> usize {
        self.valid_up_to()
    }
    fn length(&self) -> usize {
        1
    }
}

impl CError for Utf32Error {
    fn kind_code(&self) -> i32 {
        match self.kind() {
            Utf32ErrorKind::Surrogate => RAPIDUTF_KIND_SURROGATE,
            Utf32ErrorKind::TooLarge => RAPIDUTF_KIND_TOO_LARGE,
            Utf32ErrorKind::IncompleteUnit => RAPIDUTF_KIND_INCOMPLETE_UNIT,
            _ => RAPIDUTF_KIND_OTHER,
        }
    }
    fn position(&self) -> usize {
        self.valid_up_to()
    }
    fn length(&self) -> usize {
        1
    }
}

/// Checks a C buffer's pointer and length: `Err(status)` for a null
/// pointer with a non-zero length, a misaligned pointer, or more than
/// `isize::MAX` bytes. A length of 0 is always fine.
fn check<T>(ptr: *const T, len: usize) -> Result<(), i32> {
    if len == 0 {
        Ok(())
    } else if ptr.is_null() {
        Err(RAPIDUTF_NULL_POINTER)
    } else if !ptr.is_aligned() {
        Err(RAPIDUTF_MISALIGNED)
    } else if len > isize::MAX as usize / core::mem::size_of::<T>() {
        Err(RAPIDUTF_TOO_LONG)
    } else {
        Ok(())
    }
}

/// The input buffer `(ptr, len)` as a slice.
///
/// # Safety
///
/// If `len > 0` and `ptr` is non-null, `ptr` addresses `len` initialised
/// `T`s that nothing writes during `'a`.
pub(crate) unsafe fn input<'a, T>(ptr: *const T, len: usize) -> Result<&'a [T], i32> {
    check(ptr, len)?;
    if len == 0 {
        return Ok(&[]);
    }
    // SAFETY: `check` proved `ptr` non-null, aligned and `len` elements at
    // most `isize::MAX` bytes; the caller guarantees that they are
    // readable, initialised and not written during `'a`.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// The output buffer `(ptr, len)` as a slice of possibly uninitialised
/// units, after checking that it does not overlap the input `(src,
/// src_len)` (already checked by [`input`]).
///
/// The C caller may pass memory that nothing has written (the header
/// allows it: output buffers are only written), so the slice is of
/// `MaybeUninit<T>`: a `&mut [T]` over it would be undefined behaviour
/// even if nothing read it (a reference asserts that its target is
/// initialised). The library's [`rapidutf::uninit`] functions write
/// through it and report how many units they initialised.
///
/// # Safety
///
/// If `len > 0` and `ptr` is non-null, `ptr` addresses `len` writable
/// `T`s that nothing else reads or writes during `'a`.
pub(crate) unsafe fn output<'a, S, T>(
    src: *const S,
    src_len: usize,
    ptr: *mut T,
    len: usize,
) -> Result<&'a mut [MaybeUninit<T>], i32> {
    check(ptr.cast_const(), len)?;
    if len == 0 {
        return Ok(&mut []);
    }
    if src_len > 0 {
        // Both lengths are at most isize::MAX bytes (checked); real
        // buffers do not wrap around the address space, and saturating
        // keeps a bogus one from wrapping the comparison.
        let (s, d) = (src as usize, ptr as usize);
        let s_end = s.saturating_add(src_len * core::mem::size_of::<S>());
        let d_end = d.saturating_add(len * core::mem::size_of::<T>());
        if s < d_end && d < s_end {
            return Err(RAPIDUTF_OVERLAP);
        }
    }
    // SAFETY: `check` proved `ptr` non-null, aligned and the buffer at
    // most `isize::MAX` bytes, and it does not overlap the input slice;
    // the caller guarantees the `len` units are writable and unaliased
    // for `'a`. `MaybeUninit<T>` has `T`'s layout and asserts nothing
    // about the memory's content.
    Ok(unsafe { core::slice::from_raw_parts_mut(ptr.cast::<MaybeUninit<T>>(), len) })
}

/// A buffer that a function reads and writes in place, as a slice of
/// initialised units.
///
/// # Safety
///
/// If `len > 0` and `ptr` is non-null, `ptr` addresses `len` initialised
/// (it is the input) and writable `T`s that nothing else reads or writes
/// during `'a`.
pub(crate) unsafe fn in_place<'a, T>(ptr: *mut T, len: usize) -> Result<&'a mut [T], i32> {
    check(ptr.cast_const(), len)?;
    if len == 0 {
        return Ok(&mut []);
    }
    // SAFETY: `check` proved `ptr` non-null, aligned and the buffer at
    // most `isize::MAX` bytes; the caller guarantees initialised, writable
    // and unaliased units for `'a`.
    Ok(unsafe { core::slice::from_raw_parts_mut(ptr, len) })
}

/// Checks an optional out-pointer of one `T` (`size_t *bom_len`,
/// `uint32_t *candidates`, `size_t *string_index`): `Ok(None)` for a
/// null one, `Ok(Some(ptr))` for an aligned one, and
/// [`RAPIDUTF_MISALIGNED`] for one that could not hold a `T`: a caller
/// who passed a misaligned pointer expects a value there and would
/// otherwise read whatever it held before.
pub(crate) fn out_pointer<T>(ptr: *mut T) -> Result<Option<*mut T>, i32> {
    if ptr.is_null() {
        Ok(None)
    } else if ptr.is_aligned() {
        Ok(Some(ptr))
    } else {
        Err(RAPIDUTF_MISALIGNED)
    }
}

/// The input and output buffers of a converting call, or the status of
/// the first argument error ([`input`], then [`output`], which also
/// rejects an output that overlaps the input).
///
/// # Safety
///
/// As [`input`] for `src` and [`output`] for `dst`.
pub(crate) unsafe fn buffers<'a, S, D>(
    src: *const S,
    src_len: usize,
    dst: *mut D,
    dst_len: usize,
) -> Result<(&'a [S], &'a mut [MaybeUninit<D>]), RapidutfResult> {
    // SAFETY: forwarded from the caller.
    let s = unsafe { input(src, src_len) }.map_err(RapidutfResult::argument)?;
    // SAFETY: forwarded from the caller.
    let d = unsafe { output(src, src_len, dst, dst_len) }.map_err(RapidutfResult::argument)?;
    Ok((s, d))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A panic inside `no_unwind` aborts the process. Checked in a child
    /// process: this test runs itself again with `RAPIDUTF_CAPI_PANIC=1`.
    #[test]
    #[cfg_attr(miri, ignore = "Miri cannot start a process")]
    fn panic_aborts() {
        if std::env::var_os("RAPIDUTF_CAPI_PANIC").is_some() {
            no_unwind(|| panic!("deliberate panic inside no_unwind"));
        }
        let Ok(exe) = std::env::current_exe() else {
            panic!("no current_exe");
        };
        let out = std::process::Command::new(exe)
            .args(["--exact", "tests::panic_aborts", "--nocapture", "--test-threads=1"])
            .env("RAPIDUTF_CAPI_PANIC", "1")
            .output();
        let out = match out {
            Ok(o) => o,
            // Platforms that cannot spawn (wasm) have nothing to check.
            Err(e) => return eprintln!("cannot spawn the child: {e}"),
        };
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(out.status.signal(), Some(6), "child did not abort: {:?}", out.status);
        }
        assert!(!out.status.success());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("deliberate panic"), "{stderr}");
    }

    #[test]
    fn no_unwind_passes_values_through() {
        assert_eq!(no_unwind(|| 41 + 1), 42);
    }

    /// A misaligned out-pointer is an argument error, and nothing is
    /// written through it (the bytes around it keep their marker).
    #[test]
    fn misaligned_out_pointers_are_argument_errors() {
        // Aligned for `usize`, so that one byte in is misaligned for
        // `usize` and `u32` wherever the buffer lands (a plain byte array
        // may start at an odd address, as it does now and then under
        // Miri).
        #[repr(align(8))]
        struct Raw([u8; 24]);
        let mut raw = Raw([0xA5u8; 24]);
        let odd = raw.0.as_mut_ptr().wrapping_add(1);
        let (size, word) = (odd.cast::<usize>(), odd.cast::<u32>());
        assert_eq!(out_pointer(size), Err(RAPIDUTF_MISALIGNED));
        assert_eq!(out_pointer(core::ptr::null_mut::<usize>()), Ok(None));
        let bom = b"\xEF\xBB\xBFhi";
        let offsets = [0i32, 2, 3];
        // SAFETY: live buffers of these lengths; the misaligned pointers
        // are rejected before any write.
        unsafe {
            assert_eq!(rapidutf_detect_bom(bom.as_ptr(), bom.len(), size), -RAPIDUTF_MISALIGNED);
            let (mut n, mut set) = (9usize, 0u32);
            assert_eq!(
                rapidutf_detect_encoding(bom.as_ptr(), 5, size, &mut set),
                -RAPIDUTF_MISALIGNED
            );
            assert_eq!(
                rapidutf_detect_encoding(bom.as_ptr(), 5, &mut n, word),
                -RAPIDUTF_MISALIGNED
            );
            assert_eq!((n, set), (9, 0));
            let r =
                rapidutf_validate_utf8_offsets32(b"ok\xFF".as_ptr(), 3, offsets.as_ptr(), 3, size);
            assert_eq!(r, RapidutfResult::argument(RAPIDUTF_MISALIGNED));
        }
        assert!(raw.0.iter().all(|&b| b == 0xA5));
    }

    #[test]
    fn overlap_is_detected() {
        let mut buf = [0u8; 8];
        let p = buf.as_mut_ptr();
        // SAFETY: both ranges lie inside `buf`; `output` rejects the
        // overlapping pair before building a slice.
        let r = unsafe { output::<u8, u8>(p, 4, p.wrapping_add(3), 4) };
        assert_eq!(r.err(), Some(RAPIDUTF_OVERLAP));
        // SAFETY: disjoint halves of `buf`.
        let r = unsafe { output::<u8, u8>(p, 4, p.wrapping_add(4), 4) };
        assert!(r.is_ok());
    }
}
