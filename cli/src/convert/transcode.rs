//! One transcoder call: a piece of input in one form, converted whole into
//! another by the library's functions, or the first place where that
//! stops (invalid input, or a character the output lacks).
//!
//! The library covers the UTF forms, Latin-1 and Windows-1252; the
//! restricted forms are built on them here:
//!
//! - **ASCII input** is Latin-1 up to its first byte above 7F, which is
//!   illegal input.
//! - **UCS-2 input** is UTF-16 up to its first surrogate unit, which is
//!   illegal input (UCS-2 has no surrogate pairs).
//! - **ASCII output**: every character below U+0080 is written as its
//!   byte; the first other character is unrepresentable, unless the input
//!   is invalid there.
//! - **UCS-2 output** is UTF-16 up to the first supplementary character,
//!   which is unrepresentable.
//!
//! Each finds its stopping place by a scan that stops there, so a
//! conversion that stops often (`//TRANSLIT` of accented text to ASCII)
//! costs time in proportion to the distance between stops, not to the
//! rest of the input.

use crate::encoding::{Derivative, Form, Legacy, Order};
use rapidutf::{
    Latin1Error, Latin1ErrorKind, TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error,
    Utf32ErrorKind, Utf8Error, Utf8ErrorKind,
};
use std::convert::Infallible;

/// The input of one transcoder call: units as the library takes them.
#[derive(Clone, Copy)]
pub enum Src<'a> {
    /// UTF-8 bytes.
    U8(&'a [u8]),
    /// UTF-16 units in memory order, with their byte order.
    U16(&'a [u16], Order),
    /// UCS-2 units in memory order, with their byte order.
    Ucs2(&'a [u16], Order),
    /// UTF-32 values.
    U32(&'a [u32]),
    /// Bytes of an 8-bit encoding.
    Legacy(&'a [u8], Legacy),
}

impl<'a> Src<'a> {
    /// Its length in units.
    pub fn len(self) -> usize {
        match self {
            Src::U8(s) | Src::Legacy(s, _) => s.len(),
            Src::U16(s, _) | Src::Ucs2(s, _) => s.len(),
            Src::U32(s) => s.len(),
        }
    }

    /// Units `range` of it.
    pub fn slice(self, range: std::ops::Range<usize>) -> Src<'a> {
        match self {
            Src::U8(s) => Src::U8(&s[range]),
            Src::U16(s, o) => Src::U16(&s[range], o),
            Src::Ucs2(s, o) => Src::Ucs2(&s[range], o),
            Src::U32(s) => Src::U32(&s[range]),
            Src::Legacy(s, l) => Src::Legacy(&s[range], l),
        }
    }
}

/// What is wrong with invalid input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// Invalid UTF-8.
    Utf8(Utf8ErrorKind),
    /// Invalid UTF-16.
    Utf16(Utf16ErrorKind),
    /// An invalid UTF-32 value.
    Utf32(Utf32ErrorKind),
    /// A byte above 7F in ASCII input.
    NotAscii,
    /// A surrogate unit in UCS-2 input.
    Ucs2Surrogate,
}

/// Why a transcoder call stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Invalid input at unit `at` of the call's input, `len` units long
    /// (`None`: the input ends inside a character).
    Invalid { at: usize, len: Option<usize>, why: Why },
    /// Character `ch` at unit `at`, `len` units long, which the output
    /// cannot represent.
    Unrepresentable { at: usize, len: usize, ch: char },
    /// The library broke its documented contract.
    Internal(&'static str),
}

impl From<Utf8Error> for Stop {
    fn from(e: Utf8Error) -> Stop {
        Stop::Invalid { at: e.valid_up_to(), len: e.error_len(), why: Why::Utf8(e.kind()) }
    }
}

impl From<Utf32Error> for Stop {
    fn from(e: Utf32Error) -> Stop {
        Stop::Invalid { at: e.valid_up_to(), len: Some(1), why: Why::Utf32(e.kind()) }
    }
}

/// A UTF-16 error over `n` units; a high surrogate in the last unit is an
/// incomplete character (the converter only passes one on at the very end
/// of the input).
fn utf16_stop(e: Utf16Error, n: usize) -> Stop {
    let at = e.valid_up_to();
    let incomplete = e.kind() == Utf16ErrorKind::UnpairedHigh && at + 1 == n;
    let len = if incomplete { None } else { Some(1) };
    Stop::Invalid { at, len, why: Why::Utf16(e.kind()) }
}

/// A conversion error towards a legacy encoding: the input's own error
/// (`invalid` turns it into a [`Stop`]) or a character the output cannot
/// represent, whose width in input units `width` gives.
fn legacy_stop<E: Copy>(
    e: Latin1Error<E>,
    invalid: impl FnOnce(E) -> Stop,
    width: impl FnOnce(char) -> usize,
) -> Stop {
    let at = e.valid_up_to();
    match e.kind() {
        Latin1ErrorKind::Invalid(e) => invalid(e),
        Latin1ErrorKind::Unrepresentable(ch) => Stop::Unrepresentable { at, len: width(ch), ch },
        _ => Stop::Internal("an error this version of the CLI does not know"),
    }
}

/// Scratch buffers for transcoder output, reused across windows.
#[derive(Default)]
pub struct Out {
    pub bytes: Vec<u8>,
    pub units: Vec<u16>,
    values: Vec<u32>,
}

/// The signature of the library's transcoders.
type Transcoder<S, D, E> = fn(&[S], &mut [D]) -> Result<usize, TranscodeError<E>>;

/// Runs transcoder `f` from `src` into `buf`, which is grown to `bound`
/// elements (a size the library documents as always sufficient); `stop`
/// turns an input error into a [`Stop`].
fn run_into<'b, S, D: bytemuck::Pod, E>(
    f: Transcoder<S, D, E>,
    src: &[S],
    buf: &'b mut Vec<D>,
    bound: usize,
    stop: impl FnOnce(E) -> Stop,
) -> Result<&'b mut [D], Stop> {
    if buf.len() < bound {
        buf.resize(bound, D::zeroed());
    }
    match f(src, &mut buf[..bound]) {
        Ok(n) => Ok(&mut buf[..n]),
        Err(TranscodeError::Invalid { error: e, .. }) => Err(stop(e)),
        Err(TranscodeError::OutputTooSmall { .. }) => {
            Err(Stop::Internal("output buffer of the documented size was too small"))
        }
        Err(_) => Err(Stop::Internal("an error this version of the CLI does not know")),
    }
}

/// Puts UTF-32 values into byte order `order`, in place.
fn order32(values: &mut [u32], order: Order) -> &[u32] {
    if order != Order::NATIVE {
        for v in values.iter_mut() {
            *v = v.swap_bytes();
        }
    }
    values
}

/// The library's UTF-8 encoder of Latin-1 or Windows-1252. (ASCII output
/// never comes here: [`transcode`] sends it to its own path first.)
fn legacy_encoder(l: Legacy) -> Transcoder<u8, u8, Latin1Error<Utf8Error>> {
    match l {
        Legacy::Latin1 | Legacy::Ascii => rapidutf::utf8_to_latin1,
        Legacy::Cp1252 => rapidutf::utf8_to_windows1252,
    }
}

/// The index of the first element of `s` that `hit` accepts, scanning in
/// blocks that the compiler vectorises.
fn first_index<T: Copy>(s: &[T], hit: impl Fn(T) -> bool + Copy) -> Option<usize> {
    const BLOCK: usize = 64;
    let mut base = 0;
    for block in s.chunks(BLOCK) {
        if block.iter().fold(false, |any, &x| any | hit(x)) {
            return block.iter().position(|&x| hit(x)).map(|i| base + i);
        }
        base += block.len();
    }
    None
}

fn is_surrogate(u: u16) -> bool {
    (0xD800..=0xDFFF).contains(&u)
}

/// Converts all of `src` to `to`: the output bytes, borrowed from `src`
/// itself when no change is needed, else from `out`.
///
/// # Errors
///
/// The first place where the conversion stops.
pub fn transcode<'a>(src: Src<'a>, to: Form, out: &'a mut Out) -> Result<&'a [u8], Stop> {
    // The restricted inputs: the part before their first unit outside the
    // restriction is plain UTF-8 or UTF-16.
    let (plain, restricted) = match src {
        // ASCII text is Latin-1 text too.
        Src::Legacy(s, Legacy::Ascii) => match first_index(s, |b| b >= 0x80) {
            Some(at) => (
                Src::Legacy(&s[..at], Legacy::Latin1),
                Some(Stop::Invalid { at, len: Some(1), why: Why::NotAscii }),
            ),
            None => (Src::Legacy(s, Legacy::Latin1), None),
        },
        Src::Ucs2(s, o) => match first_index(s, |u| is_surrogate(o.read16(u))) {
            Some(at) => (
                Src::U16(&s[..at], o),
                Some(Stop::Invalid { at, len: Some(1), why: Why::Ucs2Surrogate }),
            ),
            None => (Src::U16(s, o), None),
        },
        other => (other, None),
    };
    match restricted {
        // A problem before the restricted unit comes first.
        Some(stop) => match transcode_plain(plain, to, out) {
            Ok(_) => Err(stop),
            Err(e) => Err(e),
        },
        None => transcode_plain(plain, to, out),
    }
}

/// [`transcode`] of UTF-8, UTF-16, UTF-32, Latin-1 or Windows-1252 input.
fn transcode_plain<'a>(src: Src<'a>, to: Form, out: &'a mut Out) -> Result<&'a [u8], Stop> {
    match to {
        Form::Legacy(Legacy::Ascii) => to_ascii(src, out),
        Form::Ucs2(o) => to_ucs2(src, o, out),
        _ => to_unicode_or_legacy(src, to, out),
    }
}

/// The first character of `src` at or above U+0080 (at `at`, `len` units,
/// valid or not), if any: where ASCII output stops.
fn first_non_ascii(src: Src<'_>) -> Option<usize> {
    match src {
        Src::U8(s) | Src::Legacy(s, _) => first_index(s, |b| b >= 0x80),
        Src::U16(s, o) | Src::Ucs2(s, o) => first_index(s, |u| o.read16(u) >= 0x80),
        Src::U32(s) => first_index(s, |v| v >= 0x80),
    }
}

/// ASCII output: the input up to its first character above U+007F, as
/// bytes; there, the input's error or an unrepresentable character.
fn to_ascii<'a>(src: Src<'a>, out: &'a mut Out) -> Result<&'a [u8], Stop> {
    let n = first_non_ascii(src).unwrap_or(src.len());
    if n < src.len() {
        // Judge the character at `n` alone: everything before it is ASCII.
        let one = src.slice(n..src.len().min(n + 4));
        let mut scratch = Out::default();
        return match to_unicode_or_legacy(one, Form::Utf8, &mut scratch) {
            Ok(bytes) => {
                let ch = std::str::from_utf8(bytes)
                    .ok()
                    .and_then(|s| s.chars().next())
                    .ok_or(Stop::Internal("a converted character is not UTF-8"))?;
                let len = match src {
                    Src::U8(_) => ch.len_utf8(),
                    Src::U16(..) | Src::Ucs2(..) => ch.len_utf16(),
                    Src::U32(_) | Src::Legacy(..) => 1,
                };
                Err(Stop::Unrepresentable { at: n, len, ch })
            }
            Err(Stop::Invalid { at: 0, len, why }) => Err(Stop::Invalid { at: n, len, why }),
            // The slice ends inside a character that goes on after it, or
            // holds a valid one followed by an error: the character at
            // `n` converts.
            Err(Stop::Invalid { at, .. }) => {
                let first = to_unicode_or_legacy(one.slice(0..at), Form::Utf8, &mut scratch)?;
                let ch = std::str::from_utf8(first)
                    .ok()
                    .and_then(|s| s.chars().next())
                    .ok_or(Stop::Internal("a converted character is not UTF-8"))?;
                let len = match src {
                    Src::U8(_) => ch.len_utf8(),
                    Src::U16(..) | Src::Ucs2(..) => ch.len_utf16(),
                    Src::U32(_) | Src::Legacy(..) => 1,
                };
                Err(Stop::Unrepresentable { at: n, len, ch })
            }
            Err(other) => Err(other),
        };
    }
    Ok(match src {
        Src::U8(s) | Src::Legacy(s, _) => s,
        Src::U16(s, o) | Src::Ucs2(s, o) => {
            out.bytes.clear();
            out.bytes.extend(s.iter().map(|&u| o.read16(u) as u8));
            &out.bytes
        }
        Src::U32(s) => {
            out.bytes.clear();
            out.bytes.extend(s.iter().map(|&v| v as u8));
            &out.bytes
        }
    })
}

/// UCS-2 output: UTF-16 up to the first supplementary character, which is
/// unrepresentable (or the input's error there).
fn to_ucs2<'a>(src: Src<'a>, o: Order, out: &'a mut Out) -> Result<&'a [u8], Stop> {
    // Where the first supplementary character may start: a 4-byte lead,
    // a surrogate, a value above FFFF. Everything before is BMP text or
    // an error that the UTF-16 conversion reports first.
    let n = match src {
        Src::U8(s) => first_index(s, |b| b >= 0xF0),
        Src::U16(s, from) | Src::Ucs2(s, from) => first_index(s, |u| is_surrogate(from.read16(u))),
        Src::U32(s) => first_index(s, |v| v > 0xFFFF),
        Src::Legacy(..) => None,
    };
    let Some(n) = n else { return to_unicode_or_legacy(src, Form::Utf16(o), out) };
    let one = src.slice(n..src.len().min(n + 4));
    let mut scratch = Out::default();
    let at_n = match to_unicode_or_legacy(one, Form::Utf8, &mut scratch) {
        Ok(bytes) => Ok(bytes),
        Err(Stop::Invalid { at, .. }) if at > 0 => {
            to_unicode_or_legacy(one.slice(0..at), Form::Utf8, &mut scratch)
        }
        Err(Stop::Invalid { at: 0, len, why }) => Err(Stop::Invalid { at: n, len, why }),
        Err(other) => Err(other),
    };
    let stop = match at_n {
        Ok(bytes) => {
            let ch = std::str::from_utf8(bytes)
                .ok()
                .and_then(|s| s.chars().next())
                .ok_or(Stop::Internal("a converted character is not UTF-8"))?;
            let len = match src {
                Src::U8(_) => 4,
                Src::U16(..) | Src::Ucs2(..) => 2,
                Src::U32(_) | Src::Legacy(..) => 1,
            };
            Stop::Unrepresentable { at: n, len, ch }
        }
        Err(stop) => stop,
    };
    // An error before the supplementary character comes first.
    match to_unicode_or_legacy(src.slice(0..n), Form::Utf16(o), out) {
        Ok(_) => Err(stop),
        Err(e) => Err(e),
    }
}

/// [`transcode`] between the library's forms: UTF-8, UTF-16, UTF-32 and
/// the derivatives' UTF-8 bytes on either side, Latin-1 and Windows-1252
/// on either side.
fn to_unicode_or_legacy<'a>(src: Src<'a>, to: Form, out: &'a mut Out) -> Result<&'a [u8], Stop> {
    use rapidutf as r;
    let n = src.len();
    Ok(match (src, to) {
        (Src::Legacy(_, Legacy::Ascii) | Src::Ucs2(..), _) => {
            return Err(Stop::Internal("a restricted input reached the plain transcoders"))
        }
        (_, Form::Legacy(Legacy::Ascii) | Form::Ucs2(_)) => {
            return Err(Stop::Internal("a restricted output reached the plain transcoders"))
        }
        (Src::U8(s), Form::Utf8) => {
            r::validate_utf8(s)?;
            s
        }
        (Src::U8(s), Form::Utf16(o)) => {
            let f = match o {
                Order::Le => r::utf8_to_utf16le,
                Order::Be => r::utf8_to_utf16be,
            };
            bytemuck::cast_slice(run_into(f, s, &mut out.units, n, Stop::from)?)
        }
        (Src::U8(s), Form::Utf32(o)) => bytemuck::cast_slice(order32(
            run_into(r::utf8_to_utf32, s, &mut out.values, n, Stop::from)?,
            o,
        )),
        (Src::U16(s, o), Form::Utf8) => {
            let f = match o {
                Order::Le => r::utf16le_to_utf8,
                Order::Be => r::utf16be_to_utf8,
            };
            run_into(f, s, &mut out.bytes, 3 * n, |e| utf16_stop(e, n))?
        }
        (Src::U16(s, from), Form::Utf16(to)) => {
            let checked = match from {
                Order::Le => r::validate_utf16le(s),
                Order::Be => r::validate_utf16be(s),
            };
            checked.map_err(|e| utf16_stop(e, n))?;
            if from == to {
                bytemuck::cast_slice(s)
            } else {
                out.units.clear();
                out.units.extend(s.iter().map(|u| u.swap_bytes()));
                bytemuck::cast_slice(&out.units)
            }
        }
        (Src::U16(s, o), Form::Utf32(to)) => {
            let f = match o {
                Order::Le => r::utf16le_to_utf32,
                Order::Be => r::utf16be_to_utf32,
            };
            bytemuck::cast_slice(order32(
                run_into(f, s, &mut out.values, n, |e| utf16_stop(e, n))?,
                to,
            ))
        }
        (Src::U32(s), Form::Utf8) => {
            run_into(r::utf32_to_utf8, s, &mut out.bytes, 4 * n, Stop::from)?
        }
        (Src::U32(s), Form::Utf16(o)) => {
            let f = match o {
                Order::Le => r::utf32_to_utf16le,
                Order::Be => r::utf32_to_utf16be,
            };
            bytemuck::cast_slice(run_into(f, s, &mut out.units, 2 * n, Stop::from)?)
        }
        (Src::Legacy(s, from), Form::Legacy(to)) if from == to => s,
        (Src::Legacy(s, from), Form::Legacy(to)) => {
            // Through UTF-8: each character's position is its index.
            let text = legacy_decode(s, from);
            let f = legacy_encoder(to);
            run_into(f, text.as_bytes(), &mut out.bytes, n, |e| match e.kind() {
                Latin1ErrorKind::Unrepresentable(ch) => Stop::Unrepresentable {
                    at: text[..e.valid_up_to()].chars().count(),
                    len: 1,
                    ch,
                },
                _ => Stop::Internal("decoded legacy text is valid UTF-8"),
            })?
        }
        (Src::Legacy(s, l), Form::Utf8) => {
            let (f, bound): (Transcoder<u8, u8, Infallible>, usize) = match l {
                Legacy::Latin1 => (r::latin1_to_utf8, 2 * n),
                _ => (r::windows1252_to_utf8, 3 * n),
            };
            run_into(f, s, &mut out.bytes, bound, |never| match never {})?
        }
        (Src::Legacy(s, l), Form::Utf16(o)) => {
            let f = match (l, o) {
                (Legacy::Latin1, Order::Le) => r::latin1_to_utf16le,
                (Legacy::Latin1, Order::Be) => r::latin1_to_utf16be,
                (_, Order::Le) => r::windows1252_to_utf16le,
                (_, Order::Be) => r::windows1252_to_utf16be,
            };
            bytemuck::cast_slice(run_into(f, s, &mut out.units, n, |never| match never {})?)
        }
        (Src::Legacy(s, l), Form::Utf32(o)) => {
            let f = match l {
                Legacy::Latin1 => r::latin1_to_utf32,
                _ => r::windows1252_to_utf32,
            };
            bytemuck::cast_slice(order32(
                run_into(f, s, &mut out.values, n, |never| match never {})?,
                o,
            ))
        }
        (Src::Legacy(s, l), Form::Derived(d)) => {
            // Every character of a legacy encoding is in the BMP and is
            // a scalar value: each derivative writes it.
            let text = legacy_decode(s, l);
            out.bytes.clear();
            match d {
                Derivative::Cesu8 => {
                    out.bytes.extend_from_slice(&r::utf8_variants::utf8_to_cesu8_vec(&text))
                }
                Derivative::Mutf8 => {
                    out.bytes.extend_from_slice(&r::utf8_variants::utf8_to_mutf8_vec(&text))
                }
                Derivative::Wtf8 => out.bytes.extend_from_slice(text.as_bytes()),
                Derivative::Utf8mb3 => return Err(Stop::Internal("utf8mb3 is input only")),
            }
            &out.bytes
        }
        (Src::U8(s), Form::Legacy(l)) => run_into(legacy_encoder(l), s, &mut out.bytes, n, |e| {
            legacy_stop(e, Stop::from, char::len_utf8)
        })?,
        (Src::U16(s, o), Form::Legacy(l)) => {
            let f = match (l, o) {
                (Legacy::Latin1, Order::Le) => r::utf16le_to_latin1,
                (Legacy::Latin1, Order::Be) => r::utf16be_to_latin1,
                (_, Order::Le) => r::utf16le_to_windows1252,
                (_, Order::Be) => r::utf16be_to_windows1252,
            };
            run_into(f, s, &mut out.bytes, n, |e| {
                legacy_stop(e, |e| utf16_stop(e, n), char::len_utf16)
            })?
        }
        (Src::U32(s), Form::Legacy(l)) => {
            let f = match l {
                Legacy::Latin1 => r::utf32_to_latin1,
                _ => r::utf32_to_windows1252,
            };
            run_into(f, s, &mut out.bytes, n, |e| legacy_stop(e, Stop::from, |_| 1))?
        }
        (_, Form::Derived(_)) => return Err(Stop::Internal("derivative output in transcode")),
        (Src::U32(s), Form::Utf32(o)) => {
            r::validate_utf32(s)?;
            out.values.clear();
            out.values.extend_from_slice(s);
            bytemuck::cast_slice(order32(&mut out.values, o))
        }
    })
}

/// Latin-1 or Windows-1252 text (ASCII is either) as a `String`.
pub fn legacy_decode(s: &[u8], l: Legacy) -> String {
    match l {
        Legacy::Latin1 | Legacy::Ascii => rapidutf::latin1_to_string(s),
        Legacy::Cp1252 => rapidutf::windows1252_to_string(s),
    }
}

/// U+FFFD in each output form (`?` in the 8-bit ones).
pub fn replacement(to: Form) -> &'static [u8] {
    match to {
        // U+FFFD is in no 8-bit encoding: `?`, as Python's encoders with
        // errors='replace' write.
        Form::Legacy(_) => b"?",
        Form::Utf8 | Form::Derived(_) => "\u{FFFD}".as_bytes(),
        Form::Utf16(Order::Le) | Form::Ucs2(Order::Le) => b"\xFD\xFF",
        Form::Utf16(Order::Be) | Form::Ucs2(Order::Be) => b"\xFF\xFD",
        Form::Utf32(Order::Le) => b"\xFD\xFF\x00\x00",
        Form::Utf32(Order::Be) => b"\x00\x00\xFF\xFD",
    }
}

/// `text` in output form `to`, where a character the output lacks is a
/// `?` (the transliterations, the characters of `--errors=latin1`).
pub fn encode_str(text: &str, to: Form) -> Vec<u8> {
    match to {
        Form::Derived(Derivative::Cesu8) => {
            return rapidutf::utf8_variants::utf8_to_cesu8_vec(text).into_owned()
        }
        Form::Derived(Derivative::Mutf8) => {
            return rapidutf::utf8_variants::utf8_to_mutf8_vec(text).into_owned()
        }
        Form::Derived(_) => return text.as_bytes().to_vec(),
        _ => {}
    }
    let mut rest = text.as_bytes();
    let mut encoded = Vec::new();
    let mut out = Out::default();
    loop {
        match transcode(Src::U8(rest), to, &mut out) {
            Ok(bytes) => {
                encoded.extend_from_slice(bytes);
                return encoded;
            }
            Err(Stop::Unrepresentable { at, len, .. }) => {
                let mut prefix = Out::default();
                if let Ok(bytes) = transcode(Src::U8(&rest[..at]), to, &mut prefix) {
                    encoded.extend_from_slice(bytes);
                }
                encoded.extend_from_slice(replacement_char(to));
                rest = &rest[at + len..];
            }
            // `text` is a `str`: only an output without an encoder for it
            // (none today) gets here.
            Err(_) => return encoded,
        }
    }
}

/// `?` in output form `to`.
pub fn replacement_char(to: Form) -> &'static [u8] {
    match to {
        Form::Utf16(Order::Le) | Form::Ucs2(Order::Le) => b"?\0",
        Form::Utf16(Order::Be) | Form::Ucs2(Order::Be) => b"\0?",
        Form::Utf32(Order::Le) => b"?\0\0\0",
        Form::Utf32(Order::Be) => b"\0\0\0?",
        Form::Utf8 | Form::Derived(_) | Form::Legacy(_) => b"?",
    }
}

/// How many bytes at the end of UTF-8 `bytes` begin a character that
/// `bytes` does not finish (0 to 3). Cutting there never splits a valid
/// character; anything invalid in the tail is found when the next window
/// brings the rest.
pub fn incomplete_utf8_tail(bytes: &[u8]) -> usize {
    for back in 1..=bytes.len().min(3) {
        let b = bytes[bytes.len() - back];
        if b & 0xC0 != 0x80 {
            let len = match b {
                0xC0..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF7 => 4,
                _ => 1,
            };
            return if len > back { back } else { 0 };
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incomplete_tails() {
        assert_eq!(incomplete_utf8_tail(b""), 0);
        assert_eq!(incomplete_utf8_tail(b"abc"), 0);
        assert_eq!(incomplete_utf8_tail("a€".as_bytes()), 0);
        assert_eq!(incomplete_utf8_tail(b"a\xE2"), 1);
        assert_eq!(incomplete_utf8_tail(b"a\xE2\x82"), 2);
        assert_eq!(incomplete_utf8_tail(b"a\xF0\x9F\x98"), 3);
        assert_eq!(incomplete_utf8_tail("a😀".as_bytes()), 0);
        assert_eq!(incomplete_utf8_tail(b"\xC3"), 1);
        // Invalid bytes are left for the transcoder to report.
        assert_eq!(incomplete_utf8_tail(b"a\xFF"), 0);
        assert_eq!(incomplete_utf8_tail(b"\x80\x80\x80"), 0);
    }

    /// Every cut of a text into two windows converts like the whole text.
    #[test]
    fn every_split_of_utf8_converts_like_the_whole() {
        let text = "aé€😀\n𝄞z".as_bytes();
        for cut in 0..=text.len() {
            let first = &text[..cut];
            let keep = incomplete_utf8_tail(first);
            let mut out = Out::default();
            let a = transcode(Src::U8(&first[..cut - keep]), Form::Utf16(Order::Le), &mut out)
                .ok()
                .map(<[u8]>::to_vec)
                .expect("valid prefix");
            let b = transcode(Src::U8(&text[cut - keep..]), Form::Utf16(Order::Le), &mut out)
                .ok()
                .map(<[u8]>::to_vec)
                .expect("valid rest");
            let whole: Vec<u8> = std::str::from_utf8(text)
                .unwrap()
                .encode_utf16()
                .flat_map(|u| u.to_le_bytes())
                .collect();
            assert_eq!([a, b].concat(), whole, "cut at {cut}");
        }
    }

    /// The restricted forms stop where the first problem is, whichever
    /// comes first, against a character-by-character oracle.
    #[test]
    fn restricted_forms_stop_at_the_first_problem() {
        let ascii = Form::Legacy(Legacy::Ascii);
        let ucs2 = Form::Ucs2(Order::Le);
        type Case<'a> = (&'a [u8], Form, Result<&'a [u8], Stop>);
        let cases: [Case<'_>; 8] = [
            (b"abc", ascii, Ok(b"abc")),
            ("ab\u{e9}c".as_bytes(), ascii, Err(Stop::Unrepresentable { at: 2, len: 2, ch: 'é' })),
            (
                b"ab\xFF\xC3\xA9",
                ascii,
                Err(Stop::Invalid {
                    at: 2,
                    len: Some(1),
                    why: Why::Utf8(Utf8ErrorKind::InvalidByte),
                }),
            ),
            (
                b"ab\xE2\x82",
                ascii,
                Err(Stop::Invalid { at: 2, len: None, why: Why::Utf8(Utf8ErrorKind::Truncated) }),
            ),
            ("a€😀".as_bytes(), ucs2, Err(Stop::Unrepresentable { at: 4, len: 4, ch: '😀' })),
            (
                b"a\xFF\xF0\x9F\x98\x80",
                ucs2,
                Err(Stop::Invalid {
                    at: 1,
                    len: Some(1),
                    why: Why::Utf8(Utf8ErrorKind::InvalidByte),
                }),
            ),
            (
                b"a\xF5\x80",
                ucs2,
                Err(Stop::Invalid {
                    at: 1,
                    len: Some(1),
                    why: Why::Utf8(Utf8ErrorKind::InvalidByte),
                }),
            ),
            ("a€".as_bytes(), ucs2, Ok(b"a\x00\xAC\x20")),
        ];
        for (input, to, want) in cases {
            let mut out = Out::default();
            let got = transcode(Src::U8(input), to, &mut out).map(<[u8]>::to_vec);
            assert_eq!(got, want.map(<[u8]>::to_vec), "{input:02X?} to {to:?}");
        }
        // UTF-16 and UTF-32 to ASCII, ASCII and UCS-2 input.
        let units: Vec<u16> = "ab😀".encode_utf16().collect();
        let mut out = Out::default();
        assert_eq!(
            transcode(Src::U16(&units, Order::NATIVE), ascii, &mut out),
            Err(Stop::Unrepresentable { at: 2, len: 2, ch: '😀' })
        );
        assert_eq!(
            transcode(Src::U32(&[0x61, 0x110000]), ascii, &mut out),
            Err(Stop::Invalid { at: 1, len: Some(1), why: Why::Utf32(Utf32ErrorKind::TooLarge) })
        );
        assert_eq!(
            transcode(Src::Legacy(b"ab\x80", Legacy::Ascii), Form::Utf8, &mut out),
            Err(Stop::Invalid { at: 2, len: Some(1), why: Why::NotAscii })
        );
        assert_eq!(
            transcode(Src::Ucs2(&units, Order::NATIVE), Form::Utf8, &mut out),
            Err(Stop::Invalid { at: 2, len: Some(1), why: Why::Ucs2Surrogate })
        );
        assert_eq!(
            transcode(Src::Legacy(b"a\xE9", Legacy::Latin1), ascii, &mut out),
            Err(Stop::Unrepresentable { at: 1, len: 1, ch: 'é' })
        );
    }
}
