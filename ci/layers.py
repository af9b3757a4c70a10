#!/usr/bin/env python3
"""Checks the one-way layering of src/ (see ARCHITECTURE.md).

A module's imports are the `crate::<module>` paths in its files (comments
left out), with `arch/`, `scalar/`, `stream/` and `derive/` one node each.
The check fails when the import graph has a cycle, or when a module
imports one from a higher layer. Modules of the same layer (the facades)
may import each other, as long as there is no cycle.

Usage: python3 ci/layers.py [SRC_DIR]   (default: src/ beside this script)
"""

import os
import re
import sys

# Bottom to top; every module of src/ must be in one layer.
LAYERS = [
    ("leaves", {"error", "byte_order"}),
    ("scalar reference", {"scalar"}),
    ("kernels", {"arch"}),
    ("glue", {"glue"}),
    ("dispatch and registry", {"dispatch", "kernel"}),
    ("facades", {"validate", "transcode", "count", "lossy", "bom", "dropin", "grid", "many", "columnar",
                 "utf16_tools", "latin1", "windows1252", "detect", "strategy"}),
    ("streams and derivatives", {"stream", "derive"}),
    ("crate root", {"lib"}),
]


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
                    os.path.join(d, f) for f in files if f.endswith(".rs"))
    return mods


def imports(files, names):
    found = set()
    for f in files:
        text = re.sub(r"//[^\n]*", "", open(f, encoding="utf-8").read())
        for m in re.finditer(r"crate::(\{[^}]*\}|\w+)", text):
            found.update(n for n in re.findall(r"\w+", m.group(1)) if n in names)
    return found


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "src")
    mods = modules(src)
    rank = {m: i for i, (_, ms) in enumerate(LAYERS) for m in ms}
    errors = [f"module '{m}' is in no layer of ci/layers.py" for m in mods if m not in rank]
    graph = {m: imports(files, mods) - {m} for m, files in mods.items()}
    for m, deps in sorted(graph.items()):
        for d in sorted(deps):
            if m in rank and d in rank and rank[d] > rank[m]:
                errors.append(f"'{m}' ({LAYERS[rank[m]][0]}) imports '{d}' ({LAYERS[rank[d]][0]})")
    # Cycles, by depth-first search.
    state = {}

    def visit(m, path):
        state[m] = "open"
        for d in sorted(graph[m]):
            if state.get(d) == "open":
                errors.append("import cycle: " + " -> ".join(path[path.index(d):] + [m, d]))
            elif d not in state:
                visit(d, path + [m])
        state[m] = "done"

    for m in sorted(graph):
        if m not in state:
            visit(m, [])
    for i, (name, ms) in enumerate(LAYERS):
        deps = sorted({d for m in ms if m in graph for d in graph[m]})
        print(f"{i} {name}: {', '.join(sorted(ms & set(mods)))} -> {', '.join(deps) or '-'}")
    if errors:
        print("\n".join(["", "LAYERING BROKEN:"] + errors))
        sys.exit(1)
    print("layers: one-way, no import cycle")


main()
