#pragma once
// A ground of triangles (a track, a car park, a ramp), each with a surface: friction and rolling
// resistance factors, with VDrift's blend by the tyre's tread. A bounding-volume hierarchy
// built once finds the triangles within a wheel's reach, so a step's query costs a few node
// tests and a few triangles however large the mesh.
//
// Faces are turned to face up (a positive z component of their normal), whatever the file's
// winding: a ground is walked on from above. A vertical face keeps its winding.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tractive/core/vec3.hpp"
#include "tractive/world/ground.hpp"

namespace tractive {

// A surface's material, as VDrift's track surfaces give it: a friction factor for a road tyre
// (tread 0, VDrift's non-tread friction) and one for an off-road tyre (tread 1, its tread
// friction), blended by the tyre's tread (WheelProbe::tread), and a factor on the tyre's rolling
// resistance.
struct GroundSurface {
    std::string name = "default";
    double friction_road_tyre = 1.0;
    double friction_off_road_tyre = 1.0;
    double rolling_resistance = 1.0;
    [[nodiscard]] double friction_factor(double tread) const {
        return friction_road_tyre + tread * (friction_off_road_tyre - friction_road_tyre);
    }
    friend bool operator==(const GroundSurface&, const GroundSurface&) = default;
};

struct TriangleMesh {
    std::vector<Vec3> vertices_m;
    std::vector<std::array<std::uint32_t, 3>> triangles;  // vertex indices
    std::vector<std::uint32_t> surface_of_triangle;       // index into surfaces (empty: all 0)
    std::vector<GroundSurface> surfaces{GroundSurface{}};
};

class MeshGround final : public Ground {
public:
    // Throws std::invalid_argument for a mesh with no triangles, an index out of range, a
    // non-finite vertex or a degenerate (zero-area) triangle, naming the triangle.
    explicit MeshGround(TriangleMesh mesh);
    [[nodiscard]] GroundContact wheel_contact(const WheelProbe& wheel) const override;
    [[nodiscard]] std::optional<SurfacePoint> surface_at(double x_m, double y_m) const override;
    // From the boxes and triangles within each sphere's reach: clear where all lie below it.
    [[nodiscard]] bool spheres_clear(std::span<const Vec3> centres_m, double radius_m) const override;

    [[nodiscard]] const TriangleMesh& mesh() const { return mesh_; }
    [[nodiscard]] Vec3 lower_corner_m() const { return nodes_.front().lo; }
    [[nodiscard]] Vec3 upper_corner_m() const { return nodes_.front().hi; }

private:
    struct Node {
        Vec3 lo, hi;              // bounds
        std::uint32_t first = 0;  // leaf: first index into order_; inner: the right child (left is next)
        std::uint32_t count = 0;  // leaf: triangles; 0 for an inner node
    };
    // centroid_sums: three times each triangle's centroid, (a + b) + c.
    std::uint32_t build(std::uint32_t first, std::uint32_t count, int depth, const std::vector<Vec3>& centroid_sums);
    [[nodiscard]] std::optional<double> height_over(std::uint32_t triangle, double x_m, double y_m) const;
    [[nodiscard]] std::optional<double> nearest_surface_z(const Vec3& p, double reach_m) const;
    template <class Skip, class Visit>
    void walk_over(double x_m, double y_m, Skip&& skip, Visit&& visit) const;  // (mesh_ground.cpp)

    TriangleMesh mesh_;
    std::vector<Vec3> face_normals_;      // unit, facing up
    std::vector<std::array<std::uint32_t, 3>> neighbours_;  // across each edge; the triangle itself where none
    std::vector<std::uint32_t> order_;    // triangle indices, leaf by leaf
    std::vector<Node> nodes_;
};

}  // namespace tractive
