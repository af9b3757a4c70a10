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
pub(crate) static FNS: KernelFns = KernelFns {
    validate_utf8: dfa::validate,
    is_valid_utf8: dfa::is_valid,
    validate_utf8_blocks: dfa::validate,
    // Lengths and counts.
    count_chars: count::count_chars,
    utf16_len_from_utf8: count::utf16_len_from_utf8,
    utf8_len_from_utf16le: count::utf8_len_from_utf16::<crate::transcode::Le>,
    utf8_len_from_utf16be: count::utf8_len_from_utf16::<crate::transcode::Be>,
    utf8_len_from_utf32: count::utf8_len_from_utf32,
    utf16_len_from_utf32: count::utf16_len_from_utf32,
    utf32_len_from_utf16le: count::utf32_len_from_utf16::<crate::transcode::Le>,
    utf32_len_from_utf16be: count::utf32_len_from_utf16::<crate::transcode::Be>,
};
