//! Shared by the integration tests: the kernel list every kernel-level test
//! iterates over, and the corpus.
#![allow(dead_code)]

use rapidutf::Kernel;
use std::path::PathBuf;
use std::sync::Once;

/// Every kernel this CPU can run. Each kernel-level test loops over this,
/// so one `cargo test` covers all of them.
///
/// If `RAPIDUTF_REQUIRE_KERNELS` (comma-separated names) names a kernel
/// that is not available, this panics, so every kernel-level test fails
/// rather than silently testing fewer kernels than CI expects.
pub fn kernels() -> Vec<Kernel> {
    let available: Vec<Kernel> = Kernel::available().collect();
    if let Ok(required) = std::env::var("RAPIDUTF_REQUIRE_KERNELS") {
        for name in required.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let k: Kernel = name.parse().unwrap_or_else(|_| {
                panic!("RAPIDUTF_REQUIRE_KERNELS names unknown kernel {name:?}")
            });
            assert!(
                available.contains(&k),
                "RAPIDUTF_REQUIRE_KERNELS requires {name}, but it is not available here \
                 (available: {available:?})"
            );
        }
    }
    static REPORT: Once = Once::new();
    REPORT.call_once(|| {
        let skipped: Vec<&str> =
            Kernel::ALL.iter().filter(|k| !available.contains(k)).map(|k| k.name()).collect();
        let tested: Vec<&str> = available.iter().map(|k| k.name()).collect();
        eprintln!("rapidutf kernels tested: {tested:?}; skipped (unavailable): {skipped:?}");
    });
    available
}

/// The directory of the copied unicode_lipsum corpus.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/lipsum")
}

/// The nine lipsum languages.
pub const LANGUAGES: [&str; 9] =
    ["Arabic", "Chinese", "Emoji", "Hebrew", "Hindi", "Japanese", "Korean", "Latin", "Russian"];

/// `(language, bytes)` of every lipsum file in the given form
/// (`"utf8"`, `"utf16"` or `"utf32"`).
pub fn lipsum(form: &str) -> Vec<(&'static str, Vec<u8>)> {
    LANGUAGES
        .iter()
        .map(|lang| {
            let path = data_dir().join(format!("{lang}-Lipsum.{form}.txt"));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (*lang, bytes)
        })
        .collect()
}
