// Converting any car to TOML and loading it again gives an equal spec, bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/toml_writer.hpp"

using namespace tractive;

namespace {
void expect_round_trip(const std::filesystem::path& path) {
    const LoadedCar original = load_car(path);
    const std::string text = write_toml_car(original.spec, "round-trip test");
    const LoadedCar again = load_toml_car(text, path.stem().string() + ".toml");
    EXPECT_TRUE(again.spec == original.spec) << path;
    EXPECT_TRUE(again.warnings.empty()) << path << ": " << (again.warnings.empty() ? "" : again.warnings[0].to_string());
    // And the written text is a fixed point.
    EXPECT_EQ(write_toml_car(again.spec, "round-trip test"), text) << path;
}
}  // namespace

TEST(RoundTrip, EverySharedVDriftCar) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const auto cars = test::vdrift_car_files();
    ASSERT_FALSE(cars.empty());
    for (const auto& p : cars) expect_round_trip(p);
}

TEST(RoundTrip, EveryShippedCar) {
    const auto cars = test::example_car_files();
    ASSERT_GE(cars.size(), 4u);
    for (const auto& p : cars) expect_round_trip(p);
}

// Every angle that came from a file in degrees (rad = deg * pi / 180, as the loaders compute it)
// is written back as a degree value that gives exactly the same radians.
TEST(RoundTrip, AnglesInDegreesComeBackExactly) {
    constexpr double kRadPerDeg = std::numbers::pi / 180.0;
    int count = 0;
    for (double deg = -89.0; deg <= 89.0; deg += 0.37) {
        for (double d : {deg, std::nextafter(deg, 100.0), std::nextafter(deg, -100.0)}) {
            const double rad = d * kRadPerDeg;
            EXPECT_EQ(degrees_for_exact_radians(rad) * kRadPerDeg, rad) << d;
            ++count;
        }
    }
    EXPECT_GT(count, 1000);
}

TEST(RoundTrip, ControlCharactersAndDelInNamesRoundTrip) {
    const auto cars = test::example_car_files();
    ASSERT_FALSE(cars.empty());
    VehicleSpec spec = load_car(cars.front()).spec;
    spec.name = std::string("del\x7f" "tab\tquote\"back\\slash\x01");
    spec.description = "\x7f";
    spec.masses.front().name = "mass\x7fname";
    const std::string text = write_toml_car(spec);
    EXPECT_EQ(text.find('\x7f'), std::string::npos);
    EXPECT_NE(text.find("\\u007f"), std::string::npos);
    EXPECT_TRUE(load_car_from_text(text, "del.toml").spec == spec);
}

// [driver_aids]: each combination of ABS and traction control survives writing and loading (what
// `tractive convert` does), and the file says it in its own table.
TEST(RoundTrip, DriverAidsSurviveConvert) {
    const auto cars = test::example_car_files();
    ASSERT_FALSE(cars.empty());
    for (const auto& path : cars) {
        const VehicleSpec original = load_car(path).spec;
        for (const bool abs : {false, true}) {
            for (const bool tcs : {false, true}) {
                SCOPED_TRACE(path.string() + (abs ? " abs" : " no-abs") + (tcs ? " tcs" : " no-tcs"));
                VehicleSpec spec = original;
                spec.driver_aids.abs = abs;
                spec.driver_aids.tcs = tcs;
                const std::string text = write_toml_car(spec, "driver aids");
                EXPECT_NE(text.find(std::string("[driver_aids]\nabs = ") + (abs ? "true" : "false") + "\ntcs = " +
                                    (tcs ? "true" : "false")),
                          std::string::npos);
                const LoadedCar again = load_car_from_text(text, "aids.toml");
                EXPECT_EQ(again.spec.driver_aids.abs, abs);
                EXPECT_EQ(again.spec.driver_aids.tcs, tcs);
                EXPECT_TRUE(again.spec == spec);
            }
        }
    }
    // A file without the table: no aids (the default the loader documents).
    const std::string text = write_toml_car(load_car(cars.front()).spec);
    const auto table = text.find("\n[driver_aids]");
    ASSERT_NE(table, std::string::npos);
    const auto next = text.find("\n[", table + 1);
    const std::string without = text.substr(0, table) + (next == std::string::npos ? "\n" : text.substr(next));
    EXPECT_EQ(without.find("driver_aids"), std::string::npos);
    const LoadedCar plain = load_car_from_text(without, "c.toml");
    EXPECT_FALSE(plain.spec.driver_aids.abs);
    EXPECT_FALSE(plain.spec.driver_aids.tcs);
}

// A magic-formula tyre keeps a rolling_resistance table it is given (the written car loads back
// equal), but the table does nothing for it: a value set there is warned about, once, however
// many wheels use the tyre; the written form's zeros are not.
TEST(RoundTrip, AMagicFormulaTyresRollingResistanceTableIsSaidToDoNothing) {
    const std::filesystem::path roadster = test::example_car_files().front().parent_path() / "roadster.toml";
    const LoadedCar car = load_car(roadster);
    VehicleSpec spec = car.spec;
    std::string text = write_toml_car(spec, "rolling resistance test");
    EXPECT_TRUE(load_toml_car(text, roadster).warnings.empty());
    const std::string zero = "rolling_resistance = { form = \"vdrift\", constant = 0,";
    const std::size_t at = text.find(zero);
    ASSERT_NE(at, std::string::npos) << text;
    text.replace(at, zero.size(), "rolling_resistance = { form = \"vdrift\", constant = 0.5,");
    const LoadedCar set = load_toml_car(text, roadster);
    std::size_t said = 0;
    for (const LoadWarning& w : set.warnings) {
        if (w.message.find("not used by a magic-formula tyre") != std::string::npos) ++said;
    }
    EXPECT_EQ(said, 1u);
}
