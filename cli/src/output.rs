//! Where `convert` writes, done the careful way.
//!
//! # Destinations
//!
//! - **A regular file** (`-o FILE`, existing or new) is replaced, never
//!   truncated first: the output goes to a temporary file in the same
//!   directory (`.FILE.rapidutf-PID-N.tmp`), which gets the destination's
//!   permission bits (and its owner and group, where the process may set
//!   them), is synced to disk and renamed over `FILE` only when the
//!   conversion succeeded. Until then `FILE` is untouched, so the input may
//!   be the output (in-place conversion). Before anything is converted, an
//!   existing `FILE` is opened for writing, so a destination the user may
//!   not write is refused with "Permission denied", as iconv refuses it;
//!   a temporary file that cannot be created is reported with its own
//!   path (the directory is what is not writable then).
//! - **A symbolic link** is followed to its final target, which is what is
//!   replaced; the link stays a link.
//! - **A file with several hard links** keeps them: replacing it by rename
//!   would leave the other names with the old text, so its temporary file
//!   is copied back into it (and synced) at the end, as iconv writes into
//!   the file. Only that copy is not atomic; if it fails, the message
//!   names the temporary file, which is then kept, holding the output.
//! - **Anything else** (standard output, `/dev/stdout`, a FIFO, a
//!   character device such as `/dev/null`, a socket) is written into, never
//!   replaced.
//!
//! # Holding back
//!
//! In strict mode a conversion can still fail at its last byte, and then
//! nothing may have been written. A temporary file beside the destination
//! is that guarantee for a regular file. Output to a stream is held back:
//! in memory up to [`SPOOL_MEMORY`], then in a temporary file in `$TMPDIR`
//! (`rapidutf-spool-PID-N.tmp`), and copied out only when the conversion
//! succeeded. (`/dev/null` is not held back: nothing can read it.) When
//! invalid input cannot fail the conversion (`--errors=replace`), the
//! output is written as it is produced.
//!
//! Every temporary file is removed on every error path and, through
//! [`crate::cleanup`], when SIGINT, SIGTERM or SIGHUP ends the tool.

use crate::cleanup;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Seek, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// How much output to a stream is held in memory before it spills into a
/// temporary file (64 MiB).
pub const SPOOL_MEMORY: usize = 64 << 20;

/// The buffer between the converter and a file (1 MiB): the converter's
/// pieces are mostly larger and go straight through.
const WRITE_BUFFER: usize = 1 << 20;

/// An I/O error of the output, with what it concerns (a path, "standard
/// output", or a temporary file).
#[derive(Debug)]
pub struct OutError {
    /// What failed, as the message names it.
    pub name: String,
    /// The error.
    pub error: io::Error,
}

impl fmt::Display for OutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, crate::io_message(&self.error))
    }
}

/// Wraps errors of `name`.
fn named(name: &str) -> impl Fn(io::Error) -> OutError + '_ {
    move |error| OutError { name: name.to_owned(), error }
}

/// A file that is removed when dropped (and by the signal thread) unless
/// it was renamed into place or kept on purpose.
struct TempFile {
    path: PathBuf,
    /// `path` as messages name it.
    name: String,
    file: Option<BufWriter<File>>,
}

impl TempFile {
    /// Creates a new file `{prefix}-PID-N.tmp` in `dir` with the
    /// permission bits `mode` (less the umask), and registers it for
    /// removal.
    fn create(dir: &Path, prefix: &str, mode: u32) -> Result<TempFile, OutError> {
        let pid = std::process::id();
        let mut attempt = 0u32;
        loop {
            let path = dir.join(format!("{prefix}-{pid}-{attempt}.tmp"));
            let name = format!("temporary file {}", path.display());
            // Registered in the same step as created, so that no signal
            // falls between.
            let mut registry = cleanup::lock();
            let opened =
                OpenOptions::new().write(true).read(true).create_new(true).mode(mode).open(&path);
            match opened {
                Ok(f) => {
                    registry.add(&path);
                    let file = Some(BufWriter::with_capacity(WRITE_BUFFER, f));
                    return Ok(TempFile { path, name, file });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 1000 => {
                    attempt += 1;
                }
                Err(error) => return Err(OutError { name, error }),
            }
        }
    }

    fn file(&mut self) -> Result<&mut BufWriter<File>, OutError> {
        let error = || io::Error::other("temporary file already finished");
        self.file.as_mut().ok_or_else(|| OutError { name: self.name.clone(), error: error() })
    }

    fn write_all(&mut self, bytes: &[u8]) -> Result<(), OutError> {
        let name = self.name.clone();
        self.file()?.write_all(bytes).map_err(|error| OutError { name, error })
    }

    /// Flushes the file and hands it over, still to be removed on drop.
    fn finish(&mut self) -> Result<File, OutError> {
        let w = self.file.take();
        let w = w.ok_or_else(|| named(&self.name)(io::Error::other("already finished")))?;
        w.into_inner().map_err(|e| named(&self.name)(e.into_error()))
    }

    /// Leaves the file in place (renamed, or kept on purpose).
    fn keep(&mut self, registry: &mut cleanup::Registry) {
        registry.forget(&self.path);
        self.path = PathBuf::new();
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        self.file = None;
        if !self.path.as_os_str().is_empty() {
            let mut registry = cleanup::lock();
            let _ = fs::remove_file(&self.path);
            registry.forget(&self.path);
        }
    }
}

/// How much output a temporary file receives between two background
/// syncs (128 MiB).
const FLUSH_EVERY: u64 = 128 << 20;

/// Syncs a temporary file on a background thread while it is still being
/// written, every [`FLUSH_EVERY`] bytes, so that the disk writes overlap
/// the conversion instead of all waiting for the final sync. (Its errors
/// are left to the final sync, which reports them.)
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
        let thread = std::thread::Builder::new().name("flush".into()).spawn(move || {
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

/// Where the output goes, see the module docs.
pub struct Sink(Kind);

enum Kind {
    /// A regular file, replaced by a temporary file beside it; `links`:
    /// the destination opened for writing, when its hard links are kept by
    /// copying the output back into it.
    Replace { temp: TempFile, dest: PathBuf, name: String, links: Option<File>, flusher: Flusher },
    /// A stream written as the output is produced.
    Direct { to: BufWriter<File>, name: String },
    /// A stream, held back until the conversion succeeded.
    Spool { memory: Vec<u8>, spill: Option<TempFile>, to: File, name: String },
}

/// The name standard output has in messages.
const STDOUT: &str = "standard output";

/// Standard output as a file of its own (a duplicate descriptor), written
/// without Rust's line buffering.
fn stdout_file() -> Result<File, OutError> {
    let fd = io::stdout().as_fd().try_clone_to_owned().map_err(named(STDOUT))?;
    Ok(File::from(fd))
}

/// Whether `path` names this process's standard output.
fn is_stdout_alias(path: &Path) -> bool {
    ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].iter().any(|a| path == Path::new(a))
}

/// Whether `file` is the null device.
fn is_dev_null(file: &File) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let (Ok(m), Ok(null)) = (file.metadata(), fs::metadata("/dev/null")) else {
        return false;
    };
    m.file_type().is_char_device() && null.file_type().is_char_device() && m.rdev() == null.rdev()
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
    Err(io::Error::new(io::ErrorKind::InvalidInput, "Too many levels of symbolic links"))
}

impl Sink {
    /// The sink for `output` (stdout when `None`); `hold_back`: a stream
    /// must be held back until the conversion succeeded.
    ///
    /// # Errors
    ///
    /// A destination that cannot be written, or a temporary file that
    /// cannot be created.
    pub fn open(output: Option<&Path>, hold_back: bool) -> Result<Sink, OutError> {
        let (to, name) = match output {
            None => (stdout_file()?, STDOUT.to_owned()),
            Some(p) if is_stdout_alias(p) => (stdout_file()?, STDOUT.to_owned()),
            Some(p) => {
                let name = p.display().to_string();
                match fs::metadata(p) {
                    Ok(m) if m.is_dir() => {
                        let e = io::Error::new(io::ErrorKind::IsADirectory, "Is a directory");
                        return Err(named(&name)(e));
                    }
                    // A FIFO, a device, a socket: written into.
                    Ok(m) if !m.is_file() => {
                        let f = OpenOptions::new().write(true).open(p).map_err(named(&name))?;
                        (f, name)
                    }
                    Ok(_) => return Sink::replace(p),
                    Err(e) if e.kind() == io::ErrorKind::NotFound => return Sink::replace(p),
                    Err(e) => return Err(named(&name)(e)),
                }
            }
        };
        Ok(Sink(if hold_back && !is_dev_null(&to) {
            Kind::Spool { memory: Vec::new(), spill: None, to, name }
        } else {
            Kind::Direct { to: BufWriter::with_capacity(WRITE_BUFFER, to), name }
        }))
    }

    /// The sink that replaces the regular file (or new file) at `path`.
    fn replace(path: &Path) -> Result<Sink, OutError> {
        let dest = resolve(path).map_err(named(&path.display().to_string()))?;
        let name = dest.display().to_string();
        let existing = match fs::metadata(&dest) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(named(&name)(e)),
        };
        // Refuse a destination the user may not write before converting
        // anything (the rename would not ask).
        let writable = match &existing {
            Some(_) => Some(OpenOptions::new().write(true).open(&dest).map_err(named(&name))?),
            None => None,
        };
        let dir = match dest.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let prefix =
            format!(".{}.rapidutf", dest.file_name().unwrap_or_default().to_string_lossy());
        // A new file gets the usual 666 less the umask; a replacement is
        // private until it has the destination's bits.
        let mode = if existing.is_some() { 0o600 } else { 0o666 };
        let mut temp = TempFile::create(dir, &prefix, mode)?;
        let mut links = None;
        if let Some(m) = existing {
            let tname = temp.name.clone();
            let f = temp.file()?.get_ref();
            // Owner and group where the process may set them (root may;
            // others may set a group they belong to); then the bits, as
            // changing the owner clears set-user-ID and set-group-ID.
            if std::os::unix::fs::fchown(f, Some(m.uid()), Some(m.gid())).is_err() {
                let _ = std::os::unix::fs::fchown(f, None, Some(m.gid()));
            }
            let bits = fs::Permissions::from_mode(m.mode() & 0o7777);
            f.set_permissions(bits).map_err(named(&tname))?;
            if m.nlink() > 1 {
                links = writable;
            }
        }
        let flusher = Flusher::new(temp.file()?.get_ref());
        Ok(Sink(Kind::Replace { temp, dest, name, links, flusher }))
    }

    /// Writes output.
    ///
    /// # Errors
    ///
    /// An I/O error of the destination or of a temporary file.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), OutError> {
        match &mut self.0 {
            Kind::Replace { temp, flusher, .. } => {
                temp.write_all(bytes)?;
                flusher.wrote(bytes.len());
                Ok(())
            }
            Kind::Direct { to, name } => to.write_all(bytes).map_err(named(name)),
            Kind::Spool { spill: Some(temp), .. } => temp.write_all(bytes),
            Kind::Spool { memory, spill, .. } => {
                if memory.len() + bytes.len() <= SPOOL_MEMORY {
                    memory.extend_from_slice(bytes);
                    return Ok(());
                }
                let mut temp = TempFile::create(&std::env::temp_dir(), "rapidutf-spool", 0o600)?;
                temp.write_all(memory)?;
                temp.write_all(bytes)?;
                *memory = Vec::new();
                *spill = Some(temp);
                Ok(())
            }
        }
    }

    /// Completes a successful conversion: moves the output into place, or
    /// writes the held-back output. (A sink dropped without `commit`
    /// removes its temporary file and leaves the destination untouched.)
    ///
    /// # Errors
    ///
    /// An I/O error of the destination or of a temporary file.
    pub fn commit(self) -> Result<(), OutError> {
        match self.0 {
            Kind::Replace { mut temp, dest, name, links, flusher } => {
                let mut file = temp.finish()?;
                flusher.finish();
                match links {
                    None => {
                        file.sync_all().map_err(named(&temp.name))?;
                        drop(file);
                        let mut registry = cleanup::lock();
                        let renamed = fs::rename(&temp.path, &dest);
                        if renamed.is_ok() {
                            temp.keep(&mut registry);
                        }
                        // (Before `temp` is dropped, which takes the lock.)
                        drop(registry);
                        renamed.map_err(named(&name))?;
                        // Make the rename itself durable, where the
                        // directory can be synced.
                        let dir = match dest.parent() {
                            Some(d) if !d.as_os_str().is_empty() => d,
                            _ => Path::new("."),
                        };
                        let _ = File::open(dir).and_then(|d| d.sync_all());
                        Ok(())
                    }
                    Some(mut to) => {
                        // Signals wait until the copy is complete.
                        let mut registry = cleanup::lock();
                        let copied = (|| {
                            file.rewind()?;
                            to.set_len(0)?;
                            io::copy(&mut file, &mut to)?;
                            to.sync_all()
                        })();
                        let result = match copied {
                            Ok(()) => Ok(()),
                            Err(error) => {
                                // The destination may be cut short now:
                                // keep the complete output.
                                let kept = temp.path.display().to_string();
                                temp.keep(&mut registry);
                                let name = format!("{name} (the output is kept in {kept})");
                                Err(OutError { name, error })
                            }
                        };
                        // (Before `temp` is dropped, which takes the lock.)
                        drop(registry);
                        result
                    }
                }
            }
            Kind::Direct { mut to, name } => to.flush().map_err(named(&name)),
            Kind::Spool { memory, spill, mut to, name } => {
                if let Some(mut temp) = spill {
                    let mut file = temp.finish()?;
                    file.rewind().map_err(named(&temp.name))?;
                    io::copy(&mut file, &mut to).map_err(named(&name))?;
                } else {
                    to.write_all(&memory).map_err(named(&name))?;
                }
                Ok(())
            }
        }
    }
}
