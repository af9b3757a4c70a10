//! Generated Parquet data with text in mixed encodings, shared by the SQL
//! test and the example: each row's `payload` (a binary column) holds a
//! text encoded as its `enc` column says, and `text` holds that text as a
//! string, encoded by std and the shared Windows-1252 table (from
//! CPython's codec), not by rapidutf, so it is the queries' oracle.
#![allow(dead_code)]

use datafusion::arrow::array::{ArrayRef, BinaryArray, Int64Array, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::parquet::file::properties::WriterProperties;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// splitmix64.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Words of Western European text (every character in Latin-1), words
/// only Windows-1252 has (typographic quotes, the euro), and words
/// neither has (any UTF-8 or UTF-16 row may hold them).
const WESTERN: &[&str] = &[
    "the", "and", "café", "naïve", "Zürich", "Ærø", "façade", "über", "Straße", "niño", "señor",
    "crème", "brûlée", "déjà", "vu", "Øresund", "Málaga", "garçon", "½", "°C", "©", "¿qué?",
];
const WINDOWS: &[&str] = &["“quoted”", "‘single’", "€5", "—", "…", "™", "Œuvre", "Š", "ž"];
const WORLD: &[&str] =
    &["Привет", "мир", "你好", "世界", "こんにちは", "مرحبا", "שלום", "😀", "🎉", "𝄞", "नमस्ते"];

/// The encodings of the `enc` column, with how often each appears.
pub const ENCODINGS: &[(&str, usize)] =
    &[("utf8", 50), ("latin1", 15), ("windows1252", 15), ("utf16le", 10), ("broken", 10)];

/// One row's text in `enc` (one of [`ENCODINGS`]): a few words, as many
/// as fit a short key, a ~40-byte value, or a longer text.
fn row_text(rng: &mut Rng, enc: &str) -> String {
    let words = match rng.below(3) {
        0 => 1 + rng.below(2),
        1 => 4 + rng.below(4),
        _ => 10 + rng.below(40),
    };
    let mut s = String::new();
    for i in 0..words {
        if i > 0 {
            s.push(' ');
        }
        let pick = rng.below(10);
        let list = match enc {
            "latin1" => WESTERN,
            "windows1252" if pick < 3 => WINDOWS,
            "windows1252" => WESTERN,
            _ if pick < 3 => WORLD,
            _ if pick < 5 => WINDOWS,
            _ => WESTERN,
        };
        s.push_str(list[rng.below(list.len())]);
    }
    s
}

/// `text` encoded as `enc`, by std and the shared Windows-1252 table.
/// `broken` is UTF-8 with one byte replaced by `0xFF` (the row has no
/// text then).
fn encode(text: &str, enc: &str, table: &[char; 256], rng: &mut Rng) -> Vec<u8> {
    match enc {
        "latin1" => text.chars().map(|c| u8::try_from(c).expect("a Latin-1 word")).collect(),
        "windows1252" => text
            .chars()
            .map(|c| rapidutf_testkit::windows1252_byte(table, c).expect("a Windows-1252 word"))
            .collect(),
        "utf16le" => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        "broken" => {
            let mut b = text.as_bytes().to_vec();
            let at = rng.below(b.len());
            b[at] = 0xFF;
            b
        }
        _ => text.as_bytes().to_vec(),
    }
}

/// The schema of the generated files.
pub fn schema() -> Arc<Schema> {
    Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("enc", DataType::Utf8, false),
        Field::new("payload", DataType::Binary, true),
        Field::new("text", DataType::Utf8, true),
        Field::new("lossy", DataType::Utf8, true),
    ]))
}

/// Rows `first..first + n`: `id`, `enc`, `payload`, `text` (null for
/// `broken` rows), and `lossy` (`String::from_utf8_lossy` of the
/// payload). Every 50th payload is null.
pub fn batch(first: usize, n: usize, seed: u64) -> RecordBatch {
    let table = rapidutf_testkit::windows1252_table();
    let total: usize = ENCODINGS.iter().map(|e| e.1).sum();
    let mut rng = Rng(seed ^ first as u64);
    let (mut ids, mut encs, mut payloads, mut texts, mut lossy) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for id in first..first + n {
        let mut pick = rng.below(total);
        let enc = ENCODINGS
            .iter()
            .find(|e| {
                pick < e.1 || {
                    pick -= e.1;
                    false
                }
            })
            .expect("one")
            .0;
        let text = row_text(&mut rng, enc);
        let payload = encode(&text, enc, &table, &mut rng);
        ids.push(id as i64);
        encs.push(enc);
        let null = id % 50 == 49;
        lossy.push((!null).then(|| String::from_utf8_lossy(&payload).into_owned()));
        texts.push((!null && enc != "broken").then_some(text));
        payloads.push((!null).then_some(payload));
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(Int64Array::from(ids)),
        Arc::new(StringArray::from(encs)),
        Arc::new(BinaryArray::from_iter(payloads)),
        Arc::new(StringArray::from(texts)),
        Arc::new(StringArray::from(lossy)),
    ];
    RecordBatch::try_new(schema(), columns).expect("the schema's columns")
}

/// Writes `files` Parquet files of `rows_per_file` rows each into a new
/// directory under the system's temporary directory (named by `tag` and
/// the process), in row groups of 64 Ki rows; the directory.
pub fn write_parquet(tag: &str, files: usize, rows_per_file: usize, seed: u64) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rapidutf-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let props = WriterProperties::builder().set_max_row_group_row_count(Some(64 * 1024)).build();
    for f in 0..files {
        let file = std::fs::File::create(dir.join(format!("part-{f}.parquet"))).expect("a file");
        let mut w = ArrowWriter::try_new(file, schema(), Some(props.clone())).expect("a writer");
        let mut done = 0;
        while done < rows_per_file {
            let n = (rows_per_file - done).min(16 * 1024);
            w.write(&batch(f * rows_per_file + done, n, seed)).expect("writing a batch");
            done += n;
        }
        w.close().expect("closing the file");
    }
    dir
}

/// Removes a directory made by [`write_parquet`] when dropped.
pub struct TempDir(pub PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}
