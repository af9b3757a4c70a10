//! rapidutf's columnar validation against the engines' own, on generated
//! columns shaped like real ones:
//!
//! - `keys`: short identifiers (`user_48213`, `SKU-9X2A`), ASCII, 4 to 16
//!   bytes;
//! - `values`: words of several languages, about 40 bytes, about half the
//!   rows with a non-ASCII character;
//! - `urls`: ASCII URLs of 30 to 200 bytes, some percent-encoded;
//! - `text`: multilingual text of 200 to 2000 bytes.
//!
//! Contenders, each over the same buffers:
//!
//! - Arrow `Utf8` (offsets): arrow-rs' `StringArray::try_new` (whole
//!   buffer `std::str::from_utf8`, then `is_char_boundary` at each
//!   offset); arrow-cast's `cast` from `Binary` (the same check through
//!   `try_from_binary`); a polars-style check (an ASCII test of the
//!   buffer, else `simdutf8::basic` over it, then a continuation-byte test
//!   at each offset); rapidutf's `validate_utf8_offsets` and
//!   `rapidutf_arrow::binary_to_string` (the same, plus building the
//!   array, but over an `OffsetBuffer`, whose offsets are in order: it
//!   need not read those inside an ASCII stretch).
//! - Arrow `Utf8View`: `StringViewArray::try_new` (each view checked,
//!   `std::str::from_utf8` per string); `cast` from `BinaryView`; a
//!   polars-style check (each data buffer with `simdutf8::basic` and the
//!   boundaries of each long view, `simdutf8` on each inline view);
//!   rapidutf's `columnar::validate_string_view`.
//! - Selections: rapidutf validating 1 % of the rows (a bitmap, or row
//!   indices) against validating them all; and a floor, the time it takes
//!   only to read the selected rows' offsets and first byte.
//! - Parquet PLAIN pages: arrow-rs' reader's check (the loop of
//!   `parquet/src/arrow/array_reader/byte_view_array.rs`: the bytes are
//!   validated with `simdutf8::basic` in stretches that end at each
//!   length of 128 or more) against `columnar::validate_plain_byte_array`.
//!
//! ```text
//! cargo run --release -p rapidutf-columnar-bench
//! ```
//!
//! GB/s of string bytes (the values, not the offsets or views); the
//! contenders of a table take turns within each of 15 rounds of about 2 ms
//! (`race`), so that all meet the same load on a shared machine, and each
//! keeps its best round. A round is timed by the thread's CPU time, not the
//! wall clock: on a machine that other jobs load, a wall-clock round can
//! include time spent preempted, and the CPU time is what the same round
//! takes on an idle core.

use arrow_array::builder::StringViewBuilder;
use arrow_array::{BinaryArray, BinaryViewArray, StringArray, StringViewArray};
use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::DataType;
use cpu_time::ThreadTime;
use rapidutf::columnar::{self, Selection, Validation};
use std::hint::black_box;

/// The thread's CPU time of one call of `f`, in seconds.
fn cpu<F: FnMut() -> usize + ?Sized>(f: &mut F, reps: usize) -> f64 {
    let t = ThreadTime::now();
    for _ in 0..reps {
        black_box(f());
    }
    t.elapsed().as_secs_f64() / reps as f64
}

/// GB/s of `bytes` for each of `fs`: calls enough for about 2 ms each
/// round, 15 rounds, the functions taking turns within each round; the
/// best round of each.
fn race(bytes: usize, fs: &mut [&mut dyn FnMut() -> usize]) -> Vec<f64> {
    let reps: Vec<usize> =
        fs.iter_mut().map(|f| ((2e-3 / cpu(&mut **f, 1).max(1e-7)) as usize).max(1)).collect();
    let mut best = vec![f64::MAX; fs.len()];
    for _ in 0..15 {
        for (k, f) in fs.iter_mut().enumerate() {
            best[k] = best[k].min(cpu(&mut **f, reps[k]));
        }
    }
    best.into_iter().map(|s| bytes as f64 / s / 1e9).collect()
}

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const ASCII_WORDS: &[&str] = &[
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
    "fast",
    "delivery",
    "size",
    "color",
    "blue",
    "large",
    "new",
];
const OTHER_WORDS: &[&str] = &[
    "café",
    "naïve",
    "Zürich",
    "Straße",
    "niño",
    "crème",
    "déjà",
    "Øresund",
    "Привет",
    "мир",
    "товар",
    "你好",
    "世界",
    "商品",
    "こんにちは",
    "配送",
    "مرحبا",
    "שלום",
    "नमस्ते",
    "😀",
    "€5",
];

fn words(rng: &mut Rng, bytes: std::ops::Range<usize>, non_ascii: bool) -> String {
    let bytes = bytes.start + rng.below(bytes.len());
    let mut s = String::new();
    while s.len() < bytes {
        if !s.is_empty() {
            s.push(' ');
        }
        let other = non_ascii && rng.below(4) == 0;
        let list = if other { OTHER_WORDS } else { ASCII_WORDS };
        s.push_str(list[rng.below(list.len())]);
    }
    s
}

/// `n` rows of one of the column shapes.
fn column(shape: &str, n: usize) -> Vec<String> {
    let mut rng = Rng(shape.len() as u64);
    (0..n)
        .map(|i| match shape {
            "keys" => match i % 3 {
                0 => format!("user_{}", rng.below(100_000)),
                1 => format!("SKU-{:X}", rng.below(1 << 20)),
                _ => format!("k{}", rng.below(1000)),
            },
            "values" => {
                let non_ascii = rng.below(2) == 0;
                words(&mut rng, 25..55, non_ascii)
            }
            "urls" => {
                let mut u = format!("https://www.example.com/{}", words(&mut rng, 5..155, false));
                u = u.replace(' ', "/");
                if rng.below(4) == 0 {
                    u.push_str("?q=caf%C3%A9&lang=fr");
                }
                u
            }
            _ => words(&mut rng, 200..2000, true),
        })
        .collect()
}

/// The rows' bytes end to end, and their offsets.
fn offsets_of(rows: &[String]) -> (Buffer, OffsetBuffer<i32>) {
    let mut values = Vec::new();
    let mut offsets = vec![0i32];
    for r in rows {
        values.extend_from_slice(r.as_bytes());
        offsets.push(values.len() as i32);
    }
    (Buffer::from_vec(values), OffsetBuffer::new(offsets.into()))
}

fn yes(ok: bool) -> usize {
    usize::from(ok)
}

/// Whether `b` starts a character (not a continuation byte).
fn boundary(b: u8) -> bool {
    (b as i8) >= -0x40
}

/// The polars-style check of offsets: an ASCII buffer is valid; else the
/// whole buffer through simdutf8, and no offset on a continuation byte.
fn polars_offsets(values: &[u8], offsets: &[i32]) -> bool {
    if values.is_ascii() {
        return true;
    }
    simdutf8::basic::from_utf8(values).is_ok()
        && offsets.iter().all(|&o| values.get(o as usize).is_none_or(|&b| boundary(b)))
}

/// The polars-style check of views: each data buffer through simdutf8,
/// then each long view's ends on boundaries; each inline view through
/// simdutf8 on its own.
fn polars_views(views: &[u128], buffers: &[Buffer]) -> bool {
    if !buffers.iter().all(|b| simdutf8::basic::from_utf8(b).is_ok()) {
        return false;
    }
    views.iter().all(|&v| {
        let len = v as u32 as usize;
        if len <= 12 {
            simdutf8::basic::from_utf8(&v.to_le_bytes()[4..4 + len]).is_ok()
        } else {
            let (b, o) = ((v >> 64) as u32 as usize, (v >> 96) as u32 as usize);
            let data = &buffers[b];
            boundary(data[o]) && data.get(o + len).is_none_or(|&b| boundary(b))
        }
    })
}

/// arrow-rs' Parquet reader's check of a PLAIN page
/// (`ByteViewArrayDecoderPlain::read` with `VALIDATE_UTF8`): walk the
/// lengths; at each length of 128 or more, validate the bytes since the
/// last such length (its 4 bytes may not be ASCII), and at the end the
/// rest; `check_valid_utf8` is `simdutf8::basic::from_utf8` (the parquet
/// crate's default `simdutf8` feature, which DataFusion builds with).
fn arrow_plain(page: &[u8]) -> bool {
    let mut end = 0;
    let mut begin = 0;
    while end < page.len() {
        let start = end + 4;
        if start > page.len() {
            return false;
        }
        let len = u32::from_le_bytes(page[end..start].try_into().unwrap());
        end = start + len as usize;
        if end > page.len() {
            return false;
        }
        if len >= 128 {
            if simdutf8::basic::from_utf8(&page[begin..start - 4]).is_err() {
                return false;
            }
            begin = start;
        }
    }
    simdutf8::basic::from_utf8(&page[begin..end]).is_ok()
}

fn plain_page(rows: &[String]) -> Vec<u8> {
    let mut page = Vec::new();
    for r in rows {
        page.extend_from_slice(&(r.len() as u32).to_le_bytes());
        page.extend_from_slice(r.as_bytes());
    }
    page
}

fn header(title: &str, names: &[&str]) {
    println!("\n{title}\n");
    println!("| column | rows | mean bytes | non-ASCII rows | {} |", names.join(" | "));
    println!("|---|---|---|---|{}", "---|".repeat(names.len()));
}

fn row(shape: &str, rows: &[String], bytes: usize, cells: &[String]) {
    let non_ascii = rows.iter().filter(|r| !r.is_ascii()).count();
    println!(
        "| {shape} | {} | {:.1} | {:.0} % | {} |",
        rows.len(),
        bytes as f64 / rows.len() as f64,
        100.0 * non_ascii as f64 / rows.len() as f64,
        cells.join(" | ")
    );
}

fn gb(x: f64) -> String {
    format!("{x:.2}")
}

fn ratio(x: f64) -> String {
    format!("**{x:.2}×**")
}

/// Rows per column: a few MB of each shape, more rows of the short ones.
fn rows_of(shape: &str) -> usize {
    match shape {
        "keys" => 400_000,
        "values" => 100_000,
        "urls" => 40_000,
        _ => 4_000,
    }
}

const SHAPES: [&str; 4] = ["keys", "values", "urls", "text"];

/// Whether to run the table `name` (`offsets`, `views`, `selection`,
/// `plain`, `ascii`): all of them, unless `COLUMNAR_BENCH` names some.
fn wanted(name: &str) -> bool {
    std::env::var("COLUMNAR_BENCH").map_or(true, |only| only.split(',').any(|o| o == name))
}

fn main() {
    println!(
        "rapidutf columnar validation, rapidutf kernel {}, GB/s of string bytes",
        rapidutf::Kernel::active()
    );

    if wanted("offsets") {
        offsets_table();
    }
    if wanted("views") {
        views_table();
    }
    if wanted("selection") {
        selection_table();
    }
    if wanted("plain") {
        plain_table();
    }
    if wanted("ascii") {
        ascii_table();
    }
    black_box(());
}

fn offsets_table() {
    header(
        "Arrow `Utf8` (offsets)",
        &[
            "`StringArray::try_new`",
            "`cast` Binary→Utf8",
            "polars-style",
            "rapidutf `validate_utf8_offsets`",
            "rapidutf-arrow `binary_to_string`",
            "rapidutf ÷ try_new",
            "rapidutf ÷ polars-style",
            "rapidutf-arrow ÷ try_new",
        ],
    );
    for shape in SHAPES {
        let rows = column(shape, rows_of(shape));
        let (values, offsets) = offsets_of(&rows);
        let n = values.len();
        let binary = BinaryArray::new(offsets.clone(), values.clone(), None);
        let mut try_new =
            || yes(StringArray::try_new(offsets.clone(), values.clone(), None).is_ok());
        let mut cast = || yes(arrow_cast::cast(&binary, &DataType::Utf8).is_ok());
        let mut polars = || yes(polars_offsets(&values, &offsets));
        let mut ours = || yes(rapidutf::validate_utf8_offsets(&values, &offsets).is_ok());
        let mut ours_arrow = || yes(rapidutf_arrow::binary_to_string(&binary).is_ok());
        assert_eq!((try_new(), cast(), polars(), ours(), ours_arrow()), (1, 1, 1, 1, 1));
        let g = race(n, &mut [&mut try_new, &mut cast, &mut polars, &mut ours, &mut ours_arrow]);
        row(
            shape,
            &rows,
            n,
            &[
                gb(g[0]),
                gb(g[1]),
                gb(g[2]),
                gb(g[3]),
                gb(g[4]),
                ratio(g[3] / g[0]),
                ratio(g[3] / g[2]),
                ratio(g[4] / g[0]),
            ],
        );
    }
}

fn views_table() {
    header(
        "Arrow `Utf8View` (views)",
        &[
            "`StringViewArray::try_new`",
            "`cast` BinaryView→Utf8View",
            "polars-style",
            "rapidutf `validate_string_view`",
            "rapidutf ÷ try_new",
            "rapidutf ÷ polars-style",
        ],
    );
    for shape in SHAPES {
        let rows = column(shape, rows_of(shape));
        let mut b = StringViewBuilder::new();
        for r in &rows {
            b.append_value(r);
        }
        let a = b.finish();
        let (views, buffers) = (a.views().clone(), a.data_buffers().to_vec());
        let n: usize = rows.iter().map(String::len).sum();
        let bin = BinaryViewArray::new(views.clone(), buffers.clone(), None);
        let mut try_new =
            || yes(StringViewArray::try_new(views.clone(), buffers.clone(), None).is_ok());
        let mut cast = || yes(arrow_cast::cast(&bin, &DataType::Utf8View).is_ok());
        let mut polars = || yes(polars_views(&views, &buffers));
        let mut ours = || yes(columnar::validate_string_view(&views, &buffers).is_ok());
        assert_eq!((try_new(), cast(), polars(), ours()), (1, 1, 1, 1));
        let g = race(n, &mut [&mut try_new, &mut cast, &mut polars, &mut ours]);
        row(
            shape,
            &rows,
            n,
            &[gb(g[0]), gb(g[1]), gb(g[2]), gb(g[3]), ratio(g[3] / g[0]), ratio(g[3] / g[2])],
        );
    }
}

fn selection_table() {
    header(
        "Selections: 1 % of the rows (every 100th), Arrow offsets and views; GB/s of *all* the column's bytes",
        &[
            "all rows, offsets",
            "bitmap, offsets",
            "indices, offsets",
            "bitmap ÷ all",
            "indices ÷ all",
            "all rows, views",
            "bitmap, views",
            "bitmap ÷ all (views)",
            "floor: bitmap ÷ all",
            "floor: indices ÷ all",
        ],
    );
    for shape in SHAPES {
        let rows = column(shape, rows_of(shape));
        let (values, offsets) = offsets_of(&rows);
        let n = values.len();
        let mut bits = vec![0u8; rows.len().div_ceil(8)];
        let list: Vec<u32> = (0..rows.len() as u32).step_by(100).collect();
        for &i in &list {
            bits[i as usize / 8] |= 1 << (i % 8);
        }
        let mut b = StringViewBuilder::new();
        for r in &rows {
            b.append_value(r);
        }
        let a = b.finish();
        let (views, buffers): (ScalarBuffer<u128>, Vec<Buffer>) =
            (a.views().clone(), a.data_buffers().to_vec());
        let bitmap = Selection::Bitmap { bits: &bits, offset: 0 };
        let mut all = || yes(rapidutf::validate_utf8_offsets(&values, &offsets).is_ok());
        let mut by_bits =
            || yes(Validation::new().select(bitmap).offsets(&values, &offsets).is_ok());
        let mut by_list = || {
            yes(Validation::new()
                .select(Selection::Indices(&list))
                .offsets(&values, &offsets)
                .is_ok())
        };
        let mut all_views = || yes(columnar::validate_string_view(&views, &buffers).is_ok());
        let mut bits_views =
            || yes(Validation::new().select(bitmap).string_view(&views, &buffers).is_ok());
        let mut floor_list = || touch_indices(&values, &offsets, &list);
        let mut floor_bits = || touch_bitmap(&values, &offsets, &bits);
        let g = race(
            n,
            &mut [
                &mut all,
                &mut by_bits,
                &mut by_list,
                &mut all_views,
                &mut bits_views,
                &mut floor_list,
                &mut floor_bits,
            ],
        );
        row(
            shape,
            &rows,
            n,
            &[
                gb(g[0]),
                gb(g[1]),
                gb(g[2]),
                ratio(g[1] / g[0]),
                ratio(g[2] / g[0]),
                gb(g[3]),
                gb(g[4]),
                ratio(g[4] / g[3]),
                ratio(g[6] / g[0]),
                ratio(g[5] / g[0]),
            ],
        );
    }
}

/// The least a validation of the rows in `list` must do, without
/// validating anything: read each one's offsets and first byte.
fn touch_indices(values: &[u8], offsets: &[i32], list: &[u32]) -> usize {
    let mut sum = 0usize;
    for &i in list {
        let (start, end) = (offsets[i as usize] as usize, offsets[i as usize + 1] as usize);
        sum = sum.wrapping_add(end).wrapping_add(usize::from(values[start]));
    }
    sum | 1
}

/// [`touch_indices`] for the rows whose bit is set in `bits`, found a
/// word at a time.
fn touch_bitmap(values: &[u8], offsets: &[i32], bits: &[u8]) -> usize {
    let mut sum = 0usize;
    for (w, chunk) in bits.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let mut word = u64::from_le_bytes(word);
        while word != 0 {
            let i = 64 * w + word.trailing_zeros() as usize;
            word &= word - 1;
            let (start, end) = (offsets[i] as usize, offsets[i + 1] as usize);
            sum = sum.wrapping_add(end).wrapping_add(usize::from(values[start]));
        }
    }
    sum | 1
}

fn plain_table() {
    header(
        "Parquet PLAIN `BYTE_ARRAY` pages",
        &[
            "arrow-rs reader's check (simdutf8)",
            "rapidutf `validate_plain_byte_array`",
            "rapidutf ÷ arrow-rs",
            "rows ≥ 128 bytes",
        ],
    );
    for shape in SHAPES {
        let rows = column(shape, rows_of(shape));
        let long = rows.iter().filter(|r| r.len() >= 128).count();
        let page = plain_page(&rows);
        let n: usize = rows.iter().map(String::len).sum();
        let mut arrow = || yes(arrow_plain(&page));
        let mut ours = || yes(columnar::validate_plain_byte_array(&page).is_ok());
        assert_eq!((arrow(), ours()), (1, 1));
        let g = race(n, &mut [&mut arrow, &mut ours]);
        row(
            shape,
            &rows,
            n,
            &[
                gb(g[0]),
                gb(g[1]),
                ratio(g[1] / g[0]),
                format!("{:.0} %", 100.0 * long as f64 / rows.len() as f64),
            ],
        );
    }
    // The same pages with only the rows of 128 bytes or more.
    for shape in ["urls", "text"] {
        let rows: Vec<String> =
            column(shape, rows_of(shape)).into_iter().filter(|r| r.len() >= 128).collect();
        let page = plain_page(&rows);
        let n: usize = rows.iter().map(String::len).sum();
        let mut arrow = || yes(arrow_plain(&page));
        let mut ours = || yes(columnar::validate_plain_byte_array(&page).is_ok());
        assert_eq!((arrow(), ours()), (1, 1));
        let g = race(n, &mut [&mut arrow, &mut ours]);
        row(
            &format!("{shape} ≥ 128 B only"),
            &rows,
            n,
            &[gb(g[0]), gb(g[1]), ratio(g[1] / g[0]), "100 %".into()],
        );
    }
    black_box(());
}

fn ascii_table() {
    header(
        "The per-row ASCII bitmap as a by-product (all rows)",
        &["offsets", "offsets + ASCII bitmap", "cost", "views", "views + ASCII bitmap", "cost"],
    );
    for shape in SHAPES {
        let rows = column(shape, rows_of(shape));
        let (values, offsets) = offsets_of(&rows);
        let n = values.len();
        let mut b = StringViewBuilder::new();
        for r in &rows {
            b.append_value(r);
        }
        let a = b.finish();
        let (views, buffers) = (a.views().clone(), a.data_buffers().to_vec());
        let mut bits = vec![0u8; rows.len().div_ceil(8)];
        let mut bits2 = bits.clone();
        let mut plain = || yes(rapidutf::validate_utf8_offsets(&values, &offsets).is_ok());
        let mut with_bits =
            || yes(Validation::new().ascii_bitmap(&mut bits).offsets(&values, &offsets).is_ok());
        let mut views_plain = || yes(columnar::validate_string_view(&views, &buffers).is_ok());
        let mut views_bits = || {
            yes(Validation::new().ascii_bitmap(&mut bits2).string_view(&views, &buffers).is_ok())
        };
        let g = race(n, &mut [&mut plain, &mut with_bits, &mut views_plain, &mut views_bits]);
        let cost = |a: f64, b: f64| format!("{:+.0} %", 100.0 * (a / b - 1.0));
        row(
            shape,
            &rows,
            n,
            &[gb(g[0]), gb(g[1]), cost(g[0], g[1]), gb(g[2]), gb(g[3]), cost(g[2], g[3])],
        );
    }
}
