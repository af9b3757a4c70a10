//! Lengths and counts: exact against std on valid input, and equal to
//! their documented definitions on arbitrary input, for every kernel and
//! the dispatching free functions; a buffer of the returned size always
//! holds the conversion of the valid prefix.

mod definitions {
    //! Lengths and counts: exact against std on valid input, and equal to their
    //! documented definition (src/count.rs) on arbitrary input; and a buffer of
    //! the returned size always holds the conversion of the valid prefix.
    use crate::common;

    use crate::common::{
        def_count_chars, def_utf16_len_from_utf32, def_utf16_len_from_utf8,
        def_utf32_len_from_utf16, def_utf8_len_from_utf16, def_utf8_len_from_utf32, needed,
        proptest_config, Order,
    };
    use proptest::prelude::*;

    fn check_utf8_counts(b: &[u8]) {
        assert_eq!(rapidutf::count_chars(b), def_count_chars(b), "{b:02X?}");
        assert_eq!(rapidutf::utf16_len_from_utf8(b), def_utf16_len_from_utf8(b), "{b:02X?}");
        if let Ok(s) = core::str::from_utf8(b) {
            assert_eq!(rapidutf::count_chars(b), s.chars().count());
            assert_eq!(rapidutf::utf16_len_from_utf8(b), s.encode_utf16().count());
        }
        // Sizing: the counted buffer holds the valid prefix's conversion.
        let dec = common::dec_utf8(b);
        assert!(
            needed(&dec, &common::enc_utf16(Order::Native)) <= rapidutf::utf16_len_from_utf8(b)
        );
        assert!(dec.chars.len() <= rapidutf::count_chars(b));
        let mut v16 = vec![0u16; rapidutf::utf16_len_from_utf8(b)];
        assert!(!matches!(
            rapidutf::utf8_to_utf16(b, &mut v16),
            Err(rapidutf::TranscodeError::OutputTooSmall { .. })
        ));
        let mut v32 = vec![0u32; rapidutf::count_chars(b)];
        assert!(!matches!(
            rapidutf::utf8_to_utf32(b, &mut v32),
            Err(rapidutf::TranscodeError::OutputTooSmall { .. })
        ));
    }

    fn check_utf16_counts(values: &[u16]) {
        let want8 = def_utf8_len_from_utf16(values);
        assert_eq!(rapidutf::utf8_len_from_utf16(values), want8, "{values:X?}");
        assert_eq!(rapidutf::utf8_len_from_utf16le(&Order::Le.encode(values)), want8);
        assert_eq!(rapidutf::utf8_len_from_utf16be(&Order::Be.encode(values)), want8);
        assert_eq!(rapidutf::utf32_len_from_utf16(values), def_utf32_len_from_utf16(values));
        if let Ok(s) = String::from_utf16(values) {
            assert_eq!(want8, s.len());
            assert_eq!(rapidutf::utf32_len_from_utf16(values), s.chars().count());
        }
        // Sizing, in every byte order.
        for order in Order::ALL {
            let src = order.encode(values);
            let fns = common::utf16_fns(order);
            let mut out = vec![0u8; (fns.utf8_len)(&src)];
            assert!(!matches!(
                (fns.to_utf8)(&src, &mut out),
                Err(rapidutf::TranscodeError::OutputTooSmall { .. })
            ));
        }
        let mut out = vec![0u32; rapidutf::utf32_len_from_utf16(values)];
        assert!(!matches!(
            rapidutf::utf16_to_utf32(values, &mut out),
            Err(rapidutf::TranscodeError::OutputTooSmall { .. })
        ));
    }

    fn check_utf32_counts(values: &[u32]) {
        assert_eq!(rapidutf::utf8_len_from_utf32(values), def_utf8_len_from_utf32(values));
        assert_eq!(rapidutf::utf16_len_from_utf32(values), def_utf16_len_from_utf32(values));
        if let Some(s) = values.iter().map(|&v| char::from_u32(v)).collect::<Option<String>>() {
            assert_eq!(rapidutf::utf8_len_from_utf32(values), s.len());
            assert_eq!(rapidutf::utf16_len_from_utf32(values), s.encode_utf16().count());
        }
        let mut out = vec![0u8; rapidutf::utf8_len_from_utf32(values)];
        assert!(!matches!(
            rapidutf::utf32_to_utf8(values, &mut out),
            Err(rapidutf::TranscodeError::OutputTooSmall { .. })
        ));
        let mut out = vec![0u16; rapidutf::utf16_len_from_utf32(values)];
        assert!(!matches!(
            rapidutf::utf32_to_utf16(values, &mut out),
            Err(rapidutf::TranscodeError::OutputTooSmall { .. })
        ));
    }

    proptest! {
        #![proptest_config(proptest_config(1500))]

        #[test]
        fn utf8_counts(b in common::arb_utf8_input()) {
            check_utf8_counts(&b);
        }

        #[test]
        fn utf8_counts_valid(s in common::arb_text(300)) {
            check_utf8_counts(s.as_bytes());
        }

        #[test]
        fn utf16_counts(v in common::arb_utf16_input()) {
            check_utf16_counts(&v);
        }

        #[test]
        fn utf32_counts(v in common::arb_utf32_input()) {
            check_utf32_counts(&v);
        }
    }

    /// Every byte, `u16` and UTF-32 edge value alone and repeated past the
    /// vectorised loop widths (the sums are vectorised).
    #[test]
    fn counts_every_unit_value() {
        for b in 0..=255u8 {
            for n in [1, 7, 33, 100] {
                check_utf8_counts(&vec![b; n]);
            }
        }
        for u in 0..=0xFFFFu16 {
            check_utf16_counts(&[u]);
        }
        for u in (0..=0xFFFFu16).step_by(97).chain(0xD7FF..=0xE000) {
            check_utf16_counts(&[u; 70]);
        }
        for v in [
            0,
            0x7F,
            0x80,
            0x7FF,
            0x800,
            0xFFFF,
            0x10000,
            0x10FFFF,
            0x110000,
            0x1F_FFFF,
            0x20_0000,
            0x7FFF_FFFF,
            0x8000_0000,
            u32::MAX,
        ] {
            check_utf32_counts(&[v; 70]);
            check_utf32_counts(&[v]);
        }
    }

    /// Known answers from the docs.
    #[test]
    fn documented_examples() {
        assert_eq!(rapidutf::count_chars("añ€😀".as_bytes()), 4);
        assert_eq!(rapidutf::utf16_len_from_utf8("a€😀".as_bytes()), 4);
        let s: Vec<u16> = "a€😀".encode_utf16().collect();
        assert_eq!(rapidutf::utf8_len_from_utf16(&s), 1 + 3 + 4);
        assert_eq!(rapidutf::utf32_len_from_utf16(&s), 3);
        assert_eq!(rapidutf::utf8_len_from_utf32(&[0x61, 0x20AC, 0x1F600]), 8);
        assert_eq!(rapidutf::utf16_len_from_utf32(&[0x61, 0x20AC, 0x1F600]), 4);
    }
}

mod kernels {
    //! The counts of every kernel, against std on valid input and against the
    //! documented definitions (`src/count.rs`) on arbitrary input.
    //!
    //! The kernels take 256 bytes per iteration (four 64-byte blocks), then
    //! single vectors, then a scalar tail, and flush their 8-bit counters every
    //! few dozen iterations: the lengths below cross every one of those
    //! boundaries, including inputs longer than 255 × 64 bytes.

    use crate::common;

    use crate::common::{
        def_count_chars, def_utf16_len_from_utf32, def_utf16_len_from_utf8,
        def_utf32_len_from_utf16, def_utf8_len_from_utf16, def_utf8_len_from_utf32,
    };
    use proptest::prelude::*;

    fn swapped(s: &[u16]) -> Vec<u16> {
        s.iter().map(|u| u.swap_bytes()).collect()
    }

    /// Every count, with every kernel and through dispatch, against the
    /// definitions.
    fn check_utf8(s: &[u8]) {
        let (chars, units) = (def_count_chars(s), def_utf16_len_from_utf8(s));
        assert_eq!(rapidutf::count_chars(s), chars, "dispatch, len {}", s.len());
        assert_eq!(rapidutf::utf16_len_from_utf8(s), units, "dispatch, len {}", s.len());
        for k in common::kernels() {
            assert_eq!(k.count_chars(s), chars, "{k} count_chars, len {}", s.len());
            assert_eq!(k.utf16_len_from_utf8(s), units, "{k} utf16_len_from_utf8, len {}", s.len());
        }
    }

    fn check_utf16(s: &[u16]) {
        let (u8len, u32len) = (def_utf8_len_from_utf16(s), def_utf32_len_from_utf16(s));
        let be = swapped(s);
        let le: Vec<u16> = s.iter().map(|u| u.to_le()).collect();
        let be_mem: Vec<u16> = s.iter().map(|u| u.to_be()).collect();
        let n = s.len();
        assert_eq!(rapidutf::utf8_len_from_utf16(s), u8len, "dispatch, len {n}");
        assert_eq!(rapidutf::utf8_len_from_utf16le(&le), u8len, "dispatch le, len {n}");
        assert_eq!(rapidutf::utf8_len_from_utf16be(&be_mem), u8len, "dispatch be, len {n}");
        assert_eq!(rapidutf::utf32_len_from_utf16(s), u32len, "dispatch, len {n}");
        assert_eq!(rapidutf::utf32_len_from_utf16le(&le), u32len, "dispatch le, len {n}");
        assert_eq!(rapidutf::utf32_len_from_utf16be(&be_mem), u32len, "dispatch be, len {n}");
        for k in common::kernels() {
            assert_eq!(k.utf8_len_from_utf16(s), u8len, "{k}, len {n}");
            assert_eq!(k.utf8_len_from_utf16le(&le), u8len, "{k} le, len {n}");
            assert_eq!(k.utf8_len_from_utf16be(&be_mem), u8len, "{k} be, len {n}");
            assert_eq!(k.utf32_len_from_utf16(s), u32len, "{k}, len {n}");
            assert_eq!(k.utf32_len_from_utf16le(&le), u32len, "{k} le, len {n}");
            assert_eq!(k.utf32_len_from_utf16be(&be_mem), u32len, "{k} be, len {n}");
            // The wrong byte order is just other input: still the definition.
            if cfg!(target_endian = "little") {
                assert_eq!(k.utf8_len_from_utf16be(s), def_utf8_len_from_utf16(&be), "{k}, {n}");
                assert_eq!(k.utf32_len_from_utf16be(s), def_utf32_len_from_utf16(&be), "{k}, {n}");
            }
        }
    }

    fn check_utf32(s: &[u32]) {
        let (u8len, u16len) = (def_utf8_len_from_utf32(s), def_utf16_len_from_utf32(s));
        let n = s.len();
        assert_eq!(rapidutf::utf8_len_from_utf32(s), u8len, "dispatch, len {n}");
        assert_eq!(rapidutf::utf16_len_from_utf32(s), u16len, "dispatch, len {n}");
        for k in common::kernels() {
            assert_eq!(k.utf8_len_from_utf32(s), u8len, "{k}, len {n}");
            assert_eq!(k.utf16_len_from_utf32(s), u16len, "{k}, len {n}");
        }
    }

    /// A deterministic pseudo-random generator (xorshift), so the long
    /// inputs need no proptest shrinking.
    fn noise(seed: u64, n: usize) -> Vec<u64> {
        let mut x = seed | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            })
            .collect()
    }

    /// Every length from 0 to 1100 (crossing 16/32/64-byte vectors and
    /// 256-byte iterations), on random bytes and on valid multilingual text,
    /// at every start offset modulo 4.
    #[test]
    fn every_length() {
        let bytes: Vec<u8> = noise(1, 1200).into_iter().map(|x| x as u8).collect();
        let text: String = common::lipsum("utf8")
            .iter()
            .flat_map(|(_, b)| std::str::from_utf8(b).unwrap().chars().take(60))
            .collect();
        let text = text.as_bytes();
        for len in 0..=1100 {
            for off in 0..4 {
                check_utf8(&bytes[off..off + len]);
                if off + len <= text.len() {
                    check_utf8(&text[off..off + len]);
                }
            }
        }
        let units: Vec<u16> = noise(2, 600).into_iter().map(|x| x as u16).collect();
        let values: Vec<u32> =
            noise(3, 600).into_iter().map(|x| (x >> 11) as u32 >> (x % 24)).collect();
        for len in 0..=580 {
            check_utf16(&units[..len]);
            check_utf16(&units[3..3 + len]);
            check_utf32(&values[..len]);
            check_utf32(&values[1..1 + len]);
        }
    }

    /// Inputs long enough that a kernel counts units up to its first
    /// aligned vector before its main loop, starting at every offset of a
    /// 64-byte line and ending at every offset of a vector: the head, the
    /// aligned loop and the tail must count each unit once. Also the
    /// Latin-1 → UTF-8 length, which shares the UTF-8 loop.
    #[test]
    fn long_inputs_at_every_offset() {
        let units: Vec<u16> = noise(5, 2200).into_iter().map(|x| x as u16).collect();
        let values: Vec<u32> =
            noise(6, 1100).into_iter().map(|x| (x >> 11) as u32 >> (x % 24)).collect();
        for off in 0..32 {
            for len in [511, 512, 513, 600, 2048 + 31] {
                check_utf16(&units[off..off + len]);
                if off < 16 && len <= 1024 {
                    check_utf32(&values[off..off + len]);
                    check_utf32(&values[off..off + len / 2]);
                }
            }
        }
        let bytes: Vec<u8> = noise(4, 4400).into_iter().map(|x| x as u8).collect();
        for off in 0..64 {
            for len in [1023, 1024, 1025, 1100, 1151, 2048 + 7, 4096 + 63] {
                let s = &bytes[off..off + len];
                check_utf8(s);
                #[cfg(feature = "single-byte")]
                {
                    let latin1 = s.len() + s.iter().filter(|&&b| b >= 0x80).count();
                    assert_eq!(rapidutf::utf8_len_from_latin1(s), latin1, "off {off} len {len}");
                    for k in common::kernels() {
                        assert_eq!(k.utf8_len_from_latin1(s), latin1, "{k} off {off} len {len}");
                    }
                }
            }
        }
    }

    /// Inputs where every unit has the largest per-lane amount, longer than
    /// the interval between counter flushes (255 × 64 bytes for the 8-bit
    /// counters, 0x7FFF steps for the 16-bit ones): an overflow would show.
    #[test]
    fn counters_do_not_overflow() {
        for len in [255 * 64, 255 * 64 + 1, 256 * 256 + 77, 300_000] {
            check_utf8(&vec![b'a'; len]);
            check_utf8(&vec![0xF4; len]);
            check_utf8(&vec![0xBF; len]);
        }
        for len in [0x7FFF * 16 + 5, 0x10000 * 4 + 3] {
            check_utf16(&vec![0x41; len]);
            check_utf16(&vec![0xDC00; len]);
            check_utf32(&vec![0x41; len / 2]);
            check_utf32(&vec![0xFFFF_FFFF; len / 2]);
        }
        // UTF-32 to UTF-8 lengths count three per value into 16-bit lanes,
        // two vectors of values per step and 0x7FFF / 3 steps per flush:
        // up to 1.4 million values between flushes for 512-bit vectors.
        check_utf32(&vec![0; 3_000_000]);
        // Long random input: all amounts mixed.
        let bytes: Vec<u8> = noise(4, 200_000).into_iter().map(|x| x as u8).collect();
        check_utf8(&bytes);
        let units: Vec<u16> = noise(5, 300_000).into_iter().map(|x| x as u16).collect();
        check_utf16(&units);
    }

    /// The corpus: exact counts against std, every kernel.
    #[test]
    fn lipsum_against_std() {
        for (lang, bytes) in common::lipsum("utf8") {
            let s = std::str::from_utf8(&bytes).unwrap();
            let utf16: Vec<u16> = s.encode_utf16().collect();
            let utf32: Vec<u32> = s.chars().map(u32::from).collect();
            let (chars, units) = (s.chars().count(), utf16.len());
            assert_eq!(rapidutf::count_chars(s.as_bytes()), chars, "{lang}");
            assert_eq!(rapidutf::utf16_len_from_utf8(s.as_bytes()), units, "{lang}");
            assert_eq!(rapidutf::utf8_len_from_utf16(&utf16), s.len(), "{lang}");
            assert_eq!(rapidutf::utf8_len_from_utf32(&utf32), s.len(), "{lang}");
            assert_eq!(rapidutf::utf16_len_from_utf32(&utf32), units, "{lang}");
            assert_eq!(rapidutf::utf32_len_from_utf16(&utf16), chars, "{lang}");
            for k in common::kernels() {
                assert_eq!(k.count_chars(s.as_bytes()), chars, "{k} {lang}");
                assert_eq!(k.utf16_len_from_utf8(s.as_bytes()), units, "{k} {lang}");
                assert_eq!(k.utf8_len_from_utf16(&utf16), s.len(), "{k} {lang}");
                assert_eq!(k.utf8_len_from_utf32(&utf32), s.len(), "{k} {lang}");
                assert_eq!(k.utf16_len_from_utf32(&utf32), units, "{k} {lang}");
                assert_eq!(k.utf32_len_from_utf16(&utf16), chars, "{k} {lang}");
            }
        }
    }

    proptest! {
        /// Valid text: the counts are the lengths std computes.
        #[test]
        fn valid_against_std(s in any::<String>()) {
            let utf16: Vec<u16> = s.encode_utf16().collect();
            let utf32: Vec<u32> = s.chars().map(u32::from).collect();
            for k in common::kernels() {
                prop_assert_eq!(k.count_chars(s.as_bytes()), s.chars().count());
                prop_assert_eq!(k.utf16_len_from_utf8(s.as_bytes()), utf16.len());
                prop_assert_eq!(k.utf8_len_from_utf16(&utf16), s.len());
                prop_assert_eq!(k.utf8_len_from_utf32(&utf32), s.len());
                prop_assert_eq!(k.utf16_len_from_utf32(&utf32), utf16.len());
                prop_assert_eq!(k.utf32_len_from_utf16(&utf16), utf32.len());
            }
        }

        /// Arbitrary input: the definitions.
        #[test]
        fn arbitrary_against_definitions(
            b in proptest::collection::vec(any::<u8>(), 0..700),
            u in proptest::collection::vec(any::<u16>(), 0..400),
            c in proptest::collection::vec(any::<u32>(), 0..300),
        ) {
            check_utf8(&b);
            check_utf16(&u);
            check_utf32(&c);
        }
    }
}

mod corpus {
    //! The counts agree with std on the corpus.
    use crate::common::{corpus, Order};

    #[test]
    fn counts_agree_on_the_corpus() {
        for t in corpus() {
            let lang = t.lang;
            assert_eq!(rapidutf::count_chars(&t.utf8), t.utf32.len(), "{lang}");
            assert_eq!(rapidutf::utf16_len_from_utf8(&t.utf8), t.utf16.len(), "{lang}");
            assert_eq!(rapidutf::utf8_len_from_utf16(&t.utf16), t.utf8.len(), "{lang}");
            assert_eq!(rapidutf::utf8_len_from_utf16le(&t.utf16le_mem), t.utf8.len(), "{lang}");
            let be = Order::Be.encode(&t.utf16);
            assert_eq!(rapidutf::utf8_len_from_utf16be(&be), t.utf8.len(), "{lang}");
            assert_eq!(rapidutf::utf8_len_from_utf32(&t.utf32), t.utf8.len(), "{lang}");
            assert_eq!(rapidutf::utf16_len_from_utf32(&t.utf32), t.utf16.len(), "{lang}");
            assert_eq!(rapidutf::utf32_len_from_utf16(&t.utf16), t.utf32.len(), "{lang}");
            assert_eq!(rapidutf::is_ascii(&t.utf8), t.utf8.is_ascii(), "{lang}");
        }
    }
}

mod window_boundaries {
    //! Every UTF-8, UTF-16 and UTF-32 probe of `rapidutf_testkit::boundary`
    //! (valid characters of each length and every invalid sequence) at
    //! every offset of a 128-byte span after every script: every kernel's
    //! and the free functions' counts against their documented
    //! definitions (exact on the valid cases).
    use crate::common::boundary::{level, utf16_cases, utf32_cases, utf8_cases, Placed};
    use crate::common::{
        def_count_chars, def_utf16_len_from_utf32, def_utf16_len_from_utf8,
        def_utf32_len_from_utf16, def_utf8_len_from_utf16, def_utf8_len_from_utf32, kernels, Order,
    };
    use rapidutf::Kernel;

    /// A UTF-16 length function, free or a kernel's.
    type Len = fn(&[u16]) -> usize;
    type KernelLen = fn(Kernel, &[u16]) -> usize;

    #[test]
    fn utf8_every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        for case in utf8_cases(level()) {
            let placed = case.placed();
            let s = placed.get();
            let (chars, units) = (def_count_chars(s), def_utf16_len_from_utf8(s));
            let label = || case.label();
            assert_eq!(rapidutf::count_chars(s), chars, "count_chars: {}", label());
            assert_eq!(rapidutf::utf16_len_from_utf8(s), units, "utf16_len_from_utf8: {}", label());
            for &k in &ks {
                assert_eq!(k.count_chars(s), chars, "{k}: count_chars: {}", label());
                assert_eq!(
                    k.utf16_len_from_utf8(s),
                    units,
                    "{k}: utf16_len_from_utf8: {}",
                    label()
                );
            }
        }
    }

    #[test]
    fn utf16_every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        for case in utf16_cases(level()) {
            let values = &case.input;
            let (u8len, u32len) =
                (def_utf8_len_from_utf16(values), def_utf32_len_from_utf16(values));
            let label = || case.label();
            for order in case.pick(&Order::ALL) {
                let placed = Placed::new(&order.encode(values), case.src_shift());
                let s = placed.get();
                let (free8, free32, k8, k32): (Len, Len, KernelLen, KernelLen) = match order {
                    Order::Native => (
                        rapidutf::utf8_len_from_utf16,
                        rapidutf::utf32_len_from_utf16,
                        Kernel::utf8_len_from_utf16,
                        Kernel::utf32_len_from_utf16,
                    ),
                    Order::Le => (
                        rapidutf::utf8_len_from_utf16le,
                        rapidutf::utf32_len_from_utf16le,
                        Kernel::utf8_len_from_utf16le,
                        Kernel::utf32_len_from_utf16le,
                    ),
                    Order::Be => (
                        rapidutf::utf8_len_from_utf16be,
                        rapidutf::utf32_len_from_utf16be,
                        Kernel::utf8_len_from_utf16be,
                        Kernel::utf32_len_from_utf16be,
                    ),
                };
                assert_eq!(free8(s), u8len, "utf8_len_from_utf16 ({order:?}): {}", label());
                assert_eq!(free32(s), u32len, "utf32_len_from_utf16 ({order:?}): {}", label());
                for &k in &ks {
                    assert_eq!(
                        k8(k, s),
                        u8len,
                        "{k}: utf8_len_from_utf16 ({order:?}): {}",
                        label()
                    );
                    assert_eq!(
                        k32(k, s),
                        u32len,
                        "{k}: utf32_len_from_utf16 ({order:?}): {}",
                        label()
                    );
                }
            }
        }
    }

    #[test]
    fn utf32_every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        for case in utf32_cases(level()) {
            let placed = case.placed();
            let s = placed.get();
            let (u8len, u16len) = (def_utf8_len_from_utf32(s), def_utf16_len_from_utf32(s));
            let label = || case.label();
            assert_eq!(rapidutf::utf8_len_from_utf32(s), u8len, "utf8_len_from_utf32: {}", label());
            assert_eq!(
                rapidutf::utf16_len_from_utf32(s),
                u16len,
                "utf16_len_from_utf32: {}",
                label()
            );
            for &k in &ks {
                assert_eq!(
                    k.utf8_len_from_utf32(s),
                    u8len,
                    "{k}: utf8_len_from_utf32: {}",
                    label()
                );
                assert_eq!(
                    k.utf16_len_from_utf32(s),
                    u16len,
                    "{k}: utf16_len_from_utf32: {}",
                    label()
                );
            }
            if let Some(chars) = s.iter().map(|&v| char::from_u32(v)).collect::<Option<Vec<char>>>()
            {
                assert_eq!(rapidutf::utf8_len_from_chars(&chars), u8len, "{}", label());
                assert_eq!(rapidutf::utf16_len_from_chars(&chars), u16len, "{}", label());
            }
        }
    }
}
