//! UTF-8 validation against `core::str::from_utf8`: every kernel (through
//! `Kernel::validate_utf8` and `Kernel::is_valid_utf8`) and the free
//! functions, on arbitrary bytes, edited valid text and multilingual text,
//! with lengths that cross many 16/32/64-byte block boundaries. The error
//! kind is checked against an oracle written from the spec
//! (`common::oracle_kind`). Also `is_ascii` against `<[u8]>::is_ascii`.
mod common;

use common::{check_utf8, kernels, oracle_kind, proptest_config, utf8_oracle};
use proptest::prelude::*;
use rapidutf::Utf8ErrorKind::{self, *};

proptest! {
    #![proptest_config(proptest_config(1500))]

    #[test]
    fn arbitrary_bytes_match_core(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        check_utf8(&kernels(), &bytes);
    }

    #[test]
    fn interesting_bytes_match_core(bytes in prop::collection::vec(common::arb_utf8_byte(), 0..600)) {
        check_utf8(&kernels(), &bytes);
    }

    #[test]
    fn valid_text_is_accepted(s in common::arb_text(300)) {
        check_utf8(&kernels(), s.as_bytes());
        prop_assert_eq!(rapidutf::validate_utf8(s.as_bytes()), Ok(s.as_str()));
    }

    #[test]
    fn edited_text_matches_core(
        s in common::arb_text(300),
        edits in common::arb_edits(common::arb_utf8_byte()),
    ) {
        let bytes = common::apply(s.into_bytes(), &edits);
        check_utf8(&kernels(), &bytes);
    }

    /// One bad byte after a long valid prefix, so the error lands deep in
    /// a SIMD block at any alignment.
    #[test]
    fn single_error_late_in_text(
        prefix in common::arb_text(200),
        bad in common::arb_utf8_byte(),
        suffix in common::arb_text(100),
        shift in 0usize..64,
    ) {
        let mut bytes = vec![b'.'; shift];
        bytes.extend_from_slice(prefix.as_bytes());
        bytes.push(bad);
        bytes.extend_from_slice(suffix.as_bytes());
        check_utf8(&kernels(), &bytes);
    }

    /// Sub-slices at every alignment of one buffer (exercises unaligned
    /// loads and block tails).
    #[test]
    fn unaligned_subslices(bytes in common::arb_utf8_input(), start in 0usize..64) {
        let start = start.min(bytes.len());
        check_utf8(&kernels(), &bytes[start..]);
    }

    /// The input followed in memory by garbage that would change the
    /// answer if read: a kernel must not look past the end of its slice.
    #[test]
    fn nothing_past_the_end_is_read(
        bytes in common::arb_utf8_input(),
        garbage in prop::sample::select(vec![0xFFu8, 0x80, 0xBF, 0xC3, b'a']),
        cut in any::<prop::sample::Index>(),
    ) {
        let buf = common::padded(&bytes, garbage);
        check_utf8(&kernels(), &buf[..bytes.len()]);
        check_utf8(&kernels(), &buf[..cut.index(bytes.len() + 1)]);
    }

    #[test]
    fn is_ascii_matches_std(bytes in prop::collection::vec(0u8..0x80, 0..600), at in any::<usize>(), hi in 0x80u8..=0xFF, set in any::<bool>()) {
        let mut bytes = bytes;
        if set && !bytes.is_empty() {
            let n = bytes.len();
            bytes[at % n] = hi;
        }
        prop_assert_eq!(rapidutf::is_ascii(&bytes), bytes.is_ascii());
    }

    #[test]
    fn is_ascii_matches_std_arbitrary(bytes in common::arb_utf8_input()) {
        prop_assert_eq!(rapidutf::is_ascii(&bytes), bytes.is_ascii());
    }
}

/// `is_ascii` with exactly one non-ASCII byte at every position of buffers
/// of every length up to 100.
#[test]
fn is_ascii_every_position() {
    for len in 0..100 {
        let mut v = vec![b'a'; len];
        assert!(rapidutf::is_ascii(&v), "len {len}");
        for i in 0..len {
            for hi in [0x80, 0xC3, 0xFF] {
                v[i] = hi;
                assert!(!rapidutf::is_ascii(&v), "len {len}, byte {hi:#x} at {i}");
                assert!(!rapidutf::is_ascii(&v[i..]), "len {len}, byte {hi:#x} first");
                v[i] = b'a';
            }
        }
    }
}

/// The oracle classifier against hand-computed cases from the written
/// rule, so a wrong oracle cannot hide a wrong library.
#[test]
fn kind_oracle_self_check() {
    let cases: &[(&[u8], usize, Option<usize>, Utf8ErrorKind)] = &[
        (b"\xC0\x80", 0, Some(1), InvalidByte),
        (b"a\xC1", 1, Some(1), InvalidByte),
        (b"\xF5\x80\x80\x80", 0, Some(1), InvalidByte),
        (b"\xFF", 0, Some(1), InvalidByte),
        (b"\x80", 0, Some(1), UnexpectedContinuation),
        (b"ab\xBF", 2, Some(1), UnexpectedContinuation),
        (b"\xE0\x80\x80", 0, Some(1), Overlong),
        (b"\xE0\x9F", 0, Some(1), Overlong),
        (b"\xF0\x8F\xBF\xBF", 0, Some(1), Overlong),
        (b"\xED\xA0\x80", 0, Some(1), Surrogate),
        (b"\xED\xBF", 0, Some(1), Surrogate),
        (b"\xF4\x90\x80\x80", 0, Some(1), TooLarge),
        (b"\xF4\xBF", 0, Some(1), TooLarge),
        (b"\xC3a", 0, Some(1), MissingContinuation),
        (b"\xE2\x82a", 0, Some(2), MissingContinuation),
        (b"\xF0\x9F\x98a", 0, Some(3), MissingContinuation),
        (b"\xE0\xC0", 0, Some(1), MissingContinuation),
        (b"\xF4\x8F\xBF\xC0", 0, Some(3), MissingContinuation),
        (b"\xC3", 0, None, Truncated),
        (b"\xE0\xA0", 0, None, Truncated),
        (b"x\xF4\x8F\xBF", 1, None, Truncated),
    ];
    for &(bytes, v, l, kind) in cases {
        let e = core::str::from_utf8(bytes).unwrap_err();
        assert_eq!((e.valid_up_to(), e.error_len()), (v, l), "{bytes:02X?}");
        assert_eq!(utf8_oracle(bytes), Err((v, l, kind)), "{bytes:02X?}");
        assert_eq!(oracle_kind(bytes, v, l), kind);
        // And the library, every kernel.
        check_utf8(&kernels(), bytes);
        let got = common::utf8_err(rapidutf::validate_utf8(bytes));
        assert_eq!((got.valid_up_to(), got.error_len(), got.kind()), (v, l, kind));
    }
}

/// Errors at and around the 16/32/64-byte block boundaries, the classic
/// SIMD failure points (simdutf8's `incomplete_on_64th_byte` family), with
/// every kind of error, for every kernel.
#[test]
fn errors_at_block_boundaries() {
    let ks = kernels();
    let seqs: &[&[u8]] = &[
        b"\xC3",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\x80",
        b"\xC0\x80",
        b"\xE0\x80\x80",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xF0\x8F\xBF\xBF",
        b"\xE2\x82(",
        b"\xFF",
        b"\xC3\xA9",
        b"\xE2\x82\xAC",
        b"\xF0\x9F\x98\x80",
    ];
    for len in [15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 95, 96, 127, 128, 129, 255, 256] {
        for &seq in seqs {
            for back in 0..=4 {
                let Some(at) = (len as usize).checked_sub(back) else { continue };
                let mut v = vec![b'a'; at];
                v.extend_from_slice(seq);
                check_utf8(&ks, &v);
                v.extend_from_slice(b"tail of ascii text, long enough for a block.....");
                check_utf8(&ks, &v);
                let mut w: Vec<u8> = "é€😀".repeat(at / 9 + 1).into_bytes();
                w.truncate(
                    core::str::from_utf8(&w).map_or(0, |s| s.floor_char_boundary_compat(at)),
                );
                w.extend_from_slice(seq);
                w.extend_from_slice("ü€😀".as_bytes());
                check_utf8(&ks, &w);
            }
        }
    }
}

/// `str::floor_char_boundary` is unstable; a local version.
trait FloorCharBoundary {
    fn floor_char_boundary_compat(&self, i: usize) -> usize;
}

impl FloorCharBoundary for str {
    fn floor_char_boundary_compat(&self, i: usize) -> usize {
        let mut i = i.min(self.len());
        while !self.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}
