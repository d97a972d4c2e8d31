#pragma once
// `tractive drive [CAR] [--ground FILE]`: drive a car live in a window (docs/drive.md).

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "ground_options.hpp"
#include "load_options.hpp"

namespace tractive::cli {

struct DriveOptions {
    std::string car;
    std::string road = "flat";
    GroundCliOptions ground;
    CarLoadOptions load;
    std::string mode;  // manual, sequential, automatic; empty: the car's own
    std::string abs;   // on, off; empty: the car's own
    std::string tcs;
    std::string esc;
    std::string mapping;  // input mapping TOML; empty: the defaults (saved by the calibration screen to tractive-input.toml)
    std::string script;
    std::string replay;
    std::optional<double> duration_s;  // none: a script's or a replay's last row + 2 s, else until closed
    std::string screenshot;
    std::string record;
    std::string record_controls;
    double interval_s = 0.01;
    std::string size = "1280x720";
};

void add_drive_options(CLI::App& drive, DriveOptions& options);

// Returns the process exit status: 0, 2 for bad input (car, ground, mapping, script, options), 1
// when the window cannot be opened or an output cannot be written.
int drive_command(const DriveOptions& options, const std::string& default_car_path);

}  // namespace tractive::cli
