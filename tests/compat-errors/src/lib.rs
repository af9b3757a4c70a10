//! A dependent crate written against std's UTF-8 error types, as a parser
//! or an HTTP library would be: its error enum is derived with `thiserror`
//! (`#[from]` generates the `From<std::str::Utf8Error>` and
//! `From<std::string::FromUtf8Error>` impls), and its functions convert
//! with `?`. Each function was `core::str::from_utf8`, `from_utf8_mut` or
//! `String::from_utf8`; switching to `rapidutf::compat` changed only the
//! path, which this crate compiling proves.

/// The crate's error: std's UTF-8 errors, shown as std shows them.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A borrowed field that is not UTF-8.
    #[error(transparent)]
    Utf8(#[from] std::str::Utf8Error),
    /// An owned body that is not UTF-8.
    #[error(transparent)]
    FromUtf8(#[from] std::string::FromUtf8Error),
}

/// A header value as text.
pub fn header_value(bytes: &[u8]) -> Result<&str, Error> {
    Ok(rapidutf::compat::from_utf8(bytes)?)
}

/// A header value as text, upper-cased in place.
pub fn header_value_upper(bytes: &mut [u8]) -> Result<&str, Error> {
    let s = rapidutf::compat::from_utf8_mut(bytes)?;
    s.make_ascii_uppercase();
    Ok(s)
}

/// A body as a `String`, without copying it.
pub fn body(bytes: Vec<u8>) -> Result<String, Error> {
    Ok(rapidutf::compat::string_from_utf8(bytes)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_input_passes() {
        assert_eq!(header_value(b"caf\xC3\xA9").unwrap(), "café");
        assert_eq!(header_value_upper(&mut b"gzip".to_vec()).unwrap(), "GZIP");
        assert_eq!(body(b"ok".to_vec()).unwrap(), "ok");
    }

    /// The errors that reach the caller are std's, with std's text.
    #[test]
    fn errors_are_std_errors() {
        for bytes in [&b"ab\xE2\x82"[..], b"\xFF", b"ab\xE0\x80\x80cd", b"x\xF4\x90\x80\x80"] {
            let std_e = std::str::from_utf8(bytes).unwrap_err();
            match header_value(bytes) {
                Err(Error::Utf8(e)) => assert_eq!(e, std_e),
                r => panic!("{r:?}"),
            }
            let e = header_value(bytes).unwrap_err();
            assert_eq!(e.to_string(), std_e.to_string());
            match header_value_upper(&mut bytes.to_vec()) {
                Err(Error::Utf8(e)) => assert_eq!(e, std_e),
                r => panic!("{r:?}"),
            }
            let std_e = String::from_utf8(bytes.to_vec()).unwrap_err();
            match body(bytes.to_vec()) {
                Err(Error::FromUtf8(e)) => {
                    assert_eq!(e.to_string(), std_e.to_string());
                    assert_eq!(format!("{e:?}"), format!("{std_e:?}"));
                    assert_eq!(e, std_e);
                }
                r => panic!("{r:?}"),
            }
        }
    }
}
