//! The `single_byte_lossy` target: the lossy encoders from UTF-8 to
//! Latin-1 and Windows-1252 against std. The expected bytes are
//! `String::from_utf8_lossy` of the input (one U+FFFD per maximal invalid
//! subpart), each character mapped to its byte or to the replacement
//! (`rapidutf_testkit::latin1_encode_lossy`, `windows1252_encode_lossy`).
//! The buffer form runs with a fuzzer-chosen `dst` size: `Ok` with the
//! whole output and the replacement count when it fits; otherwise
//! `OutputTooSmall` at a boundary from which the rest of the input encodes
//! to the rest of the output, and nothing written past `dst`. The `_vec`
//! and `_append` forms, and the `&str` forms on valid input, must agree.
//! They dispatch: run the target with `RAPIDUTF_KERNEL` set to cover each
//! kernel.
//!
//! Input: one byte of flags (bit 0: Windows-1252; bit 1: a long input, at
//! least [`LONG`](crate::LONG) bytes, from runs of the rest), the
//! replacement byte, one byte choosing the `dst` size, then the UTF-8.

use crate::{long, seed, Input, LONG};
use core::convert::Infallible;
use rapidutf::{Lossy, TranscodeError};
use rapidutf_testkit::{latin1_encode_lossy, windows1252_encode_lossy};

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let replacement = input.byte();
    let size = input.byte();
    let rest = input.rest();
    let src = if flags & 2 != 0 { long(rest, seed(data), LONG) } else { rest.to_vec() };
    type Forms = (
        fn(&[u8], u8) -> (Vec<u8>, usize),
        fn(&[u8], &mut [u8], u8) -> Result<Lossy<usize>, TranscodeError<Infallible>>,
        fn(&[u8], u8) -> Lossy<Vec<u8>>,
        fn(&[u8], &mut Vec<u8>, u8) -> Lossy<usize>,
        fn(&str, u8) -> Lossy<Vec<u8>>,
    );
    let (oracle, into, vec, append, str_vec): Forms = if flags & 1 == 0 {
        (
            latin1_encode_lossy,
            rapidutf::utf8_to_latin1_lossy,
            rapidutf::utf8_to_latin1_lossy_vec,
            rapidutf::utf8_to_latin1_lossy_append,
            rapidutf::str_to_latin1_lossy_vec,
        )
    } else {
        (
            windows1252_encode_lossy,
            rapidutf::utf8_to_windows1252_lossy,
            rapidutf::utf8_to_windows1252_lossy_vec,
            rapidutf::utf8_to_windows1252_lossy_append,
            rapidutf::str_to_windows1252_lossy_vec,
        )
    };
    let (want, replaced) = oracle(&src, replacement);
    let whole = Lossy { output: want.clone(), replaced };
    assert_eq!(vec(&src, replacement), whole, "_vec");
    let mut out = vec![7u8; 3];
    let r = append(&src, &mut out, replacement);
    assert_eq!((r.output, r.replaced), (want.len(), replaced), "_append: result");
    assert!(out[..3] == [7; 3] && out[3..] == want[..], "_append: output");
    if let Ok(s) = core::str::from_utf8(&src) {
        assert_eq!(str_vec(s, replacement), whole, "&str _vec");
    }

    // 0..=191: a dst of that many bytes; above, the output's length minus
    // 0 to 63 bytes.
    let dst_len = if size < 192 {
        usize::from(size)
    } else {
        want.len().saturating_sub(usize::from(size - 192))
    };
    let mut buf = vec![0xA5u8; dst_len + 16];
    let r = into(&src, &mut buf[..dst_len], replacement);
    assert!(buf[dst_len..].iter().all(|&b| b == 0xA5), "wrote past a {dst_len}-byte dst");
    match r {
        Ok(l) => {
            assert!(dst_len >= want.len(), "Ok with a dst shorter than the output");
            assert_eq!((l.output, l.replaced), (want.len(), replaced), "Ok: result");
            assert!(buf[..l.output] == want[..], "Ok: output");
        }
        Err(TranscodeError::OutputTooSmall { read, written }) => {
            assert!(dst_len < want.len(), "OutputTooSmall with room for the output");
            assert!(read <= src.len() && written <= dst_len, "read {read}, written {written}");
            assert!(buf[..written] == want[..written], "OutputTooSmall: the part written");
            let (after, _) = oracle(&src[read..], replacement);
            assert!(
                after[..] == want[written..],
                "the rest from read {read} is not the rest of the output"
            );
        }
        Err(e) => panic!("unexpected error {e:?}"),
    }
}
