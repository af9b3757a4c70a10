//! Lossy decoding into caller buffers: each maximal invalid subpart
//! (UTF-8) or unpaired surrogate (UTF-16) becomes one U+FFFD, exactly as
//! Rust's `String::from_utf8_lossy` / `from_utf16_lossy` do.
//!
//! Every function is bounded: with an output of the documented size it
//! returns `RAPIDUTF_OK` having read everything; with less it stops at a
//! character (or replaced subpart) boundary with
//! `RAPIDUTF_OUTPUT_TOO_SMALL`, `read` and `written`, and a second call on
//! `src + read` continues the output exactly as one big call would have.

use crate::{buffers, no_unwind, RapidutfResult};
use rapidutf::stream::{CoderResult, Endian, Utf16Decoder, Utf8Decoder};

/// U+FFFD in UTF-8.
const REPLACEMENT: [u8; 3] = [0xEF, 0xBF, 0xBD];

/// Runs a lossy decoder `f(src, dst) -> (complete, read, written)` over
/// the C buffers.
///
/// # Safety
///
/// As [`input`] for `src` and [`output`] for `dst`.
unsafe fn lossy<S, D>(
    src: *const S,
    src_len: usize,
    dst: *mut D,
    dst_len: usize,
    f: impl FnOnce(&[S], &mut [D]) -> (bool, usize, usize),
) -> RapidutfResult {
    no_unwind(|| {
        // SAFETY: forwarded from the caller.
        let (s, d) = match unsafe { buffers(src, src_len, dst, dst_len) } {
            Ok(b) => b,
            Err(r) => return r,
        };
        match f(s, d) {
            (true, read, written) => RapidutfResult::ok(read, written),
            (false, read, written) => RapidutfResult::too_small(read, written),
        }
    })
}

/// Copies `src` to `dst`, both of the same length (callers take them with
/// `get`, so a mismatch is impossible; it would copy nothing).
fn copy(dst: Option<&mut [u8]>, src: Option<&[u8]>) {
    if let (Some(d), Some(s)) = (dst, src) {
        if d.len() == s.len() {
            d.copy_from_slice(s);
        }
    }
}

/// UTF-8 to UTF-8, replacing each maximal invalid subpart with U+FFFD:
/// `(complete, read, written)`.
fn utf8_lossy_into(src: &[u8], dst: &mut [u8]) -> (bool, usize, usize) {
    let (mut i, mut o) = (0, 0);
    loop {
        let rest = src.get(i..).unwrap_or_default();
        let (valid, err) = match rapidutf::validate_utf8(rest) {
            Ok(_) => (rest.len(), None),
            Err(e) => (e.valid_up_to(), Some(e)),
        };
        let room = dst.len().saturating_sub(o);
        if valid > room {
            // Copy the longest prefix that ends on a character boundary.
            let mut n = room;
            while n > 0 && rest.get(n).is_some_and(|&b| b & 0xC0 == 0x80) {
                n -= 1;
            }
            copy(dst.get_mut(o..o + n), rest.get(..n));
            return (false, i + n, o + n);
        }
        copy(dst.get_mut(o..o + valid), rest.get(..valid));
        i += valid;
        o += valid;
        let Some(e) = err else {
            return (true, i, o);
        };
        if room - valid < REPLACEMENT.len() {
            return (false, i, o);
        }
        copy(dst.get_mut(o..o + REPLACEMENT.len()), Some(&REPLACEMENT));
        o += REPLACEMENT.len();
        match e.error_len() {
            Some(n) => i += n,
            // Truncated at the end: the rest is one subpart.
            None => return (true, src.len(), o),
        }
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
    unsafe { lossy(src, src_len, dst, dst_len, utf8_lossy_into) }
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
    dst: *mut u16,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy(src, src_len, dst, dst_len, |s, d| {
            // A fresh decoder with `last`: it stops only at a character or
            // subpart boundary, so `src + read` restarts cleanly.
            let (r, read, written) = Utf8Decoder::new().decode_to_utf16_lossy(s, d, true);
            (r == CoderResult::InputEmpty, read, written)
        })
    }
}

/// UTF-16 in `endian` order to UTF-8, lossy: `(complete, read, written)`.
fn utf16_lossy_into(endian: Endian, src: &[u16], dst: &mut [u8]) -> (bool, usize, usize) {
    // A fresh decoder with `last`: it stops only between characters, so
    // `src + read` restarts cleanly.
    let (r, read, written) = Utf16Decoder::with_endian(endian).decode_to_utf8_lossy(src, dst, true);
    (r == CoderResult::InputEmpty, read, written)
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
    src: *const u16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { lossy(src, src_len, dst, dst_len, |s, d| utf16_lossy_into(Endian::NATIVE, s, d)) }
}

/// [`rapidutf_utf16_to_string_lossy`] for UTF-16LE input.
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16le_to_string_lossy(
    src: *const u16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { lossy(src, src_len, dst, dst_len, |s, d| utf16_lossy_into(Endian::Little, s, d)) }
}

/// [`rapidutf_utf16_to_string_lossy`] for UTF-16BE input.
///
/// # Safety
///
/// As [`rapidutf_utf16_to_string_lossy`].
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf16be_to_string_lossy(
    src: *const u16,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { lossy(src, src_len, dst, dst_len, |s, d| utf16_lossy_into(Endian::Big, s, d)) }
}
