#pragma once
// Grounds built in code for the tests: a plane as a grid of triangles, the analytic road's twin.

#include <cstdint>

#include "tractive/world/mesh_ground.hpp"

namespace tractive::test {

// A wheel of radius_m, 0.2 m wide, with its hub at `hub`, its axle along +y and the body upright.
inline WheelProbe wheel_at(const Vec3& hub, double radius_m = 0.3) {
    WheelProbe w;
    w.hub_m = hub;
    w.axle = {0.0, 1.0, 0.0};
    w.up = {0.0, 0.0, 1.0};
    w.radius_m = radius_m;
    w.width_m = 0.2;
    return w;
}

// The plane z = grade x + bank_slope y over [x0, x1] x [y0, y1], as a grid of cells of `cell_m`,
// two triangles each (alternating diagonals, so that neither direction is favoured).
inline TriangleMesh plane_grid(double x0, double x1, double y0, double y1, double cell_m, double grade = 0.0,
                               double bank_slope = 0.0) {
    TriangleMesh m;
    const auto nx = static_cast<std::uint32_t>((x1 - x0) / cell_m + 0.5);
    const auto ny = static_cast<std::uint32_t>((y1 - y0) / cell_m + 0.5);
    for (std::uint32_t j = 0; j <= ny; ++j) {
        for (std::uint32_t i = 0; i <= nx; ++i) {
            const double x = x0 + (x1 - x0) * i / nx, y = y0 + (y1 - y0) * j / ny;
            m.vertices_m.push_back({x, y, grade * x + bank_slope * y});
        }
    }
    const auto at = [&](std::uint32_t i, std::uint32_t j) { return j * (nx + 1) + i; };
    for (std::uint32_t j = 0; j < ny; ++j) {
        for (std::uint32_t i = 0; i < nx; ++i) {
            if ((i + j) % 2 == 0) {
                m.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
                m.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
            } else {
                m.triangles.push_back({at(i, j), at(i + 1, j), at(i, j + 1)});
                m.triangles.push_back({at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)});
            }
        }
    }
    return m;
}

}  // namespace tractive::test

#include "tractive/world/heightfield_ground.hpp"

namespace tractive::test {

// The same plane sampled on a grid of `spacing_m` from (x0, y0), columns x rows samples.
inline Heightfield plane_heightfield(double x0, double y0, std::uint32_t columns, std::uint32_t rows, double spacing_m,
                                     double grade = 0.0, double bank_slope = 0.0) {
    Heightfield f;
    f.columns = columns;
    f.rows = rows;
    f.origin_x_m = x0;
    f.origin_y_m = y0;
    f.spacing_x_m = f.spacing_y_m = spacing_m;
    for (std::uint32_t j = 0; j < rows; ++j)
        for (std::uint32_t i = 0; i < columns; ++i) f.heights_m.push_back(grade * (x0 + i * spacing_m) + bank_slope * (y0 + j * spacing_m));
    return f;
}

}  // namespace tractive::test
