//! Self-check for the emulated runs (ci/aarch64.sh, ci/s390x.sh): the
//! runner must start a binary, spawn and join a thread (what the test
//! harness does), and exit. A broken sysroot (two glibc builds mixed)
//! hangs right here instead of in the middle of the test suite. It prints
//! the architecture and byte order, which the scripts check.
fn main() {
    let t = std::thread::spawn(|| std::env::consts::ARCH);
    let endian = if cfg!(target_endian = "big") { "big-endian" } else { "little-endian" };
    println!("runner ok: {}, {endian}", t.join().expect("thread"));
}
