// tractive: the command-line front end.
//   tractive info [CAR] [--json] [--data-root DIR] [--vdrift-tyres tire|tiren|tirep]
//   tractive convert IN -o OUT.toml|OUT.car [--data-root DIR] [--vdrift-tyres ...]
//   tractive run [CAR] --controls FILE.csv --out FILE.csv [--duration S] [--road SPEC]
//                [--mode manual|sequential|automatic|direct] [--abs on|off] [--tcs on|off] [--esc on|off]
//   tractive test [CAR] [TEST...] [--json] [--out DIR] [--data-root DIR]
//   tractive kc [CAR] [--json] [--data-root DIR]
//   tractive drive [CAR] [--ground FILE] [--mapping FILE] [--script FILE --duration S --screenshot PNG --record CSV]
//   tractive sweep SPEC.toml --out DIR [--dask ADDRESS] [--workers N]
//   tractive report INPUT... -o FILE.html [--png DIR]
//   tractive tyre FILE [--wheel fl] [--json] [--load N,..] [--slip-ratio K,..] [--slip-angle-deg A,..]
//                 [--camber-deg G,..]
// Exit status: 0 success, 2 bad input (a car file that cannot be loaded, a bad option or
// command line), 1 other failures.

#include <CLI/CLI.hpp>
#include <fmt/format.h>


#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <vector>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/spec/parameter_table.hpp"
#include "atomic_write.hpp"
#include "convert_command.hpp"
#include "kc_command.hpp"
#include "load_options.hpp"
#include "drive_command.hpp"
#include "run_command.hpp"
#include "python_commands.hpp"
#include "test_command.hpp"
#include "tyre_command.hpp"

namespace fs = std::filesystem;
using namespace tractive;

namespace {

constexpr int kExitBadInput = 2;
constexpr const char* kDefaultCar = "roadster.toml";

// The default car: next to the running executable as installed (<prefix>/bin/tractive finds
// <prefix>/share/tractive/cars, wherever the prefix was moved), else in the source tree (the
// build tree's binary), else where the configured prefix would hold it.
fs::path default_car() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    std::vector<fs::path> dirs;
    if (!ec) dirs.push_back(exe.parent_path() / TRACTIVE_BIN_TO_CARS_DIR);
    dirs.emplace_back(TRACTIVE_SOURCE_CARS_DIR);
    for (const fs::path& dir : dirs) {
        const fs::path p = (dir / kDefaultCar).lexically_normal();
        if (fs::exists(p, ec)) return p;
    }
    return fs::path(TRACTIVE_INSTALLED_CARS_DIR) / kDefaultCar;
}

LoadedCar load_or_report(const fs::path& path, const tractive::cli::CarLoadOptions& options) {
    LoadedCar car = tractive::cli::load_cli_car(path, options);
    for (const auto& w : car.warnings) std::cerr << "warning: " << w.to_string() << "\n";
    return car;
}

nlohmann::json wheel_map(const std::array<double, 4>& v) {
    return {{"fl", v[FL]}, {"fr", v[FR]}, {"rl", v[RL]}, {"rr", v[RR]}};
}

nlohmann::json summary_json(const VehicleSpec& spec, const VehicleSummary& s, const fs::path& path, CarFormat format) {
    nlohmann::json j;
    j["name"] = spec.name;
    j["file"] = path.string();
    j["format"] = to_string(format);
    j["mass_kg"] = s.mass_kg;
    j["fuel_mass_kg"] = s.fuel_mass_kg;
    j["dry_mass_kg"] = s.dry_mass_kg;
    j["cg_m"] = {s.cg_m.x, s.cg_m.y, s.cg_m.z};
    j["front_axle_load_fraction"] = s.front_axle_load_fraction;
    j["wheel_loads_n"] = wheel_map(s.wheel_loads_n);
    nlohmann::json inertia = nlohmann::json::array();
    for (const auto& row : s.inertia_kgm2.m) inertia.push_back({row[0], row[1], row[2]});
    j["inertia_kgm2"] = inertia;
    j["wheelbase_m"] = s.wheelbase_m;
    j["track_m"] = {{"front", s.track_m[0]}, {"rear", s.track_m[1]}};
    j["peak_torque_nm"] = s.peak_torque_nm;
    j["peak_torque_rpm"] = s.peak_torque_rpm;
    j["peak_power_w"] = s.peak_power_w;
    j["peak_power_rpm"] = s.peak_power_rpm;
    j["redline_rpm"] = s.redline_rpm;
    j["overall_final_drive"] = s.overall_final_drive;
    j["driven_wheel_radius_m"] = s.driven_wheel_radius_m;
    j["gear_speeds_at_redline_kmh"] = s.gear_speeds_at_redline_kmh;
    j["drive"] = to_string(s.drive);
    j["transmission_mode"] = to_string(spec.transmission.mode);
    j["clutch_model"] = to_string(spec.clutch.model);
    j["clutch_capacity_nm"] = s.clutch_capacity_nm;
    j["clutch_to_engine_torque_ratio"] = s.clutch_to_engine_torque_ratio;
    j["max_brake_torque_nm"] = wheel_map(s.max_brake_torque_nm);
    j["drag_area_m2"] = s.drag_area_m2;
    // null: unbounded (no drag and no rolling resistance to balance the power).
    j["power_limited_top_speed_kmh"] =
        s.power_limited_top_speed_unbounded ? nlohmann::json(nullptr) : nlohmann::json(s.power_limited_top_speed_kmh);
    j["body_shape"] = {{"source", s.body_shape_source}, {"spheres", s.body_sphere_count}, {"ground_clearance_m", s.body_ground_clearance_m}};
    return j;
}

void print_sheet(const VehicleSpec& spec, const VehicleSummary& s, const fs::path& path, CarFormat format) {
    const auto line = [](const std::string& label, const std::string& value) { fmt::print("  {:<38}{}\n", label, value); };
    fmt::print("{}  ({}, {})\n", spec.name, path.string(), to_string(format));
    if (!spec.description.empty()) fmt::print("  {}\n", spec.description);
    fmt::print("\nMass\n");
    line("mass", fmt::format("{:.1f} kg (dry {:.1f} kg + fuel {:.1f} kg)", s.mass_kg, s.dry_mass_kg, s.fuel_mass_kg));
    line("centre of mass (x fwd, y left, z up)", fmt::format("[{:.3f}, {:.3f}, {:.3f}] m", s.cg_m.x, s.cg_m.y, s.cg_m.z));
    line("front axle load", fmt::format("{:.1f} %", 100.0 * s.front_axle_load_fraction));
    line("wheel loads fl / fr / rl / rr",
         fmt::format("{:.0f} / {:.0f} / {:.0f} / {:.0f} N", s.wheel_loads_n[FL], s.wheel_loads_n[FR], s.wheel_loads_n[RL], s.wheel_loads_n[RR]));
    line("inertia Ixx / Iyy / Izz", fmt::format("{:.0f} / {:.0f} / {:.0f} kg m^2", s.inertia_kgm2.m[0][0], s.inertia_kgm2.m[1][1], s.inertia_kgm2.m[2][2]));
    line("wheelbase, track front / rear", fmt::format("{:.3f} m, {:.3f} / {:.3f} m", s.wheelbase_m, s.track_m[0], s.track_m[1]));
    if (s.body_sphere_count == 0) {
        line("body collision shape", s.body_shape_source);
    } else {
        line("body collision shape", fmt::format("{} spheres ({}), lowest {:.3f} m above the road at rest", s.body_sphere_count,
                                                 s.body_shape_source == "file"             ? "the file's shape and the wheels' faces"
                                                 : s.body_shape_source == "contact-points" ? "the file's contact points"
                                                                                            : "a box around the masses and wheels",
                                                 s.body_ground_clearance_m));
    }
    fmt::print("\nEngine and driveline\n");
    line("peak torque", fmt::format("{:.1f} N m at {:.0f} rpm", s.peak_torque_nm, s.peak_torque_rpm));
    line("peak power", fmt::format("{:.1f} kW ({:.0f} hp) at {:.0f} rpm", s.peak_power_w / 1000.0, s.peak_power_w / 745.7, s.peak_power_rpm));
    line("redline", fmt::format("{:.0f} rpm", s.redline_rpm));
    line("drive", to_string(s.drive));
    line("transmission", fmt::format("{}, {} forward gears, final drive {:.3f}", to_string(spec.transmission.mode),
                                     spec.transmission.forward_ratios.size(), s.overall_final_drive));
    std::string speeds;
    for (std::size_t g = 0; g < s.gear_speeds_at_redline_kmh.size(); ++g) {
        speeds += fmt::format("{}{}: {:.0f}", g ? "  " : "", g + 1, s.gear_speeds_at_redline_kmh[g]);
    }
    line("speed at redline per gear (km/h)", speeds);
    line("clutch capacity", fmt::format("{:.0f} N m ({}), {:.2f} x peak engine torque", s.clutch_capacity_nm,
                                        to_string(spec.clutch.model), s.clutch_to_engine_torque_ratio));
    fmt::print("\nBrakes, aero, speed\n");
    line("max brake torque fl / fr / rl / rr", fmt::format("{:.0f} / {:.0f} / {:.0f} / {:.0f} N m", s.max_brake_torque_nm[FL],
                                                           s.max_brake_torque_nm[FR], s.max_brake_torque_nm[RL], s.max_brake_torque_nm[RR]));
    line("drag area CdA", fmt::format("{:.3f} m^2", s.drag_area_m2));
    line("power-limited top speed", s.power_limited_top_speed_unbounded
                                        ? std::string("unbounded (no drag or rolling resistance)")
                                        : fmt::format("{:.1f} km/h", s.power_limited_top_speed_kmh));
}

// The car format's parameter tables (spec/parameter_table.hpp): as the Markdown of
// docs/car-format.md's reference, as JSON, or as plain lines "table key [unit] default: meaning".
void print_parameters(bool markdown, bool json) {
    if (markdown) {
        std::cout << tractive::car_parameter_reference_markdown();
        return;
    }
    const auto groups = tractive::car_parameter_reference();
    if (json) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& g : groups) {
            nlohmann::json rows = nlohmann::json::array();
            for (const auto& r : g.rows) {
                rows.push_back({{"key", r.key}, {"unit", r.unit}, {"required", r.required}, {"default", r.default_value},
                                {"accepted", r.accepted}, {"meaning", r.meaning}, {"vdrift_key", r.vdrift_key}});
            }
            out.push_back({{"table", g.table}, {"when", g.when}, {"meaning", g.meaning}, {"rows", rows}});
        }
        std::cout << out.dump(2) << "\n";
        return;
    }
    for (const auto& g : groups) {
        std::cout << g.table << (g.when.empty() ? "" : "  (" + g.when + ")") << "\n";
        for (const auto& r : g.rows) {
            std::cout << fmt::format("  {:<40} {:<12} {:<10} {}\n", r.key, r.unit.empty() ? "-" : r.unit,
                                     r.required ? "required" : r.default_value, r.accepted);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"tractive: vehicle dynamics engine"};
    app.require_subcommand(1);
    tractive::cli::CarLoadOptions load_options;

    auto* info = app.add_subcommand("info", "Load a car and print its static figures");
    std::string info_car;
    bool info_json = false;
    info->add_option("car", info_car, "Car file (.toml, VDrift .car); default: the project's default car");
    info->add_flag("--json", info_json, "Print one JSON object");
    tractive::cli::add_car_load_options(*info, load_options);

    auto* kc = app.add_subcommand("kc", "Print a car's K&C: rates, ride frequencies, camber and toe against travel and roll, roll stiffness (docs/maneuvers.md)");
    tractive::cli::KcOptions kc_options;
    tractive::cli::add_kc_options(*kc, kc_options);

    auto* convert = app.add_subcommand("convert", "Convert a car file to tractive's TOML format or VDrift's .car");
    tractive::cli::ConvertOptions convert_options;
    tractive::cli::add_convert_options(*convert, convert_options);

    auto* run = app.add_subcommand("run", "Drive a car with time-stamped controls and write telemetry CSV");
    tractive::cli::RunOptions run_options;
    tractive::cli::add_run_options(*run, run_options);

    auto* test = app.add_subcommand("test", "Run the standard driving tests (accel, braking, skidpad, ...) on a car");
    tractive::cli::TestOptions test_options;
    tractive::cli::add_test_options(*test, test_options);

    auto* tyre = app.add_subcommand("tyre", "Show a tyre law: peak friction, slip stiffness and force curves, or forces at given points");
    tractive::cli::TyreOptions tyre_options;
    tractive::cli::add_tyre_options(*tyre, tyre_options);

    auto* drive = app.add_subcommand("drive", "Drive a car live in a window: keyboard, game controller or wheel and pedals (docs/drive.md)");
    tractive::cli::DriveOptions drive_options;
    tractive::cli::add_drive_options(*drive, drive_options);

    auto* sweep = app.add_subcommand("sweep", "Run a parameter sweep over car keys and standard tests, locally or on a Dask cluster (docs/sweeps.md)");
    tractive::cli::SweepOptions sweep_options;
    tractive::cli::add_sweep_options(*sweep, sweep_options);

    auto* report = app.add_subcommand("report", "Write one self-contained HTML report of cars, set-ups, runs and sweeps (docs/reports.md)");
    tractive::cli::ReportOptions report_options;
    tractive::cli::add_report_options(*report, report_options);

    auto* parameters = app.add_subcommand("parameters", "List every key of the TOML car format: unit, default, accepted range, meaning, VDrift key");
    bool parameters_markdown = false;
    bool parameters_json = false;
    parameters->add_flag("--markdown", parameters_markdown, "Print the reference section of docs/car-format.md");
    parameters->add_flag("--json", parameters_json, "Print one JSON array of tables with their rows");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // CLI11 prints the message (or the help); a bad command line is bad input.
        const int status = app.exit(e);
        return status == 0 ? 0 : kExitBadInput;
    }
    const LoadOptions options = tractive::cli::to_load_options(load_options);

    try {
        if (*info) {
            const fs::path path = info_car.empty() ? default_car() : fs::path(info_car);
            const LoadedCar car = load_or_report(path, load_options);
            const VehicleSummary s = summarize(car.spec);
            if (const std::string figure = first_non_finite_figure(s); !figure.empty()) {
                std::cerr << fmt::format("error: {}: the car gives a non-finite {}: expected finite figures\n",
                                         path.string(), figure);
                return kExitBadInput;
            }
            if (info_json) {
                std::cout << summary_json(car.spec, s, path, car.format).dump(2) << "\n";
            } else {
                print_sheet(car.spec, s, path, car.format);
            }
        } else if (*run) {
            return tractive::cli::run_command(run_options, default_car().string());
        } else if (*test) {
            return tractive::cli::test_command(test_options, default_car().string());
        } else if (*sweep) {
            return tractive::cli::sweep_command(sweep_options);
        } else if (*report) {
            return tractive::cli::report_command(report_options);
        } else if (*drive) {
            return tractive::cli::drive_command(drive_options, default_car().string());
        } else if (*tyre) {
            return tractive::cli::tyre_command(tyre_options);
        } else if (*kc) {
            return tractive::cli::kc_command(kc_options, default_car().string());
        } else if (*convert) {
            return tractive::cli::convert_command(convert_options);
        } else if (*parameters) {
            print_parameters(parameters_markdown, parameters_json);
        }
    } catch (const LoadError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const tractive::cli::OutputPathError& e) {  // --out, -o, --png that cannot be written
        std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
