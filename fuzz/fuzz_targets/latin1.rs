//! Every Latin-1 conversion, through the free functions and every kernel,
//! with output buffers of fuzzer-chosen sizes, against std.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::latin1::check(data));
