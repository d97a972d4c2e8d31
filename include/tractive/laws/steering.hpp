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

// The same angle with its tangent, which the Ackermann law has on the way (1 / (1 / tan(a) -
// sigma tan(A))): the step's caster steering needs tan(delta), and a second tangent of the angle
// just formed by an arctangent costs a twentieth of a step.
struct WheelSteer {
    double angle_rad = 0.0;
    double tangent = 0.0;
};
WheelSteer wheel_steer(double max_steer_rad, double tan_ackermann, bool left_side, double input);

}  // namespace tractive
