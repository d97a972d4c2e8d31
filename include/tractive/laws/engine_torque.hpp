#pragma once
// Engine torque laws that do not depend on the running state.

#include "tractive/core/piecewise_linear.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

inline constexpr double kRadPerSecPerRpm = 3.14159265358979323846 / 30.0;

// Full-throttle torque from max power and the rpm of max power, Genta (1997), Motor Vehicle
// Dynamics, section 4.2.2, spark-ignition coefficients: P(w) = Pmax (x + x^2 - x^3), x = w / wp,
// so T(w) = P / w = (Pmax / wp) (1 + x - x^2). P peaks at x = 1 with value Pmax.
double genta_torque_nm(double max_power_w, double peak_power_rpm, double rpm);

// The Genta curve sampled every max(100, top / 500) rpm from 0 to top = max(rpm_limit,
// peak_power_rpm) (inclusive, the last step shorter if needed): at most about 500 points, so a
// huge rpm cannot exhaust memory. Empty when top is not a positive finite number. Linear interpolation between 100 rpm samples of this
// quadratic errs by at most (Pmax / wp) * (dx^2 / 8), under 0.01 % of peak torque at wp >= 1000 rpm.
PiecewiseLinear genta_torque_curve(double max_power_w, double peak_power_rpm, double rpm_limit);

struct CurvePeak {
    double value = 0.0;  // N m or W
    double rpm = 0.0;
};

// Highest torque of the curve at rpm in [first point, rpm_limit] (a vertex of the curve or the
// limit itself).
CurvePeak peak_torque(const PiecewiseLinear& torque_curve_nm, double rpm_limit);

// Highest power T(n) * n * pi / 30 over the same range. On each linear segment the power is a
// quadratic in rpm, so the peak is at a vertex, at the limit, or where its derivative vanishes.
CurvePeak peak_power(const PiecewiseLinear& torque_curve_nm, double rpm_limit);

// Friction torque magnitude at zero throttle (VDrift form, see EngineSpec::friction_torque_nm).
double engine_friction_torque_nm(const EngineSpec& engine, double rpm);

}  // namespace tractive
