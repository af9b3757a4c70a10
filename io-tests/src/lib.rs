//! Shared by the async adapters' tests: the text they send, the random
//! piece sizes that cut it, and re-running a test binary under every
//! kernel (the adapters use the dispatched kernel, and `RAPIDUTF_KERNEL`
//! is read once per process).

use rapidutf::Kernel;
use std::process::Command;

/// Multilingual text with characters of every UTF-8 length, lines with
/// and without `\r`, about `lines` lines long.
pub fn text(lines: usize) -> String {
    let samples = [
        "Grüße, Jürgen! Ça va ?",
        "Привет, мир; Γειά σου Κόσμε",
        "你好，世界。こんにちは、世界",
        "emoji 😀🎉🚀 and 𝄞 music",
        "مرحبا بالعالم שלום עולם नमस्ते",
        "plain ASCII line, long enough to reach the SIMD blocks of the kernels: 0123456789",
    ];
    let mut s = String::new();
    for i in 0..lines {
        s.push_str(samples[i % samples.len()]);
        s.push_str(if i % 3 == 0 { "\r\n" } else { "\n" });
    }
    s
}

/// `len` bytes cut into pieces of pseudo-random sizes `1..=max` (a fixed
/// linear congruential sequence from `seed`, so a failure reproduces).
pub fn piece_sizes(seed: u64, len: usize, max: usize) -> Vec<usize> {
    let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let mut sizes = Vec::new();
    let mut total = 0;
    while total < len {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let n = (1 + (x >> 33) as usize % max).min(len - total);
        sizes.push(n);
        total += n;
    }
    sizes
}

/// Runs this test binary again once per available kernel other than the
/// active one, with `RAPIDUTF_KERNEL` naming it and only the tests whose
/// names contain `filter` except `caller`, and asserts that each child
/// passes. Does nothing inside such a child. A kernel that
/// `RAPIDUTF_REQUIRE_KERNELS` names but the CPU lacks fails the test.
pub fn rerun_under_every_kernel(filter: &str, caller: &str) {
    if std::env::var_os("RAPIDUTF_KERNEL").is_some() {
        return;
    }
    let available: Vec<Kernel> = Kernel::available().collect();
    if let Ok(required) = std::env::var("RAPIDUTF_REQUIRE_KERNELS") {
        for name in required.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let k: Kernel = name.parse().expect("a kernel name");
            assert!(
                available.contains(&k),
                "RAPIDUTF_REQUIRE_KERNELS requires {name}, not available"
            );
        }
    }
    let exe = std::env::current_exe().expect("the test binary");
    for k in available.into_iter().filter(|&k| k != Kernel::active()) {
        let out = Command::new(&exe)
            .env("RAPIDUTF_KERNEL", k.name())
            .args([filter, "--skip", caller, "--test-threads", "2"])
            .output()
            .expect("re-running the test binary");
        let log = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "with RAPIDUTF_KERNEL={k}:\n{log}");
        assert!(
            !log.contains("running 0 tests"),
            "with RAPIDUTF_KERNEL={k}: no test matched {filter:?}"
        );
    }
}
