//! Self-check for ci/aarch64.sh: the emulated runner must start a binary,
//! spawn and join a thread (what the test harness does), and exit. A
//! broken sysroot (two glibc builds mixed) hangs right here instead of in
//! the middle of the test suite.
fn main() {
    let t = std::thread::spawn(|| std::env::consts::ARCH);
    println!("runner ok: {}", t.join().expect("thread"));
}
