//! `stream::Utf8Decoder` and `stream::Utf16Decoder`, over a random
//! chunking of random input into output buffers of random sizes, agree
//! with the whole-buffer transcoders (strict) and with std's lossy
//! decoding (lossy).
//!
//! Input: one byte of flags (bit 0: lossy, bit 1: big-endian UTF-16),
//! one byte `k`, `k` bytes of chunk lengths, `k` bytes of output sizes,
//! then the text: as UTF-8 for the UTF-8 decoder, and its byte pairs as
//! UTF-16 units for the UTF-16 decoder.

use rapidutf::stream::{CoderResult, Endian, Utf16Decoder, Utf8Decoder};
use rapidutf::TranscodeError;

struct Plan<'a> {
    lossy: bool,
    endian: Endian,
    lengths: Vec<usize>,
    sizes: Vec<usize>,
    text: &'a [u8],
}

fn plan(data: &[u8]) -> Plan<'_> {
    let flags = data.first().copied().unwrap_or(0);
    let rest = data.get(1..).unwrap_or(&[]);
    let k = usize::from(rest.first().copied().unwrap_or(0) % 8);
    let rest = rest.get(1..).unwrap_or(&[]);
    let k = k.min(rest.len() / 2);
    let lengths: Vec<usize> = rest[..k].iter().map(|&b| usize::from(b) + 1).collect();
    let sizes: Vec<usize> = rest[k..2 * k].iter().map(|&b| usize::from(b % 32)).collect();
    Plan {
        lossy: flags & 1 == 1,
        endian: if flags & 2 == 2 { Endian::Big } else { Endian::Little },
        lengths: if lengths.is_empty() { vec![5] } else { lengths },
        sizes: if sizes.is_empty() { vec![3] } else { sizes },
        text: &rest[2 * k..],
    }
}

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let p = plan(data);
    check_utf8(&p);
    check_utf16(&p);
}

/// A unit in memory order `endian`, from its value.
fn store(endian: Endian, v: u16) -> u16 {
    match endian {
        Endian::Little => v.to_le(),
        Endian::Big => v.to_be(),
    }
}

fn check_utf8(p: &Plan<'_>) {
    let text = p.text;
    let mut d = Utf8Decoder::with_endian(p.endian);
    let mut out: Vec<u16> = Vec::new();
    let mut strict_error = None;
    let (mut at, mut call) = (0, 0);
    'chunks: loop {
        let end = (at + p.lengths[call % p.lengths.len()]).min(text.len());
        let last = end == text.len();
        let mut chunk = &text[at..end];
        // Grown to 2 after a call that could not progress.
        let mut floor = 0;
        loop {
            let size = p.sizes[call % p.sizes.len()].max(floor);
            call += 1;
            let mut dst = vec![0u16; size];
            let r = if p.lossy {
                Ok(d.decode_to_utf16_lossy(chunk, &mut dst, last))
            } else {
                d.decode_to_utf16(chunk, &mut dst, last)
            };
            match r {
                Ok((result, read, written)) => {
                    out.extend_from_slice(&dst[..written]);
                    chunk = &chunk[read..];
                    if result == CoderResult::InputEmpty {
                        assert!(chunk.is_empty());
                        break;
                    }
                    if read == 0 && written == 0 {
                        // Only a buffer under 2 units may make no progress.
                        assert!(size < 2, "no progress with {size} units");
                        floor = 2;
                    }
                }
                Err(e) => {
                    out.extend_from_slice(&dst[..e.written()]);
                    strict_error = Some(e.error());
                    break 'chunks;
                }
            }
        }
        at = end;
        if last {
            break;
        }
    }
    let values: Vec<u16> = out.iter().map(|&u| store(p.endian, u)).collect();
    if p.lossy {
        let expect: Vec<u16> = String::from_utf8_lossy(text).encode_utf16().collect();
        assert_eq!(values, expect);
        return;
    }
    let mut whole = vec![0u16; text.len() + 1];
    match (rapidutf::utf8_to_utf16(text, &mut whole), strict_error) {
        (Ok(n), None) => assert_eq!(values, whole[..n]),
        (Err(TranscodeError::Invalid { error: w, .. }), Some(s)) => {
            assert_eq!(
                (w.valid_up_to(), w.error_len(), w.kind()),
                (s.valid_up_to(), s.error_len(), s.kind())
            );
            let valid = core::str::from_utf8(&text[..w.valid_up_to()]).expect("valid prefix");
            assert_eq!(values, valid.encode_utf16().collect::<Vec<_>>());
        }
        (w, s) => panic!("whole {w:?}, streamed {s:?}"),
    }
}

fn check_utf16(p: &Plan<'_>) {
    let values: Vec<u16> =
        p.text.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect();
    let units: Vec<u16> = values.iter().map(|&v| store(p.endian, v)).collect();
    let mut d = Utf16Decoder::with_endian(p.endian);
    let mut out: Vec<u8> = Vec::new();
    let mut strict_error = None;
    let (mut at, mut call) = (0, 0);
    'chunks: loop {
        let end = (at + p.lengths[call % p.lengths.len()]).min(units.len());
        let last = end == units.len();
        let mut chunk = &units[at..end];
        loop {
            // Sizes under 4 bytes may not fit a character: at least 4.
            let size = p.sizes[call % p.sizes.len()].max(4);
            call += 1;
            let mut dst = vec![0u8; size];
            let r = if p.lossy {
                Ok(d.decode_to_utf8_lossy(chunk, &mut dst, last))
            } else {
                d.decode_to_utf8(chunk, &mut dst, last)
            };
            match r {
                Ok((result, read, written)) => {
                    out.extend_from_slice(&dst[..written]);
                    chunk = &chunk[read..];
                    if result == CoderResult::InputEmpty {
                        assert!(chunk.is_empty());
                        break;
                    }
                    assert!(read + written > 0, "no progress with {size} bytes");
                }
                Err(e) => {
                    out.extend_from_slice(&dst[..e.written()]);
                    strict_error = Some(e.error());
                    break 'chunks;
                }
            }
        }
        at = end;
        if last {
            break;
        }
    }
    if p.lossy {
        assert_eq!(out, String::from_utf16_lossy(&values).into_bytes());
        return;
    }
    match (String::from_utf16(&values), strict_error) {
        (Ok(s), None) => assert_eq!(out, s.into_bytes()),
        (Err(_), Some(s)) => {
            let mut whole = vec![0u8; 3 * values.len()];
            let Err(TranscodeError::Invalid { error: w, .. }) =
                rapidutf::utf16_to_utf8(&values, &mut whole)
            else {
                panic!("whole-buffer conversion accepted invalid UTF-16");
            };
            assert_eq!((w.valid_up_to(), w.kind()), (s.valid_up_to(), s.kind()));
            let valid = String::from_utf16(&values[..w.valid_up_to()]).expect("valid prefix");
            assert_eq!(out, valid.into_bytes());
        }
        (w, s) => panic!("std {w:?}, streamed {s:?}"),
    }
}
