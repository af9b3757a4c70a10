#!/usr/bin/env bash
# The kernels' inlining: every generic algorithm and each of its helpers
# and closures must be inlined into the kernel entry that instantiates it
# (the `#[target_feature]` wrappers of `kernel_table!`). A helper left out
# of line inside a kernel costs a call per block, and when it lacks the
# kernel's target features, its vectors go through memory; benchmarks
# found that three times, this finds it at once.
#
# Builds the library in release (default features plus `portable`, so
# every kernel is compiled), disassembles the rlib's objects and lists
#   def  SYMBOL   every function defined in the kernel modules
#                 (`rapidutf::arch::...`): the entries and the few
#                 helpers kept out of line on purpose;
#   call SYMBOL   every function outside them that kernel code calls or
#                 jumps to (the panics of bounds checks, the scalar DFA of
#                 the scalar kernel);
# demangled, without hashes or `.llvm.N` suffixes (one line for all the
# instantiations of a generic function), so
# the list is the same from one build to the next with one compiler. It
# is compared with the committed `ci/kernel-symbols.txt`.
#
#   bash ci/inlining.sh              check
#   bash ci/inlining.sh --update     rewrite ci/kernel-symbols.txt
#   bash ci/inlining.sh --self-test  check, then plant an out-of-line
#                                    helper and an out-of-line closure in
#                                    a copy of the crate: the check must
#                                    report both
#
# The list depends on the compiler (its first line names the one that
# wrote it) and is for x86_64 Linux. When a change to a kernel, or a new
# stable Rust, changes it: read the diff. New `def` lines are functions
# that now stand alone inside a kernel (add `#[inline(always)]`, or keep
# them out of line on purpose, with a comment saying why); new `call`
# lines are functions the kernels now call. Then run `--update` and
# commit the list with the change.
set -euo pipefail
# shellcheck source=ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

LIST=ci/kernel-symbols.txt
MODE=${1:-check}
case $MODE in
    check | --update | --self-test) ;;
    *) die "usage: bash ci/inlining.sh [--update | --self-test]" ;;
esac
[[ $(uname -sm) == "Linux x86_64" ]] ||
    die "ci/kernel-symbols.txt lists the symbols of an x86_64 Linux build; this is $(uname -sm)"
require_cmd objdump binutils
require_cmd c++filt binutils
# Flags such as `-Ctarget-cpu=native` change what is inlined: the list is
# for the plain target.
pin_baseline_rustflags

# `build MANIFEST`: builds the library of MANIFEST in release with every
# kernel and prints the path of its rlib.
build() {
    cargo build --release --manifest-path "$1" --lib --features portable \
        --message-format=json-render-diagnostics |
        python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "rapidutf":
        # The one in deps/ (the copy beside it is shared with other builds).
        rlibs = [f for f in m["filenames"] if f.endswith(".rlib")]
        print(next((f for f in rlibs if "/deps/" in f), rlibs[0]))
'
}

# `symbols RLIB`: the sorted `def`/`call` list of RLIB's kernel code.
symbols() {
    local dir
    dir=$(mktemp -d)
    (cd "$dir" && ar x "$1" && rm -f lib.rmeta)
    python3 - "$dir" <<'EOF'
import glob, re, subprocess, sys

def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout

# Every function symbol, by object and section. Each function has a
# section of its own (.text.<name>); identical functions are merged into
# one body whose symbols are aliases in one section, and the disassembly
# shows only one of them (which one varies from build to build), so the
# symbol table names them all.
SYMBOL = re.compile(r"^[0-9a-f]+ .{7} (\S+)\t[0-9a-f]+ (?:\.hidden )?(\S+)$")
functions = {}  # (object, section) -> mangled names
calls = {}  # (object, section) -> mangled targets of calls and jumps
for obj in sorted(glob.glob(sys.argv[1] + "/*.o")):
    for line in run("objdump", "-t", obj).splitlines():
        m = SYMBOL.match(line)
        if m and line[23] == "F":
            functions.setdefault((obj, m.group(1)), set()).add(m.group(2))
    section, branch = None, False
    for line in run("objdump", "-dr", "--no-show-raw-insn", obj).splitlines():
        if line.startswith("Disassembly of section "):
            section = line[len("Disassembly of section "):-1]
        elif re.match(r"^ +[0-9a-f]+:\t", line):
            branch = re.match(r"(call|jmp)", line.split("\t")[1]) is not None
        elif branch and re.search(r"R_X86_64_(PLT32|PC32|GOTPCREL|REX_GOTPCRELX|GOTPCRELX)\t", line):
            # The symbol after the last tab, without its addend; a local
            # function can be named by its section (.text.<name>).
            target = re.sub(r"[-+]0x[0-9a-f]+$", "", line.rsplit("\t", 1)[1])
            target = re.sub(r"^\.text\.(unlikely\.|hot\.)?", "", target)
            calls.setdefault((obj, section), set()).add(target)

# Demangled in one batch, without the `.llvm.N` suffix of a function
# promoted across codegen units (it comes and goes with unrelated changes)
# and without hashes (legacy "::h<16 hex>", v0 "[<hex>]").
names = sorted({n for v in functions.values() for n in v} | {n for v in calls.values() for n in v})
plain = [re.sub(r"\.llvm\.[0-9]+$", "", n) for n in names]
demangled = run("c++filt", *plain).splitlines() if plain else []
readable = {
    n: re.sub(r"\[[0-9a-f]+\]", "", re.sub(r"::h[0-9a-f]{16}$", "", d))
    for n, d in zip(names, demangled)
}
kernel = lambda name: re.match(r"^<?rapidutf::arch::", readable[name]) is not None

out = set()
for key, names_here in functions.items():
    if any(kernel(n) for n in names_here):
        out |= {"def " + readable[n] for n in names_here if kernel(n)}
        # Calls between kernel functions are covered by their "def" lines.
        out |= {"call " + readable[t] for t in calls.get(key, ()) if not kernel(t)}
print("\n".join(sorted(out)))
EOF
    rm -rf "$dir"
}

# `compare WANT GOT`: diff, with what to do on a mismatch.
compare() {
    if diff -u --label "$LIST (committed)" --label "this build" \
        <(grep -v '^#' "$1") "$2"; then
        return 0
    fi
    {
        printf '\nThe kernels'"'"' symbols differ from %s (+ lines are new).\n' "$LIST"
        printf 'Written by: %s\n' "$(head -1 "$1")"
        printf 'This build: # %s\n' "$(rustc --version)"
        printf 'A new "def" is a function standing alone inside a kernel: inline it\n'
        printf '(#[inline(always)]) or say why it is out of line; then, or for a new\n'
        printf 'compiler, run `bash ci/inlining.sh --update` and commit the list.\n'
    } >&2
    return 1
}

log "cargo build --release -p rapidutf --features portable"
RLIB=$(build Cargo.toml)
[[ -f $RLIB ]] || die "no rlib from the build"
GOT=$(mktemp)
trap 'rm -f "$GOT"' EXIT
symbols "$RLIB" >"$GOT"
grep -q '^def rapidutf::arch::x86_64::avx2::entries::validate_utf8$' "$GOT" ||
    die "no kernel entries found in $RLIB: has the layout of src/arch changed?"

if [[ $MODE == --update ]]; then
    { printf '# %s\n' "$(rustc --version)"; cat "$GOT"; } >"$LIST"
    log "wrote $LIST ($(wc -l <"$GOT") symbols)"
    exit 0
fi

log "compare with $LIST"
compare "$LIST" "$GOT"
log "the kernels' symbols match $LIST ($(wc -l <"$GOT") lines)"
[[ $MODE == --self-test ]] || exit 0

# The self-test: a copy of the crate with two plants, built once more
# (about as long as the first build).
log "self-test: plant an out-of-line helper and closure in a copy of the crate"
COPY=$(mktemp -d)
trap 'rm -f "$GOT"; rm -rf "$COPY"' EXIT
cp -r Cargo.toml Cargo.lock build.rs README.md src "$COPY"/
# A workspace of the library alone, without its dev-dependencies (the
# test kit is not copied; a library build does not need it).
python3 - "$COPY"/Cargo.toml <<'EOF'
import re, sys
path = sys.argv[1]
text = open(path).read()
text = re.sub(r"(?ms)^\[dev-dependencies\]\n.*?(?=^\[)", "", text)
text = re.sub(r"(?m)^members = .*\n", "", text)
open(path, "w").write(text)
EOF
python3 - "$COPY"/src/arch/generic/count.rs <<'EOF'
import re, sys
path = sys.argv[1]
text = open(path).read()
# 1. A helper that lost its `#[inline(always)]`.
helper = re.compile(r"#\[inline\(always\)\]\n(pub\(crate\) )?(unsafe )?fn utf8_len_from_latin1\b")
text, n1 = helper.subn(lambda m: m.group(0).replace("always", "never"), text, count=1)
# 2. A closure left out of line: `count_chars` calls one through a
#    pointer the optimiser cannot see through.
closure = re.compile(r"(pub\(crate\) unsafe fn count_chars<[^>]*>\([^)]*\) -> usize \{\n)")
text, n2 = closure.subn(
    r"\1    let planted = |n: usize| n.wrapping_add(src.len());\n"
    r"    let planted: &dyn Fn(usize) -> usize = core::hint::black_box(&planted);\n"
    r"    core::hint::black_box(planted(0));\n",
    text, count=1)
if (n1, n2) != (1, 1):
    sys.exit(f"self-test: could not plant (helper: {n1}, closure: {n2}); update the plants")
open(path, "w").write(text)
EOF
PLANTED=$(mktemp)
trap 'rm -f "$GOT" "$PLANTED"; rm -rf "$COPY"' EXIT
# A target directory of its own: the copy's library has the same name,
# version and features, so in the main one it would take the place of this
# tree's build. Kept between runs, so only the library is built again.
TARGET=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
RLIB=$(CARGO_TARGET_DIR=$TARGET/inlining-self-test build "$COPY"/Cargo.toml)
symbols "$RLIB" >"$PLANTED"
if compare "$LIST" "$PLANTED" >/dev/null 2>&1; then
    die "self-test: the planted helper and closure went unnoticed"
fi
DIFF=$(diff <(grep -v '^#' "$LIST") "$PLANTED" || true)
NEW=$(sed -n 's/^> //p' <<<"$DIFF")
# Nothing may be missing: a second build, in another directory with other
# crate hashes, lists the same symbols (the plants only add some).
if grep -q '^< ' <<<"$DIFF"; then
    printf '%s\n' "$DIFF" >&2
    die "self-test: symbols went missing in the planted build: the list is not stable"
fi
for want in 'def rapidutf::arch::generic::count::utf8_len_from_latin1' \
    'def rapidutf::arch::generic::count::count_chars::{{closure}}'; do
    grep -qxF "$want" <<<"$NEW" || {
        printf '%s\n' "$NEW" >&2
        die "self-test: the check did not report: $want"
    }
    log "self-test: caught: $want"
done
log "self-test: both plants caught"
