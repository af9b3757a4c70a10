//! Writes the corpus as files into a directory, for tools that read files
//! (`ci/fuzz.sh` cuts its seed inputs from them):
//!
//! ```text
//! cargo run -p rapidutf-testkit --example seeds -- DIR
//! ```
//!
//! `DIR/<name>.<form>.txt` for every text of `corpus::texts()` (generated,
//! and real where the shared corpus is present) in each form (`utf8`,
//! `utf16`: UTF-16LE after a byte order mark, `utf32`: UTF-32LE), and the
//! structured and broken inputs: a JSON document, NDJSON lines, Latin-1
//! and Windows-1252 text, UTF-8 with Windows-1252 fragments, and the UTF-8
//! stress test.

use rapidutf_testkit::corpus::{self, SEED};
use rapidutf_testkit::textgen::{json, legacy, ndjson, stress};
use std::path::Path;

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| {
        eprintln!("usage: seeds DIR");
        std::process::exit(2)
    });
    let dir = Path::new(&dir);
    std::fs::create_dir_all(dir).expect("creating the directory");
    let write = |name: String, bytes: &[u8]| {
        std::fs::write(dir.join(&name), bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    };
    let mut n = 0;
    for t in corpus::texts() {
        let file: String =
            t.name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        for form in ["utf8", "utf16", "utf32"] {
            write(format!("{file}.{form}.txt"), &corpus::encode(&t.text, form));
            n += 1;
        }
    }
    write("document.json".into(), json(SEED, 64 << 10).as_bytes());
    write("lines.ndjson".into(), ndjson(SEED, 100).as_bytes());
    write("latin1.txt".into(), &legacy::latin1(SEED, 16 << 10));
    write("windows1252.txt".into(), &legacy::windows1252(SEED, 16 << 10));
    write("utf8-with-windows1252.txt".into(), &legacy::utf8_with_legacy(SEED, 16 << 10, 5));
    write("utf8-stress.txt".into(), &stress::document());
    eprintln!("seeds: {} files in {}", n + 6, dir.display());
}
