//! Lengths and counts: exact against std on valid input, and equal to their
//! documented definition (src/count.rs) on arbitrary input; and a buffer of
//! the returned size always holds the conversion of the valid prefix.
mod common;

use common::{
    def_count_chars, def_utf16_len_from_utf32, def_utf16_len_from_utf8, def_utf32_len_from_utf16,
    def_utf8_len_from_utf16, def_utf8_len_from_utf32, needed, proptest_config, Order,
};
use proptest::prelude::*;

fn check_utf8_counts(b: &[u8]) {
    assert_eq!(rapidutf::count_chars(b), def_count_chars(b), "{b:02X?}");
    assert_eq!(rapidutf::utf16_len_from_utf8(b), def_utf16_len_from_utf8(b), "{b:02X?}");
    if let Ok(s) = core::str::from_utf8(b) {
        assert_eq!(rapidutf::count_chars(b), s.chars().count());
        assert_eq!(rapidutf::utf16_len_from_utf8(b), s.encode_utf16().count());
    }
    // Sizing: the counted buffer holds the valid prefix's conversion.
    let dec = common::dec_utf8(b);
    assert!(needed(&dec, &common::enc_utf16(Order::Native)) <= rapidutf::utf16_len_from_utf8(b));
    assert!(dec.chars.len() <= rapidutf::count_chars(b));
    let mut v16 = vec![0u16; rapidutf::utf16_len_from_utf8(b)];
    assert!(!matches!(
        rapidutf::utf8_to_utf16(b, &mut v16),
        Err(rapidutf::TranscodeError::OutputTooSmall { .. })
    ));
    let mut v32 = vec![0u32; rapidutf::count_chars(b)];
    assert!(!matches!(
        rapidutf::utf8_to_utf32(b, &mut v32),
        Err(rapidutf::TranscodeError::OutputTooSmall { .. })
    ));
}

fn check_utf16_counts(values: &[u16]) {
    let want8 = def_utf8_len_from_utf16(values);
    assert_eq!(rapidutf::utf8_len_from_utf16(values), want8, "{values:X?}");
    assert_eq!(rapidutf::utf8_len_from_utf16le(&Order::Le.encode(values)), want8);
    assert_eq!(rapidutf::utf8_len_from_utf16be(&Order::Be.encode(values)), want8);
    assert_eq!(rapidutf::utf32_len_from_utf16(values), def_utf32_len_from_utf16(values));
    if let Ok(s) = String::from_utf16(values) {
        assert_eq!(want8, s.len());
        assert_eq!(rapidutf::utf32_len_from_utf16(values), s.chars().count());
    }
    // Sizing, in every byte order.
    for order in Order::ALL {
        let src = order.encode(values);
        let fns = common::utf16_fns(order);
        let mut out = vec![0u8; (fns.utf8_len)(&src)];
        assert!(!matches!(
            (fns.to_utf8)(&src, &mut out),
            Err(rapidutf::TranscodeError::OutputTooSmall { .. })
        ));
    }
    let mut out = vec![0u32; rapidutf::utf32_len_from_utf16(values)];
    assert!(!matches!(
        rapidutf::utf16_to_utf32(values, &mut out),
        Err(rapidutf::TranscodeError::OutputTooSmall { .. })
    ));
}

fn check_utf32_counts(values: &[u32]) {
    assert_eq!(rapidutf::utf8_len_from_utf32(values), def_utf8_len_from_utf32(values));
    assert_eq!(rapidutf::utf16_len_from_utf32(values), def_utf16_len_from_utf32(values));
    if let Some(s) = values.iter().map(|&v| char::from_u32(v)).collect::<Option<String>>() {
        assert_eq!(rapidutf::utf8_len_from_utf32(values), s.len());
        assert_eq!(rapidutf::utf16_len_from_utf32(values), s.encode_utf16().count());
    }
    let mut out = vec![0u8; rapidutf::utf8_len_from_utf32(values)];
    assert!(!matches!(
        rapidutf::utf32_to_utf8(values, &mut out),
        Err(rapidutf::TranscodeError::OutputTooSmall { .. })
    ));
    let mut out = vec![0u16; rapidutf::utf16_len_from_utf32(values)];
    assert!(!matches!(
        rapidutf::utf32_to_utf16(values, &mut out),
        Err(rapidutf::TranscodeError::OutputTooSmall { .. })
    ));
}

proptest! {
    #![proptest_config(proptest_config(1500))]

    #[test]
    fn utf8_counts(b in common::arb_utf8_input()) {
        check_utf8_counts(&b);
    }

    #[test]
    fn utf8_counts_valid(s in common::arb_text(300)) {
        check_utf8_counts(s.as_bytes());
    }

    #[test]
    fn utf16_counts(v in common::arb_utf16_input()) {
        check_utf16_counts(&v);
    }

    #[test]
    fn utf32_counts(v in common::arb_utf32_input()) {
        check_utf32_counts(&v);
    }
}

/// Every byte, `u16` and UTF-32 edge value alone and repeated past the
/// vectorised loop widths (the sums are vectorised).
#[test]
fn counts_every_unit_value() {
    for b in 0..=255u8 {
        for n in [1, 7, 33, 100] {
            check_utf8_counts(&vec![b; n]);
        }
    }
    for u in 0..=0xFFFFu16 {
        check_utf16_counts(&[u]);
    }
    for u in (0..=0xFFFFu16).step_by(97).chain(0xD7FF..=0xE000) {
        check_utf16_counts(&[u; 70]);
    }
    for v in [0, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF, 0x110000, u32::MAX] {
        check_utf32_counts(&[v; 70]);
        check_utf32_counts(&[v]);
    }
}

/// Known answers from the docs.
#[test]
fn documented_examples() {
    assert_eq!(rapidutf::count_chars("añ€😀".as_bytes()), 4);
    assert_eq!(rapidutf::utf16_len_from_utf8("a€😀".as_bytes()), 4);
    let s: Vec<u16> = "a€😀".encode_utf16().collect();
    assert_eq!(rapidutf::utf8_len_from_utf16(&s), 1 + 3 + 4);
    assert_eq!(rapidutf::utf32_len_from_utf16(&s), 3);
    assert_eq!(rapidutf::utf8_len_from_utf32(&[0x61, 0x20AC, 0x1F600]), 8);
    assert_eq!(rapidutf::utf16_len_from_utf32(&[0x61, 0x20AC, 0x1F600]), 4);
}
