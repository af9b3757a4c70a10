//! Reading inputs in bounded windows: everything is streamed through one
//! buffer, [`FILE_WINDOW`] bytes for regular files and [`STREAM_CHUNK`]
//! for stdin, pipes and devices.
//!
//! Files are read rather than memory-mapped on purpose: mapping needs
//! `unsafe` (another process truncating the file turns a read into
//! SIGBUS), and this project keeps `unsafe` inside the library's kernels.
//! Reading 4 MiB windows costs one copy at memory bandwidth, small next to
//! the I/O itself, and a regular file can still be rewound for a second
//! pass (see [`Reader::rewind`]).
//!
//! Every command consumes its input through [`Reader::fill`] and
//! [`Reader::consume`], a small variant of `BufRead`: each window starts
//! with the bytes the previous window left unconsumed (an incomplete
//! character at a chunk boundary, at most a few bytes), followed by new
//! input. So a consumer that carries an incomplete tail sees it again,
//! contiguous with what follows, without copying anything itself.
//!
//! Memory stays bounded by the one buffer, whatever the input size.
//!
//! # Testing knob
//!
//! The environment variable `RAPIDUTF_CLI_WINDOW` (a byte count, at least
//! [`MIN_WINDOW`]) replaces both buffer sizes, so that tests can put
//! window boundaries at every position of a small input. It changes
//! nothing but speed: results never depend on where windows are cut.

use crate::progress::Progress;
use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, Read, Seek};
use std::path::PathBuf;

/// The buffer size for streamed input (256 KiB). A stream is read until
/// this buffer is full (or the input ends), so window boundaries fall at
/// predictable offsets.
pub const STREAM_CHUNK: usize = 256 << 10;

/// The buffer size for regular files (4 MiB): large reads keep the
/// per-call overhead negligible.
pub const FILE_WINDOW: usize = 4 << 20;

/// The smallest window `RAPIDUTF_CLI_WINDOW` may ask for (64 bytes):
/// the consumers leave up to a few dozen bytes of a window for the next.
pub const MIN_WINDOW: usize = 64;

/// The window size `RAPIDUTF_CLI_WINDOW` asks for, if set and valid.
fn window_override() -> Option<usize> {
    static WINDOW: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    *WINDOW.get_or_init(|| {
        let v = std::env::var("RAPIDUTF_CLI_WINDOW").ok()?;
        v.trim().parse::<usize>().ok().map(|n| n.max(MIN_WINDOW))
    })
}

/// One input operand: a file, or stdin (no operand, or `-`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputName {
    /// Standard input.
    Stdin,
    /// A file by path.
    Path(PathBuf),
}

impl InputName {
    /// The operand as given on the command line; `-` means stdin.
    pub fn from_arg(arg: OsString) -> InputName {
        if arg == "-" {
            InputName::Stdin
        } else {
            InputName::Path(arg.into())
        }
    }
}

impl fmt::Display for InputName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputName::Stdin => f.write_str("(standard input)"),
            InputName::Path(p) => write!(f, "{}", p.display()),
        }
    }
}

/// One window of input, see [`Reader::fill`].
pub struct Window<'a> {
    /// The unconsumed bytes of the previous window, then new input.
    pub bytes: &'a [u8],
    /// The offset of `bytes[0]` in the input.
    pub offset: u64,
    /// Whether `bytes` reaches the end of the input.
    pub last: bool,
}

/// An open input, read window by window.
pub struct Reader {
    source: Source,
    /// The input offset of the first unconsumed byte.
    offset: u64,
    progress: Progress,
}

/// Where the bytes come from.
enum Origin {
    /// A regular file, which can be rewound.
    File(File),
    /// Anything else.
    Other(Box<dyn Read>),
}

impl Read for Origin {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        match self {
            Origin::File(f) => f.read(out),
            Origin::Other(r) => r.read(out),
        }
    }
}

/// The input read through `buf`; `buf[start..end]` is unconsumed.
struct Source {
    read: Origin,
    /// `u32`s so that the window start is aligned for 16- and 32-bit unit
    /// views.
    buf: Vec<u32>,
    start: usize,
    end: usize,
    eof: bool,
}

impl Reader {
    /// Opens `name` for the command `label` (used by the progress bar).
    ///
    /// # Errors
    ///
    /// The I/O error of opening the file, or of mapping a file that is not
    /// a directory; a directory is an error too.
    pub fn open(name: &InputName, label: &str) -> io::Result<Reader> {
        let (source, total) = match name {
            InputName::Stdin => {
                (Source::new(Origin::Other(Box::new(io::stdin().lock())), STREAM_CHUNK), None)
            }
            InputName::Path(path) => {
                let file = File::open(path)?;
                let meta = file.metadata()?;
                if meta.is_dir() {
                    return Err(io::Error::new(io::ErrorKind::IsADirectory, "Is a directory"));
                }
                if meta.is_file() {
                    // Never more buffer than the file needs.
                    let size = usize::try_from(meta.len()).unwrap_or(usize::MAX);
                    let window = FILE_WINDOW.min(size.max(STREAM_CHUNK));
                    (Source::new(Origin::File(file), window), Some(meta.len()))
                } else {
                    (Source::new(Origin::Other(Box::new(file)), STREAM_CHUNK), None)
                }
            }
        };
        let progress = Progress::new(&format!("{label} {name}"), total);
        Ok(Reader { source, offset: 0, progress })
    }

    /// Reads from an arbitrary stream (for tests and special inputs).
    #[cfg(test)]
    pub fn from_read(read: Box<dyn Read>) -> Reader {
        Reader {
            source: Source::new(Origin::Other(read), STREAM_CHUNK),
            offset: 0,
            progress: Progress::new("", None),
        }
    }

    /// The next window: the bytes not consumed so far, followed by as much
    /// new input as fits. Unless [`Window::last`] is set, it holds more than
    /// the unconsumed bytes did, so a consumer that leaves at most a few
    /// bytes per window always progresses.
    ///
    /// # Errors
    ///
    /// A read error of the underlying stream.
    pub fn fill(&mut self) -> io::Result<Window<'_>> {
        self.progress.update(self.offset);
        let offset = self.offset;
        let Source { read, buf, start, end, eof } = &mut self.source;
        let bytes: &mut [u8] = bytemuck::cast_slice_mut(buf);
        if *start > 0 {
            bytes.copy_within(*start..*end, 0);
            *end -= *start;
            *start = 0;
        }
        while !*eof && *end < bytes.len() {
            match read.read(&mut bytes[*end..]) {
                Ok(0) => *eof = true,
                Ok(n) => *end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(Window { bytes: &bytes[..*end], offset, last: *eof })
    }

    /// Marks the first `n` bytes of the current window as consumed.
    pub fn consume(&mut self, n: usize) {
        let source = &mut self.source;
        debug_assert!(source.start + n <= source.end);
        source.start += n;
        self.offset += n as u64;
    }

    /// Whether [`Reader::rewind`] can start this input over (a regular
    /// file can; a stream cannot).
    pub fn rewindable(&self) -> bool {
        matches!(self.source.read, Origin::File(_))
    }

    /// Starts a regular file over from its first byte, for a second pass;
    /// returns `Ok(false)` (and does nothing) for a stream, which cannot.
    ///
    /// # Errors
    ///
    /// The I/O error of seeking.
    pub fn rewind(&mut self) -> io::Result<bool> {
        let source = &mut self.source;
        let Origin::File(file) = &mut source.read else {
            return Ok(false);
        };
        file.rewind()?;
        source.start = 0;
        source.end = 0;
        source.eof = false;
        self.offset = 0;
        Ok(true)
    }
}

impl Source {
    fn new(read: Origin, window: usize) -> Source {
        let window = window_override().unwrap_or(window);
        Source { read, buf: vec![0u32; window.div_ceil(4)], start: 0, end: 0, eof: false }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that returns at most 7 bytes per call, to check that
    /// windows are still filled completely.
    struct Trickle(Vec<u8>, usize);

    impl Read for Trickle {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = out.len().min(7).min(self.0.len() - self.1);
            out[..n].copy_from_slice(&self.0[self.1..self.1 + n]);
            self.1 += n;
            Ok(n)
        }
    }

    #[test]
    fn stream_windows_carry_unconsumed_bytes() {
        let data: Vec<u8> = (0..STREAM_CHUNK * 2 + 10).map(|i| (i % 251) as u8).collect();
        let mut r = Reader::from_read(Box::new(Trickle(data.clone(), 0)));
        let mut seen = Vec::new();
        loop {
            let w = r.fill().unwrap();
            assert_eq!(w.bytes, &data[w.offset as usize..][..w.bytes.len()]);
            if !w.last {
                assert_eq!(w.bytes.len(), STREAM_CHUNK);
            }
            // Leave 3 bytes unconsumed unless this is the end.
            let (last, n) = (w.last, if w.last { w.bytes.len() } else { w.bytes.len() - 3 });
            seen.extend_from_slice(&w.bytes[..n]);
            r.consume(n);
            if last {
                break;
            }
        }
        assert_eq!(seen, data);
    }
}
