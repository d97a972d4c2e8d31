#include "tractive/world/road_builder.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include <fmt/format.h>

namespace tractive {

namespace {

struct Station {
    double x, y, z, heading, bank, width;
};

}  // namespace

TriangleMesh build_road_mesh(const RoadDescription& road) {
    if (road.sections.empty()) throw std::invalid_argument("road: expected at least one section");
    const auto positive = [](double v) { return v > 0.0 && std::isfinite(v); };
    if (!positive(road.width_m)) throw std::invalid_argument(fmt::format("road: width_m must be positive, got {}", road.width_m));
    if (!(road.verge_m >= 0.0 && std::isfinite(road.verge_m))) throw std::invalid_argument(fmt::format("road: verge_m must be >= 0, got {}", road.verge_m));
    if (!positive(road.step_m)) throw std::invalid_argument(fmt::format("road: step_m must be positive, got {}", road.step_m));
    const double max_bank = std::numbers::pi / 4.0;
    if (!(std::abs(road.start_bank_rad) < max_bank) || !(std::abs(road.start_grade) <= 1.0)) {
        throw std::invalid_argument("road: the start's bank must be within 45 degrees and its grade within [-1, 1]");
    }
    std::vector<Station> stations;
    Station at{road.start_x_m, road.start_y_m, road.start_z_m, road.start_heading_rad, road.start_bank_rad, road.width_m};
    double grade = road.start_grade;
    stations.push_back(at);
    std::size_t total = 0;
    for (std::size_t k = 0; k < road.sections.size(); ++k) {
        const RoadSection& sec = road.sections[k];
        const std::size_t number = k + 1;
        if (!positive(sec.length_m)) throw std::invalid_argument(fmt::format("road section {}: length_m must be positive, got {}", number, sec.length_m));
        if (!(std::abs(sec.bank_end_rad) < max_bank)) throw std::invalid_argument(fmt::format("road section {}: the bank must be within 45 degrees", number));
        if (!(std::abs(sec.grade_end) <= 1.0)) throw std::invalid_argument(fmt::format("road section {}: the grade must be within [-1, 1]", number));
        const double width_end = sec.width_end_m.value_or(at.width);
        if (!positive(width_end)) throw std::invalid_argument(fmt::format("road section {}: width_end_m must be positive", number));
        const double reach = 0.5 * std::max(width_end, at.width) + road.verge_m;
        if (sec.radius_m != 0.0 && !(std::abs(sec.radius_m) > reach)) {
            throw std::invalid_argument(fmt::format("road section {}: radius_m {} must exceed the half width plus verge, {} m", number, sec.radius_m, reach));
        }
        if (!std::isfinite(sec.radius_m)) throw std::invalid_argument(fmt::format("road section {}: radius_m must be finite", number));
        const auto n = static_cast<std::size_t>(std::ceil(sec.length_m / road.step_m));
        total += n;
        if (total > kMaxRoadStations) {
            throw std::invalid_argument(fmt::format("road: more than {} stations (length over step_m): expected a larger step_m or a shorter road", kMaxRoadStations));
        }
        const Station start = at;
        const double g0 = grade, g1 = sec.grade_end;
        for (std::size_t i = 1; i <= n; ++i) {
            const double s = sec.length_m * static_cast<double>(i) / static_cast<double>(n);
            Station p;
            if (sec.radius_m == 0.0) {
                p.heading = start.heading;
                p.x = start.x + s * std::cos(start.heading);
                p.y = start.y + s * std::sin(start.heading);
            } else {
                p.heading = start.heading + s / sec.radius_m;
                p.x = start.x + sec.radius_m * (std::sin(p.heading) - std::sin(start.heading));
                p.y = start.y - sec.radius_m * (std::cos(p.heading) - std::cos(start.heading));
            }
            p.z = start.z + g0 * s + (g1 - g0) * s * s / (2.0 * sec.length_m);
            p.bank = start.bank + (sec.bank_end_rad - start.bank) * s / sec.length_m;
            p.width = start.width + (width_end - start.width) * s / sec.length_m;
            stations.push_back(p);
        }
        at = stations.back();
        grade = g1;
    }
    TriangleMesh mesh;
    mesh.surfaces = {road.paved, road.verge};
    // Four edges a station, left to right: verge, road, road, verge.
    for (const Station& p : stations) {
        const double half = 0.5 * p.width;
        for (const double d : {half + road.verge_m, half, -half, -half - road.verge_m}) {
            mesh.vertices_m.push_back({p.x - d * std::sin(p.heading), p.y + d * std::cos(p.heading), p.z + d * std::tan(p.bank)});
        }
    }
    for (std::uint32_t k = 0; k + 1 < stations.size(); ++k) {
        for (std::uint32_t e = 0; e < 3; ++e) {
            const std::uint32_t a = 4 * k + e, b = a + 1, c = a + 5, d = a + 4;
            const std::uint32_t surface = e == 1 ? 0 : 1;
            if (road.verge_m == 0.0 && e != 1) continue;
            mesh.triangles.push_back({a, b, c});
            mesh.triangles.push_back({a, c, d});
            mesh.surface_of_triangle.push_back(surface);
            mesh.surface_of_triangle.push_back(surface);
        }
    }
    return mesh;
}

}  // namespace tractive
