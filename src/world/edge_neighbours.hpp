#pragma once
// A triangle mesh's edge neighbours (private to world/; mesh_ground.cpp): for each triangle and
// each of its edges (edge e from its vertex e to vertex e + 1), the triangle across that edge, or
// the triangle itself where none is. An edge shared by more than two triangles (non-manifold):
// each later triangle on it gets the first (lowest-numbered) one, and the first gets the last.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace tractive::detail {

// Vertex indices below vertex_count, three distinct ones a triangle. The edges are sorted by a
// counting sort on their lower vertex, then by a sort of each vertex's edges (time n log d, d the
// most edges at one vertex: about linear on a road's mesh), in three scratch arrays.
std::vector<std::array<std::uint32_t, 3>> edge_neighbours(std::span<const std::array<std::uint32_t, 3>> triangles,
                                                          std::size_t vertex_count);

}  // namespace tractive::detail
