#pragma once
// `tractive test [CAR...] [TEST...] [--compare] [--json] [--out DIR] [--road SPEC | --ground FILE] [--step-ms H]
// [--abs|--tcs|--esc on|off]`: the
// standard tests (tractive/analysis/standard_tests.hpp) on one car or several (CAR@KEY=VALUE: a set-up), printed as
// tables (with --compare, the differences) or JSON.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ground_options.hpp"
#include "load_options.hpp"

namespace tractive::cli {

struct TestOptions {
    // The cars and the tests, as given: the leading arguments that are not test names and name a
    // file (or end in .toml/.car) are cars; no car: the default car; no tests named: all.
    std::vector<std::string> arguments;
    bool json = false;
    bool compare = false;  // several cars: a table of the differences from the first
    std::string road;      // --road: every test on this analytic road
    std::string out_dir;  // empty: no telemetry files
    CarLoadOptions load;  // --data-root, --vdrift-tyres
    std::optional<double> internal_step_ms;  // none: the library default (StepSettings)
    GroundCliOptions ground;                 // --ground and the start pose; empty: each test's own road
    // --abs / --tcs / --esc: every car with that aid on or off; empty: each car's own [driver_aids].
    std::string abs;
    std::string tcs;
    std::string esc;
};

void add_test_options(CLI::App& test, TestOptions& options);

// Returns the process exit status: 0, 2 for bad input (unknown test, car that cannot be loaded,
// an --out that is not a folder, a --step-ms outside (0, 100]), 1 when a test failed.
int test_command(const TestOptions& options, const std::string& default_car_path);

}  // namespace tractive::cli
