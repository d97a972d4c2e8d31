// The step's chassis correction alone (src/dynamics/chassis_correction.hpp): the suspension's and
// the body contacts' springs and dampers taken implicitly on the chassis' velocity after the rows.
#include "dynamics/chassis_correction.hpp"

#include <gtest/gtest.h>

#include <string>

#include "dynamics/mass_now.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"

using namespace tractive;

namespace {

struct Chassis {
    VehicleModel model = build_vehicle_model(load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec);
    detail::MassNow masses = detail::mass_now(model, 0.0);
    Mat3 rot = to_matrix(Quat{});
    VehicleState state;
    std::array<detail::WheelFrame, 4> frames{};
    detail::BodyContacts body{};
    detail::Bodies bodies{};

    Chassis() {
        // As the explicit phase sets it, upright: 1/m across the body's z axis, 1/m_sprung along it.
        bodies.inv_mass.m[0][0] = bodies.inv_mass.m[1][1] = 1.0 / masses.mass_kg;
        bodies.inv_mass.m[2][2] = 1.0 / masses.sprung_mass_kg;
        for (detail::WheelFrame& f : frames) f.normal = {0.0, 0.0, 1.0};
    }
    void correct() { detail::chassis_correction({model, rot, masses.inertia_body_kgm2, detail::frames_of(frames), body, 0.008}, state, bodies); }
};

}  // namespace

// No spring or damper coupled: the velocities are left exactly as the rows gave them.
TEST(ChassisCorrectionPhase, NothingCoupledChangesNothing) {
    Chassis c;
    c.bodies.v = {10.0, 0.5, -0.3};
    c.bodies.omega = {0.1, 0.2, 0.3};
    c.correct();
    EXPECT_EQ(c.bodies.v, (Vec3{10.0, 0.5, -0.3}));
    EXPECT_EQ(c.bodies.omega, (Vec3{0.1, 0.2, 0.3}));
}

// Four sprung corners: in a steady state (the rows changed nothing, the mounts not moving) no
// correction, so equilibria are the explicit step's; a chassis heading down onto its springs is
// slowed (its vertical speed shrinks, never reverses within the step) and not turned.
TEST(ChassisCorrectionPhase, SpringsSlowAChassisMovingIntoThemAndLeaveASteadyOneAlone) {
    Chassis c;
    for (detail::WheelFrame& f : c.frames) {
        f.chassis_stiffness = 30000.0;
        f.chassis_damping = 3000.0;
    }
    c.correct();
    EXPECT_EQ(c.bodies.v, Vec3{});
    EXPECT_EQ(c.bodies.omega, Vec3{});

    c.state.velocity_m_per_s = {0.0, 0.0, -1.0};
    c.bodies.v = {0.0, 0.0, -1.0};
    c.correct();
    EXPECT_GT(c.bodies.v.z, -1.0);
    EXPECT_LT(c.bodies.v.z, 0.0);
    EXPECT_NEAR(c.bodies.v.x, 0.0, 1e-12);
    EXPECT_LT(norm(c.bodies.omega), 0.05);  // the corners are not quite symmetric about the centre of mass
}
