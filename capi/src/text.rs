//! Error strategies for lossy UTF-8 decoding, encoding detection and
//! many-strings validation: `rapidutf_utf8_to_*_lossy_with`,
//! `rapidutf_detect_encoding`, `rapidutf_validate_utf8_offsets32/64`.

use crate::RapidutfChar16;
use crate::{input, no_unwind, out_pointer, RapidutfResult};
use crate::{RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_OTHER, RAPIDUTF_MISALIGNED};
use core::convert::Infallible;
use core::mem::MaybeUninit;
use rapidutf::{
    DetectedEncoding, ErrorStrategy, ManyStringsErrorKind, StringOffset, TranscodeError,
};

/// A bounded lossy decoder's result (see [`rapidutf::uninit`]).
type Lossy = Result<usize, TranscodeError<Infallible>>;

/// One U+FFFD per maximal invalid subpart (as the plain lossy functions).
pub const RAPIDUTF_STRATEGY_REPLACE: i32 = 0;
/// Drop each maximal invalid subpart.
pub const RAPIDUTF_STRATEGY_IGNORE: i32 = 1;
/// Decode each byte of each maximal invalid subpart as ISO-8859-1.
pub const RAPIDUTF_STRATEGY_LATIN1: i32 = 2;
/// Decode each byte of each maximal invalid subpart as Windows-1252.
pub const RAPIDUTF_STRATEGY_WINDOWS1252: i32 = 3;

/// A status: an unknown `RAPIDUTF_STRATEGY_*` code.
pub const RAPIDUTF_BAD_STRATEGY: i32 = 7;

/// Many-strings validation: a string's start or end lies past the buffer.
pub const RAPIDUTF_KIND_OUT_OF_BOUNDS: i32 = 10;
/// Many-strings validation: a string's start lies after its end.
pub const RAPIDUTF_KIND_REVERSED: i32 = 11;
/// Many-strings validation: an offset of the string is negative.
pub const RAPIDUTF_KIND_NEGATIVE: i32 = 13;

/// `rapidutf_detect_encoding`: UTF-8.
pub const RAPIDUTF_ENCODING_UTF8: i32 = 1;
/// UTF-16LE.
pub const RAPIDUTF_ENCODING_UTF16LE: i32 = 2;
/// UTF-16BE.
pub const RAPIDUTF_ENCODING_UTF16BE: i32 = 3;
/// UTF-32LE.
pub const RAPIDUTF_ENCODING_UTF32LE: i32 = 4;
/// UTF-32BE.
pub const RAPIDUTF_ENCODING_UTF32BE: i32 = 5;
/// Windows-1252 (WHATWG: every byte decodes).
pub const RAPIDUTF_ENCODING_WINDOWS1252: i32 = 6;

fn strategy(code: i32) -> Option<ErrorStrategy> {
    match code {
        RAPIDUTF_STRATEGY_REPLACE => Some(ErrorStrategy::Replace),
        RAPIDUTF_STRATEGY_IGNORE => Some(ErrorStrategy::Ignore),
        RAPIDUTF_STRATEGY_LATIN1 => Some(ErrorStrategy::Latin1),
        RAPIDUTF_STRATEGY_WINDOWS1252 => Some(ErrorStrategy::Windows1252),
        _ => None,
    }
}

/// Runs a bounded lossy decoder with the strategy `code` over the C
/// buffers ([`crate::lossy::lossy`], after checking the code).
///
/// # Safety
///
/// As [`input`] for `src` and [`output`](crate::output) for `dst`.
unsafe fn lossy_with<D>(
    src: *const u8,
    src_len: usize,
    dst: *mut D,
    dst_len: usize,
    code: i32,
    f: impl FnOnce(&[u8], &mut [MaybeUninit<D>], ErrorStrategy) -> Lossy,
) -> RapidutfResult {
    let Some(strategy) = strategy(code) else {
        return RapidutfResult::argument(RAPIDUTF_BAD_STRATEGY);
    };
    // SAFETY: forwarded from the caller.
    unsafe { crate::lossy::lossy(src, src_len, dst, dst_len, |s, d| f(s, d, strategy)) }
}

/// Decodes UTF-8 into UTF-8, handling each maximal invalid subpart with
/// `strategy` (a `RAPIDUTF_STRATEGY_*` code; `RAPIDUTF_BAD_STRATEGY` for
/// another). `dst_len >= 3 * src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable bytes (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_string_lossy_with(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    strategy: i32,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy_with(src, src_len, dst, dst_len, strategy, rapidutf::uninit::utf8_to_utf8_lossy)
    }
}

/// Decodes UTF-8 into native-endian UTF-16, handling each maximal invalid
/// subpart with `strategy`. `dst_len >= src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0) and `dst`
/// `dst_len` writable, aligned `u16`s (or `dst_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_utf16_lossy_with(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
    strategy: i32,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy_with(src, src_len, dst, dst_len, strategy, rapidutf::uninit::utf8_to_utf16_lossy)
    }
}

fn encoding_code(e: DetectedEncoding) -> i32 {
    match e {
        DetectedEncoding::Utf8 => RAPIDUTF_ENCODING_UTF8,
        DetectedEncoding::Utf16Le => RAPIDUTF_ENCODING_UTF16LE,
        DetectedEncoding::Utf16Be => RAPIDUTF_ENCODING_UTF16BE,
        DetectedEncoding::Utf32Le => RAPIDUTF_ENCODING_UTF32LE,
        DetectedEncoding::Utf32Be => RAPIDUTF_ENCODING_UTF32BE,
        _ => RAPIDUTF_ENCODING_WINDOWS1252,
    }
}

/// The most likely encoding of `(src, len)` as a `RAPIDUTF_ENCODING_*`
/// code (0 for a null `src` with a non-zero `len`). Unless null,
/// `*bom_len` receives the length of the byte order mark that decided (0
/// if none) and `*candidates` the set of encodings the bytes are valid
/// in, bit `1 << code` for each. A misaligned `bom_len` or `candidates`
/// returns `-RAPIDUTF_MISALIGNED`, with nothing read or written.
///
/// # Safety
///
/// `src` addresses `len` readable bytes (or `len` is 0); `bom_len` and
/// `candidates` are null or address a writable `size_t` and `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_detect_encoding(
    src: *const u8,
    len: usize,
    bom_len: *mut usize,
    candidates: *mut u32,
) -> i32 {
    no_unwind(|| {
        let (Ok(bom_len), Ok(candidates)) = (out_pointer(bom_len), out_pointer(candidates)) else {
            return -RAPIDUTF_MISALIGNED;
        };
        // SAFETY: the caller's contract, as documented.
        let Ok(s) = (unsafe { input(src, len) }) else {
            return 0;
        };
        let d = rapidutf::detect_encoding(s);
        if let Some(p) = bom_len {
            // SAFETY: non-null and aligned (`out_pointer`); the caller
            // guarantees that it is writable.
            unsafe { p.write(d.bom_len()) };
        }
        if let Some(p) = candidates {
            let set = d.candidates().iter().fold(0u32, |m, e| m | 1 << encoding_code(e));
            // SAFETY: as above.
            unsafe { p.write(set) };
        }
        encoding_code(d.encoding())
    })
}

/// Many-strings validation over the C buffers.
///
/// # Safety
///
/// As [`input`] for `buf` and `offsets`; `string_index` is null or
/// addresses a writable `size_t`.
unsafe fn offsets<O: StringOffset>(
    buf: *const u8,
    buf_len: usize,
    offsets: *const O,
    offsets_len: usize,
    string_index: *mut usize,
) -> RapidutfResult {
    no_unwind(|| {
        // SAFETY: forwarded from the caller.
        let (b, o) = match unsafe { (input(buf, buf_len), input(offsets, offsets_len)) } {
            (Ok(b), Ok(o)) => (b, o),
            (Err(status), _) | (_, Err(status)) => return RapidutfResult::argument(status),
        };
        let string_index = match out_pointer(string_index) {
            Ok(p) => p,
            Err(status) => return RapidutfResult::argument(status),
        };
        let e = match rapidutf::validate_utf8_offsets(b, o) {
            Ok(()) => return RapidutfResult::ok(buf_len, 0),
            Err(e) => e,
        };
        if let Some(p) = string_index {
            // SAFETY: non-null and aligned (`out_pointer`); the caller
            // guarantees that it is writable.
            unsafe { p.write(e.index()) };
        }
        let kind = match e.kind() {
            ManyStringsErrorKind::Invalid(u) => return RapidutfResult::invalid(&u),
            ManyStringsErrorKind::OutOfBounds => RAPIDUTF_KIND_OUT_OF_BOUNDS,
            ManyStringsErrorKind::Reversed => RAPIDUTF_KIND_REVERSED,
            ManyStringsErrorKind::Negative => RAPIDUTF_KIND_NEGATIVE,
            _ => RAPIDUTF_KIND_OTHER,
        };
        RapidutfResult { status: RAPIDUTF_INVALID_INPUT, kind, read: 0, written: 0, error_len: 0 }
    })
}

/// Validates a buffer of many strings, Arrow-style: string `i` is
/// `buf[offsets[i] .. offsets[i + 1])` (`offsets_len - 1` strings; none
/// for fewer than 2 offsets). Checks the whole buffer at kernel speed and
/// that every offset is in bounds, ascending and on a character boundary.
/// `RAPIDUTF_OK` (read = buf_len), or `RAPIDUTF_INVALID_INPUT` for the
/// first failing string, whose index goes to `*string_index` (unless it is
/// null): with a UTF-8 kind, `read` and `error_len` are relative to that
/// string (as validating it alone would report); with
/// `RAPIDUTF_KIND_OUT_OF_BOUNDS`, `RAPIDUTF_KIND_REVERSED` or
/// `RAPIDUTF_KIND_NEGATIVE`, they are 0.
/// A misaligned `string_index` is `RAPIDUTF_MISALIGNED`, before anything
/// is validated.
///
/// # Safety
///
/// `buf` addresses `buf_len` readable bytes and `offsets` `offsets_len`
/// readable, aligned `int32_t`s (or the lengths are 0); `string_index` is
/// null or addresses a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_validate_utf8_offsets32(
    buf: *const u8,
    buf_len: usize,
    offsets: *const i32,
    offsets_len: usize,
    string_index: *mut usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { self::offsets(buf, buf_len, offsets, offsets_len, string_index) }
}

/// [`rapidutf_validate_utf8_offsets32`] with `int64_t` offsets.
///
/// # Safety
///
/// As [`rapidutf_validate_utf8_offsets32`], with `int64_t` offsets.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_validate_utf8_offsets64(
    buf: *const u8,
    buf_len: usize,
    offsets: *const i64,
    offsets_len: usize,
    string_index: *mut usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe { self::offsets(buf, buf_len, offsets, offsets_len, string_index) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RAPIDUTF_KIND_NONE, RAPIDUTF_OK};

    #[test]
    fn strategies_and_detection() {
        let src = b"caf\xE9 \x80!";
        let mut out = [0u8; 32];
        let codes = [
            (RAPIDUTF_STRATEGY_REPLACE, "caf\u{FFFD} \u{FFFD}!"),
            (RAPIDUTF_STRATEGY_IGNORE, "caf !"),
            (RAPIDUTF_STRATEGY_LATIN1, "café \u{80}!"),
            (RAPIDUTF_STRATEGY_WINDOWS1252, "café €!"),
        ];
        for (code, want) in codes {
            // SAFETY: valid buffers of the given lengths.
            let r = unsafe {
                rapidutf_utf8_to_string_lossy_with(
                    src.as_ptr(),
                    src.len(),
                    out.as_mut_ptr(),
                    32,
                    code,
                )
            };
            assert_eq!((r.status, r.read), (RAPIDUTF_OK, src.len()));
            assert_eq!(&out[..r.written], want.as_bytes());
        }
        // SAFETY: as above.
        let r =
            unsafe { rapidutf_utf8_to_string_lossy_with(src.as_ptr(), 3, out.as_mut_ptr(), 8, 9) };
        assert_eq!((r.status, r.kind), (RAPIDUTF_BAD_STRATEGY, RAPIDUTF_KIND_NONE));
        let (mut bom, mut set) = (9usize, 0u32);
        let units = [b'h', 0, b'i', 0];
        // SAFETY: as above.
        let e = unsafe { rapidutf_detect_encoding(units.as_ptr(), 4, &mut bom, &mut set) };
        assert_eq!((e, bom), (RAPIDUTF_ENCODING_UTF16LE, 0));
        assert_ne!(set & 1 << RAPIDUTF_ENCODING_UTF8, 0);
    }
}
