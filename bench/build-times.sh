#!/usr/bin/env bash
# Measures what depending on rapidutf costs at build time: the clean
# release build of a one-function crate that depends on it, once per
# documented feature set, as a user's `cargo build --release` sees it (the
# dependent's default release profile, every dependency built from
# scratch, all cores).
#
# Usage: bench/build-times.sh [ROUNDS]
#   ROUNDS  clean builds per feature set; the best is reported (default 3)
#
# Prints a Markdown table: wall-clock seconds and CPU seconds (user +
# system, all processes). Run it on a quiet machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
rounds=${1:-3}

work=${CARGO_TARGET_DIR:-$here/target}/build-times
rm -rf "$work"
mkdir -p "$work/src"
# The library's own lockfile pins the dependencies' versions.
cp "$root/Cargo.lock" "$work/Cargo.lock"
cat >"$work/src/lib.rs" <<'EOF'
/// The one call a validation-only user makes.
pub fn valid(bytes: &[u8]) -> bool {
    rapidutf::validate_utf8(bytes).is_ok()
}
EOF

# The children's user + system milliseconds from a file `times` wrote
# (its second line: "XmY.YYYs XmY.YYYs"). `times` must run in this shell,
# not in a pipeline's subshell, whose counters start at zero.
children_ms() {
    sed -n 2p "$1" | sed 's/[ms]/ /g' | awk '{printf "%d", (($1 * 60 + $2) + ($3 * 60 + $4)) * 1000}'
}

# name | dependency spec
sets=(
    'validation only (`default-features = false, features = ["std"]`)|default-features = false, features = ["std"]'
    'no_std validation (`default-features = false`)|default-features = false'
    '`std` + `transcode`|default-features = false, features = ["std", "transcode"]'
    '`std` + `legacy`|default-features = false, features = ["std", "legacy"]'
    '`std` + `stream`|default-features = false, features = ["std", "stream"]'
    '`std` + `derive`|default-features = false, features = ["std", "derive"]'
    '`std` + `portable`|default-features = false, features = ["std", "portable"]'
    'default (everything)|'
)

printf '| feature set | clean release build, wall s | CPU s |\n|---|---|---|\n'
for entry in "${sets[@]}"; do
    name=${entry%%|*}
    spec=${entry#*|}
    cat >"$work/Cargo.toml" <<EOF
[package]
name = "rapidutf-build-time"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
rapidutf = { path = "$root"${spec:+, $spec} }

[workspace]
EOF
    best_wall="" best_cpu=""
    for ((r = 0; r < rounds; r++)); do
        rm -rf "$work/target"
        # Wall and CPU time of the build (`times` reports this shell's
        # finished children's user and system seconds).
        times >"$work/times0"
        start=$(date +%s.%N)
        cargo build -q --release --manifest-path "$work/Cargo.toml" --target-dir "$work/target"
        end=$(date +%s.%N)
        times >"$work/times1"
        wall=$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.2f", b-a}')
        cpu=$(printf '%.2f' "$(( $(children_ms "$work/times1") - $(children_ms "$work/times0") ))e-3")
        if [[ -z $best_wall ]] || awk -v a="$wall" -v b="$best_wall" 'BEGIN{exit !(a<b)}'; then
            best_wall=$wall best_cpu=$cpu
        fi
    done
    printf '| %s | %s | %s |\n' "$name" "$best_wall" "$best_cpu"
done
