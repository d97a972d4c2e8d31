#pragma once
// A ground of heights on a regular grid (terrain from a 16-bit PNG or a CSV table,
// io/ground_loader.hpp): sample (i, j) at x = origin_x + i spacing_x, y = origin_y + j spacing_y.
// Each cell is two triangles (split along its diagonal from (i, j) to (i + 1, j + 1)), so heights
// and normals are exact on each triangle and a wheel meets the grid as it meets a mesh
// (triangle_contact.hpp): a ridge or a step between samples is an edge the rim rolls over.

#include <cstdint>
#include <optional>
#include <vector>

#include "tractive/world/ground.hpp"
#include "tractive/world/mesh_ground.hpp"

namespace tractive {

struct Heightfield {
    std::uint32_t columns = 0;  // samples along x
    std::uint32_t rows = 0;     // samples along y
    double origin_x_m = 0.0, origin_y_m = 0.0;
    double spacing_x_m = 1.0, spacing_y_m = 1.0;
    std::vector<double> heights_m;  // row-major, row j (y) after row j - 1: heights_m[j * columns + i]
    GroundSurface surface;
};

class HeightfieldGround final : public Ground {
public:
    // Throws std::invalid_argument for fewer than 2 x 2 samples, a size that does not match,
    // a spacing that is not positive and finite, or a height that is not finite.
    explicit HeightfieldGround(Heightfield field);
    [[nodiscard]] GroundContact wheel_contact(const WheelProbe& wheel) const override;
    [[nodiscard]] std::optional<SurfacePoint> surface_at(double x_m, double y_m) const override;
    // From the samples of the cells within each sphere's reach: clear where all lie below it.
    [[nodiscard]] bool spheres_clear(std::span<const Vec3> centres_m, double radius_m) const override;
    [[nodiscard]] const Heightfield& field() const { return field_; }

private:
    [[nodiscard]] Vec3 sample(std::uint32_t i, std::uint32_t j) const;
    Heightfield field_;
};

}  // namespace tractive
