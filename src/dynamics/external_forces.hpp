#pragma once
// The step's explicit phase (private to dynamics/; docs/architecture.md, "The step"): the bodies'
// velocities after every force that is not a constraint (weight, suspension, aerodynamics, body
// contacts, a host's load, the engine's drive torque), before the rows; the inverse masses and
// inertias the rows and the solve use. The gyroscopic term is taken implicitly.

#include "mass_now.hpp"
#include "row_solver.hpp"
#include "tractive/core/quat.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "tractive/laws/engine.hpp"

namespace tractive::detail {

struct ExternalForcesInput {
    const VehicleModel& model;
    const Mat3& rot;     // body to world, this step
    const Vec3& body_z;  // the body's z axis, world
    const MassNow& masses;
    const Vec3& force;   // world, on the body: the sum of the external forces
    const Vec3& torque;  // world, about the body origin
    const EngineTorque& engine;  // its drive torque turns the crank
    double h = 0.0;              // the internal step, s
};

// Fills `bodies`: the chassis' velocity and angular velocity after h of the forces, the shafts'
// speeds (the engine's after its drive torque) and every inverse mass and inertia.
void velocities_after_external_forces(const ExternalForcesInput& in, const VehicleState& state, Bodies& bodies);

}  // namespace tractive::detail
