//! Shared by the test modules: the whole-API checks per source form. The
//! oracle, the kernel list every kernel-level test iterates over and
//! re-running this binary under every kernel are `rapidutf_testkit`'s.
#![allow(dead_code)]

pub use rapidutf_testkit::*;

use rapidutf::Kernel;
#[cfg(feature = "transcode")]
use rapidutf::Utf32Error;
use rapidutf::{Utf16Error, Utf8Error};

/// A validation result with the `&str` replaced by its length, for
/// comparing and printing. (A `&str` that a buggy kernel wrongly accepted
/// is not UTF-8, and formatting it in a failure message would panic inside
/// the panic and abort the whole test binary without a useful message.)
pub fn utf8_res(r: Result<&str, Utf8Error>) -> Result<usize, Utf8Exp> {
    r.map(str::len).map_err(|e| e.key())
}

/// The error of a validation that must fail (see [`utf8_res`] for why not
/// `unwrap_err`).
pub fn utf8_err(r: Result<&str, Utf8Error>) -> Utf8Error {
    match r {
        Ok(s) => panic!("accepted an invalid input of {} bytes", s.len()),
        Err(e) => e,
    }
}

/// Checks `validate_utf8`/`is_valid_utf8` (free functions and every kernel
/// in `ks`) against core on `bytes`.
pub fn check_utf8(ks: &[Kernel], bytes: &[u8]) {
    let expected = utf8_oracle(bytes).map(str::len);
    let check = |who: &str, got: Result<&str, Utf8Error>, valid: bool| {
        if let Ok(s) = got {
            assert!(
                s.as_ptr() == bytes.as_ptr() && s.len() == bytes.len(),
                "{who}: Ok must borrow the whole input"
            );
        }
        assert_eq!(utf8_res(got), expected, "{who} on {bytes:02X?}");
        assert_eq!(valid, expected.is_ok(), "{who}: is_valid_utf8 on {bytes:02X?}");
    };
    check("free fns", rapidutf::validate_utf8(bytes), rapidutf::is_valid_utf8(bytes));
    for &k in ks {
        check(k.name(), k.validate_utf8(bytes), k.is_valid_utf8(bytes));
    }
}

// --------------------- whole-API checks per source form --------------------

/// A UTF-16-source function of each byte order.
pub struct Utf16Fns {
    pub name: &'static str,
    #[cfg(feature = "transcode")]
    pub to_utf8: Transcoder<u16, u8, Utf16Error>,
    #[cfg(feature = "transcode")]
    pub to_utf32: Transcoder<u16, u32, Utf16Error>,
    pub validate: fn(&[u16]) -> Result<(), Utf16Error>,
    #[cfg(all(feature = "alloc", feature = "transcode"))]
    pub to_string: fn(&[u16]) -> Result<String, Utf16Error>,
    #[cfg(all(feature = "alloc", feature = "transcode"))]
    pub lossy: fn(&[u16]) -> String,
    #[cfg(feature = "transcode")]
    pub utf8_len: fn(&[u16]) -> usize,
}

/// The UTF-16-source functions for `order`.
pub fn utf16_fns(order: Order) -> Utf16Fns {
    match order {
        Order::Native => Utf16Fns {
            name: "utf16",
            #[cfg(feature = "transcode")]
            to_utf8: rapidutf::utf16_to_utf8,
            #[cfg(feature = "transcode")]
            to_utf32: rapidutf::utf16_to_utf32,
            validate: rapidutf::validate_utf16,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            to_string: rapidutf::utf16_to_string,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            lossy: rapidutf::utf16_to_string_lossy,
            #[cfg(feature = "transcode")]
            utf8_len: rapidutf::utf8_len_from_utf16,
        },
        Order::Le => Utf16Fns {
            name: "utf16le",
            #[cfg(feature = "transcode")]
            to_utf8: rapidutf::utf16le_to_utf8,
            #[cfg(feature = "transcode")]
            to_utf32: rapidutf::utf16le_to_utf32,
            validate: rapidutf::validate_utf16le,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            to_string: rapidutf::utf16le_to_string,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            lossy: rapidutf::utf16le_to_string_lossy,
            #[cfg(feature = "transcode")]
            utf8_len: rapidutf::utf8_len_from_utf16le,
        },
        Order::Be => Utf16Fns {
            name: "utf16be",
            #[cfg(feature = "transcode")]
            to_utf8: rapidutf::utf16be_to_utf8,
            #[cfg(feature = "transcode")]
            to_utf32: rapidutf::utf16be_to_utf32,
            validate: rapidutf::validate_utf16be,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            to_string: rapidutf::utf16be_to_string,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            lossy: rapidutf::utf16be_to_string_lossy,
            #[cfg(feature = "transcode")]
            utf8_len: rapidutf::utf8_len_from_utf16be,
        },
    }
}

/// The UTF-8-to-UTF-16 transcoder for `order`.
#[cfg(feature = "transcode")]
pub fn utf8_to_utf16_fn(order: Order) -> Transcoder<u8, u16, Utf8Error> {
    match order {
        Order::Native => rapidutf::utf8_to_utf16,
        Order::Le => rapidutf::utf8_to_utf16le,
        Order::Be => rapidutf::utf8_to_utf16be,
    }
}

/// The UTF-32-to-UTF-16 transcoder for `order`.
#[cfg(feature = "transcode")]
pub fn utf32_to_utf16_fn(order: Order) -> Transcoder<u32, u16, Utf32Error> {
    match order {
        Order::Native => rapidutf::utf32_to_utf16,
        Order::Le => rapidutf::utf32_to_utf16le,
        Order::Be => rapidutf::utf32_to_utf16be,
    }
}

/// Every UTF-8-source transcoder and `_vec` function on `bytes`, against
/// std, with the buffer size that always suffices, the exact size, and
/// `extra_dst` (any size) if given.
#[cfg(feature = "transcode")]
pub fn check_utf8_source(bytes: &[u8], extra_dst: Option<usize>) {
    let dec = dec_utf8(bytes);
    for order in Order::ALL {
        let enc = enc_utf16(order);
        let f = utf8_to_utf16_fn(order);
        let name = format!("utf8_to_utf16 ({order:?})");
        check_transcoder(&name, f, bytes, &dec, &enc, bytes.len());
        check_transcoder(&name, f, bytes, &dec, &enc, needed(&dec, &enc));
        if let Some(n) = extra_dst {
            check_transcoder(&name, f, bytes, &dec, &enc, n);
        }
    }
    let f: Transcoder<u8, u32, Utf8Error> = rapidutf::utf8_to_utf32;
    check_transcoder("utf8_to_utf32", f, bytes, &dec, &enc_utf32, bytes.len());
    check_transcoder("utf8_to_utf32", f, bytes, &dec, &enc_utf32, dec.chars.len());
    if let Some(n) = extra_dst {
        check_transcoder("utf8_to_utf32", f, bytes, &dec, &enc_utf32, n);
    }
    #[cfg(feature = "alloc")]
    {
        let (want16, want32) = match (&dec.err, core::str::from_utf8(bytes)) {
            (None, Ok(s)) => {
                (Ok(s.encode_utf16().collect()), Ok(s.chars().map(u32::from).collect()))
            }
            (Some(e), Err(_)) => (Err(*e), Err(*e)),
            _ => unreachable!(),
        };
        let got16 = rapidutf::utf8_to_utf16_vec(bytes).map_err(|e| e.key());
        assert_eq!(got16, want16, "{bytes:02X?}");
        let got32 = rapidutf::utf8_to_utf32_vec(bytes).map_err(|e| e.key());
        assert_eq!(got32, want32, "{bytes:02X?}");
    }
}

/// Every UTF-16-source function (native, LE, BE) on `values` (UTF-16 code
/// unit values, stored in each byte order in turn), against std.
pub fn check_utf16_source(values: &[u16], extra_dst: Option<usize>) {
    #[cfg(not(feature = "transcode"))]
    let _ = extra_dst;
    #[cfg(all(feature = "alloc", feature = "transcode"))]
    let std_lossy = String::from_utf16_lossy(values);
    #[cfg(all(feature = "alloc", feature = "transcode"))]
    let std_string = String::from_utf16(values);
    for order in Order::ALL {
        // Followed in memory by low surrogates, which must not be read.
        let buf = padded(&order.encode(values), order.store(0xDC00));
        let src = &buf[..values.len()];
        let dec = dec_utf16(src, order);
        let fns = utf16_fns(order);
        #[cfg(feature = "transcode")]
        {
            let n8 = needed(&dec, &enc_utf8);
            for n in [3 * src.len(), n8].into_iter().chain(extra_dst) {
                check_transcoder(fns.name, fns.to_utf8, src, &dec, &enc_utf8, n);
            }
            for n in [src.len(), dec.chars.len()].into_iter().chain(extra_dst) {
                check_transcoder(fns.name, fns.to_utf32, src, &dec, &enc_utf32, n);
            }
        }
        let want = match &dec.err {
            None => Ok(()),
            Some(e) => Err(*e),
        };
        assert_eq!((fns.validate)(src).map_err(|e| e.key()), want, "{} {values:X?}", fns.name);
        #[cfg(all(feature = "alloc", feature = "transcode"))]
        {
            let got = (fns.to_string)(src);
            match (&std_string, &dec.err) {
                (Ok(s), None) => assert_eq!(got.as_ref(), Ok(s), "{} {values:X?}", fns.name),
                (Err(_), Some(e)) => {
                    assert_eq!(got.map_err(|e| e.key()), Err(*e), "{} {values:X?}", fns.name)
                }
                _ => unreachable!("std disagrees with itself"),
            }
            assert_eq!((fns.lossy)(src), std_lossy, "{} lossy {values:X?}", fns.name);
        }
    }
}

/// Every UTF-32-source function on `values`, against std.
pub fn check_utf32_source(values: &[u32], extra_dst: Option<usize>) {
    let dec = dec_utf32(values);
    #[cfg(feature = "transcode")]
    {
        let f: Transcoder<u32, u8, Utf32Error> = rapidutf::utf32_to_utf8;
        for n in [4 * values.len(), needed(&dec, &enc_utf8)].into_iter().chain(extra_dst) {
            check_transcoder("utf32_to_utf8", f, values, &dec, &enc_utf8, n);
        }
        for order in Order::ALL {
            let enc = enc_utf16(order);
            let f = utf32_to_utf16_fn(order);
            let name = format!("utf32_to_utf16 ({order:?})");
            for n in [2 * values.len(), needed(&dec, &enc)].into_iter().chain(extra_dst) {
                check_transcoder(&name, f, values, &dec, &enc, n);
            }
        }
    }
    #[cfg(not(feature = "transcode"))]
    let _ = extra_dst;
    let want = match &dec.err {
        None => Ok(()),
        Some(e) => Err(*e),
    };
    assert_eq!(rapidutf::validate_utf32(values).map_err(|e| e.key()), want, "{values:X?}");
    #[cfg(all(feature = "alloc", feature = "transcode"))]
    {
        let want_string = match &dec.err {
            None => Ok(dec.chars.iter().map(|&(c, _)| c).collect::<String>()),
            Some(e) => Err(*e),
        };
        assert_eq!(rapidutf::utf32_to_string(values).map_err(|e| e.key()), want_string);
    }
}

// ------------------------------------------------------------ dst sweeps

/// The texts every transcoder is swept over (every output size):
/// multilingual text with 4-byte characters, ASCII runs longer than one
/// 16-unit fast-path block, and the empty string.
pub fn sweep_texts() -> Vec<String> {
    let fox = "The quick brown fox jumps over the lazy dog; ";
    vec![
        "aé€😀b𝄞ü中\u{10FFFF}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}z".to_string(),
        format!("{fox}{fox}😀 {}é", "x".repeat(40)),
        "😀".repeat(18),
        "x".repeat(17),
        "x".repeat(16),
        format!("{}é{}𝄞", "y".repeat(33), "z".repeat(31)),
        "é€".repeat(20) + &"a".repeat(20) + "😀",
        String::new(),
    ]
}

/// Positions at which to insert an invalid unit: start, middle, end, and
/// just after a 16-unit block.
pub fn sweep_positions(len: usize) -> Vec<usize> {
    let mut p = vec![0, len / 2, len];
    if len > 17 {
        p.push(17);
    }
    p
}

// -------------------------------------------------------------- corpus

/// One text of the corpus (`rapidutf_testkit::corpus`: the generated
/// texts, and the real ones where the shared corpus is present) in every
/// form. The generated Emoji text starts with U+FEFF as content, as the
/// lipsum file it was measured on does, so that the conversions are
/// checked on a U+FEFF that is not a byte order mark.
pub struct Text {
    pub lang: &'static str,
    pub utf8: Vec<u8>,
    /// UTF-16 values.
    pub utf16: Vec<u16>,
    /// The UTF-16LE bytes' units as stored in memory.
    pub utf16le_mem: Vec<u16>,
    pub utf32: Vec<u32>,
}

/// The corpus, every text in every form.
pub fn corpus() -> Vec<Text> {
    let texts = rapidutf_testkit::corpus::texts();
    assert!(texts.len() >= rapidutf_testkit::LANGUAGES.len());
    texts
        .into_iter()
        .map(|t| {
            let text = match (t.name, t.source) {
                ("Emoji", corpus::Source::Generated) => format!("\u{FEFF}{}", t.text),
                _ => t.text,
            };
            let utf16: Vec<u16> = text.encode_utf16().collect();
            let utf16le_mem = utf16.iter().map(|u| u16::from_ne_bytes(u.to_le_bytes())).collect();
            let utf32 = text.chars().map(u32::from).collect();
            Text { lang: t.name, utf8: text.into_bytes(), utf16, utf16le_mem, utf32 }
        })
        .collect()
}

/// Inputs shared by the drop-in, many-strings, grid and stream tests.
pub mod cases {
    use proptest::prelude::*;

    pub const TEXT: &str = "Grüße, Jürgen! Привет, мир. 你好，世界。こんにちは 😀🎉 \
                    مرحبا بالعالم שלום עולם 𝄞 नमस्ते a\u{10FFFF}z\u{FFFD}\u{7FF}\u{800}.";

    /// Invalid sequences of every kind (and two subparts in a row).
    pub const BAD: &[&[u8]] = &[
        b"\xC0",
        b"\xFF",
        b"\x80",
        b"\xE0\x80\x80",
        b"\xF0\x8F\xBF\xBF",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xE2\x82A",
        b"\xF0\x9F\x98A",
        b"\xE1\xA0\xC0",
    ];

    /// The text, empty input, the text with each bad sequence at a few
    /// character boundaries, and the text with a truncated character at the
    /// end.
    pub fn utf8_cases() -> Vec<Vec<u8>> {
        let text = TEXT.as_bytes();
        let mut cases = vec![text.to_vec(), Vec::new(), text.repeat(3)];
        for b in BAD {
            for at in [0, 7, 40, 90, text.len()] {
                let at = (at..=text.len()).find(|&i| TEXT.is_char_boundary(i)).unwrap();
                cases.push([&text[..at], b, &text[at..]].concat());
            }
        }
        for tail in [&b"\xF0\x9F\x98"[..], b"\xE2\x82", b"\xC3", b"\xF0"] {
            cases.push([text, tail].concat());
        }
        cases.push(b"\xE1\xA0".to_vec());
        cases.push(b"\x80\x80\x80\xBF\xC2".repeat(20));
        cases
    }

    /// Bytes that are mostly UTF-8 (ASCII, multi-byte characters, long runs
    /// to reach the SIMD kernels) with invalid bytes mixed in.
    pub fn mostly_utf8() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            4 => "[a-z ]{1,80}".prop_map(String::into_bytes),
            3 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
            1 => proptest::sample::select(BAD).prop_map(<[u8]>::to_vec),
            1 => any::<u8>().prop_map(|b| vec![b]),
        ];
        proptest::collection::vec(piece, 0..40).prop_map(|v| v.concat())
    }

    /// `ours` has core's `valid_up_to` and `error_len`.
    pub fn same_error(ours: &rapidutf::Utf8Error, core: &std::str::Utf8Error) -> bool {
        ours.valid_up_to() == core.valid_up_to() && ours.error_len() == core.error_len()
    }
}

// --------------------------------------------------------------- CPython

/// Runs `tests/fixtures/runtimes_oracle.py MODE` with `input` (one request
/// per line) on stdin and returns its answers, one per line.
pub fn python_oracle(mode: &str, input: &str) -> Vec<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/runtimes_oracle.py");
    let mut child = Command::new("python3")
        .args([script, mode])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 is the oracle of this test (CI installs it)");
    let mut stdin = child.stdin.take().expect("stdin");
    let owned = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(owned.as_bytes()));
    let out = child.wait_with_output().expect("python3 output");
    writer.join().expect("writer").expect("write to python3");
    assert!(out.status.success(), "python3 {mode} failed");
    let lines: Vec<String> =
        String::from_utf8(out.stdout).expect("UTF-8").lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), input.lines().count(), "one answer per request");
    lines
}

/// Lowercase hex of `bytes`, as the oracle scripts read and write it.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
