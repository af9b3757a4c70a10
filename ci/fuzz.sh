#!/usr/bin/env bash
# Builds rapidutf's cargo-fuzz targets (fuzz/) with nightly and runs each
# one for FUZZ_SECONDS, failing on any crash, leak, timeout or OOM.
#
# Targets (all differential against core/std; one module each in fuzz/src/):
#   validate          every available kernel + free functions vs core::str::from_utf8
#   roundtrip         UTF-8 <-> UTF-16/UTF-32 round trips, exact errors, lossy, lengths
#   transcode_dst     every transcoder with edge and fuzzer-chosen dst sizes
#   stream_validate   chunked validation vs the whole-buffer result
#   stream_decode     chunked strict and lossy decoding vs the whole-buffer result
#   derive_roundtrip  the UTF-8 derivatives' encoders and decoders round-trip
#
# Seeds are cut from tests/data/lipsum at run time into fuzz/corpus/<target>
# (git-ignored, kept between runs, so a cached machine keeps its corpus).
# A crash leaves its input in fuzz/artifacts/<target>/; reproduce with
#   cargo +nightly fuzz run <target> fuzz/artifacts/<target>/<file>
#
# Environment:
#   FUZZ_SECONDS   seconds per target (default 60)
#   FUZZ_TARGETS   targets to run (default: all six)
#   FUZZ_MAX_LEN   libFuzzer -max_len (default 4096)
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

seconds=${FUZZ_SECONDS:-60}
max_len=${FUZZ_MAX_LEN:-4096}
read -r -a targets <<<"${FUZZ_TARGETS:-validate roundtrip transcode_dst stream_validate stream_decode derive_roundtrip latin1}"

require_cmd g++ g++ # libfuzzer-sys compiles libFuzzer's C++
rustup run nightly rustc --version >/dev/null 2>&1 ||
    die "the nightly toolchain is required (rustup toolchain install nightly)"
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    log "installing cargo-fuzz"
    timed "cargo install cargo-fuzz" cargo +nightly install cargo-fuzz --locked
fi

log "seeding fuzz/corpus from tests/data/lipsum"
python3 - "${targets[@]}" <<'PY'
import hashlib, pathlib, sys
root = pathlib.Path("tests/data/lipsum")
files = sorted(root.glob("*.txt"))
assert files, "no lipsum files"
# Slices that start and end at arbitrary offsets, so some cut characters.
cuts = [(0, 64), (1, 100), (3, 257), (0, 1000), (5, 4000)]
seeds = []
for f in files:
    data = f.read_bytes()
    seeds += [data[a:a + n] for a, n in cuts]
for target in sys.argv[1:]:
    out = pathlib.Path("fuzz/corpus") / target
    out.mkdir(parents=True, exist_ok=True)
    for s in seeds:
        # transcode_dst reads its dst-size pick from the first two bytes.
        if target == "transcode_dst":
            s = bytes([len(s) & 0xFF, 0]) + s
        (out / ("seed-" + hashlib.sha1(s).hexdigest())).write_bytes(s)
print(f"{len(seeds)} seeds for each of {len(sys.argv) - 1} targets", file=sys.stderr)
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
