//! The kernel lists that the test runs take from the environment
//! (`RAPIDUTF_REQUIRE_KERNELS`, `RAPIDUTF_TEST_SKIP_KERNELS`), parsed in one
//! place for the integration suite and the Miri suite.

use rapidutf::Kernel;

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
