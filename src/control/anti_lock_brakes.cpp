#include "tractive/control/anti_lock_brakes.hpp"

#include <algorithm>

#include "tractive/dynamics/simulation.hpp"

namespace tractive {

void anti_lock_step(const VehicleModel& model, const VehicleState& vehicle, double brake_pedal, double dt_s,
                    ControllerState& state, const AntiLockSettings& settings) {
    const bool braking = brake_pedal > 0.0 && forward_speed_m_per_s(vehicle) > settings.cut_out_speed_m_per_s;
    for (int i = 0; i < 4; ++i) {
        AbsWheelState& w = state.abs[i];
        const WheelOutputs& out = vehicle.wheel_outputs[i];
        if (!braking || !out.in_contact || model.wheels[i].max_brake_torque_nm <= 0.0) {
            w = AbsWheelState{};
            state.abs_active[i] = false;
            continue;
        }
        const double slip = -out.slip_ratio;  // braking slip, > 0
        const double peak = state.peak_braking_slip[i];
        if (slip > settings.dump_above_peak * peak) {
            w.phase = AbsPhase::Dump;
        } else if (slip < settings.build_below_peak * peak) {
            w.phase = w.brake_factor < 1.0 ? AbsPhase::Build : AbsPhase::Inactive;
        } else if (w.phase != AbsPhase::Inactive) {
            w.phase = AbsPhase::Hold;
        }
        if (w.phase == AbsPhase::Dump) w.brake_factor = std::max(0.0, w.brake_factor - dt_s / settings.dump_time_s);
        if (w.phase == AbsPhase::Build) {
            w.brake_factor = std::min(1.0, w.brake_factor + dt_s / settings.build_time_s);
            if (w.brake_factor >= 1.0) w.phase = AbsPhase::Inactive;
        }
        state.abs_active[i] = w.phase != AbsPhase::Inactive;
    }
}

}  // namespace tractive
