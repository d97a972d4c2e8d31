#!/usr/bin/env python3
"""The tyre laws side by side against one by one, car by car (laws/tyre_lanes.hpp).

Runs every standard test of each car given (car files, or folders searched for .toml and .car
files) twice through `tractive test --json`:
as this processor runs it (four tyres per AVX2 register where it has AVX2 and FMA) and with
TRACTIVE_VECTOR_MATHS=0 (one by one), and compares every metric: each must agree within
--tolerance relative. The paths differ only in the last bits of libmvec's and libm's atan, sin,
cos, tan and exp. One metric is allowed more: the coastdown's distance rolls 200 s, its last
40 s at walking pace steered by the lane keeper, where the paths part (up to 1e-7 measured,
0.2 mm in 2.2 km); it is held to 1e-6. An overshoot (peak / steady - 1, near 0) is compared
as the ratio peak / steady. Exits 0 when all agree, 1 otherwise (naming each metric),
77 when the processor has no AVX2 and FMA (one path only).

    check_tyre_paths.py TRACTIVE_BINARY CAR_OR_DIR... [--tolerance 1e-12]
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys

LOOSER = {("coastdown", "coastdown_m"): 1e-6}


def metrics(binary, car, one_by_one):
    env = dict(os.environ)
    env.pop("TRACTIVE_VECTOR_MATHS", None)
    if one_by_one:
        env["TRACTIVE_VECTOR_MATHS"] = "0"
    r = subprocess.run([binary, "test", str(car), "--json"], capture_output=True, text=True, env=env)
    if not r.stdout.strip():
        sys.exit(f"{car}: tractive test gave no JSON (exit {r.returncode}): {r.stderr}")
    out = {}
    for test, result in json.loads(r.stdout).items():
        out[(test, "status")] = result.get("status")
        for name, value in result.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                out[(test, name)] = value
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("tractive")
    p.add_argument("cars", nargs="+")
    p.add_argument("--tolerance", type=float, default=1e-12)
    a = p.parse_args()
    flags = set()
    for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("flags"):
            flags.update(line.split(":", 1)[1].split())
    if not {"avx2", "fma"} <= flags:
        print("skipped: no AVX2 and FMA here, so one path only")
        sys.exit(77)
    cars = []
    for given in map(pathlib.Path, a.cars):
        if given.is_dir():
            cars += sorted(c for c in given.rglob("*") if c.suffix in (".toml", ".car"))
        elif given.exists():
            cars.append(given)
    if not cars:
        sys.exit(f"no car in {' '.join(a.cars)}")
    bad, compared, worst = [], 0, (0.0, "")
    for car in cars:
        lanes, one = metrics(a.tractive, car, False), metrics(a.tractive, car, True)
        if lanes.keys() != one.keys():
            bad.append(f"{car.name}: the two paths gave different metrics")
            continue
        for key, x in lanes.items():
            y = one[key]
            if key[1] == "status":
                if x != y:
                    bad.append(f"{car.name} {key[0]}: {x} side by side, {y} one by one")
                continue
            # An overshoot is peak / steady - 1: its difference is taken on peak / steady.
            scale = max(abs(x), abs(y)) + (1.0 if "overshoot" in key[1] else 0.0)
            rel = abs(x - y) / scale if scale > 0 else 0.0
            allowed = max(a.tolerance, LOOSER.get(key, 0.0)) if a.tolerance > 0 else 0.0
            compared += 1
            if key not in LOOSER and rel > worst[0]:
                worst = (rel, f"{car.name} {key[0]}.{key[1]}")
            if rel > allowed:
                bad.append(f"{car.name} {key[0]}.{key[1]}: {x!r} side by side, {y!r} one by one ({rel:.3g} relative, allowed {allowed:g})")
    print(f"{len(cars)} cars, {compared} metrics; largest difference {worst[0]:.3g} ({worst[1]}), the coastdown's distance aside")
    if bad:
        print("\n".join(bad))
        sys.exit(1)


if __name__ == "__main__":
    main()
