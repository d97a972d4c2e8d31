#pragma once
// From a device's raw axes, buttons and the keyboard's keys to a driver's actions
// (docs/drive.md, "Inputs"): which axis or button each action reads, with inversion, dead zone
// and calibration, read from a TOML mapping file. Plain code: the window fills RawInput from SDL,
// the tests fill it by hand.

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "force_feedback.hpp"

namespace tractive::drive {

// One device's state as SDL reports it: axes in [-32768, 32767], buttons pressed or not.
struct RawInput {
    std::vector<int> axes;
    std::vector<bool> buttons;
};

// An analogue action on one axis. Calibration: `low` and `high` are the raw readings at the
// control's two ends (a pedal released and floored; a wheel at full left... full right, or the
// reverse for a wheel whose axis grows to the right, with `invert`). The reading is mapped
// linearly onto 0..1 (pedal) or -1..1 (centred), the dead zone (a share of the range) is cut at
// the rest position (released pedal, centred wheel) and the rest rescaled, and the result is
// inverted if asked.
// An analogue action may instead be bound to a button (a gamepad's clutch): then it moves
// progressively while held, as on the keyboard.
struct AxisBinding {
    int axis = -1;    // -1: not bound
    int button = -1;  // -1: not bound
    bool invert = false;
    double dead_zone = 0.0;  // 0..0.5
    int low = -32768;
    int high = 32767;
};

// A device's layout: the SDL joystick API's raw axes and buttons ("wheel": wheels, pedal sets,
// shifters, any joystick) or SDL's game-controller layout ("gamepad", axes and buttons in SDL's
// SDL_GameControllerAxis / SDL_GameControllerButton order).
enum class DeviceKind { Wheel, Gamepad };

// Discrete actions a button triggers (on its press), besides the H-shifter and paddles.
enum class Command { Mode, Abs, Tcs, Pause, Reset, Respawn, Camera, StartEngine, Calibrate, Esc, Count };
inline constexpr std::array<std::string_view, static_cast<int>(Command::Count)> kCommandNames = {
    "mode", "abs", "tcs", "pause", "reset", "respawn", "camera", "start_engine", "calibrate", "esc"};

struct DeviceMapping {
    DeviceKind kind = DeviceKind::Wheel;
    std::string name_contains;  // pick the first device whose name contains this; empty: the first device
    AxisBinding steer;          // centred, + = left
    AxisBinding throttle;       // pedals: 0 released .. 1 floored
    AxisBinding brake;
    AxisBinding clutch;
    AxisBinding handbrake;
    // H-shifter: the button of each lever position, reverse first, then 1st, 2nd, ...; no button
    // pressed = neutral. Empty: no H-shifter.
    std::vector<int> gear_buttons;
    int shift_up_button = -1;  // paddles
    int shift_down_button = -1;
    std::array<int, static_cast<int>(Command::Count)> command_buttons{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
};

// The mapping for the default steering wheel (the layout `tractive drive --script` drives through
// SDL's virtual joystick): axes 0 steering (grows to the right), 1 throttle, 2 brake, 3 clutch,
// 4 handbrake (pedals -32768 released .. 32767 floored); buttons 0 shift down, 1 shift up,
// 2 reverse, 3..10 gears 1..8, then mode, abs, tcs, pause, reset, respawn, camera, start_engine,
// calibrate, esc (11..20).
DeviceMapping default_wheel_mapping();
inline constexpr int kWheelAxisCount = 5;
inline constexpr int kWheelButtonCount = 21;
// A game controller in SDL's layout: left stick x steers, right trigger throttle, left trigger
// brake, A/B shift up/down, X clutch (a button, so progressive as the key), Y handbrake.
DeviceMapping default_gamepad_mapping();

// `button` taken from every action of d that holds it (a gear, a paddle, a command, an analogue
// action on a button), as before it is given to another: each button keeps one action, as the
// mapping file is read (the calibration screen's press).
void release_button(DeviceMapping& d, int button);

// Keyboard keys by SDL's key names (SDL_GetKeyName: "Up", "Left Shift", "A", "1", ...).
struct KeyboardMapping {
    std::string throttle = "Up";
    std::string brake = "Down";
    std::string steer_left = "Left";
    std::string steer_right = "Right";
    std::string clutch = "C";  // progressive: goes down while held, comes up slowly when let go
    std::string handbrake = "Space";
    std::string shift_up = "A";
    std::string shift_down = "Z";
    std::string reverse = "R";
    std::string neutral = "N";
    std::vector<std::string> gears = {"1", "2", "3", "4", "5", "6", "7", "8"};
    std::array<std::string, static_cast<int>(Command::Count)> commands = {"M", "B", "T", "P", "Backspace", "F", "V", "S", "F2", "E"};
};

// How fast the keyboard's progressive controls (and analogue actions on buttons) move: the
// seconds a full travel takes.
struct KeyboardRates {
    double pedal_press_s = 0.30;  // throttle, brake, handbrake
    double pedal_release_s = 0.15;
    double clutch_press_s = 0.25;
    double clutch_release_s = 1.2;  // slow enough to move off on the keyboard
    double steer_s = 0.45;
    double steer_return_s = 0.25;
};

struct InputMapping {
    DeviceMapping device = default_wheel_mapping();
    KeyboardMapping keys;
    KeyboardRates rates;
    ForceFeedbackSettings force_feedback;
};

// Reads a mapping file (docs/drive.md gives the format): throws LoadError (file:line, key, what
// was expected) for anything it does not know or cannot use. Keys left out keep the default
// mapping of the file's device kind.
InputMapping parse_input_mapping(std::string_view toml_text, const std::string& file_label);
InputMapping read_input_mapping(const std::filesystem::path& path);
// The mapping as a file (the calibration screen saves it); reads back to the same mapping.
std::string format_input_mapping(const InputMapping& mapping);

// One axis through its binding: 0..1 for a pedal, -1..1 for a centred control; 0 for an unbound
// axis or one the device lacks.
double read_axis(const AxisBinding& b, const RawInput& raw, bool centred);

}  // namespace tractive::drive
