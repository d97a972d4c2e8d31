#include "tractive/laws/suspension.hpp"

#include <algorithm>

namespace tractive {

SuspensionForce suspension_force(const SuspensionSpec& s, double preload_n, double travel, double speed) {
    SuspensionForce f;
    f.spring_n = std::max(preload_n + s.spring_n_per_m * travel, 0.0);
    double v = speed;
    if (s.max_compression_velocity_m_per_s > 0.0) {
        v = std::clamp(v, -s.max_compression_velocity_m_per_s, s.max_compression_velocity_m_per_s);
    }
    f.damper_n = v * (v > 0.0 ? s.bump_damping_ns_per_m : s.rebound_damping_ns_per_m);
    const double over = travel - s.travel_m;
    if (over > 0.0) f.bump_stop_n = kBumpStopFactor * s.spring_n_per_m * over;
    return f;
}

double droop_limit_m(const SuspensionSpec& s, double preload_n) { return -preload_n / s.spring_n_per_m; }

}  // namespace tractive
