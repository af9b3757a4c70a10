//! `convert`'s error strategies against Python's codecs, byte for byte:
//! `--errors=replace|ignore|latin1|cp1252`, iconv's `-c` and `//IGNORE`,
//! on Markus Kuhn's UTF-8 stress test, on all 256 byte values, and on
//! lipsum text with bytes broken every so often, to each output form, read
//! whole and through windows (a file larger than one 4 MiB window).

use std::io::Write;
use std::process::{Command, Output, Stdio};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data");

/// Runs a command with `stdin`; its output.
fn run_with(mut cmd: Command, stdin: &[u8]) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("spawn {cmd:?}: {e}"));
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("stdin writer");
    out
}

fn rapidutf(args: &[&str], stdin: &[u8]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rapidutf"));
    cmd.args(args);
    run_with(cmd, stdin)
}

/// Python's answer (`tests/fixtures/utf8_fallback.py`): stdin decoded as
/// UTF-8 with error handler `handler` (`replace`, `ignore`, `latin1` or
/// `cp1252`, the last two decoding each reported range byte by byte),
/// encoded as `codec`.
fn python(handler: &str, codec: &str, input: &[u8]) -> Vec<u8> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/utf8_fallback.py");
    let mut cmd = Command::new("python3");
    cmd.args([script, handler, codec]);
    let out = run_with(cmd, input);
    assert!(out.status.success(), "python3: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    let kuhn = std::fs::read(format!("{DATA}/UTF-8-test.txt")).expect("UTF-8-test.txt");
    let all: Vec<u8> = (0..=255u8).collect();
    // Every byte value alone between letters, and every pair of high bytes.
    let mut spaced = Vec::new();
    for b in 0..=255u8 {
        spaced.extend_from_slice(&[b'<', b, b'>']);
    }
    for a in 0x80..=0xFFu8 {
        for b in (0x80..=0xFFu8).step_by(7) {
            spaced.extend_from_slice(&[a, b, b' ']);
        }
    }
    let mut lipsum = std::fs::read(format!("{DATA}/lipsum/Russian-Lipsum.utf8.txt")).unwrap();
    for i in (50..lipsum.len()).step_by(997) {
        lipsum[i] = [0x80, 0xE9, 0x9D, 0xFF][i % 4];
    }
    vec![("kuhn", kuhn), ("all bytes", all), ("spaced", spaced), ("lipsum", lipsum)]
}

#[test]
fn strategies_match_python() {
    let forms = [("utf-8", "utf-8"), ("utf-16le", "utf-16-le"), ("utf-32be", "utf-32-be")];
    for (name, input) in inputs() {
        for mode in ["replace", "ignore", "latin1", "cp1252"] {
            for (to, codec) in forms {
                let want = python(mode, codec, &input);
                let flag = format!("--errors={mode}");
                let o = rapidutf(&["convert", &flag, "-f", "utf-8", "-t", to], &input);
                assert!(
                    o.status.success(),
                    "{name} {mode} {to}: {}",
                    String::from_utf8_lossy(&o.stderr)
                );
                assert!(o.stdout == want, "{name} {mode} {to}: output differs from Python's");
            }
        }
        // iconv's spellings of ignore.
        let want = python("ignore", "utf-8", &input);
        assert!(
            rapidutf(&["convert", "-c", "-f", "utf-8", "-t", "utf-8"], &input).stdout == want,
            "{name} -c"
        );
        let o = rapidutf(&["convert", "-f", "utf-8", "-t", "UTF-8//IGNORE"], &input);
        assert!(o.stdout == want, "{name} //IGNORE");
    }
}

#[test]
fn strategies_across_windows() {
    // More than one 4 MiB window, with errors near the window boundary.
    let unit = "Grüße, мир! ".as_bytes();
    let mut big: Vec<u8> = unit.iter().copied().cycle().take((4 << 20) + 5000).collect();
    for at in [(4 << 20) - 2, (4 << 20) - 1, 4 << 20, (4 << 20) + 1, 100, big.len() - 1] {
        big[at] = 0xE9;
    }
    big.extend_from_slice(b"\xE2\x82");
    for mode in ["replace", "ignore", "latin1", "cp1252"] {
        let want = python(mode, "utf-16-le", &big);
        let flag = format!("--errors={mode}");
        let o = rapidutf(&["convert", &flag, "-f", "utf-8", "-t", "utf-16le"], &big);
        assert!(o.status.success(), "{mode}");
        assert!(o.stdout == want, "{mode}: output differs from Python's");
    }
}

#[test]
fn ignore_on_utf16_input_drops_lone_surrogates() {
    let units: [u16; 5] = [0x61, 0xD800, 0x62, 0xDC00, 0x63];
    let input: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
    let o = rapidutf(&["convert", "-c", "-f", "utf-16le", "-t", "utf-8"], &input);
    assert_eq!((o.status.code(), o.stdout.as_slice()), (Some(0), &b"abc"[..]));
    // And an odd byte at the end.
    let mut odd = input.clone();
    odd.push(b'x');
    let o = rapidutf(&["convert", "--errors=ignore", "-f", "utf-16le", "-t", "utf-8"], &odd);
    assert_eq!((o.status.code(), o.stdout.as_slice()), (Some(0), &b"abc"[..]));
}
