#pragma once
// `tractive run`: drive a car with time-stamped controls and write telemetry.

#include <CLI/CLI.hpp>
#include <string>

#include "ground_options.hpp"
#include "load_options.hpp"

namespace tractive::cli {

struct RunOptions {
    std::string car;            // empty: the default car
    std::string controls_path;  // CSV (docs/road.md); this or a manoeuvre
    std::string maneuver;       // iso3888, sine-dwell, constant-radius (analysis/maneuvers.hpp)
    double radius_m = 100.0;    // constant-radius
    std::string out_path;       // telemetry CSV (docs/telemetry.md); required
    double duration_s = -1.0;   // < 0: until the last control row's time
    double interval_s = 0.01;   // telemetry row interval; at least the internal step
    double speed_kmh = 0.0;     // rolling start: forward speed, wheels rolling, in a gear that suits it
    std::string road = "flat";  // docs/road.md; or a ground file (ground.file) with the start pose
    GroundCliOptions ground;    // --ground, --at, --heading (start heading about z, 0 = along +x, + = to the left)
    CarLoadOptions load;  // --data-root, --vdrift-tyres
    // Control layer (docs/control.md). Empty: the car's own setting (transmission.mode,
    // [driver_aids]). mode: manual, sequential, automatic, or direct (no control layer: the
    // controls go to the vehicle step as they are). abs, tcs, esc: on or off (empty: the car's).
    std::string mode;
    std::string abs;
    std::string tcs;
    std::string esc;
};

void add_run_options(CLI::App& run, RunOptions& options);

// Returns the process exit status: 0, 2 for bad input (car, controls, road, options), 1 otherwise.
int run_command(const RunOptions& options, const std::string& default_car_path);

}  // namespace tractive::cli
