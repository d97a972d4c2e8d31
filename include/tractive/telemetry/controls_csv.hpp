#pragma once
// Time-stamped driver inputs from CSV (the --controls file of `tractive run`; docs/road.md).
//
// The first line names the columns; `time` (s) is required, the others are optional and take
// their DriverInput default when absent: throttle, brake, clutch, steering, handbrake (numbers),
// gear (R, N, 1..n, or -1, 0, 1..n: the lever in manual mode, the selector R/N/D in automatic),
// shift_up, shift_down (0/1, the sequential paddles), start (0/1). Times increase strictly; a
// row's inputs hold until the next row's time. '#' starts a comment line; blank lines are skipped.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "tractive/control/driver_input.hpp"

namespace tractive {

struct TimedControls {
    double time_s = 0.0;
    DriverInput input;
    friend bool operator==(const TimedControls&, const TimedControls&) = default;
};

// Throws LoadError (file:line, column name, what was expected) on any bad cell, an unknown
// column, a repeated column, times that do not increase, NaN/inf, or a value out of range
// (pedals outside [0, 1], steering outside [-1, 1]).
std::vector<TimedControls> parse_controls_csv(std::string_view text, const std::string& file_label);
std::vector<TimedControls> read_controls_csv(const std::filesystem::path& path);

// The inputs in force at time t: the last row with time <= t (the first row before it).
// rows must be non-empty. `cursor` speeds up monotone queries; pass 0 initially.
const DriverInput& controls_at(const std::vector<TimedControls>& rows, double t, std::size_t& cursor);

}  // namespace tractive
