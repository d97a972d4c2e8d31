// The driver model as a whole: the car figures it uses, the hands' lag and rate limit, odd
// inputs (standstill, a target behind the car, non-finite values), and replay from a copied state.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "driver/driver_test_support.hpp"
#include "support/test_paths.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/driver/driver_vehicle_figures.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/brake.hpp"
#include "tractive/laws/engine.hpp"
#include "tractive/laws/engine_torque.hpp"

using namespace tractive;

namespace {

VehicleSpec roadster() {
    return load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
}

bool finite_in_range(const DriverCommand& c) {
    return std::isfinite(c.throttle) && std::isfinite(c.brake) && std::isfinite(c.steering) && c.throttle >= 0.0 &&
           c.throttle <= 1.0 && c.brake >= 0.0 && c.brake <= 1.0 && std::abs(c.steering) <= 1.0 &&
           !(c.throttle > 0.0 && c.brake > 0.0);
}

}  // namespace

TEST(DriverVehicleFigures, FromTheSpec) {
    const VehicleSpec spec = roadster();
    const DriverVehicleFigures f = driver_vehicle_figures(spec);
    const VehicleSummary s = summarize(spec);
    EXPECT_NEAR(f.wheelbase_m, s.wheelbase_m, 1e-12);
    EXPECT_EQ(f.steer_lock_rad, spec.wheels[FL].max_steer_rad);  // no rear steer
    EXPECT_EQ(f.driven_radius_m, s.driven_wheel_radius_m);
    double brake = 0.0;
    for (int i = 0; i < 4; ++i) brake += max_brake_torque_nm(spec, static_cast<WheelIndex>(i)) / spec.wheels[i].tyre.radius_m;
    EXPECT_NEAR(f.full_brake_force_n, brake, 1e-9);
}

// Cornering stiffness at zero slip and static load: on ucwin_sedan's friction curve (lateral
// mu rising linearly to 0.80 at tan(alpha) = 0.1) C = 8 Fz per wheel, so sum C = 8 x the static
// loads; a Pacejka car's is positive and finite.
TEST(DriverVehicleFigures, TotalCorneringStiffness) {
    const VehicleModel ucwin = build_vehicle_model(load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "ucwin_sedan.toml").spec);
    double loads = 0.0;
    for (const WheelModel& w : ucwin.wheels) loads += w.static_load_n;
    EXPECT_NEAR(total_cornering_stiffness_n_per_rad(ucwin), 8.0 * loads, 1e-9 * loads);
    const VehicleModel pacejka = build_vehicle_model(roadster());
    const double c = total_cornering_stiffness_n_per_rad(pacejka);
    double roadster_loads = 0.0;
    for (const WheelModel& w : pacejka.wheels) roadster_loads += w.static_load_n;
    EXPECT_GT(c, 5.0 * roadster_loads);  // road tyres: C / Fz of about 10-30 per rad
    EXPECT_LT(c, 40.0 * roadster_loads);
}

// F = (T - (1 - eta) |T|) i_gear i_final / r at zero and full throttle, T from the engine law.
TEST(DriverVehicleFigures, DriveForceRangeInTheEngagedGear) {
    const VehicleSpec spec = roadster();
    InitialConditions ic;
    ic.gear = 3;
    ic.speed_m_per_s = 20.0;
    Simulation sim(spec, RoadSpec{}, {}, ic);
    const VehicleState& s = sim.state();
    const DriverVehicleFigures f = driver_vehicle_figures(spec);
    const DriveForceRange range = drive_force_range(sim.model(), f, s);
    const double rpm = s.engine_speed_rad_per_s / kRadPerSecPerRpm;
    const double ratio = spec.transmission.forward_ratios[2] * f.overall_final_drive / f.driven_radius_m;
    const double eta = spec.transmission.efficiency;
    const double full = full_load_torque_nm(spec.engine, rpm);
    EXPECT_NEAR(range.full_throttle_n, full * eta * ratio, 1e-6);
    const double closed = -engine_torque(spec.engine, rpm, 0.0, true).resistive_nm;
    EXPECT_NEAR(range.zero_throttle_n, closed * (2.0 - eta) * ratio, 1e-6);
    EXPECT_LT(range.zero_throttle_n, 0.0);
    // Reverse gives no forward drive.
    VehicleState reverse = s;
    reverse.gear = -1;
    const DriveForceRange none = drive_force_range(sim.model(), f, reverse);
    EXPECT_EQ(none.full_throttle_n, 0.0);
    EXPECT_EQ(none.zero_throttle_n, 0.0);
}

// The hands: the lag's exact step u + (1 - exp(-dt / tau)) (demand - u), limited to r_u dt.
TEST(DriverHands, LagAndRateLimit) {
    const PathFollowerGains g;
    EXPECT_NEAR(steering_hands(0.0, 1.0, 0.004, g), g.steering_rate_per_s * 0.004, 1e-15);
    EXPECT_NEAR(steering_hands(0.0, 0.001, 0.004, g), 0.001 * (1.0 - std::exp(-0.004 / g.steering_lag_s)), 1e-15);
    EXPECT_EQ(steering_hands(0.3, 1.0, 0.0, g), 0.3);
    EXPECT_EQ(steering_hands(0.3, std::numeric_limits<double>::quiet_NaN(), 0.004, g), 0.3);
    EXPECT_EQ(steering_hands(0.3, 1.0, 1e9, g), 1.0);
}

TEST(DriverModel, OddInputsGiveFiniteCommandsInRange) {
    const VehicleSpec spec = roadster();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    Simulation parked(spec, RoadSpec{}, {}, InitialConditions{});
    const Path circle = circle_path(0.0, 0.0, 0.0, 45.7, true);
    const Path behind = straight_line_path(-10.0, 0.0, 3.14159265358979323846);  // runs away behind the car
    const Path centred = circle_path(0.0, -5.0, 0.0, 5.0, true);                 // the car at its centre
    for (const Path* path : {static_cast<const Path*>(nullptr), &circle, &behind, &centred}) {
        for (const double speed : {0.0, 20.0, -5.0, nan, inf}) {
            for (const double dt : {0.004, 0.0, -1.0, nan, inf, 10.0}) {
                DriverModelState driver;
                for (int k = 0; k < 3; ++k) {
                    const DriverCommand c = drive({speed, path}, parked.model(), parked.state(), dt, driver);
                    EXPECT_TRUE(finite_in_range(c)) << speed << " " << dt;
                }
            }
        }
    }
    // At a standstill with a target of zero the brake is held.
    DriverModelState driver;
    const DriverCommand stop = drive({0.0, nullptr}, parked.model(), parked.state(), 0.004, driver);
    EXPECT_EQ(stop.throttle, 0.0);
    EXPECT_GT(stop.brake, 0.0);
}

// A path behind the car: the driver turns round (full lock, a U-turn) instead of doing nothing,
// and the commands stay finite all the way.
TEST(DriverModel, TurnsRoundForAPathBehind) {
    const VehicleSpec spec = roadster();
    InitialConditions ic;
    ic.gear = 1;
    ic.speed_m_per_s = 5.0;
    Simulation sim(spec, RoadSpec{}, {}, ic);
    const Path behind = straight_line_path(0.0, -2.0, 3.14159265358979323846);
    DriverModelState driver;
    double max_abs_steering = 0.0;
    const bool valid = test::drive_closed_loop(
        sim, driver, 1, 20.0, [&](const VehicleState&) { return DriverTarget{5.0, &behind}; },
        [&](const VehicleState&, const DriverCommand& c) { max_abs_steering = std::max(max_abs_steering, std::abs(c.steering)); });
    EXPECT_TRUE(valid);
    EXPECT_GT(max_abs_steering, 0.99);  // the lag approaches full lock
    const VehicleState& s = sim.state();
    const PathProjection p = project_onto_path(behind, s.position_m.x, s.position_m.y);
    EXPECT_LT(std::abs(p.lateral_error_m), 0.2);
    EXPECT_LT(std::abs(wrap_angle_rad(euler_zyx(s.orientation).yaw - 3.14159265358979323846)), 0.05);
}

// Copying the vehicle state and the driver state replays the run bit for bit.
TEST(DriverModel, CopiedStateReplaysBitForBit) {
    const VehicleSpec spec = roadster();
    InitialConditions ic;
    ic.gear = 3;
    ic.speed_m_per_s = 60.0 / 3.6;
    Simulation sim(spec, RoadSpec{}, {}, ic);
    const Path lane = lane_change_path(0.0, 0.0, 0.0, 20.0, 30.0, 3.5);
    DriverModelState driver;
    const auto target = [&](const VehicleState&) { return DriverTarget{70.0 / 3.6, &lane}; };
    test::drive_closed_loop(sim, driver, 3, 2.0, target, {});
    Simulation copy = sim;
    DriverModelState driver_copy = driver;
    test::drive_closed_loop(sim, driver, 3, 3.0, target, {});
    test::drive_closed_loop(copy, driver_copy, 3, 3.0, target, {});
    EXPECT_EQ(std::memcmp(&sim.state().position_m, &copy.state().position_m, sizeof(Vec3)), 0);
    EXPECT_EQ(sim.state().velocity_m_per_s, copy.state().velocity_m_per_s);
    EXPECT_EQ(driver.path.steering, driver_copy.path.steering);
    EXPECT_EQ(driver.speed.integral_m_per_s2, driver_copy.speed.integral_m_per_s2);
}

// Every shared VDrift car file loads, so the parametrised tests drive all of them.
TEST(DriverTestCars, EverySharedVDriftCarLoads) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const auto files = test::vdrift_car_files();
    ASSERT_FALSE(files.empty());
    for (const auto& f : files) EXPECT_NO_THROW(load_car(f)) << f;
}
