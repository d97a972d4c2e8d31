#pragma once
// `tractive test [CAR] [TEST...] [--json] [--out DIR] [--data-root DIR] [--step-ms H]`: the standard tests
// (tractive/analysis/standard_tests.hpp) on one car, printed as a table or one JSON object.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ground_options.hpp"
#include "load_options.hpp"

namespace tractive::cli {

struct TestOptions {
    // The car and the tests, as given: the first argument is the car unless it is a test name or
    // looks like one (no file of that name and no .toml/.car ending); no tests named: all.
    std::vector<std::string> arguments;
    bool json = false;
    std::string out_dir;  // empty: no telemetry files
    CarLoadOptions load;  // --data-root, --vdrift-tires
    std::optional<double> internal_step_ms;  // none: the library default (StepSettings)
    GroundCliOptions ground;                 // --ground and the start pose; empty: each test's own road
};

void add_test_options(CLI::App& test, TestOptions& options);

// Returns the process exit status: 0, 2 for bad input (unknown test, car that cannot be loaded,
// an --out that is not a folder, a --step-ms outside (0, 100]), 1 when a test failed.
int test_command(const TestOptions& options, const std::string& default_car_path);

}  // namespace tractive::cli
