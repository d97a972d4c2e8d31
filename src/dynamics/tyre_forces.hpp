#pragma once
// The step's tyre phase for one wheel (private to dynamics/; docs/architecture.md, "The step"),
// after its contact phase (wheel_contact.hpp): the wheel's heading (steer with Ackermann, toe,
// about the caster axis) and inclination, the slip of its contact over the surface, the relaxed
// slip angle, the tyre law at the step's mean slip and linearised for the solver's rows, the
// bounds of its friction, its rolling resistance torque and aligning moment.

#include <optional>

#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "wheel_frame.hpp"

namespace tractive::detail {

// Slip ratio and angle divide by max(|v_x|, this), so they stay bounded at standstill.
inline constexpr double kSlipReferenceSpeed_m_per_s = 1.0;
// Shortest lateral relaxation length the step takes (a guard: real tyres' are 0.1-1 m).
inline constexpr double kMinRelaxationLength_m = 1e-3;

struct TyreForcesInput {
    const VehicleModel& model;
    const Mat3& rot;   // body to world, this step
    double steering;   // the steering input, -1..1 (+ = left)
    double h;          // the step (s)
};

// Fills the tyre part of `frame` (its contact part from the contact phase) and the wheel's
// outputs for telemetry and the next step (slip, steer, axle, contact, in_contact ...). Returns
// the aligning moment on the body (world axes) while the tyre touches the ground, else nothing.
std::optional<Vec3> tyre_forces_at_wheel(const TyreForcesInput& in, const VehicleState& state, int wheel, WheelFrame& frame,
                                         WheelOutputs& outputs);

}  // namespace tractive::detail
