//! Many short strings in one buffer, Arrow-style (`offsets[i]..offsets[i
//! + 1]`), as a JSON or Parquet reader holds them: the string values of
//! the generated JSON document (`rapidutf_testkit::textgen::json`) and,
//! separately, its keys; the generated string columns
//! (`rapidutf_testkit::textgen::column`: keys, ~40-byte values, URLs); and
//! where `../shared` exists, the values and keys of
//! `realdata/twitter.json`. Each set is validated
//!
//! - by `rapidutf::validate_utf8_offsets` (through dispatch:
//!   `RAPIDUTF_KERNEL` picks the kernel);
//! - the way readers do it today: the whole buffer with
//!   `simdutf8::basic::from_utf8`, then `str::is_char_boundary` at every
//!   offset;
//! - string by string with `core::str::from_utf8`, with
//!   `simdutf8::compat::from_utf8`, and with `rapidutf::from_utf8`.
//!
//! ```text
//! cargo run --release --example many_strings
//! RAPIDUTF_KERNEL=avx2 cargo run --release --example many_strings
//! ```
//!
//! GB/s of buffer, best of 15 rounds of about 2 ms each, the contenders
//! taking turns within each round (`common::race`).

mod common;
use common::race;
use rapidutf_testkit::corpus::{shared_dir, SEED};
use rapidutf_testkit::textgen::{self, Column};

/// The strings of a JSON text, decoded: `(values, keys)`. A string
/// followed by `:` is a key. Enough of JSON for a well-formed file.
fn json_strings(text: &str) -> (Vec<String>, Vec<String>) {
    let (mut values, mut keys) = (Vec::new(), Vec::new());
    let mut chars = text.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut s = String::new();
        let mut end = text.len();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    end = i + 1;
                    break;
                }
                '\\' => {
                    let (_, e) = chars.next().expect("an escape");
                    match e {
                        'n' => s.push('\n'),
                        't' => s.push('\t'),
                        'r' => s.push('\r'),
                        'b' => s.push('\u{8}'),
                        'f' => s.push('\u{c}'),
                        'u' => {
                            let mut u = hex(&mut chars);
                            if (0xD800..0xDC00).contains(&u) {
                                // A surrogate pair: `\uD83D\uDE00`.
                                chars.next();
                                chars.next();
                                let low = hex(&mut chars);
                                u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
                            }
                            s.push(char::from_u32(u).unwrap_or('\u{FFFD}'));
                        }
                        other => s.push(other),
                    }
                }
                c => s.push(c),
            }
        }
        let key = text[end..].trim_start().starts_with(':');
        if key {
            keys.push(s);
        } else {
            values.push(s);
        }
    }
    (values, keys)
}

/// The value of the four hex digits `chars` goes on with.
fn hex(chars: &mut impl Iterator<Item = (usize, char)>) -> u32 {
    let h: String = (0..4).map(|_| chars.next().expect("four hex digits").1).collect();
    u32::from_str_radix(&h, 16).expect("four hex digits")
}

/// The strings concatenated, and their Arrow-style offsets.
fn arrow(strings: &[String]) -> (Vec<u8>, Vec<u32>) {
    let mut buf = Vec::new();
    let mut offsets = vec![0u32];
    for s in strings {
        buf.extend_from_slice(s.as_bytes());
        offsets.push(u32::try_from(buf.len()).expect("a buffer under 4 GiB"));
    }
    (buf, offsets)
}

fn main() {
    let mut sets: Vec<(String, Vec<String>)> = Vec::new();
    let json = textgen::json(SEED, 631_515);
    let (values, keys) = json_strings(&json);
    sets.push(("generated JSON values".into(), values));
    sets.push(("generated JSON keys".into(), keys));
    for (name, kind) in [("keys", Column::Keys), ("values", Column::Values), ("URLs", Column::Urls)]
    {
        sets.push((format!("generated column: {name}"), textgen::column(kind, SEED, 10_000)));
    }
    if let Some(dir) = shared_dir() {
        let path = dir.join("realdata/twitter.json");
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let (values, keys) = json_strings(&text);
                sets.push(("twitter.json values".into(), values));
                sets.push(("twitter.json keys".into(), keys));
            }
            Err(e) => eprintln!("many_strings: {}: {e}", path.display()),
        }
    }
    println!(
        "Many-strings validation, Arrow-style offsets, rapidutf kernel {}, GB/s of buffer\n",
        rapidutf::Kernel::active()
    );
    println!(
        "| strings | count | mean bytes | non-ASCII bytes | rapidutf `validate_utf8_offsets` | \
         simdutf8 basic + `is_char_boundary` | ratio | `core::str::from_utf8` each | ratio | \
         simdutf8 compat each | ratio | rapidutf `from_utf8` each | ÷ core each |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (name, strings) in &sets {
        let (buf, offsets) = arrow(strings);
        let n = buf.len();
        let high = buf.iter().filter(|&&b| b >= 0x80).count();
        let bounds: Vec<usize> = offsets.iter().map(|&o| o as usize).collect();
        let mut ours = || usize::from(rapidutf::validate_utf8_offsets(&buf, &offsets).is_ok());
        let mut whole = || match simdutf8::basic::from_utf8(&buf) {
            Ok(s) => usize::from(bounds.iter().all(|&o| s.is_char_boundary(o))),
            Err(_) => 0,
        };
        let mut core_each = || {
            usize::from(bounds.windows(2).all(|w| core::str::from_utf8(&buf[w[0]..w[1]]).is_ok()))
        };
        let mut compat_each = || {
            usize::from(
                bounds.windows(2).all(|w| simdutf8::compat::from_utf8(&buf[w[0]..w[1]]).is_ok()),
            )
        };
        let mut ours_each = || {
            usize::from(bounds.windows(2).all(|w| rapidutf::from_utf8(&buf[w[0]..w[1]]).is_ok()))
        };
        // All five agree that the strings are valid.
        assert_eq!((ours(), whole(), core_each(), compat_each(), ours_each()), (1, 1, 1, 1, 1));
        let g = race(
            n,
            &mut [&mut ours, &mut whole, &mut core_each, &mut compat_each, &mut ours_each],
        );
        println!(
            "| {name} | {} | {:.1} | {:.1} % | {:.2} | {:.2} | **{:.2}** | {:.2} | **{:.2}** | {:.2} | **{:.2}** | {:.2} | **{:.2}** |",
            strings.len(),
            n as f64 / strings.len() as f64,
            100.0 * high as f64 / n as f64,
            g[0],
            g[1],
            g[0] / g[1],
            g[2],
            g[0] / g[2],
            g[3],
            g[0] / g[3],
            g[4],
            g[4] / g[2],
        );
    }
}
