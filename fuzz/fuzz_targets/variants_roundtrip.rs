//! Round trips and oracles for the UTF-8 derivatives (`rapidutf::utf8_variants`):
//!
//! - `surrogateescape`: decoding any bytes matches a std-built oracle
//!   (each byte of each maximal invalid subpart escaped to U+DC80..DCFF),
//!   and encoding gives the bytes back;
//! - WTF-8: any `[u16]` (the input's byte pairs) encodes to valid WTF-8
//!   that decodes back to the same units, and to UTF-8 when the units are
//!   valid UTF-16;
//! - CESU-8 and Modified UTF-8: the valid UTF-16 built from the input
//!   (lossily) round-trips through both, from `str` and from `[u16]`;
//!   Modified UTF-8 also round-trips any `[u16]` and never has a `00`;
//! - the input itself, when a derivative's validator accepts it, decodes
//!   and re-encodes to the same bytes; `utf8mb3` accepts exactly UTF-8
//!   without 4-byte characters.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rapidutf_fuzz::variants_roundtrip::check(data));
