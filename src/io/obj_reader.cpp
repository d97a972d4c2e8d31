#include "tractive/io/obj_reader.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

#include <fmt/format.h>

#include "tractive/core/number_text.hpp"
#include "tractive/io/load_error.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/spec/validate.hpp"

namespace tractive {

namespace {

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

}  // namespace

TriangleMesh parse_obj(std::string_view text, const std::string& file_label, const ObjOptions& options) {
    check_text(text, file_label);
    TriangleMesh mesh;
    mesh.surfaces.clear();
    std::map<std::string, std::uint32_t, std::less<>> surface_index;
    const auto surface_named = [&](std::string_view name) {
        const auto found = surface_index.find(name);
        if (found != surface_index.end()) return found->second;
        GroundSurface s;
        const auto given = options.surfaces.find(name);
        if (given != options.surfaces.end()) s = given->second;
        s.name = std::string(name);
        const auto index = static_cast<std::uint32_t>(mesh.surfaces.size());
        mesh.surfaces.push_back(s);
        surface_index.emplace(std::string(name), index);
        return index;
    };
    std::uint32_t current = surface_named("default");
    int line_number = 0;
    int first_line_of_statement = 0;
    std::string statement;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (statement.empty()) first_line_of_statement = line_number;
        if (!line.empty() && line.back() == '\\') {  // continued on the next line
            statement.append(line.substr(0, line.size() - 1)).push_back(' ');
            if (end == text.size()) break;
            continue;
        }
        statement.append(line);
        const std::string full = std::move(statement);
        statement.clear();
        const std::string_view body = std::string_view(full).substr(0, full.find('#'));
        const auto w = words(body);
        const SourceLocation at{file_label, first_line_of_statement};
        if (!w.empty() && w[0] == "v") {
            if (w.size() < 4) throw LoadError(at, "v", fmt::format("3 coordinates x y z, got {}", w.size() - 1));
            double c[3];
            for (int k = 0; k < 3; ++k) {
                const auto value = parse_finite_number(w[k + 1]);
                if (!value) throw LoadError(at, "v", fmt::format("a finite number for coordinate {}, got '{}'", k + 1, w[k + 1]));
                // Within the limits of a world (spec/validate.hpp, plausible::), as every ground's.
                if (const std::string problem = plausible::kWorldCoordinate.problem(*value); !problem.empty()) {
                    throw LoadError(at, "v", fmt::format("coordinate {}: {}", k + 1, problem));
                }
                c[k] = *value;
            }
            // y up: (x, y, z) -> (x, -z, y), a right-handed turn about x.
            mesh.vertices_m.push_back(options.up == UpAxis::Z ? Vec3{c[0], c[1], c[2]} : Vec3{c[0], -c[2], c[1]});
        } else if (!w.empty() && w[0] == "f") {
            if (w.size() < 4) throw LoadError(at, "f", fmt::format("at least 3 vertices, got {}", w.size() - 1));
            std::vector<std::uint32_t> corners;
            for (std::size_t k = 1; k < w.size(); ++k) {
                const std::string_view ref = w[k].substr(0, w[k].find('/'));
                const auto value = parse_finite_number(ref);
                const auto count = static_cast<double>(mesh.vertices_m.size());
                if (!value || *value != std::floor(*value) || *value == 0.0 || std::abs(*value) > count) {
                    throw LoadError(at, "f",
                                    fmt::format("a vertex index 1..{} (or -1..-{} from the last), got '{}'", mesh.vertices_m.size(),
                                                mesh.vertices_m.size(), w[k]));
                }
                corners.push_back(static_cast<std::uint32_t>(*value > 0.0 ? *value - 1.0 : count + *value));
            }
            for (std::size_t k = 1; k + 1 < corners.size(); ++k) {
                const Vec3& a = mesh.vertices_m[corners[0]];
                const Vec3 normal = cross(mesh.vertices_m[corners[k]] - a, mesh.vertices_m[corners[k + 1]] - a);
                if (!(norm(normal) > 0.0)) {
                    throw LoadError(at, "f", fmt::format("a face with area (triangle {} of it has none: repeated or collinear vertices)", k));
                }
                mesh.triangles.push_back({corners[0], corners[k], corners[k + 1]});
                mesh.surface_of_triangle.push_back(current);
            }
        } else if (!w.empty() && w[0] == "usemtl") {
            if (w.size() < 2) throw LoadError(at, "usemtl", "a material name");
            current = surface_named(w[1]);
        }
        if (end == text.size()) break;
    }
    if (mesh.triangles.empty()) throw LoadError({file_label, 0}, "f", "at least one face");
    return mesh;
}

TriangleMesh read_obj(const std::filesystem::path& path, const ObjOptions& options) {
    return parse_obj(read_text_file(path, kMaxMeshFileBytes, "an OBJ mesh"), path.string(), options);
}

}  // namespace tractive
