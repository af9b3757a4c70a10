//! Where `convert` writes, done the careful way.
//!
//! # Streams
//!
//! Standard output (also `-o -` and `-o /dev/stdout`), a FIFO or a device
//! named by `-o` is written as the output is produced: each window's
//! output is passed on when the window is done (through a 1 MiB buffer
//! that gathers small pieces). Memory stays bounded and nothing goes to
//! `$TMPDIR`. A
//! conversion that stops has written the output of everything before the
//! place where it stopped. Standard output that is a regular file is
//! compared with the inputs (see [`Sink::identity`]), so that `f >> f`
//! is refused before it can grow its own input.
//!
//! # `-o FILE`
//!
//! `FILE` is written, never replaced: the output first goes to a
//! temporary file that has no name ([`crate::sys::anonymous_file`]),
//! beside `FILE` where the directory may be written, else in `$TMPDIR`;
//! nothing is left behind whatever ends the tool. Only when the conversion
//! succeeded is `FILE` changed:
//!
//! - **An existing file** is opened for writing before anything is
//!   converted (so a destination the user may not write is refused with
//!   "Permission denied", as iconv refuses it), and at the end the output
//!   is copied into it: the space for the new contents is reserved first
//!   (`fallocate`, which fails without changing anything when the disk is
//!   too full), then the file is overwritten, cut to its new length and
//!   synced. So it keeps its inode, every hard link, its owner, group,
//!   mode, ACLs and extended attributes, a writable file in a read-only or
//!   sticky directory can be written, and `FILE` may be one of the inputs.
//!   Where the file system cannot reserve space, the part of the output
//!   beyond the old length is written first (and cut off again if that
//!   fails), then the rest. Signals wait until the copy is complete. A
//!   failure after the overwrite began (an I/O error, or running out of
//!   space on a copy-on-write file system, where overwriting allocates)
//!   is the one way `FILE` can be damaged; the message says so and where
//!   the complete output was kept.
//! - **A new file** (a symbolic link that dangles is followed) appears
//!   complete or not at all: the temporary file, made in the destination's
//!   directory, is synced and given its name (`linkat`); where that cannot
//!   be done (no `O_TMPFILE`, no `/proc`) the file is created exclusively
//!   and the output copied into it, with signals held back, and removed
//!   if the copy fails.
//!
//! Every message names the destination as the user wrote it, and says
//! whether it was left as it was.

use super::report::say;
use crate::input::FileId;
use crate::sys::{self, Anonymous};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::os::fd::AsFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// The buffer between the converter and the output (1 MiB): the
/// converter's pieces are mostly larger and go straight through.
const WRITE_BUFFER: usize = 1 << 20;

/// An I/O error of the output, with the name of the destination as the
/// user wrote it and what became of the destination.
#[derive(Debug)]
pub struct OutError {
    /// The destination, as messages name it.
    pub name: Vec<u8>,
    /// The error.
    pub error: io::Error,
    /// What became of the destination, when that needs saying.
    pub fate: Option<String>,
}

impl OutError {
    /// Reports the error on stderr.
    pub fn report(&self) {
        let fate = self.fate.as_deref().map(|f| format!("; {f}")).unwrap_or_default();
        say(&[&self.name, format!(": {}{fate}", crate::io_message(&self.error)).as_bytes()]);
    }
}

/// What [`Sink::open`] gives for messages about standard output.
const STDOUT: &[u8] = b"standard output";

/// Where the output goes, see the module docs.
pub struct Sink {
    /// The destination as messages name it.
    name: Vec<u8>,
    kind: Kind,
}

enum Kind {
    /// A stream, written as the output is produced; `None` when standard
    /// output was closed at start (`>&-`).
    Stream { to: Option<BufWriter<File>>, identity: Option<FileId> },
    /// A new regular file, made from a temporary one.
    New { temp: Temp, dest: PathBuf, flusher: Flusher },
    /// An existing regular file, written in place at the end.
    InPlace { temp: Temp, dest: File },
}

/// A temporary file without a name, written through a buffer.
struct Temp {
    file: BufWriter<File>,
    how: Anonymous,
    /// Its directory, where the output is kept if `-o FILE` was damaged.
    dir: PathBuf,
}

impl Temp {
    fn new(dir: &Path, mode: u32) -> io::Result<Temp> {
        let (file, how) = sys::anonymous_file(dir, mode)?;
        Ok(Temp { file: BufWriter::with_capacity(WRITE_BUFFER, file), how, dir: dir.to_owned() })
    }

    /// Flushes the buffer and hands the file over.
    fn finish(self) -> io::Result<(File, Anonymous, PathBuf)> {
        let file = self.file.into_inner().map_err(io::IntoInnerError::into_error)?;
        Ok((file, self.how, self.dir))
    }
}

/// Whether `path` names this process's standard output.
fn is_stdout_alias(path: &Path) -> bool {
    ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].iter().any(|a| path == Path::new(a))
}

/// Follows `path` through symbolic links to the file they end at (which
/// need not exist).
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_owned();
    // As the kernel's limit on nested links.
    for _ in 0..40 {
        match fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) => dir.join(target),
                    None => target,
                };
            }
            Ok(_) => return Ok(path),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(path),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::from_raw_os_error(libc::ELOOP))
}

/// The directory of `path`, `.` for a bare name.
fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

impl Sink {
    /// The sink for `output` (stdout when `None`).
    ///
    /// # Errors
    ///
    /// A destination that cannot be written, or no temporary file.
    pub fn open(output: Option<&Path>) -> Result<Sink, OutError> {
        let Some(path) = output.filter(|p| !is_stdout_alias(p)) else {
            return Ok(Sink::stdout());
        };
        let name = path.as_os_str().as_bytes().to_vec();
        let fail = |error: io::Error, fate: &str| OutError {
            name: name.clone(),
            error,
            fate: (!fate.is_empty()).then(|| fate.to_owned()),
        };
        match fs::metadata(path) {
            Ok(m) if m.is_dir() => Err(fail(io::Error::from_raw_os_error(libc::EISDIR), "")),
            // A FIFO, a device, a socket: written into.
            Ok(m) if !m.is_file() => {
                let f = OpenOptions::new().write(true).open(path).map_err(|e| fail(e, ""))?;
                let to = Some(BufWriter::with_capacity(WRITE_BUFFER, f));
                Ok(Sink { name, kind: Kind::Stream { to, identity: None } })
            }
            Ok(_) => {
                // Refuse a destination the user may not write before
                // converting anything.
                let dest = OpenOptions::new().write(true).open(path).map_err(|e| fail(e, ""))?;
                let target = resolve(path).map_err(|e| fail(e, ""))?;
                // Private until it is copied.
                let temp = Temp::new(parent(&target), 0o600)
                    .or_else(|_| Temp::new(&std::env::temp_dir(), 0o600))
                    .map_err(|e| {
                        fail(e, "no temporary file could be made beside it or in $TMPDIR")
                    })?;
                Ok(Sink { name, kind: Kind::InPlace { temp, dest } })
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let dest = resolve(path).map_err(|e| fail(e, ""))?;
                // A new file gets the usual 666 less the umask.
                let temp = Temp::new(parent(&dest), 0o666).map_err(|e| fail(e, ""))?;
                let flusher = Flusher::new(temp.file.get_ref());
                Ok(Sink { name, kind: Kind::New { temp, dest, flusher } })
            }
            Err(e) => Err(fail(e, "")),
        }
    }

    /// Standard output, as a file of its own (a duplicate descriptor),
    /// written without Rust's line buffering.
    fn stdout() -> Sink {
        let file = (!sys::stdout_was_closed())
            .then(|| io::stdout().as_fd().try_clone_to_owned().ok())
            .flatten()
            .map(File::from);
        let identity = file
            .as_ref()
            .and_then(|f| f.metadata().ok())
            .filter(fs::Metadata::is_file)
            .map(|m| FileId::of(&m));
        let to = file.map(|f| BufWriter::with_capacity(WRITE_BUFFER, f));
        Sink { name: STDOUT.to_vec(), kind: Kind::Stream { to, identity } }
    }

    /// The destination as messages name it.
    pub fn name(&self) -> &[u8] {
        &self.name
    }

    /// The regular file that a stream writes into (standard output
    /// redirected to a file), which must not be an input: writing would
    /// make it grow while it is read. (`-o FILE` may be an input: it is
    /// written only once the input is read.)
    pub fn identity(&self) -> Option<FileId> {
        match &self.kind {
            Kind::Stream { identity, .. } => *identity,
            _ => None,
        }
    }

    /// What becomes of the destination when the conversion fails now,
    /// for the message: `-o FILE` is left as it was.
    pub fn fate_on_failure(&self) -> Option<&'static str> {
        match self.kind {
            Kind::Stream { .. } => None,
            Kind::New { .. } => Some("not created"),
            Kind::InPlace { .. } => Some("left unchanged"),
        }
    }

    /// Writes output.
    ///
    /// # Errors
    ///
    /// An I/O error of the destination or of the temporary file.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), OutError> {
        let fate = self.fate_on_failure().map(str::to_owned);
        let result = match &mut self.kind {
            Kind::Stream { to: Some(to), .. } => to.write_all(bytes),
            Kind::Stream { to: None, .. } => Err(io::Error::from_raw_os_error(libc::EBADF)),
            Kind::New { temp, flusher, .. } => {
                flusher.wrote(bytes.len());
                temp.file.write_all(bytes)
            }
            Kind::InPlace { temp, .. } => temp.file.write_all(bytes),
        };
        result.map_err(|error| OutError { name: self.name.clone(), error, fate })
    }

    /// Hands what the buffer holds of a stream on to its reader: called
    /// after each window, so that a pipe gets the output as the input
    /// comes, not once a buffer is full.
    ///
    /// # Errors
    ///
    /// An I/O error of the destination.
    pub fn pass_on(&mut self) -> Result<(), OutError> {
        match &mut self.kind {
            Kind::Stream { to: Some(to), .. } => {
                to.flush().map_err(|error| OutError { name: self.name.clone(), error, fate: None })
            }
            _ => Ok(()),
        }
    }

    /// Completes a successful conversion: flushes a stream, or puts the
    /// output into `-o FILE`. (A sink dropped without `commit` leaves
    /// `FILE` as it was; its temporary file vanishes with it.)
    ///
    /// # Errors
    ///
    /// An I/O error of the destination or of the temporary file.
    pub fn commit(self) -> Result<(), OutError> {
        let name = self.name;
        let fail =
            |error: io::Error, fate: Option<String>| OutError { name: name.clone(), error, fate };
        match self.kind {
            Kind::Stream { to: Some(mut to), .. } => to.flush().map_err(|e| fail(e, None)),
            Kind::Stream { to: None, .. } => Ok(()),
            Kind::New { temp, dest, flusher } => {
                let unchanged = || Some("not created".to_owned());
                let (file, how, _) = temp.finish().map_err(|e| fail(e, unchanged()))?;
                flusher.finish();
                // On disk before it has a name: a crash never leaves a
                // name for a file whose data is missing.
                file.sync_all().map_err(|e| fail(e, unchanged()))?;
                let linked = match how {
                    Anonymous::Tmpfile => sys::link_anonymous(&file, &dest),
                    Anonymous::Unlinked => Err(io::Error::from(io::ErrorKind::Unsupported)),
                };
                match linked {
                    Ok(()) => {}
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                        let fate = "created by someone else meanwhile, and left as it is";
                        return Err(fail(e, Some(fate.to_owned())));
                    }
                    Err(_) => copy_into_new(file, &dest).map_err(|e| fail(e, unchanged()))?,
                }
                sync_dir(parent(&dest));
                Ok(())
            }
            Kind::InPlace { temp, dest } => {
                let unchanged = || Some("left unchanged".to_owned());
                let (file, how, dir) = temp.finish().map_err(|e| fail(e, unchanged()))?;
                match overwrite(&file, &dest) {
                    Ok(()) => Ok(()),
                    Err(Overwrite::Untouched(e)) => Err(fail(e, unchanged())),
                    Err(Overwrite::Damaged(e)) => {
                        let kept = keep(&file, how, &dir);
                        let fate = match kept {
                            Some(p) => format!(
                                "it is now damaged; the complete output is in {}",
                                p.display()
                            ),
                            None => "it is now damaged, and the output could not be kept".into(),
                        };
                        Err(fail(e, Some(fate)))
                    }
                }
            }
        }
    }
}

/// How an overwrite failed.
enum Overwrite {
    /// Before the destination changed.
    Untouched(io::Error),
    /// After.
    Damaged(io::Error),
}

/// Copies bytes `range` of `from` to the same place in `to`.
fn copy_range(from: &File, to: &File, start: u64, len: u64) -> io::Result<()> {
    let (mut from, mut to) = (from, to);
    from.seek(SeekFrom::Start(start))?;
    to.seek(SeekFrom::Start(start))?;
    let copied = io::copy(&mut from.take(len), &mut to)?;
    if copied == len {
        Ok(())
    } else {
        Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the temporary output shrank"))
    }
}

/// Puts the complete output `temp` into the existing file `dest`, which
/// keeps its identity, see the module docs.
fn overwrite(temp: &File, dest: &File) -> Result<(), Overwrite> {
    use Overwrite::{Damaged, Untouched};
    let new_len = temp.metadata().map_err(Untouched)?.len();
    let old = dest.metadata().map_err(Untouched)?;
    let old_len = old.len();
    // (The file size limit cannot cut the copy short, SIGXFSZ held back:
    // the temporary file, under the same limit, holds these bytes.)
    let _deferred = sys::defer_signals();
    let reserved = sys::reserve(dest, new_len).map_err(Untouched)?;
    if !reserved && new_len > old_len {
        // Grow first: if that fails, cutting the file back to its old
        // length restores it (its old bytes were not touched).
        if let Err(e) = copy_range(temp, dest, old_len, new_len - old_len) {
            let restored = dest.set_len(old_len).and_then(|()| {
                let times = fs::FileTimes::new();
                let times = match (old.accessed(), old.modified()) {
                    (Ok(a), Ok(m)) => times.set_accessed(a).set_modified(m),
                    _ => times,
                };
                dest.set_times(times)
            });
            return Err(match restored {
                Ok(()) => Untouched(e),
                Err(_) => Damaged(e),
            });
        }
    }
    // With the space reserved, the whole output; else the part up to the
    // old length (the rest is there already).
    let head = if reserved { new_len } else { new_len.min(old_len) };
    copy_range(temp, dest, 0, head).map_err(Damaged)?;
    if new_len < old_len {
        dest.set_len(new_len).map_err(Damaged)?;
    }
    dest.sync_all().map_err(Damaged)
}

/// Creates `dest` (which must not exist) and copies `temp` into it, with
/// signals held back; removes it again if that fails.
fn copy_into_new(temp: File, dest: &Path) -> io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let _deferred = sys::defer_signals();
    let mut to = OpenOptions::new().write(true).create_new(true).mode(0o666).open(dest)?;
    let mut from = temp;
    let copied =
        from.rewind().and_then(|()| io::copy(&mut from, &mut to)).and_then(|_| to.sync_all());
    if let Err(e) = copied {
        let _ = fs::remove_file(dest);
        return Err(e);
    }
    Ok(())
}

/// Gives the complete output a name after `-o FILE` was damaged: beside
/// the temporary file's place, else in `$TMPDIR`. Returns that name.
fn keep(temp: &File, how: Anonymous, dir: &Path) -> Option<PathBuf> {
    let pid = std::process::id();
    for place in [dir.to_owned(), std::env::temp_dir()] {
        let path = place.join(format!("rapidutf-output-{pid}.kept"));
        let named = match how {
            Anonymous::Tmpfile => sys::link_anonymous(temp, &path),
            Anonymous::Unlinked => Err(io::Error::from(io::ErrorKind::Unsupported)),
        };
        let named = named.or_else(|_| {
            let mut to = OpenOptions::new().write(true).create_new(true).open(&path)?;
            let mut from = temp;
            from.rewind()?;
            io::copy(&mut from, &mut to).map(drop)
        });
        if named.is_ok() {
            return Some(path);
        }
    }
    None
}

/// Makes a new name in `dir` durable, where the directory can be synced.
fn sync_dir(dir: &Path) {
    let _ = File::open(dir).and_then(|d| d.sync_all());
}

/// How much output a temporary file receives between two background
/// syncs (128 MiB).
const FLUSH_EVERY: u64 = 128 << 20;

/// Syncs a new file's temporary file on a background thread while it is
/// still being written, every [`FLUSH_EVERY`] bytes, so that the disk
/// writes overlap the conversion instead of all waiting for the final
/// sync. (Its errors are left to the final sync, which reports them.)
struct Flusher {
    tick: Option<std::sync::mpsc::SyncSender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    pending: u64,
}

impl Flusher {
    fn new(file: &File) -> Flusher {
        let none = Flusher { tick: None, thread: None, pending: 0 };
        let Ok(file) = file.try_clone() else { return none };
        let (tick, ticks) = std::sync::mpsc::sync_channel::<()>(1);
        let thread = sys::spawn("flush", move || {
            for () in ticks {
                let _ = file.sync_data();
            }
        });
        match thread {
            Ok(thread) => Flusher { tick: Some(tick), thread: Some(thread), pending: 0 },
            Err(_) => none,
        }
    }

    /// Counts `n` bytes written; starts a sync when enough are pending
    /// (unless one is still running).
    fn wrote(&mut self, n: usize) {
        self.pending += n as u64;
        if self.pending >= FLUSH_EVERY {
            if let Some(tick) = &self.tick {
                if tick.try_send(()).is_ok() {
                    self.pending = 0;
                }
            }
        }
    }

    /// Waits for the background syncs to end.
    fn finish(mut self) {
        self.tick = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
