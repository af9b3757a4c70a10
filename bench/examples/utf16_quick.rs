//! Quick GB/s table (input bytes) for the UTF-16/UTF-32 directions, per
//! kernel and per generated text, next to simdutf: best of several rounds,
//! for development on a noisy machine. `cargo run --release --example
//! utf16_quick [filter]`.

use rapidutf::Kernel;
use rapidutf_testkit::corpus::{bench_file, LANGUAGES};
use std::hint::black_box;
use std::time::Instant;

fn read(lang: &str, form: &str) -> Vec<u8> {
    bench_file(lang, form)
}

/// GB/s of `bytes` input for `f`: the best of 15 rounds of enough calls to
/// take about 2 ms.
fn gbps(bytes: usize, mut f: impl FnMut()) -> f64 {
    let t = Instant::now();
    f();
    let once = t.elapsed().as_secs_f64().max(1e-7);
    let reps = ((2e-3 / once) as usize).max(1);
    let mut best = f64::MAX;
    for _ in 0..15 {
        let t = Instant::now();
        for _ in 0..reps {
            f();
        }
        best = best.min(t.elapsed().as_secs_f64() / reps as f64);
    }
    bytes as f64 / best / 1e9
}

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    let kernels: Vec<Kernel> = Kernel::available().collect();
    let dirs = [
        "utf16le_to_utf8",
        "utf32_to_utf8",
        "utf16le_to_utf32",
        "utf32_to_utf16le",
        "validate_utf16le",
        "validate_utf32",
    ];
    for dir in dirs.iter().filter(|d| d.contains(&filter)) {
        let mut names: Vec<String> = kernels.iter().map(|k| k.name().to_string()).collect();
        names.push("simdutf".into());
        if *dir == "utf16le_to_utf8" {
            names.push("encoding_rs".into());
            names.push("std".into());
        }
        println!("\n{dir} (GB/s of input)");
        print!("{:10}", "");
        for n in &names {
            print!("{n:>12}");
        }
        println!();
        let mut logs = vec![0f64; names.len()];
        for lang in LANGUAGES {
            let b16 = read(lang, "utf16");
            let u16s: Vec<u16> =
                b16[2..].chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
            let b32 = read(lang, "utf32");
            let u32s: Vec<u32> =
                b32.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
            let mut o8 = vec![0u8; 4 * u32s.len().max(u16s.len())];
            let mut o16 = vec![0u16; 2 * u32s.len()];
            let mut o32 = vec![0u32; u16s.len()];
            let mut row = Vec::new();
            for &k in &kernels {
                row.push(match *dir {
                    "utf16le_to_utf8" => gbps(u16s.len() * 2, || {
                        black_box(k.utf16le_to_utf8(black_box(&u16s), &mut o8).unwrap());
                    }),
                    "utf32_to_utf8" => gbps(u32s.len() * 4, || {
                        black_box(k.utf32_to_utf8(black_box(&u32s), &mut o8).unwrap());
                    }),
                    "utf16le_to_utf32" => gbps(u16s.len() * 2, || {
                        black_box(k.utf16le_to_utf32(black_box(&u16s), &mut o32).unwrap());
                    }),
                    "utf32_to_utf16le" => gbps(u32s.len() * 4, || {
                        black_box(k.utf32_to_utf16le(black_box(&u32s), &mut o16).unwrap());
                    }),
                    "validate_utf16le" => gbps(u16s.len() * 2, || {
                        black_box(k.validate_utf16le(black_box(&u16s)).is_ok());
                    }),
                    _ => gbps(u32s.len() * 4, || {
                        black_box(k.validate_utf32(black_box(&u32s)).is_ok());
                    }),
                });
            }
            // SAFETY: the output buffers are large enough for any valid input
            // (3 bytes per unit, 4 per value, 1 value per unit, 2 units per
            // value).
            row.push(unsafe {
                match *dir {
                    "utf16le_to_utf8" => gbps(u16s.len() * 2, || {
                        black_box(simdutf::convert_utf16le_to_utf8(
                            black_box(u16s.as_ptr()),
                            u16s.len(),
                            o8.as_mut_ptr(),
                        ));
                    }),
                    "utf32_to_utf8" => gbps(u32s.len() * 4, || {
                        black_box(simdutf::convert_utf32_to_utf8(
                            black_box(u32s.as_ptr()),
                            u32s.len(),
                            o8.as_mut_ptr(),
                        ));
                    }),
                    "utf16le_to_utf32" => gbps(u16s.len() * 2, || {
                        black_box(simdutf::convert_utf16le_to_utf32(
                            black_box(u16s.as_ptr()),
                            u16s.len(),
                            o32.as_mut_ptr(),
                        ));
                    }),
                    "utf32_to_utf16le" => gbps(u32s.len() * 4, || {
                        black_box(simdutf::convert_utf32_to_utf16le(
                            black_box(u32s.as_ptr()),
                            u32s.len(),
                            o16.as_mut_ptr(),
                        ));
                    }),
                    "validate_utf16le" => gbps(u16s.len() * 2, || {
                        black_box(simdutf::validate_utf16le(black_box(&u16s)));
                    }),
                    _ => gbps(u32s.len() * 4, || {
                        black_box(simdutf::validate_utf32(black_box(&u32s)));
                    }),
                }
            });
            if *dir == "utf16le_to_utf8" {
                row.push(gbps(u16s.len() * 2, || {
                    black_box(encoding_rs::mem::convert_utf16_to_utf8(black_box(&u16s), &mut o8));
                }));
                row.push(gbps(u16s.len() * 2, || {
                    black_box(String::from_utf16(black_box(&u16s)).unwrap());
                }));
            }
            print!("{lang:10}");
            for (i, g) in row.iter().enumerate() {
                print!("{g:12.2}");
                logs[i] += g.ln();
            }
            println!();
        }
        print!("{:10}", "geomean");
        for l in &logs {
            print!("{:12.2}", (l / 9.0).exp());
        }
        println!();
    }
}
