//! Lengths, counts and lossy decoding: rapidutf (dispatch and every
//! available kernel) against simdutf (C++), encoding_rs and std.
//!
//! Groups are `<operation>/<text>` over each text of
//! `rapidutf_testkit::corpus::bench_texts` (UTF-16 and UTF-32 inputs are
//! the same text, converted by std); function ids are
//! `rapidutf/<fn>` (dispatch), `rapidutf-<kernel>/<fn>` and the peers'
//! names. Throughput counts *input* bytes. Operations:
//!
//! - `count_chars`, `utf16_len_from_utf8`, `utf8_len_from_utf16`
//!   (UTF-16LE), `utf8_len_from_utf32`;
//! - `lossy_utf8` (valid input), `lossy_utf8_errors` (a `0xFF` written
//!   every 1000 bytes, which also breaks the character it lands in),
//!   `lossy_utf8_dense` (the same every 7 bytes: errors too dense for
//!   the kernels, where the scalar code decides),
//!   `lossy_utf16` (valid UTF-16LE) and `lossy_utf16_errors` (a lone
//!   surrogate every 500 units);
//! - `lossy_strategies`: the same broken UTF-8 as `lossy_utf8_errors`,
//!   decoded to a `String` and to UTF-16 with each `ErrorStrategy`
//!   (`Replace` is the baseline the others are held to).
//!
//! `BENCH_QUICK=1` shortens warm-up and measurement; `bench/run.sh` runs
//! this and renders `BENCHMARKS.md`.

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use criterion::{measurement::WallTime, BenchmarkId};
use rapidutf::Kernel;
use rapidutf_testkit::corpus::bench_texts;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

fn quick() -> bool {
    std::env::var_os("BENCH_QUICK").is_some_and(|v| v != "0")
}

/// A group for one operation on one file, with quick timings if asked.
fn group<'a>(
    c: &'a mut Criterion,
    op: &str,
    lang: &str,
    bytes: usize,
) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(format!("{op}/{lang}"));
    if quick() {
        g.warm_up_time(Duration::from_secs_f64(0.3));
        g.measurement_time(Duration::from_secs_f64(1.0));
        g.sample_size(20);
    }
    g.throughput(Throughput::Bytes(bytes as u64));
    g
}

/// `&[u16]` as its bytes (for encoding_rs, which decodes bytes).
fn as_bytes16(s: &[u16]) -> Vec<u8> {
    s.iter().flat_map(|u| u.to_le_bytes()).collect()
}

fn bench_counts(c: &mut Criterion) {
    for t in bench_texts() {
        let (lang, text) = (t.name, t.text);
        let utf8 = text.as_bytes();
        let utf16: Vec<u16> = text.encode_utf16().map(u16::to_le).collect();
        let utf32: Vec<u32> = text.chars().map(u32::from).collect();
        let id = |f: &str| BenchmarkId::new(f, "");

        let mut g = group(c, "count_chars", lang, utf8.len());
        g.bench_function(id("rapidutf/count_chars"), |b| {
            b.iter(|| rapidutf::count_chars(black_box(utf8)))
        });
        g.bench_function(id("simdutf::count_utf8"), |b| {
            b.iter(|| simdutf::count_utf8(black_box(utf8)))
        });
        g.bench_function(id("std chars().count()"), |b| {
            b.iter(|| black_box(&text).chars().count())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/count_chars")), |b| {
                b.iter(|| k.count_chars(black_box(utf8)))
            });
        }
        g.finish();

        let mut g = group(c, "utf16_len_from_utf8", lang, utf8.len());
        g.bench_function(id("rapidutf/utf16_len_from_utf8"), |b| {
            b.iter(|| rapidutf::utf16_len_from_utf8(black_box(utf8)))
        });
        g.bench_function(id("simdutf::utf16_length_from_utf8"), |b| {
            b.iter(|| simdutf::utf16_length_from_utf8(black_box(utf8)))
        });
        g.bench_function(id("std chars().map(len_utf16)"), |b| {
            b.iter(|| black_box(&text).chars().map(char::len_utf16).sum::<usize>())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/utf16_len_from_utf8")), |b| {
                b.iter(|| k.utf16_len_from_utf8(black_box(utf8)))
            });
        }
        g.finish();

        let mut g = group(c, "utf8_len_from_utf16", lang, 2 * utf16.len());
        g.bench_function(id("rapidutf/utf8_len_from_utf16le"), |b| {
            b.iter(|| rapidutf::utf8_len_from_utf16le(black_box(&utf16)))
        });
        g.bench_function(id("simdutf::utf8_length_from_utf16le"), |b| {
            b.iter(|| simdutf::utf8_length_from_utf16le(black_box(&utf16)))
        });
        g.bench_function(id("std decode_utf16().map(len_utf8)"), |b| {
            b.iter(|| {
                char::decode_utf16(black_box(&utf16).iter().map(|&u| u16::from_le(u)))
                    .map(|c| c.map_or(3, char::len_utf8))
                    .sum::<usize>()
            })
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/utf8_len_from_utf16le")), |b| {
                b.iter(|| k.utf8_len_from_utf16le(black_box(&utf16)))
            });
        }
        g.finish();

        let mut g = group(c, "utf8_len_from_utf32", lang, 4 * utf32.len());
        g.bench_function(id("rapidutf/utf8_len_from_utf32"), |b| {
            b.iter(|| rapidutf::utf8_len_from_utf32(black_box(&utf32)))
        });
        g.bench_function(id("simdutf::utf8_length_from_utf32"), |b| {
            b.iter(|| simdutf::utf8_length_from_utf32(black_box(&utf32)))
        });
        g.bench_function(id("std map(len_utf8)"), |b| {
            b.iter(|| {
                black_box(&utf32)
                    .iter()
                    .map(|&c| char::from_u32(c).map_or(3, char::len_utf8))
                    .sum::<usize>()
            })
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/utf8_len_from_utf32")), |b| {
                b.iter(|| k.utf8_len_from_utf32(black_box(&utf32)))
            });
        }
        g.finish();
    }
}

/// `text` with a `0xFF` byte every `every` bytes (so also with the rest of
/// the character it lands in, if any, left unpaired).
fn with_utf8_errors(text: &str, every: usize) -> Vec<u8> {
    let mut v = text.as_bytes().to_vec();
    for i in (every / 2..v.len()).step_by(every) {
        v[i] = 0xFF;
    }
    v
}

/// One lossy UTF-8 group: rapidutf, std and encoding_rs's UTF-8 decoder
/// (with replacement; on valid input it borrows, as the others do).
fn lossy_utf8_group(c: &mut Criterion, op: &str, lang: &str, input: &[u8]) {
    let id = |f: &str| BenchmarkId::new(f, "");
    let mut g = group(c, op, lang, input.len());
    g.bench_function(id("rapidutf/utf8_to_string_lossy"), |b| {
        b.iter(|| rapidutf::utf8_to_string_lossy(black_box(input)).len())
    });
    g.bench_function(id("String::from_utf8_lossy"), |b| {
        b.iter(|| String::from_utf8_lossy(black_box(input)).len())
    });
    g.bench_function(id("encoding_rs UTF_8.decode_without_bom_handling"), |b| {
        b.iter(|| encoding_rs::UTF_8.decode_without_bom_handling(black_box(input)).0.len())
    });
    g.finish();
}

/// One lossy UTF-16 group: rapidutf, std and encoding_rs's UTF-16LE
/// decoder (which reads bytes).
fn lossy_utf16_group(c: &mut Criterion, op: &str, lang: &str, input: &[u16]) {
    let id = |f: &str| BenchmarkId::new(f, "");
    let bytes = as_bytes16(input);
    let mut g = group(c, op, lang, bytes.len());
    g.bench_function(id("rapidutf/utf16le_to_string_lossy"), |b| {
        b.iter(|| rapidutf::utf16le_to_string_lossy(black_box(input)).len())
    });
    g.bench_function(id("String::from_utf16_lossy"), |b| {
        b.iter(|| String::from_utf16_lossy(black_box(input)).len())
    });
    g.bench_function(id("encoding_rs UTF_16LE.decode_without_bom_handling"), |b| {
        b.iter(|| encoding_rs::UTF_16LE.decode_without_bom_handling(black_box(&bytes)).0.len())
    });
    g.finish();
}

fn bench_lossy(c: &mut Criterion) {
    for t in bench_texts() {
        let (lang, text) = (t.name, t.text);
        lossy_utf8_group(c, "lossy_utf8", lang, text.as_bytes());
        let broken = with_utf8_errors(&text, 1000);
        assert!(std::str::from_utf8(&broken).is_err());
        lossy_utf8_group(c, "lossy_utf8_errors", lang, &broken);
        let dense = with_utf8_errors(&text, 7);
        lossy_utf8_group(c, "lossy_utf8_dense", lang, &dense);

        let utf16: Vec<u16> = text.encode_utf16().collect();
        lossy_utf16_group(c, "lossy_utf16", lang, &utf16);
        let mut broken = utf16.clone();
        for i in (250..broken.len()).step_by(500) {
            broken[i] = 0xDC00;
        }
        lossy_utf16_group(c, "lossy_utf16_errors", lang, &broken);
    }
}

/// Each error strategy on the same broken input, to `String` and to UTF-16.
fn bench_strategies(c: &mut Criterion) {
    for t in bench_texts() {
        let (lang, broken) = (t.name, with_utf8_errors(&t.text, 1000));
        let id = |f: &str| BenchmarkId::new(f, "");
        let mut g = group(c, "lossy_strategies", lang, broken.len());
        for &s in rapidutf::ErrorStrategy::ALL {
            g.bench_function(id(&format!("rapidutf/utf8_to_string_lossy_with/{s}")), |b| {
                b.iter(|| rapidutf::utf8_to_string_lossy_with(black_box(&broken), s).len())
            });
            g.bench_function(id(&format!("rapidutf/utf8_to_utf16_lossy_with/{s}")), |b| {
                b.iter(|| rapidutf::utf8_to_utf16_lossy_with(black_box(&broken), s).len())
            });
        }
        g.finish();
    }
}

/// Records which kernels this machine has, for `render.py` (as
/// `validate.rs` does, so either bench alone gives a complete report).
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

criterion_group!(benches, record_kernels, bench_counts, bench_lossy, bench_strategies);
criterion_main!(benches);
