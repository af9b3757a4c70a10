//! One input converted window by window into the output: the first window
//! settles the input form and the byte-order marks, then each window is cut
//! after its last complete character (the rest starts the next window) and
//! goes through a whole-buffer transcoder, or, for the UTF-8 derivatives
//! and `surrogateescape`, through [`super::derivative`].
//!
//! Invalid input and characters the output lacks stop a transcoder call;
//! the error mode then substitutes something and the conversion goes on
//! after them, or (strict) the output of everything before them is
//! written and the conversion stops there.

use super::derivative::Piece;
use super::dest::Sink;
use super::report::{self, Counts, Fail};
use super::transcode::{self, incomplete_utf8_tail, replacement, transcode, Out, Src, Stop};
use super::translit;
use super::{BomMode, ErrorMode, Options};
use crate::derived::safe_cut;
use crate::encoding::{units16, values32, Encoding, Form, Order};
use crate::input::{Reader, Window};
use crate::position::LineCol;
use std::borrow::Cow;

/// The state of one input's conversion.
pub struct Converter<'o> {
    opts: &'o Options,
    to: Form,
    /// The output BOM, until it is written before the first output.
    bom: &'static [u8],
    /// Settled by the first window.
    state: Option<State>,
    scratch16: Vec<u16>,
    scratch32: Vec<u32>,
    out: Out,
    /// What the error modes substituted so far.
    pub counts: Counts,
}

/// What the first window settled.
#[derive(Clone, Copy)]
struct State {
    /// The input form (after BOM detection).
    form: Form,
    /// The input offset where the text starts, after a BOM.
    base: u64,
    /// Whether the derivative path converts the windows.
    derived: bool,
}

impl<'o> Converter<'o> {
    /// A converter for one input of `opts`.
    pub fn new(opts: &'o Options) -> Converter<'o> {
        let (to, _) = opts.to.output();
        Converter {
            opts,
            to,
            bom: b"",
            state: None,
            scratch16: Vec::new(),
            scratch32: Vec::new(),
            out: Out::default(),
            counts: Counts::default(),
        }
    }

    /// Converts all of `reader` into `sink`.
    ///
    /// # Errors
    ///
    /// Where and why the conversion stopped; an [`report::InputError`]
    /// carries its line and column.
    pub fn run(&mut self, reader: &mut Reader, sink: &mut Sink) -> Result<(), Fail> {
        // A stream cannot be read twice: its lines are counted as it goes,
        // in case an error comes. A file is read again up to the error.
        let mut counted = (!reader.rewindable()).then(LineCol::default);
        loop {
            let w = reader.fill().map_err(Fail::Read)?;
            let (offset, last) = (w.offset, w.last);
            match self.feed(&w, sink) {
                Ok(n) => {
                    if let (Some(pos), Some(s)) = (&mut counted, self.state) {
                        text_advance(pos, s, &w.bytes[..n], offset);
                    }
                    reader.consume(n);
                    sink.pass_on().map_err(Fail::Write)?;
                    if last {
                        return Ok(());
                    }
                }
                Err(Fail::Input(mut e)) => {
                    let Some(s) = self.state else { return Err(Fail::Input(e)) };
                    e.pos = Some(match &mut counted {
                        Some(pos) => {
                            let n = usize::try_from(e.at - offset).unwrap_or(0).min(w.bytes.len());
                            text_advance(pos, s, &w.bytes[..n], offset);
                            *pos
                        }
                        None => report::position_by_rereading(reader, s.form, s.base, e.at)
                            .map_err(Fail::Read)?,
                    });
                    return Err(Fail::Input(e));
                }
                Err(other) => return Err(other),
            }
        }
    }

    /// Settles the input form, the BOM and the path from the first window
    /// (which holds at least 4 bytes unless it is the whole input), writes
    /// an output BOM that is due now, and returns the length of the input
    /// BOM.
    fn start(&mut self, head: &[u8], last: bool, sink: &mut Sink) -> Result<usize, Fail> {
        let opts = self.opts;
        let (form, detected) = opts.from.detect_input(head, last);
        let bom_name = matches!(opts.to, Encoding::Utf16Bom | Encoding::Utf32Bom);
        let skip = if opts.bom == BomMode::Default {
            // iconv: the names decide, and a BOM that the input name does
            // not consume is a character like any other.
            if bom_name {
                self.bom = self.to.bom();
            }
            detected
        } else {
            // The input's BOM is taken off the text; `--bom` decides.
            let had_bom = detected > 0 || head.starts_with(form.bom());
            let write = match opts.bom {
                BomMode::Keep => had_bom || bom_name,
                BomMode::Strip => false,
                BomMode::Default | BomMode::Add => true,
            };
            if write {
                sink.write(self.to.bom()).map_err(Fail::Write)?;
            }
            if had_bom {
                form.bom().len()
            } else {
                0
            }
        };
        // The 8-bit and UCS forms go through the whole-buffer transcoders,
        // whose errors carry positions (the usage checks keep them away
        // from derivative input and surrogateescape).
        let legacy = matches!(form, Form::Legacy(_)) || matches!(self.to, Form::Legacy(_));
        let derived = !legacy
            && (opts.errors == ErrorMode::SurrogateEscape
                || matches!(form, Form::Derived(_))
                || matches!(self.to, Form::Derived(_)));
        self.state = Some(State { form, base: skip as u64, derived });
        Ok(skip)
    }

    /// Converts what `w` holds of complete characters (everything, if it is
    /// the last window) and returns how many bytes it consumed.
    fn feed(&mut self, w: &Window<'_>, sink: &mut Sink) -> Result<usize, Fail> {
        let skip = if self.state.is_none() { self.start(w.bytes, w.last, sink)? } else { 0 };
        let Some(State { form, derived, .. }) = self.state else {
            return Err(Fail::Internal("no conversion state"));
        };
        let body = &w.bytes[skip..];
        let base = w.offset + skip as u64;
        let whole = body.len() / form.unit() * form.unit();
        let take = match form {
            _ if w.last => whole,
            Form::Utf8 | Form::Derived(_) if derived => safe_cut(body),
            // Every byte is a character.
            Form::Legacy(_) => body.len(),
            Form::Utf8 | Form::Derived(_) => body.len() - incomplete_utf8_tail(body),
            Form::Utf16(o) | Form::Ucs2(o) => whole_utf16(body, o),
            Form::Utf32(_) => whole,
        };
        let mut emit = Emit {
            sink,
            bom: &mut self.bom,
            counts: &mut self.counts,
            opts: self.opts,
            to: self.to,
        };
        if derived {
            let piece = Piece { form, body, take, last: w.last, base };
            piece.convert(&mut self.scratch16, &mut self.scratch32, &mut self.out, &mut emit)?;
        } else {
            let bytes = &body[..take];
            let src = match form {
                Form::Legacy(l) => Src::Legacy(bytes, l),
                Form::Utf8 | Form::Derived(_) => Src::U8(bytes),
                Form::Utf16(o) => Src::U16(units16(bytes, &mut self.scratch16), o),
                Form::Ucs2(o) => Src::Ucs2(units16(bytes, &mut self.scratch16), o),
                Form::Utf32(o) => Src::U32(values32(bytes, o, &mut self.scratch32)),
            };
            convert(src, body, base, form, &mut self.out, &mut emit)?;
        }
        partial_unit_at_end(w, skip + take, form, &mut emit)
    }
}

/// Moves `pos` past the part of window bytes `bytes` (at input offset
/// `offset`) that is text: after the input's BOM.
fn text_advance(pos: &mut LineCol, s: State, bytes: &[u8], offset: u64) {
    let from =
        usize::try_from(s.base.saturating_sub(offset)).unwrap_or(usize::MAX).min(bytes.len());
    report::advance(pos, s.form, &bytes[from..], offset + from as u64);
}

/// The whole UTF-16 units of `body` in byte order `o`, without a final
/// high surrogate (whose partner may start the next window), in bytes.
fn whole_utf16(body: &[u8], o: Order) -> usize {
    let whole = body.len() & !1;
    let high = whole >= 2
        && matches!(
            o.read16(u16::from_ne_bytes([body[whole - 2], body[whole - 1]])),
            0xD800..=0xDBFF
        );
    if high {
        whole - 2
    } else {
        whole
    }
}

/// Handles a partial UTF-16/UTF-32 unit that ends the input (the last
/// window was converted up to byte `done`), and returns the bytes the
/// window consumed.
fn partial_unit_at_end(
    w: &Window<'_>,
    done: usize,
    form: Form,
    emit: &mut Emit<'_>,
) -> Result<usize, Fail> {
    if w.last && done < w.bytes.len() {
        if emit.opts.errors.stops() {
            return Err(Fail::partial_unit(w.offset + done as u64, form.unit()));
        }
        // (The fallback modes, the only ones that can fail here, take UTF-8
        // input, which has no partial units.)
        let sub = emit
            .substitute(&w.bytes[done..])
            .map_err(|_| Fail::Internal("a partial unit fell back to a character"))?;
        emit.write(&sub)?;
        return Ok(w.bytes.len());
    }
    Ok(done)
}

/// Converts `src` (a view of `body`, whose unit 0 is at byte `base` of the
/// input) and emits the output, applying the error mode to invalid input
/// and `//TRANSLIT` or the error mode to characters the output lacks.
fn convert(
    src: Src<'_>,
    body: &[u8],
    base: u64,
    form: Form,
    out: &mut Out,
    emit: &mut Emit<'_>,
) -> Result<(), Fail> {
    let unit = form.unit();
    let at_byte = |i: usize| base + (i * unit) as u64;
    let mut i = 0;
    loop {
        let (at, len, stop) = match transcode(src.slice(i..src.len()), emit.to, out) {
            Ok(bytes) => return emit.write(bytes),
            Err(Stop::Internal(what)) => return Err(Fail::Internal(what)),
            Err(stop @ Stop::Unrepresentable { at, len, .. }) => (at, Some(len), stop),
            Err(stop @ Stop::Invalid { at, len, .. }) => (at, len, stop),
        };
        // The transcoder may have written past the stop, so convert the
        // part before it again, exactly: in strict mode that is what
        // reaches the output before the conversion stops.
        match transcode(src.slice(i..i + at), emit.to, out) {
            Ok(bytes) => emit.write(bytes)?,
            Err(_) => return Err(Fail::Internal("a valid prefix failed to convert")),
        }
        let sub: Cow<'_, [u8]> = match stop {
            Stop::Unrepresentable { ch, .. } => match emit.lacking(ch) {
                Some(sub) => sub,
                None => return Err(Fail::unrepresentable(at_byte(i + at), ch, emit.opts.to)),
            },
            Stop::Invalid { why, .. } if emit.opts.errors.stops() => {
                let bad = &body[(i + at) * unit..];
                return Err(Fail::invalid(at_byte(i + at), why, bad, len, form));
            }
            _ => {
                let bad_end = len.map_or(src.len(), |len| i + at + len);
                let bad = match src {
                    Src::U8(bytes) => &bytes[i + at..bad_end],
                    // Other input: only replace and ignore apply, and
                    // neither looks at the bytes.
                    _ => &[],
                };
                match emit.substitute(bad) {
                    Ok(sub) => sub,
                    // A fallback character the output lacks: an error,
                    // as Python's strict encoder has it.
                    Err((k, ch)) => {
                        return Err(Fail::unrepresentable(at_byte(i + at + k), ch, emit.opts.to))
                    }
                }
            }
        };
        emit.write(&sub)?;
        i += at + len.unwrap_or(src.len() - i - at);
        if i == src.len() {
            return Ok(());
        }
    }
}

/// Writes output, preceded once by the output BOM, and substitutes what
/// the error mode and `//TRANSLIT` call for.
pub struct Emit<'s> {
    sink: &'s mut Sink,
    bom: &'s mut &'static [u8],
    counts: &'s mut Counts,
    pub opts: &'s Options,
    pub to: Form,
}

impl Emit<'_> {
    /// Writes `bytes` of output.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Fail> {
        if bytes.is_empty() {
            return Ok(());
        }
        if !self.bom.is_empty() {
            self.sink.write(self.bom).map_err(Fail::Write)?;
            *self.bom = b"";
        }
        self.sink.write(bytes).map_err(Fail::Write)
    }

    /// What stands for `ch`, a character the output lacks: its
    /// transliteration (or `?`) with `//TRANSLIT`; with replace, `?`
    /// (U+FFFD in UCS-2); with ignore, nothing; `None` when it is an
    /// error.
    pub fn lacking(&mut self, ch: char) -> Option<Cow<'static, [u8]>> {
        if self.opts.translit {
            self.counts.transliterated += 1;
            return Some(match translit::lookup(ch) {
                Some(text) => Cow::Owned(transcode::encode_str(text, self.to)),
                None => {
                    self.counts.unknown += 1;
                    Cow::Borrowed(transcode::replacement_char(self.to))
                }
            });
        }
        let sub = match self.opts.errors {
            ErrorMode::Replace => replacement(self.to),
            ErrorMode::Ignore => b"",
            _ => return None,
        };
        self.counts.lacking += 1;
        Some(Cow::Borrowed(sub))
    }

    /// What stands for the invalid input `bad` (one maximal invalid
    /// subpart, or an unpaired surrogate or partial unit of UTF-16/UTF-32
    /// input) under the error mode; `Err((k, ch))` when the character `ch`
    /// that byte `k` of `bad` falls back to (`--errors=latin1|cp1252`) is
    /// one the output lacks, and `//TRANSLIT` is not asked for.
    pub fn substitute(&mut self, bad: &[u8]) -> Result<Cow<'static, [u8]>, (usize, char)> {
        use rapidutf::ErrorStrategy;
        self.counts.invalid += 1;
        let strategy = match self.opts.errors {
            ErrorMode::Replace => return Ok(Cow::Borrowed(replacement(self.to))),
            ErrorMode::Latin1 => ErrorStrategy::Latin1,
            ErrorMode::Cp1252 => ErrorStrategy::Windows1252,
            _ => return Ok(Cow::Borrowed(&[])),
        };
        // Latin-1 and Windows-1252 decode bytes: their characters are in
        // the BMP, never NUL for bytes above 7F (the only bytes of an
        // invalid UTF-8 subpart), so the UTF-8 derivatives encode them as
        // UTF-8 does.
        let chars = rapidutf::utf8_to_string_lossy_with(bad, strategy);
        let mut sub = Vec::new();
        let mut scratch = Out::default();
        for (k, ch) in chars.chars().enumerate() {
            let mut buf = [0u8; 4];
            match transcode(Src::U8(ch.encode_utf8(&mut buf).as_bytes()), self.to, &mut scratch) {
                Ok(bytes) => sub.extend_from_slice(bytes),
                Err(_) if matches!(self.to, Form::Derived(_)) => {
                    sub.extend_from_slice(&transcode::encode_str(ch.encode_utf8(&mut buf), self.to))
                }
                Err(_) => match self.opts.translit {
                    true => sub.extend_from_slice(&self.lacking(ch).unwrap_or_default()),
                    false => return Err((k, ch)),
                },
            }
        }
        Ok(Cow::Owned(sub))
    }
}
