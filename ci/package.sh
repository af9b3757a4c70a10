#!/usr/bin/env bash
# Packages the library as it would be published (`cargo package`), checks
# what the .crate contains, unpacks it outside the repository and proves
# that the published crate works on its own:
#
#   - `cargo test --lib`: the unit tests (the crate's docs include
#     README.md, so the build fails without it; the doctests, the README's
#     examples among them, run in the repository's test step);
#   - `cargo build --no-default-features` and `--features alloc`;
#   - the docs as docs.rs builds them (nightly, `--cfg docsrs`, all
#     features, warnings denied), which marks feature-gated items.
#
# The integration tests, the corpus, the fuzz targets and the CI scripts
# are not published (Cargo.toml's `include` list): they need files and
# workspace crates that the package does not have.
#
# Environment:
#   CARGO_TARGET_DIR   honoured (default target/); the unpacked crate builds
#                      in <target>/package-check
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

target_dir=${CARGO_TARGET_DIR:-$ROOT/target}
version=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "rapidutf"))')
crate=$target_dir/package/rapidutf-$version.crate

log "cargo package -p rapidutf"
# --no-verify: the unpacked crate is built and tested below, more fully
# than cargo's own verification (which only builds it).
rm -f "$crate"
timed "cargo package" cargo package -p rapidutf --allow-dirty --no-verify --target-dir "$target_dir"
[[ -f $crate ]] || die "cargo package did not produce $crate"

log "contents of $(basename "$crate")"
mapfile -t files < <(tar -tzf "$crate" | sed "s|^rapidutf-$version/||" | grep -v '/$' | sort)
# The first twelve, without a pipe (head closing it early is a SIGPIPE
# for printf, which pipefail turns into a failure).
printf '  %s\n' "${files[@]:0:12}" >&2
echo "  ... ${#files[@]} files" >&2
for want in Cargo.toml README.md LICENSE-MIT LICENSE-APACHE src/lib.rs build.rs; do
    grep -qx "$want" <<<"$(printf '%s\n' "${files[@]}")" || die "the package lacks $want"
done
unexpected=$(printf '%s\n' "${files[@]}" |
    grep -Ev '^(src/.*\.rs|build\.rs|Cargo\.toml|Cargo\.toml\.orig|Cargo\.lock|\.cargo_vcs_info\.json|README\.md|LICENSE-MIT|LICENSE-APACHE)$' || true)
[[ -z $unexpected ]] || die "the package ships files outside the include list: $unexpected"

# Outside the repository: under it, cargo would take the workspace root's
# manifest for this crate's workspace and refuse to build.
work=$(mktemp -d "${TMPDIR:-/tmp}/rapidutf-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
tar -xzf "$crate" -C "$work"
cd "$work/rapidutf-$version"
export CARGO_TARGET_DIR=$target_dir/package-check

# The unit tests: the crate builds and runs from its own files. The
# doctests (the README's examples among them) are the same sources that
# the test step already runs in the repository; running them again here
# cost CI a minute and a half.
log "unpacked crate: cargo test --lib (unit tests)"
timed "package test" cargo test --lib
log "unpacked crate: cargo build --no-default-features (and --features alloc)"
timed "package no_std build" cargo build --no-default-features
timed "package alloc build" cargo build --no-default-features --features alloc

if rustup run nightly rustc --version >/dev/null 2>&1; then
    log "unpacked crate: docs as docs.rs builds them (nightly, --cfg docsrs, all features)"
    RUSTDOCFLAGS="--cfg docsrs -D warnings" timed "package docs" \
        cargo +nightly doc --no-deps --all-features
    # An item behind one feature, and one behind two (the allocating
    # transcoders need `alloc` and `transcode`).
    grep -q 'Available on <strong>crate feature <code>alloc</code></strong> only' \
        "$CARGO_TARGET_DIR/doc/rapidutf/fn.string_from_utf8.html" ||
        die "docs.rs build: feature-gated items are not marked (doc_cfg)"
    grep -q 'Available on <strong>crate features <code>transcode</code> and <code>alloc</code></strong> only' \
        "$CARGO_TARGET_DIR/doc/rapidutf/transcode/fn.utf8_to_utf16_vec.html" ||
        die "docs.rs build: items behind two features are not marked with both (doc_cfg)"
else
    die "the nightly toolchain is required for the docs.rs build (rustup toolchain install nightly)"
fi
printf '\npackage: rapidutf %s packages, tests, builds without std and documents as docs.rs would\n' "$version" >&2
