//! The portable kernel: the generic algorithms over `wide::u8x16` (see
//! `vector.rs`), for targets without a dedicated kernel.
//!
//! `wide` compiles each operation to the best instructions the build's
//! target features allow (SSE2/SSSE3 on x86, NEON, WASM `simd128`) and to
//! plain Rust otherwise, so this kernel needs no runtime detection: it is
//! available everywhere. Its `unsafe` is that of the generic algorithms'
//! pointer arithmetic, and a reinterpretation of 16-byte vectors in
//! `vector.rs`; no CPU feature is assumed beyond the build's. Its speed
//! depends on the target: the byte shuffle behind `lookup16` is one
//! instruction with SSSE3, NEON or `simd128`, but a 16-step loop on
//! baseline x86_64 (SSE2 only).

mod vector;

use crate::arch::generic::vector::Ucs2;
use crate::arch::generic::{count, latin1, utf16, utf8, utf8_to_wide, windows1252};
use crate::arch::scalar::skip;
use crate::byte_order::{Be, Le};
use crate::scalar::transcode::{Utf16, Utf32};
use wide::u8x16;

cfg_if::cfg_if! {
    if #[cfg(any(
        target_feature = "ssse3",
        target_feature = "simd128",
        all(target_arch = "aarch64", target_feature = "neon")
    ))] {
        /// Whether `wide` compiles a byte shuffle to one instruction on
        /// this build's target (SSSE3 `pshufb`, NEON `tbl`, WASM
        /// `i8x16.swizzle`). Without one, the lookup algorithm does not
        /// beat the scalar DFA, and [`crate::Kernel::best`] prefers the
        /// scalar kernel; the table-driven conversions step aside
        /// (`Vector::FAST_SHUFFLE`), and big-endian targets leave the
        /// algorithms over wider units to the scalar code
        /// (`Vector::LITTLE_LANES`).
        pub(crate) const NATIVE_SHUFFLE: bool = true;
    } else {
        /// See the other branch.
        pub(crate) const NATIVE_SHUFFLE: bool = false;
    }
}

crate::arch::kernel_table! {
    /// The portable kernel: always available.
    detect: true,
    attrs: [],
    validate_utf8: utf8::validate::<u8x16, 4>,
    is_valid_utf8: utf8::is_valid::<u8x16, 4>,
    is_ascii: utf8::all_ascii::<u8x16, 4>,
    validate_utf8_blocks: utf8::validate_blocks::<u8x16, 4>,
    utf8_to_utf16le_prefix: utf8_to_wide::convert::<u8x16, u8x16, 4, Utf16<Le>>,
    utf8_to_utf16be_prefix: utf8_to_wide::convert::<u8x16, u8x16, 4, Utf16<Be>>,
    utf8_to_utf32_prefix: utf8_to_wide::convert::<u8x16, u8x16, 4, Utf32>,
    utf8_to_ucs2_prefix: utf8_to_wide::convert::<u8x16, u8x16, 4, Ucs2>,
    utf16le_to_utf8_prefix: utf16::utf16_to_utf8::<u8x16, Le>,
    utf16be_to_utf8_prefix: utf16::utf16_to_utf8::<u8x16, Be>,
    utf32_to_utf8_prefix: utf16::utf32_to_utf8::<u8x16>,
    utf16le_to_utf32_prefix: utf16::utf16_to_utf32::<u8x16, Le>,
    utf16be_to_utf32_prefix: utf16::utf16_to_utf32::<u8x16, Be>,
    utf32_to_utf16le_prefix: utf16::utf32_to_utf16::<u8x16, Le>,
    utf32_to_utf16be_prefix: utf16::utf32_to_utf16::<u8x16, Be>,
    latin1_to_utf8_prefix: latin1::latin1_to_utf8::<u8x16>,
    latin1_to_utf16le_prefix: latin1::latin1_to_utf16::<u8x16, Le>,
    latin1_to_utf16be_prefix: latin1::latin1_to_utf16::<u8x16, Be>,
    latin1_to_utf32_prefix: latin1::latin1_to_utf32::<u8x16>,
    utf8_to_latin1_prefix: latin1::utf8_to_latin1::<u8x16>,
    utf16le_to_latin1_prefix: latin1::utf16_to_latin1::<u8x16, Le>,
    utf16be_to_latin1_prefix: latin1::utf16_to_latin1::<u8x16, Be>,
    utf32_to_latin1_prefix: latin1::utf32_to_latin1::<u8x16>,
    str_to_utf16le_prefix: utf8_to_wide::convert_valid::<u8x16, u8x16, 4, Utf16<Le>>,
    str_to_utf16be_prefix: utf8_to_wide::convert_valid::<u8x16, u8x16, 4, Utf16<Be>>,
    str_to_utf32_prefix: utf8_to_wide::convert_valid::<u8x16, u8x16, 4, Utf32>,
    chars_to_utf8_prefix: utf16::chars_to_utf8::<u8x16>,
    chars_to_utf16le_prefix: utf16::chars_to_utf16::<u8x16, Le>,
    chars_to_utf16be_prefix: utf16::chars_to_utf16::<u8x16, Be>,
    windows1252_to_utf8_prefix: windows1252::windows1252_to_utf8::<u8x16>,
    windows1252_to_utf16le_prefix: windows1252::windows1252_to_utf16::<u8x16, Le>,
    windows1252_to_utf16be_prefix: windows1252::windows1252_to_utf16::<u8x16, Be>,
    windows1252_to_utf32_prefix: windows1252::windows1252_to_utf32::<u8x16>,
    validate_utf16le_prefix: utf16::validate_utf16::<u8x16, Le>,
    validate_utf16be_prefix: utf16::validate_utf16::<u8x16, Be>,
    // The scalar UTF-32 validator is a branch-free fold that the compiler
    // vectorises: 35 GB/s against 26 for the generic code over `wide` on
    // x86_64 (SSE2), so this kernel vouches for no prefix of its own.
    validate_utf32_prefix: skip::valid_prefix,
    count_chars: count::count_chars::<u8x16>,
    count_chars_and_kind: count::count_chars_and_kind::<u8x16>,
    utf16_len_from_utf8: count::utf16_len_from_utf8::<u8x16>,
    utf8_len_from_utf16le: count::utf8_len_from_utf16::<u8x16, Le>,
    utf8_len_from_utf16be: count::utf8_len_from_utf16::<u8x16, Be>,
    utf8_len_from_utf32: count::utf8_len_from_utf32::<u8x16>,
    utf16_len_from_utf32: count::utf16_len_from_utf32::<u8x16>,
    utf32_len_from_utf16le: count::utf32_len_from_utf16::<u8x16, Le>,
    utf32_len_from_utf16be: count::utf32_len_from_utf16::<u8x16, Be>,
    utf8_len_from_latin1: count::utf8_len_from_latin1::<u8x16>,
}
