#!/usr/bin/env python3
"""Runs the harness under qemu-aarch64 with the insn_count plugin for every
operation, file and library, and prints instructions per input byte and an
llvm-mca estimate of cycles per 64 bytes as Markdown. Called by count.sh,
which builds the binary and the plugin.

The llvm-mca figure: every translated block that ran in the measured region
is given to llvm-mca as a code region of its own (the instructions QEMU
executed, disassembled from the binary by llvm-objdump); its reciprocal
throughput (the cycles its busiest pipeline needs per execution, llvm-mca's
"Block RThroughput"), times the times it ran, summed over the blocks, less
the same sum for the empty region, per 64 input bytes. A throughput bound:
latency chains are not in it, branches are always predicted and memory
always in L1. A static model of the work, not a timing.
"""

import argparse
import concurrent.futures
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

MODELS = ("neoverse-v1", "neoverse-n1")
SECTION = "## NEON under qemu-aarch64: instruction counts and an llvm-mca model (not timings)"
MCA_ITERATIONS = 100
# A Neoverse N1 (Armv8.2 with NEON, no SVE), as the llvm-mca models: with
# QEMU's default `max` CPU, glibc's memcpy would pick its SVE variant.
QEMU = ["qemu-aarch64", "-cpu", "neoverse-n1"]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--binary", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--work", required=True, help="a directory for the raw counts")
    p.add_argument("--corpus", required=True)
    p.add_argument("--ops", default="", help="comma-separated operations")
    p.add_argument("--files", default="", help="comma-separated file-name prefixes")
    p.add_argument("--markdown", default="", help="also write the tables here")
    p.add_argument(
        "--into",
        default="",
        help=f"replace the section '{SECTION}' of this Markdown file with the tables "
        "(or insert it before '## Kernel against kernel', or at the end)",
    )
    return p.parse_args()


def write_section(path, body):
    """Puts `body` under the heading SECTION in the Markdown file `path`,
    replacing that section (up to the next `## ` heading) if it is there."""
    text = Path(path).read_text()
    section = f"{SECTION}\n\n{body.strip()}\n"
    start = text.find(SECTION + "\n")
    if start >= 0:
        end = text.find("\n## ", start + len(SECTION))
        rest = text[end + 1 :] if end >= 0 else ""
        text = text[:start] + section + ("\n" + rest if rest else "")
    else:
        anchor = text.find("\n## Kernel against kernel\n")
        if anchor >= 0:
            text = text[: anchor + 1] + section + "\n" + text[anchor + 1 :]
        else:
            text = text.rstrip("\n") + "\n\n" + section
    Path(path).write_text(text)


def symbol_address(binary, name):
    out = subprocess.run(["llvm-nm-19", binary], check=True, capture_output=True, text=True)
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == name and parts[1] in "Tt":
            return int(parts[0], 16)
    sys.exit(f"{binary} has no symbol {name}")


def operations(binary):
    out = subprocess.run(QEMU + [binary, "--list"], check=True, capture_output=True, text=True)
    ops = []
    for line in out.stdout.splitlines():
        name, form, peers = line.split()
        ops.append((name, form, peers.split(",")))
    return ops


def is_latin1(path):
    return all(ord(c) <= 0xFF for c in path.read_text(encoding="utf-8"))


def count(args, start, stop, lib, op, path):
    """One run: {'bytes', 'result', 'insns', 'blocks': [(vaddr, n, execs)], 'empty': ...}."""
    raw = Path(args.work) / "raw" / f"{lib}.{op}.{path.name}.txt"
    raw.parent.mkdir(parents=True, exist_ok=True)
    plugin = f"{args.plugin},start={start:#x},stop={stop:#x},out={raw}"
    run = subprocess.run(
        QEMU + ["-plugin", plugin, args.binary, lib, op, str(path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if run.returncode != 0:
        sys.exit(f"{lib} {op} {path.name}: exit {run.returncode}\n{run.stderr}")
    fields = run.stdout.split()
    regions, blocks = {}, {0: [], 1: []}
    for line in raw.read_text().splitlines():
        w = line.split()
        if w[0] == "region":
            regions[int(w[1])] = int(w[2])
        elif w[0] == "tb":
            blocks[int(w[1])].append((int(w[2], 16), int(w[3]), int(w[4])))
    if set(regions) != {0, 1}:
        sys.exit(f"{lib} {op} {path.name}: expected two regions, got {sorted(regions)}")
    return {
        "bytes": int(fields[fields.index("bytes") + 1]),
        "result": int(fields[fields.index("result") + 1]),
        "insns": regions[1] - regions[0],
        "blocks": blocks[1],
        "empty": blocks[0],
    }


def disassemble(binary):
    """{address: instruction text} for the whole binary, branch targets and
    other absolute addresses left as written (count.py rewrites them)."""
    out = subprocess.run(
        ["llvm-objdump-19", "-d", "--no-show-raw-insn", binary],
        check=True,
        capture_output=True,
        text=True,
    )
    insns = {}
    line_re = re.compile(r"^\s*([0-9a-f]+):\s+(\S.*)$")
    for line in out.stdout.splitlines():
        m = line_re.match(line)
        if m:
            insns[int(m.group(1), 16)] = m.group(2)
    return insns


def for_mca(text, label):
    """An instruction as llvm-mca's assembler takes it: no symbol or value
    comments, and an absolute address (a branch target, an `adrp` page, a
    literal) replaced by the block's own label, which costs the same."""
    text = re.sub(r"\s*//.*$", "", text)
    text = re.sub(r"\s*<[^>]*>", "", text)
    return re.sub(r"(?<![#\w-])0x[0-9a-f]+\b", label, text).strip()


def mca_cycles(blocks, insns, model, work):
    """{(vaddr, n): cycles per execution} from one llvm-mca run over all
    blocks: the block's reciprocal throughput (its busiest resource), not
    its simulated cycles, which would chain each register the block writes
    at its end to its own start, a dependency that an isolated block has
    and the real loop, whose other blocks produce those values, does not."""
    keys = sorted(blocks)
    src = []
    for vaddr, n in keys:
        label = f".Ltb_{vaddr:x}_{n}"
        src.append(f"# LLVM-MCA-BEGIN {vaddr:x}_{n}")
        src.append(f"{label}:")
        for i in range(n):
            text = insns.get(vaddr + 4 * i)
            if text is None:
                sys.exit(f"no instruction at {vaddr + 4 * i:#x} in the binary")
            src.append(for_mca(text, label))
        src.append("# LLVM-MCA-END")
    path = Path(work) / f"blocks.{model}.s"
    path.write_text("\n".join(src) + "\n")
    out = subprocess.run(
        [
            "llvm-mca-19",
            "-mtriple=aarch64",
            f"-mcpu={model}",
            f"-iterations={MCA_ITERATIONS}",
            "-instruction-info=false",
            "-resource-pressure=false",
            str(path),
        ],
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        sys.exit(f"llvm-mca -mcpu={model} failed:\n{out.stderr[:4000]}")
    cycles, name = {}, None
    for line in out.stdout.splitlines():
        m = re.match(r"\[\d+\] Code Region - (\w+)", line)
        if m:
            name = m.group(1)
            continue
        m = re.match(r"Block RThroughput:\s+([0-9.]+)", line)
        if m and name:
            vaddr, n = name.split("_")
            cycles[(int(vaddr, 16), int(n))] = float(m.group(1))
            name = None
    missing = set(keys) - set(cycles)
    if missing:
        sys.exit(f"llvm-mca gave no figure for {len(missing)} blocks")
    return cycles


def weighted(blocks, cycles):
    return sum(execs * cycles[(vaddr, n)] for vaddr, n, execs in blocks)


def hot_listing(run, insns, cycles, path):
    """The blocks with the most instructions executed, disassembled: where
    to look when tuning."""
    total = max(run["insns"], 1)
    rows = sorted(run["blocks"], key=lambda b: -b[1] * b[2])[:8]
    lines = [f"# {run['insns']} instructions, {run['bytes']} bytes"]
    for vaddr, n, execs in rows:
        c = " ".join(f"{m}={cycles[m][(vaddr, n)]:.2f}" for m in MODELS)
        lines.append(
            f"\n## block {vaddr:#x}: {n} instructions x {execs} = "
            f"{100 * n * execs / total:.1f}% of the region; llvm-mca reciprocal throughput {c}"
        )
        lines += [f"  {vaddr + 4 * i:x}: {insns[vaddr + 4 * i]}" for i in range(n)]
    path.write_text("\n".join(lines) + "\n")


def fmt(x, digits=3):
    return f"{x:.{digits}f}"


def geomean(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def main():
    args = parse_args()
    start = symbol_address(args.binary, "region_start")
    stop = symbol_address(args.binary, "region_stop")
    only_ops = set(filter(None, args.ops.split(",")))
    prefixes = list(filter(None, args.files.split(",")))
    files = sorted(Path(args.corpus).glob("*.utf8.txt"))
    files = [f for f in files if not prefixes or any(f.name.startswith(p) for p in prefixes)]
    if not files:
        sys.exit(f"no file in {args.corpus} matches {prefixes}")
    ops = [o for o in operations(args.binary) if not only_ops or o[0] in only_ops]
    unknown = only_ops - {o[0] for o in ops}
    if unknown:
        sys.exit(f"unknown operations: {sorted(unknown)}")
    latin1 = {f: is_latin1(f) for f in files}

    jobs = []
    for op, _, peers in ops:
        for f in files:
            if "latin1" in op and not latin1[f]:
                continue  # a Latin-1 operation on a text Latin-1 cannot hold
            for lib in ["rapidutf"] + peers:
                jobs.append((op, f, lib))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        futures = {job: pool.submit(count, args, start, stop, job[2], job[0], job[1]) for job in jobs}
        runs = {job: fut.result() for job, fut in futures.items()}

    insns = disassemble(args.binary)
    blocks = {(v, n) for r in runs.values() for v, n, _ in r["blocks"] + r["empty"]}
    cycles = {m: mca_cycles(blocks, insns, m, args.work) for m in MODELS}
    hot = Path(args.work) / "hot"
    hot.mkdir(exist_ok=True)
    for (op, f, lib), r in runs.items():
        for m in MODELS:
            extra = weighted(r["blocks"], cycles[m]) - weighted(r["empty"], cycles[m])
            r[m] = 64 * extra / r["bytes"]
        r["per_byte"] = r["insns"] / r["bytes"]
        hot_listing(r, insns, cycles, hot / f"{lib}.{op}.{f.name.split('-')[0]}.txt")

    out = []
    host = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        "an unnamed CPU",
    )
    qemu = subprocess.run(["qemu-aarch64", "--version"], capture_output=True, text=True)
    out.append(
        f"Instructions executed per input byte under {qemu.stdout.splitlines()[0]} "
        f"(`-cpu neoverse-n1`, TCG plugin `bench/neon/insn_count.c`; emulated on {host}, "
        f"which changes nothing in the counts), less the harness's empty region; "
        f"llvm-mca (LLVM 19) cycles per 64 input bytes on the Neoverse V1 and N1 models: "
        f"each executed block's reciprocal throughput times its executions. A model of the work, not a timing. "
        f"rapidutf's `Kernel::Neon`; simdutf8 0.1.5 (aarch64 NEON); the `simdutf` crate "
        f"(simdutf 7.7.1, arm64 kernel); aarch64 baseline target (armv8-a + NEON). "
        f"Ratio: rapidutf's instructions per byte over the peer's (below 1: rapidutf "
        f"executes fewer). Regenerate with `bash bench/neon/count.sh --into BENCHMARKS.md` "
        f"(`../shared/corpus/lipsum`, or `--corpus DIR`).\n"
    )
    summary = [
        "| operation | peer | files | rapidutf insn/B (geomean) | peer insn/B (geomean) "
        "| ratio geomean | ratio worst file | V1 cyc/64 B rapidutf | V1 peer | N1 rapidutf | N1 peer |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    detail = [
        "| operation | file | rapidutf insn/B | peer | peer insn/B | ratio "
        "| V1 cyc/64 B rapidutf | V1 peer | N1 cyc/64 B rapidutf | N1 peer |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    mismatches = []
    for op, _, peers in ops:
        for peer in peers:
            rows = []
            for f in files:
                if (op, f, peer) not in runs:
                    continue
                a, b = runs[(op, f, "rapidutf")], runs[(op, f, peer)]
                if a["result"] != b["result"]:
                    mismatches.append(f"{op} {f.name}: rapidutf {a['result']}, {peer} {b['result']}")
                ratio = a["per_byte"] / b["per_byte"]
                rows.append((a, b, ratio))
                detail.append(
                    f"| {op} | {f.name.split('-')[0]} | {fmt(a['per_byte'])} | {peer} "
                    f"| {fmt(b['per_byte'])} | {fmt(ratio, 2)} "
                    f"| {fmt(a['neoverse-v1'], 1)} | {fmt(b['neoverse-v1'], 1)} "
                    f"| {fmt(a['neoverse-n1'], 1)} | {fmt(b['neoverse-n1'], 1)} |"
                )
            if not rows:
                continue
            g = lambda key, i: geomean([r[i][key] for r in rows])  # noqa: E731
            summary.append(
                f"| {op} | {peer} | {len(rows)} | {fmt(g('per_byte', 0))} | {fmt(g('per_byte', 1))} "
                f"| {fmt(geomean([r[2] for r in rows]), 2)} | {fmt(max(r[2] for r in rows), 2)} "
                f"| {fmt(g('neoverse-v1', 0), 1)} | {fmt(g('neoverse-v1', 1), 1)} "
                f"| {fmt(g('neoverse-n1', 0), 1)} | {fmt(g('neoverse-n1', 1), 1)} |"
            )
    out += ["### Per operation (geomean over the files)\n", *summary, "", "### Per file\n", *detail]
    text = "\n".join(out) + "\n"
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text)
    if args.into:
        write_section(args.into, text)
    results = {
        f"{lib} {op} {f.name}": {k: r[k] for k in ("bytes", "result", "insns", "per_byte", *MODELS)}
        for (op, f, lib), r in runs.items()
    }
    (Path(args.work) / "results.json").write_text(json.dumps(results, indent=1, sort_keys=True))
    if mismatches:
        sys.exit("results differ between libraries:\n" + "\n".join(mismatches))


if __name__ == "__main__":
    main()
