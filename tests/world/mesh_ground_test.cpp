// The triangle-mesh ground against the analytic road, at a kerb, beside a wall, and on bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

#include "support/grounds.hpp"
#include "tractive/world/road_ground.hpp"
#include "tractive/world/mesh_ground.hpp"

using namespace tractive;

using test::wheel_at;

// On a plane the mesh gives what the analytic road gives: the hub's height along the normal, the
// normal, the foot of the perpendicular, wherever the hub is over the grid's triangles, their
// edges or their corners.
TEST(MeshGround, APlaneOfTrianglesIsTheAnalyticRoad) {
    for (const double grade : {0.0, 0.3, -0.15}) {
        RoadSpec road;
        road.grade = grade;
        road.bank_rad = std::atan(0.05);
        const RoadGround analytic(road);
        const MeshGround mesh(test::plane_grid(-20.0, 20.0, -10.0, 10.0, 0.5, grade, 0.05));
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> along(-15.0, 15.0), across(-6.0, 6.0), lift(0.2, 0.29);
        for (int k = 0; k < 2000; ++k) {
            const double x = k < 4 ? 0.5 * k : along(rng), y = k < 4 ? 0.0 : across(rng);  // corners and edges first
            const Vec3 n = analytic.wheel_contact(wheel_at({x, y, 0.0})).normal;
            const Vec3 hub = Vec3{x, y, grade * x + 0.05 * y} + n * lift(rng);
            const GroundContact a = analytic.wheel_contact(wheel_at(hub));
            const GroundContact m = mesh.wheel_contact(wheel_at(hub));
            ASSERT_TRUE(m.found) << x << ", " << y;
            EXPECT_NEAR(m.hub_height_m, a.hub_height_m, 1e-12);
            EXPECT_NEAR(norm(m.normal - a.normal), 0.0, 1e-12);
            EXPECT_NEAR(norm(m.point_m - a.point_m), 0.0, 1e-12);
        }
        const std::optional<SurfacePoint> s = mesh.surface_at(3.3, -1.7);
        ASSERT_TRUE(s);
        EXPECT_NEAR(s->z_m, grade * 3.3 - 0.05 * 1.7, 1e-12);
    }
}

TEST(MeshGround, AWheelOffTheMeshOrAboveItHasNoContact) {
    const MeshGround mesh(test::plane_grid(0.0, 10.0, 0.0, 10.0, 1.0));
    EXPECT_FALSE(mesh.wheel_contact(wheel_at({5.0, 5.0, 0.31})).found);   // a centimetre up
    EXPECT_FALSE(mesh.wheel_contact(wheel_at({-1.0, 5.0, 0.2})).found);   // beside the mesh
    EXPECT_FALSE(mesh.surface_at(-1.0, 5.0));
    const GroundContact sunk = mesh.wheel_contact(wheel_at({5.0, 5.0, -0.1}));  // through the surface
    ASSERT_TRUE(sunk.found);
    EXPECT_NEAR(sunk.hub_height_m, -0.1, 1e-12);
    EXPECT_NEAR(sunk.normal.z, 1.0, 1e-12);
}

// A step of height s: the rim meets its edge at the horizontal distance sqrt(r^2 - (r - s)^2)
// ahead of the hub, as a real wheel's does, and the tyre then pushes along the line from the edge
// to the hub (up and back), not straight up.
TEST(MeshGround, AWheelMeetsAStepAtItsEdge) {
    TriangleMesh m;
    const double s = 0.05, r = 0.3;
    // Lower ground x < 2, a vertical face at x = 2, upper ground x > 2 (z = s).
    m.vertices_m = {{-5, -5, 0}, {2, -5, 0}, {2, 5, 0}, {-5, 5, 0}, {2, -5, s}, {9, -5, s}, {9, 5, s}, {2, 5, s}};
    m.triangles = {{0, 1, 2}, {0, 2, 3}, {4, 5, 6}, {4, 6, 7}, {1, 4, 7}, {1, 7, 2}};
    for (const bool reversed_riser : {false, true}) {
        if (reversed_riser) {  // the riser wound the other way
            m.triangles[4] = {1, 7, 4};
            m.triangles[5] = {1, 2, 7};
        }
        const MeshGround ground(m);
        const double hub_z = r - 0.01;  // 1 cm tyre deflection on the lower ground
        const double touch = std::sqrt(r * r - (hub_z - s) * (hub_z - s));
        // Before the rim reaches the edge: the flat lower ground.
        const GroundContact before = ground.wheel_contact(wheel_at({2.0 - touch - 0.02, 0.0, hub_z}, r));
        ASSERT_TRUE(before.found);
        EXPECT_NEAR(before.normal.z, 1.0, 1e-12);
        EXPECT_NEAR(before.hub_height_m, hub_z, 1e-12);
        // 5 cm past first touch the edge is deeper than the ground: the normal leans back.
        const double x = 2.0 - touch + 0.05;
        const GroundContact on_edge = ground.wheel_contact(wheel_at({x, 0.0, hub_z}, r));
        ASSERT_TRUE(on_edge.found);
        const Vec3 to_hub = Vec3{x, 0.0, hub_z} - Vec3{2.0, 0.0, s};
        EXPECT_NEAR(on_edge.hub_height_m, norm(to_hub), 1e-12);
        EXPECT_NEAR(norm(on_edge.normal - to_hub / norm(to_hub)), 0.0, 1e-12);
        EXPECT_LT(on_edge.normal.x, -0.3) << "pushes the wheel back";
        EXPECT_NEAR(on_edge.point_m.x, 2.0, 1e-12);
        EXPECT_NEAR(on_edge.point_m.z, s, 1e-12);
    }
}

// A wall beside the wheel would touch its sidewall, which the tyre does not carry: no contact.
TEST(MeshGround, AWallBesideTheWheelIsNotATyreContact) {
    TriangleMesh m;
    m.vertices_m = {{-5, 0.2, -1}, {5, 0.2, -1}, {5, 0.2, 2}, {-5, 0.2, 2}};  // the plane y = 0.2
    m.triangles = {{0, 1, 2}, {0, 2, 3}};
    const MeshGround wall(m);
    EXPECT_FALSE(wall.wheel_contact(wheel_at({0.0, 0.0, 0.5})).found);
}

TEST(MeshGround, RefusesMeshesItCannotUse) {
    EXPECT_THROW(MeshGround(TriangleMesh{}), std::invalid_argument);
    TriangleMesh out_of_range;
    out_of_range.vertices_m = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    out_of_range.triangles = {{0, 1, 3}};
    EXPECT_THROW(MeshGround{out_of_range}, std::invalid_argument);
    TriangleMesh flat_triangle = out_of_range;
    flat_triangle.triangles = {{0, 1, 1}};
    EXPECT_THROW(MeshGround{flat_triangle}, std::invalid_argument);
    TriangleMesh nan_vertex = out_of_range;
    nan_vertex.triangles = {{0, 1, 2}};
    nan_vertex.vertices_m[2].z = std::nan("");
    EXPECT_THROW(MeshGround{nan_vertex}, std::invalid_argument);
    try {
        MeshGround{out_of_range};
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("triangle 1 names vertex 4 of 3"), std::string::npos) << e.what();
    }
}

// VDrift's surfaces: the friction a tyre gets is its tread's blend of the road-tyre and
// off-road-tyre factors; the rolling resistance factor is the surface's.
TEST(MeshGround, TheSurfaceUnderTheWheelGivesItsFriction) {
    TriangleMesh m = test::plane_grid(0.0, 10.0, 0.0, 10.0, 1.0);
    m.surfaces = {GroundSurface{"asphalt", 1.0, 0.9, 1.0}, GroundSurface{"grass", 0.6, 0.8, 4.0}};
    m.surface_of_triangle.assign(m.triangles.size(), 0);
    for (std::size_t t = 0; t < m.triangles.size(); ++t) {
        if (m.vertices_m[m.triangles[t][0]].x >= 5.0) m.surface_of_triangle[t] = 1;  // grass for x > 5
    }
    const MeshGround ground(m);
    WheelProbe w = wheel_at({7.3, 4.6, 0.28});
    w.tread = 0.25;
    const GroundContact grass = ground.wheel_contact(w);
    ASSERT_TRUE(grass.found);
    EXPECT_NEAR(grass.friction_factor, 0.6 + 0.25 * (0.8 - 0.6), 1e-15);
    EXPECT_EQ(grass.rolling_resistance_factor, 4.0);
    w.hub_m.x = 2.2;
    EXPECT_NEAR(ground.wheel_contact(w).friction_factor, 1.0 + 0.25 * (0.9 - 1.0), 1e-15);
}

// Two layers (a bridge over a road): surface_at gives the upper one.
TEST(MeshGround, SurfaceAtGivesTheHighestSurface) {
    TriangleMesh m = test::plane_grid(0.0, 10.0, 0.0, 10.0, 2.0);
    const auto base = static_cast<std::uint32_t>(m.vertices_m.size());
    m.vertices_m.insert(m.vertices_m.end(), {{2, 2, 5}, {8, 2, 5}, {8, 8, 5}, {2, 8, 5}});
    m.triangles.push_back({base, base + 1, base + 2});
    m.triangles.push_back({base, base + 2, base + 3});
    const MeshGround ground(m);
    EXPECT_NEAR(ground.surface_at(5.0, 5.0)->z_m, 5.0, 1e-12);
    EXPECT_NEAR(ground.surface_at(1.0, 5.0)->z_m, 0.0, 1e-12);
}
