#!/usr/bin/env bash
# Measures what depending on rapidutf costs at build time, beside the
# crates it replaces: the clean release build of a one-function crate
# that depends on it, once per documented feature set, and the same for a
# crate that depends on simdutf8 and one that depends on encoding_rs, as
# a user's `cargo build --release` sees it (the dependent's default
# release profile, every dependency built from scratch, all cores).
#
# Usage: bench/build-times.sh [ROUNDS]
#   ROUNDS  clean builds per set (default 5); the sets take turns within
#           each round, so a change in the machine's load falls on all of
#           them alike, and the medians are reported
#
# Environment:
#   TOOLCHAIN  the rustup toolchain to build with (default: the active one)
#   ONLY       an extended regular expression: only the sets whose names
#              match it are built, beside both peers (default: every set)
#
# Prints a Markdown table: median wall-clock seconds, median CPU seconds
# (user + system of every process of the build), and the CPU time against
# simdutf8's (for the validation-only sets) and encoding_rs's (for the
# others). CPU time is the figure to compare on a shared machine: other
# jobs stretch the wall-clock time, not the work done.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
rounds=${1:-5}
cargo=(cargo ${TOOLCHAIN:+"+$TOOLCHAIN"})

work=${CARGO_TARGET_DIR:-$here/target}/build-times
rm -rf "$work"
mkdir -p "$work"

# The children's user + system milliseconds from a file `times` wrote
# (its second line: "XmY.YYYs XmY.YYYs"). `times` must run in this shell,
# not in a pipeline's subshell, whose counters start at zero.
children_ms() {
    sed -n 2p "$1" | sed 's/[ms]/ /g' | awk '{printf "%d", (($1 * 60 + $2) + ($3 * 60 + $4)) * 1000}'
}

# name | dependency line | the one function | lockfile (pins versions)
validate='rapidutf::validate_utf8(bytes).is_ok()'
# The public functions are compiled where they are called (they are
# `#[inline]`; the kernels are built with the crate), so a dependent that
# calls more of them pays more: this one calls sixteen of the default set.
sixteen='{
    let text = rapidutf::utf8_to_string_lossy(bytes);
    let wide = rapidutf::str_to_utf16_vec(&text);
    let mut buf = [0u16; 64];
    let n = rapidutf::utf8_to_utf16le(bytes, &mut buf).unwrap_or(0);
    let round = rapidutf::utf16_to_string(&wide).is_ok()
        && rapidutf::utf16_to_string_lossy(&wide[..n.min(wide.len())]).len() <= text.len();
    let wide32 = rapidutf::utf8_to_utf32_vec(bytes).unwrap_or_default();
    let again = rapidutf::utf32_to_string(&wide32).is_ok();
    let single = rapidutf::latin1_to_string(bytes).len() + rapidutf::windows1252_to_string(bytes).len();
    let narrow = rapidutf::utf8_to_latin1_vec(bytes).is_ok();
    let counts = rapidutf::count_chars(bytes) + rapidutf::utf16_len_from_utf8(bytes);
    let from_bytes = rapidutf::utf16le_bytes_to_string(bytes).is_ok();
    let utf8 = matches!(rapidutf::detect_encoding(bytes).encoding(), rapidutf::DetectedEncoding::Utf8);
    round && again && narrow && from_bytes && single >= counts && utf8
        && rapidutf::validate_utf16(&wide).is_ok() && rapidutf::validate_utf8(bytes).is_ok()
    }'
sixteen=${sixteen//$'\n'/ } # one line: the set's fields are read line by line
sets=(
    "validation only (\`default-features = false, features = [\"std\"]\`)|rapidutf = { path = \"$root\", default-features = false, features = [\"std\"] }|$validate|$root/Cargo.lock"
    "no_std validation (\`default-features = false\`)|rapidutf = { path = \"$root\", default-features = false }|$validate|$root/Cargo.lock"
    "simdutf8 0.1 (default features)|simdutf8 = \"0.1.5\"|simdutf8::basic::from_utf8(bytes).is_ok()|$here/Cargo.lock"
    "\`std\` + \`transcode\`|rapidutf = { path = \"$root\", default-features = false, features = [\"std\", \"transcode\"] }|$validate|$root/Cargo.lock"
    "\`std\` + \`single-byte\`|rapidutf = { path = \"$root\", default-features = false, features = [\"std\", \"single-byte\"] }|$validate|$root/Cargo.lock"
    "\`std\` + \`stream\`|rapidutf = { path = \"$root\", default-features = false, features = [\"std\", \"stream\"] }|$validate|$root/Cargo.lock"
    "\`std\` + \`utf8-variants\`|rapidutf = { path = \"$root\", default-features = false, features = [\"std\", \"utf8-variants\"] }|$validate|$root/Cargo.lock"
    "\`std\` + \`portable\`|rapidutf = { path = \"$root\", default-features = false, features = [\"std\", \"portable\"] }|$validate|$root/Cargo.lock"
    "default|rapidutf = { path = \"$root\" }|$validate|$root/Cargo.lock"
    "default, sixteen functions called|rapidutf = { path = \"$root\" }|$sixteen|$root/Cargo.lock"
    "default + \`portable\`|rapidutf = { path = \"$root\", features = [\"portable\"] }|$validate|$root/Cargo.lock"
    "encoding_rs 0.8 (default features)|encoding_rs = \"0.8\"|encoding_rs::Encoding::utf8_valid_up_to(bytes) == bytes.len()|$here/Cargo.lock"
)
if [ -n "${ONLY:-}" ]; then
    kept=()
    for set in "${sets[@]}"; do
        name=${set%%|*}
        case $name in
            simdutf8* | encoding_rs*) kept+=("$set") ;;
            *) if grep -Eq -- "$ONLY" <<<"$name"; then kept+=("$set"); fi ;;
        esac
    done
    sets=("${kept[@]}")
fi

# Which peer each set is compared with: simdutf8 for validation alone,
# encoding_rs for everything that transcodes.
peer_of() {
    case $1 in
        validation* | no_std*) echo simdutf8 ;;
        simdutf8* | encoding_rs*) echo - ;;
        *) echo encoding_rs ;;
    esac
}

# One crate per set, all written first, so every round builds the same.
for i in "${!sets[@]}"; do
    IFS='|' read -r _ dep call lock <<<"${sets[$i]}"
    dir=$work/set$i
    mkdir -p "$dir/src"
    cat >"$dir/Cargo.toml" <<EOF
[package]
name = "build-time-$i"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
$dep

[workspace]
EOF
    printf '/// What the dependent calls.\npub fn valid(bytes: &[u8]) -> bool {\n    %s\n}\n' \
        "$call" >"$dir/src/lib.rs"
    cp "$lock" "$dir/Cargo.lock"
    # Resolve and download now, outside the timed builds.
    "${cargo[@]}" fetch -q --manifest-path "$dir/Cargo.toml"
done

declare -A wall cpu
for ((r = 0; r < rounds; r++)); do
    for i in "${!sets[@]}"; do
        dir=$work/set$i
        rm -rf "$dir/target"
        times >"$work/times0"
        start=$(date +%s.%N)
        "${cargo[@]}" build -q --release --offline --manifest-path "$dir/Cargo.toml" \
            --target-dir "$dir/target"
        end=$(date +%s.%N)
        times >"$work/times1"
        w=$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.2f", b-a}')
        c=$(($(children_ms "$work/times1") - $(children_ms "$work/times0")))
        wall[$i]+="$w " cpu[$i]+="$c "
        # Every build's figures as they come, for a run cut short.
        printf '%d\t%s\t%s\t%s\n' "$r" "${sets[$i]%%|*}" "$w" "$c" >>"$work/raw.tsv"
    done
    echo "round $((r + 1))/$rounds done" >&2
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR]=$1} END{m=(NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2; printf "%.2f", m}'; }
declare -A cpu_s
for i in "${!sets[@]}"; do
    cpu_s[$i]=$(tr ' ' '\n' <<<"${cpu[$i]}" | grep . | awk '{printf "%.3f\n", $1/1000}' | median)
    case ${sets[$i]} in
        simdutf8*) simdutf8=${cpu_s[$i]} ;;
        encoding_rs*) encoding_rs=${cpu_s[$i]} ;;
    esac
done

printf '%s, %d rounds, medians; %s\n\n' "$("${cargo[@]}" --version)" "$rounds" \
    "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
printf '| dependency | wall s | CPU s | CPU against |\n|---|---|---|---|\n'
for i in "${!sets[@]}"; do
    name=${sets[$i]%%|*}
    case $(peer_of "$name") in
        simdutf8) vs=$(awk -v a="${cpu_s[$i]}" -v b="$simdutf8" 'BEGIN{printf "%.2f× simdutf8", a/b}') ;;
        encoding_rs) vs=$(awk -v a="${cpu_s[$i]}" -v b="$encoding_rs" 'BEGIN{printf "%.2f× encoding_rs", a/b}') ;;
        *) vs="" ;;
    esac
    printf '| %s | %s | %s | %s |\n' "$name" "$(median <<<"${wall[$i]}")" "${cpu_s[$i]}" "$vs"
done
