#pragma once
// The step's chassis correction (private to dynamics/; docs/architecture.md, "The step"): after
// the rows, the chassis' velocity is corrected by the suspension's and the body contacts' springs
// and dampers taken linearly implicitly (chassis_implicit.hpp: the corners' couplings, a 6 x 6
// solve), so that a stiff, light or heavily damped car is stable at any step.

#include <array>

#include "body_contacts.hpp"
#include "row_solver.hpp"
#include "tractive/core/quat.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "wheel_frame.hpp"

namespace tractive::detail {

struct ChassisCorrectionInput {
    const VehicleModel& model;
    const Mat3& rot;           // body to world, this step
    const Mat3& inertia_body;  // the chassis' inertia tensor, body axes (MassNow)
    const WheelFrames& frames;  // each wheel's coupling to the chassis through its suspension
    const BodyContacts& body;                 // the body's touching points
    double h = 0.0;                           // the internal step, s
};

// Corrects bodies.v and bodies.omega (the chassis after the rows; `state` holds its velocities at
// the step's start) by the implicit terms; leaves them as they are when nothing couples.
void chassis_correction(const ChassisCorrectionInput& in, const VehicleState& state, Bodies& bodies);

}  // namespace tractive::detail
