//! Shared by the async adapters' tests: the text they send, the random
//! piece sizes that cut it, and re-running a test binary under every
//! kernel (the adapters use the dispatched kernel, and `RAPIDUTF_KERNEL`
//! is read once per process: testkit's, as the main suite's).

pub use rapidutf_testkit::rerun_under_every_kernel;

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
