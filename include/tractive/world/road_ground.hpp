#pragma once
// The analytic road (road/road.hpp) as a Ground: the plane z = grade x + tan(bank) y through the
// origin, its friction stretches, rolling resistance factor 1 and at rest. A wheel's contact is
// the foot of the perpendicular from its hub, at the hub's height n . hub above the plane.

#include "tractive/world/road.hpp"
#include "tractive/world/ground.hpp"

namespace tractive {

class RoadGround final : public Ground {
public:
    explicit RoadGround(RoadSpec road);
    // A ground over a road the caller keeps alive (no copy of its friction stretches: what the
    // RoadSpec overloads of step_fixed and step build for every call).
    struct Borrowed {};
    RoadGround(const RoadSpec& road, Borrowed);
    RoadGround(const RoadGround&) = delete;
    RoadGround& operator=(const RoadGround&) = delete;

    [[nodiscard]] GroundContact wheel_contact(const WheelProbe& wheel) const override;
    [[nodiscard]] std::optional<SurfacePoint> surface_at(double x_m, double y_m) const override;
    // Exact: each centre's height above the plane, as wheel_contact takes it.
    [[nodiscard]] bool spheres_clear(std::span<const Vec3> centres_m, double radius_m) const override;
    // The plane through the origin (wheel_contact's hub height is n . hub).
    [[nodiscard]] std::optional<GroundPlane> plane() const override { return GroundPlane{Vec3{}, normal_}; }
    [[nodiscard]] const RoadSpec& road() const { return *road_; }

private:
    RoadSpec owned_;
    const RoadSpec* road_;
    Vec3 normal_;
};

}  // namespace tractive
