// The steady-state Magic Formula of .tir files (laws/tyre_magic_formula.hpp). Equation tags:
// 4.Exx Pacejka (2012) section 4.3.2; Axx Besselink et al. (2010); docs/tyres.md lists them all.

#include "tractive/laws/tyre_magic_formula.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "magic_formula.hpp"

namespace tractive {

namespace {

using namespace mf;

constexpr double kEps = 1e-6;  // epsilon_x, y, K, V

double sgn(double x) { return x >= 0.0 ? 1.0 : -1.0; }
double eps_like(double x) { return kEps * sgn(x); }

// cos(atan(x)) = 1 / sqrt(1 + x^2), exactly (no atan, no cos: the law's hot spots).
double cos_atan(double x) { return 1.0 / std::sqrt(1.0 + x * x); }

// sin(C atan(num / den)), for the common C = 2 exactly 2 num den / (num^2 + den^2): one
// division, no atan and no sin, and 0 for den = 0 (PKY2 = 0), the limit sin(pi).
double sin_c_atan_ratio(double c, double num, double den) {
    if (c != 2.0) return std::sin(c * std::atan(num / den));
    const double norm2 = num * num + den * den;
    return norm2 > 0.0 ? 2.0 * num * den / norm2 : 0.0;
}

// cos[C atan{B x - E (B x - atan(B x))}], the combined-slip weighting function: exactly 1 at
// x = 0 or C = 0 (real files' RHX1 = 0, RCX1 = 0), and with no inner atan when E = 0.
double cos_shape(double b, double c, double e, double x) {
    const double bx = b * x;
    if (bx == 0.0 || c == 0.0) return 1.0;
    const double shaped = e == 0.0 ? bx : bx - e * (bx - std::atan(bx));
    return c == 1.0 ? cos_atan(shaped) : std::cos(c * std::atan(shaped));
}

// The quantities of one load, pressure and surface both directions use.
struct Basics {
    double fz, fz0p, dfz, dpi, lmux, lmuy;
};

Basics basics(const MagicFormulaTyre& t, double fz, double pressure_pa, double friction_factor) {
    const auto& c = t.c;
    Basics b{};
    b.fz = fz;
    b.fz0p = c[LFZO] * t.nominal_load_n;                             // 4.E1
    b.dfz = (fz - b.fz0p) / b.fz0p;                                  // 4.E2a
    const double p = pressure_pa > 0.0 ? pressure_pa : t.inflation_pressure_pa;
    b.dpi = t.family == MagicFormulaFamily::Mf61 && t.nominal_pressure_pa > 0.0
                ? (p - t.nominal_pressure_pa) / t.nominal_pressure_pa  // 4.E2b
                : 0.0;
    b.lmux = c[LMUX] * friction_factor;  // LMUX* = LMUX' with A_mu = 1 and no LMUV (MFeval / TNO)
    b.lmuy = c[LMUY] * friction_factor;
    return b;
}

// The friction coefficients and the camber-free vertical shifts, shared by the curves and their
// peaks. g is the inclination as the family uses it (MF 6.1: gamma; MF 5.2: gamma scaled by
// LGAX / LGAY); MF 5.2 has no pressure terms (dpi = 0 there).
double friction_x(const MagicFormulaTyre& t, const Basics& b, double g) {  // 4.E13
    const auto& c = t.c;
    return (c[PDX1] + c[PDX2] * b.dfz) * (1.0 + c[PPX3] * b.dpi + c[PPX4] * b.dpi * b.dpi) * (1.0 - c[PDX3] * g * g) * b.lmux;
}
double shift_vx(const MagicFormulaTyre& t, const Basics& b) {  // 4.E18
    return b.fz * (t.c[PVX1] + t.c[PVX2] * b.dfz) * t.c[LVX] * b.lmux;
}
double friction_y(const MagicFormulaTyre& t, const Basics& b, double g) {  // 4.E23
    const auto& c = t.c;
    return (c[PDY1] + c[PDY2] * b.dfz) * (1.0 + c[PPY3] * b.dpi + c[PPY4] * b.dpi * b.dpi) * (1.0 - c[PDY3] * g * g) * b.lmuy;
}
double shift_vy_camber_free(const MagicFormulaTyre& t, const Basics& b) {  // 4.E29's first term
    return b.fz * (t.c[PVY1] + t.c[PVY2] * b.dfz) * t.c[LVY] * b.lmuy;
}

struct Longitudinal {
    double fx0, slope, kxk, dx, svx;
};

// The longitudinal slip stiffness Kxk at this load, 4.E15 (MF 5.2: no pressure). (The exponent
// capped at 50, e^50 = 5e21: only a load a hundred times the nominal one with a large PKX3
// reaches it, where exp would overflow to infinity and the moment turn NaN.)
double slip_stiffness(const MagicFormulaTyre& t, const Basics& b) {
    const auto& c = t.c;
    const double dpi = b.dpi;
    return b.fz * (c[PKX1] + c[PKX2] * b.dfz) * std::exp(std::min(c[PKX3] * b.dfz, 50.0)) *
           (1.0 + c[PPX1] * dpi + c[PPX2] * dpi * dpi) * c[LKX];
}

// Pure longitudinal force, 4.E9-4.E18 (MF 6.1) or MF 5.2's (gamma scaled by LGAX, no pressure),
// with the slip stiffness kxk (slip_stiffness).
Longitudinal pure_fx(const MagicFormulaTyre& t, const Basics& b, double kappa, double gamma, double kxk) {
    const auto& c = t.c;
    const bool mf61 = t.family == MagicFormulaFamily::Mf61;
    const double g = mf61 ? gamma : gamma * c[LGAX];
    const double cx = c[PCX1] * c[LCX];                                                             // 4.E11
    const double dx = friction_x(t, b, g) * b.fz;                                                   // 4.E12, 4.E13
    const double cxdx = cx * dx;
    const double bx = kxk / (cxdx + eps_like(cxdx));                                                // 4.E16
    const double shx = (c[PHX1] + c[PHX2] * b.dfz) * c[LHX];                                        // 4.E17
    const double svx = shift_vx(t, b);                                                              // 4.E18
    const double kx = kappa + shx;                                                                  // 4.E10
    const double ex = std::min(1.0, (c[PEX1] + c[PEX2] * b.dfz + c[PEX3] * b.dfz * b.dfz) *
                                        (1.0 - c[PEX4] * sgn(kx)) * c[LEX]);                        // 4.E14
    const PacejkaValue f = detail::magic_formula<true>(bx, cx, dx, ex, kx);                         // 4.E9
    return {f.value + svx, f.slope, kxk, dx, svx};
}

// The cornering stiffness Kya at this load and inclination: MF 6.1's 4.E25 (g = gamma), MF 5.2's
// (g = gamma LGAY, no pressure).
double cornering_stiffness(const MagicFormulaTyre& t, const Basics& b, double gamma) {
    const auto& c = t.c;
    const double g = t.family == MagicFormulaFamily::Mf61 ? gamma : gamma * c[LGAY];
    if (t.family == MagicFormulaFamily::Mf61) {
        return c[PKY1] * b.fz0p * (1.0 + c[PPY1] * b.dpi) * (1.0 - c[PKY3] * std::abs(g)) *
               sin_c_atan_ratio(c[PKY4], b.fz, b.fz0p * (c[PKY2] + c[PKY5] * g * g) * (1.0 + c[PPY2] * b.dpi)) * c[LKY];  // 4.E25
    }
    return c[PKY1] * b.fz0p * sin_c_atan_ratio(2.0, b.fz, c[PKY2] * b.fz0p) * c[LKY] * (1.0 - c[PKY3] * std::abs(g));
}

struct Lateral {
    double fy0, slope, kya, muy, by, cy, shy, svy, dy;
};

// Pure lateral force, 4.E19-4.E30 (MF 6.1) or MF 5.2's (with its slope when kWithSlope), with
// the cornering stiffness kya at this inclination (cornering_stiffness).
template <bool kWithSlope = true>
Lateral pure_fy(const MagicFormulaTyre& t, const Basics& b, double alpha, double gamma, double kya) {
    const auto& c = t.c;
    const double dpi = b.dpi;
    const double cy = c[PCY1] * c[LCY];                                                             // 4.E21
    Lateral l{};
    l.cy = cy;
    double ey_camber = 0.0, ey_sign_term = 0.0;  // Ey's camber term and its sgn(alpha_y) factor
    if (t.family == MagicFormulaFamily::Mf61) {
        const double g = gamma;
        l.kya = kya;                                                                                // 4.E25
        const double svyg = b.fz * (c[PVY3] + c[PVY4] * b.dfz) * g * c[LKYC] * b.lmuy;             // 4.E28
        const double kyg0 = b.fz * (c[PKY6] + c[PKY7] * b.dfz) * (1.0 + c[PPY5] * dpi) * c[LKYC];   // 4.E30
        l.shy = (c[PHY1] + c[PHY2] * b.dfz) * c[LHY] + (kyg0 * g - svyg) / (l.kya + eps_like(l.kya));  // 4.E27
        l.svy = shift_vy_camber_free(t, b) + svyg;                                                  // 4.E29
        l.muy = friction_y(t, b, g);                                                                // 4.E23
        ey_camber = c[PEY5] * g * g;
        ey_sign_term = c[PEY3] + c[PEY4] * g;
    } else {
        const double gy = gamma * c[LGAY];
        l.kya = kya;
        l.shy = (c[PHY1] + c[PHY2] * b.dfz) * c[LHY] + c[PHY3] * gy;
        l.svy = shift_vy_camber_free(t, b) + b.fz * (c[PVY3] + c[PVY4] * b.dfz) * gy * b.lmuy;
        l.muy = friction_y(t, b, gy);
        ey_sign_term = c[PEY3] + c[PEY4] * gy;
    }
    l.dy = l.muy * b.fz;                                                                            // 4.E22
    const double ay = alpha + l.shy;                                                                // 4.E20
    const double ey = std::min(1.0, (c[PEY1] + c[PEY2] * b.dfz) * (1.0 + ey_camber - ey_sign_term * sgn(ay)) * c[LEY]);  // 4.E24
    const double cydy = cy * l.dy;
    l.by = l.kya / (cydy + eps_like(cydy));                                                         // 4.E26
    const PacejkaValue f = detail::magic_formula<kWithSlope>(l.by, cy, l.dy, ey, ay);               // 4.E19
    l.fy0 = f.value + l.svy;
    l.slope = f.slope;
    return l;
}

}  // namespace

MagicFormulaForces magic_formula_force(const MagicFormulaTyre& t, const MagicFormulaInput& in) {
    MagicFormulaForces out;
    if (!(in.fz_n > 0.0) || !(in.friction_factor > 0.0) || !(t.nominal_load_n > 0.0)) return out;
    const auto& c = t.c;
    const bool mf61 = t.family == MagicFormulaFamily::Mf61;
    const Basics b = basics(t, in.fz_n, in.pressure_pa, in.friction_factor);
    const double kappa = in.slip_ratio, alpha = in.slip_angle_rad, gamma = in.inclination_rad;
    const double r0 = t.unloaded_radius_m;

    // The aligning moment's pneumatic trail, 4.E31-4.E44, 4.E73 with A54, A55, A58, A60, is the
    // law's longest chain of transcendentals (tan, atan, atan, atan, cos) and needs only the slip
    // stiffnesses: it comes first, so that the processor overlaps it with the forces' chains.
    const double kxk = slip_stiffness(t, b);                                                         // 4.E15
    const double kya = cornering_stiffness(t, b, gamma);                                              // 4.E25
    const double tan_alpha = std::tan(alpha);
    const double gz = mf61 ? gamma : gamma * c[LGAZ];
    const double kyap = kya + eps_like(kya);                                                          // 4.E39
    const double alpha_t = alpha + c[QHZ1] + c[QHZ2] * b.dfz + (c[QHZ3] + c[QHZ4] * b.dfz) * gz;      // 4.E34, 4.E35
    const double bt = (c[QBZ1] + c[QBZ2] * b.dfz + c[QBZ3] * b.dfz * b.dfz) * (1.0 + c[QBZ4] * gz + c[QBZ5] * std::abs(gz)) *
                      c[LKY] / b.lmuy;                                                                 // A58
    const double ct = c[QCZ1];                                                                        // 4.E41
    const double dpz = mf61 ? (1.0 - c[PPZ1] * b.dpi) : 1.0;
    const double dt = (c[QDZ1] + c[QDZ2] * b.dfz) * dpz * (1.0 + c[QDZ3] * gz + c[QDZ4] * gz * gz) * b.fz * (r0 / b.fz0p) *
                      c[LTR];                                                                          // A60
    const double et_sign = c[QEZ4] + c[QEZ5] * gz;  // (no atan where it is 0)
    const double et = std::min(1.0, (c[QEZ1] + c[QEZ2] * b.dfz + c[QEZ3] * b.dfz * b.dfz) *
                                        (1.0 + (et_sign == 0.0 ? 0.0 : et_sign * (2.0 / std::numbers::pi) * std::atan(bt * ct * alpha_t))));  // 4.E44
    double kk = kappa == 0.0 ? 0.0 : kxk / kyap * kappa;  // (Kxk / Kya') kappa
    if (std::isnan(kk)) kk = 0.0;
    const auto equivalent = [&](double a, double tan_a) {  // A54, A55
        return std::atan(std::sqrt(tan_a * tan_a + kk * kk)) * sgn(a);
    };
    // (tan(alpha_t) is tan(alpha) again where the trail has no shift.)
    const double alpha_t_eq = equivalent(alpha_t, alpha_t == alpha ? tan_alpha : std::tan(alpha_t));
    const double bt_at = bt * alpha_t_eq;
    const double trail_shape = dt * std::cos(ct * std::atan(bt_at - et * (bt_at - std::atan(bt_at))));  // 4.E73 but cos(alpha)

    // Pure slip.
    const Longitudinal x = pure_fx(t, b, kappa, gamma, kxk);
    const Lateral y = pure_fy(t, b, alpha, gamma, kya);

    // Combined longitudinal force, 4.E50-4.E57.
    const double g2 = mf61 ? gamma * gamma : 0.0;
    const double exa = std::min(1.0, c[REX1] + c[REX2] * b.dfz);
    const double bxa = (c[RBX1] + c[RBX3] * g2) * cos_atan(c[RBX2] * kappa) * c[LXAL];
    // (The reference weight at the shift alone is exactly 1 for a zero shift: no division then.)
    const double gxa = c[RHX1] == 0.0 ? cos_shape(bxa, c[RCX1], exa, alpha)
                                      : cos_shape(bxa, c[RCX1], exa, alpha + c[RHX1]) / cos_shape(bxa, c[RCX1], exa, c[RHX1]);
    out.fx_n = gxa * x.fx0;
    out.dfx_dslip_ratio = gxa * x.slope;

    // Combined lateral force, 4.E58-4.E67 (the camber in DVyk unscaled in MF 5.2 too).
    const double dvyk = y.muy * b.fz * (c[RVY1] + c[RVY2] * b.dfz + c[RVY3] * gamma) * cos_atan(c[RVY4] * alpha);
    // (No atan where the kappa-induced side force is 0: a file without RVY* terms.)
    const double svyk = dvyk == 0.0 || c[RVY5] == 0.0 ? 0.0 : dvyk * std::sin(c[RVY5] * std::atan(c[RVY6] * kappa)) * c[LVYKA];
    const double shyk = c[RHY1] + c[RHY2] * b.dfz;
    const double eyk = std::min(1.0, c[REY1] + c[REY2] * b.dfz);
    const double byk = (c[RBY1] + c[RBY4] * g2) * cos_atan(c[RBY2] * (alpha - c[RBY3])) * c[LYKA];
    const double gyk = shyk == 0.0 ? cos_shape(byk, c[RCY1], eyk, kappa)
                                   : cos_shape(byk, c[RCY1], eyk, kappa + shyk) / cos_shape(byk, c[RCY1], eyk, shyk);
    out.fy_n = gyk * y.fy0 + svyk;
    out.dfy_dslip_angle_per_rad = gyk * y.slope;

    // Aligning moment: the residual torque Mzr, 4.E45-4.E49, 4.E75, and the moment, 4.E71-4.E78 with A56.
    // (cos(alpha) here, off the chains above: its root and division would hold them up.)
    const double cos_alpha = 1.0 / std::sqrt(1.0 + tan_alpha * tan_alpha);                          // cos(alpha), cos(alpha') at Vcx > 0
    double trail = trail_shape * cos_alpha;                                                            // 4.E73
    const double br = c[QBZ9] * c[LKY] / b.lmuy + c[QBZ10] * y.by * y.cy;                             // 4.E45
    double dr = 0.0;
    if (mf61) {
        dr = b.fz * r0 *
             ((c[QDZ6] + c[QDZ7] * b.dfz) * c[LRES] +
              ((c[QDZ8] + c[QDZ9] * b.dfz) * (1.0 + c[PPZ2] * b.dpi) + (c[QDZ10] + c[QDZ11] * b.dfz) * std::abs(gamma)) * gamma *
                  c[LKZC]) *
             b.lmuy * cos_alpha;                                                                       // 4.E47
    } else {
        dr = b.fz * ((c[QDZ6] + c[QDZ7] * b.dfz) * c[LRES] + (c[QDZ8] + c[QDZ9] * b.dfz) * gz) * r0 * b.lmuy;
    }
    const double fy_per_nominal = c[SSZ2] == 0.0 ? 0.0 : out.fy_n / t.nominal_load_n;  // (no division where unused)
    const double s = r0 * (c[SSZ1] + c[SSZ2] * fy_per_nominal + (c[SSZ3] + c[SSZ4] * b.dfz) * gamma) * c[LS];  // A56
    double mzr = 0.0;
    if (dr != 0.0) {
        const double alpha_r = alpha + y.shy + y.svy / kyap;                                         // 4.E37, 4.E38
        mzr = dr * cos_atan(br * equivalent(alpha_r, std::tan(alpha_r)));                            // 4.E75, Cr = 1
    }
    double fy_prime = 0.0;
    if (mf61) {
        trail *= c[LFZO];  // as TNO's solver does (MFeval)
        fy_prime = gyk * (gamma == 0.0 ? y.fy0 : pure_fy<false>(t, b, alpha, 0.0, cornering_stiffness(t, b, 0.0)).fy0);  // 4.E74, Gyk at the actual camber (MFeval)
    } else {
        mzr *= cos_alpha;
        fy_prime = out.fy_n - svyk;
    }
    out.mz_nm = -trail * fy_prime + mzr + s * out.fx_n;                                                // 4.E71, 4.E72

    // Overturning couple and rolling resistance (when asked for: the step takes neither here).
    if (!in.with_moments) return out;
    const double fnom = t.nominal_load_n;
    if (mf61) {
        const double fz_rel = b.fz / fnom, fy_rel = out.fy_n / fnom;
        out.mx_nm = r0 * b.fz * c[LMX] *
                        (c[QSX1] * c[LVMX] - c[QSX2] * gamma * (1.0 + c[PPMX1] * b.dpi) + c[QSX3] * fy_rel +
                         c[QSX4] * std::cos(c[QSX5] * std::atan(std::pow(c[QSX6] * fz_rel, 2.0))) *
                             std::sin(c[QSX7] * gamma + c[QSX8] * std::atan(c[QSX9] * fy_rel)) +
                         c[QSX10] * std::atan(c[QSX11] * fz_rel) * gamma) +
                    r0 * c[LMX] * (out.fy_n * (c[QSX13] + c[QSX14] * std::abs(gamma)) - b.fz * c[QSX12] * gamma * std::abs(gamma));
    } else {
        out.mx_nm = r0 * b.fz * (c[QSX1] * c[LVMX] - c[QSX2] * gamma + c[QSX3] * out.fy_n / fnom) * c[LMX];
    }
    out.my_nm = magic_formula_rolling_moment_nm(t, in, out.fx_n);
    return out;
}

double magic_formula_rolling_moment_nm(const MagicFormulaTyre& t, const MagicFormulaInput& in, double fx_n) {
    if (!(in.fz_n > 0.0) || !(t.nominal_load_n > 0.0)) return 0.0;
    const auto& c = t.c;
    const double r0 = t.unloaded_radius_m, fnom = t.nominal_load_n, fz = in.fz_n, gamma = in.inclination_rad;
    const double v = in.speed_m_per_s / t.reference_speed_m_per_s;
    const double base = c[QSY1] + c[QSY2] * fx_n / fnom + c[QSY3] * std::abs(v) + c[QSY4] * (v * v) * (v * v);
    if (t.family == MagicFormulaFamily::Pac2002) return -r0 * fz * c[LMY] * base;  // MF 5.2 eq. 84
    const double fz_rel = fz / fnom;
    const double p = in.pressure_pa > 0.0 ? in.pressure_pa : t.inflation_pressure_pa;
    const double pressure_factor =
        t.nominal_pressure_pa > 0.0 && p > 0.0 && c[QSY8] != 0.0 ? std::pow(p / t.nominal_pressure_pa, c[QSY8]) : 1.0;
    const double load_factor = c[QSY7] == 1.0 ? fz_rel : std::pow(fz_rel, c[QSY7]);
    return -r0 * fnom * c[LMY] * (base + (c[QSY5] + c[QSY6] * fz_rel) * gamma * gamma) * load_factor * pressure_factor;  // A48
}

double magic_formula_peak_fx_n(const MagicFormulaTyre& t, double fz_n, double friction_factor) {
    if (!(fz_n > 0.0) || !(friction_factor > 0.0) || !(t.nominal_load_n > 0.0)) return 0.0;
    const Basics b = basics(t, fz_n, 0.0, friction_factor);
    return std::abs(friction_x(t, b, 0.0) * b.fz) + std::abs(shift_vx(t, b));
}

double magic_formula_peak_fy_n(const MagicFormulaTyre& t, double fz_n, double friction_factor) {
    if (!(fz_n > 0.0) || !(friction_factor > 0.0) || !(t.nominal_load_n > 0.0)) return 0.0;
    const Basics b = basics(t, fz_n, 0.0, friction_factor);
    return std::abs(friction_y(t, b, 0.0) * b.fz) + std::abs(shift_vy_camber_free(t, b));
}

double magic_formula_lateral_relaxation_length_m(const MagicFormulaTyre& t, double fz_n) {
    if (!(fz_n > 0.0) || !(t.nominal_load_n > 0.0)) return 0.0;
    const auto& c = t.c;
    const Basics b = basics(t, fz_n, 0.0, 1.0);
    if (c[PTY1] > 0.0) {  // MF 5.2: PTY1 sin(2 atan(Fz / (PTY2 Fz0'))) R0 LFZO LSGAL
        return c[PTY1] * sin_c_atan_ratio(2.0, b.fz, c[PTY2] * b.fz0p) * t.unloaded_radius_m * c[LFZO] * c[LSGAL];
    }
    if (t.lateral_stiffness_n_per_m > 0.0) {  // MF 6.1: |Kya| / C_Fy
        return std::abs(cornering_stiffness(t, b, 0.0)) / t.lateral_stiffness_n_per_m * c[LSGAL];
    }
    return 0.0;
}

}  // namespace tractive
