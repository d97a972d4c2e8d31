// The heightfield ground: a sampled plane is the analytic road; between samples its triangles.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

#include "support/grounds.hpp"
#include "tractive/world/road_ground.hpp"
#include "tractive/world/heightfield_ground.hpp"

using namespace tractive;

using test::wheel_at;

TEST(HeightfieldGround, ASampledPlaneIsTheAnalyticRoad) {
    RoadSpec road;
    road.grade = 0.2;
    road.bank_rad = std::atan(-0.04);
    const RoadGround analytic(road);
    const HeightfieldGround field(test::plane_heightfield(-50.0, -30.0, 101, 61, 1.0, 0.2, -0.04));
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> along(-45.0, 45.0), across(-25.0, 25.0), lift(0.2, 0.29);
    for (int k = 0; k < 2000; ++k) {
        const double x = along(rng), y = across(rng);
        const Vec3 n = analytic.wheel_contact(wheel_at({x, y, 0.0})).normal;
        const Vec3 hub = Vec3{x, y, 0.2 * x - 0.04 * y} + n * lift(rng);
        const GroundContact a = analytic.wheel_contact(wheel_at(hub));
        const GroundContact h = field.wheel_contact(wheel_at(hub));
        ASSERT_TRUE(h.found);
        EXPECT_NEAR(h.hub_height_m, a.hub_height_m, 1e-12);
        EXPECT_NEAR(norm(h.normal - a.normal), 0.0, 1e-12);
        const auto s = field.surface_at(x, y);
        ASSERT_TRUE(s);
        EXPECT_NEAR(s->z_m, 0.2 * x - 0.04 * y, 1e-12);
    }
    EXPECT_FALSE(field.surface_at(-50.1, 0.0));
    EXPECT_FALSE(field.wheel_contact(wheel_at({-51.0, 0.0, 0.0})).found);
}

// One raised sample: between samples the surface is the two triangles of each cell, split
// along the diagonal from (i, j) to (i + 1, j + 1).
TEST(HeightfieldGround, BetweenSamplesTheCellsTriangles) {
    Heightfield f = test::plane_heightfield(0.0, 0.0, 3, 3, 2.0);
    f.heights_m[1 * 3 + 1] = 1.0;  // the middle sample, at (2, 2)
    const HeightfieldGround field(f);
    // In cell (0, 0): the lower-right triangle (0,0) (2,0) (2,2) and the upper-left (0,0) (2,2) (0,2).
    EXPECT_NEAR(field.surface_at(1.5, 0.5)->z_m, 0.5 / 2.0, 1e-12);  // z = t (the (2,2) corner's weight)
    EXPECT_NEAR(field.surface_at(0.5, 1.5)->z_m, 0.5 / 2.0, 1e-12);
    EXPECT_NEAR(field.surface_at(1.0, 1.0)->z_m, 0.5, 1e-12);
    EXPECT_NEAR(field.surface_at(2.0, 2.0)->z_m, 1.0, 1e-12);
}

TEST(HeightfieldGround, RefusesFieldsItCannotUse) {
    Heightfield small = test::plane_heightfield(0.0, 0.0, 1, 3, 1.0);
    EXPECT_THROW(HeightfieldGround{small}, std::invalid_argument);
    Heightfield short_of_heights = test::plane_heightfield(0.0, 0.0, 3, 3, 1.0);
    short_of_heights.heights_m.pop_back();
    EXPECT_THROW(HeightfieldGround{short_of_heights}, std::invalid_argument);
    Heightfield zero_spacing = test::plane_heightfield(0.0, 0.0, 3, 3, 1.0);
    zero_spacing.spacing_y_m = 0.0;
    EXPECT_THROW(HeightfieldGround{zero_spacing}, std::invalid_argument);
    Heightfield nan_height = test::plane_heightfield(0.0, 0.0, 3, 3, 1.0);
    nan_height.heights_m[4] = std::nan("");
    try {
        HeightfieldGround{nan_height};
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("column 2, row 2"), std::string::npos) << e.what();
    }
}
