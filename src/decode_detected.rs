//! Detect, then decode, in one call: [`Detection::decode`] and
//! [`Detection::decode_lossy`] turn the bytes a [`Detection`] was made
//! from into text in the encoding it found, and [`decode_detected`] and
//! [`decode_detected_lossy`] do both steps.
//!
//! A byte-order mark that decided the detection is removed (it is not
//! text); errors are reported in bytes from the start of the input, the
//! mark included, with the kind of the encoding's own error. The lossy
//! forms replace each error with one U+FFFD: each maximal invalid subpart
//! of UTF-8 (as `String::from_utf8_lossy`), each unpaired surrogate of
//! UTF-16 and each value of UTF-32 that is not a scalar value (as
//! `char::decode_utf16` and the WHATWG decoders), and the bytes of an
//! incomplete last code unit (a high surrogate right before them counts
//! with them as one error, as in the WHATWG UTF-16 decoder).
//!
//! UTF-16 and UTF-32 are read from bytes at any alignment: the units are
//! assembled into a buffer first, then decoded at kernel speed.

use crate::detect::{DetectedEncoding, Detection};
use crate::error::{Lossy, Utf16ErrorKind, Utf32ErrorKind, Utf8ErrorKind};
use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

/// What is wrong where [`Detection::decode`] stopped.
///
/// ```
/// use rapidutf::{DetectedDecodeErrorKind, Utf16ErrorKind};
/// let e = rapidutf::decode_detected(b"\xFF\xFEa\x00\x00\xDC").unwrap_err();
/// assert_eq!(e.kind(), DetectedDecodeErrorKind::Utf16(Utf16ErrorKind::UnpairedLow));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DetectedDecodeErrorKind {
    /// Invalid UTF-8.
    Utf8(Utf8ErrorKind),
    /// An unpaired surrogate in UTF-16.
    Utf16(Utf16ErrorKind),
    /// A UTF-32 value that is not a Unicode scalar value.
    Utf32(Utf32ErrorKind),
    /// The input ends inside a code unit: an odd number of bytes of
    /// UTF-16, or a length of UTF-32 that is not a multiple of 4.
    IncompleteUnit,
}

/// ```
/// let e = rapidutf::decode_detected(b"\xFE\xFF\x00").unwrap_err();
/// assert_eq!(e.kind().to_string(), "incomplete code unit");
/// ```
impl fmt::Display for DetectedDecodeErrorKind {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DetectedDecodeErrorKind::Utf8(k) => k.fmt(f),
            DetectedDecodeErrorKind::Utf16(k) => k.fmt(f),
            DetectedDecodeErrorKind::Utf32(k) => k.fmt(f),
            DetectedDecodeErrorKind::IncompleteUnit => f.write_str("incomplete code unit"),
        }
    }
}

/// The error of [`Detection::decode`] and [`decode_detected`]: the
/// encoding, where the first error is (in bytes from the start of the
/// input, a byte-order mark included) and what it is.
///
/// Detection without a byte-order mark picks an encoding the input is
/// valid in, so this error comes from input whose mark names an encoding
/// the rest is not valid in, or from a [`Detection`] applied to other
/// bytes.
///
/// ```
/// use rapidutf::{DetectedDecodeErrorKind, DetectedEncoding, Utf8ErrorKind};
/// let e = rapidutf::decode_detected(b"\xEF\xBB\xBFab\xC3(").unwrap_err();
/// assert_eq!(e.encoding(), DetectedEncoding::Utf8);
/// assert_eq!((e.valid_up_to(), e.error_len()), (5, Some(1)));
/// assert_eq!(e.kind(), DetectedDecodeErrorKind::Utf8(Utf8ErrorKind::MissingContinuation));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DetectedDecodeError {
    encoding: DetectedEncoding,
    valid_up_to: usize,
    error_len: Option<usize>,
    kind: DetectedDecodeErrorKind,
}

impl DetectedDecodeError {
    /// The encoding the input was decoded as.
    ///
    /// ```
    /// let e = rapidutf::decode_detected(b"\x00\x00\xFE\xFF\x00\x11\x00\x00").unwrap_err();
    /// assert_eq!(e.encoding(), rapidutf::DetectedEncoding::Utf32Be);
    /// ```
    #[must_use]
    #[inline]
    pub const fn encoding(&self) -> DetectedEncoding {
        self.encoding
    }

    /// The byte offset of the first error in the input (a byte-order mark
    /// included): the text before it, after the mark, is valid.
    ///
    /// ```
    /// let e = rapidutf::decode_detected(b"\xFF\xFEa\x00\x00\xDC").unwrap_err();
    /// assert_eq!(e.valid_up_to(), 4);
    /// ```
    #[must_use]
    #[inline]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// The length in bytes of the invalid part: the maximal invalid
    /// subpart of UTF-8, a UTF-16 unit (2) or a UTF-32 value (4); `None`
    /// where the input ends in the middle of a character or code unit
    /// (more input might complete it), as `core::str::Utf8Error` has it.
    ///
    /// ```
    /// let e = rapidutf::decode_detected(b"\xEF\xBB\xBFa\xE2\x82").unwrap_err();
    /// assert_eq!((e.valid_up_to(), e.error_len()), (4, None));
    /// ```
    #[must_use]
    #[inline]
    pub const fn error_len(&self) -> Option<usize> {
        self.error_len
    }

    /// What is wrong there.
    ///
    /// ```
    /// use rapidutf::{DetectedDecodeErrorKind, Utf32ErrorKind};
    /// let e = rapidutf::decode_detected(b"\x00\x00\xFE\xFF\x00\x00\xD8\x00").unwrap_err();
    /// assert_eq!(e.kind(), DetectedDecodeErrorKind::Utf32(Utf32ErrorKind::Surrogate));
    /// ```
    #[must_use]
    #[inline]
    pub const fn kind(&self) -> DetectedDecodeErrorKind {
        self.kind
    }
}

/// ```
/// let e = rapidutf::decode_detected(b"\xFF\xFEa\x00\x00\xDC").unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "invalid UTF-16LE at byte 4: unpaired low surrogate, expected a high surrogate before it"
/// );
/// ```
impl fmt::Display for DetectedDecodeError {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {} at byte {}: {}", self.encoding, self.valid_up_to, self.kind)
    }
}

impl core::error::Error for DetectedDecodeError {}

impl Detection {
    /// Decodes `bytes`, the input this detection was made from, in the
    /// encoding it found, without the byte-order mark that decided it.
    ///
    /// Borrows where the text is the input itself (UTF-8, and ASCII
    /// detected as Windows-1252); converts otherwise, at kernel speed.
    /// The mark is removed where `bytes` starts with it.
    ///
    /// # Errors
    ///
    /// A [`DetectedDecodeError`] at the first error of `bytes` in that
    /// encoding: only possible when a byte-order mark decided (detection
    /// without one picks an encoding the input is valid in), or for other
    /// bytes than those detected.
    ///
    /// ```
    /// let bytes = b"\xFF\xFEh\x00\xE9\x00";
    /// let d = rapidutf::detect_encoding(bytes);
    /// assert_eq!(d.decode(bytes).unwrap(), "hé");
    ///
    /// let bytes = b"\xEF\xBB\xBFok \xFF";
    /// let e = rapidutf::detect_encoding(bytes).decode(bytes).unwrap_err();
    /// assert_eq!(e.valid_up_to(), 6);
    /// ```
    #[inline]
    pub fn decode<'a>(&self, bytes: &'a [u8]) -> Result<Cow<'a, str>, DetectedDecodeError> {
        let bom = self.bom_in(bytes);
        decode_strict(self.encoding(), bytes, bom)
    }

    /// Decodes `bytes`, the input this detection was made from, in the
    /// encoding it found, without the byte-order mark that decided it,
    /// replacing each error with U+FFFD: the text and the number of
    /// replacements (see the [rules](crate::decode_detected_lossy)).
    ///
    /// Borrows where the text is the input itself.
    ///
    /// ```
    /// let bytes = b"\xEF\xBB\xBFa\xFFb";
    /// let r = rapidutf::detect_encoding(bytes).decode_lossy(bytes);
    /// assert_eq!((&*r.output, r.replaced), ("a\u{FFFD}b", 1));
    /// ```
    #[inline]
    pub fn decode_lossy<'a>(&self, bytes: &'a [u8]) -> Lossy<Cow<'a, str>> {
        let bom = self.bom_in(bytes);
        decode_lossy(self.encoding(), &bytes[bom..])
    }

    /// The length of the byte-order mark that decided, where `bytes`
    /// starts with it; 0 otherwise.
    fn bom_in(&self, bytes: &[u8]) -> usize {
        let mark: &[u8] = match self.encoding() {
            DetectedEncoding::Utf8 => b"\xEF\xBB\xBF",
            DetectedEncoding::Utf16Le => b"\xFF\xFE",
            DetectedEncoding::Utf16Be => b"\xFE\xFF",
            DetectedEncoding::Utf32Le => b"\xFF\xFE\x00\x00",
            DetectedEncoding::Utf32Be => b"\x00\x00\xFE\xFF",
            DetectedEncoding::Windows1252 => b"",
        };
        if self.bom_len() == mark.len() && bytes.starts_with(mark) {
            mark.len()
        } else {
            0
        }
    }
}

/// Detects the encoding of `bytes` ([`detect_encoding`](crate::detect_encoding))
/// and decodes them in it: the text, without a byte-order mark that
/// decided, and the encoding.
///
/// # Errors
///
/// A [`DetectedDecodeError`] when a byte-order mark names an encoding the
/// rest of the input is not valid in: the position (in bytes, the mark
/// included) and kind of the first error. Without a mark, detection picks
/// an encoding the input is valid in (Windows-1252 decodes every byte),
/// and this never fails.
///
/// ```
/// use rapidutf::DetectedEncoding;
/// let (text, enc) = rapidutf::decode_detected(b"caf\xE9 \x80").unwrap();
/// assert_eq!((&*text, enc), ("café €", DetectedEncoding::Windows1252));
///
/// let utf16: Vec<u8> = "héllo wörld".encode_utf16().flat_map(u16::to_be_bytes).collect();
/// let (text, enc) = rapidutf::decode_detected(&utf16).unwrap();
/// assert_eq!((&*text, enc), ("héllo wörld", DetectedEncoding::Utf16Be));
/// ```
#[inline]
pub fn decode_detected(
    bytes: &[u8],
) -> Result<(Cow<'_, str>, DetectedEncoding), DetectedDecodeError> {
    let d = crate::detect::detect_encoding(bytes);
    d.decode(bytes).map(|text| (text, d.encoding()))
}

/// Detects the encoding of `bytes` ([`detect_encoding`](crate::detect_encoding))
/// and decodes them in it, replacing each error with U+FFFD: the text
/// (without a byte-order mark that decided) with the number of
/// replacements, and the encoding.
///
/// What counts as one error: a maximal invalid subpart of UTF-8 (as
/// `String::from_utf8_lossy`), an unpaired surrogate of UTF-16, a UTF-32
/// value that is not a scalar value, and an incomplete last code unit
/// (with a high surrogate right before it, as the WHATWG UTF-16 decoder
/// counts them). Replacements happen only where a byte-order mark names
/// an encoding the rest is not valid in.
///
/// ```
/// use rapidutf::DetectedEncoding;
/// // A UTF-16LE mark, "a", a lone high surrogate, "b", an odd last byte.
/// let (r, enc) = rapidutf::decode_detected_lossy(b"\xFF\xFEa\x00\x00\xD8b\x00c");
/// assert_eq!((&*r.output, r.replaced, enc), ("a\u{FFFD}b\u{FFFD}", 2, DetectedEncoding::Utf16Le));
/// ```
#[inline]
pub fn decode_detected_lossy(bytes: &[u8]) -> (Lossy<Cow<'_, str>>, DetectedEncoding) {
    let d = crate::detect::detect_encoding(bytes);
    (d.decode_lossy(bytes), d.encoding())
}

/// The text of `bytes[bom..]` in `encoding`, or the first error (at a
/// position in `bytes`).
fn decode_strict(
    encoding: DetectedEncoding,
    bytes: &[u8],
    bom: usize,
) -> Result<Cow<'_, str>, DetectedDecodeError> {
    let body = &bytes[bom..];
    let error = |at: usize, error_len: Option<usize>, kind| DetectedDecodeError {
        encoding,
        valid_up_to: bom + at,
        error_len,
        kind,
    };
    match encoding {
        DetectedEncoding::Utf8 => crate::validate_utf8(body).map(Cow::Borrowed).map_err(|e| {
            error(e.valid_up_to(), e.error_len(), DetectedDecodeErrorKind::Utf8(e.kind()))
        }),
        DetectedEncoding::Utf16Le | DetectedEncoding::Utf16Be => {
            let r = match encoding {
                DetectedEncoding::Utf16Le => crate::utf16le_bytes_to_string(body),
                _ => crate::utf16be_bytes_to_string(body),
            };
            r.map(Cow::Owned).map_err(|e| match e.kind() {
                Utf16ErrorKind::IncompleteUnit => {
                    error(e.valid_up_to(), None, DetectedDecodeErrorKind::IncompleteUnit)
                }
                kind => error(e.valid_up_to(), Some(2), DetectedDecodeErrorKind::Utf16(kind)),
            })
        }
        DetectedEncoding::Utf32Le | DetectedEncoding::Utf32Be => {
            let r = match encoding {
                DetectedEncoding::Utf32Le => crate::utf32le_bytes_to_string(body),
                _ => crate::utf32be_bytes_to_string(body),
            };
            r.map(Cow::Owned).map_err(|e| match e.kind() {
                Utf32ErrorKind::IncompleteUnit => {
                    error(e.valid_up_to(), None, DetectedDecodeErrorKind::IncompleteUnit)
                }
                kind => error(e.valid_up_to(), Some(4), DetectedDecodeErrorKind::Utf32(kind)),
            })
        }
        DetectedEncoding::Windows1252 => Ok(windows1252(body)),
    }
}

/// The text of `body` in `encoding`, each error replaced with U+FFFD, and
/// the number of replacements.
fn decode_lossy(encoding: DetectedEncoding, body: &[u8]) -> Lossy<Cow<'_, str>> {
    match encoding {
        DetectedEncoding::Utf8 => crate::utf8_to_string_lossy_report(body),
        // The byte-input decoders apply the WHATWG rule to a partial last
        // unit: one more U+FFFD, none after an unpaired high surrogate.
        DetectedEncoding::Utf16Le => owned(crate::utf16le_bytes_to_string_lossy_report(body)),
        DetectedEncoding::Utf16Be => owned(crate::utf16be_bytes_to_string_lossy_report(body)),
        DetectedEncoding::Utf32Le => owned(crate::utf32le_bytes_to_string_lossy_report(body)),
        DetectedEncoding::Utf32Be => owned(crate::utf32be_bytes_to_string_lossy_report(body)),
        DetectedEncoding::Windows1252 => Lossy { output: windows1252(body), replaced: 0 },
    }
}

/// Windows-1252 text: the input itself where it is ASCII.
fn windows1252(body: &[u8]) -> Cow<'_, str> {
    if crate::is_ascii(body) {
        if let Ok(s) = crate::validate_utf8(body) {
            return Cow::Borrowed(s);
        }
    }
    Cow::Owned(crate::windows1252_to_string(body))
}

/// A converted lossy decoding, as the borrowing forms return it.
fn owned(r: Lossy<String>) -> Lossy<Cow<'static, str>> {
    Lossy { output: Cow::Owned(r.output), replaced: r.replaced }
}
