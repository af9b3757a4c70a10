//! The allocating conversions (`_vec`, `_to_string`, lossy decoding), as a
//! user calls them (dispatched, with the allocation), per generated text:
//! GB/s of input, best of 15 rounds of about 2 ms each, geomean over the
//! nine files. Only functions that exist in every version of the crate
//! are used, so that the same program measures one version against
//! another (build it against each and compare the tables).
//!
//! ```text
//! cargo run --release --example allocating
//! ```

use rapidutf_testkit::corpus::{bench_file, LANGUAGES};

mod common;
use common::gbps;

/// The inputs of one file in every form.
struct Input {
    utf8: Vec<u8>,
    utf16: Vec<u16>,
    utf32: Vec<u32>,
    /// UTF-8 with an invalid byte every 1000 bytes (at a character
    /// boundary).
    utf8_errors: Vec<u8>,
    /// The characters up to U+00FF of the text, as Latin-1.
    latin1: Vec<u8>,
}

fn input(lang: &str) -> Input {
    let utf8 = bench_file(lang, "utf8");
    let s = std::str::from_utf8(&utf8).unwrap();
    let mut utf8_errors = Vec::with_capacity(utf8.len() + utf8.len() / 1000);
    let mut since = 0;
    for c in s.chars() {
        if since >= 1000 {
            utf8_errors.push(0xFF);
            since = 0;
        }
        let mut b = [0; 4];
        utf8_errors.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
        since += c.len_utf8();
    }
    let latin1 = s.chars().filter(|&c| u32::from(c) <= 0xFF).map(|c| c as u8).collect();
    Input {
        utf16: s.encode_utf16().collect(),
        utf32: s.chars().map(u32::from).collect(),
        utf8,
        utf8_errors,
        latin1,
    }
}

type Case = (&'static str, fn(&Input) -> f64);

fn main() {
    let cases: Vec<Case> = vec![
        ("utf8_to_utf16_vec", |i| {
            gbps(i.utf8.len(), || rapidutf::utf8_to_utf16_vec(&i.utf8).unwrap().len())
        }),
        ("utf8_to_utf16le_vec", |i| {
            gbps(i.utf8.len(), || rapidutf::utf8_to_utf16le_vec(&i.utf8).unwrap().len())
        }),
        ("utf8_to_utf32_vec", |i| {
            gbps(i.utf8.len(), || rapidutf::utf8_to_utf32_vec(&i.utf8).unwrap().len())
        }),
        ("utf16_to_string", |i| {
            gbps(2 * i.utf16.len(), || rapidutf::utf16_to_string(&i.utf16).unwrap().len())
        }),
        ("utf16_to_utf32_vec", |i| {
            gbps(2 * i.utf16.len(), || rapidutf::utf16_to_utf32_vec(&i.utf16).unwrap().len())
        }),
        ("utf32_to_string", |i| {
            gbps(4 * i.utf32.len(), || rapidutf::utf32_to_string(&i.utf32).unwrap().len())
        }),
        ("utf32_to_utf16_vec", |i| {
            gbps(4 * i.utf32.len(), || rapidutf::utf32_to_utf16_vec(&i.utf32).unwrap().len())
        }),
        ("utf16_to_string_lossy (valid)", |i| {
            gbps(2 * i.utf16.len(), || rapidutf::utf16_to_string_lossy(&i.utf16).len())
        }),
        ("utf8_to_utf16_lossy (valid)", |i| {
            gbps(i.utf8.len(), || rapidutf::utf8_to_utf16_lossy(&i.utf8).len())
        }),
        ("utf8_to_utf16_lossy (error every 1000 B)", |i| {
            gbps(i.utf8_errors.len(), || rapidutf::utf8_to_utf16_lossy(&i.utf8_errors).len())
        }),
        ("latin1_to_string", |i| {
            gbps(i.latin1.len(), || rapidutf::latin1_to_string(&i.latin1).len())
        }),
        ("latin1_to_utf16_vec", |i| {
            gbps(i.latin1.len(), || rapidutf::latin1_to_utf16_vec(&i.latin1).len())
        }),
        ("windows1252_to_string", |i| {
            gbps(i.latin1.len(), || rapidutf::windows1252_to_string(&i.latin1).len())
        }),
        ("utf8_variants::decode_surrogateescape", |i| {
            gbps(i.utf8_errors.len(), || {
                rapidutf::utf8_variants::decode_surrogateescape(&i.utf8_errors).len()
            })
        }),
    ];
    let inputs: Vec<(&str, Input)> = LANGUAGES.iter().map(|&l| (l, input(l))).collect();
    println!(
        "allocating conversions, kernel {}, GB/s of input, best of 15 rounds\n",
        rapidutf::Kernel::active()
    );
    println!("| function | geomean | min | max |");
    println!("|---|---|---|---|");
    for (name, run) in &cases {
        let speeds: Vec<f64> = inputs
            .iter()
            // The Latin-1 cases on the files that have Latin-1 text.
            .filter(|(_, i)| {
                !name.starts_with("latin1") && !name.starts_with("windows") || i.latin1.len() > 1000
            })
            .map(|(_, i)| run(i))
            .collect();
        let g = (speeds.iter().map(|x| x.ln()).sum::<f64>() / speeds.len() as f64).exp();
        let min = speeds.iter().copied().fold(f64::MAX, f64::min);
        let max = speeds.iter().copied().fold(0.0, f64::max);
        println!("| {name} | {g:.2} | {min:.2} | {max:.2} |");
    }
}
