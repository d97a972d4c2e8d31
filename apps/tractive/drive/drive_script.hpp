#pragma once
// `tractive drive --script FILE`: a driver's actions over time, as a CSV (docs/drive.md,
// "Scripted drives"), fed to the window through SDL's virtual joystick with the default wheel
// mapping: the path a real wheel's readings take.
//
// Columns: `time` (s, required) and any of steer (-1..1, + = left), throttle, brake, clutch,
// handbrake (0..1 pedal travel), gear (the H-shifter's position: R, N, -1, 0, 1..8), shift_up,
// shift_down, mode, abs, tcs, pause, reset, respawn, camera, start_engine, calibrate, esc (0/1: a
// button held).
// Values hold until the next row.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "input_mapping.hpp"

namespace tractive::drive {

struct ScriptRow {
    double time_s = 0.0;
    double steer = 0.0;
    double throttle = 0.0;
    double brake = 0.0;
    double clutch = 0.0;
    double handbrake = 0.0;
    int gear = 0;
    bool shift_up = false;
    bool shift_down = false;
    std::array<bool, static_cast<int>(Command::Count)> commands{};
};

// Throws LoadError (file:line, column, what was expected).
std::vector<ScriptRow> parse_drive_script(std::string_view text, const std::string& file_label);
std::vector<ScriptRow> read_drive_script(const std::filesystem::path& path);

// The row in force at t (the first before its time). rows is not empty.
const ScriptRow& script_row_at(const std::vector<ScriptRow>& rows, double t_s);

// The raw readings and buttons a device with this mapping reports for the row's actions: the
// inverse of the mapping (its dead zones left out), within the mapping's calibrated ranges.
RawInput device_state_for(const ScriptRow& row, const DeviceMapping& mapping, int axis_count, int button_count);

}  // namespace tractive::drive
