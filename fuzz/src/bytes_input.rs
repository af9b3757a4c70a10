//! The `bytes_input` target: UTF-16LE/BE and UTF-32LE/BE given as bytes,
//! at any address and any length, against std. Validation and the
//! allocating decoders against `char::decode_utf16`/`char::from_u32` over
//! the whole units (positions in bytes, a partial last unit an
//! `IncompleteUnit` error after everything before it); the buffer
//! transcoder with a fuzzer-chosen `dst` size against the same oracle
//! (the largest whole-character prefix that fits, and whichever of "does
//! not fit" and "invalid" comes first); the lossy decoders against
//! `String::from_utf16_lossy` plus the WHATWG rule for a partial last
//! unit (`rapidutf_testkit::lossy_unit_bytes`). They dispatch: run the
//! target with `RAPIDUTF_KERNEL` set to cover each kernel.
//!
//! Input: one byte of flags (bit 0: big-endian; bit 1: UTF-32; bits 2-3:
//! the start address modulo 4; bit 4: a long input, at least
//! [`LONG`](crate::LONG) bytes, from runs of the rest), one byte choosing
//! the `dst` size (see below), then the bytes.

use crate::{long, seed, Input, LONG};
use rapidutf::{TranscodeError, Utf16Error, Utf32Error};
use rapidutf_testkit::{
    check_transcoder, dec_utf16_bytes, dec_utf32_bytes, enc_utf8, lossy_unit_bytes, Utf16Exp,
    Utf32Exp,
};

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let size = input.byte();
    let rest = input.rest();
    let bytes = if flags & 16 != 0 { long(rest, seed(data), LONG) } else { rest.to_vec() };
    // The bytes at address `offset` modulo 4 past an aligned start.
    let offset = usize::from(flags >> 2 & 3);
    let mut placed = vec![0xA5u8; offset];
    placed.extend_from_slice(&bytes);
    let placed: Vec<u8> = placed;
    let src = &placed[offset..];
    let be = flags & 1 != 0;
    // 0..=191: a dst of that many bytes; above, room for the whole output
    // minus 0 to 63 bytes.
    let ample = src.len() * 2 + 4;
    let dst_len =
        if size < 192 { usize::from(size) } else { ample.saturating_sub(usize::from(size - 192)) };

    if flags & 2 == 0 {
        let dec = dec_utf16_bytes(src, be);
        type Fns = (
            fn(&[u8]) -> Result<(), Utf16Error>,
            fn(&[u8], &mut [u8]) -> Result<usize, TranscodeError<Utf16Error>>,
            fn(&[u8]) -> Result<String, Utf16Error>,
            fn(&[u8]) -> String,
        );
        let (validate, to_utf8, to_string, lossy): Fns = if be {
            (
                rapidutf::validate_utf16be_bytes,
                rapidutf::utf16be_bytes_to_utf8,
                rapidutf::utf16be_bytes_to_string,
                rapidutf::utf16be_bytes_to_string_lossy,
            )
        } else {
            (
                rapidutf::validate_utf16le_bytes,
                rapidutf::utf16le_bytes_to_utf8,
                rapidutf::utf16le_bytes_to_string,
                rapidutf::utf16le_bytes_to_string_lossy,
            )
        };
        let want: Result<String, Utf16Exp> = match dec.err {
            None => Ok(dec.chars.iter().map(|&(c, _)| c).collect()),
            Some(e) => Err(e),
        };
        let key = |e: Utf16Error| (e.valid_up_to(), e.kind());
        assert_eq!(
            validate(src).map_err(key),
            want.as_ref().map(|_| ()).map_err(|e| *e),
            "validate"
        );
        assert_eq!(to_string(src).map_err(key), want, "to_string");
        assert_eq!(lossy(src), lossy_unit_bytes(src, 2, be), "to_string_lossy");
        check_transcoder("bytes_to_utf8", to_utf8, src, &dec, &enc_utf8, dst_len);
    } else {
        let dec = dec_utf32_bytes(src, be);
        type Fns = (
            fn(&[u8]) -> Result<(), Utf32Error>,
            fn(&[u8], &mut [u8]) -> Result<usize, TranscodeError<Utf32Error>>,
            fn(&[u8]) -> Result<String, Utf32Error>,
            fn(&[u8]) -> String,
        );
        let (validate, to_utf8, to_string, lossy): Fns = if be {
            (
                rapidutf::validate_utf32be_bytes,
                rapidutf::utf32be_bytes_to_utf8,
                rapidutf::utf32be_bytes_to_string,
                rapidutf::utf32be_bytes_to_string_lossy,
            )
        } else {
            (
                rapidutf::validate_utf32le_bytes,
                rapidutf::utf32le_bytes_to_utf8,
                rapidutf::utf32le_bytes_to_string,
                rapidutf::utf32le_bytes_to_string_lossy,
            )
        };
        let want: Result<String, Utf32Exp> = match dec.err {
            None => Ok(dec.chars.iter().map(|&(c, _)| c).collect()),
            Some(e) => Err(e),
        };
        let key = |e: Utf32Error| (e.valid_up_to(), e.kind());
        assert_eq!(
            validate(src).map_err(key),
            want.as_ref().map(|_| ()).map_err(|e| *e),
            "validate"
        );
        assert_eq!(to_string(src).map_err(key), want, "to_string");
        assert_eq!(lossy(src), lossy_unit_bytes(src, 4, be), "to_string_lossy");
        check_transcoder("bytes_to_utf8", to_utf8, src, &dec, &enc_utf8, dst_len);
    }
}
