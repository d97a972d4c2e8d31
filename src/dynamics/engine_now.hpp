#pragma once
// The step's engine phase (private to dynamics/; docs/architecture.md, "The step"): the rev
// limiter (cuts the throttle above the rpm limit until the engine is kLimiterHysteresis_rpm
// below it), the effective throttle (the driver's, or the idle governor's where more: VDrift's
// "idle"), and the engine's torque at this speed and throttle (laws/engine.hpp).

#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "tractive/laws/engine.hpp"
#include "tractive/laws/engine_torque.hpp"

namespace tractive::detail {

// Rev limiter hysteresis: combustion resumes this far below the limit (VDrift: 100 rpm).
inline constexpr double kLimiterHysteresis_rpm = 100.0;

struct EngineNow {
    double rpm = 0.0;       // |engine speed| in rpm
    double throttle = 0.0;  // effective, 0..1
    EngineTorque torque;
};

// Updates the state's rev-limiter cut and returns the engine's speed, throttle and torque.
EngineNow engine_now(const VehicleModel& model, double throttle_input, VehicleState& state);

}  // namespace tractive::detail
