//! The drop-ins (`from_utf8`, `from_utf8_mut`, `string_from_utf8`), the
//! many-strings validators, the UTF-16 helpers, the naming-grid additions
//! and the UTF-8 → UTF-8/UTF-32 and UTF-32 → UTF-8 streams, each against
//! std: `core::str::from_utf8` per string, `String::from_utf8_lossy`,
//! `String::from_utf16_lossy`, `char::decode_utf16`, `char::from_u32`.
//! The many-strings validators are also run with every available kernel.

use proptest::prelude::*;
use rapidutf::stream::{CoderResult, StreamError, Utf32Decoder, Utf8Decoder};
use rapidutf::{Kernel, ManyStringsErrorKind, Utf32ErrorKind, Utf8Error};
use std::ops::Range;

const TEXT: &str = "Grüße, Jürgen! Привет, мир. 你好，世界。こんにちは 😀🎉 \
                    مرحبا بالعالم שלום עולם 𝄞 नमस्ते a\u{10FFFF}z\u{FFFD}\u{7FF}\u{800}.";

/// Invalid sequences of every kind (and two subparts in a row).
const BAD: &[&[u8]] = &[
    b"\xC0",
    b"\xFF",
    b"\x80",
    b"\xE0\x80\x80",
    b"\xF0\x8F\xBF\xBF",
    b"\xED\xA0\x80",
    b"\xF4\x90\x80\x80",
    b"\xE2\x82A",
    b"\xF0\x9F\x98A",
    b"\xE1\xA0\xC0",
];

/// The text, empty input, the text with each bad sequence at a few
/// character boundaries, and the text with a truncated character at the
/// end.
fn utf8_cases() -> Vec<Vec<u8>> {
    let text = TEXT.as_bytes();
    let mut cases = vec![text.to_vec(), Vec::new(), text.repeat(3)];
    for b in BAD {
        for at in [0, 7, 40, 90, text.len()] {
            let at = (at..=text.len()).find(|&i| TEXT.is_char_boundary(i)).unwrap();
            cases.push([&text[..at], b, &text[at..]].concat());
        }
    }
    for tail in [&b"\xF0\x9F\x98"[..], b"\xE2\x82", b"\xC3", b"\xF0"] {
        cases.push([text, tail].concat());
    }
    cases.push(b"\xE1\xA0".to_vec());
    cases.push(b"\x80\x80\x80\xBF\xC2".repeat(20));
    cases
}

/// Bytes that are mostly UTF-8 (ASCII, multi-byte characters, long runs
/// to reach the SIMD kernels) with invalid bytes mixed in.
fn mostly_utf8() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => "[a-z ]{1,80}".prop_map(String::into_bytes),
        3 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
        1 => proptest::sample::select(BAD).prop_map(<[u8]>::to_vec),
        1 => any::<u8>().prop_map(|b| vec![b]),
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

fn same_error(ours: &Utf8Error, core: &std::str::Utf8Error) -> bool {
    ours.valid_up_to() == core.valid_up_to() && ours.error_len() == core.error_len()
}

// ---------------------------------------------------------------- drop-ins

fn check_dropins(bytes: &[u8]) {
    let core = std::str::from_utf8(bytes);
    match (rapidutf::from_utf8(bytes), &core) {
        (Ok(s), Ok(c)) => assert_eq!(s, *c),
        (Err(e), Err(c)) => assert!(same_error(&e, c), "{e:?} vs {c:?}"),
        (r, c) => panic!("from_utf8 {r:?}, core {c:?}"),
    }

    let mut copy = bytes.to_vec();
    match (rapidutf::from_utf8_mut(&mut copy), &core) {
        (Ok(s), Ok(c)) => {
            assert_eq!(s, *c);
            s.make_ascii_uppercase();
            assert_eq!(copy, c.to_ascii_uppercase().as_bytes());
        }
        (Err(e), Err(c)) => assert!(same_error(&e, c)),
        (r, c) => panic!("from_utf8_mut {r:?}, core {c:?}"),
    }

    let v = bytes.to_vec();
    let ptr = v.as_ptr();
    match (rapidutf::string_from_utf8(v), String::from_utf8(bytes.to_vec())) {
        (Ok(s), Ok(c)) => {
            assert_eq!(s, c);
            assert_eq!(s.as_ptr(), ptr, "string_from_utf8 copied");
        }
        (Err(e), Err(c)) => {
            assert!(same_error(&e.utf8_error(), &c.utf8_error()));
            assert_eq!(e.as_bytes(), c.as_bytes());
            // Our Display is std's, with the reason appended.
            assert!(e.to_string().starts_with(&c.to_string()), "{e} vs {c}");
            let back = e.into_bytes();
            assert_eq!(back.as_ptr(), ptr, "into_bytes copied");
            assert_eq!(back, bytes);
        }
        (r, c) => panic!("string_from_utf8 {r:?}, std {c:?}"),
    }
}

#[test]
fn dropins_on_cases() {
    for case in utf8_cases() {
        check_dropins(&case);
    }
}

#[test]
fn from_utf8_error_is_std_error() {
    fn source_free(e: &dyn std::error::Error) -> bool {
        e.source().is_none()
    }
    let e = rapidutf::string_from_utf8(vec![0xFF]).unwrap_err();
    assert!(source_free(&e));
    assert_eq!(e.clone(), e);
}

// ------------------------------------------------------------ many strings

/// What a many-strings validation must return: the first string that is
/// out of bounds, reversed or invalid (by `core::str::from_utf8`).
fn many_oracle(buf: &[u8], strings: &[(usize, usize)]) -> Result<(), (usize, String)> {
    for (i, &(s, e)) in strings.iter().enumerate() {
        if s > buf.len() || e > buf.len() {
            return Err((i, "oob".into()));
        }
        if s > e {
            return Err((i, "rev".into()));
        }
        if let Err(err) = std::str::from_utf8(&buf[s..e]) {
            return Err((i, format!("{:?}/{:?}", err.valid_up_to(), err.error_len())));
        }
    }
    Ok(())
}

fn many_result(r: Result<(), rapidutf::ManyStringsError>) -> Result<(), (usize, String)> {
    r.map_err(|e| {
        let kind = match e.kind() {
            ManyStringsErrorKind::OutOfBounds => "oob".into(),
            ManyStringsErrorKind::Reversed => "rev".into(),
            ManyStringsErrorKind::Invalid(u) => {
                assert_eq!(e.utf8_error(), Some(u));
                format!("{:?}/{:?}", u.valid_up_to(), u.error_len())
            }
            k => panic!("unknown kind {k:?}"),
        };
        (e.index(), kind)
    })
}

/// Checks every offset type and the ranges form against the oracle.
fn check_offsets(buf: &[u8], offsets: &[usize]) {
    let strings: Vec<(usize, usize)> = offsets.windows(2).map(|w| (w[0], w[1])).collect();
    let want = many_oracle(buf, &strings);
    let u32s: Vec<u32> = offsets.iter().map(|&o| o as u32).collect();
    let u64s: Vec<u64> = offsets.iter().map(|&o| o as u64).collect();
    let i32s: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
    let i64s: Vec<i64> = offsets.iter().map(|&o| o as i64).collect();
    assert_eq!(many_result(rapidutf::validate_utf8_offsets(buf, &u32s)), want, "u32 {offsets:?}");
    assert_eq!(many_result(rapidutf::validate_utf8_offsets(buf, &u64s)), want, "u64");
    assert_eq!(many_result(rapidutf::validate_utf8_offsets(buf, &i32s)), want, "i32");
    assert_eq!(many_result(rapidutf::validate_utf8_offsets(buf, &i64s)), want, "i64");
    assert_eq!(many_result(rapidutf::validate_utf8_offsets(buf, offsets)), want, "usize");
    for k in Kernel::available() {
        let got = many_result(k.validate_utf8_offsets(buf, &u32s));
        assert_eq!(got, want, "{} {offsets:?}", k.name());
    }
    check_ranges(buf, &strings);
}

fn check_ranges(buf: &[u8], strings: &[(usize, usize)]) {
    let ranges: Vec<Range<usize>> = strings.iter().map(|&(s, e)| s..e).collect();
    let want = many_oracle(buf, strings);
    assert_eq!(many_result(rapidutf::validate_utf8_ranges(buf, &ranges)), want, "{ranges:?}");
    for k in Kernel::available() {
        let got = many_result(k.validate_utf8_ranges(buf, &ranges));
        assert_eq!(got, want, "{} {ranges:?}", k.name());
    }
}

/// A buffer of strings and their Arrow offsets.
fn arrow(strings: &[&[u8]]) -> (Vec<u8>, Vec<usize>) {
    let mut offsets = vec![0];
    for s in strings {
        offsets.push(offsets.last().unwrap() + s.len());
    }
    (strings.concat(), offsets)
}

#[test]
fn many_strings_edges() {
    let buf = "añ😀b".as_bytes();
    check_offsets(buf, &[]);
    check_offsets(buf, &[3]);
    check_offsets(b"", &[0, 0]);
    check_offsets(buf, &[0, buf.len()]);
    check_offsets(buf, &[1, 3, 3, 7]); // not starting at 0 nor ending at len
    for cut in 0..=buf.len() {
        check_offsets(buf, &[0, cut, buf.len()]); // every split, mid-character included
    }
    check_offsets(buf, &[0, 4, 2, 8]); // decreasing
    check_offsets(buf, &[0, 4, 9]); // past the end
    check_offsets(buf, &[0, 9, 4]);
    check_offsets(buf, &[5, 1]);
    check_ranges(buf, &[]);
    check_ranges(buf, &[(1, 1)]); // empty at a continuation byte: valid
    check_ranges(b"ab\xFFcd", &[(3, 5), (0, 2)]); // gap with garbage, any order
    check_ranges(b"ab\xFFcd", &[(3, 5), (0, 3)]);
    check_ranges(buf, &[(0, 7), (3, 7), (1, 3)]); // overlapping
    check_ranges(buf, &[(4, 3)]);
    check_ranges(buf, &[(0, 3), (6, 9)]);
    // Negative i32/i64 offsets are out of bounds.
    let e = rapidutf::validate_utf8_offsets(buf, &[0i32, -1]).unwrap_err();
    assert_eq!((e.index(), e.kind()), (0, ManyStringsErrorKind::OutOfBounds));
    let e = rapidutf::validate_utf8_offsets(buf, &[-3i64, 2]).unwrap_err();
    assert_eq!((e.index(), e.kind()), (0, ManyStringsErrorKind::OutOfBounds));
    assert_eq!(e.to_string(), "string 0: range extends past the end of the buffer");
}

#[test]
fn many_strings_mid_character_in_later_groups() {
    // 1000 strings "é" (C3 A9) and "a", each offset in turn moved into
    // an "é": the strings on both sides become invalid.
    let strings: Vec<&[u8]> =
        (0..1000).map(|i| if i % 3 == 0 { "é".as_bytes() } else { b"a" }).collect();
    let (buf, offsets) = arrow(&strings);
    check_offsets(&buf, &offsets);
    for k in (1..offsets.len() - 1).filter(|&k| strings[k] == "é".as_bytes()).step_by(4) {
        let mut moved = offsets.clone();
        moved[k] += 1;
        check_offsets(&buf, &moved);
        let mut cut = buf.clone();
        cut[offsets[k] + 1] = b'a'; // "é" loses its continuation byte
        check_offsets(&cut, &offsets);
    }
}

#[test]
fn many_strings_long() {
    // Strings long enough for the kernels, each kind of error in one string.
    let text = TEXT.repeat(2);
    let text = text.as_bytes();
    for bad in BAD {
        for at in 0..6 {
            let mut strings: Vec<Vec<u8>> = (0..6).map(|i| text[..20 + 40 * i].to_vec()).collect();
            for s in &mut strings {
                let n = (1..=s.len()).rev().find(|&n| std::str::from_utf8(&s[..n]).is_ok());
                s.truncate(n.unwrap_or(0));
            }
            strings[at].splice(3..3, bad.iter().copied());
            let refs: Vec<&[u8]> = strings.iter().map(Vec::as_slice).collect();
            let (buf, offsets) = arrow(&refs);
            check_offsets(&buf, &offsets);
        }
    }
}

fn strings_strategy() -> impl Strategy<Value = Vec<Vec<u8>>> {
    let string = prop_oneof![
        6 => proptest::collection::vec(any::<char>(), 0..12)
            .prop_map(|cs| cs.into_iter().collect::<String>().into_bytes()),
        2 => "[a-z]{0,100}".prop_map(String::into_bytes),
        1 => mostly_utf8(),
    ];
    proptest::collection::vec(string, 0..30)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn dropins_match_std(bytes in mostly_utf8()) {
        check_dropins(&bytes);
    }

    #[test]
    fn many_strings_match_core(
        strings in strings_strategy(),
        corrupt in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..3),
        shifts in proptest::collection::vec((any::<prop::sample::Index>(), -3i64..=3), 0..3),
    ) {
        let refs: Vec<&[u8]> = strings.iter().map(Vec::as_slice).collect();
        let (mut buf, mut offsets) = arrow(&refs);
        // Random bytes at random places.
        if !buf.is_empty() {
            for (at, b) in &corrupt {
                let i = at.index(buf.len());
                buf[i] = *b;
            }
        }
        // Offsets moved into characters, backwards or past the end.
        if !offsets.is_empty() {
            for (at, by) in &shifts {
                let i = at.index(offsets.len());
                offsets[i] = (offsets[i] as i64 + by).max(0) as usize;
            }
        }
        check_offsets(&buf, &offsets);
    }

    #[test]
    fn many_strings_across_groups(
        // Hundreds of short strings, so that the offsets span many groups,
        // some all-ASCII and some not.
        strings in proptest::collection::vec(prop_oneof![
            8 => "[a-z]{0,12}".prop_map(String::into_bytes),
            1 => proptest::collection::vec(any::<char>(), 0..4)
                .prop_map(|cs| cs.into_iter().collect::<String>().into_bytes()),
        ], 200..1500),
        corrupt in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..2),
        shifts in proptest::collection::vec((any::<prop::sample::Index>(), -3i64..=3), 0..2),
    ) {
        let refs: Vec<&[u8]> = strings.iter().map(Vec::as_slice).collect();
        let (mut buf, mut offsets) = arrow(&refs);
        if !buf.is_empty() {
            for (at, b) in &corrupt {
                let i = at.index(buf.len());
                buf[i] = *b;
            }
        }
        for (at, by) in &shifts {
            let i = at.index(offsets.len());
            offsets[i] = (offsets[i] as i64 + by).max(0) as usize;
        }
        check_offsets(&buf, &offsets);
    }

    #[test]
    fn many_ranges_match_core(
        strings in strings_strategy(),
        picks in proptest::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 0..20),
    ) {
        let refs: Vec<&[u8]> = strings.iter().map(Vec::as_slice).collect();
        let (buf, _) = arrow(&refs);
        let n = buf.len() + 2; // ends up to 1 past the buffer
        let ranges: Vec<(usize, usize)> = picks
            .iter()
            .map(|(a, b)| {
                let (a, b) = (a.index(n), b.index(n));
                // Mostly well-ordered, sometimes reversed.
                if a % 7 == 0 { (b, a) } else { (a.min(b), a.max(b)) }
            })
            .collect();
        check_ranges(&buf, &ranges);
        // In order with gaps (cut points paired up), and back to back.
        let mut cuts: Vec<usize> = picks.iter().map(|(a, _)| a.index(n)).collect();
        cuts.sort_unstable();
        let gapped: Vec<(usize, usize)> = cuts.chunks_exact(2).map(|c| (c[0], c[1])).collect();
        check_ranges(&buf, &gapped);
        let back_to_back: Vec<(usize, usize)> = cuts.windows(2).map(|c| (c[0], c[1])).collect();
        check_ranges(&buf, &back_to_back);
    }
}

// ------------------------------------------------------------ UTF-16 tools

fn lossy16(src: &[u16]) -> (Vec<u16>, usize) {
    let fixed: Vec<u16> = String::from_utf16_lossy(src).encode_utf16().collect();
    let lone = char::decode_utf16(src.iter().copied()).filter(Result::is_err).count();
    (fixed, lone)
}

fn check_utf16_tools(src: &[u16]) {
    let (want, lone) = lossy16(src);
    assert_eq!(want.len(), src.len());

    let mut buf = src.to_vec();
    assert_eq!(rapidutf::make_utf16_well_formed(&mut buf), lone);
    assert_eq!(buf, want);
    let mut dst = vec![0u16; src.len() + 3];
    assert_eq!(rapidutf::to_well_formed_utf16(src, &mut dst), lone);
    assert_eq!(&dst[..src.len()], want);
    assert!(dst[src.len()..].iter().all(|&u| u == 0));

    let le: Vec<u16> = src.iter().map(|u| u.to_le()).collect();
    let be: Vec<u16> = src.iter().map(|u| u.to_be()).collect();
    let want_le: Vec<u16> = want.iter().map(|u| u.to_le()).collect();
    let want_be: Vec<u16> = want.iter().map(|u| u.to_be()).collect();
    let mut b = le.clone();
    assert_eq!(rapidutf::make_utf16le_well_formed(&mut b), lone);
    assert_eq!(b, want_le);
    let mut b = be.clone();
    assert_eq!(rapidutf::make_utf16be_well_formed(&mut b), lone);
    assert_eq!(b, want_be);
    let mut d = vec![0u16; src.len()];
    assert_eq!(rapidutf::to_well_formed_utf16le(&le, &mut d), lone);
    assert_eq!(d, want_le);
    assert_eq!(rapidutf::to_well_formed_utf16be(&be, &mut d), lone);
    assert_eq!(d, want_be);

    let len = String::from_utf16_lossy(src).len();
    assert_eq!(rapidutf::utf8_len_from_utf16_lossy(src), len);
    assert_eq!(rapidutf::utf8_len_from_utf16le_lossy(&le), len);
    assert_eq!(rapidutf::utf8_len_from_utf16be_lossy(&be), len);

    let swapped: Vec<u16> = src.iter().map(|u| u.swap_bytes()).collect();
    let mut d = vec![0u16; src.len()];
    rapidutf::swap_utf16_bytes(src, &mut d);
    assert_eq!(d, swapped);
    let mut b = src.to_vec();
    rapidutf::swap_utf16_bytes_in_place(&mut b);
    assert_eq!(b, swapped);
    rapidutf::swap_utf16_bytes(&le, &mut d);
    assert_eq!(d, be);
}

#[test]
fn utf16_tools_cases() {
    let text: Vec<u16> = TEXT.encode_utf16().collect();
    check_utf16_tools(&[]);
    check_utf16_tools(&text);
    for lone in [0xD800, 0xDBFF, 0xDC00, 0xDFFF] {
        for at in [0, 1, 31, 32, 33, 63, 64, text.len()] {
            let mut v = text.clone();
            v.insert(at.min(v.len()), lone);
            check_utf16_tools(&v);
        }
    }
    check_utf16_tools(&[0xD800; 100]);
    check_utf16_tools(&[0xDC00, 0xD800].repeat(50));
    check_utf16_tools(&[0xD83D, 0xD83D, 0xDE00, 0xDE00]);
}

#[test]
#[should_panic(expected = "dst too short")]
fn swap_panics_on_short_dst() {
    rapidutf::swap_utf16_bytes(&[1, 2, 3], &mut [0; 2]);
}

#[test]
#[should_panic(expected = "dst too short")]
fn to_well_formed_panics_on_short_dst() {
    rapidutf::to_well_formed_utf16(&[1, 2, 3], &mut [0; 2]);
}

fn utf16_strategy() -> impl Strategy<Value = Vec<u16>> {
    let unit = prop_oneof![
        6 => 0x20u16..0x7F,
        2 => 0x80u16..0xD800,
        2 => 0xD800u16..0xE000,
        1 => 0xE000u16..=0xFFFF,
    ];
    proptest::collection::vec(unit, 0..300)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn utf16_tools_match_std(src in utf16_strategy()) {
        check_utf16_tools(&src);
    }
}

// -------------------------------------------------------------- the grid

#[test]
fn grid_additions_match_std() {
    let mut inputs: Vec<String> = vec![String::new(), TEXT.to_string(), TEXT.repeat(5)];
    inputs.push("x".repeat(200) + "😀");
    for s in &inputs {
        let b = s.as_bytes();
        let u16s: Vec<u16> = s.encode_utf16().collect();
        let u32s: Vec<u32> = s.chars().map(u32::from).collect();
        let le: Vec<u16> = u16s.iter().map(|u| u.to_le()).collect();
        let be: Vec<u16> = u16s.iter().map(|u| u.to_be()).collect();
        assert_eq!(rapidutf::utf32_len_from_utf8(b), s.chars().count());
        assert_eq!(rapidutf::utf8_to_utf16le_vec(b).unwrap(), le);
        assert_eq!(rapidutf::utf8_to_utf16be_vec(b).unwrap(), be);
        assert_eq!(rapidutf::utf16_to_utf32_vec(&u16s).unwrap(), u32s);
        assert_eq!(rapidutf::utf16le_to_utf32_vec(&le).unwrap(), u32s);
        assert_eq!(rapidutf::utf16be_to_utf32_vec(&be).unwrap(), u32s);
        assert_eq!(rapidutf::utf32_to_utf16_vec(&u32s).unwrap(), u16s);
        assert_eq!(rapidutf::utf32_to_utf16le_vec(&u32s).unwrap(), le);
        assert_eq!(rapidutf::utf32_to_utf16be_vec(&u32s).unwrap(), be);
    }
    for case in utf8_cases() {
        assert_eq!(rapidutf::utf32_len_from_utf8(&case), rapidutf::count_chars(&case));
        if let Err(c) = std::str::from_utf8(&case) {
            let e = rapidutf::utf8_to_utf16le_vec(&case).unwrap_err();
            assert!(same_error(&e, &c));
            let e = rapidutf::utf8_to_utf16be_vec(&case).unwrap_err();
            assert!(same_error(&e, &c));
        }
    }
    let bad16 = [0x61u16, 0xD800, 0x62];
    assert_eq!(rapidutf::utf16_to_utf32_vec(&bad16).unwrap_err().valid_up_to(), 1);
    let le: Vec<u16> = bad16.iter().map(|u| u.to_le()).collect();
    assert_eq!(rapidutf::utf16le_to_utf32_vec(&le).unwrap_err().valid_up_to(), 1);
    let be: Vec<u16> = bad16.iter().map(|u| u.to_be()).collect();
    assert_eq!(rapidutf::utf16be_to_utf32_vec(&be).unwrap_err().valid_up_to(), 1);
    for bad in [0xD800u32, 0x110000] {
        let v = [0x61, 0x62, bad];
        assert_eq!(rapidutf::utf32_to_utf16_vec(&v).unwrap_err().valid_up_to(), 2);
        assert_eq!(rapidutf::utf32_to_utf16le_vec(&v).unwrap_err().valid_up_to(), 2);
        assert_eq!(rapidutf::utf32_to_utf16be_vec(&v).unwrap_err().valid_up_to(), 2);
    }
}

// -------------------------------------------------------------- streaming

type Step<'a, T, U, E> =
    dyn FnMut(&[T], &mut [U], bool) -> Result<(CoderResult, usize, usize), StreamError<E>> + 'a;

/// Feeds `chunks` (the last with `last = true`) through `step` with an
/// output buffer of `cap` units, draining it after every call; returns the
/// output and the first error. Checks the protocol on the way: a call
/// that returns `InputEmpty` read its whole chunk, and every call made
/// progress or reported a full buffer.
fn drive<T, U: Copy + Default, E: Copy>(
    chunks: &[&[T]],
    cap: usize,
    step: &mut Step<'_, T, U, E>,
) -> (Vec<U>, Option<StreamError<E>>) {
    let mut out = Vec::new();
    let mut buf = vec![U::default(); cap];
    for (k, chunk) in chunks.iter().enumerate() {
        let last = k + 1 == chunks.len();
        let mut rest: &[T] = chunk;
        loop {
            match step(rest, &mut buf, last) {
                Ok((result, read, written)) => {
                    out.extend_from_slice(&buf[..written]);
                    rest = &rest[read..];
                    match result {
                        CoderResult::InputEmpty => {
                            assert!(rest.is_empty(), "InputEmpty with input left");
                            break;
                        }
                        CoderResult::OutputFull => {
                            assert!(read > 0 || written > 0, "no progress with cap {cap}")
                        }
                    }
                }
                Err(e) => {
                    out.extend_from_slice(&buf[..e.written()]);
                    return (out, Some(e));
                }
            }
        }
    }
    (out, None)
}

/// `input` cut at the given points (sorted, deduplicated).
fn chunked<T>(input: &[T], mut cuts: Vec<usize>) -> Vec<&[T]> {
    cuts.retain(|&c| c <= input.len());
    cuts.sort_unstable();
    cuts.dedup();
    let mut chunks = Vec::new();
    let mut at = 0;
    for c in cuts {
        chunks.push(&input[at..c]);
        at = c;
    }
    chunks.push(&input[at..]);
    chunks
}

/// Checks the four UTF-8-input conversions for one chunking against the
/// whole-buffer std results.
fn check_utf8_stream(input: &[u8], chunks: &[&[u8]], cap8: usize, cap32: usize) {
    let lossy = String::from_utf8_lossy(input);
    let strict = std::str::from_utf8(input);
    let valid = match &strict {
        Ok(s) => *s,
        Err(e) => std::str::from_utf8(&input[..e.valid_up_to()]).unwrap(),
    };
    let check_err = |e: Option<StreamError<Utf8Error>>| match (&strict, e) {
        (Ok(_), None) => {}
        (Err(c), Some(e)) => {
            assert!(same_error(&e.error(), c), "{:?} vs {c:?}", e.error());
            assert_eq!(e.error(), rapidutf::validate_utf8(input).unwrap_err());
        }
        (c, e) => panic!("stream error {e:?}, std {c:?}"),
    };

    let mut d = Utf8Decoder::new();
    let (out, err) =
        drive::<_, _, Utf8Error>(chunks, cap8, &mut |s, o, l| Ok(d.decode_to_utf8_lossy(s, o, l)));
    assert!(err.is_none());
    assert_eq!(out, lossy.as_bytes(), "lossy utf-8, cap {cap8}, chunks {chunks:?}");

    let mut d = Utf8Decoder::new();
    let (out, err) = drive(chunks, cap8, &mut |s, o, l| d.decode_to_utf8(s, o, l));
    assert_eq!(out, valid.as_bytes(), "strict utf-8, chunks {chunks:?}");
    check_err(err);

    let mut d = Utf8Decoder::new();
    let (out, err) =
        drive::<_, _, Utf8Error>(
            chunks,
            cap32,
            &mut |s, o, l| Ok(d.decode_to_utf32_lossy(s, o, l)),
        );
    assert!(err.is_none());
    assert_eq!(out, lossy.chars().map(u32::from).collect::<Vec<_>>(), "lossy utf-32");

    let mut d = Utf8Decoder::new();
    let (out, err) = drive(chunks, cap32, &mut |s, o, l| d.decode_to_utf32(s, o, l));
    assert_eq!(out, valid.chars().map(u32::from).collect::<Vec<_>>(), "strict utf-32");
    check_err(err);
}

#[test]
fn utf8_streams_every_split_point() {
    for input in utf8_cases() {
        for cut in 0..=input.len() {
            let chunks = chunked(&input, vec![cut]);
            check_utf8_stream(&input, &chunks, 4 * input.len() + 8, input.len() + 1);
            // Small buffers too: every call still makes progress.
            check_utf8_stream(&input, &chunks, 4, 1);
        }
    }
}

#[test]
fn utf8_stream_buffer_bounds() {
    // `max_utf8_len` / `max_utf32_len` are enough to consume a chunk.
    for input in utf8_cases() {
        for cut in 0..=input.len() {
            let (a, b) = input.split_at(cut);
            for lossy in [false, true] {
                let mut d = Utf8Decoder::new();
                let mut out = Vec::new();
                for (chunk, last) in [(a, false), (b, true)] {
                    let mut buf = vec![0u8; d.max_utf8_len(chunk.len())];
                    let r = if lossy {
                        Ok(d.decode_to_utf8_lossy(chunk, &mut buf, last))
                    } else {
                        d.decode_to_utf8(chunk, &mut buf, last)
                    };
                    let Ok((res, read, n)) = r else { break };
                    assert_eq!((res, read), (CoderResult::InputEmpty, chunk.len()));
                    out.extend_from_slice(&buf[..n]);
                    let mut buf = vec![0u32; d.max_utf32_len(0)];
                    // The UTF-32 bound covers a pending character at `last`.
                    let mut probe = d.clone();
                    assert_eq!(
                        probe.decode_to_utf32_lossy(&[], &mut buf, true).0,
                        CoderResult::InputEmpty
                    );
                }
                if lossy {
                    assert_eq!(out, String::from_utf8_lossy(&input).as_bytes());
                }
            }
        }
    }
}

fn utf32_oracle(src: &[u32]) -> (String, Option<(usize, Utf32ErrorKind)>) {
    let lossy: String = src.iter().map(|&v| char::from_u32(v).unwrap_or('\u{FFFD}')).collect();
    let err = src.iter().position(|&v| char::from_u32(v).is_none()).map(|i| {
        let kind =
            if src[i] > 0x10FFFF { Utf32ErrorKind::TooLarge } else { Utf32ErrorKind::Surrogate };
        (i, kind)
    });
    (lossy, err)
}

fn check_utf32_stream(input: &[u32], chunks: &[&[u32]], cap: usize) {
    let (lossy, err) = utf32_oracle(input);
    let mut d = Utf32Decoder::new();
    let (out, e) = drive::<_, _, rapidutf::Utf32Error>(chunks, cap, &mut |s, o, l| {
        Ok(d.decode_to_utf8_lossy(s, o, l))
    });
    assert!(e.is_none());
    assert_eq!(out, lossy.as_bytes(), "lossy, cap {cap}, chunks {chunks:?}");

    let mut d = Utf32Decoder::new();
    let (out, e) = drive(chunks, cap, &mut |s, o, l| d.decode_to_utf8(s, o, l));
    let valid_len = err.map_or(input.len(), |(i, _)| i);
    let valid: String = input[..valid_len].iter().map(|&v| char::from_u32(v).unwrap()).collect();
    assert_eq!(out, valid.as_bytes());
    assert_eq!(e.map(|e| (e.error().valid_up_to(), e.error().kind())), err);
}

#[test]
fn utf32_stream_every_split_point() {
    let text: Vec<u32> = TEXT.chars().map(u32::from).collect();
    let mut cases = vec![text.clone(), Vec::new(), vec![0xD800], vec![0x110000, 0xFFFF_FFFF]];
    for bad in [0xD800, 0xDFFF, 0x110000, u32::MAX] {
        for at in [0, 5, 50, text.len()] {
            let mut v = text.clone();
            v.insert(at, bad);
            cases.push(v);
        }
    }
    for input in &cases {
        for cut in 0..=input.len() {
            let chunks = chunked(input, vec![cut]);
            check_utf32_stream(input, &chunks, 4 * input.len() + 4);
            check_utf32_stream(input, &chunks, 4);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn utf8_streams_random_chunkings(
        input in mostly_utf8(),
        cuts in proptest::collection::vec(0usize..2000, 0..8),
        cap8 in 4usize..80,
        cap32 in 1usize..40,
    ) {
        let chunks = chunked(&input, cuts);
        check_utf8_stream(&input, &chunks, cap8, cap32);
    }

    #[test]
    fn utf8_streams_random_chunkings_of_cases(
        case in 0usize..60,
        cuts in proptest::collection::vec(0usize..400, 0..8),
        cap8 in 4usize..200,
        cap32 in 1usize..100,
    ) {
        let cases = utf8_cases();
        let input = &cases[case % cases.len()];
        let chunks = chunked(input, cuts);
        check_utf8_stream(input, &chunks, cap8, cap32);
    }

    #[test]
    fn utf32_stream_random_chunkings(
        input in proptest::collection::vec(prop_oneof![
            8 => 0u32..0x80,
            4 => 0u32..0x110000,
            1 => 0xD800u32..0xE000,
            1 => any::<u32>(),
        ], 0..200),
        cuts in proptest::collection::vec(0usize..200, 0..8),
        cap in 4usize..100,
    ) {
        let chunks = chunked(&input, cuts);
        check_utf32_stream(&input, &chunks, cap);
    }
}
