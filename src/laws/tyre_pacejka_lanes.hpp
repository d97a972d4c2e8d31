#pragma once
// VDrift's Pacejka '89 tyre (laws/tyre_pacejka.hpp, tyre.cpp's pacejka_force) written once for a
// lane type T, as tyre_magic_formula_lanes.hpp does the .tir law: one tyre (T = double,
// tyre_pacejka.cpp and tyre.cpp) or four side by side (tyre_lanes_avx2.cpp). The
// coefficients come through an accessor P: P::Value is T; a(k), b(k), c(k), gx1(), gx2(), gy1(),
// gy2(). Every branch is a select, lane by lane. Internal linkage on purpose (lane_math.hpp).
// Units as VDrift's: Fz in kN, slip in percent, angles in degrees.

#include <numbers>

#include "lane_math.hpp"
#include "magic_formula.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive::detail {
namespace {
namespace p89 {

using lane::splat;

inline constexpr double kDegPerRad = 180.0 / std::numbers::pi;
inline constexpr double kMaxLoadKn = 30.0;  // VDrift clamps the load to 30 kN

// Load in kN as the formulas use it; 0 when there is no load (or it is not a number).
template <class T>
T usable_load_kn(T fz_kn) {
    return lane::select(fz_kn > 0.0, lane::min(fz_kn, splat<T>(kMaxLoadKn)), splat<T>(0.0));
}

// D = friction_factor D_fit and B = BCD / (C D) into the formula's shape (magic_formula.hpp);
// 0 when C D is 0 or not finite (the limit of the formula as D -> 0).
template <bool kWithSlope, class T>
PacejkaLanes<T> shape(T c, T d_fit, T bcd, T e, T s, T friction_factor) {
    const T d = friction_factor * d_fit;
    const T cd = c * d;
    const auto none = cd == 0.0 || !lane::is_finite(cd);
    const PacejkaLanes<T> f = magic_formula_lanes<kWithSlope>(bcd / cd, c, d, e, s);
    return {lane::select(none, splat<T>(0.0), f.value), lane::select(none, splat<T>(0.0), f.slope)};
}

// Fx = D sin(C atan(B S - E (B S - atan(B S)))), S = slip % + Sh (no Sv, as VDrift).
template <class P, class T = typename P::Value>
PacejkaLanes<T> fx(const P& p, T slip_percent, T fz_kn, T friction_factor, T size_factor) {
    const T fz = usable_load_kn(fz_kn);
    const T c = p.b(0);
    const T d = (p.b(1) * fz + p.b(2) * size_factor) * fz;
    const T bcd = (p.b(3) * fz + p.b(4)) * fz * lane::exp(-p.b(5) * fz);
    const T e = (p.b(6) * fz + p.b(7)) * fz + p.b(8);
    const T sh = p.b(9) * fz + p.b(10);
    const PacejkaLanes<T> f = shape<true>(c, d, bcd, e, slip_percent + sh, friction_factor);
    const auto none = fz == 0.0;
    return {lane::select(none, splat<T>(0.0), f.value), lane::select(none, splat<T>(0.0), f.slope)};
}

// Fy with VDrift's vertical shift (not scaled by friction_factor: it is not D).
template <class P, class T = typename P::Value>
PacejkaLanes<T> fy(const P& p, T alpha_deg, T fz_kn, T gamma_deg, T friction_factor, T size_factor) {
    const T fz = usable_load_kn(fz_kn);
    const T c = p.a(0);
    const T d = (p.a(1) * fz + p.a(2) * size_factor) * fz;
    // sin(2 atan(u)) = 2 u / (1 + u^2) = 2 / (u + 1 / u), u = Fz / a4 (> 0 load): one division
    // instead of an atan and a sin. The last form cannot overflow; a4 = 0 (u infinite) gives 0,
    // the limit (sin(2 atan(inf)) = sin(pi)).
    const T u = fz / p.a(4);
    const T bcd = p.a(3) * (2.0 / (u + 1.0 / u)) * (1.0 - p.a(5) * lane::abs(gamma_deg));
    const T e = p.a(6) * fz + p.a(7);
    const T sh = p.a(8) * gamma_deg + p.a(9) * fz + p.a(10);
    const T sv = ((p.a(11) * fz + p.a(12)) * gamma_deg + p.a(13)) * fz + p.a(14);
    const PacejkaLanes<T> f = shape<true>(c, d, bcd, e, alpha_deg + sh, friction_factor);
    const auto none = fz == 0.0;
    return {lane::select(none, splat<T>(0.0), f.value + sv), lane::select(none, splat<T>(0.0), f.slope)};
}

// Mz, the aligning moment (N m).
template <class P, class T = typename P::Value>
T mz_nm(const P& p, T alpha_deg, T fz_kn, T gamma_deg, T friction_factor) {
    const T fz = usable_load_kn(fz_kn);
    const T abs_gamma = lane::abs(gamma_deg);
    const T c0 = p.c(0);
    const T d = (p.c(1) * fz + p.c(2)) * fz;
    const T bcd = (p.c(3) * fz + p.c(4)) * fz * (1.0 - p.c(6) * abs_gamma) * lane::exp(-p.c(5) * fz);
    const T e = ((p.c(7) * fz + p.c(8)) * fz + p.c(9)) * (1.0 - p.c(10) * abs_gamma);
    const T sh = p.c(11) * gamma_deg + p.c(12) * fz + p.c(13);
    const T sv = (p.c(14) * fz + p.c(15)) * fz * gamma_deg + p.c(16) * fz + p.c(17);
    const T m = shape<false>(c0, d, bcd, e, alpha_deg + sh, friction_factor).value + sv;
    return lane::select(fz == 0.0, splat<T>(0.0), m);
}

template <class T>
struct Weights {
    T gx, gy;
};

// The combined-slip weights (tyre_pacejka.hpp's pacejka_combined_weights).
template <class P, class T = typename P::Value>
Weights<T> combined_weights(const P& p, T slip_ratio, T alpha_rad) {
    // cos(atan(.)) weights of VDrift's cartire1: Gx = 1 / sqrt(1 + (Bx alpha)^2),
    // Bx = gx1 / sqrt(1 + (gx2 kappa)^2); Gy = 1 / sqrt(1 + (By kappa)^2), By = gy1 / sqrt(1 + (gy2 alpha)^2).
    // sqrt(1 + x^2) rather than std::hypot(1, x) (much slower): an x large enough for x^2 to
    // overflow gives an infinite root, hence a zero B or weight, the limit hypot gives too.
    // Written as one division and one root per weight, Gx = sqrt((1 + a) / (1 + a + (gx1
    // alpha)^2)) with a = (gx2 kappa)^2 (and Gy likewise), which halves the chain of dependent
    // roots and divisions; the nested form is kept for squares too large for that (inf / inf).
    const T a = (p.gx2() * slip_ratio) * (p.gx2() * slip_ratio);
    const T b = (p.gy2() * alpha_rad) * (p.gy2() * alpha_rad);
    const T ga = (p.gx1() * alpha_rad) * (p.gx1() * alpha_rad);
    const T gb = (p.gy1() * slip_ratio) * (p.gy1() * slip_ratio);
    Weights<T> w{lane::sqrt((1.0 + a) / (1.0 + a + ga)), lane::sqrt((1.0 + b) / (1.0 + b + gb))};
    const auto short_form = a + ga < 1e300 && b + gb < 1e300;
    if (lane::any(!short_form)) {
        const auto one_hypot = [](T x) { return lane::sqrt(1.0 + x * x); };
        const T bx = p.gx1() / one_hypot(p.gx2() * slip_ratio);
        const T by = p.gy1() / one_hypot(p.gy2() * alpha_rad);
        w.gx = lane::select(short_form, w.gx, 1.0 / one_hypot(bx * alpha_rad));
        w.gy = lane::select(short_form, w.gy, 1.0 / one_hypot(by * slip_ratio));
    }
    return w;
}

template <class T>
struct Force {
    T fx_n, fy_n, mz_nm, dfx_dslip_ratio, dfy_dslip_angle_per_rad;
};

// The tyre's forces in our axes (tyre.cpp's pacejka_force): VDrift's Fy and Mz are > 0 for
// alpha > 0; ours alpha > 0 (patch sliding left) needs a force to the right and turns the wheel
// left, hence the minus signs. The size factor scales a2 and b2, as VDrift does.
template <class P, class T = typename P::Value>
Force<T> force(const P& p, T slip_ratio, T slip_angle_rad, T inclination_rad, T fz_n, T friction_factor, T size_factor) {
    const T fz_kn = fz_n / 1000.0;
    const T slip_percent = 100.0 * slip_ratio;
    const T alpha_deg = slip_angle_rad * kDegPerRad;
    const T gamma_deg = inclination_rad * kDegPerRad;
    const Weights<T> g = combined_weights(p, lane::abs(slip_ratio), lane::abs(slip_angle_rad));
    const PacejkaLanes<T> x = fx(p, slip_percent, fz_kn, friction_factor, size_factor);
    const PacejkaLanes<T> y = fy(p, alpha_deg, fz_kn, gamma_deg, friction_factor, size_factor);
    Force<T> f;
    f.fx_n = g.gx * x.value;
    f.fy_n = -g.gy * y.value;
    f.mz_nm = -mz_nm(p, alpha_deg, fz_kn, gamma_deg, friction_factor);
    f.dfx_dslip_ratio = g.gx * x.slope * 100.0;              // S in percent
    f.dfy_dslip_angle_per_rad = -g.gy * y.slope * kDegPerRad;  // S in degrees
    return f;
}

// One tyre's coefficients as the accessor (T = double).
struct OnePacejka89 {
    using Value = double;
    const PacejkaCoefficients& p;
    double a(std::size_t k) const { return p.a[k]; }
    double b(std::size_t k) const { return p.b[k]; }
    double c(std::size_t k) const { return p.c[k]; }
    double gx1() const { return p.gx1; }
    double gx2() const { return p.gx2; }
    double gy1() const { return p.gy1; }
    double gy2() const { return p.gy2; }
};

}  // namespace p89
}  // namespace
}  // namespace tractive::detail
