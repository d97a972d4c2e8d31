#pragma once
// Wavefront OBJ geometry as a ground mesh (world/mesh_ground.hpp): vertices (`v x y z`, metres),
// faces (`f` with 3 or more vertices, each `i`, `i/t`, `i//n` or `i/t/n`, 1-based or negative
// from the end; polygons split into a fan of triangles) and their materials (`usemtl NAME`, one
// GroundSurface each, of the properties in `surfaces` by name or the default). Everything else
// (normals, texture coordinates, groups, smoothing, `mtllib`) is read past. Lines may end in `\`
// to continue.

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include "tractive/world/mesh_ground.hpp"

namespace tractive {

enum class UpAxis { Z, Y };  // the file's up axis; y up (most modelling tools) is turned to z up

struct ObjOptions {
    UpAxis up = UpAxis::Z;
    std::map<std::string, GroundSurface, std::less<>> surfaces;  // by material name
};

// Throws LoadError naming the file, the line and what was expected for a malformed number, an
// index out of range or of zero, a face with fewer than 3 vertices, a file with no faces, or a
// degenerate triangle.
TriangleMesh parse_obj(std::string_view text, const std::string& file_label, const ObjOptions& options = {});
TriangleMesh read_obj(const std::filesystem::path& path, const ObjOptions& options = {});

// Meshes are larger than car files.
inline constexpr std::size_t kMaxMeshFileBytes = 512u * 1024u * 1024u;

}  // namespace tractive
