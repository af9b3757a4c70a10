//! Quick throughput check of the UTF-8 validators on the generated corpus:
//! every available kernel (`validate_utf8` and `is_valid_utf8`) and
//! `core::str::from_utf8`, in GB/s (best of several rounds), with the
//! geometric mean over the files.
//!
//! ```text
//! cargo run --release --example utf8_speed [filter]   (in bench/)
//! ```
//!
//! `filter` keeps only the rows whose name contains it. This is a quick
//! tool for kernel work; the benchmark suite proper is `cargo bench` here.

use rapidutf::Kernel;
use rapidutf_testkit::corpus::{bench_file, LANGUAGES};
use std::hint::black_box;
use std::time::Instant;

/// Best GB/s of `f` over a few rounds of about 20 ms each.
fn gbps(bytes: &[u8], f: &dyn Fn(&[u8]) -> bool) -> f64 {
    let iters = (20_000_000 / bytes.len().max(1)).max(1);
    let mut best = f64::INFINITY;
    for _ in 0..15 {
        let t = Instant::now();
        for _ in 0..iters {
            assert!(f(black_box(bytes)));
        }
        best = best.min(t.elapsed().as_secs_f64() / iters as f64);
    }
    bytes.len() as f64 / best / 1e9
}

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    let files: Vec<(&str, Vec<u8>)> =
        LANGUAGES.iter().map(|l| (*l, bench_file(l, "utf8"))).collect();

    type Row = (String, Box<dyn Fn(&[u8]) -> bool>);
    let mut rows: Vec<Row> =
        vec![("core::str::from_utf8".into(), Box::new(|b: &[u8]| core::str::from_utf8(b).is_ok()))];
    for k in Kernel::available() {
        rows.push((format!("{k} validate_utf8"), Box::new(move |b| k.validate_utf8(b).is_ok())));
        rows.push((format!("{k} is_valid_utf8"), Box::new(move |b| k.is_valid_utf8(b))));
    }

    print!("{:<24}", "GB/s");
    for (l, _) in &files {
        print!("{:>9}", &l[..l.len().min(8)]);
    }
    println!("{:>9}", "geomean");
    for (name, f) in rows.iter().filter(|(n, _)| n.contains(&filter)) {
        print!("{name:<24}");
        let mut log_sum = 0.0;
        for (_, bytes) in &files {
            let g = gbps(bytes, f.as_ref());
            log_sum += g.ln();
            print!("{g:>9.2}");
        }
        println!("{:>9.2}", (log_sum / files.len() as f64).exp());
    }
}
