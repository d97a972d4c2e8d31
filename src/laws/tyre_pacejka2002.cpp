// VDrift's Pacejka 2002 / Magic Formula 5.2 subset (.tiren); equations in
// laws/tyre_pacejka2002.hpp.

#include "tractive/laws/tyre_pacejka2002.hpp"

#include <algorithm>
#include <cmath>

#include "magic_formula.hpp"

namespace tractive {

namespace {

using namespace mf52;

double sgn(double x) { return std::copysign(1.0, x); }  // sgn(0) = +1, as VDrift

// B from K / (C D); no stiffness where C D vanishes (a degenerate fit), never a division by 0.
double stiffness_factor(double k, double c, double d) {
    const double cd = c * d;
    return cd != 0.0 ? k / cd : 0.0;
}

// cos(C atan(B (x + SH))) / cos(C atan(B SH)): the combined-slip weight; 1 for a degenerate
// reference.
double combined_weight(double b, double c, double x, double sh) {
    const double reference = std::cos(c * std::atan(b * sh));
    if (reference == 0.0) return 1.0;
    return std::cos(c * std::atan(b * (x + sh))) / reference;
}

}  // namespace

Pacejka2002Force pacejka2002_force(const Pacejka2002Coefficients& p, double slip_ratio, double slip_angle_rad,
                                   double camber_rad, double fz_n, double friction_factor, double size_factor) {
    if (!(fz_n * friction_factor >= 1e-6) || !(p.nominal_load_n > 0.0)) return {};
    const auto& q = p.c;
    const double kappa = slip_ratio;
    const double alpha = slip_angle_rad;
    const double gamma = camber_rad;
    const double fz = std::min(fz_n, kPacejka2002MaxLoad_n);
    const double fz0 = p.nominal_load_n;
    const double dfz = (fz - fz0) / fz0;

    // Pure longitudinal slip.
    const double shx = q[PHX1] + q[PHX2] * dfz;
    const double svx = fz * (q[PVX1] + q[PVX2] * dfz);
    const double x = kappa + shx;
    const double kx = fz * (q[PKX1] + q[PKX2] * dfz) * std::exp(-q[PKX3] * dfz);
    const double ex = (q[PEX1] + q[PEX2] * dfz + q[PEX3] * dfz * dfz) * (1.0 - q[PEX4] * sgn(x));
    const double dx = fz * (q[PDX1] * size_factor + q[PDX2] * dfz);
    const double cx = q[PCX1];
    const PacejkaValue fx0 = detail::magic_formula<true>(stiffness_factor(kx, cx, dx), cx, dx, ex, x);

    // Pure lateral slip.
    const double shy = q[PHY1] + q[PHY2] * dfz + q[PHY3] * gamma;
    const double svy = fz * (q[PVY1] + q[PVY2] * dfz + (q[PVY3] + q[PVY4] * dfz) * gamma);
    const double y = alpha + shy;
    const double ky = q[PKY1] * fz0 * std::sin(2.0 * std::atan(fz / (q[PKY2] * fz0))) * (1.0 - q[PKY3] * std::abs(gamma));
    const double ey = (q[PEY1] + q[PEY2] * dfz) * (1.0 - (q[PEY3] + q[PEY4] * gamma) * sgn(y));
    const double dy = fz * (q[PDY1] * size_factor + q[PDY2] * dfz) * (1.0 - q[PDY3] * gamma * gamma);
    const double cy = q[PCY1];
    const double by = stiffness_factor(ky, cy, dy);
    const PacejkaValue fy0 = detail::magic_formula<true>(by, cy, dy, ey, y);
    const double fx_pure = friction_factor * (fx0.value + svx);
    const double fy_pure = friction_factor * (fy0.value + svy);

    // Aligning moment: trail (Mzt) and residual (Mzr), pure slip.
    const double cos_alpha = std::cos(alpha);
    const double sht = q[QHZ1] + q[QHZ2] * dfz + (q[QHZ3] + q[QHZ4] * dfz) * gamma;
    const double alpha_t = alpha + sht;
    const double bt = (q[QBZ1] + q[QBZ2] * dfz + q[QBZ3] * dfz * dfz) * (1.0 + q[QBZ4] * gamma + q[QBZ5] * std::abs(gamma));
    const double ct = q[QCZ1];
    const double dt = fz * (q[QDZ1] + q[QDZ2] * dfz) * (1.0 + q[QDZ3] * gamma + q[QDZ4] * gamma * gamma) *
                      kPacejka2002MomentRadius_m / fz0;
    const double et = (q[QEZ1] + q[QEZ2] * dfz + q[QEZ3] * dfz * dfz) * (1.0 + (q[QEZ4] + q[QEZ5] * gamma) * std::atan(bt * ct * alpha_t));
    const double bta = bt * alpha_t;
    const double mzt = -fy_pure * dt * std::cos(ct * std::atan(bta - et * (bta - std::atan(bta)))) * cos_alpha;
    const double shf = shy + (ky != 0.0 ? svy / ky : 0.0);
    const double alpha_r = alpha + shf;
    const double br = q[QBZ10] * by * cy;
    const double dr = fz * (q[QDZ6] + q[QDZ7] * dfz + (q[QDZ8] + q[QDZ9] * dfz) * gamma) * kPacejka2002MomentRadius_m;
    const double mzr = friction_factor * dr * std::cos(std::atan(br * alpha_r)) * cos_alpha;

    // Combined slip.
    const double bxa = q[RBX1] * std::cos(std::atan(q[RBX2] * kappa));
    const double gxa = combined_weight(bxa, q[RCX1], alpha, q[RHX1]);
    const double byk = q[RBY1] * std::cos(std::atan(q[RBY2] * (alpha - q[RBY3])));
    const double gyk = combined_weight(byk, q[RCY1], kappa, q[RHY1]);
    const double svyk = dy * (q[RVY1] + q[RVY2] * dfz + q[RVY3] * gamma) * std::cos(std::atan(q[RVY4] * alpha)) *
                        std::sin(q[RVY5] * std::atan(q[RVY6] * kappa));

    Pacejka2002Force f;
    f.fx_n = gxa * fx_pure;
    f.fy_n = gyk * fy_pure + svyk;
    f.mz_nm = mzt + mzr;
    f.dfx_dslip_ratio = gxa * friction_factor * fx0.slope;
    f.dfy_dslip_angle_per_rad = gyk * friction_factor * fy0.slope;
    return f;
}

namespace {

// |D + SV| at zero camber: Fz (PD1 size + PD2 dfz) + Fz (PV1 + PV2 dfz), at the clamped load.
double peak_n(const Pacejka2002Coefficients& p, mf52::Index pd1, mf52::Index pd2, mf52::Index pv1, mf52::Index pv2,
              double fz_n, double friction_factor, double size_factor) {
    if (!(fz_n > 0.0) || !(p.nominal_load_n > 0.0)) return 0.0;
    const auto& q = p.c;
    const double fz = std::min(fz_n, kPacejka2002MaxLoad_n);
    const double dfz = (fz - p.nominal_load_n) / p.nominal_load_n;
    return std::abs(fz * (q[pd1] * size_factor + q[pd2] * dfz) + fz * (q[pv1] + q[pv2] * dfz)) * friction_factor;
}

}  // namespace

double pacejka2002_peak_fx_n(const Pacejka2002Coefficients& p, double fz_n, double friction_factor, double size_factor) {
    return peak_n(p, PDX1, PDX2, PVX1, PVX2, fz_n, friction_factor, size_factor);
}

double pacejka2002_peak_fy_n(const Pacejka2002Coefficients& p, double fz_n, double friction_factor, double size_factor) {
    return peak_n(p, PDY1, PDY2, PVY1, PVY2, fz_n, friction_factor, size_factor);
}

}  // namespace tractive
