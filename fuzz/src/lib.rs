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
//!
//! The checks list each family's functions in tables of tuples (the free
//! function, the kernel method, the byte order, ...) of function pointers,
//! whose types read best written out where they are used.
#![allow(clippy::type_complexity)]

pub mod alloc_append;
pub mod bytes_input;
pub mod capi;
pub mod detect;
pub mod dropin;
pub mod latin1;
pub mod long;
pub mod many;
pub mod roundtrip;
pub mod single_byte_lossy;
pub mod str_chars;
pub mod strategy;
pub mod stream_decode;
pub mod stream_outputs;
pub mod stream_validate;
pub mod transcode_dst;
pub mod utf16_tools;
pub mod validate;
pub mod variants_roundtrip;

/// Inputs at least this long (in units) run the AVX-512 kernels' 512-bit
/// loops (from 8 KiB) many times over, and outgrow the allocating
/// conversions' output sized from their first 4096 units when their script
/// changes after that.
pub const LONG: usize = 64 * 1024;

/// The fuzzer's bytes as a source of decisions: each call takes the next
/// byte(s), or zeros once they run out.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// Decisions taken from the front of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    /// The next byte.
    pub fn byte(&mut self) -> u8 {
        let (&b, rest) = self.data.split_first().unwrap_or((&0, &[]));
        self.data = rest;
        b
    }

    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    /// What is left: the text.
    pub fn rest(self) -> &'a [u8] {
        self.data
    }
}

/// A 64-bit seed from `data` (FNV-1a).
pub fn seed(data: &[u8]) -> u64 {
    data.iter()
        .fold(0xCBF2_9CE4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3))
}

/// A long input made from `pieces`: runs cut from `pieces` at places and
/// lengths drawn by a generator seeded with `seed`, each repeated a drawn
/// number of times (so that whole vectors and windows of one kind follow
/// each other, and the script changes between runs), until at least
/// `min_len` units. Empty when `pieces` is.
pub fn long<T: Copy>(pieces: &[T], seed: u64, min_len: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(min_len + 4096);
    if pieces.is_empty() {
        return out;
    }
    let mut x = seed | 1;
    let mut next = || {
        // xorshift64
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    while out.len() < min_len {
        let r = next();
        let start = (r as usize) % pieces.len();
        let len = 1 + ((r >> 24) as usize) % pieces.len().min(256);
        let run = &pieces[start..(start + len).min(pieces.len())];
        for _ in 0..1 + (r >> 48) % 200 {
            out.extend_from_slice(run);
        }
    }
    out
}

/// [`long`] over characters, for inputs that must be valid: runs of the
/// characters of `text`.
pub fn long_text(text: &str, seed: u64, min_len: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    long(&chars, seed, min_len).into_iter().collect()
}

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

    /// `check` on every input behind each header of `headers` (the flags
    /// and picks a target reads first); long inputs only from the first
    /// few, so the test stays short.
    fn with_headers(check: fn(&[u8]), headers: &[&[u8]]) {
        for (i, d) in inputs().iter().enumerate() {
            for h in headers {
                let long = h.first().is_some_and(|&f| f != 0);
                if long && i % 8 != 0 {
                    continue;
                }
                let mut data = h.to_vec();
                data.extend_from_slice(d);
                check(&data);
            }
        }
    }

    #[test]
    fn str_chars() {
        with_headers(str_chars::check, &[&[0, 0, 0], &[0, 7, 1], &[1, 3, 0], &[2, 9, 0]]);
    }

    #[test]
    fn dropin() {
        with_headers(dropin::check, &[&[0], &[1]]);
    }

    #[test]
    fn strategy() {
        with_headers(strategy::check, &[&[0], &[1]]);
    }

    #[test]
    fn many() {
        with_headers(
            many::check,
            &[&[0, 0], &[0, 3, 10, 200, 50], &[6, 4, 7, 14, 0, 99], &[1, 2, 5, 9]],
        );
    }

    #[test]
    fn alloc_append() {
        with_headers(alloc_append::check, &[&[0], &[1]]);
    }

    #[test]
    fn utf16_tools() {
        with_headers(utf16_tools::check, &[&[0], &[1]]);
    }

    #[test]
    fn detect() {
        with_headers(detect::check, &[&[0], &[2], &[4], &[6], &[1]]);
    }

    #[test]
    fn stream_outputs() {
        with_headers(
            stream_outputs::check,
            &[
                &[0, 0],
                &[2, 2, 3, 1, 0, 5],
                &[4, 3, 1, 2, 200, 3, 4, 9],
                &[6, 1, 0, 0],
                &[1, 2, 9, 40, 3, 60],
            ],
        );
    }

    #[test]
    fn long() {
        with_headers(long::check, &[&[1], &[0]]);
    }

    #[test]
    fn capi() {
        with_headers(capi::check, &[&[0, 0], &[0, 77], &[0, 201], &[1, 13]]);
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
