#pragma once
// Road-wheel steer angle from the steering input (VDrift's steering law, seed 002 keys
// "steering" and "ackermann"), and the turn of a wheel about its caster axis that gives it.

#include "tractive/core/vec3.hpp"

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

// Steering about the wheel's steering axis k = (-sin nu, 0, cos nu) (caster nu, top rearwards)
// by the rotation a that turns the wheel's heading by the steer angle delta in the body's x-y
// plane (the steering law's angle is the road wheel angle). The heading x turned by a has the
// plane angle atan(c sin a / (c^2 cos a + s^2)), c = cos nu, s = sin nu; setting it to delta,
// with t = tan(delta): c sin a - t c^2 cos a = t s^2, i.e. a = phi + psi with
// tan(phi) = t c and sin(psi) = t s^2 / (c sqrt(1 + t^2 c^2)), so cos a and sin a follow
// without inverse trigonometry. A wheel-fixed direction v (body axes, the wheel at its static toe
// and camber) becomes v' = v cos(a) + (k x v) sin(a) + k (k . v)(1 - cos(a)) (Rodrigues).
struct CasterSteer {
    Vec3 k;
    double cos_a = 1.0;
    double sin_a = 0.0;
    [[nodiscard]] Vec3 turned(const Vec3& v) const { return v * cos_a + cross(k, v) * sin_a + k * (dot(k, v) * (1.0 - cos_a)); }
};
CasterSteer caster_steer(double sin_caster, double cos_caster, double tan_delta);

}  // namespace tractive
