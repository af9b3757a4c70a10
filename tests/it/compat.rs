//! `rapidutf::compat` against core and std: the same `Result` (std's own
//! error values, so `==` compares `valid_up_to` and `error_len`), the same
//! `Display` and `Debug` text, and no copy of a `Vec`, on the shared cases,
//! errors at every offset across the kernels' block boundaries, the lipsum
//! corpus cut and damaged, every input of up to two bytes, and proptest
//! inputs. Dispatch picks the kernel once per process: the tests run again
//! under every other available kernel.

use crate::common::cases::{mostly_utf8, utf8_cases, BAD};
use crate::common::{self, proptest_config};
use proptest::prelude::*;

/// Every compat drop-in on `bytes` against core's and std's.
fn check(bytes: &[u8]) {
    let core = core::str::from_utf8(bytes);
    let ours = rapidutf::compat::from_utf8(bytes);
    assert_eq!(ours, core, "from_utf8 on {bytes:02X?}");
    same_text(&ours, &core);

    let mut copy = bytes.to_vec();
    let mut core_copy = bytes.to_vec();
    let ours = rapidutf::compat::from_utf8_mut(&mut copy);
    let core = core::str::from_utf8_mut(&mut core_copy);
    same_text(&ours, &core);
    assert_eq!(ours, core, "from_utf8_mut on {bytes:02X?}");
    if let Ok(s) = ours {
        // The `&mut str` is the input's memory.
        s.make_ascii_uppercase();
        assert_eq!(copy, bytes.to_ascii_uppercase());
    }

    #[cfg(feature = "alloc")]
    {
        let v = bytes.to_vec();
        let ptr = v.as_ptr();
        let ours = rapidutf::compat::string_from_utf8(v);
        let std = String::from_utf8(bytes.to_vec());
        same_text(&ours, &std);
        assert_eq!(ours, std, "string_from_utf8 on {bytes:02X?}");
        // Neither the string nor the error's bytes are a copy.
        let back = match ours {
            Ok(s) => s.into_bytes(),
            Err(e) => e.into_bytes(),
        };
        assert_eq!(back.as_ptr(), ptr, "string_from_utf8 copied the vector");
    }
}

/// The errors' `Display` and `Debug` text are the same.
fn same_text<T, E: std::fmt::Display + std::fmt::Debug>(ours: &Result<T, E>, std: &Result<T, E>) {
    if let (Err(a), Err(b)) = (ours, std) {
        assert_eq!(a.to_string(), b.to_string());
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
    }
}

#[test]
fn shared_cases() {
    for case in utf8_cases() {
        check(&case);
    }
}

/// Every input of zero, one and two bytes.
#[test]
fn every_short_input() {
    check(b"");
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
        }
    }
}

/// Each invalid sequence, and each truncated character, at every offset
/// of ASCII and of multi-byte text, up to past two 64-byte blocks: the
/// error lands in every lane of the kernels' 16-, 32- and 64-byte blocks
/// and the re-validated prefix ends there.
#[test]
fn errors_at_every_offset() {
    let truncated: &[&[u8]] = &[b"\xC3", b"\xE2\x82", b"\xF0\x9F\x98"];
    for fill in ["a", "é", "€", "😀"] {
        let text = fill.repeat(200);
        for at in (0..=150).filter(|&i| text.is_char_boundary(i)) {
            for bad in BAD.iter().chain(truncated) {
                let mut v = text.as_bytes()[..at].to_vec();
                v.extend_from_slice(bad);
                check(&v);
                v.extend_from_slice(&text.as_bytes()[..64]);
                check(&v);
            }
        }
    }
}

/// The lipsum corpus whole, cut at arbitrary bytes (often mid-character),
/// and with one byte replaced at spread-out positions deep inside a 4 KiB
/// window.
#[test]
fn corpus_cut_and_damaged() {
    for (lang, bytes) in common::lipsum("utf8") {
        let n = bytes.len();
        assert!(n > 5000, "{lang}: the corpus is too short to reach the kernels");
        check(&bytes);
        for i in (0..n).step_by(n / 5 + 1).chain([n - 1, n - 2, n - 3]) {
            check(&bytes[..i]);
            check(&bytes[i..]);
        }
        for i in (3000..n - 1000).step_by(n / 13 + 1) {
            for bad in [0x80, 0xC0, 0xE0, 0xED, 0xF4, 0xFF] {
                let mut v = bytes[i - 3000..i + 1000].to_vec();
                v[3000] = bad;
                check(&v);
            }
        }
    }
}

proptest! {
    #![proptest_config(proptest_config(400))]

    #[test]
    fn mostly_utf8_matches_std(bytes in mostly_utf8()) {
        check(&bytes);
    }

    #[test]
    fn interesting_bytes_match_std(bytes in common::arb_utf8_input()) {
        check(&bytes);
    }
}

/// Dispatch picks the kernel once per process: the tests above run again
/// under every other available kernel.
#[cfg(feature = "std")]
#[test]
fn under_every_available_kernel() {
    common::rerun_under_every_kernel("compat::", "compat::under_every_available_kernel");
}
