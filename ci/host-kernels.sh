#!/usr/bin/env bash
# Prints the comma-separated names of the rapidutf kernels this host's CPU
# can run, e.g. `scalar,sse42,avx2,avx512`, for RAPIDUTF_REQUIRE_KERNELS.
#
# Deliberately independent of the library: the list comes from the CPU
# flags the kernel reports (/proc/cpuinfo), so a detection bug in rapidutf
# that hides a kernel makes the tests fail instead of silently testing
# fewer kernels.
#
# Usage: ci/host-kernels.sh [--missing] [CPUINFO_FILE]   (default /proc/cpuinfo)
#
# With --missing it prints instead one line per kernel of this
# architecture that the CPU cannot run, with the CPU flags it lacks, e.g.
# `avx512: CPU lacks avx512vbmi avx512_vbmi2`.
#
# `portable` (SIMD over the `wide` crate) is built for every target and
# needs no CPU feature, so it is listed too; RAPIDUTF_EXPECT_PORTABLE=0
# leaves it out.
#
# Each kernel's flags are exactly the target features the library
# enables and detects for it (its `features:` list in src/arch/x86_64/,
# in cpuinfo's spelling: `pni` is SSE3), so that a CPU (or a virtual
# machine) that lacks one of them is not expected to run the kernel.
# `ci/kernel-features.py` checks the lists against the library's.
set -euo pipefail

missing_mode=0
if [[ ${1:-} == --missing ]]; then
    missing_mode=1
    shift
fi
cpuinfo=${1:-/proc/cpuinfo}
arch=$(uname -m)

# The flags of the first CPU (all cores of one machine report the same).
flags_line() {
    case $arch in
        x86_64) grep -m1 -E '^flags[[:space:]]*:' "$cpuinfo" ;;
        aarch64) grep -m1 -E '^Features[[:space:]]*:' "$cpuinfo" ;;
        *) true ;;
    esac
}
flags=" $(flags_line | cut -d: -f2- | tr -s '[:space:]' ' ') "
has() { [[ $flags == *" $1 "* ]]; }

kernels=(scalar)
missing=()
# `need KERNEL FLAG...`: adds KERNEL if the CPU has every FLAG, else
# records which ones it lacks.
need() {
    local k=$1 f lacks=()
    shift
    for f in "$@"; do has "$f" || lacks+=("$f"); done
    if ((${#lacks[@]})); then
        missing+=("$k: CPU lacks ${lacks[*]}")
    else
        kernels+=("$k")
    fi
}
case $arch in
    x86_64)
        need sse42 pni ssse3 sse4_1 sse4_2
        # AVX needs the OS to save the YMM/ZMM state too; Linux lists `avx`
        # only when it does.
        need avx2 pni ssse3 sse4_1 sse4_2 avx avx2
        need avx512 pni ssse3 sse4_1 sse4_2 avx avx2 fma f16c avx512f avx512bw avx512cd avx512vbmi avx512_vbmi2 popcnt bmi2
        ;;
    aarch64)
        # NEON (`asimd`) is mandatory on aarch64 Linux; check anyway.
        need neon asimd
        ;;
esac
[[ ${RAPIDUTF_EXPECT_PORTABLE:-1} == 1 ]] && kernels+=(portable)

if ((missing_mode)); then
    ((${#missing[@]} == 0)) || printf '%s\n' "${missing[@]}"
else
    (IFS=,; echo "${kernels[*]}")
fi
