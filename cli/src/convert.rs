//! `rapidutf convert`: iconv-style conversion between UTF-8, UTF-16 and
//! UTF-32, window by window with bounded memory.
//!
//! # Streaming
//!
//! Each input window (see [`crate::input`]) is cut after its last complete
//! character; the cut-off tail (an incomplete UTF-8 sequence, an odd byte,
//! a high surrogate waiting for its partner, a partial UTF-32 unit) stays
//! unconsumed and starts the next window. The rest goes through one of the
//! library's transcoders (`utf8_to_utf16le`, `utf16be_to_utf32`, ...) into
//! a scratch buffer sized by the library's "always suffices" bounds, and
//! from there to the output. Between two forms of the same encoding
//! (`utf-16le` to `utf-16be`, say) the input is validated and byte-swapped.
//!
//! # Errors
//!
//! - `--errors=strict` (the default) stops at the first invalid sequence
//!   with iconv's words, `illegal input sequence at position N` (`N` the
//!   byte offset in the input), or, for input that ends inside a
//!   character, iconv's `incomplete character or shift sequence at end of
//!   buffer`; the exit status is 1.
//! - `--errors=replace` writes U+FFFD instead: one per maximal invalid
//!   subpart of UTF-8 (so UTF-8 output is byte-identical to
//!   `String::from_utf8_lossy`), one per unpaired surrogate of UTF-16 (as
//!   `String::from_utf16_lossy`), one per invalid UTF-32 value, and one
//!   for a partial unit at the end of UTF-16/UTF-32 input.
//!
//! # Never a partial success
//!
//! A failed conversion leaves nothing behind:
//!
//! - with `-o FILE`, the output goes to a temporary file beside `FILE`
//!   that is renamed over it only when the conversion succeeded (and
//!   removed otherwise), so `FILE` is either untouched or complete;
//! - on stdout in strict mode, a regular file is validated first,
//!   which costs far less than converting, and converted only when valid;
//!   streamed input (stdin, pipes) is held back, in memory up to
//!   [`SPOOL_MEMORY`] and beyond that in a temporary file, and written
//!   only once all of it converted;
//! - on stdout in replace mode, invalid input cannot fail the conversion,
//!   so the output is written as it is produced. (Only an I/O error can
//!   interrupt it, and that is reported with exit status 2.)

use crate::encoding::{units16, values32, Encoding, Form, Order};
use crate::input::{InputName, Reader, Window};
use crate::Status;
use rapidutf::{TranscodeError, Utf16Error, Utf16ErrorKind, Utf32Error, Utf8Error};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Seek, Write};
use std::path::{Path, PathBuf};

/// How much converted output to stdout is held in memory before it spills
/// into a temporary file (64 MiB).
pub const SPOOL_MEMORY: usize = 64 << 20;

/// What to do with invalid input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorMode {
    /// Stop at the first invalid sequence.
    Strict,
    /// Replace each invalid sequence with U+FFFD.
    Replace,
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
    Write(io::Error),
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
        Err(Fail::Write(e)) => {
            report_output(opts, &e);
            Status::Trouble
        }
        Err(Fail::Internal(what)) => {
            eprintln!("rapidutf: internal error: {what}; please report this bug");
            Status::Trouble
        }
    }
}

/// Converts the input to the output, or fails leaving no output behind.
fn convert_input(opts: &Options) -> Result<(), Fail> {
    let mut reader = Reader::open(&opts.input, "convert").map_err(Fail::Read)?;
    // Strict output to stdout may not start before the input is known to
    // be valid. A regular file is validated first (much cheaper than
    // holding the output back), a stream is spooled.
    let checked = opts.output.is_none() && opts.errors == ErrorMode::Strict && reader.rewindable();
    if checked {
        match crate::validate::scan(&mut reader, opts.from).map_err(Fail::Read)? {
            None => {
                reader.rewind().map_err(Fail::Read)?;
            }
            Some(p) if p.incomplete => return Err(Fail::Incomplete),
            Some(p) => return Err(Fail::Illegal(p.byte)),
        }
    }
    let mut sink = Sink::open(opts, checked).map_err(Fail::Write)?;
    let mut converter = Converter::new(opts);
    loop {
        let w = reader.fill().map_err(Fail::Read)?;
        let last = w.last;
        let n = converter.feed(&w, &mut sink)?;
        reader.consume(n);
        if last {
            // On failure `sink` is dropped uncommitted, which removes its
            // temporary file.
            return sink.commit().map_err(Fail::Write);
        }
    }
}

fn report_output(opts: &Options, e: &io::Error) {
    match &opts.output {
        Some(path) => crate::report_io(&InputName::Path(path.clone()), e),
        None => eprintln!("rapidutf: standard output: {}", crate::io_message(e)),
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
}

impl<'a> Src<'a> {
    fn len(self) -> usize {
        match self {
            Src::U8(s) => s.len(),
            Src::U16(s, _) => s.len(),
            Src::U32(s) => s.len(),
        }
    }

    fn slice(self, range: std::ops::Range<usize>) -> Src<'a> {
        match self {
            Src::U8(s) => Src::U8(&s[range]),
            Src::U16(s, o) => Src::U16(&s[range], o),
            Src::U32(s) => Src::U32(&s[range]),
        }
    }
}

/// Why a transcoder call stopped.
enum Stop {
    /// Invalid input at unit `at` of the call's input, `len` units long
    /// (`None`: the input ends inside a character).
    Invalid { at: usize, len: Option<usize> },
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
        Err(TranscodeError::Invalid(e)) => Err(stop(e)),
        Err(TranscodeError::OutputTooSmall { .. }) => {
            Err(Stop::Internal("output buffer of the documented size was too small"))
        }
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
        (Src::U32(s), Form::Utf32(o)) => {
            r::validate_utf32(s)?;
            out.values.clear();
            out.values.extend_from_slice(s);
            bytemuck::cast_slice(order32(&mut out.values, o))
        }
    })
}

/// U+FFFD in each output form.
fn replacement(to: Form) -> &'static [u8] {
    match to {
        Form::Utf8 => "\u{FFFD}".as_bytes(),
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
    /// The input form, once the first window settled it (BOM detection).
    form: Option<Form>,
    to: Form,
    /// The output BOM, until it is written before the first output.
    bom: &'static [u8],
    mode: ErrorMode,
    scratch16: Vec<u16>,
    scratch32: Vec<u32>,
    out: Out,
}

impl Converter {
    fn new(opts: &Options) -> Converter {
        let (to, bom) = opts.to.output();
        Converter {
            from: opts.from,
            form: None,
            to,
            bom,
            mode: opts.errors,
            scratch16: Vec::new(),
            scratch32: Vec::new(),
            out: Out::default(),
        }
    }

    /// Converts what `w` holds of complete characters (everything, if it is
    /// the last window) and returns how many bytes it consumed.
    fn feed(&mut self, w: &Window<'_>, sink: &mut Sink) -> Result<usize, Fail> {
        let mut skip = 0;
        let from = self.from;
        let form = *self.form.get_or_insert_with(|| {
            let (form, bom) = from.detect_input(&w.bytes[..w.bytes.len().min(4)]);
            skip = bom;
            form
        });
        let body = &w.bytes[skip..];
        let take = match form {
            _ if w.last => body.len() / form.unit() * form.unit(),
            Form::Utf8 => body.len() - incomplete_utf8_tail(body),
            Form::Utf16(o) => {
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
            Form::Utf32(_) => body.len() & !3,
        };
        let base = w.offset + skip as u64;
        let bytes = &body[..take];
        let src = match form {
            Form::Utf8 => Src::U8(bytes),
            Form::Utf16(o) => Src::U16(units16(bytes, &mut self.scratch16), o),
            Form::Utf32(o) => Src::U32(values32(bytes, o, &mut self.scratch32)),
        };
        convert(
            src,
            base,
            form.unit(),
            self.to,
            self.mode,
            &mut self.out,
            &mut Emit { sink, bom: &mut self.bom },
        )?;
        if w.last && take < body.len() {
            // A partial UTF-16/UTF-32 unit ends the input.
            match self.mode {
                ErrorMode::Strict => return Err(Fail::Incomplete),
                ErrorMode::Replace => {
                    Emit { sink, bom: &mut self.bom }.write(replacement(self.to))?;
                }
            }
            return Ok(w.bytes.len());
        }
        Ok(skip + take)
    }
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
            Err(Stop::Invalid { at, len }) => match mode {
                ErrorMode::Strict => {
                    return Err(match len {
                        None => Fail::Incomplete,
                        Some(_) => Fail::Illegal(base + ((i + at) * unit) as u64),
                    });
                }
                ErrorMode::Replace => {
                    // The transcoder may have written past the error, so
                    // convert the valid part again, exactly.
                    match transcode(src.slice(i..i + at), to, out) {
                        Ok(bytes) => emit.write(bytes)?,
                        Err(_) => return Err(Fail::Internal("a valid prefix failed to convert")),
                    }
                    emit.write(replacement(to))?;
                    i += at + len.unwrap_or(src.len() - i - at);
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

/// A file that is removed when dropped, unless it was kept.
struct TempFile {
    path: PathBuf,
    file: Option<BufWriter<File>>,
}

impl TempFile {
    /// Creates a new file in `dir` whose name starts with `stem`.
    fn create(dir: &Path, stem: &str) -> io::Result<TempFile> {
        let pid = std::process::id();
        let mut attempt = 0u32;
        loop {
            let path = dir.join(format!("{stem}.rapidutf-{pid}-{attempt}.tmp"));
            match OpenOptions::new().write(true).read(true).create_new(true).open(&path) {
                Ok(f) => {
                    return Ok(TempFile { path, file: Some(BufWriter::with_capacity(1 << 20, f)) })
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 1000 => {
                    attempt += 1;
                }
                Err(e) => return Err(e),
            }
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match &mut self.file {
            Some(w) => w.write_all(bytes),
            None => Err(io::Error::other("temporary file already finished")),
        }
    }

    /// Flushes the file and hands it over, still to be removed on drop.
    fn finish(&mut self) -> io::Result<File> {
        match self.file.take() {
            Some(w) => w.into_inner().map_err(|e| e.into_error()),
            None => Err(io::Error::other("temporary file already finished")),
        }
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        self.file = None;
        if !self.path.as_os_str().is_empty() {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Where the output goes, see the module docs.
enum Sink {
    /// `-o FILE`: a temporary file beside it, renamed on success.
    File { temp: TempFile, dest: PathBuf },
    /// stdout in strict mode: held back until the conversion succeeded.
    Spool { memory: Vec<u8>, spill: Option<TempFile> },
    /// stdout in replace mode, or for input already validated.
    Stdout(BufWriter<io::Stdout>),
}

impl Sink {
    /// The sink for `opts`; `checked`: the input is known to be valid.
    fn open(opts: &Options, checked: bool) -> io::Result<Sink> {
        Ok(match (&opts.output, opts.errors) {
            (Some(dest), _) => {
                let dir = match dest.parent() {
                    Some(p) if !p.as_os_str().is_empty() => p,
                    _ => Path::new("."),
                };
                let name = dest.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
                let temp = TempFile::create(dir, &format!(".{name}"))?;
                Sink::File { temp, dest: dest.clone() }
            }
            (None, ErrorMode::Strict) if !checked => {
                Sink::Spool { memory: Vec::new(), spill: None }
            }
            (None, _) => Sink::Stdout(BufWriter::with_capacity(1 << 20, io::stdout())),
        })
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Sink::File { temp, .. } => temp.write_all(bytes),
            Sink::Stdout(w) => w.write_all(bytes),
            Sink::Spool { spill: Some(temp), .. } => temp.write_all(bytes),
            Sink::Spool { memory, spill } => {
                if memory.len() + bytes.len() <= SPOOL_MEMORY {
                    memory.extend_from_slice(bytes);
                    return Ok(());
                }
                let mut temp = TempFile::create(&std::env::temp_dir(), "spool")?;
                temp.write_all(memory)?;
                temp.write_all(bytes)?;
                *memory = Vec::new();
                *spill = Some(temp);
                Ok(())
            }
        }
    }

    /// Completes a successful conversion: renames the output file into
    /// place, or writes the held-back output to stdout.
    fn commit(&mut self) -> io::Result<()> {
        match self {
            Sink::File { temp, dest } => {
                drop(temp.finish()?);
                fs::rename(&temp.path, &*dest)?;
                // Renamed: nothing is left to remove.
                temp.path = PathBuf::new();
                Ok(())
            }
            Sink::Stdout(w) => w.flush(),
            Sink::Spool { memory, spill } => {
                let mut stdout = io::stdout().lock();
                if let Some(temp) = spill {
                    let mut file = temp.finish()?;
                    file.rewind()?;
                    io::copy(&mut file, &mut stdout)?;
                } else {
                    stdout.write_all(memory)?;
                }
                stdout.flush()
            }
        }
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
