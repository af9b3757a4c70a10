//! rapidutf-arrow against its oracles: per-row `core::str::from_utf8` for
//! validation, std's UTF-16 (`char::decode_utf16`, `str::encode_utf16`),
//! and CPython's codecs (the repository's `tests/fixtures/*.py` scripts)
//! for Latin-1, Windows-1252 and the repair strategies; on arrays of every
//! binary type, with nulls (whose bytes are garbage), sliced, and with
//! every kernel (the test binary runs itself again under each one).

use arrow_array::builder::BinaryViewBuilder;
use arrow_array::{
    Array, ArrayRef, BinaryArray, BinaryViewArray, BooleanArray, GenericBinaryArray,
    LargeBinaryArray, LargeStringArray, OffsetSizeTrait, StringArray, StringViewArray,
};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer};
use rapidutf::{ErrorStrategy, Kernel, ManyStringsErrorKind};
use rapidutf_arrow::{ColumnErrorKind, Encoding};
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;

// ------------------------------------------------------------ inputs

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
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

const CHARS: &[char] = &[
    'a',
    'z',
    ' ',
    '0',
    '\0',
    '\u{7F}',
    'é',
    'ü',
    'ß',
    '\u{80}',
    '\u{9D}',
    '\u{FF}',
    'Ω',
    'Ж',
    '€',
    '“',
    '”',
    '™',
    'Ÿ',
    '中',
    '\u{FFFD}',
    '\u{FFFF}',
    '😀',
    '𝄞',
    '\u{10FFFF}',
];

/// A row of valid text: every width of character, lengths around 12 (the
/// inline views) and beyond 64 (the SIMD kernels).
fn text(rng: &mut Rng) -> String {
    let n = match rng.below(4) {
        0 => rng.below(4),
        1 => 8 + rng.below(8),
        2 => rng.below(40),
        _ => 40 + rng.below(200),
    };
    (0..n)
        .map(|_| {
            if rng.chance(2) {
                (b'a' + rng.below(26) as u8) as char
            } else {
                CHARS[rng.below(CHARS.len())]
            }
        })
        .collect()
}

/// Rows of bytes, some invalid UTF-8, some null (`None`); `garbage`: the
/// bytes a null row covers (Arrow leaves them undefined).
fn rows(rng: &mut Rng, n: usize, bad_one_in: usize) -> Vec<(Option<Vec<u8>>, Vec<u8>)> {
    (0..n)
        .map(|_| {
            let mut r = text(rng).into_bytes();
            if rng.chance(bad_one_in) {
                let at = rng.below(r.len() + 1);
                r.insert(at, [0xFF, 0x80, 0xC3, 0xED][rng.below(4)]);
            }
            if rng.chance(8) {
                let garbage = if rng.chance(2) { b"\xFF\xFE".to_vec() } else { Vec::new() };
                (None, garbage)
            } else {
                (Some(r.clone()), r)
            }
        })
        .collect()
}

/// The rows as a `GenericBinaryArray`: the null rows' garbage is in the
/// values buffer.
fn binary<O: OffsetSizeTrait>(rows: &[(Option<Vec<u8>>, Vec<u8>)]) -> GenericBinaryArray<O> {
    let mut values = Vec::new();
    let mut offsets = vec![O::usize_as(0)];
    for (_, bytes) in rows {
        values.extend_from_slice(bytes);
        offsets.push(O::usize_as(values.len()));
    }
    let nulls = NullBuffer::from(rows.iter().map(|(r, _)| r.is_some()).collect::<Vec<_>>());
    GenericBinaryArray::new(
        OffsetBuffer::new(offsets.into()),
        Buffer::from_vec(values),
        Some(nulls),
    )
}

/// The rows as a `BinaryViewArray`, null views pointing at the garbage.
fn binary_view(rows: &[(Option<Vec<u8>>, Vec<u8>)]) -> BinaryViewArray {
    let mut b = BinaryViewBuilder::new().with_fixed_block_size(1024);
    for (_, bytes) in rows {
        b.append_value(bytes);
    }
    let a = b.finish();
    let nulls = NullBuffer::from(rows.iter().map(|(r, _)| r.is_some()).collect::<Vec<_>>());
    BinaryViewArray::new(a.views().clone(), a.data_buffers().to_vec(), Some(nulls))
}

/// Every binary array type of the rows, whole and as a slice.
fn arrays(
    rows: &[(Option<Vec<u8>>, Vec<u8>)],
    rng: &mut Rng,
) -> Vec<(ArrayRef, Vec<Option<Vec<u8>>>)> {
    let values: Vec<Option<Vec<u8>>> = rows.iter().map(|(r, _)| r.clone()).collect();
    let whole: Vec<ArrayRef> = vec![
        Arc::new(binary::<i32>(rows)),
        Arc::new(binary::<i64>(rows)),
        Arc::new(binary_view(rows)),
    ];
    let mut out = Vec::new();
    for a in whole {
        let (from, len) = if rows.is_empty() {
            (0, 0)
        } else {
            let from = rng.below(rows.len());
            (from, rng.below(rows.len() - from + 1))
        };
        out.push((a.slice(from, len), values[from..from + len].to_vec()));
        out.push((a, values.clone()));
    }
    out
}

/// The rows of a string or binary array, as bytes.
fn bytes_of(a: &dyn Array) -> Vec<Option<Vec<u8>>> {
    let any = a.as_any();
    let own = |r: Option<&[u8]>| r.map(<[u8]>::to_vec);
    if let Some(a) = any.downcast_ref::<StringArray>() {
        a.iter().map(|r| own(r.map(str::as_bytes))).collect()
    } else if let Some(a) = any.downcast_ref::<LargeStringArray>() {
        a.iter().map(|r| own(r.map(str::as_bytes))).collect()
    } else if let Some(a) = any.downcast_ref::<StringViewArray>() {
        a.iter().map(|r| own(r.map(str::as_bytes))).collect()
    } else if let Some(a) = any.downcast_ref::<BinaryArray>() {
        a.iter().map(own).collect()
    } else if let Some(a) = any.downcast_ref::<LargeBinaryArray>() {
        a.iter().map(own).collect()
    } else if let Some(a) = any.downcast_ref::<BinaryViewArray>() {
        a.iter().map(own).collect()
    } else {
        panic!("not a byte array: {}", a.data_type())
    }
}

// ------------------------------------------------------------ validation

#[test]
fn to_string_matches_from_utf8_per_row() {
    let mut rng = Rng(1);
    for round in 0..60 {
        let rows =
            rows(&mut rng, [0, 1, 5, 300, 700][round % 5], [2, 30, 1000, usize::MAX][round % 4]);
        for (array, values) in arrays(&rows, &mut rng) {
            check_to_string(&array, &values);
        }
    }
}

/// `to_string_array` and `is_valid_utf8` on `array`, whose rows are
/// `values`, against per-row `core::str::from_utf8`.
fn check_to_string(array: &ArrayRef, values: &[Option<Vec<u8>>]) {
    let first_bad =
        values.iter().position(|r| r.as_ref().is_some_and(|b| std::str::from_utf8(b).is_err()));
    let got = rapidutf_arrow::to_string_array(array);
    let what = format!("{} of {} rows", array.data_type(), array.len());
    match first_bad {
        None => {
            let s = got.unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(bytes_of(s.as_ref()), values, "{what}");
            assert_eq!(s.nulls(), array.nulls(), "{what}");
            s.to_data().validate_full().unwrap_or_else(|e| panic!("{what}: {e}"));
        }
        Some(row) => {
            let e = got.err().unwrap_or_else(|| panic!("{what}: accepted row {row}"));
            assert_eq!(e.row(), Some(row), "{what}");
            let core = std::str::from_utf8(values[row].as_ref().unwrap()).unwrap_err();
            let ColumnErrorKind::Utf8(ManyStringsErrorKind::Invalid(u)) = e.kind() else {
                panic!("{what}: {e:?}")
            };
            assert_eq!((u.valid_up_to(), u.error_len()), (core.valid_up_to(), core.error_len()));
        }
    }
    let valid = rapidutf_arrow::is_valid_utf8(array).unwrap();
    let want: BooleanArray =
        values.iter().map(|r| r.as_ref().map(|b| std::str::from_utf8(b).is_ok())).collect();
    assert_eq!(valid, want, "{what}");
}

/// Columns long enough for many of the ASCII stretches whose offsets the
/// conversion need not read (an `OffsetBuffer`'s are in order): ASCII
/// keys, and at places on and around the stretches' ends an invalid row,
/// a valid row of other text, a character split between two rows (each
/// then invalid alone), or several of these; some columns start with a
/// long row, so that stretches of rows of the mean length differ in size.
#[test]
fn long_ascii_columns_with_other_rows_anywhere() {
    let mut rng = Rng(7);
    let n = 40_000;
    for round in 0..16 {
        let mut col: Vec<Vec<u8>> =
            (0..n).map(|_| format!("key_{}", rng.below(1 << 20)).into_bytes()).collect();
        if round % 2 == 1 {
            col[0] = vec![b'x'; 100_000];
        }
        // The conversion tests stretches of 64 KiB's worth of rows of the
        // mean length: the rows on both sides of their ends, and anywhere.
        let step = 65_536 / (col.iter().map(Vec::len).sum::<usize>() / n);
        let places = [0, 1, step - 1, step, step + 1, 2 * step - 1, 2 * step, n / 2, n - 2, n - 1];
        let p = places.get(round).copied().unwrap_or_else(|| rng.below(n - 1));
        let q = (p + 1 + rng.below(n - p)).min(n - 1);
        match round % 5 {
            0 => {
                let at = rng.below(col[p].len() + 1);
                col[p].insert(at, 0xFF);
            }
            1 => col[p].extend_from_slice("é€😀".as_bytes()),
            2 => {
                col[p].extend_from_slice("é".as_bytes());
                col[q].push(0xC3);
            }
            3 => {
                let p = p.min(n - 2);
                col[p].push(0xC3);
                col[p + 1].insert(0, 0xA9);
            }
            _ => {
                col[q].insert(0, 0x80);
                col[p].push(0xED);
            }
        }
        let rows: Vec<(Option<Vec<u8>>, Vec<u8>)> =
            col.into_iter().map(|r| (Some(r.clone()), r)).collect();
        for (array, values) in arrays(&rows, &mut rng) {
            check_to_string(&array, &values);
        }
    }
}

#[test]
fn valid_columns_keep_their_buffers() {
    let a = BinaryArray::from_vec(vec![b"ab".as_slice(), "é".as_bytes(), b"c"]).slice(1, 2);
    let s = rapidutf_arrow::binary_to_string(&a).unwrap();
    assert_eq!(s.iter().collect::<Vec<_>>(), [Some("é"), Some("c")]);
    // Offsets rebased, values the same allocation.
    assert_eq!(s.value_offsets()[0], 0);
    assert_eq!(s.values().as_ptr(), a.values()[2..].as_ptr());

    let long = "a string of more than twelve bytes".as_bytes();
    let v = BinaryViewArray::from_iter_values([long, b"short"]);
    let s = rapidutf_arrow::binary_view_to_string_view(&v).unwrap();
    assert_eq!(s.data_buffers()[0].as_ptr(), v.data_buffers()[0].as_ptr());
    assert_eq!(s.views().as_ptr(), v.views().as_ptr());
    s.to_data().validate_full().unwrap();

    // A null row with invalid bytes: copied, not refused.
    let g = binary::<i32>(&[(Some(b"x".to_vec()), b"x".to_vec()), (None, b"\xFF".to_vec())]);
    let s = rapidutf_arrow::binary_to_string(&g).unwrap();
    assert_eq!(s.iter().collect::<Vec<_>>(), [Some("x"), None]);
    assert_eq!(s.values().len(), 1);
}

// ------------------------------------------------------------ UTF-16

#[test]
fn utf16_decoding_matches_std() {
    let mut rng = Rng(2);
    for encoding in [Encoding::Utf16Le, Encoding::Utf16Be] {
        for round in 0..40 {
            let n = [0, 3, 300][round % 3];
            let rows: Vec<(Option<Vec<u8>>, Vec<u8>)> = (0..n)
                .map(|_| {
                    let mut units: Vec<u16> = text(&mut rng).encode_utf16().collect();
                    if rng.chance(20) {
                        let at = rng.below(units.len() + 1);
                        units.insert(at, [0xD800, 0xDC00, 0xDBFF][rng.below(3)]);
                    }
                    let mut bytes: Vec<u8> = units
                        .iter()
                        .flat_map(|u| {
                            if encoding == Encoding::Utf16Le {
                                u.to_le_bytes()
                            } else {
                                u.to_be_bytes()
                            }
                        })
                        .collect();
                    if rng.chance(50) {
                        bytes.push(b'!');
                    }
                    if rng.chance(10) {
                        (None, b"\x00\xD8".to_vec())
                    } else {
                        (Some(bytes.clone()), bytes)
                    }
                })
                .collect();
            for (array, values) in arrays(&rows, &mut rng) {
                let got = rapidutf_arrow::decode(&array, encoding);
                let what = format!("{encoding} {}", array.data_type());
                // The oracle: std's decoder on each non-null row.
                let want: Result<Vec<Option<Vec<u8>>>, (usize, String)> = values
                    .iter()
                    .enumerate()
                    .map(|(i, r)| match r {
                        None => Ok(None),
                        Some(b) if b.len() % 2 == 1 => Err((i, "odd".to_string())),
                        Some(b) => {
                            let units: Vec<u16> = b
                                .chunks_exact(2)
                                .map(|c| {
                                    if encoding == Encoding::Utf16Le {
                                        u16::from_le_bytes([c[0], c[1]])
                                    } else {
                                        u16::from_be_bytes([c[0], c[1]])
                                    }
                                })
                                .collect();
                            let mut s = String::new();
                            let mut at = 0;
                            for c in char::decode_utf16(units.iter().copied()) {
                                match c {
                                    Ok(c) => {
                                        s.push(c);
                                        at += c.len_utf16();
                                    }
                                    Err(_) => return Err((i, format!("utf16 {at}"))),
                                }
                            }
                            Ok(Some(s.into_bytes()))
                        }
                    })
                    .collect();
                match (got, want) {
                    (Ok(s), Ok(want)) => {
                        assert_eq!(bytes_of(s.as_ref()), want, "{what}");
                        s.to_data().validate_full().unwrap();
                    }
                    (Err(e), Err((row, kind))) => {
                        let got_kind = match e.kind() {
                            ColumnErrorKind::OddLength => "odd".to_string(),
                            ColumnErrorKind::Utf16(u) => format!("utf16 {}", u.valid_up_to()),
                            k => panic!("{what}: {k:?}"),
                        };
                        assert_eq!((e.row(), got_kind), (Some(row), kind), "{what}");
                    }
                    (got, want) => panic!("{what}: got {got:?}, want {want:?}"),
                }
                // And back: every valid column encodes to the same bytes.
                if let Ok(s) = rapidutf_arrow::decode(&array, encoding) {
                    let b = rapidutf_arrow::encode(&s, encoding).unwrap();
                    assert_eq!(bytes_of(b.as_ref()), values, "{what} round trip");
                }
            }
        }
    }
}

// ------------------------------------------------------------ CPython

/// Runs `script` (in the repository's tests/fixtures) with `args`, `input`
/// on stdin; its stdout, or its stderr on failure.
fn python(script: &str, args: &[&str], input: &[u8]) -> Result<Vec<u8>, String> {
    let path = format!("{}/../../tests/fixtures/{script}", env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new("python3")
        .arg(path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 is the oracle of these tests (a fresh CI machine has it)");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("python3's output");
    writer.join().expect("the writer").expect("writing to python3");
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
    }
}

#[test]
fn legacy_decoding_matches_cpython() {
    // Latin-1 and Windows-1252 map each byte on its own: CPython decodes
    // the rows joined, and the column's rows joined must be the same.
    let mut rng = Rng(3);
    let rows: Vec<(Option<Vec<u8>>, Vec<u8>)> = (0..400)
        .map(|i| {
            let bytes: Vec<u8> = (0..rng.below(60))
                .map(|_| if rng.chance(3) { rng.next() as u8 } else { b'a' + rng.below(26) as u8 })
                .collect();
            // Every byte value, in the first row.
            if i == 0 { (0..=255).collect() } else { bytes }
        })
        .map(|b| (Some(b.clone()), b))
        .collect();
    let joined: Vec<u8> = rows.iter().flat_map(|(_, b)| b.iter().copied()).collect();
    for (encoding, codec) in [(Encoding::Latin1, "latin-1"), (Encoding::Windows1252, "cp1252")] {
        let want = python("legacy_oracle.py", &[codec, "utf-8", "strict"], &joined).unwrap();
        for (array, values) in arrays(&rows, &mut rng) {
            let s = rapidutf_arrow::decode(&array, encoding).unwrap();
            let got = bytes_of(s.as_ref());
            assert_eq!(got.len(), values.len());
            if values.len() == rows.len() {
                assert_eq!(
                    got.iter().flatten().flatten().copied().collect::<Vec<u8>>(),
                    want,
                    "{encoding}"
                );
            }
            // Each row against the shared table (itself from CPython).
            let table = rapidutf_testkit::windows1252_table();
            for (g, v) in got.iter().zip(&values) {
                let v = v.as_ref().unwrap();
                let row: String = v
                    .iter()
                    .map(|&b| {
                        if encoding == Encoding::Latin1 { char::from(b) } else { table[b as usize] }
                    })
                    .collect();
                assert_eq!(g.as_deref(), Some(row.as_bytes()));
            }
            // And back.
            let b = rapidutf_arrow::encode(&s, encoding).unwrap();
            assert_eq!(bytes_of(b.as_ref()), values, "{encoding} round trip");
        }
    }
}

/// CPython's encoder (`codec`: `latin-1`, or `cp1252` with the WHATWG
/// mapping of its five undefined bytes, as in `tests/fixtures`) on each
/// row: the bytes, or the byte offset of the first character it refuses.
fn cpython_encode(codec: &str, rows: &[String]) -> Vec<Result<Vec<u8>, usize>> {
    const SCRIPT: &str = r#"
import codecs, sys
W1252 = "".join(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in range(256))
TABLE = codecs.charmap_build(W1252)
for line in sys.stdin:
    text = bytes.fromhex(line.strip()).decode("utf-8")
    try:
        out = codecs.charmap_encode(text, "strict", TABLE)[0] if sys.argv[1] == "cp1252" else text.encode(sys.argv[1])
        print(out.hex())
    except UnicodeEncodeError as e:
        print("ERR", len(text[:e.start].encode("utf-8")))
"#;
    let hex = |b: &[u8]| b.iter().map(|b| format!("{b:02x}")).collect::<String>();
    let input: String = rows.iter().map(|r| hex(r.as_bytes()) + "\n").collect();
    let mut child = Command::new("python3")
        .args(["-c", SCRIPT, codec])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 is the oracle of these tests (a fresh CI machine has it)");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("python3's output");
    writer.join().expect("the writer").expect("writing to python3");
    assert!(out.status.success(), "python3 failed");
    String::from_utf8(out.stdout)
        .expect("hex")
        .lines()
        .map(|l| match l.strip_prefix("ERR ") {
            Some(at) => Err(at.parse().expect("an offset")),
            None => Ok((0..l.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&l[i..i + 2], 16).unwrap())
                .collect()),
        })
        .collect()
}

#[test]
fn legacy_encoding_matches_cpython() {
    let mut rng = Rng(4);
    for (encoding, codec) in [(Encoding::Latin1, "latin-1"), (Encoding::Windows1252, "cp1252")] {
        let rounds: Vec<Vec<String>> = (0..20)
            .map(|round| {
                let rows: Vec<String> = (0..50).map(|_| text(&mut rng)).collect();
                // Mostly representable: characters outside the encodings
                // only in every other round.
                if round % 2 == 0 {
                    let keep = |c: char| (c as u32) < 0x100 || "€“”™Ÿ".contains(c);
                    rows.iter().map(|r| r.chars().filter(|&c| keep(c)).collect()).collect()
                } else {
                    rows
                }
            })
            .collect();
        let all: Vec<String> = rounds.concat();
        let mut python = cpython_encode(codec, &all).into_iter();
        for rows in &rounds {
            let array = StringArray::from(rows.iter().map(String::as_str).collect::<Vec<_>>());
            let got = rapidutf_arrow::encode(&array, encoding);
            let want: Vec<Result<Vec<u8>, usize>> = python.by_ref().take(rows.len()).collect();
            match (got, want.iter().position(Result::is_err)) {
                (Ok(b), None) => {
                    let want: Vec<Option<Vec<u8>>> = want.into_iter().map(Result::ok).collect();
                    assert_eq!(bytes_of(b.as_ref()), want, "{encoding}");
                }
                (Err(e), Some(row)) => {
                    let at = want[row].clone().unwrap_err();
                    let ColumnErrorKind::Unrepresentable { at: got_at, ch } = e.kind() else {
                        panic!("{e:?}")
                    };
                    assert_eq!((e.row(), *got_at), (Some(row), at), "{encoding}");
                    assert_eq!(rows[row][at..].chars().next(), Some(*ch));
                }
                (got, want) => panic!("{encoding}: got {got:?}, CPython refuses row {want:?}"),
            }
        }
    }
}

#[test]
fn repair_matches_cpython() {
    let mut rng = Rng(5);
    let rows = rows(&mut rng, 500, 3);
    let input: String = rows
        .iter()
        .map(|(r, _)| {
            r.as_deref().unwrap_or_default().iter().map(|b| format!("{b:02x}")).collect::<String>()
                + "\n"
        })
        .collect();
    let out =
        String::from_utf8(python("utf8_fallback.py", &["--lines"], input.as_bytes()).unwrap())
            .unwrap();
    let lines: Vec<Vec<Vec<u8>>> = out
        .lines()
        .map(|l| {
            l.split(' ')
                .map(|h| {
                    (0..h.len())
                        .step_by(2)
                        .map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap())
                        .collect()
                })
                .collect()
        })
        .collect();
    assert_eq!(lines.len(), rows.len());
    for (s, strategy) in ErrorStrategy::ALL.iter().copied().enumerate() {
        for (array, values) in arrays(&rows, &mut rng) {
            let fixed = rapidutf_arrow::repair(&array, strategy).unwrap();
            let got = bytes_of(fixed.as_ref());
            // The slice's rows are some run of the whole column's.
            let from = (0..=rows.len() - values.len())
                .find(|&f| rows[f..f + values.len()].iter().map(|(r, _)| r).eq(values.iter()))
                .unwrap();
            for (i, (g, v)) in got.iter().zip(&values).enumerate() {
                let want = v.as_ref().map(|_| lines[from + i][s].clone());
                assert_eq!(g, &want, "{strategy} {} row {i}", array.data_type());
            }
            fixed.to_data().validate_full().unwrap();
        }
    }
}

// ------------------------------------------------------------ kernels

/// Every test above uses rapidutf through dispatch: run them all again in
/// a child process per other available kernel (`RAPIDUTF_KERNEL`).
#[test]
fn under_every_kernel() {
    if let Ok(k) = std::env::var("RAPIDUTF_KERNEL") {
        // In a child: the kernel asked for must be the one in use.
        assert_eq!(Kernel::active().name(), k);
        return;
    }
    let available: Vec<Kernel> = Kernel::available().collect();
    if let Ok(required) = std::env::var("RAPIDUTF_REQUIRE_KERNELS") {
        for name in required.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let k: Kernel = name.parse().expect("a kernel name");
            assert!(available.contains(&k), "{name} is required but not available");
        }
    }
    let exe = std::env::current_exe().expect("the test binary");
    for k in available.into_iter().filter(|&k| k != Kernel::active()) {
        let out = Command::new(&exe)
            .env("RAPIDUTF_KERNEL", k.name())
            .args(["--test-threads", "2"])
            .output()
            .expect("running the tests again");
        let log = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && log.contains("test result: ok"),
            "with RAPIDUTF_KERNEL={k}:\n{log}"
        );
        assert!(log.contains("under_every_kernel ... ok"), "{log}");
    }
}
