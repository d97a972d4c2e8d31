#pragma once
// What a driver model knows about the car it drives: figures that follow from the spec (wheelbase,
// steering lock, brake force) and estimates at the current operating point (drive force range of
// the engaged gear, running resistance, slope). The driver models scale their gains by these, so
// that one set of gains works on every car (docs/driver-models.md).

#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

struct DriverVehicleFigures {
    // Mean front wheel x minus mean rear wheel x (m): the bicycle model's wheelbase L.
    double wheelbase_m = 0.0;
    // Road-wheel angle difference front minus rear per unit steering input (rad): the bicycle
    // model's effective steer angle is delta = steering * steer_lock_rad (front max steer minus
    // rear max steer; rear steer is negative when it steers the other way).
    double steer_lock_rad = 0.0;
    // Mean unloaded radius of the driven wheels (m).
    double driven_radius_m = 0.0;
    // Every ratio between the gearbox output and the driven wheels.
    double overall_final_drive = 0.0;
    // Sum over the wheels of the full-pedal brake torque / tyre radius (N): the brake force at
    // full pedal when no wheel locks.
    double full_brake_force_n = 0.0;
};

DriverVehicleFigures driver_vehicle_figures(const VehicleSpec& spec);

// Sum over the wheels of the tyres' cornering stiffness C = -dFy/dalpha at zero slip, at each
// wheel's static load on the nominal surface (N/rad). With the mass m it sets the single-track
// model's lateral time constant at speed v, tau = m v / sum C (Rajamani, "Vehicle Dynamics and
// Control", 2nd ed., 2012, ch. 2: the lateral-velocity equation's coefficient -sum C / (m v)):
// how long the car takes to build up side force after the steering moves, which grows with speed.
double total_cornering_stiffness_n_per_rad(const VehicleModel& model);
// (Each wheel's share: wheel_cornering_stiffness_n_per_rad, dynamics/single_track.hpp.)

// Longitudinal force at the driven wheels' contact patches (N, + = forward) that the engine can
// give in the engaged gear at the current engine speed, at zero throttle (engine braking, <= 0)
// and at full throttle. The engine's net torque is linear in throttle in both of the engine's
// forms (laws/engine.hpp): T(t) = -Tr + t (Tf + Tr), with Tf the full-load torque and Tr the
// resistive torque at zero throttle; at the wheels F = T i_gear i_final / r, with the gearbox
// efficiency eta taken off the magnitude (F = (T - (1 - eta) |T|) i / r). In neutral the range of
// first gear at the engine speed matching the road speed is returned (what the driver expects
// once a gear goes in); a stopped engine gives only its resistance.
struct DriveForceRange {
    double zero_throttle_n = 0.0;
    double full_throttle_n = 0.0;
};
DriveForceRange drive_force_range(const VehicleModel& model, const DriverVehicleFigures& figures,
                                  const VehicleState& state);

// Mass the driving force accelerates along the road (kg): the car's current mass plus its
// rotating parts referred to the contact patches, m + sum_i I_wheel,i / r_i^2 + (I_engine +
// I_gearbox) (i_gear i_final / r_driven)^2 with a forward gear engaged (Gillespie, "Fundamentals
// of Vehicle Dynamics", 1992, ch. 2, the mass factor; the engine part assumes the clutch engaged).
// It ranges from about 1.05 m to 1.4 m among the test cars (the 2009 XS has 10 kg m^2 wheels).
double effective_mass_kg(const VehicleModel& model, const DriverVehicleFigures& figures, const VehicleState& state);

// Estimated resistance to motion at forward speed v on level ground (N, >= 0 for v >= 0):
// aerodynamic drag of every device (laws/aero.hpp, ISA air) plus rolling resistance
// sum_i Crr_i(v) Fz_i (laws/rolling_resistance.hpp) with the tyre loads of the last step (the
// static loads before the first step).
double running_resistance_n(const VehicleModel& model, const VehicleState& state, double speed_m_per_s);

// Component of gravity along the road under the car (m/s^2, + = pulls the car back, uphill):
// g sin(theta), theta = the body's climb angle (asin of the world z component of its x axis)
// plus its pitch on springs and tyres, (c_front - c_rear) / L with c the mean compression of an
// axle's corners (suspension travel + (Fz - Fz_static) / k_tyre): what a driver reads from the
// road ahead, not the dive under braking or the squat under power.
double slope_deceleration_m_per_s2(const VehicleModel& model, const VehicleState& state);

}  // namespace tractive
