#include "tractive/control/traction_control.hpp"

#include <algorithm>
#include <cmath>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/laws/engine.hpp"
#include "tractive/laws/engine_torque.hpp"

namespace tractive {

namespace {

// The throttle floor that keeps the clutch from pulling the engine down (see the header): while
// the engine runs in gear below the speed of its torque peak and the clutch takes torque from it
// (slipping, or locked to a wheel that spins), the smallest throttle at which the engine's net
// torque (drive less resistive, laws/engine.hpp) is at least the clutch's transmitted torque, so
// the engine does not slow down; 0 otherwise. The net torque is linear in the throttle,
// t Tf - (1 - t) R, so that throttle is (Tc + R) / (Tf + R).
double engine_speed_floor(const VehicleModel& model, const VehicleState& vehicle) {
    const DrivelineOutputs& line = vehicle.driveline;
    const double clutch_nm = line.clutch_torque_nm;
    if (!vehicle.engine_running || vehicle.gear == 0 || clutch_nm <= 0.0) return 0.0;
    const EngineSpec& engine = model.spec.engine;
    const double rpm = vehicle.engine_speed_rad_per_s / kRadPerSecPerRpm;
    if (rpm >= model.torque_plateau_start_rpm) return 0.0;
    // (engine_torque's drive at full throttle and resistance at none, each curve read once.)
    const double full_nm = full_load_torque_nm(engine, std::abs(rpm));
    const double resistive_nm = resistive_at_zero_throttle_nm(engine, std::abs(rpm));
    if (full_nm + resistive_nm <= 0.0) return 1.0;
    return std::clamp((clutch_nm + resistive_nm) / (full_nm + resistive_nm), 0.0, 1.0);
}

}  // namespace

double traction_control_step(const VehicleModel& model, const VehicleState& vehicle, double driver_throttle, double dt_s,
                             ControllerState& state, const TractionControlSettings& settings) {
    // (Read once: the state written below could be these numbers as far as the compiler knows.)
    const std::array<bool, 4> driven_now{model.wheels[0].drive_coefficient != 0.0 && vehicle.wheel_outputs[0].in_contact,
                                         model.wheels[1].drive_coefficient != 0.0 && vehicle.wheel_outputs[1].in_contact,
                                         model.wheels[2].drive_coefficient != 0.0 && vehicle.wheel_outputs[2].in_contact,
                                         model.wheels[3].drive_coefficient != 0.0 && vehicle.wheel_outputs[3].in_contact};
    const auto driven = [&](int i) { return driven_now[static_cast<std::size_t>(i)]; };
    // Driving slip now, and relative to the tyre's peak slip: in reverse gear the wheels spin
    // backwards faster than the car moves, the slip the other way round (reverse launches were
    // never seen to spin before).
    const std::array<double, 4> slip_now = wheel_slip_ratios_now(model, vehicle);
    const double driving_direction = vehicle.gear < 0 ? -1.0 : 1.0;
    std::array<double, 4> slip{};
    std::array<double, 4> relative{};
    for (int i = 0; i < 4; ++i) {
        slip[i] = driven(i) ? driving_direction * slip_now[i] : 0.0;
        relative[i] = slip[i] / state.peak_driving_slip[i];
    }
    const bool brakes_available =
        settings.brake_intervention && std::abs(forward_speed_m_per_s(vehicle)) < settings.brake_max_speed_m_per_s;
    // Brake intervention, per driven wheel (FL/FR and RL/RR are axle partners: index ^ 1): the
    // difference between the two wheels of an axle.
    for (int i = 0; i < 4; ++i) {
        double& brake = state.tcs_brake[i];
        const int partner = i ^ 1;
        const bool partner_grips = driven(partner) && relative[partner] < 1.0;
        if (brakes_available && driven(i) && partner_grips && relative[i] > settings.cut_above_peak) {
            brake = std::min(1.0, brake + dt_s / settings.brake_build_time_s);
        } else if (!brakes_available || !driven(i) || slip[i] < state.near_peak_driving_slip[i]) {
            brake = std::max(0.0, brake - dt_s / settings.brake_release_time_s);
        }
    }
    // Engine intervention: the spin the brakes do not handle. With the brakes available, an axle
    // whose wheels are both driven counts with the smaller of their relative slips (both wheels
    // spinning); otherwise each driven wheel counts. r is the largest; the ceiling comes back
    // once every counted slip is below its near-peak slip (95 % of the peak force).
    double relative_slip = 0.0;
    bool all_below_near_peak = true;
    for (int i = 0; i < 4; ++i) {
        if (!driven(i)) continue;
        const int partner = i ^ 1;
        int counted = i;
        if (brakes_available && driven(partner) && relative[partner] < relative[i]) counted = partner;
        relative_slip = std::max(relative_slip, relative[counted]);
        all_below_near_peak = all_below_near_peak && slip[counted] < state.near_peak_driving_slip[counted];
    }
    double& limit = state.tcs_throttle_limit;
    if (relative_slip > settings.cut_above_peak) {
        limit = std::max(0.0, std::min(limit, driver_throttle) - dt_s / settings.cut_time_s);
    } else if (all_below_near_peak) {
        limit = std::min(1.0, limit + dt_s / settings.restore_time_s);
    }
    // Never below the throttle that keeps the engine from slowing against the clutch below its
    // torque peak; a cut that goes on after the floor lifts continues from it.
    limit = std::max(limit, std::min(driver_throttle, engine_speed_floor(model, vehicle)));
    state.tcs_active = limit < driver_throttle ||
                       std::any_of(state.tcs_brake.begin(), state.tcs_brake.end(), [](double b) { return b > 0.0; });
    return std::min(driver_throttle, limit);
}

}  // namespace tractive
