#include "test_command.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <iostream>
#include <numbers>
#include <nlohmann/json.hpp>

#include "atomic_write.hpp"
#include "tractive/analysis/standard_tests.hpp"
#include "tractive/io/car_loader.hpp"

namespace fs = std::filesystem;

namespace tractive::cli {

namespace {

constexpr int kExitBadInput = 2;
constexpr int kExitTestFailed = 1;  // a standard test failed (the car stalled, spun, ...)

bool looks_like_car(const std::string& arg) {
    if (is_standard_test(arg)) return false;
    std::error_code ec;
    if (fs::exists(arg, ec)) return true;
    const std::string ext = fs::path(arg).extension().string();
    return ext == ".toml" || ext == ".car";
}

std::string format_value(const StandardTestMetric& m) {
    if (m.is_flag()) return m.value != 0.0 ? "yes" : "no";
    if (!std::isfinite(m.value)) return "-";
    if (m.unit == "g" || m.unit == "1") return fmt::format("{:.3f}", m.value);
    if (m.unit == "km/h" || m.unit == "m") return fmt::format("{:.1f}", m.value);
    return fmt::format("{:.2f}", m.value);
}

nlohmann::json metric_json(const StandardTestMetric& m) {
    if (m.is_flag()) return m.value != 0.0;
    if (!std::isfinite(m.value)) return nullptr;  // not reached
    return m.value;
}

}  // namespace

void add_test_options(CLI::App& test, TestOptions& options) {
    std::string names;
    for (const auto& n : standard_test_names()) names += (names.empty() ? "" : ", ") + n;
    test.add_option("car_and_tests", options.arguments,
                    "[CAR] [TEST...]: car file (default: the project's default car), then tests (default: all of " +
                        names + ")");
    test.add_flag("--json", options.json, "Print one JSON object keyed by test name");
    add_ground_options(test, options.ground, true);
    test.add_option("--out", options.out_dir, "Folder for each test's telemetry CSV (DIR/<test>.csv), created if needed");
    add_car_load_options(test, options.load);
    test.add_option("--step-ms", options.internal_step_ms,
                    "Internal step in milliseconds (default: the library's, 8 ms); run again at a ten times finer "
                    "step to see how far the metrics have converged");
}

int test_command(const TestOptions& options, const std::string& default_car_path) {
    std::string car_path = default_car_path;
    std::vector<std::string> tests;
    for (std::size_t i = 0; i < options.arguments.size(); ++i) {
        if (i == 0 && looks_like_car(options.arguments[0])) {
            car_path = options.arguments[0];
        } else {
            tests.push_back(options.arguments[i]);
        }
    }
    for (const auto& t : tests) {
        if (!is_standard_test(t)) {
            std::string valid;
            for (const auto& n : standard_test_names()) valid += (valid.empty() ? "" : ", ") + n;
            std::cerr << fmt::format("error: unknown test '{}': expected one of {}\n", t, valid);
            return kExitBadInput;
        }
    }
    if (tests.empty()) tests = standard_test_names();

    const LoadedCar car = load_cli_car(car_path, options.load);  // LoadError: exit 2 in main
    for (const auto& w : car.warnings) std::cerr << "warning: " << w.to_string() << "\n";

    StandardTestOptions run;
    if (!options.ground.file.empty()) {
        try {
            const CliGround g = resolve_ground(options.ground);  // LoadError: exit 2 in main
            std::cerr << fmt::format("ground: {} from {}; the tests start at x = {} m, y = {} m, heading {:.1f} deg\n", g.loaded.summary,
                                     options.ground.file, g.start.x_m, g.start.y_m, g.start.heading_rad * 180.0 / std::numbers::pi);
            run.ground = g.loaded.ground;
            run.start_x_m = g.start.x_m;
            run.start_y_m = g.start.y_m;
            run.start_heading_rad = g.start.heading_rad;
        } catch (const std::invalid_argument& e) {
            std::cerr << "error: " << e.what() << "\n";
            return kExitBadInput;
        }
    } else if (!options.ground.at.empty() || options.ground.heading_deg) {
        std::cerr << "error: --at and --heading place the car on a --ground file: expected --ground FILE with them\n";
        return kExitBadInput;
    }
    if (options.internal_step_ms) {
        const double h_ms = *options.internal_step_ms;
        if (!(h_ms > 0.0 && h_ms <= 100.0)) {
            std::cerr << fmt::format("error: --step-ms {}: expected a step in milliseconds in (0, 100]\n",
                                     h_ms);
            return kExitBadInput;
        }
        run.step.internal_step_s = h_ms / 1000.0;
    }
    if (!options.out_dir.empty()) {
        std::error_code ec;
        fs::create_directories(options.out_dir, ec);
        if (ec || !fs::is_directory(options.out_dir)) {
            std::cerr << fmt::format("error: --out {}: expected a folder that exists or can be created{}\n",
                                     options.out_dir, ec ? " (" + ec.message() + ")" : "");
            return kExitBadInput;
        }
        run.record_telemetry = true;
    }

    std::vector<StandardTestResult> results;
    for (const auto& t : tests) results.push_back(run_standard_test(t, car.spec, run));

    if (!options.out_dir.empty()) {
        for (const auto& r : results) {
            for (const auto& tel : r.telemetry) {
                const std::string name = tel.variant.empty() ? r.test : r.test + "-" + tel.variant;
                const fs::path path = fs::path(options.out_dir) / (name + ".csv");
                write_atomically(path, tel.csv);
                std::cerr << fmt::format("wrote {}\n", path.string());
            }
        }
    }

    int failed = 0;
    for (const auto& r : results) failed += r.passed() ? 0 : 1;
    if (options.json) {
        nlohmann::json j = nlohmann::json::object();
        for (const auto& r : results) {
            nlohmann::json metrics = nlohmann::json::object();
            for (const auto& m : r.metrics) metrics[m.name] = metric_json(m);
            metrics["status"] = to_string(r.status);
            metrics["reason"] = r.status == TestStatus::Ok ? nlohmann::json(nullptr) : nlohmann::json(r.reason);
            j[r.test] = metrics;
        }
        std::cout << j.dump(2) << "\n";
    } else {
        fmt::print("{}  ({})\n", car.spec.name, car_path);
        fmt::print("{:<12} {:<28} {:>10}  {}\n", "test", "metric", "value", "unit");
        for (const auto& r : results) {
            for (const auto& m : r.metrics) {
                const std::string row = fmt::format("{:<12} {:<28} {:>10}", r.test, m.name, format_value(m));
                fmt::print("{}\n", m.is_flag() ? row : row + "  " + m.unit);
            }
            if (!r.passed()) fmt::print("{:<12} FAILED: {}: {}\n", r.test, to_string(r.status), r.reason);
            if (r.status == TestStatus::NotApplicable) fmt::print("{:<12} n/a: {}\n", r.test, r.reason);
        }
        std::size_t not_applicable = 0;
        for (const auto& r : results) not_applicable += r.status == TestStatus::NotApplicable ? 1 : 0;
        fmt::print("{} of {} tests passed{}{}\n", results.size() - static_cast<std::size_t>(failed), results.size(),
                   not_applicable ? fmt::format(" ({} in part beyond the car: n/a)", not_applicable) : "",
                   failed ? " (a failed test's figures are not the car's)" : "");
    }
    for (const auto& r : results) {
        if (!r.passed()) std::cerr << fmt::format("test failed: {}: {}: {}\n", r.test, to_string(r.status), r.reason);
    }
    return failed ? kExitTestFailed : 0;
}

}  // namespace tractive::cli
