// The step's integration phase alone (src/dynamics/integrate.hpp): positions, orientation, spins,
// suspension travel, fuel and stall from the solve's velocities.
#include "dynamics/integrate.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

constexpr double kH = 0.008;

struct Rig {
    VehicleModel model;
    VehicleState state;
    detail::Bodies bodies;
    detail::Vec3Lanes mount_rel{};
    std::array<detail::WheelFrame, 4> frames{};  // every wheel off the ground, no suspension force
    EngineTorque engine_torque{};
    Vec3 body_z{0.0, 0.0, 1.0};
    Vec3 g_vec{0.0, 0.0, -9.80665};
    Vec3 v_before, w_before;

    Rig() : model(build_vehicle_model(load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec)) {
        state = initial_state(model, RoadGround(RoadSpec{}), InitialConditions{});
        state.engine_running = true;
        mount_rel = detail::vec3_lanes_from([&](int i) { return model.wheels[i].design_position_m; });
        for (auto& f : frames) f.normal = body_z;
        bodies.w[detail::kEngine] = 2000.0 * kRadPerSecPerRpm;
        bodies.w[detail::kGearbox] = bodies.w[detail::kEngine];
    }
    void integrate(double rpm = 2000.0, double throttle = 0.0) {
        detail::integrate_state({model, kH, body_z, g_vec, bodies, v_before, w_before, mount_rel, detail::frames_of(frames), engine_torque, rpm, throttle}, state);
    }
};

}  // namespace

// Semi-implicit Euler: the position moves by the new velocity times h, the orientation turns with
// the new angular velocity, the acceleration is the velocity's change over h, the time advances.
TEST(IntegratePhase, BodyKinematics) {
    Rig s;
    const Vec3 start = s.state.position_m;
    const double t0 = s.state.time_s;
    s.v_before = {10.0, 0.0, 0.0};
    s.bodies.v = {10.5, 0.2, 0.0};
    s.bodies.omega = {0.0, 0.0, 0.5};
    s.integrate();
    EXPECT_NEAR(s.state.position_m.x, start.x + 10.5 * kH, 1e-12);
    EXPECT_NEAR(s.state.position_m.y, start.y + 0.2 * kH, 1e-12);
    EXPECT_NEAR(s.state.acceleration_m_per_s2.x, 0.5 / kH, 1e-9);
    // The orientation's first-order update, normalised, turns by 2 atan(|w| h / 2) (core/quat.hpp).
    EXPECT_NEAR(euler_zyx(s.state.orientation).yaw, 2.0 * std::atan(0.5 * kH / 2.0), 1e-15);
    EXPECT_EQ(s.state.time_s, t0 + kH);
    EXPECT_EQ(s.state.engine_speed_rad_per_s, s.bodies.w[detail::kEngine]);
}

// A wheel's spin angle advances by its speed times h and stays in [0, 2 pi), backwards too.
TEST(IntegratePhase, SpinAnglesWrap) {
    Rig s;
    s.state.wheels[FL].spin_angle_rad = 2.0 * std::numbers::pi - 0.01;
    s.bodies.w[detail::kWheel0 + 0] = 5.0;     // +0.04 rad: past a turn
    s.state.wheels[RR].spin_angle_rad = 0.01;
    s.bodies.w[detail::kWheel0 + 3] = -5.0;    // -0.04 rad: below zero
    s.integrate();
    EXPECT_NEAR(s.state.wheels[FL].spin_angle_rad, 0.03, 1e-12);
    EXPECT_NEAR(s.state.wheels[RR].spin_angle_rad, 2.0 * std::numbers::pi - 0.03, 1e-12);
    EXPECT_EQ(s.state.wheels[FL].spin_rad_per_s, 5.0);
}

// A wheel off the ground with no suspension force falls freely along the body's z axis (the body
// not accelerating): its travel speed changes by g h, and its travel stops at the droop limit.
TEST(IntegratePhase, AWheelInTheAirFallsToItsDroopLimit) {
    Rig s;
    for (auto& w : s.state.wheels) w.travel_speed_m_per_s = 0.0;
    const double travel0 = s.state.wheels[RL].travel_m;
    s.integrate();
    EXPECT_NEAR(s.state.wheels[RL].travel_speed_m_per_s, -9.80665 * kH, 1e-9);
    EXPECT_NEAR(s.state.wheels[RL].travel_m, travel0 - 9.80665 * kH * kH, 1e-12);
    for (int k = 0; k < 200; ++k) s.integrate();
    EXPECT_EQ(s.state.wheels[RL].travel_m, s.model.wheels[RL].droop_limit_m);
    EXPECT_GE(s.state.wheels[RL].travel_speed_m_per_s, 0.0);
}

// The tyre's contact is decided at the step's end: the travel speed of the start's branch (in
// contact or not) is kept unless its end force says otherwise and the other branch's agrees with
// the other. A wheel pressed lightly on the road (linear force F, no springs in the frame, the
// body at rest, n along z) has end force E(v) = F - k_t h v - c_t (v - v0) after travel speed v;
// free, v = v0 + h g; in contact, v = v0 + h (F / m + g). Its start speed v0 is set so that E of
// the free branch is e: with G the two branches' gap in E, e = G / 2 leaves both branches
// inconsistent (the start's kept), e = -G / 2 both off the road, e = 3 G / 2 both on it.
TEST(IntegratePhase, TheTyresContactIsDecidedAtTheStepsEnd) {
    struct Case {
        bool in_contact_at_start;
        double e_in_gaps;
        bool contact_branch;
    };
    for (const Case c : {Case{true, 0.5, true}, Case{false, 0.5, false}, Case{true, -0.5, false}, Case{false, 1.5, true}}) {
        Rig s;
        const WheelModel& wm = s.model.wheels[FL];
        const double k_t = wm.tyre_stiffness_n_per_m, c_t = wm.tyre_damping_ns_per_m;
        const double mass = 1.0 / wm.inverse_unsprung_mass_per_kg, g = s.g_vec.z, f = 100.0;
        const double gap = (k_t * kH + c_t) * kH * f / mass;
        const double e = c.e_in_gaps * gap;
        const double v0 = (f - c_t * kH * g - e) / (k_t * kH) - kH * g;
        s.frames[FL].fz = c.in_contact_at_start ? f : 0.0;
        s.frames[FL].fz_linear = f;
        s.state.wheels[FL].travel_speed_m_per_s = v0;
        s.integrate();
        const double expected = c.contact_branch ? v0 + kH * (f / mass + g) : v0 + kH * g;
        EXPECT_NEAR(s.state.wheels[FL].travel_speed_m_per_s, expected, 1e-12 * std::abs(v0))
            << "start " << (c.in_contact_at_start ? "in contact" : "off") << ", e = " << c.e_in_gaps << " G";
    }
}

// The engine burns fuel while it runs (the roadster's rpm-throttle law: c x rpm x throttle x h)
// and stops below its stall speed.
TEST(IntegratePhase, FuelAndStall) {
    Rig s;
    const double fuel0 = s.state.fuel_volume_m3;
    s.integrate(3000.0, 0.5);
    EXPECT_NEAR(fuel0 - s.state.fuel_volume_m3, s.model.spec.engine.fuel_consumption_m3_per_rpm_s * 3000.0 * 0.5 * kH, 1e-17);  // (to the rounding of the tank's 0.045 m^3)
    EXPECT_TRUE(s.state.engine_running);
    s.bodies.w[detail::kEngine] = 0.5 * s.model.spec.engine.stall_rpm * kRadPerSecPerRpm;
    s.integrate();
    EXPECT_FALSE(s.state.engine_running);
    const double fuel_stalled = s.state.fuel_volume_m3;
    s.integrate(3000.0, 1.0);
    EXPECT_EQ(s.state.fuel_volume_m3, fuel_stalled);  // a stopped engine burns nothing
}
