#pragma once
// The step's contact phase for one wheel (private to dynamics/; docs/architecture.md, "The
// step"): the hub where the body and the suspension's travel put it, the ground under it
// (Ground::wheel_contact), the suspension's force (spring with preload, damper, bump stop,
// anti-roll bar), the tyre's normal force (a linear spring and damper on its deflection along the
// ground's normal) and the stiffnesses the travel and the chassis see through it; and what these
// put on the body.

#include <cstdint>

#include "tractive/core/quat.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "tractive/world/ground.hpp"
#include "wheel_frame.hpp"

namespace tractive::detail {

struct WheelContactInput {
    const VehicleModel& model;
    const Ground& ground;
    const Mat3& rot;                  // body to world, this step
    const Vec3& body_z;               // the body's z axis, world
    const Vec3& mount_rel;            // the wheel's mount (hub at design height) from the body origin, world
    double axle_anti_roll_travel_m;   // this axle's left travel minus its right
    double h;                         // the step (s)
};

struct WheelContact {
    std::uint32_t ground_feature = kNoGroundFeature;  // the ground's hint for the next step
    // On the body, in the order the step adds them: the suspension force along the body's z axis
    // and its arm (body axes; the moment is (R arm) x z), then the tyre's normal force across
    // the travel and its moment about the body origin (world axes).
    Vec3 suspension_force_n;
    Vec3 suspension_arm;
    Vec3 normal_across_n;
    Vec3 normal_across_torque_nm;
};

// Fills the frame's contact part (hub, contact point, normal, surface factors and velocity, the
// suspension's and the tyre's normal force, the travel's and the chassis' stiffness and damping
// through this corner; the tyre phase fills the rest) in place: a frame is some 400 bytes, and
// returning it cost the step 2 % (callgrind).
WheelContact wheel_contact_and_load(const WheelContactInput& in, const VehicleState& state, int wheel, WheelFrame& frame);

}  // namespace tractive::detail
