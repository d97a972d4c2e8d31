// The K&C report (analysis/kinematics.hpp) against the laws it reads and the car it describes:
// camber against travel is the linkage's, the roll gradient the constant-radius test measures,
// the ride frequency the sprung corner on its springs in series with its tyres, and a stiffer
// front bar moves the roll stiffness forward.
#include "tractive/analysis/kinematics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "support/cli_run.hpp"
#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/suspension_geometry.hpp"

namespace tractive {
namespace {

std::vector<std::filesystem::path> every_car() {
    std::vector<std::filesystem::path> files = test::example_car_files();
    for (const auto& f : test::vdrift_car_files()) files.push_back(f);
    return files;
}

TEST(Kinematics, EveryCarsReportIsItsOwnLawsAndFigures) {
    for (const auto& file : every_car()) {
        SCOPED_TRACE(file.string());
        const VehicleSpec spec = load_car(file).spec;
        const KcReport r = kinematics_and_compliance(spec);
        EXPECT_GT(r.roll_stiffness_front_share, 0.2);
        EXPECT_LT(r.roll_stiffness_front_share, 0.8);
        for (const AxleKc& a : r.axles) {
            SCOPED_TRACE(a.name);
            const int left = a.name == "front" ? FL : RL;
            const WheelSpec& w = spec.wheels[static_cast<std::size_t>(left)];
            // A road car's ride: 1-2.5 Hz (Milliken ch. 16).
            EXPECT_GT(a.ride_frequency_hz, 0.9);
            EXPECT_LT(a.ride_frequency_hz, 2.5);
            EXPECT_NEAR(a.ride_frequency_hz, std::sqrt(a.ride_rate_n_per_m / a.sprung_corner_mass_kg) / (2.0 * std::numbers::pi), 1e-12);
            EXPECT_NEAR(1.0 / a.ride_rate_n_per_m, 1.0 / a.wheel_rate_n_per_m + 1.0 / a.tyre_rate_n_per_m, 1e-15);
            bool design_seen = false;
            for (const TravelPoint& p : a.against_travel) {
                double change = 0.0;
                if (w.suspension.double_wishbone) change = double_wishbone_camber_change_rad(*w.suspension.double_wishbone, true, p.travel_m);
                if (w.suspension.macpherson_strut) change = macpherson_camber_change_rad(*w.suspension.macpherson_strut, true, p.travel_m);
                // The model samples the law at 41 points: between them it interpolates.
                EXPECT_NEAR(p.camber_deg, (w.camber_rad + change) * 180.0 / std::numbers::pi, 0.02) << p.travel_m;
                EXPECT_DOUBLE_EQ(p.toe_deg, w.toe_rad * 180.0 / std::numbers::pi);
                if (p.travel_m == 0.0) {
                    design_seen = true;
                    EXPECT_NEAR(p.camber_deg, w.camber_rad * 180.0 / std::numbers::pi, 0.002);
                }
            }
            EXPECT_TRUE(design_seen);
            ASSERT_FALSE(a.against_roll.empty());
            EXPECT_DOUBLE_EQ(a.against_roll.front().outer_camber_to_road_deg, a.against_roll.front().inner_camber_to_road_deg);
            // Without a linkage the wheels lean with the body: rolled by phi out of the turn, the
            // outer wheel's top goes out by phi and the inner one's in by phi.
            if (!w.suspension.double_wishbone && !w.suspension.macpherson_strut) {
                for (const RollPoint& q : a.against_roll) {
                    EXPECT_NEAR(q.outer_camber_to_road_deg - q.inner_camber_to_road_deg, 2.0 * q.roll_deg, 1e-9) << q.roll_deg;
                }
            }
        }
    }
}

// (The quasi-static roll gradient against the constant-radius test's: Maneuvers.TheUndersteerCurveAndTheRollGradient.)

TEST(Kinematics, AStifferFrontBarMovesTheRollStiffnessForward) {
    VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    const KcReport stock = kinematics_and_compliance(spec);
    for (const int i : {FL, FR}) spec.wheels[static_cast<std::size_t>(i)].suspension.anti_roll_n_per_m *= 2.0;
    const KcReport stiff = kinematics_and_compliance(spec);
    EXPECT_GT(stiff.roll_stiffness_front_share, stock.roll_stiffness_front_share + 0.05);
    EXPECT_LT(stiff.roll_gradient_deg_per_g, stock.roll_gradient_deg_per_g);
    EXPECT_DOUBLE_EQ(stiff.axles[1].roll_stiffness_nm_per_deg, stock.axles[1].roll_stiffness_nm_per_deg);
}

TEST(Kinematics, TheCliPrintsItAsTextAndJson) {
    const auto car = std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "hatchback.toml";
    const test::CliRun text = test::run_cli("kc " + test::quoted(car));
    ASSERT_EQ(text.status, 0) << text.out;
    EXPECT_NE(text.out.find("roll stiffness split"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("front wheel against travel"), std::string::npos);
    const test::CliRun json = test::run_cli("kc --json " + test::quoted(car));
    ASSERT_EQ(json.status, 0) << json.out;
    EXPECT_NE(json.out.find("\"ride_frequency_hz\""), std::string::npos);
    EXPECT_NE(json.out.find("\"against_roll\""), std::string::npos);
    const test::CliRun missing = test::run_cli("kc no-such-car.toml", true);
    EXPECT_EQ(missing.status, 2) << missing.out;
}

}  // namespace
}  // namespace tractive
