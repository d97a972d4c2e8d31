// A car's parameters by dotted key: read, set with the loader's checks, the CLI's --set.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/cli_run.hpp"
#include "support/test_paths.hpp"
#include "tractive/io/car_parameters.hpp"

namespace tractive {
namespace {

std::filesystem::path roadster() { return test::example_car_files().front().parent_path() / "roadster.toml"; }

TEST(CarParameters, GetAndSetByDottedKey) {
    const CarText car = car_text(roadster());
    EXPECT_EQ(get_car_parameter(car, "wheels.front.suspension.spring_n_per_m"), "23000");
    EXPECT_EQ(get_car_parameter(car, "mass[0].mass_kg"), "120");
    const CarText stiffer = set_car_parameter(car, "wheels.front.suspension.spring_n_per_m", "3.2e4");
    const VehicleSpec spec = load_toml_car(stiffer.toml, stiffer.path).spec;
    EXPECT_EQ(spec.wheels[FL].suspension.spring_n_per_m, 32000.0);
    EXPECT_EQ(spec.wheels[FR].suspension.spring_n_per_m, 32000.0);
    // Everything else as it was.
    VehicleSpec expected = load_car(roadster()).spec;
    expected.wheels[FL].suspension.spring_n_per_m = expected.wheels[FR].suspension.spring_n_per_m = 32000.0;
    EXPECT_TRUE(spec == expected);
    // Strings, booleans, arrays of tables.
    EXPECT_EQ(load_toml_car(set_car_parameter(car, "transmission.mode", "\"automatic\"").toml, car.path).spec.transmission.mode,
              ShiftMode::Automatic);
    EXPECT_FALSE(load_toml_car(set_car_parameter(car, "driver_aids.abs", "false").toml, car.path).spec.driver_aids.abs);
    EXPECT_NE(get_car_parameter(set_car_parameter(car, "mass[1].mass_kg", "90"), "mass[1].mass_kg").find("90"), std::string::npos);
}

TEST(CarParameters, AVDriftCarIsChangedThroughItsTomlForm) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const auto xs = test::vdrift_data() / "cars" / "XS" / "XS.car";
    const CarText car = car_text(xs);
    EXPECT_TRUE(load_toml_car(car.toml, car.path).spec == load_car(xs).spec);
    const CarText changed = set_car_parameter(car, "engine.rpm_limit", "6500");
    EXPECT_EQ(load_toml_car(changed.toml, changed.path).spec.engine.rpm_limit, 6500.0);
}

void refused(const CarText& car, const std::string& key, const std::string& value, const std::string& words) {
    try {
        set_car_parameter(car, key, value);
        ADD_FAILURE() << key << " = " << value << " was accepted";
    } catch (const LoadError& e) {
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(key.substr(0, key.find('.'))), std::string::npos) << e.what();
    }
}

TEST(CarParameters, BadSettingsAreRefusedNamingTheKey) {
    const CarText car = car_text(roadster());
    refused(car, "wheels.front.suspension.spring_n_per_m", "-5", "positive");
    refused(car, "wheels.front.suspension.springiness", "1", "not a key of the car format");
    refused(car, "engine.rpm_limt", "7000", "not a key of the car format (docs/car-format.md lists them): did you mean 'rpm_limit'?");
    refused(car, "engine.rpm_limit", "fast", "expected a TOML value");
    refused(car, "wheelz.front.camber_deg", "1", "no table 'wheelz'");
    refused(car, "mass[9].mass_kg", "1", "has 6 tables");
    refused(car, "engine..rpm_limit", "1", "expected a dotted key");
    EXPECT_THROW(get_car_parameter(car, "engine.no_such_key"), LoadError);
    EXPECT_THROW(split_assignment("engine.rpm_limit"), LoadError);
    EXPECT_EQ(split_assignment(" engine.rpm_limit = 6500 ").second, "6500");
}

TEST(CarParameters, TheCliSetsParametersOnEveryCommand) {
    const auto r = test::run_cli(fmt::format("info {} --json --set engine.rpm_limit=6000 --set engine.rpm_limit=6400", test::quoted(roadster())));
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("\"redline_rpm\": 6400.0"), std::string::npos) << r.out;
    const auto bad = test::run_cli(fmt::format("test {} braking --set wheels.rear.brake.max_pressure_pa=-1", test::quoted(roadster())), true);
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.out.find("wheels.rear.brake.max_pressure_pa"), std::string::npos) << bad.out;
}

}  // namespace
}  // namespace tractive

namespace tractive {
namespace {

// The TOML loader warns of a key it does not know inside a table it reads (a misspelt parameter),
// not only of unknown tables.
TEST(TomlLoader, WarnsOfAnUnknownKeyInsideAKnownTable) {
    std::string text = car_text(roadster()).toml;
    text.insert(text.find("spring_n_per_m = 23000"), "sping_n_per_m = 1\n");
    const LoadedCar car = load_toml_car(text, roadster());
    ASSERT_EQ(car.warnings.size(), 1u);
    EXPECT_EQ(car.warnings[0].key, "wheels.front.suspension.sping_n_per_m");
    EXPECT_GT(car.warnings[0].location.line, 100);
}

}  // namespace
}  // namespace tractive
