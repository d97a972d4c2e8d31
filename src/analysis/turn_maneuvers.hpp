#pragma once
// Open-loop manoeuvres from a steady turn (docs/maneuvers.md): ISO 7975 braking in a turn and
// ISO 9816 power-off in a turn. The car is driven onto a circle at a steady speed; then the
// steering is held where the driver had it and the event comes: a brake pedal for a set
// deceleration, or the throttle let go. What the car does in the next second against the circle
// it was on is the result.

#include "tractive/analysis/maneuvers.hpp"

namespace tractive {

// ISO 7975: 100 m circle (--radius) at 4 m/s^2 of lateral acceleration, then braking at 5 m/s^2.
ManeuverResult braking_in_turn(const VehicleSpec& spec, const ManeuverOptions& options);

// ISO 9816: 100 m circle at 5 m/s^2, then the throttle released.
ManeuverResult power_off_in_turn(const VehicleSpec& spec, const ManeuverOptions& options);

// NHTSA's fishhook with roll-rate feedback (the rollover resistance test, 49 CFR 575.105's
// dynamic part): at entry speeds of 35-50 mph, coasting, the steering to 6.5 x the input for
// 0.3 g, held until the roll rate falls to 1.5 deg/s, then reversed to the other side, held 3 s.
// Figures: the largest roll angle, whether the two wheels of one side left the ground together
// (the standard's two-wheel lift, "tip-up"), and at which entry speed first.
ManeuverResult fishhook(const VehicleSpec& spec, const ManeuverOptions& options);

}  // namespace tractive
