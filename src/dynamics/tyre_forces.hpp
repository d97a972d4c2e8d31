#pragma once
// The step's tyre phase for the four wheels (private to dynamics/; docs/architecture.md, "The
// step"), after their contact phase (wheel_contact.hpp): each wheel's heading (steer with
// Ackermann, toe, about the caster axis) and inclination, the slip of its contact over the
// surface, the relaxed slip angle; the four tyre laws at the step's mean slips in one call
// (side by side where they can be: laws/tyre_lanes.hpp), linearised for the solver's rows; the
// bounds of each tyre's friction, its rolling resistance torque and aligning moment.

#include <array>
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

// Fills the tyre part of each wheel's `frames` (their contact part from the contact phase) and
// the wheels' outputs for telemetry and the next step (slip, steer, axle, contact, in_contact
// ...). Returns the wheels' aligning moments on the body (world axes), each given while its tyre
// touches the ground.
struct AligningMoments {
    Vec3Lanes moment_nm;  // lane i wheel i's
    Mask4 given;          // the wheels whose tyre touches the ground
    [[nodiscard]] std::optional<Vec3> wheel(int i) const { return given[i] ? std::optional<Vec3>(lane(moment_nm, i)) : std::nullopt; }
};
AligningMoments tyre_forces(const TyreForcesInput& in, const VehicleState& state, WheelFrames& frames, std::array<WheelOutputs, 4>& outputs);

}  // namespace tractive::detail
