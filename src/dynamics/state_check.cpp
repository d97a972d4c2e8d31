// Whether a step's result is a car's state: finite (state_is_finite), and within what no car
// reaches (state_is_plausible); what is wrong with it, said (state_implausibility). And whether
// step settings can step a car at all (validate_step_settings).
#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "tractive/dynamics/simulation.hpp"

namespace tractive {

namespace {

bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

}  // namespace

void validate_step_settings(const StepSettings& settings) {
    const auto refuse = [](const char* field, double value, const char* expected) {
        throw std::invalid_argument(fmt::format("step settings: {} {:g}: expected {}", field, value, expected));
    };
    if (!(settings.internal_step_s > 0.0 && settings.internal_step_s <= 0.1))
        refuse("internal_step_s", settings.internal_step_s, "a step in seconds in (0, 0.1]");
    if (settings.solver_iterations < 1 || settings.solver_iterations > 1000)
        refuse("solver_iterations", settings.solver_iterations, "1 to 1000 sweeps");
    if (settings.coupling_extra_iterations < 0 || settings.coupling_extra_iterations > 1000)
        refuse("coupling_extra_iterations", settings.coupling_extra_iterations, "0 to 1000 sweeps");
    if (settings.max_internal_steps_per_call < 1)
        refuse("max_internal_steps_per_call", settings.max_internal_steps_per_call, "at least 1 internal step a call");
}

bool state_is_finite(const VehicleState& s) {
    bool ok = finite(s.position_m) && finite(s.velocity_m_per_s) && finite(s.angular_velocity_rad_per_s) && std::isfinite(s.orientation.w) &&
              std::isfinite(s.orientation.x) && std::isfinite(s.orientation.y) && std::isfinite(s.orientation.z) &&
              std::isfinite(s.engine_speed_rad_per_s) && std::isfinite(s.gearbox_speed_rad_per_s);
    for (const WheelState& w : s.wheels) ok = ok && std::isfinite(w.spin_rad_per_s) && std::isfinite(w.travel_m);
    return ok;
}

bool state_is_plausible(const VehicleState& s) {
    // A comparison with a NaN is false, so each bound refuses a NaN or an infinity as well; the
    // squared lengths too (an infinite component makes an infinite square).
    constexpr double body_speed_squared = kPlausibleBodySpeed_m_per_s * kPlausibleBodySpeed_m_per_s;
    constexpr double body_turn_squared = kPlausibleBodyTurn_rad_per_s * kPlausibleBodyTurn_rad_per_s;
    bool ok = finite(s.position_m) && std::isfinite(s.orientation.w) && std::isfinite(s.orientation.x) && std::isfinite(s.orientation.y) &&
              std::isfinite(s.orientation.z) && dot(s.velocity_m_per_s, s.velocity_m_per_s) <= body_speed_squared &&
              dot(s.angular_velocity_rad_per_s, s.angular_velocity_rad_per_s) <= body_turn_squared &&
              std::abs(s.engine_speed_rad_per_s) <= kPlausibleShaftSpeed_rad_per_s &&
              std::abs(s.gearbox_speed_rad_per_s) <= kPlausibleShaftSpeed_rad_per_s;
    for (const WheelState& wheel : s.wheels)
        ok = ok && std::abs(wheel.spin_rad_per_s) <= kPlausibleShaftSpeed_rad_per_s && std::isfinite(wheel.travel_m);
    return ok;
}

std::string state_implausibility(const VehicleState& s) {
    if (!state_is_finite(s)) return "the state is not finite";
    const auto beyond = [](const std::string& what, double value, double bound, const char* unit) {
        return fmt::format("{} is {:.5g} {}, beyond the {:g} {} no car reaches", what, value, unit, bound, unit);
    };
    if (const double v = norm(s.velocity_m_per_s); !(v <= kPlausibleBodySpeed_m_per_s)) return beyond("the body's speed", v, kPlausibleBodySpeed_m_per_s, "m/s");
    if (const double w = norm(s.angular_velocity_rad_per_s); !(w <= kPlausibleBodyTurn_rad_per_s))
        return beyond("the body's rate of turn", w, kPlausibleBodyTurn_rad_per_s, "rad/s");
    if (!(std::abs(s.engine_speed_rad_per_s) <= kPlausibleShaftSpeed_rad_per_s))
        return beyond("the engine's speed", std::abs(s.engine_speed_rad_per_s), kPlausibleShaftSpeed_rad_per_s, "rad/s");
    if (!(std::abs(s.gearbox_speed_rad_per_s) <= kPlausibleShaftSpeed_rad_per_s))
        return beyond("the gearbox's speed", std::abs(s.gearbox_speed_rad_per_s), kPlausibleShaftSpeed_rad_per_s, "rad/s");
    for (std::size_t i = 0; i < 4; ++i) {
        const double spin = std::abs(s.wheels[i].spin_rad_per_s);
        if (!(spin <= kPlausibleShaftSpeed_rad_per_s))
            return beyond(fmt::format("wheel {}'s spin", kWheelNames[i]), spin, kPlausibleShaftSpeed_rad_per_s, "rad/s");
    }
    return "";
}

}  // namespace tractive
