//! Encoding detection: what a byte buffer most likely is, and what it
//! could also be.
//!
//! # Rules, in order
//!
//! 1. **A byte-order mark** decides: `EF BB BF` UTF-8, `FF FE 00 00`
//!    UTF-32LE, `00 00 FE FF` UTF-32BE, `FF FE` UTF-16LE, `FE FF` UTF-16BE.
//!    `FF FE 00 00` is also a UTF-16LE mark followed by U+0000: it is read
//!    as UTF-32LE when the rest is valid UTF-32LE, else as UTF-16LE.
//! 2. **Valid UTF-8 without NUL bytes** is UTF-8 (and [`Detection::is_ascii`]
//!    says whether it is pure ASCII). The argument is the one the UTF-8
//!    article makes: only a small subset of byte strings is valid UTF-8
//!    (`C0`, `C1`, `F5..FF` never appear, bytes with the high bit set come
//!    in strict patterns), so readable text in a legacy 8-bit encoding is
//!    almost never valid UTF-8. The false positives that remain are short
//!    inputs whose few non-ASCII bytes happen to form valid sequences.
//! 3. **UTF-32 or UTF-16 without a mark**, where validity *and* the unit
//!    pattern say so. Valid UTF-32 is already a strong pattern (every value
//!    at most `0010FFFF`: one byte in four is zero, the next at most `10`).
//!    Almost any even-length buffer is valid UTF-16, so UTF-16 also needs
//!    the pattern of text: spaces, newlines and ASCII punctuation are units
//!    with a zero high byte, so at least one unit in 16 has a zero byte on
//!    the high side, and the low side has at most half as many.
//!    UTF-16 text with (almost) no ASCII at all, such as Chinese without
//!    spaces or newlines, is not recognised: it stays a candidate. ASCII
//!    and some scripts (Arabic letters are `06 21..4A` in UTF-16) in UTF-16
//!    or UTF-32 are valid UTF-8, NUL being a character; that is why rule 2
//!    excludes NUL bytes: valid UTF-8 with NULs is UTF-32 or UTF-16 when it
//!    also passes this rule, UTF-8 otherwise.
//! 4. Else **Windows-1252**, which decodes every byte (the WHATWG mapping
//!    used by browsers for `iso-8859-1`, `us-ascii` and `windows-1252`
//!    labels); invalid UTF-8 in a document is most often legacy 8-bit text.
//!
//! [`Detection::candidates`] lists every encoding that the input is valid
//! in, as simdutf's `detect_encodings` does (Windows-1252 is always one),
//! so a caller with other knowledge can choose among them.
//!
//! Each rule is a validation at kernel speed ([`validate_utf8`],
//! [`validate_utf16le`], ...); the UTF-16 and UTF-32 checks of bytes run in
//! blocks through a small stack buffer (no allocation, any alignment), and
//! only when the earlier rules did not decide.
//!
//! [`validate_utf8`]: crate::validate_utf8
//! [`validate_utf16le`]: crate::validate_utf16le

use crate::bom::{detect_bom, Bom};
use crate::error::Utf16ErrorKind;
use core::fmt;

/// An encoding [`detect_encoding`] can report.
///
/// # Example
///
/// ```
/// use rapidutf::{detect_encoding, DetectedEncoding};
/// assert_eq!(detect_encoding(b"caf\xE9").encoding(), DetectedEncoding::Windows1252);
/// assert_eq!(DetectedEncoding::Utf16Le.name(), "UTF-16LE");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DetectedEncoding {
    /// UTF-8.
    Utf8,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
    /// UTF-32, little-endian.
    Utf32Le,
    /// UTF-32, big-endian.
    Utf32Be,
    /// Windows-1252 as the WHATWG Encoding Standard defines it (every
    /// byte decodes).
    Windows1252,
}

impl DetectedEncoding {
    /// Every encoding, in the order of [`EncodingSet::iter`]. A slice, not
    /// an array: a new encoding (the enum is `#[non_exhaustive]`)
    /// lengthens it without changing its type.
    ///
    /// # Example
    ///
    /// ```
    /// use rapidutf::DetectedEncoding;
    /// assert_eq!(DetectedEncoding::ALL.len(), 6);
    /// assert_eq!(DetectedEncoding::ALL[1].name(), "UTF-16LE");
    /// ```
    pub const ALL: &'static [DetectedEncoding] = &[
        DetectedEncoding::Utf8,
        DetectedEncoding::Utf16Le,
        DetectedEncoding::Utf16Be,
        DetectedEncoding::Utf32Le,
        DetectedEncoding::Utf32Be,
        DetectedEncoding::Windows1252,
    ];

    /// The encoding's usual name: `UTF-8`, `UTF-16LE`, ..., `windows-1252`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(rapidutf::DetectedEncoding::Windows1252.name(), "windows-1252");
    /// ```
    #[must_use]
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            DetectedEncoding::Utf8 => "UTF-8",
            DetectedEncoding::Utf16Le => "UTF-16LE",
            DetectedEncoding::Utf16Be => "UTF-16BE",
            DetectedEncoding::Utf32Le => "UTF-32LE",
            DetectedEncoding::Utf32Be => "UTF-32BE",
            DetectedEncoding::Windows1252 => "windows-1252",
        }
    }

    /// The encoding's bit in an [`EncodingSet`]: bit `i` for `ALL[i]`
    /// (the variants are declared in the order of `ALL`).
    const fn bit(self) -> u8 {
        1 << self as u8
    }

    fn of_bom(bom: Bom) -> DetectedEncoding {
        match bom {
            Bom::Utf8 => DetectedEncoding::Utf8,
            Bom::Utf16Le => DetectedEncoding::Utf16Le,
            Bom::Utf16Be => DetectedEncoding::Utf16Be,
            Bom::Utf32Le => DetectedEncoding::Utf32Le,
            Bom::Utf32Be => DetectedEncoding::Utf32Be,
        }
    }
}

impl fmt::Display for DetectedEncoding {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for DetectedEncoding {
    type Err = UnknownEncoding;

    /// Parses an encoding name, ignoring case, `-` and `_`: the names
    /// [`name`](DetectedEncoding::name) gives (`UTF-8`, `UTF-16LE`,
    /// `UTF-16BE`, `UTF-32LE`, `UTF-32BE`, `windows-1252`), so also
    /// Python's `utf_16_le` and the like, and `cp1252` and WHATWG's
    /// `x-cp1252` for Windows-1252.
    ///
    /// `UTF-16` and `UTF-32` alone are not accepted (they leave the byte
    /// order open), nor `latin1` and `iso-8859-1`: WHATWG labels them
    /// Windows-1252, other software ISO-8859-1, which decodes 27 bytes
    /// differently.
    ///
    /// # Errors
    ///
    /// [`UnknownEncoding`] for any other name.
    ///
    /// # Example
    ///
    /// ```
    /// use rapidutf::DetectedEncoding;
    /// assert_eq!("utf-16le".parse(), Ok(DetectedEncoding::Utf16Le));
    /// assert_eq!("UTF_32_BE".parse(), Ok(DetectedEncoding::Utf32Be));
    /// assert_eq!("CP1252".parse(), Ok(DetectedEncoding::Windows1252));
    /// assert!("utf-16".parse::<DetectedEncoding>().is_err());
    /// for &e in DetectedEncoding::ALL {
    ///     assert_eq!(e.to_string().parse(), Ok(e));
    /// }
    /// ```
    #[inline]
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let is = |key: &str| {
            s.bytes()
                .filter(|b| !matches!(b, b'-' | b'_'))
                .map(|b| b.to_ascii_lowercase())
                .eq(key.bytes())
        };
        let found = if is("utf8") {
            DetectedEncoding::Utf8
        } else if is("utf16le") {
            DetectedEncoding::Utf16Le
        } else if is("utf16be") {
            DetectedEncoding::Utf16Be
        } else if is("utf32le") {
            DetectedEncoding::Utf32Le
        } else if is("utf32be") {
            DetectedEncoding::Utf32Be
        } else if is("windows1252") || is("cp1252") || is("xcp1252") {
            DetectedEncoding::Windows1252
        } else {
            return Err(UnknownEncoding);
        };
        Ok(found)
    }
}

/// The error of parsing an unknown [`DetectedEncoding`] name.
///
/// # Example
///
/// ```
/// let e = "ebcdic".parse::<rapidutf::DetectedEncoding>().unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "unknown encoding (expected UTF-8, UTF-16LE, UTF-16BE, UTF-32LE, UTF-32BE or windows-1252)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnknownEncoding;

impl fmt::Display for UnknownEncoding {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "unknown encoding (expected UTF-8, UTF-16LE, UTF-16BE, UTF-32LE, UTF-32BE or \
             windows-1252)",
        )
    }
}

impl core::error::Error for UnknownEncoding {}

/// A set of [`DetectedEncoding`]s: the candidates of a [`Detection`].
///
/// # Example
///
/// ```
/// use rapidutf::{detect_encoding, DetectedEncoding};
/// let set = detect_encoding(b"ab").candidates();
/// assert!(set.contains(DetectedEncoding::Utf8));
/// assert!(set.contains(DetectedEncoding::Utf16Le)); // "ab" is U+6261 in UTF-16LE
/// assert!(!set.contains(DetectedEncoding::Utf32Le));
/// assert_eq!(set.iter().count(), set.len());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EncodingSet(u8);

impl EncodingSet {
    /// Whether `e` is in the set.
    ///
    /// # Example
    ///
    /// ```
    /// use rapidutf::{detect_encoding, DetectedEncoding};
    /// assert!(detect_encoding(b"\xFF").candidates().contains(DetectedEncoding::Windows1252));
    /// ```
    #[must_use]
    #[inline]
    pub const fn contains(self, e: DetectedEncoding) -> bool {
        self.0 & e.bit() != 0
    }

    /// The number of encodings in the set.
    ///
    /// # Example
    ///
    /// ```
    /// // Invalid UTF-8 of odd length: only Windows-1252 remains.
    /// assert_eq!(rapidutf::detect_encoding(b"\xFF").candidates().len(), 1);
    /// ```
    #[must_use]
    #[allow(clippy::len_without_is_empty)] // Windows-1252 is always a candidate
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The encodings in the set, in the order of [`DetectedEncoding::ALL`].
    ///
    /// # Example
    ///
    /// ```
    /// let names: Vec<&str> =
    ///     rapidutf::detect_encoding(b"\xFF\xFE").candidates().iter().map(|e| e.name()).collect();
    /// assert_eq!(names, ["UTF-16LE"]);
    /// ```
    #[inline]
    pub fn iter(self) -> EncodingSetIter {
        EncodingSetIter(self)
    }

    fn insert(&mut self, e: DetectedEncoding) {
        self.0 |= e.bit();
    }
}

/// `for e in set`: the encodings in the set, as [`EncodingSet::iter`].
///
/// # Example
///
/// ```
/// use rapidutf::{detect_encoding, DetectedEncoding};
/// let mut seen = Vec::new();
/// for e in detect_encoding(b"\xFE\xFF\x00a").candidates() {
///     seen.push(e);
/// }
/// assert_eq!(seen, [DetectedEncoding::Utf16Be]);
/// ```
impl IntoIterator for EncodingSet {
    type Item = DetectedEncoding;
    type IntoIter = EncodingSetIter;

    #[inline]
    fn into_iter(self) -> EncodingSetIter {
        self.iter()
    }
}

/// `for e in &set`, as `for e in set` (the set is `Copy`).
///
/// # Example
///
/// ```
/// let set = rapidutf::detect_encoding(b"ab").candidates();
/// assert_eq!((&set).into_iter().count(), set.len());
/// ```
impl IntoIterator for &EncodingSet {
    type Item = DetectedEncoding;
    type IntoIter = EncodingSetIter;

    #[inline]
    fn into_iter(self) -> EncodingSetIter {
        self.iter()
    }
}

/// The encodings of an [`EncodingSet`], in the order of
/// [`DetectedEncoding::ALL`] ([`EncodingSet::iter`]).
///
/// # Example
///
/// ```
/// let mut it = rapidutf::detect_encoding(b"\xFF").candidates().iter();
/// assert_eq!(it.len(), 1);
/// assert_eq!(it.next(), Some(rapidutf::DetectedEncoding::Windows1252));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct EncodingSetIter(EncodingSet);

impl Iterator for EncodingSetIter {
    type Item = DetectedEncoding;

    #[inline]
    fn next(&mut self) -> Option<DetectedEncoding> {
        let bits = (self.0).0;
        if bits == 0 {
            return None;
        }
        // The lowest bit first: bit `i` is `ALL[i]` (see `bit`).
        (self.0).0 = bits & (bits - 1);
        Some(DetectedEncoding::ALL[bits.trailing_zeros() as usize])
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.0.len(), Some(self.0.len()))
    }
}

impl ExactSizeIterator for EncodingSetIter {}

impl core::iter::FusedIterator for EncodingSetIter {}

/// What [`detect_encoding`] found.
///
/// # Example
///
/// ```
/// use rapidutf::{detect_encoding, DetectedEncoding};
/// let d = detect_encoding("naïve".as_bytes());
/// assert_eq!((d.encoding(), d.bom_len(), d.is_ascii()), (DetectedEncoding::Utf8, 0, false));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Detection {
    encoding: DetectedEncoding,
    bom_len: usize,
    ascii: bool,
    candidates: EncodingSet,
}

impl Detection {
    /// The most likely encoding (see the [module docs](self) for the rules).
    ///
    /// # Example
    ///
    /// ```
    /// use rapidutf::{detect_encoding, DetectedEncoding};
    /// let utf16: Vec<u8> = "hello".encode_utf16().flat_map(u16::to_be_bytes).collect();
    /// assert_eq!(detect_encoding(&utf16).encoding(), DetectedEncoding::Utf16Be);
    /// ```
    #[must_use]
    #[inline]
    pub const fn encoding(&self) -> DetectedEncoding {
        self.encoding
    }

    /// The length of the byte-order mark that decided, 0 if none: the text
    /// starts after it.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(rapidutf::detect_encoding(b"\xEF\xBB\xBFhi").bom_len(), 3);
    /// ```
    #[must_use]
    #[inline]
    pub const fn bom_len(&self) -> usize {
        self.bom_len
    }

    /// Whether the input is UTF-8 ([`encoding`](Self::encoding) says so)
    /// and pure ASCII: then it is also Windows-1252, with the same meaning.
    /// ASCII bytes that detection takes for UTF-16 or UTF-32 without a
    /// byte-order mark (text with NUL bytes in the pattern of wide units)
    /// are not.
    ///
    /// # Example
    ///
    /// ```
    /// use rapidutf::{detect_encoding, DetectedEncoding};
    /// assert!(detect_encoding(b"plain").is_ascii());
    /// assert!(!detect_encoding("é".as_bytes()).is_ascii());
    /// let d = detect_encoding(b"p\0l\0a\0i\0n\0 \0t\0e\0x\0t\0");
    /// assert_eq!((d.encoding(), d.is_ascii()), (DetectedEncoding::Utf16Le, false));
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_ascii(&self) -> bool {
        self.ascii
    }

    /// Every encoding the input is valid in (after the byte-order mark,
    /// when one decided): the ones detection could not rule out.
    /// Windows-1252 is always among them when no mark decided.
    ///
    /// # Example
    ///
    /// ```
    /// use rapidutf::{detect_encoding, DetectedEncoding::*};
    /// let c = detect_encoding(b"ab\0\0").candidates();
    /// assert!(c.contains(Utf8) && c.contains(Utf16Le) && c.contains(Utf32Le));
    /// ```
    #[must_use]
    #[inline]
    pub const fn candidates(&self) -> EncodingSet {
        self.candidates
    }
}

/// Tells what `bytes` most likely are, and what else they could be.
///
/// See the [module docs](self) for the rules and their limits. The
/// validations run at kernel speed; detection never allocates.
///
/// # Example
///
/// ```
/// use rapidutf::{detect_encoding, DetectedEncoding};
/// assert_eq!(detect_encoding("grüße".as_bytes()).encoding(), DetectedEncoding::Utf8);
/// assert_eq!(detect_encoding(b"gr\xFC\xDFe").encoding(), DetectedEncoding::Windows1252);
/// let d = detect_encoding(b"\xFF\xFEh\0i\0");
/// assert_eq!((d.encoding(), d.bom_len()), (DetectedEncoding::Utf16Le, 2));
/// ```
#[must_use]
#[inline]
pub fn detect_encoding(bytes: &[u8]) -> Detection {
    detect(bytes, false)
}

/// [`detect_encoding`] for the first part of a longer input (the first
/// window of a stream, say): a character or unit cut by the end of
/// `bytes` does not count against an encoding, as it would at the end of
/// the whole input.
///
/// # Example
///
/// ```
/// use rapidutf::{detect_encoding, detect_encoding_prefix, DetectedEncoding};
/// // "café" cut inside the "é".
/// let head = &"café".as_bytes()[..4];
/// assert_eq!(detect_encoding_prefix(head).encoding(), DetectedEncoding::Utf8);
/// assert_eq!(detect_encoding(head).encoding(), DetectedEncoding::Windows1252);
/// ```
#[must_use]
#[inline]
pub fn detect_encoding_prefix(bytes: &[u8]) -> Detection {
    detect(bytes, true)
}

/// The detection rules; `prefix`: more input may follow `bytes`.
fn detect(bytes: &[u8], prefix: bool) -> Detection {
    let valid_in = |e, bytes| valid_in(e, bytes, prefix);
    if let Some((bom, len)) = detect_bom(bytes) {
        let mut encoding = DetectedEncoding::of_bom(bom);
        let mut bom_len = len;
        let rest = &bytes[len..];
        let mut valid = valid_in(encoding, rest);
        if bom == Bom::Utf32Le && !valid {
            // FF FE then U+0000 in UTF-16LE.
            encoding = DetectedEncoding::Utf16Le;
            bom_len = 2;
            valid = valid_in(encoding, &bytes[2..]);
        }
        let mut candidates = EncodingSet::default();
        if valid {
            candidates.insert(encoding);
        }
        let ascii = encoding == DetectedEncoding::Utf8 && rest.is_ascii();
        return Detection { encoding, bom_len, ascii, candidates };
    }

    let mut candidates = EncodingSet::default();
    candidates.insert(DetectedEncoding::Windows1252);
    let utf8 = valid_in(DetectedEncoding::Utf8, bytes);
    if utf8 {
        candidates.insert(DetectedEncoding::Utf8);
    }
    for e in [
        DetectedEncoding::Utf16Le,
        DetectedEncoding::Utf16Be,
        DetectedEncoding::Utf32Le,
        DetectedEncoding::Utf32Be,
    ] {
        if valid_in(e, bytes) {
            candidates.insert(e);
        }
    }
    let nul = bytes.contains(&0);
    let encoding = if utf8 && (!nul || bytes.is_empty()) {
        DetectedEncoding::Utf8
    } else if let Some(e) = wide_by_pattern(bytes, candidates) {
        e
    } else if utf8 {
        DetectedEncoding::Utf8
    } else {
        DetectedEncoding::Windows1252
    };
    let ascii = encoding == DetectedEncoding::Utf8 && bytes.is_ascii();
    Detection { encoding, bom_len: 0, ascii, candidates }
}

/// UTF-32 or UTF-16 when the input is valid in it and its units show the
/// pattern of text (rule 3 of the module docs).
fn wide_by_pattern(bytes: &[u8], candidates: EncodingSet) -> Option<DetectedEncoding> {
    use DetectedEncoding::*;
    // Valid UTF-32 is itself the pattern; it also makes the input valid
    // UTF-16 (ASCII then U+0000), which must not win.
    if bytes.len() >= 4 {
        for e in [Utf32Le, Utf32Be] {
            if candidates.contains(e) {
                return Some(e);
            }
        }
    }
    let units = bytes.len() / 2;
    if units == 0 {
        return None;
    }
    // Units whose first / second byte in memory is zero.
    let (mut zero_first, mut zero_second) = (0usize, 0usize);
    for pair in bytes.chunks_exact(2) {
        zero_first += usize::from(pair[0] == 0);
        zero_second += usize::from(pair[1] == 0);
    }
    // Text has spaces, newlines and ASCII punctuation, whose units have a
    // zero high byte; the other side of the units is almost never zero.
    let pattern = |zeros: usize, other: usize| zeros * 16 >= units && other * 2 <= zeros;
    if candidates.contains(Utf16Le) && pattern(zero_second, zero_first) {
        Some(Utf16Le)
    } else if candidates.contains(Utf16Be) && pattern(zero_first, zero_second) {
        Some(Utf16Be)
    } else {
        None
    }
}

/// Units converted per block of the wide checks.
const BLOCK: usize = 256;

/// Whether `bytes` are valid text in `e`; with `prefix`, a character or
/// unit cut by the end of `bytes` is allowed.
fn valid_in(e: DetectedEncoding, bytes: &[u8], prefix: bool) -> bool {
    match e {
        DetectedEncoding::Utf8 => match crate::validate_utf8(bytes) {
            Ok(_) => true,
            Err(e) => prefix && e.error_len().is_none(),
        },
        DetectedEncoding::Utf16Le | DetectedEncoding::Utf16Be => {
            let bytes = if prefix { &bytes[..bytes.len() & !1] } else { bytes };
            valid_utf16(bytes, e == DetectedEncoding::Utf16Le, prefix)
        }
        DetectedEncoding::Utf32Le | DetectedEncoding::Utf32Be => {
            let bytes = if prefix { &bytes[..bytes.len() & !3] } else { bytes };
            valid_utf32(bytes, e == DetectedEncoding::Utf32Le)
        }
        DetectedEncoding::Windows1252 => true,
    }
}

/// Whether `bytes` are valid UTF-16 in the given byte order, validated in
/// blocks of [`BLOCK`] units; a high surrogate that ends a block is carried
/// into the next one, and, with `prefix`, allowed at the very end.
fn valid_utf16(bytes: &[u8], little: bool, prefix: bool) -> bool {
    if bytes.len() % 2 != 0 {
        return false;
    }
    let mut buf = [0u16; BLOCK + 1];
    let mut carried = 0;
    let mut chunks = bytes.chunks(2 * BLOCK).peekable();
    while let Some(chunk) = chunks.next() {
        let n = carried + chunk.len() / 2;
        for (dst, pair) in buf[carried..n].iter_mut().zip(chunk.chunks_exact(2)) {
            // Keep the bytes in memory order: the validators read memory
            // in the order they are named for.
            *dst = u16::from_ne_bytes([pair[0], pair[1]]);
        }
        let units = &buf[..n];
        let result =
            if little { crate::validate_utf16le(units) } else { crate::validate_utf16be(units) };
        carried = 0;
        if let Err(e) = result {
            let last_high = e.kind() == Utf16ErrorKind::UnpairedHigh && e.valid_up_to() + 1 == n;
            let more = chunks.peek().is_some();
            if !(last_high && (more || prefix)) {
                return false;
            }
            buf[0] = buf[n - 1];
            carried = 1;
        }
    }
    true
}

/// Whether `bytes` are valid UTF-32 in the given byte order.
fn valid_utf32(bytes: &[u8], little: bool) -> bool {
    if bytes.len() % 4 != 0 {
        return false;
    }
    let mut buf = [0u32; BLOCK];
    bytes.chunks(4 * BLOCK).all(|chunk| {
        let n = chunk.len() / 4;
        for (dst, q) in buf[..n].iter_mut().zip(chunk.chunks_exact(4)) {
            let q = [q[0], q[1], q[2], q[3]];
            *dst = if little { u32::from_le_bytes(q) } else { u32::from_be_bytes(q) };
        }
        crate::validate_utf32(&buf[..n]).is_ok()
    })
}
