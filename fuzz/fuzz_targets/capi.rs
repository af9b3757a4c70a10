//! Every `rapidutf_*` C function against the Rust API it wraps, on heap
//! buffers of exactly the size passed.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::capi::check(data));
