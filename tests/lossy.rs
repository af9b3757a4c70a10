//! Lossy decoding against std: `utf8_to_string_lossy` is byte-identical to
//! `String::from_utf8_lossy` (and borrows exactly when the input is
//! valid); `utf16*_to_string_lossy` are identical to
//! `String::from_utf16_lossy` of the units' values.
#![cfg(feature = "alloc")]

mod common;

use common::{proptest_config, Order};
use proptest::prelude::*;
use std::borrow::Cow;

fn check_utf8_lossy(bytes: &[u8]) {
    let got = rapidutf::utf8_to_string_lossy(bytes);
    let want = String::from_utf8_lossy(bytes);
    assert_eq!(got.as_bytes(), want.as_bytes(), "{bytes:02X?}");
    match (&got, core::str::from_utf8(bytes)) {
        (Cow::Borrowed(s), Ok(_)) => {
            assert_eq!(s.as_ptr(), bytes.as_ptr(), "must borrow the input")
        }
        (Cow::Owned(_), Err(_)) => {}
        (got, valid) => panic!(
            "borrowed = {}, but input valid = {}",
            matches!(got, Cow::Borrowed(_)),
            valid.is_ok()
        ),
    }
}

fn check_utf16_lossy(values: &[u16]) {
    let want = String::from_utf16_lossy(values);
    assert_eq!(rapidutf::utf16_to_string_lossy(values), want, "{values:X?}");
    let le = Order::Le.encode(values);
    assert_eq!(rapidutf::utf16le_to_string_lossy(&le), want, "LE {values:X?}");
    let be = Order::Be.encode(values);
    assert_eq!(rapidutf::utf16be_to_string_lossy(&be), want, "BE {values:X?}");
}

proptest! {
    #![proptest_config(proptest_config(1500))]

    #[test]
    fn utf8_lossy_matches_std(bytes in common::arb_utf8_input()) {
        check_utf8_lossy(&bytes);
    }

    #[test]
    fn utf8_lossy_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        check_utf8_lossy(&bytes);
    }

    #[test]
    fn utf16_lossy_matches_std(values in common::arb_utf16_input()) {
        check_utf16_lossy(&values);
    }
}

/// Maximal-subpart cases (Unicode §3.9, Table 3-8 and the bstr list), each
/// against std, alone and between text.
#[test]
fn maximal_subparts() {
    let cases: &[&[u8]] = &[
        b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
        b"\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41",
        b"\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41",
        b"\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42",
        b"\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41",
        b"\xF0\x80",
        b"\xF0\x90\x80",
        b"\xE0",
        b"\xE0\xA0",
        b"\xFE\xFF",
        b"\xEF\xBF\xBE\xEF\xBF\xBF",
        b"a\xE1\xA0\xC0b",
    ];
    for &c in cases {
        check_utf8_lossy(c);
        let mut padded = b"\xE4\xB8\xAD text before ".to_vec();
        padded.extend_from_slice(c);
        padded.extend_from_slice(b" and text after, enough for a 32-byte block");
        check_utf8_lossy(&padded);
    }
    // Hand-computed, to check std and the library against a known answer.
    assert_eq!(
        rapidutf::utf8_to_string_lossy(b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64"),
        "a\u{FFFD}\u{FFFD}\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}d"
    );
}

/// Every two-unit UTF-16 input made of surrogate-edge values.
#[test]
fn utf16_lossy_surrogate_edges() {
    let edges = [0x41u16, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF];
    for &a in &edges {
        for &b in &edges {
            for &c in &edges {
                check_utf16_lossy(&[a, b, c]);
            }
        }
    }
}
