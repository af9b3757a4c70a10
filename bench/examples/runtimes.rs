//! What runtimes ask for, against the peers' best paths, kernel against
//! kernel: lossy UTF-8 → UTF-16, the narrowest form, and `encodeInto`.
//!
//! ```text
//! cargo run --release --example runtimes                 # rapidutf avx2  vs simdutf haswell
//! cargo run --release --example runtimes -- sse42        # rapidutf sse42 vs simdutf westmere
//! cargo run --release --example runtimes -- avx2 narrow  # one part: lossy, narrow or encode
//! ```
//!
//! - **Lossy UTF-8 → UTF-16** on each lipsum file (valid text):
//!   `utf8_to_utf16le_lossy` against encoding_rs's WHATWG decoder
//!   (`mem::convert_utf8_to_utf16` and `Decoder::decode_to_utf16`, into a
//!   buffer reused across calls, its best case) and against the strict
//!   conversions of the same input (rapidutf's `utf8_to_utf16le_vec`,
//!   simdutf's `convert_utf8_to_utf16le` into a fresh vector, as the lossy
//!   function returns one), and rapidutf's strict conversion into a reused
//!   buffer (what the allocation costs).
//! - **Narrowest form** (Latin-1 if every character fits, else UTF-16) on
//!   Latin-range text (the Latin file, ASCII, and the same with accented
//!   letters) of 16 bytes to 64 KiB whose first character above U+00FF
//!   (a `€`) comes early (at 1/16 of the text), late (at 15/16) or never:
//!   `utf8_to_latin1_or_utf16` against the two-call paths (try Latin-1,
//!   then convert again to UTF-16: rapidutf's `utf8_to_latin1` then
//!   `utf8_to_utf16le`, simdutf's `convert_utf8_to_latin1_with_errors`
//!   then `convert_utf8_to_utf16le_with_errors`) and against the one
//!   conversion to the form the text turns out to need.
//! - **`encodeInto`** (UTF-16 with possibly lone surrogates into a bounded
//!   UTF-8 buffer) on each lipsum file, valid and with a lone surrogate
//!   every 1000 units, into a buffer of 3 bytes per unit (what
//!   JavaScript callers allocate) and one of the exact size:
//!   `utf16le_to_utf8_lossy_into` against encoding_rs's
//!   `mem::convert_utf16_to_utf8_partial` (its `encodeInto`) and
//!   `Encoder::encode_from_utf16`, and against simdutf's path as its crate
//!   offers it (validation, a repaired copy when there is a lone surrogate,
//!   the length, then `convert_valid_utf16le_to_utf8`), and its one-pass
//!   `convert_utf16le_to_utf8_with_errors` that resumes after each lone
//!   surrogate; the best of simdutf's two is the peer's best path.
//!
//! Both libraries' kernels are pinned before either is first called:
//! `RAPIDUTF_KERNEL` and `SIMDUTF_FORCE_IMPLEMENTATION`, each read once.
//! encoding_rs picks its own code (AVX2 where it has it). GB/s of input,
//! the best of 200 rounds of about 0.25 ms each, the contenders of a
//! table row taking turns within each round (`common::race_rounds`), so
//! that they meet the same load on a shared machine.
//!
//! The texts are each language's real text from the shared corpus
//! (`../shared` beside the repository: the lipsum files, and Wikipedia
//! prose for French and Greek), or the project's generated prose of the
//! language where that is absent (`rapidutf_testkit::corpus`).

mod common;

/// [`common::race_rounds`] with this program's rounds: 200 of about
/// 0.25 ms each, short enough for most to run without a preemption on a
/// machine shared with other work.
fn race(bytes: usize, fs: &mut [&mut dyn FnMut() -> usize]) -> Vec<f64> {
    common::race_rounds(bytes, fs, 200, 2.5e-4)
}
use rapidutf_testkit::{corpus, LANGUAGES};

/// The text of `lang`: its real text from the shared corpus where that is
/// present, else the project's generated prose of the language.
fn lipsum(lang: &str) -> String {
    corpus::shared(lang).unwrap_or_else(|| corpus::generated_repeating(lang, corpus::BENCH_LEN))
}

fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned())
}

fn geomean(v: &[f64]) -> f64 {
    (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp()
}

/// A Markdown row: a label, then numbers.
fn row(label: &str, cells: &[f64]) -> String {
    let cells: Vec<String> = cells.iter().map(|x| format!("{x:.2}")).collect();
    format!("| {label} | {} |", cells.join(" | "))
}

fn main() {
    let ours = std::env::args().nth(1).unwrap_or_else(|| "avx2".to_owned());
    let theirs = match ours.as_str() {
        "sse42" => "westmere",
        "avx2" => "haswell",
        "avx512" => "icelake",
        other => panic!("no simdutf counterpart for kernel {other:?} (sse42, avx2, avx512)"),
    };
    let parts = std::env::args().nth(2).unwrap_or_else(|| "lossy,narrow,encode".to_owned());
    let kernel: rapidutf::Kernel = ours.parse().expect("a kernel name");
    assert!(kernel.is_available(), "this CPU cannot run the {ours} kernel");
    // Before either library's first call; this program has one thread.
    std::env::set_var("RAPIDUTF_KERNEL", &ours);
    std::env::set_var("SIMDUTF_FORCE_IMPLEMENTATION", theirs);
    assert_eq!(rapidutf::Kernel::active(), kernel, "RAPIDUTF_KERNEL took effect");

    println!("# rapidutf {ours} against simdutf {theirs}, on {}\n", cpu_name());
    println!("GB/s of input (best of 200 rounds of 0.25 ms, contenders alternating within each round).\n");
    if parts.contains("lossy") {
        lossy();
    }
    if parts.contains("narrow") {
        narrow();
    }
    if parts.contains("encode") {
        encode_into();
    }
}

// ------------------------------------------------------- lossy UTF-8

fn lossy() {
    println!("## Lossy UTF-8 → UTF-16LE (valid text)\n");
    println!(
        "| file | rapidutf `utf8_to_utf16le_lossy` | rapidutf `utf8_to_utf16le_vec` (strict) \
         | rapidutf `utf8_to_utf16le` (strict, reused buffer) \
         | simdutf `convert_utf8_to_utf16le` (strict, fresh Vec) \
         | encoding_rs `mem::convert_utf8_to_utf16` | encoding_rs `Decoder::decode_to_utf16` \
         | ÷ encoding_rs best | ÷ rapidutf strict | ÷ simdutf strict |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut ratios = [vec![], vec![], vec![]];
    for lang in LANGUAGES {
        let text = lipsum(lang);
        let src = text.as_bytes();
        let mut buf = vec![0u16; src.len() + 1];
        let mut buf2 = vec![0u16; src.len() + 1];
        let mut buf3 = vec![0u16; src.len() + 1];
        let r = race(
            src.len(),
            &mut [
                &mut || rapidutf::utf8_to_utf16le_lossy(src).len(),
                &mut || rapidutf::utf8_to_utf16le_vec(src).map_or(0, |v| v.len()),
                &mut || rapidutf::utf8_to_utf16le(src, &mut buf3).unwrap_or(0),
                &mut || {
                    let mut v: Vec<u16> = Vec::with_capacity(src.len());
                    // SAFETY: `v` has room for `src.len()` units, what UTF-8
                    // needs at most; simdutf writes the units it returns.
                    unsafe {
                        let n = simdutf::convert_utf8_to_utf16le(
                            src.as_ptr(),
                            src.len(),
                            v.as_mut_ptr(),
                        );
                        v.set_len(n);
                    }
                    v.len()
                },
                &mut || encoding_rs::mem::convert_utf8_to_utf16(src, &mut buf),
                &mut || {
                    let mut d = encoding_rs::UTF_8.new_decoder_without_bom_handling();
                    d.decode_to_utf16(src, &mut buf2, true).2
                },
            ],
        );
        let best_ers = r[4].max(r[5]);
        let q = [r[0] / best_ers, r[0] / r[1], r[0] / r[3]];
        for (v, x) in ratios.iter_mut().zip(q) {
            v.push(x);
        }
        println!("{}", row(lang, &[r[0], r[1], r[2], r[3], r[4], r[5], q[0], q[1], q[2]]));
    }
    let g: Vec<f64> = ratios.iter().map(|v| geomean(v)).collect();
    println!(
        "| **geomean of ratios** | | | | | | | **{:.2}** | **{:.2}** | **{:.2}** |\n",
        g[0], g[1], g[2]
    );
}

// ------------------------------------------------------ narrowest form

/// `text` cut to at most `len` bytes at a character boundary, with a `€`
/// in place of the character at `at` (a fraction of the length) if given.
fn variant(text: &str, len: usize, at: Option<f64>) -> Vec<u8> {
    let end = (0..=len.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap();
    let mut s = text[..end].to_owned();
    if let Some(f) = at {
        let mut i = ((end as f64 * f) as usize).min(end.saturating_sub(1));
        while !s.is_char_boundary(i) {
            i -= 1;
        }
        let c = s[i..].chars().next().map_or(0, char::len_utf8);
        s.replace_range(i..i + c, "€");
    }
    s.into_bytes()
}

/// rapidutf's two calls: Latin-1, then (at a character above U+00FF)
/// UTF-16LE from the start.
fn rapidutf_two_calls(src: &[u8], l1: &mut [u8], u16: &mut [u16]) -> usize {
    match rapidutf::utf8_to_latin1(src, l1) {
        Ok(n) => n,
        Err(_) => rapidutf::utf8_to_utf16le(src, u16).unwrap_or(0),
    }
}

/// simdutf's two calls, the same way.
fn simdutf_two_calls(src: &[u8], l1: &mut [u8], u16: &mut [u16]) -> usize {
    // SAFETY: each buffer holds `src.len()` units, what the conversion of
    // UTF-8 to Latin-1 or to UTF-16 needs at most.
    unsafe {
        let r =
            simdutf::convert_utf8_to_latin1_with_errors(src.as_ptr(), src.len(), l1.as_mut_ptr());
        if r.error == simdutf::ErrorCode::Success {
            return r.count;
        }
        simdutf::convert_utf8_to_utf16le_with_errors(src.as_ptr(), src.len(), u16.as_mut_ptr())
            .count
    }
}

fn narrow() {
    let ascii = lipsum("Latin");
    // Every third e, a, u and o accented: Western European text.
    let mut n = 0;
    let western: String = ascii
        .chars()
        .map(|c| match c {
            'e' | 'a' | 'u' | 'o' => {
                n += 1;
                if n % 3 == 0 {
                    match c {
                        'e' => 'é',
                        'a' => 'à',
                        'u' => 'ü',
                        _ => 'ö',
                    }
                } else {
                    c
                }
            }
            _ => c,
        })
        .collect();
    println!("## Narrowest form: UTF-8 → Latin-1 or UTF-16LE\n");
    println!(
        "`one pass` is `utf8_to_latin1_or_utf16`; `single target` the one conversion to the form \
         the text needs (`utf8_to_latin1` for *never*, `utf8_to_utf16le` otherwise).\n"
    );
    let sizes = [16, 32, 64, 128, 256, 1024, 4096, 65536];
    let mut worst = (f64::MAX, f64::MAX, f64::MAX);
    for (name, text) in [("ASCII", &ascii), ("accented", &western)] {
        for (case, at) in
            [("never", None), ("early", Some(1.0 / 16.0)), ("late", Some(15.0 / 16.0))]
        {
            println!("### {name} text, first `€` {case}\n");
            println!(
                "| bytes | one pass | rapidutf two calls | simdutf two calls | single target \
                 | ÷ rapidutf two calls | ÷ simdutf two calls | ÷ single target |"
            );
            println!("|---|---|---|---|---|---|---|---|");
            for &len in &sizes {
                let src = variant(text, len, at);
                let (mut l1, mut u16) = (vec![0u8; src.len()], vec![0u16; src.len()]);
                let (mut l1b, mut u16b) = (vec![0u8; src.len()], vec![0u16; src.len()]);
                let (mut l1c, mut u16c) = (vec![0u8; src.len()], vec![0u16; src.len()]);
                let (mut l1d, mut u16d) = (vec![0u8; src.len()], vec![0u16; src.len()]);
                let r = race(
                    src.len(),
                    &mut [
                        &mut || match rapidutf::utf8_to_latin1_or_utf16(&src, &mut l1, &mut u16) {
                            Ok(
                                rapidutf::Latin1OrUtf16::Latin1(n)
                                | rapidutf::Latin1OrUtf16::Utf16(n),
                            ) => n,
                            Err(_) => 0,
                        },
                        &mut || rapidutf_two_calls(&src, &mut l1b, &mut u16b),
                        &mut || simdutf_two_calls(&src, &mut l1c, &mut u16c),
                        &mut || {
                            if at.is_none() {
                                rapidutf::utf8_to_latin1(&src, &mut l1d).unwrap_or(0)
                            } else {
                                rapidutf::utf8_to_utf16le(&src, &mut u16d).unwrap_or(0)
                            }
                        },
                    ],
                );
                let q = (r[0] / r[1], r[0] / r[2], r[0] / r[3]);
                worst = (worst.0.min(q.0), worst.1.min(q.1), worst.2.min(q.2));
                println!(
                    "{}",
                    row(&src.len().to_string(), &[r[0], r[1], r[2], r[3], q.0, q.1, q.2])
                );
            }
            println!();
        }
    }
    println!(
        "Lowest ratios over all rows: ÷ rapidutf two calls {:.2}, ÷ simdutf two calls {:.2}, \
         ÷ single target {:.2}.\n",
        worst.0, worst.1, worst.2
    );
}

// ---------------------------------------------------------- encodeInto

/// simdutf's `encodeInto` as its crate offers the pieces: validate, repair
/// a copy if there is a lone surrogate (the crate has no
/// `to_well_formed_utf16`: its validator finds each one), take the
/// length, and convert what fits (all of it, when the buffer holds it;
/// else the prefix that fits, found by walking the units).
fn simdutf_encode_into(src: &[u16], dst: &mut [u8], scratch: &mut Vec<u16>) -> (usize, usize) {
    let wf: &[u16] = if simdutf::validate_utf16le(src) {
        src
    } else {
        scratch.clear();
        scratch.extend_from_slice(src);
        let mut at = 0;
        loop {
            let r = simdutf::validate_utf16le_with_errors(&scratch[at..]);
            if r.error == simdutf::ErrorCode::Success {
                break;
            }
            scratch[at + r.count] = 0xFFFD;
            at += r.count + 1;
        }
        scratch
    };
    let need = simdutf::utf8_length_from_utf16le(wf);
    let (units, len) = if need <= dst.len() {
        (wf.len(), need)
    } else {
        // The longest prefix that fits, at a character boundary.
        let (mut i, mut n) = (0, 0);
        while i < wf.len() {
            let (w, b) = match wf[i] {
                0..=0x7F => (1, 1),
                0x80..=0x7FF => (1, 2),
                0xD800..=0xDBFF => (2, 4),
                _ => (1, 3),
            };
            if n + b > dst.len() {
                break;
            }
            (i, n) = (i + w, n + b);
        }
        (i, n)
    };
    // SAFETY: `dst` holds `len` bytes, the UTF-8 length of `wf[..units]`,
    // which is well-formed UTF-16.
    let written =
        unsafe { simdutf::convert_valid_utf16le_to_utf8(wf.as_ptr(), units, dst.as_mut_ptr()) };
    debug_assert_eq!(written, len);
    (units, written)
}

/// simdutf's one pass, for a buffer that holds 3 bytes per unit: the
/// conversion with errors, U+FFFD at each lone surrogate, and on.
fn simdutf_one_pass(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    assert!(dst.len() >= 3 * src.len());
    let (mut i, mut o) = (0, 0);
    loop {
        // SAFETY: `dst[o..]` holds 3 bytes per unit of `src[i..]`.
        let r = unsafe {
            simdutf::convert_utf16le_to_utf8_with_errors(
                src[i..].as_ptr(),
                src.len() - i,
                dst[o..].as_mut_ptr(),
            )
        };
        if r.error == simdutf::ErrorCode::Success {
            return (src.len(), o + r.count);
        }
        // On error, `count` is the position of the lone surrogate; the
        // valid units before it are converted: their length is needed.
        let before = simdutf::utf8_length_from_utf16le(&src[i..i + r.count]);
        o += before;
        dst[o..o + 3].copy_from_slice("\u{FFFD}".as_bytes());
        o += 3;
        i += r.count + 1;
    }
}

fn encode_into() {
    println!("## encodeInto: UTF-16LE → UTF-8 into a bounded buffer\n");
    let mut best = [vec![], vec![]];
    for (case, broken) in [("valid", false), ("a lone surrogate every 1000 units", true)] {
        for (room, exact) in [("3 bytes per unit", false), ("the exact size", true)] {
            println!("### {case}, buffer of {room}\n");
            println!(
                "| file | rapidutf `utf16le_to_utf8_lossy_into` \
                 | encoding_rs `mem::convert_utf16_to_utf8_partial` \
                 | encoding_rs `Encoder::encode_from_utf16` | simdutf validate + repair + convert \
                 | simdutf one pass (3 bytes/unit only) | ÷ encoding_rs best | ÷ simdutf best |"
            );
            println!("|---|---|---|---|---|---|---|---|");
            for lang in LANGUAGES {
                let text = lipsum(lang);
                let mut src: Vec<u16> = text.encode_utf16().map(u16::to_le).collect();
                if broken {
                    for i in (500..src.len()).step_by(1000) {
                        src[i] = 0xD800u16.to_le();
                    }
                }
                let len =
                    if exact { rapidutf::utf8_len_from_utf16le_lossy(&src) } else { 3 * src.len() };
                let mut d = [vec![0u8; len], vec![0u8; len], vec![0u8; len], vec![0u8; len]];
                let mut d3 = vec![0u8; 3 * src.len()];
                let mut scratch = Vec::with_capacity(src.len());
                let [a, b, c, e] = &mut d;
                let r = race(
                    2 * src.len(),
                    &mut [
                        &mut || rapidutf::utf16le_to_utf8_lossy_into(&src, a).1,
                        &mut || encoding_rs::mem::convert_utf16_to_utf8_partial(&src, b).1,
                        &mut || {
                            let mut enc = encoding_rs::UTF_8.new_encoder();
                            enc.encode_from_utf16(&src, c, true).2
                        },
                        &mut || simdutf_encode_into(&src, e, &mut scratch).1,
                        &mut || if exact { 0 } else { simdutf_one_pass(&src, &mut d3).1 },
                    ],
                );
                let ers = r[1].max(r[2]);
                let sim = if exact { r[3] } else { r[3].max(r[4]) };
                let q = [r[0] / ers, r[0] / sim];
                best[0].push(q[0]);
                best[1].push(q[1]);
                let mut cells = vec![r[0], r[1], r[2], r[3]];
                let one = if exact { "–".to_owned() } else { format!("{:.2}", r[4]) };
                let cells_s: Vec<String> = cells.drain(..).map(|x| format!("{x:.2}")).collect();
                println!(
                    "| {lang} | {} | {one} | {:.2} | {:.2} |",
                    cells_s.join(" | "),
                    q[0],
                    q[1]
                );
            }
            println!();
        }
    }
    println!(
        "Geomean over all rows: ÷ encoding_rs best {:.2}, ÷ simdutf best {:.2}; lowest \
         {:.2} and {:.2}.\n",
        geomean(&best[0]),
        geomean(&best[1]),
        best[0].iter().copied().fold(f64::MAX, f64::min),
        best[1].iter().copied().fold(f64::MAX, f64::min),
    );
}
