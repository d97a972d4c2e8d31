#include "tractive/control/traction_control.hpp"

#include <algorithm>

namespace tractive {

double traction_control_step(const VehicleModel& model, const VehicleState& vehicle, double driver_throttle, double dt_s,
                             ControllerState& state, const TractionControlSettings& settings) {
    // Largest driving slip of a driven wheel on the road, relative to its tyre's peak slip.
    double relative_slip = 0.0;
    for (int i = 0; i < 4; ++i) {
        if (model.wheels[i].drive_coefficient == 0.0 || !vehicle.wheel_outputs[i].in_contact) continue;
        relative_slip = std::max(relative_slip, vehicle.wheel_outputs[i].slip_ratio / state.peak_driving_slip[i]);
    }
    double& limit = state.tcs_throttle_limit;
    if (relative_slip > settings.cut_above_peak) {
        limit = std::max(0.0, std::min(limit, driver_throttle) - dt_s / settings.cut_time_s);
    } else if (relative_slip < settings.restore_below_peak) {
        limit = std::min(1.0, limit + dt_s / settings.restore_time_s);
    }
    state.tcs_active = limit < driver_throttle;
    return std::min(driver_throttle, limit);
}

}  // namespace tractive
