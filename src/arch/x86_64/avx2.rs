//! The AVX2 kernel: 256-bit vectors (`__m256i`, see `vector/m256.rs`) for
//! UTF-8 validation (two per 64-byte block), the counts, the ASCII and
//! lead-byte tests of UTF-8 to UTF-16/UTF-32, and the UTF-16/UTF-32 and
//! Latin-1 algorithms.
//!
//! The 16-byte steps of UTF-8 to UTF-16/UTF-32 run on `__m128i`
//! (`vector/m128.rs`), compiled here with three-operand VEX encodings: a
//! step's length depends on the one before it.
//!
//! So the kernel executes the 128-bit vocabulary of the SSE4.2 kernel too
//! (`pshufb`, `palignr`, `ptest`, `packusdw`, `pmaxud`, VEX-encoded), and
//! `avx2` implies `avx`, `sse4.2`, `sse4.1`, `ssse3` and `sse3` to the
//! compiler: it enables and detects all of them. Real CPUs with AVX2 have
//! the others, but a virtual machine may mask CPUID bits independently
//! (`qemu -cpu Haswell,-sse4.1` runs `ci/qemu-x86.sh`'s check). It uses
//! no POPCNT, LZCNT or BMI instruction (none is enabled), so a CPU
//! without them still runs it.

use crate::arch::generic::vector::Ucs2;
use crate::arch::generic::{count, latin1, utf16, utf8, utf8_to_wide, windows1252};
use crate::byte_order::{Be, Le};
use crate::scalar::transcode::{Utf16, Utf32};
use core::arch::x86_64::{__m128i, __m256i};

crate::arch::kernel_table! {
    /// The AVX2 kernel, if this CPU has AVX2, AVX and the SSE4.2 kernel's
    /// features.
    features: super::detected!("sse3", "ssse3", "sse4.1", "sse4.2", "avx", "avx2"),
    validate_utf8: utf8::validate::<__m256i, 2>,
    is_valid_utf8: utf8::is_valid::<__m256i, 2>,
    is_ascii: utf8::all_ascii::<__m256i, 2>,
    validate_utf8_blocks: utf8::validate_blocks::<__m256i, 2>,
    utf8_to_utf16le_prefix: utf8_to_wide::convert::<__m256i, __m128i, 2, Utf16<Le>>,
    utf8_to_utf16be_prefix: utf8_to_wide::convert::<__m256i, __m128i, 2, Utf16<Be>>,
    utf8_to_utf32_prefix: utf8_to_wide::convert::<__m256i, __m128i, 2, Utf32>,
    utf8_to_ucs2_prefix: utf8_to_wide::convert::<__m256i, __m128i, 2, Ucs2>,
    utf16le_to_utf8_prefix: utf16::utf16_to_utf8::<__m256i, Le>,
    utf16be_to_utf8_prefix: utf16::utf16_to_utf8::<__m256i, Be>,
    utf32_to_utf8_prefix: utf16::utf32_to_utf8::<__m256i>,
    utf16le_to_utf32_prefix: utf16::utf16_to_utf32::<__m256i, Le>,
    utf16be_to_utf32_prefix: utf16::utf16_to_utf32::<__m256i, Be>,
    utf32_to_utf16le_prefix: utf16::utf32_to_utf16::<__m256i, Le>,
    utf32_to_utf16be_prefix: utf16::utf32_to_utf16::<__m256i, Be>,
    validate_utf16le_prefix: utf16::validate_utf16::<__m256i, Le>,
    validate_utf16be_prefix: utf16::validate_utf16::<__m256i, Be>,
    validate_utf32_prefix: utf16::validate_utf32::<__m256i>,
    latin1_to_utf8_prefix: latin1::latin1_to_utf8::<__m256i>,
    latin1_to_utf16le_prefix: latin1::latin1_to_utf16::<__m256i, Le>,
    latin1_to_utf16be_prefix: latin1::latin1_to_utf16::<__m256i, Be>,
    latin1_to_utf32_prefix: latin1::latin1_to_utf32::<__m256i>,
    utf8_to_latin1_prefix: latin1::utf8_to_latin1::<__m256i>,
    utf16le_to_latin1_prefix: latin1::utf16_to_latin1::<__m256i, Le>,
    utf16be_to_latin1_prefix: latin1::utf16_to_latin1::<__m256i, Be>,
    utf32_to_latin1_prefix: latin1::utf32_to_latin1::<__m256i>,
    str_to_utf16le_prefix: utf8_to_wide::convert_valid::<__m256i, __m128i, 2, Utf16<Le>>,
    str_to_utf16be_prefix: utf8_to_wide::convert_valid::<__m256i, __m128i, 2, Utf16<Be>>,
    str_to_utf32_prefix: utf8_to_wide::convert_valid::<__m256i, __m128i, 2, Utf32>,
    chars_to_utf8_prefix: utf16::chars_to_utf8::<__m256i>,
    chars_to_utf16le_prefix: utf16::chars_to_utf16::<__m256i, Le>,
    chars_to_utf16be_prefix: utf16::chars_to_utf16::<__m256i, Be>,
    windows1252_to_utf8_prefix: windows1252::windows1252_to_utf8::<__m128i>,
    windows1252_to_utf16le_prefix: windows1252::windows1252_to_utf16::<__m256i, Le>,
    windows1252_to_utf16be_prefix: windows1252::windows1252_to_utf16::<__m256i, Be>,
    windows1252_to_utf32_prefix: windows1252::windows1252_to_utf32::<__m256i>,
    count_chars: count::count_chars::<__m256i>,
    count_chars_and_kind: count::count_chars_and_kind::<__m256i>,
    utf16_len_from_utf8: count::utf16_len_from_utf8::<__m256i>,
    utf8_len_from_utf16le: count::utf8_len_from_utf16::<__m256i, Le>,
    utf8_len_from_utf16be: count::utf8_len_from_utf16::<__m256i, Be>,
    utf8_len_from_utf32: count::utf8_len_from_utf32::<__m256i>,
    utf16_len_from_utf32: count::utf16_len_from_utf32::<__m256i>,
    utf32_len_from_utf16le: count::utf32_len_from_utf16::<__m256i, Le>,
    utf32_len_from_utf16be: count::utf32_len_from_utf16::<__m256i, Be>,
    utf8_len_from_latin1: count::utf8_len_from_latin1::<__m256i>,
}
