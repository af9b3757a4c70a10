//! An error of every `Utf8ErrorKind` at every byte offset 0..=130, after
//! ASCII text and after multilingual text (so the error follows 1- to
//! 4-byte characters at every alignment), followed by ASCII, by
//! multilingual text, or by nothing; and the truncated-at-the-end cases.
//! For every kernel, the free functions and the UTF-8 transcoders, the
//! exact `valid_up_to`, `error_len` and `kind` are checked against a table
//! of hand-derived answers and against core.
mod common;

use common::{check_utf8, kernels, utf8_res, Key};
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
    let mut b16 = vec![0u16; input.len()];
    let e = rapidutf::utf8_to_utf16(input, &mut b16).unwrap_err();
    assert_eq!(e.invalid().map(Key::key), Some(want), "utf8_to_utf16: {}", tag());
    let mut b32 = vec![0u32; input.len()];
    let e = rapidutf::utf8_to_utf32(input, &mut b32).unwrap_err();
    assert_eq!(e.invalid().map(Key::key), Some(want), "utf8_to_utf32: {}", tag());
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
