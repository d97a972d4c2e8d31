// The step's contact phase alone (src/dynamics/wheel_contact.hpp): a wheel's hub, ground, tyre
// normal force and suspension force from a state, checked against their closed forms.
#include "dynamics/wheel_contact.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <string>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/suspension.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

VehicleSpec roadster() { return load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec; }

struct Placed {
    VehicleModel model;
    VehicleState state;
    Mat3 rot;
    Vec3 body_z;
};

Placed placed(const Ground& ground) {
    Placed p{build_vehicle_model(roadster()), {}, {}, {}};
    p.state = initial_state(p.model, ground, InitialConditions{});
    p.rot = to_matrix(p.state.orientation);
    p.body_z = {p.rot.m[0][2], p.rot.m[1][2], p.rot.m[2][2]};
    return p;
}

// Wheel i's frame and what it puts on the body, out of the four wheels' contact phase.
struct OnBody {
    std::uint32_t ground_feature;
    Vec3 suspension_force_n, suspension_arm, normal_across_n, normal_across_torque_nm;
};
struct Contact {
    detail::WheelFrame frame;
    OnBody on_body;
};

Contact contact(const Placed& p, const Ground& ground, int i) {
    const detail::Vec3Lanes mounts = detail::vec3_lanes_from([&](int j) { return p.rot * p.model.wheels[j].design_position_m; });
    const std::array<double, 2> axle_roll{p.state.wheels[FL].travel_m - p.state.wheels[FR].travel_m,
                                          p.state.wheels[RL].travel_m - p.state.wheels[RR].travel_m};
    detail::WheelFrames frames;
    const detail::WheelContacts on_body =
        detail::wheel_contacts_and_loads({p.model, ground, p.rot, p.body_z, mounts, axle_roll, 0.008}, p.state, frames);
    return {detail::wheel_frame(frames, i),
            {on_body.ground_feature[i], detail::lane(on_body.suspension_force_n, i), detail::lane(on_body.suspension_arm, i),
             detail::lane(on_body.normal_across_n, i), detail::lane(on_body.normal_across_torque_nm, i)}};
}

class NoGround final : public Ground {
public:
    GroundContact wheel_contact(const WheelProbe&) const override { return {}; }
    std::optional<SurfacePoint> surface_at(double, double) const override { return SurfacePoint{}; }
};

// A surface every wheel meets on its top: a ceiling 0.1 radius into the tread, its normal down
// (a car on its roof with a wheel on a hump meets the ground so).
class Ceiling final : public Ground {
public:
    GroundContact wheel_contact(const WheelProbe& w) const override {
        GroundContact c;
        c.found = true;
        c.normal = {0.0, 0.0, -1.0};
        c.hub_height_m = 0.9 * w.radius_m;
        c.point_m = w.hub_m - c.normal * c.hub_height_m;
        c.feature = 7;
        return c;
    }
    std::optional<SurfacePoint> surface_at(double, double) const override { return SurfacePoint{}; }
};

}  // namespace

// At rest on a flat road: each tyre's normal force is its spring on the deflection (radius minus
// the hub's height), the contact lies on the road under the hub, and the four tyres carry the
// car's weight.
TEST(WheelContactPhase, AtRestOnAFlatRoadTheTyresCarryTheCar) {
    const RoadGround road(RoadSpec{});
    const Placed p = placed(road);
    double total_fz = 0.0;
    for (int i = 0; i < 4; ++i) {
        SCOPED_TRACE(i);
        const Contact c = contact(p, road, i);
        const detail::WheelFrame& f = c.frame;
        const WheelModel& wm = p.model.wheels[i];
        EXPECT_NEAR(f.normal.z, 1.0, 1e-12);
        EXPECT_NEAR(f.contact.z, 0.0, 1e-12);
        EXPECT_NEAR(f.contact.x, f.hub.x, 1e-12);
        const double deflection = wm.radius_m - f.hub.z;
        EXPECT_GT(deflection, 0.0);
        EXPECT_NEAR(f.fz, wm.tyre_stiffness_n_per_m * deflection, 1e-9 * f.fz);  // at rest: no damping term
        EXPECT_EQ(f.friction_factor, 1.0);
        // The suspension force acts along the body's z axis, its arm at the wheel's mount.
        EXPECT_NEAR(norm(c.on_body.suspension_force_n - p.body_z * f.suspension_n), 0.0, 1e-9);
        EXPECT_GT(f.suspension_n, 0.0);
        total_fz += f.fz;
    }
    const double weight_n = (p.model.dry_mass_kg + p.state.fuel_volume_m3 * p.model.spec.fuel_tank.density_kg_per_m3) * 9.80665;
    EXPECT_NEAR(total_fz, weight_n, 0.01 * weight_n);
}

// Over no ground: no normal force, the normal the body's z axis, no friction, no feature.
TEST(WheelContactPhase, OverNoGroundTheWheelIsOff) {
    const RoadGround road(RoadSpec{});
    const Placed p = placed(road);
    const NoGround nothing;
    const Contact c = contact(p, nothing, FL);
    EXPECT_EQ(c.frame.fz, 0.0);
    EXPECT_EQ(c.frame.friction_factor, 0.0);
    EXPECT_EQ(c.on_body.ground_feature, kNoGroundFeature);
    EXPECT_NEAR(norm(c.frame.normal - p.body_z), 0.0, 1e-15);
    EXPECT_EQ(norm(c.on_body.normal_across_n), 0.0);
}

// On a 10 % grade: the contact's normal is the road's, and the tyre's force across the travel is
// its normal force's part across the body's z axis.
TEST(WheelContactPhase, OnAGradeTheNormalIsTheRoads) {
    RoadSpec spec;
    spec.grade = 0.1;
    const RoadGround hill(spec);
    const Placed p = placed(hill);
    const Contact c = contact(p, hill, RL);
    const Vec3 n = road_normal(spec);
    EXPECT_NEAR(norm(c.frame.normal - n), 0.0, 1e-12);
    const Vec3 across = (n - p.body_z * dot(n, p.body_z)) * c.frame.fz;
    EXPECT_NEAR(norm(c.on_body.normal_across_n - across), 0.0, 1e-9);
}

// A surface on the wheel's upper side as the suspension sees it (the ground's normal against the
// body's z) is not a tyre contact: the wheel is off, as over no ground. Taken as one, the tyre's
// slip had the spin's sign the wrong way round (the patch above the hub moves forwards as the
// wheel turns) and friction drove the wheel: a car on its roof on the rough ground, one wheel on
// a hump, spun that wheel to 1,557 rad/s and its gearbox past 10,000 rad/s (random driving,
// seed 5000885 with the public cars).
TEST(WheelContactPhase, ASurfaceOnTheWheelsTopIsNoTyreContact) {
    const RoadGround road(RoadSpec{});
    const Placed p = placed(road);
    const Ceiling ceiling;
    for (int i = 0; i < 4; ++i) {
        SCOPED_TRACE(i);
        const Contact c = contact(p, ceiling, i);
        EXPECT_EQ(c.frame.fz, 0.0);
        EXPECT_EQ(c.frame.friction_factor, 0.0);
        EXPECT_NEAR(norm(c.frame.normal - p.body_z), 0.0, 1e-15);
        EXPECT_EQ(norm(c.on_body.normal_across_n), 0.0);
    }
}
