#pragma once
// Telemetry as CSV: one row per output interval (docs/telemetry.md lists the columns).

#include <string>

#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

// The header line (with '\n').
std::string telemetry_csv_header();

// Appends one row for the state (with '\n').
void append_telemetry_csv_row(std::string& out, const VehicleModel& model, const VehicleState& state);

}  // namespace tractive
