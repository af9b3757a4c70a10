#!/usr/bin/env bash
# Cross-compiles rapidutf's library tests for s390x-unknown-linux-gnu, a
# big-endian target, and runs them under qemu-s390x: every API on the
# scalar and portable kernels (the only ones built there), so the
# `target_endian = "big"` code is compiled and exercised, and every
# byte-order assumption in the code shared by all targets is tested.
#
# Toolchain: rustup's target std for the project's stable toolchain, with
# Debian's cross gcc as the linker and its cross glibc for qemu (the same
# arrangement as ci/aarch64.sh, for the same reasons).
#
# Environment:
#   PROPTEST_CASES           proptest cases per property (default 64 here)
#   RAPIDUTF_BOUNDARY        window-boundary cases: quick, sampled or full (default quick here)
#   RAPIDUTF_EXPECT_PORTABLE 0 not to require the portable kernel (default 1)
#   RAPIDUTF_TEST_RERUN      1 to re-run the dispatching modules under each kernel (default 0 here)
#   S390X_TIMEOUT            seconds before the test run is killed (default 1200)
# Extra arguments go to `cargo test` (after the defaults below).
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

target=s390x-unknown-linux-gnu
require=scalar
[[ ${RAPIDUTF_EXPECT_PORTABLE:-1} == 1 ]] && require+=,portable
export PROPTEST_CASES=${PROPTEST_CASES:-64}
export RAPIDUTF_BOUNDARY=${RAPIDUTF_BOUNDARY:-quick}
# The generated corpus only: the real one (../shared) runs natively in
# `cargo test`, and under emulation it would double the corpus tests' time.
export RAPIDUTF_SHARED=${RAPIDUTF_SHARED:-none}
no_kernel_reruns

apt_install gcc-s390x-linux-gnu libc6-dev-s390x-cross qemu-user

log "rustup target add $target"
rustup target list --installed | grep -qx "$target" || rustup target add "$target" ||
    die "rustup could not install the $target standard library"
echo "toolchain: $(rustc --version), target std from rustup" >&2

export CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_LINKER=s390x-linux-gnu-gcc
export CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_RUNNER="qemu-s390x -L /usr/s390x-linux-gnu"
# Tests that re-run their own binary start it under the same emulator.
export RAPIDUTF_TEST_RUNNER=$CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_RUNNER

log "self-check: the qemu runner executes a big-endian binary with a thread"
probe_dir=${CARGO_TARGET_DIR:-$ROOT/target}/ci-probe
mkdir -p "$probe_dir"
rustc --edition 2021 --target "$target" -C linker=s390x-linux-gnu-gcc \
    -o "$probe_dir/runner_probe_s390x" ci/probe/runner_probe.rs
# shellcheck disable=SC2086 # the runner is a command line
probe=$(timeout 60 $CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_RUNNER "$probe_dir/runner_probe_s390x") ||
    die "the s390x runner is broken (hung or failed)"
echo "$probe" >&2
[[ $probe == *"s390x, big-endian"* ]] || die "the probe does not run as big-endian s390x: $probe"

export RAPIDUTF_REQUIRE_KERNELS=$require
log "cargo test -p rapidutf --target $target (RAPIDUTF_REQUIRE_KERNELS=$require)"
# Optimised (debug assertions and overflow checks stay on): unoptimised
# code runs many times slower under emulation. A hung emulated test must
# not eat the whole CI budget.
timed "s390x tests" timeout "${S390X_TIMEOUT:-1200}" cargo test -p rapidutf --target "$target" \
    --lib --tests --no-fail-fast --config profile.dev.opt-level=2 "$@"
