#!/usr/bin/env bash
# The columnar crates (columnar/: rapidutf-arrow, rapidutf-datafusion, a
# workspace of their own, outside the root's `cargo test --workspace`):
# formatting, clippy with warnings denied, and the tests (unit, the
# integration tests against core/std/CPython, SQL over Parquet files
# through DataFusion, doctests), with every kernel the host has required.
#
# DataFusion is most of the cost, so it is compiled once: clippy runs as
# the compiler of the workspace's own crates (RUSTC_WORKSPACE_WRAPPER, what
# `cargo clippy` itself sets up) inside the test build, instead of a
# separate `cargo clippy` that would compile every dependency a second
# time in check mode. Dependencies are built without debug info
# (columnar/Cargo.toml) and without incremental state.
#
# Environment:
#   CARGO_TARGET_DIR          default: target/ at the repository root; the
#                             build goes to its `columnar` subdirectory
#   RAPIDUTF_REQUIRE_KERNELS  the kernels the tests must run (default:
#                             ci/host-kernels.sh)
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT/columnar"

export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}/columnar
export CARGO_INCREMENTAL=0
RAPIDUTF_REQUIRE_KERNELS=${RAPIDUTF_REQUIRE_KERNELS:-$(bash "$ROOT/ci/host-kernels.sh")}
export RAPIDUTF_REQUIRE_KERNELS

log "cargo fmt --check (columnar workspace)"
cargo fmt --all -- --check

clippy_driver=$(dirname "$(rustup which cargo)")/clippy-driver
[[ -x $clippy_driver ]] || rustup component add clippy
log "cargo test, clippy compiling the workspace's crates (warnings denied)"
# The default members: the two crates (their library, tests, examples and
# doctests), not the benchmarks. `cargo clippy` passes its lint flags to
# clippy-driver the same way.
RUSTC_WORKSPACE_WRAPPER=$clippy_driver CLIPPY_ARGS="-Dwarnings__CLIPPY_HACKERY__" \
    cargo test --locked

printf '\ncolumnar: formatted, lint-free, tests passed (kernels required: %s)\n' \
    "$RAPIDUTF_REQUIRE_KERNELS" >&2
