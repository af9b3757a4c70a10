//! The `validate` target: every available kernel's UTF-8 validation, and
//! the free functions, against `core::str::from_utf8`, at two alignments;
//! the error kind from the documented table (`rapidutf_testkit::oracle_kind`).

use rapidutf::{Kernel, Utf8Error};
use rapidutf_testkit::oracle_kind;

/// `validate_utf8` and `is_valid_utf8` of every available kernel and of the
/// dispatching free functions, plus `is_ascii` of each, against core; once on
/// `data` as given and once copied to an address shifted by 1 to 63 bytes,
/// so block-boundary handling is exercised at every alignment.
pub fn check(data: &[u8]) {
    validate_once(data);
    let shift = 1 + data.len() % 63;
    let mut buf = vec![0u8; shift + data.len()];
    buf[shift..].copy_from_slice(data);
    validate_once(&buf[shift..]);
}

fn validate_once(data: &[u8]) {
    let want = core::str::from_utf8(data);
    check_utf8_result("validate_utf8", data, rapidutf::validate_utf8(data), &want);
    assert_eq!(rapidutf::is_valid_utf8(data), want.is_ok(), "is_valid_utf8");
    for k in Kernel::available() {
        check_utf8_result(k.name(), data, k.validate_utf8(data), &want);
        assert_eq!(k.is_valid_utf8(data), want.is_ok(), "{k}: is_valid_utf8");
        assert_eq!(k.is_ascii(data), data.is_ascii(), "{k}: is_ascii");
    }
    assert_eq!(rapidutf::is_ascii(data), data.is_ascii(), "is_ascii");
}

fn check_utf8_result(
    who: &str,
    data: &[u8],
    got: Result<&str, Utf8Error>,
    want: &Result<&str, core::str::Utf8Error>,
) {
    match (got, want) {
        (Ok(s), Ok(_)) => {
            assert!(std::ptr::eq(s.as_bytes(), data), "{who}: Ok(str) is not the input")
        }
        (Err(e), Err(w)) => check_utf8_error(who, data, &e, w),
        (got, want) => panic!("{who}: got {got:?}, core says {want:?}"),
    }
}

/// `e` has core's `valid_up_to` and `error_len`, and the documented kind.
pub fn check_utf8_error(who: &str, data: &[u8], e: &Utf8Error, w: &core::str::Utf8Error) {
    assert_eq!(
        (e.valid_up_to(), e.error_len()),
        (w.valid_up_to(), w.error_len()),
        "{who}: (valid_up_to, error_len) differ from core's"
    );
    let kind = oracle_kind(data, w.valid_up_to(), w.error_len());
    assert_eq!(e.kind(), kind, "{who}: kind at {}", w.valid_up_to());
}
