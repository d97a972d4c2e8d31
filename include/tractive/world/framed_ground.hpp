#pragma once
// A ground seen from a frame of its own: origin (x0, y0) and heading psi about z in the
// ground's world axes, heights unchanged. A local point (x, y, z) is the world point
// (x0 + x cos psi - y sin psi, y0 + x sin psi + y cos psi, z). The standard tests drive along
// their local +x from the local origin; on a ground file they start at its start pose through
// this frame (analysis/standard_tests.hpp).

#include <memory>

#include "tractive/core/quat.hpp"
#include "tractive/world/ground.hpp"

namespace tractive {

class FramedGround final : public Ground {
public:
    FramedGround(std::shared_ptr<const Ground> world, double origin_x_m, double origin_y_m, double heading_rad);
    [[nodiscard]] GroundContact wheel_contact(const WheelProbe& wheel) const override;
    [[nodiscard]] std::optional<SurfacePoint> surface_at(double x_m, double y_m) const override;
    // The world ground's answer for the centres in its frame (at most 16; more: false).
    [[nodiscard]] bool spheres_clear(std::span<const Vec3> centres_m, double radius_m) const override;

    // Local to world and back, for points and for directions (velocities, normals).
    [[nodiscard]] Vec3 to_world_point(const Vec3& local) const;
    [[nodiscard]] Vec3 to_world_direction(const Vec3& local) const;
    [[nodiscard]] Vec3 to_local_point(const Vec3& world) const;
    [[nodiscard]] Vec3 to_local_direction(const Vec3& world) const;
    [[nodiscard]] Quat to_world(const Quat& local_orientation) const;

private:
    std::shared_ptr<const Ground> world_;
    double x0_, y0_, cos_, sin_, heading_;
};

}  // namespace tractive
