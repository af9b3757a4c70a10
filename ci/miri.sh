#!/usr/bin/env bash
# Runs tests/miri.rs, then the C ABI's Rust-side tests, under Miri
# (nightly), which reports undefined behaviour in the unsafe code: an
# out-of-bounds or misaligned access, a read of uninitialised memory (or,
# with recursive validation, a reference to it), an aliasing violation. Unlike
# AddressSanitizer it also catches a kernel that reads past the end of its
# input slice while staying inside the same allocation (Stacked Borrows
# gives a slice access to its own range only).
#
# Kernels: every one Miri can interpret. On x86_64 the crate is built with
# `-Ctarget-feature=+sse4.2,+avx2`, so the SSE4.2 and AVX2 kernels are
# compiled in and detected (Miri reports the compile-time features as the
# CPU's); AVX-512 is not, as Miri does not implement its intrinsics. The
# kernels that must be found are passed to the tests as
# RAPIDUTF_REQUIRE_KERNELS, so a kernel that goes missing fails the run.
#
# tests/miri.rs is a small, dedicated test set (the normal suite is far too
# heavy for an interpreter about a thousand times slower than native
# code): one test per kernel, run in parallel processes. The appending and
# allocating conversions (which write into spare capacity, and grow it)
# have no per-kernel entry: their tests run once per kernel, with
# RAPIDUTF_KERNEL naming it.
#
# Environment:
#   MIRI_JOBS        parallel Miri processes (default 2)
#   MIRIFLAGS        extra Miri flags (added to the ones below)
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

rustup run nightly rustc --version >/dev/null 2>&1 ||
    die "the nightly toolchain is required (rustup toolchain install nightly)"
if ! cargo +nightly miri --version >/dev/null 2>&1; then
    log "rustup component add miri rust-src --toolchain nightly"
    rustup component add miri rust-src --toolchain nightly
fi
echo "miri: $(cargo +nightly miri --version)" >&2

case $(uname -m) in
    x86_64)
        export RUSTFLAGS="-Ctarget-feature=+sse4.2,+avx2"
        require=scalar,portable,sse42,avx2
        ;;
    *)
        export RUSTFLAGS=""
        require=scalar,portable
        ;;
esac
unset CARGO_ENCODED_RUSTFLAGS
export RAPIDUTF_REQUIRE_KERNELS=$require
# Isolation hides the host's environment from the program; forward the
# two variables the tests read. The default aliasing model (Stacked
# Borrows) is the one that catches reads past a sub-slice: do not switch
# to Tree Borrows here. Strict provenance: no integer-to-pointer casts.
# The data race detector is off: the code under test shares nothing
# between threads but the dispatch atomics, and the detector would slow
# every access of the (concurrently running) tests.
export MIRIFLAGS="-Zmiri-env-forward=RAPIDUTF_REQUIRE_KERNELS -Zmiri-env-forward=RAPIDUTF_KERNEL -Zmiri-strict-provenance -Zmiri-disable-data-race-detector ${MIRIFLAGS:-}"
# A target dir of its own: the build differs (RUSTFLAGS, Miri's sysroot).
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}/miri

log "building tests/miri.rs for Miri (RUSTFLAGS=$RUSTFLAGS)"
timed "miri build" nice cargo +nightly miri test -p rapidutf --test miri --no-run

# The per-kernel tests, spread over MIRI_JOBS processes; the portable
# kernel (SIMD through the `wide` crate, many small calls) is the slowest
# to interpret, so it shares its process with the scalar one. Each process then
# runs the spare-capacity tests under some of the kernels (RAPIDUTF_KERNEL),
# one `cargo miri test` each. The regrow test (outputs past 8192 units,
# grown or shrunk by the glue around the kernel, the same code whichever
# kernel fills it) runs once, under the last (best) kernel: under the
# scalar kernel alone it takes the interpreter about two minutes.
jobs=${MIRI_JOBS:-2}
IFS=, read -r -a sink_kernels <<<"$require"
best=${sink_kernels[${#sink_kernels[@]} - 1]}
if ((jobs >= 2)); then
    # Balanced by the times measured here (seconds of one core): portable
    # 110 and its sinks 87, scalar 78 and its sinks 26; SSE4.2 and AVX2
    # about 90 each, the free functions 29, their sinks 21, the regrow 50.
    groups=("kernel_portable kernel_scalar" "kernel_sse42 kernel_avx2 kernel_avx512 kernel_neon required free_functions")
    lane_sinks=("${sink_kernels[*]:0:2}" "${sink_kernels[*]:2}")
else
    groups=("kernel_ required free_functions")
    lane_sinks=("${sink_kernels[*]}")
fi

log "cargo miri test --test miri (RAPIDUTF_REQUIRE_KERNELS=$require, MIRIFLAGS=$MIRIFLAGS), ${#groups[@]} processes"
logs=$(mktemp -d "${TMPDIR:-/tmp}/rapidutf-miri.XXXXXX")
trap 'rm -rf "$logs"' EXIT
# One lane: its kernel tests, then the spare-capacity tests under each of
# its kernels (with the regrow test under the best one).
lane() {
    local i=$1 k tests
    # shellcheck disable=SC2086 # each group is a list of test-name filters
    timed "miri tests [${groups[$i]}]" cargo +nightly miri test -q -p rapidutf --test miri -- \
        ${groups[$i]} || return 1
    for k in ${lane_sinks[$i]}; do
        tests="sinks_active_kernel"
        [[ $k == "$best" ]] && tests+=" regrow_active_kernel"
        # shellcheck disable=SC2086 # a list of test-name filters
        RAPIDUTF_KERNEL=$k timed "miri spare-capacity tests [RAPIDUTF_KERNEL=$k]" \
            cargo +nightly miri test -q -p rapidutf --test miri -- $tests || return 1
    done
}
pids=()
for i in "${!groups[@]}"; do
    lane "$i" >"$logs/$i.log" 2>&1 &
    pids+=($!)
done
failed=0
for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed=1
    cat "$logs/$i.log" >&2
done
((failed == 0)) || die "Miri found a failure or undefined behaviour (see above)"
printf '\nmiri: tests/miri.rs passed under Miri with kernels %s\n' "$require" >&2

# The C ABI's Rust-side tests (capi/tests/uninit.rs: every function that
# writes an output buffer, given uninitialised memory; the crate's unit
# tests), with recursive validation: a reference must point to a valid
# value all the way down, so a `&mut [u16]` made over a C caller's
# uninitialised output is reported even where nothing reads it, as Miri's
# default (shallow) validation would not. The kernel is the build's best
# (AVX2 with the flags above).
log "cargo miri test -p rapidutf-capi --lib --test uninit (-Zmiri-recursive-validation)"
MIRIFLAGS="$MIRIFLAGS -Zmiri-recursive-validation" timed "miri capi" \
    cargo +nightly miri test -q -p rapidutf-capi --lib --test uninit ||
    die "Miri found a failure or undefined behaviour in the C ABI (see above)"
printf '\nmiri: the C ABI tests passed under Miri with recursive validation\n' >&2
