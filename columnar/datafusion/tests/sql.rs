//! The functions in SQL over real Parquet files of mixed-encoding text
//! (generated: see `common`), through DataFusion's Parquet reader, with
//! several target partitions and both of its string layouts (`Binary`/
//! `Utf8` and the views), against the text the generator encoded.

mod common;

use common::{TempDir, batch, write_parquet};
use datafusion::arrow::array::{Array, AsArray, BinaryArray, StringArray};
use datafusion::arrow::datatypes::Int64Type;
use datafusion::error::Result;
use datafusion::prelude::{ParquetReadOptions, SessionConfig, SessionContext};
use std::sync::Arc;

const FILES: usize = 3;
const ROWS: usize = 7_000;
const SEED: u64 = 42;

async fn context(dir: &TempDir, partitions: usize, views: bool) -> Result<SessionContext> {
    let config = SessionConfig::new()
        .with_target_partitions(partitions)
        .set_bool("datafusion.execution.parquet.schema_force_view_types", views);
    let mut ctx = SessionContext::new_with_config(config);
    rapidutf_datafusion::register(&mut ctx)?;
    let path = dir.0.to_str().expect("a UTF-8 path");
    ctx.register_parquet("t", path, ParquetReadOptions::default()).await?;
    Ok(ctx)
}

async fn count(ctx: &SessionContext, sql: &str) -> Result<i64> {
    let batches = ctx.sql(sql).await?.collect().await?;
    Ok(batches[0].column(0).as_primitive::<Int64Type>().value(0))
}

/// A generated row: its encoding, payload and text.
type Row = (String, Option<Vec<u8>>, Option<String>);

/// Every generated row, as the files hold them (the oracle's side).
fn all_rows() -> Vec<Row> {
    let mut rows = Vec::new();
    for f in 0..FILES {
        let b = batch(f * ROWS, ROWS, SEED);
        let (enc, payload, text) = (
            b.column(1).as_any().downcast_ref::<StringArray>().unwrap(),
            b.column(2).as_any().downcast_ref::<BinaryArray>().unwrap(),
            b.column(3).as_any().downcast_ref::<StringArray>().unwrap(),
        );
        for i in 0..b.num_rows() {
            rows.push((
                enc.value(i).to_string(),
                payload.is_valid(i).then(|| payload.value(i).to_vec()),
                text.is_valid(i).then(|| text.value(i).to_string()),
            ));
        }
    }
    rows
}

/// Decoding the whole mixed column, each row by its encoding: the CASE
/// runs each function on its own rows only.
const DECODED: &str = "SELECT id, text, lossy, payload, enc, \
    CASE enc WHEN 'latin1' THEN convert_from(payload, 'latin1') \
             WHEN 'windows1252' THEN convert_from(payload, 'windows1252') \
             WHEN 'utf16le' THEN convert_from(payload, 'utf16le') \
             WHEN 'utf8' THEN convert_from(payload, 'utf8') \
             ELSE utf8_repair(payload) END AS decoded \
    FROM t";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sql_over_parquet_with_mixed_encodings() -> Result<()> {
    let dir = TempDir(write_parquet("sql-test", FILES, ROWS, SEED));
    let rows = all_rows();
    let n = |f: &dyn Fn(&Row) -> bool| rows.iter().filter(|r| f(r)).count() as i64;
    let valid_utf8 = n(&|r| r.1.as_ref().is_some_and(|p| std::str::from_utf8(p).is_ok()));
    let non_null = n(&|r| r.1.is_some());
    assert!(valid_utf8 > 0 && valid_utf8 < non_null, "the data has valid and invalid rows");

    for (partitions, views) in [(1, true), (4, true), (3, false)] {
        let ctx = context(&dir, partitions, views).await?;
        let what = format!("{partitions} partitions, views: {views}");

        // Each row decoded by its encoding is the generator's text, and
        // each broken row repaired is `String::from_utf8_lossy`.
        let wrong = count(
            &ctx,
            &format!("SELECT count(*) FROM ({DECODED}) WHERE decoded IS DISTINCT FROM coalesce(text, lossy)"),
        )
        .await?;
        assert_eq!(wrong, 0, "{what}");
        let decoded = count(&ctx, &format!("SELECT count(decoded) FROM ({DECODED})")).await?;
        assert_eq!(decoded, non_null, "{what}");

        // is_valid_utf8, against core::str::from_utf8.
        let valid = count(&ctx, "SELECT count(*) FROM t WHERE is_valid_utf8(payload)").await?;
        assert_eq!(valid, valid_utf8, "{what}");
        let nulls =
            count(&ctx, "SELECT count(*) FROM t WHERE is_valid_utf8(payload) IS NULL").await?;
        assert_eq!(nulls, rows.len() as i64 - non_null, "{what}");

        // The strategies: Windows-1252 as the fallback decodes the
        // Windows-1252 rows (none of which happens to be valid UTF-8).
        let fixed = count(
            &ctx,
            "SELECT count(*) FROM t WHERE enc = 'windows1252' AND utf8_repair(payload, 'cp1252') = text",
        )
        .await?;
        let cp1252 = n(&|r| r.0 == "windows1252" && r.1.is_some());
        assert_eq!(fixed, cp1252, "{what}");

        // And back: each text encoded as its row's encoding is the payload.
        let wrong = count(
            &ctx,
            "SELECT count(*) FROM t WHERE text IS NOT NULL AND \
             CASE enc WHEN 'latin1' THEN convert_to(text, 'latin1') \
                      WHEN 'windows1252' THEN convert_to(text, 'windows1252') \
                      WHEN 'utf16le' THEN convert_to(text, 'utf16le') \
                      ELSE convert_to(text, 'utf8') END IS DISTINCT FROM payload",
        )
        .await?;
        assert_eq!(wrong, 0, "{what}");

        // Strict decoding of rows that are not UTF-8 fails, naming the
        // function and a row.
        let e =
            count(&ctx, "SELECT count(convert_from(payload, 'utf8')) FROM t").await.unwrap_err();
        let message = e.to_string();
        assert!(message.contains("convert_from: row "), "{what}: {message}");
        assert!(message.contains("invalid utf-8"), "{what}: {message}");
        // Characters Latin-1 lacks.
        let e = count(&ctx, "SELECT count(convert_to(text, 'latin1')) FROM t").await.unwrap_err();
        assert!(e.to_string().contains("no representation in the target encoding"), "{what}: {e}");
        // A bad encoding name, and an encoding that is not a constant.
        let e =
            count(&ctx, "SELECT count(convert_from(payload, 'ebcdic')) FROM t").await.unwrap_err();
        assert!(e.to_string().contains("unknown encoding"), "{what}: {e}");
        let e = count(&ctx, "SELECT count(convert_from(payload, enc)) FROM t").await.unwrap_err();
        assert!(e.to_string().contains("must be a constant"), "{what}: {e}");
        let e = count(&ctx, "SELECT count(convert_from(id, 'utf8')) FROM t").await.unwrap_err();
        assert!(e.to_string().contains("must be binary"), "{what}: {e}");
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scalars_and_nulls() -> Result<()> {
    let mut ctx = SessionContext::new();
    rapidutf_datafusion::register(&mut ctx)?;
    let batches = ctx
        .sql(
            "SELECT convert_from(X'E9', 'latin1'), convert_from(X'80', 'cp1252'), \
             convert_from(X'3DD800DE', 'utf16le'), convert_to('é€', 'utf16be'), \
             utf8_repair(X'61FF62'), utf8_repair(X'61FF62', 'ignore'), is_valid_utf8(X'EDA080'), \
             is_valid_utf8(NULL), convert_from(NULL, 'latin1')",
        )
        .await?
        .collect()
        .await?;
    let b = &batches[0];
    let s =
        |i: usize| datafusion::arrow::util::display::array_value_to_string(b.column(i), 0).unwrap();
    assert_eq!(s(0), "é");
    assert_eq!(s(1), "€");
    assert_eq!(s(2), "😀");
    assert_eq!(s(3), "00e920ac");
    assert_eq!(s(4), "a\u{FFFD}b");
    assert_eq!(s(5), "ab");
    assert_eq!(s(6), "false");
    assert!(b.column(7).is_null(0) && b.column(8).is_null(0));
    Ok(())
}

/// What a serialised plan relies on: `datafusion-proto` writes a scalar
/// function as its name (the default codec encodes no state), and the
/// decoding side looks the name up in its own registry. Each function
/// registered anew on another context is equal to the one a plan built
/// here holds, and hashes the same: nothing but the name is needed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn functions_are_identified_by_name() -> Result<()> {
    use datafusion::execution::FunctionRegistry;
    use std::hash::{BuildHasher, RandomState};
    let mut planner = SessionContext::new();
    rapidutf_datafusion::register(&mut planner)?;
    let plan = planner
        .sql(
            "SELECT is_valid_utf8(b), convert_from(b, 'latin1'), convert_to(s, 'utf16le'), \
             utf8_repair(b) FROM (VALUES (X'61', 'a'), (X'FF', 'b')) AS t(b, s)",
        )
        .await?
        .create_physical_plan()
        .await?;
    let shown = datafusion::physical_plan::displayable(plan.as_ref()).indent(true).to_string();
    let mut executor = SessionContext::new();
    rapidutf_datafusion::register(&mut executor)?;
    let hasher = RandomState::new();
    for name in ["is_valid_utf8", "convert_from", "convert_to", "utf8_repair"] {
        // Called on a column (`column1@0`, ...), not folded into a constant.
        assert!(shown.contains(&format!("{name}(column")), "{shown}");
        let (a, b) = (planner.udf(name)?, executor.udf(name)?);
        assert!(!Arc::ptr_eq(&a, &b));
        assert_eq!(a, b, "{name}");
        assert_eq!(hasher.hash_one(&a), hasher.hash_one(&b), "{name}");
    }
    // Unregistered, the name is unknown: decoding would fail there.
    assert!(SessionContext::new().udf("convert_from").is_err());
    Ok(())
}
