// The steady-state Magic Formula of .tir files (laws/tyre_magic_formula.hpp). Equation tags:
// 4.Exx Pacejka (2012) section 4.3.2; Axx Besselink et al. (2010); docs/tyres.md lists them all.

#include "tractive/laws/tyre_magic_formula.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "tyre_magic_formula_lanes.hpp"

namespace tractive {

namespace {

using namespace mf;
using detail::mfl::Basics;
using detail::mfl::basics;

// One tyre as tyre_magic_formula_lanes.hpp's accessor (T = double).
struct OneTyre {
    using Value = double;
    const MagicFormulaTyre& t;
    double c(Coefficient k) const { return t.c[k]; }
    bool mf61() const { return t.family == MagicFormulaFamily::Mf61; }
    double nominal_load_n() const { return t.nominal_load_n; }
    double unloaded_radius_m() const { return t.unloaded_radius_m; }
    double nominal_pressure_pa() const { return t.nominal_pressure_pa; }
    double inflation_pressure_pa() const { return t.inflation_pressure_pa; }
    double reference_speed_m_per_s() const { return t.reference_speed_m_per_s; }
    double lateral_stiffness_n_per_m() const { return t.lateral_stiffness_n_per_m; }
};

}  // namespace

MagicFormulaForces magic_formula_force(const MagicFormulaTyre& t, const MagicFormulaInput& in) {
    MagicFormulaForces out;
    if (!(in.fz_n > 0.0) || !(in.friction_factor > 0.0) || !(t.nominal_load_n > 0.0)) return out;
    const double gamma = in.inclination_rad;
    const detail::MagicFormulaForcesOf<double> f = detail::mfl::forces(
        OneTyre{t}, detail::MagicFormulaInputOf<double>{in.slip_ratio, in.slip_angle_rad, gamma, in.fz_n, in.friction_factor, in.pressure_pa});
    out.fx_n = f.fx_n;
    out.fy_n = f.fy_n;
    out.mz_nm = f.mz_nm;
    out.dfx_dslip_ratio = f.dfx_dslip_ratio;
    out.dfy_dslip_angle_per_rad = f.dfy_dslip_angle_per_rad;

    // Overturning couple and rolling resistance (when asked for: the step takes neither here).
    if (!in.with_moments) return out;
    const auto& c = t.c;
    const bool mf61 = t.family == MagicFormulaFamily::Mf61;
    const double r0 = t.unloaded_radius_m;
    const Basics<double> b = basics(OneTyre{t}, in.fz_n, in.pressure_pa, in.friction_factor);
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
    return detail::mfl::rolling_moment(OneTyre{t}, in.fz_n, in.speed_m_per_s, in.inclination_rad, fx_n, in.pressure_pa);
}

double magic_formula_peak_fx_n(const MagicFormulaTyre& t, double fz_n, double friction_factor) {
    if (!(fz_n > 0.0) || !(friction_factor > 0.0) || !(t.nominal_load_n > 0.0)) return 0.0;
    return detail::mfl::peak_fx(OneTyre{t}, basics(OneTyre{t}, fz_n, 0.0, friction_factor));
}

double magic_formula_peak_fy_n(const MagicFormulaTyre& t, double fz_n, double friction_factor) {
    if (!(fz_n > 0.0) || !(friction_factor > 0.0) || !(t.nominal_load_n > 0.0)) return 0.0;
    return detail::mfl::peak_fy(OneTyre{t}, basics(OneTyre{t}, fz_n, 0.0, friction_factor));
}

double magic_formula_lateral_relaxation_length_m(const MagicFormulaTyre& t, double fz_n) {
    if (!(fz_n > 0.0) || !(t.nominal_load_n > 0.0)) return 0.0;
    return detail::mfl::lateral_relaxation_length(OneTyre{t}, basics(OneTyre{t}, fz_n, 0.0, 1.0));
}

}  // namespace tractive
