//! Every allocating and appending conversion against std, with long inputs
//! whose script changes so the sampled output sizing regrows.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::alloc_append::check(data));
