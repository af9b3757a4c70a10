//! rapidutf's wasm32 kernels against simdutf8 and std, in one WASI
//! process: validation, UTF-8 to UTF-16, UTF-16 to UTF-8 and character
//! counting over the project's generated corpus (`rapidutf_testkit`,
//! generated in memory, so the engine's file system plays no part: 64 KiB
//! of each language, shaped like the lipsum corpus). Prints a Markdown
//! table of GB/s of input per text and the geomean. Run it with
//! `bench/wasm/run.sh`.

use rapidutf::Kernel;
use rapidutf_testkit::corpus::{generated_repeating, BENCH_LEN, LANGUAGES};
use std::hint::black_box;
use std::time::{Duration, Instant};


/// GB/s of `bytes` per call of `f`: the best of 5 measurements of at
/// least `budget` each.
fn gbps(bytes: usize, budget: Duration, mut f: impl FnMut() -> usize) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let (mut n, start) = (0u64, Instant::now());
        while start.elapsed() < budget {
            black_box(f());
            n += 1;
        }
        best = best.min(start.elapsed().as_secs_f64() / n as f64);
    }
    bytes as f64 / best / 1e9
}

type Case<'a> = (&'a str, Box<dyn Fn(&str, &[u8]) -> f64 + 'a>);

fn main() {
    let secs: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0.2);
    let budget = Duration::from_secs_f64(secs / 5.0);
    let kernels: Vec<Kernel> = Kernel::available().collect();
    let texts: Vec<(&str, String)> =
        LANGUAGES.iter().map(|&lang| (lang, generated_repeating(lang, BENCH_LEN))).collect();
    assert!(kernels.contains(&Kernel::Simd128), "build with -C target-feature=+simd128");

    let mut ops: Vec<(&str, Vec<Case>)> = Vec::new();

    let mut validate: Vec<Case> = Vec::new();
    for &k in &kernels {
        validate.push((
            k.name(),
            Box::new(move |_, b| gbps(b.len(), budget, || k.validate_utf8(b).map_or(0, str::len))),
        ));
    }
    validate.push((
        "simdutf8 basic",
        Box::new(|_, b| gbps(b.len(), budget, || simdutf8::basic::from_utf8(b).map_or(0, str::len))),
    ));
    validate.push((
        "simdutf8 compat",
        Box::new(|_, b| gbps(b.len(), budget, || simdutf8::compat::from_utf8(b).map_or(0, str::len))),
    ));
    validate.push((
        "core::str::from_utf8",
        Box::new(|_, b| gbps(b.len(), budget, || core::str::from_utf8(b).map_or(0, str::len))),
    ));
    ops.push(("UTF-8 validation", validate));

    let mut to16: Vec<Case> = Vec::new();
    for &k in &kernels {
        to16.push((
            k.name(),
            Box::new(move |_, b| {
                let mut dst = vec![0u16; b.len()];
                gbps(b.len(), budget, || k.utf8_to_utf16le(b, &mut dst).unwrap_or(0))
            }),
        ));
    }
    to16.push((
        "std encode_utf16",
        Box::new(|s, b| {
            let mut dst: Vec<u16> = Vec::with_capacity(b.len());
            gbps(b.len(), budget, || {
                dst.clear();
                dst.extend(s.encode_utf16());
                dst.len()
            })
        }),
    ));
    ops.push(("UTF-8 to UTF-16LE", to16));

    let mut to8: Vec<Case> = Vec::new();
    for &k in &kernels {
        to8.push((
            k.name(),
            Box::new(move |s, _| {
                let units: Vec<u16> = s.encode_utf16().collect();
                let mut dst = vec![0u8; 3 * units.len()];
                gbps(2 * units.len(), budget, || k.utf16le_to_utf8(&units, &mut dst).unwrap_or(0))
            }),
        ));
    }
    to8.push((
        "std String::from_utf16",
        Box::new(|s, _| {
            let units: Vec<u16> = s.encode_utf16().collect();
            gbps(2 * units.len(), budget, || String::from_utf16(&units).map_or(0, |s| s.len()))
        }),
    ));
    ops.push(("UTF-16LE to UTF-8 (GB/s of UTF-16)", to8));

    let mut count: Vec<Case> = Vec::new();
    for &k in &kernels {
        count.push((k.name(), Box::new(move |_, b| gbps(b.len(), budget, || k.count_chars(b)))));
    }
    count.push(("std chars().count()", Box::new(|s, b| gbps(b.len(), budget, || s.chars().count()))));
    ops.push(("count_chars", count));

    for (op, cases) in &ops {
        println!("\n### {op}\n");
        let names: Vec<&str> = cases.iter().map(|c| c.0).collect();
        println!("| text | {} |", names.join(" | "));
        println!("|---|{}", "---|".repeat(names.len()));
        let mut logs = vec![0f64; cases.len()];
        for (lang, text) in &texts {
            let (text, bytes) = (text.as_str(), text.as_bytes());
            let row: Vec<f64> = cases.iter().map(|(_, f)| f(text, bytes)).collect();
            for (l, v) in logs.iter_mut().zip(&row) {
                *l += v.ln();
            }
            let cells: Vec<String> = row.iter().map(|v| format!("{v:.2}")).collect();
            println!("| {lang} | {} |", cells.join(" | "));
        }
        let geo: Vec<String> =
            logs.iter().map(|l| format!("**{:.2}**", (l / texts.len() as f64).exp())).collect();
        println!("| geomean | {} |", geo.join(" | "));
    }
}
