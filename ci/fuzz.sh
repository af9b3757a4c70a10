#!/usr/bin/env bash
# Builds rapidutf's cargo-fuzz targets (fuzz/) with nightly and runs each
# one for FUZZ_SECONDS, failing on any crash, leak, timeout or OOM.
#
# Targets: every fuzz/fuzz_targets/*.rs (each a one-line call into its
# module of fuzz/src/, all differential against core/std; fuzz/src/lib.rs
# and ci/README.md describe them).
#
# Seeds are cut at run time from the corpus that rapidutf_testkit writes
# (`cargo run -p rapidutf-testkit --example seeds`: the generated texts in
# every form, JSON, NDJSON, legacy and broken text, and the real corpus
# where ../shared exists) into fuzz/corpus/<target> (git-ignored, kept
# between runs, so a cached machine keeps its corpus).
#
# A crash leaves its input in fuzz/artifacts/<target>/; reproduce with
#   cargo +nightly fuzz run <target> fuzz/artifacts/<target>/<file>
#
# Environment:
#   FUZZ_SECONDS   seconds per target (default 60)
#   FUZZ_TARGETS   targets to run (default: every file in fuzz/fuzz_targets)
#   FUZZ_MAX_LEN   libFuzzer -max_len (default 4096)
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

seconds=${FUZZ_SECONDS:-60}
max_len=${FUZZ_MAX_LEN:-4096}
if [[ -n ${FUZZ_TARGETS:-} ]]; then
    read -r -a targets <<<"$FUZZ_TARGETS"
else
    targets=()
    for f in fuzz/fuzz_targets/*.rs; do
        t=${f##*/}
        targets+=("${t%.rs}")
    done
fi
((${#targets[@]})) || die "no fuzz targets in fuzz/fuzz_targets"

require_cmd g++ g++ # libfuzzer-sys compiles libFuzzer's C++
rustup run nightly rustc --version >/dev/null 2>&1 ||
    die "the nightly toolchain is required (rustup toolchain install nightly)"
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    log "installing cargo-fuzz"
    timed "cargo install cargo-fuzz" cargo +nightly install cargo-fuzz --locked
fi

log "seeding fuzz/corpus from the generated corpus"
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
cargo run -q -p rapidutf-testkit --example seeds -- "$seeds"
python3 - "$seeds" "${targets[@]}" <<'PY'
import hashlib, pathlib, sys
files = sorted(pathlib.Path(sys.argv[1]).iterdir())
assert files, "no corpus files"
# Slices that start and end at arbitrary offsets, so some cut characters.
cuts = [(0, 64), (1, 100), (3, 257), (0, 1000), (5, 4000)]
seeds = []
for f in files:
    data = f.read_bytes()
    seeds += [data[a:a + n] for a, n in cuts]
for target in sys.argv[2:]:
    out = pathlib.Path("fuzz/corpus") / target
    out.mkdir(parents=True, exist_ok=True)
    for s in seeds:
        # transcode_dst reads its dst-size pick from the first two bytes.
        if target == "transcode_dst":
            s = bytes([len(s) & 0xFF, 0]) + s
        (out / ("seed-" + hashlib.sha1(s).hexdigest())).write_bytes(s)
print(f"{len(seeds)} seeds for each of {len(sys.argv) - 2} targets", file=sys.stderr)
PY

log "building fuzz targets (nightly, ASan, debug assertions)"
timed "cargo fuzz build" nice cargo +nightly fuzz build --debug-assertions

failed=()
for t in "${targets[@]}"; do
    log "fuzzing $t for ${seconds}s (-max_len=$max_len)"
    if ! timed "fuzz $t" cargo +nightly fuzz run --debug-assertions "$t" -- \
        -max_len="$max_len" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1; then
        failed+=("$t")
    fi
done

if ((${#failed[@]})); then
    printf '\nfuzz: FAILED: %s (inputs in fuzz/artifacts/)\n' "${failed[*]}" >&2
    exit 1
fi
printf '\nfuzz: %d targets ran %ss each without a failure\n' "${#targets[@]}" "$seconds" >&2
