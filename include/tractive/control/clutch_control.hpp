#pragma once
// The automated clutch's arithmetic (seed 001 III.3.1: the clutch "progressively engaged while
// the car is gaining speed" and re-engaged after a shift): which clutch torque holds the engine
// on a chosen speed, and which pedal travel gives that torque through the car's own clutch law
// (laws/clutch.hpp: seed-000 pedal zones, then F(x) and mu(slip), or VDrift's capacity).

#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

// Net torque the engine will put on the crank this step at the given driver throttle: the
// combustion torque at max(throttle, idle governor) minus the resistive torque
// (laws/engine.hpp), 0 for a stopped engine. An estimate of what the step applies (the step
// also cuts combustion at the rev limiter); the speed feedback below corrects the rest.
double engine_net_torque_nm(const VehicleModel& model, const VehicleState& state, double throttle);

// Clutch torque (engine -> gearbox, signed) that brings the engine speed w_e to w_ref with
// time constant tau: the engine obeys J dw_e/dt = T_engine - T_clutch, so
//   T_clutch = T_engine + J (w_e - w_ref) / tau
// gives dw_e/dt = -(w_e - w_ref) / tau (first order, no overshoot).
double engine_speed_hold_torque_nm(double engine_net_torque_nm, double engine_inertia_kgm2, double engine_speed_rad_per_s,
                                   double target_speed_rad_per_s, double time_constant_s);

// Pedal travel (0 up .. 1 floored) for a disc travel x (1 clamped .. 0 free): the inverse of
// the seed-000 zones, x = 1 - (pedal - free_play) / working_range inside the working range.
// x >= 1 gives 0 (pedal up), x <= 0 gives 1 (floored).
double clutch_pedal_for_disc_travel(const ClutchPedalZones& zones, double disc_travel);

// Pedal travel whose clutch capacity at this slip speed equals |torque_nm|; the capacity is
// monotone in disc travel, so the disc travel is found by bisection (to 1e-9) and turned into
// pedal travel. Torque at or above the full capacity gives 0 (pedal up).
// The sign matters as well: a slipping clutch passes torque from the faster side to the slower
// one, so a torque of the other sign than the slip (engine - gearbox) cannot be made and gives
// the pedal floored. At zero slip either sign can be held.
double clutch_pedal_for_torque(const ClutchSpec& clutch, double torque_nm, double slip_speed_rad_per_s);

}  // namespace tractive
