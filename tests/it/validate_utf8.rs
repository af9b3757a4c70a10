//! UTF-8 validation (`validate_utf8`, `is_valid_utf8`, `is_ascii`, the
//! std drop-ins and the many-strings validators), every kernel and the
//! dispatching free functions, against `core::str::from_utf8`; the
//! window-boundary cases of `rapidutf_testkit::boundary` at the end.

mod against_core {
    //! UTF-8 validation against `core::str::from_utf8`: every kernel (through
    //! `Kernel::validate_utf8` and `Kernel::is_valid_utf8`) and the free
    //! functions, on arbitrary bytes, edited valid text and multilingual text,
    //! with lengths that cross many 16/32/64-byte block boundaries. The error
    //! kind is checked against an oracle written from the spec
    //! (`common::oracle_kind`). Also `is_ascii` against `<[u8]>::is_ascii`.
    use crate::common;

    use crate::common::{check_utf8, kernels, oracle_kind, proptest_config, utf8_oracle};
    use proptest::prelude::*;
    use rapidutf::Utf8ErrorKind::{self, *};

    proptest! {
        #![proptest_config(proptest_config(1500))]

        #[test]
        fn arbitrary_bytes_match_core(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
            check_utf8(&kernels(), &bytes);
        }

        #[test]
        fn interesting_bytes_match_core(bytes in prop::collection::vec(common::arb_utf8_byte(), 0..600)) {
            check_utf8(&kernels(), &bytes);
        }

        #[test]
        fn valid_text_is_accepted(s in common::arb_text(300)) {
            check_utf8(&kernels(), s.as_bytes());
            prop_assert_eq!(rapidutf::validate_utf8(s.as_bytes()), Ok(s.as_str()));
        }

        #[test]
        fn edited_text_matches_core(
            s in common::arb_text(300),
            edits in common::arb_edits(common::arb_utf8_byte()),
        ) {
            let bytes = common::apply(s.into_bytes(), &edits);
            check_utf8(&kernels(), &bytes);
        }

        /// One bad byte after a long valid prefix, so the error lands deep in
        /// a SIMD block at any alignment.
        #[test]
        fn single_error_late_in_text(
            prefix in common::arb_text(200),
            bad in common::arb_utf8_byte(),
            suffix in common::arb_text(100),
            shift in 0usize..64,
        ) {
            let mut bytes = vec![b'.'; shift];
            bytes.extend_from_slice(prefix.as_bytes());
            bytes.push(bad);
            bytes.extend_from_slice(suffix.as_bytes());
            check_utf8(&kernels(), &bytes);
        }

        /// Sub-slices at every alignment of one buffer (exercises unaligned
        /// loads and block tails).
        #[test]
        fn unaligned_subslices(bytes in common::arb_utf8_input(), start in 0usize..64) {
            let start = start.min(bytes.len());
            check_utf8(&kernels(), &bytes[start..]);
        }

        /// The input followed in memory by garbage that would change the
        /// answer if read: a kernel must not look past the end of its slice.
        #[test]
        fn nothing_past_the_end_is_read(
            bytes in common::arb_utf8_input(),
            garbage in prop::sample::select(vec![0xFFu8, 0x80, 0xBF, 0xC3, b'a']),
            cut in any::<prop::sample::Index>(),
        ) {
            let buf = common::padded(&bytes, garbage);
            check_utf8(&kernels(), &buf[..bytes.len()]);
            check_utf8(&kernels(), &buf[..cut.index(bytes.len() + 1)]);
        }

        #[test]
        fn is_ascii_matches_std(bytes in prop::collection::vec(0u8..0x80, 0..600), at in any::<usize>(), hi in 0x80u8..=0xFF, set in any::<bool>()) {
            let mut bytes = bytes;
            if set && !bytes.is_empty() {
                let n = bytes.len();
                bytes[at % n] = hi;
            }
            check_ascii(&kernels(), &bytes);
        }

        #[test]
        fn is_ascii_matches_std_arbitrary(bytes in common::arb_utf8_input()) {
            check_ascii(&kernels(), &bytes);
        }
    }

    /// `is_ascii` through dispatch and with every kernel against
    /// `<[u8]>::is_ascii`.
    fn check_ascii(ks: &[rapidutf::Kernel], bytes: &[u8]) {
        let want = bytes.is_ascii();
        assert_eq!(rapidutf::is_ascii(bytes), want, "dispatch, {} bytes", bytes.len());
        for &k in ks {
            assert_eq!(k.is_ascii(bytes), want, "{k}, {} bytes: {bytes:02X?}", bytes.len());
        }
    }

    /// `is_ascii` with exactly one non-ASCII byte at every position of buffers
    /// of every length up to 100, and of the lengths around the kernels'
    /// 64-byte blocks and 256-byte steps; from an aligned and a misaligned
    /// start.
    #[test]
    fn is_ascii_every_position() {
        let ks = kernels();
        let lens = (0..=100).chain([127, 128, 129, 191, 192, 193, 255, 256, 257, 319, 320, 513]);
        for len in lens {
            let mut v = vec![b'a'; len + 1];
            for start in [0, 1] {
                check_ascii(&ks, &v[start..start + len]);
            }
            for i in 0..len {
                for hi in [0x80, 0xFF] {
                    v[i] = hi;
                    check_ascii(&ks, &v[..len]);
                    check_ascii(&ks, &v[1..=len]);
                    check_ascii(&ks, &v[i..len]);
                    v[i] = b'a';
                }
            }
        }
    }

    /// `is_ascii` of inputs long enough (4 KiB on) that the kernels test
    /// the first block and then the blocks from the first cache-line
    /// boundary on: from every start offset in a line, with one non-ASCII
    /// byte at each position of the first 200 bytes and of the last 70.
    #[test]
    fn is_ascii_long_from_every_start_offset() {
        let ks = kernels();
        let len = 4200;
        let mut v = vec![b'a'; len + 64];
        for start in 0..64 {
            check_ascii(&ks, &v[start..start + len]);
            for i in (0..200).chain(len - 70..len) {
                v[start + i] = 0x80;
                check_ascii(&ks, &v[start..start + len]);
                v[start + i] = b'a';
            }
        }
    }

    /// The oracle classifier against hand-computed cases from the written
    /// rule, so a wrong oracle cannot hide a wrong library.
    #[test]
    fn kind_oracle_self_check() {
        let cases: &[(&[u8], usize, Option<usize>, Utf8ErrorKind)] = &[
            (b"\xC0\x80", 0, Some(1), InvalidByte),
            (b"a\xC1", 1, Some(1), InvalidByte),
            (b"\xF5\x80\x80\x80", 0, Some(1), InvalidByte),
            (b"\xFF", 0, Some(1), InvalidByte),
            (b"\x80", 0, Some(1), UnexpectedContinuation),
            (b"ab\xBF", 2, Some(1), UnexpectedContinuation),
            (b"\xE0\x80\x80", 0, Some(1), Overlong),
            (b"\xE0\x9F", 0, Some(1), Overlong),
            (b"\xF0\x8F\xBF\xBF", 0, Some(1), Overlong),
            (b"\xED\xA0\x80", 0, Some(1), Surrogate),
            (b"\xED\xBF", 0, Some(1), Surrogate),
            (b"\xF4\x90\x80\x80", 0, Some(1), TooLarge),
            (b"\xF4\xBF", 0, Some(1), TooLarge),
            (b"\xC3a", 0, Some(1), MissingContinuation),
            (b"\xE2\x82a", 0, Some(2), MissingContinuation),
            (b"\xF0\x9F\x98a", 0, Some(3), MissingContinuation),
            (b"\xE0\xC0", 0, Some(1), MissingContinuation),
            (b"\xF4\x8F\xBF\xC0", 0, Some(3), MissingContinuation),
            (b"\xC3", 0, None, Truncated),
            (b"\xE0\xA0", 0, None, Truncated),
            (b"x\xF4\x8F\xBF", 1, None, Truncated),
        ];
        for &(bytes, v, l, kind) in cases {
            let e = core::str::from_utf8(bytes).unwrap_err();
            assert_eq!((e.valid_up_to(), e.error_len()), (v, l), "{bytes:02X?}");
            assert_eq!(utf8_oracle(bytes), Err((v, l, kind)), "{bytes:02X?}");
            assert_eq!(oracle_kind(bytes, v, l), kind);
            // And the library, every kernel.
            check_utf8(&kernels(), bytes);
            let got = common::utf8_err(rapidutf::validate_utf8(bytes));
            assert_eq!((got.valid_up_to(), got.error_len(), got.kind()), (v, l, kind));
        }
    }

    /// Errors at and around the 16/32/64-byte block boundaries, the classic
    /// SIMD failure points (simdutf8's `incomplete_on_64th_byte` family), with
    /// every kind of error, for every kernel.
    #[test]
    fn errors_at_block_boundaries() {
        let ks = kernels();
        let seqs: &[&[u8]] = &[
            b"\xC3",
            b"\xE2\x82",
            b"\xF0\x9F\x98",
            b"\x80",
            b"\xC0\x80",
            b"\xE0\x80\x80",
            b"\xED\xA0\x80",
            b"\xF4\x90\x80\x80",
            b"\xF0\x8F\xBF\xBF",
            b"\xE2\x82(",
            b"\xFF",
            b"\xC3\xA9",
            b"\xE2\x82\xAC",
            b"\xF0\x9F\x98\x80",
        ];
        for len in [15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 95, 96, 127, 128, 129, 255, 256] {
            for &seq in seqs {
                for back in 0..=4 {
                    let Some(at) = (len as usize).checked_sub(back) else { continue };
                    let mut v = vec![b'a'; at];
                    v.extend_from_slice(seq);
                    check_utf8(&ks, &v);
                    v.extend_from_slice(b"tail of ascii text, long enough for a block.....");
                    check_utf8(&ks, &v);
                    let mut w: Vec<u8> = "é€😀".repeat(at / 9 + 1).into_bytes();
                    w.truncate(
                        core::str::from_utf8(&w).map_or(0, |s| s.floor_char_boundary_compat(at)),
                    );
                    w.extend_from_slice(seq);
                    w.extend_from_slice("ü€😀".as_bytes());
                    check_utf8(&ks, &w);
                }
            }
        }
    }

    /// `str::floor_char_boundary` is unstable; a local version.
    trait FloorCharBoundary {
        fn floor_char_boundary_compat(&self, i: usize) -> usize;
    }

    impl FloorCharBoundary for str {
        fn floor_char_boundary_compat(&self, i: usize) -> usize {
            let mut i = i.min(self.len());
            while !self.is_char_boundary(i) {
                i -= 1;
            }
            i
        }
    }
}

mod block_boundaries {
    //! The SIMD UTF-8 validators against `core::str::from_utf8`, for every
    //! kernel this CPU can run: each error kind at every offset near the start
    //! and around 4 KiB, random mutations next to the 16/32/64-byte vector and
    //! block boundaries, characters cut at a block boundary, and the corpus.
    use crate::common;

    use proptest::prelude::*;
    use rapidutf::{Kernel, Utf8ErrorKind};

    /// Checks one input with one kernel against core: the `Ok` string, or the
    /// error's `valid_up_to` and `error_len`; and `is_valid_utf8`. Returns the
    /// kernel's error kind, if any.
    fn check(k: Kernel, bytes: &[u8]) -> Option<Utf8ErrorKind> {
        let want = core::str::from_utf8(bytes);
        let got = k.validate_utf8(bytes);
        assert_eq!(k.is_valid_utf8(bytes), want.is_ok(), "{k}: is_valid_utf8 of {bytes:02X?}");
        match (want, got) {
            (Ok(w), Ok(g)) => {
                assert_eq!(w.as_ptr(), g.as_ptr());
                assert_eq!(w.len(), g.len());
                None
            }
            (Err(w), Err(g)) => {
                assert_eq!(
                    (g.valid_up_to(), g.error_len()),
                    (w.valid_up_to(), w.error_len()),
                    "{k}: error of {bytes:02X?}"
                );
                Some(g.kind())
            }
            (w, g) => panic!("{k}: core says {w:?}, kernel says {g:?} for {bytes:02X?}"),
        }
    }

    /// One bad sequence per row, with the kind it must be reported as, and
    /// whether it must end the input (a truncated character).
    const BAD: &[(&[u8], Utf8ErrorKind, bool)] = {
        use Utf8ErrorKind::*;
        &[
            (b"\xC0\x80", InvalidByte, false),
            (b"\xC1\xBF", InvalidByte, false),
            (b"\xF5\x80\x80\x80", InvalidByte, false),
            (b"\xF7\xBF\xBF\xBF", InvalidByte, false),
            (b"\xF8\x88\x80\x80", InvalidByte, false),
            (b"\xFE\x80", InvalidByte, false),
            (b"\xFF", InvalidByte, false),
            (b"\x80", UnexpectedContinuation, false),
            (b"\xBF\xBF", UnexpectedContinuation, false),
            (b"\xE0\x80\x80", Overlong, false),
            (b"\xE0\x9F\xBF", Overlong, false),
            (b"\xF0\x80\x80\x80", Overlong, false),
            (b"\xF0\x8F\xBF\xBF", Overlong, false),
            (b"\xED\xA0\x80", Surrogate, false),
            (b"\xED\xBF\xBF", Surrogate, false),
            (b"\xF4\x90\x80\x80", TooLarge, false),
            (b"\xF4\xBF\xBF\xBF", TooLarge, false),
            (b"\xC3A", MissingContinuation, false),
            (b"\xC3\xC3\xA9", MissingContinuation, false),
            (b"\xE2A", MissingContinuation, false),
            (b"\xE2\x82A", MissingContinuation, false),
            (b"\xF0\x9F\x98A", MissingContinuation, false),
            (b"\xF0\x9FA", MissingContinuation, false),
            (b"\xF4\x8F\xBF\xF4", MissingContinuation, false),
            (b"\xC3", Truncated, true),
            (b"\xE2\x82", Truncated, true),
            (b"\xF0\x9F\x98", Truncated, true),
        ]
    };

    /// Valid text of 1- to 4-byte characters, at least `len` bytes, cut at a
    /// character boundary at exactly `len` bytes by ASCII padding.
    fn multilingual(len: usize) -> Vec<u8> {
        let unit = "aé€😀 Ωж中ab\u{10FFFF}\u{FFFD}x\u{80}\u{7FF}\u{800}\u{10000}";
        let mut s = String::new();
        while s.len() < len {
            for c in unit.chars() {
                if s.len() + c.len_utf8() > len {
                    break;
                }
                s.push(c);
            }
            while s.len() < len && s.len() + 4 > len {
                s.push('.');
            }
        }
        assert_eq!(s.len(), len);
        s.into_bytes()
    }

    fn ascii(len: usize) -> Vec<u8> {
        (0..len).map(|i| b"the quick brown fox "[i % 20]).collect()
    }

    /// Each bad sequence at offset `at`, in a background made by `bg`, with
    /// valid text after it (unless it must end the input) of several lengths.
    fn bad_at(k: Kernel, bg: fn(usize) -> Vec<u8>, at: usize) {
        for &(seq, kind, at_end) in BAD {
            let suffixes: &[usize] = if at_end { &[0] } else { &[0, 1, 37, 130] };
            for &after in suffixes {
                let mut v = bg(at);
                v.extend_from_slice(seq);
                v.extend_from_slice(&bg(after));
                let got = check(k, &v);
                assert_eq!(got, Some(kind), "{k}: {seq:02X?} at {at}, {after} bytes after");
            }
        }
    }

    #[test]
    fn every_error_kind_at_every_offset() {
        for k in common::kernels() {
            for at in (0..200).chain(4080..4112) {
                bad_at(k, ascii, at);
                bad_at(k, multilingual, at);
            }
        }
    }

    /// Inputs long enough (4 KiB on) that the validators check them in two
    /// parts, split at the first cache-line boundary whose byte is not a
    /// continuation byte, among the first eight: from every start offset in
    /// a line, each error kind just before, at and after each of those
    /// boundaries (so in the first part, across the split and in the
    /// second), in ASCII and in multilingual text (where a boundary often
    /// falls inside a character and the split moves on), at 4.2 and 8.3 KB
    /// (AVX-512's 256- and 512-bit loops).
    #[test]
    fn long_inputs_from_every_start_offset() {
        let ks = common::kernels();
        let backgrounds: [fn(usize) -> Vec<u8>; 2] = [ascii, multilingual];
        for bg in backgrounds {
            for len in [4200, 8300] {
                let text = bg(len);
                let mut buf = vec![0u8; len + 64];
                for start in 0..64 {
                    let line = (64 - (buf.as_ptr() as usize + start) % 64) % 64;
                    buf[start..start + len].copy_from_slice(&text);
                    for &k in &ks {
                        check(k, &buf[start..start + len]);
                    }
                    for at in
                        (0..9).flat_map(|j| (line + 64 * j).saturating_sub(3)..line + 64 * j + 2)
                    {
                        for &(seq, _, at_end) in BAD {
                            let input = &mut buf[start..start + len];
                            let at = if at_end { len - seq.len() } else { at };
                            input[at..at + seq.len()].copy_from_slice(seq);
                            for &k in &ks {
                                check(k, input);
                            }
                            input[at..at + seq.len()].copy_from_slice(&text[at..at + seq.len()]);
                        }
                    }
                }
            }
        }
    }

    /// Every pair of bytes, straddling the 32-byte vector boundary (AVX2) and
    /// the 64-byte block boundary, in ASCII and followed by a 3-byte character:
    /// also after one and two whole ASCII blocks, which the kernels skip
    /// before their checks start.
    #[test]
    fn every_byte_pair_across_boundaries() {
        for k in common::kernels() {
            for a in 0..=255u8 {
                for b in 0..=255u8 {
                    for at in [31, 63, 127, 191] {
                        let mut v = ascii(at);
                        v.extend_from_slice(&[a, b]);
                        v.extend_from_slice("€ and some more ascii".as_bytes());
                        check(k, &v);
                    }
                }
            }
        }
    }

    #[test]
    fn valid_backgrounds_of_every_length() {
        for k in common::kernels() {
            for len in 0..300 {
                assert_eq!(check(k, &ascii(len)), None);
                assert_eq!(check(k, &multilingual(len)), None);
            }
        }
    }

    /// Every proper prefix of every multi-byte character, ending exactly at the
    /// last byte of a vector or block, followed by ASCII (a whole ASCII block,
    /// which skips the full check, or a short tail) or by the end of input.
    #[test]
    fn truncated_at_block_boundaries() {
        let cuts: &[&[u8]] = &[
            b"\xC3",
            b"\xE2",
            b"\xE2\x82",
            b"\xF0",
            b"\xF0\x9F",
            b"\xF0\x9F\x98",
            b"\xF4\x8F\xBF",
        ];
        for k in common::kernels() {
            for boundary in [16, 32, 48, 64, 80, 96, 128, 192, 256, 4096] {
                for cut in cuts {
                    for after in [0, 1, 15, 16, 63, 64, 65, 128, 200] {
                        for bg in [ascii as fn(usize) -> Vec<u8>, multilingual] {
                            let mut v = bg(boundary - cut.len());
                            v.extend_from_slice(cut);
                            v.extend_from_slice(&ascii(after));
                            let want = if after == 0 {
                                Utf8ErrorKind::Truncated
                            } else {
                                Utf8ErrorKind::MissingContinuation
                            };
                            assert_eq!(check(k, &v), Some(want), "{k}: {cut:02X?} at {boundary}");
                            // The same with a non-ASCII block later on.
                            v.extend_from_slice(&multilingual(150));
                            assert!(check(k, &v).is_some());
                        }
                    }
                }
            }
        }
    }

    /// Characters that straddle each vector and block boundary are valid.
    #[test]
    fn characters_straddling_boundaries() {
        let chars = ["é", "€", "😀", "\u{10FFFF}", "\u{800}", "\u{FFFD}"];
        for k in common::kernels() {
            for boundary in [16, 32, 48, 64, 128, 4096] {
                for c in chars {
                    for split in 1..c.len() {
                        for after in [0, 1, 64, 100] {
                            let mut v = ascii(boundary - split);
                            v.extend_from_slice(c.as_bytes());
                            v.extend_from_slice(&multilingual(after));
                            assert_eq!(check(k, &v), None, "{k}: {c} split {split} at {boundary}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn lipsum_is_valid() {
        let files = common::lipsum("utf8");
        for k in common::kernels() {
            for (lang, bytes) in &files {
                assert!(k.validate_utf8(bytes).is_ok(), "{k}: {lang}");
                assert!(k.is_valid_utf8(bytes), "{k}: {lang}");
            }
        }
    }

    /// Prefixes of the corpus cut at every length near the start and at
    /// scattered lengths further in: valid, or truncated exactly as core says.
    #[test]
    fn lipsum_prefixes() {
        let files = common::lipsum("utf8");
        for k in common::kernels() {
            for (_, bytes) in &files {
                for len in (0..260).chain((300..bytes.len()).step_by(997)) {
                    check(k, &bytes[..len]);
                }
            }
        }
    }

    /// Valid text of mixed-width characters around `len` bytes.
    fn valid_text(len: std::ops::Range<usize>) -> impl Strategy<Value = Vec<u8>> {
        let ch = prop_oneof![
            3 => 0x20u32..0x7F,
            1 => 0x80u32..0x800,
            1 => 0x800u32..0x10000,
            1 => 0x10000u32..0x110000,
        ]
        .prop_filter_map("surrogate", char::from_u32);
        proptest::collection::vec(ch, len)
            .prop_map(|cs| cs.into_iter().collect::<String>().into_bytes())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// A few bytes next to the 16/32/64-byte boundaries replaced with
        /// arbitrary ones (so mostly invalid, sometimes still valid).
        #[test]
        fn mutations_near_boundaries(
            text in valid_text(10..120),
            edits in proptest::collection::vec((1usize..8, 0usize..7, any::<u8>()), 1..4),
        ) {
            for k in common::kernels() {
                let mut v = text.clone();
                for &(block, delta, byte) in &edits {
                    // Positions boundary - 3 ..= boundary + 3.
                    let at = (block * 16 + delta).saturating_sub(3);
                    if at < v.len() {
                        v[at] = byte;
                    }
                }
                check(k, &v);
            }
        }

        /// Random text, valid or cut anywhere.
        #[test]
        fn random_text_and_cuts(text in valid_text(0..200), cut in any::<prop::sample::Index>()) {
            for k in common::kernels() {
                check(k, &text);
                let at = cut.index(text.len() + 1);
                check(k, &text[..at]);
            }
        }
    }

    /// Text of alternating ASCII and multilingual runs (so blocks switch
    /// between the ASCII fast path and the full check at random places).
    fn mixed_runs() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec((any::<bool>(), 0usize..300), 1..8).prop_map(|runs| {
            let mut v = Vec::new();
            for (is_ascii, len) in runs {
                v.extend_from_slice(&if is_ascii { ascii(len) } else { multilingual(len) });
            }
            v
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// One bad sequence at a random character boundary of mixed text.
        #[test]
        fn bad_sequence_in_mixed_runs(
            text in mixed_runs(),
            at in any::<prop::sample::Index>(),
            which in any::<prop::sample::Index>(),
        ) {
            let (seq, kind, at_end) = BAD[which.index(BAD.len())];
            let s = core::str::from_utf8(&text).unwrap();
            let mut at = at.index(text.len() + 1);
            while !s.is_char_boundary(at) {
                at -= 1;
            }
            let mut v = text[..at].to_vec();
            v.extend_from_slice(seq);
            if !at_end {
                v.extend_from_slice(&text[at..]);
            }
            for k in common::kernels() {
                prop_assert_eq!(check(k, &v), Some(kind), "{}: {:02X?} at {}", k, seq, at);
            }
        }
    }

    /// The dispatched free functions, whose inputs under 67 bytes never reach a
    /// kernel (an inline ASCII test, `core` for a few bytes, else the DFA).
    #[test]
    fn dispatched_short_and_long_inputs() {
        for at in 0..80 {
            for bg in [ascii as fn(usize) -> Vec<u8>, multilingual] {
                for &(seq, kind, at_end) in BAD {
                    for after in if at_end { &[0][..] } else { &[0, 1, 5, 70][..] } {
                        let mut v = bg(at);
                        v.extend_from_slice(seq);
                        v.extend_from_slice(&bg(*after));
                        let want = core::str::from_utf8(&v).unwrap_err();
                        let got = rapidutf::validate_utf8(&v).unwrap_err();
                        assert_eq!(
                            (got.valid_up_to(), got.error_len(), got.kind()),
                            (want.valid_up_to(), want.error_len(), kind),
                            "{v:02X?}"
                        );
                        assert!(!rapidutf::is_valid_utf8(&v));
                    }
                }
                let v = bg(at);
                assert_eq!(rapidutf::validate_utf8(&v).map(str::len), Ok(at));
                assert!(rapidutf::is_valid_utf8(&v));
            }
        }
    }
}

mod every_offset {
    //! An error of every `Utf8ErrorKind` at every byte offset 0..=130, after
    //! ASCII text and after multilingual text (so the error follows 1- to
    //! 4-byte characters at every alignment), followed by ASCII, by
    //! multilingual text, or by nothing; and the truncated-at-the-end cases.
    //! For every kernel, the free functions and the UTF-8 transcoders, the
    //! exact `valid_up_to`, `error_len` and `kind` are checked against a table
    //! of hand-derived answers and against core.

    #[cfg(feature = "transcode")]
    use crate::common::Key;
    use crate::common::{check_utf8, kernels, utf8_res};
    use rapidutf::Utf8ErrorKind::{self, *};

    /// `(sequence, error_len, kind)` of an error that starts the sequence.
    const ERRORS: &[(&[u8], Option<usize>, Utf8ErrorKind)] = &[
        (b"\xC0\x80", Some(1), InvalidByte),
        (b"\xC1\xBF", Some(1), InvalidByte),
        (b"\xF5\x80\x80\x80", Some(1), InvalidByte),
        (b"\xF8\x88\x80\x80\x80", Some(1), InvalidByte),
        (b"\xFF", Some(1), InvalidByte),
        (b"\x80", Some(1), UnexpectedContinuation),
        (b"\xBF\xBF", Some(1), UnexpectedContinuation),
        (b"\x9F", Some(1), UnexpectedContinuation),
        (b"\xE0\x80\x80", Some(1), Overlong),
        (b"\xE0\x9F\xBF", Some(1), Overlong),
        (b"\xF0\x80\x80\x80", Some(1), Overlong),
        (b"\xF0\x8F\xBF\xBF", Some(1), Overlong),
        (b"\xED\xA0\x80", Some(1), Surrogate),
        (b"\xED\xBF\xBF", Some(1), Surrogate),
        (b"\xF4\x90\x80\x80", Some(1), TooLarge),
        (b"\xF4\xBF\xBF\xBF", Some(1), TooLarge),
        (b"\xC3(", Some(1), MissingContinuation),
        (b"\xDF\xC3\xA9", Some(1), MissingContinuation),
        (b"\xE0(", Some(1), MissingContinuation),
        (b"\xE2\x82(", Some(2), MissingContinuation),
        (b"\xE2\xC3\xA9", Some(1), MissingContinuation),
        (b"\xED\x9F\xF0", Some(2), MissingContinuation),
        (b"\xF0\x90(", Some(2), MissingContinuation),
        (b"\xF0\x9F\x98(", Some(3), MissingContinuation),
        (b"\xF4\x8F\xBF\xC0", Some(3), MissingContinuation),
        (b"\xF1\x80\x80\xE2\x82\xAC", Some(3), MissingContinuation),
    ];

    /// Sequences valid so far but cut off by the end of the input.
    const TRUNCATED: &[&[u8]] = &[
        b"\xC3",
        b"\xDF",
        b"\xE0",
        b"\xE0\xA0",
        b"\xE2\x82",
        b"\xED\x9F",
        b"\xEF\xBF",
        b"\xF0\x90",
        b"\xF0\x9F\x98",
        b"\xF3\xBF\xBF",
        b"\xF4\x8F\xBF",
    ];

    const MULTI: [char; 10] = ['é', '€', '😀', 'ж', '中', '𝄞', 'ß', 'ह', '\u{10FFFF}', '\u{7FF}'];

    /// Valid prefixes of exactly `len` bytes: ASCII, and four multilingual
    /// ones, each ending with a multi-byte character where possible.
    fn prefixes(len: usize) -> Vec<Vec<u8>> {
        let mut out = vec![vec![b'a'; len]];
        for rot in 0..4 {
            let mut s = String::new();
            let mut k = rot;
            loop {
                let c = MULTI[k % MULTI.len()];
                if s.len() + c.len_utf8() > len {
                    break;
                }
                s.push(c);
                k += 3;
            }
            // Pad with ASCII in front, so multi-byte characters end the prefix.
            let mut v = vec![b' '; len - s.len()];
            v.extend_from_slice(s.as_bytes());
            assert_eq!(v.len(), len);
            assert!(core::str::from_utf8(&v).is_ok());
            out.push(v);
        }
        out
    }

    const SUFFIXES: [&str; 3] =
        ["", " and ASCII text after the error, long enough to fill a block", "ü€😀 and then ж中"];

    fn check(ks: &[rapidutf::Kernel], input: &[u8], want: (usize, Option<usize>, Utf8ErrorKind)) {
        let tag = || format!("{input:02X?}");
        assert_eq!(utf8_res(rapidutf::validate_utf8(input)), Err(want), "{}", tag());
        assert!(!rapidutf::is_valid_utf8(input), "{}", tag());
        for &k in ks {
            assert_eq!(utf8_res(k.validate_utf8(input)), Err(want), "{k}: {}", tag());
            assert!(!k.is_valid_utf8(input), "{k}: {}", tag());
        }
        // And against core, through the shared oracle.
        check_utf8(ks, input);
        // The transcoders report the same error, in input units.
        #[cfg(feature = "transcode")]
        {
            let mut b16 = vec![0u16; input.len()];
            let e = rapidutf::utf8_to_utf16(input, &mut b16).unwrap_err();
            assert_eq!(e.invalid().map(Key::key), Some(want), "utf8_to_utf16: {}", tag());
            let mut b32 = vec![0u32; input.len()];
            let e = rapidutf::utf8_to_utf32(input, &mut b32).unwrap_err();
            assert_eq!(e.invalid().map(Key::key), Some(want), "utf8_to_utf32: {}", tag());
        }
    }

    #[test]
    fn every_kind_at_every_offset() {
        let ks = kernels();
        let mut kinds = std::collections::HashSet::new();
        for off in 0..=130 {
            for prefix in prefixes(off) {
                for &(seq, len, kind) in ERRORS {
                    for suffix in SUFFIXES {
                        let mut input = prefix.clone();
                        input.extend_from_slice(seq);
                        input.extend_from_slice(suffix.as_bytes());
                        check(&ks, &input, (off, len, kind));
                        kinds.insert(kind);
                    }
                }
            }
        }
        // Every kind but Truncated was exercised (Truncated: next test).
        let all = [InvalidByte, UnexpectedContinuation, Overlong, Surrogate, TooLarge];
        assert!(all.iter().chain([&MissingContinuation]).all(|k| kinds.contains(k)), "{kinds:?}");
    }

    #[test]
    fn truncated_at_the_very_end_at_every_offset() {
        let ks = kernels();
        for off in 0..=130 {
            for prefix in prefixes(off) {
                for &seq in TRUNCATED {
                    let mut input = prefix.clone();
                    input.extend_from_slice(seq);
                    check(&ks, &input, (off, None, Truncated));
                    // The same bytes followed by anything that is not a
                    // continuation byte are a MissingContinuation instead.
                    input.push(b'x');
                    check(&ks, &input, (off, Some(seq.len()), MissingContinuation));
                }
            }
        }
    }
}

mod exhaustive {
    //! Every 1- and 2-byte input, alone and straddling the 16/32/64-byte
    //! block boundaries; every 3- and 4-byte lead (`E0..=FF`) followed by 1 to
    //! 3 bytes drawn from the edges of every byte class, in every position;
    //! every encoded surrogate and too-large four-byte form. Debug builds
    //! (where SIMD intrinsics are slow calls) trim the heaviest loops as
    //! documented at [`THOROUGH`]; release builds run everything.
    use crate::common::{check_utf8, kernels};

    /// Prefixes that put a short sequence across a block boundary.
    const STRADDLE: [usize; 3] = [15, 31, 63];
    const TAIL: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTU";

    #[test]
    fn all_one_and_two_byte_inputs() {
        let ks = kernels();
        check_utf8(&ks, b"");
        for a in 0..=255u8 {
            check_utf8(&ks, &[a]);
            for b in 0..=255u8 {
                check_utf8(&ks, &[a, b]);
            }
        }
    }

    /// Unoptimised builds run the SIMD kernels' intrinsics as calls, tens of
    /// times slower. There the heaviest loops are trimmed: each two-byte input
    /// straddles one block boundary (rotating) instead of all three; three-byte
    /// leads get two more bytes and never-leading bytes one (instead of three);
    /// and every 7th too-large four-byte form is checked.
    const THOROUGH: bool = !cfg!(debug_assertions);

    #[test]
    fn all_two_byte_inputs_across_block_boundaries() {
        let ks = kernels();
        let mut buf = Vec::with_capacity(160);
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let pair = usize::from(a) << 8 | usize::from(b);
                // Every pair straddles each boundary (in debug builds, one of
                // them), followed by ASCII or at the very end, alternating.
                for (j, &p) in STRADDLE.iter().enumerate() {
                    if !THOROUGH && pair % STRADDLE.len() != j {
                        continue;
                    }
                    buf.clear();
                    buf.resize(p, b'a');
                    buf.extend_from_slice(&[a, b]);
                    if (pair / STRADDLE.len() + j) % 2 == 0 {
                        buf.extend_from_slice(TAIL);
                    }
                    check_utf8(&ks, &buf);
                }
            }
        }
    }

    /// Values at the edges of every byte class.
    const EDGES: [u8; 23] = [
        0x00, 0x41, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xA1, 0xBE, 0xBF, 0xC0, 0xC1, 0xC2,
        0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
    ];

    /// `lead` followed by every sequence of 0 to `max` bytes from `EDGES`.
    fn sequences(lead: u8, max: usize) -> Vec<Vec<u8>> {
        let mut seqs: Vec<Vec<u8>> = vec![vec![lead]];
        let mut last = seqs.clone();
        for _ in 0..max {
            last = last
                .iter()
                .flat_map(|s| {
                    EDGES.iter().map(move |&e| {
                        let mut t = s.clone();
                        t.push(e);
                        t
                    })
                })
                .collect();
            seqs.extend(last.iter().cloned());
        }
        seqs
    }

    #[test]
    fn three_and_four_byte_leads_with_edge_continuations() {
        let ks = kernels();
        let prefixes = [0usize, 14, 29, 61];
        let mut buf = Vec::with_capacity(160);
        let mut count = 0usize;
        // Three-byte leads with two more bytes, four-byte leads with three
        // (and in thorough runs, every lead from E0 with three), and the bytes
        // that never lead with one.
        let plan = (0xE0..=0xFFu8).map(|lead| match lead {
            0xE0..=0xEF if !THOROUGH => (lead, 2),
            0xF5..=0xFF if !THOROUGH => (lead, 1),
            _ => (lead, 3),
        });
        for (lead, max) in plan {
            for seq in sequences(lead, max) {
                count += 1;
                let p = prefixes[count % prefixes.len()];
                // At the end of the input (truncation matters) ...
                buf.clear();
                buf.resize(p, b'a');
                buf.extend_from_slice(&seq);
                check_utf8(&ks, &buf);
                // ... and followed by ASCII.
                buf.extend_from_slice(&TAIL[..20]);
                check_utf8(&ks, &buf);
            }
        }
        let n = |k: u32| (0..=k).map(|i| 23usize.pow(i)).sum::<usize>();
        let want = if THOROUGH { 32 * n(3) } else { 16 * n(2) + 5 * n(3) + 11 * n(1) };
        assert_eq!(count, want);
    }

    /// Every encoded surrogate (`ED A0..BF 80..BF`) and every too-large
    /// four-byte form (`F4 90..BF ..`), alone, as UTF-8 for every kernel.
    #[test]
    fn every_encoded_surrogate_and_too_large() {
        let ks = kernels();
        // (In debug builds every 7th too-large value: each byte value still occurs.)
        let too_large = (0x110000u32..0x140000).step_by(if THOROUGH { 1 } else { 7 });
        for cp in (0xD800u32..0xE000).chain(too_large) {
            let bytes: Vec<u8> = if cp < 0x10000 {
                vec![
                    0xE0 | (cp >> 12) as u8,
                    0x80 | (cp >> 6 & 0x3F) as u8,
                    0x80 | (cp & 0x3F) as u8,
                ]
            } else {
                vec![
                    0xF0 | (cp >> 18) as u8,
                    0x80 | (cp >> 12 & 0x3F) as u8,
                    0x80 | (cp >> 6 & 0x3F) as u8,
                    0x80 | (cp & 0x3F) as u8,
                ]
            };
            assert!(core::str::from_utf8(&bytes).is_err());
            check_utf8(&ks, &bytes);
        }
    }
}

mod corpus {
    //! Every kernel validates every text of the corpus, and finds errors
    //! injected into it exactly as core does.
    use crate::common;
    use crate::common::{check_utf8, corpus, kernels};

    #[test]
    fn every_kernel_validates_the_corpus() {
        let ks = kernels();
        for t in corpus() {
            let s = core::str::from_utf8(&t.utf8).expect("corpus is valid UTF-8");
            assert_eq!(
                common::utf8_res(rapidutf::validate_utf8(&t.utf8)),
                Ok(s.len()),
                "{}",
                t.lang
            );
            for &k in &ks {
                assert_eq!(
                    common::utf8_res(k.validate_utf8(&t.utf8)),
                    Ok(s.len()),
                    "{k}: {}",
                    t.lang
                );
                assert!(k.is_valid_utf8(&t.utf8), "{k}: {}", t.lang);
            }
            // Cut at arbitrary bytes (often mid-character): identical to core.
            let n = t.utf8.len();
            for i in (0..n).step_by(n / 7 + 1).chain([n - 1, n - 2, n - 3]) {
                check_utf8(&ks, &t.utf8[..i]);
                check_utf8(&ks, &t.utf8[i..]);
            }
            // One byte replaced at spread-out positions, deep inside a 4 KiB
            // window that starts on a character boundary: identical to core.
            for i in (3000..n - 1000).step_by(n / 23 + 1) {
                let start = (0..=i - 3000).rev().find(|&j| s.is_char_boundary(j)).unwrap();
                for bad in [0x80, 0xC0, 0xE0, 0xED, 0xF4, 0xFF, b'a'] {
                    let mut v = t.utf8[start..i + 1000].to_vec();
                    v[i - start] = bad;
                    check_utf8(&ks, &v);
                }
            }
        }
    }
}

mod dropins {
    //! `from_utf8`, `from_utf8_mut` and `string_from_utf8` against core and std.
    use crate::common::cases::*;
    use proptest::prelude::*;

    pub(super) fn check_dropins(bytes: &[u8]) {
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

        #[cfg(feature = "alloc")]
        check_string_from_utf8(bytes);
    }

    #[cfg(feature = "alloc")]
    fn check_string_from_utf8(bytes: &[u8]) {
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

    #[cfg(feature = "alloc")]
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]


        #[test]
        fn dropins_match_std(bytes in mostly_utf8()) {
            check_dropins(&bytes);
        }

    }
}

mod many_strings {
    //! The many-strings validators (offsets and ranges), with every kernel,
    //! against `core::str::from_utf8` per string.
    use crate::common::cases::*;
    use proptest::prelude::*;
    use rapidutf::{Kernel, ManyStringsErrorKind};
    use std::ops::Range;

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
    pub(super) fn check_offsets(buf: &[u8], offsets: &[usize]) {
        let strings: Vec<(usize, usize)> = offsets.windows(2).map(|w| (w[0], w[1])).collect();
        let want = many_oracle(buf, &strings);
        let u32s: Vec<u32> = offsets.iter().map(|&o| o as u32).collect();
        let u64s: Vec<u64> = offsets.iter().map(|&o| o as u64).collect();
        let i32s: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
        let i64s: Vec<i64> = offsets.iter().map(|&o| o as i64).collect();
        assert_eq!(
            many_result(rapidutf::validate_utf8_offsets(buf, &u32s)),
            want,
            "u32 {offsets:?}"
        );
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
        // Negative i32/i64 offsets are reported as such, before anything
        // else about the string, and only for the strings they bound.
        let e = rapidutf::validate_utf8_offsets(buf, &[0i32, -1]).unwrap_err();
        assert_eq!((e.index(), e.kind()), (0, ManyStringsErrorKind::Negative));
        let e = rapidutf::validate_utf8_offsets(buf, &[-3i64, 2]).unwrap_err();
        assert_eq!((e.index(), e.kind()), (0, ManyStringsErrorKind::Negative));
        assert_eq!(e.to_string(), "string 0: offset or length is negative");
        let e = rapidutf::validate_utf8_offsets(buf, &[0i64, 0, 99, i64::MIN]).unwrap_err();
        assert_eq!((e.index(), e.kind()), (1, ManyStringsErrorKind::OutOfBounds));
        let e = rapidutf::validate_utf8_offsets(buf, &[0i32, 0, i32::MIN, 5]).unwrap_err();
        assert_eq!((e.index(), e.kind()), (1, ManyStringsErrorKind::Negative));
        for k in Kernel::available() {
            let e = k.validate_utf8_offsets(buf, &[0i32, 0, 0, -4]).unwrap_err();
            assert_eq!((e.index(), e.kind()), (2, ManyStringsErrorKind::Negative), "{k}");
        }
    }

    #[test]
    fn many_strings_mid_character_in_later_groups() {
        // 3300 strings "é" (C3 A9) and "a" (short strings: the long
        // groups), then as many of 24 bytes (more than the long groups'
        // bytes: the short groups). Each offset of an "é" in turn moved
        // into it, so that the strings on both sides become invalid, or
        // the "é" cut; and each offset around a group boundary moved below
        // the one before it.
        let long = "é abcdefghijklmnopqrstu".as_bytes();
        for unit in ["é".as_bytes(), long] {
            let strings: Vec<&[u8]> =
                (0..3300).map(|i| if i % 3 == 0 { unit } else { b"a" }).collect();
            let (buf, offsets) = arrow(&strings);
            check_offsets(&buf, &offsets);
            for k in (1..offsets.len() - 1).filter(|&k| strings[k] == unit).step_by(11) {
                let mut moved = offsets.clone();
                moved[k] += 1;
                check_offsets(&buf, &moved);
                let mut cut = buf.clone();
                cut[offsets[k] + 1] = b'a'; // "é" loses its continuation byte
                check_offsets(&cut, &offsets);
            }
            for group in [256, 1024] {
                for k in (1..4).flat_map(|g| g * group - 1..=g * group + 1) {
                    let mut back = offsets.clone();
                    back[k] = back[k - 1] - 1;
                    check_offsets(&buf, &back);
                }
            }
        }
    }

    #[test]
    fn many_strings_long() {
        // Strings long enough for the kernels, each kind of error in one string.
        let text = TEXT.repeat(2);
        let text = text.as_bytes();
        for bad in BAD {
            for at in 0..6 {
                let mut strings: Vec<Vec<u8>> =
                    (0..6).map(|i| text[..20 + 40 * i].to_vec()).collect();
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
}

mod window_boundaries {
    //! Every character length and every invalid sequence at every offset of
    //! a 128-byte span after every script (`rapidutf_testkit::boundary`),
    //! through every kernel's validation and `is_ascii`, the free functions,
    //! the drop-ins, and (on one case in four below the `full` level)
    //! many-strings validation with a string starting at the probe, against
    //! core.
    use crate::common::boundary::{level, utf8_cases};
    use crate::common::{kernels, utf8_oracle, utf8_res};

    #[test]
    fn every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        for case in utf8_cases(level()) {
            let placed = case.placed();
            let src = placed.get();
            let want = utf8_oracle(src).map(str::len);
            let check = |who: &dyn std::fmt::Display, got, valid| {
                if let Ok(s) = got {
                    let s: &str = s;
                    assert!(std::ptr::eq(s.as_bytes(), src), "{who}: Ok is not the input");
                }
                assert_eq!(utf8_res(got), want, "{who}: {}", case.label());
                assert_eq!(valid, want.is_ok(), "{who}: is_valid_utf8, {}", case.label());
            };
            check(&"free functions", rapidutf::validate_utf8(src), rapidutf::is_valid_utf8(src));
            for &k in &ks {
                check(&k, k.validate_utf8(src), k.is_valid_utf8(src));
                assert_eq!(k.is_ascii(src), src.is_ascii(), "{k}: is_ascii, {}", case.label());
            }
            super::dropins::check_dropins(src);
            if case.one_in(4) {
                super::many_strings::check_offsets(src, &[0, case.at, src.len()]);
            }
        }
    }
}
