//! Encoding detection and byte-order marks against a reference written from
//! the documented rules on std's decoders.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::detect::check(data));
