//! Byte order marks: U+FEFF at the start of a text, in each encoding form.

/// A byte order mark, which also names the encoding it implies.
///
/// ```
/// use rapidutf::{detect_bom, Bom};
/// assert_eq!(detect_bom(b"\xEF\xBB\xBFhi"), Some((Bom::Utf8, 3)));
/// assert_eq!(Bom::Utf16Be.bytes(), [0xFE, 0xFF]);
/// assert_eq!(Bom::Utf32Le.name(), "UTF-32LE");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bom {
    /// `EF BB BF`.
    Utf8,
    /// `FF FE`.
    Utf16Le,
    /// `FE FF`.
    Utf16Be,
    /// `FF FE 00 00`.
    Utf32Le,
    /// `00 00 FE FF`.
    Utf32Be,
}

impl Bom {
    /// Every byte order mark, longest first within a shared prefix (the
    /// order in which [`detect_bom`] tries them).
    ///
    /// ```
    /// use rapidutf::Bom;
    /// let text = b"\xFE\xFF\x00h\x00i";
    /// let bom = Bom::ALL.into_iter().find(|b| text.starts_with(b.bytes()));
    /// assert_eq!(bom, Some(Bom::Utf16Be));
    /// ```
    pub const ALL: [Bom; 5] = [Bom::Utf32Le, Bom::Utf32Be, Bom::Utf8, Bom::Utf16Le, Bom::Utf16Be];

    /// The encoded mark: U+FEFF in this encoding form.
    ///
    /// ```
    /// use rapidutf::Bom;
    /// assert_eq!(Bom::Utf8.bytes(), "\u{FEFF}".as_bytes());
    /// assert_eq!(Bom::Utf32Be.bytes(), [0, 0, 0xFE, 0xFF]);
    /// ```
    #[must_use]
    #[inline]
    pub const fn bytes(self) -> &'static [u8] {
        match self {
            Bom::Utf8 => &[0xEF, 0xBB, 0xBF],
            Bom::Utf16Le => &[0xFF, 0xFE],
            Bom::Utf16Be => &[0xFE, 0xFF],
            Bom::Utf32Le => &[0xFF, 0xFE, 0x00, 0x00],
            Bom::Utf32Be => &[0x00, 0x00, 0xFE, 0xFF],
        }
    }

    /// The length of the mark in bytes.
    ///
    /// ```
    /// assert_eq!(rapidutf::Bom::Utf16Le.len(), 2);
    /// ```
    #[must_use]
    #[allow(clippy::len_without_is_empty)] // a mark is never empty
    #[inline]
    pub const fn len(self) -> usize {
        self.bytes().len()
    }

    /// The IANA name of the encoding the mark implies: `"UTF-8"`,
    /// `"UTF-16LE"`, `"UTF-16BE"`, `"UTF-32LE"` or `"UTF-32BE"`.
    ///
    /// ```
    /// assert_eq!(rapidutf::Bom::Utf16Be.name(), "UTF-16BE");
    /// ```
    #[must_use]
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Bom::Utf8 => "UTF-8",
            Bom::Utf16Le => "UTF-16LE",
            Bom::Utf16Be => "UTF-16BE",
            Bom::Utf32Le => "UTF-32LE",
            Bom::Utf32Be => "UTF-32BE",
        }
    }
}

impl core::fmt::Display for Bom {
    #[inline]
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The byte order mark at the start of `bytes`, and its length.
///
/// `FF FE 00 00` is reported as [`Bom::Utf32Le`], not as [`Bom::Utf16Le`]
/// followed by U+0000: a UTF-16LE text that starts with a NUL character is
/// far rarer than UTF-32LE. Callers who know the text is UTF-16 should
/// check for `FF FE` themselves.
///
/// ```
/// use rapidutf::{detect_bom, Bom};
/// assert_eq!(detect_bom(b"\xFF\xFE\x00\x00"), Some((Bom::Utf32Le, 4)));
/// assert_eq!(detect_bom(b"\xFF\xFEa\x00"), Some((Bom::Utf16Le, 2)));
/// assert_eq!(detect_bom(b"\x00\x00\xFE\xFF"), Some((Bom::Utf32Be, 4)));
/// assert_eq!(detect_bom(b"\xEF\xBB"), None);
/// assert_eq!(detect_bom(b"plain"), None);
/// ```
#[must_use]
#[inline]
pub fn detect_bom(bytes: &[u8]) -> Option<(Bom, usize)> {
    Bom::ALL.into_iter().find(|b| bytes.starts_with(b.bytes())).map(|b| (b, b.len()))
}
