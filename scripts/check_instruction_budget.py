#!/usr/bin/env python3
"""The instruction budget (docs/performance.md, "The instruction budget").

Runs bench/instruction_count.cpp's fixed runs under valgrind's callgrind, which counts
instructions (deterministic on a noisy machine, unlike a clock), and compares each run's
instructions per simulated second per car with bench/instruction_budget.json: a run more than
tolerance_percent over its budget fails (exit 1) and says by how much. On a CPU without AVX2
and FMA it skips (exit 77): glibc picks other code paths there, which count differently.
single_one_by_one is single with TRACTIVE_VECTOR_MATHS=0, the tyre laws one by one as on a
processor without AVX2 (laws/tyre_lanes.hpp): that path keeps a budget of its own. single and
batch64 count the step's x86-64-v3 copy: valgrind's processor has no AVX-512, so the x86-64-v4
copy (core/step_copies.hpp), which gives the same bits, never runs under it.

    scripts/check_instruction_budget.py BUILD_DIR [--budget FILE] [--runs single,batch64,single_one_by_one]
"""
import os
import argparse
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

SIMULATED_S = 5.0
# run: (instruction_count's argument, cars, the tyre laws side by side where the CPU allows)
RUNS = {"single": ("single", 1, True), "batch64": ("batch64", 64, True), "single_one_by_one": ("single", 1, False)}


def count(binary, run):
    """Instructions callgrind counts in the run's stepping loop (collection toggled around it)."""
    argument, _, lanes = RUNS[run]
    env = dict(os.environ)
    env.pop("TRACTIVE_VECTOR_MATHS", None)
    if not lanes:
        env["TRACTIVE_VECTOR_MATHS"] = "0"
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "callgrind.out"
        r = subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no", f"--callgrind-out-file={out}", str(binary), argument],
                           capture_output=True, text=True, env=env)
        if r.returncode != 0:
            sys.exit(f"{binary} {run} failed (exit {r.returncode}):\n{r.stdout}{r.stderr}")
        text = out.read_text()
    m = re.search(r"^(?:summary|totals): (\d+)", text, re.MULTILINE)
    if not m:
        sys.exit(f"no instruction total in callgrind's output for {run}")
    return int(m.group(1))


def main():
    here = pathlib.Path(__file__).resolve().parent.parent
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("build_dir")
    p.add_argument("--budget", default=str(here / "bench" / "instruction_budget.json"))
    p.add_argument("--runs", default=",".join(RUNS))
    a = p.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("valgrind is not installed (scripts/setup.sh installs it)")
    flags = set()
    cpuinfo = pathlib.Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("flags"):
                flags.update(line.split(":", 1)[1].split())
    if not {"avx2", "fma"} <= flags:
        print("skipped: the budget was counted on a CPU with AVX2 and FMA, where glibc's maths takes "
              "its FMA paths; this CPU would count differently")
        sys.exit(77)
    binary = pathlib.Path(a.build_dir) / "bench" / "tractive_instruction_count"
    if not binary.exists():
        sys.exit(f"{binary}: not built (the build's benchmarks, TRACTIVE_BUILD_BENCH)")
    budget = json.loads(pathlib.Path(a.budget).read_text())
    tolerance = budget["tolerance_percent"] / 100.0
    failed = []
    for run in a.runs.split(","):
        if run not in RUNS:
            sys.exit(f"--runs: {run!r}: expected some of {', '.join(RUNS)}")
        total = count(binary, run)
        per_second = total / SIMULATED_S / RUNS[run][1]
        limit = budget["runs"][run]["budget"]
        target = budget["runs"][run]["target"]
        over = per_second / limit - 1.0
        verdict = "over budget" if over > tolerance else "within budget"
        print(f"{run}: {per_second:,.0f} instructions per simulated second per car ({total:,} in all); "
              f"budget {limit:,} ({over:+.2%}, {verdict}); target {target:,}")
        if over > tolerance:
            failed.append(run)
    if failed:
        sys.exit(f"over the instruction budget by more than {budget['tolerance_percent']} %: {', '.join(failed)} "
                 "(bench/instruction_budget.json; docs/performance.md says how to measure where the instructions go)")


if __name__ == "__main__":
    main()
