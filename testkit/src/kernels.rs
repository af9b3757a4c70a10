//! The kernel lists that the test runs take from the environment
//! (`RAPIDUTF_REQUIRE_KERNELS`, `RAPIDUTF_TEST_SKIP_KERNELS`), parsed in one
//! place for the integration suites and the Miri suite, and the list of
//! kernels a test run covers.

use rapidutf::Kernel;
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
    let skip = kernels_named("RAPIDUTF_TEST_SKIP_KERNELS");
    for k in kernels_named("RAPIDUTF_REQUIRE_KERNELS") {
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

/// The kernels that the environment variable `var` names, comma-separated
/// (spaces around a name and empty entries ignored; unset is none).
///
/// # Panics
///
/// On a name that is not a kernel's, so that a typo in CI's list fails
/// the run instead of quietly requiring or skipping nothing.
///
/// ```
/// std::env::set_var("EXAMPLE_KERNELS", " scalar, portable,");
/// let ks = rapidutf_testkit::kernels_named("EXAMPLE_KERNELS");
/// assert_eq!(ks, [rapidutf::Kernel::Scalar, rapidutf::Kernel::Portable]);
/// assert!(rapidutf_testkit::kernels_named("EXAMPLE_UNSET").is_empty());
/// ```
pub fn kernels_named(var: &str) -> Vec<Kernel> {
    let list = std::env::var(var).unwrap_or_default();
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|name| name.parse().unwrap_or_else(|_| panic!("{var} names unknown kernel {name:?}")))
        .collect()
}
