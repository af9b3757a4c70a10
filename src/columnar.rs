//! Validating the string layouts of columnar engines: Apache Arrow's
//! `Utf8`/`LargeUtf8` offsets and `Utf8View` views, and the values of
//! Apache Parquet `BYTE_ARRAY` pages (PLAIN and DELTA_LENGTH_BYTE_ARRAY),
//! optionally for selected rows only, and optionally writing a per-row
//! "is ASCII" bitmap as a by-product.
//!
//! ```
//! use rapidutf::columnar::{self, Selection, Validation};
//!
//! // A Parquet PLAIN page: each value is a 4-byte little-endian length,
//! // then the bytes.
//! let page = b"\x03\0\0\0abc\x02\0\0\0\xC3\xA9";
//! assert_eq!(columnar::validate_plain_byte_array(page), Ok(2)); // two values
//!
//! // Arrow offsets, only rows 0 and 2 selected, with their ASCII bits.
//! let buf = "okbad\u{e9}t".as_bytes();
//! let offsets = [0u32, 2, 5, 8];
//! let mut ascii = [0u8; 1];
//! Validation::new()
//!     .select(Selection::Indices(&[0, 2]))
//!     .ascii_bitmap(&mut ascii)
//!     .offsets(buf, &offsets)?;
//! assert_eq!(ascii[0], 0b001); // row 0 is ASCII, row 2 is not, row 1 not selected
//! # Ok::<(), rapidutf::ManyStringsError>(())
//! ```
//!
//! Every function reports the first failing row (lowest index; for
//! [`Selection::Indices`], the first in the list) as a
//! [`ManyStringsError`]: its index, and why, a UTF-8 error being relative to
//! the start of that row's string, exactly what
//! [`from_utf8`](crate::from_utf8) reports for it alone.
//!
//! # How
//!
//! No string is validated on its own when many can be validated together:
//! the rows go a chunk of 256 at a time, and a chunk's strings are checked
//! by as few calls of the SIMD validator as the layout allows.
//!
//! - **Offsets** and **DELTA_LENGTH_BYTE_ARRAY** (whose strings lie end to
//!   end): the chunk's bytes are validated as one, and each string's start
//!   must not be a continuation byte. A substring of valid UTF-8 cut at
//!   character boundaries is valid UTF-8, so both together mean that every
//!   string is.
//! - **String views**: the inline views (12 bytes or fewer) are copied,
//!   whole, into a 4 KiB scratch buffer, with every other view zeroed, and
//!   that buffer is validated as one: a view's length bytes (at most 12)
//!   and its zero padding are ASCII, so they separate the strings as
//!   character boundaries do. The referenced views are validated in runs
//!   of views that follow each other in the same data buffer, as offsets
//!   are, their prefixes compared with their data on the way (a prefix
//!   holds the string's first byte, so that byte's boundary check costs no
//!   load).
//! - **PLAIN pages** interleave 4-byte lengths with the strings. A length
//!   whose 4 bytes are all below `0x80` (every length below 128, and many
//!   above) is ASCII, and the bytes across it are validated as one; a run
//!   ends only at a length with a byte of `0x80` or more.
//!
//! Only when a chunk fails, or when few of its rows are selected, are its
//! selected rows checked one by one, in order, which finds the first bad
//! one and its exact error.
//!
//! # Selections
//!
//! A [`Selection`] limits the UTF-8 validation to some rows, such as the
//! rows that survive a filter: a bitmap (Arrow's layout, least significant
//! bit first) or a list of row indices. Offsets and views give direct
//! access to any row, so nothing about the other rows is read. Parquet
//! pages must be walked from the start to find a row (their lengths say
//! where the next value starts), so their lengths are checked for every
//! row, selected or not: a bad length makes every later row unreadable.
//!
//! # Arrow string views
//!
//! Each view is one `u128` (Arrow's `Utf8View` in arrow-rs' in-memory
//! form): bits 0..32 hold the length; a string of 12 bytes or fewer is
//! inline, in bytes 4..16 of `u128::to_le_bytes`, followed by zeros; a
//! longer one has its first 4 bytes (the prefix) in bits 32..64, the index
//! of its data buffer in bits 64..96 and its offset in that buffer in bits
//! 96..128. All three are `int32` in Arrow's format: a negative one is an
//! error.

use crate::error::Utf8Error;
use crate::kernel::Kernel;
use crate::many::ManyStringsErrorKind as Kind;
use crate::many::{self, is_continuation, ManyStringsError, StringOffset};
use core::ops::Deref;

/// Rows per chunk: a few KiB of short strings, so that a chunk's bytes are
/// still in L1 when its boundaries are checked, and the calls cost little
/// next to the work. A multiple of 64 (the selection and ASCII masks are
/// `u64` words) and of 8 (a chunk's ASCII bits are whole bytes).
const CHUNK: usize = 256;
const WORDS: usize = CHUNK / 64;

/// A chunk takes the path that validates all its strings together when at
/// least one row in `DENSE` is selected; sparser chunks check their
/// selected rows one by one, which then costs less than reading all the
/// others.
const DENSE: usize = 8;

/// One bit per row of a chunk.
type Mask = [u64; WORDS];

/// Checks an Arrow `Utf8View`/`BinaryView` column: every view is well
/// formed and every string is valid UTF-8 (see the [module
/// documentation](self) for the layout).
///
/// An inline view (length 12 or less) must have zero bytes after its
/// string; a longer view must name an existing buffer, lie inside it, and
/// have a prefix equal to its first 4 bytes: the checks of arrow-rs'
/// `StringViewArray::try_new`, which the Arrow format requires.
///
/// # Errors
///
/// The first view that is malformed ([`MissingBuffer`], [`Negative`] for
/// a negative offset or length, [`OutOfBounds`], [`PrefixMismatch`],
/// [`NonZeroPadding`]) or not valid UTF-8 ([`Invalid`]).
///
/// [`MissingBuffer`]: crate::ManyStringsErrorKind::MissingBuffer
/// [`Negative`]: crate::ManyStringsErrorKind::Negative
/// [`OutOfBounds`]: crate::ManyStringsErrorKind::OutOfBounds
/// [`PrefixMismatch`]: crate::ManyStringsErrorKind::PrefixMismatch
/// [`NonZeroPadding`]: crate::ManyStringsErrorKind::NonZeroPadding
/// [`Invalid`]: crate::ManyStringsErrorKind::Invalid
///
/// ```
/// use rapidutf::columnar::{inline_view, validate_string_view};
/// use rapidutf::ManyStringsErrorKind;
///
/// // "hi" inline, and "a longer string" at offset 0 of buffer 0.
/// let data = b"a longer string";
/// let long = 15 | u128::from(u32::from_le_bytes(*b"a lo")) << 32;
/// let views = [inline_view(b"hi").unwrap(), long];
/// assert_eq!(validate_string_view(&views, &[&data[..]]), Ok(()));
///
/// // No buffer 0: view 1 is reported.
/// let e = validate_string_view(&views, &[] as &[&[u8]]).unwrap_err();
/// assert_eq!((e.index(), e.kind()), (1, ManyStringsErrorKind::MissingBuffer));
/// ```
#[inline]
pub fn validate_string_view<B: Deref<Target = [u8]>>(
    views: &[u128],
    buffers: &[B],
) -> Result<(), ManyStringsError> {
    Validation::new().string_view(views, buffers)
}

/// Checks the values of a Parquet PLAIN-encoded `BYTE_ARRAY` page: each is
/// a 4-byte little-endian length followed by that many bytes, up to the
/// end of `page`, and each must be valid UTF-8. Pass the page's values
/// (after its repetition and definition levels, decompressed).
///
/// Returns the number of values.
///
/// # Errors
///
/// The first value whose length is cut off by the end of the page
/// ([`TruncatedLength`]), whose bytes run past it ([`OutOfBounds`]), or
/// that is not valid UTF-8 ([`Invalid`]).
///
/// [`TruncatedLength`]: crate::ManyStringsErrorKind::TruncatedLength
/// [`OutOfBounds`]: crate::ManyStringsErrorKind::OutOfBounds
/// [`Invalid`]: crate::ManyStringsErrorKind::Invalid
///
/// ```
/// use rapidutf::columnar::validate_plain_byte_array;
/// use rapidutf::ManyStringsErrorKind;
///
/// assert_eq!(validate_plain_byte_array(b"\x02\0\0\0ok\0\0\0\0"), Ok(2)); // "ok", ""
/// let e = validate_plain_byte_array(b"\x02\0\0\0ok\x05\0\0\0abc").unwrap_err();
/// assert_eq!((e.index(), e.kind()), (1, ManyStringsErrorKind::OutOfBounds));
/// let e = validate_plain_byte_array(b"\x02\0\0\0ok\x01\0\0\0\xFF").unwrap_err();
/// assert_eq!(e.index(), 1);
/// assert_eq!(e.utf8_error().unwrap().valid_up_to(), 0);
/// ```
#[inline]
pub fn validate_plain_byte_array(page: &[u8]) -> Result<usize, ManyStringsError> {
    Validation::new().plain_byte_array(page)
}

/// Checks the values of a Parquet `DELTA_LENGTH_BYTE_ARRAY` page, given
/// its lengths already decoded: value `i` is the next `lengths[i]` bytes
/// of `data`, and each must be valid UTF-8.
///
/// The page stores the lengths `DELTA_BINARY_PACKED`, then the values end
/// to end. Decoding that bit-packed block is the Parquet reader's work (it
/// has the decoder, and the same lengths serve to build the column's
/// offsets), so this takes the decoded lengths, as `i32` as Parquet
/// defines them, and the bytes after the block. `data` may run on past
/// the last value (the next batch's values).
///
/// Returns the number of bytes the values cover (the sum of the lengths).
///
/// # Errors
///
/// The first value whose length is negative ([`Negative`]), whose bytes
/// run past the end of `data` ([`OutOfBounds`]), or that is not valid
/// UTF-8 ([`Invalid`]).
///
/// [`Negative`]: crate::ManyStringsErrorKind::Negative
/// [`OutOfBounds`]: crate::ManyStringsErrorKind::OutOfBounds
/// [`Invalid`]: crate::ManyStringsErrorKind::Invalid
///
/// ```
/// use rapidutf::columnar::validate_delta_length_byte_array;
/// use rapidutf::ManyStringsErrorKind;
///
/// let data = "abcdé…".as_bytes();
/// assert_eq!(validate_delta_length_byte_array(&[2, 0, 4], data), Ok(6)); // "ab", "", "cdé"
/// let e = validate_delta_length_byte_array(&[2, 3], data).unwrap_err(); // "cd" + half of "é"
/// assert_eq!(e.index(), 1);
/// assert_eq!(e.utf8_error().unwrap().error_len(), None);
/// let e = validate_delta_length_byte_array(&[2, -1], data).unwrap_err();
/// assert_eq!((e.index(), e.kind()), (1, ManyStringsErrorKind::Negative));
/// ```
#[inline]
pub fn validate_delta_length_byte_array(
    lengths: &[i32],
    data: &[u8],
) -> Result<usize, ManyStringsError> {
    Validation::new().delta_length_byte_array(lengths, data)
}

/// The Arrow view of a string of 12 bytes or fewer (the string inline,
/// then zeros), or `None` for a longer string, which needs a data buffer.
///
/// ```
/// let v = rapidutf::columnar::inline_view(b"abc").unwrap();
/// assert_eq!(v.to_le_bytes()[..7], *b"\x03\0\0\0abc");
/// assert_eq!(rapidutf::columnar::inline_view(b"thirteen byte"), None);
/// ```
#[must_use]
#[inline]
pub fn inline_view(bytes: &[u8]) -> Option<u128> {
    if bytes.len() > 12 {
        return None;
    }
    let mut v = [0u8; 16];
    v[0] = bytes.len() as u8;
    v[4..4 + bytes.len()].copy_from_slice(bytes);
    Some(u128::from_le_bytes(v))
}

/// Which rows to validate: all of them, those whose bit is set, or those
/// listed.
///
/// ```
/// use rapidutf::columnar::{Selection, Validation};
/// let buf = b"ok\xFFok";
/// let offsets = [0u32, 2, 3, 5];
/// // Row 1 is invalid, but not selected.
/// let bits = [0b101u8];
/// assert!(Validation::new().select(Selection::Bitmap { bits: &bits, offset: 0 })
///     .offsets(buf, &offsets).is_ok());
/// assert!(Validation::new().select(Selection::Indices(&[2, 0])).offsets(buf, &offsets).is_ok());
/// assert!(Validation::new().offsets(buf, &offsets).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Selection<'a> {
    /// Every row.
    #[default]
    All,
    /// The rows whose bit is set: row `i` is bit `offset + i` of `bits`,
    /// least significant bit first (Arrow's bitmaps, such as a filter's
    /// `BooleanBuffer`, whose offset is in bits). A row past the end of
    /// the bitmap is an error
    /// ([`BitmapTooShort`](crate::ManyStringsErrorKind::BitmapTooShort)).
    Bitmap {
        /// The bitmap's bytes.
        bits: &'a [u8],
        /// The bit of row 0.
        offset: usize,
    },
    /// The rows listed, in any order, repeats allowed. The first failing
    /// row in the list's order is reported; an index that is not a row is
    /// an error ([`NoSuchRow`](crate::ManyStringsErrorKind::NoSuchRow)).
    /// For a Parquet page (walked from its start to find a row), indices in
    /// ascending order are found in one walk; an index below the one
    /// before it starts the walk again.
    Indices(&'a [u32]),
}

/// A validation with options: which [kernel](Kernel), which rows
/// ([`Selection`]), and where to write a per-row ASCII bitmap. The free
/// functions of this module (and [`validate_utf8_offsets`]) are
/// `Validation::new()` with one layout.
///
/// [`validate_utf8_offsets`]: crate::validate_utf8_offsets
///
/// ```
/// use rapidutf::columnar::Validation;
/// let page = b"\x02\0\0\0ok\x02\0\0\0\xC3\xA9";
/// let mut ascii = [0u8; 1];
/// for k in rapidutf::Kernel::available() {
///     let rows = Validation::new().kernel(k).ascii_bitmap(&mut ascii).plain_byte_array(page);
///     assert_eq!(rows, Ok(2));
///     assert_eq!(ascii[0], 0b01);
/// }
/// ```
#[derive(Debug, Default)]
#[must_use = "a Validation does nothing until one of its layout methods runs it"]
pub struct Validation<'a> {
    kernel: Option<Kernel>,
    selection: Selection<'a>,
    ascii: Option<&'a mut [u8]>,
}

impl<'a> Validation<'a> {
    /// Every row, the active kernel, no ASCII bitmap.
    ///
    /// ```
    /// let v = rapidutf::columnar::Validation::new();
    /// assert_eq!(v.offsets(b"abc", &[0u32, 1, 3]), Ok(()));
    /// ```
    #[inline]
    pub fn new() -> Self {
        Validation { kernel: None, selection: Selection::All, ascii: None }
    }

    /// Validates with `kernel`'s UTF-8 validation (whatever the strings'
    /// lengths) instead of the active kernel's.
    ///
    /// # Panics
    ///
    /// The layout method that runs it panics if the kernel is not
    /// [available](Kernel::is_available).
    ///
    /// ```
    /// use rapidutf::columnar::Validation;
    /// for k in rapidutf::Kernel::available() {
    ///     assert!(Validation::new().kernel(k).offsets(b"a\xFF", &[0u32, 1, 2]).is_err());
    /// }
    /// ```
    #[inline]
    pub fn kernel(mut self, kernel: Kernel) -> Self {
        self.kernel = Some(kernel);
        self
    }

    /// Validates the selected rows only.
    ///
    /// ```
    /// use rapidutf::columnar::{Selection, Validation};
    /// let lengths = [1, 1];
    /// let v = Validation::new().select(Selection::Indices(&[1]));
    /// assert_eq!(v.delta_length_byte_array(&lengths, b"\xFFa"), Ok(2));
    /// ```
    #[inline]
    pub fn select(mut self, selection: Selection<'a>) -> Self {
        self.selection = selection;
        self
    }

    /// Writes one bit per row into `bits` (least significant bit first, as
    /// Arrow's bitmaps): set if the row is selected and all ASCII, clear
    /// otherwise. The bits of rows `0..rows` are written, whole bytes: the
    /// first `rows.div_ceil(8)` bytes; later bytes are left as they were.
    /// A row whose bit does not fit is an error
    /// ([`BitmapTooShort`](crate::ManyStringsErrorKind::BitmapTooShort)).
    /// After an error, the bitmap's contents are unspecified.
    ///
    /// An engine can use the bits to take ASCII-only paths later (byte
    /// offsets are character offsets; case mapping and comparisons are
    /// per byte).
    ///
    /// ```
    /// use rapidutf::columnar::Validation;
    /// let buf = "aé€b".as_bytes();
    /// let mut ascii = [0xFFu8; 2];
    /// Validation::new().ascii_bitmap(&mut ascii).offsets(buf, &[0u32, 1, 3, 6, 7])?;
    /// assert_eq!(ascii, [0b1001, 0xFF]);
    /// # Ok::<(), rapidutf::ManyStringsError>(())
    /// ```
    #[inline]
    pub fn ascii_bitmap(mut self, bits: &'a mut [u8]) -> Self {
        self.ascii = Some(bits);
        self
    }

    /// Checks the strings `offsets[i]..offsets[i + 1]` of `buf` (Arrow's
    /// `Utf8`/`LargeUtf8` layout), as
    /// [`validate_utf8_offsets`](crate::validate_utf8_offsets) does, with
    /// this validation's options. With a selection, only the offsets of
    /// the selected rows are read.
    ///
    /// # Errors
    ///
    /// The first selected row that is out of bounds, reversed or not valid
    /// UTF-8 (see [`ManyStringsError`]), or whose bit is missing from a
    /// bitmap.
    ///
    /// # Panics
    ///
    /// If the [kernel](Self::kernel) is not available.
    ///
    /// ```
    /// use rapidutf::columnar::{Selection, Validation};
    /// let e = Validation::new()
    ///     .select(Selection::Indices(&[0, 7]))
    ///     .offsets(b"ab", &[0u32, 1, 2])
    ///     .unwrap_err();
    /// assert_eq!((e.index(), e.kind()), (7, rapidutf::ManyStringsErrorKind::NoSuchRow));
    /// ```
    #[inline]
    pub fn offsets<O: StringOffset>(
        self,
        buf: &[u8],
        offsets: &[O],
    ) -> Result<(), ManyStringsError> {
        let check = Checker::new(self.kernel);
        let rows = offsets.len().saturating_sub(1);
        let row = |i: usize, want: bool| {
            let (start, end) = many::bounds(offsets[i], offsets[i + 1])?;
            if start > buf.len() || end > buf.len() {
                Err(Kind::OutOfBounds)
            } else if start > end {
                Err(Kind::Reversed)
            } else {
                check.row(&buf[start..end], want)
            }
        };
        match (self.selection, self.ascii) {
            (Selection::All, None) => {
                many::offsets_with(buf, offsets, |b| check.is_valid(b), |b| check.validate(b))
            }
            (Selection::Indices(list), ascii) => by_indices(rows, list, ascii, row),
            (selection, ascii) => chunked(rows, selection, ascii, row, |base, n, _, ascii| {
                offsets_dense(check, buf, &offsets[base..=base + n], ascii)
            }),
        }
    }

    /// Checks an Arrow `Utf8View` column, as [`validate_string_view`] does,
    /// with this validation's options. With a selection, only the views of
    /// the selected rows are read.
    ///
    /// # Errors
    ///
    /// As [`validate_string_view`], for the selected rows; or a row whose
    /// bit is missing from a bitmap.
    ///
    /// # Panics
    ///
    /// If the [kernel](Self::kernel) is not available.
    ///
    /// ```
    /// use rapidutf::columnar::{inline_view, Selection, Validation};
    /// let views = [inline_view(b"\xFF").unwrap(), inline_view(b"ok").unwrap()];
    /// let mut ascii = [0u8];
    /// Validation::new()
    ///     .select(Selection::Bitmap { bits: &[0b10], offset: 0 })
    ///     .ascii_bitmap(&mut ascii)
    ///     .string_view(&views, &[] as &[&[u8]])?;
    /// assert_eq!(ascii, [0b10]);
    /// # Ok::<(), rapidutf::ManyStringsError>(())
    /// ```
    #[inline]
    pub fn string_view<B: Deref<Target = [u8]>>(
        self,
        views: &[u128],
        buffers: &[B],
    ) -> Result<(), ManyStringsError> {
        let check = Checker::new(self.kernel);
        let row = |i: usize, want: bool| view_row(check, views[i], buffers, want);
        match (self.selection, self.ascii) {
            (Selection::Indices(list), ascii) => by_indices(views.len(), list, ascii, row),
            (selection, ascii) => {
                chunked(views.len(), selection, ascii, row, |base, n, mask, ascii| {
                    views_dense(check, &views[base..base + n], buffers, mask, ascii)
                })
            }
        }
    }

    /// Checks the values of a Parquet PLAIN `BYTE_ARRAY` page, as
    /// [`validate_plain_byte_array`] does, with this validation's options.
    /// Every value's length is read (to find the next value); only the
    /// selected values are validated.
    ///
    /// Returns the number of values.
    ///
    /// # Errors
    ///
    /// As [`validate_plain_byte_array`], for the lengths of all values and
    /// the bytes of the selected ones; a selected index past the last value
    /// ([`NoSuchRow`](crate::ManyStringsErrorKind::NoSuchRow)); or a row
    /// whose bit is missing from a bitmap.
    ///
    /// # Panics
    ///
    /// If the [kernel](Self::kernel) is not available.
    ///
    /// ```
    /// use rapidutf::columnar::{Selection, Validation};
    /// let page = b"\x01\0\0\0\xFF\x02\0\0\0ok";
    /// let v = Validation::new().select(Selection::Indices(&[1]));
    /// assert_eq!(v.plain_byte_array(page), Ok(2));
    /// ```
    #[inline]
    pub fn plain_byte_array(self, page: &[u8]) -> Result<usize, ManyStringsError> {
        let check = Checker::new(self.kernel);
        // Without bitmaps, a chunk may hold fewer rows than `CHUNK` (the
        // bitmaps' words need whole chunks).
        let ahead = match (self.selection, &self.ascii) {
            (Selection::All, None) => AHEAD,
            _ => usize::MAX,
        };
        let mut values = Plain { page, pos: 0, ahead };
        sequential(&mut values, check, self.selection, self.ascii, |chunk, ascii| {
            plain_dense(check, page, chunk, ascii)
        })
    }

    /// Checks the values of a Parquet `DELTA_LENGTH_BYTE_ARRAY` page, as
    /// [`validate_delta_length_byte_array`] does, with this validation's
    /// options. Every length is read (to find the next value); only the
    /// selected values are validated.
    ///
    /// Returns the number of bytes the values cover.
    ///
    /// # Errors
    ///
    /// As [`validate_delta_length_byte_array`], for the lengths of all
    /// values and the bytes of the selected ones; a selected index past
    /// the last value ([`NoSuchRow`](crate::ManyStringsErrorKind::NoSuchRow));
    /// or a row whose bit is missing from a bitmap.
    ///
    /// # Panics
    ///
    /// If the [kernel](Self::kernel) is not available.
    ///
    /// ```
    /// use rapidutf::columnar::Validation;
    /// let mut ascii = [0u8];
    /// let used = Validation::new().ascii_bitmap(&mut ascii).delta_length_byte_array(&[1, 2], "aé".as_bytes());
    /// assert_eq!((used, ascii), (Ok(3), [0b01]));
    /// ```
    #[inline]
    pub fn delta_length_byte_array(
        self,
        lengths: &[i32],
        data: &[u8],
    ) -> Result<usize, ManyStringsError> {
        let check = Checker::new(self.kernel);
        let mut values = DeltaLength { lengths, data, row: 0, pos: 0 };
        sequential(&mut values, check, self.selection, self.ascii, |chunk, ascii| {
            contiguous_dense(check, data, chunk, ascii)
        })?;
        Ok(values.pos)
    }
}

// ------------------------------------------------------------ the checks

/// The UTF-8 and ASCII checks a validation runs: the active kernel's
/// (through dispatch, with its short-input paths) or one kernel's.
#[derive(Clone, Copy)]
struct Checker(Option<Kernel>);

impl Checker {
    fn new(kernel: Option<Kernel>) -> Self {
        if let Some(k) = kernel {
            // Panics here, once, rather than on the first string.
            let _ = k.is_valid_utf8(b"");
        }
        Checker(kernel)
    }

    #[inline]
    fn is_valid(self, bytes: &[u8]) -> bool {
        match self.0 {
            None => crate::is_valid_utf8(bytes),
            Some(k) => k.is_valid_utf8(bytes),
        }
    }

    #[inline]
    fn is_ascii(self, bytes: &[u8]) -> bool {
        match self.0 {
            None => crate::is_ascii(bytes),
            Some(k) => k.is_ascii(bytes),
        }
    }

    /// Whether one string, already known to be valid UTF-8 or about to be
    /// validated, is ASCII: core's word-at-a-time test, inlined, for short
    /// strings (most rows), where a call would cost more than the test.
    #[inline(always)]
    fn row_is_ascii(self, bytes: &[u8]) -> bool {
        if bytes.len() < 64 {
            bytes.is_ascii()
        } else {
            self.is_ascii(bytes)
        }
    }

    /// The number of bytes of `0x80` or more: the kernel's count of a
    /// Latin-1 text's UTF-8 length (two bytes for each such byte), less
    /// one per byte; without the Latin-1 kernels, byte counters.
    #[inline]
    fn count_high(self, bytes: &[u8]) -> usize {
        #[cfg(feature = "single-byte")]
        let count = match self.0 {
            None => crate::utf8_len_from_latin1(bytes),
            Some(k) => k.utf8_len_from_latin1(bytes),
        } - bytes.len();
        #[cfg(not(feature = "single-byte"))]
        let count = count_high(bytes);
        count
    }

    #[cold]
    fn validate(self, bytes: &[u8]) -> Result<(), Utf8Error> {
        match self.0 {
            None => crate::validate_utf8(bytes).map(drop),
            Some(k) => k.validate_utf8(bytes).map(drop),
        }
    }

    /// One string: whether it is ASCII (asked only when `want_ascii`,
    /// else `false`), or its exact error.
    #[inline]
    fn row(self, bytes: &[u8], want_ascii: bool) -> Result<bool, Kind> {
        if want_ascii && self.row_is_ascii(bytes) {
            Ok(true)
        } else if self.is_valid(bytes) {
            Ok(false)
        } else {
            self.validate(bytes).map(|()| false).map_err(Kind::Invalid)
        }
    }
}

// ------------------------------------------------------------ bit masks

/// The first `n` bits of a chunk set.
#[inline]
fn first_bits(n: usize) -> Mask {
    let mut m = [0; WORDS];
    for (w, word) in m.iter_mut().enumerate() {
        let bits = n.saturating_sub(64 * w).min(64);
        *word = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    }
    m
}

/// The 64 bits of `bits` from bit `at` on (zeros past its end).
#[inline]
fn bits_at(bits: &[u8], at: usize) -> u64 {
    let tail = bits.get(at / 8..).unwrap_or(&[]);
    let word = match tail.first_chunk::<16>() {
        // Fixed-size reads, not a call of `memcpy` per word.
        Some(&w) => w,
        None => {
            let mut w = [0u8; 16];
            for (dst, &src) in w.iter_mut().zip(tail) {
                *dst = src;
            }
            w
        }
    };
    (u128::from_le_bytes(word) >> (at % 8)) as u64
}

/// The selected rows of the chunk of `n` rows from row `base`.
#[inline]
fn chunk_mask(selection: &Selection<'_>, base: usize, n: usize) -> Mask {
    let mut m = first_bits(n);
    if let Selection::Bitmap { bits, offset } = *selection {
        for (w, word) in m.iter_mut().enumerate() {
            *word &= bits_at(bits, offset + base + 64 * w);
        }
    }
    m
}

/// The rows (chunk-relative) whose bit is set in `m`, in order.
#[inline]
fn each_bit(
    m: &Mask,
    mut f: impl FnMut(usize) -> Result<(), ManyStringsError>,
) -> Result<(), ManyStringsError> {
    for (w, &word) in m.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            f(64 * w + word.trailing_zeros() as usize)?;
            word &= word - 1;
        }
    }
    Ok(())
}

fn count(m: &Mask) -> usize {
    m.iter().map(|w| w.count_ones() as usize).sum()
}

/// The number of rows the bitmaps have a bit for, at most `rows`.
fn bitmap_limit(rows: usize, selection: &Selection<'_>, ascii: Option<&[u8]>) -> usize {
    let mut limit = rows;
    if let Selection::Bitmap { bits, offset } = *selection {
        limit = limit.min(bits.len().saturating_mul(8).saturating_sub(offset));
    }
    if let Some(out) = ascii {
        limit = limit.min(out.len().saturating_mul(8));
    }
    limit
}

/// The ASCII bitmap being written. Bytes are zeroed just before their
/// first bit is set, and at the end up to the last row, so that the bits
/// of every row up to there end up written whatever the order of the
/// rows.
struct AsciiBits<'o> {
    bits: &'o mut [u8],
    zeroed: usize,
}

impl<'o> AsciiBits<'o> {
    fn new(bits: &'o mut [u8]) -> Self {
        AsciiBits { bits, zeroed: 0 }
    }

    fn zero_to(&mut self, bytes: usize) {
        let end = bytes.min(self.bits.len());
        if end > self.zeroed {
            self.bits[self.zeroed..end].fill(0);
            self.zeroed = end;
        }
    }

    /// Sets row `row`'s bit; `false` if the bitmap has none for it.
    fn set(&mut self, row: usize) -> bool {
        if row / 8 >= self.bits.len() {
            return false;
        }
        self.zero_to(row / 8 + 1);
        self.bits[row / 8] |= 1 << (row % 8);
        true
    }

    /// Writes the bits of the chunk of `n` rows at `base` (a multiple of
    /// 8, whose bits all fit).
    fn chunk(&mut self, base: usize, n: usize, m: &Mask) {
        let bytes = m.iter().flat_map(|w| w.to_le_bytes());
        for (dst, src) in self.bits[base / 8..(base + n).div_ceil(8)].iter_mut().zip(bytes) {
            *dst = src;
        }
        self.zeroed = self.zeroed.max((base + n).div_ceil(8));
    }
}

// ------------------------------------------------------------ drivers

/// Validates the rows listed in `list`, in its order, with `row(i,
/// want_ascii)` (a layout with direct access to any of its `rows` rows).
fn by_indices(
    rows: usize,
    list: &[u32],
    ascii: Option<&mut [u8]>,
    mut row: impl FnMut(usize, bool) -> Result<bool, Kind>,
) -> Result<(), ManyStringsError> {
    let mut ascii = ascii.map(AsciiBits::new);
    let want = ascii.is_some();
    for &i in list {
        let i = i as usize;
        if i >= rows {
            return Err(ManyStringsError::new(i, Kind::NoSuchRow));
        }
        let is_ascii = row(i, want).map_err(|kind| ManyStringsError::new(i, kind))?;
        if let Some(out) = &mut ascii {
            if i / 8 >= out.bits.len() {
                return Err(ManyStringsError::new(i, Kind::BitmapTooShort));
            }
            if is_ascii {
                out.set(i);
            }
        }
    }
    finish_indices(ascii, rows)
}

/// The end of a validation by indices: the ASCII bitmap's bytes up to
/// the last row zeroed where no bit was set, and an error if it has no
/// bit for some row.
fn finish_indices(ascii: Option<AsciiBits<'_>>, rows: usize) -> Result<(), ManyStringsError> {
    if let Some(mut out) = ascii {
        out.zero_to(rows.div_ceil(8));
        let cap = out.bits.len().saturating_mul(8);
        if rows > cap {
            return Err(ManyStringsError::new(cap, Kind::BitmapTooShort));
        }
    }
    Ok(())
}

/// Validates the selected rows of a chunk (`mask`, relative to row
/// `base`): all together with `dense` (which fills the ASCII mask when
/// given one) where enough are selected, else, or if that fails, one by
/// one with `row`. Returns the chunk's ASCII mask.
#[inline(always)]
fn run_chunk(
    base: usize,
    mask: &Mask,
    n: usize,
    want: bool,
    dense: impl FnOnce(&mut Option<Mask>) -> bool,
    mut row: impl FnMut(usize, bool) -> Result<bool, Kind>,
) -> Result<Mask, ManyStringsError> {
    let selected = count(mask);
    let mut ascii = want.then_some([0; WORDS]);
    if selected == 0 || (selected * DENSE >= n && dense(&mut ascii)) {
        // Dense checks may set the bits of rows that are not selected.
        let bits = ascii.unwrap_or([0; WORDS]);
        return Ok(core::array::from_fn(|w| bits[w] & mask[w]));
    }
    let mut bits = [0u64; WORDS];
    each_bit(mask, |j| {
        let is_ascii = row(base + j, want).map_err(|kind| ManyStringsError::new(base + j, kind))?;
        bits[j / 64] |= u64::from(is_ascii) << (j % 64);
        Ok(())
    })?;
    Ok(bits)
}

/// Validates the selected rows of a layout with direct access to any of
/// its `rows` rows, a chunk at a time: `dense(base, n, mask, ascii)`
/// checks a whole chunk, `row(i, want_ascii)` one row.
fn chunked(
    rows: usize,
    selection: Selection<'_>,
    ascii: Option<&mut [u8]>,
    mut row: impl FnMut(usize, bool) -> Result<bool, Kind>,
    mut dense: impl FnMut(usize, usize, &Mask, &mut Option<Mask>) -> bool,
) -> Result<(), ManyStringsError> {
    let limit = bitmap_limit(rows, &selection, ascii.as_deref());
    let mut ascii = ascii.map(AsciiBits::new);
    let want = ascii.is_some();
    let mut base = 0;
    while base < limit {
        let n = (limit - base).min(CHUNK);
        let mask = chunk_mask(&selection, base, n);
        let bits = run_chunk(base, &mask, n, want, |a| dense(base, n, &mask, a), &mut row)?;
        if let Some(out) = &mut ascii {
            out.chunk(base, n, &bits);
        }
        base += n;
    }
    if limit < rows {
        return Err(ManyStringsError::new(limit, Kind::BitmapTooShort));
    }
    Ok(())
}

/// A layout whose values are found by walking it from the start (a
/// Parquet page): each call gives the next value's byte range in the
/// layout's buffer.
trait Walk {
    /// The next value's `(start, end)`; `None` after the last; `Err` when
    /// its length is bad (and no later value can be found).
    fn next(&mut self) -> Option<Result<(usize, usize), Kind>>;
    /// Whether the last value has been read.
    fn at_end(&self) -> bool;
    /// Reads up to `start.len()` values' ranges into `start` and `end`:
    /// how many, and the error that stopped it early, if any. It may stop
    /// early with values left (a PLAIN page's reach, [`AHEAD`]) only where
    /// no bitmap is in use, and then after at least one value.
    #[inline(always)]
    fn fill(&mut self, start: &mut [usize], end: &mut [usize]) -> (usize, Option<Kind>) {
        for (n, (s, e)) in start.iter_mut().zip(end).enumerate() {
            match self.next() {
                None => return (n, None),
                Some(Ok(r)) => (*s, *e) = r,
                Some(Err(kind)) => return (n, Some(kind)),
            }
        }
        (start.len(), None)
    }
    /// Back to the first value.
    fn rewind(&mut self);
    /// The buffer the ranges index.
    fn buf(&self) -> &[u8];
}

/// A chunk of a walked layout: the ranges of rows `base..base + n`.
struct Ranges {
    base: usize,
    n: usize,
    start: [usize; CHUNK],
    end: [usize; CHUNK],
}

/// Validates the selected values of a walked layout; returns the number
/// of values. `dense(ranges, ascii)` checks a whole chunk.
fn sequential<W: Walk>(
    walk: &mut W,
    check: Checker,
    selection: Selection<'_>,
    ascii: Option<&mut [u8]>,
    mut dense: impl FnMut(&Ranges, &mut Option<Mask>) -> bool,
) -> Result<usize, ManyStringsError> {
    if let Selection::Indices(list) = selection {
        return walk_indices(walk, check, list, ascii);
    }
    let limit = bitmap_limit(usize::MAX, &selection, ascii.as_deref());
    let mut ascii = ascii.map(AsciiBits::new);
    let want = ascii.is_some();
    let mut r = Ranges { base: 0, n: 0, start: [0; CHUNK], end: [0; CHUNK] };
    loop {
        // Read up to a chunk of ranges, stopping at a bad length, at the
        // end, or where the bitmaps end.
        let max = CHUNK.min(limit - r.base);
        let (n, mut stop) = walk.fill(&mut r.start[..max], &mut r.end[..max]);
        r.n = n;
        if stop.is_none() && n == max && max < CHUNK && !walk.at_end() {
            stop = Some(Kind::BitmapTooShort);
        }
        let mask = chunk_mask(&selection, r.base, r.n);
        let buf = walk.buf();
        let bits = run_chunk(
            r.base,
            &mask,
            r.n,
            want,
            |a| dense(&r, a),
            |i, want| check.row(&buf[r.start[i - r.base]..r.end[i - r.base]], want),
        )?;
        if let Some(out) = &mut ascii {
            out.chunk(r.base, r.n, &bits);
        }
        if let Some(kind) = stop {
            return Err(ManyStringsError::new(r.base + r.n, kind));
        }
        // A chunk short of `CHUNK` rows ends the walk, or was ended by
        // the walk's reach (`Walk::fill`), with rows left.
        if r.n < CHUNK && (r.n == 0 || walk.at_end()) {
            return Ok(r.base + r.n);
        }
        r.base += r.n;
    }
}

/// [`sequential`] for a list of indices: walks to each (from the start
/// again when one is lower than the one before).
fn walk_indices<W: Walk>(
    walk: &mut W,
    check: Checker,
    list: &[u32],
    ascii: Option<&mut [u8]>,
) -> Result<usize, ManyStringsError> {
    let mut ascii = ascii.map(AsciiBits::new);
    let want = ascii.is_some();
    // The row `next` reads.
    let mut at = 0;
    let step = |walk: &mut W, at: &mut usize| {
        let r = walk.next().map(|r| r.map_err(|kind| ManyStringsError::new(*at, kind)));
        *at += 1;
        r
    };
    for &i in list {
        let i = i as usize;
        if i < at {
            walk.rewind();
            at = 0;
        }
        while at < i {
            if step(walk, &mut at).transpose()?.is_none() {
                return Err(ManyStringsError::new(i, Kind::NoSuchRow));
            }
        }
        let Some((s, e)) = step(walk, &mut at).transpose()? else {
            return Err(ManyStringsError::new(i, Kind::NoSuchRow));
        };
        let is_ascii =
            check.row(&walk.buf()[s..e], want).map_err(|kind| ManyStringsError::new(i, kind))?;
        if let Some(out) = &mut ascii {
            if i / 8 >= out.bits.len() {
                return Err(ManyStringsError::new(i, Kind::BitmapTooShort));
            }
            if is_ascii {
                out.set(i);
            }
        }
    }
    // The lengths of the rest, and the number of rows.
    while step(walk, &mut at).transpose()?.is_some() {}
    let rows = at - 1;
    finish_indices(ascii, rows).map(|()| rows)
}

// ------------------------------------------------------------ layouts

/// The dense check of a chunk of offsets (`offsets` has the chunk's rows
/// plus one): in order and in bounds, the bytes they cover valid (or
/// ASCII), and no inner offset on a continuation byte.
#[inline(always)]
fn offsets_dense<O: StringOffset>(
    check: Checker,
    buf: &[u8],
    offsets: &[O],
    ascii: &mut Option<Mask>,
) -> bool {
    let (first, last) = (offsets[0].index(), offsets[offsets.len() - 1].index());
    // In order on their own type (vectorises); then, with the first one
    // non-negative (else its index is above every buffer), every one is.
    let decreasing = offsets.iter().zip(&offsets[1..]).fold(false, |bad, (a, b)| bad | (b < a));
    if decreasing || first > last || last > buf.len() {
        return false;
    }
    let bytes = &buf[first..last];
    let inner = &offsets[1..offsets.len() - 1];
    let n = offsets.len() - 1;
    span_dense(check, bytes, n, inner.iter().map(|o| o.index() - first), ascii, |j| {
        (offsets[j].index() - first, offsets[j + 1].index() - first)
    })
}

/// The dense check of `n` strings that lie end to end in `bytes`, starting
/// at the positions `inner` (besides 0): `bytes` valid (or ASCII) and no
/// inner start on a continuation byte. With an ASCII mask, each string
/// (`range(j)`, relative to `bytes`) is tested unless all are ASCII.
#[inline(always)]
fn span_dense(
    check: Checker,
    bytes: &[u8],
    n: usize,
    inner: impl Iterator<Item = usize>,
    ascii: &mut Option<Mask>,
    range: impl Fn(usize) -> (usize, usize),
) -> bool {
    if check.is_ascii(bytes) {
        if let Some(a) = ascii {
            *a = first_bits(n);
        }
        return true;
    }
    let cut = inner.fold(false, |bad, i| bad | bytes.get(i).is_some_and(|&b| is_continuation(b)));
    if cut || !check.is_valid(bytes) {
        return false;
    }
    if let Some(a) = ascii {
        for j in 0..n {
            let (s, e) = range(j);
            a[j / 64] |= u64::from(check.row_is_ascii(&bytes[s..e])) << (j % 64);
        }
    }
    true
}

/// [`offsets_dense`] for a chunk of ranges that lie end to end.
fn contiguous_dense(check: Checker, buf: &[u8], r: &Ranges, ascii: &mut Option<Mask>) -> bool {
    if r.n == 0 {
        return true;
    }
    let first = r.start[0];
    let bytes = &buf[first..r.end[r.n - 1]];
    let inner = r.start[1..r.n].iter().map(|&s| s - first);
    span_dense(check, bytes, r.n, inner, ascii, |j| (r.start[j] - first, r.end[j] - first))
}

/// Inline views hold at most this many bytes.
const INLINE: u32 = 12;

/// The high bit of every byte of a `u128`.
const HIGH: u128 = u128::from_ne_bytes([0x80; 16]);

/// For each inline length, the bytes of a view after its string, which
/// must be zero: `[low half, high half]` of the view, as `u64`s (lengths
/// past [`INLINE`] have none).
const PADDING: [[u64; 2]; 16] = {
    let mut table = [[0; 2]; 16];
    let mut len = 0;
    while len <= INLINE as usize {
        // Bytes `4 + len..16` of the view, little-endian.
        let mask = u128::MAX << (8 * (4 + len) - 1) << 1;
        table[len] = [mask as u64, (mask >> 64) as u64];
        len += 1;
    }
    table
};

/// One view's checks: its layout, then its string; whether the string is
/// ASCII (asked only when `want`).
fn view_row<B: Deref<Target = [u8]>>(
    check: Checker,
    v: u128,
    buffers: &[B],
    want: bool,
) -> Result<bool, Kind> {
    let len = v as u32;
    if len <= INLINE {
        if (v >> 32) >> (8 * len) != 0 {
            return Err(Kind::NonZeroPadding);
        }
        let bytes = v.to_le_bytes();
        return check.row(&bytes[4..4 + len as usize], want);
    }
    let bytes = long_view(v, buffers)?;
    check.row(bytes, want)
}

/// The string of a view longer than [`INLINE`], after its layout checks.
#[inline(always)]
fn long_view<B: Deref<Target = [u8]>>(v: u128, buffers: &[B]) -> Result<&[u8], Kind> {
    let (len, prefix, buffer, offset) =
        (v as u32, (v >> 32) as u32, (v >> 64) as u32, (v >> 96) as u32);
    let data = match buffers.get(buffer as usize) {
        Some(data) if buffer <= i32::MAX as u32 => data,
        _ => return Err(Kind::MissingBuffer),
    };
    if len > i32::MAX as u32 || offset > i32::MAX as u32 {
        return Err(Kind::Negative);
    }
    // Both below 2^31: the sum fits in a `usize`.
    let (len, offset) = (len as usize, offset as usize);
    let Some(bytes) = data.get(offset..offset + len) else {
        return Err(Kind::OutOfBounds);
    };
    if bytes[..4] != prefix.to_le_bytes() {
        return Err(Kind::PrefixMismatch);
    }
    Ok(bytes)
}

/// The dense check of a chunk of views: every selected inline view copied
/// whole into a scratch buffer (the others zeroed), which is validated as
/// one; the selected long views checked in runs that lie end to end in
/// one buffer.
#[inline(always)]
fn views_dense<B: Deref<Target = [u8]>>(
    check: Checker,
    views: &[u128],
    buffers: &[B],
    mask: &Mask,
    ascii: &mut Option<Mask>,
) -> bool {
    let mut scratch = [0u8; 16 * CHUNK];
    // Three accumulators on `u64` halves and the padding's masks from a
    // table: with `u128` ones and their variable shifts, the loop ran out
    // of registers and carried them through the stack (20 cycles a view).
    let mut padding = 0u64;
    let mut inline_high = 0u64;
    let mut any_long = false;
    const HIGH64: u64 = HIGH as u64;
    let groups = views.chunks(64).zip(scratch.chunks_mut(16 * 64));
    for (w, (group, slots)) in groups.enumerate() {
        let mut selection = mask[w];
        for (j, (&v, slot)) in group.iter().zip(slots.chunks_exact_mut(16)).enumerate() {
            let selected = selection & 1 != 0;
            selection >>= 1;
            let len = v as u32;
            let inline = len <= INLINE;
            let keep = u64::from(inline && selected).wrapping_neg();
            // The length and the string's first 4 bytes; its other 8.
            let (lo, hi) = (v as u64 & keep, (v >> 64) as u64 & keep);
            // Zero unless kept, so any mask will do for the others.
            let [pad_lo, pad_hi] = PADDING[len as usize % 16];
            padding |= lo & pad_lo | hi & pad_hi;
            inline_high |= (lo | hi) & HIGH64;
            any_long |= !inline && selected;
            slot[..8].copy_from_slice(&lo.to_le_bytes());
            slot[8..].copy_from_slice(&hi.to_le_bytes());
            if let Some(a) = ascii {
                a[w] |= u64::from(inline && selected && (lo | hi) & HIGH64 == 0) << j;
            }
        }
    }
    if padding != 0 {
        return false;
    }
    if inline_high != 0 && !check.is_valid(&scratch[..16 * views.len()]) {
        return false;
    }
    !any_long || long_views_dense(check, views, buffers, mask, ascii)
}

/// The long views of [`views_dense`]: a run of views whose strings follow
/// each other in one buffer is validated as one string, with a boundary
/// check where each string starts (its prefix's first byte).
fn long_views_dense<B: Deref<Target = [u8]>>(
    check: Checker,
    views: &[u128],
    buffers: &[B],
    mask: &Mask,
    ascii: &mut Option<Mask>,
) -> bool {
    // The current run: buffer, start, end, and its first view.
    let mut run: Option<(usize, usize, usize, usize)> = None;
    let flush = |run: (usize, usize, usize, usize), last: usize, ascii: &mut Option<Mask>| {
        let (buffer, start, end, first) = run;
        let bytes = &buffers[buffer][start..end];
        if let Some(a) = ascii {
            if check.is_ascii(bytes) {
                for j in first..=last {
                    let long = views[j] as u32 > INLINE;
                    a[j / 64] |= u64::from(long) << (j % 64) & mask[j / 64];
                }
                return true;
            }
        }
        if !check.is_valid(bytes) {
            return false;
        }
        if let Some(a) = ascii {
            for j in (first..=last)
                .filter(|&j| views[j] as u32 > INLINE && mask[j / 64] >> (j % 64) & 1 != 0)
            {
                let is_ascii = long_view(views[j], buffers).is_ok_and(|s| check.row_is_ascii(s));
                a[j / 64] |= u64::from(is_ascii) << (j % 64);
            }
        }
        true
    };
    let mut last = 0;
    for (j, &v) in views.iter().enumerate() {
        if v as u32 <= INLINE || mask[j / 64] >> (j % 64) & 1 == 0 {
            continue;
        }
        let Ok(bytes) = long_view(v, buffers) else {
            return false;
        };
        let (buffer, offset) = ((v >> 64) as u32 as usize, (v >> 96) as u32 as usize);
        let end = offset + bytes.len();
        match &mut run {
            Some((b, _, e, _)) if *b == buffer && *e == offset => {
                if is_continuation(bytes[0]) {
                    return false;
                }
                *e = end;
            }
            _ => {
                if let Some(done) = run {
                    if !flush(done, last, ascii) {
                        return false;
                    }
                }
                run = Some((buffer, offset, end, j));
            }
        }
        last = j;
    }
    match run {
        Some(done) => flush(done, last, ascii),
        None => true,
    }
}

/// A Parquet PLAIN `BYTE_ARRAY` page being walked.
struct Plain<'p> {
    page: &'p [u8],
    pos: usize,
    /// How many bytes past the start of a chunk the walk may read before
    /// it ends the chunk (after its first value): see [`AHEAD`].
    ahead: usize,
}

/// How far the walk of a PLAIN page's lengths runs ahead of the
/// validation: [`AHEAD`] bytes, and [`PER_ROW`] more per value walked.
/// Each length is a load that waits on the one before, and one past bytes
/// not yet read misses the cache: walking 256 values of 1 KB before
/// validating them waited on a miss per value (text of 1 KB values:
/// 0.73x arrow-rs' reader check, which validates as it walks; 1.01x with
/// chunks of two such values). Values shorter than `PER_ROW` bytes on
/// average still fill whole chunks, whose fixed costs short values need
/// spread over many (42-byte values: 1.12x arrow-rs with whole chunks,
/// 0.84x with chunks of 1 KB).
const AHEAD: usize = 1024;
/// See [`AHEAD`].
const PER_ROW: usize = 128;

impl Walk for Plain<'_> {
    #[inline(always)]
    fn next(&mut self) -> Option<Result<(usize, usize), Kind>> {
        let rest = self.page.get(self.pos..).filter(|r| !r.is_empty())?;
        let Some(&len) = rest.first_chunk::<4>() else {
            return Some(Err(Kind::TruncatedLength));
        };
        let len = u32::from_le_bytes(len) as usize;
        if len > rest.len() - 4 {
            return Some(Err(Kind::OutOfBounds));
        }
        let start = self.pos + 4;
        self.pos = start + len;
        Some(Ok((start, self.pos)))
    }

    fn at_end(&self) -> bool {
        self.pos >= self.page.len()
    }

    /// The loop of [`Walk::fill`] without the `Option<Result>` of each
    /// step: the lengths form a chain of dependent loads, and short values
    /// leave little else to do.
    #[inline(always)]
    fn fill(&mut self, start: &mut [usize], end: &mut [usize]) -> (usize, Option<Kind>) {
        let page = self.page;
        let mut pos = self.pos;
        let first = pos;
        let mut stop = None;
        let mut n = 0;
        // The walk's reach: `ahead` bytes, and `PER_ROW` more per value.
        let mut reach = first.saturating_add(self.ahead);
        for (s, e) in start.iter_mut().zip(end) {
            if pos > reach {
                break;
            }
            // One bounds check for the length; the page's end and a
            // truncated length are told apart only when it fails.
            let Some(&len) = page.get(pos..pos + 4).and_then(|l| l.first_chunk::<4>()) else {
                if pos < page.len() {
                    stop = Some(Kind::TruncatedLength);
                }
                break;
            };
            // Compared with what is left, not added first: on a 32-bit
            // target a length near 2^32 would wrap the sum.
            let len = u32::from_le_bytes(len) as usize;
            if len > page.len() - (pos + 4) {
                stop = Some(Kind::OutOfBounds);
                break;
            }
            let value_end = pos + 4 + len;
            *s = pos + 4;
            *e = value_end;
            pos = value_end;
            reach = reach.saturating_add(PER_ROW);
            n += 1;
        }
        self.pos = pos;
        (n, stop)
    }

    fn rewind(&mut self) {
        self.pos = 0;
    }

    fn buf(&self) -> &[u8] {
        self.page
    }
}

/// The dense check of a chunk of a PLAIN page: the bytes from a value's
/// start to a later value's end, across the lengths between them, are
/// validated as one wherever those lengths are ASCII (each of their 4
/// bytes below `0x80`): ASCII bytes are character boundaries, so the
/// stretch is valid exactly when every value in it is. A length with a
/// byte of `0x80` or more ends a stretch.
///
/// Where such lengths cut the chunk into short stretches and its values
/// look ASCII (as URLs, identifiers), the bytes of `0x80` or more in the
/// whole chunk are counted first: if they are exactly those of its
/// lengths, every value is ASCII, and one pass has checked them all.
fn plain_dense(check: Checker, page: &[u8], r: &Ranges, ascii: &mut Option<Mask>) -> bool {
    if r.n == 0 {
        return true;
    }
    // The high bits of the lengths inside the chunk (those of values
    // 1..n), OR-ed: usually none (every length below 128).
    let len = |j: usize| (r.end[j] - r.start[j]) as u32 & 0x8080_8080;
    let span = &page[r.start[0]..r.end[r.n - 1]];
    if (1..r.n).fold(0, |high, j| high | len(j)) == 0 {
        // One stretch: the whole chunk.
        return span_dense(check, span, r.n, core::iter::empty(), ascii, |j| {
            (r.start[j] - r.start[0], r.end[j] - r.start[0])
        });
    }
    let len_high: usize = (1..r.n).map(|j| len(j).count_ones() as usize).sum();
    let first = &page[r.start[0]..r.end[0]];
    if first.is_ascii() && check.count_high(span) == len_high {
        if let Some(a) = ascii {
            *a = first_bits(r.n);
        }
        return true;
    }
    let mut from = 0;
    for j in 0..r.n {
        let last = j + 1 == r.n;
        // The length before value j + 1.
        let next_len_ascii = !last && (r.end[j + 1] - r.start[j + 1]) as u32 & 0x8080_8080 == 0;
        if next_len_ascii {
            continue;
        }
        let bytes = &page[r.start[from]..r.end[j]];
        let fine = match ascii {
            Some(a) if check.is_ascii(bytes) => {
                for k in from..=j {
                    a[k / 64] |= 1u64 << (k % 64);
                }
                true
            }
            Some(a) => {
                check.is_valid(bytes) && {
                    for k in from..=j {
                        let s = &page[r.start[k]..r.end[k]];
                        a[k / 64] |= u64::from(check.row_is_ascii(s)) << (k % 64);
                    }
                    true
                }
            }
            None => check.is_valid(bytes),
        };
        if !fine {
            return false;
        }
        from = j + 1;
    }
    true
}

/// The number of bytes of `0x80` or more, where the Latin-1 kernels are
/// not built. Byte counters, 32 lanes, summed every 255 blocks: the
/// compiler makes it a few vector instructions per 32 bytes, for any
/// target (SSE2 on x86-64, where the kernels' count has AVX2).
#[cfg(not(feature = "single-byte"))]
fn count_high(bytes: &[u8]) -> usize {
    let mut total = 0;
    for group in bytes.chunks(32 * 255) {
        let mut lanes = [0u8; 32];
        let mut blocks = group.chunks_exact(32);
        for block in &mut blocks {
            for (lane, &b) in lanes.iter_mut().zip(block) {
                *lane += b >> 7;
            }
        }
        total += lanes.iter().map(|&n| usize::from(n)).sum::<usize>();
        total += blocks.remainder().iter().filter(|&&b| b >= 0x80).count();
    }
    total
}

/// A Parquet `DELTA_LENGTH_BYTE_ARRAY` page's values being walked, given
/// their decoded lengths.
struct DeltaLength<'p> {
    lengths: &'p [i32],
    data: &'p [u8],
    row: usize,
    pos: usize,
}

impl Walk for DeltaLength<'_> {
    #[inline(always)]
    fn next(&mut self) -> Option<Result<(usize, usize), Kind>> {
        let &len = self.lengths.get(self.row)?;
        let Ok(len) = usize::try_from(len) else {
            return Some(Err(Kind::Negative));
        };
        if len > self.data.len() - self.pos {
            return Some(Err(Kind::OutOfBounds));
        }
        let start = self.pos;
        self.pos += len;
        self.row += 1;
        Some(Ok((start, self.pos)))
    }

    fn at_end(&self) -> bool {
        self.row >= self.lengths.len()
    }

    fn rewind(&mut self) {
        self.row = 0;
        self.pos = 0;
    }

    fn buf(&self) -> &[u8] {
        self.data
    }
}
