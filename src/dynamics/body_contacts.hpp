#pragma once
// The step's body-contact phase (private to dynamics/; docs/architecture.md, "The step"): the
// body's contact points against the ground (laws/body_contact.hpp; docs/physics.md, "Body
// contact"): a rolled car on its roof or side, a floor on a crest. Each point is a sphere of the
// body's shape (VehicleModel::body_contact_m, no axle) the ground is asked about as a wheel is; a
// touching point pushes along the
// ground's normal, slides with Coulomb friction, and joins the chassis' implicit correction with
// its spring and damper.

#include <array>
#include <cstddef>

#include "chassis_implicit.hpp"
#include "../core/fixed_list.hpp"
#include "mass_now.hpp"
#include "tractive/core/quat.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "tractive/world/ground.hpp"
#include "wheel_frame.hpp"

namespace tractive::detail {

struct BodyContactInput {
    const VehicleModel& model;
    const Ground& ground;
    const Mat3& rot;     // body to world, this step
    const Vec3& body_z;  // the body's z axis, world
    const WheelFrames& frames;  // this step's wheel contacts: a car on its wheels skips its high points
    const MassNow& masses;
    double h = 0.0;  // the internal step, s
};

// The touching points as chassis couplings, for the implicit correction (a list not initialised
// as a whole: the step builds it every step, and a point seldom touches).
struct BodyContacts {
    FixedList<CornerCoupling, kMaxBodyContacts> couplings;
};

// Adds each touching point's force to `force` and its moment about the body origin to `torque`
// (world axes) and its coupling to `out`. On its four wheels and upright, a point more than 0.4 m
// above the plane of the tyres' contacts is not asked.
void body_contacts(const BodyContactInput& in, const VehicleState& state, Vec3& force, Vec3& torque, BodyContacts& out);

}  // namespace tractive::detail
