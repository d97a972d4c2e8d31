// The drive window's input mapping: axes through their calibration, dead zone and inversion,
// the mapping file (its errors and its round trip), and the action mapper's keyboard, shifter,
// paddles and commands.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <set>
#include <string>

#include "drive/action_mapper.hpp"
#include "drive/input_mapping.hpp"
#include "tractive/io/load_error.hpp"
#include "tractive/io/text_file.hpp"

namespace tractive::drive {
namespace {

RawInput wheel_at(int steer, int throttle, int brake, int clutch) {
    RawInput r;
    r.axes = {steer, throttle, brake, clutch, -32768};
    r.buttons.assign(kWheelButtonCount, false);
    return r;
}

TEST(InputMapping, DefaultWheelAxesMapOntoTheirRanges) {
    const DeviceMapping m = default_wheel_mapping();
    // SDL's axis grows to the right; steer + = left.
    EXPECT_DOUBLE_EQ(read_axis(m.steer, wheel_at(32767, -32768, -32768, -32768), true), -1.0);
    EXPECT_DOUBLE_EQ(read_axis(m.steer, wheel_at(-32768, -32768, -32768, -32768), true), 1.0);
    EXPECT_NEAR(read_axis(m.steer, wheel_at(0, -32768, -32768, -32768), true), 0.0, 1.0 / 32767);
    EXPECT_DOUBLE_EQ(read_axis(m.throttle, wheel_at(0, -32768, 0, 0), false), 0.0);
    EXPECT_DOUBLE_EQ(read_axis(m.throttle, wheel_at(0, 32767, 0, 0), false), 1.0);
    EXPECT_NEAR(read_axis(m.brake, wheel_at(0, 0, 0, 0), false), 0.5, 1e-4);
    // An axis the device lacks reads 0.
    AxisBinding far = m.clutch;
    far.axis = 9;
    EXPECT_EQ(read_axis(far, wheel_at(0, 0, 0, 32767), false), 0.0);
}

TEST(InputMapping, DeadZoneCalibrationAndInversion) {
    AxisBinding centred{0, -1, false, 0.1, -1000, 1000};
    RawInput r;
    r.axes = {50};  // 5 % of the half range: inside the dead zone
    EXPECT_EQ(read_axis(centred, r, true), 0.0);
    r.axes = {-1000};
    EXPECT_DOUBLE_EQ(read_axis(centred, r, true), -1.0);
    r.axes = {550};  // 0.55 -> (0.55 - 0.1) / 0.9 = 0.5
    EXPECT_NEAR(read_axis(centred, r, true), 0.5, 1e-12);
    r.axes = {5000};  // past the calibrated end: held at the end
    EXPECT_DOUBLE_EQ(read_axis(centred, r, true), 1.0);
    // A pedal whose reading falls as it is pressed: calibrated the other way round.
    AxisBinding pedal{0, -1, false, 0.05, 32767, -32768};
    r.axes = {32767};
    EXPECT_EQ(read_axis(pedal, r, false), 0.0);
    r.axes = {-32768};
    EXPECT_DOUBLE_EQ(read_axis(pedal, r, false), 1.0);
    pedal = {0, -1, true, 0.0, -32768, 32767};  // or inverted
    EXPECT_DOUBLE_EQ(read_axis(pedal, r, false), 1.0);
}

TEST(InputMapping, AFileOverridesTheDefaultsAndRoundTrips) {
    const InputMapping m = parse_input_mapping(R"(
[device]
kind = "wheel"
name = "G29"
[device.steer]
axis = 2
invert = false
dead_zone = 0.03
range = [-30000, 30000]
[device.clutch]
axis = 5
range = [32767, -32768]
[device.buttons]
gears = [18, 12, 13, 14, 15, 16, 17]
shift_up = 4
shift_down = 5
mode = 7
abs = 0
tcs = 1
pause = 9
reset = 8
respawn = 2
camera = 3
start_engine = 10
calibrate = 11
esc = 19
[keyboard]
clutch = "Left Shift"
gears = ["F5", "F6"]
[keyboard.rates]
clutch_release_s = 2.0
[force_feedback]
gain = 0.6
wheel_range_deg = 540
)",
                                               "g29.toml");
    EXPECT_EQ(m.device.name_contains, "G29");
    EXPECT_EQ(m.device.steer.axis, 2);
    EXPECT_FALSE(m.device.steer.invert);
    EXPECT_EQ(m.device.steer.low, -30000);
    EXPECT_EQ(m.device.clutch.low, 32767);
    EXPECT_EQ(m.device.throttle.axis, 1);  // left out: the default wheel's
    EXPECT_EQ(m.device.gear_buttons.size(), 7u);
    EXPECT_EQ(m.device.shift_up_button, 4);
    EXPECT_EQ(m.device.command_buttons[static_cast<int>(Command::Mode)], 7);
    EXPECT_EQ(m.keys.clutch, "Left Shift");
    EXPECT_EQ(m.keys.gears.size(), 2u);
    EXPECT_DOUBLE_EQ(m.rates.clutch_release_s, 2.0);
    EXPECT_DOUBLE_EQ(m.force_feedback.gain, 0.6);
    EXPECT_DOUBLE_EQ(m.force_feedback.wheel_range_deg, 540.0);

    const InputMapping back = parse_input_mapping(format_input_mapping(m), "saved.toml");
    EXPECT_EQ(format_input_mapping(back), format_input_mapping(m));
    EXPECT_EQ(back.device.gear_buttons, m.device.gear_buttons);
    EXPECT_EQ(back.device.clutch.high, m.device.clutch.high);
    EXPECT_DOUBLE_EQ(back.rates.clutch_release_s, m.rates.clutch_release_s);
}

void expect_error(const std::string& text, int line, const std::string& key, const std::string& words) {
    try {
        parse_input_mapping(text, "map.toml");
        ADD_FAILURE() << "accepted: " << text;
    } catch (const LoadError& e) {
        EXPECT_EQ(e.location().file, "map.toml");
        EXPECT_EQ(e.location().line, line) << e.what();
        EXPECT_EQ(e.key(), key) << e.what();
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
}

// One button, one action; one key, one action. A file whose H-shifter takes buttons 12-18 (a
// G29's) while the wheel's default gives them to ABS, traction control, pause, ... used to be
// read without a word, and first gear toggled the ABS; the file's line is named, and the other
// action with where it was bound.
TEST(InputMapping, AButtonOrKeyBoundTwiceIsRefused) {
    expect_error("[device.buttons]\ngears = [18, 12, 13]\n", 2, "device.buttons.gears[0]",
                 "button 18 is also device.buttons.start_engine (the wheel's default)");
    expect_error("[device.buttons]\nshift_up = 30\nmode = 30\n", 3, "device.buttons.mode", "button 30 is also device.buttons.shift_up (line 2)");
    expect_error("[device.handbrake]\nbutton = 0\n", 2, "device.handbrake.button", "button 0 is also device.buttons.shift_down");
    expect_error("[device]\nkind = \"gamepad\"\n[device.buttons]\nabs = 3\n", 4, "device.buttons.abs",
                 "button 3 is also device.handbrake.button (the gamepad's default)");
    // Keys by SDL's scancode: "a" is the default shift-up's "A".
    expect_error("[keyboard]\nclutch = \"a\"\n", 2, "keyboard.clutch", "key \"a\" is also keyboard.shift_up (the keyboard's default)");
    expect_error("[keyboard]\ngears = [\"F1\", \"F2\"]\n", 2, "keyboard.gears[1]", "key \"F2\" is also keyboard.calibrate");
    // Unbinding the other action makes room.
    EXPECT_EQ(parse_input_mapping("[device.buttons]\nshift_up = 11\nmode = -1\n[keyboard]\nclutch = \"a\"\nshift_up = \"\"\n", "ok.toml").keys.clutch, "a");
    // The defaults themselves share nothing.
    EXPECT_NO_THROW(parse_input_mapping("", "empty.toml"));
    EXPECT_NO_THROW(parse_input_mapping("[device]\nkind = \"gamepad\"\n", "pad.toml"));
}

// The mapping file docs/drive.md shows is one tractive drive takes (its H-shifter once shared
// buttons 12-18 with the default wheel's commands).
TEST(InputMapping, TheDocumentedMappingFileIsRead) {
    const std::filesystem::path doc = std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "../../docs/drive.md";
    const std::string text = read_text_file(doc, 1 << 20, "docs/drive.md");
    const std::size_t section = text.find("## Devices and the mapping file");
    ASSERT_NE(section, std::string::npos);
    const std::size_t begin = text.find("```toml\n", section);
    ASSERT_NE(begin, std::string::npos);
    const std::size_t end = text.find("```", begin + 8);
    const InputMapping m = parse_input_mapping(text.substr(begin + 8, end - begin - 8), "docs/drive.md");
    EXPECT_EQ(m.device.gear_buttons.front(), 18);
    EXPECT_EQ(m.device.handbrake.button, 5);
    EXPECT_EQ(m.keys.clutch, "Left Shift");
}

TEST(InputMapping, BadFilesAreRefusedWithLineKeyAndWhatWasExpected) {
    expect_error("[device]\nkind = \"joystick\"\n", 2, "device.kind", "\"wheel\" or \"gamepad\"");
    expect_error("[device.steer]\naxis = 64\n", 2, "device.steer.axis", "an axis number");
    expect_error("[device.steer]\naxis = 1.5\n", 2, "device.steer.axis", "an integer");
    expect_error("[device.steer]\nrange = [-30000, 3.5e90]\n", 2, "device.steer.range", "an integer");  // found by fuzz_drive_inputs
    expect_error("[device.brake]\nrange = [5, 5]\n", 2, "device.brake.range", "two different");
    expect_error("[device.brake]\ndead_zone = 0.9\n", 2, "device.brake.dead_zone", "[0, 0.45]");
    expect_error("[device.brake]\nscale = 2\n", 2, "device.brake.scale", "unknown key");
    expect_error("[device.buttons]\nhorn = 3\n", 2, "device.buttons.horn", "unknown key");
    expect_error("[keyboard]\nthrottle = 3\n", 2, "keyboard.throttle", "SDL key name");
    // A key name SDL does not know: refused, not left unbound (issue 24).
    expect_error("[keyboard]\nclutch = \"Left Shiftt\"\n", 2, "keyboard.clutch", "an SDL key name such as");
    expect_error("[keyboard]\ngears = [\"1\", \"Two\"]\n", 2, "keyboard.gears", "got \"Two\"");
    expect_error("[keyboard.rates]\nsteer_s = 0\n", 2, "keyboard.rates.steer_s", "seconds");
    expect_error("[force_feedback]\ngain = -1\n", 2, "force_feedback.gain", "a gain");
    expect_error("[wheel]\n", 1, "wheel", "unknown key");
    expect_error("[device\n", 1, "", "TOML syntax error");
}

struct Keys {
    std::set<std::string> down;
    [[nodiscard]] std::function<bool(std::string_view)> predicate() const {
        return [this](std::string_view k) { return down.count(std::string(k)) > 0; };
    }
};

TEST(ActionMapper, TheClutchKeyIsProgressiveBothWays) {
    ActionMapper mapper({}, 6);
    Keys keys;
    keys.down = {"C"};
    const RawInput none;
    EXPECT_NEAR(mapper.update(none, keys.predicate(), 0.1).clutch, 0.4, 1e-12);  // 1 / 0.25 s
    EXPECT_NEAR(mapper.update(none, keys.predicate(), 0.2).clutch, 1.0, 1e-12);
    keys.down.clear();
    EXPECT_NEAR(mapper.update(none, keys.predicate(), 0.6).clutch, 0.5, 1e-12);  // 1 / 1.2 s
    EXPECT_NEAR(mapper.update(none, keys.predicate(), 1.0).clutch, 0.0, 1e-12);
}

TEST(ActionMapper, KeyboardSteeringRampsAndReturns) {
    ActionMapper mapper({}, 6);
    Keys keys;
    keys.down = {"Left"};
    const RawInput none;
    EXPECT_NEAR(mapper.update(none, keys.predicate(), 0.09).steer, 0.2, 1e-12);  // 1 / 0.45 s
    EXPECT_NEAR(mapper.update(none, keys.predicate(), 1.0).steer, 1.0, 1e-12);
    keys.down = {"Right"};  // the other way: back through the centre at the return rate first
    EXPECT_NEAR(mapper.update(none, keys.predicate(), 0.125).steer, 0.5, 1e-12);
    keys.down.clear();
    EXPECT_NEAR(mapper.update(none, keys.predicate(), 1.0).steer, 0.0, 1e-12);
}

TEST(ActionMapper, TheHShifterThePaddlesAndTheGearKeysMoveOneLever) {
    ActionMapper mapper({}, 6);
    Keys keys;
    RawInput wheel = wheel_at(0, -32768, -32768, -32768);
    wheel.buttons[4] = true;  // 2nd
    EXPECT_EQ(mapper.update(wheel, keys.predicate(), 0.01).gear_lever, 2);
    wheel.buttons[4] = false;  // out of gear: neutral
    EXPECT_EQ(mapper.update(wheel, keys.predicate(), 0.01).gear_lever, 0);
    wheel.buttons[2] = true;  // reverse
    EXPECT_EQ(mapper.update(wheel, keys.predicate(), 0.01).gear_lever, -1);
    wheel.buttons[2] = false;
    mapper.update(wheel, keys.predicate(), 0.01);
    keys.down = {"3"};
    EXPECT_EQ(mapper.update(wheel, keys.predicate(), 0.01).gear_lever, 3);
    keys.down.clear();
    EXPECT_EQ(mapper.update(wheel, keys.predicate(), 0.01).gear_lever, 3);  // the lever stays where it was put
    wheel.buttons[1] = true;  // the up paddle: one gear up on its press, not while held
    DriveActions a = mapper.update(wheel, keys.predicate(), 0.01);
    EXPECT_EQ(a.gear_lever, 4);
    EXPECT_TRUE(a.shift_up);
    EXPECT_EQ(mapper.update(wheel, keys.predicate(), 0.01).gear_lever, 4);
    wheel.buttons[1] = false;
    for (int i = 0; i < 8; ++i) {  // four more presses
        mapper.update(wheel, keys.predicate(), 0.01);
        wheel.buttons[1] = !wheel.buttons[1];
    }
    EXPECT_EQ(mapper.update(wheel, keys.predicate(), 0.01).gear_lever, 6);  // no higher than the car's top gear
}

TEST(ActionMapper, CommandsActOnTheirPressOnly) {
    ActionMapper mapper({}, 6);
    Keys keys;
    RawInput wheel = wheel_at(0, -32768, -32768, -32768);
    wheel.buttons[11] = true;  // mode
    EXPECT_TRUE(mapper.update(wheel, keys.predicate(), 0.01).command(Command::Mode));
    EXPECT_FALSE(mapper.update(wheel, keys.predicate(), 0.01).command(Command::Mode));
    keys.down = {"P"};
    const DriveActions a = mapper.update(wheel, keys.predicate(), 0.01);
    EXPECT_TRUE(a.command(Command::Pause));
    EXPECT_FALSE(a.command(Command::Mode));
}

TEST(ActionMapper, TheDeviceAndTheKeyboardTakeWhicheverIsFurther) {
    ActionMapper mapper({}, 6);
    Keys keys;
    keys.down = {"Up"};
    const RawInput wheel = wheel_at(16384, 0, -32768, -32768);  // throttle half, steering a quarter right
    const DriveActions a = mapper.update(wheel, keys.predicate(), 0.06);  // the key: 0.2
    EXPECT_NEAR(a.throttle, 0.5, 1e-4);
    EXPECT_NEAR(a.steer, -0.5, 1e-4);
    const DriveActions b = mapper.update(wheel, keys.predicate(), 0.3);  // the key: 1
    EXPECT_DOUBLE_EQ(b.throttle, 1.0);
}

TEST(ForceFeedback, TheTyresTorqueThroughTheSteeringRatio) {
    // 900 deg lock to lock, 0.6 rad at full input: ratio 7.854 / 0.6 = 13.09.
    const double t = hand_wheel_torque_nm({20.0, 30.0}, 0.6, 900.0);
    EXPECT_NEAR(t, 50.0 * 0.6 / (450.0 * std::numbers::pi / 180.0), 1e-12);
    EXPECT_EQ(hand_wheel_torque_nm({20.0, 30.0}, 0.0, 900.0), 0.0);  // not steered
    ForceFeedbackSettings s;
    s.gain = 0.5;
    s.device_peak_torque_nm = 2.0;
    EXPECT_NEAR(force_feedback_level(t, s), 0.5 * t / 2.0, 1e-12);
    EXPECT_EQ(force_feedback_level(1e6, s), 1.0);
    EXPECT_EQ(force_feedback_level(-1e6, s), -1.0);
    EXPECT_EQ(force_feedback_level(std::nan(""), s), 0.0);
}

}  // namespace
}  // namespace tractive::drive
