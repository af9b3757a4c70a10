//! UTF-16 and UTF-32 validation, and the UTF-16 helpers (byte swap,
//! well-formedness), against `char::decode_utf16` and `char::from_u32`.

mod exhaustive {
    //! Every surrogate and every value above U+10FFFF up to 0x120000 (and the
    //! top of `u32`) as UTF-32; every `u16` alone, and every `u16` paired with
    //! each surrogate-edge value on either side, against `char::decode_utf16`
    //! (through every UTF-16- and UTF-32-source function).
    use crate::common;
    use crate::common::{check_utf16_source, check_utf32_source, Order};

    /// Every surrogate and the first 0x10000 values above U+10FFFF (and the top
    /// of `u32`) as UTF-32, alone and after a valid prefix.
    #[test]
    fn every_invalid_utf32_value_near_the_edges() {
        let values = (0xD800u32..0xE000)
            .chain(0x10FFF0..0x120000)
            .chain(u32::MAX - 0x100..=u32::MAX)
            .chain([0x7FFF_FFFF, 0x8000_0000, 0x0011_0000_u32.wrapping_shl(4)]);
        for v in values {
            check_utf32_source(&[v], None);
            check_utf32_source(&[0x41, 0x1F600, v, 0x42], None);
        }
    }

    /// Every `u16` alone, in every byte order, through every UTF-16 function.
    #[test]
    fn every_u16_alone() {
        for u in 0..=0xFFFFu16 {
            check_utf16_source(&[u], None);
        }
    }

    /// The values at the edges of the surrogate ranges.
    const SURROGATE_EDGES: [u16; 12] = [
        0x0041, 0xD7FF, 0xD800, 0xD801, 0xDBFE, 0xDBFF, 0xDC00, 0xDC01, 0xDFFE, 0xDFFF, 0xE000,
        0xFFFF,
    ];

    /// Every `u16` before and after each surrogate-edge value, against
    /// `char::decode_utf16`, for validation and UTF-16 to UTF-32/UTF-8.
    #[test]
    fn every_u16_pair_at_surrogate_edges() {
        #[cfg(feature = "transcode")]
        let (mut b8, mut b32) = ([0u8; 8], [0u32; 2]);
        for &edge in &SURROGATE_EDGES {
            for u in 0..=0xFFFFu16 {
                for pair in [[edge, u], [u, edge]] {
                    let dec = common::dec_utf16(&pair, Order::Native);
                    let want = dec.err.map_or(Ok(()), Err);
                    assert_eq!(
                        rapidutf::validate_utf16(&pair).map_err(|e| common::Key::key(&e)),
                        want,
                        "{pair:X?}"
                    );
                    #[cfg(feature = "transcode")]
                    {
                        let want8: Vec<u8> = dec
                            .chars
                            .iter()
                            .flat_map(|&(c, _)| c.encode_utf8(&mut [0; 4]).as_bytes().to_vec())
                            .collect();
                        match rapidutf::utf16_to_utf8(&pair, &mut b8) {
                            Ok(n) => {
                                assert!(want.is_ok(), "{pair:X?}");
                                assert_eq!(&b8[..n], &want8[..], "{pair:X?}");
                            }
                            Err(e) => {
                                assert_eq!(
                                    e.invalid().map(common::Key::key),
                                    want.err(),
                                    "{pair:X?}"
                                )
                            }
                        }
                        match rapidutf::utf16_to_utf32(&pair, &mut b32) {
                            Ok(n) => {
                                assert!(want.is_ok(), "{pair:X?}");
                                let chars: Vec<u32> =
                                    dec.chars.iter().map(|&(c, _)| c as u32).collect();
                                assert_eq!(&b32[..n], &chars[..], "{pair:X?}");
                            }
                            Err(e) => {
                                assert_eq!(
                                    e.invalid().map(common::Key::key),
                                    want.err(),
                                    "{pair:X?}"
                                )
                            }
                        }
                    }
                    #[cfg(all(feature = "alloc", feature = "transcode"))]
                    assert_eq!(
                        rapidutf::utf16_to_string_lossy(&pair),
                        String::from_utf16_lossy(&pair),
                        "{pair:X?}"
                    );
                }
            }
        }
        // And in the other byte orders, the full API on a thinner sample.
        for &edge in &SURROGATE_EDGES {
            for u in (0..=0xFFFFu16).step_by(61).chain(0xD7F0..=0xE010) {
                check_utf16_source(&[edge, u], None);
                check_utf16_source(&[u, edge, 0x41], None);
            }
        }
    }
}

mod utf16_tools {
    //! The UTF-16 helpers: byte swap, well-formed check and repair, lossy length.
    use crate::common::cases::*;
    use core::convert::Infallible;
    use proptest::prelude::*;
    use rapidutf::TranscodeError;

    fn lossy16(src: &[u16]) -> (Vec<u16>, usize) {
        let fixed: Vec<u16> = String::from_utf16_lossy(src).encode_utf16().collect();
        let lone = char::decode_utf16(src.iter().copied()).filter(Result::is_err).count();
        (fixed, lone)
    }

    pub(super) fn check_utf16_tools(src: &[u16]) {
        let (want, lone) = lossy16(src);
        assert_eq!(want.len(), src.len());

        let mut buf = src.to_vec();
        assert_eq!(rapidutf::make_utf16_well_formed(&mut buf), lone);
        assert_eq!(buf, want);
        let mut dst = vec![0u16; src.len() + 3];
        assert_eq!(rapidutf::to_well_formed_utf16(src, &mut dst), Ok(lone));
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
        assert_eq!(rapidutf::to_well_formed_utf16le(&le, &mut d), Ok(lone));
        assert_eq!(d, want_le);
        assert_eq!(rapidutf::to_well_formed_utf16be(&be, &mut d), Ok(lone));
        assert_eq!(d, want_be);

        #[cfg(feature = "transcode")]
        {
            let len = String::from_utf16_lossy(src).len();
            assert_eq!(rapidutf::utf8_len_from_utf16_lossy(src), len);
            assert_eq!(rapidutf::utf8_len_from_utf16le_lossy(&le), len);
            assert_eq!(rapidutf::utf8_len_from_utf16be_lossy(&be), len);
        }

        let swapped: Vec<u16> = src.iter().map(|u| u.swap_bytes()).collect();
        let mut d = vec![0u16; src.len()];
        assert_eq!(rapidutf::swap_utf16_bytes(src, &mut d), Ok(src.len()));
        assert_eq!(d, swapped);
        let mut b = src.to_vec();
        rapidutf::swap_utf16_bytes_in_place(&mut b);
        assert_eq!(b, swapped);
        assert_eq!(rapidutf::swap_utf16_bytes(&le, &mut d), Ok(src.len()));
        assert_eq!(d, be);

        check_short_dst(src, &want);
    }

    /// Every `dst` shorter than `src`: `OutputTooSmall`, with the longest
    /// prefix that fits (whole characters for the well-formed copies)
    /// written, by std's lossy decoding of that prefix, and nothing past
    /// it.
    fn check_short_dst(src: &[u16], want: &[u16]) {
        for n in 0..src.len() {
            let mut d = vec![0xA5A5u16; src.len()];
            let e = rapidutf::swap_utf16_bytes(src, &mut d[..n]).unwrap_err();
            assert_eq!(e, TranscodeError::OutputTooSmall { read: n, written: n });
            let swapped: Vec<u16> = src[..n].iter().map(|u| u.swap_bytes()).collect();
            assert_eq!(d[..n], swapped[..]);
            assert!(d[n..].iter().all(|&u| u == 0xA5A5));

            // A prefix of whole characters: a pair is never split.
            let splits = n > 0 && (0xD800..0xDC00).contains(&src[n - 1]);
            let splits = splits && (0xDC00..0xE000).contains(&src[n]);
            let fit = if splits { n - 1 } else { n };
            let (fixed, _) = lossy16(&src[..fit]);
            assert_eq!(fixed[..], want[..fit], "a prefix repairs as the whole");
            let forms: [(Store, To); 3] = [
                (|u| u, rapidutf::to_well_formed_utf16),
                (u16::to_le, rapidutf::to_well_formed_utf16le),
                (u16::to_be, rapidutf::to_well_formed_utf16be),
            ];
            for (order, to) in forms {
                let stored: Vec<u16> = src.iter().map(|&u| order(u)).collect();
                let mut d = vec![0xA5A5u16; src.len()];
                let e = to(&stored, &mut d[..n]).unwrap_err();
                assert_eq!(e, TranscodeError::OutputTooSmall { read: fit, written: fit }, "{n}");
                let fixed: Vec<u16> = fixed.iter().map(|&u| order(u)).collect();
                assert_eq!(d[..fit], fixed[..], "{n}");
                assert!(d[fit..].iter().all(|&u| u == 0xA5A5), "{n}");
            }
        }
    }

    /// A unit stored in a byte order; a `to_well_formed_utf16*` function.
    type Store = fn(u16) -> u16;
    type To = fn(&[u16], &mut [u16]) -> Result<usize, TranscodeError<Infallible>>;

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
    fn short_dst_is_an_error() {
        let e = TranscodeError::OutputTooSmall { read: 2, written: 2 };
        assert_eq!(rapidutf::swap_utf16_bytes(&[1, 2, 3], &mut [0; 2]), Err(e));
        assert_eq!(rapidutf::to_well_formed_utf16(&[1, 2, 3], &mut [0; 2]), Err(e));
        // The pair U+1F600 is not split.
        let e = TranscodeError::OutputTooSmall { read: 1, written: 1 };
        let src = [0x61, 0xD83D, 0xDE00];
        assert_eq!(rapidutf::to_well_formed_utf16(&src, &mut [0; 2]), Err(e));
        let le = src.map(u16::to_le);
        assert_eq!(rapidutf::to_well_formed_utf16le(&le, &mut [0; 2]), Err(e));
        let be = src.map(u16::to_be);
        assert_eq!(rapidutf::to_well_formed_utf16be(&be, &mut [0; 2]), Err(e));
        // A lone high surrogate at the end of what fits is a character.
        let e = TranscodeError::OutputTooSmall { read: 2, written: 2 };
        let mut d = [0; 2];
        assert_eq!(rapidutf::to_well_formed_utf16(&[0x61, 0xD83D, 0x62], &mut d), Err(e));
        assert_eq!(d, [0x61, 0xFFFD]);
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
}

mod window_boundaries {
    //! Every UTF-16 probe (a unit of each UTF-8 length, a surrogate pair, a
    //! lone high and a lone low surrogate) and every UTF-32 probe (a value
    //! of each UTF-8 length, surrogates, values above U+10FFFF) at every
    //! offset of a 128-byte span after every script
    //! (`rapidutf_testkit::boundary`): every kernel's and the free
    //! functions' validation of each byte order, and the UTF-16 helpers,
    //! against `char::decode_utf16` and `char::from_u32`.
    use crate::common::boundary::{level, utf16_cases, utf32_cases, Level, Placed, Shape};
    use crate::common::{dec_utf16, dec_utf32, kernels, utf16_fns, Key, Order};
    use rapidutf::{Kernel, Utf16Error};

    fn validate_utf16(order: Order) -> fn(Kernel, &[u16]) -> Result<(), Utf16Error> {
        match order {
            Order::Native => Kernel::validate_utf16,
            Order::Le => Kernel::validate_utf16le,
            Order::Be => Kernel::validate_utf16be,
        }
    }

    #[test]
    fn utf16_every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        let level = level();
        // Cases seen so far, short and long, for the tools' sampling below.
        let mut seen = [0usize; 2];
        for case in utf16_cases(level) {
            for order in case.pick(&Order::ALL) {
                let placed = Placed::new(&order.encode(&case.input), case.src_shift());
                let src = placed.get();
                let want = dec_utf16(src, order).err.map_or(Ok(()), Err);
                let fns = utf16_fns(order);
                let got = (fns.validate)(src).map_err(|e| e.key());
                assert_eq!(got, want, "validate_{}: {}", fns.name, case.label());
                let per_kernel = validate_utf16(order);
                for &k in &ks {
                    let got = per_kernel(k, src).map_err(|e| e.key());
                    assert_eq!(got, want, "{k}: validate_{}: {}", fns.name, case.label());
                }
            }
            // The tools always dispatch (one kernel per process). At the
            // quick level (emulated and sanitised runs), where they took
            // nearly all of this test's time (the long inputs the most),
            // on one short case in four and one long case in eight.
            let long = case.shape != Shape::Short;
            let n = seen[usize::from(long)];
            seen[usize::from(long)] += 1;
            if level != Level::Quick || n % if long { 8 } else { 4 } == 0 {
                super::utf16_tools::check_utf16_tools(case.placed().get());
            }
        }
    }

    #[test]
    fn utf32_every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        for case in utf32_cases(level()) {
            let placed = case.placed();
            let src = placed.get();
            let want = dec_utf32(src).err.map_or(Ok(()), Err);
            let got = rapidutf::validate_utf32(src).map_err(|e| e.key());
            assert_eq!(got, want, "validate_utf32: {}", case.label());
            for &k in &ks {
                let got = k.validate_utf32(src).map_err(|e| e.key());
                assert_eq!(got, want, "{k}: validate_utf32: {}", case.label());
            }
        }
    }
}

/// `is_valid_utf16*` and `is_valid_utf32` against std (`char::decode_utf16`,
/// `char::from_u32`): text of every length to 200 units with a lone
/// surrogate, or a value that is no scalar value, at every offset (both
/// sides of every block boundary of the kernels), arbitrary units, and
/// all of it under every kernel (the functions always dispatch).
mod is_valid {
    use crate::common::cases::TEXT;
    use crate::common::Order;
    use proptest::prelude::*;

    /// The function of `order`.
    fn is_valid16(order: Order) -> fn(&[u16]) -> bool {
        match order {
            Order::Native => rapidutf::is_valid_utf16,
            Order::Le => rapidutf::is_valid_utf16le,
            Order::Be => rapidutf::is_valid_utf16be,
        }
    }

    fn check16(units: &[u16]) {
        let want = char::decode_utf16(units.iter().copied()).all(|r| r.is_ok());
        for order in Order::ALL {
            let stored = order.encode(units);
            assert_eq!(is_valid16(order)(&stored), want, "{order:?} {units:X?}");
        }
        assert_eq!(rapidutf::validate_utf16(units).is_ok(), want);
    }

    fn check32(values: &[u32]) {
        let want = values.iter().all(|&v| char::from_u32(v).is_some());
        assert_eq!(rapidutf::is_valid_utf32(values), want, "{values:X?}");
    }

    #[test]
    fn every_length_and_offset() {
        let units: Vec<u16> = TEXT.encode_utf16().cycle().take(200).collect();
        let values: Vec<u32> = TEXT.chars().map(u32::from).cycle().take(200).collect();
        for len in 0..=200 {
            // A prefix of whole characters: never cut inside a pair.
            let cut =
                (0..=len).rev().find(|&n| n == 0 || !(0xD800..0xDC00).contains(&units[n - 1]));
            let text = &units[..cut.unwrap_or(0)];
            check16(text);
            check32(&values[..len]);
            for at in 0..=text.len() {
                for bad in [0xD800, 0xDBFF, 0xDC00, 0xDFFF] {
                    let mut v = text.to_vec();
                    v.insert(at, bad);
                    check16(&v);
                }
            }
            for at in 0..len {
                for bad in [0xD800, 0xDFFF, 0x11_0000, u32::MAX] {
                    let mut v = values[..len].to_vec();
                    v[at] = bad;
                    check32(&v);
                }
            }
        }
    }

    /// These tests always dispatch: re-run them under every other
    /// available kernel.
    #[cfg(feature = "std")]
    #[test]
    fn under_every_available_kernel() {
        crate::common::rerun_under_every_kernel(
            "validate_utf16_utf32::is_valid::",
            "validate_utf16_utf32::is_valid::under_every_available_kernel",
        );
    }

    proptest! {
        #![proptest_config(crate::common::proptest_config(256))]

        #[test]
        fn arbitrary_units(units in prop::collection::vec(prop_oneof![
            4 => 0u16..0x800, 2 => 0xD800u16..0xE000, 1 => any::<u16>()], 0..300)) {
            check16(&units);
        }

        #[test]
        fn arbitrary_values(values in prop::collection::vec(prop_oneof![
            4 => 0u32..0x11_0000, 1 => 0xD800u32..0xE000, 1 => any::<u32>()], 0..300)) {
            check32(&values);
        }
    }
}
