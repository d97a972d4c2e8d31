// Path geometry: poses, projections and the checks of the path builders.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "tractive/driver/path.hpp"

using namespace tractive;

namespace {
constexpr double kPi = 3.14159265358979323846;
}

TEST(Path, LineProjectionIsStationAndSignedOffset) {
    const Path line = straight_line_path(1.0, 1.0, 0.5 * kPi);  // pointing along +y
    const PathProjection p = project_onto_path(line, -1.0, 4.0);
    EXPECT_NEAR(p.station_m, 3.0, 1e-12);
    EXPECT_NEAR(p.lateral_error_m, 2.0, 1e-12);  // x = -1 is left of a path heading +y
    EXPECT_NEAR(p.pose.x_m, 1.0, 1e-12);
    EXPECT_NEAR(p.pose.y_m, 4.0, 1e-12);
}

TEST(Path, CirclePosesAndProjections) {
    const Path left = circle_path(0.0, 0.0, 0.0, 10.0, true);  // centre (0, 10)
    const PathPose quarter = path_pose_at(left, 5.0 * kPi);
    EXPECT_NEAR(quarter.x_m, 10.0, 1e-12);
    EXPECT_NEAR(quarter.y_m, 10.0, 1e-12);
    EXPECT_NEAR(quarter.heading_rad, 0.5 * kPi, 1e-12);
    EXPECT_NEAR(quarter.curvature_per_m, 0.1, 1e-15);
    const PathProjection outside = project_onto_path(left, 12.0, 10.0);
    EXPECT_NEAR(outside.station_m, 5.0 * kPi, 1e-9);
    EXPECT_NEAR(outside.lateral_error_m, -2.0, 1e-12);  // outside a left turn is right of it

    const Path right = circle_path(0.0, 0.0, 0.0, 10.0, false);  // centre (0, -10)
    const PathPose r_quarter = path_pose_at(right, 5.0 * kPi);
    EXPECT_NEAR(r_quarter.x_m, 10.0, 1e-12);
    EXPECT_NEAR(r_quarter.y_m, -10.0, 1e-12);
    EXPECT_NEAR(r_quarter.heading_rad, -0.5 * kPi, 1e-12);
    EXPECT_NEAR(r_quarter.curvature_per_m, -0.1, 1e-15);
    const PathProjection inside = project_onto_path(right, 0.0, -5.0);
    EXPECT_NEAR(inside.station_m, 0.0, 1e-9);
    EXPECT_NEAR(inside.lateral_error_m, -5.0, 1e-12);  // inside a right turn is right of it
    // Stations before the start continue the circle backwards.
    const PathPose back = path_pose_at(left, -5.0 * kPi);
    EXPECT_NEAR(back.x_m, -10.0, 1e-12);
    EXPECT_NEAR(back.y_m, 10.0, 1e-12);
    // The centre itself projects onto the start, at distance R.
    const PathProjection centre = project_onto_path(left, 0.0, 10.0);
    EXPECT_EQ(centre.station_m, 0.0);
    EXPECT_NEAR(centre.lateral_error_m, 10.0, 1e-12);
}

TEST(Path, LaneChangeIsACosineTransition) {
    const double d = 3.5, l = 30.0, u0 = 40.0;
    const Path lane = lane_change_path(0.0, 0.0, 0.0, u0, l, d);
    const PathPose before = path_pose_at(lane, u0);
    EXPECT_EQ(before.y_m, 0.0);
    EXPECT_EQ(before.curvature_per_m, 0.0);  // the transition starts just after
    const PathPose start = path_pose_at(lane, u0 + 1e-9);
    EXPECT_NEAR(start.curvature_per_m, d * kPi * kPi / (2.0 * l * l), 1e-9);
    const PathPose middle = path_pose_at(lane, u0 + 0.5 * l);
    EXPECT_NEAR(middle.y_m, 0.5 * d, 1e-12);
    EXPECT_NEAR(middle.heading_rad, std::atan(0.5 * d * kPi / l), 1e-12);
    EXPECT_NEAR(middle.curvature_per_m, 0.0, 1e-12);
    const PathPose after = path_pose_at(lane, u0 + l + 10.0);
    EXPECT_EQ(after.y_m, d);
    EXPECT_EQ(after.heading_rad, 0.0);
}

TEST(Path, PolylineStationsHeadingsAndCurvature) {
    const Path p = polyline_path({{0.0, 0.0}, {10.0, 0.0}, {10.0, 0.0}, {10.0, 10.0}});
    ASSERT_EQ(p.points.size(), 3u);  // the duplicate is dropped
    EXPECT_NEAR(p.vertex_curvature_per_m[1], 0.5 * kPi / 10.0, 1e-12);
    const PathProjection q = project_onto_path(p, 12.0, 5.0);
    EXPECT_NEAR(q.station_m, 15.0, 1e-12);
    EXPECT_NEAR(q.lateral_error_m, -2.0, 1e-12);  // east of a path heading north
    EXPECT_NEAR(q.pose.heading_rad, 0.5 * kPi, 1e-12);
    // Beyond the ends the path goes on straight.
    const PathProjection past = project_onto_path(p, 10.0, 25.0);
    EXPECT_NEAR(past.station_m, 35.0, 1e-12);
    const PathProjection before = project_onto_path(p, -5.0, 1.0);
    EXPECT_NEAR(before.station_m, -5.0, 1e-12);
    EXPECT_NEAR(before.lateral_error_m, 1.0, 1e-12);
}

// Every shape: projecting the point e to the left of the pose at s gives back s and e.
TEST(Path, ProjectionInvertsThePose) {
    const Path shapes[] = {straight_line_path(2.0, -1.0, 0.3), circle_path(5.0, 5.0, -1.0, 45.7, true),
                           circle_path(5.0, 5.0, 2.0, 45.7, false), lane_change_path(0.0, 1.0, 0.1, 20.0, 30.0, 3.5),
                           lane_change_path(0.0, 1.0, 0.1, 20.0, 30.0, -3.5),
                           polyline_path({{0, 0}, {20, 0}, {40, 5}, {60, 20}})};
    for (const Path& path : shapes) {
        for (const double s : {5.0, 27.0, 35.0, 44.0}) {
            for (const double e : {-1.0, 0.0, 0.7}) {
                const PathPose pose = path_pose_at(path, s);
                const double x = pose.x_m - e * std::sin(pose.heading_rad);
                const double y = pose.y_m + e * std::cos(pose.heading_rad);
                const PathProjection p = project_onto_path(path, x, y);
                EXPECT_NEAR(p.station_m, s, 1e-6) << static_cast<int>(path.shape) << " s " << s << " e " << e;
                EXPECT_NEAR(p.lateral_error_m, e, 1e-6) << static_cast<int>(path.shape) << " s " << s << " e " << e;
            }
        }
    }
}

TEST(Path, BuildersRejectNonsense) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_THROW(straight_line_path(nan, 0.0, 0.0), std::invalid_argument);
    EXPECT_THROW(circle_path(0.0, 0.0, 0.0, 0.0, true), std::invalid_argument);
    EXPECT_THROW(circle_path(0.0, 0.0, 0.0, -5.0, true), std::invalid_argument);
    EXPECT_THROW(lane_change_path(0.0, 0.0, 0.0, 10.0, 0.0, 3.5), std::invalid_argument);
    EXPECT_THROW(lane_change_path(0.0, 0.0, 0.0, 10.0, 30.0, nan), std::invalid_argument);
    EXPECT_THROW(polyline_path({{1.0, 1.0}, {1.0, 1.0}}), std::invalid_argument);
    EXPECT_THROW(polyline_path({}), std::invalid_argument);
}

TEST(Path, NonFiniteQueriesGiveFiniteAnswers) {
    const double inf = std::numeric_limits<double>::infinity();
    const Path circle = circle_path(0.0, 0.0, 0.0, 10.0, true);
    const PathProjection p = project_onto_path(circle, inf, 0.0);
    EXPECT_TRUE(std::isfinite(p.station_m) && std::isfinite(p.lateral_error_m));
    const PathPose q = path_pose_at(circle, std::numeric_limits<double>::quiet_NaN());
    EXPECT_TRUE(std::isfinite(q.x_m) && std::isfinite(q.y_m));
    EXPECT_NEAR(wrap_angle_rad(3.0 * kPi), kPi, 1e-12);
    EXPECT_NEAR(wrap_angle_rad(-kPi), kPi, 1e-12);
    EXPECT_NEAR(wrap_angle_rad(0.5 - 4.0 * kPi), 0.5, 1e-12);
}
