// The tractive binary, run as a user would.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <numbers>
#include <set>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

#include "support/cli_run.hpp"
#include "support/car_edits.hpp"
#include "support/test_paths.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/io/toml_writer.hpp"

namespace fs = std::filesystem;
using namespace tractive;

namespace {

using test::CliRun;

// `tractive ARGS`, its status and output (tests/support/cli_run.hpp).
CliRun run(const std::string& args, bool with_stderr = false) { return test::run_cli(args, with_stderr); }

using test::quoted;

void expect_near(const nlohmann::json& value, double expected, const std::string& what) {
    EXPECT_NEAR(value.get<double>(), expected, 1e-9 * std::max(1.0, std::abs(expected))) << what;
}

// The CLI prints the library's figures: every value equals summarize() of the same car.
void expect_json_matches_library(const nlohmann::json& j, const fs::path& car) {
    const VehicleSummary s = summarize(load_car(car).spec);
    const std::string at = car.string() + ": ";
    expect_near(j["mass_kg"], s.mass_kg, at + "mass_kg");
    // The fuel the tank starts with, from the spec directly, and everything else.
    const VehicleSpec spec = load_car(car).spec;
    expect_near(j["fuel_mass_kg"], spec.fuel_tank.volume_m3 * spec.fuel_tank.density_kg_per_m3, at + "fuel_mass_kg");
    expect_near(j["dry_mass_kg"], s.mass_kg - j["fuel_mass_kg"].get<double>(), at + "dry_mass_kg");
    EXPECT_GT(j["fuel_mass_kg"].get<double>(), 0.0) << at;
    EXPECT_EQ(fs::path(j["file"].get<std::string>()), car) << at;
    expect_near(j["cg_m"][0], s.cg_m.x, at + "cg x");
    expect_near(j["cg_m"][1], s.cg_m.y, at + "cg y");
    expect_near(j["cg_m"][2], s.cg_m.z, at + "cg z");
    expect_near(j["front_axle_load_fraction"], s.front_axle_load_fraction, at + "front_axle_load_fraction");
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) expect_near(j["inertia_kgm2"][r][c], s.inertia_kgm2.m[r][c], at + "inertia");
    }
    for (int i = 0; i < 4; ++i) {
        expect_near(j["wheel_loads_n"][kWheelNames[i]], s.wheel_loads_n[i], at + "wheel load");
        expect_near(j["max_brake_torque_nm"][kWheelNames[i]], s.max_brake_torque_nm[i], at + "brake torque");
    }
    expect_near(j["peak_torque_nm"], s.peak_torque_nm, at + "peak_torque_nm");
    expect_near(j["peak_torque_rpm"], s.peak_torque_rpm, at + "peak_torque_rpm");
    expect_near(j["peak_power_w"], s.peak_power_w, at + "peak_power_w");
    expect_near(j["peak_power_rpm"], s.peak_power_rpm, at + "peak_power_rpm");
    expect_near(j["redline_rpm"], s.redline_rpm, at + "redline_rpm");
    ASSERT_EQ(j["gear_speeds_at_redline_kmh"].size(), s.gear_speeds_at_redline_kmh.size()) << at;
    for (std::size_t g = 0; g < s.gear_speeds_at_redline_kmh.size(); ++g) {
        expect_near(j["gear_speeds_at_redline_kmh"][g], s.gear_speeds_at_redline_kmh[g], at + "gear speed");
    }
    EXPECT_EQ(j["drive"].get<std::string>(), to_string(s.drive)) << at;
    expect_near(j["clutch_capacity_nm"], s.clutch_capacity_nm, at + "clutch_capacity_nm");
    expect_near(j["clutch_to_engine_torque_ratio"], s.clutch_to_engine_torque_ratio, at + "clutch ratio");
    expect_near(j["drag_area_m2"], s.drag_area_m2, at + "drag_area_m2");
    expect_near(j["power_limited_top_speed_kmh"], s.power_limited_top_speed_kmh, at + "top speed");
    EXPECT_EQ(j["body_shape"]["source"].get<std::string>(), s.body_shape_source) << at;
    EXPECT_EQ(j["body_shape"]["spheres"].get<std::size_t>(), s.body_sphere_count) << at;
    expect_near(j["body_shape"]["ground_clearance_m"], s.body_ground_clearance_m, at + "body clearance");
}

void expect_info_json(const fs::path& car) {
    const CliRun r = run("info --json " + quoted(car));
    ASSERT_EQ(r.status, 0) << car;
    const auto j = nlohmann::json::parse(r.out);
    for (const char* key : {"file", "mass_kg", "fuel_mass_kg", "dry_mass_kg", "cg_m", "front_axle_load_fraction", "wheel_loads_n", "inertia_kgm2", "peak_torque_nm",
                            "peak_torque_rpm", "peak_power_w", "peak_power_rpm", "redline_rpm", "gear_speeds_at_redline_kmh",
                            "drive", "clutch_capacity_nm", "clutch_to_engine_torque_ratio", "max_brake_torque_nm",
                            "drag_area_m2", "power_limited_top_speed_kmh"}) {
        EXPECT_TRUE(j.contains(key)) << car << " lacks " << key;
    }
    EXPECT_EQ(j["cg_m"].size(), 3u);
    EXPECT_EQ(j["inertia_kgm2"].size(), 3u);
    for (const char* w : {"fl", "fr", "rl", "rr"}) {
        EXPECT_GT(j["wheel_loads_n"][w].get<double>(), 0.0);
        EXPECT_GT(j["max_brake_torque_nm"][w].get<double>(), 0.0);
    }
    const std::string drive = j["drive"];
    EXPECT_TRUE(drive == "FWD" || drive == "RWD" || drive == "AWD");
    EXPECT_GT(j["mass_kg"].get<double>(), 500.0);
    EXPECT_LT(j["mass_kg"].get<double>(), 3000.0);
    EXPECT_GT(j["power_limited_top_speed_kmh"].get<double>(), 100.0);
    EXPECT_LT(j["power_limited_top_speed_kmh"].get<double>(), 400.0);
    expect_json_matches_library(j, car);
}

// A telemetry CSV as read back: the header's columns and the rows' cells.
struct Telemetry {
    std::map<std::string, std::size_t> column;
    std::vector<std::vector<std::string>> rows;

    [[nodiscard]] bool has(const std::string& name) const { return column.count(name) != 0; }
    [[nodiscard]] const std::string& cell(std::size_t row, const std::string& name) const {
        return rows.at(row).at(column.at(name));
    }
    [[nodiscard]] double number(std::size_t row, const std::string& name) const { return std::stod(cell(row, name)); }
};

Telemetry read_telemetry(const fs::path& path) {
    std::ifstream in(path);
    Telemetry t;
    std::string line;
    const auto split = [](const std::string& l) {
        std::vector<std::string> cells;
        std::stringstream ss(l);
        std::string cell;
        while (std::getline(ss, cell, ',')) cells.push_back(cell);
        return cells;
    };
    if (!std::getline(in, line)) return t;
    const auto names = split(line);
    for (std::size_t i = 0; i < names.size(); ++i) t.column[names[i]] = i;
    while (std::getline(in, line)) {
        t.rows.push_back(split(line));
        EXPECT_EQ(t.rows.back().size(), names.size()) << "row " << t.rows.size();
    }
    return t;
}

}  // namespace

TEST(Cli, InfoOfTheDefaultCar) {
    const CliRun text = run("info");
    EXPECT_EQ(text.status, 0);
    EXPECT_NE(text.out.find("peak power"), std::string::npos) << text.out;
    const CliRun json = run("info --json");
    ASSERT_EQ(json.status, 0);
    const auto parsed = nlohmann::json::parse(json.out);
    EXPECT_TRUE(parsed.contains("mass_kg"));
}

TEST(Cli, InfoJsonForEveryShippedCar) {
    const auto cars = test::example_car_files();
    ASSERT_GE(cars.size(), 4u);
    for (const auto& car : cars) expect_info_json(car);
}

TEST(Cli, InfoJsonForEverySharedVDriftCar) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    for (const auto& car : test::vdrift_car_files()) expect_info_json(car);
}

TEST(Cli, BadInputExitsWithStatus2AndNamesTheFile) {
    const test::TempDir dir;
    const auto car = dir.write("broken.toml", "format = \"tractive-car\"\n[engine\n");
    const CliRun r = run("info " + quoted(car), true);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find(car.string() + ":2"), std::string::npos) << r.out;
    EXPECT_EQ(run("info /no/such/car.toml").status, 2);
}

TEST(Cli, ConvertWritesAnEqualSpecAndNothingOnFailure) {
    const test::TempDir dir;
    const auto cars = test::example_car_files();
    ASSERT_FALSE(cars.empty());
    const fs::path out = dir.path() / "converted.toml";
    ASSERT_EQ(run("convert " + quoted(cars.front()) + " -o " + quoted(out)).status, 0);
    EXPECT_TRUE(load_car(out).spec == load_car(cars.front()).spec);

    const auto broken = dir.write("broken.car", "[engine]\nmass = -1\n");
    const fs::path out2 = dir.path() / "never.toml";
    EXPECT_EQ(run("convert " + quoted(broken) + " -o " + quoted(out2)).status, 2);
    EXPECT_FALSE(fs::exists(out2));
    EXPECT_FALSE(fs::exists(out2.string() + ".tmp"));
}

TEST(Cli, ConvertEverySharedCar) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const test::TempDir dir;
    for (const auto& car : test::vdrift_car_files()) {
        const fs::path out = dir.path() / (car.stem().string() + "-" + car.parent_path().filename().string() + ".toml");
        ASSERT_EQ(run("convert " + quoted(car) + " -o " + quoted(out)).status, 0) << car;
        VehicleSpec converted = load_car(out).spec;
        EXPECT_TRUE(converted == load_car(car).spec) << car;
    }
}

TEST(Cli, DataRootOption) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    // A copy of a car outside the data folder finds its tyres only through --data-root. The copy
    // lives in a temporary folder and is removed with it.
    const test::TempDir dir;
    fs::copy_file(test::vdrift_data() / "cars/XS/XS.car", dir.path() / "XS.car");
    EXPECT_EQ(run("info " + quoted(dir.path() / "XS.car")).status, 2);
    EXPECT_EQ(run("info --json --data-root " + quoted(test::vdrift_data()) + " " + quoted(dir.path() / "XS.car")).status, 0);
}

TEST(Cli, ConvertRefusesAnOutputThatIsNeitherTomlNorCar) {
    const test::TempDir dir;
    const auto cars = test::example_car_files();
    ASSERT_FALSE(cars.empty());
    const fs::path out = dir.path() / "x.ini";
    const CliRun r = run("convert " + quoted(cars.front()) + " -o " + quoted(out), true);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.out.find(".toml"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(".car"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(out));
    // An output in a folder that is not there: bad input (2), as for .toml; a .car's staging folder
    // failed with 1.
    for (const char* name : {"r.car", "r.toml"}) {
        const CliRun missing = run("convert " + quoted(cars.front()) + " -o " + quoted(dir.path() / "nowhere" / name), true);
        EXPECT_EQ(missing.status, 2) << name << ": " << missing.out;
    }
}

// convert -o NAME.car: the car and its tyre file beside it, a warning for each thing the format
// cannot hold, and the written car drives (loads, with the converted tyre's forces measured).
TEST(Cli, ConvertWritesAVDriftCarWithItsTyresAndSaysWhatItCannotHold) {
    const test::TempDir dir;
    fs::path roadster;
    for (const auto& p : test::example_car_files()) {
        if (p.stem() == "roadster") roadster = p;
    }
    ASSERT_FALSE(roadster.empty());
    const fs::path out = dir.path() / "mx5.car";
    const CliRun r = run("convert " + quoted(roadster) + " -o " + quoted(out), true);
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(fs::exists(out));
    EXPECT_TRUE(fs::exists(dir.path() / "mx5.tiren")) << r.out;
    for (const char* said : {"transmission.efficiency = 0.92 in the original, 1 as written", "driver_aids.abs",
                             "differential.rear.type = 'limited-slip' in the original, 'viscous' as written",
                             "wheels.fl.tyre: at its static load", "wrote "}) {
        EXPECT_NE(r.out.find(said), std::string::npos) << said << "\n" << r.out;
    }
    const LoadedCar car = load_car(out);
    EXPECT_EQ(car.format, CarFormat::VDrift);
    EXPECT_EQ(car.spec.wheels[FL].tyre.model, TyreModel::Pacejka2002);
    // Nothing else in the folder: no staging folder left.
    std::set<std::string> left;
    for (const auto& e : fs::directory_iterator(dir.path())) left.insert(e.path().filename().string());
    EXPECT_EQ(left, (std::set<std::string>{"mx5.car", "mx5.tiren"}));
    // A tyre written as another model is still compared by its radius, which the written size
    // gives: a radius set beyond the .tir's is said to change (it set the gearing's speeds).
    const CliRun bigger = run("convert " + quoted(roadster) + " -o " + quoted(dir.path() / "big.car") + " --set tyres.road.radius_m=0.35", true);
    EXPECT_EQ(bigger.status, 0) << bigger.out;
    EXPECT_NE(bigger.out.find("wheels.rl.tyre.radius_m = 0.35 in the original"), std::string::npos) << bigger.out;
    fs::remove(dir.path() / "big.car");
    fs::remove(dir.path() / "big.tiren");
    // Converted again over its own earlier conversion: its tyre file is replaced.
    EXPECT_EQ(run("convert " + quoted(roadster) + " -o " + quoted(out) + " --set wheels.front.suspension.spring_n_per_m=30000", true).status, 0);
    // Into a folder where another car's tyre file has that name (a VDrift carparts folder): it is
    // not replaced, and nothing is written.
    const fs::path shared = dir.write("touring.tiren", "# another car's tyre\n");
    const CliRun refused = run("convert " + quoted(roadster) + " -o " + quoted(dir.path() / "touring.car"), true);
    EXPECT_EQ(refused.status, 2) << refused.out;
    EXPECT_NE(refused.out.find("touring.tiren: '-o': a different tyre file is already there, and other cars may load it"), std::string::npos)
        << refused.out;
    EXPECT_EQ(test::run_shell("cat " + quoted(shared)).out, "# another car's tyre\n");
    EXPECT_FALSE(fs::exists(dir.path() / "touring.car"));
}

TEST(Cli, ConvertToCarRefusesWhatTheFormatCannotHoldAndWritesNothing) {
    const test::TempDir dir;
    fs::path ucwin;
    for (const auto& p : test::example_car_files()) {
        if (p.stem() == "ucwin_sedan") ucwin = p;
    }
    ASSERT_FALSE(ucwin.empty());
    const CliRun r = run("convert " + quoted(ucwin) + " -o " + quoted(dir.path() / "u.car"), true);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.out.find("wheels.fl.tyre"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("friction-curve"), std::string::npos) << r.out;
    EXPECT_TRUE(fs::is_empty(dir.path()));
    // An output that is the input is refused before anything is written.
    const fs::path copy = dir.path() / "copy.toml";
    fs::copy_file(ucwin, copy);
    const std::string before = read_text_file(copy);
    const CliRun same = run("convert " + quoted(copy) + " -o " + quoted(copy), true);
    EXPECT_EQ(same.status, 2) << same.out;
    EXPECT_NE(same.out.find("is the input file"), std::string::npos) << same.out;
    EXPECT_EQ(read_text_file(copy), before);
}

TEST(Cli, ConvertLeavesNoTemporaryFileWhenTheRenameFails) {
    const test::TempDir dir;
    const auto cars = test::example_car_files();
    ASSERT_FALSE(cars.empty());
    const fs::path out = dir.path() / "folder.toml";
    fs::create_directories(out / "inside");  // a non-empty folder: the rename over it fails
    const CliRun r = run("convert " + quoted(cars.front()) + " -o " + quoted(out), true);
    EXPECT_NE(r.status, 0) << r.out;
    std::vector<fs::path> left;
    for (const auto& e : fs::directory_iterator(dir.path())) left.push_back(e.path().filename());
    ASSERT_EQ(left.size(), 1u) << "left behind: " << left.back();
    EXPECT_EQ(left.front(), "folder.toml");
}

TEST(Cli, InfoReportsAnUnboundedTopSpeedAsNull) {
    const test::TempDir dir;
    const auto cars = test::example_car_files();
    ASSERT_FALSE(cars.empty());
    VehicleSpec spec = load_car(cars.front()).spec;
    spec.aero.clear();
    test::set_rolling_resistance_coefficient(spec, 0.0);
    const fs::path car = dir.write("frictionless.toml", write_toml_car(spec));
    const CliRun json = run("info --json " + quoted(car));
    ASSERT_EQ(json.status, 0);
    EXPECT_TRUE(nlohmann::json::parse(json.out)["power_limited_top_speed_kmh"].is_null()) << json.out;
    const CliRun sheet = run("info " + quoted(car));
    EXPECT_NE(sheet.out.find("unbounded (no drag or rolling resistance)"), std::string::npos) << sheet.out;
}

// ---------------------------------------------------------------------------------------------
// `tractive run` through the control layer (docs/control.md, docs/telemetry.md)

// Automatic mode on the default car: the selector at D and the throttle down from standstill.
// The automated clutch starts the car without stalling and the gearbox shifts up on its own.
TEST(CliRun, AutomaticStartsAndShiftsUpWithoutStalling) {
    const test::TempDir dir;
    const auto controls = dir.write("auto.csv", "time,throttle,gear\n0,0,N\n0.5,1,1\n12,1,1\n");
    const fs::path out = dir.path() / "auto-telemetry.csv";
    const CliRun r = run("run --mode automatic --controls " + quoted(controls) + " --out " + quoted(out), true);
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("automatic mode, ABS on, TCS on, ESC on"), std::string::npos) << r.out;  // the roadster's own aids
    const Telemetry t = read_telemetry(out);
    ASSERT_EQ(t.rows.size(), 1201u);
    for (const char* c : {"throttle_applied", "clutch_pedal", "clutch_phase", "gear_change_refused", "tcs_active",
                          "tcs_throttle_limit", "esc_active", "esc_throttle_limit", "esc_reference_yaw_rate_rad_per_s", "fl_abs_active", "rr_abs_active", "fl_brake_factor", "rr_brake_factor"}) {
        EXPECT_TRUE(t.has(c)) << c;
    }
    int max_gear = 0;
    std::size_t first_second_gear_row = 0;
    double min_rpm_in_gear = 1e9;
    std::set<std::string> phases;
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        EXPECT_EQ(t.cell(i, "engine_running"), "1") << "stalled at row " << i;
        const int gear = std::stoi(t.cell(i, "gear"));
        if (gear >= 2 && first_second_gear_row == 0) first_second_gear_row = i;
        max_gear = std::max(max_gear, gear);
        if (gear >= 1) min_rpm_in_gear = std::min(min_rpm_in_gear, t.number(i, "engine_rpm"));
        phases.insert(t.cell(i, "clutch_phase"));
        EXPECT_EQ(t.cell(i, "gear_change_refused"), "0") << "row " << i;
    }
    // Neutral while standing with the throttle up, first for the start, then at least third by
    // 12 s at full throttle (the roadster's first gear ends at 60 km/h, second at 102 km/h).
    EXPECT_EQ(t.cell(10, "gear"), "0");
    EXPECT_GE(max_gear, 3);
    EXPECT_GT(first_second_gear_row, 60u);
    EXPECT_GT(min_rpm_in_gear, 700.0);  // the roadster idles at 750 rpm: never dragged down
    for (const char* p : {"open", "start", "engaged", "shift-disengage", "shift-engage"}) {
        EXPECT_EQ(phases.count(p), 1u) << "never in clutch phase " << p;
    }
    EXPECT_GT(t.number(t.rows.size() - 1, "speed_m_per_s"), 100.0 / 3.6);
}

namespace {

struct BrakeRun {
    double stop_x_m = 0.0;        // x where the car came to rest
    double brake_x_m = 0.0;       // x and speed when the brake went down
    double brake_speed_m_per_s = 0.0;
    double locked_share = 0.0;    // rows above 3 m/s with a wheel at slip ratio below -0.9
    int abs_active_rows = 0;
};

// Full throttle in automatic from standstill to about 90 km/h, then the selector at N and the
// brake pedal floored until the car stops (the test of docs/control.md's ABS law).
BrakeRun brake_run(const std::string& abs_option) {
    const test::TempDir dir;
    const auto controls = dir.write("brake.csv", "time,throttle,brake,gear\n0,1,0,1\n8,0,1,N\n16,0,1,N\n");
    const fs::path out = dir.path() / "t.csv";
    const CliRun r = run("run --mode automatic " + abs_option + " --controls " + quoted(controls) + " --out " + quoted(out), true);
    EXPECT_EQ(r.status, 0) << r.out;
    const Telemetry t = read_telemetry(out);
    BrakeRun b;
    long fast = 0, locked = 0;
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        if (t.number(i, "time_s") < 8.0) {
            b.brake_speed_m_per_s = t.number(i, "speed_m_per_s");
            b.brake_x_m = t.number(i, "x_m");
            continue;
        }
        bool any_locked = false;
        bool any_abs = false;
        for (const char* w : {"fl", "fr", "rl", "rr"}) {
            any_locked = any_locked || t.number(i, std::string(w) + "_slip_ratio") < -0.9;
            any_abs = any_abs || t.cell(i, std::string(w) + "_abs_active") == "1";
        }
        if (t.number(i, "speed_m_per_s") > 3.0) {
            ++fast;
            if (any_locked) ++locked;
        }
        if (any_abs) ++b.abs_active_rows;
        b.stop_x_m = t.number(i, "x_m");
    }
    b.locked_share = fast > 0 ? static_cast<double>(locked) / static_cast<double>(fast) : 1.0;
    return b;
}

}  // namespace

// The same stop with --abs off and --abs on: without ABS the wheels lock, with it they keep
// turning, the modulator shows in the telemetry, and the stop is no longer.
// Rows at exactly the asked interval (issue 24: --interval 0.01 gave rows 8 or 16 ms apart): the
// time column is k x 0.01; a row on an internal step's end is that step's state, the same as a
// run at the 8 ms step shows it; a row between two steps lies on the line between them.
TEST(CliRun, RowsComeAtExactlyTheAskedInterval) {
    const test::TempDir dir;
    const auto controls = dir.write("c.csv", "time,throttle,gear\n0,0,N\n0.5,1,1\n3,1,1\n");
    const fs::path every_10ms = dir.path() / "a.csv", every_step = dir.path() / "b.csv";
    for (const auto& [out, interval] : {std::pair{every_10ms, "0.01"}, std::pair{every_step, "0.008"}}) {
        const CliRun r = run("run --mode automatic --controls " + quoted(controls) + " --interval " + interval + " --out " + quoted(out), true);
        ASSERT_EQ(r.status, 0) << r.out;
        EXPECT_NE(r.out.find("simulated 3.000 s"), std::string::npos) << r.out;
    }
    // An interval that does not divide the duration ends the run at its last whole interval, and
    // says so.
    const CliRun short_run =
        run("run --mode automatic --controls " + quoted(controls) + " --interval 0.7 --out " + quoted(dir.path() / "short.csv"), true);
    EXPECT_EQ(short_run.status, 0) << short_run.out;
    EXPECT_NE(short_run.out.find("simulated 2.800 s"), std::string::npos) << short_run.out;
    EXPECT_NE(short_run.out.find("warning: --interval 0.7 s: the run ends at its last whole interval, 2.800 s of the 3.000 s asked for"),
              std::string::npos)
        << short_run.out;
    const Telemetry a = read_telemetry(every_10ms), b = read_telemetry(every_step);
    ASSERT_EQ(a.rows.size(), 301u);
    ASSERT_EQ(b.rows.size(), 376u);
    for (std::size_t k = 0; k < a.rows.size(); ++k) EXPECT_EQ(a.cell(k, "time_s"), fmt::format("{:.4f}", 0.01 * static_cast<double>(k))) << k;
    for (const char* column : {"x_m", "speed_m_per_s", "engine_rpm", "fl_fz_n", "gear", "clutch_phase"}) {
        for (std::size_t k = 0; k + 4 < a.rows.size(); k += 4) {  // 0.04 k s = 5 k steps: the same state
            EXPECT_EQ(a.cell(k, column), b.cell(k * 5 / 4, column)) << column << " at " << a.cell(k, "time_s");
        }
    }
    for (std::size_t k = 1; k < a.rows.size(); k += 4) {  // 0.01 (4 k + 1) s: a quarter of the way from step 5 k + 1 to 5 k + 2
        const std::size_t j = (k - 1) * 5 / 4 + 1;
        for (const char* column : {"x_m", "speed_m_per_s", "engine_rpm"}) {
            const double expected = 0.75 * b.number(j, column) + 0.25 * b.number(j + 1, column);
            EXPECT_NEAR(a.number(k, column), expected, 1e-3 * std::max(1.0, std::abs(expected))) << column << " at " << a.cell(k, "time_s");
        }
    }
}

TEST(CliRun, AbsOnVersusOff) {
    const BrakeRun off = brake_run("--abs off");
    const BrakeRun on = brake_run("--abs on");
    const double off_distance = off.stop_x_m - off.brake_x_m;
    const double on_distance = on.stop_x_m - on.brake_x_m;
    std::printf("roadster from %.1f km/h: ABS off stops in %.1f m (locked %.0f %% of rows), on in %.1f m (locked %.0f %%, "
                "%d rows with the ABS active)\n",
                off.brake_speed_m_per_s * 3.6, off_distance, 100 * off.locked_share, on_distance, 100 * on.locked_share,
                on.abs_active_rows);
    EXPECT_GT(off.brake_speed_m_per_s, 70.0 / 3.6);
    EXPECT_NEAR(on.brake_speed_m_per_s, off.brake_speed_m_per_s, 1e-9);  // identical until the brakes
    EXPECT_GT(off.locked_share, 0.5);
    EXPECT_EQ(off.abs_active_rows, 0);
    EXPECT_LT(on.locked_share, 0.05);
    EXPECT_GT(on.abs_active_rows, 10);
    EXPECT_NEAR(on.brake_x_m, off.brake_x_m, 1e-9);
    EXPECT_GT(off_distance, 20.0);
    EXPECT_LE(on_distance, 1.02 * off_distance);
}

// --mode direct is the raw lever of the step (no control layer, vehicle columns only): a gear
// goes in at once. In manual mode the controller refuses it while the clutch pedal is up.
TEST(CliRun, DirectModeIsTheRawLeverAndManualRefusesAShiftWithTheClutchUp) {
    const test::TempDir dir;
    const auto controls = dir.write("lever.csv", "time,throttle,clutch,gear\n0,0,0,N\n1,0,0,1\n2,0,0,1\n");
    const fs::path direct_out = dir.path() / "direct.csv";
    const fs::path manual_out = dir.path() / "manual.csv";
    ASSERT_EQ(run("run --mode direct --controls " + quoted(controls) + " --out " + quoted(direct_out)).status, 0);
    ASSERT_EQ(run("run --mode manual --controls " + quoted(controls) + " --out " + quoted(manual_out)).status, 0);
    const Telemetry direct = read_telemetry(direct_out);
    const Telemetry manual = read_telemetry(manual_out);
    ASSERT_EQ(direct.rows.size(), 201u);
    ASSERT_EQ(manual.rows.size(), 201u);
    EXPECT_FALSE(direct.has("clutch_phase"));
    EXPECT_TRUE(manual.has("clutch_phase"));
    EXPECT_EQ(direct.cell(200, "gear"), "1");
    EXPECT_EQ(manual.cell(200, "gear"), "0");
    EXPECT_EQ(manual.cell(50, "gear_change_refused"), "0");
    EXPECT_EQ(manual.cell(150, "gear_change_refused"), "1");
    EXPECT_EQ(manual.cell(150, "clutch_phase"), "driver");
    EXPECT_EQ(manual.cell(150, "clutch_pedal"), "0.0000");
}

// Sequential: the shift_up column's rising edges step N -> 1 -> 2; the clutch is automated.
TEST(CliRun, SequentialShiftsOnTheRisingEdgeOfShiftUp) {
    const test::TempDir dir;
    const auto controls = dir.write("seq.csv",
                                    "time,throttle,gear,shift_up\n0,0,N,0\n0.5,0,N,1\n0.6,0.6,N,0\n"
                                    "4,0.6,N,1\n4.1,0.6,N,1\n4.2,0.6,N,0\n7,0.6,N,0\n");
    const fs::path out = dir.path() / "seq-telemetry.csv";
    const CliRun r = run("run --mode sequential --controls " + quoted(controls) + " --out " + quoted(out), true);
    ASSERT_EQ(r.status, 0) << r.out;
    const Telemetry t = read_telemetry(out);
    const auto gear_at = [&](double time) {
        return t.cell(static_cast<std::size_t>(std::lround(time / 0.01)), "gear");
    };
    EXPECT_EQ(gear_at(0.4), "0");
    EXPECT_EQ(gear_at(3.9), "1");
    EXPECT_EQ(gear_at(6.9), "2");  // held 0.2 s: one shift, not two
    for (std::size_t i = 0; i < t.rows.size(); ++i) EXPECT_EQ(t.cell(i, "engine_running"), "1") << "row " << i;
}

// Bad options and control columns: exit status 2, a message naming what was expected, and no
// telemetry file.
TEST(CliRun, BadOptionsAndColumnsExitWith2AndWriteNothing) {
    const test::TempDir dir;
    const auto good = dir.write("good.csv", "time,throttle,gear\n0,0,N\n1,0,N\n");
    const auto bad_paddle = dir.write("bad.csv", "time,throttle,shift_up\n0,0,0\n1,0,yes\n");
    const fs::path out = dir.path() / "never.csv";
    struct Case {
        std::string args;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"--mode fast --controls " + quoted(good), "--mode: expected manual, sequential, automatic or direct, got 'fast'"},
        {"--mode Manual --controls " + quoted(good), "got 'Manual'"},
        {"--abs yes --controls " + quoted(good), "--abs: expected on or off, got 'yes'"},
        {"--tcs 1 --controls " + quoted(good), "--tcs: expected on or off, got '1'"},
        {"--esc true --controls " + quoted(good), "--esc: expected on or off, got 'true'"},
        {"--mode direct --esc on --controls " + quoted(good), "--esc on: the driver aids work through the control layer"},
        {"--mode direct --abs on --controls " + quoted(good), "--abs on: the driver aids work through the control layer"},
        {"--mode direct --tcs on --controls " + quoted(good), "--tcs on: the driver aids work through the control layer"},
        {"--mode sequential --controls " + quoted(bad_paddle), bad_paddle.string() + ":3: 'shift_up': expected 0 or 1, got 'yes'"},
        {"--turbo on --controls " + quoted(good), "--turbo"},
        {"--interval 0.001 --controls " + quoted(good), "--interval 0.001: expected a number of seconds at least the internal step"},
        {"--speed -5 --controls " + quoted(good), "--speed -5: expected a forward speed in km/h within [0, 1000]"},
        {"--mode manual --speed 150 --controls " + quoted(dir.write("first.csv", "time,throttle,gear\n0,0,1\n1,0,1\n")),
         "start speed 150 km/h in gear 1: the engine would turn at"},
        {"--duration nan --controls " + quoted(good), "duration: expected a finite number of seconds"},
        {"--duration -5 --controls " + quoted(good), "--duration: Value -5 not in range"},
        {"--duration 1e9 --controls " + quoted(good), "--duration: Value 1e9 not in range"},
        // A file whose times are all before 0: the run would last until a negative time.
        {"--controls " + quoted(dir.write("negative.csv", "time,throttle\n-5,0\n")),
         "the last controls row's time -5 s: expected a time of 0 s or more"},
        // A rolling start in reverse would turn the engine backwards.
        {"--mode manual --speed 30 --controls " + quoted(dir.write("reverse.csv", "time,throttle,gear,clutch\n0,0,R,0\n2,0,R,0\n")),
         "start speed 30 km/h with the first controls row in reverse: a rolling start goes forward"},
        // What a manoeuvre does not use is refused with it, not ignored.
        {"--maneuver iso3888 --road mu=0.3", "--maneuver excludes --road"},
        {"--maneuver iso3888 --duration 1", "--maneuver excludes --duration"},
        {"--maneuver iso3888 --mode direct", "--maneuver excludes --mode"},
        {"--maneuver iso3888 --heading 90", "--maneuver excludes --heading"},
        {"--maneuver iso3888 --interval 0.005", "--interval 0.005 s: expected a number of seconds at least the internal step"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.args);
        const CliRun r = run("run " + c.args + " --out " + quoted(out), true);
        EXPECT_EQ(r.status, 2) << r.out;
        EXPECT_NE(r.out.find(c.expected), std::string::npos) << r.out;
        EXPECT_FALSE(fs::exists(out));
    }
}

// A controls file written for another mode still runs; the columns the mode ignores are named.
TEST(CliRun, ColumnsTheModeIgnoresAreWarnedAbout) {
    const test::TempDir dir;
    const auto controls = dir.write("mixed.csv", "time,throttle,clutch,gear,shift_up\n0,0,1,N,0\n0.5,0,0,N,1\n1,0,0,N,0\n");
    const fs::path out = dir.path() / "t.csv";
    const CliRun automatic = run("run --mode automatic --controls " + quoted(controls) + " --out " + quoted(out), true);
    EXPECT_EQ(automatic.status, 0) << automatic.out;
    EXPECT_NE(automatic.out.find("'clutch' at 0 s: ignored in automatic mode"), std::string::npos) << automatic.out;
    EXPECT_NE(automatic.out.find("'shift_up' at 0.5 s: ignored in automatic mode"), std::string::npos) << automatic.out;
    const CliRun manual = run("run --mode manual --controls " + quoted(controls) + " --out " + quoted(out), true);
    EXPECT_EQ(manual.status, 0) << manual.out;
    EXPECT_EQ(manual.out.find("'clutch'"), std::string::npos) << manual.out;
    EXPECT_NE(manual.out.find("'shift_up' at 0.5 s: ignored in manual mode"), std::string::npos) << manual.out;
}

// Without --mode/--abs/--tcs/--esc the car's own settings apply (transmission.mode, [driver_aids]);
// the options override them either way.
TEST(CliRun, DefaultsAreTheCarsOwnModeAndAids) {
    const test::TempDir dir;
    VehicleSpec spec = load_car(fs::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    spec.driver_aids = {true, false, true};  // the roadster has all three
    spec.transmission.mode = ShiftMode::Automatic;
    const fs::path car = dir.write("aided.toml", write_toml_car(spec));
    const auto controls = dir.write("c.csv", "time,throttle,gear\n0,0,N\n0.5,0,N\n");
    const fs::path out = dir.path() / "t.csv";
    const CliRun r = run("run " + quoted(car) + " --controls " + quoted(controls) + " --out " + quoted(out), true);
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("(automatic mode, ABS on, TCS off, ESC on)"), std::string::npos) << r.out;
    const CliRun overridden =
        run("run " + quoted(car) + " --mode manual --abs off --tcs on --esc off --controls " + quoted(controls) + " --out " + quoted(out), true);
    EXPECT_NE(overridden.out.find("(manual mode, ABS off, TCS on, ESC off)"), std::string::npos) << overridden.out;
    const CliRun plain = run("run --controls " + quoted(controls) + " --out " + quoted(out), true);
    EXPECT_NE(plain.out.find("(manual mode, ABS on, TCS on, ESC on)"), std::string::npos) << plain.out;  // the roadster
    // A car fitted with all three run in direct mode uses none of them, and says which.
    const CliRun direct = run("run " + quoted(car) + " --mode direct --controls " + quoted(controls) + " --out " + quoted(out), true);
    EXPECT_NE(direct.out.find("the car's ABS and stability control are not used"), std::string::npos) << direct.out;
}

// --speed starts rolling in the gear that suits the speed, --heading turns the start; the summary
// names a stall and refused gear changes.
// The first row's gear, like every row's, is taken to the car's gear count (docs/road.md): a
// 7 in the roadster's six-speed box starts in sixth, as a 7 in a later row is sixth.
TEST(CliRun, TheFirstRowsGearIsTakenToTheCarsGearCount) {
    const test::TempDir dir;
    const auto seventh = dir.write("seventh.csv", "time,throttle,clutch,gear\n0,0,1,7\n0.5,0,1,7\n");
    const CliRun r = run("run " + quoted(test::example_car_files().front().parent_path() / "roadster.toml") + " --mode manual --controls " +
                             quoted(seventh) + " --out " + quoted(dir.path() / "t.csv"),
                         true);
    ASSERT_EQ(r.status, 0) << r.out;
    const Telemetry t = read_telemetry(dir.path() / "t.csv");
    EXPECT_EQ(t.cell(0, "gear"), "6");
    EXPECT_EQ(t.cell(t.rows.size() - 1, "gear"), "6");
}

TEST(CliRun, RollingStartAtAHeadingAndTheSummaryNamesStallsAndRefusals) {
    const test::TempDir dir;
    const auto cruise = dir.write("cruise.csv", "time,throttle,gear\n0,0.3,1\n2,0.3,1\n");
    const fs::path out = dir.path() / "rolling.csv";
    const CliRun r = run("run --mode automatic --speed 100 --heading 150 --controls " + quoted(cruise) + " --out " + quoted(out), true);
    ASSERT_EQ(r.status, 0) << r.out;
    const Telemetry t = read_telemetry(out);
    EXPECT_NEAR(t.number(0, "speed_m_per_s"), 100.0 / 3.6, 1e-3);
    EXPECT_GE(std::stoi(t.cell(0, "gear")), 3) << "a gear for 100 km/h, not first";
    // Heading 150 degrees: the car moves towards -x and +y, at 100 km/h still after 2 s.
    const std::size_t last = t.rows.size() - 1;
    const double dx = t.number(last, "x_m") - t.number(0, "x_m");
    const double dy = t.number(last, "y_m") - t.number(0, "y_m");
    EXPECT_NEAR(std::atan2(dy, dx) * 180.0 / std::numbers::pi, 150.0, 1.0);
    EXPECT_NEAR(t.number(last, "speed_m_per_s"), 100.0 / 3.6, 1.5);
    EXPECT_EQ(r.out.find("engine stopped"), std::string::npos) << r.out;

    // Manual, first gear, clutch up at idle and no throttle: the engine stalls; then a shift
    // with the clutch up is refused.
    const auto stall = dir.write("stall.csv", "time,throttle,clutch,gear\n0,0,0,1\n3,0,0,1\n");
    const CliRun stalled = run("run --mode manual --controls " + quoted(stall) + " --out " + quoted(dir.path() / "s.csv"), true);
    ASSERT_EQ(stalled.status, 0) << stalled.out;
    EXPECT_NE(stalled.out.find("the engine stopped 1 time (first at"), std::string::npos) << stalled.out;
    const auto refuse = dir.write("refuse.csv", "time,throttle,clutch,gear\n0,0,0,N\n1,0,0,1\n2,0,0,1\n");
    const CliRun refused = run("run --mode manual --controls " + quoted(refuse) + " --out " + quoted(dir.path() / "r.csv"), true);
    ASSERT_EQ(refused.status, 0) << refused.out;
    EXPECT_NE(refused.out.find("gear changes refused in 125 control steps (first at 1.000 s"), std::string::npos) << refused.out;
}

// An output path that is not a plain file is not replaced by one: a link's file is written and the
// link kept, a FIFO is written into (its reader gets the CSV), the --controls file is refused
// (exit 2, unchanged), and SIGINT leaves no temporary file behind.
TEST(Cli, RunWritesThroughLinksAndPipesAndNeverOverItsInput) {
    const test::TempDir dir;
    const fs::path controls = dir.write("c.csv", "time,throttle,gear\n0,1,1\n1,1,1\n");
    const std::string car = quoted(test::example_car_files().front());

    const fs::path target = dir.write("real.csv", "old\n");
    fs::create_symlink(target, dir.path() / "link.csv");
    CliRun r = run("run " + car + " --controls " + quoted(controls) + " --out " + quoted(dir.path() / "link.csv"), true);
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(fs::is_symlink(dir.path() / "link.csv"));
    EXPECT_GT(fs::file_size(target), 1000u);

    r = test::run_shell("cd " + quoted(dir.path()) + " && mkfifo pipe && (cat pipe > got.csv &) && '" + test::cli_binary().string() + "' run " +
                            car + " --controls c.csv --out pipe && sleep 0.5",
                        true);
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(fs::status(dir.path() / "pipe").type(), fs::file_type::fifo);
    EXPECT_GT(fs::file_size(dir.path() / "got.csv"), 1000u);
    // /dev/stdout when the standard output is a pipe (its link names "pipe:[...]", no file).
    r = test::run_shell("cd " + quoted(dir.path()) + " && { '" + test::cli_binary().string() + "' run " + car +
                            " --controls c.csv --out /dev/stdout; echo status=$? > status; } | cat > piped.csv; cat status",
                        true);
    EXPECT_NE(r.out.find("status=0"), std::string::npos) << r.out;
    EXPECT_EQ(test::run_shell("head -c 7 " + quoted(dir.path() / "piped.csv")).out, "time_s,") << r.out;
    EXPECT_GT(fs::file_size(dir.path() / "piped.csv"), 1000u);

    const std::string before = test::run_shell("cat " + quoted(controls)).out;
    r = run("run " + car + " --controls " + quoted(controls) + " --out " + quoted(controls), true);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.out.find("is the --controls file"), std::string::npos) << r.out;
    EXPECT_EQ(test::run_shell("cat " + quoted(controls)).out, before);

    // A long run interrupted after a second: no ".long.csv.tmp-..." left.
    r = test::run_shell("cd " + quoted(dir.path()) + " && timeout -s INT 1 '" + test::cli_binary().string() + "' run " + car +
                        " --controls c.csv --duration 86400 --out long.csv; echo status=$?; ls -a", true);
    EXPECT_NE(r.out.find("status=124"), std::string::npos) << r.out;  // it was still running: interrupted
    EXPECT_EQ(r.out.find(".tmp-"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(dir.path() / "long.csv"));
}

// Every writer goes through the same output file: convert's TOML and tyre's PNG follow a link
// and write into a FIFO as run's telemetry does; an output path that cannot be written is bad
// input, exit status 2, from every command (docs/inputs.md), with nothing left behind.
TEST(Cli, EveryWriterFollowsLinksWritesPipesAndRefusesAnUnwritablePathWithStatus2) {
    const test::TempDir dir;
    const std::string car = quoted(test::example_car_files().front());
    const std::string tir = quoted(fs::path(TRACTIVE_EXAMPLE_CARS) / "tyres" / "summer_205_45R17.tir");
    const fs::path controls = dir.write("c.csv", "time,throttle,gear\n0,1,1\n1,1,1\n");

    for (const auto& [command, name, bytes] : {std::tuple{"convert " + car + " -o ", std::string("car.toml"), 3000u},
                                              std::tuple{"tyre " + tir + " --png ", std::string("tyre.png"), 10000u}}) {
        const fs::path target = dir.write("real-" + name, "old\n");
        fs::create_symlink(target, dir.path() / ("link-" + name));
        CliRun r = run(command + quoted(dir.path() / ("link-" + name)), true);
        EXPECT_EQ(r.status, 0) << command << r.out;
        EXPECT_TRUE(fs::is_symlink(dir.path() / ("link-" + name))) << command;
        EXPECT_GT(fs::file_size(target), bytes) << command;

        const std::string fifo = "pipe-" + name;
        r = test::run_shell("cd " + quoted(dir.path()) + " && mkfifo " + fifo + " && (cat " + fifo + " > got-" + name + " &) && '" +
                                test::cli_binary().string() + "' " + command + fifo + " && sleep 0.5",
                            true);
        EXPECT_EQ(r.status, 0) << command << r.out;
        EXPECT_EQ(fs::status(dir.path() / fifo).type(), fs::file_type::fifo) << command;
        EXPECT_GT(fs::file_size(dir.path() / ("got-" + name)), bytes) << command;
    }

    // A folder that does not exist, and a folder where a file was named: exit 2 everywhere.
    for (const std::string& out : {(dir.path() / "missing" / "x.out").string(), dir.path().string()}) {
        for (const std::string& command : {"run " + car + " --controls " + quoted(controls) + " --out ", "run " + car + " --maneuver sine-dwell --out ",
                                           "convert " + car + " -o ", "tyre " + tir + " --png ", "drive " + car + " --duration 1 --record "}) {
            const CliRun r = run(command + quoted(fs::path(out)), true);
            EXPECT_EQ(r.status, 2) << command << out << "\n" << r.out;
            EXPECT_NE(r.out.find("error: " + fs::path(out).parent_path().string()), std::string::npos) << r.out;
        }
    }
    const CliRun test_out = run("test " + car + " braking --out " + quoted(dir.path() / "c.csv" / "sub"), true);
    EXPECT_EQ(test_out.status, 2) << test_out.out;
    for (const auto& e : fs::directory_iterator(dir.path())) EXPECT_EQ(e.path().filename().string().find(".tmp-"), std::string::npos) << e.path();
}

// What an input is, named when it is refused: a link that loops is not a missing file, and a
// controls CSV over the car files' size limit is measured against its own.
TEST(Cli, InputsAreNamedForWhatTheyAre) {
    const test::TempDir dir;
    fs::create_symlink(dir.path() / "loop-b.toml", dir.path() / "loop-a.toml");
    fs::create_symlink(dir.path() / "loop-a.toml", dir.path() / "loop-b.toml");
    CliRun r = run("info " + quoted(dir.path() / "loop-a.toml"), true);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.out.find("a loop of symbolic links"), std::string::npos) << r.out;

    // 10 MB of controls (250,000 rows: more than a car file's 4 MiB limit) are read.
    std::string csv = "time,throttle\n";
    for (int k = 0; k < 250000; ++k) csv += fmt::format("{:.3f},0.2500000000000000000\n", k * 0.004);
    ASSERT_GT(csv.size(), 4u * 1024u * 1024u);
    const fs::path big = dir.write("big.csv", csv);
    r = run("run " + quoted(test::example_car_files().front()) + " --controls " + quoted(big) + " --duration 1 --out " +
                quoted(dir.path() / "out.csv"),
            true);
    EXPECT_EQ(r.status, 0) << r.out;
    // Past the controls limit the message says what was expected.
    std::string huge;
    huge.reserve(65u * 1024u * 1024u);
    huge = "time,throttle\n";
    while (huge.size() <= 64u * 1024u * 1024u) huge += "0.000,0.25\n";
    const fs::path too_big = dir.write("huge.csv", huge);
    r = run("run " + quoted(test::example_car_files().front()) + " --controls " + quoted(too_big) + " --out " + quoted(dir.path() / "o.csv"), true);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.out.find("expected a controls CSV of at most"), std::string::npos) << r.out;
}
