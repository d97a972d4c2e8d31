#pragma once
// The gearbox's ratio in a gear (seed 001 IV, seed 002 [transmission]).

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// Engine speed over gearbox output speed in `gear`: forward_ratios[gear - 1] for gears 1..n,
// the (negative) reverse ratio for -1, 0 in neutral or a gear the box does not have.
double gearbox_ratio(const TransmissionSpec& transmission, int gear);

}  // namespace tractive
