#!/usr/bin/env bash
# Kernel against kernel: each x86 kernel this CPU has against simdutf's
# kernel of the same class (transcoding per text of the corpus, Latin-1;
# then UTF-8 validation by input size on JSON slices; then, where the shared
# corpus exists, generated against real text), many-strings validation
# through dispatch, and every operation at every offset of its buffers
# within a cache line (bench/examples/offsets.rs), as Markdown on stdout.
#
# Usage: bench/kernels.sh [--offsets-only] [--into FILE.md]
#   --offsets-only  only the last part, "### At every alignment"
#   --into FILE.md  replace the "## Kernel against kernel" section of FILE.md
#                   (from that heading to the next "## " heading or the
#                   end), or with --offsets-only its "### At every
#                   alignment" part, with the output, instead of printing it
#
# Environment:
#   BENCH_QUICK=1   offsets.rs samples 18 of the 64 offsets (--quick): on a
#                   2-core AMD EPYC busy with other work, about 2.5 minutes
#                   per kernel instead of 6 to 17 (all 64)
#   BENCH_NOTE      a line for the "At every alignment" part (the load)
#
# `bench/run.sh` appends the same section after its criterion tables. Run
# it on a quiet machine: the two contenders alternate round by round, so a
# shared machine moves both, but not always equally.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=ci/lib.sh
source "$here/../ci/lib.sh"
require_cmd g++ g++ # the simdutf crate compiles simdutf's C++
into=""
offsets_only=0
while (($#)); do
    case $1 in
    --offsets-only) offsets_only=1 ;;
    --into)
        (($# > 1)) || die "--into needs a file"
        into=$(realpath -m "$2")
        shift
        ;;
    *) die "unknown argument: $1 (see the usage at the top of $0)" ;;
    esac
    shift
done
cd "$here"
[[ $(uname -m) == x86_64 ]] || die "kernel against kernel needs an x86_64 CPU"

target=${CARGO_TARGET_DIR:-$here/target}
cargo build --release --example versus --example sizes --example many_strings --example generated \
    --example offsets --quiet

machine() {
    printf '%s, %s UTC, load average before: %s' \
        "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')" \
        "$(date -u '+%Y-%m-%d %H:%M')" "$(cut -d' ' -f1-3 /proc/loadavg)"
}

# Every operation at every offset (bench/examples/offsets.rs), per kernel.
offsets() {
    local quick=() tables="" ran=() rc here_now
    [[ ${BENCH_QUICK:-0} == 0 ]] || quick=(--quick)
    here_now=$(machine) # the date and load before the runs
    for k in sse42 avx2 avx512; do
        # Exits 2 where the CPU lacks the kernel.
        rc=0
        "$target/release/examples/offsets" "$k" "${quick[@]}" >"$target/offsets-$k.md" 2>/dev/null ||
            rc=$?
        if ((rc == 0)); then
            ran+=("$k")
            tables+=$(printf '\n#### %s\n\n' "$k")$'\n\n'$(cat "$target/offsets-$k.md")$'\n'
        elif ((rc != 2)); then
            die "bench/examples/offsets.rs failed for $k (exit $rc)"
        fi
    done
    printf '\n### At every alignment\n\n'
    printf 'From `bench/examples/offsets.rs`%s: every operation with its input at each byte offset 0..63 past a 64-byte boundary (UTF-16 and UTF-32 input at the multiples of their unit) and its output at the same offset rounded down to its unit, against the same operation of simdutf'"'"'s kernel of the same class (and of std for `is_ascii`). "worst" is each contender'"'"'s slowest placement (its offset in bytes, input/output), "ratio worst" compares the two worsts. Each placement: the median of 3 sweeps, each the best of 7 (5 with `--quick`) rounds of about 0.3 ms, the two contenders alternating round by round. %s; kernels this CPU runs: %s.%s\n' \
        "${quick[*]:+ ${quick[*]}}" "$here_now" "${ran[*]}" "${BENCH_NOTE:+ $BENCH_NOTE}"
    printf '%s' "$tables"
}

report() {
    printf '\n## Kernel against kernel\n\n'
    printf 'From `bench/examples/versus.rs`, `bench/examples/sizes.rs` and `bench/examples/generated.rs` (best of 15 rounds of about 2 ms; simdutf forced with `SIMDUTF_FORCE_IMPLEMENTATION`, rapidutf with `RAPIDUTF_KERNEL`), `bench/examples/many_strings.rs` through dispatch, and `bench/examples/offsets.rs`; %s.\n' \
        "$(machine)"
    for k in sse42 avx2 avx512; do
        if "$target/release/examples/versus" "$k" >"$target/versus-$k.md" 2>/dev/null; then
            printf '\n### %s\n\n' "$k"
            cat "$target/versus-$k.md"
            printf '\n'
            "$target/release/examples/sizes" "$k"
            # Needs the shared corpus; exits 2 without it.
            if "$target/release/examples/generated" "$k" >"$target/generated-$k.md" 2>/dev/null; then
                printf '\n#### Generated against real text\n\n'
                cat "$target/generated-$k.md"
            fi
        fi
    done
    printf '\n### Many strings\n\n'
    "$target/release/examples/many_strings"
    offsets
}

what=report
heading='## Kernel against kernel'
if ((offsets_only)); then
    what=offsets
    heading='### At every alignment'
fi
if [[ -z $into ]]; then
    $what
    exit
fi
out=$($what)
python3 - "$into" "$heading" "$out" <<'EOF'
import re, sys
path, heading, section = sys.argv[1:]
text = open(path).read()
# From the heading to the next heading of its level or a higher one (its
# own sub-headings go with it), or the end.
level = len(heading.split(' ')[0])
m = re.search(r'\n' + re.escape(heading) + r'\n.*?(?=\n#{1,%d} |\Z)' % level, text, re.S)
section = '\n' + section.strip('\n') + '\n'
if m:
    rest = text[m.end():].lstrip('\n')
    text = text[: m.start()].rstrip('\n') + '\n' + section + ('\n' + rest if rest else '')
else:
    text = text.rstrip('\n') + '\n' + section
open(path, 'w').write(text)
EOF
echo "bench/kernels.sh: wrote \"$heading\" in $into" >&2
