#include "tractive/analysis/vehicle_summary.hpp"
#include "support/car_edits.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/engine_torque.hpp"

using namespace tractive;

TEST(VehicleSummary, GearSpeedsFollowFromRatiosAndRadius) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const VehicleSpec s = load_car(test::vdrift_data() / "cars/XS/XS.car").spec;
    const VehicleSummary sum = summarize(s);
    ASSERT_EQ(sum.gear_speeds_at_redline_kmh.size(), 6u);
    const double r = 0.2159 + 0.245 * 0.40;  // rear 245/40 R17
    const double w = 9000.0 * std::numbers::pi / 30.0;
    EXPECT_NEAR(sum.gear_speeds_at_redline_kmh[0], w * r / (3.133 * 4.9528) * 3.6, 1e-9);
    EXPECT_NEAR(sum.gear_speeds_at_redline_kmh[5], w * r / (0.763 * 4.9528) * 3.6, 1e-9);
    EXPECT_EQ(sum.drive, DriveLayout::RWD);
    EXPECT_NEAR(sum.peak_torque_nm, 195.92, 1e-9);
    EXPECT_NEAR(sum.drag_area_m2, 0.6, 1e-12);
}

// VALIDATION.md section 3: P = (m g Crr + rho CdA v^2 / 2) v. A car with one drag device, no
// wings, constant Crr 0.013, 1300 kg and 179 kW at the wheels reaches 276.4 km/h.
TEST(VehicleSummary, PowerLimitedTopSpeedMatchesClosedForm) {
    const auto cars = test::example_car_files();
    ASSERT_FALSE(cars.empty());
    VehicleSpec s = load_car(cars.front()).spec;
    // Rescale the masses so the car weighs 1300 kg, keep one 0.6 m^2 drag device.
    double total = 0.0;
    for (const auto& m : s.masses) total += m.mass_kg;
    s.fuel_tank.volume_m3 = 0.0;
    double wheels = 0.0;
    for (const auto& w : s.wheels) wheels += w.mass_kg;
    for (auto& m : s.masses) m.mass_kg *= (1300.0 - wheels) / total;
    s.aero = {AeroDeviceSpec{"body", {}, 2.0, 0.3, 0.0, 0.0, 1.0}};
    test::set_rolling_resistance_coefficient(s, 0.013);
    s.transmission.efficiency = 1.0;
    // A flat torque curve whose power peaks at 179 kW at the limiter.
    const double rpm = 7000.0;
    const double torque = 179e3 / (rpm * kRadPerSecPerRpm);
    s.engine.torque_curve_nm = PiecewiseLinear({1000.0, rpm}, {torque, torque});
    s.engine.rpm_limit = rpm;
    const VehicleSummary sum = summarize(s);
    EXPECT_NEAR(sum.mass_kg, 1300.0, 1e-9);
    EXPECT_NEAR(sum.peak_power_w, 179e3, 1e-6);
    // Solve 179000 = (1300 * 9.80665 * 0.013 + 0.5 * 1.225 * 0.6 v^2) v independently.
    double lo = 0.0, hi = 200.0;
    for (int i = 0; i < 200; ++i) {
        const double v = 0.5 * (lo + hi);
        ((1300.0 * 9.80665 * 0.013 + 0.5 * 1.225 * 0.6 * v * v) * v < 179e3 ? lo : hi) = v;
    }
    EXPECT_NEAR(sum.power_limited_top_speed_kmh, lo * 3.6, 1e-6);
    EXPECT_NEAR(sum.power_limited_top_speed_kmh, 276.4, 0.1);
}

// Without drag and rolling resistance nothing limits the speed: reported as unbounded, not as
// the search ceiling.
TEST(VehicleSummary, TopSpeedWithoutResistanceIsUnbounded) {
    const auto cars = test::example_car_files();
    ASSERT_FALSE(cars.empty());
    VehicleSpec s = load_car(cars.front()).spec;
    s.aero.clear();
    test::set_rolling_resistance_coefficient(s, 0.0);
    const VehicleSummary sum = summarize(s);
    EXPECT_TRUE(sum.power_limited_top_speed_unbounded);
    EXPECT_TRUE(first_non_finite_figure(sum).empty());
    // Tiny drag: above the old 300 m/s ceiling, found below the 1000 m/s one.
    s.aero = {AeroDeviceSpec{"body", {}, 0.01, 0.3, 0.0, 0.0, 1.0}};
    const VehicleSummary fast = summarize(s);
    EXPECT_FALSE(fast.power_limited_top_speed_unbounded);
    EXPECT_GT(fast.power_limited_top_speed_kmh, 300.0 * 3.6);
    EXPECT_LT(fast.power_limited_top_speed_kmh, 1000.0 * 3.6);
}

// The body's collision shape as `tractive info` reports it: the XS's own hull (six spheres of
// 0.3 m, the lowest 0.2 m clear of the road at rest) with three spheres on each wheel's face; a
// tractive car without one the box of 12 points, its floor's 5 cm spheres 0.08 m clear of the
// tyres' bottoms less their static deflection.
TEST(VehicleSummary, TheBodyShapeAndItsClearanceAtRest) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const VehicleSummary xs = summarize(load_car(test::vdrift_data() / "cars/XS/XS.car").spec);
    EXPECT_EQ(xs.body_shape_source, "file");
    EXPECT_EQ(xs.body_sphere_count, 6u + 12u);
    EXPECT_NEAR(xs.body_ground_clearance_m, 0.209, 0.002);
    const VehicleSummary roadster = summarize(load_car(test::example_car_files().front().parent_path() / "roadster.toml").spec);
    EXPECT_EQ(roadster.body_shape_source, "box");
    EXPECT_EQ(roadster.body_sphere_count, 12u);
    EXPECT_GT(roadster.body_ground_clearance_m, 0.05);
    EXPECT_LT(roadster.body_ground_clearance_m, 0.08);
}

// A car the step cannot take (more aero devices than its room) is still described; its body
// shape, which the step builds, is said not to be.
TEST(VehicleSummary, ACarTheStepCannotTakeIsDescribedWithoutItsBodyShape) {
    VehicleSpec spec = load_car(test::example_car_files().front().parent_path() / "roadster.toml").spec;
    while (spec.aero.size() < 9) spec.aero.push_back(spec.aero.front());
    const VehicleSummary s = summarize(spec);
    EXPECT_EQ(s.body_sphere_count, 0u);
    EXPECT_NE(s.body_shape_source.find("not built: "), std::string::npos) << s.body_shape_source;
    EXPECT_GT(s.power_limited_top_speed_kmh, 100.0);
    EXPECT_EQ(first_non_finite_figure(s), "");
}
