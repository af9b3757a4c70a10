//! Lossy decoding into caller buffers: each maximal invalid subpart
//! (UTF-8) or unpaired surrogate (UTF-16) becomes one U+FFFD, exactly as
//! Rust's `String::from_utf8_lossy` / `from_utf16_lossy` do.
//!
//! Every function is bounded: with an output of the documented size it
//! returns `RAPIDUTF_OK` having read everything; with less it stops at a
//! character (or replaced subpart) boundary with
//! `RAPIDUTF_OUTPUT_TOO_SMALL`, `read` and `written`, and a second call on
//! `src + read` continues the output exactly as one big call would have.
//! Each has a `_report` form that also stores its number of replacements
//! in a `size_t` out-pointer.

use crate::RapidutfChar16;
use crate::{buffers, no_unwind, out_pointer, RapidutfResult};
use core::convert::Infallible;
use core::mem::MaybeUninit;
use core::ptr::null_mut;
use rapidutf::uninit;
use rapidutf::{ErrorStrategy, Lossy, TranscodeError};

/// A bounded lossy decoder's result and its count of replacements (one
/// of [`rapidutf::uninit`]'s `_report` functions).
pub(crate) type Reported = Lossy<Result<usize, TranscodeError<Infallible>>>;

/// Runs a bounded lossy decoder or encoder of [`rapidutf::uninit`] over
/// the C buffers: `RAPIDUTF_OK` once all of the input is converted, else
/// `RAPIDUTF_OUTPUT_TOO_SMALL` at the boundary where it stopped. Its
/// number of replacements (in the part of `src` read, on either status,
/// so that the counts of calls that resume at `src + read` add up) goes
/// to `*replaced` unless that is null; a misaligned `replaced` is
/// `RAPIDUTF_MISALIGNED`, with nothing read or written.
///
/// # Safety
///
/// As [`input`](crate::input) for `src` and [`output`](crate::output)
/// for `dst`; `replaced` is null or addresses a writable `size_t`.
pub(crate) unsafe fn lossy<S, D>(
    src: *const S,
    src_len: usize,
    dst: *mut D,
    dst_len: usize,
    replaced: *mut usize,
    f: impl FnOnce(&[S], &mut [MaybeUninit<D>]) -> Reported,
) -> RapidutfResult {
    // SAFETY: forwarded from the caller.
    unsafe { lossy_chunk(src, src_len, dst, dst_len, replaced, |_| 0, f) }
}

/// [`lossy`] on a chunk of a stream: the `pending(src)` units at the end
/// of `src` (an incomplete character that the next chunk may complete)
/// are left unread, so `RAPIDUTF_OK` has `read = src_len - pending`.
///
/// # Safety
///
/// As [`lossy`].
unsafe fn lossy_chunk<S, D>(
    src: *const S,
    src_len: usize,
    dst: *mut D,
    dst_len: usize,
    replaced: *mut usize,
    pending: impl FnOnce(&[S]) -> usize,
    f: impl FnOnce(&[S], &mut [MaybeUninit<D>]) -> Reported,
) -> RapidutfResult {
    no_unwind(|| {
        let Ok(replaced) = out_pointer(replaced) else {
            return RapidutfResult::argument(crate::RAPIDUTF_MISALIGNED);
        };
        // SAFETY: forwarded from the caller.
        let (s, d) = match unsafe { buffers(src, src_len, dst, dst_len) } {
            Ok(b) => b,
            Err(r) => return r,
        };
        let s = s.get(..s.len().saturating_sub(pending(s))).unwrap_or(s);
        let r = f(s, d);
        if let Some(p) = replaced {
            // SAFETY: non-null and aligned (`out_pointer`); the caller
            // guarantees that it is writable.
            unsafe { p.write(r.replaced) };
        }
        match r.output {
            Ok(written) => RapidutfResult::ok(s.len(), written),
            Err(TranscodeError::OutputTooSmall { read, written }) => {
                RapidutfResult::too_small(read, written)
            }
            Err(TranscodeError::Invalid { error, .. }) => match error {},
            // A problem a newer library may report: none can arise here,
            // and stopping at the start is always a valid answer.
            Err(_) => RapidutfResult::too_small(0, 0),
        }
    })
}

/// The bytes at the end of `src` that begin a character without ending
/// it (at most 3): a lead byte followed by as many allowed continuations
/// as fit, which the next chunk may complete. Lossy decoding of the whole
/// stream starts a new step at that lead byte (a lead byte ends whatever
/// subpart came before it), so decoding `src` without them and then them
/// with the next chunk gives exactly the output of one call on the whole.
/// Anything else at the end (a complete character, or a subpart that no
/// byte can extend) is final and decoded now.
fn utf8_pending(src: &[u8]) -> usize {
    let tail = src.get(src.len().saturating_sub(3)..).unwrap_or_default();
    // The last byte that is no continuation byte (`80..BF`) starts the
    // only candidate.
    let Some(start) = tail.iter().rposition(|&b| b & 0xC0 != 0x80) else {
        return 0;
    };
    let candidate = tail.get(start..).unwrap_or_default();
    match rapidutf::from_utf8(candidate) {
        Err(e) if e.kind() == rapidutf::Utf8ErrorKind::Truncated && e.valid_up_to() == 0 => {
            candidate.len()
        }
        _ => 0,
    }
}

/// One unit when `src` ends in a high surrogate (read with `value`, which
/// gives a unit's value from its in-memory form): the next chunk may start
/// with its low surrogate. A high surrogate before it is unpaired either
/// way, so the rest decodes as in one call on the whole stream.
fn utf16_pending(src: &[u16], value: fn(u16) -> u16) -> usize {
    match src.last() {
        Some(&u) if (0xD800..0xDC00).contains(&value(u)) => 1,
        _ => 0,
    }
}

/// Decodes UTF-8 into UTF-8, replacing each maximal invalid subpart with
/// U+FFFD (`EF BF BD`). `dst_len >= 3 * src_len` always suffices;
/// `dst_len >= src_len` suffices for valid input.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_string_lossy(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { rapidutf_utf8_to_string_lossy_report(src, src_len, dst, dst_len, null_mut()) }
}

/// [`rapidutf_utf8_to_string_lossy`], storing the number of replacements
/// (maximal invalid subparts in `src[0 .. read)`, on `RAPIDUTF_OK` and on
/// `RAPIDUTF_OUTPUT_TOO_SMALL`, so that the counts of calls that resume
/// at `src + read` add up) in `*replaced` unless it is null. A misaligned
/// `replaced` is `RAPIDUTF_MISALIGNED`, with nothing read or written.
///
/// # Safety
///
/// As [`rapidutf_utf8_to_string_lossy`]; `replaced` is null or addresses
/// a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_string_lossy_report(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    replaced: *mut usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy(src, src_len, dst, dst_len, replaced, |s, d| {
            uninit::utf8_to_utf8_lossy_report(s, d, ErrorStrategy::Replace)
        })
    }
}

/// Decodes UTF-8 into native-endian UTF-16, replacing each maximal invalid
/// subpart with U+FFFD. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_utf16_lossy(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { rapidutf_utf8_to_utf16_lossy_report(src, src_len, dst, dst_len, null_mut()) }
}

/// [`rapidutf_utf8_to_utf16_lossy`], with `replaced` as in
/// [`rapidutf_utf8_to_string_lossy_report`].
///
/// # Safety
///
/// As [`rapidutf_utf8_to_utf16_lossy`]; `replaced` is null or addresses
/// a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_utf16_lossy_report(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
    replaced: *mut usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy(src, src_len, dst, dst_len, replaced, |s, d| {
            uninit::utf8_to_utf16_lossy_report(s, d, ErrorStrategy::Replace)
        })
    }
}

/// Decodes native-endian UTF-16 into UTF-8, replacing each unpaired
/// surrogate with U+FFFD. `dst_len >= 3 * src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable, aligned `u16`s (or `src_len` is 0)
/// and `dst` `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16_to_string_lossy(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { rapidutf_utf16_to_string_lossy_report(src, src_len, dst, dst_len, null_mut()) }
}

/// [`rapidutf_utf16_to_string_lossy`], storing the number of replacements (unpaired surrogates in
/// `src[0 .. read)`) as [`rapidutf_utf8_to_string_lossy_report`] does.
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy`]; `replaced` is null or addresses a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16_to_string_lossy_report(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    replaced: *mut usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { lossy(src, src_len, dst, dst_len, replaced, uninit::utf16_to_utf8_lossy_report) }
}

/// [`rapidutf_utf16_to_string_lossy`] for UTF-16LE input.
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16le_to_string_lossy(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { rapidutf_utf16le_to_string_lossy_report(src, src_len, dst, dst_len, null_mut()) }
}

/// [`rapidutf_utf16le_to_string_lossy`], storing the number of replacements (unpaired surrogates in
/// `src[0 .. read)`) as [`rapidutf_utf8_to_string_lossy_report`] does.
///
/// # Safety
///
/// As [`rapidutf_utf16le_to_string_lossy`]; `replaced` is null or addresses a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16le_to_string_lossy_report(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    replaced: *mut usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { lossy(src, src_len, dst, dst_len, replaced, uninit::utf16le_to_utf8_lossy_report) }
}

/// [`rapidutf_utf16_to_string_lossy`] for UTF-16BE input.
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16be_to_string_lossy(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { rapidutf_utf16be_to_string_lossy_report(src, src_len, dst, dst_len, null_mut()) }
}

/// [`rapidutf_utf16be_to_string_lossy`], storing the number of replacements (unpaired surrogates in
/// `src[0 .. read)`) as [`rapidutf_utf8_to_string_lossy_report`] does.
///
/// # Safety
///
/// As [`rapidutf_utf16be_to_string_lossy`]; `replaced` is null or addresses a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16be_to_string_lossy_report(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    replaced: *mut usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { lossy(src, src_len, dst, dst_len, replaced, uninit::utf16be_to_utf8_lossy_report) }
}

/// [`rapidutf_utf8_to_string_lossy`] on one chunk of a stream. With
/// `last` false, an incomplete character at the end of `src` (1 to 3
/// bytes that the next chunk may complete) is left unread: `RAPIDUTF_OK`
/// then has `read = src_len - pending`, and the caller puts
/// `src[read..src_len)` in front of the next chunk. With `last` true it is
/// decoded (as U+FFFD). The concatenated output equals
/// `String::from_utf8_lossy` of the whole stream for every chunking.
///
/// # Safety
///
/// As [`rapidutf_utf8_to_string_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_string_lossy_chunk(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    last: bool,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        rapidutf_utf8_to_string_lossy_chunk_report(src, src_len, dst, dst_len, last, null_mut())
    }
}

/// [`rapidutf_utf8_to_string_lossy_chunk`], with `replaced` as in
/// [`rapidutf_utf8_to_string_lossy_report`] (an incomplete character
/// left unread is not counted: the call that reads it counts it).
///
/// # Safety
///
/// As [`rapidutf_utf8_to_string_lossy_report`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_string_lossy_chunk_report(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    last: bool,
    replaced: *mut usize,
) -> RapidutfResult {
    let pending = if last { |_: &[u8]| 0 } else { utf8_pending };
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy_chunk(src, src_len, dst, dst_len, replaced, pending, |s, d| {
            uninit::utf8_to_utf8_lossy_report(s, d, ErrorStrategy::Replace)
        })
    }
}

/// [`rapidutf_utf8_to_utf16_lossy`] on one chunk of a stream, with `last`
/// as [`rapidutf_utf8_to_string_lossy_chunk`].
///
/// # Safety
///
/// As [`rapidutf_utf8_to_utf16_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_utf16_lossy_chunk(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
    last: bool,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        rapidutf_utf8_to_utf16_lossy_chunk_report(src, src_len, dst, dst_len, last, null_mut())
    }
}

/// [`rapidutf_utf8_to_utf16_lossy_chunk`], with `replaced` as in
/// [`rapidutf_utf8_to_string_lossy_chunk_report`].
///
/// # Safety
///
/// As [`rapidutf_utf8_to_utf16_lossy_report`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_utf16_lossy_chunk_report(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
    last: bool,
    replaced: *mut usize,
) -> RapidutfResult {
    let pending = if last { |_: &[u8]| 0 } else { utf8_pending };
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy_chunk(src, src_len, dst, dst_len, replaced, pending, |s, d| {
            uninit::utf8_to_utf16_lossy_report(s, d, ErrorStrategy::Replace)
        })
    }
}

/// [`rapidutf_utf16_to_string_lossy`] on one chunk of a stream. With
/// `last` false, a high surrogate at the end of `src` is left unread
/// (`read = src_len - 1`): the caller puts it in front of the next chunk,
/// whose first unit may be its low surrogate. The concatenated output
/// equals `String::from_utf16_lossy` of the whole stream for every
/// chunking.
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16_to_string_lossy_chunk(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    last: bool,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        rapidutf_utf16_to_string_lossy_chunk_report(src, src_len, dst, dst_len, last, null_mut())
    }
}

/// [`rapidutf_utf16_to_string_lossy_chunk`], with `replaced` as in
/// [`rapidutf_utf16_to_string_lossy_report`] (a high surrogate left
/// unread is not counted).
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy_report`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16_to_string_lossy_chunk_report(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    last: bool,
    replaced: *mut usize,
) -> RapidutfResult {
    let pending = |s: &[u16]| if last { 0 } else { utf16_pending(s, |u| u) };
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy_chunk(
            src,
            src_len,
            dst,
            dst_len,
            replaced,
            pending,
            uninit::utf16_to_utf8_lossy_report,
        )
    }
}

/// [`rapidutf_utf16_to_string_lossy_chunk`] for UTF-16LE input.
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16le_to_string_lossy_chunk(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    last: bool,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        rapidutf_utf16le_to_string_lossy_chunk_report(src, src_len, dst, dst_len, last, null_mut())
    }
}

/// [`rapidutf_utf16le_to_string_lossy_chunk`], with `replaced` as in
/// [`rapidutf_utf16_to_string_lossy_report`] (a high surrogate left
/// unread is not counted).
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy_report`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16le_to_string_lossy_chunk_report(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    last: bool,
    replaced: *mut usize,
) -> RapidutfResult {
    let pending = |s: &[u16]| if last { 0 } else { utf16_pending(s, u16::from_le) };
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy_chunk(
            src,
            src_len,
            dst,
            dst_len,
            replaced,
            pending,
            uninit::utf16le_to_utf8_lossy_report,
        )
    }
}

/// [`rapidutf_utf16_to_string_lossy_chunk`] for UTF-16BE input.
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16be_to_string_lossy_chunk(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    last: bool,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        rapidutf_utf16be_to_string_lossy_chunk_report(src, src_len, dst, dst_len, last, null_mut())
    }
}

/// [`rapidutf_utf16be_to_string_lossy_chunk`], with `replaced` as in
/// [`rapidutf_utf16_to_string_lossy_report`] (a high surrogate left
/// unread is not counted).
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy_report`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16be_to_string_lossy_chunk_report(
    src: *const RapidutfChar16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    last: bool,
    replaced: *mut usize,
) -> RapidutfResult {
    let pending = |s: &[u16]| if last { 0 } else { utf16_pending(s, u16::from_be) };
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy_chunk(
            src,
            src_len,
            dst,
            dst_len,
            replaced,
            pending,
            uninit::utf16be_to_utf8_lossy_report,
        )
    }
}
