//! End-to-end tests of the streaming paths of the `rapidutf` binary: the
//! UTF-8 derivatives, `--bom`, `--errors=surrogateescape`, and window
//! boundaries at every position (with the `RAPIDUTF_CLI_WINDOW` testing
//! knob), against the library's whole-buffer functions and std.

use rapidutf::utf8_variants;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The smallest window the tool accepts, so that short inputs cross many
/// window boundaries.
const SMALL: usize = 64;

/// Runs the binary with `args` and `stdin`; with `window`, through the
/// `RAPIDUTF_CLI_WINDOW` knob.
fn run_with(args: &[&str], stdin: &[u8], window: Option<usize>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rapidutf"));
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    match window {
        Some(w) => cmd.env("RAPIDUTF_CLI_WINDOW", w.to_string()),
        None => cmd.env_remove("RAPIDUTF_CLI_WINDOW"),
    };
    let mut child = cmd.spawn().expect("spawn rapidutf");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for rapidutf");
    writer.join().expect("stdin writer");
    out
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_with(args, stdin, None)
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Runs a conversion that must succeed, on stdin and from a file (which
/// takes the checked path to stdout), with default and small windows, and
/// returns its output, after checking that all six agree, and so do the
/// counts of replaced sequences that the error modes report.
fn convert_ok(args: &[&str], input: &[u8]) -> Vec<u8> {
    let file = Temp::new(input);
    let mut with_file: Vec<&str> = args.to_vec();
    with_file.push(file.path());
    let mut outputs = Vec::new();
    for window in [None, Some(SMALL), Some(SMALL + 7)] {
        for (a, stdin) in [(args, input), (&with_file[..], &b""[..])] {
            let o = run_with(a, stdin, window);
            assert_eq!(code(&o), 0, "{a:?} window {window:?}: {}", stderr(&o));
            // Only counts, without the input's name.
            let counts: Vec<String> = stderr(&o)
                .lines()
                .map(|l| l.rsplit_once(": ").expect("a count").1.to_owned())
                .collect();
            assert!(
                counts.iter().all(|c| c.contains(" replaced with ") || c.contains(" decoded as ")),
                "{a:?} window {window:?}: {counts:?}"
            );
            outputs.push((o.stdout, counts));
        }
    }
    for o in &outputs[1..] {
        assert!(o == &outputs[0], "{args:?}: outputs or counts differ with windows and sources");
    }
    outputs.swap_remove(0).0
}

/// Runs a conversion that must fail, on stdin and from a file, with
/// default and small windows, and returns where and why it stopped
/// ([`kind_at`]) after checking that every run wrote the same output (what
/// precedes the error) and the same message, line and column included.
fn convert_err(args: &[&str], input: &[u8]) -> String {
    let file = Temp::new(input);
    let mut with_file: Vec<&str> = args.to_vec();
    with_file.push(file.path());
    let mut runs = Vec::new();
    for window in [None, Some(SMALL), Some(SMALL + 5)] {
        for (a, stdin) in [(args, input), (&with_file[..], &b""[..])] {
            let o = run_with(a, stdin, window);
            assert_eq!(code(&o), 1, "{a:?} window {window:?}: {}", stderr(&o));
            let message = stderr(&o);
            assert_eq!(message.lines().count(), 1, "{message}");
            // The message without the input's name.
            let (_, rest) = message.split_once(": line ").expect("a position");
            runs.push((rest.to_owned(), o.stdout));
        }
    }
    for r in &runs[1..] {
        assert!(r == &runs[0], "{args:?}: {:?} differs from {:?}", r.0, runs[0].0);
    }
    kind_at(&runs[0].0)
}

/// `byte B: KIND` from a conversion error message, whose details are left
/// to the tests of the messages themselves.
fn kind_at(message: &str) -> String {
    let at = message.find("byte ").expect("a byte offset");
    let rest = &message[at..];
    let kind_end = rest.match_indices(": ").nth(1).map_or(rest.len(), |(i, _)| i);
    rest[..kind_end].trim_end().to_owned()
}

fn illegal(at: usize) -> String {
    format!("byte {at}: illegal input sequence")
}

fn incomplete(at: usize) -> String {
    format!("byte {at}: incomplete character at end of input")
}

/// A temporary file, removed when dropped.
struct Temp(PathBuf);

impl Temp {
    fn new(bytes: &[u8]) -> Temp {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("rapidutf-stream-test-{}-{n}", std::process::id()));
        std::fs::write(&path, bytes).expect("write temp file");
        Temp(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("utf-8 temp path")
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn le16(units: &[u16]) -> Vec<u8> {
    units.iter().flat_map(|u| u.to_le_bytes()).collect()
}

fn units_le(bytes: &[u8]) -> Vec<u16> {
    bytes.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect()
}

/// Text whose special characters (a NUL, 2-, 3- and 4-byte characters,
/// newlines) start at every offset modulo the small windows: gaps of 0 to
/// 80 ASCII bytes between them.
fn mixed_text() -> String {
    let specials = ["\0", "é", "€", "😀", "\n", "𝄞", "日本", "\u{FEFF}"];
    let mut s = String::new();
    for gap in 0..=80 {
        s.push_str(&"abcdefghij".repeat(9)[..gap]);
        s.push_str(specials[gap % specials.len()]);
    }
    s
}

/// UTF-16 with lone surrogates among pairs, at every offset modulo the
/// small windows.
fn wobbly_units() -> Vec<u16> {
    let mut units = Vec::new();
    let specials: [&[u16]; 5] =
        [&[0xD800], &[0xDC00], &[0xD83D, 0xDE00], &[0xDBFF, 0xDBFF], &[0xDFFF, 0x41]];
    for gap in 0..=60 {
        units.extend(std::iter::repeat_n(u16::from(b'x'), gap));
        units.extend_from_slice(specials[gap % specials.len()]);
    }
    units
}

#[test]
fn cesu8_converts_like_the_library() {
    let text = mixed_text();
    let cesu = utf8_variants::utf8_to_cesu8_vec(&text).into_owned();
    assert_ne!(cesu, text.as_bytes(), "the text must have supplementary characters");
    assert_eq!(convert_ok(&["convert", "-f", "utf-8", "-t", "cesu-8"], text.as_bytes()), cesu);
    assert_eq!(convert_ok(&["convert", "-f", "CESU8", "-t", "utf-8"], &cesu), text.as_bytes());
    let units = utf8_variants::cesu8_to_utf16_vec(&cesu).unwrap();
    assert_eq!(convert_ok(&["convert", "-f", "cesu-8", "-t", "utf-16le"], &cesu), le16(&units));
    assert_eq!(convert_ok(&["convert", "-f", "utf-16le", "-t", "cesu-8"], &le16(&units)), cesu);
    // UTF-32 in and out, through UTF-8.
    let utf32: Vec<u8> = text.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect();
    assert_eq!(convert_ok(&["convert", "-f", "cesu-8", "-t", "utf-32be"], &cesu), utf32);
    assert_eq!(convert_ok(&["convert", "-f", "utf-32be", "-t", "cesu-8"], &utf32), cesu);
    assert_eq!(convert_ok(&["convert", "-f", "cesu-8", "-t", "cesu-8"], &cesu), cesu);
}

#[test]
fn mutf8_converts_like_the_library() {
    let text = mixed_text();
    let mutf = utf8_variants::utf8_to_mutf8_vec(&text).into_owned();
    assert!(!mutf.contains(&0), "Modified UTF-8 has no NUL bytes");
    for name in ["mutf-8", "Modified-UTF-8", "java"] {
        assert_eq!(convert_ok(&["convert", "-f", "utf-8", "-t", name], text.as_bytes()), mutf);
    }
    assert_eq!(convert_ok(&["convert", "-f", "mutf-8", "-t", "utf-8"], &mutf), text.as_bytes());
    // Lone surrogates: kept by WTF-8 output, errors for UTF-8.
    let units = wobbly_units();
    let wobbly = utf8_variants::utf16_to_mutf8_vec(&units);
    let wtf8 = utf8_variants::mutf8_to_wtf8_vec(&wobbly).unwrap().into_owned();
    assert_eq!(convert_ok(&["convert", "-f", "mutf-8", "-t", "wtf-8"], &wobbly), wtf8);
    assert_eq!(convert_ok(&["convert", "-f", "wtf-8", "-t", "mutf-8"], &wtf8), wobbly);
    assert_eq!(convert_ok(&["convert", "-f", "utf-16le", "-t", "mutf-8"], &le16(&units)), wobbly);
    let e = utf8_variants::mutf8_to_string(&wobbly).unwrap_err();
    let m = convert_err(&["convert", "-f", "mutf-8", "-t", "utf-16le"], &wobbly);
    assert_eq!(m, illegal(e.valid_up_to()));
    // A raw NUL is invalid Modified UTF-8, with its exact position.
    for gap in 0..2 * SMALL {
        let mut bytes = "é".repeat(gap / 2).into_bytes();
        bytes.resize(gap, b'x');
        bytes.extend_from_slice(b"\0tail");
        let e = utf8_variants::validate_mutf8(&bytes).unwrap_err();
        assert_eq!(e.valid_up_to(), gap);
        let m = convert_err(&["convert", "-f", "mutf-8", "-t", "utf-8"], &bytes);
        assert_eq!(m, illegal(gap), "gap {gap}");
    }
}

#[test]
fn wtf8_converts_like_the_library() {
    let units = wobbly_units();
    let wtf8 = utf8_variants::utf16_to_wtf8_vec(&units);
    assert_eq!(convert_ok(&["convert", "-f", "utf-16le", "-t", "wtf-8"], &le16(&units)), wtf8);
    // Big-endian input too.
    let be: Vec<u8> = units.iter().flat_map(|u| u.to_be_bytes()).collect();
    assert_eq!(convert_ok(&["convert", "-f", "utf-16be", "-t", "wtf-8"], &be), wtf8);
    assert_eq!(convert_ok(&["convert", "-f", "wtf-8", "-t", "wtf-8"], &wtf8), wtf8);
    // WTF-8 of valid UTF-16 is UTF-8.
    let text = mixed_text();
    assert_eq!(
        convert_ok(&["convert", "-f", "wtf-8", "-t", "utf-16le"], text.as_bytes()),
        le16(&text.encode_utf16().collect::<Vec<_>>())
    );
    // A lone surrogate cannot become UTF-16 or UTF-8: the first one's
    // position.
    let first = wtf8.windows(2).position(|w| w[0] == 0xED && w[1] >= 0xA0).unwrap();
    assert_eq!(convert_err(&["convert", "-f", "wtf-8", "-t", "utf-16le"], &wtf8), illegal(first));
    assert_eq!(convert_err(&["convert", "-f", "wtf-8", "-t", "utf-8"], &wtf8), illegal(first));
    // An encoded surrogate pair is invalid WTF-8, wherever windows end:
    // the error is at the low surrogate.
    for gap in 0..2 * SMALL {
        let mut bytes = vec![b'y'; gap];
        bytes.extend_from_slice(b"\xED\xA0\xBD\xED\xB8\x80z");
        let e = utf8_variants::validate_wtf8(&bytes).unwrap_err();
        assert_eq!(e.valid_up_to(), gap + 3);
        let m = convert_err(&["convert", "-f", "wtf-8", "-t", "mutf-8"], &bytes);
        assert_eq!(m, illegal(gap + 3), "gap {gap}");
    }
}

#[test]
fn utf8mb3_is_input_only_and_rejects_4_byte_characters() {
    let text = "Grüße, 世界\n".repeat(50);
    assert_eq!(
        convert_ok(&["convert", "-f", "utf8mb3", "-t", "utf-16le"], text.as_bytes()),
        le16(&text.encode_utf16().collect::<Vec<_>>())
    );
    let mut bytes = text.clone().into_bytes();
    bytes.extend_from_slice("😀".as_bytes());
    assert_eq!(
        convert_err(&["convert", "-f", "utf8mb3", "-t", "utf-8"], &bytes),
        illegal(text.len())
    );
    assert_eq!(code(&run(&["convert", "-f", "utf-8", "-t", "utf8mb3"], b"")), 2);
}

/// The isutf8 line of the first error of a derivative, from the library's
/// validator: line and column (a surrogate pair and `C0 80` one character
/// each) of the valid prefix.
fn expected_line(name: &str, bytes: &[u8], e: (usize, String)) -> String {
    let prefix = &bytes[..e.0];
    let line = prefix.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = prefix.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let tail = &prefix[start..];
    let leads = tail.iter().filter(|&&b| b & 0xC0 != 0x80).count();
    let pairs = tail
        .windows(6)
        .filter(|w| w[0] == 0xED && (0xA0..=0xAF).contains(&w[1]) && w[3] == 0xED && w[4] >= 0xB0)
        .count();
    format!("{name}: line {line}, char {}, byte {}: {}\n", leads - pairs + 1, e.0, e.1)
}

#[test]
fn validate_derivatives_like_the_library() {
    type Check = fn(&[u8]) -> Option<(usize, String)>;
    fn first<K: std::fmt::Display + Copy>(
        r: Result<(), utf8_variants::EncodingError<K>>,
    ) -> Option<(usize, String)> {
        r.err().map(|e| (e.valid_up_to(), e.kind().to_string()))
    }
    let encodings: [(&str, Check); 4] = [
        ("cesu-8", |b| first(utf8_variants::validate_cesu8(b))),
        ("mutf-8", |b| first(utf8_variants::validate_mutf8(b))),
        ("wtf-8", |b| first(utf8_variants::validate_wtf8(b))),
        ("utf8mb3", |b| first(utf8_variants::validate_utf8mb3(b).map(|_| ()))),
    ];
    let text = mixed_text();
    let valid: [(&str, Vec<u8>); 4] = [
        ("cesu-8", utf8_variants::utf8_to_cesu8_vec(&text).into_owned()),
        ("mutf-8", utf8_variants::utf16_to_mutf8_vec(&wobbly_units())),
        ("wtf-8", utf8_variants::utf16_to_wtf8_vec(&wobbly_units())),
        ("utf8mb3", "Grüße\n世界 ".repeat(40).into_bytes()),
    ];
    let breakers: [&[u8]; 9] = [
        b"\xFF",
        b"\x00",
        "😀".as_bytes(),
        b"\xED\xA0\x80x",
        b"\xED\xB0\x80",
        b"\xED\xA0\xBD\xED\xB8\x80",
        b"\xC0\x80",
        b"\xC0\x81",
        b"\xE2\x82",
    ];
    for (name, check) in encodings {
        let good = &valid.iter().find(|(n, _)| *n == name).unwrap().1;
        assert_eq!(check(good), None, "{name}");
        for window in [None, Some(SMALL)] {
            let o = run_with(&["validate", "--encoding", name], good, window);
            assert_eq!((code(&o), stdout(&o)), (0, String::new()), "{name}");
        }
        // Each breaker after a valid prefix of every length around the
        // first window boundaries.
        for breaker in breakers {
            for cut in (0..2 * SMALL).step_by(3) {
                let mut bytes = good[..cut].to_vec();
                // Back to a place where the prefix is valid.
                while check(&bytes).is_some() {
                    bytes.pop();
                }
                bytes.extend_from_slice(breaker);
                bytes.extend_from_slice(b"\nmore");
                let Some(e) = check(&bytes) else { continue };
                let expect = expected_line("(standard input)", &bytes, e);
                let o = run_with(&["validate", "--encoding", name], &bytes, Some(SMALL));
                assert_eq!((code(&o), stdout(&o)), (1, expect.clone()), "{name} {breaker:?}");
                // A file (line and column from a second pass).
                let f = Temp::new(&bytes);
                let o = run_with(&["validate", "--encoding", name, f.path()], b"", Some(SMALL));
                let expect = expect.replacen("(standard input)", f.path(), 1);
                assert_eq!(stdout(&o), expect, "{name} {breaker:?} file");
            }
        }
    }
}

#[test]
fn validate_counts_a_utf8_bom_in_bytes_not_in_chars() {
    let o = run(&["validate"], b"\xEF\xBB\xBFab\xFF");
    let kind =
        "invalid byte FF (C0, C1 and F5..FF never appear in UTF-8), expected 00..7F or C2..F4";
    assert_eq!(stdout(&o), format!("(standard input): line 1, char 3, byte 5: {kind}\n"));
    let f = Temp::new(b"\xEF\xBB\xBFab\xFF");
    let o = run(&["validate", f.path()], b"");
    assert_eq!(stdout(&o), format!("{}: line 1, char 3, byte 5: {kind}\n", f.path()));
    assert_eq!(code(&run(&["validate"], b"\xEF\xBB\xBFok")), 0);
    // `auto` follows the BOM.
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(le16(&"hi".encode_utf16().collect::<Vec<_>>()));
    assert_eq!(code(&run(&["validate", "--encoding", "auto"], &utf16)), 0);
    assert_eq!(code(&run(&["validate", "--encoding", "utf-8"], &utf16)), 1);
    assert_eq!(code(&run(&["validate", "--encoding", "auto"], "plain é".as_bytes())), 0);
}

/// `text` in each form, with or without its BOM.
fn encode(text: &str, form: &str, bom: bool) -> Vec<u8> {
    let text = if bom { format!("\u{FEFF}{text}") } else { text.to_owned() };
    match form {
        "utf-8" => text.into_bytes(),
        "utf-16le" => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        "utf-16be" => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        "utf-32le" => text.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect(),
        "utf-32be" => text.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect(),
        "cesu-8" => utf8_variants::utf8_to_cesu8_vec(&text).into_owned(),
        _ => panic!("{form}"),
    }
}

#[test]
fn bom_keep_strip_add() {
    let text = "añ€😀\n".repeat(30);
    let forms = ["utf-8", "utf-16le", "utf-16be", "utf-32le", "utf-32be", "cesu-8"];
    for from in forms {
        for had in [false, true] {
            let input = encode(&text, from, had);
            // The input's own name, and `auto` where it can tell.
            let mut names = vec![from];
            if had && from != "cesu-8" {
                names.push("auto");
            }
            for name in names {
                for to in forms {
                    for (mode, want) in [("keep", had), ("strip", false), ("add", true)] {
                        let bom = format!("--bom={mode}");
                        let args = ["convert", &bom, "-f", name, "-t", to];
                        let o = run_with(&args, &input, Some(SMALL));
                        assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
                        assert!(
                            o.stdout == encode(&text, to, want),
                            "{name} (bom {had}) to {to} {bom}"
                        );
                    }
                }
            }
        }
    }
    // utf-16 output: a BOM unless stripped (which is a usage error).
    let input = encode(&text, "utf-8", false);
    let o = convert_ok(&["convert", "--bom=keep", "-f", "utf-8", "-t", "utf-16"], &input);
    assert!(o == encode(&text, "utf-16le", true));
    assert_eq!(code(&run(&["convert", "--bom=strip", "-f", "utf-8", "-t", "utf-32"], b"")), 2);
    // utf-16 input without a BOM is in the machine's order, as glibc
    // iconv reads it; keep adds none.
    let host = if cfg!(target_endian = "little") { "utf-16le" } else { "utf-16be" };
    let native = encode(&text, host, false);
    let o = convert_ok(&["convert", "--bom=keep", "-f", "utf-16", "-t", "utf-8"], &native);
    assert!(o == text.as_bytes());
    // add on an empty input: just the BOM.
    assert_eq!(
        convert_ok(&["convert", "--bom=add", "-f", "utf-8", "-t", "utf-16be"], b""),
        [0xFE, 0xFF]
    );
    // Without --bom, iconv's rules: a UTF-8 BOM is a character.
    let with = encode(&text, "utf-8", true);
    let o = convert_ok(&["convert", "-f", "utf-8", "-t", "utf-16le"], &with);
    assert!(o == encode(&text, "utf-16le", true));
    let o = convert_ok(&["convert", "-f", "auto", "-t", "utf-16le"], &with);
    assert!(o == encode(&text, "utf-16le", false));
    // Error positions count the BOM.
    let mut bad = with.clone();
    bad.push(0xFF);
    for mode in ["--bom=strip", "--bom=keep"] {
        let m = convert_err(&["convert", mode, "-f", "utf-8", "-t", "utf-16le"], &bad);
        assert_eq!(m, illegal(with.len()));
    }
}

/// Deterministic bytes: mostly valid multilingual UTF-8, with invalid
/// bytes and truncated sequences mixed in.
fn messy_bytes(n: usize) -> Vec<u8> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let pieces: [&[u8]; 12] = [
        b"plain ",
        "é".as_bytes(),
        "€".as_bytes(),
        "😀".as_bytes(),
        b"\xFF",
        b"\x80",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\xED\xA0\x80",
        b"\xC0\xAF",
        b"\xF4\x90\x80\x80",
        b"\n",
    ];
    let mut v = Vec::with_capacity(n + 8);
    while v.len() < n {
        v.extend_from_slice(pieces[(next() % pieces.len() as u64) as usize]);
    }
    v
}

#[test]
fn surrogateescape_round_trips_bytes() {
    for (len, window) in [(3000, Some(SMALL)), (3000, Some(SMALL + 3)), (700_000, None)] {
        let bytes = messy_bytes(len);
        let expect = utf8_variants::decode_surrogateescape(&bytes);
        let args = ["convert", "--errors=surrogateescape", "-f", "utf-8", "-t", "utf-16le"];
        let o = run_with(&args, &bytes, window);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        assert!(units_le(&o.stdout) == expect, "decode, window {window:?}");
        let back = ["convert", "--errors=surrogateescape", "-f", "utf-16le", "-t", "utf-8"];
        let o = run_with(&back, &o.stdout, window);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        assert!(o.stdout == bytes, "round trip, window {window:?}");
    }
    // Other lone surrogates are errors, at their byte offset.
    let units = [0x61, 0xDCFF, 0x62, 0xDC7F];
    let args = ["convert", "--errors=surrogateescape", "-f", "utf-16le", "-t", "utf-8"];
    assert_eq!(convert_err(&args, &le16(&units)), illegal(6));
    // Through WTF-8: the escapes are lone surrogates there.
    let bytes = messy_bytes(2000);
    let args = ["convert", "--errors=surrogateescape", "-f", "utf-8", "-t", "wtf-8"];
    let o = convert_ok(&args, &bytes);
    assert!(o == utf8_variants::utf16_to_wtf8_vec(&utf8_variants::decode_surrogateescape(&bytes)));
}

/// UTF-8 to UTF-16 and back, strict and lossy, with every window size from
/// the smallest up, against std.
#[test]
fn utf8_utf16_streams_match_std_at_every_window_boundary() {
    let text = mixed_text();
    let utf16 = le16(&text.encode_utf16().collect::<Vec<_>>());
    let messy = messy_bytes(400);
    let lossy = String::from_utf8_lossy(&messy);
    let lossy16 = le16(&lossy.encode_utf16().collect::<Vec<_>>());
    for window in SMALL..SMALL + 8 {
        let w = Some(window);
        let o = run_with(&["convert", "-f", "utf-8", "-t", "utf-16le"], text.as_bytes(), w);
        assert!(o.stdout == utf16, "to utf-16, window {window}");
        let o = run_with(&["convert", "-f", "utf-16le", "-t", "utf-8"], &utf16, w);
        assert!(o.stdout == text.as_bytes(), "from utf-16, window {window}");
        let args = ["convert", "--errors=replace", "-f", "utf-8", "-t", "utf-16le"];
        let o = run_with(&args, &messy, w);
        assert!(o.stdout == lossy16, "lossy, window {window}");
        // Validation agrees too.
        let o = run_with(&["validate"], text.as_bytes(), w);
        assert_eq!(code(&o), 0);
    }
    // Lossy UTF-16 with lone surrogates at every offset.
    let units = wobbly_units();
    let args = ["convert", "--errors=replace", "-f", "utf-16le", "-t", "utf-8"];
    for window in [SMALL, SMALL + 1, SMALL + 2] {
        let o = run_with(&args, &le16(&units), Some(window));
        assert_eq!(stdout(&o), String::from_utf16_lossy(&units), "window {window}");
    }
    // Strict: the first error's exact position, wherever it falls.
    for gap in 0..2 * SMALL {
        let mut bytes = "é".repeat(gap / 2).into_bytes();
        bytes.resize(gap, b'x');
        bytes.extend_from_slice(b"\xE2\x82x");
        let m = convert_err(&["convert", "-f", "utf-8", "-t", "utf-16be"], &bytes);
        assert_eq!(m, illegal(gap));
        let mut units: Vec<u16> = "€".repeat(gap / 2).encode_utf16().collect();
        units.push(0xDC00);
        let m = convert_err(&["convert", "-f", "utf-16le", "-t", "utf-8"], &le16(&units));
        assert_eq!(m, illegal(2 * (gap / 2)));
    }
    // A high surrogate or an odd byte at the very end is incomplete.
    let m = convert_err(&["convert", "-f", "utf-16le", "-t", "utf-8"], &le16(&[0x61, 0xD800]));
    assert_eq!(m, incomplete(2));
    let m = convert_err(&["convert", "-f", "utf-8", "-t", "utf-16le"], b"abc\xF0\x9F");
    assert_eq!(m, incomplete(3));
}

#[test]
fn derivatives_with_errors_replace() {
    // Each lone surrogate is one U+FFFD, as std's lossy UTF-16 decoding.
    let units: Vec<u16> = (0..300).flat_map(|_| wobbly_units()).collect();
    let lossy = String::from_utf16_lossy(&units);
    let args = ["convert", "--errors=replace", "-f", "utf-16le", "-t", "cesu-8"];
    let o = convert_ok(&args, &le16(&units));
    assert!(o == utf8_variants::utf8_to_cesu8_vec(&lossy).into_owned());
    let wtf8 = utf8_variants::utf16_to_wtf8_vec(&units);
    let args = ["convert", "--errors=replace", "-f", "wtf-8", "-t", "utf-8"];
    assert_eq!(String::from_utf8(convert_ok(&args, &wtf8)).unwrap(), lossy);
    // Invalid CESU-8: one U+FFFD per invalid sequence as the validator
    // reports it (a 4-byte sequence is one).
    let bytes = b"a\xF0\x9F\x98\x80b\xED\xB0\x80c\xFFd".repeat(100);
    let args = ["convert", "--errors=replace", "-f", "cesu-8", "-t", "utf-8"];
    let expect = "a\u{FFFD}b\u{FFFD}c\u{FFFD}d".repeat(100);
    assert_eq!(String::from_utf8(convert_ok(&args, &bytes)).unwrap(), expect);
}

/// Random mixes of the derivatives' special sequences (valid and not),
/// validated with small windows: the same first error as the library's
/// whole-buffer validators, and for CESU-8 the same conversion.
#[test]
fn random_derivative_mixes_match_the_library() {
    let pieces: [&[u8]; 14] = [
        b"abc",
        b"\n",
        b"\x00",
        b"\xC0\x80",
        "é".as_bytes(),
        "€".as_bytes(),
        "😀".as_bytes(),
        b"\xED\xA0\xBD",
        b"\xED\xB8\x80",
        b"\xED\xA0\xBD\xED\xB8\x80",
        b"\xE2\x82",
        b"\x80",
        b"\xFF",
        b"xyzxyzxyzxyzxyzxyzxyz",
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    type Check = fn(&[u8]) -> Option<usize>;
    let checks: [(&str, Check); 4] = [
        ("cesu-8", |b| utf8_variants::validate_cesu8(b).err().map(|e| e.valid_up_to())),
        ("mutf-8", |b| utf8_variants::validate_mutf8(b).err().map(|e| e.valid_up_to())),
        ("wtf-8", |b| utf8_variants::validate_wtf8(b).err().map(|e| e.valid_up_to())),
        ("utf8mb3", |b| utf8_variants::validate_utf8mb3(b).err().map(|e| e.valid_up_to())),
    ];
    for case in 0..200 {
        let mut bytes = Vec::new();
        // Mostly valid pieces, so that errors come late.
        let count = 20 + next() % 80;
        for _ in 0..count {
            let i = (next() % pieces.len() as u64) as usize;
            let rare = matches!(i, 10..=12) && next() % 8 != 0;
            if !rare {
                bytes.extend_from_slice(pieces[i]);
            }
        }
        let window = SMALL + case % 5;
        for (name, check) in checks {
            let o = run_with(&["validate", "--encoding", name], &bytes, Some(window));
            match check(&bytes) {
                None => assert_eq!(code(&o), 0, "{name} {bytes:?}: {}", stdout(&o)),
                Some(at) => {
                    assert_eq!(code(&o), 1, "{name} {bytes:?}");
                    assert!(stdout(&o).contains(&format!(", byte {at}: ")), "{name} {bytes:?}");
                }
            }
        }
        let args = ["convert", "-f", "cesu-8", "-t", "utf-16le"];
        let o = run_with(&args, &bytes, Some(window));
        match utf8_variants::cesu8_to_utf16_vec(&bytes) {
            Ok(units) => assert!(o.stdout == le16(&units), "{bytes:?}"),
            Err(e) if e.error_len().is_none() => {
                assert_eq!(kind_at(&stderr(&o)), incomplete(e.valid_up_to()))
            }
            Err(e) => assert_eq!(kind_at(&stderr(&o)), illegal(e.valid_up_to()), "{bytes:?}"),
        }
    }
}

/// Files larger than the window are read ahead by a thread: conversions
/// and error positions are the same at every window size.
#[test]
fn files_read_ahead_convert_and_validate_like_std() {
    let text = mixed_text().repeat(20);
    let dir = std::env::temp_dir().join(format!("rapidutf-readahead-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good");
    std::fs::write(&good, &text).unwrap();
    let bad_at = text.len() - 17;
    let mut bad = text.clone().into_bytes();
    bad.insert(bad_at, 0xFF);
    let bad_path = dir.join("bad");
    std::fs::write(&bad_path, &bad).unwrap();
    let (g, b) = (good.to_str().unwrap(), bad_path.to_str().unwrap());
    let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let utf16_path = dir.join("utf16");
    std::fs::write(&utf16_path, &utf16).unwrap();
    let u = utf16_path.to_str().unwrap();
    for window in [64, 100, 4096, 5000, 65536] {
        let o = run_with(&["convert", "-f", "utf-8", "-t", "utf-16le", g], b"", Some(window));
        assert!(code(&o) == 0 && o.stdout == utf16, "window {window}");
        let o = run_with(&["convert", "-f", "utf-16le", "-t", "utf-8", u], b"", Some(window));
        assert!(code(&o) == 0 && o.stdout == text.as_bytes(), "window {window} back");
        let o = run_with(&["convert", "-f", "utf-8", "-t", "utf-32be", b], b"", Some(window));
        assert_eq!((code(&o), kind_at(&stderr(&o))), (1, illegal(bad_at)), "window {window}");
        let o = run_with(&["validate", "-l", g, b], b"", Some(window));
        assert_eq!((code(&o), stdout(&o)), (1, format!("{b}\n")), "window {window}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `auto` without a BOM detects UTF-16 and UTF-32 from the first window
/// (here larger than one window, read through stdin), stays UTF-8 for
/// UTF-8, and reads input that is neither as Windows-1252.
#[test]
fn auto_detects_bomless_utf16_and_utf32() {
    let text = "Grüße aus Köln, мир! ".repeat(250_000);
    assert!(text.len() > 4 << 20);
    let utf8 = text.as_bytes().to_vec();
    let be16: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let le32: Vec<u8> = text.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect();
    for input in [&utf8, &be16, &le32] {
        assert!(convert_ok(&["convert", "-f", "auto", "-t", "utf-8"], input) == utf8);
        assert_eq!(code(&run(&["validate", "--encoding", "auto"], input)), 0);
    }
    // Legacy 8-bit text: converted as Windows-1252, and invalid for
    // `validate`, which checks it as UTF-8.
    let legacy = b"\x93caf\xE9\x94 \x80";
    let o = convert_ok(&["convert", "-f", "auto", "-t", "utf-8"], legacy);
    assert_eq!(o, "“café” €".as_bytes());
    assert_eq!(code(&run(&["validate", "--encoding", "auto"], legacy)), 1);
}
