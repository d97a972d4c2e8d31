#pragma once
// Telemetry as CSV: one row per output interval (docs/telemetry.md lists the columns).
//
// Two layouts: the vehicle columns alone (a run that feeds Controls straight to the step), and
// the vehicle columns followed by the control layer's columns (a run through control_step:
// applied throttle and clutch pedal, clutch phase, refused gear changes, ABS and TCS activity) and
// the driver's own inputs (pedals, steering, handbrake, gear lever, paddles).

#include <string>

#include "tractive/control/controller_state.hpp"
#include "tractive/control/driver_input.hpp"
#include "tractive/dynamics/controls.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

enum class TelemetryColumns {
    Vehicle,               // the vehicle state only
    VehicleAndController,  // plus the control layer's columns, after the vehicle's
};

// What the control layer did over the interval that ends at a row.
struct ControllerTelemetry {
    const ControllerState& state;  // after the last control step of the interval
    const Controls& applied;       // the Controls that step gave the vehicle
    bool gear_change_refused;      // a gear change was refused in any step of the interval
    const DriverInput& driver;     // the driver's inputs to that step
};

// The vehicle as a telemetry row at time t_s between two internal steps (before.time_s <= t_s <=
// after.time_s), so that rows come at exactly their interval when it is no whole number of
// internal steps (0.01 s at the 8 ms step): every quantity a row shows linearly interpolated (the
// orientation normalised-linearly, the shorter way round: a step turns the car by milliradians),
// the gear, the running engine and the locked clutch those in force at t_s; a time on either
// step's end (within a millionth of a step) gives that state itself. Forces and slips are the steps' own (applied over each step), taken
// between the two as the rest.
VehicleState telemetry_state_at(const VehicleState& before, const VehicleState& after, double t_s);

// The header line (with '\n').
std::string telemetry_csv_header(TelemetryColumns columns = TelemetryColumns::Vehicle);

// Appends one row of the vehicle columns (with '\n').
void append_telemetry_csv_row(std::string& out, const VehicleModel& model, const VehicleState& state);

// Appends one row of the vehicle and controller columns (with '\n'); pairs with
// telemetry_csv_header(TelemetryColumns::VehicleAndController).
void append_telemetry_csv_row(std::string& out, const VehicleModel& model, const VehicleState& state,
                              const ControllerTelemetry& controller);

}  // namespace tractive
