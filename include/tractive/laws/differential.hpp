#pragma once
// Locking torque of a limited-slip differential: the largest torque its clutch pack (or the
// locked coupling) can pass between the two outputs before they slip against each other.

#include <limits>

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// Open: 0. Locked: unbounded (infinity). Limited slip (VDrift keys):
//   anti_slip_torque > 0: torque-sensing, anti_slip_torque * |T_in|, times the deceleration
//     factor when T_in < 0 (engine braking; 0 = one-way, 1 = two-way), capped at anti_slip_nm
//     when that is > 0;
//   otherwise a preloaded pack of anti_slip_nm.
// input_torque_nm: the torque entering the differential (its carrier).
double differential_locking_torque_nm(const DifferentialSpec& d, double input_torque_nm);

// VDrift's speed-sensitive limited slip (DifferentialType::Viscous): the coupling's coefficient
// c (N m s/rad) in torque = c (w1 - w2), capped at anti_slip_nm; 0 for the other types:
//   c = anti_slip_torque * T_in when anti_slip_torque > 0 (times -deceleration factor when
//   T_in < 0), else anti_slip_nm; never below 0 (VDrift's CarDifferential::ComputeWheelTorques).
double differential_viscous_coefficient_nm_s_per_rad(const DifferentialSpec& d, double input_torque_nm);

}  // namespace tractive
