//! `rapidutf`, the command-line face of the rapidutf library.
//!
//! - `rapidutf validate [FILE...]`: isutf8-compatible UTF-8 validation
//!   (and UTF-16/UTF-32 or a UTF-8 derivative with `--encoding`), see
//!   [`validate`].
//! - `rapidutf convert -f FROM -t TO [-o OUT] [FILE...]`: iconv-style
//!   conversion between UTF-8, UTF-16, UTF-32, UCS-2/4, the UTF-8
//!   derivatives, Latin-1, Windows-1252 and ASCII (`--errors`, `--bom`,
//!   `//TRANSLIT`), see [`convert`].
//! - `rapidutf count [FILE...]`: bytes, code points and UTF-16 units, see
//!   [`count`].
//! - `rapidutf bench [FILE...]`: throughput of every kernel, see [`mod@bench`].
//! - `rapidutf generate man DIR | SHELL`: the man pages and shell
//!   completions, from the one command-line definition in [`args`].
//!
//! Inputs are streamed in bounded windows ([`input`]), so no input is ever
//! copied whole into memory; inputs above 256 MiB get a progress bar on a
//! terminal ([`progress`]). Exit status: 0 success, 1 invalid input, 2
//! usage or I/O error.

mod args;
mod bench;
mod convert;
mod count;
mod derived;
mod encoding;
mod explain;
mod input;
mod position;
mod progress;
mod sys;
mod validate;

use input::InputName;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::os::fd::AsFd;
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

/// Reports an I/O error about an input file on stderr, naming it by its
/// own bytes.
pub fn report_io(name: &InputName, e: &io::Error) {
    let mut line = b"rapidutf: ".to_vec();
    line.extend_from_slice(name.as_bytes());
    line.extend_from_slice(format!(": {}\n", io_message(e)).as_bytes());
    let _ = io::stderr().lock().write_all(&line);
}

/// Standard output as the commands write it: a plain file (a duplicate
/// descriptor), so that every write error reaches the tool; and one that
/// fails every write with EBADF when standard output was closed at start
/// (Rust's runtime silently puts `/dev/null` there, see [`sys`]).
struct Stdout(Option<File>);

impl Stdout {
    fn open() -> Stdout {
        let file = (!sys::stdout_was_closed())
            .then(|| io::stdout().as_fd().try_clone_to_owned().ok())
            .flatten();
        Stdout(file.map(File::from))
    }
}

impl Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.0 {
            Some(f) => f.write(bytes),
            None => Err(io::Error::from_raw_os_error(libc::EBADF)),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.0 {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

/// Runs `rapidutf generate`.
fn generate(what: &args::Generate, out: &mut dyn Write) -> io::Result<Status> {
    match what {
        args::Generate::Man(dir) => {
            std::fs::create_dir_all(dir)?;
            clap_mangen::generate_to(args::command(), dir)?;
        }
        args::Generate::Completions(shell) => {
            clap_complete::generate(*shell, &mut args::command(), "rapidutf", out);
        }
    }
    Ok(Status::Ok)
}

fn main() -> ExitCode {
    let command = match args::parse_env() {
        Ok(c) => c,
        Err(e) => {
            let _ = io::stderr().lock().write_all(e.0.as_bytes());
            return Status::Trouble.into();
        }
    };
    if let args::Command::Convert(opts) = &command {
        // Writes its output itself (see `convert::dest`).
        return convert::run(opts).into();
    }
    let mut out = BufWriter::new(Stdout::open());
    let result = match &command {
        args::Command::Print(text) => out.write_all(text.as_bytes()).map(|()| Status::Ok),
        args::Command::Validate(opts) => validate::run(opts, &mut out),
        args::Command::Count(opts) => count::run(opts, &mut out),
        args::Command::Bench(opts) => bench::run(opts, &mut out),
        args::Command::Generate(what) => generate(what, &mut out),
        args::Command::Convert(_) => unreachable!("convert returned above"),
    };
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => status.into(),
        // A closed pipe (`rapidutf validate ... | head`) is no error to
        // report; the reader has what it wanted.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Status::Trouble.into(),
        Err(e) => {
            let where_ = match &command {
                args::Command::Generate(args::Generate::Man(dir)) => dir.display().to_string(),
                _ => "standard output".to_owned(),
            };
            let _ = writeln!(io::stderr().lock(), "rapidutf: {where_}: {}", io_message(&e));
            Status::Trouble.into()
        }
    }
}
