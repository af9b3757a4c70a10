//! `rapidutf::uninit`: every conversion into uninitialised memory agrees
//! with its buffer counterpart (result and output, at every `dst` size
//! that matters), and the bounded lossy decoders, called again and again
//! on what is left with a small buffer each time, produce std's output
//! exactly, dense errors included.

use rapidutf::uninit;
use rapidutf::{ErrorStrategy, TranscodeError};
use std::mem::MaybeUninit;

/// Inputs for the lossy decoders: valid text of every character length,
/// dense and sparse errors, truncated characters, long ASCII runs after an
/// error (where the scalar loop hands back to the kernel).
fn broken_utf8() -> Vec<Vec<u8>> {
    let text = "aé€😀 Grüße, 你好 ".repeat(4);
    let mut sparse = text.clone().into_bytes();
    sparse[17] = 0xFF;
    vec![
        Vec::new(),
        text.clone().into_bytes(),
        sparse,
        vec![0xFF; 100],
        vec![0x80; 70],
        b"a\xFF".repeat(40),
        b"\xE2\x82a".repeat(30),
        b"\xF0\x9F\x98".repeat(20),
        [&b"\xC0"[..], &b"x".repeat(100), b"\xED\xA0\x80", text.as_bytes(), b"\xF4\x90"].concat(),
        [text.as_bytes(), b"\xE2\x82"].concat(),
    ]
}

/// `dst` of `n` uninitialised units, converted into by `f`; returns the
/// result and the units it reports as written.
fn into_uninit<T: Copy, E>(
    n: usize,
    f: impl FnOnce(&mut [MaybeUninit<T>]) -> Result<usize, TranscodeError<E>>,
) -> (Result<usize, TranscodeError<E>>, Vec<T>) {
    let mut v: Vec<T> = Vec::with_capacity(n);
    let r = f(&mut v.spare_capacity_mut()[..n]);
    let written = match &r {
        Ok(w) => *w,
        Err(e) => e.written(),
    };
    assert!(written <= n);
    // SAFETY: the conversion initialised the first `written` units (the
    // module's guarantee, which this test exercises).
    unsafe { v.set_len(written) };
    (r, v)
}

/// Decodes `src` with `f` through a buffer of `room` units at a time, on
/// what each call left: the concatenated output.
fn in_pieces<S: Copy, T: Copy>(
    src: &[S],
    room: usize,
    f: impl Fn(&[S], &mut [MaybeUninit<T>]) -> Result<usize, TranscodeError<std::convert::Infallible>>,
) -> Vec<T> {
    let (mut out, mut rest) = (Vec::new(), src);
    loop {
        let (r, piece) = into_uninit(room, |d| f(rest, d));
        out.extend_from_slice(&piece);
        match r {
            Ok(_) => return out,
            Err(TranscodeError::OutputTooSmall { read, .. }) => {
                assert!(read > 0 || !piece.is_empty(), "no progress with {room} units of room");
                rest = &rest[read..];
            }
            Err(e) => panic!("{e:?}"),
        }
    }
}

#[test]
fn lossy_in_pieces_is_std() {
    for src in broken_utf8() {
        let want = String::from_utf8_lossy(&src).into_owned();
        let want16: Vec<u16> = want.encode_utf16().collect();
        for room in [4, 5, 7, 16, 3 * src.len()] {
            let got = in_pieces(&src, room, |s, d| {
                uninit::utf8_to_utf8_lossy(s, d, ErrorStrategy::Replace)
            });
            assert_eq!(
                String::from_utf8(got).as_deref(),
                Ok(want.as_str()),
                "{src:02X?}, room {room}"
            );
            let got = in_pieces(&src, room, |s, d| {
                uninit::utf8_to_utf16_lossy(s, d, ErrorStrategy::Replace)
            });
            assert_eq!(got, want16, "{src:02X?}, room {room}");
            let got = in_pieces(&src, room, |s, d| {
                uninit::utf8_to_utf16be_lossy(s, d, ErrorStrategy::Replace)
            });
            assert_eq!(got, want16.iter().map(|u| u.to_be()).collect::<Vec<_>>(), "{src:02X?}");
        }
        for &strategy in ErrorStrategy::ALL {
            let want = rapidutf::utf8_to_string_lossy_with(&src, strategy).into_owned();
            let want16 = rapidutf::utf8_to_utf16_lossy_with(&src, strategy);
            // Room for the widest replacement of a 3-byte subpart.
            for room in [9, 3 * src.len() + 9] {
                let got = in_pieces(&src, room, |s, d| uninit::utf8_to_utf8_lossy(s, d, strategy));
                assert_eq!(String::from_utf8(got).as_deref(), Ok(want.as_str()), "{strategy}");
                let got = in_pieces(&src, room, |s, d| uninit::utf8_to_utf16_lossy(s, d, strategy));
                assert_eq!(got, want16, "{strategy}");
            }
        }
        let units: Vec<u16> = String::from_utf8_lossy(&src).encode_utf16().collect();
        let mut with_lone = units.clone();
        for k in (3..with_lone.len()).step_by(7) {
            with_lone[k] = if k % 2 == 0 { 0xD800 } else { 0xDC00 };
        }
        for u in [units, with_lone, vec![0xD800; 50], [0x61, 0xDC00].repeat(30)] {
            let want = String::from_utf16_lossy(&u);
            for room in [4, 5, 16, 3 * u.len()] {
                let got = in_pieces(&u, room, uninit::utf16_to_utf8_lossy);
                assert_eq!(String::from_utf8(got).as_deref(), Ok(want.as_str()), "{u:04X?}");
                let le: Vec<u16> = u.iter().map(|x| x.to_le()).collect();
                let got = in_pieces(&le, room, uninit::utf16le_to_utf8_lossy);
                assert_eq!(String::from_utf8(got).as_deref(), Ok(want.as_str()), "{u:04X?}");
            }
        }
    }
}

/// [`in_pieces`] for a `_report` form: the concatenated output and the
/// sum of the calls' replacement counts.
fn in_pieces_counted<S: Copy, T: Copy>(
    src: &[S],
    room: usize,
    f: impl Fn(
        &[S],
        &mut [MaybeUninit<T>],
    ) -> rapidutf::Lossy<Result<usize, TranscodeError<std::convert::Infallible>>>,
) -> (Vec<T>, usize) {
    let counted = std::cell::Cell::new(0);
    let out = in_pieces(src, room, |s, d| {
        let r = f(s, d);
        counted.set(counted.get() + r.replaced);
        r.output
    });
    (out, counted.get())
}

#[test]
fn lossy_reports_in_pieces_count_what_std_replaces() {
    for src in broken_utf8() {
        let subparts = src.utf8_chunks().filter(|c| !c.invalid().is_empty()).count();
        for &strategy in ErrorStrategy::ALL {
            let want = rapidutf::utf8_to_string_lossy_with(&src, strategy).into_owned();
            let want16 = rapidutf::utf8_to_utf16_lossy_with(&src, strategy);
            let le: Vec<u16> = want16.iter().map(|u| u.to_le()).collect();
            let be: Vec<u16> = want16.iter().map(|u| u.to_be()).collect();
            for room in [9, 16, 3 * src.len() + 9] {
                let ctx = format!("{src:02X?}, {strategy}, room {room}");
                let (got, n) = in_pieces_counted(&src, room, |s, d| {
                    uninit::utf8_to_utf8_lossy_report(s, d, strategy)
                });
                assert_eq!(
                    (String::from_utf8(got).as_deref(), n),
                    (Ok(want.as_str()), subparts),
                    "{ctx}"
                );
                let (got, n) = in_pieces_counted(&src, room, |s, d| {
                    uninit::utf8_to_utf16_lossy_report(s, d, strategy)
                });
                assert_eq!((&got, n), (&want16, subparts), "{ctx}");
                let (got, n) = in_pieces_counted(&src, room, |s, d| {
                    uninit::utf8_to_utf16le_lossy_report(s, d, strategy)
                });
                assert_eq!((&got, n), (&le, subparts), "{ctx}");
                let (got, n) = in_pieces_counted(&src, room, |s, d| {
                    uninit::utf8_to_utf16be_lossy_report(s, d, strategy)
                });
                assert_eq!((&got, n), (&be, subparts), "{ctx}");
            }
        }
        // The lossy encoders, against their crate-root forms in one call.
        let text = String::from_utf8_lossy(&src).into_owned();
        for room in [1, 2, 7, src.len() + 1] {
            let ctx = format!("{src:02X?}, room {room}");
            let whole = rapidutf::utf8_to_latin1_lossy_vec(&src, b'?');
            let got =
                in_pieces_counted(&src, room, |s, d| uninit::utf8_to_latin1_lossy(s, d, b'?'));
            assert_eq!(got, (whole.output, whole.replaced), "latin1 {ctx}");
            let whole = rapidutf::utf8_to_windows1252_lossy_vec(&src, b'?');
            let got =
                in_pieces_counted(&src, room, |s, d| uninit::utf8_to_windows1252_lossy(s, d, b'?'));
            assert_eq!(got, (whole.output, whole.replaced), "windows-1252 {ctx}");
            // A `str`, cut between calls where the last one stopped: a
            // character boundary, so each rest is text again.
            let pieces = in_pieces_counted(text.as_bytes(), room, |s, d| {
                let rest = std::str::from_utf8(s).expect("a call stopped inside a character");
                uninit::str_to_windows1252_lossy(rest, d, b'?')
            });
            let whole = rapidutf::str_to_windows1252_lossy_vec(&text, b'?');
            assert_eq!(pieces, (whole.output, whole.replaced), "str windows-1252 {ctx}");
            let whole = rapidutf::str_to_latin1_lossy_vec(&text, b'?');
            let mut buf = vec![0u8; text.len()];
            let r = into_uninit(text.len(), |d| uninit::str_to_latin1_lossy(&text, d, b'?').output);
            let n = rapidutf::str_to_latin1_lossy(&text, &mut buf, b'?').unwrap().output;
            assert_eq!((r.0, &r.1[..]), (Ok(n), &whole.output[..]), "str latin1 {ctx}");
        }
        let units: Vec<u16> = String::from_utf8_lossy(&src).encode_utf16().collect();
        let mut with_lone = units.clone();
        for k in (3..with_lone.len()).step_by(7) {
            with_lone[k] = if k % 2 == 0 { 0xD800 } else { 0xDC00 };
        }
        for u in [units, with_lone, vec![0xD800; 50], [0x61, 0xDC00].repeat(30)] {
            let want = String::from_utf16_lossy(&u);
            let unpaired = char::decode_utf16(u.iter().copied()).filter(Result::is_err).count();
            let le: Vec<u16> = u.iter().map(|x| x.to_le()).collect();
            let be: Vec<u16> = u.iter().map(|x| x.to_be()).collect();
            for room in [4, 5, 16, 3 * u.len()] {
                let ctx = format!("{u:04X?}, room {room}");
                let want = (Ok(want.as_str()), unpaired);
                let (got, n) = in_pieces_counted(&u, room, uninit::utf16_to_utf8_lossy_report);
                assert_eq!((String::from_utf8(got).as_deref(), n), want, "{ctx}");
                let (got, n) = in_pieces_counted(&le, room, uninit::utf16le_to_utf8_lossy_report);
                assert_eq!((String::from_utf8(got).as_deref(), n), want, "{ctx}");
                let (got, n) = in_pieces_counted(&be, room, uninit::utf16be_to_utf8_lossy_report);
                assert_eq!((String::from_utf8(got).as_deref(), n), want, "{ctx}");
            }
        }
    }
}

/// Runs the uninit conversion `u` and the buffer one `b` on `src` with
/// `n` units of room: the same result and output.
fn agree<
    S: ?Sized,
    T: Copy + Default + PartialEq + std::fmt::Debug,
    E: PartialEq + std::fmt::Debug,
>(
    name: &str,
    src: &S,
    n: usize,
    u: impl FnOnce(&S, &mut [MaybeUninit<T>]) -> Result<usize, TranscodeError<E>>,
    b: impl FnOnce(&S, &mut [T]) -> Result<usize, TranscodeError<E>>,
) {
    let (r, got) = into_uninit(n, |d| u(src, d));
    let mut want = vec![T::default(); n];
    let w = b(src, &mut want);
    assert_eq!(r, w, "{name}, {n} units");
    assert_eq!(got[..], want[..got.len()], "{name}, {n} units");
}

#[test]
fn conversions_agree_with_their_buffer_forms() {
    for bytes in broken_utf8() {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut units_broken = units.clone();
        if let Some(u) = units_broken.get_mut(3) {
            *u = 0xDC00;
        }
        let values: Vec<u32> = text.chars().map(u32::from).chain([0xD800]).collect();
        let chars: Vec<char> = text.chars().collect();
        let n = bytes.len().max(units.len()) * 4;
        // Byte input: the raw bytes (any errors, any length), and text as
        // UTF-16LE/BE and UTF-32LE/BE bytes with an odd byte after it, one
        // byte past an aligned start.
        let mut as_bytes = vec![bytes.clone()];
        for enc in [u16::to_le_bytes, u16::to_be_bytes] {
            as_bytes.push(units_broken.iter().flat_map(|&u| enc(u)).chain([0x41]).collect());
        }
        for enc in [u32::to_le_bytes, u32::to_be_bytes] {
            as_bytes.push(values.iter().flat_map(|&v| enc(v)).chain([0x41]).collect());
        }
        for b in &as_bytes {
            let mut shifted = vec![0u8];
            shifted.extend_from_slice(b);
            for src in [&b[..], &shifted[1..]] {
                for room in [0, 1, 5, src.len() / 3, 2 * src.len()] {
                    let (u, b) = (uninit::utf16le_bytes_to_utf8, rapidutf::utf16le_bytes_to_utf8);
                    agree("utf16le_bytes_to_utf8", src, room, u, b);
                    let (u, b) = (uninit::utf16be_bytes_to_utf8, rapidutf::utf16be_bytes_to_utf8);
                    agree("utf16be_bytes_to_utf8", src, room, u, b);
                    let (u, b) = (uninit::utf32le_bytes_to_utf8, rapidutf::utf32le_bytes_to_utf8);
                    agree("utf32le_bytes_to_utf8", src, room, u, b);
                    let (u, b) = (uninit::utf32be_bytes_to_utf8, rapidutf::utf32be_bytes_to_utf8);
                    agree("utf32be_bytes_to_utf8", src, room, u, b);
                }
            }
        }
        for room in [0, 1, 5, n / 3, n] {
            agree(
                "utf8_to_utf16",
                &bytes[..],
                room,
                uninit::utf8_to_utf16,
                rapidutf::utf8_to_utf16,
            );
            agree(
                "utf8_to_utf16le",
                &bytes[..],
                room,
                uninit::utf8_to_utf16le,
                rapidutf::utf8_to_utf16le,
            );
            agree(
                "utf8_to_utf16be",
                &bytes[..],
                room,
                uninit::utf8_to_utf16be,
                rapidutf::utf8_to_utf16be,
            );
            agree(
                "utf8_to_utf32",
                &bytes[..],
                room,
                uninit::utf8_to_utf32,
                rapidutf::utf8_to_utf32,
            );
            agree(
                "utf8_to_latin1",
                &bytes[..],
                room,
                uninit::utf8_to_latin1,
                rapidutf::utf8_to_latin1,
            );
            agree(
                "utf8_to_windows1252",
                &bytes[..],
                room,
                uninit::utf8_to_windows1252,
                rapidutf::utf8_to_windows1252,
            );
            agree(
                "latin1_to_utf8",
                &bytes[..],
                room,
                uninit::latin1_to_utf8,
                rapidutf::latin1_to_utf8,
            );
            agree(
                "latin1_to_utf16",
                &bytes[..],
                room,
                uninit::latin1_to_utf16,
                rapidutf::latin1_to_utf16,
            );
            agree(
                "latin1_to_utf16be",
                &bytes[..],
                room,
                uninit::latin1_to_utf16be,
                rapidutf::latin1_to_utf16be,
            );
            agree(
                "latin1_to_utf32",
                &bytes[..],
                room,
                uninit::latin1_to_utf32,
                rapidutf::latin1_to_utf32,
            );
            agree(
                "windows1252_to_utf8",
                &bytes[..],
                room,
                uninit::windows1252_to_utf8,
                rapidutf::windows1252_to_utf8,
            );
            agree(
                "windows1252_to_utf16le",
                &bytes[..],
                room,
                uninit::windows1252_to_utf16le,
                rapidutf::windows1252_to_utf16le,
            );
            agree(
                "windows1252_to_utf32",
                &bytes[..],
                room,
                uninit::windows1252_to_utf32,
                rapidutf::windows1252_to_utf32,
            );
            for u16s in [&units, &units_broken] {
                agree(
                    "utf16_to_utf8",
                    &u16s[..],
                    room,
                    uninit::utf16_to_utf8,
                    rapidutf::utf16_to_utf8,
                );
                agree(
                    "utf16be_to_utf8",
                    &u16s[..],
                    room,
                    uninit::utf16be_to_utf8,
                    rapidutf::utf16be_to_utf8,
                );
                agree(
                    "utf16le_to_utf32",
                    &u16s[..],
                    room,
                    uninit::utf16le_to_utf32,
                    rapidutf::utf16le_to_utf32,
                );
                agree(
                    "utf16_to_latin1",
                    &u16s[..],
                    room,
                    uninit::utf16_to_latin1,
                    rapidutf::utf16_to_latin1,
                );
                agree(
                    "utf16_to_windows1252",
                    &u16s[..],
                    room,
                    uninit::utf16_to_windows1252,
                    rapidutf::utf16_to_windows1252,
                );
                agree(
                    "utf16be_to_windows1252",
                    &u16s[..],
                    room,
                    uninit::utf16be_to_windows1252,
                    rapidutf::utf16be_to_windows1252,
                );
            }
            agree(
                "utf32_to_utf8",
                &values[..],
                room,
                uninit::utf32_to_utf8,
                rapidutf::utf32_to_utf8,
            );
            agree(
                "utf32_to_utf16",
                &values[..],
                room,
                uninit::utf32_to_utf16,
                rapidutf::utf32_to_utf16,
            );
            agree(
                "utf32_to_utf16be",
                &values[..],
                room,
                uninit::utf32_to_utf16be,
                rapidutf::utf32_to_utf16be,
            );
            agree(
                "utf32_to_latin1",
                &values[..],
                room,
                uninit::utf32_to_latin1,
                rapidutf::utf32_to_latin1,
            );
            agree(
                "utf32_to_windows1252",
                &values[..],
                room,
                uninit::utf32_to_windows1252,
                rapidutf::utf32_to_windows1252,
            );
            agree(
                "str_to_utf16",
                text.as_str(),
                room,
                uninit::str_to_utf16,
                rapidutf::str_to_utf16,
            );
            agree(
                "str_to_utf16be",
                text.as_str(),
                room,
                uninit::str_to_utf16be,
                rapidutf::str_to_utf16be,
            );
            agree(
                "str_to_utf32",
                text.as_str(),
                room,
                uninit::str_to_utf32,
                rapidutf::str_to_utf32,
            );
            agree(
                "chars_to_utf8",
                &chars[..],
                room,
                uninit::chars_to_utf8,
                rapidutf::chars_to_utf8,
            );
            agree(
                "chars_to_utf16",
                &chars[..],
                room,
                uninit::chars_to_utf16,
                rapidutf::chars_to_utf16,
            );
            agree(
                "chars_to_utf16le",
                &chars[..],
                room,
                uninit::chars_to_utf16le,
                rapidutf::chars_to_utf16le,
            );
        }
    }
}

/// Dense errors of the kind the lossy decoders take eight bytes at a time
/// (ASCII mixed with bytes that are a maximal invalid subpart on their
/// own), with a character of every length and a truncated one now and
/// then so that both paths alternate at every alignment: at every room,
/// in pieces, the output is std's and nothing is written past what each
/// call reports (the C ABI's promise rests on it).
#[test]
fn dense_lossy_writes_exactly_what_it_reports() {
    const SINGLES: [u8; 8] = [0x80, 0x9F, 0xBF, 0xC0, 0xC1, 0xF5, 0xFE, 0xFF];
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut inputs = Vec::new();
    for len in [8, 9, 15, 16, 17, 23, 24, 25, 40, 64, 97] {
        for leads in [false, true] {
            let mut v = Vec::new();
            while v.len() < len {
                let r = next();
                match r % 16 {
                    0..=7 => v.push(b'a' + (r >> 8) as u8 % 26),
                    15 if leads => {
                        v.extend_from_slice(["é", "€", "😀"][(r >> 8) as usize % 3].as_bytes())
                    }
                    14 if leads => v.extend_from_slice(b"\xE2\x82"),
                    _ => v.push(SINGLES[(r >> 8) as usize % 8]),
                }
            }
            inputs.push(v);
        }
    }
    for src in &inputs {
        let want = String::from_utf8_lossy(src).into_owned();
        let want16: Vec<u16> = want.encode_utf16().collect();
        for room in 4..=want.len() + 2 {
            let out = in_pieces_guarded(src, room, 0xA5u8, |s, d| {
                uninit::utf8_to_utf8_lossy(s, d, ErrorStrategy::Replace)
            });
            assert_eq!(String::from_utf8(out).as_deref(), Ok(want.as_str()), "room {room}");
        }
        for room in 2..=want16.len() + 1 {
            let out = in_pieces_guarded(src, room, 0xA5A5u16, |s, d| {
                uninit::utf8_to_utf16_lossy(s, d, ErrorStrategy::Replace)
            });
            assert_eq!(out, want16, "room {room}");
        }
    }
}

/// [`in_pieces`] into a buffer of `room` units filled with `fill`, a value
/// the output never holds (here: 0xA5 is not a byte of ASCII, of U+FFFD
/// or of the characters the inputs hold, nor 0xA5A5 one of their units),
/// checking after every call that no unit past what it reports was
/// written.
fn in_pieces_guarded<T: Copy + PartialEq + std::fmt::Debug>(
    src: &[u8],
    room: usize,
    fill: T,
    f: impl Fn(&[u8], &mut [MaybeUninit<T>]) -> Result<usize, TranscodeError<std::convert::Infallible>>,
) -> Vec<T> {
    let (mut out, mut rest) = (Vec::new(), src);
    loop {
        let mut buf = vec![fill; room];
        // SAFETY: `T` and `MaybeUninit<T>` have the same layout, and the
        // decoder writes only initialised units.
        let dst = unsafe { &mut *(&mut buf[..] as *mut [T] as *mut [MaybeUninit<T>]) };
        let r = f(rest, dst);
        let (read, written) = match r {
            Ok(w) => (rest.len(), w),
            Err(TranscodeError::OutputTooSmall { read, written }) => (read, written),
            Err(e) => panic!("{e:?}"),
        };
        assert!(buf[written..].iter().all(|&u| u == fill), "{src:02X?}, room {room}");
        out.extend_from_slice(&buf[..written]);
        rest = &rest[read..];
        if r.is_ok() {
            return out;
        }
        assert!(read > 0 || written > 0, "no progress, room {room}");
    }
}
