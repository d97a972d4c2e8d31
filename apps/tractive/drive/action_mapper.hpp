#pragma once
// A driver's actions from one device and the keyboard, frame by frame (docs/drive.md, "Inputs").
// Keeps what the controls remember: the keyboard's progressive pedals and steering, the gear
// lever where it was last put, and the buttons' previous states (a command acts on its press).

#include <array>
#include <functional>
#include <string_view>

#include "input_mapping.hpp"

namespace tractive::drive {

struct DriveActions {
    double steer = 0.0;  // -1..1, + = left
    double throttle = 0.0;
    double brake = 0.0;
    double clutch = 0.0;     // pedal travel, 0 up .. 1 floored
    double handbrake = 0.0;
    int gear_lever = 0;      // -1 R, 0 N, 1..n: where the lever is (manual); the selector R/N/D (automatic)
    bool shift_up = false;   // held (the control layer acts on the press)
    bool shift_down = false;
    std::array<bool, static_cast<int>(Command::Count)> pressed{};  // commands pressed this frame
    [[nodiscard]] bool command(Command c) const { return pressed[static_cast<std::size_t>(c)]; }
};

class ActionMapper {
public:
    // forward_gears: the car's count, the highest position the lever takes.
    ActionMapper(InputMapping mapping, int forward_gears);

    // One frame of dt seconds: `device` is the bound device's state (empty when none is
    // connected), `key_down` tells whether the key with that SDL name is held.
    DriveActions update(const RawInput& device, const std::function<bool(std::string_view)>& key_down, double dt_s);

    [[nodiscard]] const InputMapping& mapping() const { return mapping_; }
    void set_mapping(const InputMapping& mapping) { mapping_ = mapping; }
    // The lever's position (-1..n), as a reset puts the car in a gear.
    void set_gear_lever(int gear) { lever_ = gear; }

private:
    struct Progressive {
        double value = 0.0;
        // Moves towards `held ? 1 : 0` at the press or release rate.
        double update(bool held, double press_per_s, double release_per_s, double dt_s);
    };
    double analogue(const AxisBinding& b, const RawInput& device, Progressive& button_state, double dt_s, bool clutch_rates);

    InputMapping mapping_;
    int forward_gears_;
    int lever_ = 0;
    Progressive key_throttle_, key_brake_, key_clutch_, key_handbrake_;
    Progressive pad_throttle_, pad_brake_, pad_clutch_, pad_handbrake_;  // analogue actions bound to buttons
    double key_steer_ = 0.0;
    int shifter_position_ = 0;  // the H-shifter's last position (0 = no button: neutral)
    std::array<bool, static_cast<int>(Command::Count)> command_was_down_{};
    bool key_up_was_down_ = false, key_down_was_down_ = false, pad_up_was_down_ = false, pad_down_was_down_ = false;
    std::vector<bool> gear_key_was_down_;
};

}  // namespace tractive::drive
