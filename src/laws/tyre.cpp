// Tyre force laws in ISO wheel axes (laws/tyre.hpp): Pacejka '89 (VDrift/Genta layout,
// laws/tyre_pacejka.hpp), UC-win/Road friction curves (seed 001 VI), VDrift's Pacejka 2002 and
// brush tyres, and the .tir Magic Formula (laws/tyre_magic_formula.hpp).

#include "tractive/laws/tyre.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "tractive/laws/rolling_resistance.hpp"
#include "tractive/laws/tyre_brush.hpp"
#include "tractive/laws/tyre_magic_formula.hpp"
#include "tractive/laws/tyre_pacejka.hpp"
#include "tractive/laws/tyre_pacejka2002.hpp"
#include "tyre_pacejka_lanes.hpp"

namespace tractive {

namespace {


// VDrift's contact-patch friction estimate (cardynamics size scaling, ComputeFrictionFactor):
//   wt = (1.03 - 0.4 ar) w            tread width (m)
//   cf = 0.28 sqrt(2 wt r)            carcass factor
//   kz = 9.81 (1e5 pt cf + 3450)      vertical stiffness (N/m), pt in bar
//   dz = fz / kz                      deflection (m)
//   a  = 0.3 (dz + 2.25 sqrt(r dz))   contact half length (m)
//   p  = fz / (2 a wt)                contact pressure (Pa)
//   mu = 100 p^(-1/3)
double vdrift_patch_mu(double radius_m, double width_m, double aspect_ratio, double pressure_bar, double load_n) {
    const double wt = (1.03 - 0.4 * aspect_ratio) * width_m;
    const double cf = 0.28 * std::sqrt(2.0 * wt * radius_m);
    const double kz = 9.81 * (1e5 * pressure_bar * cf + 3450.0);
    const double dz = load_n / kz;
    const double a = 0.3 * (dz + 2.25 * std::sqrt(radius_m * dz));
    const double p = load_n / (2.0 * a * wt);
    return 100.0 * std::cbrt(1.0 / p);
}

bool finite_slip(const TyreSlip& s) {
    return std::isfinite(s.slip_ratio) && std::isfinite(s.slip_angle_rad) && std::isfinite(s.inclination_rad);
}

TyreForce pacejka_force(const TyreSpec& tyre, const TyreSlip& slip, double fz_n, double friction_factor, double size_factor) {
    const detail::p89::Force<double> v = detail::p89::force(detail::p89::OnePacejka89{tyre.pacejka}, slip.slip_ratio, slip.slip_angle_rad,
                                                            slip.inclination_rad, fz_n, friction_factor, size_factor);
    return {v.fx_n, v.fy_n, v.mz_nm, v.dfx_dslip_ratio, v.dfy_dslip_angle_per_rad};
}

// VDrift's Pacejka 2002 works in its own wheel axes (x right, y forward): alpha_v = -alpha and
// the lateral force to the right; its coefficients are fitted in adapted ISO axes (y left), so
// VDrift evaluates the mirror image of the fitted tyre and reads Fy as pointing right. Mapped
// back to ours, Fy = -Fy_v; the moment of the mirrored tyre is negated back too, so that it
// aligns (turns the wheel towards its velocity) as the fitted tyre's does. Camber has the same
// sign in both (> 0 leaning left).
TyreForce pacejka2002_tyre_force(const TyreSpec& tyre, const TyreSlip& slip, double fz_n, double friction_factor,
                                 double size_factor) {
    const Pacejka2002Force v = pacejka2002_force(tyre.pacejka2002, slip.slip_ratio, -slip.slip_angle_rad,
                                                 slip.inclination_rad, fz_n, friction_factor, size_factor);
    TyreForce f;
    f.fx_n = v.fx_n;
    f.fy_n = -v.fy_n;
    f.mz_nm = -v.mz_nm;
    f.dfx_dslip_ratio = v.dfx_dslip_ratio;
    f.dfy_dslip_angle_per_rad = v.dfy_dslip_angle_per_rad;  // d(-Fy_v(-alpha))/d alpha
    return f;
}

// VDrift's brush tyre from the velocities the slips were formed with (TyreSlip): omega r = v_x +
// kappa D, v_right = -D tan(alpha); Fy to the right negated to ours. Its Mz comes out with the
// sign of the Pacejka 2002's in VDrift's axes (VDrift uses both only for the steering's feel):
// negated, so that it aligns the wheel with its path. Its slopes by central differences (the
// model has no closed form for them).
BrushForce brush_at(const TyreSpec& tyre, double slip_ratio, double slip_angle_rad, const TyreSlip& slip, double fz_n,
                    double friction_factor) {
    const double d = slip.slip_denominator_m_per_s;
    BrushVelocities v;
    v.forward_m_per_s = slip.forward_speed_m_per_s;
    v.rolling_m_per_s = slip.forward_speed_m_per_s + slip_ratio * d;
    v.right_m_per_s = -d * std::tan(slip_angle_rad);
    return brush_force(tyre.brush, tyre.radius_m, tyre.width_m, tyre.aspect_ratio, fz_n, v,
                       std::sin(slip.inclination_rad), friction_factor);
}

// A .tir Magic Formula tyre: its equations are in ISO-W axes, ours but for the inclination's sign
// (ours > 0 with the wheel's top leaning left, +y; ISO's > 0 leaning right).
TyreForce magic_formula_tyre_force(const TyreSpec& tyre, const TyreSlip& slip, double fz_n, double friction_factor) {
    MagicFormulaInput in;
    in.slip_ratio = slip.slip_ratio;
    in.slip_angle_rad = slip.slip_angle_rad;
    in.inclination_rad = -slip.inclination_rad;
    in.fz_n = fz_n;
    in.speed_m_per_s = std::abs(slip.forward_speed_m_per_s);
    in.friction_factor = friction_factor;
    in.with_moments = false;  // the rolling resistance comes through tyre_rolling_resistance_coefficient
    const MagicFormulaForces m = magic_formula_force(tyre.magic_formula, in);
    TyreForce f;
    f.fx_n = m.fx_n;
    f.fy_n = m.fy_n;
    f.mz_nm = m.mz_nm;
    f.dfx_dslip_ratio = m.dfx_dslip_ratio;
    f.dfy_dslip_angle_per_rad = m.dfy_dslip_angle_per_rad;
    return f;
}

TyreForce brush_tyre_force(const TyreSpec& tyre, const TyreSlip& slip, double fz_n, double friction_factor) {
    constexpr double kSlipStep = 1e-4;   // central differences: slip ratio
    constexpr double kAngleStep = 1e-4;  // and slip angle (rad)
    const BrushForce b = brush_at(tyre, slip.slip_ratio, slip.slip_angle_rad, slip, fz_n, friction_factor);
    TyreForce f;
    f.fx_n = b.fx_n;
    f.fy_n = -b.fy_n;
    f.mz_nm = -b.mz_nm;
    const BrushForce x_up = brush_at(tyre, slip.slip_ratio + kSlipStep, slip.slip_angle_rad, slip, fz_n, friction_factor);
    const BrushForce x_down = brush_at(tyre, slip.slip_ratio - kSlipStep, slip.slip_angle_rad, slip, fz_n, friction_factor);
    const BrushForce y_up = brush_at(tyre, slip.slip_ratio, slip.slip_angle_rad + kAngleStep, slip, fz_n, friction_factor);
    const BrushForce y_down = brush_at(tyre, slip.slip_ratio, slip.slip_angle_rad - kAngleStep, slip, fz_n, friction_factor);
    f.dfx_dslip_ratio = (x_up.fx_n - x_down.fx_n) / (2.0 * kSlipStep);
    f.dfy_dslip_angle_per_rad = -(y_up.fy_n - y_down.fy_n) / (2.0 * kAngleStep);
    return f;
}

double largest_abs(const PiecewiseLinear& curve) {
    double m = 0.0;
    for (const double y : curve.ys()) m = std::max(m, std::abs(y));
    return m;
}

// UC-win/Road: mu_x(kappa) and mu_y(tan alpha) from the curves, F = mu Fz friction_factor. The lateral
// curve is odd and positive for positive lateral slip (e.g. [0.1, 0.85]); the force opposes the
// slide, so fy = -mu_y Fz friction_factor. No aligning moment (UC-win/Road gives none).
// Combined slip (our choice; the seed gives no rule): a friction circle. If |(fx, fy)| exceeds the
// larger curve peak times Fz friction_factor, both components are scaled down to it, keeping the
// direction of the force.
TyreForce friction_curve_force(const TyreSpec& tyre, const TyreSlip& slip, double fz_n, double friction_factor) {
    const FrictionCurves& curves = tyre.friction_curves;
    const double load = fz_n * friction_factor;
    const double tan_alpha = std::tan(slip.slip_angle_rad);
    TyreForce f;
    f.fx_n = curves.longitudinal(slip.slip_ratio) * load;
    f.fy_n = -curves.lateral(tan_alpha) * load;
    // d(tan alpha)/d alpha = 1 + tan^2 alpha.
    f.dfx_dslip_ratio = curves.longitudinal.slope(slip.slip_ratio) * load;
    f.dfy_dslip_angle_per_rad = -curves.lateral.slope(tan_alpha) * (1.0 + tan_alpha * tan_alpha) * load;
    const double limit = std::max(largest_abs(curves.longitudinal), largest_abs(curves.lateral)) * load;
    const double magnitude = std::hypot(f.fx_n, f.fy_n);
    if (magnitude > limit) {
        // On the circle the force no longer grows with slip: the slopes of the scaled force are
        // taken as the scaled slopes (the direction's change is neglected).
        const double k = limit / magnitude;
        f.fx_n *= k;
        f.fy_n *= k;
        f.dfx_dslip_ratio *= k;
        f.dfy_dslip_angle_per_rad *= k;
    }
    return f;
}

}  // namespace

TyreForce tyre_force(const TyreSpec& tyre, const TyreSlip& slip, double fz_n, double friction_factor) {
    return tyre_force(tyre, slip, fz_n, friction_factor, tyre_size_friction_factor(tyre));
}

TyreForce tyre_force(const TyreSpec& tyre, const TyreSlip& slip, double fz_n, double friction_factor, double size_factor) {
    // No load, no friction (friction_factor <= 0), or anything not finite: no force (never NaN).
    if (!(fz_n > 0.0) || !std::isfinite(fz_n) || !(friction_factor > 0.0) || !std::isfinite(friction_factor) ||
        !finite_slip(slip))
        return {};
    switch (tyre.model) {
        case TyreModel::Pacejka89: return pacejka_force(tyre, slip, fz_n, friction_factor, size_factor);
        case TyreModel::FrictionCurve: return friction_curve_force(tyre, slip, fz_n, friction_factor);
        case TyreModel::Pacejka2002: return pacejka2002_tyre_force(tyre, slip, fz_n, friction_factor, size_factor);
        case TyreModel::Brush: return brush_tyre_force(tyre, slip, fz_n, friction_factor);
        case TyreModel::MagicFormula: return magic_formula_tyre_force(tyre, slip, fz_n, friction_factor);
    }
    return {};
}

bool tyre_mirrored_on_right(const TyreSpec& tyre) {
    // A .tir file describes a left-hand tyre (TYDEX; the loader warns for TYRESIDE 'RIGHT').
    return tyre.model == TyreModel::Pacejka89 || tyre.model == TyreModel::FrictionCurve ||
           tyre.model == TyreModel::MagicFormula;
}

double tyre_lateral_relaxation_length_m(const TyreSpec& tyre, double fz_n, double wheel_radius_m) {
    if (tyre.model == TyreModel::MagicFormula) {
        const double sigma = magic_formula_lateral_relaxation_length_m(tyre.magic_formula, fz_n);
        if (sigma > 0.0) return sigma;
    }
    return wheel_radius_m;
}

double tyre_rolling_resistance_coefficient(const TyreSpec& tyre, double fz_n, double speed_m_per_s) {
    if (tyre.model != TyreModel::MagicFormula) return rolling_resistance_coefficient(tyre.rolling_resistance, speed_m_per_s);
    // My / (-R0 Fz) of the .tir's QSY terms, with no longitudinal force and no camber (the QSY2 Fx
    // term, a few per cent of My under hard braking, and MF 6.1's QSY5, QSY6 camber terms, under
    // 1 % at a few degrees, are left out).
    MagicFormulaInput in;
    in.fz_n = fz_n;
    in.speed_m_per_s = std::abs(speed_m_per_s);
    const MagicFormulaTyre& mf = tyre.magic_formula;
    if (!(fz_n > 0.0) || !(mf.unloaded_radius_m > 0.0)) return 0.0;
    const double my = magic_formula_rolling_moment_nm(mf, in, 0.0);
    return std::max(0.0, -my / (mf.unloaded_radius_m * fz_n));
}

TyrePeak tyre_peak_force(const TyreSpec& tyre, double fz_n, double friction_factor) {
    return tyre_peak_force(tyre, fz_n, friction_factor, tyre_size_friction_factor(tyre));
}

TyrePeak tyre_peak_force(const TyreSpec& tyre, double fz_n, double friction_factor, double size_factor) {
    if (!(fz_n > 0.0) || !std::isfinite(fz_n) || !(friction_factor > 0.0) || !std::isfinite(friction_factor)) return {};
    TyrePeak peak;
    if (tyre.model == TyreModel::Pacejka2002) {
        peak.fx_n = pacejka2002_peak_fx_n(tyre.pacejka2002, fz_n, friction_factor, size_factor);
        peak.fy_n = pacejka2002_peak_fy_n(tyre.pacejka2002, fz_n, friction_factor, size_factor);
    } else if (tyre.model == TyreModel::Brush) {
        const BrushPeak b = brush_peak_force(tyre.brush, tyre.radius_m, tyre.width_m, tyre.aspect_ratio, fz_n, friction_factor);
        peak.fx_n = b.fx_n;
        peak.fy_n = b.fy_n;
    } else if (tyre.model == TyreModel::MagicFormula) {
        peak.fx_n = magic_formula_peak_fx_n(tyre.magic_formula, fz_n, friction_factor);
        peak.fy_n = magic_formula_peak_fy_n(tyre.magic_formula, fz_n, friction_factor);
    } else if (tyre.model == TyreModel::Pacejka89) {
        // |D| of each formula (Sv ignored), with VDrift's load clamp and the size-scaled a2, b2
        // (scaled as pacejka_fx_n and pacejka_fy_n scale them).
        const PacejkaCoefficients& p = tyre.pacejka;
        const double fz = std::min(fz_n / 1000.0, detail::p89::kMaxLoadKn);
        peak.fx_n = std::abs((p.b[1] * fz + p.b[2] * size_factor) * fz * friction_factor);
        peak.fy_n = std::abs((p.a[1] * fz + p.a[2] * size_factor) * fz * friction_factor);
    } else {
        const double load = fz_n * friction_factor;
        peak.fx_n = largest_abs(tyre.friction_curves.longitudinal) * load;
        peak.fy_n = largest_abs(tyre.friction_curves.lateral) * load;
    }
    return peak;
}

double tyre_size_friction_factor(const TyreSpec& tyre) {
    // VDrift scales a2 and b2 by mu(this tyre's r, w, ar at the reference PT0, FZ0) /
    // mu(R0, W0, AR0, PT0, FZ0); only when the tyre file gives the reference and the size is known.
    if (!tyre.size_reference) return 1.0;
    const TyreSizeReference& ref = *tyre.size_reference;
    if (!(tyre.width_m > 0.0 && tyre.aspect_ratio > 0.0 && tyre.radius_m > 0.0)) return 1.0;
    if (!(ref.radius_m > 0.0 && ref.width_m > 0.0 && ref.aspect_ratio > 0.0 && ref.pressure_bar > 0.0 &&
          ref.load_n > 0.0))
        return 1.0;
    const double mu_this =
        vdrift_patch_mu(tyre.radius_m, tyre.width_m, tyre.aspect_ratio, ref.pressure_bar, ref.load_n);
    const double mu_ref = vdrift_patch_mu(ref.radius_m, ref.width_m, ref.aspect_ratio, ref.pressure_bar, ref.load_n);
    const double factor = mu_this / mu_ref;
    return std::isfinite(factor) && factor > 0.0 ? factor : 1.0;
}

double tyre_stiction_weight(double speed) {
    if (speed <= kTyreStictionFull_m_per_s) return 1.0;
    if (speed >= kTyreStictionNone_m_per_s) return 0.0;
    return (kTyreStictionNone_m_per_s - speed) / (kTyreStictionNone_m_per_s - kTyreStictionFull_m_per_s);
}

}  // namespace tractive
