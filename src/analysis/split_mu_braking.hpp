#pragma once
// Straight-line braking on split friction (docs/maneuvers.md): the car's left wheels on a
// high-friction half of the road, its right wheels on a low-friction half, full brake pedal from
// a straight run. Two runs: the driver holding the line (the closed loop of UN R13-H Annex 6's
// split-friction check: how much steering correction the stop asks for) and the steering held
// where it was (ISO 14512's open-loop method: the yaw and the drift the braked car makes by
// itself).

#include "tractive/analysis/maneuvers.hpp"

namespace tractive {

// From 100 km/h (--speed), left half friction 1.0, right half 0.3.
ManeuverResult split_mu_braking(const VehicleSpec& spec, const ManeuverOptions& options);

}  // namespace tractive
