// The step's explicit phase alone (src/dynamics/external_forces.hpp): the bodies' velocities after
// the external forces, the inverse masses and inertias, the implicit gyroscopic term.
#include "dynamics/external_forces.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"

using namespace tractive;

namespace {

struct Car {
    VehicleModel model = build_vehicle_model(load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec);
    detail::MassNow masses = detail::mass_now(model, 0.0);
    VehicleState state;
    Mat3 rot = to_matrix(Quat{});
    Vec3 z{0.0, 0.0, 1.0};
    EngineTorque engine{};

    detail::Bodies after(const Vec3& force, const Vec3& torque, double h = 0.008) const {
        detail::Bodies b;
        detail::velocities_after_external_forces({model, rot, z, masses, force, torque, engine, h}, state, b);
        return b;
    }
};

}  // namespace

// A force moves the chassis by F h / m across its z axis and by F h / m_sprung along it (the
// unsprung masses ride on the tyres); a torque turns it by I^-1 T h; the engine's drive torque
// turns the crank; the wheels keep their spin.
TEST(ExternalForcesPhase, ImpulsesOverTheMassesAndInertias) {
    Car car;
    car.state.velocity_m_per_s = {10.0, 0.0, 0.0};
    car.state.wheels[2].spin_rad_per_s = 33.0;
    car.engine.drive_nm = 150.0;
    const double h = 0.008, m = car.masses.mass_kg, ms = car.masses.sprung_mass_kg;
    ASSERT_LT(ms, m);
    const detail::Bodies b = car.after({1000.0, 0.0, 2000.0}, {0.0, 0.0, 300.0}, h);
    EXPECT_NEAR(b.v.x, 10.0 + 1000.0 * h / m, 1e-12);
    EXPECT_NEAR(b.v.z, 2000.0 * h / ms, 1e-12);
    const Vec3 turn = inverse(car.masses.inertia_body_kgm2) * Vec3{0.0, 0.0, 300.0 * h};
    EXPECT_NEAR(norm(b.omega - turn), 0.0, 1e-12);
    EXPECT_NEAR(b.w[detail::kEngine], 150.0 * h / car.model.engine_inertia_kgm2, 1e-12);
    EXPECT_EQ(b.w[detail::kWheel0 + 2], 33.0);
    EXPECT_EQ(b.inv_i[detail::kWheel0 + 2], 1.0 / car.model.wheels[2].spin_inertia_kgm2);
}

// Torque-free tumbling about an axis off the principal ones (h |w| = 0.09): the implicit
// gyroscopic term never adds kinetic energy (backward Euler takes some away), where the explicit
// term, w' = w - I^-1 h (w x I w), gains it step after step.
TEST(ExternalForcesPhase, TorqueFreeTumblingGainsNoEnergy) {
    Car car;
    car.state.angular_velocity_rad_per_s = {6.0, 9.0, 4.0};
    const Mat3& inertia = car.masses.inertia_body_kgm2;
    const auto energy = [&](const Vec3& w) { return 0.5 * dot(w, inertia * w); };
    const double before = energy(car.state.angular_velocity_rad_per_s);
    Vec3 explicit_w = car.state.angular_velocity_rad_per_s;
    double highest = 0.0;
    for (int k = 0; k < 1000; ++k) {  // body axes held (rot = I)
        car.state.angular_velocity_rad_per_s = car.after({}, {}).omega;
        highest = std::max(highest, energy(car.state.angular_velocity_rad_per_s));
        explicit_w = explicit_w - inverse(inertia) * (cross(explicit_w, inertia * explicit_w) * 0.008);
    }
    EXPECT_LE(highest, before * (1.0 + 1e-12));
    EXPECT_GT(energy(explicit_w), 1.5 * before);
}
