//! Error strategies for lossy UTF-8 decoding, encoding detection and
//! many-strings validation: `rapidutf_utf8_to_*_lossy_with`,
//! `rapidutf_detect_encoding`, `rapidutf_validate_utf8_offsets32/64`.

use crate::bytes_input::InBytes;
use crate::lossy::Reported;
use crate::RapidutfChar16;
use crate::{buffers, input, no_unwind, out_pointer, CError, RapidutfResult};
use crate::{RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_OTHER, RAPIDUTF_MISALIGNED};
use core::mem::MaybeUninit;
use core::ptr::null_mut;
use rapidutf::uninit;
use rapidutf::{
    DetectedEncoding, ErrorStrategy, ManyStringsErrorKind, StringOffset, TranscodeError,
};

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
/// buffers ([`crate::lossy::lossy`], `replaced` included), or returns
/// `RAPIDUTF_BAD_STRATEGY` for an unknown code.
///
/// # Safety
///
/// As [`crate::lossy::lossy`].
unsafe fn lossy_with<D>(
    src: *const u8,
    src_len: usize,
    dst: *mut D,
    dst_len: usize,
    code: i32,
    replaced: *mut usize,
    f: impl FnOnce(&[u8], &mut [MaybeUninit<D>], ErrorStrategy) -> Reported,
) -> RapidutfResult {
    let Some(strategy) = strategy(code) else {
        return RapidutfResult::argument(RAPIDUTF_BAD_STRATEGY);
    };
    // SAFETY: forwarded from the caller.
    unsafe { crate::lossy::lossy(src, src_len, dst, dst_len, replaced, |s, d| f(s, d, strategy)) }
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
        rapidutf_utf8_to_string_lossy_with_report(src, src_len, dst, dst_len, strategy, null_mut())
    }
}

/// [`rapidutf_utf8_to_string_lossy_with`], storing the number of
/// maximal invalid subparts that `strategy` handled in `src[0 .. read)`
/// in `*replaced` unless it is null (as
/// [`rapidutf_utf8_to_string_lossy_report`](crate::lossy::rapidutf_utf8_to_string_lossy_report)).
///
/// # Safety
///
/// As [`rapidutf_utf8_to_string_lossy_with`]; `replaced` is null or
/// addresses a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_string_lossy_with_report(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    strategy: i32,
    replaced: *mut usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy_with(
            src,
            src_len,
            dst,
            dst_len,
            strategy,
            replaced,
            uninit::utf8_to_utf8_lossy_report,
        )
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
        rapidutf_utf8_to_utf16_lossy_with_report(src, src_len, dst, dst_len, strategy, null_mut())
    }
}

/// [`rapidutf_utf8_to_utf16_lossy_with`], with `replaced` as in
/// [`rapidutf_utf8_to_string_lossy_with_report`].
///
/// # Safety
///
/// As [`rapidutf_utf8_to_utf16_lossy_with`]; `replaced` is null or
/// addresses a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_utf8_to_utf16_lossy_with_report(
    src: *const u8,
    src_len: usize,
    dst: *mut RapidutfChar16,
    dst_len: usize,
    strategy: i32,
    replaced: *mut usize,
) -> RapidutfResult {
    // SAFETY: the caller's contract, as documented.
    unsafe {
        lossy_with(
            src,
            src_len,
            dst,
            dst_len,
            strategy,
            replaced,
            uninit::utf8_to_utf16_lossy_report,
        )
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

/// An error of the text after a byte order mark, positioned from the
/// start of the input.
#[derive(Clone, Copy)]
struct AfterBom<E> {
    error: E,
    bom: usize,
}

impl<E: CError> CError for AfterBom<E> {
    fn kind_code(&self) -> i32 {
        self.error.kind_code()
    }
    fn position(&self) -> usize {
        self.bom + self.error.position()
    }
    fn length(&self) -> usize {
        self.error.length()
    }
}

/// The C result of decoding the text after a `bom`-byte mark (the input
/// being `src_len` bytes in all), its error made an [`AfterBom`] by
/// `wrap`.
fn after_bom<E, F: CError>(
    r: Result<usize, TranscodeError<E>>,
    bom: usize,
    src_len: usize,
    wrap: impl FnOnce(E) -> F,
) -> RapidutfResult {
    match r {
        Ok(n) => RapidutfResult::ok(src_len, n),
        Err(TranscodeError::OutputTooSmall { read, written }) => {
            RapidutfResult::too_small(bom + read, written)
        }
        Err(TranscodeError::Invalid { error, written }) => {
            let error = AfterBom { error: wrap(error), bom };
            RapidutfResult::from_transcode(&TranscodeError::Invalid { error, written })
        }
        // A problem a newer library reports: `from_transcode`'s rule.
        Err(_) => RapidutfResult {
            status: RAPIDUTF_INVALID_INPUT,
            kind: RAPIDUTF_KIND_OTHER,
            read: 0,
            written: 0,
            error_len: 0,
        },
    }
}

/// UTF-8 after a `bom`-byte mark into `dst`, strictly: the valid text
/// copied, as far as it fits on a character boundary, or the first error,
/// whichever comes first in the input.
fn copy_utf8(
    body: &[u8],
    dst: &mut [MaybeUninit<u8>],
    bom: usize,
    src_len: usize,
) -> RapidutfResult {
    let checked = rapidutf::validate_utf8(body).map(str::len);
    let valid = match checked {
        Ok(n) => n,
        Err(e) => e.valid_up_to(),
    };
    // The longest prefix of the valid text that fits and ends on a
    // character boundary (a continuation byte never starts one).
    let mut fits = valid.min(dst.len());
    while fits < valid && body[fits] & 0xC0 == 0x80 {
        fits -= 1;
    }
    for (d, &b) in dst.iter_mut().zip(&body[..fits]) {
        d.write(b);
    }
    let r = match checked {
        _ if fits < valid => Err(TranscodeError::OutputTooSmall { read: fits, written: fits }),
        Ok(n) => Ok(n),
        Err(error) => Err(TranscodeError::Invalid { error, written: fits }),
    };
    after_bom(r, bom, src_len, |e| e)
}

/// Detects the encoding of `(src, src_len)` as `rapidutf_detect_encoding`
/// does and decodes it into `dst` as UTF-8, strictly: the text after a
/// byte order mark that decided, converted by the strict transcoder of the
/// encoding found (UTF-16 and UTF-32 read as bytes, at any address). The
/// encoding's `RAPIDUTF_ENCODING_*` code goes to `*encoding` unless it is
/// null (also when the text is invalid). Positions (`read`) count bytes of
/// `src`, the mark included; `error_len` is in bytes. Detection without a
/// mark picks an encoding the bytes are valid in, so an error means a mark
/// that the rest contradicts. `dst_len >= 3 * src_len` always suffices.
///
/// # Safety
///
/// `src` addresses `src_len` readable bytes (or `src_len` is 0), `dst`
/// `dst_len` writable bytes (or `dst_len` is 0), and `encoding` is null or
/// addresses a writable `int32_t`.
#[no_mangle]
pub unsafe extern "C" fn rapidutf_decode_detected(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    encoding: *mut i32,
) -> RapidutfResult {
    no_unwind(|| {
        let Ok(encoding) = out_pointer(encoding) else {
            return RapidutfResult::argument(RAPIDUTF_MISALIGNED);
        };
        // SAFETY: the caller's contract, as documented.
        let (s, d) = match unsafe { buffers(src, src_len, dst, dst_len) } {
            Ok(b) => b,
            Err(r) => return r,
        };
        let found = rapidutf::detect_encoding(s);
        if let Some(p) = encoding {
            // SAFETY: non-null and aligned (`out_pointer`); the caller
            // guarantees that it is writable.
            unsafe { p.write(encoding_code(found.encoding())) };
        }
        let bom = found.bom_len();
        let body = &s[bom..];
        let len = body.len();
        let in16 = |error| InBytes { error, size: 2, src_len: len };
        let in32 = |error| InBytes { error, size: 4, src_len: len };
        use rapidutf::uninit;
        match found.encoding() {
            DetectedEncoding::Utf8 => copy_utf8(body, d, bom, src_len),
            DetectedEncoding::Utf16Le => {
                after_bom(uninit::utf16le_bytes_to_utf8(body, d), bom, src_len, in16)
            }
            DetectedEncoding::Utf16Be => {
                after_bom(uninit::utf16be_bytes_to_utf8(body, d), bom, src_len, in16)
            }
            DetectedEncoding::Utf32Le => {
                after_bom(uninit::utf32le_bytes_to_utf8(body, d), bom, src_len, in32)
            }
            DetectedEncoding::Utf32Be => {
                after_bom(uninit::utf32be_bytes_to_utf8(body, d), bom, src_len, in32)
            }
            DetectedEncoding::Windows1252 => {
                after_bom(uninit::windows1252_to_utf8(body, d), bom, src_len, |e| e)
            }
            // An encoding a newer library detects: no code for it here.
            _ => RapidutfResult {
                status: RAPIDUTF_INVALID_INPUT,
                kind: RAPIDUTF_KIND_OTHER,
                read: 0,
                written: 0,
                error_len: 0,
            },
        }
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
