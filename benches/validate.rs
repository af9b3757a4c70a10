//! Scalar `validate_utf8` against `core::str::from_utf8` on every lipsum
//! UTF-8 file (issue 2's figure), plus dispatch and every available kernel.
//!
//! Peers (simdutf, simdutf8) are benchmarked in the separate `bench/`
//! crate, so that plain `cargo test` never builds C++.
//!
//! `BENCH_QUICK=1` shortens warm-up and measurement for smoke runs.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rapidutf::Kernel;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

const LANGUAGES: [&str; 9] =
    ["Arabic", "Chinese", "Emoji", "Hebrew", "Hindi", "Japanese", "Korean", "Latin", "Russian"];

fn lipsum(lang: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/data/lipsum/{lang}-Lipsum.utf8.txt"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn bench(c: &mut Criterion) {
    let quick = std::env::var_os("BENCH_QUICK").is_some();
    for lang in LANGUAGES {
        let data = lipsum(lang);
        let mut g = c.benchmark_group(format!("lipsum/{lang}"));
        g.throughput(Throughput::Bytes(data.len() as u64));
        if quick {
            g.warm_up_time(Duration::from_millis(300));
            g.measurement_time(Duration::from_secs(1));
        }
        g.bench_function("core::str::from_utf8", |b| {
            b.iter(|| core::str::from_utf8(black_box(&data)).is_ok())
        });
        g.bench_function("rapidutf/validate_utf8", |b| {
            b.iter(|| rapidutf::validate_utf8(black_box(&data)).is_ok())
        });
        for k in Kernel::available() {
            g.bench_with_input(BenchmarkId::new("validate_utf8", k.name()), &data, |b, d| {
                b.iter(|| k.validate_utf8(black_box(d)).is_ok())
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
