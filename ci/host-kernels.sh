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
# AVX-512: the kernel needs F, BW, CD, VBMI and VBMI2
# (src/arch/x86_64/avx512) and the Kernel docs promise VL; every CPU with
# VBMI2 has the others, so requiring all six matches the library on real
# hardware. Keep in sync with the kernel.
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
        need sse42 sse4_2
        # AVX needs the OS to save the YMM/ZMM state too; Linux lists `avx`
        # only when it does, and `avx2` in cpuinfo implies the same here.
        need avx2 avx2
        need avx512 avx512f avx512bw avx512vl avx512cd avx512vbmi avx512_vbmi2
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
