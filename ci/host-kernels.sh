#!/usr/bin/env bash
# Prints the comma-separated names of the rapidutf kernels this host's CPU
# can run, e.g. `scalar,sse42,avx2,avx512`, for RAPIDUTF_REQUIRE_KERNELS.
#
# Deliberately independent of the library: the list comes from the CPU
# flags the kernel reports (/proc/cpuinfo), so a detection bug in rapidutf
# that hides a kernel makes the tests fail instead of silently testing
# fewer kernels.
#
# Usage: ci/host-kernels.sh [CPUINFO_FILE]   (default /proc/cpuinfo)
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
case $arch in
    x86_64)
        has sse4_2 && kernels+=(sse42)
        # AVX needs the OS to save the YMM/ZMM state too; Linux lists `avx`
        # only when it does, and `avx2` in cpuinfo implies the same here.
        has avx2 && kernels+=(avx2)
        has avx512f && has avx512bw && has avx512vl && has avx512cd && has avx512vbmi \
            && has avx512_vbmi2 && kernels+=(avx512)
        ;;
    aarch64)
        # NEON (`asimd`) is mandatory on aarch64 Linux; check anyway.
        has asimd && kernels+=(neon)
        ;;
esac
[[ ${RAPIDUTF_EXPECT_PORTABLE:-1} == 1 ]] && kernels+=(portable)

(IFS=,; echo "${kernels[*]}")
