#!/usr/bin/env python3
"""Checks the one-way layering of src/ (see ARCHITECTURE.md).

A module's imports are the paths in its files (comments left out) that
name another top-level module: `crate::<module>`, `crate::{<module>, ..}`,
and `super::` chains that climb to the crate root. A name the crate root
re-exports (`crate::Kernel`, `crate::utf8_to_utf16_vec`) counts as an
import of the module that defines it, read from the `pub use` lines of
lib.rs (a glob re-export, `pub use grid::*`, stands for the public items
of that module); any other name of the crate root counts as an import of
`lib` itself. `arch/`, `scalar/`, `stream/`, `utf8_variants/` and `io/` are one
node each; `#[cfg(test)]` modules are left out (tests may use the whole
crate), and a `super::` inside a `mod name { .. }` block climbs from it.
The check fails when the import graph has a cycle, or when a module
imports one from a higher layer. Modules of the same layer (the facades)
may import each other, as long as there is no cycle.

Usage:
  python3 ci/layers.py [SRC_DIR]     check SRC_DIR (default: src/ beside this script)
  python3 ci/layers.py --self-test   check src/, then plant upward imports in copies
                                     of it and require the check to fail on each
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

# Bottom to top; every module of src/ must be in one layer.
LAYERS = [
    ("leaves", {"error", "byte_order"}),
    ("scalar reference", {"scalar"}),
    ("kernels", {"arch"}),
    ("glue", {"glue", "strategy"}),
    ("dispatch and registry", {"dispatch", "kernel"}),
    ("facades", {"validate", "transcode", "count", "lossy", "bom", "compat", "dropin", "grid", "many", "columnar",
                 "utf16_tools", "latin1", "windows1252", "detect", "decode_detected", "narrow", "uninit",
                 "bytes_input"}),
    ("streams and derivatives", {"stream", "utf8_variants"}),
    ("I/O adapters", {"io"}),
    ("crate root", {"lib"}),
]

ITEM = re.compile(r"\bpub\s+(?:unsafe\s+)?(?:const\s+)?(?:fn|struct|enum|trait|type|const|static|mod|union)"
                  r"\s+([A-Za-z_]\w*)")


def modules(src):
    """Top-level module name -> list of its files."""
    mods = {}
    for entry in sorted(os.listdir(src)):
        path = os.path.join(src, entry)
        if entry.endswith(".rs"):
            mods.setdefault(entry[:-3], []).append(path)
        elif os.path.isdir(path):
            for d, _, files in os.walk(path):
                mods.setdefault(entry, []).extend(
                    os.path.join(d, f) for f in sorted(files) if f.endswith(".rs"))
    return mods


def code(path):
    """The file's text without comments (line comments, doc comments included)."""
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    # Unit tests (`#[cfg(test)]` or `#[cfg(all(test, ...))]` modules) may
    # use the whole crate: they are not part of the layering.
    for m in reversed(list(re.finditer(
            r"#\[cfg\((?:all\()?test\b[^\]]*\]\s*mod\s+\w+\s*\{", text))):
        start = m.end() - 1
        text = text[:m.start()] + text[start + len(braced(text, start)):]
    return text


def split_group(group):
    """The top-level entries of a `{a, b::{c, d}, e as f}` group, without braces."""
    entries, depth, cur = [], 0, ""
    for ch in group[1:-1]:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            entries.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        entries.append(cur.strip())
    return entries


def braced(text, start):
    """The balanced `{...}` group that opens at text[start]."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[start:i + 1]
    return text[start:]


def inline_modules(text):
    """The spans of the `mod name { ... }` blocks written inside a file: a
    `super::` in one of them climbs one level less far."""
    spans = []
    for m in re.finditer(r"\bmod\s+\w+\s*\{", text):
        start = m.end() - 1
        spans.append((start, start + len(braced(text, start))))
    return spans


def paths_after(text, prefix):
    """The first segment of every path that follows `prefix` (e.g. `crate::`),
    expanding `prefix{a, b::c}` groups."""
    firsts = []
    for m in re.finditer(re.escape(prefix) + r"(\{|\w+)", text):
        if m.group(1) == "{":
            for entry in split_group(braced(text, m.start(1))):
                head = re.match(r"\w+", entry)
                if head:
                    firsts.append(head.group(0))
        else:
            firsts.append(m.group(1))
    return firsts


def root_exports(src, mods):
    """Name re-exported by lib.rs -> set of modules that define it."""
    lib = os.path.join(src, "lib.rs")
    text = code(lib) if os.path.exists(lib) else ""
    exports = {}
    for m in re.finditer(r"\bpub\s+use\s+(\w+)::(\*|\w+|\{)", text):
        mod, what = m.group(1), m.group(2)
        if mod not in mods:
            continue
        if what == "*":
            names = set()
            for f in mods[mod]:
                body = code(f)
                names.update(ITEM.findall(body))
        elif what == "{":
            names = set()
            for entry in split_group(braced(text, m.start(2))):
                alias = re.search(r"\bas\s+(\w+)$", entry)
                names.add(alias.group(1) if alias else re.findall(r"\w+", entry)[-1])
        else:
            names = {what}
        for n in names:
            exports.setdefault(n, set()).add(mod)
    return exports


def module_path(src, path):
    """The module path of a file: src/a/b.rs and src/a/b/mod.rs -> [a, b]."""
    rel = os.path.relpath(path, src)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib"):
        rel = rel[:-1]
    return rel


def imports(src, files, mods, exports):
    """The top-level modules (or `lib`) that the files import."""
    found = set()

    def resolve(name):
        if name in mods:
            return {name}
        if name in exports:
            return exports[name]
        if name in ("self", "super", "crate"):
            return set()
        return {"lib"}

    for f in files:
        text = code(f)
        for name in paths_after(text, "crate::"):
            found.update(resolve(name))
        # `super::` chains that climb to the crate root from this file.
        depth = len(module_path(src, f))
        inline = inline_modules(text)
        for m in re.finditer(r"(?<![\w:])((?:super::)+)(\{|\w+)", text):
            within = sum(1 for a, b in inline if a < m.start() < b)
            if m.group(1).count("super::") < depth + within:
                continue
            if m.group(2) == "{":
                entries = split_group(braced(text, m.start(2)))
                names = [re.match(r"\w+", e).group(0) for e in entries if re.match(r"\w+", e)]
            else:
                names = [m.group(2)]
            for name in names:
                found.update(resolve(name))
    return found


def check(src):
    """Prints the graph per layer; returns the list of violations."""
    mods = modules(src)
    exports = root_exports(src, mods)
    rank = {m: i for i, (_, ms) in enumerate(LAYERS) for m in ms}
    errors = [f"module '{m}' is in no layer of ci/layers.py" for m in mods if m not in rank]
    graph = {m: imports(src, files, mods, exports) - {m} for m, files in mods.items()}
    for m, deps in sorted(graph.items()):
        for d in sorted(deps):
            if m in rank and d in rank and rank[d] > rank[m]:
                errors.append(f"'{m}' ({LAYERS[rank[m]][0]}) imports '{d}' ({LAYERS[rank[d]][0]})")
    # Cycles, by depth-first search.
    state = {}

    def visit(m, path):
        state[m] = "open"
        for d in sorted(graph.get(m, ())):
            if state.get(d) == "open":
                errors.append("import cycle: " + " -> ".join(path[path.index(d):] + [m, d]))
            elif d not in state and d in graph:
                visit(d, path + [m])
        state[m] = "done"

    for m in sorted(graph):
        if m not in state:
            visit(m, [])
    for i, (name, ms) in enumerate(LAYERS):
        deps = sorted({d for m in ms if m in graph for d in graph[m]})
        print(f"{i} {name}: {', '.join(sorted(ms & set(mods)))} -> {', '.join(deps) or '-'}")
    return errors


# Imports planted by --self-test, each of which must break the layering:
# (file under src/, line appended, what the failure must name).
PLANTED = [
    ("arch/generic/mod.rs", "use crate::Kernel;", "'arch' (kernels) imports 'kernel'"),
    ("scalar/mod.rs", "use crate::utf8_to_utf16_vec;", "'scalar' (scalar reference) imports 'transcode'"),
    ("error.rs", "use crate::{validate_utf8, byte_order::Le};", "'error' (leaves) imports 'validate'"),
    ("arch/mod.rs", "use super::Kernel;", "'arch' (kernels) imports 'kernel'"),
    ("glue/mod.rs", "pub(crate) fn f() { crate::transcode::utf8_to_utf16(&[], &mut []); }",
     "'glue' (glue) imports 'transcode'"),
    ("byte_order.rs", "use crate::README_EXAMPLE;", "'byte_order' (leaves) imports 'lib'"),
    ("validate.rs", "use crate::detect_encoding;", "import cycle"),
    ("detect.rs", "use crate::is_valid_utf8;", None),  # the other half of the cycle
]


def self_test():
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.path.join(here, "..", "src")
    run = lambda d: subprocess.run([sys.executable, os.path.abspath(__file__), d],
                                   capture_output=True, text=True)
    base = run(src)
    if base.returncode != 0:
        print(base.stdout + base.stderr)
        sys.exit("self-test: the check fails on src/ itself")
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        # Each planted import alone (the cycle needs both of its halves).
        cases = [[p] for p in PLANTED if p[2] not in ("import cycle", None)]
        cases.append([p for p in PLANTED if p[2] in ("import cycle", None)])
        # A planted import inside a comment breaks nothing.
        cases.append([("arch/generic/mod.rs", "// use crate::Kernel;", None)])
        for case in cases:
            copy = os.path.join(tmp, "src")
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(src, copy)
            for f, line, _ in case:
                with open(os.path.join(copy, f), "a", encoding="utf-8") as out:
                    out.write("\n" + line + "\n")
            r = run(copy)
            want = [w for _, _, w in case if w]
            desc = "; ".join(f"{f}: {line}" for f, line, _ in case)
            if not want and r.returncode != 0:
                failures.append(f"{desc}: the check failed, but should pass:\n{r.stdout}")
            for w in want:
                if r.returncode == 0 or w not in r.stdout:
                    failures.append(f"{desc}: the check did not report {w!r}:\n{r.stdout}")
            print(f"self-test: {desc}: {'fails as it must' if want else 'passes as it must'}")
    if failures:
        print("\n".join(["", "SELF-TEST FAILED:"] + failures))
        sys.exit(1)
    print(f"self-test: all {len(cases)} planted cases caught")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "src")
    errors = check(src)
    if errors:
        print("\n".join(["", "LAYERING BROKEN:"] + errors))
        sys.exit(1)
    print("layers: one-way, no import cycle")


main()
