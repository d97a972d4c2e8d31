#pragma once
// The ground a car drives on, as the step asks it: once per wheel and internal step, where the
// wheel's tyre touches, the surface's normal there, its friction and rolling resistance, and
// how fast the surface itself moves (a platform). Built-in grounds: the analytic road
// (road/road_ground.hpp), a triangle mesh (world/mesh_ground.hpp) and a heightfield
// (world/heightfield_ground.hpp); a host gives its own by implementing Ground (C++) or a callback
// (the C API).
//
// World axes: z up, as the analytic road's (x along the road, y to the left).

#include <cstdint>
#include <optional>
#include <span>

#include "tractive/core/vec3.hpp"

namespace tractive {

inline constexpr std::uint32_t kNoGroundFeature = 0xffffffffu;

// A wheel as the step knows it when it asks the ground (world axes).
struct WheelProbe {
    Vec3 hub_m;            // the wheel's centre
    // Unit, the spin axis, to the wheel's left (as the last step found it: steer, camber, attitude).
    // Zero for a point of the car's body (a small sphere, no tread): every direction carries it.
    Vec3 axle;
    Vec3 up;               // unit, the body's z axis (the suspension's travel)
    double radius_m = 0.0; // unloaded
    double width_m = 0.0;  // tread width
    double tread = 0.0;    // the tyre's tread, 0 road .. 1 off-road (VDrift), for the surface's friction
    // The feature this wheel touched in its last step (GroundContact::feature), where a ground
    // starts looking; kNoGroundFeature for none. A hint only: the answer may not depend on it
    // beyond which of two features at exactly the same height is reported.
    std::uint32_t hint = kNoGroundFeature;
};

// The ground under one wheel. The tyre deflects by radius - hub_height_m along normal; a wheel
// whose hub is further than its radius from the surface (or over no surface at all, found =
// false) is off the ground, a normal case.
struct GroundContact {
    bool found = false;
    Vec3 normal{0.0, 0.0, 1.0};  // unit, out of the surface: the direction the tyre pushes the wheel
    double hub_height_m = 0.0;   // the hub's distance from the surface along normal (< 0: below it)
    Vec3 point_m;                // where the tyre touches: hub - normal * hub_height_m
    double friction_factor = 1.0;  // factor on the tyre's friction (1 = the surface its data was fitted on)
    double rolling_resistance_factor = 1.0;  // factor on the tyre's rolling resistance
    Vec3 surface_velocity_m_per_s;           // the surface's own velocity at point_m
    std::uint32_t feature = kNoGroundFeature;  // what was touched (a mesh's triangle), the next query's hint
};

// The surface under a point seen from above (for placing a car and for hosts).
struct SurfacePoint {
    double z_m = 0.0;
    Vec3 normal{0.0, 0.0, 1.0};
    double friction_factor = 1.0;  // as GroundContact's, for a road tyre
};

// A ground that is one plane everywhere (its friction may still vary): the plane through point_m
// with unit normal `normal`, out of the surface.
struct GroundPlane {
    Vec3 point_m;
    Vec3 normal{0.0, 0.0, 1.0};
};

class Ground {
public:
    virtual ~Ground() = default;
    // The contact of one wheel. Called by the step a fixed number of times (once per wheel and
    // internal step) from its own thread: it must not allocate, throw or keep state that
    // changes its answers.
    [[nodiscard]] virtual GroundContact wheel_contact(const WheelProbe& wheel) const = 0;
    // The highest surface at (x, y), or nothing there.
    [[nodiscard]] virtual std::optional<SurfacePoint> surface_at(double x_m, double y_m) const = 0;
    // Whether none of these small spheres (centres, one radius) touches the surface, told
    // without a wheel_contact for each: true only where wheel_contact of every one as a body
    // point (no axle, WheelProbe) would find no contact within its radius; false where the ground
    // cannot tell so cheaply. The step asks it about a car body's low points before asking about
    // each (a car on its wheels is clear of the ground). The default: false, every sphere is asked.
    [[nodiscard]] virtual bool spheres_clear(std::span<const Vec3> /*centres_m*/, double /*radius_m*/) const { return false; }
    // The plane this ground is everywhere, when it is one (the analytic road): a body point's
    // wheel_contact is then the point's height above it, n . (p - point), which the step takes
    // for a car body's points at once in the body's axes. The default: none (a mesh, a field, a
    // moving platform), and the step asks spheres_clear.
    [[nodiscard]] virtual std::optional<GroundPlane> plane() const { return std::nullopt; }
};

}  // namespace tractive
