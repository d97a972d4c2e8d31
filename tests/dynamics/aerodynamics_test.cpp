// The step's aerodynamics phase alone (src/dynamics/aerodynamics.hpp): drag against the velocity,
// lift along the body's z axis from the forward speed, each at its device's position.
#include "dynamics/aerodynamics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/aero.hpp"

using namespace tractive;

namespace {

// A car with one drag device and one wing, upright, moving at `velocity`.
struct AeroCar {
    VehicleModel model;
    VehicleState state;
    Mat3 rot = to_matrix(Quat{});
    Vec3 x{1.0, 0.0, 0.0}, z{0.0, 0.0, 1.0};

    explicit AeroCar(const Vec3& velocity) : model(build_vehicle_model(spec())) { state.velocity_m_per_s = velocity; }

    static VehicleSpec spec() {
        VehicleSpec s = load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec;
        s.aero = {AeroDeviceSpec{"body", {0.1, 0.0, 0.3}, 2.0, 0.3, 0.0, 0.0, 1.0},
                  AeroDeviceSpec{"wing", {-1.8, 0.0, 0.6}, 0.0, 0.0, 0.5, -0.8, 1.0}};
        return s;
    }
    void forces(Vec3& force, Vec3& torque) const { detail::aerodynamics({model, rot, x, z}, state, force, torque); }
};

}  // namespace

TEST(AerodynamicsPhase, DragAgainstTheVelocityLiftFromTheForwardSpeed) {
    const double v = 30.0, rho = kSeaLevelAirDensity_kg_per_m3;
    const AeroCar car({v, 0.0, 0.0});
    Vec3 force, torque;
    car.forces(force, torque);
    const double drag = 0.5 * rho * 0.3 * 2.0 * v * v;  // 330.75 N
    const double downforce = 0.5 * rho * 0.8 * 0.5 * v * v;  // 220.5 N
    EXPECT_NEAR(force.x, -drag, 1e-9 * drag);
    EXPECT_NEAR(force.z, -downforce, 1e-9 * downforce);
    // Moments about the body origin (the dry car's centre of mass: the model's device positions are
    // from it): r_k x F_k, the drag acting at the body device, the downforce at the wing.
    const Vec3 expected = cross(car.model.aero_position_m[0], Vec3{-drag, 0.0, 0.0}) +
                          cross(car.model.aero_position_m[1], Vec3{0.0, 0.0, -downforce});
    EXPECT_NEAR(norm(torque - expected), 0.0, 1e-9 * drag);
    EXPECT_LT(torque.y, -0.1 * drag);  // both pitch the nose up: the drag above the centre, the downforce behind it
}

// Driving backwards: the drag still opposes the motion, and the wing gives no lift (lift comes
// from the forward speed only).
TEST(AerodynamicsPhase, BackwardsThereIsDragButNoLift) {
    const AeroCar car({-10.0, 0.0, 0.0});
    Vec3 force, torque;
    car.forces(force, torque);
    EXPECT_GT(force.x, 0.0);
    EXPECT_EQ(force.z, 0.0);
}

// Forces add onto what the step has already summed (the body's weight before, here 1 N).
TEST(AerodynamicsPhase, AddsOntoTheBodysForces) {
    const AeroCar car({20.0, 0.0, 0.0});
    Vec3 force{0.0, 1.0, 0.0}, torque{0.0, 0.0, 2.0};
    car.forces(force, torque);
    Vec3 alone_f, alone_t;
    car.forces(alone_f, alone_t);
    EXPECT_EQ(force.y, 1.0 + alone_f.y);
    EXPECT_EQ(torque.z, 2.0 + alone_t.z);
    EXPECT_EQ(force.x, alone_f.x);
}
