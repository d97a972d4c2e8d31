// The drive window's physics side without the window: the CI script's launch, shift and stop
// through the default wheel's readings, the driver's commands, and the recordings (the controls
// it writes replay in `tractive run` to the same telemetry).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "drive/drive_script.hpp"
#include "drive/drive_session.hpp"
#include "drive/force_feedback.hpp"
#include "support/cli_run.hpp"
#include "support/profile_ground.hpp"
#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/ground_loader.hpp"
#include "tractive/world/road_ground.hpp"

namespace tractive::drive {
namespace {

constexpr double kFrame_s = 1.0 / 60.0;

std::filesystem::path script_path() { return std::filesystem::path(TRACTIVE_TEST_DATA) / "drive" / "launch_shift_stop.csv"; }

struct ScriptedDrive {
    VehicleSpec spec = load_car(test::example_car_files().front().parent_path() / "roadster.toml").spec;
    DriveSession session{spec, std::make_shared<RoadGround>(RoadSpec{}), InitialConditions{}, ControlSettings{ShiftMode::Manual, {true, true, true}}};  // the roadster's own aids
    ActionMapper mapper{InputMapping{}, static_cast<int>(spec.transmission.forward_ratios.size())};

    // Frames of 1/60 s until `duration`, each row's actions through the wheel's readings.
    void run(const std::vector<ScriptRow>& rows, double duration_s, const std::function<void(const DriveSession&)>& each = {}) {
        const DeviceMapping wheel = default_wheel_mapping();
        const auto no_keys = [](std::string_view) { return false; };
        while (session.clock_s() < duration_s - 1e-9) {
            const RawInput raw = device_state_for(script_row_at(rows, session.clock_s()), wheel, kWheelAxisCount, kWheelButtonCount);
            session.frame(mapper.update(raw, no_keys, kFrame_s), kFrame_s);
            if (each) each(session);
        }
    }
};

TEST(DriveSession, TheScriptedLaunchShiftAndStopDriveTheRoadsterOnItsClutchPedal) {
    ScriptedDrive d;
    const auto rows = read_drive_script(script_path());
    double top_kmh = 0.0, speed_at_shift_kmh = 0.0;
    bool second = false;
    d.run(rows, rows.back().time_s + 2.0, [&](const DriveSession& s) {
        const VehicleState& st = s.vehicle().state();
        top_kmh = std::max(top_kmh, speed_m_per_s(st) * 3.6);
        if (st.gear == 2 && !second) speed_at_shift_kmh = speed_m_per_s(st) * 3.6;
        second = second || st.gear == 2;
        if (s.clock_s() > 2.6 && s.clock_s() < 2.7) {
            EXPECT_GT(speed_m_per_s(st), 2.0) << "moving off in first by 2.6 s";
        }
    });
    const VehicleState& s = d.session.vehicle().state();
    EXPECT_EQ(d.session.stalls(), 0) << "the engine stalled";
    EXPECT_TRUE(s.engine_running);
    EXPECT_TRUE(second) << "never got into second";
    EXPECT_GT(speed_at_shift_kmh, 20.0);
    EXPECT_GT(top_kmh, 40.0);
    EXPECT_LT(speed_m_per_s(s), 0.05) << "did not stop";
    EXPECT_EQ(s.gear, 2);
    EXPECT_GT(s.position_m.x, 40.0);
    EXPECT_LT(std::abs(s.position_m.y), 0.5);  // straight ahead
}

TEST(DriveSession, CommandsSwitchModeAidsPauseResetAndRespawn) {
    ScriptedDrive d;
    DriveActions a;
    a.pressed[static_cast<int>(Command::Mode)] = true;
    EXPECT_TRUE(d.session.frame(a, kFrame_s).mode_changed);
    EXPECT_EQ(d.session.vehicle().control_settings().mode, ShiftMode::Sequential);
    d.session.frame(a, kFrame_s);
    EXPECT_EQ(d.session.vehicle().control_settings().mode, ShiftMode::Automatic);
    d.session.frame(a, kFrame_s);
    EXPECT_EQ(d.session.vehicle().control_settings().mode, ShiftMode::Manual);
    a = {};
    a.pressed[static_cast<int>(Command::Abs)] = true;
    a.pressed[static_cast<int>(Command::Tcs)] = true;
    d.session.frame(a, kFrame_s);
    EXPECT_FALSE(d.session.vehicle().control_settings().aids.abs);
    EXPECT_FALSE(d.session.vehicle().control_settings().aids.tcs);

    // Pause: time stands still until pressed again.
    a = {};
    a.pressed[static_cast<int>(Command::Pause)] = true;
    d.session.frame(a, kFrame_s);
    const double t = d.session.vehicle().state().time_s;
    d.session.frame({}, kFrame_s);
    EXPECT_EQ(d.session.vehicle().state().time_s, t);
    d.session.frame(a, kFrame_s);
    EXPECT_GT(d.session.vehicle().state().time_s, t);

    // Drive off in automatic, then respawn where the car is, then reset to the start.
    a = {};
    a.pressed[static_cast<int>(Command::Mode)] = true;
    d.session.frame(a, kFrame_s);
    d.session.frame(a, kFrame_s);
    ASSERT_EQ(d.session.vehicle().control_settings().mode, ShiftMode::Automatic);
    DriveActions go;
    go.gear_lever = 1;
    go.throttle = 0.6;
    go.steer = 0.3;
    for (int i = 0; i < 360; ++i) d.session.frame(go, kFrame_s);
    const VehicleState before = d.session.vehicle().state();
    ASSERT_GT(speed_m_per_s(before), 5.0);
    DriveActions respawn;
    respawn.pressed[static_cast<int>(Command::Respawn)] = true;
    EXPECT_TRUE(d.session.frame(respawn, kFrame_s).reset);
    const VehicleState& after = d.session.vehicle().state();
    EXPECT_LT(speed_m_per_s(after), 0.2);
    EXPECT_NEAR(after.position_m.x, before.position_m.x, 0.5);
    EXPECT_NEAR(after.position_m.y, before.position_m.y, 0.5);
    EXPECT_NEAR(euler_zyx(after.orientation).yaw, euler_zyx(before.orientation).yaw, 0.05);
    DriveActions reset;
    reset.pressed[static_cast<int>(Command::Reset)] = true;
    d.session.frame(reset, kFrame_s);
    EXPECT_NEAR(d.session.vehicle().state().position_m.x, 0.0, 0.05);
    EXPECT_NEAR(d.session.vehicle().state().position_m.y, 0.0, 0.05);
}

// A step that fails (a ground broken past 20 m) holds the car at its last good state and the
// session says so, frame after frame, until a reset starts it again; the count of failed frames
// stays for the window's closing line. Before, the car just stood there without a word.
TEST(DriveSession, AFailedStepIsSaidUntilTheCarIsResetOrRespawned) {
    const VehicleSpec spec = load_car(test::example_car_files().front().parent_path() / "roadster.toml").spec;
    DriveSession session{spec, std::make_shared<test::BrokenAheadGround>(), InitialConditions{}, ControlSettings{ShiftMode::Automatic, {}}};
    DriveActions go;
    go.gear_lever = 1;
    go.throttle = 0.8;
    int frames = 0;
    while (!session.step_failed() && frames < 600) session.frame(go, kFrame_s), ++frames;
    ASSERT_TRUE(session.step_failed()) << "drove 10 s without reaching the broken road";
    const double held_x = session.vehicle().state().position_m.x;
    EXPECT_GT(held_x, 10.0);
    EXPECT_LT(held_x, 20.0 + 2.0) << "the front wheels' hubs stop short of 20 m plus a step";
    for (int k = 0; k < 30; ++k) session.frame(go, kFrame_s);
    EXPECT_TRUE(session.step_failed());
    EXPECT_EQ(session.vehicle().state().position_m.x, held_x);
    EXPECT_EQ(session.failed_updates(), 31);
    DriveActions reset;
    reset.pressed[static_cast<int>(Command::Reset)] = true;
    session.frame(reset, kFrame_s);
    EXPECT_FALSE(session.step_failed()) << "a reset starts the car again";
    EXPECT_LT(session.vehicle().state().position_m.x, 1.0);
    EXPECT_EQ(session.failed_updates(), 31);
}

// Rows of a telemetry CSV by their time cell.
std::map<std::string, std::string> rows_by_time(const std::string& csv) {
    std::map<std::string, std::string> rows;
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) rows[line.substr(0, line.find(','))] = line;
    return rows;
}

TEST(DriveSession, ItsRecordedControlsReplayInTractiveRunToTheSameTelemetry) {
    ScriptedDrive d;
    d.session.start_recording(0.01);
    const auto rows = read_drive_script(script_path());
    d.run(rows, 8.0);
    const std::string header = d.session.telemetry_csv().substr(0, d.session.telemetry_csv().find('\n'));
    EXPECT_NE(header.find("driver_clutch"), std::string::npos);

    test::TempDir dir;
    const auto controls = dir.write("controls.csv", d.session.controls_csv());
    const auto out = dir.path() / "replay.csv";
    const auto car = test::example_car_files().front().parent_path() / "roadster.toml";
    const test::CliRun r = test::run_cli(fmt::format("run {} --controls {} --mode manual --abs on --tcs on --duration 8 --out {}", test::quoted(car),
                                                     test::quoted(controls), test::quoted(out)),
                                         true);
    ASSERT_EQ(r.status, 0) << r.out;
    std::ifstream f(out);
    const std::string replay((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    EXPECT_EQ(replay.substr(0, replay.find('\n')), header);
    const auto live = rows_by_time(d.session.telemetry_csv());
    const auto again = rows_by_time(replay);
    int compared = 0;
    for (const auto& [time, row] : live) {
        const auto it = again.find(time);
        // Row 0: `tractive run` starts in the first row's gear, the window in neutral with the
        // lever put in first during the first frame (the clutch pedal is floored either way).
        if (it == again.end() || time == "0.0000") continue;
        ++compared;
        ASSERT_EQ(it->second, row) << "at " << time << " s";
    }
    EXPECT_GT(compared, 700);
}

}  // namespace
}  // namespace tractive::drive

namespace tractive::drive {
namespace {

struct Place {
    std::string name;
    std::shared_ptr<const Ground> ground;
    InitialConditions start;
};

std::vector<Place> shipped_grounds() {
    std::vector<Place> places = {{"flat road", std::make_shared<RoadGround>(RoadSpec{}), {}}};
    const auto dir = test::example_car_files().front().parent_path().parent_path() / "grounds";
    for (const char* file : {"proving_ground.toml", "skidpad.toml"}) {
        const LoadedGround g = load_ground(dir / file);
        InitialConditions start;
        if (g.start) start.x_m = g.start->x_m, start.y_m = g.start->y_m, start.heading_rad = g.start->heading_rad;
        places.push_back({file, g.ground, start});
    }
    return places;
}

// A driver's feet for a standing start: automatic, D and throttle; sequential, one pull on the up
// paddle and throttle; manual, first gear, the clutch pedal let up across its working range over
// 2.5 s with throttle 0.5, then full throttle.
DriveActions launch(ShiftMode mode, double t) {
    DriveActions a;
    a.gear_lever = 1;
    a.throttle = t < 0.3 ? 0.0 : 0.5;
    if (mode == ShiftMode::Sequential) a.shift_up = t > 0.1 && t < 0.2;
    if (mode == ShiftMode::Manual) a.clutch = t < 0.3 ? 1.0 : std::clamp(0.75 - 0.75 * (t - 0.3) / 2.5, 0.0, 1.0);
    return a;
}

TEST(DriveSession, EveryShippedCarMovesOffOnEveryShippedGroundInAllThreeModes) {
    for (const auto& car_file : test::example_car_files()) {
        const VehicleSpec spec = load_car(car_file).spec;
        for (const Place& place : shipped_grounds()) {
            for (const ShiftMode mode : {ShiftMode::Manual, ShiftMode::Sequential, ShiftMode::Automatic}) {
                SCOPED_TRACE(fmt::format("{} on {} in {}", car_file.filename().string(), place.name, to_string(mode)));
                DriveSession session(spec, place.ground, place.start, ControlSettings{mode, {spec.driver_aids.abs, spec.driver_aids.tcs, spec.driver_aids.esc}});
                while (session.clock_s() < 6.0) session.frame(launch(mode, session.clock_s()), 1.0 / 60.0);
                const VehicleState& s = session.vehicle().state();
                EXPECT_EQ(session.stalls(), 0);
                EXPECT_GT(speed_m_per_s(s), 5.0);
                EXPECT_GE(s.gear, 1);
                const double moved = std::hypot(s.position_m.x - place.start.x_m, s.position_m.y - place.start.y_m);
                EXPECT_GT(moved, 10.0);
            }
        }
    }
}

TEST(DriveSession, TheClutchLetUpAtOnceStallsTheEngineAndTheStarterRestartsIt) {
    for (const auto& car_file : test::example_car_files()) {
        SCOPED_TRACE(car_file.filename().string());
        const VehicleSpec spec = load_car(car_file).spec;
        DriveSession session(spec, std::make_shared<RoadGround>(RoadSpec{}), {}, ControlSettings{ShiftMode::Manual, {}});
        DriveActions a;
        a.gear_lever = 1;
        a.clutch = 1.0;
        for (int i = 0; i < 30; ++i) session.frame(a, 1.0 / 60.0);
        a.clutch = 0.0;  // dumped, no throttle
        for (int i = 0; i < 120; ++i) session.frame(a, 1.0 / 60.0);
        EXPECT_EQ(session.stalls(), 1);
        EXPECT_FALSE(session.vehicle().state().engine_running);
        EXPECT_LT(speed_m_per_s(session.vehicle().state()), 1.0);
        // Clutch down and the starter: running again, at rest.
        a.clutch = 1.0;
        session.frame(a, 1.0 / 60.0);
        a.pressed[static_cast<int>(Command::StartEngine)] = true;
        session.frame(a, 1.0 / 60.0);
        a.pressed = {};
        for (int i = 0; i < 60; ++i) session.frame(a, 1.0 / 60.0);
        EXPECT_TRUE(session.vehicle().state().engine_running);
    }
}

}  // namespace
}  // namespace tractive::drive

namespace tractive::drive {
namespace {

TEST(DriveSession, AReplayOfItsRecordedControlsDrivesTheSameTelemetry) {
    ScriptedDrive live;
    live.session.start_recording(0.01);
    live.run(read_drive_script(script_path()), 9.0);

    const VehicleSpec spec = live.spec;
    DriveSession again(spec, std::make_shared<RoadGround>(RoadSpec{}), InitialConditions{}, ControlSettings{ShiftMode::Manual, {true, true, true}});
    again.replay(parse_controls_csv(live.session.controls_csv(), "recorded.csv"));
    again.start_recording(0.01);
    ASSERT_TRUE(again.replaying());
    while (again.clock_s() < 9.0 - 1e-9) again.frame({}, 1.0 / 60.0);  // no pedals: the rows drive
    EXPECT_EQ(again.telemetry_csv(), live.session.telemetry_csv());
    EXPECT_GT(speed_m_per_s(again.vehicle().state()), 10.0);
}

// The hand wheel's torque from the front tyres (force_feedback.hpp) in a corner taken gently
// tighter at 60 km/h: it pulls back towards the centre and grows with the cornering.
TEST(DriveSession, TheSteeringLoadsUpInACorner) {
    const VehicleSpec spec = load_car(test::example_car_files().front().parent_path() / "roadster.toml").spec;
    InitialConditions start;
    start.speed_m_per_s = 60.0 / 3.6;
    start.gear = 3;
    DriveSession session(spec, std::make_shared<RoadGround>(RoadSpec{}), start, ControlSettings{ShiftMode::Automatic, {}});
    std::vector<std::pair<double, double>> steer_and_torque;  // (steering, hand wheel torque N m)
    while (session.clock_s() < 6.0) {
        DriveActions a;
        a.gear_lever = 1;
        a.throttle = 0.25;
        a.steer = std::min(0.1, 0.1 * session.clock_s() / 5.0);
        session.frame(a, 1.0 / 60.0);
        const VehicleState& s = session.vehicle().state();
        const double t = hand_wheel_torque_nm({s.wheel_outputs[0].steering_axis_torque_nm, s.wheel_outputs[1].steering_axis_torque_nm},
                                              spec.wheels[0].max_steer_rad, 900.0);
        if (std::fmod(session.clock_s(), 1.0) < 1.0 / 60.0 && session.clock_s() > 1.5) steer_and_torque.emplace_back(a.steer, t);
    }
    ASSERT_GE(steer_and_torque.size(), 4u);
    for (std::size_t i = 0; i < steer_and_torque.size(); ++i) {
        SCOPED_TRACE(fmt::format("steering {:.3f}: {:.2f} N m", steer_and_torque[i].first, steer_and_torque[i].second));
        EXPECT_LT(steer_and_torque[i].second, -0.2);  // steered left, the wheel pulls right
        if (i > 0 && steer_and_torque[i].first > steer_and_torque[i - 1].first + 0.01) {
            EXPECT_LT(steer_and_torque[i].second, steer_and_torque[i - 1].second);  // and harder as the corner tightens
        }
    }
}

}  // namespace
}  // namespace tractive::drive
