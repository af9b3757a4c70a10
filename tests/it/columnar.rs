//! The columnar layouts (`rapidutf::columnar` and the offsets form),
//! with every kernel, against a reference model: each layout decoded row
//! by row by the simple reading of its specification below, each row
//! checked with `core::str::from_utf8` and `<[u8]>::is_ascii`, and the
//! documented order of errors (the first failing row; for a list of
//! indices, the list's order).
//!
//! The inputs are generated from a seed: hundreds of rows (several
//! 256-row chunks) of every shape (empty, short ASCII, strings around the
//! 12-byte inline limit, multilingual text, strings of 128 bytes and more
//! whose Parquet lengths have bytes of `0x80` and above), with invalid
//! rows, corrupted layouts and selections of every density.

use crate::common::cases::{BAD, TEXT};
use crate::common::{kernels, proptest_config};
use proptest::prelude::*;
use rapidutf::columnar::{self, Selection, Validation};
use rapidutf::{Kernel, ManyStringsError, ManyStringsErrorKind};

// ------------------------------------------------------------ the model

/// A row's error as the model names it.
type Fail = (usize, String);

fn utf8_fail(bytes: &[u8]) -> Option<String> {
    std::str::from_utf8(bytes)
        .err()
        .map(|e| format!("utf8 {}/{:?}", e.valid_up_to(), e.error_len()))
}

fn result_key(r: Result<(), ManyStringsError>) -> Result<(), Fail> {
    r.map_err(|e| {
        let kind = match e.kind() {
            ManyStringsErrorKind::Invalid(u) => {
                assert_eq!(e.utf8_error(), Some(u));
                format!("utf8 {}/{:?}", u.valid_up_to(), u.error_len())
            }
            ManyStringsErrorKind::OutOfBounds => "oob".into(),
            ManyStringsErrorKind::Reversed => "rev".into(),
            ManyStringsErrorKind::Negative => "neg".into(),
            ManyStringsErrorKind::MissingBuffer => "missing".into(),
            ManyStringsErrorKind::PrefixMismatch => "prefix".into(),
            ManyStringsErrorKind::NonZeroPadding => "padding".into(),
            ManyStringsErrorKind::TruncatedLength => "trunc".into(),
            ManyStringsErrorKind::NoSuchRow => "nosuchrow".into(),
            ManyStringsErrorKind::BitmapTooShort => "bitmap".into(),
            k => panic!("a kind the model does not know: {k:?}"),
        };
        assert!(!e.to_string().is_empty());
        (e.index(), kind)
    })
}

/// The selection, in the model's terms.
#[derive(Clone, Debug)]
enum Sel {
    All,
    Bitmap { bits: Vec<u8>, offset: usize },
    Indices(Vec<u32>),
}

impl Sel {
    fn api(&self) -> Selection<'_> {
        match self {
            Sel::All => Selection::All,
            Sel::Bitmap { bits, offset } => Selection::Bitmap { bits, offset: *offset },
            Sel::Indices(list) => Selection::Indices(list),
        }
    }

    /// Bits available, for a bitmap.
    fn cap(&self) -> usize {
        match self {
            Sel::Bitmap { bits, offset } => (bits.len() * 8).saturating_sub(*offset),
            _ => usize::MAX,
        }
    }

    fn selected(&self, row: usize) -> bool {
        match self {
            Sel::All | Sel::Indices(_) => true,
            Sel::Bitmap { bits, offset } => {
                let b = offset + row;
                bits.get(b / 8).is_some_and(|&x| x >> (b % 8) & 1 == 1)
            }
        }
    }
}

/// What a validation must give: its result (the row count or byte count
/// of the walked layouts aside), and on success the ASCII bitmap's bits.
struct Expected {
    result: Result<(), Fail>,
    ascii: Vec<bool>,
}

/// The model of a layout with direct access to each row: `rows[i]` is the
/// row's bytes, or the name of its layout error.
fn model_random(rows: &[Result<Vec<u8>, &str>], sel: &Sel, ascii_cap: Option<usize>) -> Expected {
    let check = |i: usize| -> Result<bool, String> {
        match &rows[i] {
            Err(kind) => Err(kind.to_string()),
            Ok(b) => match utf8_fail(b) {
                Some(f) => Err(f),
                None => Ok(b.is_ascii()),
            },
        }
    };
    let mut ascii = vec![false; rows.len()];
    let cap = ascii_cap.unwrap_or(usize::MAX);
    let result = (|| match sel {
        Sel::Indices(list) => {
            for &i in list {
                let i = i as usize;
                if i >= rows.len() {
                    return Err((i, "nosuchrow".into()));
                }
                let a = check(i).map_err(|k| (i, k))?;
                if i >= cap {
                    return Err((i, "bitmap".into()));
                }
                ascii[i] |= a;
            }
            if rows.len() > cap {
                return Err((cap, "bitmap".into()));
            }
            Ok(())
        }
        _ => {
            let limit = rows.len().min(sel.cap()).min(cap);
            for (i, a) in ascii.iter_mut().enumerate().take(limit) {
                if sel.selected(i) {
                    *a = check(i).map_err(|k| (i, k))?;
                }
            }
            if limit < rows.len() {
                return Err((limit, "bitmap".into()));
            }
            Ok(())
        }
    })();
    Expected { result, ascii }
}

/// The model of a walked layout (a Parquet page): `rows` are the values
/// its lengths give, `stop` the error of the length after them, if any.
fn model_walk(
    rows: &[Vec<u8>],
    stop: Option<&str>,
    sel: &Sel,
    ascii_cap: Option<usize>,
) -> Expected {
    let mut ascii = vec![false; rows.len()];
    let cap = ascii_cap.unwrap_or(usize::MAX);
    let n = rows.len();
    let stop_at = stop.map(|k| (n, k.to_string()));
    let result = (|| match sel {
        Sel::Indices(list) => {
            for &i in list {
                let i = i as usize;
                if i >= n {
                    return Err(stop_at.clone().unwrap_or((i, "nosuchrow".into())));
                }
                if let Some(f) = utf8_fail(&rows[i]) {
                    return Err((i, f));
                }
                if i >= cap {
                    return Err((i, "bitmap".into()));
                }
                ascii[i] |= rows[i].is_ascii();
            }
            if let Some(s) = stop_at.clone() {
                return Err(s);
            }
            if n > cap {
                return Err((cap, "bitmap".into()));
            }
            Ok(())
        }
        _ => {
            let limit = sel.cap().min(cap);
            for i in 0..=n {
                if i == limit && (i < n || stop.is_some()) {
                    return Err((i, "bitmap".into()));
                }
                if i == n {
                    break;
                }
                if sel.selected(i) {
                    if let Some(f) = utf8_fail(&rows[i]) {
                        return Err((i, f));
                    }
                    ascii[i] = rows[i].is_ascii();
                }
            }
            match stop_at {
                Some(s) => Err(s),
                None => Ok(()),
            }
        }
    })();
    Expected { result, ascii }
}

/// Runs `f` with every kernel and with the active one (`None`), with and
/// without an ASCII bitmap (exact, and one byte or one row too short
/// where `rows` allows), and checks each result and bitmap against
/// `model(ascii_cap)`; `f` returns the validation's result.
fn check_all(
    rows: usize,
    model: impl Fn(Option<usize>) -> Expected,
    f: impl Fn(Validation<'_>) -> Result<(), ManyStringsError>,
) {
    let ks: Vec<Option<Kernel>> = kernels().into_iter().map(Some).chain([None]).collect();
    let mut sizes = vec![None, Some(rows.div_ceil(8) + 2)];
    if rows % 8 != 0 || rows == 0 {
        sizes.push(Some(rows.div_ceil(8)));
    }
    if rows >= 8 {
        sizes.push(Some(rows.div_ceil(8) - 1));
    }
    for size in sizes {
        let want = model(size.map(|s| s * 8));
        for &k in &ks {
            let mut out = vec![0xA5u8; size.unwrap_or(0)];
            let mut v = Validation::new();
            if let Some(k) = k {
                v = v.kernel(k);
            }
            if size.is_some() {
                v = v.ascii_bitmap(&mut out);
            }
            let got = result_key(f(v));
            let who = k.map_or("active", Kernel::name);
            assert_eq!(got, want.result, "{who}, ASCII bitmap of {size:?} bytes");
            if let (Some(size), Ok(())) = (size, &want.result) {
                for (i, &a) in want.ascii.iter().enumerate() {
                    assert_eq!(out[i / 8] >> (i % 8) & 1 == 1, a, "{who}: ASCII bit of row {i}");
                }
                let written = rows.div_ceil(8);
                for (i, &b) in out.iter().enumerate().skip(written) {
                    assert_eq!(b, 0xA5, "{who}: byte {i} of {size} is past the rows");
                }
                if rows % 8 != 0 {
                    assert_eq!(out[rows / 8] >> (rows % 8), 0, "{who}: bits past the last row");
                }
            }
        }
    }
}

// ------------------------------------------------------------ inputs

/// splitmix64: the generator of the rows, from a proptest seed.
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
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// Valid text of about `len` bytes (characters of every width).
fn text(rng: &mut Rng, len: usize, ascii: bool) -> Vec<u8> {
    let mut s = String::new();
    let chars: Vec<char> = TEXT.chars().collect();
    while s.len() < len {
        if ascii {
            s.push((b'a' + rng.below(26) as u8) as char);
        } else {
            s.push(chars[rng.below(chars.len())]);
        }
    }
    s.into_bytes()
}

/// A row of one of the shapes columns hold, `bad_one_in` of them invalid.
fn row(rng: &mut Rng, bad_one_in: usize) -> Vec<u8> {
    let ascii = rng.chance(2);
    let len = match rng.below(8) {
        0 => 0,
        1 => 1 + rng.below(5),
        2 => 10 + rng.below(5), // around the 12-byte inline limit
        3 | 4 => 5 + rng.below(40),
        5 => 40 + rng.below(90),
        6 => 120 + rng.below(300), // Parquet lengths with a byte >= 0x80
        _ => 2 + rng.below(20),
    };
    let mut r = text(rng, len, ascii);
    if rng.chance(bad_one_in) {
        let at = (0..=r.len()).filter(|&i| i == r.len() || (r[i] as i8) >= -64).collect::<Vec<_>>();
        let at = at[rng.below(at.len())];
        match rng.below(3) {
            0 => r.splice(at..at, BAD[rng.below(BAD.len())].iter().copied()).for_each(drop),
            1 => r.insert(at, rng.next() as u8),
            _ => {
                // A character cut at the start or the end of the row.
                let c = ["é", "€", "😀"][rng.below(3)].as_bytes();
                if rng.chance(2) {
                    r.extend_from_slice(&c[..c.len() - 1]);
                } else {
                    r.splice(0..0, c[1..].iter().copied()).for_each(drop);
                }
            }
        }
    }
    r
}

/// `n` rows; `bad_one_in` of them invalid, some of those in pairs whose
/// concatenation is valid: a character split between two rows, and a row
/// ending in a lead byte that a Parquet length of 128 to 191 (a
/// continuation byte, then ASCII) would complete.
fn rows(rng: &mut Rng, n: usize, bad_one_in: usize) -> Vec<Vec<u8>> {
    let mut rows = Vec::with_capacity(n);
    while rows.len() < n {
        if rows.len() + 2 <= n && rng.chance(bad_one_in.saturating_mul(2)) {
            let len = 20 + rng.below(200);
            let t = text(rng, len, false);
            let cuts: Vec<usize> = (1..t.len()).filter(|&i| (t[i] as i8) < -64).collect();
            let (a, b) = match (rng.chance(2), cuts.is_empty()) {
                (true, false) => {
                    let at = cuts[rng.below(cuts.len())];
                    (t[..at].to_vec(), t[at..].to_vec())
                }
                _ => {
                    let len = 128 + rng.below(64);
                    (b"ends in a lead \xC3".to_vec(), text(rng, len, true))
                }
            };
            rows.push(a);
            rows.push(b);
        } else {
            rows.push(row(rng, bad_one_in));
        }
    }
    rows
}

/// A selection of `rows` rows of one of several kinds and densities.
fn selection(rng: &mut Rng, rows: usize) -> Sel {
    let density = [1, 2, 8, 50, 200][rng.below(5)];
    match rng.below(4) {
        0 => Sel::All,
        1 | 2 => {
            let offset = rng.below(20);
            let mut bits = vec![0u8; (offset + rows).div_ceil(8)];
            for i in 0..rows {
                if rng.chance(density) {
                    bits[(offset + i) / 8] |= 1 << ((offset + i) % 8);
                }
            }
            // Sometimes garbage past the rows, sometimes too short.
            if rng.chance(3) {
                bits.push(rng.next() as u8);
            } else if rng.chance(6) && !bits.is_empty() {
                bits.pop();
            }
            Sel::Bitmap { bits, offset }
        }
        _ => {
            let mut list: Vec<u32> = (0..rows as u32).filter(|_| rng.chance(density)).collect();
            if rng.chance(2) {
                // Out of order, with repeats.
                for i in (1..list.len()).rev() {
                    list.swap(i, rng.below(i + 1));
                }
                if !list.is_empty() && rng.chance(2) {
                    let x = list[rng.below(list.len())];
                    list.push(x);
                }
            }
            if rng.chance(8) {
                list.insert(rng.below(list.len() + 1), (rows + rng.below(3)) as u32);
            }
            Sel::Indices(list)
        }
    }
}

// ------------------------------------------------------------ layouts

/// Arrow offsets over the rows, laid end to end.
fn offsets_of(rows: &[Vec<u8>]) -> (Vec<u8>, Vec<i64>) {
    let mut offsets = vec![0i64];
    for r in rows {
        offsets.push(offsets.last().unwrap() + r.len() as i64);
    }
    (rows.concat(), offsets)
}

fn check_offsets(buf: &[u8], offsets: &[i64], sel: &Sel) {
    let model_rows: Vec<Result<Vec<u8>, &str>> = offsets
        .windows(2)
        .map(|w| {
            let (s, e) = (w[0], w[1]);
            if s < 0 || e < 0 {
                Err("neg")
            } else if s as usize > buf.len() || e as usize > buf.len() {
                Err("oob")
            } else if s > e {
                Err("rev")
            } else {
                Ok(buf[s as usize..e as usize].to_vec())
            }
        })
        .collect();
    let u32s: Vec<u32> = offsets.iter().map(|&o| o as u32).collect();
    let n = model_rows.len();
    check_all(
        n,
        |cap| model_random(&model_rows, sel, cap),
        |v| v.select(sel.api()).offsets(buf, offsets),
    );
    if offsets.iter().all(|&o| o >= 0) {
        check_all(
            n,
            |cap| model_random(&model_rows, sel, cap),
            |v| v.select(sel.api()).offsets(buf, &u32s),
        );
    }
}

/// A string-view column over the rows: inline views for 12 bytes or
/// fewer, the rest in two data buffers, mostly end to end, sometimes
/// after a gap of garbage, pointing back at an earlier string's bytes, or
/// into the other buffer.
fn views_of(rng: &mut Rng, rows: &[Vec<u8>]) -> (Vec<u128>, Vec<Vec<u8>>) {
    let mut buffers = vec![Vec::new(), Vec::new()];
    let mut earlier: Vec<(usize, usize, usize)> = Vec::new();
    let mut views = Vec::new();
    let mut b = 0;
    for r in rows {
        if let Some(v) = columnar::inline_view(r) {
            views.push(v);
            continue;
        }
        if rng.chance(10) {
            b = 1 - b;
        }
        if rng.chance(20) {
            let junk = [0xFF, 0x80, b'x', 0xE2][rng.below(4)];
            buffers[b].extend(std::iter::repeat(junk).take(1 + rng.below(3)));
        }
        let same = earlier.iter().find(|&&(bb, o, l)| buffers[bb][o..o + l] == r[..]);
        let (bb, off) = match same {
            Some(&(bb, o, _)) if rng.chance(2) => (bb, o),
            _ => {
                buffers[b].extend_from_slice(r);
                (b, buffers[b].len() - r.len())
            }
        };
        earlier.push((bb, off, r.len()));
        views.push(long_view(r.len() as u32, &r[..4], bb as u32, off as u32));
    }
    (views, buffers)
}

fn long_view(len: u32, prefix: &[u8], buffer: u32, offset: u32) -> u128 {
    let mut p = [0u8; 4];
    p.copy_from_slice(prefix);
    u128::from(len)
        | u128::from(u32::from_le_bytes(p)) << 32
        | u128::from(buffer) << 64
        | u128::from(offset) << 96
}

/// The model of one view, from Arrow's format specification.
fn view_model(v: u128, buffers: &[Vec<u8>]) -> Result<Vec<u8>, &'static str> {
    let b = v.to_le_bytes();
    let int = |i: usize| i32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    let len = int(0);
    if (0..=12).contains(&len) {
        let len = len as usize;
        if b[4 + len..].iter().any(|&x| x != 0) {
            return Err("padding");
        }
        return Ok(b[4..4 + len].to_vec());
    }
    let (buffer, offset) = (int(8), int(12));
    if buffer < 0 || buffer as usize >= buffers.len() {
        return Err("missing");
    }
    let data = &buffers[buffer as usize];
    if len < 0 || offset < 0 {
        return Err("neg");
    }
    if offset as usize + len as usize > data.len() {
        return Err("oob");
    }
    let s = &data[offset as usize..offset as usize + len as usize];
    if s[..4] != b[4..8] {
        return Err("prefix");
    }
    Ok(s.to_vec())
}

fn check_views(views: &[u128], buffers: &[Vec<u8>], sel: &Sel) {
    let model_rows: Vec<_> = views.iter().map(|&v| view_model(v, buffers)).collect();
    let slices: Vec<&[u8]> = buffers.iter().map(Vec::as_slice).collect();
    check_all(
        views.len(),
        |cap| model_random(&model_rows, sel, cap),
        |v| v.select(sel.api()).string_view(views, buffers),
    );
    if matches!(sel, Sel::All) {
        assert_eq!(
            result_key(columnar::validate_string_view(views, &slices)),
            model_random(&model_rows, sel, None).result
        );
    }
}

/// A Parquet PLAIN page of the rows.
fn plain_of(rows: &[Vec<u8>]) -> Vec<u8> {
    let mut page = Vec::new();
    for r in rows {
        page.extend_from_slice(&(r.len() as u32).to_le_bytes());
        page.extend_from_slice(r);
    }
    page
}

/// The model of a PLAIN page, from Parquet's specification.
fn plain_model(page: &[u8]) -> (Vec<Vec<u8>>, Option<&'static str>) {
    let (mut rows, mut pos) = (Vec::new(), 0);
    while pos < page.len() {
        if page.len() - pos < 4 {
            return (rows, Some("trunc"));
        }
        let len = u32::from_le_bytes(page[pos..pos + 4].try_into().unwrap()) as usize;
        pos += 4;
        if len > page.len() - pos {
            return (rows, Some("oob"));
        }
        rows.push(page[pos..pos + len].to_vec());
        pos += len;
    }
    (rows, None)
}

fn check_plain(page: &[u8], sel: &Sel) {
    let (rows, stop) = plain_model(page);
    let count = rows.len();
    check_all(
        count,
        |cap| model_walk(&rows, stop, sel, cap),
        |v| {
            let r = v.select(sel.api()).plain_byte_array(page);
            if let Ok(n) = r {
                assert_eq!(n, count, "the number of values");
            }
            r.map(drop)
        },
    );
    if matches!(sel, Sel::All) {
        let want = model_walk(&rows, stop, sel, None).result.map(|()| count);
        let got = columnar::validate_plain_byte_array(page);
        assert_eq!(result_key(got.map(drop)), want.clone().map(drop));
    }
}

/// The model of a DELTA_LENGTH_BYTE_ARRAY page's values.
fn delta_model(lengths: &[i32], data: &[u8]) -> (Vec<Vec<u8>>, Option<&'static str>, usize) {
    let (mut rows, mut pos) = (Vec::new(), 0usize);
    for &l in lengths {
        if l < 0 {
            return (rows, Some("neg"), pos);
        }
        if pos + l as usize > data.len() {
            return (rows, Some("oob"), pos);
        }
        rows.push(data[pos..pos + l as usize].to_vec());
        pos += l as usize;
    }
    (rows, None, pos)
}

fn check_delta(lengths: &[i32], data: &[u8], sel: &Sel) {
    let (rows, stop, used) = delta_model(lengths, data);
    check_all(
        rows.len(),
        |cap| model_walk(&rows, stop, sel, cap),
        |v| {
            let r = v.select(sel.api()).delta_length_byte_array(lengths, data);
            if let Ok(n) = r {
                assert_eq!(n, used, "the bytes used");
            }
            r.map(drop)
        },
    );
}

// ------------------------------------------------------------ tests

/// One generated column in every layout, with a corruption of each
/// layout's own kind sometimes.
fn check_seed(seed: u64, n: usize, bad_one_in: usize) {
    let mut rng = Rng(seed);
    let rows = rows(&mut rng, n, bad_one_in);
    let sel = selection(&mut rng, n);

    let (buf, mut offsets) = offsets_of(&rows);
    if rng.chance(4) && offsets.len() > 1 {
        let i = rng.below(offsets.len());
        offsets[i] += [-3, -1, 1, 2, 1000][rng.below(5)];
    }
    check_offsets(&buf, &offsets, &sel);

    let (mut views, mut buffers) = views_of(&mut rng, &rows);
    if rng.chance(3) && !views.is_empty() {
        let i = rng.below(views.len());
        let v = &mut views[i];
        match rng.below(6) {
            0 => *v ^= 1u128 << (32 + 8 * (4 + rng.below(8))), // padding or data
            1 => *v ^= 1u128 << (32 + rng.below(32)),          // prefix or data
            2 => {
                *v = (*v & !(u128::from(u32::MAX) << 64))
                    | (u128::from([2u32, u32::MAX][rng.below(2)]) << 64)
            }
            3 => {
                *v = (*v & !(u128::from(u32::MAX) << 96))
                    | (u128::from([1u32 << 30, u32::MAX][rng.below(2)]) << 96)
            }
            4 => {
                *v = (*v & !u128::from(u32::MAX)) | u128::from([13u32, 500, u32::MAX][rng.below(3)])
            }
            _ => {
                let b = rng.below(2);
                if !buffers[b].is_empty() {
                    let at = rng.below(buffers[b].len());
                    buffers[b][at] = rng.next() as u8;
                }
            }
        }
    }
    check_views(&views, &buffers, &sel);

    let mut page = plain_of(&rows);
    if rng.chance(4) && !page.is_empty() {
        match rng.below(2) {
            0 => page.truncate(rng.below(page.len())),
            _ => {
                let at = rng.below(page.len());
                page[at] = rng.next() as u8;
            }
        }
    }
    check_plain(&page, &sel);

    let mut lengths: Vec<i32> = rows.iter().map(|r| r.len() as i32).collect();
    let mut data = rows.concat();
    if rng.chance(4) && !lengths.is_empty() {
        match rng.below(3) {
            0 => {
                let i = rng.below(lengths.len());
                lengths[i] = [-1, i32::MIN, 1 << 30][rng.below(3)];
            }
            1 => data.truncate(rng.below(data.len() + 1)),
            _ => data.extend_from_slice(b"\xFFnext batch"),
        }
    }
    check_delta(&lengths, &data, &sel);
}

proptest! {
    #![proptest_config(proptest_config(48))]

    #[test]
    fn columnar_layouts_match_the_model(seed in any::<u64>(), n in 0usize..700, bad in 1usize..400) {
        check_seed(seed, n, bad);
    }
}

#[test]
fn columnar_edges() {
    // Every small column shape, every selection kind.
    for seed in 0..40 {
        check_seed(seed, (seed % 20) as usize, [1, 3, 1000][seed as usize % 3]);
    }
    // Empty layouts.
    assert_eq!(columnar::validate_plain_byte_array(b""), Ok(0));
    assert_eq!(columnar::validate_delta_length_byte_array(&[], b"x"), Ok(0));
    assert_eq!(columnar::validate_string_view(&[], &[] as &[&[u8]]), Ok(()));
    // A page cut inside a length, at every byte.
    let page = plain_of(&[b"ab".to_vec(), "é".repeat(70).into_bytes()]);
    for cut in 0..page.len() {
        check_plain(&page[..cut], &Sel::All);
    }
    // Lengths past the page's end, up to 2^32 - 1: added to the position
    // before the comparison, some would wrap a 32-bit `usize`.
    for len in [65u32, 200, 0x8000_0000, u32::MAX - 4, u32::MAX - 3, u32::MAX] {
        let mut page = plain_of(&[b"ab".to_vec(), b"cd".to_vec()]);
        page.extend_from_slice(&len.to_le_bytes());
        page.extend_from_slice(&[b'x'; 64]);
        check_plain(&page, &Sel::All);
        check_plain(&page, &Sel::Bitmap { bits: vec![0b111], offset: 0 });
    }
}

/// PLAIN pages of long values (hundreds of bytes to a few KB), where the
/// walk ends a chunk early to stay near the validation: the rows and
/// errors of the model, with an invalid row anywhere (across those short
/// chunks and the whole ones bitmaps need), a page cut inside a value,
/// and every selection kind.
#[test]
fn columnar_plain_long_values() {
    for seed in 0..24u64 {
        let mut rng = Rng(seed);
        let n = 1 + rng.below(600);
        let mut rows: Vec<Vec<u8>> = (0..n)
            .map(|_| {
                let len = [130, 400, 1000, 3000][rng.below(4)] + rng.below(100);
                let ascii = rng.chance(3);
                text(&mut rng, len, ascii)
            })
            .collect();
        if !rng.chance(4) {
            let (i, bad) = (rng.below(n), BAD[rng.below(BAD.len())]);
            let at = rows[i].len() / 2;
            let at = (at..rows[i].len()).find(|&j| (rows[i][j] as i8) >= -64).unwrap_or(0);
            rows[i].splice(at..at, bad.iter().copied()).for_each(drop);
        }
        let mut page = plain_of(&rows);
        if rng.chance(5) {
            page.truncate(rng.below(page.len()));
        }
        check_plain(&page, &Sel::All);
        check_plain(&page, &selection(&mut rng, n));
    }
}

/// Pages of ASCII values of 128 bytes or more (URLs): their lengths have
/// a byte of `0x80` or more, and the check counts a chunk's bytes of
/// `0x80` or more against its lengths'. One value holds a stray byte or a
/// character, invalid or valid, at every value of the page in turn.
#[test]
fn columnar_plain_ascii_values_with_long_lengths() {
    let mut rng = Rng(99);
    let odd: [&[u8]; 6] =
        [b"\x80", b"\xFF", b"\xC3", "é".as_bytes(), "€".as_bytes(), b"\xC3\xA9\x80"];
    for n in [1, 2, 7, 40] {
        for i in 0..n {
            for bytes in odd {
                let mut rows: Vec<Vec<u8>> = (0..n)
                    .map(|_| {
                        let len = 128 + rng.below(200);
                        text(&mut rng, len, true)
                    })
                    .collect();
                let at = rng.below(rows[i].len() + 1);
                rows[i].splice(at..at, bytes.iter().copied()).for_each(drop);
                check_plain(&plain_of(&rows), &Sel::All);
            }
        }
    }
}

#[test]
fn columnar_plain_lengths_are_not_text() {
    // A value ending in a lead byte, then a length whose first byte is a
    // continuation byte (128 to 191): read as text, the two would make a
    // character. Every such length, and lengths of 256 and more whose
    // bytes are all ASCII (the run goes on across them).
    for len in (128..=191).chain([256, 257, 300, 0x1_0000, 0x7F7F]) {
        for lead in [0xC3u8, 0xE2, 0xF0] {
            let rows = vec![vec![b'x', lead], vec![b'a'; len]];
            for sel in [Sel::All, Sel::Bitmap { bits: vec![0b11], offset: 0 }] {
                check_plain(&plain_of(&rows), &sel);
                let lengths = [2, len as i32];
                check_delta(&lengths, &rows.concat(), &sel);
            }
        }
    }
}

#[test]
fn columnar_string_view_fields() {
    let data = "a string of more than twelve bytes, é included".as_bytes().to_vec();
    let buffers = vec![data.clone()];
    let good = long_view(data.len() as u32, &data[..4], 0, 0);
    let e = |v: u128| result_key(columnar::validate_string_view(&[good, v], &buffers));
    assert_eq!(e(good), Ok(()));
    // Negative buffer index, offset and length (int32 in Arrow's format).
    assert_eq!(e(long_view(20, &data[..4], u32::MAX, 0)), Err((1, "missing".into())));
    assert_eq!(e(long_view(20, &data[..4], 1, 0)), Err((1, "missing".into())));
    assert_eq!(e(long_view(20, &data[..4], 0, u32::MAX)), Err((1, "neg".into())));
    assert_eq!(e(long_view(u32::MAX, &data[..4], 0, 0)), Err((1, "neg".into())));
    assert_eq!(e(long_view(20, &data[..4], 0, 1 << 31)), Err((1, "neg".into())));
    // The largest offset and length, positive: past the end.
    assert_eq!(e(long_view(20, &data[..4], 0, i32::MAX as u32)), Err((1, "oob".into())));
    assert_eq!(e(long_view(i32::MAX as u32, &data[..4], 0, 0)), Err((1, "oob".into())));
    assert_eq!(e(long_view(20, b"a st", 0, 1)), Err((1, "prefix".into())));
    // A long view cutting "é" in half.
    let cut = data.len() as u32 - 10;
    assert_eq!(e(long_view(cut, &data[..4], 0, 0)), Err((1, "utf8 36/None".into())));
    // Inline: every length, padding byte by byte.
    for len in 0..=12u32 {
        let v = columnar::inline_view(&b"abcdefghijkl"[..len as usize]).unwrap();
        assert_eq!(e(v), Ok(()));
        for byte in 4 + len as usize..16 {
            assert_eq!(e(v | 1u128 << (8 * byte)), Err((1, "padding".into())), "{len} {byte}");
        }
    }
    // Thirteen bytes are never inline, even with a buffer that fits.
    assert_eq!(columnar::inline_view(&data[..13]), None);
    assert_eq!(e(long_view(13, &data[..4], 0, 0)), Ok(()));
}

#[test]
fn columnar_chunk_boundaries() {
    // Errors at every row around the 256-row chunk boundaries, in every
    // layout, with dense and sparse selections.
    let mut rng = Rng(7);
    let base = rows(&mut rng, 600, usize::MAX);
    for bad_row in [0, 1, 254, 255, 256, 257, 511, 512, 599] {
        let mut r = base.clone();
        r[bad_row] = [&r[bad_row][..], b"\xC3"].concat();
        for sel in [
            Sel::All,
            Sel::Indices(vec![599, bad_row as u32]),
            Sel::Bitmap { bits: vec![0x11; 80], offset: bad_row % 4 },
        ] {
            let (buf, offsets) = offsets_of(&r);
            check_offsets(&buf, &offsets, &sel);
            let (views, buffers) = views_of(&mut rng, &r);
            check_views(&views, &buffers, &sel);
            check_plain(&plain_of(&r), &sel);
            let lengths: Vec<i32> = r.iter().map(|x| x.len() as i32).collect();
            check_delta(&lengths, &r.concat(), &sel);
        }
    }
}

#[test]
fn columnar_offsets_agree_with_validate_utf8_offsets() {
    // The offsets form with no options is `validate_utf8_offsets`.
    let mut rng = Rng(11);
    for _ in 0..20 {
        let r = rows(&mut rng, 300, 200);
        let (buf, offsets) = offsets_of(&r);
        assert_eq!(
            Validation::new().offsets(&buf, &offsets),
            rapidutf::validate_utf8_offsets(&buf, &offsets)
        );
    }
}
