//! The `strategy` target: lossy UTF-8 decoding with every error strategy
//! (`utf8_to_string_lossy_with`, `utf8_to_utf16_lossy_with` and
//! `ErrorStrategy`'s names) against std's chunking into maximal invalid
//! subparts (`rapidutf_testkit::reference::lossy_with`), and the plain
//! lossy decoders against `String::from_utf8_lossy`: every kernel's
//! `utf8_to_string_lossy`, and the dispatching `utf8_to_string_lossy` and
//! `utf8_to_utf16{,le,be}_lossy`.
//!
//! Input: one byte of flags (bit 0: a long input, at least
//! [`LONG`](crate::LONG) bytes, from runs of the rest), then the bytes.

use crate::{long, seed, Input, LONG};
use rapidutf::{ErrorStrategy, Kernel};
use rapidutf_testkit::reference::{lossy_with, Substitute};
use std::borrow::Cow;

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let rest = input.rest();
    let long_input;
    let bytes = if flags & 1 == 1 {
        long_input = long(rest, seed(data), LONG);
        &long_input[..]
    } else {
        rest
    };
    let valid = core::str::from_utf8(bytes).is_ok();
    for &strategy in ErrorStrategy::ALL {
        let name = strategy.name();
        assert_eq!(name.parse(), Ok(strategy), "{name} does not parse back");
        assert_eq!(strategy.to_string(), name);
        let sub = Substitute::named(name).unwrap_or_else(|| panic!("no reference for {name}"));
        let want = lossy_with(bytes, sub);
        let got = rapidutf::utf8_to_string_lossy_with(bytes, strategy);
        assert!(got == want, "utf8_to_string_lossy_with({name})");
        assert_eq!(matches!(got, Cow::Borrowed(_)), valid, "{name}: borrows exactly when valid");
        let units = rapidutf::utf8_to_utf16_lossy_with(bytes, strategy);
        assert!(want.encode_utf16().eq(units.iter().copied()), "utf8_to_utf16_lossy_with({name})");
    }
    let want = String::from_utf8_lossy(bytes);
    assert!(rapidutf::utf8_to_string_lossy(bytes) == want, "utf8_to_string_lossy");
    for k in Kernel::available() {
        assert!(k.utf8_to_string_lossy(bytes) == want, "{k}: utf8_to_string_lossy");
    }
    let units: Vec<u16> = want.encode_utf16().collect();
    assert!(rapidutf::utf8_to_utf16_lossy(bytes) == units, "utf8_to_utf16_lossy");
    let le: Vec<u16> = units.iter().map(|u| u.to_le()).collect();
    assert!(rapidutf::utf8_to_utf16le_lossy(bytes) == le, "utf8_to_utf16le_lossy");
    let be: Vec<u16> = units.iter().map(|u| u.to_be()).collect();
    assert!(rapidutf::utf8_to_utf16be_lossy(bytes) == be, "utf8_to_utf16be_lossy");
}
