#pragma once
// Road-wheel steer angle from the steering input (VDrift's steering law, seed 002 keys
// "steering" and "ackermann").

namespace tractive {

// input in [-1, 1], + = left. a = input * max_steer. With Ackermann arm angle A, the wheel on
// side sigma (+1 left, -1 right) turns delta = atan(1 / (1 / tan(a) - sigma tan(A))): the inner
// wheel of a turn turns more. tan(A) is passed in (the step's vehicle model computes it once per
// car from WheelSpec::ackermann_rad). Returns the steer angle about the body z axis (+ = left),
// before static toe.
double wheel_steer_angle_rad(double max_steer_rad, double tan_ackermann, bool left_side, double input);

}  // namespace tractive
