#pragma once
// VDrift's Pacejka 2002 / Magic Formula 5.2 subset (.tiren; equations in
// laws/tyre_pacejka2002.hpp) written once for a lane type T, as tyre_pacejka_lanes.hpp does the
// Pacejka '89: one tyre (T = double, tyre_pacejka2002.cpp) or four side by side
// (tyre_lanes_avx2.cpp). The coefficients come through an accessor P: P::Value is T; c(k) (the
// mf52 index k) and nominal_load_n(). Every branch is a select, lane by lane. Internal linkage on
// purpose (lane_math.hpp).

#include "lane_math.hpp"
#include "magic_formula.hpp"
#include "tractive/laws/tyre_pacejka2002.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive::detail {
namespace {
namespace p2002 {

using lane::splat;

template <class T>
struct Force {
    T fx_n, fy_n, mz_nm, dfx_dslip_ratio, dfy_dslip_angle_per_rad;
};

// sgn(x) = copysign(1, x): sgn(0) = +1 (and -1 at -0), as VDrift.
template <class T>
T sgn(T x) {
    return lane::copysign(splat<T>(1.0), x);
}

// B from K / (C D); no stiffness where C D vanishes (a degenerate fit), never a division by 0
// taken.
template <class T>
T stiffness_factor(T k, T c, T d) {
    const T cd = c * d;
    return lane::select(cd != 0.0, k / cd, splat<T>(0.0));
}

// cos(C atan(B (x + SH))) / cos(C atan(B SH)): the combined-slip weight; 1 for a degenerate
// reference.
template <class T>
T combined_weight(T b, T c, T x, T sh) {
    const T reference = lane::cos(c * lane::atan(b * sh));
    return lane::select(reference == 0.0, splat<T>(1.0), lane::cos(c * lane::atan(b * (x + sh))) / reference);
}

// The forces, their slopes and the aligning moment in VDrift's wheel axes (x right, y forward;
// tyre.cpp maps them to ours). Nothing where fz_n friction_factor < 1e-6 N or the nominal load is
// not positive.
template <class P, class T = typename P::Value>
Force<T> force(const P& p, T kappa, T alpha, T gamma, T fz_n, T friction_factor, T size_factor) {
    using namespace mf52;
    const auto none = !(fz_n * friction_factor >= 1e-6) || !(p.nominal_load_n() > 0.0);
    const T fz = lane::min(fz_n, splat<T>(kPacejka2002MaxLoad_n));
    const T fz0 = p.nominal_load_n();
    const T dfz = (fz - fz0) / fz0;

    // Pure longitudinal slip.
    const T shx = p.c(PHX1) + p.c(PHX2) * dfz;
    const T svx = fz * (p.c(PVX1) + p.c(PVX2) * dfz);
    const T x = kappa + shx;
    const T kx = fz * (p.c(PKX1) + p.c(PKX2) * dfz) * lane::exp(-p.c(PKX3) * dfz);
    const T ex = (p.c(PEX1) + p.c(PEX2) * dfz + p.c(PEX3) * dfz * dfz) * (1.0 - p.c(PEX4) * sgn(x));
    const T dx = fz * (p.c(PDX1) * size_factor + p.c(PDX2) * dfz);
    const T cx = p.c(PCX1);
    const PacejkaLanes<T> fx0 = magic_formula_lanes<true>(stiffness_factor(kx, cx, dx), cx, dx, ex, x);

    // Pure lateral slip.
    const T shy = p.c(PHY1) + p.c(PHY2) * dfz + p.c(PHY3) * gamma;
    const T svy = fz * (p.c(PVY1) + p.c(PVY2) * dfz + (p.c(PVY3) + p.c(PVY4) * dfz) * gamma);
    const T y = alpha + shy;
    const T ky = p.c(PKY1) * fz0 * lane::sin(2.0 * lane::atan(fz / (p.c(PKY2) * fz0))) * (1.0 - p.c(PKY3) * lane::abs(gamma));
    const T ey = (p.c(PEY1) + p.c(PEY2) * dfz) * (1.0 - (p.c(PEY3) + p.c(PEY4) * gamma) * sgn(y));
    const T dy = fz * (p.c(PDY1) * size_factor + p.c(PDY2) * dfz) * (1.0 - p.c(PDY3) * gamma * gamma);
    const T cy = p.c(PCY1);
    const T by = stiffness_factor(ky, cy, dy);
    const PacejkaLanes<T> fy0 = magic_formula_lanes<true>(by, cy, dy, ey, y);
    const T fx_pure = friction_factor * (fx0.value + svx);
    const T fy_pure = friction_factor * (fy0.value + svy);

    // Aligning moment: trail (Mzt) and residual (Mzr), pure slip.
    const T cos_alpha = lane::cos(alpha);
    const T sht = p.c(QHZ1) + p.c(QHZ2) * dfz + (p.c(QHZ3) + p.c(QHZ4) * dfz) * gamma;
    const T alpha_t = alpha + sht;
    const T bt = (p.c(QBZ1) + p.c(QBZ2) * dfz + p.c(QBZ3) * dfz * dfz) * (1.0 + p.c(QBZ4) * gamma + p.c(QBZ5) * lane::abs(gamma));
    const T ct = p.c(QCZ1);
    const T dt = fz * (p.c(QDZ1) + p.c(QDZ2) * dfz) * (1.0 + p.c(QDZ3) * gamma + p.c(QDZ4) * gamma * gamma) *
                 kPacejka2002MomentRadius_m / fz0;
    const T et = (p.c(QEZ1) + p.c(QEZ2) * dfz + p.c(QEZ3) * dfz * dfz) *
                 (1.0 + (p.c(QEZ4) + p.c(QEZ5) * gamma) * lane::atan(bt * ct * alpha_t));
    const T bta = bt * alpha_t;
    const T mzt = -fy_pure * dt * lane::cos(ct * lane::atan(bta - et * (bta - lane::atan(bta)))) * cos_alpha;
    const T shf = shy + lane::select(ky != 0.0, svy / ky, splat<T>(0.0));
    const T alpha_r = alpha + shf;
    const T br = p.c(QBZ10) * by * cy;
    const T dr = fz * (p.c(QDZ6) + p.c(QDZ7) * dfz + (p.c(QDZ8) + p.c(QDZ9) * dfz) * gamma) * kPacejka2002MomentRadius_m;
    const T mzr = friction_factor * dr * lane::cos(lane::atan(br * alpha_r)) * cos_alpha;

    // Combined slip.
    const T bxa = p.c(RBX1) * lane::cos(lane::atan(p.c(RBX2) * kappa));
    const T gxa = combined_weight(bxa, p.c(RCX1), alpha, p.c(RHX1));
    const T byk = p.c(RBY1) * lane::cos(lane::atan(p.c(RBY2) * (alpha - p.c(RBY3))));
    const T gyk = combined_weight(byk, p.c(RCY1), kappa, p.c(RHY1));
    const T svyk = dy * (p.c(RVY1) + p.c(RVY2) * dfz + p.c(RVY3) * gamma) * lane::cos(lane::atan(p.c(RVY4) * alpha)) *
                   lane::sin(p.c(RVY5) * lane::atan(p.c(RVY6) * kappa));

    const T zero = splat<T>(0.0);
    return {lane::select(none, zero, gxa * fx_pure), lane::select(none, zero, gyk * fy_pure + svyk),
            lane::select(none, zero, mzt + mzr), lane::select(none, zero, gxa * friction_factor * fx0.slope),
            lane::select(none, zero, gyk * friction_factor * fy0.slope)};
}

// One tyre's coefficients as the accessor (T = double).
struct OnePacejka2002 {
    using Value = double;
    const Pacejka2002Coefficients& p;
    double c(mf52::Index k) const { return p.c[k]; }
    double nominal_load_n() const { return p.nominal_load_n; }
};

}  // namespace p2002
}  // namespace
}  // namespace tractive::detail
