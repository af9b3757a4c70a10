//! The decoders' `&str` outputs (`decode_to_str` and its lossy forms) and
//! their replacement counts, against std: every split point (with empty
//! chunks between), every `dst` size, `last` handling. Each call's text is
//! a `&str` at the start of `dst`, so it ends on a character boundary by
//! its type; what is checked here is that the texts concatenate to std's
//! decoding of the whole stream, that a call leaves nothing but an
//! incomplete character behind, and that a `dst` too small to make
//! progress is reported, never a panic.

use crate::common::cases::{utf8_cases, TEXT};
use proptest::prelude::*;
use rapidutf::stream::{CoderResult, StreamError, Utf16Decoder, Utf32Decoder, Utf8Decoder};
use rapidutf::ErrorStrategy;
use std::convert::Infallible;

/// One call of a `str` method, as `(result, read, text length)` after
/// checking that the text is `dst`'s prefix.
type Step<'a, T, E> =
    dyn FnMut(&[T], &mut [u8], bool) -> Result<(CoderResult, usize, usize), StreamError<E>> + 'a;

/// How a stream driven through a `str` method ended.
#[derive(Debug, PartialEq)]
enum End<E> {
    /// Every chunk was consumed; the texts, concatenated.
    Done(String),
    /// The strict method failed: the texts before the error, the error.
    Failed(String, E),
    /// A call with this `dst` size made no progress (allowed only below
    /// the documented minimum); the texts so far.
    Stuck(String),
}

/// Checks a `str` method's result against `dst` and turns it into
/// `(result, read, len)`.
fn text_of<E>(
    dst: (*const u8, usize),
    r: Result<(CoderResult, usize, &str), StreamError<E>>,
) -> Result<(CoderResult, usize, usize), StreamError<E>> {
    r.map(|(result, read, text)| {
        assert_eq!(text.as_ptr(), dst.0, "the text is not at the start of dst");
        assert!(text.len() <= dst.1);
        (result, read, text.len())
    })
}

/// `dst`'s address and length, for [`text_of`].
fn at(dst: &[u8]) -> (*const u8, usize) {
    (dst.as_ptr(), dst.len())
}

/// Feeds `chunks` (the last with `last = true`) through `step` with a
/// `dst` of `cap` bytes, calling again on `OutputFull`. `after_chunk`
/// sees the text so far after each chunk but the last is consumed.
fn drive<T: Copy, E: Copy>(
    chunks: &[&[T]],
    cap: usize,
    step: &mut Step<'_, T, E>,
    after_chunk: &mut dyn FnMut(&str),
) -> End<E> {
    let mut out = String::new();
    let mut buf = vec![0u8; cap];
    for (k, chunk) in chunks.iter().enumerate() {
        let last = k + 1 == chunks.len();
        let mut rest: &[T] = chunk;
        loop {
            buf.fill(0xFF);
            match step(rest, &mut buf, last) {
                Ok((result, read, n)) => {
                    assert!(read <= rest.len(), "read past the chunk");
                    out.push_str(
                        std::str::from_utf8(&buf[..n]).expect("str method wrote non-UTF-8"),
                    );
                    rest = &rest[read..];
                    match result {
                        CoderResult::InputEmpty => {
                            assert!(rest.is_empty(), "InputEmpty with input left");
                            break;
                        }
                        CoderResult::OutputFull if read == 0 && n == 0 => return End::Stuck(out),
                        CoderResult::OutputFull => {}
                    }
                }
                Err(e) => {
                    assert!(e.read() <= rest.len() && e.written() <= cap);
                    out.push_str(std::str::from_utf8(&buf[..e.written()]).unwrap());
                    return End::Failed(out, e.error());
                }
            }
        }
        if !last {
            after_chunk(&out);
        }
    }
    End::Done(out)
}

/// `input` cut at `cuts` (sorted), with an empty chunk before and after
/// each piece and an empty last chunk: `last` always comes with no input.
fn chunked<'a, T>(input: &'a [T], cuts: &[usize]) -> Vec<&'a [T]> {
    let mut chunks = vec![&input[..0]];
    let mut at = 0;
    for &c in cuts.iter().chain([&input.len()]) {
        chunks.push(&input[at..c]);
        chunks.push(&input[c..c]);
        at = c;
    }
    chunks
}

/// The cut sets to try for an input of `len` units: every single split
/// point, and (for short inputs) every pair of them.
fn cut_sets(len: usize) -> Vec<Vec<usize>> {
    let mut sets: Vec<Vec<usize>> = (0..=len).map(|i| vec![i]).collect();
    if len <= 12 {
        for i in 0..=len {
            for j in i..=len {
                sets.push(vec![i, j]);
            }
        }
    }
    sets
}

/// The `dst` sizes to try: every size up to `upto`, and a few larger.
fn caps(upto: usize, whole: usize) -> Vec<usize> {
    let mut c: Vec<usize> = (0..=upto).collect();
    c.extend([upto + 7, 64, whole.max(1)]);
    c
}

// ----------------------------------------------------------------- UTF-8

/// The number of maximal invalid subparts of `bytes` (std's U+FFFDs).
fn utf8_subparts(mut bytes: &[u8]) -> u64 {
    let mut n = 0;
    while let Err(e) = std::str::from_utf8(bytes) {
        n += 1;
        bytes = &bytes[e.valid_up_to() + e.error_len().unwrap_or(bytes.len() - e.valid_up_to())..];
    }
    n
}

/// Short inputs, where every pair of split points and every `dst` size
/// is tried: a character of each length, each invalid sequence between
/// characters, truncated ends.
fn short_utf8() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = vec![b"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80".to_vec()];
    for bad in crate::common::cases::BAD {
        v.push([b"\xC3\xA9", *bad, b"\xF0\x9F\x98\x80"].concat());
    }
    for tail in [&b"\xF0\x9F\x98"[..], b"\xE2\x82", b"\xC3"] {
        v.push([b"x", tail].concat());
    }
    v
}

fn check_utf8(input: &[u8], cuts: &[usize], cap: usize) {
    let chunks = chunked(input, cuts);
    let strict = std::str::from_utf8(input);
    let lossy = String::from_utf8_lossy(input);

    // Strict. After every successful call, everything converted is
    // written (the position is the bytes written so far: UTF-8 to UTF-8)
    // and only an incomplete character (at most 3 bytes) is held back.
    let mut d = Utf8Decoder::new();
    let mut held = Vec::new();
    let end = {
        let mut total = 0;
        let mut step = |s: &[u8], dst: &mut [u8], last: bool| {
            let r = text_of(at(dst), d.decode_to_str(s, dst, last));
            if let Ok((_, _, n)) = r {
                total += n;
                held.push((d.position(), total, d.pending().len()));
            }
            r
        };
        drive(&chunks, cap, &mut step, &mut |_| {})
    };
    let ctx = || format!("{input:02X?} cut at {cuts:?}, dst {cap}");
    match (&end, strict) {
        (End::Done(out), Ok(s)) => assert_eq!(out, s, "{}", ctx()),
        (End::Failed(out, e), Err(want)) => {
            assert_eq!(
                (e.valid_up_to(), e.error_len()),
                (want.valid_up_to(), want.error_len()),
                "{}",
                ctx()
            );
            assert_eq!(out.as_bytes(), &input[..want.valid_up_to()], "{}", ctx());
        }
        (End::Stuck(out), _) => {
            assert!(cap < 4, "no progress with dst {cap}: {}", ctx());
            assert!(input.starts_with(out.as_bytes()), "{}", ctx());
        }
        (got, want) => panic!("{}: got {got:?}, want {want:?}", ctx()),
    }
    for &(position, written, pending) in &held {
        assert_eq!(position, written, "{}", ctx());
        assert!(pending <= 3, "{}", ctx());
    }

    // Lossy, with std's replacement, and its count.
    let mut d = Utf8Decoder::new();
    let end = {
        let mut step = |s: &[u8], dst: &mut [u8], last: bool| {
            text_of::<Infallible>(at(dst), Ok(d.decode_to_str_lossy(s, dst, last)))
        };
        drive(&chunks, cap, &mut step, &mut |_| {})
    };
    match end {
        End::Done(out) => {
            assert_eq!(out, lossy, "lossy: {}", ctx());
            assert_eq!(d.replacements(), utf8_subparts(input), "lossy count: {}", ctx());
            assert_eq!(d.replacements() > 0, strict.is_err(), "{}", ctx());
        }
        End::Stuck(out) => {
            assert!(cap < 4, "lossy: no progress with dst {cap}: {}", ctx());
            assert!(lossy.starts_with(&out), "{}", ctx());
        }
        End::Failed(..) => unreachable!(),
    }
}

#[test]
fn utf8_every_split_point_and_dst_size_short() {
    for input in short_utf8() {
        for cuts in cut_sets(input.len()) {
            for cap in caps(12, input.len() * 3) {
                check_utf8(&input, &cuts, cap);
            }
        }
    }
}

#[test]
fn utf8_every_split_point_cases() {
    for input in utf8_cases() {
        for cuts in cut_sets(input.len()) {
            for cap in [0, 1, 3, 4, 5, 7, 33, input.len() * 3 + 3] {
                check_utf8(&input, &cuts, cap);
            }
        }
    }
}

/// After each non-last chunk (with room for all of it), the text so far
/// is everything read except an incomplete character: the decoder's
/// position is the text's length, and what is pending is a prefix of a
/// character (at most 3 bytes).
#[test]
fn utf8_each_call_leaves_only_a_partial_character() {
    let input = TEXT.as_bytes();
    for cut in 0..=input.len() {
        let mut d = Utf8Decoder::new();
        let mut buf = vec![0u8; input.len() * 3];
        let (r, read, text) = d.decode_to_str(&input[..cut], &mut buf, false).unwrap();
        assert_eq!((r, read), (CoderResult::InputEmpty, cut));
        let complete = (0..=cut).rev().find(|&i| TEXT.is_char_boundary(i)).unwrap();
        assert_eq!(text, &TEXT[..complete], "cut {cut}");
        assert_eq!(d.pending(), &input[complete..cut]);
        let mut buf2 = vec![0u8; input.len() * 3];
        let (_, _, rest) = d.decode_to_str(&input[cut..], &mut buf2, true).unwrap();
        assert_eq!([text, rest].concat(), TEXT);
    }
}

/// A strategy's output through `decode_to_str_lossy_with` equals the
/// whole-buffer `utf8_to_string_lossy_with`, at every split point, and
/// `dst.len() >= 9` always makes progress.
#[test]
fn utf8_lossy_with_every_strategy() {
    for input in short_utf8().into_iter().chain(utf8_cases().into_iter().take(12)) {
        for &strategy in ErrorStrategy::ALL.iter() {
            let want = rapidutf::utf8_to_string_lossy_with(&input, strategy);
            for cuts in cut_sets(input.len().min(40)) {
                for cap in [0, 2, 8, 9, 10, 64] {
                    let chunks = chunked(&input, &cuts);
                    let mut d = Utf8Decoder::new();
                    let mut step = |s: &[u8], dst: &mut [u8], last: bool| {
                        text_of::<Infallible>(
                            at(dst),
                            Ok(d.decode_to_str_lossy_with(s, dst, last, strategy)),
                        )
                    };
                    match drive(&chunks, cap, &mut step, &mut |_| {}) {
                        End::Done(out) => {
                            assert_eq!(out, want, "{strategy:?} {cuts:?} {cap}");
                            assert_eq!(d.replacements(), utf8_subparts(&input), "{strategy:?}");
                        }
                        End::Stuck(out) => {
                            assert!(cap < 9, "{strategy:?}: no progress with {cap}");
                            assert!(want.starts_with(&out));
                        }
                        End::Failed(..) => unreachable!(),
                    }
                }
            }
        }
    }
}

/// `last` with an incomplete character: strict says `Truncated` at its
/// start, lossy writes one U+FFFD; with `last = false` both keep it.
#[test]
fn utf8_last_with_a_partial_character() {
    for tail in [&b"\xC3"[..], b"\xE2\x82", b"\xF0\x9F\x98"] {
        let mut buf = [0u8; 8];
        let mut d = Utf8Decoder::new();
        assert_eq!(
            d.decode_to_str(tail, &mut buf, false),
            Ok((CoderResult::InputEmpty, tail.len(), ""))
        );
        let e = d.decode_to_str(b"", &mut buf, true).unwrap_err();
        assert_eq!((e.error().valid_up_to(), e.error().error_len()), (0, None));
        assert_eq!(e.error().kind(), rapidutf::Utf8ErrorKind::Truncated);

        let mut d = Utf8Decoder::new();
        assert_eq!(
            d.decode_to_str_lossy(tail, &mut buf, false),
            (CoderResult::InputEmpty, tail.len(), "")
        );
        assert_eq!(d.replacements(), 0);
        assert_eq!(
            d.decode_to_str_lossy(b"", &mut buf, true),
            (CoderResult::InputEmpty, 0, "\u{FFFD}")
        );
        assert_eq!(d.replacements(), 1);
    }
}

// ---------------------------------------------------------------- UTF-16

/// Which of the UTF-16 decoders' byte orders `units` are stored in.
fn stored(units: &[u16], endian: rapidutf::stream::Endian) -> Vec<u16> {
    use rapidutf::stream::Endian;
    units
        .iter()
        .map(|&u| match endian {
            Endian::Little => u.to_le(),
            Endian::Big => u.to_be(),
        })
        .collect()
}

fn utf16_inputs() -> Vec<Vec<u16>> {
    let text: Vec<u16> = TEXT.encode_utf16().collect();
    let mut v = vec![
        text.clone(),
        Vec::new(),
        vec![0x61, 0xD834, 0xDD1E, 0x20AC],
        vec![0xD800],
        vec![0xDC00, 0x61],
        vec![0x61, 0xD800, 0xD800, 0xDC00],
        vec![0xD83D, 0x61, 0xDE00],
    ];
    for (at, bad) in [(0, 0xD800), (5, 0xDC00), (33, 0xDBFF), (text.len(), 0xD800)] {
        let mut t = text.clone();
        t.insert(at, bad);
        v.push(t);
    }
    v
}

fn check_utf16(input: &[u16], cuts: &[usize], cap: usize) {
    use rapidutf::stream::Endian;
    let strict = String::from_utf16(input);
    let lossy = String::from_utf16_lossy(input);
    let unpaired = char::decode_utf16(input.iter().copied()).filter(Result::is_err).count() as u64;
    for endian in [Endian::Little, Endian::Big] {
        let units = stored(input, endian);
        let chunks = chunked(&units, cuts);
        let ctx = || format!("{input:04X?} {endian:?} cut at {cuts:?}, dst {cap}");

        let mut d = Utf16Decoder::with_endian(endian);
        let mut step =
            |s: &[u16], dst: &mut [u8], last: bool| text_of(at(dst), d.decode_to_str(s, dst, last));
        match (drive(&chunks, cap, &mut step, &mut |_| {}), &strict) {
            (End::Done(out), Ok(s)) => assert_eq!(&out, s, "{}", ctx()),
            (End::Failed(out, e), Err(_)) => {
                // The text before the error is std's decoding of the
                // units before it.
                let before = String::from_utf16(&input[..e.valid_up_to()]).expect("valid_up_to");
                assert_eq!(out, before, "{}", ctx());
                assert!(String::from_utf16(&input[..=e.valid_up_to()]).is_err(), "{}", ctx());
            }
            (End::Stuck(out), _) => {
                assert!(cap < 4, "no progress with dst {cap}: {}", ctx());
                assert!(lossy.starts_with(&out), "{}", ctx());
            }
            (got, want) => panic!("{}: got {got:?}, want {want:?}", ctx()),
        }

        let mut d = Utf16Decoder::with_endian(endian);
        let mut step = |s: &[u16], dst: &mut [u8], last: bool| {
            text_of::<Infallible>(at(dst), Ok(d.decode_to_str_lossy(s, dst, last)))
        };
        match drive(&chunks, cap, &mut step, &mut |_| {}) {
            End::Done(out) => {
                assert_eq!(out, lossy, "lossy: {}", ctx());
                assert_eq!(d.replacements(), unpaired, "{}", ctx());
                assert_eq!(d.replacements() > 0, strict.is_err(), "{}", ctx());
            }
            End::Stuck(out) => {
                assert!(cap < 4, "lossy: no progress with dst {cap}: {}", ctx());
                assert!(lossy.starts_with(&out), "{}", ctx());
            }
            End::Failed(..) => unreachable!(),
        }
    }
}

#[test]
fn utf16_every_split_point_and_dst_size() {
    for input in utf16_inputs() {
        let short = input.len() <= 12;
        for cuts in cut_sets(input.len()) {
            let caps = if short {
                caps(12, input.len() * 3)
            } else {
                vec![0, 3, 4, 5, 7, 64, input.len() * 3 + 3]
            };
            for cap in caps {
                check_utf16(&input, &cuts, cap);
            }
        }
    }
}

/// A high surrogate at the end of a chunk is read and kept; with `last`
/// it is an error (strict) or U+FFFD (lossy).
#[test]
fn utf16_last_with_a_high_surrogate() {
    let mut buf = [0u8; 8];
    let mut d = Utf16Decoder::new();
    assert_eq!(
        d.decode_to_str(&[0x61, 0xD83D], &mut buf, false),
        Ok((CoderResult::InputEmpty, 2, "a"))
    );
    assert_eq!(d.pending(), Some(0xD83D));
    let e = d.decode_to_str(&[], &mut buf, true).unwrap_err();
    assert_eq!(
        (e.error().valid_up_to(), e.error().kind()),
        (1, rapidutf::Utf16ErrorKind::UnpairedHigh)
    );

    let mut d = Utf16Decoder::new();
    assert_eq!(
        d.decode_to_str_lossy(&[0x61, 0xD83D], &mut buf, false),
        (CoderResult::InputEmpty, 2, "a")
    );
    assert_eq!(
        d.decode_to_str_lossy(&[], &mut buf, true),
        (CoderResult::InputEmpty, 0, "\u{FFFD}")
    );
    assert_eq!(d.replacements(), 1);
}

// ---------------------------------------------------------------- UTF-32

fn check_utf32(input: &[u32], cuts: &[usize], cap: usize) {
    let chars: Vec<Option<char>> = input.iter().map(|&v| char::from_u32(v)).collect();
    let lossy: String = chars.iter().map(|c| c.unwrap_or('\u{FFFD}')).collect();
    let bad = chars.iter().position(Option::is_none);
    let chunks = chunked(input, cuts);
    let ctx = || format!("{input:X?} cut at {cuts:?}, dst {cap}");

    let mut d = Utf32Decoder::new();
    let mut step =
        |s: &[u32], dst: &mut [u8], last: bool| text_of(at(dst), d.decode_to_str(s, dst, last));
    match (drive(&chunks, cap, &mut step, &mut |_| {}), bad) {
        (End::Done(out), None) => assert_eq!(out, lossy, "{}", ctx()),
        (End::Failed(out, e), Some(at)) => {
            assert_eq!(e.valid_up_to(), at, "{}", ctx());
            assert_eq!(out, lossy.chars().take(at).collect::<String>(), "{}", ctx());
        }
        (End::Stuck(out), _) => {
            assert!(cap < 4, "{}", ctx());
            assert!(lossy.starts_with(&out), "{}", ctx());
        }
        (got, want) => panic!("{}: got {got:?}, want error at {want:?}", ctx()),
    }

    let mut d = Utf32Decoder::new();
    let mut step = |s: &[u32], dst: &mut [u8], last: bool| {
        text_of::<Infallible>(at(dst), Ok(d.decode_to_str_lossy(s, dst, last)))
    };
    match drive(&chunks, cap, &mut step, &mut |_| {}) {
        End::Done(out) => {
            assert_eq!(out, lossy, "lossy: {}", ctx());
            assert_eq!(d.replacements(), chars.iter().filter(|c| c.is_none()).count() as u64);
        }
        End::Stuck(out) => {
            assert!(cap < 4, "{}", ctx());
            assert!(lossy.starts_with(&out), "{}", ctx());
        }
        End::Failed(..) => unreachable!(),
    }
}

#[test]
fn utf32_every_split_point_and_dst_size() {
    let text: Vec<u32> = TEXT.chars().map(u32::from).collect();
    let mut inputs =
        vec![text.clone(), vec![], vec![0x61, 0x1F600, 0xE9], vec![0xD800, 0x110000, 0x41]];
    for (at, bad) in [(0, 0xDFFF), (17, 0x110000), (text.len(), 0xFFFF_FFFF)] {
        let mut t = text.clone();
        t.insert(at, bad);
        inputs.push(t);
    }
    for input in inputs {
        let short = input.len() <= 12;
        for cuts in cut_sets(input.len()) {
            let caps = if short {
                caps(12, input.len() * 4)
            } else {
                vec![0, 3, 4, 5, 64, input.len() * 4]
            };
            for cap in caps {
                check_utf32(&input, &cuts, cap);
            }
        }
    }
}

// ------------------------------------------------------------- proptest

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn utf8_random(input in crate::common::cases::mostly_utf8(), a in 0usize..400, b in 0usize..400, cap in 0usize..90) {
        let (a, b) = (a.min(input.len()), b.min(input.len()));
        check_utf8(&input, &[a.min(b), a.max(b)], cap);
    }

    #[test]
    fn utf16_random(input in prop::collection::vec(prop_oneof![4 => 0x20u16..0x7F, 2 => any::<u16>(), 1 => 0xD800u16..0xE000], 0..200), a in 0usize..200, cap in 0usize..90) {
        check_utf16(&input, &[a.min(input.len())], cap);
    }
}

// --------------------------------------------------------------- kernels

/// These methods use the dispatched (active) kernel: re-run this module
/// once per other available kernel, chosen with `RAPIDUTF_KERNEL`.
#[cfg(feature = "std")]
#[test]
fn under_every_available_kernel() {
    crate::common::rerun_under_every_kernel(
        "stream_str::",
        "stream_str::under_every_available_kernel",
    );
}
