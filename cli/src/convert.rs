//! `rapidutf convert`: iconv-style conversion between UTF-8, UTF-16,
//! UTF-32, the UTF-8 derivatives and the legacy 8-bit encodings (Latin-1,
//! Windows-1252), window by window with bounded memory.
//!
//! # Streaming
//!
//! The input is read in windows (see [`crate::input`]) and each window is
//! converted as it comes, so memory stays bounded whatever the input size:
//!
//! - **UTF-8 to UTF-16** and **UTF-16 to UTF-8** go through the library's
//!   streaming decoders, [`Utf8Decoder`] and [`Utf16Decoder`], which take
//!   every window whole and carry a character (or a high surrogate) split
//!   between windows themselves, strict or lossy.
//! - The **other UTF-8/16/32 pairs** cut each window after its last
//!   complete character; the cut-off tail (an incomplete UTF-8 sequence,
//!   an odd byte, a high surrogate waiting for its partner, a partial
//!   UTF-32 unit) stays unconsumed and starts the next window. The rest
//!   goes through one of the library's transcoders (`utf16be_to_utf32`,
//!   ...) into a scratch buffer sized by the library's "always suffices"
//!   bounds. Between two forms of the same encoding (`utf-16le` to
//!   `utf-16be`, say) the input is validated and byte-swapped.
//! - **Legacy encodings** (`latin1`, `cp1252`) take the same path: every
//!   byte is a character, so a window is cut nowhere, and a character a
//!   legacy output lacks stops the library's encoder with its position
//!   (an illegal input sequence there, as in iconv).
//! - **Derivatives** (`cesu-8`, `mutf-8`, `wtf-8`, `utf8mb3`) and
//!   **`surrogateescape`** decode each window with the library's
//!   whole-buffer functions ([`rapidutf::derive`]), cut where no
//!   character, surrogate pair or look-ahead is split (see
//!   [`crate::derived`]), through UTF-8 or UTF-16 as an intermediate.
//!
//! # Byte-order marks
//!
//! Without `--bom`, as iconv: `utf-16`/`utf-32`/`auto` input consumes a
//! BOM (`utf-16`/`utf-32` without one are in the machine's byte order, as
//! in glibc iconv), every other input keeps it as a character (so it is
//! transcoded);
//! `utf-16`/`utf-32` output starts with a BOM (before the first character;
//! so `-f utf-8 -t utf-16` of a text that starts with U+FEFF writes two).
//!
//! With `--bom`, a BOM at the start of the input (U+FEFF in the input's
//! form, whatever the input's name) is taken off the text, and the output
//! starts with at most one BOM (in the output's form), written even for an
//! empty text:
//!
//! - `keep`: the output has a BOM if the input had one, or if the output
//!   is `utf-16`/`utf-32`;
//! - `strip`: the output has no BOM (`utf-16`/`utf-32` output, which must
//!   have one, is then a usage error: name the byte order);
//! - `add`: the output starts with one BOM, whether the input had one or
//!   not.
//!
//! # Errors
//!
//! - `--errors=strict` (the default) stops at the first invalid sequence
//!   with iconv's words, `illegal input sequence at position N` (`N` the
//!   byte offset in the input, BOM included), or, for input that ends
//!   inside a character, iconv's `incomplete character or shift sequence
//!   at end of buffer`; the exit status is 1. A lone surrogate that the
//!   output cannot represent (from WTF-8 or Modified UTF-8 input, say) is
//!   an illegal input sequence too.
//! - `--errors=replace` writes U+FFFD instead: one per maximal invalid
//!   subpart of UTF-8 (so UTF-8 output is byte-identical to
//!   `String::from_utf8_lossy`), one per unpaired surrogate of UTF-16 (as
//!   `String::from_utf16_lossy`), one per invalid UTF-32 value, one per
//!   invalid sequence of a derivative as its validator reports it, and one
//!   for a partial unit at the end of UTF-16/UTF-32 input.
//! - `--errors=surrogateescape` is Python's PEP 383 handler: decoding
//!   UTF-8, each byte of an invalid sequence becomes U+DC80..U+DCFF (in
//!   UTF-16, WTF-8 or Modified UTF-8 output); encoding UTF-8 from UTF-16,
//!   each lone U+DC80..U+DCFF becomes its byte again, so bytes → UTF-16 →
//!   bytes is the identity for every input. Other lone surrogates are
//!   errors as in strict mode.
//!
//! # Never a partial success
//!
//! The input is read once. A failed conversion leaves nothing behind: in
//! strict mode the output is released only at the end, by renaming a
//! temporary file over `-o FILE` or by copying held-back output to a
//! stream; see [`crate::output`]. With `--errors=replace` invalid input
//! cannot fail the conversion, so the output is written as it is produced
//! (only an I/O error can interrupt it, and that is reported with exit
//! status 2).

use crate::derived::{self, safe_cut, ByteSource, Decoded, Derived};
use crate::encoding::{units16, values32, Derivative, Encoding, Form, Legacy, Order};
use crate::input::{InputName, Reader, Window};
use crate::output::{OutError, Sink};
use crate::Status;
use rapidutf::stream::{CoderResult, Endian, Utf16Decoder, Utf8Decoder};
use rapidutf::{
    ErrorStrategy, Latin1Error, Latin1ErrorKind, TranscodeError, Utf16Error, Utf16ErrorKind,
    Utf32Error, Utf8Error,
};
use std::borrow::Cow;
use std::convert::Infallible;
use std::io;
use std::path::PathBuf;

/// What to do with invalid input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorMode {
    /// Stop at the first invalid sequence.
    Strict,
    /// Replace each invalid sequence with U+FFFD.
    Replace,
    /// Python's `surrogateescape` (PEP 383), see the module docs.
    SurrogateEscape,
    /// Drop each invalid sequence (iconv's `-c` and `//IGNORE`).
    Ignore,
    /// Decode each byte of each invalid sequence as ISO-8859-1 (byte input
    /// only).
    Latin1,
    /// Decode each byte of each invalid sequence as Windows-1252 (byte
    /// input only).
    Cp1252,
}

impl ErrorMode {
    /// Whether invalid input stops the conversion.
    fn stops(self) -> bool {
        matches!(self, ErrorMode::Strict | ErrorMode::SurrogateEscape)
    }

    /// The library's strategy for the modes that substitute something for
    /// each maximal invalid subpart.
    fn strategy(self) -> Option<ErrorStrategy> {
        match self {
            ErrorMode::Replace => Some(ErrorStrategy::Replace),
            ErrorMode::Ignore => Some(ErrorStrategy::Ignore),
            ErrorMode::Latin1 => Some(ErrorStrategy::Latin1),
            ErrorMode::Cp1252 => Some(ErrorStrategy::Windows1252),
            ErrorMode::Strict | ErrorMode::SurrogateEscape => None,
        }
    }
}

/// What stands for the invalid input `bad` (one maximal invalid subpart,
/// or an unpaired surrogate or partial unit of UTF-16/UTF-32 input) in
/// output `to`, under `mode`; `Err(k)` when the character that byte `k`
/// of `bad` falls back to (`--errors=latin1|cp1252`) is one a legacy
/// output cannot represent.
fn substitute(mode: ErrorMode, bad: &[u8], to: Form) -> Result<Cow<'static, [u8]>, usize> {
    let chars = match mode.strategy() {
        Some(ErrorStrategy::Replace) => return Ok(Cow::Borrowed(replacement(to))),
        // Latin-1 and Windows-1252 decode bytes: their characters are in
        // the BMP, never NUL for bytes above 7F (the only bytes of an
        // invalid UTF-8 subpart), so the UTF-8 derivatives encode them as
        // UTF-8 does.
        Some(s @ (ErrorStrategy::Latin1 | ErrorStrategy::Windows1252)) => {
            rapidutf::utf8_to_string_lossy_with(bad, s).into_owned()
        }
        _ => return Ok(Cow::Borrowed(&[])),
    };
    Ok(Cow::Owned(match to {
        // One character per byte of `bad`.
        Form::Legacy(l) => {
            let mut out = vec![0; bad.len()];
            match legacy_encoder(l)(chars.as_bytes(), &mut out) {
                Ok(n) => out[..n].to_vec(),
                Err(TranscodeError::Invalid { error: e, .. }) => {
                    return Err(chars[..e.valid_up_to()].chars().count())
                }
                Err(_) => return Err(0),
            }
        }
        Form::Utf8 | Form::Derived(_) => chars.into_bytes(),
        Form::Utf16(Order::Le) => chars.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        Form::Utf16(Order::Be) => chars.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        Form::Utf32(Order::Le) => chars.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect(),
        Form::Utf32(Order::Be) => chars.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect(),
    }))
}

/// The library's UTF-8 encoder of legacy encoding `l`.
fn legacy_encoder(l: Legacy) -> Transcoder<u8, u8, Latin1Error<Utf8Error>> {
    match l {
        Legacy::Latin1 => rapidutf::utf8_to_latin1,
        Legacy::Cp1252 => rapidutf::utf8_to_windows1252,
    }
}

/// What happens to byte-order marks, see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BomMode {
    /// iconv's behaviour: by the encoding names.
    Default,
    /// Output a BOM if the input had one.
    Keep,
    /// Never output a BOM.
    Strip,
    /// Always output a BOM.
    Add,
}

/// The options of `rapidutf convert`.
#[derive(Debug, PartialEq, Eq)]
pub struct Options {
    /// `-f`: the input encoding.
    pub from: Encoding,
    /// `-t`: the output encoding.
    pub to: Encoding,
    /// `-o`: the output file; stdout when absent.
    pub output: Option<PathBuf>,
    /// The input.
    pub input: InputName,
    /// `--errors`.
    pub errors: ErrorMode,
    /// `--bom`.
    pub bom: BomMode,
}

impl Options {
    /// Whether invalid input cannot fail the conversion.
    fn infallible(&self) -> bool {
        match self.errors {
            ErrorMode::Replace | ErrorMode::Ignore => true,
            // A legacy output may lack a character of valid input (the
            // fallback modes only apply to invalid input).
            ErrorMode::Latin1 | ErrorMode::Cp1252 => !matches!(self.to, Encoding::Legacy(_)),
            ErrorMode::SurrogateEscape => self.from == Encoding::Utf8,
            ErrorMode::Strict => false,
        }
    }
}

/// Why a conversion stopped.
enum Fail {
    /// Invalid input at this byte offset (strict mode).
    Illegal(u64),
    /// The input ends inside a character (strict mode).
    Incomplete,
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed.
    Write(OutError),
    /// A transcoder broke its documented contract.
    Internal(&'static str),
}

/// Runs `rapidutf convert`. Errors are reported on stderr.
pub fn run(opts: &Options) -> Status {
    match convert_input(opts) {
        Ok(()) => Status::Ok,
        Err(Fail::Illegal(pos)) => {
            eprintln!("rapidutf: illegal input sequence at position {pos}");
            Status::Invalid
        }
        Err(Fail::Incomplete) => {
            eprintln!("rapidutf: incomplete character or shift sequence at end of buffer");
            Status::Invalid
        }
        Err(Fail::Read(e)) => {
            crate::report_io(&opts.input, &e);
            Status::Trouble
        }
        // A closed pipe (`rapidutf convert ... | head`) is no error to
        // report; the reader has what it wanted.
        Err(Fail::Write(e)) if e.error.kind() == io::ErrorKind::BrokenPipe => Status::Trouble,
        Err(Fail::Write(e)) => {
            eprintln!("rapidutf: {e}");
            Status::Trouble
        }
        Err(Fail::Internal(what)) => {
            eprintln!("rapidutf: internal error: {what}; please report this bug");
            Status::Trouble
        }
    }
}

/// Converts the input to the output in one pass, or fails leaving no
/// output behind (see [`crate::output`]).
fn convert_input(opts: &Options) -> Result<(), Fail> {
    let mut reader = Reader::open(&opts.input, "convert").map_err(Fail::Read)?;
    crate::cleanup::install();
    let mut sink = Sink::open(opts.output.as_deref(), !opts.infallible()).map_err(Fail::Write)?;
    pump(&mut reader, &mut Converter::new(opts), &mut sink)?;
    // On failure `sink` is dropped uncommitted, which removes its
    // temporary file.
    sink.commit().map_err(Fail::Write)
}

/// Feeds every window of `reader` through `converter` into `sink`.
fn pump(reader: &mut Reader, converter: &mut Converter, sink: &mut Sink) -> Result<(), Fail> {
    loop {
        let w = reader.fill().map_err(Fail::Read)?;
        let last = w.last;
        let n = converter.feed(&w, sink)?;
        reader.consume(n);
        if last {
            return Ok(());
        }
    }
}

/// The input of one transcoder call: units as the library takes them.
#[derive(Clone, Copy)]
enum Src<'a> {
    /// UTF-8 bytes.
    U8(&'a [u8]),
    /// UTF-16 units in memory order, with their byte order.
    U16(&'a [u16], Order),
    /// UTF-32 values.
    U32(&'a [u32]),
    /// Bytes of a legacy encoding: every byte is a character.
    Legacy(&'a [u8], Legacy),
}

impl<'a> Src<'a> {
    fn len(self) -> usize {
        match self {
            Src::U8(s) => s.len(),
            Src::U16(s, _) => s.len(),
            Src::U32(s) => s.len(),
            Src::Legacy(s, _) => s.len(),
        }
    }

    fn slice(self, range: std::ops::Range<usize>) -> Src<'a> {
        match self {
            Src::U8(s) => Src::U8(&s[range]),
            Src::U16(s, o) => Src::U16(&s[range], o),
            Src::U32(s) => Src::U32(&s[range]),
            Src::Legacy(s, l) => Src::Legacy(&s[range], l),
        }
    }
}

/// Why a transcoder call stopped.
enum Stop {
    /// Invalid input at unit `at` of the call's input, `len` units long
    /// (`None`: the input ends inside a character).
    Invalid { at: usize, len: Option<usize> },
    /// A character at unit `at`, `len` units long, that the (legacy)
    /// output cannot represent.
    Unrepresentable { at: usize, len: usize },
    /// The library broke its documented contract.
    Internal(&'static str),
}

impl From<Utf8Error> for Stop {
    fn from(e: Utf8Error) -> Stop {
        Stop::Invalid { at: e.valid_up_to(), len: e.error_len() }
    }
}

impl From<Utf32Error> for Stop {
    fn from(e: Utf32Error) -> Stop {
        Stop::Invalid { at: e.valid_up_to(), len: Some(1) }
    }
}

/// A conversion error towards a legacy encoding: the input's own error
/// (`invalid` turns it into a [`Stop`]) or a character the output cannot
/// represent, whose width in input units `width` gives.
fn legacy_stop<E: Copy>(
    e: Latin1Error<E>,
    invalid: impl FnOnce(E) -> Stop,
    width: impl FnOnce(char) -> usize,
) -> Stop {
    let at = e.valid_up_to();
    match e.kind() {
        Latin1ErrorKind::Invalid(e) => invalid(e),
        Latin1ErrorKind::Unrepresentable(c) => Stop::Unrepresentable { at, len: width(c) },
        _ => Stop::Internal("an error this version of the CLI does not know"),
    }
}

/// A UTF-16 error over `n` units; a high surrogate in the last unit is an
/// incomplete character (the converter only passes one on at the very end
/// of the input).
fn utf16_stop(e: Utf16Error, n: usize) -> Stop {
    let at = e.valid_up_to();
    let incomplete = e.kind() == Utf16ErrorKind::UnpairedHigh && at + 1 == n;
    Stop::Invalid { at, len: if incomplete { None } else { Some(1) } }
}

/// Scratch buffers for transcoder output, reused across windows.
#[derive(Default)]
struct Out {
    bytes: Vec<u8>,
    units: Vec<u16>,
    values: Vec<u32>,
}

/// The signature of the library's transcoders.
type Transcoder<S, D, E> = fn(&[S], &mut [D]) -> Result<usize, TranscodeError<E>>;

/// Runs transcoder `f` from `src` into `buf`, which is grown to `bound`
/// elements (a size the library documents as always sufficient); `stop`
/// turns an input error into a [`Stop`].
fn run_into<'b, S, D: bytemuck::Pod, E>(
    f: Transcoder<S, D, E>,
    src: &[S],
    buf: &'b mut Vec<D>,
    bound: usize,
    stop: impl FnOnce(E) -> Stop,
) -> Result<&'b mut [D], Stop> {
    if buf.len() < bound {
        buf.resize(bound, D::zeroed());
    }
    match f(src, &mut buf[..bound]) {
        Ok(n) => Ok(&mut buf[..n]),
        Err(TranscodeError::Invalid { error: e, .. }) => Err(stop(e)),
        Err(TranscodeError::OutputTooSmall { .. }) => {
            Err(Stop::Internal("output buffer of the documented size was too small"))
        }
        Err(_) => Err(Stop::Internal("an error this version of the CLI does not know")),
    }
}

/// Puts UTF-32 values into byte order `order`, in place.
fn order32(values: &mut [u32], order: Order) -> &[u32] {
    if order != Order::NATIVE {
        for v in values.iter_mut() {
            *v = v.swap_bytes();
        }
    }
    values
}

/// Converts all of `src` to `to`: the output bytes, borrowed from `src`
/// itself when no change is needed, else from `out`.
fn transcode<'a>(src: Src<'a>, to: Form, out: &'a mut Out) -> Result<&'a [u8], Stop> {
    use rapidutf as r;
    let n = src.len();
    Ok(match (src, to) {
        (Src::U8(s), Form::Utf8) => {
            r::validate_utf8(s)?;
            s
        }
        (Src::U8(s), Form::Utf16(o)) => {
            let f = match o {
                Order::Le => r::utf8_to_utf16le,
                Order::Be => r::utf8_to_utf16be,
            };
            bytemuck::cast_slice(run_into(f, s, &mut out.units, n, Stop::from)?)
        }
        (Src::U8(s), Form::Utf32(o)) => bytemuck::cast_slice(order32(
            run_into(r::utf8_to_utf32, s, &mut out.values, n, Stop::from)?,
            o,
        )),
        (Src::U16(s, o), Form::Utf8) => {
            let f = match o {
                Order::Le => r::utf16le_to_utf8,
                Order::Be => r::utf16be_to_utf8,
            };
            run_into(f, s, &mut out.bytes, 3 * n, |e| utf16_stop(e, n))?
        }
        (Src::U16(s, from), Form::Utf16(to)) => {
            let checked = match from {
                Order::Le => r::validate_utf16le(s),
                Order::Be => r::validate_utf16be(s),
            };
            checked.map_err(|e| utf16_stop(e, n))?;
            if from == to {
                bytemuck::cast_slice(s)
            } else {
                out.units.clear();
                out.units.extend(s.iter().map(|u| u.swap_bytes()));
                bytemuck::cast_slice(&out.units)
            }
        }
        (Src::U16(s, o), Form::Utf32(to)) => {
            let f = match o {
                Order::Le => r::utf16le_to_utf32,
                Order::Be => r::utf16be_to_utf32,
            };
            bytemuck::cast_slice(order32(
                run_into(f, s, &mut out.values, n, |e| utf16_stop(e, n))?,
                to,
            ))
        }
        (Src::U32(s), Form::Utf8) => {
            run_into(r::utf32_to_utf8, s, &mut out.bytes, 4 * n, Stop::from)?
        }
        (Src::U32(s), Form::Utf16(o)) => {
            let f = match o {
                Order::Le => r::utf32_to_utf16le,
                Order::Be => r::utf32_to_utf16be,
            };
            bytemuck::cast_slice(run_into(f, s, &mut out.units, 2 * n, Stop::from)?)
        }
        (Src::Legacy(s, from), Form::Legacy(to)) if from == to => s,
        (Src::Legacy(s, from), Form::Legacy(to)) => {
            // Through UTF-8: each character's position is its index.
            let text = legacy_decode(s, from);
            let f = legacy_encoder(to);
            run_into(f, text.as_bytes(), &mut out.bytes, n, |e| match e.kind() {
                Latin1ErrorKind::Unrepresentable(_) => {
                    Stop::Unrepresentable { at: text[..e.valid_up_to()].chars().count(), len: 1 }
                }
                _ => Stop::Internal("decoded legacy text is valid UTF-8"),
            })?
        }
        (Src::Legacy(s, l), Form::Utf8) => {
            let (f, bound): (Transcoder<u8, u8, Infallible>, usize) = match l {
                Legacy::Latin1 => (r::latin1_to_utf8, 2 * n),
                Legacy::Cp1252 => (r::windows1252_to_utf8, 3 * n),
            };
            run_into(f, s, &mut out.bytes, bound, |never| match never {})?
        }
        (Src::Legacy(s, l), Form::Utf16(o)) => {
            let f = match (l, o) {
                (Legacy::Latin1, Order::Le) => r::latin1_to_utf16le,
                (Legacy::Latin1, Order::Be) => r::latin1_to_utf16be,
                (Legacy::Cp1252, Order::Le) => r::windows1252_to_utf16le,
                (Legacy::Cp1252, Order::Be) => r::windows1252_to_utf16be,
            };
            bytemuck::cast_slice(run_into(f, s, &mut out.units, n, |never| match never {})?)
        }
        (Src::Legacy(s, l), Form::Utf32(o)) => {
            let f = match l {
                Legacy::Latin1 => r::latin1_to_utf32,
                Legacy::Cp1252 => r::windows1252_to_utf32,
            };
            bytemuck::cast_slice(order32(
                run_into(f, s, &mut out.values, n, |never| match never {})?,
                o,
            ))
        }
        (Src::Legacy(s, l), Form::Derived(d)) => {
            // Every character of a legacy encoding is in the BMP and is
            // a scalar value: each derivative writes it.
            let text = legacy_decode(s, l);
            out.bytes.clear();
            match d {
                Derivative::Cesu8 => {
                    out.bytes.extend_from_slice(&r::derive::utf8_to_cesu8_vec(&text))
                }
                Derivative::Mutf8 => {
                    out.bytes.extend_from_slice(&r::derive::utf8_to_mutf8_vec(&text))
                }
                Derivative::Wtf8 => out.bytes.extend_from_slice(text.as_bytes()),
                Derivative::Utf8mb3 => return Err(Stop::Internal("utf8mb3 is input only")),
            }
            &out.bytes
        }
        (Src::U8(s), Form::Legacy(l)) => run_into(legacy_encoder(l), s, &mut out.bytes, n, |e| {
            legacy_stop(e, Stop::from, char::len_utf8)
        })?,
        (Src::U16(s, o), Form::Legacy(l)) => {
            let f = match (l, o) {
                (Legacy::Latin1, Order::Le) => r::utf16le_to_latin1,
                (Legacy::Latin1, Order::Be) => r::utf16be_to_latin1,
                (Legacy::Cp1252, Order::Le) => r::utf16le_to_windows1252,
                (Legacy::Cp1252, Order::Be) => r::utf16be_to_windows1252,
            };
            run_into(f, s, &mut out.bytes, n, |e| {
                legacy_stop(e, |e| utf16_stop(e, n), char::len_utf16)
            })?
        }
        (Src::U32(s), Form::Legacy(l)) => {
            let f = match l {
                Legacy::Latin1 => r::utf32_to_latin1,
                Legacy::Cp1252 => r::utf32_to_windows1252,
            };
            run_into(f, s, &mut out.bytes, n, |e| legacy_stop(e, Stop::from, |_| 1))?
        }
        (_, Form::Derived(_)) => return Err(Stop::Internal("derivative output in transcode")),
        (Src::U32(s), Form::Utf32(o)) => {
            r::validate_utf32(s)?;
            out.values.clear();
            out.values.extend_from_slice(s);
            bytemuck::cast_slice(order32(&mut out.values, o))
        }
    })
}

/// Legacy text as a `String`.
fn legacy_decode(s: &[u8], l: Legacy) -> String {
    match l {
        Legacy::Latin1 => rapidutf::latin1_to_string(s),
        Legacy::Cp1252 => rapidutf::windows1252_to_string(s),
    }
}

/// U+FFFD in each output form (`?` in the legacy ones).
fn replacement(to: Form) -> &'static [u8] {
    match to {
        // U+FFFD is in neither legacy encoding: `?`, as Python's encoders
        // with errors='replace' write.
        Form::Legacy(_) => b"?",
        Form::Utf8 | Form::Derived(_) => "\u{FFFD}".as_bytes(),
        Form::Utf16(Order::Le) => b"\xFD\xFF",
        Form::Utf16(Order::Be) => b"\xFF\xFD",
        Form::Utf32(Order::Le) => b"\xFD\xFF\x00\x00",
        Form::Utf32(Order::Be) => b"\x00\x00\xFF\xFD",
    }
}

/// How many bytes at the end of UTF-8 `bytes` begin a character that
/// `bytes` does not finish (0 to 3). Cutting there never splits a valid
/// character; anything invalid in the tail is found when the next window
/// brings the rest.
fn incomplete_utf8_tail(bytes: &[u8]) -> usize {
    for back in 1..=bytes.len().min(3) {
        let b = bytes[bytes.len() - back];
        if b & 0xC0 != 0x80 {
            let len = match b {
                0xC0..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF7 => 4,
                _ => 1,
            };
            return if len > back { back } else { 0 };
        }
    }
    0
}

/// The state of one conversion across windows.
struct Converter {
    from: Encoding,
    /// `-t` as named (for the BOM rules).
    to_name: Encoding,
    to: Form,
    /// The output BOM, until it is written before the first output.
    bom: &'static [u8],
    bom_mode: BomMode,
    mode: ErrorMode,
    /// Settled by the first window.
    state: Option<State>,
    scratch16: Vec<u16>,
    scratch32: Vec<u32>,
    out: Out,
}

/// What the first window settled.
struct State {
    /// The input form (after BOM detection).
    form: Form,
    /// The input offset where the text starts, after a BOM.
    base: u64,
    plan: Plan,
}

/// How the windows are converted.
enum Plan {
    /// UTF-8 to UTF-16 through the library's streaming decoder.
    Utf8To16(Utf8Decoder),
    /// UTF-16 to UTF-8 through the library's streaming decoder; `units`
    /// counts the units passed to it.
    Utf16To8 { decoder: Utf16Decoder, units: u64 },
    /// Derivatives and `surrogateescape`, see [`crate::derived`].
    Derived,
    /// The other UTF-8/16/32 pairs, through the whole-buffer transcoders.
    Generic,
}

fn endian(o: Order) -> Endian {
    match o {
        Order::Le => Endian::Little,
        Order::Be => Endian::Big,
    }
}

impl Converter {
    fn new(opts: &Options) -> Converter {
        let (to, _) = opts.to.output();
        Converter {
            from: opts.from,
            to_name: opts.to,
            to,
            bom: b"",
            bom_mode: opts.bom,
            mode: opts.errors,
            state: None,
            scratch16: Vec::new(),
            scratch32: Vec::new(),
            out: Out::default(),
        }
    }

    /// Settles the input form, the BOM and the plan from the first window
    /// (which holds at least 4 bytes unless it is the whole input), writes
    /// an output BOM that is due now, and returns the length of the input
    /// BOM.
    fn start(&mut self, head: &[u8], last: bool, sink: &mut Sink) -> Result<usize, Fail> {
        let (form, detected) = self.from.detect_input(head, last);
        let bom_name = matches!(self.to_name, Encoding::Utf16Bom | Encoding::Utf32Bom);
        let skip = if self.bom_mode == BomMode::Default {
            // iconv: the names decide, and a BOM that the input name does
            // not consume is a character like any other.
            if bom_name {
                self.bom = self.to.bom();
            }
            detected
        } else {
            // The input's BOM is taken off the text; `--bom` decides.
            let had_bom = detected > 0 || head.starts_with(form.bom());
            let write = match self.bom_mode {
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
        let plan = match (form, self.to, self.mode) {
            // Legacy text goes through the whole-buffer transcoders, whose
            // errors carry positions (the usage checks keep legacy
            // encodings away from derivative input and surrogateescape).
            (Form::Legacy(_), _, _) | (_, Form::Legacy(_), _) => Plan::Generic,
            (_, _, ErrorMode::SurrogateEscape) => Plan::Derived,
            (Form::Derived(_), _, _) | (_, Form::Derived(_), _) => Plan::Derived,
            // The streaming decoders are strict or replace.
            (_, _, ErrorMode::Ignore | ErrorMode::Latin1 | ErrorMode::Cp1252) => Plan::Generic,
            (Form::Utf8, Form::Utf16(o), _) => Plan::Utf8To16(Utf8Decoder::with_endian(endian(o))),
            (Form::Utf16(o), Form::Utf8, _) => {
                Plan::Utf16To8 { decoder: Utf16Decoder::with_endian(endian(o)), units: 0 }
            }
            _ => Plan::Generic,
        };
        self.state = Some(State { form, base: skip as u64, plan });
        Ok(skip)
    }

    /// Converts what `w` holds of complete characters (everything, if it is
    /// the last window) and returns how many bytes it consumed.
    fn feed(&mut self, w: &Window<'_>, sink: &mut Sink) -> Result<usize, Fail> {
        let skip = if self.state.is_none() { self.start(w.bytes, w.last, sink)? } else { 0 };
        let Converter { to, mode, state, scratch16, scratch32, out, bom, .. } = self;
        let (to, mode) = (*to, *mode);
        let Some(State { form, base, plan }) = state else {
            return Err(Fail::Internal("no conversion state"));
        };
        let (form, base) = (*form, *base);
        let body = &w.bytes[skip..];
        let mut emit = Emit { sink, bom };
        let lossy = mode == ErrorMode::Replace;
        match plan {
            Plan::Utf8To16(decoder) => {
                let n = decoder.max_utf16_len(body.len());
                if out.units.len() < n {
                    out.units.resize(n, 0);
                }
                let dst = &mut out.units[..n];
                let (result, read, written) = if lossy {
                    decoder.decode_to_utf16_lossy(body, dst, w.last)
                } else {
                    decoder.decode_to_utf16(body, dst, w.last).map_err(|e| match e.error() {
                        e if e.error_len().is_none() => Fail::Incomplete,
                        e => Fail::Illegal(base + e.valid_up_to() as u64),
                    })?
                };
                if (result, read) != (CoderResult::InputEmpty, body.len()) {
                    return Err(Fail::Internal("the decoder did not take a whole window"));
                }
                emit.write(bytemuck::cast_slice(&dst[..written]))?;
                Ok(w.bytes.len())
            }
            Plan::Utf16To8 { decoder, units: seen } => {
                let whole = body.len() & !1;
                let units = units16(&body[..whole], scratch16);
                *seen += units.len() as u64;
                let n = decoder.max_utf8_len(units.len());
                if out.bytes.len() < n {
                    out.bytes.resize(n, 0);
                }
                let dst = &mut out.bytes[..n];
                let (result, read, written) = if lossy {
                    decoder.decode_to_utf8_lossy(units, dst, w.last)
                } else {
                    let seen = *seen;
                    decoder.decode_to_utf8(units, dst, w.last).map_err(|e| {
                        let e = e.error();
                        let at = e.valid_up_to() as u64;
                        if e.kind() == Utf16ErrorKind::UnpairedHigh && at + 1 == seen {
                            Fail::Incomplete
                        } else {
                            Fail::Illegal(base + 2 * at)
                        }
                    })?
                };
                if (result, read) != (CoderResult::InputEmpty, units.len()) {
                    return Err(Fail::Internal("the decoder did not take a whole window"));
                }
                emit.write(&dst[..written])?;
                if w.last && whole < body.len() {
                    // An odd byte ends the input.
                    if !lossy {
                        return Err(Fail::Incomplete);
                    }
                    emit.write(replacement(to))?;
                }
                Ok(if w.last { w.bytes.len() } else { skip + whole })
            }
            Plan::Derived => {
                let take = match form {
                    _ if w.last => body.len() / form.unit() * form.unit(),
                    Form::Utf8 | Form::Derived(_) | Form::Legacy(_) => safe_cut(body),
                    Form::Utf16(o) => whole_utf16(body, o),
                    Form::Utf32(_) => body.len() & !3,
                };
                let piece = Piece { form, body, take, last: w.last, base: w.offset + skip as u64 };
                piece.convert(to, mode, scratch16, scratch32, out, &mut emit)?;
                partial_unit_at_end(w, skip + take, to, mode, &mut emit)
            }
            Plan::Generic => {
                let take = match form {
                    _ if w.last => body.len() / form.unit() * form.unit(),
                    // Every byte is a character.
                    Form::Legacy(_) => body.len(),
                    Form::Utf8 | Form::Derived(_) => body.len() - incomplete_utf8_tail(body),
                    Form::Utf16(o) => whole_utf16(body, o),
                    Form::Utf32(_) => body.len() & !3,
                };
                let bytes = &body[..take];
                let src = match form {
                    Form::Legacy(l) => Src::Legacy(bytes, l),
                    Form::Utf8 | Form::Derived(_) => Src::U8(bytes),
                    Form::Utf16(o) => Src::U16(units16(bytes, scratch16), o),
                    Form::Utf32(o) => Src::U32(values32(bytes, o, scratch32)),
                };
                let base = w.offset + skip as u64;
                convert(src, base, form.unit(), to, mode, out, &mut emit)?;
                partial_unit_at_end(w, skip + take, to, mode, &mut emit)
            }
        }
    }
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
    to: Form,
    mode: ErrorMode,
    emit: &mut Emit<'_>,
) -> Result<usize, Fail> {
    if w.last && done < w.bytes.len() {
        if mode.stops() {
            return Err(Fail::Incomplete);
        }
        // (The fallback modes, the only ones that can fail here, take UTF-8
        // input, which has no partial units.)
        let sub = substitute(mode, &w.bytes[done..], to)
            .map_err(|_| Fail::Internal("a partial unit fell back to a character"))?;
        emit.write(&sub)?;
        return Ok(w.bytes.len());
    }
    Ok(done)
}

/// The fewest UTF-16 or UTF-32 units that one call of the derivative path
/// decodes (unless the piece ends), see [`Piece::stretch_end`].
const MIN_STRETCH: usize = 256;

/// The most UTF-16 or UTF-32 units that one call of the derivative path
/// decodes (64 Ki).
const MAX_STRETCH: usize = 1 << 16;

/// The part of a window that the derivative path converts: `body[..take]`,
/// where `body[0]` is at input offset `base` and `body[take..]` is
/// look-ahead that the next window starts with.
struct Piece<'a> {
    form: Form,
    body: &'a [u8],
    take: usize,
    last: bool,
    base: u64,
}

impl Piece<'_> {
    /// Converts the piece to `to` and emits it.
    fn convert(
        &self,
        to: Form,
        mode: ErrorMode,
        scratch16: &mut Vec<u16>,
        scratch32: &mut Vec<u32>,
        out: &mut Out,
        emit: &mut Emit<'_>,
    ) -> Result<(), Fail> {
        let unit = self.form.unit();
        let n = self.take / unit;
        // Units [i..n] are left to convert.
        let mut i = 0;
        // Units decoded per call, see `stretch_end`.
        let mut stretch = MIN_STRETCH;
        while i < n {
            let end = self.stretch_end(i, n, stretch);
            let e = match self.decode(i, end, to, mode, scratch16, scratch32) {
                Ok(decoded) => {
                    emit.write(&encode(&decoded, to, out)?)?;
                    i = end;
                    stretch = (2 * stretch).min(MAX_STRETCH);
                    continue;
                }
                Err(e) => self.in_context(i, e, to, mode, scratch16, scratch32)?,
            };
            stretch = MIN_STRETCH;
            if mode.stops() {
                return Err(match e.len {
                    None => Fail::Incomplete,
                    Some(_) => Fail::Illegal(self.base + ((i + e.at) * unit) as u64),
                });
            }
            if e.at > 0 {
                match self.decode(i, i + e.at, to, mode, scratch16, scratch32) {
                    Ok(decoded) => emit.write(&encode(&decoded, to, out)?)?,
                    Err(_) => return Err(Fail::Internal("a valid prefix failed to convert")),
                }
            }
            let bad_end = e.len.map_or(n, |len| i + e.at + len);
            let bad = &self.body[(i + e.at) * unit..bad_end * unit];
            let sub = substitute(mode, bad, to)
                .map_err(|_| Fail::Internal("legacy output on the derivative path"))?;
            emit.write(&sub)?;
            i = bad_end;
        }
        Ok(())
    }

    /// Where the stretch of units that starts at `i` ends: at the end `n`
    /// for bytes (the byte decoders stop at the first error, so retrying
    /// after each error costs only the distance to it), but at most
    /// `stretch` units on for UTF-16 and UTF-32, whose decoding here
    /// copies its input first, and never right after a high surrogate.
    ///
    /// The stretch doubles after each success up to [`MAX_STRETCH`] and
    /// falls back to [`MIN_STRETCH`] after an error, so that with
    /// `--errors=replace` the work per error is proportional to the
    /// distance from the previous one: linear time, however many errors.
    fn stretch_end(&self, i: usize, n: usize, stretch: usize) -> usize {
        let end = n.min(i + stretch);
        match self.form {
            Form::Utf8 | Form::Derived(_) | Form::Legacy(_) => n,
            Form::Utf16(o) if end < n => {
                let b = 2 * (end - 1);
                let last = o.read16(u16::from_ne_bytes([self.body[b], self.body[b + 1]]));
                if (0xD800..=0xDBFF).contains(&last) {
                    end - 1
                } else {
                    end
                }
            }
            _ => end,
        }
    }

    /// Decodes units `[from..to_unit]` of the piece for output `to`.
    fn decode(
        &self,
        from: usize,
        end: usize,
        to: Form,
        mode: ErrorMode,
        scratch16: &mut Vec<u16>,
        scratch32: &mut Vec<u32>,
    ) -> Result<Decoded<'_>, Derived> {
        let escape = mode == ErrorMode::SurrogateEscape;
        match self.form {
            Form::Legacy(l) => {
                Ok(Decoded::Str(Cow::Owned(legacy_decode(&self.body[from..end], l))))
            }
            Form::Utf8 | Form::Derived(_) => {
                let source = match self.form {
                    Form::Derived(d) => ByteSource::Derived(d),
                    _ if escape => ByteSource::Escape,
                    _ => ByteSource::Utf8,
                };
                derived::decode_bytes(source, &self.body[from..end], to)
            }
            Form::Utf16(o) => {
                let units = units16(&self.body[2 * from..2 * end], scratch16);
                let values = units.iter().map(|&u| o.read16(u)).collect();
                derived::decode_units(values, to, escape)
            }
            Form::Utf32(o) => {
                let values = values32(&self.body[4 * from..4 * end], o, scratch32);
                rapidutf::utf32_to_string(values).map(|s| Decoded::Str(Cow::Owned(s))).map_err(
                    |e| Derived {
                        at: e.valid_up_to(),
                        len: Some(1),
                        message: e.kind().to_string(),
                    },
                )
            }
        }
    }

    /// The error `e` of units `[i..take]` as the whole input has it: an
    /// error of byte input near the cut is judged again with the window's
    /// look-ahead (the cut may have shortened it, or hidden what follows).
    fn in_context(
        &self,
        i: usize,
        e: Derived,
        to: Form,
        mode: ErrorMode,
        scratch16: &mut Vec<u16>,
        scratch32: &mut Vec<u32>,
    ) -> Result<Derived, Fail> {
        let at = i + e.at;
        let near_cut = at + derived::MARGIN / 2 > self.take;
        if self.last || self.form.unit() != 1 || !near_cut {
            return Ok(e);
        }
        let end = self.body.len().min(at + 4 * derived::MARGIN);
        match self.decode(at, end, to, mode, scratch16, scratch32) {
            Err(again) if again.at == 0 => Ok(Derived { at: e.at, ..again }),
            _ => Err(Fail::Internal("an error near a cut went away with more input")),
        }
    }
}

/// Encodes a decoded piece in form `to`.
fn encode<'a>(decoded: &'a Decoded<'_>, to: Form, out: &'a mut Out) -> Result<Cow<'a, [u8]>, Fail> {
    use rapidutf::derive as d;
    let internal = |_| Fail::Internal("converting valid text failed");
    Ok(match (decoded, to) {
        (Decoded::Raw(bytes), _) => Cow::Borrowed(&bytes[..]),
        (Decoded::Str(s), Form::Utf8 | Form::Derived(Derivative::Wtf8)) => {
            Cow::Borrowed(s.as_bytes())
        }
        (Decoded::Str(s), Form::Derived(Derivative::Cesu8)) => d::utf8_to_cesu8_vec(s),
        (Decoded::Str(s), Form::Derived(Derivative::Mutf8)) => d::utf8_to_mutf8_vec(s),
        (Decoded::Str(s), Form::Utf16(_) | Form::Utf32(_)) => {
            Cow::Borrowed(transcode(Src::U8(s.as_bytes()), to, out).map_err(internal)?)
        }
        (Decoded::Wide(units), Form::Utf16(o)) => {
            out.units.clear();
            out.units.extend(units.iter().map(|&u| match o {
                Order::Le => u.to_le(),
                Order::Be => u.to_be(),
            }));
            Cow::Borrowed(bytemuck::cast_slice(&out.units))
        }
        (Decoded::Wide(units), Form::Derived(Derivative::Wtf8)) => {
            Cow::Owned(d::utf16_to_wtf8_vec(units))
        }
        (Decoded::Wide(units), Form::Derived(Derivative::Mutf8)) => {
            Cow::Owned(d::utf16_to_mutf8_vec(units))
        }
        _ => return Err(Fail::Internal("no encoder for this output")),
    })
}

/// Converts `src` (whose unit 0 is at byte `base` of the input, `unit`
/// bytes per unit) and emits the output, applying `mode` to invalid input.
fn convert(
    src: Src<'_>,
    base: u64,
    unit: usize,
    to: Form,
    mode: ErrorMode,
    out: &mut Out,
    emit: &mut Emit<'_>,
) -> Result<(), Fail> {
    let mut i = 0;
    loop {
        match transcode(src.slice(i..src.len()), to, out) {
            Ok(bytes) => return emit.write(bytes),
            Err(Stop::Internal(what)) => return Err(Fail::Internal(what)),
            Err(Stop::Unrepresentable { at, len }) => {
                // iconv reports a character the output lacks as an illegal
                // input sequence at its position; replace writes `?` and
                // ignore drops it, as Python's encoders do.
                let sub: &[u8] = match mode {
                    ErrorMode::Replace => b"?",
                    ErrorMode::Ignore => b"",
                    _ => return Err(Fail::Illegal(base + ((i + at) * unit) as u64)),
                };
                match transcode(src.slice(i..i + at), to, out) {
                    Ok(bytes) => emit.write(bytes)?,
                    Err(_) => return Err(Fail::Internal("a valid prefix failed to convert")),
                }
                emit.write(sub)?;
                i += at + len;
                if i == src.len() {
                    return Ok(());
                }
            }
            Err(Stop::Invalid { at, len }) => match mode {
                // (surrogateescape conversions go to `Piece`.)
                _ if mode.stops() => {
                    return Err(match len {
                        None => Fail::Incomplete,
                        Some(_) => Fail::Illegal(base + ((i + at) * unit) as u64),
                    });
                }
                _ => {
                    // The transcoder may have written past the error, so
                    // convert the valid part again, exactly.
                    match transcode(src.slice(i..i + at), to, out) {
                        Ok(bytes) => emit.write(bytes)?,
                        Err(_) => return Err(Fail::Internal("a valid prefix failed to convert")),
                    }
                    let bad_end = len.map_or(src.len(), |len| i + at + len);
                    let bad = match src {
                        Src::U8(bytes) => &bytes[i + at..bad_end],
                        // UTF-16/UTF-32 input: only replace and ignore
                        // apply, and neither looks at the bytes.
                        _ => &[],
                    };
                    match substitute(mode, bad, to) {
                        Ok(sub) => emit.write(&sub)?,
                        // A fallback character the legacy output lacks:
                        // an error, as Python's strict encoder has it.
                        Err(k) => return Err(Fail::Illegal(base + ((i + at + k) * unit) as u64)),
                    }
                    i = bad_end;
                    if i == src.len() {
                        return Ok(());
                    }
                }
            },
        }
    }
}

/// Writes output, preceded once by the output BOM.
struct Emit<'s> {
    sink: &'s mut Sink,
    bom: &'s mut &'static [u8],
}

impl Emit<'_> {
    fn write(&mut self, bytes: &[u8]) -> Result<(), Fail> {
        if bytes.is_empty() {
            return Ok(());
        }
        if !self.bom.is_empty() {
            self.sink.write(self.bom).map_err(Fail::Write)?;
            *self.bom = b"";
        }
        self.sink.write(bytes).map_err(Fail::Write)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incomplete_tails() {
        assert_eq!(incomplete_utf8_tail(b""), 0);
        assert_eq!(incomplete_utf8_tail(b"abc"), 0);
        assert_eq!(incomplete_utf8_tail("a€".as_bytes()), 0);
        assert_eq!(incomplete_utf8_tail(b"a\xE2"), 1);
        assert_eq!(incomplete_utf8_tail(b"a\xE2\x82"), 2);
        assert_eq!(incomplete_utf8_tail(b"a\xF0\x9F\x98"), 3);
        assert_eq!(incomplete_utf8_tail("a😀".as_bytes()), 0);
        assert_eq!(incomplete_utf8_tail(b"\xC3"), 1);
        // Invalid bytes are left for the transcoder to report.
        assert_eq!(incomplete_utf8_tail(b"a\xFF"), 0);
        assert_eq!(incomplete_utf8_tail(b"\x80\x80\x80"), 0);
    }

    /// Every cut of a text into two windows converts like the whole text.
    #[test]
    fn every_split_of_utf8_converts_like_the_whole() {
        let text = "aé€😀\n𝄞z".as_bytes();
        for cut in 0..=text.len() {
            let first = &text[..cut];
            let keep = incomplete_utf8_tail(first);
            let mut out = Out::default();
            let a = transcode(Src::U8(&first[..cut - keep]), Form::Utf16(Order::Le), &mut out)
                .ok()
                .map(<[u8]>::to_vec)
                .expect("valid prefix");
            let b = transcode(Src::U8(&text[cut - keep..]), Form::Utf16(Order::Le), &mut out)
                .ok()
                .map(<[u8]>::to_vec)
                .expect("valid rest");
            let whole: Vec<u8> = std::str::from_utf8(text)
                .unwrap()
                .encode_utf16()
                .flat_map(|u| u.to_le_bytes())
                .collect();
            assert_eq!([a, b].concat(), whole, "cut at {cut}");
        }
    }
}
