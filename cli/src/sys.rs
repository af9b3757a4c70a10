//! The few system calls the tool needs that `std` does not offer: blocking
//! signals around a step that must not be cut in half, anonymous
//! temporary files (`O_TMPFILE`) and giving them a name, reserving disk
//! space (`fallocate`), and whether standard input and output were closed
//! when the process started.
//!
//! Every `unsafe` block of the tool is here, each with the argument for
//! its soundness; the rest of the tool calls safe functions.

use std::ffi::CString;
use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// Signals that end the process by default and may arrive at any moment
/// (from the terminal, `kill`, the file size limit): the set a step that
/// must not be cut in half blocks, and that helper threads never take.
///
/// The faults a thread raises on itself (SIGSEGV, SIGBUS, SIGFPE,
/// SIGILL, SIGTRAP, SIGSYS) stay unblocked: blocking them is undefined
/// when they are synchronous. SIGKILL and SIGSTOP cannot be blocked.
fn deferrable() -> libc::sigset_t {
    // SAFETY: `sigset_t` is plain data; an all-zero value is a valid
    // starting point that `sigemptyset` then initialises properly.
    let mut set: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: `set` is a valid, writable `sigset_t`; these calls only fail
    // (EINVAL) for signal numbers out of range, and these are all valid.
    unsafe {
        libc::sigemptyset(&mut set);
        for sig in [
            libc::SIGINT,
            libc::SIGTERM,
            libc::SIGHUP,
            libc::SIGQUIT,
            libc::SIGXFSZ,
            libc::SIGPIPE,
            libc::SIGALRM,
            libc::SIGUSR1,
            libc::SIGUSR2,
            libc::SIGVTALRM,
            libc::SIGPROF,
        ] {
            libc::sigaddset(&mut set, sig);
        }
    }
    set
}

/// While alive, the calling thread holds the [`deferrable`] signals
/// pending instead of taking them; dropping it restores the previous mask,
/// and a signal that arrived meanwhile takes effect then.
pub struct SignalsDeferred {
    old: libc::sigset_t,
}

/// Defers the signals that would end the process until the returned guard
/// is dropped. Helper threads already never take them (see [`spawn`]), so
/// the process as a whole defers them.
pub fn defer_signals() -> SignalsDeferred {
    let set = deferrable();
    // SAFETY: as in `deferrable`.
    let mut old: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: both pointers are to valid `sigset_t`s; SIG_BLOCK with a
    // valid set cannot fail.
    unsafe { libc::pthread_sigmask(libc::SIG_BLOCK, &set, &mut old) };
    SignalsDeferred { old }
}

impl Drop for SignalsDeferred {
    fn drop(&mut self) {
        // SAFETY: `self.old` is the mask `pthread_sigmask` returned;
        // restoring it cannot fail.
        unsafe { libc::pthread_sigmask(libc::SIG_SETMASK, &self.old, std::ptr::null_mut()) };
    }
}

/// Spawns a helper thread that never takes the [`deferrable`] signals, so
/// that they always reach the main thread: a step the main thread guards
/// with [`defer_signals`] is then safe from them in the whole process.
/// (A new thread inherits its creator's mask, so it never holds them
/// unblocked, not even before its first instruction.)
///
/// # Errors
///
/// The error of spawning the thread.
pub fn spawn<T: Send + 'static>(
    name: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> io::Result<std::thread::JoinHandle<T>> {
    let _deferred = defer_signals();
    std::thread::Builder::new().name(name.to_owned()).spawn(f)
}

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "file name contains a NUL byte"))
}

/// Whether an error means "this file system or kernel cannot do that",
/// as opposed to a real failure such as a full disk.
fn unsupported(e: &io::Error) -> bool {
    matches!(e.raw_os_error(), Some(libc::EOPNOTSUPP | libc::ENOSYS | libc::EINVAL | libc::EISDIR))
}

/// How a file from [`anonymous_file`] was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anonymous {
    /// With `O_TMPFILE`: it never had a name, and [`link_anonymous`] can
    /// give it one.
    Tmpfile,
    /// Created under a name and unlinked at once (where `O_TMPFILE` is not
    /// supported): it cannot be given a name again.
    Unlinked,
}

/// Creates a file without a name in directory `dir`, readable and
/// writable, with permission bits `mode` (less the umask). Nothing is left
/// behind whatever ends the process, even SIGKILL: the kernel frees the
/// file when its last descriptor closes.
///
/// Uses `O_TMPFILE` where the kernel and file system support it; elsewhere
/// the file is created under a unique name and unlinked at once, with the
/// signals deferred in between so that no signal can leave the name.
///
/// # Errors
///
/// The error of creating the file (for example `EACCES` or `EROFS` for a
/// directory the process may not write).
pub fn anonymous_file(dir: &Path, mode: u32) -> io::Result<(File, Anonymous)> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let c = c_path(dir)?;
        // SAFETY: `c` is a NUL-terminated path; `open` does not keep the
        // pointer. The flags and mode are plain integers.
        let fd = unsafe {
            libc::open(
                c.as_ptr(),
                libc::O_TMPFILE | libc::O_RDWR | libc::O_CLOEXEC,
                mode as libc::c_uint,
            )
        };
        if fd >= 0 {
            // SAFETY: `fd` was just opened and is owned by nothing else.
            let file = unsafe { <File as std::os::fd::FromRawFd>::from_raw_fd(fd) };
            return Ok((file, Anonymous::Tmpfile));
        }
        let e = io::Error::last_os_error();
        if !unsupported(&e) {
            return Err(e);
        }
    }
    use std::os::unix::fs::OpenOptionsExt;
    let pid = std::process::id();
    for attempt in 0u32.. {
        let path = dir.join(format!(".rapidutf-{pid}-{attempt}.tmp"));
        let deferred = defer_signals();
        let opened = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(&path);
        match opened {
            Ok(file) => {
                let removed = std::fs::remove_file(&path);
                drop(deferred);
                removed?;
                return Ok((file, Anonymous::Unlinked));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 1000 => {}
            Err(e) => return Err(e),
        }
    }
    unreachable!("the loop returns by its 1000th attempt")
}

/// Gives an `O_TMPFILE` file the name `dest` (which must not exist, and
/// must be on the same file system): the step that makes a complete new
/// file appear at once.
///
/// # Errors
///
/// `EEXIST` when `dest` exists; `ENOENT` where `/proc` is not mounted
/// (the link goes through `/proc/self/fd`); `EXDEV` across file systems.
pub fn link_anonymous(file: &File, dest: &Path) -> io::Result<()> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let from = CString::new(format!("/proc/self/fd/{}", file.as_raw_fd()))
            .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
        let to = c_path(dest)?;
        // SAFETY: both are NUL-terminated paths that outlive the call;
        // AT_FDCWD and AT_SYMLINK_FOLLOW are valid arguments.
        let r = unsafe {
            libc::linkat(
                libc::AT_FDCWD,
                from.as_ptr(),
                libc::AT_FDCWD,
                to.as_ptr(),
                libc::AT_SYMLINK_FOLLOW,
            )
        };
        if r == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    {
        let _ = (file, dest);
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }
}

/// Reserves disk space for the first `len` bytes of `file` without
/// changing its size or contents, so that writing them later cannot run
/// out of space on a file system that overwrites in place.
///
/// Returns `Ok(false)` where the file system cannot reserve space.
///
/// # Errors
///
/// `ENOSPC` or `EDQUOT` when the space is not there.
pub fn reserve(file: &File, len: u64) -> io::Result<bool> {
    if len == 0 {
        return Ok(true);
    }
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let len =
            libc::off_t::try_from(len).map_err(|_| io::Error::from_raw_os_error(libc::EFBIG))?;
        loop {
            // SAFETY: `fallocate` on an open descriptor with valid flags
            // and offsets touches no memory of this process.
            let r = unsafe { libc::fallocate(file.as_raw_fd(), libc::FALLOC_FL_KEEP_SIZE, 0, len) };
            if r == 0 {
                return Ok(true);
            }
            let e = io::Error::last_os_error();
            match e.raw_os_error() {
                Some(libc::EINTR) => {}
                _ if unsupported(&e) => return Ok(false),
                _ => return Err(e),
            }
        }
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    {
        let _ = file;
        Ok(false)
    }
}

/// Which of the descriptors 0, 1 and 2 were closed when the process
/// started (bit `n` for descriptor `n`).
///
/// Rust's runtime opens `/dev/null` on a closed standard descriptor before
/// `main` runs, so that a later `open` cannot take its number; a tool
/// started with `>&-` would then write into `/dev/null` and report
/// success. A function in `.init_array` runs before the runtime's setup
/// (the dynamic loader calls these before `main`), and records the truth
/// here for [`stdout_was_closed`] and [`stdin_was_closed`].
static CLOSED_AT_START: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

#[cfg(any(target_os = "linux", target_os = "android"))]
#[used]
#[link_section = ".init_array"]
static PROBE_STANDARD_DESCRIPTORS: extern "C" fn() = probe_standard_descriptors;

#[cfg(any(target_os = "linux", target_os = "android"))]
extern "C" fn probe_standard_descriptors() {
    for fd in 0..3 {
        // SAFETY: F_GETFD only reads the flags of the descriptor table
        // entry; on a closed descriptor it fails with EBADF.
        if unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1 {
            CLOSED_AT_START.fetch_or(1 << fd, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

/// Whether standard output was closed when the process started (`>&-`).
pub fn stdout_was_closed() -> bool {
    CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed) & 2 != 0
}

/// Whether standard input was closed when the process started (`<&-`).
pub fn stdin_was_closed() -> bool {
    CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed) & 1 != 0
}
