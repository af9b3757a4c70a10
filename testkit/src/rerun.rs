//! Re-running a test binary as a child process, once per kernel: the
//! dispatching APIs read `RAPIDUTF_KERNEL` once per process, so a test of
//! them covers another kernel only in a child that names it.

use crate::kernels::kernels;
use rapidutf::Kernel;

/// A command that runs this test binary again, as a child process.
///
/// Under an emulator (CI runs the tests under `qemu-x86_64 -cpu ...` and
/// `qemu-aarch64`), the child must run under the same emulator, or it
/// would see the host CPU: `RAPIDUTF_TEST_RUNNER`, when set, is the
/// command prefix (whitespace-separated) the child is started with.
pub fn self_command() -> std::process::Command {
    let exe = std::env::current_exe().expect("the test binary's path");
    let runner = std::env::var("RAPIDUTF_TEST_RUNNER").unwrap_or_default();
    let mut words = runner.split_whitespace();
    match words.next() {
        Some(program) => {
            let mut cmd = std::process::Command::new(program);
            cmd.args(words).arg(exe);
            cmd
        }
        None => std::process::Command::new(exe),
    }
}

/// Runs this test binary again once per available kernel other than the
/// active one, with `RAPIDUTF_KERNEL` naming it, running only the tests
/// whose names contain `filter` except `caller` (the full name of the test
/// that calls this), and asserts that every child passes: so the tests of
/// APIs that always dispatch cover every kernel.
///
/// Does nothing in such a child, when the caller set `RAPIDUTF_KERNEL`
/// itself, or with `RAPIDUTF_TEST_RERUN=0`: the emulated runs (qemu-aarch64,
/// qemu-s390x) set it, because there the kernel-level tests already run
/// every kernel in-process, the dispatching APIs' glue is the same code
/// whichever kernel it calls and runs under the active one, and the
/// children would take about half of the emulated time; the native run
/// keeps them.
pub fn rerun_under_every_kernel(filter: &str, caller: &str) {
    rerun_under_every_kernel_skipping(filter, &[caller]);
}

/// [`rerun_under_every_kernel`], also skipping the tests named in `skip`
/// (the caller first): tests that already loop over every kernel
/// themselves would otherwise run once per kernel for nothing.
pub fn rerun_under_every_kernel_skipping(filter: &str, skip: &[&str]) {
    if std::env::var_os("RAPIDUTF_KERNEL").is_some()
        || std::env::var("RAPIDUTF_TEST_RERUN").is_ok_and(|v| v == "0")
    {
        return;
    }
    for k in kernels() {
        if k == Kernel::active() {
            continue;
        }
        let command = || {
            let mut cmd = self_command();
            cmd.env("RAPIDUTF_KERNEL", k.name()).arg(filter);
            for name in skip {
                cmd.args(["--skip", name]);
            }
            cmd.args(["--test-threads", "2"]);
            cmd
        };
        let log = run_watched(command, &format!("{}-{filter}", k.name()))
            .unwrap_or_else(|log| panic!("with RAPIDUTF_KERNEL={k}: {log}"));
        assert!(log.contains("test result: ok"), "with RAPIDUTF_KERNEL={k}:\n{log}");
        assert!(
            !log.contains("running 0 tests"),
            "with RAPIDUTF_KERNEL={k}: no test matched {filter:?}"
        );
    }
}

/// Runs a child test binary, built by `command`, to its end and returns
/// its stdout and stderr; `Err` with that output when it fails, or when it
/// is still running after `RAPIDUTF_RERUN_TIMEOUT` seconds (default 600:
/// far beyond any child's run, even emulated), so that a hang names the
/// kernel and the test harness's "has been running for over 60 seconds"
/// lines name the test, instead of the whole run being killed from outside
/// with no word.
///
/// A child that has printed nothing after 60 s never reached the test
/// harness (which prints "running N tests" first): under qemu-user, a fork
/// from a multi-threaded process can deadlock before `exec`. That child is
/// killed and started again, twice at most; the tests it runs have not
/// started, so nothing is hidden by the retry.
pub fn run_watched(
    command: impl Fn() -> std::process::Command,
    tag: &str,
) -> Result<String, String> {
    use std::time::{Duration, Instant};
    let limit = std::env::var("RAPIDUTF_RERUN_TIMEOUT")
        .ok()
        .and_then(|s| s.parse().ok())
        .map_or(Duration::from_secs(600), Duration::from_secs);
    let silent_limit = Duration::from_secs(60).min(limit);
    let name: String =
        tag.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    let path =
        std::env::temp_dir().join(format!("rapidutf-rerun-{}-{name}.log", std::process::id()));
    let mut attempts = 0;
    loop {
        attempts += 1;
        // A file, not pipes: nothing has to drain it while we wait.
        let file = std::fs::File::create(&path).expect("creating the child's log");
        let mut cmd = command();
        cmd.stdout(file.try_clone().expect("the child's log")).stderr(file);
        let mut child = cmd.spawn().expect("re-running the test binary");
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("waiting for the child") {
                break Some(status);
            }
            let silent = std::fs::metadata(&path).map_or(true, |m| m.len() == 0);
            if start.elapsed() > limit || (silent && start.elapsed() > silent_limit) {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let log = std::fs::read_to_string(&path).unwrap_or_default();
        let _ = std::fs::remove_file(&path);
        return match status {
            Some(s) if s.success() => Ok(log),
            Some(s) => Err(format!("{s}\n{log}")),
            None if log.is_empty() && attempts < 3 => continue,
            None => Err(format!(
                "still running after {} s (attempt {attempts}), killed; its output:\n{log}",
                start.elapsed().as_secs()
            )),
        };
    }
}
