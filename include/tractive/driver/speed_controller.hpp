#pragma once
// Speed holding: throttle and brake pedal demands that hold a target forward speed
// (docs/driver-models.md). The gear is not chosen here; the pedals work with whatever gear the
// state has engaged (a transmission controller or the test picks it).
//
// The law, per call with time step dt:
//   1. Reference: v_ref approaches the target as a first-order lag of time constant tau_ref,
//      its rate limited to a_up up and a_down down (a driver accelerates to a new set speed at a
//      comfortable rate and eases off as it comes near, instead of flooring it and then lifting
//      at once); a_ref = (v_ref' - v_ref) / dt is fed forward.
//   2. Acceleration demand, PI on the speed error e = v_ref - v (v forward speed):
//        a = a_ref + Kp e + I,  dI/dt = Ki e,
//      I only integrates while |e| < e_window and the pedal that would act on e is not at its
//      stop (conditional integration, the anti-windup of Astrom & Hagglund, "Advanced PID
//      Control", 2006, on integrator windup), and |I| <= I_max. Ki = Kp^2 / 4 makes the error dynamics
//      e'' + Kp e' + Ki e = 0 critically damped when the force is delivered exactly. a is limited
//      to -a_brake_max (no anti-lock is assumed).
//   3. Force demand (Newton's second law with the car's own estimates, driver_vehicle_figures.hpp):
//        F = m_eff a + F_resist(v) + m g_slope,
//      with m the current mass, m_eff that plus the rotating parts (the mass factor), F_resist
//      drag plus rolling resistance, g_slope the component of gravity along the road (low-pass
//      filtered with time constant tau_slope).
//   4. Pedals: the engine's force at the wheels is linear in throttle, F(t) = F0 + t (F1 - F0)
//      (F0 engine braking, F1 full throttle in the engaged gear at the current engine speed), so
//      throttle = (F - F0) / (F1 - F0); brake = (F0 - F) / F_brake with F_brake the full-pedal
//      brake force. The car brakes only when F < F0 - m a_band and goes back to the throttle only
//      when F > F0 (hysteresis of width a_band): the two pedals are never pressed at once and
//      do not chatter around the switch.
//   5. Each pedal moves at most r_pedal dt per call (a foot's speed); when switching pedals the
//      first is released fully before the second is pressed.
//   6. At a target of zero, once the reference is at zero and the car slower than 1 m/s, the
//      brake is held at least at `standstill_brake` (a driver holding the car at a stop).
// Gains are accelerations per speed error, so the loop's dynamics do not depend on the car:
// mass, engine, gearing and brakes enter only through the force estimates of step 3 and 4.

#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

struct SpeedControllerGains {
    double proportional_per_s = 1.0;       // Kp: acceleration demand per unit speed error
    double integral_per_s2 = 0.25;         // Ki = Kp^2 / 4: critically damped
    double integral_limit_m_per_s2 = 2.0;  // I_max: model errors the integral may absorb
    double integral_window_m_per_s = 2.0;  // e_window: integrate only near the reference
    double reference_time_s = 1.0;          // tau_ref: the reference's approach to the target
    double accelerate_rate_m_per_s2 = 2.0;  // a_up: reference ramp up
    double decelerate_rate_m_per_s2 = 3.0;  // a_down: reference ramp down
    double max_deceleration_m_per_s2 = 5.0;  // a_brake_max, about 0.5 g
    double pedal_switch_band_m_per_s2 = 0.2;  // a_band: hysteresis between throttle and brake
    double pedal_rate_per_s = 4.0;            // r_pedal: full pedal travel in 0.25 s
    double slope_filter_time_s = 0.5;         // tau_slope
    double standstill_brake = 0.3;            // brake pedal held at a stop
};

// Plain data: copy it with the vehicle state to snapshot or replay a run.
struct SpeedControllerState {
    bool initialised = false;              // false: the next call starts from the car's speed
    double reference_speed_m_per_s = 0.0;  // v_ref
    double integral_m_per_s2 = 0.0;        // I
    double slope_m_per_s2 = 0.0;           // filtered g_slope
    bool braking = false;                  // which pedal the driver's foot is on
    double throttle = 0.0;                 // last pedal outputs (rate limits start from them)
    double brake = 0.0;
};

struct PedalCommand {
    double throttle = 0.0;  // 0..1
    double brake = 0.0;     // 0..1; never both > 0
};

// One call per control step of dt_s seconds (dt <= 0 or not finite: nothing integrates and the
// pedals stay where they were). A target below zero or not finite is read as 0.
PedalCommand hold_speed(double target_speed_m_per_s, const VehicleModel& model, const VehicleState& state,
                        double dt_s, SpeedControllerState& controller, const SpeedControllerGains& gains = {});

}  // namespace tractive
