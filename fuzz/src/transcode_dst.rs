//! The `transcode_dst` target: every transcoder, the free function and
//! every available kernel's method, with output buffers of fuzzer-chosen
//! and edge sizes, checked against std's decoding of the input
//! (`rapidutf_testkit::expect`): never a panic or a write before or past
//! `dst` (the guard zones of `rapidutf_testkit::boundary::with_dst`);
//! `Ok`, `OutputTooSmall` or `Invalid` exactly as predicted.

use crate::{as_u16s, as_u32s};
use rapidutf::{Kernel, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use rapidutf_testkit::boundary::{mismatch, outcome_of, with_dst};
use rapidutf_testkit::{
    dec_utf16, dec_utf32, dec_utf8, enc_utf16, enc_utf32, enc_utf8, expect, needed, Decoded, Key,
    Order, Transcoder,
};
use std::fmt::Debug;

/// A kernel's method of a transcoder.
type Method<S, D, E> = fn(Kernel, &[S], &mut [D]) -> Result<usize, TranscodeError<E>>;

/// Every transcoder, with `data[2..]` read as UTF-8, as UTF-16 (native, LE,
/// BE) and as UTF-32, and output buffers of the sizes of [`check_sizes`],
/// the fuzzer's pick taken from `data[..2]`.
pub fn check(data: &[u8]) {
    let (pick, src) = match data {
        [a, b, rest @ ..] => (usize::from(u16::from_le_bytes([*a, *b])), rest),
        _ => (0, data),
    };

    let d8 = dec_utf8(src);
    let n = src.len();
    let to16: [(&str, Transcoder<u8, u16, Utf8Error>, Method<u8, u16, Utf8Error>, Order); 3] = [
        ("utf8_to_utf16", rapidutf::utf8_to_utf16, Kernel::utf8_to_utf16, Order::Native),
        ("utf8_to_utf16le", rapidutf::utf8_to_utf16le, Kernel::utf8_to_utf16le, Order::Le),
        ("utf8_to_utf16be", rapidutf::utf8_to_utf16be, Kernel::utf8_to_utf16be, Order::Be),
    ];
    for (who, f, m, order) in to16 {
        check_sizes(who, (f, m), src, &d8, &enc_utf16(order), n, pick);
    }
    let f =
        (rapidutf::utf8_to_utf32 as Transcoder<_, _, _>, Kernel::utf8_to_utf32 as Method<_, _, _>);
    check_sizes("utf8_to_utf32", f, src, &d8, &enc_utf32, n, pick);

    let s16 = as_u16s(src);
    let n = s16.len();
    type From16<D> = (Transcoder<u16, D, Utf16Error>, Method<u16, D, Utf16Error>);
    let from16: [(&str, From16<u8>, &str, From16<u32>, Order); 3] = [
        (
            "utf16_to_utf8",
            (rapidutf::utf16_to_utf8, Kernel::utf16_to_utf8),
            "utf16_to_utf32",
            (rapidutf::utf16_to_utf32, Kernel::utf16_to_utf32),
            Order::Native,
        ),
        (
            "utf16le_to_utf8",
            (rapidutf::utf16le_to_utf8, Kernel::utf16le_to_utf8),
            "utf16le_to_utf32",
            (rapidutf::utf16le_to_utf32, Kernel::utf16le_to_utf32),
            Order::Le,
        ),
        (
            "utf16be_to_utf8",
            (rapidutf::utf16be_to_utf8, Kernel::utf16be_to_utf8),
            "utf16be_to_utf32",
            (rapidutf::utf16be_to_utf32, Kernel::utf16be_to_utf32),
            Order::Be,
        ),
    ];
    for (who8, f8, who32, f32, order) in from16 {
        let d16 = dec_utf16(&s16, order);
        check_sizes(who8, f8, &s16, &d16, &enc_utf8, 3 * n, pick);
        check_sizes(who32, f32, &s16, &d16, &enc_utf32, n, pick);
    }

    let s32 = as_u32s(src);
    let n = s32.len();
    let d32 = dec_utf32(&s32);
    let f =
        (rapidutf::utf32_to_utf8 as Transcoder<_, _, _>, Kernel::utf32_to_utf8 as Method<_, _, _>);
    check_sizes("utf32_to_utf8", f, &s32, &d32, &enc_utf8, 4 * n, pick);
    let to16: [(&str, Transcoder<u32, u16, Utf32Error>, Method<u32, u16, Utf32Error>, Order); 3] = [
        ("utf32_to_utf16", rapidutf::utf32_to_utf16, Kernel::utf32_to_utf16, Order::Native),
        ("utf32_to_utf16le", rapidutf::utf32_to_utf16le, Kernel::utf32_to_utf16le, Order::Le),
        ("utf32_to_utf16be", rapidutf::utf32_to_utf16be, Kernel::utf32_to_utf16be, Order::Be),
    ];
    for (who, f, m, order) in to16 {
        check_sizes(who, (f, m), &s32, &d32, &enc_utf16(order), 2 * n, pick);
    }
}

/// The free function `f.0` and every available kernel's method `f.1`, at
/// the sizes that matter: none, one short of the exact size, the exact
/// size, the documented always-sufficient `bound`, and one picked by the
/// fuzzer (`pick` modulo `bound + 2`); each `dst` at a different offset
/// from a 64-byte boundary, guarded on both sides.
fn check_sizes<S: Debug, D: Copy + Debug + PartialEq + Default + From<u8>, E: Key>(
    who: &str,
    f: (Transcoder<S, D, E>, Method<S, D, E>),
    src: &[S],
    decoded: &Decoded<E::K>,
    encode: &impl Fn(char, &mut Vec<D>),
    bound: usize,
    pick: usize,
) {
    let exact = needed(decoded, encode);
    assert!(exact <= bound, "{who}: the documented bound {bound} < exact size {exact}");
    let mut sizes = vec![0, exact, bound, pick % (bound + 2)];
    if exact > 0 {
        sizes.push(exact - 1);
    }
    sizes.sort_unstable();
    sizes.dedup();
    let fill = D::from(0xA5);
    for dst_len in sizes {
        let want = expect(decoded, encode, dst_len);
        let (r, dst) = with_dst(dst_len, dst_len % 13, fill, |d| f.0(src, d));
        let got = outcome_of(r, &dst);
        assert!(got == want, "{who}, dst of {dst_len}: {}", mismatch(&got, &want));
        for k in Kernel::available() {
            let (r, dst) = with_dst(dst_len, (dst_len + 5) % 13, fill, |d| f.1(k, src, d));
            let got = outcome_of(r, &dst);
            assert!(got == want, "{k}: {who}, dst of {dst_len}: {}", mismatch(&got, &want));
        }
    }
}
