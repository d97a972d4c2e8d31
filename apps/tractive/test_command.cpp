#include "test_command.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <iostream>
#include <numbers>
#include <nlohmann/json.hpp>

#include "atomic_write.hpp"
#include "control_options.hpp"
#include "tractive/analysis/standard_tests.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/world/road_ground.hpp"

namespace fs = std::filesystem;

namespace tractive::cli {

namespace {

constexpr int kExitBadInput = 2;
constexpr int kExitTestFailed = 1;  // a standard test failed (the car stalled, spun, ...)

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

// A car argument: PATH, or PATH@KEY=VALUE@... (a set-up: the car with those changes).
bool looks_like_car(const std::string& arg) {
    if (is_standard_test(arg)) return false;
    const std::string path = arg.substr(0, arg.find('@'));
    std::error_code ec;
    if (fs::exists(path, ec)) return true;
    const std::string ext = fs::path(path).extension().string();
    return ext == ".toml" || ext == ".car";
}

struct CarUnderTest {
    std::string label;  // as given on the command line
    std::string path;
    VehicleSpec spec;
    std::vector<StandardTestResult> results;
};

// The car of one argument: --set's changes for every car, then its own @KEY=VALUE ones.
CarUnderTest load_car_argument(const std::string& arg, CarLoadOptions load) {
    std::string rest = arg;
    const std::string path = rest.substr(0, rest.find('@'));
    for (std::size_t at = rest.find('@'); at != std::string::npos;) {
        const std::size_t next = rest.find('@', at + 1);
        load.set.push_back(rest.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1));
        at = next;
    }
    const LoadedCar car = load_cli_car(path, load);  // LoadError: exit 2 in main
    for (const auto& w : car.warnings) std::cerr << "warning: " << w.to_string() << "\n";
    return {arg, path, car.spec, {}};
}

// The comparison table: each metric of each car, and each car's difference from the first.
void print_comparison(const std::vector<CarUnderTest>& cars) {
    fmt::print("\ncomparison (differences from {})\n", cars.front().label);
    std::string head = fmt::format("{:<12} {:<28}", "test", "metric");
    for (std::size_t c = 0; c < cars.size(); ++c) head += fmt::format(" {:>10}", fmt::format("car {}", c + 1));
    for (std::size_t c = 1; c < cars.size(); ++c) head += fmt::format(" {:>18}", fmt::format("car {} - car 1", c + 1));
    fmt::print("{}\n", head);
    const auto& first = cars.front().results;
    for (std::size_t t = 0; t < first.size(); ++t) {
        for (const StandardTestMetric& m : first[t].metrics) {
            std::string row = fmt::format("{:<12} {:<28}", first[t].test, m.name);
            std::vector<double> values;
            for (const CarUnderTest& car : cars) {
                const StandardTestResult& r = car.results[t];
                const StandardTestMetric& mine = r.metric(m.name);
                values.push_back(r.passed() ? mine.value : std::nan(""));
                row += fmt::format(" {:>10}", r.passed() ? format_value(mine) : "failed");
            }
            for (std::size_t c = 1; c < cars.size(); ++c) {
                const double d = values[c] - values[0];
                if (m.is_flag() || !std::isfinite(d)) {
                    row += fmt::format(" {:>18}", "");
                } else {
                    const std::string pct = values[0] != 0.0 ? fmt::format(" ({:+.1f} %)", 100.0 * d / std::abs(values[0])) : "";
                    row += fmt::format(" {:>18}", fmt::format("{:+.4g}{}", d, pct));
                }
            }
            fmt::print("{}{}\n", row, m.is_flag() ? "" : "  " + m.unit);
        }
    }
    for (std::size_t c = 0; c < cars.size(); ++c) fmt::print("car {}: {} ({})\n", c + 1, cars[c].spec.name, cars[c].label);
}

}  // namespace

void add_test_options(CLI::App& test, TestOptions& options) {
    std::string names;
    for (const auto& n : standard_test_names()) names += (names.empty() ? "" : ", ") + n;
    test.add_option("car_and_tests", options.arguments,
                    "[CAR...] [TEST...]: car files (default: the project's default car; CAR@KEY=VALUE for a set-up), then tests "
                    "(default: all of " + names + ")");
    test.add_flag("--json", options.json, "Print one JSON object keyed by test name (by car, then test, for several cars)");
    test.add_flag("--compare", options.compare, "With several cars: also a table of each metric and its difference from the first car");
    test.add_option("--road", options.road, "Run every test on this analytic road (docs/road.md: mu=0.5, grade=0.05, ...) instead of each test's own");
    add_ground_options(test, options.ground, true);
    test.add_option("--out", options.out_dir, "Folder for each test's telemetry CSV (DIR/<test>.csv), created if needed");
    add_car_load_options(test, options.load);
    test.add_option("--step-ms", options.internal_step_ms,
                    "Internal step in milliseconds (default: the library's, 8 ms); run again at a ten times finer "
                    "step to see how far the metrics have converged");
    test.add_option("--abs", options.abs, "Anti-lock brakes on or off in every car; default: each car's [driver_aids]");
    test.add_option("--tcs", options.tcs, "Traction control on or off in every car; default: each car's [driver_aids]");
    test.add_option("--esc", options.esc, "Stability control on or off in every car; default: each car's [driver_aids]");
}

int test_command(const TestOptions& options, const std::string& default_car_path) {
    std::vector<std::string> car_arguments;
    std::vector<std::string> tests;
    for (const std::string& arg : options.arguments) {
        if (tests.empty() && looks_like_car(arg)) car_arguments.push_back(arg);
        else tests.push_back(arg);
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
    if (car_arguments.empty()) car_arguments.push_back(default_car_path);
    if (options.compare && car_arguments.size() < 2) {
        std::cerr << "error: --compare: expected two or more cars (CAR_A CAR_B, or CAR CAR@KEY=VALUE for a set-up)\n";
        return kExitBadInput;
    }
    for (const auto& [name, value] : {std::pair{"--abs", &options.abs}, std::pair{"--tcs", &options.tcs}, std::pair{"--esc", &options.esc}}) {
        if (!parse_switch(*value, false)) {
            std::cerr << fmt::format("error: {}: expected on or off, got '{}'\n", name, *value);
            return kExitBadInput;
        }
    }
    std::vector<CarUnderTest> cars;
    for (const std::string& arg : car_arguments) {
        cars.push_back(load_car_argument(arg, options.load));
        DriverAidsSpec& aids = cars.back().spec.driver_aids;
        aids.abs = *parse_switch(options.abs, aids.abs);
        aids.tcs = *parse_switch(options.tcs, aids.tcs);
        aids.esc = *parse_switch(options.esc, aids.esc);
    }

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
    if (!options.road.empty()) {
        if (!options.ground.file.empty()) {
            std::cerr << "error: --road and --ground: expected one of them\n";
            return kExitBadInput;
        }
        try {
            run.ground = std::make_shared<RoadGround>(parse_road_spec(options.road));
        } catch (const std::invalid_argument& e) {
            std::cerr << "error: --road " << options.road << ": " << e.what() << "\n";
            return kExitBadInput;
        }
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

    for (CarUnderTest& car : cars) {
        for (const auto& t : tests) car.results.push_back(run_standard_test(t, car.spec, run));
    }

    if (!options.out_dir.empty()) {
        for (std::size_t c = 0; c < cars.size(); ++c) {
            // Several cars: a folder each (car1, car2, ...).
            const fs::path dir = cars.size() == 1 ? fs::path(options.out_dir) : fs::path(options.out_dir) / fmt::format("car{}", c + 1);
            fs::create_directories(dir);
            for (const auto& r : cars[c].results) {
                for (const auto& tel : r.telemetry) {
                    const std::string name = tel.variant.empty() ? r.test : r.test + "-" + tel.variant;
                    const fs::path path = dir / (name + ".csv");
                    write_atomically(path, tel.csv);
                    std::cerr << fmt::format("wrote {}\n", path.string());
                }
            }
        }
    }

    int failed = 0;
    for (const CarUnderTest& car : cars) {
        for (const auto& r : car.results) failed += r.passed() ? 0 : 1;
    }
    const auto results_json = [](const std::vector<StandardTestResult>& results) {
        nlohmann::json j = nlohmann::json::object();
        for (const auto& r : results) {
            // A failed test's figures are not the car's: null, and what was measured before the
            // failure kept apart under its own name.
            nlohmann::json metrics = nlohmann::json::object();
            nlohmann::json before = nlohmann::json::object();
            for (const auto& m : r.metrics) {
                metrics[m.name] = r.passed() ? metric_json(m) : nlohmann::json(nullptr);
                before[m.name] = metric_json(m);
            }
            if (!r.passed()) metrics["measured_before_failure"] = before;
            metrics["status"] = to_string(r.status);
            metrics["reason"] = r.status == TestStatus::Ok ? nlohmann::json(nullptr) : nlohmann::json(r.reason);
            j[r.test] = metrics;
        }
        return j;
    };
    if (options.json) {
        if (cars.size() == 1) {
            std::cout << results_json(cars.front().results).dump(2) << "\n";
        } else {
            nlohmann::json j = nlohmann::json::array();
            for (const CarUnderTest& car : cars) j.push_back({{"car", car.label}, {"name", car.spec.name}, {"tests", results_json(car.results)}});
            std::cout << j.dump(2) << "\n";
        }
    } else {
        for (const CarUnderTest& car : cars) {
            const auto& results = car.results;
            int car_failed = 0;
            for (const auto& r : results) car_failed += r.passed() ? 0 : 1;
            fmt::print("{}{}  ({})\n", &car == &cars.front() ? "" : "\n", car.spec.name, car.label);
            fmt::print("{:<12} {:<28} {:>10}  {}\n", "test", "metric", "value", "unit");
            for (const auto& r : results) {
                for (const auto& m : r.metrics) {
                    const std::string row = fmt::format("{:<12} {:<28} {:>10}", r.test, m.name, r.passed() ? format_value(m) : "failed");
                    fmt::print("{}\n", m.is_flag() ? row : row + "  " + m.unit);
                }
                if (!r.passed()) fmt::print("{:<12} FAILED: {}: {}\n", r.test, to_string(r.status), r.reason);
                if (r.status == TestStatus::NotApplicable) fmt::print("{:<12} n/a: {}\n", r.test, r.reason);
            }
            std::size_t not_applicable = 0;
            for (const auto& r : results) not_applicable += r.status == TestStatus::NotApplicable ? 1 : 0;
            fmt::print("{} of {} tests passed{}{}\n", results.size() - static_cast<std::size_t>(car_failed), results.size(),
                       not_applicable ? fmt::format(" ({} in part beyond the car: n/a)", not_applicable) : "",
                       car_failed ? " (a failed test's figures are not the car's)" : "");
        }
        if (options.compare) print_comparison(cars);
    }
    for (const CarUnderTest& car : cars) {
        for (const auto& r : car.results) {
            if (!r.passed()) std::cerr << fmt::format("test failed: {}{}: {}: {}\n", cars.size() > 1 ? car.label + ": " : "", r.test, to_string(r.status), r.reason);
        }
    }
    return failed ? kExitTestFailed : 0;
}

}  // namespace tractive::cli
