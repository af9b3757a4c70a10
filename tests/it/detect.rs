//! Encoding detection: the rules of `rapidutf::detect` on the corpus and
//! on constructed inputs, and its candidate sets against std's decoders
//! (UTF-8, UTF-16 and UTF-32 validity) on arbitrary bytes.

use proptest::prelude::*;
use rapidutf::{detect_encoding, DetectedEncoding, DetectedEncoding::*};
use rapidutf_testkit::corpus;

fn le16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}
fn be16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_be_bytes).collect()
}
fn le32(s: &str) -> Vec<u8> {
    s.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect()
}
fn be32(s: &str) -> Vec<u8> {
    s.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect()
}

/// Whether `bytes` are valid in `e`, by std's decoders.
fn std_valid(e: DetectedEncoding, bytes: &[u8]) -> bool {
    let units16 = |le: bool| -> Option<Vec<u16>> {
        (bytes.len() % 2 == 0).then(|| {
            bytes
                .chunks_exact(2)
                .map(|p| {
                    if le {
                        u16::from_le_bytes([p[0], p[1]])
                    } else {
                        u16::from_be_bytes([p[0], p[1]])
                    }
                })
                .collect()
        })
    };
    let values32 = |le: bool| -> Option<Vec<u32>> {
        (bytes.len() % 4 == 0).then(|| {
            bytes
                .chunks_exact(4)
                .map(|q| {
                    let q = [q[0], q[1], q[2], q[3]];
                    if le {
                        u32::from_le_bytes(q)
                    } else {
                        u32::from_be_bytes(q)
                    }
                })
                .collect()
        })
    };
    match e {
        Utf8 => std::str::from_utf8(bytes).is_ok(),
        Utf16Le | Utf16Be => {
            units16(e == Utf16Le).is_some_and(|u| char::decode_utf16(u).all(|r| r.is_ok()))
        }
        Utf32Le | Utf32Be => values32(e == Utf32Le)
            .is_some_and(|v| v.into_iter().all(|x| char::from_u32(x).is_some())),
        Windows1252 => true,
        _ => unreachable!("no other encodings"),
    }
}

#[test]
fn corpus_files_are_detected() {
    for (lang, bytes) in corpus::lipsum("utf8") {
        let d = detect_encoding(&bytes);
        // Some of the corpus's UTF-8 files start with a BOM.
        let bom = if bytes.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        assert_eq!((d.encoding(), d.bom_len()), (Utf8, bom), "{lang}");
        assert_eq!(d.is_ascii(), bytes.is_ascii(), "{lang}");
        if bom == 3 {
            let d = detect_encoding(&bytes[3..]);
            assert_eq!((d.encoding(), d.bom_len()), (Utf8, 0), "{lang}");
        }
    }
    for (lang, bytes) in corpus::lipsum("utf16") {
        // The corpus's UTF-16 files start with a BOM.
        let d = detect_encoding(&bytes);
        assert_eq!((d.encoding(), d.bom_len()), (Utf16Le, 2), "{lang}");
        assert!(d.candidates().contains(Utf16Le), "{lang}");
        let text = String::from_utf8(corpus::lipsum_file(lang, "utf8")).unwrap();
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
        // Without the BOM, by the unit pattern: Latin, French, Cyrillic,
        // Greek, Arabic and Hebrew text have spaces and ASCII punctuation.
        let language = lang.split(" (").next().unwrap_or(lang);
        if matches!(language, "Latin" | "French" | "Russian" | "Greek" | "Arabic" | "Hebrew") {
            assert_eq!(detect_encoding(&le16(text)).encoding(), Utf16Le, "{lang}");
            assert_eq!(detect_encoding(&be16(text)).encoding(), Utf16Be, "{lang}");
            // ASCII units are not ASCII text: this is UTF-16.
            assert!(!detect_encoding(&le16(text)).is_ascii(), "{lang}");
        }
        // Whatever the text, the BOM-less forms stay candidates.
        assert!(detect_encoding(&le16(text)).candidates().contains(Utf16Le), "{lang}");
        assert!(detect_encoding(&be16(text)).candidates().contains(Utf16Be), "{lang}");
        assert_eq!(detect_encoding(&le32(text)).encoding(), Utf32Le, "{lang}");
        assert_eq!(detect_encoding(&be32(text)).encoding(), Utf32Be, "{lang}");
    }
    for (lang, bytes) in corpus::lipsum("utf32") {
        let d = detect_encoding(&bytes);
        let bom = if bytes.starts_with(b"\xFF\xFE\0\0") { 4 } else { 0 };
        assert_eq!((d.encoding(), d.bom_len()), (Utf32Le, bom), "{lang}");
    }
}

#[test]
fn byte_order_marks_decide() {
    let cases: [(&[u8], DetectedEncoding, usize); 7] = [
        (b"\xEF\xBB\xBFabc", Utf8, 3),
        (b"\xFF\xFEa\x00", Utf16Le, 2),
        (b"\xFE\xFF\x00a", Utf16Be, 2),
        (b"\xFF\xFE\x00\x00a\x00\x00\x00", Utf32Le, 4),
        (b"\x00\x00\xFE\xFF\x00\x00\x00a", Utf32Be, 4),
        // FF FE 00 00 then text that is not UTF-32LE: a UTF-16LE mark and NUL.
        (b"\xFF\xFE\x00\x00a\x00", Utf16Le, 2),
        (b"\xEF\xBB\xBF", Utf8, 3),
    ];
    for (bytes, e, bom) in cases {
        let d = detect_encoding(bytes);
        assert_eq!((d.encoding(), d.bom_len()), (e, bom), "{bytes:02X?}");
        assert_eq!(d.candidates().iter().collect::<Vec<_>>(), [e], "{bytes:02X?}");
    }
    // A mark followed by invalid text: still the mark's encoding, but no
    // candidate is left.
    let d = detect_encoding(b"\xEF\xBB\xBF\xFF");
    assert_eq!((d.encoding(), d.candidates().len()), (Utf8, 0));
    let d = detect_encoding(b"\xFE\xFF\xDC\x00");
    assert_eq!((d.encoding(), d.candidates().len()), (Utf16Be, 0));
}

#[test]
fn legacy_text_falls_back_to_windows_1252() {
    // French and German in Windows-1252 / Latin-1: accented letters are
    // single bytes above 7F, never valid UTF-8 sequences here.
    let fr: Vec<u8> = "Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë"
        .chars()
        .map(|c| match c {
            'œ' => 0x9C,
            c => u8::try_from(u32::from(c)).expect("Latin-1"),
        })
        .collect();
    let d = detect_encoding(&fr);
    assert_eq!(d.encoding(), Windows1252);
    assert!(!d.candidates().contains(Utf8));
    assert!(!d.is_ascii());
    let de = b"Gr\xFC\xDFe aus K\xF6ln, \x84Anf\xFChrungszeichen\x93 und \x80 5";
    assert_eq!(detect_encoding(de).encoding(), Windows1252);
    // A single stray byte, odd length: only Windows-1252 remains.
    assert_eq!(detect_encoding(b"\xE9").candidates().iter().collect::<Vec<_>>(), [Windows1252]);
}

#[test]
fn utf8_wins_over_wide_forms_unless_nul_bytes_say_otherwise() {
    // Even-length ASCII is also valid UTF-16 (CJK units), but UTF-8 wins.
    let d = detect_encoding(b"plain text!!");
    assert_eq!((d.encoding(), d.is_ascii()), (Utf8, true));
    assert!(d.candidates().contains(Utf16Le) && d.candidates().contains(Utf16Be));
    // ASCII in UTF-16LE is valid UTF-8 too (NUL is a character): the
    // NUL bytes and the unit pattern decide.
    assert_eq!(detect_encoding(&le16("hello world")).encoding(), Utf16Le);
    assert_eq!(detect_encoding(&be16("hello world")).encoding(), Utf16Be);
    assert_eq!(detect_encoding(&le32("hi")).encoding(), Utf32Le);
    // A NUL or two inside UTF-8 text with no such pattern: still UTF-8.
    assert_eq!(detect_encoding(b"key\0value\0more text").encoding(), Utf8);
    // Empty input: UTF-8, ASCII.
    let d = detect_encoding(b"");
    assert_eq!((d.encoding(), d.bom_len(), d.is_ascii()), (Utf8, 0, true));
}

#[test]
fn long_wide_inputs_cross_the_block_size() {
    // Surrogate pairs at every alignment against the detector's blocks.
    for pad in 0..4 {
        let text = format!("{}{}", "a".repeat(pad), "x😀 ".repeat(400));
        assert_eq!(detect_encoding(&le16(&text)).encoding(), Utf16Le, "{pad}");
        assert_eq!(detect_encoding(&be16(&text)).encoding(), Utf16Be, "{pad}");
        let mut bad = le16(&text);
        let n = bad.len();
        bad[n - 2..].copy_from_slice(&0xD800u16.to_le_bytes());
        assert!(!detect_encoding(&bad).candidates().contains(Utf16Le), "{pad}");
    }
}

#[test]
fn prefixes_of_a_stream_keep_their_encoding() {
    use rapidutf::detect_encoding_prefix;
    let text = "Grüße, мир! 😀 ".repeat(20);
    let forms = [
        (text.as_bytes().to_vec(), Utf8),
        (le16(&text), Utf16Le),
        (be16(&text), Utf16Be),
        (le32(&text), Utf32Le),
    ];
    for (bytes, e) in forms {
        for cut in 1..bytes.len() {
            let d = detect_encoding_prefix(&bytes[..cut]);
            assert!(d.candidates().contains(e), "{e} cut at {cut}");
            if cut >= 8 {
                assert_eq!(d.encoding(), e, "cut at {cut}");
            }
        }
        // An error that is not at the end still rules the encoding out.
        let mut bad = bytes.clone();
        bad[0] = 0xFF;
        bad[1] = if e == Utf8 { b'a' } else { 0xDC };
        bad[2] = 0xDC;
        bad[3] = 0xFF;
        assert!(!detect_encoding_prefix(&bad).candidates().contains(e), "{e}");
    }
    // A whole input that ends inside a character is not valid UTF-8.
    assert!(!detect_encoding(b"ab\xE2\x82").candidates().contains(Utf8));
    assert!(detect_encoding_prefix(b"ab\xE2\x82").candidates().contains(Utf8));
}

/// Detection validates through dispatch (the active kernel): re-run this
/// module once per other available kernel, chosen with `RAPIDUTF_KERNEL`
/// in a child.
#[cfg(feature = "std")]
#[test]
fn under_every_available_kernel() {
    crate::common::rerun_under_every_kernel("detect::", "detect::under_every_available_kernel");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Without a BOM, the candidates are exactly the encodings std
    /// decodes the bytes in, and the choice is one of them.
    #[test]
    fn candidates_match_std(bytes in prop::collection::vec(
        prop_oneof![Just(0u8), Just(0xD8), Just(0xDC), any::<u8>(), 0u8..0x80], 0..600)) {
        prop_assume!(rapidutf::detect_bom(&bytes).is_none());
        let d = detect_encoding(&bytes);
        for &e in DetectedEncoding::ALL {
            prop_assert_eq!(d.candidates().contains(e), std_valid(e, &bytes), "{:?}", e);
        }
        prop_assert!(d.candidates().contains(d.encoding()));
        prop_assert_eq!(d.bom_len(), 0);
        // ASCII means detected as UTF-8, and pure ASCII.
        prop_assert_eq!(d.is_ascii(), d.encoding() == Utf8 && bytes.is_ascii());
        // Valid UTF-8 without NUL is always UTF-8.
        if !bytes.contains(&0) && std::str::from_utf8(&bytes).is_ok() {
            prop_assert_eq!(d.encoding(), Utf8);
        }
    }

    /// Text in UTF-16/UTF-32 with a Latin share is recognised without a BOM.
    #[test]
    fn wide_text_without_bom(s in "[a-z ]{4,40}[\\u{80}-\\u{10FFFF}]{0,10}") {
        prop_assert_eq!(detect_encoding(&le32(&s)).encoding(), Utf32Le);
        prop_assert_eq!(detect_encoding(&be32(&s)).encoding(), Utf32Be);
        prop_assert!(detect_encoding(&le16(&s)).candidates().contains(Utf16Le));
    }
}

#[test]
fn encoding_names_parse() {
    // Every name Display prints, in any case, with or without separators.
    for &e in DetectedEncoding::ALL {
        let name = e.to_string();
        assert_eq!(name.parse(), Ok(e));
        assert_eq!(name.to_lowercase().parse(), Ok(e));
        assert_eq!(name.to_uppercase().replace('-', "_").parse(), Ok(e));
        assert_eq!(name.replace('-', "").parse(), Ok(e));
    }
    // Aliases: Python's codec names, cp1252, WHATWG's x-cp1252.
    let aliases = [
        ("utf_8", Utf8),
        ("utf_16_le", Utf16Le),
        ("utf_16_be", Utf16Be),
        ("utf_32_le", Utf32Le),
        ("utf_32_be", Utf32Be),
        ("cp1252", Windows1252),
        ("x-cp1252", Windows1252),
    ];
    for (name, e) in aliases {
        assert_eq!(name.parse(), Ok(e), "{name}");
    }
    // Without a byte order, another encoding, or nothing.
    for name in ["utf-16", "UTF-32", "latin1", "iso-8859-1", "utf-7", "", "utf-8 ", "utf8x"] {
        let err = name.parse::<DetectedEncoding>().unwrap_err();
        assert_eq!(err, rapidutf::UnknownEncoding, "{name}");
        assert!(err.to_string().starts_with("unknown encoding"));
    }
}

#[test]
fn encoding_sets_iterate() {
    let inputs: [&[u8]; 6] =
        [b"", b"ab", b"\xFF", b"a\0b\0", b"\0\0\0a\0\0\0b", b"\xFF\xFE\0\0a\0\0\0"];
    for input in inputs {
        let set = detect_encoding(input).candidates();
        // In the order of ALL: exactly the members.
        let want: Vec<DetectedEncoding> =
            DetectedEncoding::ALL.iter().copied().filter(|&e| set.contains(e)).collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), want);
        assert_eq!(set.into_iter().collect::<Vec<_>>(), want);
        assert_eq!((&set).into_iter().collect::<Vec<_>>(), want);
        let mut it = set.iter();
        for left in (0..=want.len()).rev() {
            assert_eq!(it.len(), left);
            assert_eq!(it.size_hint(), (left, Some(left)));
            if left > 0 {
                it.next();
            }
        }
        assert_eq!(it.next(), None);
        assert_eq!(it.next(), None);
        let mut seen = 0;
        for e in &set {
            assert!(set.contains(e));
            seen += 1;
        }
        assert_eq!(seen, set.len());
    }
}
