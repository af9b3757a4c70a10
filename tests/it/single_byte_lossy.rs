//! The lossy encoders from UTF-8 to Latin-1 and Windows-1252
//! (`utf8_to_latin1_lossy`, `str_to_windows1252_lossy`, ... and their
//! `_vec` and `_append` forms), against CPython's codecs (`errors =
//! "replace"`) and the testkit's reference (`String::from_utf8_lossy`,
//! then a byte or the replacement per character): characters and invalid
//! sequences at every offset across block boundaries, every `dst` size
//! (with a resumption from `read`), proptest, the corpus, and all of it
//! under every kernel.

use crate::common;
use proptest::prelude::*;
use rapidutf::{Lossy, TranscodeError};

/// The two targets.
#[derive(Clone, Copy, Debug)]
enum Target {
    Latin1,
    Windows1252,
}

const TARGETS: [Target; 2] = [Target::Latin1, Target::Windows1252];

type Slice =
    fn(&[u8], &mut [u8], u8) -> Result<Lossy<usize>, TranscodeError<core::convert::Infallible>>;
type StrSlice =
    fn(&str, &mut [u8], u8) -> Result<Lossy<usize>, TranscodeError<core::convert::Infallible>>;

impl Target {
    fn reference(self, src: &[u8], replacement: u8) -> (Vec<u8>, usize) {
        match self {
            Target::Latin1 => rapidutf_testkit::latin1_encode_lossy(src, replacement),
            Target::Windows1252 => rapidutf_testkit::windows1252_encode_lossy(src, replacement),
        }
    }
    fn slice(self) -> Slice {
        match self {
            Target::Latin1 => rapidutf::utf8_to_latin1_lossy,
            Target::Windows1252 => rapidutf::utf8_to_windows1252_lossy,
        }
    }
    fn str_slice(self) -> StrSlice {
        match self {
            Target::Latin1 => rapidutf::str_to_latin1_lossy,
            Target::Windows1252 => rapidutf::str_to_windows1252_lossy,
        }
    }
    fn vec(self, src: &[u8], replacement: u8) -> Lossy<Vec<u8>> {
        match self {
            Target::Latin1 => rapidutf::utf8_to_latin1_lossy_vec(src, replacement),
            Target::Windows1252 => rapidutf::utf8_to_windows1252_lossy_vec(src, replacement),
        }
    }
    fn str_vec(self, src: &str, replacement: u8) -> Lossy<Vec<u8>> {
        match self {
            Target::Latin1 => rapidutf::str_to_latin1_lossy_vec(src, replacement),
            Target::Windows1252 => rapidutf::str_to_windows1252_lossy_vec(src, replacement),
        }
    }
    fn append(self, src: &[u8], dst: &mut Vec<u8>, replacement: u8) -> Lossy<usize> {
        match self {
            Target::Latin1 => rapidutf::utf8_to_latin1_lossy_append(src, dst, replacement),
            Target::Windows1252 => {
                rapidutf::utf8_to_windows1252_lossy_append(src, dst, replacement)
            }
        }
    }
    fn str_append(self, src: &str, dst: &mut Vec<u8>, replacement: u8) -> Lossy<usize> {
        match self {
            Target::Latin1 => rapidutf::str_to_latin1_lossy_append(src, dst, replacement),
            Target::Windows1252 => rapidutf::str_to_windows1252_lossy_append(src, dst, replacement),
        }
    }
    /// The strict encoder into a `Vec`, for representable input.
    fn strict(self, src: &[u8]) -> Option<Vec<u8>> {
        match self {
            Target::Latin1 => rapidutf::utf8_to_latin1_vec(src).ok(),
            Target::Windows1252 => rapidutf::utf8_to_windows1252_vec(src).ok(),
        }
    }
}

/// Every form on `src`, against the reference, with room that always
/// suffices.
fn check(target: Target, src: &[u8], replacement: u8) {
    let (want, replaced) = target.reference(src, replacement);
    let what = || format!("{target:?} of {src:02X?}");
    // Into a buffer, with a guard past the room that always suffices.
    let mut dst = vec![0xA5u8; src.len() + 8];
    let r = target.slice()(src, &mut dst[..src.len()], replacement).unwrap_or_else(|e| {
        panic!("{}: {e:?}", what());
    });
    assert_eq!((&dst[..r.output], r.replaced), (&want[..], replaced), "{}", what());
    assert!(dst[src.len()..].iter().all(|&b| b == 0xA5), "{}: wrote past dst", what());
    assert_eq!(r.had_replacements(), replaced > 0);
    // Allocating and appending.
    let v = target.vec(src, replacement);
    assert_eq!((&v.output[..], v.replaced), (&want[..], replaced), "vec, {}", what());
    let mut appended = b"head ".to_vec();
    let r = target.append(src, &mut appended, replacement);
    assert_eq!(r, Lossy { output: want.len(), replaced }, "append, {}", what());
    assert_eq!(&appended[5..], &want[..], "append, {}", what());
    if let Ok(s) = std::str::from_utf8(src) {
        let mut dst = vec![0u8; s.chars().count()];
        let r = target.str_slice()(s, &mut dst, replacement).unwrap();
        assert_eq!((&dst[..r.output], r.replaced), (&want[..], replaced), "str, {}", what());
        let v = target.str_vec(s, replacement);
        assert_eq!((&v.output[..], v.replaced), (&want[..], replaced), "str vec, {}", what());
        let mut appended = Vec::new();
        let r = target.str_append(s, &mut appended, replacement);
        assert_eq!((&appended[..], r.replaced), (&want[..], replaced), "str append, {}", what());
    }
    // Representable input: the strict encoder's bytes.
    if replaced == 0 {
        assert_eq!(target.strict(src).as_deref(), Some(&want[..]), "strict, {}", what());
    }
}

/// A stretch of mixed text long enough to reach the SIMD kernels from
/// every offset, with Latin-1 letters (which the prefix converts too).
fn base() -> Vec<u8> {
    "Grüße aus Köln, façade élève; ".repeat(5).into_bytes()
}

/// Characters and invalid sequences the encoders must tell apart.
const PIECES: [&[u8]; 16] = [
    "€".as_bytes(),        // Windows-1252 80, not Latin-1
    "\u{80}".as_bytes(),   // C1: Latin-1 80, not Windows-1252
    "\u{81}".as_bytes(),   // C1 that Windows-1252 keeps
    "\u{9F}".as_bytes(),   // C1: Latin-1 9F, not Windows-1252
    "Ω".as_bytes(),        // in neither
    "😀".as_bytes(),       // 4 bytes, in neither
    "\u{FFFD}".as_bytes(), // a literal U+FFFD: replaced too
    "’".as_bytes(),        // Windows-1252 92
    b"\xFF",               // invalid byte
    b"\x80",               // lone continuation
    b"\xC0\x80",           // overlong: two subparts
    b"\xE2\x82",           // truncated: one subpart
    b"\xED\xA0\x80",       // surrogate: three subparts
    b"\xF4\x90\x80\x80",   // above U+10FFFF: four subparts
    b"\xF0\x9F\x98",       // truncated 4-byte
    "\u{FF}".as_bytes(),   // the last Latin-1 character
];

#[test]
fn every_piece_at_every_offset() {
    let base = base();
    for target in TARGETS {
        for piece in PIECES {
            for at in (0..=base.len()).filter(|&i| std::str::from_utf8(&base[..i]).is_ok()) {
                let src = [&base[..at], piece, &base[at..]].concat();
                check(target, &src, b'?');
                // Two of them, the second a block later.
                let far = (at + 37).min(base.len());
                let far =
                    (far..=base.len()).find(|&i| std::str::from_utf8(&base[..i]).is_ok()).unwrap();
                let src = [&base[..at], piece, &base[at..far], piece, &base[far..]].concat();
                check(target, &src, 0x1A);
            }
        }
    }
}

/// Every `dst` size: `OutputTooSmall` where the output does not fit, with
/// `written == dst.len()` (one byte per unit), `read` at the boundary of
/// the unit that did not fit, nothing written past `dst`, and going on
/// from `read` gives the rest.
#[test]
fn every_dst_size() {
    let base = base();
    let mut inputs: Vec<Vec<u8>> = vec![base.clone(), Vec::new()];
    for piece in PIECES {
        inputs.push([&base[..40], piece, &base[40..], piece].concat());
        inputs.push([piece, &base[..3]].concat());
    }
    for target in TARGETS {
        for src in &inputs {
            let (want, replaced) = target.reference(src, b'?');
            for cap in 0..=want.len() + 2 {
                let mut dst = vec![0xA5u8; cap + 4];
                match target.slice()(src, &mut dst[..cap], b'?') {
                    Ok(r) => {
                        assert!(cap >= want.len(), "{target:?} {src:02X?} fit in {cap}");
                        assert_eq!((&dst[..r.output], r.replaced), (&want[..], replaced));
                    }
                    Err(TranscodeError::OutputTooSmall { read, written }) => {
                        assert!(cap < want.len(), "{target:?} {src:02X?}: too small at {cap}");
                        assert_eq!(written, cap, "{target:?} {src:02X?}");
                        assert_eq!(&dst[..written], &want[..written]);
                        let (rest, _) = target.reference(&src[read..], b'?');
                        assert_eq!(
                            &want[written..],
                            &rest[..],
                            "{target:?} {src:02X?}: resume at {read}"
                        );
                        let mut more = vec![0u8; src.len() - read];
                        let r = target.slice()(&src[read..], &mut more, b'?').unwrap();
                        assert_eq!(&more[..r.output], &rest[..]);
                    }
                    Err(e) => panic!("{e:?}"),
                }
                assert!(dst[cap..].iter().all(|&b| b == 0xA5), "wrote past dst of {cap}");
            }
        }
    }
}

/// A long input with replacements every few bytes, then dense ones, and
/// stray continuation bytes (which the `_append` forms' first reservation,
/// the character count, does not cover).
#[test]
fn dense_and_sparse_replacements() {
    for target in TARGETS {
        for gap in [1usize, 2, 7, 31, 32, 33, 64, 200] {
            let mut src = Vec::new();
            for i in 0..1500 {
                src.push(if i % gap == 0 { 0x80 } else { b'a' + (i % 26) as u8 });
            }
            check(target, &src, b'?');
            let text: String = (0..600).map(|i| if i % gap == 0 { '€' } else { 'é' }).collect();
            check(target, text.as_bytes(), b'?');
            let text: String =
                (0..600).map(|i| if i % gap == 0 { '\u{85}' } else { 'x' }).collect();
            check(target, text.as_bytes(), b'?');
        }
    }
}

/// The generated corpus in every language: long representable stretches
/// (Latin) and text that is mostly replaced (the other scripts).
#[test]
fn corpus() {
    for text in common::corpus() {
        for target in TARGETS {
            check(target, &text.utf8, b'?');
        }
    }
}

/// CPython's `decode("utf-8", "replace")` then `encode(target, "replace")`
/// gives the same bytes and replacements, on generated mixes of every
/// piece and ASCII runs.
#[test]
#[cfg_attr(target_os = "wasi", ignore = "runs python3, and wasm32-wasip1 has no processes")]
fn matches_cpython() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let base = base();
    let mut cases: Vec<Vec<u8>> = Vec::new();
    for _ in 0..1500 {
        let mut v = Vec::new();
        for _ in 0..next() % 12 {
            if next() % 2 == 0 {
                let from = (next() % 20) as usize;
                v.extend_from_slice(&base[from..from + (next() % 60) as usize]);
            } else {
                v.extend_from_slice(PIECES[(next() % PIECES.len() as u64) as usize]);
            }
        }
        cases.push(v);
    }
    for (target, codec) in [(Target::Latin1, "latin-1"), (Target::Windows1252, "cp1252")] {
        let request: String =
            cases.iter().map(|c| format!("{codec} {}\n", common::hex(c))).collect();
        let answers = common::python_oracle("encode_lossy", &request);
        for (src, answer) in cases.iter().zip(answers) {
            let (replaced, bytes) = answer.split_once(' ').unwrap();
            let got = target.vec(src, b'?');
            assert_eq!(common::hex(&got.output), bytes, "{codec} of {src:02X?}");
            assert_eq!(got.replaced.to_string(), replaced, "{codec} of {src:02X?}");
            check(target, src, b'?');
        }
    }
}

/// The strict encoders' errors name the target encoding.
#[test]
fn strict_errors_name_the_target() {
    let mut dst = [0u8; 8];
    let e = rapidutf::utf8_to_latin1("ab€".as_bytes(), &mut dst).unwrap_err();
    assert_eq!(e.to_string(), "U+20AC at unit 2 is not in Latin-1 (above U+00FF)");
    let e = rapidutf::utf32_to_latin1(&[0x61, 0x3A9], &mut dst).unwrap_err();
    assert!(e.to_string().contains("U+03A9 at unit 1 is not in Latin-1"), "{e}");
    let e = rapidutf::utf8_to_windows1252("ab\u{2192}".as_bytes(), &mut dst).unwrap_err();
    assert_eq!(e.to_string(), "U+2192 at unit 2 has no byte in Windows-1252");
    let e = rapidutf::utf16_to_windows1252(&[0x61, 0x3A9], &mut dst).unwrap_err();
    assert_eq!(e.to_string(), "U+03A9 at unit 1 has no byte in Windows-1252");
    let e = rapidutf::utf32_to_windows1252(&[0x160, 0x3A9], &mut dst).unwrap_err();
    assert_eq!(e.to_string(), "U+03A9 at unit 1 has no byte in Windows-1252");
    let e = rapidutf::utf8_to_windows1252_vec("a\u{80}".as_bytes()).unwrap_err();
    assert_eq!(e.to_string(), "U+0080 at unit 1 has no byte in Windows-1252");
}

/// The free functions dispatch: re-run this module under every other
/// available kernel.
#[test]
fn under_every_available_kernel() {
    common::rerun_under_every_kernel_skipping(
        "single_byte_lossy::",
        &["single_byte_lossy::under_every_available_kernel", "single_byte_lossy::matches_cpython"],
    );
}

proptest! {
    #![proptest_config(common::proptest_config(300))]

    #[test]
    fn mostly_utf8_against_the_reference(src in common::cases::mostly_utf8(), replacement in any::<u8>()) {
        for target in TARGETS {
            check(target, &src, replacement);
        }
    }

    #[test]
    fn any_text_against_the_reference(s in "\\PC{0,200}", replacement in any::<u8>()) {
        for target in TARGETS {
            check(target, s.as_bytes(), replacement);
        }
    }
}
