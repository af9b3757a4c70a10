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
use rapidutf::stream::{CoderResult, Endian, Utf16Decoder, Utf32Decoder};
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
        let want = want.map_err(|(at, kind)| (at, format!("{kind:?}")));
        streamed(src, be, false, seed(data), dst_len, &want);
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
        let want = want.map_err(|(at, kind)| (at, format!("{kind:?}")));
        streamed(src, be, true, seed(data), dst_len, &want);
    }
}

/// A stream decoder's byte input (`Utf16Decoder`/`Utf32Decoder`'s
/// `decode_bytes_*`), strict or lossy.
enum Streamer {
    Utf16(Utf16Decoder),
    Utf32(Utf32Decoder),
}

impl Streamer {
    /// One call into a `dst`: `(result, read, written)`, or the error's position,
    /// kind and `written`.
    fn call(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
        lossy: bool,
    ) -> Result<(CoderResult, usize, usize), (usize, String, usize)> {
        Ok(match (self, lossy) {
            (Streamer::Utf16(d), false) => d.decode_bytes_to_utf8(src, dst, last).map_err(|e| {
                (e.error().valid_up_to(), format!("{:?}", e.error().kind()), e.written())
            })?,
            (Streamer::Utf16(d), true) => d.decode_bytes_to_utf8_lossy(src, dst, last),
            (Streamer::Utf32(d), false) => d.decode_bytes_to_utf8(src, dst, last).map_err(|e| {
                (e.error().valid_up_to(), format!("{:?}", e.error().kind()), e.written())
            })?,
            (Streamer::Utf32(d), true) => d.decode_bytes_to_utf8_lossy(src, dst, last),
        })
    }

    /// One call appending to a `String`.
    fn call_string(
        &mut self,
        src: &[u8],
        dst: &mut String,
        last: bool,
        lossy: bool,
    ) -> Result<(), (usize, String)> {
        let key = |at: usize, kind: String| (at, kind);
        match (self, lossy) {
            (Streamer::Utf16(d), false) => d
                .decode_bytes_to_string(src, dst, last)
                .map_err(|e| key(e.error().valid_up_to(), format!("{:?}", e.error().kind()))),
            (Streamer::Utf16(d), true) => {
                d.decode_bytes_to_string_lossy(src, dst, last);
                Ok(())
            }
            (Streamer::Utf32(d), false) => d
                .decode_bytes_to_string(src, dst, last)
                .map_err(|e| key(e.error().valid_up_to(), format!("{:?}", e.error().kind()))),
            (Streamer::Utf32(d), true) => {
                d.decode_bytes_to_string_lossy(src, dst, last);
                Ok(())
            }
        }
    }
}

/// The stream decoders' byte input over `src` cut into chunks of lengths
/// drawn from `seed` (0 to 63 bytes for a short input, so units are split
/// at every place; up to 16 KiB for a long one),
/// into a `dst` of `dst_len` bytes and into a `String`, strict and lossy,
/// against the whole-buffer oracle's `want` and `lossy_unit_bytes`.
fn streamed(
    src: &[u8],
    be: bool,
    utf32: bool,
    seed: u64,
    dst_len: usize,
    want: &Result<String, (usize, String)>,
) {
    // A long input (there for the copied path's chunks) in long chunks
    // and with room for many characters per call, so that a run stays
    // fast; the short ones take every chunking and every dst size.
    let long = src.len() > 4096;
    let (span, dst_len) = if long { (16384, dst_len.max(1024)) } else { (64, dst_len) };
    let mut x = seed | 1;
    let mut cuts = Vec::new();
    let mut at = 0;
    while at < src.len() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        at = (at + (x % span) as usize).min(src.len());
        cuts.push(at);
    }
    let chunks: Vec<&[u8]> = cuts
        .iter()
        .scan(0, |from, &to| {
            let c = &src[*from..to];
            *from = to;
            Some(c)
        })
        .chain([&src[src.len()..]])
        .collect();
    let endian = if be { Endian::Big } else { Endian::Little };
    let new = || {
        if utf32 {
            Streamer::Utf32(Utf32Decoder::with_endian(endian))
        } else {
            Streamer::Utf16(Utf16Decoder::with_endian(endian))
        }
    };
    let lossy_want = lossy_unit_bytes(src, if utf32 { 4 } else { 2 }, be);
    for lossy in [false, true] {
        // Into a bounded dst, calling again while it fills.
        let (mut d, mut out, mut buf) = (new(), Vec::new(), vec![0u8; dst_len]);
        let mut got = Ok(());
        'chunks: for (k, chunk) in chunks.iter().enumerate() {
            let last = k + 1 == chunks.len();
            let mut rest: &[u8] = chunk;
            loop {
                match d.call(rest, &mut buf, last, lossy) {
                    Ok((result, read, written)) => {
                        out.extend_from_slice(&buf[..written]);
                        rest = &rest[read..];
                        if result == CoderResult::InputEmpty {
                            assert!(rest.is_empty(), "InputEmpty with input left");
                            break;
                        }
                        if read == 0 && written == 0 {
                            assert!(dst_len < 4, "no progress with a dst of {dst_len} bytes");
                            got = Err(None);
                            break 'chunks;
                        }
                    }
                    Err((at, kind, written)) => {
                        out.extend_from_slice(&buf[..written]);
                        got = Err(Some((at, kind)));
                        break 'chunks;
                    }
                }
            }
        }
        let out = String::from_utf8(out).expect("the decoder wrote text that is not UTF-8");
        match (got, lossy, want) {
            (Ok(()), true, _) => assert_eq!(out, lossy_want, "streamed lossy"),
            (Ok(()), false, Ok(text)) => assert_eq!(&out, text, "streamed"),
            (Err(Some(e)), false, Err(w)) => {
                assert_eq!(&e, w, "streamed error");
            }
            (Err(None), _, _) => assert!(
                lossy_want.starts_with(&out) || want.as_ref().is_ok_and(|t| t.starts_with(&out))
            ),
            (got, _, _) => panic!("streamed (lossy {lossy}): {got:?}, want {want:?}"),
        }
        // Into a String.
        let (mut d, mut out) = (new(), String::new());
        let mut got = Ok(());
        for (k, chunk) in chunks.iter().enumerate() {
            if let Err(e) = d.call_string(chunk, &mut out, k + 1 == chunks.len(), lossy) {
                got = Err(e);
                break;
            }
        }
        match (got, lossy) {
            (Ok(()), true) => assert_eq!(out, lossy_want, "streamed lossy String"),
            (got, false) => assert_eq!(got.map(|()| out), want.clone(), "streamed String"),
            (Err(e), true) => panic!("lossy decoding failed: {e:?}"),
        }
    }
}
