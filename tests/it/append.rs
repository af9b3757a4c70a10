//! The appending conversions (`*_append`, which write into a `Vec`'s or
//! `String`'s spare capacity) and the allocating ones built on them,
//! against std: what was already there stays, the conversion of the valid
//! prefix is appended, and the error is the input's first. They always
//! dispatch, so `under_every_available_kernel` runs this module again in
//! a child process per kernel (`RAPIDUTF_KERNEL`).

use crate::common;

use proptest::prelude::*;

/// The text before the first error of UTF-8 `b`, and the error's position.
fn utf8_prefix(b: &[u8]) -> (&str, Option<usize>) {
    match core::str::from_utf8(b) {
        Ok(s) => (s, None),
        Err(e) => (core::str::from_utf8(&b[..e.valid_up_to()]).unwrap(), Some(e.valid_up_to())),
    }
}

/// The text of native-endian UTF-16 `u` before its first unpaired
/// surrogate, and that surrogate's index.
fn utf16_prefix(u: &[u16]) -> (String, Option<usize>) {
    let mut s = String::new();
    let mut at = 0;
    for c in char::decode_utf16(u.iter().copied()) {
        match c {
            Ok(c) => {
                s.push(c);
                at += c.len_utf16();
            }
            Err(_) => return (s, Some(at)),
        }
    }
    (s, None)
}

/// The text of UTF-32 `v` before its first non-scalar value, and its
/// index.
fn utf32_prefix(v: &[u32]) -> (String, Option<usize>) {
    let mut s = String::new();
    for (i, &x) in v.iter().enumerate() {
        match char::from_u32(x) {
            Some(c) => s.push(c),
            None => return (s, Some(i)),
        }
    }
    (s, None)
}

/// Checks an appending conversion: `f` appends to a vector that holds
/// `head` already; it must keep `head`, append `want`, and return
/// `Ok(want.len())` or the error at `err` (then with `want` appended, the
/// valid prefix's conversion).
fn check<T: Clone + PartialEq + std::fmt::Debug, E: std::fmt::Debug>(
    what: &str,
    head: &[T],
    want: &[T],
    err: Option<usize>,
    pos: impl Fn(&E) -> usize,
    f: impl FnOnce(&mut Vec<T>) -> Result<usize, E>,
) {
    let mut v = head.to_vec();
    // Spare capacity that holds garbage from earlier use, which the
    // conversion must overwrite rather than read.
    v.reserve(7);
    let r = f(&mut v);
    assert_eq!(&v[..head.len()], head, "{what}: the old contents changed");
    assert_eq!(&v[head.len()..], want, "{what}: appended output");
    match (r, err) {
        (Ok(n), None) => assert_eq!(n, want.len(), "{what}: count"),
        (Err(e), Some(at)) => assert_eq!(pos(&e), at, "{what}: error position {e:?}"),
        (r, err) => panic!("{what}: got {r:?}, expected an error at {err:?}"),
    }
}

fn utf16(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

fn le(s: &str) -> Vec<u16> {
    s.encode_utf16().map(u16::to_le).collect()
}

fn be(s: &str) -> Vec<u16> {
    s.encode_utf16().map(u16::to_be).collect()
}

fn utf32(s: &str) -> Vec<u32> {
    s.chars().map(u32::from).collect()
}

/// Every appending conversion from UTF-8 on `b`.
fn from_utf8(b: &[u8]) {
    let (s, err) = utf8_prefix(b);
    let p = |e: &rapidutf::Utf8Error| e.valid_up_to();
    check("utf8_to_utf16", &[1], &utf16(s), err, p, |v| rapidutf::utf8_to_utf16_append(b, v));
    check("utf8_to_utf16le", &[1], &le(s), err, p, |v| rapidutf::utf8_to_utf16le_append(b, v));
    check("utf8_to_utf16be", &[1], &be(s), err, p, |v| rapidutf::utf8_to_utf16be_append(b, v));
    check("utf8_to_utf32", &[1], &utf32(s), err, p, |v| rapidutf::utf8_to_utf32_append(b, v));
    let whole = err.is_none();
    assert_eq!(rapidutf::utf8_to_utf16_vec(b).ok(), whole.then(|| utf16(s)));
    assert_eq!(rapidutf::utf8_to_utf16le_vec(b).ok(), whole.then(|| le(s)));
    assert_eq!(rapidutf::utf8_to_utf16be_vec(b).ok(), whole.then(|| be(s)));
    assert_eq!(rapidutf::utf8_to_utf32_vec(b).ok(), whole.then(|| utf32(s)));
    // Lossy, in every byte order.
    let lossy = String::from_utf8_lossy(b);
    assert_eq!(rapidutf::utf8_to_utf16_lossy(b), utf16(&lossy));
    assert_eq!(rapidutf::utf8_to_utf16le_lossy(b), le(&lossy));
    assert_eq!(rapidutf::utf8_to_utf16be_lossy(b), be(&lossy));
}

/// Every appending conversion from UTF-16 on `u` (native order; the LE
/// and BE forms read it stored in their order).
fn from_utf16(u: &[u16]) {
    let (s, err) = utf16_prefix(u);
    let (u_le, u_be): (Vec<u16>, Vec<u16>) = u.iter().map(|x| (x.to_le(), x.to_be())).unzip();
    let p = |e: &rapidutf::Utf16Error| e.valid_up_to();
    let to8 = |f: fn(&[u16], &mut String) -> Result<usize, rapidutf::Utf16Error>, src: &[u16]| {
        let mut out = String::from("é");
        let r = f(src, &mut out);
        assert_eq!(&out[..2], "é");
        match (r, err) {
            (Ok(n), None) => assert_eq!((n, &out[2..]), (s.len(), &s[..])),
            (Err(e), Some(at)) => assert_eq!((e.valid_up_to(), &out[2..]), (at, &s[..])),
            (r, _) => panic!("{r:?} against {err:?}"),
        }
    };
    to8(rapidutf::utf16_to_utf8_append, u);
    to8(rapidutf::utf16le_to_utf8_append, &u_le);
    to8(rapidutf::utf16be_to_utf8_append, &u_be);
    let w = utf32(&s);
    check("utf16_to_utf32", &[9], &w, err, p, |v| rapidutf::utf16_to_utf32_append(u, v));
    check("utf16le_to_utf32", &[9], &w, err, p, |v| rapidutf::utf16le_to_utf32_append(&u_le, v));
    check("utf16be_to_utf32", &[9], &w, err, p, |v| rapidutf::utf16be_to_utf32_append(&u_be, v));
    let whole = err.is_none();
    assert_eq!(rapidutf::utf16_to_string(u).ok(), whole.then(|| s.clone()));
    assert_eq!(rapidutf::utf16le_to_string(&u_le).ok(), whole.then(|| s.clone()));
    assert_eq!(rapidutf::utf16be_to_string(&u_be).ok(), whole.then(|| s.clone()));
    assert_eq!(rapidutf::utf16_to_utf32_vec(u).ok(), whole.then(|| w.clone()));
    // Lossy, in every byte order.
    let lossy = String::from_utf16_lossy(u);
    assert_eq!(rapidutf::utf16_to_string_lossy(u), lossy);
    assert_eq!(rapidutf::utf16le_to_string_lossy(&u_le), lossy);
    assert_eq!(rapidutf::utf16be_to_string_lossy(&u_be), lossy);
}

/// Every appending conversion from UTF-32 on `v`.
fn from_utf32(x: &[u32]) {
    let (s, err) = utf32_prefix(x);
    let p = |e: &rapidutf::Utf32Error| e.valid_up_to();
    let mut out = String::from("€");
    let r = rapidutf::utf32_to_utf8_append(x, &mut out);
    assert_eq!(&out[..3], "€");
    assert_eq!(&out[3..], s);
    assert_eq!(r.map_err(|e| e.valid_up_to()), err.map_or(Ok(s.len()), Err));
    check("utf32_to_utf16", &[3], &utf16(&s), err, p, |v| rapidutf::utf32_to_utf16_append(x, v));
    check("utf32_to_utf16le", &[3], &le(&s), err, p, |v| rapidutf::utf32_to_utf16le_append(x, v));
    check("utf32_to_utf16be", &[3], &be(&s), err, p, |v| rapidutf::utf32_to_utf16be_append(x, v));
    let whole = err.is_none();
    assert_eq!(rapidutf::utf32_to_string(x).ok(), whole.then(|| s.clone()));
    assert_eq!(rapidutf::utf32_to_utf16_vec(x).ok(), whole.then(|| utf16(&s)));
}

/// The Latin-1 appending conversions on `b` (from Latin-1) and on the
/// UTF-8 text `s` (to Latin-1).
#[cfg(feature = "single-byte")]
fn latin1(b: &[u8], s: &str) {
    let text: String = b.iter().map(|&x| char::from(x)).collect();
    let mut out = String::from("x");
    assert_eq!(rapidutf::latin1_to_utf8_append(b, &mut out), text.len());
    assert_eq!(out[1..], text);
    let mut v = vec![5u16];
    assert_eq!(rapidutf::latin1_to_utf16be_append(b, &mut v), b.len());
    assert_eq!(v[1..], be(&text));
    assert_eq!(rapidutf::latin1_to_utf16le_vec(b), le(&text));
    assert_eq!(rapidutf::latin1_to_utf32_vec(b), utf32(&text));
    // To Latin-1: the characters up to U+00FF, then the first one above.
    let end = s.char_indices().find(|&(_, c)| u32::from(c) > 0xFF).map(|(i, _)| i);
    let fits: Vec<u8> = s[..end.unwrap_or(s.len())].chars().map(|c| c as u8).collect();
    let mut v = vec![b'>'];
    let r = rapidutf::utf8_to_latin1_append(s.as_bytes(), &mut v);
    assert_eq!(v[1..], fits);
    assert_eq!(r.map_err(|e| e.valid_up_to()), end.map_or(Ok(fits.len()), Err));
    let units = utf16(s);
    let at16 = end.map(|i| s[..i].encode_utf16().count());
    let mut v = Vec::new();
    let r = rapidutf::utf16_to_latin1_append(&units, &mut v);
    assert_eq!(
        (v, r.map_err(|e| e.valid_up_to())),
        (fits.clone(), at16.map_or(Ok(fits.len()), Err))
    );
    let be_units = be(s);
    assert_eq!(
        rapidutf::utf16be_to_latin1_vec(&be_units).ok(),
        end.is_none().then(|| fits.clone())
    );
}

proptest! {
    #![proptest_config(common::proptest_config(96))]

    #[test]
    fn utf8_inputs(b in common::arb_utf8_input()) {
        from_utf8(&b);
    }

    #[test]
    fn utf16_inputs(u in common::arb_utf16_input()) {
        from_utf16(&u);
    }

    #[test]
    fn utf32_inputs(v in common::arb_utf32_input()) {
        from_utf32(&v);
    }

    #[cfg(feature = "single-byte")]
    #[test]
    fn latin1_inputs(b in proptest::collection::vec(any::<u8>(), 0..300), s in common::arb_text(200)) {
        latin1(&b, &s);
    }
}

/// The allocating forms size their output from the first 4 KiB of input:
/// text whose script changes after that needs more room than the sample
/// promised (one more reservation, the rest counted exactly) or much less
/// (the output is shrunk). Either way the output is std's, an error after
/// the change is found at its place, and the capacity stays close to the
/// length.
#[test]
fn allocating_forms_across_a_change_of_script() {
    let close = |what: &str, len: usize, cap: usize| {
        assert!(cap <= len + len / 2 + 4096, "{what}: capacity {cap} for {len} units");
    };
    let cjk = "中文".repeat(2500);
    let ascii = "ascii ".repeat(4000);
    let emoji = "😀".repeat(3000);
    for (a, b) in [(&cjk, &ascii), (&ascii, &cjk), (&ascii, &emoji), (&emoji, &ascii)] {
        let s = format!("{a}{b}");
        from_utf8(s.as_bytes());
        from_utf16(&utf16(&s));
        from_utf32(&utf32(&s));
        let v = rapidutf::utf8_to_utf16_vec(s.as_bytes()).unwrap();
        close("utf8_to_utf16_vec", v.len(), v.capacity());
        let v = rapidutf::utf8_to_utf32_vec(s.as_bytes()).unwrap();
        close("utf8_to_utf32_vec", v.len(), v.capacity());
        let t = rapidutf::utf16_to_string(&utf16(&s)).unwrap();
        close("utf16_to_string", t.len(), t.capacity());
        let t = rapidutf::utf32_to_string(&utf32(&s)).unwrap();
        close("utf32_to_string", t.len(), t.capacity());
        let v = rapidutf::utf32_to_utf16_vec(&utf32(&s)).unwrap();
        close("utf32_to_utf16_vec", v.len(), v.capacity());
        // The valid-input forms.
        let v = rapidutf::str_to_utf16_vec(&s);
        assert_eq!(v, utf16(&s));
        close("str_to_utf16_vec", v.len(), v.capacity());
        assert_eq!(rapidutf::str_to_utf32_vec(&s), utf32(&s));
        let chars: Vec<char> = s.chars().collect();
        let t = rapidutf::chars_to_string(&chars);
        assert_eq!(t, s);
        close("chars_to_string", t.len(), t.capacity());
        assert_eq!(rapidutf::chars_to_utf16_vec(&chars), utf16(&s));
        // Errors before the change of script, just after it, and near the
        // end (past the room the sample promised).
        for at in [a.len() / 2, a.len() + 7, s.len() - 50] {
            let mut at = at;
            while !s.is_char_boundary(at) {
                at -= 1;
            }
            let mut broken = s.as_bytes().to_vec();
            broken.insert(at, 0xFF);
            from_utf8(&broken);
            assert_eq!(rapidutf::utf8_to_utf16_vec(&broken).unwrap_err().valid_up_to(), at);
            let at16 = s[..at].encode_utf16().count();
            let mut units = utf16(&s);
            units.insert(at16, 0xDC00);
            from_utf16(&units);
            assert_eq!(rapidutf::utf16_to_string(&units).unwrap_err().valid_up_to(), at16);
            let at32 = s[..at].chars().count();
            let mut values = utf32(&s);
            values.insert(at32, 0xD800);
            from_utf32(&values);
            assert_eq!(rapidutf::utf32_to_string(&values).unwrap_err().valid_up_to(), at32);
        }
    }
}

#[test]
fn corpus() {
    for (_, bytes) in common::lipsum("utf8") {
        from_utf8(&bytes);
        let s = std::str::from_utf8(&bytes).unwrap();
        from_utf16(&utf16(s));
        from_utf32(&utf32(s));
        // An error in the middle: everything before it is appended.
        let mut broken = bytes.clone();
        let mut mid = bytes.len() / 2;
        while !s.is_char_boundary(mid) {
            mid -= 1;
        }
        broken.insert(mid, 0xFF);
        from_utf8(&broken);
        let mut units = utf16(s);
        units.insert(units.len() / 2, 0xDC00);
        from_utf16(&units);
        let mut values = utf32(s);
        values.insert(values.len() / 2, 0xD800);
        from_utf32(&values);
    }
}

/// The window-boundary cases of `rapidutf_testkit::boundary` (every
/// character length and invalid sequence at every offset after every
/// script) through every appending and allocating form: all of the long
/// cases (whose output is sized from their ASCII start and must grow, and
/// whose input is long enough for the 512-bit loops), one short case in
/// eight below the `full` level.
#[test]
fn window_boundaries() {
    use common::boundary::{level, utf16_cases, utf32_cases, utf8_cases, Shape};
    let chosen = |shape: Shape, one_in: bool| shape != Shape::Short || one_in;
    for case in utf8_cases(level()).filter(|c| chosen(c.shape, c.one_in(8))) {
        let b = case.placed();
        from_utf8(b.get());
        if let Ok(s) = std::str::from_utf8(b.get()) {
            from_str(s);
        }
    }
    for case in utf16_cases(level()).filter(|c| chosen(c.shape, c.one_in(8))) {
        from_utf16(case.placed().get());
    }
    for case in utf32_cases(level()).filter(|c| chosen(c.shape, c.one_in(8))) {
        let x = case.placed();
        from_utf32(x.get());
        if let Some(chars) = x.get().iter().map(|&v| char::from_u32(v)).collect::<Option<Vec<_>>>()
        {
            from_chars(&chars);
        }
    }
}

/// Every appending and allocating conversion of valid `&str` input.
fn from_str(s: &str) {
    assert_eq!(rapidutf::str_to_utf16_vec(s), utf16(s));
    assert_eq!(rapidutf::str_to_utf16le_vec(s), le(s));
    assert_eq!(rapidutf::str_to_utf16be_vec(s), be(s));
    assert_eq!(rapidutf::str_to_utf32_vec(s), utf32(s));
    let never = |e: &std::convert::Infallible| match *e {};
    let ok = |n: usize| Ok::<usize, std::convert::Infallible>(n);
    check("str_to_utf16", &[1], &utf16(s), None, never, |v| {
        ok(rapidutf::str_to_utf16_append(s, v))
    });
    check("str_to_utf16le", &[1], &le(s), None, never, |v| {
        ok(rapidutf::str_to_utf16le_append(s, v))
    });
    check("str_to_utf16be", &[1], &be(s), None, never, |v| {
        ok(rapidutf::str_to_utf16be_append(s, v))
    });
    check("str_to_utf32", &[1], &utf32(s), None, never, |v| {
        ok(rapidutf::str_to_utf32_append(s, v))
    });
}

/// Every appending and allocating conversion of `&[char]` input.
fn from_chars(c: &[char]) {
    let s: String = c.iter().collect();
    assert_eq!(rapidutf::chars_to_string(c), s);
    assert_eq!(rapidutf::chars_to_utf16_vec(c), utf16(&s));
    assert_eq!(rapidutf::chars_to_utf16le_vec(c), le(&s));
    assert_eq!(rapidutf::chars_to_utf16be_vec(c), be(&s));
    let mut out = String::from("é");
    assert_eq!(rapidutf::chars_to_utf8_append(c, &mut out), s.len());
    assert_eq!((&out[..2], &out[2..]), ("é", &s[..]));
    let never = |e: &std::convert::Infallible| match *e {};
    let ok = |n: usize| Ok::<usize, std::convert::Infallible>(n);
    check("chars_to_utf16", &[1], &utf16(&s), None, never, |v| {
        ok(rapidutf::chars_to_utf16_append(c, v))
    });
    check("chars_to_utf16le", &[1], &le(&s), None, never, |v| {
        ok(rapidutf::chars_to_utf16le_append(c, v))
    });
    check("chars_to_utf16be", &[1], &be(&s), None, never, |v| {
        ok(rapidutf::chars_to_utf16be_append(c, v))
    });
}

/// Dispatch picks the kernel once per process: the tests above run again
/// under every other available kernel.
#[cfg(feature = "std")]
#[test]
fn under_every_available_kernel() {
    common::rerun_under_every_kernel("append::", "append::under_every_available_kernel");
}
