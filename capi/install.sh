#!/usr/bin/env bash
# Builds rapidutf's C library and installs it into a prefix:
#
#     bash capi/install.sh PREFIX
#
# writes
#
#     PREFIX/include/rapidutf.h
#     PREFIX/lib/librapidutf.a                    (static)
#     PREFIX/lib/librapidutf.so.X.Y.Z             (shared; SONAME librapidutf.so.ABI)
#     PREFIX/lib/librapidutf.so.ABI -> librapidutf.so.X.Y.Z
#     PREFIX/lib/librapidutf.so     -> librapidutf.so.ABI
#     PREFIX/lib/pkgconfig/rapidutf.pc
#     PREFIX/lib/cmake/rapidutf/rapidutfConfig.cmake
#     PREFIX/lib/cmake/rapidutf/rapidutfConfigVersion.cmake
#
# where X.Y.Z is the version of the crate rapidutf-capi and ABI the part
# of it that changes when the ABI may break: 0.Y while X is 0 (Cargo's
# semver: every 0.Y release may break), X from 1.0 on (capi/build.rs
# gives the library the same SONAME).
#
# The artefacts carry no debuginfo, and the only global symbols either
# library defines are the rapidutf_* functions of the header (checked
# here before anything is installed). DESTDIR is honoured for staged
# installs: files go to $DESTDIR$PREFIX, and the paths written into them
# name PREFIX.
#
# Needs cargo, python3 and binutils (ld, objcopy, ar, readelf, nm, as gcc
# brings them); ELF platforms (Linux, the BSDs) only. Environment: CARGO,
# LD, OBJCOPY, AR, NM, READELF override the tools.
set -euo pipefail

die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

(($# == 1)) || die "usage: bash capi/install.sh PREFIX"
PREFIX=$1
[[ $PREFIX == /* ]] || PREFIX=$PWD/$PREFIX
DEST=${DESTDIR:-}$PREFIX

CARGO=${CARGO:-cargo}
LD=${LD:-ld}
OBJCOPY=${OBJCOPY:-objcopy}
AR=${AR:-ar}
NM=${NM:-nm}
READELF=${READELF:-readelf}
for tool in "$CARGO" "$LD" "$OBJCOPY" "$AR" "$NM" "$READELF" python3; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool not found"
done

CAPI=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$CAPI/.."

# The crate's version and cargo's target directory.
read -r VERSION TARGET < <("$CARGO" metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys
m = json.load(sys.stdin)
v = next(p["version"] for p in m["packages"] if p["name"] == "rapidutf-capi")
print(v, m["target_directory"])')
IFS=. read -r MAJOR MINOR PATCH <<<"${VERSION%%[-+]*}"
[[ $MAJOR =~ ^[0-9]+$ && $MINOR =~ ^[0-9]+$ && $PATCH =~ ^[0-9]+$ ]] ||
    die "unexpected crate version $VERSION"
if ((MAJOR == 0)); then ABI=0.$MINOR; else ABI=$MAJOR; fi
SONAME=librapidutf.so.$ABI
REAL=librapidutf.so.$MAJOR.$MINOR.$PATCH

"$CARGO" build --release --locked -p rapidutf-capi
BUILT=$TARGET/release
[[ -f $BUILT/librapidutf_capi.a && -f $BUILT/librapidutf_capi.so ]] ||
    die "cargo left no librapidutf_capi.a/.so in $BUILT"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The exported functions: what rustc's own version script lets the shared
# library export (every #[no_mangle] extern "C" function, nothing of
# std's). They must all be rapidutf_*.
"$NM" -D --defined-only "$BUILT/librapidutf_capi.so" | awk '{ print $3 }' | sort >"$WORK/exports"
[[ -s $WORK/exports ]] || die "the shared library exports nothing"
if grep -v '^rapidutf_' "$WORK/exports" >"$WORK/stray"; then
    die "the shared library exports more than rapidutf_*: $(tr '\n' ' ' <"$WORK/stray")"
fi

# The shared library: cargo's, its debuginfo stripped (the release
# profile keeps line tables for profiling the Rust side; a C library is
# shipped without them).
"$OBJCOPY" --strip-debug "$BUILT/librapidutf_capi.so" "$WORK/$REAL"
[[ $("$READELF" -d "$WORK/$REAL") == *"Library soname: [$SONAME]"* ]] ||
    die "the shared library's SONAME is not $SONAME (see capi/build.rs)"
# The pointer width the library was built for (ELF32 or ELF64), for the
# CMake package's version check.
case $("$READELF" -h "$WORK/$REAL") in
*"Class:"*ELF64*) POINTER_BYTES=8 ;;
*"Class:"*ELF32*) POINTER_BYTES=4 ;;
*) die "the shared library is neither ELF32 nor ELF64" ;;
esac

# The static library. Rust's staticlib is an archive of every object of
# std and the crate, whose Rust symbols are global: two such archives in
# one program collide, and a C program could bind to them. Localising
# them object by object (objcopy --localize-hidden/--keep-global-symbol
# on each member) would cut the references between members, so the
# archive is first linked into one relocatable object (ld -r), keeping
# only the sections reachable from the exported functions (-u each,
# --gc-sections: std's unused code goes too), then every global symbol
# but the exported functions is made local (--keep-global-symbols), and
# debuginfo and LLVM's embedded bitcode are dropped. References to the
# system (libc, libm, the unwinder) stay undefined, as they were.
mapfile -t roots < <(sed 's/^/-u/' "$WORK/exports")
"$LD" -r --gc-sections "${roots[@]}" -o "$WORK/linked.o" \
    --whole-archive "$BUILT/librapidutf_capi.a" --no-whole-archive
"$OBJCOPY" --strip-debug --remove-section=.llvmbc --remove-section=.llvmcmd \
    --keep-global-symbols="$WORK/exports" "$WORK/linked.o" "$WORK/rapidutf.o"
rm -f "$WORK/librapidutf.a"
"$AR" rcD "$WORK/librapidutf.a" "$WORK/rapidutf.o"
"$NM" -g --defined-only "$WORK/rapidutf.o" | awk '{ print $3 }' | sort >"$WORK/globals"
cmp -s "$WORK/globals" "$WORK/exports" ||
    die "the static library's global symbols differ from the exports: $(diff "$WORK/exports" "$WORK/globals" | head -5)"

# What the static library needs from the system: rustc's
# --print native-static-libs for this target (-lgcc_s -lutil -lrt
# -lpthread -lm -ldl -lc), less libgcc_s and libc, which the compiler
# driver links itself (libgcc_eh instead of libgcc_s under -static,
# where -lgcc_s would not even be found).
PRIVATE_LIBS="-lutil -lrt -lpthread -lm -ldl"

install -d "$DEST/include" "$DEST/lib/pkgconfig" "$DEST/lib/cmake/rapidutf"
install -m 644 "$CAPI/include/rapidutf.h" "$DEST/include/rapidutf.h"
install -m 644 "$WORK/librapidutf.a" "$DEST/lib/librapidutf.a"
install -m 755 "$WORK/$REAL" "$DEST/lib/$REAL"
ln -sfn "$REAL" "$DEST/lib/$SONAME"
ln -sfn "$SONAME" "$DEST/lib/librapidutf.so"

cat >"$DEST/lib/pkgconfig/rapidutf.pc" <<EOF
prefix=$PREFIX
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: rapidutf
Description: Validates and transcodes UTF-8, UTF-16, UTF-32, Latin-1 and Windows-1252 with SIMD
Version: $VERSION
Libs: -L\${libdir} -lrapidutf
Libs.private: $PRIVATE_LIBS
Cflags: -I\${includedir}
EOF

cat >"$DEST/lib/cmake/rapidutf/rapidutfConfig.cmake" <<EOF
# The CMake package of rapidutf's C library $VERSION (written by
# capi/install.sh). Imported targets:
#   rapidutf::rapidutf_shared  librapidutf.so ($SONAME)
#   rapidutf::rapidutf_static  librapidutf.a, with the system libraries it needs
#   rapidutf::rapidutf         the shared one, or the static one when
#                              RAPIDUTF_USE_STATIC_LIBS is true
# Each brings the include directory of rapidutf.h. The paths are found
# from this file's place, so the prefix may be moved as a whole.
include(CMakeFindDependencyMacro)
find_dependency(Threads)
get_filename_component(_rapidutf_prefix "\${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET rapidutf::rapidutf)
  add_library(rapidutf::rapidutf_shared SHARED IMPORTED)
  set_target_properties(rapidutf::rapidutf_shared PROPERTIES
    IMPORTED_LOCATION "\${_rapidutf_prefix}/lib/$REAL"
    IMPORTED_SONAME "$SONAME"
    INTERFACE_INCLUDE_DIRECTORIES "\${_rapidutf_prefix}/include")
  add_library(rapidutf::rapidutf_static STATIC IMPORTED)
  set_target_properties(rapidutf::rapidutf_static PROPERTIES
    IMPORTED_LOCATION "\${_rapidutf_prefix}/lib/librapidutf.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "\${_rapidutf_prefix}/include"
    INTERFACE_LINK_LIBRARIES "Threads::Threads;\${CMAKE_DL_LIBS};m;rt;util")
  add_library(rapidutf::rapidutf INTERFACE IMPORTED)
  if(RAPIDUTF_USE_STATIC_LIBS)
    set_target_properties(rapidutf::rapidutf PROPERTIES
      INTERFACE_LINK_LIBRARIES rapidutf::rapidutf_static)
  else()
    set_target_properties(rapidutf::rapidutf PROPERTIES
      INTERFACE_LINK_LIBRARIES rapidutf::rapidutf_shared)
  endif()
endif()
unset(_rapidutf_prefix)
EOF

cat >"$DEST/lib/cmake/rapidutf/rapidutfConfigVersion.cmake" <<EOF
# find_package(rapidutf X.Y.Z) accepts this $VERSION when the request is
# no newer and has the same ABI version: the same 0.MINOR while the
# major version is 0 (every 0.MINOR release may break the ABI), the same
# MAJOR from 1.0 on; and only for a build of the same pointer width.
set(PACKAGE_VERSION "$VERSION")
set(PACKAGE_VERSION_COMPATIBLE FALSE)
set(PACKAGE_VERSION_EXACT FALSE)
if(NOT PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
elseif(PACKAGE_FIND_VERSION VERSION_LESS_EQUAL PACKAGE_VERSION)
  if($MAJOR EQUAL 0)
    if(PACKAGE_FIND_VERSION_MAJOR EQUAL 0 AND PACKAGE_FIND_VERSION_MINOR EQUAL $MINOR)
      set(PACKAGE_VERSION_COMPATIBLE TRUE)
    endif()
  elseif(PACKAGE_FIND_VERSION_MAJOR EQUAL $MAJOR)
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
  endif()
  if(PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
if(CMAKE_SIZEOF_VOID_P AND NOT CMAKE_SIZEOF_VOID_P EQUAL $POINTER_BYTES)
  set(PACKAGE_VERSION "\${PACKAGE_VERSION} ($((POINTER_BYTES * 8))-bit)")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
endif()
EOF

printf 'installed rapidutf %s (%s) into %s\n' "$VERSION" "$SONAME" "$DEST"
