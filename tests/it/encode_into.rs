//! `utf16_to_utf8_lossy_into` (native, LE, BE): the Encoding Standard's
//! `TextEncoder.encodeInto()`, for the free functions and every kernel.
//!
//! The oracle is the standard's algorithm, written out below from its
//! text: the code units become scalar values (`char::decode_utf16`; an
//! unpaired surrogate is U+FFFD), and each value's UTF-8 is written while
//! the destination has room for all of it; `read` grows by 2 for a value
//! above U+FFFF, else by 1. Bytes of the destination past `written` are
//! never changed (the standard writes nothing else). CPython runs the same
//! algorithm on its own decoder (`tests/fixtures/runtimes_oracle.py`).
//! Inputs: lone surrogates and pairs at every offset across the kernels'
//! blocks, every destination size, the lipsum corpus, proptest.

use crate::common::{self, proptest_config, Order};
use proptest::prelude::*;

/// The standard's `encodeInto` on code unit values `units` with a
/// destination of `cap` bytes: `(read, written, bytes)`, and the number of
/// unpaired surrogates read (the `_report` forms' count).
fn encode_into(units: &[u16], cap: usize) -> (usize, usize, Vec<u8>, usize) {
    let (mut read, mut out, mut replaced) = (0, Vec::new(), 0);
    for item in char::decode_utf16(units.iter().copied()) {
        let c = item.clone().unwrap_or(char::REPLACEMENT_CHARACTER);
        let mut buf = [0; 4];
        let bytes = c.encode_utf8(&mut buf).as_bytes();
        if cap - out.len() < bytes.len() {
            break;
        }
        read += if u32::from(c) > 0xFFFF { 2 } else { 1 };
        replaced += usize::from(item.is_err());
        out.extend_from_slice(bytes);
    }
    (read, out.len(), out, replaced)
}

/// One function: `(read, written)`, and the replacements counted where
/// the function is a `_report` form.
type EncodeInto = Box<dyn Fn(&[u16], &mut [u8]) -> (usize, usize, Option<usize>)>;

/// A `_report` form.
type Report = fn(&[u16], &mut [u8]) -> rapidutf::Lossy<(usize, usize)>;

/// Every function of byte order `order`: the free one and every kernel's.
fn fns(order: Order) -> Vec<(String, EncodeInto)> {
    let free: fn(&[u16], &mut [u8]) -> (usize, usize) = match order {
        Order::Native => rapidutf::utf16_to_utf8_lossy_into,
        Order::Le => rapidutf::utf16le_to_utf8_lossy_into,
        Order::Be => rapidutf::utf16be_to_utf8_lossy_into,
    };
    let report: Report = match order {
        Order::Native => rapidutf::utf16_to_utf8_lossy_into_report,
        Order::Le => rapidutf::utf16le_to_utf8_lossy_into_report,
        Order::Be => rapidutf::utf16be_to_utf8_lossy_into_report,
    };
    let mut v: Vec<(String, EncodeInto)> = vec![
        (format!("free fn {order:?}"), Box::new(move |s, d| plain(free(s, d)))),
        (
            format!("free fn {order:?} _report"),
            Box::new(move |s, d| {
                let r = report(s, d);
                (r.output.0, r.output.1, Some(r.replaced))
            }),
        ),
    ];
    // A child of `under_every_available_kernel` checks the free functions
    // under the kernel it names; the parent checks every kernel's methods.
    let kernels =
        if std::env::var_os("RAPIDUTF_KERNEL").is_some() { Vec::new() } else { common::kernels() };
    for k in kernels {
        let f: EncodeInto = match order {
            Order::Native => Box::new(move |s, d| plain(k.utf16_to_utf8_lossy_into(s, d))),
            Order::Le => Box::new(move |s, d| plain(k.utf16le_to_utf8_lossy_into(s, d))),
            Order::Be => Box::new(move |s, d| plain(k.utf16be_to_utf8_lossy_into(s, d))),
        };
        v.push((format!("{k} {order:?}"), f));
    }
    v
}

/// A plain form's result, as an [`EncodeInto`] returns it.
fn plain((read, written): (usize, usize)) -> (usize, usize, Option<usize>) {
    (read, written, None)
}

const CANARY: u8 = 0xA5;

/// Checks every function of every byte order on `units` (values) with a
/// destination of `cap` bytes, in a larger buffer: `dst[..written]` is the
/// oracle's output, and nothing else changed.
fn check(all: &[(Order, Vec<(String, EncodeInto)>)], units: &[u16], cap: usize) {
    let (read, written, bytes, replaced) = encode_into(units, cap);
    for (order, fns) in all {
        let src = order.encode(units);
        for (name, f) in fns {
            let mut buf = vec![CANARY; cap + common::GUARD];
            let (r, w, counted) = f(&src, &mut buf[..cap]);
            assert_eq!((r, w), (read, written), "{name}, dst {cap}, src {units:04X?}");
            if let Some(n) = counted {
                assert_eq!(n, replaced, "{name} replacements, dst {cap}, src {units:04X?}");
            }
            assert_eq!(buf[..written], bytes[..], "{name}, dst {cap}, src {units:04X?}");
            let changed = buf[written..].iter().position(|&b| b != CANARY);
            assert_eq!(changed, None, "{name} changed dst past written ({written}), dst {cap}");
        }
    }
}

/// The functions of both byte orders (the native-endian ones are those of
/// one of them, checked on their own in [`native_endian`]).
fn all_fns() -> Vec<(Order, Vec<(String, EncodeInto)>)> {
    [Order::Le, Order::Be].into_iter().map(|o| (o, fns(o))).collect()
}

#[test]
fn native_endian() {
    let native = [(Order::Native, fns(Order::Native))];
    let text: Vec<u16> = "a😀é€ ".repeat(60).encode_utf16().collect();
    for at in (0..text.len()).step_by(17) {
        let src = [&text[..at], &[0xDBFF], &text[at..]].concat();
        for cap in [0, at, src.len(), 3 * src.len()] {
            check(&native, &src, cap);
        }
    }
}

/// The exact size and the size that always suffices.
fn roomy(units: &[u16]) -> [usize; 2] {
    [encode_into(units, usize::MAX).1, 3 * units.len()]
}

/// A lone surrogate, a pair, a pair cut in two and a reversed pair at every
/// offset of multilingual text longer than several blocks, with room for
/// everything.
#[test]
fn surrogates_at_every_offset() {
    let all = all_fns();
    let text: Vec<u16> = "encodeInto: Grüße, Привет, 你好 ".repeat(8).encode_utf16().collect();
    let inserts: [&[u16]; 6] =
        [&[0xD800], &[0xDFFF], &[0xD83D, 0xDE00], &[0xDE00, 0xD83D], &[0xD800, 0xD800], &[0x20AC]];
    for at in 0..=text.len() {
        for x in inserts {
            let src = [&text[..at], x, &text[at..]].concat();
            for cap in roomy(&src) {
                check(&all, &src, cap);
            }
        }
    }
}

/// Every destination size from 0 to past the exact one: the conversion
/// stops before the first character that does not fit, a pair or U+FFFD
/// included, and leaves the rest of the destination as it was.
#[test]
fn every_destination_size() {
    let all = all_fns();
    let mut texts: Vec<Vec<u16>> =
        common::sweep_texts().iter().map(|s| s.encode_utf16().collect()).collect();
    let mut broken: Vec<u16> = "ab😀€".repeat(40).encode_utf16().collect();
    for i in (5..broken.len()).step_by(23) {
        broken[i] = 0xDC00 | i as u16;
    }
    texts.push(broken);
    texts.push("a".repeat(300).encode_utf16().collect());
    texts.push(vec![0xD800; 70]);
    for src in &texts {
        let need = encode_into(src, usize::MAX).1;
        for cap in 0..=need + 4 {
            check(&all, src, cap);
        }
    }
}

#[test]
fn lipsum() {
    let all = all_fns();
    for lang in common::LANGUAGES {
        let text = String::from_utf8(common::lipsum_file(lang, "utf8")).unwrap();
        let mut src: Vec<u16> = text.encode_utf16().collect();
        // Room for everything, and room that runs out halfway.
        for cap in [3 * src.len(), src.len() / 2 + 1] {
            check(&all, &src, cap);
        }
        // Lone surrogates every few hundred units, exact room.
        for i in (100..src.len()).step_by(331) {
            src[i] = 0xD800 + (i as u16 & 0x7FF);
        }
        check(&all, &src, encode_into(&src, usize::MAX).1);
    }
}

/// CPython's decoder (UTF-16 with `surrogatepass`, which pairs what pairs
/// and keeps lone surrogates) under the same algorithm agrees with the
/// functions, on inputs of every kind and sizes.
#[test]
#[cfg_attr(target_os = "wasi", ignore = "runs python3, and wasm32-wasip1 has no processes")]
fn matches_cpython() {
    let mut cases: Vec<(Vec<u16>, usize)> = Vec::new();
    let pieces: [&[u16]; 8] = [
        &[0x61],
        &[0xE9],
        &[0x20AC],
        &[0xD83D, 0xDE00],
        &[0xD800],
        &[0xDC00],
        &[0xFFFD],
        &[0x7FF, 0x800],
    ];
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..2000 {
        let mut v = Vec::new();
        for _ in 0..(seed % 60) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            v.extend_from_slice(pieces[(seed % pieces.len() as u64) as usize]);
        }
        let cap = (seed >> 20) as usize % (3 * v.len() + 2);
        cases.push((v, cap));
    }
    let request: String = cases
        .iter()
        .map(|(v, cap)| {
            let bytes: Vec<u8> = v.iter().flat_map(|u| u.to_le_bytes()).collect();
            format!("{} {cap}\n", common::hex(&bytes))
        })
        .collect();
    let answers = common::python_oracle("encode_into", &request);
    for ((units, cap), answer) in cases.iter().zip(answers) {
        let mut w = answer.split(' ');
        let read: usize = w.next().unwrap().parse().unwrap();
        let written: usize = w.next().unwrap().parse().unwrap();
        let bytes = w.next().unwrap_or("");
        let mut dst = vec![0u8; *cap];
        let got = rapidutf::utf16_to_utf8_lossy_into(units, &mut dst);
        assert_eq!(got, (read, written), "{units:04X?}, dst {cap}");
        assert_eq!(common::hex(&dst[..written]), bytes, "{units:04X?}, dst {cap}");
        let (r, w, oracle, _) = encode_into(units, *cap);
        assert_eq!((r, w, oracle), (read, written, dst[..written].to_vec()));
    }
}

/// The free functions dispatch: re-run this module under every other
/// available kernel.
#[test]
fn under_every_available_kernel() {
    common::rerun_under_every_kernel_skipping(
        "encode_into::",
        &[
            "encode_into::under_every_available_kernel",
            "encode_into::surrogates_at_every_offset",
            "encode_into::every_destination_size",
        ],
    );
}

proptest! {
    #![proptest_config(proptest_config(500))]

    #[test]
    fn any_units_any_size(units in common::arb_utf16_input(), cap in 0usize..1200) {
        let all = all_fns();
        check(&all, &units, cap);
        check(&all, &units, 3 * units.len());
    }
}
