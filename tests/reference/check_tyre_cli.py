#!/usr/bin/python3
"""`tractive tyre FILE.tir --json` against the independent reference evaluator (mf_reference.py,
written from the published equations, not from tractive's code) on a grid of loads, slip ratios,
slip angles and inclinations, combined slip included, for each .tir file given (an MF 6.1 file
also at 280 kPa, its pressure terms).

  check_tyre_cli.py TRACTIVE FILE.tir...

Every Fx, Fy, Mz must agree to 1e-6 relative, with a floor of 1e-6 Fz (N) for the forces and
1e-6 Fz x 0.35 m (N m) for the moment, where the value itself is near zero. Exit status 1 on any
difference, naming the point.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LOADS = "0,500,1500,4000,6000,9000"
KAPPAS = "-1,-0.3,-0.1,-0.02,0,0.02,0.1,0.3,1"
ALPHAS = "-25,-8,-2,0,2,8,25"
GAMMAS = "-4,0,3"
SPEED = "16.7"


def run(cmd):
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)


def main():
    tractive, files = sys.argv[1], sys.argv[2:]
    reference = [sys.executable, os.path.join(HERE, "mf_reference.py")]
    cases = [(tir, None) for tir in files]
    # An MF 6.1 file also at another inflation pressure than its own (its pressure terms).
    for tir in files:
        probe = run(reference + [tir, "--fz", "1000", "--kappa", "0", "--alpha-deg", "0", "--gamma-deg", "0"])
        if probe["meta"]["family"] == "MF61":
            cases.append((tir, 280.0))
    failures = 0
    for tir, pressure_kpa in cases:
        extra_ref = ["--pressure", str(pressure_kpa * 1000.0)] if pressure_kpa else []
        extra_ours = ["--pressure-kpa", str(pressure_kpa)] if pressure_kpa else []
        ref_points = run(reference + [tir, "--variant", "tno", "--fz", LOADS, "--kappa", KAPPAS, "--alpha-deg", ALPHAS,
                                      "--gamma-deg", GAMMAS, "--vx", SPEED] + extra_ref)["points"]
        ours = run([tractive, "tyre", tir, "--load", LOADS.split(",", 1)[1], "--slip-ratio", KAPPAS, "--slip-angle-deg",
                    ALPHAS, "--camber-deg", GAMMAS, "--speed", SPEED, "--json"] + extra_ours)["points"]
        key = lambda p: (round(p["fz_n"], 6), round(p["kappa"], 6), round(p["alpha_deg"], 6), round(p["gamma_deg"], 6))
        by_key = {key(p): p for p in ref_points}
        r0 = 0.35  # m: the moment's floor, a passenger tyre's radius
        worst = 0.0
        for p in ours:
            r = by_key[key(p)]
            for q, floor in (("fx_n", 1e-6 * p["fz_n"]), ("fy_n", 1e-6 * p["fz_n"]), ("mz_nm", 1e-6 * p["fz_n"] * r0)):
                diff = abs(p[q] - r[q])
                allowed = max(1e-6 * abs(r[q]), floor)
                worst = max(worst, diff / allowed)
                if diff > allowed:
                    failures += 1
                    print(f"{tir}: {q} at Fz {p['fz_n']} kappa {p['kappa']} alpha {p['alpha_deg']} deg gamma {p['gamma_deg']} deg: "
                          f"tractive {p[q]!r}, reference {r[q]!r}")
        # The reference's zero load gives no force.
        for r in ref_points:
            if r["fz_n"] == 0 and any(r[q] != 0 for q in ("fx_n", "fy_n", "mz_nm")):
                failures += 1
                print(f"{tir}: the reference gives a force at zero load")
        at = f" at {pressure_kpa:g} kPa" if pressure_kpa else ""
        print(f"{os.path.basename(tir)}{at}: {len(ours)} points, largest difference {worst:.2g} of the allowed one")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
