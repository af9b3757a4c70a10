//! What `convert` says when it stops, and after each input: the failure
//! kinds, the line and column of a position in the input (counted as the
//! conversion goes for a stream, or by a second pass over a regular file,
//! as `validate` does), the offending bytes, and the counts of what the
//! error modes substituted.

use super::dest::OutError;
use super::transcode::Why;
use super::{ErrorMode, Options};
use crate::derived::{safe_cut, Derived};
use crate::encoding::{units16, values32, Encoding, Form, Order};
use crate::explain;
use crate::input::{InputName, Reader};
use crate::position::LineCol;
use std::io;

/// Why a conversion stopped.
#[derive(Debug)]
pub enum Fail {
    /// Invalid input, or a character the output lacks.
    Input(InputError),
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed.
    Write(OutError),
    /// A transcoder broke its documented contract.
    Internal(&'static str),
}

/// A problem at one place of the input.
#[derive(Debug)]
pub struct InputError {
    /// The byte offset in the input.
    pub at: u64,
    /// Line and column, once known.
    pub pos: Option<LineCol>,
    /// What is wrong.
    pub kind: Kind,
}

/// The kinds of [`InputError`].
#[derive(Debug)]
pub enum Kind {
    /// An invalid sequence, described (which bytes, what was expected).
    Illegal(String),
    /// The input ends inside a character (or unit).
    Incomplete(String),
    /// A valid character that the output cannot represent.
    Unrepresentable { ch: char, to: Encoding },
}

impl Fail {
    /// An invalid sequence at input offset `at`, described by `why` and
    /// the input bytes `bad` that start there (of form `form`); `len` is
    /// its length in units, `None` when the input ends inside it.
    pub fn invalid(at: u64, why: Why, bad: &[u8], len: Option<usize>, form: Form) -> Fail {
        let detail = describe(why, bad, len, form);
        let kind = if len.is_none() { Kind::Incomplete(detail) } else { Kind::Illegal(detail) };
        Fail::Input(InputError { at, pos: None, kind })
    }

    /// An error of a UTF-8 derivative (or of `surrogateescape`) at input
    /// offset `at`, whose bytes start `bad`.
    pub fn derived(at: u64, e: &Derived, bad: &[u8], unit: usize) -> Fail {
        let shown = e.len.unwrap_or(bad.len() / unit).clamp(1, 6) * unit;
        let detail = format!("{}: {}", e.message, hex(&bad[..shown.min(bad.len())]));
        let kind = if e.len.is_none() { Kind::Incomplete(detail) } else { Kind::Illegal(detail) };
        Fail::Input(InputError { at, pos: None, kind })
    }

    /// A character the output lacks, at input offset `at`.
    pub fn unrepresentable(at: u64, ch: char, to: Encoding) -> Fail {
        Fail::Input(InputError { at, pos: None, kind: Kind::Unrepresentable { ch, to } })
    }

    /// Input that ends inside a 16- or 32-bit unit, at offset `at`.
    pub fn partial_unit(at: u64, unit: usize) -> Fail {
        let detail =
            if unit == 2 { crate::validate::ODD_UTF16 } else { crate::validate::PARTIAL_UTF32 };
        Fail::Input(InputError { at, pos: None, kind: Kind::Incomplete(detail.to_owned()) })
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(" ")
}

fn order(form: Form) -> Order {
    match form {
        Form::Utf16(o) | Form::Ucs2(o) | Form::Utf32(o) => o,
        _ => Order::NATIVE,
    }
}

/// The 16-bit unit at `bytes[2 * i..]`, read in `order`.
fn unit16(bytes: &[u8], i: usize, order: Order) -> Option<u16> {
    let b = bytes.get(2 * i..2 * i + 2)?;
    Some(match order {
        Order::Le => u16::from_le_bytes([b[0], b[1]]),
        Order::Be => u16::from_be_bytes([b[0], b[1]]),
    })
}

/// What is wrong with the invalid sequence at the start of `bad`.
fn describe(why: Why, bad: &[u8], len: Option<usize>, form: Form) -> String {
    match why {
        Why::Utf8(kind) => explain::utf8(kind, bad, len),
        Why::Utf16(kind) => {
            let o = order(form);
            let unit = unit16(bad, 0, o).unwrap_or_default();
            explain::utf16(kind, unit, unit16(bad, 1, o))
        }
        Why::Utf32(kind) => {
            let value = match bad.get(..4) {
                Some(&[a, b, c, d]) => match order(form) {
                    Order::Le => u32::from_le_bytes([a, b, c, d]),
                    Order::Be => u32::from_be_bytes([a, b, c, d]),
                },
                _ => 0,
            };
            explain::utf32(kind, value)
        }
        Why::NotAscii => {
            format!("byte {:02X} is not ASCII, expected 00..7F", bad.first().copied().unwrap_or(0))
        }
        Why::Ucs2Surrogate => format!(
            "surrogate {:04X}, which UCS-2 does not have (name utf-16 for text with surrogate pairs)",
            unit16(bad, 0, order(form)).unwrap_or_default()
        ),
    }
}

/// Moves `pos` past input text `bytes` of form `form`, which starts at
/// input offset `offset` and holds whole units. A UTF-8 byte-order mark
/// that starts the input is not counted, as in `validate`.
pub fn advance(pos: &mut LineCol, form: Form, bytes: &[u8], offset: u64) {
    let text = match bytes.strip_prefix(Form::Utf8.bom()) {
        Some(rest) if offset == 0 && form == Form::Utf8 => rest,
        _ => bytes,
    };
    match form {
        Form::Utf8 => pos.advance_utf8(text),
        Form::Derived(_) => pos.advance_derived(text),
        Form::Legacy(_) => pos.advance_bytes(text),
        Form::Utf16(o) | Form::Ucs2(o) => {
            let mut scratch = Vec::new();
            let units = units16(&text[..text.len() & !1], &mut scratch);
            pos.advance_utf16(units, |u| o.read16(u));
        }
        Form::Utf32(o) => {
            let mut scratch = Vec::new();
            pos.advance_utf32(values32(&text[..text.len() & !3], o, &mut scratch));
        }
    }
}

/// The line and column of byte `at` of a rewindable input whose text
/// (in `form`) starts at byte `base`: a second pass over it.
///
/// # Errors
///
/// A read error of the input.
pub fn position_by_rereading(
    reader: &mut Reader,
    form: Form,
    base: u64,
    at: u64,
) -> io::Result<LineCol> {
    let mut pos = LineCol::default();
    reader.rewind()?;
    loop {
        let w = reader.fill()?;
        let want = usize::try_from(at - w.offset).unwrap_or(usize::MAX);
        let done = want <= w.bytes.len() || w.last;
        let from =
            usize::try_from(base.saturating_sub(w.offset)).unwrap_or(usize::MAX).min(w.bytes.len());
        // Stop the piece where no unit (nor encoded surrogate pair) is
        // split; the rest comes again at the start of the next window.
        let n = if done {
            want.min(w.bytes.len())
        } else {
            let body = w.bytes.len() - from;
            from + match form {
                Form::Derived(_) => safe_cut(&w.bytes[from..]),
                _ => body - body % form.unit(),
            }
        };
        advance(&mut pos, form, &w.bytes[from..n.max(from)], w.offset + from as u64);
        reader.consume(n);
        if done {
            return Ok(pos);
        }
    }
}

/// Writes `parts` to stderr as one message line, `rapidutf: ` first. File
/// names go in as their own bytes, whether UTF-8 or not.
pub fn say(parts: &[&[u8]]) {
    use std::io::Write;
    let mut line = b"rapidutf: ".to_vec();
    for p in parts {
        line.extend_from_slice(p);
    }
    line.push(b'\n');
    // Nothing is left to tell a user whose stderr fails.
    let _ = io::stderr().lock().write_all(&line);
}

/// Reports a failure of input `name` on stderr.
pub fn report(name: &InputName, fail: &Fail) {
    match fail {
        Fail::Input(e) => {
            let pos = match e.pos {
                Some(p) => format!("line {}, char {}, ", p.line(), p.char()),
                None => String::new(),
            };
            let what = match &e.kind {
                Kind::Illegal(d) => format!("illegal input sequence: {d}"),
                Kind::Incomplete(d) => format!("incomplete character at end of input: {d}"),
                Kind::Unrepresentable { ch, to } => {
                    let shown = if ch.is_control() || ch.is_whitespace() {
                        String::new()
                    } else {
                        format!(" '{ch}'")
                    };
                    format!("cannot convert U+{:04X}{shown} to {to}", *ch as u32)
                }
            };
            say(&[name.as_bytes(), format!(": {pos}byte {}: {what}", e.at).as_bytes()]);
        }
        Fail::Read(e) => say(&[name.as_bytes(), b": ", crate::io_message(e).as_bytes()]),
        // A closed pipe (`rapidutf convert ... | head`) is no error to
        // report; the reader has what it wanted.
        Fail::Write(e) if e.error.kind() == io::ErrorKind::BrokenPipe => {}
        Fail::Write(e) => e.report(),
        Fail::Internal(what) => {
            say(&[format!("internal error: {what}; please report this bug").as_bytes()])
        }
    }
}

/// What a conversion substituted for input it did not convert as is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Invalid sequences replaced, dropped or decoded as Latin-1 or
    /// Windows-1252 (by the error mode).
    pub invalid: u64,
    /// Characters the output lacks, replaced or dropped (by the error
    /// mode).
    pub lacking: u64,
    /// Characters the output lacks, transliterated (`//TRANSLIT`).
    pub transliterated: u64,
    /// Of those, the ones without an entry, written as `?`.
    pub unknown: u64,
}

impl Counts {
    /// Whether something was dropped: what makes `-c` and `//IGNORE`
    /// exit with status 1, as iconv.
    pub fn dropped(&self, opts: &Options) -> bool {
        opts.errors == ErrorMode::Ignore && self.invalid + self.lacking > 0
    }

    /// Tells on stderr what was substituted in input `name`.
    pub fn report(&self, name: &InputName, opts: &Options) {
        let plural =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        if self.invalid > 0 {
            let done = match opts.errors {
                ErrorMode::Ignore => "dropped".to_owned(),
                ErrorMode::Latin1 => "decoded as latin1".to_owned(),
                ErrorMode::Cp1252 => "decoded as cp1252".to_owned(),
                _ if matches!(opts.to, Encoding::Legacy(_)) => "replaced with '?'".to_owned(),
                _ => "replaced with U+FFFD".to_owned(),
            };
            let n = plural(self.invalid, "invalid sequence", "invalid sequences");
            say(&[name.as_bytes(), format!(": {n} {done}").as_bytes()]);
        }
        if self.lacking > 0 {
            let done = match opts.errors {
                ErrorMode::Ignore => "dropped",
                _ if matches!(opts.to, Encoding::Legacy(_)) => "replaced with '?'",
                _ => "replaced with U+FFFD",
            };
            let n = plural(self.lacking, "character", "characters");
            say(&[name.as_bytes(), format!(": {n} that {} lacks {done}", opts.to).as_bytes()]);
        }
        if self.transliterated > 0 {
            let n = plural(self.transliterated, "character", "characters");
            let unknown = match self.unknown {
                0 => String::new(),
                k => format!(" ({} without a transliteration written as '?')", k),
            };
            say(&[
                name.as_bytes(),
                format!(": {n} transliterated to {}{unknown}", opts.to).as_bytes(),
            ]);
        }
    }
}
