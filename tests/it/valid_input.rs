//! The conversions of input that is valid by its type (`str_to_*` from a
//! `&str`, `chars_to_*` from a `&[char]`), every kernel and the free
//! functions, against std (`str::encode_utf16`, `str::chars`,
//! `char::encode_utf8`): random text over many 64-byte windows, the
//! corpus, every `dst` size with a guard zone behind it, and the
//! appending and allocating forms.

use crate::common;

use proptest::prelude::*;
use rapidutf::{Kernel, TranscodeError};
use std::convert::Infallible;

type Result16 = Result<usize, TranscodeError<Infallible>>;

/// The expected result of a conversion into `cap` output units, given each
/// character's input width and output units: the longest whole-character
/// prefix that fits, then `OutputTooSmall` if that is not everything.
fn expect<D: Copy>(chars: &[(usize, Vec<D>)], cap: usize) -> (Result16, Vec<D>) {
    let (mut read, mut out) = (0, Vec::new());
    for (w, enc) in chars {
        if out.len() + enc.len() > cap {
            let written = out.len();
            return (Err(TranscodeError::OutputTooSmall { read, written }), out);
        }
        out.extend_from_slice(enc);
        read += w;
    }
    (Ok(out.len()), out)
}

/// Runs `f` into a buffer of `cap` units, with a guard zone behind it that
/// must stay untouched, and compares the result and the output with
/// `want`.
fn check_into<D: Copy + PartialEq + std::fmt::Debug>(
    what: &str,
    cap: usize,
    want: &(Result16, Vec<D>),
    guard: D,
    f: impl FnOnce(&mut [D]) -> Result16,
) {
    let mut buf = vec![guard; cap + 64];
    let r = f(&mut buf[..cap]);
    assert_eq!(r, want.0, "{what}: dst of {cap}");
    let n = r.unwrap_or_else(|e| e.written());
    assert_eq!(buf[..n], want.1[..], "{what}: dst of {cap}: output");
    assert!(buf[cap..].iter().all(|&x| x == guard), "{what}: dst of {cap}: wrote past dst");
}

/// The per-character encodings of `s` for each output form, with the
/// character's input width in `str` bytes and in chars.
struct Forms {
    le: Vec<(usize, Vec<u16>)>,
    be: Vec<(usize, Vec<u16>)>,
    utf32: Vec<(usize, Vec<u32>)>,
    c_utf8: Vec<(usize, Vec<u8>)>,
    c_le: Vec<(usize, Vec<u16>)>,
    c_be: Vec<(usize, Vec<u16>)>,
}

fn forms(s: &str) -> Forms {
    let utf16 = |c: char| {
        let mut b = [0; 2];
        c.encode_utf16(&mut b).to_vec()
    };
    let each = |f: &dyn Fn(char) -> Vec<u16>, by_bytes: bool| {
        s.chars().map(|c| (if by_bytes { c.len_utf8() } else { 1 }, f(c))).collect()
    };
    let le = |c| utf16(c).into_iter().map(u16::to_le).collect();
    let be = |c| utf16(c).into_iter().map(u16::to_be).collect();
    Forms {
        le: each(&le, true),
        be: each(&be, true),
        utf32: s.chars().map(|c| (c.len_utf8(), vec![u32::from(c)])).collect(),
        c_utf8: s.chars().map(|c| (1, c.to_string().into_bytes())).collect(),
        c_le: each(&le, false),
        c_be: each(&be, false),
    }
}

fn total<D>(v: &[(usize, Vec<D>)]) -> usize {
    v.iter().map(|c| c.1.len()).sum()
}

/// Every conversion of `s` (and of its chars) with kernel `k`, into each
/// output size of `caps(needed)`.
fn check(k: Kernel, s: &str, caps: &dyn Fn(usize) -> Vec<usize>) {
    let chars: Vec<char> = s.chars().collect();
    let f = forms(s);
    let n = k.name();
    for cap in caps(total(&f.le)) {
        let want = expect(&f.le, cap);
        check_into(&format!("{n} str_to_utf16le"), cap, &want, 0xA5A5, |d| k.str_to_utf16le(s, d));
        if cfg!(target_endian = "little") {
            check_into(&format!("{n} str_to_utf16"), cap, &want, 0xA5A5, |d| k.str_to_utf16(s, d));
        }
        let want = expect(&f.be, cap);
        check_into(&format!("{n} str_to_utf16be"), cap, &want, 0xA5A5, |d| k.str_to_utf16be(s, d));
    }
    for cap in caps(total(&f.utf32)) {
        let want = expect(&f.utf32, cap);
        check_into(&format!("{n} str_to_utf32"), cap, &want, 0xA5A5_A5A5, |d| k.str_to_utf32(s, d));
    }
    for cap in caps(total(&f.c_utf8)) {
        let want = expect(&f.c_utf8, cap);
        check_into(&format!("{n} chars_to_utf8"), cap, &want, 0xA5, |d| k.chars_to_utf8(&chars, d));
    }
    for cap in caps(total(&f.c_le)) {
        let want = expect(&f.c_le, cap);
        check_into(&format!("{n} chars_to_utf16le"), cap, &want, 0xA5A5, |d| {
            k.chars_to_utf16le(&chars, d)
        });
        if cfg!(target_endian = "little") {
            check_into(&format!("{n} chars_to_utf16"), cap, &want, 0xA5A5, |d| {
                k.chars_to_utf16(&chars, d)
            });
        }
        let want = expect(&f.c_be, cap);
        check_into(&format!("{n} chars_to_utf16be"), cap, &want, 0xA5A5, |d| {
            k.chars_to_utf16be(&chars, d)
        });
    }
}

/// The free functions (dispatch, with its short-input path) and the
/// appending and allocating forms, against std.
fn check_free(s: &str) {
    let chars: Vec<char> = s.chars().collect();
    let utf16: Vec<u16> = s.encode_utf16().collect();
    let le: Vec<u16> = utf16.iter().map(|u| u.to_le()).collect();
    let be: Vec<u16> = utf16.iter().map(|u| u.to_be()).collect();
    let utf32: Vec<u32> = chars.iter().map(|&c| u32::from(c)).collect();

    let mut d16 = vec![0u16; s.len()];
    let n = rapidutf::str_to_utf16(s, &mut d16).unwrap();
    assert_eq!(d16[..n], utf16[..]);
    let n = rapidutf::str_to_utf16le(s, &mut d16).unwrap();
    assert_eq!(d16[..n], le[..]);
    let n = rapidutf::str_to_utf16be(s, &mut d16).unwrap();
    assert_eq!(d16[..n], be[..]);
    let mut d32 = vec![0u32; s.len()];
    let n = rapidutf::str_to_utf32(s, &mut d32).unwrap();
    assert_eq!(d32[..n], utf32[..]);
    let mut d8 = vec![0u8; 4 * chars.len()];
    let n = rapidutf::chars_to_utf8(&chars, &mut d8).unwrap();
    assert_eq!(&d8[..n], s.as_bytes());
    let mut d16 = vec![0u16; 2 * chars.len()];
    let n = rapidutf::chars_to_utf16(&chars, &mut d16).unwrap();
    assert_eq!(d16[..n], utf16[..]);
    let n = rapidutf::chars_to_utf16le(&chars, &mut d16).unwrap();
    assert_eq!(d16[..n], le[..]);
    let n = rapidutf::chars_to_utf16be(&chars, &mut d16).unwrap();
    assert_eq!(d16[..n], be[..]);

    assert_eq!(rapidutf::utf8_len_from_chars(&chars), s.len());
    assert_eq!(rapidutf::utf16_len_from_chars(&chars), utf16.len());

    #[cfg(feature = "alloc")]
    {
        assert_eq!(rapidutf::str_to_utf16_vec(s), utf16);
        assert_eq!(rapidutf::str_to_utf16le_vec(s), le);
        assert_eq!(rapidutf::str_to_utf16be_vec(s), be);
        assert_eq!(rapidutf::str_to_utf32_vec(s), utf32);
        assert_eq!(rapidutf::chars_to_string(&chars), s);
        assert_eq!(rapidutf::chars_to_utf16_vec(&chars), utf16);
        assert_eq!(rapidutf::chars_to_utf16le_vec(&chars), le);
        assert_eq!(rapidutf::chars_to_utf16be_vec(&chars), be);
        // Appending keeps what was there, and counts what it added.
        let mut v = vec![7u16];
        assert_eq!(rapidutf::str_to_utf16_append(s, &mut v), utf16.len());
        assert_eq!((v[0], &v[1..]), (7, &utf16[..]));
        let mut v = vec![7u32];
        assert_eq!(rapidutf::str_to_utf32_append(s, &mut v), utf32.len());
        assert_eq!((v[0], &v[1..]), (7, &utf32[..]));
        let mut out = String::from("x");
        assert_eq!(rapidutf::chars_to_utf8_append(&chars, &mut out), s.len());
        assert_eq!((&out[..1], &out[1..]), ("x", s));
        let mut v = vec![7u16];
        assert_eq!(rapidutf::chars_to_utf16be_append(&chars, &mut v), utf16.len());
        assert_eq!((v[0], &v[1..]), (7, &be[..]));
    }
}

/// Output sizes around the needed size, and a few small ones.
fn some_caps(needed: usize) -> Vec<usize> {
    let mut caps = vec![0, 1, 2, 3, 5, 17, 64, needed, needed + 1, needed + 64];
    caps.extend(needed.checked_sub(1));
    caps.extend(needed.checked_sub(3));
    caps.extend(needed.checked_sub(70));
    caps.retain(|&c| c <= needed + 64);
    caps
}

/// Valid text of a random mix of 1- to 4-byte characters, with runs of one
/// width so that whole windows of each kind occur.
fn text() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        3 => proptest::char::range('\0', '\x7F'),
        2 => proptest::char::range('\u{80}', '\u{7FF}'),
        2 => proptest::char::range('\u{800}', '\u{FFFF}'),
        2 => proptest::char::range('\u{10000}', '\u{10FFFF}'),
    ];
    let run = prop_oneof![
        proptest::collection::vec(ch, 0..40).prop_map(String::from_iter),
        "[a-z ]{0,150}",
        "[α-ω]{0,80}",
        "[一-龥]{0,60}",
        "[😀-🙏]{0,50}",
    ];
    proptest::collection::vec(run, 0..10).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(common::proptest_config(128))]

    #[test]
    fn random_text_matches_std(s in text()) {
        for k in common::kernels() {
            check(k, &s, &some_caps);
        }
        check_free(&s);
    }
}

#[test]
fn every_output_size() {
    // Every window kind (ASCII, 2- and 3-byte, emoji, mixed) across the
    // 64-byte windows and the 16-byte steps, each cut at every size.
    let s = format!(
        "{}{}{}{}{}",
        "plain ascii text, ".repeat(5),
        "кириллица ".repeat(7),
        "日本語のテキスト".repeat(4),
        "😀🙏🚀".repeat(6),
        "aé€😀".repeat(9)
    );
    for k in common::kernels() {
        check(k, &s, &|needed| (0..=needed + 2).collect());
    }
    check_free(&s);
}

#[test]
fn three_byte_runs_at_every_phase() {
    // Windows of 3-byte characters start at any of the three phases of the
    // run, and the character that ends first in a window may have any
    // width: a 4-byte character's last three bytes end where a 3-byte
    // character would.
    // The prefix puts `first` at every offset of the first two windows,
    // after ASCII or after 3-byte characters.
    let prefixes = (0..140).map(|n| "x".repeat(n)).chain((0..48).map(|n| "中".repeat(n) + "y"));
    for prefix in prefixes {
        for (first, last) in [("a", ""), ("é", "b"), ("€", "ß"), ("😀", "€"), ("😀", "🙏")]
        {
            let s = format!("{prefix}{first}{}{last}", "中文字".repeat(30));
            for k in common::kernels() {
                check(k, &s, &|needed| vec![needed, needed - 1]);
            }
        }
    }
}

#[test]
fn short_inputs() {
    // Below and around the dispatch's short-input threshold.
    for len in 0..80 {
        for unit in ["a", "é", "€", "😀"] {
            let s: String = unit.repeat(len);
            for k in common::kernels() {
                check(k, &s, &some_caps);
            }
            check_free(&s);
        }
    }
}

#[test]
fn corpus() {
    for (lang, bytes) in common::lipsum("utf8") {
        let s = std::str::from_utf8(&bytes).unwrap();
        assert!(!s.is_empty(), "{lang}");
        for k in common::kernels() {
            check(k, s, &|needed| vec![needed, needed - 1]);
        }
        check_free(s);
    }
}

#[test]
fn four_byte_character_after_a_window_of_three_byte_characters() {
    // A run of 3-byte characters whose window ends partway into a 4-byte
    // character: the window's end bits cannot tell its lead from a 3-byte
    // lead, and the window after it must not take the 4-byte character
    // for a BMP one. The 4-byte lead falls at every offset of the first
    // three windows, after runs of every phase.
    let repro = "中".repeat(21) + "\u{1D800}" + &"中".repeat(100);
    let want: Vec<u16> = repro.encode_utf16().collect();
    for k in common::kernels() {
        let mut d = vec![0u16; want.len()];
        assert_eq!(k.str_to_utf16(&repro, &mut d), Ok(want.len()), "{}", k.name());
        assert_eq!(d, want, "{}", k.name());
    }
    for lead in ["", "a", "ab"] {
        for n in 0..64 {
            for four in ["\u{1D800}", "😀", "\u{10FFFF}", "\u{10000}"] {
                let s = format!("{lead}{}{four}{}", "中".repeat(n), "中文字".repeat(40));
                for k in common::kernels() {
                    check(k, &s, &|needed| vec![needed]);
                }
                check_free(&s);
            }
        }
    }
}

mod window_boundaries {
    //! Every character length at every offset of a 128-byte span after
    //! every script (`rapidutf_testkit::boundary`, its valid cases): every
    //! kernel's and the free functions' `str_to_*` on the UTF-8 cases and
    //! `chars_to_*` on the UTF-32 cases, at the case's output alignment,
    //! into a `dst` of the size that always suffices, of the exact size,
    //! and one unit short of the probe's output; against std's encoders.
    use crate::common::boundary::{check_into, level, utf32_cases, utf8_cases, Conversion, Placed};
    use crate::common::{enc_utf16, enc_utf32, enc_utf8, kernels, Decoded, Order};
    use rapidutf::{Kernel, TranscodeError};
    use std::convert::Infallible;

    type Conv<S, D> = fn(Kernel, &S, &mut [D]) -> Result<usize, TranscodeError<Infallible>>;
    type Free<S, D> = fn(&S, &mut [D]) -> Result<usize, TranscodeError<Infallible>>;

    /// The `str` and `chars` conversions to UTF-16 of one byte order.
    struct ToUtf16 {
        str_kernel: Conv<str, u16>,
        str_free: Free<str, u16>,
        chars_kernel: Conv<[char], u16>,
        chars_free: Free<[char], u16>,
    }

    fn to_utf16(order: Order) -> ToUtf16 {
        match order {
            Order::Native => ToUtf16 {
                str_kernel: Kernel::str_to_utf16,
                str_free: rapidutf::str_to_utf16,
                chars_kernel: Kernel::chars_to_utf16,
                chars_free: rapidutf::chars_to_utf16,
            },
            Order::Le => ToUtf16 {
                str_kernel: Kernel::str_to_utf16le,
                str_free: rapidutf::str_to_utf16le,
                chars_kernel: Kernel::chars_to_utf16le,
                chars_free: rapidutf::chars_to_utf16le,
            },
            Order::Be => ToUtf16 {
                str_kernel: Kernel::str_to_utf16be,
                str_free: rapidutf::str_to_utf16be,
                chars_kernel: Kernel::chars_to_utf16be,
                chars_free: rapidutf::chars_to_utf16be,
            },
        }
    }

    #[test]
    fn str_every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        for case in utf8_cases(level()) {
            let placed = case.placed();
            let Ok(s) = std::str::from_utf8(placed.get()) else { continue };
            let dec = Decoded::<Infallible> {
                chars: s.chars().map(|c| (c, c.len_utf8())).collect(),
                err: None,
            };
            for order in case.pick(&Order::ALL) {
                let want = Conversion::new(&dec, enc_utf16(order));
                let ToUtf16 { str_kernel: per_kernel, str_free: free, .. } = to_utf16(order);
                for (i, cap) in case.sizes(&want, s.len()).into_iter().enumerate() {
                    if i == 0 {
                        let who = || format!("str_to_utf16 ({order:?})");
                        check_into(&case, who, &want, cap, 0xA5A5, |d| free(s, d));
                    }
                    for &k in &ks {
                        let who = || format!("{k}: str_to_utf16 ({order:?})");
                        check_into(&case, who, &want, cap, 0xA5A5, |d| per_kernel(k, s, d));
                    }
                }
            }
            let want = Conversion::new(&dec, enc_utf32);
            for (i, cap) in case.sizes(&want, s.len()).into_iter().enumerate() {
                let fill = 0xDEAD_BEEF;
                if i == 0 {
                    let who = || "str_to_utf32".to_string();
                    check_into(&case, who, &want, cap, fill, |d| rapidutf::str_to_utf32(s, d));
                }
                for &k in &ks {
                    let who = || format!("{k}: str_to_utf32");
                    check_into(&case, who, &want, cap, fill, |d| k.str_to_utf32(s, d));
                }
            }
        }
    }

    #[test]
    fn chars_every_probe_at_every_offset_every_kernel() {
        let ks = kernels();
        for case in utf32_cases(level()) {
            let Some(chars) =
                case.input.iter().map(|&v| char::from_u32(v)).collect::<Option<Vec<char>>>()
            else {
                continue;
            };
            // At the case's input alignment (a `char` is a `u32`).
            let placed = Placed::new(&chars, case.src_shift());
            let src = placed.get();
            let dec =
                Decoded::<Infallible> { chars: chars.iter().map(|&c| (c, 1)).collect(), err: None };
            for order in case.pick(&Order::ALL) {
                let want = Conversion::new(&dec, enc_utf16(order));
                let ToUtf16 { chars_kernel: per_kernel, chars_free: free, .. } = to_utf16(order);
                for (i, cap) in case.sizes(&want, 2 * src.len()).into_iter().enumerate() {
                    if i == 0 {
                        let who = || format!("chars_to_utf16 ({order:?})");
                        check_into(&case, who, &want, cap, 0xA5A5, |d| free(src, d));
                    }
                    for &k in &ks {
                        let who = || format!("{k}: chars_to_utf16 ({order:?})");
                        check_into(&case, who, &want, cap, 0xA5A5, |d| per_kernel(k, src, d));
                    }
                }
            }
            let want = Conversion::new(&dec, enc_utf8);
            for (i, cap) in case.sizes(&want, 4 * src.len()).into_iter().enumerate() {
                if i == 0 {
                    let who = || "chars_to_utf8".to_string();
                    check_into(&case, who, &want, cap, 0xFF, |d| rapidutf::chars_to_utf8(src, d));
                }
                for &k in &ks {
                    let who = || format!("{k}: chars_to_utf8");
                    check_into(&case, who, &want, cap, 0xFF, |d| k.chars_to_utf8(src, d));
                }
            }
        }
    }
}
