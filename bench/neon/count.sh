#!/usr/bin/env bash
# NEON measured without the hardware: instructions executed per input
# byte under qemu-aarch64, rapidutf's NEON kernel against simdutf8's
# aarch64 validator and the simdutf crate's arm64 kernel, per operation
# and per file, with an llvm-mca static estimate of cycles per 64 bytes
# on Neoverse models beside it. A model of the work, not a timing.
#
# Usage: bench/neon/count.sh [--ops OP,...] [--files PREFIX,...] [--corpus DIR]
#                            [--markdown FILE] [--into BENCHMARKS.md]
#   --ops      only these operations (names from `--list` of the harness)
#   --files    only the files whose name starts with one of these prefixes
#   --corpus   the directory of *.utf8.txt texts (default: ../shared/corpus/lipsum
#              beside the repository, when present)
#   --markdown write the tables to FILE as well as to stdout
#   --into     replace the NEON section of that Markdown file with the tables
#              (`bench/run.sh` carries the section over when it re-renders)
#
# How: `harness/` (a crate of its own, cross-built for
# aarch64-unknown-linux-gnu as a non-PIE binary) calls one operation of one
# library between two marker functions; `insn_count.c`, a TCG plugin built
# here, counts the guest instructions executed between the markers and
# how often each translated block ran. `count.py` subtracts the harness's
# empty region, divides by the input's size, and feeds every executed
# block to llvm-mca (disassembled from the binary with llvm-objdump), the
# blocks' reciprocal throughputs weighted by their execution counts.
#
# Installs what it needs from Debian: the aarch64 cross toolchain (gcc,
# g++ for simdutf's C++, glibc), qemu-user, and LLVM 19 for llvm-mca's
# Neoverse models (LLVM 14's llvm-mca has none).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=ci/lib.sh
source "$here/../../ci/lib.sh"

corpus="$ROOT/../shared/corpus/lipsum"
args=()
while (($#)); do
    case $1 in
    --corpus) corpus=$2; shift 2 ;;
    --ops | --files | --markdown) args+=("$1" "$2"); shift 2 ;;
    --into) args+=("$1" "$(realpath -m "$2")"); shift 2 ;;
    *) die "unknown argument $1 (see the usage at the top of $0)" ;;
    esac
done
if ! compgen -G "$corpus/*.utf8.txt" >/dev/null; then
    echo "skipped: no *.utf8.txt corpus in $corpus (pass --corpus DIR)" >&2
    exit 0
fi

apt_install gcc g++-aarch64-linux-gnu gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user llvm-19
target=aarch64-unknown-linux-gnu
rustup target list --installed | grep -qx "$target" || rustup target add "$target"

out=${CARGO_TARGET_DIR:-$here/harness/target}
mkdir -p "$out/neon-count"
log "the insn_count plugin"
gcc -O2 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden \
    -o "$out/neon-count/insn_count.so" "$here/insn_count.c"

log "the harness, cross-built for $target"
# Static and non-PIE, so that the markers' link-time addresses are their
# run-time ones and every executed block (libc's memcpy too) is in the
# binary that llvm-objdump reads. The plain baseline target otherwise:
# armv8-a with NEON, as distributions build.
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
export CXX_aarch64_unknown_linux_gnu=aarch64-linux-gnu-g++
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-C relocation-model=static -C target-feature=+crt-static"
unset RUSTFLAGS CARGO_ENCODED_RUSTFLAGS
(cd "$here/harness" && cargo build --release --quiet --target "$target" --target-dir "$out")

log "counting under $(qemu-aarch64 --version | head -1)"
python3 "$here/count.py" --binary "$out/$target/release/rapidutf-neon-count" \
    --plugin "$out/neon-count/insn_count.so" --work "$out/neon-count" --corpus "$corpus" "${args[@]}"
