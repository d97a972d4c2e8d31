#pragma once
// Road-wheel steer angle from the steering input (VDrift's steering law, seed 002 keys
// "steering" and "ackermann").

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// input in [-1, 1], + = left. a = input * max_steer. With Ackermann arm angle A, the wheel on
// side sigma (+1 left, -1 right) turns delta = atan(1 / (1 / tan(a) - sigma tan(A))): the inner
// wheel of a turn turns more. Returns the steer angle about the body z axis (+ = left), before
// static toe.
double wheel_steer_angle_rad(const WheelSpec& wheel, bool left_side, double input);

// The same law with tan(A) given (the step computes it once per car).
double wheel_steer_angle_rad(double max_steer_rad, double tan_ackermann, bool left_side, double input);

}  // namespace tractive
