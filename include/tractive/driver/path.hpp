#pragma once
// Paths on the road plane for the path-following driver (docs/driver-models.md): a straight
// line, a circle, a single lane change and a polyline. World axes x, y (the road's; heights are
// ignored). A path is plain data; build it with the functions below, which check it.
//
// Station s (m) is the distance along the path from its start: arc length for the line, the
// circle (periodic, 2 pi R per lap) and the polyline; for the lane change the distance along
// the start heading (it differs from arc length by under 2 % for offset/length < 1/8). Before
// the start and after the end of a polyline the path goes on straight along the end segments,
// and a lane change goes on straight at its final offset.

#include <vector>

namespace tractive {

enum class PathShape { Line, Circle, LaneChange, Polyline };

struct PathPoint {
    double x_m = 0.0;
    double y_m = 0.0;
};

struct Path {
    PathShape shape = PathShape::Line;
    // Start pose (line, circle, lane change).
    double start_x_m = 0.0;
    double start_y_m = 0.0;
    double start_heading_rad = 0.0;
    // Circle.
    double radius_m = 0.0;
    double turn = 1.0;  // +1 turns left (centre on the left of the start heading), -1 right
    // Lane change: lateral offset w(u) of the path from the start line at distance u along it,
    //   w = 0 for u < u0, w = d/2 (1 - cos(pi (u - u0) / l)) for u0 <= u <= u0 + l, w = d after;
    // a cosine transition, whose curvature d pi^2 / (2 l^2) at most is the one a driver gives a
    // lane change of offset d over a length l.
    double transition_start_m = 0.0;   // u0
    double transition_length_m = 0.0;  // l
    double lateral_offset_m = 0.0;      // d, + = to the left
    // Polyline: the vertices (consecutive duplicates removed), cumulative station at each, the
    // heading of each segment and the curvature at each vertex (turning angle over the mean of
    // the two adjacent segment lengths; 0 at the ends), interpolated linearly along a segment.
    std::vector<PathPoint> points;
    std::vector<double> vertex_station_m;
    std::vector<double> segment_heading_rad;
    std::vector<double> vertex_curvature_per_m;
};

// Each throws std::invalid_argument for a non-finite value, a radius <= 0, a length <= 0, or a
// polyline with fewer than two distinct points.
Path straight_line_path(double start_x_m, double start_y_m, double heading_rad);
Path circle_path(double start_x_m, double start_y_m, double heading_rad, double radius_m, bool turn_left);
Path lane_change_path(double start_x_m, double start_y_m, double heading_rad, double transition_start_m,
                      double transition_length_m, double lateral_offset_m);
Path polyline_path(const std::vector<PathPoint>& points);

struct PathPose {
    double x_m = 0.0;
    double y_m = 0.0;
    double heading_rad = 0.0;
    double curvature_per_m = 0.0;  // + = turning left
};

// The pose on the path at station s (any finite s; a non-finite s is read as 0).
PathPose path_pose_at(const Path& path, double station_m);

struct PathProjection {
    double station_m = 0.0;        // of the nearest point of the path
    double lateral_error_m = 0.0;  // distance from it, + = the point is left of the path
    PathPose pose;                 // the nearest point
};

// The nearest point of the path to (x, y). Circle: a point at the centre projects onto the start.
// Lane change: Newton's method on the squared distance, started at the point's own u (the
// squared distance is convex in u within |w - w_point| < 1 / max|w''| = 2 l^2 / (pi^2 |d|) of
// the path, which covers any car near it). Polyline: the nearest of all segments (O(n)).
PathProjection project_onto_path(const Path& path, double x_m, double y_m);

// Angle wrapped into (-pi, pi].
double wrap_angle_rad(double angle_rad);

}  // namespace tractive
