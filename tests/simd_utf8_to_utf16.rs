//! The UTF-8 to UTF-16 (LE, BE) and UTF-32 transcoders of every kernel
//! this CPU can run, against std (`str::encode_utf16`, `str::chars`,
//! `core::str::from_utf8`, `String::from_utf8_lossy`): random valid and
//! mutated input over many 64-byte blocks, every error kind at every
//! offset, every output size, the corpus, and lossy conversion.
mod common;

use proptest::prelude::*;
use rapidutf::{Kernel, TranscodeError, Utf8ErrorKind};

/// The three conversions' expected outputs for valid `s`.
fn oracle(s: &str) -> (Vec<u16>, Vec<u16>, Vec<u32>) {
    let le: Vec<u16> = s.encode_utf16().map(u16::to_le).collect();
    let be: Vec<u16> = s.encode_utf16().map(u16::to_be).collect();
    let u32s: Vec<u32> = s.chars().map(u32::from).collect();
    (le, be, u32s)
}

/// Checks every conversion of `bytes` with kernel `k` against std, with
/// `dst` buffers of `src.len()` units plus a guard zone that must stay
/// untouched.
fn check(k: Kernel, bytes: &[u8]) {
    const GUARD: u16 = 0x5A5A;
    let n = bytes.len();
    let mut le = vec![GUARD; n + 32];
    let mut be = vec![GUARD; n + 32];
    let mut u32s = vec![u32::from(GUARD); n + 32];
    let r_le = k.utf8_to_utf16le(bytes, &mut le[..n]);
    let r_be = k.utf8_to_utf16be(bytes, &mut be[..n]);
    let r_32 = k.utf8_to_utf32(bytes, &mut u32s[..n]);
    let r_native = k.utf8_to_utf16(bytes, &mut vec![0; n]);
    assert!(le[n..].iter().chain(&be[n..]).all(|&u| u == GUARD), "{k}: wrote past dst");
    assert!(u32s[n..].iter().all(|&u| u == u32::from(GUARD)), "{k}: wrote past dst");
    match core::str::from_utf8(bytes) {
        Ok(s) => {
            let (w_le, w_be, w_32) = oracle(s);
            assert_eq!(r_le, Ok(w_le.len()), "{k}: LE length");
            assert_eq!(r_be, Ok(w_be.len()), "{k}: BE length");
            assert_eq!(r_32, Ok(w_32.len()), "{k}: UTF-32 length");
            assert_eq!(r_native, Ok(w_le.len()), "{k}: native length");
            assert!(le[..w_le.len()] == w_le, "{k}: LE output of {bytes:02X?}");
            assert!(be[..w_be.len()] == w_be, "{k}: BE output of {bytes:02X?}");
            assert!(u32s[..w_32.len()] == w_32, "{k}: UTF-32 output of {bytes:02X?}");
        }
        Err(_) => {
            // The exact error of the validator (itself tested against core).
            let want = rapidutf::validate_utf8(bytes).unwrap_err();
            for (what, r) in [("LE", r_le), ("BE", r_be), ("native", r_native)] {
                assert_eq!(r, Err(TranscodeError::Invalid(want)), "{k} {what}: {bytes:02X?}");
            }
            assert_eq!(r_32, Err(TranscodeError::Invalid(want)), "{k} UTF-32: {bytes:02X?}");
        }
    }
}

/// Valid text of a random mix of 1- to 4-byte characters.
fn text() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        3 => proptest::char::range('\0', '\x7F'),
        2 => proptest::char::range('\u{80}', '\u{7FF}'),
        2 => proptest::char::range('\u{800}', '\u{FFFF}'),
        2 => proptest::char::range('\u{10000}', '\u{10FFFF}'),
        1 => proptest::char::any(),
    ];
    // Runs of one class too, so that windows of one width occur.
    let run = prop_oneof![
        proptest::collection::vec(ch.clone(), 0..40).prop_map(String::from_iter),
        "[a-z ]{0,150}",
        "[α-ω]{0,80}",
        "[一-龥]{0,60}",
        "[😀-🙏]{0,50}",
    ];
    proptest::collection::vec(run, 0..12).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn valid_input_matches_std(s in text()) {
        for k in common::kernels() {
            check(k, s.as_bytes());
        }
    }

    #[test]
    fn mutated_input_matches_std(
        s in text(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
    ) {
        let mut bytes = s.into_bytes();
        if !bytes.is_empty() {
            for (at, b) in edits {
                let i = at.index(bytes.len());
                bytes[i] = b;
            }
        }
        for k in common::kernels() {
            check(k, &bytes);
        }
    }

    #[test]
    fn lossy_matches_std(
        s in text(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6),
    ) {
        let mut bytes = s.into_bytes();
        if !bytes.is_empty() {
            for (at, b) in edits {
                let i = at.index(bytes.len());
                bytes[i] = b;
            }
        }
        let want: Vec<u16> = String::from_utf8_lossy(&bytes).encode_utf16().collect();
        prop_assert_eq!(rapidutf::utf8_to_utf16_lossy(&bytes), want);
    }
}

/// One bad sequence per kind (a truncated one must end the input).
const BAD: &[(&[u8], Utf8ErrorKind)] = {
    use Utf8ErrorKind::*;
    &[
        (b"\xC0\x80", InvalidByte),
        (b"\xF5\x80\x80\x80", InvalidByte),
        (b"\xFF", InvalidByte),
        (b"\x80", UnexpectedContinuation),
        (b"\xBF\xBF", UnexpectedContinuation),
        (b"\xE0\x80\x80", Overlong),
        (b"\xF0\x8F\xBF\xBF", Overlong),
        (b"\xED\xA0\x80", Surrogate),
        (b"\xF4\x90\x80\x80", TooLarge),
        (b"\xC3A", MissingContinuation),
        (b"\xE2\x82A", MissingContinuation),
        (b"\xF0\x9F\x98A", MissingContinuation),
        (b"\xF0\x9F\x98", Truncated),
        (b"\xE2\x82", Truncated),
        (b"\xC3", Truncated),
    ]
};

/// Backgrounds for the errors: ASCII, each width alone, and a mix.
const BACKGROUNDS: &[&str] =
    &["abcdefgh", "éüßñ", "€中文字", "😀🙏🚀", "aé€😀 Ωж中ab\u{10FFFF}\u{FFFD}x\u{800}"];

/// `bg` repeated to at least `len` bytes.
fn background(bg: &str, len: usize) -> String {
    bg.repeat(len / bg.len() + 1)
}

#[test]
fn every_error_kind_at_every_offset() {
    let kernels = common::kernels();
    for bg in BACKGROUNDS {
        let text = background(bg, 520);
        for offset in 0..200 {
            // The character boundary at or after `offset`.
            let at = (offset..).find(|&i| text.is_char_boundary(i)).unwrap();
            for &(bad, kind) in BAD {
                let mut bytes = text.as_bytes()[..at].to_vec();
                bytes.extend_from_slice(bad);
                if kind != Utf8ErrorKind::Truncated {
                    bytes.extend_from_slice(&text.as_bytes()[at..]);
                }
                let want = rapidutf::validate_utf8(&bytes).unwrap_err();
                assert_eq!((want.valid_up_to(), want.kind()), (at, kind), "{bytes:02X?}");
                for &k in &kernels {
                    check(k, &bytes);
                }
            }
        }
    }
}

/// Every `dst` size up to the one needed, with each byte order and UTF-32:
/// `OutputTooSmall` at the largest whole-character prefix that fits,
/// computed from std, its conversion written, and nothing past `dst`.
#[test]
fn every_output_size() {
    for bg in BACKGROUNDS {
        for len in [100, 203] {
            let s = background(bg, len);
            let s = &s[..(len..).find(|&i| s.is_char_boundary(i)).unwrap()];
            let (le, be, u32s) = oracle(s);
            for k in common::kernels() {
                for size in 0..=le.len() {
                    // The expected stop: whole characters while they fit.
                    let (mut read, mut written) = (0, 0);
                    for c in s.chars() {
                        if written + c.len_utf16() > size {
                            break;
                        }
                        read += c.len_utf8();
                        written += c.len_utf16();
                    }
                    let want = if size == le.len() {
                        Ok(size)
                    } else {
                        Err(TranscodeError::OutputTooSmall { read, written })
                    };
                    for (what, expected) in [("LE", &le), ("BE", &be)] {
                        let mut dst = vec![0x5A5A; size + 16];
                        let r = if what == "LE" {
                            k.utf8_to_utf16le(s.as_bytes(), &mut dst[..size])
                        } else {
                            k.utf8_to_utf16be(s.as_bytes(), &mut dst[..size])
                        };
                        assert_eq!(r, want, "{k} {what}: {size} units for {s:?}");
                        assert_eq!(&dst[..written], &expected[..written], "{k} {what}: {size}");
                        assert!(dst[size..].iter().all(|&u| u == 0x5A5A), "{k}: past dst");
                    }
                }
                for size in 0..=u32s.len() {
                    let read: usize = s.chars().take(size).map(char::len_utf8).sum();
                    let want = if size == u32s.len() {
                        Ok(size)
                    } else {
                        Err(TranscodeError::OutputTooSmall { read, written: size })
                    };
                    let mut dst = vec![0x5A5A; size + 16];
                    let r = k.utf8_to_utf32(s.as_bytes(), &mut dst[..size]);
                    assert_eq!(r, want, "{k} UTF-32: {size} values for {s:?}");
                    assert_eq!(&dst[..size.min(u32s.len())], &u32s[..size.min(u32s.len())]);
                    assert!(dst[size..].iter().all(|&u| u == 0x5A5A), "{k}: past dst");
                }
            }
        }
    }
}

#[test]
fn lipsum_round_trips() {
    for (lang, bytes) in common::lipsum("utf8") {
        let s = std::str::from_utf8(&bytes).unwrap();
        let (le, be, u32s) = oracle(s);
        for k in common::kernels() {
            let mut dst = vec![0; bytes.len()];
            assert_eq!(k.utf8_to_utf16le(&bytes, &mut dst), Ok(le.len()), "{k} {lang}");
            assert!(dst[..le.len()] == le, "{k} {lang}: UTF-16LE");
            assert_eq!(k.utf8_to_utf16be(&bytes, &mut dst), Ok(be.len()), "{k} {lang}");
            assert!(dst[..be.len()] == be, "{k} {lang}: UTF-16BE");
            let mut dst = vec![0; bytes.len()];
            assert_eq!(k.utf8_to_utf32(&bytes, &mut dst), Ok(u32s.len()), "{k} {lang}");
            assert!(dst[..u32s.len()] == u32s, "{k} {lang}: UTF-32");
        }
        assert_eq!(
            rapidutf::utf8_to_utf16_vec(&bytes).unwrap(),
            s.encode_utf16().collect::<Vec<_>>()
        );
        assert_eq!(rapidutf::utf8_to_utf16_lossy(&bytes), s.encode_utf16().collect::<Vec<_>>());
    }
}

#[test]
fn lossy_fixtures_and_errors_every_kilobyte() {
    let cases: &[&[u8]] = &[
        b"",
        b"\xFF",
        b"a\xE1\xA0\xC0b",
        b"\xF0\x9F\x98",
        b"\xED\xA0\x80\xED\xBF\xBF",
        b"\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41",
    ];
    for &c in cases {
        let want: Vec<u16> = String::from_utf8_lossy(c).encode_utf16().collect();
        assert_eq!(rapidutf::utf8_to_utf16_lossy(c), want, "{c:02X?}");
    }
    for (lang, bytes) in common::lipsum("utf8") {
        let mut bytes = bytes.clone();
        for i in (500..bytes.len()).step_by(997) {
            bytes[i] = [0xFF, 0x80, 0xC3, 0xE2][i % 4];
        }
        let want: Vec<u16> = String::from_utf8_lossy(&bytes).encode_utf16().collect();
        assert!(rapidutf::utf8_to_utf16_lossy(&bytes) == want, "{lang}");
    }
}
