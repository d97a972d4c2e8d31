#pragma once
// A road described the UC-win/Road way (seed 001 drives on such roads): a centreline of sections,
// each straight or a circular arc, with the grade and the crossfall (bank) changing linearly
// along it and a paved width with verges either side, turned into a triangle mesh ground. A
// grade that changes along a section is a vertical curve: a crest where it falls, a dip where it
// rises.
//
// Along a section of length L starting at s = 0 with heading psi0, grade g0 and bank b0:
//   heading psi(s) = psi0 + s / R (R > 0 bends left, R < 0 right, no R: straight),
//   x(s), y(s) the exact circle (or line), z(s) = z0 + g0 s + (g1 - g0) s^2 / (2 L),
//   bank b(s) = b0 + (b1 - b0) s / L, the cross-section at lateral offset d (+ = left) at
//   (x - d sin psi, y + d cos psi, z + d tan b): b > 0 raises the left edge (as RoadSpec's bank).

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "tractive/world/mesh_ground.hpp"

namespace tractive {

struct RoadSection {
    double length_m = 0.0;
    double radius_m = 0.0;      // 0: straight
    double grade_end = 0.0;     // rise over run at the section's end
    double bank_end_rad = 0.0;  // crossfall at the section's end, + = left edge up
    std::optional<double> width_end_m;
};

struct RoadDescription {
    double start_x_m = 0.0, start_y_m = 0.0, start_z_m = 0.0, start_heading_rad = 0.0;
    double start_grade = 0.0, start_bank_rad = 0.0;
    double width_m = 8.0;   // paved
    double verge_m = 4.0;   // each side, beyond the paved width
    double step_m = 1.0;    // mesh spacing along the centreline (at most)
    GroundSurface paved{"asphalt", 1.0, 1.0, 1.0};
    GroundSurface verge{"verge", 0.6, 0.8, 4.0};
    std::vector<RoadSection> sections;
};

// The most stations (cross-sections) a road may have: a million, 1,000 km at a 1 m step, six
// million triangles, built in about 3 s (Release, this project's machine). A fuzz build
// (FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, OSS-Fuzz's convention, set by TRACTIVE_BUILD_FUZZ)
// allows ten thousand: its coverage instrumentation makes the build about 40 times slower, and
// an input that takes seconds counts as a failure there (scripts/fuzz.sh's -timeout).
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
inline constexpr std::size_t kMaxRoadStations = 10'000;
#else
inline constexpr std::size_t kMaxRoadStations = 1'000'000;
#endif

// Throws std::invalid_argument naming the section (1-based) and what was expected: no sections,
// a length or width that is not positive, a radius smaller than the half width plus verge (the
// inside edge would fold over), a bank beyond 45 degrees, a grade beyond 1, more than
// kMaxRoadStations stations.
TriangleMesh build_road_mesh(const RoadDescription& road);

}  // namespace tractive
