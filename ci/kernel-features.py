#!/usr/bin/env python3
"""Checks that each x86_64 kernel's CPU features agree everywhere.

A kernel names its target features once (`features: detected!(...)` in
its `kernel_table!`), and that one list is both what its functions are
compiled with and what detection requires. Two ways it can still go
wrong, both checked here:

- The compiler enables more than the list says: a feature implies others
  (`avx2` implies `avx`, `sse4.2`, `sse4.1`, `ssse3`, `sse3`; `avx512f`
  implies `fma` and `f16c`), and it may emit their instructions, while
  runtime detection checks each CPUID bit on its own. So each list must
  equal its own closure under rustc's implications (asked of rustc with
  `--print cfg`), minus what the x86_64 target has anyway.
- `ci/host-kernels.sh`, which tells CI which kernels this CPU must run,
  asks /proc/cpuinfo for other flags than the library requires: its
  `need <kernel> <flags>` lines must name exactly the kernel's features
  (in cpuinfo's spelling).

Usage: python3 ci/kernel-features.py   (from any directory; needs rustc)
Exit status 1 on any disagreement.
"""

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGET = "x86_64-unknown-linux-gnu"
KERNELS = {
    "sse42": "src/arch/x86_64/sse42.rs",
    "avx2": "src/arch/x86_64/avx2.rs",
    "avx512": "src/arch/x86_64/avx512/mod.rs",
}
# rustc's feature names as /proc/cpuinfo spells them (where they differ).
CPUINFO = {"sse3": "pni", "sse4.1": "sse4_1", "sse4.2": "sse4_2", "avx512vbmi2": "avx512_vbmi2"}


def kernel_features(path):
    text = (ROOT / path).read_text()
    m = re.search(r"features:\s*super::detected!\(([^)]*)\)", text)
    if not m:
        sys.exit(f"{path}: no `features: super::detected!(...)` in its kernel_table!")
    return re.findall(r'"([^"]+)"', m.group(1))


def target_features(enable):
    args = ["rustc", "--print", "cfg", "--target", TARGET]
    if enable:
        args += ["-C", "target-feature=" + ",".join("+" + f for f in enable)]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return set(re.findall(r'^target_feature="([^"]+)"$', out, re.M))


def host_kernels_needs():
    text = (ROOT / "ci/host-kernels.sh").read_text()
    return {m.group(1): m.group(2).split() for m in re.finditer(r"^\s*need (\w+) (.+)$", text, re.M)}


def main():
    baseline = target_features([])
    needs = host_kernels_needs()
    failed = False
    for kernel, path in KERNELS.items():
        listed = kernel_features(path)
        closure = target_features(listed) - baseline
        if set(listed) != closure:
            failed = True
            print(
                f"{kernel} ({path}): enables and detects {sorted(listed)}, but the compiler "
                f"enables {sorted(closure)}; missing {sorted(closure - set(listed))}, "
                f"not implied {sorted(set(listed) - closure)}"
            )
        want = sorted(CPUINFO.get(f, f) for f in listed)
        got = sorted(needs.get(kernel, []))
        if want != got:
            failed = True
            print(f"{kernel}: ci/host-kernels.sh needs {got}, the library requires {want}")
        print(f"{kernel}: {', '.join(listed)}")
    if failed:
        sys.exit(1)
    print("kernel-features: every x86_64 kernel enables exactly what it detects")


if __name__ == "__main__":
    main()
