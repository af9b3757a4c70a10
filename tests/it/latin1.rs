//! Latin-1 (ISO-8859-1) to and from UTF-8, UTF-16 (native, LE, BE) and
//! UTF-32, for the free functions and every kernel: exhaustive over the
//! 256 bytes, errors at every offset across block boundaries, every `dst`
//! size from 0 to the required one, and proptest round trips.
//!
//! The oracle is std: a Latin-1 byte `b` is `b as char`, and a character
//! converts to Latin-1 exactly when it is at most U+00FF; input errors are
//! those of core (UTF-8), `char::decode_utf16` and `char::from_u32`, and
//! equal to the crate's own validators' errors.

use crate::common::{self, proptest_config, Order};
use proptest::prelude::*;
use rapidutf::Kernel;
use rapidutf::{Latin1Error, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
use std::convert::Infallible;

/// A result, in a form that can be built and compared: `Bad` is an input
/// error at `pos`, either `unrep` (a character above U+00FF) or `inner`
/// (the input's own error).
#[derive(Clone, Debug, PartialEq)]
enum Out<E> {
    Ok(usize),
    Small { read: usize, written: usize },
    Bad { pos: usize, unrep: Option<char>, inner: Option<E> },
}

fn from_key(r: Result<usize, TranscodeError<Infallible>>) -> Out<Infallible> {
    match r {
        Ok(n) => Out::Ok(n),
        Err(TranscodeError::OutputTooSmall { read, written }) => Out::Small { read, written },
        Err(TranscodeError::Invalid { error: e, .. }) => match e {},
        Err(_) => unreachable!("unknown TranscodeError variant"),
    }
}

fn to_key<E: Clone>(r: Result<usize, TranscodeError<Latin1Error<E>>>) -> Out<E> {
    match r {
        Ok(n) => Out::Ok(n),
        Err(TranscodeError::OutputTooSmall { read, written }) => Out::Small { read, written },
        Err(TranscodeError::Invalid { error: e, .. }) => {
            // The two accessors agree with the kind.
            match e.kind_ref() {
                Kind::Invalid => assert!(e.unrepresentable().is_none()),
                Kind::Unrepresentable => assert!(e.invalid().is_none()),
            }
            Out::Bad {
                pos: e.valid_up_to(),
                unrep: e.unrepresentable(),
                inner: e.invalid().cloned(),
            }
        }
        Err(_) => unreachable!("unknown TranscodeError variant"),
    }
}

enum Kind {
    Invalid,
    Unrepresentable,
}

trait KindRef {
    fn kind_ref(&self) -> Kind;
}

impl<E> KindRef for Latin1Error<E> {
    fn kind_ref(&self) -> Kind {
        if self.invalid().is_some() {
            Kind::Invalid
        } else {
            Kind::Unrepresentable
        }
    }
}

/// The expected conversion: each character's input position and output
/// units, then how it ends (`Out::Ok` or `Out::Bad`).
struct Plan<D, E> {
    chars: Vec<(usize, Vec<D>)>,
    end: Out<E>,
}

impl<D: Copy, E: Clone> Plan<D, E> {
    /// The output units of the whole conversion (up to the error).
    fn output(&self) -> Vec<D> {
        self.chars.iter().flat_map(|(_, u)| u.iter().copied()).collect()
    }

    /// The result with a `dst` of `cap` units, and the output that
    /// `dst[..]` must start with.
    fn expect(&self, cap: usize) -> (Out<E>, Vec<D>) {
        let mut out = Vec::new();
        for (pos, units) in &self.chars {
            if out.len() + units.len() > cap {
                return (Out::Small { read: *pos, written: out.len() }, out);
            }
            out.extend_from_slice(units);
        }
        (self.end.clone(), out)
    }
}

/// A converter under test, with a name for messages.
type Conv<'a, S, D, E> = (String, Box<dyn Fn(&[S], &mut [D]) -> Out<E> + 'a>);

/// Checks every converter on `src` against `plan` with `dst` sizes
/// `caps` (each in a larger buffer whose tail must stay untouched).
fn check<S, D, E>(src: &[S], plan: &Plan<D, E>, convs: &[Conv<'_, S, D, E>], caps: &[usize])
where
    S: std::fmt::Debug,
    D: Copy + PartialEq + std::fmt::Debug + From<u8>,
    E: Clone + PartialEq + std::fmt::Debug,
{
    const GUARD: usize = 40;
    let fill = D::from(0xA5);
    for (name, f) in convs {
        for &cap in caps {
            let mut buf = vec![fill; cap + GUARD];
            let got = f(src, &mut buf[..cap]);
            let (want, prefix) = plan.expect(cap);
            assert_eq!(got, want, "{name}, dst {cap}, src {src:X?}");
            assert!(buf[cap..].iter().all(|&u| u == fill), "{name}: wrote past dst ({cap})");
            assert_eq!(buf[..prefix.len()], prefix[..], "{name}, dst {cap}, src {src:X?}");
        }
    }
}

/// Which `dst` sizes to try.
#[derive(Clone, Copy, PartialEq)]
enum Caps {
    /// Every size from 0 to one past the exact one.
    All,
    /// The edges: 0, 1, half, just below and at the exact size.
    Edges,
    /// One too small and the size that always suffices.
    Few,
}

/// `dst` sizes for `need` output units.
fn caps(need: usize, src_len: usize, which: Caps) -> Vec<usize> {
    let mut c: Vec<usize> = match which {
        Caps::All => (0..=need + 1).collect(),
        Caps::Edges => {
            vec![0, 1, need / 2, need.saturating_sub(17), need.saturating_sub(1), need, need + 1]
        }
        Caps::Few => vec![need.saturating_sub(1)],
    };
    // The sizes that always suffice.
    c.push(2 * src_len);
    c.sort_unstable();
    c.dedup();
    c
}

// ------------------------------------------------------------- oracles

fn latin1_plan_utf8(src: &[u8]) -> Plan<u8, Infallible> {
    let chars: Vec<_> =
        src.iter().enumerate().map(|(i, &b)| (i, (b as char).to_string().into_bytes())).collect();
    let n = chars.iter().map(|(_, u)| u.len()).sum();
    Plan { chars, end: Out::Ok(n) }
}

fn latin1_plan_utf16(src: &[u8], order: Order) -> Plan<u16, Infallible> {
    let chars =
        src.iter().enumerate().map(|(i, &b)| (i, vec![order.store(u16::from(b))])).collect();
    Plan { chars, end: Out::Ok(src.len()) }
}

fn latin1_plan_utf32(src: &[u8]) -> Plan<u32, Infallible> {
    let chars = src.iter().enumerate().map(|(i, &b)| (i, vec![u32::from(b as char)])).collect();
    Plan { chars, end: Out::Ok(src.len()) }
}

/// The plan of a conversion to Latin-1 from decoded `(position, char)`s of
/// the valid prefix, then the input's error (if any) at `err_pos`.
fn to_latin1_plan<E>(chars: Vec<(usize, char)>, err: Option<(usize, E)>) -> Plan<u8, E> {
    let mut plan = Plan { chars: Vec::new(), end: Out::Ok(0) };
    for (pos, c) in chars {
        if u32::from(c) > 0xFF {
            plan.end = Out::Bad { pos, unrep: Some(c), inner: None };
            return plan;
        }
        plan.chars.push((pos, vec![c as u8]));
    }
    plan.end = match err {
        Some((pos, e)) => Out::Bad { pos, unrep: None, inner: Some(e) },
        None => Out::Ok(plan.chars.len()),
    };
    plan
}

fn utf8_plan(src: &[u8]) -> Plan<u8, Utf8Error> {
    let (valid, err) = match std::str::from_utf8(src) {
        Ok(s) => (s, None),
        Err(e) => {
            let ours = rapidutf::validate_utf8(src).unwrap_err();
            assert_eq!((ours.valid_up_to(), ours.error_len()), (e.valid_up_to(), e.error_len()));
            let valid = std::str::from_utf8(&src[..e.valid_up_to()]).unwrap();
            (valid, Some((e.valid_up_to(), ours)))
        }
    };
    to_latin1_plan(valid.char_indices().collect(), err)
}

/// `values` are UTF-16 values; `validate` checks the units in memory.
fn utf16_plan(values: &[u16], units: &[u16], order: Order) -> Plan<u8, Utf16Error> {
    let mut chars = Vec::new();
    let mut err = None;
    let mut pos = 0;
    for r in char::decode_utf16(values.iter().copied()) {
        match r {
            Ok(c) => {
                chars.push((pos, c));
                pos += c.len_utf16();
            }
            Err(_) => {
                let ours = common::utf16_fns(order).validate;
                let e = ours(units).unwrap_err();
                assert_eq!(e.valid_up_to(), pos);
                err = Some((pos, e));
                break;
            }
        }
    }
    to_latin1_plan(chars, err)
}

fn utf32_plan(values: &[u32]) -> Plan<u8, Utf32Error> {
    let mut chars = Vec::new();
    let mut err = None;
    for (pos, &v) in values.iter().enumerate() {
        match char::from_u32(v) {
            Some(c) => chars.push((pos, c)),
            None => {
                let e = rapidutf::validate_utf32(values).unwrap_err();
                assert_eq!(e.valid_up_to(), pos);
                err = Some((pos, e));
                break;
            }
        }
    }
    to_latin1_plan(chars, err)
}

// ----------------------------------------------------- the converters

/// The kernels whose methods are checked beside the free functions: all of
/// them, except in a child of [`under_every_available_kernel`], which is
/// there to check the free functions' dispatch to the kernel it names.
fn kernels() -> Vec<Kernel> {
    if std::env::var_os("RAPIDUTF_KERNEL").is_some() {
        Vec::new()
    } else {
        common::kernels()
    }
}

fn from_latin1_utf8<'a>() -> Vec<Conv<'a, u8, u8, Infallible>> {
    let mut v: Vec<Conv<'a, u8, u8, Infallible>> =
        vec![("latin1_to_utf8".into(), Box::new(|s, d| from_key(rapidutf::latin1_to_utf8(s, d))))];
    for k in kernels() {
        v.push((
            format!("{k}.latin1_to_utf8"),
            Box::new(move |s, d| from_key(k.latin1_to_utf8(s, d))),
        ));
    }
    v
}

fn from_latin1_utf16<'a>(order: Order) -> Vec<Conv<'a, u8, u16, Infallible>> {
    type F = fn(&[u8], &mut [u16]) -> Result<usize, TranscodeError<Infallible>>;
    let free: F = match order {
        Order::Native => rapidutf::latin1_to_utf16,
        Order::Le => rapidutf::latin1_to_utf16le,
        Order::Be => rapidutf::latin1_to_utf16be,
    };
    let mut v: Vec<Conv<'a, u8, u16, Infallible>> =
        vec![(format!("latin1_to_utf16 {order:?}"), Box::new(move |s, d| from_key(free(s, d))))];
    for k in kernels() {
        v.push((
            format!("{k}.latin1_to_utf16 {order:?}"),
            Box::new(move |s, d| {
                from_key(match order {
                    Order::Native => k.latin1_to_utf16(s, d),
                    Order::Le => k.latin1_to_utf16le(s, d),
                    Order::Be => k.latin1_to_utf16be(s, d),
                })
            }),
        ));
    }
    v
}

fn from_latin1_utf32<'a>() -> Vec<Conv<'a, u8, u32, Infallible>> {
    let mut v: Vec<Conv<'a, u8, u32, Infallible>> = vec![(
        "latin1_to_utf32".into(),
        Box::new(|s, d| from_key(rapidutf::latin1_to_utf32(s, d))),
    )];
    for k in kernels() {
        v.push((
            format!("{k}.latin1_to_utf32"),
            Box::new(move |s, d| from_key(k.latin1_to_utf32(s, d))),
        ));
    }
    v
}

fn to_latin1_utf8<'a>() -> Vec<Conv<'a, u8, u8, Utf8Error>> {
    let mut v: Vec<Conv<'a, u8, u8, Utf8Error>> =
        vec![("utf8_to_latin1".into(), Box::new(|s, d| to_key(rapidutf::utf8_to_latin1(s, d))))];
    for k in kernels() {
        v.push((
            format!("{k}.utf8_to_latin1"),
            Box::new(move |s, d| to_key(k.utf8_to_latin1(s, d))),
        ));
    }
    v
}

fn to_latin1_utf16<'a>(order: Order) -> Vec<Conv<'a, u16, u8, Utf16Error>> {
    type F = fn(&[u16], &mut [u8]) -> Result<usize, TranscodeError<Latin1Error<Utf16Error>>>;
    let free: F = match order {
        Order::Native => rapidutf::utf16_to_latin1,
        Order::Le => rapidutf::utf16le_to_latin1,
        Order::Be => rapidutf::utf16be_to_latin1,
    };
    let mut v: Vec<Conv<'a, u16, u8, Utf16Error>> =
        vec![(format!("utf16_to_latin1 {order:?}"), Box::new(move |s, d| to_key(free(s, d))))];
    for k in kernels() {
        v.push((
            format!("{k}.utf16_to_latin1 {order:?}"),
            Box::new(move |s, d| {
                to_key(match order {
                    Order::Native => k.utf16_to_latin1(s, d),
                    Order::Le => k.utf16le_to_latin1(s, d),
                    Order::Be => k.utf16be_to_latin1(s, d),
                })
            }),
        ));
    }
    v
}

fn to_latin1_utf32<'a>() -> Vec<Conv<'a, u32, u8, Utf32Error>> {
    let mut v: Vec<Conv<'a, u32, u8, Utf32Error>> =
        vec![("utf32_to_latin1".into(), Box::new(|s, d| to_key(rapidutf::utf32_to_latin1(s, d))))];
    for k in kernels() {
        v.push((
            format!("{k}.utf32_to_latin1"),
            Box::new(move |s, d| to_key(k.utf32_to_latin1(s, d))),
        ));
    }
    v
}

// ---------------------------------------------------- whole-API checks

/// Every conversion from Latin-1 `src`, with `dst` sizes from [`caps`].
fn check_latin1_source(src: &[u8], all_caps: Caps) {
    let plan = latin1_plan_utf8(src);
    let need = plan.output().len();
    assert_eq!(rapidutf::utf8_len_from_latin1(src), need);
    for k in kernels() {
        assert_eq!(k.utf8_len_from_latin1(src), need, "{k}");
    }
    check(src, &plan, &from_latin1_utf8(), &caps(need, src.len(), all_caps));
    let caps1 = caps(src.len(), src.len(), all_caps);
    for order in Order::ALL {
        check(src, &latin1_plan_utf16(src, order), &from_latin1_utf16(order), &caps1);
    }
    check(src, &latin1_plan_utf32(src), &from_latin1_utf32(), &caps1);
    assert_eq!(rapidutf::utf16_len_from_latin1(src), src.len());
    assert_eq!(rapidutf::utf32_len_from_latin1(src), src.len());
    let s: String = src.iter().map(|&b| b as char).collect();
    assert_eq!(rapidutf::latin1_to_string(src), s);
    assert_eq!(rapidutf::latin1_to_utf16_vec(src), s.encode_utf16().collect::<Vec<_>>());
    assert_eq!(rapidutf::latin1_to_utf32_vec(src), s.chars().map(u32::from).collect::<Vec<_>>());
}

/// Every conversion to Latin-1 from UTF-8 `src`.
fn check_utf8_source(src: &[u8], all_caps: Caps) {
    let plan = utf8_plan(src);
    let out = plan.output();
    check(src, &plan, &to_latin1_utf8(), &caps(out.len(), src.len(), all_caps));
    assert!(out.len() <= rapidutf::latin1_len_from_utf8(src));
    let vec = rapidutf::utf8_to_latin1_vec(src).map_err(|e| (e.valid_up_to(), e.unrepresentable()));
    match &plan.end {
        Out::Ok(_) => {
            assert_eq!(vec, Ok(out.clone()));
            assert_eq!(rapidutf::latin1_len_from_utf8(src), out.len());
        }
        Out::Bad { pos, unrep, .. } => assert_eq!(vec, Err((*pos, *unrep))),
        Out::Small { .. } => unreachable!(),
    }
}

/// Every conversion to Latin-1 from UTF-16 `values`, in every byte order.
fn check_utf16_source(values: &[u16], all_caps: Caps) {
    for order in Order::ALL {
        let units = order.encode(values);
        let plan = utf16_plan(values, &units, order);
        let out = plan.output();
        check(&units, &plan, &to_latin1_utf16(order), &caps(out.len(), units.len(), all_caps));
        if order == Order::Native {
            let vec = rapidutf::utf16_to_latin1_vec(values).map_err(|e| e.valid_up_to());
            match &plan.end {
                Out::Ok(_) => assert_eq!(vec, Ok(out.clone())),
                Out::Bad { pos, .. } => assert_eq!(vec, Err(*pos)),
                Out::Small { .. } => unreachable!(),
            }
        }
    }
}

/// Every conversion to Latin-1 from UTF-32 `values`.
fn check_utf32_source(values: &[u32], all_caps: Caps) {
    let plan = utf32_plan(values);
    let out = plan.output();
    check(values, &plan, &to_latin1_utf32(), &caps(out.len(), values.len(), all_caps));
    let vec = rapidutf::utf32_to_latin1_vec(values).map_err(|e| e.valid_up_to());
    match &plan.end {
        Out::Ok(_) => assert_eq!(vec, Ok(out.clone())),
        Out::Bad { pos, .. } => assert_eq!(vec, Err(*pos)),
        Out::Small { .. } => unreachable!(),
    }
}

/// Every conversion to Latin-1 from the text `s` in every form.
fn check_text(s: &str, all_caps: Caps) {
    check_utf8_source(s.as_bytes(), all_caps);
    check_utf16_source(&s.encode_utf16().collect::<Vec<_>>(), all_caps);
    check_utf32_source(&s.chars().map(u32::from).collect::<Vec<_>>(), all_caps);
}

// --------------------------------------------------------------- tests

#[test]
fn every_byte() {
    let all: Vec<u8> = (0..=255).collect();
    check_latin1_source(&all, Caps::All);
    let text: String = all.iter().map(|&b| b as char).collect();
    check_text(&text, Caps::All);
    for b in 0..=255u8 {
        // Alone, and in the middle of blocks of every kernel.
        check_latin1_source(&[b], Caps::All);
        let mut long = vec![b'x'; 100];
        long[40] = b;
        long[63] = b;
        long[64] = b;
        long[79] = b;
        check_latin1_source(&long, Caps::Edges);
        let c = (b as char).to_string();
        check_text(&c, Caps::All);
        check_text(&format!("{}{c}{}{c}{c}", "a".repeat(15), "b".repeat(47)), Caps::Edges);
    }
}

#[test]
fn every_code_point_up_to_u_0800() {
    // Each is representable exactly when at most U+00FF, alone and after a
    // block of Latin-1 letters.
    for c in (0..0x800).filter_map(char::from_u32) {
        check_text(&c.to_string(), Caps::Edges);
        check_text(&format!("{}{c}{}", "é".repeat(20), "a".repeat(20)), Caps::Few);
    }
}

/// A text of `len` characters: ASCII, or (`mixed`) ASCII with Latin-1
/// letters and C1 controls.
fn base(len: usize, mixed: bool) -> Vec<char> {
    const HIGH: [char; 6] = ['é', 'ÿ', '\u{80}', 'À', '\u{BF}', 'ß'];
    (0..len)
        .map(|i| if mixed && i % 3 == 1 { HIGH[i % 6] } else { (b'a' + (i % 26) as u8) as char })
        .collect()
}

/// Every unrepresentable character and invalid sequence at every
/// offset of texts of every length to 200, every kernel and conversion.
/// At the `quick` boundary level (the emulated and sanitised runs) the
/// lengths other than the block-edge ones take one offset in three,
/// rotating with the length, so every offset is still met.
#[test]
fn errors_at_every_offset() {
    let quick = common::boundary::level() == common::boundary::Level::Quick;
    // Characters above U+00FF (unrepresentable), then invalid sequences.
    let utf8_bad: [&[u8]; 11] = [
        "€".as_bytes(),
        "Ā".as_bytes(),
        "😀".as_bytes(),
        b"\xFF",
        b"\x80",
        b"\xC3",
        b"\xC3A",
        b"\xC0\x80",
        b"\xC1\xBF",
        b"\xE2\x82",
        b"\xC2\xC2",
    ];
    let utf16_bad: [&[u16]; 5] = [&[0x100], &[0x20AC], &[0xD83D, 0xDE00], &[0xD800], &[0xDC00]];
    let utf32_bad: [u32; 6] = [0x100, 0x20AC, 0x1F600, 0xD800, 0x110000, u32::MAX];
    for len in 0..200 {
        let dense = [15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129].contains(&len);
        for mixed in [false, true] {
            let text = base(len, mixed);
            for pos in 0..=len {
                if quick && !dense && (len + pos) % 3 != 0 {
                    continue;
                }
                let (head, tail): (String, String) =
                    (text[..pos].iter().collect(), text[pos..].iter().collect());
                let pick = |n: usize| (len + pos) % n;
                for (k, bad) in utf8_bad.iter().enumerate() {
                    if dense || k == pick(utf8_bad.len()) {
                        let src = [head.as_bytes(), bad, tail.as_bytes()].concat();
                        check_utf8_source(&src, Caps::Few);
                    }
                }
                let (h16, t16): (Vec<u16>, Vec<u16>) =
                    (head.encode_utf16().collect(), tail.encode_utf16().collect());
                for (k, bad) in utf16_bad.iter().enumerate() {
                    if dense || k == pick(utf16_bad.len()) {
                        check_utf16_source(&[&h16[..], bad, &t16[..]].concat(), Caps::Few);
                    }
                }
                let (h32, t32): (Vec<u32>, Vec<u32>) =
                    (head.chars().map(u32::from).collect(), tail.chars().map(u32::from).collect());
                for (k, &bad) in utf32_bad.iter().enumerate() {
                    if dense || k == pick(utf32_bad.len()) {
                        check_utf32_source(&[&h32[..], &[bad], &t32[..]].concat(), Caps::Few);
                    }
                }
            }
            // Latin-1 input of the same shape (it has no errors).
            let latin1: Vec<u8> = text.iter().map(|&c| c as u8).collect();
            check_latin1_source(&latin1, if dense { Caps::All } else { Caps::Edges });
        }
    }
}

#[test]
fn every_dst_size() {
    let fox = "The quick brown fox jumps over the lazy dog; ";
    let texts = [
        String::new(),
        "x".repeat(16),
        "x".repeat(17),
        format!("{fox}{fox}é{}", "ÿ".repeat(40)),
        "é".repeat(70),
        format!("{}\u{80}{}ß", "a".repeat(63), "b".repeat(64)),
        "Grüße aus Köln, à bientôt. ".repeat(6),
        format!("{}€{}", "é".repeat(40), "a".repeat(40)),
        format!("{}\u{100}", "ü".repeat(33)),
    ];
    for t in &texts {
        check_text(t, Caps::All);
        let latin1: Vec<u8> =
            t.chars().filter(|&c| u32::from(c) <= 0xFF).map(|c| c as u8).collect();
        check_latin1_source(&latin1, Caps::All);
    }
}

#[test]
fn lengths() {
    for len in 0..300 {
        let src: Vec<u8> = (0..len).map(|i| (i * 37 % 256) as u8).collect();
        let want = src.iter().map(|&b| (b as char).len_utf8()).sum::<usize>();
        assert_eq!(rapidutf::utf8_len_from_latin1(&src), want);
        for k in kernels() {
            assert_eq!(k.utf8_len_from_latin1(&src), want, "{k} at {len}");
        }
    }
    assert_eq!(rapidutf::latin1_len_from_utf8("aé€".as_bytes()), 3);
    assert_eq!(rapidutf::latin1_len_from_utf16(&[0x61, 0xE9]), 2);
    assert_eq!(rapidutf::latin1_len_from_utf32(&[0x61, 0xE9]), 2);
}

#[test]
fn error_display() {
    let e = rapidutf::utf8_to_latin1_vec("ab€".as_bytes()).unwrap_err();
    assert_eq!(e.to_string(), "U+20AC at unit 2 is not in Latin-1 (above U+00FF)");
    let e = rapidutf::utf8_to_latin1_vec(b"ab\xFF").unwrap_err();
    assert_eq!(e.to_string(), rapidutf::validate_utf8(b"ab\xFF").unwrap_err().to_string());
    let e: &dyn std::error::Error = &e;
    assert!(!e.to_string().is_empty());
    // The kind alone: the character, or the input's own error.
    let e = rapidutf::utf16_to_latin1_vec(&[0x61, 0x3A9]).unwrap_err();
    assert_eq!(e.kind().to_string(), "unrepresentable character U+03A9");
    let e = rapidutf::utf32_to_latin1_vec(&[0x61, 0x1F600]).unwrap_err();
    assert_eq!(e.kind().to_string(), "unrepresentable character U+1F600");
    let e = rapidutf::utf16_to_latin1_vec(&[0x61, 0xD800]).unwrap_err();
    let want = rapidutf::validate_utf16(&[0x61, 0xD800]).unwrap_err().to_string();
    assert_eq!(e.kind().to_string(), want);
}

/// Dispatch picks the kernel once per process: the tests above run again
/// under every other available kernel.
#[cfg(feature = "std")]
#[test]
fn under_every_available_kernel() {
    // The window-boundary cases call every kernel's methods themselves.
    common::rerun_under_every_kernel_skipping(
        "latin1::",
        &["latin1::under_every_available_kernel", "latin1::window_boundaries"],
    );
}

/// The window-boundary cases of `rapidutf_testkit::boundary`: every byte
/// above ASCII at every offset of a 128-byte span after runs of ASCII,
/// Latin-1 and Windows-1252's graphic characters (from Latin-1), and every
/// UTF-8, UTF-16 and UTF-32 probe after every script (to Latin-1: a
/// character above U+00FF or an invalid sequence ends the conversion),
/// through every kernel and the free functions, at the case's input and
/// output alignments, into a `dst` of the size that always suffices and
/// (rotating, both at the `full` level) of the exact size and one unit
/// short of the probe's output.
mod window_boundaries {
    use super::*;
    use crate::common::boundary::{legacy_cases, level, utf16_cases, utf32_cases, utf8_cases};
    use crate::common::boundary::{with_dst, Case, Placed, Unit};

    impl<D: Copy, E: Clone> Plan<D, E> {
        /// `dst` sizes: `bound`, and the exact size or (rotating) one unit
        /// too few for the character at the probe.
        fn sizes<T: Unit>(&self, case: &Case<T>, bound: usize) -> Vec<usize> {
            let before: usize =
                self.chars.iter().filter(|(pos, _)| *pos < case.at).map(|(_, u)| u.len()).sum();
            let probe = self.chars.iter().find(|(pos, _)| *pos == case.at).map_or(0, |c| c.1.len());
            let exact = self.output().len();
            let mut sizes = vec![bound];
            for size in case.pick(&[exact, (before + probe).saturating_sub(1)]) {
                if !sizes.contains(&size) {
                    sizes.push(size);
                }
            }
            sizes
        }
    }

    /// `check` at the case's output alignment.
    fn check_at<T: Unit, S, D, E>(
        case: &Case<T>,
        src: &[S],
        plan: &Plan<D, E>,
        convs: &[Conv<'_, S, D, E>],
        caps: &[usize],
    ) where
        D: Copy + PartialEq + std::fmt::Debug + From<u8>,
        E: Clone + PartialEq + std::fmt::Debug,
    {
        for (name, f) in convs {
            for &cap in caps {
                let (got, dst) = with_dst(cap, case.dst_shift::<D>(), D::from(0xA5), |d| f(src, d));
                let (want, prefix) = plan.expect(cap);
                assert_eq!(got, want, "{name}, dst {cap}: {}", case.label());
                assert_eq!(dst[..prefix.len()], prefix[..], "{name}, dst {cap}: {}", case.label());
            }
        }
    }

    #[test]
    fn from_latin1() {
        for case in legacy_cases(level()) {
            let placed = case.placed();
            let src = placed.get();
            let plan = latin1_plan_utf8(src);
            let need = plan.output().len();
            assert_eq!(rapidutf::utf8_len_from_latin1(src), need, "{}", case.label());
            for k in kernels() {
                assert_eq!(k.utf8_len_from_latin1(src), need, "{k}: {}", case.label());
            }
            check_at(&case, src, &plan, &from_latin1_utf8(), &plan.sizes(&case, 2 * src.len()));
            for order in case.pick(&Order::ALL) {
                let plan = latin1_plan_utf16(src, order);
                check_at(
                    &case,
                    src,
                    &plan,
                    &from_latin1_utf16(order),
                    &plan.sizes(&case, src.len()),
                );
            }
            let plan = latin1_plan_utf32(src);
            check_at(&case, src, &plan, &from_latin1_utf32(), &plan.sizes(&case, src.len()));
        }
    }

    #[test]
    fn to_latin1() {
        for case in utf8_cases(level()) {
            let placed = case.placed();
            let src = placed.get();
            let plan = utf8_plan(src);
            check_at(&case, src, &plan, &to_latin1_utf8(), &plan.sizes(&case, src.len()));
        }
        for case in utf16_cases(level()) {
            for order in case.pick(&Order::ALL) {
                let placed = Placed::new(&order.encode(&case.input), case.src_shift());
                let units = placed.get();
                let plan = utf16_plan(&case.input, units, order);
                let caps = plan.sizes(&case, units.len());
                check_at(&case, units, &plan, &to_latin1_utf16(order), &caps);
            }
        }
        for case in utf32_cases(level()) {
            let placed = case.placed();
            let src = placed.get();
            let plan = utf32_plan(src);
            check_at(&case, src, &plan, &to_latin1_utf32(), &plan.sizes(&case, src.len()));
        }
    }
}

/// Latin-1 bytes, mostly ASCII runs or mostly high bytes.
fn arb_latin1() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..400),
        prop::collection::vec(prop_oneof![4 => 0x20u8..0x7F, 1 => 0x80u8..=0xFF], 0..400),
    ]
}

/// Text that is mostly Latin-1, with a few characters above U+00FF.
fn arb_mostly_latin1_text() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        10 => (0u32..=0xFF).prop_map(|c| char::from_u32(c).unwrap()),
        10 => (0x20u32..0x7F).prop_map(|c| char::from_u32(c).unwrap()),
        1 => common::arb_char(),
    ];
    prop::collection::vec(c, 0..300).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(proptest_config(200))]

    #[test]
    fn latin1_source_matches_std(src in arb_latin1()) {
        check_latin1_source(&src, Caps::Edges);
    }

    #[test]
    fn round_trips(src in arb_latin1()) {
        let s = rapidutf::latin1_to_string(&src);
        prop_assert_eq!(rapidutf::utf8_to_latin1_vec(s.as_bytes()).unwrap(), src.clone());
        let u16s = rapidutf::latin1_to_utf16_vec(&src);
        prop_assert_eq!(rapidutf::utf16_to_latin1_vec(&u16s).unwrap(), src.clone());
        let u32s = rapidutf::latin1_to_utf32_vec(&src);
        prop_assert_eq!(rapidutf::utf32_to_latin1_vec(&u32s).unwrap(), src.clone());
        for k in kernels() {
            let mut buf = vec![0u8; src.len()];
            let n = k.utf8_to_latin1(s.as_bytes(), &mut buf).unwrap();
            prop_assert_eq!(&buf[..n], &src[..]);
        }
    }

    #[test]
    fn text_matches_std(s in arb_mostly_latin1_text()) {
        check_text(&s, Caps::Edges);
    }

    #[test]
    fn arbitrary_utf8_matches_std(src in common::arb_utf8_input()) {
        check_utf8_source(&src, Caps::Edges);
    }

    #[test]
    fn arbitrary_utf16_matches_std(src in common::arb_utf16_input()) {
        check_utf16_source(&src, Caps::Edges);
    }

    #[test]
    fn arbitrary_utf32_matches_std(src in common::arb_utf32_input()) {
        check_utf32_source(&src, Caps::Edges);
    }
}
