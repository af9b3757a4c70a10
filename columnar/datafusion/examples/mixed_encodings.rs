//! SQL over Parquet files whose binary columns hold text, with
//! rapidutf's functions registered on a DataFusion `SessionContext`.
//!
//! 1. **Mixed encodings**: writes millions of rows whose `payload` is text
//!    in UTF-8, Latin-1, Windows-1252 or UTF-16LE (as the `enc` column
//!    says), some of it broken UTF-8, and decodes the whole column in one
//!    query, each row by its encoding, the broken ones repaired.
//! 2. **Validation, end to end**: writes a table of valid UTF-8 stored as
//!    binary (as files written without Parquet's `STRING` annotation
//!    are read), in columns shaped like real ones (short keys, ~40-byte
//!    values about half non-ASCII, URLs, long text), and times the same
//!    query three ways: on the raw bytes (no validation), with
//!    DataFusion's built-in `CAST(.. AS VARCHAR)` (arrow-rs' validation),
//!    and with `convert_from(.., 'utf8')` (rapidutf's); the difference to
//!    the raw query is the share of the query spent validating.
//!
//! ```text
//! cargo run --release -p rapidutf-datafusion --example mixed_encodings [ROWS]
//! ```
//!
//! `ROWS` (default 4 000 000) is the size of each table; the files go to
//! the system's temporary directory and are removed at the end. The
//! session uses as many target partitions as the machine has cores
//! (`TARGET_PARTITIONS` overrides).

#[path = "../tests/common/mod.rs"]
mod common;

use common::{Rng, TempDir, write_parquet};
use datafusion::arrow::array::{ArrayRef, BinaryArray, RecordBatch};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::error::Result;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::parquet::file::properties::WriterProperties;
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};
use std::sync::Arc;
use std::time::Instant;

const FILES: usize = 4;

#[tokio::main]
async fn main() -> Result<()> {
    let rows: usize =
        std::env::args().nth(1).map_or(4_000_000, |s| s.parse().expect("a row count"));
    let partitions: usize = std::env::var("TARGET_PARTITIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    println!(
        "{rows} rows per table in {FILES} files, {partitions} target partitions, rapidutf kernel {}",
        rapidutf::Kernel::active()
    );

    let t = Instant::now();
    let mixed = TempDir(write_parquet("example-mixed", FILES, rows / FILES, 7));
    let valid = TempDir(write_valid_utf8(rows));
    println!("wrote the Parquet files in {:.1} s", t.elapsed().as_secs_f64());

    for views in [true, false] {
        let config = SessionConfig::new()
            .with_target_partitions(partitions)
            .set_bool("datafusion.execution.parquet.schema_force_view_types", views);
        let mut ctx = SessionContext::new_with_config(config);
        rapidutf_datafusion::register(&mut ctx)?;
        ctx.register_parquet("mixed", path(&mixed), ParquetReadOptions::default()).await?;
        ctx.register_parquet("valid", path(&valid), ParquetReadOptions::default()).await?;
        let layout = if views { "BinaryView/Utf8View" } else { "Binary/Utf8" };
        println!("\n## Columns read as {layout}");
        if views {
            mixed_encodings(&ctx).await?;
        }
        validation_share(&ctx, rows).await?;
    }
    Ok(())
}

fn path(dir: &TempDir) -> &str {
    dir.0.to_str().expect("a UTF-8 path")
}

/// Part 1: the mixed-encoding column decoded in one query.
async fn mixed_encodings(ctx: &SessionContext) -> Result<()> {
    let decode = "CASE enc WHEN 'latin1' THEN convert_from(payload, 'latin1') \
                  WHEN 'windows1252' THEN convert_from(payload, 'windows1252') \
                  WHEN 'utf16le' THEN convert_from(payload, 'utf16le') \
                  ELSE utf8_repair(payload, 'cp1252') END";
    let sample = format!(
        "SELECT enc, count(*) AS rows, sum(CAST(is_valid_utf8(payload) AS INT)) AS valid_utf8, \
         min({decode}) AS first_decoded FROM mixed GROUP BY enc ORDER BY rows DESC"
    );
    let t = Instant::now();
    let batches = ctx.sql(&sample).await?.collect().await?;
    println!("\n{}", pretty_format_batches(&batches)?);
    println!("decoded every row by its encoding in {:.2} s", t.elapsed().as_secs_f64());
    let wrong = format!(
        "SELECT count(*) FROM mixed WHERE enc <> 'broken' AND ({decode}) IS DISTINCT FROM text"
    );
    let batches = ctx.sql(&wrong).await?.collect().await?;
    println!(
        "rows whose decoded text differs from the generator's: {}",
        pretty_format_batches(&batches)?
    );
    Ok(())
}

/// Part 2: the same query on raw bytes, with the built-in cast, and with
/// `convert_from`; best of several runs, taking turns. DataFusion's
/// `octet_length` takes strings only, and it answers a plain `count` from
/// the files' statistics, so the raw query counts the non-empty values
/// with a comparison that reads each one (the scan and decoding are the
/// same as the others'; their sum of lengths is a pass over offsets or
/// views, no byte read). The two validating queries must agree.
async fn validation_share(ctx: &SessionContext, rows: usize) -> Result<()> {
    println!(
        "\n| column | raw bytes (s) | `CAST(.. AS VARCHAR)` (s) | `convert_from(.., 'utf8')` (s) | validation share, cast | validation share, rapidutf | query speed-up |"
    );
    println!("|---|---|---|---|---|---|---|");
    for column in ["k", "v", "u", "t"] {
        let queries = [
            format!("SELECT count(*) FROM valid WHERE {column} <> X''"),
            format!("SELECT sum(octet_length(CAST({column} AS VARCHAR))) FROM valid"),
            format!("SELECT sum(octet_length(convert_from({column}, 'utf8'))) FROM valid"),
        ];
        let mut best = [f64::MAX; 3];
        let mut answers = [0i64; 3];
        for _ in 0..7 {
            for (k, q) in queries.iter().enumerate() {
                let t = Instant::now();
                let batches = ctx.sql(q).await?.collect().await?;
                best[k] = best[k].min(t.elapsed().as_secs_f64());
                let sum = batches[0]
                    .column(0)
                    .as_any()
                    .downcast_ref::<datafusion::arrow::array::Int64Array>();
                answers[k] = sum.map_or(0, |s| s.value(0));
            }
        }
        assert!(0 < answers[0] && answers[0] <= rows as i64, "the values: {answers:?}");
        assert_eq!(answers[1], answers[2], "the two validating queries agree");
        let share = |t: f64| 100.0 * (t - best[0]).max(0.0) / t;
        println!(
            "| {} | {:.3} | {:.3} | {:.3} | {:.0} % | {:.0} % | {:.2}× |",
            describe(column, answers[0] as usize, answers[1]),
            best[0],
            best[1],
            best[2],
            share(best[1]),
            share(best[2]),
            best[1] / best[2]
        );
    }
    Ok(())
}

/// The column's name and its mean value length over `values` values.
fn describe(column: &str, values: usize, bytes: i64) -> String {
    let name = match column {
        "k" => "keys",
        "v" => "values",
        "u" => "URLs",
        _ => "text",
    };
    format!("{name} ({:.0} B mean)", bytes as f64 / values as f64)
}

const WORDS: &[&str] = &[
    "the",
    "order",
    "shipped",
    "from",
    "warehouse",
    "with",
    "tracking",
    "number",
    "customer",
    "review",
    "great",
    "product",
    "café",
    "naïve",
    "Zürich",
    "Straße",
    "Привет",
    "товар",
    "你好",
    "商品",
    "こんにちは",
    "مرحبا",
    "😀",
    "€5",
];

fn words(rng: &mut Rng, bytes: std::ops::Range<usize>, ascii_only: bool) -> String {
    let bytes = bytes.start + rng.below(bytes.len());
    let mut s = String::new();
    while s.len() < bytes {
        if !s.is_empty() {
            s.push(' ');
        }
        let n = if ascii_only { 12 } else { WORDS.len() };
        s.push_str(WORDS[rng.below(n)]);
    }
    s
}

/// The table of valid UTF-8 in binary columns: `k` short keys, `v`
/// ~40-byte values (half with non-ASCII words), `u` URLs, `t` long text
/// (one row in 16; the others null).
fn write_valid_utf8(rows: usize) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rapidutf-example-valid-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let schema = Arc::new(Schema::new(
        ["k", "v", "u", "t"].map(|n| Field::new(n, DataType::Binary, true)).to_vec(),
    ));
    let props = WriterProperties::builder().set_max_row_group_row_count(Some(128 * 1024)).build();
    let mut rng = Rng(11);
    for f in 0..FILES {
        let file = std::fs::File::create(dir.join(format!("part-{f}.parquet"))).expect("a file");
        let mut w =
            ArrowWriter::try_new(file, schema.clone(), Some(props.clone())).expect("a writer");
        let per_file = rows / FILES;
        let mut done = 0;
        while done < per_file {
            let n = (per_file - done).min(64 * 1024);
            let mut cols: [Vec<Option<Vec<u8>>>; 4] = Default::default();
            for i in 0..n {
                cols[0].push(Some(format!("user_{}", rng.below(100_000)).into_bytes()));
                let half = rng.below(2) == 0;
                cols[1].push(Some(words(&mut rng, 25..55, half).into_bytes()));
                let url = format!("https://example.com/{}", words(&mut rng, 10..110, true));
                cols[2].push(Some(url.replace(' ', "/").into_bytes()));
                let long = (i % 16 == 0).then(|| words(&mut rng, 200..2000, false).into_bytes());
                cols[3].push(long);
            }
            let arrays: Vec<ArrayRef> = cols
                .iter()
                .map(|c| {
                    Arc::new(BinaryArray::from_iter(c.iter().map(|r| r.as_deref()))) as ArrayRef
                })
                .collect();
            w.write(&RecordBatch::try_new(schema.clone(), arrays).expect("a batch"))
                .expect("writing");
            done += n;
        }
        w.close().expect("closing");
    }
    dir
}
