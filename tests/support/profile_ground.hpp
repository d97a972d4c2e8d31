#pragma once
// A ground made of planes for the tessellation tests: a profile z = f(x) (piecewise linear, a
// vertical piece where two points share an x: a step's riser) extruded across the road with a
// constant bank slope, z = f(x) + bank_slope * y.
//
// ProfileGround answers wheel queries from the profile itself, in the plane across the extrusion
// (exact two-dimensional geometry: the closest point on a polyline), with the contact rules of
// world/triangle_contact.hpp: a wheel is a sphere of its radius; on a piece the hub's height is
// its signed distance along the piece's normal, at a corner of the profile the distance from the
// corner with the normal from the corner to the hub (minus the distance, and towards the corner,
// where the hub is below the surface); nothing beside the tread. It is the analytic road of
// these surfaces: no triangles at all.
//
// tessellate_profile turns the same surface into triangles of random sizes: faces from
// min_face_m to max_face_m along and across, each piece cut on its own (so that the seams between
// pieces have T-junctions, as game tracks do), each cell split along a random diagonal.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <vector>

#include "tractive/world/ground.hpp"
#include "tractive/world/mesh_ground.hpp"

namespace tractive::test {

struct Profile {
    std::vector<double> x_m, z_m;  // x non-decreasing; equal neighbours: a vertical piece
    double bank_slope = 0.0;       // dz/dy
};

class ProfileGround final : public Ground {
public:
    explicit ProfileGround(Profile p) : p_(std::move(p)) {
        if (p_.x_m.size() < 2 || p_.x_m.size() != p_.z_m.size()) throw std::invalid_argument("profile: at least two points");
        k_ = std::sqrt(1.0 + p_.bank_slope * p_.bank_slope);
        e2_ = Vec3{0.0, -p_.bank_slope, 1.0} / k_;  // across the extrusion, up
    }

    [[nodiscard]] GroundContact wheel_contact(const WheelProbe& wheel) const override {
        // The plane across the extrusion direction (0, 1, bank) / k: coordinates u = x and v
        // along e2; distances there are distances in space.
        const Vec3& hub = wheel.hub_m;
        const double pu = hub.x, pv = dot(hub, e2_);
        const bool below = hub.z < height_at(hub.x) + p_.bank_slope * hub.y;
        GroundContact best;
        const auto consider = [&](double height, double nu, double nv) {
            if (!(std::abs(height) < wheel.radius_m)) return;
            const Vec3 normal = Vec3{nu, 0.0, 0.0} + e2_ * nv;
            if (std::abs(dot(normal, wheel.axle)) > std::sqrt(0.5)) return;
            if (best.found && !(height < best.hub_height_m)) return;
            best.found = true;
            best.normal = normal;
            best.hub_height_m = height;
            best.point_m = hub - normal * height;
        };
        // Only the pieces and corners within reach along x (the profile's x is sorted).
        const std::size_t n = p_.x_m.size();
        const auto near = std::lower_bound(p_.x_m.begin(), p_.x_m.end(), pu - wheel.radius_m);
        const std::size_t first = near == p_.x_m.begin() ? 0 : static_cast<std::size_t>(near - p_.x_m.begin()) - 1;
        const std::size_t last = static_cast<std::size_t>(std::upper_bound(p_.x_m.begin(), p_.x_m.end(), pu + wheel.radius_m) - p_.x_m.begin());
        for (std::size_t i = first; i + 1 < n && i <= last; ++i) {
            const double au = p_.x_m[i], av = p_.z_m[i] / k_, bu = p_.x_m[i + 1], bv = p_.z_m[i + 1] / k_;
            const double du = bu - au, dv = bv - av, len = std::hypot(du, dv);
            const double s = ((pu - au) * du + (pv - av) * dv) / (len * len);
            if (s > 0.0 && s < 1.0) {
                double nu = -dv / len, nv = du / len;  // up out of the surface
                if (du == 0.0 && nu * (pu - au) < 0.0) nu = -nu;  // a riser faces the hub
                consider((pu - au) * nu + (pv - av) * nv, nu, nv);
            }
        }
        for (std::size_t i = first; i < n && i <= last; ++i) {  // the corners (and the ends)
            const double du = pu - p_.x_m[i], dv = pv - p_.z_m[i] / k_, d = std::hypot(du, dv);
            if (d > 0.0) consider(below ? -d : d, (below ? -du : du) / d, (below ? -dv : dv) / d);
        }
        return best;
    }

    [[nodiscard]] std::optional<SurfacePoint> surface_at(double x_m, double y_m) const override {
        const std::size_t i = piece_at(x_m);
        const double du = p_.x_m[i + 1] - p_.x_m[i], dz = p_.z_m[i + 1] - p_.z_m[i];
        const Vec3 normal = Vec3{-dz, -p_.bank_slope * du, du} / std::sqrt(dz * dz + du * du * (1.0 + p_.bank_slope * p_.bank_slope));
        return SurfacePoint{height_at(x_m) + p_.bank_slope * y_m, normal, 1.0};
    }

    // f(x): the highest point of the profile over x (the top of a riser).
    [[nodiscard]] double height_at(double x_m) const {
        const std::size_t i = piece_at(x_m);
        const double x0 = p_.x_m[i], x1 = p_.x_m[i + 1];
        return p_.z_m[i] + (p_.z_m[i + 1] - p_.z_m[i]) * std::clamp((x_m - x0) / (x1 - x0), 0.0, 1.0);
    }

private:
    // The last sloping piece whose span holds x (the profile's end pieces carry on beyond it).
    [[nodiscard]] std::size_t piece_at(double x_m) const {
        const std::size_t n = p_.x_m.size();
        auto i = static_cast<std::size_t>(std::upper_bound(p_.x_m.begin(), p_.x_m.end(), x_m) - p_.x_m.begin());
        i = std::clamp<std::size_t>(i, 1, n - 1) - 1;  // x_m[i] <= x < x_m[i + 1], the ends carried on
        while (i > 0 && !(p_.x_m[i + 1] > p_.x_m[i])) --i;  // a riser: the piece before it
        return i;
    }

    Profile p_;
    double k_ = 1.0;
    Vec3 e2_;
};

// Cuts [a, b] into pieces of random lengths between lo and hi (log-uniform; the last one may be
// shorter than lo where b - a is).
inline std::vector<double> random_cuts(double a, double b, double lo, double hi, std::mt19937_64& rng) {
    std::vector<double> cuts{a};
    std::uniform_real_distribution<double> log_length(std::log(lo), std::log(hi));
    while (b - cuts.back() > hi) cuts.push_back(cuts.back() + std::exp(log_length(rng)));
    if (b - cuts.back() > 2.0 * lo) cuts.push_back(0.5 * (cuts.back() + b));  // two last pieces in range
    cuts.push_back(b);
    return cuts;
}

// The profile's surface over y in [y0, y1] as triangles (see above).
inline TriangleMesh tessellate_profile(const Profile& p, double y0, double y1, double min_face_m, double max_face_m, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution diagonal(0.5);
    TriangleMesh m;
    for (std::size_t i = 0; i + 1 < p.x_m.size(); ++i) {
        const double x0 = p.x_m[i], x1 = p.x_m[i + 1], z0 = p.z_m[i], z1 = p.z_m[i + 1];
        // Along the piece: by x on a sloping piece, by z on a riser.
        const bool riser = x1 == x0;
        const std::vector<double> along = riser ? random_cuts(0.0, 1.0, 1.0, 1.0, rng)
                                                : random_cuts(x0, x1, min_face_m, max_face_m, rng);
        const std::vector<double> across = random_cuts(y0, y1, min_face_m, max_face_m, rng);
        const auto first = static_cast<std::uint32_t>(m.vertices_m.size());
        for (const double y : across) {
            for (const double a : along) {
                const double x = riser ? x0 : a;
                const double z = riser ? z0 + a * (z1 - z0) : z0 + (z1 - z0) * (x - x0) / (x1 - x0);
                m.vertices_m.push_back({x, y, z + p.bank_slope * y});
            }
        }
        const auto nu = static_cast<std::uint32_t>(along.size());
        const auto at = [&](std::uint32_t u, std::uint32_t v) { return first + v * nu + u; };
        for (std::uint32_t v = 0; v + 1 < across.size(); ++v) {
            for (std::uint32_t u = 0; u + 1 < nu; ++u) {
                if (diagonal(rng)) {
                    m.triangles.push_back({at(u, v), at(u + 1, v), at(u + 1, v + 1)});
                    m.triangles.push_back({at(u, v), at(u + 1, v + 1), at(u, v + 1)});
                } else {
                    m.triangles.push_back({at(u, v), at(u + 1, v), at(u, v + 1)});
                    m.triangles.push_back({at(u + 1, v), at(u + 1, v + 1), at(u, v + 1)});
                }
            }
        }
    }
    return m;
}

// A flat ground that answers a NaN normal for wheels beyond x = 20 m: no step can make sense of
// it there (for the failures a run must report rather than write as numbers).
class BrokenAheadGround final : public Ground {
public:
    GroundContact wheel_contact(const WheelProbe& w) const override {
        GroundContact c = flat_.wheel_contact(w);
        if (w.hub_m.x > 20.0) c.normal = {std::numeric_limits<double>::quiet_NaN(), 0.0, 1.0};
        return c;
    }
    std::optional<SurfacePoint> surface_at(double x, double y) const override { return flat_.surface_at(x, y); }

private:
    ProfileGround flat_{Profile{{-1e4, 1e4}, {0.0, 0.0}, 0.0}};
};

}  // namespace tractive::test
