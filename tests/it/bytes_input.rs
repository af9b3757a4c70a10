//! UTF-16 and UTF-32 given as bytes (`validate_utf16le_bytes`,
//! `utf16le_bytes_to_utf8`, `_to_string`, `_to_string_lossy` and the same
//! for UTF-16BE, UTF-32LE and UTF-32BE) against `char::decode_utf16`,
//! `char::from_u32` and `String::from_utf16_lossy` (`rapidutf_testkit`'s
//! byte-input decoders): every start address modulo 4, every length of a
//! mixed text, a surrogate pair cut at every place around the copied
//! path's chunk boundaries, errors at every offset, every `dst` size.
//! The functions always dispatch, so `under_every_available_kernel` runs
//! this module again in a child process per kernel (`RAPIDUTF_KERNEL`).

use crate::common::{
    self, check_transcoder, dec_utf16_bytes, dec_utf32_bytes, enc_utf8, lossy_unit_bytes, Decoded,
    Key,
};
use proptest::prelude::*;

/// Units per chunk of the library's copied path, and of its small buffer:
/// the boundaries that the tests cut pairs and place errors around.
const CHUNK: usize = 2048;
const SMALL: usize = 64;

/// Runs `f` on a copy of `bytes` that starts `offset` bytes after a
/// 4-byte boundary.
fn placed(bytes: &[u8], offset: usize, f: impl FnOnce(&[u8])) {
    let mut storage = vec![0xEEu8; bytes.len() + 8];
    let base = storage.as_ptr() as usize;
    let start = (4 - base % 4) % 4 + offset;
    storage[start..start + bytes.len()].copy_from_slice(bytes);
    let s = &storage[start..start + bytes.len()];
    assert_eq!(s.as_ptr() as usize % 4, offset % 4);
    f(s);
}

/// The text a decoded prefix holds.
fn text<K>(dec: &Decoded<K>) -> String {
    dec.chars.iter().map(|&(c, _)| c).collect()
}

/// The four functions of one encoding in one byte order.
struct Fns<E> {
    name: &'static str,
    validate: fn(&[u8]) -> Result<(), E>,
    to_utf8: common::Transcoder<u8, u8, E>,
    to_string: fn(&[u8]) -> Result<String, E>,
    lossy: fn(&[u8]) -> String,
    lossy_report: fn(&[u8]) -> rapidutf::Lossy<String>,
}

/// The UTF-16 functions of one byte order.
fn utf16_fns(be: bool) -> Fns<rapidutf::Utf16Error> {
    if be {
        Fns {
            name: "utf16be",
            validate: rapidutf::validate_utf16be_bytes,
            to_utf8: rapidutf::utf16be_bytes_to_utf8,
            to_string: rapidutf::utf16be_bytes_to_string,
            lossy: rapidutf::utf16be_bytes_to_string_lossy,
            lossy_report: rapidutf::utf16be_bytes_to_string_lossy_report,
        }
    } else {
        Fns {
            name: "utf16le",
            validate: rapidutf::validate_utf16le_bytes,
            to_utf8: rapidutf::utf16le_bytes_to_utf8,
            to_string: rapidutf::utf16le_bytes_to_string,
            lossy: rapidutf::utf16le_bytes_to_string_lossy,
            lossy_report: rapidutf::utf16le_bytes_to_string_lossy_report,
        }
    }
}

/// The UTF-32 functions of one byte order.
fn utf32_fns(be: bool) -> Fns<rapidutf::Utf32Error> {
    if be {
        Fns {
            name: "utf32be",
            validate: rapidutf::validate_utf32be_bytes,
            to_utf8: rapidutf::utf32be_bytes_to_utf8,
            to_string: rapidutf::utf32be_bytes_to_string,
            lossy: rapidutf::utf32be_bytes_to_string_lossy,
            lossy_report: rapidutf::utf32be_bytes_to_string_lossy_report,
        }
    } else {
        Fns {
            name: "utf32le",
            validate: rapidutf::validate_utf32le_bytes,
            to_utf8: rapidutf::utf32le_bytes_to_utf8,
            to_string: rapidutf::utf32le_bytes_to_string,
            lossy: rapidutf::utf32le_bytes_to_string_lossy,
            lossy_report: rapidutf::utf32le_bytes_to_string_lossy_report,
        }
    }
}

/// Checks `fns` on `bytes` against the decoded `dec` and the lossy
/// oracle's `lossy` (units of `size` bytes, big-endian if `be`), with the
/// transcoder into every `dst` size in `dst_lens`.
fn check<E: Key>(
    fns: &Fns<E>,
    bytes: &[u8],
    dec: &Decoded<E::K>,
    (size, be): (usize, bool),
    dst_lens: impl IntoIterator<Item = usize>,
) {
    let lossy = &*lossy_unit_bytes(bytes, size, be);
    let (name, at) = (fns.name, bytes.as_ptr() as usize % 4);
    let want = dec.err.map_or(Ok(()), Err);
    assert_eq!(
        (fns.validate)(bytes).map_err(|e| e.key()),
        want,
        "validate_{name}_bytes at {at}: {bytes:02X?}"
    );
    let want_string = dec.err.map_or_else(|| Ok(text(dec)), Err);
    assert_eq!(
        (fns.to_string)(bytes).map_err(|e| e.key()),
        want_string,
        "{name}_bytes_to_string at {at}"
    );
    assert_eq!((fns.lossy)(bytes), lossy, "{name}_bytes_to_string_lossy at {at}");
    // The replacements: the oracle's U+FFFDs less those the input holds
    // as characters; some exactly when the strict decoding fails.
    let replaced = lossy.matches('\u{FFFD}').count() - input_fffd(bytes, size, be);
    assert_eq!(replaced > 0, dec.err.is_some(), "the oracle, {bytes:02X?}");
    assert_eq!(
        (fns.lossy_report)(bytes),
        rapidutf::Lossy { output: lossy.to_string(), replaced },
        "{name}_bytes_to_string_lossy_report at {at}"
    );
    for dst_len in dst_lens {
        let who = format!("{name}_bytes_to_utf8 at {at}");
        check_transcoder(&who, fns.to_utf8, bytes, dec, &enc_utf8, dst_len);
    }
}

/// How many U+FFFD characters the whole units of `bytes` (of `size`
/// bytes, big-endian if `be`) hold as valid input, by std's decoders.
fn input_fffd(bytes: &[u8], size: usize, be: bool) -> usize {
    let units = bytes.chunks_exact(size).map(|u| {
        let v = u.iter().fold(0u32, |acc, &b| acc << 8 | u32::from(b));
        if be {
            v
        } else {
            v.swap_bytes() >> (32 - 8 * size as u32)
        }
    });
    if size == 2 {
        char::decode_utf16(units.map(|v| v as u16)).filter(|c| *c == Ok('\u{FFFD}')).count()
    } else {
        units.filter(|&v| v == 0xFFFD).count()
    }
}

/// Checks the UTF-16 functions of one byte order on `bytes`.
fn check16(bytes: &[u8], be: bool, dst_lens: impl IntoIterator<Item = usize>) {
    let dec = dec_utf16_bytes(bytes, be);
    check(&utf16_fns(be), bytes, &dec, (2, be), dst_lens);
}

/// Checks the UTF-32 functions of one byte order on `bytes`.
fn check32(bytes: &[u8], be: bool, dst_lens: impl IntoIterator<Item = usize>) {
    let dec = dec_utf32_bytes(bytes, be);
    check(&utf32_fns(be), bytes, &dec, (4, be), dst_lens);
}

/// A `dst` that always suffices for `bytes` of either encoding (3 bytes
/// of UTF-8 per 2 bytes of UTF-16 at most).
fn ample(bytes: &[u8]) -> usize {
    bytes.len() * 3 / 2 + 4
}

/// Every check of UTF-16 `units` (values) and UTF-32 `values` in both
/// byte orders, at every start address modulo 4.
fn check_all(units: &[u16], values: &[u32]) {
    for be in [false, true] {
        let b16: Vec<u8> = units
            .iter()
            .flat_map(|&u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
            .collect();
        let b32: Vec<u8> = values
            .iter()
            .flat_map(|&v| if be { v.to_be_bytes() } else { v.to_le_bytes() })
            .collect();
        for offset in 0..4 {
            placed(&b16, offset, |b| check16(b, be, [ample(b)]));
            placed(&b32, offset, |b| check32(b, be, [ample(b)]));
        }
    }
}

/// The UTF-16 values of `s`.
fn utf16(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

/// The UTF-32 values of `s`.
fn utf32(s: &str) -> Vec<u32> {
    s.chars().map(u32::from).collect()
}

/// A text of 1-, 2-, 3- and 4-byte characters (pairs at even and odd
/// unit positions), long enough for the kernels and the small buffer.
fn mixed() -> String {
    "aé€😀b𝄞ü中🎉xyzÀ😀😀ok".repeat(8)
}

/// Every prefix of a mixed text (so every odd length, every pair cut in
/// its middle at the end) at every address modulo 4, through every
/// function, with `dst` just large enough.
#[test]
fn every_length_at_every_alignment() {
    let s = mixed();
    let (u, v) = (utf16(&s), utf32(&s));
    for be in [false, true] {
        let b16: Vec<u8> =
            u.iter().flat_map(|&x| if be { x.to_be_bytes() } else { x.to_le_bytes() }).collect();
        let b32: Vec<u8> =
            v.iter().flat_map(|&x| if be { x.to_be_bytes() } else { x.to_le_bytes() }).collect();
        for len in 0..=b16.len() {
            for offset in 0..4 {
                placed(&b16[..len], offset, |b| check16(b, be, [ample(b)]));
            }
        }
        for len in 0..=b32.len().min(4 * (SMALL + 8)) {
            for offset in 0..4 {
                placed(&b32[..len], offset, |b| check32(b, be, [ample(b)]));
            }
        }
    }
}

/// Every `dst` size, from 0 to more than enough, for a mixed text and for
/// one with an error and an odd byte at its end, at every alignment.
#[test]
fn every_dst_size() {
    let s: String = mixed().chars().take(60).collect();
    let mut u = utf16(&s);
    u.insert(40, 0xDC00);
    let v = utf32(&s);
    for be in [false, true] {
        let mut b16: Vec<u8> =
            u.iter().flat_map(|&x| if be { x.to_be_bytes() } else { x.to_le_bytes() }).collect();
        let b32: Vec<u8> =
            v.iter().flat_map(|&x| if be { x.to_be_bytes() } else { x.to_le_bytes() }).collect();
        for offset in 0..4 {
            placed(&b16, offset, |b| check16(b, be, 0..=ample(b)));
            placed(&b32, offset, |b| check32(b, be, 0..=ample(b)));
        }
        b16.truncate(2 * 30 + 1);
        for offset in 0..4 {
            placed(&b16, offset, |b| check16(b, be, 0..=ample(b)));
        }
    }
}

/// The unit positions where the copied path's buffers end, and a few
/// units either side.
fn around_chunk_ends() -> impl Iterator<Item = usize> {
    [SMALL, CHUNK, 2 * CHUNK - 1, 3 * CHUNK - 2].into_iter().flat_map(|p| p - 4..p + 4)
}

/// A surrogate pair at every unit position around the ends of the copied
/// path's buffers (so also cut between two chunks), in inputs that end
/// soon after it or long after it, at every alignment: the pair must
/// decode as one character, never as two unpaired halves.
#[test]
fn pair_across_every_chunk_boundary() {
    for p in (0..8).chain(around_chunk_ends()) {
        for tail in [1, 9, CHUNK + 5] {
            let mut u = vec![u16::from(b'a'); p];
            u.extend(utf16("😀"));
            u.extend(vec![u16::from(b'z'); tail]);
            check_all(&u, &[]);
        }
    }
}

/// A lone high surrogate, a lone low one, a reversed pair, and each UTF-32
/// error (a surrogate, a value above U+10FFFF) at every unit position of
/// a short input and around the copied path's chunk ends, at every
/// alignment: the error's byte offset and kind must be exact.
#[test]
fn errors_at_every_offset() {
    let len = 3 * CHUNK + 16;
    let positions: Vec<usize> = (0..SMALL + 8).chain(around_chunk_ends()).collect();
    for &p in &positions {
        for bad in [&[0xD800u16][..], &[0xDFFF], &[0xDC00, 0xD800], &[0xDBFF, 0xDBFF]] {
            let short = p < SMALL + 8;
            let mut u = vec![0x20ACu16; if short { SMALL + 16 } else { len }];
            u.splice(p..p + bad.len(), bad.iter().copied());
            check_all(&u, &[]);
        }
        for bad in [0xD800u32, 0xDFFF, 0x110000, u32::MAX] {
            let mut v = vec![0x1F600u32; p + 12];
            v[p] = bad;
            check_all(&[], &v);
        }
    }
}

/// Long inputs of the copied path: an odd address, and UTF-32 in the
/// other byte order than the target's, over several chunks, valid and
/// with an odd byte at the end.
#[test]
fn long_text_every_alignment() {
    let s = mixed().repeat(40);
    let (u, v) = (utf16(&s), utf32(&s));
    check_all(&u, &v);
    for be in [false, true] {
        let mut b16: Vec<u8> =
            u.iter().flat_map(|&x| if be { x.to_be_bytes() } else { x.to_le_bytes() }).collect();
        b16.push(0x41);
        let mut b32: Vec<u8> =
            v.iter().flat_map(|&x| if be { x.to_be_bytes() } else { x.to_le_bytes() }).collect();
        b32.extend_from_slice(&[0, 0, 0]);
        for offset in 0..4 {
            placed(&b16, offset, |b| check16(b, be, [ample(b)]));
            placed(&b32, offset, |b| check32(b, be, [ample(b)]));
        }
    }
}

proptest! {
    #![proptest_config(common::proptest_config(300))]

    /// Arbitrary UTF-16 and UTF-32 (valid, edited, random), with 0 to 3
    /// stray bytes at the end, at a random address modulo 4.
    #[test]
    fn arbitrary_input(
        units in common::arb_utf16_input(),
        values in common::arb_utf32_input(),
        extra in prop::collection::vec(any::<u8>(), 0..4),
        offset in 0usize..4,
        be in any::<bool>(),
    ) {
        let mut b16: Vec<u8> = units.iter().flat_map(|&x| if be { x.to_be_bytes() } else { x.to_le_bytes() }).collect();
        b16.extend_from_slice(&extra[..extra.len().min(1)]);
        let mut b32: Vec<u8> = values.iter().flat_map(|&x| if be { x.to_be_bytes() } else { x.to_le_bytes() }).collect();
        b32.extend_from_slice(&extra);
        placed(&b16, offset, |b| check16(b, be, [ample(b), b.len() / 3]));
        placed(&b32, offset, |b| check32(b, be, [ample(b), b.len() / 3]));
    }
}

/// The end of UTF-16 input in the middle of a unit, in the lossy forms:
/// the partial unit is one U+FFFD, except right after a high surrogate,
/// where both make one. The expected strings are what Node's
/// `TextDecoder("utf-16le")` (the WHATWG decoder) and CPython's
/// `decode("utf-16-le", "replace")` return for these bytes.
#[test]
fn partial_last_unit_lossy_as_whatwg() {
    let cases: [(&[u8], &str); 6] = [
        (b"a\x00\x00\xDCb\x00\x3D\xD8c", "a\u{FFFD}b\u{FFFD}"),
        (b"a\x00\x3D\xD8", "a\u{FFFD}"),
        (b"a\x00\x3D\xD8\x00\xDCA", "a\u{1F400}\u{FFFD}"),
        (b"a\x00\x00\xDCc", "a\u{FFFD}\u{FFFD}"),
        (b"a\x00c", "a\u{FFFD}"),
        (b"\x3D\xD8\x3D\xD8c", "\u{FFFD}\u{FFFD}"),
    ];
    for (le, want) in cases {
        assert_eq!(rapidutf::utf16le_bytes_to_string_lossy(le), want, "{le:X?}");
        assert_eq!(lossy_unit_bytes(le, 2, false), want, "the oracle, {le:X?}");
        // The same units in the other byte order, the odd byte unchanged.
        let mut be = le.to_vec();
        for pair in be.chunks_exact_mut(2) {
            pair.swap(0, 1);
        }
        assert_eq!(rapidutf::utf16be_bytes_to_string_lossy(&be), want, "{be:X?}");
    }
}

/// The byte-input functions always dispatch: run this module again under
/// every other available kernel.
#[cfg(feature = "std")]
#[test]
fn under_every_available_kernel() {
    common::rerun_under_every_kernel("bytes_input::", "bytes_input::under_every_available_kernel");
}
