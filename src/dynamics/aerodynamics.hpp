#pragma once
// The step's aerodynamics phase (private to dynamics/; docs/architecture.md, "The step"): each
// device's drag against the body's velocity through still air at sea level, 1/2 rho Cd A v^2, and
// its lift along the body's z axis from the forward speed alone, 1/2 rho Cl S v_x^2 (negative:
// downforce), at its position (laws/aero.hpp; seed 002's "drag" and "wing").

#include "tractive/core/quat.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive::detail {

struct AerodynamicsInput {
    const VehicleModel& model;
    const Mat3& rot;     // body to world, this step
    const Vec3& body_x;  // the body's axes, world
    const Vec3& body_z;
};

// Adds each device's force to `force` and its moment about the body origin to `torque` (world
// axes), device by device.
void aerodynamics(const AerodynamicsInput& in, const VehicleState& state, Vec3& force, Vec3& torque);

}  // namespace tractive::detail
