#pragma once
// Anti-lock brakes: a per-wheel pressure modulator driven by wheel slip, in the three phases of
// a real ABS hydraulic unit (Bosch Automotive Handbook, "Antilock braking system": pressure
// build-up, hold, reduction): it lets the wheel's braking slip cycle around the slip of the
// tyre's force peak instead of locking.
//
// Per wheel, with s = -kappa the braking slip now (wheel_slip_ratio_now), s* the tyre's peak braking slip
// (ControllerState::peak_braking_slip) and s95 the slip at which the force first reaches 95 % of
// the peak (ControllerState::near_peak_braking_slip, below s*):
//   s > 1.25 s*  (past the peak, heading for lock)  -> Dump:  factor -= dt / 0.04 s,
//                                                      Hold once the slip falls again
//   s < s95      (below the top of the curve)       -> Build: factor += dt / 0.25 s up to
//                                                      0.8 f_lock, then dt / 1 s (until 1)
//   otherwise                                       -> Hold (if the ABS is already cycling)
// with f_lock the factor at which the last dump began. The dump empties the wheel's pressure in
// 40 ms and the build refills it in 250 ms: outlet valves dump faster than the pump rebuilds
// (pressure reduction rates of roughly 3-10 times the build-up rates in the handbook's cycle
// diagrams). The handbook's control cycle also gives the two refinements: the reduction stops
// and the pressure is held as soon as the wheel accelerates again (its "+a" signal; here the
// slip falling), and after the first cycle the pressure is built fast only to below the level
// at which the wheel began to lock, then in small steps (here a rate 4 x slower), so the wheel
// spends its time near the peak instead of being driven past it each cycle. (0.8 and the 1 s
// stepped build are design values, not fitted: with 0.7-0.9 and 0.5-2 s the 100-0 km/h stops
// of the shipped and shared cars move by at most 1 % on ucwin_sedan and 9 % on RS2, all shorter
// than without the stepped build.) Rates, not steps, make the modulation
// independent of the internal step: at 8 ms a full dump takes 5 steps, so the factor cannot
// chatter between extremes from one step to the next.
// The band [s95, 1.25 s*] is where the tyre gives at least 95 % of its peak force. The lower edge
// comes from the tyre's own curve, not a fixed share of s*: on a Pacejka tyre s95 is 0.70-0.72 s*
// (the top is round), but on a piecewise-linear friction curve rising straight to its peak
// (UC-win/Road, ucwin_sedan: 0.85 at slip 0.1) s95 = 0.95 s*, and the former edge 0.75 s* gave
// only 75 % of the peak: the wheels held there, less than the locked tyre's 88 % (stop 55.9 m
// against 51.6 m locked). The upper edge stays 1.25 s* (>= 98.5 % of the peak on every shipped
// and shared tyre): the longer a wheel slides past its peak the less side force it has.
// The unit decides in a fixed control loop, as a real ABS controller does (a loop of 5-10 ms in the
// Bosch Automotive Handbook's units): every 8 ms it reads the wheel slips and picks each wheel's
// phase; the pressure follows the phase it picked at every call (the hydraulics act
// continuously). A caller stepping finer than the loop gets the same decisions at the same
// rate, so an ABS stop no longer depends on the internal step through the unit's sampling (it
// did by 1-1.5 % between 8 and 0.8 ms on road cars when the unit decided at every internal
// step); a caller stepping coarser decides at every call. 8 ms is also the default internal step,
// which samples the loop exactly.
// Select-low on the rear axle (the handbook's control of the rear wheels; a Saab 9-5's ESP
// manual: "the modulation of the front brakes is individual, while the rear brake pressure is
// distributed evenly and determined by the wheel with least grip"): one modulator for both rear
// wheels, driven by the larger of their braking slips. Yaw-moment build-up delay on the front axle
// (the handbook's GMA): on split friction the low-friction front wheel locks first, and its
// modulator's first action starts a clock; the difference between the two front wheels' brake
// factors may then grow only at 1 / 0.75 s, so the braking yaw moment builds up over 0.75 s
// instead of at once, as manufacturers tune their ABS to give the driver time to counter-steer
// (a design value: the time is the maker's choice, shorter on sports cars than on saloons). It is
// armed only in a stop that starts going straight (below 2 m/s^2 of lateral acceleration, a design
// value): in a turn the inner front wheel locks first for want of load, and the outer wheel's
// larger pressure is what the car needs.
// The stability control may widen a wheel's band while the driver brakes
// (ControllerState::esc_slip_raise: both edges times 1 + the raise; stability_control.hpp).
// Below 1.5 m/s (5.4 km/h) the ABS hands full pressure back (as real units switch off near
// standstill, where slip is not measurable): the car stops on locked wheels.

#include "tractive/control/controller_state.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

struct AntiLockSettings {
    double dump_above_peak = 1.25;    // dump when slip > this x peak slip; build below the
                                      // near-peak slip (ControllerState::near_peak_braking_slip)
    double dump_time_s = 0.04;        // full pressure to none
    double build_time_s = 0.25;       // none to full pressure
    double fast_build_share = 0.8;       // fast build below this x the factor of the last dump
    double stepped_build_time_s = 1.0;   // none to full pressure in the stepped build above it
    double cut_out_speed_m_per_s = 1.5;
    double loop_period_s = 0.008;        // the unit's decision loop
    // Yaw-moment build-up delay: time for the allowed difference between the front wheels' brake
    // factors to grow from none to full once a front wheel's modulator first acts.
    double yaw_moment_build_up_time_s = 0.75;
    // The delay is armed only where the stop starts with less lateral acceleration than this: a
    // car going straight (in a turn the pressure difference between the front wheels is wanted).
    double straight_lateral_accel_m_per_s2 = 2.0;
};

// Updates state.abs (phase and brake factor per wheel) and state.abs_active from the slip the
// vehicle state reports; the brake factors go to Controls::wheel_brake_factor.
void anti_lock_step(const VehicleModel& model, const VehicleState& vehicle, double brake_pedal, double dt_s,
                    ControllerState& state, const AntiLockSettings& settings = {});

}  // namespace tractive
