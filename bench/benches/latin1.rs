//! Latin-1 (ISO-8859-1) to and from UTF-8 and UTF-16: rapidutf (dispatch
//! and every available kernel) against encoding_rs and std. Throughput is
//! in bytes of *input*.
//!
//! The inputs are generated (the testkit's `legacy` module): `ascii` (the
//! generated Latin text), `western` (generated French prose in Latin-1,
//! about one byte in thirty accented), `dense` (every other byte in
//! `A0..=FF`) and, for Windows-1252, `typographic` (French prose with
//! curly quotes, apostrophes, dashes and euro signs).
//!
//! Groups, each with one benchmark per implementation (`<impl>/<input>`):
//!
//! - `latin1_to_utf8/<input>`: rapidutf::latin1_to_utf8,
//!   encoding_rs::mem::convert_latin1_to_utf8, std (`b as char` collected).
//! - `utf8_to_latin1/<input>`: rapidutf::utf8_to_latin1 (validating),
//!   encoding_rs::mem::convert_utf8_to_latin1_lossy (no validation: it
//!   requires input in the Latin-1 range), std (`chars()` + `u8::try_from`).
//! - `latin1_to_utf16/<input>`, `utf16_to_latin1/<input>`: rapidutf,
//!   encoding_rs.
//! - `windows1252_to_utf8/<input>`, `windows1252_to_utf16/<input>`,
//!   `utf8_to_windows1252/<input>` (inputs `ascii`, `western` and
//!   `typographic`, see the testkit's `legacy` module): rapidutf against
//!   encoding_rs's windows-1252 decoder and encoder. The encoding groups
//!   also run the lossy encoders (`utf8_to_latin1_lossy`,
//!   `utf8_to_windows1252_lossy`), which on representable text take the
//!   same SIMD path as the strict ones.
//! - `utf8_to_latin1_replacing/<input>`: the Windows-1252 texts' UTF-8 to
//!   Latin-1 with `b'?'` for what Latin-1 lacks, beside encoding_rs's
//!   windows-1252 encoder with replacement.
//!
//! `BENCH_QUICK=1` shortens warm-up and measurement (for smoke runs).

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use criterion::{measurement::WallTime, BenchmarkId};
use rapidutf::Kernel;
use rapidutf_testkit::{latin1_inputs, windows1252_inputs};
use std::hint::black_box;
use std::time::Duration;

/// The Latin-1 inputs, by name: `ascii` and `western` from the testkit,
/// and `dense` (every other byte in `A0..=FF`).
fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    let mut inputs = latin1_inputs();
    let dense = inputs[0]
        .1
        .iter()
        .enumerate()
        .map(|(i, &b)| if i % 2 == 0 { 0xA0 + (i / 2 % 96) as u8 } else { b })
        .collect();
    inputs.push(("dense", dense));
    inputs
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
    input: &str,
    bytes: usize,
) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(format!("{name}/{input}"));
    timing(&mut g);
    g.throughput(Throughput::Bytes(bytes as u64));
    g
}

fn bench_latin1_to_utf8(c: &mut Criterion) {
    for (name, src) in inputs() {
        let mut dst = vec![0u8; 2 * src.len()];
        let mut g = group(c, "latin1_to_utf8", name, src.len());
        let id = |f: &str| BenchmarkId::new(f, name);
        g.bench_function(id("rapidutf/latin1_to_utf8"), |b| {
            b.iter(|| rapidutf::latin1_to_utf8(black_box(&src), &mut dst).unwrap())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/latin1_to_utf8")), |b| {
                b.iter(|| k.latin1_to_utf8(black_box(&src), &mut dst).unwrap())
            });
        }
        g.bench_function(id("encoding_rs/convert_latin1_to_utf8"), |b| {
            b.iter(|| encoding_rs::mem::convert_latin1_to_utf8(black_box(&src), &mut dst))
        });
        g.bench_function(id("std/latin1_to_string"), |b| {
            b.iter(|| black_box(&src).iter().map(|&b| b as char).collect::<String>())
        });
        g.finish();
    }
}

fn bench_utf8_to_latin1(c: &mut Criterion) {
    for (name, latin1) in inputs() {
        let src = rapidutf::latin1_to_string(&latin1).into_bytes();
        let mut dst = vec![0u8; src.len()];
        let mut g = group(c, "utf8_to_latin1", name, src.len());
        let id = |f: &str| BenchmarkId::new(f, name);
        g.bench_function(id("rapidutf/utf8_to_latin1"), |b| {
            b.iter(|| rapidutf::utf8_to_latin1(black_box(&src), &mut dst).unwrap())
        });
        g.bench_function(id("rapidutf/utf8_to_latin1_lossy"), |b| {
            b.iter(|| rapidutf::utf8_to_latin1_lossy(black_box(&src), &mut dst, b'?').unwrap())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/utf8_to_latin1")), |b| {
                b.iter(|| k.utf8_to_latin1(black_box(&src), &mut dst).unwrap())
            });
        }
        g.bench_function(id("encoding_rs/convert_utf8_to_latin1_lossy"), |b| {
            b.iter(|| encoding_rs::mem::convert_utf8_to_latin1_lossy(black_box(&src), &mut dst))
        });
        g.bench_function(id("std/chars"), |b| {
            b.iter(|| {
                let s = std::str::from_utf8(black_box(&src)).unwrap();
                s.chars().map(|c| u8::try_from(c).unwrap()).collect::<Vec<u8>>()
            })
        });
        g.finish();
    }
}

fn bench_utf16(c: &mut Criterion) {
    for (name, src) in inputs() {
        let mut wide = vec![0u16; src.len()];
        let mut g = group(c, "latin1_to_utf16", name, src.len());
        let id = |f: &str| BenchmarkId::new(f, name);
        g.bench_function(id("rapidutf/latin1_to_utf16"), |b| {
            b.iter(|| rapidutf::latin1_to_utf16(black_box(&src), &mut wide).unwrap())
        });
        g.bench_function(id("encoding_rs/convert_latin1_to_utf16"), |b| {
            b.iter(|| encoding_rs::mem::convert_latin1_to_utf16(black_box(&src), &mut wide))
        });
        g.finish();

        let mut back = vec![0u8; src.len()];
        let mut g = group(c, "utf16_to_latin1", name, 2 * wide.len());
        g.bench_function(id("rapidutf/utf16_to_latin1"), |b| {
            b.iter(|| rapidutf::utf16_to_latin1(black_box(&wide), &mut back).unwrap())
        });
        g.bench_function(id("encoding_rs/convert_utf16_to_latin1_lossy"), |b| {
            b.iter(|| encoding_rs::mem::convert_utf16_to_latin1_lossy(black_box(&wide), &mut back))
        });
        g.finish();
    }
}

fn bench_windows1252(c: &mut Criterion) {
    for (name, src) in windows1252_inputs() {
        let id = |f: &str| BenchmarkId::new(f, name);
        let mut dst = vec![0u8; 3 * src.len()];
        let mut g = group(c, "windows1252_to_utf8", name, src.len());
        g.bench_function(id("rapidutf/windows1252_to_utf8"), |b| {
            b.iter(|| rapidutf::windows1252_to_utf8(black_box(&src), &mut dst).unwrap())
        });
        for k in Kernel::available() {
            g.bench_function(id(&format!("rapidutf-{k}/windows1252_to_utf8")), |b| {
                b.iter(|| k.windows1252_to_utf8(black_box(&src), &mut dst).unwrap())
            });
        }
        g.bench_function(id("encoding_rs/decode_to_utf8"), |b| {
            b.iter(|| {
                let mut d = encoding_rs::WINDOWS_1252.new_decoder_without_bom_handling();
                d.decode_to_utf8_without_replacement(black_box(&src), &mut dst, true)
            })
        });
        g.finish();

        let mut wide = vec![0u16; src.len()];
        let mut g = group(c, "windows1252_to_utf16", name, src.len());
        g.bench_function(id("rapidutf/windows1252_to_utf16"), |b| {
            b.iter(|| rapidutf::windows1252_to_utf16(black_box(&src), &mut wide).unwrap())
        });
        g.bench_function(id("encoding_rs/decode_to_utf16"), |b| {
            b.iter(|| {
                let mut d = encoding_rs::WINDOWS_1252.new_decoder_without_bom_handling();
                d.decode_to_utf16_without_replacement(black_box(&src), &mut wide, true)
            })
        });
        g.finish();

        let text = rapidutf::windows1252_to_string(&src);
        let mut back = vec![0u8; src.len()];
        let mut g = group(c, "utf8_to_windows1252", name, text.len());
        g.bench_function(id("rapidutf/utf8_to_windows1252"), |b| {
            b.iter(|| rapidutf::utf8_to_windows1252(black_box(text.as_bytes()), &mut back).unwrap())
        });
        g.bench_function(id("rapidutf/utf8_to_windows1252_lossy"), |b| {
            b.iter(|| {
                rapidutf::utf8_to_windows1252_lossy(black_box(text.as_bytes()), &mut back, b'?')
                    .unwrap()
            })
        });
        g.bench_function(id("encoding_rs/encode_from_utf8"), |b| {
            b.iter(|| {
                let mut e = encoding_rs::WINDOWS_1252.new_encoder();
                e.encode_from_utf8_without_replacement(black_box(&text), &mut back, true)
            })
        });
        g.finish();

        // Replacing: the same text to Latin-1, which lacks its quotes,
        // dashes and euro signs (`typographic`: one replacement in about
        // forty bytes).
        let mut g = group(c, "utf8_to_latin1_replacing", name, text.len());
        g.bench_function(id("rapidutf/utf8_to_latin1_lossy"), |b| {
            b.iter(|| {
                rapidutf::utf8_to_latin1_lossy(black_box(text.as_bytes()), &mut back, b'?').unwrap()
            })
        });
        g.bench_function(id("encoding_rs/encode_from_utf8"), |b| {
            // Windows-1252 with replacement, as the nearest peer (it writes
            // numeric character references, not a byte, for what it lacks).
            b.iter(|| {
                let mut e = encoding_rs::WINDOWS_1252.new_encoder();
                e.encode_from_utf8(black_box(&text), &mut back, true)
            })
        });
        g.finish();
    }
}

criterion_group!(
    benches,
    bench_latin1_to_utf8,
    bench_utf8_to_latin1,
    bench_utf16,
    bench_windows1252
);
criterion_main!(benches);
