//! The UTF-16 and UTF-32 decoders' byte input (`decode_bytes_to_utf8`,
//! `_to_str`, `_to_string` and their lossy forms) against the
//! whole-buffer oracles of `rapidutf_testkit` (`dec_utf16_bytes`,
//! `dec_utf32_bytes`, `lossy_unit_bytes`, built on `char::decode_utf16`,
//! `char::from_u32` and `String::from_utf16_lossy`), in both byte orders:
//! every pair of split points of short inputs (inside a unit included,
//! empty chunks included), every `dst` size, errors and partial units at
//! the end, replacement counts, the pending bytes after every chunk, and
//! long inputs at every address modulo 4 through the copied path.

use crate::common::{dec_utf16_bytes, dec_utf32_bytes, lossy_unit_bytes};
use proptest::prelude::*;
use rapidutf::stream::{CoderResult, Endian, StreamError, Utf16Decoder, Utf32Decoder};

/// An encoding read as bytes: UTF-16 or UTF-32 in one byte order.
#[derive(Clone, Copy, Debug)]
enum Enc {
    Utf16(Endian),
    Utf32(Endian),
}

const ENCODINGS: [Enc; 4] = [
    Enc::Utf16(Endian::Little),
    Enc::Utf16(Endian::Big),
    Enc::Utf32(Endian::Little),
    Enc::Utf32(Endian::Big),
];

/// A strict failure: the error's position and kind, and the call's
/// `read` and `written`.
type Failure = (usize, String, usize, usize);

impl Enc {
    fn size(self) -> usize {
        match self {
            Enc::Utf16(_) => 2,
            Enc::Utf32(_) => 4,
        }
    }

    fn big(self) -> bool {
        matches!(self, Enc::Utf16(Endian::Big) | Enc::Utf32(Endian::Big))
    }

    /// `values` as bytes in this encoding (each value is a UTF-16 unit or
    /// a UTF-32 value).
    fn bytes(self, values: &[u32]) -> Vec<u8> {
        let mut out = Vec::new();
        for &v in values {
            match (self, self.big()) {
                (Enc::Utf16(_), false) => out.extend((v as u16).to_le_bytes()),
                (Enc::Utf16(_), true) => out.extend((v as u16).to_be_bytes()),
                (Enc::Utf32(_), false) => out.extend(v.to_le_bytes()),
                (Enc::Utf32(_), true) => out.extend(v.to_be_bytes()),
            }
        }
        out
    }

    /// The whole-buffer strict decoding: the text, or the text before the
    /// first error and the error's byte position and kind.
    fn strict(self, bytes: &[u8]) -> (String, Option<(usize, String)>) {
        match self {
            Enc::Utf16(_) => {
                let d = dec_utf16_bytes(bytes, self.big());
                (d.chars.iter().map(|c| c.0).collect(), d.err.map(|(at, k)| (at, format!("{k:?}"))))
            }
            Enc::Utf32(_) => {
                let d = dec_utf32_bytes(bytes, self.big());
                (d.chars.iter().map(|c| c.0).collect(), d.err.map(|(at, k)| (at, format!("{k:?}"))))
            }
        }
    }

    /// The whole-buffer lossy decoding and its number of replacements:
    /// one per unpaired surrogate or invalid value, and one for a partial
    /// last unit unless it follows a high surrogate (whose U+FFFD stands
    /// for both).
    fn lossy(self, bytes: &[u8]) -> (String, u64) {
        let size = self.size();
        let whole = bytes.len() - bytes.len() % size;
        let value = |b: &[u8]| -> u32 {
            let mut v = 0u32;
            for (k, &x) in b.iter().enumerate() {
                let shift = if self.big() { 8 * (size - 1 - k) } else { 8 * k };
                v |= u32::from(x) << shift;
            }
            v
        };
        let values: Vec<u32> = bytes[..whole].chunks(size).map(value).collect();
        let (mut count, after_high) = match self {
            Enc::Utf16(_) => (
                char::decode_utf16(values.iter().map(|&v| v as u16)).filter(Result::is_err).count(),
                values.last().is_some_and(|&v| v & 0xFC00 == 0xD800),
            ),
            Enc::Utf32(_) => {
                (values.iter().filter(|&&v| char::from_u32(v).is_none()).count(), false)
            }
        };
        if whole < bytes.len() && !after_high {
            count += 1;
        }
        (lossy_unit_bytes(bytes, size, self.big()), count as u64)
    }
}

/// A decoder under test.
enum Dec {
    U16(Utf16Decoder),
    U32(Utf32Decoder),
}

fn fail<E: Copy>(e: StreamError<E>, at: impl Fn(E) -> (usize, String)) -> Failure {
    let (pos, kind) = at(e.error());
    (pos, kind, e.read(), e.written())
}

fn f16(e: rapidutf::Utf16Error) -> (usize, String) {
    (e.valid_up_to(), format!("{:?}", e.kind()))
}

fn f32(e: rapidutf::Utf32Error) -> (usize, String) {
    (e.valid_up_to(), format!("{:?}", e.kind()))
}

/// Checks that a `str` method's text is `dst`'s prefix.
fn str_len(dst: (*const u8, usize), text: &str) -> usize {
    assert_eq!(text.as_ptr(), dst.0, "the text is not at the start of dst");
    assert!(text.len() <= dst.1);
    text.len()
}

/// The output forms that take a bounded `dst`.
#[derive(Clone, Copy, Debug)]
enum Form {
    Slice,
    Str,
}

impl Dec {
    fn new(enc: Enc) -> Dec {
        match enc {
            Enc::Utf16(e) => Dec::U16(Utf16Decoder::with_endian(e)),
            Enc::Utf32(e) => Dec::U32(Utf32Decoder::with_endian(e)),
        }
    }

    /// One call of a bounded form: `(result, read, written)`.
    fn call(
        &mut self,
        form: Form,
        lossy: bool,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> Result<(CoderResult, usize, usize), Failure> {
        let at = (dst.as_ptr(), dst.len());
        match (self, form, lossy) {
            (Dec::U16(d), Form::Slice, false) => {
                d.decode_bytes_to_utf8(src, dst, last).map_err(|e| fail(e, f16))
            }
            (Dec::U16(d), Form::Slice, true) => Ok(d.decode_bytes_to_utf8_lossy(src, dst, last)),
            (Dec::U16(d), Form::Str, false) => d
                .decode_bytes_to_str(src, dst, last)
                .map(|(r, n, s)| (r, n, str_len(at, s)))
                .map_err(|e| fail(e, f16)),
            (Dec::U16(d), Form::Str, true) => {
                let (r, n, s) = d.decode_bytes_to_str_lossy(src, dst, last);
                Ok((r, n, str_len(at, s)))
            }
            (Dec::U32(d), Form::Slice, false) => {
                d.decode_bytes_to_utf8(src, dst, last).map_err(|e| fail(e, f32))
            }
            (Dec::U32(d), Form::Slice, true) => Ok(d.decode_bytes_to_utf8_lossy(src, dst, last)),
            (Dec::U32(d), Form::Str, false) => d
                .decode_bytes_to_str(src, dst, last)
                .map(|(r, n, s)| (r, n, str_len(at, s)))
                .map_err(|e| fail(e, f32)),
            (Dec::U32(d), Form::Str, true) => {
                let (r, n, s) = d.decode_bytes_to_str_lossy(src, dst, last);
                Ok((r, n, str_len(at, s)))
            }
        }
    }

    /// One call of a `String` form: the replacements it reports.
    fn call_string(
        &mut self,
        lossy: bool,
        src: &[u8],
        dst: &mut String,
        last: bool,
    ) -> Result<u64, Failure> {
        match (self, lossy) {
            (Dec::U16(d), false) => {
                d.decode_bytes_to_string(src, dst, last).map(|()| 0).map_err(|e| fail(e, f16))
            }
            (Dec::U16(d), true) => Ok(d.decode_bytes_to_string_lossy(src, dst, last) as u64),
            (Dec::U32(d), false) => {
                d.decode_bytes_to_string(src, dst, last).map(|()| 0).map_err(|e| fail(e, f32))
            }
            (Dec::U32(d), true) => Ok(d.decode_bytes_to_string_lossy(src, dst, last) as u64),
        }
    }

    fn pending(&self) -> Vec<u8> {
        match self {
            Dec::U16(d) => d.pending_bytes().to_vec(),
            Dec::U32(d) => d.pending_bytes().to_vec(),
        }
    }

    fn replacements(&self) -> u64 {
        match self {
            Dec::U16(d) => d.replacements(),
            Dec::U32(d) => d.replacements(),
        }
    }

    fn max_len(&self, src_len: usize) -> usize {
        match self {
            Dec::U16(d) => d.max_utf8_len_for_bytes(src_len),
            Dec::U32(d) => d.max_utf8_len_for_bytes(src_len),
        }
    }
}

/// How a stream ended.
#[derive(Debug, PartialEq)]
enum End {
    /// Every chunk consumed: the output, and the replacements the
    /// decoder counted.
    Done(String, u64),
    /// A strict method failed: the output before the error, the error.
    Failed(String, usize, String),
    /// A call made no progress with this `dst` size: the output so far.
    Stuck(String),
}

/// The `dst` size that says "as long as `max_utf8_len_for_bytes` asks".
const MAX: usize = usize::MAX;

/// Feeds `chunks` through a bounded form with a `dst` of `cap` bytes,
/// calling again on `OutputFull`, and checks after each consumed chunk
/// that the pending bytes are exactly the stream's partial last unit.
fn drive(enc: Enc, chunks: &[&[u8]], cap: usize, form: Form, lossy: bool) -> End {
    let mut d = Dec::new(enc);
    let mut out = Vec::new();
    let mut fed = Vec::new();
    for (k, chunk) in chunks.iter().enumerate() {
        let last = k + 1 == chunks.len();
        let mut rest: &[u8] = chunk;
        loop {
            let room = if cap == MAX { d.max_len(rest.len()) } else { cap };
            let mut buf = vec![0xFFu8; room];
            match d.call(form, lossy, rest, &mut buf, last) {
                Ok((result, read, n)) => {
                    assert!(read <= rest.len(), "read past the chunk");
                    std::str::from_utf8(&buf[..n]).expect("wrote text that is not UTF-8");
                    out.extend_from_slice(&buf[..n]);
                    fed.extend_from_slice(&rest[..read]);
                    rest = &rest[read..];
                    match result {
                        CoderResult::InputEmpty => {
                            assert!(rest.is_empty(), "InputEmpty with input left");
                            break;
                        }
                        _ if cap == MAX => {
                            panic!("OutputFull with the room max_utf8_len_for_bytes asks")
                        }
                        CoderResult::OutputFull if read == 0 && n == 0 => {
                            return End::Stuck(String::from_utf8(out).unwrap());
                        }
                        CoderResult::OutputFull => {}
                    }
                }
                Err((pos, kind, read, written)) => {
                    assert!(read <= rest.len() && written <= room);
                    out.extend_from_slice(&buf[..written]);
                    return End::Failed(String::from_utf8(out).expect("not UTF-8"), pos, kind);
                }
            }
        }
        if !last {
            let whole = fed.len() - fed.len() % enc.size();
            assert_eq!(d.pending(), &fed[whole..], "pending bytes after {} bytes", fed.len());
        }
    }
    assert!(d.pending().is_empty(), "bytes pending after the last chunk");
    End::Done(String::from_utf8(out).unwrap(), d.replacements())
}

/// [`drive`] for the `String` forms.
fn drive_string(enc: Enc, chunks: &[&[u8]], lossy: bool) -> End {
    let mut d = Dec::new(enc);
    let mut out = String::new();
    let mut counted = 0;
    for (k, chunk) in chunks.iter().enumerate() {
        let last = k + 1 == chunks.len();
        let before = out.len();
        match d.call_string(lossy, chunk, &mut out, last) {
            Ok(n) => counted += n,
            Err((pos, kind, _, written)) => {
                assert_eq!(out.len() - before, written, "written is not what was appended");
                return End::Failed(out, pos, kind);
            }
        }
    }
    assert_eq!(counted, d.replacements(), "the calls' counts do not add up");
    End::Done(out, d.replacements())
}

/// The chunks of `input` cut at `cuts` (sorted, may repeat).
fn chunked<'a>(input: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut v = Vec::new();
    let mut from = 0;
    for &c in cuts {
        v.push(&input[from..c]);
        from = c;
    }
    v.push(&input[from..]);
    v
}

/// Checks every output form, strict and lossy, for one chunking and
/// `dst` size, against the whole-buffer oracles.
fn check(enc: Enc, input: &[u8], cuts: &[usize], cap: usize) {
    let chunks = chunked(input, cuts);
    let (text, err) = enc.strict(input);
    let (lossy, count) = enc.lossy(input);
    let ctx = || format!("{enc:?} {input:02X?} cut at {cuts:?}, dst {cap}");
    let mut ends = vec![];
    for form in [Form::Slice, Form::Str] {
        ends.push((false, drive(enc, &chunks, cap, form, false)));
        ends.push((true, drive(enc, &chunks, cap, form, true)));
    }
    ends.push((false, drive_string(enc, &chunks, false)));
    ends.push((true, drive_string(enc, &chunks, true)));
    for (is_lossy, end) in ends {
        match (end, is_lossy, &err) {
            (End::Done(out, n), true, _) => {
                assert_eq!(out, lossy, "lossy: {}", ctx());
                assert_eq!(n, count, "replacements: {}", ctx());
            }
            (End::Done(out, n), false, None) => {
                assert_eq!((out, n), (text.clone(), 0), "{}", ctx());
            }
            (End::Failed(out, pos, kind), false, Some((at, want))) => {
                assert_eq!((&out, pos, &kind), (&text, *at, want), "{}", ctx());
            }
            (End::Stuck(out), _, _) => {
                assert!(cap < 4, "no progress with dst {cap}: {}", ctx());
                assert!(lossy.starts_with(&out) || text.starts_with(&out), "{}", ctx());
            }
            (got, l, want) => panic!("{} (lossy {l}): got {got:?}, want {want:?}", ctx()),
        }
    }
}

/// Short inputs of each encoding: text, surrogates paired and not,
/// invalid values, and each with every partial last unit.
fn short_inputs(enc: Enc) -> Vec<Vec<u8>> {
    let values: Vec<Vec<u32>> = match enc {
        Enc::Utf16(_) => vec![
            vec![],
            vec![0x61, 0xD834, 0xDD1E, 0x20AC],
            vec![0xD800],
            vec![0xDC00, 0x61],
            vec![0x61, 0xD800, 0xD800, 0xDC00],
            vec![0xD83D, 0x61, 0xDE00],
        ],
        Enc::Utf32(_) => {
            vec![vec![], vec![0x61, 0x1F600, 0x20AC], vec![0xD800, 0x41], vec![0x41, 0x110000]]
        }
    };
    let mut out = Vec::new();
    for v in values {
        let bytes = enc.bytes(&v);
        for tail in 0..enc.size() {
            let mut b = bytes.clone();
            b.extend((0..tail).map(|k| [0xD8, 0x41, 0x00][k]));
            out.push(b);
        }
    }
    out
}

#[test]
fn every_pair_of_split_points_and_dst_size() {
    for enc in ENCODINGS {
        for input in short_inputs(enc) {
            let n = input.len();
            for a in 0..=n {
                for b in a..=n {
                    let caps: Vec<usize> = if n <= 10 {
                        (0..=13).chain([MAX]).collect()
                    } else {
                        vec![0, 3, 4, 5, 9, MAX]
                    };
                    for cap in caps {
                        check(enc, &input, &[a, b], cap);
                    }
                }
            }
        }
    }
}

#[test]
fn every_chunk_length() {
    // A text with a character of each UTF-8 length, an unpaired surrogate
    // and an invalid UTF-32 value, cut into chunks of every length from 1.
    for enc in ENCODINGS {
        let mut values = vec![0x61, 0xE9, 0x20AC, 0x1F600, 0xD800, 0x62];
        if let Enc::Utf16(_) = enc {
            values = "aé€😀".encode_utf16().map(u32::from).chain([0xD800, 0x62]).collect();
        }
        let mut input = enc.bytes(&values.repeat(7));
        input.push(0x41);
        for len in 1..=input.len() {
            let cuts: Vec<usize> = (len..input.len()).step_by(len).collect();
            for cap in [4, 7, MAX] {
                check(enc, &input, &cuts, cap);
            }
        }
    }
}

/// A long input in `enc`: mostly text, with `bad` mixed in.
fn long_input(enc: Enc, len: usize, seed: u64, bad: bool) -> Vec<u8> {
    let mut x = seed | 1;
    let mut values = Vec::new();
    while values.len() * enc.size() < len {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let c = match x % 8 {
            0..=3 => 0x20 + (x >> 8) % 0x5F,
            4 => 0xA0 + (x >> 8) % 0x700,
            5 => 0x4E00 + (x >> 8) % 0x5000,
            6 => 0x1F300 + (x >> 8) % 0x300,
            _ if bad && x % 64 == 7 => 0xD800 + (x >> 8) % 0x800,
            _ => 0x41,
        } as u32;
        match enc {
            Enc::Utf16(_) => values.extend(char::from_u32(c).map_or(vec![c], |c| {
                c.encode_utf16(&mut [0; 2]).iter().map(|&u| u32::from(u)).collect()
            })),
            Enc::Utf32(_) => values.push(c),
        }
    }
    enc.bytes(&values)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Long inputs, long enough for several chunks of the copied path
    /// (2048 units), at every address modulo 4, cut at three random
    /// places, valid or not, with a partial unit at the end or not.
    #[test]
    fn long_inputs_at_every_address(
        which in 0usize..4,
        len in 0usize..20_000,
        seed in any::<u64>(),
        bad in any::<bool>(),
        tail in 0usize..4,
        offset in 0usize..4,
        cuts in prop::collection::vec(0usize..20_000, 3),
        cap in prop_oneof![Just(4usize), Just(4096), Just(MAX)],
    ) {
        let enc = ENCODINGS[which];
        let mut input = long_input(enc, len, seed, bad);
        input.extend(std::iter::repeat(0xD8).take(tail % enc.size()));
        let mut storage = vec![0u8; input.len() + 8];
        let start = (4 - storage.as_ptr() as usize % 4) % 4 + offset;
        storage[start..start + input.len()].copy_from_slice(&input);
        let placed = &storage[start..start + input.len()];
        let mut cuts: Vec<usize> = cuts.iter().map(|&c| c.min(input.len())).collect();
        cuts.sort_unstable();
        check(enc, placed, &cuts, cap);
    }

    /// Random bytes, in random chunks: anything at all.
    #[test]
    fn random_bytes(which in 0usize..4, input in prop::collection::vec(any::<u8>(), 0..64), a in 0usize..64, b in 0usize..64, cap in 0usize..20) {
        let (a, b) = (a.min(input.len()), b.min(input.len()));
        check(ENCODINGS[which], &input, &[a.min(b), a.max(b)], cap);
    }
}

/// These methods use the dispatched (active) kernel: re-run this module
/// once per other available kernel, chosen with `RAPIDUTF_KERNEL`.
#[cfg(feature = "std")]
#[test]
fn under_every_available_kernel() {
    crate::common::rerun_under_every_kernel(
        "stream_bytes::",
        "stream_bytes::under_every_available_kernel",
    );
}
