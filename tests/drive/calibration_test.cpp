// The calibration screen's steps: axes found by what moved, their ranges from the snapshots,
// buttons from the first press.
#include <gtest/gtest.h>

#include "drive/calibration.hpp"

namespace tractive::drive {
namespace {

RawInput device(std::vector<int> axes, std::vector<bool> buttons = std::vector<bool>(12, false)) { return {std::move(axes), std::move(buttons)}; }

// Each button pressed and let go in turn, the calibration watching.
void press_each(Calibration& c, RawInput& held, std::initializer_list<int> buttons) {
    for (const int b : buttons) {
        held.buttons[static_cast<std::size_t>(b)] = true;
        c.observe(held);
        held.buttons[static_cast<std::size_t>(b)] = false;
        c.observe(held);
    }
}

TEST(Calibration, FindsTheAxesTheirRangesAndTheButtons) {
    // A wheel whose steering is axis 1 (growing to the left), throttle axis 3 falling when
    // pressed, brake axis 0; no clutch, no handbrake.
    Calibration c(InputMapping{}, 2);
    const std::vector<int> rest = {-32768, 0, 0, 32767};
    c.next(device({-32768, 30000, 0, 32767}));   // fully left
    c.next(device({-32768, -31000, 0, 32767}));  // fully right
    c.next(device(rest));                         // pedals released
    c.next(device({-32768, 0, 0, -32000}));       // throttle floored
    c.next(device({20000, 0, 0, 32767}));         // brake
    c.skip();                                     // clutch
    c.skip();                                     // handbrake
    RawInput held = device(rest);
    c.observe(held);
    held.buttons[7] = true;  // shift up
    c.observe(held);
    c.observe(held);  // still held: not the next step's press
    held.buttons[7] = false;
    c.observe(held);
    held.buttons[6] = true;  // shift down
    c.observe(held);
    held.buttons[6] = false;
    c.skip();  // no reverse on the shifter
    press_each(c, held, {1, 2});  // gears 1 and 2
    ASSERT_TRUE(c.done()) << c.instruction();
    const DeviceMapping& m = c.mapping().device;
    EXPECT_EQ(m.steer.axis, 1);
    EXPECT_EQ(m.steer.low, -31000);
    EXPECT_EQ(m.steer.high, 30000);
    EXPECT_EQ(m.throttle.axis, 3);
    EXPECT_EQ(m.throttle.low, 32767);
    EXPECT_EQ(m.throttle.high, -32000);
    EXPECT_EQ(m.brake.axis, 0);
    EXPECT_EQ(m.clutch.axis, default_wheel_mapping().clutch.axis);  // skipped: unchanged
    EXPECT_EQ(m.shift_up_button, 7);
    EXPECT_EQ(m.shift_down_button, 6);
    EXPECT_EQ(m.gear_buttons, (std::vector<int>{-1, 1, 2}));
    // Read through the result: full left is +1, the throttle floored is 1.
    EXPECT_DOUBLE_EQ(read_axis(m.steer, device({0, 30000, 0, 0}), true), 1.0);
    EXPECT_DOUBLE_EQ(read_axis(m.throttle, device({0, 0, 0, -32000}), false), 1.0);
    EXPECT_DOUBLE_EQ(read_axis(m.throttle, device({0, 0, 0, 32767}), false), 0.0);
}

// A G29's shifter is buttons 12-18, which the default wheel's layout gives to its commands (abs
// 12 ... start_engine 18): the calibration's press takes the button from the command, so the
// mapping it saves is one the file reader takes (one button, one action); it was refused.
TEST(Calibration, AButtonPressedTakesItFromTheActionThatHadIt) {
    Calibration c(InputMapping{}, 2);
    for (int i = 0; i < 7; ++i) c.skip();  // steering, pedals
    RawInput held = device({0, 0, 0, 0}, std::vector<bool>(24, false));
    c.observe(held);
    press_each(c, held, {4, 5, 18, 12, 13});  // paddles, then reverse, 1st, 2nd on the shifter
    ASSERT_TRUE(c.done()) << c.instruction();
    const DeviceMapping& m = c.mapping().device;
    EXPECT_EQ(m.gear_buttons, (std::vector<int>{18, 12, 13}));
    EXPECT_EQ(m.command_buttons[static_cast<int>(Command::Abs)], -1);
    EXPECT_EQ(m.command_buttons[static_cast<int>(Command::Tcs)], -1);
    EXPECT_EQ(m.command_buttons[static_cast<int>(Command::StartEngine)], -1);
    EXPECT_EQ(m.command_buttons[static_cast<int>(Command::Pause)], 14);  // not pressed: kept
    EXPECT_NO_THROW(parse_input_mapping(format_input_mapping(c.mapping()), "saved.toml"));
}

TEST(Calibration, AnAxisThatHardlyMovedIsNotTaken) {
    Calibration c(InputMapping{}, 1);
    c.next(device({100, 0}));
    c.next(device({900, 0}));  // 800 counts: noise, not a turned wheel
    EXPECT_EQ(c.mapping().device.steer.axis, default_wheel_mapping().steer.axis);
}

}  // namespace
}  // namespace tractive::drive
