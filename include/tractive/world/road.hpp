#pragma once
// The road: a plane with a constant grade and banking, and a surface friction factor that can
// change along the road (stretches) and differ between its left and right halves (split-mu).
//
// World axes: x along the road (forward at the start), y to the left, z up. The road surface is
// z = grade * x + tan(bank) * y: grade is rise over run (0.3 = 30 %, uphill when driving in
// +x), bank > 0 lifts the left side. Friction factor 1 is the surface the tyre data was fitted
// on (dry asphalt).

#include <string>
#include <string_view>
#include <vector>

#include "tractive/core/vec3.hpp"

namespace tractive {

struct FrictionStretch {
    double from_x_m = 0.0;  // stretch covers from_x_m <= x < to_x_m
    double to_x_m = 0.0;
    double mu_left = 1.0;   // friction factor where y >= 0
    double mu_right = 1.0;  // where y < 0
    friend bool operator==(const FrictionStretch&, const FrictionStretch&) = default;
};

struct RoadSpec {
    double grade = 0.0;
    double bank_rad = 0.0;
    double mu = 1.0;  // everywhere outside the stretches
    std::vector<FrictionStretch> stretches;  // later stretches win where they overlap
    friend bool operator==(const RoadSpec&, const RoadSpec&) = default;
};

double road_height_m(const RoadSpec& road, double x_m, double y_m);
Vec3 road_normal(const RoadSpec& road);  // unit, pointing up out of the surface
double road_friction(const RoadSpec& road, double x_m, double y_m);

// Parses the --road text of `tractive run` (docs/road.md): comma-separated items
//   flat                      (the default)
//   grade=0.3 | grade=30%     rise over run
//   bank=5                    degrees, left side up
//   mu=0.9                    friction factor everywhere
//   stretch=FROM:TO:MU        friction factor for FROM <= x < TO (metres)
//   split=FROM:TO:LEFT:RIGHT  split-mu stretch
// Throws std::invalid_argument naming the item and what was expected.
RoadSpec parse_road_spec(std::string_view text);

}  // namespace tractive
