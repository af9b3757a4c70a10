//! UTF-16 and UTF-32 given as bytes: GB/s of input for the `_bytes`
//! functions on a 1 MiB text at an aligned address (in place, no copy)
//! and one byte further on (the copied path), next to the `&[u16]` and
//! `&[u32]` functions on the same text. Contenders alternate within each
//! round and the best round counts, for a quick reading on a noisy
//! machine. `cargo run --release --example bytes_input [filter]`; the
//! `stream` section decodes the same bytes through the stream decoders'
//! byte input in 4097-byte chunks, beside their `&[u16]`/`&[u32]` input.
//!
//! The text is a lipsum file of `../shared/corpus` where it exists,
//! repeated to 1 MiB of UTF-16, and a generated mix of scripts otherwise.

use std::hint::black_box;
use std::time::Instant;

/// 1 MiB of UTF-16.
const SIZE: usize = 1 << 20;

/// The text of `lang`: a corpus file, or a generated stand-in.
fn text(lang: &str) -> String {
    let path = format!("../shared/corpus/lipsum/{lang}-Lipsum.utf8.txt");
    let base = std::fs::read_to_string(path).unwrap_or_else(|_| match lang {
        "Latin" => "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".into(),
        "Chinese" => "天地玄黄宇宙洪荒日月盈昃辰宿列张。".into(),
        _ => "Hello 😀 wörld 🎉 ok 𝄞 ".into(),
    });
    let mut s = String::new();
    while s.encode_utf16().count() < SIZE / 2 {
        s.push_str(&base);
    }
    let mut units = 0;
    s.chars()
        .take_while(|c| {
            units += c.len_utf16();
            units <= SIZE / 2
        })
        .collect()
}

/// `bytes` copied into a new buffer at an address `offset` bytes after an
/// 8-byte boundary: the buffer, and where the copy starts in it.
fn placed(bytes: &[u8], offset: usize) -> (Vec<u8>, usize) {
    let mut storage = vec![0u8; bytes.len() + 16];
    let start = (8 - storage.as_ptr() as usize % 8) % 8 + offset;
    storage[start..start + bytes.len()].copy_from_slice(bytes);
    (storage, start)
}

/// Best seconds per call of each contender, the contenders alternating
/// within each of 15 rounds of about 2 ms each.
fn race(mut fs: Vec<(&str, Box<dyn FnMut() + '_>)>, bytes: usize) {
    let mut reps = Vec::new();
    for (_, f) in fs.iter_mut() {
        let t = Instant::now();
        f();
        let once = t.elapsed().as_secs_f64().max(1e-7);
        reps.push(((2e-3 / once) as usize).max(1));
    }
    let mut best = vec![f64::MAX; fs.len()];
    for _ in 0..15 {
        for (i, (_, f)) in fs.iter_mut().enumerate() {
            let t = Instant::now();
            for _ in 0..reps[i] {
                f();
            }
            best[i] = best[i].min(t.elapsed().as_secs_f64() / reps[i] as f64);
        }
    }
    for ((name, _), b) in fs.iter().zip(best) {
        println!("  {name:44} {:6.2} GB/s", bytes as f64 / b / 1e9);
    }
}

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    for lang in ["Latin", "Chinese", "Emoji"] {
        let s = text(lang);
        let units: Vec<u16> = s.encode_utf16().map(u16::to_le).collect();
        let values: Vec<u32> = s.chars().map(u32::from).collect();
        let le16: Vec<u8> = s.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let le32: Vec<u8> = s.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect();
        let be32: Vec<u8> = s.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect();
        let (a16, o16a) = placed(&le16, 0);
        let (u16s, o16u) = placed(&le16, 1);
        let (a32, o32a) = placed(&le32, 0);
        let (u32s, o32u) = placed(&le32, 1);
        let (b32, o32b) = placed(&be32, 0);
        let aligned16 = &a16[o16a..o16a + le16.len()];
        let odd16 = &u16s[o16u..o16u + le16.len()];
        let aligned32 = &a32[o32a..o32a + le32.len()];
        let odd32 = &u32s[o32u..o32u + le32.len()];
        let swapped32 = &b32[o32b..o32b + be32.len()];
        let mut out = vec![0u8; 3 * units.len() + 4 * values.len()];
        let out = std::cell::RefCell::new(&mut out[..]);

        println!("\n{lang}: {} bytes of UTF-16LE, {} of UTF-32", le16.len(), le32.len());
        if "utf16le_to_utf8".contains(filter.as_str()) {
            println!(" to UTF-8 into a buffer (GB/s of UTF-16 input)");
            race(
                vec![
                    (
                        "utf16le_to_utf8(&[u16])",
                        Box::new(|| {
                            black_box(
                                rapidutf::utf16le_to_utf8(black_box(&units), &mut out.borrow_mut())
                                    .unwrap(),
                            );
                        }),
                    ),
                    (
                        "utf16le_bytes_to_utf8, aligned",
                        Box::new(|| {
                            black_box(
                                rapidutf::utf16le_bytes_to_utf8(
                                    black_box(aligned16),
                                    &mut out.borrow_mut(),
                                )
                                .unwrap(),
                            );
                        }),
                    ),
                    (
                        "utf16le_bytes_to_utf8, odd address",
                        Box::new(|| {
                            black_box(
                                rapidutf::utf16le_bytes_to_utf8(
                                    black_box(odd16),
                                    &mut out.borrow_mut(),
                                )
                                .unwrap(),
                            );
                        }),
                    ),
                ],
                le16.len(),
            );
        }
        if "validate_utf16le".contains(filter.as_str()) {
            println!(" validation (GB/s of UTF-16 input)");
            race(
                vec![
                    (
                        "validate_utf16le(&[u16])",
                        Box::new(|| {
                            black_box(rapidutf::validate_utf16le(black_box(&units)).unwrap());
                        }),
                    ),
                    (
                        "validate_utf16le_bytes, aligned",
                        Box::new(|| {
                            black_box(
                                rapidutf::validate_utf16le_bytes(black_box(aligned16)).unwrap(),
                            );
                        }),
                    ),
                    (
                        "validate_utf16le_bytes, odd address",
                        Box::new(|| {
                            black_box(rapidutf::validate_utf16le_bytes(black_box(odd16)).unwrap());
                        }),
                    ),
                ],
                le16.len(),
            );
        }
        if "utf16le_to_string".contains(filter.as_str()) {
            println!(" to a String (GB/s of UTF-16 input)");
            race(
                vec![
                    (
                        "utf16le_to_string(&[u16])",
                        Box::new(|| {
                            black_box(rapidutf::utf16le_to_string(black_box(&units)).unwrap());
                        }),
                    ),
                    (
                        "utf16le_bytes_to_string, aligned",
                        Box::new(|| {
                            black_box(
                                rapidutf::utf16le_bytes_to_string(black_box(aligned16)).unwrap(),
                            );
                        }),
                    ),
                    (
                        "utf16le_bytes_to_string, odd address",
                        Box::new(|| {
                            black_box(rapidutf::utf16le_bytes_to_string(black_box(odd16)).unwrap());
                        }),
                    ),
                    (
                        "utf16le_to_string_lossy(&[u16])",
                        Box::new(|| {
                            black_box(rapidutf::utf16le_to_string_lossy(black_box(&units)));
                        }),
                    ),
                    (
                        "utf16le_bytes_to_string_lossy, odd address",
                        Box::new(|| {
                            black_box(rapidutf::utf16le_bytes_to_string_lossy(black_box(odd16)));
                        }),
                    ),
                ],
                le16.len(),
            );
        }
        if "stream".contains(filter.as_str()) {
            // Chunks of an odd number of bytes: every other chunk starts
            // at an odd address, and a unit is split at every boundary.
            const CHUNK: usize = 4097;
            println!(" streamed into a String, {CHUNK}-byte chunks (GB/s of input)");
            let mut text = String::with_capacity(4 * le32.len());
            let text = std::cell::RefCell::new(&mut text);
            race(
                vec![
                    (
                        "utf16le_bytes_to_string (whole)",
                        Box::new(|| {
                            black_box(
                                rapidutf::utf16le_bytes_to_string(black_box(aligned16)).unwrap(),
                            );
                        }),
                    ),
                    (
                        "Utf16Decoder::decode_to_string, &[u16]",
                        Box::new(|| {
                            let mut t = text.borrow_mut();
                            t.clear();
                            let mut d = rapidutf::stream::Utf16Decoder::with_endian(
                                rapidutf::stream::Endian::Little,
                            );
                            for c in units.chunks(CHUNK / 2) {
                                d.decode_to_string(black_box(c), &mut t, false).unwrap();
                            }
                            d.decode_to_string(&[], &mut t, true).unwrap();
                        }),
                    ),
                    (
                        "Utf16Decoder::decode_bytes_to_string",
                        Box::new(|| {
                            let mut t = text.borrow_mut();
                            t.clear();
                            let mut d = rapidutf::stream::Utf16Decoder::with_endian(
                                rapidutf::stream::Endian::Little,
                            );
                            for c in aligned16.chunks(CHUNK) {
                                d.decode_bytes_to_string(black_box(c), &mut t, false).unwrap();
                            }
                            d.decode_bytes_to_string(&[], &mut t, true).unwrap();
                        }),
                    ),
                ],
                le16.len(),
            );
            race(
                vec![
                    (
                        "utf32le_bytes_to_string (whole)",
                        Box::new(|| {
                            black_box(
                                rapidutf::utf32le_bytes_to_string(black_box(aligned32)).unwrap(),
                            );
                        }),
                    ),
                    (
                        "Utf32Decoder::decode_to_string, &[u32]",
                        Box::new(|| {
                            let mut t = text.borrow_mut();
                            t.clear();
                            let mut d = rapidutf::stream::Utf32Decoder::new();
                            for c in values.chunks(CHUNK / 4) {
                                d.decode_to_string(black_box(c), &mut t, false).unwrap();
                            }
                        }),
                    ),
                    (
                        "Utf32Decoder::decode_bytes_to_string (LE)",
                        Box::new(|| {
                            let mut t = text.borrow_mut();
                            t.clear();
                            let mut d = rapidutf::stream::Utf32Decoder::with_endian(
                                rapidutf::stream::Endian::Little,
                            );
                            for c in aligned32.chunks(CHUNK) {
                                d.decode_bytes_to_string(black_box(c), &mut t, false).unwrap();
                            }
                            d.decode_bytes_to_string(&[], &mut t, true).unwrap();
                        }),
                    ),
                    (
                        "Utf32Decoder::decode_bytes_to_string (BE)",
                        Box::new(|| {
                            let mut t = text.borrow_mut();
                            t.clear();
                            let mut d = rapidutf::stream::Utf32Decoder::with_endian(
                                rapidutf::stream::Endian::Big,
                            );
                            for c in swapped32.chunks(CHUNK) {
                                d.decode_bytes_to_string(black_box(c), &mut t, false).unwrap();
                            }
                            d.decode_bytes_to_string(&[], &mut t, true).unwrap();
                        }),
                    ),
                ],
                le32.len(),
            );
        }
        if "utf32_to_utf8".contains(filter.as_str()) {
            println!(" UTF-32 to UTF-8 into a buffer (GB/s of UTF-32 input)");
            race(
                vec![
                    (
                        "utf32_to_utf8(&[u32])",
                        Box::new(|| {
                            black_box(
                                rapidutf::utf32_to_utf8(black_box(&values), &mut out.borrow_mut())
                                    .unwrap(),
                            );
                        }),
                    ),
                    (
                        "utf32le_bytes_to_utf8, aligned",
                        Box::new(|| {
                            black_box(
                                rapidutf::utf32le_bytes_to_utf8(
                                    black_box(aligned32),
                                    &mut out.borrow_mut(),
                                )
                                .unwrap(),
                            );
                        }),
                    ),
                    (
                        "utf32le_bytes_to_utf8, odd address",
                        Box::new(|| {
                            black_box(
                                rapidutf::utf32le_bytes_to_utf8(
                                    black_box(odd32),
                                    &mut out.borrow_mut(),
                                )
                                .unwrap(),
                            );
                        }),
                    ),
                    (
                        "utf32be_bytes_to_utf8, aligned (swapped)",
                        Box::new(|| {
                            black_box(
                                rapidutf::utf32be_bytes_to_utf8(
                                    black_box(swapped32),
                                    &mut out.borrow_mut(),
                                )
                                .unwrap(),
                            );
                        }),
                    ),
                ],
                le32.len(),
            );
        }
    }
}
