#include "action_mapper.hpp"

#include <algorithm>
#include <cmath>

namespace tractive::drive {

namespace {

bool button(const RawInput& d, int index) { return index >= 0 && index < static_cast<int>(d.buttons.size()) && d.buttons[static_cast<std::size_t>(index)]; }

// Moves x towards target by at most rate dt.
double towards(double x, double target, double rate_per_s, double dt_s) {
    const double step = rate_per_s * dt_s;
    return x < target ? std::min(target, x + step) : std::max(target, x - step);
}

}  // namespace

double ActionMapper::Progressive::update(bool held, double press_per_s, double release_per_s, double dt_s) {
    value = towards(value, held ? 1.0 : 0.0, held ? press_per_s : release_per_s, dt_s);
    return value;
}

ActionMapper::ActionMapper(InputMapping mapping, int forward_gears) : mapping_(std::move(mapping)), forward_gears_(std::max(forward_gears, 1)) {}

double ActionMapper::analogue(const AxisBinding& b, const RawInput& device, Progressive& button_state, double dt_s, bool clutch_rates) {
    const KeyboardRates& r = mapping_.rates;
    const double from_button = button_state.update(button(device, b.button), clutch_rates ? 1.0 / r.clutch_press_s : 1.0 / r.pedal_press_s,
                                                   clutch_rates ? 1.0 / r.clutch_release_s : 1.0 / r.pedal_release_s, dt_s);
    return std::max(read_axis(b, device, false), from_button);
}

DriveActions ActionMapper::update(const RawInput& device, const std::function<bool(std::string_view)>& key_down, double dt_s) {
    if (!(dt_s >= 0.0) || !std::isfinite(dt_s)) dt_s = 0.0;
    const DeviceMapping& d = mapping_.device;
    const KeyboardMapping& k = mapping_.keys;
    const KeyboardRates& r = mapping_.rates;
    DriveActions a;

    // Pedals: the device's and the keyboard's, whichever is pressed further.
    a.throttle = std::max(analogue(d.throttle, device, pad_throttle_, dt_s, false),
                          key_throttle_.update(key_down(k.throttle), 1.0 / r.pedal_press_s, 1.0 / r.pedal_release_s, dt_s));
    a.brake = std::max(analogue(d.brake, device, pad_brake_, dt_s, false),
                       key_brake_.update(key_down(k.brake), 1.0 / r.pedal_press_s, 1.0 / r.pedal_release_s, dt_s));
    a.clutch = std::max(analogue(d.clutch, device, pad_clutch_, dt_s, true),
                        key_clutch_.update(key_down(k.clutch), 1.0 / r.clutch_press_s, 1.0 / r.clutch_release_s, dt_s));
    a.handbrake = std::max(analogue(d.handbrake, device, pad_handbrake_, dt_s, false),
                           key_handbrake_.update(key_down(k.handbrake), 1.0 / r.pedal_press_s, 1.0 / r.pedal_release_s, dt_s));

    // Steering: the keys move it progressively and let it return to the centre; the device's
    // wheel or stick wins when it is turned further.
    const int key_target = (key_down(k.steer_left) ? 1 : 0) - (key_down(k.steer_right) ? 1 : 0);
    const bool returning = key_target == 0 || key_target * key_steer_ < 0.0;
    key_steer_ = towards(key_steer_, key_target, returning ? 1.0 / r.steer_return_s : 1.0 / r.steer_s, dt_s);
    const double device_steer = read_axis(d.steer, device, true);
    a.steer = std::clamp(std::abs(device_steer) >= std::abs(key_steer_) ? device_steer : key_steer_, -1.0, 1.0);

    // Gear lever: an H-shifter's position while it changes, a gear key, or the paddles one step
    // (the control layer uses the lever in manual and automatic, the paddles in sequential).
    int position = 0;
    for (std::size_t i = 0; i < d.gear_buttons.size(); ++i) {
        if (button(device, d.gear_buttons[i])) position = static_cast<int>(i) == 0 ? -1 : static_cast<int>(i);
    }
    if (position != shifter_position_) lever_ = position;
    shifter_position_ = position;
    gear_key_was_down_.resize(k.gears.size() + 2, false);
    const auto key_press = [&](std::size_t slot, const std::string& name) {
        const bool down = key_down(name);
        const bool press = down && !gear_key_was_down_[slot];
        gear_key_was_down_[slot] = down;
        return press;
    };
    if (key_press(0, k.reverse)) lever_ = -1;
    if (key_press(1, k.neutral)) lever_ = 0;
    for (std::size_t i = 0; i < k.gears.size(); ++i) {
        if (key_press(i + 2, k.gears[i])) lever_ = static_cast<int>(i) + 1;
    }
    const bool key_up = key_down(k.shift_up), key_dn = key_down(k.shift_down);
    const bool pad_up = button(device, d.shift_up_button), pad_dn = button(device, d.shift_down_button);
    a.shift_up = key_up || pad_up;
    a.shift_down = key_dn || pad_dn;
    if ((key_up && !key_up_was_down_) || (pad_up && !pad_up_was_down_)) lever_ = std::min(lever_ + 1, forward_gears_);
    if ((key_dn && !key_down_was_down_) || (pad_dn && !pad_down_was_down_)) lever_ = std::max(lever_ - 1, -1);
    key_up_was_down_ = key_up;
    key_down_was_down_ = key_dn;
    pad_up_was_down_ = pad_up;
    pad_down_was_down_ = pad_dn;
    lever_ = std::clamp(lever_, -1, forward_gears_);
    a.gear_lever = lever_;

    for (std::size_t i = 0; i < a.pressed.size(); ++i) {
        const bool down = button(device, d.command_buttons[i]) || key_down(k.commands[i]);
        a.pressed[i] = down && !command_was_down_[i];
        command_was_down_[i] = down;
    }
    return a;
}

}  // namespace tractive::drive
