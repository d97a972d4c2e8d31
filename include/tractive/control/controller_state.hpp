#pragma once
// Everything the driver-side controller remembers between steps, as plain data (copy it with the
// VehicleState to snapshot or roll back a run), and the flags it raises for telemetry.

#include <array>
#include <limits>

#include "tractive/dynamics/single_track.hpp"

namespace tractive {

// What operates the clutch pedal now.
enum class ClutchPhase {
    Driver,          // Manual mode: the driver's pedal
    Open,            // automated, held down: neutral, standing still, or the engine is stopped
    Start,           // automated start phase (seed 001 III.3.1): engaged progressively while the
                     // car gains speed, holding the engine at a launch speed
    Engaged,         // automated, pedal up
    ShiftDisengage,  // shift phase, part 1: pedal going down, throttle lifted
    ShiftEngage,     // shift phase, part 2: new gear in, revs matched, pedal coming up
};

// The three pressure phases of one wheel's anti-lock modulator.
enum class AbsPhase { Inactive, Build, Hold, Dump };

struct AbsWheelState {
    AbsPhase phase = AbsPhase::Inactive;
    double brake_factor = 1.0;  // share of the pedal's pressure let through to this wheel, now
    // The factor's mean over the coming step (the pressure moves at its rate through the step):
    // what the step applies (Controls::wheel_brake_factor).
    double applied_factor = 1.0;
    double last_slip = 0.0;     // braking slip seen by the last step (whether it is rising)
    double lock_factor = 1.0;   // the brake factor at which the last dump began
};

// The share of a tyre's peak longitudinal force that marks the lower edge of the aids' slip band
// (ControllerState::near_peak_braking_slip, near_peak_driving_slip): within the band the tyre gives
// at least 95 % of its peak force. (A design value: the "+-5 % of the peak" an ABS is meant to
// work in; not fitted to a test.)
inline constexpr double kNearPeakForceShare = 0.95;

// What the stability control (control/stability_control.hpp) knows of the car: its linear
// single-track model, its tyres' peak lateral friction coefficient at their static loads, and the
// lateral acceleration at which it would tip over as a rigid body (g t / (2 h)).
struct StabilityReference {
    SingleTrackModel car;
    double peak_lateral_friction = 1.0;
    double rollover_lateral_accel_m_per_s2 = 1.0e300;
};

struct ControllerState {
    int engaged_gear = 0;        // the gear the controller has put in: -1 R, 0 N, 1..n
    ClutchPhase clutch_phase = ClutchPhase::Driver;
    double phase_time_s = 0.0;   // time spent in the current clutch phase
    double clutch_pedal = 0.0;   // the automated pedal travel last commanded (0 up .. 1 floored)
    int shift_target_gear = 0;   // during a shift phase: the gear being put in
    // Start phase: the most clutch slip (engine - gearbox input, rad/s) the engagement still
    // allows; infinite until the gearbox input reaches the lowest drive speed, then falling
    // (transmission_control.cpp, start_phase_pedal).
    double start_slip_limit_rad_per_s = 1.0e300;
    double time_since_shift_s = 1.0e9;  // since the last shift phase ended (automatic hysteresis)
    double shift_demand = 0.0;  // the throttle demand the automatic shifts on (0..1; transmission_control.cpp)
    // The resistance the car meets (N), gear_choice.hpp's road_load_sample_n low-passed with time
    // constant kRoadLoadTimeConstant_s; NaN below 5 m/s.
    double road_load_n = std::numeric_limits<double>::quiet_NaN();
    bool shift_up_was_pressed = false;  // for the rising edge of the sequential paddles
    bool shift_down_was_pressed = false;

    // Tyre constants the aids use, filled by initial_controller_state: the slip ratio of each
    // tyre's longitudinal force peak at its static load on the nominal surface, braking (> 0,
    // magnitude) and driving.
    std::array<double, 4> peak_braking_slip{0.1, 0.1, 0.1, 0.1};
    std::array<double, 4> peak_driving_slip{0.1, 0.1, 0.1, 0.1};
    // The smallest slip ratio at which the force reaches kNearPeakForceShare (95 %) of its peak,
    // on the rising side: the lower edge of the band the ABS and the TCS hold the slip in.
    std::array<double, 4> near_peak_braking_slip{0.075, 0.075, 0.075, 0.075};
    std::array<double, 4> near_peak_driving_slip{0.075, 0.075, 0.075, 0.075};

    std::array<AbsWheelState, 4> abs{};
    double abs_loop_elapsed_s = 0.0;  // since the ABS unit's last decision (AntiLockSettings::loop_period_s)
    // The yaw-moment build-up delay's allowed difference between the front wheels' brake factors
    // (anti_lock_brakes.hpp): negative until a front wheel's modulator first acts in a stop.
    double abs_front_difference_allowed = -1.0;
    double tcs_throttle_limit = 1.0;  // traction control's ceiling on the throttle
    // Traction control's brake on each wheel, as a share of its full foot-brake torque (goes to
    // Controls::wheel_aid_brake).
    std::array<double, 4> tcs_brake{};

    // Stability control: its constants (filled by initial_controller_state), the state of its
    // reference model, the bounded reference yaw rate of the last step, its brake on each wheel
    // (a share of its full foot-brake torque, for Controls::wheel_aid_brake) and its throttle
    // ceiling.
    StabilityReference esc_reference;
    double esc_model_lateral_velocity_m_per_s = 0.0;
    double esc_model_yaw_rate_rad_per_s = 0.0;
    double esc_reference_yaw_rate_rad_per_s = 0.0;
    std::array<double, 4> esc_brake{};
    // Its easing of the driver's brake on each wheel while the driver brakes, as a share of the
    // wheel's full foot-brake torque (taken off Controls::wheel_brake_factor).
    std::array<double, 4> esc_relief{};
    // Its raise of the ABS's slip band on each wheel while the driver brakes (the band is
    // multiplied by 1 + this; AntiLockSettings, stability_control.hpp).
    std::array<double, 4> esc_slip_raise{};
    double esc_throttle_limit = 1.0;

    // Flags of the last control step (telemetry).
    bool gear_change_refused = false;  // a requested gear change was not made this step
    std::array<bool, 4> abs_active{};  // the ABS held or lowered that wheel's pressure
    bool tcs_active = false;           // traction control lowered the throttle
    bool esc_active = false;           // the stability control brakes a wheel or holds the throttle down
};

const char* to_string(ClutchPhase phase);

}  // namespace tractive
