#pragma once
// Traction control: lowers the throttle while a driven wheel spins past the slip of its tyre's
// force peak, and gives it back as the wheel grips again (engine intervention), and brakes a
// driven wheel that spins while the other wheel on its axle grips (brake intervention), as the
// Bosch handbook's "traction control system" describes.
//
// The engine acts on the spin common to both wheels of a driven axle, the brakes on the
// difference (below brake_max_speed; above it the engine acts on every wheel's spin):
//
// Brake intervention, below brake_max_speed: a driven wheel whose partner on the same axle is
// below its peak slip (it grips: split friction, or a wheel unloaded in a corner) is braked;
// with s its driving slip now (wheel_slip_ratio_now), s* its tyre's peak slip and s95 its
// near-peak slip (95 % of the peak force, as for the ABS):
//   s > 1.25 s*, partner gripping -> the wheel's brake rises at 1 / 0.5 s of its full foot-brake torque
//   s < s95                       -> it falls at 1 / 0.2 s
//   otherwise it holds.
// Through an open differential the brake torque on the spinning wheel lets the gripping one take
// as much drive (an open differential splits torque equally): the "electronic differential
// lock". Above brake_max_speed the brakes are released (at the same 1 / 0.2 s): real units brake
// only at low speed, where holding one wheel costs little brake heat (design value 40 km/h).
//
// Engine intervention. With r the largest driving slip over the tyre's peak driving slip
// (ControllerState::peak_driving_slip) of the driven wheels, an axle with both wheels driven
// counting with the smaller of its two while the brakes are available:
//   r > 1.25 -> the throttle ceiling drops from min(ceiling, driver's throttle) at 1 / 0.2 s
//   every counted slip below its near-peak slip (the force at 95 % of its peak on the rising
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
    bool brake_intervention = true;
    double brake_build_time_s = 0.5;    // a wheel's brake from 0 to its full foot-brake torque
    double brake_release_time_s = 0.2;  // and back
    double brake_max_speed_m_per_s = 40.0 / 3.6;
};

// The throttle after traction control; updates state.tcs_throttle_limit, state.tcs_brake (the
// brake intervention, for Controls::wheel_aid_brake) and state.tcs_active.
double traction_control_step(const VehicleModel& model, const VehicleState& vehicle, double driver_throttle, double dt_s,
                             ControllerState& state, const TractionControlSettings& settings = {});

}  // namespace tractive
