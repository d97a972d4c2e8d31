#include "tractive/control/controller.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "tractive/control/anti_lock_brakes.hpp"
#include "tractive/control/gear_choice.hpp"
#include "tractive/control/stability_control.hpp"
#include "tractive/control/traction_control.hpp"
#include "tractive/control/transmission_control.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/laws/tyre.hpp"
#include "../core/step_copies.hpp"
#include "../dynamics/lanes4.hpp"
#include "sanitized_input.hpp"

namespace tractive {

namespace {

double clamp_or_zero(double v, double lo, double hi) { return std::isfinite(v) ? std::clamp(v, lo, hi) : 0.0; }

// The longitudinal force of a tyre against slip ratio, driving (sign +1) or braking (-1), at load
// fz on the nominal surface, sampled over (0, 1] in steps of 0.0025:
//   peak:      the smallest slip where |Fx| reaches 99.9 % of its largest value (friction curves
//              may have a flat top);
//   near_peak: the smallest slip where |Fx| reaches kNearPeakForceShare of that value, on the
//              rising side (the lower edge of the aids' working band).
struct SlipPoints {
    double peak = 1.0;
    double near_peak = 1.0;
};

SlipPoints tyre_slip_points(const WheelModel& wheel, const TyreSpec& tyre, double sign) {
    constexpr int kSamples = 400;
    double best = 0.0;
    std::array<double, kSamples> fx{};
    for (int k = 0; k < kSamples; ++k) {
        TyreSlip slip;
        slip.slip_ratio = sign * (k + 1) / static_cast<double>(kSamples);
        fx[k] = std::abs(tyre_force(tyre, slip, wheel.static_load_n, 1.0, wheel.size_friction_factor).fx_n);
        best = std::max(best, fx[k]);
    }
    const auto first_reaching = [&](double share) {
        for (int k = 0; k < kSamples; ++k) {
            if (fx[k] >= share * best) return (k + 1) / static_cast<double>(kSamples);
        }
        return 1.0;
    };
    return {first_reaching(0.999), first_reaching(kNearPeakForceShare)};
}

}  // namespace

DriverInput detail::sanitized(const DriverInput& in) {
    DriverInput out = in;
    pedals_in_range(in, out);
    out.handbrake = tractive::clamp_or_zero(in.handbrake, 0.0, 1.0);
    return out;
}

ControlSettings control_settings_for(const VehicleSpec& spec) {
    return ControlSettings{spec.transmission.mode, DriverAidSettings{spec.driver_aids.abs, spec.driver_aids.tcs, spec.driver_aids.esc}};
}

AidConstants aid_constants(const VehicleModel& model) {
    AidConstants l;
    for (int i = 0; i < 4; ++i) {
        const SlipPoints driving = tyre_slip_points(model.wheels[i], model.spec.wheels[i].tyre, 1.0);
        const SlipPoints braking = tyre_slip_points(model.wheels[i], model.spec.wheels[i].tyre, -1.0);
        l.peak_driving_slip[i] = driving.peak;
        l.near_peak_driving_slip[i] = driving.near_peak;
        l.peak_braking_slip[i] = braking.peak;
        l.near_peak_braking_slip[i] = braking.near_peak;
    }
    l.stability = stability_reference(model);
    return l;
}

ControllerState initial_controller_state(const VehicleModel& model, const VehicleState& vehicle,
                                         const ControlSettings& settings) {
    return initial_controller_state(model, vehicle, settings, aid_constants(model));
}

ControllerState initial_controller_state(const VehicleModel& model, const VehicleState& vehicle,
                                         const ControlSettings& settings, const AidConstants& limits) {
    ControllerState c;
    c.engaged_gear = vehicle.gear;
    if (settings.mode == ShiftMode::Manual) {
        c.clutch_phase = ClutchPhase::Driver;
        c.clutch_pedal = 0.0;
    } else {
        const double input = gearbox_ratio(model.spec.transmission, vehicle.gear) * gearbox_output_speed_rad_per_s(model, vehicle);
        const bool rolling_in_gear =
            vehicle.gear != 0 && vehicle.engine_running && input >= model.spec.engine.start_rpm * kRadPerSecPerRpm;
        c.clutch_phase = rolling_in_gear ? ClutchPhase::Engaged : ClutchPhase::Open;
        c.clutch_pedal = rolling_in_gear ? 0.0 : 1.0;
    }
    c.peak_driving_slip = limits.peak_driving_slip;
    c.near_peak_driving_slip = limits.near_peak_driving_slip;
    c.peak_braking_slip = limits.peak_braking_slip;
    c.near_peak_braking_slip = limits.near_peak_braking_slip;
    c.esc_reference = limits.stability;
    return c;
}

Controls direct_controls(const DriverInput& in) {
    Controls c;
    c.throttle = in.throttle;
    c.brake = in.brake;
    c.clutch = in.clutch;
    c.steering = in.steering;
    c.handbrake = in.handbrake;
    c.gear = in.gear_lever;
    c.start_engine = in.start_engine;
    return c;
}

namespace {
// The aids' settings, their defaults made once (a default argument builds them at every call).
constexpr TractionControlSettings kTractionControlSettings{};
constexpr StabilityControlSettings kStabilityControlSettings{};
constexpr AntiLockSettings kAntiLockSettings{};

Controls control_step_with(const VehicleModel& model, const VehicleState& vehicle, const DriverInput& raw_input,
                           const ControlSettings& settings, double dt_s, ControllerState& state) {
    if (!std::isfinite(dt_s) || dt_s <= 0.0) {
        throw std::invalid_argument("control_step: expected a positive, finite time step dt_s");
    }
    const DriverInput input = detail::sanitized(raw_input);
    state.gear_change_refused = false;

    double throttle = input.throttle;
    if (settings.aids.tcs) {
        throttle = traction_control_step(model, vehicle, throttle, dt_s, state, kTractionControlSettings);
    } else {
        state.tcs_throttle_limit = 1.0;
        state.tcs_brake = {};
        state.tcs_active = false;
    }
    if (settings.aids.esc) {
        throttle = stability_control_step(model, vehicle, input.steering, input.brake, throttle, dt_s, state, kStabilityControlSettings);
    } else {
        state.esc_brake = {};
        state.esc_relief = {};
        state.esc_slip_raise = {};
        state.esc_throttle_limit = 1.0;
        state.esc_active = false;
        state.esc_reference_yaw_rate_rad_per_s = 0.0;
    }

    const TransmissionCommand t = transmission_step(model, vehicle, input, settings.mode, throttle, dt_s, state);

    Controls out = direct_controls(input);
    out.throttle = t.throttle;
    out.clutch = t.clutch_pedal;
    out.gear = t.gear;
    if (settings.aids.abs) {
        anti_lock_step(model, vehicle, input.brake, dt_s, state, kAntiLockSettings);
    } else {
        state.abs = {};
        state.abs_active = {};
    }
    for (int i = 0; i < 4; ++i) out.wheel_brake_factor[i] = state.abs[i].applied_factor;
    // The stability control's easing of the driver's brake (stability_control.hpp).
    if (state.esc_active && out.brake > 0.0) {
        for (int i = 0; i < 4; ++i) out.wheel_brake_factor[i] = std::max(0.0, out.wheel_brake_factor[i] - state.esc_relief[i] / out.brake);
    }
    for (int i = 0; i < 4; ++i) out.wheel_aid_brake[i] = std::max(state.tcs_brake[i], state.esc_brake[i]);
    return clamped(out, static_cast<int>(model.spec.transmission.forward_ratios.size()));
}
}  // namespace

// The entry points of the control layer's copies compiled for x86-64-v3 and v4
// (core/step_copies.hpp), so that control_step then step_fixed, called by hand, is step_driven to
// the last bit on every path. Each defined only in its copy.
namespace x86_64_v3 {
Controls control_step(const VehicleModel& model, const VehicleState& vehicle, const DriverInput& raw_input,
                      const ControlSettings& settings, double dt_s, ControllerState& state);
}  // namespace x86_64_v3
namespace x86_64_v4 {
Controls control_step(const VehicleModel& model, const VehicleState& vehicle, const DriverInput& raw_input,
                      const ControlSettings& settings, double dt_s, ControllerState& state);
}  // namespace x86_64_v4
#if defined(TRACTIVE_STEP_COPY)
Controls TRACTIVE_STEP_COPY::control_step(const VehicleModel& model, const VehicleState& vehicle, const DriverInput& raw_input,
                                          const ControlSettings& settings, double dt_s, ControllerState& state) {
    return control_step_with(model, vehicle, raw_input, settings, dt_s, state);
}
#endif

Controls control_step(const VehicleModel& model, const VehicleState& vehicle, const DriverInput& raw_input,
                      const ControlSettings& settings, double dt_s, ControllerState& state) {
#if defined(TRACTIVE_HAS_STEP_COPIES) && !defined(TRACTIVE_STEP_COPY)
    switch (detail::step_copy_in_use()) {
        case detail::StepCopy::x86_64_v4: return x86_64_v4::control_step(model, vehicle, raw_input, settings, dt_s, state);
        case detail::StepCopy::x86_64_v3: return x86_64_v3::control_step(model, vehicle, raw_input, settings, dt_s, state);
        case detail::StepCopy::baseline: break;
    }
#endif
    return control_step_with(model, vehicle, raw_input, settings, dt_s, state);
}

}  // namespace tractive
