//! `stream::Utf8Validator` over a random chunking of random bytes agrees
//! with the whole-buffer `validate_utf8` and with `core::str::from_utf8`.
//!
//! Input: one byte `k`, then `k` chunk lengths (one byte each), then the
//! text; the chunks cycle over the lengths (a 0 length pushes an empty
//! chunk, then one byte).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::stream_validate::check(data));
