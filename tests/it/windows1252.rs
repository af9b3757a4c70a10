//! Windows-1252 to and from UTF-8, UTF-16 (native, LE, BE) and UTF-32,
//! against the table of `tests/fixtures/windows1252.txt` (CPython's
//! `cp1252` codec, with the WHATWG mapping of the five bytes it leaves
//! undefined): every byte, every character to U+2200, an error at every
//! offset, every `dst` size, proptest, and all of it under every kernel.

use proptest::prelude::*;
use rapidutf::{Kernel, Latin1Error, Latin1ErrorKind, TranscodeError, Utf8ErrorKind};

/// The character of every byte (the testkit's table).
fn table() -> [char; 256] {
    rapidutf_testkit::windows1252_table()
}

fn oracle_decode(bytes: &[u8]) -> String {
    let t = table();
    bytes.iter().map(|&b| t[usize::from(b)]).collect()
}

/// The bytes of `s`, or the byte offset and character of the first one
/// Windows-1252 cannot represent.
fn oracle_encode(s: &str) -> Result<Vec<u8>, (usize, char)> {
    let t = table();
    s.char_indices()
        .map(|(at, c)| match rapidutf_testkit::windows1252_byte(&t, c) {
            Some(b) => Ok(b),
            None => Err((at, c)),
        })
        .collect()
}

/// Checks every decoder on `bytes`, with `dst` of the size that always
/// suffices.
fn check_decode(bytes: &[u8]) {
    let want = oracle_decode(bytes);
    let mut d8 = vec![0u8; 3 * bytes.len()];
    let n = rapidutf::windows1252_to_utf8(bytes, &mut d8).unwrap();
    assert_eq!(&d8[..n], want.as_bytes(), "UTF-8 of {bytes:02X?}");
    let units: Vec<u16> = want.encode_utf16().collect();
    let mut d16 = vec![0u16; bytes.len()];
    let n = rapidutf::windows1252_to_utf16(bytes, &mut d16).unwrap();
    assert_eq!(&d16[..n], &units[..], "UTF-16 of {bytes:02X?}");
    let n = rapidutf::windows1252_to_utf16le(bytes, &mut d16).unwrap();
    assert!(d16[..n].iter().map(|&u| u16::from_le(u)).eq(units.iter().copied()));
    let n = rapidutf::windows1252_to_utf16be(bytes, &mut d16).unwrap();
    assert!(d16[..n].iter().map(|&u| u16::from_be(u)).eq(units.iter().copied()));
    let mut d32 = vec![0u32; bytes.len()];
    let n = rapidutf::windows1252_to_utf32(bytes, &mut d32).unwrap();
    assert!(d32[..n].iter().copied().eq(want.chars().map(u32::from)), "UTF-32 of {bytes:02X?}");
    // The lengths, exact.
    assert_eq!(rapidutf::utf8_len_from_windows1252(bytes), want.len(), "{bytes:02X?}");
    assert_eq!(rapidutf::utf16_len_from_windows1252(bytes), units.len());
    assert_eq!(rapidutf::utf32_len_from_windows1252(bytes), want.chars().count());
    check_decode_alloc(bytes, &want, &units);
}

/// The appending and allocating decoders on `bytes`: the appends after
/// what `dst` held, with the count appended.
fn check_decode_alloc(bytes: &[u8], want: &str, units: &[u16]) {
    let mut s = String::from("» ");
    assert_eq!(rapidutf::windows1252_to_utf8_append(bytes, &mut s), want.len());
    assert_eq!(s.strip_prefix("» "), Some(want), "{bytes:02X?}");
    let le: Vec<u16> = units.iter().map(|u| u.to_le()).collect();
    let be: Vec<u16> = units.iter().map(|u| u.to_be()).collect();
    type Append16 = fn(&[u8], &mut Vec<u16>) -> usize;
    type Vec16 = fn(&[u8]) -> Vec<u16>;
    let forms: [(&str, Append16, Vec16, &[u16]); 3] = [
        (
            "native",
            rapidutf::windows1252_to_utf16_append,
            rapidutf::windows1252_to_utf16_vec,
            units,
        ),
        ("LE", rapidutf::windows1252_to_utf16le_append, rapidutf::windows1252_to_utf16le_vec, &le),
        ("BE", rapidutf::windows1252_to_utf16be_append, rapidutf::windows1252_to_utf16be_vec, &be),
    ];
    for (what, append, to_vec, want16) in forms {
        let mut v = vec![0xA5A5u16];
        assert_eq!(append(bytes, &mut v), want16.len(), "{what}");
        assert_eq!(v[1..], want16[..], "{what} append of {bytes:02X?}");
        assert_eq!(to_vec(bytes), want16, "{what} vec of {bytes:02X?}");
    }
    let want32: Vec<u32> = want.chars().map(u32::from).collect();
    let mut v = vec![7u32];
    assert_eq!(rapidutf::windows1252_to_utf32_append(bytes, &mut v), want32.len());
    assert_eq!(v[1..], want32[..]);
    assert_eq!(rapidutf::windows1252_to_utf32_vec(bytes), want32);
}

/// An encoder to Windows-1252 from units `S` with input errors `E`: into
/// a slice, appending to a `Vec`, into a new `Vec`.
type EncodeInto<S, E> = fn(&[S], &mut [u8]) -> Result<usize, TranscodeError<Latin1Error<E>>>;
type EncodeAppend<S, E> = fn(&[S], &mut Vec<u8>) -> Result<usize, Latin1Error<E>>;
type EncodeVec<S, E> = fn(&[S]) -> Result<Vec<u8>, Latin1Error<E>>;

/// The appending and allocating forms of an encoder against its slice
/// form's result on the same input: the same bytes, or the same error
/// with the conversion before it appended.
fn check_encode_alloc<S, E: PartialEq + std::fmt::Debug>(
    what: &str,
    src: &[S],
    slice: EncodeInto<S, E>,
    append: EncodeAppend<S, E>,
    to_vec: EncodeVec<S, E>,
) {
    let mut dst = vec![0u8; src.len()];
    let (bytes, err) = match slice(src, &mut dst) {
        Ok(n) => (dst[..n].to_vec(), None),
        Err(TranscodeError::Invalid { error, written }) => (dst[..written].to_vec(), Some(error)),
        Err(e) => panic!("{what}: {e:?} with a buffer of the input's size"),
    };
    let mut v = b"> ".to_vec();
    let got = append(src, &mut v);
    assert_eq!(v[2..], bytes[..], "{what}: appended");
    match &err {
        None => assert_eq!(got, Ok(bytes.len()), "{what}"),
        Some(e) => assert_eq!(got.as_ref().err(), Some(e), "{what}"),
    }
    assert_eq!(to_vec(src), err.map_or(Ok(bytes), Err), "{what}: vec");
}

/// The result of every encoder on `s`, in the UTF-8 encoder's terms: the
/// bytes, or the error's byte offset and character (the UTF-16 and UTF-32
/// encoders must agree, with their offsets mapped back to bytes).
fn check_encode(s: &str) -> Result<Vec<u8>, (usize, char)> {
    let want = oracle_encode(s);
    let mut dst = vec![0u8; s.len()];
    let got = match rapidutf::utf8_to_windows1252(s.as_bytes(), &mut dst) {
        Ok(n) => Ok(dst[..n].to_vec()),
        Err(TranscodeError::Invalid { error: e, .. }) => match e.kind() {
            Latin1ErrorKind::Unrepresentable(c) => Err((e.valid_up_to(), c)),
            other => panic!("valid input reported invalid: {other:?}"),
        },
        Err(e) => panic!("{e:?} with a buffer of the input's size"),
    };
    assert_eq!(got, want, "UTF-8 {s:?}");
    let units: Vec<u16> = s.encode_utf16().collect();
    let unit_to_byte = |at: usize| {
        s.encode_utf16()
            .take(at)
            .map(|u| {
                // A surrogate pair is four bytes of UTF-8: two per unit.
                if u < 0x80 {
                    1
                } else if u < 0x800 || (0xD800..0xE000).contains(&u) {
                    2
                } else {
                    3
                }
            })
            .sum::<usize>()
    };
    let le: Vec<u16> = units.iter().map(|u| u.to_le()).collect();
    let be: Vec<u16> = units.iter().map(|u| u.to_be()).collect();
    let mut dst = vec![0u8; units.len()];
    type F16 =
        fn(&[u16], &mut [u8]) -> Result<usize, TranscodeError<Latin1Error<rapidutf::Utf16Error>>>;
    let forms: [(&str, F16, &[u16]); 3] = [
        ("native", rapidutf::utf16_to_windows1252, &units),
        ("LE", rapidutf::utf16le_to_windows1252, &le),
        ("BE", rapidutf::utf16be_to_windows1252, &be),
    ];
    for (what, f, src) in forms {
        let got = match f(src, &mut dst) {
            Ok(n) => Ok(dst[..n].to_vec()),
            Err(TranscodeError::Invalid { error: e, .. }) => match e.kind() {
                Latin1ErrorKind::Unrepresentable(c) => Err((unit_to_byte(e.valid_up_to()), c)),
                other => panic!("valid input reported invalid: {other:?}"),
            },
            Err(e) => panic!("{e:?}"),
        };
        assert_eq!(got, want, "UTF-16 {what} {s:?}");
    }
    let values: Vec<u32> = s.chars().map(u32::from).collect();
    let mut dst = vec![0u8; values.len()];
    let got = match rapidutf::utf32_to_windows1252(&values, &mut dst) {
        Ok(n) => Ok(dst[..n].to_vec()),
        Err(TranscodeError::Invalid { error: e, .. }) => match e.kind() {
            Latin1ErrorKind::Unrepresentable(c) => {
                Err((s.chars().take(e.valid_up_to()).map(char::len_utf8).sum(), c))
            }
            other => panic!("valid input reported invalid: {other:?}"),
        },
        Err(e) => panic!("{e:?}"),
    };
    assert_eq!(got, want, "UTF-32 {s:?}");

    // The lengths: one byte per character, per unit, per value.
    assert_eq!(rapidutf::windows1252_len_from_utf8(s.as_bytes()), values.len());
    assert_eq!(rapidutf::windows1252_len_from_utf16(&units), units.len());
    assert_eq!(rapidutf::windows1252_len_from_utf32(&values), values.len());
    check_encode_alloc(
        "UTF-8",
        s.as_bytes(),
        rapidutf::utf8_to_windows1252,
        rapidutf::utf8_to_windows1252_append,
        rapidutf::utf8_to_windows1252_vec,
    );
    type Vec16 = fn(&[u16]) -> Result<Vec<u8>, Latin1Error<rapidutf::Utf16Error>>;
    type Append16 = fn(&[u16], &mut Vec<u8>) -> Result<usize, Latin1Error<rapidutf::Utf16Error>>;
    let forms: [(&str, F16, Append16, Vec16, &[u16]); 3] = [
        (
            "UTF-16",
            rapidutf::utf16_to_windows1252,
            rapidutf::utf16_to_windows1252_append,
            rapidutf::utf16_to_windows1252_vec,
            &units,
        ),
        (
            "UTF-16LE",
            rapidutf::utf16le_to_windows1252,
            rapidutf::utf16le_to_windows1252_append,
            rapidutf::utf16le_to_windows1252_vec,
            &le,
        ),
        (
            "UTF-16BE",
            rapidutf::utf16be_to_windows1252,
            rapidutf::utf16be_to_windows1252_append,
            rapidutf::utf16be_to_windows1252_vec,
            &be,
        ),
    ];
    for (what, slice, append, to_vec, src) in forms {
        check_encode_alloc(what, src, slice, append, to_vec);
    }
    check_encode_alloc(
        "UTF-32",
        &values,
        rapidutf::utf32_to_windows1252,
        rapidutf::utf32_to_windows1252_append,
        rapidutf::utf32_to_windows1252_vec,
    );
    want
}

#[test]
fn every_byte_decodes_as_the_table_says() {
    for b in 0..=255u8 {
        check_decode(&[b]);
        check_decode(&[b'a', b, b'z']);
    }
    let all: Vec<u8> = (0..=255u8).cycle().take(1000).collect();
    check_decode(&all);
    // Long stretches on the SIMD path with high bytes at every offset.
    for at in 0..200 {
        let mut v = vec![0xE9u8; 200];
        v[at] = 0x93;
        check_decode(&v);
    }
}

#[test]
fn every_char_to_u2200_encodes_as_the_table_says() {
    for c in (0..0x2200u32).filter_map(char::from_u32) {
        let s = format!("ab{c}cd");
        let got = check_encode(&s);
        if let Err((at, bad)) = got {
            assert_eq!((at, bad), (2, c));
        }
    }
    // Every byte round-trips.
    let all: Vec<u8> = (0..=255u8).collect();
    let text = oracle_decode(&all);
    assert_eq!(check_encode(&text), Ok(all));
}

#[test]
fn unrepresentable_and_invalid_at_every_offset() {
    // Every length up to past the 32-character scalar burst, then the
    // lengths around the 64- and 128-byte SIMD blocks.
    for len in (0..=40).chain(60..=68).chain(124..=132) {
        let base: String = "é “x” € ok ".chars().cycle().take(len).collect();
        for at in 0..=len {
            let at_byte: usize = base.chars().take(at).map(char::len_utf8).sum();
            for bad in ['Ω', '\u{80}', '\u{9F}', '😀'] {
                let mut s = base.clone();
                s.insert(at_byte, bad);
                assert_eq!(check_encode(&s), Err((at_byte, bad)), "{s:?}");
            }
            // Invalid UTF-8 there: the input's own error, at its offset.
            let mut bytes = base.clone().into_bytes();
            bytes.insert(at_byte, 0xFF);
            let mut dst = vec![0u8; bytes.len()];
            match rapidutf::utf8_to_windows1252(&bytes, &mut dst) {
                Err(TranscodeError::Invalid { error: e, .. }) => {
                    assert_eq!(e.valid_up_to(), at_byte);
                    let inner = e.invalid().expect("an invalid-input error");
                    assert_eq!(inner.valid_up_to(), at_byte);
                    assert_eq!(inner.kind(), Utf8ErrorKind::InvalidByte);
                }
                other => panic!("{bytes:02X?}: {other:?}"),
            }
            check_encode_alloc(
                "invalid UTF-8",
                &bytes,
                rapidutf::utf8_to_windows1252,
                rapidutf::utf8_to_windows1252_append,
                rapidutf::utf8_to_windows1252_vec,
            );
            // A lone surrogate, a value that is no scalar value.
            let mut units: Vec<u16> = base.encode_utf16().collect();
            units.insert(units.len().min(at), 0xDC00);
            check_encode_alloc(
                "invalid UTF-16",
                &units,
                rapidutf::utf16_to_windows1252,
                rapidutf::utf16_to_windows1252_append,
                rapidutf::utf16_to_windows1252_vec,
            );
            let mut values: Vec<u32> = base.chars().map(u32::from).collect();
            values.insert(at, 0x11_0000);
            check_encode_alloc(
                "invalid UTF-32",
                &values,
                rapidutf::utf32_to_windows1252,
                rapidutf::utf32_to_windows1252_append,
                rapidutf::utf32_to_windows1252_vec,
            );
        }
    }
}

#[test]
fn every_dst_size() {
    let text = "naïve “quotes” – 5 € and ‰, then plain ASCII for a while: abcdefghijklmnopqrstuvwxyz0123456789 ™";
    let bytes = oracle_encode(text).expect("representable");
    let utf8 = text.as_bytes();
    for size in 0..=utf8.len() + 2 {
        let mut dst = vec![0xAAu8; size + 8];
        match rapidutf::windows1252_to_utf8(&bytes, &mut dst[..size]) {
            Ok(n) => assert_eq!(&dst[..n], utf8),
            Err(TranscodeError::OutputTooSmall { read, written }) => {
                assert!(size < utf8.len());
                assert_eq!(&dst[..written], oracle_decode(&bytes[..read]).as_bytes());
                assert!(written + 3 > size, "stopped early: {written} of {size}");
            }
            Err(e) => panic!("{e:?}"),
        }
        assert!(dst[size..].iter().all(|&b| b == 0xAA), "wrote past dst");
    }
    for size in 0..=bytes.len() + 2 {
        let mut dst = vec![0xAAu8; size + 8];
        match rapidutf::utf8_to_windows1252(utf8, &mut dst[..size]) {
            Ok(n) => assert_eq!(&dst[..n], &bytes[..]),
            Err(TranscodeError::OutputTooSmall { read, written }) => {
                assert_eq!(written, size, "stopped early");
                assert_eq!(&dst[..written], &bytes[..written]);
                assert_eq!(read, text.char_indices().nth(written).map_or(utf8.len(), |(i, _)| i));
            }
            Err(e) => panic!("{e:?}"),
        }
        assert!(dst[size..].iter().all(|&b| b == 0xAA), "wrote past dst");
    }
    let mut d16 = vec![0u16; bytes.len()];
    for size in 0..bytes.len() {
        assert_eq!(
            rapidutf::windows1252_to_utf16(&bytes, &mut d16[..size]),
            Err(TranscodeError::OutputTooSmall { read: size, written: size })
        );
    }
}

/// Every kernel's decoders (called directly, whatever the input's length)
/// against the table: inputs of every length to 200 with the bytes
/// `80..=9F` at every offset, each into a `dst` of every size from a few
/// units short to the size that always suffices, with a guard zone after
/// it that must stay untouched.
#[test]
fn every_kernel_decodes_at_every_length_and_dst_size() {
    const GUARD: u8 = 0xA5;
    let t = table();
    for k in crate::common::kernels() {
        for len in 0..200usize {
            // Latin-1 letters and ASCII, with one byte of 80..9F moving
            // through the input and, from 64 bytes on, a second one.
            let mut src: Vec<u8> = (0..len).map(|i| [b'a', 0xE9, b' ', 0xFC][i % 4]).collect();
            if len > 0 {
                src[(len * 7) % len] = 0x80 + (len % 32) as u8;
            }
            if len >= 64 {
                src[len - 1 - len % 17] = 0x93;
            }
            let want: String = src.iter().map(|&b| t[usize::from(b)]).collect();
            let need = want.len();
            for cap in need.saturating_sub(8)..=3 * len {
                let mut dst = vec![GUARD; cap + 16];
                let r = k.windows1252_to_utf8(&src, &mut dst[..cap]);
                match r {
                    Ok(n) => assert_eq!(&dst[..n], want.as_bytes(), "{k:?} len {len} cap {cap}"),
                    Err(TranscodeError::OutputTooSmall { read, written }) => {
                        assert!(cap < need, "{k:?} len {len} cap {cap}");
                        let part: String = src[..read].iter().map(|&b| t[usize::from(b)]).collect();
                        assert_eq!(&dst[..written], part.as_bytes(), "{k:?} len {len} cap {cap}");
                        let next = t[usize::from(src[read])].len_utf8();
                        assert!(written + next > cap, "{k:?} stopped early at cap {cap}");
                    }
                    Err(TranscodeError::Invalid { error, .. }) => match error {},
                    Err(e) => panic!("{e:?}"),
                }
                assert!(dst[cap..].iter().all(|&b| b == GUARD), "{k:?} wrote past dst");
            }
            let units: Vec<u16> = want.encode_utf16().collect();
            for cap in len.saturating_sub(3)..=len {
                let mut dst = vec![0xA5A5u16; cap + 16];
                for (order, f) in [
                    ("native", Kernel::windows1252_to_utf16 as W16),
                    ("LE", Kernel::windows1252_to_utf16le),
                    ("BE", Kernel::windows1252_to_utf16be),
                ] {
                    dst.fill(0xA5A5);
                    let got = f(k, &src, &mut dst[..cap]);
                    let n = match got {
                        Ok(n) => n,
                        Err(TranscodeError::OutputTooSmall { read, written }) => {
                            assert_eq!((read, written, cap < len), (cap, cap, true));
                            written
                        }
                        Err(e) => panic!("{e:?}"),
                    };
                    let from = |u: u16| match order {
                        "LE" => u16::from_le(u),
                        "BE" => u16::from_be(u),
                        _ => u,
                    };
                    assert!(
                        dst[..n].iter().map(|&u| from(u)).eq(units[..n].iter().copied()),
                        "{k:?} UTF-16 {order} len {len} cap {cap}"
                    );
                    assert!(dst[cap..].iter().all(|&u| u == 0xA5A5), "{k:?} wrote past dst");
                }
                let mut d32 = vec![0xA5A5_A5A5u32; cap + 16];
                let n = match k.windows1252_to_utf32(&src, &mut d32[..cap]) {
                    Ok(n) => n,
                    Err(TranscodeError::OutputTooSmall { read, written }) => {
                        assert_eq!((read, written, cap < len), (cap, cap, true));
                        written
                    }
                    Err(e) => panic!("{e:?}"),
                };
                assert!(d32[..n].iter().copied().eq(want.chars().take(n).map(u32::from)));
                assert!(d32[cap..].iter().all(|&u| u == 0xA5A5_A5A5), "{k:?} wrote past dst");
            }
        }
    }
}

/// A kernel's Windows-1252 to UTF-16 method.
type W16 = fn(Kernel, &[u8], &mut [u16]) -> Result<usize, TranscodeError<std::convert::Infallible>>;

#[cfg(feature = "alloc")]
#[test]
fn allocating_forms() {
    let all: Vec<u8> = (0..=255u8).collect();
    let s = rapidutf::windows1252_to_string(&all);
    assert_eq!(s, oracle_decode(&all));
    assert_eq!(rapidutf::utf8_to_windows1252_vec(s.as_bytes()).unwrap(), all);
    let e = rapidutf::utf8_to_windows1252_vec("a→".as_bytes()).unwrap_err();
    assert_eq!((e.valid_up_to(), e.kind()), (1, Latin1ErrorKind::Unrepresentable('→')));
}

#[cfg(feature = "std")]
#[test]
fn under_every_available_kernel() {
    crate::common::rerun_under_every_kernel_skipping(
        "windows1252::",
        &[
            "windows1252::under_every_available_kernel",
            "windows1252::every_kernel_decodes_at_every_length_and_dst_size",
            "windows1252::window_boundaries::decode",
        ],
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn bytes_decode_and_round_trip(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        check_decode(&bytes);
        let text = oracle_decode(&bytes);
        prop_assert_eq!(check_encode(&text), Ok(bytes));
    }

    #[test]
    fn text_encodes_as_the_table_says(
        s in proptest::collection::vec(
            prop_oneof![
                4 => proptest::char::range('\0', '\u{FF}'),
                2 => proptest::sample::select(vec!['€', '“', '”', '–', '—', '™', 'Š', 'Ÿ']),
                1 => proptest::char::any(),
            ],
            0..200,
        ).prop_map(String::from_iter)
    ) {
        let _ = check_encode(&s);
    }
}

/// The window-boundary cases of `rapidutf_testkit::boundary`: every byte
/// of `80..=FF` (the five undefined in Windows-1252 among them) at every
/// offset of a 128-byte span after runs of ASCII, Latin-1 and Windows-1252's
/// graphic characters, decoded by every kernel and the free functions at
/// the case's alignments, into a `dst` of the size that always suffices
/// and (rotating, both at the `full` level) of the exact size and one unit
/// short of the probe's output; and the valid UTF-8 cases (every character
/// length at every offset after every script) through the encoders, which
/// always dispatch (`under_every_available_kernel` runs them under every
/// kernel).
mod window_boundaries {
    use super::*;
    use crate::common::boundary::{check_into, legacy_cases, level, utf8_cases, Case, Conversion};
    use crate::common::{enc_utf16, enc_utf32, enc_utf8, Decoded, Order};
    use std::convert::Infallible;

    type Decoder<D> = fn(Kernel, &[u8], &mut [D]) -> Result<usize, TranscodeError<Infallible>>;
    type Free<D> = fn(&[u8], &mut [D]) -> Result<usize, TranscodeError<Infallible>>;

    /// Every kernel's and the free function's decoding of the case into
    /// the sizes it picks (the free function into the first).
    fn each<D: Copy + PartialEq + std::fmt::Debug>(
        case: &Case<u8>,
        name: &str,
        want: &Conversion<Infallible, D>,
        bound: usize,
        fill: D,
        free: Free<D>,
        per_kernel: Decoder<D>,
    ) {
        let placed = case.placed();
        let src = placed.get();
        for (i, cap) in case.sizes(want, bound).into_iter().enumerate() {
            if i == 0 {
                check_into(case, || name.to_string(), want, cap, fill, |d| free(src, d));
            }
            for k in crate::common::kernels() {
                let who = || format!("{k}: {name}");
                check_into(case, who, want, cap, fill, |d| per_kernel(k, src, d));
            }
        }
    }

    #[test]
    fn decode() {
        let t = table();
        for case in legacy_cases(level()) {
            let chars = case.input.iter().map(|&b| (t[usize::from(b)], 1)).collect();
            let dec = Decoded::<Infallible> { chars, err: None };
            let n = case.input.len();
            let want = Conversion::new(&dec, enc_utf8);
            let (free, per_kernel): (Free<u8>, Decoder<u8>) =
                (rapidutf::windows1252_to_utf8, Kernel::windows1252_to_utf8);
            each(&case, "windows1252_to_utf8", &want, 3 * n, 0xFF, free, per_kernel);
            for order in case.pick(&Order::ALL) {
                let want = Conversion::new(&dec, enc_utf16(order));
                let (free, per_kernel): (Free<u16>, Decoder<u16>) = match order {
                    Order::Native => (rapidutf::windows1252_to_utf16, Kernel::windows1252_to_utf16),
                    Order::Le => (rapidutf::windows1252_to_utf16le, Kernel::windows1252_to_utf16le),
                    Order::Be => (rapidutf::windows1252_to_utf16be, Kernel::windows1252_to_utf16be),
                };
                let name = format!("windows1252_to_utf16 ({order:?})");
                each(&case, &name, &want, n, 0xA5A5, free, per_kernel);
            }
            let want = Conversion::new(&dec, enc_utf32);
            let (free, per_kernel): (Free<u32>, Decoder<u32>) =
                (rapidutf::windows1252_to_utf32, Kernel::windows1252_to_utf32);
            each(&case, "windows1252_to_utf32", &want, n, 0xDEAD_BEEF, free, per_kernel);
        }
    }

    #[test]
    fn encode() {
        for case in utf8_cases(level()) {
            let placed = case.placed();
            if let Ok(s) = std::str::from_utf8(placed.get()) {
                // It checks every encoder against the table; its result
                // serves other tests.
                let _ = check_encode(s);
            }
        }
    }
}
