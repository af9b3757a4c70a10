//! The `std::io` adapters (`rapidutf::io`): for every way of cutting the
//! input into the inner reader's chunks (split points inside characters
//! of every length, empty reads), what the readers return and every error
//! are those of the whole-input oracle; the lossy mode is the WHATWG
//! Encoding Standard's streaming UTF-8 decoder, written out here from the
//! Standard's algorithm; and a real pipe from a child process.

use crate::common::cases::{mostly_utf8, utf8_cases, TEXT};
use proptest::prelude::*;
use rapidutf::io::{
    BomHandling, DecodeError, DecodeErrorKind, DecodeReader, EncodeWriter, Encoding, Utf8Reader,
};
use rapidutf::{
    ErrorStrategy, Latin1Error, Utf16ErrorKind, Utf32ErrorKind, Utf8Error, Utf8ErrorKind,
};
use std::collections::VecDeque;
use std::io::{self, BufRead, Read, Write};

// ------------------------------------------------------------ the source

/// A reader that returns the given chunks one by one (a read into a
/// smaller buffer takes the start of the chunk). An empty chunk is an
/// `Interrupted` error: a `Read` cannot return an empty chunk without
/// meaning the end, and an interrupted read is the real case of a read
/// that brings nothing.
struct Chunks(VecDeque<Vec<u8>>);

impl Chunks {
    fn new(input: &[u8], points: &[usize]) -> Self {
        Chunks(split(input, points).into_iter().map(<[u8]>::to_vec).collect())
    }
}

impl Read for Chunks {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Some(front) = self.0.front_mut() else { return Ok(0) };
        if front.is_empty() {
            self.0.pop_front();
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = front.len().min(buf.len());
        buf[..n].copy_from_slice(&front[..n]);
        front.drain(..n);
        if front.is_empty() {
            self.0.pop_front();
        }
        Ok(n)
    }
}

/// `input` cut at `points` (sorted; a repeated point makes an empty
/// chunk).
fn split<'a>(input: &'a [u8], points: &[usize]) -> Vec<&'a [u8]> {
    let mut chunks = Vec::new();
    let mut start = 0;
    for &p in points {
        let p = p.clamp(start, input.len());
        chunks.push(&input[start..p]);
        start = p;
    }
    chunks.push(&input[start..]);
    chunks
}

/// Sorted split points into an input of `len` bytes, from proptest's
/// raw values.
fn points(len: usize, raw: &[usize]) -> Vec<usize> {
    let mut p: Vec<usize> = raw.iter().map(|&x| x % (len + 1)).collect();
    p.sort_unstable();
    p
}

// ------------------------------------------------------------ oracles

/// The strict oracle: the valid prefix, and the whole-input error.
fn strict_oracle(input: &[u8]) -> (String, Option<Utf8Error>) {
    match rapidutf::validate_utf8(input) {
        Ok(s) => {
            assert_eq!(core::str::from_utf8(input), Ok(s));
            (s.to_owned(), None)
        }
        Err(e) => {
            let core = core::str::from_utf8(input).unwrap_err();
            assert_eq!((e.valid_up_to(), e.error_len()), (core.valid_up_to(), core.error_len()));
            (String::from_utf8(input[..e.valid_up_to()].to_vec()).unwrap(), Some(e))
        }
    }
}

/// The lossy oracle of each strategy: std's `from_utf8_lossy` for
/// `Replace`, the whole-buffer function otherwise.
fn lossy_oracle(input: &[u8], strategy: ErrorStrategy) -> String {
    let whole = rapidutf::utf8_to_string_lossy_with(input, strategy).into_owned();
    if strategy == ErrorStrategy::Replace {
        assert_eq!(whole, String::from_utf8_lossy(input));
        assert_eq!(whole, whatwg_utf8_decode(&[input]));
    }
    whole
}

/// The UTF-8 decoder of the WHATWG Encoding Standard (section 9.1.1),
/// step by step, fed one chunk at a time with its state kept between
/// chunks as `TextDecoder.decode(chunk, {stream: true})` keeps it; the end
/// of the queue is processed after the last chunk. "Prepend byte to
/// stream" is processing the byte again.
fn whatwg_utf8_decode(chunks: &[&[u8]]) -> String {
    let mut out = String::new();
    let (mut cp, mut seen, mut needed) = (0u32, 0, 0);
    let (mut lower, mut upper) = (0x80u8, 0xBFu8);
    for &chunk in chunks {
        for &byte in chunk {
            loop {
                if needed == 0 {
                    match byte {
                        0x00..=0x7F => out.push(char::from(byte)),
                        0xC2..=0xDF => (needed, cp) = (1, u32::from(byte & 0x1F)),
                        0xE0..=0xEF => {
                            if byte == 0xE0 {
                                lower = 0xA0;
                            }
                            if byte == 0xED {
                                upper = 0x9F;
                            }
                            (needed, cp) = (2, u32::from(byte & 0xF));
                        }
                        0xF0..=0xF4 => {
                            if byte == 0xF0 {
                                lower = 0x90;
                            }
                            if byte == 0xF4 {
                                upper = 0x8F;
                            }
                            (needed, cp) = (3, u32::from(byte & 0x7));
                        }
                        _ => out.push('\u{FFFD}'),
                    }
                    break;
                }
                if !(lower..=upper).contains(&byte) {
                    (cp, needed, seen, lower, upper) = (0, 0, 0, 0x80, 0xBF);
                    out.push('\u{FFFD}');
                    continue; // the byte is prepended to the stream
                }
                (lower, upper) = (0x80, 0xBF);
                cp = (cp << 6) | u32::from(byte & 0x3F);
                seen += 1;
                if seen == needed {
                    out.push(char::from_u32(cp).unwrap());
                    (cp, needed, seen) = (0, 0, 0);
                }
                break;
            }
        }
    }
    if needed != 0 {
        out.push('\u{FFFD}');
    }
    out
}

/// std's `BufRead::lines` over the whole text.
fn std_lines(text: &str) -> Vec<String> {
    text.as_bytes().lines().collect::<io::Result<_>>().unwrap()
}

fn utf8_of(e: &io::Error) -> Utf8Error {
    assert_eq!(e.kind(), io::ErrorKind::InvalidData, "{e}");
    *e.get_ref()
        .and_then(|e| e.downcast_ref::<Utf8Error>())
        .unwrap_or_else(|| panic!("not a Utf8Error: {e:?}"))
}

// ------------------------------------------------------------ the checks

/// How a test reads the reader.
#[derive(Clone, Copy, Debug)]
enum Api {
    /// `read` with a buffer of this many bytes.
    Read(usize),
    ReadToString,
    Lines,
    /// `fill_buf`, consuming this many bytes at a time (at most what is
    /// there).
    FillBuf(usize),
}

const APIS: [Api; 7] = [
    Api::Read(1),
    Api::Read(5),
    Api::Read(1 << 16),
    Api::ReadToString,
    Api::Lines,
    Api::FillBuf(3),
    Api::FillBuf(usize::MAX),
];

/// Reads all of `r` with `api`: the text, and the error that ended it.
fn drain(mut r: impl BufRead, api: Api) -> (String, Option<io::Error>) {
    let mut bytes = Vec::new();
    let err = match api {
        Api::Read(n) => {
            let mut buf = vec![0u8; n];
            loop {
                match r.read(&mut buf) {
                    Ok(0) => break None,
                    Ok(k) => bytes.extend_from_slice(&buf[..k]),
                    Err(e) => break Some(e),
                }
            }
        }
        Api::ReadToString => {
            let mut s = String::from("kept");
            let e = r.read_to_string(&mut s).err();
            if e.is_some() {
                assert_eq!(s, "kept", "read_to_string appended despite invalid data");
            }
            bytes = s.into_bytes()[4..].to_vec();
            e
        }
        Api::Lines => {
            let mut e = None;
            for line in r.lines() {
                match line {
                    Ok(l) => {
                        bytes.extend_from_slice(l.as_bytes());
                        bytes.push(b'\n');
                    }
                    Err(x) => {
                        e = Some(x);
                        break;
                    }
                }
            }
            e
        }
        Api::FillBuf(n) => loop {
            match r.fill_buf() {
                Ok([]) => break None,
                Ok(b) => {
                    let k = b.len().min(n);
                    bytes.extend_from_slice(&b[..k]);
                    r.consume(k);
                }
                Err(e) => break Some(e),
            }
        },
    };
    (String::from_utf8(bytes).expect("the reader passed invalid UTF-8"), err)
}

/// What `api` must return for a stream whose decoded text is `text`
/// (ending in `error`, if any).
fn expected(api: Api, text: &str, error: bool) -> String {
    match api {
        Api::Lines => {
            // Complete lines before an error; all of them at the end.
            let upto = if error { text.rfind('\n').map_or(0, |i| i + 1) } else { text.len() };
            std_lines(&text[..upto]).into_iter().map(|l| l + "\n").collect()
        }
        Api::ReadToString if error => String::new(),
        _ => text.to_owned(),
    }
}

/// The oracles of one input: the strict text and error, and the lossy
/// text of each strategy.
struct Utf8Want {
    text: String,
    error: Option<Utf8Error>,
    lossy: Vec<(ErrorStrategy, String)>,
}

impl Utf8Want {
    fn of(input: &[u8]) -> Self {
        let (text, error) = strict_oracle(input);
        let lossy = ErrorStrategy::ALL.iter().map(|&s| (s, lossy_oracle(input, s))).collect();
        Utf8Want { text, error, lossy }
    }
}

/// Reads `input`, cut at `points`, with each of `apis`, strictly and with
/// each strategy whose index `pick` accepts.
fn check_utf8_reader(
    input: &[u8],
    want: &Utf8Want,
    points: &[usize],
    apis: &[Api],
    pick: impl Fn(usize) -> bool,
) {
    for &api in apis {
        let r = Utf8Reader::with_capacity(16, Chunks::new(input, points));
        let (got, e) = drain(r, api);
        assert_eq!(
            got,
            expected(api, &want.text, want.error.is_some()),
            "{api:?} strict {input:02X?} at {points:?}"
        );
        assert_eq!(
            e.as_ref().map(utf8_of),
            want.error,
            "{api:?} strict {input:02X?} at {points:?}"
        );
        for (i, (strategy, text)) in want.lossy.iter().enumerate() {
            if !pick(i) {
                continue;
            }
            let r = Utf8Reader::lossy_with_capacity(16, Chunks::new(input, points), *strategy);
            let (got, e) = drain(r, api);
            assert!(e.is_none(), "{e:?}");
            assert_eq!(
                got,
                expected(api, text, false),
                "{api:?} {strategy} {input:02X?} at {points:?}"
            );
        }
    }
}

/// Every split point of every case, each read with one API and one
/// strategy in turn (all of them over the split points), and again with
/// an empty read at the split point.
#[test]
fn utf8_reader_every_split_point() {
    for input in utf8_cases() {
        let want = Utf8Want::of(&input);
        for p in 0..=input.len() {
            let api = [APIS[p % APIS.len()]];
            check_utf8_reader(&input, &want, &[p], &api, |i| i == p % 4);
            let api = [APIS[(p + 3) % APIS.len()]];
            check_utf8_reader(&input, &want, &[p, p], &api, |i| i == (p + 1) % 4);
        }
    }
}

#[test]
fn utf8_reader_every_pair_of_split_points_in_short_inputs() {
    let mut inputs: Vec<Vec<u8>> = crate::common::cases::BAD.iter().map(|b| b.to_vec()).collect();
    inputs.extend([
        "a€😀\n".as_bytes().to_vec(),
        b"\xF0\x9F\x98\xE2\x82\xC3\n\xA9".to_vec(),
        "é\r\nü".as_bytes().to_vec(),
    ]);
    for input in inputs {
        let want = Utf8Want::of(&input);
        for p in 0..=input.len() {
            for q in p..=input.len() {
                check_utf8_reader(&input, &want, &[p, q], &APIS, |_| true);
            }
        }
    }
}

#[test]
fn utf8_reader_capacity_and_in_place_reads() {
    // Reads into a buffer as large as the capacity validate in place;
    // smaller ones go through the text buffer. Mixed, they agree.
    let input = TEXT.repeat(40);
    let mut r =
        Utf8Reader::with_capacity(64, Chunks::new(input.as_bytes(), &[1, 2, 100, 1000, 1001]));
    let mut out = Vec::new();
    let mut buf = [0u8; 200];
    let mut i = 0;
    loop {
        let n = if i % 3 == 0 { r.read(&mut buf[..7]) } else { r.read(&mut buf) }.unwrap();
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
        i += 1;
    }
    assert_eq!(out, input.as_bytes());
}

#[test]
fn utf8_reader_errors_are_sticky_and_after_the_valid_text() {
    let mut r = Utf8Reader::new(&b"abc\xFFdef"[..]);
    let mut buf = [0u8; 2];
    assert_eq!(r.read(&mut buf).unwrap(), 2);
    assert_eq!(r.read(&mut buf).unwrap(), 1);
    for _ in 0..2 {
        let e = utf8_of(&r.read(&mut buf).unwrap_err());
        assert_eq!(
            (e.valid_up_to(), e.error_len(), e.kind()),
            (3, Some(1), Utf8ErrorKind::InvalidByte)
        );
    }
    // In place (a buffer as large as the capacity): the same.
    let mut r = Utf8Reader::with_capacity(8, Chunks::new(b"ab\xE2\x82\xACcd\xED\xA0\x80", &[3, 5]));
    let mut buf = [0u8; 8];
    let mut got = Vec::new();
    let e = loop {
        match r.read(&mut buf) {
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) => break utf8_of(&e),
        }
    };
    assert_eq!(got, "ab€cd".as_bytes());
    assert_eq!((e.valid_up_to(), e.kind()), (7, Utf8ErrorKind::Surrogate));
}

/// Lines whose newlines sit at every offset of the 32-byte blocks the
/// newline search steps by, among bytes that differ from `\n` in one bit
/// (`\x0B`, `\x0E`, `\x02`, `\x8A`): `lines()` agrees with std's.
#[test]
fn newlines_at_every_offset() {
    for len in 0..100 {
        for pos in 0..len {
            for filler in [b'\x0B', b'\x0E', b'\x02', b'x'] {
                let mut v = vec![filler; len];
                v[pos] = b'\n';
                if pos + 1 < len {
                    v[pos + 1] = b'\x0B';
                }
                let text = String::from_utf8(v).unwrap();
                let got: Vec<String> =
                    Utf8Reader::new(text.as_bytes()).lines().map(Result::unwrap).collect();
                assert_eq!(got, std_lines(&text), "{len} {pos} {filler}");
            }
        }
    }
}

#[test]
fn read_line_after_a_partial_character_is_invalid_data() {
    let mut r = Utf8Reader::new("é\n".as_bytes());
    let mut one = [0u8; 1];
    r.read_exact(&mut one).unwrap();
    let mut s = String::new();
    assert_eq!(r.read_line(&mut s).unwrap_err().kind(), io::ErrorKind::InvalidData);
}

/// The Encoding Standard's UTF-8 decoder cases, each streamed byte by
/// byte and in two halves as well as whole.
#[test]
fn whatwg_streaming_cases() {
    let cases: &[(&[u8], &str)] = &[
        (b"\xF0\x9F\x92\xA9", "💩"),
        (b"\xF0\x9F", "\u{FFFD}"),
        (b"\xF0\x9FA", "\u{FFFD}A"),
        (b"\xF0\x9F\x92", "\u{FFFD}"),
        (b"\xE0\x80", "\u{FFFD}\u{FFFD}"), // E0 needs A0..BF next
        (b"\xE0\xA0\x80", "\u{800}"),
        (b"\xED\xA0\x80", "\u{FFFD}\u{FFFD}\u{FFFD}"), // ED needs 80..9F
        (b"\xED\x9F\xBF", "\u{D7FF}"),
        (b"\xF0\x80\x80\x80", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"), // F0 needs 90..BF
        (b"\xF4\x90\x80\x80", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"), // F4 needs 80..8F
        (b"\xF4\x8F\xBF\xBF", "\u{10FFFF}"),
        (b"\xC0\x80", "\u{FFFD}\u{FFFD}"),
        (b"\xC1\xBF", "\u{FFFD}\u{FFFD}"),
        (b"\xF5\x80", "\u{FFFD}\u{FFFD}"),
        (b"\xF8\x88\x80\x80\x80", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        (b"\x80\xBF", "\u{FFFD}\u{FFFD}"),
        (b"\xE2\x82A", "\u{FFFD}A"),
        (b"\xE2\x82\xAC", "€"),
        (b"\xE1\xA0\xC0", "\u{FFFD}\u{FFFD}"),
        (b"\xEF\xBB\xBFa", "\u{FEFF}a"), // no BOM removal in a UTF-8 reader
        (b"a\xFF", "a\u{FFFD}"),
        (b"\xC2", "\u{FFFD}"),
        (b"\xC2\xC2\xA9", "\u{FFFD}©"),
    ];
    for &(input, want) in cases {
        assert_eq!(whatwg_utf8_decode(&[input]), want, "the reference on {input:02X?}");
        let bytes: Vec<&[u8]> = input.chunks(1).collect();
        assert_eq!(whatwg_utf8_decode(&bytes), want, "the reference byte by byte on {input:02X?}");
        let mut points: Vec<usize> = (0..=input.len()).collect();
        points.push(input.len() / 2);
        points.sort_unstable();
        for pts in [vec![], points.clone(), vec![input.len() / 2]] {
            let mut s = String::new();
            Utf8Reader::lossy(Chunks::new(input, &pts), ErrorStrategy::Replace)
                .read_to_string(&mut s)
                .unwrap();
            assert_eq!(s, want, "{input:02X?} at {pts:?}");
        }
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(96))]

    #[test]
    fn utf8_reader_random_chunkings(input in mostly_utf8(), raw in prop::collection::vec(any::<usize>(), 0..12)) {
        let pts = points(input.len(), &raw);
        check_utf8_reader(&input, &Utf8Want::of(&input), &pts, &APIS, |_| true);
        // The WHATWG decoder, streamed over the same chunks, agrees.
        let chunks = split(&input, &pts);
        prop_assert_eq!(whatwg_utf8_decode(&chunks), String::from_utf8_lossy(&input));
    }

    #[test]
    fn utf16_and_utf32_readers_random_chunkings(
        units in rapidutf_testkit::gen::arb_utf16_input(),
        values in rapidutf_testkit::gen::arb_utf32_input(),
        raw in prop::collection::vec(any::<usize>(), 0..10),
        odd in any::<bool>(),
    ) {
        for enc in [Encoding::Utf16Le, Encoding::Utf16Be] {
            let mut bytes = utf16_bytes(&units, enc);
            if odd {
                bytes.push(0x41);
            }
            let pts = points(bytes.len(), &raw);
            check_utf16_reader(&units, odd, &bytes, &pts, enc);
        }
        for enc in [Encoding::Utf32Le, Encoding::Utf32Be] {
            let mut bytes = utf32_bytes(&values, enc);
            if odd {
                bytes.extend_from_slice(&[0, 0]);
            }
            let pts = points(bytes.len(), &raw);
            check_utf32_reader(&values, odd, &bytes, &pts, enc);
        }
    }

    #[test]
    fn legacy_readers_random_chunkings(bytes in prop::collection::vec(any::<u8>(), 0..300), raw in prop::collection::vec(any::<usize>(), 0..10)) {
        let table = rapidutf_testkit::legacy::windows1252_table();
        let pts = points(bytes.len(), &raw);
        let latin1: String = bytes.iter().map(|&b| char::from(b)).collect();
        let cp1252: String = bytes.iter().map(|&b| table[usize::from(b)]).collect();
        for (enc, want) in [(Encoding::Latin1, latin1), (Encoding::Windows1252, cp1252)] {
            for api in APIS {
                // Every byte is text here: with the default handling, a
                // random start that is a UTF-8 or UTF-16 mark would switch
                // the encoding, as WHATWG's decode does (tested with the
                // other marks in `decode_reader_byte_order_marks`).
                let r = DecodeReader::new(Chunks::new(&bytes, &pts), enc)
                    .with_bom_handling(BomHandling::Keep)
                    .with_buffer_capacity(16);
                let (got, e) = drain(r, api);
                prop_assert!(e.is_none());
                prop_assert_eq!(got, expected(api, &want, false));
            }
        }
    }

    #[test]
    fn encode_writer_random_chunkings(text in rapidutf_testkit::gen::arb_text(200), bad in any::<bool>(), raw in prop::collection::vec(any::<usize>(), 0..10)) {
        let mut input = text.into_bytes();
        if bad {
            let at = input.len() / 2;
            input.insert(at, 0xFF);
        }
        let pts = points(input.len(), &raw);
        for &enc in Encoding::ALL {
            for bom in [false, true] {
                check_encode_writer(&input, &pts, enc, bom);
            }
        }
    }
}

// ------------------------------------------------------------ DecodeReader

fn utf16_bytes(units: &[u16], enc: Encoding) -> Vec<u8> {
    let le = enc == Encoding::Utf16Le;
    units.iter().flat_map(|&u| if le { u.to_le_bytes() } else { u.to_be_bytes() }).collect()
}

fn utf32_bytes(values: &[u32], enc: Encoding) -> Vec<u8> {
    let le = enc == Encoding::Utf32Le;
    values.iter().flat_map(|&v| if le { v.to_le_bytes() } else { v.to_be_bytes() }).collect()
}

fn decode_error(e: &io::Error) -> DecodeError {
    assert_eq!(e.kind(), io::ErrorKind::InvalidData, "{e}");
    *e.get_ref()
        .and_then(|e| e.downcast_ref::<DecodeError>())
        .unwrap_or_else(|| panic!("not a DecodeError: {e:?}"))
}

/// The reader's text and error for `bytes`, with BOM handling `Keep`
/// (the data may start with anything), through every API.
fn check_decode_reader(
    bytes: &[u8],
    pts: &[usize],
    enc: Encoding,
    text: &str,
    error: Option<(u64, DecodeErrorKind)>,
    lossy: &str,
) {
    for api in APIS {
        let r = DecodeReader::new(Chunks::new(bytes, pts), enc)
            .with_bom_handling(BomHandling::Keep)
            .with_buffer_capacity(16);
        let (got, e) = drain(r, api);
        assert_eq!(
            got,
            expected(api, text, error.is_some()),
            "{api:?} {enc} {bytes:02X?} at {pts:?}"
        );
        let e = e.as_ref().map(decode_error);
        assert_eq!(
            e.map(|e| (e.position(), e.kind())),
            error,
            "{api:?} {enc} {bytes:02X?} at {pts:?}"
        );
        let r = DecodeReader::lossy(Chunks::new(bytes, pts), enc)
            .with_bom_handling(BomHandling::Keep)
            .with_buffer_capacity(16);
        let (got, e) = drain(r, api);
        assert!(e.is_none());
        assert_eq!(got, expected(api, lossy, false), "{api:?} lossy {enc} {bytes:02X?} at {pts:?}");
    }
}

fn check_utf16_reader(units: &[u16], odd: bool, bytes: &[u8], pts: &[usize], enc: Encoding) {
    let mut text = String::new();
    let mut error = None;
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => text.push(c),
            Err(e) => {
                let kind = if (0xD800..0xDC00).contains(&e.unpaired_surrogate()) {
                    Utf16ErrorKind::UnpairedHigh
                } else {
                    Utf16ErrorKind::UnpairedLow
                };
                error = Some((
                    2 * unit_index_of_first_error(units) as u64,
                    DecodeErrorKind::Utf16(kind),
                ));
                break;
            }
        }
    }
    if error.is_none() && odd {
        error = Some((2 * units.len() as u64, DecodeErrorKind::IncompleteUnit));
    }
    let mut lossy = String::from_utf16_lossy(units);
    if odd {
        // One U+FFFD for the odd byte and a high surrogate before it.
        if units.last().is_some_and(|u| (0xD800..0xDC00).contains(u)) {
            lossy.pop();
        }
        lossy.push('\u{FFFD}');
    }
    check_decode_reader(bytes, pts, enc, &text, error, &lossy);
}

/// The index of the first unpaired surrogate.
fn unit_index_of_first_error(units: &[u16]) -> usize {
    let mut i = 0;
    while i < units.len() {
        match units[i] {
            0xD800..=0xDBFF if units.get(i + 1).is_some_and(|u| (0xDC00..0xE000).contains(u)) => {
                i += 2
            }
            0xD800..=0xDFFF => return i,
            _ => i += 1,
        }
    }
    unreachable!("no unpaired surrogate")
}

fn check_utf32_reader(values: &[u32], odd: bool, bytes: &[u8], pts: &[usize], enc: Encoding) {
    let mut text = String::new();
    let mut error = None;
    for (i, &v) in values.iter().enumerate() {
        match char::from_u32(v) {
            Some(c) => text.push(c),
            None => {
                let kind =
                    if v > 0x10FFFF { Utf32ErrorKind::TooLarge } else { Utf32ErrorKind::Surrogate };
                error = Some((4 * i as u64, DecodeErrorKind::Utf32(kind)));
                break;
            }
        }
    }
    if error.is_none() && odd {
        error = Some((4 * values.len() as u64, DecodeErrorKind::IncompleteUnit));
    }
    let mut lossy: String =
        values.iter().map(|&v| char::from_u32(v).unwrap_or('\u{FFFD}')).collect();
    if odd {
        lossy.push('\u{FFFD}');
    }
    check_decode_reader(bytes, pts, enc, &text, error, &lossy);
}

#[test]
fn decode_reader_every_split_point() {
    let units: Vec<u16> = TEXT.encode_utf16().chain([0xD800, 0x41, 0xDC00]).collect();
    for enc in [Encoding::Utf16Le, Encoding::Utf16Be] {
        for odd in [false, true] {
            let mut bytes = utf16_bytes(&units, enc);
            if odd {
                bytes.push(0);
            }
            for p in 0..=bytes.len() {
                check_utf16_reader(&units, odd, &bytes, &[p], enc);
            }
        }
    }
    let values: Vec<u32> = TEXT.chars().map(u32::from).chain([0x110000, 0xDFFF, 0x41]).collect();
    for enc in [Encoding::Utf32Le, Encoding::Utf32Be] {
        let bytes = utf32_bytes(&values, enc);
        for p in 0..=bytes.len() {
            check_utf32_reader(&values, false, &bytes, &[p], enc);
        }
    }
}

#[test]
fn decode_reader_byte_order_marks() {
    // (declared, handling, input, text read, encoding in use)
    use BomHandling::{Keep, Sniff, Strip};
    use Encoding::*;
    let cases: &[(Encoding, BomHandling, &[u8], &str, Encoding)] = &[
        (Utf8, Sniff, b"\xEF\xBB\xBFa", "a", Utf8),
        (Utf8, Sniff, b"\xFF\xFEa\x00", "a", Utf16Le),
        (Utf8, Sniff, b"\xFE\xFF\x00a", "a", Utf16Be),
        (Latin1, Sniff, b"\xEF\xBB\xBF\xC3\xA9", "é", Utf8),
        (Windows1252, Sniff, b"\x80", "€", Windows1252),
        (Latin1, Sniff, b"\xFE\xFF", "", Utf16Be),
        (Latin1, Keep, b"\xFE\xFF", "þÿ", Latin1),
        (Windows1252, Strip, b"\xFF\xFE\x80", "ÿþ€", Windows1252),
        (Utf16Be, Sniff, b"\xFF\xFEa\x00", "a", Utf16Le),
        // WHATWG knows no UTF-32 mark: FF FE 00 00 is UTF-16LE and U+0000.
        (Utf8, Sniff, b"\xFF\xFE\x00\x00", "\0", Utf16Le),
        // Declared UTF-32, its own mark is found first.
        (Utf32Le, Sniff, b"\xFF\xFE\x00\x00a\x00\x00\x00", "a", Utf32Le),
        (Utf32Be, Sniff, b"\x00\x00\xFE\xFF\x00\x00\x00a", "a", Utf32Be),
        (Utf32Le, Sniff, b"\xFF\xFEa\x00", "a", Utf16Le),
        (Utf8, Strip, b"\xEF\xBB\xBFa", "a", Utf8),
        (Utf8, Strip, b"\xFF\xFEa", "\u{FFFD}\u{FFFD}a", Utf8),
        (Utf16Le, Strip, b"\xFF\xFEa\x00", "a", Utf16Le),
        (Utf16Le, Strip, b"\xEF\xBB\xBF\x00", "\u{BBEF}\u{BF}", Utf16Le),
        (Utf8, Keep, b"\xEF\xBB\xBFa", "\u{FEFF}a", Utf8),
        (Utf16Le, Keep, b"\xFF\xFEa\x00", "\u{FEFF}a", Utf16Le),
        // Too short for a mark.
        (Utf8, Sniff, b"\xEF\xBB", "\u{FFFD}", Utf8),
        (Utf8, Sniff, b"\xFF", "\u{FFFD}", Utf8),
        (Utf8, Sniff, b"", "", Utf8),
    ];
    for &(declared, handling, input, want, used) in cases {
        for p in 0..=input.len() {
            for q in p..=input.len() {
                let mut r = DecodeReader::lossy(Chunks::new(input, &[p, q]), declared)
                    .with_bom_handling(handling);
                let mut s = String::new();
                r.read_to_string(&mut s).unwrap();
                assert_eq!(
                    (s.as_str(), r.encoding()),
                    (want, used),
                    "{declared} {handling:?} {input:02X?} at {p}, {q}"
                );
            }
        }
    }
    // Strict errors count the mark's bytes.
    let e = DecodeReader::new(&b"\xFF\xFEa\x00\x00\xDC"[..], Encoding::Utf8)
        .read_to_string(&mut String::new())
        .unwrap_err();
    assert_eq!(decode_error(&e).position(), 4);
    let e = DecodeReader::new(&b"\xEF\xBB\xBFab\xC0"[..], Encoding::Utf8)
        .read_to_string(&mut String::new())
        .unwrap_err();
    let e = decode_error(&e);
    assert_eq!((e.position(), e.kind()), (5, DecodeErrorKind::Utf8(Utf8ErrorKind::InvalidByte)));
}

// ------------------------------------------------------------ EncodeWriter

/// The oracle: the encoding of `text`, or the byte offset and character
/// of the first character the encoding cannot represent.
fn encode_oracle(text: &str, enc: Encoding) -> (Vec<u8>, Option<(usize, char)>) {
    let table = rapidutf_testkit::legacy::windows1252_table();
    let mut out = Vec::new();
    for (i, c) in text.char_indices() {
        match enc {
            Encoding::Utf8 => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            Encoding::Utf16Le | Encoding::Utf16Be => {
                for u in c.encode_utf16(&mut [0; 2]) {
                    out.extend(if enc == Encoding::Utf16Le {
                        u.to_le_bytes()
                    } else {
                        u.to_be_bytes()
                    });
                }
            }
            Encoding::Utf32Le => out.extend(u32::from(c).to_le_bytes()),
            Encoding::Utf32Be => out.extend(u32::from(c).to_be_bytes()),
            Encoding::Latin1 => match u8::try_from(u32::from(c)) {
                Ok(b) => out.push(b),
                Err(_) => return (out, Some((i, c))),
            },
            Encoding::Windows1252 => match rapidutf_testkit::legacy::windows1252_byte(&table, c) {
                Some(b) => out.push(b),
                None => return (out, Some((i, c))),
            },
            _ => unreachable!(),
        }
    }
    (out, None)
}

fn check_encode_writer(input: &[u8], pts: &[usize], enc: Encoding, bom: bool) {
    let (text, utf8_error) = strict_oracle(input);
    let (mut want, unrepresentable) = encode_oracle(&text, enc);
    if bom {
        want.splice(0..0, enc.bom().unwrap_or_default().iter().copied());
    }
    let w = EncodeWriter::new(Vec::new(), enc);
    let mut w = if bom { w.with_bom() } else { w };
    let mut failed = None;
    for chunk in split(input, pts) {
        if let Err(e) = w.write_all(chunk) {
            failed = Some(e);
            break;
        }
    }
    let (out, err) = match failed {
        Some(e) => (w.get_ref().clone(), Some(e)),
        None => {
            // Also shown when nothing was written: the BOM, then nothing.
            match w.finish() {
                Ok(out) => (out, None),
                Err(e) => (Vec::new(), Some(e)),
            }
        }
    };
    match (unrepresentable, utf8_error) {
        (Some((at, c)), _) => {
            let e = err.expect("an unrepresentable character was written");
            let e = e.get_ref().and_then(|e| e.downcast_ref::<Latin1Error<Utf8Error>>()).unwrap();
            assert_eq!(
                (e.valid_up_to(), e.unrepresentable()),
                (at, Some(c)),
                "{enc} {input:02X?} at {pts:?}"
            );
            assert_eq!(out, want, "{enc} {input:02X?} at {pts:?}");
        }
        (None, Some(u)) => {
            let e = err.expect("invalid UTF-8 was written");
            assert_eq!(utf8_of(&e), u, "{enc} {input:02X?} at {pts:?}");
            if u.kind() != Utf8ErrorKind::Truncated {
                assert_eq!(out, want, "{enc} {input:02X?} at {pts:?}");
            }
        }
        (None, None) => {
            assert!(err.is_none(), "{err:?}");
            assert_eq!(out, want, "{enc} {input:02X?} at {pts:?}");
        }
    }
}

#[test]
fn encode_writer_every_split_point() {
    let texts = [
        TEXT.as_bytes().to_vec(),
        "café €5 “x” Ω".as_bytes().to_vec(),
        b"ab\xE2\x82\xACc\xF0\x9F".to_vec(),
        b"a\xC3\xA9\xFFz".to_vec(),
    ];
    for input in texts {
        for p in 0..=input.len() {
            for &enc in Encoding::ALL {
                check_encode_writer(&input, &[p], enc, p % 2 == 0);
            }
        }
    }
}

// ------------------------------------------------------------ a real pipe

/// A child process (`sh`, `printf` with octal escapes) writes the text in
/// pieces of random sizes that cut characters, pausing between them so
/// that they reach the pipe as separate writes; the reader on the pipe
/// returns the text exactly, and the lossy reader the lossy text of
/// invalid bytes written the same way.
#[cfg(unix)]
#[test]
fn pipe_from_a_child_process() {
    use std::process::{Command, Stdio};
    let text = format!("{}\n{}", TEXT.repeat(3), "Ünïcödé 😀\n".repeat(20));
    let mut bad = text.clone().into_bytes();
    bad.insert(100, 0xFF);
    bad.insert(301, 0xE2);
    let sizes = [1usize, 2, 3, 5, 7, 11, 13, 17, 64, 1];
    for (i, input) in [text.as_bytes(), &bad[..]].into_iter().enumerate() {
        let mut script = String::new();
        let (mut at, mut k) = (0, i);
        while at < input.len() {
            let n = sizes[k % sizes.len()].min(input.len() - at);
            let piece: String = input[at..at + n].iter().map(|b| format!("\\{b:03o}")).collect();
            script.push_str(&format!("printf '{piece}'; sleep 0.002\n"));
            at += n;
            k += 1;
        }
        let mut child =
            Command::new("sh").arg("-c").arg(&script).stdout(Stdio::piped()).spawn().expect("sh");
        let stdout = child.stdout.take().unwrap();
        let mut got = String::new();
        if i == 0 {
            let lines: Vec<String> =
                Utf8Reader::new(stdout).lines().collect::<io::Result<_>>().unwrap();
            assert_eq!(lines, std_lines(&text));
        } else {
            let mut r = Utf8Reader::lossy(stdout, ErrorStrategy::Replace);
            r.read_to_string(&mut got).unwrap();
            assert_eq!(got, String::from_utf8_lossy(&bad));
            let subparts = bad.utf8_chunks().filter(|c| !c.invalid().is_empty()).count();
            assert_eq!(r.substitutions(), subparts as u64);
        }
        assert!(child.wait().unwrap().success());
    }
}

// ------------------------------------------------------------- kernels

/// The adapters use the dispatched (active) kernel: re-run this module
/// once per other available kernel, chosen with `RAPIDUTF_KERNEL` in a
/// child.
#[test]
fn under_every_available_kernel() {
    crate::common::rerun_under_every_kernel_skipping(
        "io::",
        &["io::under_every_available_kernel", "io::pipe_from_a_child_process"],
    );
}
