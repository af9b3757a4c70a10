//! `stream::Utf8Validator` over a random chunking of random bytes agrees
//! with the whole-buffer `validate_utf8` and with `core::str::from_utf8`.
//!
//! Input: one byte `k`, then `k` chunk lengths (one byte each), then the
//! text; the chunks cycle over the lengths (a 0 length pushes an empty
//! chunk, then one byte).

use rapidutf::stream::Utf8Validator;

/// The check run by the fuzz target of the same name.
pub fn check(data: &[u8]) {
    let (lengths, text) = split(data);
    let whole = rapidutf::validate_utf8(text);
    assert_eq!(whole.is_ok(), core::str::from_utf8(text).is_ok());

    let mut v = Utf8Validator::new();
    let mut pushed = 0;
    let mut streamed = Ok(());
    for chunk in chunks(text, &lengths) {
        pushed += chunk.len();
        if let Err(e) = v.push(chunk) {
            streamed = Err(e);
            break;
        }
        // Everything pushed is valid but an incomplete character (at most
        // 3 bytes) at the end.
        let known = v.valid_up_to();
        assert!(known <= pushed && pushed - known <= 3, "{known} of {pushed}");
        assert!(core::str::from_utf8(&text[..known]).is_ok());
    }
    let streamed = streamed.and_then(|()| v.clone().finish());
    match (whole, streamed) {
        (Ok(_), Ok(())) => {}
        (Err(w), Err(s)) => {
            assert_eq!(
                (w.valid_up_to(), w.error_len(), w.kind()),
                (s.valid_up_to(), s.error_len(), s.kind())
            );
            // Once failed, the validator keeps its error.
            assert_eq!(v.push(b"a").err().map(|e| e.valid_up_to()), Some(s.valid_up_to()));
        }
        (w, s) => panic!("whole {w:?}, streamed {s:?}"),
    }
}

/// Chunk lengths and the text.
fn split(data: &[u8]) -> (Vec<usize>, &[u8]) {
    let Some((&k, rest)) = data.split_first() else { return (vec![1], data) };
    let k = usize::from(k % 16).min(rest.len());
    let lengths: Vec<usize> = rest[..k].iter().map(|&b| usize::from(b)).collect();
    (if lengths.is_empty() { vec![7] } else { lengths }, &rest[k..])
}

/// `text` cut into chunks cycling over `lengths`.
fn chunks<'a>(text: &'a [u8], lengths: &'a [usize]) -> impl Iterator<Item = &'a [u8]> + 'a {
    let mut at = 0;
    let mut i = 0;
    let mut empty_done = false;
    std::iter::from_fn(move || {
        if at >= text.len() {
            return None;
        }
        let mut n = lengths[i % lengths.len()];
        i += 1;
        if n == 0 {
            if !empty_done {
                empty_done = true;
                return Some(&text[at..at]);
            }
            n = 1;
        }
        empty_done = false;
        let end = (at + n).min(text.len());
        let chunk = &text[at..end];
        at = end;
        Some(chunk)
    })
}
