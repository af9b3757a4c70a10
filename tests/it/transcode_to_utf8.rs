//! UTF-16 (native, LE, BE) and UTF-32 to UTF-8, and UTF-16 <-> UTF-32,
//! every kernel and the dispatching free functions, against std
//! (`char::decode_utf16`, `String::from_utf16`, `char::from_u32`).

mod kernels {
    //! UTF-16 and UTF-32 kernels (to UTF-8, between each other, validation),
    //! every available kernel against std's decoders and encoders: random
    //! valid and invalid input across many blocks, errors at every offset,
    //! surrogate pairs split across block boundaries, every output size, both
    //! byte orders, and the corpus.

    use crate::common;

    use proptest::prelude::*;
    use rapidutf::{
        Kernel, TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error, Utf32ErrorKind,
    };

    /// An oracle's verdict: each character of the valid prefix (its width in
    /// input units and the character), and the error after it (position and
    /// kind), if any.
    type Verdict<K> = (Vec<(usize, char)>, Option<(usize, K)>);

    /// What std says about UTF-16 `units`: each character of the valid prefix
    /// (its width in units and the character), and the error after it.
    fn oracle16(units: &[u16]) -> Verdict<Utf16ErrorKind> {
        let mut chars = Vec::new();
        let mut pos = 0;
        for r in char::decode_utf16(units.iter().copied()) {
            match r {
                Ok(c) => {
                    chars.push((c.len_utf16(), c));
                    pos += c.len_utf16();
                }
                Err(e) => {
                    let kind = if (0xD800..0xDC00).contains(&e.unpaired_surrogate()) {
                        Utf16ErrorKind::UnpairedHigh
                    } else {
                        Utf16ErrorKind::UnpairedLow
                    };
                    return (chars, Some((pos, kind)));
                }
            }
        }
        (chars, None)
    }

    /// What std says about UTF-32 `values`.
    fn oracle32(values: &[u32]) -> Verdict<Utf32ErrorKind> {
        let mut chars = Vec::new();
        for (i, &v) in values.iter().enumerate() {
            match char::from_u32(v) {
                Some(c) => chars.push((1, c)),
                None => {
                    let kind = if v > 0x10FFFF {
                        Utf32ErrorKind::TooLarge
                    } else {
                        Utf32ErrorKind::Surrogate
                    };
                    return (chars, Some((i, kind)));
                }
            }
        }
        (chars, None)
    }

    /// The expected result of a transcoder writing into `cap` output units,
    /// given the valid prefix's characters (input width, output units), the
    /// error after them (as the library's error), and the expected output.
    fn expect<E: Copy>(
        chars: &[(usize, Vec<u32>)],
        err: Option<E>,
        cap: usize,
    ) -> (Result<usize, TranscodeError<E>>, Vec<u32>) {
        let (mut read, mut out) = (0, Vec::new());
        for (w, enc) in chars {
            if out.len() + enc.len() > cap {
                let written = out.len();
                return (Err(TranscodeError::OutputTooSmall { read, written }), out);
            }
            out.extend_from_slice(enc);
            read += w;
        }
        match err {
            Some(e) => (Err(TranscodeError::Invalid { error: e, written: out.len() }), out),
            None => (Ok(out.len()), out),
        }
    }

    fn utf8_of(c: char) -> Vec<u32> {
        c.to_string().bytes().map(u32::from).collect()
    }

    fn utf16_of(c: char) -> Vec<u32> {
        let mut b = [0; 2];
        c.encode_utf16(&mut b).iter().map(|&u| u32::from(u)).collect()
    }

    /// Runs `f` into a buffer of `cap` units (with a guard zone behind it that
    /// must stay untouched) and compares with the expectation.
    fn check_into<T: Copy + Default + PartialEq + std::fmt::Debug + Into<u32>, E>(
        what: &str,
        cap: usize,
        expected: (Result<usize, TranscodeError<E>>, Vec<u32>),
        f: impl FnOnce(&mut [T]) -> Result<usize, TranscodeError<E>>,
        guard: T,
    ) where
        E: PartialEq + std::fmt::Debug,
    {
        let mut buf = vec![guard; cap + 64];
        let r = f(&mut buf[..cap]);
        assert_eq!(r, expected.0, "{what}: cap {cap}");
        let n = match r {
            Ok(n) => n,
            Err(TranscodeError::OutputTooSmall { written, .. }) => written,
            // The conversion of the valid prefix.
            Err(TranscodeError::Invalid { written, .. }) => written,
            Err(_) => panic!("{what}: an unknown TranscodeError variant"),
        };
        let got: Vec<u32> = buf[..n].iter().map(|&x| x.into()).collect();
        assert_eq!(got, expected.1[..n], "{what}: cap {cap}: output");
        assert!(buf[cap..].iter().all(|&x| x == guard), "{what}: cap {cap}: wrote past dst");
    }

    fn swap(units: &[u16]) -> Vec<u16> {
        units.iter().map(|u| u.swap_bytes()).collect()
    }

    /// Every UTF-16 entry of kernel `k` on `units`, with output sizes `caps`.
    fn check16(k: Kernel, units: &[u16], caps: &[usize]) {
        let (chars, err) = oracle16(units);
        let to8: Vec<(usize, Vec<u32>)> = chars.iter().map(|&(w, c)| (w, utf8_of(c))).collect();
        let to32: Vec<(usize, Vec<u32>)> =
            chars.iter().map(|&(w, c)| (w, vec![c as u32])).collect();
        let need8: usize = to8.iter().map(|c| c.1.len()).sum();
        let need32 = to32.len();
        // The LE and BE entries read units as stored in memory in that order.
        let le: Vec<u16> = units.iter().map(|u| u.to_le()).collect();
        let be = swap(&le);
        let name = k.name();
        let conv = |r: Result<usize, TranscodeError<Utf16Error>>| {
            r.map_err(|e| match e {
                TranscodeError::Invalid { error: e, written } => {
                    TranscodeError::Invalid { error: (e.valid_up_to(), e.kind()), written }
                }
                TranscodeError::OutputTooSmall { read, written } => {
                    TranscodeError::OutputTooSmall { read, written }
                }
                _ => panic!("an unknown TranscodeError variant"),
            })
        };
        let mut all_caps: Vec<usize> = caps.to_vec();
        all_caps.extend([need8, need8 + 1, 3 * units.len() + 16]);
        for &cap in &all_caps {
            let exp = || expect(&to8, err, cap);
            check_into(
                &format!("{name} utf16le_to_utf8"),
                cap,
                exp(),
                |d| conv(k.utf16le_to_utf8(&le, d)),
                0xAAu8,
            );
            check_into(
                &format!("{name} utf16be_to_utf8"),
                cap,
                exp(),
                |d| conv(k.utf16be_to_utf8(&be, d)),
                0xAAu8,
            );
            check_into(
                &format!("{name} utf16_to_utf8"),
                cap,
                exp(),
                |d| conv(k.utf16_to_utf8(units, d)),
                0xAAu8,
            );
        }
        let mut caps32: Vec<usize> = caps.iter().map(|&c| c / 3).collect();
        caps32.extend([need32, units.len() + 16]);
        for &cap in &caps32 {
            let exp = || expect(&to32, err, cap);
            check_into(
                &format!("{name} utf16le_to_utf32"),
                cap,
                exp(),
                |d| conv(k.utf16le_to_utf32(&le, d)),
                0xAAAA_AAAAu32,
            );
            check_into(
                &format!("{name} utf16be_to_utf32"),
                cap,
                exp(),
                |d| conv(k.utf16be_to_utf32(&be, d)),
                0xAAAA_AAAAu32,
            );
        }
        let v = |r: Result<(), Utf16Error>| r.map_err(|e| (e.valid_up_to(), e.kind()));
        assert_eq!(v(k.validate_utf16le(&le)), err.map_or(Ok(()), Err), "{name} validate_utf16le");
        assert_eq!(v(k.validate_utf16be(&be)), err.map_or(Ok(()), Err), "{name} validate_utf16be");
        assert_eq!(v(k.validate_utf16(units)), err.map_or(Ok(()), Err), "{name} validate_utf16");
        // The free functions (dispatch) agree.
        assert_eq!(v(rapidutf::validate_utf16le(&le)), err.map_or(Ok(()), Err), "validate_utf16le");
        let mut buf = vec![0u8; 3 * units.len()];
        assert_eq!(conv(rapidutf::utf16le_to_utf8(&le, &mut buf)), expect(&to8, err, buf.len()).0);
        #[cfg(feature = "alloc")]
        if err.is_none() {
            let s = String::from_utf16(units).unwrap();
            assert_eq!(rapidutf::utf16_to_string(units).unwrap(), s);
            assert_eq!(rapidutf::utf16be_to_string(&be).unwrap(), s);
        }
    }

    /// Every UTF-32 entry of kernel `k` on `values`, with output sizes `caps`.
    fn check32(k: Kernel, values: &[u32], caps: &[usize]) {
        let (chars, err) = oracle32(values);
        let to8: Vec<(usize, Vec<u32>)> = chars.iter().map(|&(w, c)| (w, utf8_of(c))).collect();
        let to16: Vec<(usize, Vec<u32>)> = chars.iter().map(|&(w, c)| (w, utf16_of(c))).collect();
        let need8: usize = to8.iter().map(|c| c.1.len()).sum();
        let need16: usize = to16.iter().map(|c| c.1.len()).sum();
        let name = k.name();
        let conv = |r: Result<usize, TranscodeError<Utf32Error>>| {
            r.map_err(|e| match e {
                TranscodeError::Invalid { error: e, written } => {
                    TranscodeError::Invalid { error: (e.valid_up_to(), e.kind()), written }
                }
                TranscodeError::OutputTooSmall { read, written } => {
                    TranscodeError::OutputTooSmall { read, written }
                }
                _ => panic!("an unknown TranscodeError variant"),
            })
        };
        let mut caps8: Vec<usize> = caps.to_vec();
        caps8.extend([need8, 4 * values.len() + 16]);
        for &cap in &caps8 {
            check_into(
                &format!("{name} utf32_to_utf8"),
                cap,
                expect(&to8, err, cap),
                |d| conv(k.utf32_to_utf8(values, d)),
                0xAAu8,
            );
        }
        let mut caps16: Vec<usize> = caps.iter().map(|&c| c / 2).collect();
        caps16.extend([need16, 2 * values.len() + 16]);
        for &cap in &caps16 {
            let exp = expect(&to16, err, cap);
            // LE and BE output: units as stored in memory in that order.
            let exp_le = (exp.0, exp.1.iter().map(|&u| u32::from((u as u16).to_le())).collect());
            check_into(
                &format!("{name} utf32_to_utf16le"),
                cap,
                exp_le,
                |d| conv(k.utf32_to_utf16le(values, d)),
                0xAAAAu16,
            );
            check_into(
                &format!("{name} utf32_to_utf16"),
                cap,
                exp.clone(),
                |d| conv(k.utf32_to_utf16(values, d)),
                0xAAAAu16,
            );
            let exp_be = (exp.0, exp.1.iter().map(|&u| u32::from((u as u16).to_be())).collect());
            check_into(
                &format!("{name} utf32_to_utf16be"),
                cap,
                exp_be,
                |d| conv(k.utf32_to_utf16be(values, d)),
                0xAAAAu16,
            );
        }
        let v = |r: Result<(), Utf32Error>| r.map_err(|e| (e.valid_up_to(), e.kind()));
        assert_eq!(v(k.validate_utf32(values)), err.map_or(Ok(()), Err), "{name} validate_utf32");
        assert_eq!(v(rapidutf::validate_utf32(values)), err.map_or(Ok(()), Err), "validate_utf32");
        #[cfg(feature = "alloc")]
        if err.is_none() {
            let s: String = values.iter().map(|&v| char::from_u32(v).unwrap()).collect();
            assert_eq!(rapidutf::utf32_to_string(values).unwrap(), s);
        }
    }

    /// A few characters of every UTF-8 length, as text.
    const MIX: &str = "aé€😀zßक한🎉\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\u{D7FF}\u{E000}";

    /// `n` units of text cycling through `MIX` (so characters of every length
    /// at every alignment), possibly cut in a pair at the end: not cut here.
    fn mixed16(n: usize) -> Vec<u16> {
        let mut v: Vec<u16> = MIX
            .chars()
            .cycle()
            .flat_map(|c| {
                let mut b = [0; 2];
                c.encode_utf16(&mut b).to_vec()
            })
            .take(n + 1)
            .collect();
        v.truncate(n);
        if v.last().is_some_and(|&u| (0xD800..0xDC00).contains(&u)) {
            *v.last_mut().unwrap() = u16::from(b'x');
        }
        v
    }

    #[test]
    fn unpaired_surrogates_at_every_offset() {
        for k in common::kernels() {
            for base in [
                vec![u16::from(b'a'); 200],
                "é".repeat(200).encode_utf16().collect(),
                "€".repeat(200).encode_utf16().collect(),
                mixed16(200),
            ] {
                for pos in 0..base.len() {
                    for bad in [0xD800, 0xDBFF, 0xDC00, 0xDFFF] {
                        let mut v = base.clone();
                        // Do not break a pair of the base text in two: replace
                        // a whole character.
                        if pos > 0 && (0xD800..0xDC00).contains(&v[pos - 1]) {
                            continue;
                        }
                        if (0xD800..0xDC00).contains(&v[pos]) {
                            v[pos + 1] = u16::from(b'b');
                        }
                        v[pos] = bad;
                        check16(k, &v, &[]);
                    }
                }
            }
        }
    }

    /// Inputs long enough for the kernels to convert the characters before
    /// the output's first vector boundary apart (1,024 units and more; a
    /// cache line with AVX-512), into outputs at every value offset across
    /// a line: valid, and
    /// with an unpaired surrogate among the first characters, in the part
    /// converted apart, at its end and after it. UTF-16 to UTF-32 against
    /// std, with the error's position and the output before it.
    #[test]
    fn long_inputs_at_every_output_offset() {
        let base = mixed16(1500);
        for k in common::kernels() {
            for at in
                [None, Some(0), Some(1), Some(2), Some(7), Some(14), Some(15), Some(16), Some(31)]
            {
                let mut units = base.clone();
                if let Some(pos) = at {
                    // A whole character replaced, as above.
                    if pos > 0 && (0xD800..0xDC00).contains(&units[pos - 1]) {
                        units[pos - 1] = u16::from(b'c');
                    }
                    if (0xD800..0xDC00).contains(&units[pos]) {
                        units[pos + 1] = u16::from(b'b');
                    }
                    units[pos] = 0xDC00;
                }
                let (chars, err) = oracle16(&units);
                let want: Vec<u32> = chars.iter().map(|&(_, c)| c as u32).collect();
                for offset in 0..16 {
                    let mut buf = vec![u32::MAX; units.len() + 16];
                    let dst = &mut buf[offset..];
                    let what = format!("{} at {at:?}, output offset {offset}", k.name());
                    let written = match k.utf16_to_utf32(&units, dst) {
                        Ok(n) => {
                            assert_eq!(err, None, "{what}");
                            n
                        }
                        Err(TranscodeError::Invalid { error, written }) => {
                            assert_eq!(Some((error.valid_up_to(), error.kind())), err, "{what}");
                            written
                        }
                        Err(e) => panic!("{what}: {e:?}"),
                    };
                    assert_eq!(&dst[..written], &want[..], "{what}");
                }
            }
        }
    }

    #[test]
    fn pairs_across_block_boundaries() {
        for k in common::kernels() {
            for fill in ["a", "é", "€"] {
                for len in [8usize, 16, 24, 32, 48, 64, 96, 128] {
                    for at in [len - 1, len, len + 1] {
                        let mut v: Vec<u16> = fill.repeat(len + 40).encode_utf16().collect();
                        let (hi, lo) = (0xD83D, 0xDE00);
                        v[at - 1] = u16::from(b'x');
                        v[at] = hi;
                        v[at + 1] = lo;
                        check16(k, &v, &[]);
                        // The pair's halves alone, or swapped.
                        let mut w = v.clone();
                        w[at + 1] = u16::from(b'y');
                        check16(k, &w, &[]);
                        let mut w = v.clone();
                        w[at] = u16::from(b'y');
                        check16(k, &w, &[]);
                        let mut w = v.clone();
                        w.swap(at, at + 1);
                        check16(k, &w, &[]);
                        // Ending in the high half.
                        check16(k, &v[..=at], &[]);
                    }
                }
            }
        }
    }

    #[test]
    fn utf32_errors_at_every_offset() {
        for k in common::kernels() {
            let bases: [Vec<u32>; 3] = [
                vec![u32::from(b'a'); 200],
                MIX.chars().cycle().take(200).map(u32::from).collect(),
                "😀".repeat(200).chars().map(u32::from).collect(),
            ];
            for base in bases {
                for pos in 0..base.len() {
                    for bad in [0xD800, 0xDFFF, 0x110000, 0xFFFF_FFFF, 0x8000_0000] {
                        let mut v = base.clone();
                        v[pos] = bad;
                        check32(k, &v, &[]);
                    }
                }
            }
        }
    }

    /// Long UTF-32 inputs (1,024 values and more, from which the kernels
    /// convert the values before the input's first vector boundary apart)
    /// starting at every value offset across a line: valid, and with a
    /// value that is not a scalar value in the part converted apart, at its
    /// end and after it. Into UTF-8 and UTF-16 in both byte orders, against
    /// std.
    #[test]
    fn utf32_long_inputs_at_every_input_offset() {
        let base: Vec<u32> = "é中a😀".repeat(400).chars().map(u32::from).collect();
        for k in common::kernels() {
            for start in 0..16 {
                for at in [None, Some(0), Some(1), Some(2), Some(3), Some(6), Some(7), Some(8)]
                    .into_iter()
                    .chain([Some(15), Some(16), Some(17), Some(40)])
                {
                    let mut whole = base.clone();
                    if let Some(pos) = at {
                        whole[start + pos] = [0xD800, 0xDFFF, 0x11_0000][pos % 3];
                    }
                    check32(k, &whole[start..], &[]);
                }
            }
        }
    }

    #[test]
    fn utf32_errors_in_long_runs() {
        // Kernels may test a long run of valid-looking values once per
        // chunk and stop at the chunk's start on an error: errors around
        // chunk-sized offsets, far into BMP text and after a stretch of
        // supplementary values.
        let long_bmp: Vec<u32> = "é中a".repeat(1700).chars().map(u32::from).collect();
        let mut after_emoji: Vec<u32> = "😀".repeat(300).chars().map(u32::from).collect();
        after_emoji.extend(&long_bmp);
        let offsets =
            [0, 1, 255, 256, 511, 512, 513, 1023, 1024, 1025, 2047, 2048, 2049, 4095, 4096];
        for k in common::kernels() {
            for base in [&long_bmp, &after_emoji] {
                for pos in offsets.iter().chain(&[base.len() - 1]) {
                    for bad in [0xD800, 0xDFFF, 0x110000] {
                        let mut v = base.clone();
                        v[*pos] = bad;
                        check32(k, &v, &[]);
                    }
                }
            }
        }
    }

    #[test]
    fn every_output_size() {
        for k in common::kernels() {
            for n in [0usize, 1, 15, 16, 17, 31, 32, 33, 64, 100, 150] {
                let v = mixed16(n);
                let need = String::from_utf16(&v).unwrap().len();
                let caps: Vec<usize> = (0..=need).collect();
                check16(k, &v, &caps);
                let mut bad = v.clone();
                if n > 40 {
                    bad[n - 7] = 0xDC00;
                    if (0xD800..0xDC00).contains(&bad[n - 8]) {
                        bad[n - 8] = 0x61;
                    }
                    check16(k, &bad, &caps);
                }
                let u32s: Vec<u32> = MIX.chars().cycle().take(n).map(u32::from).collect();
                let need =
                    u32s.iter().map(|&c| char::from_u32(c).unwrap().len_utf8()).sum::<usize>();
                let caps: Vec<usize> = (0..=need).collect();
                check32(k, &u32s, &caps);
            }
        }
    }

    /// `got == want`, reporting the first difference rather than both files.
    fn same<T: PartialEq + std::fmt::Debug>(got: &[T], want: &[T], what: &str) {
        if let Some(i) = got.iter().zip(want).position(|(a, b)| a != b) {
            panic!(
                "{what}: first difference at {i}: {:?} != {:?}",
                &got[i..][..8.min(got.len() - i)],
                &want[i..][..8.min(want.len() - i)]
            );
        }
        assert_eq!(got.len(), want.len(), "{what}: length");
    }

    #[test]
    fn lipsum_files() {
        let utf8 = common::lipsum("utf8");
        let utf16 = common::lipsum("utf16");
        let utf32 = common::lipsum("utf32");
        for k in common::kernels() {
            for ((lang, u8s), ((_, b16), (_, b32))) in utf8.iter().zip(utf16.iter().zip(&utf32)) {
                let units: Vec<u16> =
                    b16.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
                assert_eq!(units[0], 0xFEFF, "{lang}: the utf16 form starts with a LE BOM");
                // As stored in a UTF-16LE file: what the LE entries read.
                let units: Vec<u16> = units[1..].iter().map(|u| u.to_le()).collect();
                let units = &units[..];
                // The utf32 form carries no BOM of its own, and the utf8 form is
                // the exact conversion of both (the real Emoji file starts with a
                // U+FEFF character in every form).
                let values: Vec<u32> = b32
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect();
                let (values, text) = (&values[..], &u8s[..]);
                let what = format!("{} {lang}", k.name());
                let mut out = vec![0u8; 3 * units.len()];
                let n = k.utf16le_to_utf8(units, &mut out).unwrap();
                same(&out[..n], text, &format!("{what} utf16le_to_utf8"));
                let be = swap(units);
                let n = k.utf16be_to_utf8(&be, &mut out).unwrap();
                same(&out[..n], text, &format!("{what} utf16be_to_utf8"));
                let mut out = vec![0u8; 4 * values.len()];
                let n = k.utf32_to_utf8(values, &mut out).unwrap();
                same(&out[..n], text, &format!("{what} utf32_to_utf8"));
                let mut out32 = vec![0u32; units.len()];
                let n = k.utf16le_to_utf32(units, &mut out32).unwrap();
                same(&out32[..n], values, &format!("{what} utf16le_to_utf32"));
                let n = k.utf16be_to_utf32(&be, &mut out32).unwrap();
                same(&out32[..n], values, &format!("{what} utf16be_to_utf32"));
                let mut out16 = vec![0u16; 2 * values.len()];
                let n = k.utf32_to_utf16le(values, &mut out16).unwrap();
                same(&out16[..n], units, &format!("{what} utf32_to_utf16le"));
                let n = k.utf32_to_utf16be(values, &mut out16).unwrap();
                same(&out16[..n], &be, &format!("{what} utf32_to_utf16be"));
                assert_eq!(k.validate_utf16le(units), Ok(()), "{what}");
                assert_eq!(k.validate_utf16be(&be), Ok(()), "{what}");
                assert_eq!(k.validate_utf32(values), Ok(()), "{what}");
            }
        }
    }

    /// Units of every kind: ASCII, 2- and 3-byte BMP, pairs, and (rarely)
    /// lone surrogates.
    fn unit_strategy(lone: u32) -> impl Strategy<Value = Vec<u16>> {
        let piece = prop_oneof![
            40 => (0u16..0x80).prop_map(|u| vec![u]),
            15 => (0x80u16..0x800).prop_map(|u| vec![u]),
            15 => prop_oneof![0x800u16..0xD800, 0xE000u16..=0xFFFF].prop_map(|u| vec![u]),
            10 => (0x10000u32..=0x10FFFF).prop_map(|c| {
                let c = c - 0x10000;
                vec![0xD800 | (c >> 10) as u16, 0xDC00 | (c & 0x3FF) as u16]
            }),
            lone => (0xD800u16..0xE000).prop_map(|u| vec![u]),
        ];
        proptest::collection::vec(piece, 0..300).prop_map(|v| v.concat())
    }

    fn value_strategy(bad: u32) -> impl Strategy<Value = Vec<u32>> {
        let value = prop_oneof![
            40 => 0u32..0x80,
            15 => 0x80u32..0x800,
            15 => prop_oneof![0x800u32..0xD800, 0xE000u32..0x10000],
            10 => 0x10000u32..=0x10FFFF,
            bad => prop_oneof![0xD800u32..0xE000, 0x110000u32..=u32::MAX],
        ];
        proptest::collection::vec(value, 0..600)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn utf16_valid(units in unit_strategy(0)) {
            for k in common::kernels() {
                check16(k, &units, &[units.len(), 2 * units.len()]);
            }
        }

        #[test]
        fn utf16_invalid(units in unit_strategy(1)) {
            for k in common::kernels() {
                check16(k, &units, &[units.len(), 2 * units.len()]);
            }
        }

        #[test]
        fn utf32_valid(values in value_strategy(0)) {
            for k in common::kernels() {
                check32(k, &values, &[values.len(), 2 * values.len()]);
            }
        }

        #[test]
        fn utf32_invalid(values in value_strategy(1)) {
            for k in common::kernels() {
                check32(k, &values, &[values.len(), 2 * values.len()]);
            }
        }
    }
}

mod against_std {
    //! Every UTF-16- and UTF-32-source transcoder, `_string` function,
    //! validator and lossy decoder against std, on valid and invalid input,
    //! with buffer sizes: the documented "always suffices" size, the exact
    //! size, and an arbitrary one.
    use crate::common;
    use crate::common::{check_utf16_source, check_utf32_source, proptest_config};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(proptest_config(1000))]

        #[test]
        fn from_utf16(values in common::arb_utf16_input(), dst in any::<prop::sample::Index>()) {
            // (check_utf16_source puts a low surrogate after the input in
            // memory, which would pair with a final high one if read.)
            let dst = dst.index(values.len() * 3 + 1);
            check_utf16_source(&values, Some(dst));
        }

        #[test]
        fn from_utf32(
            values in common::arb_utf32_input(),
            dst in any::<prop::sample::Index>(),
            garbage in prop::sample::select(vec![u32::MAX, 0xD800, 0x41]),
        ) {
            let dst = dst.index(values.len() * 4 + 1);
            check_utf32_source(&values, Some(dst));
            check_utf32_source(&common::padded(&values, garbage)[..values.len()], Some(dst));
        }

    }
}

mod corpus {
    //! The corpus: every UTF-8 file round-trips through UTF-16 and
    //! UTF-32 byte-identically; the UTF-16LE files (after their `FF FE` byte
    //! order mark) and the UTF-32LE files convert to exactly the UTF-8 file's
    //! content, through every byte-order variant.
    use crate::common;
    use crate::common::{corpus, Order};

    #[test]
    fn utf8_round_trips_through_utf16_and_utf32() {
        for t in corpus() {
            // Through caller buffers of the documented "always enough" sizes.
            let mut b16 = vec![0u16; t.utf8.len()];
            let n16 = rapidutf::utf8_to_utf16(&t.utf8, &mut b16).unwrap();
            let mut b8 = vec![0u8; 3 * n16];
            let n8 = rapidutf::utf16_to_utf8(&b16[..n16], &mut b8).unwrap();
            assert_eq!(&b8[..n8], &t.utf8[..], "{}", t.lang);
            let mut b32 = vec![0u32; t.utf8.len()];
            let n32 = rapidutf::utf8_to_utf32(&t.utf8, &mut b32).unwrap();
            let mut b8 = vec![0u8; 4 * n32];
            let n8 = rapidutf::utf32_to_utf8(&b32[..n32], &mut b8).unwrap();
            assert_eq!(&b8[..n8], &t.utf8[..], "{}", t.lang);
        }
    }

    #[test]
    fn utf16_and_utf32_files_convert_to_the_utf8_file() {
        for t in corpus() {
            let lang = t.lang;
            // UTF-16LE as stored, through the LE functions.
            assert_eq!(rapidutf::validate_utf16le(&t.utf16le_mem), Ok(()), "{lang}");
            // Every byte order, from the values.
            for order in Order::ALL {
                let mem = order.encode(&t.utf16);
                let fns = common::utf16_fns(order);
                assert_eq!((fns.validate)(&mem), Ok(()), "{lang} {order:?}");
                let mut b8 = vec![0u8; (fns.utf8_len)(&mem)];
                assert_eq!(b8.len(), t.utf8.len(), "{lang} {order:?}");
                let n = (fns.to_utf8)(&mem, &mut b8).unwrap();
                assert_eq!(&b8[..n], &t.utf8[..], "{lang} {order:?}");
                let mut b32 = vec![0u32; mem.len()];
                let n = (fns.to_utf32)(&mem, &mut b32).unwrap();
                assert_eq!(&b32[..n], &t.utf32[..], "{lang} {order:?}");
                // And the reverse directions produce the file's units.
                let mut b16 = vec![0u16; t.utf8.len()];
                let n = common::utf8_to_utf16_fn(order)(&t.utf8, &mut b16).unwrap();
                assert_eq!(&b16[..n], &mem[..], "{lang} {order:?}");
                let n = common::utf32_to_utf16_fn(order)(&t.utf32, &mut b16).unwrap();
                assert_eq!(&b16[..n], &mem[..], "{lang} {order:?}");
            }
            if cfg!(target_endian = "little") {
                assert_eq!(t.utf16le_mem, t.utf16, "{lang}");
            }
            assert_eq!(rapidutf::validate_utf32(&t.utf32), Ok(()), "{lang}");
        }
    }

    /// The allocating functions on the corpus: `_vec`, `_string` and lossy.
    #[cfg(feature = "alloc")]
    #[test]
    fn allocating_conversions_match_the_files() {
        for t in corpus() {
            let lang = t.lang;
            let u16s = rapidutf::utf8_to_utf16_vec(&t.utf8).unwrap();
            assert_eq!(u16s, t.utf16, "{lang}");
            assert_eq!(rapidutf::utf16_to_string(&u16s).unwrap().as_bytes(), t.utf8, "{lang}");
            let u32s = rapidutf::utf8_to_utf32_vec(&t.utf8).unwrap();
            assert_eq!(u32s, t.utf32, "{lang}");
            assert_eq!(rapidutf::utf32_to_string(&u32s).unwrap().as_bytes(), t.utf8, "{lang}");
            let le = rapidutf::utf16le_to_string(&t.utf16le_mem).unwrap();
            assert_eq!(le.as_bytes(), t.utf8, "{lang}");
            let be = rapidutf::utf16be_to_string(&Order::Be.encode(&t.utf16)).unwrap();
            assert_eq!(be.as_bytes(), t.utf8, "{lang}");
            for order in Order::ALL {
                let lossy = (common::utf16_fns(order).lossy)(&order.encode(&t.utf16));
                assert_eq!(lossy.as_bytes(), t.utf8, "{lang} {order:?}");
            }
            let lossy = rapidutf::utf8_to_string_lossy(&t.utf8);
            assert!(matches!(lossy, std::borrow::Cow::Borrowed(_)), "{lang}");
        }
    }
}

mod dst_sweep {
    //! Every UTF-16- and UTF-32-source transcoder with every output size
    //! from 0 to the needed length (and a little beyond), on valid input and
    //! with an invalid unit inserted at the start, the middle, the end and
    //! after the first 16-unit block.
    use crate::common::*;
    use rapidutf::Utf32Error;

    /// Sweeps every UTF-16-source transcoder over every size.
    fn sweep_utf16(values: &[u16]) {
        for order in Order::ALL {
            let src = order.encode(values);
            let dec = dec_utf16(&src, order);
            let fns = utf16_fns(order);
            for n in 0..=needed(&dec, &enc_utf8) + 2 {
                check_transcoder(fns.name, fns.to_utf8, &src, &dec, &enc_utf8, n);
            }
            for n in 0..=dec.chars.len() + 2 {
                check_transcoder(fns.name, fns.to_utf32, &src, &dec, &enc_utf32, n);
            }
        }
    }

    /// Sweeps every UTF-32-source transcoder over every size.
    fn sweep_utf32(values: &[u32]) {
        let dec = dec_utf32(values);
        let f: Transcoder<u32, u8, Utf32Error> = rapidutf::utf32_to_utf8;
        for n in 0..=needed(&dec, &enc_utf8) + 2 {
            check_transcoder("utf32_to_utf8", f, values, &dec, &enc_utf8, n);
        }
        for order in Order::ALL {
            let enc = enc_utf16(order);
            let f = utf32_to_utf16_fn(order);
            for n in 0..=needed(&dec, &enc) + 2 {
                check_transcoder(&format!("utf32_to_utf16 {order:?}"), f, values, &dec, &enc, n);
            }
        }
    }

    #[test]
    fn valid_input_every_dst_size() {
        for s in sweep_texts() {
            sweep_utf16(&s.encode_utf16().collect::<Vec<_>>());
            sweep_utf32(&s.chars().map(u32::from).collect::<Vec<_>>());
        }
    }

    #[test]
    fn invalid_input_every_dst_size() {
        for s in sweep_texts() {
            let units: Vec<u16> = s.encode_utf16().collect();
            for at in sweep_positions(units.len()) {
                // Inserting may split a pair: that is fine, the oracle decides.
                for bad in [0xD800u16, 0xDBFF, 0xDC00, 0xDFFF] {
                    let mut v = units.clone();
                    v.insert(at, bad);
                    sweep_utf16(&v);
                }
            }
            let values: Vec<u32> = s.chars().map(u32::from).collect();
            for at in sweep_positions(values.len()) {
                for bad in [0xD800u32, 0xDFFF, 0x110000, u32::MAX] {
                    let mut v = values.clone();
                    v.insert(at, bad);
                    sweep_utf32(&v);
                }
            }
        }
    }
}

#[cfg(feature = "alloc")]
mod grid {
    //! The `_vec`/`_string` conversions of the naming grid against std.
    use crate::common::cases::*;

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
}

mod window_boundaries {
    //! Every UTF-16 probe (a unit of each UTF-8 length, a surrogate pair, a
    //! lone high and a lone low surrogate) and every UTF-32 probe (a value
    //! of each UTF-8 length, surrogates, values above U+10FFFF) at every
    //! offset of a 128-byte span after every script
    //! (`rapidutf_testkit::boundary`), converted by every kernel and the
    //! free functions to UTF-8, UTF-32 and UTF-16 of each byte order at the
    //! case's output alignment, into a `dst` of the size that always
    //! suffices, of the exact size, and one unit short of the probe's
    //! output; against `char::decode_utf16` and `char::from_u32`.
    use crate::common::boundary::{
        check_into, level, utf16_cases, utf32_cases, Conversion, Placed,
    };
    use crate::common::{
        dec_utf16, dec_utf32, enc_utf16, enc_utf32, enc_utf8, kernels, utf16_fns,
        utf32_to_utf16_fn, Order,
    };
    use rapidutf::{Kernel, TranscodeError, Utf16Error, Utf32Error};

    type From16<D> = fn(Kernel, &[u16], &mut [D]) -> Result<usize, TranscodeError<Utf16Error>>;
    type From32<D> = fn(Kernel, &[u32], &mut [D]) -> Result<usize, TranscodeError<Utf32Error>>;

    fn from_utf16(order: Order) -> (From16<u8>, From16<u32>) {
        match order {
            Order::Native => (Kernel::utf16_to_utf8, Kernel::utf16_to_utf32),
            Order::Le => (Kernel::utf16le_to_utf8, Kernel::utf16le_to_utf32),
            Order::Be => (Kernel::utf16be_to_utf8, Kernel::utf16be_to_utf32),
        }
    }

    fn utf32_to_utf16(order: Order) -> From32<u16> {
        match order {
            Order::Native => Kernel::utf32_to_utf16,
            Order::Le => Kernel::utf32_to_utf16le,
            Order::Be => Kernel::utf32_to_utf16be,
        }
    }

    #[test]
    fn utf16_every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        for case in utf16_cases(level()) {
            for order in case.pick(&Order::ALL) {
                let placed = Placed::new(&order.encode(&case.input), case.src_shift());
                let src = placed.get();
                let dec = dec_utf16(src, order);
                let fns = utf16_fns(order);
                let (to8, to32) = from_utf16(order);
                let want = Conversion::new(&dec, enc_utf8);
                for (i, cap) in case.sizes(&want, 3 * src.len()).into_iter().enumerate() {
                    if i == 0 {
                        let who = || format!("{}_to_utf8", fns.name);
                        check_into(&case, who, &want, cap, 0xFF, |d| (fns.to_utf8)(src, d));
                    }
                    for &k in &ks {
                        let who = || format!("{k}: {}_to_utf8", fns.name);
                        check_into(&case, who, &want, cap, 0xFF, |d| to8(k, src, d));
                    }
                }
                let want = Conversion::new(&dec, enc_utf32);
                for (i, cap) in case.sizes(&want, src.len()).into_iter().enumerate() {
                    let fill = 0xDEAD_BEEF;
                    if i == 0 {
                        let who = || format!("{}_to_utf32", fns.name);
                        check_into(&case, who, &want, cap, fill, |d| (fns.to_utf32)(src, d));
                    }
                    for &k in &ks {
                        let who = || format!("{k}: {}_to_utf32", fns.name);
                        check_into(&case, who, &want, cap, fill, |d| to32(k, src, d));
                    }
                }
            }
        }
    }

    #[test]
    fn utf32_every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        for case in utf32_cases(level()) {
            let placed = case.placed();
            let src = placed.get();
            let dec = dec_utf32(src);
            let want = Conversion::new(&dec, enc_utf8);
            for (i, cap) in case.sizes(&want, 4 * src.len()).into_iter().enumerate() {
                if i == 0 {
                    let who = || "utf32_to_utf8".to_string();
                    check_into(&case, who, &want, cap, 0xFF, |d| rapidutf::utf32_to_utf8(src, d));
                }
                for &k in &ks {
                    let who = || format!("{k}: utf32_to_utf8");
                    check_into(&case, who, &want, cap, 0xFF, |d| k.utf32_to_utf8(src, d));
                }
            }
            for order in case.pick(&Order::ALL) {
                let want = Conversion::new(&dec, enc_utf16(order));
                let (free, per_kernel) = (utf32_to_utf16_fn(order), utf32_to_utf16(order));
                for (i, cap) in case.sizes(&want, 2 * src.len()).into_iter().enumerate() {
                    if i == 0 {
                        let who = || format!("utf32_to_utf16 ({order:?})");
                        check_into(&case, who, &want, cap, 0xA5A5, |d| free(src, d));
                    }
                    for &k in &ks {
                        let who = || format!("{k}: utf32_to_utf16 ({order:?})");
                        check_into(&case, who, &want, cap, 0xA5A5, |d| per_kernel(k, src, d));
                    }
                }
            }
        }
    }
}
