#!/usr/bin/env python3
"""Render criterion's results for benches/validate.rs as BENCHMARKS.md.

Usage: bench/render.py OUTPUT.md [--criterion DIR] [--note TEXT]

Reads every <DIR>/**/new/benchmark.json with its estimates.json (DIR
defaults to bench/target/criterion, or $CARGO_TARGET_DIR/criterion) and
writes, in GB/s (input bytes / mean time, 1 GB = 1e9 B):

- the machine: CPU model, kernels rapidutf used, rustc version, date,
  load average before and after the run (if bench/run.sh recorded them);
- `lipsum`: one row per function, one column per language, plus the
  ratio of rapidutf to the best peer on each file and its geometric mean;
- `sizes`: the size sweep, per input kind, with rapidutf / core ratios;
- `late_error`: 64 KiB with an error near the end.

Only the standard library is used, so it runs on a fresh machine.
"""

import argparse
import datetime
import json
import math
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", HERE / "target"))

# Column order for functions; rapidutf first, then peers. Per-kernel
# functions (rapidutf-<kernel>/...) are added after these.
ORDER = [
    "rapidutf/validate_utf8",
    "rapidutf/is_valid_utf8",
    "core::str::from_utf8",
    "simdutf8::compat::from_utf8",
    "simdutf8::basic::from_utf8",
    "simdutf::validate_utf8_with_errors",
    "simdutf::validate_utf8",
]
KERNEL_ORDER = ["scalar", "portable", "sse42", "neon", "avx2", "avx512"]
# Peers report an error position or only a bool; rapidutf's two entry
# points are compared with the best peer of either kind.
PEERS = [f for f in ORDER if not f.startswith("rapidutf")]
PEERS_WITH_ERRORS = [
    "core::str::from_utf8",
    "simdutf8::compat::from_utf8",
    "simdutf::validate_utf8_with_errors",
]
PEERS_BOOL = ["simdutf8::basic::from_utf8", "simdutf::validate_utf8"]
SHORT = {
    "core::str::from_utf8": "core",
    "simdutf8::compat::from_utf8": "simdutf8 compat",
    "simdutf8::basic::from_utf8": "simdutf8 basic",
    "simdutf::validate_utf8_with_errors": "simdutf errors",
    "simdutf::validate_utf8": "simdutf",
}


def load(criterion_dir):
    """{(group, function, parameter): (bytes, mean_ns, ci_low_ns, ci_high_ns)}"""
    results = {}
    for bench_json in criterion_dir.glob("**/new/benchmark.json"):
        meta = json.loads(bench_json.read_text())
        est = json.loads((bench_json.parent / "estimates.json").read_text())
        throughput = meta.get("throughput") or {}
        nbytes = throughput.get("Bytes") or throughput.get("BytesDecimal")
        if nbytes is None:
            continue
        mean = est["mean"]
        key = (meta["group_id"], meta["function_id"], meta.get("value_str") or "")
        results[key] = (
            nbytes,
            mean["point_estimate"],
            mean["confidence_interval"]["lower_bound"],
            mean["confidence_interval"]["upper_bound"],
        )
    return results


def gbps(r):
    nbytes, mean_ns = r[0], r[1]
    return nbytes / mean_ns


def fmt(x, digits=2):
    if x is None:
        return "–"
    if x >= 100:
        return f"{x:.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.{digits}f}"


def geomean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def function_order(functions):
    def key(f):
        if f in ORDER:
            return (0, ORDER.index(f), "")
        m = re.match(r"rapidutf-(\w+)/(.*)", f)
        if m:
            k = m.group(1)
            rank = KERNEL_ORDER.index(k) if k in KERNEL_ORDER else len(KERNEL_ORDER)
            return (1, rank, m.group(2))
        return (2, 0, f)

    return sorted(functions, key=key)


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def command_output(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def lockfile_versions(names):
    lock = HERE / "Cargo.lock"
    versions = {}
    if lock.exists():
        for block in lock.read_text().split("[[package]]"):
            name = re.search(r'^name = "([^"]+)"', block, re.M)
            version = re.search(r'^version = "([^"]+)"', block, re.M)
            if name and version and name.group(1) in names:
                versions[name.group(1)] = version.group(1)
    return versions


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] * len(header)) + "|"]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(out)


def render(results, note):
    lines = []
    add = lines.append
    kernels, active = "unknown", "unknown"
    kernel_file = TARGET / "rapidutf-kernels.txt"
    if kernel_file.exists():
        kernels, active = (kernel_file.read_text().splitlines() + ["unknown"] * 2)[:2]
    versions = lockfile_versions({"simdutf", "simdutf8", "criterion"})
    add("# Benchmarks: UTF-8 validation")
    add("")
    add(
        "Generated by `bench/run.sh` (criterion, `bench/benches/validate.rs`; "
        "rendered by `bench/render.py`). Throughput in **GB/s** "
        "(10⁹ input bytes per second, from criterion's mean time)."
    )
    add("")
    if note:
        add(f"> {note}")
        add("")
    add("## Machine")
    add("")
    add(f"- CPU: {cpu_model()} ({os.cpu_count()} logical cores)")
    add(f"- rapidutf kernels available: {kernels.replace(',', ', ')}; dispatch uses: {active}")
    add(f"- {command_output(['rustc', '--version'])}")
    add(
        "- peers: "
        + ", ".join(f"{n} {versions[n]}" for n in ("simdutf8", "simdutf") if n in versions)
        + " (the `simdutf` crate bundles simdutf C++, built with its own runtime dispatch)"
    )
    add(f"- date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}")
    load_file = TARGET / "loadavg.txt"
    if load_file.exists():
        add(f"- load average (1, 5, 15 min) {load_file.read_text().strip()}")
    add("")

    # --- lipsum ---------------------------------------------------------
    groups = sorted({g for (g, _, _) in results if g.startswith("lipsum/")})
    if groups:
        langs = [g.split("/", 1)[1] for g in groups]
        by = {(g.split("/", 1)[1], f): r for (g, f, _), r in results.items() if g in groups}
        functions = function_order({f for (_, f) in by})
        add("## Lipsum corpus (`tests/data/lipsum/*.utf8.txt`)")
        add("")
        sizes = {lang: next(r[0] for (l, _), r in by.items() if l == lang) for lang in langs}
        add("File sizes: " + ", ".join(f"{l} {sizes[l] / 1024:.0f} KiB" for l in langs) + ".")
        add("")
        rows = []
        for f in functions:
            vals = [gbps(by[(l, f)]) if (l, f) in by else None for l in langs]
            rows.append([f"`{f}`"] + [fmt(v) for v in vals] + [fmt(geomean(vals))])
        add(table(["GB/s"] + langs + ["geomean"], rows))
        add("")

        add("### rapidutf against the best peer")
        add("")
        add(
            "Ratio of rapidutf's throughput to the fastest peer on each file "
            "(above 1: rapidutf is faster). *With errors* compares with the peers "
            "that report the error position (core, simdutf8 compat, simdutf "
            "`_with_errors`); *any* with all peers, including the bool-only ones."
        )
        add("")
        rows = []
        for mine, peers, label in [
            ("rapidutf/validate_utf8", PEERS_WITH_ERRORS, "`validate_utf8` ÷ best peer with errors"),
            ("rapidutf/validate_utf8", PEERS, "`validate_utf8` ÷ best peer (any)"),
            ("rapidutf/is_valid_utf8", PEERS, "`is_valid_utf8` ÷ best peer (any)"),
        ]:
            ratios, best_names = [], []
            for l in langs:
                peer_vals = [(gbps(by[(l, p)]), p) for p in peers if (l, p) in by]
                if (l, mine) not in by or not peer_vals:
                    ratios.append(None)
                    best_names.append("–")
                    continue
                best, name = max(peer_vals)
                ratios.append(gbps(by[(l, mine)]) / best)
                best_names.append(name)
            rows.append([label] + [fmt(r) for r in ratios] + [fmt(geomean(ratios))])
            rows.append(["↳ best peer"] + [SHORT.get(n, n) for n in best_names] + [""])
        add(table(["ratio"] + langs + ["geomean"], rows))
        add("")

    # --- sizes ----------------------------------------------------------
    size_groups = sorted({g for (g, _, _) in results if g.startswith("sizes/")})
    for g in size_groups:
        kind = g.split("/", 1)[1]
        by = {(f, int(p)): r for (gg, f, p), r in results.items() if gg == g}
        ns = sorted({n for (_, n) in by})
        functions = function_order({f for (f, _) in by})
        add(f"## Sizes: {kind} (input starts 1 byte past a 16-byte boundary)")
        add("")
        add(
            "GB/s per input size in bytes; the last columns are rapidutf's "
            "speed-up over `core::str::from_utf8`."
        )
        add("")
        rows = []
        for n in ns:
            row = [str(n)]
            for f in functions:
                row.append(fmt(gbps(by[(f, n)])) if (f, n) in by else "–")
            core = by.get(("core::str::from_utf8", n))
            for mine in ("rapidutf/validate_utf8", "rapidutf/is_valid_utf8"):
                r = by.get((mine, n))
                row.append(fmt(gbps(r) / gbps(core)) if r and core else "–")
            rows.append(row)
        header = ["N"] + [f"`{f}`" for f in functions] + ["validate ÷ core", "is_valid ÷ core"]
        add(table(header, rows))
        add("")

    # --- late error -----------------------------------------------------
    late = {(f, p): r for (g, f, p), r in results.items() if g == "late_error"}
    if late:
        nbytes = next(iter(late.values()))[0]
        add(f"## Late error ({nbytes // 1024} KiB multilingual, invalid byte 2 bytes before the end)")
        add("")
        rows = []
        for f in function_order({f for (f, _) in late}):
            (r,) = [v for (ff, _), v in late.items() if ff == f]
            rows.append([f"`{f}`", fmt(gbps(r)), f"{r[1] / 1000:.1f}"])
        add(table(["function", "GB/s", "µs (mean)"], rows))
        add("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("output", type=Path)
    ap.add_argument("--criterion", type=Path, default=TARGET / "criterion")
    ap.add_argument("--note", default="")
    args = ap.parse_args()
    results = load(args.criterion)
    if not results:
        sys.exit(f"no criterion results under {args.criterion}")
    args.output.write_text(render(results, args.note))
    print(f"wrote {args.output} ({len(results)} benchmarks)", file=sys.stderr)


if __name__ == "__main__":
    main()
