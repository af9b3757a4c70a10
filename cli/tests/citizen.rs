//! The tool as a Unix citizen, end to end, with real child processes,
//! signals, shells, file systems and terminals: a full disk, hard links,
//! output that would grow its own input, streaming to a pipe, signals in
//! shell loops and under `nohup`, the file size limit, `-o` keeping a
//! file's identity (inode, owner, mode, ACL, extended attributes) and
//! writing into read-only and sticky directories, closed and full
//! standard output, iconv's habits (several inputs, `ascii`, `ucs-2`,
//! `ucs-4`, `//TRANSLIT`, `-c`, `//IGNORE`, `-s`), the progress bar on a
//! terminal, the man pages and completions, raw file names.
//!
//! Tests that need root (mounting a small tmpfs, giving files away,
//! running the tool as `nobody`) say so and return where they cannot.

use std::fs;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_rapidutf");

fn run_cmd(cmd: &mut Command, stdin: &[u8]) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("stdin writer");
    out
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_cmd(Command::new(BIN).args(args), stdin)
}

/// Runs `sh -c SCRIPT` with `$B` set to the binary.
fn sh(script: &str, stdin: &[u8]) -> Output {
    run_cmd(Command::new("sh").args(["-c", script]).env("B", BIN), stdin)
}

fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or_else(|| panic!("killed: {:?}", o.status))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn is_root() -> bool {
    fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false)
}

/// A fresh scratch directory for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir()
            .join(format!("rapidutf-citizen-test-{}-{test}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("create scratch dir");
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn s(&self, name: &str) -> String {
        self.path(name).to_str().expect("UTF-8 path").to_owned()
    }

    fn names(&self) -> Vec<String> {
        names(&self.0)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// The names in directory `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn utf16le(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

const TEXT: &str = "Grüße, κόσμε, мир, 世界 😀\n";

/// A small tmpfs mounted on a directory (root only), unmounted when
/// dropped: a disk that fills up for real.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(dir: PathBuf, size: &str) -> Option<Tmpfs> {
        if !is_root() {
            eprintln!("skipped: only root can mount a small tmpfs to fill up");
            return None;
        }
        fs::create_dir_all(&dir).unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&dir)
            .status();
        if !matches!(ok, Ok(s) if s.success()) {
            eprintln!("skipped: mount -t tmpfs is not permitted here");
            return None;
        }
        Some(Tmpfs(dir))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// A disk too full for the conversion, at each step where it can run
/// out: the temporary output, or the room the destination grows by. Every
/// name of the destination keeps its contents and its inode, nothing is
/// left behind, and the message says so.
#[test]
fn a_full_disk_leaves_every_name_of_the_destination_as_it_was() {
    let dir = Scratch::new("full");
    let Some(disk) = Tmpfs::mount(dir.path("disk"), "7m") else { return };
    let (h1, h2) = (disk.0.join("h1"), disk.0.join("h2"));
    // 3 MiB of text makes 6 MiB of UTF-16, more than the disk has left;
    // 2 MiB makes 4 MiB, which fits, but the destination cannot then grow
    // by 2 MiB; 1 MiB fits both ways.
    for (mib, fits) in [(3, false), (2, false), (1, true)] {
        let text = "Lorem ipsum dolor sit amet.\n".repeat((mib << 20) / 28);
        fs::write(&h1, &text).unwrap();
        fs::hard_link(&h1, &h2).unwrap();
        let inode = fs::metadata(&h1).unwrap().ino();
        let args = ["convert", "-f", "utf-8", "-t", "utf-16le", "-o", h1.to_str().unwrap()];
        let o = run(&[&args[..], &[h1.to_str().unwrap()]].concat(), b"");
        let want = if fits { utf16le(&text) } else { text.clone().into_bytes() };
        for h in [&h1, &h2] {
            assert!(fs::read(h).unwrap() == want, "{mib} MiB: {} changed", h.display());
            assert_eq!(fs::metadata(h).unwrap().ino(), inode, "{mib} MiB");
        }
        assert_eq!(names(&disk.0), ["h1", "h2"], "{mib} MiB: litter");
        if fits {
            assert_eq!(code(&o), 0, "{}", stderr(&o));
        } else {
            assert_eq!(code(&o), 2, "{mib} MiB");
            let want =
                format!("rapidutf: {}: No space left on device; left unchanged\n", h1.display());
            assert_eq!(stderr(&o), want, "{mib} MiB");
        }
        fs::remove_file(&h1).unwrap();
        fs::remove_file(&h2).unwrap();
    }
}

/// `f >> f` (and the like) would grow its input while reading it, so it
/// is refused before anything is read or written, in every error mode
/// (the file size limit bounds the damage where it is not).
#[test]
fn output_that_is_an_input_is_refused() {
    let dir = Scratch::new("same");
    let f = dir.s("f");
    for (redirect, args) in [
        (">> \"$F\"", "--errors=replace \"$F\""),
        (">> \"$F\"", "-c \"$F\""),
        (">> \"$F\"", "\"$F\""),
        (">> \"$F\" < \"$F\"", "--errors=replace"),
        ("> /dev/null 3>> \"$F\"", "--errors=replace -o /dev/fd/3 \"$F\""),
        (">> \"$F\"", "-o /dev/stdout \"$F\""),
        (">> \"$F\"", "--errors=replace /dev/null \"$F\""),
    ] {
        fs::write(&f, b"a\xFFb\n").unwrap();
        let script =
            format!("ulimit -f 20480; exec \"$B\" convert -f utf-8 -t utf-8 {args} {redirect}");
        let o = run_cmd(Command::new("sh").args(["-c", &script]).env("B", BIN).env("F", &f), b"");
        let what = format!("{args} {redirect}");
        if redirect.contains("3>>") {
            // /dev/fd/3 opens the file anew: written in place at the end,
            // like any `-o FILE` that is an input.
            assert_eq!(code(&o), 0, "{what}: {}", stderr(&o));
            continue;
        }
        assert_eq!(code(&o), 2, "{what}: {}", stderr(&o));
        assert!(
            stderr(&o)
                .ends_with(": input file is output file (the output would grow its own input)\n"),
            "{what}: {}",
            stderr(&o)
        );
        assert_eq!(fs::read(&f).unwrap(), b"a\xFFb\n", "{what}");
    }
    // `-o FILE FILE` converts in place: the input is read before FILE is
    // written.
    fs::write(&f, b"a\xFFb\n").unwrap();
    let o = run(
        &["convert", "-q", "--errors=replace", "-f", "utf-8", "-t", "utf-8", "-o", &f, &f],
        b"",
    );
    assert_eq!((code(&o), fs::read(&f).unwrap()), (0, "a\u{FFFD}b\n".as_bytes().to_vec()));
}

/// Reads from `from` on a thread until `n` bytes came or it ends; the
/// bytes, or `None` if they did not come within a minute (the tool held
/// its output back).
fn read_soon(mut from: impl Read + Send + 'static, n: usize) -> Option<Vec<u8>> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut got = vec![0; n];
        let r = from.read_exact(&mut got).map(|()| got);
        let _ = tx.send((r, from));
    });
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok((Ok(bytes), _)) => Some(bytes),
        _ => None,
    }
}

/// Strict conversion to a pipe writes as it goes: output arrives while the
/// input is still coming, `$TMPDIR` is not used (it does not even exist
/// here), and a reader that closes the pipe ends the tool at its next
/// write.
#[test]
fn strict_output_to_a_pipe_streams_without_tmpdir() {
    let mut child = Command::new(BIN)
        .args(["convert", "-f", "utf-8", "-t", "utf-16le"])
        .env("TMPDIR", "/nonexistent/rapidutf-tmpdir")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().unwrap();
    // One window (256 KiB) and a little more: the tool has to write what
    // it converted before the reader takes anything, or the two would
    // wait for each other.
    let chunk = TEXT.repeat(300_000 / TEXT.len());
    stdin.write_all(chunk.as_bytes()).unwrap();
    // The input stays open: nothing is complete yet, but output comes.
    let head =
        read_soon(child.stdout.take().unwrap(), 10).expect("no output while the input is open");
    assert_eq!(head, utf16le(TEXT)[..10]);
    // (The pipe is closed now.) More input: the next write fails, quietly.
    let _ = stdin.write_all(chunk.as_bytes());
    drop(stdin);
    let o = child.wait_with_output().unwrap();
    assert_eq!((code(&o), stderr(&o)), (2, String::new()));
}

/// A command that runs `args` under a small Python parent, which reports
/// the child's peak resident memory (KiB, `wait4`) on stderr. (Started by
/// this test process directly, the child's peak would include this
/// process's memory: the kernel counts the memory a `vfork`ed child
/// shared with its parent before `exec`.)
fn with_peak_rss(args: &[&str]) -> Command {
    let script = "import os, sys\n\
        pid = os.fork()\n\
        if pid == 0:\n\
        \x20   os.execv(sys.argv[1], sys.argv[1:])\n\
        _, status, usage = os.wait4(pid, 0)\n\
        print(usage.ru_maxrss, file=sys.stderr)\n\
        sys.exit(os.waitstatus_to_exitcode(status))\n";
    let mut c = Command::new("python3");
    c.args(["-c", script, BIN]).args(args);
    c
}

/// Strict conversion of a stream larger than any buffer holds bounded
/// memory: 40 MiB of input makes 80 MiB of output, and the tool's peak
/// resident memory stays far below either.
#[test]
fn strict_output_to_a_pipe_holds_bounded_memory() {
    let dir = Scratch::new("rss");
    let Ok(mut child) = with_peak_rss(&["convert", "-f", "utf-8", "-t", "utf-16le"])
        .env("TMPDIR", &dir.0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    else {
        eprintln!("skipped: python3 is not available to measure the peak memory");
        return;
    };
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = "Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n".repeat(1 << 14);
        for _ in 0..(40 << 20) / chunk.len() {
            stdin.write_all(chunk.as_bytes()).unwrap();
        }
    });
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()).unwrap());
    writer.join().unwrap();
    let o = child.wait_with_output().unwrap();
    let written = reader.join().unwrap();
    assert!(o.status.success(), "{:?} {}", o.status, stderr(&o));
    assert!(written >= 78 << 20, "{written} bytes");
    let rss_kib: u64 = stderr(&o).trim().parse().expect("the peak memory");
    assert!(rss_kib < 32 << 10, "peak RSS {rss_kib} KiB for a stream");
    assert_eq!(dir.names(), Vec::<String>::new(), "$TMPDIR was used");
}

/// Starts `sh -c 'SETUP; exec rapidutf ARGS'` on a stdin that gets at
/// least `feed` bytes and stays open: when this returns, the tool is in
/// the middle of its input. Also returns the text sent.
fn start_stalled(
    setup: &str,
    args: &[&str],
    feed: usize,
) -> (Child, std::process::ChildStdin, String) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{setup}\nexec \"$0\" \"$@\""))
        .arg(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    let chunk = TEXT.repeat(4096);
    let mut sent = String::new();
    while sent.len() < feed {
        stdin.write_all(chunk.as_bytes()).expect("feed the conversion");
        sent.push_str(&chunk);
    }
    (child, stdin, sent)
}

/// Ctrl-C in `for f in ...; do rapidutf convert ...; done` stops the loop:
/// the tool dies by SIGINT, which tells the shell to stop too, instead of
/// exiting with a status the loop goes on after.
#[test]
fn ctrl_c_stops_a_shell_loop() {
    let dir = Scratch::new("loop");
    let log = dir.s("log");
    let script = format!(
        "for i in 1 2 3; do \"$B\" convert -f utf-8 -t utf-16le -o {out}$i; echo \"done $i\" >> {log}; done",
        out = dir.s("out"),
    );
    // Its own process group, as a terminal's foreground job.
    let mut shell = Command::new("bash")
        .args(["-c", &script])
        .env("B", BIN)
        .process_group(0)
        .stdin(Stdio::piped())
        .spawn()
        .expect("bash");
    let mut stdin = shell.stdin.take().unwrap();
    stdin.write_all(TEXT.repeat(100_000).as_bytes()).unwrap();
    // The terminal sends SIGINT to the whole group.
    let group = format!("-{}", shell.id());
    let ok = Command::new("kill").args(["-INT", "--", &group]).status().unwrap();
    assert!(ok.success());
    // Later iterations, if any, would get an empty input and finish.
    drop(stdin);
    let status = shell.wait().unwrap();
    assert_eq!(status.signal(), Some(libc::SIGINT), "the loop went on: {status:?}");
    assert!(!Path::new(&log).exists(), "{}", fs::read_to_string(&log).unwrap_or_default());
}

/// A signal that was ignored when the tool started (`nohup`, background
/// jobs of a non-interactive shell) stays ignored: the conversion goes on
/// and completes.
#[test]
fn signals_ignored_at_start_stay_ignored() {
    for (sig, number) in [("HUP", libc::SIGHUP), ("INT", libc::SIGINT), ("QUIT", libc::SIGQUIT)] {
        let dir = Scratch::new(&format!("ignored-{sig}"));
        let out = dir.s("out");
        let (child, mut stdin, mut sent) = start_stalled(
            &format!("trap '' {sig}"),
            &["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &out],
            1 << 20,
        );
        // SAFETY: `kill` with our own child's pid and a valid signal.
        let r = unsafe { libc::kill(libc::pid_t::try_from(child.id()).unwrap(), number) };
        assert_eq!(r, 0);
        stdin.write_all(TEXT.as_bytes()).unwrap();
        sent.push_str(TEXT);
        drop(stdin);
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "SIG{sig}: {:?} {}", o.status, stderr(&o));
        assert!(fs::read(&out).unwrap() == utf16le(&sent), "SIG{sig}: incomplete output");
    }
}

/// The file size limit (`ulimit -f`) ends the tool by SIGXFSZ, as it ends
/// any program, with the destination as it was and nothing left behind;
/// with SIGXFSZ ignored, the write fails and says so.
#[test]
fn the_file_size_limit_leaves_nothing_behind() {
    let dir = Scratch::new("xfsz");
    let tmp = dir.path("tmp");
    fs::create_dir(&tmp).unwrap();
    // 1 MiB of text makes 4 MiB of UTF-32: over a 2 MiB limit.
    fs::write(dir.path("in"), "Lorem ipsum dolor sit amet.\n".repeat((1 << 20) / 28)).unwrap();
    fs::write(dir.path("out"), b"old").unwrap();
    let script = "ulimit -c 0; ulimit -f 4096; exec \"$B\" convert -f utf-8 -t utf-32le -o \"$D/out\" \"$D/in\"";
    let o = run_cmd(
        Command::new("sh").args(["-c", script]).env("B", BIN).env("D", &dir.0).env("TMPDIR", &tmp),
        b"",
    );
    assert_eq!(o.status.signal(), Some(libc::SIGXFSZ), "{:?} {}", o.status, stderr(&o));
    assert_eq!(fs::read(dir.path("out")).unwrap(), b"old");
    assert_eq!(dir.names(), ["in", "out", "tmp"], "litter");
    assert_eq!(names(&tmp), Vec::<String>::new(), "litter in $TMPDIR");
    let ignored = format!("trap '' XFSZ; {script}");
    let o = run_cmd(Command::new("sh").args(["-c", &ignored]).env("B", BIN).env("D", &dir.0), b"");
    let want = format!("rapidutf: {}/out: File too large; left unchanged\n", dir.0.display());
    assert_eq!((code(&o), stderr(&o)), (2, want));
    assert_eq!(fs::read(dir.path("out")).unwrap(), b"old");
    assert_eq!(dir.names(), ["in", "out", "tmp"], "litter");
}

/// The extended attribute `name` of `path`, if it has one.
fn xattr(path: &Path, name: &str) -> Option<Vec<u8>> {
    let p = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    let n = std::ffi::CString::new(name).unwrap();
    let mut buf = vec![0u8; 4096];
    // SAFETY: both names are NUL-terminated; `buf` is writable for its
    // length.
    let len = unsafe { libc::getxattr(p.as_ptr(), n.as_ptr(), buf.as_mut_ptr().cast(), buf.len()) };
    let len = usize::try_from(len).ok()?;
    buf.truncate(len);
    Some(buf)
}

fn set_xattr(path: &Path, name: &str, value: &[u8]) -> bool {
    let p = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    let n = std::ffi::CString::new(name).unwrap();
    // SAFETY: both names are NUL-terminated; `value` is readable for its
    // length.
    unsafe { libc::setxattr(p.as_ptr(), n.as_ptr(), value.as_ptr().cast(), value.len(), 0) == 0 }
}

/// A POSIX access ACL (`system.posix_acl_access`, format version 2):
/// user::rw-, user:65534:r--, group::r--, mask::r--, other::---.
fn acl() -> Vec<u8> {
    let mut v = 2u32.to_le_bytes().to_vec();
    for (tag, perm, id) in [
        (1u16, 6u16, u32::MAX),
        (2, 4, 65534),
        (4, 4, u32::MAX),
        (0x10, 4, u32::MAX),
        (0x20, 0, u32::MAX),
    ] {
        v.extend_from_slice(&tag.to_le_bytes());
        v.extend_from_slice(&perm.to_le_bytes());
        v.extend_from_slice(&id.to_le_bytes());
    }
    v
}

/// `-o FILE` writes FILE itself: its inode, owner, group, mode, ACL and
/// extended attributes stay as they were. (Hard links: see the full-disk
/// test.)
#[test]
fn dash_o_keeps_the_files_identity() {
    let dir = Scratch::new("identity");
    let f = dir.path("f");
    fs::write(&f, TEXT).unwrap();
    fs::set_permissions(&f, fs::Permissions::from_mode(0o640)).unwrap();
    if is_root() {
        std::os::unix::fs::chown(&f, Some(65534), Some(65534)).unwrap();
    }
    let user_attr = set_xattr(&f, "user.origin", b"rapidutf test");
    let acl_set = set_xattr(&f, "system.posix_acl_access", &acl());
    if !user_attr || !acl_set {
        eprintln!("note: this file system takes no user xattrs ({user_attr}) or ACLs ({acl_set})");
    }
    let before = fs::metadata(&f).unwrap();
    let acl_before = xattr(&f, "system.posix_acl_access");
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &dir.s("f"), &dir.s("f")], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let after = fs::metadata(&f).unwrap();
    assert_eq!(fs::read(&f).unwrap(), utf16le(TEXT));
    assert_eq!(
        (after.ino(), after.uid(), after.gid(), after.mode()),
        (before.ino(), before.uid(), before.gid(), before.mode())
    );
    if user_attr {
        assert_eq!(xattr(&f, "user.origin").as_deref(), Some(&b"rapidutf test"[..]));
    }
    if acl_set {
        assert_eq!(xattr(&f, "system.posix_acl_access"), acl_before);
    }
    assert_eq!(dir.names(), ["f"]);
}

/// Runs the tool as `nobody`, or `None` where the tests cannot.
fn as_nobody(args: &[&str]) -> Option<Command> {
    if !is_root() {
        eprintln!("skipped: not root, so the tests cannot run the tool as another user");
        return None;
    }
    let readable = fs::metadata(BIN).map(|m| m.mode() & 0o005 == 0o005).unwrap_or(false);
    let probe = Command::new("setpriv")
        .args(["--reuid=nobody", "--regid=nogroup", "--clear-groups", "true"])
        .status();
    if !readable || !matches!(probe, Ok(s) if s.success()) {
        eprintln!("skipped: setpriv cannot run the tool as nobody");
        return None;
    }
    let mut c = Command::new("setpriv");
    c.args(["--reuid=nobody", "--regid=nogroup", "--clear-groups", BIN]).args(args);
    Some(c)
}

/// A file that `nobody` may write, in a directory `nobody` may not write
/// (read-only) and in a sticky directory it does not own (as /tmp), is
/// written as iconv writes it: in place.
#[test]
fn dash_o_writes_into_read_only_and_sticky_directories() {
    let dir = Scratch::new("dirs");
    fs::write(dir.path("in"), TEXT).unwrap();
    for (sub, mode) in [("read-only", 0o555), ("sticky", 0o1777)] {
        let d = dir.path(sub);
        fs::create_dir(&d).unwrap();
        fs::write(d.join("f"), b"old").unwrap();
        fs::set_permissions(d.join("f"), fs::Permissions::from_mode(0o666)).unwrap();
        fs::set_permissions(&d, fs::Permissions::from_mode(mode)).unwrap();
        let dest = d.join("f").to_str().unwrap().to_owned();
        let Some(mut cmd) =
            as_nobody(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &dest, &dir.s("in")])
        else {
            return;
        };
        let o = run_cmd(&mut cmd, b"");
        assert_eq!(code(&o), 0, "{sub}: {}", stderr(&o));
        assert_eq!(fs::read(d.join("f")).unwrap(), utf16le(TEXT), "{sub}");
        assert_eq!(fs::metadata(d.join("f")).unwrap().uid(), 0, "{sub}: owner changed");
        assert_eq!(names(&d), ["f"], "{sub}: litter");
    }
}

/// `-o -` is standard output, as in iconv; no file named `-` appears.
#[test]
fn dash_o_dash_is_standard_output() {
    let dir = Scratch::new("dash");
    let o = run_cmd(
        Command::new(BIN)
            .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o", "-"])
            .current_dir(&dir.0),
        TEXT.as_bytes(),
    );
    assert_eq!((code(&o), o.stdout), (0, utf16le(TEXT)));
    assert_eq!(dir.names(), Vec::<String>::new());
}

/// Output that cannot be written (standard output closed with `>&-`, or
/// the full `/dev/full`) is status 2 with a message, for every command.
#[test]
fn write_errors_on_standard_output_are_reported() {
    let dir = Scratch::new("stdout");
    fs::write(dir.path("bad"), b"a\xFF").unwrap();
    for (args, input) in [
        ("convert -f utf-8 -t utf-16le", TEXT.as_bytes()),
        ("validate -l \"$D/bad\"", &b""[..]),
        ("count", TEXT.as_bytes()),
        ("--help", &b""[..]),
    ] {
        for (redirect, message) in
            [(">&-", "Bad file descriptor"), ("> /dev/full", "No space left on device")]
        {
            let script = format!("exec \"$B\" {args} {redirect}");
            let o = run_cmd(
                Command::new("sh").args(["-c", &script]).env("B", BIN).env("D", &dir.0),
                input,
            );
            assert_eq!(code(&o), 2, "{args} {redirect}: {}", stderr(&o));
            assert_eq!(
                stderr(&o),
                format!("rapidutf: standard output: {message}\n"),
                "{args} {redirect}"
            );
        }
    }
    // Nothing to write: no error.
    let o = sh("exec \"$B\" convert -f utf-8 -t utf-8 < /dev/null >&-", b"");
    assert_eq!((code(&o), stderr(&o)), (0, String::new()));
}

/// `-c` and `//IGNORE` exit with status 1 when they dropped something,
/// as iconv; every error mode says how many sequences it dropped or
/// replaced, unless `-q` or `-s`.
#[test]
fn dropped_and_replaced_input_is_counted() {
    let input = b"a\xFFb\xC0\xAFc\xE2\x82";
    for (args, status, out, message) in [
        (&["-c"][..], 1, &b"abc"[..], "4 invalid sequences dropped"),
        (&["-t", "utf-8//IGNORE"], 1, b"abc", "4 invalid sequences dropped"),
        (
            &["--errors=replace"],
            0,
            "a\u{FFFD}b\u{FFFD}\u{FFFD}c\u{FFFD}".as_bytes(),
            "4 invalid sequences replaced with U+FFFD",
        ),
        (
            &["--errors=latin1"],
            0,
            "aÿbÀ¯câ\u{82}".as_bytes(),
            "4 invalid sequences decoded as latin1",
        ),
    ] {
        let mut full = vec!["convert", "-f", "utf-8"];
        if !args.contains(&"-t") {
            full.extend(["-t", "utf-8"]);
        }
        full.extend(args);
        let o = run(&full, input);
        assert_eq!((code(&o), &o.stdout[..]), (status, out), "{args:?}");
        assert_eq!(stderr(&o), format!("rapidutf: (standard input): {message}\n"), "{args:?}");
        for quiet in ["-q", "-s"] {
            let o = run(&[&full[..], &[quiet]].concat(), input);
            assert_eq!(
                (code(&o), &o.stdout[..], o.stderr.len()),
                (status, out, 0),
                "{args:?} {quiet}"
            );
        }
    }
    // Characters an 8-bit output lacks.
    let o = run(&["convert", "-c", "-f", "utf-8", "-t", "latin1"], "a€b".as_bytes());
    assert_eq!((code(&o), &o.stdout[..]), (1, &b"ab"[..]));
    assert_eq!(stderr(&o), "rapidutf: (standard input): 1 character that latin1 lacks dropped\n");
}

/// Whether glibc's iconv is installed.
fn have_iconv() -> bool {
    let ok = Command::new("iconv").arg("--version").stdout(Stdio::null()).status();
    if !matches!(ok, Ok(s) if s.success()) {
        eprintln!("note: iconv is not installed; not compared with it");
        return false;
    }
    true
}

/// iconv's habits: several inputs (each a text of its own, one after the
/// other), `ascii`, `ucs-2` (the machine's byte order), `ucs-4`
/// (big-endian), `//TRANSLIT`, `-s`. Each case has its expected output,
/// and where iconv is installed, iconv must agree on it.
#[test]
fn iconv_habits_work() {
    let dir = Scratch::new("iconv");
    fs::write(dir.path("a"), "Grüße\n").unwrap();
    fs::write(dir.path("b"), "мир\n").unwrap();
    fs::write(dir.path("bom16"), b"\xFF\xFEA\x00").unwrap();
    let (a, b, bom16) = (dir.s("a"), dir.s("b"), dir.s("bom16"));
    let native =
        |units: &[u16]| -> Vec<u8> { units.iter().flat_map(|u| u.to_ne_bytes()).collect() };
    let cases: Vec<(Vec<&str>, &[u8], Vec<u8>)> = vec![
        (vec!["-f", "utf-8", "-t", "utf-16le", &a, &b], b"", utf16le("Grüße\nмир\n")),
        (
            vec!["-f", "utf-8", "-t", "utf-16", &a, &b],
            b"",
            [
                native(&[0xFEFF]),
                native(&"Grüße\n".encode_utf16().collect::<Vec<_>>()),
                native(&[0xFEFF]),
                native(&"мир\n".encode_utf16().collect::<Vec<_>>()),
            ]
            .concat(),
        ),
        (vec!["-f", "utf-16", "-t", "utf-8", &bom16, &bom16], b"", b"AA".to_vec()),
        (vec!["-f", "utf-8", "-t", "ascii"], b"plain text\n", b"plain text\n".to_vec()),
        (vec!["-f", "ascii", "-t", "utf-16be"], b"ok", b"\0o\0k".to_vec()),
        (
            vec!["-f", "utf-8", "-t", "ascii//TRANSLIT"],
            "“Grüße” – œuvre, naïve café, 5 €…".as_bytes(),
            b"\"Grusse\" - oeuvre, naive cafe, 5 EUR...".to_vec(),
        ),
        (
            vec!["-f", "utf-8", "-t", "latin1//TRANSLIT"],
            "Œ café ‘x’".as_bytes(),
            b"OE caf\xE9 'x'".to_vec(),
        ),
        (vec!["-f", "utf-8", "-t", "ucs-2"], "a€".as_bytes(), native(&[0x61, 0x20AC])),
        (vec!["-f", "utf-8", "-t", "ucs-2be"], "a€".as_bytes(), b"\0a\x20\xAC".to_vec()),
        (vec!["-f", "ucs-2le", "-t", "utf-8"], b"a\0\xAC\x20", "a€".as_bytes().to_vec()),
        (vec!["-f", "utf-8", "-t", "ucs-4"], "a😀".as_bytes(), b"\0\0\0a\0\x01\xF6\x00".to_vec()),
        (
            vec!["-f", "ucs-4le", "-t", "utf-8"],
            b"a\0\0\0\x00\xF6\x01\x00",
            "a😀".as_bytes().to_vec(),
        ),
        (vec!["-s", "-f", "utf-8", "-t", "utf-16le"], b"ok", utf16le("ok")),
    ];
    let iconv = have_iconv();
    for (args, input, want) in &cases {
        let o = run(&[&["convert"][..], args].concat(), input);
        assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
        assert!(o.stdout == *want, "{args:?}: {:02X?}", o.stdout);
        if iconv && !args.iter().any(|a| a.contains("TRANSLIT")) {
            let theirs = run_cmd(Command::new("iconv").args(args), input);
            assert!(theirs.status.success() && theirs.stdout == *want, "{args:?}: iconv differs");
        }
    }
    // And where iconv fails, so does the tool, at the same place.
    for (args, input, at) in [
        (&["-f", "utf-8", "-t", "ascii"][..], "ab€".as_bytes(), 2),
        (&["-f", "ascii", "-t", "utf-8"], b"ab\xE9", 2),
        (&["-f", "utf-8", "-t", "ucs-2"], "a😀".as_bytes(), 1),
        (&["-f", "ucs-2le", "-t", "utf-8"], b"a\0\x3D\xD8\x00\xDE", 2),
        (&["-f", "utf-8", "-t", "latin1"], "a€".as_bytes(), 1),
    ] {
        let o = run(&[&["convert"][..], args].concat(), input);
        assert_eq!(code(&o), 1, "{args:?}");
        assert!(stderr(&o).contains(&format!(", byte {at}: ")), "{args:?}: {}", stderr(&o));
        if iconv {
            let theirs = run_cmd(Command::new("iconv").args(args), input);
            assert_eq!(theirs.status.code(), Some(1), "{args:?}: iconv");
            assert_eq!(theirs.stdout, o.stdout, "{args:?}: output before the error");
            let pos = format!("position {at}");
            assert!(String::from_utf8_lossy(&theirs.stderr).contains(&pos), "{args:?}: iconv");
        }
    }
}

/// Runs `command` (a shell command line, `$B` the binary) on a terminal
/// (`script` from util-linux); everything the terminal showed, or `None`
/// where `script` is missing.
fn on_a_terminal(command: &str, envs: &[(&str, &Path)]) -> Option<String> {
    let o = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .env("B", BIN)
        .envs(envs.iter().map(|(k, v)| (*k, *v)))
        .stdin(Stdio::null())
        .output();
    match o {
        Ok(o) if o.status.code().is_some() => Some(String::from_utf8_lossy(&o.stdout).into_owned()),
        _ => {
            eprintln!("skipped: script(1) cannot give the tool a terminal here");
            None
        }
    }
}

/// The bar of a large input on a terminal: shown by default, also for
/// standard input redirected from the file; not with `-q` or
/// `--no-progress`. (The input's first byte is invalid, so that each run
/// is quick; the bar is drawn before the first window is read.)
#[test]
fn the_progress_bar_follows_the_flags() {
    let dir = Scratch::new("bar");
    let big = dir.path("big");
    let f = fs::File::create(&big).unwrap();
    f.set_len(300 << 20).unwrap();
    drop(f);
    fs::OpenOptions::new().write(true).open(&big).unwrap().write_all(b"\xFF").unwrap();
    let envs = [("F", big.as_path())];
    for (args, bar) in [
        ("validate \"$F\"", true),
        ("validate < \"$F\"", true),
        ("validate -q \"$F\"", false),
        ("validate --no-progress \"$F\"", false),
        ("convert -q -f utf-8 -t utf-16le \"$F\"", false),
        ("convert -f utf-8 -t utf-16le < \"$F\"", true),
    ] {
        let Some(screen) = on_a_terminal(&format!("\"$B\" {args}"), &envs) else { return };
        assert_eq!(screen.contains("\r") && screen.contains("] "), bar, "{args}: {screen:?}");
    }
}

/// The bar never goes back: `validate` counting lines up to an error in a
/// second pass leaves it where it was. (`--progress` draws it for any
/// size and wherever stderr goes.)
#[test]
fn the_progress_bar_never_goes_backwards() {
    let dir = Scratch::new("backwards");
    let mut bytes = "Lorem ipsum dolor sit amet.\n".repeat((24 << 20) / 28).into_bytes();
    bytes.push(0xFF);
    fs::write(dir.path("bad"), &bytes).unwrap();
    let o = run(&["validate", "--progress", &dir.s("bad")], b"");
    assert_eq!(code(&o), 1);
    let percents: Vec<u32> = stderr(&o)
        .split('\r')
        .filter_map(|draw| draw.split("] ").nth(1)?.split('%').next()?.trim().parse().ok())
        .collect();
    assert!(!percents.is_empty(), "no bar: {}", stderr(&o));
    assert!(percents.windows(2).all(|w| w[0] <= w[1]), "{percents:?}");
}

/// `rapidutf generate` writes man pages and completion scripts from the
/// same definition the parser uses: every command and option is in them.
#[test]
fn man_pages_and_completions_come_from_the_definition() {
    let dir = Scratch::new("generate");
    let o = run(&["generate", "man", &dir.s("man")], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let mut pages = names(&dir.path("man"));
    pages.sort();
    assert_eq!(
        pages,
        [
            "rapidutf-bench.1",
            "rapidutf-convert.1",
            "rapidutf-count.1",
            "rapidutf-generate.1",
            "rapidutf-validate.1",
            "rapidutf.1"
        ]
    );
    let convert = fs::read_to_string(dir.path("man/rapidutf-convert.1")).unwrap();
    for option in ["from\\-code", "to\\-code", "TRANSLIT", "no\\-progress", "\\-o"] {
        assert!(convert.contains(option), "{option} missing from rapidutf-convert.1");
    }
    let groff = Command::new("groff")
        .args(["-man", "-Tascii", "-ww", "-P", "-bcou"])
        .arg(dir.path("man/rapidutf-convert.1"))
        .output();
    match groff {
        Ok(g) if g.status.success() => {
            assert!(String::from_utf8_lossy(&g.stdout).contains("--from-code"));
            assert!(g.stderr.is_empty(), "groff: {}", String::from_utf8_lossy(&g.stderr));
        }
        _ => eprintln!("note: groff is not installed; the man page was not rendered"),
    }
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = run(&["generate", shell], b"");
        assert_eq!(code(&o), 0, "{shell}");
        let script = String::from_utf8_lossy(&o.stdout);
        for word in ["convert", "validate", "from-code", "no-progress"] {
            assert!(script.contains(word), "{shell}: {word} missing");
        }
    }
    // The bash script is valid bash.
    let path = dir.path("rapidutf.bash");
    fs::write(&path, run(&["generate", "bash"], b"").stdout).unwrap();
    let ok = Command::new("bash").arg("-n").arg(&path).status().unwrap();
    assert!(ok.success());
}

/// File names that are not UTF-8 are printed as they are, byte for byte;
/// `-0` ends each name of `validate -l` (and `-i`) with NUL.
#[test]
fn raw_file_names_are_kept() {
    use std::os::unix::ffi::OsStringExt;
    let dir = Scratch::new("names");
    let raw = std::ffi::OsString::from_vec(b"caf\xE9 bad.txt".to_vec());
    let good = dir.path("good.txt");
    let bad = dir.0.join(&raw);
    fs::write(&bad, b"a\xFF").unwrap();
    fs::write(&good, b"ok").unwrap();
    let run_os = |args: &[&std::ffi::OsStr]| run_cmd(Command::new(BIN).args(args), b"");
    let (b, g) = (bad.as_os_str(), good.as_os_str());
    let o = run_os(&["validate".as_ref(), "-l".as_ref(), g, b]);
    assert_eq!(o.stdout, [b.as_bytes(), b"\n"].concat());
    let o = run_os(&["validate".as_ref(), "-l0".as_ref(), b, g, b]);
    assert_eq!(o.stdout, [b.as_bytes(), b"\0", b.as_bytes(), b"\0"].concat());
    let o = run_os(&["validate".as_ref(), "-i0".as_ref(), b, g]);
    assert_eq!(o.stdout, [g.as_bytes(), b"\0"].concat());
    let o = run_os(&["validate".as_ref(), b]);
    assert!(o.stdout.starts_with(&[b.as_bytes(), b": line 1, char 2, byte 1: "].concat()));
    let o = run_os(&[
        "convert".as_ref(),
        "-f".as_ref(),
        "utf-8".as_ref(),
        "-t".as_ref(),
        "utf-8".as_ref(),
        b,
    ]);
    assert!(o
        .stderr
        .starts_with(&[b"rapidutf: ", b.as_bytes(), b": line 1, char 2, byte 1: "].concat()));
    let o = run_os(&["count".as_ref(), g, g]);
    assert!(o.stdout.windows(g.len()).any(|w| w == g.as_bytes()));
}
