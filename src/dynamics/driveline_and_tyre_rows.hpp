#pragma once
// The step's rows (private to dynamics/; docs/architecture.md, "The step"): the driveline's shafts
// (engine friction, clutch, gear, gearbox loss, the differentials' locks, the brakes) and each
// loaded tyre's contact pair, built for the solver (row_solver.hpp). Frictions too strong for the
// solver to need a row (the shaft slides through the whole step) are applied to the shaft speeds
// directly and their impulses kept by warm-start slot.

#include <array>

#include "row_solver.hpp"
#include "tractive/core/vec3.hpp"
#include "tractive/dynamics/controls.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "tractive/laws/engine.hpp"
#include "wheel_frame.hpp"

namespace tractive::detail {

struct DrivelineAndTyreRowsInput {
    const VehicleModel& model;
    const Controls& controls;                // clamped: brake, handbrake, the aids' brake factors and torques
    const Vec3& body_z;                      // the body's up axis, world
    double gear_ratio = 0.0;                 // the gearbox ratio in use, 0 in neutral (GearAndStarter)
    double clutch_disc = 0.0;                // the clutch's engagement, 0..1 (GearAndStarter)
    const EngineTorque& engine;              // this step's resistive torque (engine_now)
    const WheelFrames& frames; // each wheel's contact, load, bounds and linearised law
    double h = 0.0;                          // the internal step, s
};

struct DrivelineAndTyreRows {
    double clutch_capacity_nm = 0.0;  // the clutch row's bound this step, N m
    // Impulses (N m s) of the frictions applied without a row, by warm-start slot (row_slots.hpp);
    // zero where a row carries the friction.
    std::array<double, kMaxRows> direct_impulses{};
};

// Fills `rows` (cleared by the caller) and slides the shafts whose friction needs no row
// (bodies.w changed for those).
DrivelineAndTyreRows driveline_and_tyre_rows(const DrivelineAndTyreRowsInput& in, const VehicleState& state, Bodies& bodies,
                                             RowSet& rows);

}  // namespace tractive::detail
