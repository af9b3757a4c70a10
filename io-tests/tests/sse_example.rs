//! Runs the server-sent-events example (`examples/sse.rs`) as a process
//! and checks that it prints every event's text exactly, although the
//! server's writes cut the characters.

use std::path::PathBuf;
use std::process::Command;

/// The example's binary, beside this test's (cargo builds the examples
/// for `cargo test`); built with cargo if it is not there.
fn example() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(|d| d.parent()).expect("target/<profile>/deps");
    let path = dir.join("examples").join(format!("sse{}", std::env::consts::EXE_SUFFIX));
    if !path.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "-p", "rapidutf-io-tests", "--example", "sse"])
            .status()
            .expect("running cargo");
        assert!(status.success(), "building the example");
    }
    path
}

#[test]
fn the_example_prints_every_event_exactly() {
    let messages = [
        "Grüße 👋 aus Köln",
        "日本語のテキスト、😀絵文字",
        "a two-line\nmessage: Ελληνικά",
        "𝄞𝄞𝄞 ÿ €",
    ];
    let out = Command::new(example()).args(messages).output().expect("running the example");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).expect("the example printed UTF-8");
    assert_eq!(stdout, messages.join("\n") + "\n");
    assert!(!stdout.contains('\u{FFFD}'));
}

#[test]
fn the_example_with_its_own_messages() {
    let out = Command::new(example()).output().expect("running the example");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 5);
    assert!(
        stdout.contains("🎉🚀😀")
            && stdout.contains("東京からこんにちは")
            && !stdout.contains('\u{FFFD}')
    );
}
