//! The `str_chars` target: the conversions of input that is valid by its
//! type, `str_to_*` from a `&str` and `chars_to_*` from a `&[char]`, with
//! every available kernel (`Kernel::str_to_utf16le`, ...) and the free
//! functions, into output buffers of the edge sizes and one the fuzzer
//! picks (with guard zones around them), and their appending and
//! allocating forms; against std's encoders.
//!
//! Input: one byte of flags (bits 0-1: the text as it is, or runs of its
//! characters to at least 1 KiB, or to at least [`LONG`](crate::LONG)
//! bytes), two bytes of `dst` size pick, then the text (lossily decoded,
//! so that every input is a `&str`).

use crate::{long_text, seed, Input, LONG};
use rapidutf::{Kernel, TranscodeError};
use rapidutf_testkit::boundary::{mismatch, outcome_of, with_dst, Conversion};
use rapidutf_testkit::{enc_utf16, enc_utf32, enc_utf8, Decoded, Order};
use std::convert::Infallible;

type Result0 = Result<usize, TranscodeError<Infallible>>;
type StrFn<D> = fn(Kernel, &str, &mut [D]) -> Result0;
type CharsFn<D> = fn(Kernel, &[char], &mut [D]) -> Result0;

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let pick = usize::from(input.u16());
    let text = String::from_utf8_lossy(input.rest()).into_owned();
    // Runs of the text's characters: whole windows of one script, then
    // another (where a kernel changes path), in a medium or a long input.
    let s = match flags & 3 {
        1 => long_text(&text, seed(data), 1024),
        2 => long_text(&text, seed(data), LONG),
        _ => text,
    };
    let long = s.len() >= LONG;
    str_entries(&s, pick, long);
    let chars: Vec<char> = s.chars().collect();
    chars_entries(&chars, pick, long);
}

/// Output sizes: the exact size, the size that always suffices and the
/// fuzzer's pick; on short inputs also none and one unit short.
fn sizes(exact: usize, bound: usize, pick: usize, long: bool) -> Vec<usize> {
    let mut v = vec![exact, bound, pick % (bound + 2)];
    if !long {
        v.push(0);
        v.extend(exact.checked_sub(1));
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// Runs `f` into each size against `want` (every kernel's and the free
/// function's result, output and guard zones).
fn run<D: Copy + PartialEq + std::fmt::Debug>(
    who: &dyn std::fmt::Display,
    want: &Conversion<Infallible, D>,
    sizes: &[usize],
    fill: D,
    f: &dyn Fn(&mut [D]) -> Result0,
) {
    for &cap in sizes {
        let (r, dst) = with_dst(cap, cap % 7, fill, f);
        let (got, expected) = (outcome_of(r, &dst), want.outcome(cap));
        assert!(got == expected, "{who}, dst of {cap}: {}", mismatch(&got, &expected));
    }
}

fn str_entries(s: &str, pick: usize, long: bool) {
    let dec =
        Decoded::<Infallible> { chars: s.chars().map(|c| (c, c.len_utf8())).collect(), err: None };
    let forms: [(Order, StrFn<u16>, fn(&str, &mut [u16]) -> Result0); 3] = [
        (Order::Native, Kernel::str_to_utf16, rapidutf::str_to_utf16),
        (Order::Le, Kernel::str_to_utf16le, rapidutf::str_to_utf16le),
        (Order::Be, Kernel::str_to_utf16be, rapidutf::str_to_utf16be),
    ];
    for (order, per_kernel, free) in forms {
        let want = Conversion::new(&dec, enc_utf16(order));
        let sizes = sizes(want.out.len(), s.len(), pick, long);
        run(&format_args!("str_to_utf16 ({order:?})"), &want, &sizes, 0xA5A5, &|d| free(s, d));
        for k in Kernel::available() {
            let f = |d: &mut [u16]| per_kernel(k, s, d);
            run(&format_args!("{k}: str_to_utf16 ({order:?})"), &want, &sizes, 0xA5A5, &f);
        }
        let mut v = vec![7u16];
        assert_eq!(appender16(order)(s, &mut v), want.out.len());
        assert!(v[0] == 7 && v[1..] == want.out[..], "str_to_utf16_append ({order:?})");
        assert!(vec16(order)(s) == want.out, "str_to_utf16_vec ({order:?})");
    }
    let want = Conversion::new(&dec, enc_utf32);
    let sizes = sizes(want.out.len(), s.len(), pick, long);
    let fill = 0xDEAD_BEEF;
    run(&"str_to_utf32", &want, &sizes, fill, &|d| rapidutf::str_to_utf32(s, d));
    for k in Kernel::available() {
        run(&format_args!("{k}: str_to_utf32"), &want, &sizes, fill, &|d| k.str_to_utf32(s, d));
    }
    let mut v = vec![7u32];
    assert_eq!(rapidutf::str_to_utf32_append(s, &mut v), want.out.len());
    assert!(v[0] == 7 && v[1..] == want.out[..], "str_to_utf32_append");
    assert!(rapidutf::str_to_utf32_vec(s) == want.out, "str_to_utf32_vec");
    assert_eq!(rapidutf::utf32_len_from_utf8(s.as_bytes()), want.out.len(), "utf32_len_from_utf8");
}

fn appender16(order: Order) -> fn(&str, &mut Vec<u16>) -> usize {
    match order {
        Order::Native => rapidutf::str_to_utf16_append,
        Order::Le => rapidutf::str_to_utf16le_append,
        Order::Be => rapidutf::str_to_utf16be_append,
    }
}

fn vec16(order: Order) -> fn(&str) -> Vec<u16> {
    match order {
        Order::Native => rapidutf::str_to_utf16_vec,
        Order::Le => rapidutf::str_to_utf16le_vec,
        Order::Be => rapidutf::str_to_utf16be_vec,
    }
}

fn chars_entries(chars: &[char], pick: usize, long: bool) {
    let dec = Decoded::<Infallible> { chars: chars.iter().map(|&c| (c, 1)).collect(), err: None };
    let n = chars.len();
    let forms: [(Order, CharsFn<u16>, fn(&[char], &mut [u16]) -> Result0); 3] = [
        (Order::Native, Kernel::chars_to_utf16, rapidutf::chars_to_utf16),
        (Order::Le, Kernel::chars_to_utf16le, rapidutf::chars_to_utf16le),
        (Order::Be, Kernel::chars_to_utf16be, rapidutf::chars_to_utf16be),
    ];
    for (order, per_kernel, free) in forms {
        let want = Conversion::new(&dec, enc_utf16(order));
        let sizes = sizes(want.out.len(), 2 * n, pick, long);
        let fill = 0xA5A5;
        run(&format_args!("chars_to_utf16 ({order:?})"), &want, &sizes, fill, &|d| free(chars, d));
        for k in Kernel::available() {
            let f = |d: &mut [u16]| per_kernel(k, chars, d);
            run(&format_args!("{k}: chars_to_utf16 ({order:?})"), &want, &sizes, fill, &f);
        }
        let (append, to_vec): (fn(&[char], &mut Vec<u16>) -> usize, fn(&[char]) -> Vec<u16>) =
            match order {
                Order::Native => (rapidutf::chars_to_utf16_append, rapidutf::chars_to_utf16_vec),
                Order::Le => (rapidutf::chars_to_utf16le_append, rapidutf::chars_to_utf16le_vec),
                Order::Be => (rapidutf::chars_to_utf16be_append, rapidutf::chars_to_utf16be_vec),
            };
        let mut v = vec![7u16];
        assert_eq!(append(chars, &mut v), want.out.len());
        assert!(v[0] == 7 && v[1..] == want.out[..], "chars_to_utf16_append ({order:?})");
        assert!(to_vec(chars) == want.out, "chars_to_utf16_vec ({order:?})");
    }
    assert_eq!(rapidutf::utf16_len_from_chars(chars), chars.iter().map(|c| c.len_utf16()).sum());
    let want = Conversion::new(&dec, enc_utf8);
    let sizes = sizes(want.out.len(), 4 * n, pick, long);
    run(&"chars_to_utf8", &want, &sizes, 0xFF, &|d| rapidutf::chars_to_utf8(chars, d));
    for k in Kernel::available() {
        run(&format_args!("{k}: chars_to_utf8"), &want, &sizes, 0xFF, &|d| {
            k.chars_to_utf8(chars, d)
        });
    }
    let s: String = chars.iter().collect();
    assert!(s.as_bytes() == want.out, "std disagrees with itself");
    let mut out = String::from("é");
    assert_eq!(rapidutf::chars_to_utf8_append(chars, &mut out), s.len());
    assert!(out[..2] == *"é" && out[2..] == s, "chars_to_utf8_append");
    assert!(rapidutf::chars_to_string(chars) == s, "chars_to_string");
    assert_eq!(rapidutf::utf8_len_from_chars(chars), s.len(), "utf8_len_from_chars");
}
