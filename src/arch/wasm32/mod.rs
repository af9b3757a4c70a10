//! The WebAssembly `simd128` kernel: 128-bit vectors (`v128`, see
//! `vector.rs`), four per 64-byte block, for every entry.
//!
//! WebAssembly has no runtime feature detection: a module either uses
//! SIMD instructions or it does not validate on an engine without them.
//! So the kernel exists only in builds with `-C target-feature=+simd128`,
//! where it is always available; without it the scalar and portable
//! kernels serve (and the portable kernel, on `wide`, is scalar code too).
//!
//! WebAssembly is little-endian, as the UTF-16/UTF-32 algorithms require.

mod vector;

use crate::arch::generic::vector::Ucs2;
use crate::arch::generic::{count, latin1, utf16, utf8, utf8_to_wide, windows1252};
use crate::byte_order::{Be, Le};
use crate::scalar::transcode::{Utf16, Utf32};
use core::arch::wasm32::v128;

crate::arch::kernel_table! {
    /// The simd128 kernel: always available in a build that has it.
    detect: cfg!(target_feature = "simd128"),
    attrs: [#[target_feature(enable = "simd128")]],
    validate_utf8: utf8::validate::<v128, 4>,
    is_valid_utf8: utf8::is_valid::<v128, 4>,
    is_ascii: utf8::all_ascii::<v128, 4>,
    validate_utf8_blocks: utf8::validate_blocks::<v128, 4>,
    utf8_to_utf16le_prefix: utf8_to_wide::convert::<v128, v128, 4, Utf16<Le>>,
    utf8_to_utf16be_prefix: utf8_to_wide::convert::<v128, v128, 4, Utf16<Be>>,
    utf8_to_utf32_prefix: utf8_to_wide::convert::<v128, v128, 4, Utf32>,
    utf8_to_ucs2_prefix: utf8_to_wide::convert::<v128, v128, 4, Ucs2>,
    utf16le_to_utf8_prefix: utf16::utf16_to_utf8::<v128, Le>,
    utf16be_to_utf8_prefix: utf16::utf16_to_utf8::<v128, Be>,
    utf32_to_utf8_prefix: utf16::utf32_to_utf8::<v128>,
    utf16le_to_utf32_prefix: utf16::utf16_to_utf32::<v128, Le>,
    utf16be_to_utf32_prefix: utf16::utf16_to_utf32::<v128, Be>,
    utf32_to_utf16le_prefix: utf16::utf32_to_utf16::<v128, Le>,
    utf32_to_utf16be_prefix: utf16::utf32_to_utf16::<v128, Be>,
    latin1_to_utf8_prefix: latin1::latin1_to_utf8::<v128>,
    latin1_to_utf16le_prefix: latin1::latin1_to_utf16::<v128, Le>,
    latin1_to_utf16be_prefix: latin1::latin1_to_utf16::<v128, Be>,
    latin1_to_utf32_prefix: latin1::latin1_to_utf32::<v128>,
    utf8_to_latin1_prefix: latin1::utf8_to_latin1::<v128>,
    utf16le_to_latin1_prefix: latin1::utf16_to_latin1::<v128, Le>,
    utf16be_to_latin1_prefix: latin1::utf16_to_latin1::<v128, Be>,
    utf32_to_latin1_prefix: latin1::utf32_to_latin1::<v128>,
    str_to_utf16le_prefix: utf8_to_wide::convert_valid::<v128, v128, 4, Utf16<Le>>,
    str_to_utf16be_prefix: utf8_to_wide::convert_valid::<v128, v128, 4, Utf16<Be>>,
    str_to_utf32_prefix: utf8_to_wide::convert_valid::<v128, v128, 4, Utf32>,
    chars_to_utf8_prefix: utf16::chars_to_utf8::<v128>,
    chars_to_utf16le_prefix: utf16::chars_to_utf16::<v128, Le>,
    chars_to_utf16be_prefix: utf16::chars_to_utf16::<v128, Be>,
    windows1252_to_utf8_prefix: windows1252::windows1252_to_utf8::<v128>,
    windows1252_to_utf16le_prefix: windows1252::windows1252_to_utf16::<v128, Le>,
    windows1252_to_utf16be_prefix: windows1252::windows1252_to_utf16::<v128, Be>,
    windows1252_to_utf32_prefix: windows1252::windows1252_to_utf32::<v128>,
    validate_utf16le_prefix: utf16::validate_utf16::<v128, Le>,
    validate_utf16be_prefix: utf16::validate_utf16::<v128, Be>,
    validate_utf32_prefix: utf16::validate_utf32::<v128>,
    count_chars: count::count_chars::<v128>,
    count_chars_and_kind: count::count_chars_and_kind::<v128>,
    utf16_len_from_utf8: count::utf16_len_from_utf8::<v128>,
    utf8_len_from_utf16le: count::utf8_len_from_utf16::<v128, Le>,
    utf8_len_from_utf16be: count::utf8_len_from_utf16::<v128, Be>,
    utf8_len_from_utf32: count::utf8_len_from_utf32::<v128>,
    utf16_len_from_utf32: count::utf16_len_from_utf32::<v128>,
    utf32_len_from_utf16le: count::utf32_len_from_utf16::<v128, Le>,
    utf32_len_from_utf16be: count::utf32_len_from_utf16::<v128, Be>,
    utf8_len_from_latin1: count::utf8_len_from_latin1::<v128>,
}
