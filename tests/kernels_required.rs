//! Fails when `RAPIDUTF_REQUIRE_KERNELS` names a kernel that cannot run
//! here, so CI notices a kernel that was silently skipped.
mod common;

#[test]
fn required_kernels_are_available_and_tested() {
    let ks = common::kernels();
    assert!(ks.contains(&rapidutf::Kernel::Scalar));
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
