#!/usr/bin/python3
"""Checks scripts/fit_tyre.py: fitted to the test tyres (a PAC2002 and an MF 6.1 file, each with
shifts, camber terms and combined-slip coefficients), the written MF 5.2 file loads in tractive
and follows its source's curves made symmetric within 3 % of each curve's largest value at
points the fit did not use; and the example tyres derived with it (examples/cars/tyres) load and
name their source and licence.

  check_fit_tyre.py TRACTIVE_BINARY REPO_ROOT
"""
import math
import os
import subprocess
import sys
import tempfile

ROOT = sys.argv[2]
sys.path.insert(0, os.path.join(ROOT, "tests", "reference"))
import mf_reference as ref  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import fit_tyre  # noqa: E402

TRACTIVE = sys.argv[1]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def symmetric(tyre, family, fz, kappa, alpha, component):
    here = fit_tyre.evaluate(tyre, family, fz, kappa, alpha)[component]
    mirrored = fit_tyre.evaluate(tyre, family, fz, kappa, -alpha)[component]
    return 0.5 * (here + mirrored) if component == 0 else 0.5 * (here - mirrored)


def loads_in_tractive(path):
    done = subprocess.run([TRACTIVE, "tyre", path, "--json", "--load", "3000", "--slip-angle-deg", "4",
                           "--slip-ratio", "0.05"], capture_output=True, text=True)
    return done.returncode == 0


with tempfile.TemporaryDirectory() as tmp:
    for name in ("pac2002_195_65R15.tir", "mf61_205_55R16.tir"):
        source = os.path.join(ROOT, "tests", "data", "tir", name)
        out = os.path.join(tmp, "fitted_" + name)
        done = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "fit_tyre.py"), source, "--out", out,
                               "--size", "205/55R16", "--title", "test fit", "--source", "the test file"],
                              capture_output=True, text=True)
        check(done.returncode == 0, f"{name}: fit_tyre.py failed: {done.stderr}")
        if done.returncode != 0:
            continue
        check(loads_in_tractive(out), f"{name}: tractive does not load the fitted file")
        src = ref.TirFile(source)
        fitted = ref.TirFile(out)
        # Same radius for the comparison (the output has the size's; the trail scales with it).
        fitted.num["UNLOADED_RADIUS"] = src.get("UNLOADED_RADIUS")
        nominal = src.get("FNOMIN") * src.get("LFZO", 1.0)
        # Points between the fit's samples: loads 0.55 and 1.15 nominal, odd slips.
        for fz in (0.55 * nominal, 1.15 * nominal):
            for component, kappas, alphas in ((0, [-0.27, -0.09, 0.03, 0.13], [0.0]),
                                              (1, [0.0], [math.radians(a) for a in (0.7, 2.3, 5.9, 11.3)]),
                                              (2, [0.0], [math.radians(a) for a in (0.7, 2.3, 5.9)]),
                                              (0, [-0.07, 0.11], [math.radians(3.1)]),
                                              (1, [-0.07, 0.11], [math.radians(3.1)])):
                scale = max(abs(symmetric(src, src.family(), fz, k, a, component))
                            for k in [x / 50.0 for x in range(-25, 26)] for a in
                            [math.radians(x) for x in range(-15, 16)] if component != 0 or a == 0.0)
                for k in kappas:
                    for a in alphas:
                        want = symmetric(src, src.family(), fz, k, a, component)
                        got = symmetric(fitted, "PAC2002", fz, k, a, component)
                        check(abs(got - want) <= 0.03 * scale,
                              f"{name}: {'Fx Fy Mz'.split()[component]} at Fz {fz:.0f} kappa {k} alpha "
                              f"{math.degrees(a):.1f} deg: {got:.1f} against {want:.1f} (scale {scale:.0f})")

for name in sorted(os.listdir(os.path.join(ROOT, "examples", "cars", "tyres"))):
    path = os.path.join(ROOT, "examples", "cars", "tyres", name)
    with open(path, encoding="ascii") as fh:
        header = fh.read()
    check(loads_in_tractive(path), f"{name}: tractive does not load it")
    check("Source:" in header and "BSD-3-Clause" in header, f"{name}: no source and licence in its header")

print(f"{len(failures)} failures" if failures else "fit_tyre: all checks passed")
sys.exit(1 if failures else 0)
