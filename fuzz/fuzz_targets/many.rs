//! Many-strings validation (offsets of every type, ranges, every kernel)
//! against `core::str::from_utf8` per string.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::many::check(data));
