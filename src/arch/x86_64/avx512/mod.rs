//! The AVX-512 kernel: one 512-bit vector (`__m512i`, see
//! `vector/m512.rs`) per 64-byte block, and its own UTF-16/UTF-32
//! algorithms (`utf16`) and UTF-8 window conversion (`utf8_to_wide`). The
//! Latin-1 algorithms are the generic ones at 512 bits.
//!
//! It requires F, BW, CD, VBMI and VBMI2, and AVX2, which it also
//! executes: VBMI for the `vpermb` nibble lookups and `vpermt2b` shifts of
//! UTF-8 validation, VBMI2 for `vpcompressb`, CD for `vplzcntd`; and
//! POPCNT and BMI2 (`pdep`), which every AVX-512 CPU has: without POPCNT
//! the compiler counts the bits of each compress mask with a dozen
//! instructions. Ice Lake, Zen 4 and later have them all; older AVX-512
//! CPUs (and Cannon Lake, which lacks VBMI2) use the AVX2 kernel. The
//! list it enables and detects also holds what those imply to the
//! compiler (FMA and F16C by AVX-512F, and the AVX2 kernel's features);
//! VL is neither enabled nor required.

mod utf16;
mod utf8_to_wide;

use crate::arch::generic::vector::Ucs2;
use crate::arch::generic::{count, latin1, utf8, windows1252};
use crate::byte_order::{Be, Le};
use crate::scalar::transcode::{Utf16, Utf32};
use core::arch::x86_64::{__m128i, __m256i, __m512i};

/// Inputs shorter than this are validated with the 256-bit vectors of the
/// AVX2 kernel (which this kernel's CPUs have): measured on Zen 4 with
/// slices of real JSON text, the 512-bit loop ran 96- to 512-byte inputs
/// at 0.55 to 0.95 times the 256-bit one, 1 KiB at 0.92 and 4 KiB at 0.96
/// to 0.99, and wins from 16 KiB on (1.03 at 16 KiB, 1.1 to 1.2 times at
/// 20 to 70 KB).
const WIDE_FROM: usize = 8192;

/// UTF-8 validation, at 256 bits below [`WIDE_FROM`] bytes.
///
/// # Safety
/// The CPU has this kernel's features (so AVX2 too).
#[inline(always)]
unsafe fn validate_by_size(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: the caller guarantees this kernel's features, AVX2 included.
    unsafe {
        if bytes.len() < WIDE_FROM {
            validate_256(bytes)
        } else {
            utf8::validate::<__m512i, 1>(bytes)
        }
    }
}

/// The 256-bit validation with positions, compiled for AVX2 alone and
/// called, not inlined: instantiated inside the AVX-512 entry, the same
/// code ran inputs of 80 to 700 bytes that end in a partial block 2 to 3
/// times slower on Zen 4 (5.8 against 15 GB/s at 96 bytes; the whole-block
/// sizes and `is_valid` were not affected), a code generation effect of
/// the wider feature set that one direct call avoids.
///
/// # Safety
/// The CPU has AVX2.
#[target_feature(enable = "avx2")]
#[inline(never)]
unsafe fn validate_256(bytes: &[u8]) -> Result<(), usize> {
    // SAFETY: this function is compiled with AVX2, V's ISA, and the caller
    // guarantees the CPU has it.
    unsafe { utf8::validate::<__m256i, 2>(bytes) }
}

/// The 256-bit `is_valid`, compiled for AVX2 alone like
/// [`validate_256`], so that below [`WIDE_FROM`] this kernel runs the code
/// of the AVX2 kernel (the entry jumps to it). Inlined into the AVX-512
/// entry it measured 1 to 4 % slower at 256 bytes to 1 KiB.
///
/// # Safety
/// The CPU has AVX2.
#[target_feature(enable = "avx2")]
#[inline(never)]
unsafe fn is_valid_256(bytes: &[u8]) -> bool {
    // SAFETY: this function is compiled with AVX2, V's ISA, and the caller
    // guarantees the CPU has it.
    unsafe { utf8::is_valid::<__m256i, 2>(bytes) }
}

/// Whether the input is valid UTF-8, at 256 bits below [`WIDE_FROM`]
/// bytes (as [`validate_by_size`]).
///
/// # Safety
/// The CPU has this kernel's features (so AVX2 too).
#[inline(always)]
unsafe fn is_valid_by_size(bytes: &[u8]) -> bool {
    // SAFETY: the caller guarantees this kernel's features, AVX2 included.
    unsafe {
        if bytes.len() < WIDE_FROM {
            is_valid_256(bytes)
        } else {
            utf8::is_valid::<__m512i, 1>(bytes)
        }
    }
}

crate::arch::kernel_table! {
    /// The AVX-512 kernel, if this CPU has AVX-512 F, BW, CD, VBMI and
    /// VBMI2, POPCNT and BMI2, and what they imply (the AVX2 kernel's
    /// features, FMA and F16C).
    features: super::detected!(
        "sse3", "ssse3", "sse4.1", "sse4.2", "avx", "avx2", "fma", "f16c",
        "avx512f", "avx512bw", "avx512cd", "avx512vbmi", "avx512vbmi2", "popcnt", "bmi2",
    ),
    validate_utf8: validate_by_size,
    is_valid_utf8: is_valid_by_size,
    is_ascii: utf8::all_ascii::<__m512i, 1>,
    validate_utf8_blocks: utf8::validate_blocks::<__m512i, 1>,
    utf8_to_utf16le_prefix: crate::arch::generic::utf8_to_wide::convert::<__m512i, __m128i, 1, Utf16<Le>>,
    utf8_to_utf16be_prefix: crate::arch::generic::utf8_to_wide::convert::<__m512i, __m128i, 1, Utf16<Be>>,
    utf8_to_utf32_prefix: crate::arch::generic::utf8_to_wide::convert::<__m512i, __m128i, 1, Utf32>,
    utf8_to_ucs2_prefix: crate::arch::generic::utf8_to_wide::convert::<__m512i, __m128i, 1, Ucs2>,
    utf16le_to_utf8_prefix: utf16::utf16_to_utf8::<Le>,
    utf16be_to_utf8_prefix: utf16::utf16_to_utf8::<Be>,
    utf32_to_utf8_prefix: utf16::utf32_to_utf8,
    utf16le_to_utf32_prefix: utf16::utf16_to_utf32::<Le>,
    utf16be_to_utf32_prefix: utf16::utf16_to_utf32::<Be>,
    utf32_to_utf16le_prefix: utf16::utf32_to_utf16::<Le>,
    utf32_to_utf16be_prefix: utf16::utf32_to_utf16::<Be>,
    latin1_to_utf8_prefix: latin1::latin1_to_utf8::<__m512i>,
    latin1_to_utf16le_prefix: latin1::latin1_to_utf16::<__m512i, Le>,
    latin1_to_utf16be_prefix: latin1::latin1_to_utf16::<__m512i, Be>,
    latin1_to_utf32_prefix: latin1::latin1_to_utf32::<__m512i>,
    utf8_to_latin1_prefix: latin1::utf8_to_latin1::<__m512i>,
    utf16le_to_latin1_prefix: latin1::utf16_to_latin1::<__m512i, Le>,
    utf16be_to_latin1_prefix: latin1::utf16_to_latin1::<__m512i, Be>,
    utf32_to_latin1_prefix: latin1::utf32_to_latin1::<__m512i>,
    str_to_utf16le_prefix: crate::arch::generic::utf8_to_wide::convert_valid::<__m512i, __m128i, 1, Utf16<Le>>,
    str_to_utf16be_prefix: crate::arch::generic::utf8_to_wide::convert_valid::<__m512i, __m128i, 1, Utf16<Be>>,
    str_to_utf32_prefix: crate::arch::generic::utf8_to_wide::convert_valid::<__m512i, __m128i, 1, Utf32>,
    chars_to_utf8_prefix: utf16::chars_to_utf8,
    chars_to_utf16le_prefix: utf16::chars_to_utf16::<Le>,
    chars_to_utf16be_prefix: utf16::chars_to_utf16::<Be>,
    windows1252_to_utf8_prefix: windows1252::windows1252_to_utf8::<__m128i>,
    windows1252_to_utf16le_prefix: windows1252::windows1252_to_utf16::<__m256i, Le>,
    windows1252_to_utf16be_prefix: windows1252::windows1252_to_utf16::<__m256i, Be>,
    windows1252_to_utf32_prefix: windows1252::windows1252_to_utf32::<__m256i>,
    validate_utf16le_prefix: utf16::validate_utf16::<Le>,
    validate_utf16be_prefix: utf16::validate_utf16::<Be>,
    validate_utf32_prefix: utf16::validate_utf32,
    count_chars: count::count_chars::<__m512i>,
    count_chars_and_kind: count::count_chars_and_kind::<__m512i>,
    utf16_len_from_utf8: count::utf16_len_from_utf8::<__m512i>,
    utf8_len_from_utf16le: count::utf8_len_from_utf16::<__m512i, Le>,
    utf8_len_from_utf16be: count::utf8_len_from_utf16::<__m512i, Be>,
    utf8_len_from_utf32: count::utf8_len_from_utf32::<__m512i>,
    utf16_len_from_utf32: count::utf16_len_from_utf32::<__m512i>,
    utf32_len_from_utf16le: count::utf32_len_from_utf16::<__m512i, Le>,
    utf32_len_from_utf16be: count::utf32_len_from_utf16::<__m512i, Be>,
    utf8_len_from_latin1: count::utf8_len_from_latin1::<__m512i>,
}
