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

use rapidutf::utf8_variants as d;

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    surrogateescape(data);
    let units: Vec<u16> = data.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect();
    wtf8(&units);
    cesu8_and_mutf8(&units);
    validated_input(data);
}

fn surrogateescape(bytes: &[u8]) {
    // The oracle: std's maximal subparts, each byte escaped.
    let mut expect = Vec::new();
    let mut rest = bytes;
    loop {
        match core::str::from_utf8(rest) {
            Ok(s) => {
                expect.extend(s.encode_utf16());
                break;
            }
            Err(e) => {
                let (valid, bad) = rest.split_at(e.valid_up_to());
                expect.extend(core::str::from_utf8(valid).unwrap().encode_utf16());
                let n = e.error_len().unwrap_or(bad.len());
                expect.extend(bad[..n].iter().map(|&b| 0xDC00 | u16::from(b)));
                rest = &bad[n..];
            }
        }
    }
    let units = d::decode_surrogateescape(bytes);
    assert_eq!(units, expect);
    assert_eq!(d::encode_surrogateescape(&units).expect("escaped units encode"), bytes);
    // OPTU-8 decodes to valid UTF-16.
    assert!(String::from_utf16(&d::decode_optu8(bytes)).is_ok());
}

fn wtf8(units: &[u16]) {
    let bytes = d::utf16_to_wtf8_vec(units);
    assert_eq!(d::validate_wtf8(&bytes), Ok(()));
    assert_eq!(d::wtf8_to_utf16_vec(&bytes).expect("valid WTF-8"), units);
    if let Ok(s) = String::from_utf16(units) {
        assert_eq!(bytes, s.into_bytes());
    }
    // Concatenation at every split joins a pair cut in two.
    let mid = units.len() / 2;
    let joined =
        d::wtf8_concat(&d::utf16_to_wtf8_vec(&units[..mid]), &d::utf16_to_wtf8_vec(&units[mid..]));
    assert_eq!(joined, bytes);
}

fn cesu8_and_mutf8(units: &[u16]) {
    let s = String::from_utf16_lossy(units);
    let valid: Vec<u16> = s.encode_utf16().collect();

    let cesu = d::utf8_to_cesu8_vec(&s);
    assert_eq!(d::validate_cesu8(&cesu), Ok(()));
    assert_eq!(d::cesu8_to_string(&cesu).expect("valid CESU-8"), s);
    assert_eq!(d::cesu8_to_utf16_vec(&cesu).expect("valid CESU-8"), valid);
    assert_eq!(d::utf16_to_cesu8_vec(&valid).expect("valid UTF-16"), &cesu[..]);
    assert_eq!(d::utf16_to_cesu8_vec(units).is_ok(), String::from_utf16(units).is_ok());

    let mutf = d::utf8_to_mutf8_vec(&s);
    assert_eq!(d::validate_mutf8(&mutf), Ok(()));
    assert!(!mutf.contains(&0));
    assert_eq!(d::mutf8_to_string(&mutf).expect("valid MUTF-8"), s);
    // Any units, lone surrogates included.
    let any = d::utf16_to_mutf8_vec(units);
    assert_eq!(d::validate_mutf8(&any), Ok(()));
    assert!(!any.contains(&0));
    assert_eq!(d::mutf8_to_utf16_vec(&any).expect("valid MUTF-8"), units);
    assert_eq!(
        &d::mutf8_to_wtf8_vec(&any).expect("valid MUTF-8")[..],
        &d::utf16_to_wtf8_vec(units)[..]
    );
}

fn validated_input(bytes: &[u8]) {
    if d::validate_cesu8(bytes).is_ok() {
        let s = d::cesu8_to_string(bytes).expect("validated");
        assert_eq!(&d::utf8_to_cesu8_vec(&s)[..], bytes);
    }
    if d::validate_mutf8(bytes).is_ok() {
        let units = d::mutf8_to_utf16_vec(bytes).expect("validated");
        assert_eq!(d::utf16_to_mutf8_vec(&units), bytes);
    }
    if d::validate_wtf8(bytes).is_ok() {
        let units = d::wtf8_to_utf16_vec(bytes).expect("validated");
        assert_eq!(d::utf16_to_wtf8_vec(&units), bytes);
    }
    let mb3 = match core::str::from_utf8(bytes) {
        Ok(s) => s.chars().all(|c| c.len_utf8() < 4),
        Err(_) => false,
    };
    assert_eq!(d::validate_utf8mb3(bytes).is_ok(), mb3);
}
