//! Validating many strings stored in one buffer: Arrow-style offsets
//! (`offsets[i]..offsets[i + 1]`) or a list of byte ranges.
//!
//! Validating each short string on its own pays a call and a setup per
//! string and never reaches the SIMD kernels. Instead the bytes the
//! strings cover are validated in bulk with
//! [`is_valid_utf8`](crate::is_valid_utf8), and then every string's ends
//! are checked to be character boundaries of those bytes (not a
//! continuation byte `80..=BF`, or the end). Both together are exactly
//! "every string is valid UTF-8": a substring of valid UTF-8 cut at
//! character boundaries is valid UTF-8. Offsets go a few hundred strings
//! at a time, and an all-ASCII group (where every position is a boundary)
//! skips the per-offset check.
//!
//! Only when that fails are the strings validated one by one, in order, to
//! find the first bad one and its exact error.

use crate::error::Utf8Error;
use core::fmt;
use core::ops::Range;

/// Why one string of a many-strings validation failed.
///
/// ```
/// use rapidutf::ManyStringsErrorKind;
/// let e = rapidutf::validate_utf8_offsets(b"ab\xFF", &[0u32, 2, 3]).unwrap_err();
/// assert!(matches!(e.kind(), ManyStringsErrorKind::Invalid(_)));
/// let e = rapidutf::validate_utf8_offsets(b"ab", &[0u32, 3]).unwrap_err();
/// assert_eq!(e.kind(), ManyStringsErrorKind::OutOfBounds);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ManyStringsErrorKind {
    /// The string is not valid UTF-8. The error's positions are relative
    /// to the start of the string: exactly what
    /// [`from_utf8`](crate::from_utf8) reports for it alone.
    Invalid(Utf8Error),
    /// The string's start or end lies past the end of the buffer.
    OutOfBounds,
    /// The string's start lies after its end (offsets that decrease).
    Reversed,
    /// A string view names a data buffer that does not exist (its buffer
    /// index is at least the number of buffers, or negative).
    MissingBuffer,
    /// A string view's 4-byte prefix differs from the first 4 bytes of the
    /// data it points at (Arrow requires them equal).
    PrefixMismatch,
    /// An inline string view (12 bytes or fewer) has a non-zero byte after
    /// its string (Arrow requires zero padding).
    NonZeroPadding,
    /// The buffer ends inside the string's 4-byte length (a Parquet PLAIN
    /// page cut short).
    TruncatedLength,
    /// A selected row index is not a row of the column (it is at least the
    /// number of rows).
    NoSuchRow,
    /// The selection bitmap, or the bitmap that receives the per-row ASCII
    /// bits, has no bit for this row: it is shorter than the column.
    BitmapTooShort,
    /// An offset or length of the string is negative: one of signed
    /// offsets (`i32`, `i64`), a string view's offset or length, or a
    /// Parquet `DELTA_LENGTH_BYTE_ARRAY` length (all signed in Arrow's and
    /// Parquet's formats).
    ///
    /// ```
    /// use rapidutf::ManyStringsErrorKind;
    /// let e = rapidutf::validate_utf8_offsets(b"abc", &[0i32, 1, -2]).unwrap_err();
    /// assert_eq!((e.index(), e.kind()), (1, ManyStringsErrorKind::Negative));
    /// assert_eq!(e.to_string(), "string 1: offset or length is negative");
    /// ```
    Negative,
}

/// The first string that failed a many-strings validation
/// ([`validate_utf8_offsets`], [`validate_utf8_ranges`]): its index and
/// why.
///
/// ```
/// let buf = "okgrüß".as_bytes();
/// // Offset 5 cuts "ü" (bytes 4..6) in half.
/// let e = rapidutf::validate_utf8_offsets(buf, &[0u32, 2, 5, buf.len() as u32]).unwrap_err();
/// assert_eq!(e.index(), 1);
/// let utf8 = e.utf8_error().unwrap();
/// assert_eq!((utf8.valid_up_to(), utf8.error_len()), (2, None)); // relative to "grü"[..3]
/// assert_eq!(e.to_string(), "string 1: incomplete utf-8 byte sequence from index 2: \
///     input ends inside a character, expected a continuation byte");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ManyStringsError {
    index: usize,
    kind: ManyStringsErrorKind,
}

impl ManyStringsError {
    /// The error of string `index`.
    #[inline]
    pub(crate) const fn new(index: usize, kind: ManyStringsErrorKind) -> Self {
        ManyStringsError { index, kind }
    }
}

impl ManyStringsError {
    /// The index of the first string that failed (the `i` of
    /// `offsets[i]..offsets[i + 1]`, or of `ranges[i]`).
    ///
    /// ```
    /// let e = rapidutf::validate_utf8_ranges(b"a\x80", &[0..1, 1..2]).unwrap_err();
    /// assert_eq!(e.index(), 1);
    /// ```
    #[must_use]
    #[inline]
    pub const fn index(&self) -> usize {
        self.index
    }

    /// Why that string failed.
    ///
    /// ```
    /// use rapidutf::ManyStringsErrorKind;
    /// let e = rapidutf::validate_utf8_offsets(b"abc", &[0u32, 2, 1]).unwrap_err();
    /// assert_eq!((e.index(), e.kind()), (1, ManyStringsErrorKind::Reversed));
    /// ```
    #[must_use]
    #[inline]
    pub const fn kind(&self) -> ManyStringsErrorKind {
        self.kind
    }

    /// The string's UTF-8 error (relative to the string's start), if it
    /// was in bounds but invalid.
    ///
    /// ```
    /// let e = rapidutf::validate_utf8_offsets(b"a\xC0", &[0u32, 1, 2]).unwrap_err();
    /// assert_eq!(e.utf8_error().unwrap().valid_up_to(), 0);
    /// ```
    #[must_use]
    #[inline]
    pub const fn utf8_error(&self) -> Option<Utf8Error> {
        match self.kind {
            ManyStringsErrorKind::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for ManyStringsErrorKind {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ManyStringsErrorKind::Invalid(e) => write!(f, "{e}"),
            ManyStringsErrorKind::OutOfBounds => {
                f.write_str("range extends past the end of the buffer")
            }
            ManyStringsErrorKind::Reversed => f.write_str("range starts after it ends"),
            ManyStringsErrorKind::MissingBuffer => {
                f.write_str("view names a data buffer that does not exist")
            }
            ManyStringsErrorKind::PrefixMismatch => {
                f.write_str("view prefix differs from the string's first bytes")
            }
            ManyStringsErrorKind::NonZeroPadding => {
                f.write_str("inline view has non-zero bytes after the string")
            }
            ManyStringsErrorKind::TruncatedLength => {
                f.write_str("buffer ends inside the string's length")
            }
            ManyStringsErrorKind::NoSuchRow => f.write_str("selected row is not in the column"),
            ManyStringsErrorKind::BitmapTooShort => f.write_str("bitmap has no bit for this row"),
            ManyStringsErrorKind::Negative => f.write_str("offset or length is negative"),
        }
    }
}

impl fmt::Display for ManyStringsError {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "string {}: {}", self.index, self.kind)
    }
}

impl core::error::Error for ManyStringsError {}

mod sealed {
    /// An integer type used for string offsets (compared as itself, so
    /// that a monotonicity check vectorises).
    pub trait Sealed: Copy + PartialOrd {
        /// The offset as an index; `usize::MAX` (out of bounds for every
        /// buffer) when negative or too large for `usize`.
        fn index(self) -> usize;
        /// Whether the offset is below zero (never, for the unsigned
        /// types).
        fn is_negative(self) -> bool;
    }
}

/// An integer type that [`validate_utf8_offsets`] accepts as string
/// offsets: `u32` and `i32` (Arrow's `Utf8`), `u64` and `i64` (Arrow's
/// `LargeUtf8`), and `usize`. Sealed.
///
/// ```
/// fn check<O: rapidutf::StringOffset>(buf: &[u8], offsets: &[O]) -> bool {
///     rapidutf::validate_utf8_offsets(buf, offsets).is_ok()
/// }
/// assert!(check(b"ab", &[0i64, 1, 2]));
/// ```
pub trait StringOffset: sealed::Sealed {}

macro_rules! offset_types {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {
            #[inline(always)]
            fn index(self) -> usize {
                usize::try_from(self).unwrap_or(usize::MAX)
            }
            #[inline(always)]
            #[allow(unused_comparisons)] // the unsigned types
            fn is_negative(self) -> bool {
                self < 0
            }
        }
        impl StringOffset for $t {}
    )*};
}

/// The string `start..end` of an offsets array as indices, or
/// [`Negative`](ManyStringsErrorKind::Negative) (the bounds are checked
/// by the caller).
#[inline(always)]
pub(crate) fn bounds<O: StringOffset>(
    start: O,
    end: O,
) -> Result<(usize, usize), ManyStringsErrorKind> {
    if start.is_negative() || end.is_negative() {
        return Err(ManyStringsErrorKind::Negative);
    }
    Ok((start.index(), end.index()))
}
offset_types!(u32, u64, usize, i32, i64);

/// Whether `b` is a UTF-8 continuation byte (`80..=BF`): no character
/// starts there.
#[inline(always)]
pub(crate) fn is_continuation(b: u8) -> bool {
    (b as i8) < -64
}

/// Checks the strings `offsets[i]..offsets[i + 1]` of `buf`.
///
/// `offsets` has one more entry than there are strings, as in Apache
/// Arrow's variable-size binary layout; zero or one offsets mean no
/// strings. The offsets need not start at 0, nor end at `buf.len()`.
///
/// When the offsets are in order and in bounds, the strings are checked a
/// group of a few hundred at a time: a group whose bytes are all ASCII is
/// valid as a whole; any other group's bytes are validated with the SIMD
/// validator and each offset inside it is checked to be a character
/// boundary, which together mean that every string is valid UTF-8.
///
/// # Errors
///
/// The first string (lowest index) that is out of bounds, reversed or
/// invalid, with the error [`from_utf8`](crate::from_utf8) gives for that
/// string alone (see [`ManyStringsError`]).
///
/// ```
/// // Three strings: "héllo", "", "wörld".
/// let buf = "héllowörld".as_bytes();
/// assert!(rapidutf::validate_utf8_offsets(buf, &[0u32, 6, 6, 12]).is_ok());
///
/// // An offset inside "é" (bytes 1..3) makes both neighbours invalid;
/// // the first is reported.
/// let e = rapidutf::validate_utf8_offsets(buf, &[0u32, 2, 12]).unwrap_err();
/// assert_eq!(e.index(), 0);
/// assert_eq!(e.utf8_error().unwrap().valid_up_to(), 1);
/// ```
#[inline]
pub fn validate_utf8_offsets<O: StringOffset>(
    buf: &[u8],
    offsets: &[O],
) -> Result<(), ManyStringsError> {
    offsets_with(buf, offsets, crate::is_valid_utf8, |b| crate::validate_utf8(b).map(drop))
}

/// [`validate_utf8_offsets`] over any validator pair (the active kernel's
/// in the public function).
#[inline(always)]
pub(crate) fn offsets_with<O: StringOffset>(
    buf: &[u8],
    offsets: &[O],
    is_valid: impl Fn(&[u8]) -> bool,
    validate: impl Fn(&[u8]) -> Result<(), Utf8Error>,
) -> Result<(), ManyStringsError> {
    let [first, .., last] = offsets else {
        return Ok(());
    };
    let (first, last) = (first.index(), last.index());
    if first <= last && last <= buf.len() && groups_valid(buf, offsets, is_valid) {
        return Ok(());
    }
    first_failure(buf, offsets.windows(2).map(|w| bounds(w[0], w[1])), validate)
}

/// Whether any offset is below the one before it. Branch-free, and on
/// the offsets' own type (a negative first offset is caught as out of
/// bounds by the caller: after it, none can be negative), so it
/// vectorises.
#[inline(always)]
fn decreasing<O: StringOffset>(offsets: &[O]) -> bool {
    offsets.iter().zip(&offsets[1..]).fold(false, |bad, (a, b)| bad | (b < a))
}

/// Strings per group in [`groups_valid`]: a few KiB of short strings, so
/// that each group's bytes are still in L1 when its offsets are checked,
/// and the calls cost little next to the work.
const GROUP: usize = 256;

/// Strings per group in [`groups_valid`] where that many hold at most
/// [`SHORT_GROUP_BYTES`]: keys of a few bytes, where each group's fixed
/// cost (the calls, the order check's tail) weighs on little work.
/// Measured on 400,000 ASCII keys of 7.5 bytes: 1.16x with 1,024 strings
/// against 256 (`u32` offsets; 1.08x with `i32`), 1.08x with 512 (`u32`);
/// 42-byte values lose 2-7 % with 1,024 or more (their bytes then leave
/// L1), hence the byte limit.
const SHORT_GROUP: usize = 1024;

/// See [`SHORT_GROUP`].
const SHORT_GROUP_BYTES: usize = 16 * 1024;

/// Whether the offsets are in order and every string is valid UTF-8,
/// given a first offset at most the last and a last one in bounds: group
/// by group, the group's offsets are in order (so, the group before being
/// in order too, all of them so far, and none negative after a first that
/// is not); then an all-ASCII group needs nothing more (every position is
/// a character boundary), and any other group is validated and its inner
/// offsets must not start on a continuation byte. Each group is valid on
/// its own, so the offsets between groups are boundaries too. One pass
/// over the offsets and the bytes together: on short strings both streams
/// are of a size, and reading them side by side, each once, is what
/// bounds the speed.
#[inline(always)]
fn groups_valid<O: StringOffset>(
    buf: &[u8],
    offsets: &[O],
    is_valid: impl Fn(&[u8]) -> bool,
) -> bool {
    let n = offsets.len();
    let mut a = 0;
    while a + 1 < n {
        // Offsets out of order make the span wrap around: a short group.
        let wide = (a + SHORT_GROUP).min(n - 1);
        let span = offsets[wide].index().wrapping_sub(offsets[a].index());
        let b = if span <= SHORT_GROUP_BYTES { wide } else { (a + GROUP).min(n - 1) };
        if decreasing(&offsets[a..=b]) {
            return false;
        }
        let start = offsets[a].index();
        // In order so far, but a later offset may still come back below
        // this group's end: the end is checked against the buffer here.
        let Some(bytes) = buf.get(start..offsets[b].index()) else {
            return false;
        };
        if !crate::is_ascii(bytes) {
            // Offsets in order: each inner one lies in `start..=end`.
            let inside = offsets[a + 1..b].iter().fold(false, |bad, o| {
                bad | bytes.get(o.index() - start).is_some_and(|&b| is_continuation(b))
            });
            if inside || !is_valid(bytes) {
                return false;
            }
        }
        a = b;
    }
    true
}

/// Checks the strings `buf[r.start..r.end]` for each `r` in `ranges`.
///
/// The ranges may come in any order, overlap, or leave gaps. The region
/// from the lowest start to the highest end is validated once with the
/// SIMD validator, and each range's ends are checked to be character
/// boundaries in it; if that fails (for example because a gap holds
/// non-UTF-8 bytes), the ranges are validated one by one.
///
/// # Errors
///
/// The first range (lowest index) that is out of bounds, reversed or
/// invalid, with the error [`from_utf8`](crate::from_utf8) gives for that
/// string alone (see [`ManyStringsError`]).
///
/// ```
/// let buf = b"key\xFFvalue";
/// // The invalid byte lies between the strings: both are fine.
/// assert!(rapidutf::validate_utf8_ranges(buf, &[0..3, 4..9]).is_ok());
/// let e = rapidutf::validate_utf8_ranges(buf, &[0..3, 3..9]).unwrap_err();
/// assert_eq!(e.index(), 1);
/// ```
#[inline]
pub fn validate_utf8_ranges(buf: &[u8], ranges: &[Range<usize>]) -> Result<(), ManyStringsError> {
    ranges_with(buf, ranges, crate::is_valid_utf8, |b| crate::validate_utf8(b).map(drop))
}

/// [`validate_utf8_ranges`] over any validator pair.
#[inline(always)]
fn ranges_with(
    buf: &[u8],
    ranges: &[Range<usize>],
    is_valid: impl Fn(&[u8]) -> bool,
    validate: impl Fn(&[u8]) -> Result<(), Utf8Error>,
) -> Result<(), ManyStringsError> {
    if ranges.is_empty() {
        return Ok(());
    }
    // One branch-free pass: reversed anywhere, the span, and whether each
    // range ends at or before the next one starts (as the strings a
    // reader lays out one after the other).
    let (mut lo, mut hi, mut bad, mut in_order) = (usize::MAX, 0, false, true);
    let mut prev_end = 0;
    for r in ranges {
        bad |= r.start > r.end;
        in_order &= prev_end <= r.start;
        prev_end = r.end;
        lo = lo.min(r.start);
        hi = hi.max(r.end);
    }
    if !bad && hi <= buf.len() {
        let fine = if in_order {
            ranges_in_order_valid(buf, ranges, is_valid)
        } else {
            let region = &buf[lo..hi];
            let at = |i: usize| region.get(i - lo).is_some_and(|&b| is_continuation(b));
            let inside = ranges.iter().fold(false, |bad, r| bad | at(r.start) | at(r.end));
            !inside && is_valid(region)
        };
        if fine {
            return Ok(());
        }
    }
    first_failure(buf, ranges.iter().map(|r| Ok((r.start, r.end))), validate)
}

/// [`groups_valid`] for ranges in order and in bounds, not reversed: a
/// group's bytes run from its first start to its last end.
#[inline(always)]
fn ranges_in_order_valid(
    buf: &[u8],
    ranges: &[Range<usize>],
    is_valid: impl Fn(&[u8]) -> bool,
) -> bool {
    ranges.chunks(GROUP).all(|group| {
        let (start, end) = (group[0].start, group[group.len() - 1].end);
        let bytes = &buf[start..end];
        if crate::is_ascii(bytes) {
            return true;
        }
        // In order: every start and end lies in `start..=end`.
        let at = |i: usize| bytes.get(i - start).is_some_and(|&b| is_continuation(b));
        let inside = group.iter().fold(false, |bad, r| bad | at(r.start) | at(r.end));
        !inside && is_valid(bytes)
    })
}

/// The slow path: the first of `strings` (as `(start, end)`, or why a
/// string has none) that is negative, out of bounds, reversed or invalid,
/// validated one at a time.
#[cold]
#[inline(never)]
fn first_failure(
    buf: &[u8],
    strings: impl Iterator<Item = Result<(usize, usize), ManyStringsErrorKind>>,
    validate: impl Fn(&[u8]) -> Result<(), Utf8Error>,
) -> Result<(), ManyStringsError> {
    for (index, string) in strings.enumerate() {
        let kind = match string {
            Err(kind) => kind,
            Ok((start, end)) => match check_one(buf, start, end, &validate) {
                Ok(()) => continue,
                Err(kind) => kind,
            },
        };
        return Err(ManyStringsError { index, kind });
    }
    Ok(())
}

/// Why `buf[start..end]` is out of bounds, reversed or invalid, if it is.
#[inline(always)]
fn check_one(
    buf: &[u8],
    start: usize,
    end: usize,
    validate: impl Fn(&[u8]) -> Result<(), Utf8Error>,
) -> Result<(), ManyStringsErrorKind> {
    if start > buf.len() || end > buf.len() {
        Err(ManyStringsErrorKind::OutOfBounds)
    } else if start > end {
        Err(ManyStringsErrorKind::Reversed)
    } else {
        validate(&buf[start..end]).map_err(ManyStringsErrorKind::Invalid)
    }
}

impl crate::Kernel {
    /// [`validate_utf8_offsets`] with this kernel's validation, whatever
    /// the strings' lengths.
    ///
    /// # Errors
    ///
    /// As [`validate_utf8_offsets`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](crate::Kernel::is_available).
    ///
    /// ```
    /// for k in rapidutf::Kernel::available() {
    ///     assert!(k.validate_utf8_offsets("añb".as_bytes(), &[0u32, 1, 3, 4]).is_ok());
    ///     assert_eq!(k.validate_utf8_offsets("añb".as_bytes(), &[0u32, 2, 4]).unwrap_err().index(), 0);
    /// }
    /// ```
    #[inline]
    pub fn validate_utf8_offsets<O: StringOffset>(
        self,
        buf: &[u8],
        offsets: &[O],
    ) -> Result<(), ManyStringsError> {
        offsets_with(buf, offsets, |b| self.is_valid_utf8(b), |b| self.validate_utf8(b).map(drop))
    }

    /// [`validate_utf8_ranges`] with this kernel's validation, whatever
    /// the strings' lengths.
    ///
    /// # Errors
    ///
    /// As [`validate_utf8_ranges`].
    ///
    /// # Panics
    ///
    /// If the kernel is not [available](crate::Kernel::is_available).
    ///
    /// ```
    /// for k in rapidutf::Kernel::available() {
    ///     assert!(k.validate_utf8_ranges(b"ab\xFFcd", &[0..2, 3..5]).is_ok());
    ///     assert_eq!(k.validate_utf8_ranges(b"ab\xFFcd", &[0..3]).unwrap_err().index(), 0);
    /// }
    /// ```
    #[inline]
    pub fn validate_utf8_ranges(
        self,
        buf: &[u8],
        ranges: &[Range<usize>],
    ) -> Result<(), ManyStringsError> {
        ranges_with(buf, ranges, |b| self.is_valid_utf8(b), |b| self.validate_utf8(b).map(drop))
    }
}
