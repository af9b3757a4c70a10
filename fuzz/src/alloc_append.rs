//! The `alloc_append` target: every allocating (`_vec`, `_to_string`) and
//! appending (`_append`) conversion, from UTF-8, UTF-16 (native, LE, BE),
//! UTF-32, `&[char]`, Latin-1 and Windows-1252 and to Latin-1 and
//! Windows-1252, against std: the output of the valid prefix, what was in
//! the vector before it kept, the first error at its place, and (for the
//! UTF conversions) a capacity within 1.5 times the length plus 4096 units,
//! the bound the `transcode` module documents. They dispatch (no `Kernel` method): run the target
//! with `RAPIDUTF_KERNEL` set to cover each kernel.
//!
//! The long inputs (bit 0 of the first byte: at least
//! [`LONG`](crate::LONG) units, runs of the rest) change script from run
//! to run, so the output sized from their first 4096 units falls short or
//! far exceeds the need: the allocating forms' regrow and shrink run.
//!
//! Input: one byte of flags, then the bytes: as UTF-8, Latin-1 and
//! Windows-1252 themselves; their native-endian byte pairs and quadruples
//! as UTF-16 and UTF-32 units; and their lossy decoding as text.

use crate::{as_u16s, as_u32s, long, long_text, seed, Input, LONG};
use rapidutf_testkit::{windows1252_byte, windows1252_table};

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let rest = input.rest();
    let is_long = flags & 1 == 1;
    let bytes = if is_long { long(rest, seed(data), LONG) } else { rest.to_vec() };
    from_utf8(&bytes);
    from_bytes(&bytes);
    let text = String::from_utf8_lossy(rest);
    let text = if is_long { long_text(&text, seed(data), LONG) } else { text.into_owned() };
    let units: Vec<u16> = text.encode_utf16().collect();
    from_utf16(&units);
    let raw16 = as_u16s(&bytes);
    from_utf16(&raw16);
    let values: Vec<u32> = text.chars().map(u32::from).collect();
    from_utf32(&values);
    let raw32 = as_u32s(&bytes);
    from_utf32(&raw32);
    let chars: Vec<char> = text.chars().collect();
    from_chars(&chars);
}

/// The capacity of a freshly allocated output stays within 1.5 times its
/// length plus 4096 units.
fn close(what: &str, len: usize, capacity: usize) {
    assert!(capacity <= len + len / 2 + 4096, "{what}: capacity {capacity} for {len} units");
}

/// The valid prefix of UTF-8 `b` and the error position, by core.
fn utf8_prefix(b: &[u8]) -> (&str, Option<usize>) {
    match core::str::from_utf8(b) {
        Ok(s) => (s, None),
        Err(e) => {
            (core::str::from_utf8(&b[..e.valid_up_to()]).unwrap_or(""), Some(e.valid_up_to()))
        }
    }
}

/// Checks an appending conversion: `f` appends to a vector holding `head`,
/// which must stay; it appends `want` and returns `Ok(want.len())` or the
/// error at `err`.
fn appends<T: Clone + PartialEq + std::fmt::Debug>(
    what: &str,
    head: &[T],
    want: &[T],
    err: Option<usize>,
    f: impl FnOnce(&mut Vec<T>) -> Result<usize, usize>,
) {
    let mut v = head.to_vec();
    v.reserve(3);
    let r = f(&mut v);
    assert!(v[..head.len()] == *head, "{what}: the old contents changed");
    assert!(v[head.len()..] == *want, "{what}: appended output differs");
    assert_eq!(r, err.map_or(Ok(want.len()), Err), "{what}: result");
}

fn store(units: &[u16], to: fn(u16) -> u16) -> Vec<u16> {
    units.iter().map(|&u| to(u)).collect()
}

fn from_utf8(b: &[u8]) {
    let (s, err) = utf8_prefix(b);
    let units: Vec<u16> = s.encode_utf16().collect();
    let values: Vec<u32> = s.chars().map(u32::from).collect();
    type Vec16 = fn(&[u8]) -> Result<Vec<u16>, rapidutf::Utf8Error>;
    type Append16 = fn(&[u8], &mut Vec<u16>) -> Result<usize, rapidutf::Utf8Error>;
    let forms: [(&str, Vec16, Append16, fn(u16) -> u16); 3] = [
        ("utf8_to_utf16", rapidutf::utf8_to_utf16_vec, rapidutf::utf8_to_utf16_append, |u| u),
        (
            "utf8_to_utf16le",
            rapidutf::utf8_to_utf16le_vec,
            rapidutf::utf8_to_utf16le_append,
            u16::to_le,
        ),
        (
            "utf8_to_utf16be",
            rapidutf::utf8_to_utf16be_vec,
            rapidutf::utf8_to_utf16be_append,
            u16::to_be,
        ),
    ];
    for (what, to_vec, append, order) in forms {
        let want = store(&units, order);
        match (to_vec(b), err) {
            (Ok(v), None) => {
                assert!(v == want, "{what}_vec");
                close(what, v.len(), v.capacity());
            }
            (Err(e), Some(at)) => assert_eq!(e.valid_up_to(), at, "{what}_vec"),
            (r, _) => panic!("{what}_vec: {:?} for an error at {err:?}", r.map(|v| v.len())),
        }
        appends(what, &[1], &want, err, |v| append(b, v).map_err(|e| e.valid_up_to()));
    }
    match (rapidutf::utf8_to_utf32_vec(b), err) {
        (Ok(v), None) => {
            assert!(v == values, "utf8_to_utf32_vec");
            close("utf8_to_utf32_vec", v.len(), v.capacity());
        }
        (Err(e), Some(at)) => assert_eq!(e.valid_up_to(), at, "utf8_to_utf32_vec"),
        (r, _) => panic!("utf8_to_utf32_vec: {:?} for an error at {err:?}", r.map(|v| v.len())),
    }
    appends("utf8_to_utf32", &[1], &values, err, |v| {
        rapidutf::utf8_to_utf32_append(b, v).map_err(|e| e.valid_up_to())
    });
    if err.is_none() {
        from_str(s);
    }
    to_legacy_from_utf8(b, s, err);
}

fn from_str(s: &str) {
    let units: Vec<u16> = s.encode_utf16().collect();
    let values: Vec<u32> = s.chars().map(u32::from).collect();
    type Append16 = fn(&str, &mut Vec<u16>) -> usize;
    let forms: [(&str, fn(&str) -> Vec<u16>, Append16, fn(u16) -> u16); 3] = [
        ("str_to_utf16", rapidutf::str_to_utf16_vec, rapidutf::str_to_utf16_append, |u| u),
        (
            "str_to_utf16le",
            rapidutf::str_to_utf16le_vec,
            rapidutf::str_to_utf16le_append,
            u16::to_le,
        ),
        (
            "str_to_utf16be",
            rapidutf::str_to_utf16be_vec,
            rapidutf::str_to_utf16be_append,
            u16::to_be,
        ),
    ];
    for (what, to_vec, append, order) in forms {
        let want = store(&units, order);
        let v = to_vec(s);
        assert!(v == want, "{what}_vec");
        close(what, v.len(), v.capacity());
        appends(what, &[2], &want, None, |v| Ok(append(s, v)));
    }
    let v = rapidutf::str_to_utf32_vec(s);
    assert!(v == values, "str_to_utf32_vec");
    close("str_to_utf32_vec", v.len(), v.capacity());
    appends("str_to_utf32", &[2], &values, None, |v| Ok(rapidutf::str_to_utf32_append(s, v)));
}

/// To Latin-1 and Windows-1252 from UTF-8 `b` (valid prefix `s`, error at
/// `err`): the characters up to the first one the target lacks.
fn to_legacy_from_utf8(b: &[u8], s: &str, err: Option<usize>) {
    let table = windows1252_table();
    for (what, byte) in [
        ("latin1", &(|c: char| u8::try_from(c).ok()) as &dyn Fn(char) -> Option<u8>),
        ("windows1252", &|c| windows1252_byte(&table, c)),
    ] {
        let stop = s.char_indices().find(|&(_, c)| byte(c).is_none()).map(|(i, _)| i);
        let fits: Vec<u8> = s[..stop.unwrap_or(s.len())].chars().filter_map(byte).collect();
        let end = stop.or(err);
        let got = if what == "latin1" {
            let mut v = vec![b'>'];
            let r = rapidutf::utf8_to_latin1_append(b, &mut v);
            assert!(v[0] == b'>' && v[1..] == fits, "utf8_to_latin1_append");
            assert_eq!(r.map_err(|e| e.valid_up_to()), end.map_or(Ok(fits.len()), Err));
            rapidutf::utf8_to_latin1_vec(b)
        } else {
            rapidutf::utf8_to_windows1252_vec(b)
        };
        match (got, end) {
            (Ok(v), None) => assert!(v == fits, "utf8_to_{what}_vec"),
            (Err(e), Some(at)) => assert_eq!(e.valid_up_to(), at, "utf8_to_{what}_vec"),
            (r, _) => {
                panic!("utf8_to_{what}_vec: {:?}, expected an end at {end:?}", r.map(|v| v.len()))
            }
        }
    }
}

/// From Latin-1 and Windows-1252 bytes.
fn from_bytes(b: &[u8]) {
    let latin1: String = b.iter().map(|&x| char::from(x)).collect();
    assert!(rapidutf::latin1_to_string(b) == latin1, "latin1_to_string");
    let table = windows1252_table();
    let cp1252: String = b.iter().map(|&x| table[usize::from(x)]).collect();
    assert!(rapidutf::windows1252_to_string(b) == cp1252, "windows1252_to_string");
    let mut out = String::from("é");
    assert_eq!(rapidutf::latin1_to_utf8_append(b, &mut out), latin1.len());
    assert!(out[..2] == *"é" && out[2..] == latin1, "latin1_to_utf8_append");
    let units: Vec<u16> = latin1.encode_utf16().collect();
    type Append16 = fn(&[u8], &mut Vec<u16>) -> usize;
    let forms: [(&str, fn(&[u8]) -> Vec<u16>, Append16, fn(u16) -> u16); 3] = [
        ("latin1_to_utf16", rapidutf::latin1_to_utf16_vec, rapidutf::latin1_to_utf16_append, |u| u),
        (
            "latin1_to_utf16le",
            rapidutf::latin1_to_utf16le_vec,
            rapidutf::latin1_to_utf16le_append,
            u16::to_le,
        ),
        (
            "latin1_to_utf16be",
            rapidutf::latin1_to_utf16be_vec,
            rapidutf::latin1_to_utf16be_append,
            u16::to_be,
        ),
    ];
    for (what, to_vec, append, order) in forms {
        let want = store(&units, order);
        assert!(to_vec(b) == want, "{what}_vec");
        appends(what, &[3], &want, None, |v| Ok(append(b, v)));
    }
    let values: Vec<u32> = b.iter().map(|&x| u32::from(x)).collect();
    assert!(rapidutf::latin1_to_utf32_vec(b) == values, "latin1_to_utf32_vec");
    appends("latin1_to_utf32", &[3], &values, None, |v| Ok(rapidutf::latin1_to_utf32_append(b, v)));
}

/// From native-endian UTF-16 values `u`, read in each byte order.
fn from_utf16(u: &[u16]) {
    let mut s = String::new();
    let mut err = None;
    let mut at = 0;
    for r in char::decode_utf16(u.iter().copied()) {
        match r {
            Ok(c) => {
                s.push(c);
                at += c.len_utf16();
            }
            Err(_) => {
                err = Some(at);
                break;
            }
        }
    }
    let values: Vec<u32> = s.chars().map(u32::from).collect();
    type ToString = fn(&[u16]) -> Result<String, rapidutf::Utf16Error>;
    type Append8 = fn(&[u16], &mut String) -> Result<usize, rapidutf::Utf16Error>;
    type Vec32 = fn(&[u16]) -> Result<Vec<u32>, rapidutf::Utf16Error>;
    type Append32 = fn(&[u16], &mut Vec<u32>) -> Result<usize, rapidutf::Utf16Error>;
    type ToLatin1 = fn(&[u16]) -> Result<Vec<u8>, rapidutf::Latin1Error<rapidutf::Utf16Error>>;
    let forms: [(&str, fn(u16) -> u16, ToString, Append8, Vec32, Append32, ToLatin1); 3] = [
        (
            "utf16",
            |u| u,
            rapidutf::utf16_to_string,
            rapidutf::utf16_to_utf8_append,
            rapidutf::utf16_to_utf32_vec,
            rapidutf::utf16_to_utf32_append,
            rapidutf::utf16_to_latin1_vec,
        ),
        (
            "utf16le",
            u16::to_le,
            rapidutf::utf16le_to_string,
            rapidutf::utf16le_to_utf8_append,
            rapidutf::utf16le_to_utf32_vec,
            rapidutf::utf16le_to_utf32_append,
            rapidutf::utf16le_to_latin1_vec,
        ),
        (
            "utf16be",
            u16::to_be,
            rapidutf::utf16be_to_string,
            rapidutf::utf16be_to_utf8_append,
            rapidutf::utf16be_to_utf32_vec,
            rapidutf::utf16be_to_utf32_append,
            rapidutf::utf16be_to_latin1_vec,
        ),
    ];
    for (what, order, to_string, append8, vec32, append32, to_latin1) in forms {
        let src = store(u, order);
        match (to_string(&src), err) {
            (Ok(t), None) => {
                assert!(t == s, "{what}_to_string");
                close(what, t.len(), t.capacity());
            }
            (Err(e), Some(at)) => assert_eq!(e.valid_up_to(), at, "{what}_to_string"),
            (r, _) => panic!("{what}_to_string: {:?} for an error at {err:?}", r.map(|t| t.len())),
        }
        let mut out = String::from("é");
        let r = append8(&src, &mut out).map_err(|e| e.valid_up_to());
        assert!(out[..2] == *"é" && out[2..] == s, "{what}_to_utf8_append");
        assert_eq!(r, err.map_or(Ok(s.len()), Err), "{what}_to_utf8_append");
        match (vec32(&src), err) {
            (Ok(v), None) => {
                assert!(v == values, "{what}_to_utf32_vec");
                close(what, v.len(), v.capacity());
            }
            (Err(e), Some(at)) => assert_eq!(e.valid_up_to(), at, "{what}_to_utf32_vec"),
            (r, _) => {
                panic!("{what}_to_utf32_vec: {:?} for an error at {err:?}", r.map(|v| v.len()))
            }
        }
        appends(what, &[4], &values, err, |v| append32(&src, v).map_err(|e| e.valid_up_to()));
        let stop = s.chars().position(|c| u32::from(c) > 0xFF);
        let stop16 = stop.map(|i| s.chars().take(i).map(char::len_utf16).sum::<usize>());
        let fits: Vec<u8> = s.chars().take(stop.unwrap_or(usize::MAX)).map(|c| c as u8).collect();
        match (to_latin1(&src), stop16.or(err)) {
            (Ok(v), None) => assert!(v == fits, "{what}_to_latin1_vec"),
            (Err(e), Some(at)) => assert_eq!(e.valid_up_to(), at, "{what}_to_latin1_vec"),
            (r, end) => {
                panic!("{what}_to_latin1_vec: {:?}, expected an end at {end:?}", r.map(|v| v.len()))
            }
        }
    }
}

/// From UTF-32 values `x`.
fn from_utf32(x: &[u32]) {
    let err = x.iter().position(|&v| char::from_u32(v).is_none());
    let s: String = x[..err.unwrap_or(x.len())].iter().filter_map(|&v| char::from_u32(v)).collect();
    match (rapidutf::utf32_to_string(x), err) {
        (Ok(t), None) => {
            assert!(t == s, "utf32_to_string");
            close("utf32_to_string", t.len(), t.capacity());
        }
        (Err(e), Some(at)) => assert_eq!(e.valid_up_to(), at, "utf32_to_string"),
        (r, _) => panic!("utf32_to_string: {:?} for an error at {err:?}", r.map(|t| t.len())),
    }
    let mut out = String::from("€");
    let r = rapidutf::utf32_to_utf8_append(x, &mut out).map_err(|e| e.valid_up_to());
    assert!(out[..3] == *"€" && out[3..] == s, "utf32_to_utf8_append");
    assert_eq!(r, err.map_or(Ok(s.len()), Err), "utf32_to_utf8_append");
    let units: Vec<u16> = s.encode_utf16().collect();
    type Vec16 = fn(&[u32]) -> Result<Vec<u16>, rapidutf::Utf32Error>;
    type Append16 = fn(&[u32], &mut Vec<u16>) -> Result<usize, rapidutf::Utf32Error>;
    let forms: [(&str, Vec16, Append16, fn(u16) -> u16); 3] = [
        ("utf32_to_utf16", rapidutf::utf32_to_utf16_vec, rapidutf::utf32_to_utf16_append, |u| u),
        (
            "utf32_to_utf16le",
            rapidutf::utf32_to_utf16le_vec,
            rapidutf::utf32_to_utf16le_append,
            u16::to_le,
        ),
        (
            "utf32_to_utf16be",
            rapidutf::utf32_to_utf16be_vec,
            rapidutf::utf32_to_utf16be_append,
            u16::to_be,
        ),
    ];
    for (what, to_vec, append, order) in forms {
        let want = store(&units, order);
        match (to_vec(x), err) {
            (Ok(v), None) => {
                assert!(v == want, "{what}_vec");
                close(what, v.len(), v.capacity());
            }
            (Err(e), Some(at)) => assert_eq!(e.valid_up_to(), at, "{what}_vec"),
            (r, _) => panic!("{what}_vec: {:?} for an error at {err:?}", r.map(|v| v.len())),
        }
        appends(what, &[5], &want, err, |v| append(x, v).map_err(|e| e.valid_up_to()));
    }
    let stop = s.chars().position(|c| u32::from(c) > 0xFF);
    let fits: Vec<u8> = s.chars().take(stop.unwrap_or(usize::MAX)).map(|c| c as u8).collect();
    match (rapidutf::utf32_to_latin1_vec(x), stop.or(err)) {
        (Ok(v), None) => assert!(v == fits, "utf32_to_latin1_vec"),
        (Err(e), Some(at)) => assert_eq!(e.valid_up_to(), at, "utf32_to_latin1_vec"),
        (r, end) => {
            panic!("utf32_to_latin1_vec: {:?}, expected an end at {end:?}", r.map(|v| v.len()))
        }
    }
}

/// From `&[char]`.
fn from_chars(c: &[char]) {
    let s: String = c.iter().collect();
    let t = rapidutf::chars_to_string(c);
    assert!(t == s, "chars_to_string");
    close("chars_to_string", t.len(), t.capacity());
    let units: Vec<u16> = s.encode_utf16().collect();
    type Append16 = fn(&[char], &mut Vec<u16>) -> usize;
    let forms: [(&str, fn(&[char]) -> Vec<u16>, Append16, fn(u16) -> u16); 3] = [
        ("chars_to_utf16", rapidutf::chars_to_utf16_vec, rapidutf::chars_to_utf16_append, |u| u),
        (
            "chars_to_utf16le",
            rapidutf::chars_to_utf16le_vec,
            rapidutf::chars_to_utf16le_append,
            u16::to_le,
        ),
        (
            "chars_to_utf16be",
            rapidutf::chars_to_utf16be_vec,
            rapidutf::chars_to_utf16be_append,
            u16::to_be,
        ),
    ];
    for (what, to_vec, append, order) in forms {
        let want = store(&units, order);
        let v = to_vec(c);
        assert!(v == want, "{what}_vec");
        close(what, v.len(), v.capacity());
        appends(what, &[6], &want, None, |v| Ok(append(c, v)));
    }
    let mut out = String::from("x");
    assert_eq!(rapidutf::chars_to_utf8_append(c, &mut out), s.len());
    assert!(out[..1] == *"x" && out[1..] == s, "chars_to_utf8_append");
}
