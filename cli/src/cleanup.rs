//! No litter: the temporary files of a conversion are removed when a
//! signal ends it.
//!
//! Every temporary file the tool creates (the file beside an `-o`
//! destination, the spill of held-back output) is registered here while
//! it exists. [`install`] starts a background thread that waits for
//! SIGINT, SIGTERM and SIGHUP (through `signal-hook`'s safe iterator; the
//! signal handler itself only wakes that thread), removes every registered
//! file and exits with the conventional status, 128 plus the signal
//! number.
//!
//! The registry is a mutex, and the signal thread takes it before it
//! removes anything. So a critical step that must not be cut in half
//! (creating and registering a file, renaming it into place, copying it
//! back into a hard-linked destination) holds the lock: a signal that
//! arrives meanwhile takes effect right after the step.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// The temporary files that exist now.
static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The registry of temporary files, locked: signals wait until it is
/// released.
pub struct Registry(MutexGuard<'static, Vec<PathBuf>>);

/// Locks the registry.
pub fn lock() -> Registry {
    // A panic while the lock was held leaves the list itself intact.
    Registry(TEMPS.lock().unwrap_or_else(std::sync::PoisonError::into_inner))
}

impl Registry {
    /// Registers `path`, a temporary file that was just created.
    pub fn add(&mut self, path: &Path) {
        self.0.push(path.to_owned());
    }

    /// Forgets `path` (removed or renamed into place).
    pub fn forget(&mut self, path: &Path) {
        self.0.retain(|p| p != path);
    }
}

/// Starts the signal thread (once; later calls do nothing) and returns
/// when the signals are in its hands. If the thread cannot be started, the
/// signals keep their default action (which leaves temporary files
/// behind), so that is not fatal.
pub fn install() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let (ready, wait) = std::sync::mpsc::sync_channel(1);
        let spawned = std::thread::Builder::new().name("signals".into()).spawn(move || {
            // Registered on this thread, so that a thread that could not
            // be started leaves the signals alone.
            let signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]);
            let _ = ready.send(());
            let Ok(mut signals) = signals else { return };
            if let Some(signal) = signals.forever().next() {
                let temps = lock();
                for path in temps.0.iter() {
                    let _ = std::fs::remove_file(path);
                }
                std::process::exit(128 + signal);
            }
        });
        if spawned.is_ok() {
            let _ = wait.recv();
        }
    });
}
