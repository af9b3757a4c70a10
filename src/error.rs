//! The one error layer shared by the validators and every transcoder.
//!
//! Kernels never build these values themselves: a SIMD kernel only says
//! "the block at offset N is bad", and the `#[cold]` scalar rewind in
//! [`crate::scalar::utf8`] turns that into an exact [`Utf8Error`]. The UTF-16
//! and UTF-32 errors are likewise produced by one scalar routine each.

use core::fmt;

/// What is wrong with the first invalid sequence of a UTF-8 input.
///
/// The kind is decided by the *maximal invalid subpart* (Unicode §3.9,
/// "U+FFFD Substitution of Maximal Subparts") that starts at
/// [`Utf8Error::valid_up_to`]:
///
/// | kind | first byte(s) of the subpart | `error_len()` |
/// |---|---|---|
/// | [`InvalidByte`](Self::InvalidByte) | `C0`, `C1`, `F5..=FF` | `Some(1)` |
/// | [`UnexpectedContinuation`](Self::UnexpectedContinuation) | `80..=BF` | `Some(1)` |
/// | [`Overlong`](Self::Overlong) | `E0 80..=9F`, `F0 80..=8F` | `Some(1)` |
/// | [`Surrogate`](Self::Surrogate) | `ED A0..=BF` | `Some(1)` |
/// | [`TooLarge`](Self::TooLarge) | `F4 90..=BF` | `Some(1)` |
/// | [`MissingContinuation`](Self::MissingContinuation) | a lead byte cut short by a byte that is no allowed continuation | `Some(1..=3)` |
/// | [`Truncated`](Self::Truncated) | the input ends inside a sequence valid so far | `None` |
///
/// (`C0`/`C1` lead only overlong two-byte forms; `F5..=FF` would lead code
/// points above U+10FFFF or were never assigned. Both can never appear in
/// UTF-8, which is why they are [`InvalidByte`](Self::InvalidByte) rather
/// than [`Overlong`](Self::Overlong) or [`TooLarge`](Self::TooLarge).)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Utf8ErrorKind {
    /// A byte that never appears in UTF-8: `C0`, `C1` or `F5..=FF`.
    InvalidByte,
    /// A continuation byte (`80..=BF`) where a character should start.
    UnexpectedContinuation,
    /// An overlong form: `E0` followed by `80..=9F`, or `F0` followed by
    /// `80..=8F`.
    Overlong,
    /// An encoded UTF-16 surrogate: `ED` followed by `A0..=BF`.
    Surrogate,
    /// A code point above U+10FFFF: `F4` followed by `90..=BF`.
    TooLarge,
    /// A lead byte whose sequence is cut by a byte that is not an allowed
    /// continuation.
    MissingContinuation,
    /// The input ends inside a sequence that was valid so far. More input
    /// may complete it (see [`Utf8Error::error_len`]).
    Truncated,
}

impl Utf8ErrorKind {
    /// A short description of the problem, as used by `Display`.
    #[must_use]
    #[inline]
    pub const fn description(self) -> &'static str {
        match self {
            Self::InvalidByte => "invalid byte (C0, C1 or F5..FF never appear in UTF-8)",
            Self::UnexpectedContinuation => {
                "unexpected continuation byte, expected the start of a character"
            }
            Self::Overlong => "overlong encoding",
            Self::Surrogate => "encoded surrogate (U+D800..U+DFFF)",
            Self::TooLarge => "code point above U+10FFFF",
            Self::MissingContinuation => "expected a continuation byte (80..BF)",
            Self::Truncated => "input ends inside a character, expected a continuation byte",
        }
    }
}

impl fmt::Display for Utf8ErrorKind {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// An error returned when a byte slice is not valid UTF-8.
///
/// [`valid_up_to`](Self::valid_up_to) and [`error_len`](Self::error_len)
/// have exactly the contract of [`core::str::Utf8Error`], and agree with it
/// on every input; [`kind`](Self::kind) adds why the input is invalid.
///
/// # Example: lossy decoding built on the error
///
/// ```
/// # #[cfg(feature = "alloc")] {
/// let mut input: &[u8] = b"a\xF0\x9Fb\xC0";
/// let mut out = String::new();
/// loop {
///     match rapidutf::validate_utf8(input) {
///         Ok(s) => { out.push_str(s); break; }
///         Err(e) => {
///             let (valid, rest) = input.split_at(e.valid_up_to());
///             out.push_str(rapidutf::validate_utf8(valid).unwrap());
///             out.push('\u{FFFD}');
///             match e.error_len() {
///                 Some(n) => input = &rest[n..],
///                 None => break,
///             }
///         }
///     }
/// }
/// assert_eq!(out, "a\u{FFFD}b\u{FFFD}");
/// # }
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Utf8Error {
    pub(crate) valid_up_to: usize,
    // 0 encodes `None` (truncated); a maximal subpart is 1..=3 bytes.
    pub(crate) error_len: u8,
    pub(crate) kind: Utf8ErrorKind,
}

/// Shows the values of the accessors, as core's `Utf8Error` does
/// (`error_len` an `Option`), not the compact storage.
///
/// ```
/// let e = rapidutf::validate_utf8(b"a\xFF").unwrap_err();
/// assert_eq!(
///     format!("{e:?}"),
///     "Utf8Error { valid_up_to: 1, error_len: Some(1), kind: InvalidByte }"
/// );
/// let e = rapidutf::validate_utf8(b"a\xE2\x82").unwrap_err();
/// assert_eq!(
///     format!("{e:?}"),
///     "Utf8Error { valid_up_to: 1, error_len: None, kind: Truncated }"
/// );
/// ```
impl fmt::Debug for Utf8Error {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Utf8Error")
            .field("valid_up_to", &self.valid_up_to)
            .field("error_len", &self.error_len())
            .field("kind", &self.kind)
            .finish()
    }
}

impl Utf8Error {
    pub(crate) const fn new(valid_up_to: usize, error_len: u8, kind: Utf8ErrorKind) -> Self {
        Utf8Error { valid_up_to, error_len, kind }
    }

    /// The index up to which the input is valid UTF-8: the largest `i` such
    /// that `from_utf8(&input[..i])` succeeds.
    #[must_use]
    #[inline]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// The length of the invalid sequence at `valid_up_to`, or `None` when
    /// the input ended inside a sequence that more input could complete.
    ///
    /// As in core: `Some(n)` is the length of the maximal invalid subpart
    /// (1 to 3 bytes), which a lossy decoder replaces with one U+FFFD.
    #[must_use]
    #[inline]
    pub const fn error_len(&self) -> Option<usize> {
        match self.error_len {
            0 => None,
            n => Some(n as usize),
        }
    }

    /// Why the sequence at [`valid_up_to`](Self::valid_up_to) is invalid.
    #[must_use]
    #[inline]
    pub const fn kind(&self) -> Utf8ErrorKind {
        self.kind
    }
}

impl fmt::Display for Utf8Error {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error_len() {
            Some(n) => write!(
                f,
                "invalid utf-8 sequence of {} bytes from index {}: {}",
                n, self.valid_up_to, self.kind
            ),
            None => write!(
                f,
                "incomplete utf-8 byte sequence from index {}: {}",
                self.valid_up_to, self.kind
            ),
        }
    }
}

impl core::error::Error for Utf8Error {}

/// Which half of a surrogate pair stands alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Utf16ErrorKind {
    /// A high (leading) surrogate U+D800..U+DBFF not followed by a low one,
    /// including one at the very end of the input.
    UnpairedHigh,
    /// A low (trailing) surrogate U+DC00..U+DFFF not preceded by a high one.
    UnpairedLow,
    /// The input ends inside a code unit: byte input (the `_bytes`
    /// functions) of an odd length, whose last byte is reported.
    IncompleteUnit,
}

impl fmt::Display for Utf16ErrorKind {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::UnpairedHigh => "unpaired high surrogate, expected a low surrogate (DC00..DFFF)",
            Self::UnpairedLow => "unpaired low surrogate, expected a high surrogate before it",
            Self::IncompleteUnit => "the input ends inside a code unit (an odd number of bytes)",
        })
    }
}

/// An error returned when a `u16` slice is not valid UTF-16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf16Error {
    pub(crate) valid_up_to: usize,
    pub(crate) kind: Utf16ErrorKind,
}

impl Utf16Error {
    pub(crate) const fn new(valid_up_to: usize, kind: Utf16ErrorKind) -> Self {
        Utf16Error { valid_up_to, kind }
    }

    /// The index (in `u16` units) of the first unpaired surrogate; the input
    /// before it is valid UTF-16. The functions that take UTF-16 as bytes
    /// (`validate_utf16le_bytes` and the other `_bytes` forms) count in
    /// bytes instead, the offset of the unit in the caller's slice.
    #[must_use]
    #[inline]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// Whether the unpaired surrogate is a high or a low one.
    #[must_use]
    #[inline]
    pub const fn kind(&self) -> Utf16ErrorKind {
        self.kind
    }
}

impl fmt::Display for Utf16Error {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid utf-16 at unit {}: {}", self.valid_up_to, self.kind)
    }
}

impl core::error::Error for Utf16Error {}

/// Why a `u32` value is not a Unicode scalar value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Utf32ErrorKind {
    /// A surrogate code point, U+D800..U+DFFF.
    Surrogate,
    /// A value above U+10FFFF.
    TooLarge,
    /// The input ends inside a code unit: byte input (the `_bytes`
    /// functions) whose length is not a multiple of 4, with the last 1 to
    /// 3 bytes reported.
    IncompleteUnit,
}

impl fmt::Display for Utf32ErrorKind {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Surrogate => "surrogate code point (D800..DFFF)",
            Self::TooLarge => "value above 10FFFF",
            Self::IncompleteUnit => "the input ends inside a code unit (1 to 3 bytes of 4)",
        })
    }
}

/// An error returned when a `u32` slice is not valid UTF-32.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf32Error {
    pub(crate) valid_up_to: usize,
    pub(crate) kind: Utf32ErrorKind,
}

impl Utf32Error {
    pub(crate) const fn new(valid_up_to: usize, kind: Utf32ErrorKind) -> Self {
        Utf32Error { valid_up_to, kind }
    }

    /// The index of the first value that is not a scalar value (in bytes
    /// for the functions that take UTF-32 as bytes, the `_bytes` forms).
    #[must_use]
    #[inline]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// Whether that value is a surrogate or too large.
    #[must_use]
    #[inline]
    pub const fn kind(&self) -> Utf32ErrorKind {
        self.kind
    }
}

impl fmt::Display for Utf32Error {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid utf-32 at unit {}: {}", self.valid_up_to, self.kind)
    }
}

impl core::error::Error for Utf32Error {}

/// The error of a transcoder that writes into a caller's buffer.
///
/// `E` is the input's error type: [`Utf8Error`], [`Utf16Error`] or
/// [`Utf32Error`], with positions counted in *input* units (for the
/// conversions whose input cannot be invalid, such as [`str_to_utf16`](crate::str_to_utf16)
/// or [`latin1_to_utf8`](crate::latin1_to_utf8), it is
/// [`Infallible`](core::convert::Infallible)).
///
/// Problems are reported in input order: the transcoder stops at whichever
/// comes first, an invalid sequence or a character that does not fit in the
/// remaining output. Either way, [`written`](Self::written) output units
/// are the exact conversion of the input before the problem, so the work
/// done is never lost:
///
/// ```
/// # #[cfg(feature = "transcode")] {
/// use rapidutf::TranscodeError;
/// let src = b"caf\xC3\xA9 \xFF!";
/// let mut dst = [0u16; 16];
/// match rapidutf::utf8_to_utf16(src, &mut dst) {
///     Err(TranscodeError::Invalid { error, written }) => {
///         // `src[..6]` ("café ") is valid, and is `dst[..5]`.
///         assert_eq!(error.valid_up_to(), 6);
///         assert_eq!(String::from_utf16(&dst[..written]).unwrap(), "café ");
///     }
///     other => panic!("{other:?}"),
/// }
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TranscodeError<E> {
    /// The input is invalid: `error` says where and why.
    Invalid {
        /// The input's error; its `valid_up_to()` is the number of input
        /// units converted.
        error: E,
        /// Output units written, all of them the conversion of the valid
        /// prefix `input[..error.valid_up_to()]`. (What lies past them in
        /// the output buffer is unspecified: SIMD kernels may have written
        /// scratch there.)
        written: usize,
    },
    /// The output buffer is too small for the next character.
    OutputTooSmall {
        /// Input units converted (always on a character boundary).
        read: usize,
        /// Output units written, all of them the conversion of
        /// `input[..read]`.
        written: usize,
    },
}

impl<E> TranscodeError<E> {
    /// The input error, if the input is invalid.
    ///
    /// ```
    /// # #[cfg(feature = "transcode")] {
    /// let mut dst = [0u8; 8];
    /// let e = rapidutf::utf16_to_utf8(&[0x61, 0xD800], &mut dst).unwrap_err();
    /// assert_eq!(e.invalid().map(|e| e.valid_up_to()), Some(1));
    /// let e = rapidutf::utf16_to_utf8(&[0x61, 0x62], &mut dst[..1]).unwrap_err();
    /// assert_eq!(e.invalid(), None);
    /// # }
    /// ```
    #[must_use]
    #[inline]
    pub fn invalid(&self) -> Option<&E> {
        match self {
            TranscodeError::Invalid { error, .. } => Some(error),
            TranscodeError::OutputTooSmall { .. } => None,
        }
    }

    /// The input error, if the input is invalid, by value: for `?` in a
    /// function that returns the input's error type.
    ///
    /// ```
    /// # #[cfg(feature = "transcode")] {
    /// let mut dst = [0u32; 4];
    /// let e = rapidutf::utf8_to_utf32(b"a\xC0", &mut dst).unwrap_err();
    /// assert_eq!(e.into_invalid().unwrap().valid_up_to(), 1);
    /// # }
    /// ```
    #[must_use]
    #[inline]
    pub fn into_invalid(self) -> Option<E> {
        match self {
            TranscodeError::Invalid { error, .. } => Some(error),
            TranscodeError::OutputTooSmall { .. } => None,
        }
    }

    /// The output units written before the problem, whichever it is: the
    /// exact conversion of the input before it.
    ///
    /// ```
    /// # #[cfg(feature = "transcode")] {
    /// let mut dst = [0u8; 4];
    /// // "é" needs 2 bytes and "€" 3: only the first two characters fit.
    /// let e = rapidutf::utf32_to_utf8(&[0xE9, 0xE9, 0x20AC], &mut dst).unwrap_err();
    /// assert_eq!(e.written(), 4);
    /// assert_eq!(&dst[..e.written()], "éé".as_bytes());
    /// # }
    /// ```
    #[must_use]
    #[inline]
    pub const fn written(&self) -> usize {
        match self {
            TranscodeError::Invalid { written, .. }
            | TranscodeError::OutputTooSmall { written, .. } => *written,
        }
    }
}

/// The result of a conversion into room reserved at a size that always
/// suffices (the exact size, or a bound): running out of room would be a
/// sizing bug, so only the input's own error remains.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn in_room<T, E>(r: Result<T, TranscodeError<E>>) -> Result<T, E> {
    match r {
        Ok(n) => Ok(n),
        Err(TranscodeError::Invalid { error, .. }) => Err(error),
        Err(TranscodeError::OutputTooSmall { .. }) => {
            unreachable!("room of a size that always suffices was too small")
        }
    }
}

/// [`in_room`] for an input that cannot be invalid.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn in_room_total<T>(r: Result<T, TranscodeError<core::convert::Infallible>>) -> T {
    match in_room(r) {
        Ok(n) => n,
        Err(e) => match e {},
    }
}

impl<E: fmt::Display> fmt::Display for TranscodeError<E> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscodeError::Invalid { error, .. } => error.fmt(f),
            TranscodeError::OutputTooSmall { read, written } => write!(
                f,
                "output buffer too small after reading {read} units and writing {written}"
            ),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for TranscodeError<E> {}

/// Why a character cannot be converted to Latin-1 or Windows-1252 (see
/// [`Latin1Error`]).
///
/// `E` is the input's error type: [`Utf8Error`], [`Utf16Error`] or
/// [`Utf32Error`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Latin1ErrorKind<E> {
    /// The input is not valid in its own encoding: the error that the
    /// input's validator reports (`validate_utf8`, ...), at the same
    /// position.
    Invalid(E),
    /// The input is valid, but the target encoding cannot represent this
    /// character: one above U+00FF for Latin-1; for Windows-1252, one
    /// outside Latin-1 and its 27 other characters, or one of the C1
    /// controls U+0080..=U+009F whose bytes stand for those (all but
    /// U+0081, U+008D, U+008F, U+0090 and U+009D).
    Unrepresentable(char),
}

/// The input's own error, or "unrepresentable character U+XXXX" (the kind
/// alone does not know the target encoding; [`Latin1Error`]'s `Display`
/// names it, with the position).
///
/// ```
/// # #[cfg(feature = "single-byte")] {
/// let mut buf = [0u8; 8];
/// let e = rapidutf::utf8_to_latin1("aΩ".as_bytes(), &mut buf).unwrap_err();
/// assert_eq!(e.invalid().unwrap().kind().to_string(), "unrepresentable character U+03A9");
/// // Invalid input: the input's own error, as the whole error says it.
/// let e = rapidutf::utf8_to_latin1(b"a\xFF", &mut buf).unwrap_err();
/// let e = e.invalid().unwrap();
/// assert_eq!(e.kind().to_string(), e.to_string());
/// assert!(e.kind().to_string().starts_with("invalid utf-8"));
/// # }
/// ```
impl<E: fmt::Display> fmt::Display for Latin1ErrorKind<E> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Latin1ErrorKind::Invalid(e) => e.fmt(f),
            Latin1ErrorKind::Unrepresentable(c) => {
                write!(f, "unrepresentable character U+{:04X}", u32::from(*c))
            }
        }
    }
}

/// The error of a conversion to Latin-1 (ISO-8859-1) or Windows-1252: the
/// first character that is either invalid in the input's own encoding or
/// one the target encoding cannot represent (above U+00FF for Latin-1).
///
/// ```
/// # #[cfg(feature = "single-byte")] {
/// use rapidutf::Latin1ErrorKind;
/// let mut buf = [0u8; 8];
/// let e = rapidutf::utf8_to_latin1("é€".as_bytes(), &mut buf).unwrap_err();
/// let e = e.invalid().unwrap();
/// assert_eq!(e.valid_up_to(), 2);
/// assert_eq!(e.kind(), Latin1ErrorKind::Unrepresentable('€'));
///
/// let e = rapidutf::utf8_to_latin1(b"a\xFF", &mut buf).unwrap_err();
/// let e = e.invalid().unwrap();
/// assert_eq!(e.valid_up_to(), 1);
/// assert!(e.invalid().is_some());
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Latin1Error<E> {
    pub(crate) valid_up_to: usize,
    pub(crate) kind: Latin1ErrorKind<E>,
    /// The target encoding is Windows-1252, not Latin-1 (for `Display`).
    pub(crate) windows1252: bool,
}

impl<E> Latin1Error<E> {
    /// An error of a conversion to Latin-1.
    pub(crate) const fn new(valid_up_to: usize, kind: Latin1ErrorKind<E>) -> Self {
        Latin1Error { valid_up_to, kind, windows1252: false }
    }

    /// The same error, of a conversion to Windows-1252.
    pub(crate) fn in_windows1252(self) -> Self {
        Latin1Error { windows1252: true, ..self }
    }

    /// The index, in input units, of the first character that cannot be
    /// converted: everything before it is valid and representable.
    #[must_use]
    #[inline]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// Whether the input is invalid there, or the character is only
    /// unrepresentable.
    #[must_use]
    #[inline]
    pub fn kind(&self) -> Latin1ErrorKind<E>
    where
        E: Copy,
    {
        self.kind
    }

    /// The input's own error, if the input is invalid there.
    #[must_use]
    #[inline]
    pub fn invalid(&self) -> Option<&E> {
        match &self.kind {
            Latin1ErrorKind::Invalid(e) => Some(e),
            Latin1ErrorKind::Unrepresentable(_) => None,
        }
    }

    /// The character the target encoding lacks, if the input is valid
    /// there.
    #[must_use]
    #[inline]
    pub fn unrepresentable(&self) -> Option<char> {
        match self.kind {
            Latin1ErrorKind::Invalid(_) => None,
            Latin1ErrorKind::Unrepresentable(c) => Some(c),
        }
    }
}

/// ```
/// # #[cfg(feature = "single-byte")] {
/// let mut buf = [0u8; 8];
/// let e = rapidutf::utf8_to_latin1("aΩ".as_bytes(), &mut buf).unwrap_err();
/// assert_eq!(e.to_string(), "U+03A9 at unit 1 is not in Latin-1 (above U+00FF)");
/// let e = rapidutf::utf8_to_windows1252("a\u{80}".as_bytes(), &mut buf).unwrap_err();
/// assert_eq!(e.to_string(), "U+0080 at unit 1 has no byte in Windows-1252");
/// # }
/// ```
impl<E: fmt::Display> fmt::Display for Latin1Error<E> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (c, at) = match &self.kind {
            Latin1ErrorKind::Invalid(e) => return e.fmt(f),
            Latin1ErrorKind::Unrepresentable(c) => (u32::from(*c), self.valid_up_to),
        };
        if self.windows1252 {
            write!(f, "U+{c:04X} at unit {at} has no byte in Windows-1252")
        } else {
            write!(f, "U+{c:04X} at unit {at} is not in Latin-1 (above U+00FF)")
        }
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for Latin1Error<E> {}

/// An input error whose position can be moved: the glue that runs a
/// kernel on a prefix and the scalar code on the rest (see
/// `glue::finish_transcode`) shifts the scalar code's error by the
/// length of the prefix.
pub(crate) trait ShiftPosition {
    /// The same error, `by` input units later.
    fn shifted(self, by: usize) -> Self;
}

impl ShiftPosition for Utf8Error {
    #[inline(always)]
    fn shifted(mut self, by: usize) -> Self {
        self.valid_up_to += by;
        self
    }
}

impl ShiftPosition for Utf16Error {
    #[inline(always)]
    fn shifted(mut self, by: usize) -> Self {
        self.valid_up_to += by;
        self
    }
}

impl ShiftPosition for Utf32Error {
    #[inline(always)]
    fn shifted(mut self, by: usize) -> Self {
        self.valid_up_to += by;
        self
    }
}

impl<E: ShiftPosition> ShiftPosition for Latin1Error<E> {
    #[inline(always)]
    fn shifted(self, by: usize) -> Self {
        let kind = match self.kind {
            Latin1ErrorKind::Invalid(e) => Latin1ErrorKind::Invalid(e.shifted(by)),
            k @ Latin1ErrorKind::Unrepresentable(_) => k,
        };
        Latin1Error { valid_up_to: self.valid_up_to + by, kind, ..self }
    }
}

/// Latin-1 input has no errors.
impl ShiftPosition for core::convert::Infallible {
    #[inline(always)]
    fn shifted(self, _: usize) -> Self {
        match self {}
    }
}

// ---------------------------------------------------------------------
// What a lossy conversion reports besides its output.
// ---------------------------------------------------------------------

/// The output of a lossy conversion and how many replacements it made.
///
/// A lossy conversion never fails on bad input: it writes a replacement
/// instead (a caller-chosen byte when encoding to Latin-1 or
/// Windows-1252, U+FFFD when decoding). Whether it did is what a caller
/// needs to know to warn, log or fall back, so the lossy encoders and the
/// `_report` forms of the lossy decoders return it: `replaced` counts the
/// replacements (one per character the target cannot represent, one per
/// maximal invalid subpart of UTF-8 input, one per unpaired surrogate or
/// invalid UTF-32 value), and
/// [`had_replacements`](Self::had_replacements) is encoding_rs's flag of
/// the same name. A count rather than a flag, because it costs nothing
/// more to keep and tells "one stray byte" from "the wrong encoding".
///
/// `output` is the count of units written for the forms that write into
/// a caller's buffer or append to one, and the new value (a `Vec<u8>`, a
/// `Cow<str>`) for the allocating forms.
///
/// ```
/// # #[cfg(all(feature = "single-byte", feature = "alloc"))] {
/// use rapidutf::Lossy;
/// let Lossy { output, replaced } = rapidutf::str_to_latin1_lossy_vec("5 € or 5 ¥", b'?');
/// assert_eq!((output.as_slice(), replaced), (&b"5 ? or 5 \xA5"[..], 1));
/// # }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[must_use]
pub struct Lossy<T> {
    /// The output: units written, or the converted value.
    pub output: T,
    /// The number of replacements made.
    pub replaced: usize,
}

impl<T> Lossy<T> {
    /// Whether anything was replaced: `replaced > 0`.
    ///
    /// ```
    /// let r = rapidutf::Lossy { output: 3, replaced: 0 };
    /// assert!(!r.had_replacements());
    /// ```
    #[must_use]
    #[inline]
    pub const fn had_replacements(&self) -> bool {
        self.replaced > 0
    }
}
