// Determinism, and no NaN or blow-up under random controls (rapidcheck).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstring>
#include <numbers>

#include "dynamics/dynamics_support.hpp"

using namespace tractive;

namespace {

// A scripted drive: launch, shift, steer, brake, handbrake turn.
Controls scripted(const VehicleState& s) {
    const double t = s.time_s;
    Controls c;
    c.gear = t < 3.0 ? 1 : 2;
    c.clutch = t < 0.5 ? 1.0 : (t < 1.5 ? 1.5 - t : (t > 2.9 && t < 3.2 ? 1.0 : 0.0));
    c.throttle = t < 5.0 ? 0.6 : 0.0;
    c.steering = std::sin(t);
    c.brake = t > 6.0 ? 0.8 : 0.0;
    c.handbrake = t > 7.0 ? 1.0 : 0.0;
    return c;
}

bool finite_state(const VehicleState& s) {
    const double values[] = {s.position_m.x, s.position_m.y, s.position_m.z, s.velocity_m_per_s.x, s.velocity_m_per_s.y,
                             s.velocity_m_per_s.z, s.angular_velocity_rad_per_s.x, s.angular_velocity_rad_per_s.y,
                             s.angular_velocity_rad_per_s.z, s.orientation.w, s.engine_speed_rad_per_s,
                             s.gearbox_speed_rad_per_s, s.wheels[0].spin_rad_per_s, s.wheels[1].spin_rad_per_s,
                             s.wheels[2].spin_rad_per_s, s.wheels[3].spin_rad_per_s, s.wheels[0].travel_m,
                             s.wheels[3].travel_m, s.wheel_outputs[0].fx_n, s.wheel_outputs[2].fy_n};
    for (double v : values) {
        if (!std::isfinite(v)) return false;
    }
    return true;
}

}  // namespace

TEST(Determinism, SameInputsGiveBitIdenticalStates) {
    for (const char* name : {"roadster", "sedan_awd", "ucwin_sedan"}) {
        const VehicleSpec spec = test::example_car(name);
        Simulation a(spec, RoadSpec{}, StepSettings{});
        Simulation b(spec, RoadSpec{}, StepSettings{});
        double top_speed = 0.0;
        test::drive_for(a, 8.0, scripted, [&](const VehicleState& s) {
            top_speed = std::max(top_speed, speed_m_per_s(s));
            return true;
        });
        test::drive_for(b, 8.0, scripted);
        const VehicleState& sa = a.state();
        const VehicleState& sb = b.state();
        EXPECT_EQ(std::memcmp(&sa.position_m, &sb.position_m, sizeof(Vec3)), 0) << name;
        EXPECT_EQ(std::memcmp(&sa.velocity_m_per_s, &sb.velocity_m_per_s, sizeof(Vec3)), 0) << name;
        EXPECT_EQ(std::memcmp(&sa.orientation, &sb.orientation, sizeof(Quat)), 0) << name;
        EXPECT_EQ(std::memcmp(sa.wheels.data(), sb.wheels.data(), sizeof(sa.wheels)), 0) << name;
        EXPECT_EQ(std::memcmp(sa.warm_impulses.data(), sb.warm_impulses.data(), sizeof(sa.warm_impulses)), 0) << name;
        EXPECT_EQ(sa.engine_speed_rad_per_s, sb.engine_speed_rad_per_s) << name;
        EXPECT_GT(top_speed, 3.0) << name << ": the script drives somewhere (beyond walking pace)";
    }
}

TEST(Determinism, HowDtIsCutDoesNotMatter) {
    // step(dt) runs whole internal steps and carries the remainder: 1/60 s frames and 1 ms
    // frames reach the same states at the same internal step count.
    const VehicleSpec spec = test::example_car("roadster");
    Simulation a(spec, RoadSpec{}, StepSettings{});
    Simulation b(spec, RoadSpec{}, StepSettings{});
    Controls c;
    c.gear = 1;
    c.throttle = 0.5;
    for (int k = 0; k < 120; ++k) a.step(1.0 / 60.0, c);
    while (b.state().time_s < a.state().time_s - 1e-9) b.step(0.001, c);
    EXPECT_EQ(a.state().time_s, b.state().time_s);
    EXPECT_EQ(std::memcmp(&a.state().position_m, &b.state().position_m, sizeof(Vec3)), 0);
    EXPECT_EQ(std::memcmp(&a.state().velocity_m_per_s, &b.state().velocity_m_per_s, sizeof(Vec3)), 0);
}

// Random control sequences (10,000 in CI: RC_PARAMS=max_success=10000 is set for this binary
// in tests/CMakeLists.txt): 10 segments of 20-100 ms with any pedal, steering, gear and
// starter; every internal step must stay finite, and speeds bounded by physics (the car starts
// at rest or at 30 m/s; nothing can push it past 100 m/s in half a second).
RC_GTEST_PROP(RandomControls, NeverProduceNaNOrBlowUp, ()) {
    // The shipped cars, and the shared VDrift cars when their data is present.
    static const std::vector<VehicleSpec> cars = [] {
        std::vector<VehicleSpec> v = {test::example_car("roadster"), test::example_car("hatchback"),
                                      test::example_car("sedan_awd"), test::example_car("ucwin_sedan")};
        for (const auto& path : test::vdrift_car_files()) v.push_back(load_car(path).spec);
        return v;
    }();
    const auto& spec = cars[*rc::gen::inRange<std::size_t>(0, cars.size())];
    InitialConditions ic;
    ic.speed_m_per_s = *rc::gen::element(0.0, 30.0);
    ic.gear = *rc::gen::inRange(0, 3);
    RoadSpec road;
    road.grade = *rc::gen::element(0.0, 0.2, -0.2);
    Simulation sim(spec, road, StepSettings{}, ic);
    const int segments = 10;
    for (int k = 0; k < segments; ++k) {
        Controls c;
        c.throttle = *rc::gen::element(0.0, 0.3, 1.0, 1.5);
        c.brake = *rc::gen::element(0.0, 0.5, 1.0);
        c.clutch = *rc::gen::element(0.0, 0.4, 1.0);
        c.steering = *rc::gen::element(-1.0, -0.1, 0.0, 0.3, 1.0, 2.0);
        c.handbrake = *rc::gen::element(0.0, 1.0);
        c.gear = *rc::gen::inRange(-2, 8);
        c.start_engine = *rc::gen::arbitrary<bool>();
        const double duration = *rc::gen::inRange(20, 100) * 1e-3;
        test::drive_for(sim, duration, [&](const VehicleState&) { return c; });
        RC_ASSERT(finite_state(sim.state()));
        RC_ASSERT(speed_m_per_s(sim.state()) < 100.0);
        RC_ASSERT(std::abs(sim.state().engine_speed_rad_per_s) < 2.0 * spec.engine.rpm_limit * 0.1047);
    }
}

TEST(Placement, AnyHeadingOnAnyRoadGivesTheRotationAskedFor) {
    // The start orientation is built from the road normal and the heading, times the car's own
    // small ride attitude (the pitch and roll that give each tyre its static load); its quaternion
    // must be that rotation at every heading (a conversion that handled only two of its four cases
    // gave NaN beyond about 120 degrees). Checked on a car whose ride attitude is level (the
    // roadster with its masses moved so every corner's static deflection puts its hub at the
    // same height: none at all here, its corners are symmetric) and, for the attitude itself, on
    // the roadster as shipped.
    VehicleSpec level = test::example_car("roadster");
    const double mid_x = 0.5 * (level.wheels[FL].position_m.x + level.wheels[RL].position_m.x);
    for (auto& w : level.wheels) {
        w.position_m.z = level.wheels[FL].position_m.z;
        w.mass_kg = level.wheels[FL].mass_kg;
        w.tyre = level.wheels[FL].tyre;
    }
    level.masses.clear();
    for (const double dx : {-0.5, 0.5})
        for (const double dy : {-0.4, 0.4}) level.masses.push_back({"body", MassRole::Body, 250.0, Vec3{mid_x + dx, dy, 0.0}});
    level.fuel_tank.position_m = Vec3{mid_x, 0.0, 0.0};
    const VehicleModel model = build_vehicle_model(level);
    for (const double grade : {0.0, 0.3, -0.3}) {
        for (const double bank : {0.0, 0.1}) {
            RoadSpec road;
            road.grade = grade;
            road.bank_rad = bank;
            const Vec3 n = road_normal(road);
            for (int deg = -360; deg <= 360; deg += 15) {
                InitialConditions ic;
                ic.heading_rad = deg * std::numbers::pi / 180.0;
                const VehicleState s = initial_state(model, road, ic);
                const Mat3 r = to_matrix(s.orientation);
                const Vec3 body_x{r.m[0][0], r.m[1][0], r.m[2][0]};
                const Vec3 body_z{r.m[0][2], r.m[1][2], r.m[2][2]};
                const Vec3 heading{std::cos(ic.heading_rad), std::sin(ic.heading_rad), 0.0};
                const Vec3 expected_x = normalized(heading - n * dot(heading, n));
                ASSERT_TRUE(finite_state(s)) << deg << " deg";
                EXPECT_NEAR(norm(body_z - n), 0.0, 1e-12) << deg << " deg, grade " << grade;
                EXPECT_NEAR(norm(body_x - expected_x), 0.0, 1e-12) << deg << " deg, grade " << grade;
            }
        }
    }
    // The shipped roadster's ride attitude relative to the road is the same at every heading and
    // on every road, and small (its left and right static loads differ by the driver: a fraction
    // of a milliradian).
    const VehicleModel roadster = build_vehicle_model(test::example_car("roadster"));
    const auto attitude = [&](const RoadSpec& road, double heading_rad) {
        InitialConditions ic;
        ic.heading_rad = heading_rad;
        const Mat3 r = to_matrix(initial_state(roadster, road, ic).orientation);
        const Vec3 n = road_normal(road);
        const Vec3 body_x{r.m[0][0], r.m[1][0], r.m[2][0]};
        const Vec3 body_y{r.m[0][1], r.m[1][1], r.m[2][1]};
        return std::pair{dot(body_x, n), dot(body_y, n)};  // -sin(pitch), sin(roll)
    };
    const auto flat = attitude(RoadSpec{}, 0.0);
    EXPECT_LT(std::abs(flat.first), 2e-3);
    EXPECT_LT(std::abs(flat.second), 2e-3);
    RoadSpec hill;
    hill.grade = 0.3;
    hill.bank_rad = 0.1;
    for (int deg = -180; deg <= 180; deg += 45) {
        const auto a = attitude(hill, deg * std::numbers::pi / 180.0);
        EXPECT_NEAR(a.first, flat.first, 1e-12) << deg;
        EXPECT_NEAR(a.second, flat.second, 1e-12) << deg;
    }
}

TEST(Placement, QuaternionFromEveryKindOfRotationMatrix) {
    // Rotations by pi about each axis exercise the three non-trace branches of Shepperd's method.
    for (const Vec3 axis : {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}, normalized(Vec3{1, 1, 1}), normalized(Vec3{-1, 2, 0.5})}) {
        for (const double angle : {0.0, 0.5, 2.0, 3.0, std::numbers::pi, 4.0}) {
            const Quat q = axis_angle(axis, angle);
            const Mat3 r = to_matrix(q);
            const Mat3 back = to_matrix(from_matrix(r));
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j) EXPECT_NEAR(back.m[i][j], r.m[i][j], 1e-12) << angle;
        }
    }
}

TEST(StepCall, ReturnsForAnyDt) {
    // A host's dt may be zero, negative, NaN, huge or infinite: step() returns after at most
    // max_internal_steps_per_call internal steps and says what it dropped; the state stays finite.
    const VehicleSpec spec = test::example_car("roadster");
    StepSettings settings;
    settings.max_internal_steps_per_call = 500;
    Simulation sim(spec, RoadSpec{}, settings);
    Controls c;
    c.gear = 0;
    EXPECT_EQ(sim.step(0.0, c).internal_steps, 0);
    const StepResult negative = sim.step(-1.0, c);
    EXPECT_EQ(negative.internal_steps, 0);
    EXPECT_EQ(negative.dropped_time_s, -1.0);
    EXPECT_TRUE(std::isnan(sim.step(std::nan(""), c).dropped_time_s));
    const StepResult infinite = sim.step(INFINITY, c);
    EXPECT_EQ(infinite.internal_steps, 500);
    EXPECT_TRUE(std::isinf(infinite.dropped_time_s));
    const StepResult huge = sim.step(1e300, c);
    EXPECT_EQ(huge.internal_steps, 500);
    EXPECT_GT(huge.dropped_time_s, 1e299);
    const StepResult ten_seconds = sim.step(10.0, c);  // 1,250 steps wanted, 500 taken
    EXPECT_EQ(ten_seconds.internal_steps, 500);
    EXPECT_NEAR(ten_seconds.dropped_time_s, 10.0 - 500 * settings.internal_step_s, 1e-9);
    EXPECT_NEAR(sim.state().time_s, 1500 * settings.internal_step_s, 1e-9);
    EXPECT_EQ(sim.state().pending_time_s, 0.0);
    EXPECT_TRUE(finite_state(sim.state()));
    const StepResult frame = sim.step(1.0 / 60.0, c);  // two internal steps, the rest carried
    EXPECT_EQ(frame.internal_steps, 2);
    EXPECT_EQ(frame.dropped_time_s, 0.0);
}

// A torque-sensing viscous coupling (VDrift's anti-slip-torque) has c = ratio x input torque, which
// goes to 0 with the torque into it: a car upside down with its driveline coasting down brought
// it to 1e-310 N m, the row's compliance 1 / (c h) overflowed and the step went NaN (two public
// VDrift cars, 360 and G4, in random driving). Every input torque down to the smallest double,
// either sign, must keep the step finite, and a coupling too weak to matter adds no row.
TEST(StepCall, AViscousCouplingWhoseTorqueVanishesStaysFinite) {
    VehicleSpec spec = test::example_car("roadster");
    spec.driveline.rear->type = DifferentialType::Viscous;
    spec.driveline.rear->torque_sensing_ratio = 1.0;
    spec.driveline.rear->torque_sensing_coast_factor = 1.0;
    spec.driveline.rear->locking_torque_limit_nm = 0.0;
    InitialConditions ic;
    ic.gear = 3;
    ic.speed_m_per_s = 20.0;
    for (const double torque_nm : {1e-300, 1e-310, -1e-310, 4.9e-324, 1e-100}) {
        Simulation sim(spec, RoadSpec{}, StepSettings{}, ic);
        Controls c;
        c.gear = 3;
        sim.mutable_state().wheels[RL].spin_rad_per_s += 5.0;  // the outputs apart, so the coupling acts
        sim.mutable_state().last_gearbox_torque_nm = torque_nm;
        sim.mutable_state().gearbox_speed_rad_per_s = 1e-300;
        step_fixed(sim.model(), sim.ground(), c, sim.settings(), sim.mutable_state());
        EXPECT_TRUE(state_is_finite(sim.state())) << "input torque " << torque_nm << " N m";
        EXPECT_TRUE(finite_state(sim.state())) << "input torque " << torque_nm << " N m";
    }
}
