#pragma once
// The step's gear-lever and starter phase (private to dynamics/; docs/architecture.md, "The
// step"): the gear the lever selects (controls already clamped to the box's gears), its ratio,
// the clutch disc's travel from the pedal (seed 000's zones), and the starter, which turns the
// engine to its start speed only with the drive disconnected (neutral or the clutch pedal down,
// as a clutch interlock does) and fuel in the tank.

#include "tractive/dynamics/controls.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive::detail {

struct GearAndStarter {
    double ratio = 0.0;      // the gearbox's, in the selected gear (0 in neutral)
    double disc = 0.0;       // the clutch disc's travel: 1 fully clamped .. 0 released (laws/clutch.hpp)
};

// Sets the state's gear and, on a start, its engine; returns the ratio and disc travel.
GearAndStarter gear_lever_and_starter(const VehicleSpec& spec, const Controls& controls, VehicleState& state);

}  // namespace tractive::detail
