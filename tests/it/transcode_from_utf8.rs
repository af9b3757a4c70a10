//! UTF-8 to UTF-16 (native, LE, BE) and UTF-32, every kernel and the
//! dispatching free functions, against std (`str::encode_utf16`,
//! `str::chars`, `core::str::from_utf8`).

mod kernels {
    //! The UTF-8 to UTF-16 (LE, BE) and UTF-32 transcoders of every kernel
    //! this CPU can run, against std (`str::encode_utf16`, `str::chars`,
    //! `core::str::from_utf8`, `String::from_utf8_lossy`): random valid and
    //! mutated input over many 64-byte blocks, every error kind at every
    //! offset, every output size, the corpus, and lossy conversion.
    use crate::common;

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
                // The exact error of the validator (itself tested against
                // core), and the conversion of the valid prefix before it.
                let error = rapidutf::validate_utf8(bytes).unwrap_err();
                let valid = core::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap();
                let (w_le, w_be, w_32) = oracle(valid);
                for (what, r) in [("LE", r_le), ("BE", r_be), ("native", r_native)] {
                    let written = w_le.len();
                    let want = Err(TranscodeError::Invalid { error, written });
                    assert_eq!(r, want, "{k} {what}: {bytes:02X?}");
                }
                let want = Err(TranscodeError::Invalid { error, written: w_32.len() });
                assert_eq!(r_32, want, "{k} UTF-32: {bytes:02X?}");
                assert!(le[..w_le.len()] == w_le, "{k}: LE output before the error");
                assert!(be[..w_be.len()] == w_be, "{k}: BE output before the error");
                assert!(u32s[..w_32.len()] == w_32, "{k}: UTF-32 output before the error");
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
        // Mixes of 1- to 3-byte characters only: the windows without
        // 4-byte characters have a path of their own.
        let bmp = prop_oneof![
            3 => proptest::char::range('\0', '\x7F'),
            2 => proptest::char::range('\u{80}', '\u{7FF}'),
            2 => proptest::char::range('\u{800}', '\u{FFFF}'),
        ];
        // Runs of one class too, so that windows of one width occur.
        let run = prop_oneof![
            proptest::collection::vec(ch.clone(), 0..40).prop_map(String::from_iter),
            proptest::collection::vec(bmp, 0..120).prop_map(String::from_iter),
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

        #[cfg(feature = "alloc")]
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

    /// Long ASCII runs, where the kernels step back to align their stores
    /// to 64 bytes (converting a few units twice), with `dst` starting at
    /// every 2-byte offset of a cache line; then non-ASCII, a second run,
    /// and errors inside and after the runs. Every kernel, validating and
    /// `&str`, against std.
    #[test]
    fn long_ascii_runs_at_every_output_alignment() {
        let kernels = common::kernels();
        let text = format!("{}é€😀中{}ж", "x".repeat(700), "y".repeat(450));
        let mut inputs = vec![text.clone().into_bytes()];
        for at in [300, 699, 700, 900, 1100] {
            let mut b = text.clone().into_bytes();
            b.insert(at, 0xFF);
            inputs.push(b);
        }
        for bytes in &inputs {
            let (s, err) = match core::str::from_utf8(bytes) {
                Ok(s) => (s, None),
                Err(e) => (
                    core::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap(),
                    Some(e.valid_up_to()),
                ),
            };
            let (w16, _, w32) = oracle(s);
            for &k in &kernels {
                for shift in 0..32 {
                    let mut b16 = vec![0u16; shift + bytes.len()];
                    let mut b32 = vec![0u32; shift + bytes.len()];
                    let r16 = k.utf8_to_utf16le(bytes, &mut b16[shift..]);
                    let r32 = k.utf8_to_utf32(bytes, &mut b32[shift..]);
                    let got = |r: Result<usize, TranscodeError<rapidutf::Utf8Error>>| match r {
                        Ok(n) => (n, None),
                        Err(TranscodeError::Invalid { error, written }) => {
                            (written, Some(error.valid_up_to()))
                        }
                        Err(e) => panic!("{k}: {e:?}"),
                    };
                    assert_eq!(got(r16), (w16.len(), err), "{k} UTF-16, shift {shift}");
                    assert_eq!(got(r32), (w32.len(), err), "{k} UTF-32, shift {shift}");
                    assert!(b16[shift..shift + w16.len()] == w16, "{k} UTF-16, shift {shift}");
                    assert!(b32[shift..shift + w32.len()] == w32, "{k} UTF-32, shift {shift}");
                    if err.is_none() {
                        let mut v16 = vec![0u16; shift + bytes.len()];
                        assert_eq!(k.str_to_utf16le(s, &mut v16[shift..]), Ok(w16.len()));
                        assert!(v16[shift..shift + w16.len()] == w16, "{k} &str, shift {shift}");
                    }
                }
            }
        }
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

    #[cfg(feature = "alloc")]
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

    #[cfg(feature = "alloc")]
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
}

mod against_std {
    //! Every UTF-8-source transcoder and `_vec` function against std, on
    //! valid and invalid input, with the error position in input units and
    //! the output compared unit for unit (LE/BE against `u16::to_le`/`to_be`
    //! of std's units). Buffer sizes: the documented "always suffices" size,
    //! the exact size, and an arbitrary one. Also hand-computed answers for
    //! every direction, which check the oracle machinery itself.
    use crate::common;
    use crate::common::{check_utf8_source, proptest_config};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(proptest_config(1000))]

        #[test]
        fn from_utf8(
            bytes in common::arb_utf8_input(),
            dst in any::<prop::sample::Index>(),
            garbage in prop::sample::select(vec![0xFFu8, 0x80, 0xBF, b'a']),
        ) {
            let dst = dst.index(bytes.len() * 2 + 1);
            check_utf8_source(&bytes, Some(dst));
            // The same input followed by garbage in memory: nothing past the
            // end of the slice may influence the result.
            check_utf8_source(&common::padded(&bytes, garbage)[..bytes.len()], Some(dst));
        }

        #[test]
        fn from_valid_utf8(s in common::arb_text(300), dst in any::<prop::sample::Index>()) {
            let dst = dst.index(s.len() + 1);
            check_utf8_source(s.as_bytes(), Some(dst));
            // Round trips through every form.
            let u16s: Vec<u16> = s.encode_utf16().collect();
            let u32s: Vec<u32> = s.chars().map(u32::from).collect();
            #[cfg(feature = "alloc")]
            {
                prop_assert_eq!(rapidutf::utf8_to_utf16_vec(s.as_bytes()), Ok(u16s.clone()));
                prop_assert_eq!(rapidutf::utf16_to_string(&u16s).unwrap(), s.as_str());
                prop_assert_eq!(rapidutf::utf8_to_utf32_vec(s.as_bytes()), Ok(u32s.clone()));
                prop_assert_eq!(rapidutf::utf32_to_string(&u32s).unwrap(), s.as_str());
            }
            let mut back = vec![0u32; u16s.len()];
            let n = rapidutf::utf16_to_utf32(&u16s, &mut back).unwrap();
            prop_assert_eq!(&back[..n], &u32s[..]);
            let mut back = vec![0u16; 2 * u32s.len()];
            let n = rapidutf::utf32_to_utf16(&u32s, &mut back).unwrap();
            prop_assert_eq!(&back[..n], &u16s[..]);
        }


    }
    /// Documented examples and hand-computed values, so that the oracle
    /// machinery itself is checked against known answers.
    #[test]
    fn known_answers() {
        use rapidutf::{TranscodeError, Utf16ErrorKind, Utf32ErrorKind, Utf8ErrorKind};
        let mut b16 = [0u16; 8];
        assert_eq!(rapidutf::utf8_to_utf16("h€!".as_bytes(), &mut b16), Ok(3));
        assert_eq!(b16[..3], [0x68, 0x20AC, 0x21]);
        assert_eq!(rapidutf::utf8_to_utf16be("h€".as_bytes(), &mut b16), Ok(2));
        assert_eq!(b16[..2], [0x0068u16.to_be(), 0x20ACu16.to_be()]);
        let e = rapidutf::utf8_to_utf16(b"ab\xE0\x80", &mut b16).unwrap_err();
        let e = *e.invalid().unwrap();
        assert_eq!(
            (e.valid_up_to(), e.error_len(), e.kind()),
            (2, Some(1), Utf8ErrorKind::Overlong)
        );
        let mut b8 = [0u8; 8];
        assert_eq!(
            rapidutf::utf16_to_utf8(&[0x61, 0xD800, 0x62], &mut b8)
                .unwrap_err()
                .invalid()
                .map(|e| (e.valid_up_to(), e.kind())),
            Some((1, Utf16ErrorKind::UnpairedHigh))
        );
        assert_eq!(
            rapidutf::utf32_to_utf8(&[0x61, 0x62, 0x110000], &mut b8)
                .unwrap_err()
                .invalid()
                .map(|e| (e.valid_up_to(), e.kind())),
            Some((2, Utf32ErrorKind::TooLarge))
        );
        assert_eq!(
            rapidutf::utf32_to_utf8(&[0x1F600], &mut b8[..3]),
            Err(TranscodeError::OutputTooSmall { read: 0, written: 0 })
        );
        #[cfg(feature = "alloc")]
        {
            assert_eq!(rapidutf::utf8_to_utf16_vec("aé".as_bytes()), Ok(vec![0x61, 0xE9]));
            assert_eq!(rapidutf::utf32_to_string(&[0x61, 0x1F600]).as_deref(), Ok("a😀"));
        }
    }
}

mod exhaustive {
    //! Every Unicode scalar value: encode (std), validate, decode with every
    //! transcoder, and all of them at once in one long string per kernel.
    use crate::common;
    use crate::common::{kernels, Order};

    fn all_chars() -> impl Iterator<Item = char> {
        (0..=0x10FFFFu32).filter_map(char::from_u32)
    }

    /// Every scalar value, alone: std's encoding validates, and every
    /// transcoder decodes and encodes it exactly as std does.
    #[test]
    fn every_scalar_value_round_trips() {
        let mut n = 0;
        let (mut b8, mut b16, mut b32) = ([0u8; 4], [0u16; 2], [0u32; 1]);
        for c in all_chars() {
            n += 1;
            let s = c.encode_utf8(&mut b8).as_bytes().to_vec();
            let mut w16 = [0u16; 2];
            let u16s = &*c.encode_utf16(&mut w16);
            assert_eq!(rapidutf::validate_utf8(&s).map(str::len), Ok(s.len()), "{c:?}");
            assert_eq!(rapidutf::utf8_to_utf32(&s, &mut b32), Ok(1), "{c:?}");
            assert_eq!(b32[0], c as u32);
            assert_eq!(rapidutf::utf8_to_utf16(&s, &mut b16), Ok(u16s.len()), "{c:?}");
            assert_eq!(&b16[..u16s.len()], u16s, "{c:?}");
            assert_eq!(rapidutf::utf16_to_utf8(u16s, &mut b8), Ok(s.len()), "{c:?}");
            assert_eq!(&b8[..s.len()], &s[..], "{c:?}");
            assert_eq!(rapidutf::utf16_to_utf32(u16s, &mut b32), Ok(1), "{c:?}");
            assert_eq!(b32[0], c as u32);
            assert_eq!(rapidutf::utf32_to_utf8(&[c as u32], &mut b8), Ok(s.len()), "{c:?}");
            assert_eq!(&b8[..s.len()], &s[..], "{c:?}");
            assert_eq!(rapidutf::utf32_to_utf16(&[c as u32], &mut b16), Ok(u16s.len()), "{c:?}");
            assert_eq!(&b16[..u16s.len()], u16s, "{c:?}");
            assert_eq!(rapidutf::validate_utf32(&[c as u32]), Ok(()));
        }
        assert_eq!(n, 0x110000 - 0x800);
    }

    /// All scalar values in one string (4.3 MB of UTF-8), and in slices cut at
    /// every char boundary residue: every kernel accepts them, and the bulk
    /// transcoders match std.
    #[test]
    fn every_scalar_value_in_bulk() {
        let ks = kernels();
        let s: String = all_chars().collect();
        let bytes = s.as_bytes();
        for &k in &ks {
            assert_eq!(k.validate_utf8(bytes).map(str::len), Ok(bytes.len()), "{k}");
            assert!(k.is_valid_utf8(bytes), "{k}");
            // Slices that start and end mid-way through multi-byte chars in
            // the 2-, 3- and 4-byte regions must be rejected exactly as core does.
            for start in [0x80usize, 0x1000, 0x10000, 0x40000] {
                for cut in 0..8 {
                    let slice = &bytes[start + cut..start + cut + 4000 + cut];
                    let want = common::utf8_oracle(slice).map(str::len);
                    let got = common::utf8_res(k.validate_utf8(slice));
                    assert_eq!(got, want, "{k}: slice at {} len {}", start + cut, slice.len());
                }
            }
        }
        let u16s: Vec<u16> = s.encode_utf16().collect();
        #[cfg(feature = "alloc")]
        assert_eq!(rapidutf::utf8_to_utf16_vec(bytes).as_ref(), Ok(&u16s));
        let u32s: Vec<u32> = s.chars().map(u32::from).collect();
        #[cfg(feature = "alloc")]
        {
            assert_eq!(rapidutf::utf8_to_utf32_vec(bytes).as_ref(), Ok(&u32s));
            assert_eq!(rapidutf::utf16_to_string(&u16s).as_ref(), Ok(&s));
            assert_eq!(rapidutf::utf32_to_string(&u32s).as_ref(), Ok(&s));
        }
        for order in Order::ALL {
            let mem = order.encode(&u16s);
            let mut out = vec![0u16; bytes.len()];
            let n = common::utf8_to_utf16_fn(order)(bytes, &mut out).unwrap();
            assert_eq!(&out[..n], &mem[..], "{order:?}");
            let n = common::utf32_to_utf16_fn(order)(&u32s, &mut out).unwrap();
            assert_eq!(&out[..n], &mem[..], "{order:?}");
            let fns = common::utf16_fns(order);
            #[cfg(feature = "alloc")]
            assert_eq!((fns.to_string)(&mem).as_ref(), Ok(&s), "{order:?}");
            let mut out32 = vec![0u32; mem.len()];
            let n = (fns.to_utf32)(&mem, &mut out32).unwrap();
            assert_eq!(&out32[..n], &u32s[..], "{order:?}");
        }
    }
}

mod dst_sweep {
    //! Every UTF-8-source transcoder with every output size from 0 to the
    //! needed length (and a little beyond), on multilingual text with 4-byte
    //! characters and on ASCII runs longer than one 16-unit fast-path block:
    //! never a panic or a write past `dst`, the exact `OutputTooSmall { read,
    //! written }` of the largest whole-character prefix that fits (computed
    //! from std), the right output units, and `Ok` from the needed length on.
    //! With invalid input, whichever of "invalid" and "does not fit" comes
    //! first in the input is reported.
    use crate::common::*;
    use rapidutf::{TranscodeError, Utf8Error};

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

    #[test]
    fn valid_input_every_dst_size() {
        for s in sweep_texts() {
            sweep_utf8(s.as_bytes());
        }
    }

    #[test]
    fn invalid_input_every_dst_size() {
        for s in sweep_texts() {
            let bytes = s.as_bytes();
            for at in sweep_positions(bytes.len()) {
                // At a char boundary at or before `at`.
                let at = (0..=at).rev().find(|&i| s.is_char_boundary(i)).unwrap();
                for bad in [&b"\xFF"[..], b"\xE2\x82", b"\xED\xA0\x80", b"\xF0\x9F\x98"] {
                    let mut v = bytes[..at].to_vec();
                    v.extend_from_slice(bad);
                    v.extend_from_slice(&bytes[at..]);
                    sweep_utf8(&v);
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
}

mod window_boundaries {
    //! Every character length and every invalid sequence at every offset of
    //! a 128-byte span after every script (`rapidutf_testkit::boundary`),
    //! converted by every kernel and the free functions to UTF-16 (native,
    //! LE, BE) and UTF-32 at the case's output alignment, into a `dst` of
    //! the size that always suffices, of the exact size, and one unit short
    //! of the probe's output; against core's decoding. Below the `full`
    //! level each case takes one byte order and one of the last two sizes
    //! (`Case::pick`), and the free functions the first size.
    use crate::common::boundary::{check_into, level, utf8_cases, Conversion};
    use crate::common::{dec_utf8, enc_utf16, enc_utf32, kernels, utf8_to_utf16_fn, Order};
    use rapidutf::{Kernel, TranscodeError, Utf8Error};

    type KernelFn<D> = fn(Kernel, &[u8], &mut [D]) -> Result<usize, TranscodeError<Utf8Error>>;

    fn kernel_utf16(order: Order) -> KernelFn<u16> {
        match order {
            Order::Native => Kernel::utf8_to_utf16,
            Order::Le => Kernel::utf8_to_utf16le,
            Order::Be => Kernel::utf8_to_utf16be,
        }
    }

    #[test]
    fn every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        for case in utf8_cases(level()) {
            let placed = case.placed();
            let src = placed.get();
            let dec = dec_utf8(src);
            for order in case.pick(&Order::ALL) {
                let want = Conversion::new(&dec, enc_utf16(order));
                let (free, per_kernel) = (utf8_to_utf16_fn(order), kernel_utf16(order));
                for (i, cap) in case.sizes(&want, src.len()).into_iter().enumerate() {
                    if i == 0 {
                        let who = || format!("utf8_to_utf16 ({order:?})");
                        check_into(&case, who, &want, cap, 0xA5A5, |d| free(src, d));
                    }
                    for &k in &ks {
                        let who = || format!("{k}: utf8_to_utf16 ({order:?})");
                        check_into(&case, who, &want, cap, 0xA5A5, |d| per_kernel(k, src, d));
                    }
                }
            }
            let want = Conversion::new(&dec, enc_utf32);
            for (i, cap) in case.sizes(&want, src.len()).into_iter().enumerate() {
                let fill = 0xDEAD_BEEF;
                if i == 0 {
                    let who = || "utf8_to_utf32".to_string();
                    check_into(&case, who, &want, cap, fill, |d| rapidutf::utf8_to_utf32(src, d));
                }
                for &k in &ks {
                    let who = || format!("{k}: utf8_to_utf32");
                    check_into(&case, who, &want, cap, fill, |d| k.utf8_to_utf32(src, d));
                }
            }
        }
    }
}
