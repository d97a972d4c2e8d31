// The library's run with time-stamped controls (run_controls), the one loop behind `tractive
// run --controls` and Python's tractive.run: its rows, its starting gear, its refusals of bad
// settings, and a run that goes non-finite failing instead of writing NaN rows.
#include "tractive/telemetry/controls_run.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

#include "support/profile_ground.hpp"
#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

VehicleSpec roadster() { return load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec; }

std::shared_ptr<const Ground> road() { return std::make_shared<RoadGround>(RoadSpec{}); }

const std::vector<TimedControls> kLaunch = parse_controls_csv("time,throttle,gear\n0,1,1\n5,1,1\n", "launch");

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

// Rows at 0, 0.01, ... 5 s (501 and a header), written through the sink; the result's last row
// is the state at 5 s, and the automatic started in neutral.
TEST(ControlsRun, RowsAtTheIntervalThroughTheSink) {
    ControlsRunSettings s;
    s.control = {ShiftMode::Automatic, {}};
    std::string csv;
    int chunks = 0;
    double last_progress = -1.0;
    const ControlsRunResult r = run_controls(roadster(), road(), kLaunch, s, [&](std::string_view t) { csv += t; ++chunks; },
                                             [&](double t) { last_progress = t; });
    EXPECT_EQ(r.rows, 501);
    EXPECT_EQ(lines_of(csv).size(), 502u);
    EXPECT_GE(chunks, 1);
    EXPECT_DOUBLE_EQ(last_progress, 5.0);
    EXPECT_NEAR(r.last_row.time_s, 5.0, 1e-12);
    EXPECT_EQ(r.start_gear, 0);
    EXPECT_GT(speed_m_per_s(r.last_row), 15.0);  // driven off: about 90 km/h after 5 s
    EXPECT_EQ(r.events.stalls, 0);
}

// A rolling start in the automatic starts in the gear it would choose; in manual, the first
// row's gear, refused where it would over-rev.
TEST(ControlsRun, RollingStartGear) {
    ControlsRunSettings s;
    s.duration_s = 0.1;
    s.start_speed_m_per_s = 100.0 / 3.6;
    s.control = {ShiftMode::Automatic, {}};
    const auto sink = [](std::string_view) {};
    EXPECT_GE(run_controls(roadster(), road(), kLaunch, s, sink).start_gear, 3);
    s.control = {ShiftMode::Manual, {}};
    s.start_speed_m_per_s = 150.0 / 3.6;
    try {
        run_controls(roadster(), road(), kLaunch, s, sink);
        FAIL() << "150 km/h in first gear accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("start speed 150 km/h in gear 1: the engine would turn at"), std::string::npos) << e.what();
    }
}

TEST(ControlsRun, BadSettingsAreRefused) {
    const auto sink = [](std::string_view) {};
    const auto refused = [&](auto change, const std::string& says) {
        ControlsRunSettings s;
        change(s);
        try {
            run_controls(roadster(), road(), kLaunch, s, sink);
            ADD_FAILURE() << "accepted: " << says;
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
        }
    };
    refused([](ControlsRunSettings& s) { s.interval_s = 0.001; }, "at least the internal step");
    refused([](ControlsRunSettings& s) { s.duration_s = std::nan(""); }, "duration: expected a finite number");
    refused([](ControlsRunSettings& s) { s.duration_s = 1e308; }, "expected at most 86400 s");
    refused([](ControlsRunSettings& s) { s.start_speed_m_per_s = -1.0; }, "within [0, 1000] km/h");
    refused([](ControlsRunSettings& s) { s.heading_rad = std::numeric_limits<double>::infinity(); }, "finite");
}

// A ground that answers a NaN normal 20 m ahead: the step's state goes non-finite there, and the
// run throws with the time instead of writing rows of NaN.
TEST(ControlsRun, ARunThatGoesNonFiniteFails) {
    ControlsRunSettings s;
    s.control = {ShiftMode::Automatic, {}};
    std::string csv;
    try {
        run_controls(roadster(), std::make_shared<test::BrokenAheadGround>(), kLaunch, s, [&](std::string_view t) { csv += t; });
        FAIL() << "a non-finite run gave telemetry";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("no car can have at 2."), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("(the state is not finite)"), std::string::npos) << e.what();
    }
    EXPECT_EQ(csv.find("nan"), std::string::npos);
}
