//! Shared by the test modules: the kernel list every kernel-level test
//! iterates over (and the check that the kernels CI requires are in it),
//! the whole-API checks per source form, and re-running this binary as a
//! child process (for `RAPIDUTF_KERNEL`, which is read once per process).
//! The oracle itself is `rapidutf_testkit`.
#![allow(dead_code)]

pub use rapidutf_testkit::*;

use rapidutf::Kernel;
#[cfg(feature = "transcode")]
use rapidutf::Utf32Error;
use rapidutf::{Utf16Error, Utf8Error};
use std::sync::Once;

/// Every kernel this CPU can run, less those named in
/// `RAPIDUTF_TEST_SKIP_KERNELS`. Each kernel-level test loops over this
/// (and `rerun_under_every_kernel` starts a child for each), so one
/// `cargo test` covers all of them.
///
/// If `RAPIDUTF_REQUIRE_KERNELS` (comma-separated names) names a kernel
/// that is not available, this panics, so every kernel-level test fails
/// rather than silently testing fewer kernels than CI expects.
///
/// `RAPIDUTF_TEST_SKIP_KERNELS` (comma-separated names) is for emulated
/// runs: under qemu-aarch64 the scalar kernel is the same code on the same
/// kind of target (64-bit, little-endian) as in the native run, and
/// testing it again would take a quarter of the emulated time. A skipped
/// kernel stays available to dispatch; the list is printed with the
/// kernels tested, and a kernel both required and skipped is an error.
pub fn kernels() -> Vec<Kernel> {
    let available: Vec<Kernel> = Kernel::available().collect();
    let skip = rapidutf_testkit::kernels_named("RAPIDUTF_TEST_SKIP_KERNELS");
    for k in rapidutf_testkit::kernels_named("RAPIDUTF_REQUIRE_KERNELS") {
        assert!(
            available.contains(&k),
            "RAPIDUTF_REQUIRE_KERNELS requires {k}, but it is not available here \
             (available: {available:?})"
        );
        assert!(
            !skip.contains(&k),
            "{k} is both required and skipped (RAPIDUTF_TEST_SKIP_KERNELS)"
        );
    }
    let tested: Vec<Kernel> = available.iter().copied().filter(|k| !skip.contains(k)).collect();
    static REPORT: Once = Once::new();
    REPORT.call_once(|| {
        let unavailable: Vec<&str> =
            Kernel::ALL.iter().filter(|k| !available.contains(k)).map(|k| k.name()).collect();
        let names: Vec<&str> = tested.iter().map(|k| k.name()).collect();
        let skipped: Vec<&str> = skip.iter().map(|k| k.name()).collect();
        eprintln!(
            "rapidutf kernels tested: {names:?}; skipped (unavailable): {unavailable:?}; \
             skipped (RAPIDUTF_TEST_SKIP_KERNELS): {skipped:?}"
        );
    });
    tested
}

/// A validation result with the `&str` replaced by its length, for
/// comparing and printing. (A `&str` that a buggy kernel wrongly accepted
/// is not UTF-8, and formatting it in a failure message would panic inside
/// the panic and abort the whole test binary without a useful message.)
pub fn utf8_res(r: Result<&str, Utf8Error>) -> Result<usize, Utf8Exp> {
    r.map(str::len).map_err(|e| e.key())
}

/// The error of a validation that must fail (see [`utf8_res`] for why not
/// `unwrap_err`).
pub fn utf8_err(r: Result<&str, Utf8Error>) -> Utf8Error {
    match r {
        Ok(s) => panic!("accepted an invalid input of {} bytes", s.len()),
        Err(e) => e,
    }
}

/// Checks `validate_utf8`/`is_valid_utf8` (free functions and every kernel
/// in `ks`) against core on `bytes`.
pub fn check_utf8(ks: &[Kernel], bytes: &[u8]) {
    let expected = utf8_oracle(bytes).map(str::len);
    let check = |who: &str, got: Result<&str, Utf8Error>, valid: bool| {
        if let Ok(s) = got {
            assert!(
                s.as_ptr() == bytes.as_ptr() && s.len() == bytes.len(),
                "{who}: Ok must borrow the whole input"
            );
        }
        assert_eq!(utf8_res(got), expected, "{who} on {bytes:02X?}");
        assert_eq!(valid, expected.is_ok(), "{who}: is_valid_utf8 on {bytes:02X?}");
    };
    check("free fns", rapidutf::validate_utf8(bytes), rapidutf::is_valid_utf8(bytes));
    for &k in ks {
        check(k.name(), k.validate_utf8(bytes), k.is_valid_utf8(bytes));
    }
}

// --------------------- whole-API checks per source form --------------------

/// A UTF-16-source function of each byte order.
pub struct Utf16Fns {
    pub name: &'static str,
    #[cfg(feature = "transcode")]
    pub to_utf8: Transcoder<u16, u8, Utf16Error>,
    #[cfg(feature = "transcode")]
    pub to_utf32: Transcoder<u16, u32, Utf16Error>,
    pub validate: fn(&[u16]) -> Result<(), Utf16Error>,
    #[cfg(all(feature = "alloc", feature = "transcode"))]
    pub to_string: fn(&[u16]) -> Result<String, Utf16Error>,
    #[cfg(all(feature = "alloc", feature = "transcode"))]
    pub lossy: fn(&[u16]) -> String,
    #[cfg(feature = "transcode")]
    pub utf8_len: fn(&[u16]) -> usize,
}

/// The UTF-16-source functions for `order`.
pub fn utf16_fns(order: Order) -> Utf16Fns {
    match order {
        Order::Native => Utf16Fns {
            name: "utf16",
            #[cfg(feature = "transcode")]
            to_utf8: rapidutf::utf16_to_utf8,
            #[cfg(feature = "transcode")]
            to_utf32: rapidutf::utf16_to_utf32,
            validate: rapidutf::validate_utf16,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            to_string: rapidutf::utf16_to_string,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            lossy: rapidutf::utf16_to_string_lossy,
            #[cfg(feature = "transcode")]
            utf8_len: rapidutf::utf8_len_from_utf16,
        },
        Order::Le => Utf16Fns {
            name: "utf16le",
            #[cfg(feature = "transcode")]
            to_utf8: rapidutf::utf16le_to_utf8,
            #[cfg(feature = "transcode")]
            to_utf32: rapidutf::utf16le_to_utf32,
            validate: rapidutf::validate_utf16le,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            to_string: rapidutf::utf16le_to_string,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            lossy: rapidutf::utf16le_to_string_lossy,
            #[cfg(feature = "transcode")]
            utf8_len: rapidutf::utf8_len_from_utf16le,
        },
        Order::Be => Utf16Fns {
            name: "utf16be",
            #[cfg(feature = "transcode")]
            to_utf8: rapidutf::utf16be_to_utf8,
            #[cfg(feature = "transcode")]
            to_utf32: rapidutf::utf16be_to_utf32,
            validate: rapidutf::validate_utf16be,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            to_string: rapidutf::utf16be_to_string,
            #[cfg(all(feature = "alloc", feature = "transcode"))]
            lossy: rapidutf::utf16be_to_string_lossy,
            #[cfg(feature = "transcode")]
            utf8_len: rapidutf::utf8_len_from_utf16be,
        },
    }
}

/// The UTF-8-to-UTF-16 transcoder for `order`.
#[cfg(feature = "transcode")]
pub fn utf8_to_utf16_fn(order: Order) -> Transcoder<u8, u16, Utf8Error> {
    match order {
        Order::Native => rapidutf::utf8_to_utf16,
        Order::Le => rapidutf::utf8_to_utf16le,
        Order::Be => rapidutf::utf8_to_utf16be,
    }
}

/// The UTF-32-to-UTF-16 transcoder for `order`.
#[cfg(feature = "transcode")]
pub fn utf32_to_utf16_fn(order: Order) -> Transcoder<u32, u16, Utf32Error> {
    match order {
        Order::Native => rapidutf::utf32_to_utf16,
        Order::Le => rapidutf::utf32_to_utf16le,
        Order::Be => rapidutf::utf32_to_utf16be,
    }
}

/// Every UTF-8-source transcoder and `_vec` function on `bytes`, against
/// std, with the buffer size that always suffices, the exact size, and
/// `extra_dst` (any size) if given.
#[cfg(feature = "transcode")]
pub fn check_utf8_source(bytes: &[u8], extra_dst: Option<usize>) {
    let dec = dec_utf8(bytes);
    for order in Order::ALL {
        let enc = enc_utf16(order);
        let f = utf8_to_utf16_fn(order);
        let name = format!("utf8_to_utf16 ({order:?})");
        check_transcoder(&name, f, bytes, &dec, &enc, bytes.len());
        check_transcoder(&name, f, bytes, &dec, &enc, needed(&dec, &enc));
        if let Some(n) = extra_dst {
            check_transcoder(&name, f, bytes, &dec, &enc, n);
        }
    }
    let f: Transcoder<u8, u32, Utf8Error> = rapidutf::utf8_to_utf32;
    check_transcoder("utf8_to_utf32", f, bytes, &dec, &enc_utf32, bytes.len());
    check_transcoder("utf8_to_utf32", f, bytes, &dec, &enc_utf32, dec.chars.len());
    if let Some(n) = extra_dst {
        check_transcoder("utf8_to_utf32", f, bytes, &dec, &enc_utf32, n);
    }
    #[cfg(feature = "alloc")]
    {
        let (want16, want32) = match (&dec.err, core::str::from_utf8(bytes)) {
            (None, Ok(s)) => {
                (Ok(s.encode_utf16().collect()), Ok(s.chars().map(u32::from).collect()))
            }
            (Some(e), Err(_)) => (Err(*e), Err(*e)),
            _ => unreachable!(),
        };
        let got16 = rapidutf::utf8_to_utf16_vec(bytes).map_err(|e| e.key());
        assert_eq!(got16, want16, "{bytes:02X?}");
        let got32 = rapidutf::utf8_to_utf32_vec(bytes).map_err(|e| e.key());
        assert_eq!(got32, want32, "{bytes:02X?}");
    }
}

/// Every UTF-16-source function (native, LE, BE) on `values` (UTF-16 code
/// unit values, stored in each byte order in turn), against std.
pub fn check_utf16_source(values: &[u16], extra_dst: Option<usize>) {
    #[cfg(not(feature = "transcode"))]
    let _ = extra_dst;
    #[cfg(all(feature = "alloc", feature = "transcode"))]
    let std_lossy = String::from_utf16_lossy(values);
    #[cfg(all(feature = "alloc", feature = "transcode"))]
    let std_string = String::from_utf16(values);
    for order in Order::ALL {
        // Followed in memory by low surrogates, which must not be read.
        let buf = padded(&order.encode(values), order.store(0xDC00));
        let src = &buf[..values.len()];
        let dec = dec_utf16(src, order);
        let fns = utf16_fns(order);
        #[cfg(feature = "transcode")]
        {
            let n8 = needed(&dec, &enc_utf8);
            for n in [3 * src.len(), n8].into_iter().chain(extra_dst) {
                check_transcoder(fns.name, fns.to_utf8, src, &dec, &enc_utf8, n);
            }
            for n in [src.len(), dec.chars.len()].into_iter().chain(extra_dst) {
                check_transcoder(fns.name, fns.to_utf32, src, &dec, &enc_utf32, n);
            }
        }
        let want = match &dec.err {
            None => Ok(()),
            Some(e) => Err(*e),
        };
        assert_eq!((fns.validate)(src).map_err(|e| e.key()), want, "{} {values:X?}", fns.name);
        #[cfg(all(feature = "alloc", feature = "transcode"))]
        {
            let got = (fns.to_string)(src);
            match (&std_string, &dec.err) {
                (Ok(s), None) => assert_eq!(got.as_ref(), Ok(s), "{} {values:X?}", fns.name),
                (Err(_), Some(e)) => {
                    assert_eq!(got.map_err(|e| e.key()), Err(*e), "{} {values:X?}", fns.name)
                }
                _ => unreachable!("std disagrees with itself"),
            }
            assert_eq!((fns.lossy)(src), std_lossy, "{} lossy {values:X?}", fns.name);
        }
    }
}

/// Every UTF-32-source function on `values`, against std.
pub fn check_utf32_source(values: &[u32], extra_dst: Option<usize>) {
    let dec = dec_utf32(values);
    #[cfg(feature = "transcode")]
    {
        let f: Transcoder<u32, u8, Utf32Error> = rapidutf::utf32_to_utf8;
        for n in [4 * values.len(), needed(&dec, &enc_utf8)].into_iter().chain(extra_dst) {
            check_transcoder("utf32_to_utf8", f, values, &dec, &enc_utf8, n);
        }
        for order in Order::ALL {
            let enc = enc_utf16(order);
            let f = utf32_to_utf16_fn(order);
            let name = format!("utf32_to_utf16 ({order:?})");
            for n in [2 * values.len(), needed(&dec, &enc)].into_iter().chain(extra_dst) {
                check_transcoder(&name, f, values, &dec, &enc, n);
            }
        }
    }
    #[cfg(not(feature = "transcode"))]
    let _ = extra_dst;
    let want = match &dec.err {
        None => Ok(()),
        Some(e) => Err(*e),
    };
    assert_eq!(rapidutf::validate_utf32(values).map_err(|e| e.key()), want, "{values:X?}");
    #[cfg(all(feature = "alloc", feature = "transcode"))]
    {
        let want_string = match &dec.err {
            None => Ok(dec.chars.iter().map(|&(c, _)| c).collect::<String>()),
            Some(e) => Err(*e),
        };
        assert_eq!(rapidutf::utf32_to_string(values).map_err(|e| e.key()), want_string);
    }
}

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

// ------------------------------------------------------------ dst sweeps

/// The texts every transcoder is swept over (every output size):
/// multilingual text with 4-byte characters, ASCII runs longer than one
/// 16-unit fast-path block, and the empty string.
pub fn sweep_texts() -> Vec<String> {
    let fox = "The quick brown fox jumps over the lazy dog; ";
    vec![
        "aé€😀b𝄞ü中\u{10FFFF}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}z".to_string(),
        format!("{fox}{fox}😀 {}é", "x".repeat(40)),
        "😀".repeat(18),
        "x".repeat(17),
        "x".repeat(16),
        format!("{}é{}𝄞", "y".repeat(33), "z".repeat(31)),
        "é€".repeat(20) + &"a".repeat(20) + "😀",
        String::new(),
    ]
}

/// Positions at which to insert an invalid unit: start, middle, end, and
/// just after a 16-unit block.
pub fn sweep_positions(len: usize) -> Vec<usize> {
    let mut p = vec![0, len / 2, len];
    if len > 17 {
        p.push(17);
    }
    p
}

// -------------------------------------------------------------- corpus

/// One text of the corpus (`rapidutf_testkit::corpus`: the generated
/// texts, and the real ones where the shared corpus is present) in every
/// form. The generated Emoji text starts with U+FEFF as content, as the
/// lipsum file it was measured on does, so that the conversions are
/// checked on a U+FEFF that is not a byte order mark.
pub struct Text {
    pub lang: &'static str,
    pub utf8: Vec<u8>,
    /// UTF-16 values.
    pub utf16: Vec<u16>,
    /// The UTF-16LE bytes' units as stored in memory.
    pub utf16le_mem: Vec<u16>,
    pub utf32: Vec<u32>,
}

/// The corpus, every text in every form.
pub fn corpus() -> Vec<Text> {
    let texts = rapidutf_testkit::corpus::texts();
    assert!(texts.len() >= rapidutf_testkit::LANGUAGES.len());
    texts
        .into_iter()
        .map(|t| {
            let text = match (t.name, t.source) {
                ("Emoji", corpus::Source::Generated) => format!("\u{FEFF}{}", t.text),
                _ => t.text,
            };
            let utf16: Vec<u16> = text.encode_utf16().collect();
            let utf16le_mem = utf16.iter().map(|u| u16::from_ne_bytes(u.to_le_bytes())).collect();
            let utf32 = text.chars().map(u32::from).collect();
            Text { lang: t.name, utf8: text.into_bytes(), utf16, utf16le_mem, utf32 }
        })
        .collect()
}

/// Inputs shared by the drop-in, many-strings, grid and stream tests.
pub mod cases {
    use proptest::prelude::*;

    pub const TEXT: &str = "Grüße, Jürgen! Привет, мир. 你好，世界。こんにちは 😀🎉 \
                    مرحبا بالعالم שלום עולם 𝄞 नमस्ते a\u{10FFFF}z\u{FFFD}\u{7FF}\u{800}.";

    /// Invalid sequences of every kind (and two subparts in a row).
    pub const BAD: &[&[u8]] = &[
        b"\xC0",
        b"\xFF",
        b"\x80",
        b"\xE0\x80\x80",
        b"\xF0\x8F\xBF\xBF",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xE2\x82A",
        b"\xF0\x9F\x98A",
        b"\xE1\xA0\xC0",
    ];

    /// The text, empty input, the text with each bad sequence at a few
    /// character boundaries, and the text with a truncated character at the
    /// end.
    pub fn utf8_cases() -> Vec<Vec<u8>> {
        let text = TEXT.as_bytes();
        let mut cases = vec![text.to_vec(), Vec::new(), text.repeat(3)];
        for b in BAD {
            for at in [0, 7, 40, 90, text.len()] {
                let at = (at..=text.len()).find(|&i| TEXT.is_char_boundary(i)).unwrap();
                cases.push([&text[..at], b, &text[at..]].concat());
            }
        }
        for tail in [&b"\xF0\x9F\x98"[..], b"\xE2\x82", b"\xC3", b"\xF0"] {
            cases.push([text, tail].concat());
        }
        cases.push(b"\xE1\xA0".to_vec());
        cases.push(b"\x80\x80\x80\xBF\xC2".repeat(20));
        cases
    }

    /// Bytes that are mostly UTF-8 (ASCII, multi-byte characters, long runs
    /// to reach the SIMD kernels) with invalid bytes mixed in.
    pub fn mostly_utf8() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            4 => "[a-z ]{1,80}".prop_map(String::into_bytes),
            3 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
            1 => proptest::sample::select(BAD).prop_map(<[u8]>::to_vec),
            1 => any::<u8>().prop_map(|b| vec![b]),
        ];
        proptest::collection::vec(piece, 0..40).prop_map(|v| v.concat())
    }

    /// `ours` has core's `valid_up_to` and `error_len`.
    pub fn same_error(ours: &rapidutf::Utf8Error, core: &std::str::Utf8Error) -> bool {
        ours.valid_up_to() == core.valid_up_to() && ours.error_len() == core.error_len()
    }
}

// --------------------------------------------------------------- CPython

/// Runs `tests/fixtures/runtimes_oracle.py MODE` with `input` (one request
/// per line) on stdin and returns its answers, one per line.
pub fn python_oracle(mode: &str, input: &str) -> Vec<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/runtimes_oracle.py");
    let mut child = Command::new("python3")
        .args([script, mode])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 is the oracle of this test (CI installs it)");
    let mut stdin = child.stdin.take().expect("stdin");
    let owned = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(owned.as_bytes()));
    let out = child.wait_with_output().expect("python3 output");
    writer.join().expect("writer").expect("write to python3");
    assert!(out.status.success(), "python3 {mode} failed");
    let lines: Vec<String> =
        String::from_utf8(out.stdout).expect("UTF-8").lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), input.lines().count(), "one answer per request");
    lines
}

/// Lowercase hex of `bytes`, as the oracle scripts read and write it.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
