#include "tractive/laws/engine.hpp"

#include <algorithm>
#include <cmath>

#include "tractive/laws/engine_torque.hpp"

namespace tractive {

EngineTorque engine_torque(const EngineSpec& e, double rpm, double throttle, bool running) {
    const double t = running ? std::clamp(throttle, 0.0, 1.0) : 0.0;
    const double n = std::abs(rpm);
    EngineTorque out;
    out.drive_nm = t * std::max(e.torque_curve_nm(n), 0.0);
    if (!e.resistive_torque_curve_nm.empty()) {
        out.resistive_nm = (1.0 - t) * std::abs(std::min(e.resistive_torque_curve_nm(n), 0.0));
    } else {
        out.resistive_nm = (1.0 - t) * engine_friction_torque_nm(e, n);
    }
    return out;
}

double governor_throttle(const EngineSpec& e, double rpm) {
    constexpr double kGain = 10.0;
    const double idle = e.start_rpm;
    return std::clamp(e.idle_throttle + kGain * (idle - rpm) / idle, 0.0, 1.0);
}

}  // namespace tractive
