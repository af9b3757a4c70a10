//! `from_utf8`, `from_utf8_mut` and `string_from_utf8` against core and std.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::dropin::check(data));
