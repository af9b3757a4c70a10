//! The `detect` target: encoding detection (`detect_encoding`,
//! `detect_encoding_prefix`, and the byte-order marks of `detect_bom`)
//! against a reference written from the documented rules on std's
//! decoders (`rapidutf_testkit::reference::detect`): the encoding, the
//! mark's length, whether the input is ASCII, and every candidate. It
//! dispatches (no `Kernel` method): run the target with `RAPIDUTF_KERNEL`
//! set to cover each kernel.
//!
//! Input: one byte of flags (bit 0: a long input, at least
//! [`LONG`](crate::LONG) bytes, from runs of the rest; bits 1-2: a byte
//! order mark put in front, none or one of UTF-8, UTF-16LE, UTF-32BE),
//! then the bytes.

use crate::{long, seed, Input, LONG};
use rapidutf::{DetectedEncoding, Detection};
use rapidutf_testkit::reference::{detect, Detected};

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let rest = input.rest();
    let mut bytes = match (flags >> 1) & 3 {
        1 => b"\xEF\xBB\xBF".to_vec(),
        2 => b"\xFF\xFE".to_vec(),
        3 => b"\x00\x00\xFE\xFF".to_vec(),
        _ => Vec::new(),
    };
    if flags & 1 == 1 {
        bytes.extend(long(rest, seed(data), LONG));
    } else {
        bytes.extend_from_slice(rest);
    }
    assert_eq!(ours(rapidutf::detect_encoding(&bytes)), detect(&bytes, false), "detect_encoding");
    let prefix = rapidutf::detect_encoding_prefix(&bytes);
    assert_eq!(ours(prefix), detect(&bytes, true), "detect_encoding_prefix");

    let marks: [&[u8]; 5] =
        [b"\xEF\xBB\xBF", b"\xFF\xFE\x00\x00", b"\x00\x00\xFE\xFF", b"\xFF\xFE", b"\xFE\xFF"];
    let want = marks.iter().find(|m| bytes.starts_with(m)).map(|m| m.len());
    let got = rapidutf::detect_bom(&bytes).map(|(bom, n)| {
        assert_eq!((bom.len(), bom.bytes()), (n, &bytes[..n]), "detect_bom: {bom}");
        n
    });
    assert_eq!(got, want, "detect_bom");
}

/// The library's detection in the reference's terms.
fn ours(d: Detection) -> Detected {
    assert!(d.candidates().iter().count() == d.candidates().len());
    let name = |e: DetectedEncoding| e.name();
    Detected {
        encoding: name(d.encoding()),
        bom_len: d.bom_len(),
        ascii: d.is_ascii(),
        candidates: d.candidates().iter().map(name).collect(),
    }
}
