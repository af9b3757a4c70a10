//! The lengths of lossy decoding (`utf16_len_from_utf8_lossy`,
//! `utf32_len_from_utf8_lossy`) and `utf8_to_utf32_lossy`, for the free
//! functions and every kernel.
//!
//! The oracle is std: `String::from_utf8_lossy` replaces each maximal
//! invalid subpart with one U+FFFD (the Encoding Standard's UTF-8 decoder
//! and Unicode's best practice); the lengths are its `encode_utf16` and
//! `chars` counts, and must equal what `utf8_to_utf16_lossy` and
//! `utf8_to_utf32_lossy` write. CPython's `decode("utf-8", "replace")`
//! checks them independently. Inputs: every error kind at every offset
//! across the kernels' blocks, dense errors, the lipsum corpus, proptest.

use crate::common::{self, cases, proptest_config};
use proptest::prelude::*;

type Len = Box<dyn Fn(&[u8]) -> usize>;

/// The free functions and every kernel's methods: `(name, UTF-16 length,
/// UTF-32 length)`.
fn fns() -> Vec<(String, Len, Len)> {
    let mut v: Vec<(String, Len, Len)> = vec![(
        "free fn".into(),
        Box::new(rapidutf::utf16_len_from_utf8_lossy),
        Box::new(rapidutf::utf32_len_from_utf8_lossy),
    )];
    // A child of `under_every_available_kernel` checks the free functions
    // under the kernel it names; the parent checks every kernel's methods.
    if std::env::var_os("RAPIDUTF_KERNEL").is_none() {
        for k in common::kernels() {
            v.push((
                k.name().into(),
                Box::new(move |s| k.utf16_len_from_utf8_lossy(s)),
                Box::new(move |s| k.utf32_len_from_utf8_lossy(s)),
            ));
        }
    }
    v
}

fn check(fns: &[(String, Len, Len)], src: &[u8]) {
    let std = String::from_utf8_lossy(src);
    let (want16, want32) = (std.encode_utf16().count(), std.chars().count());
    for (name, f16, f32) in fns {
        assert_eq!(f16(src), want16, "{name}: utf16_len_from_utf8_lossy of {src:02X?}");
        assert_eq!(f32(src), want32, "{name}: utf32_len_from_utf8_lossy of {src:02X?}");
    }
    assert_eq!(rapidutf::utf8_to_utf16_lossy(src).len(), want16, "{src:02X?}");
    let utf32: Vec<u32> = std.chars().map(u32::from).collect();
    assert_eq!(rapidutf::utf8_to_utf32_lossy(src), utf32, "{src:02X?}");
}

#[test]
fn every_case() {
    let fns = fns();
    for src in cases::utf8_cases() {
        check(&fns, &src);
    }
    // Every 1- and 2-byte input.
    for a in 0..=255u8 {
        check(&fns, &[a]);
        for b in 0..=255u8 {
            check(&fns, &[a, b]);
        }
    }
}

/// Every bad sequence at every offset of text longer than several blocks,
/// and runs of errors.
#[test]
fn errors_at_every_offset() {
    let fns = fns();
    let text = cases::TEXT.repeat(2);
    let t = text.as_bytes();
    for at in 0..=t.len() {
        for bad in cases::BAD {
            check(&fns, &[&t[..at], bad, &t[at..]].concat());
        }
    }
    for every in [1, 2, 3, 7, 64, 65] {
        let mut v = t.to_vec();
        for i in (0..v.len()).step_by(every) {
            v[i] = 0xFF;
        }
        check(&fns, &v);
    }
}

#[test]
fn lipsum() {
    let fns = fns();
    for lang in common::LANGUAGES {
        let mut text = common::lipsum_file(lang, "utf8");
        check(&fns, &text);
        for i in (50..text.len()).step_by(997) {
            text[i] = [0x80, 0xC3, 0xFF, 0xED][i % 4];
        }
        check(&fns, &text);
    }
}

/// CPython's `decode("utf-8", "replace")` gives the same lengths.
#[test]
#[cfg_attr(target_os = "wasi", ignore = "runs python3, and wasm32-wasip1 has no processes")]
fn matches_cpython() {
    let mut inputs = cases::utf8_cases();
    for a in 0x80..=0xFFu8 {
        for b in [0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC0] {
            inputs.push(vec![a, b, b'z']);
            inputs.push(vec![a, 0x80, b]);
            inputs.push(vec![a, 0x80, 0x80, b]);
        }
    }
    let request: String = inputs.iter().map(|v| format!("{}\n", common::hex(v))).collect();
    let answers = common::python_oracle("lossy", &request);
    for (src, answer) in inputs.iter().zip(answers) {
        let (u16s, chars) = answer.split_once(' ').unwrap();
        let want = (u16s.parse::<usize>().unwrap(), chars.parse::<usize>().unwrap());
        let got =
            (rapidutf::utf16_len_from_utf8_lossy(src), rapidutf::utf32_len_from_utf8_lossy(src));
        assert_eq!(got, want, "{src:02X?}");
    }
}

#[test]
fn under_every_available_kernel() {
    common::rerun_under_every_kernel(
        "lossy_lengths::",
        "lossy_lengths::under_every_available_kernel",
    );
}

proptest! {
    #![proptest_config(proptest_config(1000))]

    #[test]
    fn mostly_utf8(src in cases::mostly_utf8()) {
        check(&fns(), &src);
    }

    #[test]
    fn any_bytes(src in proptest::collection::vec(any::<u8>(), 0..300)) {
        check(&fns(), &src);
    }
}
