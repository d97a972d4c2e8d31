#!/usr/bin/env python3
"""The vector paths against the baseline code, car by car (laws/tyre_lanes.hpp, core/step_copies.hpp).

Runs every standard test of each car given (car files, or folders searched for .toml and .car
files) twice through `tractive test --json`: as this processor runs it (four tyres per AVX2
register, and the step's x86-64-v3 or x86-64-v4 copy with fused multiply-adds, where it has
AVX2 and FMA, or AVX-512 too) and with --switch set to 0: TRACTIVE_VECTOR_MATHS (the default: no
copy, and the tyre laws one by one), TRACTIVE_X86_64_V3 (no copy, the tyre laws still side by
side) or TRACTIVE_X86_64_V4 (the x86-64-v3 copy instead of the x86-64-v4 one). It compares every
metric: each must agree within --tolerance relative, or within 1e-15 of its own unit (a
femtometre, a femtosecond: below any metric's resolution) for a metric that is itself near zero, such as a hill start's
rollback of a tenth of a micrometre. The paths differ in the last bits of libmvec's and libm's
atan, sin, cos, tan and exp, and where a fused multiply-add rounds once for a multiplication
and an addition. One metric is allowed more: the coastdown's distance rolls 200 s, its last
40 s at walking pace steered by the lane keeper, where the paths part (up to 1e-7 measured,
0.2 mm in 2.2 km); it is held to 1e-6. An overshoot (peak / steady - 1, near 0) is compared
as the ratio peak / steady. Exits 0 when all agree, 1 otherwise (naming each metric),
77 when the processor has no AVX2 and FMA (one path only), or for TRACTIVE_X86_64_V4 no
x86-64-v4.

    check_vector_paths.py TRACTIVE_BINARY CAR_OR_DIR... [--tolerance 1e-12]
                        [--switch TRACTIVE_VECTOR_MATHS|TRACTIVE_X86_64_V3|TRACTIVE_X86_64_V4]
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys

LOOSER = {("coastdown", "coastdown_m"): 1e-6}
ABSOLUTE_FLOOR = 1e-15  # in the metric's own unit
SWITCHES = ("TRACTIVE_VECTOR_MATHS", "TRACTIVE_X86_64_V3", "TRACTIVE_X86_64_V4")


def metrics(binary, car, switched_off=None):
    env = dict(os.environ)
    for switch in SWITCHES:
        env.pop(switch, None)
    if switched_off:
        env[switched_off] = "0"
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
    p.add_argument("--switch", choices=SWITCHES, default=SWITCHES[0])
    a = p.parse_args()
    flags = set()
    for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("flags"):
            flags.update(line.split(":", 1)[1].split())
    if not {"avx2", "fma"} <= flags:
        print("skipped: no AVX2 and FMA here, so one path only")
        sys.exit(77)
    # x86-64-v3's features as /proc/cpuinfo names them, less LZCNT ("abm"), which this project's
    # virtual machine does not list though the processor has it (StepCopies.TheNewestThatRunsHereIsChosen
    # checks the library's own choice).
    missing = {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "movbe", "xsave"} - flags
    if a.switch in ("TRACTIVE_X86_64_V3", "TRACTIVE_X86_64_V4") and missing:
        print(f"skipped: this processor has no x86-64-v3 ({', '.join(sorted(missing))}), so the step's copy does not run")
        sys.exit(77)
    missing_v4 = {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"} - flags
    if a.switch == "TRACTIVE_X86_64_V4" and missing_v4:
        print(f"skipped: this processor has no x86-64-v4 ({', '.join(sorted(missing_v4))}), so the step's x86-64-v4 copy does not run")
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
        lanes, one = metrics(a.tractive, car), metrics(a.tractive, car, a.switch)
        if lanes.keys() != one.keys():
            bad.append(f"{car.name}: the two paths gave different metrics")
            continue
        for key, x in lanes.items():
            y = one[key]
            if key[1] == "status":
                if x != y:
                    bad.append(f"{car.name} {key[0]}: {x} as it runs, {y} with {a.switch}=0")
                continue
            # An overshoot is peak / steady - 1: its difference is taken on peak / steady.
            scale = max(abs(x), abs(y)) + (1.0 if "overshoot" in key[1] else 0.0)
            rel = abs(x - y) / scale if scale > 0 else 0.0
            allowed = max(a.tolerance, LOOSER.get(key, 0.0)) if a.tolerance > 0 else 0.0
            compared += 1
            near_zero = abs(x - y) <= ABSOLUTE_FLOOR
            if key not in LOOSER and not near_zero and rel > worst[0]:
                worst = (rel, f"{car.name} {key[0]}.{key[1]}")
            if rel > allowed and not (a.tolerance > 0 and near_zero):
                bad.append(f"{car.name} {key[0]}.{key[1]}: {x!r} as it runs, {y!r} with {a.switch}=0 ({rel:.3g} relative, allowed {allowed:g})")
    print(f"{len(cars)} cars, {compared} metrics; largest difference {worst[0]:.3g} ({worst[1]}), the coastdown's distance and differences under {ABSOLUTE_FLOOR:g} aside")
    if bad:
        print("\n".join(bad))
        sys.exit(1)


if __name__ == "__main__":
    main()
