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
//! # Read-ahead
//!
//! A regular file larger than one window is read ahead by a background
//! thread into a second and third buffer, so that reading (a copy out of
//! the page cache, system time) overlaps the consumer's work instead of
//! alternating with it. Each buffer keeps [`HEADROOM`] bytes free in front,
//! where the bytes the previous window left unconsumed are put: the window
//! is still contiguous, and only those few bytes are copied.
//!
//! # Testing knob
//!
//! The environment variable `RAPIDUTF_CLI_WINDOW` (a byte count, at least
//! [`MIN_WINDOW`]) replaces both buffer sizes, so that tests can put
//! window boundaries at every position of a small input. It changes
//! nothing but speed: results never depend on where windows are cut.

use crate::progress::{Progress, Show};
use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, Read, Seek};
use std::os::fd::AsFd;
use std::os::unix::ffi::OsStrExt;
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

/// The room in front of a read-ahead buffer for the previous window's
/// unconsumed bytes (4 KiB; a multiple of 4, so that a window that starts
/// after whole units stays aligned for unit views). A consumer that leaves
/// more (one that peeks at a window without consuming it) gets a copy.
pub const HEADROOM: usize = 4 << 10;

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

impl InputName {
    /// The name as messages and lists show it: the file name's own bytes
    /// (which need not be UTF-8), or `(standard input)`.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            InputName::Stdin => b"(standard input)",
            InputName::Path(p) => p.as_os_str().as_bytes(),
        }
    }
}

/// Shown lossily (U+FFFD for bytes that are not UTF-8): only the progress
/// bar's label uses this; messages and lists write [`InputName::as_bytes`].
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
    /// The file offset where the input starts (standard input redirected
    /// from a file that was partly read already), for [`Reader::rewind`].
    start: u64,
    identity: Option<FileId>,
    progress: Progress,
}

/// A regular file's identity: device and inode numbers, the same by
/// every path and descriptor that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileId {
    dev: u64,
    ino: u64,
}

impl FileId {
    /// The identity of the file `meta` describes.
    pub fn of(meta: &std::fs::Metadata) -> FileId {
        use std::os::unix::fs::MetadataExt;
        FileId { dev: meta.dev(), ino: meta.ino() }
    }
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
    read: Reading,
    /// `u32`s so that the window start is aligned for 16- and 32-bit unit
    /// views.
    buf: Vec<u32>,
    start: usize,
    end: usize,
    eof: bool,
}

impl Reader {
    /// Opens `name` for the command `label` (used by the progress bar,
    /// which `show` governs).
    ///
    /// Standard input that is a regular file (`< file`) is read as that
    /// file, from where its offset stands: read ahead, with a progress
    /// bar, and rewindable to that offset.
    ///
    /// # Errors
    ///
    /// The I/O error of opening the file; a directory is an error too, and
    /// so is standard input that was closed when the tool started (`<&-`).
    pub fn open(name: &InputName, label: &str, show: Show) -> io::Result<Reader> {
        let (file, start) = match name {
            InputName::Stdin => {
                if crate::sys::stdin_was_closed() {
                    return Err(io::Error::from_raw_os_error(libc::EBADF));
                }
                let fd = io::stdin().as_fd().try_clone_to_owned()?;
                let mut file = File::from(fd);
                if !file.metadata()?.is_file() {
                    let stdin = Origin::Other(Box::new(file));
                    return Ok(Reader {
                        source: Source::new(Reading::Direct(stdin), STREAM_CHUNK),
                        offset: 0,
                        start: 0,
                        identity: None,
                        progress: Progress::new(&format!("{label} {name}"), None, show),
                    });
                }
                let start = file.stream_position()?;
                (file, start)
            }
            InputName::Path(path) => (File::open(path)?, 0),
        };
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(io::Error::new(io::ErrorKind::IsADirectory, "Is a directory"));
        }
        let progress = |total| Progress::new(&format!("{label} {name}"), total, show);
        if !meta.is_file() {
            let other = Origin::Other(Box::new(file));
            return Ok(Reader {
                source: Source::new(Reading::Direct(other), STREAM_CHUNK),
                offset: 0,
                start: 0,
                identity: None,
                progress: progress(None),
            });
        }
        // Never more buffer than the file needs.
        let total = meta.len().saturating_sub(start);
        let size = usize::try_from(total).unwrap_or(usize::MAX);
        let window = window_override().unwrap_or(FILE_WINDOW.min(size.max(STREAM_CHUNK)));
        let read = if size > window {
            Reading::ahead(file, window)
        } else {
            Reading::Direct(Origin::File(file))
        };
        Ok(Reader {
            source: Source::new(read, window),
            offset: 0,
            start,
            identity: Some(FileId::of(&meta)),
            progress: progress(Some(total)),
        })
    }

    /// The identity of the regular file this reads, `None` for a stream.
    pub fn identity(&self) -> Option<FileId> {
        self.identity
    }

    /// Reads from an arbitrary stream (for tests and special inputs).
    #[cfg(test)]
    pub fn from_read(read: Box<dyn Read>) -> Reader {
        Reader {
            source: Source::new(Reading::Direct(Origin::Other(read)), STREAM_CHUNK),
            offset: 0,
            start: 0,
            identity: None,
            progress: Progress::new("", None, Show::Never),
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
        let source = &mut self.source;
        if let Reading::Ahead(ahead) = &mut source.read {
            if !source.eof {
                let chunk = ahead.next()?;
                let (start, end) = (source.start, source.end);
                let old = std::mem::replace(&mut source.buf, chunk.buf);
                let left = &bytemuck::cast_slice::<u32, u8>(&old)[start..end];
                let k = left.len();
                if k <= HEADROOM {
                    let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut source.buf);
                    bytes[HEADROOM - k..HEADROOM].copy_from_slice(left);
                    source.start = HEADROOM - k;
                    source.end = HEADROOM + chunk.len;
                } else {
                    // Much left unconsumed: one buffer holding both.
                    let mut both = vec![0u32; (HEADROOM + k + chunk.len).div_ceil(4)];
                    let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut both);
                    bytes[HEADROOM..HEADROOM + k].copy_from_slice(left);
                    let new = &bytemuck::cast_slice::<u32, u8>(&source.buf)[HEADROOM..];
                    bytes[HEADROOM + k..HEADROOM + k + chunk.len]
                        .copy_from_slice(&new[..chunk.len]);
                    source.buf = both;
                    source.start = HEADROOM;
                    source.end = HEADROOM + k + chunk.len;
                }
                source.eof = chunk.eof;
                ahead.recycle(old);
            }
            let bytes: &[u8] = bytemuck::cast_slice(&source.buf);
            return Ok(Window {
                bytes: &bytes[source.start..source.end],
                offset,
                last: source.eof,
            });
        }
        let Source { read: Reading::Direct(read), buf, start, end, eof } = source else {
            unreachable!("read-ahead is handled above")
        };
        let bytes: &mut [u8] = bytemuck::cast_slice_mut(buf);
        if *start > 0 {
            bytes.copy_within(*start..*end, 0);
            *end -= *start;
            *start = 0;
        }
        *end += fill_from(read, &mut bytes[*end..], eof)?;
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
        match &self.source.read {
            Reading::Direct(origin) => matches!(origin, Origin::File(_)),
            Reading::Ahead(_) => true,
        }
    }

    /// Starts a regular file over from its first byte (where the input
    /// started), for a second pass;
    /// returns `Ok(false)` (and does nothing) for a stream, which cannot.
    ///
    /// # Errors
    ///
    /// The I/O error of seeking.
    pub fn rewind(&mut self) -> io::Result<bool> {
        let source = &mut self.source;
        let start = io::SeekFrom::Start(self.start);
        match &mut source.read {
            Reading::Direct(Origin::File(file)) => {
                file.seek(start)?;
            }
            Reading::Direct(Origin::Other(_)) => return Ok(false),
            Reading::Ahead(ahead) => {
                let window = ahead.window;
                let mut file = ahead.stop()?;
                file.seek(start)?;
                source.read = Reading::ahead(file, window);
            }
        }
        source.start = 0;
        source.end = 0;
        source.eof = false;
        self.offset = 0;
        Ok(true)
    }
}

/// Reads from `read` until `out` is full or the input ends (then sets
/// `eof`); returns the bytes read.
fn fill_from(read: &mut impl Read, out: &mut [u8], eof: &mut bool) -> io::Result<usize> {
    let mut n = 0;
    while !*eof && n < out.len() {
        match read.read(&mut out[n..]) {
            Ok(0) => *eof = true,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// How a [`Source`] gets its bytes.
enum Reading {
    /// Read on demand into the one buffer.
    Direct(Origin),
    /// Read ahead by a thread, see the module docs.
    Ahead(Ahead),
}

/// A buffer the read-ahead thread filled after its [`HEADROOM`].
struct Chunk {
    buf: Vec<u32>,
    /// Bytes read into it.
    len: usize,
    /// Whether the input ends with it.
    eof: bool,
}

/// The read-ahead thread and its two queues: empty buffers to it, full
/// ones back.
struct Ahead {
    window: usize,
    empty: Option<std::sync::mpsc::SyncSender<Vec<u32>>>,
    full: std::sync::mpsc::Receiver<io::Result<Chunk>>,
    thread: Option<std::thread::JoinHandle<File>>,
}

/// Buffers in flight between the reader and its thread (besides the one
/// the consumer holds).
const AHEAD_BUFFERS: usize = 2;

impl Reading {
    /// Reads `file` ahead in windows of `window` bytes; reads directly if
    /// no thread can be started.
    fn ahead(file: File, window: usize) -> Reading {
        use std::sync::mpsc::sync_channel;
        let (empty, empties) = sync_channel::<Vec<u32>>(AHEAD_BUFFERS);
        let (fulls, full) = sync_channel(AHEAD_BUFFERS);
        let size = (HEADROOM + window).div_ceil(4);
        for _ in 0..AHEAD_BUFFERS {
            let _ = empty.send(vec![0u32; size]);
        }
        // The file goes to the thread and comes back when it ends; a
        // thread that cannot start leaves it in this slot.
        let slot = std::sync::Arc::new(std::sync::Mutex::new(Some(file)));
        let theirs = std::sync::Arc::clone(&slot);
        let spawned = crate::sys::spawn("read-ahead", move || {
            let taken = theirs.lock().map(|mut o| o.take()).ok().flatten();
            let Some(mut file) = taken else { unreachable!("the file is set before") };
            let mut eof = false;
            for mut buf in empties {
                let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut buf);
                let read = fill_from(&mut file, &mut bytes[HEADROOM..], &mut eof);
                let stop = eof || read.is_err();
                if fulls.send(read.map(|len| Chunk { buf, len, eof })).is_err() || stop {
                    break;
                }
            }
            file
        });
        match spawned {
            Ok(thread) => {
                Reading::Ahead(Ahead { window, empty: Some(empty), full, thread: Some(thread) })
            }
            Err(_) => {
                let file = slot.lock().ok().and_then(|mut o| o.take());
                Reading::Direct(Origin::File(
                    file.unwrap_or_else(|| unreachable!("no thread took it")),
                ))
            }
        }
    }
}

impl Ahead {
    /// The next chunk of input.
    fn next(&mut self) -> io::Result<Chunk> {
        self.full
            .recv()
            .unwrap_or_else(|_| Err(io::Error::other("the read-ahead thread ended early")))
    }

    /// Hands a consumed buffer back for reuse (buffers of another size,
    /// made for a long unconsumed tail, are dropped and replaced).
    fn recycle(&mut self, buf: Vec<u32>) {
        let size = (HEADROOM + self.window).div_ceil(4);
        let buf = if buf.len() == size { buf } else { vec![0u32; size] };
        if let Some(empty) = &self.empty {
            let _ = empty.try_send(buf);
        }
    }

    /// Stops the thread and takes the file back.
    fn stop(&mut self) -> io::Result<File> {
        self.empty = None;
        // Unblock a thread waiting to hand over a chunk.
        while self.full.recv().is_ok() {}
        match self.thread.take().map(std::thread::JoinHandle::join) {
            Some(Ok(file)) => Ok(file),
            _ => Err(io::Error::other("the read-ahead thread failed")),
        }
    }
}

impl Source {
    fn new(read: Reading, window: usize) -> Source {
        let window = window_override().unwrap_or(window);
        // Read-ahead brings its own buffers.
        let size = if matches!(read, Reading::Direct(_)) { window.div_ceil(4) } else { 0 };
        Source { read, buf: vec![0u32; size], start: 0, end: 0, eof: false }
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

    /// Read-ahead windows carry what was left unconsumed (a few bytes, a
    /// whole window when a consumer peeks, more than the headroom), and a
    /// rewind starts over.
    #[test]
    fn read_ahead_windows_carry_unconsumed_bytes() {
        let data: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let path = std::env::temp_dir().join(format!("rapidutf-input-{}", std::process::id()));
        std::fs::write(&path, &data).unwrap();
        for window in [64, 1000, 3 * HEADROOM, 99_999, 100_000, 200_000] {
            let file = File::open(&path).unwrap();
            let read = Reading::ahead(file, window);
            assert!(matches!(read, Reading::Ahead(_)));
            let mut r = Reader {
                source: Source::new(read, window),
                offset: 0,
                start: 0,
                identity: None,
                progress: Progress::new("", None, Show::Never),
            };
            for pass in 0..2 {
                let mut seen = Vec::new();
                let mut round = 0usize;
                loop {
                    round += 1;
                    let w = r.fill().unwrap();
                    let at = w.offset as usize;
                    assert_eq!(w.bytes, &data[at..at + w.bytes.len()], "window {window}");
                    let (last, len) = (w.last, w.bytes.len());
                    // Every third window is only peeked at; others leave
                    // 0..=9 bytes, or everything at the end.
                    let n = match round % 3 {
                        _ if last => len,
                        0 => 0,
                        k => len.saturating_sub(k * 3 + round % 4),
                    };
                    seen.extend_from_slice(&data[at..at + n]);
                    r.consume(n);
                    if last {
                        break;
                    }
                }
                assert!(seen == data, "window {window}, pass {pass}");
                assert!(r.rewind().unwrap());
            }
        }
        std::fs::remove_file(&path).unwrap();
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
