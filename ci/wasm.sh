#!/usr/bin/env bash
# The library on WebAssembly: it builds for wasm32-unknown-unknown (the
# browser's target) with and without simd128, warning-free, with every
# feature and with none; and its test suite passes on wasm32-wasip1 with
# simd128, under Node's node:wasi (ci/wasi-run.mjs is cargo's runner for
# the target).
#
# wasm has no run-time feature detection: the kernels are those compiled
# in (`-C target-feature=+simd128`), which the run prints and requires
# (RAPIDUTF_REQUIRE_KERNELS). wasm32-wasip1 has neither processes nor
# threads, and Rust panics abort there, so the few tests that re-run the
# test binary as a child process or catch a panic are skipped (SKIP
# below). The dispatch test's children (RAPIDUTF_KERNEL selects each
# kernel, an unknown name falls back to the best) run here instead, as
# further cargo test runs. The per-kernel re-runs of the dispatching
# modules are not repeated, as in the other emulated runs
# (RAPIDUTF_TEST_RERUN in tests/it/common.rs): the kernel-level tests run
# every kernel, and the glue is the same code under each.
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

command -v node >/dev/null || die "node (20 or later) is needed: apt-get install nodejs"
node_major=$(node -p 'process.versions.node.split(".")[0]')
((node_major >= 20)) || die "node $node_major is too old for node:wasi preview1 (need 20+)"
rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
rustup target list --installed | grep -qx wasm32-unknown-unknown ||
    rustup target add wasm32-unknown-unknown

# Debug builds of the library alone: these prove it compiles (the simd128
# kernel's intrinsics included) and that no build leaves code unused.
# Unoptimised (the workspace builds the library at opt-level 2 for the
# tests' sake): only whether it builds matters here.
for simd in "" "-C target-feature=+simd128"; do
    for features in --all-features --no-default-features; do
        log "wasm32-unknown-unknown, ${simd:-without simd128}, $features"
        RUSTFLAGS="$simd -D warnings" timed "wasm32-unknown-unknown ${simd:+simd128 }$features" \
            cargo build -q -p rapidutf --lib --target wasm32-unknown-unknown $features \
            --config profile.dev.package.rapidutf.opt-level=0 \
            --target-dir "${CARGO_TARGET_DIR:-$ROOT/target}/wasm32-unknown"
    done
done

export CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings $ROOT/ci/wasi-run.mjs"
export RUSTFLAGS="-C target-feature=+simd128"
KERNELS=${WASM_KERNELS:-scalar,portable,simd128}
export RAPIDUTF_REQUIRE_KERNELS=$KERNELS
# The window-boundary cases at their quick level (see ci/README.md).
export RAPIDUTF_BOUNDARY=${RAPIDUTF_BOUNDARY:-quick}
# The dispatched kernel with simd128 (Kernel::best): what a child with
# an unknown RAPIDUTF_KERNEL must fall back to.
BEST=${KERNELS##*,}

# Tests that spawn the test binary again, or catch a panic.
SKIP=(
    under_every_available_kernel                      # children (not repeated here: see above)
    rapidutf_kernel_selects_each_available_kernel     # dispatch::: children
    unknown_or_unavailable_kernel_falls_back_to_best  # dispatch::: children
    unavailable_kernel_panics                         # dispatch::: catch_unwind
)
skip_args=()
for t in "${SKIP[@]}"; do skip_args+=(--skip "$t"); done

# Optimised, with debug assertions and overflow checks still on (as the
# emulated runs in ci/qemu-x86.sh do): unoptimised SIMD code under a wasm
# engine is many times slower.
cargo_test() {
    cargo test -p rapidutf --target wasm32-wasip1 --config profile.dev.opt-level=2 "$@"
}

LOG=$(mktemp)
trap 'rm -f "$LOG"' EXIT

start=$SECONDS
log "build (RUSTFLAGS=$RUSTFLAGS)"
cargo_test --no-run

log "kernels on wasm32-wasip1 with simd128"
cargo_test --test it -- --nocapture dispatch::required_kernels_are_available_and_tested 2>&1 | tee "$LOG"
kernels=$(grep -m1 -o 'kernels tested: .*' "$LOG") || die "the tests did not report the kernels"

# One Node process per module of the integration tests: Node 20 (V8
# 11.3) crashed with SIGSEGV in its own code, reproducibly, when the whole
# suite ran in one process (in the 155th test, which passes on its own,
# and passes after the same 154 tests named with --exact): a WebAssembly
# program cannot make a correct engine fault, and fresh processes avoid
# whatever state the engine accumulates.
log "cargo test -p rapidutf --target wasm32-wasip1, under node:wasi"
t0=$SECONDS
cargo_test --lib -- "${skip_args[@]}"
for t in tests/*.rs; do
    t=${t##*/}
    cargo_test --test "${t%.rs}" -- "${skip_args[@]}"
done
modules=$(cargo_test --test it -- --list 2>/dev/null | sed -n 's/^\([a-z0-9_]*\)::.*: test$/\1/p' | sort -u)
[[ -n $modules ]] || die "no test modules listed"
for m in $modules; do
    log "tests/it: $m::"
    cargo_test --test it -q -- "${skip_args[@]}" "$m::"
done
suite=$((SECONDS - t0))

log "what the skipped dispatch tests' children check, one cargo run per kernel"
for k in ${KERNELS//,/ }; do
    RAPIDUTF_KERNEL=$k RAPIDUTF_TEST_EXPECT_KERNEL=$k \
        cargo_test --test it -q -- --exact dispatch::child_checks_active_kernel
done
RAPIDUTF_KERNEL=no-such-kernel RAPIDUTF_TEST_EXPECT_KERNEL=$BEST \
    cargo_test --test it -q -- --exact dispatch::child_checks_active_kernel

log "wasm32-wasip1 tests passed ($kernels): suite ${suite}s, $((SECONDS - start))s in all"
