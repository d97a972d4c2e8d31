// A car on .tir Magic Formula tyres: the roadster with its [tyres.road] table replaced by
// `file = "...tir"` (resolved relative to the car file), on the MF 6.1 and the PAC2002 test
// tyres. It loads, converts to TOML and back unchanged, and passes every standard test.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <tuple>

#include "dynamics/dynamics_support.hpp"
#include "tractive/analysis/standard_tests.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/io/toml_writer.hpp"

namespace tractive {
namespace {

namespace fs = std::filesystem;

// The roadster's text with its tyre table naming `tir` (relative to the car file), and the
// spin inertia where the file has none.
std::string roadster_on(const std::string& tir, const std::string& extra = "") {
    const std::string text = read_text_file(fs::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml");
    const std::regex tyre_table(R"(\[tyres\.road\][\s\S]*?(?=\n# Axle tables))");
    const std::string replaced = std::regex_replace(text, tyre_table, "[tyres.road]\nfile = \"" + tir + "\"\n" + extra,
                                                    std::regex_constants::format_first_only);
    EXPECT_NE(replaced, text);
    return replaced;
}

// (A car file beside the tyre files; it need not exist: the text is loaded from memory.)
const fs::path kCarPath = fs::path(TRACTIVE_TEST_DATA) / "tir" / "roadster_on_tir.toml";

TEST(TirCar, LoadsTheFileRelativeToTheCarAndRoundTrips) {
    const LoadedCar car = load_car_from_text(roadster_on("mf61_205_55R16.tir"), kCarPath);
    const TyreSpec& t = car.spec.wheels[FL].tyre;
    EXPECT_EQ(t.model, TyreModel::MagicFormula);
    EXPECT_DOUBLE_EQ(t.radius_m, 0.3165);
    EXPECT_DOUBLE_EQ(t.rotational_inertia_kgm2, 0.71);  // the file's IYY
    // The tyre spring and damper are the file's VERTICAL_STIFFNESS and VERTICAL_DAMPING.
    const VehicleModel model = build_vehicle_model(car.spec);
    EXPECT_DOUBLE_EQ(model.wheels[FL].tyre_stiffness_n_per_m, 215000.0);
    EXPECT_DOUBLE_EQ(model.wheels[RR].tyre_damping_ns_per_m, 60.0);
    const std::string toml = write_toml_car(car.spec, "round trip");
    EXPECT_EQ(load_car_from_text(toml, "again.toml").spec, car.spec);
}

TEST(TirCar, RefusesAMissingFileAMissingInertiaAndARollingResistanceTable) {
    // The PAC2002 test file has no IYY: the car must give the wheel's spin inertia.
    EXPECT_THROW((void)load_car_from_text(roadster_on("pac2002_195_65R15.tir"), kCarPath), LoadError);
    std::string text = roadster_on("no_such.tir");
    try {
        (void)load_car_from_text(text, kCarPath);
        ADD_FAILURE() << "accepted a missing .tir";
    } catch (const LoadError& e) {
        EXPECT_EQ(e.key(), "tyres.road.file");
        EXPECT_GT(e.location().line, 0);
    }
    text = roadster_on("mf61_205_55R16.tir");
    text.replace(text.find("[tyres.road]\n"), 13, "[tyres.road]\nrolling_resistance = { form = \"vdrift\", constant = 0.01 }\n");
    EXPECT_THROW((void)load_car_from_text(text, kCarPath), LoadError);
}

// The operating pressure of an MF 6.1 tyre from the car file; refused for a tyre without
// pressure terms.
TEST(TirCar, SetsTheInflationPressure) {
    const LoadedCar car = load_car_from_text(roadster_on("mf61_205_55R16.tir", "inflation_pressure_kpa = 210\n"), kCarPath);
    EXPECT_DOUBLE_EQ(car.spec.wheels[RR].tyre.magic_formula.inflation_pressure_pa, 210000.0);
    EXPECT_THROW((void)load_car_from_text(
                     roadster_on("pac2002_195_65R15.tir", "rotational_inertia_kgm2 = 0.9\ninflation_pressure_kpa = 210\n"), kCarPath),
                 LoadError);
}

TEST(TirCar, PassesEveryStandardTest) {
    for (const char* tir : {"mf61_205_55R16.tir", "pac2002_195_65R15.tir"}) {
        const VehicleSpec spec = load_car_from_text(roadster_on(tir, "rotational_inertia_kgm2 = 0.9\n"), kCarPath).spec;
        for (const auto& name : standard_test_names()) {
            const StandardTestResult r = run_standard_test(name, spec);
            EXPECT_TRUE(r.passed()) << tir << " " << name << ": " << to_string(r.status) << ": " << r.reason;
            if (name == "skidpad" || name == "braking") {
                for (const auto& m : r.metrics) std::printf("%s %s %s = %.3f %s\n", tir, name.c_str(), m.name.c_str(), m.value, m.unit.c_str());
            }
        }
    }
}

// Steady cornering on each file's tyres (its own relaxation length: PTY1, PTY2 in the PAC2002
// file, LATERAL_STIFFNESS in the MF 6.1 one): each lateral force within 0.5 % of the law's at
// the reported slip angle.
TEST(TirCar, SteadyLateralForceIsTheLawsAtTheReportedSlipAngle) {
    for (const char* tir : {"mf61_205_55R16.tir", "pac2002_195_65R15.tir"}) {
        const VehicleSpec spec = load_car_from_text(roadster_on(tir, "rotational_inertia_kgm2 = 0.9\n"), kCarPath).spec;
        for (const auto& [speed, steering, gear] : {std::tuple{10.0, 0.15, 2}, std::tuple{25.0, 0.04, 4}}) {
            const double worst = test::steady_lateral_force_deviation(spec, speed, steering, gear, 8.0);
            std::printf("%s at %.0f m/s: lateral force within %.3f %% of the law's\n", tir, speed, 100.0 * worst);
            EXPECT_LT(worst, 0.005) << tir << " at " << speed << " m/s";
        }
    }
}

}  // namespace
}  // namespace tractive
