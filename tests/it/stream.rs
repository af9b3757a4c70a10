//! The streaming validators and decoders (`rapidutf::stream`): every split
//! point and random chunkings give exactly the whole-buffer result.

mod split_points {
    //! Streaming: for every input here, every split point (and random
    //! multi-way chunkings, chunk sizes 1..70) gives exactly the whole-buffer
    //! result: the validation result and error position, the strict transcoded
    //! output and error, and the lossy output (std's from_utf8_lossy /
    //! from_utf16_lossy).

    use proptest::prelude::*;
    use rapidutf::stream::{CoderResult, Endian, Utf16Decoder, Utf8Decoder, Utf8Validator};
    use rapidutf::{Utf16Error, Utf8Error, Utf8ErrorKind};

    const TEXT: &str = "Grüße, Jürgen! Привет, мир. 你好，世界。こんにちは 😀🎉 \
                    مرحبا بالعالم שלום עולם 𝄞 नमस्ते a\u{10FFFF}z\u{FFFD}\u{7FF}\u{800}.";

    /// The multilingual text, and the text with each kind of UTF-8 error
    /// (and a truncated end) at a few places.
    fn utf8_cases() -> Vec<Vec<u8>> {
        let text = TEXT.as_bytes();
        let bad: &[&[u8]] = &[
            b"\xC0",             // InvalidByte
            b"\xFF",             // InvalidByte
            b"\x80",             // UnexpectedContinuation
            b"\xE0\x80\x80",     // Overlong
            b"\xF0\x8F\xBF\xBF", // Overlong
            b"\xED\xA0\x80",     // Surrogate
            b"\xF4\x90\x80\x80", // TooLarge
            b"\xE2\x82A",        // MissingContinuation, 2 bytes
            b"\xF0\x9F\x98A",    // MissingContinuation, 3 bytes
            b"\xE1\xA0\xC0",     // two subparts
        ];
        let mut cases = vec![text.to_vec(), Vec::new()];
        for b in bad {
            for at in [0, 7, 40, text.len()] {
                // Only at character boundaries of the text.
                let at = (at..=text.len()).find(|&i| TEXT.is_char_boundary(i)).unwrap();
                cases.push([&text[..at], b, &text[at..]].concat());
            }
        }
        for tail in [&b"\xF0\x9F\x98"[..], b"\xE2\x82", b"\xC3", b"\xF0"] {
            cases.push([text, tail].concat()); // Truncated
        }
        cases.push(b"\xE1\xA0".to_vec());
        cases
    }

    /// The text as UTF-16, and with lone surrogates at a few places (which
    /// split points then cut next to, and between the halves of real pairs).
    fn utf16_cases() -> Vec<Vec<u16>> {
        let text: Vec<u16> = TEXT.encode_utf16().collect();
        let mut cases = vec![text.clone(), Vec::new(), vec![0xD800], vec![0xDC00, 0xD800]];
        for lone in [0xD800, 0xDBFF, 0xDC00, 0xDFFF] {
            for at in [0, 5, 50, text.len()] {
                let mut v = text.clone();
                v.insert(at.min(v.len()), lone);
                cases.push(v);
            }
        }
        cases.push([&text[..], &[0xD83D, 0xD83D, 0xDE00]].concat());
        cases
    }

    /// Splits `input` at the given (sorted) points.
    fn split<'a, T>(input: &'a [T], points: &[usize]) -> Vec<&'a [T]> {
        let mut chunks = Vec::new();
        let mut start = 0;
        for &p in points {
            chunks.push(&input[start..p]);
            start = p;
        }
        chunks.push(&input[start..]);
        chunks
    }

    fn chunk_by_sizes<'a, T>(input: &'a [T], sizes: &[usize]) -> Vec<&'a [T]> {
        let mut points = Vec::new();
        let mut at = 0;
        for &s in sizes.iter().cycle() {
            at += s;
            if at >= input.len() {
                break;
            }
            points.push(at);
        }
        split(input, &points)
    }

    // ---------------------------------------------------------------- validator

    fn validate_chunks(chunks: &[&[u8]]) -> Result<(), Utf8Error> {
        let mut v = Utf8Validator::new();
        let mut first = None;
        let mut pushed = Vec::new();
        for c in chunks {
            pushed.extend_from_slice(c);
            match (v.push(c), first) {
                (Err(e), None) => {
                    assert_ne!(e.kind(), Utf8ErrorKind::Truncated, "push returned Truncated");
                    assert_eq!(v.valid_up_to(), e.valid_up_to());
                    first = Some(e);
                }
                // After an error, every push returns that same error.
                (r, Some(e)) => assert_eq!(r, Err(e)),
                (Ok(()), None) => {
                    // Everything but an incomplete last character is valid.
                    let n = v.valid_up_to();
                    assert!(n + 3 >= pushed.len() && core::str::from_utf8(&pushed[..n]).is_ok());
                    let tail = core::str::from_utf8(&pushed[n..]).map_err(|e| e.error_len());
                    assert!(tail == Ok("") || tail == Err(None), "{pushed:x?} valid up to {n}");
                }
            }
        }
        let r = v.finish();
        if let Some(e) = first {
            assert_eq!(r, Err(e));
        }
        r
    }

    fn check_validator(input: &[u8], chunks: &[&[u8]]) {
        let expected = rapidutf::validate_utf8(input).map(|_| ());
        // (The whole-buffer validator itself agrees with core.)
        assert_eq!(
            expected.map_err(|e| (e.valid_up_to(), e.error_len())),
            core::str::from_utf8(input).map(|_| ()).map_err(|e| (e.valid_up_to(), e.error_len()))
        );
        assert_eq!(validate_chunks(chunks), expected, "{input:x?} as {chunks:x?}");
    }

    #[test]
    fn validator_every_split_point() {
        for input in utf8_cases() {
            for p in 0..=input.len() {
                check_validator(&input, &split(&input, &[p]));
                // An empty chunk in the middle changes nothing.
                check_validator(&input, &split(&input, &[p, p]));
            }
            let bytes: Vec<&[u8]> = input.chunks(1).collect();
            check_validator(&input, &bytes);
        }
    }

    #[test]
    fn validator_error_is_sticky() {
        let mut v = Utf8Validator::new();
        assert!(v.push(b"ab").is_ok());
        let e = v.push(b"\xFFcd").unwrap_err();
        assert_eq!((e.valid_up_to(), e.kind()), (2, Utf8ErrorKind::InvalidByte));
        assert_eq!(v.push(b"valid"), Err(e));
        assert_eq!(v.finish(), Err(e));
    }

    // ---------------------------------------------------------------- UTF-8 -> UTF-16

    /// Runs a UTF-8 decoder over the chunks with a `dst` of `dst_len` units;
    /// the final call has `last` (on the last chunk, or on an extra empty
    /// chunk). Returns the output and the strict error, if any.
    fn decode8(
        chunks: &[&[u8]],
        dst_len: usize,
        lossy: bool,
        endian: Endian,
        extra_last: bool,
    ) -> (Vec<u16>, Option<Utf8Error>) {
        let mut d = Utf8Decoder::with_endian(endian);
        let mut buf = vec![0u16; dst_len];
        let mut out = Vec::new();
        let mut list: Vec<(&[u8], bool)> = chunks.iter().map(|c| (*c, false)).collect();
        if extra_last || list.is_empty() {
            list.push((&[], true));
        } else {
            list.last_mut().unwrap().1 = true;
        }
        for (mut src, last) in list {
            let mut calls = 0;
            loop {
                calls += 1;
                assert!(calls < 10_000, "no progress");
                let (r, read, written) = if lossy {
                    d.decode_to_utf16_lossy(src, &mut buf, last)
                } else {
                    match d.decode_to_utf16(src, &mut buf, last) {
                        Ok(t) => t,
                        Err(e) => {
                            assert!(e.read() <= src.len() && e.written() <= dst_len);
                            out.extend_from_slice(&buf[..e.written()]);
                            return (out, Some(e.error()));
                        }
                    }
                };
                assert!(read <= src.len() && written <= dst_len);
                out.extend_from_slice(&buf[..written]);
                src = &src[read..];
                match r {
                    CoderResult::InputEmpty => {
                        assert!(src.is_empty());
                        break;
                    }
                    CoderResult::OutputFull => {
                        assert!(
                            dst_len < 2 || read + written > 0,
                            "dst of {dst_len} made no progress"
                        );
                    }
                }
            }
        }
        (out, None)
    }

    fn to_endian(v: &[u16], endian: Endian) -> Vec<u16> {
        v.iter().map(|&u| if endian == Endian::Little { u.to_le() } else { u.to_be() }).collect()
    }

    fn check_decode8(input: &[u8], chunks: &[&[u8]], dst_len: usize, extra_last: bool) {
        for endian in [Endian::Little, Endian::Big] {
            // Strict: the whole-buffer conversion, or the conversion of the
            // valid prefix and the whole-buffer error.
            let (expected, expected_err) = match rapidutf::validate_utf8(input) {
                Ok(s) => (s.encode_utf16().collect::<Vec<u16>>(), None),
                Err(e) => {
                    let valid = core::str::from_utf8(&input[..e.valid_up_to()]).unwrap();
                    (valid.encode_utf16().collect(), Some(e))
                }
            };
            let got = decode8(chunks, dst_len, false, endian, extra_last);
            assert_eq!(
                got,
                (to_endian(&expected, endian), expected_err),
                "strict {input:x?} as {chunks:x?}, dst {dst_len}"
            );
            // Lossy: std's.
            let lossy: Vec<u16> = String::from_utf8_lossy(input).encode_utf16().collect();
            let got = decode8(chunks, dst_len, true, endian, extra_last);
            assert_eq!(
                got,
                (to_endian(&lossy, endian), None),
                "lossy {input:x?} as {chunks:x?}, dst {dst_len}"
            );
        }
    }

    #[test]
    fn utf8_decoder_every_split_point() {
        for input in utf8_cases() {
            for p in 0..=input.len() {
                let chunks = split(&input, &[p]);
                check_decode8(&input, &chunks, 256, p % 2 == 0);
                check_decode8(&input, &chunks, 2, p % 2 == 1);
            }
            let bytes: Vec<&[u8]> = input.chunks(1).collect();
            check_decode8(&input, &bytes, 3, false);
        }
    }

    #[test]
    fn utf8_decoder_lossy_after_strict_error() {
        // A strict error consumes nothing of the bad sequence, so the lossy
        // method can take over from `read` and replace it.
        let mut d = Utf8Decoder::new();
        let mut buf = [0u16; 16];
        assert_eq!(
            d.decode_to_utf16(b"ab\xE2", &mut buf, false),
            Ok((CoderResult::InputEmpty, 3, 2))
        );
        let e = d.decode_to_utf16(b"\x82Z", &mut buf, true).unwrap_err();
        assert_eq!(
            (e.error().valid_up_to(), e.error().error_len(), e.read(), e.written()),
            (2, Some(2), 0, 0)
        );
        assert_eq!(d.decode_to_utf16(b"\x82Z", &mut buf, true).unwrap_err(), e);
        assert_eq!(
            d.decode_to_utf16_lossy(b"\x82Z", &mut buf, true),
            (CoderResult::InputEmpty, 2, 2)
        );
        assert_eq!(buf[..2], [0xFFFD, u16::from(b'Z')]);
    }

    #[test]
    fn utf8_decoder_tiny_buffers() {
        // dst of 1 cannot take a surrogate pair: OutputFull without progress,
        // never a panic; dst of 0 likewise.
        let mut d = Utf8Decoder::new();
        let mut one = [0u16; 1];
        assert_eq!(
            d.decode_to_utf16("😀".as_bytes(), &mut one, true),
            Ok((CoderResult::OutputFull, 0, 0))
        );
        assert_eq!(
            d.decode_to_utf16_lossy(b"\xFF", &mut [], true),
            (CoderResult::OutputFull, 0, 0)
        );
        assert_eq!(d.decode_to_utf16(b"", &mut [], true), Ok((CoderResult::InputEmpty, 0, 0)));
    }

    // ---------------------------------------------------------------- UTF-16 -> UTF-8

    fn decode16(
        chunks: &[&[u16]],
        dst_len: usize,
        lossy: bool,
        endian: Endian,
        extra_last: bool,
    ) -> (Vec<u8>, Option<Utf16Error>) {
        let mut d = Utf16Decoder::with_endian(endian);
        let mut buf = vec![0u8; dst_len];
        let mut out = Vec::new();
        let mut list: Vec<(&[u16], bool)> = chunks.iter().map(|c| (*c, false)).collect();
        if extra_last || list.is_empty() {
            list.push((&[], true));
        } else {
            list.last_mut().unwrap().1 = true;
        }
        for (mut src, last) in list {
            let mut calls = 0;
            loop {
                calls += 1;
                assert!(calls < 10_000, "no progress");
                let (r, read, written) = if lossy {
                    d.decode_to_utf8_lossy(src, &mut buf, last)
                } else {
                    match d.decode_to_utf8(src, &mut buf, last) {
                        Ok(t) => t,
                        Err(e) => {
                            out.extend_from_slice(&buf[..e.written()]);
                            return (out, Some(e.error()));
                        }
                    }
                };
                assert!(read <= src.len() && written <= dst_len);
                out.extend_from_slice(&buf[..written]);
                src = &src[read..];
                match r {
                    CoderResult::InputEmpty => {
                        assert!(src.is_empty());
                        break;
                    }
                    CoderResult::OutputFull => {
                        assert!(
                            dst_len < 4 || read + written > 0,
                            "dst of {dst_len} made no progress"
                        );
                    }
                }
            }
        }
        (out, None)
    }

    fn check_decode16(input: &[u16], chunks: &[&[u16]], dst_len: usize, extra_last: bool) {
        for endian in [Endian::Little, Endian::Big] {
            let (expected, expected_err) = match rapidutf::validate_utf16(input) {
                Ok(()) => (String::from_utf16(input).unwrap().into_bytes(), None),
                Err(e) => {
                    (String::from_utf16(&input[..e.valid_up_to()]).unwrap().into_bytes(), Some(e))
                }
            };
            let swapped: Vec<Vec<u16>> = chunks.iter().map(|c| to_endian(c, endian)).collect();
            let swapped: Vec<&[u16]> = swapped.iter().map(|c| &c[..]).collect();
            let got = decode16(&swapped, dst_len, false, endian, extra_last);
            assert_eq!(
                got,
                (expected, expected_err),
                "strict {input:x?} as {chunks:x?}, dst {dst_len}"
            );
            let lossy = String::from_utf16_lossy(input).into_bytes();
            let got = decode16(&swapped, dst_len, true, endian, extra_last);
            assert_eq!(got, (lossy, None), "lossy {input:x?} as {chunks:x?}, dst {dst_len}");
        }
    }

    #[test]
    fn utf16_decoder_every_split_point() {
        for input in utf16_cases() {
            for p in 0..=input.len() {
                let chunks = split(&input, &[p]);
                check_decode16(&input, &chunks, 512, p % 2 == 0);
                check_decode16(&input, &chunks, 4, p % 2 == 1);
            }
            let units: Vec<&[u16]> = input.chunks(1).collect();
            check_decode16(&input, &units, 5, true);
        }
    }

    #[test]
    fn utf16_decoder_split_pair_then_lone_high_at_end() {
        let mut d = Utf16Decoder::new();
        let mut buf = [0u8; 16];
        assert_eq!(
            d.decode_to_utf8(&[0xD83D], &mut buf, false),
            Ok((CoderResult::InputEmpty, 1, 0))
        );
        assert_eq!(d.decode_to_utf8(&[], &mut buf, false), Ok((CoderResult::InputEmpty, 0, 0)));
        assert_eq!(
            d.decode_to_utf8(&[0xDE00, 0xD800], &mut buf, false),
            Ok((CoderResult::InputEmpty, 2, 4))
        );
        assert_eq!(&buf[..4], "😀".as_bytes());
        let e = d.decode_to_utf8(&[], &mut buf, true).unwrap_err();
        assert_eq!((e.error().valid_up_to(), e.read(), e.written()), (2, 0, 0));
        assert_eq!(d.decode_to_utf8_lossy(&[], &mut buf, true), (CoderResult::InputEmpty, 0, 3));
    }

    // ---------------------------------------------------------------- documented sizes

    /// With `dst` of `max_utf16_len(src.len())` units, every call consumes
    /// all of its chunk.
    fn check_max_len8(chunks: &[&[u8]]) {
        for lossy in [false, true] {
            let mut d = Utf8Decoder::new();
            for (k, c) in chunks.iter().enumerate() {
                let last = k + 1 == chunks.len();
                let mut buf = vec![0u16; d.max_utf16_len(c.len())];
                let r = if lossy {
                    Ok(d.decode_to_utf16_lossy(c, &mut buf, last))
                } else {
                    d.decode_to_utf16(c, &mut buf, last)
                };
                match r {
                    Ok((r, read, _)) => assert_eq!((r, read), (CoderResult::InputEmpty, c.len())),
                    Err(_) => break,
                }
            }
        }
    }

    fn check_max_len16(chunks: &[&[u16]]) {
        for lossy in [false, true] {
            let mut d = Utf16Decoder::new();
            for (k, c) in chunks.iter().enumerate() {
                let last = k + 1 == chunks.len();
                let mut buf = vec![0u8; d.max_utf8_len(c.len())];
                let r = if lossy {
                    Ok(d.decode_to_utf8_lossy(c, &mut buf, last))
                } else {
                    d.decode_to_utf8(c, &mut buf, last)
                };
                match r {
                    Ok((r, read, _)) => assert_eq!((r, read), (CoderResult::InputEmpty, c.len())),
                    Err(_) => break,
                }
            }
        }
    }

    #[test]
    fn max_len_suffices_at_every_split_point() {
        for input in utf8_cases() {
            for p in 0..=input.len() {
                check_max_len8(&split(&input, &[p]));
            }
            check_max_len8(&input.chunks(1).collect::<Vec<_>>());
        }
        for input in utf16_cases() {
            for p in 0..=input.len() {
                check_max_len16(&split(&input, &[p]));
            }
            check_max_len16(&input.chunks(1).collect::<Vec<_>>());
        }
    }

    // ---------------------------------------------------------------- random chunkings

    fn bytes_input() -> impl Strategy<Value = Vec<u8>> {
        let cases = utf8_cases();
        prop_oneof![
            prop::sample::select(cases),
            prop::collection::vec(
                prop::sample::select(vec![
                    &b"a"[..],
                    b"\xC3\xA9",
                    b"\xE2\x82\xAC",
                    b"\xF0\x9F\x98\x80",
                    b"\x80",
                    b"\xC0",
                    b"\xE1\xA0",
                    b"\xF0\x9F",
                    b"\xED\xA0\x80",
                    b"the lazy dog jumps over the fox ",
                ]),
                0..40
            )
            .prop_map(|v| v.concat()),
            prop::collection::vec(any::<u8>(), 0..200),
        ]
    }

    fn units_input() -> impl Strategy<Value = Vec<u16>> {
        prop_oneof![
            prop::sample::select(utf16_cases()),
            prop::collection::vec(
                prop_oneof![Just(0x61u16), 0xD800u16..0xE000, Just(0xE9), Just(0x20AC)],
                0..60
            ),
            prop::collection::vec(any::<u16>(), 0..100),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn random_chunkings_utf8(input in bytes_input(), sizes in prop::collection::vec(1usize..70, 1..8), dst in 2usize..80) {
            let chunks = chunk_by_sizes(&input, &sizes);
            check_validator(&input, &chunks);
            check_decode8(&input, &chunks, dst, sizes[0] % 2 == 0);
            check_max_len8(&chunks);
        }

        #[test]
        fn random_chunkings_utf16(input in units_input(), sizes in prop::collection::vec(1usize..70, 1..8), dst in 4usize..80) {
            let chunks = chunk_by_sizes(&input, &sizes);
            check_decode16(&input, &chunks, dst, sizes[0] % 2 == 0);
            check_max_len16(&chunks);
        }
    }

    // ------------------------------------------------------------- kernels

    /// These functions use the dispatched (active) kernel. So that every
    /// kernel this CPU can run is covered, re-run this test binary once per
    /// other available kernel, chosen with `RAPIDUTF_KERNEL` in a child.
    #[cfg(feature = "std")]
    #[test]
    fn under_every_available_kernel() {
        crate::common::rerun_under_every_kernel(
            "stream::",
            "stream::split_points::under_every_available_kernel",
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
}

#[cfg(feature = "alloc")]
mod utf8_utf32 {
    //! The UTF-8 -> UTF-8 (validated or lossy) and UTF-8 -> UTF-32 streams
    //! of `Utf8Decoder`, and `Utf32Decoder` (UTF-32 -> UTF-8), against std.
    use crate::common::cases::*;
    use proptest::prelude::*;
    use rapidutf::stream::{CoderResult, StreamError, Utf32Decoder, Utf8Decoder};
    use rapidutf::{Utf32ErrorKind, Utf8Error};

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
        let (out, err) = drive::<_, _, Utf8Error>(chunks, cap8, &mut |s, o, l| {
            Ok(d.decode_to_utf8_lossy(s, o, l))
        });
        assert!(err.is_none());
        assert_eq!(out, lossy.as_bytes(), "lossy utf-8, cap {cap8}, chunks {chunks:?}");

        let mut d = Utf8Decoder::new();
        let (out, err) = drive(chunks, cap8, &mut |s, o, l| d.decode_to_utf8(s, o, l));
        assert_eq!(out, valid.as_bytes(), "strict utf-8, chunks {chunks:?}");
        check_err(err);

        let mut d = Utf8Decoder::new();
        let (out, err) = drive::<_, _, Utf8Error>(chunks, cap32, &mut |s, o, l| {
            Ok(d.decode_to_utf32_lossy(s, o, l))
        });
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
            let kind = if src[i] > 0x10FFFF {
                Utf32ErrorKind::TooLarge
            } else {
                Utf32ErrorKind::Surrogate
            };
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
        let valid: String =
            input[..valid_len].iter().map(|&v| char::from_u32(v).unwrap()).collect();
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
}
