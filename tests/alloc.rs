//! The largest allocation of every allocating conversion is at most the
//! plain worst case of that conversion (the most output any input of the
//! same length can have: 3 bytes of UTF-8 per UTF-16 unit, 4 per UTF-32
//! value, ...), on inputs built to mislead its sizing: a dense start (the
//! sample the `_vec`/`_to_string` forms size from) and a light rest, the
//! reverse, all dense, all light, alternating, and for lossy decoding
//! dense errors.
//!
//! A counting global allocator records the largest single allocation or
//! reallocation (in bytes) made on the test's thread. Inputs are at least
//! 64 units long: below that, a `Vec`'s minimum capacity (8 bytes) can
//! exceed the worst case of a character or two, which is std's choice.
//!
//! `cargo test --test alloc -- --nocapture` prints the table of what each
//! function allocated against its bound.
#![cfg(all(
    feature = "std",
    feature = "transcode",
    feature = "single-byte",
    feature = "utf8-variants"
))]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Write as _;

/// The system allocator, recording the largest request of this thread.
struct Counting;

thread_local! {
    /// The largest allocation or reallocation (bytes) since the last reset.
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn record(size: usize) {
    // A thread-local `Cell` with a const initialiser allocates nothing,
    // and has no destructor to have run.
    let _ = PEAK.try_with(|p| p.set(p.get().max(size)));
}

// SAFETY: every call is forwarded to `System` unchanged; recording a size
// in a thread-local `Cell` allocates nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: the caller's contract, forwarded.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: the caller's contract, forwarded.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, forwarded.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        record(new_size);
        // SAFETY: the caller's contract, forwarded.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The largest single allocation `f` makes (its result is dropped inside).
fn peak<R>(f: impl FnOnce() -> R) -> usize {
    PEAK.with(|p| p.set(0));
    drop(f());
    PEAK.with(Cell::get)
}

/// Input lengths, in units: a little over two samples of 4096 (where the
/// sampled sizing starts), three and a bit, and a longer one.
const LENGTHS: [usize; 3] = [2 * 4096 + 1, 3 * 4096 + 100, 30_000];

/// The adversarial shapes, as strings of `len` characters from `dense`
/// (the most output per input unit) and `light` (the least).
fn shapes(len: usize, dense: char, light: char) -> Vec<(&'static str, String)> {
    let run = |c: char, n: usize| std::iter::repeat(c).take(n);
    let head = 4096.min(len);
    vec![
        ("dense 4096, then light", run(dense, head).chain(run(light, len - head)).collect()),
        ("light 4096, then dense", run(light, head).chain(run(dense, len - head)).collect()),
        ("all dense", run(dense, len).collect()),
        ("all light", run(light, len).collect()),
        (
            "1000 dense, 1000 light, ...",
            (0..len).map(|i| if i / 1000 % 2 == 0 { dense } else { light }).collect(),
        ),
    ]
}

/// One checked call: the function, the shape, what it allocated, and its
/// bound; the failures and the table are collected by [`Report`].
#[derive(Default)]
struct Report {
    table: String,
    failures: Vec<String>,
}

impl Report {
    fn check(&mut self, function: &str, shape: &str, len: usize, got: usize, bound: usize) {
        let _ = writeln!(
            self.table,
            "| {function} | {shape}, {len} units | {got} | {bound} | {:.2} |",
            got as f64 / bound.max(1) as f64
        );
        if got > bound {
            self.failures.push(format!(
                "{function} on {shape} ({len} units): largest allocation {got} bytes > worst case \
                 {bound} bytes ({:.2}x)",
                got as f64 / bound as f64
            ));
        }
    }

    fn finish(self, title: &str) {
        println!("### {title}\n\n| function | input | largest allocation (bytes) | bound (bytes) | ratio |\n|---|---|---|---|---|\n{}", self.table);
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n"));
    }
}

/// A call on an input prepared beforehand: its name, its worst case in
/// bytes of output per input unit, and the call (the output's length).
type Call<'a> = (&'a str, usize, Box<dyn Fn() -> usize + 'a>);

/// A function of UTF-8 input and its worst case in bytes of output per
/// byte of input.
type Case<'a> = (&'a str, f64, &'a dyn Fn(&str));

#[test]
fn from_utf16_and_utf32_and_chars() {
    let mut report = Report::default();
    for (dense, light) in [('中', 'a'), ('😀', 'a'), ('é', 'a')] {
        for len in LENGTHS {
            for (shape, s) in shapes(len, dense, light) {
                let units: Vec<u16> = s.encode_utf16().collect();
                let le: Vec<u16> = units.iter().map(|u| u.to_le()).collect();
                let be: Vec<u16> = units.iter().map(|u| u.to_be()).collect();
                let values: Vec<u32> = s.chars().map(u32::from).collect();
                let chars: Vec<char> = s.chars().collect();
                let n16 = units.len();
                let n32 = values.len();
                let cases16: [Call<'_>; 14] = [
                    (
                        "utf16_to_string",
                        3,
                        Box::new(|| rapidutf::utf16_to_string(&units).map_or(0, |s| s.len())),
                    ),
                    (
                        "utf16le_to_string",
                        3,
                        Box::new(|| rapidutf::utf16le_to_string(&le).map_or(0, |s| s.len())),
                    ),
                    (
                        "utf16be_to_string",
                        3,
                        Box::new(|| rapidutf::utf16be_to_string(&be).map_or(0, |s| s.len())),
                    ),
                    (
                        "utf16_to_string_lossy",
                        3,
                        Box::new(|| rapidutf::utf16_to_string_lossy(&units).len()),
                    ),
                    (
                        "utf16le_to_string_lossy",
                        3,
                        Box::new(|| rapidutf::utf16le_to_string_lossy(&le).len()),
                    ),
                    (
                        "utf16_to_utf8_append",
                        3,
                        Box::new(|| {
                            let mut o = String::new();
                            let _ = rapidutf::utf16_to_utf8_append(&units, &mut o);
                            o.len()
                        }),
                    ),
                    (
                        "utf16_to_utf32_vec",
                        4,
                        Box::new(|| rapidutf::utf16_to_utf32_vec(&units).map_or(0, |v| v.len())),
                    ),
                    (
                        "utf16_to_utf32_append",
                        4,
                        Box::new(|| {
                            let mut o = Vec::new();
                            let _ = rapidutf::utf16_to_utf32_append(&units, &mut o);
                            o.len()
                        }),
                    ),
                    (
                        "utf16_to_latin1_vec",
                        1,
                        Box::new(|| rapidutf::utf16_to_latin1_vec(&units).map_or(0, |v| v.len())),
                    ),
                    (
                        "utf16_to_cesu8_vec",
                        3,
                        Box::new(|| {
                            rapidutf::utf8_variants::utf16_to_cesu8_vec(&units)
                                .map_or(0, |v| v.len())
                        }),
                    ),
                    (
                        "utf16_to_mutf8_vec",
                        3,
                        Box::new(|| rapidutf::utf8_variants::utf16_to_mutf8_vec(&units).len()),
                    ),
                    (
                        "utf16_to_wtf8_vec",
                        3,
                        Box::new(|| rapidutf::utf8_variants::utf16_to_wtf8_vec(&units).len()),
                    ),
                    (
                        "encode_surrogateescape",
                        3,
                        Box::new(|| {
                            rapidutf::utf8_variants::encode_surrogateescape(&units)
                                .map_or(0, |v| v.len())
                        }),
                    ),
                    (
                        "encode_optu8",
                        3,
                        Box::new(|| {
                            rapidutf::utf8_variants::encode_optu8(&units).map_or(0, |v| v.len())
                        }),
                    ),
                ];
                for (name, per_unit, f) in &cases16 {
                    let got = peak(f);
                    report.check(name, shape, n16, got, per_unit * n16);
                }
                let cases32: [Call<'_>; 9] = [
                    (
                        "utf32_to_string",
                        4,
                        Box::new(|| rapidutf::utf32_to_string(&values).map_or(0, |s| s.len())),
                    ),
                    (
                        "utf32_to_utf8_append",
                        4,
                        Box::new(|| {
                            let mut o = String::new();
                            let _ = rapidutf::utf32_to_utf8_append(&values, &mut o);
                            o.len()
                        }),
                    ),
                    (
                        "utf32_to_utf16_vec",
                        4,
                        Box::new(|| rapidutf::utf32_to_utf16_vec(&values).map_or(0, |v| v.len())),
                    ),
                    (
                        "utf32_to_utf16le_vec",
                        4,
                        Box::new(|| rapidutf::utf32_to_utf16le_vec(&values).map_or(0, |v| v.len())),
                    ),
                    (
                        "utf32_to_latin1_vec",
                        1,
                        Box::new(|| rapidutf::utf32_to_latin1_vec(&values).map_or(0, |v| v.len())),
                    ),
                    ("chars_to_string", 4, Box::new(|| rapidutf::chars_to_string(&chars).len())),
                    (
                        "chars_to_utf8_append",
                        4,
                        Box::new(|| {
                            let mut o = String::new();
                            rapidutf::chars_to_utf8_append(&chars, &mut o)
                        }),
                    ),
                    (
                        "chars_to_utf16_vec",
                        4,
                        Box::new(|| rapidutf::chars_to_utf16_vec(&chars).len()),
                    ),
                    (
                        "chars_to_utf16be_vec",
                        4,
                        Box::new(|| rapidutf::chars_to_utf16be_vec(&chars).len()),
                    ),
                ];
                for (name, per_unit, f) in &cases32 {
                    let got = peak(f);
                    report.check(name, shape, n32, got, per_unit * n32);
                }
            }
        }
    }
    report.finish("From UTF-16, UTF-32 and chars");
}

#[test]
fn from_utf8() {
    let mut report = Report::default();
    // `per_unit`: bytes of output per byte of UTF-8 at most.
    let cases: [Case<'_>; 20] = [
        ("utf8_to_utf16_vec", 2.0, &|s: &str| drop(rapidutf::utf8_to_utf16_vec(s.as_bytes()))),
        ("utf8_to_utf16be_vec", 2.0, &|s: &str| drop(rapidutf::utf8_to_utf16be_vec(s.as_bytes()))),
        ("utf8_to_utf32_vec", 4.0, &|s: &str| drop(rapidutf::utf8_to_utf32_vec(s.as_bytes()))),
        ("utf8_to_utf16_append", 2.0, &|s: &str| {
            let _ = rapidutf::utf8_to_utf16_append(s.as_bytes(), &mut Vec::new());
        }),
        ("utf8_to_utf32_append", 4.0, &|s: &str| {
            let _ = rapidutf::utf8_to_utf32_append(s.as_bytes(), &mut Vec::new());
        }),
        ("str_to_utf16_vec", 2.0, &|s: &str| drop(rapidutf::str_to_utf16_vec(s))),
        ("str_to_utf16le_vec", 2.0, &|s: &str| drop(rapidutf::str_to_utf16le_vec(s))),
        ("str_to_utf32_vec", 4.0, &|s: &str| drop(rapidutf::str_to_utf32_vec(s))),
        ("str_to_utf16_append", 2.0, &|s: &str| {
            let _ = rapidutf::str_to_utf16_append(s, &mut Vec::new());
        }),
        ("utf8_to_utf16_lossy", 2.0, &|s: &str| drop(rapidutf::utf8_to_utf16_lossy(s.as_bytes()))),
        ("utf8_to_string_lossy", 3.0, &|s: &str| {
            drop(rapidutf::utf8_to_string_lossy(s.as_bytes()))
        }),
        ("utf8_to_latin1_vec", 1.0, &|s: &str| drop(rapidutf::utf8_to_latin1_vec(s.as_bytes()))),
        ("utf8_to_windows1252_vec", 1.0, &|s: &str| {
            drop(rapidutf::utf8_to_windows1252_vec(s.as_bytes()))
        }),
        ("utf8_to_cesu8_vec", 1.5, &|s: &str| drop(rapidutf::utf8_variants::utf8_to_cesu8_vec(s))),
        ("utf8_to_mutf8_vec", 2.0, &|s: &str| drop(rapidutf::utf8_variants::utf8_to_mutf8_vec(s))),
        ("cesu8_to_string", 1.0, &|s: &str| {
            drop(rapidutf::utf8_variants::cesu8_to_string(s.as_bytes()))
        }),
        ("cesu8_to_utf16_vec", 2.0, &|s: &str| {
            drop(rapidutf::utf8_variants::cesu8_to_utf16_vec(s.as_bytes()))
        }),
        ("mutf8_to_utf16_vec", 2.0, &|s: &str| {
            drop(rapidutf::utf8_variants::mutf8_to_utf16_vec(s.as_bytes()))
        }),
        ("wtf8_to_utf16_vec", 2.0, &|s: &str| {
            drop(rapidutf::utf8_variants::wtf8_to_utf16_vec(s.as_bytes()))
        }),
        ("decode_surrogateescape", 2.0, &|s: &str| {
            drop(rapidutf::utf8_variants::decode_surrogateescape(s.as_bytes()))
        }),
    ];
    for (dense, light) in [('a', '中'), ('a', '😀'), ('é', '中'), ('😀', 'a')] {
        for len in LENGTHS {
            for (shape, s) in shapes(len, dense, light) {
                for (name, per_byte, f) in &cases {
                    let got = peak(|| f(&s));
                    let bound = (per_byte * s.len() as f64).ceil() as usize;
                    report.check(name, shape, s.len(), got, bound);
                }
            }
        }
    }
    report.finish("From UTF-8");
}

#[test]
fn from_single_byte_encodings() {
    let mut report = Report::default();
    for len in LENGTHS {
        for (dense, light) in [(0x80u8, b'a'), (0xE9, b'a'), (0x93, 0xE9)] {
            let shapes = shapes(len, char::from(dense), char::from(light));
            for (shape, s) in shapes {
                let bytes: Vec<u8> = s.chars().map(|c| c as u8).collect();
                let cases: [Call<'_>; 6] = [
                    ("latin1_to_string", 2, Box::new(|| rapidutf::latin1_to_string(&bytes).len())),
                    (
                        "latin1_to_utf16_vec",
                        2,
                        Box::new(|| rapidutf::latin1_to_utf16_vec(&bytes).len()),
                    ),
                    (
                        "latin1_to_utf32_vec",
                        4,
                        Box::new(|| rapidutf::latin1_to_utf32_vec(&bytes).len()),
                    ),
                    (
                        "windows1252_to_string",
                        3,
                        Box::new(|| rapidutf::windows1252_to_string(&bytes).len()),
                    ),
                    (
                        "decode_optu8",
                        2,
                        Box::new(|| rapidutf::utf8_variants::decode_optu8(&bytes).len()),
                    ),
                    (
                        "utf8_to_string_lossy_with(cp1252)",
                        3,
                        Box::new(|| {
                            rapidutf::utf8_to_string_lossy_with(
                                &bytes,
                                rapidutf::ErrorStrategy::Windows1252,
                            )
                            .len()
                        }),
                    ),
                ];
                for (name, per_unit, f) in &cases {
                    let got = peak(f);
                    report.check(name, shape, bytes.len(), got, per_unit * bytes.len());
                }
            }
        }
    }
    report.finish("From Latin-1 and Windows-1252");
}

/// Lossy decoding of dense errors: every byte or unit replaced (3 bytes
/// of U+FFFD for 1 byte or unit), the worst case itself.
#[test]
fn lossy_dense_errors() {
    let mut report = Report::default();
    for len in LENGTHS {
        let shapes: [(&str, Vec<u8>); 4] = [
            ("all 0xFF", vec![0xFF; len]),
            ("'a' and 0xFF", b"a\xFF".repeat(len / 2)),
            ("ASCII 4096, then 0xFF", [vec![b'a'; 4096], vec![0xFF; len - 4096]].concat()),
            ("0xFF 4096, then ASCII", [vec![0xFF; 4096], vec![b'a'; len - 4096]].concat()),
        ];
        for (shape, bytes) in shapes {
            for &strategy in rapidutf::ErrorStrategy::ALL {
                let got = peak(|| rapidutf::utf8_to_string_lossy_with(&bytes, strategy));
                report.check(
                    &format!("utf8_to_string_lossy_with({strategy})"),
                    shape,
                    len,
                    got,
                    3 * bytes.len(),
                );
                let got = peak(|| rapidutf::utf8_to_utf16_lossy_with(&bytes, strategy));
                report.check(
                    &format!("utf8_to_utf16_lossy_with({strategy})"),
                    shape,
                    len,
                    got,
                    2 * bytes.len(),
                );
            }
        }
        let units: [(&str, Vec<u16>); 3] = [
            ("all D800", vec![0xD800; len]),
            ("'a' and DC00", [0x61, 0xDC00].repeat(len / 2)),
            ("ASCII 4096, then D800", [vec![0x61; 4096], vec![0xD800; len - 4096]].concat()),
        ];
        for (shape, u) in units {
            let got = peak(|| rapidutf::utf16_to_string_lossy(&u));
            report.check("utf16_to_string_lossy", shape, len, got, 3 * u.len());
            let got = peak(|| rapidutf::utf16be_to_string_lossy(&u));
            report.check("utf16be_to_string_lossy", shape, len, got, 3 * u.len());
        }
    }
    report.finish("Lossy decoding of dense errors");
}
