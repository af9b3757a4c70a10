#!/usr/bin/env bash
# Kernel against kernel: each x86 kernel this CPU has against simdutf's
# kernel of the same class (transcoding per text of the corpus, Latin-1;
# then UTF-8 validation by input size on JSON slices; then, where the shared
# corpus exists, generated against real text), and many-strings validation
# through dispatch, as Markdown on stdout.
#
# Usage: bench/kernels.sh [--into FILE.md]
#   --into FILE.md  replace the "## Kernel against kernel" section of FILE.md
#                   (everything from that heading to the end) with the
#                   output, instead of printing it
#
# `bench/run.sh` appends the same section after its criterion tables. Run
# it on a quiet machine: the two contenders alternate round by round, so a
# shared machine moves both, but not always equally.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=ci/lib.sh
source "$here/../ci/lib.sh"
require_cmd g++ g++ # the simdutf crate compiles simdutf's C++
into=""
if [[ ${1:-} == --into ]]; then
    into=$(realpath -m "$2")
fi
cd "$here"
[[ $(uname -m) == x86_64 ]] || die "kernel against kernel needs an x86_64 CPU"

target=${CARGO_TARGET_DIR:-$here/target}
cargo build --release --example versus --example sizes --example many_strings --example generated \
    --quiet

report() {
    printf '\n## Kernel against kernel\n\n'
    printf 'From `bench/examples/versus.rs`, `bench/examples/sizes.rs` and `bench/examples/generated.rs` (best of 15 rounds of about 2 ms; simdutf forced with `SIMDUTF_FORCE_IMPLEMENTATION`, rapidutf with `RAPIDUTF_KERNEL`), and `bench/examples/many_strings.rs` through dispatch; %s, %s UTC, load average before: %s.\n' \
        "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')" \
        "$(date -u '+%Y-%m-%d %H:%M')" "$(cut -d' ' -f1-3 /proc/loadavg)"
    for k in sse42 avx2 avx512; do
        if "$target/release/examples/versus" "$k" >"$target/versus-$k.md" 2>/dev/null; then
            printf '\n### %s\n\n' "$k"
            cat "$target/versus-$k.md"
            printf '\n'
            "$target/release/examples/sizes" "$k"
            # Needs the shared corpus; exits 2 without it.
            if "$target/release/examples/generated" "$k" >"$target/generated-$k.md" 2>/dev/null; then
                printf '\n#### Generated against real text\n\n'
                cat "$target/generated-$k.md"
            fi
        fi
    done
    printf '\n### Many strings\n\n'
    "$target/release/examples/many_strings"
}

if [[ -n $into ]]; then
    out=$(report)
    python3 - "$into" "$out" <<'EOF'
import sys
path, section = sys.argv[1], sys.argv[2]
text = open(path).read()
head = text.split('\n## Kernel against kernel\n')[0].rstrip('\n')
open(path, 'w').write(head + '\n' + section.rstrip('\n') + '\n')
EOF
    echo "bench/kernels.sh: wrote the kernel-against-kernel section of $into" >&2
else
    report
fi
