// Every way a standard test can end, each provoked on purpose (issue 24): a car or a ground made
// to fail in that one way, and the test says so, with a reason that says when, and never a
// figure that looks like a result.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "support/profile_ground.hpp"
#include "support/test_paths.hpp"
#include "tractive/analysis/standard_tests.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/ground_loader.hpp"
#include "tractive/world/mesh_ground.hpp"

using namespace tractive;

namespace {

VehicleSpec roadster() { return load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec; }

StandardTestResult run(const std::string& test, const VehicleSpec& spec, const StandardTestOptions& options = {}) {
    const StandardTestResult r = run_standard_test(test, spec, options);
    std::printf("%s: %s: %s\n", test.c_str(), to_string(r.status), r.reason.c_str());
    return r;
}

// A failed test: its status, a reason naming the time, and not passed.
void expect_failed(const StandardTestResult& r, TestStatus status, const std::string& reason_part) {
    EXPECT_EQ(r.status, status) << to_string(r.status) << ": " << r.reason;
    EXPECT_FALSE(r.passed());
    EXPECT_NE(r.reason.find(reason_part), std::string::npos) << r.reason;
}

// A ground to drive on from the origin along +x: the test's own road is replaced by it.
StandardTestOptions on(std::shared_ptr<const Ground> ground) {
    StandardTestOptions o;
    o.ground = std::move(ground);
    return o;
}

}  // namespace

TEST(TestStatuses, StalledWhenTheEngineStopsWithFuelInTheTank) {
    VehicleSpec car = roadster();
    car.masses[0].mass_kg = 4000.0;  // five tonnes on the 2-litre engine: the hill start's 12 % grade stalls it
    expect_failed(run("hill-start", car), TestStatus::Stalled, "the engine stalled (below 400 rpm) at");
}

TEST(TestStatuses, OutOfFuelWhenTheTankRunsDry) {
    VehicleSpec car = roadster();
    car.fuel_tank.volume_m3 = 1e-4;  // a tenth of a litre
    expect_failed(run("top-speed", car), TestStatus::OutOfFuel, "the tank ran dry at");
}

TEST(TestStatuses, LeftRoadWhenAStraightLineCarCannotHoldItsLine) {
    VehicleSpec car = roadster();
    for (WheelSpec& w : car.wheels) w.max_steer_rad = 0.0;  // no steering, on a road banked 8 degrees
    StandardTestOptions o;
    RoadSpec road;
    road.bank_rad = 8.0 * std::acos(-1.0) / 180.0;
    o.ground = std::make_shared<test::ProfileGround>(test::Profile{{-1e4, 1e4}, {0.0, 0.0}, std::tan(road.bank_rad)});
    expect_failed(run("accel", car, o), TestStatus::LeftRoad, "off its line at");
}

TEST(TestStatuses, SpunWhenTheSideslipPasses30Degrees) {
    VehicleSpec car = roadster();
    // Rear tyres with a fifth of their grip: the step steer's turn swings the tail round.
    for (int i : {RL, RR}) car.wheels[i].tyre.magic_formula.c[mf::LMUY] *= 0.2;
    expect_failed(run("step-steer", car), TestStatus::Spun, "the sideslip passed 30 degrees at");
}

TEST(TestStatuses, RolledOverWhenTheBodyTiltsPast60Degrees) {
    VehicleSpec car = roadster();
    for (PointMass& m : car.masses) m.position_m.z += 1.5;  // the masses 1.5 m higher: it trips on the skidpad
    expect_failed(run("skidpad", car), TestStatus::RolledOver, "tilted more than 60 degrees at");
}

TEST(TestStatuses, LeftGroundWhenTheCarDrivesOffTheGroundsEdge) {
    // The reproducer: the proving ground's accel from (100, 50) heading 90 degrees runs off the
    // pad's edge.
    const LoadedGround ground = load_ground(std::filesystem::path(TRACTIVE_EXAMPLE_CARS).parent_path() / "grounds" / "proving_ground.toml");
    StandardTestOptions o;
    o.ground = ground.ground;
    o.start_x_m = 100.0;
    o.start_y_m = 50.0;
    o.start_heading_rad = std::acos(-1.0) / 2.0;
    const StandardTestResult r = run("accel", roadster(), o);
    expect_failed(r, TestStatus::LeftGround, "the car left the ground: no surface under it at x = 100.0 m");
}

TEST(TestStatuses, LeftGroundWhenNoWheelTouchesForHalfASecond) {
    // A 20 m drop 30 m ahead, ground under the car all the way down.
    const test::Profile cliff{{-1e3, 30.0, 30.0, 1e3}, {0.0, 0.0, -20.0, -20.0}, 0.0};
    auto mesh = std::make_shared<MeshGround>(test::tessellate_profile(cliff, -100.0, 100.0, 10.0, 50.0, 1));
    expect_failed(run("accel", roadster(), on(mesh)), TestStatus::LeftGround, "no wheel on it for 0.5 s since");
}

TEST(TestStatuses, DivergedWhenTheStateBecomesNonFinite) {
    // A ground that answers NaN for its normal 20 m ahead: no step can make sense of it.
    expect_failed(run("accel", roadster(), on(std::make_shared<test::BrokenAheadGround>())), TestStatus::Diverged, "the step failed: the state is not finite at");
}

TEST(TestStatuses, NotReachedWhenTheCarNeverGetsThere) {
    VehicleSpec car = roadster();
    car.brakes.max_torque_nm *= 0.0;
    for (WheelSpec& w : car.wheels) w.brake.max_pressure_pa = 1.0;  // brakes that do nothing: no stop within the cap
    expect_failed(run("braking", car), TestStatus::NotReached, "");
}

TEST(TestStatuses, NotSettledDownAHillThatKeepsSteepening) {
    // Downhill from 2 % steepening by 0.25 % a kilometre: the speed at which drag balances the
    // pull of the grade keeps rising, and so does the car's, for the whole 600 s.
    test::Profile hill;
    for (double x = -200.0; x <= 60e3; x += 20.0) {
        const double s = std::max(x, 0.0);
        hill.x_m.push_back(x);
        hill.z_m.push_back(-(0.02 * s + 2.5e-6 * s * s / 2.0));
    }
    expect_failed(run("top-speed", roadster(), on(std::make_shared<test::ProfileGround>(hill))), TestStatus::NotSettled,
                  "did not settle within");
}

// A car with a 12 N m engine takes more than 5 s to move off at full throttle: standing still is
// not its top speed. Before, the speed "settled" at 0 while it had not yet moved: top-speed
// passed at 0.0 km/h, and accel said the car "tops out at 0.0 km/h" (not applicable).
TEST(TestStatuses, ACarThatHasNotMovedOffHasNotSettled) {
    VehicleSpec car = roadster();
    car.engine.torque_curve_nm = PiecewiseLinear({1000.0, 7500.0}, {10.0, 12.0});
    const StandardTestResult top = run("top-speed", car);
    ASSERT_TRUE(top.passed()) << top.reason;
    EXPECT_GT(top.metrics[0].value, 50.0) << "km/h";
    const StandardTestResult accel = run("accel", car);
    EXPECT_EQ(accel.reason.find("tops out at 0.0"), std::string::npos) << accel.reason;
    expect_failed(accel, TestStatus::NotReached, "100 km/h was not reached");
}

TEST(TestStatuses, NotApplicableIsNoFailure) {
    VehicleSpec car = roadster();
    car.engine.rpm_limit = 2600.0;  // it tops out at about 103 km/h in sixth
    const StandardTestResult r = run("elasticity", car);
    EXPECT_EQ(r.status, TestStatus::NotApplicable) << r.reason;
    EXPECT_TRUE(r.passed());
    EXPECT_NE(r.reason.find("is beyond it"), std::string::npos) << r.reason;
}
