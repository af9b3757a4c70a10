//! `stream::Utf8Decoder` and `stream::Utf16Decoder`, over a random
//! chunking of random input into output buffers of random sizes, agree
//! with the whole-buffer transcoders (strict) and with std's lossy
//! decoding (lossy).
//!
//! Input: one byte of flags (bit 0: lossy, bit 1: big-endian UTF-16),
//! one byte `k`, `k` bytes of chunk lengths, `k` bytes of output sizes,
//! then the text: as UTF-8 for the UTF-8 decoder, and its byte pairs as
//! UTF-16 units for the UTF-16 decoder.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::stream_decode::check(data));
