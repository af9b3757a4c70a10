//! The SIMD kernels, one leaf per instruction set, as in memchr:
//!
//! - `generic/`: each algorithm written once, `#[inline(always)]` over the
//!   `Simd` trait; private to the crate.
//! - `x86_64/{sse42,avx2,avx512}/`, `aarch64/neon/`: the `Simd` impl for
//!   the ISA's register type and tiny `#[target_feature]` wrappers that
//!   instantiate the generic code.
//! - `portable/`: the same algorithms over `wide`, for other targets.
//!
//! The scalar kernel lives beside this module in `crate::scalar`.
//!
//! Every kernel exposes the same [`KernelFns`] table; [`fns`] hands it out
//! only when the running CPU supports the kernel, which is what makes the
//! `unsafe fn` pointers in it sound to call.

use crate::Kernel;

mod generic;
pub(crate) mod portable;

cfg_if::cfg_if! {
    if #[cfg(target_arch = "x86_64")] {
        mod x86_64;
    } else if #[cfg(target_arch = "aarch64")] {
        mod aarch64;
    }
}

/// The entry points of one kernel.
///
/// The pointers are `unsafe fn` because SIMD kernels are
/// `#[target_feature]` functions: calling one is sound only on a CPU with
/// those features. A table is only reachable through [`fns`], which checks.
pub(crate) struct KernelFns {
    /// `Ok(())` when valid; `Err(pos)` under the contract of
    /// `scalar::utf8::rewind` (`bytes[..pos]` is a valid prefix up to an
    /// incomplete last character, and the first error is in or after it).
    pub(crate) validate_utf8: unsafe fn(&[u8]) -> Result<(), usize>,
    /// Whether the input is valid UTF-8.
    pub(crate) is_valid_utf8: unsafe fn(&[u8]) -> bool,
    // UTF-8 to UTF-16/UTF-32 (issue 4, branch x4-u8).
    /// UTF-8 to UTF-16LE: `(read, written)`, `src[..read]` valid and
    /// converted into `dst[..written]`; stops before any block with an
    /// error and whenever `dst` might not hold a block's output, and never
    /// writes past `dst.len()`. The caller finishes with the scalar loop.
    pub(crate) utf8_to_utf16le: unsafe fn(&[u8], &mut [u16]) -> (usize, usize),
    /// As `utf8_to_utf16le`, to UTF-16BE.
    pub(crate) utf8_to_utf16be: unsafe fn(&[u8], &mut [u16]) -> (usize, usize),
    /// As `utf8_to_utf16le`, to UTF-32.
    pub(crate) utf8_to_utf32: unsafe fn(&[u8], &mut [u32]) -> (usize, usize),
}

/// The entry points of `kernel`, or `None` if this build or CPU cannot run
/// it. The only way to obtain a [`KernelFns`].
pub(crate) fn fns(kernel: Kernel) -> Option<&'static KernelFns> {
    match kernel {
        Kernel::Scalar => Some(&crate::scalar::FNS),
        Kernel::Portable => portable::fns(),
        #[cfg(target_arch = "x86_64")]
        Kernel::Sse42 => x86_64::sse42::fns(),
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => x86_64::avx2::fns(),
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512 => x86_64::avx512::fns(),
        #[cfg(target_arch = "aarch64")]
        Kernel::Neon => aarch64::neon::fns(),
        _ => None,
    }
}
