#include "tractive/control/gear_choice.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/laws/engine.hpp"
#include "tractive/laws/engine_torque.hpp"

namespace tractive {

double gearbox_output_speed_rad_per_s(const VehicleModel& model, const VehicleState& state) {
    double w = 0.0;
    for (int i = 0; i < 4; ++i) w += model.wheels[i].drive_coefficient * state.wheels[i].spin_rad_per_s;
    return w;
}

double gear_choice_output_speed_rad_per_s(const VehicleModel& model, const VehicleState& state, double max_slip) {
    double undriven_sum = 0.0, slowest = 0.0;
    int undriven = 0;
    for (int i = 0; i < 4; ++i) {
        const double rolling = state.wheels[i].spin_rad_per_s * model.wheels[i].radius_m;  // m/s
        if (model.wheels[i].drive_coefficient == 0.0) {
            undriven_sum += rolling;
            ++undriven;
        }
        if (i == 0 || std::abs(rolling) < std::abs(slowest)) slowest = rolling;
    }
    const double road = undriven > 0 ? undriven_sum / undriven : slowest;
    double road_output = 0.0;
    for (int i = 0; i < 4; ++i) road_output += model.wheels[i].drive_coefficient * road / model.wheels[i].radius_m;
    const double driven = gearbox_output_speed_rad_per_s(model, state);
    const double limit = std::abs(road_output) * (1.0 + std::max(max_slip, 0.0));
    return std::abs(driven) <= limit ? driven : std::copysign(limit, driven);
}

double lowest_drive_rpm(const EngineSpec& engine) { return 1.25 * engine.start_rpm; }

double automatic_upshift_rpm(const EngineSpec& engine) { return kAutomaticUpshiftShareOfLimit * engine.rpm_limit; }

int choose_automatic_gear(const VehicleModel& model, double gearbox_output_speed_rad_per_s, double throttle,
                          int current_gear) {
    const TransmissionSpec& t = model.spec.transmission;
    const EngineSpec& e = model.spec.engine;
    const int n = static_cast<int>(t.forward_ratios.size());
    const double w_out = std::abs(gearbox_output_speed_rad_per_s);
    const double low_rpm = lowest_drive_rpm(e);
    // Upper end of the range: the upshift speed for the current gear and any higher one, and
    // 5 % below it for a lower gear (a downshift must not land where it would have to shift
    // straight back up: the speed band that matches the 5 % torque band of the hysteresis).
    const double up_rpm = automatic_upshift_rpm(e);
    const double down_rpm = kDownshiftBandShare * up_rpm;
    // Full-load wheel torque of gear g, 0 when g is out of range; the final drive and the
    // efficiency are common to all gears and left out. Each gear's once, kept on the stack for
    // the first kCachedGears (validation allows 20; a gearbox with more, only from a model built
    // by hand, has the rest computed where needed): the control step allocates nothing.
    const auto torque_of = [&](int g) {
        const double rpm = t.forward_ratios[g - 1] * w_out / kRadPerSecPerRpm;
        const bool lower_than_current = current_gear >= 1 && g < current_gear;
        if (rpm < low_rpm || rpm > (lower_than_current ? down_rpm : up_rpm)) return 0.0;
        return full_load_torque_nm(e, rpm) * t.forward_ratios[g - 1];
    };
    // (No initialiser: the first min(n, kCachedGears) are set, with the largest, in one pass.)
    constexpr int kCachedGears = 20;
    std::array<double, kCachedGears + 1> cached;
    const auto wheel_torque = [&](int g) { return g <= kCachedGears ? cached[static_cast<std::size_t>(g)] : torque_of(g); };
    // A gear's torque is at most the curve's bound times its ratio (the factor for the product's
    // rounding). Where that is below the throttle's share of the current gear's torque (which is at
    // most the demand below, the share of the largest), the gear can give neither the largest
    // torque nor one the demand asks for: its curve is not read, its torque taken as 0.
    const double share = std::clamp(throttle, 0.0, 1.0);
    const bool current_cached = current_gear >= 1 && current_gear <= std::min(n, kCachedGears);
    const double current_torque = current_cached ? torque_of(current_gear) : 0.0;
    const double needed = share * current_torque;
    const auto cannot_count = [&](int g) {
        return model.full_load_torque_bound_nm * t.forward_ratios[g - 1] * (1.0 + 1e-12) < needed;
    };
    double best = 0.0;
    for (int g = 1; g <= n; ++g) {
        const double torque = g == current_gear && current_cached ? current_torque : (cannot_count(g) ? 0.0 : torque_of(g));
        if (g <= kCachedGears) cached[static_cast<std::size_t>(g)] = torque;
        best = std::max(best, torque);
    }
    if (!(best > 0.0)) {
        const double first_rpm = t.forward_ratios[0] * w_out / kRadPerSecPerRpm;
        return first_rpm < low_rpm ? 1 : n;
    }
    const double demand = share * best;
    int choice = 0;
    for (int g = n; g >= 1; --g) {
        const double w = wheel_torque(g);
        if (w > 0.0 && w >= demand) {
            choice = g;
            break;
        }
    }
    if (current_gear >= 1 && current_gear <= n && choice < current_gear) {
        const double w = wheel_torque(current_gear);
        if (w > 0.0 && w >= 0.95 * demand) return current_gear;
    }
    return choice;
}

bool automatic_gear_in_range(const VehicleModel& model, double gearbox_output_speed_rad_per_s, int gear) {
    const TransmissionSpec& t = model.spec.transmission;
    if (gear < 1 || gear > static_cast<int>(t.forward_ratios.size())) return false;
    const double rpm = t.forward_ratios[gear - 1] * std::abs(gearbox_output_speed_rad_per_s) / kRadPerSecPerRpm;
    return rpm >= lowest_drive_rpm(model.spec.engine) && rpm <= automatic_upshift_rpm(model.spec.engine);
}

namespace {
constexpr double kRoadLoadMinSpeed_m_per_s = 5.0;
}  // namespace

double road_load_sample_n(const VehicleModel& model, const VehicleState& state) {
    const double v = forward_speed_m_per_s(state);
    if (!(v > kRoadLoadMinSpeed_m_per_s)) return std::numeric_limits<double>::quiet_NaN();
    const Mat3 rot = to_matrix(state.orientation);
    const double a_x = dot(state.acceleration_m_per_s2, Vec3{rot.m[0][0], rot.m[1][0], rot.m[2][0]});
    const double f_now = state.driveline.gearbox_torque_nm * state.gearbox_speed_rad_per_s / v;
    return f_now - current_mass_kg(model, state) * a_x;
}

bool upshift_would_lose_speed(const VehicleModel& model, const VehicleState& state, int next_gear, double throttle,
                              double road_load_n) {
    const double v = forward_speed_m_per_s(state);
    if (!(v > kRoadLoadMinSpeed_m_per_s) || !std::isfinite(road_load_n)) return false;
    const double w_next = gearbox_ratio(model.spec.transmission, next_gear) * gearbox_output_speed_rad_per_s(model, state);
    const double rpm_next = std::abs(w_next) / kRadPerSecPerRpm;
    const EngineSpec& e = model.spec.engine;
    const double effective = std::max(std::clamp(throttle, 0.0, 1.0), governor_throttle(e, rpm_next, model.governor_authority));
    const EngineTorque t = engine_torque(e, rpm_next, effective, true);
    // The gearbox passes its input torque less its loss, (1 - efficiency) |T| (the step's gearbox
    // friction), as the measured load's gearbox torque is after that loss.
    const double net = t.drive_nm - t.resistive_nm;
    const double f_next = (net - (1.0 - model.spec.transmission.efficiency) * std::abs(net)) * w_next / v;
    return f_next < road_load_n;
}

}  // namespace tractive
