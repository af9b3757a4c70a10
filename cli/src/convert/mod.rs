//! `rapidutf convert`: iconv-style conversion between UTF-8, UTF-16,
//! UTF-32, UCS-2, UCS-4, the UTF-8 derivatives and the 8-bit encodings
//! (Latin-1, Windows-1252, ASCII), window by window with bounded memory.
//!
//! - [`mod@dest`]: where the output goes (a stream written as it is
//!   produced, or `-o FILE` written in place at the end).
//! - [`stream`]: one input, window by window, through the transcoders of
//!   [`transcode`] or the derivative path of [`derivative`].
//! - [`report`]: what the tool says when it stops (file, line, column,
//!   byte offset, offending bytes) and what the error modes substituted.
//! - [`translit`]: the `//TRANSLIT` table.
//!
//! # Several inputs
//!
//! As in iconv, each input is converted as a text of its own (its BOM read,
//! the output's BOM written, an incomplete character at its end an error),
//! and the outputs follow each other. Every input is looked at before
//! anything is converted: one that cannot be opened, or that is the
//! output itself (see [`dest::Sink::identity`]), stops the tool before it
//! writes anything. The first input that fails stops the conversion.
//!
//! # Byte-order marks
//!
//! Without `--bom`, as iconv: `utf-16`/`utf-32`/`auto` input consumes a
//! BOM (`utf-16`/`utf-32` without one are in the machine's byte order, as
//! in glibc iconv), every other input keeps it as a character (so it is
//! transcoded); `utf-16`/`utf-32` output starts with a BOM (before the
//! first character; so `-f utf-8 -t utf-16` of a text that starts with
//! U+FEFF writes two).
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
//!   (or character the output lacks): everything before it is written,
//!   the message names the input, the line, the column, the byte offset
//!   (BOM included) and the offending bytes, and the exit status is 1.
//!   A lone surrogate that the output cannot represent (from WTF-8 or
//!   Modified UTF-8 input, say) is an illegal input sequence too.
//! - `--errors=replace` writes U+FFFD instead: one per maximal invalid
//!   subpart of UTF-8 (so UTF-8 output is byte-identical to
//!   `String::from_utf8_lossy`), one per unpaired surrogate of UTF-16 (as
//!   `String::from_utf16_lossy`), one per invalid UTF-32 value, one per
//!   invalid sequence of a derivative as its validator reports it, and one
//!   for a partial unit at the end of UTF-16/UTF-32 input; `?` for a
//!   character an 8-bit output lacks.
//! - `--errors=ignore` (`-c`, `//IGNORE`) drops each of them, and exits
//!   with status 1 when it dropped something (POSIX: `-c` does not change
//!   the exit status).
//! - `--errors=latin1|cp1252` decode the bytes of each invalid sequence as
//!   ISO-8859-1 or Windows-1252.
//! - `--errors=surrogateescape` is Python's PEP 383 handler: decoding
//!   UTF-8, each byte of an invalid sequence becomes U+DC80..U+DCFF (in
//!   UTF-16, WTF-8 or Modified UTF-8 output); encoding UTF-8 from UTF-16,
//!   each lone U+DC80..U+DCFF becomes its byte again, so bytes → UTF-16 →
//!   bytes is the identity for every input. Other lone surrogates are
//!   errors as in strict mode.
//! - `//TRANSLIT` writes a character an 8-bit or UCS-2 output lacks as
//!   its transliteration, or `?` (see [`translit`]).
//!
//! What was substituted is counted per input and reported on stderr
//! unless `-q`.

mod derivative;
pub mod dest;
mod report;
mod stream;
mod transcode;
mod translit;

use crate::encoding::Encoding;
use crate::input::{FileId, InputName, Reader};
use crate::progress::Show;
use crate::Status;
use dest::Sink;
use report::{say, Fail};
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
    /// `-o`: the output file; stdout when absent (or `-`).
    pub output: Option<PathBuf>,
    /// The inputs, in order; never empty (stdin when none was given).
    pub inputs: Vec<InputName>,
    /// `--errors` (or `-c`, `//IGNORE`).
    pub errors: ErrorMode,
    /// `//TRANSLIT`.
    pub translit: bool,
    /// `--bom`.
    pub bom: BomMode,
    /// `-q`/`-s`: no counts of what was substituted.
    pub quiet: bool,
    /// When the progress bar shows.
    pub show: Show,
}

/// Runs `rapidutf convert`. Everything is reported on stderr.
pub fn run(opts: &Options) -> Status {
    // Every input before any output: one that cannot be opened is
    // reported now, as iconv's `cannot open input file`, and nothing is
    // written.
    let mut identities = Vec::new();
    let mut status = Status::Ok;
    for name in &opts.inputs {
        match identity(name) {
            Ok(id) => identities.push((name, id)),
            Err(e) => {
                say(&[name.as_bytes(), b": ", crate::io_message(&e).as_bytes()]);
                status = Status::Trouble;
            }
        }
    }
    if status != Status::Ok {
        return status;
    }
    let mut sink = match Sink::open(opts.output.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            e.report();
            return Status::Trouble;
        }
    };
    let output = sink.identity();
    let same = |id: Option<FileId>| id.is_some() && id == output;
    if let Some((name, _)) = identities.iter().find(|(_, id)| same(*id)) {
        say(&[
            name.as_bytes(),
            b": input file is output file (the output would grow its own input)",
        ]);
        return Status::Trouble;
    }
    for (name, id) in identities {
        let mut converter = stream::Converter::new(opts);
        let converted =
            Reader::open(name, "convert", opts.show).map_err(Fail::Read).and_then(|mut r| {
                // Checked again now that it is open, whatever happened to the
                // name meanwhile.
                if r.identity().is_some() && r.identity() != id || same(r.identity()) {
                    let e = std::io::Error::other("changed while being opened; not converted");
                    return Err(Fail::Read(e));
                }
                converter.run(&mut r, &mut sink)
            });
        if !opts.quiet {
            converter.counts.report(name, opts);
        }
        if converter.counts.dropped(opts) {
            status = Status::Invalid;
        }
        if let Err(fail) = converted {
            report::report(name, &fail);
            let write_failed = matches!(fail, Fail::Write(_));
            if let (false, Some(fate)) = (write_failed, sink.fate_on_failure()) {
                say(&[sink.name(), b": ", fate.as_bytes()]);
            }
            return match fail {
                Fail::Input(_) => Status::Invalid,
                _ => Status::Trouble,
            };
        }
    }
    match sink.commit() {
        Ok(()) => status,
        Err(e) => {
            if e.error.kind() != std::io::ErrorKind::BrokenPipe {
                e.report();
            }
            Status::Trouble
        }
    }
}

/// The identity of an input that is a regular file (`None` for a stream),
/// looked at without reading it.
fn identity(name: &InputName) -> std::io::Result<Option<FileId>> {
    use std::os::fd::AsFd;
    let meta = match name {
        InputName::Stdin => {
            if crate::sys::stdin_was_closed() {
                return Err(std::io::Error::from_raw_os_error(libc::EBADF));
            }
            let fd = std::io::stdin().as_fd().try_clone_to_owned()?;
            std::fs::File::from(fd).metadata()?
        }
        InputName::Path(p) => std::fs::metadata(p)?,
    };
    if meta.is_dir() {
        return Err(std::io::Error::from_raw_os_error(libc::EISDIR));
    }
    Ok(meta.is_file().then(|| FileId::of(&meta)))
}
