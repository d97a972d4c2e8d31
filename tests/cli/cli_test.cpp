// The tractive binary, run as a user would.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"

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
