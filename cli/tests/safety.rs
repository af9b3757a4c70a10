//! End-to-end tests of how `convert` treats its output: permissions,
//! owners, symbolic and hard links, FIFOs and devices, unwritable
//! destinations, signals, an input that grows while it is read, a closed
//! pipe; and how it reads BOM-less UTF-16/UTF-32, against glibc's iconv
//! where it is installed.

use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_rapidutf");

/// Runs the binary with `args`, feeding `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_cmd(Command::new(BIN).args(args), stdin)
}

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

fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh scratch directory for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir()
            .join(format!("rapidutf-safety-test-{}-{test}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("create scratch dir");
        Scratch(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn s(&self, name: &str) -> String {
        self.path(name).to_str().expect("UTF-8 path").to_owned()
    }

    /// The names in the directory, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(&self.0)
            .expect("read scratch dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// The temporary files the tool left in the directory.
    fn temps(&self) -> Vec<String> {
        self.names().into_iter().filter(|n| n.ends_with(".tmp")).collect()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn utf16le(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

fn utf16be(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_be_bytes).collect()
}

fn utf32le(s: &str) -> Vec<u8> {
    s.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect()
}

fn utf32be(s: &str) -> Vec<u8> {
    s.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect()
}

const TEXT: &str = "Grüße, κόσμε, мир, 世界 😀\n";

fn mode(path: &Path) -> u32 {
    fs::metadata(path).expect("metadata").permissions().mode() & 0o7777
}

#[test]
fn in_place_conversion_keeps_permission_bits() {
    let dir = Scratch::new("perms");
    for bits in [0o600, 0o640, 0o644, 0o400, 0o755, 0o2750] {
        let f = dir.path("file.txt");
        fs::write(&f, TEXT).unwrap();
        fs::set_permissions(&f, fs::Permissions::from_mode(bits)).unwrap();
        let fs_ = dir.s("file.txt");
        let o = run(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &fs_, &fs_], b"");
        assert_eq!(code(&o), 0, "{bits:o}: {}", stderr(&o));
        assert_eq!(fs::read(&f).unwrap(), utf16le(TEXT), "{bits:o}");
        assert_eq!(mode(&f), bits, "mode {bits:o} not kept");
        fs::remove_file(&f).unwrap();
        assert_eq!(dir.names(), Vec::<String>::new(), "{bits:o}: litter");
    }
}

/// Whether the tests run as root (who may give files away and bypasses
/// permission checks).
fn is_root() -> bool {
    fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false)
}

#[test]
fn in_place_conversion_keeps_owner_and_group() {
    if !is_root() {
        eprintln!("skipped: only root can give a file to another owner to try this");
        return;
    }
    let dir = Scratch::new("owner");
    let f = dir.path("owned.txt");
    fs::write(&f, TEXT).unwrap();
    std::os::unix::fs::chown(&f, Some(65534), Some(65534)).unwrap();
    fs::set_permissions(&f, fs::Permissions::from_mode(0o640)).unwrap();
    let fs_ = dir.s("owned.txt");
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-32be", "-o", &fs_, &fs_], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let m = fs::metadata(&f).unwrap();
    assert_eq!((m.uid(), m.gid(), mode(&f)), (65534, 65534, 0o640));
    assert_eq!(fs::read(&f).unwrap(), utf32be(TEXT));
}

#[test]
fn new_destination_and_failure_leave_no_litter() {
    let dir = Scratch::new("litter");
    fs::write(dir.path("in"), TEXT).unwrap();
    let o =
        run(&["convert", "-f", "utf-8", "-t", "utf-16be", "-o", &dir.s("out"), &dir.s("in")], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(fs::read(dir.path("out")).unwrap(), utf16be(TEXT));
    assert_eq!(dir.names(), ["in", "out"]);
    // Invalid input: the existing output is untouched, nothing is left.
    fs::write(dir.path("bad"), b"valid, then \xFF").unwrap();
    let o =
        run(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &dir.s("out"), &dir.s("bad")], b"");
    assert_eq!(code(&o), 1);
    assert_eq!(fs::read(dir.path("out")).unwrap(), utf16be(TEXT));
    assert_eq!(dir.names(), ["bad", "in", "out"]);
    // A directory is no destination.
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-8", "-o", &dir.s(""), &dir.s("in")], b"");
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("Is a directory"), "{}", stderr(&o));
}

#[test]
fn symlink_is_written_through() {
    let dir = Scratch::new("symlink");
    fs::create_dir(dir.path("sub")).unwrap();
    fs::write(dir.path("sub/target.txt"), TEXT).unwrap();
    fs::set_permissions(dir.path("sub/target.txt"), fs::Permissions::from_mode(0o600)).unwrap();
    // A relative link from another directory, through a second link.
    std::os::unix::fs::symlink("sub/target.txt", dir.path("link1")).unwrap();
    std::os::unix::fs::symlink(dir.path("link1"), dir.path("link2")).unwrap();
    let link = dir.s("link2");
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &link, &link], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    for l in ["link1", "link2"] {
        assert!(fs::symlink_metadata(dir.path(l)).unwrap().file_type().is_symlink(), "{l}");
    }
    assert_eq!(fs::read(dir.path("sub/target.txt")).unwrap(), utf16le(TEXT));
    assert_eq!(mode(&dir.path("sub/target.txt")), 0o600);
    assert_eq!(dir.names(), ["link1", "link2", "sub"]);
    assert_eq!(fs::read_dir(dir.path("sub")).unwrap().count(), 1, "litter beside the target");
    // A dangling link: its target is created.
    std::os::unix::fs::symlink("new.txt", dir.path("dangling")).unwrap();
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-8", "-o", &dir.s("dangling")], b"abc");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(fs::symlink_metadata(dir.path("dangling")).unwrap().file_type().is_symlink());
    assert_eq!(fs::read(dir.path("new.txt")).unwrap(), b"abc");
}

#[test]
fn hard_links_are_kept() {
    let dir = Scratch::new("hardlink");
    fs::write(dir.path("a"), TEXT).unwrap();
    fs::hard_link(dir.path("a"), dir.path("b")).unwrap();
    fs::set_permissions(dir.path("a"), fs::Permissions::from_mode(0o640)).unwrap();
    let a = dir.s("a");
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-32le", "-o", &a, &a], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    for name in ["a", "b"] {
        assert_eq!(fs::read(dir.path(name)).unwrap(), utf32le(TEXT), "{name}");
    }
    let (ma, mb) = (fs::metadata(dir.path("a")).unwrap(), fs::metadata(dir.path("b")).unwrap());
    assert_eq!((ma.ino(), ma.nlink(), mode(&dir.path("a"))), (mb.ino(), 2, 0o640));
    assert_eq!(dir.names(), ["a", "b"]);
}

#[test]
fn fifo_is_written_into_and_stays_a_fifo() {
    let dir = Scratch::new("fifo");
    let fifo = dir.path("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !matches!(made, Ok(s) if s.success()) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    let reader_path = fifo.clone();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        fs::File::open(reader_path).unwrap().read_to_end(&mut bytes).unwrap();
        bytes
    });
    let o =
        run(&["convert", "-f", "utf-8", "-t", "utf-16be", "-o", &dir.s("fifo")], TEXT.as_bytes());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(reader.join().unwrap(), utf16be(TEXT));
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(dir.names(), ["fifo"]);
}

fn is_dev_null() -> bool {
    let m = fs::symlink_metadata("/dev/null").unwrap();
    m.file_type().is_char_device() && m.rdev() == 0x103
}

#[test]
fn dev_null_is_written_into_and_stays_a_device() {
    assert!(is_dev_null(), "/dev/null is not the null device before the test");
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", "/dev/null"], TEXT.as_bytes());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", "/dev/null"], b"a\xFF");
    assert_eq!(code(&o), 1);
    assert!(is_dev_null(), "/dev/null was replaced");
    // /dev/stdout is standard output, written into.
    let o =
        run(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", "/dev/stdout"], TEXT.as_bytes());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(o.stdout, utf16le(TEXT));
}

/// A command that runs `rapidutf` as user `nobody`, or `None` (with a
/// note) when the tests cannot switch users.
fn as_nobody(args: &[&str]) -> Option<Command> {
    if !is_root() {
        eprintln!("skipped: not root, so the tests cannot run the tool as another user");
        return None;
    }
    let probe = Command::new("setpriv")
        .args(["--reuid=nobody", "--regid=nogroup", "--clear-groups", "true"])
        .status();
    if matches!(probe, Ok(s) if s.success()) {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=nobody", "--regid=nogroup", "--clear-groups", BIN]).args(args);
        return Some(c);
    }
    let probe = Command::new("su").args(["nobody", "-s", "/bin/sh", "-c", "true"]).status();
    if matches!(probe, Ok(s) if s.success()) {
        let quoted: Vec<String> =
            std::iter::once(BIN).chain(args.iter().copied()).map(|a| format!("'{a}'")).collect();
        let mut c = Command::new("su");
        c.args(["nobody", "-s", "/bin/sh", "-c", &quoted.join(" ")]);
        return Some(c);
    }
    eprintln!("skipped: neither setpriv nor su can run the tool as nobody");
    None
}

#[test]
fn unwritable_destination_is_refused_naming_the_path() {
    let dir = Scratch::new("readonly");
    fs::set_permissions(&dir.0, fs::Permissions::from_mode(0o777)).unwrap();
    fs::write(dir.path("in"), TEXT).unwrap();
    fs::write(dir.path("ro"), b"keep me").unwrap();
    fs::set_permissions(dir.path("ro"), fs::Permissions::from_mode(0o444)).unwrap();
    std::os::unix::fs::symlink("ro", dir.path("link")).unwrap();
    let binary_readable = fs::metadata(BIN).map(|m| m.mode() & 0o005 == 0o005).unwrap_or(false);
    if !binary_readable {
        eprintln!("skipped: the binary is not executable by other users");
        return;
    }
    // Named as the user wrote it, a symbolic link included.
    for dest in ["ro", "link"] {
        let args = ["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &dir.s(dest), &dir.s("in")];
        let Some(mut cmd) = as_nobody(&args) else { return };
        let o = run_cmd(&mut cmd, b"");
        assert_eq!(code(&o), 2, "{dest}: {}", stderr(&o));
        let expect = format!("rapidutf: {}: Permission denied\n", dir.s(dest));
        assert_eq!(stderr(&o), expect, "{dest}");
        assert_eq!(fs::read(dir.path("ro")).unwrap(), b"keep me");
        assert_eq!(dir.names(), ["in", "link", "ro"]);
    }
    // A writable destination in a directory where no file can be made:
    // written all the same (as iconv writes it), in place.
    let locked = dir.path("locked");
    fs::create_dir(&locked).unwrap();
    fs::write(locked.join("rw"), b"keep me too").unwrap();
    fs::set_permissions(locked.join("rw"), fs::Permissions::from_mode(0o666)).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    let inode = fs::metadata(locked.join("rw")).unwrap().ino();
    let dest = dir.s("locked/rw");
    let Some(mut cmd) =
        as_nobody(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &dest, &dir.s("in")])
    else {
        return;
    };
    let o = run_cmd(&mut cmd, b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(fs::read(locked.join("rw")).unwrap(), utf16le(TEXT));
    assert_eq!(fs::metadata(locked.join("rw")).unwrap().ino(), inode);
    assert_eq!(fs::read_dir(&locked).unwrap().count(), 1, "litter in the locked directory");
    // As that user, /dev/null and /dev/stdout can still be written.
    for out in ["/dev/null", "/dev/stdout"] {
        let Some(mut cmd) = as_nobody(&["convert", "-f", "utf-8", "-t", "utf-8", "-o", out]) else {
            return;
        };
        let o = run_cmd(&mut cmd, b"abc");
        assert_eq!(code(&o), 0, "{out}: {}", stderr(&o));
        assert_eq!(o.stdout, if out == "/dev/stdout" { &b"abc"[..] } else { b"" }, "{out}");
    }
    assert!(is_dev_null());
}

/// Sends signal `sig` (a `kill` name) to `child`.
fn signal(child: &Child, sig: &str) {
    let ok = Command::new("kill").args([&format!("-{sig}"), &child.id().to_string()]).status();
    assert!(matches!(ok, Ok(s) if s.success()), "kill -{sig}");
}

/// Starts a conversion through `sh -c 'SETUP; exec rapidutf ARGS'` that
/// reads `feed` bytes of stdin and then waits for more, keeping the pipe
/// open: when this returns, the tool has read all but the pipe's buffer
/// of it, so it is in the middle of the conversion.
fn start_stalled(
    setup: &str,
    args: &[&str],
    envs: &[(&str, &Path)],
    feed: usize,
) -> (Child, std::process::ChildStdin) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{setup}\nexec \"$0\" \"$@\""))
        .arg(BIN)
        .args(args)
        .envs(envs.iter().map(|(k, v)| (*k, *v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    let chunk = "Lorem ipsum dolor sit amet, ünïcödé 😀\n".repeat(4096);
    let mut sent = 0;
    while sent < feed {
        stdin.write_all(chunk.as_bytes()).expect("feed the conversion");
        sent += chunk.len();
    }
    (child, stdin)
}

/// Signals end a conversion as they end any program: it dies by the
/// signal (so that a shell loop stops, see `citizen.rs`), `-o FILE` is as
/// it was, and nothing is left behind, beside FILE or in $TMPDIR.
#[test]
fn signals_end_the_tool_and_leave_nothing() {
    use std::os::unix::process::ExitStatusExt;
    for (sig, number) in [("INT", 2), ("TERM", 15), ("HUP", 1), ("QUIT", 3)] {
        let dir = Scratch::new(&format!("signal-{sig}"));
        let tmp = dir.path("tmp");
        fs::create_dir(&tmp).unwrap();
        fs::write(dir.path("out"), b"old").unwrap();
        let out = dir.s("out");
        // No core file for SIGQUIT.
        let (mut child, stdin) = start_stalled(
            "ulimit -c 0",
            &["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &out],
            &[("TMPDIR", &tmp)],
            8 << 20,
        );
        signal(&child, sig);
        let status = child.wait().expect("wait");
        drop(stdin);
        assert_eq!(status.signal(), Some(number), "SIG{sig}: {status:?}");
        assert_eq!(dir.names(), ["out", "tmp"], "SIG{sig}: litter");
        assert_eq!(fs::read_dir(&tmp).unwrap().count(), 0, "SIG{sig}: litter in $TMPDIR");
        assert_eq!(fs::read(dir.path("out")).unwrap(), b"old");
    }
}

#[test]
fn input_growing_mid_conversion_never_yields_silent_partial_output() {
    let dir = Scratch::new("grow");
    let text = "Lorem ipsum dolor sit amet, ünïcödé 😀\n".repeat(1 << 17);
    let whole = utf16le(&text);
    let mut outcomes = [0; 2];
    for delay_ms in [0u64, 5, 20, 80] {
        for to_file in [false, true] {
            let input = dir.path("in");
            fs::write(&input, &text).unwrap();
            let (out, input_s) = (dir.s("out"), dir.s("in"));
            let mut args = vec!["convert", "-f", "utf-8", "-t", "utf-16le", &input_s];
            if to_file {
                args.extend(["-o", &out]);
            }
            let child = Command::new(BIN)
                .args(&args)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn");
            std::thread::sleep(Duration::from_millis(delay_ms));
            // One invalid byte appended while it converts.
            fs::OpenOptions::new().append(true).open(&input).unwrap().write_all(b"\xFF").unwrap();
            let o = child.wait_with_output().expect("wait");
            let got = if to_file { fs::read(&out).unwrap_or_default() } else { o.stdout.clone() };
            match code(&o) {
                // Converted before the byte arrived: all of it, exactly.
                0 => {
                    assert!(got == whole, "{delay_ms} ms, file {to_file}: partial output, exit 0");
                    outcomes[0] += 1;
                }
                // Saw the byte: an error; a stream has everything before
                // it, `-o FILE` nothing.
                1 => {
                    let want: &[u8] = if to_file { b"" } else { &whole };
                    assert!(got == want, "{delay_ms} ms, file {to_file}: wrong output, exit 1");
                    let at = format!("byte {}: illegal input sequence", text.len());
                    assert!(stderr(&o).contains(&at), "{}", stderr(&o));
                    outcomes[1] += 1;
                }
                c => panic!("exit {c}: {}", stderr(&o)),
            }
            let _ = fs::remove_file(&out);
            assert_eq!(dir.temps(), Vec::<String>::new());
        }
    }
    eprintln!(
        "{} complete before the append, {} failed cleanly after it",
        outcomes[0], outcomes[1]
    );
}

#[test]
fn closed_pipe_ends_quietly() {
    let dir = Scratch::new("pipe");
    let text = "Lorem ipsum dolor sit amet, ünïcödé 😀\n".repeat(1 << 18);
    fs::write(dir.path("in"), &text).unwrap();
    for errors in ["strict", "replace"] {
        let mut child = Command::new(BIN)
            .args(["convert", "--errors", errors, "-f", "utf-8", "-t", "utf-16le", &dir.s("in")])
            .env("TMPDIR", &dir.0)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        let mut head = [0u8; 10];
        child.stdout.take().unwrap().read_exact(&mut head).unwrap();
        // (The read end is closed here.)
        let o = child.wait_with_output().expect("wait");
        assert_eq!(head[..], utf16le(&text)[..10], "{errors}");
        assert_eq!(code(&o), 2, "{errors}");
        assert_eq!(stderr(&o), "", "{errors}: a closed pipe is reported");
        assert_eq!(dir.names(), ["in"], "{errors}: litter");
    }
}

// ---------------------------------------------------------------------
// BOM-less UTF-16 and UTF-32: the machine's byte order, as glibc iconv.

/// `text` in the machine's byte order.
fn native16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_ne_bytes).collect()
}

fn native32(s: &str) -> Vec<u8> {
    s.chars().flat_map(|c| u32::from(c).to_ne_bytes()).collect()
}

fn convert_ok(args: &[&str], input: &[u8]) -> Vec<u8> {
    let o = run(args, input);
    assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
    o.stdout
}

#[test]
fn bomless_utf16_and_utf32_are_read_in_host_order() {
    // "Hi" in UTF-16LE without a BOM, read as iconv reads it.
    if cfg!(target_endian = "little") {
        assert_eq!(convert_ok(&["convert", "-f", "UTF-16", "-t", "UTF-8"], b"H\0i\0"), b"Hi");
        assert_eq!(convert_ok(&["convert", "-f", "UTF-32", "-t", "UTF-8"], b"H\0\0\0"), b"H");
        // Output: a BOM, then little-endian.
        assert_eq!(convert_ok(&["convert", "-f", "utf-8", "-t", "utf-16"], b"a"), b"\xFF\xFEa\0");
        assert_eq!(
            convert_ok(&["convert", "-f", "utf-8", "-t", "utf-32"], b"a"),
            b"\xFF\xFE\0\0a\0\0\0"
        );
    }
    for (name, native, le, be) in [
        ("utf-16", native16(TEXT), utf16le(TEXT), utf16be(TEXT)),
        ("utf-32", native32(TEXT), utf32le(TEXT), utf32be(TEXT)),
    ] {
        let args = ["convert", "-f", name, "-t", "utf-8"];
        assert_eq!(convert_ok(&args, &native), TEXT.as_bytes(), "{name} without BOM");
        // A BOM decides either way, and is dropped.
        let (bom_le, bom_be): (&[u8], &[u8]) = if name == "utf-16" {
            (b"\xFF\xFE", b"\xFE\xFF")
        } else {
            (b"\xFF\xFE\0\0", b"\0\0\xFE\xFF")
        };
        assert_eq!(convert_ok(&args, &[bom_le, &le].concat()), TEXT.as_bytes(), "{name} LE BOM");
        assert_eq!(convert_ok(&args, &[bom_be, &be].concat()), TEXT.as_bytes(), "{name} BE BOM");
        // validate --encoding agrees.
        let o = run(&["validate", "--encoding", name], &native);
        assert_eq!(code(&o), 0, "validate {name}: {}", String::from_utf8_lossy(&o.stdout));
        // The other byte order is not read as this text.
        let nonnative = if native == le { be.clone() } else { le.clone() };
        let o = run(&["convert", "-f", name, "-t", "utf-8"], &nonnative);
        assert!(code(&o) != 0 || o.stdout != TEXT.as_bytes(), "{name}: other order read as native");
    }
    // validate: a UTF-16LE lone low surrogate is invalid read natively.
    if cfg!(target_endian = "little") {
        let o = run(&["validate", "-q", "--encoding", "utf-16"], b"a\0\x00\xDC");
        assert_eq!(code(&o), 1);
        let o = run(&["validate", "-q", "--encoding", "utf-16"], b"\x00\xDCa\0");
        assert_eq!(code(&o), 1);
        let o = run(&["validate", "-q", "--encoding", "utf-16"], b"\xDC\x00a\0");
        assert_eq!(code(&o), 0);
    }
}

/// Every input and output name that iconv knows too, on inputs with and
/// without every BOM: where iconv succeeds, the output is iconv's; where
/// it fails, so does the conversion.
#[test]
fn bom_handling_matches_glibc_iconv() {
    let iconv_ok = Command::new("iconv").arg("--version").stdout(Stdio::null()).status();
    if !matches!(iconv_ok, Ok(s) if s.success()) {
        eprintln!("note: iconv is not installed; BOM handling not compared with it");
        return;
    }
    let names = ["UTF-8", "UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32", "UTF-32LE", "UTF-32BE"];
    let text = "Hi€😀";
    let bodies: [(&str, Vec<u8>); 5] = [
        ("utf-8", text.as_bytes().to_vec()),
        ("utf-16le", utf16le(text)),
        ("utf-16be", utf16be(text)),
        ("utf-32le", utf32le(text)),
        ("utf-32be", utf32be(text)),
    ];
    let boms: [&[u8]; 6] =
        [b"", b"\xEF\xBB\xBF", b"\xFF\xFE", b"\xFE\xFF", b"\xFF\xFE\0\0", b"\0\0\xFE\xFF"];
    let (mut compared, mut both_failed) = (0, 0);
    for from in names {
        for to in names {
            for (body_name, body) in &bodies {
                for bom in boms {
                    let input = [bom, &body[..]].concat();
                    let ours = run(&["convert", "-f", from, "-t", to], &input);
                    let theirs =
                        run_cmd(Command::new("iconv").args(["-f", from, "-t", to]), &input);
                    let what = format!("{from} -> {to}, {body_name} after BOM {bom:02X?}");
                    match (theirs.status.success(), code(&ours)) {
                        (true, 0) => {
                            assert!(
                                ours.stdout == theirs.stdout,
                                "{what}: output differs from iconv"
                            );
                            compared += 1;
                        }
                        (false, c) if c != 0 => both_failed += 1,
                        (t, c) => panic!(
                            "{what}: iconv success {t}, rapidutf exit {c}: {}",
                            stderr(&ours)
                        ),
                    }
                }
            }
        }
    }
    eprintln!("{compared} conversions byte-identical to iconv, {both_failed} rejected by both");
    assert!(compared > 300, "too few comparisons: {compared}");
}
