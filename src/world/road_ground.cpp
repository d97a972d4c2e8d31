#include "tractive/world/road_ground.hpp"

#include "tread_rule.hpp"

#include <cmath>
#include <utility>

namespace tractive {

RoadGround::RoadGround(RoadSpec road) : owned_(std::move(road)), road_(&owned_), normal_(road_normal(owned_)) {}

RoadGround::RoadGround(const RoadSpec& road, Borrowed) : road_(&road), normal_(road_normal(road)) {}

GroundContact RoadGround::wheel_contact(const WheelProbe& wheel) const {
    GroundContact c;
    // The tread rule of every ground (world/triangle_contact.hpp): a road turned more than 45
    // degrees out of the wheel's plane is beside the tread (a wheel lying on its side), no contact.
    if (detail::beside_tread(normal_, wheel.axle)) return c;
    c.found = true;
    c.normal = normal_;
    c.hub_height_m = dot(wheel.hub_m, normal_);  // the plane passes through the origin
    c.point_m = wheel.hub_m - normal_ * c.hub_height_m;
    c.friction_factor = road_friction(*road_, c.point_m.x, c.point_m.y);
    return c;
}

bool RoadGround::spheres_clear(std::span<const Vec3> centres_m, double radius_m) const {
    // (A body point has no axle, so never beside the tread: wheel_contact finds the plane, and
    // the sphere touches where radius - hub height > 0.)
    for (const Vec3& c : centres_m) {
        if (radius_m - dot(c, normal_) > 0.0) return false;
    }
    return true;
}

std::optional<SurfacePoint> RoadGround::surface_at(double x_m, double y_m) const {
    return SurfacePoint{road_height_m(*road_, x_m, y_m), normal_, road_friction(*road_, x_m, y_m)};
}

}  // namespace tractive
