//! `rapidutf validate`: isutf8-compatible validation, plus UTF-16/UTF-32
//! and the UTF-8 derivatives.
//!
//! The scanners here read an input window by window (see
//! [`crate::input`]) and find its first error with its exact position,
//! whatever the window boundaries:
//!
//! - **UTF-8**: every new byte goes to one [`Utf8Validator`], which
//!   validates each window in bulk with the active SIMD kernel and carries
//!   a character split between windows (at most 3 bytes). Those bytes are
//!   also left unconsumed in the reader, so that the valid text is handed
//!   on (to line counting, and to `count`) in whole characters.
//! - **UTF-16**: whole units go to `validate_utf16le`/`be`; an odd byte,
//!   or a high surrogate in the last unit of a window, is carried likewise.
//! - **UTF-32**: whole units go to [`rapidutf::validate_utf32`].
//! - **Derivatives** (CESU-8, Modified UTF-8, WTF-8, `utf8mb3`): the
//!   library's whole-buffer validator checks each window; only its errors
//!   before a safe cut near the window's end are final (see
//!   [`crate::derived::safe_cut`]), and the bytes after the cut start the
//!   next window, so a surrogate pair or a look-ahead is never split.
//! - **`auto`**: UTF-8, UTF-16 or UTF-32 by the BOM, UTF-8 without one.
//!
//! A UTF-8 BOM (`EF BB BF`) is valid UTF-8 and accepted as such. Byte
//! offsets count it like any other bytes; the character column does not
//! (it is a signature, not text), as for the BOM that `utf-16`/`utf-32`
//! detect and skip.
//!
//! Line and column are counted incrementally over the valid text of
//! streamed input; for a regular file they are computed only when there is
//! an error, in a second pass over the valid prefix, so valid files cost
//! nothing extra.

use crate::derived::{self, safe_cut, Derived};
use crate::encoding::{units16, values32, Derivative, Encoding, Form, Order};
use crate::explain::{self, Context};
use crate::input::{InputName, Reader};
use crate::position::{LineCol, Problem};
use crate::progress::Show;
use crate::Status;
use rapidutf::stream::Utf8Validator;
use rapidutf::{Utf16ErrorKind, Utf8ErrorKind};
use std::io::{self, Write};

/// The options of `rapidutf validate`.
#[derive(Debug, PartialEq, Eq)]
pub struct Options {
    /// The inputs, in order; never empty (stdin when none was given).
    pub files: Vec<InputName>,
    /// `-q`: print nothing, the exit status says it all.
    pub quiet: bool,
    /// `-l`: print only the names of invalid inputs.
    pub list: bool,
    /// `-i`: print the names of *valid* inputs instead.
    pub invert: bool,
    /// `-0`: end the names of `-l` and `-i` with NUL, not a newline.
    pub null: bool,
    /// `--encoding`: how the inputs are encoded.
    pub encoding: Encoding,
    /// `-v`: show the bytes around each error.
    pub verbose: bool,
    /// When the progress bar shows.
    pub show: Show,
}

/// Runs `rapidutf validate`: reports go to `out`, I/O problems with the
/// inputs to stderr.
///
/// # Errors
///
/// Only errors writing to `out`.
pub fn run(opts: &Options, out: &mut dyn Write) -> io::Result<Status> {
    let mut status = Status::Ok;
    let end: &[u8] = if opts.null { b"\0" } else { b"\n" };
    for name in &opts.files {
        let scanned =
            Reader::open(name, "validate", opts.show).and_then(|mut r| scan(&mut r, opts.encoding));
        let problem = match scanned {
            Ok(p) => p,
            Err(e) => {
                crate::report_io(name, &e);
                status = status.max(Status::Trouble);
                continue;
            }
        };
        if problem.is_some() {
            status = status.max(Status::Invalid);
        }
        if opts.quiet {
            continue;
        }
        match problem {
            Some(p) if !opts.invert => {
                if opts.list {
                    out.write_all(name.as_bytes())?;
                    out.write_all(end)?;
                } else {
                    out.write_all(name.as_bytes())?;
                    writeln!(out, ": {}", p.report())?;
                    if let Some(context) = p.context.as_ref().filter(|_| opts.verbose) {
                        writeln!(out, "{context}")?;
                    }
                }
            }
            None if opts.invert => {
                out.write_all(name.as_bytes())?;
                out.write_all(end)?;
            }
            _ => {}
        }
    }
    Ok(status)
}

/// Finds the first error of an input in `encoding`, if any.
///
/// # Errors
///
/// A read error of the input.
pub fn scan(reader: &mut Reader, encoding: Encoding) -> io::Result<Option<Problem>> {
    let encoding = match encoding {
        Encoding::Auto => {
            // Peek at the first window (nothing is consumed) for a BOM or,
            // without one, to detect the encoding.
            let w = reader.fill()?;
            match Encoding::Auto.detect_input(w.bytes, w.last) {
                (Form::Utf16(_), bom) if bom > 0 => Encoding::Utf16Bom,
                (Form::Utf32(_), bom) if bom > 0 => Encoding::Utf32Bom,
                (Form::Utf16(o), _) => Encoding::Utf16(o),
                (Form::Utf32(o), _) => Encoding::Utf32(o),
                _ => Encoding::Utf8,
            }
        }
        e => e,
    };
    match encoding {
        Encoding::Utf8 => scan_utf8(reader, |_| {}),
        Encoding::Derived(d) => scan_derived(reader, d),
        // Every byte is a character (the command line rejects this).
        Encoding::Legacy(_) => Ok(None),
        _ => scan_wide(reader, encoding),
    }
}

/// Finds the first error of a UTF-8 input; `on_valid` sees the whole valid
/// prefix, in order, in pieces that end at character boundaries.
///
/// # Errors
///
/// A read error of the input.
pub fn scan_utf8(
    reader: &mut Reader,
    mut on_valid: impl FnMut(&[u8]),
) -> io::Result<Option<Problem>> {
    // A regular file counts lines only if it has an error, in a second
    // pass; a stream must count as it goes.
    let lazy = reader.rewindable();
    let mut pos = LineCol::default();
    let mut validator = Utf8Validator::new();
    // Stream bytes handed to the validator so far. The window starts with
    // the (at most 3) bytes it holds of an incomplete character, which
    // are left unconsumed so that `on_valid` gets whole characters.
    let mut pushed = 0u64;
    loop {
        let w = reader.fill()?;
        let (offset, last) = (w.offset, w.last);
        let fresh = &w.bytes[usize::try_from(pushed - offset).unwrap_or(0)..];
        pushed += fresh.len() as u64;
        let mut result = validator.push(fresh);
        if last {
            result = result.and(std::mem::take(&mut validator).finish());
        }
        let (valid_end, bad) = match result {
            Ok(()) if last => (offset + w.bytes.len() as u64, None),
            Ok(()) => (validator.valid_up_to() as u64, None),
            Err(e) => (e.valid_up_to() as u64, Some((e.kind(), e.error_len()))),
        };
        let n = usize::try_from(valid_end - offset).unwrap_or(usize::MAX);
        // The window holds the offending bytes (a character cut by the
        // window's end is carried into the next window): say which they are
        // before they are consumed.
        let explained = bad.map(|(kind, len)| {
            let message = explain::utf8(kind, &w.bytes[n..], len);
            let mark = match kind {
                Utf8ErrorKind::InvalidByte | Utf8ErrorKind::UnexpectedContinuation => 1,
                // The sequence, and the byte that broke it (or the end).
                _ => len.map_or(w.bytes.len() - n, |l| l + 1),
            };
            (kind, message, Context::new(w.bytes, offset, n, mark))
        });
        let valid = &w.bytes[..n];
        on_valid(valid);
        if !lazy {
            pos.advance_utf8(text_of(valid, offset));
        }
        reader.consume(n);
        if let Some((kind, message, context)) = explained {
            if lazy {
                pos = line_col_at(reader, valid_end, false)?;
            }
            let incomplete = kind == Utf8ErrorKind::Truncated;
            let context = Some(context);
            return Ok(Some(Problem { byte: valid_end, at: pos, message, incomplete, context }));
        }
        if last {
            return Ok(None);
        }
    }
}

/// `piece` (at input offset `offset`) without a UTF-8 BOM that starts the
/// input: what the character column counts.
fn text_of(piece: &[u8], offset: u64) -> &[u8] {
    match piece.strip_prefix(Form::Utf8.bom()) {
        Some(rest) if offset == 0 => rest,
        _ => piece,
    }
}

/// Finds the first error of an input in a UTF-8 derivative.
fn scan_derived(reader: &mut Reader, d: Derivative) -> io::Result<Option<Problem>> {
    let lazy = reader.rewindable();
    let mut pos = LineCol::default();
    loop {
        let w = reader.fill()?;
        let (offset, last) = (w.offset, w.last);
        // Errors are final only before the cut: they are then judged with
        // all the look-ahead they need.
        let end = if last { w.bytes.len() } else { safe_cut(w.bytes) };
        let bad = match derived::validate(d, w.bytes) {
            Err(e) if last || e.at < end => Some(e),
            _ => None,
        };
        let n = bad.as_ref().map_or(end, |e| e.at);
        if !lazy {
            pos.advance_derived(text_of(&w.bytes[..n], offset));
        }
        reader.consume(n);
        if let Some(Derived { len, message, .. }) = bad {
            let byte = offset + n as u64;
            if lazy {
                pos = line_col_at(reader, byte, true)?;
            }
            let incomplete = len.is_none();
            return Ok(Some(Problem { byte, at: pos, message, incomplete, context: None }));
        }
        if last {
            return Ok(None);
        }
    }
}

/// The line and column of byte `byte` of a rewindable input whose first
/// `byte` bytes are valid UTF-8 (or, with `derived`, valid in a UTF-8
/// derivative, where a surrogate pair is one character): a second pass
/// over them.
fn line_col_at(reader: &mut Reader, byte: u64, derived: bool) -> io::Result<LineCol> {
    let mut pos = LineCol::default();
    reader.rewind()?;
    loop {
        let w = reader.fill()?;
        let want = usize::try_from(byte - w.offset).unwrap_or(usize::MAX);
        // Stop the piece where no character (or pair) is split; the rest
        // comes again at the start of the next window.
        let done = want <= w.bytes.len() || w.last;
        let n = if done { want.min(w.bytes.len()) } else { safe_cut(w.bytes) };
        let text = text_of(&w.bytes[..n], w.offset);
        if derived {
            pos.advance_derived(text);
        } else {
            pos.advance_utf8(text);
        }
        reader.consume(n);
        if done {
            return Ok(pos);
        }
    }
}

/// Finds the first error of a UTF-16 or UTF-32 input.
fn scan_wide(reader: &mut Reader, encoding: Encoding) -> io::Result<Option<Problem>> {
    let mut form = None;
    let mut pos = LineCol::default();
    let (mut scratch16, mut scratch32) = (Vec::new(), Vec::new());
    loop {
        let w = reader.fill()?;
        let (offset, last) = (w.offset, w.last);
        let mut skip = 0;
        let form = *form.get_or_insert_with(|| {
            let (form, bom) = encoding.detect_input(w.bytes, w.last);
            skip = bom;
            form
        });
        let body = &w.bytes[skip..];
        let (valid_bytes, bad) = match form {
            Form::Utf16(order) => {
                let units = units16(&body[..body.len() & !1], &mut scratch16);
                let result = match order {
                    Order::Le => rapidutf::validate_utf16le(units),
                    Order::Be => rapidutf::validate_utf16be(units),
                };
                let (valid, bad) = match result {
                    Ok(()) if last && body.len() % 2 == 1 => {
                        (units.len(), Some((ODD_UTF16.to_owned(), true, 1)))
                    }
                    Ok(()) => (units.len(), None),
                    // A high surrogate whose partner may start the next window.
                    Err(e)
                        if !last
                            && e.kind() == Utf16ErrorKind::UnpairedHigh
                            && e.valid_up_to() + 1 == units.len() =>
                    {
                        (e.valid_up_to(), None)
                    }
                    Err(e) => {
                        let at = e.valid_up_to();
                        // A high surrogate that ends the input is incomplete.
                        let at_end =
                            e.kind() == Utf16ErrorKind::UnpairedHigh && at + 1 == units.len();
                        let next = units.get(at + 1).map(|&u| order.read16(u));
                        let message = explain::utf16(e.kind(), order.read16(units[at]), next);
                        let mark = if e.kind() == Utf16ErrorKind::UnpairedHigh { 4 } else { 2 };
                        (at, Some((message, at_end, mark)))
                    }
                };
                pos.advance_utf16(&units[..valid], |u| order.read16(u));
                (2 * valid, bad)
            }
            Form::Utf32(order) => {
                let values = values32(&body[..body.len() & !3], order, &mut scratch32);
                let (valid, bad) = match rapidutf::validate_utf32(values) {
                    Ok(()) if last && !body.len().is_multiple_of(4) => {
                        (values.len(), Some((PARTIAL_UTF32.to_owned(), true, 3)))
                    }
                    Ok(()) => (values.len(), None),
                    Err(e) => {
                        let at = e.valid_up_to();
                        (at, Some((explain::utf32(e.kind(), values[at]), false, 4)))
                    }
                };
                pos.advance_utf32(&values[..valid]);
                (4 * valid, bad)
            }
            Form::Utf8 | Form::Derived(_) | Form::Legacy(_) | Form::Ucs2(_) => {
                unreachable!("byte-based and UCS input goes elsewhere")
            }
        };
        let consumed = skip + valid_bytes;
        let bad = bad.map(|(message, incomplete, mark)| {
            (message, incomplete, Context::new(w.bytes, offset, consumed, mark))
        });
        reader.consume(consumed);
        if let Some((message, incomplete, context)) = bad {
            let byte = offset + consumed as u64;
            let context = Some(context);
            return Ok(Some(Problem { byte, at: pos, message, incomplete, context }));
        }
        if last {
            return Ok(None);
        }
    }
}

/// The message for UTF-16 input with an odd number of bytes.
pub const ODD_UTF16: &str = "input ends inside a 16-bit unit, expected an even number of bytes";

/// The message for UTF-32 input whose length is no multiple of 4.
pub const PARTIAL_UTF32: &str = "input ends inside a 32-bit unit, expected a multiple of 4 bytes";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::STREAM_CHUNK;

    fn scan_stream(data: &[u8], encoding: Encoding) -> Option<Problem> {
        let mut r = Reader::from_read(Box::new(io::Cursor::new(data.to_vec())));
        scan(&mut r, encoding).expect("in-memory read")
    }

    /// Valid characters and every kind of error, placed at each offset
    /// around the first chunk boundary, are found exactly as std finds
    /// them.
    #[test]
    fn utf8_stream_matches_std_around_the_chunk_boundary() {
        let snippets: [&[u8]; 9] = [
            "é".as_bytes(),
            "€".as_bytes(),
            "😀".as_bytes(),
            b"\xFF",
            b"\xE2\x82x",
            b"\xED\xA0\x80",
            b"\xF0\x9F\x98",
            b"\xC0\xAF",
            b"\x80",
        ];
        for snippet in snippets {
            for start in STREAM_CHUNK - 5..STREAM_CHUNK + 2 {
                let mut data: Vec<u8> = "ab\nçd".bytes().cycle().take(start).collect();
                // Cut the filler back to a character boundary, then pad it
                // with ASCII so that the snippet starts at `start`.
                while std::str::from_utf8(&data).is_err() {
                    data.pop();
                }
                data.resize(start, b'x');
                data.extend_from_slice(snippet);
                data.extend_from_slice("tail é\n".as_bytes());
                let got = scan_stream(&data, Encoding::Utf8);
                match std::str::from_utf8(&data) {
                    Ok(_) => assert_eq!(got, None, "{snippet:?} at {start}"),
                    Err(e) => {
                        let p = got.unwrap_or_else(|| panic!("{snippet:?} at {start}: no error"));
                        assert_eq!(p.byte, e.valid_up_to() as u64, "{snippet:?} at {start}");
                        assert_eq!(p.at, LineCol::of_utf8(&data[..e.valid_up_to()]));
                        assert!(!p.incomplete, "{snippet:?} at {start}");
                    }
                }
            }
        }
        // Input that ends inside a character is incomplete.
        let p = scan_stream(b"ab\xF0\x9F", Encoding::Utf8).expect("truncated");
        assert!(p.incomplete && p.byte == 2);
    }

    #[test]
    fn utf16_stream_matches_std_around_the_chunk_boundary() {
        for start in (STREAM_CHUNK / 2 - 3..STREAM_CHUNK / 2 + 2).map(|u| 2 * u) {
            for (tail, valid) in [
                (&[0xD83Du16, 0xDE00][..], true),
                (&[0xD83D, 0x61], false),
                (&[0xDE00, 0x61], false),
            ] {
                let mut units: Vec<u16> = "ab\n€".encode_utf16().cycle().take(start / 2).collect();
                units.extend_from_slice(tail);
                units.extend("tail".encode_utf16());
                let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_be_bytes()).collect();
                let got = scan_stream(&bytes, Encoding::Utf16(Order::Be));
                let std_ok = char::decode_utf16(units.iter().copied()).all(|c| c.is_ok());
                assert_eq!(std_ok, valid);
                match got {
                    None => assert!(valid, "at {start}"),
                    Some(p) => {
                        assert!(!valid, "at {start}: {p:?}");
                        assert_eq!(p.byte, (2 * (start / 2)) as u64, "at {start}");
                    }
                }
            }
        }
    }

    #[test]
    fn partial_units_at_the_end() {
        let p = scan_stream(b"a\x00b", Encoding::Utf16(Order::Le)).expect("odd length");
        assert!(p.incomplete && p.byte == 2);
        let p = scan_stream(b"a\x00\x3D\xD8", Encoding::Utf16(Order::Le)).expect("lone high");
        assert!(p.incomplete && p.byte == 2);
        let p = scan_stream(b"a\x00\x00\x00\x00\xD8", Encoding::Utf32(Order::Le)).expect("partial");
        assert!(p.incomplete && p.byte == 4);
        let p = scan_stream(b"\x00\x00\xD8\x00", Encoding::Utf32(Order::Be)).expect("surrogate");
        assert!(!p.incomplete && p.byte == 0);
        // A BOM picks the byte order and is skipped, but counts in offsets.
        assert_eq!(scan_stream(b"\xFF\xFEa\x00", Encoding::Utf16Bom), None);
        let p = scan_stream(b"\xFF\xFEa\x00\x00\xDC", Encoding::Utf16Bom).expect("lone low");
        assert_eq!((p.byte, p.at.char()), (4, 2));
    }
}
