//! Dispatch and kernel selection: `RAPIDUTF_KERNEL` picks the kernel the
//! free functions use (read once per process, so each case runs this test
//! binary again as a child process with the variable set), an unknown name
//! falls back to the best kernel, and the free functions agree with core
//! at every length up to a few hundred bytes, on both sides of the
//! short-input cut-over (short inputs are answered inline, longer ones by
//! the kernel), whatever the kernel.
use crate::common;

use rapidutf::Kernel;

const CHILD: &str = "RAPIDUTF_TEST_EXPECT_KERNEL";

/// In a child: checks that the active kernel is the expected one and that
/// the free functions work through it. In the parent: does nothing.
#[test]
fn child_checks_active_kernel() {
    let Ok(expected) = std::env::var(CHILD) else { return };
    let expected: Kernel = expected.parse().expect("child got a kernel name");
    assert_eq!(Kernel::active(), expected);
    let ks = [expected];
    let text = "answered inline or by the kernel: ünïcödé 😀 ".repeat(8);
    for len in (0..=text.len()).filter(|&n| text.is_char_boundary(n)) {
        let valid = &text.as_bytes()[..len];
        common::check_utf8(&ks, valid);
        let mut bad = valid.to_vec();
        if let Some(b) = bad.get_mut(len * 3 / 4) {
            *b = 0xFF;
            common::check_utf8(&ks, &bad);
        }
    }
}

#[cfg(feature = "std")]
fn run_child(env: &str, expected: Kernel) {
    let command = || {
        let mut cmd = common::self_command();
        cmd.args([
            "--exact",
            "dispatch::child_checks_active_kernel",
            "--test-threads=1",
            "--nocapture",
        ])
        .env("RAPIDUTF_KERNEL", env)
        .env(CHILD, expected.name());
        cmd
    };
    let stdout = common::run_watched(command, &format!("dispatch-{env}"))
        .unwrap_or_else(|log| panic!("RAPIDUTF_KERNEL={env}: {log}"));
    assert!(stdout.contains("1 passed"), "child did not run the check: {stdout}");
}

/// `RAPIDUTF_KERNEL` is read only with the `std` feature.
#[cfg(feature = "std")]
#[test]
fn rapidutf_kernel_selects_each_available_kernel() {
    for k in common::kernels() {
        run_child(k.name(), k);
        // Names are case-insensitive and trimmed.
        run_child(&format!(" {} ", k.name().to_uppercase()), k);
    }
}

/// `RAPIDUTF_KERNEL` is read only with the `std` feature.
#[cfg(feature = "std")]
#[test]
fn unknown_or_unavailable_kernel_falls_back_to_best() {
    run_child("no-such-kernel", Kernel::best());
    for k in Kernel::ALL.iter().filter(|k| !k.is_available()) {
        run_child(k.name(), Kernel::best());
    }
}

#[test]
fn registry_is_consistent() {
    let available: Vec<Kernel> = Kernel::available().collect();
    assert!(available.contains(&Kernel::Scalar));
    // The last available kernel, except that the portable one is skipped
    // where it has no one-instruction byte shuffle.
    let last = *available.last().unwrap();
    let best = Kernel::best();
    let before_last = available[available.len().saturating_sub(2)];
    assert!(
        best == last || (last == Kernel::Portable && best == before_last),
        "best {best}, available {available:?}"
    );
    assert!(Kernel::active().is_available());
    for k in Kernel::ALL {
        assert_eq!(k.is_available(), available.contains(k), "{k}");
    }
}

/// Unavailable kernels panic when called directly, rather than running
/// instructions the CPU lacks.
#[test]
fn unavailable_kernel_panics() {
    for k in Kernel::ALL.iter().filter(|k| !k.is_available()) {
        assert!(std::panic::catch_unwind(|| k.validate_utf8(b"x")).is_err(), "{k}");
        assert!(std::panic::catch_unwind(|| k.is_valid_utf8(b"x")).is_err(), "{k}");
    }
}

/// Every length around the short-input cut-over, with an error at every
/// position, through the free functions (and every kernel).
#[test]
fn lengths_around_the_short_input_cutover() {
    let ks = common::kernels();
    for len in 0..80 {
        let text: Vec<u8> = "aé€😀".bytes().cycle().take(len).collect();
        common::check_utf8(&ks, &text);
        for i in 0..len {
            for bad in [0x80, 0xC0, 0xF4] {
                let mut v = text.clone();
                v[i] = bad;
                common::check_utf8(&ks, &v);
            }
        }
    }
}

/// Fails when `RAPIDUTF_REQUIRE_KERNELS` names a kernel that cannot run
/// here, so CI notices a kernel that was silently skipped.
#[test]
fn required_kernels_are_available_and_tested() {
    let ks = common::kernels();
    assert!(rapidutf::Kernel::Scalar.is_available());
    // Every listed kernel really runs: call each one.
    for k in ks {
        assert_eq!(k.validate_utf8(b"ok \xC3\xA9"), Ok("ok é"), "{k}");
        assert!(!k.is_valid_utf8(b"\xFF"), "{k}");
    }
}

#[test]
fn active_is_available() {
    assert!(rapidutf::Kernel::active().is_available());
}

/// With `RAPIDUTF_EXPECT_KERNELS` (comma-separated names), the available
/// kernels are exactly those, and dispatch uses the fastest of them: the
/// emulated CPU models with features removed (`ci/qemu-x86.sh`) check
/// that detection leaves out every kernel whose instructions the CPU
/// lacks, not only that the others are found.
#[test]
fn available_kernels_are_exactly_the_expected_ones() {
    let Ok(list) = std::env::var("RAPIDUTF_EXPECT_KERNELS") else {
        return;
    };
    let mut want: Vec<rapidutf::Kernel> = list
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|name| {
            name.parse()
                .unwrap_or_else(|_| panic!("RAPIDUTF_EXPECT_KERNELS names unknown kernel {name:?}"))
        })
        .collect();
    want.sort_by_key(|k| rapidutf::Kernel::ALL.iter().position(|a| a == k));
    let got: Vec<rapidutf::Kernel> = rapidutf::Kernel::available().collect();
    assert_eq!(got, want, "available kernels (RAPIDUTF_EXPECT_KERNELS={list})");
    // Without `RAPIDUTF_KERNEL`, dispatch picks the best of them; each
    // runs (a kernel chosen on a CPU without its instructions dies here
    // of SIGILL).
    if std::env::var_os("RAPIDUTF_KERNEL").is_none() {
        assert_eq!(rapidutf::Kernel::active(), rapidutf::Kernel::best(), "{list}");
    }
    for k in got {
        let text = "ok é €".repeat(40);
        assert_eq!(k.validate_utf8(text.as_bytes()), Ok(text.as_str()), "{k}");
    }
}
