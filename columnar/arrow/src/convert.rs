//! Binary columns of legacy-encoded text to string columns and back, and
//! lossy repair, each row through rapidutf's SIMD transcoders.

use crate::error::{ColumnError, ColumnErrorKind};
use crate::validate::{downcast, to_string_array, validated_string, validated_string_view};
use arrow_array::builder::make_view;
use arrow_array::{
    Array, ArrayRef, BinaryArray, BinaryViewArray, GenericBinaryArray, GenericStringArray,
    LargeBinaryArray, LargeStringArray, OffsetSizeTrait, StringArray, StringViewArray,
};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::DataType;
use rapidutf::{ErrorStrategy, Latin1ErrorKind, TranscodeError};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// A text encoding of binary columns.
///
/// ```
/// use rapidutf_arrow::Encoding;
/// assert_eq!("UTF-16LE".parse(), Ok(Encoding::Utf16Le));
/// assert_eq!("cp1252".parse(), Ok(Encoding::Windows1252));
/// assert_eq!(Encoding::Latin1.name(), "latin1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Encoding {
    /// UTF-8.
    Utf8,
    /// UTF-16, little-endian, no byte order mark.
    Utf16Le,
    /// UTF-16, big-endian, no byte order mark.
    Utf16Be,
    /// ISO-8859-1: each byte is the code point of the same value.
    Latin1,
    /// Windows-1252 as the WHATWG Encoding Standard defines it (every byte
    /// decodes; `80` is `€`, the five bytes Windows leaves undefined are
    /// the C1 controls of the same value).
    Windows1252,
}

impl Encoding {
    /// Every encoding.
    ///
    /// ```
    /// assert_eq!(rapidutf_arrow::Encoding::ALL.len(), 5);
    /// ```
    pub const ALL: [Encoding; 5] = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Latin1,
        Encoding::Windows1252,
    ];

    /// The encoding's name: `utf8`, `utf16le`, `utf16be`, `latin1` or
    /// `windows1252` (also what [`str::parse`] accepts, with aliases).
    ///
    /// ```
    /// assert_eq!(rapidutf_arrow::Encoding::Utf16Be.name(), "utf16be");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf8",
            Encoding::Utf16Le => "utf16le",
            Encoding::Utf16Be => "utf16be",
            Encoding::Latin1 => "latin1",
            Encoding::Windows1252 => "windows1252",
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Encoding {
    type Err = UnknownEncoding;

    /// Parses an encoding name, ignoring case, `-` and `_`: `utf8`,
    /// `utf16le`, `utf16be`, `latin1` (`iso-8859-1`, `l1`), `windows1252`
    /// (`cp1252`).
    ///
    /// # Errors
    ///
    /// [`UnknownEncoding`] for any other name.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key: String =
            s.chars().filter(|c| !matches!(c, '-' | '_')).map(|c| c.to_ascii_lowercase()).collect();
        Ok(match key.as_str() {
            "utf8" => Encoding::Utf8,
            "utf16le" => Encoding::Utf16Le,
            "utf16be" => Encoding::Utf16Be,
            "latin1" | "iso88591" | "l1" => Encoding::Latin1,
            "windows1252" | "cp1252" => Encoding::Windows1252,
            _ => return Err(UnknownEncoding),
        })
    }
}

/// The error of parsing an unknown [`Encoding`] name.
///
/// ```
/// let e = "ebcdic".parse::<rapidutf_arrow::Encoding>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown encoding (expected utf8, utf16le, utf16be, latin1 or windows1252)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownEncoding;

impl fmt::Display for UnknownEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown encoding (expected utf8, utf16le, utf16be, latin1 or windows1252)")
    }
}

impl std::error::Error for UnknownEncoding {}

/// Decodes a binary column of text in `encoding` into a string column:
/// `Binary` to `Utf8`, `LargeBinary` to `LargeUtf8`, `BinaryView` to
/// `Utf8View`. UTF-8 is validated and the buffers kept
/// ([`to_string_array`]); the other encodings are transcoded row by row.
/// Null rows stay null (and empty).
///
/// # Errors
///
/// The first non-null row that is not valid in `encoding` (Latin-1 and
/// Windows-1252 have no invalid bytes): its UTF-8 or UTF-16 error, or
/// [`ColumnErrorKind::OddLength`] for a UTF-16 row of an odd number of
/// bytes; [`ColumnErrorKind::Overflow`] when the text does not fit the
/// output's offsets; [`ColumnErrorKind::UnsupportedType`] for arrays that
/// are not binary.
///
/// ```
/// use arrow_array::{Array, BinaryArray, StringArray};
/// use rapidutf_arrow::{decode, Encoding};
/// let utf16le = BinaryArray::from_vec(vec![b"h\0\xE9\0", b"\xAC\x20"]);
/// let s = decode(&utf16le, Encoding::Utf16Le)?;
/// let s = s.as_any().downcast_ref::<StringArray>().unwrap();
/// assert_eq!((s.value(0), s.value(1)), ("hé", "€"));
///
/// let e = decode(&BinaryArray::from_vec(vec![b"\x00\xD8"]), Encoding::Utf16Le).unwrap_err();
/// assert_eq!(e.row(), Some(0));
/// # Ok::<(), rapidutf_arrow::ColumnError>(())
/// ```
pub fn decode(array: &dyn Array, encoding: Encoding) -> Result<ArrayRef, ColumnError> {
    if encoding == Encoding::Utf8 {
        return match array.data_type() {
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => unsupported(array),
            _ => to_string_array(array),
        };
    }
    let decode_row = |row: &[u8], out: &mut Vec<u8>, scratch: &mut Vec<u16>| {
        decode_row(encoding, row, out, scratch)
    };
    let bound = match encoding {
        // Each byte becomes at most 2 bytes of UTF-8 (3 for the 27
        // Windows-1252 characters above U+07FF); a UTF-16 unit, 2 bytes,
        // at most 3.
        Encoding::Latin1 => 2,
        _ => 3,
    };
    let any = array.as_any();
    match array.data_type() {
        DataType::Binary => {
            let a = downcast::<BinaryArray>(any);
            let (offsets, values) = transcode_rows(a.iter(), a.len(), bound, decode_row)?;
            Ok(Arc::new(to_strings::<i32>(offsets, values, a.nulls().cloned())?))
        }
        DataType::LargeBinary => {
            let a = downcast::<LargeBinaryArray>(any);
            let (offsets, values) = transcode_rows(a.iter(), a.len(), bound, decode_row)?;
            Ok(Arc::new(to_strings::<i64>(offsets, values, a.nulls().cloned())?))
        }
        DataType::BinaryView => {
            let a = downcast::<BinaryViewArray>(any);
            let (offsets, values) = transcode_rows(a.iter(), a.len(), bound, decode_row)?;
            let (views, buffer) = views_over(&offsets, values)?;
            Ok(Arc::new(validated_string_view(views, Arc::from([buffer]), a.nulls().cloned())?))
        }
        _ => unsupported(array),
    }
}

/// Encodes a string column as binary in `encoding`: `Utf8` to `Binary`,
/// `LargeUtf8` to `LargeBinary`, `Utf8View` to `BinaryView`. UTF-8 keeps
/// the buffers; the other encodings are transcoded row by row. Null rows
/// stay null (and empty).
///
/// # Errors
///
/// The first non-null row with a character that `encoding` cannot
/// represent ([`ColumnErrorKind::Unrepresentable`]: above U+00FF for
/// Latin-1; outside Latin-1 and the 27 other characters of Windows-1252,
/// or one of the C1 controls whose bytes those take);
/// [`ColumnErrorKind::Overflow`] when the bytes do not fit the output's
/// offsets; [`ColumnErrorKind::UnsupportedType`] for arrays that are not
/// string arrays.
///
/// ```
/// use arrow_array::{Array, BinaryArray, StringArray};
/// use rapidutf_arrow::{encode, Encoding};
/// let s = StringArray::from(vec!["“café”"]);
/// let b = encode(&s, Encoding::Windows1252)?;
/// let b = b.as_any().downcast_ref::<BinaryArray>().unwrap();
/// assert_eq!(b.value(0), b"\x93caf\xE9\x94");
/// # Ok::<(), rapidutf_arrow::ColumnError>(())
/// ```
pub fn encode(array: &dyn Array, encoding: Encoding) -> Result<ArrayRef, ColumnError> {
    let any = array.as_any();
    if encoding == Encoding::Utf8 {
        return Ok(match array.data_type() {
            DataType::Utf8 => Arc::new(BinaryArray::from(downcast::<StringArray>(any).clone())),
            DataType::LargeUtf8 => {
                Arc::new(LargeBinaryArray::from(downcast::<LargeStringArray>(any).clone()))
            }
            DataType::Utf8View => {
                Arc::new(downcast::<StringViewArray>(any).clone().to_binary_view())
            }
            _ => return unsupported(array),
        });
    }
    match array.data_type() {
        DataType::Utf8 => {
            let a = downcast::<StringArray>(any);
            let rows = a.iter().map(|r| r.map(str::as_bytes));
            let (offsets, values) = encode_rows(encoding, rows, a.len())?;
            Ok(Arc::new(to_binary::<i32>(offsets, values, a.nulls().cloned())?))
        }
        DataType::LargeUtf8 => {
            let a = downcast::<LargeStringArray>(any);
            let rows = a.iter().map(|r| r.map(str::as_bytes));
            let (offsets, values) = encode_rows(encoding, rows, a.len())?;
            Ok(Arc::new(to_binary::<i64>(offsets, values, a.nulls().cloned())?))
        }
        DataType::Utf8View => {
            let a = downcast::<StringViewArray>(any);
            let rows = a.iter().map(|r| r.map(str::as_bytes));
            let (offsets, values) = encode_rows(encoding, rows, a.len())?;
            let (views, buffer) = views_over(&offsets, values)?;
            let array = BinaryViewArray::try_new(views, vec![buffer], a.nulls().cloned())
                .map_err(|_| ColumnError::whole(ColumnErrorKind::Overflow))?;
            Ok(Arc::new(array))
        }
        _ => unsupported(array),
    }
}

/// Converts a binary column of mostly UTF-8 text to a string column,
/// replacing each maximal invalid subpart of a row as `strategy` says:
/// U+FFFD, nothing, or its bytes read as Latin-1 or Windows-1252 (legacy
/// 8-bit text mixed into UTF-8). A column that is all valid keeps its
/// buffers, as with [`to_string_array`]. `Binary` gives `Utf8`,
/// `LargeBinary` `LargeUtf8`, `BinaryView` `Utf8View`; null rows stay
/// null.
///
/// # Errors
///
/// [`ColumnErrorKind::Overflow`] when the repaired text does not fit the
/// output's offsets (the fallbacks can make a row longer);
/// [`ColumnErrorKind::UnsupportedType`] for arrays that are not binary.
///
/// ```
/// use arrow_array::{Array, BinaryArray, StringArray};
/// use rapidutf_arrow::{repair, ErrorStrategy};
/// let a = BinaryArray::from_vec(vec![b"caf\xC3\xA9", b"caf\xE9"]);
/// let s = repair(&a, ErrorStrategy::Windows1252)?;
/// let s = s.as_any().downcast_ref::<StringArray>().unwrap();
/// assert_eq!((s.value(0), s.value(1)), ("café", "café"));
/// # Ok::<(), rapidutf_arrow::ColumnError>(())
/// ```
pub fn repair(array: &dyn Array, strategy: ErrorStrategy) -> Result<ArrayRef, ColumnError> {
    match array.data_type() {
        DataType::Binary | DataType::LargeBinary | DataType::BinaryView => {}
        _ => return unsupported(array),
    }
    if let Ok(strings) = to_string_array(array) {
        return Ok(strings);
    }
    let repair_row = |row: &[u8], out: &mut Vec<u8>, _: &mut Vec<u16>| {
        out.extend_from_slice(rapidutf::utf8_to_string_lossy_with(row, strategy).as_bytes());
        Ok(())
    };
    let any = array.as_any();
    match array.data_type() {
        DataType::Binary => {
            let a = downcast::<BinaryArray>(any);
            let (offsets, values) = transcode_rows(a.iter(), a.len(), 0, repair_row)?;
            Ok(Arc::new(to_strings::<i32>(offsets, values, a.nulls().cloned())?))
        }
        DataType::LargeBinary => {
            let a = downcast::<LargeBinaryArray>(any);
            let (offsets, values) = transcode_rows(a.iter(), a.len(), 0, repair_row)?;
            Ok(Arc::new(to_strings::<i64>(offsets, values, a.nulls().cloned())?))
        }
        _ => {
            let a = downcast::<BinaryViewArray>(any);
            let (offsets, values) = transcode_rows(a.iter(), a.len(), 0, repair_row)?;
            let (views, buffer) = views_over(&offsets, values)?;
            Ok(Arc::new(validated_string_view(views, Arc::from([buffer]), a.nulls().cloned())?))
        }
    }
}

fn unsupported<T>(array: &dyn Array) -> Result<T, ColumnError> {
    Err(ColumnError::whole(ColumnErrorKind::UnsupportedType(array.data_type().clone())))
}

/// Transcodes each non-null row with `f(row, out, scratch)`, appending to
/// one values buffer (reserved as `bound` bytes per input byte); the
/// offsets of the rows in it (null rows empty).
fn transcode_rows<'a>(
    rows: impl Iterator<Item = Option<&'a [u8]>>,
    len: usize,
    bound: usize,
    mut f: impl FnMut(&[u8], &mut Vec<u8>, &mut Vec<u16>) -> Result<(), ColumnErrorKind>,
) -> Result<(Vec<usize>, Vec<u8>), ColumnError> {
    let mut offsets = Vec::with_capacity(len + 1);
    offsets.push(0);
    let mut values = Vec::new();
    let mut scratch = Vec::new();
    for (i, row) in rows.enumerate() {
        if let Some(row) = row {
            values.reserve(bound * row.len());
            f(row, &mut values, &mut scratch).map_err(|kind| ColumnError::at(i, kind))?;
        }
        offsets.push(values.len());
    }
    Ok((offsets, values))
}

/// Decodes one row of `encoding` (not UTF-8), appending its UTF-8 to
/// `out`.
fn decode_row(
    encoding: Encoding,
    row: &[u8],
    out: &mut Vec<u8>,
    scratch: &mut Vec<u16>,
) -> Result<(), ColumnErrorKind> {
    let at = out.len();
    match encoding {
        Encoding::Latin1 | Encoding::Windows1252 => {
            out.resize(at + 3 * row.len(), 0);
            let n = match encoding {
                Encoding::Latin1 => rapidutf::latin1_to_utf8(row, &mut out[at..]),
                _ => rapidutf::windows1252_to_utf8(row, &mut out[at..]),
            };
            // Three bytes per input byte always suffice.
            let Ok(n) = n else { unreachable!("3 bytes of UTF-8 per byte suffice") };
            out.truncate(at + n);
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            if !row.len().is_multiple_of(2) {
                return Err(ColumnErrorKind::OddLength);
            }
            // The units as they lie in memory, which is what rapidutf's
            // UTF-16LE and UTF-16BE functions read.
            scratch.clear();
            scratch.extend(row.chunks_exact(2).map(|u| u16::from_ne_bytes([u[0], u[1]])));
            out.resize(at + 3 * scratch.len(), 0);
            let n = match encoding {
                Encoding::Utf16Le => rapidutf::utf16le_to_utf8(scratch, &mut out[at..]),
                _ => rapidutf::utf16be_to_utf8(scratch, &mut out[at..]),
            };
            match n {
                Ok(n) => out.truncate(at + n),
                Err(TranscodeError::Invalid { error, .. }) => {
                    return Err(ColumnErrorKind::Utf16(error));
                }
                // Three bytes of UTF-8 per unit always suffice.
                Err(_) => unreachable!("3 bytes of UTF-8 per UTF-16 unit suffice"),
            }
        }
        Encoding::Utf8 => unreachable!("UTF-8 is validated, not decoded"),
    }
    Ok(())
}

/// Encodes the non-null rows (UTF-8) in `encoding` (not UTF-8): the
/// offsets and the bytes.
fn encode_rows<'a>(
    encoding: Encoding,
    rows: impl Iterator<Item = Option<&'a [u8]>>,
    len: usize,
) -> Result<(Vec<usize>, Vec<u8>), ColumnError> {
    match encoding {
        Encoding::Latin1 | Encoding::Windows1252 => {
            transcode_rows(rows, len, 1, |row, out, _| {
                let at = out.len();
                out.resize(at + row.len(), 0);
                let r = match encoding {
                    Encoding::Latin1 => rapidutf::utf8_to_latin1(row, &mut out[at..]),
                    _ => rapidutf::utf8_to_windows1252(row, &mut out[at..]),
                };
                match r {
                    Ok(n) => {
                        out.truncate(at + n);
                        Ok(())
                    }
                    Err(TranscodeError::Invalid { error, .. }) => match error.kind() {
                        Latin1ErrorKind::Unrepresentable(ch) => {
                            Err(ColumnErrorKind::Unrepresentable { ch, at: error.valid_up_to() })
                        }
                        // Only from a string array made unchecked from
                        // bytes that are not UTF-8.
                        Latin1ErrorKind::Invalid(e) => {
                            Err(ColumnErrorKind::Utf8(rapidutf::ManyStringsErrorKind::Invalid(e)))
                        }
                        _ => unreachable!("a Latin-1 error is invalid input or unrepresentable"),
                    },
                    Err(_) => unreachable!("one byte per byte of UTF-8 suffices"),
                }
            })
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            // Units, then their bytes: one buffer of u16 would need the
            // offsets in bytes anyway.
            let mut units: Vec<u16> = Vec::new();
            let mut offsets = Vec::with_capacity(len + 1);
            offsets.push(0);
            for (i, row) in rows.enumerate() {
                if let Some(row) = row {
                    let at = units.len();
                    units.resize(at + row.len(), 0);
                    let r = match encoding {
                        Encoding::Utf16Le => rapidutf::utf8_to_utf16le(row, &mut units[at..]),
                        _ => rapidutf::utf8_to_utf16be(row, &mut units[at..]),
                    };
                    match r {
                        Ok(n) => units.truncate(at + n),
                        // A string array's rows are UTF-8; one made
                        // unchecked from bytes that are not is reported.
                        Err(TranscodeError::Invalid { error, .. }) => {
                            let kind = rapidutf::ManyStringsErrorKind::Invalid(error);
                            return Err(ColumnError::at(i, ColumnErrorKind::Utf8(kind)));
                        }
                        Err(_) => unreachable!("one unit per byte of UTF-8 suffices"),
                    }
                }
                offsets.push(2 * units.len());
            }
            let bytes = units.iter().flat_map(|u| u.to_ne_bytes()).collect();
            Ok((offsets, bytes))
        }
        Encoding::Utf8 => unreachable!("UTF-8 keeps the buffers"),
    }
}

/// The offsets in the output's offset type.
fn offset_buffer<O: OffsetSizeTrait>(offsets: &[usize]) -> Result<OffsetBuffer<O>, ColumnError> {
    let last = offsets.last().copied().unwrap_or(0);
    if O::from_usize(last).is_none() {
        return Err(ColumnError::whole(ColumnErrorKind::Overflow));
    }
    Ok(OffsetBuffer::new(offsets.iter().map(|&o| O::usize_as(o)).collect::<Vec<O>>().into()))
}

/// A string array of the rows just transcoded (validated by rapidutf on
/// the way, as every string array this crate builds).
fn to_strings<O: OffsetSizeTrait + rapidutf::StringOffset>(
    offsets: Vec<usize>,
    values: Vec<u8>,
    nulls: Option<NullBuffer>,
) -> Result<GenericStringArray<O>, ColumnError> {
    let offsets = offset_buffer::<O>(&offsets)?;
    Ok(validated_string(offsets, Buffer::from_vec(values), nulls)?)
}

fn to_binary<O: OffsetSizeTrait>(
    offsets: Vec<usize>,
    values: Vec<u8>,
    nulls: Option<NullBuffer>,
) -> Result<GenericBinaryArray<O>, ColumnError> {
    let offsets = offset_buffer::<O>(&offsets)?;
    GenericBinaryArray::try_new(offsets, Buffer::from_vec(values), nulls)
        .map_err(|_| ColumnError::whole(ColumnErrorKind::Overflow))
}

/// Views of the rows at `offsets` in one buffer, `values`.
fn views_over(
    offsets: &[usize],
    values: Vec<u8>,
) -> Result<(ScalarBuffer<u128>, Buffer), ColumnError> {
    if values.len() > i32::MAX as usize {
        return Err(ColumnError::whole(ColumnErrorKind::Overflow));
    }
    let views =
        offsets.windows(2).map(|w| make_view(&values[w[0]..w[1]], 0, w[0] as u32)).collect();
    Ok((views, Buffer::from_vec(values)))
}
