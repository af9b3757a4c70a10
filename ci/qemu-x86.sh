#!/usr/bin/env bash
# Runs rapidutf's test suite on emulated x86_64 CPUs that lack the newer
# instruction sets, proving that runtime dispatch never executes an
# instruction the CPU does not have:
#
#   qemu-x86_64 -cpu Nehalem  (SSE4.2, no AVX)     RAPIDUTF_REQUIRE_KERNELS=scalar,sse42,portable
#   qemu-x86_64 -cpu Haswell  (AVX2, no AVX-512)   RAPIDUTF_REQUIRE_KERNELS=scalar,sse42,avx2,portable
#
# and, on models with one feature removed (a virtual machine may mask
# CPUID bits independently), that detection requires every feature a
# kernel's instructions need, with a reduced test set (REDUCED_TESTS):
#
#   Haswell,-sse4.1   Haswell,-ssse3      scalar,portable only
#   Haswell,-popcnt                       scalar,sse42,avx2,portable
#   Nehalem,-popcnt                       scalar,sse42,portable
#
# There the available kernels must be exactly those
# (RAPIDUTF_EXPECT_KERNELS), and each must run without SIGILL.
#
# The test binaries are built once, natively, for the baseline x86_64
# target (RUSTFLAGS pinned empty: never target-cpu=native), then each runs
# under every CPU model. A self-check first proves that each model really
# traps the instructions it lacks (SIGILL), so a green run means something,
# and `kernel-features.py` that each kernel detects exactly the features
# it is compiled with.
#
# Environment:
#   PROPTEST_CASES           proptest cases per property (default 64 here)
#   QEMU_X86_CPUS            full-suite models (default "Nehalem Haswell")
#   QEMU_X86_REDUCED_CPUS    reduced-set models (default: the four above;
#                            "" for none)
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
ulimit -c 0 # qemu would otherwise write a core file for the SIGILL probes

require_cmd qemu-x86_64 qemu-user
pin_baseline_rustflags
export PROPTEST_CASES=${PROPTEST_CASES:-64}
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
read -r -a cpus <<<"${QEMU_X86_CPUS:-Nehalem Haswell}"
read -r -a reduced_cpus <<<"${QEMU_X86_REDUCED_CPUS-Haswell,-sse4.1 Haswell,-ssse3 Haswell,-popcnt Nehalem,-popcnt}"
# The reduced set: the detection checks, and the free functions and every
# available kernel on each operation (a kernel chosen without its
# instructions dies of SIGILL in the first of them).
REDUCED_TESTS=(dispatch:: kernels::valid_input_matches_std kernels::utf16_valid kernels::utf32_valid
    latin1::under_every_available_kernel counts::kernels::valid_against_std valid_input::random_text_matches_std)

# qemu 7.2 warns once per process about model features TCG cannot emulate
# (pcid, x2apic, tsc-deadline, hle, invpcid, rtm); none matters here.
qemu() { qemu-x86_64 -cpu "$@" 2> >(grep -v "TCG doesn't support requested feature" >&2); }

log "self-check: the emulated CPUs trap what they lack"
probe_dir=$target_dir/ci-probe
mkdir -p "$probe_dir"
rustc --edition 2021 -O -o "$probe_dir/x86_probe" ci/probe/x86_probe.rs
for cpu in "${cpus[@]}" "${reduced_cpus[@]}"; do
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

log "building the test binaries (baseline x86_64, RUSTFLAGS='', opt-level 2)"
# Optimised (debug assertions and overflow checks stay on): unoptimised
# intrinsics code runs many times slower under emulation. A target dir of
# its own, so the profile change does not evict the normal test build.
mapfile -t bins < <(
    cargo test -p rapidutf --lib --tests --no-run --message-format=json \
        --config profile.dev.opt-level=2 --target-dir "$target_dir/qemu-x86" |
        python3 -c '
import json, sys
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") == "compiler-artifact" and m["profile"]["test"] and m.get("executable"):
        print(m["executable"])
'
)
((${#bins[@]})) || die "cargo built no test binary"
printf '  %s\n' "${bins[@]#"$ROOT"/}" >&2

failed=()
for cpu in "${cpus[@]}"; do
    for bin in "${bins[@]}"; do
        name=$(basename "$bin")
        log "qemu -cpu $cpu: $name (RAPIDUTF_REQUIRE_KERNELS=${REQUIRE[$cpu]})"
        # A hung emulated test must not eat the whole CI budget.
        # Tests that re-run their own binary start it under the same model.
        if ! RAPIDUTF_REQUIRE_KERNELS=${REQUIRE[$cpu]} \
            RAPIDUTF_TEST_RUNNER="qemu-x86_64 -cpu $cpu" timed "$cpu/$name" \
            timeout "${QEMU_TIMEOUT:-600}" qemu-x86_64 -cpu "$cpu" "$bin" "$@" \
            2> >(grep -v "TCG doesn't support requested feature" >&2); then
            failed+=("$cpu/$name")
        fi
    done
done

# The integration tests' binary, for the reduced set.
it_bin=""
for bin in "${bins[@]}"; do
    [[ $(basename "$bin") == it-* ]] && it_bin=$bin
done
((${#reduced_cpus[@]} == 0)) || [[ -n $it_bin ]] || die "no tests/it binary among: ${bins[*]}"
for cpu in "${reduced_cpus[@]}"; do
    log "qemu -cpu $cpu: reduced set (RAPIDUTF_EXPECT_KERNELS=${REQUIRE[$cpu]})"
    if ! RAPIDUTF_REQUIRE_KERNELS=${REQUIRE[$cpu]} RAPIDUTF_EXPECT_KERNELS=${REQUIRE[$cpu]} \
        RAPIDUTF_TEST_RUNNER="qemu-x86_64 -cpu $cpu" timed "$cpu/it (reduced)" \
        timeout "${QEMU_TIMEOUT:-600}" qemu-x86_64 -cpu "$cpu" "$it_bin" "${REDUCED_TESTS[@]}" "$@" \
        2> >(grep -v "TCG doesn't support requested feature" >&2); then
        failed+=("$cpu/it")
    fi
done

if ((${#failed[@]})); then
    printf '\nqemu-x86: FAILED: %s\n' "${failed[*]}" >&2
    exit 1
fi
printf '\nqemu-x86: all %d test binaries passed on: %s; the reduced set on: %s\n' \
    "${#bins[@]}" "${cpus[*]}" "${reduced_cpus[*]:-none}" >&2
