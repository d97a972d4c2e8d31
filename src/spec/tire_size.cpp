#include "tractive/spec/tire_size.hpp"

#include <numbers>

namespace tractive {

double tire_radius_m(const TireSize& s) { return 0.5 * s.rim_diameter_m + s.width_m * s.aspect_ratio; }

WheelMassEstimate estimate_wheel_mass(const TireSize& s) {
    constexpr double kTireThickness_m = 0.05;
    constexpr double kTireDensity = 8e3;
    constexpr double kRimThickness_m = 0.01;
    constexpr double kRimDensity = 3e5;
    const double r_tire = tire_radius_m(s);
    const double r_rim = 0.5 * s.rim_diameter_m;
    const auto tube_mass = [&](double density, double thickness, double radius) {
        return density * std::numbers::pi * s.width_m * thickness * thickness * (2.0 * radius - thickness);
    };
    const double m_tire = tube_mass(kTireDensity, kTireThickness_m, r_tire);
    const double m_rim = tube_mass(kRimDensity, kRimThickness_m, r_rim);
    return {m_tire + m_rim, m_tire * r_tire * r_tire + m_rim * r_rim * r_rim};
}

}  // namespace tractive
