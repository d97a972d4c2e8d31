#include "tractive/dynamics/controls.hpp"

#include <algorithm>
#include <cmath>

namespace tractive {

namespace {
double clamp_or_zero(double v, double lo, double hi) { return std::isfinite(v) ? std::clamp(v, lo, hi) : 0.0; }
}  // namespace

Controls clamped(const Controls& c, int gear_count) {
    Controls out = c;
    out.throttle = clamp_or_zero(c.throttle, 0.0, 1.0);
    out.brake = clamp_or_zero(c.brake, 0.0, 1.0);
    out.clutch = clamp_or_zero(c.clutch, 0.0, 1.0);
    out.steering = clamp_or_zero(c.steering, -1.0, 1.0);
    out.handbrake = clamp_or_zero(c.handbrake, 0.0, 1.0);
    for (double& f : out.wheel_brake_factor) f = std::isfinite(f) ? std::clamp(f, 0.0, 1.0) : 1.0;
    for (double& b : out.wheel_aid_brake) b = clamp_or_zero(b, 0.0, 1.0);
    out.gear = std::clamp(c.gear, -1, gear_count);
    return out;
}

}  // namespace tractive
