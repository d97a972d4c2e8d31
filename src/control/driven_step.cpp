#include "tractive/control/driven_step.hpp"

namespace tractive {

DrivenStep step_driven(const VehicleModel& model, const Ground& ground, const StepSettings& step, const ControlSettings& control,
                       const DriverInput& input, ControllerState& controller, VehicleState& state, const ExternalLoad* load) {
    DrivenStep out;
    out.applied = control_step(model, state, input, control, step.internal_step_s, controller);
    out.gear_change_refused = controller.gear_change_refused;
    const bool was_running = state.engine_running;
    if (load) {
        step_fixed(model, ground, out.applied, step, state, *load);
    } else {
        step_fixed(model, ground, out.applied, step, state);
    }
    out.engine_stopped = was_running && !state.engine_running;
    out.finite = state_is_finite(state);
    return out;
}

}  // namespace tractive
