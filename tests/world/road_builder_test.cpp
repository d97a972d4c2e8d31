// Roads built from a centreline (UC-win/Road's way): geometry, vertical curves, banking, errors.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "tractive/world/road_builder.hpp"
#include "tractive/world/mesh_ground.hpp"

using namespace tractive;

namespace {
constexpr double kPi = std::numbers::pi;
}

// A straight whose grade goes from 0 to 20 % over 80 m rises g1 L / 2 = 8 m, then climbs at 20 %.
TEST(RoadBuilder, AGradeThatChangesIsAVerticalCurve) {
    RoadDescription r;
    r.sections = {{80.0, 0.0, 0.2, 0.0, {}}, {100.0, 0.0, 0.2, 0.0, {}}};
    const MeshGround ground(build_road_mesh(r));
    EXPECT_NEAR(ground.surface_at(40.0, 0.0)->z_m, 0.2 * 40.0 * 40.0 / 160.0, 1e-9);  // g1 s^2 / (2 L)
    EXPECT_NEAR(ground.surface_at(80.0, 0.0)->z_m, 8.0, 1e-9);
    EXPECT_NEAR(ground.surface_at(130.0, 2.0)->z_m, 8.0 + 0.2 * 50.0, 1e-9);
    const Vec3 n = ground.surface_at(130.0, 0.0)->normal;
    EXPECT_NEAR(-n.x / n.z, 0.2, 1e-12) << "20 % along the road";
}

// A quarter circle to the left of radius 50 m ends at (50, 50) heading +y; banked at 10 degrees
// its left edge is tan(10 deg) w / 2 above the centreline.
TEST(RoadBuilder, ArcsEndWhereTheirCircleDoesAndBankRaisesTheLeftEdge) {
    RoadDescription r;
    r.width_m = 10.0;
    r.verge_m = 0.0;
    r.step_m = 0.5;
    r.start_bank_rad = 10.0 * kPi / 180.0;
    r.sections = {{50.0 * kPi / 2.0, 50.0, 0.0, 10.0 * kPi / 180.0, {}}, {20.0, 0.0, 0.0, 10.0 * kPi / 180.0, {}}};
    const TriangleMesh mesh = build_road_mesh(r);
    const MeshGround ground(mesh);
    // The centreline after the arc, 10 m into the straight: x = 50 - 0 (left of heading +y is -x).
    EXPECT_NEAR(ground.surface_at(50.0, 60.0)->z_m, 0.0, 1e-9);
    EXPECT_NEAR(ground.surface_at(50.0 - 4.0, 60.0)->z_m, 4.0 * std::tan(10.0 * kPi / 180.0), 1e-9);  // left of +y is -x
    EXPECT_FALSE(ground.surface_at(50.0 - 5.5, 60.0)) << "beyond the paved 5 m and no verge";
    // Chord points on the arc's centreline: within the chord's sagitta (step^2 / 8 R) of the circle.
    const double a = kPi / 6.0;
    const auto on_arc = ground.surface_at(50.0 * std::sin(a), 50.0 - 50.0 * std::cos(a));
    ASSERT_TRUE(on_arc);
    EXPECT_NEAR(on_arc->z_m, 0.0, 5.0 * std::tan(10.0 * kPi / 180.0) * 0.5 * 0.5 / (8.0 * 50.0) + 1e-9);
}

TEST(RoadBuilder, RefusesRoadsItCannotBuild) {
    RoadDescription none;
    EXPECT_THROW(build_road_mesh(none), std::invalid_argument);
    RoadDescription tight;
    tight.width_m = 8.0;
    tight.verge_m = 4.0;
    tight.sections = {{10.0, 7.9, 0.0, 0.0, {}}};
    try {
        build_road_mesh(tight);
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()), "road section 1: radius_m 7.9 must exceed the half width plus verge, 8 m");
    }
    RoadDescription steep;
    steep.sections = {{10.0, 0.0, 1.5, 0.0, {}}};
    EXPECT_THROW(build_road_mesh(steep), std::invalid_argument);
    RoadDescription banked;
    banked.sections = {{10.0, 0.0, 0.0, 50.0 * kPi / 180.0, {}}};
    EXPECT_THROW(build_road_mesh(banked), std::invalid_argument);
}

// A road of more stations than kMaxRoadStations is refused before any is built: the section's
// station count, ceil(length / step), is checked first.
TEST(RoadBuilder, RefusesMoreStationsThanTheLimit) {
    RoadDescription road;
    road.step_m = 1.0;
    road.sections = {{10.0, 0.0, 0.0, 0.0, {}}, {static_cast<double>(kMaxRoadStations) - 9.0, 0.0, 0.0, 0.0, {}}};
    try {
        build_road_mesh(road);
        FAIL() << "a road of kMaxRoadStations + 1 stations was built";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()), "road: more than 1000000 stations (length over step_m): expected a larger step_m or a shorter road");
    }
}
