//! Byte order marks: each mark is U+FEFF in its encoding form (checked
//! against std's encoders), detection picks the longest match.
use crate::common::corpus;
use rapidutf::{detect_bom, Bom};

#[test]
fn marks_are_feff_encoded() {
    let utf16: Vec<u16> = "\u{FEFF}".encode_utf16().collect();
    let expected = |b: Bom| -> Vec<u8> {
        match b {
            Bom::Utf8 => "\u{FEFF}".as_bytes().to_vec(),
            Bom::Utf16Le => utf16.iter().flat_map(|u| u.to_le_bytes()).collect(),
            Bom::Utf16Be => utf16.iter().flat_map(|u| u.to_be_bytes()).collect(),
            Bom::Utf32Le => 0xFEFFu32.to_le_bytes().to_vec(),
            Bom::Utf32Be => 0xFEFFu32.to_be_bytes().to_vec(),
        }
    };
    for b in Bom::ALL {
        assert_eq!(b.bytes(), expected(b), "{b}");
        assert_eq!(b.len(), b.bytes().len());
        // Detected as itself, with or without text after it.
        assert_eq!(detect_bom(b.bytes()), Some((b, b.len())), "{b}");
        assert_eq!(detect_bom(&[b.bytes(), b"x\x00\x00\x00"].concat()), Some((b, b.len())), "{b}");
        // A proper prefix of a mark is no mark, except FF FE 00 (UTF-16LE).
        for n in 0..b.len() {
            let got = detect_bom(&b.bytes()[..n]);
            if b == Bom::Utf32Le && n >= 2 {
                assert_eq!(got, Some((Bom::Utf16Le, 2)));
            } else {
                assert_eq!(got, None, "{b} prefix {n}");
            }
        }
    }
    let names: Vec<&str> = Bom::ALL.iter().map(|b| b.name()).collect();
    assert_eq!(names, ["UTF-32LE", "UTF-32BE", "UTF-8", "UTF-16LE", "UTF-16BE"]);
}

#[test]
fn utf32le_wins_over_utf16le() {
    assert_eq!(detect_bom(b"\xFF\xFE\x00\x00\x41\x00\x00\x00"), Some((Bom::Utf32Le, 4)));
    assert_eq!(detect_bom(b"\xFF\xFE\x41\x00"), Some((Bom::Utf16Le, 2)));
    assert_eq!(detect_bom(b"\xFE\xFF\x00\x00"), Some((Bom::Utf16Be, 2)));
    assert_eq!(detect_bom(b"\x00\x00\xFF\xFE"), None);
}

/// The corpus holds U+FEFF as content in every form (the UTF-16 files
/// after their mark), which the conversion tests rely on.
#[test]
fn emoji_starts_with_feff_in_every_form() {
    let t = corpus().into_iter().find(|t| t.lang == "Emoji").unwrap();
    assert_eq!(&t.utf8[..3], "\u{FEFF}".as_bytes());
    assert_eq!(t.utf16[0], 0xFEFF);
    assert_eq!(t.utf32[0], 0xFEFF);
}
