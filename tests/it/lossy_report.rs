//! Replacement reporting of the lossy functions: the `_report` forms count
//! exactly the replacements std's lossy decoding makes (the chunks of
//! `<[u8]>::utf8_chunks` with an invalid part, the errors of
//! `char::decode_utf16`, the values `char::from_u32` rejects), so the
//! count is 0 exactly when a strict decoding succeeds, and their output is
//! the plain form's and std's; the UTF-8 `Cow` forms borrow exactly when
//! nothing was replaced. Run with every kernel.

use crate::common::cases::{mostly_utf8, utf8_cases, TEXT};
use crate::common::kernels;
use proptest::prelude::*;
use rapidutf::{ErrorStrategy, Lossy};
use std::borrow::Cow;

fn check_utf8(bytes: &[u8]) {
    let invalid = std::str::from_utf8(bytes).is_err();
    // One replacement per maximal invalid subpart, whatever the strategy.
    let subparts = bytes.utf8_chunks().filter(|c| !c.invalid().is_empty()).count();
    assert_eq!(subparts > 0, invalid);
    let std_lossy = String::from_utf8_lossy(bytes);
    let want16: Vec<u16> = std_lossy.encode_utf16().collect();
    let want32: Vec<u32> = std_lossy.chars().map(u32::from).collect();
    let ctx = || format!("{bytes:02X?}");

    let cow = rapidutf::utf8_to_string_lossy(bytes);
    assert_eq!(matches!(cow, Cow::Owned(_)), invalid, "{}", ctx());
    assert_eq!(cow, std_lossy, "{}", ctx());
    let r = rapidutf::utf8_to_string_lossy_report(bytes);
    assert_eq!((&r.output, r.replaced), (&std_lossy, subparts), "{}", ctx());
    assert_eq!(matches!(r.output, Cow::Owned(_)), invalid, "{}", ctx());
    for k in kernels() {
        let cow = k.utf8_to_string_lossy(bytes);
        assert_eq!(matches!(cow, Cow::Owned(_)), invalid, "{k}: {}", ctx());
        assert_eq!(cow, std_lossy, "{k}: {}", ctx());
    }
    for &strategy in ErrorStrategy::ALL {
        let cow = rapidutf::utf8_to_string_lossy_with(bytes, strategy);
        assert_eq!(matches!(cow, Cow::Owned(_)), invalid, "{strategy:?}: {}", ctx());
        let r = rapidutf::utf8_to_string_lossy_with_report(bytes, strategy);
        assert_eq!((&r.output, r.replaced), (&cow, subparts), "{strategy:?}: {}", ctx());
        let r = rapidutf::utf8_to_utf16_lossy_with_report(bytes, strategy);
        let v = r.output;
        assert_eq!(r.replaced, subparts, "{strategy:?}: {}", ctx());
        assert_eq!(
            v,
            rapidutf::utf8_to_utf16_lossy_with(bytes, strategy),
            "{strategy:?}: {}",
            ctx()
        );
        assert_eq!(v, cow.encode_utf16().collect::<Vec<u16>>(), "{strategy:?}: {}", ctx());
        let le: Vec<u16> = v.iter().map(|u| u.to_le()).collect();
        let be: Vec<u16> = v.iter().map(|u| u.to_be()).collect();
        let values: Vec<u32> = cow.chars().map(u32::from).collect();
        let lossy = |output| Lossy { output, replaced: subparts };
        let r = rapidutf::utf8_to_utf16le_lossy_with_report(bytes, strategy);
        assert_eq!(r, lossy(le), "{strategy:?}: {}", ctx());
        let r = rapidutf::utf8_to_utf16be_lossy_with_report(bytes, strategy);
        assert_eq!(r, lossy(be), "{strategy:?}: {}", ctx());
        let r = rapidutf::utf8_to_utf32_lossy_with_report(bytes, strategy);
        assert_eq!(r, Lossy { output: values, replaced: subparts }, "{strategy:?}: {}", ctx());
    }

    let lossy = |output| Lossy { output, replaced: subparts };
    assert_eq!(rapidutf::utf8_to_utf16_lossy_report(bytes), lossy(want16.clone()), "{}", ctx());
    let le: Vec<u16> = want16.iter().map(|u| u.to_le()).collect();
    let be: Vec<u16> = want16.iter().map(|u| u.to_be()).collect();
    assert_eq!(rapidutf::utf8_to_utf16le_lossy_report(bytes), lossy(le), "{}", ctx());
    assert_eq!(rapidutf::utf8_to_utf16be_lossy_report(bytes), lossy(be), "{}", ctx());
    let want32 = Lossy { output: want32, replaced: subparts };
    assert_eq!(rapidutf::utf8_to_utf32_lossy_report(bytes), want32, "{}", ctx());
}

fn check_utf16(units: &[u16]) {
    let invalid = String::from_utf16(units).is_err();
    let unpaired = char::decode_utf16(units.iter().copied()).filter(Result::is_err).count();
    assert_eq!(unpaired > 0, invalid);
    // `char::decode_utf16` with replacement: std's lossy decoding.
    let want: String =
        char::decode_utf16(units.iter().copied()).map(|c| c.unwrap_or('\u{FFFD}')).collect();
    assert_eq!(want, String::from_utf16_lossy(units));
    let ctx = || format!("{units:04X?}");
    let want = Lossy { output: want, replaced: unpaired };
    assert_eq!(rapidutf::utf16_to_string_lossy_report(units), want, "{}", ctx());
    let le: Vec<u16> = units.iter().map(|u| u.to_le()).collect();
    let be: Vec<u16> = units.iter().map(|u| u.to_be()).collect();
    assert_eq!(rapidutf::utf16le_to_string_lossy_report(&le), want, "{}", ctx());
    assert_eq!(rapidutf::utf16be_to_string_lossy_report(&be), want, "{}", ctx());
}

fn check_utf32(values: &[u32]) {
    let replaced = values.iter().filter(|&&v| char::from_u32(v).is_none()).count();
    let want: String = values.iter().map(|&v| char::from_u32(v).unwrap_or('\u{FFFD}')).collect();
    let want = Lossy { output: want, replaced };
    assert_eq!(rapidutf::utf32_to_string_lossy_report(values), want, "{values:X?}");
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

/// Dense errors of every kind the lossy engine takes eight bytes at a
/// time (ASCII among bytes that are a subpart on their own), at every
/// length and alignment, so that its per-chunk count is checked.
#[test]
fn utf8_dense_errors_counted() {
    let singles = [0x80u8, 0xBF, 0xC0, 0xC1, 0xF5, 0xFF];
    for len in 0..80 {
        for seed in 0..6 {
            let bytes: Vec<u8> = (0..len)
                .map(|i| {
                    let r = (i * 7 + seed * 13) % 11;
                    if r < 5 {
                        b'a' + r as u8
                    } else {
                        singles[(i + seed) % singles.len()]
                    }
                })
                .collect();
            check_utf8(&bytes);
            check_utf8(&[&bytes[..], "é€😀".as_bytes(), &bytes[..]].concat());
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
