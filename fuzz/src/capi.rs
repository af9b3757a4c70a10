//! The `capi` target: every `rapidutf_*` function of the C ABI (the
//! `rapidutf-capi` crate, called as C would call it) against the Rust API
//! it wraps, on heap buffers of exactly the size passed (so that
//! AddressSanitizer reports a read or write one unit past them): the
//! status, `kind`, `read`, `written` and `error_len` that the header
//! documents for the Rust result, and the output. Conversions run into the
//! exact output size and one unit less; the lossy ones are also resumed
//! from `src + read` until done, which must give the whole output. The C
//! functions dispatch: run the target with `RAPIDUTF_KERNEL` set to cover
//! each kernel.
//!
//! Input: one byte of flags (bit 0: a long input, at least
//! [`LONG`](crate::LONG) bytes, from runs of the rest), one byte of
//! many-strings cuts, then the bytes: as UTF-8, Latin-1 and Windows-1252,
//! and their native-endian pairs and quadruples as UTF-16 and UTF-32.

use crate::{as_u16s, as_u32s, long, seed, Input, LONG};
use rapidutf::{
    Latin1Error, Latin1ErrorKind, TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error,
    Utf32ErrorKind, Utf8Error, Utf8ErrorKind,
};
use rapidutf_capi::*;
use std::convert::Infallible;

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let cut = input.byte();
    let rest = input.rest();
    let bytes = if flags & 1 == 1 { long(rest, seed(data), LONG) } else { rest.to_vec() };
    let units = as_u16s(&bytes);
    let values = as_u32s(&bytes);
    validation(&bytes, &units, &values);
    counts(&bytes, &units, &values);
    transcoders(&bytes, &units, &values);
    legacy(&bytes, &units, &values);
    lossy(&bytes, &units);
    byte_input(&bytes);
    lossy_encoders(&bytes);
    detected(&bytes);
    utf16_tools(&units);
    text(&bytes, cut);
    let name = rapidutf_active_kernel_name();
    // SAFETY: the function returns a static NUL-terminated string.
    let name = unsafe { std::ffi::CStr::from_ptr(name) };
    assert_eq!(name.to_str(), Ok(rapidutf::Kernel::active().name()), "active_kernel_name");
}

/// A heap copy of `v` of exactly its length.
fn exact<T: Copy>(v: &[T]) -> Vec<T> {
    let mut c = Vec::with_capacity(v.len());
    c.extend_from_slice(v);
    debug_assert_eq!(c.capacity(), v.len());
    c
}

/// A heap buffer of exactly `n` units, filled with `fill`.
fn buffer<T: Copy>(n: usize, fill: T) -> Vec<T> {
    vec![fill; n]
}

fn result(status: i32, kind: i32, read: usize, written: usize, error_len: usize) -> RapidutfResult {
    RapidutfResult { status, kind, read, written, error_len }
}

/// An input error as the header documents it: `(kind, read, error_len)`.
trait CodeOf {
    fn code(&self) -> (i32, usize, usize);
}

impl CodeOf for Utf8Error {
    fn code(&self) -> (i32, usize, usize) {
        let kind = match self.kind() {
            Utf8ErrorKind::InvalidByte => RAPIDUTF_KIND_INVALID_BYTE,
            Utf8ErrorKind::UnexpectedContinuation => RAPIDUTF_KIND_UNEXPECTED_CONTINUATION,
            Utf8ErrorKind::Overlong => RAPIDUTF_KIND_OVERLONG,
            Utf8ErrorKind::Surrogate => RAPIDUTF_KIND_SURROGATE,
            Utf8ErrorKind::TooLarge => RAPIDUTF_KIND_TOO_LARGE,
            Utf8ErrorKind::MissingContinuation => RAPIDUTF_KIND_MISSING_CONTINUATION,
            Utf8ErrorKind::Truncated => RAPIDUTF_KIND_TRUNCATED,
            other => panic!("a UTF-8 error kind the header has no code for: {other:?}"),
        };
        (kind, self.valid_up_to(), self.error_len().unwrap_or(0))
    }
}

impl CodeOf for Utf16Error {
    fn code(&self) -> (i32, usize, usize) {
        let kind = match self.kind() {
            Utf16ErrorKind::UnpairedHigh => RAPIDUTF_KIND_UNPAIRED_HIGH,
            Utf16ErrorKind::UnpairedLow => RAPIDUTF_KIND_UNPAIRED_LOW,
            Utf16ErrorKind::IncompleteUnit => RAPIDUTF_KIND_INCOMPLETE_UNIT,
            other => panic!("a UTF-16 error kind the header has no code for: {other:?}"),
        };
        (kind, self.valid_up_to(), 1)
    }
}

impl CodeOf for Utf32Error {
    fn code(&self) -> (i32, usize, usize) {
        let kind = match self.kind() {
            Utf32ErrorKind::Surrogate => RAPIDUTF_KIND_SURROGATE,
            Utf32ErrorKind::TooLarge => RAPIDUTF_KIND_TOO_LARGE,
            Utf32ErrorKind::IncompleteUnit => RAPIDUTF_KIND_INCOMPLETE_UNIT,
            other => panic!("a UTF-32 error kind the header has no code for: {other:?}"),
        };
        (kind, self.valid_up_to(), 1)
    }
}

/// An error of a byte-input function (UTF-16 or UTF-32 given as bytes),
/// whose `error_len` the header counts in bytes: `size` for an invalid
/// unit, the rest of the `len` bytes for a partial one.
#[derive(Clone, Copy)]
struct InBytes<E> {
    error: E,
    size: usize,
    len: usize,
}

impl<E: CodeOf> CodeOf for InBytes<E> {
    fn code(&self) -> (i32, usize, usize) {
        let (kind, read, _) = self.error.code();
        let error_len =
            if kind == RAPIDUTF_KIND_INCOMPLETE_UNIT { self.len - read } else { self.size };
        (kind, read, error_len)
    }
}

/// A byte-input conversion's result with its error [`InBytes`].
fn in_bytes<E>(
    r: Result<usize, TranscodeError<E>>,
    size: usize,
    len: usize,
) -> Result<usize, TranscodeError<InBytes<E>>> {
    r.map_err(|e| match e {
        TranscodeError::Invalid { error, written } => {
            TranscodeError::Invalid { error: InBytes { error, size, len }, written }
        }
        TranscodeError::OutputTooSmall { read, written } => {
            TranscodeError::OutputTooSmall { read, written }
        }
        _ => panic!("a TranscodeError the header has no status for"),
    })
}

impl CodeOf for Infallible {
    fn code(&self) -> (i32, usize, usize) {
        match *self {}
    }
}

/// The length of a character in the units of the input a Latin-1 error
/// came from.
trait Width {
    fn width(c: char) -> usize;
}
impl Width for Utf8Error {
    fn width(c: char) -> usize {
        c.len_utf8()
    }
}
impl Width for Utf16Error {
    fn width(c: char) -> usize {
        c.len_utf16()
    }
}
impl Width for Utf32Error {
    fn width(_: char) -> usize {
        1
    }
}

impl<E: CodeOf + Width + Copy> CodeOf for Latin1Error<E> {
    fn code(&self) -> (i32, usize, usize) {
        match self.kind() {
            Latin1ErrorKind::Invalid(e) => e.code(),
            Latin1ErrorKind::Unrepresentable(c) => {
                (RAPIDUTF_KIND_UNREPRESENTABLE, self.valid_up_to(), E::width(c))
            }
            _ => panic!("a Latin-1 error kind the header has no code for"),
        }
    }
}

/// The C result the header documents for a Rust validation result.
fn validated<E: CodeOf>(r: Result<(), E>, len: usize) -> RapidutfResult {
    match r {
        Ok(()) => result(RAPIDUTF_OK, RAPIDUTF_KIND_NONE, len, 0, 0),
        Err(e) => {
            let (kind, read, error_len) = e.code();
            result(RAPIDUTF_INVALID_INPUT, kind, read, 0, error_len)
        }
    }
}

/// The C result the header documents for a Rust conversion's result.
fn converted<E: CodeOf>(r: &Result<usize, TranscodeError<E>>, src_len: usize) -> RapidutfResult {
    match r {
        Ok(n) => result(RAPIDUTF_OK, RAPIDUTF_KIND_NONE, src_len, *n, 0),
        Err(TranscodeError::OutputTooSmall { read, written }) => {
            result(RAPIDUTF_OUTPUT_TOO_SMALL, RAPIDUTF_KIND_NONE, *read, *written, 0)
        }
        Err(TranscodeError::Invalid { error, .. }) => {
            let (kind, read, error_len) = error.code();
            result(RAPIDUTF_INVALID_INPUT, kind, read, 0, error_len)
        }
        Err(_) => panic!("a TranscodeError the header has no status for"),
    }
}

type CConv<S, D> = unsafe extern "C" fn(*const S, usize, *mut D, usize) -> RapidutfResult;
type RConv<S, D, E> = fn(&[S], &mut [D]) -> Result<usize, TranscodeError<E>>;

/// A C conversion against its Rust function: into the exact output size
/// (learnt from the Rust function with `bound` units of room), one unit
/// less, and none.
fn conv<S: Copy, D: Copy + PartialEq + std::fmt::Debug + Default, E: CodeOf>(
    name: &str,
    c: CConv<S, D>,
    r: RConv<S, D, E>,
    src: &[S],
    bound: usize,
) {
    let need = match r(src, &mut buffer(bound, D::default())) {
        Ok(n) => n,
        Err(TranscodeError::Invalid { written, .. }) => written,
        Err(_) => panic!("{name}: the bound {bound} did not suffice"),
    };
    let input = exact(src);
    let mut sizes = vec![need, 0];
    sizes.extend(need.checked_sub(1));
    for size in sizes {
        let mut want_dst = buffer(size, D::default());
        let want = r(src, &mut want_dst);
        let mut dst = buffer(size, D::default());
        // SAFETY: both buffers hold exactly the lengths passed, and do not
        // overlap.
        let got = unsafe { c(input.as_ptr(), input.len(), dst.as_mut_ptr(), dst.len()) };
        assert_eq!(got, converted(&want, src.len()), "{name} into {size}");
        if got.status != RAPIDUTF_INVALID_INPUT {
            assert!(dst[..got.written] == want_dst[..got.written], "{name} into {size}: output");
        }
    }
}

fn validation(bytes: &[u8], units: &[u16], values: &[u32]) {
    let b = exact(bytes);
    // SAFETY (every call below): each pointer addresses exactly the length
    // passed with it.
    let got = unsafe { rapidutf_validate_utf8(b.as_ptr(), b.len()) };
    assert_eq!(got, validated(rapidutf::validate_utf8(bytes).map(drop), b.len()), "validate_utf8");
    let valid = unsafe { rapidutf_is_valid_utf8(b.as_ptr(), b.len()) };
    assert_eq!(valid, rapidutf::is_valid_utf8(bytes), "is_valid_utf8");
    let ascii = unsafe { rapidutf_is_ascii(b.as_ptr(), b.len()) };
    assert_eq!(ascii, bytes.is_ascii(), "is_ascii");
    let u = exact(units);
    type V16 = unsafe extern "C" fn(*const u16, usize) -> RapidutfResult;
    let forms: [(&str, V16, fn(&[u16]) -> Result<(), Utf16Error>); 3] = [
        ("validate_utf16", rapidutf_validate_utf16, rapidutf::validate_utf16),
        ("validate_utf16le", rapidutf_validate_utf16le, rapidutf::validate_utf16le),
        ("validate_utf16be", rapidutf_validate_utf16be, rapidutf::validate_utf16be),
    ];
    for (name, c, r) in forms {
        let got = unsafe { c(u.as_ptr(), u.len()) };
        assert_eq!(got, validated(r(units), u.len()), "{name}");
    }
    let v = exact(values);
    let got = unsafe { rapidutf_validate_utf32(v.as_ptr(), v.len()) };
    assert_eq!(got, validated(rapidutf::validate_utf32(values), v.len()), "validate_utf32");
}

fn counts(bytes: &[u8], units: &[u16], values: &[u32]) {
    let (b, u, v) = (exact(bytes), exact(units), exact(values));
    type C8 = unsafe extern "C" fn(*const u8, usize) -> usize;
    type C16 = unsafe extern "C" fn(*const u16, usize) -> usize;
    type C32 = unsafe extern "C" fn(*const u32, usize) -> usize;
    let of8: [(&str, C8, fn(&[u8]) -> usize); 4] = [
        ("count_chars", rapidutf_count_chars, rapidutf::count_chars),
        ("utf16_len_from_utf8", rapidutf_utf16_len_from_utf8, rapidutf::utf16_len_from_utf8),
        ("utf32_len_from_utf8", rapidutf_utf32_len_from_utf8, rapidutf::utf32_len_from_utf8),
        ("utf8_len_from_latin1", rapidutf_utf8_len_from_latin1, rapidutf::utf8_len_from_latin1),
    ];
    for (name, c, r) in of8 {
        // SAFETY: the buffer holds exactly the length passed.
        assert_eq!(unsafe { c(b.as_ptr(), b.len()) }, r(bytes), "{name}");
    }
    let of16: [(&str, C16, fn(&[u16]) -> usize); 9] = [
        ("utf8_len_from_utf16", rapidutf_utf8_len_from_utf16, rapidutf::utf8_len_from_utf16),
        ("utf8_len_from_utf16le", rapidutf_utf8_len_from_utf16le, rapidutf::utf8_len_from_utf16le),
        ("utf8_len_from_utf16be", rapidutf_utf8_len_from_utf16be, rapidutf::utf8_len_from_utf16be),
        ("utf32_len_from_utf16", rapidutf_utf32_len_from_utf16, rapidutf::utf32_len_from_utf16),
        (
            "utf32_len_from_utf16le",
            rapidutf_utf32_len_from_utf16le,
            rapidutf::utf32_len_from_utf16le,
        ),
        (
            "utf32_len_from_utf16be",
            rapidutf_utf32_len_from_utf16be,
            rapidutf::utf32_len_from_utf16be,
        ),
        (
            "utf8_len_from_utf16_lossy",
            rapidutf_utf8_len_from_utf16_lossy,
            rapidutf::utf8_len_from_utf16_lossy,
        ),
        (
            "utf8_len_from_utf16le_lossy",
            rapidutf_utf8_len_from_utf16le_lossy,
            rapidutf::utf8_len_from_utf16le_lossy,
        ),
        (
            "utf8_len_from_utf16be_lossy",
            rapidutf_utf8_len_from_utf16be_lossy,
            rapidutf::utf8_len_from_utf16be_lossy,
        ),
    ];
    for (name, c, r) in of16 {
        // SAFETY: the buffer holds exactly the length passed.
        assert_eq!(unsafe { c(u.as_ptr(), u.len()) }, r(units), "{name}");
    }
    let of32: [(&str, C32, fn(&[u32]) -> usize); 2] = [
        ("utf8_len_from_utf32", rapidutf_utf8_len_from_utf32, rapidutf::utf8_len_from_utf32),
        ("utf16_len_from_utf32", rapidutf_utf16_len_from_utf32, rapidutf::utf16_len_from_utf32),
    ];
    for (name, c, r) in of32 {
        // SAFETY: the buffer holds exactly the length passed.
        assert_eq!(unsafe { c(v.as_ptr(), v.len()) }, r(values), "{name}");
    }
}

fn transcoders(bytes: &[u8], units: &[u16], values: &[u32]) {
    let n = bytes.len();
    conv("utf8_to_utf16", rapidutf_utf8_to_utf16, rapidutf::utf8_to_utf16, bytes, n);
    conv("utf8_to_utf16le", rapidutf_utf8_to_utf16le, rapidutf::utf8_to_utf16le, bytes, n);
    conv("utf8_to_utf16be", rapidutf_utf8_to_utf16be, rapidutf::utf8_to_utf16be, bytes, n);
    conv("utf8_to_utf32", rapidutf_utf8_to_utf32, rapidutf::utf8_to_utf32, bytes, n);
    let n = units.len();
    conv("utf16_to_utf8", rapidutf_utf16_to_utf8, rapidutf::utf16_to_utf8, units, 3 * n);
    conv("utf16le_to_utf8", rapidutf_utf16le_to_utf8, rapidutf::utf16le_to_utf8, units, 3 * n);
    conv("utf16be_to_utf8", rapidutf_utf16be_to_utf8, rapidutf::utf16be_to_utf8, units, 3 * n);
    conv("utf16_to_utf32", rapidutf_utf16_to_utf32, rapidutf::utf16_to_utf32, units, n);
    conv("utf16le_to_utf32", rapidutf_utf16le_to_utf32, rapidutf::utf16le_to_utf32, units, n);
    conv("utf16be_to_utf32", rapidutf_utf16be_to_utf32, rapidutf::utf16be_to_utf32, units, n);
    let n = values.len();
    conv("utf32_to_utf8", rapidutf_utf32_to_utf8, rapidutf::utf32_to_utf8, values, 4 * n);
    conv("utf32_to_utf16", rapidutf_utf32_to_utf16, rapidutf::utf32_to_utf16, values, 2 * n);
    conv("utf32_to_utf16le", rapidutf_utf32_to_utf16le, rapidutf::utf32_to_utf16le, values, 2 * n);
    conv("utf32_to_utf16be", rapidutf_utf32_to_utf16be, rapidutf::utf32_to_utf16be, values, 2 * n);
}

fn legacy(bytes: &[u8], units: &[u16], values: &[u32]) {
    let n = bytes.len();
    conv("latin1_to_utf8", rapidutf_latin1_to_utf8, rapidutf::latin1_to_utf8, bytes, 2 * n);
    conv("latin1_to_utf16", rapidutf_latin1_to_utf16, rapidutf::latin1_to_utf16, bytes, n);
    conv("latin1_to_utf16le", rapidutf_latin1_to_utf16le, rapidutf::latin1_to_utf16le, bytes, n);
    conv("latin1_to_utf16be", rapidutf_latin1_to_utf16be, rapidutf::latin1_to_utf16be, bytes, n);
    conv("latin1_to_utf32", rapidutf_latin1_to_utf32, rapidutf::latin1_to_utf32, bytes, n);
    conv(
        "windows1252_to_utf8",
        rapidutf_windows1252_to_utf8,
        rapidutf::windows1252_to_utf8,
        bytes,
        3 * n,
    );
    conv(
        "windows1252_to_utf16",
        rapidutf_windows1252_to_utf16,
        rapidutf::windows1252_to_utf16,
        bytes,
        n,
    );
    conv(
        "windows1252_to_utf16le",
        rapidutf_windows1252_to_utf16le,
        rapidutf::windows1252_to_utf16le,
        bytes,
        n,
    );
    conv(
        "windows1252_to_utf16be",
        rapidutf_windows1252_to_utf16be,
        rapidutf::windows1252_to_utf16be,
        bytes,
        n,
    );
    conv(
        "windows1252_to_utf32",
        rapidutf_windows1252_to_utf32,
        rapidutf::windows1252_to_utf32,
        bytes,
        n,
    );
    conv("utf8_to_latin1", rapidutf_utf8_to_latin1, rapidutf::utf8_to_latin1, bytes, n);
    conv(
        "utf8_to_windows1252",
        rapidutf_utf8_to_windows1252,
        rapidutf::utf8_to_windows1252,
        bytes,
        n,
    );
    let n = units.len();
    conv("utf16_to_latin1", rapidutf_utf16_to_latin1, rapidutf::utf16_to_latin1, units, n);
    conv("utf16le_to_latin1", rapidutf_utf16le_to_latin1, rapidutf::utf16le_to_latin1, units, n);
    conv("utf16be_to_latin1", rapidutf_utf16be_to_latin1, rapidutf::utf16be_to_latin1, units, n);
    conv(
        "utf16_to_windows1252",
        rapidutf_utf16_to_windows1252,
        rapidutf::utf16_to_windows1252,
        units,
        n,
    );
    conv(
        "utf16le_to_windows1252",
        rapidutf_utf16le_to_windows1252,
        rapidutf::utf16le_to_windows1252,
        units,
        n,
    );
    conv(
        "utf16be_to_windows1252",
        rapidutf_utf16be_to_windows1252,
        rapidutf::utf16be_to_windows1252,
        units,
        n,
    );
    let n = values.len();
    conv("utf32_to_latin1", rapidutf_utf32_to_latin1, rapidutf::utf32_to_latin1, values, n);
    conv(
        "utf32_to_windows1252",
        rapidutf_utf32_to_windows1252,
        rapidutf::utf32_to_windows1252,
        values,
        n,
    );
}

/// A lossy C decoder `c` against the whole output `want`: into a buffer
/// of the size the header says always suffices, `bound` (all of it,
/// `RAPIDUTF_OK`), and into smaller ones, resumed from `src + read` until
/// done (each call but the last `RAPIDUTF_OUTPUT_TOO_SMALL` with progress;
/// together, `want`).
fn lossy_c<S: Copy, D: Copy + PartialEq + std::fmt::Debug + Default>(
    name: &str,
    src: &[S],
    want: &[D],
    bound: usize,
    c: &dyn Fn(*const S, usize, *mut D, usize) -> RapidutfResult,
) {
    let uncounted = |s: *const S, n: usize, d: *mut D, room: usize, count: *mut usize| {
        // SAFETY: `resumed_c` passes a live count.
        unsafe { *count = 0 };
        c(s, n, d, room)
    };
    resumed_c(name, src, want, None, bound, &uncounted);
}

/// A `_report` lossy C function `c` as [`lossy_c`], and its counts against
/// the Rust API's `replaced`: in one call, and added up over the pieces.
fn report_c<S: Copy, D: Copy + PartialEq + std::fmt::Debug + Default>(
    name: &str,
    src: &[S],
    (want, replaced): (&[D], usize),
    bound: usize,
    c: &dyn Fn(*const S, usize, *mut D, usize, *mut usize) -> RapidutfResult,
) {
    resumed_c(name, src, want, Some(replaced), bound, c);
}

/// [`lossy_c`] and [`report_c`]: with a count to check when `replaced` is
/// given (a plain decoder's closure stores 0). The count starts at
/// `usize::MAX` before each call, so a count that is not stored shows.
fn resumed_c<S: Copy, D: Copy + PartialEq + std::fmt::Debug + Default>(
    name: &str,
    src: &[S],
    want: &[D],
    replaced: Option<usize>,
    bound: usize,
    c: &dyn Fn(*const S, usize, *mut D, usize, *mut usize) -> RapidutfResult,
) {
    let input = exact(src);
    let mut dst = buffer(bound, D::default());
    let mut n = usize::MAX;
    let got = c(input.as_ptr(), input.len(), dst.as_mut_ptr(), dst.len(), &mut n);
    assert_eq!(got, result(RAPIDUTF_OK, RAPIDUTF_KIND_NONE, src.len(), want.len(), 0), "{name}");
    assert!(dst[..want.len()] == *want, "{name}: output");
    assert_ne!(n, usize::MAX, "{name}: the count was not stored");
    if let Some(replaced) = replaced {
        assert_eq!(n, replaced, "{name}: count");
    }
    // Less than the whole output, but room for the largest character or
    // replacement (9 bytes: three Windows-1252 characters of 3 bytes).
    let room = (want.len() / 2).max(9);
    let (mut at, mut out, mut total) = (0, Vec::new(), 0);
    loop {
        let rest = exact(&src[at..]);
        let mut dst = buffer(room, D::default());
        n = usize::MAX;
        let r = c(rest.as_ptr(), rest.len(), dst.as_mut_ptr(), dst.len(), &mut n);
        out.extend_from_slice(&dst[..r.written]);
        assert_ne!(n, usize::MAX, "{name}: the count was not stored");
        (at, total) = (at + r.read, total + n);
        match r.status {
            RAPIDUTF_OK => {
                assert_eq!(at, src.len(), "{name}: OK before the end");
                break;
            }
            RAPIDUTF_OUTPUT_TOO_SMALL => assert!(r.read + r.written > 0, "{name}: no progress"),
            _ => panic!("{name}: {r:?}"),
        }
    }
    assert!(out == want, "{name}: resumed output differs");
    if let Some(replaced) = replaced {
        assert_eq!(total, replaced, "{name}: in pieces, {total} for {replaced}");
    }
}

fn lossy(bytes: &[u8], units: &[u16]) {
    let want8 = String::from_utf8_lossy(bytes);
    // SAFETY (every call below): the harness passes buffers of exactly the
    // lengths given.
    let c8 = |s: *const u8, n, d: *mut u8, m| unsafe { rapidutf_utf8_to_string_lossy(s, n, d, m) };
    lossy_c("utf8_to_string_lossy", bytes, want8.as_bytes(), 3 * bytes.len(), &c8);
    let want16: Vec<u16> = want8.encode_utf16().collect();
    let c16 = |s: *const u8, n, d: *mut u16, m| unsafe { rapidutf_utf8_to_utf16_lossy(s, n, d, m) };
    lossy_c("utf8_to_utf16_lossy", bytes, &want16, bytes.len(), &c16);
    let n = rapidutf::utf8_to_string_lossy_report(bytes).replaced;
    let r8 = |s: *const u8, n, d: *mut u8, m, r| unsafe {
        rapidutf_utf8_to_string_lossy_report(s, n, d, m, r)
    };
    report_c("utf8_to_string_lossy_report", bytes, (want8.as_bytes(), n), 3 * bytes.len(), &r8);
    let r16 = |s: *const u8, n, d: *mut u16, m, r| unsafe {
        rapidutf_utf8_to_utf16_lossy_report(s, n, d, m, r)
    };
    report_c("utf8_to_utf16_lossy_report", bytes, (&want16, n), bytes.len(), &r16);
    for &strategy in rapidutf::ErrorStrategy::ALL {
        let code = match strategy {
            rapidutf::ErrorStrategy::Replace => RAPIDUTF_STRATEGY_REPLACE,
            rapidutf::ErrorStrategy::Ignore => RAPIDUTF_STRATEGY_IGNORE,
            rapidutf::ErrorStrategy::Latin1 => RAPIDUTF_STRATEGY_LATIN1,
            _ => RAPIDUTF_STRATEGY_WINDOWS1252,
        };
        let want = rapidutf::utf8_to_string_lossy_with(bytes, strategy);
        let c8 = |s: *const u8, n, d: *mut u8, m| unsafe {
            rapidutf_utf8_to_string_lossy_with(s, n, d, m, code)
        };
        let name = format!("utf8_to_string_lossy_with({strategy})");
        lossy_c(&name, bytes, want.as_bytes(), 3 * bytes.len(), &c8);
        let want16 = rapidutf::utf8_to_utf16_lossy_with(bytes, strategy);
        let c16 = |s: *const u8, n, d: *mut u16, m| unsafe {
            rapidutf_utf8_to_utf16_lossy_with(s, n, d, m, code)
        };
        let name = format!("utf8_to_utf16_lossy_with({strategy})");
        lossy_c(&name, bytes, &want16, bytes.len(), &c16);
        let n = rapidutf::utf8_to_string_lossy_with_report(bytes, strategy).replaced;
        let r8 = |s: *const u8, n, d: *mut u8, m, r| unsafe {
            rapidutf_utf8_to_string_lossy_with_report(s, n, d, m, code, r)
        };
        let name = format!("utf8_to_string_lossy_with_report({strategy})");
        report_c(&name, bytes, (want.as_bytes(), n), 3 * bytes.len(), &r8);
        let r16 = |s: *const u8, n, d: *mut u16, m, r| unsafe {
            rapidutf_utf8_to_utf16_lossy_with_report(s, n, d, m, code, r)
        };
        let name = format!("utf8_to_utf16_lossy_with_report({strategy})");
        report_c(&name, bytes, (&want16, n), bytes.len(), &r16);
    }
    let b = exact(bytes);
    let mut d = buffer(3, 0u8);
    // SAFETY: both buffers hold exactly the lengths passed.
    let bad =
        unsafe { rapidutf_utf8_to_string_lossy_with(b.as_ptr(), b.len(), d.as_mut_ptr(), 3, 99) };
    assert_eq!(bad.status, RAPIDUTF_BAD_STRATEGY, "an unknown strategy code");

    type C16 = unsafe extern "C" fn(*const u16, usize, *mut u8, usize) -> RapidutfResult;
    let forms: [(&str, C16, fn(&[u16]) -> String); 3] = [
        ("utf16_to_string_lossy", rapidutf_utf16_to_string_lossy, rapidutf::utf16_to_string_lossy),
        (
            "utf16le_to_string_lossy",
            rapidutf_utf16le_to_string_lossy,
            rapidutf::utf16le_to_string_lossy,
        ),
        (
            "utf16be_to_string_lossy",
            rapidutf_utf16be_to_string_lossy,
            rapidutf::utf16be_to_string_lossy,
        ),
    ];
    for (name, c, r) in forms {
        let want = r(units);
        // SAFETY: the harness passes buffers of exactly the lengths given.
        let f = |s: *const u16, n, d: *mut u8, m| unsafe { c(s, n, d, m) };
        lossy_c(name, units, want.as_bytes(), 3 * units.len(), &f);
    }
    // The `_report` forms, whole and as the last chunk of a stream, and
    // the native form's count from the Rust API (the byte orders' inputs
    // are other units, the same count as their decoding's).
    type R16 =
        unsafe extern "C" fn(*const u16, usize, *mut u8, usize, *mut usize) -> RapidutfResult;
    type K16 =
        unsafe extern "C" fn(*const u16, usize, *mut u8, usize, bool, *mut usize) -> RapidutfResult;
    let reports: [(&str, R16, K16, fn(&[u16]) -> rapidutf::Lossy<String>); 3] = [
        (
            "utf16_to_string_lossy_report",
            rapidutf_utf16_to_string_lossy_report,
            rapidutf_utf16_to_string_lossy_chunk_report,
            rapidutf::utf16_to_string_lossy_report,
        ),
        (
            "utf16le_to_string_lossy_report",
            rapidutf_utf16le_to_string_lossy_report,
            rapidutf_utf16le_to_string_lossy_chunk_report,
            rapidutf::utf16le_to_string_lossy_report,
        ),
        (
            "utf16be_to_string_lossy_report",
            rapidutf_utf16be_to_string_lossy_report,
            rapidutf_utf16be_to_string_lossy_chunk_report,
            rapidutf::utf16be_to_string_lossy_report,
        ),
    ];
    for (name, c, k, r) in reports {
        let want = r(units);
        // SAFETY: the harness passes buffers of exactly the lengths given.
        let f = |s: *const u16, n, d: *mut u8, m, x| unsafe { c(s, n, d, m, x) };
        report_c(name, units, (want.output.as_bytes(), want.replaced), 3 * units.len(), &f);
        // SAFETY: as above.
        let f = |s: *const u16, n, d: *mut u8, m, x| unsafe { k(s, n, d, m, true, x) };
        let name = format!("{name} (last chunk)");
        report_c(&name, units, (want.output.as_bytes(), want.replaced), 3 * units.len(), &f);
    }
}

fn utf16_tools(units: &[u16]) {
    let n = units.len();
    let src = exact(units);
    let mut dst = buffer(n, 0u16);
    // SAFETY (every call below): each buffer holds exactly the length
    // passed, and `src` and `dst` are distinct.
    let r = unsafe { rapidutf_swap_utf16_bytes(src.as_ptr(), n, dst.as_mut_ptr(), n) };
    let mut want = units.to_vec();
    assert_eq!(rapidutf::swap_utf16_bytes(units, &mut want), Ok(n));
    assert_eq!(
        (r, &dst),
        (result(RAPIDUTF_OK, RAPIDUTF_KIND_NONE, n, n, 0), &want),
        "swap_utf16_bytes"
    );
    let mut buf = exact(units);
    let r = unsafe { rapidutf_swap_utf16_bytes_in_place(buf.as_mut_ptr(), n) };
    assert_eq!((r.status, &buf), (RAPIDUTF_OK, &want), "swap_utf16_bytes_in_place");

    type Make = (unsafe extern "C" fn(*mut u16, usize) -> usize, fn(&mut [u16]) -> usize);
    type To = (
        unsafe extern "C" fn(*const u16, usize, *mut u16, usize) -> usize,
        fn(
            &[u16],
            &mut [u16],
        ) -> Result<usize, rapidutf::TranscodeError<core::convert::Infallible>>,
    );
    let forms: [(&str, Make, To); 3] = [
        (
            "utf16",
            (rapidutf_make_utf16_well_formed, rapidutf::make_utf16_well_formed),
            (rapidutf_to_well_formed_utf16, rapidutf::to_well_formed_utf16),
        ),
        (
            "utf16le",
            (rapidutf_make_utf16le_well_formed, rapidutf::make_utf16le_well_formed),
            (rapidutf_to_well_formed_utf16le, rapidutf::to_well_formed_utf16le),
        ),
        (
            "utf16be",
            (rapidutf_make_utf16be_well_formed, rapidutf::make_utf16be_well_formed),
            (rapidutf_to_well_formed_utf16be, rapidutf::to_well_formed_utf16be),
        ),
    ];
    for (name, (c_make, r_make), (c_to, r_to)) in forms {
        let mut want = units.to_vec();
        let lone = r_make(&mut want);
        let mut buf = exact(units);
        let got = unsafe { c_make(buf.as_mut_ptr(), n) };
        assert_eq!((got, &buf), (lone, &want), "make_{name}_well_formed");
        let mut want2 = units.to_vec();
        assert_eq!(r_to(units, &mut want2), Ok(lone));
        let mut dst = buffer(n, 0u16);
        let got = unsafe { c_to(src.as_ptr(), n, dst.as_mut_ptr(), n) };
        assert_eq!((got, &dst), (lone, &want2), "to_well_formed_{name}");
    }
}

fn text(bytes: &[u8], cut: u8) {
    let b = exact(bytes);
    let d = rapidutf::detect_encoding(bytes);
    let (mut bom_len, mut candidates) = (usize::MAX, u32::MAX);
    // SAFETY: `b` holds exactly the length passed; the out-pointers are
    // valid, aligned locals.
    let code =
        unsafe { rapidutf_detect_encoding(b.as_ptr(), b.len(), &mut bom_len, &mut candidates) };
    let code_of = |e: rapidutf::DetectedEncoding| match e {
        rapidutf::DetectedEncoding::Utf8 => RAPIDUTF_ENCODING_UTF8,
        rapidutf::DetectedEncoding::Utf16Le => RAPIDUTF_ENCODING_UTF16LE,
        rapidutf::DetectedEncoding::Utf16Be => RAPIDUTF_ENCODING_UTF16BE,
        rapidutf::DetectedEncoding::Utf32Le => RAPIDUTF_ENCODING_UTF32LE,
        rapidutf::DetectedEncoding::Utf32Be => RAPIDUTF_ENCODING_UTF32BE,
        _ => RAPIDUTF_ENCODING_WINDOWS1252,
    };
    let set = d.candidates().iter().fold(0u32, |m, e| m | 1 << code_of(e));
    assert_eq!(
        (code, bom_len, candidates),
        (code_of(d.encoding()), d.bom_len(), set),
        "detect_encoding"
    );

    let mut bom_len = usize::MAX;
    // SAFETY: as above.
    let code = unsafe { rapidutf_detect_bom(b.as_ptr(), b.len(), &mut bom_len) };
    let want = match rapidutf::detect_bom(bytes) {
        None => (RAPIDUTF_BOM_NONE, 0),
        Some((bom, n)) => {
            let code = match bom {
                rapidutf::Bom::Utf8 => RAPIDUTF_BOM_UTF8,
                rapidutf::Bom::Utf16Le => RAPIDUTF_BOM_UTF16LE,
                rapidutf::Bom::Utf16Be => RAPIDUTF_BOM_UTF16BE,
                rapidutf::Bom::Utf32Le => RAPIDUTF_BOM_UTF32LE,
                _ => RAPIDUTF_BOM_UTF32BE,
            };
            (code, n)
        }
    };
    assert_eq!((code, bom_len), want, "detect_bom");

    // Many strings: the buffer cut in three at places drawn from `cut`,
    // with (for odd `cut`) the last offset one past the end.
    let n = bytes.len();
    let (a, m) = (usize::from(cut) * n / 256, (usize::from(cut) * 7 % 256) * n / 256);
    let last = if cut % 2 == 1 { n + 1 } else { n };
    let offsets = [0, a.min(m), a.max(m), last];
    let want = rapidutf::validate_utf8_offsets(bytes, &offsets);
    let o32 = exact(&offsets.map(|o| o as i32));
    let o64 = exact(&offsets.map(|o| o as i64));
    let (mut i32_index, mut i64_index) = (usize::MAX, usize::MAX);
    // SAFETY: every buffer holds exactly the length passed; the
    // out-pointers are valid, aligned locals.
    let r32 =
        unsafe { rapidutf_validate_utf8_offsets32(b.as_ptr(), n, o32.as_ptr(), 4, &mut i32_index) };
    // SAFETY: as above.
    let r64 =
        unsafe { rapidutf_validate_utf8_offsets64(b.as_ptr(), n, o64.as_ptr(), 4, &mut i64_index) };
    let expected = match &want {
        Ok(()) => (result(RAPIDUTF_OK, RAPIDUTF_KIND_NONE, n, 0, 0), usize::MAX),
        Err(e) => {
            let r = match e.kind() {
                rapidutf::ManyStringsErrorKind::Invalid(u) => {
                    let (kind, read, len) = u.code();
                    result(RAPIDUTF_INVALID_INPUT, kind, read, 0, len)
                }
                rapidutf::ManyStringsErrorKind::OutOfBounds => {
                    result(RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_OUT_OF_BOUNDS, 0, 0, 0)
                }
                rapidutf::ManyStringsErrorKind::Reversed => {
                    result(RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_REVERSED, 0, 0, 0)
                }
                rapidutf::ManyStringsErrorKind::Negative => {
                    result(RAPIDUTF_INVALID_INPUT, RAPIDUTF_KIND_NEGATIVE, 0, 0, 0)
                }
                other => panic!("a many-strings kind the header has no code for: {other:?}"),
            };
            (r, e.index())
        }
    };
    assert_eq!((r32, i32_index), expected, "validate_utf8_offsets32 {offsets:?}");
    assert_eq!((r64, i64_index), expected, "validate_utf8_offsets64 {offsets:?}");
}

/// UTF-16 and UTF-32 given as bytes: validation and conversion to UTF-8,
/// positions and lengths in bytes.
fn byte_input(bytes: &[u8]) {
    let n = bytes.len();
    let input = exact(bytes);
    type CVal = unsafe extern "C" fn(*const u8, usize) -> RapidutfResult;
    let val16: [(CVal, fn(&[u8]) -> Result<(), Utf16Error>); 2] = [
        (rapidutf_validate_utf16le_bytes, rapidutf::validate_utf16le_bytes),
        (rapidutf_validate_utf16be_bytes, rapidutf::validate_utf16be_bytes),
    ];
    for (c, r) in val16 {
        let want = r(bytes).map_err(|error| InBytes { error, size: 2, len: n });
        // SAFETY: the buffer holds exactly the length passed.
        assert_eq!(unsafe { c(input.as_ptr(), n) }, validated(want, n), "validate utf16 bytes");
    }
    let val32: [(CVal, fn(&[u8]) -> Result<(), Utf32Error>); 2] = [
        (rapidutf_validate_utf32le_bytes, rapidutf::validate_utf32le_bytes),
        (rapidutf_validate_utf32be_bytes, rapidutf::validate_utf32be_bytes),
    ];
    for (c, r) in val32 {
        let want = r(bytes).map_err(|error| InBytes { error, size: 4, len: n });
        // SAFETY: the buffer holds exactly the length passed.
        assert_eq!(unsafe { c(input.as_ptr(), n) }, validated(want, n), "validate utf32 bytes");
    }
    conv(
        "utf16le_bytes_to_utf8",
        rapidutf_utf16le_bytes_to_utf8,
        |s, d| in_bytes(rapidutf::utf16le_bytes_to_utf8(s, d), 2, s.len()),
        bytes,
        3 * n,
    );
    conv(
        "utf16be_bytes_to_utf8",
        rapidutf_utf16be_bytes_to_utf8,
        |s, d| in_bytes(rapidutf::utf16be_bytes_to_utf8(s, d), 2, s.len()),
        bytes,
        3 * n,
    );
    conv(
        "utf32le_bytes_to_utf8",
        rapidutf_utf32le_bytes_to_utf8,
        |s, d| in_bytes(rapidutf::utf32le_bytes_to_utf8(s, d), 4, s.len()),
        bytes,
        n,
    );
    conv(
        "utf32be_bytes_to_utf8",
        rapidutf_utf32be_bytes_to_utf8,
        |s, d| in_bytes(rapidutf::utf32be_bytes_to_utf8(s, d), 4, s.len()),
        bytes,
        n,
    );
}

/// The lossy encoders to Latin-1 and Windows-1252 against the Rust
/// `_vec` forms: into the exact size (everything, the count) and one byte
/// less (a prefix of it, at most the count).
fn lossy_encoders(bytes: &[u8]) {
    type CLossy =
        unsafe extern "C" fn(*const u8, usize, *mut u8, usize, u8, *mut usize) -> RapidutfResult;
    let fns: [(&str, CLossy, fn(&[u8], u8) -> rapidutf::Lossy<Vec<u8>>); 2] = [
        ("utf8_to_latin1_lossy", rapidutf_utf8_to_latin1_lossy, rapidutf::utf8_to_latin1_lossy_vec),
        (
            "utf8_to_windows1252_lossy",
            rapidutf_utf8_to_windows1252_lossy,
            rapidutf::utf8_to_windows1252_lossy_vec,
        ),
    ];
    let input = exact(bytes);
    for (name, c, r) in fns {
        let want = r(bytes, b'?');
        let need = want.output.len();
        for size in [Some(need), need.checked_sub(1)].into_iter().flatten() {
            let mut dst = buffer(size, 0u8);
            let mut replaced = usize::MAX;
            // SAFETY: the buffers hold exactly the lengths passed and do not
            // overlap; `replaced` is a live usize.
            let got = unsafe {
                c(input.as_ptr(), input.len(), dst.as_mut_ptr(), size, b'?', &mut replaced)
            };
            assert!(dst[..got.written] == want.output[..got.written], "{name} into {size}");
            if size == need {
                assert_eq!(
                    got,
                    result(RAPIDUTF_OK, RAPIDUTF_KIND_NONE, bytes.len(), need, 0),
                    "{name}"
                );
                assert_eq!(replaced, want.replaced, "{name}");
            } else {
                assert_eq!(got.status, RAPIDUTF_OUTPUT_TOO_SMALL, "{name} into {size}");
                assert!(got.read < bytes.len() && replaced <= want.replaced, "{name} into {size}");
            }
        }
    }
}

/// Detect, then decode, against `rapidutf::decode_detected`: into the
/// size that always suffices (the text, or the error at its byte position
/// and length), and into the text's length less one (a prefix of it).
fn detected(bytes: &[u8]) {
    let input = exact(bytes);
    let want = rapidutf::decode_detected(bytes);
    let code = |e: rapidutf::DetectedEncoding| {
        rapidutf::DetectedEncoding::ALL.iter().position(|&x| x == e).map_or(0, |i| i as i32 + 1)
    };
    let mut dst = buffer(3 * bytes.len(), 0u8);
    let mut encoding = -1;
    // SAFETY: the buffers hold exactly the lengths passed and do not
    // overlap; `encoding` is a live i32.
    let r = unsafe {
        rapidutf_decode_detected(
            input.as_ptr(),
            input.len(),
            dst.as_mut_ptr(),
            dst.len(),
            &mut encoding,
        )
    };
    match &want {
        Ok((text, enc)) => {
            assert_eq!(
                (r.status, r.read, r.written, encoding),
                (RAPIDUTF_OK, bytes.len(), text.len(), code(*enc))
            );
            assert!(dst[..r.written] == *text.as_bytes(), "decode_detected: output");
            if let Some(short) = text.len().checked_sub(1) {
                let mut dst = buffer(short, 0u8);
                // SAFETY: as above, with the shorter buffer.
                let r = unsafe {
                    rapidutf_decode_detected(
                        input.as_ptr(),
                        input.len(),
                        dst.as_mut_ptr(),
                        short,
                        std::ptr::null_mut(),
                    )
                };
                assert_eq!(r.status, RAPIDUTF_OUTPUT_TOO_SMALL, "decode_detected into {short}");
                assert!(
                    text.is_char_boundary(r.written)
                        && dst[..r.written] == text.as_bytes()[..r.written]
                );
            }
        }
        Err(e) => {
            assert_eq!(
                (r.status, r.read, encoding),
                (RAPIDUTF_INVALID_INPUT, e.valid_up_to(), code(e.encoding()))
            );
            if let Some(n) = e.error_len() {
                assert_eq!(r.error_len, n, "decode_detected: error_len");
            }
        }
    }
}
