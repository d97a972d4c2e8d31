#include "tractive/spec/tyre_size.hpp"

#include <numbers>

namespace tractive {

double tyre_radius_m(const TyreSize& s) { return 0.5 * s.rim_diameter_m + s.width_m * s.aspect_ratio; }

WheelMassEstimate estimate_wheel_mass(const TyreSize& s) {
    constexpr double kTyreThickness_m = 0.05;
    constexpr double kTyreDensity = 8e3;
    constexpr double kRimThickness_m = 0.01;
    constexpr double kRimDensity = 3e5;
    const double r_tyre = tyre_radius_m(s);
    const double r_rim = 0.5 * s.rim_diameter_m;
    const auto tube_mass = [&](double density, double thickness, double radius) {
        return density * std::numbers::pi * s.width_m * thickness * thickness * (2.0 * radius - thickness);
    };
    const double m_tyre = tube_mass(kTyreDensity, kTyreThickness_m, r_tyre);
    const double m_rim = tube_mass(kRimDensity, kRimThickness_m, r_rim);
    return {m_tyre + m_rim, m_tyre * r_tyre * r_tyre + m_rim * r_rim * r_rim};
}

}  // namespace tractive
