#include "tractive/analysis/tyre_curves.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "tractive/laws/tyre.hpp"

namespace tractive {

TyrePointForces evaluate_tyre(const TyreSpec& tyre, const TyreOperatingPoint& point, TyreSide side) {
    TyreSlip slip;
    slip.slip_ratio = point.slip_ratio;
    slip.slip_angle_rad = point.slip_angle_rad;
    slip.inclination_rad = -point.camber_rad;  // ISO's > 0 leaning right; the laws' > 0 leaning left
    slip.forward_speed_m_per_s = point.speed_m_per_s;
    slip.slip_denominator_m_per_s = std::max(std::abs(point.speed_m_per_s), 1.0);
    const double size_factor = tyre_size_friction_factor(tyre);
    if (side == TyreSide::Right && tyre_mirrored_on_right(tyre)) {
        slip.slip_angle_rad = -slip.slip_angle_rad;
        slip.inclination_rad = -slip.inclination_rad;
        const TyreForce f = tyre_force(tyre, slip, point.fz_n, 1.0, size_factor);
        return {f.fx_n, -f.fy_n, -f.mz_nm};
    }
    const TyreForce f = tyre_force(tyre, slip, point.fz_n, 1.0, size_factor);
    return {f.fx_n, f.fy_n, f.mz_nm};
}

namespace {

// The maximum of g over [lo, hi]: a grid of n points, then golden-section refinement in the cell
// around the best grid point. Returns {argmax, max}.
template <class F>
std::pair<double, double> maximise(F g, double lo, double hi, int n) {
    double best_x = lo, best = g(lo);
    const double dx = (hi - lo) / n;
    for (int i = 1; i <= n; ++i) {
        const double x = lo + dx * i;
        const double v = g(x);
        if (v > best) {
            best = v;
            best_x = x;
        }
    }
    double a = std::max(lo, best_x - dx), b = std::min(hi, best_x + dx);
    const double r = (std::sqrt(5.0) - 1.0) / 2.0;
    for (int it = 0; it < 60 && b - a > 1e-12; ++it) {
        const double x1 = b - r * (b - a), x2 = a + r * (b - a);
        if (g(x1) > g(x2)) {
            b = x2;
        } else {
            a = x1;
        }
    }
    const double x = 0.5 * (a + b);
    const double v = g(x);
    return v > best ? std::pair{x, v} : std::pair{best_x, best};
}

}  // namespace

TyreLoadSummary summarize_tyre_at_load(const TyreSpec& tyre, double fz_n, TyreSide side) {
    TyreLoadSummary s;
    s.fz_n = fz_n;
    if (!(fz_n > 0.0)) return s;
    const auto fx = [&](double kappa) { return evaluate_tyre(tyre, {fz_n, kappa, 0.0, 0.0}, side).fx_n; };
    const auto fy = [&](double alpha) { return evaluate_tyre(tyre, {fz_n, 0.0, alpha, 0.0}, side).fy_n; };
    const auto [kappa_peak, fx_peak] = maximise([&](double k) { return std::abs(fx(k)); }, 0.0, 1.0, 2000);
    const double deg = std::numbers::pi / 180.0;
    const auto [alpha_peak, fy_peak] = maximise([&](double a) { return std::abs(fy(a)); }, 0.0, 30.0 * deg, 3000);
    s.peak_mu_x = fx_peak / fz_n;
    s.slip_ratio_at_peak = kappa_peak;
    s.peak_mu_y = fy_peak / fz_n;
    s.slip_angle_at_peak_rad = alpha_peak;
    constexpr double kDelta = 1e-5;
    s.slip_stiffness_n = (fx(kDelta) - fx(-kDelta)) / (2.0 * kDelta);
    s.cornering_stiffness_n_per_rad = -(fy(kDelta) - fy(-kDelta)) / (2.0 * kDelta);
    const double sigma = tyre_lateral_relaxation_length_m(tyre, fz_n, tyre.radius_m);
    s.lateral_relaxation_length_m = sigma > 0.0 ? sigma : std::numeric_limits<double>::quiet_NaN();
    return s;
}

namespace {

// -limit..limit by `step`, by fine_step within `fine` of zero (fine a whole number of steps).
std::vector<double> graded_grid(double limit, double step, double fine, double fine_step) {
    std::vector<double> v;
    const long coarse = std::lround((limit - fine) / step), dense = std::lround(fine / fine_step);
    for (long i = coarse; i > 0; --i) v.push_back(-fine - step * static_cast<double>(i));
    for (long i = -dense; i <= dense; ++i) v.push_back(fine_step * static_cast<double>(i));
    for (long i = 1; i <= coarse; ++i) v.push_back(fine + step * static_cast<double>(i));
    return v;
}

}  // namespace

std::vector<double> tyre_plot_slip_ratios() { return graded_grid(1.0, 0.005, 0.01, 0.0005); }
std::vector<double> tyre_plot_slip_angles_deg() { return graded_grid(20.0, 0.1, 0.5, 0.01); }

std::vector<double> default_tyre_loads_n(double nominal_load_n) {
    const double n = nominal_load_n > 0.0 ? nominal_load_n : 4000.0;
    return {0.5 * n, n, 1.5 * n};
}

TyreForceDifference tyre_force_difference(const TyreSpec& a, const TyreSpec& b, double fz_n, TyreSide side) {
    constexpr double kRadPerDeg = std::numbers::pi / 180.0;
    double fx_peak = 0.0, fy_peak = 0.0, mz_peak = 0.0, dfx = 0.0, dfy = 0.0, dmz = 0.0;
    for (int i = -60; i <= 60; ++i) {
        const TyreOperatingPoint p{fz_n, i * 0.005, 0.0, 0.0};
        const double fa = evaluate_tyre(a, p, side).fx_n;
        fx_peak = std::max(fx_peak, std::abs(fa));
        dfx = std::max(dfx, std::abs(evaluate_tyre(b, p, side).fx_n - fa));
    }
    for (int i = -120; i <= 120; ++i) {
        const TyreOperatingPoint p{fz_n, 0.0, i * 0.1 * kRadPerDeg, 0.0};
        const TyrePointForces fa = evaluate_tyre(a, p, side);
        const TyrePointForces fb = evaluate_tyre(b, p, side);
        fy_peak = std::max(fy_peak, std::abs(fa.fy_n));
        dfy = std::max(dfy, std::abs(fb.fy_n - fa.fy_n));
        mz_peak = std::max(mz_peak, std::abs(fa.mz_nm));
        dmz = std::max(dmz, std::abs(fb.mz_nm - fa.mz_nm));
    }
    const auto fraction = [](double d, double peak) { return peak > 0.0 ? d / peak : 0.0; };
    return {fraction(dfx, fx_peak), fraction(dfy, fy_peak), fraction(dmz, mz_peak)};
}

}  // namespace tractive
