//! `rapidutf bench`: a quick throughput table, every kernel next to std.
//!
//! Without files it measures a sample corpus the binary generates (the
//! project's own text generator, `rapidutf_testkit::corpus`: 64 KiB each of
//! Latin, Russian, Arabic, Chinese and emoji text shaped like the lipsum
//! corpus, the same bytes on every machine). For each input it prints, in
//! GB/s (10^9 bytes of UTF-8 input per second):
//!
//! - `std`: `core::str::from_utf8`, `str::encode_utf16` into a buffer, and
//!   `str::chars().count()`;
//! - one row per kernel in [`rapidutf::Kernel::available`], through
//!   [`Kernel::validate_utf8`](rapidutf::Kernel::validate_utf8) and
//!   [`Kernel::is_valid_utf8`](rapidutf::Kernel::is_valid_utf8);
//! - `dispatch`: the free functions, which use
//!   [`Kernel::active`](rapidutf::Kernel::active), for all four operations.
//!
//! A final table holds the geometric mean of each cell over the inputs.
//!
//! Each measurement warms up, then times batches of calls sized to last
//! about a tenth of the time budget (`--time`, 0.2 s by default) until the
//! budget is spent, and keeps the fastest batch: the best estimate of what
//! the code can do on an otherwise idle machine. Inputs and results pass
//! through [`std::hint::black_box`] so that nothing is optimised away.

use crate::Status;
use rapidutf::Kernel;
use std::hint::black_box;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The options of `rapidutf bench`.
#[derive(Debug, PartialEq)]
pub struct Options {
    /// Files to measure; the embedded corpus when empty.
    pub files: Vec<PathBuf>,
    /// The time budget of each measurement.
    pub time: Duration,
}

/// The languages of the built-in corpus.
const CORPUS_LANGUAGES: [&str; 5] = ["Latin", "Russian", "Arabic", "Chinese", "Emoji"];

/// The built-in corpus: `(name, UTF-8)` of each of [`CORPUS_LANGUAGES`].
fn corpus() -> Vec<(String, Vec<u8>)> {
    use rapidutf_testkit::corpus::{generated_repeating, BENCH_LEN};
    CORPUS_LANGUAGES
        .iter()
        .map(|lang| {
            let text = generated_repeating(lang, BENCH_LEN);
            (format!("{lang} (generated)"), text.into_bytes())
        })
        .collect()
}

/// The measured operations, in column order.
const COLUMNS: [&str; 4] = ["validate_utf8", "is_valid_utf8", "utf8_to_utf16", "count_chars"];

/// One row of results: GB/s per column, `None` where not applicable.
type Row = (String, [Option<f64>; 4]);

/// Runs `rapidutf bench`, writing the tables to `out`.
///
/// # Errors
///
/// Only errors writing to `out`; an unreadable file is reported on stderr
/// and skipped (exit status 2).
pub fn run(opts: &Options, out: &mut dyn Write) -> io::Result<Status> {
    let mut status = Status::Ok;
    let mut inputs: Vec<(String, Vec<u8>)> = Vec::new();
    if opts.files.is_empty() {
        inputs.extend(corpus());
    }
    for path in &opts.files {
        match std::fs::read(path) {
            Ok(bytes) => inputs.push((path.display().to_string(), bytes)),
            Err(e) => {
                crate::report_io(&crate::input::InputName::Path(path.clone()), &e);
                status = Status::Trouble;
            }
        }
    }
    let kernels: Vec<Kernel> = Kernel::available().collect();
    writeln!(
        out,
        "rapidutf {}: kernels {}, dispatch uses {}; GB/s, best of batches over {:.2} s each",
        env!("CARGO_PKG_VERSION"),
        kernels.iter().map(|k| k.name()).collect::<Vec<_>>().join(", "),
        Kernel::active(),
        opts.time.as_secs_f64()
    )?;
    let mut all: Vec<Vec<Row>> = Vec::new();
    for (name, bytes) in &inputs {
        writeln!(out, "\n{name} ({} bytes)", bytes.len())?;
        out.flush()?;
        let rows = measure_input(bytes, &kernels, opts.time);
        write_table(out, &rows)?;
        all.push(rows);
    }
    if all.len() > 1 {
        writeln!(out, "\ngeomean over {} inputs", all.len())?;
        write_table(out, &geomean(&all))?;
    }
    Ok(status)
}

/// Measures every row of one input.
fn measure_input(bytes: &[u8], kernels: &[Kernel], time: Duration) -> Vec<Row> {
    let len = bytes.len();
    let gbps = |f: &mut dyn FnMut()| Some(len as f64 / best_time(time, f).as_secs_f64() / 1e9);
    let mut rows = Vec::new();

    let text = std::str::from_utf8(bytes).ok();
    let mut units = vec![0u16; len];
    let std_row = [
        gbps(&mut || {
            let _ = black_box(std::str::from_utf8(black_box(bytes)));
        }),
        None,
        text.and_then(|s| {
            gbps(&mut || {
                for (slot, u) in units.iter_mut().zip(black_box(s).encode_utf16()) {
                    *slot = u;
                }
                black_box(&mut units);
            })
        }),
        text.and_then(|s| {
            gbps(&mut || {
                black_box(black_box(s).chars().count());
            })
        }),
    ];
    rows.push(("std".to_owned(), std_row));

    for &k in kernels {
        let row = [
            gbps(&mut || {
                let _ = black_box(k.validate_utf8(black_box(bytes)));
            }),
            gbps(&mut || {
                black_box(k.is_valid_utf8(black_box(bytes)));
            }),
            None,
            None,
        ];
        rows.push((k.name().to_owned(), row));
    }

    let dispatch_row = [
        gbps(&mut || {
            let _ = black_box(rapidutf::validate_utf8(black_box(bytes)));
        }),
        gbps(&mut || {
            black_box(rapidutf::is_valid_utf8(black_box(bytes)));
        }),
        gbps(&mut || {
            let _ = black_box(rapidutf::utf8_to_utf16(black_box(bytes), &mut units));
        }),
        gbps(&mut || {
            black_box(rapidutf::count_chars(black_box(bytes)));
        }),
    ];
    rows.push((format!("dispatch ({})", Kernel::active()), dispatch_row));
    rows
}

/// The fastest time per call of `f`, see the module docs.
fn best_time(budget: Duration, f: &mut dyn FnMut()) -> Duration {
    // Warm-up (caches, branch predictors, clock ramp), which also tells
    // how long one call takes.
    let warm = budget / 10;
    let start = Instant::now();
    let mut calls = 0u32;
    while calls == 0 || start.elapsed() < warm {
        f();
        calls += 1;
    }
    let per_call = start.elapsed() / calls;
    let sample = budget / 10;
    let batch = (sample.as_nanos() / per_call.as_nanos().max(1)).clamp(1, u32::MAX as u128) as u32;

    let mut best = Duration::MAX;
    let start = Instant::now();
    let mut samples = 0;
    while samples < 3 || start.elapsed() < budget {
        let t = Instant::now();
        for _ in 0..batch {
            f();
        }
        best = best.min(t.elapsed() / batch);
        samples += 1;
    }
    best.max(Duration::from_nanos(1))
}

/// The geometric mean of each cell over inputs (rows match by position).
fn geomean(all: &[Vec<Row>]) -> Vec<Row> {
    let mut rows: Vec<Row> = all[0].iter().map(|(name, _)| (name.clone(), [None; 4])).collect();
    for (r, row) in rows.iter_mut().enumerate() {
        for c in 0..COLUMNS.len() {
            let cells: Vec<f64> = all.iter().filter_map(|t| t[r].1[c]).collect();
            if !cells.is_empty() {
                let log_mean = cells.iter().map(|x| x.ln()).sum::<f64>() / cells.len() as f64;
                row.1[c] = Some(log_mean.exp());
            }
        }
    }
    rows
}

fn write_table(out: &mut dyn Write, rows: &[Row]) -> io::Result<()> {
    let first = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0).max("kernel".len());
    write!(out, "  {:<first$}", "kernel")?;
    for c in COLUMNS {
        write!(out, "  {c:>13}")?;
    }
    writeln!(out)?;
    for (name, cells) in rows {
        write!(out, "  {name:<first$}")?;
        for cell in cells {
            match cell {
                Some(v) => write!(out, "  {v:>13.2}")?,
                None => write!(out, "  {:>13}", "-")?,
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corpus_is_valid_utf8() {
        for (name, bytes) in corpus() {
            assert!(std::str::from_utf8(&bytes).is_ok(), "{name}");
            assert!(bytes.len() > 1000, "{name}");
        }
    }

    #[test]
    fn geomean_of_cells() {
        let a = vec![("x".to_owned(), [Some(2.0), None, Some(1.0), None])];
        let b = vec![("x".to_owned(), [Some(8.0), None, None, None])];
        let g = geomean(&[a, b]);
        assert!((g[0].1[0].unwrap() - 4.0).abs() < 1e-9);
        assert_eq!(g[0].1[1], None);
        assert!((g[0].1[2].unwrap() - 1.0).abs() < 1e-9);
    }
}
