#include "drive_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <numbers>

#include "atomic_write.hpp"
#include "control_options.hpp"
#include "drive/drive_script.hpp"
#include "drive/input_mapping.hpp"
#include "drive/window/drive_window.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/telemetry/controls_csv.hpp"
#include "tractive/world/road_ground.hpp"

namespace fs = std::filesystem;

namespace tractive::cli {

namespace {

constexpr int kExitBadInput = 2;

}  // namespace

void add_drive_options(CLI::App& drive, DriveOptions& o) {
    drive.add_option("car", o.car, "Car file (.toml, VDrift .car); default: the project's default car");
    drive.add_option("--road", o.road, "The analytic road (docs/road.md), when there is no --ground: flat, grade=0.1, mu=0.5, ...");
    add_ground_options(drive, o.ground, true);
    add_car_load_options(drive, o.load);
    drive.add_option("--mode", o.mode, "Transmission mode: manual, sequential or automatic (default: the car's; M switches while driving)");
    drive.add_option("--abs", o.abs, "Anti-lock brakes: on or off (default: the car's; B switches)");
    drive.add_option("--tcs", o.tcs, "Traction control: on or off (default: the car's; T switches)");
    drive.add_option("--esc", o.esc, "Stability control: on or off (default: the car's; E switches)");
    drive.add_option("--mapping", o.mapping, "Input mapping (TOML, docs/drive.md); the calibration screen (F2) saves to it");
    drive.add_option("--script", o.script, "Drive from a script (CSV: time, steer, throttle, brake, clutch, handbrake, gear, shift_up, shift_down, mode, ...) through a virtual wheel, 1/60 s a frame");
    drive.add_option("--duration", o.duration_s, "Stop after this many simulated seconds (default: a script's last row + 2 s; otherwise when closed)");
    drive.add_option("--screenshot", o.screenshot, "Write the last frame to this PNG");
    drive.add_option("--record", o.record, "Write the drive's telemetry CSV (as tractive run --out, with the driver's inputs)");
    drive.add_option("--record-controls", o.record_controls, "Write the driver's inputs as a controls CSV that tractive run --controls replays");
    drive.add_option("--replay", o.replay, "Replay a recording's controls (--record-controls, or any tractive run --controls file) in the window")
        ->excludes("--script")->excludes("--record-controls");
    drive.add_option("--interval", o.interval_s, "Seconds between telemetry rows (default 0.01)");
    drive.add_option("--size", o.size, "Window size WIDTHxHEIGHT in pixels (default 1280x720)");
}

int drive_command(const DriveOptions& o, const std::string& default_car_path) {
    const auto bad = [](const std::string& message) {
        std::cerr << "error: " << message << "\n";
        return kExitBadInput;
    };
    if (!parse_shift_mode(o.mode, ShiftMode::Manual)) return bad(fmt::format("--mode: expected manual, sequential or automatic, got '{}'", o.mode));
    for (const auto& [name, value] : {std::pair{"--abs", &o.abs}, std::pair{"--tcs", &o.tcs}, std::pair{"--esc", &o.esc}}) {
        if (!parse_switch(*value, false)) return bad(fmt::format("{}: expected on or off, got '{}'", name, *value));
    }
    int width = 0, height = 0;
    char x = 0;
    if (std::sscanf(o.size.c_str(), "%d%c%d", &width, &x, &height) != 3 || x != 'x' || width < 320 || height < 240 || width > 8192 || height > 8192) {
        return bad(fmt::format("--size {}: expected WIDTHxHEIGHT in pixels, at least 320x240, e.g. 1280x720", o.size));
    }
    const StepSettings step;
    if (!(o.interval_s >= step.internal_step_s * (1.0 - 1e-6)) || !std::isfinite(o.interval_s)) {
        return bad(fmt::format("--interval {}: expected a number of seconds at least the internal step of {} s", o.interval_s, step.internal_step_s));
    }
    if (o.duration_s && !(*o.duration_s >= 0.0 && std::isfinite(*o.duration_s))) {
        return bad(fmt::format("--duration {}: expected a number of seconds of at least 0", *o.duration_s));
    }

    drive::DriveWindowOptions w;
    try {
        if (!o.ground.file.empty()) {
            if (o.road != "flat") return bad("--road and --ground: expected one of them (--road describes the analytic road)");
            const CliGround g = resolve_ground(o.ground);
            std::cerr << fmt::format("ground: {} from {}\n", g.loaded.summary, o.ground.file);
            w.ground = g.loaded.ground;
            w.start.x_m = g.start.x_m;
            w.start.y_m = g.start.y_m;
            w.start.heading_rad = g.start.heading_rad;
        } else {
            if (!o.ground.at.empty()) return bad("--at places the car on a --ground file: expected --ground FILE with it");
            w.ground = std::make_shared<RoadGround>(parse_road_spec(o.road));
            w.start.heading_rad = o.ground.heading_deg.value_or(0.0) * std::numbers::pi / 180.0;
        }
    } catch (const std::invalid_argument& e) {
        return bad(e.what());
    }
    const fs::path car_path = o.car.empty() ? fs::path(default_car_path) : fs::path(o.car);
    const LoadedCar car = load_cli_car(car_path, o.load);  // LoadError: exit 2 in main
    for (const auto& warning : car.warnings) std::cerr << "warning: " << warning.to_string() << "\n";
    w.spec = car.spec;
    w.car_name = car.spec.name.empty() ? car_path.stem().string() : car.spec.name;
    w.control.mode = *parse_shift_mode(o.mode, car.spec.transmission.mode);
    w.control.aids.abs = *parse_switch(o.abs, car.spec.driver_aids.abs);
    w.control.aids.tcs = *parse_switch(o.tcs, car.spec.driver_aids.tcs);
    w.control.aids.esc = *parse_switch(o.esc, car.spec.driver_aids.esc);
    w.mapping_path = o.mapping.empty() ? fs::path("tractive-input.toml") : fs::path(o.mapping);
    if (!o.mapping.empty()) w.mapping = drive::read_input_mapping(o.mapping);
    if (!o.script.empty()) w.script = drive::read_drive_script(o.script);
    if (!o.replay.empty()) w.replay = read_controls_csv(o.replay);
    w.duration_s = o.duration_s.value_or(-1.0);
    w.screenshot_png = o.screenshot;
    w.record_csv = o.record;
    w.record_controls_csv = o.record_controls;
    // The recordings are written when the drive ends: a path that cannot be written is refused now
    // (OutputPathError: exit 2 in main), not after the drive.
    for (const std::string& out : {o.record, o.record_controls, o.screenshot}) {
        if (!out.empty()) check_output_path(out);
    }
    try {
        refuse_output_over_input(o.record, o.replay, "--replay");
        refuse_output_over_input(o.record_controls, o.replay, "--replay");
    } catch (const std::invalid_argument& e) {
        return bad(e.what());
    }
    w.record_interval_s = o.interval_s;
    w.width_px = width;
    w.height_px = height;
    return drive::run_drive_window(w);
}

}  // namespace tractive::cli
