#pragma once
// Traction control: lowers the throttle while a driven wheel spins past the slip of its tyre's
// force peak, and gives it back as the wheel grips again (an engine-intervention TCS, as the
// Bosch handbook's "traction control system" describes; no brake intervention here).
//
// With r the largest driving slip of the driven wheels over their tyres' peak driving slip
// (ControllerState::peak_driving_slip):
//   r > 1.25 -> the throttle ceiling drops from min(ceiling, driver's throttle) at 1 / 0.2 s
//   every driven wheel below its near-peak slip (the force at 95 % of its peak on the rising
//   side, ControllerState::near_peak_driving_slip; 0.70-0.72 x the peak slip on the Pacejka
//   tyres, 0.95 x on a friction curve rising straight to its peak, as for the ABS)
//            -> the ceiling rises back at 1 / 0.5 s (to 1)
//   otherwise the ceiling holds.
// As for the ABS, rates rather than steps keep it smooth at any internal step. The engine torque
// follows the throttle at once in this model, so a 0.2 s cut is enough to catch a spin.
// Floor: while the engine runs in gear below the speed of its full-load torque peak and the
// clutch takes torque from it, the ceiling is at least the throttle at which the engine's net
// torque equals the clutch's transmitted torque, so the cut never slows the engine there (below
// the torque peak a speed loss lowers the engine's torque and it would lug down to a stall).

#include "tractive/control/controller_state.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

struct TractionControlSettings {
    double cut_above_peak = 1.25;
    double cut_time_s = 0.2;      // ceiling from 1 to 0
    double restore_time_s = 0.5;  // ceiling from 0 to 1
};

// The throttle after traction control; updates state.tcs_throttle_limit and state.tcs_active.
double traction_control_step(const VehicleModel& model, const VehicleState& vehicle, double driver_throttle, double dt_s,
                             ControllerState& state, const TractionControlSettings& settings = {});

}  // namespace tractive
