//! The UTF-16 helpers (byte swap, well-formedness, lossy UTF-8 length)
//! against std.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::utf16_tools::check(data));
