//! [`ErrorStrategy`]: what lossy UTF-8 decoding puts in place of each
//! maximal invalid subpart, one option shared by the whole-buffer
//! functions ([`crate::utf8_to_string_lossy_with`],
//! [`crate::utf8_to_utf16_lossy_with`] and its LE/BE forms,
//! [`crate::utf8_to_utf32_lossy_with`]), the streaming decoder
//! ([`crate::stream::Utf8Decoder`]) and the CLI.

use crate::scalar::windows1252;

/// What lossy UTF-8 decoding does with each *maximal invalid subpart*
/// (the Unicode term: the longest start of a well-formed sequence, or one
/// byte), the strategies the UTF-8 article lists. Valid stretches are
/// validated and converted by the SIMD kernels whatever the strategy; only
/// the errors differ.
///
/// Surrogate escapes (PEP 383, each byte to U+DC80..U+DCFF) are the fifth
/// strategy; their output is not Unicode text (lone surrogates), so it is
/// not a `String`: see [`crate::utf8_variants::decode_surrogateescape`] (UTF-16)
/// and [`crate::utf8_variants::decode_optu8`].
///
/// # Example
///
/// ```
/// use rapidutf::{utf8_to_string_lossy_with, ErrorStrategy};
/// let input = b"caf\xE9 \x80 ok"; // Latin-1 and Windows-1252 bytes in UTF-8
/// assert_eq!(utf8_to_string_lossy_with(input, ErrorStrategy::Replace), "caf\u{FFFD} \u{FFFD} ok");
/// assert_eq!(utf8_to_string_lossy_with(input, ErrorStrategy::Ignore), "caf  ok");
/// assert_eq!(utf8_to_string_lossy_with(input, ErrorStrategy::Latin1), "café \u{80} ok");
/// assert_eq!(utf8_to_string_lossy_with(input, ErrorStrategy::Windows1252), "café € ok");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorStrategy {
    /// One U+FFFD per maximal invalid subpart: `String::from_utf8_lossy`'s
    /// output exactly.
    #[default]
    Replace,
    /// Drop each maximal invalid subpart (Python's `errors="ignore"`,
    /// iconv's `-c`). The output loses data silently: use it only where
    /// that is the point.
    Ignore,
    /// Decode each byte of each maximal invalid subpart as ISO-8859-1 (the
    /// article's fallback for legacy 8-bit text mixed into UTF-8): byte
    /// `b` becomes U+00`b`.
    Latin1,
    /// Decode each byte of each maximal invalid subpart as Windows-1252,
    /// WHATWG's mapping (every byte decodes; `80` is `€`).
    Windows1252,
}

impl ErrorStrategy {
    /// Every strategy. A slice, not an array: a new strategy (the enum is
    /// `#[non_exhaustive]`) lengthens it without changing its type.
    ///
    /// ```
    /// use rapidutf::ErrorStrategy;
    /// assert_eq!(ErrorStrategy::ALL.len(), 4);
    /// for &strategy in ErrorStrategy::ALL {
    ///     assert_eq!(strategy.name().parse(), Ok(strategy));
    /// }
    /// ```
    pub const ALL: &'static [ErrorStrategy] = &[
        ErrorStrategy::Replace,
        ErrorStrategy::Ignore,
        ErrorStrategy::Latin1,
        ErrorStrategy::Windows1252,
    ];

    /// The strategy's name: `replace`, `ignore`, `latin1` or `cp1252`
    /// (also what [`str::parse`] accepts, with aliases).
    ///
    /// ```
    /// assert_eq!(rapidutf::ErrorStrategy::Windows1252.name(), "cp1252");
    /// ```
    #[must_use]
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            ErrorStrategy::Replace => "replace",
            ErrorStrategy::Ignore => "ignore",
            ErrorStrategy::Latin1 => "latin1",
            ErrorStrategy::Windows1252 => "cp1252",
        }
    }
}

impl core::fmt::Display for ErrorStrategy {
    #[inline]
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for ErrorStrategy {
    type Err = UnknownStrategy;

    /// Parses a strategy name, ignoring case, `-` and `_`: `replace`,
    /// `ignore`, `latin1` (`iso-8859-1`, `l1`), `cp1252` (`windows-1252`).
    ///
    /// # Errors
    ///
    /// [`UnknownStrategy`] for any other name.
    ///
    /// ```
    /// use rapidutf::ErrorStrategy;
    /// assert_eq!("ISO-8859-1".parse(), Ok(ErrorStrategy::Latin1));
    /// assert_eq!("windows_1252".parse(), Ok(ErrorStrategy::Windows1252));
    /// assert!("strict".parse::<ErrorStrategy>().is_err());
    /// ```
    #[inline]
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let is = |key: &str| {
            s.bytes()
                .filter(|b| !matches!(b, b'-' | b'_'))
                .map(|b| b.to_ascii_lowercase())
                .eq(key.bytes())
        };
        if is("replace") {
            Ok(ErrorStrategy::Replace)
        } else if is("ignore") {
            Ok(ErrorStrategy::Ignore)
        } else if is("latin1") || is("iso88591") || is("l1") {
            Ok(ErrorStrategy::Latin1)
        } else if is("cp1252") || is("windows1252") {
            Ok(ErrorStrategy::Windows1252)
        } else {
            Err(UnknownStrategy)
        }
    }
}

/// The error of parsing an unknown [`ErrorStrategy`] name.
///
/// ```
/// let e = "fancy".parse::<rapidutf::ErrorStrategy>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown error strategy (expected replace, ignore, latin1 or cp1252)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownStrategy;

impl core::fmt::Display for UnknownStrategy {
    #[inline]
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("unknown error strategy (expected replace, ignore, latin1 or cp1252)")
    }
}

impl core::error::Error for UnknownStrategy {}

impl ErrorStrategy {
    /// Calls `put` with each character that stands for the maximal invalid
    /// subpart `bad`, in order, while it returns true; whether all went in.
    #[inline]
    pub(crate) fn substitute(self, bad: &[u8], mut put: impl FnMut(char) -> bool) -> bool {
        match self {
            ErrorStrategy::Replace => put(char::REPLACEMENT_CHARACTER),
            ErrorStrategy::Ignore => true,
            ErrorStrategy::Latin1 => bad.iter().all(|&b| put(char::from(b))),
            ErrorStrategy::Windows1252 => bad.iter().all(|&b| put(windows1252::decode(b))),
        }
    }
}
