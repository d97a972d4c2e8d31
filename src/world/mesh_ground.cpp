#include "tractive/world/mesh_ground.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "edge_neighbours.hpp"
#include "triangle_contact.hpp"

namespace tractive {

namespace {

constexpr std::uint32_t kLeafTriangles = 4;
constexpr int kMaxDepth = 48;  // deeper than any balanced tree of 2^32 triangles

Vec3 min3(const Vec3& a, const Vec3& b) { return {std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)}; }
Vec3 max3(const Vec3& a, const Vec3& b) { return {std::max(a.x, b.x), std::max(a.y, b.y), std::max(a.z, b.z)}; }

double axis(const Vec3& v, int k) { return k == 0 ? v.x : (k == 1 ? v.y : v.z); }

// Squared distance from p to the box [lo, hi] (0 inside).
double distance2_to_box(const Vec3& p, const Vec3& lo, const Vec3& hi) {
    const auto gap = [](double x, double a, double b) { return x < a ? a - x : (x > b ? x - b : 0.0); };
    const double dx = gap(p.x, lo.x, hi.x), dy = gap(p.y, lo.y, hi.y), dz = gap(p.z, lo.z, hi.z);
    return dx * dx + dy * dy + dz * dz;
}

}  // namespace

MeshGround::MeshGround(TriangleMesh mesh) : mesh_(std::move(mesh)) {
    const std::size_t n = mesh_.triangles.size();
    if (n == 0) throw std::invalid_argument("ground mesh: no triangles");
    if (n > std::numeric_limits<std::uint32_t>::max() / 3) throw std::invalid_argument("ground mesh: too many triangles");
    if (mesh_.surfaces.empty()) mesh_.surfaces.push_back(GroundSurface{});
    if (!mesh_.surface_of_triangle.empty() && mesh_.surface_of_triangle.size() != n) {
        throw std::invalid_argument(fmt::format("ground mesh: {} surface indices for {} triangles", mesh_.surface_of_triangle.size(), n));
    }
    if (mesh_.surface_of_triangle.empty()) mesh_.surface_of_triangle.assign(n, 0);
    for (const Vec3& v : mesh_.vertices_m) {
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) {
            throw std::invalid_argument("ground mesh: a vertex is not finite");
        }
    }
    face_normals_.resize(n);
    for (std::size_t t = 0; t < n; ++t) {
        const auto& tri = mesh_.triangles[t];
        for (const std::uint32_t i : tri) {
            if (i >= mesh_.vertices_m.size()) {
                throw std::invalid_argument(fmt::format("ground mesh: triangle {} names vertex {} of {}", t + 1, i + 1, mesh_.vertices_m.size()));
            }
        }
        if (mesh_.surface_of_triangle[t] >= mesh_.surfaces.size()) {
            throw std::invalid_argument(fmt::format("ground mesh: triangle {} has surface {} of {}", t + 1, mesh_.surface_of_triangle[t] + 1,
                                                    mesh_.surfaces.size()));
        }
        const Vec3& a = mesh_.vertices_m[tri[0]];
        const Vec3 c = cross(mesh_.vertices_m[tri[1]] - a, mesh_.vertices_m[tri[2]] - a);
        const double area2 = norm(c);
        if (!(area2 > 0.0)) throw std::invalid_argument(fmt::format("ground mesh: triangle {} has no area", t + 1));
        if (!std::isfinite(area2)) {
            throw std::invalid_argument(fmt::format("ground mesh: triangle {} is too large (coordinates beyond 1e150 m)", t + 1));
        }
        Vec3 normal = c / area2;
        if (std::abs(normal.z) < 1e-9) normal.z = 0.0;  // vertical: faces the hub (triangle_contact.hpp)
        if (normal.z < 0.0) normal = normal * -1.0;      // facing up
        face_normals_[t] = normal;
    }
    neighbours_ = detail::edge_neighbours(mesh_.triangles, mesh_.vertices_m.size());
    order_.resize(n);
    for (std::size_t t = 0; t < n; ++t) order_[t] = static_cast<std::uint32_t>(t);
    nodes_.reserve(2 * (n / kLeafTriangles + 1));
    // Three times each triangle's centroid, read at every level of the tree's build.
    std::vector<Vec3> centroid_sums(n);
    for (std::size_t t = 0; t < n; ++t) {
        const auto& tri = mesh_.triangles[t];
        centroid_sums[t] = mesh_.vertices_m[tri[0]] + mesh_.vertices_m[tri[1]] + mesh_.vertices_m[tri[2]];
    }
    build(0, static_cast<std::uint32_t>(n), 0, centroid_sums);
}

// Top-down, split at the median of the triangles' centroids along the bounds' longest axis.
std::uint32_t MeshGround::build(std::uint32_t first, std::uint32_t count, int depth, const std::vector<Vec3>& centroid_sums) {
    const auto index = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back({});
    Vec3 lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
    Vec3 hi = lo * -1.0;
    for (std::uint32_t k = first; k < first + count; ++k) {
        for (const std::uint32_t v : mesh_.triangles[order_[k]]) {
            lo = min3(lo, mesh_.vertices_m[v]);
            hi = max3(hi, mesh_.vertices_m[v]);
        }
    }
    nodes_[index].lo = lo;
    nodes_[index].hi = hi;
    if (count <= kLeafTriangles || depth >= kMaxDepth) {
        nodes_[index].first = first;
        nodes_[index].count = count;
        return index;
    }
    const Vec3 size = hi - lo;
    const int k = size.x >= size.y && size.x >= size.z ? 0 : (size.y >= size.z ? 1 : 2);
    const auto centroid = [&](std::uint32_t t) { return axis(centroid_sums[t], k); };
    const std::uint32_t half = count / 2;
    std::nth_element(order_.begin() + first, order_.begin() + first + half, order_.begin() + first + count,
                     [&](std::uint32_t a, std::uint32_t b) { return centroid(a) < centroid(b) || (centroid(a) == centroid(b) && a < b); });
    build(first, half, depth + 1, centroid_sums);
    const std::uint32_t right = build(first + half, count - half, depth + 1, centroid_sums);
    nodes_[index].first = right;
    nodes_[index].count = 0;
    return index;
}

// Nearest box first, and a box no nearer than the deepest contact found so far cannot hold a
// deeper one while that contact's height is >= 0 (a triangle's height is at least its distance
// from the hub then): on a flat mesh only the boxes under the hub are opened.
GroundContact MeshGround::wheel_contact(const WheelProbe& wheel) const {
    GroundContact best;
    const Vec3& hub = wheel.hub_m;
    const double reach2 = wheel.radius_m * wheel.radius_m;
    const auto out_of_reach = [&](double distance2) {
        if (!(distance2 < reach2)) return true;
        return best.found && best.hub_height_m >= 0.0 && distance2 >= best.hub_height_m * best.hub_height_m;
    };
    int inside = -1;  // not yet asked
    const auto hub_inside = [&] {
        if (inside < 0) {
            const std::optional<double> z = nearest_surface_z(hub, wheel.radius_m);
            inside = z && hub.z < *z ? 1 : 0;
        }
        return inside == 1;
    };
    const auto offer = [&](std::uint32_t t) {
        const auto& tri = mesh_.triangles[t];
        // The hub's distance from the triangle's plane bounds its distance from the triangle.
        const double plane_distance = std::abs(dot(hub - mesh_.vertices_m[tri[0]], face_normals_[t]));
        if (out_of_reach(plane_distance * plane_distance)) return;
        const GroundSurface& surface = mesh_.surfaces[mesh_.surface_of_triangle[t]];
        detail::offer_triangle(wheel, mesh_.vertices_m[tri[0]], mesh_.vertices_m[tri[1]], mesh_.vertices_m[tri[2]], face_normals_[t],
                               surface.friction_factor(wheel.tread), surface.rolling_resistance, t, best, hub_inside);
    };
    // The triangle touched last step and its edge neighbours first: the contact found there
    // prunes most of the tree (on a flat stretch all of it).
    if (wheel.hint < mesh_.triangles.size()) {
        offer(wheel.hint);
        for (const std::uint32_t t : neighbours_[wheel.hint]) {
            if (t != wheel.hint) offer(t);
        }
    }
    // (Each entry keeps its box's squared distance: a box pushed before the best contact was
    // found is tested again when it is popped.)
    struct Entry {
        std::uint32_t node;
        double distance2;
    };
    Entry stack[kMaxDepth + 2];
    int top = 0;
    const double root = distance2_to_box(hub, nodes_[0].lo, nodes_[0].hi);
    if (!out_of_reach(root)) stack[top++] = {0, root};
    while (top > 0) {
        const Entry entry = stack[--top];
        if (out_of_reach(entry.distance2)) continue;
        const Node& node = nodes_[entry.node];
        if (node.count == 0) {
            const std::uint32_t left = entry.node + 1, right = node.first;
            const double d_left = distance2_to_box(hub, nodes_[left].lo, nodes_[left].hi);
            const double d_right = distance2_to_box(hub, nodes_[right].lo, nodes_[right].hi);
            const bool left_first = d_left <= d_right;
            const Entry near{left_first ? left : right, left_first ? d_left : d_right};
            const Entry far{left_first ? right : left, left_first ? d_right : d_left};
            if (!out_of_reach(far.distance2)) stack[top++] = far;
            if (!out_of_reach(near.distance2)) stack[top++] = near;
            continue;
        }
        for (std::uint32_t k = node.first; k < node.first + node.count; ++k) offer(order_[k]);
    }
    return best;
}

// Every box within a sphere's reach (as wheel_contact walks them) either wholly more than the
// radius (and a margin) below its centre, or a leaf whose triangles' vertices all are: then no
// triangle wheel_contact would offer is within the radius, and the centre is above them all.
// (A body point has no hint: only the boxes in reach are offered.)
bool MeshGround::spheres_clear(std::span<const Vec3> centres_m, double radius_m) const {
    const double reach2 = radius_m * radius_m;
    if (!(radius_m > 0.0)) return false;
    for (const Vec3& c : centres_m) {
        if (!std::isfinite(c.x) || !std::isfinite(c.y) || !std::isfinite(c.z)) return false;
        const double ceiling = c.z - radius_m - detail::kSpheresClearMargin_m;
        std::uint32_t stack[kMaxDepth + 2];
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
            const std::uint32_t index = stack[--top];
            const Node& node = nodes_[index];
            if (!(distance2_to_box(c, node.lo, node.hi) < reach2) || node.hi.z < ceiling) continue;
            if (node.count == 0) {
                stack[top++] = node.first;
                stack[top++] = index + 1;
                continue;
            }
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                for (const std::uint32_t v : mesh_.triangles[order_[k]]) {
                    if (!(mesh_.vertices_m[v].z < ceiling)) return false;
                }
            }
        }
    }
    return true;
}

// Visits the triangles of every leaf whose box holds (x, y) seen from above, skipping a box that
// skip(node) rules out: the walk of surface_at and nearest_surface_z.
template <class Skip, class Visit>
void MeshGround::walk_over(double x_m, double y_m, Skip&& skip, Visit&& visit) const {
    std::uint32_t stack[kMaxDepth + 2];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& node = nodes_[stack[--top]];
        if (x_m < node.lo.x || x_m > node.hi.x || y_m < node.lo.y || y_m > node.hi.y || skip(node)) continue;
        if (node.count == 0) {
            stack[top++] = node.first;
            stack[top++] = static_cast<std::uint32_t>(&node - nodes_.data()) + 1;
            continue;
        }
        for (std::uint32_t k = node.first; k < node.first + node.count; ++k) visit(order_[k]);
    }
}

// Straight up and down from p, within reach of it: the surface nearest p.
std::optional<double> MeshGround::nearest_surface_z(const Vec3& p, double reach_m) const {
    std::optional<double> best;
    const auto skip = [&](const Node& node) {
        const double window = best ? std::abs(*best - p.z) : reach_m;
        return node.lo.z > p.z + window || node.hi.z < p.z - window;
    };
    walk_over(p.x, p.y, skip, [&](std::uint32_t t) {
        const std::optional<double> z = height_over(t, p.x, p.y);
        if (z && std::abs(*z - p.z) <= reach_m && (!best || std::abs(*z - p.z) < std::abs(*best - p.z))) best = z;
    });
    return best;
}

// The height of triangle t over (x, y), if (x, y) is within its projection on the x-y plane.
std::optional<double> MeshGround::height_over(std::uint32_t t, double x_m, double y_m) const {
    if (!(face_normals_[t].z > 0.0)) return std::nullopt;  // a vertical face has no point above (x, y)
    const auto& tri = mesh_.triangles[t];
    const Vec3& a = mesh_.vertices_m[tri[0]];
    const Vec3& b = mesh_.vertices_m[tri[1]];
    const Vec3& c = mesh_.vertices_m[tri[2]];
    // Barycentric coordinates of (x, y) in the triangle's projection on the x-y plane.
    const double det = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y);
    if (det == 0.0) return std::nullopt;
    const double l1 = ((b.y - c.y) * (x_m - c.x) + (c.x - b.x) * (y_m - c.y)) / det;
    const double l2 = ((c.y - a.y) * (x_m - c.x) + (a.x - c.x) * (y_m - c.y)) / det;
    const double l3 = 1.0 - l1 - l2;
    // (A point on an edge shared by two triangles must not fall between them by rounding.)
    constexpr double kOnEdge = -1e-12;
    if (l1 < kOnEdge || l2 < kOnEdge || l3 < kOnEdge) return std::nullopt;
    return l1 * a.z + l2 * b.z + l3 * c.z;
}

std::optional<SurfacePoint> MeshGround::surface_at(double x_m, double y_m) const {
    std::optional<SurfacePoint> best;
    walk_over(x_m, y_m, [&](const Node& node) { return best && node.hi.z <= best->z_m; }, [&](std::uint32_t t) {
        const std::optional<double> z = height_over(t, x_m, y_m);
        if (z && (!best || *z > best->z_m)) best = SurfacePoint{*z, face_normals_[t], mesh_.surfaces[mesh_.surface_of_triangle[t]].friction_factor(0.0)};
    });
    return best;
}

}  // namespace tractive
