// A mesh's edge neighbours (src/world/edge_neighbours.hpp) against the rule worked out plainly:
// every triangle on an edge listed by that edge in a map.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "support/grounds.hpp"
#include "world/edge_neighbours.hpp"

using tractive::detail::edge_neighbours;
using Triangles = std::vector<std::array<std::uint32_t, 3>>;

namespace {

// The rule as the header states it, from a map of each edge's triangles in order.
Triangles neighbours_by_the_rule(const Triangles& triangles) {
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::pair<std::uint32_t, int>>> on_edge;
    for (std::uint32_t t = 0; t < triangles.size(); ++t)
        for (int e = 0; e < 3; ++e) {
            const std::uint32_t u = triangles[t][e], v = triangles[t][(e + 1) % 3];
            on_edge[{std::min(u, v), std::max(u, v)}].push_back({t, e});
        }
    Triangles across(triangles.size());
    for (std::uint32_t t = 0; t < triangles.size(); ++t) across[t] = {t, t, t};
    for (const auto& [edge, list] : on_edge) {
        if (list.size() < 2) continue;
        across[list.front().first][list.front().second] = list.back().first;  // the first gets the last
        for (std::size_t j = 1; j < list.size(); ++j) across[list[j].first][list[j].second] = list.front().first;
    }
    return across;
}

}  // namespace

TEST(EdgeNeighbours, AGridsTrianglesMeetAcrossEveryInnerEdge) {
    const tractive::TriangleMesh grid = tractive::test::plane_grid(0.0, 6.0, 0.0, 4.0, 1.0);
    const Triangles across = edge_neighbours(grid.triangles, grid.vertices_m.size());
    ASSERT_EQ(across.size(), 48u);
    std::size_t inner = 0, boundary = 0;
    for (std::uint32_t t = 0; t < across.size(); ++t)
        for (int e = 0; e < 3; ++e) {
            const std::uint32_t o = across[t][e];
            if (o == t) {
                ++boundary;
                continue;
            }
            ++inner;
            // The neighbour has the same edge, and names this triangle across it.
            const std::uint32_t u = grid.triangles[t][e], v = grid.triangles[t][(e + 1) % 3];
            int shared = -1;
            for (int f = 0; f < 3; ++f) {
                const std::uint32_t a = grid.triangles[o][f], b = grid.triangles[o][(f + 1) % 3];
                if (std::min(a, b) == std::min(u, v) && std::max(a, b) == std::max(u, v)) shared = f;
            }
            ASSERT_GE(shared, 0) << "triangle " << t << " edge " << e;
            EXPECT_EQ(across[o][shared], t);
        }
    EXPECT_EQ(boundary, 2u * (6 + 4));  // the grid's rim: one triangle edge per cell side
    EXPECT_EQ(inner, 3u * 48 - boundary);
}

// Shuffled meshes with edges shared by three, four and many triangles (a fan of pages on one
// edge), and vertices met by many edges, against the rule.
TEST(EdgeNeighbours, NonManifoldAndShuffledMeshesFollowTheRule) {
    std::mt19937 rng(11);
    for (int round = 0; round < 200; ++round) {
        const tractive::TriangleMesh grid = tractive::test::plane_grid(0.0, 1.0 + round % 7, 0.0, 1.0 + round % 5, 1.0);
        Triangles triangles = grid.triangles;
        auto vertex_count = static_cast<std::uint32_t>(grid.vertices_m.size());
        std::uniform_int_distribution<std::size_t> pick(0, triangles.size() - 1);
        const int extra = round % 4 == 0 ? 40 : round % 6;
        for (int k = 0; k < extra; ++k) {  // another triangle on an existing edge, to a new vertex
            const auto& base = triangles[pick(rng)];
            const int e = static_cast<int>(rng() % 3);
            triangles.push_back({base[(e + 1) % 3], base[e], vertex_count++});
        }
        if (round % 3 == 0) {  // many pages on one edge
            const auto base = triangles.front();
            for (int k = 0; k < 30; ++k) triangles.push_back({base[1], base[0], vertex_count++});
        }
        std::shuffle(triangles.begin(), triangles.end(), rng);
        for (auto& tri : triangles) std::rotate(tri.begin(), tri.begin() + static_cast<long>(rng() % 3), tri.end());
        ASSERT_EQ(edge_neighbours(triangles, vertex_count), neighbours_by_the_rule(triangles)) << "round " << round;
    }
}

TEST(EdgeNeighbours, ALoneTriangleIsItsOwnNeighbour) {
    const Triangles one{{{2, 0, 1}}};
    EXPECT_EQ(edge_neighbours(one, 3), (Triangles{{{0, 0, 0}}}));
}
