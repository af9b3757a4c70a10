//! The I/O adapters against the raw validator, std and encoding_rs_io:
//! 1 GiB through each adapter, read 8 KiB and 64 KiB at a time.
//!
//! ```text
//! cargo run --release --example io                 # 1 GiB per run, 3 rounds
//! IO_BENCH_GIB=0.25 IO_BENCH_ROUNDS=2 cargo run --release --example io
//! IO_BENCH_ONLY=Lines cargo run --release --example io   # tables whose title has "Lines"
//! ```
//!
//! The text is the `wikipedia_mars` articles of `../shared/corpus` (all
//! their languages, one after the other) when that directory exists, and
//! generated multilingual lines otherwise; "with errors" is the same text
//! with an invalid byte (UTF-8) or a lone surrogate (UTF-16) about every
//! 1 KB, read lossily. The source is an in-memory `Read` that serves the
//! text over and over, copying it into the reader's buffer as a file or
//! socket read would (`&[u8]`'s `Read`), so every contender pays the same
//! copy; GB/s of input. Within a round, every contender of a table runs
//! once, one after the other, so that all meet the same load; the best
//! round of each is shown. Each table's first contender is its baseline.

use bytes::Bytes;
use rapidutf::io::{
    AsyncUtf8Reader, DecodeReader, EncodeWriter, Encoding, Utf8Codec, Utf8LinesCodec, Utf8Reader,
    Utf8Stream,
};
use rapidutf::ErrorStrategy;
use std::hint::black_box;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;
use tokio_util::codec::{Decoder, LinesCodec};

/// Serves `total` bytes of `text`, over and over (each read copies, and
/// stops at the end of the text).
struct Cycle<'a> {
    text: &'a [u8],
    at: usize,
    left: u64,
}

impl<'a> Cycle<'a> {
    fn new(text: &'a [u8], total: u64) -> Self {
        Cycle { text, at: 0, left: total }
    }
}

impl Read for Cycle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n =
            buf.len().min(self.text.len() - self.at).min(self.left.min(usize::MAX as u64) as usize);
        buf[..n].copy_from_slice(&self.text[self.at..self.at + n]);
        self.at = if self.at + n == self.text.len() { 0 } else { self.at + n };
        self.left -= n as u64;
        Ok(n)
    }
}

impl tokio::io::AsyncRead for Cycle<'_> {
    fn poll_read(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        // Copied straight into the unfilled part, as a socket's read does
        // (no zero-fill first).
        let this = self.get_mut();
        let n = buf
            .remaining()
            .min(this.text.len() - this.at)
            .min(this.left.min(usize::MAX as u64) as usize);
        buf.put_slice(&this.text[this.at..this.at + n]);
        this.at = if this.at + n == this.text.len() { 0 } else { this.at + n };
        this.left -= n as u64;
        Poll::Ready(Ok(()))
    }
}

/// `total` bytes of `text` as a stream of `Bytes` chunks of `size` that
/// share the text's memory (as a network body hands them out).
struct Chunks {
    text: Bytes,
    size: usize,
    at: usize,
    left: u64,
}

impl futures_core::Stream for Chunks {
    type Item = Result<Bytes, std::io::Error>;
    fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.left == 0 {
            return Poll::Ready(None);
        }
        let n = this.size.min(this.text.len() - this.at).min(this.left as usize);
        let chunk = this.text.slice(this.at..this.at + n);
        this.at = if this.at + n == this.text.len() { 0 } else { this.at + n };
        this.left -= n as u64;
        Poll::Ready(Some(Ok(chunk)))
    }
}

/// The text: the corpus articles, or generated lines.
fn text() -> (String, &'static str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/wikipedia_mars");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(".utf8.txt"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    if !names.is_empty() {
        let s: String =
            names.iter().map(|p| std::fs::read_to_string(p).expect("a corpus file")).collect();
        return (s, "wikipedia_mars, all languages (../shared/corpus)");
    }
    let samples = [
        "The quick brown fox jumps over the lazy dog, again and again, in plain ASCII.",
        "Grüße aus Köln: Ärger über Öl, Übermut und Straßen.",
        "Привет, мир! Съешь же ещё этих мягких французских булок.",
        "你好，世界。我能吞下玻璃而不伤身体。",
        "مرحبا بالعالم. أنا قادر على أكل الزجاج",
        "emoji 😀🎉🚀 and 𝄞, Ελληνικά, हिन्दी",
    ];
    let mut s = String::new();
    let mut x = 1u64;
    while s.len() < 2 << 20 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        s.push_str(samples[(x >> 33) as usize % samples.len()]);
        s.push('\n');
    }
    (s, "generated multilingual lines (no ../shared/corpus)")
}

/// `text` with `bad` inserted about every `every` bytes (between
/// characters).
fn with_errors(text: &str, bad: &[u8], every: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / every * bad.len());
    let mut last = 0;
    for (i, _) in text.char_indices() {
        if i - last >= every {
            out.extend_from_slice(&text.as_bytes()[last..i]);
            out.extend_from_slice(bad);
            last = i;
        }
    }
    out.extend_from_slice(&text.as_bytes()[last..]);
    out
}

type Run<'a> = Box<dyn FnMut() -> u64 + 'a>;

/// Runs every contender `rounds` times, round by round; prints a
/// Markdown table of the best GB/s of each and its ratio to the first.
fn table(title: &str, total: u64, rounds: usize, contenders: Vec<(&str, Run<'_>)>) {
    let only = std::env::var("IO_BENCH_ONLY").unwrap_or_default();
    if !title.contains(&only) {
        return;
    }
    // Profiling aid: only the contenders whose name has IO_BENCH_WHO.
    let who = std::env::var("IO_BENCH_WHO").unwrap_or_default();
    let mut contenders: Vec<_> = contenders.into_iter().filter(|(n, _)| n.contains(&who)).collect();
    let mut best = vec![f64::MAX; contenders.len()];
    for _ in 0..rounds {
        for (i, (name, run)) in contenders.iter_mut().enumerate() {
            let t = Instant::now();
            let got = black_box(run());
            let s = t.elapsed().as_secs_f64();
            assert!(got > 0, "{name} produced nothing");
            best[i] = best[i].min(s);
        }
    }
    println!("\n{title}\n\n| contender | GB/s | × baseline |\n|---|---:|---:|");
    for (i, (name, _)) in contenders.iter().enumerate() {
        let gbs = total as f64 / best[i] / 1e9;
        println!("| {name} | {gbs:.2} | {:.2} |", best[0] / best[i]);
    }
}

/// Reads `r` to its end with reads of `size`; the bytes read.
fn drain(mut r: impl Read, size: usize) -> u64 {
    let mut buf = vec![0u8; size];
    let mut n = 0u64;
    loop {
        match r.read(&mut buf).expect("reading") {
            0 => return n,
            k => n += black_box(&buf[..k]).len() as u64,
        }
    }
}

/// Runs `codec` over `src` in a `FramedRead` of capacity `size` (reads
/// go straight into its buffer's spare room), polled by hand: the source
/// is always ready. The bytes of the frames.
fn run_codec<D>(src: Cycle<'_>, size: usize, codec: D) -> u64
where
    D: Decoder,
    D::Item: AsRef<[u8]>,
    D::Error: std::fmt::Debug,
{
    let mut framed = tokio_util::codec::FramedRead::with_capacity(src, codec, size);
    let mut cx = Context::from_waker(std::task::Waker::noop());
    let mut n = 0u64;
    loop {
        match futures_core::Stream::poll_next(Pin::new(&mut framed), &mut cx) {
            Poll::Ready(Some(f)) => n += black_box(f.unwrap()).as_ref().len() as u64 + 1,
            Poll::Ready(None) => return n,
            Poll::Pending => unreachable!("the source is always ready"),
        }
    }
}

fn main() {
    let gib: f64 = std::env::var("IO_BENCH_GIB").ok().and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let rounds: usize =
        std::env::var("IO_BENCH_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    // A whole number of UTF-16 and UTF-32 units.
    let total = (gib * (1u64 << 30) as f64) as u64 & !3;
    let (text, source) = text();
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    println!("# rapidutf I/O adapters\n");
    println!(
        "{cpu}, kernel {}; {:.2} GiB per run, best of {rounds} rounds; text: {source}, {:.1} MiB, {:.0} bytes per line",
        rapidutf::Kernel::active(),
        gib,
        text.len() as f64 / (1 << 20) as f64,
        text.len() as f64 / text.lines().count() as f64
    );
    let bad8 = with_errors(&text, b"\xFF", 1024);
    let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let bad16: Vec<u8> = {
        let mut units: Vec<u16> = Vec::with_capacity(utf16.len() / 2);
        for (i, u) in text.encode_utf16().enumerate() {
            // A lone low surrogate every 512 units, never inside a pair.
            if i % 512 == 0 && !(0xDC00..0xE000).contains(&u) {
                units.push(0xDC00);
            }
            units.push(u);
        }
        units.iter().flat_map(|u| u.to_le_bytes()).collect()
    };
    let (t8, b8, t16, b16) = (text.as_bytes(), &bad8[..], &utf16[..], &bad16[..]);
    // Strict runs must end between characters: the largest total of at
    // most `total` bytes whose last cycle ends on a character boundary.
    let ends_between = |unit: &dyn Fn(usize) -> bool, len: usize| {
        let mut end = (total % len as u64) as usize;
        while !unit(end) {
            end -= 1;
        }
        total - (total % len as u64) + end as u64
    };
    let total8 = ends_between(&|i| text.is_char_boundary(i), t8.len());
    let total16 =
        ends_between(&|i| i % 2 == 0 && !(i >= 2 && (0xD8..0xDC).contains(&t16[i - 1])), t16.len());
    let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
    for size in [8 << 10, 64 << 10] {
        let k = size >> 10;
        table(
            &format!("## UTF-8 validation, {k} KiB reads, valid text"),
            total,
            rounds,
            vec![
                (
                    "read + `validate_utf8` (raw validator)",
                    Box::new(|| {
                        let mut src = Cycle::new(t8, total8);
                        let mut buf = vec![0u8; size];
                        let mut n = 0u64;
                        loop {
                            let r = src.read(&mut buf).unwrap();
                            if r == 0 {
                                break n;
                            }
                            // A read may end inside a character: only the
                            // work matters here, not the verdict.
                            let _ = black_box(rapidutf::validate_utf8(&buf[..r]));
                            n += r as u64;
                        }
                    }),
                ),
                (
                    "`validate_utf8` on the text in memory, no reads",
                    Box::new(|| {
                        let mut n = 0u64;
                        while n < total8 {
                            let piece = &t8[..t8.len().min((total8 - n) as usize)];
                            let _ = black_box(rapidutf::validate_utf8(black_box(piece)));
                            n += piece.len() as u64;
                        }
                        n
                    }),
                ),
                (
                    "read + `core::str::from_utf8` (std)",
                    Box::new(|| {
                        let mut src = Cycle::new(t8, total8);
                        let mut buf = vec![0u8; size];
                        let mut n = 0u64;
                        loop {
                            let r = src.read(&mut buf).unwrap();
                            if r == 0 {
                                break n;
                            }
                            let _ = black_box(core::str::from_utf8(&buf[..r]));
                            n += r as u64;
                        }
                    }),
                ),
                (
                    "`Utf8Reader` strict",
                    Box::new(|| {
                        drain(Utf8Reader::with_capacity(size, Cycle::new(t8, total8)), size)
                    }),
                ),
                (
                    "`Utf8Reader` lossy",
                    Box::new(|| {
                        drain(
                            Utf8Reader::lossy_with_capacity(
                                size,
                                Cycle::new(t8, total8),
                                ErrorStrategy::Replace,
                            ),
                            size,
                        )
                    }),
                ),
                (
                    "`AsyncUtf8Reader` strict (tokio)",
                    Box::new(|| {
                        rt.block_on(async {
                            use tokio::io::AsyncReadExt;
                            let mut r =
                                AsyncUtf8Reader::with_capacity(size, Cycle::new(t8, total8), None);
                            let mut buf = vec![0u8; size];
                            let mut n = 0u64;
                            loop {
                                match r.read(&mut buf).await.unwrap() {
                                    0 => break n,
                                    k => n += k as u64,
                                }
                            }
                        })
                    }),
                ),
                (
                    "`Utf8Codec` strict (tokio codec)",
                    Box::new(|| run_codec(Cycle::new(t8, total8), size, Utf8Codec::new())),
                ),
                (
                    "`Utf8Stream` strict (`Bytes` chunks)",
                    Box::new(|| {
                        let chunks =
                            Chunks { text: Bytes::copy_from_slice(t8), size, at: 0, left: total8 };
                        let mut s = Utf8Stream::new(chunks);
                        let mut cx = Context::from_waker(std::task::Waker::noop());
                        let mut n = 0u64;
                        while let Poll::Ready(Some(t)) =
                            futures_core::Stream::poll_next(Pin::new(&mut s), &mut cx)
                        {
                            n += t.unwrap().len() as u64;
                        }
                        n
                    }),
                ),
            ],
        );
        table(
            &format!("## Lossy UTF-8, {k} KiB reads, an invalid byte every ~1 KB"),
            total,
            rounds,
            vec![
                (
                    "read + `utf8_to_string_lossy` per read (not chunk-safe)",
                    Box::new(|| {
                        let mut src = Cycle::new(b8, total);
                        let mut buf = vec![0u8; size];
                        let mut n = 0u64;
                        loop {
                            let r = src.read(&mut buf).unwrap();
                            if r == 0 {
                                break n;
                            }
                            n += black_box(rapidutf::utf8_to_string_lossy(&buf[..r])).len() as u64;
                        }
                    }),
                ),
                (
                    "read + `String::from_utf8_lossy` per read (std, not chunk-safe)",
                    Box::new(|| {
                        let mut src = Cycle::new(b8, total);
                        let mut buf = vec![0u8; size];
                        let mut n = 0u64;
                        loop {
                            let r = src.read(&mut buf).unwrap();
                            if r == 0 {
                                break n;
                            }
                            n += black_box(String::from_utf8_lossy(&buf[..r])).len() as u64;
                        }
                    }),
                ),
                (
                    "`Utf8Reader` lossy",
                    Box::new(|| {
                        drain(
                            Utf8Reader::lossy_with_capacity(
                                size,
                                Cycle::new(b8, total),
                                ErrorStrategy::Replace,
                            ),
                            size,
                        )
                    }),
                ),
                (
                    "`Utf8Codec` lossy (tokio codec)",
                    Box::new(|| {
                        run_codec(
                            Cycle::new(b8, total),
                            size,
                            Utf8Codec::lossy(ErrorStrategy::Replace),
                        )
                    }),
                ),
            ],
        );
        table(
            &format!("## Lines, {k} KiB reads, valid text"),
            total,
            rounds,
            vec![
                (
                    "`BufReader::lines()` (std)",
                    Box::new(|| {
                        let r = BufReader::with_capacity(size, Cycle::new(t8, total8));
                        r.lines().map(|l| l.unwrap().len() as u64 + 1).sum()
                    }),
                ),
                (
                    "`Utf8LinesCodec` strict",
                    Box::new(|| run_codec(Cycle::new(t8, total8), size, Utf8LinesCodec::new())),
                ),
                (
                    "`LinesCodec` (tokio-util)",
                    Box::new(|| run_codec(Cycle::new(t8, total8), size, LinesCodec::new())),
                ),
                (
                    "`io::LinesCodec` (the drop-in, `String` lines)",
                    Box::new(|| {
                        run_codec(Cycle::new(t8, total8), size, rapidutf::io::LinesCodec::new())
                    }),
                ),
                (
                    "`Utf8Reader::lines()`",
                    Box::new(|| {
                        let r = Utf8Reader::with_capacity(size, Cycle::new(t8, total8));
                        r.lines().map(|l| l.unwrap().len() as u64 + 1).sum()
                    }),
                ),
            ],
        );
        table(
            &format!("## Lossy lines, {k} KiB reads, an invalid byte every ~1 KB"),
            total,
            rounds,
            vec![
                (
                    "`BufReader::split(b'\\n')` + `String::from_utf8_lossy` (std)",
                    Box::new(|| {
                        let r = BufReader::with_capacity(size, Cycle::new(b8, total));
                        r.split(b'\n')
                            .map(|l| String::from_utf8_lossy(&l.unwrap()).len() as u64 + 1)
                            .sum()
                    }),
                ),
                (
                    "`Utf8LinesCodec` lossy",
                    Box::new(|| {
                        run_codec(
                            Cycle::new(b8, total),
                            size,
                            Utf8LinesCodec::lossy(ErrorStrategy::Replace),
                        )
                    }),
                ),
                (
                    "`Utf8Reader::lossy(..).lines()`",
                    Box::new(|| {
                        let r = Utf8Reader::lossy_with_capacity(
                            size,
                            Cycle::new(b8, total),
                            ErrorStrategy::Replace,
                        );
                        r.lines().map(|l| l.unwrap().len() as u64 + 1).sum()
                    }),
                ),
            ],
        );
        for (errors, src16) in [(false, t16), (true, b16)] {
            let what = if errors { "a lone surrogate every ~1 KB, lossy" } else { "valid text" };
            table(
                &format!("## UTF-16LE to UTF-8, {k} KiB reads, {what}"),
                total,
                rounds,
                vec![
                    (
                        "`encoding_rs_io::DecodeReaderBytes`",
                        Box::new(move || {
                            let r = encoding_rs_io::DecodeReaderBytesBuilder::new()
                                .encoding(Some(encoding_rs::UTF_16LE))
                                .build(Cycle::new(src16, if errors { total } else { total16 }));
                            drain(r, size)
                        }),
                    ),
                    (
                        "`DecodeReader`",
                        Box::new(move || {
                            let r = if errors {
                                DecodeReader::lossy(Cycle::new(src16, total), Encoding::Utf16Le)
                            } else {
                                DecodeReader::new(Cycle::new(src16, total16), Encoding::Utf16Le)
                            };
                            drain(r.with_buffer_capacity(size), size)
                        }),
                    ),
                ],
            );
        }
        table(
            &format!("## UTF-8 to UTF-16LE (`EncodeWriter`), {k} KiB writes, valid text"),
            total,
            rounds,
            vec![
                (
                    "read + `utf8_to_utf16le` per read (not chunk-safe)",
                    Box::new(|| {
                        let mut src = Cycle::new(t8, total8);
                        let mut buf = vec![0u8; size];
                        let mut out = vec![0u16; size];
                        let mut n = 0u64;
                        loop {
                            let r = src.read(&mut buf).unwrap();
                            if r == 0 {
                                break n;
                            }
                            let _ = black_box(rapidutf::utf8_to_utf16le(&buf[..r], &mut out));
                            n += r as u64;
                        }
                    }),
                ),
                (
                    "`EncodeWriter`",
                    Box::new(|| {
                        let mut src = Cycle::new(t8, total8);
                        let mut w = EncodeWriter::new(std::io::sink(), Encoding::Utf16Le);
                        let mut buf = vec![0u8; size];
                        let mut n = 0u64;
                        loop {
                            let r = src.read(&mut buf).unwrap();
                            if r == 0 {
                                w.finish().unwrap();
                                break n;
                            }
                            w.write_all(&buf[..r]).unwrap();
                            n += r as u64;
                        }
                    }),
                ),
            ],
        );
    }
}
