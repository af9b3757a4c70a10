#!/usr/bin/env bash
# Builds rapidutf's cargo-fuzz targets (fuzz/) with nightly (ASan, debug
# assertions) and runs each one for FUZZ_SECONDS, failing on any crash,
# leak, timeout or OOM.
#
# Targets (all differential against core/std or the testkit's reference;
# one module each in fuzz/src/, one line each in fuzz/fuzz_targets/). Those marked * call every available
# kernel's `Kernel` methods on every input; the others' APIs always
# dispatch, and reach a kernel through RAPIDUTF_KERNEL (see below).
#   validate*          every kernel + free functions vs core::str::from_utf8
#   roundtrip*         UTF-8 <-> UTF-16/UTF-32 round trips, exact errors, lossy, lengths
#   transcode_dst*     every transcoder (free and per kernel) with edge and fuzzer-chosen dst sizes
#   str_chars*         str_to_* / chars_to_* (per kernel), their _vec and _append forms; long text
#   strategy*          lossy decoding with every ErrorStrategy, every kernel's lossy decoding
#   many*              many-strings validation, every offset type, ranges, per kernel
#   latin1*            every Latin-1 and Windows-1252 conversion, free and per kernel
#   long*              64 KiB and longer inputs through every kernel (512-bit loops)
#   stream_validate    chunked validation vs the whole-buffer result
#   stream_decode      chunked strict and lossy decoding (UTF-8 <-> UTF-16) vs the whole buffer
#   stream_outputs     Utf32Decoder, and Utf8Decoder to UTF-32/UTF-8/strategies, chunked
#   variants_roundtrip   the UTF-8 derivatives' encoders and decoders round-trip
#   dropin             from_utf8, from_utf8_mut, string_from_utf8 vs core and std
#   alloc_append       every _vec/_to_string/_append form, long inputs that regrow
#   utf16_tools        byte swaps, well-formedness, lossy lengths vs std
#   detect             encoding detection vs the documented rules on std's decoders
#   capi               every rapidutf_* C function vs the Rust API, exact-size heap buffers
#
# Kernels: each target runs with RAPIDUTF_KERNEL set to one of the host's
# kernels (ci/host-kernels.sh), the kernel rotating from target to target,
# so that the dispatching APIs meet more than the default kernel in a brief
# run. With FUZZ_EVERY_KERNEL=1 each target instead runs once per kernel,
# FUZZ_SECONDS split between them: the long campaign, by hand:
#   FUZZ_SECONDS=1800 FUZZ_EVERY_KERNEL=1 bash ci/fuzz.sh
# Every file in fuzz/fuzz_targets/ runs, counted when the script runs, so
# a new target is fuzzed without touching this script.
#
# Seeds are cut at run time from the corpus that rapidutf_testkit writes
# (`cargo run -p rapidutf-testkit --example seeds`: the generated texts in
# every form, JSON, NDJSON, legacy and broken text, and the real corpus
# where ../shared exists) into fuzz/corpus/<target> (git-ignored, kept
# between runs, so a cached machine keeps its corpus).
#
# A crash leaves its input in fuzz/artifacts/<target>/; reproduce with
#   cargo +nightly fuzz run <target> fuzz/artifacts/<target>/<file>
# (cargo-fuzz), or run fuzz/target/<host>/release/<target> on the file.
#
# Environment:
#   FUZZ_SECONDS       seconds per target (default 60)
#   FUZZ_TARGETS       targets to run (default: every file in fuzz/fuzz_targets)
#   FUZZ_MAX_LEN       libFuzzer -max_len for every target (default 4096;
#                      16384 for validate, whose AVX-512 kernel switches to
#                      512-bit vectors from 8 KiB; the long and
#                      alloc_append targets build 64 KiB inputs themselves)
#   FUZZ_EVERY_KERNEL  1: every target under every host kernel (see above)
#   FUZZ_KERNELS       the kernels (default: ci/host-kernels.sh)
#   FUZZ_SEEDS         at most this many seeds per target (default 0: all).
#                      libFuzzer runs every seed before its time limit
#                      applies, and the targets that build 64 KiB inputs
#                      took five minutes over all of them
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

seconds=${FUZZ_SECONDS:-60}
IFS=, read -r -a kernels <<<"${FUZZ_KERNELS:-$(bash ci/host-kernels.sh)}"
every=${FUZZ_EVERY_KERNEL:-0}
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
log "seeding fuzz/corpus from the generated corpus"
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
cargo run -q -p rapidutf-testkit --example seeds -- "$seeds"
FUZZ_SEEDS=${FUZZ_SEEDS:-0} python3 - "$seeds" "${targets[@]}" <<'PY'
import hashlib, pathlib, sys
files = sorted(pathlib.Path(sys.argv[1]).iterdir())
assert files, "no corpus files"
# Slices that start and end at arbitrary offsets, so some cut characters.
cuts = [(0, 64), (1, 100), (3, 257), (0, 1000), (5, 4000)]
seeds = []
for f in files:
    data = f.read_bytes()
    seeds += [data[a:a + n] for a, n in cuts]
# The bytes each target reads before its text (fuzz/src/<target>.rs):
# flags and picks; a seed per header, the second one asking for a long
# input where the target builds one.
headers = {
    "transcode_dst": [b"\x00\x00", b"\x40\x00"],
    "latin1": [b"\x00\x00", b"\x40\x00"],
    "str_chars": [b"\x00\x00\x00", b"\x01\x00\x00", b"\x02\x00\x00"],
    "strategy": [b"\x00", b"\x01"],
    "many": [b"\x00\x03\x20\x80\xC0", b"\x01\x03\x20\x80\xC0"],
    "long": [b"\x00", b"\x01"],
    "stream_outputs": [b"\x00\x02\x05\x40\x03\x09", b"\x01\x02\x05\x40\x03\x09"],
    "dropin": [b"\x00", b"\x01"],
    "alloc_append": [b"\x00", b"\x01"],
    "utf16_tools": [b"\x00", b"\x01"],
    "detect": [b"\x00", b"\x01"],
    "capi": [b"\x00\x00", b"\x01\x55"],
    "single_byte_lossy": [b"\x00?\xff", b"\x01?\x10", b"\x00\x1a\xc2", b"\x03?\xff"],
    "bytes_input": [b"\x00\xff", b"\x05\x40", b"\x0a\xc8", b"\x0f\x10"],
}
import os
limit = int(os.environ["FUZZ_SEEDS"])
for target in sys.argv[2:]:
    out = pathlib.Path("fuzz/corpus") / target
    out.mkdir(parents=True, exist_ok=True)
    mine = [h + s for h in headers.get(target, [b""]) for s in seeds]
    if 0 < limit < len(mine):
        # Evenly spaced over the files, cuts and headers, so a short run
        # still starts from every kind of text.
        mine = [mine[i * len(mine) // limit] for i in range(limit)]
    for s in mine:
        (out / ("seed-" + hashlib.sha1(s).hexdigest())).write_bytes(s)
print(f"{len(seeds)} seeds (per header), at most {limit or 'all'} per target, "
      f"for each of {len(sys.argv) - 2} targets", file=sys.stderr)
PY

# The build cargo-fuzz would make (`cargo fuzz build --debug-assertions`;
# the flags of its 0.13 release: libFuzzer's coverage instrumentation,
# `--cfg fuzzing`, ASan, debug assertions and overflow checks), without
# cargo-fuzz itself, whose installation took three minutes of a fresh CI
# machine. cargo-fuzz forces one codegen unit for the fuzzers' speed; a
# smoke run is dominated by the build, so the profile's default stays.
# `cargo +nightly fuzz run <target>` builds and runs the same targets for
# anyone who has cargo-fuzz.
fuzz_rustflags=(
    -Cpasses=sancov-module
    -Cllvm-args=-sanitizer-coverage-level=4
    -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
    -Cllvm-args=-sanitizer-coverage-pc-table
    -Cllvm-args=-sanitizer-coverage-trace-compares
    -Cllvm-args=-sanitizer-coverage-stack-depth
    --cfg fuzzing
    -Zsanitizer=address
    -Cunsafe-allow-abi-mismatch=sanitizer
    -Cdebug-assertions
    -Coverflow-checks
)
triple=$(rustc +nightly -vV | sed -n 's/^host: //p')
log "building fuzz targets (nightly, libFuzzer instrumentation, ASan, debug assertions)"
RUSTFLAGS="${fuzz_rustflags[*]} ${RUSTFLAGS:-}" timed "fuzz build" nice cargo +nightly build \
    --manifest-path fuzz/Cargo.toml --target "$triple" --release --bins \
    --config 'profile.release.debug="line-tables-only"'
bin_dir=fuzz/target/$triple/release
# ASan's one-definition-rule check misfires on Rust's duplicated statics
# (cargo-fuzz sets the same).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_odr_violation=0"

failed=()
for i in "${!targets[@]}"; do
    t=${targets[$i]}
    max_len=${FUZZ_MAX_LEN:-$([[ $t == validate ]] && echo 16384 || echo 4096)}
    if ((every)); then
        runs=("${kernels[@]}")
    else
        runs=("${kernels[$((i % ${#kernels[@]}))]}")
    fi
    per=$((seconds / ${#runs[@]}))
    ((per > 0)) || per=1
    mkdir -p "fuzz/artifacts/$t"
    for k in "${runs[@]}"; do
        log "fuzzing $t for ${per}s with RAPIDUTF_KERNEL=$k (-max_len=$max_len)"
        # -print_final_stats: the executions and the corpus size, for the log.
        if ! RAPIDUTF_KERNEL=$k timed "fuzz $t ($k)" "$bin_dir/$t" \
            -artifact_prefix="fuzz/artifacts/$t/" -max_len="$max_len" -max_total_time="$per" \
            -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 "fuzz/corpus/$t"; then
            failed+=("$t ($k)")
        fi
    done
done

if ((${#failed[@]})); then
    printf '\nfuzz: FAILED: %s (inputs in fuzz/artifacts/)\n' "${failed[*]}" >&2
    exit 1
fi
printf '\nfuzz: %d targets ran %ss each without a failure\n' "${#targets[@]}" "$seconds" >&2
