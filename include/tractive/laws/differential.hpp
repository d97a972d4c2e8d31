#pragma once
// Locking torque of a limited-slip differential: the largest torque its clutch pack (or the
// locked coupling) can pass between the two outputs before they slip against each other.

#include <limits>

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// Open: 0. Locked: unbounded (infinity). Viscous: its cap, locking_torque_limit_nm (infinity
// when 0). Limited slip (VDrift's anti-slip keys):
//   torque_sensing_ratio > 0: torque-sensing, torque_sensing_ratio * |T_in|, times
//     torque_sensing_coast_factor when T_in < 0 (engine braking; 0 = one-way, 1 = two-way),
//     capped at locking_torque_limit_nm when that is > 0;
//   otherwise a preloaded pack of locking_torque_limit_nm.
// input_torque_nm: the torque entering the differential (its carrier).
double differential_locking_torque_nm(const DifferentialSpec& d, double input_torque_nm);

// VDrift's speed-sensitive limited slip (DifferentialType::Viscous): the coupling's coefficient
// c (N m s/rad) in torque = c (w1 - w2), capped by differential_locking_torque_nm; 0 for the
// other types: c = torque_sensing_ratio * T_in when torque_sensing_ratio > 0 (times
// -torque_sensing_coast_factor when T_in < 0), else viscous_coefficient_nm_s_per_rad; never
// below 0 (VDrift's CarDifferential::ComputeWheelTorques).
double differential_viscous_coefficient_nm_s_per_rad(const DifferentialSpec& d, double input_torque_nm);

}  // namespace tractive
