#!/usr/bin/env bash
# Cross-compiles rapidutf's test suite for aarch64-unknown-linux-gnu and
# runs it under qemu-aarch64, with the NEON kernel required
# (RAPIDUTF_REQUIRE_KERNELS=scalar,neon,portable): on aarch64 Linux NEON is part of
# the base ISA, so a build that does not report it is a detection bug.
#
# Toolchain: rustup's target std for the stable toolchain (the project's
# own rustc, so the MSRV and lockfile behave as on the host), with
# Debian's cross gcc as the linker and glibc for qemu. When rustup cannot
# fetch the target (an offline mirror, say), it falls back to Debian's
# rustc-web/cargo-web (>= 1.89 in bookworm-security) with its arm64 std.
# AARCH64_VIA=rustup|debian forces one route.
#
# Environment:
#   PROPTEST_CASES           proptest cases per property (default 64 here)
#   RAPIDUTF_EXPECT_PORTABLE 0 not to require the portable kernel (default 1)
# Extra arguments go to `cargo test` (after the defaults below).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

target=aarch64-unknown-linux-gnu
require=scalar,neon
[[ ${RAPIDUTF_EXPECT_PORTABLE:-1} == 1 ]] && require+=,portable
export PROPTEST_CASES=${PROPTEST_CASES:-64}

apt_install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user

via=${AARCH64_VIA:-}
cargo=(cargo)
if [[ $via != debian ]]; then
    log "rustup target add $target"
    if rustup target list --installed | grep -qx "$target" ||
        rustup target add "$target"; then
        via=rustup
    elif [[ $via == rustup ]]; then
        die "rustup could not install the $target standard library"
    else
        echo "rustup could not install $target; falling back to Debian's rustc-web" >&2
        via=debian
    fi
fi
if [[ $via == debian ]]; then
    dpkg --print-foreign-architectures | grep -qx arm64 || {
        as_root dpkg --add-architecture arm64
        APT_UPDATED=0
    }
    apt_install rustc-web cargo-web libstd-rust-web-dev:arm64
    export RUSTC=/usr/bin/rustc
    cargo=(/usr/bin/cargo)
    # Debian's cargo must not pick up rustup's proxies or their toolchain.
    unset RUSTUP_TOOLCHAIN
fi
echo "toolchain route: $via ($("${RUSTC:-rustc}" --version))" >&2

export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
export RAPIDUTF_REQUIRE_KERNELS=$require
log "cargo test -p rapidutf --target $target (RAPIDUTF_REQUIRE_KERNELS=$require)"
# Optimised (debug assertions and overflow checks stay on): unoptimised
# intrinsics code runs many times slower under emulation.
timed "aarch64 tests" "${cargo[@]}" test -p rapidutf --target "$target" --lib --tests \
    --no-fail-fast --config profile.dev.opt-level=2 "$@"
