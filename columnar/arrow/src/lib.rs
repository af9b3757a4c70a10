//! [rapidutf]'s SIMD validation and transcoding on [Apache Arrow] arrays
//! (arrow-rs).
//!
//! - **Zero-copy validation**: [`binary_to_string`] and
//!   [`binary_view_to_string_view`] turn a `BinaryArray`,
//!   `LargeBinaryArray` or `BinaryViewArray` into the string array over
//!   the same buffers once rapidutf has validated them, several times
//!   faster than arrow-rs' own `try_new` (see the repository's
//!   `columnar/bench`). [`to_string_array`] does it for any binary
//!   `ArrayRef`, and [`is_valid_utf8`] answers row by row.
//! - **Legacy encodings**: [`decode`] reads binary columns of UTF-16LE,
//!   UTF-16BE, Latin-1 or Windows-1252 text into string columns, and
//!   [`encode`] writes string columns back out as binary, with rapidutf's
//!   SIMD transcoders.
//! - **Repair**: [`repair`] turns a binary column of mostly UTF-8, with
//!   some invalid bytes (often legacy 8-bit text mixed in), into a string
//!   column by an [`ErrorStrategy`]: U+FFFD, drop, or read the bad bytes as
//!   Latin-1 or Windows-1252.
//!
//! Nulls stay null (a null row's bytes, which Arrow leaves undefined, are
//! neither validated nor converted, and never fail a conversion), and
//! sliced arrays (offsets that do not start at 0, views of a part of their
//! buffers) convert as they are.
//!
//! ```
//! use arrow_array::{Array, BinaryArray, StringArray};
//! use rapidutf_arrow::{binary_to_string, decode, Encoding};
//!
//! let bytes = BinaryArray::from_opt_vec(vec![Some(b"caf\xC3\xA9".as_slice()), None]);
//! let strings: StringArray = binary_to_string(&bytes)?;
//! assert_eq!(strings.value(0), "café");
//! assert!(strings.is_null(1));
//! // The same buffer, validated, not copied.
//! assert_eq!(strings.values().as_ptr(), bytes.values().as_ptr());
//!
//! let latin1 = BinaryArray::from_vec(vec![b"caf\xE9"]);
//! let decoded = decode(&latin1, Encoding::Latin1)?;
//! let decoded = decoded.as_any().downcast_ref::<StringArray>().unwrap();
//! assert_eq!(decoded.value(0), "café");
//! # Ok::<(), rapidutf_arrow::ColumnError>(())
//! ```
//!
//! Errors name the first failing row ([`ColumnError`]) and convert into
//! `ArrowError`.
//!
//! [rapidutf]: https://docs.rs/rapidutf
//! [Apache Arrow]: https://arrow.apache.org
#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(clippy::undocumented_unsafe_blocks)]

mod convert;
mod error;
mod validate;

pub use convert::{Encoding, UnknownEncoding, decode, encode, repair};
pub use error::{ColumnError, ColumnErrorKind};
pub use rapidutf::ErrorStrategy;
pub use validate::{binary_to_string, binary_view_to_string_view, is_valid_utf8, to_string_array};
