#include "tractive/control/driven_step.hpp"

#include <array>
#include <stdexcept>

#include "driven_step_together.hpp"

#include "../core/step_copies.hpp"
#include "../dynamics/step_in_range.hpp"

namespace tractive {

namespace {
DrivenStep step_driven_with(const VehicleModel& model, const Ground& ground, const StepSettings& step, const ControlSettings& control,
                            const DriverInput& input, ControllerState& controller, VehicleState& state, const ExternalLoad* load) {
    DrivenStep out;
    // control_step's controls are in their ranges (it returns them clamped()): the step does not
    // clamp them again.
    out.applied = control_step(model, state, input, control, step.internal_step_s, controller);
    out.gear_change_refused = controller.gear_change_refused;
    const bool was_running = state.engine_running;
    detail::step_fixed_in_range(model, ground, out.applied, step, state, load);
    out.engine_stopped = was_running && !state.engine_running;
    out.plausible = state_is_plausible(state);
    return out;
}

void step_driven_together_with(std::span<const detail::DrivenCar> cars, const StepSettings& step, std::span<DrivenStep> out) {
    if (cars.size() > static_cast<std::size_t>(detail::kCarsInGroup) || out.size() != cars.size())
        throw std::invalid_argument("step_driven_together: at most four cars, one result each");
    std::array<detail::CarInGroup, detail::kCarsInGroup> group;
    std::array<bool, detail::kCarsInGroup> was_running{};
    for (std::size_t k = 0; k < cars.size(); ++k) {  // as step_driven_with, car by car
        const detail::DrivenCar& car = cars[k];
        out[k] = DrivenStep{};
        out[k].applied = control_step(*car.model, *car.state, *car.input, *car.control, step.internal_step_s, *car.controller);
        out[k].gear_change_refused = car.controller->gear_change_refused;
        was_running[k] = car.state->engine_running;
        group[k] = {car.model, car.ground, out[k].applied, car.state, car.load};
    }
    detail::step_fixed_together_in_range(std::span(group.data(), cars.size()), step);
    for (std::size_t k = 0; k < cars.size(); ++k) {
        out[k].engine_stopped = was_running[k] && !cars[k].state->engine_running;
        out[k].plausible = state_is_plausible(*cars[k].state);
    }
}
}  // namespace

// The entry points of the control layer and step's copies compiled for x86-64-v3 and v4
// (core/step_copies.hpp). Each defined only in its copy.
namespace x86_64_v3 {
DrivenStep step_driven(const VehicleModel& model, const Ground& ground, const StepSettings& step, const ControlSettings& control,
                       const DriverInput& input, ControllerState& controller, VehicleState& state, const ExternalLoad* load);
void step_driven_together(std::span<const detail::DrivenCar> cars, const StepSettings& step, std::span<DrivenStep> out);
}  // namespace x86_64_v3
namespace x86_64_v4 {
DrivenStep step_driven(const VehicleModel& model, const Ground& ground, const StepSettings& step, const ControlSettings& control,
                       const DriverInput& input, ControllerState& controller, VehicleState& state, const ExternalLoad* load);
void step_driven_together(std::span<const detail::DrivenCar> cars, const StepSettings& step, std::span<DrivenStep> out);
}  // namespace x86_64_v4
#if defined(TRACTIVE_STEP_COPY)
DrivenStep TRACTIVE_STEP_COPY::step_driven(const VehicleModel& model, const Ground& ground, const StepSettings& step,
                                           const ControlSettings& control, const DriverInput& input, ControllerState& controller,
                                           VehicleState& state, const ExternalLoad* load) {
    return step_driven_with(model, ground, step, control, input, controller, state, load);
}
void TRACTIVE_STEP_COPY::step_driven_together(std::span<const detail::DrivenCar> cars, const StepSettings& step,
                                              std::span<DrivenStep> out) {
    step_driven_together_with(cars, step, out);
}
#endif

DrivenStep step_driven(const VehicleModel& model, const Ground& ground, const StepSettings& step, const ControlSettings& control,
                       const DriverInput& input, ControllerState& controller, VehicleState& state, const ExternalLoad* load) {
#if defined(TRACTIVE_HAS_STEP_COPIES) && !defined(TRACTIVE_STEP_COPY)
    switch (detail::step_copy_in_use()) {
        case detail::StepCopy::x86_64_v4: return x86_64_v4::step_driven(model, ground, step, control, input, controller, state, load);
        case detail::StepCopy::x86_64_v3: return x86_64_v3::step_driven(model, ground, step, control, input, controller, state, load);
        case detail::StepCopy::baseline: break;
    }
#endif
    return step_driven_with(model, ground, step, control, input, controller, state, load);
}

void detail::step_driven_together(std::span<const DrivenCar> cars, const StepSettings& step, std::span<DrivenStep> out) {
#if defined(TRACTIVE_HAS_STEP_COPIES) && !defined(TRACTIVE_STEP_COPY)
    switch (step_copy_in_use()) {
        case StepCopy::x86_64_v4: return x86_64_v4::step_driven_together(cars, step, out);
        case StepCopy::x86_64_v3: return x86_64_v3::step_driven_together(cars, step, out);
        case StepCopy::baseline: break;
    }
#endif
    step_driven_together_with(cars, step, out);
}

}  // namespace tractive
