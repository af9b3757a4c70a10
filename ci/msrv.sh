#!/usr/bin/env bash
# The library on its declared minimum Rust version (`rust-version` in
# Cargo.toml): every feature set of ci/features.sh type-checks, and the
# tests with every feature, warning-free; the unit tests pass with the
# default features, requiring every kernel of ci/host-kernels.sh that this
# compiler can build (AVX-512 needs 1.89: `build.rs` leaves it out before). The integration
# tests are type-checked here and run on stable (`cargo test`): what the
# minimum version must show is that the library compiles and its kernels
# are built and dispatched the same, and an optimised build of the whole
# suite with a second compiler would double the tests' share of CI.
#
# The lockfile's newest dependencies may need a newer Rust than the
# library does (the test dependencies, mostly). So this runs on a copy of
# the repository's files whose lockfile is resolved for the minimum
# version, as a user's would be (`cargo update` with
# `CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback`, on stable), and
# leaves the repository untouched. The CLI, the C ABI and the benches may
# use newer Rust and are not built here.
#
# Environment:
#   MSRV                      the toolchain (default: Cargo.toml's
#                             rust-version)
#   RAPIDUTF_REQUIRE_KERNELS  the kernels the tests must run (default:
#                             ci/host-kernels.sh, minus avx512 before 1.89)
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

msrv=${MSRV:-$(sed -n 's/^rust-version *= *"\(.*\)"/\1/p' Cargo.toml | head -n1)}
[[ -n $msrv ]] || die "no rust-version in Cargo.toml"

if ! rustup run "$msrv" rustc --version >/dev/null 2>&1; then
    log "rustup toolchain install $msrv --profile minimal"
    rustup toolchain install "$msrv" --profile minimal ||
        die "rustup could not install Rust $msrv"
fi
version=$(rustup run "$msrv" rustc --version)
echo "toolchain: $version" >&2

# A target dir of its own (another compiler's artifacts would only evict
# the normal build's), with the copy beside it.
target_dir=${CARGO_TARGET_DIR:-$ROOT/target}/msrv
tree=$target_dir/tree
log "copying the repository's files to $tree"
rm -rf "$tree"
mkdir -p "$tree"
# Tracked files, and new ones that are not ignored (a working tree's).
git ls-files -z --cached --others --exclude-standard |
    xargs -0 cp --parents -t "$tree" 2>/dev/null || true
[[ -f $tree/Cargo.toml && -d $tree/src ]] || die "copying the repository to $tree failed"
# The tests read the shared corpus beside the repository when it exists.
[[ -d $ROOT/../shared ]] && ln -sfn "$(cd "$ROOT/../shared" && pwd)" "$target_dir/shared"

log "resolving the dependencies for Rust $msrv"
(cd "$tree" && CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback cargo +stable update -q)

minor=$(sed -n 's/^rustc 1\.\([0-9]*\)\..*/\1/p' <<<"$version")
require=${RAPIDUTF_REQUIRE_KERNELS:-$(bash ci/host-kernels.sh)}
if ((minor < 89)); then
    require=$(tr , '\n' <<<"$require" | grep -vx avx512 | paste -sd, -)
fi

cd "$tree"
# Warnings denied in the library; the same flags for every command, so
# the dependencies are built once.
export RUSTFLAGS="${RUSTFLAGS:-} -D warnings"
msrv_cargo() { cargo "+$msrv" "$@" -p rapidutf --target-dir "$target_dir"; }
export RAPIDUTF_REQUIRE_KERNELS=$require
log "default features: the unit tests, requiring $require"
timed "msrv unit tests [default]" msrv_cargo test --lib

mapfile -t sets < <(bash "$ROOT/ci/features.sh" --list)
for set in default "${sets[@]}"; do
    if [[ $set == default ]]; then
        features=()
    else
        features=(--no-default-features --features "$set")
    fi
    # The library alone is the set itself (with its tests the testkit, a
    # dev-dependency, adds `portable` to it).
    timed "msrv check [${set}]" msrv_cargo check -q --lib "${features[@]}"
done
# The tests, type-checked once with every feature: which set each test
# needs is ci/features.sh's concern (on stable); here only whether they
# compile with this compiler. Checking them per set cost six minutes.
timed "msrv check tests [all features]" msrv_cargo check -q --lib --tests --all-features
printf '\nmsrv: with Rust %s the unit tests pass (default features; kernels %s), %d feature sets check, and the tests with every feature\n' \
    "$msrv" "$require" "$((${#sets[@]} + 1))" >&2
