//! The `long` target: inputs of at least [`LONG`](crate::LONG) units built
//! from runs of the fuzzer's text (so whole vectors and windows of one
//! script follow each other, the script changes between runs, and the
//! AVX-512 kernels' 512-bit loops, which start at 8 KiB, run many times),
//! through every available kernel: UTF-8, UTF-16 (LE, BE) and UTF-32
//! validation, transcoding between them into `dst` of the exact size and
//! of the size that always suffices, the counts, lossy UTF-8, Latin-1 and
//! Windows-1252 decoding; against std and the testkit's oracle.
//!
//! Input: one byte of flags (bit 0: the UTF-16 and UTF-32 forms get an
//! invalid unit, a lone surrogate or a value above U+10FFFF, at a place
//! drawn from the input), then the text: its bytes as UTF-8, Latin-1 and
//! Windows-1252, its lossy decoding (with the invalid unit) as UTF-16 and
//! UTF-32.

use crate::{long, seed, Input, LONG};
use rapidutf::{Kernel, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use rapidutf_testkit::boundary::{mismatch, outcome_of, with_dst, Conversion};
use rapidutf_testkit::{
    dec_utf16, dec_utf32, dec_utf8, def_count_chars, def_utf16_len_from_utf32,
    def_utf16_len_from_utf8, def_utf32_len_from_utf16, def_utf8_len_from_utf16,
    def_utf8_len_from_utf32, enc_utf16, enc_utf32, enc_utf8, utf8_oracle, windows1252_table,
    Decoded, Key, Order,
};
use std::convert::Infallible;

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let rest = input.rest();
    if rest.is_empty() {
        return;
    }
    let s = seed(data);
    let bytes = long(rest, s, LONG);
    utf8(&bytes);
    legacy(&bytes);

    let text = String::from_utf8_lossy(&bytes);
    let mut units: Vec<u16> = text.encode_utf16().collect();
    let mut values: Vec<u32> = text.chars().map(u32::from).collect();
    if flags & 1 == 1 {
        let at = (s >> 8) as usize;
        let n = units.len();
        units[at % n] = [0xD800, 0xDC00, 0xDBFF][at % 3];
        let n = values.len();
        values[at % n] = [0xD800, 0x110000, u32::MAX][at % 3];
    }
    utf16(&units);
    utf32(&values);
}

/// Runs `f` (every kernel's, through `per_kernel`) into `dst` of `sizes`
/// against `want`.
fn each<S: ?Sized, D: Copy + PartialEq + std::fmt::Debug, E: Key>(
    what: &str,
    src: &S,
    want: &Conversion<E::K, D>,
    sizes: &[usize],
    fill: D,
    per_kernel: fn(Kernel, &S, &mut [D]) -> Result<usize, TranscodeError<E>>,
) {
    for k in Kernel::available() {
        for &cap in sizes {
            let (r, dst) = with_dst(cap, cap % 5, fill, |d| per_kernel(k, src, d));
            let (got, expected) = (outcome_of(r, &dst), want.outcome(cap));
            assert!(got == expected, "{k}: {what}, dst of {cap}: {}", mismatch(&got, &expected));
        }
    }
}

fn utf8(b: &[u8]) {
    let want = utf8_oracle(b).map(str::len);
    let (chars, units) = (def_count_chars(b), def_utf16_len_from_utf8(b));
    let lossy = String::from_utf8_lossy(b);
    for k in Kernel::available() {
        assert_eq!(
            k.validate_utf8(b).map(str::len).map_err(|e| e.key()),
            want,
            "{k}: validate_utf8"
        );
        assert_eq!(k.is_valid_utf8(b), want.is_ok(), "{k}: is_valid_utf8");
        assert_eq!(k.is_ascii(b), b.is_ascii(), "{k}: is_ascii");
        assert_eq!(k.count_chars(b), chars, "{k}: count_chars");
        assert_eq!(k.utf16_len_from_utf8(b), units, "{k}: utf16_len_from_utf8");
        assert!(k.utf8_to_string_lossy(b) == lossy, "{k}: utf8_to_string_lossy");
    }
    let dec = dec_utf8(b);
    type To16 = fn(Kernel, &[u8], &mut [u16]) -> Result<usize, TranscodeError<Utf8Error>>;
    let forms: [(Order, To16); 2] =
        [(Order::Le, Kernel::utf8_to_utf16le), (Order::Be, Kernel::utf8_to_utf16be)];
    for (order, f) in forms {
        let want = Conversion::new(&dec, enc_utf16(order));
        each(
            &format!("utf8_to_utf16 ({order:?})"),
            b,
            &want,
            &[want.out.len(), b.len()],
            0xA5A5,
            f,
        );
    }
    let want = Conversion::new(&dec, enc_utf32);
    each("utf8_to_utf32", b, &want, &[want.out.len(), b.len()], 0xDEAD_BEEF, Kernel::utf8_to_utf32);
    if let Ok(s) = core::str::from_utf8(b) {
        let valid = Decoded::<Infallible> { chars: dec.chars.clone(), err: None };
        let want = Conversion::new(&valid, enc_utf16(Order::Le));
        each("str_to_utf16le", s, &want, &[want.out.len()], 0xA5A5, Kernel::str_to_utf16le);
        let want = Conversion::new(&valid, enc_utf32);
        each("str_to_utf32", s, &want, &[want.out.len()], 0xDEAD_BEEF, Kernel::str_to_utf32);
    }
}

fn legacy(b: &[u8]) {
    let latin1 =
        Decoded::<Infallible> { chars: b.iter().map(|&x| (char::from(x), 1)).collect(), err: None };
    let table = windows1252_table();
    let cp1252 = Decoded::<Infallible> {
        chars: b.iter().map(|&x| (table[usize::from(x)], 1)).collect(),
        err: None,
    };
    let want = Conversion::new(&latin1, enc_utf8);
    for k in Kernel::available() {
        assert_eq!(k.utf8_len_from_latin1(b), want.out.len(), "{k}: utf8_len_from_latin1");
    }
    each("latin1_to_utf8", b, &want, &[want.out.len()], 0xFF, Kernel::latin1_to_utf8);
    let want = Conversion::new(&latin1, enc_utf16(Order::Be));
    each("latin1_to_utf16be", b, &want, &[b.len()], 0xA5A5, Kernel::latin1_to_utf16be);
    let want = Conversion::new(&cp1252, enc_utf8);
    each("windows1252_to_utf8", b, &want, &[want.out.len()], 0xFF, Kernel::windows1252_to_utf8);
    let want = Conversion::new(&cp1252, enc_utf32);
    each("windows1252_to_utf32", b, &want, &[b.len()], 0xDEAD_BEEF, Kernel::windows1252_to_utf32);
}

fn utf16(values: &[u16]) {
    let (len8, len32) = (def_utf8_len_from_utf16(values), def_utf32_len_from_utf16(values));
    type V16 = fn(Kernel, &[u16]) -> Result<(), Utf16Error>;
    type L16 = fn(Kernel, &[u16]) -> usize;
    type T16<D> = fn(Kernel, &[u16], &mut [D]) -> Result<usize, TranscodeError<Utf16Error>>;
    let forms: [(Order, V16, L16, L16, T16<u8>, T16<u32>); 2] = [
        (
            Order::Le,
            Kernel::validate_utf16le,
            Kernel::utf8_len_from_utf16le,
            Kernel::utf32_len_from_utf16le,
            Kernel::utf16le_to_utf8,
            Kernel::utf16le_to_utf32,
        ),
        (
            Order::Be,
            Kernel::validate_utf16be,
            Kernel::utf8_len_from_utf16be,
            Kernel::utf32_len_from_utf16be,
            Kernel::utf16be_to_utf8,
            Kernel::utf16be_to_utf32,
        ),
    ];
    for (order, validate, utf8_len, utf32_len, to8, to32) in forms {
        let src = order.encode(values);
        let dec = dec_utf16(&src, order);
        let want = dec.err.map_or(Ok(()), Err);
        for k in Kernel::available() {
            assert_eq!(
                validate(k, &src).map_err(|e| e.key()),
                want,
                "{k}: validate_utf16 ({order:?})"
            );
            assert_eq!(utf8_len(k, &src), len8, "{k}: utf8_len_from_utf16 ({order:?})");
            assert_eq!(utf32_len(k, &src), len32, "{k}: utf32_len_from_utf16 ({order:?})");
        }
        let want = Conversion::new(&dec, enc_utf8);
        each(
            &format!("utf16_to_utf8 ({order:?})"),
            &src[..],
            &want,
            &[want.out.len(), 3 * src.len()],
            0xFF,
            to8,
        );
        let want = Conversion::new(&dec, enc_utf32);
        each(
            &format!("utf16_to_utf32 ({order:?})"),
            &src[..],
            &want,
            &[want.out.len()],
            0xDEAD_BEEF,
            to32,
        );
    }
}

fn utf32(values: &[u32]) {
    let dec = dec_utf32(values);
    let want = dec.err.map_or(Ok(()), Err);
    let (len8, len16) = (def_utf8_len_from_utf32(values), def_utf16_len_from_utf32(values));
    for k in Kernel::available() {
        assert_eq!(k.validate_utf32(values).map_err(|e| e.key()), want, "{k}: validate_utf32");
        assert_eq!(k.utf8_len_from_utf32(values), len8, "{k}: utf8_len_from_utf32");
        assert_eq!(k.utf16_len_from_utf32(values), len16, "{k}: utf16_len_from_utf32");
    }
    let want = Conversion::new(&dec, enc_utf8);
    each(
        "utf32_to_utf8",
        values,
        &want,
        &[want.out.len(), 4 * values.len()],
        0xFF,
        Kernel::utf32_to_utf8,
    );
    type T32 = fn(Kernel, &[u32], &mut [u16]) -> Result<usize, TranscodeError<Utf32Error>>;
    let forms: [(Order, T32); 2] =
        [(Order::Le, Kernel::utf32_to_utf16le), (Order::Be, Kernel::utf32_to_utf16be)];
    for (order, f) in forms {
        let want = Conversion::new(&dec, enc_utf16(order));
        each(&format!("utf32_to_utf16 ({order:?})"), values, &want, &[want.out.len()], 0xA5A5, f);
    }
    if dec.err.is_none() {
        let chars: Vec<char> = dec.chars.iter().map(|&(c, _)| c).collect();
        let valid = Decoded::<Infallible> { chars: dec.chars.clone(), err: None };
        let want = Conversion::new(&valid, enc_utf8);
        each("chars_to_utf8", &chars[..], &want, &[want.out.len()], 0xFF, Kernel::chars_to_utf8);
        let want = Conversion::new(&valid, enc_utf16(Order::Be));
        each(
            "chars_to_utf16be",
            &chars[..],
            &want,
            &[want.out.len()],
            0xA5A5,
            Kernel::chars_to_utf16be,
        );
    }
}
