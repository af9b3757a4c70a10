#!/usr/bin/env bash
# Runs the benchmarks (every bench/benches/*.rs) and renders BENCHMARKS.md.
#
# Usage: bench/run.sh [OUTPUT.md] [criterion filter...]
#   OUTPUT.md  default: BENCHMARKS.md at the repository root
#   filter     passed to criterion, e.g. `corpus` or `sizes/mixed`
#
# Environment:
#   BENCH_QUICK=1  short warm-up/measurement (smoke run, about 8 minutes
#                  on 2 cores instead of about 40); the report says so
#   BENCH_NOTE     a line to put at the top of the report
#   BENCH_KEEP=1   keep earlier criterion results (default: start clean,
#                  so the report never mixes runs)
#   BENCH_TARGETS  space-separated bench targets to run (default: all of
#                  bench/benches), e.g. "validate" or "counts_lossy"
#
# Run it on a quiet machine: the numbers are only as good as the machine
# is idle. The report records the load average before and after.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=ci/lib.sh
source "$here/../ci/lib.sh"
require_cmd g++ g++ # the simdutf crate compiles simdutf's C++
out=$(realpath -m "${1:-$here/../BENCHMARKS.md}")
(($#)) && shift
cd "$here"

target=${CARGO_TARGET_DIR:-$here/target}
mkdir -p "$target"
[[ ${BENCH_KEEP:-0} == 1 ]] || rm -rf "$target/criterion"

note=${BENCH_NOTE:-}
if [[ ${BENCH_QUICK:-0} != 0 ]]; then
    note="${note:+$note }Quick run (BENCH_QUICK=1: 0.3 s warm-up and 1 s measurement per benchmark, 0.5 s for the size sweep): indicative only."
fi

start=$SECONDS
before=$(cut -d' ' -f1-3 /proc/loadavg)
targets=${BENCH_TARGETS:-$(cd benches && ls *.rs | sed 's/\.rs$//' | tr '\n' ' ')}
bench_args=()
for t in $targets; do bench_args+=(--bench "$t"); done
# The bench profile (debug = 1) differs from release: build that one, or
# `cargo bench` rebuilds everything.
cargo build --profile bench "${bench_args[@]}" --quiet
# The full criterion output goes to a log; the summary lines to the terminal.
set +e
cargo bench "${bench_args[@]}" -- "$@" 2>&1 | tee "$target/bench.log" |
    grep --line-buffered -E '^[[:alnum:]_]+/.*[^:]$|thrpt:'
status=${PIPESTATUS[0]}
set -e
((status == 0)) || { echo "cargo bench failed; see $target/bench.log" >&2; exit 1; }
after=$(cut -d' ' -f1-3 /proc/loadavg)
echo "before: $before; after: $after" >"$target/loadavg.txt"

# The NEON section (bench/neon/count.sh --into) is measured under qemu, not
# here: carry it over from the report being replaced.
neon=$(python3 -c 'import sys, re
m = re.search(r"^## NEON under qemu.*?(?=^## |\Z)", open(sys.argv[1]).read(), re.M | re.S)
print(m.group(0).rstrip() if m else "")' "$out" 2>/dev/null || true)
python3 render.py "$out" --note "$note"
[[ -z $neon ]] || printf '\n%s\n' "$neon" >>"$out"

# Kernel against kernel (see bench/kernels.sh), appended to the report.
if [[ $(uname -m) == x86_64 ]]; then
    bash "$here/kernels.sh" >>"$out"
fi
echo "bench/run.sh: $((SECONDS - start)) s" >&2
