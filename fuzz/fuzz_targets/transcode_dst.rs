//! Every transcoder with output buffers of fuzzer-chosen and edge sizes:
//! never a panic or a write past `dst`; `Ok`, `OutputTooSmall` or
//! `Invalid` exactly as std's decoding of the input predicts.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::transcode_dst::check(data));
