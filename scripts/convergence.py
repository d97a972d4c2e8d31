#!/usr/bin/python3
"""Convergence of the standard tests with the internal step, car by car.

Runs `tractive test --json` on each car at the default step and at a finer one (ten times finer
by default) and prints every metric that differs by more than the tolerance, and every test whose
status differs. Exit status 1 when anything is outside the tolerance.

A difference below a metric's resolution is not counted however large relative to a tiny value:
1 cm for distances (a hill start's rollback of 1e-7 m against 0), 2 ms for times, 0.002 g,
0.1 km/h, and 0.005 for ratios (a step-steer overshoot of 0.17 % against 0.16 %).

  scripts/convergence.py [--tractive BIN] [--data-root DIR] [--step-ms 8] [--fine-ms 0.8]
                         [--tolerance 0.01] [--tests accel,skidpad,...] [--jobs N] CAR...
"""
import argparse
import concurrent.futures
import json
import math
import subprocess
import sys


def run(tractive, car, data_root, step_ms, tests=()):
    cmd = [tractive, "test", car, *tests, "--json", "--step-ms", str(step_ms)]
    if data_root:
        cmd += ["--data-root", data_root]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(cmd)}: exit {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)


# Metric name ending -> the smallest difference that counts.
RESOLUTION = (("_m", 0.01), ("_s", 0.002), ("_g", 0.002), ("_kmh", 0.1), ("_overshoot", 0.005),
              ("_l_per_100km_90", 0.01), ("_l_per_100km_120", 0.01))


def resolution(name):
    for ending, floor in RESOLUTION:
        if name.endswith(ending):
            return floor
    return 0.0


def compare(coarse, fine, tolerance):
    """Yields (test, metric, coarse, fine, relative difference or None for a status change)."""
    for test, fine_metrics in fine.items():
        coarse_metrics = coarse.get(test, {})
        if coarse_metrics.get("status") != fine_metrics.get("status"):
            yield test, "status", coarse_metrics.get("status"), fine_metrics.get("status"), None
            continue
        for name, fine_value in fine_metrics.items():
            coarse_value = coarse_metrics.get(name)
            if isinstance(fine_value, bool) or not isinstance(fine_value, (int, float)):
                if coarse_value != fine_value and name not in ("reason",):
                    yield test, name, coarse_value, fine_value, None
                continue
            if not isinstance(coarse_value, (int, float)) or isinstance(coarse_value, bool):
                yield test, name, coarse_value, fine_value, None
                continue
            if abs(coarse_value - fine_value) <= resolution(name):
                continue
            scale = abs(fine_value)
            if scale == 0.0:
                yield test, name, coarse_value, fine_value, math.inf
                continue
            rel = (coarse_value - fine_value) / scale
            if abs(rel) > tolerance:
                yield test, name, coarse_value, fine_value, rel


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cars", nargs="+")
    ap.add_argument("--tractive", default="build/tractive")
    ap.add_argument("--data-root", default="")
    ap.add_argument("--step-ms", type=float, default=8.0)
    ap.add_argument("--fine-ms", type=float, default=0.8)
    ap.add_argument("--tolerance", type=float, default=0.01)
    ap.add_argument("--tests", default="", help="comma-separated standard tests (default: all)")
    ap.add_argument("--jobs", type=int, default=1, help="cars run at once (results printed in order)")
    args = ap.parse_args()
    tests = [t for t in args.tests.split(",") if t]

    def both(car):
        return (run(args.tractive, car, args.data_root, args.step_ms, tests),
                run(args.tractive, car, args.data_root, args.fine_ms, tests))

    outside = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for car, (coarse, fine) in zip(args.cars, pool.map(both, args.cars)):
            rows = list(compare(coarse, fine, args.tolerance))
            outside += len(rows)
            print(f"{car}: {'converged' if not rows else f'{len(rows)} outside {100 * args.tolerance:g} %'}", flush=True)
            for test, name, c, f, rel in rows:
                diff = "status/flag" if rel is None else f"{100 * rel:+.2f} %"
                print(f"  {test:<11} {name:<32} {c!s:>12} {f!s:>12}  {diff}", flush=True)
    return 1 if outside else 0


if __name__ == "__main__":
    sys.exit(main())
