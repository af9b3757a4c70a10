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

use crate::byte_order::{Be, Le};
use crate::scalar::transcode::{Decode, Encode, Utf16, Utf32, Utf8};
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

    /// As `validate_utf8`, but `Err(pos)` is the start of the flagged
    /// 64-byte block rather than of a group of blocks (the scalar kernel:
    /// the same as `validate_utf8`): for lossy decoding, which rescans
    /// after every error.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) validate_utf8_blocks: unsafe fn(&[u8]) -> Result<(), usize>,

    // Lengths and counts: each exactly as defined in `crate::count`, on
    // any input.
    /// UTF-8 bytes that are not continuation bytes.
    pub(crate) count_chars: unsafe fn(&[u8]) -> usize,
    /// UTF-16 units for UTF-8.
    pub(crate) utf16_len_from_utf8: unsafe fn(&[u8]) -> usize,
    /// UTF-8 bytes for UTF-16LE.
    pub(crate) utf8_len_from_utf16le: unsafe fn(&[u16]) -> usize,
    /// UTF-8 bytes for UTF-16BE.
    pub(crate) utf8_len_from_utf16be: unsafe fn(&[u16]) -> usize,
    /// UTF-8 bytes for UTF-32.
    pub(crate) utf8_len_from_utf32: unsafe fn(&[u32]) -> usize,
    /// UTF-16 units for UTF-32.
    pub(crate) utf16_len_from_utf32: unsafe fn(&[u32]) -> usize,
    /// UTF-32 values for UTF-16LE.
    pub(crate) utf32_len_from_utf16le: unsafe fn(&[u16]) -> usize,
    /// UTF-32 values for UTF-16BE.
    pub(crate) utf32_len_from_utf16be: unsafe fn(&[u16]) -> usize,

    // UTF-16 and UTF-32 (issue 4, branch x4-u16). Transcoders return the
    // progress `(read, written)` of the kernel contract: `src[..read]` is
    // valid and its exact conversion is `dst[..written]`; the scalar code
    // (`dispatch::finish_transcode`) does the rest and finds exact errors.
    // Validators return the length of a prefix known to be valid, which
    // never ends between the two halves of a surrogate pair.
    /// UTF-16LE to UTF-8, a prefix.
    pub(crate) utf16le_to_utf8: Transcoder<u16, u8>,
    /// UTF-16BE to UTF-8, a prefix.
    pub(crate) utf16be_to_utf8: Transcoder<u16, u8>,
    /// UTF-32 to UTF-8, a prefix.
    pub(crate) utf32_to_utf8: Transcoder<u32, u8>,
    /// UTF-16LE to UTF-32, a prefix.
    pub(crate) utf16le_to_utf32: Transcoder<u16, u32>,
    /// UTF-16BE to UTF-32, a prefix.
    pub(crate) utf16be_to_utf32: Transcoder<u16, u32>,
    /// UTF-32 to UTF-16LE, a prefix.
    pub(crate) utf32_to_utf16le: Transcoder<u32, u16>,
    /// UTF-32 to UTF-16BE, a prefix.
    pub(crate) utf32_to_utf16be: Transcoder<u32, u16>,
    /// The length of a valid UTF-16LE prefix.
    pub(crate) validate_utf16le: unsafe fn(&[u16]) -> usize,
    /// The length of a valid UTF-16BE prefix.
    pub(crate) validate_utf16be: unsafe fn(&[u16]) -> usize,
    /// The length of a valid UTF-32 prefix.
    pub(crate) validate_utf32: unsafe fn(&[u32]) -> usize,
}

/// A kernel's transcoder entry: converts a valid prefix of `src` into
/// `dst` and returns `(read, written)` (see [`KernelFns`]).
pub(crate) type Transcoder<S, D> = unsafe fn(&[S], &mut [D]) -> (usize, usize);

/// Which [`KernelFns`] entry converts `Self` (a source encoding) to `E`.
pub(crate) trait Entry<E: Encode>: Decode {
    /// The entry of `fns` for this direction and byte order.
    fn entry(fns: &KernelFns) -> Transcoder<Self::Unit, E::Unit>;
}

/// Implements [`Entry`] for each direction. Plumbing only.
macro_rules! entries {
    ($($dec:ty => $enc:ty: $field:ident;)*) => {$(
        impl Entry<$enc> for $dec {
            #[inline(always)]
            fn entry(fns: &KernelFns) -> Transcoder<Self::Unit, <$enc as Encode>::Unit> {
                fns.$field
            }
        }
    )*};
}

entries! {
    Utf8 => Utf16<Le>: utf8_to_utf16le;
    Utf8 => Utf16<Be>: utf8_to_utf16be;
    Utf8 => Utf32: utf8_to_utf32;
    Utf16<Le> => Utf8: utf16le_to_utf8;
    Utf16<Be> => Utf8: utf16be_to_utf8;
    Utf32 => Utf8: utf32_to_utf8;
    Utf16<Le> => Utf32: utf16le_to_utf32;
    Utf16<Be> => Utf32: utf16be_to_utf32;
    Utf32 => Utf16<Le>: utf32_to_utf16le;
    Utf32 => Utf16<Be>: utf32_to_utf16be;
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
