//! Each lossy error strategy against `Replace`, in one process, on the same
//! broken text: every generated text with a `0xFF` written every `EVERY` bytes
//! (default 1000; it also breaks the character it lands in), decoded to a
//! `String` and to UTF-16.
//!
//! ```text
//! cargo run --release --example strategies            # a 0xFF every 1000 bytes
//! cargo run --release --example strategies -- 100     # every 100 bytes
//! ```
//!
//! GB/s of input, best of 15 rounds of about 2 ms each, the strategies
//! alternating round by round so that all meet the same load; the table is
//! Markdown, each strategy's geomean with its ratio to `Replace`.

mod common;

use common::race;
use rapidutf::ErrorStrategy;
use rapidutf_testkit::corpus::{bench_file, LANGUAGES};
use std::hint::black_box;

fn main() {
    let every: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let strategies = ErrorStrategy::ALL;
    println!(
        "Lossy decoding of the generated texts with a 0xFF every {every} bytes ({}).\n",
        rapidutf::Kernel::active()
    );
    for (title, to_utf16) in [("UTF-8 to String", false), ("UTF-8 to UTF-16", true)] {
        println!("### {title} (GB/s of input)\n");
        let names: Vec<String> = strategies.iter().map(|s| s.to_string()).collect();
        println!("| file | {} |", names.join(" | "));
        println!("|---|{}", "---|".repeat(names.len()));
        let mut logs = vec![0f64; strategies.len()];
        for lang in LANGUAGES {
            let mut v = bench_file(lang, "utf8");
            for i in (every / 2..v.len()).step_by(every) {
                v[i] = 0xFF;
            }
            let mut fs: Vec<Box<dyn FnMut() -> usize + '_>> = strategies
                .iter()
                .map(|&s| -> Box<dyn FnMut() -> usize + '_> {
                    let v = &v;
                    if to_utf16 {
                        Box::new(move || rapidutf::utf8_to_utf16_lossy_with(black_box(v), s).len())
                    } else {
                        Box::new(move || rapidutf::utf8_to_string_lossy_with(black_box(v), s).len())
                    }
                })
                .collect();
            let mut refs: Vec<&mut dyn FnMut() -> usize> =
                fs.iter_mut().map(|f| &mut **f as _).collect();
            let gbs = race(v.len(), &mut refs);
            for (l, g) in logs.iter_mut().zip(&gbs) {
                *l += g.ln();
            }
            let cells: Vec<String> = gbs.iter().map(|g| format!("{g:.2}")).collect();
            println!("| {lang} | {} |", cells.join(" | "));
        }
        let geo: Vec<f64> = logs.iter().map(|l| (l / LANGUAGES.len() as f64).exp()).collect();
        let base =
            geo[strategies.iter().position(|&s| s == ErrorStrategy::Replace).expect("Replace")];
        let cells: Vec<String> =
            geo.iter().map(|g| format!("**{g:.2}** ({:.2}×)", g / base)).collect();
        println!("| geomean (vs Replace) | {} |\n", cells.join(" | "));
    }
}
