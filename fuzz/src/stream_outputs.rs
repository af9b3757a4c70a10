//! The `stream_outputs` target: the chunked decoders that `stream_decode`
//! leaves out, over a fuzzer-chosen chunking into output buffers of
//! fuzzer-chosen sizes, against the whole input's conversion by std:
//! `Utf32Decoder` to UTF-8 (strict and lossy), and `Utf8Decoder` to UTF-32
//! and to UTF-8 (strict and lossy) and to UTF-8, UTF-16BE and UTF-32 with
//! every error strategy (`decode_to_*_lossy_with`, against
//! `rapidutf_testkit::reference::lossy_with`). They dispatch (no `Kernel`
//! method): run the target with `RAPIDUTF_KERNEL` set to cover each
//! kernel.
//!
//! Input: one byte of flags (bit 0: a long input, at least
//! [`LONG`](crate::LONG) bytes, from runs of the text; bits 1-2: the error
//! strategy), one byte `k`, `k` bytes of chunk lengths, `k` bytes of output
//! sizes, then the text: as UTF-8, and its native-endian quadruples as
//! UTF-32 values.

use crate::{as_u32s, long, seed, Input, LONG};
use rapidutf::stream::{CoderResult, Endian, StreamError, Utf32Decoder, Utf8Decoder};
use rapidutf::ErrorStrategy;
use rapidutf_testkit::reference::{lossy_with, Substitute};
use rapidutf_testkit::{dec_utf32, dec_utf8, Key};

/// How the input is cut and how large each output buffer is.
struct Plan {
    lengths: Vec<usize>,
    sizes: Vec<usize>,
}

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let k = usize::from(input.byte() % 8);
    let lengths: Vec<usize> = (0..k).map(|_| usize::from(input.byte()) + 1).collect();
    let sizes: Vec<usize> = (0..k).map(|_| usize::from(input.byte() % 64)).collect();
    let rest = input.rest();
    let is_long = flags & 1 == 1;
    let text = if is_long { long(rest, seed(data), LONG) } else { rest.to_vec() };
    let plan = Plan {
        // Long inputs in long chunks into large buffers, so the kernels see
        // whole windows (and the run takes thousands of calls, not millions).
        lengths: match (lengths.is_empty(), is_long) {
            (true, _) => vec![5],
            (false, true) => lengths.iter().map(|n| n * 97).collect(),
            (false, false) => lengths,
        },
        sizes: match (sizes.is_empty(), is_long) {
            (true, _) => vec![7],
            (false, true) => sizes.iter().map(|n| n * 97).collect(),
            (false, false) => sizes,
        },
    };
    let strategy = ErrorStrategy::ALL[usize::from(flags >> 1) % ErrorStrategy::ALL.len()];
    utf8_decoder(&plan, &text, strategy);
    utf32_decoder(&plan, &as_u32s(&text));
}

/// Feeds `src` to `call` in the plan's chunks (the last one with `last`),
/// each call into a fresh buffer of the plan's next size, grown when a call
/// can make no progress; the concatenated output, and the error that ended
/// the stream with its `read` and `written`.
fn drive<S, D: Copy + Default, E: Copy>(
    plan: &Plan,
    src: &[S],
    mut call: impl FnMut(&[S], &mut [D], bool) -> Result<(CoderResult, usize, usize), StreamError<E>>,
) -> (Vec<D>, Option<E>) {
    let mut out = Vec::new();
    let (mut at, mut n) = (0, 0);
    loop {
        let end = (at + plan.lengths[n % plan.lengths.len()]).min(src.len());
        let last = end == src.len();
        let mut chunk = &src[at..end];
        let mut floor = 0;
        loop {
            let size = plan.sizes[n % plan.sizes.len()].max(floor);
            n += 1;
            let mut dst = vec![D::default(); size];
            match call(chunk, &mut dst, last) {
                Ok((result, read, written)) => {
                    assert!(
                        read <= chunk.len() && written <= size,
                        "read {read}, written {written}"
                    );
                    out.extend_from_slice(&dst[..written]);
                    chunk = &chunk[read..];
                    if result == CoderResult::InputEmpty {
                        assert!(chunk.is_empty(), "InputEmpty with {} units left", chunk.len());
                        break;
                    }
                    if read == 0 && written == 0 {
                        // No room for the next character: a larger buffer,
                        // up to the largest any character or replacement
                        // needs (9 bytes: three Windows-1252 characters).
                        assert!(size < 9, "no progress with a buffer of {size}");
                        floor = size + 1;
                    }
                }
                Err(e) => {
                    assert!(e.written() <= size, "written {} > {size}", e.written());
                    out.extend_from_slice(&dst[..e.written()]);
                    return (out, Some(e.error()));
                }
            }
        }
        at = end;
        if last {
            return (out, None);
        }
    }
}

fn utf8_decoder(plan: &Plan, text: &[u8], strategy: ErrorStrategy) {
    let dec = dec_utf8(text);
    let valid: String = dec.chars.iter().map(|&(c, _)| c).collect();

    // Strict, to UTF-32 and to UTF-8.
    let mut d = Utf8Decoder::new();
    let (out, err) = drive(plan, text, |s, o: &mut [u32], last| d.decode_to_utf32(s, o, last));
    assert!(out.iter().copied().eq(valid.chars().map(u32::from)), "decode_to_utf32: output");
    assert_eq!(err.map(|e| e.key()), dec.err, "decode_to_utf32: error");
    let mut d = Utf8Decoder::new();
    let (out, err) = drive(plan, text, |s, o: &mut [u8], last| d.decode_to_utf8(s, o, last));
    assert!(out == valid.as_bytes(), "decode_to_utf8: output");
    assert_eq!(err.map(|e| e.key()), dec.err, "decode_to_utf8: error");

    // Lossy (U+FFFD), to UTF-32 and to UTF-8.
    let never = |r: (CoderResult, usize, usize)| Ok::<_, StreamError<()>>(r);
    let lossy = String::from_utf8_lossy(text);
    let mut d = Utf8Decoder::new();
    let (out, _) =
        drive(plan, text, |s, o: &mut [u32], last| never(d.decode_to_utf32_lossy(s, o, last)));
    assert!(out.iter().copied().eq(lossy.chars().map(u32::from)), "decode_to_utf32_lossy");
    let mut d = Utf8Decoder::new();
    let (out, _) =
        drive(plan, text, |s, o: &mut [u8], last| never(d.decode_to_utf8_lossy(s, o, last)));
    assert!(out == lossy.as_bytes(), "decode_to_utf8_lossy");

    // With the strategy, to every form.
    let sub = Substitute::named(strategy.name()).expect("a reference for every strategy");
    let want = lossy_with(text, sub);
    let mut d = Utf8Decoder::new();
    let (out, _) = drive(plan, text, |s, o: &mut [u8], last| {
        never(d.decode_to_utf8_lossy_with(s, o, last, strategy))
    });
    assert!(out == want.as_bytes(), "decode_to_utf8_lossy_with({strategy})");
    let mut d = Utf8Decoder::new();
    let (out, _) = drive(plan, text, |s, o: &mut [u32], last| {
        never(d.decode_to_utf32_lossy_with(s, o, last, strategy))
    });
    assert!(
        out.iter().copied().eq(want.chars().map(u32::from)),
        "decode_to_utf32_lossy_with({strategy})"
    );
    // Big-endian UTF-16: the swapping path (native on no target here).
    let mut d = Utf8Decoder::with_endian(Endian::Big);
    let (out, _) = drive(plan, text, |s, o: &mut [u16], last| {
        never(d.decode_to_utf16_lossy_with(s, o, last, strategy))
    });
    let units = out.iter().map(|&u| u16::from_be(u));
    assert!(units.eq(want.encode_utf16()), "decode_to_utf16_lossy_with({strategy})");
}

fn utf32_decoder(plan: &Plan, values: &[u32]) {
    let dec = dec_utf32(values);
    let valid: String = dec.chars.iter().map(|&(c, _)| c).collect();
    let mut d = Utf32Decoder::new();
    let (out, err) = drive(plan, values, |s, o: &mut [u8], last| d.decode_to_utf8(s, o, last));
    assert!(out == valid.as_bytes(), "Utf32Decoder::decode_to_utf8: output");
    assert_eq!(err.map(|e| e.key()), dec.err, "Utf32Decoder::decode_to_utf8: error");

    let lossy: String = values.iter().map(|&v| char::from_u32(v).unwrap_or('\u{FFFD}')).collect();
    let mut d = Utf32Decoder::new();
    let (out, _) = drive(plan, values, |s, o: &mut [u8], last| {
        Ok::<_, StreamError<()>>(d.decode_to_utf8_lossy(s, o, last))
    });
    assert!(out == lossy.as_bytes(), "Utf32Decoder::decode_to_utf8_lossy");
}
