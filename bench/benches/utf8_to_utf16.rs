//! UTF-8 to UTF-16LE and to UTF-32, validating: rapidutf (dispatch and
//! every available kernel) against simdutf (C++), encoding_rs and std.
//!
//! Groups (each benchmark's parameter is its input size in bytes; the
//! throughput is of input bytes):
//!
//! - `utf8_to_utf16/<text>`: each text of
//!   `rapidutf_testkit::corpus::bench_texts` (generated, named by language;
//!   real, named with its corpus, where `../shared` exists).
//!   Ids: `rapidutf/utf8_to_utf16le`, `rapidutf-<kernel>/utf8_to_utf16le`,
//!   `simdutf::convert_utf8_to_utf16le`,
//!   `encoding_rs::mem::convert_utf8_to_utf16`, `std/encode_utf16`
//!   (`from_utf8`, then `encode_utf16` into the buffer).
//! - `utf8_to_utf32/<text>`: the same texts. Ids:
//!   `rapidutf/utf8_to_utf32`, `rapidutf-<kernel>/utf8_to_utf32`,
//!   `simdutf::convert_utf8_to_utf32`, `std/chars` (`from_utf8`, then
//!   `chars` into the buffer).
//! - `utf8_to_utf16_lossy/<text>`: the text with an invalid byte every
//!   ~1000 bytes. Ids: `rapidutf/utf8_to_utf16_lossy`,
//!   `std/from_utf8_lossy+encode_utf16`.
//!
//! `BENCH_QUICK=1` shortens warm-up and measurement (for smoke runs).

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use criterion::{measurement::WallTime, BenchmarkId};
use rapidutf::Kernel;
use rapidutf_testkit::corpus::bench_corpus;
use std::hint::black_box;
use std::time::Duration;

fn timing(g: &mut BenchmarkGroup<'_, WallTime>) {
    if std::env::var_os("BENCH_QUICK").is_some_and(|v| v != "0") {
        g.warm_up_time(Duration::from_secs_f64(0.3));
        g.measurement_time(Duration::from_secs_f64(1.0));
        g.sample_size(20);
    }
}

fn bench_utf16(c: &mut Criterion) {
    for (lang, input) in bench_corpus("utf8") {
        let want: Vec<u16> = std::str::from_utf8(&input).unwrap().encode_utf16().collect();
        let mut dst = vec![0u16; input.len() + 1];
        let mut g = c.benchmark_group(format!("utf8_to_utf16/{lang}"));
        timing(&mut g);
        g.throughput(Throughput::Bytes(input.len() as u64));
        let id = |f: &str| BenchmarkId::new(f, input.len());
        assert_eq!(rapidutf::utf8_to_utf16le(&input, &mut dst), Ok(want.len()));
        g.bench_function(id("rapidutf/utf8_to_utf16le"), |b| {
            b.iter(|| rapidutf::utf8_to_utf16le(black_box(&input), &mut dst).unwrap())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/utf8_to_utf16le")), |b| {
                b.iter(|| k.utf8_to_utf16le(black_box(&input), &mut dst).unwrap())
            });
        }
        // SAFETY: `dst` holds `input.len() + 1` units, more than the
        // conversion of valid UTF-8 writes; the buffers do not overlap.
        let n = unsafe {
            simdutf::convert_utf8_to_utf16le(input.as_ptr(), input.len(), dst.as_mut_ptr())
        };
        assert_eq!(n, want.len());
        g.bench_function(id("simdutf::convert_utf8_to_utf16le"), |b| {
            // SAFETY: as above.
            b.iter(|| unsafe {
                simdutf::convert_utf8_to_utf16le(
                    black_box(input.as_ptr()),
                    input.len(),
                    dst.as_mut_ptr(),
                )
            })
        });
        g.bench_function(id("encoding_rs::mem::convert_utf8_to_utf16"), |b| {
            b.iter(|| encoding_rs::mem::convert_utf8_to_utf16(black_box(&input), &mut dst))
        });
        g.bench_function(id("std/encode_utf16"), |b| {
            b.iter(|| {
                let s = std::str::from_utf8(black_box(&input)).unwrap();
                let mut n = 0;
                for (d, u) in dst.iter_mut().zip(s.encode_utf16()) {
                    *d = u;
                    n += 1;
                }
                n
            })
        });
        g.finish();
    }
}

fn bench_utf32(c: &mut Criterion) {
    for (lang, input) in bench_corpus("utf8") {
        let chars = std::str::from_utf8(&input).unwrap().chars().count();
        let mut dst = vec![0u32; input.len() + 1];
        let mut g = c.benchmark_group(format!("utf8_to_utf32/{lang}"));
        timing(&mut g);
        g.throughput(Throughput::Bytes(input.len() as u64));
        let id = |f: &str| BenchmarkId::new(f, input.len());
        assert_eq!(rapidutf::utf8_to_utf32(&input, &mut dst), Ok(chars));
        g.bench_function(id("rapidutf/utf8_to_utf32"), |b| {
            b.iter(|| rapidutf::utf8_to_utf32(black_box(&input), &mut dst).unwrap())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/utf8_to_utf32")), |b| {
                b.iter(|| k.utf8_to_utf32(black_box(&input), &mut dst).unwrap())
            });
        }
        // SAFETY: `dst` holds more values than the input has characters;
        // the buffers do not overlap.
        let n = unsafe {
            simdutf::convert_utf8_to_utf32(input.as_ptr(), input.len(), dst.as_mut_ptr())
        };
        assert_eq!(n, chars);
        g.bench_function(id("simdutf::convert_utf8_to_utf32"), |b| {
            // SAFETY: as above.
            b.iter(|| unsafe {
                simdutf::convert_utf8_to_utf32(
                    black_box(input.as_ptr()),
                    input.len(),
                    dst.as_mut_ptr(),
                )
            })
        });
        g.bench_function(id("std/chars"), |b| {
            b.iter(|| {
                let s = std::str::from_utf8(black_box(&input)).unwrap();
                let mut n = 0;
                for (d, c) in dst.iter_mut().zip(s.chars()) {
                    *d = u32::from(c);
                    n += 1;
                }
                n
            })
        });
        g.finish();
    }
}

fn bench_lossy(c: &mut Criterion) {
    for (lang, mut input) in bench_corpus("utf8") {
        for i in (500..input.len()).step_by(1000) {
            input[i] = 0xFF;
        }
        let want: Vec<u16> = String::from_utf8_lossy(&input).encode_utf16().collect();
        assert_eq!(rapidutf::utf8_to_utf16_lossy(&input), want);
        let mut g = c.benchmark_group(format!("utf8_to_utf16_lossy/{lang}"));
        timing(&mut g);
        g.throughput(Throughput::Bytes(input.len() as u64));
        let id = |f: &str| BenchmarkId::new(f, input.len());
        g.bench_function(id("rapidutf/utf8_to_utf16_lossy"), |b| {
            b.iter(|| rapidutf::utf8_to_utf16_lossy(black_box(&input)))
        });
        g.bench_function(id("std/from_utf8_lossy+encode_utf16"), |b| {
            b.iter(|| {
                String::from_utf8_lossy(black_box(&input)).encode_utf16().collect::<Vec<u16>>()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench_utf16, bench_utf32, bench_lossy);
criterion_main!(benches);
