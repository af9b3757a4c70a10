//! Every transcoder, `_vec`/`_string` function, UTF-16/UTF-32 validator and
//! UTF-16 lossy decoder against std (`str::encode_utf16`, `str::chars`,
//! `char::decode_utf16`, `String::from_utf16`, `char::from_u32`), on valid
//! and invalid input, with the error position in input units and the
//! output compared unit for unit (LE/BE against `u16::to_le`/`to_be` of
//! std's units). Buffer sizes: the documented "always suffices" size, the
//! exact size, and an arbitrary one.
mod common;

use common::{check_utf16_source, check_utf32_source, check_utf8_source, proptest_config};
use proptest::prelude::*;

proptest! {
    #![proptest_config(proptest_config(1000))]

    #[test]
    fn from_utf8(
        bytes in common::arb_utf8_input(),
        dst in any::<prop::sample::Index>(),
        garbage in prop::sample::select(vec![0xFFu8, 0x80, 0xBF, b'a']),
    ) {
        let dst = dst.index(bytes.len() * 2 + 1);
        check_utf8_source(&bytes, Some(dst));
        // The same input followed by garbage in memory: nothing past the
        // end of the slice may influence the result.
        check_utf8_source(&common::padded(&bytes, garbage)[..bytes.len()], Some(dst));
    }

    #[test]
    fn from_valid_utf8(s in common::arb_text(300), dst in any::<prop::sample::Index>()) {
        let dst = dst.index(s.len() + 1);
        check_utf8_source(s.as_bytes(), Some(dst));
        // Round trips through every form.
        let u16s: Vec<u16> = s.encode_utf16().collect();
        let u32s: Vec<u32> = s.chars().map(u32::from).collect();
        #[cfg(feature = "alloc")]
        {
            prop_assert_eq!(rapidutf::utf8_to_utf16_vec(s.as_bytes()), Ok(u16s.clone()));
            prop_assert_eq!(rapidutf::utf16_to_string(&u16s).unwrap(), s.as_str());
            prop_assert_eq!(rapidutf::utf8_to_utf32_vec(s.as_bytes()), Ok(u32s.clone()));
            prop_assert_eq!(rapidutf::utf32_to_string(&u32s).unwrap(), s.as_str());
        }
        let mut back = vec![0u32; u16s.len()];
        let n = rapidutf::utf16_to_utf32(&u16s, &mut back).unwrap();
        prop_assert_eq!(&back[..n], &u32s[..]);
        let mut back = vec![0u16; 2 * u32s.len()];
        let n = rapidutf::utf32_to_utf16(&u32s, &mut back).unwrap();
        prop_assert_eq!(&back[..n], &u16s[..]);
    }

    #[test]
    fn from_utf16(values in common::arb_utf16_input(), dst in any::<prop::sample::Index>()) {
        // (check_utf16_source puts a low surrogate after the input in
        // memory, which would pair with a final high one if read.)
        let dst = dst.index(values.len() * 3 + 1);
        check_utf16_source(&values, Some(dst));
    }

    #[test]
    fn from_utf32(
        values in common::arb_utf32_input(),
        dst in any::<prop::sample::Index>(),
        garbage in prop::sample::select(vec![u32::MAX, 0xD800, 0x41]),
    ) {
        let dst = dst.index(values.len() * 4 + 1);
        check_utf32_source(&values, Some(dst));
        check_utf32_source(&common::padded(&values, garbage)[..values.len()], Some(dst));
    }
}

/// Documented examples and hand-computed values, so that the oracle
/// machinery itself is checked against known answers.
#[test]
fn known_answers() {
    use rapidutf::{TranscodeError, Utf16ErrorKind, Utf32ErrorKind, Utf8ErrorKind};
    let mut b16 = [0u16; 8];
    assert_eq!(rapidutf::utf8_to_utf16("h€!".as_bytes(), &mut b16), Ok(3));
    assert_eq!(b16[..3], [0x68, 0x20AC, 0x21]);
    assert_eq!(rapidutf::utf8_to_utf16be("h€".as_bytes(), &mut b16), Ok(2));
    assert_eq!(b16[..2], [0x0068u16.to_be(), 0x20ACu16.to_be()]);
    let e = rapidutf::utf8_to_utf16(b"ab\xE0\x80", &mut b16).unwrap_err();
    let e = *e.invalid().unwrap();
    assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (2, Some(1), Utf8ErrorKind::Overlong));
    let mut b8 = [0u8; 8];
    assert_eq!(
        rapidutf::utf16_to_utf8(&[0x61, 0xD800, 0x62], &mut b8)
            .unwrap_err()
            .invalid()
            .map(|e| (e.valid_up_to(), e.kind())),
        Some((1, Utf16ErrorKind::UnpairedHigh))
    );
    assert_eq!(
        rapidutf::utf32_to_utf8(&[0x61, 0x62, 0x110000], &mut b8)
            .unwrap_err()
            .invalid()
            .map(|e| (e.valid_up_to(), e.kind())),
        Some((2, Utf32ErrorKind::TooLarge))
    );
    assert_eq!(
        rapidutf::utf32_to_utf8(&[0x1F600], &mut b8[..3]),
        Err(TranscodeError::OutputTooSmall { read: 0, written: 0 })
    );
    #[cfg(feature = "alloc")]
    {
        assert_eq!(rapidutf::utf8_to_utf16_vec("aé".as_bytes()), Ok(vec![0x61, 0xE9]));
        assert_eq!(rapidutf::utf32_to_string(&[0x61, 0x1F600]).as_deref(), Ok("a😀"));
    }
}
