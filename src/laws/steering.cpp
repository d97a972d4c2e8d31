#include "tractive/laws/steering.hpp"

#include <cmath>

namespace tractive {

double wheel_steer_angle_rad(double max_steer_rad, double tan_ackermann, bool left_side, double input) {
    const double a = input * max_steer_rad;
    if (a == 0.0 || tan_ackermann == 0.0) return a;
    const double sigma = left_side ? 1.0 : -1.0;
    const double inv = 1.0 / std::tan(a) - sigma * tan_ackermann;
    if (inv == 0.0) return sigma * 0.5 * 3.14159265358979323846;
    // 1 / inv has the sign of a for the angles a car uses (|a| < 90 deg - A).
    return std::atan(1.0 / inv);
}

}  // namespace tractive
