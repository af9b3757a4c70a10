//! The scalar core: the reference every SIMD kernel is tested against, the
//! fallback on targets without one, and the short-input path.
//!
//! It is a first-class kernel ([`crate::Kernel::Scalar`], whose table is
//! `arch::scalar`); nothing here uses `unsafe`, and nothing here imports
//! from the layers above it (only the error types and the byte-order
//! leaf).

pub(crate) mod ascii;
pub(crate) mod count;
pub(crate) mod dfa;
mod dfa_table;
// Only the I/O adapters search for bytes.
#[cfg_attr(
    not(all(feature = "std", feature = "stream", feature = "single-byte")),
    allow(dead_code)
)]
pub(crate) mod find;
pub(crate) mod latin1;
pub(crate) mod narrow;
pub(crate) mod transcode;
pub(crate) mod utf16;
pub(crate) mod utf32;
pub(crate) mod utf8;
pub(crate) mod windows1252;
