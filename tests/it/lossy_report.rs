//! Replacement reporting of the lossy functions: the `_report` forms say
//! `true` exactly when std's lossy decoding differs from a strict one
//! (`from_utf8`, `String::from_utf16`, `char::from_u32` fail), and their
//! output is the plain form's and std's; the UTF-8 `Cow` forms borrow
//! exactly when nothing was replaced. Run with every kernel.

use crate::common::cases::{mostly_utf8, utf8_cases, TEXT};
use crate::common::kernels;
use proptest::prelude::*;
use rapidutf::ErrorStrategy;
use std::borrow::Cow;

fn check_utf8(bytes: &[u8]) {
    let invalid = std::str::from_utf8(bytes).is_err();
    let std_lossy = String::from_utf8_lossy(bytes);
    let want16: Vec<u16> = std_lossy.encode_utf16().collect();
    let want32: Vec<u32> = std_lossy.chars().map(u32::from).collect();
    let ctx = || format!("{bytes:02X?}");

    let cow = rapidutf::utf8_to_string_lossy(bytes);
    assert_eq!(matches!(cow, Cow::Owned(_)), invalid, "{}", ctx());
    assert_eq!(cow, std_lossy, "{}", ctx());
    for k in kernels() {
        let cow = k.utf8_to_string_lossy(bytes);
        assert_eq!(matches!(cow, Cow::Owned(_)), invalid, "{k}: {}", ctx());
        assert_eq!(cow, std_lossy, "{k}: {}", ctx());
    }
    for &strategy in ErrorStrategy::ALL {
        let cow = rapidutf::utf8_to_string_lossy_with(bytes, strategy);
        assert_eq!(matches!(cow, Cow::Owned(_)), invalid, "{strategy:?}: {}", ctx());
        let (v, replaced) = rapidutf::utf8_to_utf16_lossy_with_report(bytes, strategy);
        assert_eq!(replaced, invalid, "{strategy:?}: {}", ctx());
        assert_eq!(
            v,
            rapidutf::utf8_to_utf16_lossy_with(bytes, strategy),
            "{strategy:?}: {}",
            ctx()
        );
        assert_eq!(v, cow.encode_utf16().collect::<Vec<u16>>(), "{strategy:?}: {}", ctx());
    }

    assert_eq!(rapidutf::utf8_to_utf16_lossy_report(bytes), (want16.clone(), invalid), "{}", ctx());
    let le: Vec<u16> = want16.iter().map(|u| u.to_le()).collect();
    let be: Vec<u16> = want16.iter().map(|u| u.to_be()).collect();
    assert_eq!(rapidutf::utf8_to_utf16le_lossy_report(bytes), (le, invalid), "{}", ctx());
    assert_eq!(rapidutf::utf8_to_utf16be_lossy_report(bytes), (be, invalid), "{}", ctx());
    assert_eq!(rapidutf::utf8_to_utf32_lossy_report(bytes), (want32, invalid), "{}", ctx());
}

fn check_utf16(units: &[u16]) {
    let invalid = String::from_utf16(units).is_err();
    // `char::decode_utf16` with replacement: std's lossy decoding.
    let want: String =
        char::decode_utf16(units.iter().copied()).map(|c| c.unwrap_or('\u{FFFD}')).collect();
    assert_eq!(want, String::from_utf16_lossy(units));
    let ctx = || format!("{units:04X?}");
    assert_eq!(rapidutf::utf16_to_string_lossy_report(units), (want.clone(), invalid), "{}", ctx());
    let le: Vec<u16> = units.iter().map(|u| u.to_le()).collect();
    let be: Vec<u16> = units.iter().map(|u| u.to_be()).collect();
    assert_eq!(rapidutf::utf16le_to_string_lossy_report(&le), (want.clone(), invalid), "{}", ctx());
    assert_eq!(rapidutf::utf16be_to_string_lossy_report(&be), (want, invalid), "{}", ctx());
}

fn check_utf32(values: &[u32]) {
    let invalid = values.iter().any(|&v| char::from_u32(v).is_none());
    let want: String = values.iter().map(|&v| char::from_u32(v).unwrap_or('\u{FFFD}')).collect();
    assert_eq!(rapidutf::utf32_to_string_lossy_report(values), (want, invalid), "{values:X?}");
}

#[test]
fn utf8_cases_report_exactly_the_replacements() {
    for bytes in utf8_cases() {
        check_utf8(&bytes);
    }
    // U+FFFD in valid input is not a replacement.
    check_utf8("\u{FFFD}".repeat(40).as_bytes());
}

/// An error at every offset of inputs long enough for the kernels'
/// blocks (and their tails).
#[test]
fn utf8_error_at_every_offset() {
    let text = TEXT.as_bytes().repeat(2);
    for at in (0..=text.len()).filter(|&i| std::str::from_utf8(&text[..i]).is_ok()) {
        for bad in [&b"\xFF"[..], b"\xE2\x82", b"\xED\xA0\x80"] {
            check_utf8(&[&text[..at], bad, &text[at..]].concat());
        }
    }
}

#[test]
fn utf16_report_exactly_the_replacements() {
    let text: Vec<u16> = TEXT.encode_utf16().collect::<Vec<u16>>().repeat(2);
    check_utf16(&text);
    check_utf16(&[]);
    check_utf16(&[0xFFFD; 40]);
    for at in 0..=text.len() {
        for bad in [0xD800, 0xDC00] {
            let mut t = text.clone();
            t.insert(at, bad);
            check_utf16(&t);
        }
    }
}

#[test]
fn utf32_report_exactly_the_replacements() {
    let text: Vec<u32> = TEXT.chars().map(u32::from).collect::<Vec<u32>>().repeat(2);
    check_utf32(&text);
    check_utf32(&[]);
    for at in 0..=text.len() {
        for bad in [0xD800, 0x110000, u32::MAX] {
            let mut t = text.clone();
            t.insert(at, bad);
            check_utf32(&t);
        }
    }
}

proptest! {
    #[test]
    fn utf8_random(bytes in mostly_utf8()) {
        check_utf8(&bytes);
    }

    #[test]
    fn utf16_random(units in prop::collection::vec(prop_oneof![6 => 0x20u16..0x800, 1 => any::<u16>(), 1 => 0xD800u16..0xE000], 0..300)) {
        check_utf16(&units);
    }

    #[test]
    fn utf32_random(values in prop::collection::vec(prop_oneof![8 => 0u32..0x11000, 1 => any::<u32>()], 0..300)) {
        check_utf32(&values);
    }
}

/// The free functions use the dispatched (active) kernel: re-run this
/// module once per other available kernel, chosen with `RAPIDUTF_KERNEL`.
#[cfg(feature = "std")]
#[test]
fn under_every_available_kernel() {
    crate::common::rerun_under_every_kernel(
        "lossy_report::",
        "lossy_report::under_every_available_kernel",
    );
}
