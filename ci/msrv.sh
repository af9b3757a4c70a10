#!/usr/bin/env bash
# Checks that the library builds with its declared minimum Rust version
# (`rust-version` in Cargo.toml, 1.89), with default features, without
# any, and with `alloc` alone.
#
# Only `cargo check` of the library: the tests, benches and the CLI may
# use newer Rust (the lockfile's dev-dependencies need it), and what a
# user compiles is the library.
#
# Environment:
#   MSRV   the toolchain to check with (default: Cargo.toml's rust-version)
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
echo "toolchain: $(rustup run "$msrv" rustc --version)" >&2

# A target dir of its own: another compiler's artifacts would only evict
# the normal build's.
target_dir=${CARGO_TARGET_DIR:-$ROOT/target}/msrv
for features in "" "--no-default-features" "--no-default-features --features alloc"; do
    log "cargo +$msrv check -p rapidutf ${features:-(default features)}"
    # shellcheck disable=SC2086 # $features is a list of arguments
    timed "msrv check ${features:-default}" \
        cargo "+$msrv" check -p rapidutf --lib --target-dir "$target_dir" $features
done
printf '\nmsrv: rapidutf builds with Rust %s (default, no default, alloc only)\n' "$msrv" >&2
