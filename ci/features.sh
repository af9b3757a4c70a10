#!/usr/bin/env bash
# Every documented feature set of the library builds, warning-free, and
# its tests type-check.
#
# The sets are the ones the README's "Crate features" table describes:
# nothing (no_std validation), `alloc`, `std` (validation alone), `std`
# plus each optional part (`transcode`, `stream`, `utf8-variants`, `single-byte`,
# `portable`), each optional part without `std`, and everything; the `io`
# module's least set (`std,stream,single-byte`) and each optional I/O
# integration alone (`bytes`, `futures`, `tokio`). For each
# one the library and its tests are type-checked with warnings denied, so
# a `#[cfg]` that leaves an item unused, or a test that names a function
# its set lacks, fails here; the smallest set (no features: `no_std`, no
# `alloc`) is also built. The package step (ci/package.sh) builds the
# packaged crate without `std` and with `alloc` only and runs its tests.
#
# The default set's tests are the main `cargo test` step; ci/msrv.sh
# type-checks every set listed here on the minimum Rust version, and runs
# the default set's unit tests there.
#
# Usage: ci/features.sh [--list]   (--list: print the sets, one a line)
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
    "std,utf8-variants"
    "std,single-byte"
    "std,portable"
    "transcode"
    "stream"
    "utf8-variants"
    "single-byte"
    "portable"
    "alloc,transcode,stream,utf8-variants,single-byte"
    "std,transcode,stream,utf8-variants,single-byte,portable"
    "std,stream,single-byte"
    "bytes"
    "futures"
    "tokio"
)
if [[ ${1:-} == --list ]]; then
    printf '%s\n' "${sets[@]}"
    exit 0
fi

# Two checks per set: the library alone is the set itself; with its tests
# the testkit (a dev-dependency) adds `portable` to it.
for set in "${sets[@]}"; do
    timed "check [${set}]" \
        cargo check -q -p rapidutf --lib --no-default-features --features "$set" \
        --target-dir "$target_dir"
    timed "check tests [${set}]" \
        cargo check -q -p rapidutf --lib --tests --no-default-features --features "$set" \
        --target-dir "$target_dir"
done
timed "build []" cargo build -q -p rapidutf --lib --no-default-features --target-dir "$target_dir"

printf '\nfeatures: %d feature sets type-check with their tests\n' \
    "${#sets[@]}" >&2
