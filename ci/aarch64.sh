#!/usr/bin/env bash
# Cross-compiles rapidutf's test suite for aarch64-unknown-linux-gnu and
# runs it under qemu-aarch64, with the NEON kernel required
# (RAPIDUTF_REQUIRE_KERNELS=neon,portable): on aarch64 Linux NEON is part of
# the base ISA, so a build that does not report it is a detection bug.
#
# Toolchain: rustup's target std for the stable toolchain (the project's
# own rustc, so the MSRV and lockfile behave as on the host), with
# Debian's cross gcc as the linker and its cross glibc for qemu.
#
# Not Debian's rustc-web + libstd-rust-web-dev:arm64: that pulls in the
# multiarch libc6:arm64, whose libc.so.6 then shadows the cross glibc
# through ld.so.cache, and every binary run with
# `qemu-aarch64 -L /usr/aarch64-linux-gnu` hangs (ld.so and libc from two
# different glibc builds). Seen on this machine; never install it here.
#
# Environment:
#   PROPTEST_CASES           proptest cases per property (default 64 here)
#   RAPIDUTF_BOUNDARY        window-boundary cases: quick, sampled or full (default quick here)
#   RAPIDUTF_EXPECT_PORTABLE 0 not to require the portable kernel (default 1)
#   RAPIDUTF_TEST_RERUN      1 to re-run the dispatching modules under each kernel (default 0 here)
#   RAPIDUTF_TEST_SKIP_KERNELS kernels tests/it leaves out (default scalar; empty: none)
#   AARCH64_TIMEOUT          seconds before the test run is killed (default 1200)
# Extra arguments go to `cargo test` (after the defaults below).
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

target=aarch64-unknown-linux-gnu
require=neon
[[ ${RAPIDUTF_EXPECT_PORTABLE:-1} == 1 ]] && require+=,portable
# The scalar kernel is the same code on a target of the same kind (64-bit,
# little-endian) as the native run's, which tests it fully; here it would
# take a quarter of the emulated time. tests/it leaves it out of its
# kernel loops (it still dispatches to it where a test names it).
export RAPIDUTF_TEST_SKIP_KERNELS=${RAPIDUTF_TEST_SKIP_KERNELS-scalar}
no_kernel_reruns
export PROPTEST_CASES=${PROPTEST_CASES:-64}
export RAPIDUTF_BOUNDARY=${RAPIDUTF_BOUNDARY:-quick}
# The generated corpus only: the real one (../shared) runs natively in
# `cargo test`, and under emulation it would double the corpus tests' time.
export RAPIDUTF_SHARED=${RAPIDUTF_SHARED:-none}

apt_install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user

log "rustup target add $target"
rustup target list --installed | grep -qx "$target" || rustup target add "$target" ||
    die "rustup could not install the $target standard library"
echo "toolchain: $(rustc --version), target std from rustup" >&2

export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
# Tests that re-run their own binary start it under the same emulator.
export RAPIDUTF_TEST_RUNNER=$CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER

log "self-check: the qemu runner executes an aarch64 binary with a thread"
probe_dir=${CARGO_TARGET_DIR:-$ROOT/target}/ci-probe
mkdir -p "$probe_dir"
rustc --edition 2021 --target "$target" -C linker=aarch64-linux-gnu-gcc \
    -o "$probe_dir/runner_probe" ci/probe/runner_probe.rs
# shellcheck disable=SC2086 # the runner is a command line
timeout 60 $CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER "$probe_dir/runner_probe" ||
    die "the aarch64 runner is broken (hung or failed): is a multiarch libc6:arm64 installed?"

export RAPIDUTF_REQUIRE_KERNELS=$require
log "cargo test -p rapidutf --target $target (RAPIDUTF_REQUIRE_KERNELS=$require)"
# Optimised (debug assertions and overflow checks stay on): unoptimised
# intrinsics code runs many times slower under emulation.
# A hung emulated test must not eat the whole CI budget.
timed "aarch64 tests" timeout "${AARCH64_TIMEOUT:-1200}" cargo test -p rapidutf --target "$target" --lib --tests \
    --no-fail-fast --config profile.dev.opt-level=2 "$@"
