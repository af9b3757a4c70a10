//! Lossy UTF-8 decoding with every error strategy against std's chunking,
//! and every kernel's plain lossy decoding against `String::from_utf8_lossy`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::strategy::check(data));
