//! UTF-8 → UTF-16/UTF-32 → UTF-8 round trips on valid input, core's exact
//! error on invalid input, the same bytes read as UTF-16 and UTF-32
//! against std, and the lossy decoders and length functions.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::roundtrip::check(data));
