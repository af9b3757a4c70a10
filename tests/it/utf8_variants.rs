//! The UTF-8 derivatives (CESU-8, Modified UTF-8, WTF-8, surrogateescape /
//! OPTU-8, utf8mb3): fixtures from independent oracles (CPython's codecs,
//! the JDK's `writeUTF`; see tests/fixtures/generate.py), round trips
//! (proptest), differential tests against small reference decoders built
//! on `core::str::from_utf8`, and every error kind by hand.
use crate::common;

use proptest::prelude::*;
use rapidutf::utf8_variants::*;
use rapidutf::Utf8ErrorKind;
use std::borrow::Cow;

// ------------------------------------------------------------- fixtures

fn fixture(name: &str) -> Vec<(String, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let rows: Vec<(String, String)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (a, b) = l.split_once('\t').unwrap_or_else(|| panic!("{name}: bad line {l:?}"));
            (a.to_owned(), b.to_owned())
        })
        .collect();
    assert!(rows.len() > 50, "{name}: only {} cases", rows.len());
    rows
}

fn bytes(hex: &str) -> Vec<u8> {
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap()).collect()
}

fn units(hex: &str) -> Vec<u16> {
    hex.split_whitespace().map(|w| u16::from_str_radix(w, 16).unwrap()).collect()
}

#[test]
fn surrogateescape_matches_cpython() {
    for (input, expected) in fixture("surrogateescape.txt") {
        let (b, u) = (bytes(&input), units(&expected));
        assert_eq!(decode_surrogateescape(&b), u, "decode {input}");
        assert_eq!(encode_surrogateescape(&u).unwrap(), b, "encode {expected}");
    }
}

#[test]
fn surrogateescape_encode_matches_cpython() {
    let mut errors = 0;
    for (input, expected) in fixture("surrogateescape_encode.txt") {
        let u = units(&input);
        match expected.strip_prefix("error:") {
            Some(pos) => {
                errors += 1;
                let e = encode_surrogateescape(&u).unwrap_err();
                assert_eq!(e.valid_up_to(), pos.parse::<usize>().unwrap(), "{input}");
            }
            None => assert_eq!(encode_surrogateescape(&u).unwrap(), bytes(&expected), "{input}"),
        }
    }
    assert!(errors > 10, "too few error cases: {errors}");
}

#[test]
fn wtf8_matches_cpython_surrogatepass() {
    for (input, expected) in fixture("wtf8.txt") {
        let (u, b) = (units(&input), bytes(&expected));
        assert_eq!(utf16_to_wtf8_vec(&u), b, "{input}");
        assert_eq!(validate_wtf8(&b), Ok(()), "{expected}");
        assert_eq!(wtf8_to_utf16_vec(&b).unwrap(), u, "{expected}");
    }
}

#[test]
fn wtf8_validation_matches_cpython_surrogatepass() {
    let (mut ok, mut bad) = (0, 0);
    for (input, expected) in fixture("wtf8_validate.txt") {
        let b = bytes(&input);
        let got = validate_wtf8(&b).map_err(|e| e.valid_up_to());
        if expected == "ok" {
            ok += 1;
            assert_eq!(got, Ok(()), "{input}");
        } else {
            bad += 1;
            assert_eq!(got, Err(expected.parse().unwrap()), "{input}");
        }
    }
    assert!(ok > 30 && bad > 100, "{ok} valid, {bad} invalid cases");
}

#[test]
fn cesu8_matches_cpython_surrogatepass() {
    for (input, expected) in fixture("cesu8.txt") {
        let (u, b) = (units(&input), bytes(&expected));
        let s = String::from_utf16(&u).unwrap();
        assert_eq!(utf16_to_cesu8_vec(&u).unwrap(), b, "{input}");
        assert_eq!(&utf8_to_cesu8_vec(&s)[..], &b[..], "{input}");
        assert_eq!(validate_cesu8(&b), Ok(()), "{expected}");
        assert_eq!(cesu8_to_utf16_vec(&b).unwrap(), u, "{expected}");
        assert_eq!(cesu8_to_string(&b).unwrap(), s, "{expected}");
    }
}

#[test]
fn mutf8_matches_java_write_utf() {
    let mut lone = 0;
    for (input, expected) in fixture("mutf8.txt") {
        let (u, b) = (units(&input), bytes(&expected));
        assert!(!b.contains(&0), "Java never writes 00: {expected}");
        assert_eq!(utf16_to_mutf8_vec(&u), b, "{input}");
        assert_eq!(validate_mutf8(&b), Ok(()), "{expected}");
        assert_eq!(mutf8_to_utf16_vec(&b).unwrap(), u, "{expected}");
        assert_eq!(&mutf8_to_wtf8_vec(&b).unwrap()[..], &utf16_to_wtf8_vec(&u)[..], "{expected}");
        match String::from_utf16(&u) {
            Ok(s) => {
                assert_eq!(mutf8_to_string(&b).unwrap(), s, "{expected}");
                assert_eq!(&utf8_to_mutf8_vec(&s)[..], &b[..], "{input}");
            }
            Err(_) => {
                lone += 1;
                let e = mutf8_to_string(&b).unwrap_err();
                // The error is at the bytes of the first unpaired surrogate.
                let at = rapidutf::validate_utf16(&u).unwrap_err().valid_up_to();
                assert_eq!(e.valid_up_to(), utf16_to_mutf8_vec(&u[..at]).len(), "{expected}");
            }
        }
    }
    assert!(lone > 10, "too few cases with lone surrogates: {lone}");
}

// ------------------------------------------------------------- references

/// A reference generalized-UTF-8 decoder from `core::str::from_utf8`:
/// `Some((code point, width))` for a UTF-8 character or an encoded
/// surrogate `ED A0..BF 80..BF`, `None` otherwise.
fn ref_decode(b: &[u8], i: usize) -> Option<(u32, usize)> {
    if let [0xED, s @ 0xA0..=0xBF, t @ 0x80..=0xBF, ..] = b[i..] {
        return Some((0xD000 | u32::from(s & 0x3F) << 6 | u32::from(t & 0x3F), 3));
    }
    (1..=4).filter(|w| i + w <= b.len()).find_map(|w| {
        let s = std::str::from_utf8(&b[i..i + w]).ok()?;
        Some((s.chars().next()? as u32, w))
    })
}

fn is_high(c: u32) -> bool {
    (0xD800..0xDC00).contains(&c)
}
fn is_low(c: u32) -> bool {
    (0xDC00..0xE000).contains(&c)
}

/// Reference valid_up_to of the derivatives, straight from the
/// definitions: `Ok(())` or the index of the first invalid sequence.
fn ref_cesu8(b: &[u8]) -> Result<(), usize> {
    let mut i = 0;
    while i < b.len() {
        match ref_decode(b, i) {
            Some((c, 3)) if is_high(c) => match ref_decode(b, i + 3) {
                Some((d, 3)) if is_low(d) => i += 6,
                _ => return Err(i),
            },
            Some((c, w)) if w < 4 && !is_low(c) => i += w,
            _ => return Err(i),
        }
    }
    Ok(())
}

fn ref_mutf8(b: &[u8]) -> Result<(), usize> {
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(&[0xC0, 0x80]) {
            i += 2;
            continue;
        }
        match ref_decode(b, i) {
            Some((c, w)) if w < 4 && c != 0 => i += w,
            _ => return Err(i),
        }
    }
    Ok(())
}

fn ref_wtf8(b: &[u8]) -> Result<(), usize> {
    let mut i = 0;
    let mut prev_high = false;
    while i < b.len() {
        match ref_decode(b, i) {
            Some((c, _)) if prev_high && is_low(c) => return Err(i),
            Some((c, w)) => {
                prev_high = is_high(c);
                i += w;
            }
            None => return Err(i),
        }
    }
    Ok(())
}

fn ref_utf8mb3(b: &[u8]) -> Result<(), usize> {
    let valid = match std::str::from_utf8(b) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&b[..e.valid_up_to()]).unwrap(),
    };
    match valid.char_indices().find(|(_, c)| c.len_utf8() == 4) {
        Some((i, _)) => Err(i),
        None if valid.len() < b.len() => Err(valid.len()),
        None => Ok(()),
    }
}

/// Reference escaping decoder on std's maximal subparts: valid UTF-8 as
/// UTF-16, each byte of an invalid subpart as `base | byte`.
fn ref_escape(b: &[u8], base: u16) -> Vec<u16> {
    let mut expected = Vec::new();
    let mut rest = b;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                expected.extend(s.encode_utf16());
                return expected;
            }
            Err(e) => {
                let (valid, bad) = rest.split_at(e.valid_up_to());
                expected.extend(std::str::from_utf8(valid).unwrap().encode_utf16());
                let n = e.error_len().unwrap_or(bad.len());
                expected.extend(bad[..n].iter().map(|&x| base | u16::from(x)));
                rest = &bad[n..];
            }
        }
    }
}

/// Byte strings built from pieces that exercise every derivative's special
/// and broken sequences, sometimes padded with long ASCII/UTF-8 runs so
/// the dispatched SIMD validator handles the stretches.
fn pieces() -> impl Strategy<Value = Vec<u8>> {
    const PIECES: &[&[u8]] = &[
        b"a",
        b" ",
        b"\x00",
        b"\xC0\x80",
        b"\xC0",
        b"\xC0\x81",
        b"\xC1\xBF",
        b"\xC3\xA9",
        b"\xE2\x82\xAC",
        b"\xE0\x80\x80",
        b"\xE0\xA0",
        b"\xED",
        b"\xED\x9F\xBF",
        b"\xED\xA0\x80",
        b"\xED\xA0\xBD",
        b"\xED\xAF\xBF",
        b"\xED\xB0\x80",
        b"\xED\xB8\x80",
        b"\xED\xBF\xBF",
        b"\xED\xA0",
        b"\xED\xB0",
        b"\xF0\x9F\x98\x80",
        b"\xF0\x9F",
        b"\xF4\x8F\xBF\xBF",
        b"\xF4\x90\x80\x80",
        b"\xF5",
        b"\xFF",
        b"\x80",
        b"\xBF",
        b"\xEE\xBE\x80",
        b"\xEF\xBF\xBF",
        b"the quick brown fox jumps over the lazy dog ",
        "жёлтый 黄色い ".as_bytes(),
    ];
    prop::collection::vec(prop::sample::select(PIECES), 0..24).prop_map(|v| v.concat())
}

fn any_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![pieces(), prop::collection::vec(any::<u8>(), 0..48)]
}

fn utf16_units() -> impl Strategy<Value = Vec<u16>> {
    // Any u16s, with surrogates and NULs far more likely than uniform.
    let unit = prop_oneof![
        any::<u16>(),
        0xD800u16..0xE000,
        Just(0u16),
        0x20u16..0x7F,
        Just(0xDC80u16),
        0xEF80u16..0xF000
    ];
    prop::collection::vec(unit, 0..40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn validators_match_references(b in any_bytes()) {
        prop_assert_eq!(validate_cesu8(&b).map_err(|e| e.valid_up_to()), ref_cesu8(&b));
        prop_assert_eq!(validate_mutf8(&b).map_err(|e| e.valid_up_to()), ref_mutf8(&b));
        prop_assert_eq!(validate_wtf8(&b).map_err(|e| e.valid_up_to()), ref_wtf8(&b));
        prop_assert_eq!(validate_utf8mb3(&b).map(|_| ()).map_err(|e| e.valid_up_to()), ref_utf8mb3(&b));
    }

    #[test]
    fn decoders_agree_with_validators(b in any_bytes()) {
        // Every decoder accepts exactly what its validator accepts, and
        // reports the same error.
        let v = validate_cesu8(&b);
        prop_assert_eq!(cesu8_to_string(&b).map(|_| ()), v);
        prop_assert_eq!(cesu8_to_utf16_vec(&b).map(|_| ()), v);
        let v = validate_mutf8(&b);
        prop_assert_eq!(mutf8_to_utf16_vec(&b).map(|_| ()), v);
        prop_assert_eq!(mutf8_to_wtf8_vec(&b).map(|_| ()), v);
        let v = validate_wtf8(&b);
        prop_assert_eq!(wtf8_to_utf16_vec(&b).map(|_| ()), v);
        if let Ok(u) = wtf8_to_utf16_vec(&b) {
            prop_assert_eq!(utf16_to_wtf8_vec(&u), b.clone());
        }
        if let Ok(u) = mutf8_to_utf16_vec(&b) {
            prop_assert_eq!(utf16_to_mutf8_vec(&u), b.clone());
            prop_assert_eq!(&mutf8_to_wtf8_vec(&b).unwrap()[..], &utf16_to_wtf8_vec(&u)[..]);
            match String::from_utf16(&u) {
                Ok(s) => prop_assert_eq!(mutf8_to_string(&b).unwrap(), s),
                Err(_) => prop_assert!(mutf8_to_string(&b).is_err()),
            }
        }
        if let Ok(u) = cesu8_to_utf16_vec(&b) {
            prop_assert_eq!(utf16_to_cesu8_vec(&u).unwrap(), b.clone());
        }
    }

    #[test]
    fn surrogateescape_round_trips_every_byte_string(b in any_bytes()) {
        let u = decode_surrogateescape(&b);
        prop_assert_eq!(encode_surrogateescape(&u).unwrap(), b.clone());
        prop_assert_eq!(u, ref_escape(&b, 0xDC00));
    }

    #[test]
    fn optu8_round_trips_without_its_private_use_range(b in any_bytes()) {
        let u = decode_optu8(&b);
        prop_assert!(String::from_utf16(&u).is_ok());
        let has_pua = String::from_utf8_lossy(&b).chars().any(|c| ('\u{EF80}'..='\u{EFFF}').contains(&c));
        if !has_pua {
            prop_assert_eq!(encode_optu8(&u).unwrap(), b.clone());
        }
        prop_assert_eq!(u, ref_escape(&b, 0xEF00));
    }

    #[test]
    fn wtf8_round_trips_every_u16_sequence(u in utf16_units()) {
        let b = utf16_to_wtf8_vec(&u);
        prop_assert_eq!(validate_wtf8(&b), Ok(()));
        prop_assert_eq!(wtf8_to_utf16_vec(&b).unwrap(), u.clone());
        if let Ok(s) = String::from_utf16(&u) {
            prop_assert_eq!(b, s.into_bytes());
        }
    }

    #[test]
    fn wtf8_concat_is_utf16_concat(a in utf16_units(), b in utf16_units()) {
        let joined = wtf8_concat(&utf16_to_wtf8_vec(&a), &utf16_to_wtf8_vec(&b));
        prop_assert_eq!(joined, utf16_to_wtf8_vec(&[a, b].concat()));
    }

    #[test]
    fn mutf8_round_trips_every_u16_sequence(u in utf16_units()) {
        let b = utf16_to_mutf8_vec(&u);
        prop_assert!(!b.contains(&0));
        prop_assert_eq!(validate_mutf8(&b), Ok(()));
        prop_assert_eq!(mutf8_to_utf16_vec(&b).unwrap(), u);
    }

    #[test]
    fn cesu8_and_mutf8_round_trip_every_string(s in any::<String>(), t in "[a\0😀é]{0,8}") {
        for s in [s, t] {
            let u: Vec<u16> = s.encode_utf16().collect();
            let c = utf8_to_cesu8_vec(&s);
            prop_assert_eq!(&utf16_to_cesu8_vec(&u).unwrap()[..], &c[..]);
            prop_assert_eq!(validate_cesu8(&c), Ok(()));
            prop_assert_eq!(cesu8_to_string(&c).unwrap(), s.as_str());
            prop_assert_eq!(cesu8_to_utf16_vec(&c).unwrap(), u.clone());
            let m = utf8_to_mutf8_vec(&s);
            prop_assert_eq!(&utf16_to_mutf8_vec(&u)[..], &m[..]);
            prop_assert_eq!(validate_mutf8(&m), Ok(()));
            prop_assert_eq!(mutf8_to_string(&m).unwrap(), s.as_str());
            prop_assert_eq!(mutf8_to_utf16_vec(&m).unwrap(), u);
            // utf8mb3 accepts exactly the strings without supplementary characters.
            prop_assert_eq!(validate_utf8mb3(s.as_bytes()).is_ok(), s.chars().all(|c| c.len_utf8() < 4));
        }
    }
}

// ------------------------------------------------------------- corpus

#[test]
fn corpus_round_trips_through_every_derivative() {
    for (lang, text) in common::lipsum("utf8") {
        let s = std::str::from_utf8(&text).unwrap();
        let u: Vec<u16> = s.encode_utf16().collect();
        let c = utf8_to_cesu8_vec(s);
        assert_eq!(validate_cesu8(&c), Ok(()), "{lang}");
        assert_eq!(cesu8_to_string(&c).unwrap(), s, "{lang}");
        assert_eq!(cesu8_to_utf16_vec(&c).unwrap(), u, "{lang}");
        assert_eq!(&utf16_to_cesu8_vec(&u).unwrap()[..], &c[..], "{lang}");
        let m = utf8_to_mutf8_vec(s);
        assert_eq!(validate_mutf8(&m), Ok(()), "{lang}");
        assert_eq!(mutf8_to_string(&m).unwrap(), s, "{lang}");
        assert_eq!(mutf8_to_utf16_vec(&m).unwrap(), u, "{lang}");
        assert_eq!(utf16_to_mutf8_vec(&u), &m[..], "{lang}");
        assert_eq!(utf16_to_wtf8_vec(&u), text, "{lang}");
        assert_eq!(wtf8_to_utf16_vec(&text).unwrap(), u, "{lang}");
        assert_eq!(decode_surrogateescape(&text), u, "{lang}");
        let supplementary = s.char_indices().find(|(_, c)| c.len_utf8() == 4).map(|(i, _)| i);
        match supplementary {
            None => {
                assert!(matches!(c, Cow::Borrowed(_)), "{lang}");
                assert_eq!(validate_utf8mb3(&text), Ok(s), "{lang}");
            }
            Some(i) => {
                assert_eq!(validate_cesu8(&text).unwrap_err().valid_up_to(), i, "{lang}");
                assert_eq!(validate_utf8mb3(&text).unwrap_err().valid_up_to(), i, "{lang}");
            }
        }
    }
}

// ------------------------------------------------------------- errors

/// An input and its expected (valid_up_to, error_len, kind).
type Case<K> = (&'static [u8], (usize, Option<usize>, K));

fn err<K: Copy>(e: EncodingError<K>) -> (usize, Option<usize>, K) {
    (e.valid_up_to(), e.error_len(), e.kind())
}

#[test]
fn cesu8_error_kinds() {
    use Cesu8ErrorKind::*;
    let cases: &[Case<Cesu8ErrorKind>] = &[
        (b"ab\xF0\x9F\x98\x80", (2, Some(4), FourByteSequence)),
        (b"ab\xF0\x9F", (2, Some(2), FourByteSequence)),
        (b"a\xED\xA0\x80b", (1, Some(3), UnpairedHighSurrogate)),
        (b"a\xED\xA0\x80\xED\x9F\xBF", (1, Some(3), UnpairedHighSurrogate)),
        (b"a\xED\xA0\x80\xED\xA0\x80", (1, Some(3), UnpairedHighSurrogate)),
        (b"a\xED\xB0\x80", (1, Some(3), UnpairedLowSurrogate)),
        (b"a\xED\xA0\x80", (1, None, Utf8(Utf8ErrorKind::Truncated))),
        (b"a\xED\xA0\x80\xED\xB0", (1, None, Utf8(Utf8ErrorKind::Truncated))),
        (b"a\xED\xA0", (1, None, Utf8(Utf8ErrorKind::Truncated))),
        (b"a\xED\xA0A", (1, Some(2), Utf8(Utf8ErrorKind::MissingContinuation))),
        (b"a\xC0\x80", (1, Some(1), Utf8(Utf8ErrorKind::InvalidByte))),
        (b"a\xE0\x80\x80", (1, Some(1), Utf8(Utf8ErrorKind::Overlong))),
        (b"a\xF4\x90\x80\x80", (1, Some(1), Utf8(Utf8ErrorKind::TooLarge))),
        (b"a\x80", (1, Some(1), Utf8(Utf8ErrorKind::UnexpectedContinuation))),
    ];
    for (input, expected) in cases {
        assert_eq!(err(validate_cesu8(input).unwrap_err()), *expected, "{input:x?}");
        assert_eq!(err(cesu8_to_string(input).unwrap_err()), *expected, "{input:x?}");
    }
    assert_eq!(validate_cesu8(b"\x00"), Ok(()));
}

#[test]
fn mutf8_error_kinds() {
    use Mutf8ErrorKind::*;
    let cases: &[Case<Mutf8ErrorKind>] = &[
        (b"ab\x00", (2, Some(1), NulByte)),
        (b"ab\xF0\x9F\x98\x80", (2, Some(4), FourByteSequence)),
        (b"ab\xC0", (2, None, Utf8(Utf8ErrorKind::Truncated))),
        (b"ab\xC0\x81", (2, Some(1), Utf8(Utf8ErrorKind::Overlong))),
        (b"ab\xC0A", (2, Some(1), Utf8(Utf8ErrorKind::MissingContinuation))),
        (b"ab\xC1\x80", (2, Some(1), Utf8(Utf8ErrorKind::InvalidByte))),
        (b"ab\xE0\x80\x80", (2, Some(1), Utf8(Utf8ErrorKind::Overlong))),
    ];
    for (input, expected) in cases {
        assert_eq!(err(validate_mutf8(input).unwrap_err()), *expected, "{input:x?}");
    }
    // Lone surrogates are valid Modified UTF-8, but not convertible to UTF-8.
    assert_eq!(validate_mutf8(b"\xED\xA0\x80x\xED\xB0\x80"), Ok(()));
    assert_eq!(
        err(mutf8_to_string(b"x\xED\xA0\x80y").unwrap_err()),
        (1, Some(3), UnpairedHighSurrogate)
    );
    assert_eq!(
        err(mutf8_to_string(b"x\xED\xB0\x80").unwrap_err()),
        (1, Some(3), UnpairedLowSurrogate)
    );
    assert_eq!(
        err(mutf8_to_string(b"x\xED\xA0\x80").unwrap_err()),
        (1, None, Utf8(Utf8ErrorKind::Truncated))
    );
}

#[test]
fn wtf8_error_kinds_and_concat() {
    use Wtf8ErrorKind::*;
    assert_eq!(
        err(validate_wtf8(b"a\xED\xA0\x80\xED\xB0\x80").unwrap_err()),
        (4, Some(3), SurrogatePair)
    );
    assert_eq!(
        err(validate_wtf8(b"a\xED\xA0").unwrap_err()),
        (1, None, Utf8(Utf8ErrorKind::Truncated))
    );
    assert_eq!(
        err(validate_wtf8(b"a\xC0\x80").unwrap_err()),
        (1, Some(1), Utf8(Utf8ErrorKind::InvalidByte))
    );
    assert_eq!(validate_wtf8(b"\xED\xB0\x80\xED\xA0\x80"), Ok(())); // low then high: no pair
    assert_eq!(wtf8_concat(b"", b"\xED\xB0\x80"), b"\xED\xB0\x80");
    assert_eq!(wtf8_concat(b"\xED\xA0\x80", b""), b"\xED\xA0\x80");
    assert_eq!(wtf8_concat(b"x\xED\xAF\xBF", b"\xED\xBF\xBFy"), "x\u{10FFFF}y".as_bytes());
}

#[test]
fn utf8mb3_error_kinds() {
    use Utf8mb3ErrorKind::*;
    assert_eq!(
        err(validate_utf8mb3(b"ab\xF0\x9F\x98").unwrap_err()),
        (2, Some(3), SupplementaryCharacter)
    );
    assert_eq!(
        err(validate_utf8mb3(b"ab\xF4\x90\x80\x80").unwrap_err()),
        (2, Some(1), Utf8(Utf8ErrorKind::TooLarge))
    );
    assert_eq!(
        err(validate_utf8mb3(b"ab\xED\xA0\x80").unwrap_err()),
        (2, Some(1), Utf8(Utf8ErrorKind::Surrogate))
    );
    // The first problem wins, whichever its kind.
    assert_eq!(
        err(validate_utf8mb3(b"\xF0\x9F\x98\x80\xFF").unwrap_err()),
        (0, Some(4), SupplementaryCharacter)
    );
    assert_eq!(err(validate_utf8mb3(b"\xFF\xF0\x9F\x98\x80").unwrap_err()).0, 0);
}

#[test]
fn surrogateescape_encode_errors() {
    use rapidutf::Utf16ErrorKind;
    let e = encode_surrogateescape(&[0x61, 0xD800, 0x62]).unwrap_err();
    assert_eq!((e.valid_up_to(), e.kind()), (1, Utf16ErrorKind::UnpairedHigh));
    let e = encode_surrogateescape(&[0x61, 0xDD00]).unwrap_err();
    assert_eq!((e.valid_up_to(), e.kind()), (1, Utf16ErrorKind::UnpairedLow));
    // A valid pair whose low half is in DC80..DCFF is a character, not an escape.
    assert_eq!(encode_surrogateescape(&[0xD800, 0xDC80]).unwrap(), "\u{10080}".as_bytes());
    let e = encode_optu8(&[0x61, 0xD800, 0xEF80]).unwrap_err();
    assert_eq!((e.valid_up_to(), e.kind()), (1, Utf16ErrorKind::UnpairedHigh));
    // OPTU-8 is not injective on its private use range (documented).
    assert_eq!(decode_optu8("\u{EF80}".as_bytes()), decode_optu8(b"\x80"));
}

#[test]
fn long_inputs_use_the_bulk_paths() {
    // Special sequences right at and around 32/64-byte block edges.
    for pad in [0, 1, 30, 31, 32, 33, 62, 63, 64, 65, 200] {
        let pre = "x".repeat(pad);
        let s = format!("{pre}😀{pre}\0{pre}é");
        let c = utf8_to_cesu8_vec(&s);
        assert_eq!(cesu8_to_string(&c).unwrap(), s);
        let m = utf8_to_mutf8_vec(&s);
        assert_eq!(mutf8_to_string(&m).unwrap(), s);
        assert_eq!(
            err(validate_mutf8(s.as_bytes()).unwrap_err()),
            (pad, Some(4), Mutf8ErrorKind::FourByteSequence)
        );
        let mut bad = m.to_vec();
        bad.insert(bad.len() - 2, 0xFF);
        assert_eq!(validate_mutf8(&bad).unwrap_err().valid_up_to(), bad.len() - 3);
    }
}

// ------------------------------------------------------------- kernels

/// These functions use the dispatched (active) kernel. So that every
/// kernel this CPU can run is covered, re-run this test binary once per
/// other available kernel, chosen with `RAPIDUTF_KERNEL` in a child.
#[cfg(feature = "std")]
#[test]
fn under_every_available_kernel() {
    common::rerun_under_every_kernel(
        "utf8_variants::",
        "utf8_variants::under_every_available_kernel",
    );
}

/// In a child of [`under_every_available_kernel`]: the kernel asked for
/// is the one running.
#[cfg(feature = "std")]
#[test]
fn requested_kernel_is_active() {
    let Ok(name) = std::env::var("RAPIDUTF_KERNEL") else { return };
    let k: rapidutf::Kernel = name.parse().unwrap();
    if k.is_available() {
        assert_eq!(rapidutf::Kernel::active(), k);
    }
}
