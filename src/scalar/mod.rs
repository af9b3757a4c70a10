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
    // UTF-8 to UTF-16/UTF-32 (issue 4, branch x4-u8): the scalar loop does
    // it all.
    utf8_to_utf16le: transcode::no_prefix,
    utf8_to_utf16be: transcode::no_prefix,
    utf8_to_utf32: transcode::no_prefix,
};
