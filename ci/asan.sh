#!/usr/bin/env bash
# Runs rapidutf's unit and integration tests under AddressSanitizer
# (nightly `-Zsanitizer=address`), with every kernel the host supports
# required (ci/host-kernels.sh), so an out-of-bounds read or write in any
# SIMD kernel, in dispatch or in the tail handling is reported.
#
# The standard library is the prebuilt, uninstrumented one (no rust-src or
# -Zbuild-std needed); only rapidutf and the tests' dependencies are
# instrumented, which is what matters here: the unsafe code is ours.
#
# Environment:
#   PROPTEST_CASES  proptest cases per property (default 64 here)
#   RAPIDUTF_BOUNDARY  window-boundary cases: quick, sampled or full
#                   (default quick here)
#   ASAN_OPTIONS    passed through (default detect_leaks=1)
#   RAPIDUTF_TEST_RERUN  1 to re-run the dispatching modules under each
#                   kernel (default 0 here)
# Extra arguments go to `cargo test`.
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

rustup run nightly rustc --version >/dev/null 2>&1 ||
    die "the nightly toolchain is required (rustup toolchain install nightly)"

export PROPTEST_CASES=${PROPTEST_CASES:-64}
export RAPIDUTF_BOUNDARY=${RAPIDUTF_BOUNDARY:-quick}
no_kernel_reruns
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export RAPIDUTF_REQUIRE_KERNELS=${RAPIDUTF_REQUIRE_KERNELS:-$(ci/host-kernels.sh)}
# The prebuilt std is not instrumented; rustc refuses to mix sanitized and
# unsanitized crates unless told that this is intended.
export RUSTFLAGS="-Zsanitizer=address -Cunsafe-allow-abi-mismatch=sanitizer"
unset CARGO_ENCODED_RUSTFLAGS

log "cargo +nightly test under ASan (RAPIDUTF_REQUIRE_KERNELS=$RAPIDUTF_REQUIRE_KERNELS)"
# --target keeps RUSTFLAGS off build scripts and proc macros; a target dir
# of its own keeps the instrumented artifacts from evicting the normal ones.
timed "asan tests" nice cargo +nightly test -p rapidutf --target x86_64-unknown-linux-gnu \
    --target-dir "${CARGO_TARGET_DIR:-$ROOT/target}/asan" --lib --tests --no-fail-fast "$@"
