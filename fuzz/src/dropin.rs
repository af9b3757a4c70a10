//! The `dropin` target: the std drop-ins `from_utf8`, `from_utf8_mut` and
//! `string_from_utf8` (with `FromUtf8Error`'s accessors) against
//! `core::str::from_utf8`, `core::str::from_utf8_mut` and
//! `String::from_utf8`: the same result, the same `valid_up_to` and
//! `error_len`, no copy of the bytes, and std's message. They dispatch (no
//! `Kernel` method): run the target with `RAPIDUTF_KERNEL` set to cover
//! each kernel.
//!
//! Input: one byte of flags (bit 0: a long input, at least
//! [`LONG`](crate::LONG) bytes, from runs of the rest), then the bytes.

use crate::{long, seed, Input, LONG};

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
    let core = core::str::from_utf8(bytes);
    let key = |e: &core::str::Utf8Error| (e.valid_up_to(), e.error_len());
    match (rapidutf::from_utf8(bytes), &core) {
        (Ok(s), Ok(_)) => assert!(std::ptr::eq(s.as_bytes(), bytes), "from_utf8: not the input"),
        (Err(e), Err(c)) => assert_eq!((e.valid_up_to(), e.error_len()), key(c), "from_utf8"),
        (r, c) => panic!("from_utf8: {:?}, core {c:?}", r.map(str::len)),
    }

    let mut copy = bytes.to_vec();
    let at = copy.as_ptr();
    match (rapidutf::from_utf8_mut(&mut copy), &core) {
        (Ok(s), Ok(c)) => {
            assert!(s.as_ptr() == at && s.len() == c.len(), "from_utf8_mut: not the input");
            s.make_ascii_uppercase();
            assert!(copy == c.to_ascii_uppercase().as_bytes(), "from_utf8_mut: not a view");
        }
        (Err(e), Err(c)) => assert_eq!((e.valid_up_to(), e.error_len()), key(c), "from_utf8_mut"),
        (r, c) => panic!("from_utf8_mut: {:?}, core {c:?}", r.map(|s| s.len())),
    }

    let v = bytes.to_vec();
    let at = v.as_ptr();
    match (rapidutf::string_from_utf8(v), String::from_utf8(bytes.to_vec())) {
        (Ok(s), Ok(c)) => {
            assert!(s == c, "string_from_utf8");
            assert_eq!(s.as_ptr(), at, "string_from_utf8 copied");
        }
        (Err(e), Err(c)) => {
            let ours = e.utf8_error();
            assert_eq!((ours.valid_up_to(), ours.error_len()), key(&c.utf8_error()));
            assert!(e.as_bytes() == c.as_bytes(), "FromUtf8Error::as_bytes");
            assert!(e.to_string().starts_with(&c.to_string()), "{e} is not std's message");
            let back = e.into_bytes();
            assert!(back.as_ptr() == at && back == bytes, "FromUtf8Error::into_bytes");
        }
        (r, c) => {
            panic!("string_from_utf8: {:?}, std {:?}", r.map(|s| s.len()), c.map(|s| s.len()))
        }
    }
}
