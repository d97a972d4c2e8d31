#pragma once
// The step for controls already in their ranges (private to the library): the control layer's
// step_driven hands the step what control_step returned, which clamped() has made so, and the
// step does not clamp it a second time (docs/performance.md). Anyone else calls step_fixed.

#include "tractive/dynamics/simulation.hpp"

namespace tractive::detail {

// step_fixed without its clamped(): `in_range` must equal clamped(in_range, the box's gears).
void step_fixed_in_range(const VehicleModel& model, const Ground& ground, const Controls& in_range,
                         const StepSettings& settings, VehicleState& state, const ExternalLoad* load);

}  // namespace tractive::detail
