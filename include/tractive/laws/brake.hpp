#pragma once
// Brake torque limits.

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// Largest brake torque of one wheel at full pedal (N m).
// VDrift form (seed 002): friction * area * bias * max_pressure * radius. (VDrift's code applies
// the bias a second time; we follow the documented formula.)
// MaxTorque form (seed 001 V): max_torque * front_fraction / 2 on each front wheel and
// max_torque * (1 - front_fraction) / 2 on each rear wheel.
double max_brake_torque_nm(const VehicleSpec& spec, WheelIndex wheel);

}  // namespace tractive
