//! UTF-16 and UTF-32 transcoding and validation: rapidutf (dispatch and
//! every available kernel) against simdutf (C++), encoding_rs and std, on
//! each text of `rapidutf_testkit::corpus::bench_texts` (generated, named by
//! language; real, named with its corpus, where `../shared` exists) as
//! UTF-16LE and UTF-32. Throughput is in bytes of *input*.
//!
//! Groups, each with one benchmark per implementation (`<impl>/<lang>`):
//!
//! - `utf16le_to_utf8/<text>`: rapidutf::utf16le_to_utf8 (validating),
//!   simdutf::convert_utf16le_to_utf8 (validating),
//!   encoding_rs::mem::convert_utf16_to_utf8 (replaces unpaired surrogates
//!   instead of failing), String::from_utf16.
//! - `utf32_to_utf8/<text>`: rapidutf::utf32_to_utf8,
//!   simdutf::convert_utf32_to_utf8, std (`char::from_u32` + push).
//! - `utf16le_to_utf32/<text>`, `utf32_to_utf16le/<text>`:
//!   rapidutf, simdutf, std (`char::decode_utf16` / `encode_utf16`).
//! - `validate_utf16le/<text>`, `validate_utf32/<text>`: rapidutf,
//!   simdutf.
//!
//! Benchmark ids: `rapidutf/<fn>` (dispatch), `rapidutf-<kernel>/<fn>`,
//! `simdutf/<fn>`, `encoding_rs/<fn>`, `std/<fn>`.
//!
//! `BENCH_QUICK=1` shortens warm-up and measurement (for smoke runs).

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use criterion::{measurement::WallTime, BenchmarkId};
use rapidutf::Kernel;
use rapidutf_testkit::corpus::{bench_file, bench_names};
use std::hint::black_box;
use std::time::Duration;

fn read(lang: &str, form: &str) -> Vec<u8> {
    bench_file(lang, form)
}

/// The UTF-16LE units of a text, after its byte order mark.
fn utf16(lang: &str) -> Vec<u16> {
    let b = read(lang, "utf16");
    assert_eq!(&b[..2], b"\xFF\xFE", "{lang}: expected a UTF-16LE BOM");
    b[2..].chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect()
}

/// The values of a text as UTF-32 (little-endian, no byte order mark).
fn utf32(lang: &str) -> Vec<u32> {
    let b = read(lang, "utf32");
    b.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn timing(g: &mut BenchmarkGroup<'_, WallTime>) {
    if std::env::var_os("BENCH_QUICK").is_some_and(|v| v != "0") {
        g.warm_up_time(Duration::from_secs_f64(0.3));
        g.measurement_time(Duration::from_secs_f64(1.0));
        g.sample_size(20);
    }
}

fn group<'a>(
    c: &'a mut Criterion,
    name: &str,
    lang: &str,
    bytes: usize,
) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(format!("{name}/{lang}"));
    timing(&mut g);
    g.throughput(Throughput::Bytes(bytes as u64));
    g
}

fn bench_utf16_to_utf8(c: &mut Criterion) {
    for lang in bench_names() {
        let src = utf16(lang);
        let mut dst = vec![0u8; 3 * src.len()];
        let mut g = group(c, "utf16le_to_utf8", lang, 2 * src.len());
        let id = |f: &str| BenchmarkId::new(f, lang);
        g.bench_function(id("rapidutf/utf16le_to_utf8"), |b| {
            b.iter(|| rapidutf::utf16le_to_utf8(black_box(&src), &mut dst).unwrap())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/utf16le_to_utf8")), |b| {
                b.iter(|| k.utf16le_to_utf8(black_box(&src), &mut dst).unwrap())
            });
        }
        g.bench_function(id("simdutf/convert_utf16le_to_utf8"), |b| {
            // SAFETY: `dst` holds 3 bytes per unit, the most any UTF-16
            // input needs.
            b.iter(|| unsafe {
                simdutf::convert_utf16le_to_utf8(
                    black_box(src.as_ptr()),
                    src.len(),
                    dst.as_mut_ptr(),
                )
            })
        });
        g.bench_function(id("encoding_rs/convert_utf16_to_utf8"), |b| {
            b.iter(|| encoding_rs::mem::convert_utf16_to_utf8(black_box(&src), &mut dst))
        });
        g.bench_function(id("std/String::from_utf16"), |b| {
            b.iter(|| String::from_utf16(black_box(&src)).unwrap())
        });
        g.finish();
    }
}

fn bench_utf32_to_utf8(c: &mut Criterion) {
    for lang in bench_names() {
        let src = utf32(lang);
        let mut dst = vec![0u8; 4 * src.len()];
        let mut g = group(c, "utf32_to_utf8", lang, 4 * src.len());
        let id = |f: &str| BenchmarkId::new(f, lang);
        g.bench_function(id("rapidutf/utf32_to_utf8"), |b| {
            b.iter(|| rapidutf::utf32_to_utf8(black_box(&src), &mut dst).unwrap())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/utf32_to_utf8")), |b| {
                b.iter(|| k.utf32_to_utf8(black_box(&src), &mut dst).unwrap())
            });
        }
        g.bench_function(id("simdutf/convert_utf32_to_utf8"), |b| {
            // SAFETY: `dst` holds 4 bytes per value, the most any input
            // needs.
            b.iter(|| unsafe {
                simdutf::convert_utf32_to_utf8(black_box(src.as_ptr()), src.len(), dst.as_mut_ptr())
            })
        });
        g.bench_function(id("std/char::from_u32"), |b| {
            b.iter(|| {
                let mut s = String::with_capacity(4 * src.len());
                for &v in black_box(&src) {
                    s.push(char::from_u32(v).unwrap());
                }
                s
            })
        });
        g.finish();
    }
}

fn bench_utf16_utf32(c: &mut Criterion) {
    for lang in bench_names() {
        let s16 = utf16(lang);
        let s32 = utf32(lang);
        let mut d32 = vec![0u32; s16.len()];
        let mut d16 = vec![0u16; 2 * s32.len()];
        let id = |f: &str| BenchmarkId::new(f, lang);

        let mut g = group(c, "utf16le_to_utf32", lang, 2 * s16.len());
        g.bench_function(id("rapidutf/utf16le_to_utf32"), |b| {
            b.iter(|| rapidutf::utf16le_to_utf32(black_box(&s16), &mut d32).unwrap())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/utf16le_to_utf32")), |b| {
                b.iter(|| k.utf16le_to_utf32(black_box(&s16), &mut d32).unwrap())
            });
        }
        g.bench_function(id("simdutf/convert_utf16le_to_utf32"), |b| {
            // SAFETY: `d32` holds one value per unit.
            b.iter(|| unsafe {
                simdutf::convert_utf16le_to_utf32(
                    black_box(s16.as_ptr()),
                    s16.len(),
                    d32.as_mut_ptr(),
                )
            })
        });
        g.bench_function(id("std/char::decode_utf16"), |b| {
            b.iter(|| {
                let mut n = 0;
                for (d, c) in
                    d32.iter_mut().zip(char::decode_utf16(black_box(&s16).iter().copied()))
                {
                    *d = c.unwrap() as u32;
                    n += 1;
                }
                n
            })
        });
        g.finish();

        let mut g = group(c, "utf32_to_utf16le", lang, 4 * s32.len());
        g.bench_function(id("rapidutf/utf32_to_utf16le"), |b| {
            b.iter(|| rapidutf::utf32_to_utf16le(black_box(&s32), &mut d16).unwrap())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/utf32_to_utf16le")), |b| {
                b.iter(|| k.utf32_to_utf16le(black_box(&s32), &mut d16).unwrap())
            });
        }
        g.bench_function(id("simdutf/convert_utf32_to_utf16le"), |b| {
            // SAFETY: `d16` holds two units per value.
            b.iter(|| unsafe {
                simdutf::convert_utf32_to_utf16le(
                    black_box(s32.as_ptr()),
                    s32.len(),
                    d16.as_mut_ptr(),
                )
            })
        });
        g.bench_function(id("std/encode_utf16"), |b| {
            b.iter(|| {
                let mut n = 0;
                for &v in black_box(&s32) {
                    n += char::from_u32(v).unwrap().encode_utf16(&mut d16[n..]).len();
                }
                n
            })
        });
        g.finish();

        let mut g = group(c, "validate_utf16le", lang, 2 * s16.len());
        g.bench_function(id("rapidutf/validate_utf16le"), |b| {
            b.iter(|| rapidutf::validate_utf16le(black_box(&s16)).is_ok())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/validate_utf16le")), |b| {
                b.iter(|| k.validate_utf16le(black_box(&s16)).is_ok())
            });
        }
        g.bench_function(id("simdutf/validate_utf16le"), |b| {
            b.iter(|| simdutf::validate_utf16le(black_box(&s16)))
        });
        g.finish();

        let mut g = group(c, "validate_utf32", lang, 4 * s32.len());
        g.bench_function(id("rapidutf/validate_utf32"), |b| {
            b.iter(|| rapidutf::validate_utf32(black_box(&s32)).is_ok())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/validate_utf32")), |b| {
                b.iter(|| k.validate_utf32(black_box(&s32)).is_ok())
            });
        }
        g.bench_function(id("simdutf/validate_utf32"), |b| {
            b.iter(|| simdutf::validate_utf32(black_box(&s32)))
        });
        g.finish();
    }
}

criterion_group!(benches, bench_utf16_to_utf8, bench_utf32_to_utf8, bench_utf16_utf32);
criterion_main!(benches);
