// The step's engine phase (engine_now.hpp).

#include "engine_now.hpp"

#include <algorithm>
#include <cmath>

namespace tractive::detail {

EngineNow engine_now(const VehicleModel& m, double throttle_input, VehicleState& s) {
    const VehicleSpec& spec = m.spec;
    const double rpm = std::abs(s.engine_speed_rad_per_s) / kRadPerSecPerRpm;
    if (s.engine_running && rpm > spec.engine.rpm_limit) s.rev_limiter_cut = true;
    if (s.rev_limiter_cut && rpm < spec.engine.rpm_limit - kLimiterHysteresis_rpm) s.rev_limiter_cut = false;
    double throttle = s.engine_running ? std::max(throttle_input, governor_throttle(spec.engine, rpm, m.governor_authority)) : 0.0;
    if (s.rev_limiter_cut) throttle = 0.0;
    const EngineTorque et = engine_torque(spec.engine, rpm, throttle, s.engine_running);
    return {rpm, throttle, et};
}

}  // namespace tractive::detail
