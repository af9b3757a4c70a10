//! UTF-8 validation: rapidutf (dispatch and every available kernel)
//! against core, simdutf8 and simdutf (C++).
//!
//! Groups (each benchmark's parameter is its input size in bytes):
//!
//! - `corpus/<text>`: each text of `rapidutf_testkit::corpus::bench_texts`:
//!   the generated one of each language (named by the language), and the
//!   real lipsum and Wikipedia texts where `../shared` exists (named with
//!   their corpus, `Arabic (lipsum)`).
//! - `sizes/{ascii,mixed}/<N>`: valid inputs of N = 1 B .. 4 KiB that
//!   start one byte past a 16-byte-aligned allocation; `mixed` cycles
//!   through 1-, 2-, 3- and 4-byte characters.
//! - `late_error`: 64 KiB of multilingual text with an invalid byte near
//!   its end, so an early-exit validator gains nothing.
//!
//! `BENCH_QUICK=1` shortens warm-up and measurement (for smoke runs);
//! `bench/run.sh` runs this and renders `BENCHMARKS.md`.

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use criterion::{measurement::WallTime, BenchmarkId};
use rapidutf::Kernel;
use rapidutf_testkit::corpus::{bench_texts, generated, BENCH_LEN, LANGUAGES};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

const SIZES: [usize; 18] =
    [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256, 512, 1024, 4096];

fn quick() -> bool {
    std::env::var_os("BENCH_QUICK").is_some_and(|v| v != "0")
}

/// Warm-up and measurement times: criterion's defaults (3 s, 5 s) unless
/// `BENCH_QUICK` is set; `small` inputs converge faster and get less.
fn timing<M: criterion::measurement::Measurement>(g: &mut BenchmarkGroup<'_, M>, small: bool) {
    if quick() {
        let (warm, measure) = if small { (0.2, 0.5) } else { (0.3, 1.0) };
        g.warm_up_time(Duration::from_secs_f64(warm));
        g.measurement_time(Duration::from_secs_f64(measure));
        g.sample_size(20);
    }
}

/// The validators that report an error position, as a `bool` for
/// uniformity (the error is computed all the same).
fn peers_with_errors(g: &mut BenchmarkGroup<'_, WallTime>, input: &[u8]) {
    let id = |f: &str| BenchmarkId::new(f, input.len());
    g.bench_with_input(id("rapidutf/validate_utf8"), input, |b, i| {
        b.iter(|| rapidutf::validate_utf8(black_box(i)).is_ok())
    });
    g.bench_with_input(id("core::str::from_utf8"), input, |b, i| {
        b.iter(|| core::str::from_utf8(black_box(i)).is_ok())
    });
    g.bench_with_input(id("simdutf8::compat::from_utf8"), input, |b, i| {
        b.iter(|| simdutf8::compat::from_utf8(black_box(i)).is_ok())
    });
    g.bench_with_input(id("simdutf::validate_utf8_with_errors"), input, |b, i| {
        b.iter(|| simdutf::validate_utf8_with_errors(black_box(i)).count)
    });
}

/// The validators that only answer yes or no.
fn peers_bool(g: &mut BenchmarkGroup<'_, WallTime>, input: &[u8]) {
    let id = |f: &str| BenchmarkId::new(f, input.len());
    g.bench_with_input(id("rapidutf/is_valid_utf8"), input, |b, i| {
        b.iter(|| rapidutf::is_valid_utf8(black_box(i)))
    });
    g.bench_with_input(id("simdutf8::basic::from_utf8"), input, |b, i| {
        b.iter(|| simdutf8::basic::from_utf8(black_box(i)).is_ok())
    });
    g.bench_with_input(id("simdutf::validate_utf8"), input, |b, i| {
        b.iter(|| simdutf::validate_utf8(black_box(i)))
    });
}

fn bench_corpus(c: &mut Criterion) {
    for t in bench_texts() {
        let input = t.text.into_bytes();
        let mut g = c.benchmark_group(format!("corpus/{}", t.name));
        timing(&mut g, false);
        g.throughput(Throughput::Bytes(input.len() as u64));
        peers_with_errors(&mut g, &input);
        peers_bool(&mut g, &input);
        let id = |f: &str| BenchmarkId::new(f, input.len());
        for k in Kernel::available() {
            g.bench_with_input(id(&format!("rapidutf-{k}/validate")), &input[..], |b, i| {
                b.iter(|| k.validate_utf8(black_box(i)).is_ok())
            });
            g.bench_with_input(id(&format!("rapidutf-{k}/is_valid")), &input[..], |b, i| {
                b.iter(|| k.is_valid_utf8(black_box(i)))
            });
        }
        g.finish();
    }
}

/// Valid UTF-8 cycling through characters of 1, 2, 3 and 4 bytes.
fn mixed_chars() -> Vec<char> {
    let texts: Vec<String> =
        ["Latin", "Russian", "Chinese", "Emoji"].iter().map(|l| generated(l, BENCH_LEN)).collect();
    let mut by_len: Vec<Vec<char>> = (1..=4)
        .map(|n| {
            let pool: Vec<char> =
                texts.iter().flat_map(|t| t.chars()).filter(|c| c.len_utf8() == n).collect();
            assert!(!pool.is_empty(), "no {n}-byte characters in the corpus");
            pool
        })
        .collect();
    let mut out = Vec::new();
    for i in 0..4096 {
        let pool = &mut by_len[i % 4];
        out.push(pool[(i / 4) % pool.len()]);
    }
    out
}

/// A buffer whose bytes `[1..n + 1]` are exactly `n` bytes of valid UTF-8
/// taken from `chars` (padded with ASCII where the next character would
/// not fit), one byte past the allocation's alignment.
fn offset_input(chars: &[char], n: usize) -> Vec<u8> {
    let mut v = Vec::with_capacity(n + 1);
    v.push(b' ');
    for c in chars.iter().cycle() {
        if v.len() - 1 + c.len_utf8() > n {
            break;
        }
        v.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    }
    v.resize(n + 1, b'a');
    assert!(core::str::from_utf8(&v[1..]).is_ok());
    v
}

fn bench_sizes(c: &mut Criterion) {
    let latin = generated("Latin", BENCH_LEN);
    let ascii: Vec<char> = latin.chars().filter(char::is_ascii).collect();
    let mixed = mixed_chars();
    for (name, chars) in [("ascii", &ascii), ("mixed", &mixed)] {
        let mut g = c.benchmark_group(format!("sizes/{name}"));
        timing(&mut g, true);
        for n in SIZES {
            let buf = offset_input(chars, n);
            let input = &buf[1..];
            g.throughput(Throughput::Bytes(n as u64));
            peers_with_errors(&mut g, input);
            peers_bool(&mut g, input);
        }
        g.finish();
    }
}

fn bench_late_error(c: &mut Criterion) {
    const LEN: usize = 64 * 1024;
    // Multilingual: a slice of each language in turn, cut at characters.
    let mut input = Vec::with_capacity(LEN);
    'fill: loop {
        for lang in LANGUAGES {
            let text = generated(lang, BENCH_LEN);
            for ch in text.chars().take(1500) {
                if input.len() + ch.len_utf8() > LEN - 8 {
                    break 'fill;
                }
                input.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
    }
    input.resize(LEN, b'.');
    input[LEN - 2] = 0xFF;
    let e = core::str::from_utf8(&input).unwrap_err();
    assert_eq!(e.valid_up_to(), LEN - 2);

    let mut g = c.benchmark_group("late_error");
    timing(&mut g, false);
    g.throughput(Throughput::Bytes(LEN as u64));
    peers_with_errors(&mut g, &input);
    peers_bool(&mut g, &input);
    g.finish();
}

/// Records which kernels this machine has, for `render.py`: one line,
/// the available kernels (slowest to fastest), then the active one.
fn record_kernels(_: &mut Criterion) {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    let names: Vec<&str> = Kernel::available().map(Kernel::name).collect();
    let line = format!("{}\n{}\n", names.join(","), Kernel::active());
    // Best effort: the benchmarks do not depend on it.
    let _ = std::fs::create_dir_all(&target);
    let _ = std::fs::write(target.join("rapidutf-kernels.txt"), line);
}

criterion_group!(benches, record_kernels, bench_corpus, bench_sizes, bench_late_error);
criterion_main!(benches);
