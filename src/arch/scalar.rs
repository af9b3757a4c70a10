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

/// Entries that do no SIMD work, for a kernel (or a target) where an
/// algorithm does not apply: the glue's scalar finish then does it all.
///
/// [`skip::utf16`], [`skip::latin1`], [`skip::windows1252`] and
/// [`skip::utf8_to_wide`] mirror the generic modules'
/// signatures, so a kernel's table picks one or the other with a `cfg`'d
/// `use` (the generic UTF-16/UTF-32 algorithms need little-endian lanes).
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

    /// `arch::generic::utf16`, converting and vouching for nothing. (The
    /// unused type parameters keep the generic signatures, so that a `use`
    /// can swap the modules.)
    #[allow(dead_code, clippy::extra_unused_type_parameters)]
    pub(crate) mod utf16 {
        /// Converts nothing.
        pub(crate) fn utf16_to_utf8<V, O>(
            _: &[u16],
            _: &mut crate::arch::Out<u8>,
        ) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn utf32_to_utf8<V>(_: &[u32], _: &mut crate::arch::Out<u8>) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn utf16_to_utf32<V, O>(
            _: &[u16],
            _: &mut crate::arch::Out<u32>,
        ) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn utf32_to_utf16<V, O>(
            _: &[u32],
            _: &mut crate::arch::Out<u16>,
        ) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn chars_to_utf8<V>(_: &[char], _: &mut crate::arch::Out<u8>) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn chars_to_utf16<V, O>(
            _: &[char],
            _: &mut crate::arch::Out<u16>,
        ) -> (usize, usize) {
            (0, 0)
        }
        /// Vouches for nothing.
        pub(crate) fn validate_utf16<V, O>(_: &[u16]) -> usize {
            0
        }
        /// Vouches for nothing.
        pub(crate) fn validate_utf32<V>(_: &[u32]) -> usize {
            0
        }
    }

    /// `arch::generic::latin1`, converting nothing.
    #[allow(dead_code, clippy::extra_unused_type_parameters)]
    pub(crate) mod latin1 {
        /// Converts nothing.
        pub(crate) fn latin1_to_utf8<V>(_: &[u8], _: &mut crate::arch::Out<u8>) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn latin1_to_utf16<V, O>(
            _: &[u8],
            _: &mut crate::arch::Out<u16>,
        ) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn latin1_to_utf32<V>(
            _: &[u8],
            _: &mut crate::arch::Out<u32>,
        ) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn utf8_to_latin1<V>(_: &[u8], _: &mut crate::arch::Out<u8>) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn utf16_to_latin1<V, O>(
            _: &[u16],
            _: &mut crate::arch::Out<u8>,
        ) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn utf32_to_latin1<V>(
            _: &[u32],
            _: &mut crate::arch::Out<u8>,
        ) -> (usize, usize) {
            (0, 0)
        }
    }

    /// `arch::generic::windows1252`, converting nothing.
    #[allow(dead_code, clippy::extra_unused_type_parameters)]
    pub(crate) mod windows1252 {
        /// Converts nothing.
        pub(crate) fn windows1252_to_utf8<V>(
            _: &[u8],
            _: &mut crate::arch::Out<u8>,
        ) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn windows1252_to_utf16<V, O>(
            _: &[u8],
            _: &mut crate::arch::Out<u16>,
        ) -> (usize, usize) {
            (0, 0)
        }
        /// Converts nothing.
        pub(crate) fn windows1252_to_utf32<V>(
            _: &[u8],
            _: &mut crate::arch::Out<u32>,
        ) -> (usize, usize) {
            (0, 0)
        }
    }

    /// `arch::generic::utf8_to_wide`, converting nothing.
    #[allow(dead_code, clippy::extra_unused_type_parameters)]
    pub(crate) mod utf8_to_wide {
        use crate::arch::generic::utf8_to_wide::Target;
        /// Converts nothing.
        pub(crate) fn convert<V, H, const N: usize, T: Target>(
            _: &[u8],
            _: &mut crate::arch::Out<T::Unit>,
        ) -> (usize, usize) {
            (0, 0)
        }
    }

    /// `arch::generic::str_to_wide`, converting nothing.
    #[allow(dead_code, clippy::extra_unused_type_parameters)]
    pub(crate) mod str_to_wide {
        use crate::arch::generic::utf8_to_wide::Target;
        /// Converts nothing.
        pub(crate) fn convert_valid<V, H, const N: usize, T: Target>(
            _: &str,
            _: &mut crate::arch::Out<T::Unit>,
        ) -> (usize, usize) {
            (0, 0)
        }
    }

    /// `arch::generic::count` for 16- and 32-bit units: the scalar counts.
    #[allow(dead_code, clippy::extra_unused_type_parameters)]
    pub(crate) mod count {
        use crate::byte_order::ByteOrder;
        use crate::scalar::count as scalar;
        /// The scalar count.
        pub(crate) fn utf8_len_from_utf16<V, O: ByteOrder>(src: &[u16]) -> usize {
            scalar::utf8_len_from_utf16::<O>(src)
        }
        /// The scalar count.
        pub(crate) fn utf32_len_from_utf16<V, O: ByteOrder>(src: &[u16]) -> usize {
            scalar::utf32_len_from_utf16::<O>(src)
        }
        /// The scalar count.
        pub(crate) fn utf8_len_from_utf32<V>(src: &[u32]) -> usize {
            scalar::utf8_len_from_utf32(src)
        }
        /// The scalar count.
        pub(crate) fn utf16_len_from_utf32<V>(src: &[u32]) -> usize {
            scalar::utf16_len_from_utf32(src)
        }
    }
}
