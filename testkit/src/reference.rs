//! Reference implementations, from std and the documentation alone, of
//! the behaviours that are more than one decoding: lossy decoding with an
//! error strategy, many-strings validation, and encoding detection. The
//! fuzz targets and tests compare the library with them.

use crate::{utf8_oracle, windows1252_table, Utf8Exp};

/// What stands for each maximal invalid subpart in lossy UTF-8 decoding:
/// the four error strategies of the library's `ErrorStrategy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Substitute {
    /// One U+FFFD (`String::from_utf8_lossy`).
    Replace,
    /// Nothing.
    Ignore,
    /// Each byte as the Latin-1 character of its value.
    Latin1,
    /// Each byte as its Windows-1252 character (WHATWG's mapping).
    Windows1252,
}

impl Substitute {
    /// The strategy of this name (`ErrorStrategy::name`): `replace`,
    /// `ignore`, `latin1` or `cp1252`.
    pub fn named(name: &str) -> Option<Substitute> {
        match name {
            "replace" => Some(Substitute::Replace),
            "ignore" => Some(Substitute::Ignore),
            "latin1" => Some(Substitute::Latin1),
            "cp1252" => Some(Substitute::Windows1252),
            _ => None,
        }
    }
}

/// Lossy decoding of `bytes` with `sub` for each maximal invalid subpart,
/// by std's chunking (`<[u8]>::utf8_chunks` yields exactly those subparts).
pub fn lossy_with(bytes: &[u8], sub: Substitute) -> String {
    let table = (sub == Substitute::Windows1252).then(windows1252_table);
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        let bad = chunk.invalid();
        if bad.is_empty() {
            continue;
        }
        match (sub, &table) {
            (Substitute::Replace, _) => out.push(char::REPLACEMENT_CHARACTER),
            (Substitute::Ignore, _) => {}
            (Substitute::Latin1, _) => out.extend(bad.iter().map(|&b| char::from(b))),
            (Substitute::Windows1252, Some(t)) => {
                out.extend(bad.iter().map(|&b| t[usize::from(b)]))
            }
            (Substitute::Windows1252, None) => unreachable!("the table is loaded for cp1252"),
        }
    }
    out
}

/// Why one string of a many-strings validation fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManyFailure {
    /// Its start or end lies past the buffer.
    OutOfBounds,
    /// Its start lies after its end.
    Reversed,
    /// It is not UTF-8: core's error, relative to the string's start.
    Invalid(Utf8Exp),
}

/// The documented result of validating the strings `starts_ends` of `buf`:
/// the index of the first one that is out of bounds, reversed or invalid
/// (by `core::str::from_utf8`), and why.
pub fn many_strings(
    buf: &[u8],
    starts_ends: &[(usize, usize)],
) -> Result<(), (usize, ManyFailure)> {
    for (i, &(s, e)) in starts_ends.iter().enumerate() {
        if s > buf.len() || e > buf.len() {
            return Err((i, ManyFailure::OutOfBounds));
        }
        if s > e {
            return Err((i, ManyFailure::Reversed));
        }
        if let Err(err) = utf8_oracle(&buf[s..e]) {
            return Err((i, ManyFailure::Invalid(err)));
        }
    }
    Ok(())
}

/// The encodings of detection, by the names the library gives them
/// (`DetectedEncoding::name`), in the order of `DetectedEncoding::ALL`.
pub const ENCODINGS: [&str; 6] =
    ["UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "windows-1252"];

/// What detection must report, by the rules of the library's `detect`
/// module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detected {
    /// The chosen encoding's name (one of [`ENCODINGS`]).
    pub encoding: &'static str,
    /// The length of the byte-order mark that decided, or 0.
    pub bom_len: usize,
    /// Whether the input (after a UTF-8 mark) is ASCII and UTF-8 won.
    pub ascii: bool,
    /// The names of the encodings the input (after a deciding mark) is
    /// valid in, in the order of [`ENCODINGS`].
    pub candidates: Vec<&'static str>,
}

/// Whether `bytes` are valid in encoding `name`, by std's decoders; with
/// `prefix`, a character or unit cut by the end of `bytes` is allowed.
pub fn valid_in(name: &str, bytes: &[u8], prefix: bool) -> bool {
    let cut = |n: usize| if prefix { &bytes[..bytes.len() / n * n] } else { bytes };
    match name {
        "UTF-8" => match core::str::from_utf8(bytes) {
            Ok(_) => true,
            Err(e) => prefix && e.error_len().is_none(),
        },
        "UTF-16LE" | "UTF-16BE" => {
            let b = cut(2);
            if b.len() % 2 != 0 {
                return false;
            }
            let le = name == "UTF-16LE";
            let units = b.chunks_exact(2).map(|p| {
                if le {
                    u16::from_le_bytes([p[0], p[1]])
                } else {
                    u16::from_be_bytes([p[0], p[1]])
                }
            });
            let units: Vec<u16> = units.collect();
            let mut at = 0;
            for r in char::decode_utf16(units.iter().copied()) {
                match r {
                    Ok(c) => at += c.len_utf16(),
                    // A high surrogate that ends a prefix may be paired by
                    // what follows.
                    Err(e) => {
                        let high = (0xD800..0xDC00).contains(&e.unpaired_surrogate());
                        return prefix && high && at + 1 == units.len();
                    }
                }
            }
            true
        }
        "UTF-32LE" | "UTF-32BE" => {
            let b = cut(4);
            let le = name == "UTF-32LE";
            b.len() % 4 == 0
                && b.chunks_exact(4).all(|q| {
                    let q = [q[0], q[1], q[2], q[3]];
                    let v = if le { u32::from_le_bytes(q) } else { u32::from_be_bytes(q) };
                    char::from_u32(v).is_some()
                })
        }
        "windows-1252" => true,
        _ => panic!("no encoding {name:?}"),
    }
}

/// Detection by the documented rules: a byte-order mark decides (a UTF-32LE
/// mark whose rest is not valid UTF-32LE is a UTF-16LE mark and U+0000);
/// else valid UTF-8 without NUL bytes (or empty) is UTF-8; else valid
/// UTF-32 (of at least 4 bytes), then valid UTF-16 whose units have a zero
/// high byte at least once in 16 and a zero low byte at most half as often;
/// else valid UTF-8; else Windows-1252.
pub fn detect(bytes: &[u8], prefix: bool) -> Detected {
    const MARKS: [(&[u8], &str); 5] = [
        (b"\xEF\xBB\xBF", "UTF-8"),
        (b"\xFF\xFE\x00\x00", "UTF-32LE"),
        (b"\x00\x00\xFE\xFF", "UTF-32BE"),
        (b"\xFF\xFE", "UTF-16LE"),
        (b"\xFE\xFF", "UTF-16BE"),
    ];
    if let Some(&(mark, mut encoding)) = MARKS.iter().find(|(m, _)| bytes.starts_with(m)) {
        let mut bom_len = mark.len();
        let mut valid = valid_in(encoding, &bytes[bom_len..], prefix);
        if encoding == "UTF-32LE" && !valid {
            encoding = "UTF-16LE";
            bom_len = 2;
            valid = valid_in(encoding, &bytes[2..], prefix);
        }
        let ascii = encoding == "UTF-8" && bytes[bom_len..].is_ascii();
        let candidates = if valid { vec![encoding] } else { Vec::new() };
        return Detected { encoding, bom_len, ascii, candidates };
    }
    let candidates: Vec<&'static str> =
        ENCODINGS.iter().copied().filter(|e| valid_in(e, bytes, prefix)).collect();
    let has = |e: &str| candidates.contains(&e);
    let utf8 = has("UTF-8");
    let encoding = if utf8 && (!bytes.contains(&0) || bytes.is_empty()) {
        "UTF-8"
    } else if bytes.len() >= 4 && has("UTF-32LE") {
        "UTF-32LE"
    } else if bytes.len() >= 4 && has("UTF-32BE") {
        "UTF-32BE"
    } else {
        let units = bytes.len() / 2;
        let zero_first = bytes.chunks_exact(2).filter(|p| p[0] == 0).count();
        let zero_second = bytes.chunks_exact(2).filter(|p| p[1] == 0).count();
        let pattern =
            |zeros: usize, other: usize| units > 0 && zeros * 16 >= units && other * 2 <= zeros;
        if has("UTF-16LE") && pattern(zero_second, zero_first) {
            "UTF-16LE"
        } else if has("UTF-16BE") && pattern(zero_first, zero_second) {
            "UTF-16BE"
        } else if utf8 {
            "UTF-8"
        } else {
            "windows-1252"
        }
    };
    // ASCII only when the text is detected as UTF-8 (`Detection::is_ascii`):
    // ASCII bytes with zeros between them are UTF-16 or UTF-32 text.
    let ascii = encoding == "UTF-8" && bytes.is_ascii();
    Detected { encoding, bom_len: 0, ascii, candidates }
}
