//! `convert`'s error strategies against Python's codecs, byte for byte:
//! `--errors=replace|ignore|latin1|cp1252`, iconv's `-c` and `//IGNORE`,
//! on a UTF-8 decoder stress test (rapidutf_testkit's, written from RFC
//! 3629 and the Unicode Standard), on all 256 byte values, and on
//! generated text with bytes broken every so often, to each output form, read
//! whole and through windows (a file larger than one 4 MiB window); and
//! the legacy encodings (`latin1`, `cp1252`) as input and output, under
//! every mode, with the failing position of strict mode.

use std::io::Write;
use std::process::{Command, Output, Stdio};

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
    let stress = rapidutf_testkit::textgen::stress::document();
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
    let mut prose = rapidutf_testkit::lipsum_file("Russian", "utf8");
    for i in (50..prose.len()).step_by(997) {
        prose[i] = [0x80, 0xE9, 0x9D, 0xFF][i % 4];
    }
    let mixed = rapidutf_testkit::textgen::legacy::utf8_with_legacy(1, 20_000, 6);
    vec![
        ("stress", stress),
        ("all bytes", all),
        ("spaced", spaced),
        ("prose", prose),
        ("UTF-8 with Windows-1252", mixed),
    ]
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
                // Ignore exits with 1 when it dropped something, as
                // iconv -c does.
                let dropped = mode == "ignore" && std::str::from_utf8(&input).is_err();
                assert_eq!(
                    o.status.code(),
                    Some(i32::from(dropped)),
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
        assert_eq!(o.status.code(), Some(i32::from(mode == "ignore")), "{mode}");
        assert!(o.stdout == want, "{mode}: output differs from Python's");
    }
}

#[test]
fn ignore_on_utf16_input_drops_lone_surrogates() {
    let units: [u16; 5] = [0x61, 0xD800, 0x62, 0xDC00, 0x63];
    let input: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
    let o = rapidutf(&["convert", "-c", "-f", "utf-16le", "-t", "utf-8"], &input);
    assert_eq!((o.status.code(), o.stdout.as_slice()), (Some(1), &b"abc"[..]));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "rapidutf: (standard input): 2 invalid sequences dropped\n"
    );
    // And an odd byte at the end.
    let mut odd = input.clone();
    odd.push(b'x');
    let o = rapidutf(&["convert", "--errors=ignore", "-f", "utf-16le", "-t", "utf-8"], &odd);
    assert_eq!((o.status.code(), o.stdout.as_slice()), (Some(1), &b"abc"[..]));
    // Nothing to drop: status 0, nothing said.
    let o = rapidutf(&["convert", "-c", "-f", "utf-16le", "-t", "utf-8"], &input[..2]);
    assert_eq!((o.status.code(), o.stdout.as_slice(), o.stderr.len()), (Some(0), &b"a"[..], 0));
}

/// Python's answer for the legacy conversions
/// (`tests/fixtures/legacy_oracle.py`): `Ok(output)`, or `Err(offset)`
/// (`None` where the failure has no one input offset).
fn python_legacy(from: &str, to: &str, mode: &str, input: &[u8]) -> Result<Vec<u8>, Option<u64>> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/legacy_oracle.py");
    let mut cmd = Command::new("python3");
    cmd.args([script, from, to, mode]);
    let out = run_with(cmd, input);
    match out.status.code() {
        Some(0) => Ok(out.stdout),
        Some(1) => Err(String::from_utf8_lossy(&out.stderr).trim().parse().ok()),
        _ => panic!("python3: {}", String::from_utf8_lossy(&out.stderr)),
    }
}

#[test]
fn legacy_encodings_match_python() {
    // (CLI name, Python codec) of every input and output.
    let utf = [("utf-8", "utf-8"), ("utf-16le", "utf-16-le"), ("utf-32be", "utf-32-be")];
    let legacy = [("latin1", "latin-1"), ("cp1252", "cp1252")];
    let mut checked = 0;
    for (name, input) in inputs().into_iter().filter(|(n, _)| *n != "prose") {
        let cases = legacy.iter().flat_map(|&from| {
            // From a legacy encoding: every output, no fallback modes (the
            // input has no invalid bytes).
            let to = utf.iter().chain(&legacy).copied();
            to.flat_map(move |to| ["strict", "replace", "ignore"].map(|m| (from, to, m)))
        });
        let to_legacy = legacy.iter().flat_map(|&to| {
            ["strict", "replace", "ignore", "latin1", "cp1252"].map(|m| (("utf-8", "utf-8"), to, m))
        });
        for ((from, pf), (to, pt), mode) in cases.chain(to_legacy) {
            let want = python_legacy(pf, pt, mode, &input);
            let flag = format!("--errors={mode}");
            let o = rapidutf(&["convert", &flag, "-f", from, "-t", to], &input);
            let what = format!("{name}: -f {from} -t {to} {flag}");
            match want {
                Ok(bytes) => {
                    // Ignore exits with 1 when it dropped something: when
                    // a strict conversion fails.
                    let dropped =
                        mode == "ignore" && python_legacy(pf, pt, "strict", &input).is_err();
                    assert_eq!(
                        o.status.code(),
                        Some(i32::from(dropped)),
                        "{what}: {}",
                        String::from_utf8_lossy(&o.stderr)
                    );
                    assert!(o.stdout == bytes, "{what}: output differs from Python's");
                }
                Err(at) => {
                    assert_eq!(o.status.code(), Some(1), "{what}: Python fails, the CLI did not");
                    let msg = String::from_utf8_lossy(&o.stderr);
                    if let Some(at) = at {
                        // What precedes the error, converted, and nothing
                        // after it.
                        let before = &input[..usize::try_from(at).unwrap()];
                        let want = python_legacy(pf, pt, mode, before).expect("the part before");
                        assert!(o.stdout == want, "{what}: not the output before the error");
                        assert!(
                            msg.contains(&format!(", byte {at}: ")),
                            "{what}: {msg} (Python: {at})"
                        );
                    }
                }
            }
            checked += 1;
        }
        // iconv's spellings of ignore, towards a legacy encoding.
        let want = python_legacy("utf-8", "cp1252", "ignore", &input).expect("ignore never fails");
        let o = rapidutf(&["convert", "-c", "-f", "utf-8", "-t", "cp1252"], &input);
        assert!(o.status.code() == Some(1) && o.stdout == want, "{name}: -c to cp1252");
        let o = rapidutf(&["convert", "-f", "utf-8", "-t", "LATIN1//IGNORE"], &input);
        let want = python_legacy("utf-8", "latin-1", "ignore", &input).expect("ignore never fails");
        assert!(o.status.code() == Some(1) && o.stdout == want, "{name}: //IGNORE to latin1");
    }
    let inputs = inputs().iter().filter(|(n, _)| *n != "prose").count();
    assert_eq!(checked, inputs * (2 * 5 * 3 + 2 * 5));
}

#[test]
fn legacy_text_round_trips_through_every_form() {
    // All 256 bytes, from each legacy encoding to each UTF and back.
    let all: Vec<u8> = (0..=255u8).collect();
    for from in ["latin1", "cp1252", "iso-8859-1", "Windows-1252", "l1"] {
        for via in ["utf-8", "utf-16be", "utf-32le", "wtf-8", "cesu-8"] {
            let there = rapidutf(&["convert", "-f", from, "-t", via], &all);
            assert!(there.status.success(), "{from} -> {via}");
            if matches!(via, "wtf-8" | "cesu-8") {
                continue;
            }
            let back = rapidutf(&["convert", "-f", via, "-t", from], &there.stdout);
            assert!(back.status.success() && back.stdout == all, "{from} -> {via} -> {from}");
        }
    }
}
