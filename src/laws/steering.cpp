#include "tractive/laws/steering.hpp"

#include <algorithm>
#include <cmath>

namespace tractive {

double wheel_steer_angle_rad(double max_steer_rad, double tan_ackermann, bool left_side, double input) {
    return wheel_steer(max_steer_rad, tan_ackermann, left_side, input).angle_rad;
}

WheelSteer wheel_steer(double max_steer_rad, double tan_ackermann, bool left_side, double input) {
    const double a = input * max_steer_rad;
    if (a == 0.0) return {};
    if (tan_ackermann == 0.0) return {a, std::tan(a)};
    const double sigma = left_side ? 1.0 : -1.0;
    const double inv = 1.0 / std::tan(a) - sigma * tan_ackermann;
    // A right angle's tangent as std::tan gives it (finite: the caster law divides by it).
    if (inv == 0.0) return {sigma * 0.5 * 3.14159265358979323846, sigma * 1.633123935319537e16};
    // 1 / inv has the sign of a for the angles a car uses (|a| < 90 deg - A).
    const double t = 1.0 / inv;
    return {std::atan(t), t};
}

CasterSteer caster_steer(double sin_caster, double cos_caster, double tan_delta) {
    const double s = sin_caster;
    const double c = cos_caster;
    const double t = tan_delta;
    const double inv_root = 1.0 / std::sqrt(1.0 + t * t * c * c);
    const double cos_phi = inv_root;
    const double sin_phi = t * c * inv_root;
    const double sin_psi = std::clamp(t * s * s / c * inv_root, -1.0, 1.0);
    const double cos_psi = std::sqrt(1.0 - sin_psi * sin_psi);
    return {Vec3{-s, 0.0, c}, cos_phi * cos_psi - sin_phi * sin_psi, sin_phi * cos_psi + cos_phi * sin_psi};
}

}  // namespace tractive
