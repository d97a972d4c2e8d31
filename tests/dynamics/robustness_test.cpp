// Determinism, and no NaN or blow-up under random controls (rapidcheck).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstring>

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
        EXPECT_GT(top_speed, 5.0) << name << ": the script drives somewhere";
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
