//! Inputs of 64 KiB and more through every kernel's validators,
//! transcoders, counts and lossy and legacy decoders, against std.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::long::check(data));
