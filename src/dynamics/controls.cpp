#include "tractive/dynamics/controls.hpp"

#include <algorithm>
#include <cmath>

#include "lanes4.hpp"

namespace tractive {

namespace {
double clamp_or_zero(double v, double lo, double hi) { return std::isfinite(v) ? std::clamp(v, lo, hi) : 0.0; }
}  // namespace

Controls clamped(const Controls& c, int gear_count) {
    Controls out = c;
    detail::pedals_in_range(c, out);
    out.handbrake = clamp_or_zero(c.handbrake, 0.0, 1.0);
    for (double& f : out.wheel_brake_factor) f = std::isfinite(f) ? std::clamp(f, 0.0, 1.0) : 1.0;
    for (double& b : out.wheel_aid_brake) b = clamp_or_zero(b, 0.0, 1.0);
    out.gear = std::clamp(c.gear, -1, gear_count);
    return out;
}

}  // namespace tractive
