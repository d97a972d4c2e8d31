#pragma once
// Electronic stability control (ESC; Bosch's ESP): keeps the car's yaw rate near the yaw rate the
// driver asks for and the road allows, by braking one wheel and cutting the engine's torque, as
// van Zanten describes Bosch's system ("Bosch ESP Systems: 5 Years of Experience", SAE
// 2000-01-1633; "VDC, the Vehicle Dynamics Control System of Bosch", SAE 950759) and Rajamani
// ("Vehicle Dynamics and Control", 2nd ed., 2012, ch. 8) derives it.
//
// Reference. The driver's front road-wheel angle delta (the steering law at the driver's input,
// the front wheels' mean) drives the car's own linear single-track model (dynamics/single_track.hpp:
// its mass, yaw inertia, axle positions and the tyres' cornering stiffness) at the car's forward
// speed v, integrated with the control step (implicit Euler: stable at any step). Its yaw rate
// r_lin has the car's own lag and gain v / (L + K v^2); the reference is r_lin bounded by what the
// road can give, |r_ref| <= mu g / v (Rajamani eq. 8.13, a steady turn at yaw rate r needing the
// lateral acceleration v r; his example takes 0.85 of it, but 0.85 x the roadster's tyre mu of
// 1.10 is 0.94 g, below the 0.97 g the car holds on the skidpad: the unit would take the car's
// own steady limit for oversteer), with mu the tyres' peak lateral
// friction times the friction of the surface under the wheels. (A real unit estimates mu from
// the accelerations it measures; here the surface's own factor is read: an ideal estimate.)
//
// Detection. The yaw-rate error e = r - r_ref, plus the sideslip beta = atan(v_y / v_x) past its
// bound atan(0.02 mu g) (Rajamani eq. 8.15) counted as a yaw-rate error of 2 /s times the excess,
// in the direction that turns the car back towards its path. The car oversteers when it yaws more
// than the reference in the direction it yaws (or against it), and understeers when it yaws less.
// Only the error past a dead band counts (no intervention in ordinary driving): 0.05 rad/s
// (3 deg/s), or at low speed the error whose lateral acceleration v e is 1 m/s^2 (0.1 g), the
// larger, plus 10 % of |r_ref| for oversteer and 25 % for understeer. Understeer is corrected only
// while the car turns at more than half the road's friction (|v r| > 0.5 mu g): below that the
// front tyres have grip to give, and the gap to the linear reference is the car's own steady
// understeer (load transfer, compliance, camber), which the linear model leaves out.
//
// Intervention. The yaw moment that takes the error out in tau = 0.2 s, M = -I_z e / tau, from one
// braked wheel: a brake force F at half track w gives the body the moment F w, so the wheel's
// brake torque is |M| R / w (R its radius), as a share of its full foot-brake torque. Oversteer:
// the front wheel on the side that gives the needed moment (the outer front of the turn);
// understeer: the rear wheel on that side (the inner rear). The share moves towards that demand at
// the rates of a pump-driven hydraulic unit (full pressure in 0.15 s, released in 0.1 s) and is
// dumped at 1 / 0.04 s while the wheel's braking slip is past 1.25 x its tyre's peak slip, as the
// ABS would (the unit holds the braked wheel in its tyre's slip band). While it brakes, the engine
// is cut in proportion: the throttle ceiling falls at 1 / 0.2 s towards 1 less the largest brake
// share, and rises back at 1 / 0.5 s.
// Under the driver's braking (van Zanten, SAE 2000-01-1633: in ABS braking the unit modulates the
// wheels' pressures for the yaw moment): an oversteer correction whose front wheel the ABS already
// holds in its slip band (on split friction, the wheel on the slippery side, with no braking force
// to add, and which more brake would only lock) is made by easing the other front wheel's brake by
// the share that gives the moment, with no brake added to the held one
// (`ControllerState::esc_relief`, eased at the release rate and given back at the build rate, gone
// with the pedal; that wheel's Controls::wheel_brake_factor falls by relief / pedal); and the held
// wheel is let run at more slip, where its tyre gives less side force, as Bosch's unit raises the
// outer front wheel's desired slip: its ABS slip band is multiplied by 1 + 2 x the share asked of
// it (`ControllerState::esc_slip_raise`; slip_raise_per_share, a design value), moving as the
// share would.
// Roll-over mitigation (Bosch's ROM; Rajamani ch. 8's roll-over discussion): a car tips when its
// lateral acceleration reaches g t / (2 h) (the static stability factor times g: t the mean track,
// h the centre of mass's height over the ground), less with its suspension's roll. Above 0.75 of
// that (the measured lateral acceleration of the body) the outer front wheel is braked, its share
// rising linearly to 1 at the threshold: the braked tyre gives less side force, and the car runs
// wider instead of over. A car whose tyres cannot reach 0.75 of its threshold never sees it.
// Below 5 m/s (18 km/h), in reverse and with no wheel on the ground the unit is idle (its reference
// follows the car's own yaw rate). The brake share goes to
// Controls::wheel_aid_brake beside traction control's (the larger of the two); the ceiling to the
// throttle beside traction control's (the smaller). The design values (dead band, tau, rates) are
// those of the sources' examples, not fitted to a test; docs/control.md says what each does.

#include "tractive/control/controller_state.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

struct StabilityControlSettings {
    double yaw_dead_band_rad_per_s = 0.05;
    double dead_band_lateral_m_per_s2 = 1.0;   // the dead band at least this / v
    double yaw_dead_band_share = 0.10;         // of |r_ref|, oversteer
    double understeer_dead_band_share = 0.25;  // of |r_ref|, understeer
    double understeer_friction_share = 0.5;    // understeer corrected above this x mu g of v r
    double friction_bound_share = 1.0;      // |r_ref| <= share x mu g / v
    double sideslip_bound_mu_g = 0.02;      // beta_max = atan(this x mu g)
    double sideslip_gain_per_s = 2.0;       // yaw-rate error per rad of sideslip past its bound
    double correction_time_s = 0.2;         // tau
    double brake_build_time_s = 0.15;       // a wheel's share from 0 to 1
    double brake_release_time_s = 0.10;
    double brake_dump_time_s = 0.04;        // while the braked wheel slips past its band
    double dump_above_peak = 1.25;
    double cut_time_s = 0.2;                // throttle ceiling from 1 to 0
    double restore_time_s = 0.5;
    double min_speed_m_per_s = 5.0;
    double rollover_share = 0.75;           // roll-over mitigation above this x g t / (2 h)
    // Under the driver's braking: the ABS slip band of a front wheel the ABS holds, raised by this
    // x the brake share the correction asks of it (the band times 1 + raise).
    double slip_raise_per_share = 2.0;
};

// The car's constants for the unit: its single-track model, its tyres' peak lateral friction (the
// load-weighted mean of the four tyres' peak |Fy| / Fz at their static loads on the nominal
// surface, sampled to 0.5 rad of slip angle) and its roll-over threshold (h: the centre of mass
// with the initial fuel over the wheels' mean contact height at design ride height). Part of
// AidConstants (controller.hpp).
StabilityReference stability_reference(const VehicleModel& model);

// One step: updates state.esc_* (reference, brake shares, easings, throttle ceiling, activity) and
// returns the throttle under the unit's ceiling. `steering_input` and `brake_pedal` are the
// driver's (-1..1, 0..1).
double stability_control_step(const VehicleModel& model, const VehicleState& vehicle, double steering_input, double brake_pedal,
                              double throttle, double dt_s, ControllerState& state,
                              const StabilityControlSettings& settings = {});

}  // namespace tractive
