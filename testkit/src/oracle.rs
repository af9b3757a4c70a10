//! Reference results computed from core and std (`core::str::from_utf8`,
//! `char::decode_utf16`, `char::from_u32`, `char::encode_utf8/16`) or from
//! the written specification, never from the library: decoders that keep
//! each character's input width, the UTF-8 error-kind table, and what a
//! transcoder must return for a given output buffer.

use rapidutf::{TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error, Utf32ErrorKind};
use rapidutf::{Utf8Error, Utf8ErrorKind};
use std::fmt::Debug;

/// A UTF-8 error as `(valid_up_to, error_len, kind)`.
pub type Utf8Exp = (usize, Option<usize>, Utf8ErrorKind);
/// A UTF-16 error as `(valid_up_to, kind)`.
pub type Utf16Exp = (usize, Utf16ErrorKind);
/// A UTF-32 error as `(valid_up_to, kind)`.
pub type Utf32Exp = (usize, Utf32ErrorKind);

/// The kind of the UTF-8 error at `valid_up_to`, classified independently
/// from the written rule (the maximal invalid subpart at `valid_up_to`).
pub fn oracle_kind(bytes: &[u8], valid_up_to: usize, error_len: Option<usize>) -> Utf8ErrorKind {
    use Utf8ErrorKind::*;
    let b0 = bytes[valid_up_to];
    let b1 = bytes.get(valid_up_to + 1).copied();
    match (b0, b1) {
        (0xC0 | 0xC1 | 0xF5..=0xFF, _) => InvalidByte,
        (0x80..=0xBF, _) => UnexpectedContinuation,
        (0xE0, Some(0x80..=0x9F)) | (0xF0, Some(0x80..=0x8F)) => Overlong,
        (0xED, Some(0xA0..=0xBF)) => Surrogate,
        (0xF4, Some(0x90..=0xBF)) => TooLarge,
        _ if error_len.is_none() => Truncated,
        _ => MissingContinuation,
    }
}

/// `core::str::from_utf8`, with the error as a [`Utf8Exp`].
pub fn utf8_oracle(bytes: &[u8]) -> Result<&str, Utf8Exp> {
    core::str::from_utf8(bytes).map_err(|e| {
        let (v, l) = (e.valid_up_to(), e.error_len());
        (v, l, oracle_kind(bytes, v, l))
    })
}

/// A library error, as the comparable tuple of the oracles.
pub trait Key {
    type K: PartialEq + Debug + Copy;
    fn key(&self) -> Self::K;
}

impl Key for Utf8Error {
    type K = Utf8Exp;
    fn key(&self) -> Utf8Exp {
        (self.valid_up_to(), self.error_len(), self.kind())
    }
}

impl Key for Utf16Error {
    type K = Utf16Exp;
    fn key(&self) -> Utf16Exp {
        (self.valid_up_to(), self.kind())
    }
}

impl Key for Utf32Error {
    type K = Utf32Exp;
    fn key(&self) -> Utf32Exp {
        (self.valid_up_to(), self.kind())
    }
}

/// Byte order of UTF-16 units in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Native,
    Le,
    Be,
}

impl Order {
    pub const ALL: [Order; 3] = [Order::Native, Order::Le, Order::Be];
    /// A value, to a unit as stored in memory in this order.
    pub fn store(self, v: u16) -> u16 {
        match self {
            Order::Native => v,
            Order::Le => v.to_le(),
            Order::Be => v.to_be(),
        }
    }
    /// A unit in memory, to its value.
    pub fn load(self, u: u16) -> u16 {
        match self {
            Order::Native => u,
            Order::Le => u16::from_le(u),
            Order::Be => u16::from_be(u),
        }
    }
    pub fn encode(self, values: &[u16]) -> Vec<u16> {
        values.iter().map(|&v| self.store(v)).collect()
    }
}

/// A decoded input: the chars of its longest valid prefix, each with its
/// width in input units, and the error after it.
#[derive(Clone, Debug)]
pub struct Decoded<K> {
    pub chars: Vec<(char, usize)>,
    pub err: Option<K>,
}

/// UTF-8 input, decoded by core.
pub fn dec_utf8(bytes: &[u8]) -> Decoded<Utf8Exp> {
    let (valid, err) = match utf8_oracle(bytes) {
        Ok(s) => (s, None),
        Err(e) => (core::str::from_utf8(&bytes[..e.0]).unwrap(), Some(e)),
    };
    Decoded { chars: valid.chars().map(|c| (c, c.len_utf8())).collect(), err }
}

/// UTF-16 input in byte order `order`, decoded by `char::decode_utf16`.
pub fn dec_utf16(units: &[u16], order: Order) -> Decoded<Utf16Exp> {
    let mut chars = Vec::new();
    let mut at = 0;
    for r in char::decode_utf16(units.iter().map(|&u| order.load(u))) {
        match r {
            Ok(c) => {
                chars.push((c, c.len_utf16()));
                at += c.len_utf16();
            }
            Err(e) => {
                let kind = if (0xD800..0xDC00).contains(&e.unpaired_surrogate()) {
                    Utf16ErrorKind::UnpairedHigh
                } else {
                    Utf16ErrorKind::UnpairedLow
                };
                return Decoded { chars, err: Some((at, kind)) };
            }
        }
    }
    Decoded { chars, err: None }
}

/// UTF-32 input, decoded by `char::from_u32`.
pub fn dec_utf32(values: &[u32]) -> Decoded<Utf32Exp> {
    let mut chars = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        match char::from_u32(v) {
            Some(c) => chars.push((c, 1)),
            None => {
                let kind = if v > 0x10FFFF {
                    Utf32ErrorKind::TooLarge
                } else {
                    assert!((0xD800..=0xDFFF).contains(&v));
                    Utf32ErrorKind::Surrogate
                };
                return Decoded { chars, err: Some((i, kind)) };
            }
        }
    }
    Decoded { chars, err: None }
}

/// Encodes a char as UTF-8 (std).
pub fn enc_utf8(c: char, out: &mut Vec<u8>) {
    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
}

/// Encodes a char as UTF-16 (std) in byte order `order`.
pub fn enc_utf16(order: Order) -> impl Fn(char, &mut Vec<u16>) {
    move |c, out| out.extend(c.encode_utf16(&mut [0; 2]).iter().map(|&u| order.store(u)))
}

/// Encodes a char as UTF-32.
pub fn enc_utf32(c: char, out: &mut Vec<u32>) {
    out.push(c as u32);
}

/// What a transcoder must return, as a comparable value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<K, D> {
    /// `Ok(n)`, with `dst[..n]`.
    Ok(Vec<D>),
    /// `Invalid { error, written }`, with `dst[..written]`: the conversion
    /// of the valid prefix.
    Invalid(K, Vec<D>),
    /// `OutputTooSmall { read, written }`, with `dst[..written]`.
    TooSmall { read: usize, written: usize, out: Vec<D> },
}

/// The expected outcome of transcoding `dec` into a buffer of `dst_len`
/// units: the largest whole-character prefix that fits, and the first of
/// "does not fit" and "invalid" in input order.
pub fn expect<K: Copy, D>(
    dec: &Decoded<K>,
    enc: &impl Fn(char, &mut Vec<D>),
    dst_len: usize,
) -> Outcome<K, D> {
    let mut out = Vec::new();
    let mut read = 0;
    for &(c, w) in &dec.chars {
        let before = out.len();
        enc(c, &mut out);
        if out.len() > dst_len {
            out.truncate(before);
            return Outcome::TooSmall { read, written: before, out };
        }
        read += w;
    }
    match &dec.err {
        Some(e) => Outcome::Invalid(*e, out),
        None => Outcome::Ok(out),
    }
}

/// The output length a valid conversion needs (all of the valid prefix).
pub fn needed<K, D>(dec: &Decoded<K>, enc: &impl Fn(char, &mut Vec<D>)) -> usize {
    let mut out = Vec::new();
    for &(c, _) in &dec.chars {
        enc(c, &mut out);
    }
    out.len()
}

/// `v` followed, in the same allocation, by [`GUARD`] copies of `garbage`;
/// slice it back to `v.len()` to check that nothing reads past the end.
pub fn padded<T: Copy>(v: &[T], garbage: T) -> Vec<T> {
    let mut p = Vec::with_capacity(v.len() + GUARD);
    p.extend_from_slice(v);
    p.resize(v.len() + GUARD, garbage);
    p
}

/// A transcoder, as a plain function pointer.
pub type Transcoder<S, D, E> = fn(&[S], &mut [D]) -> Result<usize, TranscodeError<E>>;

/// Units past the end of `dst`, inside the same allocation, that must
/// stay untouched (a kernel writing out of bounds would change them).
pub const GUARD: usize = 64;

/// Runs `f` on `src` with a `dst_len`-unit buffer (pre-filled with `fill`)
/// and returns what it did as an [`Outcome`]. The buffer is the start of a
/// larger allocation whose tail must not be written.
pub fn run<S, D: Copy + Debug + PartialEq + From<u8>, E: Key>(
    f: Transcoder<S, D, E>,
    src: &[S],
    dst_len: usize,
    fill: D,
) -> Outcome<E::K, D> {
    let canary = D::from(0xA5);
    let mut buf = vec![fill; dst_len + GUARD];
    buf[dst_len..].fill(canary);
    let result = f(src, &mut buf[..dst_len]);
    assert!(
        buf[dst_len..].iter().all(|&u| u == canary),
        "wrote past the end of a {dst_len}-unit dst: {:X?}",
        &buf[dst_len..]
    );
    let dst = &buf[..dst_len];
    match result {
        Ok(n) => {
            assert!(n <= dst_len, "Ok({n}) but dst has {dst_len} units");
            Outcome::Ok(dst[..n].to_vec())
        }
        Err(TranscodeError::Invalid { error, written }) => {
            assert!(written <= dst_len, "written {written} > dst {dst_len}");
            Outcome::Invalid(error.key(), dst[..written].to_vec())
        }
        Err(TranscodeError::OutputTooSmall { read, written }) => {
            assert!(written <= dst_len, "written {written} > dst {dst_len}");
            assert!(read <= src.len(), "read {read} > src {}", src.len());
            Outcome::TooSmall { read, written, out: dst[..written].to_vec() }
        }
        Err(_) => panic!("a TranscodeError variant the oracle does not know"),
    }
}

/// Checks transcoder `f` on `src` with a buffer of `dst_len` units against
/// the oracle.
pub fn check_transcoder<S: Debug, D: Copy + Debug + PartialEq + Default + From<u8>, E: Key>(
    name: &str,
    f: Transcoder<S, D, E>,
    src: &[S],
    dec: &Decoded<E::K>,
    enc: &impl Fn(char, &mut Vec<D>),
    dst_len: usize,
) {
    let want = expect(dec, enc, dst_len);
    let got = run(f, src, dst_len, D::default());
    assert_eq!(got, want, "{name}: src {src:X?}, dst_len {dst_len}");
}

/// The whole 16-bit units of `bytes`, read in the given byte order (a
/// partial last unit left out).
fn units16(bytes: &[u8], big_endian: bool) -> Vec<u16> {
    let read = if big_endian { u16::from_be_bytes } else { u16::from_le_bytes };
    bytes.chunks_exact(2).map(|b| read([b[0], b[1]])).collect()
}

/// The whole 32-bit values of `bytes`, read in the given byte order (a
/// partial last value left out).
fn units32(bytes: &[u8], big_endian: bool) -> Vec<u32> {
    let read = if big_endian { u32::from_be_bytes } else { u32::from_le_bytes };
    bytes.chunks_exact(4).map(|b| read([b[0], b[1], b[2], b[3]])).collect()
}

/// UTF-16 given as bytes (`big_endian` or little), decoded by
/// `char::decode_utf16` over its whole units: widths and positions in
/// bytes, and an odd last byte an `IncompleteUnit` error after everything
/// before it.
pub fn dec_utf16_bytes(bytes: &[u8], big_endian: bool) -> Decoded<Utf16Exp> {
    let d = dec_utf16(&units16(bytes, big_endian), Order::Native);
    let partial = (bytes.len() % 2 == 1).then(|| (bytes.len() - 1, Utf16ErrorKind::IncompleteUnit));
    Decoded {
        chars: d.chars.into_iter().map(|(c, w)| (c, 2 * w)).collect(),
        err: d.err.map(|(at, kind)| (2 * at, kind)).or(partial),
    }
}

/// UTF-32 given as bytes, decoded by `char::from_u32` over its whole
/// units: widths and positions in bytes, and trailing 1 to 3 bytes an
/// `IncompleteUnit` error after everything before them.
pub fn dec_utf32_bytes(bytes: &[u8], big_endian: bool) -> Decoded<Utf32Exp> {
    let d = dec_utf32(&units32(bytes, big_endian));
    let whole = bytes.len() - bytes.len() % 4;
    let partial = (whole < bytes.len()).then_some((whole, Utf32ErrorKind::IncompleteUnit));
    Decoded {
        chars: d.chars.into_iter().map(|(c, w)| (c, 4 * w)).collect(),
        err: d.err.map(|(at, kind)| (4 * at, kind)).or(partial),
    }
}

/// The lossy decoding of UTF-16 or UTF-32 given as bytes (`unit` 2 or 4
/// bytes): std's `String::from_utf16_lossy`, or `char::from_u32` with
/// U+FFFD for each invalid value, over the whole units, plus one U+FFFD
/// for a partial last unit unless it follows a high surrogate.
pub fn lossy_unit_bytes(bytes: &[u8], unit: usize, big_endian: bool) -> String {
    let units = (unit == 2).then(|| units16(bytes, big_endian));
    let mut s = match &units {
        Some(units) => String::from_utf16_lossy(units),
        None => units32(bytes, big_endian)
            .into_iter()
            .map(|v| char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect(),
    };
    // A partial last unit: one more U+FFFD, except right after a (last,
    // hence unpaired) high surrogate, whose U+FFFD stands for both, as the
    // WHATWG UTF-16 decoder and CPython's codecs have it.
    let whole = bytes.len() - bytes.len() % unit;
    let after_high = units.as_ref().and_then(|u| u.last()).is_some_and(|&u| u & 0xFC00 == 0xD800);
    if whole < bytes.len() && !after_high {
        s.push(char::REPLACEMENT_CHARACTER);
    }
    s
}
