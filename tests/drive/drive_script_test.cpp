// `tractive drive --script`: the script file and its way through the default wheel's readings.
#include <gtest/gtest.h>

#include "drive/action_mapper.hpp"
#include "drive/drive_script.hpp"
#include "tractive/io/load_error.hpp"

namespace tractive::drive {
namespace {

TEST(DriveScript, RowsHoldUntilTheNextTime) {
    const auto rows = parse_drive_script("time,gear,clutch,throttle,steer,mode\n0,1,1,0,0,0\n1.5,1,0.4,0.3,-0.25,1\n3,2,0,0.5,0,0\n", "s.csv");
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(script_row_at(rows, -1.0).gear, 1);
    EXPECT_DOUBLE_EQ(script_row_at(rows, 1.49).clutch, 1.0);
    EXPECT_DOUBLE_EQ(script_row_at(rows, 1.5).clutch, 0.4);
    EXPECT_DOUBLE_EQ(script_row_at(rows, 2.0).steer, -0.25);
    EXPECT_TRUE(script_row_at(rows, 2.0).commands[static_cast<int>(Command::Mode)]);
    EXPECT_EQ(script_row_at(rows, 99.0).gear, 2);
}

TEST(DriveScript, BadCellsNameTheirLineAndColumn) {
    const auto fails = [](const std::string& text, int line, const std::string& column, const std::string& words) {
        try {
            parse_drive_script(text, "s.csv");
            ADD_FAILURE() << "accepted " << text;
        } catch (const LoadError& e) {
            EXPECT_EQ(e.location().line, line) << e.what();
            EXPECT_EQ(e.key(), column) << e.what();
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    };
    fails("time,steer\n0,1.5\n", 2, "steer", "[-1, 1]");
    fails("time,gear\n0,9\n", 2, "gear", "1..8");
    fails("time,wiper\n0,1\n", 1, "wiper", "unknown column");
    fails("time,pause\n0,2\n", 2, "pause", "0 or 1");
    fails("time,brake\n1,0\n0.5,1\n", 3, "time", "after the previous row");
    fails("throttle\n0.5\n", 1, "time", "missing column");
    fails("# nothing\n", 0, "", "no script rows");
}

TEST(DriveScript, TheWheelsReadingsGiveBackTheScriptsActions) {
    // Through the virtual joystick's path: row -> raw readings -> mapping -> actions.
    const auto rows = parse_drive_script("time,steer,throttle,brake,clutch,handbrake,gear,shift_down\n0,0.3,0.25,0.75,1,0.5,-1,1\n", "s.csv");
    const DeviceMapping wheel = default_wheel_mapping();
    const RawInput raw = device_state_for(rows[0], wheel, kWheelAxisCount, kWheelButtonCount);
    ActionMapper mapper({wheel, {}, {}, {}}, 6);
    const DriveActions a = mapper.update(raw, [](std::string_view) { return false; }, 0.01);
    const double lsb = 1.0 / 32767.5;  // one step of the reading
    EXPECT_NEAR(a.steer, 0.3, lsb);
    EXPECT_NEAR(a.throttle, 0.25, lsb);
    EXPECT_NEAR(a.brake, 0.75, lsb);
    EXPECT_DOUBLE_EQ(a.clutch, 1.0);
    EXPECT_NEAR(a.handbrake, 0.5, lsb);
    EXPECT_EQ(a.gear_lever, -1);
    EXPECT_TRUE(a.shift_down);
    EXPECT_FALSE(a.shift_up);
}

}  // namespace
}  // namespace tractive::drive
