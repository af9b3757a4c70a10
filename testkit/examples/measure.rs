//! Measures the shared corpus and prints `testkit/src/textgen/profiles.rs`:
//! the figures the prose generator follows, one profile per language.
//!
//! ```text
//! cargo run -p rapidutf-testkit --example measure > testkit/src/textgen/profiles.rs
//! ```
//!
//! The corpus is `../shared/corpus` beside the repository, or
//! `$RAPIDUTF_SHARED/corpus`.

use rapidutf_testkit::corpus::shared_dir;
use rapidutf_testkit::textgen::profile::SPECS;
use rapidutf_testkit::textgen::stats::{reference_text, render_profiles, Model};

fn main() {
    let shared = shared_dir().unwrap_or_else(|| {
        eprintln!("measure: no shared corpus (../shared or RAPIDUTF_SHARED)");
        std::process::exit(2)
    });
    let models: Vec<Model> = SPECS
        .iter()
        .map(|spec| {
            let path = shared.join("corpus").join(spec.reference.path());
            let file = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Model::measure(&reference_text(spec.reference, &file))
        })
        .collect();
    print!("{}", render_profiles(&models));
}
