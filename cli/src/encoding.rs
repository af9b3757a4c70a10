//! Encoding names, byte orders and byte-order marks.
//!
//! Names are matched as iconv does: case-insensitively, and with or without
//! the `-`/`_` separators (`UTF8`, `utf-8`, `UTF-16LE`, `utf_16le`, ...).
//!
//! The BOM-carrying names follow glibc's iconv:
//!
//! - `utf-16` / `utf-32` **on input** honour a byte-order mark (`FF FE`,
//!   `FE FF`, `FF FE 00 00`, `00 00 FE FF`) and drop it; without one the
//!   input is in the machine's byte order (little-endian on x86-64 and
//!   aarch64), as glibc's iconv reads it. (RFC 2781 §4.3 says big-endian;
//!   a tool that claims iconv's behaviour must not silently differ from
//!   it, so name the byte order, `utf-16be`, for such input.)
//! - `utf-16` / `utf-32` **on output** are in the machine's byte order and
//!   start with a BOM, as glibc's iconv writes them, so that the reader
//!   need not guess.
//! - The explicit `le`/`be` names never add, detect or drop a BOM: a
//!   U+FEFF at the start is an ordinary character, as in iconv.
//! - `auto` (input only) picks UTF-8, UTF-16LE/BE or UTF-32LE/BE by the
//!   BOM, which it drops, and without one by [`rapidutf::detect_encoding`]
//!   on the first window (4 MiB): valid UTF-8, else UTF-16/UTF-32 where
//!   validity and the pattern of the units say so.
//!
//! The 8-bit encodings are `latin1` (ISO-8859-1; also `iso-8859-1`,
//! `l1`), `cp1252` (Windows-1252 as the WHATWG Encoding Standard defines
//! it, where the five bytes the code page leaves undefined,
//! `81 8D 8F 90 9D`, are the C1 controls of the same value; also
//! `windows-1252`) and `ascii` (also `us-ascii`, `ansi_x3.4-1968`,
//! `iso646-us`). Every byte is a character of Latin-1 and Windows-1252, so
//! they never fail as input; in ASCII, bytes 80..FF are illegal input. As
//! output, a character they cannot represent is an error at its input
//! position, as in iconv (or, with `//TRANSLIT`, transliterated). They
//! have no byte-order mark.
//!
//! The UCS names are glibc's: `ucs-2` is 16-bit units without surrogates
//! (the Basic Multilingual Plane only: a surrogate unit is illegal input,
//! a supplementary character cannot be output) in the machine's byte
//! order, `ucs-4` is UTF-32 **big-endian**; `ucs-2le`, `ucs-2be`,
//! `ucs-4le`, `ucs-4be` name the order. None of them adds, detects or
//! drops a BOM (a U+FEFF at the start is a character, as in iconv).
//!
//! The UTF-8 derivatives of [`rapidutf::utf8_variants`] are encodings too:
//! `cesu-8`, `mutf-8` (also `modified-utf-8`, `java`), `wtf-8`, and, on
//! input only, `utf8mb3` (MySQL's UTF-8 without supplementary characters).

use std::fmt;

/// The byte order of 16- and 32-bit units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Little-endian: least significant byte first.
    Le,
    /// Big-endian: most significant byte first.
    Be,
}

/// An encoding as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8.
    Utf8,
    /// UTF-16 in the given byte order, no BOM handling.
    Utf16(Order),
    /// UTF-16 with a byte-order mark (see the module docs).
    Utf16Bom,
    /// UTF-32 in the given byte order, no BOM handling.
    Utf32(Order),
    /// UTF-32 with a byte-order mark (see the module docs).
    Utf32Bom,
    /// Input only: UTF-8, UTF-16 or UTF-32 by the BOM, UTF-8 without one.
    Auto,
    /// A UTF-8 derivative.
    Derived(Derivative),
    /// A legacy 8-bit encoding.
    Legacy(Legacy),
    /// UCS-2: UTF-16 without surrogates, no BOM handling.
    Ucs2(Order),
    /// UCS-4: UTF-32 under its ISO 10646 name, no BOM handling (`ucs-4`
    /// alone is big-endian).
    Ucs4(Order),
}

/// The legacy 8-bit encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legacy {
    /// ISO-8859-1: byte `b` is U+00`b`.
    Latin1,
    /// Windows-1252 as the WHATWG Encoding Standard defines it.
    Cp1252,
    /// US-ASCII: bytes 00..7F only.
    Ascii,
}

/// The UTF-8 derivatives the tool reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Derivative {
    /// CESU-8: supplementary characters as 6-byte surrogate pairs.
    Cesu8,
    /// Java's Modified UTF-8: CESU-8 with U+0000 as `C0 80`, and lone
    /// surrogates allowed.
    Mutf8,
    /// WTF-8: UTF-8 plus lone surrogates.
    Wtf8,
    /// MySQL's `utf8mb3`: UTF-8 without 4-byte sequences (input only).
    Utf8mb3,
}

impl Derivative {
    /// Whether the encoding can hold lone surrogates.
    pub const fn holds_lone_surrogates(self) -> bool {
        matches!(self, Derivative::Mutf8 | Derivative::Wtf8)
    }
}

/// A concrete encoding form with its byte order settled: what the
/// transcoders actually read or write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// UTF-8 bytes.
    Utf8,
    /// 16-bit units in the given byte order.
    Utf16(Order),
    /// 32-bit units in the given byte order.
    Utf32(Order),
    /// Bytes of a UTF-8 derivative.
    Derived(Derivative),
    /// Bytes of a legacy 8-bit encoding.
    Legacy(Legacy),
    /// 16-bit units of the Basic Multilingual Plane, no surrogates.
    Ucs2(Order),
}

/// The names accepted by [`Encoding::parse`], for help and error texts.
pub const NAMES: &str = "utf-8, utf-16le, utf-16be, utf-16, utf-32le, utf-32be, utf-32, \
ucs-2, ucs-2le, ucs-2be, ucs-4, ucs-4le, ucs-4be, auto, latin1, cp1252, ascii, cesu-8, mutf-8, \
wtf-8, utf8mb3";

/// What `convert -l` prints: each encoding with its other names, and
/// whether it is input only.
pub const LIST: &str = "\
UTF-8 (utf8)
UTF-16LE (utf16le)
UTF-16BE (utf16be)
UTF-16 (utf16; BOM, else the machine's byte order on input)
UTF-32LE (utf32le)
UTF-32BE (utf32be)
UTF-32 (utf32; BOM, else the machine's byte order on input)
CESU-8 (cesu8)
MUTF-8 (mutf8, modified-utf-8, java)
WTF-8 (wtf8)
UTF8MB3 (input only)
UCS-2 (ucs2; no surrogates, the machine's byte order)
UCS-2LE (ucs2le)
UCS-2BE (ucs2be)
UCS-4 (ucs4; big-endian)
UCS-4LE (ucs4le)
UCS-4BE (ucs4be)
LATIN1 (iso-8859-1, l1)
CP1252 (windows-1252; WHATWG: 81 8D 8F 90 9D are C1 controls)
ASCII (us-ascii, ansi_x3.4-1968, iso646-us)
AUTO (input only: the BOM, else UTF-8, UTF-16/UTF-32 or CP1252 by detection)
";

impl Encoding {
    /// Parses an encoding name (see the module docs for the spelling rules).
    pub fn parse(name: &str) -> Option<Encoding> {
        let key: String = name
            .chars()
            .filter(|c| *c != '-' && *c != '_')
            .map(|c| c.to_ascii_lowercase())
            .collect();
        Some(match key.as_str() {
            "utf8" => Encoding::Utf8,
            "utf16le" => Encoding::Utf16(Order::Le),
            "utf16be" => Encoding::Utf16(Order::Be),
            "utf16" => Encoding::Utf16Bom,
            "utf32le" => Encoding::Utf32(Order::Le),
            "utf32be" => Encoding::Utf32(Order::Be),
            "utf32" => Encoding::Utf32Bom,
            "auto" => Encoding::Auto,
            "cesu8" => Encoding::Derived(Derivative::Cesu8),
            "mutf8" | "modifiedutf8" | "java" => Encoding::Derived(Derivative::Mutf8),
            "wtf8" => Encoding::Derived(Derivative::Wtf8),
            "utf8mb3" => Encoding::Derived(Derivative::Utf8mb3),
            "latin1" | "iso88591" | "l1" => Encoding::Legacy(Legacy::Latin1),
            "cp1252" | "windows1252" => Encoding::Legacy(Legacy::Cp1252),
            "ascii" | "usascii" | "ansix3.41968" | "iso646us" => Encoding::Legacy(Legacy::Ascii),
            "ucs2" => Encoding::Ucs2(Order::NATIVE),
            "ucs2le" => Encoding::Ucs2(Order::Le),
            "ucs2be" => Encoding::Ucs2(Order::Be),
            "ucs4" | "ucs4be" => Encoding::Ucs4(Order::Be),
            "ucs4le" => Encoding::Ucs4(Order::Le),
            _ => return None,
        })
    }

    /// Whether this name can be an output encoding (`auto` and `utf8mb3`
    /// cannot).
    pub const fn is_output(self) -> bool {
        !matches!(self, Encoding::Auto | Encoding::Derived(Derivative::Utf8mb3))
    }

    /// Settles the input form from the first window of the input.
    ///
    /// Returns the form and the length of the BOM to skip (0 when there is
    /// none, or when the encoding does not look for one). `head` is the
    /// first window (at least 4 bytes unless it is the whole input, which
    /// `last` says); the BOM-carrying names look at its first 4 bytes,
    /// `auto` at all of it (see [`rapidutf::detect_encoding`]).
    pub fn detect_input(self, head: &[u8], last: bool) -> (Form, usize) {
        match self {
            Encoding::Utf8 => (Form::Utf8, 0),
            Encoding::Derived(d) => (Form::Derived(d), 0),
            Encoding::Legacy(l) => (Form::Legacy(l), 0),
            Encoding::Auto => {
                use rapidutf::DetectedEncoding as D;
                let d = if last {
                    rapidutf::detect_encoding(head)
                } else {
                    rapidutf::detect_encoding_prefix(head)
                };
                let form = match d.encoding() {
                    D::Utf16Le => Form::Utf16(Order::Le),
                    D::Utf16Be => Form::Utf16(Order::Be),
                    D::Utf32Le => Form::Utf32(Order::Le),
                    D::Utf32Be => Form::Utf32(Order::Be),
                    // Neither UTF-8 nor UTF-16/UTF-32: legacy 8-bit text,
                    // in which every byte decodes.
                    D::Windows1252 => Form::Legacy(Legacy::Cp1252),
                    _ => Form::Utf8,
                };
                (form, d.bom_len())
            }
            Encoding::Utf16(o) => (Form::Utf16(o), 0),
            Encoding::Utf32(o) | Encoding::Ucs4(o) => (Form::Utf32(o), 0),
            Encoding::Ucs2(o) => (Form::Ucs2(o), 0),
            Encoding::Utf16Bom => match head {
                [0xFF, 0xFE, ..] => (Form::Utf16(Order::Le), 2),
                [0xFE, 0xFF, ..] => (Form::Utf16(Order::Be), 2),
                _ => (Form::Utf16(Order::NATIVE), 0),
            },
            Encoding::Utf32Bom => match head {
                [0xFF, 0xFE, 0x00, 0x00, ..] => (Form::Utf32(Order::Le), 4),
                [0x00, 0x00, 0xFE, 0xFF, ..] => (Form::Utf32(Order::Be), 4),
                _ => (Form::Utf32(Order::NATIVE), 0),
            },
        }
    }

    /// The output form, and the BOM to write before the first character.
    /// (`auto` is not an output encoding; it would be UTF-8.)
    pub fn output(self) -> (Form, &'static [u8]) {
        match self {
            Encoding::Utf8 | Encoding::Auto => (Form::Utf8, b""),
            Encoding::Derived(d) => (Form::Derived(d), b""),
            Encoding::Legacy(l) => (Form::Legacy(l), b""),
            Encoding::Utf16(o) => (Form::Utf16(o), b""),
            Encoding::Utf32(o) | Encoding::Ucs4(o) => (Form::Utf32(o), b""),
            Encoding::Ucs2(o) => (Form::Ucs2(o), b""),
            Encoding::Utf16Bom => (Form::Utf16(Order::NATIVE), Form::Utf16(Order::NATIVE).bom()),
            Encoding::Utf32Bom => (Form::Utf32(Order::NATIVE), Form::Utf32(Order::NATIVE).bom()),
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf16(Order::Le) => "utf-16le",
            Encoding::Utf16(Order::Be) => "utf-16be",
            Encoding::Utf16Bom => "utf-16",
            Encoding::Utf32(Order::Le) => "utf-32le",
            Encoding::Utf32(Order::Be) => "utf-32be",
            Encoding::Utf32Bom => "utf-32",
            Encoding::Auto => "auto",
            Encoding::Derived(Derivative::Cesu8) => "cesu-8",
            Encoding::Derived(Derivative::Mutf8) => "mutf-8",
            Encoding::Derived(Derivative::Wtf8) => "wtf-8",
            Encoding::Derived(Derivative::Utf8mb3) => "utf8mb3",
            Encoding::Legacy(Legacy::Latin1) => "latin1",
            Encoding::Legacy(Legacy::Cp1252) => "cp1252",
            Encoding::Legacy(Legacy::Ascii) => "ascii",
            Encoding::Ucs2(Order::Le) if Order::NATIVE == Order::Le => "ucs-2",
            Encoding::Ucs2(Order::Be) if Order::NATIVE == Order::Be => "ucs-2",
            Encoding::Ucs2(Order::Le) => "ucs-2le",
            Encoding::Ucs2(Order::Be) => "ucs-2be",
            Encoding::Ucs4(Order::Be) => "ucs-4",
            Encoding::Ucs4(Order::Le) => "ucs-4le",
        })
    }
}

impl Form {
    /// Bytes per code unit: 1, 2 or 4.
    pub const fn unit(self) -> usize {
        match self {
            Form::Utf8 | Form::Derived(_) | Form::Legacy(_) => 1,
            Form::Utf16(_) | Form::Ucs2(_) => 2,
            Form::Utf32(_) => 4,
        }
    }
}

/// Views whole 16-bit units of `bytes` as `u16`s in *memory* order (the
/// layout the library's `utf16le`/`utf16be` functions read), without a copy
/// when `bytes` is suitably aligned, else through `scratch`.
///
/// `bytes.len()` must be even.
pub fn units16<'a>(bytes: &'a [u8], scratch: &'a mut Vec<u16>) -> &'a [u16] {
    debug_assert!(bytes.len().is_multiple_of(2));
    match bytemuck::try_cast_slice(bytes) {
        Ok(units) => units,
        Err(_) => {
            scratch.clear();
            scratch.extend(bytes.chunks_exact(2).map(|b| u16::from_ne_bytes([b[0], b[1]])));
            scratch
        }
    }
}

/// Reads whole 32-bit units of `bytes` in byte order `order` as values,
/// without a copy when the order is native and `bytes` is aligned, else
/// through `scratch`.
///
/// `bytes.len()` must be a multiple of 4.
pub fn values32<'a>(bytes: &'a [u8], order: Order, scratch: &'a mut Vec<u32>) -> &'a [u32] {
    debug_assert!(bytes.len().is_multiple_of(4));
    if order == Order::NATIVE {
        if let Ok(values) = bytemuck::try_cast_slice(bytes) {
            return values;
        }
    }
    scratch.clear();
    let read = match order {
        Order::Le => u32::from_le_bytes,
        Order::Be => u32::from_be_bytes,
    };
    scratch.extend(bytes.chunks_exact(4).map(|b| read([b[0], b[1], b[2], b[3]])));
    scratch
}

impl Form {
    /// The byte-order mark (U+FEFF) in this form; empty for the legacy
    /// encodings, which cannot represent it.
    pub const fn bom(self) -> &'static [u8] {
        match self {
            Form::Legacy(_) => b"",
            Form::Utf8 | Form::Derived(_) => b"\xEF\xBB\xBF",
            Form::Utf16(Order::Le) | Form::Ucs2(Order::Le) => b"\xFF\xFE",
            Form::Utf16(Order::Be) | Form::Ucs2(Order::Be) => b"\xFE\xFF",
            Form::Utf32(Order::Le) => b"\xFF\xFE\x00\x00",
            Form::Utf32(Order::Be) => b"\x00\x00\xFE\xFF",
        }
    }
}

impl Order {
    /// The byte order of the machine.
    #[cfg(target_endian = "little")]
    pub const NATIVE: Order = Order::Le;
    /// The byte order of the machine.
    #[cfg(target_endian = "big")]
    pub const NATIVE: Order = Order::Be;

    /// The value of a 16-bit unit stored in memory in this order.
    pub const fn read16(self, unit: u16) -> u16 {
        match self {
            Order::Le => u16::from_le(unit),
            Order::Be => u16::from_be(unit),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_matched_like_iconv() {
        for (name, enc) in [
            ("UTF8", Encoding::Utf8),
            ("utf-8", Encoding::Utf8),
            ("UTF-16LE", Encoding::Utf16(Order::Le)),
            ("utf_16be", Encoding::Utf16(Order::Be)),
            ("Utf-16", Encoding::Utf16Bom),
            ("UTF-32LE", Encoding::Utf32(Order::Le)),
            ("utf32be", Encoding::Utf32(Order::Be)),
            ("UTF-32", Encoding::Utf32Bom),
            ("Auto", Encoding::Auto),
            ("CESU-8", Encoding::Derived(Derivative::Cesu8)),
            ("mutf8", Encoding::Derived(Derivative::Mutf8)),
            ("Modified-UTF-8", Encoding::Derived(Derivative::Mutf8)),
            ("java", Encoding::Derived(Derivative::Mutf8)),
            ("WTF-8", Encoding::Derived(Derivative::Wtf8)),
            ("utf8mb3", Encoding::Derived(Derivative::Utf8mb3)),
            ("latin1", Encoding::Legacy(Legacy::Latin1)),
            ("ISO-8859-1", Encoding::Legacy(Legacy::Latin1)),
            ("iso_8859-1", Encoding::Legacy(Legacy::Latin1)),
            ("L1", Encoding::Legacy(Legacy::Latin1)),
            ("CP1252", Encoding::Legacy(Legacy::Cp1252)),
            ("Windows-1252", Encoding::Legacy(Legacy::Cp1252)),
            ("ASCII", Encoding::Legacy(Legacy::Ascii)),
            ("US-ASCII", Encoding::Legacy(Legacy::Ascii)),
            ("ANSI_X3.4-1968", Encoding::Legacy(Legacy::Ascii)),
            ("UCS-2", Encoding::Ucs2(Order::NATIVE)),
            ("ucs2le", Encoding::Ucs2(Order::Le)),
            ("UCS-2BE", Encoding::Ucs2(Order::Be)),
            ("UCS-4", Encoding::Ucs4(Order::Be)),
            ("UCS-4BE", Encoding::Ucs4(Order::Be)),
            ("ucs-4le", Encoding::Ucs4(Order::Le)),
        ] {
            assert_eq!(Encoding::parse(name), Some(enc), "{name}");
            assert_eq!(Encoding::parse(&enc.to_string()), Some(enc));
        }
        assert_eq!(Encoding::parse("latin2"), None);
        assert_eq!(Encoding::parse(""), None);
    }

    #[test]
    fn bom_detection() {
        let u16 = Encoding::Utf16Bom;
        assert_eq!(u16.detect_input(b"\xFF\xFEa\x00", true), (Form::Utf16(Order::Le), 2));
        assert_eq!(u16.detect_input(b"\xFE\xFF\x00a", true), (Form::Utf16(Order::Be), 2));
        // Without a BOM: the machine's byte order, as glibc's iconv.
        assert_eq!(u16.detect_input(b"\x00a", true), (Form::Utf16(Order::NATIVE), 0));
        assert_eq!(u16.detect_input(b"", true), (Form::Utf16(Order::NATIVE), 0));
        let u32 = Encoding::Utf32Bom;
        assert_eq!(u32.detect_input(b"\xFF\xFE\x00\x00", true), (Form::Utf32(Order::Le), 4));
        assert_eq!(u32.detect_input(b"\x00\x00\xFE\xFF", true), (Form::Utf32(Order::Be), 4));
        assert_eq!(u32.detect_input(b"\xFF\xFE", true), (Form::Utf32(Order::NATIVE), 0));
        assert_eq!(u32.detect_input(b"a\0\0\0", true), (Form::Utf32(Order::NATIVE), 0));
        // Output: the machine's byte order, after a BOM.
        assert_eq!(u16.output(), (Form::Utf16(Order::NATIVE), Form::Utf16(Order::NATIVE).bom()));
        assert_eq!(u32.output(), (Form::Utf32(Order::NATIVE), Form::Utf32(Order::NATIVE).bom()));
        // An explicit byte order keeps the BOM as a character.
        let le = Encoding::Utf16(Order::Le);
        assert_eq!(le.detect_input(b"\xFF\xFE", true), (Form::Utf16(Order::Le), 0));
        // `auto` goes by the BOM, and is UTF-8 without one.
        let auto = Encoding::Auto;
        assert_eq!(auto.detect_input(b"\xEF\xBB\xBFa", true), (Form::Utf8, 3));
        assert_eq!(auto.detect_input(b"\xFE\xFF\x00a", true), (Form::Utf16(Order::Be), 2));
        assert_eq!(auto.detect_input(b"\xFF\xFEa\x00", true), (Form::Utf16(Order::Le), 2));
        assert_eq!(auto.detect_input(b"\xFF\xFE\x00\x00", true), (Form::Utf32(Order::Le), 4));
        assert_eq!(auto.detect_input(b"\x00\x00\xFE\xFF", true), (Form::Utf32(Order::Be), 4));
        assert_eq!(auto.detect_input(b"ab", true), (Form::Utf8, 0));
        // Each form's BOM is U+FEFF in that form.
        for form in [Form::Utf8, Form::Utf16(Order::Le), Form::Utf32(Order::Be)] {
            let (detected, n) = auto.detect_input(form.bom(), true);
            assert_eq!((detected, n), (form, form.bom().len()));
        }
    }

    #[test]
    fn unit_views_agree_with_and_without_alignment() {
        let words: Vec<u32> = vec![0x0102_0304, 0x0506_0708, 0x090A_0B0C];
        let aligned: &[u8] = bytemuck::cast_slice(&words);
        // An odd start forces the copying path.
        let mut shifted = vec![0u8];
        shifted.extend_from_slice(aligned);
        let (mut s1, mut s2) = (Vec::new(), Vec::new());
        assert_eq!(units16(&aligned[..8], &mut s1), units16(&shifted[1..9], &mut s2));
        for order in [Order::Le, Order::Be] {
            let (mut s1, mut s2) = (Vec::new(), Vec::new());
            let a = values32(aligned, order, &mut s1).to_vec();
            let b = values32(&shifted[1..], order, &mut s2);
            assert_eq!(a, b);
            let expect: Vec<u32> = aligned
                .chunks_exact(4)
                .map(|c| match order {
                    Order::Le => u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
                    Order::Be => u32::from_be_bytes([c[0], c[1], c[2], c[3]]),
                })
                .collect();
            assert_eq!(a, expect);
        }
    }
}
