#pragma once
// A VDrift car's collision shape as spheres (VehicleSpec::body_spheres). VDrift gives each
// top-level part P of a .car file at most one shape (its LoadCollisionShape, src/
// loadcollisionshape.cpp, called for every part by CarDynamics::Load): [P.hull], else [P.box],
// else [P.capsule], placed by P's position and rotation. Its hulls are Bullet multi-sphere
// shapes, the convex hull of their spheres; against a surface that is flat where it touches, such
// a hull meets it with one of its spheres, so the spheres themselves are the shape here. Boxes
// and capsules become the spheres that span them the same way. All in the file's axes (x right,
// y forward, z up), before the loader turns them into the car's.

#include <array>
#include <vector>

#include "tractive/core/vec3.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive::vdrift {

// Where a part sits: its position (m) and its rotation (degrees), as the part's section gives
// them. VDrift reads rotation = a, b, c as Bullet's btQuaternion(yaw = b, pitch = a, roll = c),
// the rotation Ry(b) Rx(a) Rz(c).
struct PartPlacement {
    Vec3 position_m;
    Vec3 rotation_deg;
};

struct FileSphere {
    Vec3 centre_m;
    double radius_m = 0.0;
};

// A sphere standing in for a corner or a hull point is one of kBodyPointRadius_m (the 2009
// format's contact points' size), set inside the shape by its radius so that the corner or point
// stays its edge.
inline constexpr double kCornerSphereRadius_m = kBodyPointRadius_m;

// [P.hull] rows "x, y, z, r": a sphere of radius r at each point. A row without a radius (r = 0,
// a hull of points in older files) is a 5 cm sphere moved 5 cm towards the points' centroid
// (less where the point is nearer to it): the point stays on it, the farthest it reaches along
// the line from the centroid.
std::vector<FileSphere> hull_spheres(const std::vector<std::array<double, 4>>& rows, const PartPlacement& part);

// [P.box] center and size (full lengths along the part's axes; the centre offsets the part's
// position in the file's axes, unrotated, as VDrift adds it): a sphere in each of its 8 corners,
// of 5 cm or half the box's smallest side where that is less.
std::vector<FileSphere> box_spheres(const Vec3& centre_m, const Vec3& size_m, const PartPlacement& part);

// [P.capsule] center and size: Bullet's capsule along the size's longest axis, the distance
// between its end spheres' centres that length, their radius half the shortest.
std::vector<FileSphere> capsule_spheres(const Vec3& centre_m, const Vec3& size_m, const PartPlacement& part);

}  // namespace tractive::vdrift
