//! The conversions of valid input (`&str`, `&[char]`) against the
//! validating conversions of the same kernel and against simdutf's
//! `convert_valid_*` kernel of the same class, in one process, per generated
//! text.
//!
//! ```text
//! cargo run --release --example valid_input -- avx2     # vs simdutf haswell
//! cargo run --release --example valid_input -- sse42    # vs simdutf westmere
//! cargo run --release --example valid_input -- avx512   # vs simdutf icelake
//! ```
//!
//! simdutf picks its implementation at its first call and honours
//! `SIMDUTF_FORCE_IMPLEMENTATION` then: this program sets that variable
//! before it calls simdutf. rapidutf's kernel is called directly
//! (`Kernel::Avx2.str_to_utf16le(..)`). GB/s of input, best of 15 rounds
//! of about 2 ms each; Markdown tables with the geomeans.

use rapidutf::Kernel;
use rapidutf_testkit::corpus::{bench_file, LANGUAGES};

mod common;
use common::gbps;

/// One direction: per file, (ours without validation, ours validating,
/// simdutf's valid-input kernel), in GB/s.
type Run = Box<dyn Fn(&str) -> [f64; 3]>;

fn main() {
    let ours = std::env::args().nth(1).unwrap_or_else(|| "avx2".to_owned());
    let theirs = match ours.as_str() {
        "sse42" => "westmere",
        "avx2" => "haswell",
        "avx512" => "icelake",
        other => panic!("no simdutf counterpart for kernel {other:?} (sse42, avx2, avx512)"),
    };
    let k: Kernel = ours.parse().expect("a kernel name");
    assert!(k.is_available(), "this CPU cannot run the {ours} kernel");
    // Before simdutf's first call, which settles its implementation. This
    // program has one thread.
    std::env::set_var("SIMDUTF_FORCE_IMPLEMENTATION", theirs);

    let dirs: Vec<(&str, Run)> = vec![
        (
            "&str → UTF-16LE",
            Box::new(move |lang| {
                let s = String::from_utf8(bench_file(lang, "utf8")).unwrap();
                let mut dst = vec![0u16; s.len()];
                let a = gbps(s.len(), || k.str_to_utf16le(&s, &mut dst).unwrap_or(0));
                let b = gbps(s.len(), || k.utf8_to_utf16le(s.as_bytes(), &mut dst).unwrap_or(0));
                // SAFETY: `s` is valid UTF-8 and `dst` holds one unit per
                // byte, what UTF-8 needs at most.
                let c = gbps(s.len(), || unsafe {
                    simdutf::convert_valid_utf8_to_utf16le(s.as_ptr(), s.len(), dst.as_mut_ptr())
                });
                [a, b, c]
            }),
        ),
        (
            "&str → UTF-32",
            Box::new(move |lang| {
                let s = String::from_utf8(bench_file(lang, "utf8")).unwrap();
                let mut dst = vec![0u32; s.len()];
                let a = gbps(s.len(), || k.str_to_utf32(&s, &mut dst).unwrap_or(0));
                let b = gbps(s.len(), || k.utf8_to_utf32(s.as_bytes(), &mut dst).unwrap_or(0));
                // SAFETY: as above, one value per byte.
                let c = gbps(s.len(), || unsafe {
                    simdutf::convert_valid_utf8_to_utf32(s.as_ptr(), s.len(), dst.as_mut_ptr())
                });
                [a, b, c]
            }),
        ),
        (
            "&[char] → UTF-8",
            Box::new(move |lang| {
                let s = String::from_utf8(bench_file(lang, "utf8")).unwrap();
                let chars: Vec<char> = s.chars().collect();
                let values: Vec<u32> = chars.iter().map(|&c| u32::from(c)).collect();
                let mut dst = vec![0u8; 4 * chars.len()];
                let bytes = 4 * chars.len();
                let a = gbps(bytes, || k.chars_to_utf8(&chars, &mut dst).unwrap_or(0));
                let b = gbps(bytes, || k.utf32_to_utf8(&values, &mut dst).unwrap_or(0));
                // SAFETY: the values are scalar values and `dst` holds 4
                // bytes per value.
                let c = gbps(bytes, || unsafe {
                    simdutf::convert_valid_utf32_to_utf8(
                        values.as_ptr(),
                        values.len(),
                        dst.as_mut_ptr(),
                    )
                });
                [a, b, c]
            }),
        ),
        (
            "&[char] → UTF-16LE",
            Box::new(move |lang| {
                let s = String::from_utf8(bench_file(lang, "utf8")).unwrap();
                let chars: Vec<char> = s.chars().collect();
                let values: Vec<u32> = chars.iter().map(|&c| u32::from(c)).collect();
                let mut dst = vec![0u16; 2 * chars.len()];
                let bytes = 4 * chars.len();
                let a = gbps(bytes, || k.chars_to_utf16le(&chars, &mut dst).unwrap_or(0));
                let b = gbps(bytes, || k.utf32_to_utf16le(&values, &mut dst).unwrap_or(0));
                // SAFETY: the values are scalar values and `dst` holds 2
                // units per value.
                let c = gbps(bytes, || unsafe {
                    simdutf::convert_valid_utf32_to_utf16le(
                        values.as_ptr(),
                        values.len(),
                        dst.as_mut_ptr(),
                    )
                });
                [a, b, c]
            }),
        ),
    ];

    println!("rapidutf {ours} (valid input, validating) vs simdutf {theirs} convert_valid_*,");
    println!("GB/s of input, best of 15 rounds\n");
    println!(
        "| direction | file | valid input | validating | ratio | simdutf {theirs} valid | ratio |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mut summary = Vec::new();
    for (name, run) in &dirs {
        let mut logs = [0.0f64; 3];
        for lang in LANGUAGES {
            let r = run(lang);
            for (l, x) in logs.iter_mut().zip(r) {
                *l += x.ln();
            }
            println!(
                "| {name} | {lang} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
                r[0],
                r[1],
                r[0] / r[1],
                r[2],
                r[0] / r[2]
            );
        }
        let g = logs.map(|l| (l / LANGUAGES.len() as f64).exp());
        println!(
            "| {name} | **geomean** | **{:.2}** | **{:.2}** | **{:.2}** | **{:.2}** | **{:.2}** |",
            g[0],
            g[1],
            g[0] / g[1],
            g[2],
            g[0] / g[2]
        );
        summary.push((name, g));
    }
    println!("\n| direction | valid input | validating | ratio | simdutf {theirs} valid | ratio |");
    println!("|---|---|---|---|---|---|");
    for (name, g) in summary {
        println!(
            "| {name} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            g[0],
            g[1],
            g[0] / g[1],
            g[2],
            g[0] / g[2]
        );
    }
}
