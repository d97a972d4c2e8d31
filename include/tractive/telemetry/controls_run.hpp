#pragma once
// A run with time-stamped controls, written as telemetry: the one loop behind `tractive run
// --controls` and Python's `tractive.run` (docs/telemetry.md). One internal step at a time,
// through the control layer (the inputs in force at each step's start time) or, in direct mode,
// straight to the car (the inputs held from each row's start); rows at exactly k x interval, the
// state between the two internal steps around each row's time (telemetry_state_at).

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "tractive/control/controller.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/telemetry/controls_csv.hpp"
#include "tractive/world/ground.hpp"

namespace tractive {

struct ControlsRunSettings {
    ControlSettings control;     // transmission mode and driver aids
    bool direct = false;         // no control layer: the controls go to the step as they are, no aids
    double duration_s = -1.0;    // negative: up to the last controls row's time
    double interval_s = 0.01;    // between rows; at least the internal step
    double x_m = 0.0, y_m = 0.0, heading_rad = 0.0;  // where the car starts (ground axes)
    double start_speed_m_per_s = 0.0;                 // a rolling start
    StepSettings step;
};

// What happened that the final row does not show.
struct ControlsRunEvents {
    int stalls = 0;  // the engine stopped (stalled, or out of fuel)
    double first_stall_s = 0.0;
    int refused_gear_changes = 0;  // control steps in which a requested gear change was refused
    double first_refusal_s = 0.0;
};

struct ControlsRunResult {
    long rows = 0;           // written, row 0 included
    VehicleState last_row;   // the state the last row shows
    ControlsRunEvents events;
    int start_gear = 0;      // the gear the car started in
};

// The longest run, in simulated seconds: a day.
inline constexpr double kMaxControlsRunDuration_s = 24.0 * 3600.0;

// Checks the settings against the controls (throws std::invalid_argument saying which setting
// and what was expected: an interval below the internal step, a duration that is not finite,
// negative-but-given or over a day, a start speed outside 0-1000 km/h or one that over-revs the
// engine in its starting gear), then runs. The starting gear is the first row's lever (manual,
// direct) or the first row's gear (sequential); the automatic starts in neutral and engages a
// gear itself at D or R. A rolling start in automatic or sequential mode starts in the gear the
// automatic would choose at that speed and the first row's throttle.
//
// The telemetry CSV text (header, row 0 before any step, then a row per interval) goes to
// `write` in chunks of about 1 MiB as it is made; `progress` (may be empty) is called with the
// simulated time after each row. A step that ends in a state no car can have (not finite, or
// beyond any car's speeds: state_is_plausible) throws std::runtime_error with its time and what
// is wrong (what was written before it is incomplete: discard it).
ControlsRunResult run_controls(const VehicleSpec& spec, std::shared_ptr<const Ground> ground, const std::vector<TimedControls>& controls,
                               const ControlsRunSettings& settings, const std::function<void(std::string_view)>& write,
                               const std::function<void(double)>& progress = {});

}  // namespace tractive
