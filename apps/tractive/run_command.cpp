#include "run_command.hpp"

#include "atomic_write.hpp"
#include "control_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "tractive/analysis/maneuvers.hpp"
#include "tractive/control/controller.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/telemetry/controls_csv.hpp"
#include "tractive/telemetry/controls_run.hpp"
#include "tractive/telemetry/telemetry_csv.hpp"
#include "tractive/world/road_ground.hpp"

namespace fs = std::filesystem;

namespace tractive::cli {

namespace {

constexpr int kExitBadInput = 2;

// The run's transmission handling: one of the control layer's modes, or none (Direct).
struct RunMode {
    bool direct = false;  // the controls go to the step as they are: today's raw lever, no aids
    ShiftMode mode = ShiftMode::Manual;
};

// --mode: one of the control layer's modes (empty for the car's own), or direct.
std::optional<RunMode> parse_mode(const std::string& text, ShiftMode car_mode) {
    if (text == "direct") return RunMode{true, ShiftMode::Manual};
    const auto mode = parse_shift_mode(text, car_mode);
    return mode ? std::optional<RunMode>(RunMode{false, *mode}) : std::nullopt;
}


// Warns (once per column) about inputs the chosen mode does not use, naming the file and the
// first row's time: a controls file written for another mode still runs.
void warn_about_unused_columns(const std::vector<TimedControls>& rows, const std::string& file, const RunMode& m) {
    const char* mode_name = m.direct ? "direct" : to_string(m.mode);
    const auto warn_first = [&](const char* column, auto used_by, const char* why) {
        for (const TimedControls& r : rows) {
            if (used_by(r.input)) {
                std::cerr << fmt::format("warning: {}: '{}' at {} s: ignored in {} mode ({})\n", file, column, r.time_s,
                                         mode_name, why);
                return;
            }
        }
    };
    const bool automated = !m.direct && m.mode != ShiftMode::Manual;
    if (automated) {
        warn_first("clutch", [](const DriverInput& in) { return in.clutch != 0.0; }, "the clutch is automated");
    }
    if (m.direct || m.mode != ShiftMode::Sequential) {
        warn_first("shift_up", [](const DriverInput& in) { return in.shift_up; }, "the paddles work in sequential mode");
        warn_first("shift_down", [](const DriverInput& in) { return in.shift_down; }, "the paddles work in sequential mode");
    }
    if (!m.direct && m.mode == ShiftMode::Sequential) {
        const int first = rows.front().input.gear_lever;
        for (const TimedControls& r : rows) {
            if (r.input.gear_lever != first) {
                std::cerr << fmt::format(
                    "warning: {}: 'gear' at {} s: ignored in sequential mode (the first row's gear is the starting "
                    "gear; shift with shift_up and shift_down)\n",
                    file, r.time_s);
                break;
            }
        }
    }
}

// Progress of a long run on stderr: after 2 s of wall time, the simulated time reached, the share
// done and the time left, once a second (on a terminal, one line rewritten).
class RunProgress {
public:
    explicit RunProgress(double duration_s) : duration_s_(duration_s), start_(std::chrono::steady_clock::now()), last_(start_) {}
    void at(double t_s) {
        if (++calls_ % 256 != 0) return;
        const auto now = std::chrono::steady_clock::now();
        const double elapsed = std::chrono::duration<double>(now - start_).count();
        if (elapsed < 2.0 || std::chrono::duration<double>(now - last_).count() < 1.0 || !(t_s > 0.0)) return;
        last_ = now;
        const double share = std::min(t_s / duration_s_, 1.0);
        std::cerr << fmt::format("{}simulated {:.1f} of {:.1f} s ({:.0f} %), {:.0f} s left{}", tty_ ? "\r" : "", t_s, duration_s_,
                                 100.0 * share, elapsed * (1.0 - share) / share, tty_ ? "" : "\n");
        shown_ = true;
    }
    void finish() const {
        if (shown_ && tty_) std::cerr << "\n";
    }

private:
    double duration_s_;
    std::chrono::steady_clock::time_point start_, last_;
    long calls_ = 0;
    bool shown_ = false;
    bool tty_ = isatty(STDERR_FILENO) != 0;
};

// What happened during the run that the final figures do not show: stalls and refused gear
// changes, each counted with the time of the first.
void print_events(const ControlsRunEvents& e) {
    if (e.stalls > 0) {
        std::cerr << fmt::format("the engine stopped {} time{} (first at {:.3f} s: stalled, or out of fuel)\n", e.stalls,
                                 e.stalls == 1 ? "" : "s", e.first_stall_s);
    }
    if (e.refused_gear_changes > 0) {
        std::cerr << fmt::format("gear changes refused in {} control step{} (first at {:.3f} s; telemetry column gear_change_refused)\n",
                                 e.refused_gear_changes, e.refused_gear_changes == 1 ? "" : "s", e.first_refusal_s);
    }
}

}  // namespace

void add_run_options(CLI::App& run, RunOptions& o) {
    run.add_option("car", o.car, "Car file (.toml, VDrift .car); default: the project's default car");
    auto* controls = run.add_option("--controls", o.controls_path,
                                    "Controls CSV: time,throttle,brake,clutch,steering,handbrake,gear,shift_up,shift_down,start");
    auto* maneuver = run.add_option("--maneuver", o.maneuver,
                                    "Instead of --controls, a manoeuvre driven by the driver models on the flat road (docs/maneuvers.md): "
                                    "iso3888, sine-dwell, constant-radius, ... (--speed sets its speed, --radius the circle's)")
                         ->check(CLI::IsMember(maneuver_names()));
    controls->excludes(maneuver);
    maneuver->excludes(controls);
    run.add_option("--radius", o.radius_m, "constant-radius: the circle's radius in metres (default 100)");
    run.add_option("--out", o.out_path, "Telemetry CSV to write")->required();
    run.add_option("--duration", o.duration_s, "Simulated seconds (default: the last control row's time)")->check(CLI::Range(0.0, kMaxControlsRunDuration_s));
    run.add_option("--interval", o.interval_s, "Seconds between telemetry rows (default 0.01)");
    run.add_option("--speed", o.speed_kmh,
                   "Rolling start at this forward speed in km/h (default 0), in the gear that suits it (automatic and "
                   "sequential: the automatic's choice; manual and direct: the first row's gear, which must not "
                   "over-rev the engine)");
    add_ground_options(run, o.ground, true);
    run.add_option("--road", o.road, "Road: flat, grade=0.3, bank=5, mu=0.9, stretch=FROM:TO:MU, split=FROM:TO:LEFT:RIGHT");
    add_car_load_options(run, o.load);
    run.add_option("--mode", o.mode,
                   "Transmission: manual, sequential, automatic (control layer, docs/control.md) or direct (controls "
                   "straight to the car, no aids); default: the car's transmission.mode");
    run.add_option("--abs", o.abs, "Anti-lock brakes: on or off; default: the car's [driver_aids]");
    run.add_option("--tcs", o.tcs, "Traction control: on or off; default: the car's [driver_aids]");
    run.add_option("--esc", o.esc, "Stability control: on or off; default: the car's [driver_aids]");
    // A manoeuvre drives its own controls on the flat road from its own start (docs/maneuvers.md):
    // the options of a controls run that it would not use are refused with it, not ignored.
    for (const char* name : {"--duration", "--road", "--mode", "--ground", "--ground-up", "--ground-spacing", "--ground-scale", "--at",
                             "--heading"}) {
        maneuver->excludes(run.get_option(name));
        run.get_option(name)->excludes(maneuver);
    }
}

namespace {

// --maneuver: the manoeuvre's telemetry to --out, its figures on stdout.
int maneuver_command(const RunOptions& o, const std::string& default_car_path) {
    const fs::path car_path = o.car.empty() ? fs::path(default_car_path) : fs::path(o.car);
    for (const auto& [name, value] : {std::pair{"--abs", &o.abs}, std::pair{"--tcs", &o.tcs}, std::pair{"--esc", &o.esc}}) {
        if (!parse_switch(*value, false)) {
            std::cerr << fmt::format("error: {}: expected on or off, got '{}'\n", name, *value);
            return kExitBadInput;
        }
    }
    LoadedCar car = load_cli_car(car_path, o.load);  // LoadError: exit 2 in main
    for (const auto& w : car.warnings) std::cerr << "warning: " << w.to_string() << "\n";
    // The manoeuvres drive through the control layer with the car's aids: the switches set them.
    car.spec.driver_aids.abs = *parse_switch(o.abs, car.spec.driver_aids.abs);
    car.spec.driver_aids.tcs = *parse_switch(o.tcs, car.spec.driver_aids.tcs);
    car.spec.driver_aids.esc = *parse_switch(o.esc, car.spec.driver_aids.esc);
    ManeuverOptions mo;
    mo.speed_kmh = o.speed_kmh;
    mo.radius_m = o.radius_m;
    mo.telemetry_interval_s = o.interval_s;
    // Rows come every whole number of internal steps, the nearest to the interval (docs/telemetry.md):
    // one shorter than a step is refused, as for a controls run.
    const double h = StepSettings{}.internal_step_s;
    if (!(o.interval_s >= h * (1.0 - 1e-6)) || !std::isfinite(o.interval_s)) {
        std::cerr << fmt::format("error: --interval {} s: expected a number of seconds at least the internal step of {} s\n", o.interval_s, h);
        return kExitBadInput;
    }
    // The output opened first: a path that cannot be written is refused before the manoeuvre runs.
    std::optional<AtomicFile> file;
    try {
        refuse_output_over_input(o.out_path, car_path, "car");
        file.emplace(o.out_path);
    } catch (const std::invalid_argument& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const OutputPathError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    }
    ManeuverResult r;
    try {
        r = run_maneuver(o.maneuver, car.spec, mo);
    } catch (const std::invalid_argument& e) {
        std::cerr << "error: --maneuver " << o.maneuver << ": " << e.what() << "\n";
        return kExitBadInput;
    }
    // A manoeuvre that drove no run (frequency-response on a car whose front wheels do not steer)
    // has no telemetry: nothing is written, and it says so.
    try {
        if (!r.telemetry_csv.empty()) {
            file->write(r.telemetry_csv);
            file->commit();
        }
    } catch (const std::runtime_error& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    fmt::print("{}  ({}), {}\n", car.spec.name, car_path.string(), r.name);
    for (const StandardTestMetric& m : r.metrics) {
        const std::string value = m.is_flag() ? (m.value != 0.0 ? "yes" : "no") : (std::isfinite(m.value) ? fmt::format("{:.4g}", m.value) : "-");
        fmt::print("{:<32} {:>10}  {}\n", m.name, value, m.is_flag() ? "" : m.unit);
    }
    std::cerr << (r.telemetry_csv.empty() ? fmt::format("no telemetry: the manoeuvre drove no run; {} not written\n", o.out_path)
                                          : fmt::format("wrote {}\n", o.out_path));
    if (!r.passed() || r.telemetry_csv.empty()) {
        std::cerr << fmt::format("manoeuvre {}: {}: {}: {} (its figures are not the car's)\n", r.passed() ? "not run" : "failed", r.name,
                                 to_string(r.status), r.reason);
        return 1;
    }
    return 0;
}

}  // namespace

int run_command(const RunOptions& o, const std::string& default_car_path) {
    if (!o.maneuver.empty()) return maneuver_command(o, default_car_path);
    if (o.controls_path.empty()) {
        std::cerr << "error: expected --controls FILE.csv (time-stamped controls) or --maneuver NAME\n";
        return kExitBadInput;
    }
    const LoadOptions load_options = to_load_options(o.load);
    std::shared_ptr<const Ground> ground;
    GroundStart start;
    try {
        if (!o.ground.file.empty()) {
            if (o.road != "flat") throw std::invalid_argument("--road and --ground: expected one of them (--road describes the analytic road)");
            const CliGround g = resolve_ground(o.ground);  // LoadError: exit 2 in main
            std::cerr << fmt::format("ground: {} from {}\n", g.loaded.summary, o.ground.file);
            ground = g.loaded.ground;
            start = g.start;
        } else {
            if (!o.ground.at.empty()) throw std::invalid_argument("--at places the car on a --ground file: expected --ground FILE with it");
            ground = std::make_shared<RoadGround>(parse_road_spec(o.road));
            start.heading_rad = o.ground.heading_deg.value_or(0.0) * std::numbers::pi / 180.0;
        }
    } catch (const std::invalid_argument& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    }
    const StepSettings step_settings;
    if (!(o.interval_s >= step_settings.internal_step_s * (1.0 - 1e-6)) || !std::isfinite(o.interval_s)) {
        std::cerr << fmt::format(
            "error: --interval {}: expected a number of seconds at least the internal step of {} s (the state changes "
            "only once per internal step, so shorter rows would repeat it)\n",
            o.interval_s, step_settings.internal_step_s);
        return kExitBadInput;
    }
    if (!(o.speed_kmh >= 0.0 && o.speed_kmh <= 1000.0)) {
        std::cerr << fmt::format("error: --speed {}: expected a forward speed in km/h within [0, 1000]\n", o.speed_kmh);
        return kExitBadInput;
    }
    if (o.ground.heading_deg && !std::isfinite(*o.ground.heading_deg)) {
        std::cerr << "error: --heading: expected a finite angle in degrees\n";
        return kExitBadInput;
    }
    // The option words are checked before anything is loaded (the car's values fill in later).
    if (!parse_mode(o.mode, ShiftMode::Manual)) {
        std::cerr << fmt::format("error: --mode: expected manual, sequential, automatic or direct, got '{}'\n", o.mode);
        return kExitBadInput;
    }
    for (const auto& [name, value] : {std::pair{"--abs", &o.abs}, std::pair{"--tcs", &o.tcs}, std::pair{"--esc", &o.esc}}) {
        if (!parse_switch(*value, false)) {
            std::cerr << fmt::format("error: {}: expected on or off, got '{}'\n", name, *value);
            return kExitBadInput;
        }
    }

    const fs::path car_path = o.car.empty() ? fs::path(default_car_path) : fs::path(o.car);
    const LoadedCar car = load_cli_car(car_path, o.load);
    for (const auto& w : car.warnings) std::cerr << "warning: " << w.to_string() << "\n";
    const RunMode run_mode = *parse_mode(o.mode, car.spec.transmission.mode);
    ControlSettings settings;
    settings.mode = run_mode.mode;
    settings.aids.abs = *parse_switch(o.abs, car.spec.driver_aids.abs);
    settings.aids.tcs = *parse_switch(o.tcs, car.spec.driver_aids.tcs);
    settings.aids.esc = *parse_switch(o.esc, car.spec.driver_aids.esc);
    if (run_mode.direct) {
        // Direct mode has no control layer, so no aids: asking for one is a contradiction; a car
        // fitted with one runs without it, and says so.
        for (const auto& [name, value] : {std::pair{"--abs", &o.abs}, std::pair{"--tcs", &o.tcs}, std::pair{"--esc", &o.esc}}) {
            if (*value == "on") {
                std::cerr << fmt::format(
                    "error: {} on: the driver aids work through the control layer: expected --mode manual, "
                    "sequential or automatic with {} on\n",
                    name, name);
                return kExitBadInput;
            }
        }
        std::vector<std::string> unused;
        if (o.abs.empty() && settings.aids.abs) unused.emplace_back("ABS");
        if (o.tcs.empty() && settings.aids.tcs) unused.emplace_back("traction control");
        if (o.esc.empty() && settings.aids.esc) unused.emplace_back("stability control");
        if (!unused.empty()) {
            const std::string names = unused.size() == 1 ? unused[0]
                                                         : fmt::format("{} and {}", fmt::join(unused.begin(), unused.end() - 1, ", "), unused.back());
            std::cerr << fmt::format("warning: --mode direct: no control layer, so the car's {} {} not used\n", names,
                                     unused.size() == 1 ? "is" : "are");
        }
        settings.aids = {};
    }

    const std::vector<TimedControls> controls = read_controls_csv(o.controls_path);
    warn_about_unused_columns(controls, o.controls_path, run_mode);

    ControlsRunSettings run;
    run.control = settings;
    run.direct = run_mode.direct;
    run.duration_s = o.duration_s;
    run.interval_s = o.interval_s;
    run.x_m = start.x_m;
    run.y_m = start.y_m;
    run.heading_rad = start.heading_rad;
    run.start_speed_m_per_s = o.speed_kmh / 3.6;
    run.step = step_settings;
    // The telemetry streams to a temporary file as it is made (a long run does not hold it all
    // in memory), renamed over --out at the end: a failure leaves no half-written telemetry.
    const fs::path out(o.out_path);
    std::optional<AtomicFile> file;
    try {
        refuse_output_over_input(out, o.controls_path, "--controls");
        refuse_output_over_input(out, car_path, "car");
        file.emplace(out);
    } catch (const std::invalid_argument& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const OutputPathError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    }
    const double duration_s = o.duration_s >= 0.0 ? o.duration_s : controls.back().time_s;
    RunProgress progress(duration_s);
    ControlsRunResult result;
    try {
        result = run_controls(car.spec, ground, controls, run, [&](std::string_view text) { file->write(text); },
                              [&](double t_s) { progress.at(t_s); });
    } catch (const std::invalid_argument& e) {
        progress.finish();
        std::cerr << "error: run: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const std::runtime_error& e) {
        progress.finish();
        std::cerr << "error: run: " << e.what() << "\n";
        return 1;
    }
    progress.finish();
    try {
        file->commit();
    } catch (const std::runtime_error& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    const VehicleState& shown = result.last_row;
    std::cerr << fmt::format("simulated {:.3f} s ({} mode, ABS {}, TCS {}, ESC {}): {} rows to {}; final speed {:.2f} km/h, x {:.1f} m\n",
                             shown.time_s, run_mode.direct ? "direct" : to_string(settings.mode), settings.aids.abs ? "on" : "off",
                             settings.aids.tcs ? "on" : "off", settings.aids.esc ? "on" : "off", result.rows, out.string(), speed_m_per_s(shown) * 3.6,
                             shown.position_m.x);
    print_events(result.events);
    // Rows come at whole intervals, and the run ends at the last of them.
    const double last_row_s = static_cast<double>(result.rows - 1) * o.interval_s;
    if (last_row_s < duration_s - 1e-6 * step_settings.internal_step_s) {
        std::cerr << fmt::format("warning: --interval {} s: the run ends at its last whole interval, {:.3f} s of the {:.3f} s asked for\n",
                                 o.interval_s, last_row_s, duration_s);
    }
    return 0;
}

}  // namespace tractive::cli
