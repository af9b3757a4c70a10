#!/usr/bin/env bash
# The C library as its users get it: installs it with capi/install.sh into
# a temporary prefix, then checks the artefacts (the SONAME and its links,
# no debuginfo, rapidutf_* the only global symbols of the .a and the only
# exports of the .so), compiles the installed header alone as C11 and
# C++17, builds capi/tests/c/test.c through `pkg-config --cflags --libs
# rapidutf` against the shared library and (pkg-config --static, -static)
# the static one, runs the static build under every host kernel, builds
# capi/tests/c/test.cpp through CMake's find_package(rapidutf) against
# both, and checks the CMake package's version rules.
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

require_cmd gcc gcc
require_cmd g++ g++
require_cmd cmake cmake
require_cmd pkg-config pkg-config
require_cmd readelf binutils

OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
PREFIX=$OUT/prefix

log "bash capi/install.sh $PREFIX"
bash capi/install.sh "$PREFIX"
export PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig
VERSION=$(pkg-config --modversion rapidutf)
IFS=. read -r MAJOR MINOR PATCH <<<"$VERSION"
if ((MAJOR == 0)); then ABI=0.$MINOR; else ABI=$MAJOR; fi
LIB=$PREFIX/lib

log "artefacts: SONAME, links, debuginfo, symbols"
[[ $(readlink "$LIB/librapidutf.so") == "librapidutf.so.$ABI" &&
    $(readlink "$LIB/librapidutf.so.$ABI") == "librapidutf.so.$VERSION" &&
    -f $LIB/librapidutf.so.$VERSION && -f $LIB/librapidutf.a ]] ||
    die "installed libraries or links missing: $(ls -l "$LIB")"
dynamic=$(readelf -d "$LIB/librapidutf.so.$VERSION")
grep -qF "Library soname: [librapidutf.so.$ABI]" <<<"$dynamic" ||
    die "SONAME is not librapidutf.so.$ABI: $(grep -i soname <<<"$dynamic")"
for f in "$LIB/librapidutf.so.$VERSION" "$LIB/librapidutf.a"; do
    sections=$(readelf -S -W "$f")
    if grep -qE '\.(debug_|zdebug|llvmbc)' <<<"$sections"; then
        die "$f carries debuginfo or bitcode: $(grep -oE '\.(debug_|zdebug|llvmbc)[a-z_]*' <<<"$sections" | sort -u | tr '\n' ' ')"
    fi
done
# Defined global (and weak) symbols: the .a's and the .so's exports must
# be the same set of rapidutf_* functions, and the header must declare
# each of them (the header test checks the reverse from the Rust side).
nm -g --defined-only "$LIB/librapidutf.a" | awk 'NF == 3 { print $3 }' | sort >"$OUT/static"
nm -D --defined-only "$LIB/librapidutf.so.$VERSION" | awk '{ print $3 }' | sort >"$OUT/shared"
if grep -v '^rapidutf_' "$OUT/static" >"$OUT/stray"; then
    die "librapidutf.a defines $(wc -l <"$OUT/stray") global symbols besides rapidutf_*, e.g. $(head -3 "$OUT/stray" | tr '\n' ' ')"
fi
cmp -s "$OUT/static" "$OUT/shared" ||
    die "the .a and the .so export different symbols: $(diff "$OUT/static" "$OUT/shared" | head -5)"
while read -r sym; do
    grep -qE "\\b$sym\\(" "$PREFIX/include/rapidutf.h" || die "$sym is not declared in rapidutf.h"
done <"$OUT/static"
printf '%d rapidutf_* symbols, nothing else; SONAME librapidutf.so.%s; no debuginfo\n' \
    "$(wc -l <"$OUT/static")" "$ABI"

CWARN=(-Wall -Wextra -Werror -pedantic)
log "the installed header alone: C11 and C++17, ${CWARN[*]}"
echo '#include <rapidutf.h>' >"$OUT/only.c"
# shellcheck disable=SC2046 # pkg-config's flags are words
gcc -std=c11 "${CWARN[@]}" $(pkg-config --cflags rapidutf) -c "$OUT/only.c" -o "$OUT/only_c.o"
# shellcheck disable=SC2046
g++ -std=c++17 "${CWARN[@]}" $(pkg-config --cflags rapidutf) -x c++ -c "$OUT/only.c" \
    -o "$OUT/only_cpp.o"

log "C test through pkg-config, shared library"
# shellcheck disable=SC2046
gcc -std=c11 "${CWARN[@]}" capi/tests/c/test.c $(pkg-config --cflags --libs rapidutf) \
    -Wl,-rpath,"$LIB" -o "$OUT/test_shared"
# ldd's output is captured first: `ldd | grep -q` fails under pipefail
# whenever grep exits before ldd has written everything (SIGPIPE).
linked=$(ldd "$OUT/test_shared")
grep -qF "librapidutf.so.$ABI => $LIB/librapidutf.so.$ABI" <<<"$linked" ||
    die "test_shared does not load librapidutf.so.$ABI from $LIB: $linked"
"$OUT/test_shared"

log "C test through pkg-config --static, static library (-static)"
# shellcheck disable=SC2046
gcc -std=c11 "${CWARN[@]}" -static capi/tests/c/test.c \
    $(pkg-config --static --cflags --libs rapidutf) -o "$OUT/test_static" 2>"$OUT/ld.log" ||
    die "static link failed: $(cat "$OUT/ld.log")"
# glibc warns that getaddrinfo and getpwuid_r (reachable from Rust's std)
# would need its shared libraries at run time; nothing here calls them.
if grep -v -e "in statically linked applications requires at runtime" -e '^$' "$OUT/ld.log"; then
    die "unexpected linker output"
fi
linked=$(readelf -d "$OUT/test_static" 2>&1 || true)
grep -q NEEDED <<<"$linked" && die "test_static is not static: $linked"
"$OUT/test_static"

log "C test, static library, every kernel the CPU has (RAPIDUTF_KERNEL)"
# The C library is built with rapidutf's default features, which leave
# out the portable kernel (dispatch never picks it on x86_64 or aarch64).
for k in $(RAPIDUTF_EXPECT_PORTABLE=0 bash ci/host-kernels.sh | tr ',' ' '); do
    printf '%s: ' "$k"
    RAPIDUTF_KERNEL=$k "$OUT/test_static" | tail -n 1
done

log "C++ test through CMake's find_package(rapidutf $VERSION), shared and static"
cmake -S capi/tests/c -B "$OUT/cmake" -DCMAKE_PREFIX_PATH="$PREFIX" \
    -DRAPIDUTF_EXPECTED_VERSION="$VERSION" -DCMAKE_BUILD_TYPE=Release >"$OUT/cmake.log" ||
    die "cmake configure failed: $(cat "$OUT/cmake.log")"
cmake --build "$OUT/cmake" -j2 >>"$OUT/cmake.log" ||
    die "cmake build failed: $(cat "$OUT/cmake.log")"
linked=$(ldd "$OUT/cmake/test_cpp_shared")
grep -qF "$LIB/librapidutf.so.$ABI" <<<"$linked" ||
    die "test_cpp_shared does not load $LIB/librapidutf.so.$ABI: $linked"
linked=$(ldd "$OUT/cmake/test_cpp_static")
grep -q librapidutf <<<"$linked" && die "test_cpp_static loads the shared library: $linked"
"$OUT/cmake/test_cpp_shared"
"$OUT/cmake/test_cpp_static"

log "CMake version rules"
# Request -> answer: the same ABI version and no newer is compatible.
if ((MAJOR == 0)); then
    cases=("$VERSION compatible" "0.$MINOR.0 compatible" "0.$((MINOR + 1)).0 incompatible"
        "1.0.0 incompatible" "0.$MINOR.$((PATCH + 1)) incompatible")
    ((MINOR > 0)) && cases+=("0.$((MINOR - 1)).0 incompatible")
else
    cases=("$VERSION compatible" "$MAJOR.0.0 compatible" "$((MAJOR + 1)).0.0 incompatible"
        "$((MAJOR - 1)).0.0 incompatible" "$MAJOR.$((MINOR + 1)).0 incompatible")
fi
for c in "${cases[@]}"; do
    read -r request want <<<"$c"
    got=$(cmake -DCONFIG_VERSION="$LIB/cmake/rapidutf/rapidutfConfigVersion.cmake" \
        -DREQUEST="$request" -P capi/tests/c/version-check.cmake 2>&1)
    [[ $got == "$want" ]] || die "find_package(rapidutf $request) against $VERSION: $got, want $want"
    printf '%s -> %s\n' "$request" "$got"
done

log "capi: installed; pkg-config (shared, static) C and CMake (shared, static) C++ tests passed"
