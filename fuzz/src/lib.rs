//! The checks behind rapidutf's fuzz targets, one module per target, so
//! each target in `fuzz_targets/` is one line.
//!
//! Every check is differential against an oracle that does not use
//! rapidutf, `rapidutf_testkit` (shared with the tests and benchmarks):
//! `core::str::from_utf8` for UTF-8, `char::decode_utf16` for UTF-16,
//! `char::from_u32` for UTF-32, `String::from_utf8_lossy` and
//! `String::from_utf16_lossy` for the lossy decoders. The one thing std
//! cannot tell, an error's `Utf8ErrorKind`, comes from the table in the
//! crate's documentation (`rapidutf_testkit::oracle_kind`). A mismatch
//! panics, which libFuzzer reports as a crash.

pub mod derive_roundtrip;
pub mod latin1;
pub mod roundtrip;
pub mod stream_decode;
pub mod stream_validate;
pub mod transcode_dst;
pub mod validate;

/// The bytes of `data` as native-endian `u16` units (a trailing odd byte
/// is dropped).
pub fn as_u16s(data: &[u8]) -> Vec<u16> {
    data.chunks_exact(2).map(|c| u16::from_ne_bytes([c[0], c[1]])).collect()
}

/// The bytes of `data` as native-endian `u32` values.
pub fn as_u32s(data: &[u8]) -> Vec<u32> {
    data.chunks_exact(4).map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]])).collect()
}

#[cfg(test)]
mod tests {
    //! The checks themselves, over the corpus and hand-picked inputs, on
    //! stable (`cargo test` in fuzz/): a wrong oracle shows up here first.
    use super::*;
    use rapidutf::Utf8ErrorKind;
    use rapidutf_testkit::{lipsum, oracle_kind};

    /// Every text of the corpus (generated, and real where `../shared`
    /// exists), in every form.
    fn corpus() -> Vec<Vec<u8>> {
        let forms = ["utf8", "utf16", "utf32"];
        forms.iter().flat_map(|form| lipsum(form).into_iter().map(|(_, bytes)| bytes)).collect()
    }

    fn inputs() -> Vec<Vec<u8>> {
        let mut v: Vec<Vec<u8>> = [
            &b""[..],
            b"a",
            b"\xC3\xA9",
            b"\xE0\x80\x80",
            b"\xED\xA0\x80",
            b"\xF4\x90\x80\x80",
            b"\xF0\x9F\x98",
            b"\xC0\xAF",
            b"\x80abc",
            b"\xE2\x82x",
            b"\x00\xD8\x00\xDC",
            b"\x00\xDC\x61\x00",
            b"\x00\xD8\x00\x00\x00\x00\x11\x00",
        ]
        .iter()
        .map(|s| s.to_vec())
        .collect();
        for file in corpus() {
            // Slices that cut characters at both ends, at several sizes.
            for (start, len) in [(0, 4096), (1, 63), (7, 64), (100, 333), (3, 1000)] {
                let end = (start + len).min(file.len());
                v.push(file[start.min(end)..end].to_vec());
            }
        }
        v
    }

    #[test]
    fn validate() {
        inputs().iter().for_each(|d| validate::check(d));
    }

    #[test]
    fn roundtrip() {
        inputs().iter().for_each(|d| roundtrip::check(d));
    }

    #[test]
    fn transcode_dst() {
        for d in inputs() {
            for pick in [0u16, 1, 5, 100, 4000] {
                let mut data = pick.to_le_bytes().to_vec();
                data.extend_from_slice(&d);
                transcode_dst::check(&data);
            }
        }
    }

    #[test]
    fn latin1() {
        for d in inputs() {
            for pick in [0u16, 1, 5, 100, 4000] {
                let mut data = pick.to_le_bytes().to_vec();
                data.extend_from_slice(&d);
                latin1::check(&data);
            }
        }
        let all: Vec<u8> = (0..=255).collect();
        latin1::check(&all);
    }

    #[test]
    fn kinds_follow_the_documented_table() {
        let kind = |b: &[u8]| {
            let e = core::str::from_utf8(b).unwrap_err();
            oracle_kind(b, e.valid_up_to(), e.error_len())
        };
        assert_eq!(kind(b"\xE0\x80\x80"), Utf8ErrorKind::Overlong);
        assert_eq!(kind(b"\xED\xA0\x80"), Utf8ErrorKind::Surrogate);
        assert_eq!(kind(b"\xF4\x90\x80\x80"), Utf8ErrorKind::TooLarge);
        assert_eq!(kind(b"\xC1\x80"), Utf8ErrorKind::InvalidByte);
        assert_eq!(kind(b"\xBF"), Utf8ErrorKind::UnexpectedContinuation);
        assert_eq!(kind(b"\xE2\x82x"), Utf8ErrorKind::MissingContinuation);
        assert_eq!(kind(b"\xE2\x82"), Utf8ErrorKind::Truncated);
    }
}
