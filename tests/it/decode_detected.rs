//! Detect, then decode: `decode_detected`, `decode_detected_lossy` and the
//! `Detection` methods, for every `DetectedEncoding` with and without a
//! byte-order mark, and invalid input at every offset, against std (the
//! texts the inputs were made from, `core::str::from_utf8`'s errors,
//! `char::decode_utf16`) and CPython's decoders (`errors = "replace"`).

use crate::common;
use rapidutf::{DetectedDecodeErrorKind, DetectedEncoding, Lossy, Utf16ErrorKind, Utf32ErrorKind};
use std::borrow::Cow;

/// Text every encoding of the test can represent, with spaces (UTF-16
/// without a mark is recognised by them) and characters of every UTF-8
/// length Windows-1252 has.
fn text() -> String {
    "Grüße, café “quoted” 5 € text, and ‘more’ words here.\n".repeat(3)
}

fn encode(text: &str, e: DetectedEncoding) -> Vec<u8> {
    match e {
        DetectedEncoding::Utf8 => text.as_bytes().to_vec(),
        DetectedEncoding::Utf16Le => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        DetectedEncoding::Utf16Be => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        DetectedEncoding::Utf32Le => {
            text.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect()
        }
        DetectedEncoding::Utf32Be => {
            text.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect()
        }
        DetectedEncoding::Windows1252 => {
            let t = common::windows1252_table();
            text.chars().map(|c| common::windows1252_byte(&t, c).unwrap()).collect()
        }
        _ => unreachable!("a new encoding: add it here"),
    }
}

fn bom(e: DetectedEncoding) -> &'static [u8] {
    match e {
        DetectedEncoding::Utf8 => b"\xEF\xBB\xBF",
        DetectedEncoding::Utf16Le => b"\xFF\xFE",
        DetectedEncoding::Utf16Be => b"\xFE\xFF",
        DetectedEncoding::Utf32Le => b"\xFF\xFE\x00\x00",
        DetectedEncoding::Utf32Be => b"\x00\x00\xFE\xFF",
        _ => b"",
    }
}

fn codec(e: DetectedEncoding) -> &'static str {
    match e {
        DetectedEncoding::Utf8 => "utf-8",
        DetectedEncoding::Utf16Le => "utf-16-le",
        DetectedEncoding::Utf16Be => "utf-16-be",
        DetectedEncoding::Utf32Le => "utf-32-le",
        DetectedEncoding::Utf32Be => "utf-32-be",
        _ => unreachable!("only the Unicode encodings have errors"),
    }
}

/// Valid input decodes to the text in every form, the mark removed.
fn check_valid(bytes: &[u8], text: &str, want: DetectedEncoding) {
    let (got, enc) = rapidutf::decode_detected(bytes).unwrap();
    assert_eq!((&*got, enc), (text, want), "{bytes:02X?}");
    let (lossy, enc) = rapidutf::decode_detected_lossy(bytes);
    assert_eq!((&*lossy.output, lossy.replaced, enc), (text, 0, want));
    let d = rapidutf::detect_encoding(bytes);
    assert_eq!(d.decode(bytes).unwrap(), text);
    assert_eq!(d.decode_lossy(bytes).output, text);
    // The text is the input itself where it can be: borrowed.
    let borrows = want == DetectedEncoding::Utf8
        || (want == DetectedEncoding::Windows1252 && text.is_ascii());
    assert_eq!(matches!(got, Cow::Borrowed(_)), borrows, "{want:?}");
    assert_eq!(matches!(lossy.output, Cow::Borrowed(_)), borrows, "{want:?}");
}

#[test]
fn every_encoding_with_and_without_a_mark() {
    let text = text();
    for &e in DetectedEncoding::ALL {
        let bytes = encode(&text, e);
        check_valid(&bytes, &text, e);
        if e != DetectedEncoding::Windows1252 {
            check_valid(&[bom(e), &bytes].concat(), &text, e);
            // The mark alone: empty text.
            check_valid(bom(e), "", e);
        }
    }
    // ASCII: UTF-8, borrowed.
    check_valid(b"plain ascii", "plain ascii", DetectedEncoding::Utf8);
    check_valid(b"", "", DetectedEncoding::Utf8);
    // U+FEFF after the mark is text.
    let bytes = [bom(DetectedEncoding::Utf8), "\u{FEFF}x".as_bytes()].concat();
    check_valid(&bytes, "\u{FEFF}x", DetectedEncoding::Utf8);
}

/// A detection applied to bytes without its mark removes nothing.
#[test]
fn the_mark_is_removed_only_where_it_is() {
    let d = rapidutf::detect_encoding(b"\xEF\xBB\xBFabc");
    assert_eq!(d.bom_len(), 3);
    assert_eq!(d.decode(b"abc").unwrap(), "abc");
    assert_eq!(d.decode(b"ab").unwrap(), "ab");
    assert_eq!(d.decode_lossy(b"").output, "");
}

/// The first error of `body` in `e` by std: its byte offset, length and
/// kind (the kind's own classification is the validators', tested
/// elsewhere).
fn first_error(e: DetectedEncoding, body: &[u8]) -> Option<(usize, Option<usize>)> {
    match e {
        DetectedEncoding::Utf8 => {
            std::str::from_utf8(body).err().map(|e| (e.valid_up_to(), e.error_len()))
        }
        DetectedEncoding::Utf16Le | DetectedEncoding::Utf16Be => {
            let units: Vec<u16> = body
                .chunks_exact(2)
                .map(|p| match e {
                    DetectedEncoding::Utf16Le => u16::from_le_bytes([p[0], p[1]]),
                    _ => u16::from_be_bytes([p[0], p[1]]),
                })
                .collect();
            let mut at = 0;
            for c in char::decode_utf16(units.iter().copied()) {
                match c {
                    Ok(c) => at += 2 * c.len_utf16(),
                    Err(_) => return Some((at, Some(2))),
                }
            }
            (body.len() % 2 != 0).then_some((at, None))
        }
        DetectedEncoding::Utf32Le | DetectedEncoding::Utf32Be => {
            for (i, q) in body.chunks_exact(4).enumerate() {
                let v = match e {
                    DetectedEncoding::Utf32Le => u32::from_le_bytes([q[0], q[1], q[2], q[3]]),
                    _ => u32::from_be_bytes([q[0], q[1], q[2], q[3]]),
                };
                if char::from_u32(v).is_none() {
                    return Some((4 * i, Some(4)));
                }
            }
            (body.len() % 4 != 0).then_some((body.len() / 4 * 4, None))
        }
        _ => None,
    }
}

/// Marked inputs with errors at every offset: the strict forms fail at
/// std's first error (in bytes from the start, the mark included), with
/// the kind the encoding's validator gives; the lossy forms give CPython's
/// text and count.
#[test]
#[cfg_attr(target_os = "wasi", ignore = "runs python3, and wasm32-wasip1 has no processes")]
fn errors_at_every_offset() {
    let text = text();
    let mut cases: Vec<Vec<u8>> = Vec::new();
    // UTF-8: invalid sequences at every character boundary.
    let utf8 = text.as_bytes();
    for bad in [&b"\xFF"[..], b"\xC0\x80", b"\xE2\x82", b"\xED\xA0\x80", b"\x80"] {
        for at in (0..=utf8.len()).filter(|&i| text.is_char_boundary(i)) {
            cases.push([bom(DetectedEncoding::Utf8), &utf8[..at], bad].concat());
            cases.push([bom(DetectedEncoding::Utf8), &utf8[..at], bad, &utf8[at..]].concat());
        }
    }
    // UTF-16: lone surrogates at every unit, and an odd last byte.
    let units: Vec<u16> = text.encode_utf16().collect();
    for e in [DetectedEncoding::Utf16Le, DetectedEncoding::Utf16Be] {
        let bytes = |u: &[u16]| -> Vec<u8> {
            let body: Vec<u8> = u
                .iter()
                .flat_map(|&u| {
                    if e == DetectedEncoding::Utf16Le {
                        u.to_le_bytes()
                    } else {
                        u.to_be_bytes()
                    }
                })
                .collect();
            [bom(e), &body].concat()
        };
        for at in 0..=units.len() {
            for bad in [0xD800u16, 0xDC00, 0xDBFF] {
                let mut u = units.clone();
                u.insert(at, bad);
                cases.push(bytes(&u));
                cases.push([&bytes(&u[..at + 1])[..], b"x"].concat());
            }
            cases.push([&bytes(&units[..at])[..], b"x"].concat());
        }
    }
    // UTF-32: values that are not scalar values at every offset, and
    // 1 to 3 extra bytes. (A UTF-32LE mark with invalid text after it is
    // read as UTF-16LE, as detection decides.)
    let values: Vec<u32> = text.chars().map(u32::from).collect();
    for e in [DetectedEncoding::Utf32Le, DetectedEncoding::Utf32Be] {
        let bytes = |v: &[u32]| -> Vec<u8> {
            let body: Vec<u8> = v
                .iter()
                .flat_map(|&v| {
                    if e == DetectedEncoding::Utf32Le {
                        v.to_le_bytes()
                    } else {
                        v.to_be_bytes()
                    }
                })
                .collect();
            [bom(e), &body].concat()
        };
        for at in 0..=values.len() {
            for bad in [0xD800u32, 0x11_0000, 0xFFFF_FFFF] {
                let mut v = values.clone();
                v.insert(at, bad);
                cases.push(bytes(&v));
            }
            for extra in 1..4 {
                cases.push([&bytes(&values[..at])[..], &b"abc"[..extra]].concat());
            }
        }
    }

    let detected: Vec<_> = cases.iter().map(|b| rapidutf::detect_encoding(b)).collect();
    let request: String = cases
        .iter()
        .zip(&detected)
        .map(|(b, d)| format!("{} {}\n", codec(d.encoding()), common::hex(&b[d.bom_len()..])))
        .collect();
    let answers = common::python_oracle("decode_lossy", &request);
    let mut failures = 0;
    for ((bytes, d), answer) in cases.iter().zip(&detected).zip(answers) {
        let e = d.encoding();
        assert!(d.bom_len() > 0, "{bytes:02X?}: a mark decided");
        let body = &bytes[d.bom_len()..];
        // Strict.
        let want = first_error(e, body);
        match (rapidutf::decode_detected(bytes), want) {
            (Ok((text, enc)), None) => {
                assert_eq!(enc, e);
                let (_, utf8) = answer.split_once(' ').unwrap();
                assert_eq!(common::hex(text.as_bytes()), utf8, "{bytes:02X?}");
            }
            (Err(err), Some((at, len))) => {
                failures += 1;
                assert_eq!(err.encoding(), e, "{bytes:02X?}");
                assert_eq!(
                    (err.valid_up_to(), err.error_len()),
                    (d.bom_len() + at, len),
                    "{bytes:02X?}"
                );
                let kind = match e {
                    DetectedEncoding::Utf8 => {
                        let k = rapidutf::validate_utf8(body).unwrap_err().kind();
                        DetectedDecodeErrorKind::Utf8(k)
                    }
                    _ if len.is_none() => DetectedDecodeErrorKind::IncompleteUnit,
                    DetectedEncoding::Utf16Le | DetectedEncoding::Utf16Be => {
                        let k = if body[at + usize::from(e == DetectedEncoding::Utf16Le)] >= 0xDC {
                            Utf16ErrorKind::UnpairedLow
                        } else {
                            Utf16ErrorKind::UnpairedHigh
                        };
                        DetectedDecodeErrorKind::Utf16(k)
                    }
                    _ => {
                        let q = &body[at..at + 4];
                        let high = if e == DetectedEncoding::Utf32Le {
                            q[2..].iter().any(|&b| b != 0)
                        } else {
                            q[..2].iter().any(|&b| b != 0)
                        };
                        let k =
                            if high { Utf32ErrorKind::TooLarge } else { Utf32ErrorKind::Surrogate };
                        DetectedDecodeErrorKind::Utf32(k)
                    }
                };
                assert_eq!(err.kind(), kind, "{bytes:02X?}");
                assert!(err
                    .to_string()
                    .contains(&format!("invalid {e} at byte {}", err.valid_up_to())));
            }
            (got, want) => panic!("{bytes:02X?}: {got:?}, std says {want:?}"),
        }
        // Lossy.
        let (count, utf8) = answer.split_once(' ').unwrap();
        let (r, enc) = rapidutf::decode_detected_lossy(bytes);
        assert_eq!(enc, e);
        assert_eq!(common::hex(r.output.as_bytes()), utf8, "{bytes:02X?} as {e}");
        assert_eq!(r.replaced.to_string(), count, "{bytes:02X?} as {e}");
        assert_eq!(r.had_replacements(), want.is_some(), "{bytes:02X?}");
        let same = d.decode_lossy(bytes);
        assert_eq!(same, Lossy { output: r.output.clone(), replaced: r.replaced });
    }
    assert!(failures > cases.len() / 2, "most cases are invalid: {failures} of {}", cases.len());
}

/// Without a mark nothing fails: invalid UTF-8 at every offset is
/// Windows-1252, byte for byte.
#[test]
fn unmarked_invalid_utf8_is_windows1252() {
    let text = text();
    let t = common::windows1252_table();
    for at in (0..=text.len()).filter(|&i| text.is_char_boundary(i)).step_by(3) {
        let bytes = [&text.as_bytes()[..at], b"\xFF", &text.as_bytes()[at..]].concat();
        let want: String = bytes.iter().map(|&b| t[usize::from(b)]).collect();
        let (got, enc) = rapidutf::decode_detected(&bytes).unwrap();
        assert_eq!((&*got, enc), (&want[..], DetectedEncoding::Windows1252));
        let (lossy, _) = rapidutf::decode_detected_lossy(&bytes);
        assert_eq!((&*lossy.output, lossy.replaced), (&want[..], 0));
    }
}

/// The free functions dispatch: re-run this module under every other
/// available kernel.
#[test]
fn under_every_available_kernel() {
    common::rerun_under_every_kernel(
        "decode_detected::",
        "decode_detected::under_every_available_kernel",
    );
}
