#pragma once
// One internal step of a car with a driver: the control layer turns the driver's input into the
// car's controls (transmission, clutch automation, ABS, traction control), then the fixed step
// advances the car by one internal step. The step every stepping loop calls: tractive::Vehicle
// (and through it VehicleBatch, the drive window and Python's Vehicle), run_controls (tractive run,
// Python's run) and the standard tests' TestDrive.

#include "tractive/control/controller.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/world/ground.hpp"

namespace tractive {

struct DrivenStep {
    Controls applied;                  // what the control layer gave the car for this step
    bool gear_change_refused = false;  // a requested gear change was refused (ControllerState)
    bool engine_stopped = false;       // running before the step and not after: a stall or an empty tank
    bool plausible = true;             // false: the state is not a car's (state_is_plausible: not finite, or beyond
                                       // any car's speeds); the caller restores, fails or throws
};

// control_step over the internal step step.internal_step_s, then step_fixed with `load` (an
// outside force and torque on the body, none when null). `state` and `controller` advance in place.
DrivenStep step_driven(const VehicleModel& model, const Ground& ground, const StepSettings& step, const ControlSettings& control,
                       const DriverInput& input, ControllerState& controller, VehicleState& state, const ExternalLoad* load = nullptr);

}  // namespace tractive
