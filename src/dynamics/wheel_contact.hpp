#pragma once
// The step's contact phase for the four wheels (private to dynamics/; docs/architecture.md, "The
// step"), side by side (one wheel a lane, lanes4.hpp): the hub where the body and the
// suspension's travel put it, the ground under it
// (Ground::wheel_contact), the suspension's force (spring with preload, damper, bump stop,
// anti-roll bar), the tyre's normal force (a linear spring and damper on its deflection along the
// ground's normal) and the stiffnesses the travel and the chassis see through it; and what these
// put on the body.

#include <array>
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
    const Vec3Lanes& mount_rel;  // the wheels' mounts (hubs at design height) from the body origin, world (lane i wheel i)
    const std::array<double, 2>& anti_roll_travel_m;  // front, rear: the axle's left travel minus its right
    double h;                         // the step (s)
};

// What the four wheels put on the body, lane i wheel i.
struct WheelContacts {
    std::array<std::uint32_t, 4> ground_feature;  // the ground's hints for the next step
    // On the body, in the order the step adds them wheel by wheel: the suspension force along the
    // body's z axis and its arm (body axes; the moment is (R arm) x z), then the tyre's normal
    // force across the travel and its moment about the body origin (world axes).
    Vec3Lanes suspension_force_n;
    Vec3Lanes suspension_arm;
    Vec3Lanes normal_across_n;
    Vec3Lanes normal_across_torque_nm;
};

// Fills the frames' contact part (hub, contact point, normal, surface factors and velocity, the
// suspension's and the tyre's normal force, the travel's and the chassis' stiffness and damping
// through each corner; the tyre phase fills the rest), and returns what the wheels put on the
// body. The ground is asked wheel by wheel, in order.
WheelContacts wheel_contacts_and_loads(const WheelContactInput& in, const VehicleState& state, WheelFrames& frames);

}  // namespace tractive::detail
