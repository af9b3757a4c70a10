//! The counts of every kernel, against std on valid input and against the
//! documented definitions (`src/count.rs`) on arbitrary input.
//!
//! The kernels take 256 bytes per iteration (four 64-byte blocks), then
//! single vectors, then a scalar tail, and flush their 8-bit counters every
//! few dozen iterations: the lengths below cross every one of those
//! boundaries, including inputs longer than 255 × 64 bytes.

mod common;

use common::{
    def_count_chars, def_utf16_len_from_utf32, def_utf16_len_from_utf8, def_utf32_len_from_utf16,
    def_utf8_len_from_utf16, def_utf8_len_from_utf32,
};
use proptest::prelude::*;

fn swapped(s: &[u16]) -> Vec<u16> {
    s.iter().map(|u| u.swap_bytes()).collect()
}

/// Every count, with every kernel and through dispatch, against the
/// definitions.
fn check_utf8(s: &[u8]) {
    let (chars, units) = (def_count_chars(s), def_utf16_len_from_utf8(s));
    assert_eq!(rapidutf::count_chars(s), chars, "dispatch, len {}", s.len());
    assert_eq!(rapidutf::utf16_len_from_utf8(s), units, "dispatch, len {}", s.len());
    for k in common::kernels() {
        assert_eq!(k.count_chars(s), chars, "{k} count_chars, len {}", s.len());
        assert_eq!(k.utf16_len_from_utf8(s), units, "{k} utf16_len_from_utf8, len {}", s.len());
    }
}

fn check_utf16(s: &[u16]) {
    let (u8len, u32len) = (def_utf8_len_from_utf16(s), def_utf32_len_from_utf16(s));
    let be = swapped(s);
    let le: Vec<u16> = s.iter().map(|u| u.to_le()).collect();
    let be_mem: Vec<u16> = s.iter().map(|u| u.to_be()).collect();
    let n = s.len();
    assert_eq!(rapidutf::utf8_len_from_utf16(s), u8len, "dispatch, len {n}");
    assert_eq!(rapidutf::utf8_len_from_utf16le(&le), u8len, "dispatch le, len {n}");
    assert_eq!(rapidutf::utf8_len_from_utf16be(&be_mem), u8len, "dispatch be, len {n}");
    assert_eq!(rapidutf::utf32_len_from_utf16(s), u32len, "dispatch, len {n}");
    assert_eq!(rapidutf::utf32_len_from_utf16le(&le), u32len, "dispatch le, len {n}");
    assert_eq!(rapidutf::utf32_len_from_utf16be(&be_mem), u32len, "dispatch be, len {n}");
    for k in common::kernels() {
        assert_eq!(k.utf8_len_from_utf16(s), u8len, "{k}, len {n}");
        assert_eq!(k.utf8_len_from_utf16le(&le), u8len, "{k} le, len {n}");
        assert_eq!(k.utf8_len_from_utf16be(&be_mem), u8len, "{k} be, len {n}");
        assert_eq!(k.utf32_len_from_utf16(s), u32len, "{k}, len {n}");
        assert_eq!(k.utf32_len_from_utf16le(&le), u32len, "{k} le, len {n}");
        assert_eq!(k.utf32_len_from_utf16be(&be_mem), u32len, "{k} be, len {n}");
        // The wrong byte order is just other input: still the definition.
        if cfg!(target_endian = "little") {
            assert_eq!(k.utf8_len_from_utf16be(s), def_utf8_len_from_utf16(&be), "{k}, {n}");
            assert_eq!(k.utf32_len_from_utf16be(s), def_utf32_len_from_utf16(&be), "{k}, {n}");
        }
    }
}

fn check_utf32(s: &[u32]) {
    let (u8len, u16len) = (def_utf8_len_from_utf32(s), def_utf16_len_from_utf32(s));
    let n = s.len();
    assert_eq!(rapidutf::utf8_len_from_utf32(s), u8len, "dispatch, len {n}");
    assert_eq!(rapidutf::utf16_len_from_utf32(s), u16len, "dispatch, len {n}");
    for k in common::kernels() {
        assert_eq!(k.utf8_len_from_utf32(s), u8len, "{k}, len {n}");
        assert_eq!(k.utf16_len_from_utf32(s), u16len, "{k}, len {n}");
    }
}

/// A deterministic pseudo-random generator (xorshift), so the long
/// inputs need no proptest shrinking.
fn noise(seed: u64, n: usize) -> Vec<u64> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .collect()
}

/// Every length from 0 to 1100 (crossing 16/32/64-byte vectors and
/// 256-byte iterations), on random bytes and on valid multilingual text,
/// at every start offset modulo 4.
#[test]
fn every_length() {
    let bytes: Vec<u8> = noise(1, 1200).into_iter().map(|x| x as u8).collect();
    let text: String = common::lipsum("utf8")
        .iter()
        .flat_map(|(_, b)| std::str::from_utf8(b).unwrap().chars().take(60))
        .collect();
    let text = text.as_bytes();
    for len in 0..=1100 {
        for off in 0..4 {
            check_utf8(&bytes[off..off + len]);
            if off + len <= text.len() {
                check_utf8(&text[off..off + len]);
            }
        }
    }
    let units: Vec<u16> = noise(2, 600).into_iter().map(|x| x as u16).collect();
    let values: Vec<u32> =
        noise(3, 600).into_iter().map(|x| (x >> 11) as u32 >> (x % 24)).collect();
    for len in 0..=580 {
        check_utf16(&units[..len]);
        check_utf16(&units[3..3 + len]);
        check_utf32(&values[..len]);
        check_utf32(&values[1..1 + len]);
    }
}

/// Inputs where every unit has the largest per-lane amount, longer than
/// the interval between counter flushes (255 × 64 bytes for the 8-bit
/// counters, 0x7FFF steps for the 16-bit ones): an overflow would show.
#[test]
fn counters_do_not_overflow() {
    for len in [255 * 64, 255 * 64 + 1, 256 * 256 + 77, 300_000] {
        check_utf8(&vec![b'a'; len]);
        check_utf8(&vec![0xF4; len]);
        check_utf8(&vec![0xBF; len]);
    }
    for len in [0x7FFF * 16 + 5, 0x10000 * 4 + 3] {
        check_utf16(&vec![0x41; len]);
        check_utf16(&vec![0xDC00; len]);
        check_utf32(&vec![0x41; len / 2]);
        check_utf32(&vec![0xFFFF_FFFF; len / 2]);
    }
    // Long random input: all amounts mixed.
    let bytes: Vec<u8> = noise(4, 200_000).into_iter().map(|x| x as u8).collect();
    check_utf8(&bytes);
    let units: Vec<u16> = noise(5, 300_000).into_iter().map(|x| x as u16).collect();
    check_utf16(&units);
}

/// The lipsum corpus: exact counts against std, every kernel.
#[test]
fn lipsum_against_std() {
    for (lang, bytes) in common::lipsum("utf8") {
        let s = std::str::from_utf8(&bytes).unwrap();
        let utf16: Vec<u16> = s.encode_utf16().collect();
        let utf32: Vec<u32> = s.chars().map(u32::from).collect();
        let (chars, units) = (s.chars().count(), utf16.len());
        assert_eq!(rapidutf::count_chars(s.as_bytes()), chars, "{lang}");
        assert_eq!(rapidutf::utf16_len_from_utf8(s.as_bytes()), units, "{lang}");
        assert_eq!(rapidutf::utf8_len_from_utf16(&utf16), s.len(), "{lang}");
        assert_eq!(rapidutf::utf8_len_from_utf32(&utf32), s.len(), "{lang}");
        assert_eq!(rapidutf::utf16_len_from_utf32(&utf32), units, "{lang}");
        assert_eq!(rapidutf::utf32_len_from_utf16(&utf16), chars, "{lang}");
        for k in common::kernels() {
            assert_eq!(k.count_chars(s.as_bytes()), chars, "{k} {lang}");
            assert_eq!(k.utf16_len_from_utf8(s.as_bytes()), units, "{k} {lang}");
            assert_eq!(k.utf8_len_from_utf16(&utf16), s.len(), "{k} {lang}");
            assert_eq!(k.utf8_len_from_utf32(&utf32), s.len(), "{k} {lang}");
            assert_eq!(k.utf16_len_from_utf32(&utf32), units, "{k} {lang}");
            assert_eq!(k.utf32_len_from_utf16(&utf16), chars, "{k} {lang}");
        }
    }
}

proptest! {
    /// Valid text: the counts are the lengths std computes.
    #[test]
    fn valid_against_std(s in any::<String>()) {
        let utf16: Vec<u16> = s.encode_utf16().collect();
        let utf32: Vec<u32> = s.chars().map(u32::from).collect();
        for k in common::kernels() {
            prop_assert_eq!(k.count_chars(s.as_bytes()), s.chars().count());
            prop_assert_eq!(k.utf16_len_from_utf8(s.as_bytes()), utf16.len());
            prop_assert_eq!(k.utf8_len_from_utf16(&utf16), s.len());
            prop_assert_eq!(k.utf8_len_from_utf32(&utf32), s.len());
            prop_assert_eq!(k.utf16_len_from_utf32(&utf32), utf16.len());
            prop_assert_eq!(k.utf32_len_from_utf16(&utf16), utf32.len());
        }
    }

    /// Arbitrary input: the definitions.
    #[test]
    fn arbitrary_against_definitions(
        b in proptest::collection::vec(any::<u8>(), 0..700),
        u in proptest::collection::vec(any::<u16>(), 0..400),
        c in proptest::collection::vec(any::<u32>(), 0..300),
    ) {
        check_utf8(&b);
        check_utf16(&u);
        check_utf32(&c);
    }
}
