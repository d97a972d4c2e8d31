// Ground::spheres_clear, which lets the step skip asking about a car body's points: on every
// built-in ground, "clear" only where wheel_contact finds none of the spheres touching, and clear
// often enough to be worth asking (on the road plane exactly where none touches). And
// Ground::plane, with which the step takes the body's points at once: the road's plane gives
// every point's wheel_contact height; the grounds that are not one plane give none.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include "support/grounds.hpp"
#include "tractive/io/obj_reader.hpp"
#include "tractive/world/framed_ground.hpp"
#include "tractive/world/road_ground.hpp"

namespace tractive {
namespace {

constexpr double kRadius_m = 0.05;  // the step's body point

bool touches(const Ground& ground, const Vec3& centre) {
    WheelProbe probe;  // a body point: a sphere with no axle
    probe.hub_m = centre;
    probe.up = {0.0, 0.0, 1.0};
    probe.radius_m = kRadius_m;
    const GroundContact c = ground.wheel_contact(probe);
    return c.found && kRadius_m - c.hub_height_m > 0.0;
}

// A rough field: random heights (0.25 m apart, up to 0.3 m high) over 10 m x 6 m.
Heightfield rough_field() {
    Heightfield f;
    f.columns = 41;
    f.rows = 25;
    f.origin_x_m = -5.0;
    f.origin_y_m = -3.0;
    f.spacing_x_m = f.spacing_y_m = 0.25;
    std::mt19937_64 random(5);
    std::uniform_real_distribution<double> height(0.0, 0.3);
    for (std::uint32_t k = 0; k < f.columns * f.rows; ++k) f.heights_m.push_back(height(random));
    return f;
}

// The same samples as a mesh (each cell's two triangles, split as the field splits it).
TriangleMesh mesh_of(const Heightfield& f) {
    TriangleMesh m;
    for (std::uint32_t j = 0; j < f.rows; ++j)
        for (std::uint32_t i = 0; i < f.columns; ++i)
            m.vertices_m.push_back({f.origin_x_m + i * f.spacing_x_m, f.origin_y_m + j * f.spacing_y_m, f.heights_m[j * f.columns + i]});
    const auto at = [&](std::uint32_t i, std::uint32_t j) { return j * f.columns + i; };
    for (std::uint32_t j = 0; j + 1 < f.rows; ++j) {
        for (std::uint32_t i = 0; i + 1 < f.columns; ++i) {
            m.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
            m.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
        }
    }
    return m;
}

struct Tally {
    int sets = 0, clear = 0, single_clear = 0, single_apart = 0;
    int wrongly_clear = 0;  // said clear where a sphere touches
};

// Random sets of eight spheres over [x0, x1] x [y0, y1] (some beyond the ground's edge, where
// they are placed about `top_m`), from 0.2 m below to 0.4 m above the surface under each: where
// the ground says clear, none may touch. Half the sets are at least 6 cm clear of the surface
// straight below (a car on its wheels, whose body is above the ground). One sphere at a time
// too, to see how close "clear" comes to "not touching".
Tally expect_clear_only_where_nothing_touches(const Ground& ground, double x0, double x1, double y0, double y1, double top_m) {
    std::mt19937_64 random(11);
    std::uniform_real_distribution<double> x(x0, x1), y(y0, y1), low(-0.2, 0.4), high(kRadius_m + 0.01, 0.4);
    Tally t;
    for (int trial = 0; trial < 3000; ++trial) {
        std::array<Vec3, 8> centres;
        for (Vec3& c : centres) {
            c = {x(random), y(random), 0.0};
            const std::optional<SurfacePoint> under = ground.surface_at(c.x, c.y);
            c.z = (under ? under->z_m : top_m) + (trial % 2 == 0 ? high(random) : low(random));
        }
        ++t.sets;
        if (ground.spheres_clear(centres, kRadius_m)) {
            ++t.clear;
            for (const Vec3& c : centres) {
                if (!touches(ground, c)) continue;
                ++t.wrongly_clear;
                ADD_FAILURE() << "said clear, but (" << c.x << ", " << c.y << ", " << c.z << ") touches";
            }
        }
        for (const Vec3& c : centres) {
            const bool clear = ground.spheres_clear(std::span<const Vec3>(&c, 1), kRadius_m);
            t.single_clear += clear ? 1 : 0;
            t.single_apart += touches(ground, c) ? 0 : 1;
            if (clear && touches(ground, c)) ++t.wrongly_clear;
        }
    }
    return t;
}

TEST(SpheresClear, TheRoadPlaneIsClearExactlyWhereNoSphereTouches) {
    RoadSpec road;
    road.grade = 0.08;
    road.bank_rad = std::atan(0.05);
    const RoadGround ground(road);
    const Tally t = expect_clear_only_where_nothing_touches(ground, -50.0, 50.0, -5.0, 5.0, 0.0);
    std::printf("road: %d of %d sets clear; %d spheres clear, %d not touching\n", t.clear, t.sets, t.single_clear, t.single_apart);
    EXPECT_EQ(t.wrongly_clear, 0);
    EXPECT_EQ(t.single_clear, t.single_apart);
    EXPECT_GT(t.clear, 100);
}

TEST(SpheresClear, TheRoadsPlaneGivesEveryBodyPointsContactHeight) {
    RoadSpec road;
    road.grade = 0.08;
    road.bank_rad = std::atan(0.05);
    const RoadGround ground(road);
    const std::optional<GroundPlane> plane = ground.plane();
    ASSERT_TRUE(plane.has_value());
    EXPECT_NEAR(norm(plane->normal), 1.0, 1e-15);
    std::mt19937_64 random(3);
    std::uniform_real_distribution<double> x(-500.0, 500.0), y(-20.0, 20.0), z(-50.0, 50.0);
    for (int k = 0; k < 1000; ++k) {
        WheelProbe probe;  // a body point: a sphere with no axle
        probe.hub_m = {x(random), y(random), z(random)};
        probe.up = {0.0, 0.0, 1.0};
        probe.radius_m = kRadius_m;
        const GroundContact c = ground.wheel_contact(probe);
        ASSERT_TRUE(c.found);
        EXPECT_EQ(dot(probe.hub_m - plane->point_m, plane->normal), c.hub_height_m);
        EXPECT_EQ(plane->normal.z, c.normal.z);
    }
}

TEST(SpheresClear, GroundsThatAreNotOnePlaneGiveNone) {
    const Heightfield field = rough_field();
    EXPECT_FALSE(HeightfieldGround(field).plane().has_value());
    EXPECT_FALSE(MeshGround(mesh_of(field)).plane().has_value());
    // A framed road is a plane too, but FramedGround does not pass the plane on (through its
    // frame the heights would round otherwise than its wheel_contact's): none, asked point by point.
    const auto road = std::make_shared<RoadGround>(RoadSpec{});
    EXPECT_FALSE(FramedGround(road, 10.0, 5.0, 0.3).plane().has_value());
}

TEST(SpheresClear, AFieldAndItsMeshAreClearOnlyWhereNoSphereTouches) {
    const Heightfield field = rough_field();
    const HeightfieldGround heights(field);
    const MeshGround mesh(mesh_of(field));
    for (const Ground* ground : {static_cast<const Ground*>(&heights), static_cast<const Ground*>(&mesh)}) {
        const Tally t = expect_clear_only_where_nothing_touches(*ground, -6.0, 6.0, -4.0, 4.0, 0.3);
        std::printf("%s: %d of %d sets clear; %d spheres clear, %d not touching\n", ground == &heights ? "field" : "mesh", t.clear, t.sets,
                    t.single_clear, t.single_apart);
        EXPECT_EQ(t.wrongly_clear, 0);
        // (Over bumps of up to 0.3 m every 0.25 m a set 6 cm above the surface under each point
        // often has a higher sample within reach of one: not clear, so asked.)
        EXPECT_GT(t.clear, 200);
        EXPECT_GT(t.single_clear, t.single_apart / 2);
    }
}

TEST(SpheresClear, AShippedMeshAndAFramedGroundAreClearOnlyWhereNoSphereTouches) {
    const auto mesh = std::make_shared<MeshGround>(read_obj(std::string(TRACTIVE_EXAMPLE_CARS) + "/../grounds/test_piece.obj"));
    const Vec3 lo = mesh->lower_corner_m(), hi = mesh->upper_corner_m();
    const Tally t = expect_clear_only_where_nothing_touches(*mesh, lo.x - 1.0, hi.x + 1.0, lo.y - 1.0, hi.y + 1.0, hi.z);
    std::printf("test_piece.obj: %d of %d sets clear\n", t.clear, t.sets);
    EXPECT_EQ(t.wrongly_clear, 0);
    EXPECT_GT(t.clear, 100);
    // The same mesh seen from a frame turned 30 deg and moved (a start pose on a ground).
    const FramedGround framed(mesh, 0.5 * (lo.x + hi.x), 0.5 * (lo.y + hi.y), 0.5236);
    const double reach = norm(hi - lo) / 2.0 + 1.0;
    const Tally f = expect_clear_only_where_nothing_touches(framed, -reach, reach, -reach, reach, hi.z);
    std::printf("framed: %d of %d sets clear\n", f.clear, f.sets);
    EXPECT_EQ(f.wrongly_clear, 0);
    EXPECT_GT(f.clear, 1000);
}

}  // namespace
}  // namespace tractive
