#pragma once
// The step's last phase (private to dynamics/; docs/architecture.md, "The step"): from the
// solve's new velocities, the body's position and orientation (semi-implicit Euler), the shafts'
// and wheels' speeds and spin angles, each wheel's suspension travel (linearly implicit in its
// own stiffness and damping, with the tyre's contact decided at the step's end), the fuel burned
// and a stall; the time advances by h.

#include <array>

#include "row_solver.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "tractive/laws/engine.hpp"
#include "wheel_frame.hpp"

namespace tractive::detail {

struct IntegrateInput {
    const VehicleModel& model;
    double h;                              // the step (s)
    const Vec3& body_z;                    // the body's z axis at the step's start, world
    const Vec3& g_vec;                     // gravity, world (m/s^2)
    const Bodies& bodies;                  // the solve's velocities: body, shafts, wheels
    const Vec3& v_before;                  // the body's velocity before the solve
    const Vec3& w_before;                  // and its angular velocity
    const Vec3Lanes& mount_rel;  // wheel mounts from the body origin, world (lane i wheel i)
    const WheelFrames& frames;
    const EngineTorque& engine_torque;     // this step's (fuel)
    double rpm;
    double throttle;
};

void integrate_state(const IntegrateInput& in, VehicleState& state);

}  // namespace tractive::detail
