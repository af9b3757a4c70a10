//! The error of a column conversion: which row failed, and why.

use arrow_schema::{ArrowError, DataType};
use rapidutf::{ManyStringsError, ManyStringsErrorKind, Utf16Error};
use std::fmt;

/// Why a column conversion failed.
///
/// ```
/// use arrow_array::BinaryArray;
/// use rapidutf_arrow::{binary_to_string, ColumnErrorKind};
/// let e = binary_to_string(&BinaryArray::from_vec(vec![b"ok", b"\xFFno"])).unwrap_err();
/// assert_eq!(e.row(), Some(1));
/// assert!(matches!(e.kind(), ColumnErrorKind::Utf8(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ColumnErrorKind {
    /// The row is not valid UTF-8, or its place in the array's buffers is
    /// malformed (a view out of bounds, ...): rapidutf's error for the
    /// row, positions relative to its start.
    Utf8(ManyStringsErrorKind),
    /// The row is not valid UTF-16 (an unpaired surrogate): the error's
    /// position counts 16-bit units from the row's start.
    Utf16(Utf16Error),
    /// The row of a UTF-16 column has an odd number of bytes.
    OddLength,
    /// The row holds a character that the target encoding cannot
    /// represent, at this byte of the row.
    Unrepresentable {
        /// The character.
        ch: char,
        /// Its byte offset in the row (UTF-8).
        at: usize,
    },
    /// The result does not fit the output type (more than `i32::MAX`
    /// bytes of values for a `Utf8` or `Binary` array, or for one buffer
    /// of a view array).
    Overflow,
    /// The function does not take arrays of this type.
    UnsupportedType(DataType),
}

/// The error of a column conversion: the first row that failed (if the
/// error is about a row), and why.
///
/// ```
/// use arrow_array::StringArray;
/// use rapidutf_arrow::{encode, Encoding};
/// let e = encode(&StringArray::from(vec!["ok", "a → b"]), Encoding::Latin1).unwrap_err();
/// assert_eq!(e.to_string(), "row 1: '→' (at byte 2) has no representation in the target encoding");
/// let arrow: arrow_schema::ArrowError = e.into();
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnError {
    row: Option<usize>,
    kind: ColumnErrorKind,
}

impl ColumnError {
    pub(crate) fn at(row: usize, kind: ColumnErrorKind) -> Self {
        ColumnError { row: Some(row), kind }
    }

    pub(crate) fn whole(kind: ColumnErrorKind) -> Self {
        ColumnError { row: None, kind }
    }

    /// The index of the row that failed (in the array as given, slice
    /// offsets aside), or `None` for an error about the whole array.
    ///
    /// ```
    /// use arrow_array::{Array, BinaryArray};
    /// let a = BinaryArray::from_vec(vec![b"a", b"\xFF", b"c"]).slice(1, 2);
    /// assert_eq!(rapidutf_arrow::binary_to_string(&a).unwrap_err().row(), Some(0));
    /// ```
    #[must_use]
    pub fn row(&self) -> Option<usize> {
        self.row
    }

    /// Why it failed.
    ///
    /// ```
    /// use arrow_array::Int32Array;
    /// use rapidutf_arrow::ColumnErrorKind;
    /// let e = rapidutf_arrow::to_string_array(&Int32Array::from(vec![1])).unwrap_err();
    /// assert!(matches!(e.kind(), ColumnErrorKind::UnsupportedType(_)));
    /// ```
    #[must_use]
    pub fn kind(&self) -> &ColumnErrorKind {
        &self.kind
    }
}

impl From<ManyStringsError> for ColumnError {
    fn from(e: ManyStringsError) -> Self {
        ColumnError::at(e.index(), ColumnErrorKind::Utf8(e.kind()))
    }
}

impl fmt::Display for ColumnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(row) = self.row {
            write!(f, "row {row}: ")?;
        }
        match &self.kind {
            ColumnErrorKind::Utf8(kind) => write!(f, "{kind}"),
            ColumnErrorKind::Utf16(e) => write!(f, "{e}"),
            ColumnErrorKind::OddLength => f.write_str("odd number of bytes in UTF-16 text"),
            ColumnErrorKind::Unrepresentable { ch, at } => {
                write!(f, "{ch:?} (at byte {at}) has no representation in the target encoding")
            }
            ColumnErrorKind::Overflow => f.write_str("result too large for the array's offsets"),
            ColumnErrorKind::UnsupportedType(t) => {
                write!(f, "arrays of type {t} are not supported")
            }
        }
    }
}

impl std::error::Error for ColumnError {}

impl From<ColumnError> for ArrowError {
    fn from(e: ColumnError) -> Self {
        match e.kind {
            ColumnErrorKind::Overflow => ArrowError::OffsetOverflowError(0),
            _ => ArrowError::InvalidArgumentError(e.to_string()),
        }
    }
}
