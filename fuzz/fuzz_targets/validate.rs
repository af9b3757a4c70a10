//! Every available kernel's UTF-8 validation, and the free functions,
//! against `core::str::from_utf8`, at two alignments.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::validate::check(data));
