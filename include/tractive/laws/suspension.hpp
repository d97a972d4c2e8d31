#pragma once
// Force of one corner's suspension along the body's z axis (N, > 0 pushes body up and wheel
// down), as a function of travel s (m, > 0 = compression from the design ride height) and
// travel speed ds/dt (m/s).

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

struct SuspensionForce {
    double spring_n = 0.0;   // preload + k s (>= 0: a coil spring only pushes)
    double damper_n = 0.0;   // bump or rebound coefficient by the sign of ds/dt
    double bump_stop_n = 0.0;
    [[nodiscard]] double total() const { return spring_n + damper_n + bump_stop_n; }
};

// preload_n: spring force at the design ride height. Damper speed limited to
// max_compression_velocity when set (seed 002: dampers "lock up" beyond it: the force stops
// growing). Bump stop beyond `travel_m`: stiffness kBumpStopFactor * k, progressive with the
// overtravel (linear here), so compression is bounded.
SuspensionForce suspension_force(const SuspensionSpec& s, double preload_n, double travel_m, double travel_speed_m_per_s);

inline constexpr double kBumpStopFactor = 10.0;

// Travel where the spring reaches zero force: full droop (m, <= 0).
double droop_limit_m(const SuspensionSpec& s, double preload_n);

}  // namespace tractive
