#!/usr/bin/env bash
# Runs rapidutf's dispatch tests on emulated x86_64 CPUs that lack the
# newer instruction sets, proving that runtime dispatch never executes an
# instruction the CPU does not have:
#
#   qemu-x86_64 -cpu Nehalem  (SSE4.2, no AVX)     scalar,sse42,portable
#   qemu-x86_64 -cpu Haswell  (AVX2, no AVX-512)   scalar,sse42,avx2,portable
#
# and, on models with one feature removed (a virtual machine may mask
# CPUID bits independently), that detection requires every feature a
# kernel's instructions need:
#
#   Haswell,-sse4.1   Haswell,-ssse3      scalar,portable only
#   Haswell,-popcnt                       scalar,sse42,avx2,portable
#   Nehalem,-popcnt                       scalar,sse42,portable
#
# On each model the available kernels must be exactly those
# (RAPIDUTF_EXPECT_KERNELS, RAPIDUTF_REQUIRE_KERNELS), and the test set
# (TESTS: the detection checks, and the free functions and every available
# kernel on each operation, where a kernel chosen without its instructions
# dies of SIGILL in the first call) must pass without SIGILL.
#
# The kernels' results are not what this step checks: `cargo test` runs
# every test on every kernel the host has (the CI hosts have AVX2, some
# AVX-512), natively and far faster than qemu could. `QEMU_X86_FULL`
# names models that also run the whole integration suite (none by
# default; `Nehalem` makes SSE4.2 the default kernel of every free
# function, as on a CPU without AVX).
#
# The test binary is built once, natively, for the baseline x86_64 target
# (never target-cpu=native), then runs under every CPU model. A self-check
# first proves that each model really traps the instructions it lacks
# (SIGILL), so a green run means something, and `kernel-features.py` that
# each kernel detects exactly the features it is compiled with.
#
# One flag is passed to the build: `--cfg chacha20_backend="soft"`.
# proptest draws its cases from the chacha20 crate, which picks an AVX2
# backend when CPUID reports AVX2 and executes SSE4.1's `vpextrd` there:
# on the `Haswell,-sse4.1` model (AVX2 without SSE4.1, which no real CPU
# is) the test harness itself would die of SIGILL before any rapidutf code
# ran. The flag only selects that crate's portable backend. `.ci/run`
# passes the same flag to every native build, and this script builds the
# tests as the test step does (`cargo test --workspace`, the default
# profile and target dir), so in CI the binary is the test step's own,
# already built, not a second optimised build of the suite.
#
# Environment:
#   PROPTEST_CASES           proptest cases per property (default 16 here: the
#                            step looks for SIGILL, `cargo test` for wrong results)
#   RAPIDUTF_BOUNDARY        window-boundary cases: quick, sampled or full (default quick here)
#   QEMU_X86_CPUS            models (default: the six above)
#   QEMU_X86_FULL            models that also run the whole suite (default "")
#   QEMU_TIMEOUT             seconds before one test binary is killed (default 600)
#   RAPIDUTF_EXPECT_PORTABLE 0 not to require the portable kernel (default 1)
#   CARGO_TARGET_DIR         honoured (default target/)
# Extra arguments are passed to every test binary (e.g. a name filter).
#
# Exit status: non-zero if any run fails.
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
EXTRA=("$@")
ulimit -c 0 # qemu would otherwise write a core file for the SIGILL probes

require_cmd qemu-x86_64 qemu-user
pin_baseline_rustflags '--cfg chacha20_backend="soft"'
export PROPTEST_CASES=${PROPTEST_CASES:-16}
export RAPIDUTF_BOUNDARY=${RAPIDUTF_BOUNDARY:-quick}
# The generated corpus only: the real one (../shared) runs natively in
# `cargo test`, and under emulation it would double the corpus tests' time.
export RAPIDUTF_SHARED=${RAPIDUTF_SHARED:-none}
target_dir=${CARGO_TARGET_DIR:-$ROOT/target}
extra=""
[[ ${RAPIDUTF_EXPECT_PORTABLE:-1} == 1 ]] && extra=",portable"

log "kernel features: each kernel detects exactly what it is compiled with"
python3 ci/kernel-features.py

# The kernels each model must expose (the library's detection is checked
# against this, not trusted), what std must detect there, and the probes
# that must trap.
declare -A REQUIRE=(
    [Nehalem]="scalar,sse42$extra"
    [Haswell]="scalar,sse42,avx2$extra"
    [Haswell,-sse4.1]="scalar$extra"
    [Haswell,-ssse3]="scalar$extra"
    [Haswell,-popcnt]="scalar,sse42,avx2$extra"
    [Nehalem,-popcnt]="scalar,sse42$extra"
)
declare -A DETECT=(
    [Nehalem]="sse4.2=1 avx2=0 avx512f=0"
    [Haswell]="sse4.2=1 avx2=1 avx512f=0"
    [Haswell,-sse4.1]="sse4.1=0 avx2=1"
    [Haswell,-ssse3]="ssse3=0 avx2=1"
    [Haswell,-popcnt]="popcnt=0 avx2=1"
    [Nehalem,-popcnt]="popcnt=0 sse4.2=1"
)
declare -A TRAPS=(
    [Nehalem]="avx2 avx512"
    [Haswell]="avx512"
    [Haswell,-sse4.1]="sse4.1"
    [Haswell,-ssse3]="ssse3"
    [Haswell,-popcnt]="popcnt"
    [Nehalem,-popcnt]="popcnt avx2"
)
read -r -a cpus <<<"${QEMU_X86_CPUS:-Nehalem Haswell Haswell,-sse4.1 Haswell,-ssse3 Haswell,-popcnt Nehalem,-popcnt}"
read -r -a full_cpus <<<"${QEMU_X86_FULL:-}"
TESTS=(dispatch:: kernels::valid_input_matches_std kernels::utf16_valid kernels::utf32_valid
    latin1::window_boundaries latin1::every_dst_size counts::kernels::valid_against_std
    valid_input::random_text_matches_std)

# qemu 7.2 warns once per process about model features TCG cannot emulate
# (pcid, x2apic, tsc-deadline, hle, invpcid, rtm); none matters here.
qemu() { qemu-x86_64 -cpu "$@" 2> >(grep -v "TCG doesn't support requested feature" >&2); }

log "self-check: the emulated CPUs trap what they lack"
probe_dir=$target_dir/ci-probe
mkdir -p "$probe_dir"
rustc --edition 2021 -O -o "$probe_dir/x86_probe" ci/probe/x86_probe.rs
for cpu in "${cpus[@]}" "${full_cpus[@]}"; do
    [[ -n ${REQUIRE[$cpu]:-} ]] || die "no kernel list for CPU model $cpu"
    got=$(qemu "$cpu" "$probe_dir/x86_probe" detect | tr '\n' ' ')
    for want in ${DETECT[$cpu]}; do
        [[ " $got" == *" $want "* ]] || die "qemu -cpu $cpu: expected $want, std detects: $got"
    done
    for isa in ${TRAPS[$cpu]}; do
        if qemu "$cpu" "$probe_dir/x86_probe" exec "$isa" >/dev/null 2>&1; then
            die "qemu -cpu $cpu executed an $isa instruction: the model does not trap it"
        fi
    done
    echo "qemu -cpu $cpu: detects [$got], traps [${TRAPS[$cpu]}]" >&2
done

log "building the integration test binary (baseline x86_64; the test step's build)"
# rapidutf, its testkit and proptest are optimised in the default profile
# (Cargo.toml), debug assertions and overflow checks on: unoptimised
# intrinsics code would run many times slower under emulation.
it_bin=$(
    cargo test --workspace --no-run --message-format=json |
        python3 -c '
import json, sys
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if (m.get("reason") == "compiler-artifact" and m["profile"]["test"]
            and m["target"]["name"] == "it" and m.get("executable")):
        print(m["executable"])
'
)
[[ -n $it_bin && -x $it_bin ]] || die "cargo built no tests/it binary"
echo "  ${it_bin#"$ROOT"/}" >&2

# The models run two at a time (the dispatch set is a few long tests, so
# the second core would otherwise idle), each into a log of its own that
# is printed when it ends. Tests that re-run their own binary start it
# under the same model.
log_dir=$target_dir/qemu-x86/logs
rm -rf "$log_dir"
mkdir -p "$log_dir"
run_model() {
    local cpu=$1 label=$2
    shift 2
    echo "==> qemu -cpu $cpu: $label (RAPIDUTF_EXPECT_KERNELS=${REQUIRE[$cpu]})"
    # A hung emulated test must not eat the whole CI budget.
    RAPIDUTF_REQUIRE_KERNELS=${REQUIRE[$cpu]} RAPIDUTF_EXPECT_KERNELS=${REQUIRE[$cpu]} \
        RAPIDUTF_TEST_RUNNER="qemu-x86_64 -cpu $cpu" timed "$cpu/it ($label)" \
        timeout "${QEMU_TIMEOUT:-600}" qemu-x86_64 -cpu "$cpu" "$it_bin" "$@" \
        2> >(grep -v "TCG doesn't support requested feature" >&2)
}
runs=()
for cpu in "${cpus[@]}"; do
    runs+=("$cpu|dispatch set")
done
for cpu in "${full_cpus[@]}"; do
    runs+=("$cpu|whole suite")
done
failed=()
declare -A pid_of=()
finish() { # the run's log, and its result
    local key=$1 rc=0
    wait "${pid_of[$key]}" || rc=$?
    cat "$log_dir/${key//[^A-Za-z0-9.-]/_}.log" >&2
    ((rc == 0)) || failed+=("$key")
    unset "pid_of[$key]"
}
order=()
for run in "${runs[@]}"; do
    cpu=${run%%|*} label=${run#*|}
    if [[ $label == "dispatch set" ]]; then
        args=("${TESTS[@]}" "${EXTRA[@]}")
    else
        args=("${EXTRA[@]}")
    fi
    run_model "$cpu" "$label" "${args[@]}" >"$log_dir/${run//[^A-Za-z0-9.-]/_}.log" 2>&1 &
    pid_of[$run]=$!
    order+=("$run")
    if ((${#order[@]} >= 2)); then
        finish "${order[0]}"
        order=("${order[@]:1}")
    fi
done
for run in "${order[@]}"; do
    finish "$run"
done

if ((${#failed[@]})); then
    printf '\nqemu-x86: FAILED: %s\n' "${failed[*]}" >&2
    exit 1
fi
printf '\nqemu-x86: the dispatch set passed on: %s; the whole suite on: %s\n' \
    "${cpus[*]}" "${full_cpus[*]:-none}" >&2
