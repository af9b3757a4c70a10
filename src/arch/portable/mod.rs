//! The portable kernel: the generic algorithms over `wide::u8x16`, for
//! targets without a dedicated kernel.
//!
//! `wide` compiles each operation to the best instructions the build's
//! target features allow (SSE2/SSSE3 on x86, NEON, WASM `simd128`) and to
//! plain Rust otherwise, so this kernel needs no runtime detection and no
//! `unsafe`: it is available everywhere. Its speed depends on the target:
//! the byte shuffle behind `lookup16` is one instruction with SSSE3, NEON
//! or `simd128`, but a 16-step loop on baseline x86_64 (SSE2 only).

mod count;
mod utf8_to_wide;

use crate::arch::generic::{self, Shift, Simd};
use crate::arch::KernelFns;

// The generic UTF-16/UTF-32 algorithms assume little-endian lanes (their
// shuffle tables pick bytes by position); big-endian targets use the
// scalar entries, which convert no prefix.
#[cfg(target_endian = "little")]
mod utf16;
#[cfg(target_endian = "big")]
mod utf16 {
    pub(crate) use crate::scalar::no_prefix as utf16le_to_utf8;
    pub(crate) use crate::scalar::no_prefix as utf16be_to_utf8;
    pub(crate) use crate::scalar::no_prefix as utf32_to_utf8;
    pub(crate) use crate::scalar::no_prefix as utf16le_to_utf32;
    pub(crate) use crate::scalar::no_prefix as utf16be_to_utf32;
    pub(crate) use crate::scalar::no_prefix as utf32_to_utf16le;
    pub(crate) use crate::scalar::no_prefix as utf32_to_utf16be;
    pub(crate) use crate::scalar::no_valid_prefix as validate_utf16le;
    pub(crate) use crate::scalar::no_valid_prefix as validate_utf16be;
}
use wide::u8x16;

use crate::scalar::no_prefix;
/// Whether `wide` compiles a byte shuffle to one instruction on this build's
/// target (SSSE3 `pshufb`, NEON `tbl`, WASM `i8x16.swizzle`). Without one,
/// the lookup algorithm does not beat the scalar DFA, and
/// [`crate::Kernel::best`] prefers the scalar kernel.
pub(crate) const NATIVE_SHUFFLE: bool = cfg!(any(
    target_feature = "ssse3",
    target_feature = "simd128",
    all(target_arch = "aarch64", target_feature = "neon")
));

// The trait methods are `unsafe` for the ISA kernels; these are all safe
// (`wide` only uses what the build enables), so the contract holds
// trivially.
impl Simd for u8x16 {
    const BYTES: usize = 16;
    type Small = Self;
    const SHIFT: Shift = Shift::Load;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        u8x16::splat(b)
    }

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `src`;
        // `read_unaligned` has no alignment requirement.
        u8x16::new(unsafe { src.cast::<[u8; 16]>().read_unaligned() })
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        self | other
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        self & other
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        self ^ other
    }

    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        self >> 4
    }

    #[inline(always)]
    unsafe fn lookup16(self, table: [u8; 16]) -> Self {
        if NATIVE_SHUFFLE {
            u8x16::new(table).shuffle(self)
        } else {
            // `wide`'s fallback for `shuffle` tests every index against 16;
            // ours are known to be below 16, so a plain table read per lane
            // does (masked, so the compiler can drop the bounds check).
            let idx = self.to_array();
            u8x16::new(core::array::from_fn(|i| table[usize::from(idx[i] & 15)]))
        }
    }

    #[inline(always)]
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self {
        let (p, s) = (prev.to_array(), self.to_array());
        let mut out = [0; 16];
        out[..N].copy_from_slice(&p[16 - N..]);
        out[N..].copy_from_slice(&s[..16 - N]);
        u8x16::new(out)
    }

    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        u8x16::saturating_sub(self, other)
    }

    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        self.any()
    }

    #[inline(always)]
    unsafe fn any_bit(self) -> bool {
        self.to_array() != [0; 16]
    }
}

fn validate_utf8(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: `u8x16`'s `Simd` methods need no CPU features beyond the
    // build's (see the impl).
    unsafe { generic::utf8::validate::<u8x16, 4>(bytes) }
}

fn is_valid_utf8(bytes: &[u8]) -> bool {
    // SAFETY: as in `validate_utf8`.
    unsafe { generic::utf8::is_valid::<u8x16, 4>(bytes) }
}

fn validate_utf8_blocks(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: as in `validate_utf8`.
    unsafe { generic::utf8::validate_blocks::<u8x16, 4>(bytes) }
}

/// Whether the UTF-8 to UTF-16/UTF-32 steps pay here (see `FNS`).
const WIDE_STEPS: bool = NATIVE_SHUFFLE && cfg!(target_endian = "little");

static FNS: KernelFns = KernelFns {
    validate_utf8,
    is_valid_utf8,
    // UTF-16 and UTF-32.
    utf16le_to_utf8: utf16::utf16le_to_utf8,
    utf16be_to_utf8: utf16::utf16be_to_utf8,
    utf32_to_utf8: utf16::utf32_to_utf8,
    utf16le_to_utf32: utf16::utf16le_to_utf32,
    utf16be_to_utf32: utf16::utf16be_to_utf32,
    utf32_to_utf16le: utf16::utf32_to_utf16le,
    utf32_to_utf16be: utf16::utf32_to_utf16be,
    validate_utf16le: utf16::validate_utf16le,
    validate_utf16be: utf16::validate_utf16be,
    // The scalar UTF-32 validator is a branch-free fold that the compiler
    // vectorises: 35 GB/s against 26 for the generic code over `wide` on
    // x86_64 (SSE2), so this kernel converts no prefix of its own.
    validate_utf32: crate::scalar::no_valid_prefix,
    // Lossy decoding.
    validate_utf8_blocks,
    // Lengths and counts (`crate::count`; `arch::generic::count`): the
    // definitions hold on any input.
    count_chars: count::count_chars,
    utf16_len_from_utf8: count::utf16_len_from_utf8,
    utf8_len_from_utf16le: count::utf8_len_from_utf16le,
    utf8_len_from_utf16be: count::utf8_len_from_utf16be,
    utf8_len_from_utf32: count::utf8_len_from_utf32,
    utf16_len_from_utf32: count::utf16_len_from_utf32,
    utf32_len_from_utf16le: count::utf32_len_from_utf16le,
    utf32_len_from_utf16be: count::utf32_len_from_utf16be,
    // UTF-8 to UTF-16/UTF-32 (issue 4, branch x4-u8): the steps need a
    // one-instruction shuffle (without one, on baseline x86_64, they ran at
    // 0.47 GB/s against the scalar loop's 1.04, geomean of the lipsum
    // files) and little-endian lanes; elsewhere the scalar loop does it.
    utf8_to_utf16le: if WIDE_STEPS { utf8_to_wide::utf8_to_utf16le } else { no_prefix },
    utf8_to_utf16be: if WIDE_STEPS { utf8_to_wide::utf8_to_utf16be } else { no_prefix },
    utf8_to_utf32: if WIDE_STEPS { utf8_to_wide::utf8_to_utf32 } else { no_prefix },
};

/// The portable kernel: always available.
pub(crate) fn fns() -> Option<&'static KernelFns> {
    Some(&FNS)
}
