//! The SSE4.2 kernel: 128-bit vectors (`__m128i`, see `vector/m128.rs`),
//! four per 64-byte block.
//!
//! It executes SSSE3 (`pshufb`, `palignr`) and SSE4.1 (`ptest`, `pmaxud`,
//! `packusdw`) instructions besides SSE4.2, so it enables and detects all
//! three, and SSE3, which they imply to the compiler: real CPUs with
//! SSE4.2 have the others, but a virtual machine may mask CPUID bits
//! independently. POPCNT is not enabled (Nehalem-class CPUs without it
//! run the kernel).

use crate::arch::generic::vector::Ucs2;
use crate::arch::generic::{count, latin1, utf16, utf8, utf8_to_wide, windows1252};
use crate::byte_order::{Be, Le};
use crate::scalar::transcode::{Utf16, Utf32};
use core::arch::x86_64::__m128i;

crate::arch::kernel_table! {
    /// The SSE4.2 kernel, if this CPU has SSE3, SSSE3, SSE4.1 and SSE4.2.
    features: super::detected!("sse3", "ssse3", "sse4.1", "sse4.2"),
    validate_utf8: utf8::validate::<__m128i, 4>,
    is_valid_utf8: utf8::is_valid::<__m128i, 4>,
    is_ascii: utf8::all_ascii::<__m128i, 4>,
    validate_utf8_blocks: utf8::validate_blocks::<__m128i, 4>,
    utf8_to_utf16le_prefix: utf8_to_wide::convert::<__m128i, __m128i, 4, Utf16<Le>>,
    utf8_to_utf16be_prefix: utf8_to_wide::convert::<__m128i, __m128i, 4, Utf16<Be>>,
    utf8_to_utf32_prefix: utf8_to_wide::convert::<__m128i, __m128i, 4, Utf32>,
    utf8_to_ucs2_prefix: utf8_to_wide::convert::<__m128i, __m128i, 4, Ucs2>,
    utf16le_to_utf8_prefix: utf16::utf16_to_utf8::<__m128i, Le>,
    utf16be_to_utf8_prefix: utf16::utf16_to_utf8::<__m128i, Be>,
    utf32_to_utf8_prefix: utf16::utf32_to_utf8::<__m128i>,
    utf16le_to_utf32_prefix: utf16::utf16_to_utf32::<__m128i, Le>,
    utf16be_to_utf32_prefix: utf16::utf16_to_utf32::<__m128i, Be>,
    utf32_to_utf16le_prefix: utf16::utf32_to_utf16::<__m128i, Le>,
    utf32_to_utf16be_prefix: utf16::utf32_to_utf16::<__m128i, Be>,
    latin1_to_utf8_prefix: latin1::latin1_to_utf8::<__m128i>,
    latin1_to_utf16le_prefix: latin1::latin1_to_utf16::<__m128i, Le>,
    latin1_to_utf16be_prefix: latin1::latin1_to_utf16::<__m128i, Be>,
    latin1_to_utf32_prefix: latin1::latin1_to_utf32::<__m128i>,
    utf8_to_latin1_prefix: latin1::utf8_to_latin1::<__m128i>,
    utf16le_to_latin1_prefix: latin1::utf16_to_latin1::<__m128i, Le>,
    utf16be_to_latin1_prefix: latin1::utf16_to_latin1::<__m128i, Be>,
    utf32_to_latin1_prefix: latin1::utf32_to_latin1::<__m128i>,
    str_to_utf16le_prefix: utf8_to_wide::convert_valid::<__m128i, __m128i, 4, Utf16<Le>>,
    str_to_utf16be_prefix: utf8_to_wide::convert_valid::<__m128i, __m128i, 4, Utf16<Be>>,
    str_to_utf32_prefix: utf8_to_wide::convert_valid::<__m128i, __m128i, 4, Utf32>,
    chars_to_utf8_prefix: utf16::chars_to_utf8::<__m128i>,
    chars_to_utf16le_prefix: utf16::chars_to_utf16::<__m128i, Le>,
    chars_to_utf16be_prefix: utf16::chars_to_utf16::<__m128i, Be>,
    windows1252_to_utf8_prefix: windows1252::windows1252_to_utf8::<__m128i>,
    windows1252_to_utf16le_prefix: windows1252::windows1252_to_utf16::<__m128i, Le>,
    windows1252_to_utf16be_prefix: windows1252::windows1252_to_utf16::<__m128i, Be>,
    windows1252_to_utf32_prefix: windows1252::windows1252_to_utf32::<__m128i>,
    validate_utf16le_prefix: utf16::validate_utf16::<__m128i, Le>,
    validate_utf16be_prefix: utf16::validate_utf16::<__m128i, Be>,
    validate_utf32_prefix: utf16::validate_utf32::<__m128i>,
    count_chars: count::count_chars::<__m128i>,
    count_chars_and_kind: count::count_chars_and_kind::<__m128i>,
    utf16_len_from_utf8: count::utf16_len_from_utf8::<__m128i>,
    utf8_len_from_utf16le: count::utf8_len_from_utf16::<__m128i, Le>,
    utf8_len_from_utf16be: count::utf8_len_from_utf16::<__m128i, Be>,
    utf8_len_from_utf32: count::utf8_len_from_utf32::<__m128i>,
    utf16_len_from_utf32: count::utf16_len_from_utf32::<__m128i>,
    utf32_len_from_utf16le: count::utf32_len_from_utf16::<__m128i, Le>,
    utf32_len_from_utf16be: count::utf32_len_from_utf16::<__m128i, Be>,
    utf8_len_from_latin1: count::utf8_len_from_latin1::<__m128i>,
}
