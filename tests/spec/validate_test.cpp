#include "tractive/spec/validate.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"

using namespace tractive;

namespace {
bool has_issue(const VehicleSpec& s, const std::string& path_part) {
    for (const auto& i : find_spec_issues(s)) {
        if (i.path.find(path_part) != std::string::npos) return true;
    }
    return false;
}

VehicleSpec sound_spec() {
    auto cars = test::example_car_files();
    if (cars.empty()) return {};
    return load_car(cars.front()).spec;
}
}  // namespace

TEST(Validate, ShippedCarsAreSound) {
    const auto cars = test::example_car_files();
    ASSERT_GE(cars.size(), 4u);
    for (const auto& p : cars) EXPECT_TRUE(find_spec_issues(load_car(p).spec).empty()) << p;
}

TEST(Validate, CatchesNonsenseInSpecsBuiltInCode) {
    VehicleSpec s = sound_spec();
    ASSERT_TRUE(find_spec_issues(s).empty());
    s.wheels[RL].brake.bias = 1.2;
    s.wheels[FR].tyre.radius_m = 0.0;
    s.masses.front().mass_kg = -1.0;
    s.engine.torque_curve_nm = PiecewiseLinear({1000.0, 1000.0}, {100.0, 120.0});
    s.transmission.efficiency = 1.5;
    s.clutch.pedal.free_play = 0.5;
    EXPECT_TRUE(has_issue(s, "wheels.rl.brake.bias"));
    EXPECT_TRUE(has_issue(s, "wheels.fr.tyre.radius_m"));
    EXPECT_TRUE(has_issue(s, "mass_kg"));
    EXPECT_TRUE(has_issue(s, "engine.torque_curve"));
    EXPECT_TRUE(has_issue(s, "transmission.efficiency"));
    EXPECT_TRUE(has_issue(s, "clutch.pedal"));
    EXPECT_THROW(validate(s), SpecError);
}

TEST(Validate, CentreDifferentialOnlyWithBothAxles) {
    VehicleSpec s = sound_spec();
    s.driveline.front.reset();
    s.driveline.rear = DifferentialSpec{};
    s.driveline.centre = DifferentialSpec{};
    EXPECT_TRUE(has_issue(s, "driveline.centre"));
}

TEST(Validate, CentreOfMassOutsideTheWheelbaseOrTrack) {
    VehicleSpec s = sound_spec();
    ASSERT_TRUE(find_spec_issues(s).empty());
    VehicleSpec ahead = s;
    ahead.masses.push_back({"nose weight", MassRole::Ballast, 90000.0, {20.0, 0.0, 0.0}});
    ASSERT_FALSE(find_spec_issues(ahead).empty());
    EXPECT_NE(find_spec_issues(ahead).front().message.find("outside the wheelbase"), std::string::npos);
    // Told at the mass that carries it out (so at that mass's line of the file), named.
    EXPECT_EQ(find_spec_issues(ahead).front().path, fmt::format("masses[{}].position_m", ahead.masses.size() - 1));
    EXPECT_NE(find_spec_issues(ahead).front().message.find("'nose weight', 9e+04 kg at [20, 0, 0] m"), std::string::npos)
        << find_spec_issues(ahead).front().message;
    VehicleSpec aside = s;
    aside.masses.push_back({"side weight", MassRole::Ballast, 90000.0, {0.5, 20.0, 0.0}});
    EXPECT_NE(find_spec_issues(aside).front().message.find("outside the track"), std::string::npos);
    EXPECT_EQ(find_spec_issues(aside).front().path, fmt::format("masses[{}].position_m", aside.masses.size() - 1));
    VehicleSpec behind = s;
    behind.masses.push_back({"tow bar", MassRole::Ballast, 90000.0, {-20.0, 0.0, 0.0}});
    EXPECT_EQ(find_spec_issues(behind).front().path, fmt::format("masses[{}].position_m", behind.masses.size() - 1));
}

TEST(Validate, HugeButFiniteValuesAreRefused) {
    VehicleSpec s = sound_spec();
    s.masses.front().mass_kg = 1e308;
    s.engine.rpm_limit = 1e308;
    s.transmission.forward_ratios.front() = 1e-320;
    s.transmission.final_drive = 1e-320;
    s.wheels[FL].position_m.x = 1e308;
    EXPECT_TRUE(has_issue(s, "masses[0].mass_kg"));
    EXPECT_TRUE(has_issue(s, "engine.rpm_limit"));
    EXPECT_TRUE(has_issue(s, "transmission.forward_ratios[0]"));
    EXPECT_TRUE(has_issue(s, "transmission.final_drive"));
    EXPECT_TRUE(has_issue(s, "wheels.fl.position_m"));
}
