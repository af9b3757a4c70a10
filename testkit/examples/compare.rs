//! The figures of each generated language next to those of the real text
//! its profile was measured on, as a Markdown table: the shares of 1-, 2-,
//! 3- and 4-byte characters and the mean word length (`stats::Summary`).
//!
//! ```text
//! cargo run -p rapidutf-testkit --example compare
//! ```
//!
//! "generated" is the text the benchmarks use (`corpus::generated_repeating`,
//! as long as the real text, repeating a block as the real text does);
//! "no repeats" is the text the tests use (`corpus::generated`). Needs the
//! shared corpus (`../shared`, or `RAPIDUTF_SHARED`).

use rapidutf_testkit::corpus::{self, LANGUAGES};
use rapidutf_testkit::textgen::stats::Summary;

fn row(name: &str, s: &Summary) -> String {
    let pct = |n| format!("{:.1} %", 100.0 * s.share(n));
    format!(
        "| {name} | {} | {} | {} | {} | {:.2} |",
        pct(1),
        pct(2),
        pct(3),
        pct(4),
        s.mean_word_len()
    )
}

fn main() {
    if corpus::shared_dir().is_none() {
        eprintln!("compare: no shared corpus (../shared or RAPIDUTF_SHARED)");
        std::process::exit(2);
    }
    println!("| language: text | 1-byte | 2-byte | 3-byte | 4-byte | mean word length |");
    println!("|---|---|---|---|---|---|");
    for lang in LANGUAGES {
        let real = corpus::shared(lang).expect("the shared corpus");
        let reference = corpus::profile(lang).reference;
        println!("{}", row(&format!("{lang}: real, {reference}"), &Summary::of(&real)));
        let gen = corpus::generated_repeating(lang, real.len());
        println!("{}", row(&format!("{lang}: generated"), &Summary::of(&gen)));
        let plain = corpus::generated(lang, real.len());
        println!("{}", row(&format!("{lang}: generated, no repeats"), &Summary::of(&plain)));
    }
}
