//! The timing the benchmark examples share: GB/s of input, the best of 15
//! rounds of enough calls to take about 2 ms each.
//!
//! Each example uses part of it (`gbps` for one function at a time,
//! `race` for several that alternate round by round, `cpu_name` for the
//! table's heading, `Filter` for the command lines that pick operations
//! and files).
#![allow(dead_code)]

use std::hint::black_box;
use std::time::Instant;

/// How many calls of `f` take about 2 ms (after one call to warm up).
fn reps<F: FnMut() -> usize + ?Sized>(f: &mut F) -> usize {
    reps_for(f, 2e-3)
}

/// How many calls of `f` take about `secs` (the best of a few timings).
fn reps_for<F: FnMut() -> usize + ?Sized>(f: &mut F, secs: f64) -> usize {
    let once = (0..5)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
        .max(1e-8);
    ((secs / once) as usize).max(1)
}

/// Seconds per call over one round of `reps` calls.
fn round<F: FnMut() -> usize + ?Sized>(f: &mut F, reps: usize) -> f64 {
    let t = Instant::now();
    for _ in 0..reps {
        black_box(f());
    }
    t.elapsed().as_secs_f64() / reps as f64
}

/// GB/s of `bytes` input for `f`: the best of 15 rounds. Generic, so that
/// calls of a few nanoseconds are not measured through an indirect call.
pub fn gbps(bytes: usize, mut f: impl FnMut() -> usize) -> f64 {
    let n = reps(&mut f);
    let best = (0..15).map(|_| round(&mut f, n)).fold(f64::MAX, f64::min);
    bytes as f64 / best / 1e9
}

/// GB/s of `bytes` input for each of `fs`, the functions taking turns
/// within each of the 15 rounds so that all meet the same load on a
/// shared machine; the best round of each.
pub fn race(bytes: usize, fs: &mut [&mut dyn FnMut() -> usize]) -> Vec<f64> {
    let n: Vec<usize> = fs.iter_mut().map(|f| reps(&mut **f)).collect();
    let mut best = vec![f64::MAX; fs.len()];
    for _ in 0..15 {
        for (k, f) in fs.iter_mut().enumerate() {
            best[k] = best[k].min(round(&mut **f, n[k]));
        }
    }
    best.into_iter().map(|s| bytes as f64 / s / 1e9).collect()
}

/// [`race`] with `rounds` rounds of about `secs` each: on a loaded machine,
/// many short rounds give each contender rounds that the scheduler did not
/// interrupt, which the best round then reports.
pub fn race_rounds(
    bytes: usize,
    fs: &mut [&mut dyn FnMut() -> usize],
    rounds: usize,
    secs: f64,
) -> Vec<f64> {
    let n: Vec<usize> = fs.iter_mut().map(|f| reps_for(&mut **f, secs)).collect();
    let mut best = vec![f64::MAX; fs.len()];
    for _ in 0..rounds {
        for (k, f) in fs.iter_mut().enumerate() {
            best[k] = best[k].min(round(&mut **f, n[k]));
        }
    }
    best.into_iter().map(|s| bytes as f64 / s / 1e9).collect()
}

/// The CPU's model name, from `/proc/cpuinfo`.
pub fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned())
}

/// A comma-separated list from a command-line argument; absent, it keeps
/// everything.
pub struct Filter(Option<Vec<String>>);

impl Filter {
    /// The `n`th command-line argument's list.
    pub fn from_arg(n: usize) -> Self {
        Self::new(std::env::args().nth(n))
    }

    /// The list `arg` (comma-separated), or everything.
    pub fn new(arg: Option<String>) -> Self {
        Filter(arg.map(|a| a.split(',').map(str::to_owned).collect()))
    }

    /// Whether `key` is on the list.
    pub fn keeps(&self, key: &str) -> bool {
        self.0.as_ref().is_none_or(|keys| keys.iter().any(|k| k == key))
    }

    /// Whether `name` starts with an entry of the list.
    pub fn keeps_prefix(&self, name: &str) -> bool {
        self.0.as_ref().is_none_or(|keys| keys.iter().any(|k| name.starts_with(k.as_str())))
    }
}
