//! Lossy decoding where errors are dense, against std, and valid or
//! sparsely broken text, where the SIMD paths must keep their speed:
//! rapidutf's free functions, std's (`String::from_utf8_lossy`,
//! `String::from_utf16_lossy`, and `from_utf8_lossy(..).encode_utf16()`
//! for UTF-8 to UTF-16), and the C ABI (`rapidutf_utf8_to_string_lossy`
//! and friends, into a caller's buffer of the size that always suffices).
//!
//! ```text
//! cargo run --release --example lossy_dense
//! ```
//!
//! GB/s of input, best of 15 rounds of about 2 ms each, the contenders
//! alternating round by round (see `common::race`); the ratio is
//! rapidutf's speed over std's (above 1: faster than std).

mod common;

use common::race;
use rapidutf_capi::{
    rapidutf_utf16_to_string_lossy, rapidutf_utf8_to_string_lossy, rapidutf_utf8_to_utf16_lossy,
    RAPIDUTF_OK,
};
use rapidutf_testkit::{lipsum_file, LANGUAGES};
use std::hint::black_box;

/// 4 MiB, as in the measurements that this example repeats.
const LEN: usize = 4 << 20;

/// A reproducible byte stream (xorshift), for random inputs.
fn noise(n: usize, seed: u64) -> impl Iterator<Item = u64> {
    let mut x = seed;
    (0..n).map(move |_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    })
}

fn utf8_inputs() -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> =
        vec![
            ("all 0xFF (4 MiB)".into(), vec![0xFF; LEN]),
            ("'a' and 0xFF alternating".into(), b"a\xFF".repeat(LEN / 2)),
            ("truncated E2 82 and 'a'".into(), b"\xE2\x82a".repeat(LEN / 3)),
            ("orphan continuations 80".into(), vec![0x80; LEN]),
            ("random bytes".into(), noise(LEN, 7).map(|x| x as u8).collect()),
            ("random bytes < 0xC0 (mostly valid ASCII)".into(), {
                noise(LEN, 9)
                    .map(|x| {
                        if x % 4 == 0 {
                            0x80 | (x >> 8) as u8 & 0x3F
                        } else {
                            (x >> 8) as u8 & 0x7F
                        }
                    })
                    .collect()
            }),
        ];
    for lang in LANGUAGES {
        let text = lipsum_file(lang, "utf8");
        let mut sparse = text.clone();
        for i in (500..sparse.len()).step_by(1000) {
            sparse[i] = 0xFF;
        }
        v.push((format!("{lang} (valid)"), text));
        v.push((format!("{lang}, 0xFF every 1000 bytes"), sparse));
    }
    v
}

fn utf16_inputs() -> Vec<(String, Vec<u16>)> {
    let mut v: Vec<(String, Vec<u16>)> = vec![
        ("2 M lone surrogates D800".into(), vec![0xD800; 2 << 20]),
        ("2 M lone low surrogates DC00".into(), vec![0xDC00; 2 << 20]),
        ("'a' and DC00 alternating".into(), [0x61, 0xDC00].repeat(1 << 20)),
        ("random units".into(), noise(2 << 20, 11).map(|x| x as u16).collect()),
    ];
    for lang in LANGUAGES {
        let text = String::from_utf8(lipsum_file(lang, "utf8")).expect("lipsum is UTF-8");
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut sparse = units.clone();
        for i in (250..sparse.len()).step_by(500) {
            sparse[i] = 0xDC00;
        }
        v.push((format!("{lang} (valid)"), units));
        v.push((format!("{lang}, DC00 every 500 units"), sparse));
    }
    v
}

fn row(name: &str, gbs: &[f64]) {
    let [ours, std, capi] = [gbs[0], gbs[1], gbs[2]];
    println!(
        "| {name} | {ours:.3} | {std:.3} | {:.2}× | {capi:.3} | {:.2}× |",
        ours / std,
        capi / std
    );
}

fn main() {
    println!("Lossy decoding, kernel {}; GB/s of input.\n", rapidutf::Kernel::active());

    println!("### UTF-8 to UTF-8 (`utf8_to_string_lossy`)\n");
    println!("| input | rapidutf | std | ratio | C ABI | ratio |");
    println!("|---|---|---|---|---|---|");
    for (name, input) in utf8_inputs() {
        let mut out = vec![0u8; 3 * input.len()];
        let input = &input;
        let mut ours = || rapidutf::utf8_to_string_lossy(black_box(input)).len();
        let mut std = || String::from_utf8_lossy(black_box(input)).len();
        let mut capi = || {
            // SAFETY: `input` and `out` are live buffers of these lengths.
            let r = unsafe {
                rapidutf_utf8_to_string_lossy(
                    input.as_ptr(),
                    input.len(),
                    out.as_mut_ptr(),
                    out.len(),
                )
            };
            assert_eq!(r.status, RAPIDUTF_OK);
            r.written
        };
        row(&name, &race(input.len(), &mut [&mut ours, &mut std, &mut capi]));
    }

    println!("\n### UTF-8 to UTF-16 (`utf8_to_utf16_lossy`; std: `from_utf8_lossy(..).encode_utf16()`)\n");
    println!("| input | rapidutf | std | ratio | C ABI | ratio |");
    println!("|---|---|---|---|---|---|");
    for (name, input) in utf8_inputs().into_iter().take(6) {
        let mut out = vec![0u16; input.len()];
        let input = &input;
        let mut ours = || rapidutf::utf8_to_utf16_lossy(black_box(input)).len();
        let mut std =
            || String::from_utf8_lossy(black_box(input)).encode_utf16().collect::<Vec<u16>>().len();
        let mut capi = || {
            // SAFETY: as above.
            let r = unsafe {
                rapidutf_utf8_to_utf16_lossy(
                    input.as_ptr(),
                    input.len(),
                    out.as_mut_ptr(),
                    out.len(),
                )
            };
            assert_eq!(r.status, RAPIDUTF_OK);
            r.written
        };
        row(&name, &race(input.len(), &mut [&mut ours, &mut std, &mut capi]));
    }

    println!("\n### UTF-16 to UTF-8 (`utf16_to_string_lossy`; GB/s of UTF-16 bytes)\n");
    println!("| input | rapidutf | std | ratio | C ABI | ratio |");
    println!("|---|---|---|---|---|---|");
    for (name, input) in utf16_inputs() {
        let mut out = vec![0u8; 3 * input.len()];
        let input = &input;
        let mut ours = || rapidutf::utf16_to_string_lossy(black_box(input)).len();
        let mut std = || String::from_utf16_lossy(black_box(input)).len();
        let mut capi = || {
            // SAFETY: as above.
            let r = unsafe {
                rapidutf_utf16_to_string_lossy(
                    input.as_ptr(),
                    input.len(),
                    out.as_mut_ptr(),
                    out.len(),
                )
            };
            assert_eq!(r.status, RAPIDUTF_OK);
            r.written
        };
        row(&name, &race(2 * input.len(), &mut [&mut ours, &mut std, &mut capi]));
    }
}
