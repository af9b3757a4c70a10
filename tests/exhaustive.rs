//! Exhaustive checks against std:
//!
//! - every 1- and 2-byte input, alone and straddling the 16/32/64-byte
//!   block boundaries, for every kernel;
//! - every 3- and 4-byte lead (`E0..=FF`) followed by 1 to 3 bytes drawn
//!   from the edges of every byte class, in every position;
//! - every Unicode scalar value: encode (std), validate, decode with every
//!   transcoder, and all of them at once in one long string per kernel;
//! - every encoded surrogate and too-large four-byte form as UTF-8;
//! - every surrogate and every value above U+10FFFF up to 0x120000 (and
//!   the top of `u32`) as UTF-32;
//! - every `u16` alone, and every `u16` paired with each surrogate-edge
//!   value on either side, against `char::decode_utf16`.
//!
//! Debug builds (where SIMD intrinsics are slow calls) trim the heaviest
//! loops as documented at [`THOROUGH`]; release builds run everything.
mod common;

use common::{check_utf16_source, check_utf32_source, check_utf8, kernels, Order};

/// Prefixes that put a short sequence across a block boundary.
const STRADDLE: [usize; 3] = [15, 31, 63];
const TAIL: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTU";

#[test]
fn all_one_and_two_byte_inputs() {
    let ks = kernels();
    check_utf8(&ks, b"");
    for a in 0..=255u8 {
        check_utf8(&ks, &[a]);
        for b in 0..=255u8 {
            check_utf8(&ks, &[a, b]);
        }
    }
}

/// Unoptimised builds run the SIMD kernels' intrinsics as calls, tens of
/// times slower. There the heaviest loops are trimmed: each two-byte input
/// straddles one block boundary (rotating) instead of all three; three-byte
/// leads get two more bytes and never-leading bytes one (instead of three);
/// and every 7th too-large four-byte form is checked.
const THOROUGH: bool = !cfg!(debug_assertions);

#[test]
fn all_two_byte_inputs_across_block_boundaries() {
    let ks = kernels();
    let mut buf = Vec::with_capacity(160);
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            let pair = usize::from(a) << 8 | usize::from(b);
            // Every pair straddles each boundary (in debug builds, one of
            // them), followed by ASCII or at the very end, alternating.
            for (j, &p) in STRADDLE.iter().enumerate() {
                if !THOROUGH && pair % STRADDLE.len() != j {
                    continue;
                }
                buf.clear();
                buf.resize(p, b'a');
                buf.extend_from_slice(&[a, b]);
                if (pair / STRADDLE.len() + j).is_multiple_of(2) {
                    buf.extend_from_slice(TAIL);
                }
                check_utf8(&ks, &buf);
            }
        }
    }
}

/// Values at the edges of every byte class.
const EDGES: [u8; 23] = [
    0x00, 0x41, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xA1, 0xBE, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
    0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
];

/// `lead` followed by every sequence of 0 to `max` bytes from `EDGES`.
fn sequences(lead: u8, max: usize) -> Vec<Vec<u8>> {
    let mut seqs: Vec<Vec<u8>> = vec![vec![lead]];
    let mut last = seqs.clone();
    for _ in 0..max {
        last = last
            .iter()
            .flat_map(|s| {
                EDGES.iter().map(move |&e| {
                    let mut t = s.clone();
                    t.push(e);
                    t
                })
            })
            .collect();
        seqs.extend(last.iter().cloned());
    }
    seqs
}

#[test]
fn three_and_four_byte_leads_with_edge_continuations() {
    let ks = kernels();
    let prefixes = [0usize, 14, 29, 61];
    let mut buf = Vec::with_capacity(160);
    let mut count = 0usize;
    // Three-byte leads with two more bytes, four-byte leads with three
    // (and in thorough runs, every lead from E0 with three), and the bytes
    // that never lead with one.
    let plan = (0xE0..=0xFFu8).map(|lead| match lead {
        0xE0..=0xEF if !THOROUGH => (lead, 2),
        0xF5..=0xFF if !THOROUGH => (lead, 1),
        _ => (lead, 3),
    });
    for (lead, max) in plan {
        for seq in sequences(lead, max) {
            count += 1;
            let p = prefixes[count % prefixes.len()];
            // At the end of the input (truncation matters) ...
            buf.clear();
            buf.resize(p, b'a');
            buf.extend_from_slice(&seq);
            check_utf8(&ks, &buf);
            // ... and followed by ASCII.
            buf.extend_from_slice(&TAIL[..20]);
            check_utf8(&ks, &buf);
        }
    }
    let n = |k: u32| (0..=k).map(|i| 23usize.pow(i)).sum::<usize>();
    let want = if THOROUGH { 32 * n(3) } else { 16 * n(2) + 5 * n(3) + 11 * n(1) };
    assert_eq!(count, want);
}

fn all_chars() -> impl Iterator<Item = char> {
    (0..=0x10FFFFu32).filter_map(char::from_u32)
}

/// Every scalar value, alone: std's encoding validates, and every
/// transcoder decodes and encodes it exactly as std does.
#[test]
fn every_scalar_value_round_trips() {
    let mut n = 0;
    let (mut b8, mut b16, mut b32) = ([0u8; 4], [0u16; 2], [0u32; 1]);
    for c in all_chars() {
        n += 1;
        let s = c.encode_utf8(&mut b8).as_bytes().to_vec();
        let mut w16 = [0u16; 2];
        let u16s = &*c.encode_utf16(&mut w16);
        assert_eq!(rapidutf::validate_utf8(&s).map(str::len), Ok(s.len()), "{c:?}");
        assert_eq!(rapidutf::utf8_to_utf32(&s, &mut b32), Ok(1), "{c:?}");
        assert_eq!(b32[0], c as u32);
        assert_eq!(rapidutf::utf8_to_utf16(&s, &mut b16), Ok(u16s.len()), "{c:?}");
        assert_eq!(&b16[..u16s.len()], u16s, "{c:?}");
        assert_eq!(rapidutf::utf16_to_utf8(u16s, &mut b8), Ok(s.len()), "{c:?}");
        assert_eq!(&b8[..s.len()], &s[..], "{c:?}");
        assert_eq!(rapidutf::utf16_to_utf32(u16s, &mut b32), Ok(1), "{c:?}");
        assert_eq!(b32[0], c as u32);
        assert_eq!(rapidutf::utf32_to_utf8(&[c as u32], &mut b8), Ok(s.len()), "{c:?}");
        assert_eq!(&b8[..s.len()], &s[..], "{c:?}");
        assert_eq!(rapidutf::utf32_to_utf16(&[c as u32], &mut b16), Ok(u16s.len()), "{c:?}");
        assert_eq!(&b16[..u16s.len()], u16s, "{c:?}");
        assert_eq!(rapidutf::validate_utf32(&[c as u32]), Ok(()));
    }
    assert_eq!(n, 0x110000 - 0x800);
}

/// All scalar values in one string (4.3 MB of UTF-8), and in slices cut at
/// every char boundary residue: every kernel accepts them, and the bulk
/// transcoders match std.
#[test]
fn every_scalar_value_in_bulk() {
    let ks = kernels();
    let s: String = all_chars().collect();
    let bytes = s.as_bytes();
    for &k in &ks {
        assert_eq!(k.validate_utf8(bytes).map(str::len), Ok(bytes.len()), "{k}");
        assert!(k.is_valid_utf8(bytes), "{k}");
        // Slices that start and end mid-way through multi-byte chars in
        // the 2-, 3- and 4-byte regions must be rejected exactly as core does.
        for start in [0x80usize, 0x1000, 0x10000, 0x40000] {
            for cut in 0..8 {
                let slice = &bytes[start + cut..start + cut + 4000 + cut];
                let want = common::utf8_oracle(slice).map(str::len);
                let got = common::utf8_res(k.validate_utf8(slice));
                assert_eq!(got, want, "{k}: slice at {} len {}", start + cut, slice.len());
            }
        }
    }
    let u16s: Vec<u16> = s.encode_utf16().collect();
    #[cfg(feature = "alloc")]
    assert_eq!(rapidutf::utf8_to_utf16_vec(bytes).as_ref(), Ok(&u16s));
    let u32s: Vec<u32> = s.chars().map(u32::from).collect();
    #[cfg(feature = "alloc")]
    {
        assert_eq!(rapidutf::utf8_to_utf32_vec(bytes).as_ref(), Ok(&u32s));
        assert_eq!(rapidutf::utf16_to_string(&u16s).as_ref(), Ok(&s));
        assert_eq!(rapidutf::utf32_to_string(&u32s).as_ref(), Ok(&s));
    }
    for order in Order::ALL {
        let mem = order.encode(&u16s);
        let mut out = vec![0u16; bytes.len()];
        let n = common::utf8_to_utf16_fn(order)(bytes, &mut out).unwrap();
        assert_eq!(&out[..n], &mem[..], "{order:?}");
        let n = common::utf32_to_utf16_fn(order)(&u32s, &mut out).unwrap();
        assert_eq!(&out[..n], &mem[..], "{order:?}");
        let fns = common::utf16_fns(order);
        #[cfg(feature = "alloc")]
        assert_eq!((fns.to_string)(&mem).as_ref(), Ok(&s), "{order:?}");
        let mut out32 = vec![0u32; mem.len()];
        let n = (fns.to_utf32)(&mem, &mut out32).unwrap();
        assert_eq!(&out32[..n], &u32s[..], "{order:?}");
    }
}

/// Every encoded surrogate (`ED A0..BF 80..BF`) and every too-large
/// four-byte form (`F4 90..BF ..`), alone, as UTF-8 for every kernel.
#[test]
fn every_encoded_surrogate_and_too_large() {
    let ks = kernels();
    // (In debug builds every 7th too-large value: each byte value still occurs.)
    let too_large = (0x110000u32..0x140000).step_by(if THOROUGH { 1 } else { 7 });
    for cp in (0xD800u32..0xE000).chain(too_large) {
        let bytes: Vec<u8> = if cp < 0x10000 {
            vec![0xE0 | (cp >> 12) as u8, 0x80 | (cp >> 6 & 0x3F) as u8, 0x80 | (cp & 0x3F) as u8]
        } else {
            vec![
                0xF0 | (cp >> 18) as u8,
                0x80 | (cp >> 12 & 0x3F) as u8,
                0x80 | (cp >> 6 & 0x3F) as u8,
                0x80 | (cp & 0x3F) as u8,
            ]
        };
        assert!(core::str::from_utf8(&bytes).is_err());
        check_utf8(&ks, &bytes);
    }
}

/// Every surrogate and the first 0x10000 values above U+10FFFF (and the top
/// of `u32`) as UTF-32, alone and after a valid prefix.
#[test]
fn every_invalid_utf32_value_near_the_edges() {
    let values = (0xD800u32..0xE000)
        .chain(0x10FFF0..0x120000)
        .chain(u32::MAX - 0x100..=u32::MAX)
        .chain([0x7FFF_FFFF, 0x8000_0000, 0x0011_0000_u32.wrapping_shl(4)]);
    for v in values {
        check_utf32_source(&[v], None);
        check_utf32_source(&[0x41, 0x1F600, v, 0x42], None);
    }
}

/// Every `u16` alone, in every byte order, through every UTF-16 function.
#[test]
fn every_u16_alone() {
    for u in 0..=0xFFFFu16 {
        check_utf16_source(&[u], None);
    }
}

/// The values at the edges of the surrogate ranges.
const SURROGATE_EDGES: [u16; 12] = [
    0x0041, 0xD7FF, 0xD800, 0xD801, 0xDBFE, 0xDBFF, 0xDC00, 0xDC01, 0xDFFE, 0xDFFF, 0xE000, 0xFFFF,
];

/// Every `u16` before and after each surrogate-edge value, against
/// `char::decode_utf16`, for validation and UTF-16 to UTF-32/UTF-8.
#[test]
fn every_u16_pair_at_surrogate_edges() {
    let mut b8 = [0u8; 8];
    let mut b32 = [0u32; 2];
    for &edge in &SURROGATE_EDGES {
        for u in 0..=0xFFFFu16 {
            for pair in [[edge, u], [u, edge]] {
                let dec = common::dec_utf16(&pair, Order::Native);
                let want = dec.err.map_or(Ok(()), Err);
                assert_eq!(
                    rapidutf::validate_utf16(&pair).map_err(|e| common::Key::key(&e)),
                    want,
                    "{pair:X?}"
                );
                let want8: Vec<u8> = dec
                    .chars
                    .iter()
                    .flat_map(|&(c, _)| c.encode_utf8(&mut [0; 4]).as_bytes().to_vec())
                    .collect();
                match rapidutf::utf16_to_utf8(&pair, &mut b8) {
                    Ok(n) => {
                        assert!(want.is_ok(), "{pair:X?}");
                        assert_eq!(&b8[..n], &want8[..], "{pair:X?}");
                    }
                    Err(e) => {
                        assert_eq!(e.invalid().map(common::Key::key), want.err(), "{pair:X?}")
                    }
                }
                match rapidutf::utf16_to_utf32(&pair, &mut b32) {
                    Ok(n) => {
                        assert!(want.is_ok(), "{pair:X?}");
                        let chars: Vec<u32> = dec.chars.iter().map(|&(c, _)| c as u32).collect();
                        assert_eq!(&b32[..n], &chars[..], "{pair:X?}");
                    }
                    Err(e) => {
                        assert_eq!(e.invalid().map(common::Key::key), want.err(), "{pair:X?}")
                    }
                }
                #[cfg(feature = "alloc")]
                assert_eq!(
                    rapidutf::utf16_to_string_lossy(&pair),
                    String::from_utf16_lossy(&pair),
                    "{pair:X?}"
                );
            }
        }
    }
    // And in the other byte orders, the full API on a thinner sample.
    for &edge in &SURROGATE_EDGES {
        for u in (0..=0xFFFFu16).step_by(61).chain(0xD7F0..=0xE010) {
            check_utf16_source(&[edge, u], None);
            check_utf16_source(&[u, edge, 0x41], None);
        }
    }
}
