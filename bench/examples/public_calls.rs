//! The public transcoding functions as a user calls them, at every input
//! size from 1 byte to 64 KiB: the buffer forms (dispatched, short inputs
//! converted inline), the `_vec` and `_append` forms, the `&str` forms,
//! the Latin-1 conversions and the `Kernel` methods, in nanoseconds per
//! call (and GB/s of input for the large sizes). This is where the layer
//! between a public function and its kernel shows: dispatch, the short
//! input path, the error glue, the allocation.
//!
//! ```text
//! cargo run --release --example public_calls              # French and Chinese
//! cargo run --release --example public_calls -- Korean   # one language
//! ```
//!
//! Only long-standing functions are used, so that the same program
//! measures one version of the crate against another (build it against
//! each and compare the tables). Each cell is the best of 15 rounds of
//! about 2 ms; the inputs are prefixes of the generated text, cut back to
//! a character boundary.

mod common;

use common::gbps;
use rapidutf::Kernel;
use rapidutf_testkit::corpus::generated_repeating;

/// Input sizes in bytes of UTF-8 (the other forms: the same characters).
const SIZES: [usize; 11] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 4096, 65536];

/// One input: the same characters in every form the functions take.
struct Input {
    utf8: Vec<u8>,
    utf16: Vec<u16>,
    utf32: Vec<u32>,
    latin1: Vec<u8>,
}

fn input(text: &str, size: usize) -> Input {
    let mut end = size.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let s = &text[..end];
    Input {
        utf8: s.as_bytes().to_vec(),
        utf16: s.encode_utf16().collect(),
        utf32: s.chars().map(u32::from).collect(),
        latin1: s.chars().map(|c| u32::from(c).min(0xFF) as u8).collect(),
    }
}

/// Nanoseconds per call of `f`.
fn ns(f: impl FnMut() -> usize) -> f64 {
    1.0 / gbps(1, f)
}

type Case = (&'static str, fn(&Input, &mut Bufs) -> f64);

/// Output buffers large enough for every size, reused across calls.
struct Bufs {
    u8s: Vec<u8>,
    u16s: Vec<u16>,
    u32s: Vec<u32>,
}

fn cases() -> Vec<Case> {
    vec![
        ("utf8_to_utf16le", |i, b| ns(|| rapidutf::utf8_to_utf16le(&i.utf8, &mut b.u16s).unwrap())),
        ("utf8_to_utf16", |i, b| ns(|| rapidutf::utf8_to_utf16(&i.utf8, &mut b.u16s).unwrap())),
        ("utf8_to_utf32", |i, b| ns(|| rapidutf::utf8_to_utf32(&i.utf8, &mut b.u32s).unwrap())),
        ("utf16le_to_utf8", |i, b| ns(|| rapidutf::utf16le_to_utf8(&i.utf16, &mut b.u8s).unwrap())),
        ("utf16_to_utf8", |i, b| ns(|| rapidutf::utf16_to_utf8(&i.utf16, &mut b.u8s).unwrap())),
        ("utf32_to_utf8", |i, b| ns(|| rapidutf::utf32_to_utf8(&i.utf32, &mut b.u8s).unwrap())),
        ("utf16_to_utf32", |i, b| ns(|| rapidutf::utf16_to_utf32(&i.utf16, &mut b.u32s).unwrap())),
        ("utf32_to_utf16", |i, b| ns(|| rapidutf::utf32_to_utf16(&i.utf32, &mut b.u16s).unwrap())),
        ("str_to_utf16", |i, b| {
            let s = std::str::from_utf8(&i.utf8).unwrap();
            ns(|| rapidutf::str_to_utf16(s, &mut b.u16s).unwrap())
        }),
        ("utf8_to_utf16_vec", |i, _| ns(|| rapidutf::utf8_to_utf16_vec(&i.utf8).unwrap().len())),
        ("utf16_to_string", |i, _| ns(|| rapidutf::utf16_to_string(&i.utf16).unwrap().len())),
        ("utf8_to_utf16_append", |i, b| {
            ns(|| {
                b.u16s.clear();
                rapidutf::utf8_to_utf16_append(&i.utf8, &mut b.u16s).unwrap();
                b.u16s.len()
            })
        }),
        ("latin1_to_utf8", |i, b| ns(|| rapidutf::latin1_to_utf8(&i.latin1, &mut b.u8s).unwrap())),
        ("utf8_to_latin1 (Latin-1 text)", |i, b| {
            let utf8 = rapidutf::latin1_to_string(&i.latin1);
            ns(|| rapidutf::utf8_to_latin1(utf8.as_bytes(), &mut b.u8s).unwrap())
        }),
        ("Kernel::utf8_to_utf16le", |i, b| {
            let k = Kernel::best();
            ns(|| k.utf8_to_utf16le(&i.utf8, &mut b.u16s).unwrap())
        }),
        ("Kernel::utf16le_to_utf8", |i, b| {
            let k = Kernel::best();
            ns(|| k.utf16le_to_utf8(&i.utf16, &mut b.u8s).unwrap())
        }),
    ]
}

fn main() {
    let langs: Vec<String> = match std::env::args().nth(1) {
        Some(a) => a.split(',').map(str::to_owned).collect(),
        None => vec!["French".into(), "Chinese".into()],
    };
    let mut bufs = Bufs { u8s: vec![0; 1 << 20], u16s: vec![0; 1 << 20], u32s: vec![0; 1 << 20] };
    println!("CPU: {}; kernel {}", common::cpu_name(), Kernel::best());
    for lang in &langs {
        let text = generated_repeating(lang, 70_000);
        let inputs: Vec<Input> = SIZES.iter().map(|&n| input(&text, n)).collect();
        println!("\n### {lang}: ns per call (GB/s of UTF-8-sized input from 4096 bytes)\n");
        let head: Vec<String> = SIZES.iter().map(|n| n.to_string()).collect();
        println!("| function | {} |", head.join(" | "));
        println!("|---|{}", "---:|".repeat(SIZES.len()));
        for (name, f) in cases() {
            let cells: Vec<String> = inputs
                .iter()
                .zip(SIZES)
                .map(|(i, n)| {
                    let t = f(i, &mut bufs);
                    if n >= 4096 {
                        format!("{:.2}", i.utf8.len() as f64 / t)
                    } else {
                        format!("{t:.1}")
                    }
                })
                .collect();
            println!("| {name} | {} |", cells.join(" | "));
        }
    }
}
