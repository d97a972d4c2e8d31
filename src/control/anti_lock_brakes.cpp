#include "tractive/control/anti_lock_brakes.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "tractive/dynamics/simulation.hpp"

namespace tractive {

namespace {

// The yaw-moment build-up delay on the front axle (anti_lock_brakes.hpp): from the first action of
// a front wheel's modulator in a stop, the difference between the front wheels' applied brake
// factors may grow at 1 / build_up_time_s; the higher factor is held down to the lower plus that.
void delay_front_yaw_moment(const VehicleState& vehicle, double dt_s, const AntiLockSettings& settings, ControllerState& state) {
    AbsWheelState& a = state.abs[FL];
    AbsWheelState& b = state.abs[FR];
    double& allowed = state.abs_front_difference_allowed;
    if (allowed < 0.0) {
        if (a.phase == AbsPhase::Inactive && b.phase == AbsPhase::Inactive) return;
        // Armed only in a stop that starts going straight: in a turn the inner front wheel locks
        // first because it carries less load, and the outer one's larger pressure is wanted.
        allowed = std::abs(lateral_acceleration_m_per_s2(vehicle)) < settings.straight_lateral_accel_m_per_s2 ? 0.0 : 1.0;
    } else {
        allowed = std::min(1.0, allowed + dt_s / settings.yaw_moment_build_up_time_s);
    }
    AbsWheelState& high = a.applied_factor >= b.applied_factor ? a : b;
    const double low = std::min(a.applied_factor, b.applied_factor);
    high.applied_factor = std::min(high.applied_factor, low + allowed);
}

}  // namespace

void anti_lock_step(const VehicleModel& model, const VehicleState& vehicle, double brake_pedal, double dt_s,
                    ControllerState& state, const AntiLockSettings& settings) {
    // Forward or in reverse: the modulator reads the wheels' speeds against the car's, whichever
    // way it moves (a reversing car's wheels locked for the whole stop before).
    const double forward_speed = forward_speed_m_per_s(vehicle);
    const bool braking = brake_pedal > 0.0 && std::abs(forward_speed) > settings.cut_out_speed_m_per_s;
    // The unit's loop: decide when a period has passed since the last decision, and keep what is
    // left over (whole periods within a millionth of one count as whole, so that a step equal to
    // the period decides at every call).
    const double period = settings.loop_period_s;
    state.abs_loop_elapsed_s += dt_s;
    const double periods = std::floor(state.abs_loop_elapsed_s / period + 1e-6);
    const bool decide = periods >= 1.0;
    if (decide) state.abs_loop_elapsed_s = std::max(0.0, state.abs_loop_elapsed_s - periods * period);
    if (!braking) {
        state.abs = {};
        state.abs_active = {};
        state.abs_front_difference_allowed = -1.0;
        return;
    }
    // The four wheels' slips now, worked out together at the first wheel that decides.
    std::optional<std::array<double, 4>> slip_now;
    // Select-low on the rear axle (Bosch Automotive Handbook, "Antilock braking system", control
    // of the rear wheels): one modulator for both rear wheels, driven by the one with the greater
    // tendency to lock (the larger braking slip), its pressure given to both. On split friction
    // the high-friction rear wheel then keeps its side force and the rear axle adds no yaw moment
    // to the front's; on any road the rear wheels, braked alike, never lock one at a time.
    const bool select_low = model.wheels[RL].max_brake_torque_nm > 0.0 && model.wheels[RR].max_brake_torque_nm > 0.0;
    for (int i = 0; i < 4; ++i) {
        AbsWheelState& w = state.abs[i];
        if (select_low && i == RR) {  // the rear axle's one modulator, the left wheel's
            w = state.abs[RL];
            state.abs_active[i] = state.abs_active[RL];
            continue;
        }
        // The modulator works from the wheel's speed alone, as a real unit does, also while the
        // wheel is briefly off the ground (a braked wheel in the air stops: its pressure is
        // dumped, and built again once it spins back up on landing). Resetting it there to full
        // pressure instead locked the RS2's unloaded rear wheels under hard braking.
        if (model.wheels[i].max_brake_torque_nm <= 0.0) {
            w = AbsWheelState{};
            state.abs_active[i] = false;
            continue;
        }
        const double factor_before = w.brake_factor;
        if (decide) {
            if (!slip_now) slip_now = wheel_slip_ratios_now(model, vehicle);
            // The braking slip, > 0 as the wheel turns slower than the car moves, either way.
            const auto braking_slip = [&](int k) {
                return forward_speed >= 0.0 ? -(*slip_now)[static_cast<std::size_t>(k)] : (*slip_now)[static_cast<std::size_t>(k)];
            };
            // The wheel whose slip drives this modulator: itself, or the rear pair's more locked one.
            const int lead = select_low && i == RL && braking_slip(RR) > braking_slip(RL) ? RR : i;
            const double slip = braking_slip(lead);
            const double peak = state.peak_braking_slip[lead];
            const AbsPhase before = w.phase;
            // Past the band: dump while the slip still grows; hold once it falls (the wheel is
            // already spinning back up: the pressure left is low enough; Bosch's "+a" signal).
            const bool slip_falling = w.phase != AbsPhase::Inactive && slip < w.last_slip;
            w.last_slip = slip;
            // The band, widened where the stability control asks the wheel to run at more slip.
            const double band = 1.0 + state.esc_slip_raise[static_cast<std::size_t>(i)];
            if (slip > settings.dump_above_peak * peak * band) {
                w.phase = slip_falling ? AbsPhase::Hold : AbsPhase::Dump;
            } else if (slip < state.near_peak_braking_slip[lead] * band) {
                w.phase = w.brake_factor < 1.0 ? AbsPhase::Build : AbsPhase::Inactive;
            } else if (w.phase != AbsPhase::Inactive) {
                w.phase = AbsPhase::Hold;
            }
            if (w.phase == AbsPhase::Dump && before != AbsPhase::Dump) w.lock_factor = w.brake_factor;
        }
        if (w.phase == AbsPhase::Dump) w.brake_factor = std::max(0.0, w.brake_factor - dt_s / settings.dump_time_s);
        if (w.phase == AbsPhase::Build) {
            // Fast build up to 80 % of the pressure at which the wheel last headed for lock, then
            // the stepped (slower) build that probes towards that pressure again.
            const double build_time_s = w.brake_factor < settings.fast_build_share * w.lock_factor
                                            ? settings.build_time_s
                                            : settings.stepped_build_time_s;
            w.brake_factor = std::min(1.0, w.brake_factor + dt_s / build_time_s);
            if (w.brake_factor >= 1.0) w.phase = AbsPhase::Inactive;
        }
        // The pressure moves at its rate through the coming step: the step applies its mean.
        w.applied_factor = 0.5 * (factor_before + w.brake_factor);
        state.abs_active[i] = w.phase != AbsPhase::Inactive;
    }
    if (model.wheels[FL].max_brake_torque_nm > 0.0 && model.wheels[FR].max_brake_torque_nm > 0.0) {
        delay_front_yaw_moment(vehicle, dt_s, settings, state);
    }
}

}  // namespace tractive
