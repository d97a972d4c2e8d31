#include "tractive/driver/path.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace tractive {

namespace {

constexpr double kPi = 3.14159265358979323846;

void require_finite(double value, const char* what) {
    if (!std::isfinite(value)) throw std::invalid_argument(std::string(what) + " must be a finite number");
}

// Lane change lateral offset and its first two derivatives with respect to u.
struct Offset {
    double w = 0.0;
    double dw = 0.0;
    double ddw = 0.0;
};
Offset lane_change_offset(const Path& p, double u) {
    const double d = p.lateral_offset_m;
    const double l = p.transition_length_m;
    if (u <= p.transition_start_m) return {};
    if (u >= p.transition_start_m + l) return {d, 0.0, 0.0};
    const double k = kPi / l;
    const double phase = k * (u - p.transition_start_m);
    return {0.5 * d * (1.0 - std::cos(phase)), 0.5 * d * k * std::sin(phase), 0.5 * d * k * k * std::cos(phase)};
}

// Local frame of the start pose: u along the heading, w to its left.
struct Frame {
    double x0, y0, c, s;
    [[nodiscard]] PathPoint to_local(double x, double y) const {
        const double dx = x - x0, dy = y - y0;
        return {c * dx + s * dy, -s * dx + c * dy};
    }
    [[nodiscard]] PathPoint to_world(double u, double w) const { return {x0 + c * u - s * w, y0 + s * u + c * w}; }
};
Frame start_frame(const Path& p) {
    return {p.start_x_m, p.start_y_m, std::cos(p.start_heading_rad), std::sin(p.start_heading_rad)};
}

std::size_t polyline_segment(const Path& p, double station_m) {
    const auto& st = p.vertex_station_m;
    const auto it = std::upper_bound(st.begin(), st.end(), station_m);
    const auto index = static_cast<std::size_t>(std::max<std::ptrdiff_t>(it - st.begin() - 1, 0));
    return std::min(index, p.points.size() - 2);
}

}  // namespace

double wrap_angle_rad(double angle_rad) {
    if (!std::isfinite(angle_rad)) return 0.0;
    double a = std::remainder(angle_rad, 2.0 * kPi);  // [-pi, pi]
    if (a <= -kPi) a += 2.0 * kPi;
    return a;
}

Path straight_line_path(double start_x_m, double start_y_m, double heading_rad) {
    require_finite(start_x_m, "path start x");
    require_finite(start_y_m, "path start y");
    require_finite(heading_rad, "path heading");
    Path p;
    p.shape = PathShape::Line;
    p.start_x_m = start_x_m;
    p.start_y_m = start_y_m;
    p.start_heading_rad = heading_rad;
    return p;
}

Path circle_path(double start_x_m, double start_y_m, double heading_rad, double radius_m, bool turn_left) {
    Path p = straight_line_path(start_x_m, start_y_m, heading_rad);
    require_finite(radius_m, "circle radius");
    if (radius_m <= 0.0) throw std::invalid_argument("circle radius must be > 0 m");
    p.shape = PathShape::Circle;
    p.radius_m = radius_m;
    p.turn = turn_left ? 1.0 : -1.0;
    return p;
}

Path lane_change_path(double start_x_m, double start_y_m, double heading_rad, double transition_start_m,
                      double transition_length_m, double lateral_offset_m) {
    Path p = straight_line_path(start_x_m, start_y_m, heading_rad);
    require_finite(transition_start_m, "lane change start");
    require_finite(transition_length_m, "lane change length");
    require_finite(lateral_offset_m, "lane change offset");
    if (transition_length_m <= 0.0) throw std::invalid_argument("lane change length must be > 0 m");
    p.shape = PathShape::LaneChange;
    p.transition_start_m = transition_start_m;
    p.transition_length_m = transition_length_m;
    p.lateral_offset_m = lateral_offset_m;
    return p;
}

Path polyline_path(const std::vector<PathPoint>& points) {
    Path p;
    p.shape = PathShape::Polyline;
    for (const PathPoint& q : points) {
        require_finite(q.x_m, "polyline x");
        require_finite(q.y_m, "polyline y");
        if (!p.points.empty() && std::hypot(q.x_m - p.points.back().x_m, q.y_m - p.points.back().y_m) < 1e-9) continue;
        p.points.push_back(q);
    }
    if (p.points.size() < 2) throw std::invalid_argument("a polyline path needs at least two distinct points");
    const std::size_t n = p.points.size();
    p.vertex_station_m.assign(n, 0.0);
    p.segment_heading_rad.assign(n - 1, 0.0);
    p.vertex_curvature_per_m.assign(n, 0.0);
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const double dx = p.points[i + 1].x_m - p.points[i].x_m;
        const double dy = p.points[i + 1].y_m - p.points[i].y_m;
        p.vertex_station_m[i + 1] = p.vertex_station_m[i] + std::hypot(dx, dy);
        p.segment_heading_rad[i] = std::atan2(dy, dx);
    }
    for (std::size_t i = 1; i + 1 < n; ++i) {
        const double turn = wrap_angle_rad(p.segment_heading_rad[i] - p.segment_heading_rad[i - 1]);
        const double mean_length = 0.5 * (p.vertex_station_m[i + 1] - p.vertex_station_m[i - 1]);
        p.vertex_curvature_per_m[i] = turn / mean_length;
    }
    return p;
}

PathPose path_pose_at(const Path& p, double station_m) {
    const double s = std::isfinite(station_m) ? station_m : 0.0;
    switch (p.shape) {
        case PathShape::Line: {
            const PathPoint q = start_frame(p).to_world(s, 0.0);
            return {q.x_m, q.y_m, p.start_heading_rad, 0.0};
        }
        case PathShape::Circle: {
            // Turned by phi = turn s / R about the centre from the start point.
            const double phi = p.turn * s / p.radius_m;
            const PathPoint q = start_frame(p).to_world(p.radius_m * std::sin(s / p.radius_m),
                                                        p.turn * p.radius_m * (1.0 - std::cos(phi)));
            return {q.x_m, q.y_m, wrap_angle_rad(p.start_heading_rad + phi), p.turn / p.radius_m};
        }
        case PathShape::LaneChange: {
            const Offset o = lane_change_offset(p, s);
            const PathPoint q = start_frame(p).to_world(s, o.w);
            const double slope_factor = 1.0 + o.dw * o.dw;
            return {q.x_m, q.y_m, wrap_angle_rad(p.start_heading_rad + std::atan(o.dw)),
                    o.ddw / (slope_factor * std::sqrt(slope_factor))};
        }
        case PathShape::Polyline: {
            const std::size_t i = polyline_segment(p, s);
            const double length = p.vertex_station_m[i + 1] - p.vertex_station_m[i];
            const double t = (s - p.vertex_station_m[i]) / length;
            const PathPoint& a = p.points[i];
            const PathPoint& b = p.points[i + 1];
            const double tc = std::clamp(t, 0.0, 1.0);
            const bool beyond = t != tc;
            const double curvature =
                beyond ? 0.0 : (1.0 - tc) * p.vertex_curvature_per_m[i] + tc * p.vertex_curvature_per_m[i + 1];
            return {a.x_m + t * (b.x_m - a.x_m), a.y_m + t * (b.y_m - a.y_m), p.segment_heading_rad[i], curvature};
        }
    }
    return {};
}

PathProjection project_onto_path(const Path& p, double x_m, double y_m) {
    PathProjection r;
    if (!std::isfinite(x_m) || !std::isfinite(y_m)) {
        r.pose = path_pose_at(p, 0.0);
        return r;
    }
    const Frame f = start_frame(p);
    switch (p.shape) {
        case PathShape::Line: {
            const PathPoint local = f.to_local(x_m, y_m);
            r.station_m = local.x_m;
            r.lateral_error_m = local.y_m;
            break;
        }
        case PathShape::Circle: {
            const PathPoint c = f.to_local(x_m, y_m);
            // Centre at (0, turn R) in the start frame; the start point is at angle -turn pi/2
            // from it. Angle travelled: phi = turn * (angle of the point - angle of the start).
            const double dx = c.x_m;
            const double dy = c.y_m - p.turn * p.radius_m;
            const double distance = std::hypot(dx, dy);
            if (distance < 1e-12) {
                r.station_m = 0.0;
            } else {
                const double travelled = p.turn * wrap_angle_rad(std::atan2(dy, dx) + p.turn * 0.5 * kPi);
                const double lap = 2.0 * kPi;
                r.station_m = p.radius_m * (travelled < 0.0 ? travelled + lap : travelled);
            }
            r.lateral_error_m = p.turn * (p.radius_m - distance);
            break;
        }
        case PathShape::LaneChange: {
            const PathPoint q = f.to_local(x_m, y_m);
            double u = q.x_m;
            for (int iteration = 0; iteration < 12; ++iteration) {
                const Offset o = lane_change_offset(p, u);
                const double gradient = (u - q.x_m) + (o.w - q.y_m) * o.dw;
                const double curvature = 1.0 + o.dw * o.dw + (o.w - q.y_m) * o.ddw;
                if (curvature <= 0.0) break;  // far from the path: keep the last estimate
                const double du = std::clamp(-gradient / curvature, -0.25 * p.transition_length_m,
                                             0.25 * p.transition_length_m);
                u += du;
                if (std::abs(du) < 1e-10) break;
            }
            const Offset o = lane_change_offset(p, u);
            const double norm = std::sqrt(1.0 + o.dw * o.dw);
            r.station_m = u;
            // Left normal of the tangent (1, w') / norm is (-w', 1) / norm.
            r.lateral_error_m = ((q.x_m - u) * -o.dw + (q.y_m - o.w)) / norm;
            break;
        }
        case PathShape::Polyline: {
            double best = std::numeric_limits<double>::infinity();
            const std::size_t segments = p.points.size() - 1;
            for (std::size_t i = 0; i < segments; ++i) {
                const PathPoint& a = p.points[i];
                const PathPoint& b = p.points[i + 1];
                const double dx = b.x_m - a.x_m, dy = b.y_m - a.y_m;
                const double length = p.vertex_station_m[i + 1] - p.vertex_station_m[i];
                double t = ((x_m - a.x_m) * dx + (y_m - a.y_m) * dy) / (length * length);
                // The end segments go on straight beyond the ends.
                const double lo = i == 0 ? -std::numeric_limits<double>::infinity() : 0.0;
                const double hi = i + 1 == segments ? std::numeric_limits<double>::infinity() : 1.0;
                t = std::clamp(t, lo, hi);
                const double fx = a.x_m + t * dx, fy = a.y_m + t * dy;
                const double distance = std::hypot(x_m - fx, y_m - fy);
                if (distance < best) {
                    best = distance;
                    r.station_m = p.vertex_station_m[i] + t * length;
                    const double side = dx * (y_m - fy) - dy * (x_m - fx);
                    r.lateral_error_m = side < 0.0 ? -distance : distance;
                }
            }
            break;
        }
    }
    r.pose = path_pose_at(p, r.station_m);
    return r;
}

}  // namespace tractive
