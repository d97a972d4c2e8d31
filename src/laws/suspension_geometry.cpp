#include "tractive/laws/suspension_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace tractive {

namespace {

struct P2 {
    double y = 0.0;
    double z = 0.0;
};

P2 front_view(const Vec3& v) { return {v.y, v.z}; }
P2 mid(const Vec3& a, const Vec3& b) { return {0.5 * (a.y + b.y), 0.5 * (a.z + b.z)}; }
double dist(P2 a, P2 b) { return std::hypot(a.y - b.y, a.z - b.z); }

}  // namespace

double double_wishbone_camber_change_rad(const DoubleWishbone& g, bool left_side, double travel) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const P2 lower_pivot = mid(g.lower_chassis_front_m, g.lower_chassis_rear_m);
    const P2 upper_pivot = mid(g.upper_chassis_front_m, g.upper_chassis_rear_m);
    const P2 lower_hub = front_view(g.lower_hub_m);
    const P2 upper_hub = front_view(g.upper_hub_m);
    const double lower_arm = dist(lower_hub, lower_pivot);
    const double upper_arm = dist(upper_hub, upper_pivot);
    const double upright = dist(upper_hub, lower_hub);
    if (lower_arm <= 0.0 || upper_arm <= 0.0 || upright <= 0.0) return nan;

    // Lower hub point after the travel: same arm length, height raised by `travel`.
    const double dz = lower_hub.z + travel - lower_pivot.z;
    if (std::abs(dz) > lower_arm) return nan;
    const double side = lower_hub.y >= lower_pivot.y ? 1.0 : -1.0;
    const P2 lower{lower_pivot.y + side * std::sqrt(lower_arm * lower_arm - dz * dz), lower_hub.z + travel};

    // Upper hub point: intersection of circles (upper_pivot, upper_arm) and (lower, upright).
    const double d = dist(lower, upper_pivot);
    if (d > upper_arm + upright || d < std::abs(upper_arm - upright) || d == 0.0) return nan;
    const double a = (upper_arm * upper_arm - upright * upright + d * d) / (2.0 * d);
    const double h = std::sqrt(std::max(upper_arm * upper_arm - a * a, 0.0));
    const P2 base{upper_pivot.y + a * (lower.y - upper_pivot.y) / d, upper_pivot.z + a * (lower.z - upper_pivot.z) / d};
    const P2 first{base.y + h * (lower.z - upper_pivot.z) / d, base.z - h * (lower.y - upper_pivot.y) / d};
    const P2 second{base.y - h * (lower.z - upper_pivot.z) / d, base.z + h * (lower.y - upper_pivot.y) / d};
    // The branch nearer the design position of the upper hub point.
    const P2 upper = dist(first, upper_hub) < dist(second, upper_hub) ? first : second;

    // Upright angle from vertical in the front view: atan2(dy, dz); outwards is +y on the left.
    const double before = std::atan2(upper_hub.y - lower_hub.y, upper_hub.z - lower_hub.z);
    const double after = std::atan2(upper.y - lower.y, upper.z - lower.z);
    return (left_side ? 1.0 : -1.0) * (after - before);
}

double macpherson_camber_change_rad(const MacPhersonStrut& g, bool left_side, double travel) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const P2 hinge = front_view(g.hinge_m);
    const P2 top = front_view(g.strut_top_m);
    const P2 end = front_view(g.strut_end_m);
    const double arm = dist(end, hinge);
    if (arm <= 0.0 || dist(end, top) <= 0.0) return nan;
    // The strut's lower end after the travel: same arm length, height raised by `travel`.
    const double dz = end.z + travel - hinge.z;
    if (std::abs(dz) > arm) return nan;
    const double side = end.y >= hinge.y ? 1.0 : -1.0;
    const P2 moved{hinge.y + side * std::sqrt(arm * arm - dz * dz), end.z + travel};
    // Strut angle from vertical in the front view (top minus lower end); outwards is +y on the left.
    const double before = std::atan2(top.y - end.y, top.z - end.z);
    const double after = std::atan2(top.y - moved.y, top.z - moved.z);
    return (left_side ? 1.0 : -1.0) * (after - before);
}

namespace {

template <typename Geometry>
PiecewiseLinear sampled_camber_curve(const Geometry& g, bool left_side, double min_travel, double max_travel,
                                     double (*change)(const Geometry&, bool, double)) {
    constexpr int kPoints = 41;
    std::vector<double> xs;
    std::vector<double> ys;
    double last = 0.0;
    for (int i = 0; i < kPoints; ++i) {
        const double s = min_travel + (max_travel - min_travel) * i / (kPoints - 1);
        const double c = change(g, left_side, s);
        if (std::isfinite(c)) last = c;
        xs.push_back(s);
        ys.push_back(std::isfinite(c) ? c : last);
    }
    return {std::move(xs), std::move(ys)};
}

}  // namespace

Vec3 hinge_arc_offset_m(const Vec3& hinge, const Vec3& wheel, double travel) {
    const Vec3 a = wheel - hinge;
    const double horizontal = std::sqrt(a.x * a.x + a.y * a.y);
    if (!(horizontal > 0.0)) return {};
    const double length2 = a.x * a.x + a.y * a.y + a.z * a.z;
    const double z = a.z + travel;
    const double reach = std::sqrt(std::max(length2 - z * z, 0.0));
    const double scale = (reach - horizontal) / horizontal;
    return {a.x * scale, a.y * scale, 0.0};
}

PiecewiseLinear double_wishbone_camber_curve(const DoubleWishbone& g, bool left_side, double min_travel, double max_travel) {
    return sampled_camber_curve(g, left_side, min_travel, max_travel, &double_wishbone_camber_change_rad);
}

PiecewiseLinear macpherson_camber_curve(const MacPhersonStrut& g, bool left_side, double min_travel, double max_travel) {
    return sampled_camber_curve(g, left_side, min_travel, max_travel, &macpherson_camber_change_rad);
}

}  // namespace tractive
