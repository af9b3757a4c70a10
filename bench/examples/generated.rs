//! Generated text against the real text it was measured on: does a figure
//! measured on the project's generated corpus mean what it would on real
//! text? Needs the shared corpus (`../shared`, or `RAPIDUTF_SHARED`).
//!
//! ```text
//! cargo run --release --example generated               # avx2 vs haswell
//! cargo run --release --example generated -- sse42 7    # 7 repeats
//! cargo run --release --example generated -- avx2 5 Korean,Japanese
//! ```
//!
//! For each language: the real text (a lipsum file, or the prose of a
//! Wikipedia article) and two generated texts of the same length, one
//! that repeats a block as the real one does (what the benchmarks use,
//! `corpus::generated_repeating`) and one that never repeats
//! (`corpus::generated`), through UTF-8 validation, UTF-8 → UTF-16LE and
//! UTF-16LE → UTF-8, by one rapidutf kernel (called directly) and by
//! simdutf's kernel of the same class (forced with
//! `SIMDUTF_FORCE_IMPLEMENTATION`). The six contenders of one operation
//! (each library on each text) take turns round by round; each repeat
//! keeps the best of 15 rounds of about 2 ms, and the table gives the
//! median of the repeats (5 by default), in GB/s of input, with the ratio
//! to the real text. (`cargo run -p rapidutf-testkit --example compare`
//! prints the texts' shares of 1- to 4-byte characters and word lengths.)

mod common;

use rapidutf::Kernel;
use rapidutf_testkit::corpus::{self, LANGUAGES};
use std::hint::black_box;
use std::time::Instant;

/// Seconds per call of each of `fs`, best of 15 rounds in which they take
/// turns.
fn race(fs: &mut [&mut dyn FnMut() -> usize]) -> Vec<f64> {
    let reps: Vec<usize> = fs
        .iter_mut()
        .map(|f| {
            let t = Instant::now();
            black_box(f());
            ((2e-3 / t.elapsed().as_secs_f64().max(1e-7)) as usize).max(1)
        })
        .collect();
    let mut best = vec![f64::MAX; fs.len()];
    for _ in 0..15 {
        for (k, f) in fs.iter_mut().enumerate() {
            let t = Instant::now();
            for _ in 0..reps[k] {
                black_box(f());
            }
            best[k] = best[k].min(t.elapsed().as_secs_f64() / reps[k] as f64);
        }
    }
    best
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The texts of one language: the real one, generated text repeating
/// itself as the real one does, and generated text that never repeats.
struct Texts {
    real: String,
    gen: String,
    plain: String,
}

/// GB/s (median over `repeats`) of each of `fs`, given each one's input
/// length in bytes.
fn measure<const N: usize>(
    repeats: usize,
    len: [usize; N],
    fs: &mut [&mut dyn FnMut() -> usize; N],
) -> [f64; N] {
    let runs: Vec<Vec<f64>> = (0..repeats).map(|_| race(fs)).collect();
    std::array::from_fn(|k| len[k] as f64 / median(runs.iter().map(|r| r[k]).collect()) / 1e9)
}

fn main() {
    let ours = std::env::args().nth(1).unwrap_or_else(|| "avx2".to_owned());
    let repeats: usize = std::env::args().nth(2).map_or(5, |s| s.parse().expect("a count"));
    let theirs = match ours.as_str() {
        "sse42" => "westmere",
        "avx2" => "haswell",
        "avx512" => "icelake",
        other => panic!("no simdutf counterpart for kernel {other:?} (sse42, avx2, avx512)"),
    };
    let only: Option<Vec<String>> =
        std::env::args().nth(3).map(|s| s.split(',').map(str::to_owned).collect());
    let kernel: Kernel = ours.parse().expect("a kernel name");
    assert!(kernel.is_available(), "this CPU cannot run the {ours} kernel");
    // Before simdutf's first call, which settles its implementation. This
    // program has one thread.
    std::env::set_var("SIMDUTF_FORCE_IMPLEMENTATION", theirs);
    let langs: Vec<(&str, Texts)> = LANGUAGES
        .iter()
        .filter(|lang| only.as_ref().is_none_or(|o| o.iter().any(|x| x == *lang)))
        .map(|&lang| {
            let real = corpus::shared(lang).unwrap_or_else(|| {
                eprintln!("generated: no shared corpus (../shared or RAPIDUTF_SHARED)");
                std::process::exit(2)
            });
            let gen = corpus::generated_repeating(lang, real.len());
            let plain = corpus::generated(lang, real.len());
            (lang, Texts { real, gen, plain })
        })
        .collect();

    println!(
        "Generated against real text: rapidutf {ours} vs simdutf {theirs} on {}, GB/s of \
         input, median of {repeats} repeats of best-of-15 rounds; \"generated\" repeats a \
         block as the real text does, \"no repeats\" does not\n",
        common::cpu_name()
    );
    println!(
        "| language | operation | rapidutf real | generated | ratio | no repeats | ratio \
         | simdutf real | generated | ratio | no repeats | ratio |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut worst: f64 = 0.0;
    for (lang, t) in &langs {
        let b8 = [t.real.as_bytes(), t.gen.as_bytes(), t.plain.as_bytes()];
        let b16: Vec<Vec<u16>> = [&t.real, &t.gen, &t.plain]
            .iter()
            .map(|s| s.encode_utf16().map(u16::to_le).collect())
            .collect();
        let l8: [usize; 6] = std::array::from_fn(|k| b8[k % 3].len());
        let l16: [usize; 6] = std::array::from_fn(|k| 2 * b16[k % 3].len());
        let [r8, g8, p8] = b8;
        let (r16, g16, p16) = (&b16[0][..], &b16[1][..], &b16[2][..]);

        let validate = measure(
            repeats,
            l8,
            &mut [
                &mut || kernel.validate_utf8(r8).map_or(0, str::len),
                &mut || kernel.validate_utf8(g8).map_or(0, str::len),
                &mut || kernel.validate_utf8(p8).map_or(0, str::len),
                &mut || usize::from(simdutf::validate_utf8(r8)),
                &mut || usize::from(simdutf::validate_utf8(g8)),
                &mut || usize::from(simdutf::validate_utf8(p8)),
            ],
        );
        // A buffer per contender, a unit per input byte: what UTF-8 needs
        // at most.
        let n16 = r8.len().max(g8.len()).max(p8.len()) + 64;
        let mut d16 = vec![vec![0u16; n16]; 6];
        let [a, b, c, d, e, f] = &mut d16[..] else { unreachable!() };
        let (d, e, f) = (d.as_mut_ptr(), e.as_mut_ptr(), f.as_mut_ptr());
        let to16 = measure(
            repeats,
            l8,
            &mut [
                &mut || kernel.utf8_to_utf16le(r8, a).unwrap_or(0),
                &mut || kernel.utf8_to_utf16le(g8, b).unwrap_or(0),
                &mut || kernel.utf8_to_utf16le(p8, c).unwrap_or(0),
                // SAFETY: each buffer holds a unit per input byte.
                &mut || unsafe { simdutf::convert_utf8_to_utf16le(r8.as_ptr(), r8.len(), d) },
                // SAFETY: as above.
                &mut || unsafe { simdutf::convert_utf8_to_utf16le(g8.as_ptr(), g8.len(), e) },
                // SAFETY: as above.
                &mut || unsafe { simdutf::convert_utf8_to_utf16le(p8.as_ptr(), p8.len(), f) },
            ],
        );
        // Three bytes per unit, what UTF-16 needs at most.
        let n8 = 3 * r16.len().max(g16.len()).max(p16.len()) + 64;
        let mut d8 = vec![vec![0u8; n8]; 6];
        let [a, b, c, d, e, f] = &mut d8[..] else { unreachable!() };
        let (d, e, f) = (d.as_mut_ptr(), e.as_mut_ptr(), f.as_mut_ptr());
        let to8 = measure(
            repeats,
            l16,
            &mut [
                &mut || kernel.utf16le_to_utf8(r16, a).unwrap_or(0),
                &mut || kernel.utf16le_to_utf8(g16, b).unwrap_or(0),
                &mut || kernel.utf16le_to_utf8(p16, c).unwrap_or(0),
                // SAFETY: each buffer holds 3 bytes per unit.
                &mut || unsafe { simdutf::convert_utf16le_to_utf8(r16.as_ptr(), r16.len(), d) },
                // SAFETY: as above.
                &mut || unsafe { simdutf::convert_utf16le_to_utf8(g16.as_ptr(), g16.len(), e) },
                // SAFETY: as above.
                &mut || unsafe { simdutf::convert_utf16le_to_utf8(p16.as_ptr(), p16.len(), f) },
            ],
        );
        for (op, g) in
            [("validate", validate), ("UTF-8 → UTF-16LE", to16), ("UTF-16LE → UTF-8", to8)]
        {
            let ratio = |k: usize, base: usize| g[k] / g[base];
            worst = worst.max((ratio(1, 0) - 1.0).abs()).max((ratio(4, 3) - 1.0).abs());
            println!(
                "| {lang} | {op} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
                g[0],
                g[1],
                ratio(1, 0),
                g[2],
                ratio(2, 0),
                g[3],
                g[4],
                ratio(4, 3),
                g[5],
                ratio(5, 3)
            );
        }
    }
    println!("\nLargest difference, generated against real: {:.1} %\n", 100.0 * worst);
}
