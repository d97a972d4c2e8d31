#include "tractive/control/driven_step.hpp"

#include "../core/x86_64_v3.hpp"
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
    out.finite = state_is_finite(state);
    return out;
}
}  // namespace

namespace x86_64_v3 {
// The entry point of the control layer and step's copy compiled for x86-64-v3
// (core/x86_64_v3.hpp). Defined only in the copy.
DrivenStep step_driven(const VehicleModel& model, const Ground& ground, const StepSettings& step, const ControlSettings& control,
                       const DriverInput& input, ControllerState& controller, VehicleState& state, const ExternalLoad* load);
#if defined(TRACTIVE_X86_64_V3_COPY)
DrivenStep step_driven(const VehicleModel& model, const Ground& ground, const StepSettings& step, const ControlSettings& control,
                       const DriverInput& input, ControllerState& controller, VehicleState& state, const ExternalLoad* load) {
    return step_driven_with(model, ground, step, control, input, controller, state, load);
}
#endif
}  // namespace x86_64_v3

DrivenStep step_driven(const VehicleModel& model, const Ground& ground, const StepSettings& step, const ControlSettings& control,
                       const DriverInput& input, ControllerState& controller, VehicleState& state, const ExternalLoad* load) {
#if defined(TRACTIVE_HAS_X86_64_V3_COPY) && !defined(TRACTIVE_X86_64_V3_COPY)
    if (x86_64_v3::in_use()) return x86_64_v3::step_driven(model, ground, step, control, input, controller, state, load);
#endif
    return step_driven_with(model, ground, step, control, input, controller, state, load);
}

}  // namespace tractive
