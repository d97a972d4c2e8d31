#!/usr/bin/python3
"""Fit an MF 5.2 (PAC2002) tyre to another tyre's steady-state curves, and write it as a .tir.

The example cars' tyres are made this way (docs/tyres.md, "The example cars' tyres"): a public
tyre model's behaviour, sampled as force and moment curves, refitted with tractive's own
reduced coefficient set (no shifts, no camber terms), so that the shipped file is derived data
with its source named, not a copy of the source's file.

  scripts/fit_tyre.py SOURCE.tir --out OUT.tir --size 205/45R17 --title "..." \
      --source "..." [--qsy1 0.009] [--nominal-load-scale 1.0]

With --combined-source OTHER.tir, the combined-slip coefficients are fitted to that tyre's
weighting functions Fx(kappa, alpha) / Fx(kappa, 0) and Fy(kappa, alpha) / Fy(0, alpha) instead
(for a source without combined-slip data).

SOURCE is any .tir the independent reference (tests/reference/mf_reference.py) evaluates (MF 6.1
or PAC2002). Its curves are first made symmetric in the slip angle (Fy and Mz odd, Fx even), so
that a source's conicity and ply steer are left out. The fit is staged, as tyre fitting usually
is: pure longitudinal force (10 coefficients), pure lateral force (7), aligning moment (8), then
the combined-slip weights (6; their shape factors RCX1, RCY1 held), each by Levenberg-Marquardt
(from the source's own values where it is a PAC2002 file) on the source's curves at five loads
from 0.4 to 1.6 times its nominal load, slip ratios to +-0.5 and slip angles to +-15 degrees,
at zero inclination. The
relaxation length (PTY1, PTY2) is fitted to the source's where it has one. The output's
dimensions are the size's; its rolling resistance is QSY1 (the source's when it gives one and
--qsy1 is absent). Every fitted curve's RMS error, over the curve's peak, is written into the
file's header.
"""
import argparse
import math
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "reference"))
import mf_reference as ref  # noqa: E402

OPT = {"alpha_star": False, "amu": 1.0, "ignore_lmuv": True, "t_lfzo": True, "gyk_actual_gamma": True}

# The combined-slip weights' shape factors RCX1, RCY1 are not fitted: held at the source's values,
# or at 1 (the Magic Formula's usual value) where it has none; at 1 the step evaluates each weight
# without an outer atan (the fit's error rose from 0.14 % to 0.22 % on the example tyres).
STAGES = [
    ("pure longitudinal force", ["PCX1", "PDX1", "PDX2", "PEX1", "PEX2", "PEX3", "PEX4", "PKX1", "PKX2", "PKX3"]),
    ("pure lateral force", ["PCY1", "PDY1", "PDY2", "PEY1", "PEY2", "PKY1", "PKY2"]),
    ("pure aligning moment", ["QBZ1", "QBZ2", "QBZ3", "QCZ1", "QDZ1", "QDZ2", "QEZ1", "QEZ2"]),
    ("combined slip", ["RBX1", "RBX2", "REX1", "RBY1", "RBY2", "REY1"]),
]
# Starting values where the source does not give the coefficient: a passenger-car tyre's orders
# of magnitude (peak friction about 1, shape factors 1.3-1.6, slip stiffness about 20 Fz).
START = {"PCX1": 1.6, "PDX1": 1.1, "PDX2": -0.1, "PEX1": 0.3, "PEX2": 0.0, "PEX3": 0.0, "PEX4": 0.0,
         "PKX1": 20.0, "PKX2": 0.0, "PKX3": 0.0,
         "PCY1": 1.3, "PDY1": 1.0, "PDY2": -0.1, "PEY1": -0.5, "PEY2": 0.0, "PKY1": -20.0, "PKY2": 2.0,
         "QBZ1": 10.0, "QBZ2": 0.0, "QBZ3": 0.0, "QCZ1": 1.2, "QDZ1": 0.1, "QDZ2": 0.0, "QEZ1": -1.0,
         "QEZ2": 0.0,
         "RBX1": 12.0, "RBX2": 10.0, "RCX1": 1.0, "REX1": 0.0, "RBY1": 10.0, "RBY2": 10.0, "RCY1": 1.0,
         "REY1": 0.0}


class Model:
    """A PAC2002 tyre held as a dict, evaluated by the reference."""

    def __init__(self, num):
        self.num = dict(num)

    def get(self, key, default=0.0):
        return self.num.get(key, default)

    def has(self, key):
        return key in self.num


def evaluate(tyre, family, fz, kappa, alpha):
    if family == "MF61":
        p = tyre.get("INFLPRES", 0.0) or tyre.get("NOMPRES", 0.0)
        out = ref.eval_mf61(tyre, OPT, fz, kappa, alpha, 0.0, 16.7, p)
    else:
        out = ref.eval_pac2002(tyre, OPT, fz, kappa, alpha, 0.0, 16.7, 0.0)
    return out[0], out[1], out[2]


def samples(nominal_n):
    loads = [nominal_n * f for f in (0.4, 0.7, 1.0, 1.3, 1.6)]
    kappas = [k / 100.0 for k in range(-50, 51, 2)]
    alphas = [math.radians(a / 2.0) for a in range(-30, 31)]
    combined_kappa = [-0.2, -0.1, -0.05, -0.02, 0.02, 0.05, 0.1, 0.2]
    combined_alpha = [math.radians(a) for a in (-8.0, -4.0, -2.0, 2.0, 4.0, 8.0)]
    return {
        "pure longitudinal force": [(fz, k, 0.0, 0) for fz in loads for k in kappas],
        "pure lateral force": [(fz, 0.0, a, 1) for fz in loads for a in alphas],
        "pure aligning moment": [(fz, 0.0, a, 2) for fz in loads for a in alphas],
        "combined slip": [(fz, k, a, c) for fz in loads for k in combined_kappa for a in combined_alpha for c in (0, 1)],
    }


def solve(a, b):
    """Gaussian elimination with partial pivoting (a is n x n, small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-300:
            raise ZeroDivisionError("singular normal equations")
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def levenberg_marquardt(residuals, x, iterations=200):
    lam = 1e-3
    r = residuals(x)
    cost = sum(v * v for v in r)
    for _ in range(iterations):
        jac = []
        for i in range(len(x)):
            step = 1e-6 * max(1.0, abs(x[i]))
            xp = x[:]
            xp[i] += step
            rp = residuals(xp)
            jac.append([(rp[k] - r[k]) / step for k in range(len(r))])
        jtj = [[sum(jac[i][k] * jac[j][k] for k in range(len(r))) for j in range(len(x))] for i in range(len(x))]
        jtr = [sum(jac[i][k] * r[k] for k in range(len(r))) for i in range(len(x))]
        improved = False
        while lam < 1e12:
            a = [[jtj[i][j] + (lam * jtj[i][i] if i == j else 0.0) for j in range(len(x))] for i in range(len(x))]
            try:
                dx = solve(a, [-v for v in jtr])
            except ZeroDivisionError:
                lam *= 10.0
                continue
            xn = [x[i] + dx[i] for i in range(len(x))]
            rn = residuals(xn)
            cn = sum(v * v for v in rn) if all(math.isfinite(v) for v in rn) else math.inf
            if cn < cost:
                improved = cost - cn > 1e-12 * cost
                x, r, cost = xn, rn, cn
                lam = max(lam / 10.0, 1e-12)
                break
            lam *= 10.0
        if not improved:
            break
    return x, cost


def fit_combined_weights(fitted, keys, other):
    """Fits the combined-slip coefficients `keys` so that the fitted tyre's weighting functions,
    Gxa = Fx(kappa, alpha) / Fx(kappa, 0) and Gyk = Fy(kappa, alpha) / Fy(0, alpha), follow
    another tyre's at its own nominal load (the weights are functions of the slips alone there);
    each at the other tyre's curves made symmetric in alpha (Fx even, Fy odd: its kappa-induced
    side force and shifts left out). Returns the RMS error of the weights."""
    family = other.family()
    nominal_other = other.get("FNOMIN") * other.get("LFZO", 1.0)
    kappas = [-0.3, -0.15, -0.08, -0.04, 0.04, 0.08, 0.15, 0.3]
    alphas = [math.radians(a) for a in (1.0, 2.0, 4.0, 7.0, 10.0)]

    def weights(tyre, fam, fz):
        out = []
        for k in kappas:
            fx0 = evaluate(tyre, fam, fz, k, 0.0)[0]
            for a in alphas:
                fx = 0.5 * (evaluate(tyre, fam, fz, k, a)[0] + evaluate(tyre, fam, fz, k, -a)[0])
                fy = 0.5 * (evaluate(tyre, fam, fz, k, a)[1] - evaluate(tyre, fam, fz, k, -a)[1])
                fy0 = 0.5 * (evaluate(tyre, fam, fz, 0.0, a)[1] - evaluate(tyre, fam, fz, 0.0, -a)[1])
                out += [fx / fx0, fy / fy0]
        return out

    target = weights(other, family, nominal_other)

    def residuals(x):
        trial = dict(fitted)
        trial.update(zip(keys, x))
        return [w - t for w, t in zip(weights(Model(trial), "PAC2002", fitted["FNOMIN"]), target)]

    x, cost = levenberg_marquardt(residuals, [other.get(k) if other.has(k) else fitted[k] for k in keys])
    fitted.update(zip(keys, x))
    return math.sqrt(cost / len(target))


def parse_size(text):
    m = re.fullmatch(r"(\d+)/(\d+)\s*R\s*(\d+(?:\.\d+)?)", text.strip(), re.IGNORECASE)
    if not m:
        sys.exit("--size: expected WIDTH/ASPECT R RIM, e.g. 205/45R17")
    width_m = float(m.group(1)) / 1000.0
    aspect = float(m.group(2)) / 100.0
    rim_radius_m = float(m.group(3)) * 0.0254 / 2.0
    return width_m, aspect, rim_radius_m, rim_radius_m + width_m * aspect


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source")
    ap.add_argument("--out", required=True)
    ap.add_argument("--size", required=True, help="the output's size, WIDTH/ASPECT R RIM")
    ap.add_argument("--title", required=True, help="one line naming the tyre")
    ap.add_argument("--source", dest="source_note", required=True, help="where the source comes from and its licence")
    ap.add_argument("--qsy1", type=float, help="rolling resistance coefficient (My / (Fz R0))")
    ap.add_argument("--combined-source", help="a .tir whose combined-slip weighting functions to fit instead "
                                              "of the source's (for a source without combined-slip data)")
    ap.add_argument("--note", action="append", default=[], help="a further header line (repeatable)")
    ap.add_argument("--nominal-load-scale", type=float, default=1.0,
                    help="the output's nominal load over the source's (LFZO-style size scaling)")
    args = ap.parse_args(argv)

    src = ref.TirFile(args.source)
    family = src.family()
    nominal = src.get("FNOMIN") * src.get("LFZO", 1.0)
    data = samples(nominal)
    # The source's curves made symmetric in the slip angle (Fy and Mz odd, Fx even): the fitted
    # tyre has no shifts, so a source's conicity and ply steer (offsets of a few per cent of
    # its load at zero slip) are left out rather than fitted around.
    def symmetric(fz, k, a, c):
        here, mirrored = evaluate(src, family, fz, k, a)[c], evaluate(src, family, fz, k, -a)[c]
        return 0.5 * (here + mirrored) if c == 0 else 0.5 * (here - mirrored)

    targets = {name: [symmetric(*p) for p in pts] for name, pts in data.items()}

    fitted = {"FNOMIN": nominal, "UNLOADED_RADIUS": src.get("UNLOADED_RADIUS"), "LONGVL": 16.7}
    fitted.update({k: src.get(k) if src.has(k) and family == "PAC2002" else v for k, v in START.items()})
    # A source without combined-slip coefficients (RBX1 and RBY1 absent: its forces do not weaken
    # each other) gives nothing to fit them to; none are written, and the step's friction circle
    # bounds the combined force (docs/physics.md).
    combined = src.get("RBX1") != 0.0 or src.get("RBY1") != 0.0
    report = []
    for name, keys in STAGES:
        if name == "combined slip" and args.combined_source:
            rms = fit_combined_weights(fitted, keys, ref.TirFile(args.combined_source))
            report.append((name + " weights (from the combined-slip source)", rms))
            print(f"{name} weights: RMS error {100.0 * rms:.2f} %", file=sys.stderr)
            continue
        if name == "combined slip" and not combined:
            for k in keys:
                fitted.pop(k, None)
            report.append((name, None))
            continue
        pts = data[name]
        scale = [max(abs(t) for t in targets[name]) or 1.0]

        def residuals(x, keys=keys, pts=pts, name=name):
            trial = dict(fitted)
            trial.update(zip(keys, x))
            model = Model(trial)
            return [(evaluate(model, "PAC2002", fz, k, a)[c] - t) / scale[0]
                    for (fz, k, a, c), t in zip(pts, targets[name])]

        x, cost = levenberg_marquardt(residuals, [fitted[k] for k in keys])
        fitted.update(zip(keys, x))
        rms = math.sqrt(cost / len(pts))
        report.append((name, rms))
        print(f"{name}: RMS error {100.0 * rms:.2f} % of the largest value", file=sys.stderr)

    sigma_note = "none in the source: the step takes the wheel radius"
    if src.get("PTY1") > 0.0 and family == "PAC2002":
        # sigma / R0 = PTY1 sin(2 atan(Fz / (PTY2 Fz0'))) LFZO: fitted on the source's curve.
        loads = [nominal * f for f in (0.4, 0.7, 1.0, 1.3, 1.6)]
        lfzo = src.get("LFZO", 1.0)
        want = [src.get("PTY1") * math.sin(2 * math.atan(fz / (src.get("PTY2") * nominal))) * lfzo for fz in loads]

        def sigma_residuals(x):
            return [x[0] * math.sin(2 * math.atan(fz / (x[1] * nominal))) - w for fz, w in zip(loads, want)]

        x, _ = levenberg_marquardt(sigma_residuals, [2.0, 2.0])
        fitted["PTY1"], fitted["PTY2"] = x
        sigma_note = "fitted to the source's sigma_alpha(Fz)"

    width_m, aspect, rim_radius_m, radius_m = parse_size(args.size)
    qsy1 = args.qsy1 if args.qsy1 is not None else src.get("QSY1")
    fnomin = nominal * args.nominal_load_scale
    write(args, fitted, report, sigma_note, width_m, aspect, rim_radius_m, radius_m, qsy1, fnomin)


def write(args, fitted, report, sigma_note, width_m, aspect, rim_radius_m, radius_m, qsy1, fnomin):
    lines = [
        "$----------------------------------------------------------------info",
        f"! {args.title}",
        f"! Size {args.size}. Derived data: MF 5.2 coefficients fitted by tractive's scripts/fit_tyre.py",
        "! to the steady-state curves of the source below (Fx(kappa), Fy(alpha), Mz(alpha) at 0.4-1.6",
        "! times its nominal load, zero inclination; combined slip where the source has it), made",
        "! symmetric and fitted with no shifts and no camber terms.",
    ]
    lines += [f"! Source: {part.strip()}" for part in args.source_note.split(";")]
    lines += [f"! Fit, RMS error over the curve's largest value: {name} {100.0 * rms:.2f} %" if rms is not None
              else f"! Fit: {name}: the source gives no coefficients; none fitted" for name, rms in report]
    lines += [
        f"! Relaxation length: {sigma_note}. Rolling resistance QSY1 = {qsy1:g}.",
        f"! Nominal load: the source's x {args.nominal_load_scale:g}.",
    ] + [f"! {note}" for note in args.note] + [
        "$----------------------------------------------------------------units",
        "[UNITS]", "LENGTH = 'meter'", "FORCE = 'newton'", "ANGLE = 'radian'", "MASS = 'kg'", "TIME = 'second'",
        "$----------------------------------------------------------------model",
        "[MODEL]", "PROPERTY_FILE_FORMAT = 'PAC2002'", "FITTYP = 6", "LONGVL = 16.7", "TYRESIDE = 'LEFT'",
        "$-----------------------------------------------------------dimensions",
        "[DIMENSION]",
        f"UNLOADED_RADIUS = {radius_m:.4f}", f"WIDTH = {width_m:.3f}", f"ASPECT_RATIO = {aspect:.2f}",
        f"RIM_RADIUS = {rim_radius_m:.4f}",
        "[VERTICAL]", f"FNOMIN = {fnomin:.1f}",
        "[SCALING_COEFFICIENTS]", "LFZO = 1", "LMUX = 1", "LMUY = 1", "LSGAL = 1",
    ]
    sections = [("LONGITUDINAL_COEFFICIENTS", STAGES[0][1] + ["RBX1", "RBX2", "RCX1", "REX1"]),
                ("LATERAL_COEFFICIENTS", STAGES[1][1] + ["RBY1", "RBY2", "RCY1", "REY1", "PTY1", "PTY2"]),
                ("ALIGNING_COEFFICIENTS", STAGES[2][1]),
                ("ROLLING_COEFFICIENTS", ["QSY1"])]
    values = dict(fitted)
    values["QSY1"] = qsy1
    for section, keys in sections:
        lines.append(f"[{section}]")
        lines += [f"{k} = {values[k]:.6g}" for k in keys if k in values]
    with open(args.out, "w", encoding="ascii") as fh:
        fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
