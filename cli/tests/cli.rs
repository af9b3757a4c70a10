//! End-to-end tests of the `rapidutf` binary, against std as the oracle.

use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// The tool's stream chunk size (`input::STREAM_CHUNK`), for inputs that
/// must cross chunk boundaries on stdin.
const CHUNK: usize = 256 << 10;

/// The directory of the test corpus: every generated text of
/// `rapidutf_testkit::corpus` as `<Language>.utf8.txt` and
/// `<Language>.utf16.txt` (UTF-16LE after a byte order mark), written once
/// per test binary into its scratch directory.
fn corpus_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-corpus");
        std::fs::create_dir_all(&dir).expect("the corpus directory");
        for lang in rapidutf_testkit::LANGUAGES {
            for form in ["utf8", "utf16"] {
                let bytes = rapidutf_testkit::lipsum_file(lang, form);
                std::fs::write(dir.join(format!("{lang}.{form}.txt")), bytes)
                    .expect("a corpus file");
            }
        }
        dir
    })
}

/// The path of the corpus file `name` (see [`corpus_dir`]).
fn corpus(name: &str) -> PathBuf {
    corpus_dir().join(name)
}

/// Runs the binary with `args`, feeding `stdin` (none: an empty stdin).
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rapidutf"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn rapidutf");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    // A writer thread, so that a large stdin cannot deadlock with stdout.
    let writer = std::thread::spawn(move || {
        // The tool may exit before reading everything (e.g. on an error).
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for rapidutf");
    writer.join().expect("stdin writer");
    out
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code")
}

fn stdout(o: &Output) -> Cow<'_, str> {
    String::from_utf8_lossy(&o.stdout)
}

fn stderr(o: &Output) -> Cow<'_, str> {
    String::from_utf8_lossy(&o.stderr)
}

/// A fresh scratch directory for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("rapidutf-cli-test-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create scratch dir");
        Scratch(dir)
    }

    fn file(&self, name: &str, bytes: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).expect("write scratch file");
        path.to_str().expect("utf-8 temp path").to_owned()
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("utf-8 temp path").to_owned()
    }

    fn entries(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .expect("read scratch dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The start of the isutf8 report std implies for invalid UTF-8 `bytes`
/// named `name`: line and character column from the valid prefix, and the
/// byte offset, up to the message.
fn expected_position(name: &str, bytes: &[u8]) -> String {
    let e = std::str::from_utf8(bytes).expect_err("input must be invalid");
    let prefix = std::str::from_utf8(&bytes[..e.valid_up_to()]).expect("valid prefix");
    let line = prefix.matches('\n').count() + 1;
    let char = prefix.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    format!("{name}: line {line}, char {char}, byte {}: ", e.valid_up_to())
}

/// Asserts that `out` is one report line for invalid UTF-8 `bytes` named
/// `name`, at the position std implies.
fn assert_report(out: &str, name: &str, bytes: &[u8]) {
    assert!(out.starts_with(&expected_position(name, bytes)), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
}

/// A multi-line multilingual text with an invalid byte on line 3.
const BAD_LINE_3: &[u8] = b"Gr\xC3\xBC\xC3\x9Fe, J\xC3\xBCrgen!\n\
\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82, \xE4\xB8\x96\xE7\x95\x8C\n\
\xF0\x9F\x98\x80 caf\xC3\xA9 \xE2\x82\xAC5 \xC0\xAF rest\n";

#[test]
fn validate_exit_codes() {
    let s = Scratch::new("exit-codes");
    let good = s.file("good.txt", "héllo\n".as_bytes());
    let bad = s.file("bad.txt", b"h\xFFllo\n");
    let missing = s.path("missing.txt");
    assert_eq!(code(&run(&["validate", &good], b"")), 0);
    assert_eq!(code(&run(&["validate", &bad], b"")), 1);
    assert_eq!(code(&run(&["validate", &good, &bad], b"")), 1);
    let o = run(&["validate", &good, &missing], b"");
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("missing.txt"), "{}", stderr(&o));
    // An I/O error outranks an invalid file.
    assert_eq!(code(&run(&["validate", &bad, &missing], b"")), 2);
    // Usage errors.
    assert_eq!(code(&run(&["validate", "--no-such-flag"], b"")), 2);
    assert_eq!(code(&run(&["frobnicate"], b"")), 2);
    assert_eq!(code(&run(&[], b"")), 2);
    assert_eq!(code(&run(&["validate", "--encoding", "latin1", &good], b"")), 2);
    // All of the UTF-8 corpus is valid.
    let files: Vec<String> = std::fs::read_dir(corpus_dir())
        .expect("the corpus directory")
        .map(|e| e.expect("entry").path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".utf8.txt"))
        .collect();
    assert!(files.len() >= 5);
    let mut args = vec!["validate"];
    args.extend(files.iter().map(String::as_str));
    let o = run(&args, b"");
    assert_eq!((code(&o), stdout(&o).as_ref()), (0, ""));
}

#[test]
fn validate_message_in_isutf8_format() {
    let s = Scratch::new("message");
    let bad = s.file("multi.txt", BAD_LINE_3);
    let o = run(&["validate", &bad], b"");
    assert_eq!(code(&o), 1);
    assert_report(&stdout(&o), &bad, BAD_LINE_3);
    // The same numbers, worked out by hand: lines 1 and 2 take 18 + 21
    // bytes, so line 3 starts at byte 39; the C0 follows "😀 café €5 "
    // (10 characters, 16 bytes).
    let tail = ": line 3, char 11, byte 55: invalid byte C0 (C0, C1 and F5..FF never appear \
                in UTF-8), expected 00..7F or C2..F4\n";
    assert!(stdout(&o).ends_with(tail), "{}", stdout(&o));

    // Each error names the offending byte and what was allowed there
    // (RFC 3629's ranges after E0, ED, F0 and F4).
    for (input, message) in [
        (
            &b"ab\n\x80"[..],
            "unexpected continuation byte 80, expected the start of a character, 00..7F or C2..F4",
        ),
        (b"ab\xE0\x80\x80", "overlong encoding: after E0 the 2nd byte must be A0..BF, found 80"),
        (b"\xF0\x80\x80\x80", "overlong encoding: after F0 the 2nd byte must be 90..BF, found 80"),
        (b"\xED\xA0\x80", "encoded surrogate: after ED the 2nd byte must be 80..9F, found A0"),
        (
            b"x\xF4\x90\x80\x80",
            "code point above U+10FFFF: after F4 the 2nd byte must be 80..8F, found 90",
        ),
        (
            b"\xE2\x82x",
            "missing continuation byte: after E2 82 the 3rd byte must be 80..BF, found 78",
        ),
        (b"ok\n\xE2\x82", "input ends inside a character: after E2 82 the 3rd byte must be 80..BF"),
    ] {
        let o = run(&["validate"], input);
        assert_eq!(code(&o), 1);
        assert_report(&stdout(&o), "(standard input)", input);
        assert!(stdout(&o).ends_with(&format!(": {message}\n")), "{}", stdout(&o));
    }
}

#[test]
fn validate_verbose_shows_the_bytes() {
    let s = Scratch::new("verbose");
    let bad = s.file("bad.txt", b"0123456789abcdefghij\xE0\x80xyz\n");
    let o = run(&["validate", "-v", &bad], b"");
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with(&expected_position(&bad, b"0123456789abcdefghij\xE0")));
    // 16 bytes before the error, from offset 4; carets under E0 80.
    assert!(lines[1].starts_with("  00000004: 34 35 36"), "{out}");
    let col = lines[2].find('^').expect("carets");
    assert_eq!(&lines[1][col..], "E0 80 78 79 7A 0A");
    assert_eq!(lines[2][col..].trim_end(), "^^^^^");
    // UTF-16: the unpaired surrogate and the unit after it.
    let o = run(&["validate", "-v", "--encoding", "utf-16le"], b"a\x00\x3D\xD8\x41\x00");
    let out = stdout(&o);
    assert!(out.contains(
        "unpaired high surrogate D83D: a low surrogate DC00..DFFF must follow, found 0041"
    ));
    assert!(out.lines().nth(1).unwrap().ends_with("61 00 3D D8 41 00"), "{out}");
    // Without -v, and with -l or -q, no context.
    assert_eq!(stdout(&run(&["validate", &bad], b"")).lines().count(), 1);
    assert_eq!(stdout(&run(&["validate", "-v", "-l", &bad], b"")), format!("{bad}\n"));
}

#[test]
fn validate_quiet_list_and_invert() {
    let s = Scratch::new("quiet-list");
    let good = s.file("good.txt", "ünïcödé\n".as_bytes());
    let bad = s.file("bad.txt", BAD_LINE_3);
    let bad2 = s.file("bad2.txt", b"\xFF");
    let o = run(&["validate", "-q", &good, &bad], b"");
    assert_eq!((code(&o), stdout(&o).as_ref(), stderr(&o).as_ref()), (1, "", ""));
    let o = run(&["validate", "--quiet", &good], b"");
    assert_eq!((code(&o), stdout(&o).as_ref()), (0, ""));
    let o = run(&["validate", "-l", &good, &bad, &bad2], b"");
    assert_eq!(code(&o), 1);
    assert_eq!(stdout(&o), format!("{bad}\n{bad2}\n"));
    let o = run(&["validate", "--list", "-i", &good, &bad, &bad2], b"");
    assert_eq!(stdout(&o), format!("{good}\n"));
    assert_eq!(code(&o), 1);
}

#[test]
fn validate_stdin() {
    let o = run(&["validate"], "plain ☃\n".as_bytes());
    assert_eq!((code(&o), stdout(&o).as_ref()), (0, ""));
    for args in [&["validate"][..], &["validate", "-"]] {
        let o = run(args, BAD_LINE_3);
        assert_eq!(code(&o), 1);
        assert_report(&stdout(&o), "(standard input)", BAD_LINE_3);
    }
    let o = run(&["validate", "-l"], b"\xFF");
    assert_eq!(stdout(&o), "(standard input)\n");
}

fn utf16le(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

#[test]
fn validate_utf16le_unpaired_surrogate() {
    let s = Scratch::new("utf16");
    // "ab\n" then "x😀" then a lone high surrogate, then "c".
    let mut bytes = utf16le("ab\nx😀");
    bytes.extend_from_slice(&0xD800u16.to_le_bytes());
    bytes.extend_from_slice(&utf16le("c"));
    let path = s.file("bad16.txt", &bytes);
    let o = run(&["validate", "--encoding", "utf-16le", &path], b"");
    assert_eq!(code(&o), 1);
    // Units: a b \n x D83D DE00 | D800 -> byte 12, line 2, char 3.
    let m = "unpaired high surrogate D800: a low surrogate DC00..DFFF must follow, found 0063";
    assert_eq!(stdout(&o), format!("{path}: line 2, char 3, byte 12: {m}\n"));
    // A lone low surrogate, through stdin.
    let mut low = utf16le("ok");
    low.extend_from_slice(&0xDC00u16.to_le_bytes());
    let o = run(&["validate", "--encoding", "UTF-16LE"], &low);
    let m = "unpaired low surrogate DC00, expected 0000..D7FF, E000..FFFF or a high surrogate D800..DBFF";
    assert_eq!(stdout(&o), format!("(standard input): line 1, char 3, byte 4: {m}\n"));
    // An odd trailing byte.
    let o = run(&["validate", "--encoding", "utf-16le"], b"a\x00b");
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).starts_with("(standard input): line 1, char 2, byte 2: "), "{}", stdout(&o));
    // The corpus (with its BOM) is valid UTF-16LE, and UTF-16 by BOM.
    for enc in ["utf-16le", "utf-16"] {
        let o = run(
            &["validate", "--encoding", enc, corpus("Chinese.utf16.txt").to_str().unwrap()],
            b"",
        );
        assert_eq!((code(&o), stdout(&o).as_ref()), (0, ""), "{enc}");
    }
    // But not UTF-16BE.
    let bytes = std::fs::read(corpus("Emoji.utf16.txt")).unwrap();
    let o = run(&["validate", "--encoding", "utf-16be"], &bytes);
    assert_eq!(code(&o), 1);
}

#[test]
fn convert_round_trips_on_the_corpus() {
    let s = Scratch::new("roundtrip");
    for name in ["Latin.utf8.txt", "Chinese.utf8.txt", "Emoji.utf8.txt"] {
        let src = corpus(name);
        let src = src.to_str().unwrap();
        let text = std::fs::read_to_string(src).unwrap();
        for (enc, encode) in [
            ("utf-16le", u16::to_le_bytes as fn(u16) -> [u8; 2]),
            ("UTF-16BE", u16::to_be_bytes as fn(u16) -> [u8; 2]),
        ] {
            let mid = s.path("mid");
            let o = run(&["convert", "-f", "UTF-8", "-t", enc, "-o", &mid, src], b"");
            assert_eq!((code(&o), stderr(&o).as_ref()), (0, ""), "{name} {enc}");
            let expect: Vec<u8> = text.encode_utf16().flat_map(encode).collect();
            assert!(std::fs::read(&mid).unwrap() == expect, "{name} to {enc}");
            // Back, once from the file and once through stdin/stdout.
            let back = s.path("back");
            let o = run(
                &["convert", "--from-code", enc, "--to-code", "utf8", "--output", &back, &mid],
                b"",
            );
            assert_eq!(code(&o), 0);
            assert!(std::fs::read(&back).unwrap() == text.as_bytes(), "{name} from {enc}");
            let o = run(&["convert", "-f", enc, "-t", "utf8"], &expect);
            assert_eq!(code(&o), 0);
            assert!(o.stdout == text.as_bytes(), "{name} from {enc} via stdin");
        }
        // UTF-32 too, and UTF-16 with a BOM.
        let o = run(&["convert", "-f", "utf8", "-t", "utf-32le", src], b"");
        let expect: Vec<u8> = text.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect();
        assert!(o.stdout == expect, "{name} to utf-32le");
        let o = run(&["convert", "-f", "utf8", "-t", "utf-16", src], b"");
        assert!(
            o.stdout[..2] == [0xFF, 0xFE] && o.stdout[2..] == utf16le(&text),
            "{name} to utf-16"
        );
        let o = run(&["convert", "-f", "utf-16", "-t", "utf-8"], &o.stdout);
        assert!(o.stdout == text.as_bytes(), "{name} from utf-16 with BOM");
    }
    assert!(s.entries().iter().all(|e| e == "mid" || e == "back"), "{:?}", s.entries());
}

#[test]
fn convert_errors_name_the_place_and_leave_the_destination() {
    let s = Scratch::new("convert-error");
    let input = s.file("in.txt", BAD_LINE_3);
    let out = s.path("out.txt");
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &out, &input], b"");
    assert_eq!(code(&o), 1);
    let pos = std::str::from_utf8(std::hint::black_box(BAD_LINE_3)).unwrap_err().valid_up_to();
    let report = format!(
        "{}illegal input sequence: invalid byte C0 (C0, C1 and F5..FF never appear in UTF-8), \
         expected 00..7F or C2..F4",
        expected_position(&input, BAD_LINE_3)
    );
    assert_eq!(stderr(&o), format!("rapidutf: {report}\nrapidutf: {out}: not created\n"));
    assert!(!Path::new(&out).exists(), "output file created on failure");
    assert_eq!(s.entries(), ["in.txt"], "temporary file left behind");

    // An existing output file is left untouched, and the message says so.
    std::fs::write(&out, b"old").unwrap();
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &out, &input], b"");
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).ends_with(&format!("rapidutf: {out}: left unchanged\n")), "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), b"old");
    assert_eq!(s.entries(), ["in.txt", "out.txt"]);

    // To stdout: what precedes the error, and nothing after it.
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-16le"], BAD_LINE_3);
    let before = std::str::from_utf8(&BAD_LINE_3[..pos]).unwrap();
    assert_eq!((code(&o), &o.stdout), (1, &utf16le(before)));
    assert_eq!(
        stderr(&o),
        format!("rapidutf: {}\n", report.replacen(&input, "(standard input)", 1))
    );

    // A file and stdin fail alike, at the same place, for each kind of
    // problem, having written the same output.
    let mut high_at_end = utf16le("abc");
    high_at_end.extend_from_slice(&0xD83Du16.to_le_bytes());
    for (from, bytes, message) in [
        ("utf-8", BAD_LINE_3, report.replacen(&format!("{input}: "), "", 1)),
        (
            "utf-8",
            &b"ab\xF0\x9F\x98"[..],
            "line 1, char 3, byte 2: incomplete character at end of input: input ends inside a \
             character: after F0 9F 98 the 4th byte must be 80..BF"
                .to_owned(),
        ),
        (
            "utf-16le",
            &high_at_end,
            "line 1, char 4, byte 6: incomplete character at end of input: unpaired high \
             surrogate D83D: a low surrogate DC00..DFFF must follow, found the end of the input"
                .to_owned(),
        ),
        (
            "utf-16le",
            b"a\x00b",
            "line 1, char 2, byte 2: incomplete character at end of input: input ends inside a \
             16-bit unit, expected an even number of bytes"
                .to_owned(),
        ),
        (
            "utf-32le",
            b"a\x00\x00\x00\x00\xD8\x00\x00",
            "line 1, char 2, byte 4: illegal input sequence: surrogate 0000D800, expected \
             00000000..0000D7FF or 0000E000..0010FFFF"
                .to_owned(),
        ),
        (
            "utf-32le",
            b"a\x00\x00\x00\x00",
            "line 1, char 2, byte 4: incomplete character at end of input: input ends inside a \
             32-bit unit, expected a multiple of 4 bytes"
                .to_owned(),
        ),
    ] {
        let file = s.file("case.bin", bytes);
        let from_file = run(&["convert", "-f", from, "-t", "utf-8", &file], b"");
        let from_stdin = run(&["convert", "-f", from, "-t", "utf-8"], bytes);
        for (o, name) in [(&from_file, &file[..]), (&from_stdin, "(standard input)")] {
            assert_eq!(code(o), 1, "{from} {bytes:?}");
            assert_eq!(stderr(o), format!("rapidutf: {name}: {message}\n"), "{from} {bytes:?}");
        }
        assert_eq!(from_file.stdout, from_stdin.stdout);
        std::fs::remove_file(&file).unwrap();
    }

    // UTF-16 input: the byte offset of the unpaired surrogate.
    let mut bytes = utf16le("abc");
    bytes.extend_from_slice(&0xDC00u16.to_le_bytes());
    let o = run(&["convert", "-f", "utf-16le", "-t", "utf-8"], &bytes);
    assert!(stderr(&o).contains(", byte 6: illegal input sequence: unpaired low surrogate DC00"));
    assert_eq!(o.stdout, b"abc");
    // Usage errors are status 2.
    assert_eq!(code(&run(&["convert", "-f", "utf-8"], b"")), 2);
    assert_eq!(code(&run(&["convert", "-f", "ebcdic", "-t", "utf-8"], b"")), 2);
}

#[test]
fn convert_replace_matches_std_lossy() {
    let mut messy = Vec::new();
    for piece in [
        &b"ok \xC3\xA9"[..],
        b"\xFF",
        b"\xC0\xAF",
        b"\xE0\x80\x80",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xE2\x82x",
        b"\xF0\x9F\x98",
        "😀 fine\n".as_bytes(),
        b"\x80\xBF",
        b"\xE2\x82",
    ] {
        messy.extend_from_slice(piece);
    }
    let lossy = String::from_utf8_lossy(&messy).into_owned();
    let o = run(&["convert", "--errors=replace", "-f", "utf-8", "-t", "utf-8"], &messy);
    assert_eq!(code(&o), 0);
    assert!(o.stdout == lossy.as_bytes(), "{:?}", stdout(&o));
    let o = run(&["convert", "--errors", "replace", "-f", "utf-8", "-t", "utf-16le"], &messy);
    assert!(o.stdout == utf16le(&lossy));
    // Errors on both sides of stream chunk boundaries.
    let mut big = Vec::new();
    while big.len() < 2 * CHUNK + 100 {
        big.extend_from_slice(&messy);
        big.extend_from_slice("ä".repeat(999).as_bytes());
    }
    let o = run(&["convert", "--errors=replace", "-f", "utf8", "-t", "utf8"], &big);
    assert!(o.stdout == String::from_utf8_lossy(&big).as_bytes());

    // UTF-16: one U+FFFD per unpaired surrogate, like from_utf16_lossy.
    let units = [0x61, 0xD800, 0x62, 0xDC00, 0xD83D, 0xDE00, 0xDBFF, 0xDBFF, 0xDFFF, 0xD800];
    let bytes: Vec<u8> = units.iter().flat_map(|u: &u16| u.to_be_bytes()).collect();
    let o = run(&["convert", "--errors=replace", "-f", "utf-16be", "-t", "utf-8"], &bytes);
    assert_eq!(code(&o), 0);
    assert_eq!(stdout(&o), String::from_utf16_lossy(&units));
}

#[test]
fn count_agrees_with_std() {
    let s = Scratch::new("count");
    let mut files = Vec::new();
    let mut total = (0, 0, 0);
    for name in ["Latin.utf8.txt", "Emoji.utf8.txt", "Arabic.utf8.txt"] {
        let text = std::fs::read_to_string(corpus(name)).unwrap();
        let c = (text.len(), text.chars().count(), text.encode_utf16().count());
        total = (total.0 + c.0, total.1 + c.1, total.2 + c.2);
        files.push((corpus(name).to_str().unwrap().to_owned(), c));
    }
    let args: Vec<&str> =
        std::iter::once("count").chain(files.iter().map(|(f, _)| f.as_str())).collect();
    let o = run(&args, b"");
    assert_eq!(code(&o), 0);
    let lines: Vec<Vec<String>> =
        stdout(&o).lines().map(|l| l.split_whitespace().map(str::to_owned).collect()).collect();
    assert_eq!(lines[0], ["bytes", "chars", "utf16", "file"]);
    for (i, (name, (b, c, u))) in files.iter().enumerate() {
        assert_eq!(lines[i + 1], [b.to_string(), c.to_string(), u.to_string(), name.clone()]);
    }
    let (b, c, u) = total;
    assert_eq!(lines[4], [b.to_string(), c.to_string(), u.to_string(), "total".to_owned()]);
    assert_eq!(lines.len(), 5);

    // stdin, one input: no total row.
    let text = "a€😀\n".repeat(100_000);
    let o = run(&["count"], text.as_bytes());
    let row: Vec<String> =
        stdout(&o).lines().nth(1).unwrap().split_whitespace().map(str::to_owned).collect();
    let expect = [text.len(), text.chars().count(), text.encode_utf16().count()];
    assert_eq!(row[..3], expect.map(|n| n.to_string()));
    assert_eq!(stdout(&o).lines().count(), 2);

    // Invalid input: reported with its position, status 1.
    let bad = s.file("bad.txt", BAD_LINE_3);
    let o = run(&["count", &bad], b"");
    assert_eq!(code(&o), 1);
    let err = stderr(&o);
    assert_report(err.strip_prefix("rapidutf: ").expect("prefixed"), &bad, BAD_LINE_3);
}

/// `text` repeated to more than `n` bytes, then cut at a char boundary.
fn filler(n: usize) -> String {
    let unit = "ab€d é😀 Грüß 世界\n";
    let mut s = unit.repeat(n / unit.len() + 1);
    while s.len() > n {
        s.pop();
    }
    s
}

#[test]
fn stdin_chunk_boundaries_are_seamless() {
    for (i, ch) in ["é", "€", "😀"].into_iter().enumerate() {
        for straddle in 1..ch.len() {
            // `ch` starts `straddle` bytes before the first chunk boundary.
            let mut text = filler(CHUNK - straddle);
            // Pad with ASCII so that `ch` starts exactly there.
            while text.len() < CHUNK - straddle {
                text.push('x');
            }
            text.push_str(ch);
            text.push_str(&filler(CHUNK + 1000 * i));
            assert!(text.is_char_boundary(CHUNK - straddle) && !text.is_char_boundary(CHUNK));

            let o = run(&["validate"], text.as_bytes());
            assert_eq!((code(&o), stdout(&o).as_ref()), (0, ""), "{ch} straddle {straddle}");

            // An error after the boundary has its exact byte offset.
            let mut bad = text.clone().into_bytes();
            // Replace the last 'a' (ASCII, so the error is exactly there).
            let at = bad.iter().rposition(|&b| b == b'a').expect("an 'a'");
            assert!(at > CHUNK);
            bad[at] = 0xFF;
            let o = run(&["validate"], &bad);
            assert_eq!(code(&o), 1);
            assert_report(&stdout(&o), "(standard input)", &bad);
            assert!(stdout(&o).contains(&format!(", byte {at}: ")));

            // Counting and converting see the same text as std.
            let o = run(&["count"], text.as_bytes());
            let row = stdout(&o).lines().nth(1).unwrap().to_owned();
            let expect =
                format!("{} {} {}", text.len(), text.chars().count(), text.encode_utf16().count());
            assert_eq!(row.split_whitespace().take(3).collect::<Vec<_>>().join(" "), expect);
            let o = run(&["convert", "-f", "utf-8", "-t", "utf-16le"], text.as_bytes());
            assert!(o.stdout == utf16le(&text), "{ch} straddle {straddle}");
            // And back, with a surrogate pair cut by a boundary for the emoji.
            let o = run(&["convert", "-f", "utf-16le", "-t", "utf-8"], &o.stdout);
            assert!(o.stdout == text.as_bytes(), "{ch} straddle {straddle} back");
        }
    }
    // A UTF-16 surrogate pair split exactly at the chunk boundary.
    let mut text = "x".repeat(CHUNK / 2 - 1);
    text.push('😀');
    text.push_str(&filler(1000));
    let bytes = utf16le(&text);
    assert_eq!(&bytes[CHUNK - 2..CHUNK + 2], &utf16le("😀")[..]);
    let o = run(&["validate", "--encoding", "utf-16le"], &bytes);
    assert_eq!((code(&o), stdout(&o).as_ref()), (0, ""));
}

#[test]
fn large_file_error_position() {
    let s = Scratch::new("large");
    // Larger than one mapping window (4 MiB), error near the end.
    let mut bytes = filler(9 << 20).into_bytes();
    let at = bytes.len() - 3;
    bytes[at] = 0xC1;
    let path = s.file("large.txt", &bytes);
    let o = run(&["validate", &path], b"");
    assert_eq!(code(&o), 1);
    assert_report(&stdout(&o), &path, &bytes);
    let out = s.path("large.utf16");
    let o = run(&["convert", "-f", "utf-8", "-t", "utf-16le", "-o", &out, &path], b"");
    let report = stderr(&o);
    let first = report.lines().next().unwrap_or_default();
    assert_report(first.strip_prefix("rapidutf: ").unwrap_or_default(), &path, &bytes);
    assert!(!Path::new(&out).exists());
}

#[test]
fn bench_lists_every_kernel() {
    let o = run(&["bench", "--time", "0.01"], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<&str> = out.lines().map(str::trim_start).collect();
    for k in rapidutf::Kernel::available() {
        let lines = rows.iter().filter(|l| l.split_whitespace().next() == Some(k.name())).count();
        // One line per input plus the geomean table.
        assert_eq!(lines, 6, "kernel {k} in\n{out}");
    }
    for needle in ["Latin (generated)", "Emoji (generated)", "geomean", "validate_utf8", "std"] {
        assert!(out.contains(needle), "{needle} in\n{out}");
    }
    // Every cell is a finite, non-negative throughput. (Not "positive": a
    // debug build on a loaded machine can print 0.00 GB/s, and the tests
    // make no assertion about speed.)
    for row in rows.iter().filter(|l| l.starts_with("std") || l.starts_with("dispatch")) {
        for cell in row.split_whitespace().filter_map(|c| c.parse::<f64>().ok()) {
            assert!(cell >= 0.0 && cell.is_finite(), "{row}");
        }
    }
    // A file argument works too.
    let f = corpus("Hindi.utf8.txt");
    let o = run(&["bench", "--time", "0.01", f.to_str().unwrap()], b"");
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).contains("Hindi.utf8.txt") && !stdout(&o).contains("geomean"));
}

#[test]
fn help_and_version() {
    let version = format!("{}\n", env!("CARGO_PKG_VERSION"));
    let o = run(&["--version"], b"");
    assert_eq!((code(&o), stdout(&o).into_owned()), (0, format!("rapidutf {version}")));
    let o = run(&["--help"], b"");
    assert_eq!(code(&o), 0);
    for cmd in ["validate", "convert", "count", "bench", "generate"] {
        assert!(stdout(&o).contains(cmd));
        for help in [&[cmd, "--help"][..], &["help", cmd]] {
            let o = run(help, b"");
            assert_eq!(code(&o), 0, "{help:?}");
            assert!(stdout(&o).contains(&format!("Usage: rapidutf {cmd}")), "{help:?}");
        }
        // --version is understood by every command.
        let o = run(&[cmd, "--version"], b"");
        assert_eq!(code(&o), 0, "{cmd} --version");
        assert_eq!(stdout(&o), format!("rapidutf-{cmd} {version}"), "{cmd} --version");
    }
    // The top-level help names every encoding family.
    for enc in ["latin1", "cp1252", "ascii", "ucs-2", "utf-32"] {
        assert!(stdout(&o).contains(enc), "{enc} missing from --help");
    }
    let o = run(&["validate", "-x"], b"");
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).starts_with("rapidutf: ") && stderr(&o).contains("'--help'"),
        "{}",
        stderr(&o)
    );
}
