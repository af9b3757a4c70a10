//! Kernel against kernel: one rapidutf kernel against simdutf's kernel of
//! the same class, in one process, per direction and per text of the
//! corpus (`rapidutf_testkit::corpus::bench_texts`: the generated text of
//! each language, named by the language, then the real lipsum and
//! Wikipedia texts where `../shared` exists, named with their corpus).
//!
//! ```text
//! cargo run --release --example versus -- avx2     # rapidutf avx2   vs simdutf haswell
//! cargo run --release --example versus -- sse42    # rapidutf sse42  vs simdutf westmere
//! cargo run --release --example versus -- avx512   # rapidutf avx512 vs simdutf icelake
//! cargo run --release --example versus -- sse42 8-16,32-8 Chinese,Korean
//! ```
//!
//! The optional second argument keeps only some directions, by short key
//! (`8-16`, `16-8`, `8-32`, `32-8`, `16-32`, `32-16`, `count`, `l1-8`,
//! `8-l1`, `l1-16`, `16-l1`), and the third only some files (by name prefix), for quick
//! iteration on one path.
//!
//! simdutf picks its implementation once, at its first call, and honours
//! `SIMDUTF_FORCE_IMPLEMENTATION` then: this program sets that variable
//! before it calls simdutf at all. rapidutf's kernel is called directly
//! (`Kernel::Avx2.utf8_to_utf16le(..)`), whatever `RAPIDUTF_KERNEL` says.
//! GB/s of input, best of 15 rounds of about 2 ms each; the table is
//! Markdown, with the CPU's name, the ratio per file and the geomeans.
//! Then Latin-1 to and from UTF-8 and UTF-16LE, on the testkit's generated
//! Latin-1 inputs (`ascii`, `western`).

mod common;

use common::Filter;
use rapidutf::Kernel;
use rapidutf_testkit::corpus::{bench_file, bench_names, LANGUAGES};
use std::hint::black_box;
use std::time::Instant;

/// GB/s of `bytes` input for `f` and for `g`, both writing into `dst`
/// (the same buffer, so that both see the same alignment): enough calls
/// to take about 2 ms per round, 15 rounds, the two alternating round by
/// round so that both meet the same load on a shared machine; the best
/// round of each.
fn pair<T>(
    bytes: usize,
    dst: &mut [T],
    mut f: impl FnMut(&mut [T]) -> usize,
    mut g: impl FnMut(&mut [T]) -> usize,
) -> (f64, f64) {
    fn reps<T>(dst: &mut [T], f: &mut impl FnMut(&mut [T]) -> usize) -> usize {
        let t = Instant::now();
        black_box(f(dst));
        let once = t.elapsed().as_secs_f64().max(1e-7);
        ((2e-3 / once) as usize).max(1)
    }
    fn round<T>(dst: &mut [T], reps: usize, f: &mut impl FnMut(&mut [T]) -> usize) -> f64 {
        let t = Instant::now();
        for _ in 0..reps {
            black_box(f(dst));
        }
        t.elapsed().as_secs_f64() / reps as f64
    }
    let (rf, rg) = (reps(dst, &mut f), reps(dst, &mut g));
    let (mut bf, mut bg) = (f64::MAX, f64::MAX);
    for _ in 0..15 {
        bf = bf.min(round(dst, rf, &mut f));
        bg = bg.min(round(dst, rg, &mut g));
    }
    (bytes as f64 / bf / 1e9, bytes as f64 / bg / 1e9)
}

/// The text `lang` as UTF-16LE units.
fn utf16le_of(lang: &str) -> Vec<u16> {
    let text = String::from_utf8(bench_file(lang, "utf8")).unwrap();
    text.encode_utf16().map(u16::to_le).collect()
}

/// The text `lang` as UTF-32 values.
fn utf32_of(lang: &str) -> Vec<u32> {
    let text = String::from_utf8(bench_file(lang, "utf8")).unwrap();
    text.chars().map(u32::from).collect()
}

fn main() {
    let ours = std::env::args().nth(1).unwrap_or_else(|| "avx2".to_owned());
    let theirs = match ours.as_str() {
        "sse42" => "westmere",
        "avx2" => "haswell",
        "avx512" => "icelake",
        other => panic!("no simdutf counterpart for kernel {other:?} (sse42, avx2, avx512)"),
    };
    let kernel: Kernel = ours.parse().expect("a kernel name");
    let only = Filter::from_arg(2);
    let files = Filter::from_arg(3);
    assert!(kernel.is_available(), "this CPU cannot run the {ours} kernel");
    // Before simdutf's first call, which settles its implementation. This
    // program has one thread.
    std::env::set_var("SIMDUTF_FORCE_IMPLEMENTATION", theirs);

    println!("rapidutf {ours} vs simdutf {theirs} on {}, GB/s of input\n", common::cpu_name());
    type Run = Box<dyn Fn(&str) -> (f64, f64)>;
    let dirs: Vec<(&str, &str, Run)> = vec![
        (
            "UTF-8 → UTF-16LE",
            "8-16",
            Box::new(move |lang| {
                let src = bench_file(lang, "utf8");
                let mut dst = vec![0u16; src.len() + 8];
                let (a, b) = pair(
                    src.len(),
                    &mut dst,
                    |d| kernel.utf8_to_utf16le(&src, d).unwrap_or(0),
                    // SAFETY: `dst` holds `src.len()` units, what UTF-8 needs at most.
                    |d| unsafe {
                        simdutf::convert_utf8_to_utf16le(src.as_ptr(), src.len(), d.as_mut_ptr())
                    },
                );
                (a, b)
            }),
        ),
        (
            "UTF-16LE → UTF-8",
            "16-8",
            Box::new(move |lang| {
                let src = utf16le_of(lang);
                let mut dst = vec![0u8; 3 * src.len() + 8];
                let (a, b) = pair(
                    2 * src.len(),
                    &mut dst,
                    |d| kernel.utf16le_to_utf8(&src, d).unwrap_or(0),
                    // SAFETY: `dst` holds 3 bytes per unit, what UTF-16 needs at most.
                    |d| unsafe {
                        simdutf::convert_utf16le_to_utf8(src.as_ptr(), src.len(), d.as_mut_ptr())
                    },
                );
                (a, b)
            }),
        ),
        (
            "UTF-8 → UTF-32",
            "8-32",
            Box::new(move |lang| {
                let src = bench_file(lang, "utf8");
                let mut dst = vec![0u32; src.len() + 8];
                let (a, b) = pair(
                    src.len(),
                    &mut dst,
                    |d| kernel.utf8_to_utf32(&src, d).unwrap_or(0),
                    // SAFETY: `dst` holds one value per byte, what UTF-8 needs at most.
                    |d| unsafe {
                        simdutf::convert_utf8_to_utf32(src.as_ptr(), src.len(), d.as_mut_ptr())
                    },
                );
                (a, b)
            }),
        ),
        (
            "UTF-32 → UTF-8",
            "32-8",
            Box::new(move |lang| {
                let src = utf32_of(lang);
                let mut dst = vec![0u8; 4 * src.len() + 8];
                let (a, b) = pair(
                    4 * src.len(),
                    &mut dst,
                    |d| kernel.utf32_to_utf8(&src, d).unwrap_or(0),
                    // SAFETY: `dst` holds 4 bytes per value, what UTF-32 needs at most.
                    |d| unsafe {
                        simdutf::convert_utf32_to_utf8(src.as_ptr(), src.len(), d.as_mut_ptr())
                    },
                );
                (a, b)
            }),
        ),
        (
            "UTF-16LE → UTF-32",
            "16-32",
            Box::new(move |lang| {
                let src = utf16le_of(lang);
                let mut dst = vec![0u32; src.len() + 8];
                let (a, b) = pair(
                    2 * src.len(),
                    &mut dst,
                    |d| kernel.utf16le_to_utf32(&src, d).unwrap_or(0),
                    // SAFETY: `dst` holds a value per unit, what UTF-16 needs at most.
                    |d| unsafe {
                        simdutf::convert_utf16le_to_utf32(src.as_ptr(), src.len(), d.as_mut_ptr())
                    },
                );
                (a, b)
            }),
        ),
        (
            "UTF-32 → UTF-16LE",
            "32-16",
            Box::new(move |lang| {
                let src = utf32_of(lang);
                let mut dst = vec![0u16; 2 * src.len() + 8];
                let (a, b) = pair(
                    4 * src.len(),
                    &mut dst,
                    |d| kernel.utf32_to_utf16le(&src, d).unwrap_or(0),
                    // SAFETY: `dst` holds 2 units per value, what UTF-32 needs at most.
                    |d| unsafe {
                        simdutf::convert_utf32_to_utf16le(src.as_ptr(), src.len(), d.as_mut_ptr())
                    },
                );
                (a, b)
            }),
        ),
        (
            "count_chars",
            "count",
            Box::new(move |lang| {
                let src = bench_file(lang, "utf8");
                pair(
                    src.len(),
                    &mut [0u8; 0],
                    |_| kernel.count_chars(&src),
                    |_| simdutf::count_utf8(&src),
                )
            }),
        ),
    ];

    let mut summary = Vec::new();
    if dirs.iter().any(|(_, key, _)| only.keeps(key)) {
        println!("| direction | file | rapidutf {ours} | simdutf {theirs} | ratio |");
        println!("|---|---|---|---|---|");
    }
    for (name, key, run) in &dirs {
        if !only.keeps(key) {
            continue;
        }
        let mut worst = (f64::MAX, "");
        // Log sums and counts, of the generated texts and of the real ones.
        let mut logs = [(0.0, 0.0, 0.0); 2];
        let langs: Vec<&str> =
            bench_names().into_iter().filter(|l| files.keeps_prefix(l)).collect();
        if langs.is_empty() {
            continue;
        }
        for &lang in &langs {
            let (a, b) = run(lang);
            let l = &mut logs[usize::from(!LANGUAGES.contains(&lang))];
            *l = (l.0 + a.ln(), l.1 + b.ln(), l.2 + 1.0);
            if a / b < worst.0 {
                worst = (a / b, lang);
            }
            println!("| {name} | {lang} | {a:.2} | {b:.2} | {:.2} |", a / b);
        }
        let mut geo = None;
        for ((la, lb, n), corpus) in logs.into_iter().zip(["generated", "real"]) {
            if n > 0.0 {
                let (ga, gb) = ((la / n).exp(), (lb / n).exp());
                println!(
                    "| {name} | **geomean, {corpus}** | **{ga:.2}** | **{gb:.2}** | **{:.2}** |",
                    ga / gb
                );
                geo = geo.or(Some((ga, gb)));
            }
        }
        let (ga, gb) = geo.expect("a text");
        summary.push((name, ga, gb, worst));
    }
    if !summary.is_empty() {
        println!(
            "\n| direction | rapidutf {ours} | simdutf {theirs} | ratio (geomean, generated) | worst text |"
        );
        println!("|---|---|---|---|---|");
    }
    for (name, ga, gb, (w, lang)) in summary {
        println!("| {name} | {ga:.2} | {gb:.2} | {:.2} | {w:.2} ({lang}) |", ga / gb);
    }
    latin1(kernel, &ours, theirs, &only, &files);
}

/// Latin-1 to and from UTF-8 and UTF-16LE, per input, with the geomean.
fn latin1(kernel: Kernel, ours: &str, theirs: &str, only: &Filter, files: &Filter) {
    type Pair = (f64, f64);
    /// A direction: its name, its filter key, and the race on one input.
    type Dir<'a> = (&'a str, &'a str, &'a dyn Fn(&[u8]) -> Pair);
    let dirs: [Dir; 4] = [
        ("Latin-1 → UTF-8", "l1-8", &|src: &[u8]| {
            let mut dst = vec![0u8; 2 * src.len()];
            let (a, b) = pair(
                src.len(),
                &mut dst,
                |d| kernel.latin1_to_utf8(src, d).unwrap_or(0),
                // SAFETY: `dst` holds 2 bytes per input byte, what Latin-1 needs.
                |d| unsafe {
                    simdutf::convert_latin1_to_utf8(src.as_ptr(), src.len(), d.as_mut_ptr())
                },
            );
            (a, b)
        }),
        ("UTF-8 → Latin-1", "8-l1", &|latin: &[u8]| {
            let src: Vec<u8> = latin.iter().map(|&b| b as char).collect::<String>().into_bytes();
            let mut dst = vec![0u8; src.len()];
            let (a, b) = pair(
                src.len(),
                &mut dst,
                |d| kernel.utf8_to_latin1(&src, d).unwrap_or(0),
                // SAFETY: `dst` holds one byte per input byte.
                |d| unsafe {
                    simdutf::convert_utf8_to_latin1(src.as_ptr(), src.len(), d.as_mut_ptr())
                },
            );
            (a, b)
        }),
        ("Latin-1 → UTF-16LE", "l1-16", &|src: &[u8]| {
            let mut dst = vec![0u16; src.len()];
            let (a, b) = pair(
                src.len(),
                &mut dst,
                |d| kernel.latin1_to_utf16le(src, d).unwrap_or(0),
                // SAFETY: `dst` holds one unit per input byte.
                |d| unsafe {
                    simdutf::convert_latin1_to_utf16le(src.as_ptr(), src.len(), d.as_mut_ptr())
                },
            );
            (a, b)
        }),
        ("UTF-16LE → Latin-1", "16-l1", &|latin: &[u8]| {
            let src: Vec<u16> = latin.iter().map(|&b| u16::from(b).to_le()).collect();
            let mut dst = vec![0u8; src.len()];
            let (a, b) = pair(
                2 * src.len(),
                &mut dst,
                |d| kernel.utf16le_to_latin1(&src, d).unwrap_or(0),
                // SAFETY: `dst` holds one byte per input unit.
                |d| unsafe {
                    simdutf::convert_utf16le_to_latin1(src.as_ptr(), src.len(), d.as_mut_ptr())
                },
            );
            (a, b)
        }),
    ];
    let inputs: Vec<_> = rapidutf_testkit::latin1_inputs()
        .into_iter()
        .filter(|(name, _)| files.keeps_prefix(name))
        .collect();
    let mut summary = Vec::new();
    for (name, key, run) in dirs {
        if !only.keeps(key) || inputs.is_empty() {
            continue;
        }
        if summary.is_empty() {
            println!(
                "\n| Latin-1 direction | input | rapidutf {ours} | simdutf {theirs} | ratio |"
            );
            println!("|---|---|---|---|---|");
        }
        let (mut la, mut lb) = (0.0, 0.0);
        for (input, bytes) in &inputs {
            let (a, b) = run(bytes);
            la += a.ln();
            lb += b.ln();
            println!("| {name} | {input} | {a:.2} | {b:.2} | {:.2} |", a / b);
        }
        let n = inputs.len() as f64;
        let (ga, gb) = ((la / n).exp(), (lb / n).exp());
        println!("| {name} | **geomean** | **{ga:.2}** | **{gb:.2}** | **{:.2}** |", ga / gb);
        summary.push((name, ga, gb));
    }
    if !summary.is_empty() {
        println!("\n| Latin-1 direction | rapidutf {ours} | simdutf {theirs} | ratio |");
        println!("|---|---|---|---|");
    }
    for (name, ga, gb) in summary {
        println!("| {name} | {ga:.2} | {gb:.2} | {:.2} |", ga / gb);
    }
}
