#pragma once
// Anti-lock brakes: a per-wheel pressure modulator driven by wheel slip, in the three phases of
// a real ABS hydraulic unit (Bosch Automotive Handbook, "Antilock braking system": pressure
// build-up, hold, reduction): it lets the wheel's braking slip cycle around the slip of the
// tyre's force peak instead of locking.
//
// Per wheel, with s = -kappa the braking slip of the last step and s* the tyre's peak braking slip
// (ControllerState::peak_braking_slip):
//   s > 1.25 s*  (past the peak, heading for lock)  -> Dump:  factor -= dt / 0.04 s
//   s < 0.75 s*  (well below the peak)              -> Build: factor += dt / 0.25 s (until 1)
//   otherwise                                       -> Hold (if the ABS is already cycling)
// The dump empties the wheel's pressure in 40 ms and the build refills it in 250 ms: outlet
// valves dump faster than the pump rebuilds (pressure reduction rates of roughly 3-10 times the
// build-up rates in the handbook's cycle diagrams). Rates, not steps, make the modulation
// independent of the internal step: at 6 ms a full dump takes about 7 steps, so the factor cannot
// chatter between extremes from one step to the next. The band of +-25 % around the peak is
// where the tyre gives at least ~95 % of its peak force for Pacejka and friction-curve tyres.
// Below 1.5 m/s (5.4 km/h) the ABS hands full pressure back (as real units switch off near
// standstill, where slip is not measurable): the car stops on locked wheels.

#include "tractive/control/controller_state.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

struct AntiLockSettings {
    double dump_above_peak = 1.25;    // dump when slip > this x peak slip
    double build_below_peak = 0.75;   // build when slip < this x peak slip
    double dump_time_s = 0.04;        // full pressure to none
    double build_time_s = 0.25;       // none to full pressure
    double cut_out_speed_m_per_s = 1.5;
};

// Updates state.abs (phase and brake factor per wheel) and state.abs_active from the slip the
// vehicle state reports; the brake factors go to Controls::wheel_brake_factor.
void anti_lock_step(const VehicleModel& model, const VehicleState& vehicle, double brake_pedal, double dt_s,
                    ControllerState& state, const AntiLockSettings& settings = {});

}  // namespace tractive
