// The step's body-weight phase alone (src/dynamics/body_weight.hpp).
#include "dynamics/body_weight.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"

using namespace tractive;

namespace {

struct Body {
    VehicleModel model = build_vehicle_model(load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec);
    VehicleState state;
    detail::MassNow masses = detail::mass_now(model, 0.03);
    Vec3 g{0.0, 0.0, -9.80665};

    detail::BodyWeight at(const Quat& attitude) const {
        const Mat3 rot = to_matrix(attitude);
        const Vec3 z{rot.m[0][2], rot.m[1][2], rot.m[2][2]};
        return detail::body_weight({model, rot, z, g, masses}, state);
    }
};

}  // namespace

// Upright, the body carries the sprung mass's weight at its centre; the wheels' weight is along
// the travel, on the wheels themselves.
TEST(BodyWeightPhase, UprightTheBodyCarriesTheSprungWeight) {
    const Body b;
    const detail::BodyWeight w = b.at(Quat{});
    EXPECT_NEAR(w.force_n.z, -9.80665 * b.masses.sprung_mass_kg, 1e-9);
    EXPECT_NEAR(w.force_n.x, 0.0, 1e-12);
    const Vec3 moment = cross(b.masses.sprung_cg_m, b.g * b.masses.sprung_mass_kg);
    EXPECT_NEAR(norm(w.torque_nm - moment), 0.0, 1e-9);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(detail::lane(w.mount_rel, i), b.model.wheels[i].design_position_m);
}

// Rolled 10 degrees, the body also carries the wheels' weight across its z axis: the whole car's
// weight component across the body is m g sin(10 deg).
TEST(BodyWeightPhase, RolledTheBodyCarriesTheWheelsWeightAcross) {
    const Body b;
    const double roll = 10.0 * std::numbers::pi / 180.0;
    const detail::BodyWeight w = b.at(Quat{std::cos(roll / 2.0), std::sin(roll / 2.0), 0.0, 0.0});
    const Mat3 rot = to_matrix(Quat{std::cos(roll / 2.0), std::sin(roll / 2.0), 0.0, 0.0});
    const Vec3 body_y{rot.m[0][1], rot.m[1][1], rot.m[2][1]};
    EXPECT_NEAR(dot(w.force_n, body_y), -b.masses.mass_kg * 9.80665 * std::sin(roll), 1e-9);
}

TEST(BodyWeightPhase, AntiRollTravelIsLeftMinusRight) {
    Body b;
    b.state.wheels[FL].travel_m = 0.03;
    b.state.wheels[FR].travel_m = 0.01;
    b.state.wheels[RL].travel_m = -0.02;
    const detail::BodyWeight w = b.at(Quat{});
    EXPECT_DOUBLE_EQ(w.anti_roll_travel_m[0], 0.02);
    EXPECT_DOUBLE_EQ(w.anti_roll_travel_m[1], -0.02);
}
