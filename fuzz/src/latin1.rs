//! The `latin1` target: every Latin-1 and Windows-1252 conversion, through
//! the free functions and every available kernel, with `data[2..]` read as
//! Latin-1 / Windows-1252, UTF-8, UTF-16 (native, LE, BE) and UTF-32, and
//! output buffers of the size that always suffices and of a fuzzer-chosen
//! size (from `data[..2]`), against std and the testkit's table: byte `b`
//! is `b as char` in Latin-1 and the table's character in Windows-1252, a
//! character converts exactly when the target has it, and input errors
//! are those of `core::str::from_utf8`, `char::decode_utf16` and
//! `char::from_u32`.

use crate::{as_u16s, as_u32s};
use rapidutf::{Kernel, Latin1Error, TranscodeError};
use std::convert::Infallible;

/// What a conversion must return: `(input position, output units)` per
/// character, then `Ok` or the error (its position, and the character if
/// it is valid but above U+00FF).
struct Plan<D> {
    chars: Vec<(usize, Vec<D>)>,
    end: Result<(), (usize, Option<char>)>,
}

/// A result in comparable form.
#[derive(Debug, PartialEq)]
enum Got {
    Ok(usize),
    Small(usize, usize),
    Bad(usize, Option<char>),
}

impl<D: Copy + PartialEq + std::fmt::Debug> Plan<D> {
    /// The result with a `dst` of `cap` units, and the output it starts
    /// with.
    fn expect(&self, cap: usize) -> (Got, Vec<D>) {
        let mut out = Vec::new();
        for (pos, units) in &self.chars {
            if out.len() + units.len() > cap {
                return (Got::Small(*pos, out.len()), out);
            }
            out.extend_from_slice(units);
        }
        let got = match self.end {
            Ok(()) => Got::Ok(out.len()),
            Err((pos, c)) => Got::Bad(pos, c),
        };
        (got, out)
    }

    /// Runs `f` with `dst` sizes `caps` (plus a guard zone that must stay
    /// untouched) and checks it.
    fn check<S>(&self, who: &str, src: &[S], caps: &[usize], f: &dyn Fn(&[S], &mut [D]) -> Got)
    where
        D: From<u8>,
    {
        for &cap in caps {
            let fill = D::from(0xA5);
            let mut buf = vec![fill; cap + 32];
            let got = f(src, &mut buf[..cap]);
            let (want, prefix) = self.expect(cap);
            assert_eq!(got, want, "{who} into {cap}");
            assert!(buf[cap..].iter().all(|&u| u == fill), "{who} wrote past {cap}");
            assert_eq!(buf[..prefix.len()], prefix[..], "{who} into {cap}");
        }
    }
}

fn from(r: Result<usize, TranscodeError<Infallible>>) -> Got {
    match r {
        Ok(n) => Got::Ok(n),
        Err(TranscodeError::OutputTooSmall { read, written }) => Got::Small(read, written),
        Err(TranscodeError::Invalid { error: e, .. }) => match e {},
        Err(_) => unreachable!("an unknown TranscodeError"),
    }
}

fn to<E>(r: Result<usize, TranscodeError<Latin1Error<E>>>) -> Got {
    match r {
        Ok(n) => Got::Ok(n),
        Err(TranscodeError::OutputTooSmall { read, written }) => Got::Small(read, written),
        Err(TranscodeError::Invalid { error: e, .. }) => {
            assert_eq!(e.invalid().is_some(), e.unrepresentable().is_none());
            Got::Bad(e.valid_up_to(), e.unrepresentable())
        }
        Err(_) => unreachable!("an unknown TranscodeError"),
    }
}

/// The plan of a conversion to Latin-1 from `(position, char)`s of the
/// valid prefix and the position of the input error after it, if any.
fn to_latin1(chars: Vec<(usize, char)>, err: Option<usize>) -> Plan<u8> {
    to_bytes(chars, err, |c| u8::try_from(c).ok())
}

/// The plan of a conversion to Windows-1252 (as [`to_latin1`]).
fn to_windows1252(chars: Vec<(usize, char)>, err: Option<usize>) -> Plan<u8> {
    let table = rapidutf_testkit::windows1252_table();
    to_bytes(chars, err, |c| rapidutf_testkit::windows1252_byte(&table, c))
}

/// The plan of a conversion to a byte encoding whose byte of `c` is
/// `byte(c)`.
fn to_bytes(
    chars: Vec<(usize, char)>,
    err: Option<usize>,
    byte: impl Fn(char) -> Option<u8>,
) -> Plan<u8> {
    let mut plan = Plan { chars: Vec::new(), end: Ok(()) };
    for (pos, c) in chars {
        let Some(b) = byte(c) else {
            plan.end = Err((pos, Some(c)));
            return plan;
        };
        plan.chars.push((pos, vec![b]));
    }
    if let Some(pos) = err {
        plan.end = Err((pos, None));
    }
    plan
}

fn utf16_chars(values: &[u16]) -> (Vec<(usize, char)>, Option<usize>) {
    let (mut chars, mut pos) = (Vec::new(), 0);
    for r in char::decode_utf16(values.iter().copied()) {
        match r {
            Ok(c) => {
                chars.push((pos, c));
                pos += c.len_utf16();
            }
            Err(_) => return (chars, Some(pos)),
        }
    }
    (chars, None)
}

/// See the module docs.
pub fn check(data: &[u8]) {
    let (pick, src) = match data {
        [a, b, rest @ ..] => (usize::from(u16::from_le_bytes([*a, *b])), rest),
        _ => (0, data),
    };
    let kernels: Vec<Kernel> = Kernel::available().collect();
    let caps = |always: usize| [always, pick % (always + 2)];

    // From Latin-1.
    let n = src.len();
    let plan8 = Plan {
        chars: src
            .iter()
            .enumerate()
            .map(|(i, &b)| (i, (b as char).to_string().into_bytes()))
            .collect(),
        end: Ok(()),
    };
    plan8.check("latin1_to_utf8", src, &caps(2 * n), &|s, d| from(rapidutf::latin1_to_utf8(s, d)));
    let plan32 = Plan {
        chars: src.iter().enumerate().map(|(i, &b)| (i, vec![u32::from(b)])).collect(),
        end: Ok(()),
    };
    plan32.check("latin1_to_utf32", src, &caps(n), &|s, d| from(rapidutf::latin1_to_utf32(s, d)));
    let plan16 = |store: fn(u16) -> u16| Plan {
        chars: src.iter().enumerate().map(|(i, &b)| (i, vec![store(u16::from(b))])).collect(),
        end: Ok(()),
    };
    let (p16, p16le, p16be) = (plan16(|u| u), plan16(u16::to_le), plan16(u16::to_be));
    p16.check("latin1_to_utf16", src, &caps(n), &|s, d| from(rapidutf::latin1_to_utf16(s, d)));
    p16le
        .check("latin1_to_utf16le", src, &caps(n), &|s, d| from(rapidutf::latin1_to_utf16le(s, d)));
    p16be
        .check("latin1_to_utf16be", src, &caps(n), &|s, d| from(rapidutf::latin1_to_utf16be(s, d)));
    for &k in &kernels {
        plan8.check(k.name(), src, &caps(2 * n), &|s, d| from(k.latin1_to_utf8(s, d)));
        plan32.check(k.name(), src, &caps(n), &|s, d| from(k.latin1_to_utf32(s, d)));
        p16le.check(k.name(), src, &caps(n), &|s, d| from(k.latin1_to_utf16le(s, d)));
        p16be.check(k.name(), src, &caps(n), &|s, d| from(k.latin1_to_utf16be(s, d)));
    }

    // From Windows-1252.
    let table = rapidutf_testkit::windows1252_table();
    let w8 = Plan {
        chars: src
            .iter()
            .enumerate()
            .map(|(i, &b)| (i, table[usize::from(b)].to_string().into_bytes()))
            .collect(),
        end: Ok(()),
    };
    let w32 = Plan {
        chars: src
            .iter()
            .enumerate()
            .map(|(i, &b)| (i, vec![u32::from(table[usize::from(b)])]))
            .collect(),
        end: Ok(()),
    };
    // Every character of Windows-1252 is one UTF-16 unit.
    let w16 = |store: fn(u16) -> u16| Plan {
        chars: src
            .iter()
            .enumerate()
            .map(|(i, &b)| (i, vec![store(u32::from(table[usize::from(b)]) as u16)]))
            .collect(),
        end: Ok(()),
    };
    let (w16n, w16le, w16be) = (w16(|u| u), w16(u16::to_le), w16(u16::to_be));
    w8.check("windows1252_to_utf8", src, &caps(3 * n), &|s, d| {
        from(rapidutf::windows1252_to_utf8(s, d))
    });
    w32.check("windows1252_to_utf32", src, &caps(n), &|s, d| {
        from(rapidutf::windows1252_to_utf32(s, d))
    });
    w16n.check("windows1252_to_utf16", src, &caps(n), &|s, d| {
        from(rapidutf::windows1252_to_utf16(s, d))
    });
    w16le.check("windows1252_to_utf16le", src, &caps(n), &|s, d| {
        from(rapidutf::windows1252_to_utf16le(s, d))
    });
    w16be.check("windows1252_to_utf16be", src, &caps(n), &|s, d| {
        from(rapidutf::windows1252_to_utf16be(s, d))
    });
    for &k in &kernels {
        w8.check(k.name(), src, &caps(3 * n), &|s, d| from(k.windows1252_to_utf8(s, d)));
        w32.check(k.name(), src, &caps(n), &|s, d| from(k.windows1252_to_utf32(s, d)));
        w16le.check(k.name(), src, &caps(n), &|s, d| from(k.windows1252_to_utf16le(s, d)));
        w16be.check(k.name(), src, &caps(n), &|s, d| from(k.windows1252_to_utf16be(s, d)));
    }

    // From UTF-8.
    let (valid, err) = match std::str::from_utf8(src) {
        Ok(s) => (s, None),
        Err(e) => {
            (std::str::from_utf8(&src[..e.valid_up_to()]).unwrap_or(""), Some(e.valid_up_to()))
        }
    };
    let plan = to_latin1(valid.char_indices().collect(), err);
    plan.check("utf8_to_latin1", src, &caps(n), &|s, d| to(rapidutf::utf8_to_latin1(s, d)));
    for &k in &kernels {
        plan.check(k.name(), src, &caps(n), &|s, d| to(k.utf8_to_latin1(s, d)));
    }
    let plan = to_windows1252(valid.char_indices().collect(), err);
    plan.check("utf8_to_windows1252", src, &caps(n), &|s, d| {
        to(rapidutf::utf8_to_windows1252(s, d))
    });

    // From UTF-16, in every byte order.
    let units = as_u16s(src);
    let n = units.len();
    let (chars, err) = utf16_chars(&units);
    let plan = to_latin1(chars.clone(), err);
    plan.check("utf16_to_latin1", &units, &caps(n), &|s, d| to(rapidutf::utf16_to_latin1(s, d)));
    let le: Vec<u16> = units.iter().map(|&u| u.to_le()).collect();
    let be: Vec<u16> = units.iter().map(|&u| u.to_be()).collect();
    plan.check("utf16le_to_latin1", &le, &caps(n), &|s, d| to(rapidutf::utf16le_to_latin1(s, d)));
    plan.check("utf16be_to_latin1", &be, &caps(n), &|s, d| to(rapidutf::utf16be_to_latin1(s, d)));
    for &k in &kernels {
        plan.check(k.name(), &le, &caps(n), &|s, d| to(k.utf16le_to_latin1(s, d)));
        plan.check(k.name(), &be, &caps(n), &|s, d| to(k.utf16be_to_latin1(s, d)));
    }
    let plan = to_windows1252(chars, err);
    plan.check("utf16_to_windows1252", &units, &caps(n), &|s, d| {
        to(rapidutf::utf16_to_windows1252(s, d))
    });
    plan.check("utf16le_to_windows1252", &le, &caps(n), &|s, d| {
        to(rapidutf::utf16le_to_windows1252(s, d))
    });
    plan.check("utf16be_to_windows1252", &be, &caps(n), &|s, d| {
        to(rapidutf::utf16be_to_windows1252(s, d))
    });

    // From UTF-32.
    let values = as_u32s(src);
    let n = values.len();
    let (mut chars, mut err) = (Vec::new(), None);
    for (pos, &v) in values.iter().enumerate() {
        match char::from_u32(v) {
            Some(c) => chars.push((pos, c)),
            None => {
                err = Some(pos);
                break;
            }
        }
    }
    let plan = to_latin1(chars.clone(), err);
    plan.check("utf32_to_latin1", &values, &caps(n), &|s, d| to(rapidutf::utf32_to_latin1(s, d)));
    for &k in &kernels {
        plan.check(k.name(), &values, &caps(n), &|s, d| to(k.utf32_to_latin1(s, d)));
    }
    let plan = to_windows1252(chars, err);
    plan.check("utf32_to_windows1252", &values, &caps(n), &|s, d| {
        to(rapidutf::utf32_to_windows1252(s, d))
    });

    // The length functions.
    assert_eq!(rapidutf::utf8_len_from_latin1(src), plan8.expect(usize::MAX).1.len());
    for &k in &kernels {
        assert_eq!(k.utf8_len_from_latin1(src), plan8.expect(usize::MAX).1.len(), "{k}");
    }
}
