#!/usr/bin/env bash
# Builds the wasm benchmark for wasm32-wasip1 with simd128 and runs it
# under Node's node:wasi (the runner the tests use), printing a Markdown
# table: GB/s of input per generated text (the rapidutf_testkit corpus,
# one per language) and the geomean, for rapidutf's
# simd128, portable and scalar kernels, simdutf8 (its wasm32 simd128
# validator) and std, all in the same engine.
#
# Usage: bench/wasm/run.sh [SECONDS_PER_MEASUREMENT]   (default 0.2)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=ci/lib.sh
source "$here/../../ci/lib.sh"
command -v node >/dev/null || die "node (20 or later) is needed"
rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
cd "$here"
RUSTFLAGS="-C target-feature=+simd128" cargo build --release --target wasm32-wasip1 --quiet
wasm="$here/target/wasm32-wasip1/release/rapidutf-wasm-bench.wasm"
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
echo "node $(node --version), $cpu"
node --no-warnings "$ROOT/ci/wasi-run.mjs" "$wasm" "${1:-0.2}"
