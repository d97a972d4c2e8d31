#include "vdrift_collision_shape.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "tractive/core/quat.hpp"

namespace tractive::vdrift {

namespace {

// The part's rotation Ry(b) Rx(a) Rz(c) for rotation = a, b, c degrees (Bullet's
// btQuaternion(yaw, pitch, roll) = q_y(yaw) q_x(pitch) q_z(roll), as VDrift builds it).
Mat3 rotation_of(const PartPlacement& part) {
    constexpr double kRadPerDeg = std::numbers::pi / 180.0;
    const Vec3& r = part.rotation_deg;
    return to_matrix(axis_angle({0, 1, 0}, r.y * kRadPerDeg) * axis_angle({1, 0, 0}, r.x * kRadPerDeg) *
                     axis_angle({0, 0, 1}, r.z * kRadPerDeg));
}

double component(const Vec3& v, int axis) { return axis == 0 ? v.x : (axis == 1 ? v.y : v.z); }

}  // namespace

std::vector<FileSphere> hull_spheres(const std::vector<std::array<double, 4>>& rows, const PartPlacement& part) {
    const Mat3 rot = rotation_of(part);
    Vec3 centroid{};
    for (const auto& row : rows) centroid += Vec3{row[0], row[1], row[2]} / static_cast<double>(rows.size());
    std::vector<FileSphere> out;
    for (const auto& row : rows) {
        Vec3 centre{row[0], row[1], row[2]};
        double radius = row[3];
        if (radius <= 0.0) {
            const Vec3 inward = centroid - centre;
            const double distance = norm(inward);
            radius = distance > 0.0 ? std::min(kCornerSphereRadius_m, distance) : kCornerSphereRadius_m;
            if (distance > 0.0) centre += inward * (radius / distance);
        }
        out.push_back({part.position_m + rot * centre, radius});
    }
    return out;
}

std::vector<FileSphere> box_spheres(const Vec3& centre_m, const Vec3& size_m, const PartPlacement& part) {
    const Mat3 rot = rotation_of(part);
    const Vec3 half = size_m * 0.5;
    const double smallest = std::min({half.x, half.y, half.z});
    // A flat box (a side of 0) keeps 5 cm spheres on its plane.
    const double radius = smallest > 0.0 ? std::min(kCornerSphereRadius_m, smallest) : kCornerSphereRadius_m;
    const Vec3 inner{std::max(half.x - radius, 0.0), std::max(half.y - radius, 0.0), std::max(half.z - radius, 0.0)};
    std::vector<FileSphere> out;
    for (const double sx : {-1.0, 1.0})
        for (const double sy : {-1.0, 1.0})
            for (const double sz : {-1.0, 1.0})
                out.push_back({part.position_m + centre_m + rot * Vec3{sx * inner.x, sy * inner.y, sz * inner.z}, radius});
    return out;
}

std::vector<FileSphere> capsule_spheres(const Vec3& centre_m, const Vec3& size_m, const PartPlacement& part) {
    const Mat3 rot = rotation_of(part);
    const double x = size_m.x, y = size_m.y, z = size_m.z;
    // btVector3::maxAxis and minAxis, ties as Bullet breaks them.
    const int longest = x < y ? (y < z ? 2 : 1) : (x < z ? 2 : 0);
    const int shortest = x < y ? (x < z ? 0 : 2) : (y < z ? 1 : 2);
    const double half_length = 0.5 * component(size_m, longest);
    const double radius = 0.5 * component(size_m, shortest);
    Vec3 along{};
    (longest == 0 ? along.x : (longest == 1 ? along.y : along.z)) = half_length;
    const Vec3 middle = part.position_m + centre_m;
    return {{middle - rot * along, radius}, {middle + rot * along, radius}};
}

}  // namespace tractive::vdrift
