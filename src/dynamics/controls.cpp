#include "tractive/dynamics/controls.hpp"

#include <algorithm>
#include <cmath>

#include "lanes4.hpp"

namespace tractive {

namespace {
double clamp_or_zero(double v, double lo, double hi) { return std::isfinite(v) ? std::clamp(v, lo, hi) : 0.0; }
}  // namespace

Controls clamped(const Controls& c, int gear_count) {
    using namespace detail;
    Controls out = c;
    // Throttle, brake, clutch and steering side by side: clamp_or_zero's comparisons, lane by lane.
    const Lanes4 pedals{c.throttle, c.brake, c.clutch, c.steering};
    const Lanes4 sane = clamp_or_zero(pedals, Lanes4{0.0, 0.0, 0.0, -1.0}, splat(1.0));
    out.throttle = sane[0];
    out.brake = sane[1];
    out.clutch = sane[2];
    out.steering = sane[3];
    out.handbrake = clamp_or_zero(c.handbrake, 0.0, 1.0);
    for (double& f : out.wheel_brake_factor) f = std::isfinite(f) ? std::clamp(f, 0.0, 1.0) : 1.0;
    for (double& b : out.wheel_aid_brake) b = clamp_or_zero(b, 0.0, 1.0);
    out.gear = std::clamp(c.gear, -1, gear_count);
    return out;
}

}  // namespace tractive
