#pragma once
// A wheel against one triangle of a ground surface (mesh_ground.cpp, heightfield_ground.cpp).
//
// The wheel is taken as a sphere of its radius about the hub, less what lies beside the tread:
// the triangle's point Q closest to the hub (Ericson, "Real-Time Collision Detection", 2005,
// section 5.1.5) is the tyre's contact when the hub is within the radius of it and the direction
// from Q to the hub is within 45 degrees of the wheel's plane (a wall beside the wheel touches
// the sidewall, which the tyre model does not carry).
//
// Which feature of the triangle Q lies on decides how the hub's height is measured:
// - the face (the hub within the triangle's prism): the hub's signed distance along the face's
//   normal (negative once the hub has sunk through), exactly what the analytic road gives;
// - an edge or a corner (a kerb, a step, a crest) with the hub in front of the face's plane: the
//   normal is the direction from the edge to the hub, so that the tyre pushes the wheel up and
//   back over it as a real wheel's rim is pushed, and the height is the hub's distance from it;
// - an edge or a corner with the hub behind the face's plane: the face's plane says nothing
//   there (beyond a large face's edge its plane may pass anywhere: over the next face at a crest,
//   above the wheel in front of a step's riser). What the edge is to the hub depends on whether
//   the hub is inside the ground, which the ground tells (HubInside: below the surface nearest
//   the hub straight above or below it; for a heightfield, below its height there). Inside, the
//   height is minus the hub's distance from the edge and the normal points from the hub to the
//   edge (back out the way it sank in); outside, the edge is in front of the hub as any edge is.
//   Neither the face's plane nor the mesh's topology is trusted here: tracks join pieces at
//   T-junctions and seams that share no vertices.

#include <cmath>

#include "tractive/core/vec3.hpp"
#include "tractive/world/ground.hpp"
#include "tread_rule.hpp"

namespace tractive::detail {

struct ClosestOnTriangle {
    Vec3 point;
    bool on_face = false;  // inside the face, not on an edge or a corner
};

// Ericson's closest point on triangle abc to p, by its Voronoi regions.
inline ClosestOnTriangle closest_on_triangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 ab = b - a, ac = c - a, ap = p - a;
    const double d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0.0 && d2 <= 0.0) return {a, false};
    const Vec3 bp = p - b;
    const double d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0.0 && d4 <= d3) return {b, false};
    const double vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) return {a + ab * (d1 / (d1 - d3)), false};
    const Vec3 cp = p - c;
    const double d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0.0 && d5 <= d6) return {c, false};
    const double vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) return {a + ac * (d2 / (d2 - d6)), false};
    const double va = d3 * d6 - d5 * d4;
    if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) return {b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6))), false};
    const double denom = 1.0 / (va + vb + vc);
    return {a + ab * (vb * denom) + ac * (vc * denom), true};
}

// What a ground's spheres_clear keeps between a sphere and the highest vertex it could reach
// (heightfield_ground.cpp, mesh_ground.cpp): far more than the rounding of a closest point and
// its distance (offer_triangle's arithmetic) at the coordinates a ground may have.
inline constexpr double kSpheresClearMargin_m = 1e-6;

// The contact of the wheel with triangle abc (unit face normal face_normal, pointing out of the
// surface), if the triangle reaches the wheel; `best` keeps the deepest one (smallest hub
// height) over the triangles offered. hub_inside() says whether the hub is inside the ground
// (asked only for an edge or corner the hub is behind the face of, so rarely).
template <class HubInside>
void offer_triangle(const WheelProbe& wheel, const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& face_normal, double friction_factor,
                    double rolling_resistance, std::uint32_t feature, GroundContact& best, HubInside&& hub_inside) {
    // (friction_factor: the surface's for this wheel's tyre, GroundSurface::friction_factor)
    const ClosestOnTriangle q = closest_on_triangle(wheel.hub_m, a, b, c);
    const Vec3 d = wheel.hub_m - q.point;
    // A vertical face (a wall, a step's riser) has no up: it faces the hub.
    const Vec3 facing = face_normal.z == 0.0 && dot(d, face_normal) < 0.0 ? face_normal * -1.0 : face_normal;
    // A face turned more than 45 degrees out of the wheel's plane is beside the tread, whichever
    // of its points is nearest: the face under a wheel lying on its side, and the edges and corners
    // of that face's flat neighbours, which the direction test below alone let through (a
    // heightfield's grid offered them; a tyre lying flat was pushed up by its radius as if it
    // stood on them, and the car launched onto its roof where a two-triangle plate let it rest).
    if (beside_tread(facing, wheel.axle)) return;
    const double along_face = dot(d, facing);
    double height = 0.0;
    Vec3 normal;
    if (q.on_face) {
        height = along_face;  // signed: below the surface once sunk through
        normal = facing;
        if (!(height < wheel.radius_m)) return;
    } else {
        // (Squared distances first: most edges a query meets are neither in reach nor deeper.)
        const double distance2 = dot(d, d);
        if (!(distance2 < wheel.radius_m * wheel.radius_m)) return;
        const bool inside = along_face < 0.0 && hub_inside();
        if (!inside && best.found && best.hub_height_m >= 0.0 && !(distance2 < best.hub_height_m * best.hub_height_m)) return;
        const double distance = std::sqrt(distance2);
        if (!(distance > 0.0)) {  // the hub on the edge itself: the face's normal
            height = 0.0;
            normal = facing;
        } else {
            height = inside ? -distance : distance;
            normal = inside ? d / -distance : d / distance;
        }
    }
    // Beside the tread: the direction to the hub more than 45 degrees out of the wheel's plane
    // (never for a body point, whose axle is zero).
    if (beside_tread(normal, wheel.axle)) return;
    // The contact kept over the triangles offered: a hub inside the ground over one outside it;
    // outside, the nearest surface; inside, the nearest way out. (Inside, the deepest was kept
    // until 2026-11-27: a body point sunk its 10 mm under a heightfield's flat cell took a
    // neighbouring cell's edge, farther and leaning, as its contact and was pushed sideways; the
    // roadster sliding on its roof stopped 0.27 m from where it stops on the road or a plate.)
    if (best.found) {
        const bool inside_now = height < 0.0, inside_best = best.hub_height_m < 0.0;
        const bool better = inside_now != inside_best ? inside_now : inside_now ? height > best.hub_height_m : height < best.hub_height_m;
        if (!better) return;
    }
    best.found = true;
    best.normal = normal;
    best.hub_height_m = height;
    best.point_m = wheel.hub_m - normal * height;
    best.friction_factor = friction_factor;
    best.rolling_resistance_factor = rolling_resistance;
    best.surface_velocity_m_per_s = Vec3{};
    best.feature = feature;
}

}  // namespace tractive::detail
