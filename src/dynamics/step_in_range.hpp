#pragma once
// The step for controls already in their ranges (private to the library): the control layer's
// step_driven hands the step what control_step returned, which clamped() has made so, and the
// step does not clamp it a second time (docs/performance.md). Anyone else calls step_fixed.

#include <span>

#include "tractive/dynamics/simulation.hpp"

namespace tractive::detail {

// step_fixed without its clamped(): `in_range` must equal clamped(in_range, the box's gears).
void step_fixed_in_range(const VehicleModel& model, const Ground& ground, const Controls& in_range,
                         const StepSettings& settings, VehicleState& state, const ExternalLoad* load);

// One car of a group stepped together: its model, ground, controls in their ranges, state and
// outside load (none when null).
struct CarInGroup {
    const VehicleModel* model;
    const Ground* ground;
    Controls in_range;
    VehicleState* state;
    const ExternalLoad* load;
};

// The most cars stepped together: one car a lane of four doubles (row_lanes.hpp).
inline constexpr int kCarsInGroup = 4;

// step_fixed_in_range for up to kCarsInGroup cars at once, all with `settings`: each car's phases
// before the solve, then the sweeps of the cars whose rows have one shape side by side (one car a
// lane, row_lanes.hpp), each other car's alone, then each car's phases after the solve. Each
// car's state comes out with the bits step_fixed_in_range gives it alone.
void step_fixed_together_in_range(std::span<const CarInGroup> cars, const StepSettings& settings);

}  // namespace tractive::detail
