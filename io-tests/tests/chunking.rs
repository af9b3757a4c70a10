//! The tokio codecs and the `Bytes`-stream adapter: for every way of
//! cutting the input into chunks (every split point, pairs of them in
//! short inputs, empty chunks, random chunkings), the concatenated text
//! and every error are those of the whole input: `from_utf8`,
//! `from_utf8_lossy` and each `ErrorStrategy`; lines are those of
//! tokio-util's own `LinesCodec` on the decoded text. Run under every
//! kernel.

use bytes::{Bytes, BytesMut};
use core::pin::Pin;
use core::task::{Context, Poll};
use futures_util::Stream;
use proptest::prelude::*;
use rapidutf::io::{CodecError, Utf8Bytes, Utf8Codec, Utf8LinesCodec, Utf8Stream, Utf8StreamError};
use rapidutf::{ErrorStrategy, Utf8Error};
use tokio_util::codec::{Decoder, LinesCodec};

/// Inputs with characters of every length cut by the split points, and
/// each kind of invalid sequence.
fn cases() -> Vec<Vec<u8>> {
    let text = "a€😀é\r\n中\nz\u{10FFFF}\n".as_bytes();
    let bad: &[&[u8]] = &[
        b"\xC0",
        b"\xFF",
        b"\x80",
        b"\xE0\x80\x80",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xE2\x82A",
        b"\xF0\x9F\x98\n",
        b"\xE1\xA0\xC0",
    ];
    let mut v = vec![text.to_vec(), Vec::new(), b"\r".to_vec(), b"x\r".to_vec()];
    for b in bad {
        v.push([&text[..4], b, &text[4..]].concat());
        v.push([text, b].concat());
    }
    v.push([text, b"\xF0\x9F\x98"].concat());
    v
}

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

fn strict_oracle(input: &[u8]) -> (String, Option<Utf8Error>) {
    match rapidutf::validate_utf8(input) {
        Ok(s) => (s.to_owned(), None),
        Err(e) => {
            assert_eq!(
                Some(e.valid_up_to()),
                core::str::from_utf8(input).err().map(|c| c.valid_up_to())
            );
            (String::from_utf8(input[..e.valid_up_to()].to_vec()).unwrap(), Some(e))
        }
    }
}

fn lossy_oracle(input: &[u8], s: ErrorStrategy) -> String {
    let whole = rapidutf::utf8_to_string_lossy_with(input, s).into_owned();
    if s == ErrorStrategy::Replace {
        assert_eq!(whole, String::from_utf8_lossy(input));
    }
    whole
}

/// Feeds `chunks` to `codec` as a framed reader would (each chunk
/// appended to the buffer, then `decode` until `None`; `decode_eof` at
/// the end); the frames and the error that ended them.
fn run_codec<D: Decoder<Item = Utf8Bytes, Error = CodecError>>(
    codec: &mut D,
    chunks: &[&[u8]],
) -> (Vec<Utf8Bytes>, Option<CodecError>) {
    let mut buf = BytesMut::new();
    let mut frames = Vec::new();
    for c in chunks {
        buf.extend_from_slice(c);
        loop {
            match codec.decode(&mut buf) {
                Ok(Some(f)) => frames.push(f),
                Ok(None) => break,
                Err(e) => return (frames, Some(e)),
            }
        }
    }
    loop {
        match codec.decode_eof(&mut buf) {
            Ok(Some(f)) => frames.push(f),
            Ok(None) => return (frames, None),
            Err(e) => return (frames, Some(e)),
        }
    }
}

/// Feeds `chunks` to `codec` one at a time (decoding after each, and at
/// the end with `decode_eof`), handing `each` every item and error, and
/// going on after an error as a `Framed` user does.
fn decode_all<C: Decoder>(
    codec: &mut C,
    chunks: &[&[u8]],
    mut each: impl FnMut(Result<C::Item, C::Error>),
) {
    let mut buf = BytesMut::new();
    let mut feed = |buf: &mut BytesMut, eof: bool| loop {
        match if eof { codec.decode_eof(buf) } else { codec.decode(buf) } {
            Ok(Some(item)) => each(Ok(item)),
            Ok(None) => break,
            Err(e) => each(Err(e)),
        }
    };
    for c in chunks {
        buf.extend_from_slice(c);
        feed(&mut buf, false);
    }
    feed(&mut buf, true);
}

/// tokio-util's `LinesCodec` on valid text: the framing oracle.
fn lines_oracle(max: usize, chunks: &[&[u8]]) -> Vec<Result<String, ()>> {
    let mut out = Vec::new();
    decode_all(&mut LinesCodec::new_with_max_length(max), chunks, |r| out.push(r.map_err(drop)));
    out
}

fn check_text_codec(input: &[u8], chunks: &[&[u8]]) {
    let (text, error) = strict_oracle(input);
    let (frames, e) = run_codec(&mut Utf8Codec::new(), chunks);
    assert!(frames.iter().all(|f| !f.is_empty()), "an empty frame");
    assert_eq!(frames.concat(), text, "{input:02X?} as {chunks:02X?}");
    match (e, error) {
        (None, None) => {}
        (Some(CodecError::InvalidUtf8(got)), Some(want)) => {
            assert_eq!(got, want, "{input:02X?} as {chunks:02X?}")
        }
        (got, want) => panic!("{got:?} for {want:?} on {input:02X?} as {chunks:02X?}"),
    }
    for &s in ErrorStrategy::ALL {
        let (frames, e) = run_codec(&mut Utf8Codec::lossy(s), chunks);
        assert!(e.is_none());
        assert_eq!(frames.concat(), lossy_oracle(input, s), "{s} {input:02X?} as {chunks:02X?}");
    }
}

fn check_lines_codec(input: &[u8], chunks: &[&[u8]], max: usize) {
    let (text, error) = strict_oracle(input);
    let got = run_codec(&mut Utf8LinesCodec::new_with_max_length(max), chunks);
    match error {
        None => {
            let want = lines_oracle(max, chunks);
            let mut frames: Vec<Result<String, ()>> =
                got.0.iter().map(|l| Ok(l.to_string())).collect();
            match got.1 {
                None => {}
                Some(CodecError::MaxLineLengthExceeded) => {
                    // A framed reader stops at an error: the oracle's first
                    // error ends the comparison.
                    frames.push(Err(()));
                }
                Some(e) => panic!("{e:?}"),
            }
            assert_eq!(
                frames[..],
                want[..frames.len().min(want.len())],
                "{input:02X?} as {chunks:02X?}, max {max}"
            );
            if got.1.is_none() {
                assert_eq!(frames, want, "{input:02X?} as {chunks:02X?}, max {max}");
            }
        }
        Some(e) if max == usize::MAX => {
            // The lines before the one with the error, then the error.
            let upto = text.rfind('\n').map_or(0, |i| i + 1);
            let want: Vec<String> = lines_oracle(max, &[&text.as_bytes()[..upto]])
                .into_iter()
                .map(Result::unwrap)
                .collect();
            let frames: Vec<String> = got.0.iter().map(|l| l.to_string()).collect();
            assert_eq!(frames, want, "{input:02X?} as {chunks:02X?}");
            match got.1 {
                Some(CodecError::InvalidUtf8(g)) => {
                    assert_eq!(g, e, "{input:02X?} as {chunks:02X?}")
                }
                other => panic!("{other:?} for {e:?}"),
            }
        }
        Some(_) => {}
    }
    if max == usize::MAX {
        for &s in ErrorStrategy::ALL {
            let lossy = lossy_oracle(input, s);
            let mut codec = Utf8LinesCodec::lossy(s);
            let (frames, e) = run_codec(&mut codec, chunks);
            assert!(e.is_none());
            let replaced = rapidutf::utf8_to_string_lossy_with_report(input, s).replaced;
            assert_eq!(codec.substitutions(), replaced as u64, "{s} {input:02X?} as {chunks:02X?}");
            let frames: Vec<Result<String, ()>> =
                frames.iter().map(|l| Ok(l.to_string())).collect();
            assert_eq!(
                frames,
                lines_oracle(max, &[lossy.as_bytes()]),
                "{s} {input:02X?} as {chunks:02X?}"
            );
        }
    }
}

/// A stream of the given chunks.
struct Chunks(std::collections::VecDeque<Bytes>);

impl Stream for Chunks {
    type Item = Result<Bytes, std::io::Error>;
    fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Poll::Ready(self.0.pop_front().map(Ok))
    }
}

fn run_stream(mut s: Utf8Stream<Chunks>) -> (Vec<Utf8Bytes>, Option<Utf8Error>) {
    let mut cx = Context::from_waker(std::task::Waker::noop());
    let mut items = Vec::new();
    loop {
        match Pin::new(&mut s).poll_next(&mut cx) {
            Poll::Ready(Some(Ok(t))) => items.push(t),
            Poll::Ready(Some(Err(Utf8StreamError::InvalidUtf8(e)))) => {
                assert!(
                    matches!(Pin::new(&mut s).poll_next(&mut cx), Poll::Ready(None)),
                    "the stream goes on after an error"
                );
                return (items, Some(e));
            }
            Poll::Ready(Some(Err(Utf8StreamError::Source(e)))) => panic!("{e}"),
            Poll::Ready(None) => return (items, None),
            Poll::Pending => unreachable!("the chunks are all there"),
        }
    }
}

fn check_stream(input: &[u8], chunks: &[&[u8]]) {
    let bytes: Vec<Bytes> = chunks.iter().map(|c| Bytes::copy_from_slice(c)).collect();
    let (text, error) = strict_oracle(input);
    let (items, e) = run_stream(Utf8Stream::new(Chunks(bytes.iter().cloned().collect())));
    assert!(items.iter().all(|t| !t.is_empty()), "an empty item");
    assert_eq!((items.concat(), e), (text, error), "{input:02X?} as {chunks:02X?}");
    // Zero-copy: an item that does not hold a character split between
    // chunks points into a chunk's own memory.
    if error.is_none() && chunks.iter().all(|c| core::str::from_utf8(c).is_ok()) {
        for t in &items {
            let p = t.as_bytes().as_ptr() as usize;
            assert!(
                bytes
                    .iter()
                    .any(|b| (b.as_ptr() as usize..b.as_ptr() as usize + b.len()).contains(&p)),
                "an item was copied"
            );
        }
    }
    for &s in ErrorStrategy::ALL {
        let (items, e) = run_stream(Utf8Stream::lossy(Chunks(bytes.iter().cloned().collect()), s));
        assert!(e.is_none());
        assert_eq!(items.concat(), lossy_oracle(input, s), "{s} {input:02X?} as {chunks:02X?}");
    }
}

fn check_all(input: &[u8], chunks: &[&[u8]]) {
    check_text_codec(input, chunks);
    check_lines_codec(input, chunks, usize::MAX);
    check_stream(input, chunks);
}

#[test]
fn every_split_point_and_empty_chunks() {
    for input in cases() {
        for p in 0..=input.len() {
            check_all(&input, &split(&input, &[p]));
            check_all(&input, &split(&input, &[p, p]));
        }
    }
}

#[test]
fn every_pair_of_split_points() {
    for input in ["€😀\n".as_bytes(), b"\xF0\x9F\x98\xE2\x82\n\xC3", b"a\r\n\xE1\xA0\xC0"] {
        for p in 0..=input.len() {
            for q in p..=input.len() {
                check_all(input, &split(input, &[p, q]));
            }
        }
    }
}

#[test]
fn max_line_length_as_lines_codec() {
    let text = "short\nthis line is too long\nok\r\nlong again without end";
    for max in [0, 3, 5, 6, 10, 21, 22, 100] {
        for p in 0..=text.len() {
            check_lines_codec(text.as_bytes(), &split(text.as_bytes(), &[p]), max);
        }
    }
}

/// What a `Framed` user of a `String` lines codec sees, going on after
/// each error: the lines, and for each error whether it is
/// `MaxLineLengthExceeded` or the kind of an I/O error; and the sources
/// of the I/O errors that are the crate's `Utf8Error`.
type Seen = (Vec<Result<String, Result<(), std::io::ErrorKind>>>, Vec<Utf8Error>);

fn string_lines<C>(codec: &mut C, chunks: &[&[u8]]) -> Seen
where
    C: Decoder<Item = String, Error = tokio_util::codec::LinesCodecError>,
{
    use tokio_util::codec::LinesCodecError as E;
    let (mut out, mut sources) = (Vec::new(), Vec::new());
    decode_all(codec, chunks, |r| {
        out.push(match r {
            Ok(line) => Ok(line),
            Err(E::MaxLineLengthExceeded) => Err(Ok(())),
            Err(E::Io(e)) => {
                if let Some(u) = e.get_ref().and_then(|s| s.downcast_ref::<Utf8Error>()) {
                    sources.push(*u);
                }
                Err(Err(e.kind()))
            }
        })
    });
    (out, sources)
}

/// The drop-in `LinesCodec` against tokio-util's on every input, valid or
/// not, cut at every split point, with and without a maximum length: the
/// same lines and errors in the same order (invalid UTF-8 an I/O error of
/// kind `InvalidData` for its line, then the next lines), each such error
/// carrying the invalid sequence's position in the stream.
#[test]
fn string_lines_codec_as_tokio_util_lines_codec() {
    let mut inputs = cases();
    inputs.push(b"ok\n\xFF\nfine\r\n\xC3\nend\xE2\x82".to_vec());
    for input in &inputs {
        for max in [usize::MAX, 0, 3, 10] {
            for p in 0..=input.len() {
                let chunks = split(input, &[p]);
                let want = string_lines(&mut LinesCodec::new_with_max_length(max), &chunks);
                let got =
                    string_lines(&mut rapidutf::io::LinesCodec::new_with_max_length(max), &chunks);
                assert_eq!(got.0, want.0, "{input:02X?} as {chunks:02X?}, max {max}");
                assert!(want.1.is_empty());
                let invalid = got.0.iter().filter(|r| r.is_err() && *r != &Err(Ok(()))).count();
                assert_eq!(got.1.len(), invalid, "every InvalidData error has its source");
                if max == usize::MAX {
                    if let Some(first) = got.1.first() {
                        assert_eq!(Some(*first), strict_oracle(input).1, "{input:02X?}");
                    }
                    // Each error lies in the stream at or after the last.
                    assert!(got.1.windows(2).all(|w| w[0].valid_up_to() < w[1].valid_up_to()));
                }
            }
        }
        // Lossy: the lines of the lossily decoded stream, as `String`s.
        for &s in ErrorStrategy::ALL {
            let mut codec = rapidutf::io::LinesCodec::lossy(s);
            let got = string_lines(&mut codec, &[input]);
            let want = string_lines(&mut LinesCodec::new(), &[lossy_oracle(input, s).as_bytes()]);
            assert_eq!(got, want, "{s} {input:02X?}");
            let replaced = rapidutf::utf8_to_string_lossy_with_report(input, s).replaced;
            assert_eq!(codec.substitutions(), replaced as u64, "{s} {input:02X?}");
        }
    }
}

/// `codec` over `chunks` of valid text, going on after each
/// `MaxLineLengthExceeded` as a `LinesCodec` user does: the lines, with
/// `Err(())` for each line that was too long.
fn lines_through_errors(mut codec: Utf8LinesCodec, chunks: &[&[u8]]) -> Vec<Result<String, ()>> {
    let mut out = Vec::new();
    decode_all(&mut codec, chunks, |r| {
        out.push(match r {
            Ok(line) => Ok(line.to_string()),
            Err(CodecError::MaxLineLengthExceeded) => Err(()),
            Err(e) => panic!("{e:?} on valid text"),
        })
    });
    out
}

/// After a line that is too long, the codec goes on with the next line,
/// as `LinesCodec` does, whether the long line is still being read or
/// was already taken with the lines around it (one read holding several
/// lines), strict and lossy.
#[test]
fn max_line_length_then_the_next_lines() {
    let text =
        "short\nthis line is too long\nok\r\nab\nlonger than six\n\nx\nlong again without end";
    let bytes = text.as_bytes();
    for max in [0, 1, 2, 3, 5, 6, 10, 21, 22, 100] {
        let mut chunkings = vec![vec![bytes]];
        chunkings.extend((0..=bytes.len()).map(|p| split(bytes, &[p])));
        for chunks in &chunkings {
            let want = lines_oracle(max, chunks);
            assert!(max >= 22 || want.contains(&Err(())));
            for codec in [
                Utf8LinesCodec::new_with_max_length(max),
                Utf8LinesCodec::lossy(ErrorStrategy::Replace).with_max_length(max),
            ] {
                assert_eq!(lines_through_errors(codec, chunks), want, "max {max}, {chunks:?}");
            }
        }
    }
}

proptest! {
    #![proptest_config(rapidutf_testkit::gen::proptest_config(64))]

    #[test]
    fn random_chunkings(input in rapidutf_testkit::gen::arb_utf8_input(), raw in prop::collection::vec(any::<usize>(), 0..10)) {
        let mut pts: Vec<usize> = raw.iter().map(|&x| x % (input.len() + 1)).collect();
        pts.sort_unstable();
        check_all(&input, &split(&input, &pts));
    }

    #[test]
    fn random_chunkings_of_lines(text in rapidutf_testkit::gen::arb_text(120), raw in prop::collection::vec(any::<usize>(), 0..10), max in 0usize..40) {
        let mut pts: Vec<usize> = raw.iter().map(|&x| x % (text.len() + 1)).collect();
        pts.sort_unstable();
        check_lines_codec(text.as_bytes(), &split(text.as_bytes(), &pts), max);
    }
}

/// The adapters use the dispatched kernel: every other available kernel
/// runs this file's tests in a child.
#[test]
fn under_every_available_kernel() {
    rapidutf_io_tests::rerun_under_every_kernel("", "under_every_available_kernel");
}
