#pragma once
// The window of `tractive drive` (SDL2, OpenGL 3.3, Dear ImGui): a real-time loop at a fixed
// internal step, paced to the wall clock and drawn interpolated, with the keyboard, a game
// controller or a wheel; or, with a script, a deterministic loop of 1/60 s frames fed through
// SDL's virtual joystick. docs/drive.md.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../drive_script.hpp"
#include "../input_mapping.hpp"
#include "tractive/control/driver_input.hpp"
#include "tractive/telemetry/controls_csv.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/world/ground.hpp"

namespace tractive::drive {

struct DriveWindowOptions {
    VehicleSpec spec;
    std::string car_name;
    std::shared_ptr<const Ground> ground;
    InitialConditions start;
    ControlSettings control;
    InputMapping mapping;
    std::filesystem::path mapping_path;  // where the calibration screen saves the mapping
    std::optional<std::vector<ScriptRow>> script;
    std::optional<std::vector<TimedControls>> replay;  // a recording's controls, replayed (the devices give only commands)
    double duration_s = -1.0;  // < 0: until closed (with a script or a replay: its last row's time + 2 s)
    std::filesystem::path screenshot_png;  // the last frame
    std::filesystem::path record_csv;      // telemetry, as `tractive run --out`
    std::filesystem::path record_controls_csv;  // the driver's inputs, as `tractive run --controls`
    double record_interval_s = 0.01;
    int width_px = 1280;
    int height_px = 720;
};

// The exit status when there is no display to open a window on (as for any input the command
// cannot use).
inline constexpr int kExitNoDisplay = 2;

// Returns the process exit status: 0; kExitNoDisplay when there is no display (SDL cannot start,
// or finds only a window nobody sees); 1 when the window cannot be opened otherwise (no OpenGL
// 3.3) or an output cannot be written; the reason on stderr.
int run_drive_window(const DriveWindowOptions& options);

}  // namespace tractive::drive
