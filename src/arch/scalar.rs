//! The scalar kernel's table, over the scalar reference (`crate::scalar`),
//! and [`skip`]: stand-ins for algorithms a kernel does not run.
//!
//! The scalar kernel converts and validates no prefix of its own: its
//! UTF-16/UTF-32 entries return "nothing done", and the scalar finish that
//! the glue runs after every kernel does all the work.

use crate::byte_order::{Be, Le};
use crate::scalar::{count, dfa, latin1};

crate::arch::kernel_table! {
    /// The scalar kernel: always available.
    detect: true,
    attrs: [],
    validate_utf8: dfa::validate,
    is_valid_utf8: dfa::is_valid,
    is_ascii: crate::scalar::ascii::is_ascii,
    validate_utf8_blocks: dfa::validate,
    utf8_to_utf16le_prefix: skip::prefix,
    utf8_to_utf16be_prefix: skip::prefix,
    utf8_to_utf32_prefix: skip::prefix,
    utf8_to_ucs2_prefix: skip::prefix,
    utf16le_to_utf8_prefix: skip::prefix,
    utf16be_to_utf8_prefix: skip::prefix,
    utf32_to_utf8_prefix: skip::prefix,
    utf16le_to_utf32_prefix: skip::prefix,
    utf16be_to_utf32_prefix: skip::prefix,
    utf32_to_utf16le_prefix: skip::prefix,
    utf32_to_utf16be_prefix: skip::prefix,
    latin1_to_utf8_prefix: skip::prefix,
    latin1_to_utf16le_prefix: skip::prefix,
    latin1_to_utf16be_prefix: skip::prefix,
    latin1_to_utf32_prefix: skip::prefix,
    utf8_to_latin1_prefix: skip::prefix,
    utf16le_to_latin1_prefix: skip::prefix,
    utf16be_to_latin1_prefix: skip::prefix,
    utf32_to_latin1_prefix: skip::prefix,
    str_to_utf16le_prefix: skip::valid_prefix_of,
    str_to_utf16be_prefix: skip::valid_prefix_of,
    str_to_utf32_prefix: skip::valid_prefix_of,
    chars_to_utf8_prefix: skip::valid_prefix_of,
    chars_to_utf16le_prefix: skip::valid_prefix_of,
    chars_to_utf16be_prefix: skip::valid_prefix_of,
    windows1252_to_utf8_prefix: skip::prefix,
    windows1252_to_utf16le_prefix: skip::prefix,
    windows1252_to_utf16be_prefix: skip::prefix,
    windows1252_to_utf32_prefix: skip::prefix,
    validate_utf16le_prefix: skip::valid_prefix,
    validate_utf16be_prefix: skip::valid_prefix,
    validate_utf32_prefix: skip::valid_prefix,
    count_chars: count::count_chars,
    count_chars_and_kind: count::count_chars_and_kind,
    utf16_len_from_utf8: count::utf16_len_from_utf8,
    utf8_len_from_utf16le: count::utf8_len_from_utf16::<Le>,
    utf8_len_from_utf16be: count::utf8_len_from_utf16::<Be>,
    utf8_len_from_utf32: count::utf8_len_from_utf32,
    utf16_len_from_utf32: count::utf16_len_from_utf32,
    utf32_len_from_utf16le: count::utf32_len_from_utf16::<Le>,
    utf32_len_from_utf16be: count::utf32_len_from_utf16::<Be>,
    utf8_len_from_latin1: latin1::utf8_len_from_latin1,
}

/// Entries that do no SIMD work, for a kernel where an algorithm does not
/// apply: the glue's scalar finish then does it all. (Where a generic
/// algorithm does not apply to a vector type on a target, it steps aside
/// itself: see `Vector::LITTLE_LANES` and `Vector::FAST_SHUFFLE`.)
pub(crate) mod skip {
    /// A transcoder entry that converts nothing: `(0, 0)`.
    #[inline(always)]
    pub(crate) fn prefix<S, D>(_: &[S], _: &mut [D]) -> (usize, usize) {
        (0, 0)
    }

    /// A `&str` or `&[char]` transcoder entry that converts nothing.
    #[inline(always)]
    pub(crate) fn valid_prefix_of<S: ?Sized, D>(_: &S, _: &mut [D]) -> (usize, usize) {
        (0, 0)
    }

    /// A validator entry that vouches for nothing: `0`.
    #[inline(always)]
    pub(crate) fn valid_prefix<S>(_: &[S]) -> usize {
        0
    }
}
