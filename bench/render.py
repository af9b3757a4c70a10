#!/usr/bin/env python3
"""Render criterion's results for the benches in bench/benches as BENCHMARKS.md.

Usage: bench/render.py OUTPUT.md [--criterion DIR] [--note TEXT]

Reads every <DIR>/**/new/benchmark.json with its estimates.json (DIR
defaults to bench/target/criterion, or $CARGO_TARGET_DIR/criterion) and
writes, in GB/s (input bytes / mean time, 1 GB = 1e9 B):

- the machine: CPU model, kernels rapidutf used, rustc version, date,
  load average before and after the run (if bench/run.sh recorded them);
- `corpus`: UTF-8 validation, one row per function, one column per text,
  plus the ratio of rapidutf to the best peer on each text and its
  geometric mean;
- `sizes`: the size sweep, per input kind, with rapidutf / core ratios;
- `late_error`: 64 KiB with an error near the end;
- every other group named `<operation>/<text>` (one text of the corpus per
  group), in three sections: transcoding (`utf8_to_utf16`, `utf8_to_utf32`,
  `utf16_to_utf8`, `utf32_to_utf8` first, then any other direction),
  counts (`count_*`, `*_len_*`) and lossy decoding (`lossy*`). Per
  operation: a GB/s table of every function on every file, and the ratio
  of rapidutf's best function through dispatch to the best peer on each
  text, with its geometric mean.

A text is the generated text of a language (named by the language,
`Arabic`) or a real text of the shared corpus (named with its corpus,
`Arabic (lipsum)`); every table shows the generated texts and, in a table
of its own, the real ones.

Function ids (criterion's function part of the benchmark id):
`rapidutf` or `rapidutf/<fn>` is rapidutf through dispatch,
`rapidutf-<kernel>/<fn>` one kernel, anything else a peer (simdutf,
encoding_rs, std, ...). Benchmarks should set a byte throughput of the
*input* size.

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
    "encoding_rs UTF_8.decode_without_bom_handling": "encoding_rs",
    "encoding_rs UTF_16LE.decode_without_bom_handling": "encoding_rs",
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
    """The validation ORDER first; then rapidutf through dispatch, the peers,
    and the single kernels (slowest to fastest)."""

    def key(f):
        if f in ORDER:
            return (0, ORDER.index(f), "")
        if f == "rapidutf" or f.startswith("rapidutf/"):
            return (1, 0, f)
        m = re.match(r"rapidutf-(\w+)/(.*)", f)
        if m:
            k = m.group(1)
            rank = KERNEL_ORDER.index(k) if k in KERNEL_ORDER else len(KERNEL_ORDER)
            return (3, rank, m.group(2))
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


# The generated languages (rapidutf_testkit::corpus::LANGUAGES); a real
# text is named `<Language> (<corpus>)`.
LANGUAGES = ["Latin", "French", "Russian", "Greek", "Arabic", "Hebrew", "Hindi", "Chinese",
             "Japanese", "Korean", "Emoji"]
# Groups the validation sections render; every other `<op>/<text>` group
# is rendered generically.
VALIDATION_GROUPS = {"corpus", "sizes", "late_error"}


def language(text):
    """The language of a text's name: `Arabic (lipsum)` -> `Arabic`."""
    return text.split(" (", 1)[0]


def corpora(texts):
    """The texts split into the generated ones and the real ones, each in
    the order of LANGUAGES: [(label, texts)] for the non-empty parts."""
    key = lambda t: (LANGUAGES.index(language(t)), t)
    generated = sorted((t for t in texts if t in LANGUAGES), key=key)
    real = sorted((t for t in texts if t not in LANGUAGES), key=key)
    parts = [("generated corpus", generated), ("real corpus (../shared)", real)]
    return [(label, ts) for label, ts in parts if ts]
# Operations rendered first, in this order; the rest alphabetically.
MAIN_DIRECTIONS = ["utf8_to_utf16", "utf8_to_utf32", "utf16_to_utf8", "utf32_to_utf8"]
FIRST_OPERATIONS = MAIN_DIRECTIONS + [
    "count_chars",
    "utf16_len_from_utf8",
    "utf8_len_from_utf16",
    "utf8_len_from_utf32",
    "lossy_utf8",
    "lossy_utf8_errors",
    "lossy_utf8_dense",
    "lossy_utf16",
    "lossy_utf16_errors",
]


def short_name(f):
    """A peer's name for the "best peer" rows: SHORT, else `simdutf` for
    the simdutf crate's functions, else the id itself."""
    if f in SHORT:
        return SHORT[f]
    if f.startswith("simdutf::"):
        return "simdutf"
    return f


def is_dispatch(f):
    return f == "rapidutf" or f.startswith("rapidutf/")


def is_rapidutf(f):
    return f == "rapidutf" or f.startswith("rapidutf/") or f.startswith("rapidutf-")


def section_of(op):
    if op.startswith("lossy"):
        return "lossy"
    if op.startswith("count") or "_len_" in op or op.endswith("_len"):
        return "counts"
    return "transcoding"


def operations(results):
    """{op: {(lang, function): result}} for the generic `<op>/<Language>` groups."""
    ops = {}
    for (g, f, _), r in results.items():
        parts = g.split("/")
        if len(parts) != 2 or parts[0] in VALIDATION_GROUPS or language(parts[1]) not in LANGUAGES:
            continue
        ops.setdefault(parts[0], {})[(parts[1], f)] = r
    return ops


def render_operation(add, op, by):
    """One operation: GB/s per function and text, then rapidutf ÷ best
    peer, a table per corpus; the summary is the first corpus's."""
    add(f"### `{op}`")
    add("")
    summary = None
    for label, langs in corpora({l for (l, _) in by}):
        add(f"On the {label}:")
        add("")
        s = render_operation_on(add, by, langs)
        summary = summary or s
    return summary


def render_operation_on(add, by, langs):
    functions = function_order({f for (_, f) in by})
    rows = []
    for f in functions:
        vals = [gbps(by[(l, f)]) if (l, f) in by else None for l in langs]
        rows.append([f"`{f}`"] + [fmt(v) for v in vals] + [fmt(geomean(vals))])
    ratios, best_names, mine_names = [], [], []
    for l in langs:
        mine = [(gbps(r), f) for (ll, f), r in by.items() if ll == l and is_dispatch(f)]
        peers = [(gbps(r), f) for (ll, f), r in by.items() if ll == l and not is_rapidutf(f)]
        if not mine or not peers:
            ratios.append(None)
            best_names.append("–")
            continue
        best, name = max(peers)
        ratios.append(max(mine)[0] / best)
        best_names.append(name)
    summary = None
    if any(ratios):
        rows.append(["**rapidutf ÷ best peer**"] + [f"**{fmt(r)}**" for r in ratios] + [f"**{fmt(geomean(ratios))}**"])
        rows.append(["↳ best peer"] + [short_name(n) for n in best_names] + [""])
        known = [r for r in ratios if r]
        summary = (geomean(ratios), min(known), sorted(set(n for n in best_names if n != "–")))
    add(table(["GB/s"] + langs + ["geomean"], rows))
    add("")
    return summary


def render_section(add, title, intro, ops):
    if not ops:
        return
    add(f"## {title}")
    add("")
    add(intro)
    add("")
    summaries = {}
    for op, by in ops:
        summaries[op] = render_operation(add, op, by)
    rows = []
    for op, _ in ops:
        s = summaries[op]
        if s:
            peers = ", ".join(f"`{n}`" for n in s[2])
            rows.append([f"`{op}`", fmt(s[0]), fmt(s[1]), peers])
    if rows:
        add(f"### Summary: {title.lower()}")
        add("")
        add(table(["operation", "rapidutf ÷ best peer (geomean)", "worst file", "best peers"], rows))
        add("")


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
    versions = lockfile_versions({"simdutf", "simdutf8", "encoding_rs", "criterion"})
    add("# Benchmarks")
    add("")
    add(
        "Generated by `bench/run.sh` (criterion, `bench/benches/*.rs`; "
        "rendered by `bench/render.py`). Throughput in **GB/s** "
        "(10⁹ *input* bytes per second, from criterion's mean time). "
        "Ratios compare rapidutf through dispatch (`rapidutf/…`) with the "
        "fastest peer on the same text; `rapidutf-<kernel>/…` rows call one "
        "kernel directly."
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
        + ", ".join(
            f"{n} {versions[n]}" for n in ("simdutf8", "simdutf", "encoding_rs") if n in versions
        )
        + " (the `simdutf` crate bundles simdutf C++, built with its own runtime dispatch)"
    )
    add(f"- date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}")
    load_file = TARGET / "loadavg.txt"
    if load_file.exists():
        add(f"- load average (1, 5, 15 min) {load_file.read_text().strip()}")
    add("")

    # --- corpus ---------------------------------------------------------
    groups = sorted({g for (g, _, _) in results if g.startswith("corpus/")})
    by = {(g.split("/", 1)[1], f): r for (g, f, _), r in results.items() if g in groups}
    for label, langs in corpora({g.split("/", 1)[1] for g in groups}):
        functions = function_order({f for (_, f) in by})
        add(f"## UTF-8 validation: {label}")
        add("")
        sizes = {lang: next(r[0] for (l, _), r in by.items() if l == lang) for lang in langs}
        add("Sizes: " + ", ".join(f"{l} {sizes[l] / 1024:.0f} KiB" for l in langs) + ".")
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
            "Ratio of rapidutf's throughput to the fastest peer on each text "
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

    # --- generic operations: transcoding, counts, lossy ----------------
    ops = operations(results)
    by_section = {"transcoding": [], "counts": [], "lossy": []}
    order = {d: i for i, d in enumerate(FIRST_OPERATIONS)}
    for op in sorted(ops, key=lambda o: (order.get(o, len(order)), o)):
        by_section[section_of(op)].append((op, ops[op]))
    render_section(
        add,
        "Transcoding",
        "Each text of the corpus, converted by std from UTF-8 where the input is "
        "UTF-16 or UTF-32; GB/s of input.",
        by_section["transcoding"],
    )
    render_section(
        add,
        "Counts",
        "Lengths and counts over each text of the corpus (UTF-16LE and UTF-32 inputs "
        "converted by std); GB/s of input. These run at cache bandwidth.",
        by_section["counts"],
    )
    render_section(
        add,
        "Lossy decoding",
        "`lossy_utf8`: valid input (every decoder borrows or copies once); "
        "`lossy_utf8_errors`: a byte overwritten with `0xFF` every 1000 bytes "
        "(which also orphans the rest of the character it lands in); "
        "`lossy_utf8_dense`: the same every 7 bytes; "
        "`lossy_utf16`: valid UTF-16LE; `lossy_utf16_errors`: a lone surrogate "
        "every 500 units. GB/s of input.",
        by_section["lossy"],
    )
    # --- UTF-8's derivatives (bench `derive`: one group, whole corpus) ---
    derive = {}
    for (group, op, impl), r in results.items():
        if group == "derive":
            derive.setdefault(op, {})[impl] = r
    if derive:
        add("## UTF-8's derivatives")
        add("")
        add(
            "Each operation over the generated corpus concatenated (converted "
            "to the derivative first where it is the input); GB/s of input. "
            "`rapidutf` is the derivative function, the `(plain)` row is "
            "rapidutf's plain UTF-8 path on the same text, and the rest are the "
            "scalar crates `cesu8` and `wtf8` (and std)."
        )
        add("")
        rows = []
        for op in sorted(derive):
            impls = derive[op]
            mine = impls.get("rapidutf")
            plain = [(k, v) for k, v in impls.items() if k.endswith("(plain)")]
            peers = [(k, v) for k, v in impls.items() if k != "rapidutf" and not k.endswith("(plain)")]
            best = max(peers, key=lambda kv: gbps(kv[1])) if peers else None
            rows.append([
                f"`{op}`",
                fmt(gbps(mine)) if mine else "–",
                f"{fmt(gbps(best[1]))} (`{best[0]}`)" if best else "–",
                fmt(gbps(mine) / gbps(best[1])) if mine and best else "–",
                fmt(gbps(plain[0][1])) if plain else "–",
            ])
        add(table(["operation", "rapidutf", "best peer", "ratio", "plain UTF-8 path"], rows))
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
