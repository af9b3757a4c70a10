//! Lossy decoding (`utf8_to_string_lossy`, `utf16*_to_string_lossy`)
//! against `String::from_utf8_lossy` and `String::from_utf16_lossy`.

#[cfg(feature = "alloc")]
mod against_std {
    //! Lossy decoding against std: `utf8_to_string_lossy` is byte-identical to
    //! `String::from_utf8_lossy` (and borrows exactly when the input is
    //! valid); `utf16*_to_string_lossy` are identical to
    //! `String::from_utf16_lossy` of the units' values.

    use crate::common;

    use crate::common::proptest_config;
    #[cfg(feature = "transcode")]
    use crate::common::Order;
    use proptest::prelude::*;
    use std::borrow::Cow;

    fn check_utf8_lossy(bytes: &[u8]) {
        let got = rapidutf::utf8_to_string_lossy(bytes);
        let want = String::from_utf8_lossy(bytes);
        assert_eq!(got.as_bytes(), want.as_bytes(), "{bytes:02X?}");
        match (&got, core::str::from_utf8(bytes)) {
            (Cow::Borrowed(s), Ok(_)) => {
                assert_eq!(s.as_ptr(), bytes.as_ptr(), "must borrow the input")
            }
            (Cow::Owned(_), Err(_)) => {}
            (got, valid) => panic!(
                "borrowed = {}, but input valid = {}",
                matches!(got, Cow::Borrowed(_)),
                valid.is_ok()
            ),
        }
    }

    #[cfg(feature = "transcode")]
    fn check_utf16_lossy(values: &[u16]) {
        let want = String::from_utf16_lossy(values);
        assert_eq!(rapidutf::utf16_to_string_lossy(values), want, "{values:X?}");
        let le = Order::Le.encode(values);
        assert_eq!(rapidutf::utf16le_to_string_lossy(&le), want, "LE {values:X?}");
        let be = Order::Be.encode(values);
        assert_eq!(rapidutf::utf16be_to_string_lossy(&be), want, "BE {values:X?}");
    }

    proptest! {
        #![proptest_config(proptest_config(1500))]

        #[test]
        fn utf8_lossy_matches_std(bytes in common::arb_utf8_input()) {
            check_utf8_lossy(&bytes);
        }

        #[test]
        fn utf8_lossy_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
            check_utf8_lossy(&bytes);
        }

        #[cfg(feature = "transcode")]
        #[test]
        fn utf16_lossy_matches_std(values in common::arb_utf16_input()) {
            check_utf16_lossy(&values);
        }
    }

    /// Maximal-subpart cases (Unicode §3.9, Table 3-8 and the bstr list), each
    /// against std, alone and between text.
    #[test]
    fn maximal_subparts() {
        let cases: &[&[u8]] = &[
            b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
            b"\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41",
            b"\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41",
            b"\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42",
            b"\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41",
            b"\xF0\x80",
            b"\xF0\x90\x80",
            b"\xE0",
            b"\xE0\xA0",
            b"\xFE\xFF",
            b"\xEF\xBF\xBE\xEF\xBF\xBF",
            b"a\xE1\xA0\xC0b",
        ];
        for &c in cases {
            check_utf8_lossy(c);
            let mut padded = b"\xE4\xB8\xAD text before ".to_vec();
            padded.extend_from_slice(c);
            padded.extend_from_slice(b" and text after, enough for a 32-byte block");
            check_utf8_lossy(&padded);
        }
        // Hand-computed, to check std and the library against a known answer.
        assert_eq!(
            rapidutf::utf8_to_string_lossy(b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64"),
            "a\u{FFFD}\u{FFFD}\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}d"
        );
    }

    /// Every two-unit UTF-16 input made of surrogate-edge values.
    #[cfg(feature = "transcode")]
    #[test]
    fn utf16_lossy_surrogate_edges() {
        let edges = [0x41u16, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF];
        for &a in &edges {
            for &b in &edges {
                for &c in &edges {
                    check_utf16_lossy(&[a, b, c]);
                }
            }
        }
    }
}

mod every_offset {
    //! Lossy decoding against std (`String::from_utf8_lossy`,
    //! `String::from_utf16_lossy`), with errors at every offset across the
    //! kernels' block boundaries, error clusters, and the corpus with
    //! injected errors.
    //!
    //! UTF-8 is checked through dispatch and with every kernel
    //! (`Kernel::utf8_to_string_lossy`, which uses the kernel's grouped and
    //! block-exact validation); UTF-16 lossy decoding builds on the public
    //! validation and transcoding functions, whose kernels have their own
    //! tests.

    use crate::common;

    use proptest::prelude::*;

    fn check8(b: &[u8]) {
        let ours = rapidutf::utf8_to_string_lossy(b);
        let std = String::from_utf8_lossy(b);
        assert_eq!(ours, std, "input {:02x?}", &b[..b.len().min(300)]);
        assert_eq!(matches!(ours, std::borrow::Cow::Borrowed(_)), std::str::from_utf8(b).is_ok());
        for k in common::kernels() {
            assert_eq!(
                k.utf8_to_string_lossy(b),
                std,
                "{k}, input {:02x?}",
                &b[..b.len().min(300)]
            );
        }
    }

    #[cfg(feature = "transcode")]
    fn check16(u: &[u16]) {
        let std = String::from_utf16_lossy(u);
        assert_eq!(
            rapidutf::utf16_to_string_lossy(u),
            std,
            "input {:04x?}",
            &u[..u.len().min(200)]
        );
        let le: Vec<u16> = u.iter().map(|x| x.to_le()).collect();
        let be: Vec<u16> = u.iter().map(|x| x.to_be()).collect();
        assert_eq!(rapidutf::utf16le_to_string_lossy(&le), std);
        assert_eq!(rapidutf::utf16be_to_string_lossy(&be), std);
    }

    /// Multilingual valid text of at least `n` bytes.
    fn text(n: usize) -> String {
        let mut s = String::new();
        let corpus = common::lipsum("utf8");
        'outer: loop {
            for (_, b) in &corpus {
                s.extend(std::str::from_utf8(b).unwrap().chars().take(40));
                if s.len() >= n {
                    break 'outer;
                }
            }
        }
        s
    }

    /// The invalid sequences that start a maximal subpart of each kind.
    const BAD: [&[u8]; 12] = [
        b"\xFF",
        b"\x80",
        b"\xBF\xBF",
        b"\xC0\xAF",
        b"\xC2",
        b"\xE0\x80\x80",
        b"\xE1\x80",
        b"\xED\xA0\x80",
        b"\xF0\x80\x80\x80",
        b"\xF4\x90\x80\x80",
        b"\xF1\x80\x80",
        b"\xF5",
    ];

    /// Every error kind at every offset 0..=200 (across the 16/32/64-byte
    /// vectors and blocks), in ASCII and in multilingual text, alone, in
    /// pairs, and as a cluster.
    #[test]
    fn errors_at_every_offset() {
        let ascii = vec![b'a'; 300];
        let multi = text(300).into_bytes();
        for base in [&ascii, &multi] {
            for bad in BAD {
                for at in 0..=200 {
                    let mut v = base[..at].to_vec();
                    v.extend_from_slice(bad);
                    v.extend_from_slice(&base[at..]);
                    check8(&v);
                    // A second error further on, and one at the very end.
                    let mut w = v.clone();
                    w.insert((at + 70).min(w.len()), 0xFF);
                    check8(&w);
                    w.extend_from_slice(bad);
                    check8(&w);
                }
            }
            // Overwrite single bytes: breaks the character there (clusters of
            // orphaned continuation bytes).
            for at in 0..base.len() {
                let mut v = base.clone();
                v[at] = 0xFF;
                check8(&v);
            }
        }
    }

    /// Corpus text with a byte overwritten every `every` bytes, for several
    /// spacings: many errors per kernel call, and few.
    #[test]
    fn lipsum_with_errors() {
        for (_, bytes) in common::lipsum("utf8") {
            check8(&bytes);
            for every in [7, 63, 64, 65, 333, 1000, 4096] {
                let mut v = bytes.clone();
                for i in (every / 2..v.len()).step_by(every) {
                    v[i] = if i % 3 == 0 { 0xFF } else { 0x80 };
                }
                check8(&v);
            }
            #[cfg(feature = "transcode")]
            {
                let s = std::str::from_utf8(&bytes).unwrap();
                let units: Vec<u16> = s.encode_utf16().collect();
                check16(&units);
                for every in [5, 31, 32, 33, 500] {
                    let mut u = units.clone();
                    for (n, i) in (every / 2..u.len()).step_by(every).enumerate() {
                        u[i] = [0xD800, 0xDC00, 0xDBFF, 0xDFFF][n % 4];
                    }
                    check16(&u);
                }
            }
        }
    }

    /// Lone and misordered surrogates at every offset across the 8/16/32-unit
    /// vector boundaries, in BMP and supplementary text.
    #[cfg(feature = "transcode")]
    #[test]
    fn utf16_surrogates_at_every_offset() {
        let t = text(200);
        let base: Vec<u16> = t.encode_utf16().collect();
        for bad in [&[0xD800u16][..], &[0xDC00], &[0xDC00, 0xD800], &[0xD800, 0xD800], &[0xDBFF]] {
            for at in 0..=100.min(base.len()) {
                let mut u = base[..at].to_vec();
                u.extend_from_slice(bad);
                u.extend_from_slice(&base[at..]);
                check16(&u);
                u.extend_from_slice(bad);
                check16(&u);
            }
        }
    }

    proptest! {
        #[test]
        fn utf8_arbitrary(b in proptest::collection::vec(any::<u8>(), 0..600)) {
            check8(&b);
        }

        /// Mostly valid text with a few bad sequences spliced in.
        #[test]
        fn utf8_spliced(
            s in "\\PC{0,300}",
            cuts in proptest::collection::vec((any::<prop::sample::Index>(), 0..BAD.len()), 0..6),
        ) {
            let mut v = s.into_bytes();
            for (at, k) in cuts {
                let at = at.index(v.len() + 1);
                v.splice(at..at, BAD[k].iter().copied());
            }
            check8(&v);
        }

        #[cfg(feature = "transcode")]
        #[test]
        fn utf16_arbitrary(u in proptest::collection::vec(any::<u16>(), 0..400)) {
            check16(&u);
        }

        /// Valid UTF-16 with surrogates sprinkled in.
        #[cfg(feature = "transcode")]
        #[test]
        fn utf16_spliced(
            s in "\\PC{0,200}",
            cuts in proptest::collection::vec((any::<prop::sample::Index>(), 0xD800u16..0xE000), 0..6),
        ) {
            let mut u: Vec<u16> = s.encode_utf16().collect();
            for (at, x) in cuts {
                let at = at.index(u.len() + 1);
                u.insert(at, x);
            }
            check16(&u);
        }
    }
}

#[cfg(all(feature = "std", feature = "stream"))]
mod strategies {
    //! The error strategies (`utf8_to_string_lossy_with`,
    //! `utf8_to_utf16{,le,be}_lossy_with`, `utf8_to_utf32_lossy_with`) against two independent oracles: std's
    //! `Utf8Chunks` (which yields the same maximal invalid subparts) with
    //! the Windows-1252 table from CPython's codec
    //! (`tests/fixtures/windows1252.txt`), and CPython's own UTF-8 decoder
    //! run with `errors="ignore"` and with an error handler that decodes
    //! each reported range in Latin-1 or cp1252.

    use crate::common;
    use proptest::prelude::*;
    use rapidutf::ErrorStrategy;
    use std::sync::OnceLock;

    /// Byte to char in Windows-1252, from the CPython-generated fixture.
    fn windows1252() -> &'static [char; 256] {
        static TABLE: OnceLock<[char; 256]> = OnceLock::new();
        TABLE.get_or_init(|| {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures/windows1252.txt");
            let text = std::fs::read_to_string(&path).expect("windows1252.txt");
            let mut table = ['\0'; 256];
            let mut rows = 0;
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                let (b, c) = line.split_once(' ').expect("two columns");
                let b = usize::from_str_radix(b, 16).expect("byte");
                let c = u32::from_str_radix(c, 16).expect("code point");
                table[b] = char::from_u32(c).expect("a char");
                rows += 1;
            }
            assert_eq!(rows, 256);
            table
        })
    }

    /// The expected output by std's chunking into valid text and maximal
    /// invalid subparts.
    fn oracle(bytes: &[u8], strategy: ErrorStrategy) -> String {
        let mut out = String::new();
        for chunk in bytes.utf8_chunks() {
            out.push_str(chunk.valid());
            let bad = chunk.invalid();
            if bad.is_empty() {
                continue;
            }
            match strategy {
                ErrorStrategy::Replace => out.push(char::REPLACEMENT_CHARACTER),
                ErrorStrategy::Ignore => {}
                ErrorStrategy::Latin1 => out.extend(bad.iter().map(|&b| char::from(b))),
                ErrorStrategy::Windows1252 => {
                    out.extend(bad.iter().map(|&b| windows1252()[usize::from(b)]))
                }
                _ => unreachable!("a strategy without an oracle"),
            }
        }
        out
    }

    pub(super) fn check(bytes: &[u8]) {
        for &strategy in ErrorStrategy::ALL {
            let want = oracle(bytes, strategy);
            let got = rapidutf::utf8_to_string_lossy_with(bytes, strategy);
            assert_eq!(got, want, "{strategy} {bytes:02X?}");
            let units = rapidutf::utf8_to_utf16_lossy_with(bytes, strategy);
            assert!(
                want.encode_utf16().eq(units.iter().copied()),
                "{strategy} UTF-16 {bytes:02X?}"
            );
            let le = rapidutf::utf8_to_utf16le_lossy_with(bytes, strategy);
            assert!(
                want.encode_utf16().eq(le.iter().map(|&u| u16::from_le(u))),
                "{strategy} UTF-16LE {bytes:02X?}"
            );
            let be = rapidutf::utf8_to_utf16be_lossy_with(bytes, strategy);
            assert!(
                want.encode_utf16().eq(be.iter().map(|&u| u16::from_be(u))),
                "{strategy} UTF-16BE {bytes:02X?}"
            );
            let values = rapidutf::utf8_to_utf32_lossy_with(bytes, strategy);
            assert!(want.chars().map(u32::from).eq(values), "{strategy} UTF-32 {bytes:02X?}");
        }
    }

    /// Feeds `bytes` to a streaming decoder in the chunks `cuts` makes,
    /// with an output buffer of `room` units per call (calling again while
    /// the buffer fills); the concatenated output in each form.
    fn stream(
        bytes: &[u8],
        cuts: &[usize],
        room: usize,
        strategy: ErrorStrategy,
    ) -> (Vec<u8>, Vec<u16>, Vec<u32>) {
        use rapidutf::stream::Utf8Decoder;
        let mut chunks = Vec::new();
        let mut at = 0;
        for &c in cuts.iter().chain([&bytes.len()]) {
            let c = c.clamp(at, bytes.len());
            chunks.push(&bytes[at..c]);
            at = c;
        }
        let n = chunks.len();
        let (mut d8, mut d16, mut d32) =
            (Utf8Decoder::new(), Utf8Decoder::new(), Utf8Decoder::new());
        let (mut o8, mut o16, mut o32) = (Vec::new(), Vec::new(), Vec::new());
        let (mut b8, mut b16, mut b32) = (vec![0u8; room * 3], vec![0u16; room], vec![0u32; room]);
        for (k, chunk) in chunks.into_iter().enumerate() {
            let last = k + 1 == n;
            drain(chunk, &mut b8, &mut o8, |c, b| {
                d8.decode_to_utf8_lossy_with(c, b, last, strategy)
            });
            drain(chunk, &mut b16, &mut o16, |c, b| {
                d16.decode_to_utf16_lossy_with(c, b, last, strategy)
            });
            drain(chunk, &mut b32, &mut o32, |c, b| {
                d32.decode_to_utf32_lossy_with(c, b, last, strategy)
            });
        }
        (o8, o16, o32)
    }

    /// Feeds all of `chunk` to `decode` through `buf`, appending the
    /// output to `out`; each call must make progress.
    fn drain<U: Copy>(
        chunk: &[u8],
        buf: &mut [U],
        out: &mut Vec<U>,
        mut decode: impl FnMut(&[u8], &mut [U]) -> (rapidutf::stream::CoderResult, usize, usize),
    ) {
        let mut rest = chunk;
        loop {
            let (r, read, written) = decode(rest, buf);
            out.extend_from_slice(&buf[..written]);
            rest = &rest[read..];
            if r == rapidutf::stream::CoderResult::InputEmpty {
                assert!(rest.is_empty(), "input left over");
                return;
            }
            assert!(read > 0 || written > 0, "no progress");
        }
    }

    fn check_stream(bytes: &[u8], cuts: &[usize], room: usize) {
        for &strategy in ErrorStrategy::ALL {
            let want = oracle(bytes, strategy);
            let (o8, o16, o32) = stream(bytes, cuts, room, strategy);
            let ctx = || format!("{strategy} {bytes:02X?} cut at {cuts:?}, room {room}");
            assert_eq!(o8, want.as_bytes(), "{}", ctx());
            assert!(want.encode_utf16().eq(o16.iter().copied()), "UTF-16 {}", ctx());
            assert!(want.chars().map(u32::from).eq(o32.iter().copied()), "UTF-32 {}", ctx());
        }
    }

    /// The streaming decoder gives the whole-buffer output for every
    /// chunking: every single cut and every pair of cuts of short broken
    /// inputs (so every maximal subpart is split in every way), with the
    /// smallest buffers that guarantee progress and with ample ones.
    #[test]
    fn streaming_matches_whole_buffer_for_every_chunking() {
        let inputs: [&[u8]; 8] = [
            b"a\xE2\x82b",
            b"\xF0\x9F\x98\x80\x80",
            b"caf\xE9\x80\x9D!",
            b"\xE1\xA0\xC0",
            b"\xED\xA0\x80x",
            b"x\xF0\x9F\x98",
            b"\xC3",
            "é€😀".as_bytes(),
        ];
        for bytes in inputs {
            for room in [3, 64] {
                check_stream(bytes, &[], room);
                for a in 0..=bytes.len() {
                    check_stream(bytes, &[a], room);
                    for b in a..=bytes.len() {
                        check_stream(bytes, &[a, b], room);
                    }
                }
            }
        }
    }

    #[test]
    fn windows1252_table_is_whatwg() {
        let t = windows1252();
        // The five bytes CPython leaves undefined are C1 controls (WHATWG).
        for b in [0x81u8, 0x8D, 0x8F, 0x90, 0x9D] {
            assert_eq!(t[usize::from(b)], char::from(b));
        }
        assert_eq!(t[0x80], '€');
        assert_eq!(t[0x9F], 'Ÿ');
        assert!((0..0x80).chain(0xA0..0x100).all(|b| t[b] == char::from(b as u8)));
    }

    #[test]
    fn short_inputs_exhaustively() {
        check(b"");
        for a in 0..=255u8 {
            check(&[a]);
            for b in 0..=255u8 {
                check(&[a, b]);
                check(&[b'x', a, b, b'y']);
            }
        }
    }

    /// Invalid sequences at every offset across the vector and block
    /// boundaries, in ASCII and multilingual text, and the corpus
    /// with errors sown every few bytes.
    #[test]
    fn errors_at_every_offset_and_in_the_corpus() {
        let ascii = vec![b'a'; 200];
        let multi = "ab€d é😀 Грüß 世界 ".repeat(12).into_bytes();
        for base in [&ascii, &multi] {
            for bad in
                [&b"\xE9"[..], b"\x80\x9F", b"\xE2\x82", b"\xF0\x9F\x98", b"\xED\xA0\x80", b"\xC0"]
            {
                for at in 0..=130.min(base.len()) {
                    let mut v = base[..at].to_vec();
                    v.extend_from_slice(bad);
                    v.extend_from_slice(&base[at..]);
                    check(&v);
                    v.extend_from_slice(bad);
                    check(&v);
                }
            }
        }
        for (_, bytes) in common::lipsum("utf8") {
            for every in [5, 64, 301] {
                let mut v = bytes.clone();
                for i in (every / 2..v.len()).step_by(every) {
                    v[i] = [0x80, 0xE9, 0xFF, 0x9D][i % 4];
                }
                check(&v);
            }
        }
    }

    /// CPython's decoder as the oracle (`tests/fixtures/utf8_fallback.py`):
    /// `errors="ignore"`, and a handler that decodes the range each error
    /// reports (CPython reports maximal subparts) as Latin-1 or cp1252
    /// (WHATWG's mapping for the five bytes cp1252 leaves undefined). The
    /// inputs cover every 1- and 2-byte string and runs of broken
    /// sequences.
    #[test]
    #[cfg_attr(target_os = "wasi", ignore = "runs python3, and wasm32-wasip1 has no processes")]
    fn strategies_match_cpython() {
        let mut inputs: Vec<Vec<u8>> = Vec::new();
        for a in 0..=255u8 {
            inputs.push(vec![a]);
            for b in 0..=255u8 {
                inputs.push(vec![a, b]);
            }
        }
        let pieces: [&[u8]; 14] = [
            b"a",
            b"\xC3\xA9",
            b"\xE2\x82\xAC",
            b"\xF0\x9F\x98\x80",
            b"\x80",
            b"\xE9",
            b"\xE2\x82",
            b"\xF0\x9F\x98",
            b"\xED\xA0\x80",
            b"\xF4\x90\x80\x80",
            b"\xC0\xAF",
            b"\x9D",
            b"\xFF",
            b" ",
        ];
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..3000 {
            let mut v = Vec::new();
            for _ in 0..(seed % 40) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                v.extend_from_slice(pieces[(seed % pieces.len() as u64) as usize]);
            }
            inputs.push(v);
        }
        let input: String = inputs.iter().map(|v| format!("{}\n", hex(v))).collect();
        let out = python(&input);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), inputs.len());
        for (v, line) in inputs.iter().zip(lines) {
            let want: Vec<&str> = line.split(' ').collect();
            assert_eq!(want.len(), 4, "{line}");
            for (strategy, want) in ErrorStrategy::ALL.iter().copied().zip(want) {
                let got = rapidutf::utf8_to_string_lossy_with(v, strategy);
                assert_eq!(hex(got.as_bytes()), want, "{strategy} {v:02X?}");
            }
        }
    }

    fn hex(b: &[u8]) -> String {
        b.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Runs the oracle script (`tests/fixtures/utf8_fallback.py --lines`)
    /// with `input` on stdin; its stdout.
    fn python(input: &str) -> String {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/utf8_fallback.py");
        let mut child = Command::new("python3")
            .args([script, "--lines"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 is the oracle of this test (CI installs it)");
        let mut stdin = child.stdin.take().expect("stdin");
        let input = input.to_owned();
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let out = child.wait_with_output().expect("python3 output");
        writer.join().expect("writer").expect("write to python3");
        assert!(out.status.success(), "python3 failed");
        String::from_utf8(out.stdout).expect("UTF-8")
    }

    /// The strategies validate through dispatch: re-run this module under
    /// every other available kernel.
    #[test]
    fn under_every_available_kernel() {
        common::rerun_under_every_kernel(
            "lossy::strategies::",
            "lossy::strategies::under_every_available_kernel",
        );
    }

    proptest! {
        #![proptest_config(common::proptest_config(1000))]

        #[test]
        fn strategies_match_std_chunks(bytes in common::arb_utf8_input()) {
            check(&bytes);
        }

        #[test]
        fn strategies_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
            check(&bytes);
        }

        #[test]
        fn streaming_strategies(
            bytes in common::arb_utf8_input(),
            cuts in prop::collection::vec(0usize..400, 0..6),
            room in 3usize..40,
        ) {
            let mut cuts = cuts;
            cuts.sort_unstable();
            check_stream(&bytes, &cuts, room);
        }
    }
}

mod window_boundaries {
    //! Every character length and invalid sequence of UTF-8, and every
    //! UTF-16 probe (a surrogate pair, a lone high or low surrogate, ...),
    //! at every offset of a 128-byte span after every script
    //! (`rapidutf_testkit::boundary`): every kernel's and the free
    //! functions' lossy decoding against `String::from_utf8_lossy` and
    //! `String::from_utf16_lossy`; the error strategies against std's
    //! chunking on one case in four below the `full` level.
    use crate::common::boundary::{level, utf8_cases};
    #[cfg(feature = "transcode")]
    use crate::common::boundary::{utf16_cases, Placed};
    use crate::common::kernels;
    #[cfg(feature = "transcode")]
    use crate::common::Order;
    use std::borrow::Cow;

    #[test]
    fn utf8_every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        for case in utf8_cases(level()) {
            let placed = case.placed();
            let src = placed.get();
            let want = String::from_utf8_lossy(src);
            let got = rapidutf::utf8_to_string_lossy(src);
            assert!(got == want, "utf8_to_string_lossy: {}", case.label());
            let borrowed = matches!(got, Cow::Borrowed(_));
            assert_eq!(borrowed, matches!(want, Cow::Borrowed(_)), "{}", case.label());
            for &k in &ks {
                assert!(k.utf8_to_string_lossy(src) == want, "{k}: {}", case.label());
            }
            #[cfg(feature = "transcode")]
            for order in case.pick(&Order::ALL) {
                let f = match order {
                    Order::Native => rapidutf::utf8_to_utf16_lossy,
                    Order::Le => rapidutf::utf8_to_utf16le_lossy,
                    Order::Be => rapidutf::utf8_to_utf16be_lossy,
                };
                let units: Vec<u16> = want.encode_utf16().map(|u| order.store(u)).collect();
                assert!(f(src) == units, "utf8_to_utf16_lossy ({order:?}): {}", case.label());
            }
            #[cfg(all(feature = "std", feature = "stream"))]
            if case.one_in(4) {
                super::strategies::check(src);
            }
        }
    }

    #[cfg(feature = "transcode")]
    #[test]
    fn utf16_every_probe_at_every_offset() {
        for case in utf16_cases(level()) {
            let want = String::from_utf16_lossy(&case.input);
            for order in case.pick(&Order::ALL) {
                let placed = Placed::new(&order.encode(&case.input), case.src_shift());
                let f = match order {
                    Order::Native => rapidutf::utf16_to_string_lossy,
                    Order::Le => rapidutf::utf16le_to_string_lossy,
                    Order::Be => rapidutf::utf16be_to_string_lossy,
                };
                assert!(f(placed.get()) == want, "utf16 lossy ({order:?}): {}", case.label());
            }
        }
    }
}

/// `utf32_to_string_lossy` against std (`char::from_u32`, each value that
/// is no scalar value one U+FFFD): every length to 200 values with a bad
/// value at every offset (both sides of every block boundary), runs of
/// bad values, arbitrary values, under every kernel.
#[cfg(feature = "transcode")]
mod utf32 {
    use crate::common;
    use crate::common::cases::TEXT;
    use proptest::prelude::*;

    fn oracle(values: &[u32]) -> String {
        values.iter().map(|&v| char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER)).collect()
    }

    fn check(values: &[u32]) {
        assert_eq!(rapidutf::utf32_to_string_lossy(values), oracle(values), "{values:X?}");
    }

    #[test]
    fn bad_values_at_every_offset() {
        let text: Vec<u32> = TEXT.chars().map(u32::from).cycle().take(200).collect();
        for len in 0..=200 {
            check(&text[..len]);
            for at in 0..len {
                for bad in [0xD800, 0xDFFF, 0x11_0000, u32::MAX] {
                    let mut v = text[..len].to_vec();
                    v[at] = bad;
                    check(&v);
                    // And a run of them to the end.
                    v[at..].fill(bad);
                    check(&v);
                }
            }
        }
        check(&[0xDC00; 1000]);
        check(&[0x11_0000, 0x61].repeat(300));
    }

    /// The function always dispatches: re-run these tests under every
    /// other available kernel.
    #[cfg(feature = "std")]
    #[test]
    fn under_every_available_kernel() {
        common::rerun_under_every_kernel(
            "lossy::utf32::",
            "lossy::utf32::under_every_available_kernel",
        );
    }

    proptest! {
        #![proptest_config(common::proptest_config(256))]

        #[test]
        fn arbitrary_values(values in prop::collection::vec(prop_oneof![
            8 => 0u32..0x800, 4 => 0u32..0x11_0000, 1 => 0xD800u32..0xE000, 1 => any::<u32>()],
            0..400)) {
            check(&values);
        }
    }
}
