// Pacejka '89 in the VDrift / Genta (1997) layout. Formulas: laws/tyre_pacejka.hpp (and VDrift's
// cartire, /tmp/research/vdrift.md section 5). Units: Fz in kN, slip in percent, angles in degrees.
//
// Choice on friction_factor (surface friction): it multiplies D only, and B = BCD / (C D) is formed
// with the scaled D, so BCD, the slope at zero slip (cornering / longitudinal stiffness), does not
// change with surface friction; only the peak and the large-slip force do. This is what VDrift
// 2009 did (friction inside D, then B divided by it). Current VDrift instead multiplies the whole
// result by the friction, which scales the stiffness too. (Forming B with the unscaled D would
// also scale the stiffness: F = s D sin(C atan(B S ...)) has slope s B C D at S = 0.) The size
// factor acts the same way, through a2 and b2, exactly as in VDrift.

#include "tractive/laws/tyre_pacejka.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "magic_formula.hpp"


namespace tractive {

namespace {

// VDrift clamps the load to 30 kN.
constexpr double kMaxLoadKn = 30.0;

// Load in kN as the formulas use it; 0 when there is no load (or it is not a number).
double usable_load_kn(double fz_kn) {
    if (!(fz_kn > 0.0)) return 0.0;  // also catches NaN
    return std::min(fz_kn, kMaxLoadKn);
}

// D = friction_factor D_fit and B = BCD / (C D) into the formula's shape (magic_formula.hpp);
// 0 when C D is 0 (the limit of the formula as D -> 0).
template <bool kWithSlope>
PacejkaValue magic_formula(double c, double d_fit, double bcd, double e, double s, double friction_factor) {
    const double d = friction_factor * d_fit;
    const double cd = c * d;
    if (cd == 0.0 || !std::isfinite(cd)) return {};
    return detail::magic_formula<kWithSlope>(bcd / cd, c, d, e, s);
}

}  // namespace

PacejkaValue pacejka_fx(const PacejkaCoefficients& p, double slip_percent, double fz_kn, double friction_factor,
                        double size_factor) {
    const double fz = usable_load_kn(fz_kn);
    if (fz == 0.0) return {};
    const auto& b = p.b;
    const double c = b[0];
    const double d = (b[1] * fz + b[2] * size_factor) * fz;
    const double bcd = (b[3] * fz + b[4]) * fz * std::exp(-b[5] * fz);
    const double e = (b[6] * fz + b[7]) * fz + b[8];
    const double sh = b[9] * fz + b[10];
    return magic_formula<true>(c, d, bcd, e, slip_percent + sh, friction_factor);  // no Sv (VDrift)
}

double pacejka_fx_n(const PacejkaCoefficients& p, double slip_percent, double fz_kn, double friction_factor,
                    double size_factor) {
    return pacejka_fx(p, slip_percent, fz_kn, friction_factor, size_factor).value;
}

PacejkaValue pacejka_fy(const PacejkaCoefficients& p, double alpha_deg, double fz_kn, double gamma_deg,
                        double friction_factor, double size_factor) {
    const double fz = usable_load_kn(fz_kn);
    if (fz == 0.0) return {};
    const auto& a = p.a;  // a[11] = a111, a[12] = a112, a[13] = a12, a[14] = a13
    const double c = a[0];
    const double d = (a[1] * fz + a[2] * size_factor) * fz;
    // sin(2 atan(u)) = 2 u / (1 + u^2) = 2 / (u + 1 / u), u = Fz / a4 (> 0 load): one division
    // instead of an atan and a sin. The last form cannot overflow; a4 = 0 (u infinite) gives 0,
    // the limit (sin(2 atan(inf)) = sin(pi)).
    const double u = fz / a[4];
    const double bcd = a[3] * (2.0 / (u + 1.0 / u)) * (1.0 - a[5] * std::abs(gamma_deg));
    const double e = a[6] * fz + a[7];
    const double sh = a[8] * gamma_deg + a[9] * fz + a[10];
    // VDrift's "pacejka96?" vertical shift; Sv is not scaled by friction_factor (it is not D).
    const double sv = ((a[11] * fz + a[12]) * gamma_deg + a[13]) * fz + a[14];
    PacejkaValue f = magic_formula<true>(c, d, bcd, e, alpha_deg + sh, friction_factor);
    f.value += sv;
    return f;
}

double pacejka_fy_n(const PacejkaCoefficients& p, double alpha_deg, double fz_kn, double gamma_deg,
                    double friction_factor, double size_factor) {
    return pacejka_fy(p, alpha_deg, fz_kn, gamma_deg, friction_factor, size_factor).value;
}

double pacejka_mz_nm(const PacejkaCoefficients& p, double alpha_deg, double fz_kn, double gamma_deg,
                     double friction_factor) {
    const double fz = usable_load_kn(fz_kn);
    if (fz == 0.0) return 0.0;
    const auto& c = p.c;
    const double abs_gamma = std::abs(gamma_deg);
    const double shape = c[0];
    const double d = (c[1] * fz + c[2]) * fz;
    const double bcd = (c[3] * fz + c[4]) * fz * (1.0 - c[6] * abs_gamma) * std::exp(-c[5] * fz);
    const double e = ((c[7] * fz + c[8]) * fz + c[9]) * (1.0 - c[10] * abs_gamma);
    const double sh = c[11] * gamma_deg + c[12] * fz + c[13];
    const double sv = (c[14] * fz + c[15]) * fz * gamma_deg + c[16] * fz + c[17];
    return magic_formula<false>(shape, d, bcd, e, alpha_deg + sh, friction_factor).value + sv;
}

CombinedSlipWeights pacejka_combined_weights(const PacejkaCoefficients& p, double slip_ratio, double alpha_rad) {
    // cos(atan(.)) weights of VDrift's cartire1: Gx = 1 / sqrt(1 + (Bx alpha)^2),
    // Bx = gx1 / sqrt(1 + (gx2 kappa)^2); Gy = 1 / sqrt(1 + (By kappa)^2), By = gy1 / sqrt(1 + (gy2 alpha)^2).
    // sqrt(1 + x^2) rather than std::hypot(1, x) (much slower): an x large enough for x^2 to
    // overflow gives an infinite root, hence a zero B or weight, the limit hypot gives too.
    // Written as one division and one root per weight, Gx = sqrt((1 + a) / (1 + a + (gx1
    // alpha)^2)) with a = (gx2 kappa)^2 (and Gy likewise), which halves the chain of dependent
    // roots and divisions; the nested form is kept for squares too large for that (inf / inf).
    const double a = (p.gx2 * slip_ratio) * (p.gx2 * slip_ratio);
    const double b = (p.gy2 * alpha_rad) * (p.gy2 * alpha_rad);
    const double ga = (p.gx1 * alpha_rad) * (p.gx1 * alpha_rad);
    const double gb = (p.gy1 * slip_ratio) * (p.gy1 * slip_ratio);
    if (a + ga < 1e300 && b + gb < 1e300) return {std::sqrt((1.0 + a) / (1.0 + a + ga)), std::sqrt((1.0 + b) / (1.0 + b + gb))};
    const auto one_hypot = [](double x) { return std::sqrt(1.0 + x * x); };
    const double bx = p.gx1 / one_hypot(p.gx2 * slip_ratio);
    const double by = p.gy1 / one_hypot(p.gy2 * alpha_rad);
    return {1.0 / one_hypot(bx * alpha_rad), 1.0 / one_hypot(by * slip_ratio)};
}

}  // namespace tractive
