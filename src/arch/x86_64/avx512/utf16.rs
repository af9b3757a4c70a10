//! placeholder: AVX-512 entries (temporary: generic 128-bit)
use crate::arch::generic::utf16::lanes_entries;
use core::arch::x86_64::__m128i;

lanes_entries!("avx512f,avx512bw,avx512vbmi", __m128i);
