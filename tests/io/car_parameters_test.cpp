// A car's parameters by dotted key: read, set with the loader's checks, the CLI's --set.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

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

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
    return text;
}

// The line of the first `what` at or after `from`.
int line_of(const std::string& text, const std::string& what, std::size_t from = 0) {
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(text.find(what, from)), '\n'));
}

// A file written with the format's former key names (docs/car-format.md, "Former key names")
// loads as the same car, each former key warned of at its line with the name to write now; a
// table holding both names is refused there; --set works on such a file.
TEST(TomlLoader, ReadsTheFormerKeyNamesAsThePresentOnes) {
    const std::string present = car_text(roadster()).toml;
    ASSERT_NE(present.find("[tyres.road]"), std::string::npos);
    std::string former = replaced(present, "[tyres.", "[tires.");
    former = replaced(former, "\ntyre = ", "\ntire = ");
    former = replaced(former, "locking_torque_limit_nm = ", "anti_slip_nm = ");
    const LoadedCar car = load_toml_car(former, roadster());
    EXPECT_TRUE(car.spec == load_toml_car(present, roadster()).spec);
    std::map<std::string, int> warned;
    for (const LoadWarning& w : car.warnings) warned[w.key] = w.location.line;
    EXPECT_EQ(warned, (std::map<std::string, int>{{"tires", line_of(former, "[tires.road]")},
                                                  {"wheels.front.tire", line_of(former, "tire = ")},
                                                  {"wheels.rear.tire", line_of(former, "tire = ", former.find("[wheels.rear]"))},
                                                  {"differential.rear.anti_slip_nm", line_of(former, "anti_slip_nm")}}));
    for (const LoadWarning& w : car.warnings) {
        if (w.key == "differential.rear.anti_slip_nm") {
            EXPECT_NE(w.message.find("write 'locking_torque_limit_nm' now"), std::string::npos) << w.message;
        }
    }

    // A former viscous coupling's one number was its coefficient and its cap: both kept.
    const LoadedCar coupled = load_toml_car(replaced(former, "type = \"limited-slip\"", "type = \"viscous\""), roadster());
    ASSERT_TRUE(coupled.spec.driveline.rear.has_value());
    EXPECT_EQ(coupled.spec.driveline.rear->type, DifferentialType::Viscous);
    EXPECT_EQ(coupled.spec.driveline.rear->locking_torque_limit_nm, 300.0);
    EXPECT_EQ(coupled.spec.driveline.rear->viscous_coefficient_nm_s_per_rad, 300.0);

    // Both names in one table: refused at the former one's line.
    const std::string both = replaced(former, "anti_slip_nm = 300", "anti_slip_nm = 300\nlocking_torque_limit_nm = 250");
    try {
        (void)load_toml_car(both, roadster());
        FAIL() << "a table with a key and its former name loaded";
    } catch (const LoadError& e) {
        EXPECT_EQ(e.key(), "differential.rear.anti_slip_nm");
        EXPECT_EQ(e.location().line, line_of(both, "anti_slip_nm"));
        EXPECT_NE(e.message().find("not both"), std::string::npos) << e.message();
    }

    // --set on a former file: the result carries the present names.
    const CarText changed = set_car_parameter(CarText{former, roadster()}, "differential.rear.locking_torque_limit_nm", "350");
    EXPECT_EQ(load_toml_car(changed.toml, changed.path).spec.driveline.rear->locking_torque_limit_nm, 350.0);
    EXPECT_EQ(changed.toml.find("anti_slip_nm"), std::string::npos);
    EXPECT_EQ(get_car_parameter(CarText{former, roadster()}, "wheels.front.tyre"), "'road'");
}

}  // namespace
}  // namespace tractive
