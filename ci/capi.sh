#!/usr/bin/env bash
# The C ABI from C and C++: builds librapidutf_capi (static and shared,
# release), checks that the header compiles warning-free on its own as C11
# and C++17, then builds capi/tests/c/test.c with gcc and test.cpp with g++
# against the static library and runs them, and runs test.c once more
# against the shared library (found through an rpath).
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

require_cmd gcc gcc
require_cmd g++ g++

log "cargo build --release -p rapidutf-capi"
cargo build --release -p rapidutf-capi
LIBDIR=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release
[[ -f $LIBDIR/librapidutf_capi.a && -f $LIBDIR/librapidutf_capi.so ]] ||
    die "no librapidutf_capi.a/.so in $LIBDIR"

OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
INC=(-I capi/include)
CWARN=(-Wall -Wextra -Werror -pedantic)
# What the static library needs from the system (rustc's
# --print native-static-libs, minus what gcc links by default).
SYSLIBS=(-lpthread -ldl -lm)

log "the header alone: C11 and C++17, -Wall -Wextra -Werror -pedantic"
echo '#include "rapidutf.h"' >"$OUT/only.c"
gcc -std=c11 "${CWARN[@]}" "${INC[@]}" -c "$OUT/only.c" -o "$OUT/only_c.o"
g++ -std=c++17 "${CWARN[@]}" "${INC[@]}" -x c++ -c "$OUT/only.c" -o "$OUT/only_cpp.o"

log "C test, static library"
gcc -std=c11 "${CWARN[@]}" "${INC[@]}" capi/tests/c/test.c \
    "$LIBDIR/librapidutf_capi.a" "${SYSLIBS[@]}" -o "$OUT/test_static"
"$OUT/test_static"

log "C test, every kernel the CPU has (RAPIDUTF_KERNEL)"
for k in $(bash ci/host-kernels.sh | tr ',' ' '); do
    printf '%s: ' "$k"
    RAPIDUTF_KERNEL=$k "$OUT/test_static" | tail -n 1
done

log "C++ test, static library"
g++ -std=c++17 "${CWARN[@]}" "${INC[@]}" capi/tests/c/test.cpp \
    "$LIBDIR/librapidutf_capi.a" "${SYSLIBS[@]}" -o "$OUT/test_cpp"
"$OUT/test_cpp"

log "C test, shared library (rpath)"
gcc -std=c11 "${CWARN[@]}" "${INC[@]}" capi/tests/c/test.c \
    -L "$LIBDIR" -lrapidutf_capi -Wl,-rpath,"$LIBDIR" -o "$OUT/test_shared"
# ldd's output is captured first: `ldd | grep -q` fails under pipefail
# whenever grep exits before ldd has written everything (SIGPIPE).
linked=$(ldd "$OUT/test_shared")
grep -qF "$LIBDIR/librapidutf_capi.so" <<<"$linked" ||
    die "test_shared does not load $LIBDIR/librapidutf_capi.so"
"$OUT/test_shared"

log "capi: C (static, shared) and C++ tests passed"
