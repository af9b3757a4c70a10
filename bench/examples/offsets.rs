//! Kernel against kernel at every alignment: every operation of one
//! rapidutf kernel against simdutf's kernel of the same class, with the
//! input placed at each byte offset 0..63 past a 64-byte (cache line)
//! boundary, and the output (where there is one) at the same offset rounded
//! down to its unit. It reports the aligned figure (offset 0), each
//! contender's worst offset, and the ratio of the two worsts: a buffer in
//! a program starts anywhere (a JSON string, a slice of a network buffer),
//! and a kernel is only as fast as its worst placement.
//!
//! ```text
//! cargo run --release --example offsets -- avx2            # vs simdutf haswell, all 64 offsets
//! cargo run --release --example offsets -- sse42 --quick   # vs westmere, 18 sampled offsets
//! cargo run --release --example offsets -- avx512          # vs icelake, where the CPU has it
//! cargo run --release --example offsets -- avx2 --quick utf16-valid,16-32 Korean
//! ```
//!
//! The operations (by key; the optional argument after the kernel, or
//! after `--quick`, keeps only some): validation of UTF-8 (the `Result`
//! form against simdutf's `validate_utf8_with_errors`, `is_valid_utf8`
//! against `validate_utf8`), UTF-16LE and UTF-32 (against simdutf's
//! boolean validators, its fastest form), `is_ascii` (against simdutf's
//! `validate_ascii` and against std's `<[u8]>::is_ascii`, on the texts that
//! are ASCII), the lengths (`count_chars`, `utf16_len_from_utf8`,
//! `utf8_len_from_utf16le`, `utf32_len_from_utf16le`, `utf8_len_from_utf32`,
//! `utf16_len_from_utf32`, `utf8_len_from_latin1`), the six transcodings
//! between UTF-8, UTF-16LE and UTF-32, and the four between Latin-1 and
//! UTF-8 or UTF-16LE. The texts: the generated corpus
//! (`rapidutf_testkit::corpus::bench_texts`), then the real lipsum and
//! Wikipedia texts where `../shared` exists, each corpus with its own
//! geomean; Latin-1 on the testkit's generated `ascii` and `western`.
//!
//! Offsets: an input of 16- or 32-bit units can only start at a multiple
//! of its unit (Rust requires it), so UTF-16 input takes the even offsets
//! and UTF-32 input the multiples of 4; each byte offset `o` places the
//! input at `o` and the output at `o`, both rounded down to their unit, so
//! that every offset of the input and of the output is met once. The full
//! mode measures all 64 values of `o`; `--quick` samples 18 of them
//! (0, 1, 2, 3, 4, 7, 8, 12, 15, 16, 24, 31, 32, 33, 48, 56, 60, 63: the
//! unit-aligned ones, the odd ones next to the boundaries of 16 and 32
//! bytes), about a quarter of the time.
//!
//! Timing: at each placement the two contenders alternate round by round
//! (rounds of about 0.3 ms, the best of 7, 5 with `--quick`), so that both
//! meet the same load on a shared machine; the whole sweep of placements
//! runs three times, interleaved, and each placement reports the median of
//! its three figures. GB/s of input. simdutf's implementation is forced
//! with `SIMDUTF_FORCE_IMPLEMENTATION` before its first call, rapidutf's
//! kernel is called directly (`Kernel::Avx2.is_ascii(..)`).

mod common;

use common::{race_rounds, Filter};
use rapidutf::Kernel;
use rapidutf_testkit::boundary::{Placed, Unit};
use rapidutf_testkit::corpus::{bench_texts, Source};
use std::cell::RefCell;
use std::mem::size_of;

/// The byte offsets of `--quick`.
const QUICK: [usize; 18] = [0, 1, 2, 3, 4, 7, 8, 12, 15, 16, 24, 31, 32, 33, 48, 56, 60, 63];

/// How many times the sweep of placements runs (the median is reported).
const REPEATS: usize = 3;

/// Seconds per round.
const ROUND_SECS: f64 = 3e-4;

/// One input in every form an operation reads it in.
struct Text {
    name: String,
    /// From the shared corpus rather than generated.
    real: bool,
    utf8: Vec<u8>,
    utf16: Vec<u16>,
    utf32: Vec<u32>,
    /// The Latin-1 bytes of a Latin-1 input; empty for the others.
    latin1: Vec<u8>,
}

impl Text {
    fn of(name: &str, real: bool, text: &str, latin1: Vec<u8>) -> Self {
        Text {
            name: name.to_owned(),
            real,
            utf8: text.as_bytes().to_vec(),
            utf16: text.encode_utf16().map(u16::to_le).collect(),
            utf32: text.chars().map(u32::from).collect(),
            latin1,
        }
    }
}

/// Which texts an operation runs on.
#[derive(Clone, Copy, PartialEq)]
enum Inputs {
    /// Every text of the corpus.
    Unicode,
    /// The texts of the corpus that are ASCII.
    Ascii,
    /// The Latin-1 inputs.
    Latin1,
}

/// How a race is run: rounds per placement.
#[derive(Clone, Copy)]
struct Timing {
    rounds: usize,
}

/// GB/s of the two contenders.
type Pair = [f64; 2];

/// The race of an operation on a text at one placement (the input's and
/// the output's byte offsets).
type Race = Box<dyn Fn(&Text, (usize, usize), Timing) -> Pair>;

/// An operation: its name, its key on the command line, its peer, the
/// sizes of its input and output units (0: no output), its texts, and the
/// race at one placement (input and output byte offsets).
struct Op {
    name: &'static str,
    key: &'static str,
    peer: &'static str,
    units: (usize, usize),
    inputs: Inputs,
    run: Race,
}

/// `f` (rapidutf) against `g` (the peer) on `src` placed `at` bytes past a
/// 64-byte boundary. Both return what they computed (a length, a count of
/// units written, 1 for valid), which must agree: a race between two
/// functions that do different work would mean nothing.
fn on<S: Unit>(
    t: Timing,
    src: &[S],
    at: usize,
    f: impl Fn(&[S]) -> usize,
    g: impl Fn(&[S]) -> usize,
) -> Pair {
    let placed = Placed::new(src, at / size_of::<S>());
    let s = placed.get();
    assert_eq!(f(s), g(s), "rapidutf and the peer disagree");
    let r = race_rounds(
        std::mem::size_of_val(s),
        &mut [&mut || f(s), &mut || g(s)],
        t.rounds,
        ROUND_SECS,
    );
    [r[0], r[1]]
}

/// As [`on`], both writing into one output of `cap` units placed `at.1`
/// bytes past a 64-byte boundary (the same buffer, so that both meet the
/// same alignment).
fn into<S: Unit, D: Unit>(
    t: Timing,
    src: &[S],
    cap: usize,
    at: (usize, usize),
    f: impl Fn(&[S], &mut [D]) -> usize,
    g: impl Fn(&[S], &mut [D]) -> usize,
) -> Pair {
    let placed = Placed::new(src, at.0 / size_of::<S>());
    let mut out = Placed::new(&vec![D::PAD; cap], at.1 / size_of::<D>());
    let s = placed.get();
    let d = RefCell::new(out.get_mut());
    let a = f(s, &mut d.borrow_mut());
    let b = g(s, &mut d.borrow_mut());
    assert_eq!(a, b, "rapidutf and the peer disagree");
    let r = race_rounds(
        std::mem::size_of_val(s),
        &mut [&mut || f(s, &mut d.borrow_mut()), &mut || g(s, &mut d.borrow_mut())],
        t.rounds,
        ROUND_SECS,
    );
    [r[0], r[1]]
}

/// Every operation, `k` against simdutf's kernel of the same class.
fn ops(k: Kernel) -> Vec<Op> {
    use Inputs::{Ascii, Latin1, Unicode};
    vec![
        Op {
            name: "validate_utf8",
            key: "utf8-valid",
            peer: "validate_utf8_with_errors",
            units: (1, 0),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                on(
                    t,
                    &x.utf8,
                    at.0,
                    |s| k.validate_utf8(s).map_or(0, str::len),
                    |s| simdutf::validate_utf8_with_errors(s).count,
                )
            }),
        },
        Op {
            name: "is_valid_utf8",
            key: "utf8-is-valid",
            peer: "validate_utf8",
            units: (1, 0),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                on(
                    t,
                    &x.utf8,
                    at.0,
                    |s| usize::from(k.is_valid_utf8(s)),
                    |s| usize::from(simdutf::validate_utf8(s)),
                )
            }),
        },
        Op {
            name: "validate_utf16le",
            key: "utf16-valid",
            peer: "validate_utf16le",
            units: (2, 0),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                on(
                    t,
                    &x.utf16,
                    at.0,
                    |s| usize::from(k.validate_utf16le(s).is_ok()),
                    |s| usize::from(simdutf::validate_utf16le(s)),
                )
            }),
        },
        Op {
            name: "validate_utf32",
            key: "utf32-valid",
            peer: "validate_utf32",
            units: (4, 0),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                on(
                    t,
                    &x.utf32,
                    at.0,
                    |s| usize::from(k.validate_utf32(s).is_ok()),
                    |s| usize::from(simdutf::validate_utf32(s)),
                )
            }),
        },
        Op {
            name: "is_ascii",
            key: "ascii",
            peer: "validate_ascii",
            units: (1, 0),
            inputs: Ascii,
            run: Box::new(move |x, at, t| {
                on(
                    t,
                    &x.utf8,
                    at.0,
                    |s| usize::from(k.is_ascii(s)),
                    |s| usize::from(simdutf::validate_ascii(s)),
                )
            }),
        },
        Op {
            name: "is_ascii",
            key: "ascii-std",
            peer: "std `<[u8]>::is_ascii`",
            units: (1, 0),
            inputs: Ascii,
            run: Box::new(move |x, at, t| {
                on(t, &x.utf8, at.0, |s| usize::from(k.is_ascii(s)), |s| usize::from(s.is_ascii()))
            }),
        },
        Op {
            name: "count_chars",
            key: "count",
            peer: "count_utf8",
            units: (1, 0),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                on(t, &x.utf8, at.0, |s| k.count_chars(s), simdutf::count_utf8)
            }),
        },
        Op {
            name: "utf16_len_from_utf8",
            key: "len-8-16",
            peer: "utf16_length_from_utf8",
            units: (1, 0),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                on(t, &x.utf8, at.0, |s| k.utf16_len_from_utf8(s), simdutf::utf16_length_from_utf8)
            }),
        },
        Op {
            name: "utf8_len_from_utf16le",
            key: "len-16-8",
            peer: "utf8_length_from_utf16le",
            units: (2, 0),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                on(
                    t,
                    &x.utf16,
                    at.0,
                    |s| k.utf8_len_from_utf16le(s),
                    simdutf::utf8_length_from_utf16le,
                )
            }),
        },
        Op {
            name: "utf32_len_from_utf16le",
            key: "len-16-32",
            peer: "utf32_length_from_utf16le",
            units: (2, 0),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                on(
                    t,
                    &x.utf16,
                    at.0,
                    |s| k.utf32_len_from_utf16le(s),
                    simdutf::utf32_length_from_utf16le,
                )
            }),
        },
        Op {
            name: "utf8_len_from_utf32",
            key: "len-32-8",
            peer: "utf8_length_from_utf32",
            units: (4, 0),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                on(t, &x.utf32, at.0, |s| k.utf8_len_from_utf32(s), simdutf::utf8_length_from_utf32)
            }),
        },
        Op {
            name: "utf16_len_from_utf32",
            key: "len-32-16",
            peer: "utf16_length_from_utf32",
            units: (4, 0),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                on(
                    t,
                    &x.utf32,
                    at.0,
                    |s| k.utf16_len_from_utf32(s),
                    simdutf::utf16_length_from_utf32,
                )
            }),
        },
        Op {
            name: "utf8_len_from_latin1",
            key: "len-l1-8",
            peer: "utf8_length_from_latin1",
            units: (1, 0),
            inputs: Latin1,
            run: Box::new(move |x, at, t| {
                on(
                    t,
                    &x.latin1,
                    at.0,
                    |s| k.utf8_len_from_latin1(s),
                    simdutf::utf8_length_from_latin1,
                )
            }),
        },
        Op {
            name: "UTF-8 → UTF-16LE",
            key: "8-16",
            peer: "convert_utf8_to_utf16le",
            units: (1, 2),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                into(
                    t,
                    &x.utf8,
                    x.utf8.len(),
                    at,
                    |s, d| k.utf8_to_utf16le(s, d).unwrap_or(0),
                    // SAFETY: `d` holds `s.len()` units, what UTF-8 needs at most.
                    |s, d| unsafe {
                        simdutf::convert_utf8_to_utf16le(s.as_ptr(), s.len(), d.as_mut_ptr())
                    },
                )
            }),
        },
        Op {
            name: "UTF-16LE → UTF-8",
            key: "16-8",
            peer: "convert_utf16le_to_utf8",
            units: (2, 1),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                into(
                    t,
                    &x.utf16,
                    3 * x.utf16.len(),
                    at,
                    |s, d| k.utf16le_to_utf8(s, d).unwrap_or(0),
                    // SAFETY: `d` holds 3 bytes per unit, what UTF-16 needs at most.
                    |s, d| unsafe {
                        simdutf::convert_utf16le_to_utf8(s.as_ptr(), s.len(), d.as_mut_ptr())
                    },
                )
            }),
        },
        Op {
            name: "UTF-8 → UTF-32",
            key: "8-32",
            peer: "convert_utf8_to_utf32",
            units: (1, 4),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                into(
                    t,
                    &x.utf8,
                    x.utf8.len(),
                    at,
                    |s, d| k.utf8_to_utf32(s, d).unwrap_or(0),
                    // SAFETY: `d` holds one value per byte, what UTF-8 needs at most.
                    |s, d| unsafe {
                        simdutf::convert_utf8_to_utf32(s.as_ptr(), s.len(), d.as_mut_ptr())
                    },
                )
            }),
        },
        Op {
            name: "UTF-32 → UTF-8",
            key: "32-8",
            peer: "convert_utf32_to_utf8",
            units: (4, 1),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                into(
                    t,
                    &x.utf32,
                    4 * x.utf32.len(),
                    at,
                    |s, d| k.utf32_to_utf8(s, d).unwrap_or(0),
                    // SAFETY: `d` holds 4 bytes per value, what UTF-32 needs at most.
                    |s, d| unsafe {
                        simdutf::convert_utf32_to_utf8(s.as_ptr(), s.len(), d.as_mut_ptr())
                    },
                )
            }),
        },
        Op {
            name: "UTF-16LE → UTF-32",
            key: "16-32",
            peer: "convert_utf16le_to_utf32",
            units: (2, 4),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                into(
                    t,
                    &x.utf16,
                    x.utf16.len(),
                    at,
                    |s, d| k.utf16le_to_utf32(s, d).unwrap_or(0),
                    // SAFETY: `d` holds a value per unit, what UTF-16 needs at most.
                    |s, d| unsafe {
                        simdutf::convert_utf16le_to_utf32(s.as_ptr(), s.len(), d.as_mut_ptr())
                    },
                )
            }),
        },
        Op {
            name: "UTF-32 → UTF-16LE",
            key: "32-16",
            peer: "convert_utf32_to_utf16le",
            units: (4, 2),
            inputs: Unicode,
            run: Box::new(move |x, at, t| {
                into(
                    t,
                    &x.utf32,
                    2 * x.utf32.len(),
                    at,
                    |s, d| k.utf32_to_utf16le(s, d).unwrap_or(0),
                    // SAFETY: `d` holds 2 units per value, what UTF-32 needs at most.
                    |s, d| unsafe {
                        simdutf::convert_utf32_to_utf16le(s.as_ptr(), s.len(), d.as_mut_ptr())
                    },
                )
            }),
        },
        Op {
            name: "Latin-1 → UTF-8",
            key: "l1-8",
            peer: "convert_latin1_to_utf8",
            units: (1, 1),
            inputs: Latin1,
            run: Box::new(move |x, at, t| {
                into(
                    t,
                    &x.latin1,
                    2 * x.latin1.len(),
                    at,
                    |s, d| k.latin1_to_utf8(s, d).unwrap_or(0),
                    // SAFETY: `d` holds 2 bytes per input byte, what Latin-1 needs.
                    |s, d| unsafe {
                        simdutf::convert_latin1_to_utf8(s.as_ptr(), s.len(), d.as_mut_ptr())
                    },
                )
            }),
        },
        Op {
            name: "UTF-8 → Latin-1",
            key: "8-l1",
            peer: "convert_utf8_to_latin1",
            units: (1, 1),
            inputs: Latin1,
            run: Box::new(move |x, at, t| {
                into(
                    t,
                    &x.utf8,
                    x.utf8.len(),
                    at,
                    |s, d| k.utf8_to_latin1(s, d).unwrap_or(0),
                    // SAFETY: `d` holds one byte per input byte.
                    |s, d| unsafe {
                        simdutf::convert_utf8_to_latin1(s.as_ptr(), s.len(), d.as_mut_ptr())
                    },
                )
            }),
        },
        Op {
            name: "Latin-1 → UTF-16LE",
            key: "l1-16",
            peer: "convert_latin1_to_utf16le",
            units: (1, 2),
            inputs: Latin1,
            run: Box::new(move |x, at, t| {
                into(
                    t,
                    &x.latin1,
                    x.latin1.len(),
                    at,
                    |s, d| k.latin1_to_utf16le(s, d).unwrap_or(0),
                    // SAFETY: `d` holds one unit per input byte.
                    |s, d| unsafe {
                        simdutf::convert_latin1_to_utf16le(s.as_ptr(), s.len(), d.as_mut_ptr())
                    },
                )
            }),
        },
        Op {
            name: "UTF-16LE → Latin-1",
            key: "16-l1",
            peer: "convert_utf16le_to_latin1",
            units: (2, 1),
            inputs: Latin1,
            run: Box::new(move |x, at, t| {
                into(
                    t,
                    &x.utf16,
                    x.utf16.len(),
                    at,
                    |s, d| k.utf16le_to_latin1(s, d).unwrap_or(0),
                    // SAFETY: `d` holds one byte per input unit.
                    |s, d| unsafe {
                        simdutf::convert_utf16le_to_latin1(s.as_ptr(), s.len(), d.as_mut_ptr())
                    },
                )
            }),
        },
    ]
}

/// The placements (input and output byte offsets) of the byte offsets
/// `offsets` for units of `units.0` and `units.1` bytes: each rounded down
/// to its unit, without repeats, the aligned one first.
fn placements(offsets: &[usize], units: (usize, usize)) -> Vec<(usize, usize)> {
    let down = |o: usize, u: usize| o.checked_div(u).map_or(0, |q| q * u);
    let mut out: Vec<(usize, usize)> = Vec::new();
    for &o in offsets {
        let p = (down(o, units.0), down(o, units.1));
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// A placement as the tables write it: the input's offset, and the
/// output's after a slash where there is an output.
fn placement_name(p: (usize, usize), units: (usize, usize)) -> String {
    if units.1 == 0 {
        p.0.to_string()
    } else {
        format!("{}/{}", p.0, p.1)
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The figures of one operation on one text.
struct Row {
    text: String,
    real: bool,
    /// rapidutf and the peer at offset 0.
    aligned: Pair,
    /// rapidutf and the peer at their own worst placement, and where.
    worst: [(f64, (usize, usize)); 2],
}

impl Row {
    fn ratio_aligned(&self) -> f64 {
        self.aligned[0] / self.aligned[1]
    }

    fn ratio_worst(&self) -> f64 {
        self.worst[0].0 / self.worst[1].0
    }
}

/// Measures `op` on `text` at every placement of `offsets`: the sweep runs
/// [`REPEATS`] times, each placement keeping the median.
fn measure(op: &Op, text: &Text, offsets: &[usize], t: Timing) -> Row {
    let places = placements(offsets, op.units);
    let mut runs: Vec<Vec<Pair>> = vec![Vec::new(); places.len()];
    for _ in 0..REPEATS {
        for (i, &p) in places.iter().enumerate() {
            runs[i].push((op.run)(text, p, t));
        }
    }
    let medians: Vec<Pair> = runs
        .into_iter()
        .map(|r| [0, 1].map(|c| median(r.iter().map(|pair| pair[c]).collect())))
        .collect();
    let worst = [0, 1].map(|c| {
        medians
            .iter()
            .zip(&places)
            .map(|(m, &p)| (m[c], p))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .expect("a placement")
    });
    Row { text: text.name.clone(), real: text.real, aligned: medians[0], worst }
}

fn geomean(v: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = v.fold((0.0, 0.0), |(s, n), x| (s + f64::ln(x), n + 1.0));
    (sum / n).exp()
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let quick = match args.iter().position(|a| a == "--quick") {
        Some(i) => {
            args.remove(i);
            true
        }
        None => false,
    };
    let mut args = args.into_iter();
    let ours = args.next().unwrap_or_else(|| "avx2".to_owned());
    let theirs = match ours.as_str() {
        "sse42" => "westmere",
        "avx2" => "haswell",
        "avx512" => "icelake",
        other => panic!("no simdutf counterpart for kernel {other:?} (sse42, avx2, avx512)"),
    };
    let kernel: Kernel = ours.parse().expect("a kernel name");
    let only = Filter::new(args.next());
    let files = Filter::new(args.next());
    if !kernel.is_available() {
        eprintln!("this CPU cannot run the {ours} kernel");
        std::process::exit(2);
    }
    // Before simdutf's first call, which settles its implementation. This
    // program has one thread.
    std::env::set_var("SIMDUTF_FORCE_IMPLEMENTATION", theirs);

    let all: Vec<usize> = (0..64).collect();
    let (offsets, timing) =
        if quick { (&QUICK[..], Timing { rounds: 5 }) } else { (&all[..], Timing { rounds: 7 }) };

    let corpus: Vec<Text> = bench_texts()
        .into_iter()
        .map(|t| Text::of(t.name, t.source == Source::Shared, &t.text, Vec::new()))
        .collect();
    let latin1: Vec<Text> = rapidutf_testkit::latin1_inputs()
        .into_iter()
        .map(|(name, bytes)| {
            let text: String = bytes.iter().map(|&b| char::from(b)).collect();
            Text::of(name, false, &text, bytes)
        })
        .collect();

    println!(
        "rapidutf {ours} vs simdutf {theirs} on {}, GB/s of input; the peer is simdutf {theirs}'s function unless named. Offsets: {}; each figure the median of {REPEATS} sweeps, each the best of {} rounds of about {:.1} ms with the two contenders alternating.\n",
        common::cpu_name(),
        if quick {
            format!("{} sampled byte offsets ({QUICK:?})", QUICK.len())
        } else {
            "all 64 byte offsets".to_owned()
        },
        timing.rounds,
        ROUND_SECS * 1e3,
    );
    let mut summary = Vec::new();
    let mut details = Vec::new();
    for op in ops(kernel) {
        if !only.keeps(op.key) {
            continue;
        }
        let texts: Vec<&Text> = match op.inputs {
            Inputs::Unicode => corpus.iter().collect(),
            Inputs::Ascii => corpus.iter().filter(|t| t.utf8.is_ascii()).collect(),
            Inputs::Latin1 => latin1.iter().collect(),
        };
        let rows: Vec<Row> = texts
            .into_iter()
            .filter(|t| files.keeps_prefix(&t.name))
            .map(|t| measure(&op, t, offsets, timing))
            .collect();
        for r in &rows {
            details.push(format!(
                "| {} | {} | {} | {:.2} | {:.2} | **{:.2}** | {:.2} ({}) | {:.2} ({}) | **{:.2}** |",
                op.name,
                op.peer,
                r.text,
                r.aligned[0],
                r.aligned[1],
                r.ratio_aligned(),
                r.worst[0].0,
                placement_name(r.worst[0].1, op.units),
                r.worst[1].0,
                placement_name(r.worst[1].1, op.units),
                r.ratio_worst(),
            ));
        }
        for (real, corpus_name) in [(false, "generated"), (true, "real")] {
            let rows: Vec<&Row> = rows.iter().filter(|r| r.real == real).collect();
            if rows.is_empty() {
                continue;
            }
            let g = |f: &dyn Fn(&Row) -> f64| geomean(rows.iter().map(|r| f(r)));
            let lowest = |f: &dyn Fn(&Row) -> f64| {
                let r = rows.iter().min_by(|a, b| f(a).total_cmp(&f(b))).expect("a row");
                format!("{:.2} ({})", f(r), r.text)
            };
            summary.push(format!(
                "| {} | {} | {corpus_name} ({}) | {:.2} | {:.2} | {:.2} | {:.2} | **{:.2}** | **{:.2}** | {} | {} |",
                op.name,
                op.peer,
                rows.len(),
                g(&|r| r.aligned[0]),
                g(&|r| r.worst[0].0),
                g(&|r| r.aligned[1]),
                g(&|r| r.worst[1].0),
                g(&Row::ratio_aligned),
                g(&Row::ratio_worst),
                lowest(&Row::ratio_aligned),
                lowest(&Row::ratio_worst),
            ));
        }
    }
    println!(
        "| operation | peer | texts | rapidutf @0 | rapidutf worst | peer @0 | peer worst | ratio @0 | ratio worst | lowest text @0 | lowest text worst |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for line in summary {
        println!("{line}");
    }
    println!("\n<details><summary>Per text ({ours} vs {theirs})</summary>\n");
    println!(
        "| operation | peer | text | rapidutf @0 | peer @0 | ratio @0 | rapidutf worst (offset) | peer worst (offset) | ratio worst |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for line in details {
        println!("{line}");
    }
    println!("\n</details>");
}
