// A triangle mesh's edge neighbours (edge_neighbours.hpp).
#include "edge_neighbours.hpp"

#include <algorithm>

namespace tractive::detail {

std::vector<std::array<std::uint32_t, 3>> edge_neighbours(std::span<const std::array<std::uint32_t, 3>> triangles,
                                                          std::size_t vertex_count) {
    const std::size_t n = triangles.size();
    std::vector<std::array<std::uint32_t, 3>> across(n);
    // Every edge once per triangle on it, filed under its lower vertex (a counting sort, in
    // triangle order): the upper vertex and the edge's place, 3 t + e.
    struct Edge {
        std::uint32_t upper;
        std::uint32_t slot;
    };
    std::vector<std::uint32_t> start(vertex_count + 1, 0);
    for (const auto& tri : triangles)
        for (int e = 0; e < 3; ++e) ++start[std::min(tri[e], tri[(e + 1) % 3]) + 1];
    for (std::size_t v = 0; v < vertex_count; ++v) start[v + 1] += start[v];
    std::vector<Edge> edges(3 * n);
    {
        std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
        for (std::size_t t = 0; t < n; ++t) {
            const auto& tri = triangles[t];
            for (std::uint32_t e = 0; e < 3; ++e) {
                const std::uint32_t u = tri[e], v = tri[(e + 1) % 3];
                edges[next[std::min(u, v)]++] = {std::max(u, v), static_cast<std::uint32_t>(3 * t + e)};
            }
        }
    }
    // Within each lower vertex's edges, those of one upper vertex together, in triangle order.
    for (std::size_t v = 0; v < vertex_count; ++v) {
        std::sort(edges.begin() + start[v], edges.begin() + start[v + 1],
                  [](const Edge& a, const Edge& b) { return a.upper < b.upper || (a.upper == b.upper && a.slot < b.slot); });
    }
    for (std::size_t t = 0; t < n; ++t) across[t] = {static_cast<std::uint32_t>(t), static_cast<std::uint32_t>(t), static_cast<std::uint32_t>(t)};
    for (std::size_t v = 0; v < vertex_count; ++v) {
        for (std::uint32_t k = start[v]; k < start[v + 1];) {
            std::uint32_t end = k + 1;
            while (end < start[v + 1] && edges[end].upper == edges[k].upper) ++end;
            if (end - k > 1) {
                const Edge first = edges[k], last = edges[end - 1];
                across[first.slot / 3][first.slot % 3] = last.slot / 3;
                for (std::uint32_t j = k + 1; j < end; ++j) across[edges[j].slot / 3][edges[j].slot % 3] = first.slot / 3;
            }
            k = end;
        }
    }
    return across;
}

}  // namespace tractive::detail
