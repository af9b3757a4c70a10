//! The checks behind rapidutf's fuzz targets, shared so each target in
//! `fuzz_targets/` is one line.
//!
//! Every check is differential against an oracle that does not use
//! rapidutf: `core::str::from_utf8` for UTF-8, `char::decode_utf16` for
//! UTF-16, `char::from_u32` for UTF-32, `String::from_utf8_lossy` and
//! `String::from_utf16_lossy` for the lossy decoders. The one thing std
//! cannot tell, an error's [`Utf8ErrorKind`], comes from the table in the
//! crate's documentation ([`expected_kind`]). A mismatch panics, which
//! libFuzzer reports as a crash.

pub mod derive_roundtrip;
pub mod stream_decode;
pub mod stream_validate;

use rapidutf::{
    Kernel, TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error, Utf32ErrorKind, Utf8Error,
    Utf8ErrorKind,
};
use std::fmt::Debug;

// ---------------------------------------------------------------------
// validate
// ---------------------------------------------------------------------

/// `validate_utf8` and `is_valid_utf8` of every available kernel and of the
/// dispatching free functions, plus `is_ascii`, against core; once on
/// `data` as given and once copied to an address shifted by 1 to 63 bytes,
/// so block-boundary handling is exercised at every alignment.
pub fn check_validate(data: &[u8]) {
    validate_once(data);
    let shift = 1 + data.len() % 63;
    let mut buf = vec![0u8; shift + data.len()];
    buf[shift..].copy_from_slice(data);
    validate_once(&buf[shift..]);
}

fn validate_once(data: &[u8]) {
    let want = core::str::from_utf8(data);
    check_utf8_result("validate_utf8", data, rapidutf::validate_utf8(data), &want);
    assert_eq!(rapidutf::is_valid_utf8(data), want.is_ok(), "is_valid_utf8");
    for k in Kernel::available() {
        check_utf8_result(k.name(), data, k.validate_utf8(data), &want);
        assert_eq!(k.is_valid_utf8(data), want.is_ok(), "{k}: is_valid_utf8");
    }
    assert_eq!(rapidutf::is_ascii(data), data.is_ascii(), "is_ascii");
}

fn check_utf8_result(
    who: &str,
    data: &[u8],
    got: Result<&str, Utf8Error>,
    want: &Result<&str, core::str::Utf8Error>,
) {
    match (got, want) {
        (Ok(s), Ok(_)) => {
            assert!(std::ptr::eq(s.as_bytes(), data), "{who}: Ok(str) is not the input")
        }
        (Err(e), Err(w)) => check_utf8_error(who, data, &e, w),
        (got, want) => panic!("{who}: got {got:?}, core says {want:?}"),
    }
}

/// `e` has core's `valid_up_to` and `error_len`, and the documented kind.
pub fn check_utf8_error(who: &str, data: &[u8], e: &Utf8Error, w: &core::str::Utf8Error) {
    assert_eq!(
        (e.valid_up_to(), e.error_len()),
        (w.valid_up_to(), w.error_len()),
        "{who}: (valid_up_to, error_len) differ from core's"
    );
    assert_eq!(e.kind(), expected_kind(data, w), "{who}: kind at {}", w.valid_up_to());
}

/// The [`Utf8ErrorKind`] that rapidutf documents for core's error `w` in
/// `data`: decided by the first one or two bytes of the maximal invalid
/// subpart at `w.valid_up_to()`.
pub fn expected_kind(data: &[u8], w: &core::str::Utf8Error) -> Utf8ErrorKind {
    if w.error_len().is_none() {
        return Utf8ErrorKind::Truncated;
    }
    let rest = &data[w.valid_up_to()..];
    match (rest[0], rest.get(1).copied()) {
        (0xC0 | 0xC1 | 0xF5..=0xFF, _) => Utf8ErrorKind::InvalidByte,
        (0x80..=0xBF, _) => Utf8ErrorKind::UnexpectedContinuation,
        (0xE0, Some(0x80..=0x9F)) | (0xF0, Some(0x80..=0x8F)) => Utf8ErrorKind::Overlong,
        (0xED, Some(0xA0..=0xBF)) => Utf8ErrorKind::Surrogate,
        (0xF4, Some(0x90..=0xBF)) => Utf8ErrorKind::TooLarge,
        _ => Utf8ErrorKind::MissingContinuation,
    }
}

// ---------------------------------------------------------------------
// Oracles: decode with std, remember each character's input length
// ---------------------------------------------------------------------

/// The first error of an input, as std sees it.
#[derive(Clone, Debug)]
pub enum Expected {
    /// UTF-8: core's error and the documented kind.
    Utf8(core::str::Utf8Error, Utf8ErrorKind),
    /// UTF-16: the unpaired surrogate's index and which half it is.
    Utf16(usize, Utf16ErrorKind),
    /// UTF-32: the bad value's index and why it is bad.
    Utf32(usize, Utf32ErrorKind),
}

/// An input decoded by std: the characters of its valid prefix, each with
/// its length in input units, and the first error, if any.
pub struct Decoded {
    /// `(character, input units it took)`, in order.
    pub chars: Vec<(char, usize)>,
    /// The first error, where the valid prefix ends.
    pub error: Option<Expected>,
}

/// Decodes UTF-8 with `core::str::from_utf8`.
pub fn decode_utf8(src: &[u8]) -> Decoded {
    let (valid, error) = match core::str::from_utf8(src) {
        Ok(s) => (s, None),
        Err(w) => {
            let kind = expected_kind(src, &w);
            // core: the prefix up to valid_up_to is valid.
            let s = core::str::from_utf8(&src[..w.valid_up_to()]).unwrap();
            (s, Some(Expected::Utf8(w, kind)))
        }
    };
    Decoded { chars: valid.chars().map(|c| (c, c.len_utf8())).collect(), error }
}

/// Decodes UTF-16 with `char::decode_utf16`; `value` maps a unit as stored
/// to its value (`u16::from_le`, `u16::from_be` or the identity).
pub fn decode_utf16(src: &[u16], value: fn(u16) -> u16) -> Decoded {
    let mut chars = Vec::new();
    let mut pos = 0;
    for r in char::decode_utf16(src.iter().map(|&u| value(u))) {
        match r {
            Ok(c) => {
                chars.push((c, c.len_utf16()));
                pos += c.len_utf16();
            }
            Err(e) => {
                let kind = if (0xD800..0xDC00).contains(&e.unpaired_surrogate()) {
                    Utf16ErrorKind::UnpairedHigh
                } else {
                    Utf16ErrorKind::UnpairedLow
                };
                return Decoded { chars, error: Some(Expected::Utf16(pos, kind)) };
            }
        }
    }
    Decoded { chars, error: None }
}

/// Decodes UTF-32 with `char::from_u32`.
pub fn decode_utf32(src: &[u32]) -> Decoded {
    let mut chars = Vec::new();
    for (i, &v) in src.iter().enumerate() {
        match char::from_u32(v) {
            Some(c) => chars.push((c, 1)),
            None => {
                let kind = if (0xD800..0xE000).contains(&v) {
                    Utf32ErrorKind::Surrogate
                } else {
                    Utf32ErrorKind::TooLarge
                };
                return Decoded { chars, error: Some(Expected::Utf32(i, kind)) };
            }
        }
    }
    Decoded { chars, error: None }
}

/// An input error type of rapidutf, compared with std's view of it.
pub trait CheckError: Debug {
    /// Panics unless `self` is the error `want` describes.
    fn check(&self, who: &str, want: &Expected);
}

impl CheckError for Utf8Error {
    fn check(&self, who: &str, want: &Expected) {
        let Expected::Utf8(w, kind) = want else { panic!("{who}: oracle mix-up") };
        assert_eq!(
            (self.valid_up_to(), self.error_len(), self.kind()),
            (w.valid_up_to(), w.error_len(), *kind),
            "{who}: UTF-8 error differs from core's"
        );
    }
}

impl CheckError for Utf16Error {
    fn check(&self, who: &str, want: &Expected) {
        let Expected::Utf16(pos, kind) = want else { panic!("{who}: oracle mix-up") };
        assert_eq!((self.valid_up_to(), self.kind()), (*pos, *kind), "{who}: UTF-16 error");
    }
}

impl CheckError for Utf32Error {
    fn check(&self, who: &str, want: &Expected) {
        let Expected::Utf32(pos, kind) = want else { panic!("{who}: oracle mix-up") };
        assert_eq!((self.valid_up_to(), self.kind()), (*pos, *kind), "{who}: UTF-32 error");
    }
}

// Output encodings, as units stored in memory.
fn enc_utf8(c: char, out: &mut Vec<u8>) {
    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
}
fn enc_utf16ne(c: char, out: &mut Vec<u16>) {
    out.extend_from_slice(c.encode_utf16(&mut [0; 2]));
}
fn enc_utf16le(c: char, out: &mut Vec<u16>) {
    out.extend(c.encode_utf16(&mut [0; 2]).iter().map(|u| u.to_le()));
}
fn enc_utf16be(c: char, out: &mut Vec<u16>) {
    out.extend(c.encode_utf16(&mut [0; 2]).iter().map(|u| u.to_be()));
}
fn enc_utf32(c: char, out: &mut Vec<u32>) {
    out.push(u32::from(c));
}

/// A code unit type, with a value to fill the guard zone behind `dst`.
pub trait Unit: Copy + Eq + Debug + Default {
    /// Written after the end of `dst`; must be unchanged afterwards.
    const GUARD: Self;
}
impl Unit for u8 {
    const GUARD: u8 = 0xA5;
}
impl Unit for u16 {
    const GUARD: u16 = 0xA5A5;
}
impl Unit for u32 {
    const GUARD: u32 = 0xA5A5_A5A5;
}

/// The signature of every rapidutf transcoder.
pub type Transcoder<S, D, E> = fn(&[S], &mut [D]) -> Result<usize, TranscodeError<E>>;

/// What std predicts for one transcoder on one input: the whole expected
/// output of the valid prefix, and after each character how many input and
/// output units it has consumed and produced.
struct Plan<'a, D> {
    decoded: &'a Decoded,
    out: Vec<D>,
    /// `(read, written)` after each character of the valid prefix.
    marks: Vec<(usize, usize)>,
}

impl<'a, D: Unit> Plan<'a, D> {
    fn new(decoded: &'a Decoded, encode: fn(char, &mut Vec<D>)) -> Self {
        let mut out = Vec::new();
        let mut marks = Vec::with_capacity(decoded.chars.len());
        let mut read = 0;
        for &(c, n) in &decoded.chars {
            encode(c, &mut out);
            read += n;
            marks.push((read, out.len()));
        }
        Plan { decoded, out, marks }
    }

    /// The result for a `dst` of `dst_len` units: characters convert in
    /// input order until one does not fit (`OutputTooSmall { read,
    /// written }`, here `Err(Some((read, written)))`) or the valid prefix
    /// ends (`Invalid`, here `Err(None)`, or `Ok(written)`).
    fn predict(&self, dst_len: usize) -> Result<usize, Option<(usize, usize)>> {
        let fit = self.marks.partition_point(|&(_, w)| w <= dst_len);
        if fit < self.marks.len() {
            let (read, written) = if fit == 0 { (0, 0) } else { self.marks[fit - 1] };
            return Err(Some((read, written)));
        }
        match self.decoded.error {
            Some(_) => Err(None),
            None => Ok(self.out.len()),
        }
    }
}

/// Runs `f` on `src` with a `dst` of `dst_len` units followed by a guard
/// zone, and checks the result, the output and the guard against `plan`.
fn check_transcoder<S, D: Unit, E: CheckError>(
    who: &str,
    f: Transcoder<S, D, E>,
    src: &[S],
    plan: &Plan<'_, D>,
    dst_len: usize,
) {
    const GUARD_LEN: usize = 64;
    let want = plan.predict(dst_len);
    let mut buf = vec![D::GUARD; dst_len + GUARD_LEN];
    let got = f(src, &mut buf[..dst_len]);
    assert!(
        buf[dst_len..].iter().all(|&u| u == D::GUARD),
        "{who}: wrote past the end of a dst of {dst_len} units"
    );
    match (&got, want) {
        (Ok(n), Ok(m)) => {
            assert_eq!(*n, m, "{who}: units written (dst {dst_len})");
            assert_eq!(&buf[..m], &plan.out[..], "{who}: output (dst {dst_len})");
        }
        (Err(TranscodeError::OutputTooSmall { read, written }), Err(Some((r, w)))) => {
            assert_eq!((*read, *written), (r, w), "{who}: OutputTooSmall (dst {dst_len})");
            assert_eq!(&buf[..w], &plan.out[..w], "{who}: output before the stop (dst {dst_len})");
        }
        (Err(TranscodeError::Invalid(e)), Err(None)) => {
            e.check(who, plan.decoded.error.as_ref().expect("predict saw an error"));
        }
        _ => panic!(
            "{who}: dst {dst_len}: got {got:?}, std predicts {}",
            match want {
                Ok(n) => format!("Ok({n})"),
                Err(Some((r, w))) => format!("OutputTooSmall {{ read: {r}, written: {w} }}"),
                Err(None) => format!("Invalid({:?})", plan.decoded.error),
            }
        ),
    }
}

/// [`check_transcoder`] at the sizes that matter: none, one short of the
/// exact size, the exact size, the documented always-sufficient `bound`,
/// and one picked by the fuzzer (`pick` modulo `bound + 2`).
fn check_sizes<S, D: Unit, E: CheckError>(
    who: &str,
    f: Transcoder<S, D, E>,
    src: &[S],
    decoded: &Decoded,
    encode: fn(char, &mut Vec<D>),
    bound: usize,
    pick: usize,
) {
    let plan = Plan::new(decoded, encode);
    let exact = plan.out.len();
    assert!(exact <= bound, "{who}: the documented bound {bound} < exact size {exact}");
    let mut sizes = vec![0, exact, bound, pick % (bound + 2)];
    if exact > 0 {
        sizes.push(exact - 1);
    }
    sizes.sort_unstable();
    sizes.dedup();
    for dst_len in sizes {
        check_transcoder(who, f, src, &plan, dst_len);
    }
}

/// The bytes of `data` as native-endian `u16` units (a trailing odd byte
/// is dropped).
pub fn as_u16s(data: &[u8]) -> Vec<u16> {
    data.chunks_exact(2).map(|c| u16::from_ne_bytes([c[0], c[1]])).collect()
}

/// The bytes of `data` as native-endian `u32` values.
pub fn as_u32s(data: &[u8]) -> Vec<u32> {
    data.chunks_exact(4).map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]])).collect()
}

// ---------------------------------------------------------------------
// transcode_dst
// ---------------------------------------------------------------------

/// Every transcoder, with `data[2..]` read as UTF-8, as UTF-16 (native, LE,
/// BE) and as UTF-32, and output buffers of the sizes of
/// [`check_sizes`], the fuzzer's pick taken from `data[..2]`.
pub fn check_transcode_dst(data: &[u8]) {
    let (pick, src) = match data {
        [a, b, rest @ ..] => (usize::from(u16::from_le_bytes([*a, *b])), rest),
        _ => (0, data),
    };

    let d8 = decode_utf8(src);
    let n = src.len();
    check_sizes("utf8_to_utf16", rapidutf::utf8_to_utf16, src, &d8, enc_utf16ne, n, pick);
    check_sizes("utf8_to_utf16le", rapidutf::utf8_to_utf16le, src, &d8, enc_utf16le, n, pick);
    check_sizes("utf8_to_utf16be", rapidutf::utf8_to_utf16be, src, &d8, enc_utf16be, n, pick);
    check_sizes("utf8_to_utf32", rapidutf::utf8_to_utf32, src, &d8, enc_utf32, n, pick);

    let s16 = as_u16s(src);
    let n = s16.len();
    let ne = decode_utf16(&s16, |u| u);
    let le = decode_utf16(&s16, u16::from_le);
    let be = decode_utf16(&s16, u16::from_be);
    check_sizes("utf16_to_utf8", rapidutf::utf16_to_utf8, &s16, &ne, enc_utf8, 3 * n, pick);
    check_sizes("utf16le_to_utf8", rapidutf::utf16le_to_utf8, &s16, &le, enc_utf8, 3 * n, pick);
    check_sizes("utf16be_to_utf8", rapidutf::utf16be_to_utf8, &s16, &be, enc_utf8, 3 * n, pick);
    check_sizes("utf16_to_utf32", rapidutf::utf16_to_utf32, &s16, &ne, enc_utf32, n, pick);
    check_sizes("utf16le_to_utf32", rapidutf::utf16le_to_utf32, &s16, &le, enc_utf32, n, pick);
    check_sizes("utf16be_to_utf32", rapidutf::utf16be_to_utf32, &s16, &be, enc_utf32, n, pick);

    let s32 = as_u32s(src);
    let n = s32.len();
    let d32 = decode_utf32(&s32);
    check_sizes("utf32_to_utf8", rapidutf::utf32_to_utf8, &s32, &d32, enc_utf8, 4 * n, pick);
    check_sizes("utf32_to_utf16", rapidutf::utf32_to_utf16, &s32, &d32, enc_utf16ne, 2 * n, pick);
    check_sizes(
        "utf32_to_utf16le",
        rapidutf::utf32_to_utf16le,
        &s32,
        &d32,
        enc_utf16le,
        2 * n,
        pick,
    );
    check_sizes(
        "utf32_to_utf16be",
        rapidutf::utf32_to_utf16be,
        &s32,
        &d32,
        enc_utf16be,
        2 * n,
        pick,
    );
}

// ---------------------------------------------------------------------
// roundtrip
// ---------------------------------------------------------------------

/// Round trips and the allocating, lossy and length functions (also per
/// kernel):
///
/// - valid UTF-8 → UTF-16 (native, LE, BE) → UTF-8 and → UTF-32 → UTF-8,
///   and UTF-16 ↔ UTF-32, each step equal to std's encoding;
/// - invalid UTF-8: every UTF-8 transcoder (with ample room) and
///   allocating function reports core's exact error;
/// - the same bytes read as UTF-16 and UTF-32: validation, `*_to_string`
///   and lossy decoding against std;
/// - every length function: exact on valid input, and its documented
///   formula on any input.
pub fn check_roundtrip(data: &[u8]) {
    match core::str::from_utf8(data) {
        Ok(s) => roundtrip_valid(s),
        Err(w) => utf8_invalid(data, &w),
    }
    assert_eq!(rapidutf::utf8_to_string_lossy(data), String::from_utf8_lossy(data), "lossy");
    utf8_lengths_any(data);

    let s16 = as_u16s(data);
    utf16_input(&s16);
    let s32 = as_u32s(data);
    utf32_input(&s32);
    kernels_counts_and_lossy(data, &s16, &s32);
}

/// Every available kernel's counts (at any length: the kernel methods skip
/// the short-input path of dispatch) against the definitions in the
/// crate's documentation, and its lossy UTF-8 decoding against std.
fn kernels_counts_and_lossy(data: &[u8], s16: &[u16], s32: &[u32]) {
    let chars = data.iter().filter(|&&b| !(0x80..=0xBF).contains(&b)).count();
    let units = chars + data.iter().filter(|&&b| b >= 0xF0).count();
    let utf8_of_16 = |value: fn(u16) -> u16| -> usize {
        s16.iter()
            .map(|&u| match value(u) {
                0..=0x7F => 1,
                0x80..=0x7FF | 0xD800..=0xDFFF => 2,
                _ => 3,
            })
            .sum()
    };
    let utf32_of_16 = |value: fn(u16) -> u16| -> usize {
        s16.iter().filter(|&&u| !(0xDC00..=0xDFFF).contains(&value(u))).count()
    };
    let utf8_of_32: usize = s32
        .iter()
        .map(|&c| match c {
            0..=0x7F => 1,
            0x80..=0x7FF => 2,
            0x800..=0xFFFF => 3,
            _ => 4,
        })
        .sum();
    let utf16_of_32: usize = s32.iter().map(|&c| if c >= 0x10000 { 2 } else { 1 }).sum();
    let lossy = String::from_utf8_lossy(data);
    for k in Kernel::available() {
        assert_eq!(k.count_chars(data), chars, "{k}: count_chars");
        assert_eq!(k.utf16_len_from_utf8(data), units, "{k}: utf16_len_from_utf8");
        assert_eq!(k.utf8_len_from_utf16le(s16), utf8_of_16(u16::from_le), "{k}: le");
        assert_eq!(k.utf8_len_from_utf16be(s16), utf8_of_16(u16::from_be), "{k}: be");
        assert_eq!(k.utf32_len_from_utf16le(s16), utf32_of_16(u16::from_le), "{k}: le");
        assert_eq!(k.utf32_len_from_utf16be(s16), utf32_of_16(u16::from_be), "{k}: be");
        assert_eq!(k.utf8_len_from_utf32(s32), utf8_of_32, "{k}: utf8_len_from_utf32");
        assert_eq!(k.utf16_len_from_utf32(s32), utf16_of_32, "{k}: utf16_len_from_utf32");
        assert_eq!(k.utf8_to_string_lossy(data), lossy, "{k}: utf8_to_string_lossy");
    }
}

/// The UTF-16 functions of one byte order (`utf16` native, `utf16le`,
/// `utf16be`), and how units are stored in it.
struct Order16 {
    name: &'static str,
    /// A value to a unit as stored.
    store: fn(u16) -> u16,
    /// A unit as stored to its value.
    value: fn(u16) -> u16,
    to16: Transcoder<u8, u16, Utf8Error>,
    from16: Transcoder<u16, u8, Utf16Error>,
    validate: fn(&[u16]) -> Result<(), Utf16Error>,
    to_string: fn(&[u16]) -> Result<String, Utf16Error>,
    lossy: fn(&[u16]) -> String,
    len8: fn(&[u16]) -> usize,
}

impl Order16 {
    const ALL: [Order16; 3] = [
        Order16 {
            name: "utf16",
            store: |u| u,
            value: |u| u,
            to16: rapidutf::utf8_to_utf16,
            from16: rapidutf::utf16_to_utf8,
            validate: rapidutf::validate_utf16,
            to_string: rapidutf::utf16_to_string,
            lossy: rapidutf::utf16_to_string_lossy,
            len8: rapidutf::utf8_len_from_utf16,
        },
        Order16 {
            name: "utf16le",
            store: u16::to_le,
            value: u16::from_le,
            to16: rapidutf::utf8_to_utf16le,
            from16: rapidutf::utf16le_to_utf8,
            validate: rapidutf::validate_utf16le,
            to_string: rapidutf::utf16le_to_string,
            lossy: rapidutf::utf16le_to_string_lossy,
            len8: rapidutf::utf8_len_from_utf16le,
        },
        Order16 {
            name: "utf16be",
            store: u16::to_be,
            value: u16::from_be,
            to16: rapidutf::utf8_to_utf16be,
            from16: rapidutf::utf16be_to_utf8,
            validate: rapidutf::validate_utf16be,
            to_string: rapidutf::utf16be_to_string,
            lossy: rapidutf::utf16be_to_string_lossy,
            len8: rapidutf::utf8_len_from_utf16be,
        },
    ];
}

fn roundtrip_valid(s: &str) {
    let b = s.as_bytes();
    let want16: Vec<u16> = s.encode_utf16().collect();
    let want32: Vec<u32> = s.chars().map(u32::from).collect();

    // UTF-8 -> UTF-16 -> UTF-8, in each byte order.
    for o in Order16::ALL {
        let mut u16s = vec![0u16; b.len()];
        let n = (o.to16)(b, &mut u16s).unwrap_or_else(|e| panic!("utf8_to_{}: {e:?}", o.name));
        let stored: Vec<u16> = want16.iter().map(|&u| (o.store)(u)).collect();
        assert_eq!(&u16s[..n], &stored[..], "utf8_to_{}", o.name);
        let mut back = vec![0u8; 3 * n];
        let m = (o.from16)(&u16s[..n], &mut back)
            .unwrap_or_else(|e| panic!("{}_to_utf8: {e:?}", o.name));
        assert_eq!(&back[..m], b, "{}_to_utf8", o.name);
    }

    // UTF-8 -> UTF-32 -> UTF-8.
    let mut u32s = vec![0u32; b.len()];
    let n = rapidutf::utf8_to_utf32(b, &mut u32s).expect("utf8_to_utf32");
    assert_eq!(&u32s[..n], &want32[..], "utf8_to_utf32");
    let mut back = vec![0u8; 4 * n];
    let m = rapidutf::utf32_to_utf8(&u32s[..n], &mut back).expect("utf32_to_utf8");
    assert_eq!(&back[..m], b, "utf32_to_utf8");

    // UTF-16 <-> UTF-32.
    let mut u32s = vec![0u32; want16.len()];
    let n = rapidutf::utf16_to_utf32(&want16, &mut u32s).expect("utf16_to_utf32");
    assert_eq!(&u32s[..n], &want32[..], "utf16_to_utf32");
    let mut u16s = vec![0u16; 2 * want32.len()];
    let n = rapidutf::utf32_to_utf16(&want32, &mut u16s).expect("utf32_to_utf16");
    assert_eq!(&u16s[..n], &want16[..], "utf32_to_utf16");

    // The allocating forms.
    assert_eq!(rapidutf::utf8_to_utf16_vec(b).expect("utf8_to_utf16_vec"), want16);
    assert_eq!(rapidutf::utf8_to_utf32_vec(b).expect("utf8_to_utf32_vec"), want32);
    assert_eq!(rapidutf::utf16_to_string(&want16).expect("utf16_to_string"), s);
    assert_eq!(rapidutf::utf32_to_string(&want32).expect("utf32_to_string"), s);
    let le: Vec<u16> = want16.iter().map(|u| u.to_le()).collect();
    let be: Vec<u16> = want16.iter().map(|u| u.to_be()).collect();
    assert_eq!(rapidutf::utf16le_to_string(&le).expect("utf16le_to_string"), s);
    assert_eq!(rapidutf::utf16be_to_string(&be).expect("utf16be_to_string"), s);

    // Exact lengths.
    assert_eq!(rapidutf::count_chars(b), want32.len(), "count_chars");
    assert_eq!(rapidutf::utf16_len_from_utf8(b), want16.len(), "utf16_len_from_utf8");
    assert_eq!(rapidutf::utf8_len_from_utf16(&want16), b.len(), "utf8_len_from_utf16");
    assert_eq!(rapidutf::utf8_len_from_utf16le(&le), b.len(), "utf8_len_from_utf16le");
    assert_eq!(rapidutf::utf8_len_from_utf16be(&be), b.len(), "utf8_len_from_utf16be");
    assert_eq!(rapidutf::utf8_len_from_utf32(&want32), b.len(), "utf8_len_from_utf32");
    assert_eq!(rapidutf::utf16_len_from_utf32(&want32), want16.len(), "utf16_len_from_utf32");
    assert_eq!(rapidutf::utf32_len_from_utf16(&want16), want32.len(), "utf32_len_from_utf16");
}

fn utf8_invalid(data: &[u8], w: &core::str::Utf8Error) {
    let want = Expected::Utf8(*w, expected_kind(data, w));
    let invalid = |who: &str, e: Option<&Utf8Error>| match e {
        Some(e) => e.check(who, &want),
        None => panic!("{who}: invalid input, but no Invalid error"),
    };
    let mut u16s = vec![0u16; data.len()];
    invalid(
        "utf8_to_utf16",
        rapidutf::utf8_to_utf16(data, &mut u16s).err().as_ref().and_then(TranscodeError::invalid),
    );
    invalid(
        "utf8_to_utf16le",
        rapidutf::utf8_to_utf16le(data, &mut u16s).err().as_ref().and_then(TranscodeError::invalid),
    );
    invalid(
        "utf8_to_utf16be",
        rapidutf::utf8_to_utf16be(data, &mut u16s).err().as_ref().and_then(TranscodeError::invalid),
    );
    let mut u32s = vec![0u32; data.len()];
    invalid(
        "utf8_to_utf32",
        rapidutf::utf8_to_utf32(data, &mut u32s).err().as_ref().and_then(TranscodeError::invalid),
    );
    invalid("utf8_to_utf16_vec", rapidutf::utf8_to_utf16_vec(data).err().as_ref());
    invalid("utf8_to_utf32_vec", rapidutf::utf8_to_utf32_vec(data).err().as_ref());
    invalid("validate_utf8", rapidutf::validate_utf8(data).err().as_ref());
}

/// The documented any-input formulas of the UTF-8 length functions.
fn utf8_lengths_any(data: &[u8]) {
    let is_cont = |b: &&u8| (0x80..=0xBF).contains(*b);
    let leads = data.iter().filter(|b| !is_cont(b)).count();
    let fours = data.iter().filter(|&&b| b >= 0xF0).count();
    assert_eq!(rapidutf::count_chars(data), leads, "count_chars (any input)");
    assert_eq!(rapidutf::utf16_len_from_utf8(data), leads + fours, "utf16_len_from_utf8 (any)");
}

fn utf16_input(s16: &[u16]) {
    for Order16 { name: who, value, validate, to_string, lossy, len8, .. } in Order16::ALL {
        let values: Vec<u16> = s16.iter().map(|&u| value(u)).collect();
        let decoded = decode_utf16(s16, value);
        match (&decoded.error, validate(s16), to_string(s16)) {
            (None, Ok(()), Ok(s)) => {
                assert_eq!(s, String::from_utf16(&values).unwrap(), "{who}_to_string");
                assert_eq!(len8(s16), s.len(), "utf8_len_from_{who} (valid)");
            }
            (Some(want), Err(e1), Err(e2)) => {
                e1.check(&format!("validate_{who}"), want);
                e2.check(&format!("{who}_to_string"), want);
            }
            (want, v, t) => panic!("{who}: std says {want:?}, validate {v:?}, to_string {t:?}"),
        }
        assert_eq!(lossy(s16), String::from_utf16_lossy(&values), "{who}_to_string_lossy");
        // Documented on any input: 1, 2 or 3 bytes per unit, 2 per surrogate.
        let formula: usize = values
            .iter()
            .map(|&u| match u {
                0..=0x7F => 1,
                0x80..=0x7FF => 2,
                0xD800..=0xDFFF => 2,
                _ => 3,
            })
            .sum();
        assert_eq!(len8(s16), formula, "utf8_len_from_{who} (any input)");
    }
    let not_low = s16.iter().filter(|&&u| !(0xDC00..=0xDFFF).contains(&u)).count();
    assert_eq!(rapidutf::utf32_len_from_utf16(s16), not_low, "utf32_len_from_utf16 (any)");
}

fn utf32_input(s32: &[u32]) {
    let decoded = decode_utf32(s32);
    match (&decoded.error, rapidutf::validate_utf32(s32), rapidutf::utf32_to_string(s32)) {
        (None, Ok(()), Ok(s)) => {
            let want: String = s32.iter().map(|&v| char::from_u32(v).unwrap()).collect();
            assert_eq!(s, want, "utf32_to_string");
        }
        (Some(want), Err(e1), Err(e2)) => {
            e1.check("validate_utf32", want);
            e2.check("utf32_to_string", want);
        }
        (want, v, t) => panic!("utf32: std says {want:?}, validate {v:?}, to_string {t:?}"),
    }
    let len8: usize = s32
        .iter()
        .map(|&v| match v {
            0..=0x7F => 1,
            0x80..=0x7FF => 2,
            0x800..=0xFFFF => 3,
            _ => 4,
        })
        .sum();
    assert_eq!(rapidutf::utf8_len_from_utf32(s32), len8, "utf8_len_from_utf32 (any input)");
    let len16: usize = s32.iter().map(|&v| if v >= 0x10000 { 2 } else { 1 }).sum();
    assert_eq!(rapidutf::utf16_len_from_utf32(s32), len16, "utf16_len_from_utf32 (any input)");
}

#[cfg(test)]
mod tests {
    //! The checks themselves, over the corpus and hand-picked inputs, on
    //! stable (`cargo test` in fuzz/): a wrong oracle shows up here first.
    use super::*;

    fn corpus() -> Vec<Vec<u8>> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/lipsum");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        files.sort();
        files.into_iter().map(|p| std::fs::read(p).unwrap()).collect()
    }

    fn inputs() -> Vec<Vec<u8>> {
        let mut v: Vec<Vec<u8>> = [
            &b""[..],
            b"a",
            b"\xC3\xA9",
            b"\xE0\x80\x80",
            b"\xED\xA0\x80",
            b"\xF4\x90\x80\x80",
            b"\xF0\x9F\x98",
            b"\xC0\xAF",
            b"\x80abc",
            b"\xE2\x82x",
            b"\x00\xD8\x00\xDC",
            b"\x00\xDC\x61\x00",
            b"\x00\xD8\x00\x00\x00\x00\x11\x00",
        ]
        .iter()
        .map(|s| s.to_vec())
        .collect();
        for file in corpus() {
            // Slices that cut characters at both ends, at several sizes.
            for (start, len) in [(0, 4096), (1, 63), (7, 64), (100, 333), (3, 1000)] {
                let end = (start + len).min(file.len());
                v.push(file[start.min(end)..end].to_vec());
            }
        }
        v
    }

    #[test]
    fn validate() {
        inputs().iter().for_each(|d| check_validate(d));
    }

    #[test]
    fn roundtrip() {
        inputs().iter().for_each(|d| check_roundtrip(d));
    }

    #[test]
    fn transcode_dst() {
        for d in inputs() {
            for pick in [0u16, 1, 5, 100, 4000] {
                let mut data = pick.to_le_bytes().to_vec();
                data.extend_from_slice(&d);
                check_transcode_dst(&data);
            }
        }
    }

    #[test]
    fn kinds_follow_the_documented_table() {
        let kind = |b: &[u8]| expected_kind(b, &core::str::from_utf8(b).unwrap_err());
        assert_eq!(kind(b"\xE0\x80\x80"), Utf8ErrorKind::Overlong);
        assert_eq!(kind(b"\xED\xA0\x80"), Utf8ErrorKind::Surrogate);
        assert_eq!(kind(b"\xF4\x90\x80\x80"), Utf8ErrorKind::TooLarge);
        assert_eq!(kind(b"\xC1\x80"), Utf8ErrorKind::InvalidByte);
        assert_eq!(kind(b"\xBF"), Utf8ErrorKind::UnexpectedContinuation);
        assert_eq!(kind(b"\xE2\x82x"), Utf8ErrorKind::MissingContinuation);
        assert_eq!(kind(b"\xE2\x82"), Utf8ErrorKind::Truncated);
    }
}
