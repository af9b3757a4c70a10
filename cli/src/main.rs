//! `rapidutf`, the command-line face of the rapidutf library.
//!
//! - `rapidutf validate [FILE...]`: isutf8-compatible UTF-8 validation
//!   (and UTF-16/UTF-32 or a UTF-8 derivative with `--encoding`), see
//!   [`validate`].
//! - `rapidutf convert -f FROM -t TO [-o OUT] [FILE]`: iconv-style
//!   conversion between UTF-8, UTF-16, UTF-32 and the UTF-8 derivatives
//!   (`--errors`, `--bom`), see [`convert`].
//! - `rapidutf count [FILE...]`: bytes, code points and UTF-16 units, see
//!   [`count`].
//! - `rapidutf bench [FILE...]`: throughput of every kernel, see [`mod@bench`].
//!
//! Inputs are streamed in bounded windows ([`input`]), so no input is ever
//! copied whole into memory; inputs above 256 MiB get a progress bar on a terminal
//! ([`progress`]). Exit status: 0 success, 1 invalid input, 2 usage or
//! I/O error.

mod args;
mod bench;
mod cleanup;
mod convert;
mod count;
mod derived;
mod encoding;
mod explain;
mod input;
mod output;
mod position;
mod progress;
mod validate;

use input::InputName;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

/// The outcome of a command, ordered by severity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Everything was valid and done.
    Ok = 0,
    /// Some input was invalid.
    Invalid = 1,
    /// A usage or I/O error.
    Trouble = 2,
}

impl From<Status> for ExitCode {
    fn from(s: Status) -> ExitCode {
        ExitCode::from(s as u8)
    }
}

/// An I/O error's message without Rust's ` (os error N)` suffix, as other
/// command-line tools print it.
pub fn io_message(e: &io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(i) if text.ends_with(')') => text[..i].to_owned(),
        _ => text,
    }
}

/// Reports an I/O error about an input or output file on stderr.
pub fn report_io(name: &InputName, e: &io::Error) {
    eprintln!("rapidutf: {name}: {}", io_message(e));
}

fn main() -> ExitCode {
    let command = match args::parse_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("rapidutf: {e}");
            return Status::Trouble.into();
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let result = match command {
        args::Command::Help(text) => out.write_all(text.as_bytes()).map(|()| Status::Ok),
        args::Command::Version => {
            writeln!(out, "rapidutf {}", env!("CARGO_PKG_VERSION")).map(|()| Status::Ok)
        }
        args::Command::Validate(opts) => validate::run(&opts, &mut out),
        args::Command::Count(opts) => count::run(&opts, &mut out),
        args::Command::Bench(opts) => bench::run(&opts, &mut out),
        args::Command::Convert(opts) => {
            // Writes stdout itself (possibly held back, see `convert`).
            drop(out);
            return convert::run(&opts).into();
        }
    };
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => status.into(),
        // A closed pipe (`rapidutf validate ... | head`) is no error to
        // report; the reader has what it wanted.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Status::Trouble.into(),
        Err(e) => {
            eprintln!("rapidutf: standard output: {}", io_message(&e));
            Status::Trouble.into()
        }
    }
}
