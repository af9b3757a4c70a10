//! Tells the library what the compiler can build: nothing else.
//!
//! `cfg(avx512_stable)`: the AVX-512 intrinsics and target features are
//! stable (Rust 1.89). Without it the AVX-512 kernel is left out of the
//! build and dispatch picks among the others; on newer compilers nothing
//! changes.

use std::process::Command;

/// The first stable release with the AVX-512 intrinsics.
const AVX512_STABLE: u32 = 89;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=RUSTC");
    println!("cargo::rustc-check-cfg=cfg(avx512_stable)");
    // An unreadable version is taken for a new compiler: an old one then
    // fails loudly on the intrinsics, and a new one never loses a kernel.
    if rustc_minor().map_or(true, |(minor, nightly)| {
        // A nightly of the release that stabilised them may predate it.
        minor > AVX512_STABLE || (minor == AVX512_STABLE && !nightly)
    }) {
        println!("cargo::rustc-cfg=avx512_stable");
    }
}

/// The compiler's minor version, and whether it is a nightly or dev
/// build, from `$RUSTC --version` (`rustc 1.89.0 (29483883e 2025-08-04)`,
/// `rustc 1.90.0-nightly (...)`).
fn rustc_minor() -> Option<(u32, bool)> {
    let rustc = std::env::var_os("RUSTC")?;
    let out = Command::new(rustc).arg("--version").output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let version = text.split_whitespace().nth(1)?;
    let mut parts = version.splitn(3, '.');
    if parts.next()? != "1" {
        return None;
    }
    let minor = parts.next()?.parse().ok()?;
    let nightly = version.contains("-nightly") || version.contains("-dev");
    Some((minor, nightly))
}
