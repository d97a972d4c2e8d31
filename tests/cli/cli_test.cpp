// The tractive binary, run as a user would.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "support/test_paths.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/toml_writer.hpp"

namespace fs = std::filesystem;
using namespace tractive;

namespace {

struct CliRun {
    int status = -1;
    std::string out;  // stdout, or stdout and stderr when asked
};

CliRun run(const std::string& args, bool with_stderr = false) {
    const std::string cmd = "'" + test::cli_binary().string() + "' " + args + (with_stderr ? " 2>&1" : " 2>/dev/null");
    CliRun r;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf{};
    std::size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
    const int raw = pclose(pipe);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
}

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

void expect_near(const nlohmann::json& value, double expected, const std::string& what) {
    EXPECT_NEAR(value.get<double>(), expected, 1e-9 * std::max(1.0, std::abs(expected))) << what;
}

// The CLI prints the library's figures: every value equals summarize() of the same car.
void expect_json_matches_library(const nlohmann::json& j, const fs::path& car) {
    const VehicleSummary s = summarize(load_car(car).spec);
    const std::string at = car.string() + ": ";
    expect_near(j["mass_kg"], s.mass_kg, at + "mass_kg");
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
}

void expect_info_json(const fs::path& car) {
    const CliRun r = run("info --json " + quoted(car));
    ASSERT_EQ(r.status, 0) << car;
    const auto j = nlohmann::json::parse(r.out);
    for (const char* key : {"mass_kg", "cg_m", "front_axle_load_fraction", "wheel_loads_n", "inertia_kgm2", "peak_torque_nm",
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

TEST(Cli, ConvertRefusesAnOutputThatIsNotToml) {
    const test::TempDir dir;
    const auto cars = test::example_car_files();
    ASSERT_FALSE(cars.empty());
    const fs::path out = dir.path() / "x.car";
    const CliRun r = run("convert " + quoted(cars.front()) + " -o " + quoted(out), true);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.out.find(".toml"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(out));
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
    for (auto& w : spec.wheels) w.tire.rolling_resistance = {RollingResistanceForm::VDrift, 0.0, 0.0, 0.0};
    const fs::path car = dir.write("frictionless.toml", write_toml_car(spec));
    const CliRun json = run("info --json " + quoted(car));
    ASSERT_EQ(json.status, 0);
    EXPECT_TRUE(nlohmann::json::parse(json.out)["power_limited_top_speed_kmh"].is_null()) << json.out;
    const CliRun sheet = run("info " + quoted(car));
    EXPECT_NE(sheet.out.find("unbounded (no drag or rolling resistance)"), std::string::npos) << sheet.out;
}
