#pragma once
// The steady-state Magic Formula's forces and aligning moment (laws/tyre_magic_formula.hpp),
// written once for a lane type T: one tyre (T = double, tyre_magic_formula.cpp) or four side by
// side (four doubles, tyre_lanes_avx2.cpp). Equation tags: 4.Exx Pacejka (2012) section
// 4.3.2; Axx Besselink et al. (2010); docs/tyres.md lists them all.
//
// The tyre comes through an accessor P: P::Value is T; c(k) the coefficient k (mf::Coefficient),
// mf61() the family (one for every lane), nominal_load_n(), unloaded_radius_m(),
// nominal_pressure_pa(), inflation_pressure_pa(), reference_speed_m_per_s() and
// lateral_stiffness_n_per_m(). Every branch of the one-tyre code on a
// coefficient or a value is a select, lane by lane, so each lane computes exactly what the tyre
// alone would, but for the transcendental functions' last bits; any() skips what no lane needs.
// Internal linkage on purpose (lane_math.hpp).

#include <numbers>

#include "lane_math.hpp"
#include "magic_formula.hpp"
#include "tractive/spec/magic_formula_tyre.hpp"

namespace tractive::detail {
namespace {

template <class T>
struct MagicFormulaInputOf {
    T slip_ratio, slip_angle_rad, inclination_rad, fz_n, friction_factor, pressure_pa;
};

template <class T>
struct MagicFormulaForcesOf {
    T fx_n, fy_n, mz_nm, dfx_dslip_ratio, dfy_dslip_angle_per_rad;
};

// What the tyre gives at a load, apart from its slip (at_load): the peaks of its pure-slip
// curves, its lateral relaxation length (0 where the file gives none) and its rolling moment
// (upright, no longitudinal force).
template <class T>
struct MagicFormulaAtLoadOf {
    T peak_fx_n, peak_fy_n, lateral_relaxation_length_m, rolling_moment_nm;
};

namespace mfl {

using namespace mf;
using lane::splat;

constexpr double kEps = 1e-6;  // epsilon_x, y, K, V

template <class T>
T sgn(T x) {
    return lane::select(x >= 0.0, splat<T>(1.0), splat<T>(-1.0));
}
template <class T>
T eps_like(T x) {
    return kEps * sgn(x);
}

// cos(atan(x)) = 1 / sqrt(1 + x^2), exactly (no atan, no cos: the law's hot spots).
template <class T>
T cos_atan(T x) {
    return 1.0 / lane::sqrt(1.0 + x * x);
}

// sin(C atan(num / den)), for the common C = 2 exactly 2 num den / (num^2 + den^2): one
// division, no atan and no sin, and 0 for den = 0 (PKY2 = 0), the limit sin(pi).
template <class T>
T sin_c_atan_ratio(T c, T num, T den) {
    const T norm2 = num * num + den * den;
    const T two = lane::select(norm2 > 0.0, 2.0 * num * den / norm2, splat<T>(0.0));
    if (!lane::any(c != 2.0)) return two;
    return lane::select(c != 2.0, lane::sin(c * lane::atan(num / den)), two);
}

// cos[C atan{B x - E (B x - atan(B x))}], the combined-slip weighting function: exactly 1 at
// x = 0 or C = 0 (real files' RHX1 = 0, RCX1 = 0), and with no inner atan when E = 0.
template <class T>
T cos_shape(T b, T c, T e, T x) {
    const T bx = b * x;
    const auto one = bx == 0.0 || c == 0.0;
    if (!lane::any(!one)) return splat<T>(1.0);
    const T shaped = lane::any(e != 0.0) ? lane::select(e == 0.0, bx, bx - e * (bx - lane::atan(bx))) : bx;
    T shape = cos_atan(shaped);
    if (lane::any(c != 1.0)) shape = lane::select(c == 1.0, shape, lane::cos(c * lane::atan(shaped)));
    return lane::select(one, splat<T>(1.0), shape);
}

// The quantities of one load, pressure and surface both directions use.
template <class T>
struct Basics {
    T fz, fz0p, dfz, dpi, lmux, lmuy;
};

template <class P, class T = typename P::Value>
Basics<T> basics(const P& t, T fz, T pressure_pa, T friction_factor) {
    Basics<T> b{};
    b.fz = fz;
    b.fz0p = t.c(LFZO) * t.nominal_load_n();  // 4.E1
    b.dfz = (fz - b.fz0p) / b.fz0p;           // 4.E2a
    const T p = lane::select(pressure_pa > 0.0, pressure_pa, t.inflation_pressure_pa());
    b.dpi = t.mf61() ? lane::select(t.nominal_pressure_pa() > 0.0, (p - t.nominal_pressure_pa()) / t.nominal_pressure_pa(),
                                    splat<T>(0.0))  // 4.E2b
                     : splat<T>(0.0);
    b.lmux = t.c(LMUX) * friction_factor;  // LMUX* = LMUX' with A_mu = 1 and no LMUV (MFeval / TNO)
    b.lmuy = t.c(LMUY) * friction_factor;
    return b;
}

// The friction coefficients and the camber-free vertical shifts, shared by the curves and their
// peaks. g is the inclination as the family uses it (MF 6.1: gamma; MF 5.2: gamma scaled by
// LGAX / LGAY); MF 5.2 has no pressure terms (dpi = 0 there).
template <class P, class T = typename P::Value>
T friction_x(const P& t, const Basics<T>& b, T g) {  // 4.E13
    return (t.c(PDX1) + t.c(PDX2) * b.dfz) * (1.0 + t.c(PPX3) * b.dpi + t.c(PPX4) * b.dpi * b.dpi) * (1.0 - t.c(PDX3) * g * g) * b.lmux;
}
template <class P, class T = typename P::Value>
T shift_vx(const P& t, const Basics<T>& b) {  // 4.E18
    return b.fz * (t.c(PVX1) + t.c(PVX2) * b.dfz) * t.c(LVX) * b.lmux;
}
template <class P, class T = typename P::Value>
T friction_y(const P& t, const Basics<T>& b, T g) {  // 4.E23
    return (t.c(PDY1) + t.c(PDY2) * b.dfz) * (1.0 + t.c(PPY3) * b.dpi + t.c(PPY4) * b.dpi * b.dpi) * (1.0 - t.c(PDY3) * g * g) * b.lmuy;
}
template <class P, class T = typename P::Value>
T shift_vy_camber_free(const P& t, const Basics<T>& b) {  // 4.E29's first term
    return b.fz * (t.c(PVY1) + t.c(PVY2) * b.dfz) * t.c(LVY) * b.lmuy;
}

template <class T>
struct Longitudinal {
    T fx0, slope, kxk, dx, svx;
};

// The longitudinal slip stiffness Kxk at this load, 4.E15 (MF 5.2: no pressure). (The exponent
// capped at 50, e^50 = 5e21: only a load a hundred times the nominal one with a large PKX3
// reaches it, where exp would overflow to infinity and the moment turn NaN.)
template <class P, class T = typename P::Value>
T slip_stiffness(const P& t, const Basics<T>& b) {
    const T dpi = b.dpi;
    return b.fz * (t.c(PKX1) + t.c(PKX2) * b.dfz) * lane::exp(lane::min(t.c(PKX3) * b.dfz, splat<T>(50.0))) *
           (1.0 + t.c(PPX1) * dpi + t.c(PPX2) * dpi * dpi) * t.c(LKX);
}

// Pure longitudinal force, 4.E9-4.E18 (MF 6.1) or MF 5.2's (gamma scaled by LGAX, no pressure),
// with the slip stiffness kxk (slip_stiffness).
template <class P, class T = typename P::Value>
Longitudinal<T> pure_fx(const P& t, const Basics<T>& b, T kappa, T gamma, T kxk) {
    const T g = t.mf61() ? gamma : gamma * t.c(LGAX);
    const T cx = t.c(PCX1) * t.c(LCX);                                                                // 4.E11
    const T dx = friction_x(t, b, g) * b.fz;                                                          // 4.E12, 4.E13
    const T cxdx = cx * dx;
    const T bx = kxk / (cxdx + eps_like(cxdx));                                                       // 4.E16
    const T shx = (t.c(PHX1) + t.c(PHX2) * b.dfz) * t.c(LHX);                                         // 4.E17
    const T svx = shift_vx(t, b);                                                                     // 4.E18
    const T kx = kappa + shx;                                                                         // 4.E10
    const T ex = lane::min(splat<T>(1.0), (t.c(PEX1) + t.c(PEX2) * b.dfz + t.c(PEX3) * b.dfz * b.dfz) *
                                              (1.0 - t.c(PEX4) * sgn(kx)) * t.c(LEX));               // 4.E14
    const PacejkaLanes<T> f = magic_formula_lanes<true>(bx, cx, dx, ex, kx);                          // 4.E9
    return {f.value + svx, f.slope, kxk, dx, svx};
}

// The cornering stiffness Kya at this load and inclination: MF 6.1's 4.E25 (g = gamma), MF 5.2's
// (g = gamma LGAY, no pressure).
template <class P, class T = typename P::Value>
T cornering_stiffness(const P& t, const Basics<T>& b, T gamma) {
    const T g = t.mf61() ? gamma : gamma * t.c(LGAY);
    if (t.mf61()) {
        return t.c(PKY1) * b.fz0p * (1.0 + t.c(PPY1) * b.dpi) * (1.0 - t.c(PKY3) * lane::abs(g)) *
               sin_c_atan_ratio(t.c(PKY4), b.fz, b.fz0p * (t.c(PKY2) + t.c(PKY5) * g * g) * (1.0 + t.c(PPY2) * b.dpi)) * t.c(LKY);  // 4.E25
    }
    return t.c(PKY1) * b.fz0p * sin_c_atan_ratio(splat<T>(2.0), b.fz, t.c(PKY2) * b.fz0p) * t.c(LKY) * (1.0 - t.c(PKY3) * lane::abs(g));
}

template <class T>
struct Lateral {
    T fy0, slope, kya, muy, by, cy, shy, svy, dy;
};

// Pure lateral force, 4.E19-4.E30 (MF 6.1) or MF 5.2's (with its slope when kWithSlope), with
// the cornering stiffness kya at this inclination (cornering_stiffness).
template <bool kWithSlope = true, class P, class T = typename P::Value>
Lateral<T> pure_fy(const P& t, const Basics<T>& b, T alpha, T gamma, T kya) {
    const T dpi = b.dpi;
    const T cy = t.c(PCY1) * t.c(LCY);                                                                // 4.E21
    Lateral<T> l{};
    l.cy = cy;
    T ey_camber = splat<T>(0.0), ey_sign_term = splat<T>(0.0);  // Ey's camber term and its sgn(alpha_y) factor
    if (t.mf61()) {
        const T g = gamma;
        l.kya = kya;                                                                                  // 4.E25
        const T svyg = b.fz * (t.c(PVY3) + t.c(PVY4) * b.dfz) * g * t.c(LKYC) * b.lmuy;             // 4.E28
        const T kyg0 = b.fz * (t.c(PKY6) + t.c(PKY7) * b.dfz) * (1.0 + t.c(PPY5) * dpi) * t.c(LKYC);  // 4.E30
        l.shy = (t.c(PHY1) + t.c(PHY2) * b.dfz) * t.c(LHY) + (kyg0 * g - svyg) / (l.kya + eps_like(l.kya));  // 4.E27
        l.svy = shift_vy_camber_free(t, b) + svyg;                                                    // 4.E29
        l.muy = friction_y(t, b, g);                                                                  // 4.E23
        ey_camber = t.c(PEY5) * g * g;
        ey_sign_term = t.c(PEY3) + t.c(PEY4) * g;
    } else {
        const T gy = gamma * t.c(LGAY);
        l.kya = kya;
        l.shy = (t.c(PHY1) + t.c(PHY2) * b.dfz) * t.c(LHY) + t.c(PHY3) * gy;
        l.svy = shift_vy_camber_free(t, b) + b.fz * (t.c(PVY3) + t.c(PVY4) * b.dfz) * gy * b.lmuy;
        l.muy = friction_y(t, b, gy);
        ey_sign_term = t.c(PEY3) + t.c(PEY4) * gy;
    }
    l.dy = l.muy * b.fz;                                                                              // 4.E22
    const T ay = alpha + l.shy;                                                                       // 4.E20
    const T ey = lane::min(splat<T>(1.0), (t.c(PEY1) + t.c(PEY2) * b.dfz) * (1.0 + ey_camber - ey_sign_term * sgn(ay)) * t.c(LEY));  // 4.E24
    const T cydy = cy * l.dy;
    l.by = l.kya / (cydy + eps_like(cydy));                                                           // 4.E26
    const PacejkaLanes<T> f = magic_formula_lanes<kWithSlope>(l.by, cy, l.dy, ey, ay);                // 4.E19
    l.fy0 = f.value + l.svy;
    l.slope = f.slope;
    return l;
}

// The forces, their slopes and the aligning moment at an input every lane of which is valid
// (a positive load, friction and nominal load: magic_formula_force gives 0 otherwise).
template <class P, class T = typename P::Value>
MagicFormulaForcesOf<T> forces(const P& t, const MagicFormulaInputOf<T>& in) {
    MagicFormulaForcesOf<T> out{};
    const bool mf61 = t.mf61();
    const Basics<T> b = basics(t, in.fz_n, in.pressure_pa, in.friction_factor);
    const T kappa = in.slip_ratio, alpha = in.slip_angle_rad, gamma = in.inclination_rad;
    const T r0 = t.unloaded_radius_m();

    // The aligning moment's pneumatic trail, 4.E31-4.E44, 4.E73 with A54, A55, A58, A60, is the
    // law's longest chain of transcendentals (tan, atan, atan, atan, cos) and needs only the slip
    // stiffnesses: it comes first, so that the processor overlaps it with the forces' chains.
    const T kxk = slip_stiffness(t, b);                                                               // 4.E15
    const T kya = cornering_stiffness(t, b, gamma);                                                   // 4.E25
    const T tan_alpha = lane::tan(alpha);
    const T gz = mf61 ? gamma : gamma * t.c(LGAZ);
    const T kyap = kya + eps_like(kya);                                                               // 4.E39
    const T alpha_t = alpha + t.c(QHZ1) + t.c(QHZ2) * b.dfz + (t.c(QHZ3) + t.c(QHZ4) * b.dfz) * gz;   // 4.E34, 4.E35
    const T bt = (t.c(QBZ1) + t.c(QBZ2) * b.dfz + t.c(QBZ3) * b.dfz * b.dfz) * (1.0 + t.c(QBZ4) * gz + t.c(QBZ5) * lane::abs(gz)) *
                 t.c(LKY) / b.lmuy;                                                                    // A58
    const T ct = t.c(QCZ1);                                                                           // 4.E41
    const T dpz = mf61 ? (1.0 - t.c(PPZ1) * b.dpi) : splat<T>(1.0);
    const T dt = (t.c(QDZ1) + t.c(QDZ2) * b.dfz) * dpz * (1.0 + t.c(QDZ3) * gz + t.c(QDZ4) * gz * gz) * b.fz * (r0 / b.fz0p) *
                 t.c(LTR);                                                                             // A60
    const T et_sign = t.c(QEZ4) + t.c(QEZ5) * gz;  // (no atan where it is 0)
    const T et_turn = lane::any(et_sign != 0.0)
                          ? lane::select(et_sign == 0.0, splat<T>(0.0), et_sign * (2.0 / std::numbers::pi) * lane::atan(bt * ct * alpha_t))
                          : splat<T>(0.0);
    const T et = lane::min(splat<T>(1.0), (t.c(QEZ1) + t.c(QEZ2) * b.dfz + t.c(QEZ3) * b.dfz * b.dfz) * (1.0 + et_turn));  // 4.E44
    T kk = lane::select(kappa == 0.0, splat<T>(0.0), kxk / kyap * kappa);  // (Kxk / Kya') kappa
    kk = lane::select(lane::is_nan(kk), splat<T>(0.0), kk);
    const auto equivalent = [&](T a, T tan_a) {  // A54, A55
        return lane::atan(lane::sqrt(tan_a * tan_a + kk * kk)) * sgn(a);
    };
    // (tan(alpha_t) is tan(alpha) again where the trail has no shift.)
    const auto unshifted = alpha_t == alpha;
    const T tan_alpha_t = lane::any(!unshifted) ? lane::select(unshifted, tan_alpha, lane::tan(alpha_t)) : tan_alpha;
    const T alpha_t_eq = equivalent(alpha_t, tan_alpha_t);
    const T bt_at = bt * alpha_t_eq;
    const T trail_shape = dt * lane::cos(ct * lane::atan(bt_at - et * (bt_at - lane::atan(bt_at))));  // 4.E73 but cos(alpha)

    // Pure slip.
    const Longitudinal<T> x = pure_fx(t, b, kappa, gamma, kxk);
    const Lateral<T> y = pure_fy(t, b, alpha, gamma, kya);

    // Combined longitudinal force, 4.E50-4.E57.
    const T g2 = mf61 ? gamma * gamma : splat<T>(0.0);
    const T exa = lane::min(splat<T>(1.0), t.c(REX1) + t.c(REX2) * b.dfz);
    const T bxa = (t.c(RBX1) + t.c(RBX3) * g2) * cos_atan(t.c(RBX2) * kappa) * t.c(LXAL);
    // (The reference weight at the shift alone is exactly 1 for a zero shift: no division then.)
    const T gxa_plain = cos_shape(bxa, t.c(RCX1), exa, alpha);
    const auto no_shift_x = t.c(RHX1) == 0.0;
    const T gxa = lane::any(!no_shift_x)
                      ? lane::select(no_shift_x, gxa_plain,
                                     cos_shape(bxa, t.c(RCX1), exa, alpha + t.c(RHX1)) / cos_shape(bxa, t.c(RCX1), exa, t.c(RHX1)))
                      : gxa_plain;
    out.fx_n = gxa * x.fx0;
    out.dfx_dslip_ratio = gxa * x.slope;

    // Combined lateral force, 4.E58-4.E67 (the camber in DVyk unscaled in MF 5.2 too).
    const T dvyk = y.muy * b.fz * (t.c(RVY1) + t.c(RVY2) * b.dfz + t.c(RVY3) * gamma) * cos_atan(t.c(RVY4) * alpha);
    // (No atan where the kappa-induced side force is 0: a file without RVY* terms.)
    const auto no_svyk = dvyk == 0.0 || t.c(RVY5) == 0.0;
    const T svyk = lane::any(!no_svyk)
                       ? lane::select(no_svyk, splat<T>(0.0), dvyk * lane::sin(t.c(RVY5) * lane::atan(t.c(RVY6) * kappa)) * t.c(LVYKA))
                       : splat<T>(0.0);
    const T shyk = t.c(RHY1) + t.c(RHY2) * b.dfz;
    const T eyk = lane::min(splat<T>(1.0), t.c(REY1) + t.c(REY2) * b.dfz);
    const T byk = (t.c(RBY1) + t.c(RBY4) * g2) * cos_atan(t.c(RBY2) * (alpha - t.c(RBY3))) * t.c(LYKA);
    const T gyk_plain = cos_shape(byk, t.c(RCY1), eyk, kappa);
    const auto no_shift_y = shyk == 0.0;
    const T gyk = lane::any(!no_shift_y)
                      ? lane::select(no_shift_y, gyk_plain, cos_shape(byk, t.c(RCY1), eyk, kappa + shyk) / cos_shape(byk, t.c(RCY1), eyk, shyk))
                      : gyk_plain;
    out.fy_n = gyk * y.fy0 + svyk;
    out.dfy_dslip_angle_per_rad = gyk * y.slope;

    // Aligning moment: the residual torque Mzr, 4.E45-4.E49, 4.E75, and the moment, 4.E71-4.E78 with A56.
    // (cos(alpha) here, off the chains above: its root and division would hold them up.)
    const T cos_alpha = 1.0 / lane::sqrt(1.0 + tan_alpha * tan_alpha);                               // cos(alpha), cos(alpha') at Vcx > 0
    T trail = trail_shape * cos_alpha;                                                                // 4.E73
    const T br = t.c(QBZ9) * t.c(LKY) / b.lmuy + t.c(QBZ10) * y.by * y.cy;                            // 4.E45
    T dr{};
    if (mf61) {
        dr = b.fz * r0 *
             ((t.c(QDZ6) + t.c(QDZ7) * b.dfz) * t.c(LRES) +
              ((t.c(QDZ8) + t.c(QDZ9) * b.dfz) * (1.0 + t.c(PPZ2) * b.dpi) + (t.c(QDZ10) + t.c(QDZ11) * b.dfz) * lane::abs(gamma)) * gamma *
                  t.c(LKZC)) *
             b.lmuy * cos_alpha;                                                                       // 4.E47
    } else {
        dr = b.fz * ((t.c(QDZ6) + t.c(QDZ7) * b.dfz) * t.c(LRES) + (t.c(QDZ8) + t.c(QDZ9) * b.dfz) * gz) * r0 * b.lmuy;
    }
    const T fy_per_nominal = lane::select(t.c(SSZ2) == 0.0, splat<T>(0.0), out.fy_n / t.nominal_load_n());  // (no division where unused)
    const T s = r0 * (t.c(SSZ1) + t.c(SSZ2) * fy_per_nominal + (t.c(SSZ3) + t.c(SSZ4) * b.dfz) * gamma) * t.c(LS);  // A56
    T mzr = splat<T>(0.0);
    if (lane::any(dr != 0.0)) {
        const T alpha_r = alpha + y.shy + y.svy / kyap;                                               // 4.E37, 4.E38
        mzr = lane::select(dr != 0.0, dr * cos_atan(br * equivalent(alpha_r, lane::tan(alpha_r))), splat<T>(0.0));  // 4.E75, Cr = 1
    }
    T fy_prime{};
    if (mf61) {
        trail *= t.c(LFZO);  // as TNO's solver does (MFeval)
        const auto upright = gamma == 0.0;
        T fy0_upright = y.fy0;  // 4.E74, Gyk at the actual camber (MFeval)
        if (lane::any(!upright)) {
            fy0_upright = lane::select(upright, y.fy0,
                                       pure_fy<false>(t, b, alpha, splat<T>(0.0), cornering_stiffness(t, b, splat<T>(0.0))).fy0);
        }
        fy_prime = gyk * fy0_upright;
    } else {
        mzr *= cos_alpha;
        fy_prime = out.fy_n - svyk;
    }
    out.mz_nm = -trail * fy_prime + mzr + s * out.fx_n;                                               // 4.E71, 4.E72
    return out;
}

// The rolling resistance moment My, A48 (MF 6.1) or MF 5.2's eq. 84, at the load fz, forward
// speed, inclination gamma (ISO), longitudinal force fx and pressure (the file's where 0).
template <class P, class T = typename P::Value>
T rolling_moment(const P& t, T fz, T speed_m_per_s, T gamma, T fx_n, T pressure_pa) {
    const T r0 = t.unloaded_radius_m(), fnom = t.nominal_load_n();
    const T v = speed_m_per_s / t.reference_speed_m_per_s();
    const T base = t.c(QSY1) + t.c(QSY2) * fx_n / fnom + t.c(QSY3) * lane::abs(v) + t.c(QSY4) * (v * v) * (v * v);
    if (!t.mf61()) return -r0 * fz * t.c(LMY) * base;  // MF 5.2 eq. 84
    const T fz_rel = fz / fnom;
    const T p = lane::select(pressure_pa > 0.0, pressure_pa, t.inflation_pressure_pa());
    const auto with_pressure = t.nominal_pressure_pa() > 0.0 && p > 0.0 && t.c(QSY8) != 0.0;
    T pressure_factor = splat<T>(1.0);
    if (lane::any(with_pressure)) pressure_factor = lane::select(with_pressure, lane::pow(p / t.nominal_pressure_pa(), t.c(QSY8)), pressure_factor);
    const auto linear = t.c(QSY7) == 1.0;
    T load_factor = fz_rel;
    if (lane::any(!linear)) load_factor = lane::select(linear, fz_rel, lane::pow(fz_rel, t.c(QSY7)));
    return -r0 * fnom * t.c(LMY) * (base + (t.c(QSY5) + t.c(QSY6) * fz_rel) * gamma * gamma) * load_factor * pressure_factor;  // A48
}

// The peaks of the pure-slip curves, |D| + |Sv| upright (4.E12, 4.E18; 4.E22, 4.E29), at the
// load and friction of b.
template <class P, class T = typename P::Value>
T peak_fx(const P& t, const Basics<T>& b) {
    return lane::abs(friction_x(t, b, splat<T>(0.0)) * b.fz) + lane::abs(shift_vx(t, b));
}
template <class P, class T = typename P::Value>
T peak_fy(const P& t, const Basics<T>& b) {
    return lane::abs(friction_y(t, b, splat<T>(0.0)) * b.fz) + lane::abs(shift_vy_camber_free(t, b));
}

// The lateral relaxation length at the load of b, upright: MF 5.2's PTY1 sin(2 atan(Fz / (PTY2
// Fz0'))) R0 LFZO LSGAL, or MF 6.1's |Kya| / C_Fy LSGAL (the carcass' lateral stiffness); 0
// where the file gives neither.
template <class P, class T = typename P::Value>
T lateral_relaxation_length(const P& t, const Basics<T>& b) {
    const auto mf52 = t.c(PTY1) > 0.0;
    const auto mf61 = t.lateral_stiffness_n_per_m() > 0.0;
    T sigma = splat<T>(0.0);
    if (lane::any(!mf52 && mf61))
        sigma = lane::select(mf61, lane::abs(cornering_stiffness(t, b, splat<T>(0.0))) / t.lateral_stiffness_n_per_m() * t.c(LSGAL), sigma);
    if (lane::any(mf52))
        sigma = lane::select(mf52, t.c(PTY1) * sin_c_atan_ratio(splat<T>(2.0), b.fz, t.c(PTY2) * b.fz0p) * t.unloaded_radius_m() * t.c(LFZO) * t.c(LSGAL),
                             sigma);
    return sigma;
}

// The quantities of MagicFormulaAtLoadOf at a load and forward speed where every lane is valid
// (a positive load, friction and nominal load), at the file's pressure.
template <class P, class T = typename P::Value>
MagicFormulaAtLoadOf<T> at_load(const P& t, T fz, T friction_factor, T speed_m_per_s) {
    const Basics<T> b = basics(t, fz, splat<T>(0.0), friction_factor);
    MagicFormulaAtLoadOf<T> out{};
    out.peak_fx_n = peak_fx(t, b);
    out.peak_fy_n = peak_fy(t, b);
    out.lateral_relaxation_length_m = lateral_relaxation_length(t, b);
    out.rolling_moment_nm = rolling_moment(t, fz, lane::abs(speed_m_per_s), splat<T>(0.0), splat<T>(0.0), splat<T>(0.0));
    return out;
}

}  // namespace mfl
}  // namespace
}  // namespace tractive::detail
