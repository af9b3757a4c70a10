//! `str_to_*` and `chars_to_*` (every kernel and the free functions,
//! every edge `dst` size, the appending and allocating forms) against
//! std's encoders, on short and long valid text.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::str_chars::check(data));
