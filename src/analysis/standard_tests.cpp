#include "tractive/analysis/standard_tests.hpp"

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
        if (name == e.name) return e.run(spec, options);
    }
    std::string valid;
    for (const auto& e : kTests) valid += std::string(valid.empty() ? "" : ", ") + e.name;
    throw std::invalid_argument("unknown standard test '" + std::string(name) + "': expected one of " + valid);
}

}  // namespace tractive
