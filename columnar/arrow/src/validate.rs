//! Binary columns to string columns over the same buffers, once rapidutf
//! has validated them; per-row validity.
//!
//! arrow-rs can only build a string array over existing buffers by
//! validating them itself (`try_new`: `std::str::from_utf8` over the
//! values, or over each view) or, `unsafe`, without any check
//! (`new_unchecked`, whose contract is "safe if `try_new` would not
//! error"). This module runs rapidutf's validation, which checks
//! everything `try_new` checks, and then calls `new_unchecked`: the two
//! `unsafe` blocks of this crate are the two `validated_*` functions
//! below, each directly after the check it relies on.

use crate::error::{ColumnError, ColumnErrorKind};
use arrow_array::{
    Array, ArrayRef, BinaryArray, BinaryViewArray, BooleanArray, GenericBinaryArray,
    GenericStringArray, LargeBinaryArray, OffsetSizeTrait, StringViewArray,
};
use arrow_buffer::{BooleanBufferBuilder, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::DataType;
use rapidutf::columnar::{self, Selection, Validation};
use rapidutf::{ManyStringsError, StringOffset};
use std::sync::Arc;

/// Converts a `BinaryArray` or `LargeBinaryArray` to the string array
/// over the same buffers, after validating every row with rapidutf.
///
/// A null row's bytes need not be UTF-8 (Arrow leaves them undefined):
/// when one is not, the other rows are validated alone and copied into a
/// new array in which the null rows are empty. A sliced array gives a
/// string array of the same rows (whose offsets are rebased to start at
/// 0 when the slice does not start at the first byte of the values).
///
/// # Errors
///
/// The first non-null row that is not valid UTF-8, with rapidutf's error
/// for it ([`ColumnErrorKind::Utf8`], positions relative to the row).
///
/// ```
/// use arrow_array::{Array, LargeBinaryArray};
/// let a = LargeBinaryArray::from_vec(vec![b"z\xC3\xBCrich", b"\xE2\x82\xAC"]);
/// let s = rapidutf_arrow::binary_to_string(&a)?;
/// assert_eq!((s.value(0), s.value(1)), ("zürich", "€"));
///
/// let bad = LargeBinaryArray::from_vec(vec![b"ok", b"caf\xE9!"]);
/// let e = rapidutf_arrow::binary_to_string(&bad).unwrap_err();
/// assert_eq!(e.row(), Some(1));
/// assert_eq!(e.to_string(), "row 1: invalid utf-8 sequence of 1 bytes from index 3: expected a continuation byte (80..BF)");
/// # Ok::<(), rapidutf_arrow::ColumnError>(())
/// ```
pub fn binary_to_string<O: OffsetSizeTrait + StringOffset>(
    array: &GenericBinaryArray<O>,
) -> Result<GenericStringArray<O>, ColumnError> {
    let nulls = array.nulls().cloned();
    match validated_string(array.offsets().clone(), array.values().clone(), nulls.clone()) {
        Ok(strings) => Ok(strings),
        Err(e) if array.is_null(e.index()) => {
            let nulls = nulls.as_ref().expect("a null row");
            let selection = Selection::Bitmap { bits: nulls.validity(), offset: nulls.offset() };
            Validation::new().select(selection).offsets(array.values(), array.offsets())?;
            let (offsets, values) = without_null_bytes(array);
            Ok(validated_string(offsets, values, array.nulls().cloned())?)
        }
        Err(e) => Err(e.into()),
    }
}

/// Converts a `BinaryViewArray` to the `StringViewArray` over the same
/// views and buffers, after validating every view with rapidutf (the
/// views' layout too, as `StringViewArray::try_new` does).
///
/// A null row's view need not hold UTF-8: when one does not, the other
/// rows are validated alone and the views are copied with the null ones
/// emptied (the data buffers are shared still).
///
/// # Errors
///
/// The first non-null view that is malformed or not valid UTF-8.
///
/// ```
/// use arrow_array::{Array, BinaryViewArray};
/// let a = BinaryViewArray::from_iter_values([b"short".as_slice(), "a string of more than 12 bytes: é".as_bytes()]);
/// let s = rapidutf_arrow::binary_view_to_string_view(&a)?;
/// assert_eq!(s.value(1), "a string of more than 12 bytes: é");
/// assert_eq!(s.data_buffers()[0].as_ptr(), a.data_buffers()[0].as_ptr());
/// # Ok::<(), rapidutf_arrow::ColumnError>(())
/// ```
pub fn binary_view_to_string_view(array: &BinaryViewArray) -> Result<StringViewArray, ColumnError> {
    let (views, buffers, nulls) = (array.views(), array.data_buffers(), array.nulls());
    match validated_string_view(views.clone(), Arc::from(buffers), nulls.cloned()) {
        Ok(strings) => Ok(strings),
        Err(e) if array.is_null(e.index()) => {
            let nulls = nulls.expect("a null row");
            let selection = Selection::Bitmap { bits: nulls.validity(), offset: nulls.offset() };
            Validation::new().select(selection).string_view(views, buffers)?;
            // A zero view is the empty string, inline.
            let views: ScalarBuffer<u128> = views
                .iter()
                .enumerate()
                .map(|(i, &v)| if nulls.is_null(i) { 0 } else { v })
                .collect();
            Ok(validated_string_view(views, Arc::from(buffers), Some(nulls.clone()))?)
        }
        Err(e) => Err(e.into()),
    }
}

/// [`binary_to_string`] or [`binary_view_to_string_view`] for any binary
/// array (`Binary`, `LargeBinary`, `BinaryView`); a string array is
/// returned as it is.
///
/// # Errors
///
/// As those functions; [`ColumnErrorKind::UnsupportedType`] for arrays of
/// other types.
///
/// ```
/// use arrow_array::{ArrayRef, BinaryArray};
/// use std::sync::Arc;
/// let a: ArrayRef = Arc::new(BinaryArray::from_vec(vec![b"abc"]));
/// let s = rapidutf_arrow::to_string_array(&a)?;
/// assert_eq!(s.data_type(), &arrow_schema::DataType::Utf8);
/// # Ok::<(), rapidutf_arrow::ColumnError>(())
/// ```
pub fn to_string_array(array: &dyn Array) -> Result<ArrayRef, ColumnError> {
    let any = array.as_any();
    Ok(match array.data_type() {
        DataType::Binary => Arc::new(binary_to_string(downcast::<BinaryArray>(any))?),
        DataType::LargeBinary => Arc::new(binary_to_string(downcast::<LargeBinaryArray>(any))?),
        DataType::BinaryView => {
            Arc::new(binary_view_to_string_view(downcast::<BinaryViewArray>(any))?)
        }
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => array.slice(0, array.len()),
        other => return Err(ColumnError::whole(ColumnErrorKind::UnsupportedType(other.clone()))),
    })
}

/// Whether each row of a binary or string array is valid UTF-8 (null for
/// a null row). Rows are validated 256 at a time; only a group with an
/// invalid row is gone through row by row.
///
/// # Errors
///
/// [`ColumnErrorKind::UnsupportedType`] for arrays that are neither binary
/// nor string arrays.
///
/// ```
/// use arrow_array::BinaryArray;
/// let a = BinaryArray::from_opt_vec(vec![Some(b"ok"), Some(b"\xC0\x80"), None]);
/// let valid = rapidutf_arrow::is_valid_utf8(&a)?;
/// assert_eq!(valid.iter().collect::<Vec<_>>(), [Some(true), Some(false), None]);
/// # Ok::<(), rapidutf_arrow::ColumnError>(())
/// ```
pub fn is_valid_utf8(array: &dyn Array) -> Result<BooleanArray, ColumnError> {
    let any = array.as_any();
    let mut bits = BooleanBufferBuilder::new(array.len());
    match array.data_type() {
        DataType::Binary => offsets_validity(downcast::<BinaryArray>(any), &mut bits),
        DataType::LargeBinary => offsets_validity(downcast::<LargeBinaryArray>(any), &mut bits),
        DataType::BinaryView => {
            let a = downcast::<BinaryViewArray>(any);
            let (views, buffers) = (a.views(), a.data_buffers());
            per_group(views.len(), &mut bits, |from, to| {
                columnar::validate_string_view(&views[from..to], buffers).is_ok()
            });
        }
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => {
            bits.append_n(array.len(), true);
        }
        other => return Err(ColumnError::whole(ColumnErrorKind::UnsupportedType(other.clone()))),
    }
    Ok(BooleanArray::new(bits.finish(), array.nulls().cloned()))
}

fn offsets_validity<O: OffsetSizeTrait + StringOffset>(
    a: &GenericBinaryArray<O>,
    bits: &mut BooleanBufferBuilder,
) {
    let (offsets, values) = (a.offsets(), a.values());
    per_group(a.len(), bits, |from, to| {
        rapidutf::validate_utf8_offsets(values, &offsets[from..=to]).is_ok()
    });
}

/// Appends whether each of `rows` rows is valid, with `valid(from, to)`
/// saying whether rows `from..to` all are: a group of 256 at a time, and
/// row by row within a group that is not.
fn per_group(rows: usize, bits: &mut BooleanBufferBuilder, valid: impl Fn(usize, usize) -> bool) {
    const GROUP: usize = 256;
    let mut from = 0;
    while from < rows {
        let to = (from + GROUP).min(rows);
        if valid(from, to) {
            bits.append_n(to - from, true);
        } else {
            for i in from..to {
                bits.append(valid(i, i + 1));
            }
        }
        from = to;
    }
}

pub(crate) fn downcast<T: 'static>(any: &dyn std::any::Any) -> &T {
    any.downcast_ref::<T>().expect("the array's type matches its data type")
}

/// The offsets and values of `array` with the null rows' bytes left out
/// (null rows empty), offsets from 0.
fn without_null_bytes<O: OffsetSizeTrait>(
    array: &GenericBinaryArray<O>,
) -> (OffsetBuffer<O>, Buffer) {
    let mut values = Vec::new();
    let mut offsets = Vec::with_capacity(array.len() + 1);
    offsets.push(O::usize_as(0));
    for row in array.iter() {
        values.extend_from_slice(row.unwrap_or_default());
        offsets.push(O::usize_as(values.len()));
    }
    (OffsetBuffer::new(offsets.into()), Buffer::from_vec(values))
}

/// The string array over `offsets`, `values` and `nulls` (a valid binary
/// array's parts), if rapidutf finds every row valid UTF-8. The values
/// are cut to the bytes the rows cover (and the offsets rebased when the
/// first row does not start at 0), so that the whole values buffer is
/// UTF-8, as `try_new` requires.
pub(crate) fn validated_string<O: OffsetSizeTrait + StringOffset>(
    offsets: OffsetBuffer<O>,
    values: Buffer,
    nulls: Option<NullBuffer>,
) -> Result<GenericStringArray<O>, ManyStringsError> {
    validate_ordered(&values, &offsets)?;
    let (first, last) = (offsets[0].as_usize(), offsets[offsets.len() - 1].as_usize());
    let values = values.slice_with_length(first, last - first);
    let offsets = if first == 0 {
        offsets
    } else {
        let base = offsets[0];
        OffsetBuffer::new(offsets.iter().map(|&o| o - base).collect::<Vec<O>>().into())
    };
    // SAFETY: `GenericStringArray::new_unchecked` is safe where `try_new`
    // would not fail. `try_new` checks (1) that the offsets are in order,
    // non-negative and within the values, (2) that the values are UTF-8
    // and every offset a character boundary in them, (3) that the null
    // buffer has one bit per row. (1) and (3) hold for the parts of a
    // valid binary array, which the callers pass, and still hold after
    // the values are cut to `first..last` and the offsets shifted by
    // `first` (each offset lies in `first..=last`). For (2):
    // `validate_ordered` returned Ok, so each row's bytes
    // `offsets[i]..offsets[i + 1]` are valid UTF-8 (ASCII, or validated
    // as a row by `validate_utf8_offsets`). The rows lie end to
    // end and cover exactly `first..last`, the new values; a concatenation
    // of valid UTF-8 strings is valid UTF-8, and each row starts and ends
    // on a character boundary of it.
    Ok(unsafe { GenericStringArray::new_unchecked(offsets, values, nulls) })
}

/// Bytes per stretch in [`validate_ordered`]: many calls' worth of work,
/// and little to test in vain before text that is not ASCII.
const STRETCH: usize = 64 * 1024;

/// [`rapidutf::validate_utf8_offsets`] for offsets known to be in order
/// and none negative, as an `OffsetBuffer`'s are by construction. The
/// core function takes any offsets and so reads every one to check their
/// order; here a stretch of rows whose bytes are all ASCII is valid with
/// no offset read but its ends (every position of ASCII text is a
/// character boundary). The rows go by stretches of [`STRETCH`] bytes'
/// worth of rows of the mean length, each tested for ASCII, up to the
/// first that is not: from there the core function takes the rest. An
/// error is found again by the core function over all the rows (rare,
/// and it must be the first row's error, with its index in the whole
/// array).
fn validate_ordered<O: OffsetSizeTrait + StringOffset>(
    values: &[u8],
    offsets: &OffsetBuffer<O>,
) -> Result<(), ManyStringsError> {
    let all = || rapidutf::validate_utf8_offsets(values, offsets);
    let rows = offsets.len().saturating_sub(1);
    let (first, last) = (offsets[0].as_usize(), offsets[rows].as_usize());
    if last > values.len() {
        return all();
    }
    // Rows per stretch from their mean length: finding each stretch's end
    // by a binary search would read the offsets at random, a cache miss
    // a step (a fifth of the time on 7.6-byte keys).
    let step = (STRETCH / ((last - first) / rows.max(1)).max(1)).max(1);
    let mut a = 0;
    while a < rows {
        let start = offsets[a].as_usize();
        let b = rows.min(a + step);
        if !rapidutf::is_ascii(&values[start..offsets[b].as_usize()]) {
            // The rest in one call (which skips ASCII groups itself, their
            // offsets' order checked): where text is not ASCII, as fast as
            // if no stretch had been tested.
            return match rapidutf::validate_utf8_offsets(values, &offsets[a..]) {
                Ok(()) => Ok(()),
                Err(_) => all(),
            };
        }
        a = b;
    }
    Ok(())
}

/// The string view array over `views`, `buffers` and `nulls` (a null
/// buffer of one bit per view), if rapidutf finds every view well formed
/// and valid UTF-8.
pub(crate) fn validated_string_view(
    views: ScalarBuffer<u128>,
    buffers: Arc<[Buffer]>,
    nulls: Option<NullBuffer>,
) -> Result<StringViewArray, ManyStringsError> {
    columnar::validate_string_view(&views, &buffers)?;
    debug_assert!(nulls.as_ref().is_none_or(|n| n.len() == views.len()));
    // SAFETY: `GenericByteViewArray::new_unchecked` is safe where `try_new`
    // would not fail. `try_new` checks each view as
    // `arrow_data::byte_view::validate_string_view` does: an inline view
    // (length at most 12) has zero bytes after its string, which is valid
    // UTF-8; a longer view names an existing buffer (as a `u32`), lies
    // inside it (`offset + length` as `u32`s, within its length), has the
    // prefix of its data, and that data is valid UTF-8. It also checks that
    // the null buffer has one bit per view, which holds for the parts of a
    // valid array that the callers pass (or its null buffer, with views
    // replaced one for one).
    // `columnar::validate_string_view` returned Ok: it checks the same, and
    // more strictly (it also rejects an index, offset or length above
    // `i32::MAX`, which Arrow's format declares `int32`).
    Ok(unsafe { StringViewArray::new_unchecked(views, buffers, nulls) })
}
