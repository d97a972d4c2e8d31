#include "calibration.hpp"

#include <fmt/format.h>

#include <cstdlib>

namespace tractive::drive {

namespace {

// The axis that differs most between two snapshots, if any moved by more than 10 % of a full range.
std::optional<std::size_t> moved_axis(const RawInput& a, const RawInput& b) {
    std::optional<std::size_t> best;
    int most = 6553;
    for (std::size_t i = 0; i < std::min(a.axes.size(), b.axes.size()); ++i) {
        const int d = std::abs(a.axes[i] - b.axes[i]);
        if (d > most) most = d, best = i;
    }
    return best;
}

AxisBinding& pedal(DeviceMapping& d, int slot) {
    switch (slot) {
        case 0: return d.throttle;
        case 1: return d.brake;
        case 2: return d.clutch;
        default: return d.handbrake;
    }
}

}  // namespace

Calibration::Calibration(InputMapping start, int forward_gears) : mapping_(std::move(start)) {
    mapping_.device.kind = DeviceKind::Wheel;  // raw axes and buttons
    // The shifter and paddles are asked for: what is skipped stays unbound.
    mapping_.device.gear_buttons.clear();
    mapping_.device.shift_up_button = mapping_.device.shift_down_button = -1;
    steps_ = {{Kind::SteerLeft, "steering"}, {Kind::SteerRight, "steering"}, {Kind::PedalsReleased, "pedals"}};
    const char* pedals[4] = {"throttle", "brake", "clutch", "handbrake"};
    for (int i = 0; i < 4; ++i) steps_.push_back({Kind::Pedal, pedals[i], i});
    steps_.push_back({Kind::Button, "shift up paddle", -2});
    steps_.push_back({Kind::Button, "shift down paddle", -3});
    for (int g = -1; g <= forward_gears; ++g) {
        if (g == 0) continue;
        steps_.push_back({Kind::Button, g < 0 ? std::string("shifter: reverse") : fmt::format("shifter: gear {}", g), g});
    }
}

std::string Calibration::instruction() const {
    if (done()) return "Calibrated: save the mapping or close.";
    const Step& s = steps_[step_];
    switch (s.kind) {
        case Kind::SteerLeft: return "Turn the wheel fully LEFT and hold it, then press Next.";
        case Kind::SteerRight: return "Turn the wheel fully RIGHT and hold it, then press Next.";
        case Kind::PedalsReleased: return "Release all pedals and the handbrake, then press Next.";
        case Kind::Pedal: return fmt::format("Press the {} fully and hold it, then press Next (Skip if there is none).", s.what);
        case Kind::Button: return fmt::format("Press the {} (Skip if there is none).", s.what);
    }
    return {};
}

void Calibration::observe(const RawInput& raw) {
    if (done() || steps_[step_].kind != Kind::Button) {
        buttons_at_start_ = raw.buttons;
        return;
    }
    buttons_at_start_.resize(raw.buttons.size(), false);
    for (std::size_t i = 0; i < raw.buttons.size(); ++i) {
        if (raw.buttons[i] && !buttons_at_start_[i]) {  // a press, not a button held since the step began
            const int slot = steps_[step_].slot;
            DeviceMapping& d = mapping_.device;
            // The button pressed is this action's alone (one button, one action, as the mapping
            // file is read): whatever held it before (a command of the default wheel's layout, an
            // earlier step's) lets it go.
            release_button(d, static_cast<int>(i));
            if (slot == -2) d.shift_up_button = static_cast<int>(i);
            else if (slot == -3) d.shift_down_button = static_cast<int>(i);
            else {
                const std::size_t position = slot < 0 ? 0 : static_cast<std::size_t>(slot);
                if (d.gear_buttons.size() <= position) d.gear_buttons.resize(position + 1, -1);
                d.gear_buttons[position] = static_cast<int>(i);
            }
            buttons_at_start_ = raw.buttons;
            finish_step();
            return;
        }
    }
    buttons_at_start_ = raw.buttons;
}

void Calibration::next(const RawInput& raw) {
    if (done()) return;
    const Step& s = steps_[step_];
    switch (s.kind) {
        case Kind::SteerLeft: left_ = raw; break;
        case Kind::SteerRight:
            if (const auto axis = moved_axis(left_, raw)) {
                mapping_.device.steer = {static_cast<int>(*axis), -1, false, mapping_.device.steer.dead_zone, raw.axes[*axis], left_.axes[*axis]};
            }
            break;
        case Kind::PedalsReleased: released_ = raw; break;
        case Kind::Pedal:
            if (const auto axis = moved_axis(released_, raw)) {
                AxisBinding& b = pedal(mapping_.device, s.slot);
                b = {static_cast<int>(*axis), -1, false, b.dead_zone, released_.axes[*axis], raw.axes[*axis]};
            }
            break;
        case Kind::Button: return;  // bound by observe()
    }
    finish_step();
}

void Calibration::skip() {
    if (!done()) finish_step();
}

void Calibration::finish_step() {
    ++step_;
    // The shifter's positions after the last one calibrated are dropped when a position is skipped.
    if (done()) {
        auto& g = mapping_.device.gear_buttons;
        while (!g.empty() && g.back() < 0) g.pop_back();
    }
}

}  // namespace tractive::drive
