#pragma once
// What the step's solve gives (private to dynamics/; docs/architecture.md, "The step"): the rows'
// impulses kept as the next step's warm start, the tread deflections and relaxed slip angles the
// next step starts from, the tyre forces and the driveline's torques that telemetry reads.

#include <array>

#include "row_solver.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "tractive/laws/engine.hpp"
#include "wheel_frame.hpp"

namespace tractive::detail {

struct SolveOutputsInput {
    const VehicleModel& model;
    const Bodies& bodies;                      // after the solve and the chassis correction
    const WheelFrames& frames;   // this step's wheels
    const EngineTorque& engine;
    double throttle = 0.0;                     // the engine's effective throttle this step
    double clutch_capacity_nm = 0.0;           // the clutch row's bound, N m
    const std::array<double, kMaxRows>& direct_impulses;  // frictions applied without a row, by slot
    double h = 0.0;                            // the internal step, s
};

// Writes warm_impulses, each wheel's tread deflection, relaxed slip angle and forces
// (wheel_outputs: fx, fy, the steering axis torque), last_gearbox_torque_nm and the driveline's
// outputs into `state`.
void solve_outputs(const SolveOutputsInput& in, const RowSet& rows, VehicleState& state);

}  // namespace tractive::detail
