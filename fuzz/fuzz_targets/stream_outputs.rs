//! `Utf32Decoder` and `Utf8Decoder`'s UTF-32, UTF-8 and error-strategy
//! outputs over any chunking against the whole input's conversion by std.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::stream_outputs::check(data));
