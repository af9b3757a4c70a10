//! The lipsum corpus (tests/data/lipsum, nine languages): every kernel
//! validates every UTF-8 file (and finds errors injected into it exactly as
//! core does); every UTF-8 file round-trips through UTF-16 and UTF-32
//! byte-identically; the UTF-16LE files (after their `FF FE` byte order
//! mark) and the UTF-32LE files convert to exactly the UTF-8 file's
//! content, through every byte-order variant; the counts agree.
//!
//! The Emoji UTF-8 file starts with U+FEFF (`EF BB BF`) as content; its
//! UTF-16 file starts with the `FF FE` mark *followed by* U+FEFF, and its
//! UTF-32 file starts with U+FEFF, so after stripping only the UTF-16 mark
//! all three hold the same characters.
mod common;

use common::{check_utf8, kernels, lipsum, Order};

struct Text {
    lang: &'static str,
    utf8: Vec<u8>,
    /// UTF-16 values (from the LE file).
    utf16: Vec<u16>,
    /// The UTF-16LE file's units as stored in memory.
    utf16le_mem: Vec<u16>,
    utf32: Vec<u32>,
}

fn corpus() -> Vec<Text> {
    let u8s = lipsum("utf8");
    let u16s = lipsum("utf16");
    let u32s = lipsum("utf32");
    assert_eq!(u8s.len(), 9);
    u8s.into_iter()
        .zip(u16s)
        .zip(u32s)
        .map(|(((lang, utf8), (l16, b16)), (l32, b32))| {
            assert_eq!((lang, lang), (l16, l32));
            assert_eq!(&b16[..2], b"\xFF\xFE", "{lang}: UTF-16 files start with a BOM");
            let b16 = &b16[2..];
            assert!(b16.len() % 2 == 0 && b32.len() % 4 == 0, "{lang}");
            let utf16 = b16.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
            let utf16le_mem =
                b16.chunks_exact(2).map(|c| u16::from_ne_bytes([c[0], c[1]])).collect();
            let utf32 =
                b32.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
            Text { lang, utf8, utf16, utf16le_mem, utf32 }
        })
        .collect()
}

#[test]
fn emoji_starts_with_feff_in_every_form() {
    let t = corpus().into_iter().find(|t| t.lang == "Emoji").unwrap();
    assert_eq!(&t.utf8[..3], "\u{FEFF}".as_bytes());
    assert_eq!(t.utf16[0], 0xFEFF);
    assert_eq!(t.utf32[0], 0xFEFF);
}

#[test]
fn every_kernel_validates_the_corpus() {
    let ks = kernels();
    for t in corpus() {
        let s = core::str::from_utf8(&t.utf8).expect("corpus is valid UTF-8");
        assert_eq!(common::utf8_res(rapidutf::validate_utf8(&t.utf8)), Ok(s.len()), "{}", t.lang);
        for &k in &ks {
            assert_eq!(common::utf8_res(k.validate_utf8(&t.utf8)), Ok(s.len()), "{k}: {}", t.lang);
            assert!(k.is_valid_utf8(&t.utf8), "{k}: {}", t.lang);
        }
        // Cut at arbitrary bytes (often mid-character): identical to core.
        let n = t.utf8.len();
        for i in (0..n).step_by(n / 7 + 1).chain([n - 1, n - 2, n - 3]) {
            check_utf8(&ks, &t.utf8[..i]);
            check_utf8(&ks, &t.utf8[i..]);
        }
        // One byte replaced at spread-out positions, deep inside a 4 KiB
        // window that starts on a character boundary: identical to core.
        for i in (3000..n - 1000).step_by(n / 23 + 1) {
            let start = (0..=i - 3000).rev().find(|&j| s.is_char_boundary(j)).unwrap();
            for bad in [0x80, 0xC0, 0xE0, 0xED, 0xF4, 0xFF, b'a'] {
                let mut v = t.utf8[start..i + 1000].to_vec();
                v[i - start] = bad;
                check_utf8(&ks, &v);
            }
        }
    }
}

#[test]
fn utf8_round_trips_through_utf16_and_utf32() {
    for t in corpus() {
        // Through caller buffers of the documented "always enough" sizes.
        let mut b16 = vec![0u16; t.utf8.len()];
        let n16 = rapidutf::utf8_to_utf16(&t.utf8, &mut b16).unwrap();
        let mut b8 = vec![0u8; 3 * n16];
        let n8 = rapidutf::utf16_to_utf8(&b16[..n16], &mut b8).unwrap();
        assert_eq!(&b8[..n8], &t.utf8[..], "{}", t.lang);
        let mut b32 = vec![0u32; t.utf8.len()];
        let n32 = rapidutf::utf8_to_utf32(&t.utf8, &mut b32).unwrap();
        let mut b8 = vec![0u8; 4 * n32];
        let n8 = rapidutf::utf32_to_utf8(&b32[..n32], &mut b8).unwrap();
        assert_eq!(&b8[..n8], &t.utf8[..], "{}", t.lang);
    }
}

#[test]
fn utf16_and_utf32_files_convert_to_the_utf8_file() {
    for t in corpus() {
        let lang = t.lang;
        // UTF-16LE as stored, through the LE functions.
        assert_eq!(rapidutf::validate_utf16le(&t.utf16le_mem), Ok(()), "{lang}");
        // Every byte order, from the values.
        for order in Order::ALL {
            let mem = order.encode(&t.utf16);
            let fns = common::utf16_fns(order);
            assert_eq!((fns.validate)(&mem), Ok(()), "{lang} {order:?}");
            let mut b8 = vec![0u8; (fns.utf8_len)(&mem)];
            assert_eq!(b8.len(), t.utf8.len(), "{lang} {order:?}");
            let n = (fns.to_utf8)(&mem, &mut b8).unwrap();
            assert_eq!(&b8[..n], &t.utf8[..], "{lang} {order:?}");
            let mut b32 = vec![0u32; mem.len()];
            let n = (fns.to_utf32)(&mem, &mut b32).unwrap();
            assert_eq!(&b32[..n], &t.utf32[..], "{lang} {order:?}");
            // And the reverse directions produce the file's units.
            let mut b16 = vec![0u16; t.utf8.len()];
            let n = common::utf8_to_utf16_fn(order)(&t.utf8, &mut b16).unwrap();
            assert_eq!(&b16[..n], &mem[..], "{lang} {order:?}");
            let n = common::utf32_to_utf16_fn(order)(&t.utf32, &mut b16).unwrap();
            assert_eq!(&b16[..n], &mem[..], "{lang} {order:?}");
        }
        if cfg!(target_endian = "little") {
            assert_eq!(t.utf16le_mem, t.utf16, "{lang}");
        }
        assert_eq!(rapidutf::validate_utf32(&t.utf32), Ok(()), "{lang}");
    }
}

#[test]
fn counts_agree_on_the_corpus() {
    for t in corpus() {
        let lang = t.lang;
        assert_eq!(rapidutf::count_chars(&t.utf8), t.utf32.len(), "{lang}");
        assert_eq!(rapidutf::utf16_len_from_utf8(&t.utf8), t.utf16.len(), "{lang}");
        assert_eq!(rapidutf::utf8_len_from_utf16(&t.utf16), t.utf8.len(), "{lang}");
        assert_eq!(rapidutf::utf8_len_from_utf16le(&t.utf16le_mem), t.utf8.len(), "{lang}");
        let be = Order::Be.encode(&t.utf16);
        assert_eq!(rapidutf::utf8_len_from_utf16be(&be), t.utf8.len(), "{lang}");
        assert_eq!(rapidutf::utf8_len_from_utf32(&t.utf32), t.utf8.len(), "{lang}");
        assert_eq!(rapidutf::utf16_len_from_utf32(&t.utf32), t.utf16.len(), "{lang}");
        assert_eq!(rapidutf::utf32_len_from_utf16(&t.utf16), t.utf32.len(), "{lang}");
        assert_eq!(rapidutf::is_ascii(&t.utf8), t.utf8.is_ascii(), "{lang}");
    }
}

/// The allocating functions on the corpus: `_vec`, `_string` and lossy.
#[cfg(feature = "alloc")]
#[test]
fn allocating_conversions_match_the_files() {
    for t in corpus() {
        let lang = t.lang;
        let u16s = rapidutf::utf8_to_utf16_vec(&t.utf8).unwrap();
        assert_eq!(u16s, t.utf16, "{lang}");
        assert_eq!(rapidutf::utf16_to_string(&u16s).unwrap().as_bytes(), t.utf8, "{lang}");
        let u32s = rapidutf::utf8_to_utf32_vec(&t.utf8).unwrap();
        assert_eq!(u32s, t.utf32, "{lang}");
        assert_eq!(rapidutf::utf32_to_string(&u32s).unwrap().as_bytes(), t.utf8, "{lang}");
        let le = rapidutf::utf16le_to_string(&t.utf16le_mem).unwrap();
        assert_eq!(le.as_bytes(), t.utf8, "{lang}");
        let be = rapidutf::utf16be_to_string(&Order::Be.encode(&t.utf16)).unwrap();
        assert_eq!(be.as_bytes(), t.utf8, "{lang}");
        for order in Order::ALL {
            let lossy = (common::utf16_fns(order).lossy)(&order.encode(&t.utf16));
            assert_eq!(lossy.as_bytes(), t.utf8, "{lang} {order:?}");
        }
        let lossy = rapidutf::utf8_to_string_lossy(&t.utf8);
        assert!(matches!(lossy, std::borrow::Cow::Borrowed(_)), "{lang}");
    }
}
