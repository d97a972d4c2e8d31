#include "tractive/world/heightfield_ground.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "triangle_contact.hpp"

namespace tractive {

namespace {

// The cells (indices, -1 and one past the last for beyond the field) a span [lo, hi] of x or y
// crosses.
std::pair<std::int64_t, std::int64_t> cell_range(double lo, double hi, double origin, double spacing, std::uint32_t samples) {
    const double first = std::floor((lo - origin) / spacing), last = std::floor((hi - origin) / spacing);
    const double top = static_cast<double>(samples) - 2.0;  // the last cell's index
    return {static_cast<std::int64_t>(std::clamp(first, -1.0, top + 1.0)), static_cast<std::int64_t>(std::clamp(last, -1.0, top + 1.0))};
}

}  // namespace

HeightfieldGround::HeightfieldGround(Heightfield field) : field_(std::move(field)) {
    const Heightfield& f = field_;
    if (f.columns < 2 || f.rows < 2) {
        throw std::invalid_argument(fmt::format("heightfield: at least 2 x 2 samples, got {} x {}", f.columns, f.rows));
    }
    if (f.heights_m.size() != static_cast<std::size_t>(f.columns) * f.rows) {
        throw std::invalid_argument(fmt::format("heightfield: {} x {} samples need {} heights, got {}", f.columns, f.rows,
                                                static_cast<std::size_t>(f.columns) * f.rows, f.heights_m.size()));
    }
    if (!(f.spacing_x_m > 0.0) || !(f.spacing_y_m > 0.0) || !std::isfinite(f.spacing_x_m) || !std::isfinite(f.spacing_y_m)) {
        throw std::invalid_argument(fmt::format("heightfield: spacings must be positive and finite, got {} and {} m", f.spacing_x_m, f.spacing_y_m));
    }
    if (!std::isfinite(f.origin_x_m) || !std::isfinite(f.origin_y_m)) throw std::invalid_argument("heightfield: the origin is not finite");
    for (std::size_t k = 0; k < f.heights_m.size(); ++k) {
        if (!std::isfinite(f.heights_m[k]) || std::abs(f.heights_m[k]) > 1e9) {
            throw std::invalid_argument(fmt::format("heightfield: height at column {}, row {} is {}: expected a finite height within 1e9 m",
                                                    k % f.columns + 1, k / f.columns + 1, f.heights_m[k]));
        }
    }
}

Vec3 HeightfieldGround::sample(std::uint32_t i, std::uint32_t j) const {
    const Heightfield& f = field_;
    return {f.origin_x_m + i * f.spacing_x_m, f.origin_y_m + j * f.spacing_y_m, f.heights_m[static_cast<std::size_t>(j) * f.columns + i]};
}

// Every cell within the wheel's reach of the hub (in x and y), both its triangles.
GroundContact HeightfieldGround::wheel_contact(const WheelProbe& wheel) const {
    const Heightfield& f = field_;
    GroundContact best;
    const double r = wheel.radius_m;
    if (!std::isfinite(wheel.hub_m.x) || !std::isfinite(wheel.hub_m.y) || !(r > 0.0)) return best;
    const auto [i0, i1] = cell_range(wheel.hub_m.x - r, wheel.hub_m.x + r, f.origin_x_m, f.spacing_x_m, f.columns);
    const auto [j0, j1] = cell_range(wheel.hub_m.y - r, wheel.hub_m.y + r, f.origin_y_m, f.spacing_y_m, f.rows);
    const double friction_factor = f.surface.friction_factor(wheel.tread);
    // The field is a height over x and y: a hub is inside the ground where it is below it.
    int below = -1;  // not yet asked
    const auto hub_inside = [&] {
        if (below < 0) {
            const std::optional<SurfacePoint> s = surface_at(wheel.hub_m.x, wheel.hub_m.y);
            below = s && wheel.hub_m.z < s->z_m ? 1 : 0;
        }
        return below == 1;
    };
    for (std::int64_t j = std::max<std::int64_t>(j0, 0); j <= std::min<std::int64_t>(j1, f.rows - 2); ++j) {
        for (std::int64_t i = std::max<std::int64_t>(i0, 0); i <= std::min<std::int64_t>(i1, f.columns - 2); ++i) {
            const auto ui = static_cast<std::uint32_t>(i), uj = static_cast<std::uint32_t>(j);
            const Vec3 a = sample(ui, uj), b = sample(ui + 1, uj), c = sample(ui + 1, uj + 1), d = sample(ui, uj + 1);
            const auto cell = static_cast<std::uint32_t>(j * (f.columns - 1) + i);
            // Lower-right triangle a b c and upper-left a c d; normals facing up (counter-clockwise seen from above).
            const Vec3 n1 = cross(b - a, c - a), n2 = cross(c - a, d - a);
            detail::offer_triangle(wheel, a, b, c, n1 / norm(n1), friction_factor, f.surface.rolling_resistance, 2 * cell, best, hub_inside);
            detail::offer_triangle(wheel, a, c, d, n2 / norm(n2), friction_factor, f.surface.rolling_resistance, 2 * cell + 1, best, hub_inside);
        }
    }
    return best;
}

// Every sample of the cells wheel_contact would offer the sphere more than its radius (and a
// margin) below its centre: every point of their triangles is, so none is within the radius, and
// the centre is above the field, not inside it.
bool HeightfieldGround::spheres_clear(std::span<const Vec3> centres_m, double radius_m) const {
    const Heightfield& f = field_;
    if (!(radius_m > 0.0)) return false;
    for (const Vec3& c : centres_m) {
        if (!std::isfinite(c.x) || !std::isfinite(c.y) || !std::isfinite(c.z)) return false;
        const double ceiling = c.z - radius_m - detail::kSpheresClearMargin_m;
        const auto [i0, i1] = cell_range(c.x - radius_m, c.x + radius_m, f.origin_x_m, f.spacing_x_m, f.columns);
        const auto [j0, j1] = cell_range(c.y - radius_m, c.y + radius_m, f.origin_y_m, f.spacing_y_m, f.rows);
        // (Samples of the cells from (i0, j0) to (i1, j1) within the field: columns i0 .. i1 + 1.)
        for (std::int64_t j = std::max<std::int64_t>(j0, 0); j <= std::min<std::int64_t>(j1 + 1, f.rows - 1); ++j) {
            for (std::int64_t i = std::max<std::int64_t>(i0, 0); i <= std::min<std::int64_t>(i1 + 1, f.columns - 1); ++i) {
                if (!(f.heights_m[static_cast<std::size_t>(j) * f.columns + static_cast<std::size_t>(i)] < ceiling)) return false;
            }
        }
    }
    return true;
}

std::optional<SurfacePoint> HeightfieldGround::surface_at(double x_m, double y_m) const {
    const Heightfield& f = field_;
    const double u = (x_m - f.origin_x_m) / f.spacing_x_m, v = (y_m - f.origin_y_m) / f.spacing_y_m;
    if (!(u >= 0.0 && v >= 0.0 && u <= f.columns - 1.0 && v <= f.rows - 1.0)) return std::nullopt;
    const auto i = static_cast<std::uint32_t>(std::min(std::floor(u), f.columns - 2.0));
    const auto j = static_cast<std::uint32_t>(std::min(std::floor(v), f.rows - 2.0));
    const double s = u - i, t = v - j;
    const Vec3 a = sample(i, j), b = sample(i + 1, j), c = sample(i + 1, j + 1), d = sample(i, j + 1);
    // Lower-right triangle (s >= t): a + s (b - a) + t (c - b); upper-left: a + s (c - d) + t (d - a).
    const bool lower = s >= t;
    const double z = lower ? a.z + s * (b.z - a.z) + t * (c.z - b.z) : a.z + s * (c.z - d.z) + t * (d.z - a.z);
    const Vec3 n = lower ? cross(b - a, c - a) : cross(c - a, d - a);
    return SurfacePoint{z, n / norm(n), f.surface.friction_factor(0.0)};
}

}  // namespace tractive
