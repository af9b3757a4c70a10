//! The lossy encoders from UTF-8 to Latin-1 and Windows-1252, with
//! fuzzer-chosen replacement bytes and `dst` sizes, against std.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::single_byte_lossy::check(data));
