//! UTF-8 validation by input size, the way a parser meets its buffers:
//! slices of JSON text from 8 bytes to 64 KiB, cut at character
//! boundaries, validated one after another: the generated JSON document
//! (`rapidutf_testkit::textgen::json`, 15 % non-ASCII bytes), and where
//! `../shared` exists the real one it stands for, `realdata/twitter.json`
//! (15 % non-ASCII bytes too). One rapidutf kernel against simdutf's
//! kernel of the same class, simdutf8 and core, in one process.
//!
//! ```text
//! cargo run --release --example sizes -- avx2     # rapidutf avx2  vs simdutf haswell
//! cargo run --release --example sizes -- sse42    # rapidutf sse42 vs simdutf westmere
//! ```
//!
//! rapidutf runs through its public functions (short inputs inline, the
//! rest dispatched), with the kernel forced by `RAPIDUTF_KERNEL`; simdutf
//! with `SIMDUTF_FORCE_IMPLEMENTATION`. Both are read at the first call,
//! so this program sets them before it validates anything. simdutf8 picks
//! its own kernel (AVX2 where the CPU has it, else SSE4.2). GB/s of input,
//! the best of 15 rounds of about 2 ms each, the contenders taking turns
//! within each round.

use rapidutf_testkit::corpus::{shared_dir, SEED};
use std::hint::black_box;

/// The sizes of the sweep, in bytes.
const SIZES: [usize; 14] = [8, 16, 32, 64, 96, 128, 192, 256, 384, 512, 1024, 4096, 16384, 65536];

mod common;
use common::race;

/// Slices of `text` of about `size` bytes: starting every `size` bytes
/// (or more often for short sizes, up to 4096 slices), each start moved
/// forward and each end moved back to a character boundary.
fn slices(text: &str, size: usize) -> Vec<&[u8]> {
    let stride = (text.len() / 4096).min(size).max(1);
    let mut out = Vec::new();
    let mut start = 0;
    while start + size <= text.len() && out.len() < 4096 {
        let mut s = start;
        while !text.is_char_boundary(s) {
            s += 1;
        }
        let mut e = (s + size).min(text.len());
        while !text.is_char_boundary(e) {
            e -= 1;
        }
        out.push(&text.as_bytes()[s..e]);
        start += stride;
    }
    out
}

fn main() {
    let ours = std::env::args().nth(1).unwrap_or_else(|| "avx2".to_owned());
    let theirs = match ours.as_str() {
        "sse42" => "westmere",
        "avx2" => "haswell",
        "avx512" => "icelake",
        other => panic!("no simdutf counterpart for kernel {other:?} (sse42, avx2, avx512)"),
    };
    let kernel: rapidutf::Kernel = ours.parse().expect("a kernel name");
    assert!(kernel.is_available(), "this CPU cannot run the {ours} kernel");
    // Before the first call of either library, which settles its kernel.
    // This program has one thread.
    std::env::set_var("RAPIDUTF_KERNEL", &ours);
    std::env::set_var("SIMDUTF_FORCE_IMPLEMENTATION", theirs);
    let mut texts = vec![("generated JSON", rapidutf_testkit::textgen::json(SEED, 631_515))];
    if let Some(dir) = shared_dir() {
        let path = dir.join("realdata/twitter.json");
        match std::fs::read_to_string(&path) {
            Ok(t) => texts.push(("twitter.json", t)),
            Err(e) => eprintln!("sizes: {}: {e}", path.display()),
        }
    }
    for (name, text) in &texts {
        assert!(rapidutf::validate_utf8(text.as_bytes()).is_ok(), "{name}");
    }
    assert_eq!(rapidutf::Kernel::active(), kernel);
    for (name, text) in &texts {
        sweep(name, text, &ours, theirs);
    }
}

/// The table of one text.
fn sweep(name: &str, text: &str, ours: &str, theirs: &str) {
    println!(
        "\nUTF-8 validation of {name} slices, rapidutf {ours} vs simdutf {theirs} on {}, GB/s of input\n",
        common::cpu_name()
    );
    println!(
        "| size | rapidutf `validate_utf8` | simdutf8 compat | ratio | rapidutf `is_valid_utf8` | simdutf8 basic | ratio | simdutf {theirs} | ratio | core |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for size in SIZES {
        let set = slices(text, size);
        let total: usize = set.iter().map(|s| s.len()).sum();
        let count = |f: fn(&[u8]) -> bool| set.iter().filter(|s| f(black_box(s))).count();
        let r = race(
            total,
            &mut [
                &mut || count(|s| rapidutf::validate_utf8(s).is_ok()),
                &mut || count(|s| simdutf8::compat::from_utf8(s).is_ok()),
                &mut || count(rapidutf::is_valid_utf8),
                &mut || count(|s| simdutf8::basic::from_utf8(s).is_ok()),
                &mut || count(simdutf::validate_utf8),
                &mut || count(|s| core::str::from_utf8(s).is_ok()),
            ],
        );
        let [exact, compat, valid, basic, simdutf, core] = r[..] else { unreachable!() };
        println!(
            "| {size} | {exact:.2} | {compat:.2} | {:.2} | {valid:.2} | {basic:.2} | {:.2} | {simdutf:.2} | {:.2} | {core:.2} |",
            exact / compat,
            valid / basic,
            valid / simdutf,
        );
    }
}
