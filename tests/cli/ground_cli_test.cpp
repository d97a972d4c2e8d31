// `tractive test|run --ground`: the shipped grounds through the CLI, as a user runs them.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/cli_run.hpp"

namespace fs = std::filesystem;
using tractive::test::quoted;
using tractive::test::run_cli;

namespace {

const fs::path kCars = TRACTIVE_EXAMPLE_CARS;
const fs::path kGrounds = fs::path(TRACTIVE_EXAMPLE_CARS).parent_path() / "grounds";

nlohmann::json test_json(const std::string& args) {
    const auto r = run_cli("test " + quoted(kCars / "roadster.toml") + " " + args + " --json");
    EXPECT_EQ(r.status, 0) << r.out;
    return nlohmann::json::parse(r.out);
}

}  // namespace

// Every standard test on the shipped proving ground (a level pad and a long straight at its
// start) gives the analytic road's figures within 0.5 %, but the hill start, which there starts
// on the level pad and says so (hill_grade 0).
TEST(GroundCli, TheStandardTestsOnTheProvingGroundAsOnTheRoad) {
    const nlohmann::json road = test_json("");
    const nlohmann::json ground = test_json("--ground " + quoted(kGrounds / "proving_ground.toml"));
    int compared = 0;
    for (const auto& [test, metrics] : road.items()) {
        ASSERT_TRUE(ground.contains(test)) << test;
        EXPECT_EQ(ground[test]["status"], "ok") << test << ": " << ground[test].value("reason", "");
        for (const auto& [name, value] : metrics.items()) {
            if (!value.is_number() || name == "hill_grade" || test == "hill-start") continue;
            const double a = value.get<double>(), g = ground[test][name].get<double>();
            EXPECT_NEAR(g, a, 0.005 * std::abs(a) + 1e-9) << test << " " << name;
            ++compared;
        }
    }
    EXPECT_GT(compared, 20);
    EXPECT_NEAR(road["hill-start"]["hill_grade"].get<double>(), 0.2, 1e-12);
    EXPECT_NEAR(ground["hill-start"]["hill_grade"].get<double>(), 0.0, 1e-12);
}

// The skidpad test on the shipped ring road of its own radius.
TEST(GroundCli, TheSkidpadTestOnTheShippedSkidpad) {
    const double road = test_json("skidpad")["skidpad"]["skidpad_g"].get<double>();
    const nlohmann::json ground = test_json("skidpad --ground " + quoted(kGrounds / "skidpad.toml"));
    EXPECT_EQ(ground["skidpad"]["status"], "ok");
    EXPECT_NEAR(ground["skidpad"]["skidpad_g"].get<double>(), road, 0.005 * road);
}

// `tractive run --ground --at --heading`: the car starts where asked, and the telemetry's
// positions are in the ground's axes.
TEST(GroundCli, RunStartsWhereAskedOnTheGround) {
    const fs::path dir = fs::temp_directory_path() / "tractive_ground_cli_run";
    fs::create_directories(dir);
    std::ofstream(dir / "controls.csv") << "time,throttle,gear\n0,0.3,2\n3,0.3,2\n";
    const auto r = run_cli("run " + quoted(kCars / "roadster.toml") + " --ground " + quoted(kGrounds / "proving_ground.toml") +
                           " --at 150,3 --heading 90 --speed 30 --controls " + quoted(dir / "controls.csv") + " --mode direct --out " +
                           quoted(dir / "t.csv"), true);
    ASSERT_EQ(r.status, 0) << r.out;
    std::ifstream in(dir / "t.csv");
    std::string header, first, line, last;
    std::getline(in, header);
    std::getline(in, first);
    while (std::getline(in, line)) last = line;
    const auto field = [](const std::string& row, int k) {
        std::stringstream s(row);
        std::string cell;
        for (int i = 0; i <= k; ++i) std::getline(s, cell, ',');
        return std::stod(cell);
    };
    EXPECT_NEAR(field(first, 1), 150.0, 0.5);  // x_m
    EXPECT_NEAR(field(first, 2), 3.0, 0.5);    // y_m
    EXPECT_GT(field(last, 2), 8.0) << "drove off towards +y (heading 90 degrees)";
    fs::remove_all(dir);
}

TEST(GroundCli, BadGroundInputExitsWithStatus2) {
    const std::string car = quoted(kCars / "roadster.toml");
    auto r = run_cli("test " + car + " accel --ground /nonexistent/track.obj", true);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("/nonexistent/track.obj"), std::string::npos) << r.out;
    r = run_cli("test " + car + " accel --ground " + quoted(kGrounds / "skidpad.toml") + " --at 500,500", true);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("no ground under the start position x = 500 m, y = 500 m"), std::string::npos) << r.out;
    r = run_cli("test " + car + " accel --at 1,2", true);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("expected --ground FILE"), std::string::npos) << r.out;
}
