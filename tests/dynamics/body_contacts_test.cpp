// The step's body-contact phase alone (src/dynamics/body_contacts.hpp): the body's points against
// the ground, as small spheres with no axle, their forces and their couplings for the chassis.
#include "dynamics/body_contacts.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>
#include <string>

#include "dynamics/mass_now.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/body_contact.hpp"
#include "tractive/world/mesh_ground.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

// The roadster turned by `roll_rad` about x, its centre of mass `height_m` above a level ground,
// at rest, its wheels off the ground.
struct RolledCar {
    VehicleModel model = build_vehicle_model(load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec);
    VehicleState state;
    Mat3 rot;
    Vec3 z;
    detail::MassNow masses = detail::mass_now(model, 0.0);
    std::array<detail::WheelFrame, 4> frames{};

    RolledCar(double roll_rad, double height_m) {
        state.orientation = axis_angle({1.0, 0.0, 0.0}, roll_rad);
        state.position_m = {0.0, 0.0, height_m};
        rot = to_matrix(state.orientation);
        z = {rot.m[0][2], rot.m[1][2], rot.m[2][2]};
    }
    // The lowest point's depth below z = 0 when the centre of mass is at z = 0.
    [[nodiscard]] double lowest_point_m() const {
        double lowest = 1e9;
        for (std::size_t k = 0; k < model.body_contact_count; ++k) lowest = std::min(lowest, (rot * model.body_contact_m[k]).z);
        return lowest;
    }
    detail::BodyContacts touch(const Ground& ground, Vec3& force, Vec3& torque) const {
        detail::BodyContacts out;
        detail::body_contacts({model, ground, rot, z, detail::frames_of(frames), masses, 0.008}, state, force, torque, out);
        return out;
    }
};

TriangleMesh plate() {
    TriangleMesh m;
    m.vertices_m = {{-20.0, -20.0, 0.0}, {20.0, -20.0, 0.0}, {20.0, 20.0, 0.0}, {-20.0, 20.0, 0.0}};
    m.triangles = {{0, 1, 2}, {0, 2, 3}};
    return m;
}

}  // namespace

// Upside down and on its side, 1 cm into the road, on the analytic road and a mesh alike: the
// lowest points touch, each pushes up by the contact law's k d, the moment is the forces' about
// the body origin, and each touching point is a coupling along the ground's normal.
TEST(BodyContactsPhase, TheLowestPointsPushUpOnEveryGround) {
    const RoadGround road{RoadSpec{}};
    const MeshGround mesh{plate()};
    for (const double roll : {std::numbers::pi, std::numbers::pi / 2.0}) {
        const RolledCar probe(roll, 0.0);
        const RolledCar car(roll, -probe.lowest_point_m() + 0.04);  // the lowest 5 cm spheres 1 cm into the ground
        const BodyContactLaw law = body_contact_law(car.masses.mass_kg);
        for (const Ground* ground : {static_cast<const Ground*>(&road), static_cast<const Ground*>(&mesh)}) {
            SCOPED_TRACE(fmt::format("roll {:.2f} on the {}", roll, ground == &road ? "road" : "mesh"));
            Vec3 force{}, torque{};
            const detail::BodyContacts out = car.touch(*ground, force, torque);
            ASSERT_GE(out.couplings.size(), 2u);
            EXPECT_NEAR(force.z, static_cast<double>(out.couplings.size()) * law.stiffness_n_per_m * 0.01, 1e-6 * force.z);
            EXPECT_NEAR(force.x, 0.0, 1e-9);
            Vec3 moment{};
            for (std::size_t k = 0; k < out.couplings.size(); ++k) {
                EXPECT_NEAR(out.couplings[k].normal.z, 1.0, 1e-12);
                EXPECT_EQ(out.couplings[k].stiffness_n_per_m, law.stiffness_n_per_m);
                moment += cross(out.couplings[k].mount_m, Vec3{0.0, 0.0, law.stiffness_n_per_m * 0.01});
            }
            EXPECT_NEAR(norm(torque - moment), 0.0, 1e-6 * norm(force) + 1e-9);
        }
    }
}

// Upright and high, or on its wheels: nothing touches, nothing is added.
TEST(BodyContactsPhase, AFloatingCarTouchesNothing) {
    const RolledCar car(0.0, 2.0);
    Vec3 force{1.0, 2.0, 3.0}, torque{4.0, 5.0, 6.0};
    const detail::BodyContacts out = car.touch(RoadGround{RoadSpec{}}, force, torque);
    EXPECT_EQ(out.couplings.size(), 0u);
    EXPECT_EQ(force, (Vec3{1.0, 2.0, 3.0}));
    EXPECT_EQ(torque, (Vec3{4.0, 5.0, 6.0}));
}

// Tilted any way short of upside down and lowered past touching, the phase finds every point whose
// sphere reaches into a level road, however its check for an upright car well above the road
// (the points' lowest height bounded from the model) would have it: each point counts exactly
// when its height is below its radius.
TEST(BodyContactsPhase, EveryTouchingPointIsFoundAtAnyTilt) {
    const RoadGround road{RoadSpec{}};
    int touching_cases = 0;
    for (const double roll : {0.0, 0.3, 0.8, 1.3}) {
        for (const double pitch : {0.0, -0.4, 0.9}) {
            RolledCar car(roll, 0.0);
            car.state.orientation = axis_angle({1.0, 0.0, 0.0}, roll) * axis_angle({0.0, 1.0, 0.0}, pitch);
            car.rot = to_matrix(car.state.orientation);
            car.z = {car.rot.m[0][2], car.rot.m[1][2], car.rot.m[2][2]};
            const double lowest = car.lowest_point_m();
            for (const double above : {-0.031, 0.013, 0.047, 0.071, 0.2}) {
                car.state.position_m = {0.0, 0.0, -lowest + above};
                std::size_t expected = 0;
                for (std::size_t k = 0; k < car.model.body_contact_count; ++k)
                    expected += car.state.position_m.z + (car.rot * car.model.body_contact_m[k]).z < 0.05 ? 1 : 0;
                Vec3 force{}, torque{};
                const detail::BodyContacts out = car.touch(road, force, torque);
                EXPECT_EQ(out.couplings.size(), expected) << "roll " << roll << ", pitch " << pitch << ", lowest point " << above << " m up";
                touching_cases += expected > 0 ? 1 : 0;
            }
        }
    }
    EXPECT_GE(touching_cases, 24);  // (the lowered cases touch: the check is not vacuous)
}

// A body's sphere meets the ground at the surface under its centre, and that is where its force
// acts and its coupling mounts: with a file's 0.3 m spheres the centre lies 0.29 m above the
// road, and friction at the centre would turn the body by 0.29 m times the friction less.
TEST(BodyContactsPhase, ALargeSphereActsWhereItMeetsTheGround) {
    VehicleSpec spec = load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec;
    spec.body_spheres = {{{1.5, 0.5, 0.6}, 0.3}, {{1.5, -0.5, 0.6}, 0.3}, {{-1.5, 0.5, 0.6}, 0.3}, {{-1.5, -0.5, 0.6}, 0.3}};
    const VehicleModel model = build_vehicle_model(spec);
    VehicleState state;
    state.orientation = axis_angle({1.0, 0.0, 0.0}, std::numbers::pi);  // upside down
    const Mat3 rot = to_matrix(state.orientation);
    double lowest = 1e9;
    for (std::size_t k = 0; k < 4; ++k) lowest = std::min(lowest, (rot * model.body_contact_m[k]).z - model.body_contact_radius_m[k]);
    state.position_m = {0.0, 0.0, -lowest - 0.01};  // the four spheres 1 cm into the road
    state.velocity_m_per_s = {0.0, 1.0, 0.0};       // sliding sideways
    const Vec3 z{rot.m[0][2], rot.m[1][2], rot.m[2][2]};
    const detail::MassNow masses = detail::mass_now(model, 0.0);
    std::array<detail::WheelFrame, 4> frames{};
    detail::BodyContacts out;
    Vec3 force{}, torque{};
    detail::body_contacts({model, RoadGround{RoadSpec{}}, rot, z, detail::frames_of(frames), masses, 0.008}, state, force, torque, out);
    ASSERT_EQ(out.couplings.size(), 4u);
    Vec3 moment{};
    for (std::size_t k = 0; k < 4; ++k) {
        EXPECT_NEAR((state.position_m + out.couplings[k].mount_m).z, 0.0, 1e-12) << k;  // on the road, not 0.29 m up
    }
    EXPECT_LT(force.y, 0.0);  // friction against the sliding
    // The moment about the body origin: each sphere's force at its point on the road.
    for (std::size_t k = 0; k < 4; ++k) moment += cross(out.couplings[k].mount_m, force * 0.25);
    EXPECT_NEAR(norm(torque - moment), 0.0, 1e-6 * norm(torque));
}
