#include "tractive/world/framed_ground.hpp"

#include <array>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace tractive {

FramedGround::FramedGround(std::shared_ptr<const Ground> world, double origin_x_m, double origin_y_m, double heading_rad)
    : world_(std::move(world)), x0_(origin_x_m), y0_(origin_y_m), cos_(std::cos(heading_rad)), sin_(std::sin(heading_rad)), heading_(heading_rad) {
    if (!world_) throw std::invalid_argument("FramedGround: no ground");
}

Vec3 FramedGround::to_world_direction(const Vec3& v) const { return {cos_ * v.x - sin_ * v.y, sin_ * v.x + cos_ * v.y, v.z}; }
Vec3 FramedGround::to_local_direction(const Vec3& v) const { return {cos_ * v.x + sin_ * v.y, -sin_ * v.x + cos_ * v.y, v.z}; }
Vec3 FramedGround::to_world_point(const Vec3& p) const { return to_world_direction(p) + Vec3{x0_, y0_, 0.0}; }
Vec3 FramedGround::to_local_point(const Vec3& p) const { return to_local_direction(p - Vec3{x0_, y0_, 0.0}); }
Quat FramedGround::to_world(const Quat& q) const { return axis_angle(Vec3{0.0, 0.0, 1.0}, heading_) * q; }

GroundContact FramedGround::wheel_contact(const WheelProbe& wheel) const {
    WheelProbe w = wheel;
    w.hub_m = to_world_point(wheel.hub_m);
    w.axle = to_world_direction(wheel.axle);
    w.up = to_world_direction(wheel.up);
    GroundContact c = world_->wheel_contact(w);
    c.normal = to_local_direction(c.normal);
    c.point_m = to_local_point(c.point_m);
    c.surface_velocity_m_per_s = to_local_direction(c.surface_velocity_m_per_s);
    return c;
}

bool FramedGround::spheres_clear(std::span<const Vec3> centres_m, double radius_m) const {
    std::array<Vec3, 16> world;
    if (centres_m.size() > world.size()) return false;
    for (std::size_t k = 0; k < centres_m.size(); ++k) world[k] = to_world_point(centres_m[k]);
    return world_->spheres_clear(std::span<const Vec3>(world.data(), centres_m.size()), radius_m);
}

std::optional<SurfacePoint> FramedGround::surface_at(double x_m, double y_m) const {
    const Vec3 p = to_world_point({x_m, y_m, 0.0});
    std::optional<SurfacePoint> s = world_->surface_at(p.x, p.y);
    if (s) s->normal = to_local_direction(s->normal);
    return s;
}

}  // namespace tractive
