#!/usr/bin/env bash
# Every documented feature set of the library builds, warning-free, and the
# tests of the validation-only set pass.
#
# The sets are the ones the README's "Crate features" table describes:
# nothing (no_std validation), `alloc`, `std` (validation alone), `std`
# plus each optional part (`transcode`, `stream`, `derive`, `legacy`,
# `portable`), each optional part without `std`, and everything; the `io`
# module's least set (`std,stream,legacy`) and each optional I/O
# integration alone (`bytes`, `futures`, `tokio`). For each
# one the library is built and its tests are type-checked with warnings
# denied, so a `#[cfg]` that leaves an item unused, or a test that names a
# function its set lacks, fails here.
#
# The default set's tests are the main `cargo test` step; this script runs
# the validation-only set's (`--no-default-features --features std`: unit
# tests, tests/it and the doctests), requiring the host's kernels but the
# portable one, which that set does not build.
#
# Environment:
#   RAPIDUTF_REQUIRE_KERNELS  the kernels the validation-only tests must
#                             run, `portable` dropped (default:
#                             ci/host-kernels.sh)
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

# A target dir of its own: each feature set is a separate build of the
# library, and would otherwise evict the default build's artifacts.
target_dir=${CARGO_TARGET_DIR:-$ROOT/target}/features
# Warnings denied everywhere here; the same flags for every command, so
# the dependencies are built once.
export RUSTFLAGS="${RUSTFLAGS:-} -D warnings"

sets=(
    ""
    "alloc"
    "std"
    "std,transcode"
    "std,stream"
    "std,derive"
    "std,legacy"
    "std,portable"
    "transcode"
    "stream"
    "derive"
    "legacy"
    "portable"
    "alloc,transcode,stream,derive,legacy"
    "std,transcode,stream,derive,legacy,portable"
    "std,stream,legacy"
    "bytes"
    "futures"
    "tokio"
)
for set in "${sets[@]}"; do
    log "feature set [${set}]: build the library, check its tests"
    timed "build [${set}]" \
        cargo build -q -p rapidutf --lib --no-default-features --features "$set" \
        --target-dir "$target_dir"
    timed "check tests [${set}]" \
        cargo check -q -p rapidutf --lib --tests --no-default-features --features "$set" \
        --target-dir "$target_dir"
done

require=${RAPIDUTF_REQUIRE_KERNELS:-$(bash ci/host-kernels.sh)}
require=$(tr , '\n' <<<"$require" | grep -vx portable | paste -sd, -)
log "validation-only tests (--no-default-features --features std), requiring: $require"
RAPIDUTF_REQUIRE_KERNELS=$require timed "validation-only tests" \
    cargo test -p rapidutf --no-default-features --features std --target-dir "$target_dir"

printf '\nfeatures: %d feature sets build and type-check their tests; the validation-only tests pass\n' \
    "${#sets[@]}" >&2
