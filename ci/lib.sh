# shellcheck shell=bash
# Shared by the ci/*.sh scripts (source it; not executable on its own).
#
# Every script installs what it needs, idempotently, so it works on a
# fresh machine that has only rustup (stable + nightly), gcc, python3 and
# apt.

# The repository root, whichever directory the script was started from.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export ROOT

log() { printf '\n==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# `as_root CMD...`: runs CMD as root, through sudo when we are not root.
as_root() {
    if [[ $(id -u) == 0 ]]; then "$@"; else sudo "$@"; fi
}

# `apt_install PKG...`: installs the Debian packages that are missing;
# `apt-get update` runs only when something is missing (once per script).
APT_UPDATED=0
apt_install() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
            missing+=("$p")
    done
    ((${#missing[@]})) || return 0
    log "apt-get install ${missing[*]}"
    if ((APT_UPDATED == 0)); then
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        APT_UPDATED=1
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
}

# `require_cmd CMD PKG`: installs PKG unless CMD is already on PATH.
require_cmd() {
    command -v "$1" >/dev/null 2>&1 || apt_install "$2"
    command -v "$1" >/dev/null 2>&1 || die "$1 not found even after installing $2"
}

# For the emulated and sanitised test runs: no re-runs of the dispatching
# modules in child processes, one per kernel, unless the caller asks
# (RAPIDUTF_TEST_RERUN=1). The kernel-level tests run every kernel
# in-process (with their tight `dst` sizes, where an overrun would show),
# the glue around them is the same code under whichever kernel dispatch
# picks, and the children took about half of those runs' test time
# (tests/it/common.rs). The native test step keeps the re-runs.
no_kernel_reruns() {
    export RAPIDUTF_TEST_RERUN=${RAPIDUTF_TEST_RERUN:-0}
}

# Rust flags that change code generation leak into test binaries through
# the environment or a .cargo/config; the emulated-CPU runs must use the
# plain baseline target (no target-cpu=native, no extra target features),
# or they would prove nothing. RUSTFLAGS set (even empty) wins over every
# config-file rustflags, so pinning it to "" (or to the flags given, which
# must not change code generation) is enough; this warns when something
# else was overridden.
pin_baseline_rustflags() {
    local v pinned=${1:-}
    for v in RUSTFLAGS CARGO_ENCODED_RUSTFLAGS CARGO_BUILD_RUSTFLAGS \
        CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS; do
        if [[ -n ${!v:-} && ! ($v == RUSTFLAGS && ${!v} == "$pinned") ]]; then
            printf 'warning: ignoring %s=%q for this run\n' "$v" "${!v}" >&2
        fi
    done
    unset CARGO_ENCODED_RUSTFLAGS CARGO_BUILD_RUSTFLAGS \
        CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS
    export RUSTFLAGS=$pinned
}

# `timed NAME CMD...`: runs CMD and prints how long it took.
timed() {
    local name=$1 start=$SECONDS rc=0
    shift
    "$@" || rc=$?
    printf '[%s: %ds, exit %d]\n' "$name" $((SECONDS - start)) "$rc" >&2
    return "$rc"
}
