//! UTF-16LE/BE and UTF-32LE/BE given as bytes, at any address and length,
//! against std.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::bytes_input::check(data));
