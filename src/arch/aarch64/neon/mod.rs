//! The NEON (Advanced SIMD) kernel: 128-bit vectors (`uint8x16_t`, see
//! `vector.rs`), four per 64-byte block.
//!
//! The UTF-16/UTF-32 algorithms, the UTF-8 to UTF-16/UTF-32 steps and the
//! counts of 16- and 32-bit units assume little-endian lanes (their
//! shuffle tables pick bytes by position, and a load of bytes viewed as
//! wider lanes is little-endian only there): on aarch64_be they step
//! aside (`Vector::LITTLE_LANES`), as in the portable kernel, and the
//! scalar code does the work.

mod vector;

use crate::arch::generic::vector::Ucs2;
use crate::arch::generic::{count, latin1, utf16, utf8, utf8_to_wide, windows1252};
use crate::byte_order::{Be, Le};
use crate::scalar::transcode::{Utf16, Utf32};
use core::arch::aarch64::uint8x16_t;

crate::arch::kernel_table! {
    /// The NEON kernel, if this CPU has NEON (every standard aarch64 CPU).
    features: super::detected!("neon"),
    validate_utf8: utf8::validate::<uint8x16_t, 4>,
    is_valid_utf8: utf8::is_valid::<uint8x16_t, 4>,
    is_ascii: utf8::all_ascii::<uint8x16_t, 4>,
    validate_utf8_blocks: utf8::validate_blocks::<uint8x16_t, 4>,
    utf8_to_utf16le_prefix: utf8_to_wide::convert::<uint8x16_t, uint8x16_t, 4, Utf16<Le>>,
    utf8_to_utf16be_prefix: utf8_to_wide::convert::<uint8x16_t, uint8x16_t, 4, Utf16<Be>>,
    utf8_to_utf32_prefix: utf8_to_wide::convert::<uint8x16_t, uint8x16_t, 4, Utf32>,
    utf8_to_ucs2_prefix: utf8_to_wide::convert::<uint8x16_t, uint8x16_t, 4, Ucs2>,
    utf16le_to_utf8_prefix: utf16::utf16_to_utf8::<uint8x16_t, Le>,
    utf16be_to_utf8_prefix: utf16::utf16_to_utf8::<uint8x16_t, Be>,
    utf32_to_utf8_prefix: utf16::utf32_to_utf8::<uint8x16_t>,
    utf16le_to_utf32_prefix: utf16::utf16_to_utf32::<uint8x16_t, Le>,
    utf16be_to_utf32_prefix: utf16::utf16_to_utf32::<uint8x16_t, Be>,
    utf32_to_utf16le_prefix: utf16::utf32_to_utf16::<uint8x16_t, Le>,
    utf32_to_utf16be_prefix: utf16::utf32_to_utf16::<uint8x16_t, Be>,
    latin1_to_utf8_prefix: latin1::latin1_to_utf8::<uint8x16_t>,
    latin1_to_utf16le_prefix: latin1::latin1_to_utf16::<uint8x16_t, Le>,
    latin1_to_utf16be_prefix: latin1::latin1_to_utf16::<uint8x16_t, Be>,
    latin1_to_utf32_prefix: latin1::latin1_to_utf32::<uint8x16_t>,
    utf8_to_latin1_prefix: latin1::utf8_to_latin1::<uint8x16_t>,
    utf16le_to_latin1_prefix: latin1::utf16_to_latin1::<uint8x16_t, Le>,
    utf16be_to_latin1_prefix: latin1::utf16_to_latin1::<uint8x16_t, Be>,
    utf32_to_latin1_prefix: latin1::utf32_to_latin1::<uint8x16_t>,
    str_to_utf16le_prefix: utf8_to_wide::convert_valid::<uint8x16_t, uint8x16_t, 4, Utf16<Le>>,
    str_to_utf16be_prefix: utf8_to_wide::convert_valid::<uint8x16_t, uint8x16_t, 4, Utf16<Be>>,
    str_to_utf32_prefix: utf8_to_wide::convert_valid::<uint8x16_t, uint8x16_t, 4, Utf32>,
    chars_to_utf8_prefix: utf16::chars_to_utf8::<uint8x16_t>,
    chars_to_utf16le_prefix: utf16::chars_to_utf16::<uint8x16_t, Le>,
    chars_to_utf16be_prefix: utf16::chars_to_utf16::<uint8x16_t, Be>,
    windows1252_to_utf8_prefix: windows1252::windows1252_to_utf8::<uint8x16_t>,
    windows1252_to_utf16le_prefix: windows1252::windows1252_to_utf16::<uint8x16_t, Le>,
    windows1252_to_utf16be_prefix: windows1252::windows1252_to_utf16::<uint8x16_t, Be>,
    windows1252_to_utf32_prefix: windows1252::windows1252_to_utf32::<uint8x16_t>,
    validate_utf16le_prefix: utf16::validate_utf16::<uint8x16_t, Le>,
    validate_utf16be_prefix: utf16::validate_utf16::<uint8x16_t, Be>,
    validate_utf32_prefix: utf16::validate_utf32::<uint8x16_t>,
    count_chars: count::count_chars::<uint8x16_t>,
    count_chars_and_kind: count::count_chars_and_kind::<uint8x16_t>,
    utf16_len_from_utf8: count::utf16_len_from_utf8::<uint8x16_t>,
    utf8_len_from_utf16le: count::utf8_len_from_utf16::<uint8x16_t, Le>,
    utf8_len_from_utf16be: count::utf8_len_from_utf16::<uint8x16_t, Be>,
    utf8_len_from_utf32: count::utf8_len_from_utf32::<uint8x16_t>,
    utf16_len_from_utf32: count::utf16_len_from_utf32::<uint8x16_t>,
    utf32_len_from_utf16le: count::utf32_len_from_utf16::<uint8x16_t, Le>,
    utf32_len_from_utf16be: count::utf32_len_from_utf16::<uint8x16_t, Be>,
    utf8_len_from_latin1: count::utf8_len_from_latin1::<uint8x16_t>,
}
