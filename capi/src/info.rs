//! The library's version, and status and kind codes as text:
//! `rapidutf_version`, `rapidutf_version_number`, `rapidutf_status_name`,
//! `rapidutf_kind_name`.
//!
//! The header's `RAPIDUTF_VERSION_*` macros are this crate's version
//! (`tests/header.rs` compares them), so a program can compare the
//! version it was compiled against with the one it runs with.

use crate::*;
use core::ffi::{c_char, CStr};

/// The crate version as a NUL-terminated string, built at compile time.
const VERSION: &CStr =
    match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(v) => v,
        Err(_) => panic!("the package version contains a NUL byte"),
    };

/// Parses a decimal version component at compile time.
const fn component(s: &str) -> u32 {
    let b = s.as_bytes();
    let mut i = 0;
    let mut n = 0u32;
    while i < b.len() {
        assert!(b[i].is_ascii_digit(), "a version component that is not a number");
        n = n * 10 + (b[i] - b'0') as u32;
        i += 1;
    }
    n
}

/// `MAJOR * 1000000 + MINOR * 1000 + PATCH`, as `RAPIDUTF_VERSION_NUMBER`.
const VERSION_NUMBER: u32 = component(env!("CARGO_PKG_VERSION_MAJOR")) * 1_000_000
    + component(env!("CARGO_PKG_VERSION_MINOR")) * 1_000
    + component(env!("CARGO_PKG_VERSION_PATCH"));

/// The version of the library that is running, `"MAJOR.MINOR.PATCH"`
/// (`RAPIDUTF_VERSION` of the header it was built with), as a static
/// NUL-terminated string that the caller must not free.
#[no_mangle]
pub extern "C" fn rapidutf_version() -> *const c_char {
    VERSION.as_ptr()
}

/// The version of the library that is running as one number,
/// `MAJOR * 1000000 + MINOR * 1000 + PATCH` (`RAPIDUTF_VERSION_NUMBER` of
/// the header it was built with).
#[no_mangle]
pub extern "C" fn rapidutf_version_number() -> u32 {
    VERSION_NUMBER
}

/// A short English description of a `RAPIDUTF_*` status code, as a static
/// NUL-terminated string that the caller must not free; `"unknown
/// status"` for a code that is none of them. Never null.
#[no_mangle]
pub extern "C" fn rapidutf_status_name(status: i32) -> *const c_char {
    status_name(status).as_ptr()
}

/// A short English description of a `RAPIDUTF_KIND_*` code (the UTF-8
/// ones are the Rust library's `Utf8ErrorKind::description`), as a static
/// NUL-terminated string that the caller must not free; `"unknown kind"`
/// for a code that is none of them. Never null.
#[no_mangle]
pub extern "C" fn rapidutf_kind_name(kind: i32) -> *const c_char {
    kind_name(kind).as_ptr()
}

pub(crate) fn status_name(status: i32) -> &'static CStr {
    match status {
        RAPIDUTF_OK => c"ok",
        RAPIDUTF_INVALID_INPUT => c"invalid input",
        RAPIDUTF_OUTPUT_TOO_SMALL => c"output buffer too small",
        RAPIDUTF_NULL_POINTER => c"null pointer with a non-zero length",
        RAPIDUTF_MISALIGNED => c"pointer not aligned for its type",
        RAPIDUTF_TOO_LONG => c"buffer longer than PTRDIFF_MAX bytes",
        RAPIDUTF_OVERLAP => c"output buffer overlaps the input",
        RAPIDUTF_BAD_STRATEGY => c"unknown error strategy",
        _ => c"unknown status",
    }
}

pub(crate) fn kind_name(kind: i32) -> &'static CStr {
    // The UTF-8 and UTF-16 texts are the Rust error kinds' descriptions
    // (tests below); SURROGATE and TOO_LARGE serve UTF-8 and UTF-32, whose
    // Rust kinds word them for one encoding each, so they get one text
    // for both.
    match kind {
        RAPIDUTF_KIND_NONE => c"no error",
        RAPIDUTF_KIND_INVALID_BYTE => c"invalid byte (C0, C1 or F5..FF never appear in UTF-8)",
        RAPIDUTF_KIND_UNEXPECTED_CONTINUATION => {
            c"unexpected continuation byte, expected the start of a character"
        }
        RAPIDUTF_KIND_OVERLONG => c"overlong encoding",
        RAPIDUTF_KIND_SURROGATE => c"surrogate (UTF-8: ED A0..BF; UTF-32: D800..DFFF)",
        RAPIDUTF_KIND_TOO_LARGE => c"code point above U+10FFFF",
        RAPIDUTF_KIND_MISSING_CONTINUATION => c"expected a continuation byte (80..BF)",
        RAPIDUTF_KIND_TRUNCATED => c"input ends inside a character, expected a continuation byte",
        RAPIDUTF_KIND_UNPAIRED_HIGH => {
            c"unpaired high surrogate, expected a low surrogate (DC00..DFFF)"
        }
        RAPIDUTF_KIND_UNPAIRED_LOW => {
            c"unpaired low surrogate, expected a high surrogate before it"
        }
        RAPIDUTF_KIND_OUT_OF_BOUNDS => c"range extends past the end of the buffer",
        RAPIDUTF_KIND_REVERSED => c"range starts after it ends",
        RAPIDUTF_KIND_NEGATIVE => c"offset or length is negative",
        RAPIDUTF_KIND_UNREPRESENTABLE => c"character not representable in the output encoding",
        RAPIDUTF_KIND_INCOMPLETE_UNIT => c"input ends inside a code unit",
        RAPIDUTF_KIND_OTHER => c"an error this version has no code for",
        _ => c"unknown kind",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rapidutf::{ManyStringsErrorKind, Utf16ErrorKind, Utf32ErrorKind, Utf8ErrorKind};

    fn text(p: *const c_char) -> &'static str {
        assert!(!p.is_null());
        // SAFETY: the functions return pointers into 'static CStrs.
        let s = unsafe { CStr::from_ptr(p) };
        s.to_str().unwrap_or_else(|e| panic!("not UTF-8: {e}"))
    }

    #[test]
    fn version_is_the_crate_version() {
        assert_eq!(text(rapidutf_version()), env!("CARGO_PKG_VERSION"));
        let parts: Vec<u32> =
            env!("CARGO_PKG_VERSION").split('.').map(|p| p.parse().unwrap_or(u32::MAX)).collect();
        assert_eq!(parts.len(), 3, "a plain MAJOR.MINOR.PATCH version");
        assert_eq!(rapidutf_version_number(), parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2]);
    }

    /// The kinds that map to one Rust kind say what the Rust kind says
    /// (the library's own wording, as `Display` prints it).
    #[test]
    fn kind_names_are_the_rust_descriptions() {
        let utf8 = [
            (RAPIDUTF_KIND_INVALID_BYTE, Utf8ErrorKind::InvalidByte),
            (RAPIDUTF_KIND_UNEXPECTED_CONTINUATION, Utf8ErrorKind::UnexpectedContinuation),
            (RAPIDUTF_KIND_OVERLONG, Utf8ErrorKind::Overlong),
            (RAPIDUTF_KIND_TOO_LARGE, Utf8ErrorKind::TooLarge),
            (RAPIDUTF_KIND_MISSING_CONTINUATION, Utf8ErrorKind::MissingContinuation),
            (RAPIDUTF_KIND_TRUNCATED, Utf8ErrorKind::Truncated),
        ];
        for (code, k) in utf8 {
            assert_eq!(text(rapidutf_kind_name(code)), k.description(), "{k:?}");
        }
        let utf16 = [
            (RAPIDUTF_KIND_UNPAIRED_HIGH, Utf16ErrorKind::UnpairedHigh),
            (RAPIDUTF_KIND_UNPAIRED_LOW, Utf16ErrorKind::UnpairedLow),
        ];
        for (code, k) in utf16 {
            assert_eq!(text(rapidutf_kind_name(code)), k.to_string(), "{k:?}");
        }
        // One code for both encodings' partial unit: the words they share.
        let incomplete = text(rapidutf_kind_name(RAPIDUTF_KIND_INCOMPLETE_UNIT));
        let kinds = [
            Utf16ErrorKind::IncompleteUnit.to_string(),
            Utf32ErrorKind::IncompleteUnit.to_string(),
        ];
        for k in kinds {
            assert!(k.contains(incomplete), "{k} / {incomplete}");
        }
        let many = [
            (RAPIDUTF_KIND_OUT_OF_BOUNDS, ManyStringsErrorKind::OutOfBounds),
            (RAPIDUTF_KIND_REVERSED, ManyStringsErrorKind::Reversed),
            (RAPIDUTF_KIND_NEGATIVE, ManyStringsErrorKind::Negative),
        ];
        for (code, k) in many {
            assert_eq!(text(rapidutf_kind_name(code)), k.to_string(), "{k:?}");
        }
        let surrogate = text(rapidutf_kind_name(RAPIDUTF_KIND_SURROGATE));
        assert!(surrogate.contains("ED A0..BF") && surrogate.contains("D800..DFFF"));
    }

    /// Every code has its own text; unknown codes get the fallback,
    /// never null.
    #[test]
    fn every_code_has_a_distinct_name() {
        let statuses: Vec<&str> = (0..=7).map(|s| text(rapidutf_status_name(s))).collect();
        let mut unique = statuses.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), statuses.len(), "{statuses:?}");
        assert!(!statuses.contains(&"unknown status"));
        for bad in [-1, 8, 127, i32::MIN, i32::MAX] {
            assert_eq!(text(rapidutf_status_name(bad)), "unknown status");
        }
        let kinds: Vec<&str> = (0..=14).chain([127]).map(|k| text(rapidutf_kind_name(k))).collect();
        let mut unique = kinds.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), kinds.len(), "{kinds:?}");
        assert!(!kinds.contains(&"unknown kind"));
        for bad in [-1, 15, 126, i32::MIN, i32::MAX] {
            assert_eq!(text(rapidutf_kind_name(bad)), "unknown kind");
        }
    }
}
