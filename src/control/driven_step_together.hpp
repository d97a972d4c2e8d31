#pragma once
// step_driven for a group of cars at once (private to the library): each car's control layer,
// then their internal steps together (dynamics/step_in_range.hpp, step_fixed_together_in_range:
// the solves' sweeps side by side where the cars' rows have one shape). Each car comes out with
// the bits step_driven gives it alone. VehicleBatch steps its cars in such groups.

#include <span>

#include "tractive/control/driven_step.hpp"

namespace tractive::detail {

// One car of the group: what step_driven takes, by address.
struct DrivenCar {
    const VehicleModel* model;
    const Ground* ground;
    const ControlSettings* control;
    const DriverInput* input;
    ControllerState* controller;
    VehicleState* state;
    const ExternalLoad* load;  // none when null
};

// step_driven(car, step) for each of up to four cars (dynamics/step_in_range.hpp,
// kCarsInGroup), its result in out[k]; `out` as long as `cars`.
void step_driven_together(std::span<const DrivenCar> cars, const StepSettings& step, std::span<DrivenStep> out);

}  // namespace tractive::detail
