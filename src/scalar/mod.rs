//! The scalar core: the reference every SIMD kernel is tested against, the
//! fallback on targets without one, and the short-input path.
//!
//! It is a first-class kernel ([`crate::Kernel::Scalar`]) with the same
//! entry points as the SIMD ones; nothing here uses `unsafe`.

pub(crate) mod ascii;
pub(crate) mod count;
pub(crate) mod dfa;
pub(crate) mod transcode;
pub(crate) mod utf16;
pub(crate) mod utf32;
pub(crate) mod utf8;

use crate::arch::KernelFns;

/// The scalar kernel's entry points, for the registry.
/// The scalar kernel converts and validates no prefix of its own: its
/// UTF-16/UTF-32 entries return "nothing done", and the scalar finish that
/// every dispatched function runs after a kernel does all the work.
pub(crate) static FNS: KernelFns = KernelFns {
    validate_utf8: dfa::validate,
    is_valid_utf8: dfa::is_valid,
    utf16le_to_utf8: no_prefix,
    utf16be_to_utf8: no_prefix,
    utf32_to_utf8: no_prefix,
    utf16le_to_utf32: no_prefix,
    utf16be_to_utf32: no_prefix,
    utf32_to_utf16le: no_prefix,
    utf32_to_utf16be: no_prefix,
    validate_utf16le: no_valid_prefix,
    validate_utf16be: no_valid_prefix,
    validate_utf32: no_valid_prefix,
    validate_utf8_blocks: dfa::validate,
    // Lengths and counts.
    count_chars: count::count_chars,
    utf16_len_from_utf8: count::utf16_len_from_utf8,
    utf8_len_from_utf16le: count::utf8_len_from_utf16::<crate::byte_order::Le>,
    utf8_len_from_utf16be: count::utf8_len_from_utf16::<crate::byte_order::Be>,
    utf8_len_from_utf32: count::utf8_len_from_utf32,
    utf16_len_from_utf32: count::utf16_len_from_utf32,
    utf32_len_from_utf16le: count::utf32_len_from_utf16::<crate::byte_order::Le>,
    utf32_len_from_utf16be: count::utf32_len_from_utf16::<crate::byte_order::Be>,
    // UTF-8 to UTF-16/UTF-32 (issue 4, branch x4-u8): the scalar loop does
    // it all.
    utf8_to_utf16le: no_prefix,
    utf8_to_utf16be: no_prefix,
    utf8_to_utf32: no_prefix,
};

/// A transcoder kernel entry that converts nothing: `(0, 0)`.
pub(crate) fn no_prefix<S, D>(_: &[S], _: &mut [D]) -> (usize, usize) {
    (0, 0)
}

/// A validator kernel entry that vouches for nothing: `0`.
pub(crate) fn no_valid_prefix<S>(_: &[S]) -> usize {
    0
}
