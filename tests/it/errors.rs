//! The error types: `Display` output is non-empty and names the position;
//! `Utf8Error` is `Copy + Eq`; every error implements `core::error::Error`
//! (checked at compile time); kinds describe themselves distinctly.
use crate::common;

use rapidutf::{
    TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error, Utf32ErrorKind, Utf8Error,
    Utf8ErrorKind,
};
use std::collections::HashSet;

fn is_error<T: core::error::Error + Send + Sync + 'static>() {}
fn is_copy_eq<T: Copy + Eq + core::hash::Hash + core::fmt::Debug>() {}

#[test]
fn error_traits() {
    is_error::<Utf8Error>();
    is_error::<Utf16Error>();
    is_error::<Utf32Error>();
    is_error::<TranscodeError<Utf8Error>>();
    is_error::<TranscodeError<Utf16Error>>();
    is_error::<TranscodeError<Utf32Error>>();
    is_error::<rapidutf::UnknownKernel>();
    is_copy_eq::<Utf8Error>();
    is_copy_eq::<Utf8ErrorKind>();
    is_copy_eq::<Utf16Error>();
    is_copy_eq::<Utf32Error>();
    is_copy_eq::<TranscodeError<Utf8Error>>();
    // Boxing as `dyn Error` works and keeps the message.
    let e: Box<dyn core::error::Error> =
        Box::new(common::utf8_err(rapidutf::validate_utf8(b"\xFF")));
    assert!(!e.to_string().is_empty());
}

/// An input with an error of `seq` at byte 12345.
fn at_12345(seq: &[u8]) -> Vec<u8> {
    let mut v = vec![b'a'; 12345];
    v.extend_from_slice(seq);
    v
}

#[test]
fn utf8_display_names_position_and_kind() {
    let seqs: [&[u8]; 7] =
        [b"\xC0", b"\x80", b"\xE0\x80", b"\xED\xA0", b"\xF4\x90", b"\xC3(", b"\xE2\x82"];
    let mut texts = HashSet::new();
    for seq in seqs {
        let e = common::utf8_err(rapidutf::validate_utf8(&at_12345(seq)));
        let copy = e; // Copy
        assert_eq!(copy, e);
        let s = e.to_string();
        assert!(s.contains("12345"), "{s}");
        assert!(s.contains(e.kind().description()), "{s}");
        assert!(!e.kind().to_string().is_empty());
        assert_eq!(e.kind().to_string(), e.kind().description());
        texts.insert(e.kind().to_string());
        // Wrapped in a TranscodeError, the message is the same.
        #[cfg(feature = "transcode")]
        {
            let mut out = vec![0u16; 20000];
            let t = rapidutf::utf8_to_utf16(&at_12345(seq), &mut out).unwrap_err();
            assert_eq!(t.to_string(), s);
            assert_eq!(t.invalid(), Some(&e));
        }
    }
    assert_eq!(texts.len(), 7, "every kind has its own description");
}

#[test]
fn utf16_utf32_display_names_position() {
    let mut v = vec![0x41u16; 4321];
    v.push(0xDC00);
    let e = rapidutf::validate_utf16(&v).unwrap_err();
    assert_eq!(e.kind(), Utf16ErrorKind::UnpairedLow);
    assert!(e.to_string().contains("4321"), "{e}");
    v[4321] = 0xD800;
    let e2 = rapidutf::validate_utf16(&v).unwrap_err();
    assert_eq!(e2.kind(), Utf16ErrorKind::UnpairedHigh);
    assert_ne!(e, e2);
    assert_ne!(e.kind().to_string(), e2.kind().to_string());

    let mut w = vec![0x41u32; 765];
    w.push(0x110000);
    let e = rapidutf::validate_utf32(&w).unwrap_err();
    assert_eq!(e.kind(), Utf32ErrorKind::TooLarge);
    assert!(e.to_string().contains("765"), "{e}");
    w[765] = 0xDFFF;
    let e2 = rapidutf::validate_utf32(&w).unwrap_err();
    assert_eq!(e2.kind(), Utf32ErrorKind::Surrogate);
    assert_ne!(e.kind().to_string(), e2.kind().to_string());
}

#[cfg(feature = "transcode")]
#[test]
fn output_too_small_display() {
    let mut out = [0u16; 3];
    let e = rapidutf::utf8_to_utf16("abc😀".as_bytes(), &mut out).unwrap_err();
    assert_eq!(e, TranscodeError::OutputTooSmall { read: 3, written: 3 });
    assert_eq!(e.invalid(), None);
    let s = e.to_string();
    assert!(!s.is_empty() && s.contains('3'), "{s}");
    let mut out = [0u8; 1234];
    let src = vec![0x20ACu16; 1000];
    let e = rapidutf::utf16_to_utf8(&src, &mut out).unwrap_err();
    assert_eq!(e, TranscodeError::OutputTooSmall { read: 411, written: 1233 });
    let s = e.to_string();
    assert!(s.contains("411") && s.contains("1233"), "{s}");
}

#[test]
fn kernel_names_round_trip() {
    for k in rapidutf::Kernel::ALL {
        assert_eq!(k.name().parse::<rapidutf::Kernel>(), Ok(*k));
        assert_eq!(k.to_string(), k.name());
    }
    assert_eq!("nonsense".parse::<rapidutf::Kernel>(), Err(rapidutf::UnknownKernel));
    assert!(!rapidutf::UnknownKernel.to_string().is_empty());
    let _ = common::kernels();
}

/// `Debug` shows what the accessors return (`error_len` an `Option`, as
/// core's `Utf8Error` prints it), in `Utf8Error` and in every error that
/// holds one; never the compact storage behind it.
#[test]
fn debug_shows_options() {
    let cases: [(&[u8], &str); 3] = [
        (b"ab\xFF", "valid_up_to: 2, error_len: Some(1), kind: InvalidByte"),
        (b"ab\xE2\x82", "valid_up_to: 2, error_len: None, kind: Truncated"),
        (b"\xE2\x82(", "valid_up_to: 0, error_len: Some(2), kind: MissingContinuation"),
    ];
    for (bytes, fields) in cases {
        let e = rapidutf::validate_utf8(bytes).unwrap_err();
        let core_e = core::str::from_utf8(bytes).unwrap_err();
        assert_eq!(format!("{e:?}"), format!("Utf8Error {{ {fields} }}"));
        // core's fields, in core's words, then the kind.
        let core_debug = format!("{core_e:?}");
        assert!(
            format!("{e:?}").starts_with(core_debug.trim_end_matches(" }")),
            "{e:?} / {core_debug}"
        );
        #[cfg(feature = "alloc")]
        {
            let owned = rapidutf::string_from_utf8(bytes.to_vec()).unwrap_err();
            assert!(format!("{owned:?}").contains(&format!("Utf8Error {{ {fields} }}")));
        }
        let many = rapidutf::validate_utf8_offsets(bytes, &[0u32, bytes.len() as u32]).unwrap_err();
        assert!(format!("{many:?}").contains(&format!("Utf8Error {{ {fields} }}")), "{many:?}");
    }
}
