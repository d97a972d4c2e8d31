#include "tractive/analysis/standard_tests.hpp"

#include <cmath>
#include <stdexcept>

#include "standard_tests/harness.hpp"

namespace tractive {

namespace {

using TestFunction = StandardTestResult (*)(const VehicleSpec&, const StandardTestOptions&);

struct Entry {
    const char* name;
    TestFunction run;
};

constexpr Entry kTests[] = {
    {"accel", standard_tests::accel_test},
    {"top-speed", standard_tests::top_speed_test},
    {"braking", standard_tests::braking_test},
    {"skidpad", standard_tests::skidpad_test},
    {"coastdown", standard_tests::coastdown_test},
    {"elasticity", standard_tests::elasticity_test},
    {"hill-start", standard_tests::hill_start_test},
    {"launch", standard_tests::launch_test},
    {"step-steer", standard_tests::step_steer_test},
    {"fuel", standard_tests::fuel_test},
};

}  // namespace

const char* to_string(TestStatus status) {
    switch (status) {
        case TestStatus::Ok: return "ok";
        case TestStatus::NotApplicable: return "not_applicable";
        case TestStatus::Stalled: return "stalled";
        case TestStatus::OutOfFuel: return "out_of_fuel";
        case TestStatus::LeftRoad: return "left_road";
        case TestStatus::Spun: return "spun";
        case TestStatus::RolledOver: return "rolled_over";
        case TestStatus::LeftGround: return "left_ground";
        case TestStatus::Diverged: return "diverged";
        case TestStatus::NotReached: return "not_reached";
        case TestStatus::NotSettled: return "not_settled";
    }
    return "?";
}

void StandardTestResult::fail(TestStatus why, std::string what) {
    if (!passed() || why == TestStatus::Ok || why == TestStatus::NotApplicable) return;
    status = why;
    reason = std::move(what);
}

void StandardTestResult::not_applicable(std::string what) {
    if (status != TestStatus::Ok) return;
    status = TestStatus::NotApplicable;
    reason = std::move(what);
}

const StandardTestMetric& StandardTestResult::metric(std::string_view name) const {
    for (const auto& m : metrics) {
        if (m.name == name) return m;
    }
    throw std::out_of_range("standard test '" + test + "' has no metric '" + std::string(name) + "'");
}

const std::vector<std::string>& standard_test_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const auto& e : kTests) n.emplace_back(e.name);
        return n;
    }();
    return names;
}

bool is_standard_test(std::string_view name) {
    for (const auto& e : kTests) {
        if (name == e.name) return true;
    }
    return false;
}

StandardTestResult run_standard_test(std::string_view name, const VehicleSpec& spec, const StandardTestOptions& options) {
    for (const auto& e : kTests) {
        if (name != e.name) continue;
        StandardTestResult r = e.run(spec, options);
        // A figure left NaN that the test did not explain (as beyond the car) was not reached.
        for (const auto& m : r.metrics) {
            if (!std::isfinite(m.value) && r.status != TestStatus::NotApplicable)
                r.fail(TestStatus::NotReached, m.name + " was not reached");
        }
        return r;
    }
    std::string valid;
    for (const auto& e : kTests) valid += std::string(valid.empty() ? "" : ", ") + e.name;
    throw std::invalid_argument("unknown standard test '" + std::string(name) + "': expected one of " + valid);
}

}  // namespace tractive
