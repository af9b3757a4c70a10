//! The AVX2 kernel's UTF-16/UTF-32 entries: the generic 128-bit
//! algorithms on `__m128i` (the SSE impl of `Lanes`), compiled with AVX2
//! so they get three-operand VEX encodings.
//!
//! Not 256-bit: the compaction shuffles work per 128-bit lane anyway, and
//! each lane's output needs its own store at its own offset.

use crate::arch::generic::utf16::lanes_entries;
use core::arch::x86_64::__m128i;

lanes_entries!(
    #[target_feature(enable = "avx2")]
    __m128i
);
