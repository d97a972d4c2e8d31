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

struct StandardTestResult {
    std::string test;
    std::vector<StandardTestMetric> metrics;
    // The engine stopped in a run where the test's procedure should never stall it (every test
    // but launch and hill-start, where stalling is the figure measured).
    bool unexpected_stall = false;
    std::vector<StandardTestTelemetry> telemetry;  // empty unless asked for

    // The metric of that name; throws std::out_of_range when there is none.
    [[nodiscard]] const StandardTestMetric& metric(std::string_view name) const;
};

struct StandardTestOptions {
    StepSettings step;                   // internal step (the library default)
    bool record_telemetry = false;
    double telemetry_interval_s = 0.05;  // one row per interval (rounded to whole internal steps)
};

// The tests in their standard order.
const std::vector<std::string>& standard_test_names();
bool is_standard_test(std::string_view name);

// Runs one test on the car. Throws std::invalid_argument for an unknown test name (the message
// lists the valid ones).
StandardTestResult run_standard_test(std::string_view name, const VehicleSpec& spec,
                                     const StandardTestOptions& options = {});

}  // namespace tractive
