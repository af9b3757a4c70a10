//! The `utf16_tools` target: the UTF-16 helpers against std. Byte swaps
//! (`swap_utf16_bytes`, `swap_utf16_bytes_in_place`) against
//! `u16::swap_bytes`; well-formedness (`make_utf16*_well_formed`,
//! `to_well_formed_utf16*`) against `String::from_utf16_lossy` (each
//! unpaired surrogate becomes U+FFFD, the count of them returned); the
//! lossy UTF-8 length (`utf8_len_from_utf16*_lossy`) against the length of
//! std's lossy decoding; in every byte order. They dispatch (no `Kernel`
//! method): run the target with `RAPIDUTF_KERNEL` set to cover each
//! kernel.
//!
//! Input: one byte of flags (bit 0: a long input, at least
//! [`LONG`](crate::LONG) units, from runs of the rest), then the units'
//! native-endian bytes.

use crate::{as_u16s, long, seed, Input, LONG};
use core::convert::Infallible;
use rapidutf::TranscodeError;

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let units = as_u16s(input.rest());
    let src = if flags & 1 == 1 { long(&units, seed(data), LONG) } else { units };

    let lossy = String::from_utf16_lossy(&src);
    let fixed: Vec<u16> = lossy.encode_utf16().collect();
    let lone = char::decode_utf16(src.iter().copied()).filter(Result::is_err).count();
    assert_eq!(fixed.len(), src.len(), "std's repair keeps the length");

    type Make = fn(&mut [u16]) -> usize;
    type To = fn(&[u16], &mut [u16]) -> Result<usize, TranscodeError<Infallible>>;
    type Len = fn(&[u16]) -> usize;
    let forms: [(&str, fn(u16) -> u16, Make, To, Len); 3] = [
        (
            "utf16",
            |u| u,
            rapidutf::make_utf16_well_formed,
            rapidutf::to_well_formed_utf16,
            rapidutf::utf8_len_from_utf16_lossy,
        ),
        (
            "utf16le",
            u16::to_le,
            rapidutf::make_utf16le_well_formed,
            rapidutf::to_well_formed_utf16le,
            rapidutf::utf8_len_from_utf16le_lossy,
        ),
        (
            "utf16be",
            u16::to_be,
            rapidutf::make_utf16be_well_formed,
            rapidutf::to_well_formed_utf16be,
            rapidutf::utf8_len_from_utf16be_lossy,
        ),
    ];
    for (what, order, make, to, len8) in forms {
        let stored: Vec<u16> = src.iter().map(|&u| order(u)).collect();
        let want: Vec<u16> = fixed.iter().map(|&u| order(u)).collect();
        let mut buf = stored.clone();
        assert_eq!(make(&mut buf), lone, "make_{what}_well_formed: count");
        assert!(buf == want, "make_{what}_well_formed");
        // A longer dst: the units past the input's length stay untouched.
        let mut dst = vec![0xA5A5u16; src.len() + 3];
        assert_eq!(to(&stored, &mut dst), Ok(lone), "to_well_formed_{what}: count");
        assert!(dst[..src.len()] == want[..], "to_well_formed_{what}");
        assert!(dst[src.len()..].iter().all(|&u| u == 0xA5A5), "to_well_formed_{what} wrote past");
        assert_eq!(len8(&stored), lossy.len(), "utf8_len_from_{what}_lossy");
    }

    let swapped: Vec<u16> = src.iter().map(|u| u.swap_bytes()).collect();
    let mut dst = vec![0xA5A5u16; src.len() + 2];
    assert_eq!(rapidutf::swap_utf16_bytes(&src, &mut dst), Ok(src.len()));
    assert!(dst[..src.len()] == swapped[..], "swap_utf16_bytes");
    assert!(dst[src.len()..].iter().all(|&u| u == 0xA5A5), "swap_utf16_bytes wrote past");
    let mut buf = src.clone();
    rapidutf::swap_utf16_bytes_in_place(&mut buf);
    assert!(buf == swapped, "swap_utf16_bytes_in_place");
}
