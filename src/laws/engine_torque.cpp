#include "tractive/laws/engine_torque.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tractive {

double genta_torque_nm(double max_power_w, double peak_power_rpm, double rpm) {
    const double x = rpm / peak_power_rpm;
    const double wp = peak_power_rpm * kRadPerSecPerRpm;
    return max_power_w / wp * (1.0 + x - x * x);
}

PiecewiseLinear genta_torque_curve(double max_power_w, double peak_power_rpm, double rpm_limit) {
    // 100 rpm steps, or top / 500 for a top above 50,000 rpm: at most about 500 points
    // whatever the inputs (loaders refuse such rpm anyway; this bounds specs built in code).
    constexpr double kMinStepRpm = 100.0;
    constexpr double kMaxSteps = 500.0;
    const double top = std::max(rpm_limit, peak_power_rpm);
    const double step = std::max(kMinStepRpm, top / kMaxSteps);
    std::vector<double> xs;
    std::vector<double> ys;
    if (!std::isfinite(top) || top <= 0.0) return {};
    for (int i = 0; static_cast<double>(i) * step < top; ++i) {
        const double rpm = static_cast<double>(i) * step;
        xs.push_back(rpm);
        ys.push_back(genta_torque_nm(max_power_w, peak_power_rpm, rpm));
    }
    xs.push_back(top);
    ys.push_back(genta_torque_nm(max_power_w, peak_power_rpm, top));
    return {std::move(xs), std::move(ys)};
}

namespace {

// Candidate rpm values where a peak of torque or power over [lo, hi] can sit.
std::vector<double> vertex_candidates(const PiecewiseLinear& curve, double lo, double hi) {
    std::vector<double> out{lo, hi};
    for (double x : curve.xs()) {
        if (x > lo && x < hi) out.push_back(x);
    }
    return out;
}

}  // namespace

CurvePeak peak_torque(const PiecewiseLinear& curve, double rpm_limit) {
    CurvePeak best;
    if (curve.empty()) return best;
    const double lo = curve.xs().front();
    const double hi = std::max(lo, rpm_limit);
    for (double n : vertex_candidates(curve, lo, hi)) {
        const double t = curve(n);
        if (t > best.value || best.rpm == 0.0) best = {t, n};
    }
    return best;
}

CurvePeak peak_power(const PiecewiseLinear& curve, double rpm_limit) {
    CurvePeak best;
    if (curve.empty()) return best;
    const double lo = curve.xs().front();
    const double hi = std::max(lo, rpm_limit);
    auto consider = [&](double n) {
        const double p = curve(n) * n * kRadPerSecPerRpm;
        if (p > best.value) best = {p, n};
    };
    for (double n : vertex_candidates(curve, lo, hi)) consider(n);
    // Interior maxima: on a segment T = a + b n, P ~ a n + b n^2 peaks at n = -a / (2 b) if b < 0.
    const auto xs = curve.xs();
    const auto ys = curve.ys();
    for (std::size_t i = 1; i < xs.size(); ++i) {
        const double b = (ys[i] - ys[i - 1]) / (xs[i] - xs[i - 1]);
        const double a = ys[i - 1] - b * xs[i - 1];
        if (b < 0.0) {
            const double n = -a / (2.0 * b);
            if (n > xs[i - 1] && n < xs[i] && n >= lo && n <= hi) consider(n);
        }
    }
    // Beyond the last point the torque is held constant, so power rises up to the limit: the
    // limit itself is among the candidates.
    return best;
}

double engine_friction_torque_nm(const EngineSpec& engine, double rpm) {
    const double r = std::abs(rpm) / 1000.0;
    const auto& f = engine.friction_torque_nm;
    return f[0] + f[1] * r + f[2] * r * r;
}

}  // namespace tractive
