#include "run_command.hpp"

#include "atomic_write.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/controls_csv.hpp"
#include "tractive/io/telemetry_csv.hpp"

namespace fs = std::filesystem;

namespace tractive::cli {

void add_run_options(CLI::App& run, RunOptions& o) {
    run.add_option("car", o.car, "Car file (.toml, VDrift .car); default: the project's default car");
    run.add_option("--controls", o.controls_path, "Controls CSV: time,throttle,brake,clutch,steering,handbrake,gear,start")->required();
    run.add_option("--out", o.out_path, "Telemetry CSV to write")->required();
    run.add_option("--duration", o.duration_s, "Simulated seconds (default: the last control row's time)");
    run.add_option("--interval", o.interval_s, "Seconds between telemetry rows (default 0.01)");
    run.add_option("--road", o.road, "Road: flat, grade=0.3, bank=5, mu=0.9, stretch=FROM:TO:MU, split=FROM:TO:LEFT:RIGHT");
    run.add_option("--data-root", o.data_root, "VDrift data folder holding carparts/");
}

int run_command(const RunOptions& o, const std::string& default_car_path) {
    LoadOptions load_options;
    load_options.data_root = o.data_root;
    RoadSpec road;
    try {
        road = parse_road_spec(o.road);
    } catch (const std::invalid_argument& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
    if (!(o.interval_s > 0.0) || !std::isfinite(o.interval_s)) {
        std::cerr << "error: --interval: expected a positive number of seconds\n";
        return 2;
    }
    const fs::path car_path = o.car.empty() ? fs::path(default_car_path) : fs::path(o.car);
    const LoadedCar car = load_car(car_path, load_options);
    for (const auto& w : car.warnings) std::cerr << "warning: " << w.to_string() << "\n";
    const std::vector<TimedControls> controls = read_controls_csv(o.controls_path);
    const double duration = o.duration_s >= 0.0 ? o.duration_s : controls.back().time_s;
    if (!std::isfinite(duration) || duration > 24.0 * 3600.0) {
        std::cerr << "error: --duration: expected at most 86400 s\n";
        return 2;
    }

    InitialConditions ic;
    ic.gear = controls.front().controls.gear;
    ic.engine_running = true;
    Simulation sim(car.spec, road, StepSettings{}, ic);

    std::string text = telemetry_csv_header();
    std::size_t cursor = 0;
    const auto rows = static_cast<long>(std::floor(duration / o.interval_s + 1e-9));
    append_telemetry_csv_row(text, sim.model(), sim.state());
    for (long k = 1; k <= rows; ++k) {
        // Controls held between rows: those in force at the start of each interval.
        const double t = sim.state().time_s;
        sim.step(o.interval_s, controls_at(controls, t, cursor));
        append_telemetry_csv_row(text, sim.model(), sim.state());
    }

    // Through a temporary file: a failure leaves no half-written telemetry.
    const fs::path out(o.out_path);
    try {
        write_atomically(out, text);
    } catch (const std::runtime_error& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    const auto& s = sim.state();
    std::cerr << fmt::format("simulated {:.3f} s: {} rows to {}; final speed {:.2f} km/h, x {:.1f} m\n", s.time_s, rows + 1,
                             out.string(), speed_m_per_s(s) * 3.6, s.position_m.x);
    return 0;
}

}  // namespace tractive::cli
