//! The SIMD UTF-8 validators against `core::str::from_utf8`, for every
//! kernel this CPU can run: each error kind at every offset near the start
//! and around 4 KiB, random mutations next to the 16/32/64-byte vector and
//! block boundaries, characters cut at a block boundary, and the corpus.
mod common;

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
    let cuts: &[&[u8]] =
        &[b"\xC3", b"\xE2", b"\xE2\x82", b"\xF0", b"\xF0\x9F", b"\xF0\x9F\x98", b"\xF4\x8F\xBF"];
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
