#include "tractive/driver/speed_controller.hpp"

#include <algorithm>
#include <cmath>

#include "tractive/driver/driver_vehicle_figures.hpp"
#include "tractive/dynamics/simulation.hpp"

namespace tractive {

namespace {

// x moved towards target by at most max_step.
double move_towards(double x, double target, double max_step) {
    return x + std::clamp(target - x, -max_step, max_step);
}

constexpr double kStandstillSpeed_m_per_s = 1.0;

}  // namespace

PedalCommand hold_speed(double target_speed_m_per_s, const VehicleModel& model, const VehicleState& state,
                        double dt_s, SpeedControllerState& c, const SpeedControllerGains& g) {
    const double dt = std::isfinite(dt_s) && dt_s > 0.0 ? dt_s : 0.0;
    const double target = std::isfinite(target_speed_m_per_s) ? std::max(target_speed_m_per_s, 0.0) : 0.0;
    const double v = forward_speed_m_per_s(state);
    const double slope = slope_deceleration_m_per_s2(model, state);
    if (!c.initialised) {
        c = SpeedControllerState{};
        c.initialised = true;
        c.reference_speed_m_per_s = std::max(v, 0.0);
        c.slope_m_per_s2 = slope;
    }

    // 1. Reference ramp and its acceleration.
    const double previous_reference = c.reference_speed_m_per_s;
    const double gap = target - previous_reference;
    const double approach = g.reference_time_s > 0.0 ? (1.0 - std::exp(-dt / g.reference_time_s)) * gap : gap;
    c.reference_speed_m_per_s += std::clamp(approach, -g.decelerate_rate_m_per_s2 * dt, g.accelerate_rate_m_per_s2 * dt);
    const double reference_acceleration = dt > 0.0 ? (c.reference_speed_m_per_s - previous_reference) / dt : 0.0;
    if (dt > 0.0 && g.slope_filter_time_s > 0.0) {
        c.slope_m_per_s2 += (1.0 - std::exp(-dt / g.slope_filter_time_s)) * (slope - c.slope_m_per_s2);
    } else if (dt > 0.0) {
        c.slope_m_per_s2 = slope;
    }

    // 2. Acceleration demand.
    const double error = c.reference_speed_m_per_s - v;
    double acceleration = reference_acceleration + g.proportional_per_s * error + c.integral_m_per_s2;
    const bool decel_limited = acceleration < -g.max_deceleration_m_per_s2;
    acceleration = std::max(acceleration, -g.max_deceleration_m_per_s2);

    // 3. Force demand.
    const DriverVehicleFigures figures = driver_vehicle_figures(model.spec);
    const double mass = current_mass_kg(model, state);
    const double inertial_mass = effective_mass_kg(model, figures, state);
    const double force = inertial_mass * acceleration + running_resistance_n(model, state, v) + mass * c.slope_m_per_s2;

    // 4. Pedal demands with hysteresis between throttle and brake.
    const DriveForceRange engine = drive_force_range(model, figures, state);
    const double band_n = mass * g.pedal_switch_band_m_per_s2;
    if (c.braking) {
        if (force > engine.zero_throttle_n) c.braking = false;
    } else if (force < engine.zero_throttle_n - band_n) {
        c.braking = true;
    }
    const bool holding_stop = target == 0.0 && c.reference_speed_m_per_s == 0.0 && v < kStandstillSpeed_m_per_s;
    if (holding_stop) c.braking = true;
    double throttle_demand = 0.0;
    double brake_demand = 0.0;
    if (c.braking) {
        if (figures.full_brake_force_n > 0.0) {
            brake_demand = std::clamp((engine.zero_throttle_n - force) / figures.full_brake_force_n, 0.0, 1.0);
        }
        if (holding_stop) brake_demand = std::max(brake_demand, std::clamp(g.standstill_brake, 0.0, 1.0));
    } else {
        const double span = engine.full_throttle_n - engine.zero_throttle_n;
        if (span > 0.0) throttle_demand = std::clamp((force - engine.zero_throttle_n) / span, 0.0, 1.0);
    }

    // Conditional integration: not while the pedal acting on the error is at its stop, nor far
    // from the reference.
    const bool pushing_at_stop = error > 0.0 && !c.braking && throttle_demand >= 1.0;
    const bool braking_at_stop = error < 0.0 && (decel_limited || (c.braking && brake_demand >= 1.0));
    if (dt > 0.0 && std::abs(error) < g.integral_window_m_per_s && !pushing_at_stop && !braking_at_stop && !holding_stop) {
        c.integral_m_per_s2 = std::clamp(c.integral_m_per_s2 + g.integral_per_s2 * error * dt,
                                         -g.integral_limit_m_per_s2, g.integral_limit_m_per_s2);
    }

    // 5. The foot: rate limited, one pedal at a time.
    const double pedal_step = g.pedal_rate_per_s * dt;
    if (c.braking) {
        c.throttle = move_towards(c.throttle, 0.0, pedal_step);
        c.brake = c.throttle > 0.0 ? 0.0 : move_towards(c.brake, brake_demand, pedal_step);
    } else {
        c.brake = move_towards(c.brake, 0.0, pedal_step);
        c.throttle = c.brake > 0.0 ? 0.0 : move_towards(c.throttle, throttle_demand, pedal_step);
    }
    return {c.throttle, c.brake};
}

}  // namespace tractive
