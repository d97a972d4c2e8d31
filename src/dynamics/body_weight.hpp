#pragma once
// The step's body-weight phase (private to dynamics/; docs/architecture.md, "The step"): the
// sprung mass's weight on the body and its moment, the wheels' weight across the body's z axis
// (along it, it acts on their own travel), the wheels' mounts in world axes and the anti-roll
// bars' travel differences. The contact and tyre phases then add each wheel's forces.

#include <array>

#include "lanes4.hpp"
#include "mass_now.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive::detail {

struct BodyWeightInput {
    const VehicleModel& model;
    const Mat3& rot;        // body to world, this step
    const Vec3& body_z;     // the body's z axis, world
    const Vec3& g_vec;      // gravity, world (m/s^2)
    const MassNow& masses;  // this step's (mass phase)
};

struct BodyWeight {
    Vec3 force_n;                          // on the body, world
    Vec3 torque_nm;                        // about the body origin, world
    Vec3Lanes mount_rel;                   // the wheels' mounts (hubs at design height) from the body origin, world (lane i wheel i)
    std::array<double, 2> anti_roll_travel_m{};  // front, rear: left travel minus right
};

BodyWeight body_weight(const BodyWeightInput& in, const VehicleState& state);

}  // namespace tractive::detail
