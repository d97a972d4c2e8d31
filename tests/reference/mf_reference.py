#!/usr/bin/env python3
"""Independent reference evaluator for the steady-state Magic Formula tyre model.

Families supported (see docs/tyres.md for every equation and its source):
  * MF 6.1 / 6.2  (FITTYP = 61 / 62)            -> family "MF61"
  * MF 5.2 / PAC2002 (FITTYP = 6 or 21, or PROPERTY_FILE_FORMAT = 'PAC2002' /
    'MF_05' without FITTYP)                        -> family "PAC2002"

Outputs are in ISO-W (TYDEX W-axis) at the contact point:
  fx_n, fy_n [N], mz_nm, mx_nm, my_nm [N m].
Inputs: Fz [N], kappa [-], alpha [deg on the CLI], gamma [deg on the CLI],
Vx [m/s] (> 0, default LONGVL, else 16.7), pressure [Pa] (MF61 only;
default INFLPRES, else NOMPRES).

Steady state only: no turn slip (all zeta = 1), no relaxation, no low-speed
(VXLOW) blending, no input saturation to the [*_RANGE] limits, no FZMIN
"low load" corrections.  Fz <= 0 gives all zeros.

Variants (MF61 only; PAC2002 has no variant switches):
  --variant book  (default) Pacejka 2012 (3rd ed.) section 4.3.2 definitions:
                  alpha* = tan(alpha)*sgn(Vx), gamma* = sin(gamma), A_mu = 10,
                  LMUV used if present, Fy' = Gyk(gamma*=0) * Fy0(gamma=0),
                  t without the LFZO factor.
  --variant tno   MFeval (useMode 111) behaviour that its author matched to the
                  TNO MF-Tyre 6.1.2 solver: alpha* = alpha, gamma* = gamma,
                  A_mu = 1, LMUV ignored, Fy' = Gyk(actual gamma) * Fy0(gamma=0),
                  t multiplied by LFZO.
  Both variants use the Besselink et al. (2010) paper corrections that MFeval
  adopted (A54/A55 alpha_eq, A56 s, A58 Bt, A60 Dt, A48 My, draft eq. 49 Mx).
  --amu and --alpha-star override the corresponding variant setting.

Python 3 standard library only.  Written from the published equations.
"""

import json
import math
import sys

EPS = 1e-6  # epsilon_x, epsilon_y, epsilon_K, epsilon_V (book p.177; MFeval uses 1e-6)


def sgn(x):
    """Sign with sgn(0) = +1 (used wherever a division by zero must be avoided)."""
    return 1.0 if x >= 0.0 else -1.0


# --------------------------------------------------------------------------
# .tir parsing
# --------------------------------------------------------------------------

LENGTH_UNITS = {
    "METER": 1.0, "METRE": 1.0, "M": 1.0, "METERS": 1.0, "METRES": 1.0,
    "MM": 1e-3, "MILLIMETER": 1e-3, "MILLIMETRE": 1e-3, "MILLIMETERS": 1e-3,
    "CM": 1e-2, "CENTIMETER": 1e-2, "CENTIMETRE": 1e-2,
    "KM": 1e3, "KILOMETER": 1e3,
    "IN": 0.0254, "INCH": 0.0254, "INCHES": 0.0254,
    "FT": 0.3048, "FOOT": 0.3048, "FEET": 0.3048,
    "MILE": 1609.344,
}
FORCE_UNITS = {
    "NEWTON": 1.0, "N": 1.0, "NEWTONS": 1.0,
    "KN": 1e3, "KNEWTON": 1e3, "KILONEWTON": 1e3,
    "POUND_FORCE": 4.4482216152605, "LBF": 4.4482216152605,
    "KPOUND_FORCE": 4448.2216152605,
    "KG_FORCE": 9.80665, "KGF": 9.80665,
    "DYNE": 1e-5, "OUNCE_FORCE": 0.27801385095378125,
}
ANGLE_UNITS = {
    "RADIAN": 1.0, "RADIANS": 1.0, "RAD": 1.0,
    "DEGREE": math.pi / 180.0, "DEGREES": math.pi / 180.0, "DEG": math.pi / 180.0,
}
MASS_UNITS = {
    "KG": 1.0, "KILOGRAM": 1.0, "GRAM": 1e-3, "G": 1e-3, "TONNE": 1e3,
    "POUND_MASS": 0.45359237, "LBM": 0.45359237, "KPOUND_MASS": 453.59237,
    "SLUG": 14.5939029372, "OUNCE_MASS": 0.028349523125,
}
TIME_UNITS = {
    "SECOND": 1.0, "SECONDS": 1.0, "SEC": 1.0, "S": 1.0,
    "MILLISECOND": 1e-3, "MILLI": 1e-3, "MS": 1e-3,
    "MINUTE": 60.0, "MIN": 60.0, "HOUR": 3600.0, "HR": 3600.0,
}
PRESSURE_UNITS = {
    "PASCAL": 1.0, "PA": 1.0, "KPASCAL": 1e3, "KPA": 1e3, "MPA": 1e6,
    "BAR": 1e5, "PSI": 6894.757293168361, "KSI": 6894757.293168361,
    "ATM": 101325.0,
}

# Dimensional keys and their dimension.  Everything not listed (all Magic
# Formula P*/Q*/R*/S* coefficients and all L* scale factors, KPUMIN/KPUMAX,
# ASPECT_RATIO, BREFF/DREFF/FREFF, ...) is taken as-is (SI / radian based).
DIMENSIONAL_KEYS = {
    "UNLOADED_RADIUS": "L", "WIDTH": "L", "RIM_RADIUS": "L", "RIM_WIDTH": "L",
    "BOTTOM_OFFST": "L", "BOTTOMING_RADIUS": "L", "ROAD_INCREMENT": "L",
    "ELLIPS_MAX_STEP": "L",
    "FNOMIN": "F", "FZMIN": "F", "FZMAX": "F",
    "VERTICAL_STIFFNESS": "F/L", "BOTTOM_STIFF": "F/L",
    "LONGITUDINAL_STIFFNESS": "F/L", "LATERAL_STIFFNESS": "F/L",
    "VERTICAL_DAMPING": "FT/L",
    "YAW_STIFFNESS": "FL/A",
    "LONGVL": "L/T", "VXLOW": "L/T",
    "INFLPRES": "P", "NOMPRES": "P", "PRESMIN": "P", "PRESMAX": "P",
    "IP": "P", "IP_NOM": "P",
    "ALPMIN": "A", "ALPMAX": "A", "CAMMIN": "A", "CAMMAX": "A",
    "BELT_MASS": "M", "IXX": "ML2", "IYY": "ML2", "BELT_IXX": "ML2",
    "BELT_IYY": "ML2", "GRAVITY": "L/T2",
}


def _strip_comment(s):
    """Remove a trailing '$' or '!' comment that is not inside quotes."""
    quote = None
    for i, ch in enumerate(s):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch in "$!":
            return s[:i]
    return s


def _parse_value(raw):
    raw = raw.strip()
    if not raw:
        return None
    if raw[0] in "'\"":
        q = raw[0]
        end = raw.find(q, 1)
        return raw[1:end] if end > 0 else raw[1:]
    token = raw.split()[0]
    try:
        return float(token)
    except ValueError:
        pass
    try:  # Fortran style exponent, e.g. 1.0D+00
        return float(token.replace("D", "E").replace("d", "e"))
    except ValueError:
        return token


class TirFile:
    def __init__(self, path):
        self.path = path
        self.num = {}        # KEY -> float (converted to SI)
        self.text = {}       # KEY -> str (quoted or non numeric values)
        self.section_of = {}
        self.units = {}      # [UNITS] entries (upper-case strings)
        self.warnings = []
        self._parse(path)
        self._convert_units()

    def _parse(self, path):
        with open(path, "r", encoding="latin-1") as fh:
            content = fh.read()
        section = None
        in_table = False
        for lineno, line in enumerate(content.splitlines(), 1):
            s = line.strip()
            if not s or s[0] in "$!":
                continue
            if s[0] == "[":
                end = s.find("]")
                section = s[1:end if end > 0 else None].strip().upper()
                in_table = False
                continue
            if s[0] == "{":
                in_table = True  # e.g. [SHAPE] {radial width}, [DEFLECTION_LOAD_CURVE] {pen fz}
                continue
            body = _strip_comment(s)
            if "=" not in body:
                if not in_table and body.strip():
                    self.warnings.append("line %d ignored (no '='): %r" % (lineno, s))
                continue
            key, raw = body.split("=", 1)
            key = key.strip().upper()
            val = _parse_value(raw)
            if val is None:
                self.warnings.append("line %d: empty value for %s" % (lineno, key))
                continue
            if section == "UNITS":
                self.units[key] = str(val).strip().upper()
                continue
            if key in self.num or key in self.text:
                self.warnings.append("line %d: duplicate key %s (last one wins)" % (lineno, key))
            if isinstance(val, float):
                self.num[key] = val
                self.text.pop(key, None)
            else:
                self.text[key] = val
                self.num.pop(key, None)
            self.section_of[key] = section

    def _factor(self, table, name, default):
        if name not in self.units:
            return default
        u = self.units[name]
        if u in table:
            return table[u]
        raise ValueError("unsupported %s unit '%s'" % (name, u))

    def _convert_units(self):
        L = self._factor(LENGTH_UNITS, "LENGTH", 1.0)
        F = self._factor(FORCE_UNITS, "FORCE", 1.0)
        A = self._factor(ANGLE_UNITS, "ANGLE", 1.0)
        M = self._factor(MASS_UNITS, "MASS", 1.0)
        T = self._factor(TIME_UNITS, "TIME", 1.0)
        P = self._factor(PRESSURE_UNITS, "PRESSURE", F / (L * L))
        dims = {"L": L, "F": F, "F/L": F / L, "FT/L": F * T / L, "FL/A": F * L / A,
                "L/T": L / T, "P": P, "A": A, "M": M, "ML2": M * L * L,
                "L/T2": L / (T * T)}
        self.unit_factors = {"LENGTH": L, "FORCE": F, "ANGLE": A, "MASS": M,
                             "TIME": T, "PRESSURE": P}
        for key, dim in DIMENSIONAL_KEYS.items():
            if key in self.num:
                self.num[key] *= dims[dim]

    def get(self, key, default=0.0):
        return self.num.get(key, default)

    def has(self, key):
        return key in self.num

    def family(self):
        fittyp = self.num.get("FITTYP")
        if fittyp is not None:
            ft = int(round(fittyp))
            if ft in (61, 62):
                return "MF61"
            if ft in (6, 21):
                return "PAC2002"
            raise ValueError("unsupported FITTYP %r" % fittyp)
        fmt = self.text.get("PROPERTY_FILE_FORMAT", "").strip().upper()
        if fmt in ("PAC2002", "MF_05", "MF05", "MF_5.2"):
            return "PAC2002"
        if fmt in ("MF_61", "MF_62", "MF61", "MF62"):
            return "MF61"
        raise ValueError("cannot determine model family (no FITTYP, PROPERTY_FILE_FORMAT=%r)" % fmt)


# --------------------------------------------------------------------------
# Magic Formula helpers
# --------------------------------------------------------------------------

def magic(B, C, D, E, x):
    """D sin[C arctan{B x - E (B x - arctan(B x))}]"""
    bx = B * x
    return D * math.sin(C * math.atan(bx - E * (bx - math.atan(bx))))


def cos_magic(B, C, E, x):
    """cos[C arctan{B x - E (B x - arctan(B x))}]"""
    bx = B * x
    return math.cos(C * math.atan(bx - E * (bx - math.atan(bx))))


# --------------------------------------------------------------------------
# MF 6.1 / 6.2
# --------------------------------------------------------------------------

def eval_mf61(T, opt, Fz, kappa, alpha, gamma, Vx, p):
    c = T.get                              # coefficients: missing -> 0
    lam = lambda k: T.get(k, 1.0)          # scale factors: missing -> 1

    R0 = c("UNLOADED_RADIUS")
    Fz0 = c("FNOMIN")
    V0 = T.get("LONGVL", 16.7)
    pi0 = c("NOMPRES")
    LFZO = lam("LFZO")

    # ---- basic quantities (4.E1 - 4.E8) ----
    Fz0p = LFZO * Fz0                                       # 4.E1
    dfz = (Fz - Fz0p) / Fz0p                                # 4.E2a
    dpi = (p - pi0) / pi0 if pi0 > 0.0 else 0.0             # 4.E2b
    if opt["alpha_star"]:
        a_s = math.tan(alpha) * sgn(Vx)                     # 4.E3
        g_s = math.sin(gamma)                               # 4.E4
    else:
        a_s = alpha
        g_s = gamma
    Vsx = -kappa * abs(Vx)                                  # 4.E5
    Vsy = math.tan(alpha) * abs(Vx)
    Vs = math.hypot(Vsx, Vsy)
    Vc = math.hypot(Vx, Vsy)
    Vcp = Vc + EPS * sgn(Vc)                                # 4.E6a
    cos_ap = Vx / Vcp                                       # cos(alpha') 4.E6
    LMUV = 0.0 if opt["ignore_lmuv"] else c("LMUV")
    LMUXs = lam("LMUX") / (1.0 + LMUV * Vs / V0)            # 4.E7
    LMUYs = lam("LMUY") / (1.0 + LMUV * Vs / V0)
    Amu = opt["amu"]
    LMUXp = Amu * LMUXs / (1.0 + (Amu - 1.0) * LMUXs)       # 4.E8
    LMUYp = Amu * LMUYs / (1.0 + (Amu - 1.0) * LMUYs)

    # ---- pure longitudinal Fx0 (4.E9 - 4.E18) ----
    Cx = c("PCX1") * lam("LCX")                                            # 4.E11
    mux = ((c("PDX1") + c("PDX2") * dfz)
           * (1.0 + c("PPX3") * dpi + c("PPX4") * dpi ** 2)
           * (1.0 - c("PDX3") * gamma ** 2) * LMUXs)                       # 4.E13
    Dx = mux * Fz                                                          # 4.E12
    Kxk = (Fz * (c("PKX1") + c("PKX2") * dfz) * math.exp(c("PKX3") * dfz)
           * (1.0 + c("PPX1") * dpi + c("PPX2") * dpi ** 2) * lam("LKX"))  # 4.E15
    Bx = Kxk / (Cx * Dx + EPS * sgn(Dx))                                   # 4.E16
    SHx = (c("PHX1") + c("PHX2") * dfz) * lam("LHX")                       # 4.E17
    SVx = Fz * (c("PVX1") + c("PVX2") * dfz) * lam("LVX") * LMUXp          # 4.E18
    kx = kappa + SHx                                                       # 4.E10
    Ex = ((c("PEX1") + c("PEX2") * dfz + c("PEX3") * dfz ** 2)
          * (1.0 - c("PEX4") * sgn(kx)) * lam("LEX"))                      # 4.E14
    Ex = min(Ex, 1.0)
    Fx0 = magic(Bx, Cx, Dx, Ex, kx) + SVx                                  # 4.E9

    # ---- pure lateral Fy0 (4.E19 - 4.E30), as a function of gamma* ----
    PKY4 = T.get("PKY4", 2.0)

    def fy0(gs):
        Kya = (c("PKY1") * Fz0p * (1.0 + c("PPY1") * dpi)
               * (1.0 - c("PKY3") * abs(gs))
               * math.sin(PKY4 * math.atan((Fz / Fz0p)
                                           / ((c("PKY2") + c("PKY5") * gs ** 2)
                                              * (1.0 + c("PPY2") * dpi))))
               * lam("LKY"))                                               # 4.E25
        SVyg = Fz * (c("PVY3") + c("PVY4") * dfz) * gs * lam("LKYC") * LMUYp  # 4.E28
        Kyg0 = Fz * (c("PKY6") + c("PKY7") * dfz) * (1.0 + c("PPY5") * dpi) * lam("LKYC")  # 4.E30
        SHy = ((c("PHY1") + c("PHY2") * dfz) * lam("LHY")
               + (Kyg0 * gs - SVyg) / (Kya + EPS * sgn(Kya)))              # 4.E27 (zeta0=zeta4=1)
        SVy = Fz * (c("PVY1") + c("PVY2") * dfz) * lam("LVY") * LMUYp + SVyg  # 4.E29
        ay = a_s + SHy                                                     # 4.E20
        Cy = c("PCY1") * lam("LCY")                                        # 4.E21
        muy = ((c("PDY1") + c("PDY2") * dfz)
               * (1.0 + c("PPY3") * dpi + c("PPY4") * dpi ** 2)
               * (1.0 - c("PDY3") * gs ** 2) * LMUYs)                      # 4.E23
        Dy = muy * Fz                                                      # 4.E22
        Ey = ((c("PEY1") + c("PEY2") * dfz)
              * (1.0 + c("PEY5") * gs ** 2 - (c("PEY3") + c("PEY4") * gs) * sgn(ay))
              * lam("LEY"))                                                # 4.E24
        Ey = min(Ey, 1.0)
        By = Kya / (Cy * Dy + EPS * sgn(Dy))                               # 4.E26
        F = magic(By, Cy, Dy, Ey, ay) + SVy                                # 4.E19
        return {"Fy0": F, "Kya": Kya, "Kyg0": Kyg0, "SHy": SHy, "SVy": SVy,
                "SVyg": SVyg, "By": By, "Cy": Cy, "Dy": Dy, "Ey": Ey, "muy": muy}

    y = fy0(g_s)
    y0 = fy0(0.0)

    # ---- combined Fx (4.E50 - 4.E57) ----
    Cxa = c("RCX1")                                                        # 4.E55
    Exa = min(c("REX1") + c("REX2") * dfz, 1.0)                            # 4.E56
    SHxa = c("RHX1")                                                       # 4.E57
    Bxa = ((c("RBX1") + c("RBX3") * g_s ** 2)
           * math.cos(math.atan(c("RBX2") * kappa)) * lam("LXAL"))         # 4.E54
    a_sx = a_s + SHxa                                                      # 4.E53
    Gxa = cos_magic(Bxa, Cxa, Exa, a_sx) / cos_magic(Bxa, Cxa, Exa, SHxa)  # 4.E51/52
    Fx = Gxa * Fx0                                                         # 4.E50

    # ---- combined Fy (4.E58 - 4.E67) ----
    Cyk = c("RCY1")                                                        # 4.E63
    Eyk = min(c("REY1") + c("REY2") * dfz, 1.0)                            # 4.E64
    SHyk = c("RHY1") + c("RHY2") * dfz                                     # 4.E65
    ks = kappa + SHyk                                                      # 4.E61

    def gyk(gs):
        Byk = ((c("RBY1") + c("RBY4") * gs ** 2)
               * math.cos(math.atan(c("RBY2") * (a_s - c("RBY3")))) * lam("LYKA"))  # 4.E62
        return cos_magic(Byk, Cyk, Eyk, ks) / cos_magic(Byk, Cyk, Eyk, SHyk)     # 4.E59/60

    Gyk = gyk(g_s)
    DVyk = (y["muy"] * Fz * (c("RVY1") + c("RVY2") * dfz + c("RVY3") * g_s)
            * math.cos(math.atan(c("RVY4") * a_s)))                        # 4.E67
    SVyk = DVyk * math.sin(c("RVY5") * math.atan(c("RVY6") * kappa)) * lam("LVYKA")  # 4.E66
    Fy = Gyk * y["Fy0"] + SVyk                                             # 4.E58

    # ---- aligning moment (4.E31 - 4.E49, 4.E71 - 4.E78 with paper A54-A60) ----
    Kya = y["Kya"]
    Kyap = Kya + EPS * sgn(Kya)                                            # 4.E39
    SHf = y["SHy"] + y["SVy"] / Kyap                                       # 4.E38
    ar = a_s + SHf                                                         # 4.E37
    SHt = c("QHZ1") + c("QHZ2") * dfz + (c("QHZ3") + c("QHZ4") * dfz) * g_s  # 4.E35
    at = a_s + SHt                                                         # 4.E34
    Bt = ((c("QBZ1") + c("QBZ2") * dfz + c("QBZ3") * dfz ** 2)
          * (1.0 + c("QBZ4") * gamma + c("QBZ5") * abs(gamma))
          * lam("LKY") / LMUYs)                                            # A58 (book 4.E40 has QBZ6)
    Ct = c("QCZ1")                                                         # 4.E41
    Dt = ((c("QDZ1") + c("QDZ2") * dfz) * (1.0 - c("PPZ1") * dpi)
          * (1.0 + c("QDZ3") * gamma + c("QDZ4") * gamma ** 2)
          * Fz * (R0 / Fz0p) * lam("LTR"))                                 # A60 (book 4.E42/43)
    Et = ((c("QEZ1") + c("QEZ2") * dfz + c("QEZ3") * dfz ** 2)
          * (1.0 + (c("QEZ4") + c("QEZ5") * g_s) * (2.0 / math.pi) * math.atan(Bt * Ct * at)))  # 4.E44
    Et = min(Et, 1.0)
    Br = c("QBZ9") * lam("LKY") / LMUYs + c("QBZ10") * y["By"] * y["Cy"]  # 4.E45 (zeta6=1)
    Cr = 1.0                                                               # 4.E46 (zeta7=1)
    Dr = (Fz * R0 * ((c("QDZ6") + c("QDZ7") * dfz) * lam("LRES")
                     + ((c("QDZ8") + c("QDZ9") * dfz) * (1.0 + c("PPZ2") * dpi)
                        + (c("QDZ10") + c("QDZ11") * dfz) * abs(g_s)) * g_s * lam("LKZC"))
          * LMUYs * sgn(Vx) * math.cos(a_s))                               # 4.E47 (zeta0=zeta2=zeta8=1)
    r2 = (Kxk / Kyap) ** 2 * kappa ** 2
    ar_eq = math.atan(math.sqrt(math.tan(ar) ** 2 + r2)) * sgn(ar)         # A54 (book 4.E78)
    at_eq = math.atan(math.sqrt(math.tan(at) ** 2 + r2)) * sgn(at)         # A55 (book 4.E77)
    t = Dt * cos_magic(Bt, Ct, Et, at_eq) * cos_ap                         # 4.E73
    if opt["t_lfzo"]:
        t *= LFZO                                                          # MFeval empirical (TNO)
    Mzr = Dr * math.cos(Cr * math.atan(Br * ar_eq))                        # 4.E75
    s = R0 * (c("SSZ1") + c("SSZ2") * (Fy / Fz0)
              + (c("SSZ3") + c("SSZ4") * dfz) * gamma) * lam("LS")         # A56 (book 4.E76)
    Fyp = gyk(g_s if opt["gyk_actual_gamma"] else 0.0) * y0["Fy0"]        # 4.E74
    Mz = -t * Fyp + Mzr + s * Fx                                           # 4.E71/72

    # pure-slip aligning moment (diagnostic only)
    t0 = Dt * cos_magic(Bt, Ct, Et, at) * cos_ap                           # 4.E33
    Mzr0 = Dr * math.cos(Cr * math.atan(Br * ar)) * cos_ap                 # 4.E36
    Mz0 = -t0 * y0["Fy0"] + Mzr0                                           # 4.E31/32

    # ---- overturning couple: MF6.2 manual / Besselink draft eq. (49) ----
    Mx = (R0 * Fz * lam("LMX") * (
        c("QSX1") * lam("LVMX")
        - c("QSX2") * gamma * (1.0 + c("PPMX1") * dpi)
        + c("QSX3") * Fy / Fz0
        + c("QSX4") * math.cos(c("QSX5") * math.atan((c("QSX6") * Fz / Fz0) ** 2))
        * math.sin(c("QSX7") * gamma + c("QSX8") * math.atan(c("QSX9") * Fy / Fz0))
        + c("QSX10") * math.atan(c("QSX11") * Fz / Fz0) * gamma)
        + R0 * lam("LMX") * (Fy * (c("QSX13") + c("QSX14") * abs(gamma))
                             - Fz * c("QSX12") * gamma * abs(gamma)))

    # ---- rolling resistance: paper (A48) ----
    press_ratio = (p / pi0) if pi0 > 0.0 else 1.0
    My = (-R0 * Fz0 * lam("LMY") * (
        c("QSY1") + c("QSY2") * Fx / Fz0 + c("QSY3") * abs(Vx / V0)
        + c("QSY4") * (Vx / V0) ** 4
        + (c("QSY5") + c("QSY6") * Fz / Fz0) * gamma ** 2)
        * (Fz / Fz0) ** c("QSY7") * press_ratio ** c("QSY8"))

    internals = {"dfz": dfz, "dpi": dpi, "alpha_star": a_s, "gamma_star": g_s,
                 "cos_alpha_prime": cos_ap, "LMUX_star": LMUXs, "LMUX_prime": LMUXp,
                 "LMUY_star": LMUYs, "LMUY_prime": LMUYp,
                 "Fx0": Fx0, "mux": mux, "Kxk": Kxk, "Bx": Bx, "Ex": Ex, "SHx": SHx, "SVx": SVx,
                 "Fy0": y["Fy0"], "muy": y["muy"], "Kya": Kya, "Kyg0": y["Kyg0"],
                 "SHy": y["SHy"], "SVy": y["SVy"], "SVyg": y["SVyg"], "By": y["By"], "Ey": y["Ey"],
                 "Fy0_gamma0": y0["Fy0"], "Gxa": Gxa, "Gyk": Gyk, "SVyk": SVyk,
                 "Bt": Bt, "Dt": Dt, "Et": Et, "Br": Br, "Dr": Dr, "t": t, "Mzr": Mzr,
                 "s": s, "Fy_prime": Fyp, "alpha_t_eq": at_eq, "alpha_r_eq": ar_eq,
                 "Mz0_pure": Mz0}
    return Fx, Fy, Mz, Mx, My, internals


# --------------------------------------------------------------------------
# MF 5.2 / PAC2002
# --------------------------------------------------------------------------

def eval_pac2002(T, opt, Fz, kappa, alpha, gamma, Vx, p):
    c = T.get
    lam = lambda k: T.get(k, 1.0)

    R0 = c("UNLOADED_RADIUS")
    Fz0 = c("FNOMIN")
    V0 = T.get("LONGVL", 16.7)
    LFZO = lam("LFZO")
    Fz0p = Fz0 * LFZO
    dfz = (Fz - Fz0p) / Fz0p
    gx = gamma * lam("LGAX")
    gy = gamma * lam("LGAY")
    gz = gamma * lam("LGAZ")
    LMUX = lam("LMUX")
    LMUY = lam("LMUY")

    # ---- pure longitudinal ----
    SHx = (c("PHX1") + c("PHX2") * dfz) * lam("LHX")
    kx = kappa + SHx
    Cx = c("PCX1") * lam("LCX")
    mux = (c("PDX1") + c("PDX2") * dfz) * (1.0 - c("PDX3") * gx ** 2) * LMUX
    Dx = mux * Fz
    Ex = min((c("PEX1") + c("PEX2") * dfz + c("PEX3") * dfz ** 2)
             * (1.0 - c("PEX4") * sgn(kx)) * lam("LEX"), 1.0)
    Kx = Fz * (c("PKX1") + c("PKX2") * dfz) * math.exp(c("PKX3") * dfz) * lam("LKX")
    Bx = Kx / (Cx * Dx + EPS * sgn(Dx))
    SVx = Fz * (c("PVX1") + c("PVX2") * dfz) * lam("LVX") * LMUX
    Fx0 = magic(Bx, Cx, Dx, Ex, kx) + SVx

    # ---- pure lateral ----
    SHy = (c("PHY1") + c("PHY2") * dfz) * lam("LHY") + c("PHY3") * gy
    ay = alpha + SHy
    Cy = c("PCY1") * lam("LCY")
    muy = (c("PDY1") + c("PDY2") * dfz) * (1.0 - c("PDY3") * gy ** 2) * LMUY
    Dy = muy * Fz
    Ey = min((c("PEY1") + c("PEY2") * dfz)
             * (1.0 - (c("PEY3") + c("PEY4") * gy) * sgn(ay)) * lam("LEY"), 1.0)
    Ky0 = c("PKY1") * Fz0 * math.sin(2.0 * math.atan(Fz / (c("PKY2") * Fz0 * LFZO))) * LFZO * lam("LKY")
    Ky = Ky0 * (1.0 - c("PKY3") * abs(gy))
    By = Ky / (Cy * Dy + EPS * sgn(Dy))
    SVy = Fz * ((c("PVY1") + c("PVY2") * dfz) * lam("LVY") + (c("PVY3") + c("PVY4") * dfz) * gy) * LMUY
    Fy0 = magic(By, Cy, Dy, Ey, ay) + SVy

    # ---- combined Fx ----
    SHxa = c("RHX1")
    a_sx = alpha + SHxa
    Bxa = c("RBX1") * math.cos(math.atan(c("RBX2") * kappa)) * lam("LXAL")
    Cxa = c("RCX1")
    Exa = min(c("REX1") + c("REX2") * dfz, 1.0)
    Gxa = cos_magic(Bxa, Cxa, Exa, a_sx) / cos_magic(Bxa, Cxa, Exa, SHxa)
    Fx = Gxa * Fx0

    # ---- combined Fy ----
    SHyk = c("RHY1") + c("RHY2") * dfz
    ks = kappa + SHyk
    Byk = c("RBY1") * math.cos(math.atan(c("RBY2") * (alpha - c("RBY3")))) * lam("LYKA")
    Cyk = c("RCY1")
    Eyk = min(c("REY1") + c("REY2") * dfz, 1.0)
    DVyk = muy * Fz * (c("RVY1") + c("RVY2") * dfz + c("RVY3") * gamma) * math.cos(math.atan(c("RVY4") * alpha))
    SVyk = DVyk * math.sin(c("RVY5") * math.atan(c("RVY6") * kappa)) * lam("LVYKA")
    Gyk = cos_magic(Byk, Cyk, Eyk, ks) / cos_magic(Byk, Cyk, Eyk, SHyk)
    Fy = Gyk * Fy0 + SVyk

    # ---- aligning moment ----
    Kyp = Ky + EPS * sgn(Ky)
    SHt = c("QHZ1") + c("QHZ2") * dfz + (c("QHZ3") + c("QHZ4") * dfz) * gz
    at = alpha + SHt
    SHf = SHy + SVy / Kyp
    ar = alpha + SHf
    Bt = ((c("QBZ1") + c("QBZ2") * dfz + c("QBZ3") * dfz ** 2)
          * (1.0 + c("QBZ4") * gz + c("QBZ5") * abs(gz)) * lam("LKY") / LMUY)
    Ct = c("QCZ1")
    Dt = Fz * (c("QDZ1") + c("QDZ2") * dfz) * (1.0 + c("QDZ3") * gz + c("QDZ4") * gz ** 2) * (R0 / Fz0p) * lam("LTR")
    Et = min((c("QEZ1") + c("QEZ2") * dfz + c("QEZ3") * dfz ** 2)
             * (1.0 + (c("QEZ4") + c("QEZ5") * gz) * (2.0 / math.pi) * math.atan(Bt * Ct * at)), 1.0)
    Br = c("QBZ9") * lam("LKY") / LMUY + c("QBZ10") * By * Cy
    Dr = Fz * ((c("QDZ6") + c("QDZ7") * dfz) * lam("LRES") + (c("QDZ8") + c("QDZ9") * dfz) * gz) * R0 * LMUY
    r2 = (Kx / Kyp) ** 2 * kappa ** 2
    at_eq = math.atan(math.sqrt(math.tan(at) ** 2 + r2)) * sgn(at)
    ar_eq = math.atan(math.sqrt(math.tan(ar) ** 2 + r2)) * sgn(ar)
    cos_a = math.cos(alpha)
    t = Dt * cos_magic(Bt, Ct, Et, at_eq) * cos_a
    Mzr = Dr * math.cos(math.atan(Br * ar_eq)) * cos_a
    s = (c("SSZ1") + c("SSZ2") * (Fy / Fz0) + (c("SSZ3") + c("SSZ4") * dfz) * gamma) * R0 * lam("LS")
    Fyp = Fy - SVyk
    Mz = -t * Fyp + Mzr + s * Fx

    t0 = Dt * cos_magic(Bt, Ct, Et, at) * cos_a
    Mz0 = -t0 * Fy0 + Dr * math.cos(math.atan(Br * ar)) * cos_a

    # ---- overturning couple (MF-Tyre 5.2 manual) ----
    Mx = R0 * Fz * (c("QSX1") * lam("LVMX") - c("QSX2") * gamma + c("QSX3") * Fy / Fz0) * lam("LMX")

    # ---- rolling resistance (MF-Tyre 5.2 manual, ISO sign) ----
    My = -R0 * Fz * lam("LMY") * (c("QSY1") + c("QSY2") * Fx / Fz0
                                  + c("QSY3") * abs(Vx / V0) + c("QSY4") * (Vx / V0) ** 4)

    internals = {"dfz": dfz, "gamma_x": gx, "gamma_y": gy, "gamma_z": gz,
                 "Fx0": Fx0, "mux": mux, "Kx": Kx, "Bx": Bx, "Ex": Ex, "SHx": SHx, "SVx": SVx,
                 "Fy0": Fy0, "muy": muy, "Ky": Ky, "By": By, "Ey": Ey, "SHy": SHy, "SVy": SVy,
                 "Gxa": Gxa, "Gyk": Gyk, "SVyk": SVyk, "Bt": Bt, "Dt": Dt, "Et": Et,
                 "Br": Br, "Dr": Dr, "t": t, "Mzr": Mzr, "s": s, "Fy_prime": Fyp,
                 "alpha_t_eq": at_eq, "alpha_r_eq": ar_eq, "Mz0_pure": Mz0}
    return Fx, Fy, Mz, Mx, My, internals


# --------------------------------------------------------------------------
# Effective rolling radius (optional output, --re)
# --------------------------------------------------------------------------

def effective_radius(T, family, Fz, kappa, Vx, p):
    R0 = T.get("UNLOADED_RADIUS")
    Fz0 = T.get("FNOMIN")
    Cz0 = T.get("VERTICAL_STIFFNESS")
    B, D, F = T.get("BREFF"), T.get("DREFF"), T.get("FREFF")
    if Cz0 <= 0.0:
        return None
    if family == "PAC2002":
        return R0 - (Fz0 / Cz0) * (D * math.atan(B * Fz / Fz0) + F * Fz / Fz0)
    pi0 = T.get("NOMPRES")
    dpi = (p - pi0) / pi0 if pi0 > 0.0 else 0.0
    V0 = T.get("LONGVL", 16.7)
    Cz = Cz0 * (1.0 + T.get("PFZ1") * dpi)
    Re = R0
    for _ in range(200):  # fixed point on omega = (1 + kappa) Vx / Re
        omega = (1.0 + kappa) * Vx / Re
        Romega = R0 * (T.get("Q_RE0", 1.0) + T.get("Q_V1") * (omega * R0 / V0) ** 2)
        Rn = Romega - (Fz0 / Cz) * (D * math.atan(B * Fz / Fz0) + F * Fz / Fz0)
        if abs(Rn - Re) < 1e-13:
            return Rn
        Re = Rn
    return Re


# --------------------------------------------------------------------------
# command line
# --------------------------------------------------------------------------

USAGE = """usage: mf_reference.py FILE.tir --fz 4000,6000 --kappa -0.1,0,0.1 \\
        --alpha-deg -5,0,5 --gamma-deg 0,2 [--vx 20] [--pressure 220000]
        [--variant book|tno] [--amu A] [--alpha-star on|off] [--family MF61|PAC2002]
        [--re] [--internals]"""

LIST_OPTS = ("--fz", "--kappa", "--alpha-deg", "--gamma-deg")
VALUE_OPTS = LIST_OPTS + ("--vx", "--pressure", "--variant", "--amu", "--alpha-star", "--family")
FLAG_OPTS = ("--re", "--internals")


def parse_args(argv):
    args = {"file": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(USAGE)
            sys.exit(0)
        if a.startswith("--") and "=" in a:
            k, v = a.split("=", 1)
        elif a in VALUE_OPTS:
            if i + 1 >= len(argv):
                sys.exit("missing value for " + a)
            k, v = a, argv[i + 1]  # value may start with '-' (e.g. -5,0,5)
            i += 1
        elif a in FLAG_OPTS:
            k, v = a, True
        elif a.startswith("--"):
            sys.exit("unknown option " + a + "\n" + USAGE)
        else:
            if args["file"] is not None:
                sys.exit("more than one file given\n" + USAGE)
            args["file"] = a
            i += 1
            continue
        if k not in VALUE_OPTS and k not in FLAG_OPTS:
            sys.exit("unknown option " + k + "\n" + USAGE)
        args[k] = v
        i += 1
    if args["file"] is None:
        sys.exit(USAGE)
    for k in LIST_OPTS:
        if k not in args:
            sys.exit("missing " + k + "\n" + USAGE)
        args[k] = [float(x) for x in str(args[k]).split(",") if x.strip() != ""]
    return args


def main(argv):
    args = parse_args(argv)
    T = TirFile(args["file"])
    family = args.get("--family") or T.family()
    if family not in ("MF61", "PAC2002"):
        sys.exit("unknown family " + family)

    variant = args.get("--variant", "book")
    if variant not in ("book", "tno"):
        sys.exit("--variant must be book or tno")
    opt = {
        "alpha_star": variant == "book",
        "amu": 10.0 if variant == "book" else 1.0,
        "ignore_lmuv": variant == "tno",
        "t_lfzo": variant == "tno",
        "gyk_actual_gamma": variant == "tno",
    }
    if "--amu" in args:
        opt["amu"] = float(args["--amu"])
    if "--alpha-star" in args:
        opt["alpha_star"] = str(args["--alpha-star"]).lower() in ("on", "1", "true", "yes")

    Vx = float(args["--vx"]) if "--vx" in args else T.get("LONGVL", 16.7)
    if not Vx > 0.0:
        sys.exit("Vx must be > 0 (backward rolling / standstill not covered)")
    if "--pressure" in args:
        p = float(args["--pressure"])
    else:
        p = T.get("INFLPRES", 0.0) or T.get("NOMPRES", 0.0)

    warnings = list(T.warnings)
    if family == "PAC2002":
        extra = [k for k in ("QSX4", "QSX5", "QSX6", "QSX7", "QSX8", "QSX9", "QSX10", "QSX11",
                             "QSX12", "QSX13", "QSX14", "QSY5", "QSY6", "QSY7", "QSY8",
                             "PPX1", "PPX2", "PPX3", "PPX4", "PPY1", "PPY2", "PPY3", "PPY4",
                             "QPZ1", "QPZ2", "QPX1", "PPZ1", "PPZ2") if T.get(k) != 0.0]
        if extra:
            warnings.append("PAC2002 family: MSC/MF6-style extension coefficients ignored: " + ", ".join(extra))
    elif variant == "tno" and T.get("LMUV") != 0.0:
        warnings.append("variant tno ignores LMUV")
    if family == "MF61" and "PKY4" not in T.num:
        warnings.append("PKY4 missing: using 2")
    for w in warnings:
        print("mf_reference: warning: " + w, file=sys.stderr)

    evaluator = eval_mf61 if family == "MF61" else eval_pac2002
    points = []
    for fz in args["--fz"]:
        for kappa in args["--kappa"]:
            for a_deg in args["--alpha-deg"]:
                for g_deg in args["--gamma-deg"]:
                    pt = {"fz_n": fz, "kappa": kappa, "alpha_deg": a_deg, "gamma_deg": g_deg}
                    if fz <= 0.0:
                        pt.update({"fx_n": 0.0, "fy_n": 0.0, "mz_nm": 0.0, "mx_nm": 0.0, "my_nm": 0.0})
                        if "--re" in args:
                            pt["re_m"] = T.get("UNLOADED_RADIUS")
                    else:
                        fx, fy, mz, mx, my, internals = evaluator(
                            T, opt, fz, kappa, math.radians(a_deg), math.radians(g_deg), Vx, p)
                        pt.update({"fx_n": fx, "fy_n": fy, "mz_nm": mz, "mx_nm": mx, "my_nm": my})
                        if "--re" in args:
                            pt["re_m"] = effective_radius(T, family, fz, kappa, Vx, p)
                        if "--internals" in args:
                            pt["internals"] = internals
                    points.append(pt)

    meta = {"file": args["file"], "family": family, "variant": variant if family == "MF61" else "pac2002",
            "vx_mps": Vx, "pressure_pa": p, "alpha_star": opt["alpha_star"] if family == "MF61" else False,
            "amu": opt["amu"] if family == "MF61" else None, "epsilon": EPS,
            "unit_factors": T.unit_factors}
    json.dump({"meta": meta, "points": points}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
