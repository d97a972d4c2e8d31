#pragma once
// Standard driving tests (issue 4): the figures a road test or a manufacturer publishes, measured
// by driving the car through the control layer (control/) with the closed-loop driver (driver/)
// or a scripted person at the pedals. docs/validation.md sets them beside the real cars'.
//
//   accel       automatic, full throttle from rest: 0-100 km/h, 0-60 mph (also with a 1-ft
//               rollout), quarter mile time and trap speed
//   top-speed   automatic, full throttle until the speed settles
//   braking     100 km/h to rest, full pedal, ABS on and off
//   skidpad     45.7 m circle, speed raised slowly until the car cannot hold the circle
//   coastdown   100 km/h to rest in neutral
//   elasticity  80-120 km/h in top gear, full throttle (manual mode)
//   hill-start  manual, 20 % grade, scripted pedals and handbrake
//   launch      manual, level, the driver's clutch pedal released over 1 s at 35 % throttle
//   step-steer  80 km/h, steering step to about 0.35 g (ISO 7401): yaw-rate rise time, overshoot
//   fuel        steady 90 and 120 km/h in top gear
// Each test's definition (procedure, thresholds, time caps) is in its source file under
// src/analysis/standard_tests/ and in docs/validation.md.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

struct StandardTestMetric {
    std::string name;  // e.g. "t_0_100_s"; the unit is part of the name and in `unit`
    double value = 0.0;  // NaN: not reached (a time that never came, a speed never held)
    std::string unit;    // "s", "m", "km/h", "g", "L/100km", "1" (a ratio), "bool" (value 0 or 1)
    [[nodiscard]] bool is_flag() const { return unit == "bool"; }
};

// Telemetry of one run of a test (docs/telemetry.md, vehicle and controller columns). `variant`
// is empty for a test's main run, else names the other run ("noabs", "90").
struct StandardTestTelemetry {
    std::string variant;
    std::string csv;
};

// How a test ended. Anything but Ok and NotApplicable is a failed test: its metrics are what was
// measured before the failure (NaN where a figure was never reached) and must not be read as the
// car's figures.
enum class TestStatus {
    Ok,
    NotApplicable,  // a speed the test aims at is beyond the car: its full-throttle speed settled
                    // below it (a kart's 114 km/h against 80-120 km/h). The figures beyond the
                    // car are NaN, the others are the car's; the reason says which and why.
    Stalled,      // the engine stopped (not for lack of fuel)
    OutOfFuel,    // the engine stopped with the tank empty
    LeftRoad,     // a straight-line test's car ended more than a lane's width off its line
    Spun,         // the body's sideslip passed 30 degrees above 3 m/s
    RolledOver,   // the body tilted more than 60 degrees from the road normal
    LeftGround,   // no ground under the body, or no wheel on the ground for longer than 0.5 s
    Diverged,     // the state became non-finite
    NotReached,   // a speed, distance or condition the test needs never came within its time cap
    NotSettled,   // top speed: the speed never settled within the cap
};
const char* to_string(TestStatus status);

struct StandardTestResult {
    std::string test;
    std::vector<StandardTestMetric> metrics;
    TestStatus status = TestStatus::Ok;
    std::string reason;  // what failed and when, for a status other than Ok
    std::vector<StandardTestTelemetry> telemetry;  // empty unless asked for

    // Not failed: Ok, or NotApplicable (nothing went wrong; part of the test is beyond the car).
    [[nodiscard]] bool passed() const { return status == TestStatus::Ok || status == TestStatus::NotApplicable; }
    // Records a failure; the first one is kept (a later one is usually its consequence), and a
    // failure replaces NotApplicable.
    void fail(TestStatus why, std::string what);
    // Records that part of the test is beyond the car (NotApplicable), unless it already failed.
    void not_applicable(std::string what);
    // The metric of that name; throws std::out_of_range when there is none.
    [[nodiscard]] const StandardTestMetric& metric(std::string_view name) const;
};

struct StandardTestOptions {
    StepSettings step;                   // internal step (the library default)
    bool record_telemetry = false;
    double telemetry_interval_s = 0.05;  // one row per interval (rounded to whole internal steps)
    // A ground to drive on instead of each test's analytic road (`tractive test --ground`): every
    // test runs in the frame of the start pose (its +x along the heading), on the ground as it
    // is there (the hill start's grade and the split-friction stops are then the ground's);
    // telemetry positions are in the ground's world axes.
    std::shared_ptr<const Ground> ground;
    double start_x_m = 0.0, start_y_m = 0.0, start_heading_rad = 0.0;
};

// The tests in their standard order.
const std::vector<std::string>& standard_test_names();
bool is_standard_test(std::string_view name);

// Runs one test on the car. Throws std::invalid_argument for an unknown test name (the message
// lists the valid ones). A test that passes has every metric finite: a metric left NaN by a test
// that did not say why fails it as NotReached.
StandardTestResult run_standard_test(std::string_view name, const VehicleSpec& spec,
                                     const StandardTestOptions& options = {});

}  // namespace tractive
