//! What a release-mode check of the output of the conversions to UTF-8
//! would cost: each conversion that commits its output to a `String`
//! without validating it (`utf16_to_string`, `utf32_to_string`,
//! `chars_to_string`, `latin1_to_string`, `windows1252_to_string`,
//! `utf16_to_string_lossy`, `utf16_to_utf8_append`), alone and followed
//! by `is_valid_utf8` of its output, on every lipsum file.
//!
//! ```text
//! cargo run --release --example output_check
//! ```
//!
//! GB/s of input, best of 15 rounds of about 2 ms each, the two variants
//! alternating round by round (see `common::race`); "cost" is how much
//! longer the checked variant takes.

mod common;

use common::race;
use rapidutf_testkit::{lipsum_file, LANGUAGES};
use std::hint::black_box;

/// The conversions, as `(name, input bytes, convert)`; `convert` returns
/// the output, which the checked variant then validates.
type Conversion<'a> = (&'static str, usize, Box<dyn Fn() -> String + 'a>);

fn main() {
    println!(
        "Release-mode output check: conversions to UTF-8, kernel {}; GB/s of input.\n",
        rapidutf::Kernel::active()
    );
    println!("| conversion | file | unchecked | checked | cost |");
    println!("|---|---|---|---|---|");
    let mut costs: Vec<(&str, f64)> = Vec::new();
    for lang in LANGUAGES {
        let text = String::from_utf8(lipsum_file(lang, "utf8")).expect("lipsum is UTF-8");
        let utf16: Vec<u16> = text.encode_utf16().collect();
        let utf32: Vec<u32> = text.chars().map(u32::from).collect();
        let chars: Vec<char> = text.chars().collect();
        // Single-byte text: the file's characters below U+0100 (Latin and
        // the scripts' spaces and punctuation), one byte each.
        let latin1: Vec<u8> =
            text.chars().filter(|&c| u32::from(c) < 0x100).map(|c| c as u8).collect();
        let conversions: Vec<Conversion<'_>> = vec![
            (
                "utf16_to_string",
                2 * utf16.len(),
                Box::new(|| rapidutf::utf16_to_string(&utf16).unwrap_or_default()),
            ),
            (
                "utf32_to_string",
                4 * utf32.len(),
                Box::new(|| rapidutf::utf32_to_string(&utf32).unwrap_or_default()),
            ),
            ("chars_to_string", 4 * chars.len(), Box::new(|| rapidutf::chars_to_string(&chars))),
            (
                "utf16_to_string_lossy",
                2 * utf16.len(),
                Box::new(|| rapidutf::utf16_to_string_lossy(&utf16)),
            ),
            (
                "utf16_to_utf8_append",
                2 * utf16.len(),
                Box::new(|| {
                    let mut s = String::new();
                    let _ = rapidutf::utf16_to_utf8_append(&utf16, &mut s);
                    s
                }),
            ),
            ("latin1_to_string", latin1.len(), Box::new(|| rapidutf::latin1_to_string(&latin1))),
            (
                "windows1252_to_string",
                latin1.len(),
                Box::new(|| rapidutf::windows1252_to_string(&latin1)),
            ),
        ];
        for (name, bytes, convert) in &conversions {
            if *bytes == 0 {
                // No single-byte text in the file (Emoji).
                continue;
            }
            let mut plain = || convert().len();
            let mut checked = || {
                let s = convert();
                assert!(rapidutf::is_valid_utf8(black_box(s.as_bytes())));
                s.len()
            };
            let gbs = race(*bytes, &mut [&mut plain, &mut checked]);
            let cost = gbs[0] / gbs[1] - 1.0;
            costs.push((name, cost));
            println!(
                "| {name} | {lang} | {:.2} | {:.2} | {:+.1} % |",
                gbs[0],
                gbs[1],
                100.0 * cost
            );
        }
    }
    println!("\n| conversion | mean cost over the files | largest |\n|---|---|---|");
    let mut names: Vec<&str> = costs.iter().map(|c| c.0).collect();
    names.dedup();
    names.sort_unstable();
    names.dedup();
    for name in names {
        let c: Vec<f64> = costs.iter().filter(|x| x.0 == name).map(|x| x.1).collect();
        let mean = c.iter().sum::<f64>() / c.len() as f64;
        let max = c.iter().copied().fold(f64::MIN, f64::max);
        println!("| {name} | {:+.1} % | {:+.1} % |", 100.0 * mean, 100.0 * max);
    }
}
