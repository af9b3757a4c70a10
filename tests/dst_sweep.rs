//! Every transcoder with every output size from 0 to the needed length (and
//! a little beyond), on multilingual text with 4-byte characters and on
//! ASCII runs longer than one 16-unit fast-path block: never a panic, the
//! exact `OutputTooSmall { read, written }` of the largest whole-character
//! prefix that fits (computed from std), the right output units, and `Ok`
//! from the needed length on. With invalid input, whichever of "invalid"
//! and "does not fit" comes first in the input is reported.
mod common;

use common::{
    check_transcoder, dec_utf16, dec_utf32, dec_utf8, enc_utf16, enc_utf32, enc_utf8, needed,
    utf16_fns, utf32_to_utf16_fn, utf8_to_utf16_fn, Order, Transcoder,
};
use rapidutf::{TranscodeError, Utf32Error, Utf8Error};

fn texts() -> Vec<String> {
    let fox = "The quick brown fox jumps over the lazy dog; ";
    vec![
        "aé€😀b𝄞ü中\u{10FFFF}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}z".to_string(),
        format!("{fox}{fox}😀 {}é", "x".repeat(40)),
        "😀".repeat(18),
        "x".repeat(17),
        "x".repeat(16),
        format!("{}é{}𝄞", "y".repeat(33), "z".repeat(31)),
        "é€".repeat(20) + &"a".repeat(20) + "😀",
        String::new(),
    ]
}

/// Sweeps every UTF-8-source transcoder over every size.
fn sweep_utf8(bytes: &[u8]) {
    let dec = dec_utf8(bytes);
    for order in Order::ALL {
        let enc = enc_utf16(order);
        let f = utf8_to_utf16_fn(order);
        for n in 0..=needed(&dec, &enc) + 2 {
            check_transcoder(&format!("utf8_to_utf16 {order:?}"), f, bytes, &dec, &enc, n);
        }
    }
    let f: Transcoder<u8, u32, Utf8Error> = rapidutf::utf8_to_utf32;
    for n in 0..=dec.chars.len() + 2 {
        check_transcoder("utf8_to_utf32", f, bytes, &dec, &enc_utf32, n);
    }
}

/// Sweeps every UTF-16-source transcoder over every size.
fn sweep_utf16(values: &[u16]) {
    for order in Order::ALL {
        let src = order.encode(values);
        let dec = dec_utf16(&src, order);
        let fns = utf16_fns(order);
        for n in 0..=needed(&dec, &enc_utf8) + 2 {
            check_transcoder(fns.name, fns.to_utf8, &src, &dec, &enc_utf8, n);
        }
        for n in 0..=dec.chars.len() + 2 {
            check_transcoder(fns.name, fns.to_utf32, &src, &dec, &enc_utf32, n);
        }
    }
}

/// Sweeps every UTF-32-source transcoder over every size.
fn sweep_utf32(values: &[u32]) {
    let dec = dec_utf32(values);
    let f: Transcoder<u32, u8, Utf32Error> = rapidutf::utf32_to_utf8;
    for n in 0..=needed(&dec, &enc_utf8) + 2 {
        check_transcoder("utf32_to_utf8", f, values, &dec, &enc_utf8, n);
    }
    for order in Order::ALL {
        let enc = enc_utf16(order);
        let f = utf32_to_utf16_fn(order);
        for n in 0..=needed(&dec, &enc) + 2 {
            check_transcoder(&format!("utf32_to_utf16 {order:?}"), f, values, &dec, &enc, n);
        }
    }
}

#[test]
fn valid_input_every_dst_size() {
    for s in texts() {
        sweep_utf8(s.as_bytes());
        sweep_utf16(&s.encode_utf16().collect::<Vec<_>>());
        sweep_utf32(&s.chars().map(u32::from).collect::<Vec<_>>());
    }
}

/// Positions at which to insert an invalid unit: start, middle, end, and
/// just after a 16-unit block.
fn positions(len: usize) -> Vec<usize> {
    let mut p = vec![0, len / 2, len];
    if len > 17 {
        p.push(17);
    }
    p
}

#[test]
fn invalid_input_every_dst_size() {
    for s in texts() {
        let bytes = s.as_bytes();
        for at in positions(bytes.len()) {
            // At a char boundary at or before `at`.
            let at = (0..=at).rev().find(|&i| s.is_char_boundary(i)).unwrap();
            for bad in [&b"\xFF"[..], b"\xE2\x82", b"\xED\xA0\x80", b"\xF0\x9F\x98"] {
                let mut v = bytes[..at].to_vec();
                v.extend_from_slice(bad);
                v.extend_from_slice(&bytes[at..]);
                sweep_utf8(&v);
            }
        }
        let units: Vec<u16> = s.encode_utf16().collect();
        for at in positions(units.len()) {
            // Inserting may split a pair: that is fine, the oracle decides.
            for bad in [0xD800u16, 0xDBFF, 0xDC00, 0xDFFF] {
                let mut v = units.clone();
                v.insert(at, bad);
                sweep_utf16(&v);
            }
        }
        let values: Vec<u32> = s.chars().map(u32::from).collect();
        for at in positions(values.len()) {
            for bad in [0xD800u32, 0xDFFF, 0x110000, u32::MAX] {
                let mut v = values.clone();
                v.insert(at, bad);
                sweep_utf32(&v);
            }
        }
    }
}

/// The two orders of "invalid" and "does not fit", spelled out.
#[test]
fn first_problem_in_input_order_wins() {
    // Invalid first: reported even with no room at all.
    let mut none: [u16; 0] = [];
    let e = rapidutf::utf8_to_utf16(b"\xFFabc", &mut none).unwrap_err();
    assert_eq!(e.invalid().map(|e| e.valid_up_to()), Some(0));
    let mut two = [0u16; 2];
    let e = rapidutf::utf8_to_utf16(b"ab\xFFcd", &mut two).unwrap_err();
    assert_eq!(e.invalid().map(|e| e.valid_up_to()), Some(2));
    // Does not fit first: reported although the input is invalid later.
    let mut one = [0u16; 1];
    let e = rapidutf::utf8_to_utf16(b"ab\xFFcd", &mut one).unwrap_err();
    assert_eq!(e, TranscodeError::OutputTooSmall { read: 1, written: 1 });
    assert_eq!(one, [u16::from(b'a')]);
    // A surrogate pair needs both units.
    let e = rapidutf::utf8_to_utf16("a😀".as_bytes(), &mut two).unwrap_err();
    assert_eq!(e, TranscodeError::OutputTooSmall { read: 1, written: 1 });
    let mut b8 = [0u8; 3];
    let e = rapidutf::utf32_to_utf8(&[0x41, 0x20AC, 0xD800], &mut b8).unwrap_err();
    assert_eq!(e, TranscodeError::OutputTooSmall { read: 1, written: 1 });
    let e = rapidutf::utf32_to_utf8(&[0x41, 0xD800, 0x20AC], &mut b8).unwrap_err();
    assert_eq!(e.invalid().map(|e| e.valid_up_to()), Some(1));
    let e = rapidutf::utf16_to_utf8(&[0xDC00], &mut []).unwrap_err();
    assert_eq!(e.invalid().map(|e| e.valid_up_to()), Some(0));
}
